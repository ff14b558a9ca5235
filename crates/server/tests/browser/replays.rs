//! A replay in the browser: a game played and given up, its end banner's
//! "Watch the replay", then every step forward with the keyboard showing
//! the very table the game showed at that action, Home and End, a click on
//! an action in the list, and playing it through at the fast speed.

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
