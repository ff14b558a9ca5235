//! Solitaire Harmony's score, line by line of `docs/RULES.md`, on scripted games
//! with scores worked out by hand in the comments.
//!
//! Most scripts play Harmony deal 1, whose opening position is
//!
//! ```text
//! t1 JH
//! t2 7D | JD
//! t3 3D 9D | 6H
//! t4 AS 4D TS | 2C
//! t5 7H KH JC 5H | 7C
//! t6 6D 5C 2S TH KD | 4S
//! t7 6S 5D 7S 9C 8C 4H | 9S
//! stock AC 5S TD 2H 3C JS 8H 3S KS QD AD 6C 4C TC 8S 9H QS QH AH 8D KC 2D 3H QC
//! ```
//!
//! (face-down cards before `|`; the stock's first card is drawn first). The
//! winning line for it was found with a small throwaway search program and
//! is replayed here move by move.

use patience_core::game::{Action, ClockStart, Entry, GameError, Outcome};
use patience_core::record::Record;
use patience_core::scoring::{self, Finish, Tally};
use patience_core::{notation, presets, Game, Move, Position, Rules};

/// A Harmony game whose clock runs from the opening, as a duel game's does,
/// so that the times below are times on the clock.
fn timed_game(deal: u64) -> Game {
    Game::new(harmony(), deal).with_clock_start(ClockStart::Opening)
}

fn harmony() -> &'static Rules {
    presets::find("harmony").unwrap()
}

fn mv(text: &str) -> Move {
    notation::parse(text).unwrap()
}

/// Plays `moves` (notation, space-separated), the i-th of them (from 0) at
/// `start + i * 1000` ms.
fn play_all(game: &mut Game, moves: &str, start: u64) -> u64 {
    let mut at = start;
    for text in moves.split_whitespace() {
        game.play(mv(text), at).unwrap_or_else(|e| panic!("{text} at {at} ms: {e}"));
        at += 1000;
    }
    at
}

/// A winning line for Harmony deal 1: 84 moves, one redeal (to pass 2).
pub(crate) const DEAL_1_WIN: &str =
    "t3-t5 s t4-f t4-t1 t3-t1 s w-t5 t4-t5 s s s w-f s s w-t7 t5-t7:4 t6-t5 t6-t4 t7-t6:6 s \
    w-t6 s s s s s w-f s w-t2 s w-t1 s w-t2 s w-t4 t2-t4:3 w-t2 t5-t2:2 t6-t5:8 t6-f t5-f t6-f t2-f s s s s s \
    t3-f t5-f t5-f w-t3 s s r s s s s s w-t3 t5-t3:6 s s s t2-f t3-f t3-f t7-f t7-f t7-t3 t1-f w-f t1-f t5-t2 \
    t1-f t3-f w-f t2-f w-t1 w-f t1-f t4-f s";

#[test]
fn every_card_reaching_a_foundation_earns_1000_and_every_uncovered_card_100() {
    let mut game = timed_game(1);
    assert_eq!(game.score(), 0, "no Ace is a top card at this deal, so nothing went up yet");
    // Each step: move, then the score by hand.
    let steps: &[(&str, i64)] = &[
        // 6H onto 7C; t3's 9D turns up: +100.
        ("t3-t5", 100),
        // Draws AC, which goes up by itself (Aces always): +1,000 = 1,100.
        ("s", 1_100),
        // 2C (t4) onto AC: +1,000; t4's TS turns up: +100 = 2,200.
        ("t4-f", 2_200),
        // TS onto JH; t4's 4D turns up: +100 = 2,300.
        ("t4-t1", 2_300),
        // 9D onto TS; t3's 3D turns up: +100 = 2,400.
        ("t3-t1", 2_400),
        // Draws 5S; 5S onto 6H: nothing up, nothing uncovered.
        ("s", 2_400),
        ("w-t5", 2_400),
        // 4D onto 5S; t4's AS turns up (+100) and goes up by itself
        // (+1,000): 2,400 + 1,100 = 3,500. t4 is now empty.
        ("t4-t5", 3_500),
    ];
    for (i, &(text, score)) in steps.iter().enumerate() {
        game.play(mv(text), 1000 * (i as u64 + 1)).unwrap();
        assert_eq!(game.score(), score, "after move {} ({text})", i + 1);
    }
    assert_eq!(game.tally().cards.count_ones(), 3, "AC, 2C, AS");
    assert_eq!(game.tally().uncovered, 5, "9D, TS, 4D, 3D, AS");
    assert!(game.position().column(3).is_empty());
}

#[test]
fn aces_that_go_up_at_the_deal_count() {
    // Harmony deal 6 deals AH on top of t2 (over QD) and AS on top of t4
    // (over QC 5D 2C). Both go up by themselves before the first move, and
    // QD and 2C turn face up: 2 x 1,000 + 2 x 100 = 2,200.
    let game = timed_game(6);
    let pos = game.position();
    assert_eq!(pos.foundation_len(0), 1, "AS is up");
    assert_eq!(pos.foundation_len(1), 1, "AH is up");
    assert_eq!(pos.column(1), [card("QD")]);
    assert_eq!(pos.face_up(3), [card("2C")]);
    assert_eq!(game.score(), 2_200);
    assert_eq!(Tally::opening(pos), *game.tally());
}

fn card(text: &str) -> patience_core::Card {
    text.parse().unwrap()
}

#[test]
fn automatic_moves_earn_like_any_other() {
    // Moves 65 and 71 of the winning line set off chains of automatic moves.
    let mut game = timed_game(1);
    let moves: Vec<&str> = DEAL_1_WIN.split_whitespace().collect();
    play_all(&mut game, &moves[..64].join(" "), 1000);
    // Before move 65: foundations 5S 2H 4D 5C; t7 = 6S 5D 7S 9C 8C | 4H;
    // t2 = 7D 6C 5H; the stock is 3H QC. Drawing 3H sends it up (all 2s are
    // up), then 4H from t7 (all 3s up; 8C turns up) and 5H from t2 (all 4s
    // up): 3 x 1,000 + 1 x 100 = 3,100.
    let before = game.score();
    game.play(mv(moves[64]), 65_000).unwrap();
    assert_eq!(game.score() - before, 3_100);
    play_all(&mut game, &moves[65..70].join(" "), 66_000);
    // Before move 71: foundations 5S 6H 4D 9C; t7 = 6S 5D | 7S; t6 = 6D;
    // t2 = 7D; t3 ends in 8H. 7S onto 8H turns up 5D (+100), which goes up
    // (all 4s up); 6S turns up (+100); 6D, 6S, 7D and the 7S just moved go
    // up in turn (all 5s, then all 6s up): 5 x 1,000 + 2 x 100 = 5,200.
    let before = game.score();
    let up = game.position().cards_on_foundations();
    game.play(mv(moves[70]), 71_000).unwrap();
    assert_eq!(game.score() - before, 5_200);
    assert_eq!(game.position().cards_on_foundations() - up, 5);
}

/// Practice in the terminal without the clock (`patience play harmony
/// --no-clock`): time never runs out, and clearing the board earns the
/// 10,000 alone, quitting nothing.
#[test]
fn a_game_without_its_clock_never_runs_out_and_earns_no_time_bonus() {
    let mut game = Game::new(harmony(), 1).with_clock_start(ClockStart::Off);
    assert_eq!((game.limit_ms(), game.ms_left(0)), (None, None));
    // A move every ten minutes, well past the five a clock would give.
    for (i, text) in DEAL_1_WIN.split_whitespace().enumerate() {
        game.play(mv(text), 600_000 * (i as u64 + 1)).unwrap();
    }
    assert!(!game.expire(u64::MAX), "no clock runs out");
    assert_eq!(game.outcome(), Outcome::Won);
    // 52 cards x 1,000 + 21 uncovered x 100 + cleared 10,000, no seconds.
    assert_eq!(game.score(), 52_000 + 2_100 + 10_000);
    assert_eq!(game.played_ms(), Some(600_000 * 83), "its time still counts from the first action");
    let text = Record::of(&game).to_text();
    assert!(text.contains("[Clock \"off\"]"), "{text}");
    assert_eq!(Record::parse(&text).unwrap().replay().unwrap().score(), 64_100);

    assert_eq!(game.time_bonus(), None);
    let mut quit = Game::new(harmony(), 1).with_clock_start(ClockStart::Off);
    quit.play(Move::Draw, 1_000).unwrap();
    let before = quit.score();
    quit.quit(2_000).unwrap();
    assert_eq!(quit.score(), before, "no second left to earn");
    assert_eq!(quit.time_bonus(), None);
}

#[test]
fn clearing_the_board_earns_10000_and_150_per_whole_second_left() {
    let mut game = timed_game(1);
    let moves: Vec<&str> = DEAL_1_WIN.split_whitespace().collect();
    assert_eq!(moves.len(), 84);
    let (mut up, mut down) = (0, game.position().face_down_total());
    for (i, text) in moves.iter().enumerate() {
        // Move n at n seconds, except the last, at 84.7 s.
        let at = if i + 1 == moves.len() { 84_700 } else { 1000 * (i as u64 + 1) };
        let before = game.score();
        game.play(mv(text), at).unwrap();
        let pos = game.position();
        if i + 1 < moves.len() {
            // No card comes down, no pass is charged (only one redeal, to
            // pass 2): every move earns 1,000 per card up and 100 per card
            // turned up, automatic moves included.
            let gained = 1000 * (pos.cards_on_foundations() - up) as i64 + 100 * (down - pos.face_down_total()) as i64;
            assert_eq!(game.score() - before, gained, "move {} ({text})", i + 1);
        }
        up = pos.cards_on_foundations();
        down = pos.face_down_total();
    }
    assert_eq!(game.outcome(), Outcome::Won);
    assert_eq!(game.position().pass(), 2);
    assert_eq!(game.tally().uncovered, 21, "every face-down card was uncovered");
    // 52 cards x 1,000 = 52,000; 21 uncovered x 100 = 2,100; cleared: 10,000;
    // 300,000 - 84,700 = 215,300 ms left = 215 whole seconds x 150 = 32,250.
    // 52,000 + 2,100 + 10,000 + 32,250 = 96,350.
    assert_eq!(game.score(), 96_350);
    assert_eq!(game.time_bonus(), Some(32_250), "the seconds' part of the score");
    assert_eq!(game.ms_left(200_000), Some(215_300), "the clock stopped at the win");
    // The bonus is the pure function's too.
    assert_eq!(scoring::score(game.tally(), 0, Finish::Cleared { ms_left: 215_300 }), 96_350);
    // A won game is closed.
    assert_eq!(game.play(Move::Draw, 90_000), Err(GameError::Over(Outcome::Won)));
    assert_eq!(game.undo(90_000), Err(GameError::Over(Outcome::Won)));
    // Its record replays to the same score.
    let text = Record::of(&game).to_text();
    assert!(text.contains("[Score \"96350\"]"), "{text}");
    assert_eq!(Record::parse(&text).unwrap().replay().unwrap().score(), 96_350);
}

#[test]
fn a_card_put_back_and_played_again_earns_nothing_more() {
    let mut game = timed_game(1);
    play_all(&mut game, "t3-t5 s t4-f t4-t1 t3-t1", 1000);
    // As above: 2,400, with AC and 2C on the club foundation (foundation 4)
    // and 3D, just turned up, on top of t3.
    assert_eq!(game.score(), 2_400);
    // 2C back down onto 3D: not every Ace is up, so it stays there.
    game.play(mv("f4-t3"), 6_000).unwrap();
    assert_eq!(game.position().column(2), [card("3D"), card("2C")]);
    assert_eq!(game.score(), 2_400, "taking a card down costs nothing");
    // And up again: 2C had already earned its 1,000.
    game.play(mv("t3-f"), 7_000).unwrap();
    assert_eq!(game.score(), 2_400, "a card put back and played again earns nothing more");
    // Down and up once more, for good measure.
    game.play(mv("f4-t3"), 8_000).unwrap();
    game.play(mv("t3-f"), 9_000).unwrap();
    assert_eq!(game.score(), 2_400);
    assert_eq!(game.tally().cards.count_ones(), 2);
}

#[test]
fn redeals_cost_400_from_the_third_pass_on() {
    let mut game = timed_game(1);
    // Drawing the whole stock sends its three Aces up by themselves (AC
    // first, AD 11th, AH 19th card; 2s stay, as AS is still buried):
    // 3 x 1,000 = 3,000, and 21 cards lie on the waste.
    let mut at = 1000;
    for _ in 0..24 {
        game.play(Move::Draw, at).unwrap();
        at += 1000;
    }
    assert_eq!(game.score(), 3_000);
    assert_eq!(game.position().waste().len(), 21);
    // Redeal to start pass 2: free.
    game.play(Move::Redeal, at).unwrap();
    assert_eq!(game.position().pass(), 2);
    assert_eq!(game.score(), 3_000, "pass 2 is free");
    for pass in 3..=5u16 {
        for _ in 0..21 {
            at += 1000;
            game.play(Move::Draw, at).unwrap();
        }
        at += 1000;
        game.play(Move::Redeal, at).unwrap();
        assert_eq!(game.position().pass(), pass);
        // Passes 3, 4, 5: 3,000 - 400 x (pass - 2).
        assert_eq!(game.score(), 3_000 - 400 * (i64::from(pass) - 2), "after starting pass {pass}");
    }
    assert_eq!(game.tally().charged_passes, 3);
    // Undoing a redeal takes its charge back but costs an undo:
    // 3,000 - 2 x 400 - 1,000 = 1,200.
    game.undo(at + 1000).unwrap();
    assert_eq!(game.position().pass(), 4);
    assert_eq!(game.score(), 1_200);
}

#[test]
fn undo_costs_1000_and_the_score_goes_below_zero() {
    let mut game = timed_game(1);
    // Draws AC, which goes up: 1,000.
    game.play(Move::Draw, 1_000).unwrap();
    assert_eq!(game.score(), 1_000);
    // Undo takes the 1,000 back and costs 1,000: 0 - 1,000 = -1,000.
    game.undo(2_000).unwrap();
    assert_eq!(game.score(), -1_000, "not clamped at zero");
    assert_eq!(game.position(), &Position::deal(harmony(), 1));
    // Redo: AC goes up again, and its 1,000 counts again since the undo took
    // it back: 1,000 - 1,000 = 0.
    game.redo(3_000).unwrap();
    assert_eq!(game.score(), 0);
    // t3-t5 uncovers 9D: +100 = 100. Two undos: 0 - 2 x 1,000 - 1,000 (the
    // first undo) = -3,000.
    game.play(mv("t3-t5"), 4_000).unwrap();
    assert_eq!(game.score(), 100);
    game.undo(5_000).unwrap();
    game.undo(6_000).unwrap();
    assert_eq!(game.undos(), 3);
    assert_eq!(game.score(), -3_000);
    // Nothing left to undo: refused, and free.
    assert_eq!(game.undo(7_000), Err(GameError::NothingToUndo));
    assert_eq!(game.score(), -3_000);
}

#[test]
fn restart_costs_one_undo_per_move_taken_back() {
    let mut game = timed_game(1);
    play_all(&mut game, "t3-t5 s t4-f", 1000);
    assert_eq!(game.score(), 2_200);
    // Three moves taken back: 0 - 3 x 1,000 = -3,000.
    game.restart(5_000).unwrap();
    assert_eq!(game.undos(), 3);
    assert_eq!(game.score(), -3_000);
    assert_eq!(game.position(), &Position::deal(harmony(), 1));
}

#[test]
fn quitting_earns_1_per_whole_second_left() {
    let mut game = timed_game(1);
    game.play(mv("t3-t5"), 10_000).unwrap();
    // 100 for 9D, and 300,000 - 123,456 = 176,544 ms left = 176 whole
    // seconds: 100 + 176 = 276.
    game.quit(123_456).unwrap();
    assert_eq!(game.outcome(), Outcome::Quit);
    assert_eq!(game.score(), 276);
    assert_eq!(game.time_bonus(), Some(176));
    assert_eq!(game.play(Move::Draw, 130_000), Err(GameError::Over(Outcome::Quit)));
    assert_eq!(game.undo(130_000), Err(GameError::Over(Outcome::Quit)));
    assert_eq!(game.score(), 276);
    // Quitting at 299,999 ms leaves 0 whole seconds.
    let mut late = timed_game(1);
    late.quit(299_999).unwrap();
    assert_eq!(late.score(), 0);
    assert_eq!(late.time_bonus(), None, "no seconds, no bonus to tell");
}

#[test]
fn no_time_bonus_when_the_clock_runs_out() {
    let mut game = timed_game(1);
    game.play(mv("t3-t5"), 1_000).unwrap();
    // The last moment that is still on the clock.
    game.play(Move::Draw, 299_999).unwrap();
    assert_eq!(game.score(), 1_100, "9D uncovered, AC up");
    // At 5:00 itself the clock shows 0:00: refused, nothing changes.
    let log = game.log().len();
    let position = game.position().clone();
    assert_eq!(game.play(mv("t4-f"), 300_000), Err(GameError::TimeUp { limit_ms: 300_000, at_ms: 300_000 }));
    assert_eq!(game.play(mv("t4-f"), 300_001), Err(GameError::TimeUp { limit_ms: 300_000, at_ms: 300_001 }));
    assert_eq!(game.quit(400_000), Err(GameError::TimeUp { limit_ms: 300_000, at_ms: 400_000 }));
    assert_eq!(game.undo(300_000), Err(GameError::TimeUp { limit_ms: 300_000, at_ms: 300_000 }));
    assert_eq!(game.log().len(), log);
    assert_eq!(game.position(), &position);
    assert_eq!(game.score(), 1_100);
    // Whoever keeps the clock ends the game; the score stays as it stands.
    assert!(game.expire(300_000));
    assert_eq!(game.outcome(), Outcome::TimeUp);
    assert_eq!(game.score(), 1_100, "no bonus at time-up");
    assert_eq!(game.play(mv("t4-f"), 300_000), Err(GameError::Over(Outcome::TimeUp)));
    assert_eq!(game.ms_left(400_000), Some(0));
}

#[test]
fn time_going_backwards_is_refused() {
    let mut game = timed_game(1);
    game.play(Move::Draw, 5_000).unwrap();
    assert_eq!(game.play(mv("t3-t5"), 4_999), Err(GameError::TimeWentBack { at_ms: 4_999, last_ms: 5_000 }));
    assert_eq!(game.undo(0), Err(GameError::TimeWentBack { at_ms: 0, last_ms: 5_000 }));
    assert_eq!(game.quit(4_000), Err(GameError::TimeWentBack { at_ms: 4_000, last_ms: 5_000 }));
    assert_eq!(game.log().len(), 1);
    assert_eq!(game.score(), 1_000);
    // The same millisecond is not going backwards.
    game.play(mv("t3-t5"), 5_000).unwrap();
    assert_eq!(game.score(), 1_100);
    // A replayed log with a time going backwards fails at that entry.
    let log = [
        Entry { action: Action::Play(Move::Draw), at_ms: 5_000 },
        Entry { action: Action::Play(mv("t3-t5")), at_ms: 4_000 },
    ];
    let (n, error) = Game::replay(harmony(), 1, patience_core::game::ClockStart::Opening, &log).err().unwrap();
    assert_eq!(n, 2);
    assert_eq!(error, GameError::TimeWentBack { at_ms: 4_000, last_ms: 5_000 });
}

#[test]
fn the_pure_score_function_adds_up_each_line() {
    let tally = Tally { cards: 0b111, uncovered: 4, charged_passes: 2 };
    // 3 x 1,000 + 4 x 100 - 2 x 400 - 5 x 1,000 = -2,400.
    assert_eq!(scoring::score(&tally, 5, Finish::None), -2_400);
    // Quit with 59,999 ms left: + 59 = -2,341.
    assert_eq!(scoring::score(&tally, 5, Finish::Quit { ms_left: 59_999 }), -2_341);
    // Cleared with 1,000 ms left: + 10,000 + 150 = 7,750.
    assert_eq!(scoring::score(&tally, 5, Finish::Cleared { ms_left: 1_000 }), 7_750);
}

#[test]
fn games_without_scoring_count_cards_on_the_foundations() {
    // Harp deal 1 has AC on top of t1.
    let mut game = Game::new(presets::find("harp").unwrap(), 1);
    assert_eq!(game.score(), 0);
    game.play(mv("t1-f"), 0).unwrap();
    assert_eq!(game.score(), 1);
    game.undo(0).unwrap();
    assert_eq!(game.score(), 0, "undo is free outside Harmony");
    assert_eq!(game.limit_ms(), None);
    game.play(mv("t1-f"), 10_000_000).unwrap();
    assert_eq!(game.score(), 1, "no clock");
}
