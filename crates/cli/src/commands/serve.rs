//! `patience serve`: the web platform (see the `patience-server` crate),
//! on an embedded SQLite database that is created on first start.

use std::net::IpAddr;
use std::time::Duration;

use clap::ValueEnum;
use patience_server::services::dailies::ahead::Ahead;
use patience_server::services::duels::feed::StreamCaps;
use patience_server::services::library::Growth;
use patience_server::services::searches::default_threads;
use patience_server::{Config, ConnectionLimits, Database, Durability, Logging, RateLimits, Settings};

#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Where games are stored: an SQLite file (a path, or sqlite://PATH;
    /// created with its folder if missing) for one server, or a PostgreSQL
    /// database (postgres://USER@HOST/DB) that several servers share.
    #[arg(long, default_value = "patience.db", value_name = "PATH|URL")]
    db: Database,
    /// `full` syncs every commit to disk before a move is acknowledged;
    /// `normal` survives a crash of the server but not of the machine.
    #[arg(long, value_enum, default_value_t = DurabilityArg::Full)]
    durability: DurabilityArg,
    /// Log format on standard error (`RUST_LOG` filters, `info` by default).
    #[arg(long, value_enum, default_value_t = LogArg::Text)]
    log: LogArg,
    /// Seconds a client has to send a request's head, counted from when
    /// the server waits for it (so also how long an idle kept-alive
    /// connection stays open).
    #[arg(long, default_value_t = 10, value_name = "SECS")]
    header_timeout: u64,
    /// Seconds a client has to send a request's body.
    #[arg(long, default_value_t = 10, value_name = "SECS")]
    body_timeout: u64,
    /// Seconds a connection may stay without a byte moving either way.
    #[arg(long, default_value_t = 60, value_name = "SECS")]
    idle_timeout: u64,
    /// Connections open at once at most (one more is answered 503); keep it
    /// below the file-descriptor limit (`ulimit -n`).
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Connections open at once from one address at most (one more is
    /// answered 503); not applied behind a trusted proxy, which limits them
    /// itself.
    #[arg(long, default_value_t = 256, value_name = "N")]
    max_connections_per_address: usize,
    /// Behind a proxy you trust: the header that carries the client's
    /// address (`X-Forwarded-For`, `X-Real-IP`), for the limits per
    /// address. Never set it without such a proxy: anyone can send it.
    #[arg(long, value_name = "HEADER")]
    trusted_proxy_header: Option<String>,
    /// The site is served over HTTPS by a proxy in front: the cookie is
    /// `Secure` and named `__Host-patience_id`.
    #[arg(long)]
    https: bool,
    /// No limits on creating players, games and duels (load benchmarks,
    /// private servers).
    #[arg(long)]
    no_rate_limits: bool,
    /// Let several participants of one duel join from one address (a
    /// household or a school behind one address); by default a duel takes
    /// one participant per address.
    #[arg(long)]
    shared_address_seats: bool,
    /// Winnable deals the library should hold of each game and variant: a
    /// background worker, at the lowest priority, looks at deals until it
    /// does (0: no worker; the starting pool alone).
    #[arg(long, value_name = "N", default_value_t = Growth::default().won)]
    library_target: u64,
    /// Winnable deals a background worker grades, at the lowest priority,
    /// for each game's next daily deal, taking the first Medium one (0: no
    /// worker; each day's deal is then the first winnable one found when
    /// someone first asks for it).
    #[arg(long, value_name = "N", default_value_t = Ahead::default().candidates)]
    daily_candidates: u32,
    /// Threads that run searches (hints, winnable deals, a deal's par), in
    /// the lowest scheduling class; by default one fewer than the cores, at
    /// least one, so that a core stays free for the moves.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    search_threads: Option<u16>,
    /// Searches one client address may have running or waiting at once; by
    /// default a quarter of the search threads and queue (at least 2), so
    /// that one address cannot fill them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    search_places_per_address: Option<u16>,
    /// Live duel streams one player may hold open at once.
    #[arg(long, value_name = "N", default_value_t = StreamCaps::default().per_player)]
    streams_per_player: usize,
    /// Live duel streams one client address may hold open at once.
    #[arg(long, value_name = "N", default_value_t = StreamCaps::default().per_address)]
    streams_per_address: usize,
    /// Live duel streams open at once in all (one more is answered 503).
    #[arg(long, value_name = "N", default_value_t = StreamCaps::default().in_total)]
    max_streams: usize,
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
        database: args.db,
        durability: match args.durability {
            DurabilityArg::Full => Durability::Full,
            DurabilityArg::Normal => Durability::Normal,
        },
        logging: match args.log {
            LogArg::Text => Logging::Text,
            LogArg::Json => Logging::Json,
            LogArg::Off => Logging::Off,
        },
        connections: ConnectionLimits {
            header_timeout: Duration::from_secs(args.header_timeout),
            body_timeout: Duration::from_secs(args.body_timeout),
            idle_timeout: Duration::from_secs(args.idle_timeout),
            max_connections: args.max_connections,
            max_connections_per_address: args.max_connections_per_address,
        },
        services: Settings {
            rate_limits: if args.no_rate_limits { RateLimits::unlimited() } else { RateLimits::default() },
            one_seat_per_address: !args.shared_address_seats,
            library: (args.library_target > 0).then(|| Growth { won: args.library_target, ..Growth::default() }),
            daily_ahead: (args.daily_candidates > 0)
                .then(|| Ahead { candidates: args.daily_candidates, ..Ahead::default() }),
            search_threads: args.search_threads.map_or_else(default_threads, usize::from),
            search_places_per_address: args.search_places_per_address.map(usize::from),
            streams: StreamCaps {
                per_player: args.streams_per_player,
                per_address: args.streams_per_address,
                in_total: args.max_streams,
            },
            ..Settings::default()
        },
        client_address_header: args.trusted_proxy_header,
        https: args.https,
    };
    patience_server::serve_blocking(config)
}
