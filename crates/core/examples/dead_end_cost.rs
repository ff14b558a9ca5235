//! What the dead-end check costs per action: random play of five deals of
//! every game and variant, timing `Position::progress_reachable` before each
//! move. Run with `cargo run --release -p patience-core --example dead_end_cost`.

use std::time::Instant;

use patience_core::{presets, Game};

fn main() {
    println!("{:28} {:>10} {:>10} {:>10}", "rules", "mean ms", "worst ms", "bound hit");
    for rules in presets::ALL {
        let (mut worst, mut total, mut checks, mut bound_hit) = (0f64, 0f64, 0u32, 0u32);
        for deal in 1..=5u64 {
            let mut game = Game::new(rules, deal);
            let mut state = deal;
            for at in 0..300u64 {
                let started = Instant::now();
                let reachable = game.position().progress_reachable();
                let ms = started.elapsed().as_secs_f64() * 1e3;
                bound_hit += u32::from(reachable.is_none());
                worst = worst.max(ms);
                total += ms;
                checks += 1;
                let moves = game.legal_moves();
                if moves.is_empty() || game.is_final() {
                    break;
                }
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                game.play(moves[(state >> 33) as usize % moves.len()], at).expect("a listed move is legal");
            }
        }
        println!("{:28} {:>10.3} {:>10.1} {:>10}", rules.id, total / f64::from(checks), worst, bound_hit);
    }
}
