//! The exact search of a solve or a par search, whichever kind serves the
//! position: the class search ([`crate::classes`]) where it applies, which
//! searches Harmony's reduced game over twin classes far faster, else the
//! engine's search ([`crate::search`]).
//!
//! For a par the class search keeps the maximum: its reductions are the
//! exact search's twin classes, pending cards and dominant cards, and along
//! any line (not only a winning one) the proofs of [`crate::dominance`]
//! and [`crate::pending`] give a line of the reduced game with at least as
//! many cards up at each point (the extra dominant cards are up; a postponed
//! card is in the talon, or still up when it came from a foundation). The
//! engine's par mode does without pending cards because a postponed talon
//! card changes which card shows on the waste, and a card that shows may go
//! up by itself; the class search has no waste order, and sends every
//! dominant card up from anywhere in the talon (every card the rules send
//! up by themselves is dominant), so that difference does not arise there.
//! `tests/it/par.rs` checks its pars against the plain exhaustive maximum
//! on Harmony-like decks.

use patience_core::{Move, Position};

use crate::classes::{ClassSearch, Layout};
use crate::search::{SearchKind, Searcher};
use crate::{Budget, Report};

/// The exact search of a solve or a par search: the class search where it
/// applies, else the engine's search of that kind.
pub(crate) enum Exact {
    Engine(Box<Searcher>),
    Classes(Box<ClassSearch>),
}

impl Exact {
    /// `kind` is [`SearchKind::Exact`] or [`SearchKind::Par`]; the class
    /// search serves both (see the module docs).
    pub fn for_root(pos: &Position, budget: &Budget, kind: SearchKind) -> Exact {
        if Layout::applies(pos) {
            let search = ClassSearch::new(pos, budget);
            Exact::Classes(Box::new(if kind == SearchKind::Par { search.for_par() } else { search }))
        } else {
            Exact::Engine(Box::new(Searcher::new(pos.rules(), budget, kind)))
        }
    }

    /// The most cards up at any node so far.
    pub fn best(&self) -> usize {
        match self {
            Exact::Engine(searcher) => searcher.best(),
            Exact::Classes(search) => search.best(),
        }
    }

    /// The moves from the root to the first node with [`Exact::best`] cards up.
    pub fn best_line(&self) -> Vec<Move> {
        match self {
            Exact::Engine(searcher) => searcher.best_line(),
            Exact::Classes(search) => search.best_line(),
        }
    }

    pub fn begin(&mut self, pos: &Position) -> Option<Report> {
        match self {
            Exact::Engine(searcher) => searcher.begin(pos),
            Exact::Classes(search) => search.begin(pos),
        }
    }

    pub fn resume(&mut self) -> Report {
        match self {
            Exact::Engine(searcher) => searcher.resume(),
            Exact::Classes(search) => search.resume(),
        }
    }

    pub fn allow_nodes(&mut self, nodes: u64) {
        match self {
            Exact::Engine(searcher) => searcher.allow_nodes(nodes),
            Exact::Classes(search) => search.allow_nodes(nodes),
        }
    }

    pub fn nodes(&self) -> u64 {
        match self {
            Exact::Engine(searcher) => searcher.nodes(),
            Exact::Classes(search) => search.nodes(),
        }
    }

    /// A new line of the engine's search (see `Searcher::fork`); the class
    /// search keeps one.
    pub fn fork(&mut self, seed: u64) {
        if let Exact::Engine(searcher) = self {
            searcher.fork(seed);
        }
    }

    pub fn rotate(&mut self) {
        if let Exact::Engine(searcher) = self {
            searcher.rotate();
        }
    }
}
