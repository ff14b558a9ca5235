//! The driver of a solve: plays the turns of the [`crate::schedule`] with one
//! exact search (the class search where it applies, else the engine's), the
//! win-finding passes and the beams, which share one budget of nodes, time
//! and memory, and notes the most cards any of them brought up (for
//! [`crate::par`]).

use std::time::Instant;

use patience_core::{Move, Position};

use crate::beam;
use crate::exact::Exact;
use crate::schedule::{Schedule, Turn};
use crate::search::{self, LineTurn, SearchKind};
use crate::shared_table::{Readying, SharedTable};
use crate::{Budget, Limit, Outcome, Report, Verdict};

/// Table bytes from which an exact search allowed more than one thread
/// uses them (about 400,000 positions stored, a few tenths of a second
/// in): most deals are decided long before, in a few milliseconds, where
/// a table of hundreds of megabytes would cost more than a second thread
/// saves. Around half a second a solve on two threads takes about as long
/// as on one (Warfield deal 4); from about a second it is faster, and
/// going parallel this early rather than at 64 MiB made the deals of
/// about ten seconds faster by 3 to 14% (8 MiB made no difference there).
const PARALLEL_FROM: usize = 16 << 20;

/// Table bytes from which a solve that may go parallel gets the shared
/// table ready on the core it does not use yet (see
/// [`SharedTable::ready_in_background`]): a few slices before
/// [`PARALLEL_FROM`], since writing its pages takes about as long as the
/// search takes to get from here to there.
const READY_FROM: usize = PARALLEL_FROM / 4;

/// The most cards on the foundations at any node a search expanded, and
/// the moves from the root that reach them (a lower bound for [`par`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Best {
    pub cards: usize,
    pub line: Vec<Move>,
}

impl Best {
    /// Takes `searcher`'s best if it has more cards up.
    fn note(&mut self, searcher: &search::Searcher) {
        if searcher.best() > self.cards {
            self.cards = searcher.best();
            self.line = searcher.best_line();
        }
    }

    /// Takes the exact search's best if it has more cards up.
    fn note_exact(&mut self, exact: &Exact) {
        if exact.best() > self.cards {
            self.cards = exact.best();
            self.line = exact.best_line();
        }
    }
}

/// [`solve`], noting the most cards up at any node any of its searches
/// expanded. It plays the turns of the [`crate::schedule`]; once the win-finding
/// passes stop (one looked everywhere, so no order finds more, or one ran
/// out of time or memory), the exact search has what is left to itself.
pub(crate) fn solve_noting_best(pos: &Position, budget: &Budget) -> (Report, Best) {
    let mut best = Best { cards: pos.cards_on_foundations(), line: Vec::new() };
    let rules = pos.rules();
    let mut schedule = Schedule::for_rules(rules);
    let started = Instant::now();
    let total_nodes = budget.max_nodes.unwrap_or(u64::MAX);
    // With passes the memory bound is shared: half for the exact search, a
    // quarter for each of the two win-finding searches alive at once; where
    // the passes come first, half for the usual pass and a quarter for the
    // exact search.
    let quarter = budget.max_memory / 4;
    let passes_first = schedule.passes_first();
    let (exact_memory, main_memory) = match (schedule.has_passes(), passes_first) {
        (false, _) => (budget.max_memory, 0),
        (true, false) => (2 * quarter, quarter),
        (true, true) => (quarter, 2 * quarter),
    };
    let mut exact = Exact::for_root(
        pos,
        &Budget { max_nodes: Some(0), max_memory: exact_memory, ..budget.clone() },
        SearchKind::Exact,
    );
    if let Some(report) = exact.begin(pos) {
        best.note_exact(&exact);
        return (report, best);
    }
    // The pass in the usual move order, which resumes; its nodes and those
    // of the fresh passes count against the budget with the exact search's.
    let mut main = search::Searcher::new(
        rules,
        &Budget { max_nodes: Some(0), timeout: budget.timeout, max_memory: main_memory, threads: 1 },
        SearchKind::WinFinding,
    );
    if schedule.has_passes() {
        if let Some(report) = main.begin(pos) {
            best.note(&main);
            return (report, best);
        }
    }
    // Where the exact search alone decides, it goes on with every thread
    // the budget allows once it has stored enough positions to be worth
    // it (see `search::parallel`).
    let parallel =
        budget.threads > 1 && budget.max_nodes.is_none() && !schedule.has_passes() && matches!(exact, Exact::Engine(_));
    let mut other_nodes = 0u64;
    let mut passes_on = true;
    // Off once the exact search ran out of memory while the passes come
    // first: they go on alone.
    let mut exact_on = true;
    let spent = |exact: &Exact, main: &search::Searcher, other: u64| exact.nodes() + main.nodes() + other;
    // The shared table, made ready on the idle core from a quarter of
    // the way to going parallel.
    let mut readying: Option<Readying> = None;
    while let Some(turn) = schedule.next() {
        if parallel && readying.is_none() {
            if let Exact::Engine(s) = &mut exact {
                if s.table_bytes() >= READY_FROM && s.can_go_parallel() {
                    let bytes = s.shared_table_bytes();
                    readying = Some(SharedTable::ready_in_background(bytes));
                    s.hold_elsewhere(bytes);
                }
            }
        }
        let quick = match turn {
            Turn::Exact { .. } if !exact_on => continue,
            Turn::Exact { nodes }
                if parallel
                    && matches!(&exact, Exact::Engine(s) if s.table_bytes() >= PARALLEL_FROM && s.can_go_parallel()) =>
            {
                let Exact::Engine(searcher) = &mut exact else { unreachable!("matched above") };
                // This turn's slice first, then the rest of the schedule's
                // (where every card shows, slices and changes of line only).
                let rest = schedule.by_ref().filter_map(|turn| match turn {
                    Turn::Exact { nodes } => Some(LineTurn::Slice(nodes)),
                    Turn::NewLine { seed } => Some(LineTurn::NewLine(seed)),
                    Turn::FormerLine => Some(LineTurn::FormerLine),
                    _ => None,
                });
                let mut turns = std::iter::once(LineTurn::Slice(nodes)).chain(rest);
                let table = match readying.take() {
                    Some(readying) => readying.take(),
                    None => SharedTable::new(searcher.shared_table_bytes()),
                };
                let report = searcher.finish_in_parallel(budget.threads, table, &mut turns);
                best.note(searcher);
                let report = Report { elapsed: started.elapsed(), ..report };
                return (report, best);
            }
            Turn::Exact { nodes } => {
                let room = total_nodes.saturating_sub(main.nodes() + other_nodes);
                exact.allow_nodes(if passes_on { room.min(exact.nodes().saturating_add(nodes)) } else { room });
                let report = exact.resume();
                let out_of_room = exact.nodes() >= room;
                if passes_first && passes_on && report.outcome == Outcome::Unknown(Limit::Memory) {
                    exact_on = false;
                    continue;
                }
                if report.outcome != Outcome::Unknown(Limit::Nodes) || out_of_room || !passes_on {
                    let limit_hit = out_of_room && report.outcome == Outcome::Unknown(Limit::Nodes);
                    let outcome = if limit_hit { Outcome::Unknown(Limit::Nodes) } else { report.outcome };
                    best.note_exact(&exact);
                    best.note(&main);
                    let report = Report {
                        outcome,
                        nodes: spent(&exact, &main, other_nodes),
                        stored: report.stored,
                        elapsed: started.elapsed(),
                        threads: 1,
                    };
                    return (report, best);
                }
                continue;
            }
            Turn::NewLine { seed } => {
                exact.fork(seed);
                continue;
            }
            Turn::FormerLine => {
                exact.rotate();
                continue;
            }
            Turn::WinFinding { nodes } => {
                let room = total_nodes.saturating_sub(spent(&exact, &main, other_nodes));
                let before = main.nodes();
                main.allow_nodes(before + nodes.min(room));
                let report = main.resume();
                let exhausted =
                    report.outcome == Outcome::Unknown(Limit::Nodes) && main.nodes() < before + nodes.min(room);
                (report, exhausted)
            }
            Turn::FreshWinFinding { nodes, seed } => {
                let room = total_nodes.saturating_sub(spent(&exact, &main, other_nodes));
                let time_left = budget.timeout.map(|t| t.saturating_sub(started.elapsed()));
                let limit =
                    Budget { max_nodes: Some(nodes.min(room)), timeout: time_left, max_memory: quarter, threads: 1 };
                let mut fresh = search::Searcher::new(rules, &limit, SearchKind::WinFinding).noise(seed);
                let report = fresh.search(pos);
                best.note(&fresh);
                other_nodes += report.nodes;
                let exhausted = report.outcome == Outcome::Unknown(Limit::Nodes) && report.nodes < nodes.min(room);
                (report, exhausted)
            }
            Turn::Beam { width, moves } => {
                let room = total_nodes.saturating_sub(spent(&exact, &main, other_nodes));
                let time_left = budget.timeout.map(|t| t.saturating_sub(started.elapsed()));
                let limit = Budget { max_nodes: Some(room), timeout: time_left, max_memory: quarter, threads: 1 };
                let report = beam::search(pos, width, moves, beam::Measure::for_rules(rules), &limit);
                other_nodes += report.nodes;
                if report.outcome.verdict() != Verdict::Won {
                    // A beam that ran dry or out of room says nothing of
                    // the passes; the exact search's next slice sees the
                    // clock.
                    continue;
                }
                (report, false)
            }
        };
        match quick {
            // Out of nodes for now: the passes go on.
            (Report { outcome: Outcome::Unknown(Limit::Nodes), .. }, false) => {}
            // A win; or the passes looked everywhere or ran out of time or
            // memory with the exact search stopped before: nothing goes on.
            (report, _) if matches!(report.outcome, Outcome::Won(_)) || !exact_on => {
                best.note_exact(&exact);
                best.note(&main);
                let report = Report { nodes: spent(&exact, &main, other_nodes), elapsed: started.elapsed(), ..report };
                return (report, best);
            }
            // Looked everywhere, or out of time or memory: no more passes.
            _ => passes_on = false,
        }
    }
    unreachable!("the schedule has no end")
}
