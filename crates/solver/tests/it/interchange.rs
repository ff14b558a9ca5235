//! Solvitaire's JSON deal format: every deal written then read gives the
//! same position, a hand-written Solvitaire-style file reads as Solvitaire
//! would read it, and broken deals are refused with a reason.

use patience_core::{presets, Card, Position, Suit};
use patience_solver::interchange::{from_solvitaire, to_solvitaire, InterchangeError};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn harmony() -> &'static patience_core::Rules {
    presets::find("harmony").unwrap()
}

#[test]
fn every_harmony_deal_round_trips() {
    let rules = harmony();
    for deal in 1..=400 {
        let pos = Position::deal(rules, deal);
        let json = to_solvitaire(&pos).unwrap();
        let back = from_solvitaire(rules, &json).unwrap_or_else(|e| panic!("deal {deal}: {e}\n{json}"));
        assert_eq!(back, pos, "deal {deal}\n{json}");
    }
}

#[test]
fn every_game_and_variant_round_trips() {
    for rules in presets::ALL {
        for deal in [0, 1, 2, 3, 99, u64::MAX] {
            let pos = Position::deal(rules, deal);
            let json = to_solvitaire(&pos).unwrap_or_else(|e| panic!("{} {deal}: {e}", rules.id));
            let back = from_solvitaire(rules, &json).unwrap_or_else(|e| panic!("{} {deal}: {e}\n{json}", rules.id));
            assert_eq!(back, pos, "{} deal {deal}\n{json}", rules.id);
        }
    }
}

#[test]
fn the_written_deal_follows_solvitaires_conventions() {
    let rules = harmony();
    let pos = Position::deal(rules, 7);
    let json = to_solvitaire(&pos).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let piles = doc["tableau piles"].as_array().unwrap();
    assert_eq!(piles.len(), 7);
    for (col, pile) in piles.iter().enumerate() {
        let cards: Vec<&str> = pile.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert_eq!(cards.len(), pos.column(col).len());
        // Bottom first; a lower-case suit letter is a face-down card.
        let down = cards.iter().filter(|c| c.ends_with(|s: char| s.is_ascii_lowercase())).count();
        assert_eq!(down, pos.face_down(col), "{cards:?}");
        assert!(cards[..down].iter().all(|c| c.ends_with(|s: char| s.is_ascii_lowercase())), "{cards:?}");
        let top = cards.last().unwrap();
        assert!(top.ends_with(|s: char| s.is_ascii_uppercase()), "{cards:?}");
    }
    // The stock ends with the next card to be drawn.
    let stock: Vec<&str> = doc["stock"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(stock.len(), pos.stock().len());
    let next = pos.stock()[0];
    let expected = if next.rank() == 10 { format!("10{}", next.suit().letter()) } else { next.ascii() };
    assert_eq!(stock.last().unwrap(), &expected);
    // Only the keys of Solvitaire's deal schema.
    for key in doc.as_object().unwrap().keys() {
        assert!(["tableau piles", "stock", "waste", "foundations", "reserve"].contains(&key.as_str()), "{key}");
    }
    assert!(!json.contains("\"T"), "ten is written 10: {json}");
}

#[test]
fn a_hand_written_solvitaire_deal_reads_as_solvitaire_reads_it() {
    let json = include_str!("../data/klondike-solvitaire.json");
    let pos = from_solvitaire(harmony(), json).unwrap();
    assert_eq!(pos.column(0), [card("KS")]);
    assert_eq!(pos.face_down(0), 0);
    assert_eq!(pos.column(1), [card("9C"), card("QH")]);
    assert_eq!(pos.face_down(1), 1);
    assert_eq!(pos.column(2), [card("AH"), card("TD"), card("4C")]);
    assert_eq!(pos.face_down(2), 2, "lower-case suits are face down, whatever the rank's case");
    // Harmony sends the Ace of spades up by itself and turns up the 5S.
    assert_eq!(pos.column(3), [card("2D"), card("7H"), card("5S")]);
    assert_eq!(pos.face_down(3), 2);
    assert_eq!(pos.foundation_top(Suit::Spades.index() as usize), Some(card("AS")));
    assert_eq!(pos.column(6).len(), 7);
    assert_eq!(pos.face_down(6), 6);
    assert_eq!(pos.face_up(6), [card("9S")]);
    // The stock's last card is the first drawn.
    assert_eq!(pos.stock().len(), 24);
    assert_eq!(pos.stock()[0], card("KC"));
    assert_eq!(pos.stock()[23], card("2S"));
    assert!(pos.waste().is_empty());
    assert_eq!(pos.pass(), 1);

    // All upper case (as in some of Solvitaire's own Klondike files): every
    // tableau card face up.
    let upper = json.replace("9c", "9C").replace("Ah", "AH").replace("10d", "10D");
    let pos = from_solvitaire(harmony(), &upper).unwrap();
    assert_eq!(pos.face_down(1), 0);
    assert_eq!(pos.face_down(2), 0);
}

#[test]
fn games_dealt_face_up_ignore_the_case() {
    let rules = presets::find("lasker").unwrap();
    let pos = Position::deal(rules, 4);
    let json = to_solvitaire(&pos).unwrap();
    assert!(!json.contains("stock"), "Lasker has no stock: {json}");
    let lower = json.replace('S', "s");
    assert_eq!(from_solvitaire(rules, &lower).unwrap(), pos);
}

#[test]
fn foundations_read_nested_or_flat() {
    let json = include_str!("../data/klondike-solvitaire.json");
    // Move AS and 2S from the tableau and stock to the foundations.
    let nested = json
        .replace(r#""5s", "AS""#, r#""5S""#)
        .replace(r#""2S", "4S""#, r#""4S""#)
        .replace("\n}", ",\n  \"foundations\": [[\"AS\", \"2S\"], [], [], []]\n}");
    let pos = from_solvitaire(harmony(), &nested).unwrap();
    assert_eq!(pos.foundation_top(0), Some(card("2S")));
    assert_eq!(pos.cards_on_foundations(), 2);
    let flat = nested.replace(r#"[["AS", "2S"], [], [], []]"#, r#"["AS", "2S"]"#);
    assert_eq!(from_solvitaire(harmony(), &flat).unwrap(), pos);
    let wrong = nested.replace(r#"["AS", "2S"]"#, r#"["2S", "AS"]"#);
    let err = from_solvitaire(harmony(), &wrong).unwrap_err().to_string();
    assert!(err.contains("2S"), "{err}");
}

fn refused(json: &str) -> String {
    match from_solvitaire(harmony(), json) {
        Ok(pos) => panic!("accepted:\n{pos}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn broken_deals_are_refused_with_the_reason() {
    let json = include_str!("../data/klondike-solvitaire.json");
    let err = refused(&json.replace("\"KC\"", "\"KS\""));
    assert!(err.contains("KS appears more often than harmony's one deck holds"), "{err}");
    let err = refused(&json.replace(", \"KC\"", ""));
    assert!(err.contains("lacks KC"), "{err}");
    let err = refused(&json.replace("[\"KS\"],", ""));
    assert!(err.contains("6 tableau piles, but harmony has 7"), "{err}");
    let err = refused(&json.replace("\"9c\", \"QH\"", "\"QH\", \"9c\""));
    assert!(err.contains("tableau pile 2"), "{err}");
    let err = refused(&json.replace("\"4C\"", "\"4c\""));
    assert!(err.contains("top card is face down"), "{err}");
    let err = refused(&json.replace("\"KC\"", "\"KX\""));
    assert!(err.contains("`KX` is not a card"), "{err}");
    let err = refused(&json.replace("\"KC\"", "13"));
    assert!(err.contains("13 is not a card"), "{err}");
    let err = refused(&json.replace("\"stock\"", "\"hole\": \"AS\", \"stock\""));
    assert!(err.contains("`hole`"), "{err}");
    let err = refused(&json.replace("\"stock\"", "\"talon\""));
    assert!(err.contains("unknown key `talon`"), "{err}");
    let err = refused(&json[..json.len() - 5]);
    assert!(matches!(from_solvitaire(harmony(), &json[..50]), Err(InterchangeError::Json(_))));
    assert!(err.starts_with("not JSON"), "{err}");
    assert!(refused("[]").contains("object"));
    assert!(refused("{}").contains("tableau piles"));
}

#[test]
fn a_position_after_a_redeal_cannot_be_written() {
    let rules = harmony();
    let mut pos = Position::deal(rules, 1);
    while !pos.stock().is_empty() {
        pos.play(patience_core::Move::Draw).unwrap();
    }
    pos.play(patience_core::Move::Redeal).unwrap();
    let err = to_solvitaire(&pos).unwrap_err();
    assert!(matches!(err, InterchangeError::Inexpressible(_)));
    assert!(err.to_string().contains("pass counter"), "{err}");
}
