//! Game records: the text round trip, and corrupt records refused with an
//! error that says what is wrong and where (the line of a header, the number
//! of an action).

use patience_core::game::{Action, ClockStart, Entry, GameError, Outcome};
use patience_core::record::{HeaderProblem, Record, RecordError};
use patience_core::{notation, presets, Game, Move};

fn mv(text: &str) -> Move {
    notation::parse(text).unwrap()
}

/// Harmony deal 1 (see scoring.rs): draw AC (up, 1,000), t3-t5 (9D turns
/// up, 100), undo (-1,000 and the 100 back), t3-t5 again (100), quit at 10 s
/// (290 whole seconds left, +290): 1,000 - 1,000 + 100 + 290 = 390.
fn small_harmony_game() -> Game {
    let mut game = Game::new(presets::find("harmony").unwrap(), 1).with_clock_start(ClockStart::Opening);
    game.play(Move::Draw, 1_000).unwrap();
    game.play(mv("t3-t5"), 2_500).unwrap();
    game.undo(3_100).unwrap();
    game.redo(3_900).unwrap();
    game.quit(10_000).unwrap();
    game
}

const SMALL_HARMONY_RECORD: &str = "[Game \"harmony\"]
[Deal \"1\"]
[Clock \"opening\"]
[Result \"quit\"]
[Score \"390\"]

s@1000 t3-t5@2500 undo@3100 t3-t5@3900 quit@10000
";

#[test]
fn a_record_is_written_as_documented_and_reads_back() {
    let game = small_harmony_game();
    assert_eq!(game.score(), 390);
    let record = Record::of(&game);
    assert_eq!(record.to_text(), SMALL_HARMONY_RECORD);
    let parsed = Record::parse(SMALL_HARMONY_RECORD).unwrap();
    assert_eq!(parsed, record);
    let replayed = parsed.replay().unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.outcome(), Outcome::Quit);
    assert_eq!(replayed.score(), 390);
    assert_eq!(replayed.log(), game.log());
    assert_eq!(replayed.undos(), 1);
}

#[test]
fn long_records_wrap_every_ten_actions_and_untimed_ones_keep_their_times() {
    let harp = presets::find("harp").unwrap();
    let mut game = Game::new(harp, 1);
    // Harp deal 1: AC up, 2S onto 3D, then draws; one at 0 ms, the rest stamped.
    game.play(mv("t1-f"), 0).unwrap();
    game.play(mv("t4-t9"), 700).unwrap();
    for i in 0..10 {
        game.play(Move::Draw, 1_000 + i).unwrap();
    }
    let text = Record::of(&game).to_text();
    let moves: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    assert_eq!(moves.len(), 2, "{text}");
    assert_eq!(moves[0].split_whitespace().count(), 10);
    assert!(moves[0].starts_with("t1-f t4-t9@700 s@1000 "), "an untimed action at 0 ms is written plainly: {text}");
    let replayed = Record::parse(&text).unwrap().replay().unwrap();
    assert_eq!(replayed.log(), game.log(), "the times survive the text");
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.score(), 1);
}

#[test]
fn records_written_by_hand_are_read_leniently() {
    let text = "# A game typed in by hand.
[game \"HARMONY\"]
[Deal \"1\"]
[Player \"Ann \"the ace\"\"]

1. S@1000 2. T3-T5@2500
# a comment between the moves
3. undo@3100 4. t3-t5@3900 quit@10000
";
    let record = Record::parse(text).unwrap();
    assert_eq!(record.rules.id, "harmony");
    assert_eq!(record.deal, 1);
    assert_eq!(record.entries.len(), 5, "move numbers and comments are skipped");
    assert_eq!(record.entries[1], Entry { action: Action::Play(mv("t3-t5")), at_ms: 2_500 });
    assert_eq!(record.headers[2].0, "Player", "other headers are kept");
    let game = record.replay().unwrap();
    assert_eq!(game.score(), 390);
    // Written back, the extra header stays (its quotes made safe).
    let again = record.to_text();
    assert!(again.contains("[Player \"Ann 'the ace'\"]"), "{again}");
    assert_eq!(Record::parse(&again).unwrap().replay().unwrap().score(), 390);
}

#[test]
fn every_preset_round_trips_a_short_game() {
    for rules in presets::ALL {
        let mut game = Game::new(rules, 42);
        let mut at = 0;
        for step in 0..30 {
            let moves = game.legal_moves();
            let Some(&first) = moves.iter().find(|m| m.is_play()).or(moves.first()) else { break };
            at += 250;
            game.play(first, at).unwrap();
            if step % 7 == 3 {
                at += 250;
                game.undo(at).unwrap();
                game.redo(at).unwrap();
            }
        }
        let text = Record::of(&game).to_text();
        let replayed = Record::parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", rules.id)).replay().unwrap();
        assert_eq!(replayed.position(), game.position(), "{}", rules.id);
        assert_eq!(replayed.log(), game.log(), "{}", rules.id);
        assert_eq!(replayed.score(), game.score(), "{}", rules.id);
        assert_eq!(Record::of(&replayed).to_text(), text, "{}", rules.id);
    }
}

#[test]
fn a_timed_game_saved_while_open_may_be_marked_time_up() {
    // The server may close a game on time after the last action.
    let mut game = Game::new(presets::find("harmony").unwrap(), 1);
    game.play(mv("t3-t5"), 1_000).unwrap();
    assert!(!game.expire(300_000), "the clock started with the first action, at 1,000 ms");
    assert!(game.expire(301_000));
    let text = Record::of(&game).to_text();
    assert!(text.contains("[Result \"time_up\"]"), "{text}");
    let replayed = Record::parse(&text).unwrap().replay().unwrap();
    assert_eq!(replayed.outcome(), Outcome::TimeUp);
    assert_eq!(replayed.score(), 100);
    // A game without a clock cannot run out of time.
    // (Older records wrote `time-up`, which still reads.)
    let e = error_of("[Game \"harp\"]\n[Deal \"1\"]\n[Result \"time-up\"]\n\nt1-f\n");
    assert_eq!(e, RecordError::Mismatch { header: "Result", recorded: "time_up".into(), replayed: "playing".into() });
}

// ----- Corrupt records ---------------------------------------------------------

fn error_of(text: &str) -> RecordError {
    match Record::parse(text) {
        Err(e) => e,
        Ok(record) => record.replay().err().unwrap_or_else(|| panic!("accepted:\n{text}")),
    }
}

/// The small Harmony record with `from` replaced by `to`.
fn corrupted(from: &str, to: &str) -> String {
    assert!(SMALL_HARMONY_RECORD.contains(from), "{from}");
    SMALL_HARMONY_RECORD.replacen(from, to, 1)
}

#[test]
fn a_malformed_header_names_its_line() {
    for (bad, line) in [("[Game harmony]", 1), ("[Game \"harmony\"", 1), ("[Game\"harmony\"]", 1), ("[Deal \"1]", 2)] {
        let text = corrupted(if line == 1 { "[Game \"harmony\"]" } else { "[Deal \"1\"]" }, bad);
        let e = error_of(&text);
        assert!(matches!(e, RecordError::Header { line: l, .. } if l == line), "{bad}: {e:?}");
        assert!(e.to_string().contains(&format!("record line {line}: `{bad}` is not a header")), "{e}");
    }
    let e = error_of(&format!("{SMALL_HARMONY_RECORD}[Note \"late\"]\n"));
    assert_eq!(e, RecordError::Header { line: 8, why: HeaderProblem::AfterMoves });
    assert_eq!(e.to_string(), "record line 8: headers must come before the moves");
}

#[test]
fn missing_and_unknown_game_or_deal_are_named() {
    let e = error_of(&corrupted("[Game \"harmony\"]\n", ""));
    assert_eq!(e, RecordError::Missing("Game"));
    assert_eq!(e.to_string(), "record has no [Game \"...\"] header");
    assert_eq!(error_of(&corrupted("[Deal \"1\"]\n", "")), RecordError::Missing("Deal"));
    assert_eq!(error_of(""), RecordError::Missing("Game"));

    let e = error_of(&corrupted("harmony", "spider"));
    assert!(matches!(e, RecordError::Header { line: 1, .. }), "{e:?}");
    assert!(e.to_string().contains("record line 1: unknown game or variant `spider`"), "{e}");
    assert!(e.to_string().contains("harp/3-passes"), "the known ids are listed: {e}");

    let e = error_of(&corrupted("[Deal \"1\"]", "[Deal \"-1\"]"));
    assert!(matches!(e, RecordError::Header { line: 2, .. }), "{e:?}");
    assert!(e.to_string().contains("deal `-1` is not a number"), "{e}");
    let e = error_of(&corrupted("[Deal \"1\"]", "[Deal \"18446744073709551616\"]"));
    assert!(e.to_string().contains("is not a number from 0 to 18446744073709551615"), "{e}");
}

#[test]
fn a_bad_move_token_names_the_action_number() {
    // The third action.
    let e = error_of(&corrupted("undo@3100", "t3-t99@3100"));
    match &e {
        RecordError::Token { number, token, why } => {
            assert_eq!((*number, token.as_str()), (3, "t3-t99@3100"));
            assert!(why.to_string().contains("is not a move"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().starts_with("record action 3 `t3-t99@3100`: "), "{e}");

    let e = error_of(&corrupted("t3-t5@2500", "t3-t5@2.5s"));
    assert!(matches!(&e, RecordError::Token { number: 2, .. }), "{e:?}");
    assert!(e.to_string().contains("`2.5s` after @ is not a time in milliseconds"), "{e}");

    let e = error_of(&corrupted("quit@10000", "resign@10000"));
    assert!(matches!(&e, RecordError::Token { number: 5, .. }), "{e:?}");

    // Move numbers do not count as actions.
    let e = error_of("[Game \"harp\"]\n[Deal \"1\"]\n1. t1-f 2. t4-t9 3. x");
    assert!(matches!(&e, RecordError::Token { number: 3, .. }), "{e:?}");
}

#[test]
fn an_illegal_move_names_the_action_number_and_the_reason() {
    // Action 2 is t3-t5 (6H onto 7C); t3-t4 puts 6H on 2C.
    let e = error_of(&corrupted("t3-t5@2500", "t3-t4@2500"));
    match &e {
        RecordError::Refused { number: 2, token, error: GameError::Illegal(illegal) } => {
            assert_eq!(token, "t3-t4");
            assert_eq!(illegal.mv, mv("t3-t4"));
            let reason = patience_words::refusal(&illegal.reason).in_lang(patience_words::Lang::ENGLISH);
            assert!(reason.contains("6♥ needs a black 7; column 4 ends in 2♣"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let said = patience_words::record_error(&e).in_lang(patience_words::Lang::ENGLISH);
    assert!(said.starts_with("record action 2 `t3-t4` is refused: 6♥ needs a black 7"), "{said}");

    // A move after the game is over.
    let e = error_of(&format!("{SMALL_HARMONY_RECORD}s@11000\n"));
    assert!(matches!(&e, RecordError::Refused { number: 6, error: GameError::Over(Outcome::Quit), .. }), "{e:?}");

    // Undo with nothing to undo.
    let e = error_of(&corrupted("s@1000", "undo@1000"));
    assert!(matches!(&e, RecordError::Refused { number: 1, error: GameError::NothingToUndo, .. }), "{e:?}");

    // Time going backwards, and an action after 5:00.
    let e = error_of(&corrupted("undo@3100", "undo@2000"));
    assert!(
        matches!(
            &e,
            RecordError::Refused { number: 3, error: GameError::TimeWentBack { at_ms: 2000, last_ms: 2500 }, .. }
        ),
        "{e:?}"
    );
    let e = error_of(&corrupted("quit@10000", "quit@300000"));
    assert!(matches!(&e, RecordError::Refused { number: 5, error: GameError::TimeUp { .. }, .. }), "{e:?}");
    assert!(e.to_string().contains("record action 5 `quit` is refused: The clock has run out"), "{e}");
}

#[test]
fn wrong_result_or_score_headers_are_caught() {
    let e = error_of(&corrupted("[Score \"390\"]", "[Score \"1390\"]"));
    assert_eq!(e, RecordError::Mismatch { header: "Score", recorded: "1390".into(), replayed: "390".into() });
    assert_eq!(e.to_string(), "record says Score is `1390` but the replay gives `390`");

    let e = error_of(&corrupted("[Result \"quit\"]", "[Result \"won\"]"));
    assert_eq!(e, RecordError::Mismatch { header: "Result", recorded: "won".into(), replayed: "quit".into() });

    // Without the two headers the record still replays.
    let bare = corrupted("[Result \"quit\"]\n[Score \"390\"]\n", "");
    assert_eq!(Record::parse(&bare).unwrap().replay().unwrap().score(), 390);
}

#[test]
fn a_record_that_fails_leaves_nothing_half_done() {
    // Record::replay builds a fresh game each time: the same corrupt record
    // fails the same way twice, and the good prefix replays on its own.
    let text = corrupted("t3-t5@3900", "t3-t4@3900");
    let record = Record::parse(&text).unwrap();
    let first = record.replay().err().unwrap();
    assert_eq!(record.replay().err().unwrap(), first);
    assert!(matches!(first, RecordError::Refused { number: 4, .. }));
    let prefix = Record { entries: record.entries[..3].to_vec(), headers: record.headers[..2].to_vec(), ..record };
    assert_eq!(prefix.replay().unwrap().log().len(), 3);
}

#[test]
fn several_records_one_after_another_read_as_several() {
    let text =
        "# exported\n[Game \"harmony\"]\n[Deal \"1\"]\n\ns@100 s@200\n\n[Game \"pitchfork\"]\n[Deal \"2\"]\n\ns\n\n\
                [Game \"lasker\"]\n[Deal \"3\"]\n\n";
    let records = Record::parse_many(text).unwrap();
    let read: Vec<(&str, u64, usize)> = records.iter().map(|r| (r.rules.id, r.deal, r.entries.len())).collect();
    assert_eq!(read, [("harmony", 1, 2), ("pitchfork", 2, 1), ("lasker", 3, 0)]);
    let bad = "[Game \"harmony\"]\n[Deal \"1\"]\n\ns\n[Game \"harmony\"]\n[Deal \"1\"]\n\ns zz\n";
    let (which, error) = Record::parse_many(bad).unwrap_err();
    assert_eq!(which, 2, "{error}");
    assert!(error.to_string().starts_with("record action 2 `zz`"), "{error}");
    assert!(Record::parse_many("").unwrap().is_empty());
}
