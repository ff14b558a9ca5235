//! Moves that happen by themselves: Harmony's automatic moves (part of
//! its rules), and the optional safe auto-move of the other games.

use super::Position;
use crate::card::{Card, Suit};
use crate::moves::{Move, Pile};
use crate::rules::*;

impl Position {
    /// The automatic move the rules make next, if any.
    pub fn forced_move(&self) -> Option<Move> {
        let rules = self.rules;
        if rules.auto_moves == AutoMoves::None || self.base == 0 {
            return None;
        }
        // A card goes up by itself only onto a foundation that is no higher
        // than every other one, so it must be the next card of a lowest one.
        let slots = rules.foundation_count().min(MAX_FOUNDATIONS);
        let lowest = self.foundations[..slots].iter().copied().min().unwrap_or(0);
        if lowest >= rules.ranks {
            return None;
        }
        let wanted = self.foundation_rank(lowest + 1);
        let goes_up = |card: Card| {
            let suit = card.suit().index() as usize;
            card.rank() == wanted
                && (self.foundations[suit] == lowest || (slots > 4 && self.foundations[suit + 4] == lowest))
        };
        for col in 0..self.column_count().min(MAX_COLUMNS) {
            let len = self.len[col] as usize;
            if len > 0 && goes_up(self.columns[col][len - 1]) {
                return Some(Move::to_foundation(Pile::Tableau(col as u8)));
            }
        }
        if self.waste().last().is_some_and(|&card| goes_up(card)) {
            return Some(Move::to_foundation(Pile::Waste));
        }
        if self.reserve().last().is_some_and(|&card| goes_up(card)) {
            return Some(Move::to_foundation(Pile::Reserve));
        }
        None
    }

    /// A move to a foundation that can never hurt, for the optional safe
    /// auto-move of games whose rules make no automatic moves: the card's
    /// foundation takes it and no card still in play could ever be built on
    /// it. None for Harmony (its own automatic moves rule), where foundation
    /// cards may come back, while the player has yet to choose the base, and
    /// where the tableau also builds upward.
    pub fn safe_foundation_move(&self) -> Option<Move> {
        let sources = (0..self.column_count() as u8).map(Pile::Tableau).chain([Pile::Waste, Pile::Reserve]);
        sources.into_iter().find(|&pile| self.is_safe_foundation_move(pile)).map(Move::to_foundation)
    }

    /// Whether sending the available card of `from` (a column, the waste or
    /// the reserve) to its foundation can never spoil a win: the rule behind
    /// [`Position::safe_foundation_move`], which the solver also plays
    /// without branching (its proof is in the solver's `safe` module). A
    /// waste card only with draw 1: with larger draws taking one regroups
    /// the later draws, which can keep another card from ever showing.
    pub fn is_safe_foundation_move(&self, from: Pile) -> bool {
        let rules = self.rules;
        if rules.auto_moves != AutoMoves::None || rules.foundation_to_tableau || self.base == 0 {
            return false;
        }
        let allowed = match from {
            Pile::Tableau(_) | Pile::Reserve => true,
            Pile::Waste => rules.draw == 1,
            _ => false,
        };
        allowed
            && self.available(from).is_some_and(|card| {
                self.fits_foundation(self.foundation_accepts(), card) && self.nothing_builds_on(card)
            })
    }

    /// Whether every card that the tableau rule lets onto `card` is already
    /// on a foundation (or does not exist).
    pub(super) fn nothing_builds_on(&self, card: Card) -> bool {
        let rules = self.rules;
        if rules.build_wrap || rules.build == Build::UpOrDownBySuit {
            return false;
        }
        let below = card.rank() - 1;
        if below == 0 {
            return true;
        }
        // How many cards a foundation holds once it has reached `below`.
        let reach = (below + rules.ranks - self.base) % rules.ranks + 1;
        (0..rules.foundation_count()).all(|slot| {
            let suit = Suit::from_index(slot as u8);
            let could_build = match rules.build {
                Build::DownAlternateColours => suit.is_red() != card.is_red(),
                _ => suit == card.suit(),
            };
            !could_build || self.foundations[slot] >= reach
        })
    }

    /// Whether, in a position that was settled before `mv`, the move can
    /// have made an automatic move due. Only a move that changes the
    /// foundations can make other cards due; any other move can only have
    /// made the card it uncovered due. Saves a full scan on most moves.
    #[inline]
    pub(super) fn may_have_set_off_automatic_moves(&self, mv: Move) -> bool {
        let uncovered = match mv {
            Move::Draw => Pile::Waste,
            Move::Redeal => return false,
            Move::Transfer { from: Pile::Foundation(_), .. } | Move::Transfer { to: Pile::Foundations, .. } => {
                return true
            }
            Move::Transfer { from, .. } => from,
        };
        self.available(uncovered).is_some_and(|card| {
            let slots = self.rules.foundation_count().min(MAX_FOUNDATIONS);
            let lowest = self.foundations[..slots].iter().copied().min().unwrap_or(0);
            lowest < self.rules.ranks && card.rank() == self.foundation_rank(lowest + 1)
        })
    }

    /// Makes every automatic move the rules call for.
    pub(super) fn settle(&mut self, automatic: &mut impl FnMut(Move)) {
        if self.rules.auto_moves == AutoMoves::None {
            return;
        }
        while let Some(mv) = self.forced_move() {
            if let Move::Transfer { from, to, count } = mv {
                self.transfer(from, to, count);
            }
            automatic(mv);
        }
    }
}
