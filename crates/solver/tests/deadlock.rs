//! The loose game of `patience_solver::deadlock` against plain exhaustive
//! search: every position it shows lost really is lost.

mod common;

use common::*;
use patience_core::{presets, MoveList, Position};
use patience_solver::deadlock::proven_lost;
use patience_solver::{solve, Budget, Outcome};

const PLAIN_CAP: usize = 60_000;

/// SplitMix64, for reproducible random playouts.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn every_position_the_loose_game_shows_lost_is_lost() {
    // Openings and positions along random playouts of small deals of every
    // kind of game: wherever the loose game says lost, plain search agrees.
    let (mut shown, mut plain_lost, mut checked) = (0, 0, 0);
    let mut summary = Vec::new();
    for (rules, deals) in cut_down() {
        let before = shown;
        for deal in 1..=deals {
            let mut rng = deal.wrapping_mul(0x2545_f491_4f6c_dd1d);
            let mut pos = Position::deal(rules, deal);
            let mut moves = MoveList::new();
            for step in 0..40 {
                if step % 4 == 0 {
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
                moves.clear();
                pos.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(next(&mut rng) % moves.len() as u64) as usize];
                pos.play(mv).unwrap();
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
