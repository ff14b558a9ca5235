//! Several server instances on one PostgreSQL database, each a process of
//! its own, as an operator runs them behind a proxy: nothing one instance
//! holds in memory decides what another may do.
//!
//! These tests need the PostgreSQL cluster the test script starts
//! (`PATIENCE_TEST_POSTGRES`), and the nginx test needs nginx (the test
//! script installs it): they belong to the full tier and fail without them.

use crate::common;

use std::time::Duration;

use common::*;
use serde_json::json;

async fn instance(db: &str) -> Instance {
    Instance::start(&TestDb::from_arg(db), false).await
}

/// Two instances on a fresh database.
async fn two_instances() -> (Instance, Instance) {
    let db = fresh_postgres_database();
    tokio::join!(instance(&db), instance(&db))
}

/// The same player (cookie) at another instance.
fn at(p: &Player, i: &Instance) -> Player {
    Player { base: i.base.clone(), ..p.clone() }
}

fn new_player(i: &Instance) -> Player {
    Player { http: reqwest::Client::new(), base: i.base.clone(), cookie: None }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn a_players_actions_alternate_between_instances_and_all_apply_in_order() {
    let (a, b) = two_instances().await;
    let mut on_a = new_player(&a);
    let (id, created) = on_a.create("pitchfork", Some(12)).await;
    let mut on_b = at(&on_a, &b);
    let mut view = created.view().clone();
    let mut played = Vec::new();
    for i in 0..40 {
        let p = if i % 2 == 0 { &mut on_b } else { &mut on_a };
        // Every other time, the instance is asked for the game first: it
        // shows it as the other left it. Otherwise the move comes straight
        // after the other instance's answer, with its action number.
        if i % 4 < 2 {
            let seen = p.view(&id).await.view().clone();
            assert_eq!(seen["table"], view["table"], "move {i}: the instance shows the game as it is");
        }
        let Some(mv) = moves(&view).first().cloned() else { break };
        let answer = p.play(&id, number(&view), &mv).await;
        assert_eq!(answer.status, 200, "move {i} ({mv}): {}", answer.text);
        view = answer.view().clone();
        played.push(mv);
    }
    assert!(played.len() >= 20, "{played:?}");
    for p in [&mut on_a, &mut on_b] {
        assert_eq!(p.view(&id).await.view()["table"], view["table"], "both instances show the last move");
    }
    assert_eq!(record_actions(&on_a.record(&id).await.text), played);
    assert_eq!(record_actions(&on_b.record(&id).await.text), played);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn the_same_action_sent_20_times_to_both_instances_applies_once() {
    let (a, b) = two_instances().await;
    let mut on_a = new_player(&a);
    let (id, created) = on_a.create("harp", Some(7)).await;
    let on_b = at(&on_a, &b);
    // Both instances have the game in memory before the race.
    at(&on_a, &b).view(&id).await;
    let mv = moves(created.view())[0].clone();
    let mut sent = Vec::new();
    for i in 0..40 {
        let mut p = if i % 2 == 0 { on_a.clone() } else { on_b.clone() };
        let (id, mv) = (id.clone(), mv.clone());
        sent.push(tokio::spawn(async move { p.play(&id, 0, &mv).await }));
    }
    let mut applied = 0;
    for answer in sent {
        let answer = answer.await.unwrap();
        match answer.status.as_u16() {
            200 => applied += 1,
            409 => assert!(answer.error().contains("has moved on"), "{}", answer.text),
            other => panic!("{other}: {}", answer.text),
        }
    }
    assert_eq!(applied, 1, "one of the 40 copies applies");
    assert_eq!(record_actions(&on_a.record(&id).await.text), [mv]);
    assert_eq!(number(at(&on_a, &b).view(&id).await.view()), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn kill_9_of_one_instance_loses_no_acknowledged_move_and_the_other_carries_on() {
    let (mut a, b) = two_instances().await;
    // Five players, each moving as fast as they can through instance A, then
    // through B once A is gone.
    let mut games = Vec::new();
    for deal in 1..=5 {
        let mut p = new_player(&a);
        let (id, created) = p.create("grosse-harfe/draw-3", Some(deal)).await;
        games.push((p, id, created.view().clone()));
    }
    let b_base = b.base.clone();
    let mut playing = Vec::new();
    for (p, id, view) in games {
        let b_base = b_base.clone();
        playing.push(tokio::spawn(async move {
            let mut p = p;
            let mut view = view;
            let mut acked: Vec<String> = Vec::new();
            let mut moved_over = false;
            for _ in 0..400 {
                let Some(mv) = moves(&view).first().cloned() else { break };
                match p
                    .try_send(
                        "POST",
                        &format!("/api/games/{id}/actions"),
                        Some("application/json"),
                        Some(json!({"action_number": number(&view), "move": mv}).to_string()),
                    )
                    .await
                {
                    Ok(answer) if answer.status == 200 => {
                        view = answer.view().clone();
                        acked.push(mv);
                    }
                    Ok(answer) => panic!("{}: {}", answer.status, answer.text),
                    Err(_) if !moved_over => {
                        // A is gone: carry on through B, from the game as stored.
                        p.base = b_base.clone();
                        moved_over = true;
                        view = p.view(&id).await.view().clone();
                        let stored = record_actions(&p.record(&id).await.text);
                        assert!(
                            stored.len() >= acked.len() && stored[..acked.len()] == acked[..],
                            "{stored:?} / {acked:?}"
                        );
                        assert!(stored.len() <= acked.len() + 1, "at most the move in flight is extra");
                        acked = stored;
                    }
                    Err(e) => panic!("B failed too: {e}"),
                }
            }
            (p, id, acked, moved_over)
        }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    a.child.start_kill().unwrap();
    a.child.wait().await.unwrap();
    for game in playing {
        let (mut p, id, acked, moved_over) = game.await.unwrap();
        assert!(moved_over, "every game was still going when A died");
        assert!(acked.len() > 20, "the game went on through B: {} moves", acked.len());
        assert_eq!(record_actions(&p.record(&id).await.text), acked, "every acknowledged move, in order");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn duel_participants_on_different_instances_see_each_others_standings_live() {
    let (a, b) = two_instances().await;
    let mut ann = new_player(&a);
    let mut bob = new_player(&b);
    let d = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    // Nothing but a notification from the other instance can wake A's
    // stream: no clock runs out and nothing polls.
    let mut stream = EventStream::open(&ann, &id).await;
    let five = Duration::from_secs(5);
    stream.wait_for("the first event", five, |d| d["participants"].as_array().is_some_and(|p| p.len() == 1)).await;
    bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob"})).await;
    stream.wait_for("Bob's join", five, |d| d["participants"][1]["name"] == "Bob").await;
    let started = bob.send("POST", &format!("/api/duels/{id}/play"), None, None).await;
    let game = started.json["game_id"].as_str().unwrap().to_string();
    stream.wait_for("Bob's game opened", five, |d| d["participants"][1]["started"] == true).await;
    bob.act(&game, 0, "quit").await;
    stream.wait_for("Bob's give-up", five, |d| d["participants"][1]["outcome"] == "quit").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn two_instances_behind_nginx_serve_one_site_and_survive_one_dying() {
    let (mut a, b) = two_instances().await;
    let nginx = nginx_in_front_of(&[a.base.clone(), b.base.clone()], Spread::ByCookie).await;
    let site = || Player { http: reqwest::Client::new(), base: nginx.base.clone(), cookie: None };
    assert_eq!(site().get("/readyz").await.json["status"], "ready");

    // A game through the proxy: each request goes to either instance.
    let mut p = site();
    let (id, created) = p.create("harmony", Some(5)).await;
    let mut view = created.view().clone();
    let mut played = Vec::new();
    for _ in 0..30 {
        let Some(mv) = moves(&view).first().cloned() else { break };
        let answer = p.play(&id, number(&view), &mv).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        view = answer.view().clone();
        played.push(mv);
    }
    assert_eq!(record_actions(&p.record(&id).await.text), played);

    // A duel's live standings through the proxy, the other player on
    // whichever instance their requests reach.
    let mut ann = site();
    let mut bob = site();
    let d = ann.post("/api/duels", json!({"rules": "lasker", "name": "Ann"})).await;
    let duel = d.json["id"].as_str().unwrap().to_string();
    let mut stream = EventStream::open(&ann, &duel).await;
    stream.next().await.expect("the first event");
    bob.post(&format!("/api/duels/{duel}/join"), json!({"name": "Bob"})).await;
    let five = Duration::from_secs(5);
    stream.wait_for("Bob's join through the proxy", five, |d| d["participants"][1]["name"] == "Bob").await;

    // One instance dies: the site goes on, every game with it.
    a.child.start_kill().unwrap();
    a.child.wait().await.unwrap();
    for _ in 0..10 {
        let Some(mv) = moves(&view).first().cloned() else { break };
        let answer = p.play(&id, number(&view), &mv).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        view = answer.view().clone();
        played.push(mv);
    }
    assert_eq!(record_actions(&p.record(&id).await.text), played);
    assert_eq!(site().get("/readyz").await.status, 200);
}
