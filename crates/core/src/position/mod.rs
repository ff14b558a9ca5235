//! [`Position`]: everything on the table at one moment, with legal-move
//! generation and move application.
//!
//! A position is a fixed-size value (no heap), so copying it is a `memcpy`
//! and the solver can copy-make instead of undoing. Piles are byte arrays;
//! slots past a pile's length are always [`Card::NONE`], which keeps derived
//! equality and hashing exact.
//!
//! This file holds the type, dealing and reading the table; the rest is one
//! file per concern: `movegen` (which moves are legal), `play` (applying
//! one), `explain` (why a move is refused), `describe` (moves in words), `automatic` (moves that happen
//! by themselves) and `status` (won, lost, stuck).

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::card::Card;
use crate::deal::shuffled_deck;
use crate::moves::Pile;
use crate::rules::*;

mod automatic;
mod describe;
mod explain;
mod movegen;
mod play;
mod status;

pub use describe::{MoveStory, SideEffect};
pub use status::Status;

/// A position of one game.
#[derive(Clone)]
pub struct Position {
    rules: &'static Rules,
    columns: [[Card; COLUMN_CAPACITY]; MAX_COLUMNS],
    len: [u8; MAX_COLUMNS],
    /// Face-down cards at the bottom of each column.
    face_down: [u8; MAX_COLUMNS],
    /// Waste then stock: `talon[..waste_len]` is the waste, bottom first;
    /// `talon[waste_len..talon_len]` is the stock, next card to draw first.
    /// Drawing then only moves the boundary, and turning the waste over
    /// unshuffled is `waste_len = 0`.
    talon: [Card; MAX_TALON],
    talon_len: u8,
    waste_len: u8,
    reserve: [Card; MAX_RESERVE],
    reserve_len: u8,
    /// Cards on each foundation slot; slot `i` holds suit `i % 4`.
    foundations: [u8; MAX_FOUNDATIONS],
    /// The foundations' base rank, 0 while the player has yet to choose it.
    base: u8,
    /// The current pass through the stock, from 1.
    pass: u16,
    /// Length of the correctly built face-up run at the top of each column.
    /// Derived from the columns (so left out of equality and hashing) and
    /// kept up to date move by move, because move generation reads it for
    /// every column of every position.
    run: [u8; MAX_COLUMNS],
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        (std::ptr::eq(self.rules, other.rules) || self.rules == other.rules) && self.same_cards(other)
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rules.id.hash(state);
        self.columns.hash(state);
        self.face_down.hash(state);
        self.talon[..self.talon_len as usize].hash(state);
        self.waste_len.hash(state);
        self.reserve.hash(state);
        self.foundations.hash(state);
        self.base.hash(state);
        self.pass.hash(state);
    }
}

impl Position {
    fn same_cards(&self, other: &Position) -> bool {
        self.columns == other.columns
            && self.len == other.len
            && self.face_down == other.face_down
            && self.talon == other.talon
            && self.talon_len == other.talon_len
            && self.waste_len == other.waste_len
            && self.reserve == other.reserve
            && self.reserve_len == other.reserve_len
            && self.foundations == other.foundations
            && self.base == other.base
            && self.pass == other.pass
    }

    /// An empty table for these rules: no cards anywhere.
    pub(crate) fn empty(rules: &'static Rules) -> Position {
        Position {
            rules,
            columns: [[Card::NONE; COLUMN_CAPACITY]; MAX_COLUMNS],
            len: [0; MAX_COLUMNS],
            face_down: [0; MAX_COLUMNS],
            talon: [Card::NONE; MAX_TALON],
            talon_len: 0,
            waste_len: 0,
            reserve: [Card::NONE; MAX_RESERVE],
            reserve_len: 0,
            foundations: [0; MAX_FOUNDATIONS],
            base: if rules.foundation_base == FoundationBase::Ace { 1 } else { 0 },
            pass: 1,
            run: [0; MAX_COLUMNS],
        }
    }

    /// The opening position of deal `number` (see [`crate::deal`] for the
    /// dealing order). The rules' automatic moves (Harmony's, Die Große
    /// Harfe's Aces) have already been made.
    ///
    /// ```
    /// use patience_core::{presets, Card, Position};
    ///
    /// let pos = Position::deal(presets::find("harmony").unwrap(), 1);
    /// let card = |text: &str| text.parse::<Card>().unwrap();
    /// assert_eq!(pos.column(0), [card("JH")]);
    /// assert_eq!(pos.face_down(6), 6); // column 7: six cards face down
    /// assert_eq!(pos.face_up(6), [card("9S")]);
    /// assert_eq!(pos.stock().len(), 24);
    /// assert_eq!(pos.stock()[0], card("AC")); // the next card to draw
    /// assert!(pos.waste().is_empty());
    /// assert_eq!(pos.cards_on_foundations(), 0);
    /// assert_eq!(Position::deal(pos.rules(), 1), pos); // the same deal every time
    /// ```
    pub fn deal(rules: &'static Rules, number: u64) -> Position {
        let deck = shuffled_deck(rules, number);
        let mut cards = deck.iter().copied();
        let mut pos = Position::empty(rules);
        if rules.foundation_base == FoundationBase::FirstCardDealt {
            let first = cards.next().expect("deck holds a first card");
            pos.base = first.rank();
            pos.foundations[first.suit().index() as usize] = 1;
        }
        for (col, &height) in rules.columns.iter().enumerate() {
            for _ in 0..height {
                pos.push_column(col, cards.next().expect("deck holds the tableau"));
            }
            pos.face_down[col] = match rules.deal_face {
                DealFace::TopCardUp => height.saturating_sub(1),
                DealFace::AllUp => 0,
            };
            pos.recompute_run(col);
        }
        for _ in 0..rules.reserve {
            pos.reserve[pos.reserve_len as usize] = cards.next().expect("deck holds the reserve");
            pos.reserve_len += 1;
        }
        for card in cards {
            pos.talon[pos.talon_len as usize] = card;
            pos.talon_len += 1;
        }
        pos.settle(&mut |_| {});
        pos
    }

    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    #[inline]
    pub fn column_count(&self) -> usize {
        self.rules.columns.len()
    }

    /// Column `col`, bottom card first, face-down cards included.
    #[inline]
    pub fn column(&self, col: usize) -> &[Card] {
        &self.columns[col][..self.len[col] as usize]
    }

    /// How many cards at the bottom of column `col` are face down.
    #[inline]
    pub fn face_down(&self, col: usize) -> usize {
        self.face_down[col] as usize
    }

    /// The face-up part of column `col`, bottom first.
    #[inline]
    pub fn face_up(&self, col: usize) -> &[Card] {
        &self.columns[col][self.face_down[col] as usize..self.len[col] as usize]
    }

    /// The stock, next card to draw first.
    #[inline]
    pub fn stock(&self) -> &[Card] {
        &self.talon[self.waste_len as usize..self.talon_len as usize]
    }

    /// The waste, bottom card first; the last card is the playable one.
    #[inline]
    pub fn waste(&self) -> &[Card] {
        &self.talon[..self.waste_len as usize]
    }

    /// The reserve, bottom card first; the last card is the playable one.
    #[inline]
    pub fn reserve(&self) -> &[Card] {
        &self.reserve[..self.reserve_len as usize]
    }

    #[inline]
    pub fn foundation_slots(&self) -> usize {
        self.rules.foundation_count()
    }

    /// How many cards foundation `slot` holds.
    #[inline]
    pub fn foundation_len(&self, slot: usize) -> usize {
        self.foundations[slot] as usize
    }

    /// The top card of foundation `slot`, if any.
    #[inline]
    pub fn foundation_top(&self, slot: usize) -> Option<Card> {
        let n = self.foundations[slot];
        (n > 0).then(|| Card::new(crate::card::Suit::from_index(slot as u8), self.foundation_rank(n)))
    }

    /// Every card on foundation `slot`, bottom first.
    pub fn foundation_cards(&self, slot: usize) -> impl Iterator<Item = Card> + '_ {
        let suit = crate::card::Suit::from_index(slot as u8);
        (1..=self.foundations[slot]).map(move |n| Card::new(suit, self.foundation_rank(n)))
    }

    /// Cards on all foundations together.
    #[inline]
    pub fn cards_on_foundations(&self) -> usize {
        self.foundations.iter().map(|&n| n as usize).sum()
    }

    /// The foundations' base rank, once known.
    #[inline]
    pub fn base_rank(&self) -> Option<u8> {
        (self.base != 0).then_some(self.base)
    }

    /// The current pass through the stock, from 1.
    #[inline]
    pub fn pass(&self) -> u16 {
        self.pass
    }

    /// Face-down cards left in the tableau.
    pub fn face_down_total(&self) -> usize {
        self.face_down.iter().map(|&n| n as usize).sum()
    }

    /// Every card not on a foundation, in no particular order.
    pub fn cards_off_foundations(&self) -> impl Iterator<Item = Card> + '_ {
        (0..self.column_count())
            .flat_map(move |c| self.column(c).iter().copied())
            .chain(self.talon[..self.talon_len as usize].iter().copied())
            .chain(self.reserve().iter().copied())
    }

    /// The rank of the `n`th card (from 1) of a foundation.
    #[inline]
    fn foundation_rank(&self, n: u8) -> u8 {
        Shape::of(self.rules).foundation_rank(self.base, n)
    }

    #[inline]
    fn top(&self, col: usize) -> Option<Card> {
        let n = self.len[col] as usize;
        (n > 0).then(|| self.columns[col][n - 1])
    }

    /// The card a move from `pile` would take, if `pile` has one available.
    #[inline]
    pub fn available(&self, pile: Pile) -> Option<Card> {
        match pile {
            Pile::Tableau(c) if (c as usize) < self.column_count() => self.top(c as usize),
            Pile::Waste => self.waste().last().copied(),
            Pile::Reserve => self.reserve().last().copied(),
            Pile::Foundation(s) if (s as usize) < self.foundation_slots() => self.foundation_top(s as usize),
            _ => None,
        }
    }

    /// Length of the correctly built face-up run at the top of column `col`.
    #[inline]
    pub fn run_len(&self, col: usize) -> usize {
        self.run[col] as usize
    }

    fn recompute_run(&mut self, col: usize) {
        self.run[col] = self.scan_run(col) as u8;
    }

    /// [`Position::run_len`] counted card by card.
    fn scan_run(&self, col: usize) -> usize {
        let len = self.len[col] as usize;
        let up = len - self.face_down[col] as usize;
        if up == 0 {
            return 0;
        }
        let cards = &self.columns[col];
        let mut k = 1;
        while k < up && self.rules.builds_on(cards[len - k], cards[len - k - 1]) {
            k += 1;
        }
        k
    }

    /// The foundation slot that takes `card` now, if any.
    #[inline]
    pub fn foundation_for(&self, card: Card) -> Option<usize> {
        let ranks = self.rules.ranks;
        let mut slot = card.suit().index() as usize;
        while slot < self.rules.foundation_count() {
            let n = self.foundations[slot];
            if n == 0 {
                if self.base == 0 || card.rank() == self.base {
                    return Some(slot);
                }
            } else if n < ranks && card.rank() == self.foundation_rank(n + 1) {
                return Some(slot);
            }
            slot += 4;
        }
        None
    }

    pub(crate) fn set_column(&mut self, col: usize, cards: &[Card], face_down: usize) {
        self.columns[col] = [Card::NONE; COLUMN_CAPACITY];
        self.columns[col][..cards.len()].copy_from_slice(cards);
        self.len[col] = cards.len() as u8;
        self.face_down[col] = face_down as u8;
        self.recompute_run(col);
    }

    pub(crate) fn set_talon(&mut self, waste: &[Card], stock: &[Card]) {
        self.talon = [Card::NONE; MAX_TALON];
        self.talon[..waste.len()].copy_from_slice(waste);
        self.talon[waste.len()..waste.len() + stock.len()].copy_from_slice(stock);
        self.waste_len = waste.len() as u8;
        self.talon_len = (waste.len() + stock.len()) as u8;
    }

    pub(crate) fn set_reserve(&mut self, cards: &[Card]) {
        self.reserve = [Card::NONE; MAX_RESERVE];
        self.reserve[..cards.len()].copy_from_slice(cards);
        self.reserve_len = cards.len() as u8;
    }

    pub(crate) fn set_foundation(&mut self, slot: usize, count: u8) {
        self.foundations[slot] = count;
    }

    pub(crate) fn set_base(&mut self, base: u8) {
        self.base = base;
    }

    pub(crate) fn set_pass(&mut self, pass: u16) {
        self.pass = pass;
    }

    pub(crate) fn settle_after_setup(&mut self) {
        self.settle(&mut |_| {});
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
