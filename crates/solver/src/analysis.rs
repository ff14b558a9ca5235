//! Where a game was lost: the verdict of the position after each action of
//! a game, with as few solves as the moves allow.
//!
//! A move never makes a lost position winnable again (if a successor could
//! be won, so could the position before it), so along a run of actions
//! without an undo or a restart the verdicts go from won to lost at most
//! once: solving the run's two ends settles it when they agree, and a
//! binary search finds where it turns otherwise. An undo or a restart
//! starts a new run, from a position seen before (remembered, not solved
//! again). A verdict the budget leaves open stays unknown, and so do the
//! positions between it and the nearest known ones.

use std::collections::HashMap;

use patience_core::{Move, Position};

use crate::{solve, Budget, Outcome, Verdict};

/// The positions of a game, one after each action (the deal first), and
/// whether each follows from the one before by play (`false` after an
/// undo or a restart; the first entry is ignored).
pub struct Line<'a> {
    pub positions: &'a [Position],
    pub played: &'a [bool],
}

/// What the analysis found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The verdict after each action (index 0: the deal).
    pub verdicts: Vec<Verdict>,
    /// The action after which no win remained: the last step whose
    /// position is lost while the one before it could be won, with no
    /// winnable position after it. `None` when the game kept a win (or won)
    /// or the deal was never winnable, or the verdicts leave it open.
    pub lost_at: Option<usize>,
    /// A winning line from the position before `lost_at`.
    pub line: Vec<Move>,
    /// Positions solved.
    pub solves: usize,
}

impl Analysis {
    /// Whether the deal itself was proven lost.
    pub fn never_winnable(&self) -> bool {
        self.verdicts.first() == Some(&Verdict::Lost)
    }
}

struct Solver<'a, F: FnMut(&Position) -> Outcome> {
    line: &'a Line<'a>,
    known: HashMap<&'a Position, Outcome>,
    solves: usize,
    solve: F,
}

impl<'a, F: FnMut(&Position) -> Outcome> Solver<'a, F> {
    fn outcome(&mut self, n: usize) -> &Outcome {
        let pos = &self.line.positions[n];
        if !self.known.contains_key(pos) {
            let outcome = (self.solve)(pos);
            self.solves += 1;
            self.known.insert(pos, outcome);
        }
        &self.known[pos]
    }

    fn verdict(&mut self, n: usize) -> Verdict {
        self.outcome(n).verdict()
    }
}

/// Analyses `line`, each solve within `budget`, calling `progress` with the
/// number of solves made after each.
pub fn analyse(line: &Line<'_>, budget: &Budget, mut progress: impl FnMut(usize)) -> Analysis {
    let mut solves = 0;
    analyse_by(line, |pos| {
        let outcome = solve(pos, budget).outcome;
        solves += 1;
        progress(solves);
        outcome
    })
}

/// Analyses `line`, each position's outcome from `solve` (a server runs
/// each on its search pool, between other players' searches).
pub fn analyse_by(line: &Line<'_>, solve: impl FnMut(&Position) -> Outcome) -> Analysis {
    let n = line.positions.len();
    let mut verdicts = vec![Verdict::Unknown; n];
    let mut solver = Solver { line, known: HashMap::new(), solves: 0, solve };
    let mut start = 0;
    while start < n {
        let mut end = start;
        while end + 1 < n && line.played[end + 1] {
            end += 1;
        }
        settle_run(&mut solver, &mut verdicts, start, end);
        start = end + 1;
    }
    let lost_at = (1..n)
        .rev()
        .find(|&k| verdicts[k - 1] != Verdict::Lost)
        .filter(|&k| verdicts[k - 1] == Verdict::Won && verdicts[k] == Verdict::Lost && line.played[k]);
    let line_moves = match lost_at {
        Some(k) => solver.outcome(k - 1).solution().map(<[Move]>::to_vec).unwrap_or_default(),
        None => Vec::new(),
    };
    Analysis { verdicts, lost_at, line: line_moves, solves: solver.solves }
}

/// Settles the verdicts of the run `start..=end`, along which each position
/// follows from the one before by play.
fn settle_run<F: FnMut(&Position) -> Outcome>(
    solver: &mut Solver<'_, F>,
    verdicts: &mut [Verdict],
    start: usize,
    end: usize,
) {
    let first = solver.verdict(start);
    if first == Verdict::Lost {
        verdicts[start..=end].fill(Verdict::Lost);
        return;
    }
    let last = solver.verdict(end);
    if last == Verdict::Won {
        verdicts[start..=end].fill(Verdict::Won);
        return;
    }
    verdicts[start] = first;
    verdicts[end] = last;
    if first != Verdict::Won || last != Verdict::Lost {
        // An end left open: only what was solved is known.
        return;
    }
    // Won at `lo`, lost at `hi`: halve the gap.
    let (mut lo, mut hi) = (start, end);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match solver.verdict(mid) {
            Verdict::Won => lo = mid,
            Verdict::Lost => hi = mid,
            // Left open: the positions between stay unknown.
            Verdict::Unknown => break,
        }
    }
    verdicts[start..=lo].fill(Verdict::Won);
    verdicts[hi..=end].fill(Verdict::Lost);
}
