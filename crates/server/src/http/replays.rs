//! `/api/replays/{id}…`: a game watched again — its outline (actions in
//! words, with the score and clock of each), the table after any step, and
//! its record — for whoever may watch it (see `services::replays`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use axum::Json;
use patience_words::{say, Lang};
use serde::Serialize;

use super::error::ApiError;
use super::games::{record_text, ViewJson};
use super::identity::Requester;
use super::json::PathParams;
use crate::ids::GameId;
use crate::services::analyses::{self, Answer};
use crate::services::replays::{self, Replay};
use crate::services::Services;

/// `GET /api/replays/{id}`: the replay's outline.
pub async fn outline(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Json<Replay>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(replays::outline(&app, &id, me, lang).await?))
}

#[derive(Serialize)]
pub struct StepJson {
    view: ViewJson,
}

/// `GET /api/replays/{id}/steps/{n}`: `{"view": …}`, the table after action
/// `n` (0: the deal), as the game's view writes it.
pub async fn step(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams((id, n)): PathParams<(GameId, usize)>,
) -> Result<Json<StepJson>, ApiError> {
    let me = who.player(&app).await?;
    let (view, deal_hidden) = replays::step(&app, &id, n, me, lang).await?;
    Ok(Json(StepJson {
        view: ViewJson { view, deal_hidden, hints: false, clock_started: true, dealt_as_winnable: false },
    }))
}

/// `GET /api/replays/{id}/analysis`: 200 `{"status": "done", verdicts,
/// lost_at, words, line_from, line, …}`, or 202 `{"status": "running",
/// "solves": n}` while it is worked out (the first request starts it).
pub async fn analysis(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Response, ApiError> {
    let me = who.player(&app).await?;
    let answer = analyses::analysis(&app, &id, me, who.address, lang).await?;
    let status = if matches!(answer, Answer::Done(_)) { StatusCode::OK } else { StatusCode::ACCEPTED };
    Ok((status, Json(answer)).into_response())
}

/// `GET /api/replays/{id}/line/{i}`: `{"view": …}`, the table after `i`
/// moves of the analysis's winning line.
pub async fn line_step(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams((id, i)): PathParams<(GameId, usize)>,
) -> Result<Json<StepJson>, ApiError> {
    let me = who.player(&app).await?;
    let view = analyses::line_step(&app, &id, i, me, lang).await?;
    Ok(Json(StepJson {
        view: ViewJson { view, deal_hidden: false, hints: false, clock_started: true, dealt_as_winnable: false },
    }))
}

/// `GET /api/replays/{id}/record`: the game's record as text.
pub async fn record(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(id): PathParams<GameId>,
) -> Result<Response, ApiError> {
    let me = who.player(&app).await?;
    Ok(record_text(replays::record(&app, &id, me, lang).await?))
}

/// `GET /api/games/export`: every game of the requester's that has ended,
/// as records one after another, for download.
pub async fn export(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
) -> Result<Response, ApiError> {
    let me = who.player(&app).await?;
    let text = match me {
        Some(me) => replays::export(&app, me, lang).await?,
        None => say!("export-none").in_lang(lang) + "\n",
    };
    Ok((
        [
            (axum::http::header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (axum::http::header::CONTENT_DISPOSITION, "attachment; filename=\"patience-games.txt\""),
        ],
        text,
    )
        .into_response())
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRecord {
    /// The record's text.
    record: String,
}

/// `POST /api/replays/import` `{"record": "..."}`: 201 `{game_id, link}`, the
/// record kept as a game of the requester's, its replay at `link`; 400
/// with the first refused action when it does not replay.
pub async fn import(
    State(app): State<Services>,
    who: Requester,
    super::json::JsonBody(req): super::json::JsonBody<ImportRecord>,
) -> Result<Response, ApiError> {
    let (game_id, cookie) =
        who.as_player(&app, async |me| Ok(replays::import(&app, me, who.address, &req.record).await?)).await?;
    let started = super::duels::Started { link: format!("/replay/{game_id}"), game_id };
    Ok(super::identity::with_cookie((StatusCode::CREATED, Json(started)).into_response(), cookie))
}
