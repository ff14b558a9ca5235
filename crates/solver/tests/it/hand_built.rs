//! Small hand-built positions with known verdicts, won and lost, for every
//! game. Each expected verdict is also confirmed by the plain exhaustive
//! search, so a wrong expectation cannot hide a solver bug.

use crate::common;

use common::*;
use patience_core::{Position, Rules};
use patience_solver::{solve, solve_exact, Budget, Outcome};

/// Solves `text` under `rules` with both searches and checks the verdict.
/// (A win is proven by replaying the solution, so the plain search may give
/// up on a won position whose space is too big for it.)
#[track_caller]
fn expect(rules: &'static Rules, text: &str, want: Plain) -> Position {
    let pos = setup(rules, text);
    let plain = plain_search(&pos, 100_000);
    if !(want == Plain::Won && plain == Plain::TooBig) {
        assert_eq!(plain, want, "plain search disagrees with the test\n{pos}");
    }
    let budget = Budget::default().with_nodes(100_000);
    assert_eq!(checked(&pos, &solve(&pos, &budget)), want, "solve\n{pos}");
    assert_eq!(checked(&pos, &solve_exact(&pos, &budget)), want, "solve_exact\n{pos}");
    pos
}

#[test]
fn harmony() {
    let rules = preset("harmony");
    // 2H onto 3S turns up AS, which goes up by itself; then 2S, AH, 2H, 3S.
    expect(rules, "t1 AS | 2H\nt2 AH | 2S\nt3 3S", Plain::Won);
    // Each Ace lies under a two that has nowhere to go.
    expect(rules, "t1 AS | 2H\nt2 AH | 2S", Plain::Lost);
    // A stock card that fits nowhere: passes are unlimited, still lost.
    expect(rules, "t1 AS | 2H\nt2 AH | 2S\nstock 3D 4C", Plain::Lost);
    // Only by bringing 3H down from its foundation onto 4S can 2C leave AC.
    let pos = expect(rules, "f 3S 3H -- --\nt1 AC | 2C\nt2 4S", Plain::Won);
    let report = solve(&pos, &Budget::default());
    let moves = report.outcome.solution().unwrap();
    assert!(moves.iter().any(|m| m.to_string() == "f2-t2"), "{moves:?}");
    // 2H can leave 3D only for 3S, which lies under 4S on its foundation:
    // 4S comes down onto 5D and, before anything covers it, 3S onto 4D.
    expect(rules, "f 4S -- -- --\nt1 AH 3D | 2H\nt2 5D\nt3 4D\nstock AD 2D", Plain::Won);
}

#[test]
fn harp() {
    let rules = preset("harp");
    expect(rules, "t1 AS | 2H\nt2 3S\nstock 2S AH", Plain::Won);
    expect(rules, "t1 AS | 2H\nt2 AH | 2S", Plain::Lost);
    // 3S lands on 2S in the waste: it takes a second pass.
    let talon = "stock 2S 3S AS";
    let pos = expect(rules, talon, Plain::Won);
    let moves = solve(&pos, &Budget::default()).outcome.solution().unwrap().to_vec();
    assert!(moves.iter().any(|m| m.to_string() == "r"), "{moves:?}");
    // With the last pass already begun there is none left.
    expect(rules, &format!("pass 4\n{talon}"), Plain::Lost);
    expect(preset("harp/3-passes"), &format!("pass 3\n{talon}"), Plain::Lost);
    expect(preset("harp/unlimited"), &format!("pass 9\n{talon}"), Plain::Won);
}

#[test]
fn grosse_harfe() {
    // Two decks: each black Ace lies under its own two, and black threes
    // fill four more columns.
    let blocked = "t1 AS | 2S\nt2 AS | 2S\nt3 AC | 2C\nt4 AC | 2C\nt5 3S\nt6 3S\nt7 3C\nt8 3C";
    // Any card fills a space: a two steps into t9 and everything unwinds.
    expect(preset("grosse-harfe"), blocked, Plain::Won);
    // With at most 8 columns occupied the spaces cannot be used.
    expect(preset("grosse-harfe/8-columns"), blocked, Plain::Lost);
    // Kings only: a two may not go into a space.
    expect(preset("grosse-harfe/kings-only"), blocked, Plain::Lost);
    // A run (Leiter) moves as a unit into a space to free AS.
    expect(preset("grosse-harfe"), "f -- 2H -- -- -- -- -- --\nt1 AS | 3H 2S", Plain::Won);
    // One pass through the talon: 3S buries 2S in the waste; spaces help.
    expect(preset("grosse-harfe"), "stock 2S 3S AS", Plain::Won);
    expect(preset("grosse-harfe/kings-only"), "stock 2S 3S AS", Plain::Lost);
    expect(preset("grosse-harfe/3-passes"), "stock 2S 3S AS", Plain::Won);
    // Draw 3: AS, 2S, 3S come out in one turn with 3S on top.
    expect(preset("grosse-harfe/draw-3"), "stock 2S AS 3S 4S", Plain::Won);
}

#[test]
fn pitchfork() {
    let rules = preset("pitchfork");
    // Draw 3D and put it on 4C (not up, though it could go), then 2S onto
    // it frees AH, then 2H frees AS.
    expect(rules, "f -- -- 2D 3C\nt1 AS 2H\nt2 4C\nt3 AH 2S\nstock 3D", Plain::Won);
    // On 4D it cannot go: the twos stay on their Aces.
    expect(rules, "f -- -- 2D 3C\nt1 AS 2H\nt2 4D\nt3 AH 2S\nstock 3D", Plain::Lost);
    expect(rules, "stock 2S 3S AS", Plain::Won);
    expect(preset("pitchfork/no-redeal"), "stock 2S 3S AS", Plain::Lost);
    expect(preset("pitchfork/2-passes"), "stock 2S 3S AS", Plain::Won);
    // Only whole runs move: 2S may not leave 3H for 3D alone, and 3H 2S
    // has nowhere to go. Where part of a run may move, it is won.
    let split = "f -- 2H 2D --\nt1 AS 3H 2S\nt2 3D";
    expect(rules, split, Plain::Lost);
    expect(preset("pitchfork/partial-runs"), split, Plain::Won);
}

#[test]
fn pitchfork_warfield() {
    let rules = preset("pitchfork/warfield");
    // Foundations start at 5 and wrap; 7S goes onto 8H to free 6S.
    expect(rules, "base 5\nf 5S 7H -- --\nt1 8H\nreserve 6S 7S", Plain::Won);
    // The reserve's 7S and 6S: with a space 7S steps aside.
    expect(rules, "base 5\nf 5S -- -- --\nreserve 6S 7S", Plain::Won);
    // 6S is out of play, so 7S never goes up.
    expect(rules, "base 5\nf 5S -- -- --\nt1 7S\nreserve 8S", Plain::Lost);
}

#[test]
fn lasker() {
    let rules = preset("lasker");
    // Base Ace: both Aces are on top.
    expect(rules, "base -\nt1 2S AS\nt2 2H AH", Plain::Won);
    // Base Ace cannot free AS from under 2S; base 2 cannot reach an Ace,
    // which only follows the King.
    expect(rules, "base -\nt1 AS 2S\nt2 2H AH", Plain::Lost);
    // With two ranks the base must be 2 (then A follows by wrapping), not
    // the Ace that is also available.
    let two = leak(Rules { id: "test/lasker-2", ranks: 2, columns: &[2, 2, 2, 2], ..rules.clone() });
    let pos = expect(two, "base -\nt1 AS 2S\nt2 AH\nt3 2H", Plain::Won);
    let moves = solve(&pos, &Budget::default()).outcome.solution().unwrap().to_vec();
    let mut p = pos.clone();
    p.play(moves[0]).unwrap();
    assert_eq!(p.base_rank(), Some(2), "{moves:?}");
    expect(two, "base -\nt1 2S AS\nt2 2H AH", Plain::Won);
    expect(two, "base -\nt1 2S AS\nt2 AH 2H\nt3 2D", Plain::Lost);
}

#[test]
fn lasker_classic() {
    let rules = preset("lasker/classic");
    // 2S steps into a space (or onto 3S) and AS sets the base.
    expect(rules, "base -\nt1 AS 2S", Plain::Won);
    expect(rules, "base -\nt1 AS 2S\nt2 3S", Plain::Won);
    // 2S is out of play: no base lets both AS and 3S go up.
    expect(rules, "base -\nt1 3S\nt2 AS", Plain::Lost);
}

#[test]
fn already_won_positions_need_no_moves() {
    let pos = setup(preset("harmony"), "f KS KH KD KC");
    assert_eq!(solve(&pos, &Budget::default()).outcome, Outcome::Won(vec![]));
}

#[test]
fn exhausted_budgets_say_unknown() {
    let pos = Position::deal(preset("grosse-harfe"), 1);
    let report = solve(&pos, &Budget::default().with_nodes(50));
    assert_eq!(report.outcome, Outcome::Unknown(patience_solver::Limit::Nodes));
    assert!(report.nodes <= 51);
    let report = solve_exact(&pos, &Budget::default().with_memory(1 << 12));
    assert_eq!(report.outcome, Outcome::Unknown(patience_solver::Limit::Memory));
    let report = solve_exact(&pos, &Budget::default().with_timeout(std::time::Duration::from_millis(20)));
    assert_eq!(report.outcome, Outcome::Unknown(patience_solver::Limit::Time));
}

#[test]
fn a_deep_search_stays_within_its_memory_budget() {
    // Lasker classic deal 1: the exact search's depth-first line runs
    // thousands of moves deep, each step of it a position on the search's
    // stack. The stack counts against the memory budget with the table:
    // with 8 MiB the search stops for memory after some 22,000 nodes with
    // about 12,000 positions stored, a table of well under 1 MiB.
    let pos = Position::deal(preset("lasker/classic"), 1);
    let budget = Budget::default().with_memory(8 << 20).with_nodes(300_000);
    let report = solve_exact(&pos, &budget);
    assert_eq!(report.outcome, Outcome::Unknown(patience_solver::Limit::Memory));
    assert!(report.nodes < 100_000 && report.stored < 50_000, "{} nodes, {} stored", report.nodes, report.stored);
}
