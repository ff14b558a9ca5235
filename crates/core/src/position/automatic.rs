//! Moves that happen by themselves: the rules' automatic moves (Harmony's
//! cards no longer needed, Die Große Harfe's Aces), and the optional safe
//! auto-move of the games that do not send every such card up themselves.

use super::Position;
use crate::card::{Card, Suit};
use crate::moves::{Move, Pile};
use crate::rules::*;

/// Which available cards the rules send up by themselves in one position.
#[derive(Copy, Clone, Debug)]
enum Due {
    /// Harmony: cards of `rank` onto a foundation holding `lowest` cards,
    /// the fewest of any (a card goes up by itself only onto a foundation
    /// no higher than every other one, so it is the next card of a lowest).
    NextOfLowest { rank: u8, lowest: u8 },
    /// Die Große Harfe: every Ace.
    Aces,
}

impl Position {
    /// What the rules' automatic moves take now; `None` if nothing can be due.
    #[inline]
    fn due(&self) -> Option<Due> {
        let rules = self.rules;
        match rules.automatic_moves {
            AutomaticMoves::None => None,
            AutomaticMoves::AcesUp => Some(Due::Aces),
            AutomaticMoves::RankComplete => {
                if self.base == 0 {
                    return None;
                }
                let slots = rules.foundation_count().min(MAX_FOUNDATIONS);
                let lowest = self.foundations[..slots].iter().copied().min().unwrap_or(0);
                (lowest < rules.ranks).then(|| Due::NextOfLowest { rank: self.foundation_rank(lowest + 1), lowest })
            }
        }
    }

    /// Whether `card`, if available, goes up by itself under `due`.
    #[inline]
    fn is_due(&self, due: Due, card: Card) -> bool {
        match due {
            Due::NextOfLowest { rank, lowest } => {
                let suit = card.suit().index() as usize;
                let two_decks = self.rules.foundation_count() > 4;
                card.rank() == rank
                    && (self.foundations[suit] == lowest || (two_decks && self.foundations[suit + 4] == lowest))
            }
            Due::Aces => card.rank() == 1 && self.foundation_for(card).is_some(),
        }
    }

    /// The automatic move the rules make next, if any.
    pub fn forced_move(&self) -> Option<Move> {
        let due = self.due()?;
        let goes_up = |card: Card| self.is_due(due, card);
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
    /// auto-move of games whose rules do not send such cards up themselves:
    /// the card's foundation takes it and no card still in play could ever
    /// be built on it. None for Harmony (its own automatic moves rule), where
    /// foundation cards may come back, while the player has yet to choose
    /// the base, and where the tableau also builds upward. Die Große Harfe's
    /// Aces go up by rule, and its other cards as anywhere else.
    ///
    /// The piles are read in the move generator's order (the columns, the
    /// waste, the reserve), and what the foundations take is worked out once
    /// for all of them: solvers call this at every position they make.
    pub fn safe_foundation_move(&self) -> Option<Move> {
        if !self.has_safe_moves() {
            return None;
        }
        let accepted = self.foundation_accepts();
        let mut sources = (0..self.column_count() as u8).map(Pile::Tableau).chain([Pile::Waste, Pile::Reserve]);
        sources.find(|&from| self.is_safe_given(accepted, from)).map(Move::to_foundation)
    }

    /// Whether sending the available card of `from` (a column, the waste or
    /// the reserve) to its foundation can never spoil a win: the rule behind
    /// [`Position::safe_foundation_move`], which the solver also plays
    /// without branching (its proof is in the solver's `safe` module). A
    /// waste card only with draw 1: with larger draws taking one regroups
    /// the later draws, which can keep another card from ever showing.
    pub fn is_safe_foundation_move(&self, from: Pile) -> bool {
        self.has_safe_moves() && self.is_safe_given(self.foundation_accepts(), from)
    }

    /// Whether the rule of safe moves applies at all: not where cards come
    /// back from the foundations or go up by the rank-complete rule, nor
    /// before the base rank is known.
    #[inline]
    fn has_safe_moves(&self) -> bool {
        let rules = self.rules;
        rules.automatic_moves != AutomaticMoves::RankComplete && !rules.foundation_to_tableau && self.base != 0
    }

    /// [`Position::is_safe_foundation_move`] where the rule applies, given
    /// what the foundations take ([`Position::foundation_accepts`]).
    #[inline]
    fn is_safe_given(&self, accepted: u64, from: Pile) -> bool {
        let allowed = match from {
            Pile::Tableau(_) | Pile::Reserve => true,
            Pile::Waste => self.rules.draw == 1,
            _ => false,
        };
        allowed
            && self
                .available(from)
                .is_some_and(|card| self.fits_foundation(accepted, card) && self.nothing_builds_on(card))
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
    /// have made an automatic move due. In Harmony a move that changes the
    /// foundations can make other cards due; otherwise only the card a move
    /// uncovered (or drew) can have become due, since whether an Ace goes up
    /// does not depend on the foundations. Saves a full scan on most moves.
    #[inline]
    pub(super) fn may_have_set_off_automatic_moves(&self, mv: Move) -> bool {
        let rank_complete = self.rules.automatic_moves == AutomaticMoves::RankComplete;
        let uncovered = match mv {
            Move::Draw => Pile::Waste,
            Move::Redeal => return false,
            Move::Transfer { from: Pile::Foundation(_), .. } | Move::Transfer { to: Pile::AnyFoundation, .. }
                if rank_complete =>
            {
                return true
            }
            Move::Transfer { from, .. } => from,
        };
        match self.due() {
            Some(due) => self.available(uncovered).is_some_and(|card| self.is_due(due, card)),
            None => false,
        }
    }

    /// Makes every automatic move the rules call for.
    pub(super) fn settle(&mut self, automatic: &mut impl FnMut(Move)) {
        if self.rules.automatic_moves == AutomaticMoves::None {
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
