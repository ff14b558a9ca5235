//! Property tests over random playouts of every preset (seeded by proptest).
//!
//! - No card is ever created or lost, piles stay within their capacities,
//!   face-down cards lie only at the bottom of a column under a face-up top,
//!   spaces are filled only as the rules allow, and no automatic move is
//!   left unmade.
//! - `Game`: undo restores the exact previous position (and the score, less
//!   Harmony's undo charge), redo plays the undone move again, restart goes
//!   back to the deal; replaying the log, and printing, parsing and
//!   replaying the record, rebuild the same game.
//! - Round trips: move notation for every legal move seen, setup text for
//!   every position seen.
//! - The player view shows no card that the table hides.
//!
//! Playouts are at most 150 actions and each property runs 48 cases, so the
//! file runs in a few seconds in debug mode.

use std::collections::BTreeMap;

use patience_core::card::Card;
use patience_core::deal::ordered_deck;
use patience_core::game::{Action, Outcome};
use patience_core::record::Record;
use patience_core::rules::{self, AutomaticMoves, DealFace, Passes, Scoring, Space};
use patience_core::view::{GameView, PositionView};
use patience_core::{notation, presets, Game, Move, Pile, Position, Rules, Status};
use proptest::prelude::*;

const MAX_ACTIONS: usize = 150;

/// A preset, drawn by id so that a failing case prints briefly.
fn preset() -> impl Strategy<Value = &'static str> {
    prop::sample::select(presets::ALL.iter().map(|r| r.id).collect::<Vec<_>>())
}

/// What to do at each step: which move (about half the time one that changes
/// the table, so that playouts get somewhere) and, for games, which action.
fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..MAX_ACTIONS)
}

fn pick(moves: &[Move], choice: u32) -> Move {
    let plays: Vec<Move> = moves.iter().copied().filter(|m| m.is_play()).collect();
    if choice & 1 == 0 && !plays.is_empty() {
        plays[(choice >> 1) as usize % plays.len()]
    } else {
        moves[(choice >> 1) as usize % moves.len()]
    }
}

/// Every card on the table, counted by card, foundations included.
fn card_counts(pos: &Position) -> BTreeMap<Card, usize> {
    let mut counts = BTreeMap::new();
    let mut add = |card: Card| *counts.entry(card).or_insert(0) += 1;
    for col in 0..pos.column_count() {
        pos.column(col).iter().copied().for_each(&mut add);
    }
    pos.stock().iter().copied().for_each(&mut add);
    pos.waste().iter().copied().for_each(&mut add);
    pos.reserve().iter().copied().for_each(&mut add);
    for slot in 0..pos.foundation_slots() {
        pos.foundation_cards(slot).for_each(&mut add);
    }
    counts
}

fn full_deck(rules: &Rules) -> BTreeMap<Card, usize> {
    let mut counts = BTreeMap::new();
    for card in ordered_deck(rules) {
        *counts.entry(card).or_insert(0) += 1;
    }
    counts
}

/// The invariants of one position, and of the step from `before` to it.
fn check_position(pos: &Position, before: Option<&Position>, deck: &BTreeMap<Card, usize>) {
    let r = pos.rules();
    assert_eq!(&card_counts(pos), deck, "{}: cards created or lost\n{pos}", r.id);
    assert!(pos.column_count() <= rules::MAX_COLUMNS);
    assert!(pos.foundation_slots() <= rules::MAX_FOUNDATIONS);
    assert!(pos.stock().len() + pos.waste().len() <= rules::MAX_TALON);
    assert!(pos.reserve().len() <= rules::MAX_RESERVE);
    for slot in 0..pos.foundation_slots() {
        assert!(pos.foundation_len(slot) <= r.ranks as usize);
    }
    for col in 0..pos.column_count() {
        let len = pos.column(col).len();
        assert!(len <= rules::COLUMN_CAPACITY, "{}: t{} holds {len} cards", r.id, col + 1);
        let down = pos.face_down(col);
        assert!(down == 0 || down < len, "{}: t{} has no face-up top over {down} face-down\n{pos}", r.id, col + 1);
        assert_eq!(pos.face_up(col).len(), len - down);
        if r.deal_face == DealFace::AllUp {
            assert_eq!(down, 0);
        }
        if let Some(before) = before {
            assert!(down <= before.face_down(col), "{}: t{} gained a face-down card", r.id, col + 1);
            let filled = before.column(col).is_empty() && len > 0;
            if filled {
                let occupied = (0..before.column_count()).filter(|&c| !before.column(c).is_empty()).count();
                assert!(occupied < r.max_occupied as usize, "{}: t{} filled with {occupied} occupied", r.id, col + 1);
                assert_ne!(r.space, Space::NeverRefilled, "{}: t{} refilled", r.id, col + 1);
                if r.space == Space::KingOnly {
                    assert_eq!(pos.column(col)[0].rank(), r.ranks, "{}: t{} filled without a King", r.id, col + 1);
                }
            }
        }
    }
    if let Passes::Limited(n) = r.passes {
        assert!(pos.pass() <= u16::from(n));
    }
    if r.automatic_moves != AutomaticMoves::None {
        assert_eq!(pos.forced_move(), None, "{}: an automatic move was left unmade\n{pos}", r.id);
    }
    let status = pos.status();
    let all_up = pos.cards_on_foundations() == r.card_count();
    assert_eq!(status == Status::Won, all_up, "{}: won exactly when every card is up", r.id);
    assert_eq!(pos.is_won(), all_up);
    if !all_up {
        assert_eq!(status == Status::Lost, pos.legal_moves().is_empty(), "{}: lost exactly when no move is left", r.id);
    }
    if status == Status::Stuck {
        // Moves are left, but none plays a card up, and where passes are
        // limited none draws or redeals.
        let moves = pos.legal_moves();
        assert!(!moves.is_empty());
        for &m in moves.iter() {
            assert!(
                !matches!(m, Move::Transfer { to: Pile::AnyFoundation, .. }),
                "{}: stuck with {m} left\n{pos}",
                r.id
            );
            if r.passes != Passes::Unlimited {
                assert!(m.is_play(), "{}: stuck with {m} left\n{pos}", r.id);
            }
        }
    }
}

/// Every field a game derives from its log.
fn assert_same_game(a: &Game, b: &Game, what: &str) {
    assert_eq!(a.rules().id, b.rules().id, "{what}");
    assert_eq!(a.deal(), b.deal(), "{what}");
    assert_eq!(a.position(), b.position(), "{what}: position");
    assert_eq!(a.position().to_string(), b.position().to_string(), "{what}: setup text");
    assert_eq!(a.outcome(), b.outcome(), "{what}: outcome");
    assert_eq!(a.score(), b.score(), "{what}: score");
    assert_eq!(a.tally(), b.tally(), "{what}: tally");
    assert_eq!(a.log(), b.log(), "{what}: log");
    assert_eq!(a.undos(), b.undos(), "{what}: undos");
    assert_eq!(a.moves_made(), b.moves_made(), "{what}: moves made");
    assert_eq!(a.redo_move(), b.redo_move(), "{what}: redo");
    assert_eq!(a.can_undo(), b.can_undo(), "{what}: can undo");
}

/// What a game looked like before one of its moves.
struct Before {
    position: Position,
    score: i64,
    undos: u32,
}

/// Plays a random game: moves, undos, redos, the odd restart and maybe a
/// quit, checking undo, redo and restart as it goes. Times rise by under
/// 1.5 s an action, so Harmony's 5-minute clock never runs out.
fn random_game(rules: &'static Rules, deal: u64, choices: &[u32]) -> Game {
    let mut game = Game::new(rules, deal);
    let opening = game.position().clone();
    let harmony = rules.scoring == Scoring::Harmony;
    let mut stack: Vec<Before> = Vec::new();
    let mut at = 0u64;
    for (i, &choice) in choices.iter().enumerate() {
        at += u64::from(choice % 1500);
        let last = i + 1 == choices.len();
        match choice % 16 {
            0 | 1 if game.can_undo() => {
                let before = stack.pop().expect("a move to undo");
                let position = game.position().clone();
                game.undo(at).unwrap();
                assert_eq!(game.position(), &before.position, "undo restores the position");
                assert_eq!(game.moves_made(), stack.len());
                let charged = i64::from(game.undos() - before.undos);
                assert!(charged >= 1);
                let expected = if harmony { before.score - 1000 * charged } else { before.score };
                assert_eq!(game.score(), expected, "undo restores the score (less 1000 per undo in Harmony)");
                // Redo plays the undone move again, to the same position.
                if choice & 0x100 != 0 {
                    let undos = game.undos();
                    let score = game.score();
                    let mv = game.redo_move().expect("something to redo");
                    stack.push(Before { position: game.position().clone(), score, undos });
                    game.redo(at).unwrap();
                    assert_eq!(game.position(), &position, "redo of {mv}");
                    assert_eq!(game.undos(), undos, "a redo is not an undo");
                }
            }
            2 if choice & 0xf00 == 0 && game.moves_made() > 0 && !game.outcome().is_final() => {
                let made = game.moves_made() as u32;
                let undos = game.undos();
                game.restart(at).unwrap();
                stack.clear();
                assert_eq!(game.position(), &opening, "restart goes back to the deal");
                assert_eq!(game.undos(), undos + made, "each move taken back counts as an undo");
                assert_eq!(game.moves_made(), 0);
            }
            3 if last && choice & 0x300 == 0 && !game.outcome().is_final() => {
                game.quit(at).unwrap();
                assert_eq!(game.outcome(), Outcome::Quit);
                assert!(game.legal_moves().is_empty());
            }
            _ => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    continue;
                }
                let mv = pick(&moves, choice >> 4);
                stack.push(Before { position: game.position().clone(), score: game.score(), undos: game.undos() });
                game.play(mv, at).unwrap();
            }
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn playouts_keep_every_card_and_every_invariant(id in preset(), deal in any::<u64>(), choices in choices()) {
        let rules = presets::find(id).unwrap();
        let deck = full_deck(rules);
        let mut pos = Position::deal(rules, deal);
        check_position(&pos, None, &deck);
        for &choice in &choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = pick(&moves, choice);
            let before = pos.clone();
            pos.play(mv).unwrap();
            check_position(&pos, Some(&before), &deck);
        }
    }

    #[test]
    fn undo_redo_restart_and_replay_rebuild_the_game(id in preset(), deal in any::<u64>(), choices in choices()) {
        let rules = presets::find(id).unwrap();
        let game = random_game(rules, deal, &choices);
        let replayed = Game::replay(rules, deal, game.clock_start(), game.log()).unwrap_or_else(|(n, e)| panic!("entry {n}: {e}"));
        assert_same_game(&replayed, &game, "Game::replay");
        let counted = game.log().iter().filter(|e| e.action == Action::Undo).count();
        assert!(game.undos() as usize >= counted);
    }

    #[test]
    fn records_round_trip_through_their_text(id in preset(), deal in any::<u64>(), choices in choices()) {
        let rules = presets::find(id).unwrap();
        let game = random_game(rules, deal, &choices);
        let record = Record::of(&game);
        let text = record.to_text();
        let parsed = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(parsed == record, "the parsed record is the record\n{text}");
        let replayed = parsed.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_same_game(&replayed, &game, "record replay");
        assert_eq!(Record::of(&replayed).to_text(), text);
    }

    #[test]
    fn notation_and_setup_text_round_trip(id in preset(), deal in any::<u64>(), choices in choices()) {
        let rules = presets::find(id).unwrap();
        let mut pos = Position::deal(rules, deal);
        for &choice in &choices {
            let back = Position::from_setup(&pos.to_string()).unwrap_or_else(|e| panic!("{e}\n{pos}"));
            assert_eq!(&back, &pos);
            assert_eq!(back.to_string(), pos.to_string());
            let moves = pos.legal_moves();
            for &mv in &moves {
                let text = notation::format(mv);
                assert_eq!(notation::parse(&text), Ok(mv), "`{text}`");
                let loose = text.to_ascii_uppercase().replace('-', " - ");
                assert_eq!(notation::parse(&loose), Ok(mv), "`{loose}`");
                assert_eq!(text.parse::<Move>(), Ok(mv));
            }
            if moves.is_empty() {
                break;
            }
            pos.play(pick(&moves, choice)).unwrap();
        }
    }

    #[test]
    fn the_view_shows_only_visible_cards(id in preset(), deal in any::<u64>(), choices in choices()) {
        let rules = presets::find(id).unwrap();
        let game = random_game(rules, deal, &choices);
        let pos = game.position();
        // The cards a player may see, counted.
        let mut visible: BTreeMap<String, usize> = BTreeMap::new();
        let mut show = |card: Card| *visible.entry(card.ascii()).or_insert(0) += 1;
        for col in 0..pos.column_count() {
            pos.face_up(col).iter().copied().for_each(&mut show);
        }
        pos.waste().iter().copied().for_each(&mut show);
        pos.reserve().iter().copied().for_each(&mut show);
        for slot in 0..pos.foundation_slots() {
            pos.foundation_top(slot).into_iter().for_each(&mut show);
        }
        let json = serde_json::to_value(GameView::of(&game, game.last_ms(), &patience_words::Lang::ENGLISH)).unwrap();
        let mut shown: BTreeMap<String, usize> = BTreeMap::new();
        count_card_strings(&json, &mut shown);
        assert_eq!(shown, visible, "the view shows exactly the visible cards");
        let view = PositionView::of(pos, &patience_words::Lang::ENGLISH);
        assert_eq!(view.stock, pos.stock().len());
        for (col, column) in view.columns.iter().enumerate() {
            assert_eq!(column.face_down, pos.face_down(col));
            assert_eq!(column.face_up.as_slice(), pos.face_up(col));
        }
        let moves: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(GameView::of(&game, game.last_ms(), &patience_words::Lang::ENGLISH).table.notations().collect::<Vec<_>>(), moves);
    }
}

/// Counts every JSON string that reads as a card in ASCII form (`7H`, `TS`).
fn count_card_strings(value: &serde_json::Value, out: &mut BTreeMap<String, usize>) {
    match value {
        serde_json::Value::String(s) if s.len() == 2 && s.parse::<Card>().is_ok() => {
            *out.entry(s.clone()).or_insert(0) += 1;
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| count_card_strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| count_card_strings(v, out)),
        _ => {}
    }
}
