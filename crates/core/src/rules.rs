//! Rules as data: one [`Rules`] value describes a whole game.
//!
//! Every game and variant of `docs/RULES.md` is a preset of this type (see
//! [`crate::presets`]); the single move generator in [`crate::position`] reads
//! these fields and nothing else, so a new variant is a few lines of data.

use crate::card::Card;

/// Which face of the dealt tableau cards shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DealFace {
    /// Only the top card of each column is face up (Harp, Klondike).
    TopCardUp,
    /// Every tableau card is face up (Pitchfork, Lasker).
    AllUp,
}

/// How a card may be placed on a tableau card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Build {
    /// One rank lower, other colour: red on black, black on red.
    DownAlternateColours,
    /// One rank lower, same suit.
    DownBySuit,
    /// One rank higher or lower, same suit.
    UpOrDownBySuit,
}

/// What may move from one tableau column to another as a unit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunMoves {
    /// One card at a time.
    SingleCards,
    /// One card at a time, except that a King-led run may move into an empty
    /// column (Harp).
    KingRunsToSpaces,
    /// Any correctly built face-up run from some card to the top.
    AnyRun,
    /// Only the whole correctly built run at the top of a column, from the
    /// top card down as far as it is built, moves to another column: no
    /// part of it alone (Pitchfork's "No Partial Sequence Moves"). A single
    /// card still goes to a foundation from the top.
    WholeRun,
}

impl RunMoves {
    /// Whether a run of several cards may go onto another card.
    #[inline]
    pub fn runs_onto_cards(self) -> bool {
        matches!(self, RunMoves::AnyRun | RunMoves::WholeRun)
    }
}

/// What may fill an empty tableau column.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Space {
    /// Only a King, or a run whose bottom card is a King.
    KingOnly,
    /// Any card or run.
    AnyCard,
    /// An emptied column stays empty for the rest of the game (Lasker).
    NeverRefilled,
}

/// How many times the player may go through the stock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Passes {
    /// At most this many passes; the first pass counts, so `Limited(1)` means
    /// no redeal.
    Limited(u8),
    Unlimited,
}

/// Which rank an empty foundation takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FoundationBase {
    Ace,
    /// The first card the player moves to a foundation sets the base (Lasker).
    ChosenByFirstMove,
    /// The first card of the deal goes to a foundation and sets the base
    /// (Pitchfork Warfield).
    FirstCardDealt,
}

/// Moves the rules make by themselves, as part of the move that enables them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AutomaticMoves {
    None,
    /// Solitaire Harmony: an available card of rank r goes to its foundation
    /// once every card of rank r - 1 is on the foundations (Aces always).
    RankComplete,
    /// Die Große Harfe: every Ace that shows face up (at the deal, turned up
    /// in a column, drawn, or coming to the top of the waste) goes to a
    /// foundation by itself. Only with foundations built from the Ace.
    AcesUp,
}

/// How a game is scored.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Won or not; cards on the foundations rank duels.
    None,
    /// Solitaire Harmony's points (see [`crate::scoring`]).
    Harmony,
}

/// A complete game description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Stable id, `game` or `game/variant`, used in URLs and records.
    pub id: &'static str,
    /// The game this is a variant of (`harp` for `harp/3-passes`).
    pub game: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Key of the numbered deals: variants with the same layout share it and
    /// so deal the same cards for the same number.
    pub deal_key: &'static str,
    /// 1 or 2 decks.
    pub decks: u8,
    /// Ranks per suit, Ace up: 13 for a full deck (fewer for cut-down decks
    /// used to check the solver by exhaustive search).
    pub ranks: u8,
    /// Cards dealt to each tableau column, left to right.
    pub columns: &'static [u8],
    pub deal_face: DealFace,
    /// Cards dealt face up to the reserve pile, whose top card is available.
    pub reserve: u8,
    pub build: Build,
    /// Tableau building continues round the corner: A on K going up, K on A
    /// going down.
    pub build_wrap: bool,
    pub run_moves: RunMoves,
    pub space: Space,
    /// A space may only be filled while fewer than this many columns hold cards.
    pub max_occupied: u8,
    /// Cards turned from stock to waste per draw (0 when there is no stock).
    pub draw: u8,
    pub passes: Passes,
    pub foundation_base: FoundationBase,
    /// Foundations continue from King to Ace.
    pub foundation_wrap: bool,
    pub foundation_to_tableau: bool,
    pub automatic_moves: AutomaticMoves,
    pub scoring: Scoring,
    /// Time limit in seconds, counted by whoever keeps the clock (the server).
    pub clock_secs: Option<u32>,
    /// One line for game lists.
    pub summary: &'static str,
}

/// Capacity of one tableau column in a [`crate::Position`].
pub const COLUMN_CAPACITY: usize = 24;
/// Most tableau columns any game has.
pub const MAX_COLUMNS: usize = 10;
/// Most cards in stock and waste together.
pub const MAX_TALON: usize = 64;
/// Most cards in the reserve.
pub const MAX_RESERVE: usize = 8;
/// Most foundations (two decks).
pub const MAX_FOUNDATIONS: usize = 8;

impl Rules {
    pub fn card_count(&self) -> usize {
        self.decks as usize * 4 * self.ranks as usize
    }

    pub fn foundation_count(&self) -> usize {
        self.decks as usize * 4
    }

    pub fn column_count(&self) -> usize {
        self.columns.len()
    }

    pub fn tableau_cards(&self) -> usize {
        self.columns.iter().map(|&c| c as usize).sum()
    }

    pub fn stock_cards(&self) -> usize {
        let on_foundation = usize::from(self.foundation_base == FoundationBase::FirstCardDealt);
        self.card_count() - self.tableau_cards() - self.reserve as usize - on_foundation
    }

    /// Whether these are a game's own rules, not a variant of them: their
    /// id is the game's (`harp`, not `harp/3-passes`).
    ///
    /// ```
    /// use patience_core::presets;
    ///
    /// assert!(presets::find("harp").unwrap().is_default());
    /// assert!(!presets::find("harp/3-passes").unwrap().is_default());
    /// ```
    pub fn is_default(&self) -> bool {
        self.id == self.game
    }

    /// Whether the deal shows every card: all dealt face up and no stock
    /// (Pitchfork, Lasker). Such a game hides nothing from the first move,
    /// so its par can be told from the start.
    ///
    /// ```
    /// use patience_core::presets;
    ///
    /// assert!(presets::find("lasker").unwrap().deal_shows_every_card());
    /// assert!(!presets::find("harmony").unwrap().deal_shows_every_card());
    /// ```
    pub fn deal_shows_every_card(&self) -> bool {
        self.deal_face == DealFace::AllUp && self.stock_cards() == 0
    }

    /// The highest rank, which leads runs into King-only spaces.
    pub fn king(&self) -> u8 {
        self.ranks
    }

    /// Whether `card` may be placed on `onto` in the tableau.
    ///
    /// ```
    /// use patience_core::{presets, Card};
    ///
    /// let card = |text: &str| text.parse::<Card>().unwrap();
    /// let harmony = presets::find("harmony").unwrap(); // down, alternate colours
    /// assert!(harmony.builds_on(card("6H"), card("7C")));
    /// assert!(!harmony.builds_on(card("6H"), card("7D")));
    /// let classic = presets::find("lasker/classic").unwrap(); // up or down by suit, with wrap
    /// assert!(classic.builds_on(card("8C"), card("7C")));
    /// assert!(classic.builds_on(card("AS"), card("KS")));
    /// ```
    #[inline]
    pub fn builds_on(&self, card: Card, onto: Card) -> bool {
        Shape::of(self).builds_on(card, onto)
    }

    /// The rank that follows `rank` on a foundation, wrapping if allowed.
    #[inline]
    pub fn next_foundation_rank(&self, rank: u8) -> Option<u8> {
        if rank < self.ranks {
            Some(rank + 1)
        } else if self.foundation_wrap {
            Some(1)
        } else {
            None
        }
    }

    /// Whether a redeal may start pass `pass + 1`.
    pub fn allows_pass(&self, pass: u16) -> bool {
        match self.passes {
            Passes::Limited(n) => pass < n as u16,
            Passes::Unlimited => true,
        }
    }

    /// Checks that the engine's fixed-size arrays can hold this game.
    pub fn validate(&self) -> Result<(), String> {
        let err = |what: &str| Err(format!("rules `{}`: {what}", self.id));
        if !(1..=2).contains(&self.decks) {
            return err("decks must be 1 or 2");
        }
        if !(1..=13).contains(&self.ranks) {
            return err("ranks must be 1 to 13");
        }
        if self.columns.is_empty() || self.columns.len() > MAX_COLUMNS {
            return err("1 to 10 tableau columns");
        }
        let tallest = *self.columns.iter().max().unwrap_or(&0) as usize;
        if tallest + self.ranks as usize > COLUMN_CAPACITY {
            return err("a column could outgrow its capacity");
        }
        if self.reserve as usize > MAX_RESERVE {
            return err("reserve too large");
        }
        let dealt = self.tableau_cards()
            + self.reserve as usize
            + usize::from(self.foundation_base == FoundationBase::FirstCardDealt);
        if dealt > self.card_count() {
            return err("more cards dealt than the deck holds");
        }
        if self.stock_cards() > MAX_TALON {
            return err("stock too large");
        }
        if self.stock_cards() > 0 && self.draw == 0 {
            return err("a stock needs a draw count");
        }
        if self.passes == Passes::Limited(0) {
            return err("at least one pass");
        }
        if self.automatic_moves == AutomaticMoves::AcesUp && self.foundation_base != FoundationBase::Ace {
            return err("Aces go up by themselves only onto foundations built from the Ace");
        }
        Ok(())
    }
}

/// The fields of [`Rules`] that decide which moves are legal, as one small
/// `Copy` value. The move generator is written once over a `Shape`, and
/// compiled once more for each preset's shape as a constant, with its rules
/// folded in (see `position::movegen`): the engine spends most of its time
/// there. Tableau building is defined here, for both.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Shape {
    /// Tableau columns.
    pub(crate) cols: u8,
    pub(crate) ranks: u8,
    /// Foundation slots.
    pub(crate) slots: u8,
    pub(crate) build: Build,
    pub(crate) build_wrap: bool,
    pub(crate) run_moves: RunMoves,
    pub(crate) space: Space,
    pub(crate) max_occupied: u8,
    pub(crate) foundation_to_tableau: bool,
    pub(crate) automatic_moves: AutomaticMoves,
    /// Foundations built from the Ace, which never change their base.
    pub(crate) from_ace: bool,
}

impl Shape {
    /// Every field in one number, for comparing shapes in constants.
    pub(crate) const fn key(self) -> u128 {
        let fields = [
            self.cols,
            self.ranks,
            self.slots,
            self.build as u8,
            self.build_wrap as u8,
            self.run_moves as u8,
            self.space as u8,
            self.max_occupied,
            self.foundation_to_tableau as u8,
            self.automatic_moves as u8,
            self.from_ace as u8,
        ];
        let mut key = 0;
        let mut i = 0;
        while i < fields.len() {
            key = key << 8 | fields[i] as u128;
            i += 1;
        }
        key
    }

    #[inline]
    pub(crate) const fn of(rules: &Rules) -> Shape {
        let cols = rules.columns.len();
        let slots = rules.decks as usize * 4;
        Shape {
            cols: if cols < MAX_COLUMNS { cols } else { MAX_COLUMNS } as u8,
            ranks: rules.ranks,
            slots: if slots < MAX_FOUNDATIONS { slots } else { MAX_FOUNDATIONS } as u8,
            build: rules.build,
            build_wrap: rules.build_wrap,
            run_moves: rules.run_moves,
            space: rules.space,
            max_occupied: rules.max_occupied,
            foundation_to_tableau: rules.foundation_to_tableau,
            automatic_moves: rules.automatic_moves,
            from_ace: matches!(rules.foundation_base, FoundationBase::Ace),
        }
    }

    /// The rank of the `n`th card (from 1) of a foundation built from `base`.
    #[inline(always)]
    pub(crate) fn foundation_rank(self, base: u8, n: u8) -> u8 {
        if self.from_ace {
            debug_assert_eq!(base, 1);
            return n;
        }
        // (base - 1 + n - 1) mod ranks + 1, without a division: both terms are
        // below `ranks`, so one subtraction wraps it.
        let rank = base + n - 1;
        if rank > self.ranks {
            rank - self.ranks
        } else {
            rank
        }
    }

    /// Whether an empty column may be filled when `occupied` columns hold cards.
    #[inline(always)]
    pub(crate) fn spaces_fillable(self, occupied: usize) -> bool {
        self.space != Space::NeverRefilled && occupied < self.max_occupied as usize
    }

    /// Whether `card` may lead what goes into an empty column.
    #[inline(always)]
    pub(crate) fn fills_space(self, card: Card) -> bool {
        match self.space {
            Space::KingOnly => card.rank() == self.ranks,
            Space::AnyCard => true,
            Space::NeverRefilled => false,
        }
    }

    /// [`Rules::builds_on`].
    #[inline(always)]
    pub(crate) fn builds_on(self, card: Card, onto: Card) -> bool {
        let below = |low: u8, high: u8| low + 1 == high || (self.build_wrap && low == self.ranks && high == 1);
        match self.build {
            Build::DownAlternateColours => below(card.rank(), onto.rank()) && card.is_red() != onto.is_red(),
            Build::DownBySuit => below(card.rank(), onto.rank()) && card.same_suit(onto),
            Build::UpOrDownBySuit => {
                card.same_suit(onto) && (below(card.rank(), onto.rank()) || below(onto.rank(), card.rank()))
            }
        }
    }
}
