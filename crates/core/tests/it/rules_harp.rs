//! Rule sentences of `docs/RULES.md`, "Harp" (default, "3 passes" and
//! "unlimited passes"): one test per sentence, each checking that what the sentence
//! allows is allowed and what it forbids is refused with a reason.

use crate::common;

use common::*;
use patience_core::{presets, Position};

#[test]
fn harp_layout_9_columns_of_1_to_9_cards_top_card_face_up() {
    for id in ["harp", "harp/3-passes", "harp/unlimited"] {
        let rules = presets::find(id).unwrap();
        for number in 1..=5 {
            let pos = Position::deal(rules, number);
            assert_eq!(pos.column_count(), 9, "{id}");
            for c in 0..9 {
                assert_eq!(pos.column(c).len(), c + 1, "{id} deal {number}: column {}", c + 1);
                assert_eq!(pos.face_down(c), c, "{id} deal {number}: only the top card is face up");
            }
            assert_eq!((0..9).map(|c| pos.column(c).len()).sum::<usize>(), 45);
        }
    }
}

#[test]
fn harp_stock_holds_59_face_down_cards_and_the_waste_starts_empty() {
    for id in ["harp", "harp/3-passes", "harp/unlimited"] {
        let pos = Position::deal(presets::find(id).unwrap(), 1);
        assert_eq!(pos.stock().len(), 59, "{id}");
        assert!(pos.waste().is_empty());
        assert_eq!(pos.cards_on_foundations(), 0);
        assert_eq!(pos.pass(), 1);
        assert!(listed(&pos).contains(&"s".to_string()));
    }
}

#[test]
fn harp_8_foundations_build_ace_to_king_by_suit() {
    let pos = setup("rules harp\nt1 AS\nt2 2S\nt3 2H\nt4 9C");
    assert_eq!(pos.foundation_slots(), 8);
    // Only an Ace starts a foundation.
    refused(&pos, "t2-f", "2♠ cannot go up yet: its foundations need the Ace first");
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.foundation_top(0), Some(card("AS")));
    // Then the next rank of the same suit, and no other card.
    let after = allowed(&after, "t2-f");
    assert_eq!(after.foundation_top(0), Some(card("2S")));
    refused(&after, "t3-f", "2♥ cannot go up yet: its foundations need the Ace first");
    refused(&after, "t4-f", "9♣ cannot go up yet: its foundations need the Ace first");
    // The second deck's Ace starts a foundation of its own.
    let pos = setup("rules harp\nf AS -- -- -- -- -- -- --\nt1 AS");
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.foundation_top(4), Some(card("AS")));
    // Up to the King.
    let pos = setup("rules harp\nf -- QH -- -- -- JH -- --\nt1 KH\nt2 QH");
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.foundation_top(1), Some(card("KH")));
    let after = allowed(&after, "t2-f");
    assert_eq!(after.foundation_top(5), Some(card("QH")));
}

#[test]
fn harp_tableau_builds_down_in_alternating_colours() {
    let pos = setup("rules harp\nt1 TS\nt2 9H\nt3 9S\nt4 8H\nt5 JH\nt6 9D");
    let after = allowed(&pos, "t2-t1");
    assert_eq!(col(&after, 1), "TS 9H");
    allowed(&pos, "t6-t1");
    refused(&pos, "t3-t1", "9♠ needs a red 10; column 1 ends in 10♠");
    refused(&pos, "t4-t1", "8♥ needs a black 9; column 1 ends in 10♠"); // two ranks down
    refused(&pos, "t5-t1", "J♥ needs a black Queen; column 1 ends in 10♠"); // up
    allowed(&pos, "t1-t5"); // black TS on red JH
}

#[test]
fn harp_one_card_moves_at_a_time() {
    let pos = setup("rules harp\nt1 TD 9S\nt2 JC\nt3 TH\nt4 8D");
    // TD 9S is a built run, and TD would fit JC, but runs do not move onto cards.
    refused(
        &pos,
        "t1-t2:2",
        "Only one card at a time goes onto another card; runs move only into an empty column, not onto column 2",
    );
    let after = allowed(&pos, "t1-t3"); // 9S alone onto TH
    assert_eq!(col(&after, 1), "TD");
    assert_eq!(col(&after, 3), "TH 9S");
    allowed(&pos, "t4-t1");
}

#[test]
fn harp_king_led_run_may_move_into_an_empty_column() {
    let pos = setup("rules harp\nt1 5C | KS QH JC\nt2\nt3 KD\nt4 8S");
    let after = allowed(&pos, "t1-t2:3");
    assert_eq!(col(&after, 2), "KS QH JC");
    assert_eq!(col(&after, 1), "5C", "the card under the run turns up");
    // Part of the run is not King-led.
    refused(&pos, "t1-t2:2", "Only a King goes into an empty column, and Q♥ is not one (column 2 is empty)");
    refused(&pos, "t1-t2", "Only a King goes into an empty column, and J♣ is not one (column 2 is empty)");
    // The run does not move onto a card, though it would fit nothing here anyway.
    refused(
        &pos,
        "t1-t3:3",
        "Only one card at a time goes onto another card; runs move only into an empty column, not onto column 3",
    );
}

#[test]
fn harp_empty_column_takes_only_king_or_king_run() {
    let pos = setup("rules harp\nt1 QS\nt2\nt3 KD\nt4 KC QD\nwaste 3H KH");
    // A King from the waste or a column, or a King-led run.
    let after = allowed(&pos, "w-t2");
    assert_eq!(col(&after, 2), "KH");
    allowed(&pos, "t3-t2");
    allowed(&pos, "t4-t2:2");
    // Anything else is refused.
    refused(&pos, "t1-t2", "Only a King goes into an empty column, and Q♠ is not one (column 2 is empty)");
    refused(&pos, "t4-t2", "Only a King goes into an empty column, and Q♦ is not one (column 2 is empty)");
    let pos = setup("rules harp\nt2\nwaste KH 3H");
    refused(&pos, "w-t2", "Only a King goes into an empty column, and 3♥ is not one (column 2 is empty)");
}

#[test]
fn harp_draws_1_card_at_a_time() {
    let pos = setup("rules harp\nt1 KS\nstock 3C 4D 5H");
    let after = allowed(&pos, "s");
    assert_eq!(after.waste().len(), 1);
    assert_eq!(after.stock().len(), 2);
}

#[test]
fn harp_the_stock_may_be_drawn_from_while_tableau_moves_remain() {
    // "Draw cards ... when no moves are available in the tableau" is read
    // as advice (docs/RULES.md, Harp): drawing is allowed with a tableau
    // move left.
    let pos = setup("rules harp\nt1 TS\nt2 9H\nstock 3C 4D");
    assert_eq!(listed(&pos), ["t2-t1", "s"]);
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C");
    allowed(&after, "t2-t1");
}

#[test]
fn harp_default_4_passes_first_pass_plus_3_redeals() {
    assert_eq!(redeals_allowed("harp", 100), 3);
    let pos = setup("rules harp\npass 3\nt1 KS\nwaste 3C");
    let after = allowed(&pos, "r");
    assert_eq!(after.pass(), 4);
    let pos = setup("rules harp\npass 4\nt1 KS\nwaste 3C");
    refused(&pos, "r", "No pass is left: these rules allow 4 passes through the stock");
}

#[test]
fn harp_3_passes_variant_allows_2_redeals() {
    assert_eq!(redeals_allowed("harp/3-passes", 100), 2);
    let pos = setup("rules harp/3-passes\npass 3\nt1 KS\nwaste 3C");
    refused(&pos, "r", "No pass is left: these rules allow 3 passes through the stock");
}

#[test]
fn harp_unlimited_passes_variant_redeals_without_limit() {
    assert_eq!(redeals_allowed("harp/unlimited", 50), 50);
    let pos = setup("rules harp/unlimited\npass 1000\nt1 KS\nwaste 3C");
    let after = allowed(&pos, "r");
    assert_eq!(after.pass(), 1001);
}

#[test]
fn harp_no_foundation_to_tableau_moves() {
    for id in ["harp", "harp/3-passes", "harp/unlimited"] {
        let pos = setup(&format!("rules {id}\nf 5S 5H -- -- -- KH -- --\nt1 6D\nt2 6C\nt3"));
        refused(&pos, "f1-t1", "Cards never leave the foundations in this game");
        refused(&pos, "f2-t2", "Cards never leave the foundations in this game");
        refused(&pos, "f6-t3", "Cards never leave the foundations in this game");
        assert!(!listed(&pos).iter().any(|m| m.starts_with('f')), "{id}");
    }
}
