//! `patience serve`: the web platform (see the `patience-server` crate),
//! on an embedded SQLite database that is created on first start.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::ValueEnum;
use patience_server::{Config, Durability, Logging};

#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The SQLite database file, created with its folder if missing.
    #[arg(long, default_value = "patience.db")]
    db: PathBuf,
    /// `full` syncs every commit to disk before a move is acknowledged;
    /// `normal` survives a crash of the server but not of the machine.
    #[arg(long, value_enum, default_value_t = DurabilityArg::Full)]
    durability: DurabilityArg,
    /// Log format on standard error (`RUST_LOG` filters, `info` by default).
    #[arg(long, value_enum, default_value_t = LogArg::Text)]
    log: LogArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum DurabilityArg {
    Full,
    Normal,
}

#[derive(Clone, Copy, ValueEnum)]
enum LogArg {
    Text,
    Json,
    Off,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let config = Config {
        host: args.host,
        port: args.port,
        db_path: args.db,
        durability: match args.durability {
            DurabilityArg::Full => Durability::Full,
            DurabilityArg::Normal => Durability::Normal,
        },
        logging: match args.log {
            LogArg::Text => Logging::Text,
            LogArg::Json => Logging::Json,
            LogArg::Off => Logging::Off,
        },
    };
    patience_server::serve_blocking(config)
}
