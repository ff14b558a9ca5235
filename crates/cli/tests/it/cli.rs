//! Runs the real `patience` binary: listing games, printing deals, playing
//! through a pipe, replaying records, and refusing bad input with the right
//! exit status. Moves are taken from the engine, never hard-coded.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use patience_core::game::{ClockStart, Game};
use patience_core::record::Record;
use patience_core::{notation, presets, Card, Move, Position};
use patience_server::services::library::STARTING_POOL;
use patience_solver::library::{parse_library, Grade};

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `patience ARGS` in `dir` with `input` on stdin, in an English
/// environment whatever the machine's.
fn patience(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_patience"));
    cmd.args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    run_with_input(cmd, input)
}

/// Runs `cmd` with `input` on stdin.
fn run_with_input(mut cmd: Command, input: &str) -> Output {
    let mut child = cmd
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the patience binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        // The game may end before it has read everything.
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// Asserts that the command failed with `status` and one line on stderr,
/// without a panic or backtrace, and returns that line.
fn fails_with(out: &Output, status: i32) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(status), "stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line on stderr: {err}");
    assert!(!err.contains("panicked") && !err.contains("backtrace"), "{err}");
    err
}

/// A move worth scripting: a card moving (foundation-to-tableau aside) if
/// there is one, else a draw or redeal.
fn pick_move(game: &Game) -> Option<Move> {
    let moves = game.legal_moves();
    let plays = moves.iter().copied().filter(|m| match m {
        Move::Transfer { from, .. } => !matches!(from, patience_core::Pile::Foundation(_)),
        _ => false,
    });
    plays.clone().next().or_else(|| moves.first().copied())
}

/// A well-formed move that is illegal in the game's position.
fn illegal_move(game: &Game) -> Move {
    let cols = game.position().column_count();
    let mut candidates = vec!["w-f".to_string(), "r".to_string()];
    for a in 1..=cols {
        candidates.push(format!("t{a}-f"));
        for b in 1..=cols {
            if a != b {
                candidates.push(format!("t{a}-t{b}"));
            }
        }
    }
    candidates
        .iter()
        .map(|text| notation::parse(text).unwrap())
        .find(|&mv| game.position().check(mv).is_err())
        .expect("some move is illegal")
}

/// Cards a player may see in `pos`: face up in the tableau, waste, reserve
/// and foundations.
fn visible(pos: &Position) -> BTreeSet<Card> {
    let mut seen = BTreeSet::new();
    for col in 0..pos.column_count() {
        seen.extend(pos.face_up(col).iter().copied());
    }
    seen.extend(pos.waste().iter().copied());
    seen.extend(pos.reserve().iter().copied());
    for slot in 0..pos.foundation_slots() {
        seen.extend(pos.foundation_cards(slot));
    }
    seen
}

/// Cards face down or in the stock in `pos`.
fn hidden(pos: &Position) -> BTreeSet<Card> {
    let mut cards: BTreeSet<Card> = pos.stock().iter().copied().collect();
    for col in 0..pos.column_count() {
        cards.extend(pos.column(col)[..pos.face_down(col)].iter().copied());
    }
    cards
}

#[test]
fn games_lists_every_game_and_variant() {
    let out = patience(&scratch("games"), &["games"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let games: Vec<_> = presets::games().collect();
    assert_eq!(games, ["harp", "grosse-harfe", "harmony", "klondike", "pitchfork", "lasker"]);
    for game in games {
        assert!(text.lines().any(|l| l.starts_with(game)), "{game} leads a line:\n{text}");
    }
    for rules in presets::ALL {
        assert!(text.contains(rules.id), "{} listed", rules.id);
        assert!(text.contains(rules.name), "{} named", rules.name);
        assert!(text.contains(rules.summary), "{} summarised", rules.id);
    }
    assert!(!text.contains('\x1b'), "no colour into a pipe");
}

#[test]
fn deal_setup_is_the_engines_setup_text() {
    let dir = scratch("deal-setup");
    for id in ["harmony", "harp", "grosse-harfe/draw-3", "pitchfork/warfield", "lasker"] {
        let out = patience(&dir, &["deal", id, "--deal", "1", "--format", "setup"], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let expected = Position::deal(presets::find(id).unwrap(), 1).to_string();
        assert_eq!(stdout(&out), expected, "{id}");
    }
}

#[test]
fn deal_deck_is_the_shuffled_deck_in_dealing_order_before_any_card_goes_up() {
    let dir = scratch("deal-deck");
    // Harmony deal 129 sends two Aces up at the deal; the deck still has them
    // where they were dealt, on the fifth column.
    for (id, deal) in [("harmony", 129), ("harp", 1), ("pitchfork/warfield", 3)] {
        let rules = presets::find(id).unwrap();
        let out = patience(&dir, &["deal", id, "--deal", &deal.to_string(), "--format", "deck"], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let cards: Vec<Card> = stdout(&out).split_whitespace().map(|c| c.parse().unwrap()).collect();
        assert_eq!(cards, patience_core::deal::shuffled_deck(rules, deal).to_vec(), "{id} {deal}");
    }
    let pos = Position::deal(presets::find("harmony").unwrap(), 129);
    assert_eq!(pos.cards_on_foundations(), 2, "two Aces went up at the deal");
}

#[test]
fn deal_shows_the_whole_layout() {
    let out = patience(&scratch("deal-table"), &["deal", "harmony", "--deal", "5"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let pos = Position::deal(presets::find("harmony").unwrap(), 5);
    for card in hidden(&pos).iter().chain(visible(&pos).iter()) {
        assert!(text.contains(&card.to_string()), "{card} shown:\n{text}");
    }
    assert!(text.contains("deal 5"), "{text}");
}

#[test]
fn play_through_a_pipe_saves_a_record_that_replays() {
    let dir = scratch("play");
    let rules = presets::find("harmony").unwrap();
    let deal = 3;
    // Played with --no-clock: no clock runs, and time left earns nothing.
    let mut expected = Game::new(rules, deal).with_clock_start(ClockStart::Off);
    let mut script = Vec::new();
    for _ in 0..6 {
        let mv = pick_move(&expected).expect("deal 3 has moves");
        expected.play(mv, 0).unwrap();
        script.push(mv.to_string());
    }
    expected.undo(0).unwrap();
    script.push("undo".into());
    let illegal = illegal_move(&expected);
    let illegal_error = patience_words::game_error(&expected.clone().play(illegal, 0).unwrap_err())
        .in_lang(patience_words::Lang::ENGLISH);
    script.push(illegal.to_string());
    script.push("t1t2".into());
    script.push("dance".into());
    script.push("moves".into());
    expected.quit(0).unwrap();
    script.push("quit".into());
    // Lines after `quit` are never read.
    script.push(expected.position().legal_moves()[0].to_string());

    let record = dir.join("game.txt");
    let args = ["play", "harmony", "--deal", "3", "--no-clock", "--record", record.to_str().unwrap()];
    let out = patience(&dir, &args, &(script.join("\n") + "\n"));
    let text = stdout(&out);
    assert!(out.status.success(), "{}\n{text}", stderr(&out));

    assert!(text.contains(&format!("error: {illegal_error}")), "the engine's error is shown:\n{text}");
    assert!(text.contains("error: `t1t2` is not a move"), "{text}");
    assert!(text.contains("error: unknown command `dance`"), "{text}");
    assert!(text.contains("Legal moves:"), "{text}");
    assert!(text.contains("move 6") && text.contains("move 5"), "move numbers shown:\n{text}");
    assert!(text.contains("Status: In progress · score"), "{text}");
    assert!(text.contains(&record.display().to_string()), "says where the record went:\n{text}");

    // The refused lines changed nothing: the record is exactly the engine's
    // record of the moves, the undo and the quit.
    let saved = std::fs::read_to_string(&record).unwrap();
    assert_eq!(saved, Record::of(&expected).to_text());
    assert!(saved.contains("[Clock \"off\"]"), "{saved}");
    let mut with_clock = Game::new(rules, deal);
    for entry in expected.log() {
        with_clock.apply(*entry).unwrap();
    }
    assert_eq!(with_clock.score() - expected.score(), 300, "quitting with the clock at 5:00 would earn 300");
    let replayed = Record::parse(&saved).unwrap().replay().unwrap();
    assert_eq!(replayed.position(), expected.position());
    assert_eq!(replayed.score(), expected.score());

    let out = patience(&dir, &["replay", record.to_str().unwrap()], "");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("Outcome: given up"), "{text}");
    let score = patience_words::say!("cli-replay-score", score = expected.score());
    assert!(text.contains(&score.in_lang(patience_words::Lang::ENGLISH)), "{text}");
    assert!(text.contains(&format!("Actions: {}", expected.log().len())), "{text}");
}

#[test]
fn play_never_shows_a_hidden_card() {
    let dir = scratch("hidden");
    for id in ["harmony", "harp", "grosse-harfe", "pitchfork"] {
        let rules = presets::find(id).unwrap();
        // Cards hidden all through a short game (not turned up or drawn on
        // the way) must never be printed. Two-deck games may show the twin
        // of a hidden card, so those are left out.
        // --no-clock takes the clock off the games that have one.
        let clock = if rules.clock_secs.is_some() { ClockStart::Off } else { ClockStart::FirstAction };
        let mut game = Game::new(rules, 11).with_clock_start(clock);
        let mut never_seen = hidden(game.position());
        let mut seen = visible(game.position());
        let mut script = vec!["moves".to_string(), "help".to_string(), "show".to_string()];
        for _ in 0..8 {
            let Some(mv) = pick_move(&game) else { break };
            game.play(mv, 0).unwrap();
            script.push(mv.to_string());
            script.push("moves".into());
            never_seen = never_seen.intersection(&hidden(game.position())).copied().collect();
            seen.extend(visible(game.position()));
        }
        script.push("quit".into());
        let never_seen: Vec<Card> = never_seen.difference(&seen).copied().collect();
        assert!(id == "pitchfork" || never_seen.len() > 10, "{id}: the test checks something");

        let record = dir.join(format!("{}.txt", id.replace('/', "-")));
        let args = ["play", id, "--deal", "11", "--no-clock", "--record", record.to_str().unwrap()];
        let out = patience(&dir, &args, &(script.join("\n") + "\n"));
        let text = stdout(&out) + &stderr(&out);
        assert!(out.status.success(), "{text}");
        assert!(text.contains("##") || rules.deal_face == patience_core::rules::DealFace::AllUp, "{text}");
        for card in never_seen {
            assert!(!text.contains(&card.to_string()), "{id}: hidden {card} printed:\n{text}");
        }
        game.quit(0).unwrap();
        assert_eq!(std::fs::read_to_string(&record).unwrap(), Record::of(&game).to_text(), "{id}");
    }
}

#[test]
fn nothing_hidden_is_printed_before_the_first_move() {
    let dir = scratch("hidden-at-deal");
    let rules = presets::find("harmony").unwrap();
    let pos = Position::deal(rules, 1);
    let out = patience(&dir, &["play", "harmony", "--deal", "1", "--no-clock"], "moves\nhelp\nshow\nquit\n");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let hidden = hidden(&pos);
    assert_eq!(hidden.len(), 21 + 24);
    for card in hidden {
        assert!(!text.contains(&card.to_string()), "hidden {card} printed:\n{text}");
    }
    for card in visible(&pos) {
        assert!(text.contains(&card.to_string()), "face-up {card} shown:\n{text}");
    }
}

#[test]
fn play_saves_to_a_default_file_at_end_of_input_without_overwriting() {
    let dir = scratch("default-record");
    let rules = presets::find("harp/3-passes").unwrap();
    let mv = Game::new(rules, 7).legal_moves()[0].to_string();
    for name in ["patience-harp-3-passes-7.patience.txt", "patience-harp-3-passes-7-2.patience.txt"] {
        let out = patience(&dir, &["play", "harp/3-passes", "--deal", "7"], &format!("{mv}\n"));
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains(name), "{}", stdout(&out));
        let saved = std::fs::read_to_string(dir.join(name)).unwrap();
        let game = Record::parse(&saved).unwrap().replay().unwrap();
        assert_eq!(game.log().len(), 1, "end of input is not giving up");
        assert_eq!(game.outcome().as_str(), "playing");
    }
}

#[test]
fn play_without_a_deal_picks_one_and_says_which() {
    let dir = scratch("random-deal");
    let out = patience(&dir, &["play", "lasker"], "");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let deal = deal_in_title(&text);
    assert!(dir.join(format!("patience-lasker-{deal}.patience.txt")).exists());
}

/// The deal number after "deal " in the first line of `text`.
fn deal_in_title(text: &str) -> u64 {
    text.split("deal ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("deal number printed:\n{text}"))
}

#[test]
fn play_with_a_grade_deals_a_winnable_deal_of_that_grade_from_the_starting_pool() {
    let dir = scratch("winnable-deal");
    let pool = parse_library(STARTING_POOL).unwrap();
    let grade_of = |id: &str, deal: u64| pool.iter().find(|d| d.rules == id && d.deal == deal).and_then(|d| d.grade());
    for (id, grade) in [("harmony", Some("easy")), ("harp", Some("hard")), ("pitchfork", None)] {
        let mut args = vec!["play", id];
        args.extend(grade.map_or(["--winnable", ""], |g| ["--grade", g]).iter().filter(|a| !a.is_empty()));
        let out = patience(&dir, &args, "");
        let text = stdout(&out);
        assert!(out.status.success(), "{}", stderr(&out));
        let deal = deal_in_title(&text);
        let held = grade_of(id, deal).unwrap_or_else(|| panic!("{id} deal {deal} is winnable in the pool"));
        if let Some(grade) = grade {
            assert_eq!(held.as_str(), grade, "{id} deal {deal}");
        }
        assert!(text.contains(&format!("play it again with --deal {deal} --winnable")), "{text}");
        assert!(dir.join(format!("patience-{id}-{deal}.patience.txt")).exists());
    }
    // A deal asked for by number as well: dealt if the pool holds it as winnable.
    let won = pool.iter().find(|d| d.rules == "harp" && d.grade().is_some()).unwrap().deal.to_string();
    let out = patience(&dir, &["play", "harp", "--deal", &won, "--winnable"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(deal_in_title(&stdout(&out)).to_string(), won);
    let lost = pool.iter().find(|d| d.rules == "harp/3-passes" && d.grade().is_none()).unwrap().deal.to_string();
    let err = fails_with(&patience(&dir, &["play", "harp/3-passes", "--deal", &lost, "--winnable"], ""), 1);
    let not_held = format!("Deal {lost} of Harp (3 passes) is not one the starting pool holds as winnable");
    assert!(err.contains(&not_held), "{err}");
    // What the pool cannot give is said, and no game starts: a variant
    // with winnable deals but no Easy one (which one changes as the pool
    // is graded again).
    let grades_of = |id: &str| -> Vec<Grade> {
        Grade::ALL.into_iter().filter(|&g| pool.iter().any(|d| d.rules == id && d.grade() == Some(g))).collect()
    };
    let no_easy = presets::ALL
        .iter()
        .find(|r| !grades_of(r.id).is_empty() && !grades_of(r.id).contains(&Grade::Easy))
        .expect("a variant with winnable deals but no Easy one in the pool");
    let held: Vec<&str> = grades_of(no_easy.id).into_iter().map(Grade::as_str).collect();
    let err = fails_with(&patience(&dir, &["play", no_easy.id, "--grade", "easy"], ""), 1);
    let said = format!("no Easy deal of {}; it holds: {}", no_easy.name, held.join(", "));
    assert!(err.contains(&said), "{err}");
    let err = fails_with(&patience(&dir, &["play", "lasker", "--winnable"], ""), 1);
    assert!(err.contains("no winnable deal of Lasker"), "{err}");
    let err = fails_with(&patience(&dir, &["play", "harp", "--grade", "hardest"], ""), 2);
    assert!(err.contains("hardest"), "{err}");
    fails_with(&patience(&dir, &["play", "harp", "--grade", "hard", "--deal", "3"], ""), 2);
    let records = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(records, 4, "one record a game started, none for the refused ones");
}

#[test]
fn replay_of_a_corrupt_record_names_the_action() {
    let dir = scratch("replay-corrupt");
    let rules = presets::find("pitchfork").unwrap();
    let mut game = Game::new(rules, 2);
    for _ in 0..3 {
        game.play(pick_move(&game).unwrap(), 0).unwrap();
    }
    let mut record = Record::of(&game);
    let good = dir.join("good.txt");
    std::fs::write(&good, record.to_text()).unwrap();
    let out = patience(&dir, &["replay", good.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Actions: 3"), "{}", stdout(&out));

    // Action 2 replaced by a move that is illegal at that point.
    let mut before = Game::new(rules, 2);
    before.apply(record.entries[0]).unwrap();
    record.entries[1].action = patience_core::Action::Play(illegal_move(&before));
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, record.to_text()).unwrap();
    let out = patience(&dir, &["replay", bad.to_str().unwrap()], "");
    let err = fails_with(&out, 1);
    assert!(err.contains("record action 2"), "{err}");
    assert!(err.contains("bad.txt"), "{err}");

    // Garbage in place of a move.
    let text = record.to_text();
    let (headers, actions) = text.split_once("\n\n").unwrap();
    let mut actions: Vec<&str> = actions.split_whitespace().collect();
    actions[1] = "t1t2";
    let text = format!("{headers}\n\n{}\n", actions.join(" "));
    std::fs::write(&bad, text).unwrap();
    let err = fails_with(&patience(&dir, &["replay", bad.to_str().unwrap()], ""), 1);
    assert!(err.contains("record action 2"), "{err}");

    let err = fails_with(&patience(&dir, &["replay", "missing.txt"], ""), 1);
    assert!(err.contains("missing.txt"), "{err}");
}

#[test]
fn unknown_games_and_bad_numbers_are_usage_errors() {
    let dir = scratch("usage");
    for args in [&["deal", "spider", "--deal", "1"][..], &["play", "spider"]] {
        let err = fails_with(&patience(&dir, args, ""), 2);
        assert!(err.contains("spider"), "{err}");
        for rules in presets::ALL {
            assert!(err.contains(rules.id), "{} listed: {err}", rules.id);
        }
    }
    let err = fails_with(&patience(&dir, &["deal", "harp", "--deal", "many"], ""), 2);
    assert!(err.contains("many"), "{err}");
    fails_with(&patience(&dir, &["play", "harp", "--deal", "99999999999999999999999"], ""), 2);
    fails_with(&patience(&dir, &["deal", "harp"], ""), 2);
    fails_with(&patience(&dir, &["shuffle"], ""), 2);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "no record saved for a game never started");
}

#[test]
fn auto_on_sends_safe_cards_up_and_is_kept_in_the_record() {
    // Harp deal 5 has an Ace showing: switching the safe auto-move on sends
    // it up at once, exactly as the engine does.
    let rules = presets::find("harp").unwrap();
    let mut expected = Game::new(rules, 5);
    expected.set_safe_auto_moves(true, 0).unwrap();
    assert!(expected.position().cards_on_foundations() > 0, "the deal has an Ace to send up");
    let dir = scratch("auto-on");
    let out = patience(&dir, &["play", "harp", "--deal", "5", "--record", "r.txt"], "auto on\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(dir.join("r.txt")).unwrap();
    assert!(text.contains("auto-on") && text.contains("quit"), "{text}");
    let replayed = Record::parse(&text).unwrap().replay().unwrap();
    assert_eq!(replayed.position(), expected.position());
}

#[test]
fn play_speaks_german_with_lang_de_and_the_environment_chooses_it_too() {
    let dir = scratch("german");
    let rules = presets::find("harmony").unwrap();
    let game = Game::new(rules, 3);
    let mv = pick_move(&game).expect("deal 3 has moves");
    let illegal = illegal_move(&game);
    let script = format!("help\nmoves\nhint\n{mv}\n{illegal}\nt1t2\ndance\nquit\n");
    let german = patience_words::Lang::from_tag("de").unwrap();
    for args in [
        &["--lang", "de", "play", "harmony", "--deal", "3", "--no-clock"][..],
        &["play", "harmony", "--deal", "3", "--no-clock"],
    ] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_patience"));
        cmd.args(args)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .env("LANG", "de_DE.UTF-8")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES");
        let out = run_with_input(cmd, &script);
        let text = stdout(&out);
        assert!(out.status.success(), "{}", stderr(&out));
        for expected in [
            "Stand: Läuft",
            "Talon 24",
            "Zielstapel",
            "Befehle, einer je Zeile",
            "Erlaubte Züge:",
            "Tipp: ",
            "Fehler: ",
            "unbekannter Befehl `dance`",
            "Protokoll gespeichert",
        ] {
            assert!(text.contains(expected), "{expected:?} in\n{text}");
        }
        let foreign = patience_words::foreign_words(&text, german);
        assert!(foreign.is_empty(), "English in the German terminal: {foreign:?}\n{text}");
    }
}
