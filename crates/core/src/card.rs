//! Cards: suits, ranks and the one-byte [`Card`] every pile is made of.
//!
//! A card is stored as `suit << 4 | rank` so that a pile is a plain byte array
//! and comparing colours or ranks is a shift and a mask. The two copies of a
//! card in two-deck games are the same value: no rule tells them apart.

use std::fmt;
use std::str::FromStr;

/// The four suits, in the order `docs/RULES.md` names them. The order matters: it is
/// the order of the unshuffled deck and of the foundation slots.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn from_index(index: u8) -> Suit {
        Suit::ALL[(index & 3) as usize]
    }

    pub const fn index(self) -> u8 {
        self as u8
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// Upper-case ASCII letter: S, H, D, C.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' | '♠' => Some(Suit::Spades),
            'H' | 'h' | '♥' => Some(Suit::Hearts),
            'D' | 'd' | '♦' => Some(Suit::Diamonds),
            'C' | 'c' | '♣' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// A playing card, or [`Card::NONE`] for an empty slot in a pile array.
///
/// Cards read from their short ASCII form (rank then suit, case-insensitive;
/// `10` or `T` for ten) and print with the suit symbol for people:
///
/// ```
/// use patience_core::{Card, Suit};
///
/// let card: Card = "TH".parse().unwrap();
/// assert_eq!(card, Card::new(Suit::Hearts, 10));
/// assert_eq!("10h".parse::<Card>(), Ok(card));
/// assert_eq!(card.to_string(), "10♥");
/// assert_eq!(card.ascii(), "TH"); // the form records and setups use
/// assert!(card.is_red());
/// assert!("1X".parse::<Card>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Card(u8);

impl Card {
    /// The empty slot; never a real card.
    pub const NONE: Card = Card(0);

    /// `rank` is 1 (Ace) to 13 (King).
    pub const fn new(suit: Suit, rank: u8) -> Card {
        debug_assert!(rank >= 1 && rank <= 13);
        Card((suit as u8) << 4 | rank)
    }

    pub const fn rank(self) -> u8 {
        self.0 & 0x0f
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 >> 4)
    }

    #[inline]
    pub const fn is_red(self) -> bool {
        // Hearts (1) and diamonds (2) are the suits whose index plus one
        // has bit 1 set; this runs in every tableau move test.
        ((self.0 >> 4) + 1) & 2 != 0
    }

    /// Whether both cards are of one suit.
    #[inline]
    pub const fn same_suit(self, other: Card) -> bool {
        self.0 >> 4 == other.0 >> 4
    }

    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// A dense index 0..52 (suit-major), for bit sets and tables.
    pub const fn index(self) -> usize {
        (self.0 >> 4) as usize * 13 + self.rank() as usize - 1
    }

    /// The raw byte, for hashing.
    pub const fn to_u8(self) -> u8 {
        self.0
    }

    /// Rank as one character: A 2 .. 9 T J Q K.
    pub const fn rank_char(self) -> char {
        rank_char(self.rank())
    }

    /// Short ASCII form such as `TH` or `7S`, the form records and setups use.
    pub fn ascii(self) -> String {
        format!("{}{}", self.rank_char(), self.suit().letter())
    }
}

/// A rank as one character: A 2 .. 9 T J Q K.
pub const fn rank_char(rank: u8) -> char {
    match rank {
        1 => 'A',
        10 => 'T',
        11 => 'J',
        12 => 'Q',
        13 => 'K',
        2..=9 => (b'0' + rank) as char,
        _ => '?',
    }
}

/// Parses a rank written as `A`, `2`..`10`, `T`, `J`, `Q` or `K`.
pub fn parse_rank(text: &str) -> Option<u8> {
    match text.to_ascii_uppercase().as_str() {
        "A" | "1" => Some(1),
        "T" | "10" => Some(10),
        "J" => Some(11),
        "Q" => Some(12),
        "K" => Some(13),
        s if s.len() == 1 && (b'2'..=b'9').contains(&s.as_bytes()[0]) => Some(s.as_bytes()[0] - b'0'),
        _ => None,
    }
}

/// Shows the card with its suit symbol, for people: `7♥`, `10♠`.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("--");
        }
        match self.rank() {
            10 => write!(f, "10{}", self.suit().symbol()),
            _ => write!(f, "{}{}", self.rank_char(), self.suit().symbol()),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            f.write_str("--")
        } else {
            f.write_str(&self.ascii())
        }
    }
}

/// The error for a card that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card: write a rank (A, 2-10, T, J, Q, K) then a suit (S, H, D, C), for example 7H or TS")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError(text.to_string());
        let mut chars = text.chars();
        let suit_char = chars.next_back().ok_or_else(err)?;
        let suit = Suit::from_char(suit_char).ok_or_else(err)?;
        let rank = parse_rank(chars.as_str()).ok_or_else(err)?;
        Ok(Card::new(suit, rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hearts_and_diamonds_are_red() {
        assert!(Suit::Hearts.is_red() && Suit::Diamonds.is_red());
        assert!(!Suit::Spades.is_red() && !Suit::Clubs.is_red());
    }

    #[test]
    fn every_card_parses_back_from_its_ascii_form() {
        for suit in Suit::ALL {
            for rank in 1..=13 {
                let card = Card::new(suit, rank);
                assert_eq!(card.ascii().parse::<Card>(), Ok(card));
                assert_eq!(card.rank(), rank);
                assert_eq!(card.suit(), suit);
            }
        }
        assert_eq!("10h".parse::<Card>(), Ok(Card::new(Suit::Hearts, 10)));
        assert_eq!("7♠".parse::<Card>(), Ok(Card::new(Suit::Spades, 7)));
        assert!("1X".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("14S".parse::<Card>().is_err());
    }
}
