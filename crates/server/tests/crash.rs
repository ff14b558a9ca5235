//! Crash test: the server process is killed with SIGKILL while a player is
//! moving as fast as it can; after a restart on the same database file every
//! acknowledged action is there, in order, and nothing else but possibly the
//! one request that was in flight.

mod common;

use std::process::Stdio;
use std::time::Duration;

use common::*;
use tokio::io::{AsyncBufReadExt, BufReader};

const CHILD_ENV: &str = "PATIENCE_CRASH_CHILD_DB";

/// Not a test on its own: when the crash test runs this test binary again
/// with `PATIENCE_CRASH_CHILD_DB` set, this serves that database until it
/// is killed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crash_child_server() {
    let Ok(db) = std::env::var(CHILD_ENV) else { return };
    let server = start(&TestDb::from_arg(&db)).await;
    println!("LISTENING {}", server.addr());
    std::future::pending::<()>().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_action_survives_kill_9() {
    let (_dir, db) = temp_db();
    let mut child = tokio::process::Command::new(std::env::current_exe().unwrap())
        .args(["crash_child_server", "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, db.arg())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("child server starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await.unwrap() {
            // The test harness may print the test's name on the same line.
            if let Some((_, addr)) = line.split_once("LISTENING ") {
                return addr.trim().to_string();
            }
        }
        panic!("the child server never said where it listens");
    })
    .await
    .expect("child server listens in time");

    let mut p = Player { http: reqwest::Client::new(), base: format!("http://{addr}"), cookie: None };
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
                Ok(a) => panic!("refused: {}", a.text),
                Err(_) => return (acked, Some(path_action)),
            }
        }
        (acked, None)
    });
    tokio::time::sleep(Duration::from_millis(700)).await;
    child.start_kill().unwrap();
    child.wait().await.unwrap();
    let (acked, in_flight) = playing.await.unwrap();
    assert!(acked.len() > 5, "only {} actions were acknowledged before the kill", acked.len());

    let server = start(&db).await;
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

const SIGTERM_CHILD_ENV: &str = "PATIENCE_SIGTERM_CHILD_DB";

/// Not a test on its own: run again by the SIGTERM test, this calls
/// `serve` itself, which logs where it listens and stops on SIGTERM.
#[test]
fn sigterm_child_server() {
    let Ok(db) = std::env::var(SIGTERM_CHILD_ENV) else { return };
    let config =
        patience_server::Config { port: 0, database: TestDb::from_arg(&db).0, ..patience_server::Config::default() };
    patience_server::serve_blocking(config).expect("serve stops cleanly");
    println!("STOPPED CLEANLY");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_server_gracefully() {
    let (_dir, db) = temp_db();
    let mut child = tokio::process::Command::new(std::env::current_exe().unwrap())
        .args(["sigterm_child_server", "--exact", "--nocapture", "--test-threads=1"])
        .env(SIGTERM_CHILD_ENV, db.arg())
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("child server starts");
    let mut log = BufReader::new(child.stderr.take().unwrap()).lines();
    let addr = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = log.next_line().await.unwrap() {
            if let Some((_, rest)) = line.split_once("serving http://") {
                return rest.split_whitespace().next().unwrap().to_string();
            }
        }
        panic!("the child server never logged where it listens");
    })
    .await
    .expect("child server listens in time");
    let mut p = Player { http: reqwest::Client::new(), base: format!("http://{addr}"), cookie: None };
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

    let pid = child.id().unwrap().to_string();
    let sent = std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(sent.success());
    // The stream ends (its client would reconnect elsewhere); the hint is
    // still answered; no new connection is taken.
    let ended =
        tokio::time::timeout(Duration::from_secs(10), async { while let Ok(Some(_)) = stream.chunk().await {} });
    ended.await.expect("the live stream ends when the server stops");
    let answered = hint.await.unwrap();
    assert_eq!(answered.status, 200, "the hint in flight is answered: {}", answered.text);
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait()).await.expect("stops in time").unwrap();
    assert!(
        reqwest::Client::new().get(format!("{}/healthz", p.base)).send().await.is_err(),
        "a stopped server takes no connection"
    );
    assert!(status.success(), "{status}");
    let mut out = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut child.stdout.take().unwrap(), &mut out).await.unwrap();
    assert!(out.contains("STOPPED CLEANLY"), "{out}");

    let server = start(&db).await;
    let mut p = p.at(&server);
    assert_eq!(number(p.view(&id).await.view()), 1);
    server.stop().await.unwrap();
}
