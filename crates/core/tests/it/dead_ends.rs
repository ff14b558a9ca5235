//! Dead ends (docs/RULES.md, "The end of a game"): a game ends as lost with
//! "No more progress possible" when no sequence of legal moves from the
//! visible position makes progress, in every game and variant.

use crate::common;

use common::{mv, setup as pos};
use patience_core::game::{Game, Outcome};
use patience_core::setup::Setup;
use patience_core::{presets, Card, Position, Status};

/// A small random-number generator, so that the tests need no crate.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn moving_a_run_to_and_fro_is_no_progress_and_the_game_ends() {
    // One pass, the stock gone: the King-led run can only travel between
    // the two columns (Große Harfe fills a space with any card or run).
    let p = pos("rules grosse-harfe\npass 1\nt1 KS QH\nt2");
    assert!(p.legal_moves().contains(&mv("t1-t2:2")), "{p}");
    assert_eq!(p.progress_reachable(), Some(false));
    assert_eq!(p.status(), Status::Stuck);
}

#[test]
fn a_face_down_card_turned_up_is_progress() {
    let p = pos("rules grosse-harfe\npass 1\nt1 5D | KS QH\nt2");
    assert_eq!(p.progress_reachable(), Some(true));
    assert_eq!(p.status(), Status::Playing);
}

#[test]
fn a_card_reaching_a_foundation_is_progress_even_several_moves_away() {
    // 2S goes up only once AS is free, and AS only once QH moves off it.
    let p = pos("rules harp\npass 4\nf AS -- -- -- -- -- -- --\nt1 KD 2S QH\nt2 KS");
    assert!(!p.legal_moves().iter().any(|m| m.to_string().ends_with("-f")), "{p}");
    assert_eq!(p.status(), Status::Playing);
}

#[test]
fn where_passes_are_limited_a_draw_or_a_redeal_is_progress() {
    let p = pos("rules harp/3-passes\npass 1\nt1 KS\nstock 5D\nwaste 4C");
    assert_eq!(p.status(), Status::Playing, "a draw is left");
    let p = pos("rules harp/3-passes\npass 2\nt1 KS\nwaste 5D 4C");
    assert_eq!(p.status(), Status::Playing, "a redeal is left");
    let p = pos("rules harp/3-passes\npass 3\nt1 KS\nwaste 5D 4C");
    assert_eq!(p.status(), Status::Stuck, "the last pass is over and nothing plays");
}

#[test]
fn where_passes_are_unlimited_a_stock_card_seen_for_the_first_time_is_progress() {
    let unseen = pos("rules harp/unlimited\npass 1\nt1 9S\nstock 5S 4S\nwaste 3S");
    assert_eq!(unseen.status(), Status::Playing, "5S and 4S have not been seen");
    let seen = pos("rules harp/unlimited\npass 2\nt1 9S\nstock 5S 4S\nwaste 3S");
    assert_eq!(seen.status(), Status::Stuck, "every card has been seen and none plays");
    let on_the_tableau = pos("rules harp/unlimited\npass 2\nt1 9S\nstock 5S 8H\nwaste 3S");
    assert_eq!(on_the_tableau.status(), Status::Stuck, "8H goes on 9S, and nothing comes of it");
    let going_up = pos("rules harp/unlimited\npass 2\nf 4S -- -- -- -- -- -- --\nt1 9S\nstock 7D 5S\nwaste 3H");
    assert_eq!(going_up.status(), Status::Playing, "5S goes up once drawn");
}

#[test]
fn random_play_in_one_pass_grosse_harfe_ends_instead_of_going_on_forever() {
    // Deals 1, 2 and 3 once went on for 4,000 random moves with the stock
    // empty: moving runs to and fro is always legal.
    let rules = presets::find("grosse-harfe").unwrap();
    for deal in 1..=3u64 {
        let mut game = Game::new(rules, deal);
        let mut rng = Rng(deal);
        for at in 0..4000u64 {
            if game.outcome() != Outcome::Playing {
                break;
            }
            let moves = game.legal_moves();
            game.play(moves[rng.below(moves.len())], at).unwrap();
        }
        assert_ne!(game.outcome(), Outcome::Playing, "deal {deal}");
    }
}

#[test]
fn a_dead_end_is_told_in_words_and_undo_reopens_the_game() {
    let mut found = 0;
    for id in ["grosse-harfe", "pitchfork/no-redeal", "harp/3-passes", "harmony"] {
        let rules = presets::find(id).unwrap();
        for deal in 1..=4u64 {
            let mut game = Game::new(rules, deal);
            let mut rng = Rng(deal);
            for at in 0..1500u64 {
                if game.outcome() != Outcome::Playing {
                    break;
                }
                let moves = game.legal_moves();
                game.play(moves[rng.below(moves.len())], at).unwrap();
            }
            if game.outcome() != Outcome::Stuck {
                continue;
            }
            found += 1;
            assert_eq!(
                patience_words::outcome(game.outcome()).in_lang(patience_words::Lang::ENGLISH),
                "No more progress possible"
            );
            assert!(!game.is_final() && game.can_undo(), "{id}: a dead end is not closed");
            let mut at = 10_000;
            while game.outcome() == Outcome::Stuck {
                game.undo(at).unwrap();
                at += 1;
            }
            assert_eq!(game.outcome(), Outcome::Playing, "{id} deal {deal}");
        }
    }
    assert!(found >= 4, "random play reached only {found} dead ends");
}

/// `pos` with its hidden cards (face-down cards, and the stock while the
/// player has not seen all of it) dealt again at random among their places.
fn with_hidden_cards_shuffled(pos: &Position, rng: &mut Rng) -> Position {
    let mut setup = Setup::from(pos);
    let stock_hidden = !pos.stock_all_seen();
    let mut hidden: Vec<Card> = Vec::new();
    for column in &setup.columns {
        hidden.extend(&column.cards[..column.face_down]);
    }
    if stock_hidden {
        hidden.extend(&setup.stock);
    }
    for i in (1..hidden.len()).rev() {
        hidden.swap(i, rng.below(i + 1));
    }
    let mut cards = hidden.into_iter();
    for column in &mut setup.columns {
        for card in &mut column.cards[..column.face_down] {
            *card = cards.next().unwrap();
        }
    }
    if stock_hidden {
        for card in &mut setup.stock {
            *card = cards.next().unwrap();
        }
    }
    Position::try_from(setup).expect("the same cards in other places make a valid position")
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn the_dead_end_check_reads_only_what_the_player_sees() {
    for rules in presets::ALL {
        for deal in 1..=3u64 {
            let mut game = Game::new(rules, deal);
            let mut rng = Rng(deal ^ 0x5eed);
            for at in 0..200u64 {
                let pos = game.position();
                let expected = pos.progress_reachable();
                for _ in 0..2 {
                    let twin = with_hidden_cards_shuffled(pos, &mut rng);
                    assert_eq!(
                        twin.progress_reachable(),
                        expected,
                        "{} deal {deal} after {at} moves: the answer depends on hidden cards\n{pos}\n{twin}",
                        rules.id
                    );
                }
                let moves = game.legal_moves();
                if moves.is_empty() || game.is_final() {
                    break;
                }
                game.play(moves[rng.below(moves.len())], at).unwrap();
            }
        }
    }
}
