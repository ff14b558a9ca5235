//! A replay in the browser: a game played and given up, its end banner's
//! "Watch the replay", then every step forward with the keyboard showing
//! the very table the game showed at that action, Home and End, a click on
//! an action in the list, and playing it through at the fast speed; and
//! the analysis of a game lost at a known action: its bar, its sentence,
//! the jump to that action and the winning line played on the board; and
//! on a deal never winnable, the par's course drawn along the bar; and the
//! clock read as the game read it.

use crate::common;
use crate::web;

use fantoccini::key::Key;
use fantoccini::Locator;
use serde_json::{json, Value};
use web::*;

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn stepping_through_a_replay_shows_the_table_the_game_showed_at_each_action() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let created = fetch(c, "POST", "/api/games", json!({"rules": "pitchfork", "deal": 5})).await;
        let id = created["id"].as_str().unwrap().to_string();
        let mut views: Vec<Value> = vec![created["view"].clone()];
        for k in 0..12 {
            let view = views.last().unwrap().clone();
            let legal = common::moves(&view);
            if legal.is_empty() || view["outcome"] != "playing" {
                break;
            }
            let body = json!({"action_number": view["action_number"], "move": legal[k % legal.len()]});
            let answer = fetch(c, "POST", &format!("/api/games/{id}/actions"), body).await;
            views.push(answer["view"].clone());
        }
        let last = views.last().unwrap().clone();
        let quit = json!({"action_number": last["action_number"], "action": "quit"});
        views.push(fetch(c, "POST", &format!("/api/games/{id}/actions"), quit).await["view"].clone());
        let steps = views.len() - 1;

        open_game(&page, &id).await;
        let replay = c.wait().for_element(Locator::Css("#banner-replay:not([hidden])")).await.unwrap();
        replay.click().await.unwrap();
        wait_for_path(c, "/replay/").await;
        let listed = format!("document.querySelectorAll('#steps li').length === {}", steps + 1);
        wait_until(c, "the actions listed", &listed).await;
        // Each action is numbered once: by its own words, not by the list as well.
        let third = "document.querySelector(\"#steps li[data-step='3']\")";
        let marker = c.execute(&format!("return getComputedStyle({third}).listStyleType"), vec![]).await.unwrap();
        assert_eq!(marker, json!("none"));
        assert!(text(c, "#steps li[data-step='3']").await.starts_with("3. "));
        wait_shown(c, &views[0]).await;
        for (n, view) in views.iter().enumerate().skip(1) {
            press(c, &[Key::Right]).await;
            wait_shown(c, view).await;
            assert_eq!(text(c, "#step-stat").await, format!("Step {n} of {steps}"));
        }
        assert_eq!(text(c, "#status").await, format!("{steps}. You gave up."));
        press(c, &[Key::Home]).await;
        wait_shown(c, &views[0]).await;
        press(c, &[Key::End]).await;
        wait_shown(c, &views[steps]).await;
        c.find(Locator::Css("#steps li[data-step='3'] button")).await.unwrap().click().await.unwrap();
        wait_shown(c, &views[3]).await;
        screenshots(&page, "replay").await;
        c.execute("document.getElementById('speed').value = '200'", vec![]).await.unwrap();
        c.find(Locator::Id("play")).await.unwrap().click().await.unwrap();
        let done = format!("document.getElementById('step-stat').textContent === 'Step {steps} of {steps}'");
        wait_until(c, "the replay played to its end", &done).await;
        wait_shown(c, &views[steps]).await;
        assert_eq!(text(c, "#play").await, "▶ Play", "paused at the end");
        page
    });
}

/// The replay's clock reads as the game's did, whole seconds rounded up: a
/// Harmony game given up with 4:31.3 left shows 4:32 at its last step, as
/// its table did.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_replays_clock_reads_as_the_games_did() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let created = fetch(c, "POST", "/api/games", json!({"rules": "harmony", "deal": 3})).await;
        let id = created["id"].as_str().unwrap().to_string();
        let first = common::moves(&created["view"])[0].clone();
        let played =
            fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 0, "move": first})).await;
        assert!(played["view"].is_object(), "{played}");
        advance_clock(28_700).await;
        let quit = json!({"action_number": 1, "action": "quit"});
        let view = fetch(c, "POST", &format!("/api/games/{id}/actions"), quit).await["view"].clone();
        let left = view["ms_left"].as_u64().unwrap();
        assert!((271_000..=271_300).contains(&left), "{view}");
        c.goto(&format!("{}/replay/{id}", page.base)).await.unwrap();
        wait_until(c, "the actions listed", "document.querySelectorAll('#steps li').length === 3").await;
        press(c, &[Key::End]).await;
        wait_until(c, "the last step's clock", "document.getElementById('clock').textContent === 'Clock 4:32'").await;
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_analysis_marks_where_the_game_was_lost_and_plays_the_winning_line() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let k = 12;
        let (deal, good, losing) = common::losing_game(k);
        let created = fetch(c, "POST", "/api/games", json!({"rules": "harmony", "deal": deal})).await;
        let id = created["id"].as_str().unwrap().to_string();
        for (n, mv) in good.iter().chain([&losing]).enumerate() {
            let answer =
                fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": n, "move": mv})).await;
            assert_eq!(answer["view"]["action_number"], n + 1, "{answer}");
        }
        fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": k + 1, "action": "quit"})).await;
        c.goto(&format!("{}/replay/{id}", page.base)).await.unwrap();
        wait_until(
            c,
            "the analysis",
            "document.getElementById('analysis-words').textContent.startsWith('After action')",
        )
        .await;
        let words = text(c, "#analysis-words").await;
        assert!(words.starts_with(&format!("After action {} (", k + 1)), "{words}");
        let marks = c
            .execute("return [...document.querySelectorAll('#analysis-bar span')].map(s => s.className)", vec![])
            .await
            .unwrap();
        let marks: Vec<String> = serde_json::from_value(marks).unwrap();
        assert_eq!(marks.len(), k + 3);
        assert!(
            marks[k].starts_with("won") && marks[k + 1].starts_with("lost") && marks[k + 1].contains("mark"),
            "{marks:?}"
        );
        let honest = text(c, "#analysis-honest").await;
        assert!(
            honest.starts_with("The honest player, who sees only what the player saw, would have played"),
            "{honest}"
        );
        screenshots(&page, "replay-analysis").await;
        c.find(Locator::Id("analysis-mark")).await.unwrap().click().await.unwrap();
        let step = format!("document.getElementById('step-stat').textContent.startsWith('Step {} of')", k + 1);
        wait_until(c, "the marked action", &step).await;
        // The line starts playing; End goes to its last move.
        c.find(Locator::Id("analysis-line")).await.unwrap().click().await.unwrap();
        let under_way = "/move [1-9][0-9]* of/.test(document.getElementById('step-stat').textContent)";
        wait_until(c, "the line under way", under_way).await;
        press(c, &[Key::End]).await;
        let played = "/move (\\d+) of \\1$/.test(document.getElementById('step-stat').textContent) \
                      && document.getElementById('play').textContent === '▶ Play'";
        wait_until(c, "the line's last move", played).await;
        let tops = c
            .execute(
                "return [...document.querySelectorAll('#top-row .foundation .card.face')].map(e => e.dataset.card)",
                vec![],
            )
            .await
            .unwrap();
        let tops: Vec<String> = serde_json::from_value(tops).unwrap();
        assert!(tops.iter().all(|t| t.starts_with('K')), "every foundation ends on its king: {tops:?}");
        // The buttons step the line as the keys do: First goes to its start, not the game's.
        c.find(Locator::Id("first")).await.unwrap().click().await.unwrap();
        wait_until(c, "the line's start", "/move 0 of/.test(document.getElementById('step-stat').textContent)").await;
        c.find(Locator::Id("forward")).await.unwrap().click().await.unwrap();
        wait_until(c, "the line's first move", "/move 1 of/.test(document.getElementById('step-stat').textContent)")
            .await;
        c.find(Locator::Id("analysis-back")).await.unwrap().click().await.unwrap();
        wait_until(c, "back to the game", &step).await;
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_record_pasted_from_the_statistics_page_is_watched_with_its_analysis() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let created = fetch(c, "POST", "/api/games", json!({"rules": "harp", "deal": 4})).await;
        let id = created["id"].as_str().unwrap().to_string();
        fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 0, "move": "s"})).await;
        fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 1, "action": "quit"})).await;
        let record = record(c, &id).await;
        c.goto(&format!("{}/stats", page.base)).await.unwrap();
        c.find(Locator::LinkText("Watch a record")).await.unwrap().click().await.unwrap();
        let text = c.wait().for_element(Locator::Id("import-text")).await.unwrap();
        // No game yet: nothing to step through is offered.
        for part in ["first", "step-stat", "steps"] {
            let shown = c.find(Locator::Id(part)).await.unwrap().is_displayed().await.unwrap();
            assert!(!shown, "#{part} is shown before any record");
        }
        text.send_keys(&record).await.unwrap();
        c.find(Locator::Id("import-go")).await.unwrap().click().await.unwrap();
        let path = wait_for_path(c, "/replay/").await;
        assert_ne!(path, format!("/replay/{id}"), "kept as a game of its own");
        wait_until(c, "the actions listed", "document.querySelectorAll('#steps li').length === 3").await;
        wait_until(c, "the analysis", "!document.getElementById('analysis-words').textContent.startsWith('Analysing')")
            .await;
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_deal_never_winnable_shows_the_par_falling_along_the_bar() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // Lasker's default rules lose every deal.
        let created = fetch(c, "POST", "/api/games", json!({"rules": "lasker", "deal": 3})).await;
        let id = created["id"].as_str().unwrap().to_string();
        let mut view = created["view"].clone();
        for k in 0..6 {
            let legal = common::moves(&view);
            if legal.is_empty() || view["outcome"] != "playing" {
                break;
            }
            let body = json!({"action_number": view["action_number"], "move": legal[(k * 7) % legal.len()]});
            view = fetch(c, "POST", &format!("/api/games/{id}/actions"), body).await["view"].clone();
        }
        if view["over"] != true {
            let quit = json!({"action_number": view["action_number"], "action": "quit"});
            view = fetch(c, "POST", &format!("/api/games/{id}/actions"), quit).await["view"].clone();
        }
        let steps = view["action_number"].as_u64().unwrap() as usize;
        c.goto(&format!("{}/replay/{id}", page.base)).await.unwrap();
        wait_until(
            c,
            "the analysis",
            "document.getElementById('analysis-words').textContent.startsWith('This deal could not be won')",
        )
        .await;
        let words = text(c, "#analysis-words").await;
        assert!(words.contains("The most that could go up:"), "{words}");
        let heights = c
            .execute(
                "const bar = document.getElementById('analysis-bar');
                 return bar.classList.contains('pars')
                     ? [...bar.querySelectorAll('span')].map(s => s.getBoundingClientRect().height) : null",
                vec![],
            )
            .await
            .unwrap();
        let heights: Vec<f64> = serde_json::from_value(heights).expect("the bar draws the par");
        assert_eq!(heights.len(), steps + 1, "one mark a step");
        assert!(heights.iter().all(|&h| h > 0.0), "{heights:?}");
        assert!(heights.windows(2).all(|w| w[1] <= w[0] + 0.5), "the par never rises: {heights:?}");
        let title = c.find(Locator::Css("#analysis-bar span[data-step='0']")).await.unwrap().attr("title").await;
        assert!(title.unwrap().unwrap().contains("cards could still go up"));
        c.find(Locator::Css(&format!("#analysis-bar span[data-step='{steps}']"))).await.unwrap().click().await.unwrap();
        let at_end = format!("document.getElementById('step-stat').textContent === 'Step {steps} of {steps}'");
        wait_until(c, "the step clicked on the bar", &at_end).await;
        page
    });
}
