//! First page load size: the home page and a game page, each with every
//! file it loads (stylesheet, scripts, icon, the scripts' catalogue) and
//! the API calls its script makes on load, counted as a browser with an
//! empty cache would fetch them: bodies as they travel (gzipped, as
//! browsers ask) plus status lines and headers. Each must stay at most
//! 200 KB. The API calls, the openings (`/static/openings.json`) and the
//! catalogue (`/words/en.ftl`, which words.js reads) are those the pages'
//! scripts make on load.
//!
//! `cargo test -p patience-server --test it page_weight -- --nocapture` prints
//! the figures.

use crate::common;

use common::*;

/// The most a first page load may transfer, in bytes.
const LIMIT: usize = 200_000;

/// Bytes on the wire for one answer: status line, headers and body.
async fn fetch(player: &mut Player, method: &str, path: &str, body: Option<String>) -> (usize, String) {
    let url = format!("{}{}", player.base, path);
    let mut req = player.http.request(method.parse().unwrap(), url).header("accept-encoding", "gzip");
    if let Some(c) = &player.cookie {
        req = req.header("cookie", c.clone());
    }
    if let Some(b) = body {
        req = req.header("content-type", "application/json").body(b);
    }
    let resp = req.send().await.unwrap();
    assert!(resp.status().is_success(), "{path}: {}", resp.status());
    let mut bytes = "HTTP/1.1 200 OK\r\n".len() + 2;
    for (name, value) in resp.headers() {
        bytes += name.as_str().len() + 2 + value.len() + 2;
        if name == "set-cookie" {
            player.cookie = Some(value.to_str().unwrap().split(';').next().unwrap().to_string());
        }
    }
    let gzipped = resp.headers().get("content-encoding").is_some_and(|v| v == "gzip");
    let body = resp.bytes().await.unwrap();
    let text = if gzipped {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&body[..]), &mut text).unwrap();
        text
    } else {
        String::from_utf8(body.to_vec()).unwrap()
    };
    (bytes + body.len(), text)
}

/// The same-site files a page links to: `src="/..."` and `href="/static/..."`
/// or the icon.
fn assets(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attr in ["src=\"", "href=\""] {
        for (i, _) in html.match_indices(attr) {
            let rest = &html[i + attr.len()..];
            let url = &rest[..rest.find('"').unwrap()];
            let is_asset = url.starts_with("/static/") || url == "/favicon.ico";
            if is_asset && !found.iter().any(|f| f == url) {
                found.push(url.to_string());
            }
        }
    }
    found
}

/// Loads `page` and what it links to, then the API calls; returns the total.
async fn page_load(player: &mut Player, page: &str, api: &[String]) -> usize {
    let (mut total, html) = fetch(player, "GET", page, None).await;
    let mut parts = vec![format!("{page} {total}")];
    let files = assets(&html);
    assert!(files.iter().any(|f| f.ends_with(".css")) && files.iter().any(|f| f.ends_with(".js")), "{files:?}");
    for path in files.iter().chain(api) {
        let (n, _) = fetch(player, "GET", path, None).await;
        parts.push(format!("{path} {n}"));
        total += n;
    }
    println!("{page}: {total} bytes ({})", parts.join(", "));
    total
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_page_loads_stay_under_200_kb() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut player = Player::new(&server);

    // The home page, for a player who has played before (its list of games
    // to continue is then filled).
    let mut largest = 0;
    for game in patience_core::presets::games() {
        let (id, _) = player.create(game, Some(1)).await;
        let view = player.view(&id).await.view().clone();
        player.play(&id, 0, &moves(&view)[0]).await.view();
        // A game page: the page, its files, the game's view and the openings
        // its script sizes the cards by.
        let fetched = [
            format!("/api/games/{id}"),
            format!("/api/games/{id}/duel"),
            "/static/openings.json".to_string(),
            "/static/words.js".to_string(),
            "/words/en.ftl".to_string(),
        ];
        let n = page_load(&mut player, &format!("/game/{id}"), &fetched).await;
        assert!(n <= LIMIT, "the {game} page loads {n} bytes, more than {LIMIT}");
        largest = largest.max(n);
    }
    let fetched = [
        "/api/rules".to_string(),
        "/api/games".to_string(),
        "/static/openings.json".to_string(),
        "/static/words.js".to_string(),
        "/words/en.ftl".to_string(),
    ];
    let home = page_load(&mut player, "/", &fetched).await;
    assert!(home <= LIMIT, "the home page loads {home} bytes, more than {LIMIT}");
    println!("largest first load: home {home} bytes, game page {largest} bytes (limit {LIMIT})");
    server.stop().await.unwrap();
}
