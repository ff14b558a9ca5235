//! Applying a move: moving cards between piles, turning up uncovered cards,
//! keeping the cached run lengths up to date.

use super::Position;
use crate::card::Card;
use crate::moves::{Move, Pile};
use crate::rules::*;

impl Position {
    /// Plays `mv` if it is legal; otherwise says why not and leaves the
    /// position unchanged.
    ///
    /// ```
    /// use patience_core::{presets, Card, Position, Refusal};
    ///
    /// let mut pos = Position::deal(presets::find("harmony").unwrap(), 1);
    /// pos.play("t3-t5".parse().unwrap()).unwrap(); // 6♥ onto 7♣
    /// assert_eq!(pos.column(4).last(), Some(&"6H".parse::<Card>().unwrap()));
    /// assert_eq!(pos.face_up(2), ["9D".parse::<Card>().unwrap()]); // turned up
    ///
    /// let before = pos.clone();
    /// let err = pos.play("t1-t2".parse().unwrap()).unwrap_err();
    /// let onto = "JD".parse::<Card>().unwrap();
    /// assert!(matches!(err.reason, Refusal::DoesNotBuild { onto: o, .. } if o == onto));
    /// assert_eq!(pos, before);
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), crate::IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (one from [`Position::legal_moves`]),
    /// then turns up uncovered cards and makes the rules' automatic moves.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.play_reporting(mv, &mut |_| {});
    }

    /// Like [`Position::play_unchecked`], and calls `automatic` with each
    /// automatic move the rules made after it, in order.
    pub fn play_reporting(&mut self, mv: Move, automatic: &mut impl FnMut(Move)) {
        match mv {
            Move::Draw => {
                let stock = self.talon_len - self.waste_len;
                self.waste_len += self.rules.draw.min(stock);
            }
            Move::Redeal => {
                self.waste_len = 0;
                self.pass = self.pass.saturating_add(1);
            }
            Move::Transfer { from, to, count } => self.transfer(from, to, count),
        }
        if self.rules.automatic_moves != AutomaticMoves::None && self.may_have_set_off_automatic_moves(mv) {
            self.settle(automatic);
        }
        debug_assert_eq!(self.forced_move(), None, "automatic moves left unmade after {mv}");
        debug_assert!(
            (0..self.column_count()).all(|c| self.run[c] as usize == self.scan_run(c)),
            "run lengths out of date after {mv}"
        );
    }

    pub(super) fn transfer(&mut self, from: Pile, to: Pile, count: u8) {
        if let (Pile::Tableau(src), Pile::Tableau(dest)) = (from, to) {
            let (src, dest, k) = (src as usize, dest as usize, count as usize);
            let (slen, dlen) = (self.len[src] as usize, self.len[dest] as usize);
            let run = self.columns[src];
            self.columns[dest][dlen..dlen + k].copy_from_slice(&run[slen - k..slen]);
            self.columns[src][slen - k..slen].fill(Card::NONE);
            let extends = dlen > self.face_down[dest] as usize
                && self.rules.builds_on(self.columns[dest][dlen], self.columns[dest][dlen - 1]);
            self.run[dest] = if extends { self.run[dest] + count } else { count };
            self.len[src] -= count;
            self.len[dest] += count;
            self.shorten_run(src, count);
            return;
        }
        let card = self.take(from);
        match to {
            Pile::Tableau(dest) => self.push_column(dest as usize, card),
            _ => self.push_foundation(card),
        }
    }

    /// Removes and returns the available card of a single-card source.
    pub(super) fn take(&mut self, from: Pile) -> Card {
        match from {
            Pile::Tableau(col) => {
                let col = col as usize;
                self.len[col] -= 1;
                let card = std::mem::take(&mut self.columns[col][self.len[col] as usize]);
                self.shorten_run(col, 1);
                card
            }
            Pile::Waste => {
                let top = self.waste_len as usize - 1;
                let card = self.talon[top];
                self.talon.copy_within(top + 1..self.talon_len as usize, top);
                self.talon_len -= 1;
                self.waste_len -= 1;
                self.talon[self.talon_len as usize] = Card::NONE;
                card
            }
            Pile::Reserve => {
                self.reserve_len -= 1;
                std::mem::take(&mut self.reserve[self.reserve_len as usize])
            }
            Pile::Foundation(slot) => {
                let card = self.foundation_top(slot as usize).expect("foundation has a card");
                self.foundations[slot as usize] -= 1;
                card
            }
            Pile::Stock | Pile::AnyFoundation => unreachable!("not a source of single cards"),
        }
    }

    #[inline]
    pub(super) fn push_column(&mut self, col: usize, card: Card) {
        let len = self.len[col] as usize;
        let extends = len > self.face_down[col] as usize && self.rules.builds_on(card, self.columns[col][len - 1]);
        self.run[col] = if extends { self.run[col] + 1 } else { 1 };
        self.columns[col][len] = card;
        self.len[col] += 1;
    }

    /// After `count` cards left the top of column `col`: turns up a
    /// face-down card that became the top, and updates the run length.
    #[inline]
    pub(super) fn shorten_run(&mut self, col: usize, count: u8) {
        if self.run[col] > count {
            self.run[col] -= count;
        } else {
            self.turn_up(col);
            self.recompute_run(col);
        }
    }

    pub(super) fn push_foundation(&mut self, card: Card) {
        let slot = self.foundation_for(card).expect("card fits a foundation");
        if self.base == 0 {
            self.base = card.rank();
        }
        self.foundations[slot] += 1;
    }

    /// A face-down card that becomes the top of its column turns face up.
    #[inline]
    pub(super) fn turn_up(&mut self, col: usize) {
        if self.len[col] > 0 && self.len[col] == self.face_down[col] {
            self.face_down[col] -= 1;
        }
    }
}
