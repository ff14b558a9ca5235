//! A soak under floods: the load benchmark's players move while every
//! flood a server on the open Internet meets runs beside them, each from
//! addresses of its own, against a server process with its default limits
//! (the per-address shares and refusals are what is exercised). It measures
//! whether a normal player's moves keep their latency, and afterwards checks
//! that every move the server acknowledged is in its game's record.
//!
//! ```sh
//! cargo run --release -p patience-server --example floods -- --minutes 10
//! ```
//!
//! Options: `--minutes M` (10, the whole run), `--players N` (200),
//! `--rate MOVES_PER_S` (900, offered over all players), `--warmup S` (10,
//! not counted in the latencies), `--streams N` (2000, on the watched
//! duel), `--url http://127.0.0.1:8080` (a server already running on
//! loopback with its default limits; by default this same program is
//! started again as the server, with `--serve DB`, on a temporary SQLite
//! database).
//!
//! Every client binds a loopback address of its own (on Linux all of
//! 127.0.0.0/8 is local), so that the server's per-address shares see
//! the floods as the separate attackers they stand for:
//!
//! - normal players: 127.0.1.x, ten a client address, creating games of the
//!   five games in turn and posting random legal moves at the offered rate;
//!   each accepted move's latency is measured after the warm-up;
//! - the watched duel, of Harmony: its two participants (127.0.2.1 and .2)
//!   each post a random legal move, then take it back (an undo costs
//!   points, so the standings keep changing), and their games only end
//!   when Harmony's five-minute clock does; then the two open a new duel
//!   and its watchers move to it;
//! - its streams (127.0.3.x, as many addresses as the per-address stream
//!   share asks for): `--streams` live streams on that one duel, each
//!   reading and discarding its events;
//! - the search pool (127.0.4.1): nine players each keeping two searches
//!   for a winnable Harp deal running, from ever new deal numbers;
//! - the stream caps (127.0.5.1 to .13): five players an address, each
//!   trying to hold ten streams on its address's duel, asking again as
//!   `Retry-After` says when refused;
//! - refused requests (127.0.6.1): four a second without a cookie, a duel
//!   of nine participants and a winnable Lasker game, which must be
//!   refused without making a player;
//! - malformed HTTP (127.0.7.1): every second a 1 MB cookie, a request line
//!   that is not HTTP, and two Content-Length headers, over raw TCP;
//! - silent connections (127.0.8.1): more than its address's share of
//!   connections open without a byte sent, each opened again as soon as the
//!   server closes it (a quarter of a second after being turned away).
//!
//! Floods that are refused ask again after a quarter of a second (or the
//! `Retry-After` asked for, where a flood would otherwise ask hundreds of
//! times a second), so that the clients' own CPU does not drown what is
//! measured: both share the machine's cores with the server.
//!
//! It prints the normal players' accepted moves per second and latency
//! percentiles and their answers by status; what each flood got, by status
//! and the start of the error's sentence; the acknowledged moves checked and
//! those missing from the records (must be 0); the error answers that were
//! not JSON (must be 0); and the server's resident memory at the end.

#[path = "common/answer.rs"]
mod answer;
#[path = "common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::io::BufRead;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use patience_server::services::duels::feed::StreamCaps;
use patience_server::{Config, ConnectionLimits, Logging};
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::task::JoinSet;

use answer::Answer;
use common::Rng;

const GAMES: [&str; 6] = ["harp", "grosse-harfe", "harmony", "klondike", "pitchfork", "lasker"];
/// Moves a normal player makes in one game at most before starting another.
const MOVES_PER_GAME: usize = 150;
/// Normal players a client address: well within the new players (20 at
/// once) and new games (2 a second) one address may make.
const PLAYERS_PER_ADDRESS: usize = 10;
/// The watched duel's actions a second, both participants together: each
/// stays below the duel moves one player may make a second (8).
const DUEL_ACTIONS_PER_SECOND: f64 = 10.0;
/// Silent connections opened beyond the address's share.
const SILENT_BEYOND_SHARE: usize = 32;
/// Players filling the search pool, each with two searches at once.
const SEARCHERS: usize = 9;
/// Addresses flooding the stream caps, players at each, and the streams
/// each player tries to hold (more than the per-player share, and together
/// more than the per-address one).
const STREAM_FLOOD_ADDRESSES: usize = 13;
const STREAM_FLOOD_PLAYERS: usize = 5;
const STREAM_FLOOD_TRIES: usize = 10;
/// How long a flood waits after a refusal before asking again.
const REFUSAL_PAUSE: Duration = Duration::from_millis(250);

/// The third byte of each party's loopback addresses (127.0.X.y).
const NORMAL: u8 = 1;
const DUEL: u8 = 2;
const WATCHERS: u8 = 3;
const SEARCHES: u8 = 4;
const STREAM_CAPS: u8 = 5;
const REFUSED: u8 = 6;
const MALFORMED: u8 = 7;
const SILENT: u8 = 8;

/// The `n`th address (from 0) of a party.
fn address(party: u8, n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, party, u8::try_from(n + 1).expect("at most 254 addresses a party"))
}

struct Options {
    minutes: f64,
    players: usize,
    rate: f64,
    warmup: f64,
    streams: usize,
    url: Option<String>,
}

fn options(args: &[String]) -> anyhow::Result<Options> {
    let mut o = Options { minutes: 10.0, players: 200, rate: 900.0, warmup: 10.0, streams: 2000, url: None };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow::anyhow!("{flag} needs a value"));
        match flag.as_str() {
            "--minutes" => o.minutes = value()?.parse()?,
            "--players" => o.players = value()?.parse()?,
            "--rate" => o.rate = value()?.parse()?,
            "--warmup" => o.warmup = value()?.parse()?,
            "--streams" => o.streams = value()?.parse()?,
            "--url" => o.url = Some(value()?.trim_end_matches('/').to_string()),
            other => anyhow::bail!("unknown option `{other}` (see the top of examples/floods.rs)"),
        }
    }
    anyhow::ensure!(o.rate > 0.0, "--rate must be above 0");
    anyhow::ensure!(o.minutes * 60.0 > o.warmup, "the run must last longer than its warm-up");
    anyhow::ensure!(o.players <= 254 * PLAYERS_PER_ADDRESS, "at most {} players", 254 * PLAYERS_PER_ADDRESS);
    anyhow::ensure!(o.streams <= 254 * StreamCaps::default().per_address, "too many streams for 254 addresses");
    Ok(o)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    raise_open_files_limit()?;
    if args.first().map(String::as_str) == Some("--serve") {
        let db = args.get(1).ok_or_else(|| anyhow::anyhow!("--serve needs a database path"))?;
        return serve(db);
    }
    let o = options(&args)?;
    let dir = tempfile::tempdir()?;
    let (server, base) = match &o.url {
        Some(url) => (None, url.clone()),
        None => {
            let server = ServerProcess::start(&dir.path().join("floods.db"))?;
            let base = format!("http://{}", server.addr);
            (Some(server), base)
        }
    };
    let server_addr = base
        .trim_start_matches("http://")
        .to_socket_addrs()?
        .next()
        .ok_or_else(|| anyhow::anyhow!("no address for {base}"))?;
    // The floods' clients and the players' on runtimes of their own, so that
    // the players' latencies are not those of the floods' scheduling.
    let runtime = |name: &str| {
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name(name).enable_all().build()
    };
    let floods_runtime = runtime("floods")?;
    let players_runtime = runtime("players")?;

    let floods = Floods::default();
    let stop = Arc::new(AtomicBool::new(false));
    let (mut flood_tasks, duel_player) =
        floods_runtime.block_on(start_floods(&o, &base, server_addr, &floods, stop.clone()))?;
    let started = Instant::now();
    let played = players_runtime.block_on(run_players(&o, &base, started))?;
    let watchers_open = floods.watchers_open.load(Ordering::Relaxed);
    let streams_held = floods.streams_held.load(Ordering::Relaxed);
    stop.store(true, Ordering::Relaxed);
    let duel_games = floods_runtime.block_on(async {
        let games = duel_player.await;
        flood_tasks.shutdown().await;
        games
    })?;

    let mut games = duel_games;
    let mut latencies = Vec::new();
    let mut answers = Tally::default();
    let (mut created, mut server_errors, mut unanswered) = (0, 0, 0);
    for p in played {
        latencies.extend(p.latencies);
        answers.merge(p.answers);
        created += p.created;
        server_errors += p.server_errors;
        unanswered += p.unanswered;
        games.extend(p.games);
    }
    let checked = players_runtime.block_on(check_records(&base, &games))?;
    let memory = server.as_ref().map(|s| (memory_mb(s.pid(), "VmRSS:"), memory_mb(s.pid(), "VmHWM:")));
    drop(server);

    latencies.sort();
    let at = |p: f64| {
        let n = latencies.len();
        latencies.get(((n as f64 * p).ceil() as usize).clamp(1, n.max(1)) - 1).copied().unwrap_or_default()
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let measured = o.minutes * 60.0 - o.warmup;
    println!(
        "{:.1} minutes: {} normal players offering {:.0} moves/s ({:.0} s warm-up), {} streams on the watched duel, \
         the floods all at once; {}",
        o.minutes,
        o.players,
        o.rate,
        o.warmup,
        o.streams,
        if o.url.is_some() { "the given server" } else { "a server process with its default limits on SQLite" },
    );
    println!(
        "normal players: {} moves accepted after the warm-up, {:.0} moves/s; latency p50 {:.2} ms, p95 {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms; {created} games created; {server_errors} answers 5xx, {unanswered} unanswered",
        latencies.len(),
        latencies.len() as f64 / measured,
        ms(at(0.50)),
        ms(at(0.95)),
        ms(at(0.99)),
        ms(latencies.last().copied().unwrap_or_default()),
    );
    print!("{answers}");
    let events = floods.events.load(Ordering::Relaxed);
    println!(
        "watched duel streams ({} addresses): {watchers_open} of {} open at the end; {:.0} events a stream",
        o.streams.div_ceil(StreamCaps::default().per_address),
        o.streams,
        events as f64 / o.streams.max(1) as f64
    );
    print!("{}", floods.watchers.take());
    println!("watched duel's participants, {DUEL_ACTIONS_PER_SECOND} actions a second:");
    print!("{}", floods.duel.take());
    println!(
        "silent connections (127.0.8.1, {} at once, its share {}):",
        ConnectionLimits::default().max_connections_per_address + SILENT_BEYOND_SHARE,
        ConnectionLimits::default().max_connections_per_address
    );
    print!("{}", floods.silent.take());
    println!("search pool ({SEARCHERS} players x 2 winnable-deal searches from 127.0.4.1):");
    print!("{}", floods.searches.take());
    println!(
        "stream caps ({STREAM_FLOOD_ADDRESSES} addresses x {STREAM_FLOOD_PLAYERS} players x {STREAM_FLOOD_TRIES} \
         streams tried): {streams_held} held at the end"
    );
    print!("{}", floods.stream_caps.take());
    println!("refused requests without a cookie (127.0.6.1):");
    print!("{}", floods.refused.take());
    println!("malformed HTTP over raw TCP (127.0.7.1):");
    print!("{}", floods.malformed.take());
    println!(
        "acknowledged actions: {} checked in {} games (normal players' and the duel's), {} missing from the records, \
         {} unacknowledged ones in them; {} records unreadable",
        checked.acknowledged, checked.games, checked.missing, checked.extra, checked.unreadable
    );
    let not_json = NOT_JSON.lock().unwrap();
    println!("error answers that were not JSON: {}", not_json.len());
    for example in not_json.iter().take(5) {
        println!("    {example}");
    }
    match memory {
        Some((rss, peak)) => println!("server resident memory at the end: {rss:.1} MB (peak {peak:.1} MB)"),
        None => println!("server resident memory: not measured (a server given with --url)"),
    }
    Ok(())
}

/// Raises this process's open-file limit to its hard limit: thousands of
/// connections are held at once, on both sides (the server is this program
/// too).
fn raise_open_files_limit() -> std::io::Result<()> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read and write `limit`, a valid
    // rlimit that outlives both calls.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // An unlimited hard limit is still bounded by the kernel's nr_open.
        limit.rlim_cur = limit.rlim_max.min(1 << 20);
        if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// The server's side: serves `db` with the default limits on a free port,
/// says where, and serves until killed.
fn serve(db: &str) -> anyhow::Result<()> {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name("server").enable_all().build()?;
    runtime.block_on(async {
        let config = Config {
            port: 0,
            database: patience_server::Database::Sqlite(db.into()),
            logging: Logging::Off,
            ..Config::default()
        };
        let server = patience_server::start(&config).await?;
        println!("LISTENING {}", server.addr());
        std::future::pending::<anyhow::Result<()>>().await
    })
}

/// The server process, killed when dropped.
struct ServerProcess {
    child: std::process::Child,
    addr: SocketAddr,
}

impl ServerProcess {
    fn start(db: &std::path::Path) -> anyhow::Result<ServerProcess> {
        let mut child = std::process::Command::new(std::env::current_exe()?)
            .args(["--serve", &db.display().to_string()])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .spawn()?;
        let stdout = child.stdout.take().expect("piped");
        let mut server = ServerProcess { child, addr: SocketAddr::from(([127, 0, 0, 1], 0)) };
        for line in std::io::BufReader::new(stdout).lines() {
            if let Some(addr) = line?.strip_prefix("LISTENING ") {
                server.addr = addr.parse()?;
                return Ok(server);
            }
        }
        anyhow::bail!("the server ended before it listened")
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A field of a process's memory (`VmRSS:`, `VmHWM:`), in MB (Linux).
fn memory_mb(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Answers counted by what they were: a status and the start of its error
/// sentence ("429 too many new games"), or what happened instead ("no
/// answer").
#[derive(Default)]
struct Tally(BTreeMap<String, usize>);

impl Tally {
    fn add(&mut self, what: impl Into<String>) {
        *self.0.entry(what.into()).or_insert(0) += 1;
    }

    fn merge(&mut self, other: Tally) {
        for (what, n) in other.0 {
            *self.0.entry(what).or_insert(0) += n;
        }
    }
}

impl std::fmt::Display for Tally {
    /// One indented line a kind of answer.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.0.is_empty() {
            return writeln!(f, "    nothing");
        }
        for (what, n) in &self.0 {
            writeln!(f, "    {what}: {n}")?;
        }
        Ok(())
    }
}

/// A tally shared by one flood's tasks.
#[derive(Clone, Default)]
struct Counts(Arc<Mutex<Tally>>);

impl Counts {
    fn add(&self, what: impl Into<String>) {
        self.0.lock().unwrap().add(what);
    }

    fn take(&self) -> Tally {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

/// Error answers whose body was not JSON with an `error` sentence: who got
/// each, its status and the start of its body.
static NOT_JSON: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// What an answer was, to count it: its status, and for an error the start
/// of its sentence (to a colon, semicolon or parenthesis), digits masked so
/// that "you have 3 live duel streams open" and "you have 8" count
/// together. An error without a JSON sentence is noted in [`NOT_JSON`].
fn answer(status: u16, body: &[u8], who: &str) -> String {
    if status < 400 {
        return status.to_string();
    }
    let sentence = serde_json::from_slice::<Value>(body).ok().and_then(|v| v["error"].as_str().map(str::to_string));
    match sentence {
        Some(sentence) => {
            let gist: String = sentence
                .split([':', ';', '('])
                .next()
                .unwrap_or_default()
                .trim_end()
                .chars()
                .take(70)
                .map(|c| if c.is_ascii_digit() { '#' } else { c })
                .collect();
            format!("{status} {gist}")
        }
        None => {
            let start = String::from_utf8_lossy(&body[..body.len().min(80)]).into_owned();
            NOT_JSON.lock().unwrap().push(format!("{who}: {status} {start:?}"));
            format!("{status} (not JSON)")
        }
    }
}

/// An answer read whole.
struct Reply {
    status: u16,
    /// The session cookie it set, if any.
    cookie: Option<String>,
    retry_after: Option<Duration>,
    body: Vec<u8>,
}

async fn exchange(request: reqwest::RequestBuilder) -> reqwest::Result<Reply> {
    let resp = request.send().await?;
    let headers = resp.headers();
    let cookie = headers.get("set-cookie").and_then(|v| v.to_str().ok()?.split(';').next().map(str::to_string));
    let retry_after = headers.get("retry-after").and_then(|v| v.to_str().ok()?.parse().ok()).map(Duration::from_secs);
    let status = resp.status().as_u16();
    Ok(Reply { status, cookie, retry_after, body: resp.bytes().await?.to_vec() })
}

/// An HTTP client whose connections come from `from`.
fn client_from(from: Ipv4Addr) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder().local_address(IpAddr::V4(from)).build()
}

/// A new player, made by creating a Lasker game; returns its cookie.
async fn new_player(client: &reqwest::Client, base: &str) -> anyhow::Result<String> {
    let reply = exchange(client.post(format!("{base}/api/games")).json(&json!({ "rules": "lasker" }))).await?;
    anyhow::ensure!(reply.status == 201, "a new player's game: {}", String::from_utf8_lossy(&reply.body));
    reply.cookie.ok_or_else(|| anyhow::anyhow!("no cookie"))
}

/// A game played, and the actions the server acknowledged in it, in order.
struct Game {
    id: String,
    cookie: String,
    acknowledged: Vec<String>,
    /// An action went unanswered, or was answered 5xx: it may be in the
    /// record after the acknowledged ones.
    in_doubt: bool,
}

/// What the floods got, shared with their tasks.
#[derive(Default)]
struct Floods {
    watchers: Counts,
    duel: Counts,
    silent: Counts,
    searches: Counts,
    stream_caps: Counts,
    refused: Counts,
    malformed: Counts,
    /// Events the watched duel's streams received, all together.
    events: Arc<AtomicUsize>,
    /// The watched duel's streams open now, and the stream-cap flood's.
    watchers_open: Arc<AtomicUsize>,
    streams_held: Arc<AtomicUsize>,
}

/// Starts every flood: the watched duel and its streams first (all open
/// before the players start), then the others. Returns the floods' tasks
/// and the duel's participants' task, which ends when `stop` is set.
async fn start_floods(
    o: &Options,
    base: &str,
    server: SocketAddr,
    floods: &Floods,
    stop: Arc<AtomicBool>,
) -> anyhow::Result<(JoinSet<()>, tokio::task::JoinHandle<Vec<Game>>)> {
    let mut tasks = JoinSet::new();
    let participants = [client_from(address(DUEL, 0))?, client_from(address(DUEL, 1))?];
    let cookies = [new_player(&participants[0], base).await?, new_player(&participants[1], base).await?];
    let duel = watched_duel(&participants, &cookies, base).await?;
    let (current, watching) = tokio::sync::watch::channel(duel.events.clone());
    watch_duel(&mut tasks, watching, o.streams, floods).await?;
    let play =
        Duelling { clients: participants, cookies, base: base.to_string(), current, stop, counts: floods.duel.clone() };
    let duel_player = tokio::spawn(play_watched_duel(play, duel));
    silent_connections(&mut tasks, server, &floods.silent);
    search_flood(&mut tasks, base, &floods.searches).await?;
    stream_cap_flood(&mut tasks, base, floods).await?;
    refused_requests(&mut tasks, base, &floods.refused)?;
    malformed_http(&mut tasks, server, &floods.malformed);
    Ok((tasks, duel_player))
}

/// A watched duel: the URL of its live stream, and its participants' games.
struct WatchedDuel {
    events: String,
    games: Vec<Game>,
}

/// Opens a Harmony duel between two players (their clients, one an
/// address, and cookies), and both their games.
async fn watched_duel(
    clients: &[reqwest::Client; 2],
    cookies: &[String; 2],
    base: &str,
) -> anyhow::Result<WatchedDuel> {
    let [a, b] = cookies;
    let post = |client: &reqwest::Client, cookie: &str, path: String, body: Value| {
        exchange(client.post(format!("{base}{path}")).header("cookie", cookie).json(&body))
    };
    let created = post(&clients[0], a, "/api/duels".into(), json!({"rules": "harmony", "name": "A"})).await?;
    let duel: Value = serde_json::from_slice(&created.body)?;
    let id = duel["id"].as_str().ok_or_else(|| anyhow::anyhow!("no duel: {duel}"))?.to_string();
    let joined = post(&clients[1], b, format!("/api/duels/{id}/join"), json!({"name": "B"})).await?;
    anyhow::ensure!(joined.status == 200, "join: {}", String::from_utf8_lossy(&joined.body));
    let mut games = Vec::new();
    for (client, cookie) in clients.iter().zip(cookies) {
        let opened: Value =
            serde_json::from_slice(&post(client, cookie, format!("/api/duels/{id}/play"), json!({})).await?.body)?;
        let game = opened["game_id"].as_str().ok_or_else(|| anyhow::anyhow!("no game: {opened}"))?.to_string();
        games.push(Game { id: game, cookie: cookie.clone(), acknowledged: Vec::new(), in_doubt: false });
    }
    Ok(WatchedDuel { events: format!("{base}/api/duels/{id}/events"), games })
}

/// What the watched duel's participants need: their clients, one an
/// address, and cookies; where to say which duel is watched now; when to
/// stop; and where to count their answers.
struct Duelling {
    clients: [reqwest::Client; 2],
    cookies: [String; 2],
    base: String,
    current: tokio::sync::watch::Sender<String>,
    stop: Arc<AtomicBool>,
    counts: Counts,
}

/// The watched duel's two participants, acting in turn until `stop`: each
/// plays a random legal move, then takes it back, so that the standings
/// keep changing and the games last until their clocks run out; then the
/// two open a new duel and announce it to the watchers. Returns every game
/// played with the actions acknowledged, also when an error (counted)
/// stopped them early.
async fn play_watched_duel(play: Duelling, first: WatchedDuel) -> Vec<Game> {
    let (mut games, mut played) = (first.games, Vec::new());
    if let Err(e) = duel_turns(&play, &mut games, &mut played).await {
        play.counts.add(format!("stopped by an error: {e}"));
    }
    played.append(&mut games);
    played
}

/// The turns of [`play_watched_duel`] on `games`, those of finished duels
/// moved to `played`.
async fn duel_turns(play: &Duelling, games: &mut Vec<Game>, played: &mut Vec<Game>) -> anyhow::Result<()> {
    let Duelling { clients, cookies, base, current, stop, counts } = play;
    let mut rng = Rng::new(7);
    let view = |seat: usize, games: &[Game]| {
        let game = &games[seat];
        exchange(clients[seat].get(format!("{base}/api/games/{}", game.id)).header("cookie", &game.cookie))
    };
    let mut views = Vec::new();
    for seat in 0..2 {
        views.push(serde_json::from_slice::<Answer>(&view(seat, games).await?.body)?.view);
    }
    let mut next = tokio::time::Instant::now();
    for turn in 0.. {
        next += Duration::from_secs_f64(1.0 / DUEL_ACTIONS_PER_SECOND);
        tokio::time::sleep_until(next).await;
        if stop.load(Ordering::Relaxed) {
            break;
        }
        if views.iter().any(|v| v.outcome != "playing") {
            counts.add("a new duel (the last one's clocks ran out)");
            let duel = watched_duel(clients, cookies, base).await?;
            played.append(games);
            *games = duel.games;
            for (seat, shown) in views.iter_mut().enumerate() {
                *shown = serde_json::from_slice::<Answer>(&view(seat, games).await?.body)?.view;
            }
            current.send_replace(duel.events);
        }
        let seat = turn % 2;
        let before = &views[seat];
        let (action, body) = match &before.table.moves[..] {
            _ if before.can_undo => {
                ("undo".to_string(), json!({"action_number": before.action_number, "action": "undo"}))
            }
            [] => continue,
            moves => {
                let mv = moves[rng.below(moves.len())].notation.clone();
                (mv.clone(), json!({"action_number": before.action_number, "move": mv}))
            }
        };
        let game = &games[seat];
        let url = format!("{base}/api/games/{}/actions", game.id);
        let sent = exchange(clients[seat].post(url).header("cookie", &game.cookie).json(&body)).await;
        if let Ok(reply) = &sent {
            counts.add(answer(reply.status, &reply.body, "the watched duel's participants"));
            if reply.status == 200 {
                views[seat] = serde_json::from_slice::<Answer>(&reply.body)?.view;
                games[seat].acknowledged.push(action);
                continue;
            }
        } else {
            counts.add("no answer");
        }
        // Refused (the clock ran out) or unanswered: take the game as
        // stored. An unanswered action that was applied is the game's now;
        // a refused one never is.
        let stored = serde_json::from_slice::<Answer>(&view(seat, games).await?.body)?.view;
        let refused = sent.as_ref().is_ok_and(|reply| reply.status < 500);
        if !refused && stored.action_number == views[seat].action_number + 1 {
            counts.add("applied though not acknowledged");
            games[seat].acknowledged.push(action);
        }
        views[seat] = stored;
    }
    Ok(())
}

/// Opens `n` live streams of the duel `watching` names, as many from each
/// address as its share allows, each reading and discarding its events and
/// moving to the next duel when the server ends the stream; returns once
/// each has had its first event or failed.
async fn watch_duel(
    tasks: &mut JoinSet<()>,
    watching: tokio::sync::watch::Receiver<String>,
    n: usize,
    floods: &Floods,
) -> anyhow::Result<()> {
    let per_address = StreamCaps::default().per_address;
    let (ready, mut all_ready) = tokio::sync::mpsc::channel::<()>(n.max(1));
    for a in 0..n.div_ceil(per_address) {
        let client = client_from(address(WATCHERS, a))?;
        for _ in 0..per_address.min(n - a * per_address) {
            let watcher = Watcher {
                client: client.clone(),
                watching: watching.clone(),
                counts: floods.watchers.clone(),
                events: floods.events.clone(),
                open: floods.watchers_open.clone(),
            };
            tasks.spawn(watcher.run(ready.clone()));
        }
        // Address by address, rather than thousands of connections at once.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    drop(ready);
    let all = async {
        for _ in 0..n {
            if all_ready.recv().await.is_none() {
                break;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(60), all).await.map_err(|_| anyhow::anyhow!("the streams did not open"))
}

/// One live stream of the watched duel.
struct Watcher {
    client: reqwest::Client,
    /// The URL of the duel watched now.
    watching: tokio::sync::watch::Receiver<String>,
    counts: Counts,
    /// Events received by all the streams, and the streams open now.
    events: Arc<AtomicUsize>,
    open: Arc<AtomicUsize>,
}

impl Watcher {
    /// Watches until aborted; says it is `ready` at its first event.
    async fn run(mut self, ready: tokio::sync::mpsc::Sender<()>) {
        let mut ready = Some(ready);
        loop {
            let url = self.watching.borrow_and_update().clone();
            let pause = match self.client.get(&url).send().await {
                Ok(stream) if stream.status().is_success() => {
                    self.counts.add("200 opened");
                    self.open.fetch_add(1, Ordering::Relaxed);
                    self.read(stream, &mut ready).await;
                    self.open.fetch_sub(1, Ordering::Relaxed);
                    // Ended as its duel closed: the next one is announced
                    // as the participants see their clocks ran out.
                    Duration::from_secs(5)
                }
                Ok(refused) => {
                    let status = refused.status().as_u16();
                    let body = refused.bytes().await.unwrap_or_default();
                    self.counts.add(answer(status, &body, "the watched duel's streams"));
                    Duration::from_secs(5)
                }
                Err(_) => {
                    self.counts.add("no answer");
                    REFUSAL_PAUSE
                }
            };
            if let Ok(Err(_)) = tokio::time::timeout(pause, self.watching.changed()).await {
                // The participants stopped: the run is over.
                return;
            }
        }
    }

    /// Reads `stream` until it ends, counting its events.
    async fn read(&self, mut stream: reqwest::Response, ready: &mut Option<tokio::sync::mpsc::Sender<()>>) {
        loop {
            match stream.chunk().await {
                Ok(Some(chunk)) => {
                    let got = chunk.windows(11).filter(|w| w == b"event: duel").count();
                    self.events.fetch_add(got, Ordering::Relaxed);
                    if got > 0 {
                        if let Some(ready) = ready.take() {
                            let _ = ready.send(()).await;
                        }
                    }
                }
                Ok(None) => return self.counts.add("ended by the server"),
                Err(_) => return self.counts.add("broken"),
            }
        }
    }
}

/// Opens a TCP connection to `server` from `from`.
async fn connect_from(from: Ipv4Addr, server: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(server).await
}

/// Reads until the other side closes; returns what came and whether the
/// end was clean (not a reset).
async fn read_all(from: &mut (impl AsyncRead + Unpin)) -> (Vec<u8>, bool) {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match from.read(&mut buf).await {
            Ok(0) => return (got, true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(_) => return (got, false),
        }
    }
}

/// What a raw HTTP answer was, to count it (see [`answer`]).
fn raw_answer(got: &[u8], who: &str) -> String {
    let text = String::from_utf8_lossy(got);
    let status = text.strip_prefix("HTTP/1.1 ").and_then(|s| s.get(..3)?.parse().ok());
    let body = text.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    match status {
        Some(status) => answer(status, body.as_bytes(), who),
        None => format!("not HTTP: {:?}", &text[..text.len().min(40)]),
    }
}

/// One address holding more silent connections than its share: each is
/// opened, sends nothing and reads what comes until the server closes it,
/// then is opened again.
fn silent_connections(tasks: &mut JoinSet<()>, server: SocketAddr, counts: &Counts) {
    let from = address(SILENT, 0);
    for _ in 0..ConnectionLimits::default().max_connections_per_address + SILENT_BEYOND_SHARE {
        let counts = counts.clone();
        tasks.spawn(async move {
            loop {
                let opened = Instant::now();
                let Ok(mut stream) = connect_from(from, server).await else {
                    counts.add("connect failed");
                    tokio::time::sleep(REFUSAL_PAUSE).await;
                    continue;
                };
                let (got, clean) = read_all(&mut stream).await;
                let held = opened.elapsed().as_secs();
                if got.is_empty() {
                    counts.add(match clean {
                        true => format!("closed without an answer after {held} s"),
                        false => format!("reset without an answer after {held} s"),
                    });
                } else {
                    counts.add(raw_answer(&got, "silent connections"));
                    tokio::time::sleep(REFUSAL_PAUSE).await;
                }
            }
        });
    }
}

/// One address filling the search pool: nine players, each keeping two
/// searches for a winnable Harp deal running, from ever new deal numbers.
async fn search_flood(tasks: &mut JoinSet<()>, base: &str, counts: &Counts) -> anyhow::Result<()> {
    let client = client_from(address(SEARCHES, 0))?;
    for searcher in 0..SEARCHERS {
        let cookie = new_player(&client, base).await?;
        for lane in 0..2 {
            let (client, url, cookie, counts) =
                (client.clone(), format!("{base}/api/games"), cookie.clone(), counts.clone());
            tasks.spawn(async move {
                for k in 0.. {
                    let deal = 1_000_000 + 1000 * (2 * (k * SEARCHERS + searcher) + lane) as u64;
                    let body = json!({"rules": "harp", "deal": deal, "winnable": true});
                    let refused = match exchange(client.post(&url).header("cookie", &cookie).json(&body)).await {
                        Ok(reply) => {
                            counts.add(answer(reply.status, &reply.body, "the search flood"));
                            !matches!(reply.status, 201 | 422)
                        }
                        Err(_) => {
                            counts.add("no answer");
                            true
                        }
                    };
                    if refused {
                        tokio::time::sleep(REFUSAL_PAUSE).await;
                    }
                }
            });
        }
    }
    Ok(())
}

/// Addresses each trying to hold more live streams than their share, on a
/// duel of their own: five players an address, ten streams each; a
/// refused stream asks again as `Retry-After` says.
async fn stream_cap_flood(tasks: &mut JoinSet<()>, base: &str, floods: &Floods) -> anyhow::Result<()> {
    for a in 0..STREAM_FLOOD_ADDRESSES {
        let client = client_from(address(STREAM_CAPS, a))?;
        let mut cookies = Vec::new();
        for _ in 0..STREAM_FLOOD_PLAYERS {
            cookies.push(new_player(&client, base).await?);
        }
        let request = client.post(format!("{base}/api/duels")).header("cookie", &cookies[0]);
        let created = exchange(request.json(&json!({"rules": "harp", "name": "Flood"}))).await?;
        let duel: Value = serde_json::from_slice(&created.body)?;
        let id = duel["id"].as_str().ok_or_else(|| anyhow::anyhow!("no duel: {duel}"))?;
        let url = format!("{base}/api/duels/{id}/events");
        for cookie in &cookies {
            for _ in 0..STREAM_FLOOD_TRIES {
                let (client, url, cookie) = (client.clone(), url.clone(), cookie.clone());
                let (counts, held) = (floods.stream_caps.clone(), floods.streams_held.clone());
                tasks.spawn(async move {
                    loop {
                        let pause = match client.get(&url).header("cookie", &cookie).send().await {
                            Ok(mut stream) if stream.status().is_success() => {
                                counts.add("200 opened");
                                held.fetch_add(1, Ordering::Relaxed);
                                while let Ok(Some(_)) = stream.chunk().await {}
                                held.fetch_sub(1, Ordering::Relaxed);
                                counts.add("ended");
                                REFUSAL_PAUSE
                            }
                            Ok(refused) => {
                                let status = refused.status().as_u16();
                                let retry_after = refused
                                    .headers()
                                    .get("retry-after")
                                    .and_then(|v| v.to_str().ok()?.parse().ok())
                                    .map_or(REFUSAL_PAUSE, Duration::from_secs);
                                let body = refused.bytes().await.unwrap_or_default();
                                counts.add(answer(status, &body, "the stream-cap flood"));
                                retry_after
                            }
                            Err(_) => {
                                counts.add("no answer");
                                REFUSAL_PAUSE
                            }
                        };
                        tokio::time::sleep(pause).await;
                    }
                });
            }
        }
    }
    Ok(())
}

/// Requests without a cookie that must be refused and make nothing, a
/// player included (no cookie set), four a second.
fn refused_requests(tasks: &mut JoinSet<()>, base: &str, counts: &Counts) -> reqwest::Result<()> {
    let client = client_from(address(REFUSED, 0))?;
    let asks = [
        ("a duel of 9", format!("{base}/api/duels"), json!({"rules": "harp", "participants": 9})),
        ("a winnable Lasker game", format!("{base}/api/games"), json!({"rules": "lasker", "winnable": true})),
    ];
    let counts = counts.clone();
    tasks.spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(250));
        for turn in 0.. {
            every.tick().await;
            let (what, url, body) = &asks[turn % asks.len()];
            match exchange(client.post(url).json(body)).await {
                Ok(reply) => {
                    counts.add(format!("{what}: {}", answer(reply.status, &reply.body, "refused requests")));
                    if reply.cookie.is_some() {
                        counts.add(format!("{what}: set a cookie (made a player)"));
                    }
                }
                Err(_) => counts.add(format!("{what}: no answer")),
            }
        }
    });
    Ok(())
}

/// Malformed requests over raw TCP every second: headers over the size
/// limit, a request line that is not HTTP, two Content-Length headers.
fn malformed_http(tasks: &mut JoinSet<()>, server: SocketAddr, counts: &Counts) {
    let from = address(MALFORMED, 0);
    let big_cookie =
        format!("GET /api/rules HTTP/1.1\r\nhost: {server}\r\ncookie: patience_id={}\r\n\r\n", "a".repeat(1 << 20));
    let two_lengths = format!(
        "POST /api/games HTTP/1.1\r\nhost: {server}\r\ncontent-type: application/json\r\n\
         content-length: 2\r\ncontent-length: 20\r\n\r\n{{}}"
    );
    let requests = [
        ("1 MB cookie", big_cookie.into_bytes()),
        ("garbage request line", b"this is not http\r\n\r\n".to_vec()),
        ("two Content-Length", two_lengths.into_bytes()),
    ];
    let counts = counts.clone();
    tasks.spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        loop {
            every.tick().await;
            for (what, request) in &requests {
                let got = tokio::time::timeout(Duration::from_secs(10), send_raw(from, server, request)).await;
                let key = match got {
                    Err(_) => "no answer within 10 s".to_string(),
                    Ok(Err(_)) => "connect failed".to_string(),
                    Ok(Ok((got, _))) if !got.is_empty() => raw_answer(&got, what),
                    Ok(Ok((_, true))) => "closed without an answer".to_string(),
                    Ok(Ok((_, false))) => "reset without an answer".to_string(),
                };
                counts.add(format!("{what}: {key}"));
            }
        }
    });
}

/// Sends `request` from `from` while reading the answer, so that an answer
/// sent before the whole request is read is not lost; returns what came
/// back and whether the end was clean.
async fn send_raw(from: Ipv4Addr, server: SocketAddr, request: &[u8]) -> std::io::Result<(Vec<u8>, bool)> {
    let (mut reader, mut writer) = connect_from(from, server).await?.into_split();
    let write = async {
        let _ = writer.write_all(request).await;
        // Kept open until the answer is read: closing it would end the
        // request.
        writer
    };
    let (got, _writer) = tokio::join!(read_all(&mut reader), write);
    Ok(got)
}

/// When the normal players play: the end of the warm-up, the end of the
/// run, and the mean think time.
#[derive(Copy, Clone)]
struct Pace {
    think: Duration,
    measured_from: Instant,
    deadline: Instant,
}

/// What one normal player saw.
#[derive(Default)]
struct Played {
    /// The latency of every move accepted after the warm-up.
    latencies: Vec<Duration>,
    answers: Tally,
    created: usize,
    server_errors: usize,
    unanswered: usize,
    games: Vec<Game>,
}

async fn run_players(o: &Options, base: &str, started: Instant) -> anyhow::Result<Vec<Played>> {
    let pace = Pace {
        think: Duration::from_secs_f64(o.players as f64 / o.rate),
        measured_from: started + Duration::from_secs_f64(o.warmup),
        deadline: started + Duration::from_secs_f64(o.minutes * 60.0),
    };
    let mut tasks = Vec::new();
    let mut client = None;
    for i in 0..o.players {
        if i % PLAYERS_PER_ADDRESS == 0 {
            client = Some(
                reqwest::Client::builder()
                    .local_address(IpAddr::V4(address(NORMAL, i / PLAYERS_PER_ADDRESS)))
                    .pool_max_idle_per_host(PLAYERS_PER_ADDRESS)
                    .timeout(Duration::from_secs(30))
                    .build()?,
            );
        }
        let client = client.clone().expect("made at the first player of each address");
        tasks.push(tokio::spawn(player(client, base.to_string(), i, pace)));
    }
    let mut played = Vec::new();
    for t in tasks {
        played.push(t.await?);
    }
    Ok(played)
}

/// A normal player: creates a game (the five games in turn), posts random
/// legal moves from its view after exponential think times, and starts a
/// new game when one ends or after [`MOVES_PER_GAME`] moves; waits as
/// `Retry-After` says when refused a game.
async fn player(client: reqwest::Client, base: String, index: usize, pace: Pace) -> Played {
    let mut rng = Rng::new(index);
    let mut played = Played::default();
    let mut cookie: Option<String> = None;
    // Players arrive spread over one mean think time.
    tokio::time::sleep(pace.think.mul_f64(rng.below(1000) as f64 / 1000.0)).await;
    let mut n = 0;
    while Instant::now() < pace.deadline {
        let rules = GAMES[(index + n) % GAMES.len()];
        n += 1;
        let mut request = client.post(format!("{base}/api/games")).json(&json!({ "rules": rules }));
        if let Some(c) = &cookie {
            request = request.header("cookie", c);
        }
        let Ok(reply) = exchange(request).await else {
            played.answers.add("new game: no answer");
            played.unanswered += 1;
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        cookie = cookie.or(reply.cookie);
        played.answers.add(format!("new game: {}", answer(reply.status, &reply.body, "normal players")));
        played.server_errors += usize::from(reply.status >= 500);
        let created = match serde_json::from_slice::<Answer>(&reply.body) {
            Ok(created) if reply.status == 201 => created,
            _ => {
                tokio::time::sleep(reply.retry_after.unwrap_or(Duration::from_secs(1))).await;
                continue;
            }
        };
        played.created += 1;
        let mut game = Game {
            id: created.id,
            cookie: cookie.clone().unwrap_or_default(),
            acknowledged: Vec::new(),
            in_doubt: false,
        };
        let url = format!("{base}/api/games/{}/actions", game.id);
        let mut view = created.view;
        for _ in 0..MOVES_PER_GAME {
            tokio::time::sleep(rng.think(pace.think)).await;
            if Instant::now() >= pace.deadline || view.outcome != "playing" || view.table.moves.is_empty() {
                break;
            }
            let mv = view.table.moves[rng.below(view.table.moves.len())].notation.clone();
            let body = format!(r#"{{"action_number":{},"move":"{mv}"}}"#, view.action_number);
            let sent = Instant::now();
            let request =
                client.post(&url).header("cookie", &game.cookie).header("content-type", "application/json").body(body);
            let Ok(reply) = exchange(request).await else {
                played.answers.add("move: no answer");
                played.unanswered += 1;
                game.in_doubt = true;
                break;
            };
            let latency = sent.elapsed();
            played.answers.add(format!("move: {}", answer(reply.status, &reply.body, "normal players")));
            if reply.status != 200 {
                played.server_errors += usize::from(reply.status >= 500);
                game.in_doubt = reply.status >= 500;
                break;
            }
            game.acknowledged.push(mv);
            if sent >= pace.measured_from {
                played.latencies.push(latency);
            }
            match serde_json::from_slice::<Answer>(&reply.body) {
                Ok(answer) => view = answer.view,
                Err(_) => {
                    played.answers.add("move: 200 unreadable");
                    break;
                }
            }
        }
        played.games.push(game);
    }
    played
}

/// What the records showed.
#[derive(Default)]
struct Checked {
    games: usize,
    acknowledged: usize,
    missing: usize,
    extra: usize,
    unreadable: usize,
}

/// Reads every game's record and compares its actions with those
/// acknowledged: they must come first, in order; after them at most the one
/// action whose answer never came.
async fn check_records(base: &str, games: &[Game]) -> anyhow::Result<Checked> {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(30)).build()?;
    let mut checked = Checked::default();
    for game in games {
        checked.games += 1;
        checked.acknowledged += game.acknowledged.len();
        let url = format!("{base}/api/games/{}/record", game.id);
        let reply = exchange(client.get(url).header("cookie", &game.cookie)).await?;
        if reply.status != 200 {
            checked.unreadable += 1;
            checked.missing += game.acknowledged.len();
            continue;
        }
        let stored = actions(&String::from_utf8_lossy(&reply.body));
        let kept = stored.iter().zip(&game.acknowledged).take_while(|(s, a)| s == a).count();
        checked.missing += game.acknowledged.len() - kept;
        checked.extra += stored.len().saturating_sub(game.acknowledged.len() + usize::from(game.in_doubt));
    }
    Ok(checked)
}

/// The actions of a game record, in order (as examples/soak.rs reads them).
fn actions(record: &str) -> Vec<String> {
    record
        .lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with('#') && !l.trim().is_empty())
        .flat_map(|l| l.split_whitespace())
        .map(|t| t.split('@').next().unwrap_or(t).to_string())
        .collect()
}
