//! `patience library FILE`: builds or grows a library of winnable deals
//! (`patience_solver::library`), the file the server embeds as its
//! starting pool. For each game and variant it looks at the deals after
//! the last one the file holds, in order, until the file holds `--won`
//! winnable deals of it or `--most` deals in all; each deal is solved
//! within a node budget and, when won, played ten times by the honest
//! player to grade it. Lines are appended as deals are done, so a build
//! that is stopped keeps what it did and goes on where it stopped.
//!
//! With `--regrade` it looks at no new deal: the honest player plays the
//! won deals the file holds again and their grades are rewritten in place,
//! for when the player has changed since they were graded. With
//! `--unknown-again` it looks again at the deals the file left unknown, for
//! when the solver has grown stronger, and rewrites their lines in place.

use std::collections::HashMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use patience_core::{presets, Rules};
use patience_solver::honest::HonestConfig;
use patience_solver::library::{
    look_at, parse_library, parse_library_lines, play_to_grade, Grade, Grading, LibraryDeal,
};
use patience_solver::Verdict;
use rayon::prelude::*;

use crate::render::Style;

/// The grading of one-deck deals, for the options' defaults.
static DEFAULTS: std::sync::LazyLock<Grading> =
    std::sync::LazyLock::new(|| Grading::for_rules(presets::find("harmony").expect("harmony is a game")));

#[derive(clap::Args)]
pub struct Args {
    /// The library file (created when missing; read, then appended to).
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Only these games or variants (ids such as `harmony`; repeatable).
    /// Default: every variant.
    #[arg(long = "rules", value_name = "GAME[/VARIANT]", value_parser = super::parse_rules)]
    only: Vec<&'static Rules>,

    /// Winnable deals wanted for each variant.
    #[arg(long, value_name = "N", default_value_t = 30)]
    won: usize,

    /// Most deals looked at for each variant (the file's included), for
    /// rules whose deals are rarely or never winnable.
    #[arg(long, value_name = "N", default_value_t = 200)]
    most: u64,

    /// Deals looked at at once (default: one per core).
    #[arg(long, value_name = "J", default_value_t = 0)]
    jobs: usize,

    /// Solver nodes for a deal's verdict (default: 2,000,000 for one deck,
    /// 20,000,000 for two).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,

    /// Games the honest player plays on each winnable deal.
    #[arg(long, value_name = "N", default_value_t = DEFAULTS.runs)]
    runs: u32,

    /// Worlds the honest player samples for each decision (default: 10).
    #[arg(long, value_name = "N")]
    samples: Option<usize>,

    /// Nodes for each of the honest player's worlds (default: 10,000 for
    /// one deck; 30,000 for two, each world searched by a beam 8 wide).
    #[arg(long, value_name = "N")]
    player_nodes: Option<u64>,

    /// Look at no new deal: play the won deals the file holds again and
    /// replace their grades (WINS/RUNS), keeping every verdict and
    /// solution. The file is rewritten after every few deals, so a regrade
    /// that is stopped leaves it whole.
    #[arg(long, conflicts_with_all = ["won", "most", "nodes"])]
    regrade: bool,

    /// Look at no new deal: solve again the deals the file left unknown
    /// (the solver may have grown stronger since), grade those now won and
    /// rewrite their lines in place, keeping every other line. Stopped, it
    /// leaves the file whole, as `--regrade` does.
    #[arg(long, conflicts_with_all = ["won", "most", "regrade"])]
    unknown_again: bool,
}

pub fn run(args: Args, style: Style) -> anyhow::Result<()> {
    let jobs = if args.jobs == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.jobs };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().context("cannot start the worker threads")?;
    if args.regrade {
        return regrade(&args, &pool, style);
    }
    if args.unknown_again {
        return unknown_again(&args, &pool, style);
    }
    let existing = match std::fs::read_to_string(&args.file) {
        Ok(text) => parse_library(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", args.file.display())),
    };
    let mut held: HashMap<String, (u64, usize, u64)> = HashMap::new();
    for d in &existing {
        let (last, won, looked) = held.entry(d.rules.clone()).or_default();
        *last = (*last).max(d.deal);
        *won += usize::from(d.verdict == Verdict::Won);
        *looked += 1;
    }
    let rules: Vec<&'static Rules> =
        if args.only.is_empty() { presets::ALL.iter().collect() } else { args.only.clone() };
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.file)
        .with_context(|| format!("cannot write {}", args.file.display()))?;
    let started = Instant::now();
    let mut report = String::from("Library of winnable deals\n");
    for rules in rules {
        let (mut last, mut won, mut looked) = held.get(rules.id).copied().unwrap_or_default();
        let grading = grading(&args, rules);
        let bar = super::progress_bar(args.most.saturating_sub(looked));
        bar.set_message(format!("{}: {won} won", rules.id));
        let mut grades: HashMap<Grade, usize> = HashMap::new();
        while won < args.won && looked < args.most {
            let chunk = (jobs as u64).min(args.most - looked);
            let deals: Vec<LibraryDeal> = pool.install(|| {
                (last + 1..=last + chunk).into_par_iter().map(|deal| look_at(rules, deal, &grading)).collect()
            });
            for d in deals {
                writeln!(out, "{}", d.to_line()).with_context(|| format!("cannot write {}", args.file.display()))?;
                won += usize::from(d.verdict == Verdict::Won);
                if let Some(grade) = d.grade() {
                    *grades.entry(grade).or_default() += 1;
                }
            }
            out.flush()?;
            last += chunk;
            looked += chunk;
            bar.inc(chunk);
            bar.set_message(format!("{}: {won} won", rules.id));
        }
        bar.finish_and_clear();
        let count = |g| grades.get(&g).copied().unwrap_or(0);
        report.push_str(&format!(
            "  {:<24} {won} winnable of {looked} looked at (new: {} easy, {} medium, {} hard)\n",
            rules.id,
            count(Grade::Easy),
            count(Grade::Medium),
            count(Grade::Hard),
        ));
    }
    report.push_str(&format!("{:.1} s\n", started.elapsed().as_secs_f64()));
    super::print_report(style, &report)?;
    Ok(())
}

/// How deals of `rules` are looked at: the defaults for the rules, with the
/// options given.
fn grading(args: &Args, rules: &Rules) -> Grading {
    let defaults = Grading::for_rules(rules);
    let samples = args.samples.unwrap_or(defaults.player.samples).max(1);
    Grading {
        budget: match args.nodes {
            Some(nodes) => defaults.budget.clone().with_nodes(nodes.max(1)),
            None => defaults.budget.clone(),
        },
        runs: args.runs,
        player: HonestConfig {
            samples,
            most_samples: 2 * samples,
            nodes: args.player_nodes.unwrap_or(defaults.player.nodes).max(1),
            ..defaults.player.clone()
        },
        ..defaults
    }
}

/// `--regrade`: the won deals of the chosen rules played again, and their
/// lines rewritten in place; every other line is kept as it was.
fn regrade(args: &Args, pool: &rayon::ThreadPool, style: Style) -> anyhow::Result<()> {
    rewrite(args, pool, style, "Won deals graded again", Verdict::Won, |rules, grading, old| {
        let (wins, runs) = play_to_grade(rules, old.deal, grading, || ());
        LibraryDeal { wins, runs, ..old.clone() }
    })
}

/// `--unknown-again`: the deals of the chosen rules that the file left
/// unknown solved again (the solver may have grown stronger since), the
/// won ones graded, and their lines rewritten in place.
fn unknown_again(args: &Args, pool: &rayon::ThreadPool, style: Style) -> anyhow::Result<()> {
    rewrite(args, pool, style, "Unknown deals looked at again", Verdict::Unknown, |rules, grading, old| {
        look_at(rules, old.deal, grading)
    })
}

/// Where a deal of a library may stand, in a rewrite's report: a won deal
/// by its grade, any other by its verdict.
const STANDINGS: [&str; 5] = ["easy", "medium", "hard", "lost", "unknown"];

/// Where `deal` stands, as a place in [`STANDINGS`].
fn standing(deal: &LibraryDeal) -> usize {
    let name = deal.grade().map_or(deal.verdict.as_str(), Grade::as_str);
    STANDINGS.iter().position(|&s| s == name).expect("every grade and every verdict but won is a standing")
}

/// Counts of [`standing`]s in words: `2 easy, 5 hard, 1 lost`.
fn tally(counts: &[usize; STANDINGS.len()]) -> String {
    let parts: Vec<String> =
        counts.iter().zip(STANDINGS).filter(|(&n, _)| n > 0).map(|(n, name)| format!("{n} {name}")).collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// Rewrites in place the lines of the chosen rules' deals whose verdict is
/// `which`, each replaced by what `redo` makes of it (given the deal's
/// rules and how the options grade them); every other line
/// (comments included) is kept as it was. The deals are shared out one at a
/// time, so that a slow one holds up no other core, and the file is
/// replaced as each is done, so a rewrite that is stopped leaves it whole.
fn rewrite(
    args: &Args,
    pool: &rayon::ThreadPool,
    style: Style,
    title: &str,
    which: Verdict,
    redo: impl Fn(&'static Rules, &Grading, &LibraryDeal) -> LibraryDeal + Sync,
) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let deals = parse_library_lines(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    let chosen = |id: &str| args.only.is_empty() || args.only.iter().any(|r| r.id == id);
    let picked: Vec<(usize, LibraryDeal)> =
        deals.into_iter().filter(|(_, d)| d.verdict == which && chosen(&d.rules)).collect();
    let started = Instant::now();
    let bar = super::progress_bar(picked.len() as u64);
    /// The file's lines as they stand, and standings before and after by
    /// rules (with the line each rules' first deal is on, for the order).
    struct Done {
        lines: Vec<String>,
        counts: HashMap<String, (usize, [usize; STANDINGS.len()], [usize; STANDINGS.len()])>,
    }
    let done =
        std::sync::Mutex::new(Done { lines: text.lines().map(str::to_string).collect(), counts: HashMap::new() });
    pool.install(|| {
        picked.par_iter().with_max_len(1).try_for_each(|(i, old)| {
            let rules = presets::find(&old.rules).expect("parse_line checked the rules");
            let new = redo(rules, &grading(args, rules), old);
            let mut done = done.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let (first, before, after) =
                done.counts.entry(old.rules.clone()).or_insert((*i, [0; STANDINGS.len()], [0; STANDINGS.len()]));
            *first = (*first).min(*i);
            before[standing(old)] += 1;
            after[standing(&new)] += 1;
            done.lines[*i] = new.to_line();
            write_whole(&args.file, &done.lines)?;
            bar.inc(1);
            anyhow::Ok(())
        })
    })?;
    bar.finish_and_clear();
    let mut counts: Vec<_> =
        done.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).counts.into_iter().collect();
    counts.sort_by_key(|(_, (first, _, _))| *first);
    let mut report = format!("{title}\n");
    for (id, (_, before, after)) in &counts {
        report.push_str(&format!("  {id:<24} {} (before: {})\n", tally(after), tally(before)));
    }
    report.push_str(&format!("{:.1} s\n", started.elapsed().as_secs_f64()));
    super::print_report(style, &report)?;
    Ok(())
}

/// Replaces `file` with `lines` at once (a new file renamed over it), so
/// that a stopped rewrite leaves the old file or the new one, never half.
fn write_whole(file: &std::path::Path, lines: &[String]) -> anyhow::Result<()> {
    let mut name = file.as_os_str().to_owned();
    name.push(".new");
    let new = PathBuf::from(name);
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(&new, text).with_context(|| format!("cannot write {}", new.display()))?;
    std::fs::rename(&new, file).with_context(|| format!("cannot replace {}", file.display()))
}
