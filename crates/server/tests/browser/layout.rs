//! The table fits every screen: for every game and variant (`GET
//! /api/rules`), at 1280×800, 390×844 and 844×390, a game page opened at
//! that size shows the whole opening — every pile and every card of the
//! tableau, stock, waste, reserve and foundations — inside the window
//! without scrolling; the controls are in view and at least 44 px each way;
//! in every fan (columns, waste, reserve) the next card leaves the corner of
//! the one under it whole, so a "10" reads "10", in type of at least 14 px;
//! on a phone held upright the columns spread down the height (the opening
//! takes at least 35% of the height under the table's top, the rest kept
//! for the cards play adds). Screenshots of each go to
//! `target/screenshots/table-RULES-WxH.png`. And the forms' checkboxes
//! stand beside their words at every size.
//!
//! Needs chromium and chromedriver, as `games.rs` (harness: `web.rs`).

use crate::web;

use fantoccini::{Client, Locator};
use patience_core::{presets, Game};
use serde_json::{json, Value};
use web::*;

/// Everything the test measures on a game page, in viewport pixels.
const MEASURE: &str = r#"
    const box = (e) => { const r = e.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
    const piles = [...document.querySelectorAll('#felt [data-pile]')].map(p => ({ pile: p.dataset.pile, ...box(p) }));
    const cards = [...document.querySelectorAll('#felt .card')].map(c => ({
        pile: c.closest('[data-pile]').dataset.pile, card: c.dataset.card || 'back', ...box(c) }));
    // Each covered face-up card's corner against the card lying on it.
    const covered = [];
    for (const p of document.querySelectorAll('#felt [data-pile]')) {
        const faces = [...p.children].filter(c => c.classList.contains('card'));
        for (let i = 0; i + 1 < faces.length; i++) {
            const corner = faces[i].querySelector('.corner');
            if (!corner) continue;
            covered.push({ pile: p.dataset.pile, card: faces[i].dataset.card,
                corner: box(corner), next: box(faces[i + 1]) });
        }
    }
    const controls = [...document.querySelectorAll('.controls > button, .controls > details > summary')]
        .filter(b => b.offsetParent !== null).map(b => ({ id: b.id || 'menu', ...box(b) }));
    // The share of the height under the felt's top that the tableau takes.
    const felt = document.getElementById('felt').getBoundingClientRect();
    const lowest = Math.max(...[...document.querySelectorAll('#tableau .card')].map(c => c.getBoundingClientRect().bottom));
    const used = (lowest - felt.top) / (innerHeight - felt.top);
    // The smallest rank-and-suit corner of a face-up card, in CSS pixels.
    const corners = [...document.querySelectorAll('#felt .card.face .corner')].map(k => parseFloat(getComputedStyle(k).fontSize));
    return { piles, cards, covered, controls, used, corner: Math.min(...corners), width: innerWidth, height: innerHeight,
        scroll: [scrollX, scrollY], cw: getComputedStyle(document.documentElement).getPropertyValue('--cw') };"#;

fn inside(b: &Value, width: f64, height: f64) -> bool {
    let f = |k: &str| b[k].as_f64().unwrap();
    f("left") >= -0.5 && f("top") >= -0.5 && f("right") <= width + 0.5 && f("bottom") <= height + 0.5
}

/// Checks one game page as measured; returns the card width.
fn check(rules: &str, size: (u32, u32), m: &Value) -> String {
    let at = format!("{rules} at {}x{}", size.0, size.1);
    assert_eq!(m["scroll"], json!([0, 0]), "{at}: the page opened scrolled");
    let (w, h) = (m["width"].as_f64().unwrap(), m["height"].as_f64().unwrap());
    assert_eq!((w as u32, h as u32), size, "{at}: the window is not the size asked for");
    let piles = m["piles"].as_array().unwrap();
    assert!(piles.len() >= 5, "{at}: too few piles: {piles:?}");
    for p in piles {
        assert!(inside(p, w, h), "{at}: pile {} is not in view: {p}", p["pile"]);
    }
    let cards = m["cards"].as_array().unwrap();
    assert!(!cards.is_empty(), "{at}: no cards");
    for c in cards {
        assert!(inside(c, w, h), "{at}: card {} of pile {} is not in view: {c}", c["card"], c["pile"]);
    }
    check_corners(&at, m);
    let controls = m["controls"].as_array().unwrap();
    assert!(controls.len() >= 3, "{at}: the controls are missing: {controls:?}");
    for b in controls {
        assert!(inside(b, w, h), "{at}: control {} is not in view: {b}", b["id"]);
        let (bw, bh) = (b["width"].as_f64().unwrap(), b["height"].as_f64().unwrap());
        assert!(bw >= 44.0 && bh >= 44.0, "{at}: control {} is {bw}x{bh}, under 44 px", b["id"]);
    }
    m["cw"].as_str().unwrap_or("").to_string()
}

/// In every fan, the next card leaves the corner of the one under it whole.
fn check_corners(at: &str, m: &Value) {
    for k in m["covered"].as_array().unwrap() {
        let (corner, next) = (&k["corner"], &k["next"]);
        let f = |b: &Value, key: &str| b[key].as_f64().unwrap();
        // The next card lies to the right (waste, reserve) or below (a column).
        let clear = if f(next, "left") > f(corner, "left") + 1.0 && (f(next, "top") - f(corner, "top")).abs() < 8.0 {
            f(next, "left") >= f(corner, "right") - 0.5
        } else {
            f(next, "top") >= f(corner, "bottom") - 0.5
        };
        assert!(clear, "{at}: in pile {}, the card on {} covers its corner: {k}", k["pile"], k["card"]);
    }
}

async fn measure(c: &Client) -> Value {
    c.execute(MEASURE, vec![]).await.unwrap()
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn every_opening_fits_every_screen() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let rules = fetch(c, "GET", "/api/rules", Value::Null).await;
        let ids: Vec<String> =
            rules["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect();
        assert!(ids.len() >= 17, "{ids:?}");
        // A deal other than the one the page sizes its cards by.
        let mut games = Vec::new();
        for id in &ids {
            let g = fetch(c, "POST", "/api/games", json!({"rules": id, "deal": 7})).await;
            games.push((id.clone(), g["id"].as_str().unwrap_or_else(|| panic!("{id}: {g}")).to_string()));
        }
        let mut sizes = Vec::new();
        for (kind, size) in SIZES {
            set_viewport(c, size).await;
            for (rules, game) in &games {
                c.goto(&format!("{}/game/{game}", page.base)).await.unwrap();
                c.wait().for_element(Locator::Css("#tableau .pile.column .card")).await.unwrap();
                // The card size comes from the rules' opening, once it has arrived.
                c.wait().for_element(Locator::Css("#felt[data-sized-by=opening]")).await.unwrap();
                let m = measure(c).await;
                let cw = check(rules, size, &m);
                let at = format!("{rules} at {}x{}", size.0, size.1);
                // Every face-up card's rank and suit at least 14 px.
                assert!(m["corner"].as_f64().unwrap() >= 14.0, "{at}: a corner in {} px type", m["corner"]);
                // Upright on a phone the cards are as wide as the columns
                // allow, and the columns spread down the height (keeping
                // room for the cards play adds).
                let used = m["used"].as_f64().unwrap();
                if kind == "phone" {
                    assert!(used >= 0.35, "{at}: the opening takes {used:.2} of the height under the table's top");
                }
                save_screenshot(&page, &format!("table-{}-{}x{}", rules.replace('/', "-"), size.0, size.1)).await;
                sizes.push(format!("{rules} {kind} {cw} ({:.0}% of the height)", used * 100.0));
            }
        }
        eprintln!("card widths: {}", sizes.join(", "));
        page
    });
}

/// A long column in a short window is squeezed, but never so much that a
/// covered card's corner is cut: Harmony deal 1 a few dozen moves in, at
/// 844x390.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_long_column_keeps_every_rank_readable() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let g = fetch(c, "POST", "/api/games", json!({"rules": "harmony", "deal": 1})).await;
        let id = g["id"].as_str().unwrap().to_string();
        let line: Vec<&str> = HARMONY_DEAL_1_WIN.split_whitespace().collect();
        // The point of the line with the longest column, found with patience-core.
        let mut game = Game::new(presets::find("harmony").unwrap(), 1);
        let (mut upto, mut longest) = (0, 0);
        for (i, mv) in line.iter().enumerate() {
            game.play(mv.parse().unwrap(), 0).unwrap();
            let pos = game.position();
            let here = (0..pos.column_count()).map(|c| pos.face_up(c).len()).max().unwrap();
            if here > longest {
                (upto, longest) = (i + 1, here);
            }
        }
        assert!(longest >= 8, "no long column in the line");
        let r = play_line(c, &id, &line[..upto]).await;
        assert!(r["view"].is_object(), "{r}");
        set_viewport(c, LANDSCAPE).await;
        c.goto(&format!("{}/game/{id}", page.base)).await.unwrap();
        c.wait().for_element(Locator::Css("#felt[data-sized-by=opening]")).await.unwrap();
        let m = measure(c).await;
        assert!(m["covered"].as_array().unwrap().len() >= 7, "too few covered cards measured: {m}");
        check_corners("a long column at 844x390", &m);
        save_screenshot(&page, "table-long-column-844x390").await;
        page
    });
}

/// The cards follow the window: a phone turned on its side gets cards that
/// fit its height, and turning it back gives the width's size again.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_table_follows_a_turned_phone() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let g = fetch(c, "POST", "/api/games", json!({"rules": "harp", "deal": 3})).await;
        let id = g["id"].as_str().unwrap().to_string();
        set_viewport(c, PHONE).await;
        c.goto(&format!("{}/game/{id}", page.base)).await.unwrap();
        c.wait().for_element(Locator::Css("#felt[data-sized-by=opening]")).await.unwrap();
        let upright = check("harp", PHONE, &measure(c).await);
        set_viewport(c, LANDSCAPE).await;
        let turned = check("harp", LANDSCAPE, &measure(c).await);
        set_viewport(c, PHONE).await;
        let back = check("harp", PHONE, &measure(c).await);
        assert_eq!(upright, back, "turning the phone back gives other cards");
        assert_ne!(upright, turned, "the cards did not follow the window");
        page
    });
}

/// Every checkbox the site's forms show stands on the line of its words,
/// before them, at a desktop's width and a phone's: `/duels`' Rated box
/// once stood alone above its word.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn every_checkbox_sits_beside_its_words() {
    const BOXES: &str = r#"
        const out = [];
        for (const input of document.querySelectorAll('label input[type=checkbox]')) {
            if (input.offsetParent === null) continue;
            const label = input.closest('label');
            const words = [...label.childNodes].find(n => n.nodeType === 3 && n.textContent.trim() !== '');
            const range = document.createRange();
            range.selectNode(words);
            const w = range.getBoundingClientRect();
            const b = input.getBoundingClientRect();
            out.push({ id: input.id, beside: b.right <= w.left + 1
                && Math.abs((b.top + b.bottom) / 2 - (w.top + w.bottom) / 2) < b.height / 2 });
        }
        return out;"#;
    in_browser(|page| async move {
        let c = &page.c;
        let mut seen = Vec::new();
        for (_, size) in SIZES {
            set_viewport(c, size).await;
            for path in ["/duels", "/settings", "/account"] {
                c.goto(&format!("{}{path}", page.base)).await.unwrap();
                wait_until(c, "the page's script", "document.querySelector('main') !== null").await;
                let boxes = c.execute(BOXES, vec![]).await.unwrap();
                for b in boxes.as_array().unwrap() {
                    let at = format!("#{} on {path} at {}x{}", b["id"].as_str().unwrap_or("?"), size.0, size.1);
                    assert_eq!(b["beside"], json!(true), "{at} stands apart from its words");
                    seen.push(at);
                }
            }
        }
        assert!(seen.iter().any(|at| at.starts_with("#start-rated on /duels")), "{seen:?}");
        page
    });
}

/// On a phone a daily deal's heading may wrap, but never inside its date.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_daily_deals_heading_keeps_its_date_whole_on_a_phone() {
    in_browser(|page| async move {
        let c = &page.c;
        set_viewport(c, PHONE).await;
        c.goto(&format!("{}/daily", page.base)).await.unwrap();
        let today = fetch(c, "GET", "/api/daily", Value::Null).await;
        let day = today["day"].as_str().unwrap().to_string();
        let mut wrapped = 0;
        for game in ["harp", "grosse-harfe", "harmony", "pitchfork", "lasker"] {
            // Its deal committed first (a search for a winnable one, slow
            // beside other tests), so that the page loads at once.
            let committed = fetch(c, "GET", &format!("/api/daily/{game}/{day}"), Value::Null).await;
            assert!(committed["commitment"].is_string(), "{committed}");
            c.goto(&format!("{}/daily/{game}/{day}", page.base)).await.unwrap();
            wait_until(
                c,
                "the day's heading",
                "document.getElementById('title').textContent.includes('daily deal of')",
            )
            .await;
            // The lines the date takes, and the heading.
            let lines = c
                .execute(
                    r#"const title = document.getElementById('title');
                       const text = title.firstChild;
                       const tops = (range) => new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
                       const date = document.createRange();
                       date.setStart(text, text.textContent.lastIndexOf(' ') + 1);
                       date.setEnd(text, text.textContent.length);
                       const all = document.createRange();
                       all.selectNodeContents(title);
                       return [tops(date), tops(all)];"#,
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(lines[0], json!(1), "{game}: the date on one line: {lines}");
            wrapped += usize::from(lines[1].as_u64().unwrap() >= 2);
        }
        assert!(wrapped > 0, "some heading wraps at this width");
        page
    });
}

/// The game bar's buttons, in German's longer words, wrap rather than
/// widen the page: on phones 320 and 390 px wide every button of a Harmony
/// game (Undo with its cost, Redo, Hint, the menu) and of a Klondike game
/// that offers to finish lies inside the window, and the page is no wider
/// than it.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_german_game_bar_wraps_inside_a_phone() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        c.execute("document.cookie = 'lang=de; path=/'", vec![]).await.unwrap();
        let harmony = fetch(c, "POST", "/api/games", json!({"rules": "harmony", "deal": 1})).await;
        let klondike = fetch(c, "POST", "/api/games", json!({"rules": "klondike", "deal": 1})).await;
        const MEASURE_BAR: &str = "const d = document.documentElement;
            const out = [...document.querySelectorAll('.controls > button:not([hidden]), .menu > summary')]
                .map(b => { const r = b.getBoundingClientRect(); return { id: b.id || b.className, left: r.left, right: r.right }; })
                .filter(b => b.left < 0 || b.right > innerWidth + 0.5);
            return { wider: Math.max(0, d.scrollWidth - innerWidth), out, lang: d.lang };";
        for game in [&harmony, &klondike] {
            let id = game["id"].as_str().unwrap();
            if game["view"]["game"] == "klondike" {
                // Finish shows once every card is up or the rest goes up
                // by itself: not at the opening, so its words stand in for
                // it in the longest button there is.
                c.goto(&format!("{}/game/{id}", page.base)).await.unwrap();
                wait_settled(c).await;
                c.execute("document.getElementById('finish').hidden = false", vec![]).await.unwrap();
            } else {
                open_game(&page, id).await;
            }
            for width in [320, 390] {
                set_viewport(c, (width, 800)).await;
                let bar = c.execute(MEASURE_BAR, vec![]).await.unwrap();
                assert_eq!(bar["lang"], "de", "{bar}");
                assert_eq!(
                    (&bar["wider"], &bar["out"]),
                    (&json!(0), &json!([])),
                    "{} at {width}: {bar}",
                    game["view"]["game"]
                );
            }
            set_viewport(c, DESKTOP).await;
        }
        page
    });
}

/// A hint floats over the table's bottom, and long columns make room for
/// it: on a phone, a Klondike game played (through the API) until a
/// column holds 14 cards shows no card under the open hint, and its columns
/// spread out again once the hint is closed.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn an_open_hint_covers_no_card() {
    use patience_core::{Move, Position};
    let rules = presets::find("klondike").unwrap();
    // The first deal whose winning line builds a column of 14 cards, and
    // its moves up to there.
    let (deal, line, upto) = (1..=60)
        .find_map(|deal| {
            let won = patience_solver::solve(&Position::deal(rules, deal), &patience_solver::Budget::default());
            let line: Vec<Move> = won.outcome.solution()?.to_vec();
            let mut game = Game::new(rules, deal);
            for (i, &mv) in line.iter().enumerate() {
                game.play(mv, 0).unwrap();
                let pos = game.position();
                if (0..pos.column_count()).any(|c| pos.column(c).len() >= 14) {
                    return Some((deal, line, i + 1));
                }
            }
            None
        })
        .expect("a Klondike deal with a column of 14 cards");
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let g = fetch(c, "POST", "/api/games", json!({"rules": "klondike", "deal": deal})).await;
        let id = g["id"].as_str().unwrap();
        let moves: Vec<String> = line[..upto].iter().map(Move::to_string).collect();
        let done = play_line(c, id, &moves.iter().map(String::as_str).collect::<Vec<_>>()).await;
        assert!(done["view"].is_object(), "{done}");
        set_viewport(c, PHONE).await;
        open_game(&page, id).await;
        const COVERED: &str = "const p = document.getElementById('hint-panel').getBoundingClientRect();
            const cards = [...document.querySelectorAll('#felt .card')];
            const under = cards.filter(e => {
                const r = e.getBoundingClientRect();
                return r.bottom > p.top + 0.5 && r.top < p.bottom && r.right > p.left && r.left < p.right;
            }).map(e => e.dataset.card || 'back');
            return { under, bottom: Math.max(...cards.map(e => e.getBoundingClientRect().bottom)), panel: p.top };";
        let before = c.execute(COVERED, vec![]).await.unwrap();
        c.find(Locator::Id("hint")).await.unwrap().click().await.unwrap();
        wait_until(c, "the hint", "!document.getElementById('hint-panel').hidden").await;
        wait_until(
            c,
            "the columns above the hint",
            "(() => { const p = document.getElementById('hint-panel').getBoundingClientRect().top;
                return [...document.querySelectorAll('#felt .card')].every(e => e.getBoundingClientRect().bottom <= p + 0.5); })()",
        )
        .await;
        let open = c.execute(COVERED, vec![]).await.unwrap();
        assert_eq!(open["under"], json!([]), "{open}");
        // Without the room made, the hint would have covered cards.
        assert!(before["bottom"].as_f64().unwrap() > open["panel"].as_f64().unwrap(), "{before} {open}");
        save_screenshot(&page, "hint-over-a-long-column-phone").await;
        c.find(Locator::Id("hint-close")).await.unwrap().click().await.unwrap();
        let bottom = before["bottom"].as_f64().unwrap();
        wait_until(
            c,
            "the columns spread out again",
            &format!("Math.max(...[...document.querySelectorAll('#felt .card')].map(e => e.getBoundingClientRect().bottom)) >= {bottom} - 0.5"),
        )
        .await;
        set_viewport(c, DESKTOP).await;
        page
    });
}

/// The pages other than the table keep to the window's width on a phone,
/// in English and in German: the settings, the page that imports a record,
/// and the replay of a long game, whose analysis bar has a mark for each
/// of its 242 steps (the deal and 241 actions).
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_settings_the_import_page_and_a_long_replay_keep_to_a_phones_width() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // A long Klondike game: 240 draws round the stock, then given up.
        let g = fetch(c, "POST", "/api/games", json!({"rules": "klondike", "deal": 4})).await;
        let id = g["id"].as_str().unwrap().to_string();
        let mut line: Vec<&str> = (0..240).map(|n| if n % 25 == 24 { "r" } else { "s" }).collect();
        line.push("quit");
        let quit = play_line(c, &id, &line).await;
        assert_eq!(quit["view"]["outcome"], "quit", "{quit}");
        for lang in ["en", "de"] {
            c.execute(&format!("document.cookie = 'lang={lang}; path=/'"), vec![]).await.unwrap();
            c.goto(&format!("{}/settings", page.base)).await.unwrap();
            c.wait().for_element(Locator::Css("#settings-form select")).await.unwrap();
            screenshots(&page, &format!("settings-{lang}")).await;
            c.goto(&format!("{}/replay", page.base)).await.unwrap();
            c.wait().for_element(Locator::Id("import-text")).await.unwrap();
            screenshots(&page, &format!("replay-import-{lang}")).await;
            c.goto(&format!("{}/replay/{id}", page.base)).await.unwrap();
            wait_until(c, "the analysis bar", "document.querySelectorAll('#analysis-bar span').length === 242").await;
            screenshots(&page, &format!("replay-long-{lang}")).await;
        }
        page
    });
}
