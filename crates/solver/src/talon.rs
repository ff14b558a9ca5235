//! Talon cards go to the tableau only to be built on at once.
//!
//! **The reduction.** With draw 1 and unlimited passes every talon card can be
//! reached at any time, so a talon card is worth putting on the tableau only
//! as something to build on. After the exact search plays a talon card `X`
//! onto the tableau, the next step must put a card onto `X`: a run from the
//! tableau, a card from a foundation, or another talon card (which then must
//! be covered in turn). Such a position is a *pending* node, keyed apart from
//! the same position reached otherwise.
//!
//! **Why no win is lost.** Take a winning line that plays `X` from the talon
//! onto `T` (a tableau card or a space) at some point, and look for the first
//! later move that touches `X`. Until then nothing is put on `T` (it is
//! covered by `X`), and a run that carries `T` carries `X` along. Postpone the
//! talon move to just before that first move, playing every move in between
//! with `X` still in the talon: each stays legal, a run that carried `T` and
//! `X` carries `T` alone (any run moves), and the talon's other cards keep
//! their order and are reached as before (draw 1, unlimited passes). The
//! automatic moves are the same, since `X` is off the foundations either way,
//! and `T` cannot go up by itself while `X`, one rank lower, is not up. Now
//! the first move touching `X`:
//! - a card or run put onto `X`: the talon move now comes right before it,
//!   as the reduction asks;
//! - `X` moved on, alone, to another card or space: play it from the talon
//!   straight there instead (and postpone that in turn);
//! - `X` going to its foundation, by the player or by itself: play it from
//!   the talon to the foundation instead (the automatic moves that follow
//!   are the same);
//! - a run that carries `T` and `X`: it carries `T` alone, and the talon move
//!   is postponed further, onto `T` where it now lies.
//!
//! Every card goes up in a won line, so each postponement ends. Applied to
//! every talon-to-tableau move, the line becomes one in which each such move
//! is followed by a move onto the card it played, a line the reduced search
//! contains. The steps that replace a move are each of a kind the search
//! keeps, and none of this touches which twin carries a run, so it combines
//! with the twin reduction of [`crate::twins`] (whose counterparts of a move
//! onto `X` are moves onto `X`, since `X` is free in every member of the
//! class). A pending node also lets a twin move onto `X` be made alone.
//!
//! **Where it applies.** Where [`crate::twins::prunable`] holds (Solitaire
//! Harmony and cut-down decks of it), with draw 1 and unlimited passes.

use patience_core::rules::Passes;
use patience_core::{Card, Move, Pile, Position};

/// Whether the exact search from `root` may use pending nodes.
pub(crate) fn applies(root: &Position) -> bool {
    let rules = root.rules();
    rules.draw == 1 && rules.passes == Passes::Unlimited && crate::twins::prunable(root)
}

/// Whether `mv`, a legal move of `pos`, puts a card onto `x` (the top card
/// of its column).
#[inline]
pub(crate) fn covers(pos: &Position, mv: Move, x: Card) -> bool {
    match mv {
        Move::Transfer { to: Pile::Tableau(d), .. } => pos.column(d as usize).last() == Some(&x),
        _ => false,
    }
}

/// Mixes the pending card into a position's key, so that a pending node and
/// the same position reached otherwise are told apart.
#[inline]
pub(crate) fn pending_key(key: u128, x: Card) -> u128 {
    const SALT: u128 = 0x9d2c_5680_a3b1_47e9_6e5f_12c4_0b7d_83a1;
    key ^ SALT.wrapping_mul(x.to_u8() as u128 + 1)
}
