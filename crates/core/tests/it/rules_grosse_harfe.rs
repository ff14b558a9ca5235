//! Rule sentences of docs/RULES.md, "Die Große Harfe" (the default and the
//! variants its seed rule page names: 3 passes, kings only, at most 8
//! columns, draw 3): one test per sentence, each checking that what the
//! sentence allows is allowed and what it forbids is refused with a reason.

use crate::common;

use common::*;
use patience_core::deal::{shuffled_deck, SplitMix64};
use patience_core::{presets, Card, Game, Move, Pile, Position, Status};

const ALL_IDS: [&str; 5] = [
    "grosse-harfe",
    "grosse-harfe/3-passes",
    "grosse-harfe/kings-only",
    "grosse-harfe/8-columns",
    "grosse-harfe/draw-3",
];

/// The cards dealt to each column, bottom first, before any Ace goes up.
fn dealt_columns(rules: &'static patience_core::Rules, number: u64) -> Vec<Vec<Card>> {
    let deck = shuffled_deck(rules, number);
    let mut next = 0;
    rules
        .columns
        .iter()
        .map(|&height| {
            next += height as usize;
            deck[next - height as usize..next].to_vec()
        })
        .collect()
}

#[test]
fn grosse_harfe_layout_10_columns_column_c_holds_11_minus_c_only_top_card_face_up() {
    for id in ALL_IDS {
        let rules = presets::find(id).unwrap();
        for number in 1..=5 {
            let pos = Position::deal(rules, number);
            assert_eq!(pos.column_count(), 10, "{id}");
            let dealt = dealt_columns(rules, number);
            for (c, dealt) in dealt.iter().enumerate() {
                let height = 10 - c; // column c + 1 holds 11 - (c + 1)
                assert_eq!(dealt.len(), height, "{id} deal {number}: column {}", c + 1);
                // What is no longer there are the Aces that showed and went up.
                let left = pos.column(c).len();
                assert_eq!(pos.column(c), &dealt[..left], "{id} deal {number}: column {}", c + 1);
                assert!(dealt[left..].iter().all(|card| card.rank() == 1), "{id} deal {number}");
                assert_eq!(
                    pos.face_down(c),
                    left.saturating_sub(1),
                    "{id} deal {number}: only the top card is face up"
                );
            }
            let on_table = (0..10).map(|c| pos.column(c).len()).sum::<usize>();
            assert_eq!(on_table + pos.cards_on_foundations(), 55);
        }
    }
}

#[test]
fn grosse_harfe_talon_holds_49_cards_and_8_foundations_build_ace_to_king_by_suit() {
    for id in ALL_IDS {
        let pos = Position::deal(presets::find(id).unwrap(), 1);
        assert_eq!(pos.stock().len(), 49, "{id}");
        assert!(pos.waste().is_empty());
        assert_eq!(pos.foundation_slots(), 8);
    }
    let pos = setup("rules grosse-harfe\nf 2S AH -- -- -- -- -- --\nt1 3S\nt2 3H\nt3 2H\nt4 4S");
    allowed(&pos, "t1-f");
    allowed(&pos, "t3-f");
    refused(&pos, "t2-f", "3♥ cannot go up yet: its foundations need the Ace or the 2 first");
    refused(&pos, "t4-f", "4♠ cannot go up yet: its foundations need the Ace or the 3 first");
}

#[test]
fn grosse_harfe_tableau_builds_down_in_alternating_colours() {
    let pos = setup("rules grosse-harfe\nt1 TS\nt2 9H\nt3 9C\nt4 8D\nt5 JS");
    allowed(&pos, "t2-t1");
    refused(&pos, "t3-t1", "9♣ needs a red 10; column 1 ends in 10♠");
    refused(&pos, "t4-t1", "8♦ needs a black 9; column 1 ends in 10♠");
    refused(&pos, "t5-t1", "J♠ needs a red Queen; column 1 ends in 10♠");
}

#[test]
fn grosse_harfe_any_built_run_moves_as_a_unit() {
    let pos = setup("rules grosse-harfe\nt1 3C | KS QH JC TD 9S\nt2 TH\nt3 KC\nt4 QD\nt5 8H 2C\nt6 3D");
    // Every part of the built run from some card to the top moves, judged by
    // its bottom card ("Maßgebend ... ist immer die oberste Karte").
    let after = allowed(&pos, "t1-t2");
    assert_eq!(col(&after, 2), "TH 9S");
    let after = allowed(&pos, "t1-t4:3");
    assert_eq!(col(&after, 4), "QD JC TD 9S");
    let after = allowed(&pos, "t1-t3:4");
    assert_eq!(col(&after, 3), "KC QH JC TD 9S");
    assert_eq!(col(&after, 1), "3C | KS");
    refused(&pos, "t1-t3:3", "J♣ needs a red Queen; column 3 ends in K♣");
    refused(&pos, "t1-t2:2", "10♦ needs a black Jack; column 2 ends in 10♥");
    // Face-up cards that are not a built run do not move together.
    refused(&pos, "t5-t6:2", "The top 2 cards of column 5 are not built in order: only the top card moves from there");
    allowed(&pos, "t5-t6");
}

#[test]
fn grosse_harfe_empty_column_takes_any_card_or_run() {
    let pos = setup("rules grosse-harfe\nt1 3C | KS QH JC TD 9S\nt2\nt3 QD\nt4 8H 2C\nwaste 5H");
    let after = allowed(&pos, "w-t2");
    assert_eq!(col(&after, 2), "5H");
    let after = allowed(&pos, "t1-t2:3");
    assert_eq!(col(&after, 2), "JC TD 9S");
    allowed(&pos, "t1-t2:5");
    allowed(&pos, "t3-t2");
    allowed(&pos, "t4-t2");
    // A run still has to be a built run.
    refused(&pos, "t4-t2:2", "The top 2 cards of column 4 are not built in order: only the top card moves from there");
}

#[test]
fn grosse_harfe_at_most_10_columns_are_ever_occupied() {
    let rules = presets::find("grosse-harfe").unwrap();
    assert_eq!(rules.column_count(), 10);
    assert_eq!(rules.max_occupied, 10);
    // With nine columns holding cards the tenth may be filled.
    let pos = setup("rules grosse-harfe\nt1 QC\nt2 JD\nt3 5S\nt4 6S\nt5 7S\nt6 8S\nt7 9S\nt8 TS\nt9 KS\nt10");
    let after = allowed(&pos, "t3-t10");
    assert_eq!((0..10).filter(|&c| !after.column(c).is_empty()).count(), 9);
}

#[test]
fn grosse_harfe_draws_1_and_goes_through_the_talon_once() {
    let pos = setup("rules grosse-harfe\nt1 9S\nstock 3C 4D");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "3C");
    assert_eq!(redeals_allowed("grosse-harfe", 100), 0);
    // Every column holds a card and nothing fits anywhere: lost, no redeal.
    let full = "t1 9S\nt2 9C\nt3 8S\nt4 8C\nt5 7S\nt6 7C\nt7 6S\nt8 6C\nt9 5S\nt10 5C";
    let pos = setup(&format!("rules grosse-harfe\n{full}\nwaste 3S 4S"));
    refused(&pos, "r", "No pass is left: these rules allow one pass through the stock");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.status(), Status::Lost);
    // The 3-passes variant redeals the same table.
    let pos = setup(&format!("rules grosse-harfe/3-passes\n{full}\nwaste 3S 4S"));
    assert_eq!(listed(&pos), ["r"]);
}

#[test]
fn grosse_harfe_only_the_top_waste_card_is_playable_and_the_one_below_follows() {
    let pos = setup("rules grosse-harfe\nt1 9C\nt2 6H\nwaste 8H 5S");
    refused(&pos, "w-t1", "5♠ needs a red 6; column 1 ends in 9♣");
    let after = allowed(&pos, "w-t2");
    assert_eq!(cards(after.waste()), "8H");
    let after = allowed(&after, "w-t1");
    assert_eq!(col(&after, 1), "9C 8H");
    assert!(after.waste().is_empty());
}

#[test]
fn grosse_harfe_3_passes_variant_turns_the_talon_over_twice() {
    assert_eq!(redeals_allowed("grosse-harfe/3-passes", 100), 2);
    let pos = setup("rules grosse-harfe/3-passes\npass 2\nt1 9S\nwaste 3C");
    allowed(&pos, "r");
    let pos = setup("rules grosse-harfe/3-passes\npass 3\nt1 9S\nwaste 3C");
    refused(&pos, "r", "No pass is left: these rules allow 3 passes through the stock");
}

#[test]
fn grosse_harfe_kings_only_variant_empty_column_takes_only_king_or_king_run() {
    let pos = setup("rules grosse-harfe/kings-only\nt1 3C | KS QH JC\nt2\nt3 QD\nt4 KD\nt5 KC\nwaste 5H");
    allowed(&pos, "t1-t2:3");
    allowed(&pos, "t4-t2");
    refused(&pos, "t1-t2:2", "Only a King goes into an empty column, and Q♥ is not one (column 2 is empty)");
    refused(&pos, "t1-t2", "Only a King goes into an empty column, and J♣ is not one (column 2 is empty)");
    refused(&pos, "t3-t2", "Only a King goes into an empty column, and Q♦ is not one (column 2 is empty)");
    refused(&pos, "w-t2", "Only a King goes into an empty column, and 5♥ is not one (column 2 is empty)");
    // Runs still move as a unit onto cards.
    allowed(&pos, "t1-t5:2");
}

#[test]
fn grosse_harfe_8_columns_space_filled_only_while_fewer_than_8_occupied() {
    // Eight columns hold cards: neither space may be filled, by anything.
    let eight =
        "rules grosse-harfe/8-columns\nt1 QC\nt2 JD\nt3 5S\nt4 6S\nt5 7S\nt6 8S\nt7 KH\nt8 TS\nt9\nt10\nwaste 9D";
    let pos = setup(eight);
    let why = "An empty column may be filled only while at most 7 columns hold cards";
    refused(&pos, "t3-t9", why);
    refused(&pos, "t7-t10", why);
    refused(&pos, "w-t9", why);
    // Not even by a whole column, which would leave eight occupied.
    refused(&pos, "t1-t9:1", why);
    // Moves onto cards are not limited.
    allowed(&pos, "t2-t1");
    allowed(&pos, "w-t8");
    // Once a column is cleared, seven hold cards and a space may be filled.
    let seven = allowed(&pos, "t2-t1");
    let after = allowed(&seven, "t3-t9");
    assert_eq!((0..10).filter(|&c| !after.column(c).is_empty()).count(), 7);
    let after = allowed(&seven, "w-t2");
    assert_eq!((0..10).filter(|&c| !after.column(c).is_empty()).count(), 8);
    // That fills the eighth column; now the rule applies again.
    refused(&after, "t3-t9", why);
    // The default rules fill a space with eight columns occupied.
    let pos = setup(&eight.replace("grosse-harfe/8-columns", "grosse-harfe"));
    allowed(&pos, "t3-t9");
}

#[test]
fn grosse_harfe_draw_3_variant_turns_3_cards_with_unlimited_passes() {
    let pos = setup("rules grosse-harfe/draw-3\nt1 9S\nt2 6H\nstock 8D 5S 3C 4D");
    let after = allowed(&pos, "s");
    assert_eq!(cards(after.waste()), "8D 5S 3C");
    assert_eq!(cards(after.stock()), "4D");
    // Only the top card of the three is playable.
    refused(&after, "w-t1", "3♣ needs a red 4; column 1 ends in 9♠");
    let after = allowed(&after, "s");
    assert_eq!(cards(after.waste()), "8D 5S 3C 4D", "fewer than three left: all of them");
    refused(&after, "s", "The stock is empty");
    assert_eq!(redeals_allowed("grosse-harfe/draw-3", 30), 30);
    let pos = setup("rules grosse-harfe/draw-3\npass 500\nt1 9S\nwaste 3C");
    allowed(&pos, "r");
}

// ----- "Alle Asse, die offen im Spiel erscheinen, werden aus dem Kartenbild
// genommen und über der ersten Reihe abgelegt" --------------------------------

/// Plays `text` on `pos` and returns the position after it with the
/// automatic moves the rules made after it, in notation.
#[track_caller]
fn play_reporting(pos: &Position, text: &str) -> (Position, Vec<String>) {
    let mut after = pos.clone();
    after.check(mv(text)).unwrap_or_else(|e| panic!("{e}\n{pos}"));
    let mut automatic = Vec::new();
    after.play_reporting(mv(text), &mut |m| automatic.push(m.to_string()));
    (after, automatic)
}

/// The cards that show face up and could be played: column tops and the
/// top waste card.
fn available_cards(pos: &Position) -> Vec<Card> {
    let tops = (0..pos.column_count()).filter_map(|c| pos.column(c).last().copied());
    tops.chain(pos.waste().last().copied()).collect()
}

#[test]
fn every_ace_that_shows_face_up_goes_to_the_foundations_by_itself() {
    // Along random playouts of every variant, no Ace is ever left showing,
    // and the player never has an Ace to move.
    let mut rng = SplitMix64::new(0xa5e5);
    for id in ALL_IDS {
        let rules = presets::find(id).unwrap();
        let mut aces_after_the_deal = 0;
        for number in 1..=20 {
            let mut pos = Position::deal(rules, number);
            for _ in 0..300 {
                assert!(available_cards(&pos).iter().all(|c| c.rank() != 1), "{id} deal {number}: an Ace shows\n{pos}");
                let moves = pos.legal_moves();
                for &m in &moves {
                    if let Move::Transfer { from, .. } = m {
                        assert_ne!(pos.available(from).map(|c| c.rank()), Some(1), "{id}: {m} moves an Ace");
                    }
                }
                let Some(&m) = moves.get(rng.below_or_equal(moves.len().max(1) as u64 - 1) as usize) else { break };
                pos.play_reporting(m, &mut |auto| {
                    assert_eq!(auto, Move::to_foundation(auto_source(auto)), "{id}: only foundation moves");
                    aces_after_the_deal += 1;
                });
            }
            let aces_up = (0..8).filter(|&slot| pos.foundation_len(slot) > 0).count();
            let aces_left = pos.cards_off_foundations().filter(|c| c.rank() == 1).count();
            assert_eq!(aces_up + aces_left, 8, "{id} deal {number}");
        }
        assert!(aces_after_the_deal > 20, "{id}: Aces went up during play ({aces_after_the_deal})");
    }
}

/// The source pile of a move to the foundations.
fn auto_source(m: Move) -> Pile {
    match m {
        Move::Transfer { from, .. } => from,
        _ => panic!("{m} is not a transfer"),
    }
}

#[test]
fn an_ace_dealt_face_up_goes_up_at_the_deal() {
    for id in ALL_IDS {
        let rules = presets::find(id).unwrap();
        let mut seen = 0;
        for number in 1..=100 {
            let pos = Position::deal(rules, number);
            for (c, dealt) in dealt_columns(rules, number).iter().enumerate() {
                // The Aces at the top of the column as dealt, one turned up
                // after the other: all of them go up, the card under them
                // turns face up.
                let aces = dealt.iter().rev().take_while(|card| card.rank() == 1).count();
                seen += aces;
                assert_eq!(pos.column(c), &dealt[..dealt.len() - aces], "{id} deal {number} t{}", c + 1);
                assert!(pos.column(c).is_empty() || pos.face_down(c) == pos.column(c).len() - 1);
            }
            let aces_up = (0..8).filter(|&slot| pos.foundation_len(slot) > 0).count();
            assert_eq!(aces_up, pos.cards_on_foundations(), "{id} deal {number}: only Aces go up at the deal");
        }
        assert!(seen > 5, "{id}: some deals show an Ace ({seen})");
    }
}

#[test]
fn an_ace_turned_up_goes_up_with_the_move_that_turned_it_up() {
    for id in ALL_IDS {
        let pos = setup(&format!("rules {id}\nt1 5C AH | 9C\nt2 TD\nt3 AD AS | 9S\nt4 TH\nt5 KC"));
        let (after, automatic) = play_reporting(&pos, "t1-t2");
        assert_eq!(automatic, ["t1-f"], "{id}");
        assert_eq!(col(&after, 1), "5C", "{id}: the card under the Ace turns up");
        assert_eq!(after.foundation_top(1), Some(card("AH")));
        // An Ace under an Ace: both go up, one after the other.
        let (after, automatic) = play_reporting(&pos, "t3-t4");
        assert_eq!(automatic, ["t3-f", "t3-f"], "{id}");
        assert!(after.column(2).is_empty());
        assert_eq!(after.cards_on_foundations(), 2);
        // The same by a move to a foundation.
        let pos = setup(&format!("rules {id}\nf -- -- -- AC -- -- -- --\nt1 3D AS | 2C"));
        let (after, automatic) = play_reporting(&pos, "t1-f");
        assert_eq!(automatic, ["t1-f"], "{id}");
        assert_eq!(col(&after, 1), "3D");
    }
}

#[test]
fn an_ace_drawn_goes_up_with_the_draw() {
    for id in ALL_IDS.into_iter().filter(|&id| id != "grosse-harfe/draw-3") {
        let pos = setup(&format!("rules {id}\nt1 9S\nstock AS 5H"));
        let (after, automatic) = play_reporting(&pos, "s");
        assert_eq!(automatic, ["w-f"], "{id}");
        assert!(after.waste().is_empty());
        assert_eq!(cards(after.stock()), "5H");
        assert_eq!(after.foundation_top(0), Some(card("AS")));
    }
    // Draw 3: the Ace on top of the three goes up, and so does an Ace that
    // the next card down shows once the top one has gone.
    let pos = setup("rules grosse-harfe/draw-3\nt1 9S\nstock 5H AD AS 4D");
    let (after, automatic) = play_reporting(&pos, "s");
    assert_eq!(automatic, ["w-f", "w-f"]);
    assert_eq!(cards(after.waste()), "5H");
    assert_eq!(cards(after.stock()), "4D");
}

#[test]
fn draw_3_an_ace_under_the_top_waste_card_goes_up_when_it_comes_to_the_top() {
    // Only the top card of the three shows ("nur jede dritte Karte offen"):
    // the Ace under it waits, and goes up as soon as it is the top.
    let pos = setup("rules grosse-harfe/draw-3\nt1 TD\nstock 5H AS 9C 4D");
    let (after, automatic) = play_reporting(&pos, "s");
    assert!(automatic.is_empty());
    assert_eq!(cards(after.waste()), "5H AS 9C");
    let (after, automatic) = play_reporting(&after, "w-t1");
    assert_eq!(automatic, ["w-f"]);
    assert_eq!(cards(after.waste()), "5H");
    assert_eq!(after.foundation_top(0), Some(card("AS")));
}

#[test]
fn an_ace_that_went_up_comes_back_down_only_with_an_undo_of_the_move_that_showed_it() {
    // Deal 1's talon shows an Ace (AC) on the ninth draw.
    for id in ALL_IDS.into_iter().filter(|&id| id != "grosse-harfe/draw-3") {
        let rules = presets::find(id).unwrap();
        let mut game = Game::new(rules, 1);
        for at in 0..8 {
            game.play(mv("s"), at).unwrap();
        }
        assert_eq!(game.position().cards_on_foundations(), 0, "{id}");
        game.play(mv("s"), 8).unwrap();
        assert_eq!(game.position().cards_on_foundations(), 1, "{id}: the drawn Ace went up");
        assert_eq!(game.position().foundation_top(3), Some(card("AC")));
        refused(game.position(), "f4-t1", "Cards never leave the foundations in this game");
        game.undo(9).unwrap();
        assert_eq!(game.position().cards_on_foundations(), 0, "{id}");
        assert_eq!(game.position().stock()[0], card("AC"), "{id}: back in the talon, next to draw");
        // Replaying the log makes the same automatic move.
        let replayed = Game::replay(rules, 1, game.clock_start(), game.log()).unwrap();
        assert_eq!(replayed.position(), game.position());
    }
}
