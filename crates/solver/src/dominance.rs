//! Dominant cards: in Solitaire Harmony the exact search plays a card up at
//! once, and never takes it down again, when the cards that could ever want
//! it in the tableau can go up themselves (the dominance of lonelybot, a
//! Klondike solver).
//!
//! **The rule.** Suits pair by colour, and a card's *twin suit* is the other
//! suit of its colour. A card `c` of rank `r` is *dominant* when both suits
//! of the other colour are up to at least `r - 2` and its twin suit to at
//! least `r - 3`. The exact search plays every dominant card that fits its
//! foundation from a column's top or the waste as soon as it shows (like
//! the rules' automatic moves, which only send up dominant cards), and
//! never moves a dominant card down from a foundation. Call that the
//! *reduced game*. Dominance only grows with the foundations, and a card
//! one rank lower of the same suit is dominant when `c` is.
//!
//! **Why no win is lost.** Take a winning line of the full game from a
//! position `P` of the reduced game, and follow it from `P` in the reduced
//! game, keeping the invariant: the reduced position `Q` is `P`'s position
//! of the line with some set `D` of cards up in `Q` but not in `P`, each
//! dominant in `Q`, each lying in `P` on the talon or at the top of a
//! column with only cards of `D` on it. Then:
//! - a card `x` that fits on a card `d` of `D` (the other colour, one rank
//!   lower) is up in `Q` or fits its foundation there, and is dominant: the
//!   other colour is up to at least `r(d) - 2 = r(x) - 1` (`d`'s twin suit
//!   to `r(d) - 3`, `d`'s suit to `r(d)`), and `x`'s twin suit to at least
//!   `r(d) - 2`;
//! - while a card `d` is dominant in `Q`, the cards that make it so are
//!   dominant too (each suit it needs is up to a rank at which the cards of
//!   that suit are dominant by the same counts), so the reduced game never
//!   takes them down and `d` stays dominant.
//!
//! Each move of the line is then matched: a move of cards of `D` (up, or
//! onto another card) is skipped, and they stay in `D`; a run moved from a
//! column moves without its part in `D`, which lies on top of it; a run
//! put onto a card of `D` goes up instead, card by card from its top (by
//! the first point at most two cards are not already in `D`: the card that
//! fits on `d`, and one of `d`'s twin suit on it, whose suit is up to
//! `r(d) - 3`); a card the line takes down that is dominant in `Q` stays
//! up and joins `D` (it lies at the top of its column); any other move is
//! the same move in `Q` (a card that goes up in the line fits in `Q`, or
//! is in `D`; a card taken down is the top of its foundation in `Q`, since
//! a card above it would be dominant and then so would it; the talon
//! reaches the same cards with draw 1, less those of `D`). `Q` turns up
//! every card the line does, or earlier, and has every space it has. After
//! each move `Q` plays its dominant cards up, which joins them to `D`, and
//! every card the rules send up in the line is dominant in `Q`. So when the
//! line has every card up, so has `Q`.
//!
//! **With twins and pending cards.** Twin-equivalent positions (see
//! [`crate::twins`]) show the same cards with the same foundations, so
//! they force and forbid the same moves, and that argument goes through
//! in the reduced game. For a pending card `X` (see [`crate::pending`])
//! the postponed line must force and forbid what the original does, though
//! in it `X` is still in the talon or up, and the card `T` under `X` is
//! free. While `X` lies free on `T` in the reduced line it is not dominant
//! (it would have gone up, which ends the postponement). From the talon,
//! the foundations are the same in both lines, and if `T` were dominant
//! and fitted its foundation, `X` would be dominant and fit its own
//! (counting as above); a dominant waste card that `X`'s move uncovered
//! went up at once in the original line, and in the postponed one is
//! drawn to the top past `X` and goes up at the same point (draw 1 and
//! unlimited passes keep the talon's order and reach every card). From a
//! foundation, `X`'s suit is one higher in the postponed line; a card
//! dominant there but not in the original would need `X`'s suit at
//! exactly `r(X)`, and the counts that make it dominant make `X` dominant
//! in the original, which it is not; and `T` dominant in the postponed
//! line again makes `X` dominant in the original.
//!
//! **Where it applies.** Where twin keys do ([`crate::twins::prunable`]:
//! Solitaire Harmony, `pitchfork/partial-runs`, their cut-down decks) with
//! draw 1, in the exact search. Checked against plain search on cut-down
//! decks of both with the twin and pending reductions
//! (`tests/it/harmony_reductions.rs`), which fails at once if the other colour
//! may be three ranks below instead of two.

use patience_core::{Card, Move, MoveList, Pile, Position};

/// Whether the exact search from `root` may use dominance.
pub fn applies(root: &Position) -> bool {
    root.rules().draw == 1 && root.foundation_slots() == 4 && crate::twins::prunable(root)
}

/// Whether `card` is dominant in `pos` (see the module docs). Suits are
/// spades, hearts, diamonds, clubs: a suit's twin is `3 - suit`.
#[inline]
pub fn is_dominant(pos: &Position, card: Card) -> bool {
    let suit = card.suit().index() as usize;
    let (other_a, other_b) = if suit == 0 || suit == 3 { (1, 2) } else { (0, 3) };
    let rank = card.rank() as usize;
    rank <= pos.foundation_len(other_a).min(pos.foundation_len(other_b)) + 2 && rank <= pos.foundation_len(3 - suit) + 3
}

/// A move of `moves` (the legal moves of `pos`) that sends a dominant card
/// up from a column or the waste, if there is one.
#[inline]
pub(crate) fn forced_move(pos: &Position, moves: &MoveList) -> Option<Move> {
    moves.iter().copied().find(|&mv| match mv {
        Move::Transfer { from: from @ (Pile::Tableau(_) | Pile::Waste), to: Pile::AnyFoundation, .. } => {
            pos.available(from).is_some_and(|card| is_dominant(pos, card))
        }
        _ => false,
    })
}

/// Whether `mv`, a legal move of `pos`, takes a dominant card down.
#[inline]
pub(crate) fn comes_down(pos: &Position, mv: Move) -> bool {
    match mv {
        Move::Transfer { from: Pile::Foundation(slot), .. } => {
            pos.foundation_top(slot as usize).is_some_and(|card| is_dominant(pos, card))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use patience_core::{presets, Position};

    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// Foundations spades 4, hearts 3, diamonds 2, clubs 5.
    fn position() -> Position {
        let rules = presets::find("harmony").unwrap();
        Position::from_setup_with(rules, "f 4S 3H 2D 5C\nt1 KS").unwrap()
    }

    #[test]
    fn a_card_is_dominant_when_the_other_colour_is_two_below_and_its_twin_suit_three() {
        let pos = position();
        // Red cards: black suits up to 4, so up to rank 6 by the other
        // colour; 4H needs diamonds at 1 (they are at 2), 6H diamonds at 3.
        assert!(is_dominant(&pos, card("4H")));
        assert!(is_dominant(&pos, card("5H")));
        assert!(!is_dominant(&pos, card("6H")));
        assert!(is_dominant(&pos, card("3D")));
        assert!(!is_dominant(&pos, card("7D")));
        // Black cards: red suits up to 2, so up to rank 4 by the other colour.
        assert!(is_dominant(&pos, card("4S")));
        assert!(!is_dominant(&pos, card("5S")));
        assert!(is_dominant(&pos, card("4C")));
        assert!(!is_dominant(&pos, card("6C")));
    }
}
