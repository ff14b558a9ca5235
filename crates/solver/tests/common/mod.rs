//! Helpers shared by the solver tests: cut-down rules, a plain exhaustive
//! search to check verdicts against, and solution replay.

#![allow(dead_code)]

use std::collections::HashSet;

use patience_core::deal::SplitMix64;
use patience_core::rules::{Passes, RunMoves, Space};
use patience_core::{presets, Move, MoveList, Position, Rules};
use patience_solver::{Outcome, Report};

/// `base` with the given changes, leaked so positions can use it.
pub fn leak(rules: Rules) -> &'static Rules {
    rules.validate().unwrap_or_else(|e| panic!("{e}"));
    Box::leak(Box::new(rules))
}

pub fn preset(id: &str) -> &'static Rules {
    presets::find(id).unwrap()
}

/// Small versions of every kind of game (fewer ranks, fewer columns, one
/// deck or fewer passes), each with how many deals the tests try, so that a
/// plain exhaustive search can settle most deals.
pub fn cut_down() -> Vec<(&'static Rules, u64)> {
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
                id: "test/pitchfork-partial-runs",
                ranks: 4,
                columns: &[4, 3, 3, 4],
                run_moves: RunMoves::AnyRun,
                ..pitchfork.clone()
            }),
            48,
        ),
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

/// What the plain search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plain {
    Won,
    Lost,
    /// More positions than the cap.
    TooBig,
}

/// Plain exhaustive search: every legal move of the engine, no safe moves,
/// no compound moves, no symmetry; a position is identified by its full
/// contents, pile by pile (without the pass counter when passes are
/// unlimited, since it grows without bound and changes nothing).
pub fn plain_search(root: &Position, cap: usize) -> Plain {
    let unlimited = root.rules().passes == Passes::Unlimited;
    let key = |pos: &Position| -> Vec<u8> {
        let mut key = Vec::with_capacity(128);
        for c in 0..pos.column_count() {
            key.push(0xff);
            key.push(pos.face_down(c) as u8);
            key.extend(pos.column(c).iter().map(|card| card.to_u8()));
        }
        key.push(0xfe);
        key.extend(pos.stock().iter().map(|card| card.to_u8()));
        key.push(0xfd);
        key.extend(pos.waste().iter().map(|card| card.to_u8()));
        key.push(0xfc);
        key.extend(pos.reserve().iter().map(|card| card.to_u8()));
        key.push(0xfb);
        key.extend((0..pos.foundation_slots()).map(|s| pos.foundation_len(s) as u8));
        key.push(pos.base_rank().unwrap_or(0));
        if !unlimited {
            key.extend(pos.pass().to_le_bytes());
        }
        key
    };
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut stack = vec![root.clone()];
    seen.insert(key(root));
    let mut moves = MoveList::new();
    while let Some(pos) = stack.pop() {
        if pos.is_won() {
            return Plain::Won;
        }
        moves.clear();
        pos.generate_moves(&mut moves);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv).expect("listed moves are legal");
            if seen.insert(key(&next)) {
                if seen.len() > cap {
                    return Plain::TooBig;
                }
                stack.push(next);
            }
        }
    }
    Plain::Lost
}

/// Replays a solution through the checked `play`; panics unless it wins.
#[track_caller]
pub fn assert_replays(pos: &Position, moves: &[Move]) {
    let mut p = pos.clone();
    for (i, &mv) in moves.iter().enumerate() {
        p.play(mv).unwrap_or_else(|e| panic!("move {i} ({mv}) of the solution: {e}\n{pos}"));
    }
    assert!(p.is_won(), "the solution does not end in a win\n{pos}");
}

/// The solver's verdict as a plain one, checking any solution on the way.
#[track_caller]
pub fn checked(pos: &Position, report: &Report) -> Plain {
    match &report.outcome {
        Outcome::Won(moves) => {
            assert_replays(pos, moves);
            Plain::Won
        }
        Outcome::Lost => Plain::Lost,
        Outcome::Unknown(limit) => panic!("unknown ({limit:?}) after {} nodes\n{pos}", report.nodes),
    }
}

/// A position from setup text for these rules.
#[track_caller]
pub fn setup(rules: &'static Rules, text: &str) -> Position {
    Position::from_setup_with(rules, text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The position every `every` steps along a random playout of `deal` (its
/// opening first), for up to `steps` moves; the playout is seeded by the
/// deal number, so the positions repeat from run to run.
pub fn along_a_playout(rules: &'static Rules, deal: u64, steps: usize, every: usize) -> Vec<(usize, Position)> {
    let mut rng = SplitMix64::new(deal.wrapping_mul(0x2545_f491_4f6c_dd1d));
    let mut pos = Position::deal(rules, deal);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for step in 0..steps {
        if step % every == 0 {
            out.push((step, pos.clone()));
        }
        moves.clear();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        pos.play(mv).unwrap();
    }
    out
}
