//! Random playouts for the unit tests of the keys: every position along
//! seeded random games from a root, to check what a key tells apart.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use patience_core::{MoveList, Position};

/// Two keys of the same positions, checked to split them alike: each value
/// of one key goes with a single value of the other, both ways round.
pub(crate) struct SameSplit<A, B> {
    by_a: HashMap<A, B>,
    by_b: HashMap<B, A>,
}

impl<A: Hash + Eq + Copy + Debug, B: Hash + Eq + Copy + Debug> SameSplit<A, B> {
    pub fn new() -> SameSplit<A, B> {
        SameSplit { by_a: HashMap::new(), by_b: HashMap::new() }
    }

    /// Records that one position has keys `a` and `b`; panics, naming
    /// `what`, if either was seen before with another partner.
    #[track_caller]
    pub fn check(&mut self, a: A, b: B, what: impl std::fmt::Display) {
        assert_eq!(*self.by_a.entry(a).or_insert(b), b, "{what}: one first key, two second keys");
        assert_eq!(*self.by_b.entry(b).or_insert(a), a, "{what}: one second key, two first keys");
    }
}

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
