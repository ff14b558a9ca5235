//! Players' votes through the API: 1 to 5 stars a game, once a player and
//! game (changed by voting again), only after finishing a game of it; the
//! average and the count for everyone.

use crate::common;

use common::*;
use serde_json::json;

fn put(stars: serde_json::Value) -> Option<String> {
    Some(json!({ "stars": stars }).to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_rates_a_game_finished_once_and_may_change_it_and_everyone_sees_the_average() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let json_type = Some("application/json");
    // Not before playing: with no cookie, with a game of it not moved, or
    // with a game of another game.
    let mut ann = Player::new(&server);
    ann.send("PUT", "/api/votes/harp", json_type, put(json!(4))).await.assert_error(403, "Finish a game of Harp first");
    ann.create("harp", Some(1)).await;
    let (pitchfork, created) = ann.create("pitchfork", Some(1)).await;
    ann.play(&pitchfork, 0, &moves(created.view())[0]).await;
    ann.send("PUT", "/api/votes/harp", json_type, put(json!(4))).await.assert_error(403, "Finish a game of Harp first");
    // A game still in play does not count; a variant's counts for its game.
    let (variant, _) = ann.create("harp/3-passes", Some(2)).await;
    ann.play(&variant, 0, "s").await;
    ann.send("PUT", "/api/votes/harp", json_type, put(json!(4))).await.assert_error(403, "Finish a game of Harp first");
    ann.act(&variant, 1, "quit").await;
    let voted = ann.send("PUT", "/api/votes/harp", json_type, put(json!(4))).await;
    assert_eq!(voted.status, 200, "{}", voted.text);
    assert_eq!(voted.json, json!({"game": "harp", "name": "Harp", "votes": 1, "average": 4.0, "yours": 4}));
    // Voting again changes the vote, never adds one.
    let changed = ann.send("PUT", "/api/votes/harp", json_type, put(json!(2))).await;
    assert_eq!(
        (&changed.json["votes"], &changed.json["average"], &changed.json["yours"]),
        (&json!(1), &json!(2.0), &json!(2))
    );
    let mut bob = Player::new(&server);
    let (game, _) = bob.create("harp", Some(3)).await;
    bob.play(&game, 0, "s").await;
    bob.act(&game, 1, "quit").await;
    let bobs = bob.send("PUT", "/api/votes/harp", json_type, put(json!(5))).await;
    assert_eq!((&bobs.json["votes"], &bobs.json["average"], &bobs.json["yours"]), (&json!(2), &json!(3.5), &json!(5)));
    // Everyone reads the averages, each with their own vote.
    let all = ann.get("/api/votes").await;
    let games = all.json["votes"].as_array().unwrap();
    assert_eq!(games.len(), patience_core::presets::games().count());
    let harp = games.iter().find(|g| g["game"] == "harp").unwrap();
    assert_eq!((&harp["votes"], &harp["average"], &harp["yours"]), (&json!(2), &json!(3.5), &json!(2)));
    let klondike = games.iter().find(|g| g["game"] == "klondike").unwrap();
    assert_eq!(klondike, &json!({"game": "klondike", "name": "Klondike", "votes": 0, "average": null, "yours": null}));
    let stranger = Player::new(&server).get("/api/votes").await;
    assert_eq!(stranger.json["votes"][0]["yours"], json!(null));
    // Bad input: a clear refusal, nothing recorded.
    for bad in [json!(0), json!(6), json!(2.5), json!("5"), json!(null)] {
        ann.send("PUT", "/api/votes/harp", json_type, put(bad.clone())).await.assert_error(400, "from 1 to 5");
    }
    ann.send("PUT", "/api/votes/spider", json_type, put(json!(3))).await.assert_error(404, "no game is called spider");
    ann.send("PUT", "/api/votes/harp%2F3-passes", json_type, put(json!(3)))
        .await
        .assert_error(404, "no game is called");
    let after = ann.get("/api/votes").await;
    let harp = after.json["votes"].as_array().unwrap().iter().find(|g| g["game"] == "harp").unwrap().clone();
    assert_eq!((&harp["votes"], &harp["yours"]), (&json!(2), &json!(2)));
    server.stop().await.unwrap();
}
