//! Duels through the API: creation, joining, play, the server's clock,
//! the tie rule, closing, the commitment, replays, quick match, rematch,
//! rate limits.

use crate::common;

use common::*;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

/// Whether `text` names a card (`7H`, `TS`, ...) as a word of its own.
fn names_a_card(text: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(1)).any(|i| {
        b"A23456789TJQK".contains(&b[i])
            && b"SHDC".contains(&b[i + 1])
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
            && (i + 2 == b.len() || !b[i + 2].is_ascii_alphanumeric())
    })
}

async fn duel(p: &mut Player, id: &str) -> Value {
    let a = p.get(&format!("/api/duels/{id}")).await;
    assert_eq!(a.status, 200, "{}", a.text);
    a.json
}

/// A game's deal number as the store keeps it (the participants are not
/// told it while their duel is open).
async fn stored_deal(server: &Site, game: &str) -> u64 {
    let id = patience_server::ids::GameId::parse(game).expect("a game id");
    server.store().await.load_game(&id).await.unwrap().expect("the game is stored").deal
}

/// Opens the player's game of the duel; returns its id.
async fn open_game(p: &mut Player, id: &str) -> String {
    let a = p.send("POST", &format!("/api/duels/{id}/play"), None, None).await;
    assert_eq!(a.status, 200, "{}", a.text);
    a.json["game_id"].as_str().unwrap().to_string()
}

/// Plays `actions` (moves in notation) from the game's current state.
async fn play_all(p: &mut Player, game: &str, actions: &[String]) {
    for mv in actions {
        let n = number(p.view(game).await.view());
        let a = p.play(game, n, mv).await;
        assert!(a.status.is_success(), "{mv}: {}", a.text);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_harmony_duel_from_creation_to_the_revealed_seed() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    let mut cy = Player::new(&server);

    // Creation: the commitment is published, nothing else of the deal.
    let a = ann.post("/api/duels", json!({"rules": "harmony", "participants": 3, "name": "Ann"})).await;
    assert_eq!(a.status, 201, "{}", a.text);
    let id = a.json["id"].as_str().unwrap().to_string();
    assert_eq!(a.json["link"], format!("/duel/{id}"));
    let commitment = a.json["commitment"].as_str().unwrap().to_string();
    assert_eq!(commitment.len(), 64);
    assert!(a.json["reveal"].is_null() && a.json.get("deal").is_none() && a.json.get("seed").is_none());
    assert_eq!(a.json["me"]["index"], 0);
    assert_eq!(a.json["status"], "open");

    // Joining: bad names are refused, one join per token.
    for bad in ["", "   ", "<script>alert(1)</script>", "a name much longer than twenty-four", "Bob\u{0}", "x\"y"] {
        bob.post(&format!("/api/duels/{id}/join"), json!({ "name": bad })).await.assert_error(400, "display name");
    }
    let b = bob.post(&format!("/api/duels/{id}/join"), json!({"name": " Bob_2.x-y "})).await;
    assert_eq!(b.status, 200, "{}", b.text);
    assert_eq!(b.json["participants"][1]["name"], "Bob_2.x-y");
    bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob again"})).await.assert_error(409, "already");
    ann.post(&format!("/api/duels/{id}/join"), json!({"name": "Ann2"})).await.assert_error(409, "already");
    cy.send("POST", &format!("/api/duels/{id}/play"), None, None).await.assert_error(403, "join");
    cy.post(&format!("/api/duels/{id}/join"), json!({"name": "Cy"})).await;
    let mut dan = Player::new(&server);
    dan.post(&format!("/api/duels/{id}/join"), json!({"name": "Dan"})).await.assert_error(409, "full");

    // Ann plays first: her clock starts when she opens her game. A double
    // click opens one game, and both clicks are told which.
    let play = format!("/api/duels/{id}/play");
    let (mut a1, mut a2) = (ann.clone(), ann.clone());
    let (first, second) = tokio::join!(a1.send("POST", &play, None, None), a2.send("POST", &play, None, None));
    assert_eq!((first.status.as_u16(), second.status.as_u16()), (200, 200), "{} / {}", first.text, second.text);
    assert_eq!(first.json["game_id"], second.json["game_id"]);
    let ann_game = open_game(&mut ann, &id).await;
    assert_eq!(first.json["game_id"], ann_game.as_str(), "opening again gives the same game");
    let view = ann.view(&ann_game).await.view().clone();
    // The deal number is hidden from the participants while the duel is
    // open (see `the_deal_number_stays_hidden_until_the_duel_closes`): the
    // test reads it from the store.
    assert!(view["deal"].is_null(), "{view}");
    let deal = stored_deal(&server, &ann_game).await;
    assert!(view["ms_left"].as_u64().unwrap() > 295_000);
    // A few moves: the first listed move each time (same for everybody).
    let mut line = Vec::new();
    let mut v = view.clone();
    for _ in 0..6 {
        let mv = moves(&v)[0].clone();
        let a = ann.play(&ann_game, number(&v), &mv).await;
        v = a.view().clone();
        line.push(mv);
    }

    // Nothing of the deal is visible to Bob, who has not played yet.
    let seen = duel(&mut bob, &id).await;
    let raw = bob.get(&format!("/api/duels/{id}")).await.raw;
    assert!(!raw.contains(&format!("\"deal\":{deal}")) && !raw.contains("seed") && !names_a_card(&raw), "{raw}");
    assert!(seen["participants"][0]["started"].as_bool().unwrap());
    assert_eq!(seen["participants"][0]["score"], v["score"]);
    assert!(seen["participants"][1]["you"].as_bool().unwrap());
    assert!(seen["participants"][0].get("game_id").is_none() && seen["me"]["game_id"].is_null());
    bob.get(&format!("/api/duels/{id}/replays/0")).await.assert_error(403, "once the duel is closed");
    bob.view(&ann_game).await.assert_error(404, "not yours");
    bob.play(&ann_game, number(&v), &moves(&v)[0]).await.assert_error(404, "not yours");
    assert_eq!(ann.get(&format!("/api/duels/{id}/replays/0")).await.status, 200, "one's own replay");

    // The duel and its games survive a restart.
    server.stop().await.unwrap();
    let server = start_site(&db).await;
    let (mut ann, mut bob, mut cy) = (ann.at(&server), bob.at(&server), cy.at(&server));
    assert_eq!(duel(&mut ann, &id).await["participants"][0]["score"], v["score"]);

    // Bob plays five seconds later, the same moves: the same score.
    server.advance_clock(5_000).await;
    let bob_game = open_game(&mut bob, &id).await;
    assert!(bob.view(&bob_game).await.view()["deal"].is_null());
    play_all(&mut bob, &bob_game, &line).await;
    // Cy gives up at once (Harmony: +1 a second left).
    let cy_game = open_game(&mut cy, &id).await;
    cy.act(&cy_game, 0, "quit").await;
    assert_eq!(duel(&mut cy, &id).await["status"], "open");

    // Five minutes pass: Ann's and Bob's clocks run out, the duel closes.
    server.advance_clock(300_000).await;
    ann.play(&ann_game, number(&v), &moves(&v)[0]).await.assert_error(409, "");
    let closed = duel(&mut bob, &id).await;
    assert_eq!(closed["status"], "closed", "{closed}");
    let ps = closed["participants"].as_array().unwrap();
    assert_eq!(ps[0]["outcome"], "time_up");
    assert_eq!(ps[1]["outcome"], "time_up");
    assert_eq!(ps[2]["outcome"], "quit");
    assert!(ps.iter().all(|p| p["over"] == true), "time up and given up are over: {closed}");
    assert_eq!(ps[0]["score"], ps[1]["score"], "the same moves, the same score");
    // The tie rule: equal scores, Ann finished first.
    let ranking: Vec<usize> =
        closed["ranking"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap() as usize).collect();
    let pos = |i: usize| ranking.iter().position(|&r| r == i).unwrap();
    assert!(pos(0) < pos(1), "{closed}");
    assert!(ps[0]["finished_ms"].as_i64().unwrap() < ps[1]["finished_ms"].as_i64().unwrap());
    // The ranking follows the numbers: score, then the earlier finish.
    for w in ranking.windows(2) {
        let (x, y) = (&ps[w[0]], &ps[w[1]]);
        let (sx, sy) = (x["score"].as_i64().unwrap(), y["score"].as_i64().unwrap());
        assert!(sx > sy || (sx == sy && x["finished_ms"].as_i64() <= y["finished_ms"].as_i64()), "{closed}");
    }
    assert_eq!(ps[ranking[0]]["rank"], 1);
    assert_eq!(duel(&mut ann, &id).await["ranking"], closed["ranking"], "everyone sees the same ranking");

    // The commitment: SHA-256(seed || salt), and the deal follows from the seed.
    let reveal = &closed["reveal"];
    let (seed, salt) = (unhex(reveal["seed"].as_str().unwrap()), unhex(reveal["salt"].as_str().unwrap()));
    assert_eq!((seed.len(), salt.len()), (32, 32));
    let mut both = seed.clone();
    both.extend_from_slice(&salt);
    let hash: String = Sha256::digest(&both).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hash, commitment);
    // The deal is the seed's first 13 hex digits plus one, as the README's
    // shell check computes it.
    let seed_hex = reveal["seed"].as_str().unwrap();
    assert_eq!(u64::from_str_radix(&seed_hex[..13], 16).unwrap() + 1, deal);
    assert_eq!(reveal["deal"], deal);
    assert_eq!(reveal["commitment_ok"], true);
    assert_eq!(reveal["deal_ok"], true);
    assert_eq!(bob.view(&bob_game).await.view()["deal"], deal, "shown once the duel is closed");

    // Replays are visible now, to anyone; no more moves or games.
    let mut anyone = Player::new(&server);
    let r = anyone.get(&format!("/api/duels/{id}/replays/1")).await;
    assert_eq!(r.status, 200);
    assert_eq!(record_actions(&r.text)[..line.len()], line[..]);
    assert!(r.text.contains(&format!("[Deal \"{deal}\"]")));
    cy.act(&cy_game, 1, "undo").await.assert_error(409, "");

    // The stream of standings ends with the closed duel.
    let events = anyone.get(&format!("/api/duels/{id}/events")).await;
    assert!(events.content_type.starts_with("text/event-stream"), "{}", events.content_type);
    assert!(events.text.contains("event: duel") && events.text.contains("\"status\":\"closed\""));

    // Rematch: a new duel, a new seed, the same participants; asked twice, one rematch.
    anyone.send("POST", &format!("/api/duels/{id}/rematch"), None, None).await.assert_error(403, "participant");
    let re = bob.send("POST", &format!("/api/duels/{id}/rematch"), None, None).await;
    assert_eq!(re.status, 201, "{}", re.text);
    let re_id = re.json["id"].as_str().unwrap().to_string();
    assert_ne!(re.json["commitment"], commitment.as_str());
    let names: Vec<&str> =
        re.json["participants"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Bob_2.x-y", "Cy"]);
    let again = ann.send("POST", &format!("/api/duels/{id}/rematch"), None, None).await;
    assert_eq!(again.json["id"], re_id.as_str());
    assert_eq!(duel(&mut cy, &id).await["rematch_id"], re_id.as_str());
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_time_quick_match_ranking_by_foundations_and_rate_limits() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);

    // Quick match: Ann opens one, Bob is paired into it; a third opens another.
    let q = ann.post("/api/duels/quick", json!({"rules": "pitchfork", "name": "Ann"})).await;
    assert_eq!(q.status, 201, "{}", q.text);
    let id = q.json["id"].as_str().unwrap().to_string();
    let q2 = ann.post("/api/duels/quick", json!({"rules": "pitchfork", "name": "Ann"})).await;
    assert_ne!(q2.json["id"], id.as_str(), "not paired with oneself");
    let b = bob.post("/api/duels/quick", json!({"rules": "pitchfork", "name": "Bob"})).await;
    assert_eq!(b.status, 200, "{}", b.text);
    assert_eq!(b.json["id"], id.as_str());
    assert_eq!(b.json["participants"].as_array().unwrap().len(), 2);
    let mut cy = Player::new(&server);
    let c = cy.post("/api/duels/quick", json!({"rules": "pitchfork", "name": "Cy"})).await;
    assert_eq!(c.json["id"], q2.json["id"], "paired with Ann's second duel");
    assert_eq!(c.json["scored"], false);

    // Pitchfork is ranked by cards on the foundations. Bob plays moves to
    // foundations if there are any; Ann opens her game and does nothing.
    let ann_game = open_game(&mut ann, &id).await;
    let bob_game = open_game(&mut bob, &id).await;
    let mut v = bob.view(&bob_game).await.view().clone();
    for _ in 0..12 {
        let ms = moves(&v);
        let Some(mv) = ms.iter().find(|m| m.contains("-f")).or(ms.first()) else { break };
        let a = bob.play(&bob_game, number(&v), mv).await;
        if !a.status.is_success() {
            break;
        }
        v = a.view().clone();
    }

    // A duel with a closing time closes at it, finished or not.
    let d = ann.post("/api/duels", json!({"rules": "harmony", "closes_in_secs": 60, "name": "Ann"})).await;
    let timed = d.json["id"].as_str().unwrap().to_string();
    assert!(d.json["closes_ms"].as_i64().unwrap() > d.json["created_ms"].as_i64().unwrap());
    bob.post(&format!("/api/duels/{timed}/join"), json!({"name": "Bob"})).await;
    let g = open_game(&mut ann, &timed).await;
    server.advance_clock(61_000).await;
    let closed = duel(&mut bob, &timed).await;
    assert_eq!(closed["status"], "closed");
    assert_eq!(closed["participants"][0]["finished"], false);
    assert_eq!(closed["participants"][0]["over"], false, "still playing when the duel closed");
    assert_eq!(closed["participants"][1]["started"], false);
    ann.play(&g, 0, "s").await.assert_error(409, "duel is closed");
    bob.send("POST", &format!("/api/duels/{timed}/play"), None, None).await.assert_error(409, "closed");
    bob.post(&format!("/api/duels/{timed}/join"), json!({"name": "Bob"})).await.assert_error(409, "");

    // The untimed pitchfork duel closes when both have finished.
    assert_eq!(duel(&mut ann, &id).await["me"]["game_id"], ann_game.as_str());
    ann.act(&ann_game, 0, "quit").await;
    assert_eq!(duel(&mut ann, &id).await["status"], "open");
    let q = bob.act(&bob_game, number(&v), "quit").await;
    assert_eq!(q.view()["outcome"], "quit");
    let closed = duel(&mut ann, &id).await;
    assert_eq!(closed["status"], "closed");
    let ps = closed["participants"].as_array().unwrap();
    let (fa, fb) = (ps[0]["foundations"].as_u64().unwrap(), ps[1]["foundations"].as_u64().unwrap());
    let winner = closed["ranking"][0].as_u64().unwrap();
    if fb > fa {
        assert_eq!(winner, 1, "{closed}");
    } else if fa == fb {
        assert_eq!(winner, 0, "equal: Ann gave up first");
    }

    // Rate limits: creating duels, and moves in a duel game (each instance
    // keeps its own).
    let mut spammer = Player::new(&server.one_instance());
    let mut refused = 0;
    for _ in 0..15 {
        let a = spammer.post("/api/duels", json!({"rules": "harmony"})).await;
        if a.status == 429 {
            refused += 1;
        }
    }
    assert!(refused >= 4, "{refused}");
    let mut other = Player::new(&server.one_instance());
    let o = other.post("/api/duels/quick", json!({"rules": "lasker", "name": "O"})).await;
    let game = open_game(&mut other, o.json["id"].as_str().unwrap()).await;
    let mut limited = 0;
    for _ in 0..40 {
        let n = number(other.view(&game).await.view());
        let a = other.play(&game, n, "s").await;
        if a.status == 429 {
            limited += 1;
        }
    }
    assert!(limited > 0, "moves are rate limited");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_duel_pages_are_served() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut host = Player::new(&server);
    let duel = host.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    assert_eq!(duel.status, 201, "{}", duel.text);
    let duel = duel.json["id"].as_str().unwrap().to_string();
    let mut p = Player::new(&server);
    for path in ["/duels".to_string(), format!("/duel/{duel}")] {
        let a = p.get(&path).await;
        assert_eq!(a.status, 200, "{path}");
        assert!(a.text.contains("/static/duel.js"), "{path}");
    }
    assert_eq!(p.get("/static/duel.js").await.status, 200);
    assert_eq!(p.get("/duel/nope").await.status, 404);
    assert_ne!(duel, "0123456789abcdef");
    assert_eq!(p.get("/duel/0123456789abcdef").await.status, 404, "a duel that does not exist");
    p.get("/api/duels/0123456789abcdef").await.assert_error(404, "no duel");
    p.get("/api/duels/nope").await.assert_error(404, "no duel");
    assert!(p.cookie.is_none());
    server.stop().await.unwrap();
}

/// `GET /api/games/{id}/duel`: a duel's game names its duel (to its own
/// player only, and nothing of the others); an ordinary game names none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_game_names_its_duel() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    let d = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob"})).await;
    let ann_game = open_game(&mut ann, &id).await;

    let a = ann.get(&format!("/api/games/{ann_game}/duel")).await;
    assert_eq!(a.status, 200, "{}", a.text);
    assert_eq!(
        a.json,
        json!({"duel": {"id": id, "link": format!("/duel/{id}"), "rules": "harmony", "name": "Solitaire Harmony", "status": "open"}})
    );
    // Nothing of the other participants: no names, no games, no numbers.
    assert!(!a.text.contains("Bob") && !a.text.contains("participants") && !a.text.contains("score"), "{}", a.text);

    // Someone else's game, an unknown one: 404 as everywhere; an ordinary game: no duel.
    bob.get(&format!("/api/games/{ann_game}/duel")).await.assert_error(404, "");
    Player::new(&server).get(&format!("/api/games/{ann_game}/duel")).await.assert_error(404, "");
    ann.get("/api/games/000000000000000000000000/duel").await.assert_error(404, "");
    let (plain, _) = ann.create("harmony", Some(3)).await;
    assert_eq!(ann.get(&format!("/api/games/{plain}/duel")).await.json, json!({"duel": null}));

    // After a restart (the map of duel games is loaded again) and once closed.
    server.stop().await.unwrap();
    let server = start_site(&db).await;
    let mut ann = ann.at(&server);
    let mut bob = bob.at(&server);
    let bob_game = open_game(&mut bob, &id).await;
    bob.act(&bob_game, 0, "quit").await;
    ann.act(&ann_game, 0, "quit").await;
    let a = ann.get(&format!("/api/games/{ann_game}/duel")).await;
    assert_eq!(a.json["duel"]["id"], id.as_str());
    assert_eq!(a.json["duel"]["status"], "closed");
    assert_eq!(bob.get(&format!("/api/games/{bob_game}/duel")).await.json["duel"]["link"], format!("/duel/{id}"));
    server.stop().await.unwrap();
}

/// Issue #5: with its deal number a participant could practise the duel's
/// deal in an ordinary game while their duel clock runs, or before opening
/// their duel game. So while the duel is open no answer a participant can
/// fetch about their duel game or the duel names the number: views, action
/// answers (and refusals), the record and its file name, their own replay,
/// the game list, statistics, the duel, its live stream, the game's duel,
/// the hint refusal and the pages. Once the duel closes it is shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deal_number_stays_hidden_until_the_duel_closes() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    // Ann has an ordinary game too, whose deal stays visible.
    let (plain, _) = ann.create("harp", Some(17)).await;
    ann.play(&plain, 0, "s").await;

    // A duel whose deal number is long enough (deals go up to 2^52) that
    // finding it in an answer cannot be chance.
    let (id, ann_game, deal) = loop {
        let d = ann.post("/api/duels", json!({"rules": "pitchfork", "name": "Ann"})).await;
        assert_eq!(d.status, 201, "{}", d.text);
        let id = d.json["id"].as_str().unwrap().to_string();
        bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob"})).await;
        let game = open_game(&mut ann, &id).await;
        let deal = stored_deal(&server, &game).await;
        if deal >= 1_000_000_000 {
            break (id, game, deal);
        }
    };
    let digits = deal.to_string();
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut keep = |what: &str, raw: &str| seen.push((what.to_string(), raw.to_string()));

    // The game and everything done in it.
    let a = ann.view(&ann_game).await;
    assert!(a.view()["deal"].is_null(), "{}", a.text);
    assert!(!ann_game.contains(&digits) && !ann_game.contains(&format!("{deal:x}")), "the id does not encode it");
    keep("the view", &a.raw);
    let mut v = a.view().clone();
    for i in 0..6 {
        let ms = moves(&v);
        let Some(mv) = ms.iter().find(|m| m.contains("-f")).or(ms.first()).cloned() else { break };
        let a = ann.play(&ann_game, number(&v), &mv).await;
        keep(&format!("move {i}"), &a.raw);
        v = a.view().clone();
        assert!(v["deal"].is_null(), "{}", a.text);
    }
    for action in ["undo", "redo", "auto-on", "auto-off"] {
        let a = ann.act(&ann_game, number(&v), action).await;
        if a.status.is_success() {
            v = a.view().clone();
        }
        keep(action, &a.raw);
    }
    keep("a stale action", &ann.play(&ann_game, 0, "s").await.raw);
    keep("an illegal move", &ann.play(&ann_game, number(&v), "t1-t9:9").await.raw);
    keep("not notation", &ann.play(&ann_game, number(&v), "xyz").await.raw);
    let record = ann.record(&ann_game).await;
    assert_eq!(record.status, 200);
    assert!(record.raw.contains("patience-pitchfork-duel.txt") && !record.text.contains("[Deal"), "{}", record.raw);
    keep("the record", &record.raw);
    let replay = ann.get(&format!("/api/duels/{id}/replays/0")).await;
    assert_eq!(replay.status, 200);
    assert_eq!(record_actions(&replay.text), record_actions(&record.text), "one's own moves");
    keep("the own replay", &replay.raw);
    keep("the hint", &ann.get(&format!("/api/games/{ann_game}/hint")).await.raw);
    keep("the game's duel", &ann.get(&format!("/api/games/{ann_game}/duel")).await.raw);
    keep("the game page", &ann.get(&format!("/game/{ann_game}")).await.raw);

    // Lists, statistics, the duel, its stream and its page.
    let list = ann.get("/api/games").await;
    let games = list.json["games"].as_array().unwrap();
    let row = |g: &str| games.iter().find(|r| r["id"] == g).unwrap().clone();
    assert!(row(&ann_game)["deal"].is_null(), "{}", list.text);
    assert_eq!(row(&plain)["deal"], 17, "an ordinary game's deal is shown");
    keep("the game list", &list.raw);
    keep("the statistics", &ann.get("/api/stats").await.raw);
    for p in [&mut ann, &mut bob] {
        keep("the duel", &p.get(&format!("/api/duels/{id}")).await.raw);
        let mut stream = EventStream::open(p, &id).await;
        stream.next().await.expect("the stream's first event");
        keep("the duel's stream", &stream.raw);
        keep("the duel page", &p.get(&format!("/duel/{id}")).await.raw);
        keep("the home page", &p.get("/").await.raw);
    }
    // Bob opens his game too: his answers say no more than Ann's.
    let bob_game = open_game(&mut bob, &id).await;
    let b = bob.view(&bob_game).await;
    assert!(b.view()["deal"].is_null());
    keep("Bob's view", &b.raw);
    keep("Bob's list", &bob.get("/api/games").await.raw);

    // After a restart (nothing is cached) it stays hidden.
    server.stop().await.unwrap();
    let server = start_site(&db).await;
    let (mut ann, mut bob) = (ann.at(&server), bob.at(&server));
    keep("the view after a restart", &ann.view(&ann_game).await.raw);
    keep("the list after a restart", &ann.get("/api/games").await.raw);
    keep("the record after a restart", &ann.record(&ann_game).await.raw);

    for (what, raw) in &seen {
        assert!(!raw.contains(&digits), "{what} names the deal number {digits} of the open duel:\n{raw}");
    }
    assert!(seen.len() > 30, "{}", seen.len());

    // Both give up: the duel closes, and the number is shown everywhere.
    let n = number(ann.view(&ann_game).await.view());
    let ann_quit = ann.act(&ann_game, n, "quit").await;
    assert!(ann_quit.view()["deal"].is_null(), "Bob still plays: {}", ann_quit.text);
    // The last game to end closes the duel at once: its own answer, and
    // every view after it, tell the deal before anyone looks at the duel.
    let bob_quit = bob.act(&bob_game, 0, "quit").await;
    assert_eq!(bob_quit.view()["deal"], deal, "{}", bob_quit.text);
    assert_eq!(ann.view(&ann_game).await.view()["deal"], deal);
    let closed = duel(&mut bob, &id).await;
    assert_eq!(closed["status"], "closed");
    assert_eq!(closed["reveal"]["deal"], deal);
    assert_eq!(ann.view(&ann_game).await.view()["deal"], deal);
    let record = ann.record(&ann_game).await;
    assert!(record.text.contains(&format!("[Deal \"{deal}\"]")), "{}", record.text);
    assert!(record.raw.contains(&format!("patience-pitchfork-{deal}.txt")), "{}", record.raw);
    assert!(ann.get(&format!("/api/duels/{id}/replays/1")).await.text.contains(&format!("[Deal \"{deal}\"]")));
    let list = ann.get("/api/games").await;
    let listed = list.json["games"].as_array().unwrap().iter().find(|r| r["id"] == ann_game.as_str()).unwrap().clone();
    assert_eq!(listed["deal"], deal);
    assert_eq!(bob.view(&bob_game).await.view()["deal"], deal);
    server.stop().await.unwrap();
}

/// A duel whose seats never all fill: its creator closes it once everyone
/// who joined has finished; nobody else may. Only seats never filled are
/// dropped: a participant who joined keeps their chance until the closing
/// time, even one who has not opened their game yet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_closes_a_duel_that_never_fills() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    let mut cy = Player::new(&server);
    let d = ann.post("/api/duels", json!({"rules": "harmony", "participants": 4, "name": "Ann"})).await;
    assert_eq!(d.status, 201, "{}", d.text);
    assert_eq!(d.json["you_created"], true);
    let id = d.json["id"].as_str().unwrap().to_string();
    let b = bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob"})).await;
    assert_eq!(b.json["you_created"], false);
    cy.post(&format!("/api/duels/{id}/join"), json!({"name": "Cy"})).await;
    let close = format!("/api/duels/{id}/close");

    // Ann and Bob play; Cy has not opened the game yet.
    let ann_game = open_game(&mut ann, &id).await;
    let bob_game = open_game(&mut bob, &id).await;
    let refused = ann.send("POST", &close, None, None).await;
    refused.assert_error(409, "Ann is still playing");
    ann.act(&ann_game, 0, "quit").await;
    ann.send("POST", &close, None, None).await.assert_error(409, "Bob is still playing");
    bob.send("POST", &close, None, None).await.assert_error(403, "only the duel's creator");
    server.advance_clock(2_000).await;
    bob.act(&bob_game, 0, "quit").await;
    assert_eq!(duel(&mut ann, &id).await["status"], "open", "one seat is still free");

    // The creator cannot win by closing before Cy has had their chance.
    ann.send("POST", &close, None, None).await.assert_error(409, "Cy has not played yet");
    assert_eq!(duel(&mut cy, &id).await["status"], "open");
    let cy_game = open_game(&mut cy, &id).await;
    ann.send("POST", &close, None, None).await.assert_error(409, "Cy is still playing");
    server.advance_clock(2_000).await;
    cy.act(&cy_game, 0, "quit").await;

    let closed = ann.send("POST", &close, None, None).await;
    assert_eq!(closed.status, 200, "{}", closed.text);
    assert_eq!(closed.json["status"], "closed");
    assert!(closed.json["reveal"]["seed"].is_string(), "seed and salt revealed: {}", closed.json);
    assert_eq!(closed.json["participants"].as_array().unwrap().len(), 3, "the empty seat is dropped");
    assert_eq!(closed.json["participants"][2]["outcome"], "quit");
    assert_eq!(closed.json["ranking"][0], 0, "Ann quit soonest, with the most seconds left");
    assert_eq!(duel(&mut cy, &id).await["status"], "closed");
    let mut dan = Player::new(&server);
    dan.post(&format!("/api/duels/{id}/join"), json!({"name": "Dan"})).await.assert_error(409, "closed");
    // Closing again changes nothing; someone else's is still refused.
    assert_eq!(ann.send("POST", &close, None, None).await.json["closed_ms"], closed.json["closed_ms"]);
    cy.send("POST", &close, None, None).await.assert_error(403, "");
    server.stop().await.unwrap();
}

/// A quick-match duel has a closing time, an hour after it opens: a duel
/// whose other player never plays still ends, and is still ranked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_match_duel_closes_an_hour_after_it_opens() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    let q = ann.post("/api/duels/quick", json!({"rules": "lasker", "name": "Ann"})).await;
    assert_eq!(q.status, 201, "{}", q.text);
    let id = q.json["id"].as_str().unwrap().to_string();
    assert_eq!(q.json["closes_ms"].as_i64().unwrap() - q.json["created_ms"].as_i64().unwrap(), 3_600_000);
    let b = bob.post("/api/duels/quick", json!({"rules": "lasker", "name": "Bob"})).await;
    assert_eq!(b.json["id"], id.as_str(), "paired into the open quick match");
    let ann_game = open_game(&mut ann, &id).await;
    ann.act(&ann_game, 0, "quit").await;
    // Bob never plays: the duel stays open until its closing time.
    server.advance_clock(3_599_000).await;
    assert_eq!(duel(&mut ann, &id).await["status"], "open");
    server.advance_clock(1_000).await;
    let closed = duel(&mut ann, &id).await;
    assert_eq!(closed["status"], "closed", "{closed}");
    assert_eq!(closed["participants"][1]["outcome"], "not_started");
    assert_eq!(closed["ranking"][0], 0);
    // Past half its time, a quick match takes no new opponent.
    let mut cy = Player::new(&server);
    let c = cy.post("/api/duels/quick", json!({"rules": "lasker", "name": "Cy"})).await;
    assert_eq!(c.status, 201, "a new quick match: {}", c.text);
    let mut dan = Player::new(&server);
    server.advance_clock(1_800_001).await;
    let d = dan.post("/api/duels/quick", json!({"rules": "lasker", "name": "Dan"})).await;
    assert_eq!(d.status, 201, "{}", d.text);
    assert_ne!(d.json["id"], c.json["id"], "less than half an hour left: not joined");
    server.stop().await.unwrap();
}

/// Whether any number in `text` (a JSON answer, a record) is `deal`.
fn mentions_number(text: &str, deal: u64) -> bool {
    text.split(|c: char| !c.is_ascii_digit()).any(|word| word == deal.to_string())
}

/// While a participant opens their duel game, nothing they can ask about
/// their games names the duel's deal or helps with it: not the game list,
/// the game, its record, nor a hint. A request that races the opening sees
/// the new game either not at all or already as a duel game.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "slow: the full tier runs it"]
async fn the_deal_stays_hidden_while_the_duel_game_is_being_opened() {
    let (_dir, db) = temp_db();
    let server = start_site_unlimited(&db).await;
    let rounds = 300;
    let mut seen_during_opening = 0;
    for _ in 0..rounds {
        // A player of their own each round (duel creation is rate limited
        // per player), all from one address: the server runs unlimited.
        let mut p = Player::new(&server);
        let (ordinary, _) = p.create("pitchfork", Some(1)).await;
        let a = p.post("/api/duels", json!({"rules": "pitchfork", "name": "Pat"})).await;
        assert_eq!(a.status, 201, "{}", a.text);
        let id = a.json["id"].as_str().unwrap().to_string();
        let duel_id = patience_server::ids::DuelId::parse(&id).expect("a duel id");
        let deal = server.store().await.load_duel(&duel_id).await.unwrap().expect("the duel is stored").deal;
        let opening = tokio::spawn({
            let (mut p, id) = (p.clone(), id.clone());
            async move { open_game(&mut p, &id).await }
        });
        let mut askers = Vec::new();
        for _ in 0..3 {
            let (mut p, ordinary) = (p.clone(), ordinary.clone());
            let opening_done = opening.abort_handle();
            askers.push(tokio::spawn(async move {
                let mut seen = 0;
                loop {
                    let finished = opening_done.is_finished();
                    let list = p.get("/api/games").await;
                    assert_eq!(list.status, 200, "{}", list.text);
                    assert!(!mentions_number(&list.text, deal), "the game list names the duel's deal: {}", list.text);
                    for game in list.json["games"].as_array().unwrap() {
                        let gid = game["id"].as_str().unwrap();
                        if gid == ordinary {
                            continue;
                        }
                        seen += 1;
                        assert!(game["deal"].is_null(), "{game}");
                        let view = p.view(gid).await;
                        assert!(!mentions_number(&view.text, deal), "the game names the duel's deal: {}", view.text);
                        let record = p.record(gid).await;
                        assert!(!mentions_number(&record.text, deal), "the record names the deal: {}", record.text);
                        p.get(&format!("/api/games/{gid}/hint")).await.assert_error(403, "duel");
                    }
                    if finished {
                        return seen;
                    }
                }
            }));
        }
        let game = opening.await.unwrap();
        for asker in askers {
            seen_during_opening += asker.await.unwrap();
        }
        assert!(p.view(&game).await.view()["deal"].is_null());
    }
    // Each round's askers see the game at least once (their last look, after
    // the opening answered): the checks above ran on it.
    assert!(seen_during_opening >= rounds, "{seen_during_opening}");
    server.stop().await.unwrap();
}

/// A Harmony move that scores if there is one: a card up, then a run that
/// turns a card up; otherwise a draw (or the redeal), otherwise any move.
fn scoring_move(view: &serde_json::Value) -> String {
    let legal = moves(view);
    let columns = view["table"]["columns"].as_array().expect("columns");
    let turns_up = |mv: &str| -> bool {
        let Some((from, rest)) = mv.strip_prefix('t').and_then(|m| m.split_once("-t")) else { return false };
        let count = rest.split_once(':').map_or(Some(1), |(_, k)| k.parse::<usize>().ok());
        let column = from.parse::<usize>().ok().and_then(|c| columns.get(c.checked_sub(1)?));
        match (column, count) {
            (Some(col), Some(k)) => {
                col["face_down"].as_u64().unwrap_or(0) > 0 && col["face_up"].as_array().map_or(0, Vec::len) == k
            }
            _ => false,
        }
    };
    let pick = legal.iter().find(|m| m.ends_with("-f")).or_else(|| legal.iter().find(|m| turns_up(m)));
    let pick = pick.or_else(|| legal.iter().find(|m| *m == "s" || *m == "r")).unwrap_or(&legal[0]);
    pick.clone()
}

/// The live stream sends the standings again whenever they change: a join,
/// a game opened, a move, the clock running out, the close; then it ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_standings_follow_every_change_and_end_with_the_duel() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    let d = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    let mut watching = EventStream::open(&ann, &id).await;
    assert_eq!(watching.next().await.unwrap()["participants"].as_array().unwrap().len(), 1);

    bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob"})).await;
    assert_eq!(watching.next().await.unwrap()["participants"][1]["name"], "Bob");
    let bob_game = open_game(&mut bob, &id).await;
    assert_eq!(watching.next().await.unwrap()["participants"][1]["started"], true);
    // Moves until one changes Bob's score: that one is streamed. A card up
    // or turned up scores; failing those, drawing does, at the latest when
    // the third pass through the stock costs points (so the duel's random
    // deal cannot keep the score still by moving a card to and fro).
    let mut view = bob.view(&bob_game).await.view().clone();
    let score = view["score"].clone();
    for _ in 0..120 {
        let mv = scoring_move(&view);
        view = bob.play_paced(&bob_game, number(&view), &mv).await.view().clone();
        if view["score"] != score {
            break;
        }
    }
    assert_ne!(view["score"], score, "some move scores");
    let seen = watching.next().await.unwrap();
    assert_eq!(seen["participants"][1]["score"], view["score"], "{seen}");

    // Five minutes pass: Bob's clock runs out (time alone changes the
    // standings); Ann's game is opened and given up, and the duel closes.
    server.advance_clock(300_000).await;
    let seen = watching.next().await.unwrap();
    assert_eq!(seen["participants"][1]["outcome"], "time_up", "{seen}");
    let ann_game = open_game(&mut ann, &id).await;
    assert_eq!(watching.next().await.unwrap()["participants"][0]["started"], true);
    ann.act(&ann_game, 0, "quit").await;
    let last = watching.next().await.unwrap();
    assert_eq!(last["status"], "closed", "{last}");
    assert!(watching.next().await.is_none(), "the stream ends with the duel");
    server.stop().await.unwrap();
}

/// Live streams are capped per player (by each instance).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_holds_a_few_live_streams_at_most() {
    let (_dir, db) = temp_db();
    let server = start_site(&db).await;
    let mut ann = Player::new(&server.one_instance());
    let d = ann.post("/api/duels", json!({"rules": "lasker", "name": "Ann"})).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    let mut open = Vec::new();
    for _ in 0..8 {
        let mut s = EventStream::open(&ann, &id).await;
        s.next().await.unwrap();
        open.push(s);
    }
    let refused = ann.get(&format!("/api/duels/{id}/events")).await;
    refused.assert_error(429, "live duel streams open already");
    drop(open.pop());
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let mut again = EventStream::open(&ann, &id).await;
    assert!(again.next().await.is_some(), "a closed stream gives its place back");
    server.stop().await.unwrap();
}

/// Every stream of a duel is fed from one load of it a change, however
/// many watch; and each still sees its own view (a participant's says
/// which seat is theirs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_streams_of_a_duel_share_one_load_of_each_change() {
    let (_dir, db) = temp_db();
    let server = start_unlimited(&db).await;
    let mut ann = Player::new(&server);
    let d = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    let mut bob = Player::new(&server);
    assert_eq!(bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob"})).await.status, 200);
    let mut watching = Vec::new();
    for _ in 0..40 {
        let mut s = EventStream::open(&Player::new(&server), &id).await;
        s.next().await.unwrap();
        watching.push(s);
    }
    let mut ann_sees = EventStream::open(&ann, &id).await;
    assert_eq!(ann_sees.next().await.unwrap()["me"]["index"], 0, "Ann's own view");
    let loads = server.state().duels().snapshots.loads();
    let game = open_game(&mut ann, &id).await;
    for s in &mut watching {
        let seen = s.next().await.unwrap();
        assert_eq!(seen["participants"][0]["started"], true, "{seen}");
        assert!(seen["me"].is_null(), "a watcher's view is nobody's: {seen}");
    }
    let seen = ann_sees.next().await.unwrap();
    assert_eq!((&seen["participants"][0]["started"], &seen["me"]["index"]), (&json!(true), &json!(0)), "{seen}");
    let used = server.state().duels().snapshots.loads() - loads;
    assert!(used <= 2, "41 streams took {used} loads of one change");
    ann.act(&game, 0, "quit").await;
    server.stop().await.unwrap();
}
