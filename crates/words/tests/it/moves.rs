//! Moves in words, as front ends show them and screen readers announce them.

use crate::common;

use common::{mv, setup};
use patience_core::{Move, Position};
use patience_words::{announce, story, Lang};

/// `m` in English words.
fn describe(pos: &Position, m: Move) -> String {
    story(&pos.story(m)).in_lang(Lang::ENGLISH)
}

#[test]
fn a_card_onto_a_card_says_the_card_its_column_and_the_card_it_goes_on() {
    let pos = setup("rules harmony\nt1 9C\nt2\nt3 8S 7H");
    assert_eq!(describe(&pos, mv("t3-t1")), "7♥ from column 3 onto 9♣");
}

#[test]
fn a_run_into_an_empty_column_counts_the_cards_below_its_lead() {
    let pos = setup("rules harmony\nt1 5D | KS QH JC TD\nt2");
    assert_eq!(describe(&pos, mv("t1-t2:4")), "K♠ and 3 cards below it from column 1 into the empty column 2");
}

#[test]
fn draws_redeals_and_foundation_moves_are_said_plainly() {
    let pos = setup("rules harp\npass 1\nt1 AS\nstock 5D\nwaste 4C");
    assert_eq!(describe(&pos, Move::Draw), "Draw a card");
    assert_eq!(describe(&pos, mv("t1-f")), "A♠ from column 1 to the foundation");
    let pos = setup("rules harp\npass 1\nt1 AS\nwaste 4C");
    assert_eq!(describe(&pos, Move::Redeal), "Turn the waste over: pass 2 of 4");
    let pos = setup("rules grosse-harfe/draw-3\nt1 KS\nstock 5D 6D 7D 8D");
    assert_eq!(describe(&pos, Move::Draw), "Draw 3 cards");
}

#[test]
fn an_announcement_says_the_move_and_the_card_it_turned_up() {
    let pos = setup("rules harmony\nt1 4C | 7H\nt2 8S");
    let mut after = pos.clone();
    after.play(mv("t1-t2")).unwrap();
    assert_eq!(
        announce(Lang::ENGLISH, &pos.story(mv("t1-t2")), &pos.side_effects(mv("t1-t2"), &after)),
        "7♥ from column 1 onto 8♠. 4♣ turned up in column 1."
    );
}

#[test]
fn every_legal_move_of_every_opening_is_said_in_words_without_notation_in_every_language() {
    for lang in Lang::all() {
        for rules in patience_core::presets::ALL {
            let pos = Position::deal(rules, 7);
            for &m in pos.legal_moves().iter() {
                let words = story(&pos.story(m)).try_in_lang(lang).unwrap();
                assert!(
                    !words.is_empty() && !words.split_whitespace().any(|w| w == m.to_string()),
                    "{lang} {}: {m} is said {words:?}",
                    rules.id
                );
                let foreign = patience_words::foreign_words(&words, lang);
                assert!(foreign.is_empty(), "{lang} {}: {m} is said {words:?}, with {foreign:?}", rules.id);
            }
        }
    }
}
