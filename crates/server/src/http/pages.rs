//! The site's pages: HTML, CSS and JavaScript files embedded in the binary
//! at compile time (no build step, nothing fetched from elsewhere). A page
//! is a template whose words come from the catalogues (`{{ t("id") }}`),
//! made once in every language; scripts say theirs from the catalogue the
//! browser reads at `/words/LANG.ftl` (words.js).

use std::sync::LazyLock;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;

use patience_core::view::GameView;
use patience_core::{presets, Game};
use patience_words::{Arg, Lang, Say};

use super::error::ApiError;
use super::identity::Requester;
use crate::ids::{Day, DuelId, GameId};
use crate::services::{duels, games, profiles, replays, ErrorKind, Services};

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
    asset!("words.js", "text/javascript; charset=utf-8"),
    asset!("fluent-bundle.js", "text/javascript; charset=utf-8"),
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

/// A page's template: its file with the site head and header in place.
fn template(a: &Asset) -> String {
    let page = a.body.replacen(SITE_HEAD_MARK, shared_part(SITE_HEAD), 1);
    page.replacen(SITE_HEADER_MARK, shared_part(SITE_HEADER), 1)
}

/// `{{ t("id", name=value…) }}` in a page: the message in the page's
/// language. A message missing from the catalogues fails the page (the
/// tests make every page in every language).
fn t(state: &minijinja::State, id: String, kwargs: minijinja::value::Kwargs) -> Result<String, minijinja::Error> {
    let lang = state.lookup("lang").and_then(|tag| tag.as_str().and_then(Lang::from_tag)).unwrap_or(Lang::ENGLISH);
    let mut said = Say::new(id);
    for name in kwargs.args() {
        let value: minijinja::Value = kwargs.get(name)?;
        let arg = match value.as_i64() {
            Some(n) => Arg::Number(n as f64),
            None => Arg::Text(value.to_string()),
        };
        // Argument names live as long as the pages, made once.
        said = said.with(Box::leak(name.to_string().into_boxed_str()), arg);
    }
    said.try_in_lang(lang).map_err(|e| minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e.to_string()))
}

/// `page` in `lang`, or why it cannot be made.
fn render(a: &Asset, lang: Lang) -> Result<String, minijinja::Error> {
    let mut env = minijinja::Environment::new();
    env.add_function("t", t);
    let source = template(a);
    let page = env.template_from_named_str(a.name, &source)?;
    let langs: Vec<minijinja::Value> =
        Lang::all().map(|l| minijinja::context! { tag => l.tag(), name => l.name(), current => l == lang }).collect();
    page.render(minijinja::context! { lang => lang.tag(), langs => langs })
}

/// Every page in every language, made once on first use.
static PAGES: LazyLock<Vec<(&'static str, Lang, String)>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .filter(|a| a.content_type == HTML)
        .flat_map(|a| Lang::all().map(move |lang| (a, lang)))
        .map(|(a, lang)| {
            let page = render(a, lang).unwrap_or_else(|e| panic!("{} in {lang}: {e:#}", a.name));
            (a.name, lang, page)
        })
        .collect()
});

/// A file's body: a page in `lang`, or the asset as it is.
fn body(a: &'static Asset, lang: Lang) -> &'static str {
    PAGES.iter().find(|(name, l, _)| *name == a.name && *l == lang).map_or(a.body, |(_, _, page)| page.as_str())
}

fn serve(name: &str, lang: Lang) -> Response {
    match asset(name) {
        Some(a) => ([(header::CONTENT_TYPE, a.content_type), (header::CACHE_CONTROL, "no-cache")], body(a, lang))
            .into_response(),
        None => not_found(lang).into_response(),
    }
}

pub async fn index(Extension(lang): Extension<Lang>) -> Response {
    serve("index.html", lang)
}

/// `/game/{id}`: a game's page; the 404 page unless it is the requester's
/// game.
pub async fn game(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    Path(id): Path<String>,
) -> Response {
    let Some(id) = GameId::parse(&id) else { return not_found(lang).into_response() };
    let found = match who.player(&app).await {
        Ok(me) => games::find(&app, &id, me).await.map(drop),
        Err(e) => return e.into_response(),
    };
    serve_if_found("game.html", lang, found)
}

/// `/replay/{id}`: a game's replay; the 404 page unless the requester may
/// watch it (a game still being played is the player's to see, and its
/// page says why there is no replay yet).
pub async fn replay(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    who: Requester,
    Path(id): Path<String>,
) -> Response {
    let Some(id) = GameId::parse(&id) else { return not_found(lang).into_response() };
    let found = match who.player(&app).await {
        Ok(me) => replays::readable(&app, &id, me).await.map(drop),
        Err(e) => return e.into_response(),
    };
    serve_if_found("replay.html", lang, found)
}

/// Page `name`, or the 404 page when what it would show is not there (for
/// this requester). Any other trouble is the page's script to tell.
fn serve_if_found(name: &str, lang: Lang, found: crate::services::Result<()>) -> Response {
    match found {
        Err(e) if e.kind == ErrorKind::NotFound => not_found(lang).into_response(),
        _ => serve(name, lang),
    }
}

/// `/replay`: a record pasted or uploaded, to watch and analyse.
pub async fn replay_import(Extension(lang): Extension<Lang>) -> Response {
    serve("replay.html", lang)
}

/// `/duel/{id}`: a duel's page; the 404 page for a duel that does not exist.
pub async fn duel(State(app): State<Services>, Extension(lang): Extension<Lang>, Path(id): Path<String>) -> Response {
    let Some(id) = DuelId::parse(&id) else { return not_found(lang).into_response() };
    serve_if_found("duel.html", lang, duels::exists(&app, &id).await)
}

/// `/daily`: today's daily deal of every game.
pub async fn daily(Extension(lang): Extension<Lang>) -> Response {
    serve("daily.html", lang)
}

/// `/daily/{game}/{day}`: a day's daily deal of a game; the 404 page for
/// a game without one or a text that is no day.
pub async fn daily_day(Extension(lang): Extension<Lang>, Path((game, day)): Path<(String, String)>) -> Response {
    if crate::services::dailies::rules_of(&game).is_ok() && Day::parse(&day).is_some() {
        serve("daily.html", lang)
    } else {
        not_found(lang).into_response()
    }
}

/// `/duels`: start a duel or play a quick match.
pub async fn duels(Extension(lang): Extension<Lang>) -> Response {
    serve("duel.html", lang)
}

pub async fn how_to_play(Extension(lang): Extension<Lang>) -> Response {
    serve("how-to-play.html", lang)
}

pub async fn faq(Extension(lang): Extension<Lang>) -> Response {
    serve("faq.html", lang)
}

pub async fn about(Extension(lang): Extension<Lang>) -> Response {
    serve("about.html", lang)
}

pub async fn stats(Extension(lang): Extension<Lang>) -> Response {
    serve("stats.html", lang)
}

pub async fn account(Extension(lang): Extension<Lang>) -> Response {
    serve("account.html", lang)
}

/// `/settings`: the player's settings, kept in the browser.
pub async fn settings(Extension(lang): Extension<Lang>) -> Response {
    serve("settings.html", lang)
}

pub async fn leaderboards(Extension(lang): Extension<Lang>) -> Response {
    serve("leaderboards.html", lang)
}

/// `/@/{name}`: a player's public profile; the 404 page for a name no
/// account has.
pub async fn profile(
    State(app): State<Services>,
    Extension(lang): Extension<Lang>,
    Path(name): Path<String>,
) -> Response {
    match profiles::account(&app, &name).await {
        Ok(_) => serve("profile.html", lang),
        Err(e) if e.kind == ErrorKind::NotFound => not_found(lang).into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// Each language's catalogue for the scripts, by its hash: the `ETag` of
/// `/words/LANG.ftl`, the same on every instance of the same build.
static WORDS_TAGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    Lang::all()
        .map(|lang| {
            use std::hash::{Hash, Hasher};
            let mut h = std::hash::DefaultHasher::new();
            patience_words::script_source(lang).hash(&mut h);
            format!("\"{:016x}\"", h.finish())
        })
        .collect()
});

fn lang_index(lang: Lang) -> usize {
    Lang::all().position(|l| l == lang).expect("every language is one of all")
}

/// The scripts' part of a language's catalogue (`script-*.ftl`) as its
/// Fluent source, which the scripts say their sentences from (words.js):
/// `/words/LANG.ftl`. The same for every
/// request until the server changes, so a browser that has it keeps it.
pub async fn words(Path(file): Path<String>, headers: axum::http::HeaderMap) -> Response {
    let Some(lang) = file.strip_suffix(".ftl").and_then(Lang::from_tag) else {
        return not_found(Lang::ENGLISH).into_response();
    };
    let source = patience_words::script_source(lang);
    let tag = WORDS_TAGS[lang_index(lang)].clone();
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(tag.as_str()) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, tag)]).into_response();
    }
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, "no-cache".into()),
            (header::ETAG, tag),
        ],
        source,
    )
        .into_response()
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
pub async fn static_file(Extension(lang): Extension<Lang>, Path(name): Path<String>) -> Response {
    if name == "openings.json" {
        let json = "application/json";
        return ([(header::CONTENT_TYPE, json), (header::CACHE_CONTROL, "no-cache")], OPENINGS.as_str())
            .into_response();
    }
    if let Some(&(_, bytes)) = SOUNDS.iter().find(|(sound, _)| *sound == name) {
        return ([(header::CONTENT_TYPE, "audio/wav"), (header::CACHE_CONTROL, "no-cache")], bytes).into_response();
    }
    match asset(&name) {
        Some(a) if !a.name.ends_with(".html") => serve(&name, lang),
        _ => not_found(lang).into_response(),
    }
}

pub async fn favicon() -> Response {
    serve("favicon.svg", Lang::ENGLISH)
}

fn not_found(lang: Lang) -> impl IntoResponse {
    let page = asset("404.html").map_or("Not found", |a| body(a, lang));
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, HTML)], page)
}

pub async fn fallback(Extension(lang): Extension<Lang>) -> Response {
    not_found(lang).into_response()
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
            for lang in Lang::all() {
                let page = body(a, lang);
                assert_eq!(page.matches("<header class=\"site-header\">").count(), 1, "{} in {lang}", a.name);
                assert!(!page.contains(SITE_HEADER_MARK), "{} in {lang}", a.name);
                let duels = Say::new("nav-duels").in_lang(lang);
                assert!(page.contains(&format!("<a href=\"/duels\">{duels}</a>")), "{} in {lang}", a.name);
            }
        }
    }

    #[test]
    fn every_page_gets_the_site_head_once_inside_its_head() {
        for a in ASSETS.iter().filter(|a| a.content_type == HTML) {
            for lang in Lang::all() {
                let page = body(a, lang);
                let head = &page[page.find("<head>").unwrap()..page.find("</head>").unwrap()];
                assert_eq!(head.matches("<meta charset=\"utf-8\">").count(), 1, "{} in {lang}", a.name);
                let style = "<link rel=\"stylesheet\" href=\"/static/style.css\">";
                assert_eq!(head.matches(style).count(), 1, "{} in {lang}", a.name);
                assert!(head.contains("<meta name=\"viewport\""), "{} in {lang}", a.name);
                assert!(!page.contains(SITE_HEAD_MARK), "{} in {lang}", a.name);
                assert_eq!(page.matches("<title>").count(), 1, "{} in {lang}", a.name);
            }
        }
    }

    /// Each page is made in every language, says which, and is made of
    /// that language's words: the German page differs from the English one
    /// and carries the German footer.
    #[test]
    fn every_page_is_made_in_every_language() {
        let german = Lang::from_tag("de").unwrap();
        for a in ASSETS.iter().filter(|a| a.content_type == HTML) {
            for lang in Lang::all() {
                let page = body(a, lang);
                assert!(page.contains(&format!("<html lang=\"{}\">", lang.tag())), "{} in {lang}", a.name);
                assert!(!page.contains("{{") && !page.contains("{%"), "{} in {lang}", a.name);
                if page.contains("<footer") {
                    let footer = Say::new("footer").in_lang(lang);
                    assert!(page.contains(&format!("<footer class=\"site-footer\">{footer}</footer>")), "{}", a.name);
                }
            }
            assert_ne!(body(a, Lang::ENGLISH), body(a, german), "{}", a.name);
        }
    }

    /// Numbers in a page's words are written as its language writes them.
    #[test]
    fn a_pages_numbers_are_written_in_its_language() {
        let rules = asset("how-to-play.html").unwrap();
        assert!(body(rules, Lang::ENGLISH).contains("+10,000 when all 52 cards are up"));
        assert!(body(rules, Lang::from_tag("de").unwrap()).contains("+10.000, wenn alle 52 Karten oben liegen"));
    }
}
