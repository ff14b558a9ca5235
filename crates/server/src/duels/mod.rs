//! Duels: every participant plays their own game of the same deal, each on
//! the server's clock from the moment they open it; standings carry only
//! numbers; the deal is committed (a SHA-256 hash) before play and revealed
//! when the duel closes (see [`fairness`]).
//!
//! Routes (under `/api`): `POST /duels`, `POST /duels/quick`,
//! `GET /duels/{id}`, `GET /duels/{id}/events` (server-sent events),
//! `POST /duels/{id}/join`, `POST /duels/{id}/play`,
//! `POST /duels/{id}/rematch`, `POST /duels/{id}/close`,
//! `GET /duels/{id}/replays/{n}`,
//! `GET /games/{id}/duel` (the duel a game belongs to); the page is
//! `/duel/{id}` (and `/duels` to start one).

pub mod fairness;
pub mod limits;
pub mod model;
pub(crate) mod sqlite;

use std::collections::HashSet;
use std::convert::Infallible;
use std::sync::Mutex as SyncMutex;
use std::time::Duration;

use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use patience_core::game::Outcome;
use patience_core::rules::Scoring;
use patience_core::{presets, Game};
use serde::{Deserialize, Serialize};

use crate::api::{player, player_or_new, token, JsonBody};
use crate::error::ApiError;
use crate::state::{random_hex, token_hash, AppState, Live};
use crate::store::{NewGame, PlayerId, StoreError, Summary};
use limits::Kind;
use model::{Duel, DuelWrite, FinalResult, NewDuel, Participant};

/// Participants a duel may have at most.
pub const MAX_PARTICIPANTS: usize = 8;

/// The longest closing time accepted: 30 days.
const MAX_CLOSES_IN_SECS: u64 = 30 * 24 * 3600;

/// How often the live standings stream looks for changes.
const EVENTS_EVERY: Duration = Duration::from_secs(1);

/// The duels' state in memory: rate limits, one lock that makes duel
/// changes one at a time, and the signal that ends the live streams.
pub struct DuelState {
    /// Duels seen closed (a duel never opens again, so this can be trusted
    /// without asking the store; an open duel is always asked about).
    closed: SyncMutex<HashSet<String>>,
    pub limits: limits::Limits,
    changes: tokio::sync::Mutex<()>,
    stopping: tokio::sync::watch::Sender<bool>,
}

impl Default for DuelState {
    fn default() -> DuelState {
        DuelState {
            closed: SyncMutex::new(HashSet::new()),
            limits: limits::Limits::default(),
            changes: tokio::sync::Mutex::new(()),
            stopping: tokio::sync::watch::channel(false).0,
        }
    }
}

impl DuelState {
    /// Ends the live standings streams (before a graceful shutdown).
    pub fn stop_streams(&self) {
        self.stopping.send_replace(true);
    }
}

/// Whether answers about a game of duel `duel` must leave its deal number
/// out: the duel is still open. With the number a participant could
/// practise the same deal in an ordinary game while their duel clock runs,
/// or before opening their duel game; once the duel closes the number is
/// revealed anyway (with the seed and salt). The duel comes from the game's
/// own row ([`crate::state::Live::duel`]) and its status from the database,
/// so no answer depends on what this process happens to have learnt. It
/// locks no game (settling a duel would lock every participant's), so a
/// handler may ask while it holds its game's lock.
pub(crate) async fn hides_deal(state: &AppState, duel: Option<&str>) -> Result<bool, ApiError> {
    let Some(duel_id) = duel else {
        return Ok(false);
    };
    duel_is_open(state, duel_id).await
}

/// Whether the duel is open as stored (a closing time that has passed
/// counts as open until the duel is settled: hiding is the safe side).
async fn duel_is_open(state: &AppState, duel_id: &str) -> Result<bool, ApiError> {
    if state.duels().closed.lock().unwrap().contains(duel_id) {
        return Ok(false);
    }
    let closed = state.store().duel_closed(duel_id).await?.unwrap_or(false);
    if closed {
        state.duels().closed.lock().unwrap().insert(duel_id.to_string());
    }
    Ok(!closed)
}

/// Duel ids are 16 lower-case hex digits.
pub fn is_duel_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn unknown_duel(id: &str) -> ApiError {
    let shown: String = id.chars().take(40).collect();
    ApiError::new(StatusCode::NOT_FOUND, format!("no duel `{shown}`"))
}

/// A display name: 1 to 24 characters, letters, digits, spaces, `-`, `_`
/// and `.`, with no space at either end.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > 24 {
        return Err(ApiError::bad_request("a display name has 1 to 24 characters"));
    }
    if let Some(c) = name.chars().find(|&c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'))) {
        let shown = if c.is_control() { format!("U+{:04X}", c as u32) } else { c.to_string() };
        return Err(ApiError::bad_request(format!(
            "a display name may hold letters, digits, spaces, `-`, `_` and `.`, not `{shown}`"
        )));
    }
    if name.contains("  ") {
        return Err(ApiError::bad_request("a display name has no double spaces"));
    }
    Ok(name.to_string())
}

fn rate_key(headers: &HeaderMap) -> [u8; 32] {
    token(headers).map_or([0; 32], |t| token_hash(&t))
}

fn too_many(what: &str) -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, format!("too many {what}: wait a moment and try again"))
}

/// A participant's progress: numbers only.
#[derive(Clone, Debug)]
struct Progress {
    started: bool,
    result: FinalResult,
}

/// When a game ended (Unix ms), if it did.
fn finished_at(live: &Live) -> Option<i64> {
    let game = &live.game;
    match game.outcome() {
        Outcome::TimeUp => Some(live.created_ms + game.limit_ms().unwrap_or(0) as i64),
        o if o.is_final() => Some(live.created_ms + game.last_ms() as i64),
        _ => None,
    }
}

fn foundations(game: &Game) -> usize {
    let pos = game.position();
    (0..pos.foundation_slots()).map(|s| pos.foundation_len(s)).sum()
}

async fn progress(state: &AppState, p: &Participant, now: i64) -> Result<Progress, ApiError> {
    if let Some(result) = &p.result {
        return Ok(Progress { started: p.game_id.is_some(), result: result.clone() });
    }
    let Some(game_id) = &p.game_id else {
        let result = FinalResult { score: 0, foundations: 0, outcome: "not_started".into(), finished_ms: None };
        return Ok(Progress { started: false, result });
    };
    let game = state.game(game_id, Some(p.player)).await?;
    let mut live = game.lock().await;
    state.settle_clock(&mut live, now).await?;
    let result = FinalResult {
        score: live.game.score(),
        foundations: foundations(&live.game),
        outcome: crate::store::outcome_text(live.game.outcome()),
        finished_ms: finished_at(&live),
    };
    Ok(Progress { started: true, result })
}

/// The order of the final ranking: indices into the participants.
/// Scored games (Harmony): higher score first, then the earlier finish;
/// others: more cards on the foundations first, then the earlier finish.
/// Unfinished games come after finished ones of the same score; then the
/// order of joining.
fn ranking(scored: bool, progress: &[Progress]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..progress.len()).collect();
    order.sort_by_key(|&i| {
        let r = &progress[i].result;
        let first = if scored { -r.score } else { -(r.foundations as i64) };
        (first, r.finished_ms.unwrap_or(i64::MAX), i)
    });
    order
}

fn is_scored(rules: &str) -> bool {
    presets::find(rules).is_ok_and(|r| r.scoring != Scoring::None)
}

/// Loads a duel, closing it first if its time has come (everyone finished,
/// or its closing time passed). Returns the duel and its participants'
/// progress.
async fn settled(state: &AppState, id: &str) -> Result<(Duel, Vec<Progress>), ApiError> {
    if !is_duel_id(id) {
        return Err(unknown_duel(id));
    }
    let duel = state.store().load_duel(id).await?.ok_or_else(|| unknown_duel(id))?;
    let now = state.now_ms();
    let mut all = Vec::with_capacity(duel.participants.len());
    for p in &duel.participants {
        all.push(progress(state, p, now).await?);
    }
    if duel.closed {
        return Ok((duel, all));
    }
    let everyone_done =
        duel.participants.len() == duel.max_participants && all.iter().all(|p| p.result.finished_ms.is_some());
    let time_up = duel.closes_ms.is_some_and(|c| now >= c);
    if !(everyone_done || time_up) {
        return Ok((duel, all));
    }
    close(state, &duel, all, now).await
}

/// Closes the duel with its participants' results as they stand at `now`
/// (`all`, in the order of joining), and loads it again.
async fn close(state: &AppState, duel: &Duel, all: Vec<Progress>, now: i64) -> Result<(Duel, Vec<Progress>), ApiError> {
    let id = duel.id.as_str();
    let _one_at_a_time = state.duels().changes.lock().await;
    let results = duel.participants.iter().zip(&all).map(|(p, g)| (p.player, g.result.clone())).collect();
    match state.store().write_duel(DuelWrite::Close { duel_id: id.to_string(), closed_ms: now, results }).await {
        Ok(()) | Err(StoreError::Refused(_)) => {}
        Err(e) => return Err(e.into()),
    }
    tracing::info!(duel = %id, "duel closed");
    let duel = state.store().load_duel(id).await?.ok_or_else(|| unknown_duel(id))?;
    let all = duel
        .participants
        .iter()
        .zip(all)
        .map(|(p, g)| match &p.result {
            Some(r) => Progress { started: g.started, result: r.clone() },
            None => g,
        })
        .collect();
    Ok((duel, all))
}

/// A participant in the standings.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct Standing {
    pub name: String,
    pub joined_ms: i64,
    pub started: bool,
    pub finished: bool,
    pub outcome: String,
    pub score: i64,
    pub foundations: usize,
    pub finished_ms: Option<i64>,
    /// 1 for the winner, once the duel is closed.
    pub rank: Option<usize>,
    pub you: bool,
}

/// Seed and salt, once the duel is closed, with the server's own check.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct Reveal {
    pub seed: String,
    pub salt: String,
    pub deal: u64,
    #[serde(flatten)]
    pub check: fairness::Check,
}

/// The requester in the duel.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct Me {
    pub index: usize,
    pub name: String,
    /// Their game, once opened.
    pub game_id: Option<String>,
}

/// A duel as the API shows it: no deal, no seed, no cards until it closes.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct DuelView {
    pub id: String,
    pub link: String,
    pub rules: String,
    pub name: String,
    /// Ranked by score (Harmony) rather than cards on the foundations.
    pub scored: bool,
    pub created_ms: i64,
    pub closes_ms: Option<i64>,
    pub max_participants: usize,
    pub status: &'static str,
    pub closed_ms: Option<i64>,
    pub commitment: String,
    pub participants: Vec<Standing>,
    /// Participant indices, winner first (once closed).
    pub ranking: Option<Vec<usize>>,
    pub me: Option<Me>,
    /// Whether the requester created the duel (and may close it early).
    pub you_created: bool,
    pub reveal: Option<Reveal>,
    pub rematch_id: Option<String>,
}

fn view(duel: &Duel, progress: &[Progress], me: Option<PlayerId>) -> DuelView {
    let you_created = me == Some(duel.creator);
    let scored = is_scored(&duel.rules);
    let ranking = duel.closed.then(|| ranking(scored, progress));
    let participants = duel
        .participants
        .iter()
        .zip(progress)
        .enumerate()
        .map(|(i, (p, g))| Standing {
            name: p.name.clone(),
            joined_ms: p.joined_ms,
            started: g.started,
            finished: g.result.finished_ms.is_some(),
            outcome: g.result.outcome.clone(),
            score: g.result.score,
            foundations: g.result.foundations,
            finished_ms: g.result.finished_ms,
            rank: ranking.as_ref().and_then(|r| r.iter().position(|&j| j == i)).map(|r| r + 1),
            you: Some(p.player) == me,
        })
        .collect();
    let me = me.and_then(|me| {
        let index = duel.participants.iter().position(|p| p.player == me)?;
        let p = &duel.participants[index];
        Some(Me { index, name: p.name.clone(), game_id: p.game_id.clone() })
    });
    let reveal = duel.closed.then(|| Reveal {
        seed: duel.seed.clone(),
        salt: duel.salt.clone(),
        deal: duel.deal,
        check: fairness::check(&duel.seed, &duel.salt, &duel.commitment, duel.deal),
    });
    DuelView {
        id: duel.id.clone(),
        link: format!("/duel/{}", duel.id),
        rules: duel.rules.clone(),
        name: presets::find(&duel.rules).map_or("unknown", |r| r.name).to_string(),
        scored,
        created_ms: duel.created_ms,
        closes_ms: duel.closes_ms,
        max_participants: duel.max_participants,
        status: if duel.closed { "closed" } else { "open" },
        closed_ms: duel.closed_ms,
        commitment: duel.commitment.clone(),
        participants,
        ranking,
        me,
        you_created,
        reveal,
        rematch_id: duel.rematch_id.clone(),
    }
}

async fn duel_view(state: &AppState, id: &str, me: Option<PlayerId>) -> Result<DuelView, ApiError> {
    let (duel, progress) = settled(state, id).await?;
    Ok(view(&duel, &progress, me))
}

fn with_cookie(status: StatusCode, body: impl Serialize, cookie: Option<axum::http::HeaderValue>) -> Response {
    let mut response = (status, Json(body)).into_response();
    if let Some(cookie) = cookie {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// A new duel's row (seed, salt and commitment drawn here).
fn new_duel(rules: &str, max: usize, closes_ms: Option<i64>, creator: PlayerId, quick: bool, now: i64) -> NewDuel {
    let draw = fairness::draw();
    NewDuel {
        id: random_hex(8),
        rules: rules.to_string(),
        created_ms: now,
        closes_ms,
        max_participants: max,
        commitment: draw.commitment,
        salt: draw.salt,
        seed: draw.seed,
        deal: draw.deal,
        creator,
        quick,
        participants: Vec::new(),
    }
}

async fn insert_new(state: &AppState, mut duel: NewDuel) -> Result<String, ApiError> {
    loop {
        match state.store().write_duel(DuelWrite::Create(duel.clone())).await {
            Ok(()) => return Ok(duel.id),
            Err(StoreError::DuplicateId(_)) => duel.id = random_hex(8),
            Err(e) => return Err(e.into()),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateDuel {
    /// Game or variant id.
    rules: String,
    /// How many participants, 2 to [`MAX_PARTICIPANTS`]; 2 by default.
    #[serde(default)]
    participants: Option<usize>,
    /// The duel closes this many seconds after it is created, finished or not.
    #[serde(default)]
    closes_in_secs: Option<u64>,
    /// The creator joins under this name (optional).
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/duels`: creates a duel; 201 with the duel.
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<CreateDuel>,
) -> Result<Response, ApiError> {
    let rules = presets::find(&req.rules).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let max = req.participants.unwrap_or(2);
    if !(2..=MAX_PARTICIPANTS).contains(&max) {
        return Err(ApiError::bad_request(format!("a duel has 2 to {MAX_PARTICIPANTS} participants")));
    }
    if let Some(secs) = req.closes_in_secs {
        if !(10..=MAX_CLOSES_IN_SECS).contains(&secs) {
            return Err(ApiError::bad_request(format!(
                "closes_in_secs must be from 10 to {MAX_CLOSES_IN_SECS} (30 days)"
            )));
        }
    }
    let name = req.name.as_deref().map(check_name).transpose()?;
    if !state.duels().limits.take(Kind::CreateDuel, rate_key(&headers)) {
        return Err(too_many("new duels"));
    }
    let (player, cookie) = player_or_new(&state, &headers).await?;
    let now = state.now_ms();
    let mut duel = new_duel(rules.id, max, req.closes_in_secs.map(|s| now + s as i64 * 1000), player, false, now);
    if let Some(name) = name {
        duel.participants.push((player, name));
    }
    let id = insert_new(&state, duel).await?;
    tracing::info!(duel = %id, player, rules = rules.id, max, "duel created");
    Ok(with_cookie(StatusCode::CREATED, duel_view(&state, &id, Some(player)).await?, cookie))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinDuel {
    name: String,
}

/// `POST /api/duels/{id}/join` `{"name": "..."}`: joins a duel.
pub async fn join(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<JoinDuel>,
) -> Result<Response, ApiError> {
    let name = check_name(&req.name)?;
    settled(&state, &id).await?;
    let (player, cookie) = player_or_new(&state, &headers).await?;
    join_as(&state, &id, player, name).await?;
    Ok(with_cookie(StatusCode::OK, duel_view(&state, &id, Some(player)).await?, cookie))
}

async fn join_as(state: &AppState, id: &str, player: PlayerId, name: String) -> Result<(), ApiError> {
    let _one_at_a_time = state.duels().changes.lock().await;
    let write = DuelWrite::Join { duel_id: id.to_string(), player, name, joined_ms: state.now_ms() };
    state.store().write_duel(write).await?;
    tracing::info!(duel = %id, player, "joined a duel");
    Ok(())
}

#[derive(Serialize)]
pub struct Started {
    pub game_id: String,
    pub link: String,
}

/// `POST /api/duels/{id}/play`: the requester's game of the duel's deal,
/// created now (its clock starts now) if it does not exist yet.
pub async fn play(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Started>, ApiError> {
    let me = player(&state, &headers).await?;
    let (duel, _) = settled(&state, &id).await?;
    let not_in = || ApiError::new(StatusCode::FORBIDDEN, "join the duel first");
    let me = me.ok_or_else(not_in)?;
    let p = duel.participants.iter().find(|p| p.player == me).ok_or_else(not_in)?;
    if let Some(game_id) = &p.game_id {
        return Ok(Json(Started { link: format!("/game/{game_id}"), game_id: game_id.clone() }));
    }
    if duel.closed {
        return Err(ApiError::new(StatusCode::CONFLICT, "the duel is closed"));
    }
    let rules = presets::find(&duel.rules).map_err(|e| ApiError::internal(e.to_string()))?;
    let _one_at_a_time = state.duels().changes.lock().await;
    let now = state.now_ms();
    let game = Game::new(rules, duel.deal);
    let summary = Summary::of(&game, now);
    let mut new =
        NewGame { id: random_hex(12), player: me, rules: rules.id.to_string(), deal: duel.deal, created_ms: now };
    loop {
        let write =
            DuelWrite::StartGame { duel_id: id.clone(), player: me, game: new.clone(), summary: summary.clone() };
        match state.store().write_duel(write).await {
            Ok(()) => break,
            Err(StoreError::DuplicateId(_)) => new.id = random_hex(12),
            Err(e) => return Err(e.into()),
        }
    }
    state.insert(Live { id: new.id.clone(), player: me, created_ms: now, duel: Some(id.clone()), game });
    tracing::info!(duel = %id, game = %new.id, player = me, "duel game started");
    Ok(Json(Started { link: format!("/game/{}", new.id), game_id: new.id }))
}

/// `GET /api/duels/{id}`: the duel, its standings, and once it is closed
/// the ranking and the revealed seed and salt.
pub async fn get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<DuelView>, ApiError> {
    let me = player(&state, &headers).await?;
    Ok(Json(duel_view(&state, &id, me).await?))
}

/// The duel a game belongs to, as its game page shows it.
#[derive(Serialize, PartialEq, Eq, Clone, Debug)]
pub struct GameDuel {
    pub id: String,
    pub link: String,
    pub rules: String,
    pub name: String,
    pub status: &'static str,
}

/// `GET /api/games/{id}/duel`: `{"duel": {id, link, rules, name, status}}`
/// when the requester's game `id` is their game of a duel, `{"duel": null}`
/// when it is an ordinary game; 404 for someone else's game, as everywhere.
/// Nothing of the other participants is in it.
pub async fn of_game(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let me = player(&state, &headers).await?;
    let game = state.game(&id, me).await?;
    let Some(duel_id) = game.lock().await.duel.clone() else {
        return Ok(Json(serde_json::json!({ "duel": null })));
    };
    let (duel, _) = settled(&state, &duel_id).await?;
    let found = GameDuel {
        link: format!("/duel/{}", duel.id),
        name: presets::find(&duel.rules).map_or("unknown", |r| r.name).to_string(),
        status: if duel.closed { "closed" } else { "open" },
        rules: duel.rules,
        id: duel.id,
    };
    Ok(Json(serde_json::json!({ "duel": found })))
}

/// `GET /api/duels/{id}/events`: the same as `GET /api/duels/{id}` as
/// server-sent events (`event: duel`), one whenever it changes; the stream
/// ends once the duel is closed.
pub async fn events(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let me = player(&state, &headers).await?;
    let first = duel_view(&state, &id, me).await?;
    let stopping = state.duels().stopping.subscribe();
    struct Tick {
        state: AppState,
        id: String,
        me: Option<PlayerId>,
        last: Option<DuelView>,
        next: Option<DuelView>,
        stopping: tokio::sync::watch::Receiver<bool>,
    }
    let tick = Tick { state, id, me, last: None, next: Some(first), stopping };
    let stream = futures_util::stream::unfold(tick, |mut t| async move {
        loop {
            if let Some(next) = t.next.take() {
                if t.last.as_ref().is_some_and(|l| l.status == "closed") {
                    return None;
                }
                if t.last.as_ref() != Some(&next) {
                    let data = serde_json::to_string(&next).unwrap_or_default();
                    t.last = Some(next);
                    return Some((Ok::<_, Infallible>(Event::default().event("duel").data(data)), t));
                }
            }
            if t.last.as_ref().is_some_and(|l| l.status == "closed") || *t.stopping.borrow() {
                return None;
            }
            tokio::select! {
                _ = tokio::time::sleep(EVENTS_EVERY) => {}
                _ = t.stopping.changed() => return None,
            }
            t.next = Some(duel_view(&t.state, &t.id, t.me).await.ok()?);
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

/// `GET /api/duels/{id}/replays/{n}`: participant `n`'s game record (from
/// 0, in the order of joining) as text: your own at any time, the others'
/// only once the duel is closed.
pub async fn replay(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((id, n)): Path<(String, usize)>,
) -> Result<Response, ApiError> {
    let me = player(&state, &headers).await?;
    let (duel, _) = settled(&state, &id).await?;
    let p = duel.participants.get(n).ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such participant"))?;
    if !duel.closed && Some(p.player) != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "the other participants' replays are visible once the duel is closed",
        ));
    }
    let game_id =
        p.game_id.as_ref().ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "this participant has not played"))?;
    let game = state.game(game_id, Some(p.player)).await?;
    // One's own record while the duel is open: without the deal number.
    let text = crate::api::record_text(&game.lock().await.game, !duel.closed);
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `POST /api/duels/{id}/rematch`: a new duel (a new seed) for the same
/// participants; asked twice, the same rematch.
pub async fn rematch(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let me = player(&state, &headers).await?;
    let (duel, _) = settled(&state, &id).await?;
    let not_in = || ApiError::new(StatusCode::FORBIDDEN, "only a participant can ask for a rematch");
    let me = me.ok_or_else(not_in)?;
    if !duel.participants.iter().any(|p| p.player == me) {
        return Err(not_in());
    }
    if !duel.closed {
        return Err(ApiError::new(StatusCode::CONFLICT, "a rematch can start once the duel is closed"));
    }
    if let Some(existing) = duel.rematch_id {
        return Ok(with_cookie(StatusCode::OK, duel_view(&state, &existing, Some(me)).await?, None));
    }
    if !state.duels().limits.take(Kind::CreateDuel, rate_key(&headers)) {
        return Err(too_many("new duels"));
    }
    let now = state.now_ms();
    let closes = duel.closes_ms.map(|c| now + (c - duel.created_ms));
    let mut new = new_duel(&duel.rules, duel.max_participants, closes, me, duel.quick, now);
    new.participants = duel.participants.iter().map(|p| (p.player, p.name.clone())).collect();
    let rematch_id = new.id.clone();
    let result = {
        let _one_at_a_time = state.duels().changes.lock().await;
        state.store().write_duel(DuelWrite::Rematch { duel_id: id.clone(), rematch: new }).await
    };
    let rematch_id = match result {
        Ok(()) => rematch_id,
        Err(StoreError::Refused(_)) => state
            .store()
            .load_duel(&id)
            .await?
            .and_then(|d| d.rematch_id)
            .ok_or_else(|| ApiError::internal("no rematch"))?,
        Err(e) => return Err(e.into()),
    };
    tracing::info!(duel = %id, rematch = %rematch_id, "rematch");
    Ok(with_cookie(StatusCode::CREATED, duel_view(&state, &rematch_id, Some(me)).await?, None))
}

/// `POST /api/duels/{id}/close`: the creator closes their duel now, for
/// a duel whose seats do not all fill. Refused while a participant is in
/// the middle of their game (closing would cut their game short); a
/// participant who has not opened their game yet is ranked as not started.
pub async fn close_now(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<DuelView>, ApiError> {
    let me = player(&state, &headers).await?;
    let (duel, all) = settled(&state, &id).await?;
    if me != Some(duel.creator) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "only the duel's creator can close it early"));
    }
    if duel.closed {
        return Ok(Json(view(&duel, &all, me)));
    }
    if let Some(p) = duel.participants.iter().zip(&all).find(|(_, g)| g.started && g.result.finished_ms.is_none()) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("{} is still playing; the duel can be closed once they have finished", p.0.name),
        ));
    }
    let (duel, all) = close(&state, &duel, all, state.now_ms()).await?;
    tracing::info!(duel = %id, "duel closed early by its creator");
    Ok(Json(view(&duel, &all, me)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuickMatch {
    rules: String,
    name: String,
}

/// `POST /api/duels/quick` `{"rules": "harmony", "name": "..."}`: joins the
/// oldest open quick-match duel of these rules waiting for an opponent, or
/// opens one (two participants) and joins it.
pub async fn quick(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(req): JsonBody<QuickMatch>,
) -> Result<Response, ApiError> {
    let rules = presets::find(&req.rules).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let name = check_name(&req.name)?;
    let (player, cookie) = player_or_new(&state, &headers).await?;
    for _ in 0..3 {
        let Some(id) = state.store().open_quick_duel(rules.id, player, state.now_ms()).await? else { break };
        match join_as(&state, &id, player, name.clone()).await {
            Ok(()) => return Ok(with_cookie(StatusCode::OK, duel_view(&state, &id, Some(player)).await?, cookie)),
            Err(e) if e.status == StatusCode::CONFLICT => continue, // filled meanwhile
            Err(e) => return Err(e),
        }
    }
    if !state.duels().limits.take(Kind::CreateDuel, rate_key(&headers)) {
        return Err(too_many("new duels"));
    }
    let now = state.now_ms();
    let mut duel = new_duel(rules.id, 2, None, player, true, now);
    duel.participants.push((player, name));
    let id = insert_new(&state, duel).await?;
    tracing::info!(duel = %id, player, rules = rules.id, "quick-match duel opened");
    Ok(with_cookie(StatusCode::CREATED, duel_view(&state, &id, Some(player)).await?, cookie))
}

/// Guards actions on games that belong to a duel: a rate limit per player,
/// and none once the duel is closed.
pub async fn guard_actions(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let game_id = {
        let mut parts = req.uri().path().split('/');
        parts.by_ref().find(|p| *p == "games");
        parts.next().unwrap_or("").to_string()
    };
    // Someone else's game, or none: the handler answers as it always does.
    let game = match player(&state, req.headers()).await {
        Ok(me) => match state.game(&game_id, me).await {
            Ok(game) => game,
            Err(_) => return next.run(req).await,
        },
        Err(e) => return e.into_response(),
    };
    let Some(duel) = game.lock().await.duel.clone() else {
        return next.run(req).await;
    };
    if !state.duels().limits.take(Kind::Move, rate_key(req.headers())) {
        return too_many("moves").into_response();
    }
    match settled(&state, &duel).await {
        Ok((d, _)) if d.closed => {
            ApiError::new(StatusCode::CONFLICT, "the duel is closed: no more moves").into_response()
        }
        Ok(_) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}
