//! Why a move is refused, one test for each kind of [`Refusal`]: the typed
//! value with the cards and piles involved, and the sentence a player reads
//! in English.

use crate::common;

use common::{card, mv, setup};
use patience_core::rules::Build;
use patience_core::{Move, Pile, Position, Refusal};
use patience_words::Lang;

/// The refusal of `m` in `pos`, with its English sentence.
#[track_caller]
fn refusal(pos: &Position, m: Move) -> (Refusal, String) {
    let e = pos.check(m).expect_err("the move should be refused");
    (e.reason, patience_words::refusal(&e.reason).in_lang(Lang::ENGLISH))
}

fn harmony() -> Position {
    setup("rules harmony\nf AS AH -- --\nt1 9C | 8H 7S\nt2\nt3 KD QC\nstock 5D\nwaste 4C")
}

#[test]
fn a_game_without_a_stock_cannot_draw() {
    let (r, text) = refusal(&setup("rules lasker\nt1 9C"), Move::Draw);
    assert_eq!(r, Refusal::NoStock);
    assert_eq!(text, "This game has no stock.");
}

#[test]
fn an_empty_stock_cannot_be_drawn_from() {
    let (r, text) = refusal(&setup("rules harp\nt1 KS\nwaste 4C"), Move::Draw);
    assert_eq!(r, Refusal::StockEmpty);
    assert_eq!(text, "The stock is empty.");
}

#[test]
fn the_waste_is_turned_over_only_once_the_stock_is_empty() {
    let (r, text) = refusal(&harmony(), Move::Redeal);
    assert_eq!(r, Refusal::StockNotEmpty);
    assert!(text.starts_with("The stock still holds cards"), "{text}");
}

#[test]
fn an_empty_waste_cannot_be_turned_over() {
    let (r, _) = refusal(&setup("rules harp\nt1 KS"), Move::Redeal);
    assert_eq!(r, Refusal::WasteEmpty);
}

#[test]
fn no_pass_is_left_after_the_last_one() {
    let (r, text) = refusal(&setup("rules harp/3-passes\npass 3\nt1 KS\nwaste 4C"), Move::Redeal);
    assert_eq!(r, Refusal::NoPassLeft { passes: 3 });
    assert_eq!(text, "No pass is left: these rules allow 3 passes through the stock.");
}

#[test]
fn a_pile_past_the_last_one_does_not_exist() {
    let (r, text) = refusal(&harmony(), mv("t9-t1"));
    assert_eq!(r, Refusal::NoSuchPile { pile: Pile::Tableau(8), count: 7 });
    assert_eq!(text, "There is no column 9: this game has 7.");
    let (r, _) = refusal(&harmony(), mv("f6-t1"));
    assert_eq!(r, Refusal::NoSuchPile { pile: Pile::Foundation(5), count: 4 });
}

#[test]
fn a_move_carries_at_least_one_card() {
    let (r, _) = refusal(&harmony(), Move::transfer(Pile::Tableau(0), Pile::Tableau(2), 0));
    assert_eq!(r, Refusal::NoCards);
}

#[test]
fn a_pile_is_not_moved_onto_itself() {
    let (r, text) = refusal(&harmony(), Move::transfer(Pile::Tableau(0), Pile::Tableau(0), 1));
    assert_eq!(r, Refusal::SamePile { pile: Pile::Tableau(0) });
    assert_eq!(text, "Column 1 is both the source and the destination.");
}

#[test]
fn cards_are_drawn_from_the_stock_not_moved_from_it() {
    let (r, text) = refusal(&harmony(), Move::transfer(Pile::Stock, Pile::Tableau(0), 1));
    assert_eq!(r, Refusal::NotASource { pile: Pile::Stock });
    assert!(text.starts_with("Cards are drawn from the stock"), "{text}");
}

#[test]
fn cards_go_only_to_a_column_or_a_foundation() {
    let (r, text) = refusal(&harmony(), Move::transfer(Pile::Tableau(0), Pile::Waste, 1));
    assert_eq!(r, Refusal::NotADestination { pile: Pile::Waste });
    assert_eq!(text, "Cards cannot go to the waste: they go to a column or a foundation.");
}

#[test]
fn a_game_has_only_the_piles_its_rules_deal() {
    let (r, text) = refusal(&harmony(), mv("res-t1"));
    assert_eq!(r, Refusal::NoSuchSource { pile: Pile::Reserve });
    assert_eq!(text, "This game has no reserve.");
}

#[test]
fn cards_never_leave_the_foundations_outside_harmony_and_klondike() {
    let (r, text) = refusal(&setup("rules harp\nf AS -- -- -- -- -- -- --\nt1 2H"), mv("f1-t1"));
    assert_eq!(r, Refusal::FoundationsKeepTheirCards);
    assert_eq!(text, "Cards never leave the foundations in this game.");
}

#[test]
fn an_empty_pile_has_no_card_to_move() {
    let (r, text) = refusal(&harmony(), mv("t2-t1"));
    assert_eq!(r, Refusal::SourceEmpty { pile: Pile::Tableau(1) });
    assert_eq!(text, "Column 2 is empty.");
}

#[test]
fn the_waste_gives_one_card_at_a_time() {
    let (r, text) = refusal(&harmony(), Move::transfer(Pile::Waste, Pile::Tableau(0), 2));
    assert_eq!(r, Refusal::OneCardFrom { pile: Pile::Waste });
    assert_eq!(text, "Only one card at a time comes from the waste.");
}

#[test]
fn cards_go_up_one_at_a_time() {
    let (r, _) = refusal(&harmony(), Move::transfer(Pile::Tableau(0), Pile::AnyFoundation, 2));
    assert_eq!(r, Refusal::FoundationsTakeOneAtATime);
}

#[test]
fn in_lasker_cards_move_one_at_a_time() {
    let (r, text) = refusal(&setup("rules lasker\nbase 7\nt1 9C 8C\nt2 TC"), mv("t1-t2:2"));
    assert_eq!(r, Refusal::SingleCardsOnly);
    assert_eq!(text, "Only one card moves at a time in this game.");
}

#[test]
fn a_run_holds_only_face_up_cards() {
    let (r, text) = refusal(&harmony(), mv("t1-t3:3"));
    assert_eq!(r, Refusal::NotThatManyFaceUp { pile: Pile::Tableau(0), face_up: 2 });
    assert_eq!(text, "Column 1 has only 2 cards face up.");
}

#[test]
fn a_run_is_built_in_order() {
    let pos = setup("rules harmony\nt1 9C 4H 7S\nt2 8D");
    let (r, text) = refusal(&pos, mv("t1-t2:2"));
    assert_eq!(r, Refusal::NotARun { pile: Pile::Tableau(0), count: 2, run: 1 });
    assert_eq!(text, "The top 2 cards of column 1 are not built in order: only the top card moves from there.");
}

#[test]
fn in_pitchfork_only_whole_runs_move() {
    let pos = setup("rules pitchfork\nt1 9C 8H 7C\nt2 9S\nt3 8D");
    let (r, text) = refusal(&pos, mv("t1-t3"));
    assert_eq!(r, Refusal::PartOfARun { pile: Pile::Tableau(0), run: 3 });
    assert_eq!(text, "Only whole runs move: take all 3 cards of the run on column 1.");
}

#[test]
fn a_card_goes_up_only_onto_the_card_below_it() {
    let (r, text) = refusal(&harmony(), mv("w-f"));
    assert_eq!(r, Refusal::NotNextOnFoundation { card: card("4C"), needs: [Some(card("AC")), None] });
    assert_eq!(text, "4♣ cannot go up yet: its foundation needs the Ace first.");
}

#[test]
fn in_harp_runs_move_only_into_an_empty_column() {
    let pos = setup("rules harp\nt1 9C 8H\nt2 TD");
    let (r, text) = refusal(&pos, mv("t1-t2:2"));
    assert_eq!(r, Refusal::RunOntoCard { pile: Pile::Tableau(1) });
    assert!(text.starts_with("Only one card at a time goes onto another card"), "{text}");
}

#[test]
fn a_card_needs_the_card_it_builds_on() {
    let (r, text) = refusal(&harmony(), mv("w-t1"));
    assert_eq!(
        r,
        Refusal::DoesNotBuild {
            card: card("4C"),
            onto: card("7S"),
            pile: Pile::Tableau(0),
            build: Build::DownAlternateColours,
            wrap: false,
            ranks: 13
        }
    );
    assert_eq!(text, "4♣ needs a red 5; column 1 ends in 7♠.");
}

#[test]
fn in_harmony_a_card_does_not_come_down_only_to_go_straight_back() {
    // Every four is up, so a five goes up by itself.
    let pos = setup("rules harmony\nf 4S 5H 4D 4C\nt1 6S\nt2");
    let (r, text) = refusal(&pos, mv("f2-t1"));
    assert_eq!(r, Refusal::BackToFoundation { card: card("5H") });
    assert_eq!(text, "5♥ would only go straight back to its foundation.");
}

#[test]
fn in_lasker_an_emptied_column_stays_empty() {
    let (r, text) = refusal(&setup("rules lasker\nbase 7\nt1 9C\nt2"), mv("t1-t2"));
    assert_eq!(r, Refusal::SpaceStaysEmpty { pile: Pile::Tableau(1) });
    assert_eq!(text, "Column 2 stays empty: an emptied column is never refilled in this game.");
}

#[test]
fn in_grosse_harfe_with_8_columns_a_space_is_filled_only_while_fewer_hold_cards() {
    let pos = setup("rules grosse-harfe/8-columns\nt1 9C\nt2 8C\nt3 7C\nt4 6C\nt5 5C\nt6 4C\nt7 3C\nt8 2D\nt9\nt10");
    let (r, text) = refusal(&pos, mv("t1-t9"));
    assert_eq!(r, Refusal::TooManyColumnsInUse { most: 8 });
    assert_eq!(text, "An empty column may be filled only while at most 7 columns hold cards.");
}

#[test]
fn only_a_king_fills_an_empty_column() {
    let (r, text) = refusal(&harmony(), mv("w-t2"));
    assert_eq!(r, Refusal::OnlyKingsFillSpaces { card: card("4C"), pile: Pile::Tableau(1), king: 13 });
    assert_eq!(text, "Only a King goes into an empty column, and 4♣ is not one (column 2 is empty).");
}
