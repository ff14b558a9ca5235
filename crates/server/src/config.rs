//! What an operator sets: where to listen, the database, how durable its
//! commits are, and how the server logs.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

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
    /// The SQLite database file, created (with its folder) if missing.
    pub db_path: PathBuf,
    pub durability: Durability,
    pub logging: Logging,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            db_path: PathBuf::from("patience.db"),
            durability: Durability::Full,
            logging: Logging::Text,
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
