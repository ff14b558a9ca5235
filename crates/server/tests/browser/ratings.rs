//! A rated duel in two browsers: two accounts, a duel created rated on the
//! duels page, joined from its link, given up by both; the standings then
//! show each rating with its change, the profile the new rating and its
//! history chart, and the game's leaderboard the player.

use crate::web;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use web::*;

/// Signs the browser up under a fresh name (`stem` and random digits).
async fn signed_up(page: &Page, stem: &str) -> String {
    let name = format!("{stem}-{}", &patience_server::ids::DuelId::random().as_str()[..6]);
    page.c.goto(&format!("{}/account", page.base)).await.unwrap();
    let up = fetch(&page.c, "POST", "/api/account/sign-up", json!({"name": name, "password": "a long password"})).await;
    assert_eq!(up["name"], name.as_str(), "{up}");
    name
}

/// Opens the browser's game of the duel and gives it up.
async fn give_up(page: &Page, duel_id: &str) {
    let opened = fetch(&page.c, "POST", &format!("/api/duels/{duel_id}/play"), Value::Null).await;
    let game = opened["game_id"].as_str().unwrap_or_else(|| panic!("{opened}")).to_string();
    let quit =
        fetch(&page.c, "POST", &format!("/api/games/{game}/actions"), json!({"action_number": 0, "action": "quit"}))
            .await;
    assert_eq!(quit["view"]["outcome"], "quit", "{quit}");
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_rated_duel_between_two_accounts_moves_their_ratings() {
    in_two_browsers(|ann, bob| async move {
        let ann_name = signed_up(&ann, "Ann").await;
        let bob_name = signed_up(&bob, "Bob").await;
        let a = &ann.c;
        a.goto(&format!("{}/duels", ann.base)).await.unwrap();
        wait_until(a, "the rules list", "document.querySelectorAll('#start-rules option').length >= 5").await;
        a.execute("document.getElementById('start-rules').value = 'lasker'", vec![]).await.unwrap();
        account_name_offered(a, "start-name", &ann_name).await;
        a.find(Locator::Id("start-rated")).await.unwrap().click().await.unwrap();
        a.find(Locator::Id("create")).await.unwrap().click().await.unwrap();
        let link = wait_for_path(a, "/duel/").await;
        let duel_id = link.trim_start_matches("/duel/").to_string();
        wait_until(a, "the rated duel", "document.getElementById('title').textContent === 'Rated Lasker duel'").await;
        wait_until(a, "a provisional rating", "document.getElementById('standings').textContent.includes('1500?')")
            .await;

        let b = &bob.c;
        b.goto(&format!("{}{link}", bob.base)).await.unwrap();
        b.wait().for_element(Locator::Css("#join-form:not([hidden]) #join-name")).await.unwrap();
        account_name_offered(b, "join-name", &bob_name).await;
        b.find(Locator::Id("join")).await.unwrap().click().await.unwrap();
        b.wait().for_element(Locator::Css("#play-row:not([hidden])")).await.unwrap();

        give_up(&ann, &duel_id).await;
        give_up(&bob, &duel_id).await;
        // Ann gave up first: the earlier finish ranks first.
        a.refresh().await.unwrap();
        wait_until(a, "the changes", "document.getElementById('standings').textContent.includes('(+')").await;
        let rows = a
            .execute(
                "return [...document.querySelectorAll('#standings tr')].map(r => r.children[2].textContent)",
                vec![],
            )
            .await
            .unwrap();
        let rows: Vec<String> = serde_json::from_value(rows).unwrap();
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!(rows[0].contains("(+") && rows[1].contains("(−"), "the winner gains, the loser loses: {rows:?}");
        screenshots(&ann, "duel-rated").await;

        a.goto(&format!("{}/@/{ann_name}", ann.base)).await.unwrap();
        wait_until(a, "the ratings", "document.querySelector('#ratings-table tbody').textContent.includes('Lasker')")
            .await;
        let rating = text(a, "#ratings-table tbody tr td:nth-child(2)").await;
        assert!(rating.ends_with('?') && rating.trim_end_matches('?').parse::<u32>().unwrap() > 1500, "{rating}");
        // The history chart: one line, one point.
        wait_until(a, "the rating chart", "document.querySelector('#rating-chart svg polyline') !== null").await;
        let dots =
            a.execute("return document.querySelectorAll('#rating-chart svg circle').length", vec![]).await.unwrap();
        assert_eq!(dots, json!(1));
        screenshots(&ann, "profile-rated").await;
        // The Lasker leaderboard lists Ann, linked to her profile.
        a.goto(&format!("{}/leaderboards?game=lasker", ann.base)).await.unwrap();
        let listed =
            format!("[...document.querySelectorAll('#board-table tbody a')].some(a => a.textContent === {ann_name:?})");
        wait_until(a, "Ann on the leaderboard", &listed).await;
        screenshots(&ann, "leaderboards").await;
        (ann, bob)
    });
}

/// Waits until name field `id` offers the signed-in player's account
/// name, `name`, without their typing it.
async fn account_name_offered(c: &Client, id: &str, name: &str) {
    let offered = format!("document.getElementById('{id}').value === {name:?}");
    wait_until(c, "the account's name in the name field", &offered).await;
}

/// Ticks Rated on the duels page and asks for a Lasker quick match, under
/// the account's name, `name`, which the page offers.
async fn rated_quick_match(page: &Page, name: &str) -> String {
    let c = &page.c;
    c.goto(&format!("{}/duels", page.base)).await.unwrap();
    wait_until(c, "the rules list", "document.querySelectorAll('#start-rules option').length >= 5").await;
    c.execute("document.getElementById('start-rules').value = 'lasker'", vec![]).await.unwrap();
    account_name_offered(c, "start-name", name).await;
    c.find(Locator::Id("start-rated")).await.unwrap().click().await.unwrap();
    c.find(Locator::Id("quick")).await.unwrap().click().await.unwrap();
    wait_for_path(c, "/duel/").await
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_rated_quick_match_pairs_two_accounts_and_the_lobby_shows_who_waits() {
    in_two_browsers(|ann, bob| async move {
        let ann_name = signed_up(&ann, "Ann").await;
        let bob_name = signed_up(&bob, "Bob").await;
        let waiting = rated_quick_match(&ann, &ann_name).await;
        // Bob sees Ann waiting, with her rating, before he asks.
        let b = &bob.c;
        b.goto(&format!("{}/duels", bob.base)).await.unwrap();
        let shown = format!(
            "[...document.querySelectorAll('#lobby-rows a')].some(a => a.getAttribute('href') === {waiting:?})"
        );
        wait_until(b, "Ann in the lobby", &shown).await;
        assert!(text(b, "#lobby-rows").await.contains("1500?"), "{}", text(b, "#lobby-rows").await);
        screenshots(&bob, "duel-lobby").await;
        let paired = rated_quick_match(&bob, &bob_name).await;
        assert_eq!(paired, waiting, "paired into Ann's duel");
        wait_until(b, "the rated duel", "document.getElementById('title').textContent === 'Rated Lasker duel'").await;
        wait_until(&ann.c, "Bob on Ann's page", "document.getElementById('standings').textContent.includes('Bob')")
            .await;
        (ann, bob)
    });
}
