//! Errors as the API answers them: a status and the JSON body
//! `{"error": "what was wrong"}`, with `Retry-After` when waiting helps.
//! What went wrong inside the server goes to the log, never to the client;
//! and the log takes at most a line a second of each kind of failure, so
//! that a flood of refusals cannot flood it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use patience_words::{say, Lang, Say};

use crate::services::{Error, ErrorKind};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: Say,
    /// Seconds, for 429 and 503.
    pub retry_after_secs: Option<u64>,
    /// For the log alone.
    pub detail: Option<String>,
}

/// An error's message on its way out, until the language middleware
/// ([`super::language::speak`]) says it in the request's language.
#[derive(Clone, Debug)]
pub struct Unsaid(pub Say);

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<Say>) -> ApiError {
        ApiError { status, message: message.into(), retry_after_secs: None, detail: None }
    }

    pub fn bad_request(message: impl Into<Say>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> ApiError {
        let (status, retry_after_secs) = match e.kind {
            ErrorKind::Invalid => (StatusCode::BAD_REQUEST, None),
            ErrorKind::NotFound => (StatusCode::NOT_FOUND, None),
            ErrorKind::Forbidden => (StatusCode::FORBIDDEN, None),
            ErrorKind::Conflict => (StatusCode::CONFLICT, None),
            ErrorKind::Refused => (StatusCode::UNPROCESSABLE_ENTITY, None),
            ErrorKind::TooMany { retry_after_secs } => (StatusCode::TOO_MANY_REQUESTS, Some(retry_after_secs)),
            ErrorKind::Busy { retry_after_secs } => (StatusCode::SERVICE_UNAVAILABLE, Some(retry_after_secs)),
            ErrorKind::Internal => (StatusCode::INTERNAL_SERVER_ERROR, None),
        };
        ApiError { status, message: e.message, retry_after_secs, detail: e.detail }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let detail = self.detail.as_deref().unwrap_or("");
        // The log reads English (a `Say` displays so), written only for
        // the lines the log takes.
        let message = if self.status == StatusCode::INTERNAL_SERVER_ERROR {
            if let Some(more) = LOG_FAILURES.admit() {
                tracing::error!(status = 500, error = %self.message, detail, more, "request failed");
            }
            say!("error-internal")
        } else {
            if self.status.is_server_error() {
                // Busy: a full queue or cap, or the database out of reach.
                if let Some(more) = LOG_REFUSALS.admit() {
                    tracing::warn!(status = self.status.as_u16(), error = %self.message, detail, more, "request refused");
                }
            } else {
                tracing::debug!(status = self.status.as_u16(), error = %self.message, "request refused");
            }
            self.message
        };
        // In English until the language middleware says it in the
        // request's language.
        let body = serde_json::json!({ "error": message.in_lang(Lang::ENGLISH) }).to_string();
        let mut response = (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
        response.extensions_mut().insert(Unsaid(message));
        if let Some(secs) = self.retry_after_secs {
            response.headers_mut().insert(header::RETRY_AFTER, secs.into());
        }
        if matches!(self.status, StatusCode::REQUEST_TIMEOUT | StatusCode::PAYLOAD_TOO_LARGE) {
            // The rest of a late or oversized body is not worth waiting for.
            response.headers_mut().insert(header::CONNECTION, axum::http::HeaderValue::from_static("close"));
        }
        response
    }
}

/// Rewrites an error answer that is not JSON (nor the HTML 404 page) into
/// a JSON one: axum's own rejections are plain text (a path that is not
/// UTF-8, a method a route does not take). Its other headers stay.
pub async fn json_errors(req: Request, next: Next) -> Response {
    let response = next.run(req).await;
    let status = response.status();
    let content_type = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !(status.is_client_error() || status.is_server_error())
        || content_type.starts_with("application/json")
        || content_type.starts_with("text/html")
    {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 16 * 1024).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let message = if text.is_empty() { status.canonical_reason().unwrap_or("error").to_lowercase() } else { text };
    let mut json = ApiError::new(status, say!("request-refused", text = message)).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            json.headers_mut().insert(name.clone(), value.clone());
        }
    }
    json
}

/// A log line a second at most: which second was logged last, and how many
/// were left out since.
struct Throttle {
    second: AtomicU64,
    left_out: AtomicU64,
}

static LOG_FAILURES: Throttle = Throttle::new();
static LOG_REFUSALS: Throttle = Throttle::new();

impl Throttle {
    const fn new() -> Throttle {
        Throttle { second: AtomicU64::new(0), left_out: AtomicU64::new(0) }
    }

    /// `Some(lines left out before this one)` if a line may be logged now.
    fn admit(&self) -> Option<u64> {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let last = self.second.load(Ordering::Relaxed);
        if last != now && self.second.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok() {
            Some(self.left_out.swap(0, Ordering::Relaxed))
        } else {
            self.left_out.fetch_add(1, Ordering::Relaxed);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_of_failures_logs_one_line_and_counts_the_rest() {
        let throttle = Throttle::new();
        let admitted: Vec<Option<u64>> = (0..100).map(|_| throttle.admit()).collect();
        // A second may turn during the loop: then one more line.
        let lines = admitted.iter().filter(|a| a.is_some()).count();
        assert!((1..=2).contains(&lines), "{lines} lines");
        assert_eq!(
            throttle.left_out.load(Ordering::Relaxed) + admitted.iter().flatten().sum::<u64>(),
            100 - lines as u64
        );
    }
}
