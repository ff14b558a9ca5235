//! Solver benchmark: solves numbered deals one after another on one thread
//! and reports the decided share and solve times per game.
//!
//! `cargo bench -p patience-solver --bench solve -- [GAME[:A..B]]... [--timeout S]`
//! Default: Harmony deals 1..=200 and deals 1..=50 of the other games, 10 s each.

use std::time::Duration;

use patience_core::presets;
use patience_core::{Position, Rules};
use patience_solver::{find_win, solve, solve_exact, Budget, DealResult, Limit, Outcome, Report, Summary, Verdict};

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

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut timeout = 10.0;
    if let Some(i) = args.iter().position(|a| a == "--timeout") {
        timeout = args.get(i + 1).and_then(|t| t.parse().ok()).expect("--timeout S");
        args.drain(i..i + 2);
    }
    let mut verbose = false;
    if let Some(i) = args.iter().position(|a| a == "-v") {
        verbose = true;
        args.remove(i);
    }
    if args.is_empty() {
        args = vec!["harmony:1..200".into()];
        for game in ["harp", "grosse-harfe", "pitchfork", "lasker"] {
            args.push(format!("{game}:1..50"));
        }
    }
    let mut mode = "solve";
    for m in ["--exact", "--find-win"] {
        if let Some(i) = args.iter().position(|a| a == m) {
            mode = m;
            args.remove(i);
        }
    }
    let budget = Budget::default().with_timeout(Duration::from_secs_f64(timeout)).with_memory(1 << 30);
    println!(
        "{:<26} {:>6} {:>6} {:>6} {:>6} {:>8} {:>10} {:>10} {:>10} {:>10}",
        "game", "deals", "won", "lost", "unkn", "decided", "median", "mean", "p99", "max"
    );
    for arg in &args {
        let (id, range) = arg.split_once(':').unwrap_or((arg, "1..200"));
        let rules = presets::find(id).expect("known game");
        let (a, b) = range.split_once("..").expect("A..B");
        let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
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
        let unknown: Vec<u64> = results.iter().filter(|r| r.verdict == Verdict::Unknown).map(|r| r.deal).collect();
        if !unknown.is_empty() {
            println!("{:<26} unknown: {:?}", "", unknown);
        }
    }
}
