//! The class search: the exact search of Solitaire Harmony and other
//! Klondike-like games (one deck, draw 1, unlimited passes) over twin
//! classes written as bit sets, a node costing a copy of a few words.
//!
//! It searches the very game the engine's exact search does with the twin,
//! pending and dominance reductions ([`crate::twins`], [`crate::pending`],
//! [`crate::dominance`], whose proofs carry over), but on the classes
//! themselves: a class is known from the foundations, the talon's cards and
//! how many of each column's dealt cards are still in place
//! ([`crate::compact_key`]), so a node is that and nothing else, and its
//! steps are the moves that change the class:
//! - a column's *base* (the face-up card on its face-down cards) moves with
//!   what lies on it, turning a card up (or leaving a space);
//! - a card goes up from the tableau, where some member of the class has it
//!   on top (a twin move first, when the one that fits on it can lie on
//!   its twin instead), from the talon, or comes down from a foundation;
//! - a talon card goes onto the tableau (any talon card is in reach with
//!   draw 1 and unlimited passes, and where the boundary between waste and
//!   stock lies does not change the verdict).
//!
//! Moves of face-up runs that lie on a card (to the card's twin) never
//! leave the class and are not steps. Dominant cards go up as soon as they
//! fit; a card played from the talon or a foundation is pending, as in the
//! engine's search. The search is lonelybot's idea (a Klondike solver):
//! its state encoding and its moves that only reveal; the pending cards
//! here are stronger than its rule after a draw.
//!
//! A win is turned into the engine's moves step by step, checked against
//! the class at every step, and replayed through the engine like every
//! solution.

mod realize;
mod state;

use std::time::Instant;

use patience_core::{Move, Position};

use crate::table::Table;
use crate::{Budget, Limit, Outcome, Report};
pub(crate) use state::Layout;
use state::{State, Step};

struct Frame {
    /// This node's steps are `steps[start..end]`, `steps[next..end]` still
    /// to try.
    start: usize,
    next: usize,
    end: usize,
    /// The step that led here from the parent.
    via: Step,
}

/// A step's outcome, worked out when its parent is expanded: the class it
/// leads to (forced moves made), its pending card, its key.
#[derive(Copy, Clone)]
struct Child {
    state: State,
    pending: Option<u8>,
    key: u64,
}

/// The class search from one root: [`ClassSearch::begin`], then
/// [`ClassSearch::resume`] with a growing node bound.
pub(crate) struct ClassSearch {
    layout: Layout,
    root: Option<Position>,
    budget: Budget,
    table: Table<u64>,
    nodes: u64,
    started: Instant,
    frames: Vec<Frame>,
    steps: Vec<Step>,
    /// What each of `steps` leads to, at the same index.
    children: Vec<Child>,
    /// The most cards up at any node, and the steps to the first that had
    /// them.
    best: usize,
    best_steps: Vec<Step>,
    /// Set if a win could not be played out in the engine (a bug): the
    /// search then never says more than `Unknown`, and never `Lost`.
    failed: bool,
    /// A par search: every reachable class is wanted, so the loose game's
    /// proof of a loss at the root settles nothing.
    for_par: bool,
}

impl ClassSearch {
    /// A class search for `root`, where [`Layout::applies`].
    pub fn new(root: &Position, budget: &Budget) -> ClassSearch {
        let started = Instant::now();
        ClassSearch {
            layout: Layout::of(root),
            root: None,
            budget: budget.clone(),
            table: Table::new(budget.max_memory).with_deadline(budget.deadline(started)),
            nodes: 0,
            started,
            frames: Vec::new(),
            steps: Vec::new(),
            children: Vec::new(),
            best: 0,
            best_steps: Vec::new(),
            failed: false,
            for_par: false,
        }
    }

    /// The search for a par ([`crate::par`]): it goes on where a proof of
    /// loss at the root would stop it.
    pub fn for_par(mut self) -> ClassSearch {
        self.for_par = true;
        self
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn best(&self) -> usize {
        self.best
    }

    /// The engine's moves from the root to the first node with
    /// [`ClassSearch::best`] cards up.
    pub fn best_line(&self) -> Vec<Move> {
        let root = self.root.as_ref().expect("begin() before best_line()");
        realize::line(root, &self.layout, &self.best_steps).unwrap_or_default()
    }

    pub fn allow_nodes(&mut self, nodes: u64) {
        self.budget.max_nodes = Some(nodes);
    }

    fn report(&self, outcome: Outcome) -> Report {
        Report {
            outcome,
            nodes: self.nodes,
            stored: self.table.len() as u64,
            elapsed: self.started.elapsed(),
            threads: 1,
        }
    }

    /// Bytes of the search's stack, counted against the memory budget with
    /// the table.
    fn stack_bytes(&self) -> usize {
        // By capacity: the vectors grow by doubling.
        self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.steps.capacity() * std::mem::size_of::<Step>()
            + self.children.capacity() * std::mem::size_of::<Child>()
    }

    pub fn run(mut self, root: &Position) -> Report {
        match self.begin(root) {
            Some(report) => report,
            None => self.resume(),
        }
    }

    /// Sets the search up at `root`; a report if that already decides it.
    pub fn begin(&mut self, root: &Position) -> Option<Report> {
        self.root = Some(root.clone());
        let layout = &self.layout;
        let mut state = State::of(root, layout);
        state.settle(layout);
        self.best = state.cards_up();
        if state.is_won() {
            return Some(self.won(&[]));
        }
        // As in the engine's search: the loose game settles some deals at
        // once.
        if !self.for_par && crate::deadlock::proven_lost(root) {
            return Some(self.report(Outcome::Lost));
        }
        if let Err(limit) = self.table.insert(state.key(layout, None), 0) {
            return Some(self.report(Outcome::Unknown(limit)));
        }
        let end = self.expand(&state, None);
        self.frames.push(Frame { start: 0, next: 0, end, via: Step::MoveBase(0) });
        None
    }

    /// Searches on from where the search stopped; running out of nodes
    /// loses nothing.
    pub fn resume(&mut self) -> Report {
        if self.failed {
            return self.report(Outcome::Unknown(Limit::Nodes));
        }
        loop {
            let Some(top) = self.frames.last_mut() else {
                return self.report(Outcome::Lost);
            };
            if top.next == top.end {
                let start = top.start;
                self.frames.pop();
                self.steps.truncate(start);
                self.children.truncate(start);
                continue;
            }
            if self.budget.max_nodes.is_some_and(|max| self.nodes >= max) {
                return self.report(Outcome::Unknown(Limit::Nodes));
            }
            let (step, Child { state: child, pending, key }) = (self.steps[top.next], self.children[top.next]);
            top.next += 1;
            self.nodes += 1;
            if self.nodes.is_multiple_of(1024) && self.budget.timeout.is_some_and(|t| self.started.elapsed() >= t) {
                return self.report(Outcome::Unknown(Limit::Time));
            }
            if child.is_won() {
                let mut steps: Vec<Step> = self.frames.iter().skip(1).map(|f| f.via).collect();
                steps.push(step);
                return self.won(&steps);
            }
            // A card played to the tableau that is still there must be
            // covered next (see `pending`).
            if pending.is_some_and(|x| !child.can_be_covered(&self.layout, x)) {
                continue;
            }
            match self.table.insert(key, self.stack_bytes()) {
                Ok(true) => {}
                Ok(false) => continue,
                Err(limit) => return self.report(Outcome::Unknown(limit)),
            }
            if child.cards_up() > self.best {
                self.best = child.cards_up();
                self.best_steps.clear();
                self.best_steps.extend(self.frames.iter().skip(1).map(|f| f.via).chain([step]));
            }
            if self.table.bytes() + self.stack_bytes() > self.budget.max_memory {
                return self.report(Outcome::Unknown(Limit::Memory));
            }
            let start = self.steps.len();
            let end = self.expand(&child, pending);
            self.frames.push(Frame { start, next: start, end, via: step });
        }
    }

    /// Appends the steps of `state` (a pending node if `pending`) and what
    /// each leads to; the end of its steps. Once the table has outgrown the
    /// cache, each child's table slot is asked for ahead of its turn: most
    /// of a search's time is the table's cache misses, which then overlap.
    fn expand(&mut self, state: &State, pending: Option<u8>) -> usize {
        let start = self.steps.len();
        state.steps(&self.layout, pending, &mut self.steps);
        let prefetch = self.table.bytes() >= PREFETCH_FROM;
        for &step in &self.steps[start..] {
            let mut child = *state;
            let placed = child.apply(&self.layout, step);
            child.settle(&self.layout);
            let pending = placed.filter(|&x| child.visible & (1 << x) != 0);
            let key = child.key(&self.layout, pending);
            if prefetch {
                self.table.prefetch(key);
            }
            self.children.push(Child { state: child, pending, key });
        }
        self.steps.len()
    }

    /// The winning line of `steps` from the root, in the engine's moves,
    /// checked by replaying it.
    fn won(&mut self, steps: &[Step]) -> Report {
        let root = self.root.as_ref().expect("begun");
        match realize::line(root, &self.layout, steps) {
            Some(line) if crate::replays_to_win(root, &line) == Ok(true) => self.report(Outcome::Won(line)),
            // Unreachable unless the search has a bug; never claim a win
            // that does not replay.
            other => {
                debug_assert!(false, "the class search's win does not replay: {other:?}");
                self.failed = true;
                self.report(Outcome::Unknown(Limit::Nodes))
            }
        }
    }
}

/// Table bytes from which children's slots are prefetched.
const PREFETCH_FROM: usize = 4 << 20;

#[cfg(test)]
mod tests;
