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
//! exactly as an unknown id does. The bodies in full, duels and the limits
//! on clients are documented in the crate's README.
//!
//! | route | what |
//! |---|---|
//! | `GET /api/rules` | `{"rules": [{id, game, name, summary, default, clock_secs, scored}]}` |
//! | `GET /api/library` | `{"library": [{rules, looked, last, lost, easy, medium, hard, never_won}]}`: what the library of winnable deals holds of each game and variant, and whether its deals are never won |
//! | `POST /api/games` `{"rules": "harmony", "deal": 17}` | 201, a new game (`deal` optional: random; or `"grade"` or `"winnable": true` for a winnable deal from the library) as `{id, created_ms, view}` |
//! | `GET /api/games` | `{"games": [{id, rules, name, deal, created_ms, updated_ms, action_count, moves_made, outcome, helped, score, continuable}]}`, newest first |
//! | `GET /api/games/{id}` | `{id, created_ms, view}`; `view` is `patience_core::view::GameView` with `hints`, `clock_started` and `dealt_as_winnable` |
//! | `POST /api/games/{id}/actions` `{"action_number": 4, "move": "t3-t5:2"}` | plays a move; or `{"action_number": 4, "action": "undo"}` (`undo`, `redo`, `restart`, `quit`, `auto-on`, `auto-off`); answers `{id, created_ms, view, announcement}`, `announcement` saying in words what the action did |
//! | `GET /api/games/{id}/record` | the game record as text |
//! | `GET /api/games/{id}/duel` | `{"duel": {id, link, rules, name, status}}` for a duel's game, else `{"duel": null}` |
//! | `POST /api/games/{id}/again` | 201 `{id, created_ms, view}`: a new game of the same rules and deal, dealt as winnable if this one was; 403 while the deal is secret (an open duel's, a daily deal's whose day runs) |
//! | `GET /api/games/{id}/hint` | the honest player's move; 403 in duel games |
//! | `GET /api/games/{id}/finish` | `{"moves": [{notation, words}]}`: the moves up that end a game needing no decision any more (`view.finishable`: every card face up, stock and waste empty, each card free to go up in turn); 422 otherwise; 403 in duel games and daily deals |
//! | `GET /api/games/{id}/par` | `{best, exact, total, yours, winnable, over, words}`: the most cards the deal can bring to the foundations (`patience_solver::par`, about 2 s), beside the player's count; 409 while the game is not over (before then only where every card shows, as in Lasker, and never in a duel) and while its duel is open |
//! | `POST /api/games/{id}/line` | `{"moves", "view", …}`: a winning line once every card left is known (`view.line_offered`), recorded first as the action `line`: a win is then a win with help; 422 while cards are hidden or when none is found in 2 s; 403 in duel games and daily deals |
//! | `GET /api/stats` | played / won / won with help / win % / streaks per game and variant, best Harmony score |
//! | `GET /api/votes`, `PUT /api/votes/{game}` | every game's stars (count, average, the reader's), and the reader's vote for a game they have played |
//! | `GET /api/account` | `{name, games}`: the account the browser is signed in to (`null` when none) and how many games its player has |
//! | `POST /api/account/sign-up` `{"name", "password"}` | 201 `{name}`: the browser's player claims the name, keeping its history, under a new session cookie |
//! | `POST /api/account/sign-in` `{"name", "password", "add_games"}` | `{name, games_added}`: the browser becomes the account's (a new session cookie), adding its own games when asked; 403 for a wrong name or password alike, 429 with `Retry-After` after repeated failures |
//! | `POST /api/account/sign-out`, `/sign-out-everywhere` `{}` | this session ends, or every session of the account; the cookie goes |
//! | `POST /api/account/password` `{"current", "new"}` | a new password; every other session ends |
//! | `POST /api/account/delete` `{"password"}` | the account goes, its name is free, its sessions end; its games stay under no name |
//! | `GET`, `PUT /api/account/settings` | the settings kept with the account, for every browser signed in to it |
//! | `GET /api/players/{name}` | the public profile: the statistics and list of the finished games (none in progress, none of an open duel or a daily deal whose day runs), closed duels with the player's place, daily streaks |
//! | `GET /api/players/{name}/games/{id}/record` | a finished game's record, for anyone |
//! | `GET /api/leaderboards/{game}[/{page}]` | the game's rating leaderboard among players active in the last 30 days, 50 a page |
//! | `GET /api/replays/{id}` | a game's replay: its actions in words with the score and clock of each; for its player once it has ended, for anyone once it is closed for good and its contest (duel, daily deal) is over |
//! | `GET /api/replays/{id}/steps/{n}` | `{view}`: the table after action `n` (0: the deal), as the game showed it then |
//! | `GET /api/replays/{id}/analysis` | 200 `{status: "done", verdicts, lost_at, words, line_from, line, solves, unknown}`: whether the deal could still be won after each action, the action after which no win remained and a winning line from before it; 202 `{status: "running", solves}` while it is worked out (once, in the background; never while the game's contest runs) |
//! | `GET /api/replays/{id}/line/{i}` | `{view}`: the table after `i` moves of the analysis's winning line |
//! | `GET /api/games/export` | every game of yours that has ended, as records one after another (a download) |
//! | `POST /api/replays/import` `{"record": "..."}` | 201 `{game_id, link}`: a record replayed and kept as a game of yours, to watch and analyse; 400 with its first refused action |
//! | `GET /api/replays/{id}/record` | the game's record, for whoever may watch its replay |
//! | `GET /api/daily` | today's daily deal of every game: its link, commitment (once chosen), how many played it, your attempt |
//! | `POST /api/daily/{game}/play` `{"name": "Pat"}` | `{game_id, link}`: your one attempt at today's deal (201 when created, 200 after); the name is for players without an account |
//! | `GET /api/daily/{game}/{day}[/{page}]` | a day's deal: commitment, board (names and figures, 50 a page); once the day is over its deal, seed, salt, par and a winning line, and each attempt's record link |
//! | `GET /api/daily/{game}/{day}/records/{id}` | an attempt's record, once the day is over |
//! | `GET /api/daily/{game}/days[/{page}]` | the past days of the game's daily deal, with how many played each |
//! | `POST /api/duels` `{"rules": "harmony", "participants": 3, "rated": true}` | 201, a new duel (rated: between accounts, changing their Glicko-2 ratings when it closes; see [`ratings`]) |
//! | `POST /api/duels/quick` `{"rules": "harmony", "rated": true}` | joins an open quick-match duel (200; rated: the waiting player nearest in rating, within a window that widens with their wait) or opens one (201) |
//! | `GET /api/duels/lobby` | who waits in quick match, with their ratings |
//! | `GET /api/duels/{id}` | the duel: participants, standings, and once closed its seed, salt and deal |
//! | `GET /api/duels/{id}/events` | the duel as server-sent events, one each time it changes |
//! | `POST /api/duels/{id}/join` `{"name": "Bob"}` | joins the duel |
//! | `POST /api/duels/{id}/play` | `{game_id, link}`: your game of the duel's deal, created on the first call |
//! | `POST /api/duels/{id}/rematch` | a new duel for the same participants, once closed |
//! | `POST /api/duels/{id}/close` | the creator closes the duel now |
//! | `GET /api/duels/{id}/replays/{n}` | participant `n`'s game record (the others' once the duel is closed) |
//! | `GET /healthz`, `GET /readyz` | the process answers; the instance should get requests (database reachable, not stopping) |
//! | `GET /`, `/game/{id}`, `/replay/{id}`, `/replay`, `/daily`, `/daily/{game}/{day}`, `/duels`, `/duel/{id}`, `/stats`, `/account`, `/@/{name}`, `/leaderboards`, `/settings`, `/how-to-play`, `/faq`, `/about` | the site's pages |
//! | `GET /favicon.ico`, `GET /static/{file}` | the icon, styles, scripts and sound effects (`place.wav`, `win.wav`) embedded in the binary; `/static/openings.json`, deal 1's opening table of every game and variant |
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
//! - [`store`]: the [`Store`] trait and its SQLite and PostgreSQL
//!   implementations, with no HTTP and no game logic in it;
//! - [`ids`]: the typed ids every layer passes around.
//!
//! [`server`] puts them together: a listening socket, the router, the
//! database, and a graceful stop.

pub mod config;
pub mod http;
pub mod ids;
pub mod ratings;
pub mod server;
pub mod services;
pub mod store;

pub use config::{init_logging, Config, ConnectionLimits, Database, Logging, Rate, RateLimits, Settings};
pub use server::{serve, serve_blocking, shutdown_signal, start, Server};
pub use services::Services;
pub use store::postgres::PostgresStore;
pub use store::sqlite::{Durability, SqliteStore};
pub use store::Store;
