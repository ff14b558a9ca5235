//! A soak benchmark: simulated players move for `--minutes` (10) against a
//! server process that is killed with SIGKILL and restarted on the same
//! database every `--kill-every` seconds (60). Afterwards every move the
//! server acknowledged is in its game's record, in order, and nothing else
//! but, at most, the one move that was in flight when the server died. The
//! server's resident memory at the end of each of its lives is printed: it
//! should stay flat.
//!
//! ```sh
//! cargo run --release -p patience-server --example soak -- --minutes 10 --players 200 --rate 1000
//! ```
//!
//! Options: `--minutes M` (10), `--kill-every S` (60), `--players N` (200),
//! `--rate MOVES_PER_S` (1000, offered over all players). The server is this
//! same program, run again with `--serve DB PORT`.

#[path = "common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use patience_server::{Config, Durability, Logging, RateLimits, Settings};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::Mutex;

use common::Rng;

const GAMES: [&str; 6] = ["harp", "grosse-harfe", "harmony", "klondike", "pitchfork", "lasker"];

struct Options {
    minutes: f64,
    kill_every: f64,
    players: usize,
    rate: f64,
}

fn options(args: &[String]) -> anyhow::Result<Options> {
    let mut o = Options { minutes: 10.0, kill_every: 60.0, players: 200, rate: 1000.0 };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow::anyhow!("{flag} needs a value"));
        match flag.as_str() {
            "--minutes" => o.minutes = value()?.parse()?,
            "--kill-every" => o.kill_every = value()?.parse()?,
            "--players" => o.players = value()?.parse()?,
            "--rate" => o.rate = value()?.parse()?,
            other => anyhow::bail!("unknown option `{other}` (see the top of examples/soak.rs)"),
        }
    }
    Ok(o)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    if args.first().map(String::as_str) == Some("--serve") {
        return runtime.block_on(serve(&args[1], args[2].parse()?));
    }
    runtime.block_on(soak(options(&args)?))
}

/// The server's side: serves `db` on `port` until killed.
async fn serve(db: &str, port: u16) -> anyhow::Result<()> {
    let config = Config {
        port,
        database: patience_server::Database::Sqlite(db.into()),
        durability: Durability::Full,
        logging: Logging::Off,
        services: Settings { rate_limits: RateLimits::unlimited(), ..Settings::default() },
        ..Config::default()
    };
    let server = patience_server::start(&config).await?;
    println!("LISTENING {}", server.addr());
    std::future::pending::<()>().await;
    Ok(())
}

/// One life of the server.
struct Life {
    child: tokio::process::Child,
}

async fn start_server(db: &std::path::Path, port: u16) -> anyhow::Result<Life> {
    let mut child = tokio::process::Command::new(std::env::current_exe()?)
        .args(["--serve", &db.display().to_string(), &port.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()?;
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await? {
            if line.starts_with("LISTENING") {
                return Ok(());
            }
        }
        anyhow::bail!("the server ended before it listened")
    })
    .await??;
    Ok(Life { child })
}

/// Resident memory of a process, in MB (Linux).
fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// What the players know: each game's acknowledged actions, in order.
#[derive(Default)]
struct Ledger {
    games: HashMap<String, (String, Vec<String>)>,
    acknowledged: usize,
    resyncs: usize,
    in_flight_applied: usize,
}

async fn soak(o: Options) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("soak.db");
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let base = format!("http://127.0.0.1:{port}");
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(o.minutes * 60.0);
    let think = Duration::from_secs_f64(o.players as f64 / o.rate);
    let client = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;
    let mut players = Vec::new();
    let mut life = start_server(&db, port).await?;
    for i in 0..o.players {
        players.push(tokio::spawn(player(client.clone(), base.clone(), i, think, deadline, ledger.clone())));
    }
    let mut lives = 0;
    println!("life  seconds  acknowledged  RSS MB  database MB");
    loop {
        let until = (Instant::now() + Duration::from_secs_f64(o.kill_every)).min(deadline);
        tokio::time::sleep_until(until.into()).await;
        lives += 1;
        let rss = life.child.id().map_or(0.0, rss_mb);
        life.child.start_kill()?;
        life.child.wait().await?;
        let db_mb = std::fs::metadata(&db).map_or(0, |m| m.len()) as f64 / 1e6;
        let acknowledged = ledger.lock().await.acknowledged;
        println!("{lives:4}  {:7.0}  {acknowledged:12}  {rss:6.1}  {db_mb:11.1}", started.elapsed().as_secs_f64());
        life = start_server(&db, port).await?;
        if Instant::now() >= deadline {
            break;
        }
    }
    for p in players {
        p.await??;
    }

    // Every acknowledged action is in the records, in order.
    let ledger = ledger.lock().await;
    let mut checked = 0;
    for (id, (cookie, acked)) in &ledger.games {
        let record = client.get(format!("{base}/api/games/{id}/record")).header("cookie", cookie).send().await?;
        let stored = actions(&record.text().await?);
        anyhow::ensure!(
            stored.len() >= acked.len() && stored[..acked.len()] == acked[..] && stored.len() <= acked.len() + 1,
            "game {id}: acknowledged {acked:?}, stored {stored:?}"
        );
        checked += acked.len();
    }
    life.child.start_kill()?;
    println!(
        "{} games, {checked} acknowledged actions, all present in order after {lives} kills; \
         {} resyncs after a restart, {} of them found the move in flight applied",
        ledger.games.len(),
        ledger.resyncs,
        ledger.in_flight_applied
    );
    Ok(())
}

/// The actions of a game record, in order.
fn actions(record: &str) -> Vec<String> {
    record
        .lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with('#') && !l.trim().is_empty())
        .flat_map(|l| l.split_whitespace())
        .map(|t| t.split('@').next().unwrap_or(t).to_string())
        .collect()
}

async fn player(
    client: reqwest::Client,
    base: String,
    index: usize,
    think: Duration,
    deadline: Instant,
    ledger: Arc<Mutex<Ledger>>,
) -> anyhow::Result<()> {
    let mut rng = Rng::new(index);
    let mut cookie: Option<String> = None;
    let mut game = 0;
    while Instant::now() < deadline {
        // A new game (retried while the server is down).
        let rules = GAMES[(index + game) % GAMES.len()];
        game += 1;
        let mut req = client.post(format!("{base}/api/games")).json(&json!({ "rules": rules }));
        if let Some(c) = &cookie {
            req = req.header("cookie", c);
        }
        let Ok(resp) = req.send().await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        if cookie.is_none() {
            cookie =
                resp.headers().get("set-cookie").and_then(|v| v.to_str().ok()?.split(';').next().map(str::to_string));
        }
        let Ok(created) = resp.json::<Value>().await else { continue };
        let Some(id) = created["id"].as_str().map(str::to_string) else { continue };
        let cookie = cookie.clone().unwrap_or_default();
        ledger.lock().await.games.insert(id.clone(), (cookie.clone(), Vec::new()));
        let mut view = created["view"].clone();
        for _ in 0..150 {
            tokio::time::sleep(rng.think(think)).await;
            if Instant::now() >= deadline {
                return Ok(());
            }
            let moves = view["table"]["moves"].as_array().cloned().unwrap_or_default();
            if view["outcome"] != "playing" || moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())]["notation"].as_str().unwrap_or("s").to_string();
            let body = json!({ "action_number": view["action_number"], "move": mv });
            let sent = client
                .post(format!("{base}/api/games/{id}/actions"))
                .header("cookie", &cookie)
                .json(&body)
                .send()
                .await;
            match sent {
                Ok(resp) if resp.status().is_success() => {
                    let Ok(answer) = resp.json::<Value>().await else { continue };
                    view = answer["view"].clone();
                    let mut l = ledger.lock().await;
                    l.acknowledged += 1;
                    l.games.get_mut(&id).expect("registered").1.push(mv);
                }
                _ => {
                    // The server died (or refused): wait for it, and take the
                    // game as it was stored; the move in flight may be in it.
                    view = loop {
                        tokio::time::sleep(Duration::from_millis(200)).await;
                        if Instant::now() >= deadline {
                            return Ok(());
                        }
                        let got = client.get(format!("{base}/api/games/{id}")).header("cookie", &cookie).send().await;
                        if let Ok(resp) = got {
                            if let Ok(v) = resp.json::<Value>().await {
                                break v["view"].clone();
                            }
                        }
                    };
                    let mut l = ledger.lock().await;
                    l.resyncs += 1;
                    let acked = l.games.get(&id).expect("registered").1.len() as u64;
                    if view["action_number"].as_u64() == Some(acked + 1) {
                        // Applied but never acknowledged: it is the game's now.
                        l.in_flight_applied += 1;
                        l.games.get_mut(&id).expect("registered").1.push(mv);
                    }
                }
            }
        }
    }
    Ok(())
}
