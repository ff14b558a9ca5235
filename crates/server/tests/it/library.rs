//! The library of winnable deals through the API: Easy, Medium and Hard
//! deals and "winnable deals only" come from it at once, a fresh server
//! serves the starting pool embedded in it, the background worker grows it,
//! and the only refusal left is for rules whose deals are not winnable
//! (Lasker's original ones), which says why and offers the par; once ten
//! players have finished a deal, their results grade it. What the
//! pool holds is read from the pool itself, so nothing is hard-coded.

use crate::common;

use std::time::{Duration, Instant};

use common::*;
use patience_server::services::library::{Growth, HOPELESS_AFTER, STARTING_POOL};
use patience_server::{Config, Settings};
use patience_solver::library::{parse_library, Grade, LibraryDeal};
use patience_solver::Verdict;
use serde_json::json;

fn pool() -> Vec<LibraryDeal> {
    parse_library(STARTING_POOL).expect("the starting pool reads")
}

/// The pool's winnable deals of `rules` (of `grade`, or any).
fn winnable(rules: &str, grade: Option<Grade>) -> Vec<u64> {
    pool()
        .into_iter()
        .filter(|d| d.rules == rules && d.verdict == Verdict::Won && (grade.is_none() || d.grade() == grade))
        .map(|d| d.deal)
        .collect()
}

#[test]
fn the_starting_pool_holds_graded_winnable_deals_of_every_variant_but_those_never_won() {
    let pool = pool();
    for rules in patience_core::presets::ALL {
        let looked: Vec<&LibraryDeal> = pool.iter().filter(|d| d.rules == rules.id).collect();
        let won = looked.iter().filter(|d| d.verdict == Verdict::Won).count();
        let lost = looked.iter().filter(|d| d.verdict == Verdict::Lost).count();
        assert!(
            won > 0 || lost as u64 >= HOPELESS_AFTER,
            "{}: {won} winnable and {lost} lost deals of {} looked at",
            rules.id,
            looked.len()
        );
        // Numbers looked at in order from 1, none missing.
        let numbers: Vec<u64> = looked.iter().map(|d| d.deal).collect();
        assert_eq!(numbers, (1..=looked.len() as u64).collect::<Vec<_>>(), "{}", rules.id);
        for d in looked.iter().filter(|d| d.verdict == Verdict::Won) {
            assert!(d.runs > 0 && !d.solution.is_empty(), "{}", d.to_line());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grade_picks_a_winnable_deal_of_that_grade_from_the_library() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    for grade in Grade::ALL {
        let expected = winnable("harmony", Some(grade));
        let a = ann.post("/api/games", json!({ "rules": "harmony", "grade": grade.as_str() })).await;
        assert_eq!(a.status, 201, "{}", a.text);
        let deal = a.json["view"]["deal"].as_u64().unwrap();
        assert!(expected.contains(&deal), "{grade}: deal {deal} is not one of {expected:?}");
    }
    // A grade the library holds none of (Pitchfork's deals are won by its
    // player every time or never): refused saying so, never another grade
    // in its place.
    assert!(winnable("pitchfork", Some(Grade::Medium)).is_empty() && !winnable("pitchfork", None).is_empty());
    let a = ann.post("/api/games", json!({ "rules": "pitchfork", "grade": "medium" })).await;
    a.assert_error(422, "The library holds no Medium deal of Pitchfork yet");
    // Winnable deals only, without a number: any of the library's.
    let a = ann.post("/api/games", json!({ "rules": "pitchfork", "winnable": true })).await;
    assert_eq!(a.status, 201, "{}", a.text);
    assert!(winnable("pitchfork", None).contains(&a.json["view"]["deal"].as_u64().unwrap()), "{}", a.text);
    server.stop().await.unwrap();
}

/// No hint on an Easy or Medium deal says at the opening that nothing was
/// won: every such deal of the pool is opened through the API and asked for
/// a hint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "slow: the full tier runs it"]
async fn no_opening_hint_on_an_easy_or_medium_deal_says_that_no_sampled_deal_was_won() {
    let (_dir, db) = temp_db();
    let server = start_unlimited(&db).await;
    let mut ann = Player::new(&server);
    let mut asked = 0;
    for d in pool() {
        if !matches!(d.grade(), Some(Grade::Easy | Grade::Medium)) {
            continue;
        }
        let (id, _) = ann.create(&d.rules, Some(d.deal)).await;
        let hint = ann.get(&format!("/api/games/{id}/hint")).await;
        assert_eq!(hint.status, 200, "{} {}: {}", d.rules, d.deal, hint.text);
        let won = hint.json["won_with_move"].as_u64().unwrap();
        let samples = hint.json["samples"].as_u64().unwrap();
        assert!(
            won > 0 || samples == 0,
            "{} {} ({}/{} won by the player): {}",
            d.rules,
            d.deal,
            d.wins,
            d.runs,
            hint.text
        );
        asked += 1;
    }
    assert!(asked >= 100, "only {asked} Easy or Medium deals in the pool");
    server.stop().await.unwrap();
}

/// A Hard deal's opening hint may win none of its samples: the game looks
/// lost. Asked for as a winnable deal, the player knows better, and is told
/// so instead of being offered to give up; the game keeps that knowledge
/// across a restart of the server (it is stored with the game), and loses it
/// once a move is on the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_dealt_as_winnable_is_never_called_hopeless_at_its_opening() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    // A Hard deal whose opening hint wins no sample, asked for by number.
    let rules = "harp/3-passes";
    let mut found = None;
    for deal in winnable(rules, Some(Grade::Hard)) {
        let (id, created) = ann.create(rules, Some(deal)).await;
        assert_eq!(created.json["view"]["dealt_as_winnable"], false, "{}", created.text);
        let hint = ann.get(&format!("/api/games/{id}/hint")).await;
        assert_eq!(hint.status, 200, "{}", hint.text);
        if hint.json["won_with_move"] == 0 && hint.json["samples"].as_u64().unwrap() > 0 {
            assert_eq!(hint.json["hopeless"], true, "deal {deal} by number: {}", hint.text);
            assert!(!hint.text.contains("You asked for a winnable deal"), "{}", hint.text);
            found = Some(deal);
            break;
        }
    }
    let deal = found.expect("a Hard deal of harp/3-passes whose opening hint wins no sample");

    // The same deal asked for as a winnable one.
    let a = ann.post("/api/games", json!({ "rules": rules, "deal": deal, "winnable": true })).await;
    assert_eq!(a.status, 201, "{}", a.text);
    assert_eq!(a.json["view"]["deal"], deal, "{}", a.text);
    assert_eq!(a.json["view"]["dealt_as_winnable"], true, "{}", a.text);
    let id = a.json["id"].as_str().unwrap().to_string();
    let hint = ann.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!(hint.status, 200, "{}", hint.text);
    assert_eq!(hint.json["won_with_move"], 0, "{}", hint.text);
    assert_eq!(hint.json["hopeless"], false, "{}", hint.text);
    assert!(hint.json["confidence"].as_str().unwrap().contains("You asked for a winnable deal"), "{}", hint.text);

    // Still so after a restart of the server, which reloads the game from
    // the database.
    server.stop().await.unwrap();
    let server = start(&db).await;
    ann.base = server.base();
    let again = ann.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!(again.json["hopeless"], false, "{}", again.text);
    assert_eq!(ann.view(&id).await.json["view"]["dealt_as_winnable"], true);
    // "Same deal again" deals it as a winnable one again.
    let same = ann.post(&format!("/api/games/{id}/again"), json!({})).await;
    assert_eq!(same.status, 201, "{}", same.text);
    assert_eq!((&same.json["view"]["deal"], &same.json["view"]["dealt_as_winnable"]), (&json!(deal), &json!(true)));

    // Once a move is on the table, the deal may have been lost: no promise.
    let mv = again.json["move"].as_str().unwrap().to_string();
    assert!(ann.play(&id, 0, &mv).await.status.is_success());
    let after = ann.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!(after.status, 200, "{}", after.text);
    assert!(!after.text.contains("You asked for a winnable deal"), "{}", after.text);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn winnable_from_a_number_is_the_first_winnable_deal_the_library_looked_at() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let won = winnable("pitchfork/warfield", None);
    // From the first deal not winnable before a winnable one.
    let last = *won.iter().max().expect("the pool holds a winnable Warfield deal");
    let from = (1..last).find(|n| !won.contains(n)).expect("the pool holds a deal not winnable before a winnable one");
    let first = won.iter().copied().filter(|&w| w > from).min().unwrap();
    let a = ann.post("/api/games", json!({ "rules": "pitchfork/warfield", "deal": from, "winnable": true })).await;
    assert_eq!(a.status, 201, "{}", a.text);
    assert_eq!(a.json["view"]["deal"], first, "{}", a.text);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_whose_deals_are_never_won_refuse_at_once_saying_why_and_offering_the_par() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    assert!(winnable("lasker", None).is_empty(), "a winnable deal of Lasker's original rules");
    for body in [
        json!({ "rules": "lasker", "grade": "easy" }),
        json!({ "rules": "lasker", "winnable": true }),
        json!({ "rules": "lasker", "deal": 5, "winnable": true }),
    ] {
        let started = Instant::now();
        let a = ann.post("/api/games", body.clone()).await;
        a.assert_error(422, "almost never won");
        assert!(a.error().contains("par"), "{body}: {}", a.text);
        // Refused from the library, not after a search.
        assert!(started.elapsed() < Duration::from_secs(1), "{body}: {:?}", started.elapsed());
    }
    // Its classic rules are winnable.
    let a = ann.post("/api/games", json!({ "rules": "lasker/classic", "grade": "easy" })).await;
    assert_eq!(a.status, 201, "{}", a.text);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grade_with_a_deal_number_or_an_unknown_grade_is_refused_and_nothing_is_created() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let a = ann.post("/api/games", json!({ "rules": "harmony", "deal": 3, "grade": "easy" })).await;
    a.assert_error(400, "leave the deal number out");
    let a = ann.post("/api/games", json!({ "rules": "harmony", "grade": "trivial" })).await;
    a.assert_error(400, "unknown variant `trivial`");
    let listed = ann.get("/api/games").await;
    assert_eq!(listed.json["games"], json!([]), "{}", listed.text);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_library_tells_what_it_holds_of_every_variant() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let a = ann.get("/api/library").await;
    assert_eq!(a.status, 200, "{}", a.text);
    let shelves = a.json["library"].as_array().unwrap();
    assert_eq!(shelves.len(), patience_core::presets::ALL.len());
    let pool = pool();
    for shelf in shelves {
        let rules = shelf["rules"].as_str().unwrap();
        let count = |g: Option<Grade>| {
            pool.iter().filter(|d| d.rules == rules && (g.is_none() || d.grade() == g)).count() as u64
        };
        assert_eq!(shelf["looked"], count(None), "{shelf}");
        let lost = pool.iter().filter(|d| d.rules == rules && d.verdict == Verdict::Lost).count() as u64;
        assert_eq!(shelf["lost"], lost, "{shelf}");
        for grade in Grade::ALL {
            assert_eq!(shelf[grade.as_str()], count(Some(grade)), "{shelf}");
        }
        // Never won: a hundred deals proven lost and none winnable.
        let never_won = count(None) == lost && lost >= patience_server::services::library::HOPELESS_AFTER;
        assert_eq!(shelf["never_won"], never_won, "{shelf}");
        assert_eq!(never_won, rules == "lasker", "only Lasker's default rules are never won: {shelf}");
    }
    server.stop().await.unwrap();
}

/// A server started on an older starting pool holds the deals that pool
/// left unknown. Started again on a pool that decides them (built again by
/// a stronger solver), it takes their verdicts, and a won deal's grade;
/// every deal it had decided stays as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_starting_pool_decides_the_deals_an_older_one_left_unknown() {
    let (_dir, db) = temp_db();
    start(&db).await.stop().await.unwrap();
    let pool = pool();
    let first = |rules: &str, verdict| pool.iter().find(|d| d.rules == rules && d.verdict == verdict).unwrap();
    let (won, lost) = (first("harmony", Verdict::Won), first("pitchfork", Verdict::Lost));
    let grade = won.grade().unwrap();
    let other = pool.iter().find(|d| d.rules == "harmony" && d.verdict == Verdict::Won && d.deal != won.deal).unwrap();
    let moved = if other.grade() == Some(Grade::Hard) { Grade::Easy } else { Grade::Hard };
    // The store as an older pool left it: two deals unknown, and a grade
    // the pool no longer gives.
    for (rules, deal) in [("harmony", won.deal), ("pitchfork", lost.deal)] {
        let unknown = "verdict = 'unknown', grade = NULL, wins = 0, runs = 0, solution = ''";
        execute(&db, &format!("UPDATE library SET {unknown} WHERE rules = '{rules}' AND deal = {deal}")).await;
    }
    let sql = format!("UPDATE library SET grade = '{moved}' WHERE rules = 'harmony' AND deal = {}", other.deal);
    execute(&db, &sql).await;

    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let a = ann.get("/api/library").await;
    assert_eq!(a.status, 200, "{}", a.text);
    let shelf =
        |rules: &str| a.json["library"].as_array().unwrap().iter().find(|s| s["rules"] == rules).unwrap().clone();
    let (harmony, pitchfork) = (shelf("harmony"), shelf("pitchfork"));
    for g in Grade::ALL {
        let in_pool = pool.iter().filter(|d| d.rules == "harmony" && d.grade() == Some(g)).count() as i64;
        let expected = in_pool + i64::from(g == moved) - i64::from(other.grade() == Some(g));
        assert_eq!(harmony[g.as_str()], expected, "{g} (the unknown deal was {grade}): {harmony}");
    }
    let lost_in_pool = pool.iter().filter(|d| d.rules == "pitchfork" && d.verdict == Verdict::Lost).count();
    assert_eq!(pitchfork["lost"], lost_in_pool, "{pitchfork}");
    // The deal decided again is dealt as the pool's winnable one.
    let a = ann.post("/api/games", json!({ "rules": "harmony", "deal": won.deal, "winnable": true })).await;
    assert_eq!(a.status, 201, "{}", a.text);
    assert_eq!(a.json["view"]["deal"].as_u64(), Some(won.deal), "{}", a.text);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_background_worker_grows_the_library() {
    let (_dir, db) = temp_db();
    let growth = Growth { won: u64::MAX, most: u64::MAX, only: Some("pitchfork/warfield") };
    let config = config(&db);
    let server = start_with(Config { services: Settings { library: Some(growth), ..config.services }, ..config }).await;
    let mut ann = Player::new(&server);
    let looked = |a: &Answer| {
        a.json["library"].as_array().unwrap().iter().find(|s| s["rules"] == "pitchfork/warfield").unwrap()["looked"]
            .as_u64()
            .unwrap()
    };
    let at_start = looked(&ann.get("/api/library").await);
    assert_eq!(at_start, pool().iter().filter(|d| d.rules == "pitchfork/warfield").count() as u64);
    let started = Instant::now();
    loop {
        let now = looked(&ann.get("/api/library").await);
        if now >= at_start + 2 {
            break;
        }
        // The worker runs only when nothing else wants the cores: a busy
        // machine slows it down.
        assert!(started.elapsed() < Duration::from_secs(300), "the library did not grow: {now} deals");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    server.stop().await.unwrap();
}

/// Once ten players have finished a deal of the library, their results
/// grade it, as lichess rates its puzzles: a Medium deal of a variant with
/// no Easy deal in the starting pool becomes Easy once ten players have
/// each won it, and "Easy" then serves it. Before the tenth, nothing
/// changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_players_results_grade_a_deal_of_the_library() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    // The shortest Medium deal of a variant with none Easy (which variant
    // changes as the pool is graded again).
    let pool = pool();
    let with_easy: Vec<&str> =
        pool.iter().filter(|d| d.grade() == Some(Grade::Easy)).map(|d| d.rules.as_str()).collect();
    let deal = pool
        .iter()
        .filter(|d| d.grade() == Some(Grade::Medium) && !with_easy.contains(&d.rules.as_str()))
        .min_by_key(|d| d.solution.len())
        .expect("a Medium deal of a variant with no Easy deal in the pool");
    let rules = deal.rules.as_str();
    let none = format!("no Easy deal of {}", patience_core::presets::find(rules).unwrap().name);
    let none = none.as_str();
    for n in 0..patience_server::services::library::PLAYERS_TO_GRADE {
        let mut p = Player::from(&server, [127, 0, 1, n as u8 + 1]);
        let (id, created) = p.create(rules, Some(deal.deal)).await;
        let mut view = created.view().clone();
        for mv in &deal.solution {
            let a = p.play(&id, number(&view), &mv.to_string()).await;
            assert_eq!(a.status, 200, "player {n}: {}", a.text);
            view = a.view().clone();
        }
        assert_eq!(view["outcome"], "won", "player {n}");
        let asked = p.post("/api/games", json!({"rules": rules, "grade": "easy"})).await;
        if n + 1 < patience_server::services::library::PLAYERS_TO_GRADE {
            asked.assert_error(422, none);
        }
    }
    let mut p = Player::from(&server, [127, 0, 1, 200]);
    let started = Instant::now();
    loop {
        let asked = p.post("/api/games", json!({"rules": rules, "grade": "easy"})).await;
        if asked.status == 201 {
            assert_eq!(asked.json["view"]["deal"], deal.deal, "{}", asked.text);
            break;
        }
        asked.assert_error(422, none);
        assert!(started.elapsed() < Duration::from_secs(10), "the deal was not graded by its players");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let shelf = p.get("/api/library").await;
    let shelf = shelf.json["library"].as_array().unwrap().iter().find(|s| s["rules"] == rules).unwrap().clone();
    assert_eq!(shelf["easy"], 1, "{shelf}");
    server.stop().await.unwrap();
}
