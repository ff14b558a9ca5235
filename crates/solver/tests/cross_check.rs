//! The solver against plain exhaustive search on cut-down decks: for many
//! random small deals of every kind of game, both must agree on won or lost.
//! This checks that compound stock moves, safe foundation moves, the
//! canonical transposition keys and the win-finding pass never change a
//! verdict.

mod common;

use common::*;
use patience_core::rules::{Passes, Space};
use patience_core::{Position, Rules};
use patience_solver::{solve, solve_exact, Budget};

const PLAIN_CAP: usize = 60_000;

fn cut_down() -> Vec<(&'static Rules, u64)> {
    let harmony = preset("harmony");
    let harp = preset("harp");
    let harfe = preset("grosse-harfe");
    let pitchfork = preset("pitchfork");
    let warfield = preset("pitchfork/warfield");
    vec![
        (leak(Rules { id: "test/harmony-5", ranks: 5, columns: &[3, 4, 5], ..harmony.clone() }), 48),
        (leak(Rules { id: "test/harmony-4", ranks: 4, columns: &[3, 4, 5], ..harmony.clone() }), 48),
        (
            leak(Rules {
                id: "test/harp-1",
                decks: 1,
                ranks: 4,
                columns: &[2, 3, 4],
                passes: Passes::Limited(1),
                ..harp.clone()
            }),
            24,
        ),
        (
            leak(Rules {
                id: "test/harp-5",
                decks: 1,
                ranks: 5,
                columns: &[2, 3, 4, 5],
                passes: Passes::Limited(2),
                ..harp.clone()
            }),
            24,
        ),
        (
            leak(Rules {
                id: "test/harp-2-decks",
                ranks: 3,
                columns: &[3, 4, 5, 6],
                passes: Passes::Limited(1),
                ..harp.clone()
            }),
            16,
        ),
        (leak(Rules { id: "test/harfe", ranks: 3, columns: &[5, 4, 3], max_occupied: 3, ..harfe.clone() }), 16),
        (
            leak(Rules {
                id: "test/harfe-1",
                decks: 1,
                ranks: 5,
                columns: &[5, 4, 3, 2],
                max_occupied: 4,
                ..harfe.clone()
            }),
            16,
        ),
        (
            leak(Rules {
                id: "test/harfe-3",
                decks: 1,
                ranks: 5,
                columns: &[5, 4, 3, 2],
                max_occupied: 3,
                draw: 3,
                passes: Passes::Unlimited,
                ..harfe.clone()
            }),
            24,
        ),
        (
            leak(Rules {
                id: "test/harfe-kings",
                ranks: 3,
                columns: &[5, 4, 3],
                max_occupied: 3,
                space: Space::KingOnly,
                passes: Passes::Limited(3),
                ..harfe.clone()
            }),
            6,
        ),
        (leak(Rules { id: "test/pitchfork", ranks: 4, columns: &[4, 3, 3, 4], ..pitchfork.clone() }), 48),
        (
            leak(Rules {
                id: "test/pitchfork-1",
                ranks: 4,
                columns: &[4, 3, 3, 4],
                passes: Passes::Limited(1),
                ..pitchfork.clone()
            }),
            24,
        ),
        (leak(Rules { id: "test/warfield", ranks: 4, columns: &[4, 4, 0, 4], reserve: 3, ..warfield.clone() }), 48),
        (leak(Rules { id: "test/lasker", ranks: 4, columns: &[3, 3, 3, 3, 2, 2], ..preset("lasker").clone() }), 48),
        (
            leak(Rules {
                id: "test/lasker-classic",
                ranks: 4,
                columns: &[4, 4, 4, 4],
                ..preset("lasker/classic").clone()
            }),
            16,
        ),
    ]
}

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
