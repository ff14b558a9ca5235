//! The web front end in a real browser: headless Chromium driven through
//! chromedriver (WebDriver) with fantoccini.
//!
//! Needs `chromium` and `chromedriver` (Debian: `apt-get install -y chromium
//! chromium-driver`). Without them the test says so and passes, unless
//! `PATIENCE_REQUIRE_BROWSER=1` is set, when it fails.

mod common;

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::*;
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";

fn find_driver() -> Option<String> {
    ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .map(String::from)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

struct Browser {
    client: Client,
    driver: tokio::process::Child,
    _profile: tempfile::TempDir,
}

async fn open_browser() -> Option<Browser> {
    let driver_path = find_driver();
    if driver_path.is_none() || !Path::new(CHROMIUM).exists() {
        let message = "browser test skipped: chromium and chromedriver are not installed \
                       (apt-get install -y chromium chromium-driver)";
        if std::env::var("PATIENCE_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            panic!("{message}");
        }
        eprintln!("{message}");
        return None;
    }
    let port = free_port();
    let driver = tokio::process::Command::new(driver_path.unwrap())
        .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".into()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("chromedriver starts");
    let profile = tempfile::tempdir().unwrap();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=1280,900",
                format!("--user-data-dir={}", profile.path().display()),
            ],
        }),
    );
    let url = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    let client = loop {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => break c,
            Err(e) if started.elapsed() < Duration::from_secs(30) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("cannot start a browser session: {e}"),
        }
    };
    Some(Browser { client, driver, _profile: profile })
}

/// Calls the API from the page (with the page's cookie).
async fn fetch(c: &Client, method: &str, path: &str, body: Value) -> Value {
    let script = "const [method, path, body, done] = arguments;
        const init = { method, headers: {} };
        if (body !== null) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
        fetch(path, init).then(r => r.json()).then(done, e => done({ error: String(e) }));";
    c.execute_async(script, vec![json!(method), json!(path), body]).await.unwrap()
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css)).await.unwrap().text().await.unwrap()
}

/// Waits until the game's action number (from the API) reaches `n`.
async fn wait_for_action(c: &Client, id: &str, n: u64) -> Value {
    let started = Instant::now();
    loop {
        let v = fetch(c, "GET", &format!("/api/games/{id}"), Value::Null).await;
        if v["view"]["action_number"].as_u64() == Some(n) {
            // And the page has drawn it.
            let shown = c.execute("return document.getElementById('moves-made').textContent", vec![]).await.unwrap();
            if shown.as_str() == Some(&format!("Moves: {}", v["view"]["moves_made"])) {
                return v["view"].clone();
            }
        }
        assert!(started.elapsed() < Duration::from_secs(10), "action {n} never arrived: {v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn drag(c: &Client, from_css: &str, to_css: &str) {
    let from = c.find(Locator::Css(from_css)).await.unwrap();
    let to = c.find(Locator::Css(to_css)).await.unwrap();
    let actions = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement { element: from, duration: None, x: 0.0, y: -20.0 })
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::MoveBy { duration: Some(Duration::from_millis(50)), x: 10.0, y: 10.0 })
        .then(PointerAction::MoveToElement { element: to, duration: Some(Duration::from_millis(150)), x: 0.0, y: 0.0 })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_in_the_browser() {
    let Some(mut browser) = open_browser().await else { return };
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let c = browser.client.clone();
    let base = server.url();

    // Home: start Pitchfork deal 1 from the form.
    c.goto(&format!("{base}/")).await.unwrap();
    let deal = c.wait().for_element(Locator::Css("#deal-pitchfork")).await.unwrap();
    deal.send_keys("1").await.unwrap();
    let form = deal.find(Locator::XPath("ancestor::form")).await.unwrap();
    form.find(Locator::Css("button[type=submit]")).await.unwrap().click().await.unwrap();
    let started = Instant::now();
    while !c.current_url().await.unwrap().path().starts_with("/game/") {
        assert!(started.elapsed() < Duration::from_secs(10), "the game page never opened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let id = c.current_url().await.unwrap().path().trim_start_matches("/game/").to_string();
    c.wait().for_element(Locator::Css("#tableau .pile.column")).await.unwrap();
    assert_eq!(text(&c, "#title").await, "Pitchfork");
    assert_eq!(text(&c, "#deal-link").await, "1");
    let view = fetch(&c, "GET", &format!("/api/games/{id}"), Value::Null).await["view"].clone();
    assert_eq!(c.find_all(Locator::Css("#tableau .pile.column")).await.unwrap().len(), 9);

    // Drag a run from one column onto another: the move from the list.
    let run = moves(&view).into_iter().find(|m| m.starts_with('t') && m.contains("-t")).expect("a column move");
    let (src, rest) = run.split_once('-').unwrap();
    let (dst, count) = rest.split_once(':').unwrap_or((rest, "1"));
    drag(&c, &format!(".card[data-src=\"{src}\"][data-count=\"{count}\"]"), &format!("[data-pile=\"{dst}\"]")).await;
    wait_for_action(&c, &id, 1).await;
    let record = fetch(&c, "GET", "/api/games", Value::Null).await;
    assert_eq!(record["games"][0]["action_count"], 1);

    // Click the stock: a draw.
    c.find(Locator::Css("[data-pile=\"s\"]")).await.unwrap().click().await.unwrap();
    let view = wait_for_action(&c, &id, 2).await;
    assert_eq!(view["table"]["waste"].as_array().unwrap().len(), 1);

    // Keyboard: U undoes, Y redoes.
    c.find(Locator::Css("body")).await.unwrap().send_keys("u").await.unwrap();
    let undone = wait_for_action(&c, &id, 3).await;
    assert_eq!(undone["table"]["waste"].as_array().unwrap().len(), 0);
    c.find(Locator::Css("body")).await.unwrap().send_keys("y").await.unwrap();
    wait_for_action(&c, &id, 4).await;

    // Click a card, then its target.
    let view = fetch(&c, "GET", &format!("/api/games/{id}"), Value::Null).await["view"].clone();
    if let Some(m) = moves(&view).into_iter().find(|m| m.starts_with('t') && m.contains("-t") && !m.contains(':')) {
        let (src, dst) = m.split_once('-').unwrap();
        c.find(Locator::Css(&format!(".card[data-src=\"{src}\"][data-count=\"1\"]")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        c.find(Locator::Css(&format!("[data-pile=\"{dst}\"]"))).await.unwrap().click().await.unwrap();
        wait_for_action(&c, &id, 5).await;
    }
    let before = fetch(&c, "GET", &format!("/api/games/{id}"), Value::Null).await["view"].clone();

    // Reloading continues the same game.
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("#tableau .pile.column")).await.unwrap();
    let shown = wait_for_action(&c, &id, number(&before)).await;
    assert_eq!(shown["table"], before["table"]);

    // The page draws no card the player cannot see (Pitchfork's stock).
    let record = c
        .execute_async(
            "const [path, done] = arguments; fetch(path).then(r => r.text()).then(done);",
            vec![json!(format!("/api/games/{id}/record"))],
        )
        .await
        .unwrap();
    let game = patience_core::record::Record::parse(record.as_str().unwrap()).unwrap().replay().unwrap();
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

    c.clone().close().await.unwrap();
    let _ = browser.driver.kill().await;
    server.stop().await.unwrap();
}
