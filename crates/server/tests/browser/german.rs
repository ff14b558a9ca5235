//! The game page in German, in headless Chromium (harness: `web.rs`): a
//! player chooses Deutsch in the page header's language switch, starts a
//! Harmony game from a game page's link, picks cards up and puts them down
//! by clicking, draws, sends a card up by double-clicking, asks for a hint
//! and gives up; what the page shows (its text, its title, the names screen
//! readers read for the piles, cards and buttons) and what it announces
//! holds no English word, and the cards are named as German players name
//! them. The statistics page that game fills, and the settings form, are
//! German too.

use crate::web;

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use patience_core::view::GameView;
use patience_core::{presets, Game};
use patience_words::{foreign_words, say, Lang};
use serde_json::{json, Value};
use web::*;

fn german() -> Lang {
    Lang::from_tag("de").unwrap()
}

/// Everything a player reads or hears on the page as it stands: the
/// title, the text shown, the names and titles of its elements (the piles
/// and cards a screen reader names) and the live regions' words.
async fn page_words(c: &Client) -> String {
    let words = c
        .execute(
            "const names = [...document.querySelectorAll('[aria-label], [title]')]
                 .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
             const live = [...document.querySelectorAll('[aria-live], [role=status]')].map(e => e.textContent);
             return [document.title, document.body.innerText, ...names, ...live].join('\\n');",
            vec![],
        )
        .await
        .unwrap();
    words.as_str().unwrap().to_string()
}

/// Checks that `text` holds no English word; `what` says where it was read.
/// The language switch names each language in itself: "English" is no
/// English the page speaks.
fn no_english(text: &str, what: &str) {
    let text = text.replace(&Lang::ENGLISH.name(), "");
    let english = foreign_words(&text, german());
    assert!(english.is_empty(), "{what} holds English words {english:?}:\n{text}");
}

/// The table `local` has as the German API writes it (the moves' words
/// are German).
fn german_table(local: &Game) -> Value {
    serde_json::to_value(GameView::of(local, 0, &german())).unwrap()["table"].clone()
}

/// After one gesture: waits until the server has applied action `n`, has
/// the table `local` has, and the page draws it, the move counter in
/// German.
async fn expect_german(c: &Client, id: &str, local: &Game) -> Value {
    let n = local.action_number() as u64;
    let started = Instant::now();
    let view = loop {
        let v = api_view(c, id).await;
        if v["action_number"].as_u64() == Some(n) {
            break v;
        }
        assert!(started.elapsed() < PATIENCE, "action {n} never arrived: {v}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    };
    assert_eq!(view["table"], german_table(local), "after action {n}, the server's table is not patience-core's");
    let mut want = expected_shown(&view);
    let moves = view["moves_made"].as_i64().unwrap();
    want["moves_made"] = json!(say!("game-view-moves-made", moves = moves).in_lang(german()));
    let started = Instant::now();
    loop {
        let got = shown(c).await;
        if got == want {
            return view;
        }
        assert!(started.elapsed() < PATIENCE, "the page shows\n{got}\nbut the server's view is\n{want}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_game_page_speaks_german_to_a_player_who_chose_it() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // The language switch in the page header: a form that posts the
        // choice and comes back to the page.
        c.find(Locator::Css(".language-switch button[value=de]")).await.unwrap().click().await.unwrap();
        wait_until(c, "the German page", "document.documentElement.lang === 'de'").await;

        // A Harmony game, opened at its game page's link.
        let game = fetch(c, "POST", "/api/games", json!({"rules": "harmony", "deal": 1})).await;
        let id = game["id"].as_str().unwrap_or_else(|| panic!("no game: {game}")).to_string();
        open_game(&page, &id).await;
        let rules = presets::find("harmony").unwrap();
        let mut local = Game::new(rules, 1);
        no_english(&page_words(c).await, "the game page at the deal");

        // Cards named as German players say them: suit, then rank.
        let names = c
            .execute(
                "return [...document.querySelectorAll('#felt .card')].map(e => e.getAttribute('aria-label'))",
                vec![],
            )
            .await
            .unwrap();
        let names: Vec<String> = serde_json::from_value(names).unwrap();
        assert!(names.iter().any(|n| n == "verdeckte Karte"), "{names:?}");
        let suits = ["Pik ", "Herz ", "Karo ", "Kreuz "];
        let ranks = ["Ass", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Bube", "Dame", "König"];
        for name in names.iter().filter(|n| *n != "verdeckte Karte") {
            let rank = suits.iter().find_map(|s| name.strip_prefix(s));
            assert!(rank.is_some_and(|r| ranks.contains(&r)), "a card named {name:?}");
        }
        let column = c
            .execute("return document.querySelector('#felt [data-pile=t3]').getAttribute('aria-label')", vec![])
            .await
            .unwrap();
        assert!(column.as_str().unwrap().starts_with("Reihe 3: "), "{column}");

        // A card picked up says so, in German.
        let (src, _, count) = parts("t3-t5");
        click_at(c, point(c, &card_css(&src, count), true).await).await;
        wait_until(c, "the pick-up's words", "document.getElementById('status').textContent.includes('aufgenommen')")
            .await;
        no_english(&text(c, "#status").await, "the words of a card picked up");
        click_at(c, point(c, &pile_css("t5"), false).await).await;
        local.play("t3-t5".parse().unwrap(), 0).unwrap();
        expect_german(c, &id, &local).await;
        // The move as the live region tells it.
        wait_until(c, "the announcement", "document.getElementById('announce').textContent !== ''").await;
        no_english(&text(c, "#announce").await, "the announcement of a move");

        // A draw from the stock, a card sent up by double-click, a move by clicks.
        click_stock(c).await;
        local.play("s".parse().unwrap(), 0).unwrap();
        expect_german(c, &id, &local).await;
        double_click_move(c, "t4-f").await;
        local.play("t4-f".parse().unwrap(), 0).unwrap();
        expect_german(c, &id, &local).await;
        click_move(c, "t4-t1").await;
        local.play("t4-t1".parse().unwrap(), 0).unwrap();
        let view = expect_german(c, &id, &local).await;
        assert_eq!(
            text(c, "#score").await,
            say!("game-view-score", score = view["score"].as_i64().unwrap()).in_lang(german())
        );
        no_english(&page_words(c).await, "the game page after four moves");

        // A hint: the panel says it in German, and marks the move.
        c.find(Locator::Id("hint")).await.unwrap().click().await.unwrap();
        wait_until(c, "the hint", "!document.getElementById('hint-panel').hidden").await;
        let hint = text(c, "#hint-text").await;
        assert!(hint.starts_with("Tipp: "), "{hint}");
        no_english(&page_words(c).await, "the game page with a hint");

        // Giving up: the question in the page, then the summary with its
        // figures, the stars and the player's figures for Harmony.
        open_menu(c).await;
        c.find(Locator::Id("quit")).await.unwrap().click().await.unwrap();
        wait_until(c, "the question", "!!document.querySelector('dialog#ask[open]')").await;
        no_english(&text(c, "dialog#ask").await, "the question before giving up");
        answer_yes(c, "aufgeben").await;
        wait_until(c, "the summary", "!document.getElementById('banner').hidden").await;
        wait_until(c, "the stars", "!document.getElementById('banner-vote').hidden").await;
        wait_until(c, "the player's figures", "!document.getElementById('banner-best').hidden").await;
        let best = text(c, "#banner-best").await;
        assert!(best.starts_with("Solitaire Harmony: 0 % von 1 Spiel gewonnen"), "{best}");
        no_english(&page_words(c).await, "the summary of a game given up");

        // The statistics drawn from that game (totals, table, chart), and
        // the settings form.
        c.goto(&format!("{}/stats", page.base)).await.unwrap();
        wait_until(
            c,
            "the chart",
            "!!document.querySelector('#chart svg') && !!document.querySelector('#stats-table tbody tr')",
        )
        .await;
        let summary = text(c, "#summary").await;
        assert!(summary.starts_with("1 Spiel gespielt · 0 gewonnen (0 %)"), "{summary}");
        no_english(&page_words(c).await, "the statistics page");
        c.goto(&format!("{}/settings", page.base)).await.unwrap();
        wait_until(c, "the settings form", "!!document.getElementById('setting-back')").await;
        assert_eq!(text(c, "label[for=setting-back]").await, "Kartenrücken");
        no_english(&page_words(c).await, "the settings page");
        page
    });
}
