//! `/healthz` and `/readyz`, for a load balancer or an orchestrator.
//!
//! - `/healthz`: 200 while the process answers at all.
//! - `/readyz`: 200 when this instance should get requests: its database
//!   answers (its migrations ran before it started listening) and it is not
//!   stopping; 503 otherwise, so a proxy sends requests elsewhere.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

use crate::services::Services;

pub async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

pub async fn readyz(State(app): State<Services>) -> (StatusCode, Json<Value>) {
    if app.stopping() {
        return (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "stopping" })));
    }
    match app.store().ready().await {
        Ok(()) => (StatusCode::OK, Json(json!({ "status": "ready" }))),
        Err(e) => {
            tracing::warn!(error = %e, "not ready: the database does not answer");
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "the database does not answer" })))
        }
    }
}
