//! Every page in every language: fetched with `Accept-Language: de` and
//! `Accept-Language: en`, each says its language in `<html lang>`, and
//! what a reader meets on it (its text, and the titles, labels and
//! placeholders a browser shows or reads out) holds no word that only
//! another language's catalogue uses: no English left on a German page,
//! no German on an English one.

use crate::common;

use common::*;
use patience_server::ids::{DuelId, GameId};
use patience_words::{foreign_words, Lang};
use serde_json::json;

/// The attributes whose values a reader meets: shown on hovering, read out,
/// shown in an empty field, or given for an image.
const READ_ATTRIBUTES: &[&str] = &["title", "aria-label", "alt", "placeholder"];

/// One tag: its name (lower case, `/name` for a closing tag) and its
/// attributes, values unquoted.
struct Tag {
    name: String,
    attributes: Vec<(String, String)>,
}

impl Tag {
    fn get(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Reads the tag whose text (between `<` and `>`) is `inside`.
fn parse_tag(inside: &str) -> Tag {
    let inside = inside.trim_end_matches('/');
    let name_end = inside.find(|c: char| c.is_whitespace()).unwrap_or(inside.len());
    let name = inside[..name_end].to_ascii_lowercase();
    let mut attributes = Vec::new();
    let mut rest = inside[name_end..].trim_start();
    while !rest.is_empty() {
        let end = rest.find(|c: char| c.is_whitespace() || c == '=').unwrap_or(rest.len());
        let attribute = rest[..end].to_ascii_lowercase();
        rest = rest[end..].trim_start();
        let mut value = String::new();
        if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (v, remaining) = match after.chars().next() {
                Some(quote @ ('"' | '\'')) => {
                    let body = &after[1..];
                    let close = body.find(quote).unwrap_or(body.len());
                    (&body[..close], body.get(close + 1..).unwrap_or(""))
                }
                _ => {
                    let close = after.find(char::is_whitespace).unwrap_or(after.len());
                    (&after[..close], &after[close..])
                }
            };
            value = v.to_string();
            rest = remaining.trim_start();
        }
        if !attribute.is_empty() {
            attributes.push((attribute, value));
        }
    }
    Tag { name, attributes }
}

/// `html` without the blocks between `<open` and `</close>`.
fn without_blocks(html: &str, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find(open) {
        out.push_str(&rest[..at]);
        match rest[at..].find(close) {
            Some(end) => rest = &rest[at + end + close.len()..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
}

/// The few character references the pages' templates write.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&end| end <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16).ok())
                .unwrap_or_else(|| entity.strip_prefix('#').and_then(|dec| dec.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// What a reader of `html` meets, in `lang`: the text outside tags, with
/// scripts, styles and comments left out, and the values of the attributes
/// a reader meets and of the page's description. An element marked as
/// written in another language (the language switch's buttons, each named
/// in its own language) is left out.
fn reader_text(html: &str, lang: Lang) -> String {
    let html = without_blocks(html, "<!--", "-->");
    let html = without_blocks(&html, "<script", "</script>");
    let html = without_blocks(&html, "<style", "</style>");
    let mut out = String::new();
    let mut rest = html.as_str();
    // The element written in another language, until its end tag.
    let mut foreign: Option<String> = None;
    while let Some(open) = rest.find('<') {
        if foreign.is_none() {
            out.push_str(&rest[..open]);
        }
        let Some(close) = rest[open..].find('>') else { break };
        let tag = parse_tag(&rest[open + 1..open + close]);
        rest = &rest[open + close + 1..];
        out.push(' ');
        if let Some(name) = &foreign {
            if tag.name.strip_prefix('/') == Some(name.as_str()) {
                foreign = None;
            }
            continue;
        }
        if tag.name != "html" && tag.get("lang").is_some_and(|tag_lang| tag_lang != lang.tag()) {
            foreign = Some(tag.name.clone());
            continue;
        }
        for (name, value) in &tag.attributes {
            let described = tag.name == "meta" && name == "content" && tag.get("name") == Some("description");
            if READ_ATTRIBUTES.contains(&name.as_str()) || described {
                out.push_str(value);
                out.push(' ');
            }
        }
    }
    if foreign.is_none() {
        out.push_str(rest);
    }
    unescape(&out)
}

/// The `lang` of a page's `<html>` tag.
fn html_lang(html: &str) -> Option<String> {
    let at = html.find("<html")?;
    let close = html[at..].find('>')?;
    parse_tag(&html[at + 1..at + close]).get("lang").map(str::to_string)
}

#[test]
fn the_reader_text_keeps_what_a_reader_meets_and_nothing_else() {
    let html = r#"<html lang="de"><head><title>Spiel &amp; mehr</title>
        <meta name="description" content="Patiencen im Browser"><meta name="viewport" content="width=device-width">
        <script>const words = "English";</script><style>.x { color: red }</style></head>
        <!-- a comment --><body><button title="Neu beginnen" class="primary">Aufgeben</button>
        <input placeholder='zufällig'><img alt="Karte" src="/a.png"><nav aria-label="Seite">Start</nav>
        <form><button lang="en" value="en">English</button><button lang="de" aria-current="true">Deutsch</button></form>
        Don&#x27;t</body></html>"#;
    let text = reader_text(html, Lang::from_tag("de").unwrap());
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(
        words,
        [
            "Spiel",
            "&",
            "mehr",
            "Patiencen",
            "im",
            "Browser",
            "Neu",
            "beginnen",
            "Aufgeben",
            "zufällig",
            "Karte",
            "Seite",
            "Start",
            "Deutsch",
            "Don't"
        ]
    );
    assert_eq!(html_lang(html).as_deref(), Some("de"));
}

/// Every page's address: a game and its replay, an account's profile and a
/// duel that exist, a day's daily deal (the page loads the day itself), and
/// an address where nothing is; with the player whose game it is.
async fn page_addresses(site: &Site) -> (Player, Vec<(String, u16)>) {
    let mut ann = Player::new(site);
    let (game, _) = ann.create("klondike", Some(1)).await;
    let up = ann.post("/api/account/sign-up", json!({"name": "Ann", "password": PASSWORD})).await;
    assert_eq!(up.status, 201, "{}", up.text);
    let duel = ann.post("/api/duels", json!({"rules": "harmony", "name": "Ann"})).await;
    assert_eq!(duel.status, 201, "{}", duel.text);
    let duel = duel.json["id"].as_str().unwrap().to_string();
    let ok = |path: String| (path, 200);
    let pages = vec![
        ok("/".into()),
        ok(format!("/game/{game}")),
        ok("/replay".into()),
        ok(format!("/replay/{game}")),
        ok("/how-to-play".into()),
        ok("/faq".into()),
        ok("/about".into()),
        ok("/stats".into()),
        ok("/account".into()),
        ok("/@/Ann".into()),
        ok("/leaderboards".into()),
        ok("/settings".into()),
        ok("/daily".into()),
        ok("/daily/klondike/2025-06-01".into()),
        ok("/duels".into()),
        ok(format!("/duel/{duel}")),
        ("/no/such/page".into(), 404),
    ];
    (ann, pages)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_speaks_the_language_asked_for_and_no_other() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let (mut reader, pages) = page_addresses(&site).await;
    let mut problems = Vec::new();
    for lang in Lang::all() {
        for (path, status) in &pages {
            let page = reader.send_with("GET", path, &[("accept-language", lang.tag())], None).await;
            assert_eq!(page.status.as_u16(), *status, "{path} in {lang}: {}", page.text);
            assert!(page.content_type.starts_with("text/html"), "{path} in {lang}: {}", page.content_type);
            assert_eq!(html_lang(&page.text).as_deref(), Some(lang.tag()), "{path} in {lang}");
            let text = reader_text(&page.text, lang);
            assert!(text.split_whitespace().count() > 10, "{path} in {lang} says something: {text}");
            let foreign = foreign_words(&text, lang);
            if !foreign.is_empty() {
                problems.push(format!("{path} in {lang}: {foreign:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "words of another language:\n{}", problems.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_page_says_its_own_words_and_an_english_one_the_english_words() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut reader = Player::new(&site);
    let german = reader.send_with("GET", "/how-to-play", &[("accept-language", "de-DE,de;q=0.9,en;q=0.5")], None).await;
    let text = reader_text(&german.text, Lang::from_tag("de").unwrap());
    for words in ["Spielregeln", "Zielstapel", "Leiter", "Talon", "+10.000", "keine Registrierung nötig"] {
        assert!(text.contains(words), "`{words}` in the German rules: {text}");
    }
    let english = reader.send_with("GET", "/how-to-play", &[("accept-language", "en-GB,en;q=0.8")], None).await;
    let text = reader_text(&english.text, Lang::ENGLISH);
    for words in ["How to play", "foundations", "+10,000", "no sign-up needed, no tracking"] {
        assert!(text.contains(words), "`{words}` in the English rules: {text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_of_a_game_replay_or_duel_that_is_not_there_is_the_404_page() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    let (game, _) = ann.create("klondike", Some(1)).await;
    let mut bob = Player::new(&site);
    bob.create("klondike", Some(2)).await;
    let no_game = "0123456789abcdef01234567";
    assert!(GameId::parse(no_game).is_some() && game != no_game);
    let no_duel = "0000000000000000";
    assert!(DuelId::parse(no_duel).is_some());
    let not_found = reader_text(&bob.get("/no/such/page").await.text, Lang::ENGLISH);
    for (by_ann, path, status) in [
        (true, format!("/game/{game}"), 200),
        // The player's own game still being played: the page says why there is no replay yet.
        (true, format!("/replay/{game}"), 200),
        (false, format!("/game/{game}"), 404),
        (false, format!("/replay/{game}"), 404),
        (true, format!("/game/{no_game}"), 404),
        (true, format!("/replay/{no_game}"), 404),
        (true, format!("/duel/{no_duel}"), 404),
    ] {
        let page = if by_ann { ann.get(&path).await } else { bob.get(&path).await };
        assert_eq!(page.status.as_u16(), status, "{path}: {}", page.text);
        assert!(page.content_type.starts_with("text/html"), "{path}: {}", page.content_type);
        let text = reader_text(&page.text, Lang::ENGLISH);
        assert_eq!(text == not_found, status == 404, "{path}: {text}");
    }
    // Once the game is over, its replay is anyone's to watch.
    let quit = ann.post(&format!("/api/games/{game}/actions"), json!({"action_number": 0, "action": "quit"})).await;
    assert_eq!(quit.status, 200, "{}", quit.text);
    assert_eq!(bob.get(&format!("/replay/{game}")).await.status, 200);
    assert_eq!(bob.get(&format!("/game/{game}")).await.status, 404, "a game is its player's");
}
