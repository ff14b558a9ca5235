//! The web front end in a real browser: headless Chromium driven through
//! chromedriver (WebDriver) with fantoccini.
//!
//! Every test opens its own browser session (a fresh profile, so a fresh
//! player) on one chromedriver and one server shared by all the tests of this
//! file; both live on a Tokio runtime of their own and end with the process.
//!
//! For each of the five games a test starts a deal from the home page (or a
//! shared deal link), plays a move by drag and drop, one by click-then-click,
//! one by double-click to a foundation and one with the keyboard, undoes,
//! reloads and checks after every step that the server applied exactly the
//! expected move (the same table as `patience-core` playing it) and that the
//! page draws exactly the server's view. The deals and moves are found by
//! searching with `patience-core`, not written in by hand. Another test wins
//! a whole Harmony deal by clicks. Screenshots of every game page, at a
//! desktop and a phone width, go to `target/screenshots/`.
//!
//! Needs `chromium` and `chromedriver` (Debian: `apt-get install -y chromium
//! chromium-driver`, or `scripts/install-browser.sh`). Without them the tests
//! say so and pass, unless `PATIENCE_REQUIRE_BROWSER=1` is set, when they fail.

mod common;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use common::*;
use fantoccini::actions::{InputSource, KeyAction, KeyActions, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use patience_core::view::GameView;
use patience_core::{presets, Game, Move, Pile, Rules};
use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";
const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);
/// How long the page may take to show the answer to one gesture.
const PATIENCE: Duration = Duration::from_secs(10);

// ----- One chromedriver and one server for every test --------------------------

/// What the tests share: a runtime that lives as long as the process, the
/// server running on it and chromedriver.
struct Env {
    runtime: tokio::runtime::Runtime,
    base: String,
    driver_url: String,
    screenshots: PathBuf,
    server: Mutex<patience_server::Server>,
}

static ENV: OnceLock<Option<Env>> = OnceLock::new();
/// Chromedriver's process id, for the exit handler.
static DRIVER_PID: AtomicI32 = AtomicI32::new(0);
/// The database's folder, for the exit handler.
static DB_DIR: OnceLock<PathBuf> = OnceLock::new();

extern "C" fn clean_up_at_exit() {
    let pid = DRIVER_PID.load(Ordering::SeqCst);
    if pid > 0 {
        // SAFETY: sends a signal to the chromedriver process this file started.
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
    if let Some(dir) = DB_DIR.get() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

fn find_driver() -> Option<String> {
    ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .map(String::from)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The shared environment, started by the first test that asks; `None` when
/// there is no browser (and that is allowed).
fn env() -> Option<&'static Env> {
    ENV.get_or_init(|| {
        let driver = find_driver();
        if driver.is_none() || !Path::new(CHROMIUM).exists() {
            let message = "browser tests skipped: chromium and chromedriver are not installed \
                           (apt-get install -y chromium chromium-driver)";
            if std::env::var("PATIENCE_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
                panic!("{message}");
            }
            eprintln!("{message}");
            return None;
        }
        let runtime =
            tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let db_dir = tmp.join(format!("browser-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&db_dir);
        std::fs::create_dir_all(&db_dir).unwrap();
        DB_DIR.set(db_dir.clone()).unwrap();
        // SAFETY: registers a plain function to run when the process exits.
        unsafe { libc::atexit(clean_up_at_exit) };
        let port = free_port();
        let server = runtime.block_on(async {
            // Spawned from a worker thread of the runtime, which lives until
            // the process ends: chromedriver is told to die with it.
            let driver = driver.unwrap();
            tokio::spawn(async move {
                let mut command = tokio::process::Command::new(driver);
                command
                    .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".into()])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null());
                // SAFETY: prctl is async-signal-safe; it only sets a flag of the child.
                unsafe {
                    command.pre_exec(|| {
                        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                        Ok(())
                    })
                };
                let child = command.spawn().expect("chromedriver starts");
                DRIVER_PID.store(child.id().unwrap() as i32, Ordering::SeqCst);
                // Not awaited: it runs until the exit handler stops it.
                drop(child);
            })
            .await
            .unwrap();
            common::start(&db_dir.join("patience.db")).await
        });
        let screenshots = tmp.parent().unwrap().join("screenshots");
        std::fs::create_dir_all(&screenshots).unwrap();
        Some(Env {
            runtime,
            base: server.url(),
            driver_url: format!("http://127.0.0.1:{port}"),
            screenshots,
            server: Mutex::new(server),
        })
    })
    .as_ref()
}

/// A browser session of one test.
struct Page {
    c: Client,
    base: String,
    screenshots: PathBuf,
    _profile: tempfile::TempDir,
}

/// Runs `test` in a fresh browser session on the shared environment.
fn in_browser<F, Fut>(test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = Page>,
{
    let Some(env) = env() else { return };
    env.runtime.block_on(async {
        let page = open_page(env).await;
        let page = test(page).await;
        page.c.close().await.unwrap();
    });
}

async fn open_page(env: &Env) -> Page {
    let profile = tempfile::tempdir().unwrap();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                // No card animations: every gesture's answer is drawn at once.
                "--force-prefers-reduced-motion",
                format!("--window-size={},{}", DESKTOP.0, DESKTOP.1),
                format!("--user-data-dir={}", profile.path().display()),
            ],
        }),
    );
    let started = Instant::now();
    let c = loop {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&env.driver_url)
            .await
        {
            Ok(c) => break c,
            Err(e) if started.elapsed() < Duration::from_secs(30) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot start a browser session: {e}"),
        }
    };
    Page { c, base: env.base.clone(), screenshots: env.screenshots.clone(), _profile: profile }
}

// ----- Talking to the API from the page ----------------------------------------

/// Calls the API from the page (with the page's cookie).
async fn fetch(c: &Client, method: &str, path: &str, body: Value) -> Value {
    let script = "const [method, path, body, done] = arguments;
        const init = { method, headers: {} };
        if (body !== null) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
        fetch(path, init).then(r => r.json()).then(done, e => done({ error: String(e) }));";
    c.execute_async(script, vec![json!(method), json!(path), body]).await.unwrap()
}

async fn api_view(c: &Client, id: &str) -> Value {
    let v = fetch(c, "GET", &format!("/api/games/{id}"), Value::Null).await;
    assert!(v["view"].is_object(), "no view: {v}");
    v["view"].clone()
}

async fn record(c: &Client, id: &str) -> String {
    let text = c
        .execute_async(
            "const [path, done] = arguments; fetch(path).then(r => r.text()).then(done);",
            vec![json!(format!("/api/games/{id}/record"))],
        )
        .await
        .unwrap();
    text.as_str().unwrap().to_string()
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css)).await.unwrap().text().await.unwrap()
}

/// Waits until the game's action number (from the API) reaches `n`.
async fn wait_for_action(c: &Client, id: &str, n: u64) -> Value {
    let started = Instant::now();
    loop {
        let v = api_view(c, id).await;
        if v["action_number"].as_u64() == Some(n) {
            wait_shown(c, &v).await;
            return v;
        }
        assert!(started.elapsed() < PATIENCE, "action {n} never arrived: {v}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// What the page draws, read back from the DOM: the columns' face-down
/// counts and face-up cards, the foundations' tops, the stock count, the
/// waste cards drawn, the reserve and the move counter.
async fn shown(c: &Client) -> Value {
    let script = r#"
        const cards = (el) => [...el.querySelectorAll('.card.face')].map(e => e.dataset.card);
        const columns = [...document.querySelectorAll('#tableau > .pile.column')].map(col => ({
            face_down: col.querySelectorAll('.card.back').length, face_up: cards(col) }));
        const foundations = [...document.querySelectorAll('#top-row .pile.foundation')].map(f => {
            const top = f.querySelector('.card.face'); return top ? top.dataset.card : null; });
        const count = document.querySelector('#top-row [data-pile="s"] .stock-count');
        const waste = document.querySelector('#top-row [data-pile="w"]');
        const reserve = document.querySelector('#top-row [data-pile="res"]');
        return { columns, foundations, stock: count ? Number(count.textContent) : 0,
            waste: waste ? cards(waste) : [], reserve: reserve ? cards(reserve) : [],
            moves_made: document.getElementById('moves-made').textContent };"#;
    c.execute(script, vec![]).await.unwrap()
}

/// What the page should draw for `view`.
fn expected_shown(view: &Value) -> Value {
    let t = &view["table"];
    let waste = t["waste"].as_array().unwrap();
    json!({
        "columns": t["columns"],
        "foundations": t["foundations"].as_array().unwrap().iter().map(|f| f["top"].clone()).collect::<Vec<_>>(),
        "stock": t["stock"],
        "waste": waste[waste.len().saturating_sub(3)..],
        "reserve": t["reserve"],
        "moves_made": format!("Moves: {}", view["moves_made"]),
    })
}

/// Waits until the page draws exactly `view`.
async fn wait_shown(c: &Client, view: &Value) {
    let want = expected_shown(view);
    let started = Instant::now();
    loop {
        let got = shown(c).await;
        if got == want {
            return;
        }
        assert!(started.elapsed() < PATIENCE, "the page shows\n{got}\nbut the server's view is\n{want}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// The table `patience-core` has for `game`, as the API writes it.
fn core_table(game: &Game) -> Value {
    serde_json::to_value(GameView::of(game, 0)).unwrap()["table"].clone()
}

/// After one gesture: waits for the server to apply exactly one action,
/// checks that it is `expected` (the last token of the record), that the
/// server's table is the one `local` (which played it too) has, and that
/// the page draws it. Returns the new view.
async fn expect_action(c: &Client, id: &str, local: &Game, expected: &str) -> Value {
    let view = wait_for_action(c, id, local.action_number() as u64).await;
    assert_eq!(view["table"], core_table(local), "after {expected}, the server's table is not patience-core's");
    let actions = record_actions(&record(c, id).await);
    assert_eq!(actions.len(), local.action_number());
    assert_eq!(actions.last().map(String::as_str), Some(expected), "the page sent another action");
    view
}

// ----- Gestures ----------------------------------------------------------------------

/// A point (viewport coordinates) on the element `css`: its middle, or, with
/// `top`, just below its top edge (a card under other cards shows only a
/// strip at its top). Scrolls it into view first when needed.
async fn point(c: &Client, css: &str, top: bool) -> (f64, f64) {
    let script = "const [css, top] = arguments;
        const e = document.querySelector(css);
        if (!e) return null;
        let r = e.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
            e.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            r = e.getBoundingClientRect();
        }
        return [r.left + r.width / 2, top ? r.top + Math.min(5, r.height / 2) : r.top + r.height / 2];";
    let p = c.execute(script, vec![json!(css), json!(top)]).await.unwrap();
    let p = p.as_array().unwrap_or_else(|| panic!("nothing on the page matches {css}"));
    (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())
}

fn mouse() -> MouseActions {
    MouseActions::new("mouse".into())
}

async fn perform(c: &Client, actions: MouseActions) {
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
}

fn move_to((x, y): (f64, f64)) -> PointerAction {
    PointerAction::MoveTo { duration: None, x: x.round(), y: y.round() }
}

async fn click_at(c: &Client, at: (f64, f64)) {
    let click = mouse()
        .then(move_to(at))
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    perform(c, click).await;
}

/// The element that shows the cards a move takes: the card `count` from the
/// top of pile `src`.
fn card_css(src: &str, count: u32) -> String {
    format!(".card[data-src=\"{src}\"][data-count=\"{count}\"]")
}

/// Where a move's cards land on the page: a column, or the first
/// foundation slot for `f` (the engine picks the slot).
fn pile_css(dst: &str) -> String {
    let pile = if dst == "f" { "f1" } else { dst };
    format!("[data-pile=\"{pile}\"]")
}

/// A move in notation taken apart: source pile, destination, count.
fn parts(mv: &str) -> (String, String, u32) {
    let (src, rest) = mv.split_once('-').unwrap_or_else(|| panic!("{mv} moves no cards"));
    let (dst, count) = rest.split_once(':').unwrap_or((rest, "1"));
    (src.to_string(), dst.to_string(), count.parse().unwrap())
}

/// Drags the cards of `mv` onto their destination with the mouse (pointer
/// events): press on the card, move in steps, release over the pile.
async fn drag_move(c: &Client, mv: &str) {
    let (src, dst, count) = parts(mv);
    let from = point(c, &card_css(&src, count), true).await;
    let to = point(c, &pile_css(&dst), false).await;
    let actions = mouse()
        .then(move_to(from))
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::MoveBy { duration: Some(Duration::from_millis(50)), x: 8.0, y: 8.0 })
        .then(PointerAction::MoveTo { duration: Some(Duration::from_millis(150)), x: to.0.round(), y: to.1.round() })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    perform(c, actions).await;
}

/// Clicks the cards of `mv`, then the pile they go to.
async fn click_move(c: &Client, mv: &str) {
    let (src, dst, count) = parts(mv);
    click_at(c, point(c, &card_css(&src, count), true).await).await;
    // The page marks the cards it picked up.
    let picked = c
        .execute("return document.querySelectorAll('#felt .card.selected').length", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap();
    assert_eq!(picked, count as u64, "clicking the card of {mv} picks up {count} card(s)");
    click_at(c, point(c, &pile_css(&dst), false).await).await;
}

/// Double-clicks the card a foundation move (`t3-f`, `w-f`) takes.
async fn double_click_move(c: &Client, mv: &str) {
    let (src, dst, count) = parts(mv);
    assert_eq!((dst.as_str(), count), ("f", 1), "{mv} is not a move to a foundation");
    let at = point(c, &card_css(&src, 1), true).await;
    let actions = mouse()
        .then(move_to(at))
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    perform(c, actions).await;
}

async fn click_stock(c: &Client) {
    click_at(c, point(c, "[data-pile=\"s\"]", false).await).await;
}

async fn press(c: &Client, keys: &[Key]) {
    let mut actions = KeyActions::new("keyboard".into());
    for &k in keys {
        actions = actions.then(KeyAction::Down { value: k.into() }).then(KeyAction::Up { value: k.into() });
    }
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
}

/// The piles in keyboard order and the index of the focused one.
async fn focus_state(c: &Client) -> (Vec<String>, Option<usize>) {
    let v = c
        .execute(
            "const all = [...document.querySelectorAll('#felt [data-pile][tabindex]')];
             return [all.map(e => e.dataset.pile), all.indexOf(document.activeElement)];",
            vec![],
        )
        .await
        .unwrap();
    let piles: Vec<String> = serde_json::from_value(v[0].clone()).unwrap();
    let at = v[1].as_i64().unwrap();
    (piles, usize::try_from(at).ok())
}

/// Moves the keyboard focus to `pile` as a player would: → focuses the
/// first pile when none has the focus, then Tab goes forward and ← back.
async fn focus_pile(c: &Client, pile: &str) {
    let (piles, mut at) = focus_state(c).await;
    let want = piles.iter().position(|p| p == pile).unwrap_or_else(|| panic!("no pile {pile} in {piles:?}"));
    let mut keys = Vec::new();
    if at.is_none() {
        keys.push(Key::Right);
        at = Some(0);
    }
    let at = at.unwrap();
    if want >= at {
        keys.extend(std::iter::repeat_n(Key::Tab, want - at));
    } else {
        keys.extend(std::iter::repeat_n(Key::Left, at - want));
    }
    press(c, &keys).await;
    let (_, now) = focus_state(c).await;
    assert_eq!(now, Some(want), "the keys did not reach pile {pile}");
}

/// Plays `mv` with the keyboard: go to the source pile, ↑ until the run of
/// the move is marked, Enter picks it up, go to the destination, Enter.
async fn keyboard_move(c: &Client, mv: &str, view: &Value) {
    let (src, dst, count) = parts(mv);
    focus_pile(c, &src).await;
    // The page offers the move's counts of this pile, smallest first; ↑ takes more.
    let mut counts: Vec<u32> =
        moves(view).iter().filter(|m| m.split_once('-').is_some_and(|(s, _)| s == src)).map(|m| parts(m).2).collect();
    counts.sort();
    counts.dedup();
    let ups = counts.iter().position(|&n| n == count).unwrap();
    let mut keys = vec![Key::Up; ups];
    keys.push(Key::Enter);
    press(c, &keys).await;
    let picked = c
        .execute("return document.querySelectorAll('#felt .card.selected').length", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap();
    assert_eq!(picked, count as u64, "Enter on {src} picks up {count} card(s)");
    focus_pile(c, if dst == "f" { "f1" } else { &dst }).await;
    press(c, &[Key::Enter]).await;
}

// ----- Starting games ------------------------------------------------------------

async fn wait_for_game_page(c: &Client) -> String {
    let started = Instant::now();
    while !c.current_url().await.unwrap().path().starts_with("/game/") {
        assert!(started.elapsed() < PATIENCE, "the game page never opened");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    c.wait().for_element(Locator::Css("#tableau .pile.column")).await.unwrap();
    c.current_url().await.unwrap().path().trim_start_matches("/game/").to_string()
}

/// Starts deal `deal` of `game` from the home page's form; returns the id.
async fn start_from_home(page: &Page, game: &str, deal: u64) -> String {
    let c = &page.c;
    c.goto(&format!("{}/", page.base)).await.unwrap();
    let input = c.wait().for_element(Locator::Css(&format!("#deal-{game}"))).await.unwrap();
    input.send_keys(&deal.to_string()).await.unwrap();
    let form = input.find(Locator::XPath("ancestor::form")).await.unwrap();
    form.find(Locator::Css("button[type=submit]")).await.unwrap().click().await.unwrap();
    wait_for_game_page(c).await
}

/// Starts deal `deal` of `game` from a shared deal link and its "Play it".
async fn start_from_link(page: &Page, game: &str, deal: u64) -> String {
    let c = &page.c;
    c.goto(&format!("{}/?rules={game}&deal={deal}", page.base)).await.unwrap();
    let banner = c.wait().for_element(Locator::Css("#shared button")).await.unwrap();
    assert_eq!(text(c, "#shared span").await, format!("Deal {deal} was shared with you."));
    banner.click().await.unwrap();
    wait_for_game_page(c).await
}

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

// ----- Screenshots -----------------------------------------------------------------

/// Resizes the window so that the page's viewport is `width` x `height`.
async fn set_viewport(c: &Client, (width, height): (u32, u32)) {
    c.set_window_size(width, height).await.unwrap();
    let inner = c.execute("return [innerWidth, innerHeight]", vec![]).await.unwrap();
    let (w, h) = (inner[0].as_u64().unwrap() as u32, inner[1].as_u64().unwrap() as u32);
    if (w, h) != (width, height) {
        c.set_window_size(width + (width.saturating_sub(w)), height + height.saturating_sub(h)).await.unwrap();
    }
    // The page lays the table out again on resize.
    tokio::time::sleep(Duration::from_millis(200)).await;
}

/// Saves screenshots of the page at a desktop and a phone width as
/// `target/screenshots/NAME-desktop-1280.png` and `NAME-phone-390.png`.
async fn screenshots(page: &Page, name: &str) {
    let c = &page.c;
    for (kind, size) in [("desktop", DESKTOP), ("phone", PHONE)] {
        set_viewport(c, size).await;
        c.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
        let png = c.screenshot().await.unwrap();
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        let path = page.screenshots.join(format!("{name}-{kind}-{}.png", size.0));
        std::fs::write(&path, png).unwrap();
        // Nothing is wider than the window, and the table fits its felt
        // (no scroll bars around the cards).
        let overflow = c
            .execute(
                "const d = document.documentElement, f = document.getElementById('felt');
                 return [d.scrollWidth - d.clientWidth,
                     f ? f.scrollWidth - f.clientWidth : 0, f ? f.scrollHeight - f.clientHeight : 0];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(overflow, json!([0, 0, 0]), "{name} at {} px: the page or the table overflows", size.0);
    }
    set_viewport(c, DESKTOP).await;
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
    c.wait().for_element(Locator::Css("#tableau .pile.column")).await.unwrap();
    wait_shown(c, &view).await;
    let again = api_view(c, &id).await;
    assert_eq!(again["table"], view["table"]);
    assert_eq!(again["action_number"], view["action_number"]);
    assert_eq!(text(c, "#title").await, rules.name);

    screenshots(&page, game).await;
    page
}

#[test]
fn harp_every_gesture() {
    in_browser(|page| every_gesture(page, "harp", false));
}

#[test]
fn grosse_harfe_every_gesture() {
    in_browser(|page| every_gesture(page, "grosse-harfe", true));
}

#[test]
fn harmony_every_gesture() {
    in_browser(|page| every_gesture(page, "harmony", false));
}

#[test]
fn pitchfork_every_gesture() {
    in_browser(|page| every_gesture(page, "pitchfork", true));
}

#[test]
fn lasker_every_gesture() {
    in_browser(|page| every_gesture(page, "lasker", false));
}

/// A winning line for Harmony deal 1 (the one `crates/core/tests/scoring.rs`
/// checks): 84 moves, one redeal.
const HARMONY_DEAL_1_WIN: &str = "t3-t5 s t4-f t4-t1 t3-t1 s w-t5 t4-t5 s s s w-f s s w-t7 t5-t7:4 t6-t5 t6-t4 \
    t7-t6:6 s w-t6 s s s s s w-f s w-t2 s w-t1 s w-t2 s w-t4 t2-t4:3 w-t2 t5-t2:2 t6-t5:8 t6-f t5-f t6-f t2-f s \
    s s s s t3-f t5-f t5-f w-t3 s s r s s s s s w-t3 t5-t3:6 s s s t2-f t3-f t3-f t7-f t7-f t7-t3 t1-f w-f t1-f \
    t5-t2 t1-f t3-f w-f t2-f w-t1 w-f t1-f t4-f s";

#[test]
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
        assert!(banner.contains(&format!("Score: {}", fmt_thousands(view["score"].as_i64().unwrap()))), "{banner}");
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

/// `12,345` as `toLocaleString` writes it in English.
fn fmt_thousands(n: i64) -> String {
    let digits = n.abs().to_string();
    let mut groups = Vec::new();
    let mut end = digits.len();
    while end > 3 {
        groups.push(&digits[end - 3..end]);
        end -= 3;
    }
    groups.push(&digits[..end]);
    groups.reverse();
    format!("{}{}", if n < 0 { "-" } else { "" }, groups.join(","))
}

/// The home page, the stock, keyboard undo and redo, and no hidden card in
/// the page or its source.
#[test]
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

/// Runs `test` with two browser sessions at once (two players, each with
/// their own cookie) on the shared environment.
fn in_two_browsers<F, Fut>(test: F)
where
    F: FnOnce(Page, Page) -> Fut,
    Fut: Future<Output = (Page, Page)>,
{
    let Some(env) = env() else { return };
    env.runtime.block_on(async {
        let (ann, bob) = tokio::join!(open_page(env), open_page(env));
        let (ann, bob) = test(ann, bob).await;
        ann.c.close().await.unwrap();
        bob.c.close().await.unwrap();
    });
}

/// Waits until the page's path starts with `prefix`; returns the path.
async fn wait_for_path(c: &Client, prefix: &str) -> String {
    let started = Instant::now();
    loop {
        let path = c.current_url().await.unwrap().path().to_string();
        if path.starts_with(prefix) {
            return path;
        }
        assert!(started.elapsed() < PATIENCE, "the page never went to {prefix}…: it is at {path}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Waits until the script `test` (a JavaScript expression) is true on the page.
async fn wait_until(c: &Client, what: &str, test: &str) {
    let started = Instant::now();
    loop {
        if c.execute(&format!("return !!({test})"), vec![]).await.unwrap() == json!(true) {
            return;
        }
        assert!(started.elapsed() < PATIENCE, "never true: {what} ({test})");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

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

/// A game's deal number as the server's store keeps it: a duel's game does
/// not tell its player until the duel closes.
async fn stored_deal(id: &str) -> u64 {
    let state = env().expect("the browser environment").server.lock().unwrap().state().clone();
    let id = patience_server::ids::GameId::parse(id).expect("a game id");
    state.store().load_game(&id).await.unwrap().expect("the game is stored").deal
}

/// Opens the player's game from the duel page's button, checks that the
/// game page names its duel and links back to it, plays a few legal moves
/// (chosen with `patience-core` from the API's view) by `gestures` and stock
/// clicks, then gives up. Returns the game's id and the moves played.
async fn play_duel_game(page: &Page, duel_link: &str, gestures: &[Gesture]) -> (String, Vec<String>) {
    let c = &page.c;
    c.wait().for_element(Locator::Css("#play-row:not([hidden]) #play")).await.unwrap().click().await.unwrap();
    let id = wait_for_game_page(c).await;
    // The game page says the game is part of a duel and links back to it.
    wait_until(c, "the duel note", "!document.getElementById('duel-note').hidden").await;
    assert_eq!(text(c, "#duel-note").await, "This game is part of a Solitaire Harmony duel: back to the duel");
    let back = c.find(Locator::Id("duel-back")).await.unwrap().attr("href").await.unwrap();
    assert_eq!(back.as_deref(), Some(duel_link));

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

    // Give up (the page asks first).
    c.find(Locator::Id("quit")).await.unwrap().click().await.unwrap();
    c.accept_alert().await.unwrap();
    let started = Instant::now();
    while api_view(c, &id).await["outcome"] != "quit" {
        assert!(started.elapsed() < PATIENCE, "giving up did not reach the server");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    wait_until(c, "the banner after giving up", "!document.getElementById('banner').hidden").await;
    let banner_duel = c.find(Locator::Id("banner-duel")).await.unwrap();
    assert!(banner_duel.is_displayed().await.unwrap(), "the banner offers the way back to the duel");
    let again = c.find(Locator::Id("banner-again")).await.unwrap();
    assert!(!again.is_displayed().await.unwrap(), "no \"same deal again\" while the duel is open");
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
        let (ann_game, ann_moves) = play_duel_game(&ann, &link, &[Gesture::ClickClick, Gesture::DoubleClick]).await;
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
        let (bob_game, bob_moves) = play_duel_game(&bob, &link, &[Gesture::ClickClick]).await;
        assert_ne!(ann_game, bob_game);
        eprintln!("duel {duel_id}: Ann played {ann_moves:?}, Bob {bob_moves:?}");

        // Both go back to the duel from their game: closed, ranked, checked.
        let mut pages = Vec::new();
        for page in [&ann, &bob] {
            let c = &page.c;
            c.find(Locator::Id("duel-back")).await.unwrap().click().await.unwrap();
            assert_eq!(wait_for_path(c, "/duel/").await, link);
            wait_until(c, "the fairness check", "document.getElementById('check').textContent !== ''").await;
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
                assert_eq!(row[2], p["score"].to_string());
                assert_eq!(row[3], "given up");
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
fn the_creator_closes_a_duel_from_its_page() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/duels", page.base)).await.unwrap();
        let d = fetch(c, "POST", "/api/duels", json!({"rules": "pitchfork", "participants": 3, "name": "Ann"})).await;
        let id = d["id"].as_str().expect("the duel is created").to_string();
        c.goto(&format!("{}/duel/{id}", page.base)).await.unwrap();
        let button = c.wait().for_element(Locator::Css("#close-row:not([hidden]) #close-now")).await.unwrap();
        button.click().await.unwrap();
        c.accept_alert().await.unwrap();
        wait_until(c, "the fairness check", "document.getElementById('check').textContent !== ''").await;
        let check = c.find(Locator::Id("check")).await.unwrap();
        assert_eq!(check.attr("class").await.unwrap().as_deref(), Some("ok"));
        let hidden = c.execute("return document.getElementById('close-row').hidden", vec![]).await.unwrap();
        assert_eq!(hidden, json!(true), "a closed duel offers no closing");
        assert_eq!(fetch(c, "GET", &format!("/api/duels/{id}"), Value::Null).await["status"], "closed");
        page
    });
}
