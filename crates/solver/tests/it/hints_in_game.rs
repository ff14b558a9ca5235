//! Following hints never goes round in circles: no hint plays a card back
//! to a position the game has already been in, and drawing through tables
//! seen before reaches a new one within a round of the stock.

use std::collections::HashSet;

use patience_core::game::Outcome;
use patience_core::rules::Passes;
use patience_core::{presets, Game, Position};
use patience_solver::honest::{hint_in_game, HintReason, HonestConfig, TWO_DECK_HINT_SAMPLES};
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
/// checking that no play returns to a position already seen, and that
/// draws onto positions seen before reach a new one within a round of the
/// stock (with passes left, a draw may go round to a card that now goes
/// somewhere).
fn following_the_hint_never_revisits_a_position(game_id: &str) {
    let config = quick();
    let variants: Vec<_> = presets::ALL.iter().filter(|rules| rules.game == game_id).collect();
    assert!(!variants.is_empty(), "no variant of {game_id}");
    for rules in variants {
        for deal in 1..=5u64 {
            let mut game = Game::new(rules, deal);
            let mut seen = HashSet::from([fingerprint(game.position())]);
            let mut draws_seen_before = 0;
            for at in 0..300u64 {
                if game.outcome() != Outcome::Playing {
                    break;
                }
                let Some(hint) = hint_in_game(&game, &config, deal ^ at) else { break };
                if hint.hopeless() && hint.reason == HintReason::Cycle {
                    // With passes without end, the stock goes round to every
                    // card again: a game still open has somewhere to go.
                    assert!(
                        rules.passes != Passes::Unlimited,
                        "{} deal {deal}: after {at} actions the hint gives up on an open game\n{}",
                        rules.id,
                        game.position()
                    );
                    break;
                }
                let round = game.position().stock().len() + game.position().waste().len() + 2;
                game.play(hint.mv, at).unwrap();
                if seen.insert(fingerprint(game.position())) {
                    draws_seen_before = 0;
                    continue;
                }
                draws_seen_before += 1;
                assert!(
                    !hint.mv.is_play() && draws_seen_before <= round,
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
fn following_the_hint_never_revisits_a_position_in_klondike() {
    following_the_hint_never_revisits_a_position("klondike");
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

/// The actions of a player who followed the hints in Harmony deal 13,
/// after which the hint once said every move led back where the game had
/// been, though drawing on to 7♣ let it go onto column 7 and turn up
/// column 5's next card.
const DEAL_13_ACTIONS: &str = "s s s s s s s undo s s s s s s s s s s s s s s s s s s t1-f r s s s s s s s s s s s s \
    w-f t5-f t7-t1 s s s s s s s s s r s w-t4 s s s s s s s s s s s s s s s s s s s r s s s s s s s s s s s s s \
    s s s s s s r s s s s s s s s s";

/// With passes without end, a hint judges a draw by where drawing leads,
/// not by the table it shows first: it never gives up while a card met on
/// the way can still go somewhere, and following it turns up a new card.
#[test]
#[ignore = "slow: the full tier runs it"]
fn with_unlimited_passes_a_hint_draws_on_to_a_card_that_goes_somewhere() {
    use patience_core::game::{Action, Entry};
    let rules = presets::find("harmony").unwrap();
    let mut game = Game::new(rules, 13);
    for (n, text) in DEAL_13_ACTIONS.split_whitespace().enumerate() {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"));
        game.apply(Entry { action, at_ms: 100 * n as u64 }).unwrap_or_else(|e| panic!("action {n} {text}: {e}"));
    }
    assert_eq!(game.log().len(), 104);
    let column_5 = |g: &Game| g.position().face_down(4);
    let hidden = column_5(&game);
    let config = HonestConfig::for_hints(rules);
    for at in 0..60u64 {
        let hint = hint_in_game(&game, &config, at).expect("a move is legal");
        assert_ne!(hint.reason, HintReason::Cycle, "hint {at} gives up: {}", game.position());
        game.play(hint.mv, 20_000 + 100 * at).unwrap();
        if column_5(&game) < hidden {
            return;
        }
    }
    panic!("60 hints did not turn up column 5's next card:\n{}", game.position());
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn a_two_deck_opening_hint_on_a_deal_the_player_wins_at_times_says_a_sampled_deal_was_won() {
    // Openings of the starting pool's Medium and Easy two-deck deals where
    // the first ten worlds' beams won nothing, and the hint said so: it now
    // samples on while no world is won (up to TWO_DECK_HINT_SAMPLES), and a
    // world whose par line brings every card up counts as won.
    for (id, deal) in [("harp", 109), ("harp", 130), ("grosse-harfe", 12), ("grosse-harfe/3-passes", 5)] {
        let rules = presets::find(id).unwrap();
        let hint = hint_in_game(&Game::new(rules, deal), &HonestConfig::for_hints(rules), 1).unwrap();
        assert_eq!(hint.reason, HintReason::Vote, "{id} {deal}: {hint}");
        assert!(hint.won_with_move > 0 && hint.samples <= TWO_DECK_HINT_SAMPLES, "{id} {deal}: {hint}");
    }
}
