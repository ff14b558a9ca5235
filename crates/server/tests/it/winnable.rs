//! "Winnable deals only": a new game can ask for the first deal, from a
//! given number on, that the solver proves winnable; beyond the library
//! of winnable deals (tests/it/library.rs) it is searched for, and when the
//! search finds none the library's next winnable deal is given.

use crate::common;

use std::time::Duration;

use common::{execute, start, temp_db, Player};
use patience_core::{presets, Position};
use patience_solver::{solve, Budget, Verdict};
use serde_json::json;

/// The solver's verdict. A proven verdict (won or lost) does not depend on
/// the time budget, which only decides how often the answer is "unknown".
fn verdict(rules: &'static patience_core::Rules, deal: u64, secs: u64) -> Verdict {
    let budget = Budget::default().with_timeout(Duration::from_secs(secs)).with_memory(256 << 20);
    solve(&Position::deal(rules, deal), &budget).outcome.verdict()
}

#[tokio::test]
async fn winnable_games_start_from_the_first_deal_the_solver_proves_winnable() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut player = Player::new(&server);
    let rules = presets::find("harmony").unwrap();
    // A Harmony deal the solver proves lost, so the server must skip it.
    let lost = (1..400).find(|&d| verdict(rules, d, 1) == Verdict::Lost).expect("a lost Harmony deal below 400");
    let answer = player.post("/api/games", json!({"rules": "harmony", "deal": lost, "winnable": true})).await;
    let deal = answer.view()["deal"].as_u64().unwrap();
    assert!(deal > lost, "deal {deal} should come after the lost deal {lost}");
    assert_eq!(verdict(rules, deal, 10), Verdict::Won);
    // Without the option the deal asked for is the deal given.
    let answer = player.post("/api/games", json!({"rules": "harmony", "deal": lost})).await;
    assert_eq!(answer.view()["deal"].as_u64(), Some(lost));
    server.stop().await.unwrap();
}

/// Ten Lasker deals in a row, from the number returned, that the solver
/// proves lost.
fn ten_lost_lasker_deals() -> u64 {
    let rules = presets::find("lasker").unwrap();
    (1..200)
        .find(|&d| (d..d + 10).all(|n| verdict(rules, n, 1) == Verdict::Lost))
        .expect("ten lost Lasker deals in a row")
}

#[tokio::test]
async fn when_neither_the_library_nor_the_search_finds_a_winnable_deal_the_error_says_so() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut player = Player::new(&server);
    // A library that knows nothing of Lasker's original rules (so it cannot
    // tell at once that their deals are lost), and ten lost deals to search.
    execute(&db, "DELETE FROM library WHERE rules = 'lasker'").await;
    let from = ten_lost_lasker_deals();
    let answer = player.post("/api/games", json!({"rules": "lasker", "deal": from, "winnable": true})).await;
    answer.assert_error(422, "was proven winnable");
    let list = player.get("/api/games").await;
    assert_eq!(list.json["games"].as_array().map(Vec::len), Some(0), "no game was created");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn when_the_search_finds_none_the_librarys_next_winnable_deal_is_given() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut player = Player::new(&server);
    // The library's only Lasker deal marked winnable lies far beyond the
    // ten lost deals searched (a row written for the test: what is checked
    // is which deal the server gives, not the row's truth).
    execute(&db, "DELETE FROM library WHERE rules = 'lasker'").await;
    execute(
        &db,
        "INSERT INTO library (rules, deal, verdict, grade, wins, runs, solution)
         VALUES ('lasker', 1000, 'won', 'hard', 0, 10, '')",
    )
    .await;
    let from = ten_lost_lasker_deals();
    let answer = player.post("/api/games", json!({"rules": "lasker", "deal": from, "winnable": true})).await;
    assert_eq!(answer.view()["deal"].as_u64(), Some(1000), "{}", answer.text);
    server.stop().await.unwrap();
}
