//! Who is asking: the player token in the cookie, the client's address, and
//! the cookie that gives a new player theirs.
//!
//! The cookie is `patience_id` (HttpOnly, SameSite=Lax); when the site is
//! served over HTTPS it is `__Host-patience_id` and `Secure`, so that no
//! other page on the domain can set or read it. A request that carries the
//! cookie twice is refused rather than guessed at.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;
use patience_words::say;

use super::client;
use super::error::ApiError;
use super::HttpSettings;
use crate::ids::{PlayerId, PlayerToken};
use crate::services::accounts::Visitor;
use crate::services::{identity, Services};

/// The cookie that carries a player's token over plain HTTP.
pub const COOKIE: &str = "patience_id";

/// Its name over HTTPS.
pub const SECURE_COOKIE: &str = "__Host-patience_id";

fn cookie_name(settings: &HttpSettings) -> &'static str {
    if settings.https {
        SECURE_COOKIE
    } else {
        COOKIE
    }
}

/// The values of cookie `name` in the request.
pub(super) fn cookie_values<'a>(headers: &'a HeaderMap, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(move |(n, _)| *n == name)
        .map(|(_, value)| value.trim())
}

/// The requester: their token, if their cookie holds a well-formed one, and
/// their address.
pub struct Requester {
    pub token: Option<PlayerToken>,
    pub address: Option<IpAddr>,
    settings: Arc<HttpSettings>,
}

impl<S: Send + Sync> FromRequestParts<S> for Requester {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let settings = client::settings(parts);
        let name = cookie_name(&settings);
        let mut values = cookie_values(&parts.headers, name);
        let first = values.next();
        if values.next().is_some() {
            return Err(ApiError::bad_request(say!("cookie-twice", name = name)));
        }
        Ok(Requester { token: first.and_then(PlayerToken::parse), address: client::address(parts), settings })
    }
}

impl Requester {
    /// The player making the request, if their cookie names one.
    pub async fn player(&self, app: &Services) -> Result<Option<PlayerId>, ApiError> {
        match &self.token {
            Some(t) => Ok(identity::player(app, t).await?),
            None => Ok(None),
        }
    }

    /// Does `work` as the player making the request, registering a new one
    /// (and returning the cookie to set) when the request has no known
    /// token. A new player whose request is then refused goes again: a
    /// refused request leaves no player behind.
    pub async fn as_player<T>(
        &self,
        app: &Services,
        work: impl AsyncFnOnce(PlayerId) -> Result<T, ApiError>,
    ) -> Result<(T, Option<HeaderValue>), ApiError> {
        if let Some(id) = self.player(app).await? {
            return Ok((work(id).await?, None));
        }
        let (id, token) = identity::new_player(app, self.address).await?;
        match work(id).await {
            Ok(done) => Ok((done, Some(self.cookie(Some(&token))?))),
            Err(e) => {
                identity::forget_new_player(app, id, &token, self.address).await;
                Err(e)
            }
        }
    }

    /// The requester as the accounts service sees it: its session, if its
    /// cookie names one, and its address.
    pub async fn visitor(&self, app: &Services) -> Result<Visitor, ApiError> {
        let session = match &self.token {
            Some(token) => identity::player(app, token).await?.map(|player| (token.clone(), player)),
            None => None,
        };
        Ok(Visitor { session, address: self.address })
    }

    /// Whether the site is served over HTTPS (its cookies are `Secure`).
    pub fn https(&self) -> bool {
        self.settings.https
    }

    /// The `Set-Cookie` value that gives the browser `token` for ten years,
    /// or (with `None`) takes its token away.
    pub fn cookie(&self, token: Option<&PlayerToken>) -> Result<HeaderValue, ApiError> {
        let secure = if self.settings.https { "; Secure" } else { "" };
        let (value, max_age) = match token {
            Some(token) => (token.as_str(), 315_360_000),
            None => ("", 0),
        };
        let cookie = format!(
            "{}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}",
            cookie_name(&self.settings)
        );
        HeaderValue::from_str(&cookie).map_err(|e| ApiError::from(crate::services::Error::internal(e.to_string())))
    }
}

/// Adds the new player's cookie, if there is one, to an answer.
pub fn with_cookie(mut response: Response, cookie: Option<HeaderValue>) -> Response {
    if let Some(cookie) = cookie {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}
