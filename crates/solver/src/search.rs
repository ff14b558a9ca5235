//! The depth-first search behind [`crate::solve`].

use std::collections::VecDeque;
use std::time::Instant;

use patience_core::rules::{AutomaticMoves, Build, FoundationBase, RunMoves, Space};
use patience_core::{Card, Move, MoveList, Pile, Position, Rules};

use crate::compact_key::CompactKeys;
use crate::dominance;
use crate::key::{arrangement_free, canonical, twin_canonical};
use crate::move_pruning::Quiet;
use crate::ordering::{self, LINE_NOISE, NOISE};
use crate::pending;
use crate::safe::SafeMoves;
use crate::step::Step;
use crate::table::Table;
use crate::twins::{self, TwinMove};
use crate::{Budget, Limit, Outcome, Report};

struct Frame {
    pos: Position,
    /// This node's steps are `steps[next..end]` still to try.
    next: usize,
    end: usize,
    start: usize,
    /// The step that led here from the parent.
    via: Step,
    /// Win-finding pass with arrangement-free keys: this position's
    /// arrangement-free key, and whether the step here only rearranged
    /// face-up cards.
    arrangement_free_key: u128,
    arranging: bool,
}

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
    /// ([`Searcher::key_ahead`]); lowered only by tests.
    key_ahead_from: usize,
    table: Table,
    nodes: u64,
    started: Instant,
    /// The active line of search: its stack of nodes and their steps.
    frames: Vec<Frame>,
    steps: Vec<Step>,
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

/// The kinds of search a [`Searcher`] runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SearchKind {
    /// The exact search: exhausting it proves `Lost`.
    Exact,
    /// A win-finding search with forward pruning (a selective search): it
    /// leaves out moves from the foundations back to the tableau, and
    /// tableau-to-tableau moves that neither turn up a card, nor empty a
    /// column, nor let the card they uncover go to a foundation. It finds
    /// most wins of Klondike-like games much faster, but exhausting it
    /// proves nothing, so it reports an exhausted search as
    /// `Unknown(Nodes)`.
    WinFinding,
    /// The par search (see [`mod@crate::par`], which argues which
    /// reductions keep the maximum): every node's foundation count is
    /// compared with the best so far, and the deadlock proof is not
    /// consulted (a lost position still has a par). Searching the whole
    /// space then ends in `Lost` with [`Searcher::best`] exact.
    Par,
}

/// The reductions a search uses: one value, worked out for its kind and
/// its root by [`Reductions::for_root`] when the search begins. Before that
/// (the beam search borrows a searcher's step generation without a root)
/// only those that follow from the kind and the rules apply
/// ([`Reductions::without_root`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Reductions {
    /// Symmetry reduction by twin keys, in Harmony-like games (exact and
    /// par searches): positions are keyed up to swapping what lies on two
    /// face-up cards of one rank and colour, and a twin move is made only
    /// together with the foundation move of the card it uncovers (proven
    /// safe in [`twins`]).
    pub twin_keys: bool,
    /// Pending cards, in Harmony (exact search): a card put on the tableau
    /// from the talon or a foundation must be built on by the next step
    /// (proven safe in [`pending`]).
    pub pending_cards: bool,
    /// Compact keys instead of twin keys, where they apply (see
    /// [`crate::compact_key`]).
    pub compact_keys: Option<CompactKeys>,
    /// Dominance pruning (exact search with twin keys): dominant cards go
    /// up at once and never come down (see [`crate::dominance`]).
    pub dominance: bool,
    /// Move pruning (see [`crate::move_pruning`]): in the exact and par
    /// searches whose steps are single moves (no twin or pending steps).
    pub move_pruning: bool,
    /// Win-finding search: positions keyed by [`arrangement_free`] (games
    /// where runs move freely).
    pub arrangement_free_keys: bool,
    /// Win-finding search: foundation moves that rarely hurt are played at
    /// once (see [`likely_safe_move`]; games where cards come back from the
    /// foundations).
    pub likely_safe_moves: bool,
}

impl Reductions {
    /// What a search of `kind` under `rules` uses whatever its root.
    pub fn without_root(kind: SearchKind, rules: &Rules) -> Reductions {
        match kind {
            SearchKind::WinFinding => Reductions {
                arrangement_free_keys: rules.run_moves == RunMoves::AnyRun,
                likely_safe_moves: rules.foundation_to_tableau
                    && rules.foundation_base == FoundationBase::Ace
                    && !rules.foundation_wrap
                    && rules.build == Build::DownAlternateColours,
                ..Reductions::default()
            },
            SearchKind::Exact | SearchKind::Par => Reductions::default(),
        }
    }

    /// What a search of `kind` from `root` uses; `leave_out_repeats` off
    /// (only in tests) turns move pruning off.
    pub fn for_root(kind: SearchKind, root: &Position, leave_out_repeats: bool) -> Reductions {
        let twin_keys = kind != SearchKind::WinFinding && twins::prunable(root);
        let pending_cards = kind == SearchKind::Exact && pending::prunable(root);
        Reductions {
            twin_keys,
            pending_cards,
            compact_keys: if twin_keys { CompactKeys::for_root(root) } else { None },
            dominance: kind == SearchKind::Exact && twin_keys && dominance::applies(root),
            move_pruning: leave_out_repeats
                && kind != SearchKind::WinFinding
                && !twin_keys
                && !pending_cards
                && root.rules().automatic_moves != AutomaticMoves::RankComplete,
            ..Reductions::without_root(kind, root.rules())
        }
    }
}

/// A line of the exact search that is not running: its stack and the
/// ordering noise it expands nodes with.
struct Line {
    frames: Vec<Frame>,
    steps: Vec<Step>,
    noise: u64,
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
            key_ahead_from: KEY_AHEAD_FROM,
            table: Table::new(budget.max_memory).with_deadline(budget.deadline(started)),
            nodes: 0,
            started,
            frames: Vec::new(),
            steps: Vec::new(),
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
        Report { outcome, nodes: self.nodes, stored: self.table.len() as u64, elapsed: self.started.elapsed() }
    }

    /// The transposition key outside the win-finding pass with
    /// arrangement-free keys.
    #[inline]
    fn exact_key(&self, pos: &Position) -> u128 {
        if let Some(keys) = &self.reductions.compact_keys {
            keys.key(pos)
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
        self.table.insert(key, self.stack_bytes())
    }

    /// Bytes the search's stack takes: each frame holds a position, and a
    /// depth-first line can be millions of moves long (Lasker classic), so
    /// the stack counts against [`Budget::max_memory`] with the table.
    fn stack_bytes(&self) -> usize {
        let lines = self.parked.iter().map(|l| (l.frames.len(), l.steps.len()));
        lines
            .chain([(self.frames.len(), self.steps.len())])
            .map(|(f, s)| f * std::mem::size_of::<Frame>() + s * std::mem::size_of::<Step>())
            .sum()
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
        let start = self.steps.len();
        self.expand(&pos, moves, None, None);
        let end = self.steps.len();
        self.key_ahead(&pos, start, end);
        let via = Step { draws: 0, play: None, uncovered_up: None, placed: None, score: 0, key: 0 };
        let arrangement_free_key = if self.reductions.arrangement_free_keys { arrangement_free(&pos) } else { 0 };
        self.frames.push(Frame { pos, next: start, end, start, via, arrangement_free_key, arranging: false });
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
        let Some(root) = self.frames.first().or_else(|| self.parked.front().and_then(|l| l.frames.first())) else {
            return; // not begun, or every line has run out
        };
        let pos = root.pos.clone();
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
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
        Line { frames: std::mem::take(&mut self.frames), steps: std::mem::take(&mut self.steps), noise: self.noise }
    }

    /// Makes the next parked line the active one; false if there is none.
    fn unpark(&mut self) -> bool {
        match self.parked.pop_front() {
            Some(line) => {
                self.frames = line.frames;
                self.steps = line.steps;
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

    /// Searches on from where the search stopped (after [`Searcher::begin`]).
    /// Running out of nodes loses nothing: with a higher bound the search
    /// goes on exactly where it left off.
    pub fn resume(&mut self) -> Report {
        let root = self.root.clone().expect("begin() before resume()");
        let root = &root;
        let mut moves = MoveList::new();
        loop {
            let Some(top) = self.frames.last_mut() else {
                // This line has run out; the others go on.
                if self.unpark() {
                    continue;
                }
                let outcome =
                    if self.kind == SearchKind::WinFinding { Outcome::Unknown(Limit::Nodes) } else { Outcome::Lost };
                return self.report(outcome);
            };
            if top.next == top.end {
                let start = top.start;
                self.frames.pop();
                self.steps.truncate(start);
                continue;
            }
            if self.budget.max_nodes.is_some_and(|max| self.nodes >= max) {
                return self.report(Outcome::Unknown(Limit::Nodes));
            }
            let step = self.steps[top.next];
            top.next += 1;
            let (parent_free_key, parent_arranging) = (top.arrangement_free_key, top.arranging);

            self.nodes += 1;
            if self.nodes.is_multiple_of(1024) && self.budget.timeout.is_some_and(|t| self.started.elapsed() >= t) {
                return self.report(Outcome::Unknown(Limit::Time));
            }

            // The key before the safe moves first: a position seen before
            // settles the same way, so most repeats stop here, before any
            // move generation (and, with the key worked out ahead, before
            // the position is even made).
            if step.key != 0 {
                match self.store(step.key) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(limit) => return self.report(Outcome::Unknown(limit)),
                }
            }
            let mut child = self.frames.last().expect("a parent").pos.clone();
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
                    arranging = arrangement_free_key == parent_free_key;
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
                match self.store(key) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(limit) => return self.report(Outcome::Unknown(limit)),
                }
            }
            // Only for new positions, and before their safe moves.
            let quiet = match step {
                Step { draws: 0, play: Some(mv), uncovered_up: None, .. } if self.reductions.move_pruning => {
                    Quiet::of_step(&self.frames.last().expect("a parent").pos, &child, mv)
                }
                _ => None,
            };
            let mut settled = 0;
            self.settle(&mut child, &mut moves, &mut |_| settled += 1);
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
                self.best_steps.extend(self.frames.iter().skip(1).map(|f| f.via).chain([step]));
            }
            if self.table.bytes() + self.stack_bytes() > self.budget.max_memory {
                return self.report(Outcome::Unknown(Limit::Memory));
            }
            // A quiet step is one after which nothing was settled.
            let quiet = quiet.filter(|_| settled == 0);
            let start = self.steps.len();
            self.expand(&child, &moves, pending, quiet);
            let end = self.steps.len();
            self.key_ahead(&child, start, end);
            self.frames.push(Frame { pos: child, next: start, end, start, via: step, arrangement_free_key, arranging });
        }
    }

    /// Works out ahead the table keys of the nodes that `steps[start..end]`,
    /// the steps of `pos`, lead to, and asks for their table slots: a node's
    /// lookup is then usually served from the cache when its turn comes
    /// (the table is far larger than the cache, and most of the nodes a
    /// search makes are repeats that stop at that lookup). Not in the
    /// win-finding pass with arrangement-free keys, whose keys depend on
    /// the path; nor for a node that is won or a dead end, which
    /// [`Searcher::resume`] handles as it comes.
    fn key_ahead(&mut self, pos: &Position, start: usize, end: usize) {
        if self.reductions.arrangement_free_keys || self.table.bytes() < self.key_ahead_from {
            return;
        }
        for i in start..end {
            let step = self.steps[i];
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
            self.steps[i].key = key;
        }
    }

    /// The winning line: the root's safe moves, then each frame's step and
    /// safe moves, then `last`; checked by replaying it through the engine.
    fn won(&self, root: &Position, last: Option<Step>) -> Report {
        let steps: Vec<Step> = self.frames.iter().skip(1).map(|f| f.via).chain(last).collect();
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

    /// Plays the moves made without branching (safe moves, and in the
    /// win-finding pass likely safe ones), calling `record` with each; leaves the
    /// legal moves of the final position in `moves`.
    pub(crate) fn settle(&self, pos: &mut Position, moves: &mut MoveList, record: &mut impl FnMut(Move)) {
        self.safe.settle(pos, moves, record);
        if self.reductions.dominance {
            while let Some(mv) = dominance::forced_move(pos, moves) {
                pos.play_unchecked(mv);
                record(mv);
                moves.clear();
                pos.generate_moves(moves);
            }
        }
        if !self.reductions.likely_safe_moves {
            return;
        }
        while let Some(mv) = likely_safe_move(pos, moves) {
            pos.play_unchecked(mv);
            record(mv);
            moves.clear();
            pos.generate_moves(moves);
        }
    }

    /// [`Searcher::settle`] without listing the legal moves of the final
    /// position where its moves are not needed to settle it: for a search
    /// that lists them only for the positions it keeps ([`crate::beam`]).
    /// `moves` may be overwritten.
    pub(crate) fn settle_position(&self, pos: &mut Position, moves: &mut MoveList, record: &mut impl FnMut(Move)) {
        if self.reductions.likely_safe_moves {
            self.settle(pos, moves, record);
        } else {
            self.safe.play_safe(pos, record);
        }
    }

    /// Appends the steps of the settled position `pos` (whose legal moves
    /// are `moves`) to `out`, best first: for a search that runs this
    /// searcher's move generation from outside ([`crate::beam`]).
    pub(crate) fn successors(&mut self, pos: &Position, moves: &MoveList, out: &mut Vec<Step>) {
        let start = self.steps.len();
        self.expand(pos, moves, None, None);
        out.extend(self.steps.drain(start..));
    }

    /// The card `mv` puts on the tableau from the talon or a foundation,
    /// where pending nodes are used.
    #[inline]
    fn placed_card(&self, pos: &Position, mv: Move) -> Option<Card> {
        if self.reductions.pending_cards {
            pending::played_card(pos, mv)
        } else {
            None
        }
    }

    /// Pushes the step of `mv`, a tableau, waste or foundation move of
    /// `pos` made now: with twin keys a twin move only together with the
    /// foundation move of the card it uncovers, or not at all.
    fn push_transfer(&mut self, pos: &Position, mv: Move) {
        let (uncovered_up, score) = match self.reductions.twin_keys.then(|| twins::classify(pos, mv)) {
            None | Some(TwinMove::NotTwin) => (None, ordering::score(pos, mv, 0)),
            Some(TwinMove::Idle) => return,
            Some(TwinMove::Uncovers(up)) => (Some(up), ordering::TWIN_UP),
        };
        let placed = if uncovered_up.is_none() { self.placed_card(pos, mv) } else { None };
        self.steps.push(Step { draws: 0, play: Some(mv), uncovered_up, placed, score, key: 0 });
    }

    /// Pushes the steps of `pos` (whose legal moves are `moves`) onto
    /// `self.steps`, best first; in a pending node (see [`pending`]) only the
    /// steps that cover `pending`; after the quiet move `last`, not the
    /// moves it prunes (see [`crate::move_pruning`]).
    fn expand(&mut self, pos: &Position, moves: &MoveList, pending: Option<Card>, last: Option<Quiet>) {
        let first = self.steps.len();
        let mut first_stock_move = None;
        // Only where every key ignores the column order (the win-finding
        // pass's arrangement-free key does not).
        let spaces = if self.reductions.arrangement_free_keys || !self.leave_out_repeats {
            Spaces::NONE
        } else {
            Spaces::of(pos)
        };
        for &mv in moves {
            if spaces.redundant(pos, mv) {
                continue;
            }
            if self.reductions.dominance && dominance::comes_down(pos, mv) {
                continue;
            }
            if let Some(last) = last {
                if Quiet::prunes(last, pos, mv) {
                    continue;
                }
            }
            if let Some(x) = pending {
                match mv {
                    Move::Draw | Move::Redeal => first_stock_move = Some(mv),
                    _ if !pending::covers(pos, mv, x) => {}
                    // Covers as in any node: no twin move alone (see
                    // `pending`: the two reductions combine).
                    _ => self.push_transfer(pos, mv),
                }
                continue;
            }
            match mv {
                Move::Transfer { .. }
                    if self.kind == SearchKind::WinFinding
                        && !promising(pos, mv, self.reductions.arrangement_free_keys) => {}
                Move::Transfer { .. } => self.push_transfer(pos, mv),
                Move::Draw | Move::Redeal => first_stock_move = Some(mv),
            }
        }
        if let Some(mut next) = first_stock_move {
            // Go round the stock. A waste boundary seen before (the node's
            // own included) is where this walk already was with no more
            // passes used, so everything from here on was offered already.
            let mut seen: u128 = 1 << pos.waste().len();
            let mut q = pos.clone();
            let mut up = q.cards_on_foundations();
            let mut draws = 0u16;
            let mut here = MoveList::new();
            // The tableau does not change on the way round (a draw that
            // changes anything ends the walk), so its tops are read once.
            // They only serve to skip asking the move generator about a
            // waste card that can certainly go nowhere: not to a
            // foundation, onto no top, and no column is empty.
            let rules = pos.rules();
            let mut tops = [None; 10];
            let mut any_space = false;
            for (c, top) in tops.iter_mut().enumerate().take(pos.column_count()) {
                *top = pos.column(c).last().copied();
                any_space |= top.is_none();
            }
            let kings_only = rules.space == Space::KingOnly;
            loop {
                q.play_unchecked(next);
                draws += 1;
                if self.automatic_moves {
                    let now = q.cards_on_foundations();
                    if now != up {
                        // The draw sent cards up by itself: that is a play
                        // (one that covers no pending card).
                        if pending.is_some() {
                            break;
                        }
                        self.steps.push(Step {
                            draws,
                            play: None,
                            uncovered_up: None,
                            placed: None,
                            score: ordering::draws_sending_up(draws),
                            key: 0,
                        });
                        break;
                    }
                    up = now;
                }
                let w = q.waste().len();
                if seen & (1 << w) != 0 {
                    break;
                }
                seen |= 1 << w;
                let card = q.waste().last().copied();
                let maybe = match pending {
                    // A pending node takes only a waste card that covers `x`.
                    Some(x) => card.is_some_and(|c| rules.builds_on(c, x)),
                    None => {
                        (any_space && !(kings_only && card.is_some_and(|c| c.rank() != rules.king())))
                            || card.is_some_and(|c| {
                                q.foundation_for(c).is_some() || tops.iter().flatten().any(|&t| rules.builds_on(c, t))
                            })
                    }
                };
                if !maybe {
                    // The stock move, as the generator would list it (debug
                    // builds check that it does).
                    let by_rule = stock_move(&q);
                    debug_assert_eq!(
                        by_rule,
                        q.legal_moves().iter().copied().find(|m| matches!(m, Move::Draw | Move::Redeal))
                    );
                    match by_rule {
                        Some(mv) => next = mv,
                        None => break,
                    }
                    continue;
                }
                here.clear();
                q.generate_waste_moves(&mut here);
                debug_assert_eq!(
                    here.as_slice(),
                    q.legal_moves()
                        .iter()
                        .copied()
                        .filter(|m| matches!(m, Move::Draw | Move::Redeal | Move::Transfer { from: Pile::Waste, .. }))
                        .collect::<Vec<_>>()
                );
                let mut again = None;
                for &mv in &here {
                    if spaces.redundant(&q, mv) {
                        continue;
                    }
                    match mv {
                        Move::Transfer { from: Pile::Waste, .. }
                            if pending.is_none_or(|x| pending::covers(&q, mv, x)) =>
                        {
                            let placed = self.placed_card(&q, mv);
                            self.steps.push(Step {
                                draws,
                                play: Some(mv),
                                uncovered_up: None,
                                placed,
                                score: ordering::score(&q, mv, draws),
                                key: 0,
                            })
                        }
                        Move::Draw | Move::Redeal => again = Some(mv),
                        _ => {}
                    }
                }
                match again {
                    Some(mv) => next = mv,
                    None => break,
                }
            }
        }
        let magnitude = if self.kind == SearchKind::WinFinding { NOISE } else { LINE_NOISE };
        ordering::order(&mut self.steps[first..], &mut self.noise, magnitude);
    }
}

/// The empty columns of a position, for leaving out moves into them that
/// only repeat another step's position: every key (see [`crate::key`])
/// ignores the order of the columns, so a move into the second space
/// reaches the key of the same move into the first, and a whole column
/// moved into a space reaches its own parent's. The table would turn both
/// away; leaving them out saves making and keying the position.
#[derive(Copy, Clone)]
struct Spaces {
    /// The first empty column, if any.
    first: Option<u8>,
}

impl Spaces {
    /// Leaves out nothing.
    const NONE: Spaces = Spaces { first: None };

    fn of(pos: &Position) -> Spaces {
        Spaces { first: (0..pos.column_count()).find(|&c| pos.column(c).is_empty()).map(|c| c as u8) }
    }

    /// Whether `mv`, a legal move of `pos` (the position `self` was taken
    /// of, or one whose tableau is the same), only repeats another step's
    /// position: a move into a space other than the first, or of a whole
    /// column into a space.
    #[inline]
    fn redundant(self, pos: &Position, mv: Move) -> bool {
        let (Some(first), Move::Transfer { from, to: Pile::Tableau(d), count }) = (self.first, mv) else {
            return false;
        };
        if !pos.column(d as usize).is_empty() {
            return false;
        }
        d != first || matches!(from, Pile::Tableau(s) if pos.column(s as usize).len() == count as usize)
    }
}

/// The stock move of `pos`: draw while the stock holds cards, else redeal
/// if the waste holds cards and a pass is left.
fn stock_move(pos: &Position) -> Option<Move> {
    if !pos.stock().is_empty() {
        Some(Move::Draw)
    } else if !pos.waste().is_empty() && pos.rules().allows_pass(pos.pass()) {
        Some(Move::Redeal)
    } else {
        None
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

/// Table bytes from which [`Searcher::key_ahead`] works keys out ahead: a
/// smaller table stays in the cache, where a lookup is cheap and making a
/// new node twice (ahead, and when its turn comes) is not.
const KEY_AHEAD_FROM: usize = 8 << 20;

/// Marks the key of a position reached by a rearranging step in the
/// win-finding pass with arrangement-free keys.
const ARRANGING: u128 = 0x5f3a_9e1c_27d4_b860_0c1e_7a93_d2f5_468b;

/// In the win-finding pass of games where cards come back from the
/// foundations, a foundation move of a tableau or waste card of rank `r`
/// once both cards of the other colour of rank `r - 1` and the other suit
/// of its colour up to `r - 2` are up (the usual "safe" rule of worry-back
/// games; not relied on for `Lost`).
fn likely_safe_move(pos: &Position, moves: &MoveList) -> Option<Move> {
    let slots = pos.foundation_slots().min(4);
    moves.iter().copied().find(|&mv| match mv {
        Move::Transfer { from: from @ (Pile::Tableau(_) | Pile::Waste), to: Pile::AnyFoundation, .. } => {
            let Some(card) = pos.available(from) else { return false };
            let r = card.rank() as usize;
            (0..slots).all(|slot| {
                let suit = patience_core::card::Suit::from_index(slot as u8);
                let height = pos.foundation_len(slot);
                if suit.is_red() != card.is_red() {
                    height + 1 >= r
                } else {
                    suit == card.suit() || height + 2 >= r
                }
            })
        }
        _ => false,
    })
}

/// Whether win-finding mode tries `mv`. With arrangement-free keys any
/// partial run move is tried (it is a rearranging step, one at a time).
fn promising(pos: &Position, mv: Move, arrangement_free_keys: bool) -> bool {
    match mv {
        Move::Transfer { from: Pile::Foundation(_), .. } => false,
        Move::Transfer { from: Pile::Tableau(s), to: Pile::Tableau(d), count } => {
            let s = s as usize;
            let up = pos.face_up(s).len();
            if count as usize == up {
                // Turns up a card, or empties the column (not into a space).
                return pos.face_down(s) > 0 || !pos.column(d as usize).is_empty();
            }
            let column = pos.column(s);
            let exposed = column[column.len() - 1 - count as usize];
            arrangement_free_keys || pos.foundation_for(exposed).is_some()
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_core::presets;

    /// Harmony with `ranks` ranks a suit and three columns of 3, 4 and 5
    /// cards: small enough to search whole.
    fn small_harmony(id: &'static str, ranks: u8) -> &'static Rules {
        let base = presets::find("harmony").unwrap();
        Box::leak(Box::new(Rules { id, ranks, columns: &[3, 4, 5], ..base.clone() }))
    }

    /// Runs `searcher` from `pos` in slices of `nodes` nodes, calling
    /// `between` with the slice's number before each, up to the first
    /// report that is not for want of nodes.
    fn in_slices(
        searcher: &mut Searcher,
        pos: &Position,
        nodes: u64,
        mut between: impl FnMut(&mut Searcher, u64),
    ) -> Report {
        if let Some(report) = searcher.begin(pos) {
            return report;
        }
        for turn in 1.. {
            between(searcher, turn);
            searcher.allow_nodes(searcher.nodes() + nodes);
            let report = searcher.resume();
            if report.outcome != Outcome::Unknown(Limit::Nodes) {
                return report;
            }
        }
        unreachable!("the slices end in a report")
    }

    /// Lines forked every few nodes, sharing one table, reach the verdict
    /// of one line: the same wins and the same losses (and a win found by
    /// any line replays, which `won` checks).
    #[test]
    fn lines_sharing_a_table_reach_the_verdict_of_one() {
        let rules = small_harmony("test/harmony-5", 5);
        let budget = Budget::default();
        let (mut won, mut lost, mut most_lines) = (0, 0, 0);
        for deal in 1..=60 {
            let pos = Position::deal(rules, deal);
            let one = Searcher::new(rules, &budget, SearchKind::Exact).run(&pos);
            let mut many = Searcher::new(rules, &Budget { max_nodes: Some(0), ..budget.clone() }, SearchKind::Exact);
            let report = in_slices(&mut many, &pos, 5, |many, turn| {
                if turn % 3 == 0 {
                    many.rotate();
                } else {
                    many.fork(turn);
                }
                most_lines = most_lines.max(many.lines());
            });
            assert_eq!(report.outcome.verdict(), one.outcome.verdict(), "deal {deal}");
            match report.outcome {
                Outcome::Won(_) => won += 1,
                Outcome::Lost => lost += 1,
                Outcome::Unknown(_) => {}
            }
        }
        assert!(won > 5 && lost > 5 && most_lines > 10, "won {won}, lost {lost}, lines {most_lines}");
    }

    /// A pending node that `pending::can_be_covered` gives up on has no
    /// step indeed: checked on every card played to the tableau from the
    /// talon or a foundation along random playouts of Harmony deals.
    #[test]
    fn a_pending_node_left_as_a_dead_end_has_no_step() {
        let rules = presets::find("harmony").unwrap();
        let mut searcher = Searcher::new(rules, &Budget::default(), SearchKind::Exact);
        let mut rng = patience_core::deal::SplitMix64::new(7);
        let (mut dead, mut alive) = (0, 0);
        for deal in 1..=40 {
            let root = Position::deal(rules, deal);
            searcher.begin(&root);
            let mut pos = root;
            for _ in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let Some(x) = searcher.placed_card(&pos, mv) else { continue };
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    if !pending::left_pending(&child, mv, x) {
                        continue; // it went up by itself
                    }
                    searcher.steps.clear();
                    searcher.expand(&child, &child.legal_moves(), Some(x), None);
                    let has_step = !searcher.steps.is_empty();
                    if !pending::can_be_covered(&child, x) {
                        assert!(!has_step, "deal {deal}: {mv} in\n{pos}");
                        dead += 1;
                    } else if has_step {
                        alive += 1;
                    }
                }
                let mv = moves[rng.below_or_equal(moves.len() as u64 - 1) as usize];
                pos.play_unchecked(mv);
            }
        }
        // Both kinds occur, so the check above is not vacuous.
        assert!(dead > 100 && alive > 100, "dead ends {dead}, covered {alive}");
    }

    /// Move pruning and the moves into spaces left out change nothing but
    /// the work: in every kind of game they apply to, an exhausted exact or
    /// par search stores exactly the positions of the search without them
    /// (so it expanded all of them), with the same verdict and par, in fewer
    /// nodes.
    /// Small games of every kind that searches can exhaust: Warfield,
    /// Pitchfork, one- and two-deck Harp, Die Große Harfe and Lasker, with
    /// few ranks and columns.
    fn small_games() -> [&'static Rules; 6] {
        let small = |id: &'static str, of: &str, ranks: u8, columns: &'static [u8], f: fn(&mut Rules)| {
            let mut rules = Rules { id, ranks, columns, ..presets::find(of).unwrap().clone() };
            f(&mut rules);
            &*Box::leak(Box::new(rules))
        };
        [
            small("test/warfield", "pitchfork/warfield", 5, &[4, 4, 0, 4, 3], |r| r.reserve = 4),
            small("test/pitchfork", "pitchfork", 5, &[4, 3, 3, 4], |_| {}),
            small("test/harp-1-deck", "harp", 5, &[2, 3, 4, 5], |r| {
                r.decks = 1;
                r.passes = patience_core::rules::Passes::Limited(2);
            }),
            small("test/harfe-1-deck", "grosse-harfe", 5, &[5, 4, 3, 2], |r| {
                r.decks = 1;
                r.max_occupied = 4;
            }),
            small("test/harp-2-decks", "harp", 3, &[3, 4, 5, 6], |r| {
                r.passes = patience_core::rules::Passes::Limited(1)
            }),
            small("test/lasker", "lasker", 4, &[3, 3, 3, 3, 2, 2], |_| {}),
        ]
    }

    /// Working keys out ahead changes nothing but when the table's memory
    /// is read: with it from the first node and without it, every search
    /// (exact and par, small games of every kind, and Harmony, whose keys
    /// are compact and whose nodes may be pending) ends with the same
    /// outcome, the same winning line, the same nodes and positions stored
    /// and the same par.
    #[test]
    fn keys_worked_out_ahead_change_nothing_but_the_cache() {
        let harmony = presets::find("harmony").unwrap();
        let budget = Budget::default().with_nodes(100_000);
        let (mut won, mut lost) = (0, 0);
        for rules in small_games().into_iter().chain([harmony]) {
            for deal in 1..=40 {
                let pos = Position::deal(rules, deal);
                for kind in [SearchKind::Exact, SearchKind::Par] {
                    let mut ahead = Searcher::new(rules, &budget, kind);
                    ahead.key_ahead_from = 0;
                    let mut plain = Searcher::new(rules, &budget, kind);
                    plain.key_ahead_from = usize::MAX;
                    let (a, b) = (ahead.search(&pos), plain.search(&pos));
                    let what = format!("{} deal {deal}, {kind:?}", rules.id);
                    assert_eq!(a.outcome, b.outcome, "{what}");
                    assert_eq!((a.nodes, a.stored), (b.nodes, b.stored), "{what}");
                    assert_eq!(ahead.best(), plain.best(), "{what}");
                    match a.outcome {
                        Outcome::Won(_) => won += 1,
                        Outcome::Lost => lost += 1,
                        Outcome::Unknown(_) => {}
                    }
                }
            }
        }
        assert!(won > 50 && lost > 50, "won {won}, lost {lost}");
    }

    #[test]
    fn leaving_out_repeated_positions_keeps_every_position_and_verdict() {
        let games = small_games();
        let budget = Budget::default().with_nodes(300_000);
        let (mut lost, mut nodes_with, mut nodes_without) = (0, 0u64, 0u64);
        for rules in games {
            let mut lost_here = 0;
            for deal in 1..=150 {
                let pos = Position::deal(rules, deal);
                for kind in [SearchKind::Exact, SearchKind::Par] {
                    let mut with = Searcher::new(rules, &budget, kind);
                    let mut without = Searcher::new(rules, &budget, kind);
                    without.leave_out_repeats = false;
                    let (a, b) = (with.search(&pos), without.search(&pos));
                    let what = format!("{} deal {deal}, {kind:?}", rules.id);
                    assert_eq!(a.outcome.verdict(), b.outcome.verdict(), "{what}");
                    if a.outcome == Outcome::Lost && b.outcome == Outcome::Lost {
                        assert_eq!(a.stored, b.stored, "{what}");
                        assert_eq!(with.best(), without.best(), "{what}");
                        assert!(a.nodes <= b.nodes, "{what}");
                        lost_here += 1;
                        nodes_with += a.nodes;
                        nodes_without += b.nodes;
                    }
                }
            }
            // Every kind of game has exhausted searches to compare.
            assert!(lost_here >= 20, "{}: {lost_here} lost", rules.id);
            lost += lost_here;
        }
        println!("{lost} exhausted searches, nodes {nodes_with} against {nodes_without}");
        assert!(nodes_with * 10 < nodes_without * 9, "nodes {nodes_with} against {nodes_without}");
    }

    /// A search stopped for want of nodes and resumed goes on exactly where
    /// it left off: slices of any size end where one run does.
    #[test]
    fn a_resumed_search_ends_where_one_run_does() {
        let rules = small_harmony("test/harmony-4", 4);
        let budget = Budget::default();
        for deal in 1..=24 {
            let pos = Position::deal(rules, deal);
            let whole = Searcher::new(rules, &budget, SearchKind::Exact).run(&pos);
            let mut sliced = Searcher::new(rules, &Budget { max_nodes: Some(0), ..budget.clone() }, SearchKind::Exact);
            let report = in_slices(&mut sliced, &pos, 7, |_, _| {});
            assert_eq!(report.outcome, whole.outcome, "deal {deal}");
            assert_eq!(report.nodes, whole.nodes, "deal {deal}");
        }
    }
}
