//! Accepting connections: at most [`ConnectionLimits::max_connections`]
//! open at once (one more is answered 503 and closed), each closed when its
//! request heads are too slow or when it is idle too long, and every
//! request carrying the address it came from.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, Semaphore};
use tower::ServiceExt;

use super::idle::IdleTimeout;
use super::parse_errors::ParseErrorsAsJson;
use crate::config::ConnectionLimits;

/// How long a stop waits for the requests in flight.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until `stop` fires, then lets the
/// requests in flight finish (for at most [`SHUTDOWN_GRACE`]).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    mut stop: oneshot::Receiver<()>,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, or a connection reset before
                    // it was accepted: wait a moment rather than spin.
                    tracing::warn!(error = %e, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            tracing::debug!(%peer, "too many open connections: turned away");
            tokio::spawn(turn_away(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            let router = router.clone();
            async move {
                Ok::<_, Infallible>(router.oneshot(req.map(axum::body::Body::new)).await.unwrap_or_else(|e| match e {}))
            }
        });
        let io = TokioIo::new(ParseErrorsAsJson::new(IdleTimeout::new(stream, limits.idle_timeout)));
        let connection = graceful.watch(http.serve_connection(io, service));
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(%peer, error = %e, "connection closed");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await.is_err() {
        tracing::warn!("some connections were still open after {} s; stopping anyway", SHUTDOWN_GRACE.as_secs());
    }
    Ok(())
}

/// Answers a connection over the limit with a 503 and closes it.
async fn turn_away(mut stream: TcpStream) {
    let body = r#"{"error":"the server has too many open connections; try again in a moment"}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(answer.as_bytes())).await;
    let _ = stream.shutdown().await;
}
