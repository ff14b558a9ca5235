//! Ratings through the API: a rated duel is one between accounts, on a
//! game's default rules; when it closes, every participant's rating moves
//! to the values Glicko-2 gives (computed here again, independently, from
//! Glickman's description), each pair of participants a win, a loss or a
//! draw by their places, all in one rating period; time away makes a
//! rating less certain before its next period.

use crate::common;

use std::f64::consts::PI;

use common::*;
use serde_json::{json, Value};

const SCALE: f64 = 173.7178;
const TAU: f64 = 0.75;

/// (rating, deviation, volatility).
type R = (f64, f64, f64);

/// One Glicko-2 rating period for `player` against `results` (the
/// opponent's rating and the player's score: 1, 0.5 or 0), step by step as
/// Glickman's "Example of the Glicko-2 system" describes it.
fn glicko2(player: R, results: &[(R, f64)]) -> R {
    let (mu, phi, sigma) = ((player.0 - 1500.0) / SCALE, player.1 / SCALE, player.2);
    let g = |phi: f64| 1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt();
    let e = |mu: f64, mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
    let opponents: Vec<(f64, f64, f64)> =
        results.iter().map(|&((r, rd, _), s)| ((r - 1500.0) / SCALE, rd / SCALE, s)).collect();
    let v = 1.0
        / opponents
            .iter()
            .map(|&(mu_j, phi_j, _)| g(phi_j).powi(2) * e(mu, mu_j, phi_j) * (1.0 - e(mu, mu_j, phi_j)))
            .sum::<f64>();
    let sum: f64 = opponents.iter().map(|&(mu_j, phi_j, s)| g(phi_j) * (s - e(mu, mu_j, phi_j))).sum();
    let delta = v * sum;
    // The new volatility: the Illinois algorithm on f.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2)) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 1e-6 {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    (mu_new * SCALE + 1500.0, (phi_new * SCALE).clamp(45.0, 500.0), sigma_new)
}

/// A rating after `days` away: its deviation grown by the volatility, one
/// period every 1/0.21436 days, up to 500.
fn after_days(r: R, days: f64) -> R {
    let phi = r.1 / SCALE;
    (r.0, ((phi * phi + days * 0.21436 * r.2 * r.2).sqrt() * SCALE).min(500.0), r.2)
}

/// A rated duel's expected ratings: `players` in the order of their places
/// (no ties).
fn period(players: &[R]) -> Vec<R> {
    (0..players.len())
        .map(|i| {
            let results: Vec<(R, f64)> =
                (0..players.len()).filter(|&j| j != i).map(|j| (players[j], if i < j { 1.0 } else { 0.0 })).collect();
            glicko2(players[i], &results)
        })
        .collect()
}

async fn account(site: &impl Base, name: &str) -> Player {
    let mut p = Player::new(site);
    let a = p.post("/api/account/sign-up", json!({"name": name, "password": PASSWORD})).await;
    assert_eq!(a.status, 201, "{}", a.text);
    p
}

/// The rating of `name` in `game`, read from the profile.
async fn rating_of(p: &mut Player, name: &str, game: &str) -> (R, Value) {
    let profile = p.get(&format!("/api/players/{name}")).await;
    let r = profile.json["ratings"].as_array().unwrap().iter().find(|r| r["game"] == game).cloned();
    let r = r.unwrap_or_else(|| panic!("{name} has no {game} rating: {}", profile.text));
    ((r["rating"].as_f64().unwrap(), r["deviation"].as_f64().unwrap(), r["volatility"].as_f64().unwrap()), r)
}

fn close_to(got: R, want: R, what: &str) {
    assert!(
        (got.0 - want.0).abs() < 1e-3 && (got.1 - want.1).abs() < 1e-3 && (got.2 - want.2).abs() < 1e-6,
        "{what}: got {got:?}, Glicko-2 gives {want:?}"
    );
}

/// Everyone in `order` opens their game of the duel and gives it up, one
/// second after the one before: the earlier finish ranks first.
async fn finish_in_order(site: &Site, duel_id: &str, order: &mut [&mut Player]) {
    for p in order.iter_mut() {
        let opened = p.send("POST", &format!("/api/duels/{duel_id}/play"), None, None).await;
        let game = opened.json["game_id"].as_str().unwrap_or_else(|| panic!("{}", opened.text)).to_string();
        assert_eq!(p.act(&game, 0, "quit").await.status, 200);
        site.advance_clock(1000).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_duel_moves_every_rating_to_what_glicko_2_gives() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let (mut ann, mut bob, mut cy) =
        (account(&site, "ann").await, account(&site, "bob").await, account(&site, "cyd").await);
    let created =
        ann.post("/api/duels", json!({"rules": "lasker", "participants": 3, "name": "Ann", "rated": true})).await;
    assert_eq!(created.status, 201, "{}", created.text);
    assert_eq!(created.json["rated"], true);
    let duel_id = created.json["id"].as_str().unwrap().to_string();
    for (p, name) in [(&mut bob, "Bob"), (&mut cy, "Cy")] {
        let joined = p.post(&format!("/api/duels/{duel_id}/join"), json!({"name": name})).await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }
    let standing = ann.get(&format!("/api/duels/{duel_id}")).await;
    for p in standing.json["participants"].as_array().unwrap() {
        assert_eq!(p["rating"], "1500?", "a new player, provisional: {p}");
    }
    finish_in_order(&site, &duel_id, &mut [&mut ann, &mut bob, &mut cy]).await;
    let closed = ann.get(&format!("/api/duels/{duel_id}")).await;
    assert_eq!(closed.json["status"], "closed", "{}", closed.text);
    let closed_1 = closed.json["closed_ms"].as_i64().unwrap();

    let start: R = (1500.0, 500.0, 0.09);
    let want = period(&[start, start, start]);
    let mut got = Vec::new();
    for (i, name) in ["ann", "bob", "cyd"].iter().enumerate() {
        let (r, shown) = rating_of(&mut ann, name, "lasker").await;
        close_to(r, want[i], name);
        assert_eq!(shown["duels"], 1);
        let standing = &closed.json["participants"][i];
        assert_eq!(standing["rank"], i + 1, "{standing}");
        let change = want[i].0.round() as i64 - 1500;
        assert_eq!(standing["rating_change"], change, "{name}: {standing}");
        got.push(r);
    }
    assert!(got[0].0 > 1500.0 && got[2].0 < 1500.0, "{got:?}");

    // A month away, then Bob beats Ann: their deviations grew first.
    site.advance_clock(30 * 86_400_000).await;
    let rematch =
        ann.post("/api/duels", json!({"rules": "lasker", "participants": 2, "name": "Ann", "rated": true})).await;
    let second = rematch.json["id"].as_str().unwrap().to_string();
    assert_eq!(bob.post(&format!("/api/duels/{second}/join"), json!({"name": "Bob"})).await.status, 200);
    finish_in_order(&site, &second, &mut [&mut bob, &mut ann]).await;
    let closed = bob.get(&format!("/api/duels/{second}")).await;
    let days = (closed.json["closed_ms"].as_i64().unwrap() - closed_1) as f64 / 86_400_000.0;
    let want = period(&[after_days(got[1], days), after_days(got[0], days)]);
    close_to(rating_of(&mut cy, "bob", "lasker").await.0, want[0], "bob after a month");
    close_to(rating_of(&mut cy, "ann", "lasker").await.0, want[1], "ann after a month");
    // The profile's history: each duel's rating after it, oldest first.
    let profile = cy.get("/api/players/ann").await;
    let history = profile.json["rating_history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "{}", profile.text);
    assert!((history[0]["rating"].as_f64().unwrap() - got[0].0).abs() < 1e-9);
    assert_eq!(history[1]["game"], "lasker");
    assert!(history[0]["at_ms"].as_i64() < history[1]["at_ms"].as_i64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_duel_is_between_accounts_on_a_games_default_rules() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = account(&site, "ann").await;
    let mut anonymous = Player::new(&site);
    anonymous.create("harp", Some(1)).await;
    anonymous
        .post("/api/duels", json!({"rules": "harmony", "name": "X", "rated": true}))
        .await
        .assert_error(403, "between accounts");
    ann.post("/api/duels", json!({"rules": "harp/3-passes", "name": "Ann", "rated": true}))
        .await
        .assert_error(400, "only a game's default rules are rated");
    let created = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann", "rated": true})).await;
    let duel_id = created.json["id"].as_str().unwrap().to_string();
    anonymous
        .post(&format!("/api/duels/{duel_id}/join"), json!({"name": "X"}))
        .await
        .assert_error(403, "between accounts");
    // A casual duel stays open to anyone, and rates nobody.
    let casual = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    assert_eq!(casual.json["rated"], false);
    let casual_id = casual.json["id"].as_str().unwrap().to_string();
    assert_eq!(anonymous.post(&format!("/api/duels/{casual_id}/join"), json!({"name": "X"})).await.status, 200);
    assert_eq!(casual.json["participants"][0]["rating"], Value::Null);
}

/// Gives `name` a Lasker rating of `rating`, behind the server's back.
async fn set_lasker_rating(db: &TestDb, name: &str, rating: f64) {
    let sql = format!(
        "INSERT INTO ratings (player_id, game, rating, deviation, volatility, duels, updated_ms)
         SELECT player_id, 'lasker', {rating}, 60, 0.06, 10, 0 FROM accounts WHERE name_key = '{name}'"
    );
    execute(db, &sql).await;
}

async fn quick(p: &mut Player, name: &str, rated: bool) -> Answer {
    p.post("/api/duels/quick", json!({"rules": "lasker", "name": name, "rated": rated})).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_quick_match_pairs_the_nearest_rating_within_a_window_that_widens() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut players = Vec::new();
    for name in ["ann", "bob", "cyd", "dee", "eve"] {
        players.push(account(&site, name).await);
    }
    let [ann, bob, cyd, dee, eve] = &mut players[..] else { unreachable!() };
    set_lasker_rating(&db, "bob", 1800.0).await;
    set_lasker_rating(&db, "cyd", 1250.0).await;
    set_lasker_rating(&db, "ann", 1300.0).await;
    assert_eq!(quick(bob, "Bob", true).await.status, 201, "Bob waits");
    let cyd_waits = quick(cyd, "Cyd", true).await;
    assert_eq!(cyd_waits.status, 201, "550 apart is too far at first: Cyd waits too");
    let lobby = eve.get("/api/duels/lobby").await;
    let waiting: Vec<(&str, &str)> = lobby.json["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["player"].as_str().unwrap(), w["rating"].as_str().unwrap()))
        .collect();
    assert_eq!(waiting, [("Bob", "1800?"), ("Cyd", "1250?")], "{}", lobby.text);
    // Ann (1300) is paired with Cyd (50 apart), not with Bob, who waited longer.
    let paired = quick(ann, "Ann", true).await;
    assert_eq!(paired.status, 200, "{}", paired.text);
    assert_eq!(paired.json["id"], cyd_waits.json["id"]);
    // A minute on, Bob's window has grown to 400: Dee, new at 1500, is paired with him.
    site.advance_clock(60_000).await;
    let paired = quick(dee, "Dee", true).await;
    assert_eq!(paired.status, 200, "{}", paired.text);
    let names: Vec<&str> =
        paired.json["participants"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Bob", "Dee"]);
    // A casual quick match pairs with no rated one, and anyone may play it.
    let casual = quick(eve, "Eve", false).await;
    assert_eq!(casual.status, 201);
    assert_eq!(casual.json["rated"], false);
    let mut anonymous = Player::new(&site);
    quick(&mut anonymous, "X", true).await.assert_error(403, "between accounts");
    assert_eq!(quick(&mut anonymous, "X", false).await.status, 200, "joins Eve's");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaderboard_ranks_the_active_ratings_a_page_at_a_time() {
    let (_dir, db) = temp_db();
    let site = start_site_unlimited(&db).await;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    for i in 0..55 {
        let name = format!("player-{i:02}");
        let mut p = Player::new(&site);
        let up = p.post("/api/account/sign-up", json!({"name": name, "password": PASSWORD})).await;
        assert_eq!(up.status, 201, "{}", up.text);
        // player-54 last rated 31 days ago: not active.
        let updated = if i == 54 { now - 31 * 86_400_000 } else { now };
        let sql = format!(
            "INSERT INTO ratings (player_id, game, rating, deviation, volatility, duels, updated_ms)
             SELECT player_id, 'lasker', {}, 60, 0.06, 12, {updated} FROM accounts WHERE name_key = '{name}'",
            1000 + 10 * i
        );
        execute(&db, &sql).await;
    }
    let mut visitor = Player::new(&site);
    let first = visitor.get("/api/leaderboards/lasker").await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!((&first.json["total"], &first.json["pages"], &first.json["page"]), (&json!(54), &json!(2), &json!(1)));
    let rows = first.json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 50);
    assert_eq!(
        (&rows[0]["rank"], &rows[0]["name"], &rows[0]["rating"]),
        (&json!(1), &json!("player-53"), &json!("1530"))
    );
    assert_eq!(rows[49]["name"], "player-04");
    let second = visitor.get("/api/leaderboards/lasker/2").await;
    let names: Vec<&str> =
        second.json["rows"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["player-03", "player-02", "player-01", "player-00"]);
    assert_eq!(second.json["rows"][3]["rank"], 54);
    assert!(!first.text.contains("player-54") && !second.text.contains("player-54"), "not active");
    let empty = visitor.get("/api/leaderboards/harmony").await;
    assert_eq!((&empty.json["total"], &empty.json["rows"]), (&json!(0), &json!([])));
    visitor.get("/api/leaderboards/spider").await.assert_error(404, "no game is called spider");
    visitor.get("/api/leaderboards/lasker/0").await.assert_error(404, "numbered from 1");
    assert_eq!(visitor.get("/leaderboards").await.status, 200);
}
