//! Public profiles through the API: anyone reads the statistics of an
//! account's finished games, those games with their records and its closed
//! duels with its place; a game in progress, or of an open duel, is not
//! shown at all; duel standings name the participants' accounts; a name no
//! account has, or no longer has, is a 404.

use crate::common;

use common::*;
use serde_json::{json, Value};

async fn sign_up(p: &mut Player, name: &str) {
    let a = p.post("/api/account/sign-up", json!({"name": name, "password": PASSWORD})).await;
    assert_eq!(a.status, 201, "{}", a.text);
}

/// The first of the profile's games that `pred` picks.
fn game_of(profile: &Value, pred: impl Fn(&Value) -> bool) -> Option<&Value> {
    profile["games"].as_array().unwrap().iter().find(|g| pred(g))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anyone_reads_a_profiles_statistics_finished_games_and_closed_duels() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    sign_up(&mut ann, "Ann").await;
    // A finished game (given up after a move) and one in progress.
    let (done, _) = ann.create("harp", Some(11)).await;
    ann.play(&done, 0, "s").await;
    assert_eq!(ann.act(&done, 1, "quit").await.status, 200);
    let (open, _) = ann.create("pitchfork", Some(12)).await;
    let first = moves(ann.view(&open).await.view())[0].clone();
    ann.play(&open, 0, &first).await;
    // A duel with Bob, closed by Ann.
    let mut bob = Player::new(&site);
    sign_up(&mut bob, "bob").await;
    let duel = ann.post("/api/duels", json!({"rules": "harmony", "participants": 2, "name": "Annie"})).await;
    let duel_id = duel.json["id"].as_str().unwrap().to_string();
    assert_eq!(bob.post(&format!("/api/duels/{duel_id}/join"), json!({"name": "Bobby"})).await.status, 200);
    let standings = bob.get(&format!("/api/duels/{duel_id}")).await;
    let accounts: Vec<&Value> =
        standings.json["participants"].as_array().unwrap().iter().map(|p| &p["account"]).collect();
    assert_eq!(accounts, [&json!("Ann"), &json!("bob")], "standings name the accounts: {}", standings.text);
    // Both play and give up; then the duel closes.
    for p in [&mut ann, &mut bob] {
        let opened = p.send("POST", &format!("/api/duels/{duel_id}/play"), None, None).await;
        let game = opened.json["game_id"].as_str().unwrap().to_string();
        p.play(&game, 0, "s").await;
        assert_eq!(p.act(&game, 1, "quit").await.status, 200);
    }
    if ann.get(&format!("/api/duels/{duel_id}")).await.json["status"] != "closed" {
        let closed = ann.post(&format!("/api/duels/{duel_id}/close"), json!({})).await;
        assert_eq!(closed.status, 200, "{}", closed.text);
    }

    let mut stranger = Player::new(&site);
    let profile = stranger.get("/api/players/ann").await;
    assert_eq!(profile.status, 200, "{}", profile.text);
    let p = &profile.json;
    assert_eq!(p["name"], "Ann", "the name as its owner wrote it");
    assert_eq!(p["yours"], false);
    assert_eq!(p["stats"]["total"]["played"], 2, "the finished game and the duel's: {p}");
    let finished = game_of(p, |g| g["rules"] == "harp").expect("the finished game is listed");
    assert_eq!((&finished["id"], &finished["deal"]), (&json!(done), &json!(11)));
    assert!(game_of(p, |g| g["rules"] == "pitchfork").is_none(), "a game in progress is not shown: {p}");
    assert!(!profile.text.contains(&open));
    let duels = p["duels"].as_array().unwrap();
    assert_eq!(duels.len(), 1, "{p}");
    assert_eq!(duels[0]["id"], duel_id.as_str());
    assert_eq!(duels[0]["participants"], 2);
    assert!(duels[0]["rank"].as_u64().is_some(), "{}", duels[0]);

    // The finished game's record, for anyone; not the game in progress.
    let record = stranger.get(&format!("/api/players/Ann/games/{done}/record")).await;
    assert_eq!(record.status, 200, "{}", record.text);
    assert!(record.text.contains("[Deal \"11\"]"), "{}", record.text);
    stranger.get(&format!("/api/players/ann/games/{open}/record")).await.assert_error(404, "no game");
    stranger.get(&format!("/api/players/bob/games/{done}/record")).await.assert_error(404, "no game");

    assert_eq!(ann.get("/api/players/ANN").await.json["yours"], true);
    stranger.get("/api/players/nobody").await.assert_error(404, "no player is called nobody");
    stranger.get("/api/players/not%20a%20name").await.assert_error(404, "no player is called");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_an_open_duel_is_not_shown_until_the_duel_closes() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    sign_up(&mut ann, "ann").await;
    let duel = ann.post("/api/duels", json!({"rules": "harmony", "participants": 3, "name": "Ann"})).await;
    let duel_id = duel.json["id"].as_str().unwrap().to_string();
    let opened = ann.send("POST", &format!("/api/duels/{duel_id}/play"), None, None).await;
    let game = opened.json["game_id"].as_str().unwrap().to_string();
    ann.play(&game, 0, "s").await;
    assert_eq!(ann.act(&game, 1, "quit").await.status, 200, "her duel game is over, the duel is not");

    let mut stranger = Player::new(&site);
    let profile = stranger.get("/api/players/ann").await;
    assert!(game_of(&profile.json, |g| g["rules"] == "harmony").is_none(), "{}", profile.text);
    assert_eq!(profile.json["stats"]["total"]["played"], 0, "nor counted");
    assert!(!profile.text.contains(&game));
    stranger.get(&format!("/api/players/ann/games/{game}/record")).await.assert_error(404, "no game");
    assert!(profile.json["duels"].as_array().unwrap().is_empty(), "an open duel is not listed");

    assert_eq!(ann.post(&format!("/api/duels/{duel_id}/close"), json!({})).await.status, 200);
    let profile = stranger.get("/api/players/ann").await;
    let listed = game_of(&profile.json, |g| g["rules"] == "harmony").unwrap();
    assert_eq!(listed["id"], game.as_str(), "once the duel closes, its game is finished like any");
    assert!(listed["deal"].as_u64().is_some());
    assert_eq!(stranger.get(&format!("/api/players/ann/games/{game}/record")).await.status, 200);
    assert_eq!(profile.json["duels"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_profile_page_is_served_for_an_account_and_a_404_for_any_other_name() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    sign_up(&mut ann, "ann").await;
    let mut stranger = Player::new(&site);
    let page = stranger.get("/@/Ann").await;
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html") && page.text.contains("profile.js"), "{}", page.text);
    for missing in ["/@/nobody", "/@/x", "/@/%3Cb%3E"] {
        let a = stranger.get(missing).await;
        assert_eq!(a.status, 404, "{missing}");
        assert!(a.content_type.starts_with("text/html"), "{missing}: {}", a.content_type);
    }
    // A deleted account's profile is gone.
    assert_eq!(ann.post("/api/account/delete", json!({"password": PASSWORD})).await.status, 200);
    assert_eq!(stranger.get("/@/ann").await.status, 404);
    stranger.get("/api/players/ann").await.assert_error(404, "no player is called ann");
}
