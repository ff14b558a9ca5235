//! Accepting connections: at most [`ConnectionLimits::max_connections`]
//! open at once, and at most
//! [`ConnectionLimits::max_connections_per_address`] from one address
//! (one more is answered 503 and closed), each closed when its request
//! heads are too slow or when it is idle too long, and every request
//! carrying the address it came from.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
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

/// Connections open from each address.
#[derive(Default)]
struct PerAddress(Mutex<HashMap<IpAddr, usize>>);

/// One connection's count against its address, given back when dropped.
struct AddressShare {
    counts: Arc<PerAddress>,
    address: IpAddr,
}

impl PerAddress {
    fn take(self: &Arc<Self>, address: IpAddr, max: usize) -> Option<AddressShare> {
        let mut counts = self.0.lock().unwrap();
        let count = counts.entry(address).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(AddressShare { counts: self.clone(), address })
    }
}

impl Drop for AddressShare {
    fn drop(&mut self) {
        let mut counts = self.counts.0.lock().unwrap();
        if let Some(count) = counts.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// Serves `router` on `listener` until `stop` fires, then lets the
/// requests in flight finish (for at most [`SHUTDOWN_GRACE`]). Behind a
/// trusted proxy (`behind_proxy`) connections are not counted per address.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    behind_proxy: bool,
    mut stop: oneshot::Receiver<()>,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = Arc::new(PerAddress::default());
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
            tokio::spawn(turn_away(stream, "the server has too many open connections; try again in a moment"));
            continue;
        };
        let share = match behind_proxy {
            true => None,
            false => match per_address.take(peer.ip(), limits.max_connections_per_address) {
                Some(share) => Some(share),
                None => {
                    tracing::debug!(%peer, "too many open connections from one address: turned away");
                    let why = "too many open connections from your address; close some and try again";
                    tokio::spawn(turn_away(stream, why));
                    continue;
                }
            },
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
            drop((permit, share));
        });
    }
    drop(listener);
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await.is_err() {
        tracing::warn!("some connections were still open after {} s; stopping anyway", SHUTDOWN_GRACE.as_secs());
    }
    Ok(())
}

/// Answers a connection over a limit with a 503 saying `why`, and closes it.
async fn turn_away(mut stream: TcpStream, why: &str) {
    let body = serde_json::json!({ "error": why }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(answer.as_bytes())).await;
    let _ = stream.shutdown().await;
}
