//! A benchmark of winnable deals from the library: how long `POST
//! /api/games` takes to start a game of each grade (and of "winnable deals
//! only") for every game and variant, answered from the library, against a
//! real server on SQLite with durable commits (or the one at `--url`).
//!
//! ```sh
//! cargo run --release -p patience-server --example library -- --rounds 50
//! ```
//!
//! Options: `--rounds N` (50 games of each kind for each variant), `--url
//! http://127.0.0.1:8080` (a running server started with
//! `--no-rate-limits`; by default one is started on a temporary database).
//! It prints, for each game and variant, the median and the slowest start,
//! then the percentiles over all; a refusal (Lasker's original rules) is
//! counted apart.

use std::time::{Duration, Instant};

use patience_server::{Config, Logging, RateLimits, Settings};
use serde_json::json;

fn main() -> anyhow::Result<()> {
    let mut rounds = 50usize;
    let mut url = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow::anyhow!("{flag} needs a value"));
        match flag.as_str() {
            "--rounds" => rounds = value()?.parse()?,
            "--url" => url = Some(value()?),
            other => anyhow::bail!("unknown option `{other}` (use --rounds N, --url URL)"),
        }
    }
    let dir = tempfile::tempdir()?;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let (server, base) = match url {
            Some(url) => (None, url.trim_end_matches('/').to_string()),
            None => {
                let config = Config {
                    port: 0,
                    database: patience_server::Database::Sqlite(dir.path().join("library.db")),
                    logging: Logging::Off,
                    services: Settings { rate_limits: RateLimits::unlimited(), ..Settings::default() },
                    ..Config::default()
                };
                let server = patience_server::start(&config).await?;
                let url = server.url();
                (Some(server), url)
            }
        };
        let client = reqwest::Client::new();
        let bodies = |rules: &str| {
            ["easy", "medium", "hard"]
                .into_iter()
                .map(|g| json!({ "rules": rules, "grade": g }))
                .chain([json!({ "rules": rules, "winnable": true })])
                .collect::<Vec<_>>()
        };
        let mut all = Vec::new();
        let mut refused = 0;
        println!("{:<26} {:>9} {:>9}", "rules", "p50 ms", "max ms");
        for rules in patience_core::presets::ALL {
            let mut times = Vec::new();
            for _ in 0..rounds {
                for body in bodies(rules.id) {
                    let started = Instant::now();
                    let answer = client.post(format!("{base}/api/games")).json(&body).send().await?;
                    let status = answer.status();
                    answer.bytes().await?;
                    let took = started.elapsed();
                    match status.as_u16() {
                        201 => times.push(took),
                        422 => refused += 1,
                        other => anyhow::bail!("{body}: {other}"),
                    }
                }
            }
            times.sort();
            if let (Some(mid), Some(max)) = (times.get(times.len() / 2), times.last()) {
                println!("{:<26} {:>9.2} {:>9.2}", rules.id, ms(*mid), ms(*max));
            } else {
                println!("{:<26} {:>9} {:>9}", rules.id, "refused", "");
            }
            all.extend(times);
        }
        all.sort();
        let at = |q: f64| ms(all[((all.len() as f64 * q) as usize).min(all.len() - 1)]);
        println!(
            "{} games started: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {refused} refused",
            all.len(),
            at(0.5),
            at(0.99),
            ms(*all.last().unwrap())
        );
        if let Some(server) = server {
            server.stop().await?;
        }
        Ok(())
    })
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
