//! Who is asking: the player token in the `patience_id` cookie, and the
//! cookie that gives a new player theirs.

use axum::http::{header, HeaderMap, HeaderValue};

use super::error::ApiError;
use crate::ids::{PlayerId, PlayerToken};
use crate::services::{identity, Services};

/// The cookie that carries a player's token.
pub const COOKIE: &str = "patience_id";

/// The token in the request's cookie, if it has a well-formed one.
pub fn token(headers: &HeaderMap) -> Option<PlayerToken> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .and_then(|(_, value)| PlayerToken::parse(value.trim()))
}

/// The player making the request, if their cookie names one.
pub async fn player(app: &Services, headers: &HeaderMap) -> Result<Option<PlayerId>, ApiError> {
    match token(headers) {
        Some(t) => Ok(identity::player(app, &t).await?),
        None => Ok(None),
    }
}

/// The player making the request, registering a new one (and returning the
/// cookie to set) when the request has no known token.
pub async fn player_or_new(app: &Services, headers: &HeaderMap) -> Result<(PlayerId, Option<HeaderValue>), ApiError> {
    if let Some(id) = player(app, headers).await? {
        return Ok((id, None));
    }
    let (id, token) = identity::new_player(app).await?;
    let cookie = format!("{COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age=315360000", token.as_str());
    let value =
        HeaderValue::from_str(&cookie).map_err(|e| ApiError::from(crate::services::Error::internal(e.to_string())))?;
    Ok((id, Some(value)))
}

/// Adds the new player's cookie, if there is one, to an answer.
pub fn with_cookie(mut response: axum::response::Response, cookie: Option<HeaderValue>) -> axum::response::Response {
    if let Some(cookie) = cookie {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}
