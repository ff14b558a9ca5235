//! The depth-first search behind [`crate::solve`]: one traversal, its
//! stack of lines, its table and its budget. The kinds of search and the
//! reductions each uses are in [`reductions`], the expansion of a node into
//! its steps in `expand`, a line's stack of nodes and the positions it
//! keeps in [`stack`], the exact search on several threads in
//! [`parallel`].

mod expand;
mod parallel;
mod reductions;
mod stack;
#[cfg(test)]
mod tests;

pub(crate) use parallel::LineTurn;
pub(crate) use reductions::{Reductions, SearchKind};

use std::collections::VecDeque;
use std::time::Instant;

use patience_core::rules::AutomaticMoves;
use patience_core::{Card, Move, MoveList, Pile, Position, Rules};

use crate::compact_key::CompactKeys;
use crate::key::{arrangement_free, canonical, twin_canonical};
use crate::move_pruning::Quiet;
use crate::safe::SafeMoves;
use crate::shared_table::SharedTable;
use crate::step::Step;
use crate::table::Table;
use crate::{pair_key, pending};
use crate::{Budget, Limit, Outcome, Report};
use parallel::Pool;
use stack::{Frame, Stack};

pub(crate) struct Searcher {
    root: Option<Position>,
    budget: Budget,
    safe: SafeMoves,
    automatic_moves: bool,
    /// Whether moves that only repeat a position are left out (move pruning
    /// and the redundant moves into spaces); off only in tests that check
    /// that leaving them out changes nothing.
    leave_out_repeats: bool,
    /// Table bytes from which keys are worked out ahead
    /// ([`Searcher::key_ahead`]); `None` for the default, set only by
    /// tests.
    key_ahead_from: Option<usize>,
    table: SearchTable,
    /// With other threads on the same search: what they share besides the
    /// table (see [`parallel`]).
    pool: Option<std::sync::Arc<Pool>>,
    /// With other threads: this one's number.
    thread: usize,
    /// Bytes of the budget held elsewhere, counted against it with this
    /// search's table and stack: the other threads' stacks when it last
    /// looked, or the shared table being made ready before they start
    /// (see [`Searcher::hold_elsewhere`]).
    elsewhere_bytes: usize,
    nodes: u64,
    started: Instant,
    /// The active line of search: its stack of nodes and their steps.
    stack: Stack,
    /// The exact search's other lines (see [`Searcher::fork`]), next first.
    parked: VecDeque<Line>,
    /// Which kind of search this is.
    kind: SearchKind,
    /// The reductions it uses, worked out for the root at
    /// [`Searcher::begin`].
    reductions: Reductions,
    /// Nonzero: each move's ordering score gets a pseudo-random nudge of up
    /// to [`NOISE`], drawn from this seed (for restarts in win-finding mode;
    /// up to [`LINE_NOISE`] in the exact search's forked lines).
    noise: u64,
    /// The most cards on the foundations at any node so far, and the steps
    /// from the settled root to the first node that had them (noted in
    /// every mode, for [`mod@crate::par`]).
    best: usize,
    best_steps: Vec<Step>,
}

/// A line of the exact search that is not running: its stack and the
/// ordering noise it expands nodes with.
struct Line {
    stack: Stack,
    noise: u64,
}

/// The table of a search: its own, or one shared with other threads.
enum SearchTable {
    Own(Table),
    Shared(SharedTable),
}

impl SearchTable {
    /// Records `key` (see [`Table::insert`] and [`SharedTable::insert`]).
    #[inline]
    fn insert(&mut self, key: u128, besides: usize) -> Result<bool, Limit> {
        match self {
            SearchTable::Own(table) => table.insert(key, besides),
            SearchTable::Shared(table) => table.insert(key),
        }
    }

    #[inline]
    fn prefetch(&self, key: u128) {
        match self {
            SearchTable::Own(table) => table.prefetch(key),
            SearchTable::Shared(table) => table.prefetch(key),
        }
    }

    fn len(&self) -> usize {
        match self {
            SearchTable::Own(table) => table.len(),
            SearchTable::Shared(table) => table.len(),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            SearchTable::Own(table) => table.bytes(),
            SearchTable::Shared(table) => table.bytes(),
        }
    }
}

impl Searcher {
    pub fn new(rules: &'static Rules, budget: &Budget, kind: SearchKind) -> Searcher {
        Searcher::with_safe_moves(rules, budget, kind, SafeMoves::new(rules))
    }

    pub fn with_safe_moves(rules: &'static Rules, budget: &Budget, kind: SearchKind, safe: SafeMoves) -> Searcher {
        let started = Instant::now();
        Searcher {
            root: None,
            budget: budget.clone(),
            safe,
            automatic_moves: rules.automatic_moves != AutomaticMoves::None,
            leave_out_repeats: true,
            key_ahead_from: None,
            table: SearchTable::Own(Table::new(budget.max_memory).with_deadline(budget.deadline(started))),
            pool: None,
            thread: 0,
            elsewhere_bytes: 0,
            nodes: 0,
            started,
            stack: Stack::new(1),
            parked: VecDeque::new(),
            kind,
            reductions: Reductions::without_root(kind, rules),
            noise: 0,
            best: 0,
            best_steps: Vec::new(),
        }
    }

    /// The most cards on the foundations at any node so far.
    pub fn best(&self) -> usize {
        self.best
    }

    /// The moves from the root to the first node with
    /// [`Searcher::best`] cards up (the safe moves on the way included).
    pub fn best_line(&self) -> Vec<Move> {
        let root = self.root.as_ref().expect("begin() before best_line()");
        self.line(root, &self.best_steps)
    }

    /// Perturbs the move ordering with `seed` (0: none).
    pub fn noise(mut self, seed: u64) -> Searcher {
        self.noise = seed;
        self
    }

    fn report(&self, outcome: Outcome) -> Report {
        let threads = self.pool.as_ref().map_or(1, |pool| pool.threads());
        Report { outcome, nodes: self.nodes, stored: self.table.len() as u64, elapsed: self.started.elapsed(), threads }
    }

    /// The transposition key outside the win-finding pass with
    /// arrangement-free keys.
    #[inline]
    fn exact_key(&self, pos: &Position) -> u128 {
        if let Some(keys) = &self.reductions.compact_keys {
            keys.key(pos)
        } else if self.reductions.pair_keys {
            pair_key::key(pos)
        } else if self.reductions.twin_keys {
            twin_canonical(pos)
        } else {
            canonical(pos)
        }
    }

    /// The table key of the position `pos`, a pending node if `pending` is
    /// its pending card, outside the win-finding pass with arrangement-free
    /// keys.
    #[inline]
    fn node_key(&self, pos: &Position, pending: Option<Card>) -> u128 {
        let key = self.exact_key(pos);
        match pending {
            Some(x) if self.reductions.compact_keys.is_some() => CompactKeys::pending_key(key, x),
            Some(x) => pending::node_key(key, x),
            None => key,
        }
    }

    /// Records `key`; `Ok(false)` if it was already there, `Err` when the
    /// table may not grow.
    #[inline]
    fn store(&mut self, key: u128) -> Result<bool, Limit> {
        self.table.insert(key, self.stack_bytes() + self.elsewhere_bytes)
    }

    /// Counts `bytes` held elsewhere for this search (the shared table
    /// being made ready) against its budget, until it goes parallel.
    pub fn hold_elsewhere(&mut self, bytes: usize) {
        self.elsewhere_bytes = bytes;
    }

    /// Bytes the search's stacks take, with the copy of the line to the
    /// most cards up (as deep as a line can be): a depth-first line can be
    /// millions of moves long (Warfield, Lasker classic), so they count
    /// against [`Budget::max_memory`] with the table. Counted by the
    /// vectors' capacities: the memory they hold is what the process uses.
    fn stack_bytes(&self) -> usize {
        self.parked.iter().map(|l| l.stack.bytes()).sum::<usize>()
            + self.stack.bytes()
            + self.best_steps.capacity() * std::mem::size_of::<Step>()
    }

    /// How many frames apart the stack keeps positions (see [`stack`]):
    /// every one, except where pair keys apply, whose lines run deepest
    /// and whose moves are cheap to play again.
    fn spacing(&self) -> usize {
        if self.reductions.pair_keys {
            POSITION_SPACING
        } else {
            1
        }
    }

    pub fn run(mut self, root: &Position) -> Report {
        self.search(root)
    }

    /// [`Searcher::run`], keeping the searcher (for [`Searcher::best`]).
    pub fn search(&mut self, root: &Position) -> Report {
        match self.begin(root) {
            Some(report) => report,
            None => self.resume(),
        }
    }

    /// Sets the search up at `root`; a report if that already decides it.
    pub fn begin(&mut self, root: &Position) -> Option<Report> {
        self.root = Some(root.clone());
        self.reductions = Reductions::for_root(self.kind, root, self.leave_out_repeats);
        self.stack = Stack::new(self.spacing());
        let mut moves = MoveList::new();
        let mut pos = root.clone();
        self.settle(&mut pos, &mut moves, &mut |_| {});
        self.best = pos.cards_on_foundations();
        self.best_steps.clear();
        if pos.is_won() {
            return Some(self.won(root, None));
        }
        // The loose game is too weak to cut inner nodes (on lost Harmony
        // deals it cut none of millions), but it settles some deals whose
        // exact search would run for minutes.
        if self.kind != SearchKind::Par && crate::deadlock::proven_lost(&pos) {
            return Some(self.report(Outcome::Lost));
        }
        let key = if self.reductions.arrangement_free_keys { arrangement_free(&pos) } else { self.exact_key(&pos) };
        if let Err(limit) = self.store(key) {
            return Some(self.report(Outcome::Unknown(limit)));
        }
        self.push_root(pos, &moves);
        None
    }

    /// Pushes the settled root `pos` (whose legal moves are `moves`) as the
    /// first frame of the active line.
    fn push_root(&mut self, pos: Position, moves: &MoveList) {
        let start = self.stack.steps.len();
        self.expand(&pos, moves, None, None);
        let end = self.stack.steps.len();
        let key = if self.reductions.pair_keys { pair_key::key(&pos) } else { 0 };
        self.key_ahead(&pos, key, start, end);
        let arrangement_free_key = if self.reductions.arrangement_free_keys { arrangement_free(&pos) } else { 0 };
        self.stack.push(Frame::new(start, end, arrangement_free_key, false), pos, &[]);
    }

    /// Exact search: parks the active line first in turn and starts another
    /// from the root, whose moves are ordered with a strong nudge drawn from
    /// `seed`; [`Searcher::resume`] goes on with the new line, and after a
    /// [`Searcher::rotate`] with the one parked here.
    ///
    /// Depth-first search with a fixed move order is heavy-tailed on won
    /// deals: one early wrong choice can cost millions of nodes before the
    /// search backs out, where a shuffled order may find the same win in a
    /// fraction of them; which line of [`crate::solve`]'s schedule gets
    /// there first is luck. The lines share one table, so
    /// together they still expand each position once: a position is stored
    /// by the line that reaches it first, and that line tries all of its
    /// steps before it leaves it. When every line has run out, the stored
    /// positions hold the root and every successor of each of them, so none
    /// leads to a win: `Lost` is as sound as with one line.
    pub fn fork(&mut self, seed: u64) {
        let (Some(root), false) = (&self.root, self.stack.frames.is_empty() && self.parked.is_empty()) else {
            return; // not begun, or every line has run out
        };
        let mut pos = root.clone();
        let mut moves = MoveList::new();
        self.settle(&mut pos, &mut moves, &mut |_| {});
        let line = self.take_line();
        self.parked.push_front(line);
        self.noise = seed | 1;
        self.push_root(pos, &moves);
    }

    /// Exact search: parks the active line and goes on with the line parked
    /// longest (no change with one line).
    pub fn rotate(&mut self) {
        if !self.parked.is_empty() {
            let line = self.take_line();
            self.parked.push_back(line);
            self.unpark();
        }
    }

    /// The active line, leaving none active.
    fn take_line(&mut self) -> Line {
        let fresh = Stack::new(self.spacing());
        let stack = std::mem::replace(&mut self.stack, fresh);
        Line { stack, noise: self.noise }
    }

    /// Makes the next parked line the active one; false if there is none.
    fn unpark(&mut self) -> bool {
        match self.parked.pop_front() {
            Some(line) => {
                self.stack = line.stack;
                self.noise = line.noise;
                true
            }
            None => false,
        }
    }

    /// Lines of the exact search, the active one included, that have not
    /// run out.
    #[cfg(test)]
    pub fn lines(&self) -> usize {
        1 + self.parked.len()
    }

    /// Raises the node bound to `nodes` (for [`Searcher::resume`]).
    pub fn allow_nodes(&mut self, nodes: u64) {
        self.budget.max_nodes = Some(nodes);
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Bytes the table takes now.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Searches on from where the search stopped (after [`Searcher::begin`]).
    /// Running out of nodes loses nothing: with a higher bound the search
    /// goes on exactly where it left off.
    pub fn resume(&mut self) -> Report {
        let root = self.root.clone().expect("begin() before resume()");
        let root = &root;
        let mut moves = MoveList::new();
        loop {
            let Some(top) = self.stack.frames.last_mut() else {
                // This line has run out; the others go on.
                if self.unpark() {
                    continue;
                }
                let outcome =
                    if self.kind == SearchKind::WinFinding { Outcome::Unknown(Limit::Nodes) } else { Outcome::Lost };
                return self.report(outcome);
            };
            if top.exhausted() {
                self.stack.pop();
                continue;
            }
            if self.budget.max_nodes.is_some_and(|max| self.nodes >= max) {
                return self.report(Outcome::Unknown(Limit::Nodes));
            }
            let step = self.stack.steps[top.take_next()];
            let (parent_free_key, parent_arranging) = (top.arrangement_free_key, top.arranging);

            self.nodes += 1;
            if self.nodes.is_multiple_of(1024) {
                if self.budget.timeout.is_some_and(|t| self.started.elapsed() >= t) {
                    return self.report(Outcome::Unknown(Limit::Time));
                }
                if let Some(pool) = &self.pool {
                    if pool.stopped() {
                        return self.report(Outcome::Unknown(Limit::Nodes));
                    }
                    self.elsewhere_bytes = pool.note_stack_bytes(self.thread, self.stack_bytes());
                    if pool.hungry() {
                        self.share_work();
                    }
                }
            }

            // The key before the safe moves first: a position seen before
            // settles the same way, so most repeats stop here, before any
            // move generation (and, with the key worked out ahead, before
            // the position is even made).
            let mut child_key = step.key;
            if step.key != 0 {
                match self.store(step.key) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(limit) => return self.report(Outcome::Unknown(limit)),
                }
            }
            let mut child = self.stack.top_position().clone();
            apply(&mut child, step, &mut |_| {});
            // A card that stayed where it was played (it may have gone
            // up by itself) must be covered next; if nothing can cover it,
            // the node is a dead end, left before anything else is done
            // (never so when the key was worked out ahead).
            let mut pending = step.pending_in(&child);
            let (mut arrangement_free_key, mut arranging) = (0, false);
            if step.key == 0 {
                if child.is_won() {
                    return self.won(root, Some(step));
                }
                if pending.is_some_and(|x| !pending::can_be_covered(&child, x)) {
                    continue;
                }
                let key = if self.reductions.arrangement_free_keys {
                    arrangement_free_key = arrangement_free(&child);
                    arranging = Frame::fold(arrangement_free_key) == parent_free_key;
                    if arranging && parent_arranging {
                        continue; // one rearranging step at a time
                    }
                    if arranging {
                        canonical(&child) ^ ARRANGING
                    } else {
                        arrangement_free_key
                    }
                } else {
                    self.node_key(&child, pending)
                };
                child_key = key;
                match self.store(key) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(limit) => return self.report(Outcome::Unknown(limit)),
                }
            }
            debug_assert!(
                !self.reductions.pair_keys || child_key == pair_key::key(&child),
                "a pair key worked out ahead differs from the child's"
            );
            // Only for new positions, and before their safe moves.
            let quiet = match step {
                Step { draws: 0, play: Some(mv), uncovered_up: None, .. } if self.reductions.move_pruning => {
                    Quiet::of_step(self.stack.top_position(), &child, mv)
                }
                _ => None,
            };
            let mut settled_moves = MoveList::new();
            self.settle(&mut child, &mut moves, &mut |mv| settled_moves.push(mv));
            let settled = settled_moves.len();
            if settled > 0 {
                if child.is_won() {
                    return self.won(root, Some(step));
                }
                // Cards went up by themselves: a pending card still where it
                // was played keeps the node pending (see `pending`).
                pending = pending.and(step.pending_in(&child));
                if pending.is_some_and(|x| !pending::can_be_covered(&child, x)) {
                    continue;
                }
                let key = if self.reductions.arrangement_free_keys {
                    arrangement_free_key = arrangement_free(&child);
                    arranging = false;
                    arrangement_free_key
                } else {
                    self.node_key(&child, pending)
                };
                child_key = key;
                match self.store(key) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(limit) => return self.report(Outcome::Unknown(limit)),
                }
            }
            if child.cards_on_foundations() > self.best {
                // In every mode (the par takes a lower bound from any
                // search); at most one copy of the line per card, since the
                // best only grows.
                self.best = child.cards_on_foundations();
                self.best_steps.clear();
                self.best_steps.extend(self.stack.line().chain([step]));
            }
            if self.table.bytes() + self.stack_bytes() + self.elsewhere_bytes > self.budget.max_memory {
                return self.report(Outcome::Unknown(Limit::Memory));
            }
            // A quiet step is one after which nothing was settled.
            let quiet = quiet.filter(|_| settled == 0);
            self.stack.make_room();
            let start = self.stack.steps.len();
            self.expand(&child, &moves, pending, quiet);
            let end = self.stack.steps.len();
            self.key_ahead(&child, child_key, start, end);
            let frame = Frame::new(start, end, arrangement_free_key, arranging);
            self.stack.push(frame, child, &settled_moves);
        }
    }

    /// Works out ahead the table keys of the nodes that `steps[start..end]`,
    /// the steps of `pos`, lead to, and asks for their table slots: a node's
    /// lookup is then usually served from the cache when its turn comes
    /// (the table is far larger than the cache, and most of the nodes a
    /// search makes are repeats that stop at that lookup). Not in the
    /// win-finding pass with arrangement-free keys, whose keys depend on
    /// the path; nor for a node that is won or a dead end, which
    /// [`Searcher::resume`] handles as it comes. With pair keys, `key` is
    /// the pair key of `pos`, and the children's keys come from it and
    /// their moves without the children being made.
    fn key_ahead(&mut self, pos: &Position, key: u128, start: usize, end: usize) {
        // Pair keys cost next to nothing ahead, so they are worked out
        // from the first node: a repeat then stops before its position is
        // made, however small the table.
        let from = self.key_ahead_from.unwrap_or(if self.reductions.pair_keys { 0 } else { KEY_AHEAD_FROM });
        if self.reductions.arrangement_free_keys || self.table.bytes() < from {
            return;
        }
        if self.reductions.pair_keys {
            // No talon: the cards still to go up are the tableau's and
            // the reserve's.
            let left = (0..pos.column_count()).map(|c| pos.column(c).len()).sum::<usize>() + pos.reserve().len();
            let last_up = left == 1;
            for step in &mut self.stack.steps[start..end] {
                let mv = step.play.expect("no draws where pair keys apply");
                debug_assert!(step.draws == 0 && step.uncovered_up.is_none() && step.placed.is_none());
                if last_up && matches!(mv, Move::Transfer { to: Pile::AnyFoundation, .. }) {
                    continue; // a win, handled as it comes
                }
                step.key = pair_key::after(pos, key, mv);
                self.table.prefetch(step.key);
            }
            return;
        }
        for i in start..end {
            let step = self.stack.steps[i];
            let mut child = pos.clone();
            apply(&mut child, step, &mut |_| {});
            if child.is_won() {
                continue;
            }
            let pending = step.pending_in(&child);
            if pending.is_some_and(|x| !pending::can_be_covered(&child, x)) {
                continue;
            }
            let key = self.node_key(&child, pending);
            self.table.prefetch(key);
            self.stack.steps[i].key = key;
        }
    }

    /// The winning line: the root's safe moves, then each frame's step and
    /// safe moves, then `last`; checked by replaying it through the engine.
    fn won(&self, root: &Position, last: Option<Step>) -> Report {
        let steps: Vec<Step> = self.stack.line().chain(last).collect();
        let line = self.line(root, &steps);
        match crate::replays_to_win(root, &line) {
            Ok(true) => self.report(Outcome::Won(line)),
            // Unreachable unless the search has a bug; never claim a win
            // that does not replay.
            other => {
                debug_assert!(false, "solution does not replay: {other:?}");
                self.report(Outcome::Unknown(Limit::Nodes))
            }
        }
    }

    /// The moves of `steps` from `root`: the root's safe moves, then each
    /// step and the safe moves after it.
    pub(crate) fn line(&self, root: &Position, steps: &[Step]) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = root.clone();
        let mut moves = MoveList::new();
        let mut record = |mv: Move| line.push(mv);
        self.settle(&mut pos, &mut moves, &mut record);
        for &step in steps {
            apply(&mut pos, step, &mut record);
            self.settle(&mut pos, &mut moves, &mut record);
        }
        line
    }
}

/// Plays `step` on `pos`, calling `record` with each move.
pub(crate) fn apply(pos: &mut Position, step: Step, record: &mut impl FnMut(Move)) {
    for _ in 0..step.draws {
        let mv = if pos.stock().is_empty() { Move::Redeal } else { Move::Draw };
        pos.play_unchecked(mv);
        record(mv);
    }
    for mv in step.play.into_iter().chain(step.uncovered_up) {
        pos.play_unchecked(mv);
        record(mv);
    }
}

/// How many frames apart a stack keeps positions where pair keys apply
/// (see [`stack`]).
const POSITION_SPACING: usize = 8;

/// Table bytes from which [`Searcher::key_ahead`] works keys out ahead: a
/// smaller table stays in the cache, where a lookup is cheap and making a
/// new node twice (ahead, and when its turn comes) is not.
const KEY_AHEAD_FROM: usize = 8 << 20;

/// Marks the key of a position reached by a rearranging step in the
/// win-finding pass with arrangement-free keys.
const ARRANGING: u128 = 0x5f3a_9e1c_27d4_b860_0c1e_7a93_d2f5_468b;
