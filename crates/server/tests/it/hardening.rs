//! The server as an attacker or a careless client meets it from outside:
//! slow and idle connections are closed, connections beyond the cap are
//! turned away, creation is rate limited per player and per address,
//! requests from other sites change nothing, the cookie is not guessed
//! at, and every error answer is JSON.

use crate::common;

use std::time::{Duration, Instant};

use common::*;
use patience_server::{Config, ConnectionLimits, Server, Settings};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Short limits, so that the test does not wait long.
fn impatient(db: &TestDb, max_connections: usize) -> Config {
    Config {
        connections: ConnectionLimits {
            header_timeout: Duration::from_secs(1),
            body_timeout: Duration::from_secs(1),
            idle_timeout: Duration::from_secs(2),
            max_connections,
            max_connections_per_address: max_connections,
        },
        ..config(db)
    }
}

/// Reads until the server closes the connection (or `within` passes: then
/// panics); returns what it sent.
async fn read_until_closed(stream: &mut TcpStream, within: Duration, what: &str) -> String {
    let mut got = Vec::new();
    let read = async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(within, read).await.unwrap_or_else(|_| panic!("{what}: still open after {within:?}"));
    String::from_utf8_lossy(&got).into_owned()
}

async fn connect(server: &Server) -> TcpStream {
    TcpStream::connect(server.addr()).await.expect("connects")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_idle_connections_are_closed() {
    let (_dir, db) = temp_db();
    let server = start_with(impatient(&db, 100)).await;
    let started = Instant::now();

    // Half-sent headers, many at once.
    let mut half_sent = Vec::new();
    for _ in 0..40 {
        let mut s = connect(&server).await;
        s.write_all(b"GET /api/rules HTTP/1.1\r\nHost: test\r\nX-Slow: ").await.unwrap();
        half_sent.push(s);
    }
    // A body shorter than its Content-Length.
    let mut short_body = connect(&server).await;
    short_body
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"rules\":")
        .await
        .unwrap();
    // A kept-alive connection after one answered request, then silence.
    let mut idle = connect(&server).await;
    idle.write_all(b"GET /api/rules HTTP/1.1\r\nHost: test\r\n\r\n").await.unwrap();
    let mut first = [0u8; 64];
    let n = idle.read(&mut first).await.unwrap();
    assert!(String::from_utf8_lossy(&first[..n]).starts_with("HTTP/1.1 200"), "the first request is answered");

    for (i, s) in half_sent.iter_mut().enumerate() {
        read_until_closed(s, Duration::from_secs(5), &format!("half-sent headers #{i}")).await;
    }
    let answer = read_until_closed(&mut short_body, Duration::from_secs(5), "a short body").await;
    assert!(answer.starts_with("HTTP/1.1 408"), "a late body is answered 408: {answer}");
    assert!(answer.contains("did not arrive within 1 s"), "{answer}");
    read_until_closed(&mut idle, Duration::from_secs(5), "an idle keep-alive connection").await;
    assert!(started.elapsed() < Duration::from_secs(8));

    // The server still serves everyone else.
    let mut p = Player::new(&server);
    p.create("harp", Some(1)).await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_beyond_the_cap_are_turned_away() {
    let (_dir, db) = temp_db();
    let server = start_with(impatient(&db, 10)).await;
    let mut held = Vec::new();
    for _ in 0..10 {
        let mut s = connect(&server).await;
        s.write_all(b"GET /api/rules HTTP/1.1\r\nHost: test\r\n").await.unwrap();
        held.push(s);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut one_more = connect(&server).await;
    let answer = read_until_closed(&mut one_more, Duration::from_secs(3), "the connection over the cap").await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.to_ascii_lowercase().contains("retry-after: 1"), "{answer}");
    assert!(answer.contains("too many open connections"), "{answer}");
    // Once the slow ones are closed, there is room again.
    for s in &mut held {
        read_until_closed(s, Duration::from_secs(5), "a held connection").await;
    }
    let mut p = Player::new(&server);
    p.create("harp", Some(1)).await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_answer_is_json_even_from_the_http_parser() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let huge_cookie = format!("GET / HTTP/1.1\r\nHost: test\r\nCookie: {}\r\n\r\n", "a".repeat(1 << 20));
    let many_headers: String = (0..200).map(|i| format!("X-H{i}: {i}\r\n")).collect();
    let cases: Vec<(&str, String, u16)> = vec![
        ("a 1 MB cookie", huge_cookie, 431),
        ("200 headers", format!("GET / HTTP/1.1\r\nHost: test\r\n{many_headers}\r\n"), 431),
        ("a bad request line", "GARBAGE\r\n\r\n".into(), 400),
        (
            "two Content-Lengths",
            "POST /api/games HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello".into(),
            400,
        ),
        ("a path that is not UTF-8", "GET /duel/%ff%fe HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n".into(), 400),
        (
            "a method a route does not take",
            "DELETE /api/rules HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n".into(),
            405,
        ),
        (
            "a body declared over the limit that never comes",
            "POST /api/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
                .into(),
            413,
        ),
    ];
    for (what, request, status) in cases {
        let mut s = connect(&server).await;
        // The server may answer and close before it has read everything.
        let _ = s.write_all(request.as_bytes()).await;
        let started = Instant::now();
        let answer = read_until_closed(&mut s, Duration::from_secs(5), what).await;
        assert!(started.elapsed() < Duration::from_secs(2), "{what}: answered at once");
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or_else(|| panic!("{what}: {answer}"));
        assert!(head.starts_with(&format!("HTTP/1.1 {status} ")), "{what}: {head}");
        assert!(head.to_ascii_lowercase().contains("content-type: application/json"), "{what}: {head}");
        let json: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{what}: {e}: {body}"));
        assert!(json["error"].as_str().is_some_and(|e| !e.is_empty()), "{what}: {body}");
    }
    // The server serves on.
    let mut p = Player::new(&server);
    p.create("harp", Some(1)).await;
    server.stop().await.unwrap();
}

/// A TCP relay to PostgreSQL that can be cut: every connection through it
/// reset, and new ones closed at once, as when the database goes down.
struct Relay {
    addr: std::net::SocketAddr,
    cut: std::sync::Arc<std::sync::atomic::AtomicBool>,
    links: std::sync::Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Relay {
    async fn to(target: String) -> Relay {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let relay = Relay { addr: listener.local_addr().unwrap(), cut: Default::default(), links: Default::default() };
        let (cut, links) = (relay.cut.clone(), relay.links.clone());
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if cut.load(std::sync::atomic::Ordering::SeqCst) {
                    continue;
                }
                let target = target.clone();
                let link = tokio::spawn(async move {
                    if let Ok(mut db) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut db).await;
                    }
                });
                links.lock().unwrap().push(link.abort_handle());
            }
        });
        relay
    }

    /// A relay to a fresh PostgreSQL database, and the database's URL
    /// through it.
    async fn to_a_fresh_database() -> (Relay, String) {
        let url = fresh_postgres_database();
        let (head, rest) = url.split_once("://").unwrap();
        let (user, rest) = rest.split_once('@').unwrap();
        let (host, name) = rest.split_once('/').unwrap();
        let relay = Relay::to(host.to_string()).await;
        let through = format!("{head}://{user}@{}/{name}", relay.addr);
        (relay, through)
    }

    fn cut(&self, cut: bool) {
        self.cut.store(cut, std::sync::atomic::Ordering::SeqCst);
        if cut {
            for link in self.links.lock().unwrap().drain(..) {
                link.abort();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn a_database_outage_is_answered_503_with_retry_after_and_no_internals() {
    let (relay, through) = Relay::to_a_fresh_database().await;
    let server = start(TestDb(patience_server::Database::Postgres(through))).await;
    let mut p = Player::new(&server);
    let (game, answer) = p.create("harp", Some(1)).await;
    let view = answer.view().clone();
    let mv = moves(&view)[0].clone();

    relay.cut(true);
    let started = Instant::now();
    for (what, answer) in [
        ("a move", p.play(&game, number(&view), &mv).await),
        ("a game's view", p.get(&format!("/api/games/{game}")).await),
        ("a new game", p.post("/api/games", json!({"rules": "harp"})).await),
    ] {
        assert_eq!(answer.status, 503, "{what}: {}", answer.text);
        assert!(answer.header("retry-after").is_some(), "{what}: no Retry-After");
        let error = answer.json["error"].as_str().unwrap_or_default();
        assert_eq!(error, "The game store cannot be reached just now: try again in a few seconds.", "{what}");
    }
    assert!(started.elapsed() < Duration::from_secs(40), "{:?}", started.elapsed());

    relay.cut(false);
    let back = Instant::now();
    loop {
        let answer = p.play(&game, number(&view), &mv).await;
        if answer.status == 200 {
            break;
        }
        assert_eq!(answer.status, 503, "{}", answer.text);
        assert!(back.elapsed() < Duration::from_secs(30), "the server never came back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(p.view(&game).await.view()["action_number"], 1, "the game as it was, and the move made");
    server.stop().await.unwrap();
}

/// A connection to `server` from `source` (any address of the loopback
/// range: a client of its own).
async fn connect_from(server: &Server, source: [u8; 4]) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((std::net::Ipv4Addr::from(source), 0).into()).expect("a loopback source address");
    socket.connect(server.addr()).await.expect("connects")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_connection() {
    let (_dir, db) = temp_db();
    let mut config = impatient(&db, 40);
    config.connections.max_connections_per_address = 10;
    config.connections.idle_timeout = Duration::from_secs(30);
    config.connections.header_timeout = Duration::from_secs(30);
    let server = start_with(config).await;
    // Silent connections from one address, as many as it may hold.
    let mut held = Vec::new();
    for _ in 0..10 {
        held.push(connect_from(&server, [127, 0, 0, 2]).await);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // More from that address are turned away at once; reopened again and
    // again, they still take nothing from anyone else.
    for _ in 0..30 {
        let mut one_more = connect_from(&server, [127, 0, 0, 2]).await;
        let answer =
            read_until_closed(&mut one_more, Duration::from_secs(3), "a connection over the address's share").await;
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(answer.contains("too many open connections from your address"), "{answer}");
    }
    // Other addresses are served meanwhile.
    for source in [[127, 0, 0, 3], [127, 0, 0, 4]] {
        let mut s = connect_from(&server, source).await;
        s.write_all(b"GET /api/rules HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").await.unwrap();
        let answer = read_until_closed(&mut s, Duration::from_secs(3), "another address").await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
    // Once it closes some, the address connects again.
    held.truncate(5);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut s = connect_from(&server, [127, 0, 0, 2]).await;
    s.write_all(b"GET /api/rules HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").await.unwrap();
    let answer = read_until_closed(&mut s, Duration::from_secs(3), "the address again").await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    server.stop().await.unwrap();
}

/// Opens duel `id`'s live stream from `source` and reads its answer's head.
async fn stream_from(server: &Server, source: [u8; 4], id: &str) -> (TcpStream, String) {
    let mut s = connect_from(server, source).await;
    s.write_all(format!("GET /api/duels/{id}/events HTTP/1.1\r\nHost: test\r\n\r\n").as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf)).await.expect("an answer").unwrap();
        assert!(n > 0, "closed before answering");
        head.extend_from_slice(&buf[..n]);
    }
    (s, String::from_utf8_lossy(&head).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_a_share_of_the_live_streams() {
    let (_dir, db) = temp_db();
    let mut config = config(&db);
    config.services.streams = patience_server::services::duels::feed::StreamCaps::default();
    let server = start_with(config).await;
    let mut ann = Player::new(&server);
    let d = ann.post("/api/duels", json!({"rules": "lasker", "name": "Ann"})).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    let mut held = Vec::new();
    for i in 0..32 {
        let (s, head) = stream_from(&server, [127, 0, 0, 5], &id).await;
        assert!(head.starts_with("HTTP/1.1 200") && head.contains("text/event-stream"), "stream {i}: {head}");
        held.push(s);
    }
    let (_, head) = stream_from(&server, [127, 0, 0, 5], &id).await;
    assert!(head.starts_with("HTTP/1.1 429"), "{head}");
    // Another address still watches.
    let (_, head) = stream_from(&server, [127, 0, 0, 6], &id).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_a_share_of_the_search_pool() {
    let (_dir, db) = temp_db();
    let mut config = config(&db);
    config.services.rate_limits = patience_server::RateLimits::unlimited();
    config.services.search_threads = 1;
    config.services.search_queue = 16;
    let share = patience_server::services::searches::default_per_address(1, 16);
    config.services.search_places_per_address = Some(share);
    let server = start_with(config).await;
    // Eighteen players from one address, each asking for a winnable deal,
    // all at once. Each has a game already, so that asking registers no
    // player: the requests then reach the pool together, before any search
    // could end and give its place back. Each search starts at Harp deal
    // 1,000,019, which the solver leaves open after 10 s, then 1,000,020,
    // which it wins only after 8 s: so no search ends before it has spent
    // its second on each of them, long after the last request is in, on any
    // machine. (Deal 1,000,021 is won within milliseconds.)
    let mut players = Vec::new();
    for _ in 0..18 {
        let mut p = Player::from(&server, [127, 0, 0, 7]);
        p.create("harp", Some(1)).await;
        players.push(p);
    }
    let asked: Vec<_> = players
        .into_iter()
        .map(|mut p| {
            tokio::spawn(async move {
                p.post("/api/games", json!({"rules": "harp", "deal": 1_000_019, "winnable": true})).await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Another address's hint is worked out meanwhile.
    let mut ann = Player::from(&server, [127, 0, 0, 8]);
    let (game, _) = ann.create("harmony", Some(3)).await;
    let hint = ann.get(&format!("/api/games/{game}/hint")).await;
    assert_eq!(hint.status, 200, "{}", hint.text);
    let mut refused = 0;
    for a in asked {
        let a = a.await.unwrap();
        match a.status.as_u16() {
            201 | 422 => {}
            429 => {
                assert!(a.error().contains("from your address"), "{}", a.text);
                refused += 1;
            }
            other => panic!("{other}: {}", a.text),
        }
    }
    assert!(refused >= 18 - share, "{refused} refused: the address held at most {share} places");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: the full tier runs it"]
async fn a_flood_of_refusals_logs_a_line_a_second_at_most() {
    let (relay, through) = Relay::to_a_fresh_database().await;
    // A server process of its own, whose log the test reads.
    let server = Instance::start(&TestDb::from_arg(&through), true).await;
    let mut p = Player::new(&server);
    let (game, _) = p.create("harp", Some(1)).await;
    relay.cut(true);
    let started = Instant::now();
    let mut refused = 0;
    for _ in 0..10 {
        let asked: Vec<_> = (0..10)
            .map(|_| {
                let mut p = p.clone();
                let path = format!("/api/games/{game}");
                tokio::spawn(async move { p.get(&path).await })
            })
            .collect();
        for a in asked {
            let a = a.await.unwrap();
            assert_eq!(a.status, 503, "{}", a.text);
            refused += 1;
        }
    }
    let took = started.elapsed();
    relay.cut(false);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let log = server.log();
    let lines = log.iter().filter(|l| l.contains("request refused")).count();
    assert!(
        (1..=took.as_secs() as usize + 2).contains(&lines),
        "{refused} refusals in {took:?} logged {lines} lines: {log:#?}"
    );
    assert!(!log.iter().any(|l| l.contains("ERROR")), "refusals are not errors: {log:#?}");
    assert!(log.iter().any(|l| l.contains("connection") || l.contains("database")), "the detail is logged: {log:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_games_and_players_is_limited_per_player_and_per_address() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let limits = patience_server::RateLimits::default();

    // One player: their burst of new games, then 429 with Retry-After.
    let mut ann = Player::new(&server);
    let burst = limits.new_game_per_player.burst as usize;
    for _ in 0..burst {
        ann.create("lasker", None).await;
    }
    let refused = ann.post("/api/games", json!({"rules": "lasker"})).await;
    refused.assert_error(429, "too many new games");
    assert!(refused.raw.contains("retry-after: 2"), "{}", refused.raw);
    assert_eq!(ann.get("/api/games").await.json["games"].as_array().unwrap().len(), burst, "nothing was created");

    // New players from one address: their burst, then 429.
    let per_address = limits.new_player_per_address.burst as usize;
    for i in 1..per_address {
        let a = Player::new(&server).post("/api/games", json!({"rules": "harp"})).await;
        assert_eq!(a.status, 201, "new player {i}: {}", a.text);
    }
    let a = Player::new(&server).post("/api/games", json!({"rules": "harp"})).await;
    a.assert_error(429, "too many new players from your address");
    assert!(!a.raw.contains("set-cookie"), "no player was made: {}", a.raw);
    // A known player is not a new one.
    assert_eq!(ann.get("/api/games").await.status, 200);
    server.stop().await.unwrap();

    // Behind a trusted proxy the address comes from its header; without
    // that setting the header is ignored (anyone could send it).
    let (_dir, db) = temp_db();
    let server = start_with(Config { client_address_header: Some("X-Forwarded-For".into()), ..config(&db) }).await;
    for i in 0..per_address + 5 {
        let mut p = Player::new(&server);
        let a = p
            .send_with(
                "POST",
                "/api/games",
                &[("x-forwarded-for", &format!("203.0.113.9, 198.51.100.{i}"))],
                Some(json!({"rules": "harp"})),
            )
            .await;
        assert_eq!(a.status, 201, "player {i} from their own address: {}", a.text);
    }
    let p = Player::new(&server);
    let mut last = None;
    for _ in 0..per_address + 1 {
        last = Some(
            p.clone()
                .send_with(
                    "POST",
                    "/api/games",
                    &[("x-forwarded-for", "198.51.100.250")],
                    Some(json!({"rules": "harp"})),
                )
                .await,
        );
    }
    last.unwrap().assert_error(429, "too many new players");
    // A request without the proxy's header (from the proxy's own network,
    // or past a misconfigured proxy) counts under the connection's address.
    for i in 0..per_address {
        let a = Player::new(&server).post("/api/games", json!({"rules": "harp"})).await;
        assert_eq!(a.status, 201, "new player {i} without the header: {}", a.text);
    }
    let a = Player::new(&server).post("/api/games", json!({"rules": "harp"})).await;
    a.assert_error(429, "too many new players from your address");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_requests_leave_no_player_behind() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let per_address = patience_server::RateLimits::default().new_player_per_address.burst as usize;
    for i in 0..2 * per_address {
        let mut p = Player::new(&server);
        let refused = if i % 2 == 0 {
            p.post("/api/duels", json!({"rules": "harp", "participants": 9})).await
        } else {
            p.post("/api/games", json!({"rules": "lasker", "winnable": true})).await
        };
        assert!(refused.status.is_client_error() && refused.status != 429, "{i}: {}", refused.text);
        assert!(!refused.raw.contains("set-cookie"), "{i}: {}", refused.raw);
    }
    // The address's first real visits are welcome: no player was made (nor
    // counted against it).
    for _ in 0..per_address {
        Player::new(&server).create("harp", Some(1)).await;
    }
    // Nor does a player who went leave its allowance to the next one (the
    // store may give the next player its id).
    let burst = patience_server::RateLimits::default().new_game_per_player.burst as usize;
    for _ in 0..burst + 5 {
        let refused = Player::from(&server, [127, 0, 0, 12])
            .post("/api/games", json!({"rules": "lasker", "winnable": true}))
            .await;
        assert_eq!(refused.status, 422, "{}", refused.text);
    }
    let mut fresh = Player::from(&server, [127, 0, 0, 13]);
    for _ in 0..burst {
        fresh.create("harp", None).await;
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_from_other_sites_change_nothing() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let d = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    let play = format!("/api/duels/{id}/play");

    // A form posted from another site, as a browser sends it.
    let form = ann
        .send_with(
            "POST",
            &play,
            &[("sec-fetch-site", "cross-site"), ("origin", "https://evil.example"), ("content-type", "text/plain")],
            None,
        )
        .await;
    form.assert_error(403, "other sites");
    let no_fetch_metadata = ann.send_with("POST", &play, &[("origin", "https://evil.example")], None).await;
    no_fetch_metadata.assert_error(403, "other sites");
    let duel = ann.get(&format!("/api/duels/{id}")).await;
    assert_eq!(duel.json["participants"][0]["started"], false, "the clock did not start: {}", duel.text);
    // Reading is allowed from anywhere the browser allows; the page itself
    // (same origin) may change things.
    let read = ann.send_with("GET", &format!("/api/duels/{id}"), &[("sec-fetch-site", "cross-site")], None).await;
    assert_eq!(read.status, 200);
    let host = server.addr().to_string();
    let origin = format!("http://{host}");
    let own = ann.send_with("POST", &play, &[("sec-fetch-site", "same-origin"), ("origin", &origin)], None).await;
    assert_eq!(own.status, 200, "{}", own.text);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cookie_is_read_once_and_is_secure_over_https() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let (id, created) = ann.create("harp", Some(3)).await;
    assert!(created.raw.contains("set-cookie: patience_id="), "{}", created.raw);
    let mine = ann.cookie.clone().unwrap();
    let mut bob = Player::new(&server);
    bob.create("harp", Some(4)).await;
    let theirs = bob.cookie.clone().unwrap();
    // Two cookies: neither is guessed.
    let mut both = Player { cookie: Some(format!("{mine}; {theirs}")), ..Player::new(&server) };
    both.view(&id).await.assert_error(400, "cookie twice");
    server.stop().await.unwrap();

    let (_dir, db) = temp_db();
    let server = start_with(Config { https: true, ..config(&db) }).await;
    let mut ann = Player::new(&server);
    let (id, created) = ann.create("harp", Some(3)).await;
    let cookie = created.raw.lines().find(|l| l.starts_with("set-cookie:")).unwrap().to_string();
    assert!(
        cookie.contains("__Host-patience_id=") && cookie.contains("; Secure") && cookie.contains("Path=/"),
        "{cookie}"
    );
    assert_eq!(ann.view(&id).await.status, 200, "the secure cookie is read back");
    let token = ann.cookie.clone().unwrap().split_once('=').unwrap().1.to_string();
    let mut plain = Player { cookie: Some(format!("patience_id={token}")), ..Player::new(&server) };
    plain.view(&id).await.assert_error(404, "not yours");
    server.stop().await.unwrap();
}

/// Searches run on a pool of their own: a player's run one at a time, a
/// second waiting for the first and a third refused, and beyond the pool's
/// queue a search is answered 503 with Retry-After, while moves are
/// answered at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_wait_in_a_bounded_queue_one_per_player() {
    let (_dir, db) = temp_db();
    let config = config(&db);
    // One fewer than the cores, at least one: a core stays free for moves.
    let threads = config.services.search_threads;
    let server = start_with(Config { services: Settings { search_queue: 1, ..config.services }, ..config }).await;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(threads, cores.saturating_sub(1).max(1));

    // One player, three hints at once: two are worked out one after the
    // other, the third is refused.
    let mut ann = Player::new(&server);
    let (game, _) = ann.create("harp", Some(5)).await;
    let hint = format!("/api/games/{game}/hint");
    let (mut a1, mut a2, mut a3) = (ann.clone(), ann.clone(), ann.clone());
    let (h1, h2, h3) = tokio::join!(a1.get(&hint), a2.get(&hint), a3.get(&hint));
    let mut statuses = [h1.status.as_u16(), h2.status.as_u16(), h3.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 200, 429], "{} / {} / {}", h1.text, h2.text, h3.text);
    let refused = [&h1, &h2, &h3].into_iter().find(|h| h.status == 429).unwrap();
    assert!(refused.error().contains("still working out your last requests"), "{}", refused.text);

    // Once those have ended, the player's turn is free again.
    assert_eq!(ann.get(&hint).await.status, 200);

    // More players than threads and queue: the rest are told to come back.
    let many = threads + 1 + 3;
    let mut players = Vec::new();
    for _ in 0..many {
        let mut p = Player::new(&server);
        let (game, _) = p.create("harp", Some(5)).await;
        players.push((p, game));
    }
    let mut mover = Player::new(&server);
    let (moving, created) = mover.create("pitchfork", Some(2)).await;
    let asked = players
        .into_iter()
        .map(|(mut p, game)| tokio::spawn(async move { p.get(&format!("/api/games/{game}/hint")).await }));
    let asked: Vec<_> = asked.collect();
    // Meanwhile a move is answered at once, not after the searches.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    let mv = moves(created.view())[0].clone();
    assert_eq!(mover.play(&moving, 0, &mv).await.status, 200);
    let move_took = started.elapsed();
    let mut answered = 0;
    let mut busy = 0;
    for a in asked {
        let a = a.await.unwrap();
        match a.status.as_u16() {
            200 => answered += 1,
            503 => {
                busy += 1;
                assert!(a.raw.contains("retry-after: 3"), "{}", a.raw);
                assert!(a.error().contains("busy"), "{}", a.text);
            }
            other => panic!("{other}: {}", a.text),
        }
    }
    assert_eq!(answered, threads + 1, "one search a thread, one waiting");
    assert_eq!(busy, many - threads - 1);
    // Not a timing test: only that the move did not wait for the searches
    // (which take up to 2 s each).
    assert!(move_took < Duration::from_secs(1), "a move waited {move_took:?} behind the searches");
    server.stop().await.unwrap();
}

/// One person with two cookies cannot take two seats of one duel: a duel
/// takes one participant per address (behind a trusted proxy, the address
/// its header names).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_takes_one_seat_per_address() {
    let (_dir, db) = temp_db();
    let server = start_with(Config {
        client_address_header: Some("X-Real-IP".into()),
        services: Settings::default(),
        ..config(&db)
    })
    .await;
    let from = |ip: &'static str| [("x-real-ip", ip)];
    let mut ann = Player::new(&server);
    let d = ann
        .send_with("POST", "/api/duels", &from("198.51.100.1"), Some(json!({"rules": "harmony", "name": "Ann"})))
        .await;
    assert_eq!(d.status, 201, "{}", d.text);
    let id = d.json["id"].as_str().unwrap().to_string();
    let join = format!("/api/duels/{id}/join");
    let mut second_cookie = Player::new(&server);
    second_cookie
        .send_with("POST", &join, &from("198.51.100.1"), Some(json!({"name": "Ann again"})))
        .await
        .assert_error(409, "one seat per address");
    let mut bob = Player::new(&server);
    let b = bob.send_with("POST", &join, &from("198.51.100.2"), Some(json!({"name": "Bob"}))).await;
    assert_eq!(b.status, 200, "{}", b.text);
    assert!(!b.text.contains("198.51.100") && !b.text.contains("address"), "no address is shown: {}", b.text);

    // Quick match: the second cookie at the same address is not paired
    // into its own first seat's duel.
    let quick = |name: &str| Some(json!({"rules": "lasker", "name": name}));
    let mut cy = Player::new(&server);
    let c = cy.send_with("POST", "/api/duels/quick", &from("203.0.113.7"), quick("Cy")).await;
    assert_eq!(c.status, 201, "{}", c.text);
    let mut cy_again = Player::new(&server);
    let c2 = cy_again.send_with("POST", "/api/duels/quick", &from("203.0.113.7"), quick("Cy2")).await;
    assert_eq!(c2.status, 201, "{}", c2.text);
    assert_ne!(c2.json["id"], c.json["id"]);
    let mut dan = Player::new(&server);
    let d = dan.send_with("POST", "/api/duels/quick", &from("203.0.113.8"), quick("Dan")).await;
    assert_eq!((d.status.as_u16(), &d.json["id"]), (200, &c.json["id"]), "{}", d.text);

    // A rematch keeps each seat's address: a third seat is still not for a
    // second cookie at a seated address.
    let three = json!({"rules": "lasker", "name": "Ann", "participants": 3});
    let d = ann.send_with("POST", "/api/duels", &from("198.51.100.1"), Some(three)).await;
    let id = d.json["id"].as_str().unwrap().to_string();
    let join = format!("/api/duels/{id}/join");
    let b = bob.send_with("POST", &join, &from("198.51.100.2"), Some(json!({"name": "Bob"}))).await;
    assert_eq!(b.status, 200, "{}", b.text);
    for p in [&mut ann, &mut bob] {
        let opened = p.send("POST", &format!("/api/duels/{id}/play"), None, None).await;
        let game = opened.json["game_id"].as_str().unwrap().to_string();
        p.act(&game, 0, "quit").await;
    }
    let closed = ann.send("POST", &format!("/api/duels/{id}/close"), None, None).await;
    assert_eq!(closed.status, 200, "{}", closed.text);
    let ask = format!("/api/duels/{id}/rematch");
    let r = ann.send_with("POST", &ask, &from("198.51.100.1"), None).await;
    assert!(r.status.is_success(), "{}", r.text);
    let rematch = r.json["id"].as_str().unwrap().to_string();
    let join = format!("/api/duels/{rematch}/join");
    Player::new(&server)
        .send_with("POST", &join, &from("198.51.100.2"), Some(json!({"name": "Bo"})))
        .await
        .assert_error(409, "one seat per address");
    let mut cy = Player::new(&server);
    let c = cy.send_with("POST", &join, &from("198.51.100.3"), Some(json!({"name": "Cy"}))).await;
    assert_eq!(c.status, 200, "a new address takes the third seat: {}", c.text);
    server.stop().await.unwrap();
}
