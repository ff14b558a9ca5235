//! `/api/votes`: players' stars for each game (see `services::votes`).

use axum::extract::State;
use axum::{Extension, Json};
use patience_words::{say, Lang};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::identity::Requester;
use super::json::{JsonBody, PathParams};
use crate::services::votes::{self, GameVotes, Stars};
use crate::services::Services;

#[derive(Serialize)]
pub struct VotesJson {
    votes: Vec<GameVotes>,
}

/// `GET /api/votes`: every game's votes and average, with the reader's own.
pub async fn list(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
) -> Result<Json<VotesJson>, ApiError> {
    let me = who.player(&app).await?;
    Ok(Json(VotesJson { votes: votes::all(&app, me, lang).await? }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoteRequest {
    stars: serde_json::Value,
}

/// `PUT /api/votes/{game}`: the reader's stars for a game they have played
/// (`{"stars": 1..5}`), replacing their earlier vote; the game's votes after it.
pub async fn vote(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    PathParams(game): PathParams<String>,
    JsonBody(req): JsonBody<VoteRequest>,
) -> Result<Json<GameVotes>, ApiError> {
    let stars = req
        .stars
        .as_u64()
        .and_then(Stars::new)
        .ok_or_else(|| ApiError::bad_request(say!("vote-stars", least = 1, most = 5)))?;
    let me = who.player(&app).await?;
    Ok(Json(votes::vote(&app, me, &game, stars, lang).await?))
}
