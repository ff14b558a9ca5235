//! Winnable deals only: the next deal number, from a given one, that the
//! solver proves winnable (the web platform's "winnable deals only" option
//! and `patience solve GAME --next-winnable N`).
//!
//! A deal is only returned with a solution that replays to a win, so the
//! answer is never wrong; a winnable deal whose proof needs more than the
//! budget is passed over, which only makes the search go on to the next
//! number.

use patience_core::{Move, Position, Rules};

use crate::{solve, Budget, Outcome};

/// What [`next_winnable`] found, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub deal: u64,
    /// The winning moves, as [`Outcome::Won`] gives them.
    pub solution: Vec<Move>,
    /// Deals solved, this one included.
    pub tried: u64,
    /// Search nodes over every deal tried.
    pub nodes: u64,
}

/// The first deal number `>= from` that the solver proves winnable within
/// `budget_per_deal`, with its solution; `None` if none of the `max_tries`
/// deals from `from` on (fewer at the top of the number range) is.
pub fn next_winnable_deal(
    rules: &'static Rules,
    from: u64,
    budget_per_deal: &Budget,
    max_tries: u64,
) -> Option<(u64, Vec<Move>)> {
    next_winnable(rules, from, budget_per_deal, max_tries).map(|found| (found.deal, found.solution))
}

/// [`next_winnable_deal`], also telling how many deals were tried and the
/// nodes they cost.
pub fn next_winnable(rules: &'static Rules, from: u64, budget_per_deal: &Budget, max_tries: u64) -> Option<Found> {
    let mut nodes = 0;
    for tried in 1..=max_tries {
        let deal = from.checked_add(tried - 1)?;
        let report = solve(&Position::deal(rules, deal), budget_per_deal);
        nodes += report.nodes;
        if let Outcome::Won(solution) = report.outcome {
            return Some(Found { deal, solution, tried, nodes });
        }
    }
    None
}
