//! The daily deal in a browser, as a player meets it: from the home page to
//! today's deals, a name for the board, the one attempt (no hint, no
//! restart, a note that names the daily deal), its board with the player
//! on it, the leaderboards' link to it, and after the day the deal with
//! its check against the commitment, its par and the attempt's record.

use crate::web;

use fantoccini::Locator;
use serde_json::{json, Value};
use web::*;

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_daily_deal_from_the_home_page_to_its_board_and_after_the_day() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        c.wait().for_element(Locator::Id("daily-cta")).await.unwrap().click().await.unwrap();
        wait_until(c, "today's deals", "document.querySelectorAll('#today-rows tr').length >= 5").await;
        assert!(text(c, "#title").await.starts_with("Daily deals of "));
        c.find(Locator::Id("daily-name")).await.unwrap().send_keys("Daisy").await.unwrap();
        let play = "//tr[th='Solitaire Harmony']//button";
        c.find(Locator::XPath(play)).await.unwrap().click().await.unwrap();
        let game = wait_for_game_page(c).await;

        // The game names the daily deal; no hint, no Finish, no restart.
        wait_until(c, "the daily deal's note", "!document.getElementById('duel-note').hidden").await;
        let note = text(c, "#duel-note").await;
        assert!(note.contains("your one attempt at the Solitaire Harmony daily deal of"), "{note}");
        // Where the deal number would stand: a daily deal, not a duel's.
        assert_eq!(text(c, "#duel-deal").await, "Daily deal");
        for button in ["hint", "finish", "restart"] {
            let hidden = c.execute(&format!("return document.getElementById('{button}').hidden"), vec![]).await;
            assert_eq!(hidden.unwrap(), json!(true), "{button} is offered");
        }
        click_stock(c).await;
        wait_for_action(c, &game, 1).await;
        let quit =
            fetch(c, "POST", &format!("/api/games/{game}/actions"), json!({"action_number": 1, "action": "quit"}))
                .await;
        assert_eq!(quit["view"]["outcome"], "quit", "{quit}");

        // The board, reached from the game's note, shows the player.
        c.find(Locator::Id("duel-back")).await.unwrap().click().await.unwrap();
        wait_until(c, "the board", "document.getElementById('board-rows').textContent.includes('Daisy (you)')").await;
        let day_path = c.current_url().await.unwrap().path().to_string();
        assert!(day_path.starts_with("/daily/harmony/"), "{day_path}");
        assert_eq!(text(c, "#day-yours a").await, "Your attempt");
        assert!(text(c, "#board-rows").await.contains("after the day"), "no record before the day ends");
        screenshots(&page, "daily-board").await;

        // The leaderboards link to it.
        c.goto(&format!("{}/leaderboards?game=harmony", page.base)).await.unwrap();
        let today = format!("document.getElementById('daily-today').getAttribute('href') === '{day_path}'");
        wait_until(c, "the link to today's board", &today).await;
        c.find(Locator::Id("daily-today")).await.unwrap().click().await.unwrap();
        wait_until(c, "the board again", "document.getElementById('board-rows').textContent.includes('Daisy')").await;

        // The day ends: the deal, checked, its par, and the record.
        let view: Value = fetch(c, "GET", &format!("/api/daily/harmony/{}", &day_path[15..]), Value::Null).await;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        advance_clock(view["ends_ms"].as_i64().unwrap() - now + 1_000).await;
        c.refresh().await.unwrap();
        wait_until(c, "the revealed deal", "!document.getElementById('day-reveal').hidden").await;
        let deal = text(c, "#reveal-deal").await;
        assert!(deal.contains("it matches the commitment"), "{deal}");
        assert_eq!(text(c, "#reveal-par").await, "Par: all 52 cards can go up.");
        let record = c.find(Locator::Css("#board-rows a[href*='/records/']")).await.unwrap();
        let href = record.attr("href").await.unwrap().unwrap();
        assert!(href.ends_with(&game), "{href}");
        screenshots(&page, "daily-over").await;
        page
    });
}
