//! Errors as the API answers them: a status and the JSON body
//! `{"error": "what was wrong"}`, with `Retry-After` when waiting helps.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::services::{Error, ErrorKind};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// Seconds, for 429 and 503.
    pub retry_after_secs: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), retry_after_secs: None }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
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
        ApiError { status, message: e.message, retry_after_secs }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::error!(status = self.status.as_u16(), error = %self.message, "request failed");
        } else {
            tracing::debug!(status = self.status.as_u16(), error = %self.message, "request refused");
        }
        let body = serde_json::json!({ "error": self.message }).to_string();
        let mut response = (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
        if let Some(secs) = self.retry_after_secs {
            response.headers_mut().insert(header::RETRY_AFTER, secs.into());
        }
        if self.status == StatusCode::REQUEST_TIMEOUT {
            // The rest of a late body is not worth waiting for.
            response.headers_mut().insert(header::CONNECTION, axum::http::HeaderValue::from_static("close"));
        }
        response
    }
}
