//! `/api/daily…`: the daily deals — today's of every game, a day's board
//! (and after the day its deal, par, winning line and records), past days,
//! and the one counted attempt.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use axum::Json;
use patience_words::Lang;
use serde::{Deserialize, Serialize};

use super::duels::Started;
use super::error::ApiError;
use super::games::record_text;
use super::identity::{with_cookie, Requester};
use super::json::{JsonBody, PathParams};
use crate::ids::{Day, GameId};
use crate::services::dailies::{self, DayView, DaysView, TodayEntry};
use crate::services::Services;

#[derive(Serialize)]
pub struct TodayJson {
    day: Day,
    dailies: Vec<TodayEntry>,
}

/// `GET /api/daily`: today's daily deal of every game.
pub async fn today(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
) -> Result<Json<TodayJson>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(TodayJson { day: dailies::today(&app), dailies: dailies::today_all(&app, me, lang).await? }))
}

/// `GET /api/daily/{game}/{day}`: that day's daily deal of the game and
/// the first page of its board.
pub async fn day(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams((game, day)): PathParams<(String, Day)>,
) -> Result<Json<DayView>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(dailies::day(&app, &game, day, me, who.address, 1, lang).await?))
}

/// `GET /api/daily/{game}/{day}/{page}`: page `page` (from 1) of the board.
pub async fn day_page(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams((game, day, page)): PathParams<(String, Day, usize)>,
) -> Result<Json<DayView>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(dailies::day(&app, &game, day, me, who.address, page, lang).await?))
}

/// `GET /api/daily/{game}/days`: the past days of the game's daily deal.
pub async fn days(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    PathParams(game): PathParams<String>,
) -> Result<Json<DaysView>, ApiError> {
    Ok(Json(dailies::days(&app, &game, 1, lang).await?))
}

/// `GET /api/daily/{game}/days/{page}`.
pub async fn days_page(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    PathParams((game, page)): PathParams<(String, usize)>,
) -> Result<Json<DaysView>, ApiError> {
    Ok(Json(dailies::days(&app, &game, page, lang).await?))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PlayDaily {
    /// The name on the board, for a player without an account.
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/daily/{game}/play` `{"name": "..."}`: the requester's one
/// attempt at today's daily deal, created now (its clock starts now) if it
/// does not exist yet; 201 when created, 200 when it existed.
pub async fn play(
    State(app): State<Services>,
    who: Requester,
    PathParams(game): PathParams<String>,
    JsonBody(req): JsonBody<PlayDaily>,
) -> Result<Response, ApiError> {
    dailies::rules_of(&game)?;
    let ((game_id, created), cookie) = who
        .as_player(&app, async |me| Ok(dailies::play(&app, me, who.address, &game, req.name.as_deref()).await?))
        .await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    let started = Started { link: format!("/game/{game_id}"), game_id };
    Ok(with_cookie((status, Json(started)).into_response(), cookie))
}

/// `GET /api/daily/{game}/{day}/records/{id}`: an attempt's record, once
/// the day is over.
pub async fn record(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    PathParams((game, day, id)): PathParams<(String, Day, GameId)>,
) -> Result<Response, ApiError> {
    Ok(record_text(dailies::record(&app, &game, day, &id, lang).await?))
}
