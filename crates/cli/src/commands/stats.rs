//! `patience stats GAME --deals A..B`: solves a range of deals in parallel
//! (the solver's `solve_deals` on a rayon pool of `--jobs` threads) with a
//! progress bar on a terminal's stderr, then prints the won / lost / unknown
//! counts, the winnability (won share of the decided deals) with its 95%
//! Wilson interval, the bounds on the won share of all deals whatever the
//! unknown ones are, and solve-time percentiles.
//!
//! `--deal-files DIR` solves every Solvitaire JSON deal (`*.json`) in a
//! folder instead, in file-name order. `--csv` and `--json` write one row per
//! deal (deal or file, verdict, limit, solution length, nodes, ms), `-` for
//! stdout (the summary then goes to stderr); `--svg` draws the outcome split
//! and the solve-time histogram (`patience_solver::chart`).
//!
//! The memory budget (`--memory`) is for the whole run: each of the jobs'
//! searches gets an equal share.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use clap::ArgGroup;
use patience_core::{Position, Rules};
use patience_solver::chart;
use patience_solver::interchange::from_solvitaire;
use patience_solver::{solve_deals, Budget, DealResult, Limit, Summary, Verdict};
use serde_json::json;

use super::{grouped, Seconds};
use crate::render::Style;

#[derive(clap::Args)]
#[command(group(ArgGroup::new("which").required(true).args(["deals", "deal_files"])))]
pub struct Args {
    /// Game or variant id, such as `harmony` or `harp/3-passes` (see `patience games`).
    #[arg(value_name = "GAME[/VARIANT]", value_parser = super::parse_rules)]
    game: &'static Rules,

    /// The deals: `A..B` from A up to but not including B, `A..=B` with B,
    /// or one number.
    #[arg(long, value_name = "A..B", value_parser = super::parse_range)]
    deals: Option<RangeInclusive<u64>>,

    /// Solve every Solvitaire JSON deal (`*.json`) in this folder instead.
    #[arg(long, value_name = "DIR")]
    deal_files: Option<PathBuf>,

    /// Deals solved at once (default: one per core).
    #[arg(long, value_name = "J", default_value_t = 0)]
    jobs: usize,

    /// Threads each deal's search may use where its exact search alone
    /// decides (Pitchfork, Lasker), beside the jobs.
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,

    /// Time budget per deal in seconds; 0 for none.
    #[arg(long, value_name = "S", default_value = "10", value_parser = super::parse_seconds)]
    timeout: Seconds,

    /// Node budget per deal.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,

    /// Memory budget of the whole run in MiB, shared equally by the jobs.
    #[arg(long, value_name = "MIB", default_value_t = 992, value_parser = clap::value_parser!(u64).range(1..))]
    memory: u64,

    /// Write one CSV row per deal to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE|-")]
    csv: Option<PathBuf>,

    /// Write the summary and one JSON object per deal to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE|-")]
    json: Option<PathBuf>,

    /// Draw the outcome split and the solve-time histogram as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub fn run(args: Args, style: Style) -> anyhow::Result<()> {
    let rules = args.game;
    let jobs = if args.jobs == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.jobs };
    let memory_per_job = (args.memory / jobs as u64).max(1);
    let budget = super::budget(args.timeout, args.nodes, memory_per_job).with_threads(args.threads as usize);

    // Read every deal file before solving any, so a bad one fails at once.
    let files = match &args.deal_files {
        Some(dir) => Some(read_deal_files(rules, dir)?),
        None => None,
    };
    // What was solved, with and without the count (the chart adds its own).
    let (what, short, count) = match (&args.deals, &files) {
        (Some(range), _) => {
            let n = range.end() - range.start() + 1;
            let short = format!("deals {} to {}", range.start(), range.end());
            (format!("{short} ({n} deal{})", plural(n)), short, n)
        }
        (None, Some(files)) => {
            let dir = args.deal_files.as_ref().expect("files come from a folder").display();
            let n = files.len() as u64;
            (format!("{n} deal file{} in {dir}", plural(n)), format!("deal files in {dir}"), n)
        }
        (None, None) => unreachable!("clap requires --deals or --deal-files"),
    };

    let bar = super::progress_bar(count);
    let tally = Tally::default();
    let progress = |r: &DealResult| {
        tally.add(r.verdict);
        bar.inc(1);
        bar.set_message(tally.describe());
    };
    let started = Instant::now();
    let results = match (&args.deals, &files) {
        (Some(range), _) => solve_deals(rules, range.clone(), &budget, jobs, progress),
        (None, Some(files)) => {
            let positions: Vec<Position> = files.iter().map(|(_, pos)| pos.clone()).collect();
            patience_solver::batch::solve_positions(&positions, &budget, jobs, progress)
        }
        (None, None) => unreachable!(),
    };
    let wall = started.elapsed();
    bar.finish_and_clear();

    let names: Option<Vec<String>> = files.map(|f| f.into_iter().map(|(name, _)| name).collect());
    let to_stdout = [&args.csv, &args.json].iter().any(|p| p.as_deref() == Some(Path::new("-")));
    let summary = Summary::of(&results);
    let text = report(rules, &what, jobs, &args, memory_per_job, &summary, &results, wall);
    if to_stdout {
        eprint!("{text}");
    } else {
        super::print_report(style, &text)?;
    }

    if let Some(path) = &args.csv {
        write_output(path, &csv(&results, names.as_deref()))?;
    }
    if let Some(path) = &args.json {
        let doc = json_doc(rules, &what, jobs, &budget, &summary, &results, names.as_deref());
        write_output(path, &(serde_json::to_string_pretty(&doc)? + "\n"))?;
    }
    if let Some(path) = &args.svg {
        let title = format!("{} ({}), {short}", rules.name, rules.id);
        write_output(path, &chart::svg(&title, &results))?;
    }
    Ok(())
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Verdicts counted as deals finish, for the progress bar.
#[derive(Default)]
struct Tally {
    won: AtomicU64,
    lost: AtomicU64,
    unknown: AtomicU64,
}

impl Tally {
    fn add(&self, verdict: Verdict) {
        let counter = match verdict {
            Verdict::Won => &self.won,
            Verdict::Lost => &self.lost,
            Verdict::Unknown => &self.unknown,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn describe(&self) -> String {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        format!("won {}, lost {}, unknown {}", get(&self.won), get(&self.lost), get(&self.unknown))
    }
}

/// Every `*.json` file in `dir`, by name, read as a deal of `rules`.
fn read_deal_files(rules: &'static Rules, dir: &Path) -> anyhow::Result<Vec<(String, Position)>> {
    let entries = std::fs::read_dir(dir).with_context(|| format!("cannot read the folder {}", dir.display()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.with_context(|| format!("cannot read the folder {}", dir.display()))?.path();
        let is_json = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
        if is_json && path.is_file() {
            paths.push(path);
        }
    }
    paths.sort();
    if paths.is_empty() {
        bail!("no .json deal files in {}", dir.display());
    }
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let pos = from_solvitaire(rules, &text).with_context(|| format!("{}", path.display()))?;
            Ok((name, pos))
        })
        .collect()
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// The summary for people.
#[allow(clippy::too_many_arguments)]
fn report(
    rules: &Rules,
    what: &str,
    jobs: usize,
    args: &Args,
    memory_per_job: u64,
    s: &Summary,
    results: &[DealResult],
    wall: Duration,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({}), {what}", rules.name, rules.id);
    let nodes = args.nodes.map(|n| format!(", {} nodes", grouped(n))).unwrap_or_default();
    let _ = writeln!(
        out,
        "Budget per deal: {}{nodes}, {memory_per_job} MiB{threads}; {jobs} job{}",
        args.timeout.describe(),
        plural(jobs as u64),
        threads = if args.threads > 1 { format!(", {} threads", args.threads) } else { String::new() },
    );
    let limits: Vec<String> = [Limit::Time, Limit::Nodes, Limit::Memory]
        .iter()
        .filter_map(|&l| {
            let n = results.iter().filter(|r| r.limit == Some(l)).count();
            (n > 0).then(|| format!("{} budget {n}", l.as_str()))
        })
        .collect();
    let why = if limits.is_empty() { String::new() } else { format!(" ({})", limits.join(", ")) };
    let _ = writeln!(out, "Won {}, lost {}, unknown {}{why}", s.won, s.lost, s.unknown);
    let (lo, hi) = s.winnable_95;
    match s.winnable {
        Some(w) => {
            let _ = writeln!(
                out,
                "Winnable: {} of the decided deals ({} of {}); 95% Wilson interval {} to {}",
                percent(w),
                s.won,
                s.won + s.lost,
                percent(lo),
                percent(hi)
            );
        }
        None => {
            let _ = writeln!(out, "Winnable: no deal decided; 95% Wilson interval {} to {}", percent(lo), percent(hi));
        }
    }
    let (least, most) = s.won_share_bounds;
    let _ = writeln!(
        out,
        "Of all deals: {} proven won, at most {} (if every unknown deal is winnable)",
        percent(least),
        percent(most)
    );
    let _ = writeln!(
        out,
        "Solve time: p50 {}, p90 {}, p99 {}, max {}, mean {}",
        chart::duration_label(s.median_time),
        chart::duration_label(s.p90_time),
        chart::duration_label(s.p99_time),
        chart::duration_label(s.max_time),
        chart::duration_label(s.mean_time)
    );
    let _ = writeln!(
        out,
        "Nodes: {} in all; {:.2} s of solving in {:.2} s",
        grouped(s.nodes),
        s.total_time.as_secs_f64(),
        wall.as_secs_f64()
    );
    out
}

/// Writes `text` to `path`, or to stdout for `-`.
fn write_output(path: &Path, text: &str) -> anyhow::Result<()> {
    if path == Path::new("-") {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// A CSV field, quoted when it must be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// One row per deal: `deal` (or `file`), verdict, limit, solution length,
/// nodes, milliseconds.
fn csv(results: &[DealResult], names: Option<&[String]>) -> String {
    let mut out = String::new();
    let key = if names.is_some() { "file" } else { "deal" };
    let _ = writeln!(out, "{key},verdict,limit,solution_length,nodes,ms");
    for r in results {
        let id = match names {
            Some(names) => csv_field(&names[r.deal as usize]),
            None => r.deal.to_string(),
        };
        let _ = writeln!(
            out,
            "{id},{},{},{},{},{:.3}",
            r.verdict,
            r.limit.map_or("", Limit::as_str),
            r.solution_len.map(|n| n.to_string()).unwrap_or_default(),
            r.nodes,
            ms(r.elapsed)
        );
    }
    out
}

fn json_doc(
    rules: &Rules,
    what: &str,
    jobs: usize,
    budget: &Budget,
    s: &Summary,
    results: &[DealResult],
    names: Option<&[String]>,
) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = results
        .iter()
        .map(|r| {
            let mut row = json!({
                "verdict": r.verdict.as_str(),
                "limit": r.limit.map(Limit::as_str),
                "solution_length": r.solution_len,
                "nodes": r.nodes,
                "ms": ms(r.elapsed),
            });
            match names {
                Some(names) => row["file"] = json!(names[r.deal as usize]),
                None => row["deal"] = json!(r.deal),
            }
            row
        })
        .collect();
    json!({
        "game": rules.id,
        "what": what,
        "jobs": jobs,
        "budget": {
            "timeout_s": budget.timeout.map(|t| t.as_secs_f64()),
            "nodes": budget.max_nodes,
            "memory_mib": budget.max_memory >> 20,
            "threads": budget.threads,
        },
        "summary": {
            "deals": s.deals,
            "won": s.won,
            "lost": s.lost,
            "unknown": s.unknown,
            "winnable": s.winnable,
            "winnable_95": [s.winnable_95.0, s.winnable_95.1],
            "won_share_bounds": [s.won_share_bounds.0, s.won_share_bounds.1],
            "nodes": s.nodes,
            "p50_ms": ms(s.median_time),
            "p90_ms": ms(s.p90_time),
            "p99_ms": ms(s.p99_time),
            "max_ms": ms(s.max_time),
            "mean_ms": ms(s.mean_time),
        },
        "results": rows,
    })
}
