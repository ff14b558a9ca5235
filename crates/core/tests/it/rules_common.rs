//! Rule sentences of `docs/RULES.md`, "Common to all games": one test per sentence,
//! each checking that what the sentence allows is allowed and what it forbids
//! is refused with a reason. Also: `Position::check` refuses every kind of
//! malformed move with a clear reason, agrees with `legal_moves`, and never
//! panics.

use crate::common;

use std::collections::HashMap;

use common::*;
use patience_core::game::Outcome;
use patience_core::rules::{Build, FoundationBase};
use patience_core::{presets, Card, Game, GameError, Move, Pile, Position, Status, Suit};

#[test]
fn common_ranks_run_ace_1_to_king_13_in_four_suits_hearts_and_diamonds_red() {
    assert_eq!(card("AS").rank(), 1);
    assert_eq!(card("TD").rank(), 10);
    assert_eq!(card("KC").rank(), 13);
    assert_eq!(Suit::ALL, [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]);
    for (text, red) in [("AS", false), ("AH", true), ("AD", true), ("AC", false)] {
        assert_eq!(card(text).is_red(), red, "{text}");
    }
    // The colours are what alternate-colour building reads.
    let pos = setup("rules harp\nt1 TS\nt2 TH\nt3 9D\nt4 9C");
    allowed(&pos, "t3-t1"); // red on black
    allowed(&pos, "t4-t2"); // black on red
    refused(&pos, "t4-t1", "9♣ needs a red 10; column 1 ends in 10♠"); // black on black
    refused(&pos, "t3-t2", "9♦ needs a black 10; column 2 ends in 10♥"); // red on red
}

#[test]
fn common_two_deck_games_hold_two_copies_of_every_card() {
    for rules in presets::ALL {
        for number in [1, 2] {
            let pos = Position::deal(rules, number);
            let mut seen: HashMap<Card, usize> = HashMap::new();
            for c in pos.cards_off_foundations() {
                *seen.entry(c).or_default() += 1;
            }
            for slot in 0..pos.foundation_slots() {
                for c in pos.foundation_cards(slot) {
                    *seen.entry(c).or_default() += 1;
                }
            }
            assert_eq!(seen.values().sum::<usize>(), rules.card_count(), "{} deal {number}", rules.id);
            assert_eq!(seen.len(), 52, "{}: every card of the deck appears", rules.id);
            for (c, n) in seen {
                assert_eq!(n, rules.decks as usize, "{}: copies of {c:?}", rules.id);
            }
        }
    }
    assert_eq!(presets::find("harp").unwrap().card_count(), 104);
    assert_eq!(presets::find("harmony").unwrap().card_count(), 52);
}

#[test]
fn common_uncovered_face_down_card_turns_up_as_part_of_the_move() {
    let pos = setup("rules harp\nt1 5S 4H | 9H\nt2 TS\nt3 7C | AS");
    assert_eq!(pos.face_down_total(), 3);

    // A move onto another column turns the uncovered card up at once.
    let after = allowed(&pos, "t1-t2");
    assert_eq!(col(&after, 1), "5S | 4H");
    assert_eq!(col(&after, 2), "TS 9H");
    assert_eq!(after.face_down_total(), 2);
    // The card is in play straight away: it is available for the next move.
    assert_eq!(after.available(Pile::Tableau(0)), Some(card("4H")));

    // So does a move to the foundations.
    let after = allowed(&pos, "t3-f");
    assert_eq!(col(&after, 3), "7C");
    assert_eq!(after.face_down_total(), 2);

    // And a run moved as a unit (Große Harfe).
    let pos2 = setup("rules grosse-harfe\nt1 2D | 9H 8S\nt2 TC");
    let after = allowed(&pos2, "t1-t2:2");
    assert_eq!(col(&after, 1), "2D");
    assert_eq!(after.face_down_total(), 0);

    // Face-down cards themselves never move: there is no separate turn-up
    // move, and a run cannot reach under the face-up cards.
    refused(&pos, "t1-t2:2", "Column 1 has only 1 card face up");
    assert!(pos.legal_moves().iter().all(|m| matches!(m, Move::Transfer { .. } | Move::Draw | Move::Redeal)));
}

#[test]
fn common_available_cards_are_pile_tops_and_the_waste_top() {
    let pos = setup("rules harmony\nf -- AH -- --\nt1 2H 9C\nt2 TD\nt3 8D\nt4\nwaste KC 7S");
    // 2H lies under 9C: not available, although it would fit its foundation.
    refused(&pos, "t1-f", "9♣ cannot go up yet: its foundation needs the Ace first");
    let after = allowed(&pos, "t1-t2");
    allowed(&after, "t1-f");

    // Only the top waste card is available: KC (under 7S) cannot fill t4 yet.
    refused(&pos, "w-t4", "Only a King goes into an empty column, and 7♠ is not one (column 4 is empty)");
    let after = allowed(&pos, "w-t3");
    assert_eq!(col(&after, 3), "8D 7S");
    let after = allowed(&after, "w-t4");
    assert_eq!(col(&after, 4), "KC");
}

#[test]
fn common_foundation_top_is_available_only_where_the_game_allows_it() {
    // Solitaire Harmony allows foundation-to-tableau moves.
    let pos = setup("rules harmony\nf -- 2H -- --\nt1 3S");
    let after = allowed(&pos, "f2-t1");
    assert_eq!(col(&after, 1), "3S 2H");
    assert_eq!(after.foundation_top(1), Some(card("AH")));
    // Harp does not.
    let pos = setup("rules harp\nf -- 2H -- -- -- -- -- --\nt1 3S");
    refused(&pos, "f2-t1", "never leave the foundations");
}

#[test]
fn common_a_moved_run_is_face_up_cards_to_the_top_correctly_built() {
    let pos = setup("rules pitchfork\nt1 TS 9H 4C\nt2 JC\nt3 TD 9S 8H\nt4 5H");
    allowed(&pos, "t1-t4"); // 4C on 5H: a single card
    refused(&pos, "t1-t2:2", "The top 2 cards of column 1 are not built in order: only the top card moves from there"); // 9H 4C is not built
    refused(&pos, "t1-t2:3", "The top 3 cards of column 1 are not built in order: only the top card moves from there");
    let after = allowed(&pos, "t3-t2:3"); // TD 9S 8H is built
    assert_eq!(col(&after, 2), "JC TD 9S 8H");
    assert_eq!(col(&after, 3), "");
    // A run always ends at the top of its pile: nothing in notation or in
    // the move list takes cards out of the middle.
    assert!(pos.legal_moves().iter().all(|m| match *m {
        Move::Transfer { from: Pile::Tableau(c), count, .. } => count as usize <= pos.run_len(c as usize),
        _ => true,
    }));
}

#[test]
fn common_a_run_is_judged_by_its_bottom_card() {
    let pos = setup("rules grosse-harfe\nt1 9H 8S\nt2 TS\nt3 9D\nt4 TH");
    let after = allowed(&pos, "t1-t2:2"); // bottom 9H fits TS
    assert_eq!(col(&after, 2), "TS 9H 8S");
    refused(&pos, "t1-t4:2", "9♥ needs a black 10; column 4 ends in 10♥"); // bottom 9H on TH: same colour
    refused(&pos, "t1-t3:2", "9♥ needs a black 10; column 3 ends in 9♦"); // the top card 8S would fit, the bottom does not
    allowed(&pos, "t1-t3"); // 8S alone fits 9D
}

#[test]
fn common_drawing_puts_cards_face_up_on_the_waste() {
    let pos = setup("rules harp\nt1 KS\nstock 3C 4D 5H");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C");
    assert_eq!(cards(after.stock()), "4D 5H");
    assert_eq!(after.available(Pile::Waste), Some(card("3C")));
    // Draw three: three cards, the third one drawn on top.
    let pos = setup("rules grosse-harfe/draw-3\nt1 KS\nstock 3C 4D 5H 6S 7H");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C 4D 5H");
    assert_eq!(after.available(Pile::Waste), Some(card("5H")));
    let after = allowed(&after, "s");
    assert_eq!(cards(after.waste()), "3C 4D 5H 6S 7H");
    assert!(after.stock().is_empty());
    refused(&after, "s", "The stock is empty");
}

#[test]
fn common_redeal_turns_the_waste_over_unshuffled_and_starts_the_next_pass() {
    let start = setup("rules harp\nt1 KS\nstock 3C 4D 5H");
    let mut pos = start.clone();
    for _ in 0..3 {
        refused(&pos, "r", "The stock still holds cards: draw them before turning the waste over");
        pos = allowed(&pos, "s");
    }
    refused(&pos, "s", "The stock is empty");
    assert_eq!(pos.pass(), 1);
    let after = allowed(&pos, "r");
    assert_eq!(after.pass(), 2);
    assert!(after.waste().is_empty());
    assert_eq!(after.stock(), start.stock(), "the same cards in the same order");
    // An empty waste cannot be turned over.
    let pos = setup("rules harp\nt1 KS");
    refused(&pos, "r", "The waste is empty: there is nothing to turn over");
}

#[test]
fn common_the_stock_may_be_drawn_while_other_moves_remain() {
    for id in ["harp", "grosse-harfe", "harmony", "pitchfork"] {
        let pos = setup(&format!("rules {id}\nt1 TS\nt2 9H\nstock 3C 4D"));
        assert!(listed(&pos).contains(&"t2-t1".to_string()), "{id}: a tableau move is left");
        let after = allowed(&pos, "s");
        assert_eq!(cards(after.waste()), "3C", "{id}");
    }
}

#[test]
fn common_cards_never_leave_the_foundations_outside_harmony_and_klondike() {
    for rules in presets::ALL {
        if rules.foundation_to_tableau {
            assert!(["harmony", "klondike"].contains(&rules.game), "{}", rules.id);
            continue;
        }
        let others = vec!["--"; rules.foundation_count() - 1].join(" ");
        let base = if rules.foundation_base == FoundationBase::Ace { "" } else { "base 5\n" };
        // 5S would fit the card below it under every tableau rule.
        let onto = if rules.build == Build::DownAlternateColours { "6D" } else { "6S" };
        let pos = setup(&format!("rules {}\n{base}f 5S {others}\nt1 {onto}\nt2", rules.id));
        refused(&pos, "f1-t1", "Cards never leave the foundations in this game");
        assert!(!listed(&pos).iter().any(|m| m.starts_with('f')), "{}", rules.id);
    }
}

#[test]
fn common_won_when_every_card_is_on_the_foundations() {
    let pos = setup("rules harp\nf KS KH KD KC QS KH KD KC\nt1 KS");
    assert_eq!(pos.status(), Status::Playing);
    assert!(!pos.is_won());
    let after = allowed(&pos, "t1-f");
    assert_eq!(after.cards_on_foundations(), 104);
    assert!(after.is_won());
    assert_eq!(after.status(), Status::Won);
    assert!(after.legal_moves().is_empty(), "nothing is left to move, and that is a win, not a loss");
}

#[test]
fn common_lost_when_no_legal_move_left() {
    // Harp, last pass used up, nothing plays: lost.
    let pos = setup("rules harp\npass 4\nt1 9S\nwaste 5S");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.status(), Status::Lost);
    refused(&pos, "r", "No pass is left: these rules allow 4 passes through the stock");
    refused(&pos, "w-t1", "5♠ needs a red 6; column 1 ends in 9♠");
    // The same table with a redeal left is not lost: the redeal is a move.
    let pos = setup("rules harp\npass 3\nt1 9S\nwaste 5S");
    assert_eq!(listed(&pos), ["r"]);
    assert_eq!(pos.status(), Status::Playing);
    // A draw left is a move too.
    let pos = setup("rules harp\npass 4\nt1 9S\nstock 5S");
    assert_eq!(listed(&pos), ["s"]);
    assert_eq!(pos.status(), Status::Playing);
}

#[test]
fn common_a_lost_game_may_still_be_undone() {
    // Every deal of Lasker's default rules is lost; playing the first
    // listed move until none is left gets there.
    let mut game = Game::new(presets::find("lasker").unwrap(), 1);
    for at in 0..200 {
        let Some(&mv) = game.legal_moves().first() else { break };
        game.play(mv, at).unwrap();
    }
    assert_eq!(game.outcome(), Outcome::Lost);
    assert!(!game.is_final(), "a lost game is not closed");
    assert!(game.can_undo());
    game.undo(1_000).unwrap();
    assert_ne!(game.outcome(), Outcome::Lost);
    assert!(!game.legal_moves().is_empty());
}

#[test]
fn common_a_dead_end_ends_the_game_when_no_sequence_of_moves_makes_progress() {
    // Every stock card has been seen (pass 2) and none goes anywhere.
    let stuck = "rules harp/unlimited\npass 2\nt1 9S\nstock 5S 4S\nwaste 3S";
    let pos = setup(stuck);
    assert_eq!(listed(&pos), ["s"], "drawing is still legal");
    assert_eq!(pos.status(), Status::Stuck);
    // With limited passes a draw is progress: the table is played out first.
    let limited = setup(&stuck.replace("harp/unlimited", "harp"));
    assert_eq!(limited.status(), Status::Playing);
    // A card that goes up somewhere in the next whole pass (8H lies under
    // 3S now, so only a redeal reaches it) means the game goes on.
    let pos = setup("rules harp/unlimited\npass 2\nf -- 7H -- -- -- -- -- --\nt1 9S\nstock 5S\nwaste 8H 3S");
    assert_eq!(pos.status(), Status::Playing);
    // A move on the table that turns a card up is progress.
    let pos = setup("rules harp/unlimited\npass 2\nt1 9S\nt2 4C | 8D\nstock 5S\nwaste 3S");
    assert_eq!(pos.status(), Status::Playing);
    // One that only moves cards about is not.
    let pos = setup("rules harp/unlimited\npass 2\nt1 9S\nt2 8D\nstock 5S\nwaste 3S");
    assert_eq!(pos.status(), Status::Stuck);
    // Harmony: a draw that sends a card up by itself changes the foundations.
    let pos = setup("rules harmony\npass 2\nt1 9S\nstock 5S AD\nwaste 3C");
    assert_eq!(pos.status(), Status::Playing);
    let pos = setup("rules harmony\npass 2\nt1 9S\nstock 5S 7D\nwaste 3C");
    assert_eq!(pos.status(), Status::Stuck);
}

#[test]
fn common_a_dead_end_is_not_kept_off_by_a_lone_king_moving_between_spaces() {
    // Moving a whole column into a space only swaps two interchangeable
    // columns: it is legal, but it makes no progress.
    let pos = setup("rules harp/unlimited\npass 2\nt1 KS\nt2 9S\nstock 5S 4S\nwaste 3S");
    assert!(listed(&pos).contains(&"t1-t3".to_string()), "{:?}", listed(&pos));
    assert!(!pos.makes_progress(mv("t1-t3")));
    assert_eq!(pos.status(), Status::Stuck);
    // A King that leaves a face-down card behind turns it up.
    let pos = setup("rules harp/unlimited\npass 2\nt1 2H | KS\nt2 9S\nstock 5S 4S\nwaste 3S");
    assert!(pos.makes_progress(mv("t1-t3")));
    assert_eq!(pos.status(), Status::Playing);
}

#[test]
fn common_undo_is_always_available_and_only_harmony_charges_for_it() {
    for id in ["harp", "grosse-harfe", "pitchfork", "lasker", "harmony"] {
        let rules = presets::find(id).unwrap();
        let mut game = Game::new(rules, 1);
        assert_eq!(game.undo(0), Err(GameError::NothingToUndo), "{id}: nothing to undo yet");
        let start = game.position().clone();
        let score = game.score();
        let mv = game.legal_moves()[0];
        game.play(mv, 10).unwrap();
        assert!(game.can_undo(), "{id}");
        game.undo(20).unwrap();
        assert_eq!(game.position(), &start, "{id}: undo restores the position");
        assert_eq!(game.undos(), 1);
        let charge = if id == "harmony" { 1_000 } else { 0 };
        assert_eq!(game.score(), score - charge, "{id}");
    }
}

#[test]
fn common_same_game_variant_and_deal_give_the_same_cards() {
    for rules in presets::ALL {
        assert_eq!(Position::deal(rules, 42), Position::deal(rules, 42), "{}", rules.id);
        assert_ne!(Position::deal(rules, 42), Position::deal(rules, 43), "{}", rules.id);
        assert_eq!(Position::deal(rules, u64::MAX), Position::deal(rules, u64::MAX), "{}", rules.id);
    }
    // Variants with the same layout share the deals: deal 7 of Harp and of
    // Harp (3 passes) lay out the same cards.
    let a = Position::deal(presets::find("harp").unwrap(), 7);
    let b = Position::deal(presets::find("harp/3-passes").unwrap(), 7);
    assert_eq!(a.to_string().lines().skip(1).collect::<Vec<_>>(), b.to_string().lines().skip(1).collect::<Vec<_>>());
    // The golden vectors that pin the shuffle for every release are in
    // tests/it/deals.rs.
}

// ----- Position::check on malformed moves -----------------------------------

#[test]
fn check_refuses_every_kind_of_malformed_move_with_a_clear_reason() {
    let harmony = setup("rules harmony\nf -- 2H -- --\nt1 5C | 9H 8S\nt2\nt3 TD 4C 3D\nwaste 7D");
    // A column out of range, as source or destination.
    refused(&harmony, "t9-t1", "There is no column 9: this game has 7");
    refused(&harmony, "t1-t10", "There is no column 10: this game has 7");
    // An empty source.
    refused(&harmony, "t2-t1", "Column 2 is empty");
    let no_waste = setup("rules harmony\nt1 KS\nt2 QH");
    refused(&no_waste, "w-t1", "The waste is empty");
    refused(&harmony, "f1-t1", "The ♠ foundation is empty");
    // A run longer than the face-up run.
    refused(&harmony, "t1-t3:3", "Column 1 has only 2 cards face up");
    // A run within the face-up cards that is not correctly built.
    refused(&harmony, "t3-t2:3", "The top 3 cards of column 3 are not built in order: at most the top 2 move together");
    // A foundation slot that does not exist.
    refused(&harmony, "f6-t1", "There is no such foundation: this game has 4");
    // A reserve where there is none.
    refused(&harmony, "res-t1", "This game has no reserve");

    // A multi-card move in a single-card game.
    let lasker = setup("rules lasker\nt1 8S 7S\nt2 9S\nt3 5C 2D");
    refused(&lasker, "t1-t2:2", "one card");
    refused(&lasker, "t3-t2:2", "one card");
    // A foundation source where the game does not allow it, and piles the
    // game does not have.
    let lasker = setup("rules lasker\nbase 7\nf 7S -- -- --\nt1 8S");
    refused(&lasker, "f1-t1", "Cards never leave the foundations in this game");
    refused(&lasker, "w-t1", "This game has no waste");
    refused(&lasker, "s", "This game has no stock");
    refused(&lasker, "r", "This game has no stock");

    // Moves that notation cannot write but the API can build.
    let t = |c: u8| Pile::Tableau(c);
    refused_move(&harmony, Move::transfer(t(0), t(2), 0), "at least one card");
    refused_move(&harmony, Move::transfer(t(0), t(0), 1), "Column 1 is both the source and the destination");
    refused_move(&harmony, Move::transfer(Pile::Waste, t(0), 2), "one card");
    refused_move(&harmony, Move::transfer(t(0), Pile::AnyFoundation, 2), "one at a time");
    refused_move(&harmony, Move::transfer(Pile::Stock, t(0), 1), "cards come from");
    refused_move(&harmony, Move::transfer(Pile::AnyFoundation, t(0), 1), "cards come from");
    refused_move(
        &harmony,
        Move::transfer(t(0), Pile::Waste, 1),
        "Cards cannot go to the waste: they go to a column or a foundation",
    );
    refused_move(
        &harmony,
        Move::transfer(t(0), Pile::Foundation(1), 1),
        "Cards cannot go to the ♥ foundation: they go to a column or a foundation",
    );
    refused_move(&harmony, Move::transfer(t(200), t(0), 1), "There is no column 201");
    refused_move(&harmony, Move::transfer(t(0), t(2), 255), "Column 1 has only 2 cards face up");
}

/// Every pile a move could name, real or not, for these rules.
fn every_pile() -> Vec<Pile> {
    let mut piles: Vec<Pile> = (0..=11).map(Pile::Tableau).collect();
    piles.extend((0..=9).map(Pile::Foundation));
    piles.extend([
        Pile::Stock,
        Pile::Waste,
        Pile::Reserve,
        Pile::AnyFoundation,
        Pile::Tableau(254),
        Pile::Foundation(254),
    ]);
    piles
}

/// Checks every conceivable move in `pos`: `check` accepts exactly the
/// listed moves, gives a reason for every other one, `play` agrees and
/// leaves the position unchanged on refusal, and nothing panics.
fn check_everything(pos: &Position) {
    let legal = pos.legal_moves();
    let mut candidates = vec![Move::Draw, Move::Redeal];
    for from in every_pile() {
        for to in every_pile() {
            for count in [0, 1, 2, 3, 13, 24, 255] {
                candidates.push(Move::transfer(from, to, count));
            }
        }
    }
    for m in candidates {
        let mut after = pos.clone();
        match pos.check(m) {
            Ok(()) => {
                assert!(legal.contains(&m), "`{m:?}` passes check but is not listed\n{pos}");
                after.play(m).unwrap();
            }
            Err(e) => {
                assert!(!legal.contains(&m), "`{m:?}` is listed but refused: {e}\n{pos}");
                assert_ne!(e.reason, patience_core::Refusal::NotAllowed, "{m:?}: {e}\n{pos}");
                assert_eq!(after.play(m), Err(e));
                assert_eq!(&after, pos);
            }
        }
    }
}

#[test]
fn check_never_panics_and_accepts_exactly_the_listed_moves() {
    for rules in presets::ALL {
        let mut pos = Position::deal(rules, 3);
        // A fixed walk through the game, so later positions (empty piles,
        // a waste, foundations) are covered too.
        for ply in 0..6 {
            check_everything(&pos);
            let moves = pos.legal_moves();
            let Some(&m) = moves.get((ply * 7 + 3) % moves.len().max(1)) else { break };
            pos.play(m).unwrap();
        }
    }
    // Full piles and edge cases of the setups themselves.
    let full = "rules harp\n\
        t1 KS KH KD KC QS QH QD QC JS JH JD JC TS TH TD TC 9S 9H 9D 9C 8S 8H 8D 8C\n\
        t2\nstock AS AS\nwaste AH";
    check_everything(&setup(full));
    check_everything(&setup("rules lasker\nbase -\nt1 AS\nt2 2S"));
    check_everything(&setup("rules pitchfork/warfield\nbase 9\nf 9S -- -- --\nt1 TS\nreserve 8H KD"));
    check_everything(&setup("rules harmony\nf AS AH AD AC\nt1 KS\nt2"));
}
