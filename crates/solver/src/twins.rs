//! Twin moves: the partial run moves of Klondike-like games, and why the
//! exact search may key positions up to them and leave most of them out.
//!
//! **Twins.** With one deck and building down in alternating colours, a card
//! of rank `k` fits on exactly two cards: the two of rank `k + 1` in the
//! other colour. Call those two *twins*. A *twin move* takes a run whose
//! bottom card `c` lies on a face-up card `A` and moves it onto `A`'s twin `B`,
//! the top card of another column. When every face-up part of a column is a
//! correctly built run and only Kings fill spaces, every partial run move (a
//! run that is not the column's whole face-up part) is a twin move: `c` lies
//! on a card it fits, and the only other card it fits is the twin.
//!
//! **The reduction.** The exact search keys positions up to *twin swaps*
//! (`key::twin_canonical`): two positions share a key when they
//! are the same except that the cards lying on two face-up twins `A` and `B`
//! (the whole part of each column above them, possibly nothing) are
//! exchanged. It makes no twin move on its own; a twin move whose uncovered
//! card may go to its foundation is made together with that foundation move,
//! as one step, and other twin moves are left out.
//!
//! **Why no win is lost.** Call such positions *twin-equivalent*.
//! 1. Twin-equivalent positions with both parts non-empty offer the same
//!    moves, one for one, each leading to twin-equivalent positions: a move
//!    inside either part, or onto its top, is the same move in the other
//!    column; `A` (or `B`) moves with whatever lies on it, from the same
//!    place, uncovering the same card; nothing can be put on `A` or `B`
//!    (both covered), and neither may go up. The engine's automatic moves
//!    (a rank goes up once every card one rank lower is up) see the same
//!    available cards. A won position has no tableau, so it is only
//!    equivalent to itself.
//! 2. When one part is empty (`A` free, the run `S` on `B`), the two positions
//!    are one twin move apart both ways, so they share a verdict. The free
//!    twin never goes up by itself: the bottom card of `S`, one rank lower,
//!    is still in the tableau.
//!
//! So a twin move never leaves its class, and every move of any member of a
//! class has a counterpart among the steps of any other member that reaches
//! a twin-equivalent position: the same move; a move onto the other twin
//! (where the target is covered here); a twin's whole part moved instead of
//! the twin alone (the results differ only in which twin carries the run);
//! or, for a free twin going up where that twin is covered here, the twin
//! move that uncovers it together with its foundation move, which is the
//! one compound step kept. For a winnable position count the fewest
//! class-changing moves on the way to a win; by the counterparts it is the
//! same for all members of a class. Among the classes the search expands,
//! take a winnable one with the fewest such moves, `n > 0`: some member has
//! a class-changing move down to `n - 1`, so the expanded member has a step
//! into a class with `n - 1`, which the search also expands, contradicting
//! the choice. So the search reaches a win whenever the full search does,
//! and a `Lost` stays a proof.
//!
//! **Where it applies.** One deck, building down in alternating colours
//! without wrapping, any run moves, only Kings fill spaces, no reserve,
//! foundations from the Ace without wrapping: Solitaire Harmony,
//! `pitchfork/partial-runs`, and cut-down decks of them. (Where only whole
//! runs move, as in Pitchfork's other variants, there are no partial run
//! moves to leave out.) With the top card dealt face up, the face-up parts
//! must be correct runs at the root (they then stay so: cards are only ever
//! added by building, and a turned-up card starts a new part); a setup that
//! breaks this is searched in full. Where every card is dealt face up, a
//! column's *part* is its top run (the correctly built cards at its top,
//! as far as they go): the cards under it never move before it has left,
//! exactly like face-down cards, and a card on a twin in a top run is
//! built on it, so the argument above holds word for word. A twin lying
//! under the top run of its column is not in a part, and nothing swaps
//! with it. With two decks a rank has four cards
//! per colour and a partial move need not be a twin move: pruning them
//! fails the cross-check against plain search on a cut-down Harp.

use patience_core::rules::{Build, DealFace, FoundationBase, RunMoves, Space};
use patience_core::{Move, Pile, Position, Rules};

/// Whether the rules are of the kind the proof above covers.
pub fn rules_qualify(rules: &Rules) -> bool {
    rules.decks == 1
        && rules.build == Build::DownAlternateColours
        && !rules.build_wrap
        && rules.run_moves == RunMoves::AnyRun
        && rules.space == Space::KingOnly
        && rules.reserve == 0
        && rules.foundation_base == FoundationBase::Ace
        && !rules.foundation_wrap
}

/// Whether the exact search from `root` may leave out twin moves (see the
/// module docs): the rules qualify, and with face-down cards every face-up
/// part is a correct run.
pub fn prunable(root: &Position) -> bool {
    let rules = root.rules();
    rules_qualify(rules)
        && (rules.deal_face == DealFace::AllUp
            || (0..root.column_count()).all(|c| root.face_up(c).windows(2).all(|w| rules.builds_on(w[1], w[0]))))
}

/// What a tableau move is, for the exact search where [`prunable`] holds.
pub(crate) enum TwinMove {
    /// Not a twin move (a whole top run, or not a tableau-to-tableau move).
    NotTwin,
    /// A twin move whose uncovered card may not go up: left out.
    Idle,
    /// A twin move whose uncovered card may go up: made together with that
    /// foundation move, as one step.
    Uncovers(Move),
}

/// Classifies `mv`, a legal move of `pos`.
#[inline]
pub(crate) fn classify(pos: &Position, mv: Move) -> TwinMove {
    let Move::Transfer { from: from @ Pile::Tableau(s), to: Pile::Tableau(_), count } = mv else {
        return TwinMove::NotTwin;
    };
    let s = s as usize;
    let count = count as usize;
    if count >= pos.run_len(s) {
        return TwinMove::NotTwin;
    }
    let column = pos.column(s);
    let uncovered = column[column.len() - 1 - count];
    // The twin move changes no foundation, so the uncovered card fits its
    // foundation afterwards exactly when it fits now.
    match pos.foundation_for(uncovered) {
        Some(_) => TwinMove::Uncovers(Move::to_foundation(from)),
        None => TwinMove::Idle,
    }
}
