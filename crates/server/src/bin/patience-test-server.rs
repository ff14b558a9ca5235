//! A server in a process of its own, for the tests that run the site as
//! separate processes (`tests/it/crash.rs`, `tests/it/instances.rs`, and every
//! suite run with `PATIENCE_TEST_BACKEND=instances`):
//! `patience-test-server DB [--no-rate-limits]` serves DB (a file path or a
//! `postgres://` URL) on a free port of 127.0.0.1, logs to standard error as
//! `patience serve` does (where it listens first), and on SIGTERM stops
//! gracefully and prints `STOPPED CLEANLY`. Every test client is 127.0.0.1,
//! so a duel here takes several participants from one address, and the
//! shares of one address (connections, live streams, places in the search
//! pool) are those of the whole server.
//!
//! A test moves this process's clock forward by writing `advance MS` on its
//! standard input; the line `ADVANCED MS` on standard output says it is
//! done. That is the only control, and only through a pipe the test holds:
//! nothing of it is reachable over HTTP. Not for production: use
//! `patience serve`.

use std::io::{BufRead as _, Write as _};

use patience_server::{Config, RateLimits, Services, Settings};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let usage = || anyhow::anyhow!("usage: patience-test-server DB [--no-rate-limits]");
    let db = args.next().ok_or_else(usage)?;
    let rate_limits = match args.next().as_deref() {
        None => Settings::default().rate_limits,
        Some("--no-rate-limits") => RateLimits::unlimited(),
        Some(_) => return Err(usage()),
    };
    let mut config = Config {
        port: 0,
        database: db.parse()?,
        services: Settings {
            one_seat_per_address: false,
            rate_limits,
            search_places_per_address: Some(usize::MAX),
            ..Settings::default()
        },
        ..Config::default()
    };
    config.connections.max_connections_per_address = config.connections.max_connections;
    config.services.streams.per_address = config.services.streams.in_total;
    patience_server::init_logging(config.logging);
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async {
        let stop = patience_server::shutdown_signal();
        let server = patience_server::start(&config).await?;
        let services = server.state().clone();
        std::thread::spawn(move || obey(services));
        stop.await;
        server.stop().await
    })?;
    println!("STOPPED CLEANLY");
    Ok(())
}

/// Follows the test's lines on standard input until it closes.
fn obey(services: Services) {
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { return };
        if let Some(ms) = line.strip_prefix("advance ").and_then(|ms| ms.trim().parse::<i64>().ok()) {
            services.advance_clock(ms);
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "ADVANCED {ms}");
            let _ = out.flush();
        }
    }
}
