//! Test harness: a real server on 127.0.0.1 with a real SQLite file (or
//! PostgreSQL database, or two instances behind nginx: see [`site`]), and a
//! small HTTP client that keeps its own cookie.

#![allow(dead_code)]

pub mod site;

pub use site::*;

use std::path::{Path, PathBuf};

use patience_server::{Config, Database, Durability, Logging, PostgresStore, Server, SqliteStore, Store};
use reqwest::StatusCode;
use serde_json::Value;

/// The database a test server runs on: an SQLite file in a temporary
/// folder, or, when `PATIENCE_TEST_BACKEND=postgres`, a fresh database in
/// the PostgreSQL cluster at `PATIENCE_TEST_POSTGRES` (the test script
/// starts one).
#[derive(Clone, Debug)]
pub struct TestDb(pub Database);

impl TestDb {
    /// As a command-line argument (for a server in a child process).
    pub fn arg(&self) -> String {
        match &self.0 {
            Database::Sqlite(path) => path.display().to_string(),
            Database::Postgres(url) => url.clone(),
        }
    }

    pub fn from_arg(arg: &str) -> TestDb {
        TestDb(arg.parse().expect("a database"))
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self.0, Database::Postgres(_))
    }
}

impl From<&TestDb> for TestDb {
    fn from(db: &TestDb) -> TestDb {
        db.clone()
    }
}

impl From<&Path> for TestDb {
    fn from(path: &Path) -> TestDb {
        TestDb(Database::Sqlite(path.to_path_buf()))
    }
}

impl From<&PathBuf> for TestDb {
    fn from(path: &PathBuf) -> TestDb {
        TestDb(Database::Sqlite(path.clone()))
    }
}

/// Whether the tests run on PostgreSQL (`PATIENCE_TEST_BACKEND=postgres`,
/// or `instances`: two instances share one PostgreSQL database).
pub fn on_postgres() -> bool {
    backend() != Backend::Sqlite
}

/// A fresh PostgreSQL database in the test cluster; its URL.
pub fn fresh_postgres_database() -> String {
    let admin = std::env::var("PATIENCE_TEST_POSTGRES")
        .expect("PATIENCE_TEST_POSTGRES names the test cluster (scripts/test.sh starts one)");
    let name = format!("t_{}", patience_server::ids::DuelId::random());
    let created = psql(&admin, &format!("CREATE DATABASE {name}")).expect("psql runs");
    assert!(created.status.success(), "CREATE DATABASE: {}", String::from_utf8_lossy(&created.stderr));
    let (base, _) = admin.rsplit_once('/').expect("the admin URL names a database");
    format!("{base}/{name}")
}

/// Runs one SQL statement with `psql` on the cluster's admin URL.
fn psql(admin: &str, sql: &str) -> std::io::Result<std::process::Output> {
    std::process::Command::new("psql").args([admin, "-q", "-c", sql]).output()
}

/// The configuration of a test server on a free port over `db`, with the
/// default limits, except the shares of one address: every test client is
/// 127.0.0.1, so a duel takes several participants from one address, and
/// one address may hold every connection, live stream and place in the
/// search pool (the tests of those shares set them, and connect from other
/// loopback addresses).
pub fn config(db: impl Into<TestDb>) -> Config {
    let mut config = Config {
        port: 0,
        database: db.into().0,
        durability: Durability::Full,
        logging: Logging::Off,
        services: patience_server::Settings {
            one_seat_per_address: false,
            search_places_per_address: Some(usize::MAX),
            ..Default::default()
        },
        ..Config::default()
    };
    config.connections.max_connections_per_address = config.connections.max_connections;
    config.services.streams.per_address = config.services.streams.in_total;
    config
}

/// Starts a server on a free port over `db`.
pub async fn start(db: impl Into<TestDb>) -> Server {
    start_with(config(db)).await
}

/// Starts a server with `config`.
pub async fn start_with(config: Config) -> Server {
    patience_server::start(&config).await.expect("server starts")
}

/// Starts a server with no rate limits, for tests that create hundreds of
/// players from one address.
pub async fn start_unlimited(db: impl Into<TestDb>) -> Server {
    let config = config(db);
    let services =
        patience_server::Settings { rate_limits: patience_server::RateLimits::unlimited(), ..config.services };
    start_with(Config { services, ..config }).await
}

/// Runs one SQL statement on the test's database, behind the server's back.
pub async fn execute(db: &TestDb, sql: &str) {
    match &db.0 {
        Database::Sqlite(path) => {
            let conn = rusqlite::Connection::open(path).unwrap();
            conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
            conn.execute_batch(sql).unwrap();
        }
        Database::Postgres(url) => {
            let pool = sqlx::PgPool::connect(url).await.unwrap();
            sqlx::query(sql).execute(&pool).await.unwrap();
            pool.close().await;
        }
    }
}

/// A database for one test: on the backend the run asks for. It lives as
/// long as the first value.
/// A store of its own on `db`, as another server would open it.
pub async fn open_store(db: &TestDb) -> std::sync::Arc<dyn Store> {
    match &db.0 {
        Database::Sqlite(path) => std::sync::Arc::new(SqliteStore::open(path, Durability::Full).await.unwrap()),
        Database::Postgres(url) => std::sync::Arc::new(PostgresStore::open(url, 8).await.unwrap()),
    }
}

pub fn temp_db() -> (Scratch, TestDb) {
    let dir = tempfile::tempdir().expect("temp dir");
    if on_postgres() {
        let url = fresh_postgres_database();
        let scratch = Scratch { _dir: dir, postgres: Some(url.clone()) };
        return (scratch, TestDb(Database::Postgres(url)));
    }
    let db = TestDb(Database::Sqlite(dir.path().join("patience.db")));
    (Scratch { _dir: dir, postgres: None }, db)
}

/// What a test's database takes: a temporary folder (SQLite's file), and
/// on PostgreSQL the database, dropped with it so that a whole run does not
/// pile up a database per test in the cluster.
pub struct Scratch {
    _dir: tempfile::TempDir,
    postgres: Option<String>,
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let Some(url) = &self.postgres else { return };
        let (Ok(admin), Some((_, name))) = (std::env::var("PATIENCE_TEST_POSTGRES"), url.rsplit_once('/')) else {
            return;
        };
        // A clean-up: the servers are gone or going (FORCE ends what is
        // left of their connections), and a failure only leaves the
        // database for the cluster's removal.
        let _ = psql(&admin, &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
    }
}

/// An answer: status, the raw text of headers and body, and the body as JSON
/// when it is JSON.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub content_type: String,
    /// Every header value and the body, for leak checks.
    pub raw: String,
    pub text: String,
    pub json: Value,
}

impl Answer {
    pub fn error(&self) -> &str {
        self.json["error"].as_str().unwrap_or_else(|| panic!("no error in {}: {}", self.status, self.text))
    }

    /// A header's value (names are lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        let body_at = self.raw.len() - self.text.len();
        self.raw[..body_at].lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(": "))
    }

    pub fn view(&self) -> &Value {
        assert!(self.status.is_success(), "{}: {}", self.status, self.text);
        &self.json["view"]
    }

    /// Asserts a 4xx answer with a JSON `{"error": ...}` body mentioning `words`.
    pub fn assert_error(&self, status: u16, words: &str) {
        assert_eq!(self.status.as_u16(), status, "{}", self.text);
        assert!(self.content_type.starts_with("application/json"), "content type {}", self.content_type);
        let message = self.error();
        assert!(message.contains(words), "error `{message}` should mention `{words}`");
    }
}

/// A password that every account of the tests may use.
pub const PASSWORD: &str = "correct horse battery";

/// A player: an HTTP client with its own `patience_id` cookie.
#[derive(Clone)]
pub struct Player {
    pub http: reqwest::Client,
    pub base: String,
    pub cookie: Option<String>,
}

impl Player {
    pub fn new(server: &impl Base) -> Player {
        Player { http: reqwest::Client::new(), base: server.base(), cookie: None }
    }

    /// A player whose requests come from `source` (an address of the
    /// loopback range: a client of its own).
    pub fn from(server: &impl Base, source: [u8; 4]) -> Player {
        let source = std::net::IpAddr::from(source);
        let http = reqwest::Client::builder().local_address(source).build().expect("a client");
        Player { http, base: server.base(), cookie: None }
    }

    /// The same player talking to another server (after a restart).
    pub fn at(&self, server: &impl Base) -> Player {
        Player { base: server.base(), ..self.clone() }
    }

    pub async fn send(&mut self, method: &str, path: &str, content_type: Option<&str>, body: Option<String>) -> Answer {
        self.try_send(method, path, content_type, body).await.expect("request answered")
    }

    /// Like [`Player::send`], but a request that gets no answer is an error.
    pub async fn try_send(
        &mut self,
        method: &str,
        path: &str,
        content_type: Option<&str>,
        body: Option<String>,
    ) -> Result<Answer, reqwest::Error> {
        let url = format!("{}{}", self.base, path);
        let mut req = self.http.request(method.parse().unwrap(), url);
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c.clone());
        }
        if let Some(ct) = content_type {
            req = req.header("content-type", ct);
        }
        if let Some(b) = body {
            req = req.body(b);
        }
        self.answer(req).await
    }

    /// Sends `req`, keeps a cookie the answer sets, and reads the answer.
    async fn answer(&mut self, req: reqwest::RequestBuilder) -> Result<Answer, reqwest::Error> {
        let resp = req.send().await?;
        let status = resp.status();
        let mut raw = String::new();
        for (name, value) in resp.headers() {
            raw.push_str(name.as_str());
            raw.push_str(": ");
            raw.push_str(&String::from_utf8_lossy(value.as_bytes()));
            raw.push('\n');
            if name == "set-cookie" {
                let pair = value.to_str().unwrap().split(';').next().unwrap();
                self.cookie = Some(with_cookie(self.cookie.take(), pair));
            }
        }
        let content_type =
            resp.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        let text = resp.text().await?;
        raw.push_str(&text);
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok(Answer { status, content_type, raw, text, json })
    }

    /// Sends a request with extra headers (and a JSON body, if any).
    pub async fn send_with(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<Value>,
    ) -> Answer {
        let url = format!("{}{}", self.base, path);
        let mut req = self.http.request(method.parse().unwrap(), url);
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c.clone());
        }
        if let Some(b) = body {
            req = req.header("content-type", "application/json").body(b.to_string());
        }
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        self.answer(req).await.expect("request answered")
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        self.send("GET", path, None, None).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Answer {
        self.send("POST", path, Some("application/json"), Some(body.to_string())).await
    }

    /// Creates a game; returns its id and the answer.
    pub async fn create(&mut self, rules: &str, deal: Option<u64>) -> (String, Answer) {
        let body = match deal {
            Some(d) => serde_json::json!({ "rules": rules, "deal": d }),
            None => serde_json::json!({ "rules": rules }),
        };
        let a = self.post("/api/games", body).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
        (a.json["id"].as_str().unwrap().to_string(), a)
    }

    pub async fn view(&mut self, id: &str) -> Answer {
        self.get(&format!("/api/games/{id}")).await
    }

    pub async fn play(&mut self, id: &str, number: u64, mv: &str) -> Answer {
        self.post(&format!("/api/games/{id}/actions"), serde_json::json!({ "action_number": number, "move": mv })).await
    }

    /// Plays as a patient client does: a 429 (duel moves are rate limited)
    /// is waited out for its `Retry-After` and the move sent again.
    pub async fn play_paced(&mut self, id: &str, number: u64, mv: &str) -> Answer {
        loop {
            let answer = self.play(id, number, mv).await;
            if answer.status != StatusCode::TOO_MANY_REQUESTS {
                return answer;
            }
            let secs = answer.header("retry-after").and_then(|s| s.parse().ok()).unwrap_or(1);
            tokio::time::sleep(std::time::Duration::from_secs(secs)).await;
        }
    }

    pub async fn act(&mut self, id: &str, number: u64, action: &str) -> Answer {
        self.post(&format!("/api/games/{id}/actions"), serde_json::json!({ "action_number": number, "action": action }))
            .await
    }

    pub async fn record(&mut self, id: &str) -> Answer {
        self.get(&format!("/api/games/{id}/record")).await
    }
}

/// The `Cookie` header `cookies` make with `pair` (`name=value`) set: a
/// cookie of the same name is replaced, others kept (the player's id and
/// the chosen language, `lang`).
fn with_cookie(cookies: Option<String>, pair: &str) -> String {
    let name = pair.split('=').next().unwrap_or("");
    let mut kept: Vec<&str> = cookies
        .as_deref()
        .unwrap_or("")
        .split("; ")
        .filter(|c| !c.is_empty() && c.split('=').next() != Some(name))
        .collect();
    kept.push(pair);
    kept.join("; ")
}

/// A duel's live stream, read as its events arrive.
pub struct EventStream {
    resp: reqwest::Response,
    buffer: String,
    /// Everything the stream has sent so far (for leak checks).
    pub raw: String,
}

impl EventStream {
    /// Opens duel `id`'s stream as player `p`.
    pub async fn open(p: &Player, id: &str) -> EventStream {
        let mut req = p.http.get(format!("{}/api/duels/{id}/events", p.base));
        if let Some(c) = &p.cookie {
            req = req.header("cookie", c.clone());
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), 200);
        EventStream { resp, buffer: String::new(), raw: String::new() }
    }

    /// The next `duel` event's data, or None when the stream ends; panics
    /// after 10 s of silence.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some((event, rest)) = self.buffer.split_once("\n\n") {
                let (event, rest) = (event.to_string(), rest.to_string());
                self.buffer = rest;
                if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data:")) {
                    return Some(serde_json::from_str(data.trim()).unwrap());
                }
                continue; // a keep-alive comment
            }
            let chunk = tokio::time::timeout(std::time::Duration::from_secs(10), self.resp.chunk())
                .await
                .expect("the stream says something within 10 s")
                .ok()??;
            let text = String::from_utf8_lossy(&chunk);
            self.raw.push_str(&text);
            self.buffer.push_str(&text);
        }
    }

    /// Reads events until one satisfies `wanted`; panics if none does
    /// within `within`.
    pub async fn wait_for(&mut self, what: &str, within: std::time::Duration, wanted: impl Fn(&Value) -> bool) {
        let found = async {
            while let Some(event) = self.next().await {
                if wanted(&event) {
                    return;
                }
            }
            panic!("the stream ended before {what}");
        };
        tokio::time::timeout(within, found).await.unwrap_or_else(|_| panic!("{what} within {within:?}"));
    }
}

/// The action number a view carries.
pub fn number(view: &Value) -> u64 {
    view["action_number"].as_u64().expect("action_number")
}

/// The legal moves a view lists.
pub fn moves(view: &Value) -> Vec<String> {
    view["table"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["notation"].as_str().unwrap().to_string())
        .collect()
}

/// A small deterministic random source for the tests.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The actions of a game record, in order, without their times.
pub fn record_actions(record: &str) -> Vec<String> {
    record
        .lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with('#') && !l.trim().is_empty())
        .flat_map(|l| l.split_whitespace())
        .map(|t| t.split('@').next().unwrap().to_string())
        .collect()
}

/// A winnable Harmony deal, the first `k` moves of a winning line, and a
/// move after them that loses it, in notation: a game made for the
/// analysis to mark (the replay tests, through the API and in the browser).
pub fn losing_game(k: usize) -> (u64, Vec<String>, String) {
    use patience_core::game::Action;
    use patience_core::{presets, Position};
    use patience_solver::{solve, Budget, Verdict};
    let rules = presets::find("harmony").unwrap();
    let budget = Budget::default().with_nodes(2_000_000);
    for deal in 1..60 {
        let start = Position::deal(rules, deal);
        let Some(line) = solve(&start, &budget).outcome.solution().map(<[_]>::to_vec) else { continue };
        if line.len() <= k + 5 {
            continue;
        }
        let mut pos = start.clone();
        for &mv in &line[..k] {
            pos.play(mv).unwrap();
        }
        for &mv in pos.legal_moves().iter() {
            let mut next = pos.clone();
            next.play(mv).unwrap();
            if solve(&next, &budget).outcome.verdict() == Verdict::Lost {
                let text = |mv| Action::Play(mv).to_string();
                return (deal, line[..k].iter().map(|&m| text(m)).collect(), text(mv));
            }
        }
    }
    panic!("no deal with a losing move after {k} good ones");
}

/// The first classic Lasker deal of 1..=20 (every card dealt face up) that
/// the solver wins within `within`, with its winning line: a game where
/// every card is known and decisions remain (Finish and the winning line's
/// tests, through the API and in the browser).
pub fn a_won_classic_lasker_deal(within: std::time::Duration) -> (u64, Vec<patience_core::Move>) {
    let rules = patience_core::presets::find("lasker/classic").unwrap();
    let budget = patience_solver::Budget::default().with_timeout(within);
    (1..=20u64)
        .find_map(|deal| {
            let report = patience_solver::solve(&patience_core::Position::deal(rules, deal), &budget);
            report.outcome.solution().map(|line| (deal, line.to_vec()))
        })
        .unwrap_or_else(|| panic!("no classic Lasker deal of 1..=20 is won within {within:?}"))
}
