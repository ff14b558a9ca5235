//! "Winnable deals only": a new game can ask for the first deal, from a
//! given number on, that the solver proves winnable.

mod common;

use std::time::Duration;

use common::{start, temp_db, Player};
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

#[tokio::test]
async fn when_no_winnable_deal_is_found_the_error_says_so() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut player = Player::new(&server);
    // Lasker's seed rules are almost never winnable: its deals are proven
    // lost in milliseconds, so ten tries find none.
    let rules = presets::find("lasker").unwrap();
    let from = (1..200)
        .find(|&d| (d..d + 10).all(|n| verdict(rules, n, 1) == Verdict::Lost))
        .expect("ten lost Lasker deals in a row");
    let answer = player.post("/api/games", json!({"rules": "lasker", "deal": from, "winnable": true})).await;
    answer.assert_error(422, "was proven winnable");
    let list = player.get("/api/games").await;
    assert_eq!(list.json["games"].as_array().map(Vec::len), Some(0), "no game was created");
    server.stop().await.unwrap();
}
