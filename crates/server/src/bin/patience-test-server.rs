//! A server in a process of its own, for the tests that kill or signal one
//! (`tests/crash.rs`, `tests/instances.rs`): `patience-test-server DB`
//! serves DB (a file path or a `postgres://` URL) on a free port of
//! 127.0.0.1, logs to standard error as `patience serve` does (where it
//! listens first), and on SIGTERM stops gracefully and prints `STOPPED
//! CLEANLY`. Every test client is 127.0.0.1, so a duel here takes several
//! participants from one address. Not for production: use `patience serve`.

use patience_server::{Config, Settings};

fn main() -> anyhow::Result<()> {
    let db = std::env::args().nth(1).ok_or_else(|| anyhow::anyhow!("usage: patience-test-server DB"))?;
    let config = Config {
        port: 0,
        database: db.parse()?,
        services: Settings { one_seat_per_address: false, ..Settings::default() },
        ..Config::default()
    };
    patience_server::serve_blocking(config)?;
    println!("STOPPED CLEANLY");
    Ok(())
}
