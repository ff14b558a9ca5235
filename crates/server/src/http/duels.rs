//! `/api/duels…` and `/api/games/{id}/duel`: the JSON API of duels, and
//! the live standings as server-sent events.

use std::convert::Infallible;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use futures_util::StreamExt;
use patience_core::presets;
use patience_words::Lang;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::identity::{with_cookie, Requester};
use super::json::{JsonBody, PathParams};
use crate::ids::{DuelId, GameId};
use crate::services::duels::feed::Watcher;
use crate::services::duels::{self, DuelSettings, DuelView, GameDuel};
use crate::services::Services;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateDuel {
    /// Game or variant id.
    rules: String,
    /// How many participants, 2 to [`duels::MAX_PARTICIPANTS`]; 2 by default.
    #[serde(default)]
    participants: Option<usize>,
    /// The duel closes this many seconds after it is created, finished or not.
    #[serde(default)]
    closes_in_secs: Option<u64>,
    /// The creator joins under this name (optional).
    #[serde(default)]
    name: Option<String>,
    /// A rated duel: between accounts, on a game's default rules.
    #[serde(default)]
    rated: bool,
}

fn rules(id: &str) -> Result<&'static patience_core::Rules, ApiError> {
    presets::find(id).map_err(|e| ApiError::bad_request(patience_words::unknown_rules(&e)))
}

/// `POST /api/duels`: creates a duel; 201 with the duel.
pub async fn create(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    JsonBody(req): JsonBody<CreateDuel>,
) -> Result<Response, ApiError> {
    let settings = DuelSettings {
        rules: rules(&req.rules)?,
        participants: req.participants.unwrap_or(2),
        closes_in_secs: req.closes_in_secs,
        name: req.name,
        rated: req.rated,
    };
    if let Some(name) = &settings.name {
        duels::check_name(name)?;
    }
    let (duel, cookie) =
        who.as_player(&app, async |me| Ok(duels::create(&app, me, who.address, settings, lang).await?)).await?;
    Ok(with_cookie((StatusCode::CREATED, Json(duel)).into_response(), cookie))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinDuel {
    name: String,
}

/// `POST /api/duels/{id}/join` `{"name": "..."}`: joins a duel.
pub async fn join(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<DuelId>,
    JsonBody(req): JsonBody<JoinDuel>,
) -> Result<Response, ApiError> {
    duels::check_name(&req.name)?;
    duels::load_closing_if_due(&app, &id).await?;
    let (duel, cookie) =
        who.as_player(&app, async |me| Ok(duels::join(&app, &id, me, who.address, &req.name, lang).await?)).await?;
    Ok(with_cookie(Json(duel).into_response(), cookie))
}

#[derive(Serialize)]
pub struct Started {
    pub game_id: GameId,
    pub link: String,
}

/// `POST /api/duels/{id}/play`: the requester's game of the duel's deal,
/// created now (its clock starts now) if it does not exist yet.
pub async fn play(
    State(app): State<Services>,
    who: Requester,
    PathParams(id): PathParams<DuelId>,
) -> Result<Json<Started>, ApiError> {
    let me = who.player(&app).await?;
    let game_id = duels::play(&app, &id, me).await?;
    Ok(Json(Started { link: format!("/game/{game_id}"), game_id }))
}

/// `GET /api/duels/{id}`: the duel, its standings, and once it is closed
/// the ranking and the revealed seed and salt.
pub async fn show(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<DuelId>,
) -> Result<Json<DuelView>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(duels::show(&app, &id, me, lang).await?))
}

/// `GET /api/games/{id}/duel`: `{"duel": {id, link, rules, name, status}}`
/// when the requester's game `id` is their game of a duel, `{"duel": null,
/// "daily": {game, name, day, link, over}}` when it is an attempt at a
/// daily deal, `{"duel": null}` for an ordinary game; 404 for someone
/// else's game, as everywhere.
pub async fn of_game(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Json<GameDuelJson>, ApiError> {
    let live = super::games::own_game(&app, &who, &id).await?;
    let daily = crate::services::dailies::of_game(&app, &live, lang);
    Ok(Json(GameDuelJson { duel: duels::of_game(&app, &live, lang).await?, daily }))
}

#[derive(Serialize)]
pub struct GameDuelJson {
    duel: Option<GameDuel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    daily: Option<crate::services::dailies::view::GameDaily>,
}

/// `GET /api/duels/{id}/events`: the same as `GET /api/duels/{id}` as
/// server-sent events (`event: duel`), one whenever it changes; the stream
/// ends once the duel is closed, or when the server stops (see
/// [`duels::watch::updates`]).
pub async fn events(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<DuelId>,
) -> Result<Response, ApiError> {
    let me = who.player(&app).await?;
    let watcher = Watcher { player: me, address: who.address };
    let updates = duels::watch::updates(&app, &id, me, watcher, lang).await?;
    let events = updates.map(|json| Ok::<_, Infallible>(Event::default().event("duel").data(&*json)));
    Ok(Sse::new(events).keep_alive(KeepAlive::default()).into_response())
}

/// `GET /api/duels/{id}/replays/{n}`: participant `n`'s game record (from
/// 0, in the order of joining) as text: your own at any time, the others'
/// only once the duel is closed.
pub async fn replay(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams((id, n)): PathParams<(DuelId, usize)>,
) -> Result<Response, ApiError> {
    let me = who.player(&app).await?;
    let text = duels::replay(&app, &id, n, me, lang).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `POST /api/duels/{id}/rematch`: a new duel (a new seed) for the same
/// participants; asked twice, the same rematch (201 when this request
/// created it, 200 after).
pub async fn rematch(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<DuelId>,
) -> Result<Response, ApiError> {
    let me = who.player(&app).await?;
    let (duel, created) = duels::rematch(&app, &id, me, lang).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(duel)).into_response())
}

/// `POST /api/duels/{id}/close`: the creator closes their duel now, once
/// everyone who joined has finished (seats never filled are dropped).
pub async fn close(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<DuelId>,
) -> Result<Json<DuelView>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(duels::close_now(&app, &id, me, lang).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuickMatch {
    rules: String,
    name: String,
    /// Rated quick match: accounts only, paired by rating.
    #[serde(default)]
    rated: bool,
}

/// `GET /api/duels/lobby`: who waits in quick match, the longest waiting
/// first: `{"waiting": [{link, rules, name, rated, player, account, rating,
/// waiting_secs}]}`.
pub async fn lobby(State(app): State<Services>, Extension(lang): Extension<Lang>) -> Result<Json<LobbyJson>, ApiError> {
    Ok(Json(LobbyJson { waiting: duels::lobby(&app, lang).await? }))
}

#[derive(Serialize)]
pub struct LobbyJson {
    waiting: Vec<duels::LobbyEntry>,
}

/// `POST /api/duels/quick` `{"rules": "harmony", "name": "..."}`: joins the
/// oldest open quick-match duel of these rules waiting for an opponent, or
/// opens one (two participants) and joins it; 201 when it opened one.
pub async fn quick(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    JsonBody(req): JsonBody<QuickMatch>,
) -> Result<Response, ApiError> {
    let rules = rules(&req.rules)?;
    duels::check_name(&req.name)?;
    let ((duel, opened), cookie) = who
        .as_player(&app, async |me| Ok(duels::quick(&app, me, who.address, rules, &req.name, req.rated, lang).await?))
        .await?;
    let status = if opened { StatusCode::CREATED } else { StatusCode::OK };
    Ok(with_cookie((status, Json(duel)).into_response(), cookie))
}
