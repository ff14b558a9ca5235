//! Rule sentences of `docs/RULES.md`, "Lasker" (the default rules and "Lasker
//! (classic collections)"): one test per sentence, each checking that what
//! the sentence allows is allowed and what it forbids is refused with a
//! reason.

use crate::common;

use common::*;
use patience_core::{presets, Position, Status};

#[test]
fn lasker_layout_10_piles_first_two_of_6_other_eight_of_5_all_face_up() {
    for id in ["lasker", "lasker/classic"] {
        let rules = presets::find(id).unwrap();
        for number in 1..=5 {
            let pos = Position::deal(rules, number);
            let heights: Vec<usize> = (0..pos.column_count()).map(|c| pos.column(c).len()).collect();
            assert_eq!(heights, [6, 6, 5, 5, 5, 5, 5, 5, 5, 5], "{id} deal {number}");
            assert_eq!(heights.iter().sum::<usize>(), 52);
            assert_eq!(pos.face_down_total(), 0, "{id}: all face up");
            assert_eq!(pos.foundation_slots(), 4);
            assert_eq!(pos.cards_on_foundations(), 0);
            assert_eq!(pos.base_rank(), None, "{id}: the player chooses the base");
        }
    }
}

#[test]
fn lasker_no_stock_no_waste_no_redeal() {
    for id in ["lasker", "lasker/classic"] {
        let pos = Position::deal(presets::find(id).unwrap(), 1);
        assert!(pos.stock().is_empty() && pos.waste().is_empty() && pos.reserve().is_empty());
        refused(&pos, "s", "This game has no stock");
        refused(&pos, "r", "This game has no stock");
        refused(&pos, "w-t1", "This game has no waste");
        refused(&pos, "res-t1", "This game has no reserve");
        assert!(!listed(&pos).iter().any(|m| m == "s" || m == "r"));
    }
}

#[test]
fn lasker_first_card_to_foundation_sets_base_rank() {
    let pos = setup("rules lasker\nbase -\nt1 7H\nt2 QS\nt3 8H\nt4 7S\nt5 6C");
    // Before the first move any available card may start a foundation.
    for m in ["t1-f", "t2-f", "t3-f", "t4-f", "t5-f"] {
        allowed(&pos, m);
    }
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.base_rank(), Some(7));
    allowed(&after, "t3-f"); // 8H on 7H
    allowed(&after, "t4-f"); // 7S starts another foundation
    refused(&after, "t5-f", "6♣ cannot go up yet: its foundation needs the 7 first");
    refused(&after, "t2-f", "Q♠ cannot go up yet: its foundation needs the 7 first");
    // Another first card, another base.
    let after = allowed(&pos, "t2-f");
    assert_eq!(after.base_rank(), Some(12));
    refused(&after, "t1-f", "7♥ cannot go up yet: its foundation needs the Queen first");
}

#[test]
fn lasker_tableau_moves_may_come_before_the_base_is_chosen() {
    let pos = setup("rules lasker\nbase -\nt1 8S\nt2 7S\nt3 5H");
    let after = allowed(&pos, "t2-t1");
    assert_eq!(after.base_rank(), None, "a tableau move chooses no base");
    assert_eq!(col(&after, 1), "8S 7S");
    // The first foundation move, later, still sets it.
    let after = allowed(&after, "t3-f");
    assert_eq!(after.base_rank(), Some(5));
}

#[test]
fn lasker_other_three_foundations_start_with_the_base_rank_in_another_suit() {
    let pos = setup("rules lasker\nbase 7\nf -- 7H -- --\nt1 7S\nt2 7D\nt3 7C\nt4 6S\nt5 8S\nt6 8D");
    for m in ["t1-f", "t2-f", "t3-f"] {
        allowed(&pos, m);
    }
    refused(&pos, "t4-f", "6♠ cannot go up yet: its foundation needs the 7 first");
    refused(&pos, "t5-f", "8♠ cannot go up yet: its foundation needs the 7 first");
    refused(&pos, "t6-f", "8♦ cannot go up yet: its foundation needs the 7 first");
    let after = allowed(&pos, "t2-f");
    allowed(&after, "t6-f");
}

#[test]
fn lasker_foundations_build_up_by_suit_and_wrap_king_to_ace() {
    let pos = setup("rules lasker\nbase Q\nf KS QH -- --\nt1 AS\nt2 2S\nt3 AH\nt4 KD");
    refused(&pos, "t2-f", "2♠ cannot go up yet: its foundation needs the Ace first");
    refused(&pos, "t3-f", "A♥ cannot go up yet: its foundation needs the King first"); // KH comes first
    refused(&pos, "t4-f", "K♦ cannot go up yet: its foundation needs the Queen first"); // QD comes first
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.foundation_top(0), Some(card("AS")));
    let after = allowed(&after, "t2-f");
    assert_eq!(after.foundation_len(0), 4);
    // A foundation is complete after thirteen cards: Q round to J.
    let pos = setup("rules lasker\nbase Q\nf JS -- -- --\nt1 QH");
    assert_eq!(pos.foundation_len(0), 13);
}

#[test]
fn lasker_tableau_builds_down_by_suit_no_wrap() {
    let pos = setup("rules lasker\nt1 8S\nt2 7S\nt3 7H\nt4 9S\nt5 KS\nt6 AS\nt7 2S\nt8 KD AD");
    let after = allowed(&pos, "t2-t1");
    assert_eq!(col(&after, 1), "8S 7S");
    allowed(&pos, "t6-t7");
    refused(&pos, "t3-t1", "7♥ needs an 8 of hearts; column 1 ends in 8♠");
    refused(&pos, "t4-t1", "9♠ needs a 10 of spades; column 1 ends in 8♠"); // up
    refused(&pos, "t5-t6", "K♠ needs no card: nothing builds on it; column 6 ends in A♠"); // no wrap
    refused(&pos, "t6-t5", "A♠ needs a 2 of spades; column 5 ends in K♠");
}

#[test]
fn lasker_single_cards_only() {
    let pos = setup("rules lasker\nt1 8S 7S\nt2 9S\nt3 6S\nt4 TH 9H");
    refused(&pos, "t1-t2:2", "Only one card moves at a time in this game");
    refused(&pos, "t4-t2:2", "Only one card moves at a time in this game");
    let after = allowed(&pos, "t3-t1");
    assert_eq!(col(&after, 1), "8S 7S 6S");
}

#[test]
fn lasker_emptied_pile_stays_empty() {
    let pos = setup("rules lasker\nt1 7S\nt2 8S\nt3 KH\nt4 2D");
    let after = allowed(&pos, "t1-t2");
    assert_eq!(col(&after, 1), "");
    let why = "stays empty: an emptied column is never refilled in this game";
    refused(&after, "t3-t1", why);
    refused(&after, "t4-t1", why);
    refused(&after, "t2-t1", why);
    assert!(!listed(&after).iter().any(|m| m.ends_with("-t1")));
    // An empty pile stays empty however it was emptied, to a foundation too.
    let pos = setup("rules lasker\nbase -\nt1 7S\nt3 KH");
    let after = allowed(&pos, "t1-f");
    refused(&after, "t3-t1", why);
}

#[test]
fn lasker_no_foundation_to_tableau_moves() {
    let pos = setup("rules lasker\nbase 7\nf 7S 8H -- --\nt1 8S\nt2 9H");
    refused(&pos, "f1-t1", "Cards never leave the foundations in this game");
    refused(&pos, "f2-t2", "Cards never leave the foundations in this game");
}

#[test]
fn lasker_lost_when_no_card_can_move() {
    let pos = setup("rules lasker\nbase 7\nf 7S -- -- --\nt1 3H\nt2 9C\nt3 5D");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.status(), Status::Lost);
    let pos = setup("rules lasker\nbase 7\nf 7S -- -- --\nt1 3H\nt2 9C\nt3 8S");
    assert_eq!(listed(&pos), ["t3-f"]);
    assert_eq!(pos.status(), Status::Playing);
}

// ----- Lasker (classic collections) -------------------------------------------

#[test]
fn lasker_classic_tableau_builds_up_or_down_by_suit_with_wrap() {
    let pos = setup("rules lasker/classic\nt1 8S\nt2 7S\nt3 9S\nt4 8H\nt5 9H\nt6 KC\nt7 AC\nt8 QD\nt9 AD");
    allowed(&pos, "t2-t1"); // down
    allowed(&pos, "t3-t1"); // up
    allowed(&pos, "t7-t6"); // A on K: up, round the corner
    allowed(&pos, "t6-t7"); // K on A: down, round the corner
    refused(&pos, "t4-t1", "8♥ needs a 7 or 9 of hearts; column 1 ends in 8♠");
    refused(&pos, "t5-t1", "9♥ needs an 8 or 10 of hearts; column 1 ends in 8♠");
    refused(&pos, "t8-t9", "Q♦ needs a Jack or King of diamonds; column 9 ends in A♦");
}

#[test]
fn lasker_classic_runs_move_as_a_unit() {
    let pos = setup("rules lasker/classic\nt1 2C 8S 9S\nt2 7S\nt3 TS\nt4 3H 4H 5H\nt5 2H\nt6 6H");
    let after = allowed(&pos, "t1-t2:2"); // 8S, with 9S on it, onto 7S
    assert_eq!(col(&after, 2), "7S 8S 9S");
    assert_eq!(col(&after, 1), "2C");
    allowed(&pos, "t1-t3"); // 9S alone onto TS
    refused(&pos, "t1-t3:2", "8♠ needs a 7 or 9 of spades; column 3 ends in 10♠");
    refused(&pos, "t1-t2:3", "The top 3 cards of column 1 are not built in order: at most the top 2 move together");
    // A run built upwards moves too, judged by its bottom card.
    let after = allowed(&pos, "t4-t5:3");
    assert_eq!(col(&after, 5), "2H 3H 4H 5H");
    refused(&pos, "t4-t6:3", "3♥ needs a 2 or 4 of hearts; column 6 ends in 6♥");
    allowed(&pos, "t4-t6");
}

#[test]
fn lasker_classic_any_card_fills_a_space() {
    let pos = setup("rules lasker/classic\nt1 2H 8S 9S\nt3 5C\nt4");
    allowed(&pos, "t1-t4:2");
    allowed(&pos, "t1-t4");
    allowed(&pos, "t3-t4");
    let after = allowed(&pos, "t3-t2");
    assert_eq!(col(&after, 2), "5C");
}

#[test]
fn lasker_classic_foundations_are_chosen_and_built_as_in_the_default() {
    let pos = setup("rules lasker/classic\nbase -\nt1 7H\nt2 8H\nt3 7S\nt4 6C");
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.base_rank(), Some(7));
    allowed(&after, "t2-f"); // 8H on 7H
    allowed(&after, "t3-f"); // 7S starts another foundation
    refused(&after, "t4-f", "6♣ cannot go up yet: its foundation needs the 7 first");
    // Up by suit, round the corner from King to Ace; never back down.
    let pos = setup("rules lasker/classic\nbase Q\nf KS -- -- --\nt1 AS\nt2 2S\nt3");
    refused(&pos, "t2-f", "2♠ cannot go up yet: its foundation needs the Ace first");
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.foundation_top(0), Some(card("AS")));
    refused(&pos, "f1-t3", "Cards never leave the foundations in this game");
}
