//! Rule sentences of `docs/RULES.md`, "Klondike": Solitaire Harmony's layout
//! and play without its clock, score and automatic moves, and the draw-3
//! variant. One test per sentence.

use crate::common;

use common::*;
use patience_core::game::Outcome;
use patience_core::{presets, Game, Position, Rules};

fn klondike() -> &'static Rules {
    presets::find("klondike").unwrap()
}

#[test]
fn klondike_lays_out_builds_and_moves_as_harmony() {
    let (klondike, harmony) = (klondike(), presets::find("harmony").unwrap());
    // Rule for rule, Harmony's layout and play.
    assert_eq!(
        (klondike.decks, klondike.columns, klondike.deal_face, klondike.build, klondike.run_moves, klondike.space),
        (harmony.decks, harmony.columns, harmony.deal_face, harmony.build, harmony.run_moves, harmony.space)
    );
    assert_eq!(
        (klondike.draw, klondike.passes, klondike.foundation_base, klondike.foundation_to_tableau),
        (harmony.draw, harmony.passes, harmony.foundation_base, harmony.foundation_to_tableau)
    );
    for number in 1..=10 {
        let pos = Position::deal(klondike, number);
        for c in 0..7 {
            assert_eq!((pos.column(c).len(), pos.face_down(c)), (c + 1, c), "deal {number}, pile {}", c + 1);
        }
        assert_eq!(pos.stock().len(), 24);
    }
    let pos = setup("rules klondike\nt1 2D | 9S 8H 7C\nt2\nt3 TH\nf -- 5H -- --\nt4 6C");
    assert_eq!(col(&allowed(&pos, "t1-t3:3"), 3), "TH 9S 8H 7C");
    refused(&pos, "t1-t2:3", "Only a King goes into an empty column, and 9♠ is not one (column 2 is empty)");
    assert_eq!(col(&allowed(&pos, "f2-t4"), 4), "6C 5H");
}

#[test]
fn klondike_draws_1_with_unlimited_passes() {
    let pos = setup("rules klondike\nt1 9S\nstock 3C 4D");
    assert_eq!(cards(allowed(&pos, "s").waste()), "3C");
    assert_eq!(redeals_allowed("klondike", 30), 30);
}

#[test]
fn klondike_no_card_goes_up_by_itself() {
    // Harmony would send the drawn Ace up at once; Klondike leaves it.
    let pos = setup("rules klondike\nt1 9S\nstock AD 5C");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "AD");
    assert_eq!(after.cards_on_foundations(), 0);
    for number in 1..=40 {
        assert_eq!(Position::deal(klondike(), number).cards_on_foundations(), 0, "deal {number}: an Ace went up");
    }
}

#[test]
fn klondike_has_no_clock_no_score_and_free_undo_and_restart() {
    let rules = klondike();
    assert_eq!(rules.clock_secs, None);
    let mut game = Game::new(rules, 1);
    game.play(mv("s"), 10_000_000).unwrap();
    game.undo(10_000_001).unwrap();
    game.play(mv("s"), 10_000_002).unwrap();
    game.restart(10_000_003).unwrap();
    assert_eq!(game.score(), 0);
    assert_eq!(game.ms_left(10_000_004), None);
    assert_eq!(game.outcome(), Outcome::Playing);
}

#[test]
fn klondike_draw_3_turns_3_cards_a_draw_only_the_top_one_plays() {
    let rules = presets::find("klondike/draw-3").unwrap();
    assert_eq!(
        Position::deal(rules, 5).to_string().replace("klondike/draw-3", "klondike"),
        Position::deal(klondike(), 5).to_string()
    );
    let pos = setup("rules klondike/draw-3\nt1 9S\nt2 4H\nstock 3C 4D 8H 2S");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C 4D 8H");
    let from_waste: Vec<String> = listed(&after).into_iter().filter(|m| m.starts_with('w')).collect();
    assert_eq!(from_waste, ["w-t1"], "only the top card, 8♥, plays");
    assert_eq!(col(&allowed(&after, "w-t1"), 1), "9S 8H");
    let after = allowed(&after, "s");
    assert_eq!(cards(after.waste()), "3C 4D 8H 2S", "fewer when fewer are left");
    assert_eq!(redeals_allowed("klondike/draw-3", 30), 30);
}
