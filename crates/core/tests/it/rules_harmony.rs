//! Rule sentences of `docs/RULES.md`, "Solitaire Harmony": layout, building, draw
//! and passes, foundation-to-tableau moves, automatic moves, the score and
//! the clock. One test per sentence, each checking that what the sentence
//! allows is allowed and what it forbids is refused (or does not happen).

use crate::common;

use common::*;
use patience_core::game::{ClockStart, Outcome};
use patience_core::scoring::{score, Finish, Tally};
use patience_core::{presets, Game, GameError, Move, Position, Rules};

fn harmony() -> &'static Rules {
    presets::find("harmony").unwrap()
}

/// The tally of one move from `before`, starting from nothing earned.
fn tally_of(before: &Position, m: &str) -> (Tally, Position) {
    let after = allowed(before, m);
    let mut tally = Tally::default();
    tally.record(before, mv(m), &after);
    (tally, after)
}

#[test]
fn harmony_layout_7_piles_of_1_to_7_cards_top_card_face_up() {
    let mut plain = 0;
    for number in 1..=40 {
        let pos = Position::deal(harmony(), number);
        assert_eq!(pos.column_count(), 7);
        let on_tableau: usize = (0..7).map(|c| pos.column(c).len()).sum();
        assert_eq!(on_tableau + pos.cards_on_foundations(), 28, "deal {number}");
        if pos.cards_on_foundations() == 0 {
            // No Ace came up at the deal, so the layout is as dealt.
            plain += 1;
            for c in 0..7 {
                assert_eq!(pos.column(c).len(), c + 1, "deal {number}: pile {}", c + 1);
                assert_eq!(pos.face_down(c), c, "deal {number}: only the top card is face up");
            }
        }
    }
    assert!(plain > 20, "most deals show no Ace on top");
}

#[test]
fn harmony_hand_pile_holds_24_cards_and_4_foundations_build_ace_to_king_by_suit() {
    for number in 1..=10 {
        let pos = Position::deal(harmony(), number);
        assert_eq!(pos.stock().len(), 24, "deal {number}");
        assert!(pos.waste().is_empty());
        assert_eq!(pos.foundation_slots(), 4);
    }
    let pos = setup("rules harmony\nf -- 3H -- --\nt1 4H\nt2 4D\nt3 5H");
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.foundation_top(1), Some(card("4H")));
    refused(&pos, "t2-f", "4♦ cannot go up yet: its foundation needs the Ace first");
    refused(&pos, "t3-f", "5♥ cannot go up yet: its foundation needs the 4 first");
}

#[test]
fn harmony_tableau_builds_down_in_alternating_colours_any_face_up_part_moves_if_its_bottom_card_fits() {
    let pos = setup("rules harmony\nt1 2D | 9S 8H 7C\nt2 9C\nt3 TH\nt4 8D\nt5 TS");
    let after = allowed(&pos, "t1-t3:3");
    assert_eq!(col(&after, 3), "TH 9S 8H 7C");
    assert_eq!(col(&after, 1), "2D");
    let after = allowed(&pos, "t1-t2:2");
    assert_eq!(col(&after, 2), "9C 8H 7C");
    assert_eq!(col(&after, 1), "2D | 9S");
    allowed(&pos, "t1-t4");
    refused(&pos, "t1-t5:3", "9♠ needs a red 10; column 5 ends in 10♠");
    refused(&pos, "t1-t3:2", "8♥ needs a black 9; column 3 ends in 10♥");
    refused(&pos, "t1-t2:3", "9♠ needs a red 10; column 2 ends in 9♣");
    refused(&pos, "t1-t2:4", "Column 1 has only 3 cards face up");
}

#[test]
fn harmony_empty_piles_take_only_a_king_or_king_led_run() {
    let pos = setup("rules harmony\nt1 KS QH\nt2\nt3 QC\nwaste KD");
    allowed(&pos, "t1-t2:2");
    allowed(&pos, "w-t2");
    refused(&pos, "t1-t2", "Only a King goes into an empty column, and Q♥ is not one (column 2 is empty)");
    refused(&pos, "t3-t2", "Only a King goes into an empty column, and Q♣ is not one (column 2 is empty)");
    let pos = setup("rules harmony\nt2\nwaste KD QS");
    refused(&pos, "w-t2", "Only a King goes into an empty column, and Q♠ is not one (column 2 is empty)");
}

#[test]
fn harmony_draws_1_with_unlimited_passes() {
    let pos = setup("rules harmony\nt1 9S\nstock 3C 4D");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C");
    assert_eq!(redeals_allowed("harmony", 30), 30);
    let pos = setup("rules harmony\npass 999\nt1 9S\nwaste 3C");
    allowed(&pos, "r");
}

#[test]
fn harmony_foundation_top_card_may_move_back_onto_the_tableau() {
    let pos = setup("rules harmony\nf KS 5H -- --\nt1 6C\nt2\nt3 6H");
    let after = allowed(&pos, "f2-t1");
    assert_eq!(col(&after, 1), "6C 5H");
    assert_eq!(after.foundation_top(1), Some(card("4H")));
    // A King back into an empty pile.
    let after = allowed(&pos, "f1-t2");
    assert_eq!(col(&after, 2), "KS");
    // The tableau rules still apply to it.
    refused(&pos, "f2-t3", "5♥ needs a black 6; column 3 ends in 6♥");
    refused(&pos, "f2-t2", "Only a King goes into an empty column, and 5♥ is not one (column 2 is empty)");
}

#[test]
fn harmony_foundation_card_that_would_go_straight_back_up_is_not_moved_down() {
    // All fours are up, so a five goes up by itself: taking 5H down would
    // send it straight back. `docs/RULES.md` allows taking cards back and moves
    // useless cards up by themselves; the engine refuses the pointless pair.
    let pos = setup("rules harmony\nf 4S 5H 4D 4C\nt1 6S\nt2");
    refused(&pos, "f2-t1", "5♥ would only go straight back to its foundation");
    let pos = setup("rules harmony\nf QS KH QD QC\nt2");
    refused(&pos, "f2-t2", "K♥ would only go straight back to its foundation");
    // With a four still down, 5H stays where it is put.
    let pos = setup("rules harmony\nf 4S 5H 4D 3C\nt1 6S");
    let after = allowed(&pos, "f2-t1");
    assert_eq!(col(&after, 1), "6S 5H");
}

#[test]
fn harmony_aces_go_up_by_themselves() {
    // A drawn Ace goes up as part of the draw.
    let pos = setup("rules harmony\nt1 9S\nstock AD 5C");
    let mut after = pos.clone();
    let mut automatic = Vec::new();
    after.play_reporting(mv("s"), &mut |m| automatic.push(m.to_string()));
    assert_eq!(automatic, ["w-f"]);
    assert_eq!(after.foundation_top(2), Some(card("AD")));
    assert!(after.waste().is_empty());
    assert_eq!(after.forced_move(), None);
    // So does an Ace uncovered in the tableau.
    let pos = setup("rules harmony\nt1 AH | 9C\nt2 TD");
    let after = allowed(&pos, "t1-t2");
    assert_eq!(col(&after, 1), "");
    assert_eq!(after.foundation_top(1), Some(card("AH")));
    // And an Ace on top at the deal or in a setup never waits.
    let pos = setup("rules harmony\nt1 AS");
    assert_eq!(pos.foundation_top(0), Some(card("AS")));
    let dealt_up = (1..=200).map(|n| Position::deal(harmony(), n)).find(|p| p.cards_on_foundations() > 0);
    let dealt_up = dealt_up.expect("some deal shows an Ace on top");
    for c in 0..7 {
        assert!(dealt_up.face_up(c).last().is_none_or(|top| top.rank() != 1));
    }
}

#[test]
fn harmony_twos_go_up_once_all_aces_are_up() {
    let pos = setup("rules harmony\nf AS AH AD --\nt1 2S\nt2 2H\nt3 9C\nstock AC 5D");
    // Three Aces up: the twos wait (the player may still move them up).
    assert_eq!(col(&pos, 1), "2S");
    assert_eq!(pos.forced_move(), None);
    allowed(&pos, "t1-f");
    // The fourth Ace goes up by itself, and with it both twos.
    let mut after = pos.clone();
    let mut automatic = Vec::new();
    after.play_reporting(mv("s"), &mut |m| automatic.push(m.to_string()));
    assert_eq!(automatic, ["w-f", "t1-f", "t2-f"]);
    assert_eq!(after.cards_on_foundations(), 6);
    assert_eq!(col(&after, 3), "9C", "a nine does not go up");
}

#[test]
fn harmony_rank_r_goes_up_once_all_four_of_rank_r_minus_1_are_up() {
    let pos = setup("rules harmony\nf 4S 4H 4D 3C\nt1 5S\nt2 4C | 9H\nt3 TS\nt4 5D\nt5 6H");
    // A four is still down: the fives stay.
    assert_eq!(col(&pos, 1), "5S");
    assert_eq!(col(&pos, 4), "5D");
    // Uncovering 4C sends it up (all threes are up), then 5S and 5D (all
    // fours are up); 6H waits for 5H and 5C.
    let mut after = pos.clone();
    let mut automatic = Vec::new();
    after.play_reporting(mv("t2-t3"), &mut |m| automatic.push(m.to_string()));
    assert_eq!(automatic, ["t2-f", "t1-f", "t4-f"]);
    assert_eq!(after.foundation_top(3), Some(card("4C")));
    assert_eq!(after.foundation_top(0), Some(card("5S")));
    assert_eq!(after.foundation_top(2), Some(card("5D")));
    assert_eq!(col(&after, 5), "6H");
    assert_eq!(after.forced_move(), None);
    // The same through `play`.
    let played = allowed(&pos, "t2-t3");
    assert_eq!(played, after);
}

#[test]
fn harmony_clock_5_minutes_at_0_00_the_game_ends_as_it_stands() {
    assert_eq!(harmony().clock_secs, Some(300));
    // A duel game's clock, which starts when the game is opened.
    let mut game = Game::new(harmony(), 1).with_clock_start(ClockStart::Opening);
    game.play(Move::Draw, 1_000).unwrap();
    assert_eq!(game.ms_left(61_000), Some(239_000));
    // A move after 5:00 is refused and changes nothing.
    let before = game.position().clone();
    assert_eq!(game.play(Move::Draw, 300_001), Err(GameError::TimeUp { limit_ms: 300_000, at_ms: 300_001 }));
    assert_eq!(game.position(), &before);
    // Before 0:00 the clock does not end the game; at 0:00 it does.
    assert!(!game.expire(299_999));
    assert_eq!(game.outcome(), Outcome::Playing);
    assert!(game.expire(300_000));
    assert_eq!(game.outcome(), Outcome::TimeUp);
    assert_eq!(game.position(), &before, "the game ends as it stands");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(Move::Draw, 300_000), Err(GameError::Over(Outcome::TimeUp)));
    // Untimed games have no clock.
    assert_eq!(presets::find("harp").unwrap().clock_secs, None);
}

#[test]
fn harmony_a_practice_game_clock_starts_with_its_first_action() {
    let mut game = Game::new(harmony(), 1);
    assert_eq!(game.clock_start(), ClockStart::FirstAction);
    // Reading the rules for a minute costs nothing.
    assert_eq!(game.ms_left(60_000), Some(300_000));
    assert!(!game.expire(400_000), "a clock that has not started does not run out");
    game.play(Move::Draw, 60_000).unwrap();
    assert_eq!(game.ms_left(120_000), Some(240_000));
    assert!(game.play(Move::Draw, 359_999).is_ok());
    assert_eq!(game.play(Move::Draw, 360_000), Err(GameError::TimeUp { limit_ms: 360_000, at_ms: 360_000 }));
    assert!(game.expire(360_000));
    assert_eq!(game.outcome(), Outcome::TimeUp);
}

#[test]
fn harmony_has_no_restart_and_each_undo_costs_1000() {
    let mut game = Game::new(harmony(), 1);
    assert_eq!(game.check_restart(), Err(GameError::NoRestart { penalty: 1_000 }));
    assert!(game.check_restart().unwrap_err().to_string().contains("at 1,000 points each"));
    game.play(Move::Draw, 0).unwrap();
    assert_eq!(game.check_restart(), Err(GameError::NoRestart { penalty: 1_000 }));
    assert_eq!(game.undo_cost(), 1_000);
    let harp = Game::new(presets::find("harp").unwrap(), 1);
    assert_eq!(harp.undo_cost(), 0);
    assert_eq!(harp.check_restart(), Err(GameError::NothingToUndo), "nothing to restart yet");
}

#[test]
fn harmony_score_1000_the_first_time_each_card_reaches_a_foundation() {
    let pos = setup("rules harmony\nf -- 4H -- --\nt1 5H\nt2 6S");
    let (mut tally, up) = tally_of(&pos, "t1-f");
    assert_eq!(score(&tally, 0, Finish::None), 1_000);
    // Put back and played again: nothing more.
    let down = allowed(&up, "f2-t2");
    tally.record(&up, mv("f2-t2"), &down);
    let again = allowed(&down, "t2-f");
    tally.record(&down, mv("t2-f"), &again);
    assert_eq!(score(&tally, 0, Finish::None), 1_000);
    // A card moved up by itself earns the same as one moved by hand.
    let pos = setup("rules harmony\nt1 9S\nstock AD");
    let (tally, _) = tally_of(&pos, "s");
    assert_eq!(score(&tally, 0, Finish::None), 1_000);
}

#[test]
fn harmony_score_10000_bonus_when_all_52_cards_are_on_the_foundations() {
    // The last card always goes up by itself in Harmony.
    let pos = setup("rules harmony\nf QS KH KD KC\nstock KS");
    let (tally, after) = tally_of(&pos, "s");
    assert!(after.is_won());
    assert_eq!(score(&tally, 0, Finish::Cleared { ms_left: 0 }), 1_000 + 10_000);
    let all = Tally { cards: (1u128 << 52) - 1, ..Tally::default() };
    assert_eq!(score(&all, 0, Finish::None), 52_000);
    assert_eq!(score(&all, 0, Finish::Cleared { ms_left: 0 }), 62_000);
}

#[test]
fn harmony_score_100_for_each_tableau_card_uncovered_at_most_21() {
    let pos = setup("rules harmony\nt1 5C 7D | 9H\nt2 TS");
    let (tally, _) = tally_of(&pos, "t1-t2");
    assert_eq!(tally.uncovered, 1);
    assert_eq!(score(&tally, 0, Finish::None), 100);
    // A move that uncovers nothing earns nothing.
    let pos = setup("rules harmony\nt1 8S 9H\nt2 TS");
    let (tally, _) = tally_of(&pos, "t1-t2");
    assert_eq!(score(&tally, 0, Finish::None), 0);
    // The deal has 21 face-down cards: at most 2,100 points.
    let pos = Position::deal(harmony(), 1);
    assert_eq!(pos.face_down_total(), 21);
}

#[test]
fn harmony_score_150_per_whole_second_left_when_the_board_is_cleared() {
    let tally = Tally { cards: (1u128 << 52) - 1, ..Tally::default() };
    let base = score(&tally, 0, Finish::None);
    assert_eq!(score(&tally, 0, Finish::Cleared { ms_left: 61_999 }) - base, 10_000 + 150 * 61);
    assert_eq!(score(&tally, 0, Finish::Cleared { ms_left: 999 }) - base, 10_000);
}

#[test]
fn harmony_score_1_per_whole_second_left_when_the_player_quits() {
    let tally = Tally::default();
    assert_eq!(score(&tally, 0, Finish::Quit { ms_left: 61_999 }), 61);
    let mut game = Game::new(harmony(), 1).with_clock_start(ClockStart::Opening);
    let before = game.score();
    game.quit(240_500).unwrap();
    assert_eq!(game.outcome(), Outcome::Quit);
    assert_eq!(game.score(), before + 59);
    // Games that simply run out of time get no bonus.
    let mut game = Game::new(harmony(), 1).with_clock_start(ClockStart::Opening);
    assert!(game.expire(300_000));
    assert_eq!(game.score(), before);
}

#[test]
fn harmony_score_minus_400_each_pass_from_the_third_on() {
    let mut tallies = Vec::new();
    for pass in 1..=4 {
        let pos = setup(&format!("rules harmony\npass {pass}\nt1 9S\nwaste 3C 4D"));
        let (tally, after) = tally_of(&pos, "r");
        assert_eq!(after.pass(), pass + 1);
        tallies.push(score(&tally, 0, Finish::None));
    }
    // Starting pass 2 is free; starting pass 3, 4, 5 costs 400 each time.
    assert_eq!(tallies, [0, -400, -400, -400]);
}

#[test]
fn harmony_score_minus_1000_per_undo_and_not_clamped_at_zero() {
    let mut game = Game::new(harmony(), 1);
    assert_eq!(game.score(), 0, "deal 1 shows no Ace, so nothing is earned at the deal");
    game.play(Move::Draw, 100).unwrap();
    game.undo(200).unwrap();
    assert_eq!(game.score(), -1_000);
    game.play(Move::Draw, 300).unwrap();
    game.play(Move::Draw, 400).unwrap();
    game.restart(500).unwrap();
    assert_eq!(game.undos(), 3, "a restart counts each move taken back");
    assert_eq!(game.score(), -3_000);
}

#[test]
fn harmony_duel_participants_get_exactly_the_same_deal() {
    for number in [1, 77, 123_456_789] {
        let a = Game::new(harmony(), number);
        let b = Game::new(harmony(), number);
        assert_eq!(a.position(), b.position());
        assert_eq!(a.position().stock(), b.position().stock(), "the hand pile in the same order too");
    }
    assert_ne!(Game::new(harmony(), 1).position(), Game::new(harmony(), 2).position());
}
