//! What the HTTP layer knows of the client: its address (behind a trusted
//! proxy, from the proxy's header), and whether a request that would change
//! something comes from another site.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request};
use axum::http::{header, request::Parts, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use patience_words::say;

use super::error::ApiError;
use super::HttpSettings;

/// The settings every request carries (the defaults when a test router
/// runs without them).
pub fn settings(parts: &Parts) -> Arc<HttpSettings> {
    parts.extensions.get::<Arc<HttpSettings>>().cloned().unwrap_or_default()
}

/// The client's address: the last address in the trusted proxy's header
/// when one is configured (the proxy appends the address it saw), else the
/// connection's own; and the connection's own too when the header is
/// missing (a request from the proxy's own network, or past a proxy that
/// does not set it), so that per-address limits still hold.
pub fn address(parts: &Parts) -> Option<IpAddr> {
    if let Some(name) = &settings(parts).client_address_header {
        let forwarded = parts
            .headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .next_back();
        if forwarded.is_some() {
            return forwarded;
        }
    }
    // The address the connection came from, which the server's accept loop
    // puts on every request.
    parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(peer)| peer.ip())
}

/// Whether the request says it comes from another site: `Sec-Fetch-Site`
/// other than `same-origin` or `none` (typed in the address bar), or an
/// `Origin` whose host is not the request's `Host`.
fn cross_site(headers: &HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return !matches!(site, "same-origin" | "none");
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
    let origin_host = origin.split_once("://").map_or("", |(_, rest)| rest).trim_end_matches('/');
    origin == "null" || !origin_host.eq_ignore_ascii_case(host)
}

/// Refuses a request that would change something (any method but GET,
/// HEAD and OPTIONS) when it comes from another site: a form posted from
/// elsewhere must not start a player's duel clock or play for them.
pub async fn refuse_cross_site(req: Request, next: Next) -> Response {
    let changes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if changes && cross_site(req.headers()) {
        return ApiError::new(StatusCode::FORBIDDEN, say!("cross-site")).into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(), v.parse().unwrap());
        }
        h
    }

    #[test]
    fn requests_from_other_sites_are_told_apart() {
        assert!(!cross_site(&headers(&[])), "no browser headers: a script or curl");
        assert!(!cross_site(&headers(&[("sec-fetch-site", "same-origin"), ("origin", "http://elsewhere")])));
        assert!(cross_site(&headers(&[("sec-fetch-site", "same-site")])));
        assert!(cross_site(&headers(&[("sec-fetch-site", "cross-site")])));
        assert!(!cross_site(&headers(&[("origin", "http://play.example:8080"), ("host", "play.example:8080")])));
        assert!(cross_site(&headers(&[("origin", "http://evil.example"), ("host", "play.example")])));
        assert!(cross_site(&headers(&[("origin", "null"), ("host", "play.example")])));
    }
}
