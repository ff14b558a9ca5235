//! The site's pages: plain HTML, CSS and JavaScript files embedded in the
//! binary at compile time (no build step, nothing fetched from elsewhere).

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::ids::{DuelId, GameId};

/// One embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

macro_rules! asset {
    ($name:literal, $type:literal) => {
        Asset { name: $name, content_type: $type, body: include_str!(concat!("../../static/", $name)) }
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

/// The shared header and navigation, written once and put into every page.
const SITE_HEADER: &str = include_str!("../../static/site-header.html");
const SITE_HEADER_MARK: &str = "<!-- site header -->\n";

/// Every page with the site header in place, made once on first use.
static PAGES: LazyLock<Vec<(&'static str, String)>> = LazyLock::new(|| {
    let header = SITE_HEADER.split_once("-->\n").map_or(SITE_HEADER, |(_, rest)| rest);
    ASSETS
        .iter()
        .filter(|a| a.content_type == HTML)
        .map(|a| (a.name, a.body.replacen(SITE_HEADER_MARK, header, 1)))
        .collect()
});

/// A file's body: a page with its header in place, or the asset as it is.
fn body(a: &'static Asset) -> &'static str {
    PAGES.iter().find(|(name, _)| *name == a.name).map_or(a.body, |(_, page)| page.as_str())
}

fn serve(name: &str) -> Response {
    match asset(name) {
        Some(a) => {
            ([(header::CONTENT_TYPE, a.content_type), (header::CACHE_CONTROL, "no-cache")], body(a)).into_response()
        }
        None => not_found().into_response(),
    }
}

pub async fn index() -> Response {
    serve("index.html")
}

/// `/game/{id}`: a game's page.
pub async fn game(Path(id): Path<String>) -> Response {
    if GameId::parse(&id).is_some() {
        serve("game.html")
    } else {
        not_found().into_response()
    }
}

/// `/duel/{id}`: a duel's page.
pub async fn duel(Path(id): Path<String>) -> Response {
    if DuelId::parse(&id).is_some() {
        serve("duel.html")
    } else {
        not_found().into_response()
    }
}

/// `/duels`: start a duel or play a quick match.
pub async fn duels() -> Response {
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
    let page = asset("404.html").map_or("Not found", body);
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, HTML)], page)
}

pub async fn fallback() -> Response {
    not_found().into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_gets_the_site_header_once() {
        for a in ASSETS.iter().filter(|a| a.content_type == HTML) {
            let page = body(a);
            assert_eq!(page.matches("<header class=\"site-header\">").count(), 1, "{}", a.name);
            assert!(!page.contains(SITE_HEADER_MARK), "{}", a.name);
            assert!(page.contains("<a href=\"/duels\">Duels</a>"), "{}", a.name);
        }
    }
}
