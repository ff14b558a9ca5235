//! Optional accounts through the API: signing up keeps a browser's history,
//! a second device signs in to it and continues the same game, a device's
//! own history is added when the player asks, names are checked, failed
//! sign-ins are limited and answered alike, sessions end here, everywhere,
//! with a new password or with the account; no answer carries a password
//! or its hash. Run on SQLite, on PostgreSQL and on two instances.

use crate::common;

use std::time::{Duration, Instant};

use common::*;
use patience_server::services::identity::SHARED_SESSION_TRUST;
use serde_json::json;

async fn sign_up(p: &mut Player, name: &str) -> Answer {
    p.post("/api/account/sign-up", json!({"name": name, "password": PASSWORD})).await
}

async fn sign_in(p: &mut Player, name: &str, password: &str, add_games: bool) -> Answer {
    p.post("/api/account/sign-in", json!({"name": name, "password": password, "add_games": add_games})).await
}

/// The account's name the browser is signed in to (null when none).
async fn signed_in_as(p: &mut Player) -> serde_json::Value {
    let a = p.get("/api/account").await;
    assert_eq!(a.status, 200, "{}", a.text);
    a.json["name"].clone()
}

/// The ids of the games the browser's player lists.
async fn listed(p: &mut Player) -> Vec<String> {
    let a = p.get("/api/games").await;
    a.json["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
}

/// Waits until `p`'s session has ended everywhere: on several instances,
/// another server may trust a session it read for a moment longer
/// ([`SHARED_SESSION_TRUST`]), and no longer.
async fn wait_signed_out(p: &mut Player) {
    let started = Instant::now();
    while !signed_in_as(p).await.is_null() {
        assert!(started.elapsed() < SHARED_SESSION_TRUST + Duration::from_secs(1), "the session did not end");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if backend() == Backend::Instances {
        // The other instance may still trust what it read just before.
        tokio::time::sleep(SHARED_SESSION_TRUST).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_up_keeps_the_history_and_another_device_continues_the_same_game() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut phone = Player::new(&site);
    let (id, _) = phone.create("harp", Some(7)).await;
    phone.play(&id, 0, "s").await;
    let anonymous_cookie = phone.cookie.clone();
    assert_eq!(signed_in_as(&mut phone).await, serde_json::Value::Null);

    let up = sign_up(&mut phone, "Ann-Marie").await;
    assert_eq!(up.status, 201, "{}", up.text);
    assert_eq!(up.json["name"], "Ann-Marie");
    assert_ne!(phone.cookie, anonymous_cookie, "a new session token at sign-up");
    let set_cookie = up.raw.lines().find(|l| l.starts_with("set-cookie")).unwrap().to_ascii_lowercase();
    assert!(set_cookie.contains("httponly") && set_cookie.contains("samesite=lax"), "{set_cookie}");
    assert_eq!(signed_in_as(&mut phone).await, "Ann-Marie");
    assert_eq!(listed(&mut phone).await, vec![id.clone()], "the history stays with the account");

    // The old anonymous token is no session any more.
    let mut stale = Player { cookie: anonymous_cookie, ..Player::new(&site) };
    wait_signed_out(&mut stale).await;
    stale.view(&id).await.assert_error(404, "no game");

    // Another device signs in (the name without regard to case) and
    // continues the same game.
    let mut laptop = Player::new(&site);
    let inn = sign_in(&mut laptop, "ann-marie", PASSWORD, false).await;
    assert_eq!(inn.status, 200, "{}", inn.text);
    assert_eq!(inn.json["name"], "Ann-Marie");
    assert_eq!(inn.json["games_added"], 0);
    assert_eq!(listed(&mut laptop).await, vec![id.clone()]);
    let moved = laptop.play(&id, 1, "s").await;
    assert_eq!(moved.status, 200, "{}", moved.text);
    assert_eq!(number(phone.view(&id).await.view()), 2, "the phone sees the laptop's move");
    let stats = laptop.get("/api/stats").await;
    assert_eq!(stats.status, 200, "{}", stats.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_in_adds_the_devices_own_history_only_when_asked() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    assert_eq!(sign_up(&mut ann, "ann").await.status, 201);
    let (kept, _) = ann.create("lasker", Some(1)).await;

    // A device with a game of its own, added at sign-in.
    let mut tablet = Player::new(&site);
    let (added, _) = tablet.create("harp", Some(2)).await;
    tablet.play(&added, 0, "s").await;
    assert_eq!(tablet.get("/api/account").await.json["games"], 1, "the page can offer to add one game");
    let inn = sign_in(&mut tablet, "ann", PASSWORD, true).await;
    assert_eq!(inn.status, 200, "{}", inn.text);
    assert_eq!(inn.json["games_added"], 1);
    let mut both = listed(&mut ann).await;
    both.sort();
    let mut want = vec![kept.clone(), added.clone()];
    want.sort();
    assert_eq!(both, want);
    assert_eq!(ann.play(&added, 1, "s").await.status, 200, "the added game is the account's to play");

    // A device whose history is not added keeps nothing of it.
    let mut kiosk = Player::new(&site);
    let (left, _) = kiosk.create("harp", Some(3)).await;
    assert_eq!(sign_in(&mut kiosk, "ann", PASSWORD, false).await.json["games_added"], 0);
    assert!(!listed(&mut ann).await.contains(&left));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_and_passwords_are_checked_and_a_name_is_unique_without_regard_to_case() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut p = Player::new(&site);
    for (name, words) in [
        ("an", "3 to 20 characters"),
        ("a-name-far-too-long-x", "3 to 20 characters"),
        ("ann marie", "letters a to z"),
        ("jürgen", "letters a to z"),
        ("Admin", "reserved"),
    ] {
        sign_up(&mut p, name).await.assert_error(400, words);
    }
    p.post("/api/account/sign-up", json!({"name": "ann", "password": "short"}))
        .await
        .assert_error(400, "at least 8 characters");
    p.post("/api/account/sign-up", json!({"name": "ann", "password": "x".repeat(129)}))
        .await
        .assert_error(400, "at most 128 characters");
    assert_eq!(sign_up(&mut p, "Ann").await.status, 201);
    sign_up(&mut p, "bob").await.assert_error(409, "signed in as Ann already");
    let mut other = Player::new(&site);
    sign_up(&mut other, "ANN").await.assert_error(409, "taken");
    assert_eq!(signed_in_as(&mut other).await, serde_json::Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_name_and_a_wrong_password_get_the_same_answer_in_about_the_same_time() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    assert_eq!(sign_up(&mut ann, "ann").await.status, 201);
    let mut stranger = Player::new(&site);
    let mut times = [Duration::MAX; 2];
    let mut bodies = [String::new(), String::new()];
    for _ in 0..2 {
        for (i, name) in ["ann", "nobody-here"].iter().enumerate() {
            let started = Instant::now();
            let a = sign_in(&mut stranger, name, "wrong password", false).await;
            times[i] = times[i].min(started.elapsed());
            a.assert_error(403, "do not match an account");
            bodies[i] = a.text.clone();
        }
    }
    assert_eq!(bodies[0], bodies[1], "the same answer for a wrong password and a wrong name");
    // An unknown name is checked against a hash all the same.
    let ratio = times[1].as_secs_f64() / times[0].as_secs_f64();
    assert!((0.33..3.0).contains(&ratio), "wrong password {:?}, wrong name {:?}", times[0], times[1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_sign_ins_make_the_next_ones_wait_longer_and_longer() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    assert_eq!(sign_up(&mut ann, "ann").await.status, 201);
    let mut guesser = Player::new(&site);
    for _ in 0..4 {
        sign_in(&mut guesser, "ann", "guess", false).await.assert_error(403, "do not match");
    }
    // The fourth failure makes the next attempt wait a second: even the
    // right password, and from the same address under another name.
    let waiting = sign_in(&mut guesser, "ann", PASSWORD, false).await;
    waiting.assert_error(429, "too many failed sign-ins");
    assert_eq!(waiting.header("retry-after"), Some("1"));
    sign_in(&mut Player::new(&site), "bob", "guess", false).await.assert_error(429, "too many");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    sign_in(&mut guesser, "ann", "guess", false).await.assert_error(403, "do not match");
    let longer = sign_in(&mut guesser, "ann", PASSWORD, false).await;
    longer.assert_error(429, "too many");
    assert_eq!(longer.header("retry-after"), Some("2"), "the wait doubles");
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let inn = sign_in(&mut guesser, "ann", PASSWORD, false).await;
    assert_eq!(inn.status, 200, "{}", inn.text);
    // A success starts the count over.
    sign_in(&mut Player::new(&site), "ann", "guess", false).await.assert_error(403, "do not match");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_end_by_signing_out_here_or_everywhere() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut phone = Player::new(&site);
    assert_eq!(sign_up(&mut phone, "ann").await.status, 201);
    let (id, _) = phone.create("harp", Some(4)).await;
    let mut laptop = Player::new(&site);
    let mut tablet = Player::new(&site);
    for device in [&mut laptop, &mut tablet] {
        assert_eq!(sign_in(device, "ann", PASSWORD, false).await.status, 200);
    }
    // Out on the tablet alone: its cookie goes, the others stay in.
    let out = tablet.post("/api/account/sign-out", json!({})).await;
    assert_eq!(out.status, 200, "{}", out.text);
    let cleared = out.raw.lines().find(|l| l.starts_with("set-cookie")).unwrap().to_ascii_lowercase();
    assert!(cleared.contains("max-age=0"), "{cleared}");
    assert_eq!(signed_in_as(&mut tablet).await, serde_json::Value::Null);
    tablet.view(&id).await.assert_error(404, "no game");
    assert_eq!(signed_in_as(&mut laptop).await, "ann");

    // Out everywhere from the phone: the laptop is out too.
    let everywhere = phone.post("/api/account/sign-out-everywhere", json!({})).await;
    assert_eq!(everywhere.status, 200, "{}", everywhere.text);
    assert_eq!(signed_in_as(&mut phone).await, serde_json::Value::Null);
    wait_signed_out(&mut laptop).await;
    laptop.view(&id).await.assert_error(404, "no game");
    // Signed out, the routes of an account say so.
    phone.post("/api/account/sign-out-everywhere", json!({})).await.assert_error(403, "not signed in");
    // The history is still the account's.
    assert_eq!(sign_in(&mut laptop, "ann", PASSWORD, false).await.status, 200);
    assert_eq!(listed(&mut laptop).await, [id]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_password_signs_the_other_devices_out() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut phone = Player::new(&site);
    assert_eq!(sign_up(&mut phone, "ann").await.status, 201);
    let mut laptop = Player::new(&site);
    assert_eq!(sign_in(&mut laptop, "ann", PASSWORD, false).await.status, 200);
    let new = "a much better password";
    phone
        .post("/api/account/password", json!({"current": "not it at all", "new": new}))
        .await
        .assert_error(403, "current password");
    phone.post("/api/account/password", json!({"current": PASSWORD, "new": "short"})).await.assert_error(400, "8");
    let changed = phone.post("/api/account/password", json!({"current": PASSWORD, "new": new})).await;
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert_eq!(signed_in_as(&mut phone).await, "ann", "this device stays in");
    wait_signed_out(&mut laptop).await;
    sign_in(&mut laptop, "ann", PASSWORD, false).await.assert_error(403, "do not match");
    assert_eq!(sign_in(&mut laptop, "ann", new, false).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_account_frees_its_name_and_ends_its_sessions() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut phone = Player::new(&site);
    assert_eq!(sign_up(&mut phone, "ann").await.status, 201);
    let (id, _) = phone.create("harp", Some(5)).await;
    let mut laptop = Player::new(&site);
    assert_eq!(sign_in(&mut laptop, "ann", PASSWORD, false).await.status, 200);
    phone.post("/api/account/delete", json!({"password": "not it at all"})).await.assert_error(403, "password");
    let deleted = phone.post("/api/account/delete", json!({"password": PASSWORD})).await;
    assert_eq!(deleted.status, 200, "{}", deleted.text);
    assert_eq!(signed_in_as(&mut phone).await, serde_json::Value::Null);
    wait_signed_out(&mut laptop).await;
    sign_in(&mut laptop, "ann", PASSWORD, false).await.assert_error(403, "do not match");
    // The name is free again, and the new Ann has none of the old games.
    let mut newcomer = Player::new(&site);
    assert_eq!(sign_up(&mut newcomer, "ANN").await.status, 201);
    assert!(listed(&mut newcomer).await.is_empty());
    newcomer.view(&id).await.assert_error(404, "no game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_answer_carries_a_password_or_its_hash() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut p = Player::new(&site);
    let mut answers = vec![sign_up(&mut p, "ann").await];
    answers.push(p.get("/api/account").await);
    answers.push(sign_in(&mut Player::new(&site), "ann", PASSWORD, false).await);
    answers.push(sign_in(&mut Player::new(&site), "ann", "wrong password", false).await);
    answers.push(p.post("/api/account/password", json!({"current": PASSWORD, "new": "another password"})).await);
    answers.push(p.post("/api/account/sign-up", json!({"name": "bob", "password": PASSWORD})).await);
    answers.push(p.post("/api/account/sign-in", json!({"name": "ann", "password": PASSWORD, "extra": 1})).await);
    for a in &answers {
        for secret in [PASSWORD, "another password", "wrong password", "$argon2"] {
            assert!(!a.raw.contains(secret), "an answer carries `{secret}`:\n{}", a.raw);
        }
    }
    // Every account route takes JSON alone, the ones without fields too.
    p.send("POST", "/api/account/sign-out", Some("text/plain"), Some(String::new())).await.assert_error(415, "JSON");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_log_line_carries_a_password_or_its_hash() {
    let (_dir, db) = temp_db();
    let mut site = start_processes(&db).await;
    let mut p = Player::new(&site);
    assert_eq!(sign_up(&mut p, "ann").await.status, 201);
    assert_eq!(sign_in(&mut Player::new(&site), "ann", PASSWORD, false).await.status, 200);
    sign_in(&mut Player::new(&site), "ann", "wrong password", false).await.assert_error(403, "do not match");
    let changed = p.post("/api/account/password", json!({"current": PASSWORD, "new": "another password"})).await;
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert_eq!(p.post("/api/account/delete", json!({"password": "another password"})).await.status, 200);
    let log: Vec<String> = site.instances().iter().flat_map(|i| i.log()).collect();
    let said = log.join("\n");
    for event in ["account created", "signed in", "a sign-in failed", "password changed", "account deleted"] {
        assert!(said.contains(event), "the log does not say `{event}`:\n{said}");
    }
    for secret in [PASSWORD, "another password", "wrong password", "$argon2"] {
        assert!(!said.contains(secret), "a log line carries `{secret}`:\n{said}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_sign_ins_are_forgotten_a_day_after_their_wait() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    assert_eq!(sign_up(&mut ann, "ann").await.status, 201);
    let mut guesser = Player::new(&site);
    for _ in 0..3 {
        sign_in(&mut guesser, "ann", "guess", false).await.assert_error(403, "do not match");
    }
    site.advance_clock(25 * 3600 * 1000).await;
    // Any failure clears the counts a day old; ann's three are gone, so
    // three more cost nothing yet (had they counted, the second would wait).
    sign_in(&mut guesser, "zed", "guess", false).await.assert_error(403, "do not match");
    for _ in 0..3 {
        sign_in(&mut guesser, "ann", "guess", false).await.assert_error(403, "do not match");
    }
    sign_in(&mut guesser, "ann", "guess", false).await.assert_error(429, "too many");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_added_to_an_account_opens_on_every_instance() {
    let (_dir, db) = temp_db();
    let mut site = start_processes(&db).await;
    let bases: Vec<String> = site.instances().iter().map(|i| i.base.clone()).collect();
    let mut ann = Player::new(&site);
    assert_eq!(sign_up(&mut ann, "ann").await.status, 201);
    // A browser's game, cached by every instance for its anonymous player.
    let mut tablet = Player::new(&site);
    let (id, _) = tablet.create("harp", Some(6)).await;
    for base in &bases {
        assert_eq!(tablet.at(base).view(&id).await.status, 200);
    }
    let inn = sign_in(&mut tablet.at(&bases[0]), "ann", PASSWORD, true).await;
    assert_eq!(inn.json["games_added"], 1, "{}", inn.text);
    // Every instance gives it to the account now, the ones that did not
    // handle the sign-in included.
    for base in &bases {
        let seen = ann.at(base).view(&id).await;
        assert_eq!(seen.status, 200, "{base}: {}", seen.text);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_both_sat_in_keeps_the_devices_seat_and_its_game_apart() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    assert_eq!(sign_up(&mut ann, "ann").await.status, 201);
    let duel = ann.post("/api/duels", json!({"rules": "harmony", "participants": 3, "name": "Ann"})).await;
    let duel_id = duel.json["id"].as_str().unwrap().to_string();
    // The tablet, not signed in, sits in the same duel and opens its game.
    let mut tablet = Player::new(&site);
    assert_eq!(tablet.post(&format!("/api/duels/{duel_id}/join"), json!({"name": "Tab"})).await.status, 200);
    let opened = tablet.send("POST", &format!("/api/duels/{duel_id}/play"), None, None).await;
    let seat_game = opened.json["game_id"].as_str().unwrap().to_string();
    let (own_game, _) = tablet.create("harp", Some(8)).await;
    let inn = sign_in(&mut tablet, "ann", PASSWORD, true).await;
    assert_eq!(inn.json["games_added"], 1, "the harp game alone: {}", inn.text);
    let games = listed(&mut ann).await;
    assert!(games.contains(&own_game), "{games:?}");
    assert!(!games.contains(&seat_game), "one player, one seat and one game in a duel: {games:?}");
    let seats = ann.get(&format!("/api/duels/{duel_id}")).await;
    assert_eq!(seats.json["participants"].as_array().unwrap().len(), 2, "{}", seats.text);
    assert_eq!(seats.json["me"]["name"], "Ann", "the account keeps its own seat");
}

/// During a rolling upgrade to accounts, an instance of the version before
/// them creates players without sessions: the migration's trigger gives
/// them one, so that the new instances know them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn a_player_an_old_instance_creates_is_known_to_the_new_ones() {
    let db = TestDb::from_arg(&fresh_postgres_database());
    let server = start(db.clone()).await;
    // What an old instance does for a new player, and the cookie it sets.
    let token = "ab".repeat(32);
    let hash: String = {
        use sha2::Digest;
        sha2::Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
    };
    execute(&db, &format!("INSERT INTO players (token_hash, created_ms) VALUES ('\\x{hash}', 1)")).await;
    let mut old = Player { cookie: Some(format!("patience_id={token}")), ..Player::new(&server) };
    let (id, created) = old.create("harp", Some(2)).await;
    assert!(!created.raw.contains("set-cookie"), "the player is known: no new cookie\n{}", created.raw);
    assert_eq!(old.view(&id).await.status, 200);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_not_signed_in_cannot_sign_out_and_lose_its_games() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut p = Player::new(&site);
    let (id, _) = p.create("harp", Some(9)).await;
    p.post("/api/account/sign-out", json!({})).await.assert_error(403, "not signed in");
    assert_eq!(p.view(&id).await.status, 200, "the game is still this browser's");
    // A password longer than any account's fails like a wrong one.
    let long = "x".repeat(129);
    sign_in(&mut p, "ann", &long, false).await.assert_error(403, "do not match an account");
}

/// Someone guessing from one address is slowed at once, and cannot keep
/// the account's owner, elsewhere, from signing in: a name has ten free
/// failures, an address three.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guesser_elsewhere_cannot_keep_the_owner_out() {
    let (_dir, db) = temp_db();
    let server =
        start_with(patience_server::Config { client_address_header: Some("X-Forwarded-For".into()), ..config(&db) })
            .await;
    let from = |address: &'static str| [("x-forwarded-for", address)];
    let mut owner = Player::new(&server);
    let up = owner
        .send_with(
            "POST",
            "/api/account/sign-up",
            &from("198.51.100.1"),
            Some(json!({"name": "ann", "password": PASSWORD})),
        )
        .await;
    assert_eq!(up.status, 201, "{}", up.text);
    let mut guesser = Player::new(&server);
    let guess = json!({"name": "ann", "password": "guess"});
    for _ in 0..4 {
        guesser
            .send_with("POST", "/api/account/sign-in", &from("203.0.113.9"), Some(guess.clone()))
            .await
            .assert_error(403, "do not match");
    }
    guesser
        .send_with("POST", "/api/account/sign-in", &from("203.0.113.9"), Some(guess.clone()))
        .await
        .assert_error(429, "too many failed sign-ins");
    let mut laptop = Player::new(&server);
    let right = json!({"name": "ann", "password": PASSWORD});
    let inn = laptop.send_with("POST", "/api/account/sign-in", &from("198.51.100.2"), Some(right)).await;
    assert_eq!(inn.status, 200, "the owner, elsewhere, still signs in: {}", inn.text);
    server.stop().await.unwrap();
}

/// An account keeps its settings, so that every browser signed in to it
/// wears them: only for a browser signed in, every value checked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_keeps_its_settings_for_every_browser_signed_in_to_it() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut phone = Player::new(&server);
    assert_eq!(phone.get("/api/account/settings").await.json, json!({"signed_in": false, "settings": null}));
    let chosen = json!({"back": "red", "table": "dark", "fourColour": true, "largeCards": false, "sound": true, "animation": "fast"});
    phone
        .send("PUT", "/api/account/settings", Some("application/json"), Some(chosen.to_string()))
        .await
        .assert_error(403, "Sign in");
    assert_eq!(sign_up(&mut phone, "settler").await.status, 201);
    assert_eq!(phone.get("/api/account/settings").await.json, json!({"signed_in": true, "settings": null}));
    let saved = phone.send("PUT", "/api/account/settings", Some("application/json"), Some(chosen.to_string())).await;
    assert_eq!(saved.status, 200, "{}", saved.text);
    // Another browser, signed in to the account, reads them.
    let mut laptop = Player::new(&server);
    let signed = laptop.post("/api/account/sign-in", json!({"name": "settler", "password": PASSWORD})).await;
    assert_eq!(signed.status, 200, "{}", signed.text);
    assert_eq!(laptop.get("/api/account/settings").await.json, json!({"signed_in": true, "settings": chosen}));
    // Bad values are refused with a sentence, and nothing changes.
    for bad in [
        json!({"back": "purple", "table": "dark", "fourColour": true, "largeCards": false, "sound": true, "animation": "fast"}),
        json!({"back": "red", "table": "dark", "fourColour": "yes", "largeCards": false, "sound": true, "animation": "fast"}),
        json!({"back": "red", "table": "dark", "fourColour": true, "largeCards": false, "sound": true, "animation": "fast", "font": "big"}),
        json!({"back": "red"}),
    ] {
        let refused =
            laptop.send("PUT", "/api/account/settings", Some("application/json"), Some(bad.to_string())).await;
        assert_eq!(refused.status, 400, "{bad}: {}", refused.text);
        assert!(!refused.error().is_empty());
    }
    assert_eq!(phone.get("/api/account/settings").await.json, json!({"signed_in": true, "settings": chosen}));
    server.stop().await.unwrap();
}
