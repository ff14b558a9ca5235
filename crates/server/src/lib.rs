//! The patience web server: the JSON API, storage of every game as its move
//! log (SQLite by default), and the web front end embedded in the binary.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let config = patience_server::Config { port: 8080, db_path: "patience.db".into(), ..Default::default() };
//! patience_server::serve(config).await // until SIGTERM or Ctrl-C
//! # }
//! ```
//!
//! # The API
//!
//! Every error is a 4xx (or 5xx) status with the JSON body
//! `{"error": "what was wrong"}`. Request bodies must be
//! `Content-Type: application/json` and at most [`api::BODY_LIMIT`] bytes.
//! A player is known by a random token in the `patience_id` cookie
//! (HttpOnly, SameSite=Lax), set by the first `POST /api/games`; a game of
//! another player answers 404 exactly as an unknown id does.
//!
//! | route | what |
//! |---|---|
//! | `GET /api/rules` | `{"rules": [{id, game, name, summary, default, clock_secs, scored}]}` |
//! | `POST /api/games` `{"rules": "harmony", "deal": 17}` | 201, a new game (`deal` optional: random) as `{id, created_ms, view}` |
//! | `GET /api/games` | `{"games": [{id, rules, name, deal, created_ms, updated_ms, action_count, moves_made, outcome, score}]}`, newest first |
//! | `GET /api/games/{id}` | `{id, created_ms, view}`; `view` is `patience_core::view::GameView` |
//! | `POST /api/games/{id}/actions` `{"action_number": 4, "move": "t3-t5:2"}` | plays a move; or `{"action_number": 4, "action": "undo"}` (`undo`, `redo`, `restart`, `quit`, `auto-on`, `auto-off`); answers `{id, created_ms, view}` |
//! | `GET /api/games/{id}/record` | the game record as text |
//! | `GET /api/games/{id}/duel` | `{"duel": {id, link, rules, name, status}}` for a duel's game, else `{"duel": null}` |
//! | `GET /api/games/{id}/hint` | the honest player's move; 403 in duel games |
//! | `GET /api/stats` | played / won / win % / streaks per game and variant, best Harmony score |
//!
//! `action_number` must equal the view's `action_number`; otherwise the
//! answer is 409 and nothing is applied, so a repeated or stale request is
//! never applied twice. An illegal move is 422 with the engine's reason; an
//! action on a finished game is 409.
//!
//! The game of a duel that is still open never names its deal number: `deal`
//! is null in its view and in the game list, and its record has no `Deal`
//! header ([`duels::hides_deal`]), so that nobody can practise the duel's
//! deal beside it.
//!
//! # Storage and durability
//!
//! See [`store`]: a game is its rules id, deal number and creation time plus
//! the append-only action log; each action is appended by a statement that
//! also checks the action number, and committed (`synchronous=FULL` in WAL
//! mode by default, appends waiting together sharing one commit) before the
//! answer is sent.
//! Games are rebuilt by replaying their log after a restart.
//!
//! # The clock
//!
//! The server stamps every action with its own time since the game was
//! created. A timed game (Harmony) is ended by the server once its time is
//! up: an action after 5:00 is refused and the game ends as it stands.

pub mod api;
pub mod duels;
pub mod error;
pub mod sqlite;
pub mod state;
pub mod stats;
pub mod store;
pub mod web;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tower_http::trace::TraceLayer;

pub use sqlite::{Durability, SqliteStore};
pub use state::AppState;
pub use store::Store;

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

/// Every route of the site and the API, on `state`.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/rules", get(api::list_rules))
        .route("/games", get(api::list_games).post(api::create_game))
        .route("/games/{id}", get(api::get_game))
        .route(
            "/games/{id}/actions",
            post(api::post_action).layer(middleware::from_fn_with_state(state.clone(), duels::guard_actions)),
        )
        .route("/games/{id}/hint", get(api::hint))
        .route("/games/{id}/record", get(api::record))
        .route("/games/{id}/duel", get(duels::of_game))
        .route("/stats", get(api::statistics))
        .route("/duels", post(duels::create))
        .route("/duels/quick", post(duels::quick))
        .route("/duels/{id}", get(duels::get))
        .route("/duels/{id}/events", get(duels::events))
        .route("/duels/{id}/join", post(duels::join))
        .route("/duels/{id}/play", post(duels::play))
        .route("/duels/{id}/rematch", post(duels::rematch))
        .route("/duels/{id}/close", post(duels::close_now))
        .route("/duels/{id}/replays/{n}", get(duels::replay))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed);
    Router::new()
        .route("/", get(web::index))
        .route("/game/{id}", get(web::game_page))
        .route("/how-to-play", get(web::how_to_play))
        .route("/faq", get(web::faq))
        .route("/about", get(web::about))
        .route("/stats", get(web::stats))
        .route("/duels", get(web::duels_page))
        .route("/duel/{id}", get(web::duel_page))
        .route("/favicon.ico", get(web::favicon))
        .route("/static/{file}", get(web::static_file))
        .nest("/api", api)
        .fallback(web::fallback)
        .layer(DefaultBodyLimit::max(api::BODY_LIMIT))
        .layer(middleware::from_fn(security_headers))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Headers every answer carries: nothing from elsewhere may load, nothing
/// is sniffed, no page is framed.
async fn security_headers(req: Request<axum::body::Body>, next: Next) -> Response {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    response
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
    store: SqliteStore,
    state: AppState,
}

impl Server {
    /// The address it listens on (with the real port when 0 was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The server's shared state (for tests: [`AppState::advance_clock`]).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// `http://host:port`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops accepting connections, lets requests in flight finish, and
    /// closes the database.
    pub async fn stop(self) -> anyhow::Result<()> {
        self.state.duels().stop_streams();
        let _ = self.shutdown.send(());
        let served = self.task.await;
        self.store.close().await;
        served??;
        tracing::info!("server stopped");
        Ok(())
    }
}

/// Opens the database and starts serving in the background.
pub async fn start(config: &Config) -> anyhow::Result<Server> {
    let store = SqliteStore::open(&config.db_path, config.durability).await?;
    let listener = tokio::net::TcpListener::bind((config.host, config.port))
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let addr = listener.local_addr()?;
    let state = AppState::new(Arc::new(store.clone()));
    let app = router(state.clone());
    let (shutdown, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await
    });
    tracing::info!(%addr, db = %config.db_path.display(), durability = ?config.durability, "serving http://{addr}");
    Ok(Server { addr, shutdown, task, store, state })
}

/// Serves the site and the API until SIGTERM or Ctrl-C, then shuts down
/// gracefully.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    init_logging(config.logging);
    let server = start(&config).await?;
    shutdown_signal().await;
    tracing::info!("shutting down");
    server.stop().await
}

/// [`serve`] on a multi-threaded Tokio runtime of its own, for callers that
/// are not async (the `patience serve` command).
pub fn serve_blocking(config: Config) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(serve(config))
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
