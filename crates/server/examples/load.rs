//! A rough load test on loopback: starts a server on a temporary SQLite file
//! (durable commits), then `PLAYERS` simulated players each create a game and
//! play random legal moves for `SECONDS`, and prints accepted moves per
//! second and the latency percentiles of the moves.
//!
//! `cargo run --release -p patience-server --example load -- [PLAYERS] [SECONDS] [full|normal]`

use std::time::{Duration, Instant};

use patience_server::{Config, Durability, Logging};
use serde_json::{json, Value};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let players: usize = args.next().map_or(Ok(100), |a| a.parse())?;
    let seconds: u64 = args.next().map_or(Ok(10), |a| a.parse())?;
    let durability = match args.next().as_deref() {
        Some("normal") => Durability::Normal,
        _ => Durability::Full,
    };
    let dir = tempfile::tempdir()?;
    let config =
        Config { port: 0, db_path: dir.path().join("load.db"), durability, logging: Logging::Off, ..Config::default() };
    let server = patience_server::start(&config).await?;
    let base = server.url();
    let client = reqwest::Client::builder().pool_max_idle_per_host(players).build()?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for i in 0..players {
        let client = client.clone();
        let base = base.clone();
        tasks.push(tokio::spawn(async move { player(client, base, i as u64, deadline).await }));
    }
    let mut latencies: Vec<Duration> = Vec::new();
    let mut refused = 0;
    for t in tasks {
        let (l, r) = t.await??;
        latencies.extend(l);
        refused += r;
    }
    latencies.sort();
    let pct = |p: f64| latencies.get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)));
    println!(
        "{players} players, {seconds} s, {durability:?}: {} accepted moves ({:.0}/s), {refused} refused; \
         latency p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        latencies.len() as f64 / seconds as f64,
        pct(0.50).copied().unwrap_or_default(),
        pct(0.99).copied().unwrap_or_default(),
        latencies.last().copied().unwrap_or_default(),
    );
    server.stop().await
}

async fn player(
    client: reqwest::Client,
    base: String,
    seed: u64,
    deadline: Instant,
) -> anyhow::Result<(Vec<Duration>, usize)> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut latencies = Vec::new();
    let mut refused = 0;
    let mut cookie: Option<String> = None;
    while Instant::now() < deadline {
        let mut req = client.post(format!("{base}/api/games")).json(&json!({ "rules": "pitchfork" }));
        if let Some(c) = &cookie {
            req = req.header("cookie", c);
        }
        let resp = req.send().await?;
        if cookie.is_none() {
            cookie =
                resp.headers().get("set-cookie").map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string());
        }
        let created: Value = resp.json().await?;
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let mut view = created["view"].clone();
        for _ in 0..200 {
            let moves = view["table"]["moves"].as_array().cloned().unwrap_or_default();
            if moves.is_empty() || Instant::now() >= deadline {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize].clone();
            let body = json!({ "action_number": view["action_number"], "move": mv });
            let started = Instant::now();
            let resp = client
                .post(format!("{base}/api/games/{id}/actions"))
                .header("cookie", cookie.clone().unwrap_or_default())
                .json(&body)
                .send()
                .await?;
            let ok = resp.status().is_success();
            let answer: Value = resp.json().await?;
            if ok {
                latencies.push(started.elapsed());
                view = answer["view"].clone();
            } else {
                refused += 1;
                break;
            }
        }
    }
    Ok((latencies, refused))
}
