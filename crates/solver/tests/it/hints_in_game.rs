//! Following hints never goes round in circles: no hint leads back to a
//! position the game has already been in.

use std::collections::HashSet;

use patience_core::game::Outcome;
use patience_core::{presets, Game, Position};
use patience_solver::honest::{hint_in_game, HintReason, HonestConfig};
use patience_solver::{par, Budget};

/// A small player: few sampled worlds, small searches, so that 300 hints in
/// every variant stay quick. The property does not depend on its strength.
fn quick() -> HonestConfig {
    HonestConfig { samples: 3, most_samples: 3, nodes: 1_500, ..HonestConfig::default() }
}

fn fingerprint(pos: &Position) -> String {
    pos.to_string().lines().filter(|l| !l.starts_with("pass ")).collect::<Vec<_>>().join("\n")
}

/// Follows up to 300 hints in deals 1 to 5 of every variant of `game`,
/// checking that none returns to a position already seen.
fn following_the_hint_never_revisits_a_position(game_id: &str) {
    let config = quick();
    let variants: Vec<_> = presets::ALL.iter().filter(|rules| rules.game == game_id).collect();
    assert!(!variants.is_empty(), "no variant of {game_id}");
    for rules in variants {
        for deal in 1..=5u64 {
            let mut game = Game::new(rules, deal);
            let mut seen = HashSet::from([fingerprint(game.position())]);
            for at in 0..300u64 {
                if game.outcome() != Outcome::Playing {
                    break;
                }
                let Some(hint) = hint_in_game(&game, &config, deal ^ at) else { break };
                if hint.hopeless() && hint.reason == HintReason::Cycle {
                    break;
                }
                game.play(hint.mv, at).unwrap();
                assert!(
                    seen.insert(fingerprint(game.position())),
                    "{} deal {deal}: hint {} after {at} actions returns to a position already seen\n{}",
                    rules.id,
                    hint.mv,
                    game.position()
                );
            }
        }
    }
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn following_the_hint_never_revisits_a_position_in_harp() {
    following_the_hint_never_revisits_a_position("harp");
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn following_the_hint_never_revisits_a_position_in_grosse_harfe() {
    following_the_hint_never_revisits_a_position("grosse-harfe");
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn following_the_hint_never_revisits_a_position_in_harmony() {
    following_the_hint_never_revisits_a_position("harmony");
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn following_the_hint_never_revisits_a_position_in_pitchfork() {
    following_the_hint_never_revisits_a_position("pitchfork");
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn following_the_hint_never_revisits_a_position_in_lasker() {
    following_the_hint_never_revisits_a_position("lasker");
}

/// A lost game's hints still lead somewhere: in Lasker's default rules,
/// which lose every deal, each hint heads for the par, and following them
/// brings up as many cards as the deal's par.
#[test]
fn in_a_lost_game_following_the_hints_brings_up_the_par() {
    let rules = presets::find("lasker").unwrap();
    let config = HonestConfig { samples: 3, most_samples: 3, ..HonestConfig::default() };
    for deal in 1..=5u64 {
        let par = par(&Position::deal(rules, deal), &Budget::default().with_nodes(1_000_000));
        assert!(par.exact, "deal {deal}: the par is exact");
        let mut game = Game::new(rules, deal);
        for at in 0..200u64 {
            if game.position().cards_on_foundations() == par.best {
                break;
            }
            let hint = hint_in_game(&game, &config, deal ^ at).expect("a legal move");
            if hint.reason != HintReason::Only {
                assert_eq!(
                    (hint.reason, hint.par),
                    (HintReason::Par, Some(par.best)),
                    "deal {deal}, after {at} moves: {hint}"
                );
                assert!(hint.hopeless(), "deal {deal}: every sampled deal is lost");
            }
            game.play(hint.mv, at).unwrap();
        }
        assert_eq!(game.position().cards_on_foundations(), par.best, "deal {deal}");
    }
}
