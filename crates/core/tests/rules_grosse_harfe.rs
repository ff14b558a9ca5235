//! Rule sentences of RULES.md, "Die Große Harfe" (default and the seed's
//! variants: 3 passes, kings only, at most 8 columns, draw 3): one test per
//! sentence, each checking that what the sentence allows is allowed and what
//! it forbids is refused with a reason.

mod common;

use common::*;
use patience_core::{presets, Position, Status};

const ALL_IDS: [&str; 5] = [
    "grosse-harfe",
    "grosse-harfe/3-passes",
    "grosse-harfe/kings-only",
    "grosse-harfe/8-columns",
    "grosse-harfe/draw-3",
];

#[test]
fn grosse_harfe_layout_10_columns_column_c_holds_11_minus_c_only_top_card_face_up() {
    for id in ALL_IDS {
        let rules = presets::find(id).unwrap();
        for number in 1..=5 {
            let pos = Position::deal(rules, number);
            assert_eq!(pos.column_count(), 10, "{id}");
            for c in 0..10 {
                let height = 10 - c; // column c + 1 holds 11 - (c + 1)
                assert_eq!(pos.column(c).len(), height, "{id} deal {number}: column {}", c + 1);
                assert_eq!(pos.face_down(c), height - 1, "{id} deal {number}: only the top card is face up");
            }
            assert_eq!(pos.column(0).len(), 10);
            assert_eq!(pos.column(9).len(), 1);
            assert_eq!((0..10).map(|c| pos.column(c).len()).sum::<usize>(), 55);
        }
    }
}

#[test]
fn grosse_harfe_talon_holds_49_cards_and_8_foundations_build_ace_to_king_by_suit() {
    for id in ALL_IDS {
        let pos = Position::deal(presets::find(id).unwrap(), 1);
        assert_eq!(pos.stock().len(), 49, "{id}");
        assert!(pos.waste().is_empty());
        assert_eq!(pos.foundation_slots(), 8);
    }
    let pos = setup("rules grosse-harfe\nf 2S -- -- -- -- -- -- --\nt1 3S\nt2 2H\nt3 AH\nt4 4S");
    allowed(&pos, "t1-f");
    allowed(&pos, "t3-f");
    refused(&pos, "t2-f", "2H does not go on any foundation");
    refused(&pos, "t4-f", "4S does not go on any foundation");
}

#[test]
fn grosse_harfe_tableau_builds_down_in_alternating_colours() {
    let pos = setup("rules grosse-harfe\nt1 TS\nt2 9H\nt3 9C\nt4 8D\nt5 JS");
    allowed(&pos, "t2-t1");
    refused(&pos, "t3-t1", "9C does not go on TS: the tableau builds down in alternating colours");
    refused(&pos, "t4-t1", "8D does not go on TS");
    refused(&pos, "t5-t1", "JS does not go on TS");
}

#[test]
fn grosse_harfe_any_built_run_moves_as_a_unit() {
    let pos = setup("rules grosse-harfe\nt1 3C | KS QH JC TD 9S\nt2 TH\nt3 KC\nt4 QD\nt5 8H 2C\nt6 3D");
    // Every part of the built run from some card to the top moves, judged by
    // its bottom card ("Maßgebend ... ist immer die oberste Karte").
    let after = allowed(&pos, "t1-t2");
    assert_eq!(col(&after, 2), "TH 9S");
    let after = allowed(&pos, "t1-t4:3");
    assert_eq!(col(&after, 4), "QD JC TD 9S");
    let after = allowed(&pos, "t1-t3:4");
    assert_eq!(col(&after, 3), "KC QH JC TD 9S");
    assert_eq!(col(&after, 1), "3C | KS");
    refused(&pos, "t1-t3:3", "JC does not go on KC");
    refused(&pos, "t1-t2:2", "TD does not go on TH");
    // Face-up cards that are not a built run do not move together.
    refused(&pos, "t5-t6:2", "not a correctly built run");
    allowed(&pos, "t5-t6");
}

#[test]
fn grosse_harfe_empty_column_takes_any_card_or_run() {
    let pos = setup("rules grosse-harfe\nt1 3C | KS QH JC TD 9S\nt2\nt3 QD\nt4 8H 2C\nwaste 5H");
    let after = allowed(&pos, "w-t2");
    assert_eq!(col(&after, 2), "5H");
    let after = allowed(&pos, "t1-t2:3");
    assert_eq!(col(&after, 2), "JC TD 9S");
    allowed(&pos, "t1-t2:5");
    allowed(&pos, "t3-t2");
    allowed(&pos, "t4-t2");
    // A run still has to be a built run.
    refused(&pos, "t4-t2:2", "not a correctly built run");
}

#[test]
fn grosse_harfe_at_most_10_columns_are_ever_occupied() {
    let rules = presets::find("grosse-harfe").unwrap();
    assert_eq!(rules.column_count(), 10);
    assert_eq!(rules.max_occupied, 10);
    // With nine columns holding cards the tenth may be filled.
    let pos = setup("rules grosse-harfe\nt1 QC\nt2 JD\nt3 5S\nt4 6S\nt5 7S\nt6 8S\nt7 9S\nt8 TS\nt9 KS\nt10");
    let after = allowed(&pos, "t3-t10");
    assert_eq!((0..10).filter(|&c| !after.column(c).is_empty()).count(), 9);
}

#[test]
fn grosse_harfe_draws_1_and_goes_through_the_talon_once() {
    let pos = setup("rules grosse-harfe\nt1 9S\nstock 3C 4D");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C");
    assert_eq!(redeals_allowed("grosse-harfe", 100), 0);
    // Every column holds a card and nothing fits anywhere: lost, no redeal.
    let full = "t1 9S\nt2 9C\nt3 8S\nt4 8C\nt5 7S\nt6 7C\nt7 6S\nt8 6C\nt9 5S\nt10 5C";
    let pos = setup(&format!("rules grosse-harfe\n{full}\nwaste 3S 4S"));
    refused(&pos, "r", "no redeal left: these rules allow 1 pass(es) through the stock");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.status(), Status::Lost);
    // The 3-passes variant redeals the same table.
    let pos = setup(&format!("rules grosse-harfe/3-passes\n{full}\nwaste 3S 4S"));
    assert_eq!(listed(&pos), ["r"]);
}

#[test]
fn grosse_harfe_only_the_top_waste_card_is_playable_and_the_one_below_follows() {
    let pos = setup("rules grosse-harfe\nt1 9C\nt2 6H\nwaste 8H 5S");
    refused(&pos, "w-t1", "5S does not go on 9C");
    let after = allowed(&pos, "w-t2");
    assert_eq!(cards(after.waste()), "8H");
    let after = allowed(&after, "w-t1");
    assert_eq!(col(&after, 1), "9C 8H");
    assert!(after.waste().is_empty());
}

#[test]
fn grosse_harfe_3_passes_variant_turns_the_talon_over_twice() {
    assert_eq!(redeals_allowed("grosse-harfe/3-passes", 100), 2);
    let pos = setup("rules grosse-harfe/3-passes\npass 2\nt1 9S\nwaste 3C");
    allowed(&pos, "r");
    let pos = setup("rules grosse-harfe/3-passes\npass 3\nt1 9S\nwaste 3C");
    refused(&pos, "r", "no redeal left: these rules allow 3 pass(es) through the stock");
}

#[test]
fn grosse_harfe_kings_only_variant_empty_column_takes_only_king_or_king_run() {
    let pos = setup("rules grosse-harfe/kings-only\nt1 3C | KS QH JC\nt2\nt3 QD\nt4 KD\nt5 KC\nwaste 5H");
    allowed(&pos, "t1-t2:3");
    allowed(&pos, "t4-t2");
    refused(&pos, "t1-t2:2", "an empty column takes only a King or a King-led run");
    refused(&pos, "t1-t2", "an empty column takes only a King or a King-led run");
    refused(&pos, "t3-t2", "an empty column takes only a King or a King-led run");
    refused(&pos, "w-t2", "an empty column takes only a King or a King-led run");
    // Runs still move as a unit onto cards.
    allowed(&pos, "t1-t5:2");
}

#[test]
fn grosse_harfe_8_columns_space_filled_only_while_fewer_than_8_occupied() {
    // Eight columns hold cards: neither space may be filled, by anything.
    let eight =
        "rules grosse-harfe/8-columns\nt1 QC\nt2 JD\nt3 5S\nt4 6S\nt5 7S\nt6 8S\nt7 KH\nt8 TS\nt9\nt10\nwaste 9D";
    let pos = setup(eight);
    let why = "a space may only be filled while fewer than 8 columns hold cards";
    refused(&pos, "t3-t9", why);
    refused(&pos, "t7-t10", why);
    refused(&pos, "w-t9", why);
    // Not even by a whole column, which would leave eight occupied.
    refused(&pos, "t1-t9:1", why);
    // Moves onto cards are not limited.
    allowed(&pos, "t2-t1");
    allowed(&pos, "w-t8");
    // Once a column is cleared, seven hold cards and a space may be filled.
    let seven = allowed(&pos, "t2-t1");
    let after = allowed(&seven, "t3-t9");
    assert_eq!((0..10).filter(|&c| !after.column(c).is_empty()).count(), 7);
    let after = allowed(&seven, "w-t2");
    assert_eq!((0..10).filter(|&c| !after.column(c).is_empty()).count(), 8);
    // That fills the eighth column; now the rule applies again.
    refused(&after, "t3-t9", why);
    // The default rules fill a space with eight columns occupied.
    let pos = setup(&eight.replace("grosse-harfe/8-columns", "grosse-harfe"));
    allowed(&pos, "t3-t9");
}

#[test]
fn grosse_harfe_draw_3_variant_turns_3_cards_with_unlimited_passes() {
    let pos = setup("rules grosse-harfe/draw-3\nt1 9S\nt2 6H\nstock 8D 5S 3C 4D");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "8D 5S 3C");
    assert_eq!(cards(after.stock()), "4D");
    // Only the top card of the three is playable.
    refused(&after, "w-t1", "3C does not go on 9S");
    let after = allowed(&after, "s");
    assert_eq!(cards(after.waste()), "8D 5S 3C 4D", "fewer than three left: all of them");
    refused(&after, "s", "the stock is empty");
    assert_eq!(redeals_allowed("grosse-harfe/draw-3", 30), 30);
    let pos = setup("rules grosse-harfe/draw-3\npass 500\nt1 9S\nwaste 3C");
    allowed(&pos, "r");
}
