//! The public profile routes: `GET /api/players/{name}` and the record of
//! one of the profile's finished games. Anyone may read them.

use axum::extract::State;
use axum::response::Response;
use axum::Json;

use super::error::ApiError;
use super::games::record_text;
use super::identity::Requester;
use super::json::PathParams;
use crate::ids::GameId;
use crate::services::profiles::{self, Profile};
use crate::services::Services;

/// `GET /api/players/{name}`: the profile; 404 for a name no account has.
pub async fn show(
    State(app): State<Services>,
    who: Requester,
    PathParams(name): PathParams<String>,
) -> Result<Json<Profile>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(profiles::profile(&app, &name, me).await?))
}

/// `GET /api/players/{name}/games/{id}/record`: a finished game's record.
pub async fn record(
    State(app): State<Services>,
    PathParams((name, id)): PathParams<(String, GameId)>,
) -> Result<Response, ApiError> {
    Ok(record_text(profiles::record(&app, &name, &id).await?))
}
