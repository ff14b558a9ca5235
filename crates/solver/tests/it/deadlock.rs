//! The loose game of `patience_solver::deadlock` against plain exhaustive
//! search: every position it shows lost really is lost.

use crate::common;

use common::*;
use patience_core::{presets, Position};
use patience_solver::deadlock::proven_lost;
use patience_solver::{solve, Budget, Outcome};

const PLAIN_CAP: usize = 60_000;

#[test]
fn every_position_the_loose_game_shows_lost_is_lost() {
    // Openings and positions along random playouts of small deals of every
    // kind of game: wherever the loose game says lost, plain search agrees.
    let (mut shown, mut plain_lost, mut checked) = (0, 0, 0);
    let mut summary = Vec::new();
    for (rules, deals) in cut_down() {
        let before = shown;
        for deal in 1..=deals {
            for (step, pos) in along_a_playout(rules, deal, 40, 4) {
                let plain = plain_search(&pos, PLAIN_CAP);
                if plain != Plain::TooBig {
                    checked += 1;
                    plain_lost += usize::from(plain == Plain::Lost);
                    if proven_lost(&pos) {
                        shown += 1;
                        assert_eq!(plain, Plain::Lost, "{} deal {deal}, step {step}: shown lost\n{pos}", rules.id);
                    }
                }
            }
        }
        summary.push(format!("{}: {} shown lost", rules.id, shown - before));
    }
    println!(
        "{checked} positions settled by plain search, {plain_lost} lost, {shown} of them shown lost\n{summary:#?}"
    );
    assert!(shown >= 100, "the loose game should settle many of the {plain_lost} lost positions: {summary:#?}");
}

#[test]
fn the_solver_answers_lost_at_once_when_the_loose_game_shows_it() {
    // Harmony deal 29 stumped the exact search for more than 10 s; the loose
    // game settles it before the first node.
    let rules = presets::find("harmony").unwrap();
    let pos = Position::deal(rules, 29);
    assert!(proven_lost(&pos));
    let report = solve(&pos, &Budget::default().with_nodes(1_000));
    assert_eq!(report.outcome, Outcome::Lost);
    assert_eq!(report.nodes, 0);
    // Deal 1 is won, and the loose game does not say otherwise.
    assert!(!proven_lost(&Position::deal(rules, 1)));
}
