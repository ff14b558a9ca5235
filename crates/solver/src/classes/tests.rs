//! The class search against the engine's exact search, whose reductions it
//! shares: the same verdicts on Harmony deals and along playouts.

use patience_core::{presets, Position};

use super::*;
use crate::{solve_exact, Verdict};

#[test]
fn the_class_search_agrees_with_the_exact_search_on_harmony_deals() {
    let rules = presets::find("harmony").unwrap();
    let budget = Budget::default().with_nodes(300_000);
    let (mut won, mut lost) = (0, 0);
    for deal in 1..=120 {
        let root = Position::deal(rules, deal);
        assert!(Layout::applies(&root));
        let exact = solve_exact(&root, &budget).outcome.verdict();
        if exact == Verdict::Unknown {
            continue;
        }
        let classes = ClassSearch::new(&root, &Budget::default().with_nodes(3_000_000)).run(&root);
        assert_eq!(classes.outcome.verdict(), exact, "deal {deal}");
        if let Outcome::Won(line) = &classes.outcome {
            assert_eq!(crate::replays_to_win(&root, line), Ok(true));
            won += 1;
        } else {
            lost += 1;
        }
    }
    assert!(won > 80 && lost > 3, "{won} won, {lost} lost");
}
