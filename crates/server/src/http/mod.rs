//! The HTTP layer: routes, handlers that read a request and write an
//! answer, and the site's pages. Handlers call the services and hold no SQL
//! and no game logic of their own.

pub mod accounts;
pub mod client;
pub mod dailies;
pub mod duels;
pub mod error;
pub mod games;
pub mod health;
pub mod identity;
pub mod json;
pub mod language;
pub mod pages;
pub mod profiles;
pub mod replays;
pub mod votes;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderName, HeaderValue, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post, put};
use axum::{Extension, Router};
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::services::Services;

/// What the HTTP layer reads from the configuration; every request carries
/// it as an extension.
#[derive(Clone, Debug)]
pub struct HttpSettings {
    /// A request's body must arrive within this.
    pub body_timeout: Duration,
    /// The trusted proxy's header naming the client's address, if any.
    pub client_address_header: Option<HeaderName>,
    /// Served over HTTPS: `Secure`, `__Host-` cookies.
    pub https: bool,
}

impl HttpSettings {
    pub fn of(config: &Config) -> anyhow::Result<HttpSettings> {
        let client_address_header = match &config.client_address_header {
            Some(name) => Some(
                HeaderName::try_from(name.as_str())
                    .map_err(|e| anyhow::anyhow!("`{name}` is not a header name: {e}"))?,
            ),
            None => None,
        };
        Ok(HttpSettings { body_timeout: config.connections.body_timeout, client_address_header, https: config.https })
    }
}

impl Default for HttpSettings {
    fn default() -> HttpSettings {
        HttpSettings::of(&Config::default()).expect("the default configuration is valid")
    }
}

/// Every route of the site and the API, on `app`.
pub fn router(app: Services, settings: HttpSettings) -> Router {
    let api = Router::new()
        .route("/rules", get(games::list_rules))
        .route("/library", get(games::library))
        .route("/games", get(games::list).post(games::create))
        .route("/games/{id}", get(games::show))
        .route("/games/{id}/actions", post(games::act))
        .route("/games/{id}/again", post(games::again))
        .route("/games/{id}/hint", get(games::hint))
        .route("/games/{id}/finish", get(games::finish))
        .route("/games/{id}/line", post(games::show_line))
        .route("/games/{id}/par", get(games::par))
        .route("/games/{id}/record", get(games::record))
        .route("/games/{id}/duel", get(duels::of_game))
        .route("/stats", get(games::statistics))
        .route("/games/export", get(replays::export))
        .route("/replays/import", post(replays::import))
        .route("/replays/{id}", get(replays::outline))
        .route("/replays/{id}/steps/{n}", get(replays::step))
        .route("/replays/{id}/record", get(replays::record))
        .route("/replays/{id}/analysis", get(replays::analysis))
        .route("/replays/{id}/line/{i}", get(replays::line_step))
        .route("/account", get(accounts::show))
        .route("/account/sign-up", post(accounts::sign_up))
        .route("/account/sign-in", post(accounts::sign_in))
        .route("/account/sign-out", post(accounts::sign_out))
        .route("/account/sign-out-everywhere", post(accounts::sign_out_everywhere))
        .route("/account/password", post(accounts::change_password))
        .route("/account/delete", post(accounts::delete))
        .route("/account/settings", get(accounts::settings).put(accounts::save_settings))
        .route("/players/{name}", get(profiles::show))
        .route("/players/{name}/games/{id}/record", get(profiles::record))
        .route("/leaderboards/{game}", get(profiles::leaderboard))
        .route("/votes", get(votes::list))
        .route("/votes/{game}", put(votes::vote))
        .route("/leaderboards/{game}/{page}", get(profiles::leaderboard_page))
        .route("/daily", get(dailies::today))
        .route("/daily/{game}/play", post(dailies::play))
        .route("/daily/{game}/days", get(dailies::days))
        .route("/daily/{game}/days/{page}", get(dailies::days_page))
        .route("/daily/{game}/{day}", get(dailies::day))
        .route("/daily/{game}/{day}/{page}", get(dailies::day_page))
        .route("/daily/{game}/{day}/records/{id}", get(dailies::record))
        .route("/duels", post(duels::create))
        .route("/duels/quick", post(duels::quick))
        .route("/duels/lobby", get(duels::lobby))
        .route("/duels/{id}", get(duels::show))
        .route("/duels/{id}/events", get(duels::events))
        .route("/duels/{id}/join", post(duels::join))
        .route("/duels/{id}/play", post(duels::play))
        .route("/duels/{id}/rematch", post(duels::rematch))
        .route("/duels/{id}/close", post(duels::close))
        .route("/duels/{id}/replays/{n}", get(duels::replay))
        .fallback(games::not_found)
        .method_not_allowed_fallback(games::method_not_allowed);
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/", get(pages::index))
        .route("/game/{id}", get(pages::game))
        .route("/replay", get(pages::replay_import))
        .route("/replay/{id}", get(pages::replay))
        .route("/how-to-play", get(pages::how_to_play))
        .route("/faq", get(pages::faq))
        .route("/about", get(pages::about))
        .route("/stats", get(pages::stats))
        .route("/account", get(pages::account))
        .route("/@/{name}", get(pages::profile))
        .route("/leaderboards", get(pages::leaderboards))
        .route("/settings", get(pages::settings))
        .route("/daily", get(pages::daily))
        .route("/daily/{game}/{day}", get(pages::daily_day))
        .route("/duels", get(pages::duels))
        .route("/duel/{id}", get(pages::duel))
        .route("/language", post(language::choose))
        .route("/words/{file}", get(pages::words))
        .route("/favicon.ico", get(pages::favicon))
        .route("/static/{file}", get(pages::static_file))
        .nest("/api", api)
        .fallback(pages::fallback)
        .layer(DefaultBodyLimit::max(json::BODY_LIMIT))
        .layer(middleware::from_fn(client::refuse_cross_site))
        .layer(Extension(Arc::new(settings)))
        .layer(middleware::from_fn(error::json_errors))
        .layer(middleware::from_fn(language::speak))
        .layer(middleware::from_fn(security_headers))
        // Outside every layer that writes a body: pages, scripts and JSON
        // travel gzipped to browsers that take it (never the duel feed's
        // event stream, which must flush each event).
        .layer(CompressionLayer::new())
        // Failed requests are logged once, by `ApiError` (rate-limited).
        .layer(TraceLayer::new_for_http().on_failure(()))
        .with_state(app)
}

/// Headers every answer carries: nothing from elsewhere may load, nothing
/// is sniffed, no page is framed.
async fn security_headers(req: Request<axum::body::Body>, next: Next) -> Response {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    response
}
