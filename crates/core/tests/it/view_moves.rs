//! The legal moves of the player view as plain data: each move's source
//! pile, target pile and card count, beside its notation and words, so that
//! a front end never reads the notation to learn what a move does.

use crate::common;

use common::setup;
use patience_core::view::{MoveView, PositionView};
use patience_core::{presets, Move, Pile, Position};

/// The view's listing of `notation` in `pos` (which must be legal there).
#[track_caller]
fn listed(pos: &Position, notation: &str) -> MoveView {
    let view = PositionView::of(pos, &patience_words::Lang::ENGLISH);
    let all: Vec<&str> = view.notations().collect();
    view.moves
        .iter()
        .find(|m| m.notation == notation)
        .cloned()
        .unwrap_or_else(|| panic!("{notation} is not listed: {all:?}\n{pos}"))
}

/// Asserts the view's `from`, `to` and `count` of `notation` in `pos`, and
/// that the notation reads back as the move it was made from.
#[track_caller]
fn assert_fields(pos: &Position, notation: &str, from: Option<&str>, to: Option<&str>, count: usize) {
    let m = listed(pos, notation);
    assert_eq!((m.from.as_deref(), m.to.as_deref(), m.count), (from, to, count), "{notation}");
    let mv: Move = m.notation.parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.notation, mv.to_string(), "{notation} round-trips");
    assert_eq!(
        MoveView::of(pos, mv, &patience_words::Lang::ENGLISH),
        m,
        "{notation}: the view of the parsed move is the one listed"
    );
}

#[test]
fn a_draw_moves_no_card_a_player_carries() {
    let pos = setup("rules harp\npass 1\nt1 AS\nstock 5D\nwaste 4C");
    assert_fields(&pos, "s", None, None, 0);
    let pos = setup("rules grosse-harfe/draw-3\nt1 KS\nstock 5D 6D 7D 8D");
    assert_fields(&pos, "s", None, None, 0);
}

#[test]
fn a_redeal_moves_no_card_a_player_carries() {
    let pos = setup("rules harp\npass 1\nt1 AS\nwaste 4C");
    assert_fields(&pos, "r", None, None, 0);
}

#[test]
fn a_single_card_goes_from_its_column_to_another() {
    let pos = setup("rules harmony\nt1 8S\nt2 KD 7H");
    assert_fields(&pos, "t2-t1", Some("t2"), Some("t1"), 1);
}

#[test]
fn a_run_counts_its_cards() {
    let pos = setup("rules harmony\nt1 5D | KS QH JC TD\nt2 KC QD");
    // The whole run into an empty column, or its top two onto the queen.
    assert_fields(&pos, "t1-t3:4", Some("t1"), Some("t3"), 4);
    assert_fields(&pos, "t1-t2:2", Some("t1"), Some("t2"), 2);
}

#[test]
fn the_waste_top_goes_to_a_column_or_the_foundations() {
    let pos = setup("rules harmony\nf -- AH -- --\nt1 2H 9C\nt2 TD\nt3 8D\nt4\nwaste KC 7S");
    assert_fields(&pos, "w-t3", Some("w"), Some("t3"), 1);
    let pos = setup("rules harp\npass 1\nt1 KS\nwaste 4C AS");
    assert_fields(&pos, "w-f", Some("w"), Some("f"), 1);
}

#[test]
fn a_move_to_the_foundations_goes_to_f_whatever_the_slot() {
    let pos = setup("rules harp\npass 1\nt1 AS\nstock 5D\nwaste 4C");
    assert_fields(&pos, "t1-f", Some("t1"), Some("f"), 1);
}

#[test]
fn a_card_off_a_foundation_comes_from_its_slot() {
    // Solitaire Harmony allows foundation-to-tableau moves.
    let pos = setup("rules harmony\nf -- 2H -- --\nt1 3S");
    assert_fields(&pos, "f2-t1", Some("f2"), Some("t1"), 1);
}

#[test]
fn the_reserve_top_comes_from_res() {
    let pos = setup("rules pitchfork/warfield\nbase 9\nf 9S -- -- --\nt1 JS\nt2 9C\nreserve TH 8H TS");
    assert_fields(&pos, "res-t5", Some("res"), Some("t5"), 1);
    assert_fields(&pos, "res-f", Some("res"), Some("f"), 1);
}

#[test]
fn the_fields_serialize_beside_notation_and_words() {
    let pos = setup("rules harmony\nt1 5D | KS QH JC TD\nt2\nstock 4C");
    let json = |m: &MoveView| serde_json::to_value(m).unwrap();
    assert_eq!(
        json(&listed(&pos, "t1-t2:4")),
        serde_json::json!({
            "notation": "t1-t2:4",
            "words": "K♠ and 3 cards below it from column 1 into the empty column 2",
            "from": "t1",
            "to": "t2",
            "count": 4,
        })
    );
    let draw = json(&listed(&pos, "s"));
    assert_eq!(
        (&draw["from"], &draw["to"], &draw["count"]),
        (&serde_json::Value::Null, &serde_json::Value::Null, &serde_json::json!(0))
    );
}

/// Every listed move of many positions of every game: the fields say what
/// the move value says, and the notation reads back as that move.
#[test]
fn every_listed_move_says_its_piles_and_count_and_its_notation_round_trips() {
    let name = |p: Pile| match p {
        Pile::Tableau(c) => format!("t{}", c + 1),
        Pile::Waste => "w".to_string(),
        Pile::Reserve => "res".to_string(),
        Pile::Foundation(s) => format!("f{}", s + 1),
        Pile::AnyFoundation => "f".to_string(),
        Pile::Stock => "s".to_string(),
    };
    let mut seen = [false; 4]; // draw, redeal, a run, off a foundation
    for rules in presets::ALL {
        for deal in 1..=3 {
            let mut pos = Position::deal(rules, deal);
            for ply in 0..120 {
                let moves = pos.legal_moves();
                let view = PositionView::of(&pos, &patience_words::Lang::ENGLISH);
                assert_eq!(view.moves.len(), moves.len());
                for (&mv, m) in moves.iter().zip(&view.moves) {
                    assert_eq!(m.notation.parse::<Move>(), Ok(mv), "{}: {m:?}", rules.id);
                    let expected = match mv {
                        Move::Draw | Move::Redeal => (None, None, 0),
                        Move::Transfer { from, to, count } => (Some(name(from)), Some(name(to)), usize::from(count)),
                    };
                    assert_eq!((m.from.clone(), m.to.clone(), m.count), expected, "{}: {m:?}", rules.id);
                    seen[0] |= mv == Move::Draw;
                    seen[1] |= mv == Move::Redeal;
                    seen[2] |= m.count > 1;
                    seen[3] |= matches!(mv, Move::Transfer { from: Pile::Foundation(_), .. });
                }
                let Some(&mv) = moves.get((ply * 7 + deal as usize) % moves.len().max(1)) else { break };
                pos.play(mv).unwrap();
            }
        }
    }
    assert_eq!(seen, [true; 4], "the sweep met a draw, a redeal, a run and a move off a foundation");
}
