//! Shortened solutions still win, and are shorter where the search made
//! detours.

use patience_core::{presets, Move, MoveList, Pile, Position};
use patience_solver::shorten::shorten;
use patience_solver::{replays_to_win, solve, Budget, Outcome};

#[test]
fn a_shortened_solution_still_wins_and_is_never_longer() {
    let (mut before, mut after) = (0, 0);
    for id in ["harmony", "pitchfork"] {
        let rules = presets::find(id).unwrap();
        for deal in 1..=30 {
            let pos = Position::deal(rules, deal);
            let Outcome::Won(moves) = solve(&pos, &Budget::default().with_nodes(200_000)).outcome else { continue };
            let short = shorten(&pos, &moves);
            assert_eq!(replays_to_win(&pos, &short), Ok(true), "{id} deal {deal}");
            assert!(short.len() <= moves.len(), "{id} deal {deal}");
            before += moves.len();
            after += short.len();
        }
    }
    // The search's lines carry detours, so the total shrinks. Harmony's
    // carry few since its exact search keys twins and pending cards, so only
    // the total is checked (the figures are in docs/BENCHMARKS.md);
    // `a_move_there_and_back_is_cut_out` puts a detour in and sees it cut out.
    assert!(after < before, "{before} moves shortened to {after}");
}

/// A tableau move from `pos` that the next move takes back, if any.
fn there_and_back(pos: &Position) -> Option<(Move, Move)> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves.iter().find_map(|&there| {
        let Move::Transfer { from: from @ Pile::Tableau(_), to: to @ Pile::Tableau(_), count } = there else {
            return None;
        };
        let mut away = pos.clone();
        away.play(there).ok()?;
        let back = Move::Transfer { from: to, to: from, count };
        (away.play(back).is_ok() && away == *pos).then_some((there, back))
    })
}

#[test]
fn a_move_there_and_back_is_cut_out() {
    // A winning line with a detour put in where one exists: a run moved to
    // another column and back.
    let rules = presets::find("pitchfork").unwrap();
    let (pos, line, solution) = (1..100)
        .find_map(|deal| {
            let pos = Position::deal(rules, deal);
            let Outcome::Won(solution) = solve(&pos, &Budget::default().with_nodes(200_000)).outcome else {
                return None;
            };
            let mut at = pos.clone();
            for k in 0..solution.len() {
                if let Some((there, back)) = there_and_back(&at) {
                    let mut line = solution[..k].to_vec();
                    line.extend([there, back]);
                    line.extend(&solution[k..]);
                    return Some((pos, line, solution));
                }
                at.play(solution[k]).unwrap();
            }
            None
        })
        .expect("a won deal with a move that can be taken back");
    assert_eq!(replays_to_win(&pos, &line), Ok(true));
    let short = shorten(&pos, &line);
    assert_eq!(replays_to_win(&pos, &short), Ok(true));
    assert!(short.len() <= solution.len(), "{} moves from a line of {} with the detour", short.len(), line.len());
}

#[test]
fn a_line_that_does_not_win_comes_back_as_it_was() {
    let rules = presets::find("harmony").unwrap();
    let pos = Position::deal(rules, 1);
    let line = vec![Move::Draw, Move::Draw];
    assert_eq!(shorten(&pos, &line), line);
}
