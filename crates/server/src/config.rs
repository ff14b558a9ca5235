//! What an operator sets: where to listen, the database, how durable its
//! commits are, and how the server logs.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

pub use crate::services::limits::{Rate, RateLimits};
pub use crate::services::Settings;
use crate::store::sqlite::Durability;

/// How the server logs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Logging {
    /// Human-readable lines on standard error.
    #[default]
    Text,
    /// One JSON object a line on standard error.
    Json,
    /// Install no log subscriber (the caller has its own, or wants none).
    Off,
}

/// What `serve` needs to know.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on; 127.0.0.1 by default.
    pub host: IpAddr,
    /// The port; 8080 by default, 0 for any free port.
    pub port: u16,
    /// Where games are stored.
    pub database: Database,
    /// How hard an SQLite commit waits for the disk (PostgreSQL commits
    /// with its own `synchronous_commit`, which must be on).
    pub durability: Durability,
    pub logging: Logging,
    pub connections: ConnectionLimits,
    /// Rate limits (how many players, games and duels a requester may
    /// create, how fast duel moves may come), the searches' queue, and
    /// whether a duel takes one participant per address.
    pub services: Settings,
    /// The header that carries the client's address when the server runs
    /// behind a proxy it trusts (`X-Forwarded-For`, `X-Real-IP`); the last
    /// address in it is taken. Without one, the connection's own address
    /// counts (rate limits per address use it).
    pub client_address_header: Option<String>,
    /// The site is served over HTTPS (by a proxy in front): the cookie is
    /// `Secure` and named with the `__Host-` prefix.
    pub https: bool,
}

/// Where games are stored: `--db` as an operator writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file (created, with its folder, if missing): one server.
    Sqlite(PathBuf),
    /// A PostgreSQL URL (`postgres://user@host/db`): any number of
    /// servers. The URL may hold a password; it is never logged.
    Postgres(String),
}

/// Why `--db` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseError {
    #[error("no database given: use a file path, sqlite://PATH or postgres://USER@HOST/DB")]
    Empty,
    #[error("unknown database scheme `{0}://`: use a file path, sqlite://PATH or postgres://USER@HOST/DB")]
    UnknownScheme(String),
}

impl std::str::FromStr for Database {
    type Err = DatabaseError;

    /// `postgres://…` or `postgresql://…`; `sqlite://path`; or a plain
    /// file path.
    fn from_str(text: &str) -> Result<Database, DatabaseError> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Database::Postgres(text.to_string()));
        }
        let path = text.strip_prefix("sqlite://").unwrap_or(text);
        if path.is_empty() {
            return Err(DatabaseError::Empty);
        }
        if let Some((scheme, _)) = path.split_once("://") {
            return Err(DatabaseError::UnknownScheme(scheme.to_string()));
        }
        Ok(Database::Sqlite(PathBuf::from(path)))
    }
}

impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&crate::store::postgres::redact(url)),
        }
    }
}

/// How long a client may take, and how many may be connected at once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// A request's head must arrive within this, counted from when the
    /// server starts waiting for it: on a new connection, or after the
    /// previous answer on a kept-alive one (so it also closes idle
    /// keep-alive connections).
    pub header_timeout: Duration,
    /// A request's body must arrive within this once its head has.
    pub body_timeout: Duration,
    /// A connection on which no byte moves either way for this long is
    /// closed (live duel streams send a comment every 15 s, so they stay).
    pub idle_timeout: Duration,
    /// Connections open at once at most; one more is answered 503 and
    /// closed. Keep it below the process's file-descriptor limit.
    pub max_connections: usize,
    /// Connections open at once from one address at most, so that one
    /// address cannot take them all (one more is answered 503 and closed).
    /// Not applied behind a trusted proxy, whose connections all come from
    /// its own address: the proxy limits connections per client there
    /// (`deploy/nginx-site.conf`).
    pub max_connections_per_address: usize,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 4096,
            max_connections_per_address: 256,
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            database: Database::Sqlite(PathBuf::from("patience.db")),
            durability: Durability::Full,
            logging: Logging::Text,
            connections: ConnectionLimits::default(),
            services: Settings::default(),
            client_address_header: None,
            https: false,
        }
    }
}

/// Installs the log subscriber `logging` asks for (the `RUST_LOG`
/// environment variable filters, `info` by default). Does nothing if one is
/// installed already.
pub fn init_logging(logging: Logging) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi);
    let _ = match logging {
        Logging::Text => builder.try_init(),
        Logging::Json => builder.json().try_init(),
        Logging::Off => Ok(()),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_is_a_path_an_sqlite_url_or_a_postgres_url() {
        let sqlite = |p: &str| Ok(Database::Sqlite(PathBuf::from(p)));
        assert_eq!("patience.db".parse(), sqlite("patience.db"));
        assert_eq!("sqlite:///var/lib/patience.db".parse(), sqlite("/var/lib/patience.db"));
        assert_eq!("sqlite://data/p.db".parse(), sqlite("data/p.db"));
        let url = "postgres://ann:pw@db.example/patience";
        assert_eq!(url.parse(), Ok(Database::Postgres(url.into())));
        assert!(matches!("postgresql://db/p".parse::<Database>(), Ok(Database::Postgres(_))));
        assert_eq!("mysql://db/p".parse::<Database>(), Err(DatabaseError::UnknownScheme("mysql".into())));
        assert_eq!("".parse::<Database>(), Err(DatabaseError::Empty));
        assert_eq!(Database::Postgres(url.into()).to_string(), "postgres://ann@db.example/patience");
    }
}
