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
    /// The step a winning line starts from: the one before `lost_at`, or
    /// the table a game ended on (given up, out of time, left) while it
    /// could still be won. `None` without such a line.
    pub line_from: Option<usize>,
    /// That winning line.
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
    for (start, end) in runs(line) {
        settle_run(&mut solver, &mut verdicts, start, end);
    }
    let lost_at = (1..n)
        .rev()
        .find(|&k| verdicts[k - 1] != Verdict::Lost)
        .filter(|&k| verdicts[k - 1] == Verdict::Won && verdicts[k] == Verdict::Lost && line.played[k]);
    // Where the game was lost, the line from just before; where it ended
    // still winnable, the line from its end (both solved already).
    let last = n - 1;
    let line_from = match lost_at {
        Some(k) => Some(k - 1),
        None if verdicts[last] == Verdict::Won && !line.positions[last].is_won() => {
            // From the table the game ended on, as play left it: before the
            // last actions that changed nothing on it (giving up).
            let mut from = last;
            while from > 0 && line.positions[from - 1] == line.positions[from] {
                from -= 1;
            }
            Some(from)
        }
        None => None,
    };
    let line_moves: Vec<Move> =
        line_from.and_then(|from| solver.outcome(from).solution().map(<[Move]>::to_vec)).unwrap_or_default();
    let line_from = line_from.filter(|_| !line_moves.is_empty());
    Analysis { verdicts, lost_at, line_from, line: line_moves, solves: solver.solves }
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

/// The par at a step of a game: the most cards that could still go up from
/// there, exactly or at least (a budget ran out, or the step lies between
/// the positions solved).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParPoint {
    pub best: usize,
    pub exact: bool,
}

/// How the par moved along a game: one point after each action (index 0:
/// the deal), and the positions solved to find them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParCourse {
    pub pars: Vec<ParPoint>,
    pub solves: usize,
}

/// How the par moved along `line`, each position's par from `par` (`None`:
/// stop looking; what is not found stays a lower bound), after at most
/// `max_solves` positions.
///
/// Like winnability, the par never rises along a run of played actions:
/// every position reachable from a successor is reachable from the position
/// before it. So a run's par is a falling staircase, and halving the gaps
/// between solved positions whose pars differ finds each step with a few
/// solves a step. Between two solved positions, the par is at most the
/// earlier one's exact figure and at least the later one's figure (and the
/// cards the position itself has up): where the two meet it is exact, and
/// otherwise the lower bound is shown as one.
pub fn par_course_by(
    line: &Line<'_>,
    max_solves: usize,
    mut par: impl FnMut(&Position) -> Option<ParPoint>,
) -> ParCourse {
    let n = line.positions.len();
    let mut solved: Vec<Option<ParPoint>> = vec![None; n];
    let mut known: HashMap<&Position, ParPoint> = HashMap::new();
    let mut solves = 0;
    let mut stopped = false;
    let mut look = |k: usize, solved: &mut Vec<Option<ParPoint>>| -> Option<ParPoint> {
        if let Some(point) = solved[k] {
            return Some(point);
        }
        let pos = &line.positions[k];
        let point = match known.get(pos) {
            Some(point) => *point,
            None if stopped || solves >= max_solves => return None,
            None => {
                solves += 1;
                let Some(point) = par(pos) else {
                    stopped = true;
                    return None;
                };
                known.insert(pos, point);
                point
            }
        };
        solved[k] = Some(point);
        Some(point)
    };
    let runs = runs(line);
    for &(start, end) in &runs {
        // Each run's ends, then the gaps between, the earliest first.
        let (Some(_), Some(_)) = (look(start, &mut solved), look(end, &mut solved)) else { break };
        let mut gaps = vec![(start, end)];
        while let Some((lo, hi)) = gaps.pop() {
            let (Some(a), Some(b)) = (solved[lo], solved[hi]) else { continue };
            if hi - lo <= 1 || (a.exact && a.best == b.best) {
                continue;
            }
            let mid = lo + (hi - lo) / 2;
            if look(mid, &mut solved).is_none() {
                break;
            }
            gaps.push((mid, hi));
            gaps.push((lo, mid));
        }
    }
    let mut pars: Vec<ParPoint> =
        line.positions.iter().map(|pos| ParPoint { best: pos.cards_on_foundations(), exact: false }).collect();
    for (start, end) in runs {
        // At least what a later position of the run reaches, at most an
        // earlier exact figure.
        let mut lower = 0;
        for k in (start..=end).rev() {
            if let Some(point) = solved[k] {
                lower = lower.max(point.best);
            }
            pars[k].best = pars[k].best.max(lower);
        }
        let mut upper = usize::MAX;
        for k in start..=end {
            if let Some(ParPoint { best, exact: true }) = solved[k] {
                upper = upper.min(best);
            }
            pars[k].exact = pars[k].best == upper;
        }
    }
    ParCourse { pars, solves }
}

/// The runs of `line`: the first and last step of each stretch along which
/// every position follows from the one before by play.
fn runs(line: &Line<'_>) -> Vec<(usize, usize)> {
    let n = line.positions.len();
    let mut runs = Vec::new();
    let mut start = 0;
    while start < n {
        let mut end = start;
        while end + 1 < n && line.played[end + 1] {
            end += 1;
        }
        runs.push((start, end));
        start = end + 1;
    }
    runs
}
