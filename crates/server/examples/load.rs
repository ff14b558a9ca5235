//! A load benchmark on loopback: simulated players against a real server
//! with SQLite and durable commits (`synchronous=FULL` by default).
//!
//! The server runs on a Tokio runtime of its own (its own threads), or is
//! another process given with `--url`. Each player creates a game (the five
//! games in turn), then, after a think time, posts a random legal move from
//! its view, and again; it starts a new game when the game ends or after 150
//! moves. Think times are exponentially distributed with the mean that makes
//! the offered load `--rate` moves per second over all players. The first
//! `--warmup` seconds are not counted.
//!
//! ```sh
//! cargo run --release -p patience-server --example load -- --players 500 --rate 2250 --seconds 30
//! ```
//!
//! Options: `--players N` (500), `--rate MOVES_PER_S` (2250; 0 = no think
//! time), `--seconds S` (30, measured), `--warmup S` (3), `--durability
//! full|normal` (full), `--url http://127.0.0.1:8080` (a server that is
//! already running, with `--no-rate-limits`; by default one is started on a
//! temporary database),
//! `--server-threads N` (2), `--search-threads N` (the server's default:
//! one fewer than the cores, at least one), `--per-second` (the figures of every second),
//! `--hints N` (0: besides the players, N clients each asking the honest
//! player for hints one after another, to see moves keep their latency
//! while searches run), `--streams N` (0: besides the players, N clients
//! each holding a live duel stream open), `--accounts` (every player signs
//! up before the run starts and plays signed in), `--rated-duels N` (0:
//! besides the players, N pairs of accounts playing rated duels one after
//! another, each closing and changing both ratings), `--daily` (every
//! player's first game is its one attempt at today's daily deal of its
//! first game, the day's deals chosen before the run starts, and when it
//! ends the player reads the day's board once), `--watched-duel N` (0:
//! besides the players, one Harmony duel whose two participants play
//! `--duel-rate` moves a second between them (20), watched by N clients
//! each holding its live stream open; its moves are counted apart, and with
//! `--players 0` the server's CPU per duel move is what the streams cost).
//!
//! It prints the accepted moves per second, the latency percentiles of the
//! moves (request sent to answer read), the games created, the refused
//! requests and, when the server runs in this process, the CPU time its
//! threads and the players' threads used.

#[path = "common/answer.rs"]
mod answer;
#[path = "common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use patience_server::services::duels::feed::StreamCaps;
use patience_server::{Config, Durability, Logging, RateLimits, Settings};
use serde_json::json;

use answer::Answer;
use common::Rng;

const GAMES: [&str; 6] = ["harp", "grosse-harfe", "harmony", "klondike", "pitchfork", "lasker"];
/// Moves a player makes in one game at most before starting another.
const MOVES_PER_GAME: usize = 150;

struct Options {
    players: usize,
    rate: f64,
    seconds: f64,
    warmup: f64,
    durability: Durability,
    url: Option<String>,
    server_threads: usize,
    search_threads: usize,
    per_second: bool,
    hints: usize,
    streams: usize,
    accounts: bool,
    rated_duels: usize,
    daily: bool,
    watched_duel: usize,
    duel_rate: f64,
}

fn options() -> anyhow::Result<Options> {
    let mut o = Options {
        players: 500,
        rate: 2250.0,
        seconds: 30.0,
        warmup: 3.0,
        durability: Durability::Full,
        url: None,
        server_threads: 2,
        search_threads: Settings::default().search_threads,
        per_second: false,
        hints: 0,
        streams: 0,
        accounts: false,
        rated_duels: 0,
        daily: false,
        watched_duel: 0,
        duel_rate: 20.0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow::anyhow!("{flag} needs a value"));
        match flag.as_str() {
            "--players" => o.players = value()?.parse()?,
            "--rate" => o.rate = value()?.parse()?,
            "--seconds" => o.seconds = value()?.parse()?,
            "--warmup" => o.warmup = value()?.parse()?,
            "--durability" => {
                o.durability = match value()?.as_str() {
                    "full" => Durability::Full,
                    "normal" => Durability::Normal,
                    other => anyhow::bail!("durability `{other}`: use full or normal"),
                }
            }
            "--url" => o.url = Some(value()?),
            "--server-threads" => o.server_threads = value()?.parse()?,
            "--search-threads" => o.search_threads = value()?.parse()?,
            "--per-second" => o.per_second = true,
            "--hints" => o.hints = value()?.parse()?,
            "--streams" => o.streams = value()?.parse()?,
            "--accounts" => o.accounts = true,
            "--rated-duels" => o.rated_duels = value()?.parse()?,
            "--daily" => o.daily = true,
            "--watched-duel" => o.watched_duel = value()?.parse()?,
            "--duel-rate" => o.duel_rate = value()?.parse()?,
            other => anyhow::bail!("unknown option `{other}` (see the top of examples/load.rs)"),
        }
    }
    Ok(o)
}

/// What one player saw.
#[derive(Default)]
struct Tally {
    /// (when sent, since the start; latency) of every accepted move.
    moves: Vec<(Duration, Duration)>,
    created: usize,
    refused: usize,
    errors: usize,
    /// Hints answered, and refused as busy (by the hint clients).
    hints: usize,
    hints_refused: usize,
    /// Live streams held to the end (by the stream clients).
    streams: usize,
    /// Rated duels played to their close (by the duel pairs).
    rated_duels: usize,
    /// Daily deals played, and their boards read.
    daily: usize,
    boards: usize,
    /// (when sent, since the start; latency) of every accepted move of the
    /// watched duel (by its participants).
    duel_moves: Vec<(Duration, Duration)>,
    /// Events received (by the watched duel's stream clients).
    events: usize,
    /// The watched duel's actions, all of them, and the CPU seconds of the
    /// server's and SQLite's threads while they were played (the streams
    /// already open).
    duel_actions: usize,
    duel_cpu: f64,
}

fn main() -> anyhow::Result<()> {
    let o = options()?;
    // The server, unless one is given, on a runtime of its own.
    let dir = tempfile::tempdir()?;
    let server_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(o.server_threads)
        .thread_name("server")
        .enable_all()
        .build()?;
    let (server, base) = match &o.url {
        Some(url) => (None, url.trim_end_matches('/').to_string()),
        None => {
            let config = Config {
                port: 0,
                database: patience_server::Database::Sqlite(dir.path().join("load.db")),
                durability: o.durability,
                logging: Logging::Off,
                // Five hundred players from one address: a benchmark of
                // moves, not of the limits on creating players and games.
                services: Settings {
                    rate_limits: RateLimits::unlimited(),
                    // The duel pairs play from one address.
                    one_seat_per_address: false,
                    search_threads: o.search_threads,
                    // Every client is 127.0.0.1: its share of the streams
                    // and connections is the server's.
                    streams: StreamCaps { per_address: 8192, in_total: 8192, ..StreamCaps::default() },
                    ..Settings::default()
                },
                ..Config::default()
            };
            let mut config = config;
            config.connections.max_connections = 8192;
            config.connections.max_connections_per_address = 8192;
            let server = server_runtime.block_on(patience_server::start(&config))?;
            let url = server.url();
            (Some(server), url)
        }
    };
    let players_runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name("players").enable_all().build()?;
    // Accounts are made before the clock starts: a sign-up hashes a password.
    let cookies = if o.accounts {
        players_runtime.block_on(sign_up_all(&base, "load", o.players))?.into_iter().map(Some).collect()
    } else {
        vec![None; o.players]
    };
    let pairs = players_runtime.block_on(sign_up_all(&base, "duel", 2 * o.rated_duels))?;
    // The day's deals are chosen before the clock starts, as the worker
    // that chooses them ahead would have.
    if o.daily {
        players_runtime.block_on(choose_daily_deals(&base))?;
    }
    let cpu_before = cpu_by_thread_group();
    let started = Instant::now();
    let tallies = players_runtime.block_on(run_players(&o, &base, started, cookies, pairs))?;
    let wall = started.elapsed();
    let cpu_after = cpu_by_thread_group();
    if let Some(server) = server {
        server_runtime.block_on(server.stop())?;
    }

    let mut latencies: Vec<Duration> = Vec::new();
    let (mut created, mut refused, mut errors) = (0, 0, 0);
    let (mut hints, mut hints_refused, mut streams, mut rated_duels) = (0, 0, 0, 0);
    let (mut daily, mut boards) = (0, 0);
    let (mut duel_latencies, mut events): (Vec<Duration>, usize) = (Vec::new(), 0);
    let (mut duel_actions, mut duel_cpu) = (0, 0.0);
    let warmup = Duration::from_secs_f64(o.warmup);
    for t in &tallies {
        latencies.extend(t.moves.iter().filter(|(at, _)| *at >= warmup).map(|(_, l)| *l));
        created += t.created;
        refused += t.refused;
        errors += t.errors;
        hints += t.hints;
        hints_refused += t.hints_refused;
        streams += t.streams;
        rated_duels += t.rated_duels;
        daily += t.daily;
        boards += t.boards;
        duel_latencies.extend(t.duel_moves.iter().filter(|(at, _)| *at >= warmup).map(|(_, l)| *l));
        events += t.events;
        duel_actions += t.duel_actions;
        duel_cpu += t.duel_cpu;
    }
    if o.per_second {
        per_second(&tallies, warmup);
    }
    latencies.sort();
    let pct = |p: f64| {
        if latencies.is_empty() {
            Duration::ZERO
        } else {
            latencies[((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1]
        }
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let durability = if o.url.is_some() { "the given server's".to_string() } else { format!("{:?}", o.durability) };
    println!(
        "{} players, offered {} moves/s, {durability} durability, {:.0} s measured after {:.0} s warm-up",
        o.players,
        if o.rate > 0.0 { format!("{:.0}", o.rate) } else { "as many".into() },
        o.seconds,
        o.warmup
    );
    println!(
        "accepted {} moves: {:.0} moves/s; latency p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        latencies.len() as f64 / o.seconds,
        ms(pct(0.50)),
        ms(pct(0.95)),
        ms(pct(0.99)),
        ms(latencies.last().copied().unwrap_or_default()),
    );
    println!("{created} games created, {refused} requests refused, {errors} failed");
    if o.hints > 0 {
        println!("{} hint clients: {hints} hints answered, {hints_refused} refused as busy", o.hints);
    }
    if o.streams > 0 {
        println!("{} stream clients: {streams} live duel streams held open to the end", o.streams);
    }
    if o.accounts {
        println!("every player signed in to an account of its own");
    }
    if o.rated_duels > 0 {
        println!("{} pairs of accounts: {rated_duels} rated duels closed, each changing two ratings", o.rated_duels);
    }
    if o.daily {
        println!("{daily} attempts at today's daily deals, {boards} daily boards read");
    }
    let duel_moves = duel_latencies.len();
    if o.watched_duel > 0 {
        duel_latencies.sort();
        let at = |p: f64| {
            duel_latencies
                .get(((duel_moves as f64 * p).ceil() as usize).clamp(1, duel_moves.max(1)) - 1)
                .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        println!(
            "watched duel: {} streams, {duel_moves} duel actions measured ({:.1}/s; moves and their undos), \
             p50 {:.2} ms, p99 {:.2} ms; {:.1} events a stream ({:.2} a duel action)",
            o.watched_duel,
            duel_moves as f64 / o.seconds,
            at(0.5),
            at(0.99),
            events as f64 / o.watched_duel as f64,
            events as f64 / o.watched_duel as f64 / duel_actions.max(1) as f64,
        );
    }
    let used = |group: &str| cpu_after.get(group).unwrap_or(&0.0) - cpu_before.get(group).unwrap_or(&0.0);
    if o.url.is_none() && o.players == 0 && o.watched_duel > 0 {
        println!(
            "CPU per duel action (server and SQLite threads while the duel was played, its streams open): {:.3} ms",
            1e3 * duel_cpu / duel_actions.max(1) as f64
        );
    }
    if o.url.is_none() {
        let secs = wall.as_secs_f64();
        println!(
            "CPU: server threads {:.0}% of one core, SQLite threads {:.0}%, search threads {:.0}%, \
             player threads {:.0}%; {:.0} µs of server and SQLite CPU per accepted move",
            100.0 * used("server") / secs,
            100.0 * used("sqlite") / secs,
            100.0 * used("search") / secs,
            100.0 * used("players") / secs,
            1e6 * (used("server") + used("sqlite"))
                / (latencies.len().max(1) as f64 * (o.seconds + o.warmup) / o.seconds),
        );
    }
    Ok(())
}

/// Signs up `n` accounts named `{stem}-{i}`, a few at a time; returns
/// their session cookies.
async fn sign_up_all(base: &str, stem: &str, n: usize) -> anyhow::Result<Vec<String>> {
    let client = reqwest::Client::new();
    let mut cookies = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(8) {
        let mut signing = Vec::new();
        for &i in chunk {
            let (client, url) = (client.clone(), format!("{base}/api/account/sign-up"));
            let body = json!({ "name": format!("{stem}-{i}"), "password": "load test password" });
            signing.push(tokio::spawn(async move { client.post(url).json(&body).send().await }));
        }
        for s in signing {
            let resp = s.await??;
            anyhow::ensure!(resp.status().is_success(), "sign-up: {}", resp.status());
            let cookie = resp
                .headers()
                .get("set-cookie")
                .and_then(|v| v.to_str().ok()?.split(';').next().map(str::to_string))
                .ok_or_else(|| anyhow::anyhow!("no session cookie"))?;
            cookies.push(cookie);
        }
    }
    Ok(cookies)
}

async fn run_players(
    o: &Options,
    base: &str,
    started: Instant,
    cookies: Vec<Option<String>>,
    pairs: Vec<String>,
) -> anyhow::Result<Vec<Tally>> {
    let client = reqwest::Client::builder().pool_max_idle_per_host(o.players).build()?;
    let deadline = started + Duration::from_secs_f64(o.warmup + o.seconds);
    // Mean think time per player for the offered rate.
    let think = if o.rate > 0.0 { Duration::from_secs_f64(o.players as f64 / o.rate) } else { Duration::ZERO };
    let mut tasks = Vec::new();
    for (i, cookie) in cookies.into_iter().enumerate() {
        let client = client.clone();
        let base = base.to_string();
        let pace = Pace { think, started, deadline };
        tasks.push(tokio::spawn(player(client, base, i, cookie, o.daily, pace)));
    }
    for pair in pairs.chunks(2) {
        let (a, b) = (pair[0].clone(), pair[1].clone());
        tasks.push(tokio::spawn(rated_duels(client.clone(), base.to_string(), a, b, deadline)));
    }
    for i in 0..o.hints {
        tasks.push(tokio::spawn(hint_client(client.clone(), base.to_string(), i, deadline)));
    }
    for i in 0..o.streams {
        tasks.push(tokio::spawn(stream_client(client.clone(), base.to_string(), i, deadline)));
    }
    if o.watched_duel > 0 {
        let duel = watched_duel(&client, base).await?;
        // The watchers first, then the play.
        let (ready, mut all_ready) = tokio::sync::mpsc::channel::<()>(o.watched_duel);
        for _ in 0..o.watched_duel {
            let url = format!("{base}/api/duels/{}/events", duel.id);
            tasks.push(tokio::spawn(watcher(client.clone(), url, ready.clone(), deadline)));
        }
        drop(ready);
        for _ in 0..o.watched_duel {
            all_ready.recv().await;
        }
        let pace = Pace { think: Duration::from_secs_f64(1.0 / o.duel_rate.max(0.1)), started, deadline };
        tasks.push(tokio::spawn(play_watched_duel(client.clone(), base.to_string(), duel, pace)));
    }
    let mut tallies = Vec::new();
    for t in tasks {
        tallies.push(t.await??);
    }
    Ok(tallies)
}

/// Asks for today's daily deal of every game, so that each is chosen and
/// committed.
async fn choose_daily_deals(base: &str) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let today: serde_json::Value = client.get(format!("{base}/api/daily")).send().await?.json().await?;
    let day = today["day"].as_str().ok_or_else(|| anyhow::anyhow!("no day: {today}"))?;
    for game in GAMES {
        let resp = client.get(format!("{base}/api/daily/{game}/{day}")).send().await?;
        anyhow::ensure!(resp.status().is_success(), "the daily deal of {game}: {}", resp.text().await?);
    }
    Ok(())
}

/// Creates a game as a new player; returns the cookie and the game's id.
async fn new_game(client: &reqwest::Client, base: &str, rules: &str) -> anyhow::Result<(String, String)> {
    let resp = client.post(format!("{base}/api/games")).json(&json!({ "rules": rules })).send().await?;
    let cookie = resp
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok()?.split(';').next().map(str::to_string))
        .ok_or_else(|| anyhow::anyhow!("no cookie: {}", resp.status()))?;
    let created: Answer = serde_json::from_slice(&resp.bytes().await?)?;
    Ok((cookie, created.id))
}

/// Asks for hints on a Harmony game, one after another, until `deadline`.
async fn hint_client(client: reqwest::Client, base: String, index: usize, deadline: Instant) -> anyhow::Result<Tally> {
    let mut tally = Tally::default();
    let (cookie, game) = new_game(&client, &base, GAMES[index % GAMES.len()]).await?;
    while Instant::now() < deadline {
        let resp = client.get(format!("{base}/api/games/{game}/hint")).header("cookie", &cookie).send().await?;
        match resp.status().as_u16() {
            200 => tally.hints += 1,
            503 => {
                tally.hints_refused += 1;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            other => anyhow::bail!("hint: {other}: {}", resp.text().await?),
        }
        let _ = resp.bytes().await;
    }
    Ok(tally)
}

/// Opens a duel and holds its live stream open until `deadline`.
async fn stream_client(
    client: reqwest::Client,
    base: String,
    index: usize,
    deadline: Instant,
) -> anyhow::Result<Tally> {
    let mut tally = Tally::default();
    let (cookie, _) = new_game(&client, &base, "lasker").await?;
    let resp = client
        .post(format!("{base}/api/duels"))
        .header("cookie", &cookie)
        .json(&json!({ "rules": GAMES[index % GAMES.len()], "name": format!("Watcher {index}") }))
        .send()
        .await?;
    let duel: serde_json::Value = serde_json::from_slice(&resp.bytes().await?)?;
    let id = duel["id"].as_str().ok_or_else(|| anyhow::anyhow!("no duel: {duel}"))?;
    let mut stream = client.get(format!("{base}/api/duels/{id}/events")).header("cookie", &cookie).send().await?;
    anyhow::ensure!(stream.status().is_success(), "stream: {}", stream.status());
    loop {
        match tokio::time::timeout_at(deadline.into(), stream.chunk()).await {
            Err(_) => {
                tally.streams += 1;
                return Ok(tally);
            }
            Ok(Ok(Some(_))) => {}
            Ok(_) => {
                tally.errors += 1;
                return Ok(tally);
            }
        }
    }
}

/// The watched duel: its id, and each participant's cookie and game.
struct WatchedDuel {
    id: String,
    seats: Vec<(String, String)>,
}

/// Opens a Harmony duel for two new players and both their games.
async fn watched_duel(client: &reqwest::Client, base: &str) -> anyhow::Result<WatchedDuel> {
    let (a, _) = new_game(client, base, "lasker").await?;
    let (b, _) = new_game(client, base, "lasker").await?;
    let post = |cookie: &str, path: String, body: serde_json::Value| {
        client.post(format!("{base}{path}")).header("cookie", cookie).json(&body).send()
    };
    let created = post(&a, "/api/duels".into(), json!({"rules": "harmony", "name": "A"})).await?;
    let duel: serde_json::Value = serde_json::from_slice(&created.bytes().await?)?;
    let id = duel["id"].as_str().ok_or_else(|| anyhow::anyhow!("no duel: {duel}"))?.to_string();
    let joined = post(&b, format!("/api/duels/{id}/join"), json!({"name": "B"})).await?;
    anyhow::ensure!(joined.status().is_success(), "join: {}", joined.status());
    let mut seats = Vec::new();
    for cookie in [a, b] {
        let opened: serde_json::Value =
            serde_json::from_slice(&post(&cookie, format!("/api/duels/{id}/play"), json!({})).await?.bytes().await?)?;
        let game = opened["game_id"].as_str().ok_or_else(|| anyhow::anyhow!("no game: {opened}"))?.to_string();
        seats.push((cookie, game));
    }
    Ok(WatchedDuel { id, seats })
}

/// The watched duel's two participants, acting in turn every `pace.think`
/// until the deadline: each plays a random legal move, then takes it back
/// (Harmony allows undo, at a cost to the score), so that their games last
/// however long the run; every action changes the duel.
async fn play_watched_duel(
    client: reqwest::Client,
    base: String,
    duel: WatchedDuel,
    pace: Pace,
) -> anyhow::Result<Tally> {
    let mut tally = Tally::default();
    let mut rng = Rng::new(7);
    let mut views = Vec::new();
    for (cookie, game) in &duel.seats {
        let shown = client.get(format!("{base}/api/games/{game}")).header("cookie", cookie).send().await?;
        views.push(serde_json::from_slice::<Answer>(&shown.bytes().await?)?.view);
    }
    let cpu_before = cpu_by_thread_group();
    let mut next = tokio::time::Instant::now();
    for turn in 0.. {
        next += pace.think;
        tokio::time::sleep_until(next).await;
        if Instant::now() >= pace.deadline {
            break;
        }
        let seat = turn % 2;
        let (cookie, game) = &duel.seats[seat];
        let view = &views[seat];
        if view.outcome != "playing" || view.table.moves.is_empty() {
            continue;
        }
        let body = if view.can_undo {
            format!(r#"{{"action_number":{},"action":"undo"}}"#, view.action_number)
        } else {
            let mv = &view.table.moves[rng.below(view.table.moves.len())].notation;
            format!(r#"{{"action_number":{},"move":"{mv}"}}"#, view.action_number)
        };
        let sent = Instant::now();
        let resp = client
            .post(format!("{base}/api/games/{game}/actions"))
            .header("cookie", cookie)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?;
        let ok = resp.status().is_success();
        let bytes = resp.bytes().await?;
        if !ok {
            tally.refused += 1;
            continue;
        }
        tally.duel_moves.push((sent - pace.started, sent.elapsed()));
        tally.duel_actions += 1;
        views[seat] = serde_json::from_slice::<Answer>(&bytes)?.view;
    }
    let cpu_after = cpu_by_thread_group();
    let used = |group: &str| cpu_after.get(group).unwrap_or(&0.0) - cpu_before.get(group).unwrap_or(&0.0);
    tally.duel_cpu = used("server") + used("sqlite");
    Ok(tally)
}

/// Holds the watched duel's live stream open until `deadline`, counting
/// its events; says it is ready once the first has come.
async fn watcher(
    client: reqwest::Client,
    url: String,
    ready: tokio::sync::mpsc::Sender<()>,
    deadline: Instant,
) -> anyhow::Result<Tally> {
    let mut tally = Tally::default();
    let mut stream = client.get(url).send().await?;
    anyhow::ensure!(stream.status().is_success(), "stream: {}", stream.status());
    let mut ready = Some(ready);
    loop {
        match tokio::time::timeout_at(deadline.into(), stream.chunk()).await {
            Err(_) => {
                tally.streams += 1;
                return Ok(tally);
            }
            Ok(Ok(Some(chunk))) => {
                let events = chunk.windows(11).filter(|w| w == b"event: duel").count();
                tally.events += events;
                if events > 0 {
                    if let Some(ready) = ready.take() {
                        let _ = ready.send(()).await;
                    }
                }
            }
            Ok(_) => {
                tally.errors += 1;
                return Ok(tally);
            }
        }
    }
}

/// Prints the accepted moves and the latency percentiles of each second
/// (by when the move was sent), to tell a steady tail from a few bad seconds.
fn per_second(tallies: &[Tally], warmup: Duration) {
    let mut seconds: std::collections::BTreeMap<u64, Vec<Duration>> = Default::default();
    for t in tallies {
        for (at, l) in t.moves.iter().filter(|(at, _)| *at >= warmup) {
            seconds.entry((*at - warmup).as_secs()).or_default().push(*l);
        }
    }
    for (second, mut l) in seconds {
        l.sort();
        let at = |p: f64| l[((l.len() as f64 * p) as usize).min(l.len() - 1)].as_secs_f64() * 1000.0;
        println!(
            "  second {second:3}: {:5} moves, p50 {:6.2} ms, p99 {:6.2} ms, max {:6.2} ms",
            l.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}

/// Two accounts playing rated Lasker duels one after another until
/// `deadline`: one creates, the other joins, both give up; the duel closes
/// and both ratings change.
async fn rated_duels(
    client: reqwest::Client,
    base: String,
    a: String,
    b: String,
    deadline: Instant,
) -> anyhow::Result<Tally> {
    let mut tally = Tally::default();
    let post = |cookie: &str, path: String, body: serde_json::Value| {
        client.post(format!("{base}{path}")).header("cookie", cookie).json(&body).send()
    };
    while Instant::now() < deadline {
        let created = post(&a, "/api/duels".into(), json!({"rules": "lasker", "name": "A", "rated": true})).await?;
        let duel: serde_json::Value = serde_json::from_slice(&created.bytes().await?)?;
        let id = duel["id"].as_str().ok_or_else(|| anyhow::anyhow!("no duel: {duel}"))?.to_string();
        let joined = post(&b, format!("/api/duels/{id}/join"), json!({"name": "B"})).await?;
        anyhow::ensure!(joined.status().is_success(), "join: {}: {}", joined.status(), joined.text().await?);
        for cookie in [&a, &b] {
            let opened: serde_json::Value = serde_json::from_slice(
                &post(cookie, format!("/api/duels/{id}/play"), json!({})).await?.bytes().await?,
            )?;
            let game = opened["game_id"].as_str().ok_or_else(|| anyhow::anyhow!("no game: {opened}"))?.to_string();
            let body = json!({"action_number": 0, "action": "quit"});
            post(cookie, format!("/api/games/{game}/actions"), body).await?.bytes().await?;
        }
        // Everyone finished: the next look closes it and rates it.
        let closed: serde_json::Value = serde_json::from_slice(
            &client.get(format!("{base}/api/duels/{id}")).header("cookie", &a).send().await?.bytes().await?,
        )?;
        if closed["status"] == "closed" {
            tally.rated_duels += 1;
        } else {
            tally.errors += 1;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Ok(tally)
}

/// When a player plays: the run's start, its end, and the mean think time.
#[derive(Copy, Clone)]
struct Pace {
    think: Duration,
    started: Instant,
    deadline: Instant,
}

async fn player(
    client: reqwest::Client,
    base: String,
    index: usize,
    cookie: Option<String>,
    daily: bool,
    pace: Pace,
) -> anyhow::Result<Tally> {
    let Pace { think, started, deadline } = pace;
    let mut rng = Rng::new(index);
    let mut tally = Tally::default();
    let mut cookie = cookie;
    let mut daily = daily;
    // Players arrive spread over one mean think time.
    tokio::time::sleep(think.mul_f64(rng.below(1000) as f64 / 1000.0)).await;
    let mut game = 0;
    'games: while Instant::now() < deadline {
        let rules = GAMES[(index + game) % GAMES.len()];
        game += 1;
        let this_is_daily = std::mem::take(&mut daily);
        let mut req = if this_is_daily {
            let name = format!("Load {index}");
            client.post(format!("{base}/api/daily/{rules}/play")).json(&json!({ "name": name }))
        } else {
            client.post(format!("{base}/api/games")).json(&json!({ "rules": rules }))
        };
        if let Some(c) = &cookie {
            req = req.header("cookie", c);
        }
        let resp = match req.send().await {
            Ok(r) => r,
            Err(_) => {
                tally.errors += 1;
                continue;
            }
        };
        if cookie.is_none() {
            cookie =
                resp.headers().get("set-cookie").map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string());
        }
        if !resp.status().is_success() {
            tally.refused += 1;
            continue;
        }
        let created = if this_is_daily {
            daily_game(&client, &base, resp, cookie.as_deref().unwrap_or_default()).await
        } else {
            resp.bytes().await.map_err(anyhow::Error::from).and_then(|b| Ok(serde_json::from_slice::<Answer>(&b)?))
        };
        let Ok(created) = created else {
            tally.errors += 1;
            continue;
        };
        tally.created += 1;
        tally.daily += usize::from(this_is_daily);
        let url = format!("{base}/api/games/{}/actions", created.id);
        let mut view = created.view;
        for _ in 0..MOVES_PER_GAME {
            tokio::time::sleep(rng.think(think)).await;
            if Instant::now() >= deadline {
                break 'games;
            }
            if view.outcome != "playing" || view.table.moves.is_empty() {
                break;
            }
            let mv = &view.table.moves[rng.below(view.table.moves.len())].notation;
            let body = format!(r#"{{"action_number":{},"move":"{mv}"}}"#, view.action_number);
            let sent = Instant::now();
            let resp = client
                .post(&url)
                .header("cookie", cookie.as_deref().unwrap_or_default())
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await;
            let Ok(resp) = resp else {
                tally.errors += 1;
                break;
            };
            let ok = resp.status().is_success();
            let Ok(bytes) = resp.bytes().await else {
                tally.errors += 1;
                break;
            };
            let latency = sent.elapsed();
            if !ok {
                tally.refused += 1;
                break;
            }
            tally.moves.push((sent - started, latency));
            view = serde_json::from_slice::<Answer>(&bytes)?.view;
        }
        if this_is_daily {
            let today: serde_json::Value = client.get(format!("{base}/api/daily")).send().await?.json().await?;
            let board = client.get(format!("{base}/api/daily/{rules}/{}", today["day"].as_str().unwrap_or(""))).send();
            match board.await {
                Ok(r) if r.status().is_success() => {
                    r.bytes().await?;
                    tally.boards += 1;
                }
                _ => tally.errors += 1,
            }
        }
    }
    Ok(tally)
}

/// The game of a daily attempt just opened (its answer `resp` names it).
async fn daily_game(
    client: &reqwest::Client,
    base: &str,
    resp: reqwest::Response,
    cookie: &str,
) -> anyhow::Result<Answer> {
    let opened: serde_json::Value = serde_json::from_slice(&resp.bytes().await?)?;
    let id = opened["game_id"].as_str().ok_or_else(|| anyhow::anyhow!("no game: {opened}"))?;
    let shown = client.get(format!("{base}/api/games/{id}")).header("cookie", cookie).send().await?;
    Ok(serde_json::from_slice(&shown.bytes().await?)?)
}

/// CPU seconds used so far by this process's threads, by thread name (the
/// runtimes name their threads `server` and `players`, the server's blocking
/// threads, which run SQLite's reads, included; SQLite's writer and
/// checkpoint threads are `sqlite-…`); Linux only.
fn cpu_by_thread_group() -> std::collections::HashMap<String, f64> {
    let mut used = std::collections::HashMap::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return used };
    let tick = 100.0; // USER_HZ on Linux
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else { continue };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else { continue };
        let name = stat[open + 1..close].to_string();
        let name = if name.starts_with("sqlite") {
            "sqlite".to_string()
        } else if name.starts_with("search") {
            "search".to_string()
        } else {
            name
        };
        let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
        // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the name.
        let ticks: f64 = fields.get(11).and_then(|f| f.parse().ok()).unwrap_or(0.0)
            + fields.get(12).and_then(|f| f.parse().ok()).unwrap_or(0.0);
        *used.entry(name).or_insert(0.0) += ticks / tick;
    }
    used
}
