//! Checking a move, and saying in words why the rules forbid one. Legality
//! itself is decided by the move generator alone.

use super::Position;
use crate::moves::{Move, Pile};
use crate::rules::*;

impl Position {
    /// Whether `mv` is legal here. Legality is decided by the move
    /// generator alone; the error only puts the reason into words.
    pub fn check(&self, mv: Move) -> Result<(), crate::IllegalMove> {
        if self.legal_moves().contains(&mv) {
            return Ok(());
        }
        Err(crate::IllegalMove { mv, notation: mv.to_string(), reason: self.why_illegal(mv) })
    }

    /// Explains, for a person, why a move that the generator did not list is
    /// not allowed.
    pub(super) fn why_illegal(&self, mv: Move) -> String {
        let rules = self.rules;
        let (from, to, count) = match mv {
            Move::Draw | Move::Redeal if rules.stock_cards() == 0 && self.talon_len == 0 => {
                return "this game has no stock".into();
            }
            Move::Draw if self.talon_len == self.waste_len => {
                return "the stock is empty".into();
            }
            Move::Draw => return "drawing is not allowed here".into(),
            Move::Redeal if self.talon_len > self.waste_len => {
                return "the stock still holds cards; draw them first".into();
            }
            Move::Redeal if self.waste_len == 0 => return "the waste is empty".into(),
            Move::Redeal => {
                return match rules.passes {
                    Passes::Limited(n) => format!("no redeal left: these rules allow {n} pass(es) through the stock"),
                    Passes::Unlimited => "redealing is not allowed here".into(),
                }
            }
            Move::Transfer { from, to, count } => (from, to, count),
        };
        let cols = self.column_count();
        for pile in [from, to] {
            if let Pile::Tableau(c) = pile {
                if c as usize >= cols {
                    return format!("there is no column {}: this game has {cols}", c as usize + 1);
                }
            }
            if let Pile::Foundation(s) = pile {
                if s as usize >= self.foundation_slots() {
                    let slots = self.foundation_slots();
                    return format!("there is no foundation {}: this game has {slots}", s as usize + 1);
                }
            }
        }
        if count == 0 {
            return "a move carries at least one card".into();
        }
        if from == to {
            return "the source and the destination are the same pile".into();
        }
        if matches!(from, Pile::Stock | Pile::AnyFoundation) {
            return "cards come from a column, the waste, the reserve or one foundation".into();
        }
        if !matches!(to, Pile::Tableau(_) | Pile::AnyFoundation) {
            return "cards go to a column or the foundations".into();
        }
        if from == Pile::Reserve && rules.reserve == 0 {
            return "this game has no reserve".into();
        }
        if from == Pile::Waste && rules.stock_cards() == 0 {
            return "this game has no waste".into();
        }
        if matches!(from, Pile::Foundation(_)) && !rules.foundation_to_tableau {
            return "cards never leave the foundations in this game".into();
        }
        let Some(card) = self.available(from) else {
            return format!("{from} has no card to move");
        };
        if count > 1 {
            if !matches!(from, Pile::Tableau(_)) {
                return format!("only one card at a time comes from {from}");
            }
            if to == Pile::AnyFoundation {
                return "cards go to the foundations one at a time".into();
            }
            if rules.run_moves == RunMoves::SingleCards {
                return "only one card moves at a time in this game".into();
            }
        }
        if let Pile::Tableau(src) = from {
            let src = src as usize;
            let up = self.face_up(src).len();
            if count as usize > up {
                return format!("{from} has only {up} face-up card(s)");
            }
            if count as usize > self.run_len(src) {
                return format!("the top {count} cards of {from} are not a correctly built run");
            }
            let whole = self.run_len(src);
            if rules.run_moves == RunMoves::WholeRun && matches!(to, Pile::Tableau(_)) && (count as usize) < whole {
                return format!(
                    "no partial sequence moves: only the whole run of {whole} card(s) on top of {from} moves"
                );
            }
        }
        let lead = match from {
            Pile::Tableau(src) => self.columns[src as usize][self.len[src as usize] as usize - count as usize],
            _ => card,
        };
        match to {
            Pile::AnyFoundation => format!("{} does not go on any foundation now", lead.ascii()),
            Pile::Tableau(dest) => match self.top(dest as usize) {
                Some(onto) => {
                    if count > 1 && !rules.run_moves.runs_onto_cards() {
                        return "only one card moves at a time onto another card".into();
                    }
                    if !rules.builds_on(lead, onto) {
                        let how = match rules.build {
                            Build::DownAlternateColours => "the tableau builds down in alternating colours",
                            Build::DownBySuit => "the tableau builds down by suit",
                            Build::UpOrDownBySuit => "the tableau builds up or down by suit",
                        };
                        return format!("{} does not go on {}: {how}", lead.ascii(), onto.ascii());
                    }
                    if let Pile::Foundation(_) = from {
                        return format!("{} would go straight back to its foundation", lead.ascii());
                    }
                    "the rules do not allow it here".into()
                }
                None => {
                    if rules.space == Space::NeverRefilled {
                        return "an emptied column stays empty for the rest of the game".into();
                    }
                    if !self.spaces_fillable() {
                        return format!(
                            "a space may only be filled while fewer than {} columns hold cards",
                            rules.max_occupied
                        );
                    }
                    if !self.fills_space(lead) {
                        return "an empty column takes only a King or a King-led run".into();
                    }
                    if let Pile::Foundation(_) = from {
                        return format!("{} would go straight back to its foundation", lead.ascii());
                    }
                    "the rules do not allow it here".into()
                }
            },
            _ => "cards go to a column or the foundations".into(),
        }
    }
}
