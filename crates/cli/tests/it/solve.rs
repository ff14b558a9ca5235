//! Runs the real `patience` binary's solver commands: `solve` (won with a
//! record that replays, lost, unknown, deal files, next winnable deal, the
//! par of a deal that is not won, on two threads), `stats` (counts, Wilson interval, CSV,
//! JSON and SVG output), `deal --format solvitaire`, and bad input refused in one line. Verdicts are
//! checked against the solver library with the same node budgets (a node
//! budget makes a search deterministic), so nothing is hard-coded.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use patience_core::record::Record;
use patience_core::{presets, Position, Rules};
use patience_solver::interchange::from_solvitaire;
use patience_solver::par::{par, par_of_lost};
use patience_solver::shorten::shorten;
use patience_solver::winnable::next_winnable_deal;
use patience_solver::{solve, solve_deals, wilson95, Budget, Outcome, Summary, Verdict};

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("solve-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn patience(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the patience binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

fn succeeds(out: &Output) -> String {
    assert!(out.status.success(), "stderr: {}\nstdout: {}", stderr(out), stdout(out));
    stdout(out)
}

/// Asserts that the command failed with `status` and one line on stderr,
/// without a panic, and returns that line.
fn fails_with(out: &Output, status: i32) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(status), "stderr: {err}\nstdout: {}", stdout(out));
    assert_eq!(err.trim_end().lines().count(), 1, "one line on stderr: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn rules(id: &str) -> &'static Rules {
    presets::find(id).unwrap()
}

const NODES: u64 = 20_000;

/// The first Harmony deal won within `NODES` nodes, with the length of its
/// solution as the command prints it (detours cut out).
fn quick_harmony_win() -> (u64, usize) {
    let budget = Budget::default().with_nodes(NODES);
    (1..40)
        .find_map(|deal| match solve(&Position::deal(rules("harmony"), deal), &budget).outcome {
            Outcome::Won(moves) => Some((deal, shorten(&Position::deal(rules("harmony"), deal), &moves).len())),
            _ => None,
        })
        .expect("a quick Harmony win")
}

#[test]
fn solve_prints_a_solution_whose_record_replays_to_a_win() {
    let dir = scratch("won");
    let (deal, len) = quick_harmony_win();
    let deal_text = deal.to_string();
    let nodes = NODES.to_string();
    let args = ["solve", "harmony", "--deal", &deal_text, "--nodes", &nodes, "--record", "won.txt"];
    let text = succeeds(&patience(&dir, &args));
    assert!(text.contains(&format!("deal {deal}")), "{text}");
    assert!(text.contains(&format!("Verdict: won in {len} moves")), "{text}");
    assert!(text.contains("  1. ") && text.contains(&format!("{len}. ")), "numbered moves:\n{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 78), "wrapped:\n{text}");
    assert!(text.contains("Nodes: ") && text.contains("Time: "), "{text}");

    let saved = std::fs::read_to_string(dir.join("won.txt")).unwrap();
    let game = Record::parse(&saved).unwrap().replay().unwrap();
    assert_eq!(game.outcome().as_str(), "won");
    assert_eq!(game.deal(), deal);
    let text = succeeds(&patience(&dir, &["replay", "won.txt"]));
    assert!(text.contains("Outcome: won"), "{text}");
}

#[test]
fn solve_says_lost_when_the_solver_proves_it() {
    let budget = Budget::default().with_nodes(NODES);
    let lasker = rules("lasker");
    let deal = (1..100)
        .find(|&d| solve(&Position::deal(lasker, d), &budget).outcome == Outcome::Lost)
        .expect("Lasker deals are mostly lost");
    let dir = scratch("lost");
    let deal_text = deal.to_string();
    let nodes = NODES.to_string();
    let args = ["solve", "lasker", "--deal", &deal_text, "--nodes", &nodes, "--record", "none.txt"];
    let text = succeeds(&patience(&dir, &args));
    assert!(text.contains("Verdict: lost"), "{text}");
    assert!(!text.contains("Solution"), "{text}");
    assert!(text.contains("Record: none written"), "{text}");
    assert!(!dir.join("none.txt").exists());
}

/// Where the exact search alone decides, `--threads 2` goes on with two
/// threads once a solve has stored enough positions, says so, and reaches
/// the verdicts of one thread: a Warfield deal that takes a few million
/// nodes to prove lost, and one as long to win, whose record replays.
#[test]
fn solve_on_two_threads_reaches_the_verdicts_of_one() {
    let dir = scratch("threads");
    let one_thread = Budget::default();
    let mut verdicts = Vec::new();
    for deal in [143, 75] {
        let expected = solve(&Position::deal(rules("pitchfork/warfield"), deal), &one_thread).outcome;
        let deal_text = deal.to_string();
        let record = format!("{deal}.txt");
        let args =
            ["solve", "pitchfork/warfield", "--deal", &deal_text, "--threads", "2", "--no-par", "--record", &record];
        let text = succeeds(&patience(&dir, &args));
        assert!(text.contains("positions stored; 2 threads)"), "{text}");
        match expected {
            Outcome::Lost => assert!(text.contains("Verdict: lost"), "{text}"),
            Outcome::Won(_) => {
                assert!(text.contains("Verdict: won"), "{text}");
                let saved = std::fs::read_to_string(dir.join(&record)).unwrap();
                let game = Record::parse(&saved).unwrap().replay().unwrap();
                assert_eq!(game.outcome().as_str(), "won");
            }
            Outcome::Unknown(limit) => panic!("deal {deal} undecided by one thread: {limit:?}"),
        }
        verdicts.push(expected.verdict());
    }
    // One of each, so that both proofs went through two threads.
    assert_eq!(verdicts, [Verdict::Lost, Verdict::Won]);
}

#[test]
fn no_par_gives_the_verdict_alone() {
    let dir = scratch("no-par");
    let nodes = NODES.to_string();
    let text = succeeds(&patience(&dir, &["solve", "lasker", "--deal", "2", "--nodes", &nodes, "--no-par"]));
    assert!(text.contains("Verdict: lost"), "{text}");
    assert!(text.contains("Nodes: ") && text.contains("Time: "), "{text}");
    assert!(!text.contains("Par:"), "{text}");
}

#[test]
fn a_deal_that_is_not_won_gets_its_par_exact_or_at_least() {
    let dir = scratch("par");
    let budget = Budget::default().with_nodes(NODES);
    let nodes = NODES.to_string();
    // Lasker deal 2, proven lost: its par is exact, as the library finds it.
    let expected = par_of_lost(&Position::deal(rules("lasker"), 2), &budget);
    assert!(expected.exact && expected.best < 52, "{expected:?}");
    let text = succeeds(&patience(&dir, &["solve", "lasker", "--deal", "2", "--nodes", &nodes]));
    assert!(text.contains("Verdict: lost"), "{text}");
    assert!(text.contains(&format!("Par: {} of 52 cards (exact; ", expected.best)), "{text}");
    // Die Große Harfe deal 3 is decided by neither search within the
    // budget: the par is a lower bound, and says why the search stopped.
    let expected = par(&Position::deal(rules("grosse-harfe"), 3), &budget);
    assert!(!expected.exact, "{expected:?}");
    let text = succeeds(&patience(&dir, &["solve", "grosse-harfe", "--deal", "3", "--nodes", &nodes]));
    assert!(text.contains("Verdict: unknown"), "{text}");
    let want = format!("Par: at least {} of 104 cards", expected.best);
    assert!(text.contains(&want), "{want}\n{text}");
    assert!(text.contains("(search stopped: the node budget (20,000 nodes) ran out; "), "{text}");
    // A won deal's par goes without saying.
    let (deal, _) = quick_harmony_win();
    let text = succeeds(&patience(&dir, &["solve", "harmony", "--deal", &deal.to_string(), "--nodes", &nodes]));
    assert!(text.contains("Verdict: won") && !text.contains("Par:"), "{text}");
}

#[test]
fn an_impossible_budget_gives_unknown_and_says_why() {
    let dir = scratch("unknown");
    let text = succeeds(&patience(&dir, &["solve", "harmony", "--deal", "3", "--nodes", "1"]));
    assert!(text.contains("Verdict: unknown: the node budget (1 nodes) ran out"), "{text}");
    let text = succeeds(&patience(&dir, &["solve", "harp", "--deal", "3", "--timeout", "0.000001"]));
    assert!(text.contains("Verdict: unknown: the time budget"), "{text}");
}

#[test]
fn deal_files_written_by_deal_are_solved_like_the_numbered_deal() {
    let dir = scratch("deal-file");
    let harmony = rules("harmony");
    let (deal, len) = quick_harmony_win();
    let deal_text = deal.to_string();
    let json = succeeds(&patience(&dir, &["deal", "harmony", "--deal", &deal_text, "--format", "solvitaire"]));
    assert_eq!(from_solvitaire(harmony, &json).unwrap(), Position::deal(harmony, deal));
    std::fs::write(dir.join("deal.json"), &json).unwrap();
    let nodes = NODES.to_string();
    let text = succeeds(&patience(&dir, &["solve", "harmony", "--deal-file", "deal.json", "--nodes", &nodes]));
    assert!(text.contains("deal file deal.json"), "{text}");
    assert!(text.contains(&format!("Verdict: won in {len} moves")), "{text}");

    // The hand-written Solvitaire-style deal of the solver's tests.
    let hand = Path::new(env!("CARGO_MANIFEST_DIR")).join("../solver/tests/data/klondike-solvitaire.json");
    let text = succeeds(&patience(&dir, &["solve", "harmony", "--deal-file", hand.to_str().unwrap(), "--nodes", "5"]));
    assert!(text.contains("Verdict: "), "{text}");

    // A folder of deal files.
    let files = dir.join("files");
    std::fs::create_dir(&files).unwrap();
    for d in [1, 2, 3] {
        let json =
            succeeds(&patience(&dir, &["deal", "pitchfork", "--deal", &d.to_string(), "--format", "solvitaire"]));
        std::fs::write(files.join(format!("pitchfork-{d}.json")), json).unwrap();
    }
    std::fs::write(files.join("notes.txt"), "not a deal").unwrap();
    let args = ["stats", "pitchfork", "--deal-files", "files", "--nodes", "3000", "--jobs", "2", "--csv", "f.csv"];
    let text = succeeds(&patience(&dir, &args));
    let expected = Summary::of(&solve_deals(rules("pitchfork"), 1..=3, &Budget::default().with_nodes(3000), 1, |_| {}));
    assert!(text.contains("3 deal files"), "{text}");
    assert!(
        text.contains(&format!("Won {}, lost {}, unknown {}", expected.won, expected.lost, expected.unknown)),
        "{text}"
    );
    let csv = std::fs::read_to_string(dir.join("f.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "file,verdict,limit,solution_length,nodes,ms");
    assert_eq!(lines.len(), 4, "{csv}");
    assert!(lines[1].starts_with("pitchfork-1.json,"), "{csv}");
}

#[test]
fn next_winnable_finds_the_libraries_deal_and_records_it() {
    let dir = scratch("next-winnable");
    let budget = Budget::default().with_nodes(NODES);
    let (deal, moves) = next_winnable_deal(rules("harmony"), 5, &budget, 50).unwrap();
    let nodes = NODES.to_string();
    let args = ["solve", "harmony", "--next-winnable", "5", "--nodes", &nodes, "--record", "next.txt"];
    let text = succeeds(&patience(&dir, &args));
    assert!(text.contains(&format!("deal {deal}\n")), "{text}");
    assert!(text.contains("The first deal from 5 proven winnable"), "{text}");
    let len = shorten(&Position::deal(rules("harmony"), deal), &moves).len();
    assert!(text.contains(&format!("Verdict: won in {len} moves")), "{text}");
    let game = Record::parse(&std::fs::read_to_string(dir.join("next.txt")).unwrap()).unwrap().replay().unwrap();
    assert_eq!((game.deal(), game.outcome().as_str()), (deal, "won"));

    let err =
        fails_with(&patience(&dir, &["solve", "harmony", "--next-winnable", "5", "--tries", "2", "--nodes", "1"]), 1);
    assert!(err.contains("from 5 to 6") && err.contains("--tries"), "{err}");
}

/// Checks that `text` is a well-formed SVG document as far as tags go, and
/// returns its element names.
fn svg_elements(text: &str) -> Vec<String> {
    assert!(text.trim_start().starts_with("<svg") && text.trim_end().ends_with("</svg>"), "{text}");
    let mut stack = Vec::new();
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').expect("tags close") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name.to_string()), "tags nest");
        } else {
            let name = tag.trim_end_matches('/').split_whitespace().next().unwrap().to_string();
            assert_eq!(tag.matches('"').count() % 2, 0, "quoted attributes: {tag}");
            names.push(name.clone());
            if !tag.ends_with('/') {
                stack.push(name);
            }
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    names
}

#[test]
fn stats_counts_a_range_and_writes_csv_json_and_svg() {
    let dir = scratch("stats");
    let budget = Budget::default().with_nodes(3000);
    let expected = solve_deals(rules("harmony"), 1..=6, &budget, 1, |_| {});
    let s = Summary::of(&expected);
    let args = [
        "stats",
        "harmony",
        "--deals",
        "1..7",
        "--jobs",
        "2",
        "--nodes",
        "3000",
        "--csv",
        "out.csv",
        "--json",
        "out.json",
        "--svg",
        "out.svg",
        "--threads",
        "2",
    ];
    let text = succeeds(&patience(&dir, &args));
    assert!(text.contains("deals 1 to 6 (6 deals)"), "{text}");
    assert!(text.contains("2 jobs"), "{text}");
    // Threads serve only where the exact search alone decides, without a
    // node bound: these verdicts are one thread's.
    assert!(text.contains(", 2 threads; "), "{text}");
    let shared = format!("{} MiB", (patience_solver::DEFAULT_MAX_MEMORY >> 20) / 2);
    assert!(text.contains(&shared), "the memory budget is shared by the jobs:\n{text}");
    assert!(text.contains(&format!("Won {}, lost {}, unknown {}", s.won, s.lost, s.unknown)), "{text}");
    let (lo, hi) = wilson95(s.won, s.won + s.lost);
    let interval = format!("95% Wilson interval {:.1}% to {:.1}%", lo * 100.0, hi * 100.0);
    assert!(text.contains(&interval), "{interval} in:\n{text}");
    let bounds =
        format!("{:.1}% proven won, at most {:.1}%", s.won_share_bounds.0 * 100.0, s.won_share_bounds.1 * 100.0);
    assert!(text.contains(&bounds), "{bounds} in:\n{text}");
    for p in ["p50 ", "p90 ", "p99 ", "max ", "mean "] {
        assert!(text.contains(p), "{p} in:\n{text}");
    }

    let csv = std::fs::read_to_string(dir.join("out.csv")).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0], ["deal", "verdict", "limit", "solution_length", "nodes", "ms"]);
    assert_eq!(rows.len(), 7);
    for (row, r) in rows[1..].iter().zip(&expected) {
        assert_eq!(row.len(), 6);
        assert_eq!(row[0], r.deal.to_string());
        assert_eq!(row[1], r.verdict.as_str());
        assert_eq!(row[2], r.limit.map_or("", |l| l.as_str()));
        assert_eq!(row[3], r.solution_len.map(|n| n.to_string()).unwrap_or_default());
        assert_eq!(row[4], r.nodes.to_string());
        assert!(row[5].parse::<f64>().unwrap() >= 0.0);
    }

    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out.json")).unwrap()).unwrap();
    assert_eq!(json["game"], "harmony");
    assert_eq!(json["budget"]["threads"], 2);
    assert_eq!(json["summary"]["won"], s.won);
    assert_eq!(json["summary"]["lost"], s.lost);
    assert_eq!(json["summary"]["unknown"], s.unknown);
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 6);
    for (row, r) in results.iter().zip(&expected) {
        assert_eq!(row["deal"], r.deal);
        assert_eq!(row["verdict"], r.verdict.as_str());
        assert_eq!(row["nodes"], r.nodes);
        assert!(row["ms"].as_f64().is_some());
    }

    let svg = std::fs::read_to_string(dir.join("out.svg")).unwrap();
    let names = svg_elements(&svg);
    assert_eq!(names[0], "svg");
    assert!(names.iter().filter(|n| *n == "rect").count() >= 4, "{names:?}");
    assert!(names.iter().any(|n| n == "text") && names.iter().any(|n| n == "title"));
    assert!(svg.contains(&format!("won: {} of 6 deals", s.won)), "{svg}");
    assert!(svg.contains("Solitaire Harmony (harmony), deals 1 to 6"), "{svg}");
}

#[test]
fn stats_to_stdout_keeps_the_summary_on_stderr() {
    let dir = scratch("stats-stdout");
    let out = patience(&dir, &["stats", "lasker", "--deals", "1..=3", "--nodes", "2000", "--jobs", "1", "--csv", "-"]);
    let csv = succeeds(&out);
    assert_eq!(csv.lines().count(), 4, "{csv}");
    assert!(csv.starts_with("deal,verdict"), "{csv}");
    assert!(stderr(&out).contains("Won "), "{}", stderr(&out));
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let dir = scratch("bad");
    let err = fails_with(&patience(&dir, &["stats", "harmony", "--deals", "5..2"]), 2);
    assert!(err.contains("5..2"), "{err}");
    fails_with(&patience(&dir, &["stats", "harmony", "--deals", "x..2"]), 2);
    fails_with(&patience(&dir, &["stats", "harmony"]), 2);
    let err = fails_with(&patience(&dir, &["solve", "spider", "--deal", "1"]), 2);
    assert!(err.contains("spider") && err.contains("harmony"), "{err}");
    fails_with(&patience(&dir, &["stats", "spider", "--deals", "1..3"]), 2);
    fails_with(&patience(&dir, &["solve", "harmony"]), 2);
    fails_with(&patience(&dir, &["solve", "harmony", "--deal", "1", "--timeout", "soon"]), 2);
    fails_with(&patience(&dir, &["solve", "harmony", "--deal", "1", "--deal-file", "a.json"]), 2);
    fails_with(&patience(&dir, &["solve", "harmony", "--deal-file", "a.json", "--record", "r.txt"]), 2);

    let err = fails_with(&patience(&dir, &["solve", "harmony", "--deal-file", "missing.json"]), 1);
    assert!(err.contains("missing.json"), "{err}");
    std::fs::write(dir.join("broken.json"), "{\"tableau piles\": [").unwrap();
    let err = fails_with(&patience(&dir, &["solve", "harmony", "--deal-file", "broken.json"]), 1);
    assert!(err.contains("broken.json") && err.contains("not JSON"), "{err}");

    let json = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../solver/tests/data/klondike-solvitaire.json"),
    )
    .unwrap();
    std::fs::write(dir.join("twice.json"), json.replace("\"KC\"", "\"QH\"")).unwrap();
    let err = fails_with(&patience(&dir, &["solve", "harmony", "--deal-file", "twice.json"]), 1);
    assert!(err.contains("twice.json") && err.contains("QH appears more often"), "{err}");
    let err = fails_with(&patience(&dir, &["solve", "harp", "--deal-file", "twice.json"]), 1);
    assert!(err.contains("harp has 9"), "{err}");

    let empty = dir.join("empty");
    std::fs::create_dir(&empty).unwrap();
    let err = fails_with(&patience(&dir, &["stats", "harmony", "--deal-files", "empty"]), 1);
    assert!(err.contains("no .json deal files"), "{err}");
    std::fs::copy(dir.join("twice.json"), empty.join("a.json")).unwrap();
    let err = fails_with(&patience(&dir, &["stats", "harmony", "--deal-files", "empty"]), 1);
    assert!(err.contains("a.json"), "{err}");
    fails_with(&patience(&dir, &["stats", "harmony", "--deal-files", "nowhere"]), 1);
}

/// How `patience library` grades deals of `rules` with the light player the
/// library tests ask for (`--samples 2 --player-nodes 2000`) and `runs`.
fn light_grading(rules: &'static Rules, runs: u32) -> patience_solver::library::Grading {
    use patience_solver::honest::HonestConfig;
    use patience_solver::library::Grading;
    let defaults = Grading::for_rules(rules);
    Grading {
        runs,
        player: HonestConfig { samples: 2, most_samples: 4, nodes: 2000, ..defaults.player.clone() },
        ..defaults
    }
}

/// `patience library` through the binary: a file of deals looked at in
/// order, each line readable by the library (won deals with a solution that
/// replays and the honest player's grade), then `--regrade` replaces the
/// won deals' grades with the player's games as the library plays them,
/// and keeps every other line, comments included, as it was.
#[test]
fn library_writes_graded_deals_and_regrade_replaces_only_the_grades() {
    use patience_solver::library::{parse_library, play_to_grade, LibraryDeal};
    use patience_solver::Verdict;

    let dir = scratch("library");
    let player = ["--samples", "2", "--player-nodes", "2000", "--jobs", "1"];
    let build =
        [&["library", "pool.tsv", "--rules", "harmony", "--won", "2", "--most", "6", "--runs", "2"][..], &player];
    let out = patience(&dir, &build.concat());
    assert!(succeeds(&out).contains("harmony"), "{}", stdout(&out));
    let text = std::fs::read_to_string(dir.join("pool.tsv")).unwrap();
    let deals = parse_library(&text).unwrap();
    assert_eq!(deals.iter().map(|d| d.deal).collect::<Vec<_>>(), (1..=deals.len() as u64).collect::<Vec<_>>());
    let won: Vec<&LibraryDeal> = deals.iter().filter(|d| d.verdict == Verdict::Won).collect();
    assert_eq!(won.len(), 2, "{text}");
    assert!(won.iter().all(|d| d.runs == 2 && d.wins <= 2), "{text}");

    // A comment, and grades that the player's games cannot give (3 runs
    // asked for below).
    let edited: String = std::iter::once("# kept as it is".to_string())
        .chain(deals.iter().map(|d| LibraryDeal { runs: 9, wins: 9, ..d.clone() }.to_line()))
        .map(|line| line + "\n")
        .collect();
    std::fs::write(dir.join("pool.tsv"), &edited).unwrap();
    let regrade = [&["library", "pool.tsv", "--regrade", "--runs", "3"][..], &player];
    let out = patience(&dir, &regrade.concat());
    assert!(succeeds(&out).contains("harmony"), "{}", stdout(&out));
    let text = std::fs::read_to_string(dir.join("pool.tsv")).unwrap();
    assert!(text.starts_with("# kept as it is\n"), "{text}");
    let regraded = parse_library(&text).unwrap();
    assert_eq!(regraded.len(), deals.len());
    let harmony = rules("harmony");
    let grading = light_grading(harmony, 3);
    for (old, new) in deals.iter().zip(&regraded) {
        let (wins, runs) =
            if old.verdict == Verdict::Won { play_to_grade(harmony, old.deal, &grading, || ()) } else { (0, 0) };
        assert_eq!(new, &LibraryDeal { wins, runs, ..old.clone() }, "deal {}", old.deal);
    }

    // Bad input: a file that is not there, and options that only build.
    let err = fails_with(&patience(&dir, &["library", "missing.tsv", "--regrade"]), 1);
    assert!(err.contains("missing.tsv"), "{err}");
    let err = fails_with(&patience(&dir, &["library", "pool.tsv", "--regrade", "--won", "5"]), 2);
    assert!(err.contains("--won"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.join("pool.tsv")).unwrap(), text, "the file is left as it was");
}

/// `patience library --unknown-again` through the binary: the deals the
/// file left unknown, of the rules asked for, are looked at again as a new
/// deal would be (solved; graded when won) and their lines rewritten in
/// place; every other line, comments and won deals included, stays as it
/// was.
#[test]
fn library_unknown_again_decides_the_unknown_deals_and_keeps_every_other_line() {
    use patience_solver::library::{look_at, parse_library, LibraryDeal};

    let dir = scratch("library-unknown-again");
    let harmony = rules("harmony");
    let grading = light_grading(harmony, 2);
    // Harmony deal 2 as a won line with a grade the player cannot give in
    // two runs; deals 1 (won) and Klondike 14 (lost) as unknown.
    let won = LibraryDeal { wins: 9, runs: 9, ..look_at(harmony, 2, &grading) };
    assert_eq!(won.verdict, Verdict::Won);
    let text = format!("# kept as it is\nharmony\t1\tunknown\n{}\nklondike\t14\tunknown\n", won.to_line());
    std::fs::write(dir.join("pool.tsv"), &text).unwrap();
    let player = ["--samples", "2", "--player-nodes", "2000", "--runs", "2", "--jobs", "1"];

    let again = [&["library", "pool.tsv", "--unknown-again", "--rules", "harmony"][..], &player];
    let out = patience(&dir, &again.concat());
    let report = succeeds(&out);
    assert!(report.contains("(before: 1 unknown)"), "{report}");
    let after = std::fs::read_to_string(dir.join("pool.tsv")).unwrap();
    let lines: Vec<&str> = after.lines().collect();
    let decided = look_at(harmony, 1, &grading);
    assert_eq!(decided.verdict, Verdict::Won);
    assert_eq!(lines, ["# kept as it is", &decided.to_line(), &won.to_line(), "klondike\t14\tunknown"]);

    let again = [&["library", "pool.tsv", "--unknown-again"][..], &player];
    let report = succeeds(&patience(&dir, &again.concat()));
    assert!(report.contains("klondike") && report.contains("1 lost (before: 1 unknown)"), "{report}");
    let deals = parse_library(&std::fs::read_to_string(dir.join("pool.tsv")).unwrap()).unwrap();
    assert_eq!(
        deals.iter().map(|d| (d.deal, d.verdict)).collect::<Vec<_>>(),
        [(1, Verdict::Won), (2, Verdict::Won), (14, Verdict::Lost)]
    );

    // Nothing left unknown: nothing to do, and the file stays as it was.
    let before = std::fs::read_to_string(dir.join("pool.tsv")).unwrap();
    let report = succeeds(&patience(&dir, &again.concat()));
    assert!(!report.contains("before"), "{report}");
    assert_eq!(std::fs::read_to_string(dir.join("pool.tsv")).unwrap(), before);
    let err = fails_with(&patience(&dir, &["library", "pool.tsv", "--unknown-again", "--regrade"]), 2);
    assert!(err.contains("--regrade"), "{err}");
}
