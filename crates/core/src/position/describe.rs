//! Moves in words, as a person says them ("7♥ from column 3 onto 8♠"), and
//! what a move changed on the table, for front ends to show and announce.
//! Notation stays the machine form; these sentences are what players read.

use super::Position;
use crate::card::Card;
use crate::moves::{Move, Pile};
use crate::refusal::pile_name;
use crate::rules::Passes;

impl Position {
    /// `mv` in words, as it would be played here: "7♥ from column 3 onto
    /// 8♠", "Draw a card", "Turn the waste over: pass 2 of 4", "K♠ and 3
    /// cards below it into the empty column 6".
    pub fn describe(&self, mv: Move) -> String {
        match mv {
            Move::Draw => match self.rules.draw.min(self.stock().len().max(1) as u8) {
                1 => "Draw a card".into(),
                n => format!("Draw {n} cards"),
            },
            Move::Redeal => {
                let next = self.pass.saturating_add(1);
                match self.rules.passes {
                    Passes::Limited(n) => format!("Turn the waste over: pass {next} of {n}"),
                    Passes::Unlimited => format!("Turn the waste over: pass {next}"),
                }
            }
            Move::Transfer { from, to, count } => {
                let Some(lead) = self.lead_card(from, count) else {
                    return format!("Move from {} to {}", pile_name(from), pile_name(to));
                };
                let what = match count {
                    1 => lead.to_string(),
                    2 => format!("{lead} and 1 card below it"),
                    n => format!("{lead} and {} cards below it", n - 1),
                };
                let whence = match from {
                    Pile::Foundation(_) => "the foundation".to_string(),
                    other => pile_name(other),
                };
                match to {
                    Pile::AnyFoundation | Pile::Foundation(_) => format!("{what} from {whence} to the foundation"),
                    Pile::Tableau(col) => match self.top(col as usize) {
                        Some(onto) => format!("{what} from {whence} onto {onto}"),
                        None => format!("{what} from {whence} into the empty {}", pile_name(to)),
                    },
                    other => format!("{what} from {whence} to {}", pile_name(other)),
                }
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

    /// What happened between `self` and `after` besides the move itself, in
    /// words: cards turned face up, cards that went to the foundations by
    /// themselves. Reads only cards that are face up in `after`.
    pub fn changes_in_words(&self, moved: Move, after: &Position) -> Vec<String> {
        let mut said = Vec::new();
        for col in 0..self.column_count() {
            let uncovered = self.face_down[col].saturating_sub(after.face_down[col]);
            if uncovered > 0 && after.len[col] > 0 {
                if let Some(card) = after.top(col) {
                    said.push(format!("{card} turned up in {}", pile_name(Pile::Tableau(col as u8))));
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
        let cards: Vec<String> = went_up.iter().map(|c| c.to_string()).collect();
        match cards.len() {
            0 => {}
            1 => said.push(format!("{} went to the foundation by itself", cards[0])),
            _ => said.push(format!("{} went to the foundations by themselves", cards.join(", "))),
        }
        said
    }

    /// `mv` in words with what it set off: "7♥ from column 3 onto 8♠. 4♣
    /// turned up in column 3." `after` is the position once it was played.
    ///
    /// ```
    /// use patience_core::{presets, Move, Position};
    ///
    /// let pos = Position::deal(presets::find("harmony").unwrap(), 1);
    /// let mv: Move = "t3-t5".parse().unwrap();
    /// assert_eq!(pos.describe(mv), "6♥ from column 3 onto 7♣");
    /// let mut after = pos.clone();
    /// after.play(mv).unwrap();
    /// assert_eq!(pos.announce(mv, &after), "6♥ from column 3 onto 7♣. 9♦ turned up in column 3.");
    /// ```
    pub fn announce(&self, mv: Move, after: &Position) -> String {
        let mut text = self.describe(mv);
        text.push('.');
        for change in self.changes_in_words(mv, after) {
            text.push(' ');
            text.push_str(&change);
            text.push('.');
        }
        text
    }
}
