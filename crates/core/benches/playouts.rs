//! Random playouts with full legal-move generation, for every game and
//! variant: the engine's raw speed, which bounds the solver's.
//!
//! Each iteration plays exactly `MOVES` random legal moves, dealing the next
//! numbered deal whenever a game has no move left or has gone on for
//! `MAX_GAME_MOVES` (unlimited passes never end by themselves). Throughput is
//! reported in moves applied per second; dealing is included.
//!
//! `movegen/` times move generation alone over positions of such playouts.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use patience_core::deal::SplitMix64;
use patience_core::{presets, MoveList, Position};

const MOVES: u64 = 20_000;
const MAX_GAME_MOVES: u32 = 500;

/// One of `moves` at random. Multiply-shift picks it without a division
/// (the deal's unbiased choice is not needed for a benchmark).
fn random_move(rng: &mut SplitMix64, moves: &MoveList) -> patience_core::Move {
    moves[((rng.next_u64() as u128 * moves.len() as u128) >> 64) as usize]
}

fn playout_moves(rules: &'static patience_core::Rules, rng: &mut SplitMix64, deal: &mut u64) -> u64 {
    let mut pos = Position::deal(rules, *deal);
    let mut in_game = 0;
    let mut moves = MoveList::new();
    for _ in 0..MOVES {
        moves.clear();
        pos.generate_moves(&mut moves);
        if moves.is_empty() || in_game == MAX_GAME_MOVES {
            *deal += 1;
            pos = Position::deal(rules, *deal);
            in_game = 0;
            moves.clear();
            pos.generate_moves(&mut moves);
        }
        pos.play_unchecked(random_move(rng, &moves));
        in_game += 1;
    }
    pos.cards_on_foundations() as u64
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(MOVES));
    for rules in presets::ALL {
        let mut rng = SplitMix64::new(1);
        let mut deal = 1;
        group.bench_function(rules.id, |b| b.iter(|| playout_moves(rules, &mut rng, &mut deal)));
    }
    group.finish();
}

fn dealing(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal");
    for id in ["harmony", "harp"] {
        let rules = presets::find(id).unwrap();
        let mut n = 0;
        group.bench_function(id, |b| {
            b.iter(|| {
                n += 1;
                Position::deal(rules, n)
            })
        });
    }
    group.finish();
}

/// `count` positions met in random playouts of `rules`, dealing the next
/// deal now and then.
fn playout_positions(rules: &'static patience_core::Rules, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(7);
    let mut positions = Vec::with_capacity(count);
    let mut deal = 1;
    let mut pos = Position::deal(rules, deal);
    let mut moves = MoveList::new();
    while positions.len() < count {
        moves.clear();
        pos.generate_moves(&mut moves);
        if moves.is_empty() || rng.next_u64().is_multiple_of(150) {
            deal += 1;
            pos = Position::deal(rules, deal);
            continue;
        }
        positions.push(pos.clone());
        pos.play_unchecked(random_move(&mut rng, &moves));
    }
    positions
}

/// Move generation alone, over positions met in random playouts (so that,
/// as in a search, the branch predictor cannot learn one position).
fn generating(c: &mut Criterion) {
    const POSITIONS: usize = 4096;
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    for id in ["harmony", "harp", "pitchfork"] {
        let rules = presets::find(id).unwrap();
        // The positions are gathered only when this benchmark runs.
        group.bench_function(id, |b| {
            let positions = playout_positions(rules, POSITIONS);
            let mut moves = MoveList::new();
            b.iter(|| {
                let mut listed = 0;
                for pos in &positions {
                    moves.clear();
                    pos.generate_moves(&mut moves);
                    listed += moves.len();
                }
                listed
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, dealing, generating);
criterion_main!(benches);
