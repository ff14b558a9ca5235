//! The exact search on several threads: one [`Searcher`] a thread, all
//! inserting into one [`SharedTable`], each running lines as the
//! one-thread search does (new lines in shuffled orders, and its former
//! ones in turn): the first thread the rest of the one-thread schedule,
//! the others schedules of their own.
//!
//! The proof of a loss is the one-thread search's (see [`Searcher::fork`]):
//! a position is stored by the line that reaches it first, which tries all
//! of its steps before it leaves it, so once every line of every thread
//! has run out the stored positions hold the root and every successor of
//! each. The threads share lines through a [`Pool`]: a thread whose lines
//! have all run out says it is hungry, and the next thread to look (every
//! 1,024 nodes) hands over a line it has parked, or splits its active one
//! ([`Stack::split`]), so that no thread waits while steps are left. The
//! search is lost when every thread waits and no line is left; it ends
//! for all as soon as one thread wins or reaches a limit of the budget.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::{Line, SearchTable, Searcher, Stack};
use crate::shared_table::SharedTable;
use crate::{Limit, Outcome, Report};

/// What the threads share besides the table.
pub(super) struct Pool {
    state: Mutex<PoolState>,
    /// Wakes a waiting thread when a line is handed over or the search ends.
    ready: Condvar,
    /// A thread waits for a line.
    hungry: AtomicBool,
    /// The search is over (a win, or a limit reached).
    stop: AtomicBool,
    threads: usize,
    /// Bytes each thread's stack took when it last looked: they share the
    /// budget's room beside the table, which one deep line may need most of.
    stack_bytes: Vec<AtomicUsize>,
}

struct PoolState {
    lines: Vec<Line>,
    /// Threads whose lines have all run out.
    waiting: usize,
    /// The report that ended the search, if one did.
    ending: Option<Report>,
}

/// What a thread of the search does next: search on for so many nodes,
/// start a new line from the root in an order shuffled by the seed, or go
/// back to its line parked longest (see [`Searcher::fork`] and
/// [`Searcher::rotate`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineTurn {
    Slice(u64),
    NewLine(u64),
    FormerLine,
}

/// Nodes of a helper thread's first slice; each one after doubles it.
const FIRST_SLICE: u64 = 1 << 20;

/// The turns of helper thread `thread`: slices doubling, between them a new
/// line and a former one in turn, as the one-thread schedule does (each
/// thread's new lines in orders of their own).
pub(super) fn helper_turns(thread: u64) -> impl Iterator<Item = LineTurn> {
    (0u64..).flat_map(move |round| {
        let line = if round.is_multiple_of(2) {
            let seed = (round + (thread << 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            LineTurn::NewLine(seed ^ THREAD_LINE_SEED)
        } else {
            LineTurn::FormerLine
        };
        [LineTurn::Slice(FIRST_SLICE << round.min(20)), line]
    })
}

/// How long a waiting thread sleeps before it looks again whether the
/// search has ended (it is also woken when it has).
const WAIT: Duration = Duration::from_millis(20);

impl Pool {
    fn new(threads: usize) -> Pool {
        Pool {
            state: Mutex::new(PoolState { lines: Vec::new(), waiting: 0, ending: None }),
            ready: Condvar::new(),
            hungry: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            threads,
            stack_bytes: (0..threads).map(|_| AtomicUsize::new(0)).collect(),
        }
    }

    /// Notes that `thread`'s stack takes `bytes`; the bytes the others'
    /// take.
    pub fn note_stack_bytes(&self, thread: usize, bytes: usize) -> usize {
        self.stack_bytes[thread].store(bytes, Ordering::Relaxed);
        let all: usize = self.stack_bytes.iter().map(|b| b.load(Ordering::Relaxed)).sum();
        all - bytes
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    #[inline]
    pub fn hungry(&self) -> bool {
        self.hungry.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands `line` to a waiting thread.
    fn give(&self, line: Line) {
        #[cfg(test)]
        LINES_HANDED.fetch_add(1, Ordering::Relaxed);
        let mut state = self.lock();
        state.lines.push(line);
        self.hungry.store(false, Ordering::Relaxed);
        self.ready.notify_one();
    }

    /// Ends the search for every thread with `report`, unless another
    /// thread ended it first.
    fn end(&self, report: Report) {
        let mut state = self.lock();
        if state.ending.is_none() {
            state.ending = Some(report);
        }
        self.stop.store(true, Ordering::Relaxed);
        self.ready.notify_all();
    }

    /// For a thread whose lines have all run out: a line handed over by
    /// another thread, or `None` once the search is over (every thread
    /// waits and no line is left, or one thread ended it).
    fn wait_for_line(&self) -> Option<Line> {
        let mut state = self.lock();
        state.waiting += 1;
        loop {
            if self.stopped() {
                return None;
            }
            if let Some(line) = state.lines.pop() {
                state.waiting -= 1;
                return Some(line);
            }
            if state.waiting == self.threads {
                self.ready.notify_all();
                return None;
            }
            self.hungry.store(true, Ordering::Relaxed);
            state = self.ready.wait_timeout(state, WAIT).unwrap_or_else(|poisoned| poisoned.into_inner()).0;
        }
    }
}

impl Searcher {
    /// Goes on with the exact search on `threads` threads (this one and
    /// `threads - 1` more) until it is decided or the budget's time or
    /// memory runs out (each thread's nodes are bounded only slice by
    /// slice: their shares of a bound on all would depend on timing). This
    /// thread goes on as `turns` say, the rest of the one-thread schedule,
    /// so that it keeps the lines it would have followed alone (the others
    /// only take work off it); the others run lines of their own and take
    /// over lines from it.
    ///
    /// The table moves into a [`SharedTable`] of three eighths of the
    /// budget (at the default, room for about 44 M positions, more than two
    /// threads store in ten seconds); the threads' stacks share the rest,
    /// since a line can be a million frames deep.
    ///
    /// `shared` is that table, empty, of [`Searcher::shared_table_bytes`]
    /// bytes: made ready ahead, or just made.
    pub fn finish_in_parallel(
        &mut self,
        threads: usize,
        mut shared: SharedTable,
        turns: &mut dyn Iterator<Item = LineTurn>,
    ) -> Report {
        debug_assert!(self.kind == super::SearchKind::Exact && self.can_go_parallel());
        debug_assert!(shared.len() == 0);
        let SearchTable::Own(own) = &self.table else {
            unreachable!("a search goes parallel once");
        };
        // Where the table was not made ready ahead, most of the time this
        // takes goes to writing its pages for the first time (a few
        // hundred milliseconds at the default budget; moving the keys on
        // every thread at once took twice as long, the page faults waiting
        // on each other).
        let moved = own.keys().try_for_each(|key| shared.insert(key).map(drop));
        // What was held elsewhere is the shared table, now this search's.
        self.elsewhere_bytes = 0;
        let pool = Arc::new(Pool::new(threads));
        let mut helpers: Vec<Searcher> =
            (1..threads).map(|thread| self.helper(thread, shared.handle(), &pool)).collect();
        self.table = SearchTable::Shared(shared);
        self.pool = Some(Arc::clone(&pool));
        if let Err(limit) = moved {
            return self.report(Outcome::Unknown(limit));
        }

        let mine = std::thread::scope(|scope| {
            let others: Vec<_> = helpers
                .iter_mut()
                .zip(1..)
                .map(|(helper, thread)| scope.spawn(move || helper.work(&mut helper_turns(thread))))
                .collect();
            let mine = self.work(turns);
            for other in others {
                other.join().expect("a search thread panicked");
            }
            mine
        });
        for helper in &helpers {
            self.nodes += helper.nodes;
            if helper.best > self.best {
                self.best = helper.best;
                self.best_steps.clone_from(&helper.best_steps);
            }
        }
        drop(helpers); // their handles add their keys to the table's count
        let ending = pool.lock().ending.take();
        let outcome = ending.map_or(mine.outcome, |report| report.outcome);
        let report = self.report(outcome);
        self.pool = None;
        report
    }

    /// The size of the [`SharedTable`] the search moves into when it goes
    /// on with more than one thread (see [`Searcher::finish_in_parallel`]).
    pub fn shared_table_bytes(&self) -> usize {
        self.budget.max_memory / 8 * 3
    }

    /// Whether this search's keys may go into a [`SharedTable`], which
    /// keeps half of each key and needs its bits random: fingerprints, not
    /// compact keys.
    pub fn can_go_parallel(&self) -> bool {
        self.reductions.compact_keys.is_none()
    }

    /// A searcher for another thread of this one's exact search: the same
    /// root, reductions and clock, the shared `table`, and no line yet.
    fn helper(&self, thread: usize, table: SharedTable, pool: &Arc<Pool>) -> Searcher {
        Searcher {
            root: self.root.clone(),
            budget: self.budget.clone(),
            safe: self.safe.clone(),
            automatic_moves: self.automatic_moves,
            leave_out_repeats: self.leave_out_repeats,
            key_ahead_from: self.key_ahead_from,
            table: SearchTable::Shared(table),
            pool: Some(Arc::clone(pool)),
            thread,
            elsewhere_bytes: 0,
            nodes: 0,
            started: self.started,
            stack: Stack::new(self.spacing()),
            parked: Default::default(),
            kind: self.kind,
            reductions: self.reductions.clone(),
            noise: 0,
            best: 0,
            best_steps: Vec::new(),
        }
    }

    /// One thread's part: its lines in slices, changing lines between
    /// them as `turns` say, and lines handed over by the others once its
    /// own have run out.
    fn work(&mut self, turns: &mut dyn Iterator<Item = LineTurn>) -> Report {
        let pool = Arc::clone(self.pool.as_ref().expect("a pool to work in"));
        loop {
            if self.stack.frames.is_empty() && !self.unpark() {
                // What this thread's stack still holds (next to nothing)
                // must not count against the others while it waits.
                pool.note_stack_bytes(self.thread, self.stack_bytes());
                match pool.wait_for_line() {
                    Some(line) => {
                        self.stack = line.stack;
                        self.noise = line.noise;
                    }
                    None => return self.report(Outcome::Lost),
                }
            }
            let slice = loop {
                match turns.next() {
                    Some(LineTurn::Slice(nodes)) => break nodes,
                    Some(LineTurn::NewLine(seed)) => self.fork(seed),
                    Some(LineTurn::FormerLine) => self.rotate(),
                    None => break u64::MAX,
                }
            };
            self.budget.max_nodes = Some(self.nodes.saturating_add(slice));
            let report = self.resume();
            if pool.stopped() {
                return report;
            }
            match report.outcome {
                // The slice is over, or this thread's lines have run out (it
                // then waits for another's).
                Outcome::Unknown(Limit::Nodes) | Outcome::Lost => {}
                _ => {
                    pool.end(report.clone());
                    return report;
                }
            }
        }
    }

    /// Hands a line to a hungry thread: one parked here, else half of the
    /// active one's work.
    pub(super) fn share_work(&mut self) {
        let Some(pool) = self.pool.clone() else { return };
        let line = self.parked.pop_back().or_else(|| self.stack.split().map(|stack| Line { stack, noise: self.noise }));
        if let Some(line) = line {
            pool.give(line);
        }
    }
}

/// Lines handed from one thread to another so far, in this process.
#[cfg(test)]
static LINES_HANDED: AtomicUsize = AtomicUsize::new(0);

#[cfg(test)]
pub(super) fn lines_handed() -> usize {
    LINES_HANDED.load(Ordering::Relaxed)
}

/// Seeds the move orders of the new lines the threads start.
const THREAD_LINE_SEED: u64 = 0x2f6b_e2a1_98c4_d357;
