//! Analysis benchmark: how long until a finished game's analysis is
//! complete (every position after each action decided, or left unknown at
//! its budget), one game after another on one thread, as a server works
//! out one.
//!
//! `cargo bench -p patience-solver --bench analysis -- [GAME[:A..B]]... [--timeout S] [--random]`
//!
//! Default: the honest player's games of Harmony deals 1..=200 (no clock)
//! and of deals 1..=50 of the other games, each position within 2 s (the
//! server's budget); on a deal never winnable, the par's course after it
//! as the server finds it (at most 40 par searches, none started after
//! 20 s). `--random`: games of random legal moves instead (up to 150
//! moves, then given up), which are quick to make.

use std::time::{Duration, Instant};

use patience_core::game::{Action, Game};
use patience_core::{presets, Rules};
use patience_solver::analysis::{analyse, par_course_by, Line, ParPoint};
use patience_solver::honest::{play_deal, HonestConfig};
use patience_solver::par::par_of_lost;
use patience_solver::{Budget, Verdict};

/// A finished game of `deal`: the honest player's, or random legal moves.
fn finished_game(rules: &'static Rules, deal: u64, random: bool) -> Game {
    if !random {
        let played = play_deal(rules, deal, &HonestConfig::for_rules(rules), 1, 800);
        let mut game = Game::new(rules, deal);
        for entry in played.log {
            game.apply(entry).expect("the honest player's log replays");
        }
        return game;
    }
    let mut game = Game::new(rules, deal);
    let mut seed = deal.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..150 {
        let legal = game.legal_moves();
        if legal.is_empty() || game.is_final() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        game.play(legal[(seed % legal.len() as u64) as usize], 0).expect("a legal move plays");
    }
    if !game.is_final() {
        game.quit(0).expect("an open game can be given up");
    }
    game
}

/// The game's analysis as the server makes it; its time and what it found.
fn analysed(game: &Game, budget: &Budget) -> (Duration, usize, usize, bool) {
    let started = Instant::now();
    let mut replay = Game::new(game.rules(), game.deal());
    let mut positions = vec![replay.position().clone()];
    let mut played = vec![true];
    for entry in game.log() {
        replay.apply(*entry).expect("the log replays");
        positions.push(replay.position().clone());
        played.push(!matches!(entry.action, Action::Undo | Action::Restart));
    }
    let line = Line { positions: &positions, played: &played };
    let analysis = analyse(&line, budget, |_| ());
    let mut unknown = analysis.verdicts.iter().filter(|&&v| v == Verdict::Unknown).count();
    let mut solves = analysis.solves;
    if analysis.never_winnable() {
        let course = par_course_by(&line, 40, |pos| {
            (started.elapsed() < Duration::from_secs(20)).then(|| {
                let par = par_of_lost(pos, budget);
                ParPoint { best: par.best, exact: par.exact }
            })
        });
        solves += course.solves;
        unknown += course.pars.iter().filter(|p| !p.exact).count();
    }
    (started.elapsed(), solves, unknown, analysis.lost_at.is_some())
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut timeout = 2.0;
    if let Some(i) = args.iter().position(|a| a == "--timeout") {
        timeout = args.get(i + 1).and_then(|s| s.parse().ok()).expect("--timeout SECONDS");
        args.drain(i..=i + 1);
    }
    let random = args.iter().any(|a| a == "--random");
    args.retain(|a| a != "--random");
    let targets: Vec<(&'static Rules, u64, u64)> = if args.is_empty() {
        presets::games()
            .map(|id| {
                let rules = presets::find(id).unwrap();
                (rules, 1, if id == "harmony" { 200 } else { 50 })
            })
            .collect()
    } else {
        args.iter()
            .map(|a| {
                let (id, range) = a.split_once(':').unwrap_or((a, "1..51"));
                let (from, to) = range.split_once("..").expect("A..B");
                (presets::find(id).expect("a game id"), from.parse().unwrap(), to.parse::<u64>().unwrap() - 1)
            })
            .collect()
    };
    let budget = Budget::default().with_timeout(Duration::from_secs_f64(timeout)).with_memory(256 << 20);
    println!(
        "games: {}; each position within {timeout} s",
        if random { "random legal moves" } else { "the honest player's" }
    );
    for (rules, from, to) in targets {
        let (mut times, made) = (Vec::new(), Instant::now());
        let (mut solves, mut unknown, mut marked, mut actions) = (0, 0, 0, 0);
        for deal in from..=to {
            let game = finished_game(rules, deal, random);
            actions += game.log().len();
            let (time, s, u, m) = analysed(&game, &budget);
            times.push(time);
            solves += s;
            unknown += u;
            marked += usize::from(m);
        }
        let made = made.elapsed() - times.iter().sum::<Duration>();
        times.sort();
        let n = times.len();
        let pct = |p: f64| times[((n as f64 * p).ceil() as usize).clamp(1, n) - 1].as_secs_f64();
        let within = |s: f64| times.iter().filter(|t| t.as_secs_f64() <= s).count();
        println!(
            "{:<14} {n} games, {actions} actions: analysis p50 {:.3} s, p95 {:.3} s, max {:.3} s; within 5 s {} ({:.1}%), \
             within 30 s {}; {solves} solves, {unknown} positions unknown (or their par a bound), {marked} games with the \
             losing action marked; {:.0} s to play the games",
            rules.id,
            pct(0.5),
            pct(0.95),
            pct(1.0),
            within(5.0),
            100.0 * within(5.0) as f64 / n as f64,
            within(30.0),
            made.as_secs_f64(),
        );
    }
}
