//! The exact search's reductions for Harmony-like games (`patience_solver`'s
//! `twins` and `pending` modules prove that they lose no win): positions
//! keyed up to twin swaps, twin moves only together with the foundation move
//! of the card they uncover, and cards played from the talon or a foundation
//! built on at once. Here they are checked against plain exhaustive search,
//! which tries every move, on small Harmony-like decks: openings and
//! positions along random playouts, with and without automatic moves and
//! moves off the foundations.

mod common;

use common::*;
use patience_core::rules::AutoMoves;
use patience_core::{MoveList, Position, Rules};
use patience_solver::{solve_exact, Budget};

const PLAIN_CAP: usize = 60_000;

/// SplitMix64, for reproducible random playouts.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

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
                auto_moves: AutoMoves::None,
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

#[test]
fn harmonys_reductions_never_change_a_verdict() {
    let budget = Budget::default().with_nodes(400_000);
    let (mut won, mut lost) = (0, 0);
    let mut summary = Vec::new();
    for (rules, deals) in harmony_like() {
        let (before_won, before_lost) = (won, lost);
        for deal in 1..=deals {
            let mut rng = deal.wrapping_mul(0x2545_f491_4f6c_dd1d);
            let mut pos = Position::deal(rules, deal);
            let mut moves = MoveList::new();
            for step in 0..30 {
                if step % 3 == 0 {
                    let plain = plain_search(&pos, PLAIN_CAP);
                    if plain != Plain::TooBig {
                        let exact = checked(&pos, &solve_exact(&pos, &budget));
                        assert_eq!(exact, plain, "{} deal {deal}, step {step}\n{pos}", rules.id);
                        match plain {
                            Plain::Won => won += 1,
                            _ => lost += 1,
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
        summary.push(format!("{}: {} won, {} lost", rules.id, won - before_won, lost - before_lost));
    }
    println!("{}", summary.join("\n"));
    assert!(won >= 200 && lost >= 200, "want both verdicts often: {summary:?}");
}
