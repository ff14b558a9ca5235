//! Setups: a position as a plain value ([`Setup`]) for tests, bug reports,
//! the solver's hand-built puzzles and the honest player's sampled worlds.
//! `Position::try_from(setup)` is the one checked way from a setup to a
//! [`Position`]; [`SetupError`] says what it refused.
//!
//! A setup also has a text form, which [`Setup`]'s `FromStr` reads and its
//! `Display` (and [`Position`]'s) writes:
//!
//! ```text
//! rules harmony
//! pass 1
//! f 2S -- -- AC
//! t1 5S 4H | KS QH
//! t2
//! stock 3C 4D
//! waste 2C 7D
//! ```
//!
//! `f` lists the top card of each foundation slot (`--` for an empty one);
//! a column lists its cards bottom first, with the face-down ones before `|`;
//! the stock lists the next card to be drawn first; the waste and the
//! reserve list their bottom card first. `base R` gives the foundations' base
//! rank where the player or the deal chooses it. Lines may come in any order,
//! each at most once, and omitted piles are empty. A setup may leave cards
//! out: they are out of play, which lets tests build small positions.

use std::fmt;
use std::str::FromStr;

use crate::card::{parse_rank, rank_char, Card, ParseCardError, Suit};
use crate::moves::Pile;
use crate::position::Position;
use crate::presets::{self, UnknownRules};
use crate::rules::*;

/// Everything on the table, as plain data: what [`Position`] holds, before
/// it is checked against the rules.
///
/// ```
/// use patience_core::setup::{Setup, SetupError};
/// use patience_core::{presets, Position};
///
/// // Harp with three cards in play: K♠ face down under Q♥, J♠ beside them.
/// let setup: Setup = "rules harp\nt1 KS | QH\nt2 JS\nstock 3C".parse().unwrap();
/// let pos = Position::try_from(setup.clone()).unwrap();
/// let moves: Vec<String> = pos.legal_moves().iter().map(|mv| mv.to_string()).collect();
/// assert_eq!(moves, ["t2-t1", "s"]);
/// assert_eq!(Setup::from(&pos), setup);
/// assert_eq!(pos.to_string().parse::<Setup>().unwrap(), setup); // the text reads back
///
/// // The checked constructor refuses what the rules' deck cannot hold.
/// let mut twice = Setup::empty(presets::find("harmony").unwrap());
/// twice.columns[0].cards = vec!["KS".parse().unwrap(), "KS".parse().unwrap()];
/// assert!(matches!(Position::try_from(twice), Err(SetupError::TooManyCopies { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub rules: &'static Rules,
    /// The current pass through the stock, from 1.
    pub pass: u16,
    /// The foundations' base rank (1 = Ace); `None` while the player has yet
    /// to choose it. Rules that build from the Ace need `Some(1)`.
    pub base: Option<u8>,
    /// The top card of each foundation slot; slot `i` holds suit `i % 4`.
    pub foundations: Vec<Option<Card>>,
    /// The tableau columns, one per column of the rules.
    pub columns: Vec<SetupColumn>,
    /// The stock, next card to draw first.
    pub stock: Vec<Card>,
    /// The waste, bottom card first.
    pub waste: Vec<Card>,
    /// The reserve, bottom card first.
    pub reserve: Vec<Card>,
}

/// One tableau column of a [`Setup`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetupColumn {
    /// Bottom card first.
    pub cards: Vec<Card>,
    /// How many cards at the bottom are face down.
    pub face_down: usize,
}

impl Setup {
    /// An empty table for `rules`: no cards anywhere, pass 1, the base rank
    /// the Ace where the rules fix it and unchosen otherwise.
    pub fn empty(rules: &'static Rules) -> Setup {
        Setup {
            rules,
            pass: 1,
            base: (rules.foundation_base == FoundationBase::Ace).then_some(1),
            foundations: vec![None; rules.foundation_count()],
            columns: vec![SetupColumn::default(); rules.column_count()],
            stock: Vec::new(),
            waste: Vec::new(),
            reserve: Vec::new(),
        }
    }

    /// Reads setup text for the given rules (any `rules` line is ignored),
    /// for rules that are not presets, such as cut-down decks.
    pub fn parse_with(rules: &'static Rules, text: &str) -> Result<Setup, SetupTextError> {
        read(rules, text).map(|(setup, _)| setup)
    }
}

/// Reads setup text whose `rules` line names a preset.
impl FromStr for Setup {
    type Err = SetupTextError;

    fn from_str(text: &str) -> Result<Setup, SetupTextError> {
        Setup::parse_with(rules_line(text)?, text)
    }
}

/// The setup of a position; turned back by `Position::try_from`, it gives
/// the same position.
impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            rules: pos.rules(),
            pass: pos.pass(),
            base: pos.base_rank(),
            foundations: (0..pos.foundation_slots()).map(|slot| pos.foundation_top(slot)).collect(),
            columns: (0..pos.column_count())
                .map(|col| SetupColumn { cards: pos.column(col).to_vec(), face_down: pos.face_down(col) })
                .collect(),
            stock: pos.stock().to_vec(),
            waste: pos.waste().to_vec(),
            reserve: pos.reserve().to_vec(),
        }
    }
}

/// Writes the setup text, which `FromStr` reads back.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules;
        let cards = |f: &mut fmt::Formatter<'_>, cards: &[Card]| -> fmt::Result {
            cards.iter().try_for_each(|c| write!(f, " {}", c.ascii()))
        };
        writeln!(f, "rules {}", rules.id)?;
        writeln!(f, "pass {}", self.pass)?;
        if rules.foundation_base != FoundationBase::Ace {
            match self.base {
                Some(r) => writeln!(f, "base {}", rank_char(r))?,
                None => writeln!(f, "base -")?,
            }
        }
        f.write_str("f")?;
        for top in &self.foundations {
            match top {
                Some(card) => write!(f, " {}", card.ascii())?,
                None => f.write_str(" --")?,
            }
        }
        writeln!(f)?;
        for (col, column) in self.columns.iter().enumerate() {
            write!(f, "t{}", col + 1)?;
            let down = column.face_down.min(column.cards.len());
            if down > 0 {
                cards(f, &column.cards[..down])?;
                f.write_str(" |")?;
            }
            cards(f, &column.cards[down..])?;
            writeln!(f)?;
        }
        if rules.stock_cards() > 0 || !self.stock.is_empty() || !self.waste.is_empty() {
            f.write_str("stock")?;
            cards(f, &self.stock)?;
            f.write_str("\nwaste")?;
            cards(f, &self.waste)?;
            writeln!(f)?;
        }
        if rules.reserve > 0 || !self.reserve.is_empty() {
            f.write_str("reserve")?;
            cards(f, &self.reserve)?;
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Writes the setup text of `pos` (what [`Position`]'s `Display` shows).
pub fn write_setup(pos: &Position) -> String {
    Setup::from(pos).to_string()
}

/// The setup text, which [`Position::from_setup`] reads back. Written here,
/// beside the text's reader, so that the position knows nothing of setups.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Setup::from(self), f)
    }
}

/// Why a [`Setup`] is not a position of its rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("these rules build the foundations from the Ace, so the base rank must be the Ace")]
    BaseNotAce,
    #[error("base rank {0} is not a rank of these rules")]
    BaseNotARank(u8),
    #[error("pass {0} is not allowed by these rules")]
    PassNotAllowed(u16),
    #[error("these rules have {expected} columns, the setup has {found}")]
    ColumnCount { expected: usize, found: usize },
    #[error("these rules have {expected} foundations, the setup has {found}")]
    FoundationCount { expected: usize, found: usize },
    #[error("{}: the top card is face down ({face_down} face down of {cards})", pile_name(Pile::Tableau(*.column)))]
    TopCardFaceDown { column: u8, face_down: usize, cards: usize },
    #[error("{} holds {cards} cards; at most {capacity} fit", pile_name(*.pile))]
    PileTooLong { pile: Pile, cards: usize, capacity: usize },
    #[error("stock and waste hold {cards} cards; at most {MAX_TALON} fit")]
    TalonTooLong { cards: usize },
    #[error("{}: {} is not a card of these rules' deck", pile_name(*.pile), .card.ascii())]
    NotInDeck { pile: Pile, card: Card },
    #[error("{}: {} appears more often than {decks} deck(s) hold", pile_name(*.pile), .card.ascii())]
    TooManyCopies { pile: Pile, card: Card, decks: u8 },
    #[error("foundation {} holds {}s, not {}", .slot + 1, suit_name(*.slot), .card.ascii())]
    FoundationSuit { slot: u8, card: Card },
    #[error("foundation {} holds cards, so the base rank must be given", .slot + 1)]
    FoundationWithoutBase { slot: u8 },
    #[error("{} cannot top foundation {} built from rank {}", .card.ascii(), .slot + 1, rank_char(*.base))]
    FoundationBelowBase { slot: u8, card: Card, base: u8 },
}

impl SetupError {
    /// The pile the error is about, if it is about one.
    pub fn pile(&self) -> Option<Pile> {
        match *self {
            SetupError::TopCardFaceDown { column, .. } => Some(Pile::Tableau(column)),
            SetupError::PileTooLong { pile, .. }
            | SetupError::NotInDeck { pile, .. }
            | SetupError::TooManyCopies { pile, .. } => Some(pile),
            SetupError::FoundationSuit { slot, .. }
            | SetupError::FoundationWithoutBase { slot }
            | SetupError::FoundationBelowBase { slot, .. } => Some(Pile::Foundation(slot)),
            _ => None,
        }
    }
}

fn pile_name(pile: Pile) -> String {
    match pile {
        Pile::Tableau(col) => format!("column {}", col + 1),
        Pile::Stock => "the stock".into(),
        Pile::Waste => "the waste".into(),
        Pile::Reserve => "the reserve".into(),
        Pile::Foundation(slot) => format!("foundation {}", slot + 1),
        Pile::AnyFoundation => "the foundations".into(),
    }
}

fn suit_name(slot: u8) -> &'static str {
    ["spade", "heart", "diamond", "club"][slot as usize % 4]
}

/// The checked constructor: the position the setup describes, after the
/// rules' automatic moves, or why the setup breaks the rules' limits.
impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let rules = setup.rules;
        match setup.base {
            _ if rules.foundation_base != FoundationBase::Ace => {}
            Some(1) => {}
            _ => return Err(SetupError::BaseNotAce),
        }
        if let Some(base) = setup.base.filter(|&b| b == 0 || b > rules.ranks) {
            return Err(SetupError::BaseNotARank(base));
        }
        if setup.pass == 0 || !rules.allows_pass(setup.pass - 1) {
            return Err(SetupError::PassNotAllowed(setup.pass));
        }
        if setup.columns.len() != rules.column_count() {
            return Err(SetupError::ColumnCount { expected: rules.column_count(), found: setup.columns.len() });
        }
        if setup.foundations.len() != rules.foundation_count() {
            return Err(SetupError::FoundationCount {
                expected: rules.foundation_count(),
                found: setup.foundations.len(),
            });
        }

        for (col, column) in setup.columns.iter().enumerate() {
            let cards = column.cards.len();
            if cards > COLUMN_CAPACITY {
                return Err(SetupError::PileTooLong {
                    pile: Pile::Tableau(col as u8),
                    cards,
                    capacity: COLUMN_CAPACITY,
                });
            }
            if column.face_down > 0 && column.face_down >= cards {
                return Err(SetupError::TopCardFaceDown { column: col as u8, face_down: column.face_down, cards });
            }
        }
        if setup.stock.len() + setup.waste.len() > MAX_TALON {
            return Err(SetupError::TalonTooLong { cards: setup.stock.len() + setup.waste.len() });
        }
        if setup.reserve.len() > MAX_RESERVE {
            return Err(SetupError::PileTooLong {
                pile: Pile::Reserve,
                cards: setup.reserve.len(),
                capacity: MAX_RESERVE,
            });
        }

        let mut deck = DeckCount { rules, seen: [0; 64] };
        let mut pos = Position::empty(rules);
        for (col, column) in setup.columns.iter().enumerate() {
            deck.take_all(Pile::Tableau(col as u8), &column.cards)?;
            pos.set_column(col, &column.cards, column.face_down);
        }
        deck.take_all(Pile::Stock, &setup.stock)?;
        deck.take_all(Pile::Waste, &setup.waste)?;
        pos.set_talon(&setup.waste, &setup.stock);
        deck.take_all(Pile::Reserve, &setup.reserve)?;
        pos.set_reserve(&setup.reserve);

        for (slot, top) in setup.foundations.iter().enumerate() {
            let Some(&top) = top.as_ref() else { continue };
            let pile = Pile::Foundation(slot as u8);
            let slot8 = slot as u8;
            deck.in_deck(pile, top)?;
            if top.suit() != Suit::from_index(slot8) {
                return Err(SetupError::FoundationSuit { slot: slot8, card: top });
            }
            let base = setup.base.ok_or(SetupError::FoundationWithoutBase { slot: slot8 })?;
            let count = (top.rank() + rules.ranks - base) % rules.ranks + 1;
            if count > 1 && !rules.foundation_wrap && top.rank() < base {
                return Err(SetupError::FoundationBelowBase { slot: slot8, card: top, base });
            }
            for k in 0..count {
                deck.take(pile, Card::new(top.suit(), (base - 1 + k) % rules.ranks + 1))?;
            }
            pos.set_foundation(slot, count);
        }
        pos.set_base(setup.base.unwrap_or(0));
        pos.set_pass(setup.pass);
        pos.settle_after_setup();
        Ok(pos)
    }
}

/// How many of each card a setup has used so far, against the deck(s).
struct DeckCount {
    rules: &'static Rules,
    seen: [u8; 64],
}

impl DeckCount {
    fn in_deck(&self, pile: Pile, card: Card) -> Result<(), SetupError> {
        if card.rank() == 0 || card.rank() > self.rules.ranks {
            return Err(SetupError::NotInDeck { pile, card });
        }
        Ok(())
    }

    fn take(&mut self, pile: Pile, card: Card) -> Result<(), SetupError> {
        self.in_deck(pile, card)?;
        let seen = &mut self.seen[card.to_u8() as usize];
        *seen += 1;
        if *seen > self.rules.decks {
            return Err(SetupError::TooManyCopies { pile, card, decks: self.rules.decks });
        }
        Ok(())
    }

    fn take_all(&mut self, pile: Pile, cards: &[Card]) -> Result<(), SetupError> {
        cards.iter().try_for_each(|&card| self.take(pile, card))
    }
}

impl Position {
    /// Reads setup text whose `rules` line names a preset: the text read as
    /// a [`Setup`], then the checked constructor, with the line at fault.
    ///
    /// ```
    /// use patience_core::Position;
    ///
    /// let pos = Position::from_setup("rules pitchfork\nt1 5H\nt2 6S").unwrap();
    /// assert_eq!(pos.legal_moves()[0].to_string(), "t1-t2");
    ///
    /// let err = Position::from_setup("rules harmony\nt1 KS\nt2 KS").unwrap_err();
    /// assert_eq!(err.line, 3);
    /// assert_eq!(err.to_string(), "bad setup, line 3: column 2: KS appears more often than 1 deck(s) hold");
    /// ```
    pub fn from_setup(text: &str) -> Result<Position, SetupTextError> {
        Position::from_setup_with(rules_line(text)?, text)
    }

    /// Reads setup text for the given rules (any `rules` line is ignored),
    /// for rules that are not presets, such as cut-down decks.
    pub fn from_setup_with(rules: &'static Rules, text: &str) -> Result<Position, SetupTextError> {
        let (setup, lines) = read(rules, text)?;
        Position::try_from(setup)
            .map_err(|e| SetupTextError { line: lines.of(&e), problem: SetupTextProblem::Invalid(e) })
    }
}

/// Why setup text was refused, and on which line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad setup, line {line}: {problem}")]
pub struct SetupTextError {
    /// The 1-based line of the problem, 0 for the setup as a whole.
    pub line: usize,
    pub problem: SetupTextProblem,
}

/// What is wrong with a setup text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupTextProblem {
    #[error("no `rules ID` line")]
    NoRules,
    #[error(transparent)]
    UnknownRules(#[from] UnknownRules),
    #[error("unknown line `{key}`: expected rules, pass, base, f, t1..t{columns}, stock, waste or reserve")]
    UnknownLine { key: String, columns: usize },
    #[error("a second `{0}` line")]
    Repeated(String),
    #[error("`{0}` is not a pass number")]
    NotAPass(String),
    #[error("`{0}` is not a rank")]
    NotARank(String),
    #[error(transparent)]
    NotACard(#[from] ParseCardError),
    /// The text reads, but the setup it describes breaks the rules.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

/// The preset a setup text's `rules` line names.
fn rules_line(text: &str) -> Result<&'static Rules, SetupTextError> {
    let whole = |problem| SetupTextError { line: 0, problem };
    let id = text.lines().find_map(|l| l.trim().strip_prefix("rules ")).ok_or(whole(SetupTextProblem::NoRules))?;
    presets::find(id.trim()).map_err(|e| whole(e.into()))
}

/// The line each part of a setup text came from, so that the checked
/// constructor's errors can name it.
#[derive(Default)]
struct Lines {
    pass: usize,
    base: usize,
    foundations: usize,
    columns: [usize; MAX_COLUMNS],
    stock: usize,
    waste: usize,
    reserve: usize,
}

impl Lines {
    fn of(&self, e: &SetupError) -> usize {
        match e {
            SetupError::BaseNotAce | SetupError::BaseNotARank(_) => return self.base,
            SetupError::PassNotAllowed(_) => return self.pass,
            SetupError::FoundationCount { .. } => return self.foundations,
            _ => {}
        }
        match e.pile() {
            Some(Pile::Tableau(col)) => self.columns[col as usize],
            Some(Pile::Stock) => self.stock,
            Some(Pile::Waste) => self.waste,
            Some(Pile::Reserve) => self.reserve,
            Some(Pile::Foundation(_) | Pile::AnyFoundation) => self.foundations,
            None => 0,
        }
    }
}

fn read(rules: &'static Rules, text: &str) -> Result<(Setup, Lines), SetupTextError> {
    let mut setup = Setup::empty(rules);
    let mut lines = Lines::default();
    let mut rules_seen = 0;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let bad = |problem: SetupTextProblem| SetupTextError { line: n, problem };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let cards = |text: &str| -> Result<Vec<Card>, SetupTextError> {
            text.split_whitespace().map(|word| word.parse::<Card>().map_err(|e| bad(e.into()))).collect()
        };
        let slot = match key {
            "rules" => &mut rules_seen,
            "pass" => &mut lines.pass,
            "base" => &mut lines.base,
            "f" => &mut lines.foundations,
            "stock" => &mut lines.stock,
            "waste" => &mut lines.waste,
            "reserve" => &mut lines.reserve,
            _ => {
                let col = key
                    .strip_prefix('t')
                    .and_then(|d| d.parse::<usize>().ok())
                    .filter(|&c| (1..=rules.column_count()).contains(&c))
                    .ok_or_else(|| {
                        bad(SetupTextProblem::UnknownLine { key: key.to_string(), columns: rules.column_count() })
                    })?;
                &mut lines.columns[col - 1]
            }
        };
        if *slot != 0 {
            return Err(bad(SetupTextProblem::Repeated(key.to_string())));
        }
        *slot = n;
        match key {
            "rules" => {}
            "pass" => {
                let rest = rest.trim();
                setup.pass = rest.parse().map_err(|_| bad(SetupTextProblem::NotAPass(rest.to_string())))?;
            }
            "base" => {
                let r = rest.trim();
                setup.base = match r {
                    "-" => None,
                    _ => Some(parse_rank(r).ok_or_else(|| bad(SetupTextProblem::NotARank(r.to_string())))?),
                };
            }
            "f" => {
                setup.foundations = rest
                    .split_whitespace()
                    .map(|word| match word {
                        "--" => Ok(None),
                        _ => word.parse::<Card>().map(Some).map_err(|e| bad(e.into())),
                    })
                    .collect::<Result<_, _>>()?;
            }
            "stock" => setup.stock = cards(rest)?,
            "waste" => setup.waste = cards(rest)?,
            "reserve" => setup.reserve = cards(rest)?,
            _ => {
                let col = key[1..].parse::<usize>().expect("checked above") - 1;
                let (down, up) = match rest.split_once('|') {
                    Some((down, up)) => (cards(down)?, cards(up)?),
                    None => (Vec::new(), cards(rest)?),
                };
                setup.columns[col] = SetupColumn { face_down: down.len(), cards: [down, up].concat() };
            }
        }
    }
    Ok((setup, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn harmony() -> &'static Rules {
        presets::find("harmony").unwrap()
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn every_opening_position_round_trips_through_its_setup() {
        for rules in presets::ALL {
            for deal in 1..=3 {
                let pos = Position::deal(rules, deal);
                let text = write_setup(&pos);
                let back = Position::from_setup(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", rules.id));
                assert_eq!(back, pos, "{}", rules.id);
                let setup: Setup = text.parse().unwrap();
                assert_eq!(setup, Setup::from(&pos), "{}", rules.id);
                assert_eq!(Position::try_from(setup).unwrap(), pos, "{}", rules.id);
            }
        }
    }

    #[test]
    fn bad_setup_texts_name_the_line() {
        let e = Position::from_setup("rules harmony\nt1 KS KS").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(matches!(e.problem, SetupTextProblem::Invalid(SetupError::TooManyCopies { .. })), "{e}");
        assert!(e.to_string().contains("KS appears more often"), "{e}");
        let e = Position::from_setup("rules harmony\nt9 KS").unwrap_err();
        assert!(matches!(e.problem, SetupTextProblem::UnknownLine { .. }), "{e}");
        let e = Position::from_setup("rules nope").unwrap_err();
        assert!(matches!(e.problem, SetupTextProblem::UnknownRules(_)), "{e}");
        assert!(e.to_string().contains("unknown game"), "{e}");
        let e = Position::from_setup("t1 KS").unwrap_err();
        assert_eq!(e.problem, SetupTextProblem::NoRules);
        let e = Position::from_setup("rules lasker\n\nf 5S -- -- --").unwrap_err();
        assert_eq!((e.line, e.problem), (3, SetupTextProblem::Invalid(SetupError::FoundationWithoutBase { slot: 0 })));
        let e = Position::from_setup("rules harmony\nt1 KS\nt1 QS").unwrap_err();
        assert_eq!((e.line, e.problem), (3, SetupTextProblem::Repeated("t1".into())));
        let e = Position::from_setup("rules harmony\npass x").unwrap_err();
        assert_eq!(e.problem, SetupTextProblem::NotAPass("x".into()));
        let e = Position::from_setup("rules lasker\nbase 0").unwrap_err();
        assert_eq!(e.problem, SetupTextProblem::NotARank("0".into()));
        let e = Position::from_setup("rules harmony\nstock KS\nwaste 1X").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(matches!(e.problem, SetupTextProblem::NotACard(_)), "{e}");
        let e = Position::from_setup("rules harmony\nbase 5").unwrap_err();
        assert_eq!((e.line, e.problem), (2, SetupTextProblem::Invalid(SetupError::BaseNotAce)));
    }

    /// The checked constructor's error for `setup` changed by `change`.
    fn refused(rules: &'static Rules, change: impl FnOnce(&mut Setup)) -> SetupError {
        let mut setup = Setup::empty(rules);
        change(&mut setup);
        Position::try_from(setup).unwrap_err()
    }

    #[test]
    fn the_checked_constructor_refuses_each_kind_of_bad_setup() {
        let lasker = presets::find("lasker").unwrap();
        let harp = presets::find("harp").unwrap();
        let column =
            |cards: &[&str], face_down| SetupColumn { cards: cards.iter().map(|c| card(c)).collect(), face_down };

        assert_eq!(refused(harmony(), |s| s.base = None), SetupError::BaseNotAce);
        assert_eq!(refused(harmony(), |s| s.base = Some(5)), SetupError::BaseNotAce);
        assert_eq!(refused(lasker, |s| s.base = Some(14)), SetupError::BaseNotARank(14));
        assert_eq!(refused(lasker, |s| s.base = Some(0)), SetupError::BaseNotARank(0));
        assert_eq!(refused(harp, |s| s.pass = 0), SetupError::PassNotAllowed(0));
        assert_eq!(refused(harp, |s| s.pass = 5), SetupError::PassNotAllowed(5));
        assert_eq!(
            refused(harmony(), |s| s.columns.pop().map(drop).unwrap()),
            SetupError::ColumnCount { expected: 7, found: 6 }
        );
        assert_eq!(
            refused(harmony(), |s| s.foundations.push(None)),
            SetupError::FoundationCount { expected: 4, found: 5 }
        );
        assert_eq!(
            refused(harmony(), |s| s.columns[2] = column(&["KS", "QH"], 2)),
            SetupError::TopCardFaceDown { column: 2, face_down: 2, cards: 2 }
        );
        assert_eq!(
            refused(harmony(), |s| s.columns[0] = column(&[], 1)),
            SetupError::TopCardFaceDown { column: 0, face_down: 1, cards: 0 }
        );
        let too_tall: Vec<Card> = Suit::ALL.iter().flat_map(|&s| (1..=7).map(move |r| Card::new(s, r))).collect();
        assert_eq!(
            refused(harmony(), |s| s.columns[1] = SetupColumn { cards: too_tall, face_down: 0 }),
            SetupError::PileTooLong { pile: Pile::Tableau(1), cards: 28, capacity: COLUMN_CAPACITY }
        );
        let nine: Vec<Card> = (1..=9).map(|r| Card::new(Suit::Hearts, r)).collect();
        assert_eq!(
            refused(harmony(), |s| s.reserve = nine),
            SetupError::PileTooLong { pile: Pile::Reserve, cards: 9, capacity: MAX_RESERVE }
        );
        let deck: Vec<Card> = Suit::ALL.iter().flat_map(|&s| (1..=13).map(move |r| Card::new(s, r))).collect();
        assert_eq!(
            refused(harp, |s| (s.stock, s.waste) = (deck.clone(), deck)),
            SetupError::TalonTooLong { cards: 104 }
        );
        assert_eq!(
            refused(harmony(), |s| s.waste = vec![Card::NONE]),
            SetupError::NotInDeck { pile: Pile::Waste, card: Card::NONE }
        );
        let five_ranks: &'static Rules = Box::leak(Box::new(Rules { ranks: 5, ..harmony().clone() }));
        assert_eq!(
            refused(five_ranks, |s| s.foundations[0] = Some(card("6S"))),
            SetupError::NotInDeck { pile: Pile::Foundation(0), card: card("6S") }
        );
        assert_eq!(
            refused(harmony(), |s| (s.stock, s.reserve) = (vec![card("7D")], vec![card("7D")])),
            SetupError::TooManyCopies { pile: Pile::Reserve, card: card("7D"), decks: 1 }
        );
        assert_eq!(
            refused(harmony(), |s| (s.stock, s.foundations[2]) = (vec![card("2D")], Some(card("3D")))),
            SetupError::TooManyCopies { pile: Pile::Foundation(2), card: card("2D"), decks: 1 }
        );
        assert_eq!(
            refused(harmony(), |s| s.foundations[1] = Some(card("4S"))),
            SetupError::FoundationSuit { slot: 1, card: card("4S") }
        );
        assert_eq!(
            refused(lasker, |s| s.foundations[3] = Some(card("4C"))),
            SetupError::FoundationWithoutBase { slot: 3 }
        );
        let no_wrap: &'static Rules = Box::leak(Box::new(Rules { foundation_wrap: false, ..lasker.clone() }));
        assert_eq!(
            refused(no_wrap, |s| (s.base, s.foundations[0]) = (Some(5), Some(card("3S")))),
            SetupError::FoundationBelowBase { slot: 0, card: card("3S"), base: 5 }
        );
    }

    #[test]
    fn a_setup_built_as_a_value_is_the_position_its_text_describes() {
        let text = "rules harmony\npass 1\nf 2S -- -- AC\nt1 5S 4H | KS QH\nstock 3C 4D\nwaste 2C 7D\n";
        let mut setup = Setup::empty(harmony());
        setup.foundations[0] = Some(card("2S"));
        setup.foundations[3] = Some(card("AC"));
        setup.columns[0] = SetupColumn { cards: ["5S", "4H", "KS", "QH"].map(card).to_vec(), face_down: 2 };
        setup.stock = vec![card("3C"), card("4D")];
        setup.waste = vec![card("2C"), card("7D")];
        assert_eq!(text.parse::<Setup>().unwrap(), setup);
        assert_eq!(Position::try_from(setup).unwrap(), Position::from_setup(text).unwrap());
    }
}
