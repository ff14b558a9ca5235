//! Legal-move generation: the engine's one definition of which moves are
//! legal, read from the rules as data. `tests/it/perft.rs` pins its output and
//! `tests/it/no_alloc.rs` checks that it never allocates.
//!
//! The generator is one function body over a [`Shape`] (the rule fields it
//! reads). Each preset's rules get a copy of it compiled with their shape as
//! a constant, so that the tests on rules fold away; any other rules (the
//! cut-down decks of the solver's tests, a custom game) take the copy that
//! reads the shape at run time. Both copies list the same moves.

use arrayvec::ArrayVec;

use super::Position;
use crate::card::{Card, Suit};
use crate::moves::{Move, MoveList, Pile};
use crate::presets;
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

/// The shape of each preset, by its place in [`presets::ALL`].
const PRESET_SHAPES: [Shape; presets::PRESETS.len()] = {
    let mut shapes = [Shape::of(&presets::PRESETS[0]); presets::PRESETS.len()];
    let mut place = 0;
    while place < shapes.len() {
        shapes[place] = Shape::of(&presets::PRESETS[place]);
        place += 1;
    }
    shapes
};

/// For each preset, the first preset of the same shape, whose copy of the
/// generator it uses.
const FIRST_OF_SHAPE: [usize; presets::PRESETS.len()] = {
    let mut first = [0; presets::PRESETS.len()];
    let mut place = 0;
    while place < first.len() {
        let mut earlier = 0;
        while PRESET_SHAPES[earlier].key() != PRESET_SHAPES[place].key() {
            earlier += 1;
        }
        first[place] = earlier;
        place += 1;
    }
    first
};

impl Position {
    /// The cards some foundation takes now, as a bit set over
    /// [`Card::to_u8`] (suit times 16 plus rank), so that testing a card is
    /// one shift: this runs for every column of every position.
    #[inline]
    pub(super) fn foundation_accepts(&self) -> u64 {
        self.foundation_accepts_in(Shape::of(self.rules))
    }

    /// [`Position::foundation_accepts`] for rules of this `shape`.
    #[inline(always)]
    fn foundation_accepts_in(&self, shape: Shape) -> u64 {
        let ranks = shape.ranks;
        let mut accepted = 0u64;
        for slot in 0..shape.slots as usize {
            let suit = (slot % 4) as u32 * 16;
            let n = self.foundations[slot];
            accepted |= if !shape.from_ace && self.base == 0 {
                ((1u64 << ranks) - 1) << (suit + 1)
            } else if n < ranks {
                1 << (suit + shape.foundation_rank(self.base, n + 1) as u32)
            } else {
                0
            };
        }
        accepted
    }

    /// Whether some foundation takes `card`, given [`Position::foundation_accepts`].
    #[inline]
    pub(super) fn fits_foundation(&self, accepted: u64, card: Card) -> bool {
        (accepted >> card.to_u8()) & 1 != 0
    }

    pub(super) fn occupied_columns(&self) -> usize {
        self.len[..self.column_count()].iter().filter(|&&n| n > 0).count()
    }

    /// Whether an empty column may be filled now (before the move).
    pub(super) fn spaces_fillable(&self) -> bool {
        self.spaces_fillable_with(self.occupied_columns())
    }

    /// [`Position::spaces_fillable`] when `occupied` columns hold cards.
    #[inline]
    fn spaces_fillable_with(&self, occupied: usize) -> bool {
        Shape::of(self.rules).spaces_fillable(occupied)
    }

    /// Whether `card` may lead what goes into an empty column.
    #[inline]
    pub(super) fn fills_space(&self, card: Card) -> bool {
        Shape::of(self.rules).fills_space(card)
    }

    /// The legal moves that start at the waste or the stock: exactly those
    /// of [`Position::generate_moves`], in the same order (the waste's top
    /// card to a foundation, then onto each column in turn, then draw or
    /// redeal), appended to `moves`. A solver walking round the stock asks
    /// this at every waste card, where the full list would be wasted work.
    pub fn generate_waste_moves(&self, moves: &mut MoveList) {
        let rules = self.rules;
        if let Some(&card) = self.waste().last() {
            if self.fits_foundation(self.foundation_accepts(), card) {
                moves.push(Move::to_foundation(Pile::Waste));
            }
            let fill = self.fills_space(card) && self.spaces_fillable();
            for dest in 0..self.column_count().min(MAX_COLUMNS) {
                let len = self.len[dest] as usize;
                let fits = if len == 0 { fill } else { rules.builds_on(card, self.columns[dest][len - 1]) };
                if fits {
                    moves.push(Move::transfer(Pile::Waste, Pile::Tableau(dest as u8), 1));
                }
            }
        }
        if self.talon_len > self.waste_len {
            moves.push(Move::Draw);
        } else if self.waste_len > 0 && rules.allows_pass(self.pass) {
            moves.push(Move::Redeal);
        }
    }

    /// Every legal move, in a fixed order: to the foundations, then to each
    /// tableau column, then draw or redeal.
    ///
    /// ```
    /// use patience_core::{presets, Position};
    ///
    /// let pos = Position::deal(presets::find("harmony").unwrap(), 1);
    /// let moves: Vec<String> = pos.legal_moves().iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(moves, ["t3-t5", "s"]); // 6♥ onto 7♣, or draw
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// Appends every legal move to `moves` (which has room for any position).
    ///
    /// This is the engine's hot path (the solver calls it billions of
    /// times), so it works on small arrays and bit sets and avoids branches
    /// on card data where it can; `tests/it/perft.rs` pins its output.
    ///
    /// ```
    /// use patience_core::{presets, MoveList, Position};
    ///
    /// let pos = Position::deal(presets::find("harmony").unwrap(), 1);
    /// let mut moves = MoveList::new(); // on the stack: generating never allocates
    /// pos.generate_moves(&mut moves);
    /// assert_eq!(moves, pos.legal_moves());
    /// ```
    pub fn generate_moves(&self, moves: &mut MoveList) {
        // Each preset has a copy of the generator compiled with its shape
        // (presets of one shape share one); other rules take the general one.
        macro_rules! compiled_for_each_preset {
            ($($place:literal)*) => {{
                const _: () = assert!(presets::PRESETS.len() == [$($place),*].len(), "one place a preset");
                match presets::place_in_all(self.rules) {
                    $(Some($place) => self.generate_for_preset::<{ FIRST_OF_SHAPE[$place] }>(moves),)*
                    _ => self.generate_in(Shape::of(self.rules), moves),
                }
            }};
        }
        compiled_for_each_preset!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18)
    }

    /// [`Position::generate_moves`] for the preset at place `P` of
    /// [`presets::ALL`], with its shape folded in at compile time.
    #[inline(never)]
    fn generate_for_preset<const P: usize>(&self, moves: &mut MoveList) {
        self.generate_in(PRESET_SHAPES[P], moves)
    }

    /// [`Position::generate_moves`] for rules of this `shape`.
    #[inline(always)]
    fn generate_in(&self, shape: Shape, moves: &mut MoveList) {
        let cols = shape.cols as usize;
        let accepted = self.foundation_accepts_in(shape);
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
            movable[col] = match shape.run_moves {
                RunMoves::SingleCards => len.min(1),
                RunMoves::KingRunsToSpaces | RunMoves::AnyRun | RunMoves::WholeRun => self.run[col],
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

        // With whole runs only, a column moves its whole movable run or
        // nothing: the shortest part of it that may move is all of it.
        let whole = shape.run_moves == RunMoves::WholeRun;
        let shortest = |movable: u8| if whole { movable.max(1) } else { 1 };

        // The single cards that may go onto the tableau from elsewhere: the
        // waste's and reserve's tops, and foundation tops where the rules
        // allow them back, unless they would go straight back up by themselves.
        let slots = shape.slots as usize;
        let mut singles = ArrayVec::<(Pile, Card), { 2 + MAX_FOUNDATIONS }>::new();
        for (pile, top) in [(Pile::Waste, waste_top), (Pile::Reserve, reserve_top)] {
            if let Some(card) = top {
                singles.push((pile, card));
            }
        }
        if shape.foundation_to_tableau {
            let lowest = self.foundations[..slots].iter().copied().min().unwrap_or(0);
            let automatic = shape.automatic_moves == AutomaticMoves::RankComplete;
            for slot in 0..slots {
                let n = self.foundations[slot];
                // The card would go up by itself if every slot held n - 1 or more.
                if n > 0 && !(automatic && lowest + 1 >= n) {
                    let card = Card::new(Suit::from_index(slot as u8), shape.foundation_rank(self.base, n));
                    singles.push((Pile::Foundation(slot as u8), card));
                }
            }
        }

        // Bit `src` of a class's offers of rank `r`: column `src` can move a
        // card of that class and rank (with what lies on it) onto another
        // card. Going down a built run the ranks rise by one and every card
        // is of the run's class (see `build_class`), so a column offers the
        // ranks from its top card's up through its movable run: one range
        // per column, laid down as two toggles and summed up rank by rank
        // (with whole runs only, just the run's bottom rank). A destination
        // then asks only who offers the one card it takes.
        let ranks_rise_by_one =
            matches!(shape.build, Build::DownAlternateColours | Build::DownBySuit) && !shape.build_wrap;
        // A run's ranks rise by one up to at most 13, so `first + max <= 14`.
        // Two classes share a table, one in each half of its words, so that
        // building down in alternate colours sums up one table, not two.
        let mut offers = [[0u64; 16]; 2];
        let place = |class: usize| (class >> 1, (class & 1) * 32);
        if ranks_rise_by_one {
            let single = !shape.run_moves.runs_onto_cards();
            for src in 0..cols {
                let max = if single { movable[src].min(1) } else { movable[src] };
                let first = tops[src].rank() as usize;
                // An empty column (max 0) toggles one place twice: no offer.
                let lowest = if whole { first + max.saturating_sub(1) as usize } else { first };
                let (table, shift) = place(build_class(shape.build, tops[src]));
                offers[table][lowest] ^= 1 << (shift + src);
                offers[table][first + max as usize] ^= 1 << (shift + src);
            }
            // The single cards join in as sources numbered from 16 up.
            for (i, &(_, card)) in singles.iter().enumerate() {
                let (table, shift) = place(build_class(shape.build, card));
                offers[table][card.rank() as usize] ^= 1 << (shift + 16 + i);
                offers[table][card.rank() as usize + 1] ^= 1 << (shift + 16 + i);
            }
            let tables = if shape.build == Build::DownBySuit { 2 } else { 1 };
            for table in offers.iter_mut().take(tables) {
                let mut running = 0u64;
                for offer in table.iter_mut() {
                    running ^= *offer;
                    *offer = running;
                }
            }
        }

        // To the tableau.
        let fill = shape.spaces_fillable(occupied);
        for dest in 0..cols {
            let to = Pile::Tableau(dest as u8);
            let onto = tops[dest];
            if !onto.is_none() {
                if ranks_rise_by_one {
                    let wanted = onto.rank() as usize - 1;
                    let (table, shift) = place(build_class(shape.build, onto));
                    let offered = (offers[table][wanted] >> shift) as u32;
                    let mut sources = offered & 0xffff & !(1 << dest);
                    while sources != 0 {
                        let src = sources.trailing_zeros() as usize;
                        sources &= sources - 1;
                        // The card of rank `onto - 1` lies `k` deep.
                        let k = (onto.rank() - tops[src].rank()) as usize;
                        debug_assert!(shape.builds_on(self.columns[src][self.len[src] as usize - k], onto));
                        moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                    }
                    let mut sources = offered >> 16;
                    while sources != 0 {
                        let (pile, card) = singles[sources.trailing_zeros() as usize];
                        sources &= sources - 1;
                        debug_assert!(shape.builds_on(card, onto));
                        moves.push(Move::transfer(pile, to, 1));
                    }
                } else {
                    for src in 0..cols {
                        let len = self.len[src] as usize;
                        if src == dest || len == 0 {
                            continue;
                        }
                        let max = if shape.run_moves.runs_onto_cards() { movable[src] } else { 1 };
                        for k in shortest(max) as usize..=max as usize {
                            if shape.builds_on(self.columns[src][len - k], onto) {
                                moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                            }
                        }
                    }
                    for &(pile, card) in &singles {
                        if shape.builds_on(card, onto) {
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
                    if ranks_rise_by_one && shape.space == Space::KingOnly {
                        // Only the King can lead, and it lies `k` deep.
                        let k = (shape.ranks + 1).wrapping_sub(tops[src].rank()) as usize;
                        let parts = shortest(movable[src]) as usize..=movable[src] as usize;
                        if parts.contains(&k) && shape.fills_space(self.columns[src][len - k]) {
                            moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                        }
                        continue;
                    }
                    for k in shortest(movable[src]) as usize..=movable[src] as usize {
                        if shape.fills_space(self.columns[src][len - k]) {
                            moves.push(Move::transfer(Pile::Tableau(src as u8), to, k as u8));
                        }
                    }
                }
                for &(pile, card) in &singles {
                    if shape.fills_space(card) {
                        moves.push(Move::transfer(pile, to, 1));
                    }
                }
            }
        }

        // The stock.
        if self.talon_len > self.waste_len {
            moves.push(Move::Draw);
        } else if self.waste_len > 0 && self.rules.allows_pass(self.pass) {
            moves.push(Move::Redeal);
        }
    }
}
