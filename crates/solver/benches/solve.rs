//! Solver benchmark: solves numbered deals one after another (each on one
//! thread unless `--threads` says otherwise) and reports the decided share
//! and solve times per game.
//!
//! `cargo bench -p patience-solver --bench solve -- [GAME[:A..B]]... [--timeout S] [--threads N]`
//! Default: Harmony deals 1..=200 and deals 1..=50 of the other games, 10 s each.

use std::time::Duration;

use patience_core::presets;
use patience_core::{Position, Rules};
use patience_solver::{
    find_win, solve, solve_by_classes, solve_exact, Budget, DealResult, Limit, Outcome, Report, Summary, Verdict,
};

/// The class search alone, where it applies; the engine's exact search
/// elsewhere.
fn classes_or_exact(pos: &Position, budget: &Budget) -> Report {
    solve_by_classes(pos, budget).unwrap_or_else(|| solve_exact(pos, budget))
}

/// Deals one after another on this thread, by `mode`.
fn solve_deals_with(
    mode: &str,
    rules: &'static Rules,
    deals: std::ops::RangeInclusive<u64>,
    budget: &Budget,
    progress: impl Fn(&DealResult),
) -> Vec<DealResult> {
    let run: fn(&Position, &Budget) -> Report = match mode {
        "--exact" => solve_exact,
        "--classes" => classes_or_exact,
        "--find-win" => find_win,
        _ => solve,
    };
    deals
        .map(|deal| {
            let report = run(&Position::deal(rules, deal), budget);
            let r = DealResult {
                deal,
                verdict: report.outcome.verdict(),
                limit: match report.outcome {
                    Outcome::Unknown(limit) => Some(limit),
                    _ => None::<Limit>,
                },
                solution_len: report.outcome.solution().map(|s| s.len()),
                nodes: report.nodes,
                elapsed: report.elapsed,
            };
            progress(&r);
            r
        })
        .collect()
}

const USAGE: &str =
    "usage: cargo bench -p patience-solver --bench solve -- [GAME[:A..B]]... [--timeout S] [--memory MIB] [--threads N] [--exact | --classes | --find-win] [-v]
  GAME[:A..B]  a game or variant id and its deals A..=B (default 1..200); several may be given
  --timeout S  seconds a deal (default 10)
  --memory MIB memory a deal (default 992, as `patience solve`: the search's table and its stack)
  --threads N  threads a deal's exact search may use where it alone decides (Pitchfork, Lasker;
               default 1)
  --exact      the engine's exact search alone; --classes: the class search alone (Harmony,
               Klondike; the exact search elsewhere); --find-win: the win-finding pass alone
  -v           every deal's verdict, nodes and time on standard error";

/// Exits with the usage and `problem` on standard error.
fn usage(problem: &str) -> ! {
    eprintln!("error: {problem}\n{USAGE}");
    std::process::exit(2)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return;
    }
    let mut timeout = 10.0;
    if let Some(i) = args.iter().position(|a| a == "--timeout") {
        timeout = args.get(i + 1).and_then(|t| t.parse().ok()).unwrap_or_else(|| usage("--timeout needs seconds"));
        args.drain(i..i + 2);
    }
    let mut threads = 1;
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        threads = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or_else(|| usage("--threads needs a number"));
        args.drain(i..i + 2);
    }
    let mut memory = Budget::default().max_memory;
    if let Some(i) = args.iter().position(|a| a == "--memory") {
        let mib: usize = args.get(i + 1).and_then(|m| m.parse().ok()).unwrap_or_else(|| usage("--memory needs MiB"));
        memory = mib << 20;
        args.drain(i..i + 2);
    }
    let mut verbose = false;
    if let Some(i) = args.iter().position(|a| a == "-v") {
        verbose = true;
        args.remove(i);
    }
    if args.is_empty() {
        args = vec!["harmony:1..200".into()];
        for game in ["harp", "grosse-harfe", "klondike", "pitchfork", "lasker"] {
            args.push(format!("{game}:1..50"));
        }
    }
    let mut mode = "solve";
    for m in ["--exact", "--classes", "--find-win"] {
        if let Some(i) = args.iter().position(|a| a == m) {
            mode = m;
            args.remove(i);
        }
    }
    let budget =
        Budget::default().with_timeout(Duration::from_secs_f64(timeout)).with_memory(memory).with_threads(threads);
    let runs: Vec<(&'static Rules, u64, u64)> = args
        .iter()
        .map(|arg| {
            let (id, range) = arg.split_once(':').unwrap_or((arg, "1..200"));
            let rules = presets::find(id).unwrap_or_else(|e| usage(&e.to_string()));
            let (a, b) = range
                .split_once("..")
                .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
                .unwrap_or_else(|| usage(&format!("{arg:?}: deals are A..B, both numbers")));
            (rules, a, b)
        })
        .collect();
    println!(
        "{:<26} {:>6} {:>6} {:>6} {:>6} {:>8} {:>10} {:>10} {:>10} {:>10}",
        "game", "deals", "won", "lost", "unkn", "decided", "median", "mean", "p99", "max"
    );
    for (rules, a, b) in runs {
        let results = solve_deals_with(mode, rules, a..=b, &budget, |r| {
            if verbose {
                eprintln!("{} {} {} {} {:?}", rules.id, r.deal, r.verdict, r.nodes, r.elapsed);
            }
        });
        let s = Summary::of(&results);
        println!(
            "{:<26} {:>6} {:>6} {:>6} {:>6} {:>7.1}% {:>10.3?} {:>10.3?} {:>10.3?} {:>10.3?}",
            rules.id,
            s.deals,
            s.won,
            s.lost,
            s.unknown,
            100.0 * s.decided_share(),
            s.median_time,
            s.mean_time,
            s.p99_time,
            s.max_time
        );
        if let Some(w) = s.winnable {
            println!(
                "{:<26} winnable {:.1}% (95% CI {:.1}%..{:.1}%), nodes {}",
                "",
                100.0 * w,
                100.0 * s.winnable_95.0,
                100.0 * s.winnable_95.1,
                s.nodes
            );
        }
        // Decided within 1 s and within 10 s (a deal decided past its
        // budget's end does not count), and the slowest decided deals.
        let decided_within = |secs: f64| {
            results.iter().filter(|r| r.verdict != Verdict::Unknown && r.elapsed.as_secs_f64() <= secs).count()
        };
        let share = |n: usize| 100.0 * n as f64 / s.deals.max(1) as f64;
        let (one, ten) = (decided_within(1.0), decided_within(10.0));
        let mut slowest: Vec<&DealResult> = results.iter().filter(|r| r.verdict != Verdict::Unknown).collect();
        slowest.sort_by_key(|r| std::cmp::Reverse(r.elapsed));
        let slowest: Vec<String> =
            slowest.iter().take(5).map(|r| format!("{} ({}, {:.2?})", r.deal, r.verdict, r.elapsed)).collect();
        println!(
            "{:<26} decided within 1 s {one} ({:.2}%), within 10 s {ten} ({:.2}%); slowest {}",
            "",
            share(one),
            share(ten),
            slowest.join(", ")
        );
        let unknown: Vec<u64> = results.iter().filter(|r| r.verdict == Verdict::Unknown).map(|r| r.deal).collect();
        if !unknown.is_empty() {
            println!("{:<26} unknown: {:?}", "", unknown);
        }
    }
}
