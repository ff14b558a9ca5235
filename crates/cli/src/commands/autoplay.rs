//! `patience autoplay GAME --deals A..B`: the honest player
//! (`patience_solver::honest`) plays each deal from the player view alone,
//! in parallel over deals on a rayon pool of `--jobs` threads, without
//! Harmony's clock. Prints the deals won, the win rate with its 95% Wilson
//! interval, and the time per game and per move; `--csv` writes one row
//! per deal.

use std::fmt::Write as _;

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use patience_core::Rules;
use patience_solver::honest::{play_deal, HonestConfig, Played, WorldSearch};
use patience_solver::wilson95;
use rayon::prelude::*;

use super::grouped;
use crate::render::Style;

#[derive(clap::Args)]
pub struct Args {
    /// Game or variant id, such as `harmony` or `harp/3-passes` (see `patience games`).
    #[arg(value_name = "GAME[/VARIANT]", value_parser = super::parse_rules)]
    game: &'static Rules,

    /// The deals: `A..B` from A up to but not including B, `A..=B` with B,
    /// or one number.
    #[arg(long, value_name = "A..B", value_parser = super::parse_range)]
    deals: RangeInclusive<u64>,

    /// Deals played at once (default: one per core).
    #[arg(long, value_name = "J", default_value_t = 0)]
    jobs: usize,

    /// Deals sampled (consistently with what the player sees) for each
    /// decision [default: 60; with two decks 10].
    #[arg(long, value_name = "N")]
    samples: Option<usize>,

    /// Most deals sampled for one decision: while the vote is close, another
    /// `--samples` are drawn, up to this many [default: 120; with two decks 20].
    #[arg(long, value_name = "N")]
    most_samples: Option<usize>,

    /// Solver nodes for each sampled deal [default: 60000; with two decks 30000].
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,

    /// Search each sampled deal with a beam search keeping WIDTH positions a
    /// depth, which only finds wins; 0 for the solver's usual schedule
    /// [default: 8 with two decks, 0 otherwise].
    #[arg(long, value_name = "WIDTH")]
    beam: Option<usize>,

    /// Time bound of one decision in milliseconds, shared by its samples;
    /// 0 for none (then the nodes alone bound it and every run is the same).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    budget_ms: u64,

    /// Most moves in one game; a game still open then counts as lost.
    #[arg(long, value_name = "N", default_value_t = 800)]
    max_moves: usize,

    /// Sample again for every move instead of playing the chosen plan up to
    /// the next card it turns up (slower, and weaker in our runs: the votes
    /// wander between equally good moves).
    #[arg(long)]
    every_move: bool,

    /// Play the first move of the segment that wins the vote even when
    /// another first move wins more of the worlds the segment misses (for
    /// comparison: it won fewer Harmony deals in our runs, though not by
    /// more than chance explains).
    #[arg(long)]
    no_first_move_check: bool,

    /// Seed of the player's sampling.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,

    /// Write one CSV row per deal to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE|-")]
    csv: Option<PathBuf>,
}

pub fn run(args: Args, style: Style) -> anyhow::Result<()> {
    let rules = args.game;
    let jobs = if args.jobs == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.jobs };
    let game = HonestConfig::for_rules(rules);
    let config = HonestConfig {
        samples: args.samples.unwrap_or(game.samples).max(1),
        most_samples: args.most_samples.unwrap_or(game.most_samples),
        nodes: args.nodes.unwrap_or(game.nodes).max(1),
        time: (args.budget_ms > 0).then(|| Duration::from_millis(args.budget_ms)),
        follow_plans: !args.every_move,
        weigh_first_moves: !args.no_first_move_check,
        world_search: match args.beam {
            None => game.world_search,
            Some(0) => WorldSearch::Solve,
            Some(width) => WorldSearch::Beam { width },
        },
        ..game
    };
    let count = args.deals.end() - args.deals.start() + 1;
    let bar = super::progress_bar(count);
    let won = AtomicU64::new(0);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().context("cannot start the worker threads")?;
    let started = Instant::now();
    let mut results: Vec<Played> = pool.install(|| {
        args.deals
            .clone()
            .into_par_iter()
            .map(|deal| {
                let played = play_deal(rules, deal, &config, args.seed, args.max_moves);
                let w = won.fetch_add(u64::from(played.won), Ordering::Relaxed) + u64::from(played.won);
                bar.inc(1);
                bar.set_message(format!("won {w}"));
                played
            })
            .collect()
    });
    let wall = started.elapsed();
    bar.finish_and_clear();
    results.sort_by_key(|p| p.deal);

    let text = report(rules, &args, jobs, &config, &results, wall);
    let to_stdout = args.csv.as_deref() == Some(std::path::Path::new("-"));
    if to_stdout {
        eprint!("{text}");
        print!("{}", csv(&results));
    } else {
        super::print_report(style, &text)?;
        if let Some(path) = &args.csv {
            std::fs::write(path, csv(&results)).with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    Ok(())
}

fn report(
    rules: &Rules,
    args: &Args,
    jobs: usize,
    config: &HonestConfig,
    results: &[Played],
    wall: Duration,
) -> String {
    let n = results.len() as u64;
    let won = results.iter().filter(|p| p.won).count() as u64;
    let (lo, hi) = wilson95(won, n);
    let mut times: Vec<Duration> = results.iter().map(|p| p.elapsed).collect();
    times.sort();
    let total: Duration = times.iter().sum();
    let mean = total / n.max(1) as u32;
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let moves: usize = results.iter().map(|p| p.moves).sum();
    let votes: usize = results.iter().map(|p| p.votes).sum();
    let budget = match config.time {
        Some(t) => format!(", at most {} ms a decision", t.as_millis()),
        None => String::new(),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Honest player, {} ({}), deals {} to {} ({n} deals), no clock",
        rules.name,
        rules.id,
        args.deals.start(),
        args.deals.end()
    );
    let _ = writeln!(
        out,
        "Player: {} sampled deals (up to {} when the vote is close) of {} solver nodes each per decision{}{budget}, seed {}; {jobs} job(s)",
        config.samples,
        config.most_samples.max(config.samples),
        grouped(config.nodes),
        match config.world_search {
            WorldSearch::Solve => String::new(),
            WorldSearch::Beam { width } => format!(", searched by a beam {width} wide"),
        },
        args.seed
    );
    let _ = writeln!(
        out,
        "Won: {won} of {n} = {:.1}% (95% Wilson interval {:.1}% to {:.1}%)",
        100.0 * won as f64 / n.max(1) as f64,
        100.0 * lo,
        100.0 * hi
    );
    // A game the player gives up at once (every sampled world lost, as in
    // every deal of Lasker's default rules) samples without moving.
    let per_move = match moves {
        0 => "no move played".to_string(),
        _ => format!("{} moves, mean {} a move", grouped(moves as u64), millis(total / moves as u32)),
    };
    let _ = writeln!(
        out,
        "Time per game: mean {}, median {}; {per_move}; {} decisions sampled worlds (the other moves followed a plan)",
        secs(mean),
        secs(median),
        grouped(votes as u64)
    );
    let _ = writeln!(out, "Total: {} of play in {} wall time", secs(total), secs(wall));
    out
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn millis(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn csv(results: &[Played]) -> String {
    let mut out = String::from("deal,won,outcome,moves,votes,ms\n");
    for p in results {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{}",
            p.deal,
            p.won,
            p.outcome.as_str(),
            p.moves,
            p.votes,
            p.elapsed.as_millis()
        );
    }
    out
}
