//! The site's pages: plain HTML, CSS and JavaScript files embedded in the
//! binary at compile time (no build step, nothing fetched from elsewhere).

use std::sync::LazyLock;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use patience_core::view::GameView;
use patience_core::{presets, Game};

use super::error::ApiError;
use crate::ids::{Day, DuelId, GameId};
use crate::services::{profiles, ErrorKind, Services};

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

/// The sound effects (settings.js plays them when the player turns sound
/// on): short WAV files, embedded like the other assets.
static SOUNDS: &[(&str, &[u8])] =
    &[("place.wav", include_bytes!("../../static/place.wav")), ("win.wav", include_bytes!("../../static/win.wav"))];

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
    asset!("table.js", "text/javascript; charset=utf-8"),
    asset!("game.js", "text/javascript; charset=utf-8"),
    asset!("game-page.js", "text/javascript; charset=utf-8"),
    asset!("game-moves.js", "text/javascript; charset=utf-8"),
    asset!("game-marks.js", "text/javascript; charset=utf-8"),
    asset!("game-render.js", "text/javascript; charset=utf-8"),
    asset!("game-par.js", "text/javascript; charset=utf-8"),
    asset!("game-clock.js", "text/javascript; charset=utf-8"),
    asset!("game-view.js", "text/javascript; charset=utf-8"),
    asset!("game-server.js", "text/javascript; charset=utf-8"),
    asset!("game-hints.js", "text/javascript; charset=utf-8"),
    asset!("game-pointer.js", "text/javascript; charset=utf-8"),
    asset!("game-keyboard.js", "text/javascript; charset=utf-8"),
    asset!("stats.js", "text/javascript; charset=utf-8"),
    asset!("account.html", "text/html; charset=utf-8"),
    asset!("account.js", "text/javascript; charset=utf-8"),
    asset!("profile.html", "text/html; charset=utf-8"),
    asset!("profile.js", "text/javascript; charset=utf-8"),
    asset!("stats-view.js", "text/javascript; charset=utf-8"),
    asset!("rating-chart.js", "text/javascript; charset=utf-8"),
    asset!("leaderboards.html", "text/html; charset=utf-8"),
    asset!("leaderboards.js", "text/javascript; charset=utf-8"),
    asset!("replay.html", "text/html; charset=utf-8"),
    asset!("replay.js", "text/javascript; charset=utf-8"),
    asset!("daily.html", "text/html; charset=utf-8"),
    asset!("daily.js", "text/javascript; charset=utf-8"),
    asset!("duel.html", "text/html; charset=utf-8"),
    asset!("duel.js", "text/javascript; charset=utf-8"),
    asset!("votes.js", "text/javascript; charset=utf-8"),
    asset!("settings.js", "text/javascript; charset=utf-8"),
    asset!("settings-apply.js", "text/javascript; charset=utf-8"),
    asset!("settings.html", "text/html; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
];

fn asset(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

/// What every page's head holds (character set, viewport, icon, style
/// sheet) and the shared header and navigation, each written once and put
/// into every page where its mark stands.
const SITE_HEAD: &str = include_str!("../../static/site-head.html");
const SITE_HEAD_MARK: &str = "<!-- site head -->\n";
const SITE_HEADER: &str = include_str!("../../static/site-header.html");
const SITE_HEADER_MARK: &str = "<!-- site header -->\n";

/// A shared part's text without its leading comment.
fn shared_part(text: &'static str) -> &'static str {
    text.split_once("-->\n").map_or(text, |(_, rest)| rest)
}

/// Every page with the site head and header in place, made once on first
/// use.
static PAGES: LazyLock<Vec<(&'static str, String)>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .filter(|a| a.content_type == HTML)
        .map(|a| {
            let page = a.body.replacen(SITE_HEAD_MARK, shared_part(SITE_HEAD), 1);
            (a.name, page.replacen(SITE_HEADER_MARK, shared_part(SITE_HEADER), 1))
        })
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

/// `/replay/{id}`: a game's replay.
pub async fn replay(Path(id): Path<String>) -> Response {
    if GameId::parse(&id).is_some() {
        serve("replay.html")
    } else {
        not_found().into_response()
    }
}

/// `/replay`: a record pasted or uploaded, to watch and analyse.
pub async fn replay_import() -> Response {
    serve("replay.html")
}

/// `/duel/{id}`: a duel's page.
pub async fn duel(Path(id): Path<String>) -> Response {
    if DuelId::parse(&id).is_some() {
        serve("duel.html")
    } else {
        not_found().into_response()
    }
}

/// `/daily`: today's daily deal of every game.
pub async fn daily() -> Response {
    serve("daily.html")
}

/// `/daily/{game}/{day}`: a day's daily deal of a game; the 404 page for
/// a game without one or a text that is no day.
pub async fn daily_day(Path((game, day)): Path<(String, String)>) -> Response {
    if crate::services::dailies::rules_of(&game).is_ok() && Day::parse(&day).is_some() {
        serve("daily.html")
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

pub async fn account() -> Response {
    serve("account.html")
}

/// `/settings`: the player's settings, kept in the browser.
pub async fn settings() -> Response {
    serve("settings.html")
}

pub async fn leaderboards() -> Response {
    serve("leaderboards.html")
}

/// `/@/{name}`: a player's public profile; the 404 page for a name no
/// account has.
pub async fn profile(State(app): State<Services>, Path(name): Path<String>) -> Response {
    match profiles::account(&app, &name).await {
        Ok(_) => serve("profile.html"),
        Err(e) if e.kind == ErrorKind::NotFound => not_found().into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// The deal whose opening the pages draw and size the table by.
const OPENING_DEAL: u64 = 1;

/// `/static/openings.json`: the opening table of deal 1 of every game and
/// variant, keyed by rules id, as a game's view writes it (face-down cards
/// and the stock as counts) without its moves. The home page draws each
/// game's opening from it with the table's own renderer, and a game page
/// sizes its cards so that its rules' opening fits the window: sized by the
/// position in play, the cards would change size as columns grow. Made from
/// `patience-core` once, so it follows the presets.
static OPENINGS: LazyLock<String> = LazyLock::new(|| {
    let openings: serde_json::Map<String, serde_json::Value> = presets::ALL
        .iter()
        .map(|rules| {
            let view = GameView::of(&Game::new(rules, OPENING_DEAL), 0, &patience_core::view::Silent);
            let mut table = serde_json::to_value(view).expect("a view serializes")["table"].take();
            if let Some(table) = table.as_object_mut() {
                table.remove("moves");
            }
            (rules.id.to_string(), table)
        })
        .collect();
    serde_json::Value::Object(openings).to_string()
});

/// `/static/{file}`: stylesheets, scripts and images (not the pages).
pub async fn static_file(Path(name): Path<String>) -> Response {
    if name == "openings.json" {
        let json = "application/json";
        return ([(header::CONTENT_TYPE, json), (header::CACHE_CONTROL, "no-cache")], OPENINGS.as_str())
            .into_response();
    }
    if let Some(&(_, bytes)) = SOUNDS.iter().find(|(sound, _)| *sound == name) {
        return ([(header::CONTENT_TYPE, "audio/wav"), (header::CACHE_CONTROL, "no-cache")], bytes).into_response();
    }
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
    fn openings_cover_every_rules_id_and_carry_no_moves() {
        let openings: serde_json::Value = serde_json::from_str(&OPENINGS).unwrap();
        for rules in presets::ALL {
            let table = &openings[rules.id];
            assert!(table["columns"].is_array(), "{}: {table}", rules.id);
            assert!(table.get("moves").is_none(), "{}", rules.id);
        }
    }

    #[test]
    fn every_page_gets_the_site_header_once() {
        for a in ASSETS.iter().filter(|a| a.content_type == HTML) {
            let page = body(a);
            assert_eq!(page.matches("<header class=\"site-header\">").count(), 1, "{}", a.name);
            assert!(!page.contains(SITE_HEADER_MARK), "{}", a.name);
            assert!(page.contains("<a href=\"/duels\">Duels</a>"), "{}", a.name);
        }
    }

    #[test]
    fn every_page_gets_the_site_head_once_inside_its_head() {
        for a in ASSETS.iter().filter(|a| a.content_type == HTML) {
            let page = body(a);
            let head = &page[page.find("<head>").unwrap()..page.find("</head>").unwrap()];
            assert_eq!(head.matches("<meta charset=\"utf-8\">").count(), 1, "{}", a.name);
            assert_eq!(head.matches("<link rel=\"stylesheet\" href=\"/static/style.css\">").count(), 1, "{}", a.name);
            assert!(head.contains("<meta name=\"viewport\""), "{}", a.name);
            assert!(!page.contains(SITE_HEAD_MARK), "{}", a.name);
            assert_eq!(page.matches("<title>").count(), 1, "{}", a.name);
        }
    }
}
