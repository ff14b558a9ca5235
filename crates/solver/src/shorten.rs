//! Shorter solutions: a depth-first search returns the line it happened to
//! walk, detours included (a card moved away and back, a run shuffled
//! between columns before the move that mattered). [`shorten`] cuts such
//! detours out of a winning line, for people to read.
//!
//! It replays the line, remembers the position after every move, and then
//! walks it again from the start: from each position it plays every legal
//! move and jumps to the latest position of the line that move reaches (or
//! straight to the end, when the move wins). Positions are compared in
//! full, columns in place, so the moves after a jump mean what they meant
//! before. The result is replayed through the engine before it is
//! returned; should it not win, or not be shorter, the line comes back as
//! it was.

use std::collections::HashMap;

use patience_core::{Move, MoveList, Position};

/// Lines longer than this are returned as they are: the walk costs a move
/// generation and a play of every legal move for each position.
pub const MAX_LINE: usize = 300_000;

/// A line from `pos` that wins and is at most as long as `moves` (which
/// must win from `pos`); see the module docs.
pub fn shorten(pos: &Position, moves: &[Move]) -> Vec<Move> {
    if moves.len() > MAX_LINE {
        return moves.to_vec();
    }
    let mut line = Vec::with_capacity(moves.len() + 1);
    let mut at = pos.clone();
    line.push(at.clone());
    for &mv in moves {
        if at.play(mv).is_err() {
            return moves.to_vec();
        }
        line.push(at.clone());
    }
    if !at.is_won() {
        return moves.to_vec();
    }
    // The latest index of each position (the engine's own equality).
    let latest: HashMap<&Position, usize> = line.iter().enumerate().map(|(i, p)| (p, i)).collect();
    let end = moves.len();
    let mut short = Vec::new();
    let mut i = latest[&line[0]];
    let mut legal = MoveList::new();
    while i < end {
        let (mut to, mut by) = (i + 1, moves[i]);
        legal.clear();
        line[i].generate_moves(&mut legal);
        for &mv in &legal {
            let mut next = line[i].clone();
            next.play_unchecked(mv);
            let j = if next.is_won() { end } else { latest.get(&next).copied().unwrap_or(0) };
            if j > to {
                (to, by) = (j, mv);
            }
        }
        short.push(by);
        i = if to == end { end } else { latest[&line[to]] };
    }
    match crate::replays_to_win(pos, &short) {
        Ok(true) if short.len() <= moves.len() => short,
        _ => moves.to_vec(),
    }
}
