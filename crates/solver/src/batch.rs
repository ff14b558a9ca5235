//! Batch solving for statistics: many numbered deals in parallel, a summary
//! with a Wilson confidence interval for the winnable share, and solve-time
//! percentiles.

use std::time::Duration;

use patience_core::{Position, Rules};
use rayon::prelude::*;

use crate::{solve, Budget, Limit, Outcome, Verdict};

/// The result of solving one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealResult {
    pub deal: u64,
    pub verdict: Verdict,
    /// Which budget ran out, for an unknown verdict.
    pub limit: Option<Limit>,
    /// Moves in the solution (draws included), for a won deal.
    pub solution_len: Option<usize>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Solves deals `deals` of `rules` on `jobs` threads (0: one per core), each
/// within `budget` (the memory bound applies to each solve on its own, so up
/// to `jobs` tables are alive at once). `progress` is called from the worker
/// threads as each deal finishes, in no particular order. Results come back
/// in deal order.
pub fn solve_deals(
    rules: &'static Rules,
    deals: impl IntoIterator<Item = u64>,
    budget: &Budget,
    jobs: usize,
    progress: impl Fn(&DealResult) + Sync,
) -> Vec<DealResult> {
    let deals: Vec<u64> = deals.into_iter().collect();
    solve_each(&deals, |&deal| (deal, Position::deal(rules, deal)), budget, jobs, progress)
}

/// Like [`solve_deals`] for positions given directly (deal files, say);
/// each result's `deal` is the position's index.
pub fn solve_positions(
    positions: &[Position],
    budget: &Budget,
    jobs: usize,
    progress: impl Fn(&DealResult) + Sync,
) -> Vec<DealResult> {
    let indexed: Vec<(u64, &Position)> = positions.iter().enumerate().map(|(i, p)| (i as u64, p)).collect();
    solve_each(&indexed, |&(i, pos)| (i, pos.clone()), budget, jobs, progress)
}

/// Solves `items` in parallel, each turned into a numbered position by `position`.
fn solve_each<T: Sync>(
    items: &[T],
    position: impl Fn(&T) -> (u64, Position) + Sync,
    budget: &Budget,
    jobs: usize,
    progress: impl Fn(&DealResult) + Sync,
) -> Vec<DealResult> {
    let work = || {
        items
            .par_iter()
            .with_max_len(1)
            .map(|item| {
                let (deal, pos) = position(item);
                let report = solve(&pos, budget);
                let result = DealResult {
                    deal,
                    verdict: report.outcome.verdict(),
                    limit: match report.outcome {
                        Outcome::Unknown(limit) => Some(limit),
                        _ => None,
                    },
                    solution_len: report.outcome.solution().map(<[_]>::len),
                    nodes: report.nodes,
                    elapsed: report.elapsed,
                };
                progress(&result);
                result
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// The Wilson score interval for `successes` out of `trials` at normal
/// quantile `z` (1.96 for 95%): `(low, high)`, both in 0..=1. With no
/// trials it is the whole range.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// [`wilson_interval`] at 95% (z = 1.959964).
pub fn wilson95(successes: u64, trials: u64) -> (f64, f64) {
    wilson_interval(successes, trials, 1.959_963_984_540_054)
}

/// Counts, winnability and solve times of a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub deals: u64,
    pub won: u64,
    pub lost: u64,
    pub unknown: u64,
    /// Won share of the decided deals, with its 95% Wilson interval.
    pub winnable: Option<f64>,
    pub winnable_95: (f64, f64),
    /// Bounds on the won share of all deals whatever the unknown ones are:
    /// `won / deals` and `(won + unknown) / deals`.
    pub won_share_bounds: (f64, f64),
    pub nodes: u64,
    pub total_time: Duration,
    pub mean_time: Duration,
    pub median_time: Duration,
    pub p90_time: Duration,
    pub p99_time: Duration,
    pub max_time: Duration,
}

impl Summary {
    pub fn of(results: &[DealResult]) -> Summary {
        let count = |v: Verdict| results.iter().filter(|r| r.verdict == v).count() as u64;
        let (won, lost, unknown) = (count(Verdict::Won), count(Verdict::Lost), count(Verdict::Unknown));
        let deals = results.len() as u64;
        let decided = won + lost;
        let mut times: Vec<Duration> = results.iter().map(|r| r.elapsed).collect();
        times.sort();
        let total_time: Duration = times.iter().sum();
        let share = |n: u64| if deals == 0 { 0.0 } else { n as f64 / deals as f64 };
        Summary {
            deals,
            won,
            lost,
            unknown,
            winnable: (decided > 0).then(|| won as f64 / decided as f64),
            winnable_95: wilson95(won, decided),
            won_share_bounds: (share(won), share(won + unknown)),
            nodes: results.iter().map(|r| r.nodes).sum(),
            total_time,
            mean_time: if deals == 0 { Duration::ZERO } else { total_time / deals as u32 },
            median_time: percentile(&times, 50.0),
            p90_time: percentile(&times, 90.0),
            p99_time: percentile(&times, 99.0),
            max_time: times.last().copied().unwrap_or_default(),
        }
    }

    /// Decided deals as a share of all.
    pub fn decided_share(&self) -> f64 {
        if self.deals == 0 {
            0.0
        } else {
            (self.won + self.lost) as f64 / self.deals as f64
        }
    }
}

/// The `p`th percentile (nearest rank) of sorted `times`.
pub fn percentile(times: &[Duration], p: f64) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * times.len() as f64).ceil() as usize;
    times[rank.clamp(1, times.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_the_closed_form() {
        // Reference values computed independently from the formula.
        let (lo, hi) = wilson95(81, 263);
        assert!((lo - 0.2553).abs() < 1e-3 && (hi - 0.3662).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson95(10, 10);
        assert!((hi - 1.0).abs() < 1e-12 && (lo - 0.7225).abs() < 1e-3, "{lo}");
        let (lo, hi) = wilson95(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let t: Vec<Duration> = (1..=10).map(Duration::from_millis).collect();
        assert_eq!(percentile(&t, 50.0), Duration::from_millis(5));
        assert_eq!(percentile(&t, 90.0), Duration::from_millis(9));
        assert_eq!(percentile(&t, 100.0), Duration::from_millis(10));
        assert_eq!(percentile(&[], 50.0), Duration::ZERO);
    }
}
