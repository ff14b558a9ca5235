//! The browser tests' harness: one server shared by the tests of a process
//! (on a Tokio runtime of its own that ends with the process) and one
//! chromedriver for the run, a fresh browser session (profile, so player)
//! per test, and what the tests do as a player: gestures, reading back what
//! the page draws, screenshots.
//!
//! Needs `chromium` and `chromedriver` (Debian: `apt-get install -y chromium
//! chromium-driver`, or `scripts/install-browser.sh`): without them every
//! test fails and says what to install. The full tier (`scripts/test.sh`)
//! installs them and starts one chromedriver for every test process
//! (`PATIENCE_CHROMEDRIVER`, its URL); a test run without it starts its own.

#![allow(dead_code)]

use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use patience_core::view::GameView;
use patience_core::Game;
use serde_json::{json, Value};

use crate::common::{self, moves, record_actions};

pub const CHROMIUM: &str = "/usr/bin/chromium";
/// The window sizes the pages must fit: a laptop, a phone upright and on
/// its side.
pub const DESKTOP: (u32, u32) = (1280, 800);
pub const PHONE: (u32, u32) = (390, 844);
pub const LANDSCAPE: (u32, u32) = (844, 390);
pub const SIZES: [(&str, (u32, u32)); 3] = [("desktop", DESKTOP), ("phone", PHONE), ("landscape", LANDSCAPE)];
/// How long the page may take to show the answer to one gesture.
pub const PATIENCE: Duration = Duration::from_secs(10);

// ----- One server for the process, one chromedriver for the run ----------------

/// What the tests share: a runtime that lives as long as the process, the
/// server running on it and chromedriver. With `PATIENCE_TEST_BACKEND=
/// instances`, the pages are served by two instances on PostgreSQL behind
/// nginx instead (`base`), for the tests that run there (the ones that ask
/// `server` nothing).
pub struct Env {
    pub runtime: tokio::runtime::Runtime,
    pub base: String,
    pub driver_url: String,
    pub screenshots: PathBuf,
    pub server: Mutex<patience_server::Server>,
}

static ENV: OnceLock<Env> = OnceLock::new();
/// Chromedriver's process id, for the exit handler.
static DRIVER_PID: AtomicI32 = AtomicI32::new(0);
/// The database's folder, for the exit handler.
static DB_DIR: OnceLock<PathBuf> = OnceLock::new();
/// The two instances and nginx, when the pages are theirs: kept to the end
/// of the process (with their database), and their processes stopped by
/// the exit handler.
static SITE: OnceLock<(common::Site, common::Scratch)> = OnceLock::new();
static SITE_PIDS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

extern "C" fn clean_up_at_exit() {
    let pid = DRIVER_PID.load(Ordering::SeqCst);
    if pid > 0 {
        // SAFETY: sends a signal to the chromedriver process this file started.
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
    if let Ok(pids) = SITE_PIDS.lock() {
        for &pid in pids.iter() {
            // SAFETY: sends a signal to a process the harness started (an
            // instance, or nginx's master, which then stops its workers).
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
        }
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

/// The shared environment, started by the first test that asks.
pub fn env() -> &'static Env {
    ENV.get_or_init(|| {
        let shared_driver = std::env::var("PATIENCE_CHROMEDRIVER").ok();
        let driver = find_driver();
        assert!(
            (shared_driver.is_some() || driver.is_some()) && Path::new(CHROMIUM).exists(),
            "chromium and chromedriver are not installed (crates/server/scripts/install-browser.sh, \
             or apt-get install -y chromium chromium-driver)"
        );
        let runtime =
            tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let db_dir = tmp.join(format!("browser-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&db_dir);
        std::fs::create_dir_all(&db_dir).unwrap();
        DB_DIR.set(db_dir.clone()).unwrap();
        // SAFETY: registers a plain function to run when the process exits.
        unsafe { libc::atexit(clean_up_at_exit) };
        let driver_url = match shared_driver {
            Some(url) => url,
            None => {
                let port = free_port();
                runtime.block_on(start_driver(driver.unwrap(), port));
                format!("http://127.0.0.1:{port}")
            }
        };
        let server = runtime.block_on(common::start(&db_dir.join("patience.db")));
        let base = if common::backend() == common::Backend::Instances {
            let (scratch, db) = common::temp_db();
            let site = runtime.block_on(common::start_site(&db));
            *SITE_PIDS.lock().unwrap() = site.process_ids();
            let base = common::Base::base(&site);
            let _ = SITE.set((site, scratch));
            base
        } else {
            server.url()
        };
        let screenshots = tmp.parent().unwrap().join("screenshots");
        std::fs::create_dir_all(&screenshots).unwrap();
        Env { runtime, base, driver_url, screenshots, server: Mutex::new(server) }
    })
}

/// Starts chromedriver on `port`, from a worker thread of the runtime, which
/// lives until the process ends: chromedriver is told to die with it.
async fn start_driver(driver: String, port: u16) {
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
}

/// A browser session of one test.
pub struct Page {
    pub c: Client,
    pub base: String,
    pub screenshots: PathBuf,
    pub _profile: tempfile::TempDir,
}

/// Runs `test` in a fresh browser session on the shared environment.
pub fn in_browser<F, Fut>(test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = Page>,
{
    in_browser_with(true, test);
}

/// Runs `test` in a fresh browser session that asks for reduced motion or
/// not (animations: the celebration of a win).
pub fn in_browser_with<F, Fut>(reduced_motion: bool, test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = Page>,
{
    let env = env();
    env.runtime.block_on(async {
        let page = open_page_with(env, reduced_motion).await;
        let page = test(page).await;
        page.c.close().await.unwrap();
    });
}

pub async fn open_page(env: &Env) -> Page {
    open_page_with(env, true).await
}

pub async fn open_page_with(env: &Env, reduced_motion: bool) -> Page {
    let profile = tempfile::tempdir().unwrap();
    let mut caps = serde_json::Map::new();
    let mut args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--no-first-run".into(),
        "--disable-dev-shm-usage".into(),
        format!("--window-size={},{}", DESKTOP.0, DESKTOP.1),
        format!("--user-data-dir={}", profile.path().display()),
    ];
    if reduced_motion {
        // No card animations: every gesture's answer is drawn at once.
        args.push("--force-prefers-reduced-motion".into());
    }
    caps.insert("goog:chromeOptions".into(), json!({ "binary": CHROMIUM, "args": args }));
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

/// Moves the server's clock forward by `ms`: the in-process server's, and
/// every instance's when the pages are served by two instances.
pub async fn advance_clock(ms: i64) {
    let env = env();
    env.server.lock().unwrap().state().advance_clock(ms);
    if let Some((site, _)) = SITE.get() {
        site.advance_clock(ms).await;
    }
}

// ----- Talking to the API from the page ----------------------------------------

/// Calls the API from the page (with the page's cookie).
pub async fn fetch(c: &Client, method: &str, path: &str, body: Value) -> Value {
    let script = "const [method, path, body, done] = arguments;
        const init = { method, headers: {} };
        if (body !== null) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
        fetch(path, init).then(r => r.json()).then(done, e => done({ error: String(e) }));";
    c.execute_async(script, vec![json!(method), json!(path), body]).await.unwrap()
}

pub async fn api_view(c: &Client, id: &str) -> Value {
    let v = fetch(c, "GET", &format!("/api/games/{id}"), Value::Null).await;
    assert!(v["view"].is_object(), "no view: {v}");
    v["view"].clone()
}

pub async fn record(c: &Client, id: &str) -> String {
    let text = c
        .execute_async(
            "const [path, done] = arguments; fetch(path).then(r => r.text()).then(done);",
            vec![json!(format!("/api/games/{id}/record"))],
        )
        .await
        .unwrap();
    text.as_str().unwrap().to_string()
}

pub async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css)).await.unwrap().text().await.unwrap()
}

/// Waits until the game's action number (from the API) reaches `n`.
pub async fn wait_for_action(c: &Client, id: &str, n: u64) -> Value {
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
pub async fn shown(c: &Client) -> Value {
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
pub fn expected_shown(view: &Value) -> Value {
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
pub async fn wait_shown(c: &Client, view: &Value) {
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
pub fn core_table(game: &Game) -> Value {
    serde_json::to_value(GameView::of(game, 0, &patience_words::Lang::ENGLISH)).unwrap()["table"].clone()
}

/// After one gesture: waits for the server to apply exactly one action,
/// checks that it is `expected` (the last token of the record), that the
/// server's table is the one `local` (which played it too) has, and that
/// the page draws it. Returns the new view.
pub async fn expect_action(c: &Client, id: &str, local: &Game, expected: &str) -> Value {
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
pub async fn point(c: &Client, css: &str, top: bool) -> (f64, f64) {
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

pub fn mouse() -> MouseActions {
    MouseActions::new("mouse".into())
}

pub async fn perform(c: &Client, actions: MouseActions) {
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
}

pub fn move_to((x, y): (f64, f64)) -> PointerAction {
    PointerAction::MoveTo { duration: None, x: x.round(), y: y.round() }
}

pub async fn click_at(c: &Client, at: (f64, f64)) {
    let click = mouse()
        .then(move_to(at))
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    perform(c, click).await;
}

/// The element that shows the cards a move takes: the card `count` from the
/// top of pile `src`.
pub fn card_css(src: &str, count: u32) -> String {
    format!(".card[data-src=\"{src}\"][data-count=\"{count}\"]")
}

/// Where a move's cards land on the page: a column, or the first
/// foundation slot for `f` (the engine picks the slot).
pub fn pile_css(dst: &str) -> String {
    let pile = if dst == "f" { "f1" } else { dst };
    format!("[data-pile=\"{pile}\"]")
}

/// A move in notation taken apart: source pile, destination, count.
pub fn parts(mv: &str) -> (String, String, u32) {
    let (src, rest) = mv.split_once('-').unwrap_or_else(|| panic!("{mv} moves no cards"));
    let (dst, count) = rest.split_once(':').unwrap_or((rest, "1"));
    (src.to_string(), dst.to_string(), count.parse().unwrap())
}

/// Drags the cards of `mv` onto their destination with the mouse (pointer
/// events): press on the card, move in steps, release over the pile.
pub async fn drag_move(c: &Client, mv: &str) {
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
pub async fn click_move(c: &Client, mv: &str) {
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
pub async fn double_click_move(c: &Client, mv: &str) {
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

pub async fn click_stock(c: &Client) {
    click_at(c, point(c, "[data-pile=\"s\"]", false).await).await;
}

pub async fn press(c: &Client, keys: &[Key]) {
    let mut actions = KeyActions::new("keyboard".into());
    for &k in keys {
        actions = actions.then(KeyAction::Down { value: k.into() }).then(KeyAction::Up { value: k.into() });
    }
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
}

/// The piles in keyboard order and the index of the focused one.
pub async fn focus_state(c: &Client) -> (Vec<String>, Option<usize>) {
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
pub async fn focus_pile(c: &Client, pile: &str) {
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
pub async fn keyboard_move(c: &Client, mv: &str, view: &Value) {
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

pub async fn wait_for_game_page(c: &Client) -> String {
    let started = Instant::now();
    while !c.current_url().await.unwrap().path().starts_with("/game/") {
        if started.elapsed() >= PATIENCE {
            // What the page says instead (an error under the form, say).
            let said = c.execute("return document.body.innerText", vec![]).await.unwrap();
            panic!("the game page never opened; the page says: {said}");
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    wait_settled(c).await;
    c.current_url().await.unwrap().path().trim_start_matches("/game/").to_string()
}

/// Opens the page of game `id` and waits for its table to settle.
pub async fn open_game(page: &Page, id: &str) {
    page.c.goto(&format!("{}/game/{id}", page.base)).await.unwrap();
    wait_settled(&page.c).await;
}

/// Waits until the game page's table stops moving: the cards are sized by
/// the rules' opening and no line above the table (the par from the start)
/// is still on its way. A gesture aimed before then can land on the card
/// the table has since moved under the pointer.
pub async fn wait_settled(c: &Client) {
    let script = "return !!document.querySelector('#felt[data-sized-by=opening] .pile.column')
        && !document.querySelector('[aria-busy=true]')";
    let started = Instant::now();
    while !c.execute(script, vec![]).await.unwrap().as_bool().unwrap() {
        assert!(started.elapsed() < PATIENCE, "the game page's table never settled");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Starts deal `deal` of `game` from the home page's form; returns the id.
pub async fn start_from_home(page: &Page, game: &str, deal: u64) -> String {
    let c = &page.c;
    c.goto(&format!("{}/", page.base)).await.unwrap();
    // The deal number is under the game card's "More options".
    let summary = format!("#card-{game} details.options > summary");
    c.wait().for_element(Locator::Css(&summary)).await.unwrap().click().await.unwrap();
    let input = c.wait().for_element(Locator::Css(&format!("#deal-{game}"))).await.unwrap();
    input.send_keys(&deal.to_string()).await.unwrap();
    let form = input.find(Locator::XPath("ancestor::form")).await.unwrap();
    form.find(Locator::Css("button[type=submit]")).await.unwrap().click().await.unwrap();
    wait_for_game_page(c).await
}

/// Starts deal `deal` of `game` from a shared deal link and its "Play it".
pub async fn start_from_link(page: &Page, game: &str, deal: u64) -> String {
    let c = &page.c;
    c.goto(&format!("{}/?rules={game}&deal={deal}", page.base)).await.unwrap();
    let banner = c.wait().for_element(Locator::Css("#shared button")).await.unwrap();
    assert_eq!(text(c, "#shared span").await, format!("Deal {deal} was shared with you."));
    banner.click().await.unwrap();
    wait_for_game_page(c).await
}

// ----- Screenshots -----------------------------------------------------------------

/// Resizes the window so that the page's viewport is `width` x `height`.
pub async fn set_viewport(c: &Client, (width, height): (u32, u32)) {
    c.set_window_size(width, height).await.unwrap();
    let inner = c.execute("return [innerWidth, innerHeight]", vec![]).await.unwrap();
    let (w, h) = (inner[0].as_u64().unwrap() as u32, inner[1].as_u64().unwrap() as u32);
    if (w, h) != (width, height) {
        c.set_window_size(width + (width.saturating_sub(w)), height + height.saturating_sub(h)).await.unwrap();
    }
    // The page lays the table out again on resize.
    tokio::time::sleep(Duration::from_millis(200)).await;
}

/// Saves screenshots of the page at the three sizes as
/// `target/screenshots/NAME-desktop-1280.png`, `NAME-phone-390.png` and
/// `NAME-landscape-844.png`, and checks at each that nothing is wider than
/// the window and that the table fits its felt (no scroll bar around the
/// cards).
pub async fn screenshots(page: &Page, name: &str) {
    let c = &page.c;
    for (kind, size) in SIZES {
        set_viewport(c, size).await;
        c.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
        save_screenshot(page, &format!("{name}-{kind}-{}", size.0)).await;
        let overflow = c
            .execute(
                "const d = document.documentElement, f = document.getElementById('felt');
                 return [Math.max(0, d.scrollWidth - d.clientWidth),
                     f ? Math.max(0, f.scrollWidth - f.clientWidth) : 0,
                     f ? Math.max(0, f.scrollHeight - f.clientHeight) : 0];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(overflow, json!([0, 0, 0]), "{name} at {size:?}: the page or the table overflows");
    }
    set_viewport(c, DESKTOP).await;
}

/// Saves a screenshot of the window as `target/screenshots/FILE.png`.
pub async fn save_screenshot(page: &Page, file: &str) {
    let png = page.c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    std::fs::write(page.screenshots.join(format!("{file}.png")), png).unwrap();
}

/// Opens the game page's menu (Restart, Give up, ...) unless it is open.
pub async fn open_menu(c: &Client) {
    let open = c.execute("return document.getElementById('menu').open", vec![]).await.unwrap();
    if open != json!(true) {
        c.find(Locator::Css("#menu > summary")).await.unwrap().click().await.unwrap();
    }
}

/// Runs `test` with two browser sessions at once (two players, each with
/// their own cookie) on the shared environment.
pub fn in_two_browsers<F, Fut>(test: F)
where
    F: FnOnce(Page, Page) -> Fut,
    Fut: Future<Output = (Page, Page)>,
{
    let env = env();
    env.runtime.block_on(async {
        let (ann, bob) = tokio::join!(open_page(env), open_page(env));
        let (ann, bob) = test(ann, bob).await;
        ann.c.close().await.unwrap();
        bob.c.close().await.unwrap();
    });
}

/// Waits until the page's path starts with `prefix`; returns the path.
pub async fn wait_for_path(c: &Client, prefix: &str) -> String {
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
/// Answers yes to the question the page asks in its dialog (common.js
/// `ask`, the page's own `confirm()`): waits for it, checks it names
/// `about`, and clicks its yes button.
pub async fn answer_yes(c: &Client, about: &str) {
    wait_until(c, "the question", "!!document.querySelector('dialog#ask[open]')").await;
    let question = text(c, "#ask-text").await;
    assert!(question.contains(about), "the question {question:?} does not speak of {about:?}");
    c.find(Locator::Id("ask-yes")).await.unwrap().click().await.unwrap();
}

pub async fn wait_until(c: &Client, what: &str, test: &str) {
    let started = Instant::now();
    loop {
        if c.execute(&format!("return !!({test})"), vec![]).await.unwrap() == json!(true) {
            return;
        }
        assert!(started.elapsed() < PATIENCE, "never true: {what} ({test})");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A game's deal number as the server's store keeps it: a duel's game does
/// not tell its player until the duel closes.
pub async fn stored_deal(id: &str) -> u64 {
    let state = env().server.lock().unwrap().state().clone();
    let id = patience_server::ids::GameId::parse(id).expect("a game id");
    state.store().load_game(&id).await.unwrap().expect("the game is stored").deal
}

// ----- Accessibility and words -------------------------------------------------------

/// axe-core's script, installed by `scripts/install-axe.sh` into the target
/// folder (run here when it is missing); a test that needs it fails without it.
pub fn axe_source() -> &'static str {
    static AXE: OnceLock<String> = OnceLock::new();
    AXE.get_or_init(|| {
        let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().to_path_buf();
        let file = target.join("npm/node_modules/axe-core/axe.min.js");
        if !file.exists() {
            let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/install-axe.sh");
            let status = std::process::Command::new(&script).env("CARGO_TARGET_DIR", &target).status();
            eprintln!("{} ran: {status:?}", script.display());
        }
        std::fs::read_to_string(&file).unwrap_or_else(|e| {
            panic!("axe-core is missing ({}: {e}); scripts/install-axe.sh installs it", file.display())
        })
    })
}

/// Runs axe-core on the page as it stands; returns the serious and critical
/// violations as `rule (impact): help — nodes`.
pub async fn axe_serious(c: &Client) -> Vec<String> {
    let source = axe_source();
    let loaded = c.execute(&format!("{source}\n;return typeof window.axe"), vec![]).await.unwrap();
    assert_eq!(loaded, json!("object"), "axe-core did not load");
    let found = c
        .execute_async(
            "const done = arguments[0];
             axe.run(document, { resultTypes: ['violations'] }).then(
                 r => done(r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                     nodes: v.nodes.slice(0, 6).map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').replace(/\\s+/g, ' ')) }))),
                 e => done({ error: String(e) }));",
            vec![],
        )
        .await
        .unwrap();
    let list = found.as_array().unwrap_or_else(|| panic!("axe-core failed: {found}"));
    list.iter()
        .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
        .map(|v| format!("{} ({}): {} — {}", v["id"], v["impact"], v["help"], v["nodes"]))
        .collect()
}

/// What a player reads on the page that they should not: move notation
/// (`t3-t5`, `w-f`, `res-f:2`), internal codes (`time_up`, words joined by
/// `_`), the server's bookkeeping (`action number`, `stale`). The page's
/// text as shown (`innerText`), the title and the accessible names.
pub async fn unreadable_words(c: &Client) -> Vec<String> {
    let found = c
        .execute(
            r#"const names = [...document.querySelectorAll('[aria-label], [title]')]
                 .filter(e => e.offsetParent !== null || e === document.body)
                 .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
               const text = [document.title, document.body.innerText, ...names].join('\n');
               const bad = [/\b(t\d{1,2}|w|res|f\d?)-(t\d{1,2}|f\d?)(:\d+)?\b/g, /\b[a-z]+_[a-z_]+\b/g,
                   /\baction[ _]number\b/gi, /\bstale\b/gi, /\bHTTP\b/g, /\bserver answered\b/gi];
               return bad.flatMap(re => text.match(re) || []);"#,
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

/// Taps at a point with a finger (touch pointer events).
pub async fn tap_at(c: &Client, at: (f64, f64)) {
    let tap = fantoccini::actions::TouchActions::new("finger".into())
        .then(move_to(at))
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    c.perform_actions(tap).await.unwrap();
    c.release_actions().await.unwrap();
}

/// Taps the element `css` (scrolled into view) with a finger.
pub async fn tap(c: &Client, css: &str) {
    tap_at(c, point(c, css, false).await).await;
}

/// Drags with a finger from one point to another (touch pointer events).
pub async fn touch_drag(c: &Client, from: (f64, f64), to: (f64, f64)) {
    let drag = fantoccini::actions::TouchActions::new("finger".into())
        .then(move_to(from))
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::MoveBy { duration: Some(Duration::from_millis(50)), x: 8.0, y: 8.0 })
        .then(PointerAction::MoveTo { duration: Some(Duration::from_millis(200)), x: to.0.round(), y: to.1.round() })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    c.perform_actions(drag).await.unwrap();
    c.release_actions().await.unwrap();
}

/// Plays the actions of `line` (notation, `undo`, `restart`, ...) through
/// the API from the page, one after another; returns the last answer.
pub async fn play_line(c: &Client, id: &str, line: &[&str]) -> Value {
    c.execute_async(
        "const [id, line, done] = arguments;
         (async () => {
             let answer = null;
             for (const step of line) {
                 const view = answer ? answer.view : (await (await fetch(`/api/games/${id}`)).json()).view;
                 const body = { action_number: view.action_number };
                 if (['undo', 'redo', 'restart', 'quit'].includes(step)) body.action = step; else body.move = step;
                 const r = await fetch(`/api/games/${id}/actions`, { method: 'POST',
                     headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
                 answer = await r.json();
                 if (!r.ok) return { error: `${step}: ${answer.error}` };
             }
             return answer;
         })().then(done, e => done({ error: String(e) }));",
        vec![json!(id), json!(line)],
    )
    .await
    .unwrap()
}

/// A winning line for Harmony deal 1 (the one `crates/core/tests/it/scoring.rs`
/// checks): 84 moves, one redeal.
pub const HARMONY_DEAL_1_WIN: &str = "t3-t5 s t4-f t4-t1 t3-t1 s w-t5 t4-t5 s s s w-f s s w-t7 t5-t7:4 t6-t5 t6-t4 \
    t7-t6:6 s w-t6 s s s s s w-f s w-t2 s w-t1 s w-t2 s w-t4 t2-t4:3 w-t2 t5-t2:2 t6-t5:8 t6-f t5-f t6-f t2-f s \
    s s s s t3-f t5-f t5-f w-t3 s s r s s s s s w-t3 t5-t3:6 s s s t2-f t3-f t3-f t7-f t7-f t7-t3 t1-f w-f t1-f \
    t5-t2 t1-f t3-f w-f t2-f w-t1 w-f t1-f t4-f s";

/// `12,345` as `toLocaleString` writes it in English.
pub fn fmt_thousands(n: i64) -> String {
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
