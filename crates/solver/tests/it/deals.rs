//! Real numbered deals of every preset, with small budgets: every win the
//! solver reports replays to a win through the engine, and the batch API
//! returns one result per deal in order.

use crate::common;

use common::*;
use patience_core::{presets, Position};
use patience_solver::{solve, solve_deals, solve_exact, Budget, Outcome, Summary, Verdict};

#[test]
fn every_reported_win_on_real_deals_replays_through_the_engine() {
    let budget = Budget::default().with_nodes(3_000);
    let mut wins = 0;
    for rules in presets::ALL {
        for deal in 1..=2 {
            let pos = Position::deal(rules, deal);
            let report = solve(&pos, &budget);
            assert!(report.nodes <= 3_001, "{} {deal}: {} nodes", rules.id, report.nodes);
            match &report.outcome {
                Outcome::Won(moves) => {
                    assert_replays(&pos, moves);
                    wins += 1;
                }
                Outcome::Lost => {}
                Outcome::Unknown(_) => {}
            }
        }
    }
    // Harmony deals 1 and 2 are quick wins, and most Pitchfork deals.
    assert!(wins >= 3, "{wins}");
}

#[test]
fn harmony_deal_one_is_won() {
    let pos = Position::deal(preset("harmony"), 1);
    let report = solve(&pos, &Budget::default().with_nodes(100_000));
    let moves = report.outcome.solution().expect("deal 1 is a quick win");
    assert_replays(&pos, moves);
    assert!(report.nodes > 0 && report.elapsed.as_nanos() > 0);
}

#[test]
fn batch_solves_every_deal_in_order() {
    let rules = preset("harmony");
    let budget = Budget::default().with_nodes(2_000);
    let seen = std::sync::atomic::AtomicUsize::new(0);
    let results = solve_deals(rules, 1..=6, &budget, 2, |_| {
        seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(seen.into_inner(), 6);
    assert_eq!(results.iter().map(|r| r.deal).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    for r in &results {
        let again = solve(&Position::deal(rules, r.deal), &budget);
        assert_eq!(again.outcome.verdict(), r.verdict, "deal {}", r.deal);
        assert_eq!(r.solution_len.is_some(), r.verdict == Verdict::Won);
        assert_eq!(r.limit.is_some(), r.verdict == Verdict::Unknown);
    }
    let s = Summary::of(&results);
    assert_eq!(s.deals, 6);
    assert_eq!(s.won + s.lost + s.unknown, 6);
    assert!(s.won >= 1);
    assert!(s.winnable_95.0 <= s.winnable.unwrap() && s.winnable.unwrap() <= s.winnable_95.1);
    assert!(s.median_time <= s.max_time);
}

/// Warfield deal 169 needs the exact search for minutes (more than 235 M
/// positions on two threads), while the beam its schedule runs for single
/// cards wins it at once.
#[test]
fn a_warfield_deal_the_exact_search_takes_minutes_over_is_won_by_its_beam() {
    let pos = Position::deal(preset("pitchfork/warfield"), 169);
    let budget = Budget::default().with_nodes(2_000_000);
    let report = solve(&pos, &budget);
    let moves = report.outcome.solution().expect("the beam wins deal 169");
    assert_replays(&pos, moves);
    assert!(solve_exact(&pos, &budget).outcome.solution().is_none());
}
