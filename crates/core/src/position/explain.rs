//! Checking a move, and saying in words why the rules forbid one. Legality
//! itself is decided by the move generator alone.

use super::Position;
use crate::card::Card;
use crate::moves::{Move, Pile};
use crate::refusal::Refusal;
use crate::rules::*;

impl Position {
    /// Whether `mv` is legal here. Legality is decided by the move
    /// generator alone; the error only says why the rules forbid it.
    pub fn check(&self, mv: Move) -> Result<(), crate::IllegalMove> {
        if self.legal_moves().contains(&mv) {
            return Ok(());
        }
        Err(crate::IllegalMove { mv, reason: self.why_illegal(mv) })
    }

    /// Why the top card of `pile` (a column, the waste or the reserve) has
    /// no move at all: no column takes it and its foundation does not
    /// either. `None` when some move of `legal` (the position's legal moves,
    /// worked out once by a caller asking of several piles) starts from
    /// `pile`, or it has no card to move.
    ///
    /// ```
    /// use patience_core::{Position, Refusal};
    ///
    /// let pos = Position::from_setup("rules klondike\nf -- 5H -- --\nt1 7H\nt2 6H").unwrap();
    /// let legal = pos.legal_moves();
    /// let why = pos.why_stays(patience_core::Pile::Tableau(0), &legal).unwrap();
    /// // 7♥ has nowhere to go: its foundation needs the 6 first.
    /// assert!(matches!(why, Refusal::NowhereToGo { up: [Some(six), None], .. } if six == "6H".parse().unwrap()));
    /// assert!(pos.why_stays(patience_core::Pile::Tableau(1), &legal).is_none()); // 6♥ goes up
    /// ```
    pub fn why_stays(&self, pile: Pile, legal: &[Move]) -> Option<Refusal> {
        let card = self.available(pile)?;
        if legal.iter().any(|mv| matches!(mv, Move::Transfer { from, .. } if *from == pile)) {
            return None;
        }
        let rules = self.rules;
        // Where only whole runs move, a top card on a run moves with it or
        // not at all: what the run needs is the reason, not what its top
        // card alone would.
        if let Pile::Tableau(c) = pile {
            let run = self.run_len(c as usize);
            if rules.run_moves == RunMoves::WholeRun && run > 1 {
                let lead = self.column(c as usize)[self.len[c as usize] as usize - run];
                let (build, wrap, ranks) = (rules.build, rules.build_wrap, rules.ranks);
                return Some(Refusal::RunNowhereToGo { lead, run: run as u8, build, wrap, ranks });
            }
        }
        let Refusal::NotNextOnFoundation { needs: up, .. } = self.why_illegal(Move::to_foundation(pile)) else {
            return None;
        };
        Some(Refusal::NowhereToGo { card, build: rules.build, wrap: rules.build_wrap, ranks: rules.ranks, up })
    }

    /// Why the rules forbid a move that the generator did not list.
    pub(super) fn why_illegal(&self, mv: Move) -> Refusal {
        let rules = self.rules;
        let (from, to, count) = match mv {
            Move::Draw | Move::Redeal if rules.stock_cards() == 0 && self.talon_len == 0 => return Refusal::NoStock,
            Move::Draw if self.talon_len == self.waste_len => return Refusal::StockEmpty,
            Move::Draw => return Refusal::StockClosed,
            Move::Redeal if self.talon_len > self.waste_len => return Refusal::StockNotEmpty,
            Move::Redeal if self.waste_len == 0 => return Refusal::WasteEmpty,
            Move::Redeal => {
                return match rules.passes {
                    Passes::Limited(passes) => Refusal::NoPassLeft { passes },
                    Passes::Unlimited => Refusal::StockClosed,
                }
            }
            Move::Transfer { from, to, count } => (from, to, count),
        };
        let cols = self.column_count();
        for pile in [from, to] {
            if let Pile::Tableau(c) = pile {
                if c as usize >= cols {
                    return Refusal::NoSuchPile { pile, count: cols as u8 };
                }
            }
            if let Pile::Foundation(s) = pile {
                if s as usize >= self.foundation_slots() {
                    return Refusal::NoSuchPile { pile, count: self.foundation_slots() as u8 };
                }
            }
        }
        if count == 0 {
            return Refusal::NoCards;
        }
        if from == to {
            return Refusal::SamePile { pile: from };
        }
        if matches!(from, Pile::Stock | Pile::AnyFoundation) {
            return Refusal::NotASource { pile: from };
        }
        if !matches!(to, Pile::Tableau(_) | Pile::AnyFoundation) {
            return Refusal::NotADestination { pile: to };
        }
        if (from == Pile::Reserve && rules.reserve == 0) || (from == Pile::Waste && rules.stock_cards() == 0) {
            return Refusal::NoSuchSource { pile: from };
        }
        if matches!(from, Pile::Foundation(_)) && !rules.foundation_to_tableau {
            return Refusal::FoundationsKeepTheirCards;
        }
        let Some(card) = self.available(from) else {
            return Refusal::SourceEmpty { pile: from };
        };
        if count > 1 {
            if !matches!(from, Pile::Tableau(_)) {
                return Refusal::OneCardFrom { pile: from };
            }
            if to == Pile::AnyFoundation {
                return Refusal::FoundationsTakeOneAtATime;
            }
            if rules.run_moves == RunMoves::SingleCards {
                return Refusal::SingleCardsOnly;
            }
        }
        if let Pile::Tableau(src) = from {
            let src = src as usize;
            let up = self.face_up(src).len();
            if count as usize > up {
                return Refusal::NotThatManyFaceUp { pile: from, face_up: up as u8 };
            }
            let run = self.run_len(src);
            if count as usize > run {
                return Refusal::NotARun { pile: from, count, run: run as u8 };
            }
            if rules.run_moves == RunMoves::WholeRun && matches!(to, Pile::Tableau(_)) && (count as usize) < run {
                return Refusal::PartOfARun { pile: from, run: run as u8 };
            }
        }
        let lead = match from {
            Pile::Tableau(src) => self.columns[src as usize][self.len[src as usize] as usize - count as usize],
            _ => card,
        };
        match to {
            Pile::AnyFoundation => Refusal::NotNextOnFoundation { card: lead, needs: self.foundation_needs(lead) },
            Pile::Tableau(dest) => match self.top(dest as usize) {
                Some(onto) => {
                    if count > 1 && !rules.run_moves.runs_onto_cards() {
                        return Refusal::RunOntoCard { pile: to };
                    }
                    if !rules.builds_on(lead, onto) {
                        return Refusal::DoesNotBuild {
                            card: lead,
                            onto,
                            pile: to,
                            build: rules.build,
                            wrap: rules.build_wrap,
                            ranks: rules.ranks,
                        };
                    }
                    if let Pile::Foundation(_) = from {
                        return Refusal::BackToFoundation { card: lead };
                    }
                    Refusal::NotAllowed
                }
                None => {
                    if rules.space == Space::NeverRefilled {
                        return Refusal::SpaceStaysEmpty { pile: to };
                    }
                    if !self.spaces_fillable() {
                        return Refusal::TooManyColumnsInUse { most: rules.max_occupied };
                    }
                    if !self.fills_space(lead) {
                        return Refusal::OnlyKingsFillSpaces { card: lead, pile: to, king: rules.king() };
                    }
                    if let Pile::Foundation(_) = from {
                        return Refusal::BackToFoundation { card: lead };
                    }
                    Refusal::NotAllowed
                }
            },
            _ => Refusal::NotADestination { pile: to },
        }
    }

    /// The cards the foundations of `card`'s suit take next (none for a
    /// complete one), for saying why `card` does not go up.
    fn foundation_needs(&self, card: Card) -> [Option<Card>; 2] {
        let mut needs = [None; 2];
        let suit = card.suit();
        for (i, slot) in (suit.index() as usize..self.foundation_slots()).step_by(4).take(2).enumerate() {
            let n = self.foundations[slot];
            needs[i] = if n == 0 {
                Some(Card::new(suit, if self.base == 0 { card.rank() } else { self.base }))
            } else if n < self.rules.ranks {
                Some(Card::new(suit, self.foundation_rank(n + 1)))
            } else {
                None
            };
        }
        if needs[0].zip(needs[1]).is_some_and(|(a, b)| b.rank() < a.rank()) {
            needs.swap(0, 1);
        }
        needs
    }
}
