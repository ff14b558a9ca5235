//! Request bodies and path parameters, refused with a JSON error (never
//! axum's plain-text rejection) when they are not what the route takes.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::path::ErrorKind;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use patience_words::{say, Say};
use serde::de::DeserializeOwned;
use serde_json::error::Category;

use super::error::ApiError;
use super::HttpSettings;
use crate::ids;

/// Largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 4096;

/// How long a body may take when the router runs without settings.
const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// A JSON request body: refused with a JSON error when the content type is
/// not JSON, the body is over [`BODY_LIMIT`], does not arrive within the
/// body timeout (408, and the connection is closed) or does not parse.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let mime = content_type.split(';').next().unwrap_or("").trim();
        if !mime.eq_ignore_ascii_case("application/json") {
            let said = if content_type.is_empty() {
                say!("body-not-json-none")
            } else {
                say!("body-not-json", mime = mime.chars().take(60).collect::<String>())
            };
            return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, said));
        }
        // A body declared too large is refused at once, not after waiting
        // for bytes that may never come.
        let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
            return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, say!("body-too-large", limit = BODY_LIMIT)));
        }
        let limit = req.extensions().get::<Arc<HttpSettings>>().map_or(DEFAULT_BODY_TIMEOUT, |s| s.body_timeout);
        let read = tokio::time::timeout(limit, Bytes::from_request(req, state))
            .await
            .map_err(|_| ApiError::new(StatusCode::REQUEST_TIMEOUT, say!("body-late", secs = limit.as_secs_f64())))?;
        let bytes = read.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(e.status(), say!("body-too-large", limit = BODY_LIMIT))
            } else {
                ApiError::new(e.status(), say!("body-unreadable", why = e.body_text()))
            }
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| ApiError::bad_request(malformed(&e)))
    }
}

/// Why a body is not the JSON a route takes: serde's own words in English
/// (which name the field or value), each language's where it has them.
fn malformed(e: &serde_json::Error) -> Say {
    let (line, column) = (e.line(), e.column());
    let full = e.to_string();
    let why = full.strip_suffix(&format!(" at line {line} column {column}")).unwrap_or(&full).to_string();
    // A field's or value's name as serde quotes it: `name`, then the rest.
    let quoted = |prefix: &str| {
        let rest = why.strip_prefix(prefix)?;
        let (name, after) = rest.split_once('`')?;
        Some((name.chars().take(40).collect::<String>(), after.trim_start_matches(", ").to_string()))
    };
    match e.classify() {
        Category::Data => {
            if let Some(refused) = ids::refused_in_path(&why) {
                // An id in a body refuses as it does in a path.
                refused
            } else if let Some((field, _)) = quoted("missing field `") {
                say!("json-missing-field", field = field, line = line, column = column)
            } else if let Some((field, expected)) = quoted("unknown field `") {
                say!("json-unknown-field", field = field, expected = expected, line = line, column = column)
            } else if let Some((value, expected)) = quoted("unknown variant `") {
                say!("json-unknown-variant", value = value, expected = expected, line = line, column = column)
            } else {
                say!("json-invalid", why = why, line = line, column = column)
            }
        }
        Category::Eof => say!("json-eof", why = why, line = line, column = column),
        Category::Syntax | Category::Io => say!("json-syntax", why = why, line = line, column = column),
    }
}

/// Path parameters, read as their types where they enter (ids as
/// `GameId` and `DuelId`): refused with a JSON 404 naming the parameter
/// that does not read (`/api/duels/x/replays/-1`), an id in the words its
/// type gives (`no duel `x``).
pub struct PathParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for PathParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(t)| PathParams(t))
            .map_err(|rejection| {
                let id = match &rejection {
                    PathRejection::FailedToDeserializePathParams(e) => match e.kind() {
                        ErrorKind::Message(words) | ErrorKind::DeserializeError { message: words, .. } => {
                            ids::refused_in_path(words)
                        }
                        _ => None,
                    },
                    _ => None,
                };
                let said = match id {
                    Some(why) => say!("path-refused", why = why),
                    None => say!("path-unreadable", why = rejection.body_text()),
                };
                ApiError::new(StatusCode::NOT_FOUND, said)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::GameId;

    #[test]
    fn an_id_in_a_body_that_does_not_read_is_refused_as_in_a_path() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Body {
            game: GameId,
        }
        let e = serde_json::from_str::<Body>(r#"{"game": "nope"}"#).unwrap_err();
        assert_eq!(malformed(&e), ids::no_such_game("nope"));
    }
}
