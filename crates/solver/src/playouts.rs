//! Random playouts for the unit tests of the keys: every position along
//! seeded random games from a root, to check what a key tells apart.

use patience_core::{MoveList, Position};

/// Calls `visit` with every position of `games` random games of at most
/// `length` moves from `root` (the root included each time), the moves
/// drawn by an xorshift generator from `seed`.
pub(crate) fn each_position(
    root: &Position,
    games: usize,
    length: usize,
    seed: &mut u64,
    mut visit: impl FnMut(&Position),
) {
    let mut moves = MoveList::new();
    for _ in 0..games {
        let mut pos = root.clone();
        for _ in 0..length {
            visit(&pos);
            moves.clear();
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            pos.play_unchecked(moves[(*seed % moves.len() as u64) as usize]);
        }
    }
}
