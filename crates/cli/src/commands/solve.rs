//! `patience solve GAME --deal N`: asks the solver whether a deal can be
//! won, and prints the verdict (won, lost, or unknown and which budget ran
//! out), the solution in notation (numbered, wrapped; draws and redeals
//! included, automatic moves left out as they make themselves; the search's
//! detours cut out by `patience_solver::shorten`), the nodes searched and
//! the time. A deal that is not won gets its par as well: the most cards it
//! can bring to the foundations (`patience_solver::par`), exact or a lower
//! bound, found with a budget of its own as large as the solve's, unless
//! `--no-par` asks for the verdict alone (as when timing the solver against
//! another one).
//!
//! The deal is a number (`--deal N`), a Solvitaire JSON deal file
//! (`--deal-file FILE.json`, see `patience_solver::interchange`), or the
//! first deal from N on that the solver proves winnable (`--next-winnable
//! N`, trying at most `--tries` deals, each within the budget).
//!
//! `--record FILE` writes the solution as a game record (the solution played
//! through a [`Game`] with every action at 0 ms), which `patience replay
//! FILE` replays to a win. A record names a numbered deal, so it cannot be
//! asked for with `--deal-file`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context as _};
use clap::ArgGroup;
use patience_core::game::{Game, Outcome as GameOutcome};
use patience_core::record::Record;
use patience_core::{Move, Position, Rules};
use patience_solver::interchange::from_solvitaire;
use patience_solver::par::{par, par_of_lost, Par};
use patience_solver::shorten::shorten;
use patience_solver::winnable::next_winnable;
use patience_solver::{solve, Budget, Limit, Outcome, Report};

use super::{grouped, Seconds};
use crate::render::Style;

#[derive(clap::Args)]
#[command(group(ArgGroup::new("which").required(true).args(["deal", "deal_file", "next_winnable"])))]
pub struct Args {
    /// Game or variant id, such as `harmony` or `harp/3-passes` (see `patience games`).
    #[arg(value_name = "GAME[/VARIANT]", value_parser = super::parse_rules)]
    game: &'static Rules,

    /// The deal number.
    #[arg(long, value_name = "N")]
    deal: Option<u64>,

    /// A deal in Solvitaire's JSON deal format (as `patience deal GAME
    /// --format solvitaire` writes) instead of a number.
    #[arg(long, value_name = "FILE.json")]
    deal_file: Option<PathBuf>,

    /// Solve deals N, N+1, ... and show the first one proven winnable.
    #[arg(long, value_name = "N")]
    next_winnable: Option<u64>,

    /// With --next-winnable: how many deals to try at most.
    #[arg(long, value_name = "COUNT", default_value_t = 1000, requires = "next_winnable",
          value_parser = clap::value_parser!(u64).range(1..))]
    tries: u64,

    /// Time budget in seconds (per deal with --next-winnable); 0 for none.
    #[arg(long, value_name = "S", default_value = "60", value_parser = super::parse_seconds)]
    timeout: Seconds,

    /// Node budget: positions the search may generate.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,

    /// Memory budget of the search's position table and stack, in MiB (the default keeps the
    /// process within 1 GiB).
    #[arg(long, value_name = "MIB", default_value_t = 992, value_parser = clap::value_parser!(u64).range(1..))]
    memory: u64,

    /// Threads the search may use where its exact search alone decides
    /// (Pitchfork, Lasker); 0 for one per core.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=64))]
    threads: u64,

    /// The verdict alone: no par for a deal that is not won.
    #[arg(long)]
    no_par: bool,

    /// Write the solution as a game record to FILE (`patience replay FILE`
    /// checks it). Needs a numbered deal.
    #[arg(long, value_name = "FILE", conflicts_with = "deal_file")]
    record: Option<PathBuf>,
}

pub fn run(args: Args, style: Style) -> anyhow::Result<()> {
    let rules = args.game;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n as usize,
    };
    let budget = super::budget(args.timeout, args.nodes, args.memory).with_threads(threads);
    let mut out = io::stdout().lock();
    let (deal, start, report) = if let Some(from) = args.next_winnable {
        let started = Instant::now();
        let Some(found) = next_winnable(rules, from, &budget, args.tries) else {
            let last = from.saturating_add(args.tries - 1);
            bail!(
                "no deal of {} from {from} to {last} was proven winnable within the budget ({}{}); \
                 try a larger --timeout, --nodes or --tries",
                rules.id,
                args.timeout.describe(),
                args.nodes.map(|n| format!(", {} nodes", grouped(n))).unwrap_or_default()
            );
        };
        let title = format!("{} ({}), deal {}", rules.name, rules.id, found.deal);
        writeln!(out, "{}", style.bold(&title))?;
        writeln!(
            out,
            "The first deal from {from} proven winnable ({} deal{} tried).",
            found.tried,
            if found.tried == 1 { "" } else { "s" }
        )?;
        let report = Report {
            outcome: Outcome::Won(found.solution),
            nodes: found.nodes,
            stored: 0,
            elapsed: started.elapsed(),
            threads: 1,
        };
        (Some(found.deal), Position::deal(rules, found.deal), report)
    } else if let Some(path) = &args.deal_file {
        let name = path.display();
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
        let pos = from_solvitaire(rules, &text).with_context(|| format!("{name}"))?;
        writeln!(out, "{}", style.bold(&format!("{} ({}), deal file {name}", rules.name, rules.id)))?;
        out.flush()?;
        let report = solve(&pos, &budget);
        (None, pos, report)
    } else {
        let deal = args.deal.expect("clap requires one of the deal options");
        writeln!(out, "{}", style.bold(&format!("{} ({}), deal {deal}", rules.name, rules.id)))?;
        out.flush()?;
        let pos = Position::deal(rules, deal);
        let report = solve(&pos, &budget);
        (Some(deal), pos, report)
    };
    let report = match report.outcome {
        Outcome::Won(moves) => Report { outcome: Outcome::Won(shorten(&start, &moves)), ..report },
        _ => report,
    };

    writeln!(out, "Verdict: {}", verdict(&report.outcome, &budget))?;
    if let Outcome::Won(moves) = &report.outcome {
        writeln!(out, "Solution (draws and redeals included; automatic moves make themselves):")?;
        write!(out, "{}", numbered(moves, 78))?;
    }
    let stored = match (report.stored, report.threads) {
        (0, _) => String::new(),
        (stored, 1) => format!(" ({} positions stored)", grouped(stored)),
        (stored, threads) => format!(" ({} positions stored; {threads} threads)", grouped(stored)),
    };
    writeln!(out, "Nodes: {}{stored}", grouped(report.nodes))?;
    writeln!(out, "Time: {:.3} s", report.elapsed.as_secs_f64())?;
    match &report.outcome {
        Outcome::Won(_) => {}
        _ if args.no_par => {}
        // Proven lost: no need to look for a win again.
        Outcome::Lost => writeln!(out, "Par: {}", par_line(&par_of_lost(&start, &budget), &budget))?,
        Outcome::Unknown(_) => writeln!(out, "Par: {}", par_line(&par(&start, &budget), &budget))?,
    }

    if let Some(path) = &args.record {
        let deal = deal.expect("--record conflicts with --deal-file");
        match &report.outcome {
            Outcome::Won(moves) => {
                let text = record_of(rules, deal, moves)?;
                std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
                writeln!(out, "Record: {} (`patience replay` checks it)", path.display())?;
            }
            _ => writeln!(out, "Record: none written, as there is no solution")?,
        }
    }
    out.flush()?;
    Ok(())
}

/// The verdict in words, with why for an unknown one.
fn verdict(outcome: &Outcome, budget: &Budget) -> String {
    match outcome {
        Outcome::Won(moves) => format!("won in {} moves", moves.len()),
        Outcome::Lost => "lost: no sequence of moves wins (every reachable position was searched)".to_string(),
        Outcome::Unknown(limit) => format!("unknown: {} before the search could decide", ran_out(*limit, budget)),
    }
}

/// Which budget ran out, in words.
fn ran_out(limit: Limit, budget: &Budget) -> String {
    match limit {
        Limit::Time => format!(
            "the time budget ({}) ran out",
            budget.timeout.map_or("none".into(), |t| format!("{} s", t.as_secs_f64()))
        ),
        Limit::Nodes => format!("the node budget ({} nodes) ran out", budget.max_nodes.map_or("none".into(), grouped)),
        Limit::Memory => format!("the memory budget ({} MiB) ran out", budget.max_memory >> 20),
    }
}

/// The par in words: `14 of 52 cards (exact; ...)`, or `at least 14 of
/// 104 cards, at most 98 (search stopped: ...)`, with its cost.
fn par_line(par: &Par, budget: &Budget) -> String {
    let cost = format!("{} nodes, {:.3} s", grouped(par.nodes), par.elapsed.as_secs_f64());
    match par.stopped {
        None => format!("{} of {} cards (exact; {cost})", par.best, par.total),
        Some(limit) => {
            let most = if par.upper < par.total { format!(", at most {}", par.upper) } else { String::new() };
            format!(
                "at least {} of {} cards{most} (search stopped: {}; {cost})",
                par.best,
                par.total,
                ran_out(limit, budget)
            )
        }
    }
}

/// `moves` as numbered notation (`1. s  2. t3-t5 ...`), in columns, lines
/// at most `width` wide, each indented by two spaces.
pub fn numbered(moves: &[Move], width: usize) -> String {
    let tokens: Vec<String> = moves.iter().enumerate().map(|(i, mv)| format!("{}. {mv}", i + 1)).collect();
    let cell = tokens.iter().map(String::len).max().unwrap_or(0) + 2;
    let per_line = ((width - 2) / cell).max(1);
    let mut out = String::new();
    for line in tokens.chunks(per_line) {
        let text: Vec<String> = line.iter().map(|t| format!("{t:<cell$}")).collect();
        out.push_str("  ");
        out.push_str(text.concat().trim_end());
        out.push('\n');
    }
    out
}

/// The record of `moves` played from deal `deal`, every action at 0 ms.
fn record_of(rules: &'static Rules, deal: u64, moves: &[Move]) -> anyhow::Result<String> {
    let mut game = Game::new(rules, deal);
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv, 0).with_context(|| format!("solution move {} `{mv}` is refused by the engine", i + 1))?;
    }
    if game.outcome() != GameOutcome::Won {
        bail!("the solution ends the game as {}, not won", game.outcome().as_str());
    }
    Ok(Record::of(&game).to_text())
}
