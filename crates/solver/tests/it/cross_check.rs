//! The solver against plain exhaustive search on cut-down decks: for many
//! random small deals of every kind of game, both must agree on won or lost.
//! This checks that compound stock moves, safe foundation moves, the
//! canonical transposition keys and the win-finding pass never change a
//! verdict.

use crate::common;

use common::*;
use patience_core::Position;
use patience_solver::{solve, solve_exact, Budget};

const PLAIN_CAP: usize = 60_000;

#[test]
fn solver_agrees_with_plain_exhaustive_search_on_cut_down_decks() {
    let budget = Budget::default().with_nodes(200_000);
    let mut summary = Vec::new();
    let (mut all_won, mut all_lost) = (0, 0);
    // Deals per rule set are few, since both searches run in debug builds.
    for (rules, deals) in cut_down() {
        let (mut won, mut lost, mut skipped) = (0, 0, 0);
        for deal in 1..=deals {
            let pos = Position::deal(rules, deal);
            let plain = plain_search(&pos, PLAIN_CAP);
            if plain == Plain::TooBig {
                skipped += 1;
                continue;
            }
            let fast = checked(&pos, &solve(&pos, &budget));
            let exact = checked(&pos, &solve_exact(&pos, &budget));
            assert_eq!(fast, plain, "{} deal {deal}: solve says {fast:?}, plain search {plain:?}\n{pos}", rules.id);
            assert_eq!(exact, plain, "{} deal {deal}: solve_exact says {exact:?}, plain {plain:?}\n{pos}", rules.id);
            match plain {
                Plain::Won => won += 1,
                _ => lost += 1,
            }
        }
        summary.push(format!("{}: {won} won, {lost} lost, {skipped} too big", rules.id));
        assert!(won + lost >= deals / 2, "{}: too few deals checked: {summary:?}", rules.id);
        all_won += won;
        all_lost += lost;
    }
    assert!(all_won >= 100 && all_lost >= 40, "want both verdicts often: {summary:?}");
    println!("{}", summary.join("\n"));
}
