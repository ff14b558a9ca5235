//! Par: the most cards a position can bring to the foundations.
//!
//! A won deal's par is every card. A lost one still has a par, and in
//! Lasker, whose default rules lose every deal, the par is what the player
//! plays for. [`par`] gives the most cards on the foundations in any
//! position reachable from the given one (not only in the final one: in
//! Harmony cards come back down), with a line of moves that gets there,
//! replayed through [`Position::play`] before it is returned. When the
//! budget runs out first the figure is a lower bound, marked as one
//! (`exact: false`), beside an upper bound from the deadlock proof's loose
//! game ([`crate::deadlock::most_cards_up`]).
//!
//! ```
//! use patience_core::{presets, Position};
//! use patience_solver::{par::par, Budget};
//!
//! let pos = Position::deal(presets::find("lasker").unwrap(), 1);
//! let par = par(&pos, &Budget::default().with_nodes(200_000));
//! assert!(par.best <= par.upper && par.upper <= par.total);
//! println!("{} of {} cards{}", par.best, par.total, if par.exact { "" } else { " at least" });
//! ```
//!
//! # How
//! First [`crate::solve`] with half the budget (unless the upper bound
//! already rules out a win): a win makes the par every card, exactly. Then
//! the exact search in *par mode* with the rest: it records the foundation
//! count of every node it expands, keeps the steps to the first node with
//! the most, and stops early when that reaches the upper bound. Having
//! searched the whole reachable space, it knows the maximum exactly.
//!
//! # Which of the solver's reductions keep the maximum
//! The solver's reductions are proven to keep every *win*; the par needs
//! more, that every *count of cards up* reached by some line is reached (or
//! beaten) at a node the reduced search visits. Each was checked for that:
//!
//! - **Compound stock moves: kept.** The positions a compound step passes
//!   through (draws) have the node's foundations: a draw that sends a card
//!   up by itself ends the walk with a step of its own, whose node is
//!   counted. Of two ways to the same waste card the one with fewer passes
//!   used can do everything the other can, so it reaches every count the
//!   other does.
//! - **Canonical keys: kept.** Positions sharing a key have the same
//!   foundations and reach the same positions up to the same changes
//!   (column order, which of a suit's two foundations is which, a pass
//!   counter or waste boundary that can be reached back), so the count
//!   recorded at the first of them stands for all.
//! - **Safe foundation moves: kept.** They are played only where cards
//!   never come back from the foundations. The proof in [`crate::safe`]
//!   turns any line `L` from the position `P` into a line `L'` from `P'`
//!   (the position after the safe move of `c`) by dropping the moves of `c`;
//!   along it, every foundation holds at least what it holds at the same
//!   point of `L` (`c`'s is one card ahead until `L` puts `c` up, an Ace
//!   turned up earlier goes up earlier), so wherever `L` has `k` cards up,
//!   `L'` has at least `k`. And `P'` is reached from `P`, so the two share
//!   their maximum.
//! - **Move pruning: kept.** [`crate::move_pruning`] proves that the
//!   search still expands every position the full search expands (it
//!   only leaves out moves into positions reached another way), so it
//!   sees every count.
//! - **Twin keys and twin moves (Harmony): kept.** [`crate::twins`] proves
//!   that from any member of a class of twin-equivalent positions the
//!   reduced search has a step into every class some member reaches in one
//!   move (the compound twin step passes through a member of the same class
//!   before its foundation move), so it visits every class the full search
//!   reaches. Twin-equivalent positions differ only in what lies on two
//!   tableau cards: the same foundations, the same count.
//! - **Pending cards (Harmony): off.** Their proof postpones moves of a
//!   card `X` within a *winning* line; a line to a best position ends
//!   wherever it is best, and a move postponed past its end changes which
//!   cards show (taking `X` off the waste shows the card under it, which may
//!   go up by itself). Rather than rest on a proof made for wins, the
//!   engine's par mode does without them. Where the class search applies
//!   (Harmony, Klondike draw 1) it is the par search, pending cards and
//!   dominant cards included: it has no waste order, which is what the
//!   objection above rests on (see the module `exact`).
//! - **Deadlock proof at the root: not a verdict here.** A position it
//!   proves lost still has a par; its loose game gives the upper bound.
//! - **Win-finding passes: only inside [`crate::solve`]**, where they look
//!   for a win. Par mode is the exact search alone.
//! - **Lines of the exact search** (`Searcher::fork`): not used; one line.
//! - **Dominant cards: only in the class search** (the same argument as
//!   pending cards, in the module `exact`).

use std::time::{Duration, Instant};

use patience_core::{Move, Position};

use crate::driver::{self, Best};
use crate::exact::Exact;
use crate::search::SearchKind;
use crate::{Budget, Limit, Outcome};

/// Nodes of the par search before its first look at whether its best has
/// reached the upper bound; the slices between looks double up to
/// [`LAST_SLICE`].
const FIRST_SLICE: u64 = 1_000;
const LAST_SLICE: u64 = 64_000;

/// The most cards a position can bring to the foundations, and what finding
/// it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    /// The most cards on the foundations in any position reached: exact, or
    /// a lower bound when `exact` is false.
    pub best: usize,
    /// True when the whole reachable space was searched, or `best` reaches
    /// `upper` (every card, for a won position).
    pub exact: bool,
    /// Cards in the game.
    pub total: usize,
    /// No reachable position has more cards up than this (the loose game of
    /// [`crate::deadlock`]; every card when it proves nothing).
    pub upper: usize,
    /// Moves from the position to one with `best` cards up (draws and
    /// redeals included, the engine's automatic moves left out), checked by
    /// replaying them through [`Position::play`].
    pub line: Vec<Move>,
    /// Which part of the budget ran out, when `exact` is false.
    pub stopped: Option<Limit>,
    /// Positions generated, by the solve and the par search together.
    pub nodes: u64,
    pub elapsed: Duration,
}

impl Par {
    /// Whether every card can go up.
    pub fn winnable(&self) -> bool {
        self.best == self.total
    }
}

/// The par of `pos` within `budget` (see the module docs for how): the most
/// cards on the foundations in any position reachable from it.
pub fn par(pos: &Position, budget: &Budget) -> Par {
    search(pos, budget, true)
}

/// The par of `pos`, known not to be winnable (a `solve` said `Lost`): the
/// par search alone, with the whole budget. Were `pos` winnable after all,
/// the answer would still be right, only slower to come.
pub fn par_of_lost(pos: &Position, budget: &Budget) -> Par {
    search(pos, budget, false)
}

/// [`par`], looking for a win with half the budget first when `look_for_win`.
fn search(pos: &Position, budget: &Budget, look_for_win: bool) -> Par {
    let started = Instant::now();
    let rules = pos.rules();
    let total = rules.card_count();
    let upper = crate::deadlock::most_cards_up(pos).max(pos.cards_on_foundations());
    let done = |best: usize, line: Vec<Move>, exact: bool, stopped: Option<Limit>, nodes: u64| Par {
        best,
        exact,
        total,
        upper,
        line,
        stopped: if exact { None } else { stopped },
        nodes,
        elapsed: started.elapsed(),
    };
    if pos.is_won() {
        return done(total, Vec::new(), true, None, 0);
    }
    let mut nodes = 0;
    // The most cards up that the solve's searches saw: a lower bound.
    let mut seen = Best { cards: pos.cards_on_foundations(), line: Vec::new() };
    if look_for_win && upper == total {
        // A win settles it; half the budget looks for one.
        let half = Budget {
            max_nodes: budget.max_nodes.map(|n| n / 2),
            timeout: budget.timeout.map(|t| t / 2),
            ..budget.clone()
        };
        let (report, best) = driver::solve_noting_best(pos, &half);
        nodes = report.nodes;
        if let Outcome::Won(line) = report.outcome {
            return done(total, line, true, None, nodes);
        }
        seen = best;
    }
    let cap = budget.max_nodes.map_or(u64::MAX, |n| n.saturating_sub(nodes));
    let rest = Budget {
        max_nodes: Some(0),
        timeout: budget.timeout.map(|t| t.saturating_sub(started.elapsed())),
        max_memory: budget.max_memory,
        threads: 1,
    };
    let mut searcher = Exact::for_root(pos, &rest, SearchKind::Par);
    let mut slice = FIRST_SLICE;
    let outcome = match searcher.begin(pos) {
        Some(report) => report.outcome,
        None => loop {
            if searcher.best().max(seen.cards) >= upper {
                // Nothing reachable has more: the best is exact.
                break Outcome::Lost;
            }
            searcher.allow_nodes(cap.min(searcher.nodes().saturating_add(slice)));
            slice = (slice * 2).min(LAST_SLICE);
            let report = searcher.resume();
            if report.outcome != Outcome::Unknown(Limit::Nodes) || searcher.nodes() >= cap {
                break report.outcome;
            }
        },
    };
    nodes += searcher.nodes();
    let (exact, stopped) = match outcome {
        // Already replayed to a win by the search.
        Outcome::Won(line) => return done(total, line, true, None, nodes),
        // The whole space searched (or the upper bound reached).
        Outcome::Lost => (true, None),
        Outcome::Unknown(limit) => (false, Some(limit)),
    };
    // The par search's own best, unless a search of the solve saw more (it
    // cannot have when the par search searched everything).
    debug_assert!(!exact || searcher.best() >= seen.cards || seen.cards >= upper);
    if searcher.best() >= seen.cards {
        seen = Best { cards: searcher.best(), line: searcher.best_line() };
    }
    let exact = exact || seen.cards >= upper;
    checked(pos, seen.cards, seen.line, exact, stopped, nodes, done)
}

/// The par from the search's best and its line, once the line replays to
/// that many cards up; a line that does not (a bug) is never claimed: the
/// position's own count is, as a bound.
fn checked(
    pos: &Position,
    best: usize,
    line: Vec<Move>,
    exact: bool,
    stopped: Option<Limit>,
    nodes: u64,
    done: impl Fn(usize, Vec<Move>, bool, Option<Limit>, u64) -> Par,
) -> Par {
    match replays_to_count(pos, &line) {
        Ok(up) if up == best => done(best, line, exact, stopped, nodes),
        other => {
            debug_assert!(false, "the par line does not replay to {best} cards up: {other:?}");
            done(pos.cards_on_foundations(), Vec::new(), false, stopped.or(Some(Limit::Nodes)), nodes)
        }
    }
}

/// Replays `moves` from `pos` through the engine's checked
/// [`Position::play`]: the cards on the foundations at the end, or the
/// index and error of the first illegal move.
pub fn replays_to_count(pos: &Position, moves: &[Move]) -> Result<usize, (usize, patience_core::IllegalMove)> {
    let mut pos = pos.clone();
    for (i, &mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|e| (i, e))?;
    }
    Ok(pos.cards_on_foundations())
}
