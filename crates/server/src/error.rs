//! API errors: every one is a status with a JSON body `{"error": "..."}`
//! that names what was wrong.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use patience_core::GameError;

use crate::store::StoreError;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn unknown_game(id: &str) -> ApiError {
        let shown: String = id.chars().take(40).collect();
        ApiError::new(StatusCode::NOT_FOUND, format!("no game `{shown}`: it does not exist or is not yours"))
    }

    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// An action the game refused: the game is unchanged.
    pub fn refused(e: GameError) -> ApiError {
        let status = match e {
            GameError::Over(_) | GameError::TimeUp { .. } | GameError::TimeWentBack { .. } => StatusCode::CONFLICT,
            GameError::Illegal(_) | GameError::NothingToUndo | GameError::NothingToRedo => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
        };
        ApiError::new(status, e.to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Conflict { .. } | StoreError::Refused(_) => ApiError::new(StatusCode::CONFLICT, e.to_string()),
            _ => ApiError::internal(e.to_string()),
        }
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
        (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}
