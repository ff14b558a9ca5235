//! Where a game was lost: on games made for it (a winnable deal played along
//! a winning line, then into a loss at a known move, then on), the analysis
//! marks that move, gives a line that wins from the position before it, and
//! needs far fewer solves than one a position; an undo makes a new run.
//! On a deal never winnable, the par's course along the game agrees with
//! the par of every position solved on its own.

use crate::common;

use patience_core::{presets, Move, Position};
use patience_solver::analysis::{analyse, par_course_by, Line, ParPoint};
use patience_solver::par::par_of_lost;
use patience_solver::{solve, Budget, Verdict};

fn budget() -> Budget {
    Budget::default().with_nodes(2_000_000)
}

/// A winnable Harmony deal, its winning line, and a move after `k` moves of
/// that line that loses it; `None` if none of the first deals has one.
fn game_made_for_it(k: usize) -> Option<(Position, Vec<Move>, Move)> {
    let rules = presets::find("harmony").unwrap();
    for deal in 1..60 {
        let start = Position::deal(rules, deal);
        let Some(line) = solve(&start, &budget()).outcome.solution().map(<[Move]>::to_vec) else { continue };
        if line.len() <= k + 5 {
            continue;
        }
        let mut pos = start.clone();
        for &mv in &line[..k] {
            pos.play(mv).unwrap();
        }
        for &mv in pos.legal_moves().iter() {
            let mut next = pos.clone();
            next.play(mv).unwrap();
            if solve(&next, &budget()).outcome.verdict() == Verdict::Lost {
                return Some((start, line, mv));
            }
        }
    }
    None
}

/// The positions after each move of `moves` from `start`, then random
/// legal moves to `len` positions; every step played.
fn positions(start: &Position, moves: &[Move], len: usize) -> Vec<Position> {
    let mut all = vec![start.clone()];
    let mut pos = start.clone();
    for &mv in moves {
        pos.play(mv).unwrap();
        all.push(pos.clone());
    }
    let mut seed = 7u64;
    while all.len() < len {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        pos.play(legal[(seed >> 33) as usize % legal.len()]).unwrap();
        all.push(pos.clone());
    }
    all
}

#[test]
fn the_move_after_which_no_win_remained_is_marked() {
    let k = 12;
    let (start, line, losing) = game_made_for_it(k).expect("a deal with a losing move after 12 good ones");
    let mut moves = line[..k].to_vec();
    moves.push(losing);
    let all = positions(&start, &moves, 80);
    let played = vec![true; all.len()];
    let analysis = analyse(&Line { positions: &all, played: &played }, &budget(), |_| ());
    assert_eq!(analysis.lost_at, Some(k + 1), "{:?}", analysis.verdicts);
    assert_eq!(analysis.line_from, Some(k));
    assert!(analysis.verdicts[..=k].iter().all(|&v| v == Verdict::Won));
    assert!(analysis.verdicts[k + 1..].iter().all(|&v| v == Verdict::Lost));
    assert!(!analysis.never_winnable());
    // The line wins from the last winnable position.
    let mut pos = all[k].clone();
    for &mv in &analysis.line {
        pos.play(mv).unwrap();
    }
    assert!(pos.is_won());
    assert!(analysis.solves <= 12, "{} solves for {} positions", analysis.solves, all.len());
}

#[test]
fn a_game_left_while_still_winnable_gets_a_line_from_where_it_ended() {
    let k = 12;
    let (start, line, _) = game_made_for_it(k).expect("a winnable deal with a long winning line");
    // Good moves only, then the player gives up: the last table repeats.
    let mut all = positions(&start, &line[..k], 0);
    all.push(all[k].clone());
    let played = vec![true; all.len()];
    let analysis = analyse(&Line { positions: &all, played: &played }, &budget(), |_| ());
    assert_eq!(analysis.lost_at, None);
    assert!(analysis.verdicts.iter().all(|&v| v == Verdict::Won), "{:?}", analysis.verdicts);
    assert_eq!(analysis.line_from, Some(k), "from the table play left, before the give-up");
    let mut pos = all[k].clone();
    for &mv in &analysis.line {
        pos.play(mv).unwrap();
    }
    assert!(pos.is_won());
    // A game won needs no line.
    let mut won = positions(&start, &line, 0);
    won.push(won.last().unwrap().clone());
    let played = vec![true; won.len()];
    let analysis = analyse(&Line { positions: &won, played: &played }, &budget(), |_| ());
    assert_eq!((analysis.line_from, analysis.line.len()), (None, 0));
}

#[test]
fn after_an_undo_the_last_loss_is_the_one_marked() {
    let k = 12;
    let (start, line, losing) = game_made_for_it(k).expect("a deal with a losing move after 12 good ones");
    // Good moves, the losing one, an undo back, the losing one again.
    let mut all = positions(&start, &line[..k], 0);
    let mut played = vec![true; all.len()];
    let mut lost = all[k].clone();
    lost.play(losing).unwrap();
    all.push(lost.clone());
    played.push(true);
    all.push(all[k].clone());
    played.push(false);
    all.push(lost);
    played.push(true);
    let second_at = all.len() - 1;
    let analysis = analyse(&Line { positions: &all, played: &played }, &budget(), |_| ());
    assert_eq!(analysis.verdicts[k + 1], Verdict::Lost, "the first loss");
    assert_eq!(analysis.verdicts[k + 2], Verdict::Won, "undone");
    assert_eq!(analysis.verdicts[k + 3], Verdict::Lost, "lost again");
    assert_eq!(analysis.lost_at, Some(second_at), "{:?}", analysis.verdicts);
    assert!(analysis.solves <= 8, "a position seen before is not solved again: {}", analysis.solves);
}

#[test]
fn a_deal_never_winnable_says_so() {
    let rules = presets::find("harmony").unwrap();
    let deal = (1..200)
        .find(|&d| solve(&Position::deal(rules, d), &budget()).outcome.verdict() == Verdict::Lost)
        .expect("a lost deal");
    let all = positions(&Position::deal(rules, deal), &[], 30);
    let played = vec![true; all.len()];
    let analysis = analyse(&Line { positions: &all, played: &played }, &budget(), |_| ());
    assert!(analysis.never_winnable());
    assert_eq!(analysis.lost_at, None);
    assert!(analysis.verdicts.iter().all(|&v| v == Verdict::Lost));
    assert_eq!(analysis.solves, 1, "one solve settles a run that starts lost");
}

/// A game of random moves on a small Harmony (five ranks) deal proven lost,
/// along which the par falls at least once: small, so that every par of it
/// is exact within the budget.
fn game_of_a_lost_deal(len: usize) -> Vec<Position> {
    let rules = common::leak(patience_core::Rules {
        id: "test/analysis-harmony-5",
        ranks: 5,
        columns: &[3, 4, 5],
        ..common::preset("harmony").clone()
    });
    (1..2000)
        .map(|deal| Position::deal(rules, deal))
        .filter(|start| solve(start, &budget()).outcome.verdict() == Verdict::Lost)
        .map(|start| positions(&start, &[], len))
        .find(|all| exact_par(&all[0]).best > exact_par(all.last().unwrap()).best)
        .expect("a lost deal whose par falls along random moves")
}

fn exact_par(pos: &Position) -> ParPoint {
    let par = par_of_lost(pos, &budget());
    ParPoint { best: par.best, exact: par.exact }
}

#[test]
fn on_a_deal_never_winnable_the_par_course_agrees_with_each_positions_par() {
    let all = game_of_a_lost_deal(60);
    let played = vec![true; all.len()];
    let course = par_course_by(&Line { positions: &all, played: &played }, usize::MAX, |pos| Some(exact_par(pos)));
    let each: Vec<ParPoint> = all.iter().map(exact_par).collect();
    assert!(each.iter().all(|p| p.exact), "the budget decides every par here");
    assert_eq!(course.pars, each);
    assert!(each.windows(2).all(|w| w[1].best <= w[0].best), "the par never rises along played moves");
    let steps = each.windows(2).filter(|w| w[1].best < w[0].best).count();
    assert!(
        course.solves <= 2 + (steps + 1) * 6,
        "{} solves for {} positions and {steps} steps",
        course.solves,
        all.len()
    );
}

#[test]
fn a_par_course_cut_short_gives_bounds_that_hold() {
    let all = game_of_a_lost_deal(60);
    let mut played = vec![true; all.len()];
    played[30] = false;
    let line = Line { positions: &all, played: &played };
    for max_solves in [0, 1, 3, 5] {
        let course = par_course_by(&line, max_solves, |pos| Some(exact_par(pos)));
        assert!(course.solves <= max_solves);
        for (pos, point) in all.iter().zip(&course.pars) {
            let truth = exact_par(pos).best;
            assert!(point.best <= truth && point.best >= pos.cards_on_foundations(), "{point:?} vs {truth}");
            assert!(!point.exact || point.best == truth, "{point:?} vs {truth}");
        }
    }
    // A search that stops (`None`) leaves the rest as lower bounds too.
    let mut calls = 0;
    let course = par_course_by(&line, usize::MAX, |pos| {
        calls += 1;
        (calls <= 2).then(|| exact_par(pos))
    });
    assert_eq!(course.solves, 3, "the third look stops the course");
    assert!(course.pars.iter().zip(&all).all(|(p, pos)| p.best <= exact_par(pos).best));
}
