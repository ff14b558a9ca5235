//! Rule sentences of docs/RULES.md, "Pitchfork" (default unlimited passes,
//! "no redeal", "N passes", "partial runs" and "Pitchfork (Warfield)"): one
//! test per sentence, each checking that what the sentence allows is allowed
//! and what it forbids is refused with a reason.

use crate::common;

use common::*;
use patience_core::deal::shuffled_deck;
use patience_core::rules::RunMoves;
use patience_core::{presets, Pile, Position, Rules};

const SEED_IDS: [&str; 4] = ["pitchfork", "pitchfork/no-redeal", "pitchfork/2-passes", "pitchfork/3-passes"];

#[test]
fn pitchfork_layout_9_piles_of_8_8_4_2_2_2_4_8_8_all_face_up() {
    for id in SEED_IDS {
        let rules = presets::find(id).unwrap();
        for number in 1..=5 {
            let pos = Position::deal(rules, number);
            let heights: Vec<usize> = (0..pos.column_count()).map(|c| pos.column(c).len()).collect();
            assert_eq!(heights, [8, 8, 4, 2, 2, 2, 4, 8, 8], "{id} deal {number}");
            assert_eq!(pos.face_down_total(), 0, "{id}: all tableau cards face up");
            assert_eq!(heights.iter().sum::<usize>(), 46);
        }
    }
}

#[test]
fn pitchfork_stock_holds_6_face_down_cards_and_4_foundations_build_ace_to_king_by_suit() {
    for id in SEED_IDS {
        let pos = Position::deal(presets::find(id).unwrap(), 1);
        assert_eq!(pos.stock().len(), 6, "{id}");
        assert!(pos.waste().is_empty());
        assert_eq!(pos.foundation_slots(), 4);
        assert!(pos.reserve().is_empty());
    }
    let pos = setup("rules pitchfork\nf -- -- -- AC\nt1 2S\nt2 AD\nt3 3S\nt4 2C");
    refused(&pos, "t1-f", "2♠ cannot go up yet: its foundation needs the Ace first");
    allowed(&pos, "t2-f");
    let after = allowed(&pos, "t4-f");
    assert_eq!(after.foundation_top(3), Some(card("2C")));
    refused(&pos, "t3-f", "3♠ cannot go up yet: its foundation needs the Ace first");
}

#[test]
fn pitchfork_tableau_builds_down_in_alternating_colours() {
    let pos = setup("rules pitchfork\nt1 TS\nt2 9H\nt3 9C\nt4 8D\nt5 JD");
    allowed(&pos, "t2-t1");
    refused(&pos, "t3-t1", "9♣ needs a red 10; column 1 ends in 10♠");
    refused(&pos, "t4-t1", "8♦ needs a black 9; column 1 ends in 10♠");
    refused(&pos, "t5-t1", "J♦ needs a black Queen; column 1 ends in 10♠");
}

#[test]
fn pitchfork_correctly_built_runs_from_the_top_move_as_a_unit() {
    for id in ["pitchfork", "pitchfork/partial-runs"] {
        let pos = setup(&format!("rules {id}\nt1 4H QS JH TC 9D\nt2 KD\nt3 QC\nt5 TS 8C 7H\nt6 9H"));
        let after = allowed(&pos, "t1-t2:4");
        assert_eq!(col(&after, 2), "KD QS JH TC 9D");
        assert_eq!(col(&after, 1), "4H");
        // Runs are judged by their bottom card...
        refused(&pos, "t1-t3:4", "Q♠ needs a red King; column 3 ends in Q♣");
        // ...must be correctly built...
        refused(&pos, "t1-t2:5", "The top 5 cards of column 1 are not built in order: at most the top 4 move together");
        refused(&pos, "t5-t6:3", "The top 3 cards of column 5 are not built in order: at most the top 2 move together");
        // ...and always end at the top of the pile.
        allowed(&pos, "t5-t6:2");
    }
}

/// A table with a four-card run on t1 (QS JH TC 9D, over 4H), a two-card
/// run on t5 (8C 7H, over TH) and places for every part of them.
const RUNS: &str = "f -- -- 8D --\nt1 4H QS JH TC 9D\nt2 KD\nt3 QC\nt4 JD\nt5 TH 8C 7H\nt6 9H\nt7 TS\nt8 3C 8S";

#[test]
fn pitchfork_no_partial_sequence_moves_only_the_whole_run_at_the_top_of_a_pile_moves() {
    for id in SEED_IDS {
        let pos = setup(&format!("rules {id}\n{RUNS}"));
        // The whole run, from the top card down as far as it is built.
        let after = allowed(&pos, "t1-t2:4");
        assert_eq!(col(&after, 2), "KD QS JH TC 9D", "{id}");
        allowed(&pos, "t5-t6:2");
        // No part of it, nor its top card alone, moves to another pile.
        let why = "Only whole runs move: take all 4 cards of the run on column 1";
        refused(&pos, "t1-t3:3", why);
        refused(&pos, "t1-t4:2", why);
        refused(&pos, "t1-t7", why);
        refused(&pos, "t5-t8", "Only whole runs move: take all 2 cards of the run on column 5");
        // A card that is a whole run by itself moves alone.
        let after = allowed(&pos, "t8-t6");
        assert_eq!(col(&after, 6), "9H 8S");
        // The top card still goes to its foundation on its own.
        let after = allowed(&pos, "t1-f");
        assert_eq!(col(&after, 1), "4H QS JH TC", "{id}");
        // Into a space, too, only a whole run, led by a King.
        let pos = setup(&format!("rules {id}\nt1 4H KS QH JC\nt2\nt3 QD JS"));
        allowed(&pos, "t1-t2:3");
        refused(&pos, "t1-t2:2", "Only whole runs move: take all 3 cards of the run on column 1");
        refused(&pos, "t3-t2:2", "Only a King goes into an empty column, and Q♦ is not one (column 2 is empty)");
    }
    // Warfield moves single cards only, so it has no runs to split.
    assert_eq!(presets::find("pitchfork/warfield").unwrap().run_moves, RunMoves::SingleCards);
}

#[test]
fn pitchfork_partial_runs_variant_any_part_of_a_run_moves() {
    let pos = setup(&format!("rules pitchfork/partial-runs\n{RUNS}"));
    allowed(&pos, "t1-t2:4");
    let after = allowed(&pos, "t1-t3:3");
    assert_eq!(col(&after, 3), "QC JH TC 9D");
    assert_eq!(col(&after, 1), "4H QS");
    allowed(&pos, "t1-t4:2");
    allowed(&pos, "t1-t7");
    allowed(&pos, "t5-t8");
    // Otherwise it is the default game: same deals, same rules.
    let partial = presets::find("pitchfork/partial-runs").unwrap();
    let default = presets::find("pitchfork").unwrap();
    assert_eq!(partial.run_moves, RunMoves::AnyRun);
    assert_eq!(default.run_moves, RunMoves::WholeRun);
    let as_default = Rules {
        id: default.id,
        name: default.name,
        summary: default.summary,
        run_moves: default.run_moves,
        ..partial.clone()
    };
    assert_eq!(&as_default, default);
}

#[test]
fn pitchfork_empty_piles_take_only_a_king_or_king_led_run() {
    for id in ["pitchfork", "pitchfork/partial-runs"] {
        let pos = setup(&format!("rules {id}\nt1 4H KS QH JC\nt2\nt3 QD\nt4 KH\nt5 QC JD\nwaste KC 5S"));
        let after = allowed(&pos, "t1-t2:3");
        assert_eq!(col(&after, 2), "KS QH JC");
        allowed(&pos, "t4-t2");
        refused(&pos, "t3-t2", "Only a King goes into an empty column, and Q♦ is not one (column 2 is empty)");
        refused(&pos, "t5-t2:2", "Only a King goes into an empty column, and Q♣ is not one (column 2 is empty)");
        refused(&pos, "w-t2", "Only a King goes into an empty column, and 5♠ is not one (column 2 is empty)");
    }
    let pos = setup("rules pitchfork/partial-runs\nt1 4H KS QH JC\nt2");
    refused(&pos, "t1-t2:2", "Only a King goes into an empty column, and Q♥ is not one (column 2 is empty)");
}

#[test]
fn pitchfork_draws_1_with_unlimited_passes_by_default() {
    let pos = setup("rules pitchfork\nt1 9S\nstock 3C 4D");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C");
    assert_eq!(cards(after.stock()), "4D");
    assert_eq!(redeals_allowed("pitchfork", 30), 30);
}

#[test]
fn pitchfork_no_redeal_variant_goes_through_the_stock_once() {
    assert_eq!(redeals_allowed("pitchfork/no-redeal", 30), 0);
    let pos = setup("rules pitchfork/no-redeal\nt1 9S\nwaste 3C");
    refused(&pos, "r", "No pass is left: these rules allow one pass through the stock");
}

#[test]
fn pitchfork_n_passes_variants_allow_n_passes() {
    assert_eq!(redeals_allowed("pitchfork/2-passes", 30), 1);
    assert_eq!(redeals_allowed("pitchfork/3-passes", 30), 2);
    let pos = setup("rules pitchfork/2-passes\npass 2\nt1 9S\nwaste 3C");
    refused(&pos, "r", "No pass is left: these rules allow 2 passes through the stock");
}

#[test]
fn pitchfork_no_foundation_to_tableau_moves() {
    for id in SEED_IDS {
        let pos = setup(&format!("rules {id}\nf 5S KH -- --\nt1 6D\nt2"));
        refused(&pos, "f1-t1", "Cards never leave the foundations in this game");
        refused(&pos, "f2-t2", "Cards never leave the foundations in this game");
    }
    let pos = setup("rules pitchfork/warfield\nbase 4\nf 5S -- -- --\nt1 6D");
    refused(&pos, "f1-t1", "Cards never leave the foundations in this game");
}

// ----- Pitchfork (Warfield) ---------------------------------------------------

fn warfield() -> &'static patience_core::Rules {
    presets::find("pitchfork/warfield").unwrap()
}

#[test]
fn pitchfork_warfield_layout_8_8_4_2_0_2_4_8_8_a_7_card_reserve_and_no_stock() {
    for number in 1..=5 {
        let pos = Position::deal(warfield(), number);
        let heights: Vec<usize> = (0..pos.column_count()).map(|c| pos.column(c).len()).collect();
        assert_eq!(heights, [8, 8, 4, 2, 0, 2, 4, 8, 8], "deal {number}");
        assert_eq!(pos.face_down_total(), 0);
        assert_eq!(pos.reserve().len(), 7);
        assert_eq!(pos.available(Pile::Reserve), pos.reserve().last().copied());
        assert!(pos.stock().is_empty() && pos.waste().is_empty());
        assert_eq!(pos.cards_on_foundations(), 1, "the first card dealt");
        refused(&pos, "s", "This game has no stock");
        refused(&pos, "r", "This game has no stock");
        refused(&pos, "w-t5", "This game has no waste");
    }
}

#[test]
fn pitchfork_warfield_reserve_top_card_is_available() {
    let pos = setup("rules pitchfork/warfield\nbase 9\nf 9S -- -- --\nt1 JS\nt2 9C\nreserve TH 8H TS");
    allowed(&pos, "res-f");
    let after = allowed(&pos, "res-t5");
    assert_eq!(cards(after.reserve()), "TH 8H");
    // 8H, under the top card, is not available until TS has moved.
    refused(&pos, "res-t2", "10♠ needs a red Jack; column 2 ends in 9♣");
    let after = allowed(&after, "res-t2");
    assert_eq!(col(&after, 2), "9C 8H");
    let after = allowed(&after, "res-t1");
    assert_eq!(col(&after, 1), "JS TH");
}

#[test]
fn pitchfork_warfield_foundations_start_at_first_card_dealt_and_wrap() {
    for number in 1..=5 {
        let pos = Position::deal(warfield(), number);
        let first = shuffled_deck(warfield(), number)[0];
        assert_eq!(pos.base_rank(), Some(first.rank()), "deal {number}");
        assert_eq!(pos.foundation_top(first.suit().index() as usize), Some(first));
    }
    // Base 9: each other suit starts with its 9, and nothing else.
    let pos = setup("rules pitchfork/warfield\nbase 9\nf 9S -- -- --\nt1 9H\nt2 8H\nt3 AD\nt4 TS\nt6 TH");
    allowed(&pos, "t1-f");
    allowed(&pos, "t4-f");
    refused(&pos, "t2-f", "8♥ cannot go up yet: its foundation needs the 9 first");
    refused(&pos, "t3-f", "A♦ cannot go up yet: its foundation needs the 9 first");
    refused(&pos, "t6-f", "10♥ cannot go up yet: its foundation needs the 9 first");
    // Past the King comes the Ace, then the 2.
    let pos = setup("rules pitchfork/warfield\nbase 9\nf KS -- -- --\nt1 AS\nt2 2S");
    refused(&pos, "t2-f", "2♠ cannot go up yet: its foundation needs the Ace first");
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.foundation_top(0), Some(card("AS")));
    let after = allowed(&after, "t2-f");
    assert_eq!(after.foundation_len(0), 7);
    // Thirteen cards, from 9 round to 8, complete a foundation.
    let pos = setup("rules pitchfork/warfield\nbase 9\nf 8S 9H -- --\nt1 TH");
    assert_eq!(pos.foundation_len(0), 13);
    allowed(&pos, "t1-f");
}

#[test]
fn pitchfork_warfield_single_cards_only() {
    let pos = setup("rules pitchfork/warfield\nbase 5\nt1 TD 9S\nt2 JC\nt3 TH\nt4 KS QH");
    refused(&pos, "t1-t2:2", "Only one card moves at a time in this game");
    refused(&pos, "t4-t5:2", "Only one card moves at a time in this game");
    let after = allowed(&pos, "t1-t3");
    assert_eq!(col(&after, 3), "TH 9S");
}

#[test]
fn pitchfork_warfield_any_card_in_a_space() {
    let pos = setup("rules pitchfork/warfield\nbase 5\nt1 TD 9S\nt2 3C\nt4 KS QH\nreserve 8D");
    let after = allowed(&pos, "t2-t5");
    assert_eq!(col(&after, 5), "3C");
    allowed(&pos, "t1-t5");
    allowed(&pos, "t4-t5");
    allowed(&pos, "res-t5");
    // In the default `pitchfork` (docs/RULES.md, "Pitchfork") a space takes
    // only a King or a King-led run.
    let pos = setup("rules pitchfork\nt1 TD 9S\nt2 3C\nt4 KS QH");
    refused(&pos, "t2-t5", "Only a King goes into an empty column, and 3♣ is not one (column 5 is empty)");
}
