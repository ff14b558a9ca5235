//! Move ordering: the order in which the search tries a node's steps.
//!
//! Depth-first search finds a win sooner the sooner it tries the right
//! move, so each step gets a static score by the kind of move it makes (a
//! fixed priority of move categories, not learned during the search: no
//! history or killer heuristic) and the steps are tried highest first:
//! - foundation moves first, those that turn up a face-down card first of
//!   all (the column with the most face-down cards first);
//! - tableau moves that turn up a face-down card (the most face-down cards
//!   first);
//! - waste and reserve plays (the fewer draws the better);
//! - moves of a whole column onto another column, then other tableau moves;
//!   where every card shows (one deck, foundations from Ace: Pitchfork),
//!   those uncovering the card needed soonest on the foundations first,
//!   and those covering it last;
//! - moves off the foundations last, and a whole column into a space (it
//!   only renames columns) after everything.
//!
//! **Ordering noise** perturbs this order with a pseudo-random nudge per
//! step (SplitMix64): up to [`NOISE`] in the win-finding passes' randomized
//! restarts, which mostly reorders moves of one kind, and up to
//! [`LINE_NOISE`] in the exact search's forked lines, which mixes the kinds.

use patience_core::deal::SplitMix64;
use patience_core::{Move, Pile, Position};

use crate::step::Step;

/// The largest nudge to a move's ordering score; categories of moves are
/// further apart than this, so it mostly reorders moves of one kind.
pub(crate) const NOISE: u64 = 700;

/// The largest nudge in the exact search's forked lines: enough to mix the
/// kinds of moves, so that a line starts somewhere else entirely.
pub(crate) const LINE_NOISE: u64 = 5_000;

/// The score of a twin move made together with the foundation move of the
/// card it uncovers (see [`crate::twins`]): a foundation move's.
pub(crate) const TWIN_UP: i16 = 10_000;

/// The score of `draws` stock moves after which a card went up by itself
/// (automatic moves).
pub(crate) fn draws_sending_up(draws: u16) -> i16 {
    9000 - counted_draws(draws)
}

/// `draws` as scores count them: at most 1,000, so that every score fits
/// the 16 bits a step keeps it in.
fn counted_draws(draws: u16) -> i16 {
    draws.min(1000) as i16
}

/// The ordering score of `mv`, made in `pos` after `draws` stock moves:
/// higher first.
pub(crate) fn score(pos: &Position, mv: Move, draws: u16) -> i16 {
    let Move::Transfer { from, to, count } = mv else { return 0 };
    let draws = counted_draws(draws);
    match (from, to) {
        (Pile::Tableau(s), Pile::AnyFoundation) => {
            let s = s as usize;
            let uncovers = pos.face_up(s).len() == 1 && pos.face_down(s) > 0;
            10_000 + if uncovers { 100 + pos.face_down(s) as i16 } else { 0 }
        }
        (_, Pile::AnyFoundation) => 9_500 - draws,
        (Pile::Tableau(s), Pile::Tableau(d)) => {
            let s = s as usize;
            let whole = count as usize == pos.face_up(s).len();
            match (whole, pos.face_down(s)) {
                (true, fd) if fd > 0 => 8_000 + fd as i16,
                // Moving a whole column into a space only renames columns.
                (true, _) if pos.column(d as usize).is_empty() => -1_000,
                (true, _) => 6_000,
                (false, 0) if urgency_applies(pos) => {
                    let column = pos.column(s);
                    let left = &column[..column.len() - count as usize];
                    2_000 + 8 * (13 - soonest(pos, left)) - 4 * (13 - soonest(pos, pos.column(d as usize)))
                }
                _ => 2_000,
            }
        }
        (Pile::Waste | Pile::Reserve, _) => 7_000 - draws,
        (Pile::Foundation(_), _) => 0,
        _ => 1_000,
    }
}

/// Whether tableau moves are ordered by the urgency of the cards they
/// uncover and cover: one deck, every card face up, foundations from Ace.
fn urgency_applies(pos: &Position) -> bool {
    let rules = pos.rules();
    rules.decks == 1
        && rules.deal_face == patience_core::rules::DealFace::AllUp
        && rules.foundation_base == patience_core::rules::FoundationBase::Ace
}

/// How many cards must go up before the soonest of `cards` can (13 for none).
fn soonest(pos: &Position, cards: &[patience_core::Card]) -> i16 {
    cards.iter().map(|c| c.rank() as i16 - 1 - pos.foundation_len(c.suit().index() as usize) as i16).min().unwrap_or(13)
}

/// Orders `steps` best first, after nudging each score by up to
/// `magnitude` drawn from `noise` (advanced as it is used; 0: no nudge).
pub(crate) fn order(steps: &mut [Step], noise: &mut u64, magnitude: u64) {
    if *noise != 0 {
        for step in steps.iter_mut() {
            *noise = splitmix(*noise);
            step.score += (*noise % magnitude) as i16;
        }
    }
    steps.sort_by_key(|s| std::cmp::Reverse(s.score));
}

/// The next ordering noise after `state`: the engine's SplitMix64 seeded
/// with it, its first output kept odd so that the noise never becomes 0
/// (which means "no noise").
fn splitmix(state: u64) -> u64 {
    SplitMix64::new(state).next_u64() | 1
}
