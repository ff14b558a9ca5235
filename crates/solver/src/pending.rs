//! Pending cards: a card played to the tableau from the talon or from a
//! foundation must be built on at once.
//!
//! **The reduction.** With draw 1 and unlimited passes every talon card can be
//! reached at any time, and a foundation's top card can come down at any time
//! there is a place for it; such a card is worth putting on the tableau only
//! as something to build on. After the exact search plays a card `X` from
//! the talon or a foundation onto the tableau (and it stays there: it may go
//! back up by itself), `X` is *pending*, and the next step must *cover* it
//! (whatever other cards went up by themselves after the move: the next
//! step is the next move the player makes, and the argument below is about
//! those):
//! either put a card onto `X` (a run from the tableau, a talon card or a
//! foundation card, the last two pending in turn), or bring down the card of
//! `X`'s suit one rank below `X` from its foundation (pending in turn). The
//! position is a *pending node*, keyed apart from the same position reached
//! otherwise.
//!
//! **Why no win is lost.** Take a winning line that plays `X` from the talon
//! or a foundation onto `T` (a tableau card or a space) at some point, and
//! look for the first later move that touches `X`, or that takes the card
//! below `X` off its foundation. Until then nothing is put on `T` (it is
//! covered by `X`), and a run that carries `T` carries `X` along. Postpone
//! the move of `X` to just before that first move, playing every move in
//! between with `X` still where it came from:
//! - each stays legal: a run that carried `T` and `X` carries `T` alone (any
//!   run moves); the talon's other cards keep their order and are reached as
//!   before (draw 1, unlimited passes); only the foundation of `X`'s suit
//!   differs, by `X` itself, and the one move that could tell (taking the
//!   card below `X` down) ends the stretch;
//! - the automatic moves are the same. One from the talon is off the
//!   foundations either way. One from a foundation `X` of rank `r` would go
//!   straight back up while it lies free in the tableau once every card of
//!   rank `r - 1` is up, so within the stretch not all of rank `r - 1` are
//!   up, hence not all of rank `r` either, and no card of rank `r + 1` goes
//!   up by itself in the postponed line (where `X` is up); `T`, of rank
//!   `r + 1`, cannot go up by itself for the same reason (for a talon card,
//!   because `X` is not up).
//!
//! Now the first such move:
//! - a card or run put onto `X`: the move of `X` now comes right before it,
//!   as the reduction asks;
//! - the card below `X` taken down from its foundation: the move of `X`
//!   comes right before it, as the reduction allows;
//! - `X` moved on, alone, to another card or space: play it from where it
//!   came straight there instead (and postpone that in turn);
//! - `X` going to its foundation, by the player or by itself: from the talon,
//!   play it to the foundation instead; from a foundation, drop both moves.
//!   The automatic moves that follow end the same (they go on until no card
//!   qualifies, whatever the order);
//! - a run that carries `T` and `X`: it carries `T` alone, and the move of
//!   `X` is postponed further, onto `T` where it now lies.
//!
//! Every card goes up in a won line and the line is finite, so each
//! postponement ends. Applied to every such move, the line becomes one that
//! the reduced search contains.
//!
//! **With the twin reduction** of [`crate::twins`]: first turn the winning
//! line into one without twin moves made alone (the twin argument gives
//! one from the same position, twin moves only together with the foundation
//! move of the card they uncover), then postpone as above. Postponing adds
//! no twin move: a run that carried `T` and `X` is still the same kind of
//! move without `X`, and `X` moved on alone from `T` to `T`'s twin was a
//! twin move, so it came with `T` going up, which stays legal (`T` is
//! free) while `X` is played later straight onto the twin. So the covers of
//! a pending card are, as everywhere, moves other than twin moves, or a
//! twin move with its foundation move; the search offers no more. The
//! counterparts the twin argument needs from another member of a class
//! keep a pending card pending: a move onto `X` is the same move (`X` is
//! free in every member), and a move onto a covered twin becomes one onto
//! the other twin.
//!
//! **Where it applies.** Where [`crate::twins::prunable`] holds (Solitaire
//! Harmony and cut-down decks of it), with draw 1 and unlimited passes.

use patience_core::rules::Passes;
use patience_core::{Card, Move, Pile, Position};

/// Whether the exact search from `root` may use pending nodes.
pub fn prunable(root: &Position) -> bool {
    let rules = root.rules();
    rules.draw == 1
        && rules.passes == Passes::Unlimited
        && rules.deal_face == patience_core::rules::DealFace::TopCardUp
        && crate::twins::prunable(root)
}

/// The card `mv`, a legal move of `pos`, plays onto the tableau from the
/// talon or a foundation, if it does.
#[inline]
pub(crate) fn played_card(pos: &Position, mv: Move) -> Option<Card> {
    match mv {
        Move::Transfer { from: Pile::Waste, to: Pile::Tableau(_), .. } => pos.waste().last().copied(),
        Move::Transfer { from: Pile::Foundation(slot), to: Pile::Tableau(_), .. } => pos.foundation_top(slot as usize),
        _ => None,
    }
}

/// Whether `mv`, a legal move of `pos`, covers the pending card `x` (the
/// top card of its column): puts a card onto `x`, or brings the card below
/// `x` down from its foundation. A pending node makes no other step.
#[inline]
pub(crate) fn covers(pos: &Position, mv: Move, x: Card) -> bool {
    match mv {
        Move::Transfer { from: Pile::Foundation(slot), .. }
            if pos.foundation_top(slot as usize).is_some_and(|e| e.same_suit(x) && e.rank() + 1 == x.rank()) =>
        {
            true
        }
        Move::Transfer { to: Pile::Tableau(d), .. } => pos.column(d as usize).last() == Some(&x),
        _ => false,
    }
}

/// Whether `mv`, which played `x` onto the tableau, left `x` pending:
/// still where it was played in `child`, the position after `mv` (it may
/// have gone up by itself). Then `child` is a pending node.
#[inline]
pub(crate) fn left_pending(child: &Position, mv: Move, x: Card) -> bool {
    matches!(mv, Move::Transfer { to: Pile::Tableau(d), .. } if child.column(d as usize).last() == Some(&x))
}

/// Whether a pending node with pending card `x` (the top of its column)
/// has a step at all: a card that builds on `x` lies on a foundation, in the
/// talon, or face up in the tableau where moving it (with what lies on it)
/// is no twin move left out, or the card below `x` tops its foundation. A
/// pending node without one is a dead end; the search leaves it at once,
/// unstored (on lost Harmony deals such dead ends are many, and each would
/// otherwise cost a key and a table entry).
#[inline]
pub(crate) fn can_be_covered(pos: &Position, x: Card) -> bool {
    let rules = pos.rules();
    let fits = |c: Card| rules.builds_on(c, x);
    let below = |c: Card| c.same_suit(x) && c.rank() + 1 == x.rank();
    (0..pos.foundation_slots()).filter_map(|slot| pos.foundation_top(slot)).any(|top| fits(top) || below(top))
        || pos.waste().iter().chain(pos.stock()).any(|&c| fits(c))
        || (0..pos.column_count()).any(|c| {
            let up = pos.face_up(c);
            // The twin rule (see `twins::classify`): a run led by a card
            // that is not its column's lowest face-up one moves only when
            // the card it leaves can go up.
            (0..up.len()).any(|i| fits(up[i]) && (i == 0 || pos.foundation_for(up[i - 1]).is_some()))
        })
}

/// The transposition-table key of a pending node: the key of its position
/// with the pending card mixed in, so that a pending node and the same
/// position reached otherwise are told apart.
#[inline]
pub(crate) fn node_key(position_key: u128, x: Card) -> u128 {
    const SALT: u128 = 0x9d2c_5680_a3b1_47e9_6e5f_12c4_0b7d_83a1;
    position_key ^ SALT.wrapping_mul(x.to_u8() as u128 + 1)
}
