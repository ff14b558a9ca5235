//! Daily deals chosen ahead: a worker that, at the lowest priority like the
//! library's, chooses each game's deal for today (if nobody has yet) and
//! for tomorrow, and commits it, so that a day's commitment is there when
//! the day starts and nobody waits for a search. It looks at deals as the
//! library grades them (the solver's verdict within a node budget, then
//! the honest player's games) and takes the first Medium one, or after
//! [`Ahead::candidates`] deals the easiest winnable one it found.

use std::time::Duration;

use patience_core::Rules;
use patience_solver::library::{look_at_pausing, Grade, Grading};
use patience_solver::Verdict;

use super::{commit_deal, games, random_start, stored, today};
use crate::ids::{DailyId, Day};
use crate::services::{library, searches, Services};

/// How the worker chooses deals ahead.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ahead {
    /// Winnable deals looked at, at most, for a Medium one.
    pub candidates: u32,
    /// Only this game (an id such as `lasker`), or every one.
    pub only: Option<&'static str>,
}

impl Default for Ahead {
    fn default() -> Ahead {
        Ahead { candidates: 10, only: None }
    }
}

/// How long the worker rests between rounds (it wakes early when the day
/// changes or the server stops).
const REST: Duration = Duration::from_secs(600);

/// Deals looked at, at most, for a winnable one (for each of which the
/// grade is then asked).
const MOST_LOOKED: u32 = 60;

/// Starts the worker on a thread of its own; it ends when the server stops.
pub fn start_worker(app: Services, ahead: Ahead) {
    let runtime = tokio::runtime::Handle::current();
    let spawned = std::thread::Builder::new().name("daily deals".into()).spawn(move || {
        searches::lower_priority();
        while !app.stopping() {
            let today = today(&app);
            for rules in games().filter(|r| ahead.only.is_none_or(|only| only == r.id)) {
                for day in [Some(today), today.next()].into_iter().flatten() {
                    let id = DailyId { rules, day };
                    if app.stopping() {
                        return;
                    }
                    match runtime.block_on(stored(&app, id)) {
                        Ok(Some(_)) => continue,
                        Ok(None) => {}
                        Err(e) => {
                            tracing::warn!(error = %e, "the daily deals' worker cannot read the store");
                            continue;
                        }
                    }
                    let hopeless = runtime.block_on(library::refuse_if_hopeless(&app, rules)).is_err();
                    let Some(deal) = choose(&app, rules, ahead, hopeless) else { return };
                    match runtime.block_on(commit_deal(&app, id, deal)) {
                        Ok(_) => tracing::debug!(daily = %id, "the daily deals' worker has committed ahead"),
                        Err(e) => {
                            tracing::warn!(daily = %id, error = %e, "committing a daily deal ahead failed")
                        }
                    }
                }
            }
            rest(&app, today);
        }
    });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "the daily deals' worker did not start; each day's deal is chosen when first asked for");
    }
}

/// Sleeps [`REST`], waking early when the server stops or the day changes.
fn rest(app: &Services, today: Day) {
    for _ in 0..REST.as_secs() {
        if app.stopping() || super::today(app) != today {
            return;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// A deal for a day of `rules`: the first graded Medium, else the easiest
/// winnable of the first `ahead.candidates`; for rules whose deals are
/// never won (`hopeless`), any deal. `None` when the server stops.
fn choose(app: &Services, rules: &'static Rules, ahead: Ahead, hopeless: bool) -> Option<u64> {
    if hopeless {
        return Some(random_start());
    }
    let grading = Grading::for_rules(rules);
    let mut best: Option<(Grade, u64)> = None;
    let mut winnable = 0;
    for _ in 0..MOST_LOOKED {
        if winnable >= ahead.candidates {
            break;
        }
        let deal = random_start();
        let looked = look_at_pausing(rules, deal, &grading, || app.searches().wait_while_busy(|| app.stopping()));
        if app.stopping() {
            return None;
        }
        let Some(grade) = looked.grade().filter(|_| looked.verdict == Verdict::Won) else { continue };
        winnable += 1;
        if grade == Grade::Medium {
            return Some(deal);
        }
        if best.is_none_or(|(best, _)| preferred(grade, best)) {
            best = Some((grade, deal));
        }
    }
    Some(best.map_or_else(random_start, |(_, deal)| deal))
}

/// Whether a daily deal of grade `a` is preferred to one of grade `b`:
/// Medium, then Easy, then Hard.
fn preferred(a: Grade, b: Grade) -> bool {
    let rank = |g: Grade| match g {
        Grade::Medium => 0,
        Grade::Easy => 1,
        Grade::Hard => 2,
    };
    rank(a) < rank(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_medium_deal_is_preferred_then_an_easy_one_then_a_hard_one() {
        assert!(preferred(Grade::Medium, Grade::Easy) && preferred(Grade::Easy, Grade::Hard));
        assert!(!preferred(Grade::Hard, Grade::Easy) && !preferred(Grade::Medium, Grade::Medium));
    }
}
