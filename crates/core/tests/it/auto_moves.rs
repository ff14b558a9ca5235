//! The optional safe auto-move (issue: "an optional safe auto-move for the
//! other games"): while it is on, a card goes to its foundation by itself
//! once no card still in play could be built on it. It is part of the game
//! record (`auto-on`, `auto-off`), so replays make the same moves.

use crate::common;

use common::{mv, setup};
use patience_core::game::{Action, Entry, Outcome};
use patience_core::record::Record;
use patience_core::{presets, Game, Move, Pile, Position};

#[test]
fn an_ace_is_always_safe() {
    let pos = setup("rules harp\nt1 9S AH\nstock 5S");
    assert_eq!(pos.safe_foundation_move(), Some(Move::to_foundation(Pile::Tableau(0))));
}

#[test]
fn alternate_colours_a_card_is_safe_once_every_card_that_could_go_on_it_is_up() {
    // 2H could take a black Ace; with both decks' black Aces up it is safe.
    let pos = setup("rules harp\nf AS AH -- AC AS -- -- AC\nt1 9S 2H\nstock 5S");
    assert_eq!(pos.safe_foundation_move(), Some(mv("t1-f")));
    // One black Ace still in play (the second deck's ace of clubs): not safe.
    let pos = setup("rules harp\nf AS AH -- AC AS -- -- --\nt1 9S 2H\nt2 AC\nstock 5S");
    assert_eq!(pos.safe_foundation_move(), Some(mv("t2-f")), "the Ace goes first");
    let pos = setup("rules harp\nf AS AH -- AC AS -- -- --\nt1 9S 2H\nstock 5S");
    assert_eq!(pos.safe_foundation_move(), None);
}

#[test]
fn by_suit_a_card_is_safe_unless_it_sets_the_base_rank() {
    // Lasker: nothing is safe while the player has yet to choose the base.
    let pos = setup("rules lasker\nbase -\nt1 9S\nt2 5H");
    assert_eq!(pos.safe_foundation_move(), None);
    // With base 5, 6H follows 5H up and only 5H could have gone on it.
    let pos = setup("rules lasker\nbase 5\nf -- 5H -- --\nt1 9S\nt2 6H");
    assert_eq!(pos.safe_foundation_move(), Some(mv("t2-f")));
    // A card of the base rank could still take the rank below it.
    let pos = setup("rules lasker\nbase 5\nf -- 5H -- --\nt1 9S\nt2 5C");
    assert_eq!(pos.safe_foundation_move(), None);
}

#[test]
fn games_with_their_own_automatic_moves_or_upward_builds_have_none() {
    let pos = setup("rules harmony\nt1 9S 2H\nstock 5S");
    assert_eq!(pos.safe_foundation_move(), None);
    let pos = setup("rules lasker/classic\nbase 5\nf -- 5H -- --\nt1 9S\nt2 6H");
    assert_eq!(pos.safe_foundation_move(), None, "7H could still be built on 6H");
}

/// Plays the first legal move, `n` times, returning the entries.
fn play_first_moves(game: &mut Game, n: usize) {
    for i in 0..n {
        let Some(&mv) = game.legal_moves().first() else { break };
        game.play(mv, i as u64).unwrap();
    }
}

#[test]
fn with_auto_moves_on_no_safe_move_is_ever_left_unmade() {
    for id in ["harp", "grosse-harfe", "pitchfork", "lasker", "pitchfork/warfield"] {
        let rules = presets::find(id).unwrap();
        for deal in 1..=5 {
            let mut game = Game::new(rules, deal);
            game.set_safe_auto_moves(true, 0).unwrap();
            assert!(game.safe_auto_moves());
            for i in 0..60 {
                assert_eq!(game.position().safe_foundation_move(), None, "{id} deal {deal} after {i} moves");
                let Some(&mv) = game.legal_moves().first() else { break };
                game.play(mv, i).unwrap();
            }
        }
    }
}

#[test]
fn auto_moves_are_undone_with_the_move_that_set_them_off_and_replay_from_the_record() {
    let rules = presets::find("pitchfork").unwrap();
    // Find a deal and move after which the auto-move sends something up.
    for deal in 1..=200 {
        let mut game = Game::new(rules, deal);
        game.set_safe_auto_moves(true, 0).unwrap();
        let before = game.position().clone();
        if before != Position::deal(rules, deal) {
            continue; // switching on already sent cards up; keep the comparison simple
        }
        let on_foundations = before.cards_on_foundations();
        let moves = game.legal_moves();
        for &m in &moves {
            let mut plain = before.clone();
            plain.play(m).unwrap();
            let mut trial = game.clone();
            trial.play(m, 1).unwrap();
            if trial.position().cards_on_foundations() > plain.cards_on_foundations() {
                assert!(trial.position().cards_on_foundations() > on_foundations);
                // Undo takes back the move and what it set off.
                let mut undone = trial.clone();
                undone.undo(2).unwrap();
                assert_eq!(undone.position(), &before);
                // The record keeps the switch, so the replay makes the same moves.
                let text = Record::of(&trial).to_text();
                assert!(text.contains("auto-on"), "{text}");
                let replayed = Record::parse(&text).unwrap().replay().unwrap();
                assert_eq!(replayed.position(), trial.position());
                // Without the switch the same log leaves the card in play.
                let log: Vec<Entry> =
                    trial.log().iter().copied().filter(|e| e.action != Action::SafeAutoMoves(true)).collect();
                let without = Game::replay(rules, deal, patience_core::game::ClockStart::FirstAction, &log).unwrap();
                assert_eq!(without.position(), &plain);
                return;
            }
        }
    }
    panic!("no Pitchfork deal in 1..=200 whose first move sets off a safe auto-move");
}

#[test]
fn switching_auto_moves_off_stops_them() {
    let rules = presets::find("harp").unwrap();
    let mut game = Game::new(rules, 1);
    game.set_safe_auto_moves(true, 0).unwrap();
    game.set_safe_auto_moves(false, 0).unwrap();
    assert!(!game.safe_auto_moves());
    play_first_moves(&mut game, 30);
    let pos: &Position = game.position();
    assert_eq!(game.outcome() == Outcome::Won, pos.is_won());
    assert_eq!(Record::of(&game).to_text().matches("auto-").count(), 2);
}
