//! The home page and the statistics page, in headless Chromium (harness:
//! `web.rs`):
//!
//! - every game is a card with a drawing of its opening (the table's own
//!   renderer: as many columns as the opening has), at the three sizes
//!   without overflow; a tap on Play starts a random deal of that game; a
//!   game with a move to continue then comes first; under More options the
//!   variant (whose drawing follows), the deal number and "winnable deals
//!   only" (its box beside its words) start exactly that game by keyboard;
//! - Easy, Medium and Hard start a winnable deal of that grade from the
//!   library in one click; a grade it holds no deal of is not offered, and
//!   where no deal is winnable (Lasker's original rules) the card offers no
//!   grade, says why, and Play starts a deal to play for its par;
//! - the statistics count only games with a move standing (not one
//!   restarted to its deal), show one row per game and a row per variant
//!   only when several were played (never "Harp / Harp"), and draw the
//!   results over time as an SVG chart: one mark per game and the share won
//!   so far.

use crate::web;

use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use web::*;

/// The home page's game cards: id, name, the drawing's column and card
/// counts, whether it has a reserve.
async fn cards(c: &Client) -> Value {
    c.execute(
        "return [...document.querySelectorAll('.game-card')].map(g => ({ id: g.id, name: g.querySelector('h3').textContent,
             columns: g.querySelectorAll('.felt.mini .tableau > .pile').length,
             cards: g.querySelectorAll('.felt.mini .card').length,
             reserve: g.querySelectorAll('.felt.mini [data-pile=res]').length }))",
        vec![],
    )
    .await
    .unwrap()
}

async fn wait_for_home(c: &Client) {
    c.wait().for_element(Locator::Css(".game-card .felt.mini .card")).await.unwrap();
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_home_page_plays_in_one_click() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        wait_for_home(c).await;
        let openings = fetch(c, "GET", "/static/openings.json", Value::Null).await;
        let shown = cards(c).await;
        let shown = shown.as_array().unwrap();
        assert_eq!(shown.len(), patience_core::presets::games().count(), "{shown:?}");
        for card in shown {
            let game = card["id"].as_str().unwrap().trim_start_matches("card-");
            let columns = openings[game]["columns"].as_array().unwrap().len();
            assert_eq!(card["columns"], columns, "{game}: the drawing is not its opening: {card}");
            assert!(card["cards"].as_u64().unwrap() >= columns as u64, "{card}");
        }
        // Nothing to continue for a new player.
        let hidden = c.execute("return document.getElementById('continue-section').hidden", vec![]).await.unwrap();
        assert_eq!(hidden, json!(true));
        screenshots(&page, "home").await;

        // A tap on Harmony's Play starts a random deal of it.
        set_viewport(c, PHONE).await;
        tap(c, "#card-harmony button.play").await;
        let started = Instant::now();
        while !c.current_url().await.unwrap().path().starts_with("/game/") {
            assert!(started.elapsed() < PATIENCE, "Play did not start a game");
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        c.wait().for_element(Locator::Css("#felt[data-sized-by=opening]")).await.unwrap();
        let id = c.current_url().await.unwrap().path().trim_start_matches("/game/").to_string();
        let view = api_view(c, &id).await;
        assert_eq!(view["game"], "harmony");
        assert!(view["deal"].as_u64().is_some_and(|d| d >= 1), "{view}");
        click_stock(c).await;
        wait_for_action(c, &id, 1).await;

        // Back home, the game to continue comes first, above the new games.
        c.goto(&format!("{}/", page.base)).await.unwrap();
        wait_for_home(c).await;
        c.wait().for_element(Locator::Css("#continue-section:not([hidden]) #continue a")).await.unwrap();
        let order = c
            .execute(
                "const top = (css) => document.querySelector(css).getBoundingClientRect().top;
                 return [top('#continue-section'), top('#games')];",
                vec![],
            )
            .await
            .unwrap();
        assert!(order[0].as_f64() < order[1].as_f64(), "Continue is not first: {order}");
        let link = text(c, "#continue a").await;
        assert_eq!(link, format!("Solitaire Harmony, deal {}", view["deal"]));
        screenshots(&page, "home-continue").await;
        c.find(Locator::Css("#continue a")).await.unwrap().click().await.unwrap();
        c.wait().for_element(Locator::Css("#felt[data-sized-by=opening]")).await.unwrap();
        assert_eq!(c.current_url().await.unwrap().path(), format!("/game/{id}"));
        page
    });
}

/// "New game" at the end of a game opens the home page at its rules: on a
/// phone that game's card is brought into view, with its variant chosen,
/// even the last one on the page.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_new_game_link_brings_its_games_card_into_view() {
    in_browser(|page| async move {
        let c = &page.c;
        set_viewport(c, PHONE).await;
        c.goto(&format!("{}/?rules=lasker/classic", page.base)).await.unwrap();
        wait_until(
            c,
            "the Lasker card in view",
            "(() => { const card = document.getElementById('card-lasker');
                if (!card) return false;
                const r = card.getBoundingClientRect();
                return r.top < innerHeight && r.bottom > 0 && scrollY > 0; })()",
        )
        .await;
        let chosen = c.execute("return document.getElementById('variant-lasker').value", vec![]).await.unwrap();
        assert_eq!(chosen, json!("lasker/classic"));
        set_viewport(c, DESKTOP).await;
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn more_options_start_a_chosen_variant_and_deal_by_keyboard() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        wait_for_home(c).await;
        // The options are folded away until asked for.
        let deal = c.find(Locator::Id("deal-pitchfork")).await.unwrap();
        assert!(!deal.is_displayed().await.unwrap(), "the deal number shows before More options");
        c.find(Locator::Css("#card-pitchfork details.options > summary")).await.unwrap().click().await.unwrap();
        assert!(deal.is_displayed().await.unwrap());
        screenshots(&page, "home-options").await;
        // "Winnable deals only": the box beside its words, on one line.
        let check = c
            .execute(
                "const box = document.getElementById('winnable-pitchfork').getBoundingClientRect();
                 const words = document.querySelector('#card-pitchfork .check span').getBoundingClientRect();
                 return [box.right <= words.left, Math.abs((box.top + box.bottom) / 2 - (words.top + words.bottom) / 2)];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(check[0], json!(true), "the checkbox is not left of its words: {check}");
        assert!(check[1].as_f64().unwrap() < 4.0, "the checkbox floats away from its words: {check}");

        // The variant by keyboard: Warfield, whose drawing has a reserve.
        let select = c.find(Locator::Id("variant-pitchfork")).await.unwrap();
        let pitchfork =
            |cards: &Value| cards.as_array().unwrap().iter().find(|g| g["id"] == "card-pitchfork").unwrap().clone();
        let before = pitchfork(&cards(c).await);
        assert_eq!(before["reserve"], 0, "{before}");
        select.send_keys("Pitchfork (Warfield)").await.unwrap();
        press(c, &[Key::Enter]).await;
        wait_until(c, "Warfield chosen", "document.getElementById('variant-pitchfork').value === 'pitchfork/warfield'")
            .await;
        let after = pitchfork(&cards(c).await);
        assert_eq!(after["reserve"], 1, "the drawing did not follow the variant: {after}");
        deal.click().await.unwrap();
        deal.send_keys("7").await.unwrap();
        press(c, &[Key::Enter]).await;
        let id = wait_for_game_page(c).await;
        let view = api_view(c, &id).await;
        assert_eq!((view["game"].as_str(), view["deal"].as_u64()), (Some("pitchfork/warfield"), Some(7)));
        assert_eq!(text(c, "#title").await, "Pitchfork (Warfield)");

        // Winnable deals only, ticked with the space bar.
        c.goto(&format!("{}/", page.base)).await.unwrap();
        wait_for_home(c).await;
        c.find(Locator::Css("#card-harmony details.options > summary")).await.unwrap().click().await.unwrap();
        let deal = c.find(Locator::Id("deal-harmony")).await.unwrap();
        deal.send_keys("1").await.unwrap();
        press(c, &[Key::Tab, Key::Space]).await;
        let ticked = c.execute("return document.getElementById('winnable-harmony').checked", vec![]).await.unwrap();
        assert_eq!(ticked, json!(true), "Tab from the deal number reaches the checkbox");
        deal.click().await.unwrap();
        press(c, &[Key::Enter]).await;
        let id = wait_for_game_page(c).await;
        let view = api_view(c, &id).await;
        assert_eq!(view["game"], "harmony");
        assert!(view["deal"].as_u64().is_some_and(|d| d >= 1));
        page
    });
}

/// The starting pool's winnable deals of `rules` and `grade`.
fn pool_deals(rules: &str, grade: patience_solver::library::Grade) -> Vec<u64> {
    static POOL: std::sync::LazyLock<Vec<patience_solver::library::LibraryDeal>> = std::sync::LazyLock::new(|| {
        patience_solver::library::parse_library(patience_server::services::library::STARTING_POOL).unwrap()
    });
    POOL.iter().filter(|d| d.rules == rules && d.grade() == Some(grade)).map(|d| d.deal).collect()
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn easy_medium_and_hard_start_a_winnable_deal_in_one_click_and_only_grades_the_library_holds_are_offered() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        wait_for_home(c).await;
        c.find(Locator::Id("easy-harmony")).await.unwrap().click().await.unwrap();
        let id = wait_for_game_page(c).await;
        let view = api_view(c, &id).await;
        assert_eq!(view["game"], "harmony");
        let easy = pool_deals("harmony", patience_solver::library::Grade::Easy);
        assert!(easy.contains(&view["deal"].as_u64().unwrap()), "deal {} is not one of {easy:?}", view["deal"]);

        // A grade the library holds none of is not offered once a variant
        // without it is chosen, though the game's default rules have it;
        // the grades the variant holds are. (Which variant changes as the
        // pool is graded again.)
        use patience_solver::library::Grade;
        let variant = patience_core::presets::ALL
            .iter()
            .find(|r| {
                r.id != r.game
                    && !pool_deals(r.game, Grade::Easy).is_empty()
                    && pool_deals(r.id, Grade::Easy).is_empty()
                    && !pool_deals(r.id, Grade::Medium).is_empty()
            })
            .expect("a variant with Medium deals and no Easy one, of a game whose default rules have Easy ones");
        let game = variant.game;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        wait_for_home(c).await;
        let shown = |id: &str| {
            format!("!document.getElementById('{id}').hidden && document.getElementById('{id}').offsetWidth > 0")
        };
        wait_until(c, "the default rules' Easy", &shown(&format!("easy-{game}"))).await;
        c.find(Locator::Css(&format!("#card-{game} details.options summary"))).await.unwrap().click().await.unwrap();
        c.find(Locator::Id(&format!("variant-{game}"))).await.unwrap().select_by_value(variant.id).await.unwrap();
        wait_until(c, "no Easy deal of the variant", &format!("!({})", shown(&format!("easy-{game}")))).await;
        assert_eq!(c.execute(&format!("return {}", shown(&format!("medium-{game}"))), vec![]).await.unwrap(), true);
        // The card says why the grade is missing.
        let note = text(c, &format!("#grade-note-{game}")).await;
        let why = format!("No Easy deal of {} yet: its winnable deals are graded by how often", variant.name);
        assert!(note.starts_with(&why), "{note}");

        // Lasker by its original rules: no grade and no "winnable deals
        // only", a sentence saying why, and Play starts a deal for its par;
        // its classic variant has its grades back.
        for hidden in ["easy-lasker", "medium-lasker", "hard-lasker", "winnable-lasker"] {
            assert_eq!(c.execute(&format!("return {}", shown(hidden)), vec![]).await.unwrap(), false, "{hidden}");
        }
        let note = c.find(Locator::Id("grade-note-lasker")).await.unwrap().text().await.unwrap();
        assert!(note.contains("almost never won") && note.contains("par"), "{note}");
        screenshots(&page, "home-lasker-never-won").await;
        c.execute(
            "const s = document.getElementById('variant-lasker'); s.value = 'lasker/classic'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await
        .unwrap();
        let classic = fetch(c, "GET", "/api/library", Value::Null).await;
        let classic =
            classic["library"].as_array().unwrap().iter().find(|s| s["rules"] == "lasker/classic").unwrap().clone();
        for grade in ["easy", "medium", "hard"] {
            let held = classic[grade].as_u64().unwrap() > 0;
            let visible = c.execute(&format!("return {}", shown(&format!("{grade}-lasker"))), vec![]).await.unwrap();
            assert_eq!(visible, held, "lasker/classic {grade}: {classic}");
        }
        assert!(classic["easy"].as_u64().unwrap() + classic["medium"].as_u64().unwrap() > 0, "{classic}");
        c.execute(
            "const s = document.getElementById('variant-lasker'); s.value = 'lasker'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await
        .unwrap();
        c.find(Locator::Css("#card-lasker button.play")).await.unwrap().click().await.unwrap();
        let id = wait_for_game_page(c).await;
        assert_eq!(api_view(c, &id).await["game"], "lasker");
        page
    });
}

/// The statistics page's table: the first cell (name) of each row.
async fn stat_rows(c: &Client) -> Vec<Vec<String>> {
    let rows = c
        .execute(
            "return [...document.querySelectorAll('#stats-table tbody tr')].map(tr => [...tr.children].map(td => td.textContent))",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(rows).unwrap()
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn statistics_count_games_with_a_move_and_chart_them() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let new = |rules: &'static str, deal: u64| async move {
            let g = fetch(c, "POST", "/api/games", json!({"rules": rules, "deal": deal})).await;
            g["id"].as_str().unwrap_or_else(|| panic!("{g}")).to_string()
        };
        // Won: Harmony deal 1.
        let won = new("harmony", 1).await;
        let line: Vec<&str> = HARMONY_DEAL_1_WIN.split_whitespace().collect();
        let end = play_line(c, &won, &line).await;
        assert_eq!(end["view"]["outcome"], "won", "{end}");
        // Given up after a move: Harp.
        let quit = new("harp", 1).await;
        assert!(play_line(c, &quit, &["s", "quit"]).await["view"].is_object());
        // In progress: Harp (3 passes).
        let open = new("harp/3-passes", 1).await;
        assert!(play_line(c, &open, &["s"]).await["view"].is_object());
        // Restarted to its deal: not played.
        let restarted = new("pitchfork", 1).await;
        let r = play_line(c, &restarted, &["s", "s", "restart"]).await;
        assert_eq!(r["view"]["moves_made"], 0, "{r}");
        // Never moved: not played.
        new("lasker", 1).await;

        c.goto(&format!("{}/stats", page.base)).await.unwrap();
        c.wait().for_element(Locator::Css("#chart svg")).await.unwrap();
        c.wait().for_element(Locator::Css("#stats-table tbody tr")).await.unwrap();
        let summary = text(c, "#summary").await;
        assert!(summary.starts_with("3 games played · 1 won (33.3%)"), "{summary}");
        let rows = stat_rows(c).await;
        let names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
        for pair in names.windows(2) {
            assert_ne!(pair[0], pair[1], "a row repeats: {names:?}");
        }
        assert_eq!(
            names,
            [
                "Harp, all variants",
                "Harp (default rules)",
                "Harp (3 passes)",
                "Die Große Harfe",
                "Solitaire Harmony",
                "Klondike",
                "Pitchfork",
                "Lasker"
            ],
            "{rows:?}"
        );
        let played: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
        assert_eq!(played, ["2", "1", "1", "0", "1", "0", "0", "0"], "{rows:?}");
        // The chart: three marks (won up, not won down, in progress a dot)
        // and the share won so far through them.
        let chart = c
            .execute(
                "const svg = document.querySelector('#chart svg');
                 return { rects: [...svg.querySelectorAll('rect')].map(r => r.getAttribute('fill')),
                     dots: svg.querySelectorAll('circle').length,
                     line: svg.querySelector('polyline').getAttribute('points').trim().split(/\\s+/).length,
                     desc: svg.querySelector('desc').textContent, role: svg.getAttribute('role') };",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(chart["rects"].as_array().unwrap().len(), 2, "{chart}");
        assert_eq!(chart["dots"], 1, "{chart}");
        assert_eq!(chart["line"], 3, "{chart}");
        assert_eq!(chart["role"], "img");
        assert!(
            chart["desc"].as_str().unwrap().starts_with("3 games, oldest first: 1 won, 1 not won, 1 in progress"),
            "{chart}"
        );
        // The recent games list only the three played.
        let recent = c.find_all(Locator::Css("#recent-table tbody tr")).await.unwrap().len();
        assert_eq!(recent, 3);
        // The two games over for good can be reviewed; the one in progress is continued.
        let reviews = "return [...document.querySelectorAll('#recent-table a[href^=\"/replay/\"]')].map(a => a.getAttribute('href'))";
        let reviews: Vec<String> = serde_json::from_value(c.execute(reviews, vec![]).await.unwrap()).unwrap();
        let mut want = vec![format!("/replay/{won}"), format!("/replay/{quit}")];
        want.sort();
        let mut got = reviews.clone();
        got.sort();
        assert_eq!(got, want, "{reviews:?}");
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        screenshots(&page, "stats").await;
        page
    });
}
