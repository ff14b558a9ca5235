//! Thoughtful solver for every patience game (each game and variant of
//! `docs/RULES.md`): with every card known, can this position be won, and
//! how?
//!
//! ```
//! use patience_core::{presets, Position};
//! use patience_solver::{solve, Budget, Outcome};
//! use std::time::Duration;
//!
//! let rules = presets::find("harmony").unwrap();
//! let pos = Position::deal(rules, 1);
//! let report = solve(&pos, &Budget::default().with_timeout(Duration::from_secs(10)));
//! if let Outcome::Won(moves) = &report.outcome {
//!     let mut replay = pos.clone();
//!     for &mv in moves {
//!         replay.play(mv).unwrap();
//!     }
//!     assert!(replay.is_won());
//! }
//! println!("{} after {} nodes in {:?}", report.outcome.verdict(), report.nodes, report.elapsed);
//! ```
//!
//! The verdict is never wrong: a [`Outcome::Won`] solution has been replayed
//! through [`Position::play`] to a win before it is returned, and
//! [`Outcome::Lost`] is only given when the whole reachable space was searched
//! (up to the provably safe reductions listed below); a search that runs out
//! of its [`Budget`] says [`Outcome::Unknown`] and why.
//!
//! # How it searches
//! Depth-first search over positions of the engine (`patience-core`), whose
//! move generator alone decides legality. What makes it fast:
//! - **Compound stock moves.** Drawing and redealing are never search nodes of
//!   their own: a node's successors are "play a move now" and "draw (and
//!   redeal) until the waste shows card X, then play X", for every waste card
//!   reachable this way. Any game is a sequence of such steps, so nothing is
//!   lost; of two ways to reach the same waste card the one using fewer passes
//!   is kept (it can do everything the other can).
//! - **Transposition table** of 128-bit fingerprints of a canonical form of
//!   the position: columns sorted (every column rule of every game treats
//!   columns alike), the two foundations of a suit sorted in two-deck games,
//!   the pass counter dropped with unlimited passes and so is the waste/stock
//!   boundary wherever every boundary can reach every other (draw 1). Moves
//!   that only undo each other, and moves that only permute columns, lead to
//!   a position already in the table and are cut there. The table is one
//!   flat open-addressing array of fingerprints, doubled when 70% full and
//!   bounded by [`Budget::max_memory`]; when full the verdict is
//!   `Unknown(Memory)`. A position's key is looked up before its moves are
//!   generated, so the many repeats cost no move generation.
//! - **Pair keys** (see `pair_key`; Warfield, Lasker: one deck, every card
//!   face up, no talon): the key is a XOR of one random term per tableau
//!   card and the card under it, plus the foundations and the reserve's
//!   height. It forgets the column order as the canonical form does, and a
//!   move changes two to four terms, so every child's key is worked out
//!   from its parent's before the child is made, and a repeat costs no copy
//!   of the position and no move played.
//! - **Safe foundation moves**, played without branching (see [`safe`]): a
//!   card goes up at once when no card that could ever be built on it is left
//!   off the foundations, in games where cards never come back from the
//!   foundations. Harmony's automatic moves are made by the engine itself.
//! - **Twin keys** (see [`twins`], Harmony): positions are keyed up to
//!   swapping what lies on two face-up cards of one rank and colour, and a
//!   partial run move is made only together with the foundation move of the
//!   card it uncovers.
//! - **Pending cards** (see [`pending`], Harmony): a card played to the
//!   tableau from the talon or a foundation must be built on by the next
//!   step, since such a move can always wait until then.
//! - **Class search** (see `classes`; Harmony and other Klondike-like games
//!   with draw 1 and unlimited passes): there the exact search runs over the
//!   twin classes themselves, each written as a few bit sets (foundation
//!   heights, talon cards, how much of each dealt column is still in place),
//!   with only the moves that change the class as steps (a column's base
//!   moving off its face-down cards, cards up, talon cards and foundation
//!   cards down onto the tableau), the same pending and dominant cards, and
//!   a node that costs a copy of a few words instead of a whole position.
//!   Its wins are played out step by step in the engine, each step's class
//!   checked, and replayed like every solution.
//! - **Move pruning** (see [`move_pruning`]; the exact and par searches of
//!   Pitchfork, Harp, Die Große Harfe and Lasker): after a quiet move (one
//!   that sends nothing up by itself and uncovers no card that could go
//!   up), the cards it moved are not moved on (the parent reaches that
//!   position in one move), and a quiet move on four other piles is made
//!   only in one order, by a label of cards. Moves into a second space, and
//!   a whole column into a space, are left out everywhere the keys ignore
//!   the column order. The search still expands every position it would
//!   without them: a unit test compares the stored positions of both.
//!
//! - **Move ordering**: foundation moves, moves that turn up a face-down card
//!   (the most face-down cards first), waste and reserve plays, then other
//!   tableau moves (where every card shows, those uncovering the card the
//!   foundations need soonest first), and moves off the foundations last.
//!
//! - **Win-finding passes** (games with face-down cards, or with moves off
//!   the foundations), taking turns with the exact search (the turns are
//!   listed by the `schedule` module): the exact search
//!   runs in slices of doubling size (it resumes where it stopped and loses
//!   nothing), and after each slice a win-finding pass with a doubled node
//!   cap: every other time the pass in the usual move order (which also
//!   resumes), in between a fresh pass in a perturbed move order. With two
//!   decks the exact slices are smaller: those games are too big for the
//!   exact search to exhaust in seconds, and their deals are mostly won;
//!   in Die Große Harfe the pass in the usual order goes on every round
//!   and gets most of the nodes and memory. A pass leaves out moves from
//!   the foundations and tableau moves that neither turn up a card nor
//!   empty a column nor free a card for a foundation; where runs move as a
//!   unit it keys positions without the arrangement of the face-up cards
//!   (face-down counts, foundations, talon), trying one rearranging move at
//!   a time; in Harmony it plays a foundation move at once when both cards
//!   of the other colour one rank lower and the other suit of its colour
//!   two ranks lower are up. None of this is proven to keep every win,
//!   which is why it is only a way to find wins: a win it finds is a real
//!   win (replayed like any other), and only the exact search says `Lost`.
//!   Once a pass has looked everywhere, the exact search has the rest of
//!   the budget.
//!
//! - **Beam search** (see `beam`; Harp, two decks where single cards
//!   move): after each win-finding pass, two breadth-first searches
//!   keeping the positions of each depth that score best on cards up,
//!   stock passes spared and face-down cards turned, with a doubling
//!   width: one tries every move, the other only the pass's moves. They
//!   never say `Lost`; their wins are replayed like the others.
//!
//! - **Lines** (games where every card shows and none leaves the
//!   foundations: Pitchfork, Lasker), where no win-finding pass serves:
//!   the exact search alone in slices of doubling size, every other slice
//!   a new line from the root in a shuffled move order (see
//!   `Searcher::fork`); the lines share one table, so a loss costs the same.
//!
//! - **Deadlock proof** before the search (see [`deadlock`]): a far looser
//!   game, where a card that has moved once stays available for good, is
//!   played out at once; when even it leaves a card stuck, the position is
//!   lost. It settles some deals (Harmony deal 29, for one) whose exact
//!   search runs for minutes.
//!
//! In Lasker the first card played to a foundation sets the base rank; the
//! engine lists every such choice, so the base is part of the search (and no
//! move counts as safe before it is chosen).
//!
//! # Par
//! [`par()`] (module [`mod@par`]) answers a second question: how many cards can
//! this position bring to the foundations at most? Every card for a won
//! one; for a lost one the most in any reachable position, found by the
//! exact search in a par mode that keeps only the reductions shown to keep
//! that maximum, with a line that replays to it; a lower bound, marked as
//! one, when the budget runs out first.

pub mod analysis;
pub mod batch;
mod beam;
pub mod chart;
mod classes;
mod compact_key;
pub mod deadlock;
pub mod dominance;
mod driver;
mod exact;
pub mod honest;
mod huge_pages;
pub mod interchange;
mod key;
pub mod library;
pub mod move_pruning;
mod ordering;
mod pair_key;
pub mod par;
pub mod pending;
#[cfg(test)]
mod playouts;
pub mod safe;
mod schedule;
mod search;
mod shared_table;
pub mod shorten;
mod step;
mod table;
pub mod twins;
pub mod winnable;

use std::fmt;
use std::time::{Duration, Instant};

use patience_core::{Move, Position};

pub use batch::{solve_deals, wilson95, wilson_interval, DealResult, Summary};
pub use par::{par, Par};
use search::SearchKind;

/// Default bound on the transposition table and the search stack: 992 MiB,
/// so that a process solving one deal stays within 1 GiB with the rest of
/// the program.
pub const DEFAULT_MAX_MEMORY: usize = (1 << 30) - (32 << 20);

/// How much a search may spend before it gives up with [`Outcome::Unknown`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions generated (search nodes), if bounded.
    pub max_nodes: Option<u64>,
    /// Wall-clock time, if bounded.
    pub timeout: Option<Duration>,
    /// Bytes the transposition table and the search's stack may use
    /// together (default 992 MiB, so that the whole process stays within 1 GiB). The table doubles as it grows; the search
    /// stops before a doubling, or a step deeper, would pass this bound (a
    /// depth-first line can be millions of positions long).
    pub max_memory: usize,
    /// Threads the exact search may use (default 1). More than one serve
    /// only a solve without a node bound in the games where every card
    /// shows and the exact search alone decides (Pitchfork, Lasker), once
    /// it has run for a while; see [`solve`].
    pub threads: usize,
}

impl Default for Budget {
    /// No node or time bound, and [`DEFAULT_MAX_MEMORY`].
    fn default() -> Budget {
        Budget { max_nodes: None, timeout: None, max_memory: DEFAULT_MAX_MEMORY, threads: 1 }
    }
}

impl Budget {
    pub fn with_nodes(mut self, nodes: u64) -> Budget {
        self.max_nodes = Some(nodes);
        self
    }

    pub fn with_timeout(mut self, timeout: Duration) -> Budget {
        self.timeout = Some(timeout);
        self
    }

    pub fn with_memory(mut self, bytes: usize) -> Budget {
        self.max_memory = bytes;
        self
    }

    pub fn with_threads(mut self, threads: usize) -> Budget {
        self.threads = threads.max(1);
        self
    }

    /// When a search that began at `started` must stop, if ever.
    pub(crate) fn deadline(&self, started: Instant) -> Option<Instant> {
        self.timeout.and_then(|t| started.checked_add(t))
    }
}

/// Which part of the budget ran out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    Nodes,
    Time,
    Memory,
}

impl Limit {
    pub fn as_str(self) -> &'static str {
        match self {
            Limit::Nodes => "nodes",
            Limit::Time => "time",
            Limit::Memory => "memory",
        }
    }
}

/// What the search found out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The position can be won; the moves (draws and redeals included, the
    /// engine's automatic moves left out as they make themselves) replay
    /// through [`Position::play`] to a win.
    Won(Vec<Move>),
    /// Proven: the whole reachable space was searched without a win.
    Lost,
    /// The budget ran out first.
    Unknown(Limit),
}

/// The verdict alone, without the solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    Won,
    Lost,
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Outcome {
    pub fn verdict(&self) -> Verdict {
        match self {
            Outcome::Won(_) => Verdict::Won,
            Outcome::Lost => Verdict::Lost,
            Outcome::Unknown(_) => Verdict::Unknown,
        }
    }

    /// The winning moves, if won.
    pub fn solution(&self) -> Option<&[Move]> {
        match self {
            Outcome::Won(moves) => Some(moves),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won(moves) => write!(f, "won in {} moves", moves.len()),
            Outcome::Lost => f.write_str("lost"),
            Outcome::Unknown(limit) => write!(f, "unknown ({} budget ran out)", limit.as_str()),
        }
    }
}

/// A search's result and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    /// Positions generated.
    pub nodes: u64,
    /// Distinct positions stored in the transposition table.
    pub stored: u64,
    pub elapsed: Duration,
    /// Threads the search ended on: 1, unless the exact search went on
    /// with more (see [`Budget::threads`]).
    pub threads: usize,
}

/// Solves `pos` within `budget` (see the crate docs for how).
pub fn solve(pos: &Position, budget: &Budget) -> Report {
    driver::solve_noting_best(pos, budget).0
}

/// The win-finding search alone (see [`solve`]): it looks for a win among
/// the moves that usually matter, fast, and never answers `Lost`; when it
/// has looked everywhere it answers `Unknown(Nodes)` (`Lost` only when the
/// [`deadlock`] proof shows it at the start).
pub fn find_win(pos: &Position, budget: &Budget) -> Report {
    search::Searcher::new(pos.rules(), budget, SearchKind::WinFinding).run(pos)
}

/// Solves `pos` by the exact search alone, without the win-finding pass
/// that [`solve`] runs first in games with face-down cards.
pub fn solve_exact(pos: &Position, budget: &Budget) -> Report {
    search::Searcher::new(pos.rules(), budget, SearchKind::Exact).run(pos)
}

/// Solves `pos` by the class search alone (see the crate docs), where it
/// applies (Solitaire Harmony and other Klondike-like games with draw 1 and
/// unlimited passes); `None` elsewhere.
pub fn solve_by_classes(pos: &Position, budget: &Budget) -> Option<Report> {
    classes::Layout::applies(pos).then(|| classes::ClassSearch::new(pos, budget).run(pos))
}

/// Replays `moves` from `pos` through the engine's checked [`Position::play`];
/// `Ok(true)` if they end in a win, or the index and error of the first
/// illegal move.
pub fn replays_to_win(pos: &Position, moves: &[Move]) -> Result<bool, (usize, patience_core::IllegalMove)> {
    let mut pos = pos.clone();
    for (i, &mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|e| (i, e))?;
    }
    Ok(pos.is_won())
}
