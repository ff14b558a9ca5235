//! The JSON API against a real server on 127.0.0.1 with a real SQLite file.

use crate::common;

use common::*;
use patience_server::services::games::MAX_DEAL;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_view_move_undo_redo_quit() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);

    let (id, created) = p.create("harp", Some(17)).await;
    assert!(p.cookie.as_deref().unwrap().starts_with("patience_id="));
    let set_cookie = created.raw.lines().find(|l| l.starts_with("set-cookie")).unwrap().to_ascii_lowercase();
    assert!(set_cookie.contains("httponly") && set_cookie.contains("samesite=lax"), "{set_cookie}");
    let view = created.view();
    assert_eq!(view["game"], "harp");
    assert_eq!(view["deal"], 17);
    assert_eq!(number(view), 0);
    assert_eq!(view["outcome"], "playing");
    assert_eq!(view["table"]["columns"].as_array().unwrap().len(), 9);
    assert_eq!(view["table"]["stock"], 59);

    let got = p.view(&id).await;
    assert_eq!(got.json["view"], *view);

    // Draw, then undo and redo it.
    let a = p.play(&id, 0, "s").await;
    let after_draw = a.view().clone();
    assert_eq!(number(&after_draw), 1);
    assert_eq!(after_draw["table"]["stock"], 58);
    assert_eq!(after_draw["table"]["waste"].as_array().unwrap().len(), 1);
    assert_eq!(after_draw["can_undo"], true);

    let a = p.act(&id, 1, "undo").await;
    assert_eq!(a.view()["table"]["stock"], 59);
    assert_eq!(a.view()["can_redo"], true);
    assert_eq!(a.view()["moves_made"], 0);

    let a = p.act(&id, 2, "redo").await;
    assert_eq!(a.view()["table"], after_draw["table"]);
    assert_eq!(a.view()["can_redo"], false);

    let a = p.act(&id, 3, "restart").await;
    assert_eq!(a.view()["moves_made"], 0);
    assert_eq!(a.view()["table"]["stock"], 59);

    let a = p.act(&id, 4, "redo").await;
    a.assert_error(422, "There is no move to redo");

    let a = p.act(&id, 4, "quit").await;
    assert_eq!(a.view()["outcome"], "quit");
    assert!(moves(a.view()).is_empty());

    let a = p.play(&id, 5, "s").await;
    a.assert_error(409, "The game is over");
    // Every action on a finished game is 409, redo and undo included.
    p.act(&id, 5, "redo").await.assert_error(409, "The game is over");
    p.act(&id, 5, "undo").await.assert_error(409, "The game is over");

    let record = p.record(&id).await;
    assert!(record.content_type.starts_with("text/plain"));
    assert!(record.text.contains("[Game \"harp\"]") && record.text.contains("[Deal \"17\"]"), "{}", record.text);
    assert_eq!(record_actions(&record.text), ["s", "undo", "s", "restart", "quit"], "{}", record.text);

    let list = p.get("/api/games").await;
    let games = list.json["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["id"], id.as_str());
    assert_eq!(games[0]["outcome"], "quit");
    assert_eq!(games[0]["name"], "Harp");

    // Restarted to the deal and given up with no move standing: statistics
    // do not count it as played.
    let stats = p.get("/api/stats").await;
    assert_eq!(stats.json["total"]["played"], 0, "{}", stats.text);

    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_list_says_which_games_are_worth_continuing() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let (fresh, _) = p.create("harp", Some(3)).await;
    let (started, _) = p.create("harp", Some(4)).await;
    p.play(&started, 0, "s").await;
    let (given_up, _) = p.create("harp", Some(5)).await;
    p.play(&given_up, 0, "s").await;
    p.act(&given_up, 1, "quit").await;
    // A game at a dead end ("No more moves", "No more progress possible"):
    // Undo could open it again, but it is not offered to continue. The
    // first deal that drawing alone brings to one.
    let mut dead_end = None;
    'deals: for deal in 1..=40 {
        let (id, created) = p.create("pitchfork/no-redeal", Some(deal)).await;
        let mut view = created.view().clone();
        while view["outcome"] == "playing" {
            if !moves(&view).contains(&"s".to_string()) {
                continue 'deals;
            }
            view = p.play(&id, number(&view), "s").await.view().clone();
        }
        dead_end = Some(id);
        break;
    }
    let dead_end = dead_end.expect("drawing alone brings a deal of 1..=40 to a dead end");
    let list = p.get("/api/games").await;
    let continuable = |id: &str| {
        let games = list.json["games"].as_array().unwrap();
        games.iter().find(|g| g["id"] == id).unwrap_or_else(|| panic!("{id} not listed: {}", list.text))["continuable"]
            .clone()
    };
    assert_eq!(continuable(&started), true, "a move made and not over");
    assert_eq!(continuable(&fresh), false, "nothing played yet");
    assert_eq!(continuable(&given_up), false, "given up: over for good");
    assert_eq!(continuable(&dead_end), false, "at a dead end: nothing to continue");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_safe_auto_move_is_switched_by_actions_in_the_log() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let (id, created) = p.create("pitchfork", Some(12)).await;
    assert_eq!(created.view()["safe_auto_moves"], false);
    let on = p.act(&id, 0, "auto-on").await;
    assert_eq!(on.view()["safe_auto_moves"], true);
    assert_eq!(number(on.view()), 1);
    let off = p.act(&id, 1, "auto-off").await;
    assert_eq!(off.view()["safe_auto_moves"], false);
    assert_eq!(record_actions(&p.record(&id).await.text), ["auto-on", "auto-off"]);
    p.act(&id, 2, "auto").await.assert_error(400, "auto-on or auto-off");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_deal_and_every_rules_id_can_be_created() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let rules = p.get("/api/rules").await;
    let ids: Vec<String> =
        rules.json["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect();
    assert!(ids.len() >= 5 && ids.contains(&"harp/3-passes".to_string()));
    for id in &ids {
        let (_, a) = p.create(id, None).await;
        assert_eq!(a.view()["game"], id.as_str());
        assert!(a.view()["deal"].as_u64().unwrap() >= 1);
    }
    // One player, one cookie.
    let cookie = p.cookie.clone();
    p.create("lasker", Some(MAX_DEAL)).await;
    assert_eq!(p.cookie, cookie);
    let list = p.get("/api/games").await;
    assert_eq!(list.json["games"].as_array().unwrap().len(), ids.len() + 1);
    assert_eq!(list.json["games"][0]["deal"], MAX_DEAL);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_number_a_page_cannot_show_exactly_is_refused() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    // The largest number a page's script holds exactly, and the next.
    assert_eq!(MAX_DEAL, 9_007_199_254_740_991);
    assert_eq!((MAX_DEAL + 1) as f64, (MAX_DEAL + 2) as f64, "beyond it, a page cannot tell two deals apart");
    for deal in [0, MAX_DEAL + 1, u64::MAX] {
        for winnable in [false, true] {
            let body = json!({"rules": "harp", "deal": deal, "winnable": winnable});
            let refused = p.post("/api/games", body).await;
            refused.assert_error(400, &format!("deal {deal} is not one this site deals"));
            refused.assert_error(400, "deal numbers run from 1 to 9007199254740991");
        }
    }
    assert!(p.cookie.is_none(), "a refused request leaves no player behind");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_or_repeated_action_numbers_are_refused_and_nothing_is_applied_twice() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let (id, _) = p.create("pitchfork", Some(3)).await;

    let a = p.play(&id, 0, "s").await;
    assert_eq!(number(a.view()), 1);
    // The same request again: refused.
    let again = p.play(&id, 0, "s").await;
    again.assert_error(409, "This game has moved on");
    // From the future: refused.
    p.play(&id, 7, "s").await.assert_error(409, "action 1, not 7");
    assert_eq!(number(p.view(&id).await.view()), 1);

    // Many copies of one request at once: exactly one is applied.
    let mut tasks = Vec::new();
    for _ in 0..12 {
        let mut q = p.clone();
        let id = id.clone();
        tasks.push(tokio::spawn(async move { q.play(&id, 1, "s").await.status.as_u16() }));
    }
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 409).count(), 11, "{statuses:?}");
    let view = p.view(&id).await;
    assert_eq!(number(view.view()), 2);
    assert_eq!(view.view()["table"]["stock"], 4);
    let record = p.record(&id).await.text;
    assert_eq!(record_actions(&record), ["s", "s"], "{record}");
    server.stop().await.unwrap();
}

/// "Same deal again": a new game of the rules and deal, from its opening;
/// never while the deal is secret (here, a duel still open).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_deal_again_is_a_new_game_of_it_and_a_secret_deal_is_never_dealt_again() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let (id, _) = ann.create("pitchfork/warfield", Some(7)).await;
    ann.act(&id, 0, "quit").await;
    let again = ann.post(&format!("/api/games/{id}/again"), json!({})).await;
    assert_eq!(again.status, 201, "{}", again.text);
    assert_ne!(again.json["id"], id.as_str());
    let view = again.view();
    assert_eq!(
        (&view["game"], &view["deal"], &view["action_number"]),
        (&json!("pitchfork/warfield"), &json!(7), &json!(0))
    );
    assert_eq!(view["outcome"], "playing");
    assert_eq!(view["dealt_as_winnable"], false);
    let list = ann.get("/api/games").await;
    assert_eq!(list.json["games"].as_array().unwrap().len(), 2, "{}", list.text);

    let duel = ann.post("/api/duels", json!({"rules": "harmony", "participants": 2, "name": "Ann"})).await;
    let duel_id = duel.json["id"].as_str().unwrap().to_string();
    let opened = ann.send("POST", &format!("/api/duels/{duel_id}/play"), None, None).await;
    assert_eq!(opened.status, 200, "{}", opened.text);
    let game = opened.json["game_id"].as_str().unwrap();
    let refused = ann.post(&format!("/api/games/{game}/again"), json!({})).await;
    refused.assert_error(403, "secret");
    assert!(!refused.raw.contains("\"deal\":"), "{}", refused.raw);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_players_game_is_not_found() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut owner = Player::new(&server);
    let (id, _) = owner.create("lasker", Some(5)).await;

    let mut stranger = Player::new(&server);
    stranger.create("lasker", Some(5)).await;
    assert_ne!(stranger.cookie, owner.cookie);
    let mut anonymous = Player::new(&server);
    let mut forged = Player::new(&server);
    forged.cookie = Some(format!("patience_id={}", "ab".repeat(32)));

    for who in [&mut stranger, &mut anonymous, &mut forged] {
        who.view(&id).await.assert_error(404, "does not exist or is not yours");
        who.play(&id, 0, "t1-f").await.assert_error(404, "does not exist or is not yours");
        who.act(&id, 0, "quit").await.assert_error(404, "does not exist or is not yours");
        who.record(&id).await.assert_error(404, "does not exist or is not yours");
        who.get(&format!("/api/games/{id}/hint")).await.assert_error(404, "does not exist or is not yours");
        who.post(&format!("/api/games/{id}/again"), json!({}))
            .await
            .assert_error(404, "does not exist or is not yours");
        let list = who.get("/api/games").await;
        assert!(list.json["games"].as_array().unwrap().iter().all(|g| g["id"] != id.as_str()));
    }
    // An anonymous visitor was not registered by looking.
    assert!(anonymous.cookie.is_none());
    let a = owner.view(&id).await;
    assert_eq!(number(a.view()), 0);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_inputs_get_4xx_json_errors_and_change_nothing() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let (id, created) = p.create("grosse-harfe", Some(11)).await;
    let before = created.view().clone();
    let record_before = p.record(&id).await.text;
    let actions = format!("/api/games/{id}/actions");

    // Malformed JSON.
    p.send("POST", &actions, Some("application/json"), Some("{\"action_number\": 0, \"move\": ".into()))
        .await
        .assert_error(400, "malformed JSON");
    p.send("POST", &actions, Some("application/json"), Some("[]".into())).await.assert_error(400, "malformed JSON");
    p.post(&actions, json!({ "move": "s" })).await.assert_error(400, "missing field `action_number`");
    p.post(&actions, json!({ "action_number": -1, "move": "s" })).await.assert_error(400, "malformed JSON");
    p.post(&actions, json!({ "action_number": 0, "mvoe": "s" })).await.assert_error(400, "unknown field `mvoe`");
    // Wrong content types.
    p.send("POST", &actions, Some("text/plain"), Some("{\"action_number\":0,\"move\":\"s\"}".into()))
        .await
        .assert_error(415, "application/json");
    p.send("POST", &actions, None, Some("{\"action_number\":0,\"move\":\"s\"}".into()))
        .await
        .assert_error(415, "application/json");
    // Oversized bodies.
    let big = format!("{{\"action_number\":0,\"move\":\"s\",\"pad\":\"{}\"}}", "x".repeat(10_000));
    p.send("POST", &actions, Some("application/json"), Some(big)).await.assert_error(413, "limit");
    // Moves that are not moves, or not legal.
    p.play(&id, 0, "t0-t1").await.assert_error(400, "is not a move");
    p.play(&id, 0, "").await.assert_error(400, "is not a move");
    let legal = moves(&before);
    let illegal =
        ["t1-t2", "t2-t3", "t10-f", "w-t1", "r", "t5-t1:3"].into_iter().find(|m| !legal.contains(&m.to_string()));
    let illegal = illegal.expect("some move is illegal");
    let refused = p.play(&id, 0, illegal).await;
    refused.assert_error(422, ".");
    assert!(!refused.error().contains(illegal), "a refusal speaks in words, not notation: {}", refused.error());
    p.act(&id, 0, "undo").await.assert_error(422, "There is no move to undo");
    p.act(&id, 0, "dance").await.assert_error(400, "unknown action `dance`");
    p.post(&actions, json!({ "action_number": 0, "action": "undo", "move": "s" })).await.assert_error(400, "not both");
    p.post(&actions, json!({ "action_number": 0 })).await.assert_error(400, "say what to do");
    // Unknown games, rules, routes and methods.
    p.view("0123456789abcdef01234567").await.assert_error(404, "does not exist");
    p.view("nope").await.assert_error(404, "does not exist");
    p.play("nope", 0, "s").await.assert_error(404, "does not exist");
    p.post("/api/games", json!({ "rules": "spider" })).await.assert_error(400, "unknown game or variant `spider`");
    p.post("/api/games", json!({ "rules": "harp", "deal": "x" })).await.assert_error(400, "malformed JSON");
    p.get("/api/nothing").await.assert_error(404, "no such API route");
    p.send("DELETE", &format!("/api/games/{id}"), None, None).await.assert_error(405, "not allowed");
    p.get(&actions).await.assert_error(405, "not allowed");
    // Path parameters that do not parse get the same JSON errors.
    p.get("/api/duels/x/replays/-1").await.assert_error(404, "no such resource");
    p.get("/api/duels/0123456789abcdef/replays/99999999999999999999999").await.assert_error(404, "no such resource");
    p.get("/api/duels/nope").await.assert_error(404, "no duel");
    // A hint changes nothing either.
    let hint = p.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!(hint.status, 200, "{}", hint.text);

    let after = p.view(&id).await;
    assert_eq!(after.json["view"]["table"], before["table"]);
    assert_eq!(number(after.view()), 0);
    assert_eq!(p.record(&id).await.text, record_before);
    assert_eq!(p.get("/api/games").await.json["games"].as_array().unwrap().len(), 1);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_continues_the_game_exactly() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let (id, _) = p.create("harmony", Some(42)).await;
    let mut rng = Rng::new(42);
    let mut view = p.view(&id).await.view().clone();
    for _ in 0..25 {
        let ms = moves(&view);
        if ms.is_empty() {
            break;
        }
        let a = if rng.chance(15) && view["can_undo"] == true {
            p.act(&id, number(&view), "undo").await
        } else {
            p.play(&id, number(&view), &ms[rng.below(ms.len())]).await
        };
        view = a.view().clone();
    }
    let record = p.record(&id).await.text;
    server.stop().await.unwrap();

    let server = start_site(&db).await;
    let mut p = p.at(&server);
    let again = p.view(&id).await.view().clone();
    for key in ["table", "action_number", "moves_made", "score", "undos", "can_undo", "can_redo", "outcome", "deal"] {
        assert_eq!(again[key], view[key], "{key}");
    }
    assert_eq!(p.record(&id).await.text, record);
    let ms = moves(&again);
    let a = p.play(&id, number(&again), &ms[0]).await;
    assert_eq!(number(a.view()), number(&view) + 1);
    assert_eq!(p.get("/api/games").await.json["games"][0]["id"], id.as_str());
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn harmony_ends_when_the_servers_clock_runs_out() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let (id, created) = p.create("harmony", Some(9)).await;
    let left = created.view()["ms_left"].as_u64().unwrap();
    assert!(left > 295_000 && left <= 300_000, "{left}");
    let v = created.view();
    assert_eq!(
        (&v["scored"], &v["cards"], &v["clock_secs"], &v["over"]),
        (&json!(true), &json!(52), &json!(300), &json!(false))
    );
    let a = p.play(&id, 0, "s").await;
    assert_eq!(a.view()["outcome"], "playing");
    assert_eq!(a.view()["over"], false);
    server.stop().await.unwrap();

    // Five minutes and a bit pass (the game's start moves back in time).
    execute(&db, &format!("UPDATE games SET created_ms = created_ms - 301000 WHERE id = '{id}'")).await;

    let server = start_site(&db).await;
    let mut p = p.at(&server);
    let list = p.get("/api/games").await;
    assert_eq!(list.json["games"][0]["outcome"], "time_up");
    let v = p.view(&id).await;
    assert_eq!(v.view()["outcome"], "time_up");
    assert_eq!(v.view()["ms_left"], 0);
    assert_eq!(v.view()["over"], true);
    assert!(moves(v.view()).is_empty());
    p.play(&id, 1, "s").await.assert_error(409, "The game is over (out of time)");
    let stats = p.get("/api/stats").await;
    let harmony = stats.json["games"].as_array().unwrap().iter().find(|g| g["game"] == "harmony").unwrap().clone();
    assert_eq!(harmony["played"], 1);
    assert_eq!(harmony["won"], 0);
    assert!(stats.json["best_harmony_score"].is_i64());
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_and_assets_are_served_from_the_binary() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    assert_eq!(p.get("/healthz").await.json["status"], "ok");
    assert_eq!(p.get("/readyz").await.json["status"], "ready");
    for path in ["/", "/how-to-play", "/faq", "/about", "/stats", "/duels"] {
        let a = p.get(path).await;
        assert_eq!(a.status, 200, "{path}");
        assert!(a.content_type.starts_with("text/html"), "{path}");
        assert!(a.raw.contains("content-security-policy: default-src 'self'"), "{path}");
    }
    for path in ["/static/style.css", "/static/game.js", "/static/common.js"] {
        assert_eq!(p.get(path).await.status, 200, "{path}");
    }
    assert_eq!(p.get("/static/index.html").await.status, 404);
    assert_eq!(p.get("/game/x").await.status, 404);
    assert_eq!(p.get("/nothing/here").await.status, 404);
    assert!(p.cookie.is_none(), "looking at pages registers nobody");
    // A game's page is its player's alone.
    let mut owner = Player::new(&server);
    let (game, _) = owner.create("klondike", Some(1)).await;
    let page = owner.get(&format!("/game/{game}")).await;
    assert_eq!(page.status, 200, "{}", page.text);
    assert!(page.raw.contains("content-security-policy: default-src 'self'"));
    let outside = page.text.replace("http://www.w3.org/2000/svg", "");
    assert!(!outside.contains("http://") && !outside.contains("https://"), "the game page");
    assert_eq!(p.get(&format!("/game/{game}")).await.status, 404);
    assert!(p.cookie.is_none(), "looking at pages registers nobody");

    // Nothing is loaded from elsewhere, and the first page load is small.
    let mut first_load = 0;
    for path in ["/", "/static/style.css", "/static/common.js", "/static/home.js", "/favicon.ico"] {
        let a = p.get(path).await;
        assert_eq!(a.status, 200, "{path}");
        first_load += a.text.len();
        let outside = a.text.replace("http://www.w3.org/2000/svg", "");
        assert!(!outside.contains("http://") && !outside.contains("https://") && !outside.contains("//cdn"), "{path}");
    }
    assert!(first_load < 200_000, "the home page loads {first_load} bytes");
    for path in ["/static/game.js", "/static/stats.js", "/how-to-play"] {
        let a = p.get(path).await;
        let outside = a.text.replace("http://www.w3.org/2000/svg", "");
        assert!(!outside.contains("http://") && !outside.contains("https://"), "{path}");
    }
    server.stop().await.unwrap();
}

/// Every script in `static/` is served, as JavaScript: the pages' modules
/// import one another, and one missing from the binary's list of files
/// would break its page only in a browser.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_script_in_static_is_served_as_javascript() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut p = Player::new(&server);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let mut scripts: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".js"))
        .collect();
    scripts.sort();
    assert!(scripts.iter().any(|s| s == "game.js"), "{scripts:?}");
    for name in &scripts {
        let a = p.get(&format!("/static/{name}")).await;
        assert_eq!(a.status, 200, "{name} is not served (add it to ASSETS in src/http/pages.rs)");
        assert!(a.content_type.starts_with("text/javascript"), "{name}: {}", a.content_type);
    }
    server.stop().await.unwrap();
}
