//! The JSON API under `/api`. See the crate docs for the routes.

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use patience_core::game::{Action, Entry};
use patience_core::record::Record;
use patience_core::rules::Scoring;
use patience_core::view::GameView;
use patience_core::{notation, presets, Game, GameError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::state::{is_game_id, random_deal, random_hex, AppState, Live};
use crate::stats;
use crate::store::{NewGame, PlayerId, StoreError, Summary};

/// Largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 4096;

/// The cookie that carries a player's token.
pub const COOKIE: &str = "patience_id";

/// A JSON request body: refused with a JSON error when the content type is
/// not JSON, the body is over [`BODY_LIMIT`] or it does not parse.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let mime = content_type.split(';').next().unwrap_or("").trim();
        if !mime.eq_ignore_ascii_case("application/json") {
            let shown = if content_type.is_empty() { "none".to_string() } else { format!("`{mime}`") };
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!("the body must be JSON with Content-Type: application/json (got {shown})"),
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(e.status(), format!("the body is larger than the {BODY_LIMIT}-byte limit"))
            } else {
                ApiError::new(e.status(), format!("cannot read the body: {}", e.body_text()))
            }
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
    }
}

/// The token in the request's cookie, if it has a well-formed one.
pub(crate) fn token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The player making the request, if their cookie names one.
pub(crate) async fn player(state: &AppState, headers: &HeaderMap) -> Result<Option<PlayerId>, ApiError> {
    match token(headers) {
        Some(t) => state.player(&t).await,
        None => Ok(None),
    }
}

/// The player making the request, registering a new one (and returning the
/// cookie to set) when the request has no known token.
pub(crate) async fn player_or_new(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<(PlayerId, Option<HeaderValue>), ApiError> {
    if let Some(id) = player(state, headers).await? {
        return Ok((id, None));
    }
    let (id, token) = state.new_player().await?;
    let cookie = format!("{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=315360000");
    let value = HeaderValue::from_str(&cookie).map_err(|e| ApiError::internal(e.to_string()))?;
    tracing::info!(player = id, "new player");
    Ok((id, Some(value)))
}

/// A game as the API returns it.
#[derive(Serialize)]
pub struct GameResponse {
    pub id: String,
    /// Unix time in milliseconds when the game was created.
    pub created_ms: i64,
    pub view: SentView,
}

/// The player view as it is sent: `patience_core`'s [`GameView`], with
/// `"deal": null` while the game's duel is open
/// ([`crate::duels::hides_deal`]).
pub struct SentView {
    pub view: GameView,
    pub deal_hidden: bool,
}

impl Serialize for SentView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if !self.deal_hidden {
            return self.view.serialize(serializer);
        }
        // Only duel games take this slower path; ordinary games (the load
        // the server is sized for) are written straight from the view.
        let mut value = serde_json::to_value(&self.view).map_err(serde::ser::Error::custom)?;
        value["deal"] = serde_json::Value::Null;
        value.serialize(serializer)
    }
}

fn respond(live: &Live, unix_now: i64, deal_hidden: bool) -> GameResponse {
    GameResponse {
        id: live.id.clone(),
        created_ms: live.created_ms,
        view: SentView { view: GameView::of(&live.game, live.now_ms(unix_now)), deal_hidden },
    }
}

/// `GET /api/rules`: every game and variant.
pub async fn list_rules() -> Json<serde_json::Value> {
    let rules: Vec<_> = presets::ALL
        .iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id,
                "game": r.game,
                "name": r.name,
                "summary": r.summary,
                "default": r.id == r.game,
                "clock_secs": r.clock_secs,
                "scored": r.scoring != Scoring::None,
            })
        })
        .collect();
    Json(serde_json::json!({ "rules": rules }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// A game or variant id, such as `harmony` or `harp/3-passes`.
    rules: String,
    /// The deal number; a random one when absent.
    #[serde(default)]
    deal: Option<u64>,
    /// Winnable deals only: start from the first deal at or after `deal`
    /// (or a random one) that the solver proves winnable.
    #[serde(default)]
    winnable: bool,
}

/// Deals tried, and the solver's time for each, for "winnable deals only":
/// a request waits at most about their product.
const WINNABLE_TRIES: u64 = 10;
const WINNABLE_SECS_PER_DEAL: u64 = 1;

/// The first deal from `from` on that the solver proves winnable, searched
/// off the async threads.
async fn winnable_deal(rules: &'static patience_core::Rules, from: u64) -> Result<u64, ApiError> {
    let budget = patience_solver::Budget::default()
        .with_timeout(std::time::Duration::from_secs(WINNABLE_SECS_PER_DEAL))
        .with_memory(256 << 20);
    let found = tokio::task::spawn_blocking(move || {
        patience_solver::winnable::next_winnable_deal(rules, from, &budget, WINNABLE_TRIES)
    })
    .await
    .map_err(|e| ApiError::internal(format!("the winnable-deal search failed: {e}")))?;
    match found {
        Some((deal, _)) => Ok(deal),
        None => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "no deal from {from} to {} was proven winnable within {WINNABLE_SECS_PER_DEAL} s each; \
                 try another deal number, or play without \"winnable deals only\"",
                from.saturating_add(WINNABLE_TRIES - 1)
            ),
        )),
    }
}

/// `POST /api/games`: starts a game.
pub async fn create_game(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<CreateRequest>,
) -> Result<Response, ApiError> {
    let rules = presets::find(&req.rules).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let (player, cookie) = player_or_new(&state, &headers).await?;
    let mut deal = req.deal.unwrap_or_else(random_deal);
    if req.winnable {
        deal = winnable_deal(rules, deal).await?;
    }
    let now = state.now_ms();
    let game = Game::new(rules, deal);
    let mut new = NewGame { id: random_hex(12), player, rules: rules.id.to_string(), deal, created_ms: now };
    let summary = Summary::of(&game, now);
    loop {
        match state.store().create_game(&new, &summary).await {
            Ok(()) => break,
            Err(StoreError::DuplicateId(_)) => new.id = random_hex(12),
            Err(e) => return Err(e.into()),
        }
    }
    tracing::info!(game = %new.id, player, rules = rules.id, deal, "game created");
    let live = Live { id: new.id, player, created_ms: now, duel: None, game };
    let body = Json(respond(&live, now, false));
    state.insert(live);
    let mut response = (StatusCode::CREATED, body).into_response();
    if let Some(cookie) = cookie {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// `GET /api/games/{id}`: the player's view of a game.
pub async fn get_game(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<GameResponse>, ApiError> {
    let player = player(&state, &headers).await?;
    let game = state.game(&id, player).await?;
    let mut live = game.lock().await;
    let deal_hidden = crate::duels::hides_deal(&state, live.duel.as_deref()).await?;
    let now = state.now_ms();
    state.settle_clock(&mut live, now).await?;
    Ok(Json(respond(&live, now, deal_hidden)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The game's `action_number` as the client last saw it.
    action_number: usize,
    /// `move` (the default when `move` is given), `undo`, `redo`,
    /// `restart`, `quit`, `auto-on` or `auto-off` (the engine's optional
    /// safe auto-move).
    #[serde(default)]
    action: Option<String>,
    /// The move in notation, one of the view's `moves`.
    #[serde(default, rename = "move")]
    mv: Option<String>,
}

/// `POST /api/games/{id}/actions`: plays a move, undoes, redoes, restarts
/// or quits. The action is committed to the database before the answer.
pub async fn post_action(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ActionRequest>,
) -> Result<Json<GameResponse>, ApiError> {
    enum Wanted {
        Act(Action),
        Redo,
    }
    let wanted =
        match (req.action.as_deref(), req.mv.as_deref()) {
            (None | Some("move"), Some(text)) => {
                Wanted::Act(Action::Play(notation::parse(text).map_err(|e| ApiError::bad_request(e.to_string()))?))
            }
            (Some("move"), None) => return Err(ApiError::bad_request("action `move` needs a `move` in notation")),
            (Some(a), Some(_)) => {
                return Err(ApiError::bad_request(format!("give either a `move` or the action `{a}`, not both")))
            }
            (Some("undo"), None) => Wanted::Act(Action::Undo),
            (Some("redo"), None) => Wanted::Redo,
            (Some("restart"), None) => Wanted::Act(Action::Restart),
            (Some("quit"), None) => Wanted::Act(Action::Quit),
            (Some("auto-on"), None) => Wanted::Act(Action::AutoMoves(true)),
            (Some("auto-off"), None) => Wanted::Act(Action::AutoMoves(false)),
            (Some(other), None) => {
                let shown: String = other.chars().take(40).collect();
                return Err(ApiError::bad_request(format!(
                    "unknown action `{shown}`: use move, undo, redo, restart, quit, auto-on or auto-off"
                )));
            }
            (None, None) => return Err(ApiError::bad_request(
                "say what to do: a `move` in notation, or an `action` (undo, redo, restart, quit, auto-on, auto-off)",
            )),
        };
    let player = player(&state, &headers).await?;
    let game = state.game(&id, player).await?;
    let mut live = game.lock().await;
    let deal_hidden = crate::duels::hides_deal(&state, live.duel.as_deref()).await?;
    let unix_now = state.now_ms();
    state.settle_clock(&mut live, unix_now).await?;
    let expected = live.game.action_number();
    if req.action_number != expected {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!(
                "stale action number {}: the game is at action {expected}; reload the game and try again",
                req.action_number
            ),
        ));
    }
    let action = match wanted {
        Wanted::Act(action) => action,
        Wanted::Redo => match live.game.redo_move() {
            Some(mv) if !live.game.is_final() => Action::Play(mv),
            Some(_) => return Err(ApiError::refused(GameError::Over(live.game.outcome()))),
            None => return Err(ApiError::refused(GameError::NothingToRedo)),
        },
    };
    let entry = Entry { action, at_ms: live.now_ms(unix_now) };
    if let Err(e) = live.game.apply(entry) {
        if let GameError::TimeUp { .. } = e {
            state.settle_clock(&mut live, unix_now).await?;
        }
        return Err(ApiError::refused(e));
    }
    let summary = Summary::of(&live.game, unix_now);
    if let Err(e) = state.store().append(&id, expected, &entry, &summary).await {
        // The game in memory is ahead of the database: forget it, so the
        // next request replays what was really stored.
        drop(live);
        state.evict(&id);
        return Err(match e {
            StoreError::Conflict { .. } => ApiError::new(
                StatusCode::CONFLICT,
                format!("stale action number {expected}: the game has moved on; reload the game and try again"),
            ),
            e => e.into(),
        });
    }
    tracing::debug!(game = %id, number = expected, action = %crate::store::action_text(action), at_ms = entry.at_ms, outcome = summary.outcome, "action");
    Ok(Json(respond(&live, unix_now, deal_hidden)))
}

/// `GET /api/games/{id}/hint`: the honest player's move. It is computed
/// from the player's view and what the game's log shows the player has
/// seen (`patience_solver::honest`), never from hidden cards. Off in duel
/// games, where it would be outside help.
pub async fn hint(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let player = player(&state, &headers).await?;
    let game = state.game(&id, player).await?;
    let (rules, view, knowledge, seed) = {
        let mut live = game.lock().await;
        if live.duel.is_some() {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "hints are off in duel games: every participant plays alone",
            ));
        }
        let now = state.now_ms();
        state.settle_clock(&mut live, now).await?;
        let outcome = live.game.outcome();
        if outcome.is_final() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!("the game is over ({}): there is nothing to hint", outcome.as_str()),
            ));
        }
        let view = GameView::of(&live.game, live.now_ms(now)).table;
        let knowledge = patience_solver::honest::Knowledge::of_game(&live.game);
        // The same table gets the same hint.
        let seed = id.bytes().fold(live.game.action_number() as u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
        (live.game.rules(), view, knowledge, seed)
    };
    let config = patience_solver::honest::HonestConfig {
        time: Some(std::time::Duration::from_secs(HINT_SECS)),
        ..Default::default()
    };
    let found =
        tokio::task::spawn_blocking(move || patience_solver::honest::hint(rules, &view, &knowledge, &config, seed))
            .await
            .map_err(|e| ApiError::internal(format!("the hint search failed: {e}")))?;
    let hint =
        found.ok_or_else(|| ApiError::new(StatusCode::CONFLICT, "no move is legal: there is nothing to hint"))?;
    Ok(Json(serde_json::json!({
        "move": hint.notation(),
        "why": hint.why.as_str(),
        "samples": hint.samples,
        "wins": hint.wins,
        "hopeless": hint.hopeless(),
    })))
}

/// The most time one hint may think.
const HINT_SECS: u64 = 2;

/// `GET /api/games/{id}/record`: the game record as text.
pub async fn record(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let player = player(&state, &headers).await?;
    let game = state.game(&id, player).await?;
    let mut live = game.lock().await;
    let deal_hidden = crate::duels::hides_deal(&state, live.duel.as_deref()).await?;
    state.settle_clock(&mut live, state.now_ms()).await?;
    let text = record_text(&live.game, deal_hidden);
    let deal = if deal_hidden { "duel".to_string() } else { live.game.deal().to_string() };
    let filename = format!("patience-{}-{deal}.txt", live.game.rules().id.replace('/', "-"));
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{filename}\"")),
        ],
        text,
    )
        .into_response())
}

/// A game's record as text. While its duel is open the `Deal` header is
/// left out (a comment says why), so the record lists the player's own
/// actions without giving the deal away; it can be replayed once the duel
/// has closed and the full record is served.
pub(crate) fn record_text(game: &Game, deal_hidden: bool) -> String {
    let mut record = Record::of(game);
    if !deal_hidden {
        return record.to_text();
    }
    record.headers.retain(|(key, _)| key != "Deal");
    format!(
        "# A duel game: the deal number is left out until the duel closes; the full record is served then.\n{}",
        record.to_text()
    )
}

/// A row of the game list, with the game's name; `deal` is null for a game
/// whose duel is open.
#[derive(Serialize)]
pub struct ListedGame {
    #[serde(flatten)]
    pub row: crate::store::GameRow,
    pub deal: Option<u64>,
    pub name: &'static str,
}

/// Games that a list shows at most.
const LIST_LIMIT: usize = 200;

/// `GET /api/games`: the player's games, newest first.
pub async fn list_games(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Some(player) = player(&state, &headers).await? else {
        return Ok(Json(serde_json::json!({ "games": [] })));
    };
    let rows = stats::settled_rows(&state, player, LIST_LIMIT).await?;
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        let name = presets::find(&row.rules).map_or("unknown", |r| r.name);
        let deal = if row.duel_open { None } else { Some(row.deal) };
        games.push(ListedGame { row, deal, name });
    }
    Ok(Json(serde_json::json!({ "games": games })))
}

/// `GET /api/stats`: the player's statistics.
pub async fn statistics(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<stats::Stats>, ApiError> {
    let rows = match player(&state, &headers).await? {
        Some(player) => stats::settled_rows(&state, player, usize::MAX).await?,
        None => Vec::new(),
    };
    Ok(Json(stats::Stats::of(&rows)))
}

/// Any other path under `/api`.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    let path: String = uri.path().chars().take(100).collect();
    ApiError::new(StatusCode::NOT_FOUND, format!("no such API route `{path}`"))
}

/// A known path with the wrong method.
pub async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    let path: String = uri.path().chars().take(100).collect();
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, format!("`{method}` is not allowed on `{path}`"))
}

/// Whether `id` could name a game (used by the page routes).
pub fn looks_like_game(id: &str) -> bool {
    is_game_id(id)
}
