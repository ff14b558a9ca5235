//! Accessibility and words, in headless Chromium (harness: `web.rs`):
//!
//! - axe-core (installed from npm by `scripts/install-axe.sh`) finds no
//!   serious or critical violation on the home, how-to-play, FAQ, about,
//!   statistics, duels, duel, account (signed out and in), profile and
//!   leaderboard pages, nor on
//!   a game page of every game,
//!   at a desktop and a phone size (and with the menu and a hint open),
//!   in English and in German;
//! - none of those pages shows a player notation or an internal code;
//! - a keyboard player reaches the table by the skip link, tabs through the
//!   piles in the table's order (each a named group or button, each card a
//!   named image), plays a move that turns a card up, and the polite live
//!   region says the move in words and the card turned up;
//! - the outlines of empty places and the marks on cards (selection, hint,
//!   focus) have at least 3:1 contrast against the felt;
//! - a tab that fell behind another catches up without an alarming word;
//! - a Harmony game whose time ran out says so in words, here and on the
//!   statistics page.

use crate::common;
use crate::web;

use std::time::{Duration, Instant};

use common::*;
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use patience_core::{presets, Game, Move, Pile};
use serde_json::{json, Value};
use web::*;

/// Creates a game from the page (with its cookie); returns its id.
async fn new_game(c: &Client, rules: &str, deal: u64) -> String {
    let g = fetch(c, "POST", "/api/games", json!({"rules": rules, "deal": deal})).await;
    g["id"].as_str().unwrap_or_else(|| panic!("{rules}: {g}")).to_string()
}

/// Runs axe-core and the word check on the page as it stands.
async fn check_page(c: &Client, what: &str, problems: &mut Vec<String>) {
    problems.extend(axe_serious(c).await.into_iter().map(|v| format!("{what}: {v}")));
    let words = unreadable_words(c).await;
    if !words.is_empty() {
        problems.push(format!("{what}: a player reads {words:?}"));
    }
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn no_serious_accessibility_violation_and_no_codes_on_any_page() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // A player with a game in progress and a duel: every page has content.
        let played = new_game(c, "pitchfork", 5).await;
        let view = api_view(c, &played).await;
        let mv = moves(&view)[0].clone();
        fetch(c, "POST", &format!("/api/games/{played}/actions"), json!({"action_number": 0, "move": mv})).await;
        let duel = fetch(c, "POST", "/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
        let duel_link = duel["link"].as_str().unwrap().to_string();
        let attempt = fetch(c, "POST", "/api/daily/harmony/play", json!({"name": "Ann"})).await;
        assert!(attempt["link"].is_string(), "{attempt}");
        let today = fetch(c, "GET", "/api/daily", Value::Null).await;
        let daily_link = format!("/daily/harmony/{}", today["day"].as_str().unwrap());
        let finished = fetch(c, "POST", "/api/games", json!({"rules": "harp", "deal": 4})).await;
        let finished = finished["id"].as_str().unwrap().to_string();
        fetch(c, "POST", &format!("/api/games/{finished}/actions"), json!({"action_number": 0, "move": "s"})).await;
        fetch(c, "POST", &format!("/api/games/{finished}/actions"), json!({"action_number": 1, "action": "quit"}))
            .await;
        let replay_link = format!("/replay/{finished}");

        let mut problems = Vec::new();
        let pages = [
            ("/", ".game-card .felt.mini .card"),
            ("/how-to-play", "h2"),
            ("/faq", "h2"),
            ("/settings", "#settings-form select"),
            ("/about", "h1"),
            ("/stats", "#chart svg"),
            ("/duels", "#start-rules option"),
            (duel_link.as_str(), "#standings tr"),
            ("/account", "#signed-out:not([hidden]) legend"),
            ("/leaderboards", "#board-table tbody tr"),
            ("/daily", "#today-rows tr"),
            (daily_link.as_str(), "#board-rows tr"),
            (replay_link.as_str(), "#steps li"),
        ];
        // Every page in every language the site speaks (the lang cookie
        // the switch on every page sets), at both sizes.
        for lang in ["en", "de"] {
            c.execute(&format!("document.cookie = 'lang={lang}; path=/'"), vec![]).await.unwrap();
            for (kind, size) in [("desktop", DESKTOP), ("phone", PHONE)] {
                set_viewport(c, size).await;
                for (path, ready) in pages {
                    c.goto(&format!("{}{path}", page.base)).await.unwrap();
                    c.wait().for_element(Locator::Css(ready)).await.unwrap();
                    let lang_of_page = c.execute("return document.documentElement.lang", vec![]).await.unwrap();
                    assert_eq!(lang_of_page, json!(lang), "{path}");
                    check_page(c, &format!("{path} ({kind}, {lang})"), &mut problems).await;
                }
            }
        }
        c.execute("document.cookie = 'lang=en; path=/'", vec![]).await.unwrap();
        // The account page of a browser signed in.
        let name = format!("a11y-{}", &patience_server::ids::DuelId::random().as_str()[..6]);
        let up = fetch(c, "POST", "/api/account/sign-up", json!({"name": name, "password": "a long password"})).await;
        assert_eq!(up["name"], name.as_str(), "{up}");
        for (kind, size) in [("desktop", DESKTOP), ("phone", PHONE)] {
            set_viewport(c, size).await;
            c.goto(&format!("{}/account", page.base)).await.unwrap();
            c.wait().for_element(Locator::Css("#signed-in:not([hidden]) legend")).await.unwrap();
            check_page(c, &format!("/account signed in ({kind})"), &mut problems).await;
            c.goto(&format!("{}/@/{name}", page.base)).await.unwrap();
            c.wait().for_element(Locator::Css("#chart svg, #chart p.muted:not(:empty)")).await.unwrap();
            c.wait().for_element(Locator::Css("#duels-table tbody tr")).await.unwrap();
            check_page(c, &format!("the profile ({kind})"), &mut problems).await;
        }
        set_viewport(c, DESKTOP).await;
        for game in presets::games() {
            let id = new_game(c, game, 3).await;
            for (kind, size) in [("desktop", DESKTOP), ("phone", PHONE)] {
                set_viewport(c, size).await;
                open_game(&page, &id).await;
                check_page(c, &format!("{game} game page ({kind})"), &mut problems).await;
            }
            // And in German, at the desktop size.
            set_viewport(c, DESKTOP).await;
            c.execute("document.cookie = 'lang=de; path=/'", vec![]).await.unwrap();
            open_game(&page, &id).await;
            check_page(c, &format!("{game} game page (desktop, de)"), &mut problems).await;
            c.execute("document.cookie = 'lang=en; path=/'", vec![]).await.unwrap();
        }
        // The menu and a hint, open.
        let id = new_game(c, "harp", 3).await;
        open_game(&page, &id).await;
        open_menu(c).await;
        check_page(c, "the game menu", &mut problems).await;
        c.find(Locator::Css("#menu > summary")).await.unwrap().click().await.unwrap();
        c.find(Locator::Id("hint")).await.unwrap().click().await.unwrap();
        c.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css("#hint-panel:not([hidden])")).await.unwrap();
        check_page(c, "a hint", &mut problems).await;
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        page
    });
}

/// A deal of Harp with a move from a column that turns a face-down card up,
/// onto another column.
fn turning_move() -> (u64, Move) {
    let rules = presets::find("harp").unwrap();
    for deal in 1..300 {
        let game = Game::new(rules, deal);
        for &mv in game.legal_moves().iter() {
            if let Move::Transfer { from: Pile::Tableau(c), to: Pile::Tableau(_), count } = mv {
                let pos = game.position();
                if pos.face_down(c as usize) > 0 && pos.face_up(c as usize).len() == count as usize {
                    return (deal, mv);
                }
            }
        }
    }
    panic!("no Harp deal from 1 to 300 turns a card up on its first move");
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_keyboard_and_screen_reader_player_plays_a_move() {
    in_browser(|page| async move {
        let c = &page.c;
        let (deal, mv) = turning_move();
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "harp", deal).await;
        open_game(&page, &id).await;
        let view = api_view(c, &id).await;

        // The skip link is the first stop, and takes the focus to the table.
        press(c, &[Key::Tab]).await;
        let first = c.execute("return document.activeElement.textContent", vec![]).await.unwrap();
        assert_eq!(first, json!("Skip to the table"));
        press(c, &[Key::Enter]).await;
        let at = c.execute("return document.activeElement.id", vec![]).await.unwrap();
        assert_eq!(at, json!("felt"), "the skip link leads to the table");

        // Tab goes through the piles in the table's order: the top row left
        // to right, then the columns left to right.
        let piles = c
            .execute("return document.querySelectorAll('#felt [data-pile][tabindex]').length", vec![])
            .await
            .unwrap()
            .as_u64()
            .unwrap();
        let mut order = Vec::new();
        for _ in 0..piles {
            press(c, &[Key::Tab]).await;
            let p = c
                .execute(
                    "const e = document.activeElement, r = e.getBoundingClientRect();
                     return { pile: e.dataset.pile, role: e.getAttribute('role'), name: e.getAttribute('aria-label'),
                         left: r.left, top: r.top, column: e.classList.contains('column') };",
                    vec![],
                )
                .await
                .unwrap();
            order.push(p);
        }
        let names: Vec<&str> = order.iter().map(|p| p["pile"].as_str().unwrap_or("?")).collect();
        let top: Vec<&Value> = order.iter().filter(|p| p["column"] == json!(false)).collect();
        let columns: Vec<&Value> = order.iter().filter(|p| p["column"] == json!(true)).collect();
        assert_eq!(top.len() + columns.len(), order.len());
        assert_eq!(columns.len(), 9, "{names:?}");
        assert!(order[..top.len()].iter().all(|p| p["column"] == json!(false)), "top row first: {names:?}");
        let left = |p: &&Value| p["left"].as_f64().unwrap();
        let row_top = |p: &&Value| p["top"].as_f64().unwrap();
        assert!(columns.windows(2).all(|w| left(&w[0]) < left(&w[1])), "columns left to right: {names:?}");
        // The top row may wrap the foundations onto a second row on narrow
        // screens; reading order is then row by row.
        assert!(
            top.windows(2).all(|w| row_top(&w[0]) < row_top(&w[1]) - 1.0
                || ((row_top(&w[0]) - row_top(&w[1])).abs() <= 1.0 && left(&w[0]) < left(&w[1]))),
            "top row in reading order: {names:?}"
        );
        for p in &order {
            assert!(matches!(p["role"].as_str(), Some("group" | "button")), "{p}");
            assert!(p["name"].as_str().is_some_and(|n| n.len() > 4), "{p}");
        }
        assert_eq!(
            order[names.iter().position(|&n| n == "t1").unwrap()]["name"].as_str().unwrap().split(':').next(),
            Some("Column 1")
        );
        // Every card is an image named by its card.
        let cards = c
            .execute(
                "return [...document.querySelectorAll('#felt .card')].map(e =>
                     [e.getAttribute('role'), e.getAttribute('aria-label'), e.dataset.card || null])",
                vec![],
            )
            .await
            .unwrap();
        for card in cards.as_array().unwrap() {
            assert_eq!(card[0], "img", "{card}");
            match card[2].as_str() {
                Some(code) => assert!(card[1].as_str().unwrap().contains(" of "), "{code}: {card}"),
                None => assert_eq!(card[1], "face-down card"),
            }
        }

        // The move, by keyboard; the live region says it in words, with the
        // card turned up.
        let notation = mv.to_string();
        let words = view["table"]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["notation"] == notation.as_str())
            .and_then(|m| m["words"].as_str())
            .expect("the view says the move in words")
            .to_string();
        keyboard_move(c, &notation, &view).await;
        let after = wait_for_action(c, &id, 1).await;
        let Move::Transfer { from: Pile::Tableau(col), .. } = mv else { unreachable!() };
        let turned = after["table"]["columns"][col as usize]["face_up"][0].as_str().unwrap().to_string();
        let region = c
            .execute(
                "const a = document.getElementById('announce');
                 return [a.getAttribute('aria-live'), a.textContent];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(region[0], "polite");
        let said = region[1].as_str().unwrap();
        assert!(said.contains(&words), "the live region says {said:?}, not the move {words:?}");
        let short = short_card(&turned);
        assert!(said.contains(&short) && said.contains("turned up"), "{said:?} does not say that {short} turned up");
        page
    });
}

/// `7H` as a player reads it: `7♥`.
fn short_card(code: &str) -> String {
    let rank = match &code[..1] {
        "T" => "10",
        r => r,
    };
    let suit = match &code[1..2] {
        "S" => "♠",
        "H" => "♥",
        "D" => "♦",
        _ => "♣",
    };
    format!("{rank}{suit}")
}

/// The contrast ratio (WCAG) of a CSS colour, laid over the felt, against
/// the felt; the page computes it.
const CONTRAST: &str = r#"
    const felt = getComputedStyle(document.body).backgroundColor;
    const rgba = (s) => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null;
        const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
    const over = (c, b) => [0, 1, 2].map(i => c[i] * c[3] + b[i] * (1 - c[3]));
    const lum = (c) => { const l = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
    const ratio = (css) => { const b = rgba(felt), c = rgba(css); if (!c) return 0;
        const a = lum(over(c, b)), f = lum(b); return (Math.max(a, f) + 0.05) / (Math.min(a, f) + 0.05); };
    const shadow = (e) => getComputedStyle(e).boxShadow.match(/rgba?\([^)]+\)/)[0];
    const out = {};
    const slot = document.querySelector('#felt .pile.foundation');
    out.foundation_outline = ratio(getComputedStyle(slot).borderTopColor);
    const label = slot.querySelector('.label');
    if (label) out.foundation_mark = ratio(getComputedStyle(label).color);
    const empty = document.querySelector('#felt .pile.column.empty');
    if (empty) out.empty_column_outline = ratio(getComputedStyle(empty, '::before').borderTopColor);
    const card = document.querySelector('#felt .card.face.movable');
    for (const cls of ['selected', 'hint-from', 'picking']) {
        card.classList.add(cls); out[cls] = ratio(shadow(card)); card.classList.remove(cls);
    }
    const pile = document.querySelector('#felt .pile.column');
    pile.classList.add('hint-to'); out.hint_target = ratio(shadow(pile)); pile.classList.remove('hint-to');
    pile.classList.add('drop-target'); out.drop_target = ratio(shadow(pile)); pile.classList.remove('drop-target');
    const focused = document.activeElement && document.activeElement.closest('#felt [data-pile]');
    if (focused) out.focus_outline = ratio(getComputedStyle(focused).outlineColor);
    return out;"#;

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn outlines_and_marks_stand_out_from_the_felt() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // Warfield deal 7 opens with an empty column and empty foundations.
        let id = new_game(c, "pitchfork/warfield", 7).await;
        open_game(&page, &id).await;
        // Focus a pile as a keyboard player does.
        press(c, &[Key::Right]).await;
        let found = c.execute(CONTRAST, vec![]).await.unwrap();
        let found = found.as_object().unwrap();
        for key in
            ["foundation_outline", "empty_column_outline", "selected", "hint-from", "hint_target", "focus_outline"]
        {
            assert!(found.contains_key(key), "{key} was not measured: {found:?}");
        }
        for (what, ratio) in found {
            let ratio = ratio.as_f64().unwrap();
            assert!(ratio >= 3.0, "{what} has a contrast of {ratio:.2}:1 against the felt, under 3:1");
        }
        eprintln!("contrast against the felt: {found:?}");
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_tab_that_fell_behind_catches_up_quietly() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "pitchfork", 2).await;
        open_game(&page, &id).await;
        let first = c.window().await.unwrap();
        // The same game in a second tab, which draws.
        let second = c.new_window(true).await.unwrap();
        c.switch_to_window(second.handle.clone()).await.unwrap();
        open_game(&page, &id).await;
        click_stock(c).await;
        let drawn = wait_for_action(c, &id, 1).await;
        // Back in the first tab: it shows the draw without being asked.
        c.switch_to_window(first).await.unwrap();
        wait_shown(c, &drawn).await;
        // Another device draws while this tab is not looking; then the
        // player draws here. The server refuses the stale action, and the
        // tab shows where the game stands, saying nothing alarming.
        let elsewhere =
            fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 1, "move": "s"})).await;
        assert_eq!(elsewhere["view"]["action_number"], 2, "{elsewhere}");
        click_stock(c).await;
        wait_shown(c, &elsewhere["view"]).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(api_view(c, &id).await["action_number"], 2, "the stale draw was applied");
        let status = text(c, "#status").await;
        assert!(status.is_empty(), "the tab that caught up says {status:?}");
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_harmony_game_out_of_time_says_so_in_words() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "harmony", 11).await;
        let view = api_view(c, &id).await;
        let mv = moves(&view)[0].clone();
        let played =
            fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 0, "move": mv})).await;
        assert!(played["view"].is_object(), "{played}");
        env().server.lock().unwrap().state().advance_clock(301_000);
        open_game(&page, &id).await;
        let started = Instant::now();
        while api_view(c, &id).await["outcome"] != "time_up" {
            assert!(started.elapsed() < PATIENCE, "the clock did not run out");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        c.refresh().await.unwrap();
        c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
        // The banner says the outcome in the server's words.
        let words = api_view(c, &id).await["outcome_words"].as_str().expect("the outcome in words").to_string();
        let banner = text(c, "#banner-text").await;
        assert!(banner.starts_with(&words) && !words.is_empty(), "{banner:?} does not say {words:?}");
        // Out of time: the score, with no part of it for time left.
        let facts = text(c, "#banner-facts").await;
        assert!(facts.contains("Score") && !facts.contains("Cards up") && !facts.contains("time left"), "{facts}");
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        c.goto(&format!("{}/stats", page.base)).await.unwrap();
        c.wait().for_element(Locator::Css("#recent-table tbody a")).await.unwrap();
        let result = text(c, "#recent-table tbody tr td:nth-child(5)").await;
        assert_eq!(result, "time up");
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        page
    });
}

/// The settings page changes card back, table colour, the four-colour
/// deck, larger cards, sound and animation; each holds after a reload and
/// on every page, and the accessibility checks pass with them.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn settings_hold_on_every_page_and_pass_the_accessibility_checks() {
    in_browser(|page| async move {
        let c = &page.c;
        // A short window, where the table's height, not its width, sizes
        // the cards: larger cards then take the width and the page scrolls.
        set_viewport(c, (1280, 560)).await;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let (id, mv) = {
            let mut found = None;
            for deal in 1..=20 {
                let id = new_game(c, "klondike", deal).await;
                if let Some(mv) = moves(&api_view(c, &id).await).into_iter().find(|m| m != "s") {
                    found = Some((id, mv));
                    break;
                }
            }
            found.expect("a Klondike deal of 1..=20 with a move other than drawing")
        };
        open_game(&page, &id).await;
        let card_width = |c: &Client| {
            let c = c.clone();
            async move {
                c.execute("return document.querySelector('#felt .card').getBoundingClientRect().width", vec![])
                    .await
                    .unwrap()
                    .as_f64()
                    .unwrap()
            }
        };
        let normal = card_width(c).await;
        let felt_before = c.execute("return getComputedStyle(document.body).backgroundColor", vec![]).await.unwrap();

        c.goto(&format!("{}/settings", page.base)).await.unwrap();
        c.wait().for_element(Locator::Css("#settings-form select")).await.unwrap();
        let mut problems = Vec::new();
        check_page(c, "/settings", &mut problems).await;
        c.find(Locator::Id("setting-table")).await.unwrap().select_by_value("dark").await.unwrap();
        c.find(Locator::Id("setting-back")).await.unwrap().select_by_value("red").await.unwrap();
        c.find(Locator::Id("setting-animation")).await.unwrap().select_by_value("off").await.unwrap();
        for toggle in ["setting-fourColour", "setting-largeCards", "setting-sound"] {
            c.find(Locator::Id(toggle)).await.unwrap().click().await.unwrap();
        }
        // Shown at once, and kept: after a reload the form says the same.
        c.refresh().await.unwrap();
        c.wait().for_element(Locator::Css("#settings-form select")).await.unwrap();
        let kept = c
            .execute(
                "const d = document.documentElement.dataset; const v = id => document.getElementById(id);
                 return [d.table, d.back, d.fourColour, d.largeCards, d.sound, d.animation,
                         v('setting-table').value, v('setting-fourColour').checked,
                         getComputedStyle(document.querySelector('#settings-sample [data-card=\"3D\"]')).color];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(kept, json!(["dark", "red", "true", "true", "true", "off", "dark", true, "rgb(20, 87, 184)"]));
        check_page(c, "/settings with every setting changed", &mut problems).await;

        // The game page wears them: the dark table, the red backs, larger
        // cards; a move plays its sound.
        open_game(&page, &id).await;
        let felt = c.execute("return getComputedStyle(document.body).backgroundColor", vec![]).await.unwrap();
        assert_ne!(felt, felt_before);
        assert_eq!(felt, json!("rgb(28, 35, 32)"));
        let back = c
            .execute("return getComputedStyle(document.querySelector('#felt .card.back')).backgroundImage", vec![])
            .await
            .unwrap();
        assert!(back.as_str().unwrap().contains("rgb(163, 40, 47)"), "{back}");
        let large = card_width(c).await;
        assert!(large > normal, "larger cards: {large} px, not more than {normal} px");
        check_page(c, "a game page with every setting changed", &mut problems).await;
        c.execute("document.querySelector('#felt').scrollIntoView()", vec![]).await.unwrap();
        click_move(c, &mv).await;
        wait_for_action(c, &id, 1).await;
        wait_until(
            c,
            "the sound",
            "performance.getEntriesByType('resource').some(e => e.name.endsWith('/static/place.wav'))",
        )
        .await;
        // The other colours, on the game page and the home page.
        for (table, back) in [("blue", "green"), ("green", "blue")] {
            let set = format!(
                "const s = JSON.parse(localStorage.getItem('patience-settings')); s.table = '{table}'; s.back = '{back}';
                 s.fourColour = false; s.largeCards = false; localStorage.setItem('patience-settings', JSON.stringify(s));"
            );
            c.execute(&set, vec![]).await.unwrap();
            open_game(&page, &id).await;
            check_page(c, &format!("a game page, {table} table, {back} backs"), &mut problems).await;
            c.goto(&format!("{}/", page.base)).await.unwrap();
            c.wait().for_element(Locator::Css(".game-card .felt.mini .card")).await.unwrap();
            check_page(c, &format!("the home page, {table} table, {back} backs"), &mut problems).await;
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        page
    });
}
