//! The patience web server: the JSON API, storage of every game as its move
//! log (SQLite by default), and the web front end embedded in the binary.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let config = patience_server::Config { port: 8080, database: "patience.db".parse()?, ..Default::default() };
//! patience_server::serve(config).await // until SIGTERM or Ctrl-C
//! # }
//! ```
//!
//! # The API
//!
//! Every error is a 4xx (or 5xx) status with the JSON body
//! `{"error": "what was wrong"}` (with `Retry-After` on 429 and 503).
//! Request bodies must be `Content-Type: application/json` and at most
//! [`http::json::BODY_LIMIT`] bytes.
//! A player is known by a random token in the `patience_id` cookie
//! (HttpOnly, SameSite=Lax; `__Host-patience_id`, Secure, over HTTPS), set
//! by the first `POST /api/games`; a game of another player answers 404
//! exactly as an unknown id does. Duels, their routes and the limits on
//! clients are documented in the crate's README.
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
//! | `GET /api/games/{id}/par` | `{best, exact, total, yours, winnable, over, words}`: the most cards the deal can bring to the foundations (`patience_solver::par`, about 2 s), beside the player's count; 409 while the game is not over (before then only where every card shows, as in Lasker, and never in a duel) and while its duel is open |
//! | `GET /api/stats` | played / won / win % / streaks per game and variant, best Harmony score |
//! | `GET /healthz`, `GET /readyz` | the process answers; the instance should get requests (database reachable, not stopping) |
//!
//! `action_number` must equal the view's `action_number`; otherwise the
//! answer is 409 and nothing is applied, so a repeated or stale request is
//! never applied twice. An illegal move is 422 with the engine's reason; an
//! action on a finished game is 409.
//!
//! The game of a duel that is still open never names its deal number: `deal`
//! is null in its view and in the game list, and its record has no `Deal`
//! header ([`services::duels::hides_deal`]), so that nobody can practise
//! the duel's deal beside it.
//!
//! # Storage and durability
//!
//! See [`store`]: SQLite for one server, PostgreSQL for several. A game is
//! its rules id, deal number and creation time plus the append-only action
//! log; each action is appended by a statement that also checks the action
//! number, and committed (SQLite: `synchronous=FULL` in WAL mode by default,
//! appends waiting together sharing one commit; PostgreSQL:
//! `synchronous_commit` on) before the answer is sent. Games are rebuilt by
//! replaying their log after a restart.
//!
//! # The clock
//!
//! The server stamps every action with its own time since the game was
//! created. A timed game (Harmony) is ended by the server once its time is
//! up: an action after 5:00 is refused and the game ends as it stands.

//! # Layers
//!
//! Read top-down, each layer using only the ones below it:
//!
//! - [`http`]: routes and handlers for games, duels and pages, the cookie
//!   that identifies a player, JSON bodies and errors;
//! - [`services`]: what the site does — games, duels, identity,
//!   statistics — with no HTTP in it;
//! - [`store`]: the [`Store`] trait and its SQLite implementation, with no
//!   HTTP and no game logic in it;
//! - [`ids`]: the typed ids every layer passes around.
//!
//! [`server`] puts them together: a listening socket, the router, the
//! database, and a graceful stop.

pub mod config;
pub mod http;
pub mod ids;
pub mod server;
pub mod services;
pub mod store;

pub use config::{init_logging, Config, ConnectionLimits, Database, Logging, Rate, RateLimits, Settings};
pub use server::{serve, serve_blocking, shutdown_signal, start, Server};
pub use services::Services;
pub use store::postgres::PostgresStore;
pub use store::sqlite::{Durability, SqliteStore};
pub use store::Store;
