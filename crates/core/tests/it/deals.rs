//! Golden deal vectors: deals 1 and 2 of every game and variant, as the
//! shuffled deck and as the dealt setup text, kept in `tests/data/deals.txt`.
//!
//! Deal numbers are shared between players and stored in records, so these
//! vectors must never change. A failure here means the deal algorithm, the
//! dealing order or the setup text format changed; fix the code, not the data.
//!
//! Hand check (done once, when the data was recorded), Solitaire Harmony deal 1.
//! The shuffled deck, index 0 first, is
//!
//! ```text
//!  0 JH | 1 7D  2 JD | 3 3D  4 9D  5 6H | 6 AS  7 4D  8 TS  9 2C |
//! 10 7H 11 KH 12 JC 13 5H 14 7C | 15 6D 16 5C 17 2S 18 TH 19 KD 20 4S |
//! 21 6S 22 5D 23 7S 24 9C 25 8C 26 4H 27 9S | 28 AC 29 5S ... 51 QC
//! ```
//!
//! and deal.rs says the tableau is dealt column by column, left to right,
//! each column bottom card first, then the stock in drawing order. Harmony's
//! columns hold 1, 2, ..., 7 cards (28 in all) with only the top card face up,
//! so: t1 = JH (face up); t2 = 7D down, JD up; t3 = 3D 9D down, 6H up;
//! t4 = AS 4D TS down, 2C up; t5 = 7H KH JC 5H down, 7C up;
//! t6 = 6D 5C 2S TH KD down, 4S up; t7 = 6S 5D 7S 9C 8C 4H down, 9S up;
//! the stock is the other 24 cards, deck[28] = AC the first to be drawn and
//! deck[51] = QC the last. No face-up card is an Ace, so no automatic move
//! happens at the deal and every foundation is empty. That is exactly the
//! `== harmony 1` block of deals.txt (21 face-down cards, 24 in the stock).
//! The test `harmony_deal_1_is_dealt_as_documented` below pins the same facts.

use std::collections::BTreeMap;

use patience_core::card::Card;
use patience_core::deal::{self, shuffled_deck};
use patience_core::rules::{AutomaticMoves, DealFace, FoundationBase, Rules};
use patience_core::{presets, Position};

const DATA: &str = include_str!("../data/deals.txt");

/// The golden data: decks by (deal key, number), setups by (id, number).
struct Golden {
    decks: BTreeMap<(String, u64), String>,
    setups: BTreeMap<(String, u64), String>,
}

fn golden() -> Golden {
    let mut decks = BTreeMap::new();
    let mut setups = BTreeMap::new();
    let mut current: Option<((String, u64), String)> = None;
    for line in DATA.lines() {
        if let Some(rest) = line.strip_prefix("deck ") {
            let (head, cards) = rest.split_once(": ").expect("deck line has `: `");
            let (key, n) = head.split_once(' ').expect("deck line names key and number");
            decks.insert((key.to_string(), n.parse().unwrap()), cards.to_string());
        } else if let Some(rest) = line.strip_prefix("== ") {
            let (id, n) = rest.split_once(' ').expect("setup header names id and number");
            current = Some(((id.to_string(), n.parse().unwrap()), String::new()));
        } else if line.is_empty() {
            if let Some((key, text)) = current.take() {
                setups.insert(key, text);
            }
        } else if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    if let Some((key, text)) = current.take() {
        setups.insert(key, text);
    }
    Golden { decks, setups }
}

fn deck_text(rules: &Rules, number: u64) -> String {
    shuffled_deck(rules, number).iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" ")
}

#[test]
fn golden_setups_cover_deals_1_and_2_of_every_preset() {
    let golden = golden();
    assert_eq!(golden.setups.len(), 2 * presets::ALL.len(), "one block per preset and deal, no stale ones");
    for rules in presets::ALL {
        for number in [1, 2] {
            let expected = golden
                .setups
                .get(&(rules.id.to_string(), number))
                .unwrap_or_else(|| panic!("deals.txt has no `== {} {number}` block", rules.id));
            let dealt = Position::deal(rules, number).to_string();
            assert_eq!(&dealt, expected, "deal {number} of {} changed", rules.id);
        }
    }
}

#[test]
fn golden_decks_cover_every_deal_key() {
    let golden = golden();
    let mut keys: Vec<&str> = presets::ALL.iter().map(|r| r.deal_key).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(golden.decks.len(), 2 * keys.len(), "one deck line per deal key and deal");
    for rules in presets::ALL {
        for number in [1, 2] {
            let expected = &golden.decks[&(rules.deal_key.to_string(), number)];
            assert_eq!(&deck_text(rules, number), expected, "deck of deal {number} of {} changed", rules.id);
        }
    }
}

/// deal.rs's algorithm, reimplemented from its documentation alone: FNV-1a 64
/// of the deal key XOR the number, SplitMix64, rejection sampling, and
/// Fisher–Yates from the end over the ordered deck.
fn documented_shuffle(key: &str, decks: u8, ranks: u8, number: u64) -> Vec<Card> {
    let mut seed: u64 = 0xcbf29ce484222325;
    for b in key.bytes() {
        seed ^= u64::from(b);
        seed = seed.wrapping_mul(0x100000001b3);
    }
    let mut state = seed ^ number;
    let mut next = move || {
        state = state.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    };
    let mut deck = Vec::new();
    for _ in 0..decks {
        for suit in patience_core::Suit::ALL {
            for rank in 1..=ranks {
                deck.push(Card::new(suit, rank));
            }
        }
    }
    for i in (1..deck.len()).rev() {
        let n = i as u64 + 1;
        let limit = u64::MAX - (u64::MAX % n);
        let r = loop {
            let r = next();
            if r < limit {
                break r;
            }
        };
        deck.swap(i, (r % n) as usize);
    }
    deck
}

#[test]
fn the_shuffle_is_the_documented_algorithm() {
    for rules in presets::ALL {
        for number in [0, 1, 2, 3, 17, 1000, 123_456_789, u64::MAX - 1, u64::MAX] {
            let documented = documented_shuffle(rules.deal_key, rules.decks, rules.ranks, number);
            assert_eq!(shuffled_deck(rules, number).as_slice(), documented.as_slice(), "{} deal {number}", rules.id);
        }
    }
    assert_eq!(deal::seed(presets::find("harmony").unwrap(), 0), {
        let mut h: u64 = 0xcbf29ce484222325;
        for b in b"harmony" {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x100000001b3);
        }
        h
    });
}

#[test]
fn harmony_deal_1_is_dealt_as_documented() {
    let rules = presets::find("harmony").unwrap();
    let pos = Position::deal(rules, 1);
    let cards = |text: &str| text.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect::<Vec<_>>();
    let expected_columns =
        ["JH", "7D JD", "3D 9D 6H", "AS 4D TS 2C", "7H KH JC 5H 7C", "6D 5C 2S TH KD 4S", "6S 5D 7S 9C 8C 4H 9S"];
    for (col, text) in expected_columns.iter().enumerate() {
        assert_eq!(pos.column(col), cards(text).as_slice(), "t{}", col + 1);
        assert_eq!(pos.face_down(col), col, "t{}: all but the top card face down", col + 1);
    }
    assert_eq!(
        pos.stock(),
        cards("AC 5S TD 2H 3C JS 8H 3S KS QD AD 6C 4C TC 8S 9H QS QH AH 8D KC 2D 3H QC").as_slice(),
        "the stock, first card to draw first"
    );
    assert!(pos.waste().is_empty());
    assert_eq!(pos.cards_on_foundations(), 0);
    assert_eq!(pos.pass(), 1);
}

/// Builds, from the shuffled deck and deal.rs's dealing order alone, what
/// each pile should hold, and compares it with the dealt position. The
/// rules' automatic moves at the deal (Harmony's, Die Große Harfe's Aces) can only take top cards off columns to the
/// foundations, which the comparison allows for.
#[test]
fn every_preset_deals_in_the_documented_order() {
    for rules in presets::ALL {
        for number in 1..=20 {
            let deck = shuffled_deck(rules, number);
            let pos = Position::deal(rules, number);
            let mut next = 0;
            if rules.foundation_base == FoundationBase::FirstCardDealt {
                let first = deck[0];
                next = 1;
                assert_eq!(pos.base_rank(), Some(first.rank()), "{} {number}", rules.id);
                assert_eq!(pos.foundation_top(first.suit().index() as usize), Some(first));
                assert_eq!(pos.cards_on_foundations(), 1);
            }
            for (col, &height) in rules.columns.iter().enumerate() {
                let dealt = &deck[next..next + height as usize];
                next += height as usize;
                let column = pos.column(col);
                if rules.automatic_moves == AutomaticMoves::None {
                    assert_eq!(column, dealt, "{} {number} t{}", rules.id, col + 1);
                } else {
                    assert!(dealt.starts_with(column), "{} {number} t{}", rules.id, col + 1);
                }
                let expected_down = match rules.deal_face {
                    DealFace::AllUp => 0,
                    DealFace::TopCardUp => column.len().saturating_sub(1),
                };
                assert_eq!(pos.face_down(col), expected_down, "{} {number} t{}", rules.id, col + 1);
            }
            assert_eq!(pos.reserve(), &deck[next..next + rules.reserve as usize], "{} {number}", rules.id);
            next += rules.reserve as usize;
            assert_eq!(pos.stock(), &deck[next..], "{} {number}: stock in drawing order", rules.id);
            assert_eq!(pos.stock().len(), rules.stock_cards());
            assert!(pos.waste().is_empty());
        }
    }
}

#[test]
fn harmony_aces_on_top_go_up_at_the_deal() {
    // Some early deal has an Ace as the top card of a column; it must be on
    // its foundation in the opening position, and the card under it turned up.
    let rules = presets::find("harmony").unwrap();
    let mut seen = 0;
    for number in 1..=200 {
        let deck = shuffled_deck(rules, number);
        let pos = Position::deal(rules, number);
        let mut start = 0;
        for (col, &height) in rules.columns.iter().enumerate() {
            let dealt = &deck[start..start + height as usize];
            start += height as usize;
            if dealt.last().unwrap().rank() == 1 {
                seen += 1;
                assert!(pos.column(col).len() < dealt.len(), "deal {number} t{}: the Ace went up", col + 1);
                let ace = *dealt.last().unwrap();
                assert!(pos.foundation_len(ace.suit().index() as usize) >= 1, "deal {number}: {ace:?} is up");
            }
        }
        for col in 0..pos.column_count() {
            let column = pos.column(col);
            assert!(column.is_empty() || pos.face_down(col) < column.len(), "deal {number}: top card face up");
        }
        assert!(pos.forced_move().is_none(), "deal {number}: every automatic move is made");
    }
    assert!(seen > 10, "the first 200 deals show Aces on top ({seen})");
}

/// The setup text without its `rules` line.
fn layout(pos: &Position) -> String {
    pos.to_string().lines().filter(|l| !l.starts_with("rules ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn variants_with_the_same_layout_deal_the_same_cards() {
    let mut shared = 0;
    for a in presets::ALL {
        for b in presets::ALL {
            if a.id >= b.id || a.deal_key != b.deal_key {
                continue;
            }
            shared += 1;
            for number in [1, 2, 99, u64::MAX] {
                assert_eq!(shuffled_deck(a, number), shuffled_deck(b, number), "{} / {}", a.id, b.id);
                assert_eq!(
                    layout(&Position::deal(a, number)),
                    layout(&Position::deal(b, number)),
                    "{} / {}",
                    a.id,
                    b.id
                );
            }
        }
    }
    assert!(shared >= 10, "harp, grosse-harfe, pitchfork and lasker variants share their game's deals ({shared})");
    let harp = presets::find("harp").unwrap();
    let three = presets::find("harp/3-passes").unwrap();
    assert_eq!(layout(&Position::deal(harp, 7)), layout(&Position::deal(three, 7)));
    // Warfield has its own layout, so its own deals.
    assert_ne!(presets::find("pitchfork/warfield").unwrap().deal_key, presets::find("pitchfork").unwrap().deal_key);
}

#[test]
fn different_numbers_give_different_deals() {
    for rules in presets::ALL {
        let mut seen = std::collections::HashSet::new();
        for number in (0..60).chain([u64::MAX - 1, u64::MAX, 1 << 32, 1 << 63]) {
            let deck = deck_text(rules, number);
            assert!(seen.insert(deck), "{}: deal {number} repeats an earlier deal", rules.id);
        }
        assert_ne!(layout(&Position::deal(rules, 1)), layout(&Position::deal(rules, 2)), "{}", rules.id);
    }
}

#[test]
fn different_games_shuffle_differently_for_the_same_number() {
    let harmony = presets::find("harmony").unwrap();
    let pitchfork = presets::find("pitchfork").unwrap();
    let lasker = presets::find("lasker").unwrap();
    assert_ne!(deck_text(harmony, 1), deck_text(pitchfork, 1));
    assert_ne!(deck_text(pitchfork, 1), deck_text(lasker, 1));
}

#[test]
fn deal_u64_max_works_for_every_preset() {
    for rules in presets::ALL {
        let pos = Position::deal(rules, u64::MAX);
        let mut cards: Vec<Card> = pos.cards_off_foundations().collect();
        for slot in 0..pos.foundation_slots() {
            cards.extend(pos.foundation_cards(slot));
        }
        cards.sort();
        let mut full: Vec<Card> = deal::ordered_deck(rules).to_vec();
        full.sort();
        assert_eq!(cards, full, "{}: deal u64::MAX holds the whole deck", rules.id);
        let back = Position::from_setup(&pos.to_string()).unwrap();
        assert_eq!(back.to_string(), pos.to_string());
        assert!(!pos.legal_moves().is_empty() || pos.is_won(), "{}", rules.id);
    }
}

/// `Position`'s `==` must tell different deals apart (it once compared only
/// the rules, which made every test built on `assert_eq!` of positions vacuous).
#[test]
fn positions_of_different_deals_are_not_equal() {
    let rules = presets::find("harmony").unwrap();
    assert_ne!(Position::deal(rules, 1), Position::deal(rules, 2));
    assert_eq!(Position::deal(rules, 1), Position::deal(rules, 1));
    let harp = presets::find("harp").unwrap();
    let three = presets::find("harp/3-passes").unwrap();
    assert_ne!(Position::deal(harp, 1), Position::deal(three, 1), "different rules, same cards");
}
