//! The web front end in a real browser: headless Chromium driven through
//! chromedriver (WebDriver) with fantoccini (the harness is `web.rs`).
//!
//! Every test opens its own browser session (a fresh profile, so a fresh
//! player) on the run's one chromedriver and the process's server.
//!
//! For each of the six games a test starts a deal from the home page (or a
//! shared deal link), plays a move by drag and drop, one by click-then-click,
//! one by double-click to a foundation and one with the keyboard, undoes,
//! reloads and checks after every step that the server applied exactly the
//! expected move (the same table as `patience-core` playing it) and that the
//! page draws exactly the server's view. The deals and moves are found by
//! searching with `patience-core`, not written in by hand. Another test wins
//! a whole Harmony deal by clicks. Screenshots of every game page, at a
//! desktop, a phone and a landscape phone size, go to `target/screenshots/`.

use crate::common;
use crate::web;

use std::time::{Duration, Instant};

use common::*;
use fantoccini::{Client, Locator};
use patience_core::{presets, Game, Move, Pile, Rules};
use serde_json::{json, Value};
use web::*;

// ----- Finding deals with patience-core ------------------------------------------

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Gesture {
    Drag,
    ClickClick,
    DoubleClick,
    Keyboard,
    Stock,
}

/// Looks for a way to make one move by each gesture from the deal, drawing
/// from the stock (at most `draws` times) where that helps. Drag, click and
/// keyboard moves go to a column; the double-click goes to a foundation.
fn plan_gestures(game: &Game, todo: &[Gesture], draws: u32, plan: &mut Vec<(Gesture, Move)>) -> bool {
    let Some(&next) = todo.first() else { return true };
    let mut legal = game.legal_moves().to_vec();
    if next == Gesture::Drag {
        // The drag takes a run of several cards where the deal offers one.
        legal.sort_by_key(|mv| match mv {
            Move::Transfer { count, .. } => std::cmp::Reverse(*count),
            _ => std::cmp::Reverse(0),
        });
    }
    for mv in legal {
        let gesture = match mv {
            Move::Draw if draws > 0 => Gesture::Stock,
            Move::Transfer { from: Pile::Tableau(_) | Pile::Waste, to: Pile::AnyFoundation, .. }
                if next == Gesture::DoubleClick =>
            {
                next
            }
            Move::Transfer { to: Pile::Tableau(_), .. } if next != Gesture::DoubleClick => next,
            _ => continue,
        };
        let mut after = game.clone();
        after.play(mv, 0).unwrap();
        plan.push((gesture, mv));
        let (rest, draws) = if gesture == Gesture::Stock { (todo, draws - 1) } else { (&todo[1..], draws) };
        if plan_gestures(&after, rest, draws, plan) {
            return true;
        }
        plan.pop();
    }
    false
}

/// The first deal of `rules` where every gesture has a move, and the plan.
fn find_deal(rules: &'static Rules) -> (u64, Vec<(Gesture, Move)>) {
    let todo = [Gesture::Drag, Gesture::ClickClick, Gesture::DoubleClick, Gesture::Keyboard];
    for deal in 1..=500 {
        let game = Game::new(rules, deal);
        let mut plan = Vec::new();
        if plan_gestures(&game, &todo, 3, &mut plan) {
            return (deal, plan);
        }
    }
    panic!("no deal of {} from 1 to 500 offers every gesture a move", rules.id);
}

// ----- The tests ----------------------------------------------------------------------

/// One move by each gesture, an undo and a reload, in deal `deal` of `game`.
async fn every_gesture(page: Page, game: &str, from_link: bool) -> Page {
    let c = &page.c;
    let rules = presets::find(game).unwrap();
    let (deal, plan) = find_deal(rules);
    let id =
        if from_link { start_from_link(&page, game, deal).await } else { start_from_home(&page, game, deal).await };
    assert_eq!(text(c, "#title").await, rules.name);
    assert_eq!(text(c, "#deal-link").await, deal.to_string());
    let mut local = Game::new(rules, deal);
    let mut view = api_view(c, &id).await;
    assert_eq!(view["table"], core_table(&local));
    wait_shown(c, &view).await;

    let mut made = Vec::new();
    for (gesture, mv) in plan {
        let text = mv.to_string();
        assert!(moves(&view).contains(&text), "{text} is not offered: {:?}", moves(&view));
        match gesture {
            Gesture::Drag => drag_move(c, &text).await,
            Gesture::ClickClick => click_move(c, &text).await,
            Gesture::DoubleClick => double_click_move(c, &text).await,
            Gesture::Keyboard => keyboard_move(c, &text, &view).await,
            Gesture::Stock => click_stock(c).await,
        }
        local.play(mv, 0).unwrap();
        view = expect_action(c, &id, &local, &text).await;
        made.push(format!("{gesture:?} {text}"));
    }
    eprintln!("{game} deal {deal}: {}", made.join(", "));

    // The Undo button takes the last move back.
    c.find(Locator::Id("undo")).await.unwrap().click().await.unwrap();
    local.undo(0).unwrap();
    view = expect_action(c, &id, &local, "undo").await;

    // A reload shows the same position.
    c.refresh().await.unwrap();
    wait_settled(c).await;
    wait_shown(c, &view).await;
    let again = api_view(c, &id).await;
    assert_eq!(again["table"], view["table"]);
    assert_eq!(again["action_number"], view["action_number"]);
    assert_eq!(text(c, "#title").await, rules.name);

    screenshots(&page, game).await;
    page
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn harp_every_gesture() {
    in_browser(|page| every_gesture(page, "harp", false));
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn grosse_harfe_every_gesture() {
    in_browser(|page| every_gesture(page, "grosse-harfe", true));
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn harmony_every_gesture() {
    in_browser(|page| every_gesture(page, "harmony", false));
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn klondike_every_gesture() {
    in_browser(|page| every_gesture(page, "klondike", true));
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn pitchfork_every_gesture() {
    in_browser(|page| every_gesture(page, "pitchfork", true));
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn lasker_every_gesture() {
    in_browser(|page| every_gesture(page, "lasker", false));
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn harmony_won_by_clicks() {
    in_browser(|page| async move {
        let c = &page.c;
        let rules = presets::find("harmony").unwrap();
        let line: Vec<&str> = HARMONY_DEAL_1_WIN.split_whitespace().collect();
        // The line wins in patience-core first.
        let mut check = Game::new(rules, 1);
        for mv in &line {
            check.play(mv.parse().unwrap(), 0).unwrap();
        }
        assert_eq!(check.outcome().as_str(), "won");

        let id = start_from_home(&page, "harmony", 1).await;
        let mut local = Game::new(rules, 1);
        for (i, &mv) in line.iter().enumerate() {
            match mv {
                "s" | "r" => click_stock(c).await,
                _ if mv.ends_with("-f") => double_click_move(c, mv).await,
                _ => click_move(c, mv).await,
            }
            local.play(mv.parse().unwrap(), 0).unwrap();
            let view = wait_for_action(c, &id, i as u64 + 1).await;
            assert_eq!(view["table"], core_table(&local), "after move {} ({mv})", i + 1);
        }
        let view = api_view(c, &id).await;
        assert_eq!(view["outcome"], "won");
        assert_eq!(record_actions(&record(c, &id).await), line);
        let started = Instant::now();
        while c.find(Locator::Css("#banner[hidden]")).await.is_ok() {
            assert!(started.elapsed() < PATIENCE, "no banner after the win");
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        let banner = text(c, "#banner-text").await;
        assert!(banner.starts_with("You won! Every card is on the foundations."), "{banner}");
        let facts = text(c, "#banner-facts").await;
        assert!(facts.contains(&format!("Score {}", fmt_thousands(view["score"].as_i64().unwrap()))), "{facts}");
        // The seconds left earned part of it, and the summary says how much.
        let bonus = view["time_bonus"].as_i64().expect("a win with time left earns a time bonus");
        assert!(facts.contains(&format!("of it, for the time left +{}", fmt_thousands(bonus))), "{facts}");
        // The player's first Harmony game: a best of one is no news.
        wait_until(c, "the player's figures", "!document.getElementById('banner-best').hidden").await;
        let best = text(c, "#banner-best").await;
        assert_eq!(best, "Solitaire Harmony: 100% won of 1 played · streak 1.");
        // An ordinary game names no duel.
        let duel_parts = c
            .execute(
                "return ['duel-note', 'banner-duel'].map(id => document.getElementById(id).offsetParent === null)",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(duel_parts, json!([true, true]), "an ordinary game shows no duel");
        screenshots(&page, "harmony-won").await;
        page
    });
}

/// The home page, the stock, keyboard undo and redo, and no hidden card in
/// the page or its source.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn home_page_keys_and_hidden_cards() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        c.wait().for_element(Locator::Css("#deal-pitchfork")).await.unwrap();
        screenshots(&page, "home").await;

        let id = start_from_home(&page, "pitchfork", 1).await;
        assert_eq!(c.find_all(Locator::Css("#tableau .pile.column")).await.unwrap().len(), 9);

        // Click the stock: a draw.
        click_stock(c).await;
        let view = wait_for_action(c, &id, 1).await;
        assert_eq!(view["table"]["waste"].as_array().unwrap().len(), 1);

        // Keyboard: U undoes, Y redoes.
        c.find(Locator::Css("body")).await.unwrap().send_keys("u").await.unwrap();
        let undone = wait_for_action(c, &id, 2).await;
        assert_eq!(undone["table"]["waste"].as_array().unwrap().len(), 0);
        c.find(Locator::Css("body")).await.unwrap().send_keys("y").await.unwrap();
        let redone = wait_for_action(c, &id, 3).await;
        assert_eq!(redone["table"], view["table"]);

        // The page draws no card the player cannot see (Pitchfork's stock).
        let game = patience_core::record::Record::parse(&record(c, &id).await).unwrap().replay().unwrap();
        let drawn = c
            .execute("return [...document.querySelectorAll('.card.face .corner')].map(e => e.textContent)", vec![])
            .await
            .unwrap();
        let drawn: Vec<String> = serde_json::from_value(drawn).unwrap();
        assert!(!drawn.is_empty());
        assert!(!game.position().stock().is_empty());
        for card in game.position().stock() {
            assert!(!drawn.contains(&card.to_string()), "{card} is in the stock but drawn on the page");
        }
        let html = c.source().await.unwrap();
        for card in game.position().stock() {
            assert!(!html.contains(&format!("\"{}\"", card.ascii())), "{card} is in the page's source");
        }
        page
    });
}

// ----- A duel between two browsers ---------------------------------------------------

/// The standings table of a duel page: one row of cell texts per participant.
async fn standings(c: &Client) -> Vec<Vec<String>> {
    let rows = c
        .execute(
            "return [...document.querySelectorAll('#standings tr')].map(tr => [...tr.children].map(td => td.textContent))",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(rows).unwrap()
}

/// Opens the player's game from the duel page's button, checks that the
/// game page names its duel and links back to it, plays a few legal moves
/// (chosen with `patience-core` from the API's view) by `gestures` and stock
/// clicks, then gives up. The `last` to give up closes the duel: its
/// banner then offers the deal again. Returns the game's id and the moves
/// played.
async fn play_duel_game(page: &Page, duel_link: &str, gestures: &[Gesture], last: bool) -> (String, Vec<String>) {
    let c = &page.c;
    c.wait().for_element(Locator::Css("#play-row:not([hidden]) #play")).await.unwrap().click().await.unwrap();
    let id = wait_for_game_page(c).await;
    // The game page says the game is part of a duel and links back to it.
    wait_until(c, "the duel note", "!document.getElementById('duel-note').hidden").await;
    assert_eq!(text(c, "#duel-note").await, "This game is part of a Solitaire Harmony duel: back to the duel");
    let back = c.find(Locator::Id("duel-back")).await.unwrap().attr("href").await.unwrap();
    assert_eq!(back.as_deref(), Some(duel_link));
    // Before the first move: the duel's clock runs from the opening of the game.
    let note = text(c, "#clock-note").await;
    assert_eq!(note, "The clock started when this game was opened.");
    // No hint in a duel: no control at all, and the H key asks for nothing.
    wait_until(c, "no hint control", "document.getElementById('hint').offsetParent === null").await;
    c.find(Locator::Css("body")).await.unwrap().send_keys("h").await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let asked = c.execute("return document.getElementById('status').textContent", vec![]).await.unwrap();
    assert_eq!(asked, json!(""), "the H key did something in a duel game");

    let mut view = api_view(c, &id).await;
    assert_eq!(view["name"], "Solitaire Harmony");
    // No deal number while the duel is open, in the view or on the page:
    // "Duel deal", no share link.
    assert!(view["deal"].is_null(), "{view}");
    let deal = stored_deal(&id).await;
    wait_until(
        c,
        "the duel deal",
        "!document.getElementById('duel-deal').hidden && document.getElementById('deal-stat').hidden",
    )
    .await;
    assert_eq!(text(c, "#duel-deal").await, "Duel deal");
    let (source, title) = (c.source().await.unwrap(), c.title().await.unwrap());
    assert!(!source.contains(&deal.to_string()) && !title.contains(&deal.to_string()), "{title}\n{source}");
    let rules = presets::find("harmony").unwrap();
    let mut local = Game::new(rules, deal);
    assert_eq!(view["table"], core_table(&local));
    wait_shown(c, &view).await;
    // Moves found greedily with patience-core: the gestures wanted when the
    // deal offers them (a foundation move by double-click, a move to a
    // column by click-click), stock clicks until they come or a few at least.
    let mut plan = Vec::new();
    let mut after = local.clone();
    let (mut todo, mut draws) = (gestures.to_vec(), 0);
    while plan.len() < 14 && (!todo.is_empty() || draws < 2) {
        let legal = after.legal_moves().to_vec();
        let wanted = |mv: &Move, g: Gesture| {
            let to_foundation = matches!(
                mv,
                Move::Transfer { from: Pile::Tableau(_) | Pile::Waste, to: Pile::AnyFoundation, count: 1 }
            );
            let to_column = matches!(mv, Move::Transfer { to: Pile::Tableau(_), .. });
            (g == Gesture::DoubleClick && to_foundation) || (g == Gesture::ClickClick && to_column)
        };
        let found = todo.iter().find_map(|&g| legal.iter().find(|mv| wanted(mv, g)).map(|&mv| (g, mv)));
        let (gesture, mv) = match found {
            Some(found) => found,
            None if draws < 10 && legal.contains(&Move::Draw) => (Gesture::Stock, Move::Draw),
            None => break,
        };
        todo.retain(|&g| g != gesture);
        draws += usize::from(gesture == Gesture::Stock);
        after.play(mv, 0).unwrap();
        plan.push((gesture, mv));
    }
    assert!(!plan.is_empty(), "no move to make in deal {}", view["deal"]);
    let mut made = Vec::new();
    for (gesture, mv) in plan {
        let text = mv.to_string();
        assert!(moves(&view).contains(&text), "{text} is not offered: {:?}", moves(&view));
        match gesture {
            Gesture::ClickClick => click_move(c, &text).await,
            Gesture::DoubleClick => double_click_move(c, &text).await,
            Gesture::Stock => click_stock(c).await,
            other => unreachable!("{other:?} is not used here"),
        }
        local.play(mv, 0).unwrap();
        view = expect_action(c, &id, &local, &text).await;
        made.push(text);
    }
    assert_eq!(view["outcome"], "playing");

    // Give up from the menu (the page asks first).
    open_menu(c).await;
    c.find(Locator::Id("quit")).await.unwrap().click().await.unwrap();
    answer_yes(c, "Give up").await;
    let started = Instant::now();
    while api_view(c, &id).await["outcome"] != "quit" {
        assert!(started.elapsed() < PATIENCE, "giving up did not reach the server");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    wait_until(c, "the banner after giving up", "!document.getElementById('banner').hidden").await;
    let banner_duel = c.find(Locator::Id("banner-duel")).await.unwrap();
    assert!(banner_duel.is_displayed().await.unwrap(), "the banner offers the way back to the duel");
    let again = c.find(Locator::Id("banner-again")).await.unwrap();
    if last {
        // The duel closed with this give-up: its deal is no secret now.
        wait_until(c, "the deal told", "!document.getElementById('banner-again').hidden").await;
        assert!(!text(c, "#deal-link").await.is_empty());
    } else {
        assert!(!again.is_displayed().await.unwrap(), "no \"same deal again\" while the duel is open");
    }
    assert_eq!(banner_duel.attr("href").await.unwrap().as_deref(), Some(duel_link));
    (id, made)
}

/// Two players in two browsers: one creates a Harmony duel on the duels
/// page and shares its link, the other opens the link and joins under a
/// display name (one with HTML in it is refused and never interpreted);
/// both open their game from the duel page, which says it is part of the
/// duel, play a few moves by clicks and double-clicks, give up; both duel
/// pages then show the same final ranking as the API and the fairness
/// check's ✓. Screenshots of the duels page, an open duel, a duel game and
/// the closed duel at both widths.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_harmony_duel_between_two_browsers() {
    in_two_browsers(|ann, bob| async move {
        let started = Instant::now();
        // Ann starts a duel to share on the duels page.
        let a = &ann.c;
        a.goto(&format!("{}/duels", ann.base)).await.unwrap();
        wait_until(a, "the rules list", "document.querySelectorAll('#start-rules option').length >= 5").await;
        let rules = a.find(Locator::Id("start-rules")).await.unwrap();
        assert_eq!(rules.prop("value").await.unwrap().as_deref(), Some("harmony"));
        screenshots(&ann, "duel-start").await;
        a.find(Locator::Id("start-name")).await.unwrap().send_keys("Ann").await.unwrap();
        a.find(Locator::Id("create")).await.unwrap().click().await.unwrap();
        let link = wait_for_path(a, "/duel/").await;
        let duel_id = link.trim_start_matches("/duel/").to_string();
        wait_until(a, "the duel's link", "document.getElementById('duel-link').textContent.includes('/duel/')").await;
        let shared = text(a, "#duel-link").await;
        assert_eq!(shared, format!("{}{link}", ann.base));
        assert_eq!(text(a, "#link-label").await, "Link to share:");
        screenshots(&ann, "duel-waiting").await;

        // Bob opens the shared link. A name with HTML in it is refused, and
        // nothing of it becomes markup on the page.
        let b = &bob.c;
        b.goto(&shared).await.unwrap();
        let name = b.wait().for_element(Locator::Css("#join-form:not([hidden]) #join-name")).await.unwrap();
        name.send_keys("<img src=x onerror=z=1>").await.unwrap();
        b.find(Locator::Id("join")).await.unwrap().click().await.unwrap();
        wait_until(b, "the refusal", "document.getElementById('duel-error').textContent !== ''").await;
        let error = text(b, "#duel-error").await;
        assert!(error.contains("display name") && error.contains('<'), "{error}");
        let injected =
            b.execute("return [document.querySelectorAll('#main img').length, typeof window.z]", vec![]).await.unwrap();
        assert_eq!(injected, json!([0, "undefined"]), "the name was interpreted as HTML");
        let d = fetch(b, "GET", &format!("/api/duels/{duel_id}"), Value::Null).await;
        assert_eq!(d["participants"].as_array().unwrap().len(), 1, "{d}");
        name.clear().await.unwrap();
        name.send_keys("Bob").await.unwrap();
        b.find(Locator::Id("join")).await.unwrap().click().await.unwrap();
        b.wait().for_element(Locator::Css("#play-row:not([hidden])")).await.unwrap();
        assert_eq!(text(b, "#duel-error").await, "");
        // Ann's page learns of Bob (live standings).
        wait_until(a, "Bob on Ann's page", "document.getElementById('standings').textContent.includes('Bob')").await;
        assert_eq!(standings(a).await.len(), 2);
        screenshots(&ann, "duel-open").await;

        // Both play and give up: Ann first, then Bob.
        let (ann_game, ann_moves) =
            play_duel_game(&ann, &link, &[Gesture::ClickClick, Gesture::DoubleClick], false).await;
        screenshots(&ann, "duel-game").await;
        // Bob's page follows Ann's game live, and still knows him as a
        // participant (the stream he opened before joining is replaced).
        wait_until(
            b,
            "Ann's give-up on Bob's page",
            "document.getElementById('standings').textContent.includes('given up')",
        )
        .await;
        let bob_sees = b
            .execute(
                "return [document.getElementById('play-row').hidden, document.getElementById('join-form').hidden]",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(bob_sees, json!([false, true]), "Bob's page forgot that he joined");
        let (bob_game, bob_moves) = play_duel_game(&bob, &link, &[Gesture::ClickClick], true).await;
        assert_ne!(ann_game, bob_game);
        eprintln!("duel {duel_id}: Ann played {ann_moves:?}, Bob {bob_moves:?}");

        // Both go back to the duel from their game: closed, ranked, checked.
        let mut pages = Vec::new();
        for page in [&ann, &bob] {
            let c = &page.c;
            c.find(Locator::Id("duel-back")).await.unwrap().click().await.unwrap();
            assert_eq!(wait_for_path(c, "/duel/").await, link);
            wait_until(c, "the fairness check", "document.getElementById('check').textContent !== ''").await;
            // What the proof shows, in a sentence; the values behind Details.
            let words = text(c, "#proof-words").await;
            assert!(
                words.starts_with("The cards were fixed before anyone played, and everyone got the same ones"),
                "{words}"
            );
            c.find(Locator::Css("#proof-details > summary")).await.unwrap().click().await.unwrap();
            let check = c.find(Locator::Id("check")).await.unwrap();
            assert_eq!(check.attr("class").await.unwrap().as_deref(), Some("ok"));
            let said = check.text().await.unwrap();
            assert!(said.contains("Checked in your browser: SHA-256(seed ‖ salt) equals the commitment ✓"), "{said}");
            let d = fetch(c, "GET", &format!("/api/duels/{duel_id}"), Value::Null).await;
            assert_eq!(d["status"], "closed");
            assert_eq!(d["reveal"]["commitment_ok"], true);
            assert_eq!(text(c, "#commitment").await, d["commitment"].as_str().unwrap());
            assert_eq!(text(c, "#seed").await, d["reveal"]["seed"].as_str().unwrap());
            // The page's ranking is the API's: names in the order of `ranking`, ranks 1 and 2.
            let ps = d["participants"].as_array().unwrap();
            let want: Vec<(String, String)> = d["ranking"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .map(|(place, i)| {
                    let p = &ps[i.as_u64().unwrap() as usize];
                    ((place + 1).to_string(), p["name"].as_str().unwrap().to_string())
                })
                .collect();
            let rows = standings(c).await;
            let got: Vec<(String, String)> =
                rows.iter().map(|r| (r[0].clone(), r[1].trim_end_matches(" (you)").to_string())).collect();
            assert_eq!(got, want, "{d}");
            for (row, i) in rows.iter().zip(d["ranking"].as_array().unwrap()) {
                let p = &ps[i.as_u64().unwrap() as usize];
                // Numbers as the game page writes them: 10,554.
                let score = p["score"].as_i64().unwrap();
                let digits = score.abs().to_string();
                let grouped: Vec<&str> =
                    (0..digits.len()).rev().step_by(3).map(|end| &digits[end.saturating_sub(2)..=end]).collect();
                let written = format!(
                    "{}{}",
                    if score < 0 { "-" } else { "" },
                    grouped.into_iter().rev().collect::<Vec<_>>().join(",")
                );
                assert_eq!(row[2], written);
                assert_eq!(row[3], "given up · Replay", "a closed duel links each participant's replay");
            }
            pages.push(rows.iter().map(|r| r[1].trim_end_matches(" (you)").to_string()).collect::<Vec<_>>());
        }
        assert_eq!(pages[0], pages[1], "both pages show the same ranking");
        // Once the duel is closed, the game page shows the deal number.
        let deal = stored_deal(&ann_game).await;
        a.goto(&format!("{}/game/{ann_game}", ann.base)).await.unwrap();
        let shown = format!("document.getElementById('deal-link').textContent === '{deal}'");
        wait_until(a, "the revealed deal", &shown).await;
        let hidden = a.execute("return document.getElementById('duel-deal').hidden", vec![]).await.unwrap();
        assert_eq!(hidden, json!(true));
        screenshots(&bob, "duel-closed").await;
        eprintln!("the duel test took {:.1} s", started.elapsed().as_secs_f64());
        (ann, bob)
    });
}

/// The creator of a duel whose seats never fill closes it from the duel
/// page: the button asks first, then the page shows the closed duel with
/// its fairness check.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_creator_closes_a_duel_from_its_page() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/duels", page.base)).await.unwrap();
        let d = fetch(c, "POST", "/api/duels", json!({"rules": "pitchfork", "participants": 3, "name": "Ann"})).await;
        let id = d["id"].as_str().expect("the duel is created").to_string();
        c.goto(&format!("{}/duel/{id}", page.base)).await.unwrap();
        let button = c.wait().for_element(Locator::Css("#close-row:not([hidden]) #close-now")).await.unwrap();
        button.click().await.unwrap();
        answer_yes(c, "Close the duel").await;
        wait_until(c, "the fairness check", "document.getElementById('check').textContent !== ''").await;
        let check = c.find(Locator::Id("check")).await.unwrap();
        assert_eq!(check.attr("class").await.unwrap().as_deref(), Some("ok"));
        let hidden = c.execute("return document.getElementById('close-row').hidden", vec![]).await.unwrap();
        assert_eq!(hidden, json!(true), "a closed duel offers no closing");
        assert_eq!(fetch(c, "GET", &format!("/api/duels/{id}"), Value::Null).await["status"], "closed");
        page
    });
}
