//! A German player meets no English on the pages, nor in what their scripts
//! write. With the `lang=de` cookie, a player with an account, a finished
//! game, a game to continue, a daily attempt, a player waiting in quick
//! match and a closed duel visits the home page (and a shared deal), the
//! daily deals and a day's board (before and after the day), the duels
//! page and a duel (open and closed), the replays of a lost and of a never
//! winnable game with their analyses and the winning line, the profile,
//! the leaderboards, the statistics and the account page (signed in and
//! out).
//!
//! What is read is each page's whole text, hidden parts included, with
//! the titles, aria-labels and placeholders in it and the document's
//! title, and apart from that what its script fills, to say where an
//! English word stands: neither holds a word that only the English
//! catalogue uses. Left out are the language switch (it names English in
//! English), and the rules' summaries and the variants' names in the home
//! and duels pages' lists, which the server's list of rules gives in
//! English still.

use crate::common;
use crate::web;

use fantoccini::{Client, Locator};
use patience_words::{foreign_words, Lang};
use serde_json::{json, Value};
use web::*;

fn german() -> Lang {
    Lang::from_tag("de").unwrap()
}

/// The text under `selectors` (each must match), word by word: every text
/// node and every title, aria-label and placeholder, leaving out elements
/// that match `skip`; with the document's title first when `title`.
const READ: &str = "const [selectors, skip, title] = arguments;
    const parts = title ? [document.title] : [];
    for (const selector of selectors) {
        const found = document.querySelectorAll(selector);
        if (!found.length) return { missing: selector };
        for (const root of found) {
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
                acceptNode: (n) => n.nodeType === 1 && skip && n.matches(skip) ? NodeFilter.FILTER_REJECT
                    : NodeFilter.FILTER_ACCEPT,
            });
            for (let n = walker.currentNode; n; n = walker.nextNode()) {
                if (n.nodeType === 3) parts.push(n.data);
                else for (const a of ['title', 'aria-label', 'placeholder']) {
                    if (n.getAttribute(a)) parts.push(n.getAttribute(a));
                }
            }
        }
    }
    return { text: parts.join('\\n') };";

/// What no page is asked to say in German here: the language switch, which
/// names each language in itself ("English").
const LEFT_OUT: &str = ".language-switch";

/// Asserts that the page `what`, and first what its script wrote under
/// `selectors` (see [`READ`]), holds no English word.
async fn no_english(c: &Client, what: &str, selectors: &[&str], title: bool) {
    for (part, selectors, title) in [("what its script wrote", selectors, title), ("the page", &["body"][..], true)] {
        let read = c.execute(READ, vec![json!(selectors), json!(LEFT_OUT), json!(title)]).await.unwrap();
        assert!(read["missing"].is_null(), "{what}: nothing matches {}", read["missing"]);
        let text = read["text"].as_str().unwrap();
        let found = foreign_words(text, german());
        assert!(found.is_empty(), "{what}: English words {found:?} in {part}:\n{text}");
    }
}

/// Posts an action to game `id`; returns its view.
async fn act(c: &Client, id: &str, body: Value) -> Value {
    let answer = fetch(c, "POST", &format!("/api/games/{id}/actions"), body).await;
    assert!(answer["view"].is_object(), "{answer}");
    answer["view"].clone()
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_german_player_meets_no_english_on_the_pages_nor_in_what_their_scripts_write() {
    in_browser(|page| async move {
        let c = &page.c;
        let base = page.base.clone();
        c.goto(&format!("{base}/account")).await.unwrap();
        c.execute("document.cookie = 'lang=de; path=/'", vec![]).await.unwrap();

        // The player: an account (digits only after the name, which no
        // catalogue uses), then what each page shows of them.
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let name = format!("Dora-{}", stamp % 1_000_000);
        let up =
            fetch(c, "POST", "/api/account/sign-up", json!({"name": name, "password": "ein langes Passwort"})).await;
        assert_eq!(up["name"], name.as_str(), "{up}");
        // A game lost at a known action, with a winning line from before it.
        let k = 12;
        let (deal, good, losing) = common::losing_game(k);
        let lost = fetch(c, "POST", "/api/games", json!({"rules": "harmony", "deal": deal})).await;
        let lost = lost["id"].as_str().unwrap().to_string();
        for (n, mv) in good.iter().chain([&losing]).enumerate() {
            act(c, &lost, json!({"action_number": n, "move": mv})).await;
        }
        act(c, &lost, json!({"action_number": k + 1, "action": "quit"})).await;
        // A deal never winnable: its analysis draws the par along the bar.
        let never = fetch(c, "POST", "/api/games", json!({"rules": "lasker", "deal": 3})).await;
        let never_id = never["id"].as_str().unwrap().to_string();
        let first = common::moves(&never["view"])[0].clone();
        act(c, &never_id, json!({"action_number": 0, "move": first})).await;
        act(c, &never_id, json!({"action_number": 1, "action": "quit"})).await;
        // A game to continue.
        let open = fetch(c, "POST", "/api/games", json!({"rules": "klondike", "deal": 7})).await;
        let open_id = open["id"].as_str().unwrap().to_string();
        let first = common::moves(&open["view"])[0].clone();
        act(c, &open_id, json!({"action_number": 0, "move": first})).await;
        // Today's daily deal, given up.
        let daily = fetch(c, "POST", "/api/daily/harmony/play", json!({"name": "Dora"})).await;
        let daily_game = daily["link"].as_str().unwrap_or_else(|| panic!("{daily}")).trim_start_matches("/game/");
        act(c, daily_game, json!({"action_number": 0, "action": "quit"})).await;
        // A duel, its game given up, closed by its maker.
        let duel =
            fetch(c, "POST", "/api/duels", json!({"rules": "klondike", "name": "Dora", "participants": 3})).await;
        let duel_link = duel["link"].as_str().unwrap_or_else(|| panic!("{duel}")).to_string();
        let duel_id = duel_link.trim_start_matches("/duel/").to_string();
        let played = fetch(c, "POST", &format!("/api/duels/{duel_id}/play"), Value::Null).await;
        let duel_game = played["game_id"].as_str().unwrap_or_else(|| panic!("{played}")).to_string();
        act(c, &duel_game, json!({"action_number": 0, "action": "quit"})).await;
        // Waiting in quick match: the lobby lists the player.
        let quick = fetch(c, "POST", "/api/duels/quick", json!({"rules": "pitchfork", "name": "Dora"})).await;
        assert!(quick["link"].is_string(), "{quick}");

        // The home page: the games' cards, the game to continue, a shared deal.
        c.goto(&format!("{base}/?rules=klondike&deal=7")).await.unwrap();
        wait_until(c, "the games", "document.querySelectorAll('#games .game-card').length >= 6").await;
        wait_until(c, "the game to continue", "document.querySelectorAll('#continue li').length >= 1").await;
        wait_until(c, "the shared deal", "!document.getElementById('shared').hidden").await;
        no_english(c, "the home page", &["#games", "#continue", "#shared"], false).await;

        // The daily deals: today's, and the day's board.
        c.goto(&format!("{base}/daily")).await.unwrap();
        wait_until(c, "today's deals", "document.querySelectorAll('#today-rows tr').length >= 5").await;
        no_english(c, "the daily deals", &["#title", "#today-rows"], false).await;
        let today = fetch(c, "GET", "/api/daily", Value::Null).await;
        let harmony = today["dailies"].as_array().unwrap().iter().find(|d| d["game"] == "harmony").unwrap().clone();
        let day_path = harmony["link"].as_str().unwrap().to_string();
        c.goto(&format!("{base}{day_path}")).await.unwrap();
        wait_until(c, "the board", "document.getElementById('board-rows').textContent.includes('Dora')").await;
        wait_until(c, "the past days", "document.querySelectorAll('#past-days li').length >= 1").await;
        let day = ["#title", "#day-info", "#board-figure", "#board-rows", "#board-page", "#past-days"];
        no_english(c, "a day's board", &day, true).await;

        // The duels page, with the player waiting in quick match.
        c.goto(&format!("{base}/duels")).await.unwrap();
        wait_until(c, "the lobby", "document.querySelectorAll('#lobby-rows a').length >= 1").await;
        no_english(c, "the duels page", &["#title", "#lobby-rows"], true).await;

        // The duel, open, then closed by its maker.
        c.goto(&format!("{base}{duel_link}")).await.unwrap();
        wait_until(c, "the standings", "document.getElementById('standings').textContent.includes('Dora')").await;
        let duel_parts = ["#title", "#duel-info", "#link-label", "#play", "#standings", "#result-head"];
        no_english(c, "an open duel", &duel_parts, false).await;
        let closed = fetch(c, "POST", &format!("/api/duels/{duel_id}/close"), Value::Null).await;
        assert_eq!(closed["status"], "closed", "{closed}");
        c.refresh().await.unwrap();
        wait_until(c, "the fairness check", "!document.getElementById('reveal').hidden").await;
        wait_until(c, "the proof in words", "document.getElementById('proof-words').textContent !== ''").await;
        let closed_parts = ["#title", "#duel-info", "#link-label", "#play", "#standings", "#check", "#proof-words"];
        no_english(c, "a closed duel", &closed_parts, false).await;

        // The replay of the lost game: its analysis, then the winning line.
        c.goto(&format!("{base}/replay/{lost}")).await.unwrap();
        wait_until(c, "the analysis", "document.querySelectorAll('#analysis-bar span').length > 0").await;
        wait_until(c, "the honest player", "!document.getElementById('analysis-honest').hidden").await;
        let replay = [
            "#title",
            "#deal-stat",
            "#replay-info",
            "#step-stat",
            "#moves-made",
            "#score",
            "#clock",
            "#status",
            "#steps",
            "#analysis-words",
            "#analysis-honest",
            "#analysis-bar",
            "#analysis-mark",
            "#analysis-line",
            "#play",
        ];
        no_english(c, "a replay with its analysis", &replay, true).await;
        c.find(Locator::Id("analysis-line")).await.unwrap().click().await.unwrap();
        wait_until(c, "the winning line", "!document.getElementById('analysis-back').hidden").await;
        no_english(c, "the winning line", &["#step-stat", "#status", "#play", "#moves-made"], false).await;
        c.find(Locator::Id("analysis-back")).await.unwrap().click().await.unwrap();

        // The replay of the deal never winnable: the par along the bar.
        c.goto(&format!("{base}/replay/{never_id}")).await.unwrap();
        wait_until(c, "the par's bar", "document.getElementById('analysis-bar').classList.contains('pars')").await;
        no_english(c, "a replay of a deal never winnable", &["#analysis-words", "#analysis-bar", "#status"], false)
            .await;

        // The profile.
        c.goto(&format!("{base}/@/{name}")).await.unwrap();
        wait_until(c, "the finished games", "document.querySelectorAll('#finished-table tbody a').length >= 2").await;
        // Each finished game leads to its replay.
        let rows = "document.querySelectorAll('#finished-table tbody tr').length";
        let replays = "document.querySelectorAll('#finished-table tbody a[href^=\"/replay/\"]').length";
        let same = c.execute(&format!("return {rows} >= 2 && {rows} === {replays}"), vec![]).await.unwrap();
        assert_eq!(same, json!(true), "a replay link on every finished game");
        wait_until(c, "the streaks", "document.getElementById('daily-streaks').textContent !== ''").await;
        wait_until(c, "the duels", "document.querySelectorAll('#duels-table tbody a').length >= 1").await;
        let profile = [
            "#profile-since",
            "#daily-streaks",
            "#ratings-table tbody",
            "#duels-table tbody",
            "#finished-table tbody",
            "#rating-chart",
        ];
        no_english(c, "the profile", &profile, false).await;

        // The leaderboards.
        c.goto(&format!("{base}/leaderboards?game=harmony")).await.unwrap();
        wait_until(c, "the board", "document.querySelectorAll('#board-table tbody tr').length >= 1").await;
        wait_until(c, "the daily boards", "document.querySelectorAll('#daily-days li').length >= 1").await;
        no_english(c, "the leaderboards", &["#board-table tbody", "#board-page", "#daily-days"], false).await;

        // The statistics.
        c.goto(&format!("{base}/stats")).await.unwrap();
        wait_until(c, "the recent games", "document.querySelectorAll('#recent-table tbody a').length >= 4").await;
        no_english(c, "the statistics", &["#recent-table tbody"], false).await;

        // The account page, signed in, then signed out.
        c.goto(&format!("{base}/account")).await.unwrap();
        wait_until(c, "signed in", "!document.getElementById('signed-in').hidden").await;
        no_english(c, "the account page", &["#account-title"], false).await;
        c.find(Locator::Id("sign-out")).await.unwrap().click().await.unwrap();
        wait_until(c, "signed out", "!document.getElementById('signed-out').hidden").await;
        wait_until(c, "said so", "document.getElementById('account-said').textContent !== ''").await;
        no_english(c, "the account page signed out", &["#account-title", "#account-said", "#add-games-words"], false)
            .await;

        // The day is over: its deal, checked, its par and the records.
        let view = fetch(c, "GET", &format!("/api{day_path}"), Value::Null).await;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        advance_clock(view["ends_ms"].as_i64().unwrap_or_else(|| panic!("{view}")) - now + 1_000).await;
        c.goto(&format!("{base}{day_path}")).await.unwrap();
        wait_until(c, "the revealed deal", "!document.getElementById('day-reveal').hidden").await;
        wait_until(c, "the records", "document.querySelectorAll('#board-rows a').length >= 2").await;
        let over = ["#title", "#day-info", "#reveal-deal", "#reveal-par", "#reveal-line", "#board-rows"];
        no_english(c, "a day's board after the day", &over, true).await;
        page
    });
}
