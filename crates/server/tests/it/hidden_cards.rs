//! No answer ever shows a card that is face down or in the stock.
//!
//! Whole games of every game are played through the API with random legal
//! moves (and undos, redos and illegal attempts). The same actions are
//! replayed beside them with `patience-core`, which says which cards are
//! hidden at each moment; every answer — headers and body, views, records,
//! lists and errors — is searched for them. In two-deck games a card may be
//! hidden while its twin is visible, so a card may be named at most as many
//! times as it has visible copies.

use crate::common;

use std::collections::HashMap;

use common::*;
use patience_core::view::GameView;
use patience_core::{notation, presets, Card, Game};

/// How many times `needle` appears in `text` as a whole word.
fn occurrences(text: &str, needle: &str) -> usize {
    text.match_indices(needle)
        .filter(|(i, _)| {
            let before = text[..*i].chars().next_back();
            let after = text[i + needle.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
        })
        .count()
}

/// Cards as the game shows them: (hidden copies, visible copies).
fn census(game: &Game) -> HashMap<Card, (usize, usize)> {
    let pos = game.position();
    let mut cards: HashMap<Card, (usize, usize)> = HashMap::new();
    for c in 0..pos.column_count() {
        for (i, &card) in pos.column(c).iter().enumerate() {
            let e = cards.entry(card).or_default();
            if i < pos.face_down(c) {
                e.0 += 1
            } else {
                e.1 += 1
            }
        }
    }
    for &card in pos.stock() {
        cards.entry(card).or_default().0 += 1;
    }
    for &card in pos.waste().iter().chain(pos.reserve()) {
        cards.entry(card).or_default().1 += 1;
    }
    for s in 0..pos.foundation_slots() {
        for card in pos.foundation_cards(s) {
            cards.entry(card).or_default().1 += 1;
        }
    }
    cards
}

/// `raw` without the sentences that describe moves (`"words"` and
/// `"announcement"` strings), and those sentences: they may name a visible
/// card once each, however often the table shows it.
fn split_sentences(raw: &str) -> (String, Vec<String>) {
    let mut rest = String::new();
    let mut sentences = Vec::new();
    let mut text = raw;
    loop {
        let next = ["\"words\":\"", "\"announcement\":\""]
            .iter()
            .filter_map(|key| text.find(key).map(|i| (i, key.len())))
            .min();
        let Some((at, len)) = next else { break };
        rest.push_str(&text[..at]);
        let body = &text[at + len..];
        let end = body.find('"').unwrap_or(body.len());
        sentences.push(body[..end].to_string());
        text = &body[end..];
    }
    rest.push_str(text);
    (rest, sentences)
}

/// Asserts that `raw` names no hidden card more often than it is visible.
fn assert_no_leak(raw: &str, game: &Game, what: &str) {
    let (rest, sentences) = split_sentences(raw);
    for (card, (hidden, visible)) in census(game) {
        if hidden == 0 {
            continue;
        }
        for text in sentences.iter().chain([&rest]) {
            let named = occurrences(text, &card.ascii()) + occurrences(text, &card.to_string());
            assert!(
                named <= visible,
                "{what}: {} is hidden ({hidden} cop(ies), {visible} visible) but named {named} time(s) in\n{text}\n\n{raw}",
                card.ascii()
            );
        }
    }
}

/// Asserts that the server's table is exactly the replayed game's.
fn assert_same_table(view: &serde_json::Value, game: &Game, what: &str) {
    let local = serde_json::to_value(GameView::of(game, 0, &patience_words::Lang::ENGLISH)).unwrap();
    assert_eq!(view["table"], local["table"], "{what}");
    assert_eq!(view["action_number"], local["action_number"], "{what}");
    assert_eq!(view["outcome"], local["outcome"], "{what}");
}

/// Notations to try as illegal moves.
const ATTEMPTS: &[&str] = &["t1-t2", "t2-t1", "t3-t4:2", "t9-t1", "w-t1", "w-f", "t1-f", "f1-t1", "r", "s", "res-t1"];

async fn play_one(p: &mut Player, rules_id: &str, deal: u64, seed: u64) {
    let rules = presets::find(rules_id).unwrap();
    let (id, created) = p.create(rules_id, Some(deal)).await;
    let mut game = Game::new(rules, deal);
    assert_no_leak(&created.raw, &game, "create");
    assert_same_table(created.view(), &game, "create");
    let mut view = created.view().clone();
    let mut rng = Rng::new(seed);
    let mut steps = 0;
    while view["outcome"] != "quit" && view["outcome"] != "won" && steps < 700 {
        steps += 1;
        let what = format!("{rules_id} deal {deal} step {steps}");
        let legal = moves(&view);
        let n = number(&view);
        let answer = if rng.chance(4) && view["can_undo"] == true {
            game.undo(0).unwrap();
            p.act(&id, n, "undo").await
        } else if rng.chance(4) && view["can_redo"] == true {
            game.redo(0).unwrap();
            p.act(&id, n, "redo").await
        } else if rng.chance(2) {
            let on = view["safe_auto_moves"] != true;
            game.set_safe_auto_moves(on, 0).unwrap();
            p.act(&id, n, if on { "auto-on" } else { "auto-off" }).await
        } else if rng.chance(4) {
            let attempt = ATTEMPTS[rng.below(ATTEMPTS.len())];
            if legal.iter().any(|m| m == attempt) {
                continue;
            }
            let a = p.play(&id, n, attempt).await;
            assert!(a.status.is_client_error(), "{what}: {attempt}: {}", a.text);
            a.error();
            assert_no_leak(&a.raw, &game, &format!("{what} (refused {attempt})"));
            continue;
        } else if legal.is_empty() || steps > 600 {
            game.quit(0).unwrap();
            p.act(&id, n, "quit").await
        } else {
            let plays: Vec<&String> = legal.iter().filter(|m| *m != "s" && *m != "r").collect();
            let chosen = if !plays.is_empty() && rng.chance(75) {
                plays[rng.below(plays.len())].clone()
            } else {
                legal[rng.below(legal.len())].clone()
            };
            game.play(notation::parse(&chosen).unwrap(), 0).unwrap();
            p.play(&id, n, &chosen).await
        };
        assert!(answer.status.is_success(), "{what}: {}", answer.text);
        assert_no_leak(&answer.raw, &game, &what);
        assert_same_table(answer.view(), &game, &what);
        view = answer.view().clone();
        if steps % 40 == 0 {
            for path in [format!("/api/games/{id}"), format!("/api/games/{id}/record"), "/api/games".into()] {
                let a = p.get(&path).await;
                assert!(a.status.is_success(), "{path}");
                assert_no_leak(&a.raw, &game, &format!("{what} {path}"));
            }
        }
    }
    let record = p.record(&id).await;
    assert_no_leak(&record.raw, &game, "final record");
    let stored = patience_core::record::Record::parse(&record.text).unwrap();
    let replayed = stored.replay().unwrap();
    assert_eq!(replayed.position(), game.position(), "{rules_id} deal {deal}: the record replays to the same table");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "slow: the full tier runs it"]
async fn no_answer_shows_a_hidden_card_in_any_game() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    for (i, game) in presets::games().enumerate() {
        play_one(&mut p, game, 1000 + i as u64, 7 + i as u64).await;
    }
    // Two-deck games once more, where twins make the check subtler.
    play_one(&mut p, "harp/unlimited", 77, 99).await;
    play_one(&mut p, "grosse-harfe/draw-3", 78, 100).await;
    let pages = ["/", "/stats", "/api/stats", "/api/games"];
    for path in pages {
        assert!(p.get(path).await.status.is_success(), "{path}");
    }
    server.stop().await.unwrap();
}

#[test]
#[should_panic(expected = "is hidden")]
fn the_leak_check_catches_a_face_down_card() {
    let game = Game::new(presets::find("harp").unwrap(), 5);
    let pos = game.position();
    let hidden = pos.column(8)[0];
    // Unless a twin of it is visible, naming it must fail the check.
    let raw = format!("{{\"x\":\"{}\",\"y\":\"{}\",\"z\":\"{}\"}}", hidden.ascii(), hidden.ascii(), hidden.ascii());
    assert_no_leak(&raw, &game, "planted");
}

#[test]
#[should_panic(expected = "is hidden")]
fn the_leak_check_catches_a_stock_card() {
    let game = Game::new(presets::find("pitchfork").unwrap(), 5);
    let stock = game.position().stock()[0];
    assert_no_leak(&format!("error: {stock} is next"), &game, "planted");
}
