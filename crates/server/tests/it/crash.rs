//! Crash test: the server process is killed with SIGKILL while a player is
//! moving as fast as it can; after a restart on the same database every
//! acknowledged action is there, in order, and nothing else but possibly the
//! one request that was in flight. With `PATIENCE_TEST_BACKEND=instances`
//! both instances behind nginx are killed and the site restarted.

use crate::common;

use std::time::Duration;

use common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_action_survives_kill_9() {
    let (_dir, db) = temp_db();
    let site = start_processes(&db).await;
    let mut p = Player::new(&site);
    let (id, created) = p.create("grosse-harfe/draw-3", Some(2024)).await;
    let player = p.clone();
    let game_id = id.clone();
    // Play until the server dies; remember every acknowledged action.
    let playing = tokio::spawn(async move {
        let mut p = player;
        let mut view = created.view().clone();
        let mut acked: Vec<String> = Vec::new();
        let mut rng = Rng::new(5);
        for _ in 0..100_000 {
            let legal = moves(&view);
            let (path_action, body) = if legal.is_empty() || (rng.chance(20) && view["can_undo"] == true) {
                ("undo".to_string(), serde_json::json!({ "action_number": number(&view), "action": "undo" }))
            } else {
                let m = legal[rng.below(legal.len())].clone();
                (m.clone(), serde_json::json!({ "action_number": number(&view), "move": m }))
            };
            if legal.is_empty() && view["can_undo"] != true {
                break;
            }
            match p
                .try_send(
                    "POST",
                    &format!("/api/games/{game_id}/actions"),
                    Some("application/json"),
                    Some(body.to_string()),
                )
                .await
            {
                Ok(a) if a.status.is_success() => {
                    acked.push(path_action);
                    view = a.view().clone();
                }
                // Behind nginx, a request whose instance died is answered
                // 502 by the proxy.
                Ok(a) if a.status == 502 => return (acked, Some(path_action)),
                Ok(a) => panic!("refused: {}", a.text),
                Err(_) => return (acked, Some(path_action)),
            }
        }
        (acked, None)
    });
    tokio::time::sleep(Duration::from_millis(700)).await;
    site.kill9().await;
    let (acked, in_flight) = playing.await.unwrap();
    assert!(acked.len() > 5, "only {} actions were acknowledged before the kill", acked.len());

    let server = start_site(&db).await;
    let mut p = p.at(&server);
    let view = p.view(&id).await;
    let stored = number(view.view()) as usize;
    let record = p.record(&id).await.text;
    let tokens = record_actions(&record);
    assert_eq!(tokens.len(), stored);
    assert!(stored == acked.len() || stored == acked.len() + 1, "acked {} but stored {stored}", acked.len());
    assert_eq!(tokens[..acked.len()], acked[..]);
    if stored > acked.len() {
        assert_eq!(Some(tokens[acked.len()].clone()), in_flight);
    }
    // And play goes on.
    let legal = moves(view.view());
    if let Some(m) = legal.first() {
        assert!(p.play(&id, stored as u64, m).await.status.is_success());
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_server_gracefully() {
    let (_dir, db) = temp_db();
    let mut site = start_processes(&db).await;
    let mut p = Player::new(&site);
    let (id, _) = p.create("lasker", Some(8)).await;
    let first = moves(p.view(&id).await.view())[0].clone();
    assert!(p.play(&id, 0, &first).await.status.is_success());

    // In flight when the signal comes: a hint (it thinks for up to 2 s) and a
    // live duel stream.
    let (hint_game, _) = p.create("harp", Some(4)).await;
    let mut asking = p.clone();
    let hint = tokio::spawn(async move { asking.get(&format!("/api/games/{hint_game}/hint")).await });
    let d = p.post("/api/duels", serde_json::json!({"rules": "lasker", "name": "Ann"})).await;
    let duel = d.json["id"].as_str().unwrap().to_string();
    let mut stream = p
        .http
        .get(format!("{}/api/duels/{duel}/events", p.base))
        .header("cookie", p.cookie.clone().unwrap())
        .send()
        .await
        .unwrap();
    assert!(stream.chunk().await.unwrap().is_some(), "the stream's first event");
    tokio::time::sleep(Duration::from_millis(100)).await;

    for instance in site.instances() {
        instance.terminate();
    }
    // The stream ends (its client would reconnect elsewhere); the hint is
    // still answered; no new connection is taken.
    let ended =
        tokio::time::timeout(Duration::from_secs(10), async { while let Ok(Some(_)) = stream.chunk().await {} });
    ended.await.expect("the live stream ends when the server stops");
    let answered = hint.await.unwrap();
    assert_eq!(answered.status, 200, "the hint in flight is answered: {}", answered.text);
    for instance in site.instances() {
        let (ok, out) = instance.ended().await;
        assert!(
            reqwest::Client::new().get(format!("{}/healthz", instance.base)).send().await.is_err(),
            "a stopped server takes no connection"
        );
        assert!(ok, "the server exits successfully");
        assert!(out.contains("STOPPED CLEANLY"), "{out}");
    }

    let server = start_site(&db).await;
    let mut p = p.at(&server);
    assert_eq!(number(p.view(&id).await.view()), 1);
    server.stop().await.unwrap();
}
