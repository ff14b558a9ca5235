//! The web front end: plain HTML, CSS and JavaScript files embedded in the
//! binary at compile time (no build step, nothing fetched from elsewhere).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// One embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

macro_rules! asset {
    ($name:literal, $type:literal) => {
        Asset { name: $name, content_type: $type, body: include_str!(concat!("../static/", $name)) }
    };
}

const HTML: &str = "text/html; charset=utf-8";

static ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("game.html", "text/html; charset=utf-8"),
    asset!("how-to-play.html", "text/html; charset=utf-8"),
    asset!("faq.html", "text/html; charset=utf-8"),
    asset!("about.html", "text/html; charset=utf-8"),
    asset!("stats.html", "text/html; charset=utf-8"),
    asset!("404.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("common.js", "text/javascript; charset=utf-8"),
    asset!("home.js", "text/javascript; charset=utf-8"),
    asset!("game.js", "text/javascript; charset=utf-8"),
    asset!("stats.js", "text/javascript; charset=utf-8"),
    asset!("duel.html", "text/html; charset=utf-8"),
    asset!("duel.js", "text/javascript; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
];

fn asset(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

fn serve(name: &str) -> Response {
    match asset(name) {
        Some(a) => {
            ([(header::CONTENT_TYPE, a.content_type), (header::CACHE_CONTROL, "no-cache")], a.body).into_response()
        }
        None => not_found().into_response(),
    }
}

pub async fn index() -> Response {
    serve("index.html")
}

pub async fn game_page(Path(id): Path<String>) -> Response {
    if crate::api::looks_like_game(&id) {
        serve("game.html")
    } else {
        not_found().into_response()
    }
}

/// `/duel/{id}`: a duel's page.
pub async fn duel_page(Path(id): Path<String>) -> Response {
    if crate::duels::is_duel_id(&id) {
        serve("duel.html")
    } else {
        not_found().into_response()
    }
}

/// `/duels`: start a duel or play a quick match.
pub async fn duels_page() -> Response {
    serve("duel.html")
}

pub async fn how_to_play() -> Response {
    serve("how-to-play.html")
}

pub async fn faq() -> Response {
    serve("faq.html")
}

pub async fn about() -> Response {
    serve("about.html")
}

pub async fn stats() -> Response {
    serve("stats.html")
}

/// `/static/{file}`: stylesheets, scripts and images (not the pages).
pub async fn static_file(Path(name): Path<String>) -> Response {
    match asset(&name) {
        Some(a) if !a.name.ends_with(".html") => serve(&name),
        _ => not_found().into_response(),
    }
}

pub async fn favicon() -> Response {
    serve("favicon.svg")
}

fn not_found() -> impl IntoResponse {
    let body = asset("404.html").map_or("Not found", |a| a.body);
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, HTML)], body)
}

pub async fn fallback() -> Response {
    not_found().into_response()
}
