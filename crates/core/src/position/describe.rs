//! What a move does and what it set off, as typed facts ([`MoveStory`],
//! [`SideEffect`]) for front ends to put into words in the player's
//! language and to announce. Notation stays the machine form.

use super::Position;
use crate::card::Card;
use crate::moves::{Move, Pile};
use crate::rules::Passes;

/// A move as a person would tell it: the cards and piles a sentence about
/// it names, read from the position before the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveStory {
    /// Drawing `cards` cards from the stock (fewer than the rules' draw
    /// where the stock holds fewer).
    Draw { cards: u8 },
    /// Turning the waste over to start pass `pass`, of `passes` where the
    /// rules limit them.
    Redeal { pass: u16, passes: Option<u8> },
    /// `count` cards from `from` to `to`: `lead` is the bottom card of
    /// those that move (`None` where the source holds none), `onto` the
    /// card they go onto (`None` for an empty column or a foundation).
    Transfer { lead: Option<Card>, count: u8, from: Pile, to: Pile, onto: Option<Card> },
}

/// What happened besides the move itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideEffect {
    /// `card` turned face up on top of `pile`.
    TurnedUp { card: Card, pile: Pile },
    /// After a draw, `card` lies face up on top of the waste (the card
    /// drawn, or the one under it if that went up by itself).
    Drawn { card: Card },
    /// These cards went to the foundations by themselves.
    WentUp { cards: Vec<Card> },
}

impl Position {
    /// `mv` as a person would tell it, as it would be played here.
    ///
    /// ```
    /// use patience_core::position::MoveStory;
    /// use patience_core::{presets, Card, Pile, Position};
    ///
    /// let pos = Position::deal(presets::find("harmony").unwrap(), 1);
    /// let story = pos.story("t3-t5".parse().unwrap());
    /// let (six, seven) = ("6H".parse::<Card>().unwrap(), "7C".parse::<Card>().unwrap());
    /// assert_eq!(
    ///     story,
    ///     MoveStory::Transfer { lead: Some(six), count: 1, from: Pile::Tableau(2), to: Pile::Tableau(4), onto: Some(seven) }
    /// );
    /// ```
    pub fn story(&self, mv: Move) -> MoveStory {
        match mv {
            Move::Draw => MoveStory::Draw { cards: self.rules.draw.min(self.stock().len().max(1) as u8) },
            Move::Redeal => MoveStory::Redeal {
                pass: self.pass.saturating_add(1),
                passes: match self.rules.passes {
                    Passes::Limited(n) => Some(n),
                    Passes::Unlimited => None,
                },
            },
            Move::Transfer { from, to, count } => {
                let onto = match to {
                    Pile::Tableau(col) if (col as usize) < self.column_count() => self.top(col as usize),
                    _ => None,
                };
                MoveStory::Transfer { lead: self.lead_card(from, count), count, from, to, onto }
            }
        }
    }

    /// The card at the bottom of the `count` cards a move from `pile` takes.
    fn lead_card(&self, pile: Pile, count: u8) -> Option<Card> {
        match pile {
            Pile::Tableau(col) if (col as usize) < self.column_count() => {
                let col = col as usize;
                let len = self.len[col] as usize;
                (count as usize <= len && count > 0).then(|| self.columns[col][len - count as usize])
            }
            other => self.available(other),
        }
    }

    /// What happened between `self` and `after` besides `moved` itself:
    /// cards turned face up, cards that went to the foundations by
    /// themselves. Reads only cards that are face up in `after`.
    pub fn side_effects(&self, moved: Move, after: &Position) -> Vec<SideEffect> {
        let mut effects = Vec::new();
        // Only a draw takes cards off the stock.
        if moved == Move::Draw && after.stock().len() < self.stock().len() {
            if let Some(&card) = after.waste().last() {
                effects.push(SideEffect::Drawn { card });
            }
        }
        for col in 0..self.column_count() {
            let uncovered = self.face_down[col].saturating_sub(after.face_down[col]);
            if uncovered > 0 && after.len[col] > 0 {
                if let Some(card) = after.top(col) {
                    effects.push(SideEffect::TurnedUp { card, pile: Pile::Tableau(col as u8) });
                }
            }
        }
        let moved_up = match moved {
            Move::Transfer { from, to: Pile::AnyFoundation, count } => self.lead_card(from, count),
            _ => None,
        };
        let mut went_up: Vec<Card> = Vec::new();
        for slot in 0..self.foundation_slots() {
            let (before, now) = (self.foundations[slot], after.foundations[slot]);
            if now > before {
                went_up.extend(after.foundation_cards(slot).skip(before as usize));
            }
        }
        if let Some(card) = moved_up {
            if let Some(i) = went_up.iter().position(|&c| c == card) {
                went_up.remove(i);
            }
        }
        if !went_up.is_empty() {
            effects.push(SideEffect::WentUp { cards: went_up });
        }
        effects
    }
}
