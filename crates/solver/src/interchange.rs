//! Solvitaire's JSON deal format, written and read, so that deals from other
//! tools can be solved here and our verdicts checked by an independent
//! solver on the very same cards.
//!
//! ```json
//! {
//!   "tableau piles": [
//!     ["KS"],
//!     ["9c", "QH"],
//!     ["Ah", "10d", "4C"]
//!   ],
//!   "stock": ["2D", "7S", "JH"],
//!   "waste": [],
//!   "foundations": [["AS", "2S"], [], [], []]
//! }
//! ```
//!
//! The conventions are Solvitaire's own (its deal parser and card reader):
//! - A card is a rank (`A`, `2`..`10`, `J`, `Q`, `K`, any case; also `1`,
//!   `11`..`13`, and here `T` too) followed by a suit letter. The **case of
//!   the suit letter** tells a tableau card's face: lower case (`Ah`, `10d`)
//!   is face down, upper case (`AH`) face up. It is only read so in games
//!   that deal cards face down (Harp, Die Große Harfe, Harmony); in games
//!   dealt all face up, and outside the tableau, case means nothing.
//!   We write ranks in upper case and `10` for ten, as Solvitaire does.
//! - Every pile is listed **bottom card first**, so its last card is the top:
//!   a tableau pile's face-down cards come first, the waste ends with the
//!   playable card, and the **stock ends with the next card to be drawn**
//!   (its first card is the one dealt last).
//! - `foundations` is a list of piles, bottom first, 4 per deck; Solvitaire
//!   puts each card on the foundation of its suit. We write our slots in
//!   order (spades, hearts, diamonds, clubs, then the second deck's) and
//!   read either nested piles or a flat list of cards.
//! - `reserve` is the reserve pile, bottom first (Pitchfork Warfield).
//! - The file says nothing about the rules: the game is given separately
//!   (as Solvitaire takes `--type` or a rules file), and must have as many
//!   tableau piles as the file. Solvitaire rejects unknown keys; so do we,
//!   and we refuse `hole`, `cells` and `sequences`, which none of our games
//!   has.
//!
//! Every opening position of every game and variant here can be written.
//! What the format cannot say is refused with an error naming it: a
//! position after a redeal (the file has no pass counter). Reading checks the
//! whole deck: every card as many times as the game has decks, no card above
//! the game's top rank, face-down cards only under face-up ones, and
//! foundation piles built up by suit from the game's base rank.

use std::fmt::{self, Write as _};

use patience_core::rules::{DealFace, FoundationBase, COLUMN_CAPACITY, MAX_RESERVE, MAX_TALON};
use patience_core::setup::{Setup, SetupColumn};
use patience_core::{Card, Position, Rules, Suit};
use serde_json::Value;

/// Why a deal could not be written or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterchangeError {
    /// The position holds something the format cannot express.
    Inexpressible(String),
    /// The text is not JSON.
    Json(String),
    /// The JSON is not a deal of this game.
    Invalid(String),
}

impl fmt::Display for InterchangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterchangeError::Inexpressible(why) => write!(f, "cannot write a Solvitaire deal: {why}"),
            InterchangeError::Json(why) => write!(f, "not JSON: {why}"),
            InterchangeError::Invalid(why) => write!(f, "not a Solvitaire deal of this game: {why}"),
        }
    }
}

impl std::error::Error for InterchangeError {}

fn invalid<T>(why: impl Into<String>) -> Result<T, InterchangeError> {
    Err(InterchangeError::Invalid(why.into()))
}

/// A card as Solvitaire writes it: `10H`, `AS`; with a lower-case suit when
/// face down (`10h`, `As`).
pub fn card_text(card: Card, face_down: bool) -> String {
    let rank = match card.rank() {
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        r => r.to_string(),
    };
    let suit = card.suit().letter();
    format!("{rank}{}", if face_down { suit.to_ascii_lowercase() } else { suit })
}

/// Reads a card in Solvitaire's notation: the card and whether its suit
/// letter is lower case.
pub fn parse_card(text: &str) -> Option<(Card, bool)> {
    let suit_char = text.chars().next_back()?;
    if !suit_char.is_ascii_alphabetic() {
        return None;
    }
    let suit = Suit::from_char(suit_char)?;
    let rank_text = &text[..text.len() - 1];
    let rank = match rank_text.to_ascii_uppercase().as_str() {
        "A" => 1,
        "T" => 10,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        digits if !digits.is_empty() && digits.len() <= 2 && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse::<u8>().ok().filter(|r| (1..=13).contains(r))?
        }
        _ => return None,
    };
    Some((Card::new(suit, rank), suit_char.is_ascii_lowercase()))
}

/// Writes `pos` as a Solvitaire JSON deal (see the module docs), one pile a
/// line, ending with a newline.
pub fn to_solvitaire(pos: &Position) -> Result<String, InterchangeError> {
    let rules = pos.rules();
    if pos.pass() != 1 {
        return Err(InterchangeError::Inexpressible(format!(
            "the position is in pass {} through the stock, and the format has no pass counter",
            pos.pass()
        )));
    }
    let list = |cards: &mut dyn Iterator<Item = String>| {
        let items: Vec<String> = cards.map(|c| format!("\"{c}\"")).collect();
        format!("[{}]", items.join(", "))
    };
    let mut sections = Vec::new();
    let piles: Vec<String> = (0..pos.column_count())
        .map(|col| {
            let down = pos.face_down(col);
            let column = pos.column(col);
            let mut cards = column.iter().enumerate().map(|(i, &c)| card_text(c, i < down));
            format!("    {}", list(&mut cards))
        })
        .collect();
    sections.push(format!("  \"tableau piles\": [\n{}\n  ]", piles.join(",\n")));
    if rules.stock_cards() > 0 || !pos.stock().is_empty() || !pos.waste().is_empty() {
        // Ours lists the next card to draw first; Solvitaire's ends with it.
        let mut stock = pos.stock().iter().rev().map(|&c| card_text(c, false));
        sections.push(format!("  \"stock\": {}", list(&mut stock)));
        let mut waste = pos.waste().iter().map(|&c| card_text(c, false));
        sections.push(format!("  \"waste\": {}", list(&mut waste)));
    }
    if rules.reserve > 0 || !pos.reserve().is_empty() {
        let mut reserve = pos.reserve().iter().map(|&c| card_text(c, false));
        sections.push(format!("  \"reserve\": {}", list(&mut reserve)));
    }
    if pos.cards_on_foundations() > 0 {
        let slots: Vec<String> = (0..pos.foundation_slots())
            .map(|slot| list(&mut pos.foundation_cards(slot).map(|c| card_text(c, false))))
            .collect();
        sections.push(format!("  \"foundations\": [{}]", slots.join(", ")));
    }
    let mut out = String::from("{\n");
    let _ = write!(out, "{}", sections.join(",\n"));
    out.push_str("\n}\n");
    Ok(out)
}

/// Keys of Solvitaire's deal schema.
const KNOWN_KEYS: [&str; 8] =
    ["tableau piles", "foundations", "sequences", "hole", "cells", "stock", "waste", "reserve"];

/// Reads a Solvitaire JSON deal as a position of `rules`, checking it (see
/// the module docs). The position starts in pass 1; the rules' automatic
/// moves (Harmony's, Die Große Harfe's Aces) are made at once, as at any deal.
pub fn from_solvitaire(rules: &'static Rules, json: &str) -> Result<Position, InterchangeError> {
    let doc: Value = serde_json::from_str(json).map_err(|e| InterchangeError::Json(e.to_string()))?;
    let Value::Object(doc) = doc else {
        return invalid("the deal must be a JSON object");
    };
    for key in doc.keys() {
        match key.as_str() {
            "hole" | "cells" | "sequences" => {
                return invalid(format!("`{key}` cannot be played here: {} has no {key}", rules.id));
            }
            "reserve" if rules.reserve == 0 => {
                let empty = doc[key].as_array().is_some_and(|a| a.is_empty());
                if !empty {
                    return invalid(format!("`reserve` cannot be played here: {} has no reserve", rules.id));
                }
            }
            k if KNOWN_KEYS.contains(&k) => {}
            _ => return invalid(format!("unknown key `{key}` (Solvitaire's deal schema has none such)")),
        }
    }
    let mut deck = Deck::new(rules);
    let face_down_possible = rules.deal_face == DealFace::TopCardUp;

    let Some(piles) = doc.get("tableau piles") else {
        return invalid("no `tableau piles`");
    };
    let piles = cards_array(piles, "`tableau piles`")?;
    if piles.len() != rules.column_count() {
        return invalid(format!("{} tableau piles, but {} has {}", piles.len(), rules.id, rules.column_count()));
    }
    let mut setup = Setup::empty(rules);
    for (col, pile) in piles.iter().enumerate() {
        let what = format!("tableau pile {}", col + 1);
        let cards = card_list(pile, &what)?;
        if cards.len() > COLUMN_CAPACITY {
            return invalid(format!("{what} holds {} cards; at most {COLUMN_CAPACITY} fit", cards.len()));
        }
        let mut down = Vec::new();
        let mut up = Vec::new();
        for &(card, lower) in &cards {
            deck.take(card, &what)?;
            if face_down_possible && lower {
                if !up.is_empty() {
                    return invalid(format!(
                        "{what}: face-down {} lies on a face-up card (piles are listed bottom first)",
                        card_text(card, true)
                    ));
                }
                down.push(card);
            } else {
                up.push(card);
            }
        }
        if up.is_empty() && !down.is_empty() {
            return invalid(format!("{what}: the top card is face down; write its suit in upper case"));
        }
        setup.columns[col] = SetupColumn { face_down: down.len(), cards: [down, up].concat() };
    }

    let mut pile = |key: &str| -> Result<Vec<Card>, InterchangeError> {
        let Some(value) = doc.get(key) else { return Ok(Vec::new()) };
        let cards: Vec<Card> = card_list(value, &format!("`{key}`"))?.into_iter().map(|(c, _)| c).collect();
        for &card in &cards {
            deck.take(card, &format!("`{key}`"))?;
        }
        Ok(cards)
    };
    let mut stock = pile("stock")?;
    let waste = pile("waste")?;
    let reserve = pile("reserve")?;
    if rules.stock_cards() == 0 && !(stock.is_empty() && waste.is_empty()) {
        return invalid(format!("{} has no stock, but the deal has stock or waste cards", rules.id));
    }
    if stock.len() + waste.len() > MAX_TALON {
        return invalid(format!("stock and waste hold {} cards; at most {MAX_TALON} fit", stock.len() + waste.len()));
    }
    if reserve.len() > MAX_RESERVE {
        return invalid(format!("the reserve holds {} cards; at most {MAX_RESERVE} fit", reserve.len()));
    }
    stock.reverse(); // Solvitaire's stock ends with the next card to draw; ours starts with it.
    (setup.stock, setup.waste, setup.reserve) = (stock, waste, reserve);

    let foundations = match doc.get("foundations") {
        Some(value) => read_foundations(rules, value, &mut deck)?,
        None => Foundations::empty(rules),
    };
    if rules.foundation_base == FoundationBase::FirstCardDealt && foundations.base.is_none() {
        return invalid(format!(
            "{} starts with the first card dealt on a foundation, but the deal's foundations are empty",
            rules.id
        ));
    }
    (setup.base, setup.foundations) = (foundations.base, foundations.tops);

    deck.check_complete()?;
    Position::try_from(setup).map_err(|e| InterchangeError::Invalid(e.to_string()))
}

fn cards_array<'a>(value: &'a Value, what: &str) -> Result<&'a Vec<Value>, InterchangeError> {
    value.as_array().ok_or_else(|| InterchangeError::Invalid(format!("{what} must be a list")))
}

/// A JSON list of card strings.
fn card_list(value: &Value, what: &str) -> Result<Vec<(Card, bool)>, InterchangeError> {
    cards_array(value, what)?
        .iter()
        .map(|item| {
            let text = item.as_str().ok_or_else(|| {
                InterchangeError::Invalid(format!("{what}: {item} is not a card (write cards as strings like \"10H\")"))
            })?;
            parse_card(text).ok_or_else(|| {
                InterchangeError::Invalid(format!(
                    "{what}: `{text}` is not a card: write a rank (A, 2-10, J, Q, K) then a suit (S, H, D, C)"
                ))
            })
        })
        .collect()
}

/// The cards a deal may still use: each card of the deck as many times as
/// the game has decks.
struct Deck {
    rules: &'static Rules,
    left: [u8; 64],
}

impl Deck {
    fn new(rules: &'static Rules) -> Deck {
        let mut left = [0u8; 64];
        for suit in Suit::ALL {
            for rank in 1..=rules.ranks {
                left[Card::new(suit, rank).to_u8() as usize] = rules.decks;
            }
        }
        Deck { rules, left }
    }

    fn take(&mut self, card: Card, what: &str) -> Result<(), InterchangeError> {
        if card.rank() > self.rules.ranks {
            return invalid(format!("{what}: {} is above the top rank of {}", card_text(card, false), self.rules.id));
        }
        let left = &mut self.left[card.to_u8() as usize];
        if *left == 0 {
            let decks = match self.rules.decks {
                1 => "one deck holds".to_string(),
                n => format!("{n} decks hold"),
            };
            return invalid(format!(
                "{what}: {} appears more often than {}'s {decks}",
                card_text(card, false),
                self.rules.id
            ));
        }
        *left -= 1;
        Ok(())
    }

    fn check_complete(&self) -> Result<(), InterchangeError> {
        let missing: Vec<String> = Suit::ALL
            .iter()
            .flat_map(|&suit| (1..=self.rules.ranks).map(move |rank| Card::new(suit, rank)))
            .filter(|c| self.left[c.to_u8() as usize] > 0)
            .map(|c| card_text(c, false))
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let shown: Vec<&str> = missing.iter().take(8).map(String::as_str).collect();
        let more = if missing.len() > 8 { format!(" and {} more", missing.len() - 8) } else { String::new() };
        invalid(format!("the deal lacks {}{more}", shown.join(", ")))
    }
}

/// The foundations read from a deal: each slot's top card, and the base rank.
struct Foundations {
    tops: Vec<Option<Card>>,
    lens: Vec<u8>,
    base: Option<u8>,
}

impl Foundations {
    fn empty(rules: &Rules) -> Foundations {
        let base = (rules.foundation_base == FoundationBase::Ace).then_some(1);
        Foundations { tops: vec![None; rules.foundation_count()], lens: vec![0; rules.foundation_count()], base }
    }

    /// The slots that hold `suit`: slot `i` holds suit `i % 4`.
    fn slots(&self, suit: Suit) -> impl Iterator<Item = usize> + '_ {
        (suit.index() as usize..self.tops.len()).step_by(4)
    }

    /// Whether `card` goes on top of slot `slot`.
    fn continues(&self, rules: &Rules, slot: usize, card: Card) -> bool {
        match self.tops[slot] {
            Some(top) => self.lens[slot] < rules.ranks && rules.next_foundation_rank(top.rank()) == Some(card.rank()),
            None => false,
        }
    }

    fn starts(&self, slot: usize, card: Card) -> bool {
        self.tops[slot].is_none() && self.base.is_none_or(|b| b == card.rank())
    }

    fn put(&mut self, slot: usize, card: Card) {
        self.base.get_or_insert(card.rank());
        self.tops[slot] = Some(card);
        self.lens[slot] += 1;
    }
}

/// Reads `foundations`: either a list of piles (bottom first, one suit each)
/// or a flat list of cards, each going onto a foundation of its suit.
fn read_foundations(rules: &Rules, value: &Value, deck: &mut Deck) -> Result<Foundations, InterchangeError> {
    let items = cards_array(value, "`foundations`")?;
    let mut f = Foundations::empty(rules);
    let what = "`foundations`";
    let refuse = |card: Card, f: &Foundations| {
        let base = match f.base {
            Some(b) => format!("from rank {}", patience_core::card::rank_char(b)),
            None => "from the base rank".to_string(),
        };
        invalid(format!(
            "{what}: {} neither starts a foundation nor continues one (they build up by suit {base})",
            card_text(card, false)
        ))
    };
    if items.iter().all(Value::is_string) {
        for (card, _) in card_list(value, what)? {
            deck.take(card, what)?;
            let slot = f.slots(card.suit()).find(|&s| f.continues(rules, s, card));
            let slot = slot.or_else(|| f.slots(card.suit()).find(|&s| f.starts(s, card)));
            match slot {
                Some(slot) => f.put(slot, card),
                None => return refuse(card, &f),
            }
        }
        return Ok(f);
    }
    if items.len() > rules.foundation_count() {
        return invalid(format!(
            "{what}: {} piles, but {} has {} foundations",
            items.len(),
            rules.id,
            rules.foundation_count()
        ));
    }
    for (i, item) in items.iter().enumerate() {
        let cards = card_list(item, &format!("foundation pile {}", i + 1))?;
        let Some(&(first, _)) = cards.first() else { continue };
        deck.take(first, what)?;
        let Some(slot) = f.slots(first.suit()).find(|&s| f.starts(s, first)) else {
            return refuse(first, &f);
        };
        f.put(slot, first);
        for &(card, _) in &cards[1..] {
            deck.take(card, what)?;
            if !f.continues(rules, slot, card) {
                return invalid(format!(
                    "foundation pile {}: {} does not go on {} (foundations build up by suit)",
                    i + 1,
                    card_text(card, false),
                    card_text(f.tops[slot].expect("the pile has a card"), false)
                ));
            }
            f.put(slot, card);
        }
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_as_solvitaire_reads_them() {
        let ten_h = Card::new(Suit::Hearts, 10);
        assert_eq!(parse_card("10H"), Some((ten_h, false)));
        assert_eq!(parse_card("10h"), Some((ten_h, true)));
        assert_eq!(parse_card("th"), Some((ten_h, true)));
        assert_eq!(parse_card("ah"), Some((Card::new(Suit::Hearts, 1), true)));
        assert_eq!(parse_card("1S"), Some((Card::new(Suit::Spades, 1), false)));
        assert_eq!(parse_card("13c"), Some((Card::new(Suit::Clubs, 13), true)));
        for bad in ["", "H", "14H", "0H", "AX", "A♥", "10", "100H", "-1S"] {
            assert_eq!(parse_card(bad), None, "{bad}");
        }
        assert_eq!(card_text(ten_h, false), "10H");
        assert_eq!(card_text(Card::new(Suit::Clubs, 1), true), "Ac");
    }
}
