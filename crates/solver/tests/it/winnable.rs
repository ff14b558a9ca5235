//! Winnable deals only: the next deal the solver proves winnable, with a
//! solution that replays to a win.

use patience_core::{presets, Position};
use patience_solver::winnable::{next_winnable, next_winnable_deal};
use patience_solver::{replays_to_win, solve, Budget, Outcome};

#[test]
fn the_next_winnable_deal_is_the_first_won_one_and_replays() {
    let rules = presets::find("harmony").unwrap();
    let budget = Budget::default().with_nodes(20_000);
    let (deal, moves) = next_winnable_deal(rules, 1, &budget, 20).expect("a quick Harmony win in 20 deals");
    assert!(deal >= 1);
    assert_eq!(replays_to_win(&Position::deal(rules, deal), &moves), Ok(true));
    // Node budgets make the search deterministic: every deal before it is
    // not won within the same budget.
    for earlier in 1..deal {
        let report = solve(&Position::deal(rules, earlier), &budget);
        assert!(!matches!(report.outcome, Outcome::Won(_)), "deal {earlier} is won too");
    }
    let found = next_winnable(rules, deal, &budget, 1).unwrap();
    assert_eq!((found.deal, found.tried), (deal, 1));
    assert!(found.nodes > 0);
}

#[test]
fn no_tries_or_no_numbers_left_find_nothing() {
    let rules = presets::find("harmony").unwrap();
    let budget = Budget::default().with_nodes(100);
    assert_eq!(next_winnable_deal(rules, 1, &budget, 0), None);
    // From the last deal number there is only one to try, whatever max_tries.
    let last = next_winnable(rules, u64::MAX, &Budget::default().with_nodes(1), 5);
    assert!(last.is_none_or(|f| f.deal == u64::MAX && f.tried == 1));
}
