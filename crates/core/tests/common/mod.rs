//! Helpers shared by the rule-sentence tests (`rules_*.rs`): build a position
//! from setup text, and check that a move is allowed (listed by the move
//! generator, accepted by `check`, played by `play`) or refused (not listed,
//! refused by `check` and `play` with a reason, and the position unchanged).

#![allow(dead_code)]

use patience_core::{Card, Move, Position};

/// The position a setup describes; panics with the setup's error.
#[track_caller]
pub fn setup(text: &str) -> Position {
    Position::from_setup(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A move written in notation.
#[track_caller]
pub fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A card written as in setups (`7H`, `TS`).
#[track_caller]
pub fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Every legal move, in notation.
pub fn listed(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// Cards as setup text, space-separated (`KS QH`).
pub fn cards(cards: &[Card]) -> String {
    cards.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" ")
}

/// Column `n` (counted from 1, as in notation) as setup text: the face-down
/// cards, ` | `, then the face-up ones; just the face-up ones if none is down.
pub fn col(pos: &Position, n: usize) -> String {
    let down = pos.face_down(n - 1);
    let column = pos.column(n - 1);
    if down == 0 {
        cards(column)
    } else {
        format!("{} | {}", cards(&column[..down]), cards(&column[down..]))
    }
}

/// Asserts that `text` is legal in `pos` and returns the position after it.
#[track_caller]
pub fn allowed(pos: &Position, text: &str) -> Position {
    allowed_move(pos, mv(text))
}

/// Like [`allowed`], for a move given as a value.
#[track_caller]
pub fn allowed_move(pos: &Position, m: Move) -> Position {
    assert!(pos.legal_moves().contains(&m), "`{m}` should be listed; listed: {:?}\n{pos}", listed(pos));
    if let Err(e) = pos.check(m) {
        panic!("`{m}` should pass check: {e}\n{pos}");
    }
    let mut after = pos.clone();
    if let Err(e) = after.play(m) {
        panic!("`{m}` should play: {e}\n{pos}");
    }
    assert_ne!(&after, pos, "playing `{m}` should change the position");
    after
}

/// Asserts that `text` is refused in `pos` for a reason that contains `why`,
/// and that trying to play it leaves the position as it was.
#[track_caller]
pub fn refused(pos: &Position, text: &str, why: &str) {
    refused_move(pos, mv(text), why)
}

/// Like [`refused`], for a move given as a value (including moves that
/// notation cannot write).
#[track_caller]
pub fn refused_move(pos: &Position, m: Move, why: &str) {
    assert!(!pos.legal_moves().contains(&m), "`{m}` should not be listed\n{pos}");
    let err = match pos.check(m) {
        Ok(()) => panic!("`{m}` should fail check\n{pos}"),
        Err(e) => e,
    };
    assert_eq!(err.mv, m);
    let reason = patience_words::refusal(&err.reason).in_lang(patience_words::Lang::ENGLISH);
    assert!(reason.contains(why), "`{m}` is refused, but the reason `{reason}` does not say `{why}`\n{pos}");
    let text = pos.to_string();
    let mut after = pos.clone();
    assert_eq!(after.play(m), Err(err), "`play` and `check` should give the same error");
    assert_eq!(&after, pos, "a refused move must leave the position unchanged");
    assert_eq!(after.to_string(), text);
}

/// Plays a table where no card fits (rules `id`, a 2-card stock) through
/// every pass the rules allow, at most `limit` redeals, and returns how many
/// redeals they gave. Once none is left, the redeal must be refused.
pub fn redeals_allowed(id: &str, limit: usize) -> usize {
    let mut pos = setup(&format!("rules {id}\nt1 9S\nstock 3C 4D"));
    let mut redeals = 0;
    while redeals < limit {
        while !pos.stock().is_empty() {
            pos = allowed(&pos, "s");
        }
        if !pos.legal_moves().contains(&mv("r")) {
            refused(&pos, "r", "No pass is left");
            break;
        }
        pos = allowed(&pos, "r");
        redeals += 1;
        assert_eq!(pos.pass() as usize, redeals + 1);
    }
    redeals
}
