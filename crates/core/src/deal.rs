//! Numbered deals: (rules, deal number) -> the shuffled deck, the same on
//! every machine and in every release.
//!
//! The algorithm is fixed forever; changing any step changes every deal and
//! breaks shared deal numbers, duels and saved records. It is:
//!
//! 1. **Seed.** `seed = fnv1a64(deal_key) XOR number`, where `deal_key` is the
//!    rules' [`deal_key`](crate::Rules::deal_key) in UTF-8 (variants with the
//!    same layout share it) and FNV-1a 64 uses offset basis
//!    `0xcbf29ce484222325` and prime `0x100000001b3`.
//! 2. **Generator.** SplitMix64: each call adds `0x9e3779b97f4a7c15` to the
//!    state, then mixes `z` with `z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9`,
//!    `z = (z ^ z >> 27) * 0x94d049bb133111eb`, `z ^ z >> 31` (wrapping).
//! 3. **Uniform choice** of `0..=i`: draw `r`; reject while
//!    `r >= u64::MAX - (u64::MAX % (i + 1))`... precisely: with
//!    `n = i + 1` and `limit = u64::MAX - (u64::MAX % n)`, draw until
//!    `r < limit`, then take `r % n`. No modulo bias.
//! 4. **Deck.** For each deck copy, for each suit in the order spades, hearts,
//!    diamonds, clubs, the ranks Ace to the rules' top rank.
//! 5. **Shuffle.** Fisher–Yates from the end: for `i` from `len - 1` down to
//!    1, swap card `i` with card `uniform(0..=i)`.
//! 6. **Dealing** reads the shuffled deck from index 0: first the foundation
//!    card (only where the first card dealt sets the base), then each tableau
//!    column from left to right, each from its bottom card to its top, then
//!    the reserve from bottom to top, then the stock in drawing order (the
//!    next card read is the first card drawn).

use arrayvec::ArrayVec;

use crate::card::{Card, Suit};
use crate::rules::Rules;

/// The most cards a deck holds (two full decks).
pub const MAX_CARDS: usize = 104;

/// A shuffled deck in dealing order.
pub type Deck = ArrayVec<Card, MAX_CARDS>;

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// SplitMix64, the deal generator. Small, fast, and specified in a few lines,
/// so anyone can reimplement the deals.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..=max`, without modulo bias.
    pub fn below_or_equal(&mut self, max: u64) -> u64 {
        let n = max.wrapping_add(1);
        if n == 0 {
            return self.next_u64();
        }
        let limit = u64::MAX - (u64::MAX % n);
        loop {
            let r = self.next_u64();
            if r < limit {
                return r % n;
            }
        }
    }
}

/// The seed of deal `number` for these rules.
pub fn seed(rules: &Rules, number: u64) -> u64 {
    fnv1a64(rules.deal_key.as_bytes()) ^ number
}

/// The unshuffled deck: copies, then suits in order, then ranks upward.
pub fn ordered_deck(rules: &Rules) -> Deck {
    let mut deck = Deck::new();
    for _ in 0..rules.decks {
        for suit in Suit::ALL {
            for rank in 1..=rules.ranks {
                deck.push(Card::new(suit, rank));
            }
        }
    }
    deck
}

/// Deal `number`: the whole deck in dealing order.
///
/// ```
/// use patience_core::{deal, presets};
///
/// let harmony = presets::find("harmony").unwrap();
/// let deck = deal::shuffled_deck(harmony, 1);
/// assert_eq!(deck.len(), 52);
/// assert_eq!(deck[0].ascii(), "JH"); // dealt first: column 1
/// assert_eq!(deck[28].ascii(), "AC"); // after the 28 tableau cards: the first card drawn
/// assert_eq!(deal::shuffled_deck(harmony, 1), deck); // on every machine, in every release
///
/// // Variants with the same layout share a deal key, so the same number
/// // deals the same cards.
/// let harp = presets::find("harp").unwrap();
/// let three_passes = presets::find("harp/3-passes").unwrap();
/// assert_eq!(deal::shuffled_deck(harp, 7), deal::shuffled_deck(three_passes, 7));
/// ```
pub fn shuffled_deck(rules: &Rules, number: u64) -> Deck {
    let mut deck = ordered_deck(rules);
    let mut rng = SplitMix64::new(seed(rules, number));
    for i in (1..deck.len()).rev() {
        let j = rng.below_or_equal(i as u64) as usize;
        deck.swap(i, j);
    }
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_and_splitmix_match_their_published_values() {
        // FNV-1a 64 of "a" and SplitMix64's first outputs from seed 0 are
        // the reference values in their authors' descriptions.
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn uniform_choice_stays_in_range() {
        let mut rng = SplitMix64::new(7);
        for max in [0u64, 1, 2, 50, 103] {
            for _ in 0..1000 {
                assert!(rng.below_or_equal(max) <= max);
            }
        }
    }
}
