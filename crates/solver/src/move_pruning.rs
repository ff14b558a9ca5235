//! Move pruning: the exact search leaves out a move that only leads, by
//! another order of the same moves, to a position it reaches anyway
//! (Burch and Holte's *move pruning*, here together with the duplicate
//! detection of a transposition table, which needs the order below).
//!
//! **Quiet moves.** A move is *quiet* when it takes a card (or a run) from
//! a column or the reserve onto another column (a card or a space) or up to
//! a foundation, sends no other card up by itself (as an Ace it turns up
//! does in Die Große Harfe), and the card it uncovers (if any) cannot go to
//! a foundation afterwards. Its *label* names it by cards, the same whichever
//! way the columns are ordered: the card that moves (the bottom one of a
//! run) and the target card, or "a space", or "up"; labels going up come
//! after all others. Two quiet moves are *independent* when they touch four
//! different piles (a move up counts only the pile it takes from), and,
//! where one goes up, the card the other uncovers is of another suit.
//!
//! **The rules.** At a node reached by a quiet step `l` after which no
//! safe move was played, a move `m` is left out when
//! 1. it moves again what `l` moved, from where `l` put it (the same cards
//!    in the same pile): the parent reaches the same position by one move,
//!    of the same label as `m` (the same cards onto the same target), or
//!    the parent itself when `m` takes them back where they came from (not
//!    when `l` turned a card up there); or
//! 2. it is a quiet move, not up, independent of `l`, with a label before
//!    `l`'s: the parent reaches the same position by `m` and then `l`.
//!
//! **The two orders meet.** Let `l` lead from the settled node `r` to `s`
//! with nothing settled, and `m` as in rule 2. No foundation changes but by
//! `l`, and not in the suit of the card `m` uncovers, so that card fits in
//! `r` exactly when it fits in `s`: not at all. `m`'s two piles are as they
//! were in `r`, so `m` is legal there, and uncovers a card that cannot go
//! up; every other card that shows in `r·m` showed in `r` with the same
//! foundations, and was not sent up then: nothing is settled. Then `l` is
//! legal in `r·m` (its piles are untouched; if it fills a space, `m` took
//! none of the space rules' room that `l` would need: a step never moves a
//! whole column into a space, so `l` added an occupied column in `s` and
//! `m` was legal after it). Both orders reach the same cards in the same
//! places, and nothing is settled after `l` in `r·m` either: every card
//! showing there shows in `s·m` or `s`, with the same foundations.
//!
//! **Why every position is still visited.** Claim: for every node `s` the
//! search expands and every move `m` legal in `s`, the position `s·m` is
//! expanded (up to the order of the columns, which no key sees). By
//! induction on `m`'s label from the last down, and for one label on the
//! depth of `s`. If `m` is a step of `s`, its position is expanded, or found
//! in the table, so expanded earlier. If rule 1 left it out, `s·m` is
//! the parent, or `r·m'` with `m'` of `m`'s label, one level up: by the
//! induction on depth. If rule 2 left it out, `m` is legal in the parent
//! `r`, so `r·m` is expanded (depth), and `l`, legal there with a later
//! label, leads to `s·m` (label). (The expanded copy of a position may have
//! its columns in another order; a label names the same move there, which
//! is why labels are cards, not column numbers.)
//!
//! So an exhausted search has expanded every position the full search
//! does: `Lost` stays a proof, and a par search still sees every position.
//!
//! **Where it applies.** The exact and par searches without twin keys or
//! pending cards (whose steps are not single moves), where no card goes up
//! by itself when a rank is complete (Harmony): Pitchfork, Harp, Die Große
//! Harfe and Lasker. It saves most where many quiet moves can be made side
//! by side, as in Pitchfork (Warfield), whose piles take any card and whose
//! moves are single cards.

use patience_core::{Card, Move, Pile, Position};

/// A quiet move (see the module docs): what the search remembers of the
/// step that reached a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Quiet {
    label: u16,
    from: Pile,
    to: Pile,
    count: u8,
    /// The card it sends up, for a move to a foundation.
    up: Option<Card>,
    /// Whether it turned a face-down card up.
    turned_up: bool,
}

/// The label's second byte for a move into a space.
const SPACE: u16 = 0xfe;
/// The label's first byte for a move up (after every card's byte).
const UP: u16 = 0xff00;

impl Quiet {
    /// The step `mv` that led from the settled position `parent` to `child`
    /// (before anything was settled there), if it is a quiet move.
    #[inline]
    pub fn of_step(parent: &Position, child: &Position, mv: Move) -> Option<Quiet> {
        let Move::Transfer { from, to, count } = mv else { return None };
        let (moved, uncovered) = (source(parent, from)?, source(child, from)?.last());
        let turned_up = matches!(from, Pile::Tableau(s) if child.face_down(s as usize) < parent.face_down(s as usize));
        // No card went up by itself (an Ace turned up, in Die Große Harfe),
        // and none can go up now.
        let up = usize::from(to == Pile::AnyFoundation);
        if child.cards_on_foundations() != parent.cards_on_foundations() + up
            || uncovered.is_some_and(|&c| child.foundation_for(c).is_some())
        {
            return None;
        }
        let card = moved[moved.len() - count as usize];
        let (label, up) = match to {
            Pile::Tableau(d) => (label(card, parent.column(d as usize).last()), None),
            Pile::AnyFoundation => (UP | card.to_u8() as u16, Some(card)),
            _ => return None,
        };
        Some(Quiet { label, from, to, count, up, turned_up })
    }

    /// Whether `mv`, a legal move of `pos`, a node reached by the quiet step
    /// `last` after which nothing was settled, is left out (see the module
    /// docs' rules).
    #[inline]
    pub fn prunes(last: Quiet, pos: &Position, mv: Move) -> bool {
        let Move::Transfer { from, to, count } = mv else { return false };
        // Rule 1: what `last` moved, moved on (back only if `last` turned no
        // card up).
        if from == last.to && count == last.count && (to != last.from || !last.turned_up) {
            return true;
        }
        // Rule 2: independent, and first by label.
        let Pile::Tableau(d) = to else { return false };
        if from == last.from || from == last.to || to == last.from || to == last.to {
            return false;
        }
        let Some(pile) = source(pos, from) else { return false };
        let n = count as usize;
        if label(pile[pile.len() - n], pos.column(d as usize).last()) >= last.label {
            return false;
        }
        match pile.len().checked_sub(n + 1).map(|i| pile[i]) {
            Some(uncovered) => {
                pos.foundation_for(uncovered).is_none() && last.up.is_none_or(|x| x.suit() != uncovered.suit())
            }
            None => true,
        }
    }
}

/// The cards of `from`, a column or the reserve (the piles a quiet move
/// takes from).
#[inline]
fn source(pos: &Position, from: Pile) -> Option<&[Card]> {
    match from {
        Pile::Tableau(s) => Some(pos.column(s as usize)),
        Pile::Reserve => Some(pos.reserve()),
        _ => None,
    }
}

/// The label of a move of `card` onto `target` (a space if `None`).
#[inline]
fn label(card: Card, target: Option<&Card>) -> u16 {
    (card.to_u8() as u16) << 8 | target.map_or(SPACE, |t| t.to_u8() as u16)
}
