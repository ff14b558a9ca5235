//! What the API tells a player in words: legal moves, refusals, what an
//! action did, hints and Finish; Harmony's undo cost, missing restart and
//! practice clock.

use crate::common;

use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_refusals_and_actions_are_told_in_words() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut p = Player::new(&server);
    let (id, created) = p.create("harp", Some(5)).await;
    let view = created.view();
    for m in view["table"]["moves"].as_array().unwrap() {
        let words = m["words"].as_str().unwrap();
        assert!(!words.is_empty() && !words.contains(m["notation"].as_str().unwrap()), "{m}");
    }
    // A refused move says why, in a sentence without notation.
    let legal = moves(view);
    let illegal = (1..=9)
        .flat_map(|a| (1..=9).map(move |b| format!("t{a}-t{b}")))
        .find(|m| !legal.contains(m) && !m.starts_with("t1-t1"))
        .unwrap();
    let refused = p.play(&id, 0, &illegal).await;
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert!(refused.error().ends_with('.') && !refused.error().contains(&illegal), "{}", refused.error());
    // An accepted move is announced, and so is its undo.
    let first = &view["table"]["moves"][0];
    let played = p.play(&id, 0, first["notation"].as_str().unwrap()).await;
    let said = played.json["announcement"].as_str().unwrap();
    assert!(said.starts_with(first["words"].as_str().unwrap()), "{said} / {first}");
    let undone = p.act(&id, 1, "undo").await;
    assert!(undone.json["announcement"].as_str().unwrap().starts_with("Took back: "), "{}", undone.text);
    assert_eq!(played.view()["can_restart"], true, "a game without scoring may restart once a move stands");
    assert_eq!(undone.view()["can_restart"], false, "nothing to restart");
    assert_eq!(undone.view()["restart_offered"], true, "offered, though not possible yet");
    assert_eq!(undone.view()["has_stock"], true, "Harp deals a stock");
    assert_eq!(undone.view()["deal_shows_every_card"], false, "Harp deals cards face down");
    assert_eq!(undone.view()["undo_cost"], 0);
    assert_eq!(undone.view()["outcome_words"], "In progress");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn harmony_has_no_restart_and_its_practice_clock_waits_for_the_first_action() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut p = Player::new(&server);
    let (id, created) = p.create("harmony", Some(9)).await;
    let view = created.view();
    assert_eq!(view["can_restart"], false);
    assert_eq!(view["restart_offered"], false, "a scored game offers no restart at all");
    assert_eq!(view["undo_cost"], 1000);
    assert_eq!(view["clock_started"], false);
    assert_eq!(view["ms_left"], 300_000);
    assert_eq!(view["hints"], true);
    tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    assert_eq!(p.view(&id).await.view()["ms_left"], 300_000, "the clock waits while the player reads");
    let moved = p.play(&id, 0, "s").await;
    assert_eq!(moved.view()["clock_started"], true);
    // A draw names the card it shows (which every player now sees).
    let waste = moved.view()["table"]["waste"].as_array().unwrap().clone();
    let top: patience_core::Card = waste.last().unwrap().as_str().unwrap().parse().unwrap();
    let said = moved.json["announcement"].as_str().unwrap();
    assert_eq!(said, format!("Draw a card. {top} on top of the waste."));
    let restart = p.act(&id, 1, "restart").await;
    restart.assert_error(422, "Scored games have no restart");
    assert_eq!(number(p.view(&id).await.view()), 1, "the refused restart changed nothing");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_game_offers_no_hint_and_starts_its_clock_when_opened() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let duel = ann.post("/api/duels", json!({"rules": "harmony", "participants": 2, "name": "Ann"})).await;
    let duel_id = duel.json["id"].as_str().unwrap().to_string();
    let opened = ann.send("POST", &format!("/api/duels/{duel_id}/play"), None, None).await;
    let game = opened.json["game_id"].as_str().unwrap().to_string();
    let view = ann.view(&game).await;
    assert_eq!(view.view()["hints"], false);
    assert_eq!(view.view()["clock_started"], true);
    ann.get(&format!("/api/games/{game}/finish")).await.assert_error(403, "duel");
    ann.post(&format!("/api/games/{game}/line"), json!({"action_number": 0})).await.assert_error(403, "duel");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_says_its_move_in_words_and_how_sure_it_is() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut p = Player::new(&server);
    let (id, created) = p.create("harmony", Some(5)).await;
    let hint = p.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!(hint.status, 200, "{}", hint.text);
    let mv = hint.json["move"].as_str().unwrap();
    let listed = created.view()["table"]["moves"].as_array().unwrap().iter().find(|m| m["notation"] == mv).unwrap();
    assert_eq!(hint.json["words"], listed["words"]);
    assert!(hint.json["confidence"].as_str().unwrap().ends_with('.'), "{}", hint.text);
    server.stop().await.unwrap();
}

/// Where every card is known but decisions remain, a winning line may be
/// shown: the game records it first, and a win after it is a win with help,
/// counted apart from wins. Never while cards are hidden, never through the
/// actions API.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_winning_line_is_shown_once_every_card_is_known_and_its_win_is_won_with_help() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut p = Player::new(&server);
    let (hidden, created) = p.create("harmony", Some(3)).await;
    assert_eq!(created.view()["line_offered"], false);
    let refused = p.post(&format!("/api/games/{hidden}/line"), json!({"action_number": 0})).await;
    refused.assert_error(422, "every card left is known");
    p.act(&hidden, 0, "line").await.assert_error(400, "/line");
    assert_eq!(p.view(&hidden).await.view()["action_number"], 0, "nothing recorded");

    let (deal, _) = a_won_classic_lasker_deal(std::time::Duration::from_secs(5));
    let (id, created) = p.create("lasker/classic", Some(deal)).await;
    assert_eq!(created.view()["line_offered"], true);
    assert_eq!(created.view()["helped"], false);
    let line = p.post(&format!("/api/games/{id}/line"), json!({"action_number": 0})).await;
    assert_eq!(line.status, 200, "{}", line.text);
    let mut view = line.view().clone();
    assert_eq!(view["helped"], true);
    assert_eq!(view["action_number"], 1, "the line is recorded as an action");
    for m in line.json["moves"].as_array().unwrap() {
        let a = p.play(&id, number(&view), m["notation"].as_str().unwrap()).await;
        assert_eq!(a.status, 200, "{}", a.text);
        view = a.view().clone();
    }
    assert_eq!(view["outcome"], "won");
    assert_eq!(record_actions(&p.record(&id).await.text)[0], "line", "the record keeps the line");
    let stats = p.get("/api/stats").await;
    assert_eq!(stats.json["total"]["won"], 0, "{}", stats.text);
    assert_eq!(stats.json["total"]["won_with_help"], 1, "{}", stats.text);
    let listed = p.get("/api/games").await;
    let row = listed.json["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!(row["helped"], true, "{row}");
    server.stop().await.unwrap();
}

/// Finish only finishes: it is offered, and answers, once the rest of the
/// game needs no decision (every card face up, the stock and the waste
/// empty, each card free to go up in turn), and then only moves cards up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finish_is_offered_only_once_no_decision_is_left_and_only_moves_cards_up() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut p = Player::new(&server);
    // Harmony deals cards face down: nothing to finish.
    let (id, created) = p.create("harmony", Some(3)).await;
    assert_eq!(created.view()["finishable"], false);
    p.get(&format!("/api/games/{id}/finish")).await.assert_error(422, "needs no decision");
    // Classic Lasker deals every card face up with no stock, but its columns
    // need sorting: not at the deal. Following the solver's win, Finish
    // comes once the rest goes up by itself, and ends the game.
    let (deal, line) = a_won_classic_lasker_deal(std::time::Duration::from_secs(5));
    let (id, created) = p.create("lasker/classic", Some(deal)).await;
    assert_eq!(created.view()["finishable"], false, "decisions remain at the deal");
    p.get(&format!("/api/games/{id}/finish")).await.assert_error(422, "needs no decision");
    let mut view = created.view().clone();
    for mv in line {
        if view["finishable"] == true {
            break;
        }
        let a = p.play(&id, number(&view), &mv.to_string()).await;
        assert_eq!(a.status, 200, "{}", a.text);
        view = a.view().clone();
    }
    assert_eq!(view["finishable"], true, "the solver's win ends with cards going up: {view}");
    let finish = p.get(&format!("/api/games/{id}/finish")).await;
    assert_eq!(finish.status, 200, "{}", finish.text);
    for m in finish.json["moves"].as_array().unwrap() {
        assert!(m["words"].as_str().unwrap().contains("foundation"), "{m}");
        assert!(m["notation"].as_str().unwrap().ends_with("-f"), "{m}");
        let a = p.play(&id, number(&view), m["notation"].as_str().unwrap()).await;
        assert_eq!(a.status, 200, "{}", a.text);
        view = a.view().clone();
    }
    assert_eq!(view["outcome"], "won");
    assert_eq!(view["finishable"], false, "nothing is left to finish");
    server.stop().await.unwrap();
}
