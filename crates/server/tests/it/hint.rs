//! Hints: the honest player's move, from what the player can see only; off
//! in duel games and in finished games.

use crate::common;

use std::collections::BTreeSet;

use common::{moves, number, start, temp_db, Player};
use patience_core::{presets, Card, Position};
use serde_json::json;

/// Every card face down or in the stock of a deal's opening position.
fn hidden_at_the_deal(rules: &str, deal: u64) -> BTreeSet<Card> {
    let pos = Position::deal(presets::find(rules).unwrap(), deal);
    let mut hidden: BTreeSet<Card> = pos.stock().iter().copied().collect();
    for col in 0..pos.column_count() {
        hidden.extend(&pos.column(col)[..pos.face_down(col)]);
    }
    hidden
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_a_legal_move_and_names_no_hidden_card() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut p = Player::new(&server);
    for (rules, deal) in [("harmony", 5), ("harp", 3), ("pitchfork", 2)] {
        let (id, created) = p.create(rules, Some(deal)).await;
        let legal = moves(created.view());
        let hint = p.get(&format!("/api/games/{id}/hint")).await;
        assert_eq!(hint.status, 200, "{}", hint.text);
        let mv = hint.json["move"].as_str().unwrap();
        assert!(legal.iter().any(|m| m == mv), "{rules}: hint {mv} is not among {legal:?}");
        for card in hidden_at_the_deal(rules, deal) {
            // One-deck games: a hidden card has no visible twin.
            if presets::find(rules).unwrap().decks == 1 {
                assert!(
                    !hint.raw.contains(&card.ascii()),
                    "{rules}: the hint names hidden {}: {}",
                    card.ascii(),
                    hint.raw
                );
            }
        }
        // Asking changed nothing, and playing the hint is accepted.
        let view = p.view(&id).await;
        assert_eq!(number(view.view()), 0);
        assert!(p.play(&id, 0, mv).await.status.is_success());
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hints_in_finished_games_in_duels_or_in_other_players_games() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    let (id, _) = ann.create("harmony", Some(1)).await;
    bob.get(&format!("/api/games/{id}/hint")).await.assert_error(404, "does not exist or is not yours");
    ann.act(&id, 0, "quit").await;
    ann.get(&format!("/api/games/{id}/hint")).await.assert_error(409, "over");

    let duel = ann.post("/api/duels", json!({"rules": "harmony", "participants": 2, "name": "Ann"})).await;
    let duel_id = duel.json["id"].as_str().unwrap().to_string();
    let opened = ann.send("POST", &format!("/api/duels/{duel_id}/play"), None, None).await;
    assert_eq!(opened.status, 200, "{}", opened.text);
    let game = opened.json["game_id"].as_str().unwrap();
    ann.get(&format!("/api/games/{game}/hint")).await.assert_error(403, "duel");
    server.stop().await.unwrap();
}

/// Cards on the foundations in a view.
fn cards_up(view: &serde_json::Value) -> u64 {
    view["table"]["foundations"].as_array().expect("foundations").iter().map(|f| f["count"].as_u64().unwrap()).sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_lost_game_the_hints_head_for_the_par_and_following_them_reaches_it() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    // Lasker's default rules lose every deal; every card shows, so the par
    // is told from the start.
    let (id, created) = ann.create("lasker", Some(2)).await;
    let par = ann.get(&format!("/api/games/{id}/par")).await;
    assert_eq!(par.status, 200, "{}", par.text);
    assert_eq!(par.json["winnable"], false, "{}", par.text);
    let best = par.json["best"].as_u64().unwrap();
    let mut view = created.view().clone();
    for _ in 0..200 {
        if cards_up(&view) == best {
            break;
        }
        let hint = ann.get(&format!("/api/games/{id}/hint")).await;
        assert_eq!(hint.status, 200, "{}", hint.text);
        let mv = hint.json["move"].as_str().expect("a move").to_string();
        if moves(&view).len() > 1 {
            assert_eq!(hint.json["par"], best, "{}", hint.text);
            assert_eq!(hint.json["hopeless"], true, "{}", hint.text);
            let words = format!("No win was found from here; this one brings the most cards up: {best} cards");
            let confidence = hint.json["confidence"].as_str().unwrap();
            assert!(confidence.starts_with(&words), "{}", hint.text);
            // Every card shows: the hint speaks of no hidden card.
            assert!(!confidence.contains("hidden"), "{}", hint.text);
        }
        let played = ann.play(&id, number(&view), &mv).await;
        view = played.view().clone();
    }
    assert_eq!(cards_up(&view), best, "following the hints brings up the par");
    server.stop().await.unwrap();
}

/// The same table gets the same hint: in two games of one deal, at the
/// same table, and when asked again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_table_gets_the_same_hint() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut hints = Vec::new();
    for _ in 0..2 {
        let mut p = Player::new(&server);
        let (id, _) = p.create("harp", Some(109)).await;
        for _ in 0..2 {
            let hint = p.get(&format!("/api/games/{id}/hint")).await;
            assert_eq!(hint.status, 200, "{}", hint.text);
            hints.push((hint.json["move"].clone(), hint.json["confidence"].clone()));
        }
    }
    assert!(hints[0].1.as_str().is_some_and(|c| c.contains(" of ")), "a hint from sampled deals: {hints:?}");
    assert!(hints.windows(2).all(|w| w[0] == w[1]), "{hints:?}");
    server.stop().await.unwrap();
}
