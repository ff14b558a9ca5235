//! The public routes about players: a profile (`GET /api/players/{name}`),
//! the record of one of its finished games, and the leaderboards. Anyone
//! may read them.

use axum::extract::State;
use axum::response::Response;
use axum::{Extension, Json};
use patience_words::Lang;

use super::error::ApiError;
use super::games::record_text;
use super::identity::Requester;
use super::json::PathParams;
use crate::ids::GameId;
use crate::services::leaderboards::{self, Board};
use crate::services::profiles::{self, Profile};
use crate::services::Services;

/// `GET /api/players/{name}`: the profile; 404 for a name no account has.
pub async fn show(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(name): PathParams<String>,
) -> Result<Json<Profile>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(profiles::profile(&app, &name, me, lang).await?))
}

/// `GET /api/players/{name}/games/{id}/record`: a finished game's record.
pub async fn record(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    PathParams((name, id)): PathParams<(String, GameId)>,
) -> Result<Response, ApiError> {
    Ok(record_text(profiles::record(&app, &name, &id, lang).await?))
}

/// `GET /api/leaderboards/{game}`: the first page of the game's rating
/// leaderboard.
pub async fn leaderboard(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    PathParams(game): PathParams<String>,
) -> Result<Json<Board>, ApiError> {
    Ok(Json(leaderboards::ratings(&app, &game, 1, lang).await?))
}

/// `GET /api/leaderboards/{game}/{page}`: page `page` (from 1).
pub async fn leaderboard_page(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    PathParams((game, page)): PathParams<(String, usize)>,
) -> Result<Json<Board>, ApiError> {
    Ok(Json(leaderboards::ratings(&app, &game, page, lang).await?))
}
