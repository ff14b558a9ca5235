//! [`Position`]: everything on the table at one moment, with legal-move
//! generation and move application.
//!
//! A position is a fixed-size value (no heap), so copying it is a `memcpy`
//! and the solver can copy-make instead of undoing. Piles are byte arrays;
//! slots past a pile's length are always [`Card::NONE`], which keeps derived
//! equality and hashing exact.

use std::fmt;
use std::hash::{Hash, Hasher};

use arrayvec::ArrayVec;

use crate::card::{Card, Suit};
use crate::deal::shuffled_deck;
use crate::moves::{Move, MoveList, Pile};
use crate::rules::*;

/// The class of cards that a run built under `build` keeps: with
/// alternating colours, rank plus colour stays even or odd all the way down
/// a run (both change at each step); by suit, the suit. So a card that
/// builds on `onto` is of `onto`'s own class. (Only for builds down by one
/// without wrap.)
#[inline]
fn build_class(build: Build, card: Card) -> usize {
    match build {
        Build::DownAlternateColours => ((card.rank() + card.is_red() as u8) & 1) as usize,
        _ => card.suit().index() as usize,
    }
}

/// What the rules say about a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Moves are left.
    Playing,
    /// Every card is on the foundations.
    Won,
    /// No legal move is left, drawing and redealing included.
    Lost,
    /// Passes are unlimited and a whole pass through the stock offers no move
    /// that changes the tableau or the foundations.
    Stuck,
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Playing
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
            Status::Stuck => "stuck",
        }
    }
}

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
    /// dealing order). Harmony's automatic moves have already been made.
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

    // ----- Reading the table -------------------------------------------------

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
        // (base - 1 + n - 1) mod ranks + 1, without a division: both terms
        // are below `ranks`, so one subtraction wraps it.
        let rank = self.base + n - 1;
        if rank > self.rules.ranks {
            rank - self.rules.ranks
        } else {
            rank
        }
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

    /// The cards some foundation takes now, as a bit set over
    /// [`Card::to_u8`] (suit times 16 plus rank), so that testing a card is
    /// one shift: this runs for every column of every position.
    #[inline]
    fn foundation_accepts(&self) -> u64 {
        let ranks = self.rules.ranks;
        let slots = self.rules.foundation_count().min(MAX_FOUNDATIONS);
        let mut accepted = 0u64;
        for slot in 0..slots {
            let suit = (slot % 4) as u32 * 16;
            let n = self.foundations[slot];
            accepted |= if self.base == 0 {
                ((1u64 << ranks) - 1) << (suit + 1)
            } else if n < ranks {
                1 << (suit + self.foundation_rank(n + 1) as u32)
            } else {
                0
            };
        }
        accepted
    }

    /// Whether some foundation takes `card`, given [`Position::foundation_accepts`].
    #[inline]
    fn fits_foundation(&self, accepted: u64, card: Card) -> bool {
        (accepted >> card.to_u8()) & 1 != 0
    }

    fn occupied_columns(&self) -> usize {
        self.len[..self.column_count()].iter().filter(|&&n| n > 0).count()
    }

    /// Whether an empty column may be filled now (before the move).
    fn spaces_fillable(&self) -> bool {
        self.rules.space != Space::NeverRefilled && self.occupied_columns() < self.rules.max_occupied as usize
    }

    /// Whether `card` may lead what goes into an empty column.
    #[inline]
    fn fills_space(&self, card: Card) -> bool {
        match self.rules.space {
            Space::KingOnly => card.rank() == self.rules.king(),
            Space::AnyCard => true,
            Space::NeverRefilled => false,
        }
    }

    // ----- Legal moves -------------------------------------------------------

    /// Every legal move, in a fixed order: to the foundations, then to each
    /// tableau column, then draw or redeal.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// Appends every legal move to `moves` (which has room for any position).
    ///
    /// This is the engine's hot path (the solver calls it billions of
    /// times), so it works on small arrays and bit sets and avoids branches
    /// on card data where it can; `tests/perft.rs` pins its output.
    pub fn generate_moves(&self, moves: &mut MoveList) {
        // A local copy: the compiler can then keep the rules in registers
        // instead of reloading them after every push onto `moves`.
        let rules = &self.rules.clone();
        let cols = self.column_count().min(MAX_COLUMNS);
        let accepted = self.foundation_accepts();
        // Bit `card.to_u8()`: a foundation takes that card now.
        let fits_foundation = |card: Card| self.fits_foundation(accepted, card);

        // The top card of each column and the length of what may move from
        // it, `Card::NONE` and 0 for an empty column (the slot below a pile's
        // length is always `NONE`).
        let mut tops = [Card::NONE; MAX_COLUMNS];
        let mut movable = [0u8; MAX_COLUMNS];
        let mut occupied = 0usize;
        for col in 0..cols {
            let len = self.len[col];
            tops[col] = self.columns[col][(len as usize).saturating_sub(1)];
            movable[col] = match rules.run_moves {
                RunMoves::SingleCards => len.min(1),
                RunMoves::KingRunsToSpaces | RunMoves::AnyRun => self.run[col],
            };
            occupied += (len > 0) as usize;
        }

        // To the foundations.
        let mut going_up = 0u16;
        for col in 0..cols {
            going_up |= (fits_foundation(tops[col]) as u16) << col;
        }
        while going_up != 0 {
            let col = going_up.trailing_zeros() as u8;
            going_up &= going_up - 1;
            moves.push(Move::to_foundation(Pile::Tableau(col)));
        }
        let waste_top = self.waste().last().copied();
        let reserve_top = self.reserve().last().copied();
        for (pile, top) in [(Pile::Waste, waste_top), (Pile::Reserve, reserve_top)] {
            if top.is_some_and(fits_foundation) {
                moves.push(Move::to_foundation(pile));
            }
        }

        // The single cards that may go onto the tableau from elsewhere: the
        // waste's and reserve's tops, and foundation tops where the rules
        // allow them back, unless they would go straight back up by themselves.
        let slots = rules.foundation_count().min(MAX_FOUNDATIONS);
        let mut singles = ArrayVec::<(Pile, Card), { 2 + MAX_FOUNDATIONS }>::new();
        for (pile, top) in [(Pile::Waste, waste_top), (Pile::Reserve, reserve_top)] {
            if let Some(card) = top {
                singles.push((pile, card));
            }
        }
        if rules.foundation_to_tableau {
            let lowest = self.foundations[..slots].iter().copied().min().unwrap_or(0);
            let automatic = rules.auto_moves == AutoMoves::RankComplete;
            for slot in 0..slots {
                let n = self.foundations[slot];
                // The card would go up by itself if every slot held n - 1 or more.
                if n > 0 && !(automatic && lowest + 1 >= n) {
                    if let Some(card) = self.foundation_top(slot) {
                        singles.push((Pile::Foundation(slot as u8), card));
                    }
                }
            }
        }

        // Bit `src` of `offers[class][r]`: column `src` can move a card of
        // rank `r` (with what lies on it) onto another card. Going down a
        // built run the ranks rise by one and every card is of the run's
        // `class` (see `build_class`), so a column offers the ranks from its
        // top card's up through its movable run: one range per column, laid
        // down as two toggles and summed up rank by rank. A destination then
        // asks only who offers the one card it takes.
        let ranks_rise_by_one =
            matches!(rules.build, Build::DownAlternateColours | Build::DownBySuit) && !rules.build_wrap;
        // A run's ranks rise by one up to at most 13, so `first + max <= 14`.
        let mut offers = [[0u32; 16]; 4];
        if ranks_rise_by_one {
            let single = rules.run_moves != RunMoves::AnyRun;
            for src in 0..cols {
                let max = if single { movable[src].min(1) } else { movable[src] };
                let first = tops[src].rank() as usize;
                let class = &mut offers[build_class(rules.build, tops[src])];
                class[first] ^= 1 << src;
                class[first + max as usize] ^= 1 << src;
            }
            // The single cards join in as sources numbered from 16 up.
            for (i, &(_, card)) in singles.iter().enumerate() {
                let class = &mut offers[build_class(rules.build, card)];
                class[card.rank() as usize] ^= 1 << (16 + i);
                class[card.rank() as usize + 1] ^= 1 << (16 + i);
            }
            let classes = if rules.build == Build::DownBySuit { 4 } else { 2 };
            for class in offers.iter_mut().take(classes) {
                let mut running = 0u32;
                for offer in class.iter_mut() {
                    running ^= *offer;
                    *offer = running;
                }
            }
        }

        // To the tableau.
        let fill = rules.space != Space::NeverRefilled && occupied < rules.max_occupied as usize;
        for dest in 0..cols {
            let to = Pile::Tableau(dest as u8);
            let onto = tops[dest];
            if !onto.is_none() {
                if ranks_rise_by_one {
                    let wanted = onto.rank() as usize - 1;
                    let offered = offers[build_class(rules.build, onto)][wanted];
                    let mut sources = offered & 0xffff & !(1 << dest);
                    while sources != 0 {
                        let src = sources.trailing_zeros() as usize;
                        sources &= sources - 1;
                        // The card of rank `onto - 1` lies `k` deep.
                        let k = (onto.rank() - tops[src].rank()) as usize;
                        debug_assert!(rules.builds_on(self.columns[src][self.len[src] as usize - k], onto));
                        moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                    }
                    let mut sources = offered >> 16;
                    while sources != 0 {
                        let (pile, card) = singles[sources.trailing_zeros() as usize];
                        sources &= sources - 1;
                        debug_assert!(rules.builds_on(card, onto));
                        moves.push(Move::transfer(pile, to, 1));
                    }
                } else {
                    for src in 0..cols {
                        let len = self.len[src] as usize;
                        if src == dest || len == 0 {
                            continue;
                        }
                        let max = if rules.run_moves == RunMoves::AnyRun { movable[src] as usize } else { 1 };
                        for k in 1..=max {
                            if rules.builds_on(self.columns[src][len - k], onto) {
                                moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                            }
                        }
                    }
                    for &(pile, card) in &singles {
                        if rules.builds_on(card, onto) {
                            moves.push(Move::transfer(pile, to, 1));
                        }
                    }
                }
            } else if fill {
                for src in 0..cols {
                    let len = self.len[src] as usize;
                    if src == dest || len == 0 {
                        continue;
                    }
                    if ranks_rise_by_one && rules.space == Space::KingOnly {
                        // Only the King can lead, and it lies `k` deep.
                        let k = (rules.king() + 1).wrapping_sub(tops[src].rank()) as usize;
                        if (1..=movable[src] as usize).contains(&k) && self.fills_space(self.columns[src][len - k]) {
                            moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                        }
                        continue;
                    }
                    for k in 1..=movable[src] as usize {
                        if self.fills_space(self.columns[src][len - k]) {
                            moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                        }
                    }
                }
                for &(pile, card) in &singles {
                    if self.fills_space(card) {
                        moves.push(Move::transfer(pile, to, 1));
                    }
                }
            }
        }

        // The stock.
        if self.talon_len > self.waste_len {
            moves.push(Move::Draw);
        } else if self.waste_len > 0 && rules.allows_pass(self.pass) {
            moves.push(Move::Redeal);
        }
    }

    /// Whether any legal move exists (cheaper than listing them all when the
    /// answer is yes).
    pub fn has_legal_move(&self) -> bool {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        !moves.is_empty()
    }

    // ----- Playing -----------------------------------------------------------

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
    fn why_illegal(&self, mv: Move) -> String {
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
        if matches!(from, Pile::Stock | Pile::Foundations) {
            return "cards come from a column, the waste, the reserve or one foundation".into();
        }
        if !matches!(to, Pile::Tableau(_) | Pile::Foundations) {
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
            if to == Pile::Foundations {
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
        }
        let lead = match from {
            Pile::Tableau(src) => self.columns[src as usize][self.len[src as usize] as usize - count as usize],
            _ => card,
        };
        match to {
            Pile::Foundations => format!("{} does not go on any foundation now", lead.ascii()),
            Pile::Tableau(dest) => match self.top(dest as usize) {
                Some(onto) => {
                    if count > 1 && rules.run_moves != RunMoves::AnyRun {
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

    /// Plays `mv` if it is legal; otherwise says why not and leaves the
    /// position unchanged.
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
        if self.rules.auto_moves != AutoMoves::None && self.may_have_set_off_automatic_moves(mv) {
            self.settle(automatic);
        }
        debug_assert_eq!(self.forced_move(), None, "automatic moves left unmade after {mv}");
        debug_assert!(
            (0..self.column_count()).all(|c| self.run[c] as usize == self.scan_run(c)),
            "run lengths out of date after {mv}"
        );
    }

    fn transfer(&mut self, from: Pile, to: Pile, count: u8) {
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
    fn take(&mut self, from: Pile) -> Card {
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
            Pile::Stock | Pile::Foundations => unreachable!("not a source of single cards"),
        }
    }

    #[inline]
    fn push_column(&mut self, col: usize, card: Card) {
        let len = self.len[col] as usize;
        let extends = len > self.face_down[col] as usize && self.rules.builds_on(card, self.columns[col][len - 1]);
        self.run[col] = if extends { self.run[col] + 1 } else { 1 };
        self.columns[col][len] = card;
        self.len[col] += 1;
    }

    /// After `count` cards left the top of column `col`: turns up a
    /// face-down card that became the top, and updates the run length.
    #[inline]
    fn shorten_run(&mut self, col: usize, count: u8) {
        if self.run[col] > count {
            self.run[col] -= count;
        } else {
            self.turn_up(col);
            self.recompute_run(col);
        }
    }

    fn push_foundation(&mut self, card: Card) {
        let slot = self.foundation_for(card).expect("card fits a foundation");
        if self.base == 0 {
            self.base = card.rank();
        }
        self.foundations[slot] += 1;
    }

    /// A face-down card that becomes the top of its column turns face up.
    #[inline]
    fn turn_up(&mut self, col: usize) {
        if self.len[col] > 0 && self.len[col] == self.face_down[col] {
            self.face_down[col] -= 1;
        }
    }

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
        let rules = self.rules;
        if rules.auto_moves != AutoMoves::None || rules.foundation_to_tableau || self.base == 0 {
            return None;
        }
        let accepted = self.foundation_accepts();
        let sources = (0..self.column_count() as u8).map(Pile::Tableau).chain([Pile::Waste, Pile::Reserve]);
        for pile in sources {
            let Some(card) = self.available(pile) else { continue };
            if self.fits_foundation(accepted, card) && self.nothing_builds_on(card) {
                return Some(Move::to_foundation(pile));
            }
        }
        None
    }

    /// Whether every card that the tableau rule lets onto `card` is already
    /// on a foundation (or does not exist).
    fn nothing_builds_on(&self, card: Card) -> bool {
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
    fn may_have_set_off_automatic_moves(&self, mv: Move) -> bool {
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
    fn settle(&mut self, automatic: &mut impl FnMut(Move)) {
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

    // ----- The end of the game -----------------------------------------------

    #[inline]
    pub fn is_won(&self) -> bool {
        self.len.iter().all(|&n| n == 0) && self.talon_len == 0 && self.reserve_len == 0
    }

    /// Won, lost, stuck or still playing (see [`Status`]).
    pub fn status(&self) -> Status {
        if self.is_won() {
            return Status::Won;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Status::Lost;
        }
        if self.rules.passes == Passes::Unlimited && !self.pass_offers_a_play(&moves) {
            return Status::Stuck;
        }
        Status::Playing
    }

    /// Whether `mv` changes the tableau or the foundations in a way that
    /// matters. Moving a whole column (nothing face down under it) into an
    /// empty column only swaps two interchangeable columns, so a lone King
    /// travelling between spaces does not keep a game from being stuck.
    pub fn makes_progress(&self, mv: Move) -> bool {
        match mv {
            Move::Transfer { from: Pile::Tableau(src), to: Pile::Tableau(dest), count } => {
                let (src, dest) = (src as usize, dest as usize);
                !(self.len[dest] == 0 && count == self.len[src] && self.face_down[src] == 0)
            }
            Move::Transfer { .. } => true,
            Move::Draw | Move::Redeal => false,
        }
    }

    /// Whether, going once round the whole stock from here, some move would
    /// change the tableau or the foundations. This looks at the stock's
    /// hidden order: a front end must not report its answer to a player who
    /// has not yet seen the whole stock (see `Game::outcome`).
    fn pass_offers_a_play(&self, moves: &MoveList) -> bool {
        if moves.iter().any(|&m| self.makes_progress(m)) {
            return true;
        }
        let mut pos = self.clone();
        let draws = self.talon_len as usize / self.rules.draw.max(1) as usize + 2;
        // The rest of this pass, a redeal, and one whole pass. A draw that
        // sends a card up by itself (Harmony) changes the foundations too.
        for _ in 0..2 * draws {
            let moves = pos.legal_moves();
            if moves.iter().any(|&m| pos.makes_progress(m)) {
                return true;
            }
            let Some(&mv) = moves.iter().find(|m| !m.is_play()) else { return false };
            let before = pos.cards_on_foundations();
            pos.play_unchecked(mv);
            if pos.cards_on_foundations() != before {
                return true;
            }
        }
        false
    }

    // ----- Building positions by hand ---------------------------------------

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

/// The setup text of [`crate::setup`], which [`Position::from_setup`] reads
/// back.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::setup::write_setup(self))
    }
}
