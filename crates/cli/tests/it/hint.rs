//! `hint` in terminal play: it names a legal move and shows no hidden card.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use patience_core::game::Game;
use patience_core::{presets, Card, Move, Position};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `patience ARGS` in `dir` with `input` on stdin; stdout and stderr.
fn patience(dir: &Path, args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the patience binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    (out.status.success(), text)
}

/// Face-down and stock cards of `pos` that the player has not seen, leaving
/// out twins of visible cards (two-deck games).
fn hidden(pos: &Position) -> BTreeSet<Card> {
    let mut hidden: BTreeSet<Card> = pos.stock().iter().copied().collect();
    for col in 0..pos.column_count() {
        hidden.extend(pos.column(col)[..pos.face_down(col)].iter().copied());
    }
    for col in 0..pos.column_count() {
        for card in pos.face_up(col) {
            hidden.remove(card);
        }
    }
    for card in pos.waste().iter().chain(pos.reserve()) {
        hidden.remove(card);
    }
    hidden
}

#[test]
fn hint_names_a_legal_move_and_no_hidden_card() {
    let dir = scratch("hint");
    for (id, moves) in [("harmony", 0), ("harp", 0), ("harmony", 3)] {
        let rules = presets::find(id).unwrap();
        let mut game = Game::new(rules, 5);
        let mut script = String::new();
        // A few moves first (the first transfers listed, else draws).
        for _ in 0..moves {
            let legal = game.legal_moves();
            let mv = legal.iter().copied().find(|m| matches!(m, Move::Transfer { .. })).unwrap_or(legal[0]);
            game.play(mv, 0).unwrap();
            script.push_str(&format!("{mv}\n"));
        }
        script.push_str("hint\nhelp\nquit\n");
        let record = dir.join(format!("{}-{moves}.txt", id.replace('/', "-")));
        let args = ["play", id, "--deal", "5", "--no-clock", "--record", record.to_str().unwrap()];
        let (ok, text) = patience(&dir, &args, &script);
        assert!(ok, "{text}");
        let line = text.lines().find(|l| l.starts_with("Hint: ")).unwrap_or_else(|| panic!("no hint:\n{text}"));
        let notation = line["Hint: ".len()..].split_whitespace().next().unwrap();
        let mv: Move = notation.parse().unwrap();
        assert!(game.legal_moves().contains(&mv), "{id}: hint {mv} is legal:\n{line}");
        assert!(text.contains("  hint "), "the help lists hint:\n{text}");
        for card in hidden(game.position()) {
            assert!(!line.contains(&card.to_string()), "{id}: hidden {card} in the hint: {line}");
            assert!(!line.contains(&card.ascii()), "{id}: hidden {card} in the hint: {line}");
        }
        // The hint plays nothing: the saved record holds only the moves made.
        let saved = std::fs::read_to_string(&record).unwrap();
        let replayed = patience_core::record::Record::parse(&saved).unwrap().replay().unwrap();
        assert_eq!(replayed.moves_made(), moves, "{id}");
    }
}

#[test]
fn autoplay_reports_the_win_rate_and_writes_csv() {
    let dir = scratch("autoplay");
    let args = ["autoplay", "harmony", "--deals", "1..3", "--samples", "3", "--nodes", "3000", "--csv", "games.csv"];
    let (ok, text) = patience(&dir, &args, "");
    assert!(ok, "{text}");
    assert!(text.contains("Honest player, Solitaire Harmony (harmony), deals 1 to 2 (2 deals)"), "{text}");
    assert!(text.contains("95% Wilson interval"), "{text}");
    assert!(text.contains("Time per game: mean"), "{text}");
    let csv = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "deal,won,outcome,moves,votes,ms");
    assert_eq!(rows.len(), 3, "{csv}");
    assert!(rows[1].starts_with("1,") && rows[2].starts_with("2,"), "{csv}");
}

#[test]
fn autoplay_gives_up_a_lost_lasker_deal_at_once_and_says_no_move_was_played() {
    // Every card of Lasker shows, and its default rules lose every deal:
    // each sampled world is the deal itself, proven lost.
    let dir = scratch("autoplay-lasker");
    let args = ["autoplay", "lasker", "--deals", "1..3", "--samples", "3", "--nodes", "3000", "--csv", "games.csv"];
    let (ok, text) = patience(&dir, &args, "");
    assert!(ok, "{text}");
    assert!(text.contains("Won: 0 of 2"), "{text}");
    assert!(text.contains("no move played; 2 decisions sampled worlds"), "{text}");
    let csv = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(rows.iter().all(|r| r.contains(",false,quit,0,1,")), "{csv}");
}

/// The starting pool's winnable deals of `id`.
fn winnable_in_pool(id: &str) -> Vec<u64> {
    let pool = patience_solver::library::parse_library(patience_server::services::library::STARTING_POOL).unwrap();
    pool.iter().filter(|d| d.rules == id && d.grade().is_some()).map(|d| d.deal).collect()
}

#[test]
fn at_the_opening_of_a_deal_dealt_as_winnable_a_hint_that_won_no_sample_says_a_win_is_there() {
    let dir = scratch("hint-winnable");
    let reassured = "You asked for a winnable deal, and this is one";
    let mut nothing_won = None;
    for deal in winnable_in_pool("harp/3-passes") {
        let args = ["play", "harp/3-passes", "--deal", &deal.to_string(), "--winnable", "--no-clock"];
        let (ok, text) = patience(&dir, &args, "hint\nquit\n");
        assert!(ok, "{text}");
        let line = text.lines().find(|l| l.starts_with("Hint: ")).unwrap_or_else(|| panic!("no hint:\n{text}"));
        let won_none = line.contains("(No sampled deal was won");
        assert_eq!(text.contains(reassured), won_none, "deal {deal}: reassured only where no sample was won:\n{text}");
        if won_none {
            nothing_won = Some(deal);
            break;
        }
    }
    let deal = nothing_won.expect("a winnable harp/3-passes deal whose opening hint wins no sampled deal").to_string();
    // The same deal by number alone: the player was promised nothing.
    let (ok, text) = patience(&dir, &["play", "harp/3-passes", "--deal", &deal, "--no-clock"], "hint\nquit\n");
    assert!(ok, "{text}");
    assert!(text.contains("(No sampled deal was won"), "{text}");
    assert!(!text.contains(reassured), "{text}");
}
