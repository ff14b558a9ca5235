//! The exact search's reductions for Harmony-like games (`patience_solver`'s
//! `twins` and `pending` modules prove that they lose no win): positions
//! keyed up to twin swaps, twin moves only together with the foundation move
//! of the card they uncover, and cards played from the talon or a foundation
//! built on at once. Here they are checked against plain exhaustive search,
//! which tries every move, on small Harmony-like decks: openings and
//! positions along random playouts, with and without automatic moves and
//! moves off the foundations. The class search, which searches the same
//! reduced game over twin classes written as bit sets, is checked the same
//! way wherever it applies.

use crate::common;

use common::*;
use patience_core::rules::AutomaticMoves;
use patience_core::{Position, Rules};
use patience_solver::{solve_by_classes, solve_exact, Budget};

const PLAIN_CAP: usize = 60_000;

fn harmony_like() -> Vec<(&'static Rules, u64)> {
    let harmony = preset("harmony");
    vec![
        (leak(Rules { id: "test/twins-5", ranks: 5, columns: &[3, 4, 5], ..harmony.clone() }), 40),
        (leak(Rules { id: "test/twins-5x4", ranks: 5, columns: &[1, 2, 3, 4], ..harmony.clone() }), 40),
        (leak(Rules { id: "test/twins-6", ranks: 6, columns: &[2, 3, 4], ..harmony.clone() }), 30),
        (
            leak(Rules {
                id: "test/twins-5-no-auto",
                ranks: 5,
                columns: &[3, 4, 5],
                automatic_moves: AutomaticMoves::None,
                ..harmony.clone()
            }),
            40,
        ),
        (
            leak(Rules {
                id: "test/twins-5-no-worry-back",
                ranks: 5,
                columns: &[2, 3, 4, 5],
                foundation_to_tableau: false,
                ..harmony.clone()
            }),
            40,
        ),
    ]
}

/// Compares the exact search with plain search at the positions every
/// `every` moves along random playouts of `steps` moves of each deal, after
/// `check`ing each; the verdicts seen, won and lost, and a line a deck.
fn against_plain_search(
    decks: &[(&'static Rules, u64)],
    steps: usize,
    every: usize,
    check: impl Fn(&Position),
) -> (u32, u32, Vec<String>) {
    let budget = Budget::default().with_nodes(400_000);
    let (mut won, mut lost, mut by_classes) = (0, 0, 0);
    let mut summary = Vec::new();
    for &(rules, deals) in decks {
        let (before_won, before_lost) = (won, lost);
        for deal in 1..=deals {
            for (step, pos) in along_a_playout(rules, deal, steps, every) {
                check(&pos);
                let plain = plain_search(&pos, PLAIN_CAP);
                if plain != Plain::TooBig {
                    let exact = checked(&pos, &solve_exact(&pos, &budget));
                    assert_eq!(exact, plain, "{} deal {deal}, step {step}\n{pos}", rules.id);
                    if let Some(report) = solve_by_classes(&pos, &budget) {
                        let classes = checked(&pos, &report);
                        assert_eq!(classes, plain, "class search: {} deal {deal}, step {step}\n{pos}", rules.id);
                        by_classes += 1;
                    }
                    match plain {
                        Plain::Won => won += 1,
                        _ => lost += 1,
                    }
                }
            }
        }
        summary.push(format!("{}: {} won, {} lost", rules.id, won - before_won, lost - before_lost));
    }
    println!("{}", summary.join("\n"));
    summary.push(format!("class search: {by_classes}"));
    (won, lost, summary)
}

#[test]
fn harmonys_reductions_never_change_a_verdict() {
    let (won, lost, summary) = against_plain_search(&harmony_like(), 30, 3, |_| {});
    assert!(won >= 200 && lost >= 200, "want both verdicts often: {summary:?}");
    let by_classes: u32 = summary.last().unwrap().trim_start_matches("class search: ").parse().unwrap();
    assert!(by_classes >= (won + lost) * 9 / 10, "the class search applies almost everywhere: {summary:?}");
}

/// Pitchfork with partial runs, every card face up: the part of a column
/// under its top run is as inert as face-down cards, so the twin
/// reduction holds there too (see `twins`); checked the same way, on small
/// decks with a stock, openings and positions along random playouts.
#[test]
fn the_twin_reduction_never_changes_a_verdict_in_pitchfork_with_partial_runs() {
    use patience_core::rules::RunMoves;
    let pitchfork = preset("pitchfork/partial-runs");
    assert_eq!(pitchfork.run_moves, RunMoves::AnyRun);
    let decks = [
        (leak(Rules { id: "test/pitchfork-twins-5", ranks: 5, columns: &[4, 3, 2, 3, 4], ..pitchfork.clone() }), 60),
        (leak(Rules { id: "test/pitchfork-twins-6", ranks: 6, columns: &[5, 4, 2, 4, 5], ..pitchfork.clone() }), 40),
        (leak(Rules { id: "test/pitchfork-twins-4", ranks: 4, columns: &[4, 3, 3, 4], ..pitchfork.clone() }), 60),
    ];
    let (won, lost, summary) = against_plain_search(&decks, 24, 4, |pos| {
        assert!(patience_solver::twins::prunable(pos), "{}: the reduction applies\n{pos}", pos.rules().id);
    });
    assert!(won >= 150 && lost >= 150, "want both verdicts often: {summary:?}");
}
