//! Hint benchmark: how long a hint takes for a player who follows the
//! hints, one hint after another on one thread, as the server answers one.
//!
//! `cargo bench -p patience-solver --bench hints -- [GAME[:A..B]]... [--hints N] [--samples N]`
//!
//! Default: every game, deals 1..=20, the first 40 hints of each (or up to
//! the game's end), with [`HonestConfig::for_hints`]. `--samples N`: N
//! worlds a hint, up to 2N, to weigh time against games won.

use std::time::{Duration, Instant};

use patience_core::game::{Game, Outcome};
use patience_core::{presets, Rules};
use patience_solver::honest::{hint_in_game, HonestConfig};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut hints = 40;
    if let Some(i) = args.iter().position(|a| a == "--hints") {
        hints = args.get(i + 1).and_then(|s| s.parse().ok()).expect("--hints N");
        args.drain(i..=i + 1);
    }
    let mut samples = None;
    if let Some(i) = args.iter().position(|a| a == "--samples") {
        samples = Some(args.get(i + 1).and_then(|s| s.parse::<usize>().ok()).expect("--samples N"));
        args.drain(i..=i + 1);
    }
    let targets: Vec<(&'static Rules, u64, u64)> = if args.is_empty() {
        presets::games().map(|id| (presets::find(id).unwrap(), 1, 20)).collect()
    } else {
        args.iter()
            .map(|a| {
                let (id, range) = a.split_once(':').unwrap_or((a, "1..21"));
                let (from, to) = range.split_once("..").expect("A..B");
                (presets::find(id).expect("a game id"), from.parse().unwrap(), to.parse::<u64>().unwrap() - 1)
            })
            .collect()
    };
    for (rules, from, to) in targets {
        let mut config = HonestConfig::for_hints(rules);
        if let Some(samples) = samples {
            config.samples = samples;
            config.most_samples = 2 * samples;
        }
        let mut times: Vec<Duration> = Vec::new();
        let mut won = 0;
        for deal in from..=to {
            let mut game = Game::new(rules, deal);
            for n in 0..hints {
                if game.is_final() || game.legal_moves().is_empty() {
                    break;
                }
                let started = Instant::now();
                let Some(hint) = hint_in_game(&game, &config, deal * 1000 + n) else { break };
                times.push(started.elapsed());
                if hint.hopeless() || game.play(hint.mv, 1000 * n).is_err() {
                    break;
                }
            }
            won += usize::from(game.outcome() == Outcome::Won);
        }
        times.sort();
        let n = times.len().max(1);
        let pct = |p: f64| times.get(((n as f64 * p).ceil() as usize).clamp(1, n) - 1).map_or(0.0, |t| t.as_secs_f64());
        println!(
            "{:<14} {} hints over deals {from}..={to}: p50 {:.3} s, p95 {:.3} s, max {:.3} s; {won} games won within {hints} hints",
            rules.id,
            times.len(),
            pct(0.5),
            pct(0.95),
            pct(1.0),
        );
    }
}
