//! What the player view states about the game as a whole, so that no front
//! end works it out again: whether the game is over for good (`over`),
//! whether the rules keep a score (`scored`), how many cards the game has
//! (`cards`) and the clock's length (`clock_secs`). None of them depends on
//! where a card lies, so none tells anything about a hidden card.

use crate::scoring::DEAL_1_WIN;

use patience_core::game::{ClockStart, Outcome};
use patience_core::view::GameView;
use patience_core::{presets, Game};

fn game(id: &str, deal: u64) -> Game {
    Game::new(presets::find(id).unwrap(), deal)
}

/// The view's new fields as JSON, as every front end receives them.
fn json_fields(view: &GameView) -> (serde_json::Value, serde_json::Value, serde_json::Value, serde_json::Value) {
    let json = serde_json::to_value(view).unwrap();
    (json["over"].clone(), json["scored"].clone(), json["cards"].clone(), json["clock_secs"].clone())
}

#[test]
fn harmony_is_scored_and_timed_with_one_deck() {
    let view = GameView::of(&game("harmony", 1), 0, &patience_words::Lang::ENGLISH);
    assert!(view.scored);
    assert_eq!(view.clock_secs, Some(300));
    assert_eq!(view.ms_left, Some(300_000), "before the first move the clock shows its whole length");
    assert_eq!(view.cards, 52);
    assert!(!view.over);
    assert_eq!(
        json_fields(&view),
        (serde_json::json!(false), serde_json::json!(true), serde_json::json!(52), serde_json::json!(300))
    );
}

#[test]
fn harp_and_pitchfork_keep_no_score_and_no_clock() {
    for (id, cards) in
        [("harp", 104), ("harp/unlimited", 104), ("grosse-harfe", 104), ("pitchfork", 52), ("lasker", 52)]
    {
        let view = GameView::of(&game(id, 1), 0, &patience_words::Lang::ENGLISH);
        assert!(!view.scored, "{id}");
        assert_eq!(view.clock_secs, None, "{id}");
        assert_eq!(view.ms_left, None, "{id}");
        assert_eq!(view.cards, cards, "{id}");
        assert!(!view.over, "{id}");
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["clock_secs"], serde_json::Value::Null, "{id}");
        assert_eq!(json["scored"], serde_json::json!(false), "{id}");
    }
}

#[test]
fn the_card_count_is_every_card_of_the_decks_wherever_it_lies() {
    for rules in presets::ALL {
        for deal in [1, 2, 77] {
            let game = Game::new(rules, deal);
            let view = GameView::of(&game, 0, &patience_words::Lang::ENGLISH);
            assert_eq!(view.cards, 52 * usize::from(rules.decks), "{} deal {deal}", rules.id);
            // The same as adding up the piles the view shows, face-down and
            // stock cards as counts.
            let t = &view.table;
            let piles = t.stock
                + t.waste.len()
                + t.reserve.len()
                + t.columns.iter().map(|c| c.face_down + c.face_up.len()).sum::<usize>()
                + t.foundations.iter().map(|f| f.count).sum::<usize>();
            assert_eq!(view.cards, piles, "{} deal {deal}", rules.id);
        }
    }
}

#[test]
fn the_fields_are_the_same_for_every_deal_of_the_same_rules() {
    // They follow from the rules and the outcome alone: two deals, with
    // other cards face down and in the stock, give the same values.
    for rules in presets::ALL {
        let a = GameView::of(&Game::new(rules, 1), 0, &patience_words::Lang::ENGLISH);
        let b = GameView::of(&Game::new(rules, 2), 0, &patience_words::Lang::ENGLISH);
        assert_eq!(json_fields(&a), json_fields(&b), "{}", rules.id);
    }
}

#[test]
fn a_won_game_is_over() {
    let mut game = game("harmony", 1).with_clock_start(ClockStart::Opening);
    for (i, text) in DEAL_1_WIN.split_whitespace().enumerate() {
        let view = GameView::of(&game, 1000 * i as u64, &patience_words::Lang::ENGLISH);
        assert!(!view.over, "before move {}", i + 1);
        game.play(text.parse().unwrap(), 1000 * (i as u64 + 1)).unwrap();
    }
    let view = GameView::of(&game, 100_000, &patience_words::Lang::ENGLISH);
    assert_eq!(view.outcome, Outcome::Won);
    assert!(view.over);
    assert!(view.scored, "a won game still keeps its score");
    assert_eq!((view.cards, view.clock_secs), (52, Some(300)));
}

#[test]
fn a_game_given_up_is_over() {
    for id in ["harmony", "harp", "pitchfork"] {
        let mut game = game(id, 1);
        game.quit(5_000).unwrap();
        let view = GameView::of(&game, 6_000, &patience_words::Lang::ENGLISH);
        assert_eq!(view.outcome, Outcome::Quit, "{id}");
        assert!(view.over, "{id}");
    }
}

#[test]
fn a_game_out_of_time_is_over() {
    let mut game = game("harmony", 1).with_clock_start(ClockStart::Opening);
    assert!(!GameView::of(&game, 299_999, &patience_words::Lang::ENGLISH).over);
    assert!(game.expire(300_000));
    let view = GameView::of(&game, 300_000, &patience_words::Lang::ENGLISH);
    assert_eq!(view.outcome, Outcome::TimeUp);
    assert!(view.over);
    assert_eq!(view.ms_left, Some(0));
    assert_eq!(view.clock_secs, Some(300), "the clock's length stays what the rules say");
}

#[test]
fn a_lost_or_stuck_game_is_not_over() {
    // Playing the last legal move each time (a draw where there is one)
    // runs into dead ends; undo is still possible there, so the game is not
    // over until it is won, given up or out of time.
    let mut seen = Vec::new();
    for id in ["harp", "pitchfork", "harmony"] {
        for deal in 1..=5 {
            let mut game = game(id, deal);
            for at in 1..=300u64 {
                let view = GameView::of(&game, at, &patience_words::Lang::ENGLISH);
                assert_eq!(view.over, view.outcome.is_final(), "{id} deal {deal}");
                if view.outcome != Outcome::Playing {
                    seen.push(view.outcome);
                    assert!(!view.over, "{id} deal {deal}: {:?}", view.outcome);
                    break;
                }
                let mv = *game.legal_moves().last().unwrap();
                game.play(mv, at).unwrap();
            }
        }
    }
    assert!(!seen.is_empty(), "some game ran into a dead end");
}

/// A winning line may be shown once every card left is known and decisions
/// remain; showing it changes no card, is an action of the log, and makes a
/// win from then on a win with help, whatever is undone after it.
#[test]
fn a_winning_line_is_shown_only_once_every_card_is_known_and_marks_the_game_helped() {
    use patience_core::game::{Action, Entry, GameError};
    // Harmony deals cards face down: no line.
    let mut hidden = game("harmony", 1);
    assert!(!GameView::of(&hidden, 0, &patience_words::Lang::ENGLISH).line_offered);
    assert_eq!(hidden.show_line(0), Err(GameError::LineWhileHidden));
    assert!(hidden.log().is_empty() && !hidden.helped());
    // Classic Lasker deals every card face up with no stock.
    let mut known = game("lasker/classic", 1);
    let view = GameView::of(&known, 0, &patience_words::Lang::ENGLISH);
    assert!(view.line_offered && !view.finishable && !view.helped);
    let before = known.position().clone();
    known.show_line(10).unwrap();
    assert_eq!(known.position(), &before, "no card moves");
    assert_eq!(known.log(), &[Entry { action: Action::ShowLine, at_ms: 10 }]);
    assert!(known.helped() && GameView::of(&known, 10, &patience_words::Lang::ENGLISH).helped);
    let mv = known.legal_moves()[0];
    known.play(mv, 20).unwrap();
    known.undo(30).unwrap();
    assert!(known.helped(), "undo does not take the help back");
    // The log replays to the same game, its record token is `line`.
    let replayed = Game::replay(known.rules(), 1, known.clock_start(), known.log()).unwrap();
    assert!(replayed.helped());
    assert_eq!(Action::ShowLine.to_string(), "line");
    assert_eq!("line".parse::<Action>(), Ok(Action::ShowLine));
    // Over for good: no line.
    known.quit(40).unwrap();
    assert!(matches!(known.show_line(50), Err(GameError::Over(_))));
}

/// The view names each pile whose top card has no move at all, with why in
/// words (never naming a card that is not face up), and none once the game
/// is over.
#[test]
fn the_view_says_why_a_top_card_has_nowhere_to_go() {
    let pos = patience_core::Position::from_setup("rules klondike\nf -- 5H -- --\nt1 7H\nt2 6H\nt3 2C | QS\nwaste 4D")
        .unwrap();
    let blocked = patience_core::view::BlockedView::of(&pos, &pos.legal_moves(), &patience_words::Lang::ENGLISH);
    let piles: Vec<&str> = blocked.iter().map(|b| b.pile.as_str()).collect();
    // 6♥ goes up; the others have nowhere to go.
    assert_eq!(piles, ["t1", "t3", "w"], "{blocked:?}");
    assert_eq!(
        blocked[0].words,
        "7♥ has nowhere to go now: no column ends in a black 8, and its foundation needs the 6 first."
    );
    assert_eq!(
        blocked[1].words,
        "Q♠ has nowhere to go now: no column ends in a red King, and its foundation needs the Ace first."
    );
    assert!(!blocked[1].words.contains("2♣"), "the face-down card stays unnamed");
    // A King with no empty column.
    let kings =
        patience_core::Position::from_setup("rules klondike\nt1 KS\nt2 2D\nt3 3D\nt4 4D\nt5 5D\nt6 7D\nt7 9D").unwrap();
    let blocked = patience_core::view::BlockedView::of(&kings, &kings.legal_moves(), &patience_words::Lang::ENGLISH);
    assert_eq!(blocked[0].pile, "t1");
    assert_eq!(
        blocked[0].words,
        "K♠ has nowhere to go now: it goes only into an empty column, and its foundation needs the Ace first."
    );
    // Where only whole runs move (Pitchfork), a top card on a run moves
    // with its run or not at all: what the run needs is the reason, though
    // a column ends in what the top card alone would need.
    let runs = patience_core::Position::from_setup("rules pitchfork\nt1 9S 8H\nt2 9C\nt3 5D").unwrap();
    let blocked = patience_core::view::BlockedView::of(&runs, &runs.legal_moves(), &patience_words::Lang::ENGLISH);
    let t1 = blocked.iter().find(|b| b.pile == "t1").unwrap_or_else(|| panic!("{blocked:?}"));
    assert_eq!(
        t1.words,
        "The run of 2 cards from 9♠ has nowhere to go now: only whole runs move, and no column ends in a red 10."
    );
    // A King-led run with every column in use.
    let setup = "rules pitchfork\nt1 KH QC JH\nt2 9C\nt3 5D\nt4 7S\nt5 2D\nt6 6C\nt7 3H\nt8 TD\nt9 4S";
    let kings = patience_core::Position::from_setup(setup).unwrap();
    let blocked = patience_core::view::BlockedView::of(&kings, &kings.legal_moves(), &patience_words::Lang::ENGLISH);
    let t1 = blocked.iter().find(|b| b.pile == "t1").unwrap_or_else(|| panic!("{blocked:?}"));
    assert!(t1.words.ends_with("only whole runs move, and it goes only into an empty column."), "{}", t1.words);
    // Klondike deal 1 opens with blocked columns; given up, nothing is said.
    let mut game = game("klondike", 1);
    assert!(!GameView::of(&game, 0, &patience_words::Lang::ENGLISH).blocked.is_empty());
    game.quit(0).unwrap();
    assert!(
        GameView::of(&game, 0, &patience_words::Lang::ENGLISH).blocked.is_empty(),
        "a game over says nothing of moves"
    );
}

/// The view says how long the game was played: from the clock's start (the
/// first action) to its last action, or to its end once over.
#[test]
fn the_view_says_how_long_the_game_was_played() {
    let mut game = game("klondike", 1);
    assert_eq!(GameView::of(&game, 0, &patience_words::Lang::ENGLISH).played_ms, None, "nothing played yet");
    game.play(patience_core::Move::Draw, 1_000).unwrap();
    game.play(patience_core::Move::Draw, 5_000).unwrap();
    assert_eq!(GameView::of(&game, 9_000, &patience_words::Lang::ENGLISH).played_ms, Some(4_000));
    game.quit(12_000).unwrap();
    assert_eq!(GameView::of(&game, 60_000, &patience_words::Lang::ENGLISH).played_ms, Some(11_000));
}
