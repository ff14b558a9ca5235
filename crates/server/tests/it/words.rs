//! The server speaks the request's language: every kind of refusal the API
//! gives, asked with `Accept-Language: de`, is the German catalogue's
//! sentence and holds no English word, and the same request without it is
//! answered in English; the views name games and variants in it; a `lang`
//! cookie (the language switch's) wins over the browser's header; the
//! switch goes back to the page it was used on; and an account keeps the
//! language, so that signing in on a new browser speaks it there. Run on
//! SQLite, on PostgreSQL and on two instances.

use crate::common;

use common::*;
use patience_core::record::Record;
use patience_core::{notation, presets, Position};
use patience_words::{foreign_words, say, Lang, Say};
use serde_json::{json, Value};

fn german() -> Lang {
    Lang::from_tag("de").unwrap()
}

/// `words` without what they quote between backticks: the request's own
/// text (a path, a token, a field), the same in every language.
fn unquoted(words: &str) -> String {
    words.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// A request, sent as it is, asking for German, and without asking.
#[derive(Clone)]
struct Request {
    method: &'static str,
    path: String,
    body: Option<Value>,
    headers: Vec<(&'static str, String)>,
}

fn get(path: impl Into<String>) -> Request {
    Request { method: "GET", path: path.into(), body: None, headers: Vec::new() }
}

fn post(path: impl Into<String>, body: Value) -> Request {
    Request { method: "POST", path: path.into(), body: Some(body), headers: Vec::new() }
}

impl Request {
    fn with(mut self, name: &'static str, value: impl Into<String>) -> Request {
        self.headers.push((name, value.into()));
        self
    }

    async fn send(&self, p: &mut Player, extra: &[(&str, &str)]) -> Answer {
        let mut headers: Vec<(&str, &str)> = self.headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        headers.extend_from_slice(extra);
        p.send_with(self.method, &self.path, &headers, self.body.clone()).await
    }
}

/// Sends `request` asking for German, then without asking: both are
/// refused with `status`, the first in the German words of `said`, with
/// no English word outside what the request itself wrote, and the second
/// in its English words.
async fn refused_in_both(p: &mut Player, request: Request, status: u16, said: Say) {
    let what = format!("{} {} ({})", request.method, request.path, said.id());
    let de = request.send(p, &[("accept-language", "de-DE,de;q=0.9,en;q=0.5")]).await;
    assert_eq!(de.status.as_u16(), status, "{what}: {}", de.text);
    assert_eq!(de.header("content-language"), Some("de"), "{what}");
    let words = de.error();
    assert_eq!(words, said.in_lang(german()), "{what}");
    let english = foreign_words(&unquoted(words), german());
    assert!(english.is_empty(), "{what}: English {english:?} in `{words}`");

    let en = request.send(p, &[]).await;
    assert_eq!(en.status.as_u16(), status, "{what}: {}", en.text);
    assert_eq!(en.header("content-language"), Some("en"), "{what}");
    assert_eq!(en.error(), said.in_lang(Lang::ENGLISH), "{what}");
    assert_ne!(en.error(), words, "{what}: the same words in both languages");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_refusal_is_said_in_the_language_asked_for() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);

    // Bodies that are not the JSON a route takes.
    refused_in_both(
        &mut ann,
        Request { method: "POST", path: "/api/games".into(), body: None, headers: Vec::new() }
            .with("content-type", "application/json"),
        400,
        say!("json-eof", why = "EOF while parsing a value", line = 1, column = 0),
    )
    .await;
    refused_in_both(
        &mut ann,
        post("/api/games", json!({"deal": 7})),
        400,
        say!("json-missing-field", field = "rules", line = 1, column = 10),
    )
    .await;
    refused_in_both(
        &mut ann,
        post("/api/games", json!({"rules": "harp", "mvoe": 1})),
        400,
        say!(
            "json-unknown-field",
            field = "mvoe",
            expected = "expected one of `rules`, `deal`, `winnable`, `grade`",
            line = 1,
            column = 7
        ),
    )
    .await;
    refused_in_both(
        &mut ann,
        post("/api/games", json!({"rules": "harp", "grade": "trivial"})),
        400,
        say!(
            "json-unknown-variant",
            value = "trivial",
            expected = "expected one of `easy`, `medium`, `hard`",
            line = 1,
            column = 18
        ),
    )
    .await;
    let text_plain = Request { method: "POST", path: "/api/games".into(), body: None, headers: Vec::new() }
        .with("content-type", "text/plain");
    refused_in_both(&mut ann, text_plain, 415, say!("body-not-json", mime = "text/plain")).await;

    // An unknown game or variant, and a grade with a deal number.
    let spider = presets::find("spider").unwrap_err();
    let unknown = patience_words::unknown_rules(&spider);
    refused_in_both(&mut ann, post("/api/games", json!({"rules": "spider"})), 400, unknown).await;
    let graded = post("/api/games", json!({"rules": "harp", "deal": 3, "grade": "easy"}));
    refused_in_both(&mut ann, graded, 400, say!("grade-with-deal")).await;

    // A game's actions: a stale action number, an illegal move, nothing to
    // undo, a move not written in notation.
    let (id, _) = ann.create("harp", Some(17)).await;
    let actions = format!("/api/games/{id}/actions");
    let stale = post(&actions, json!({"action_number": 7, "move": "s"}));
    refused_in_both(&mut ann, stale, 409, say!("game-moved-on", expected = 0, number = 7)).await;
    let deal = Position::deal(presets::find("harp").unwrap(), 17);
    let illegal = (1..=9)
        .flat_map(|from| (1..=9).map(move |to| format!("t{from}-t{to}")))
        .filter_map(|text| deal.check(notation::parse(&text).ok()?).err())
        .next()
        .expect("a move the deal refuses");
    let refused = post(&actions, json!({"action_number": 0, "move": illegal.mv.to_string()}));
    refused_in_both(&mut ann, refused, 422, patience_words::refusal(&illegal.reason)).await;
    let undo = post(&actions, json!({"action_number": 0, "action": "undo"}));
    refused_in_both(&mut ann, undo, 422, say!("error-nothing-to-undo")).await;
    let nonsense = post(&actions, json!({"action_number": 0, "move": "t1-t1"}));
    let why = patience_words::notation_error(&notation::parse("t1-t1").unwrap_err());
    refused_in_both(&mut ann, nonsense, 400, why).await;

    // Games that are not there, or not the requester's.
    let nobodys = "0123456789abcdef01234567";
    refused_in_both(&mut ann, get(format!("/api/games/{nobodys}")), 404, say!("no-such-game", id = nobodys)).await;
    let not_an_id = get("/api/games/xyzzy");
    let why = say!("no-such-game", id = "xyzzy");
    refused_in_both(&mut ann, not_an_id, 404, say!("path-refused", why = why)).await;
    refused_in_both(&mut ann, get("/api/xyzzy"), 404, say!("route-unknown", path = "/api/xyzzy")).await;

    // A record that does not read.
    let record = "[Game \"harp\"]\n[Deal \"1\"]\n\ns@2.5s\n";
    let why = patience_words::record_error(&Record::parse(record).unwrap_err());
    refused_in_both(&mut ann, post("/api/replays/import", json!({"record": record})), 400, why).await;

    // Duels: a second seat, too many participants, no hints in a duel's
    // game.
    let created = ann.post("/api/duels", json!({"rules": "harp", "participants": 2, "name": "Ann"})).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let duel = created.json["id"].as_str().unwrap().to_string();
    let again = post(format!("/api/duels/{duel}/join"), json!({"name": "Ann"}));
    refused_in_both(&mut ann, again, 409, say!("duel-joined-already")).await;
    let crowded = post("/api/duels", json!({"rules": "harp", "participants": 99}));
    refused_in_both(&mut ann, crowded, 400, say!("duel-participants", least = 2, most = 8)).await;
    let opened = ann.send("POST", &format!("/api/duels/{duel}/play"), None, None).await;
    assert_eq!(opened.status, 200, "{}", opened.text);
    let game = opened.json["game_id"].as_str().unwrap().to_string();
    let hint = get(format!("/api/games/{game}/hint"));
    refused_in_both(&mut ann, hint, 403, say!("help-off-in-duels", help = "hints")).await;
    let finish = get(format!("/api/games/{game}/finish"));
    refused_in_both(&mut ann, finish, 403, say!("help-off-in-duels", help = "finish")).await;

    // Another site may change nothing.
    let elsewhere = post(&actions, json!({"action_number": 0, "move": "s"})).with("origin", "http://elsewhere.example");
    refused_in_both(&mut ann, elsewhere, 403, say!("cross-site")).await;

    // Accounts: a name too short, a wrong password, then failed sign-ins
    // that make the next one wait.
    let short = post("/api/account/sign-up", json!({"name": "an", "password": PASSWORD}));
    refused_in_both(&mut Player::new(&site), short, 400, say!("name-length", least = 3, most = 20)).await;
    let mut bob = Player::new(&site);
    let up = bob.post("/api/account/sign-up", json!({"name": "bob", "password": PASSWORD})).await;
    assert_eq!(up.status, 201, "{}", up.text);
    let out = post("/api/account/sign-out", json!({}));
    refused_in_both(&mut Player::new(&site), out, 403, say!("account-not-signed-in")).await;
    let wrong = post("/api/account/sign-in", json!({"name": "bob", "password": "guess"}));
    refused_in_both(&mut Player::new(&site), wrong.clone(), 403, say!("account-wrong-name-or-password")).await;
    // Two failures so far; the fourth makes the next attempt wait a second.
    for _ in 0..2 {
        wrong.send(&mut Player::new(&site), &[]).await.assert_error(403, "do not match");
    }
    let wait = say!("duration", unit = "seconds", count = 1);
    refused_in_both(&mut Player::new(&site), wrong, 429, say!("sign-in-throttled", wait = wait)).await;

    site.stop().await.unwrap();
}

#[test]
fn a_wait_is_said_in_each_language() {
    let minutes = say!("sign-in-throttled", wait = say!("duration", unit = "minutes", count = 5));
    assert_eq!(minutes.in_lang(Lang::ENGLISH), "too many failed sign-ins: try again in 5 minutes");
    assert_eq!(minutes.in_lang(german()), "Zu viele fehlgeschlagene Anmeldungen: Versuch es in 5 Minuten noch einmal.");
    let seconds = say!("too-many", kind = "new-games", wait = say!("duration", unit = "seconds", count = 3));
    assert_eq!(seconds.in_lang(Lang::ENGLISH), "too many new games: try again in 3 s");
    assert_eq!(seconds.in_lang(german()), "Zu viele neue Spiele: Versuch es in 3 s noch einmal.");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_language_switch_wins_over_the_browser_and_goes_back_to_the_page() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    let nobodys = "/api/games/0123456789abcdef01234567";
    let said = say!("no-such-game", id = "0123456789abcdef01234567");

    // The cookie the switch sets wins over what the browser asks for.
    ann.cookie = Some("lang=de".into());
    let a = ann.send_with("GET", nobodys, &[("accept-language", "en-GB,en;q=0.9")], None).await;
    assert_eq!(a.error(), said.in_lang(german()));
    assert_eq!(a.header("content-language"), Some("de"));
    ann.cookie = Some("lang=en".into());
    let a = ann.send_with("GET", nobodys, &[("accept-language", "de")], None).await;
    assert_eq!(a.error(), said.in_lang(Lang::ENGLISH));
    ann.cookie = None;

    // The switch: back to the page it was used on, with the cookie.
    let chosen = choose(&site, None, "de", "/faq?x=1").await;
    assert_eq!(chosen.status, 303, "{}", chosen.text);
    assert_eq!(chosen.header("location"), Some("/faq?x=1"));
    let cookie = chosen.header("set-cookie").expect("the language's cookie");
    assert!(cookie.starts_with("lang=de;") && cookie.contains("Path=/"), "{cookie}");
    // A language the site does not speak is refused, in the request's.
    let refused = choose(&site, None, "xx", "/").await;
    assert_eq!(refused.status, 400, "{}", refused.text);
    assert_eq!(refused.error(), say!("language-unknown", tag = "xx").in_lang(Lang::ENGLISH));
    site.stop().await.unwrap();
}

/// Posts the language switch's form (`lang=TAG`) from the page `back` of
/// the site, as a browser with `cookie` does; the answer, not followed.
async fn choose(site: &impl Base, cookie: Option<&str>, tag: &str, back: &str) -> Answer {
    let base = site.base();
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let mut req = http
        .post(format!("{base}/language"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("origin", &base)
        .header("referer", format!("{base}{back}"))
        .body(format!("lang={tag}"));
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let resp = req.send().await.unwrap();
    let status = resp.status();
    let mut raw = String::new();
    for (name, value) in resp.headers() {
        raw.push_str(&format!("{name}: {}\n", value.to_str().unwrap_or("")));
    }
    let content_type = resp.headers().get("content-type").map_or("", |v| v.to_str().unwrap_or("")).to_string();
    let text = resp.text().await.unwrap();
    raw.push_str(&text);
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Answer { status, content_type, raw, text, json }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_keeps_the_language_and_a_new_browser_signing_in_speaks_it() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let signed_in_with = |a: &Answer| -> Vec<String> {
        a.raw.lines().filter_map(|l| l.strip_prefix("set-cookie: ")).map(str::to_string).collect()
    };

    // Ann, signed in, chooses German with the switch.
    let mut ann = Player::new(&site);
    let up = ann.post("/api/account/sign-up", json!({"name": "ann", "password": PASSWORD})).await;
    assert_eq!(up.status, 201, "{}", up.text);
    assert!(!signed_in_with(&up).iter().any(|c| c.starts_with("lang=")), "no language chosen yet");
    let chosen = choose(&site, ann.cookie.as_deref(), "de", "/account").await;
    assert_eq!(chosen.status, 303, "{}", chosen.text);

    // A new browser, asking for English, signs in: the account's language
    // comes with the session, and the browser speaks it from then on.
    let mut phone = Player::new(&site);
    let signed_in = phone
        .send_with(
            "POST",
            "/api/account/sign-in",
            &[("accept-language", "en")],
            Some(json!({"name": "ann", "password": PASSWORD})),
        )
        .await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.text);
    let cookies = signed_in_with(&signed_in);
    assert!(cookies.iter().any(|c| c.starts_with("patience_id=") || c.starts_with("__Host-")), "{cookies:?}");
    assert!(cookies.iter().any(|c| c.starts_with("lang=de;")), "{cookies:?}");
    let a = phone.send_with("GET", "/api/games/xyzzy", &[("accept-language", "en")], None).await;
    assert_eq!(a.header("content-language"), Some("de"), "{}", a.text);
    let status = phone.get("/api/account").await;
    assert_eq!(status.json["name"], "ann", "still signed in: {}", status.text);

    // The language is no setting of the settings page: an account that
    // chose only a language has no settings yet (a browser signing in then
    // gives it its own), and saving settings keeps the language.
    assert_eq!(phone.get("/api/account/settings").await.json, json!({"signed_in": true, "settings": null}));
    let settings = json!({"back": "red", "table": "dark", "fourColour": true, "largeCards": false, "sound": false, "animation": "fast"});
    let saved = phone.send("PUT", "/api/account/settings", Some("application/json"), Some(settings.to_string())).await;
    assert!(saved.status.is_success(), "{}", saved.text);
    assert_eq!(phone.get("/api/account/settings").await.json, json!({"signed_in": true, "settings": settings}));
    let with_language = json!({"back": "red", "table": "dark", "fourColour": true, "largeCards": false, "sound": false, "animation": "fast", "language": "en"});
    let refused =
        phone.send("PUT", "/api/account/settings", Some("application/json"), Some(with_language.to_string())).await;
    assert_eq!(refused.status, 400, "the settings page sends no language: {}", refused.text);
    let again = Player::new(&site).post("/api/account/sign-in", json!({"name": "ann", "password": PASSWORD})).await;
    assert!(signed_in_with(&again).iter().any(|c| c.starts_with("lang=de;")), "{}", again.raw);

    // Bob chooses German before he has an account: signing up keeps it.
    let mut bob = Player::new(&site);
    let chosen = choose(&site, None, "de", "/").await;
    bob.cookie = Some(chosen.header("set-cookie").unwrap().split(';').next().unwrap().to_string());
    let up = bob.post("/api/account/sign-up", json!({"name": "bob", "password": PASSWORD})).await;
    assert_eq!(up.status, 201, "{}", up.text);
    let mut tablet = Player::new(&site);
    let signed_in = tablet.post("/api/account/sign-in", json!({"name": "bob", "password": PASSWORD})).await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.text);
    assert!(signed_in_with(&signed_in).iter().any(|c| c.starts_with("lang=de;")), "{}", signed_in.raw);

    // An account that chose nothing sends no language.
    let mut cy = Player::new(&site);
    cy.post("/api/account/sign-up", json!({"name": "cy", "password": PASSWORD})).await;
    let signed_in = Player::new(&site).post("/api/account/sign-in", json!({"name": "cy", "password": PASSWORD})).await;
    assert!(!signed_in_with(&signed_in).iter().any(|c| c.starts_with("lang=")), "{}", signed_in.raw);
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_views_name_games_and_variants_in_the_language_asked_for() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    let de = [("accept-language", "de")];
    let variant = presets::find("harp/3-passes").unwrap();
    let german_name = patience_words::rules_name(variant).in_lang(german());
    assert_eq!(german_name, "Harp (3 Durchgänge)");

    // The list of games and variants, each with its summary.
    let rules = ann.send_with("GET", "/api/rules", &de, None).await;
    for (listed, r) in rules.json["rules"].as_array().unwrap().iter().zip(presets::ALL) {
        assert_eq!(listed["id"], r.id);
        assert_eq!(listed["name"], patience_words::rules_name(r).in_lang(german()));
        assert_eq!(listed["summary"], patience_words::rules_summary(r).in_lang(german()));
    }
    let english = ann.get("/api/rules").await;
    assert_eq!(english.json["rules"][0]["name"], presets::ALL[0].name);

    // A game's view, and the list of one's games.
    let (id, created) = ann.create("harp/3-passes", Some(5)).await;
    assert_eq!(created.view()["name"], "Harp (3 passes)");
    let shown = ann.send_with("GET", &format!("/api/games/{id}"), &de, None).await;
    assert_eq!(shown.view()["name"], german_name.as_str());
    let listed = ann.send_with("GET", "/api/games", &de, None).await;
    assert_eq!(listed.json["games"][0]["name"], german_name.as_str(), "{}", listed.text);

    // A duel, the lobby, the statistics, the votes, the daily deals.
    let duel = ann.send_with("POST", "/api/duels", &de, Some(json!({"rules": "harp/3-passes", "name": "Ann"}))).await;
    assert_eq!(duel.status, 201, "{}", duel.text);
    assert_eq!(duel.json["name"], german_name.as_str());
    let link = duel.json["id"].as_str().unwrap().to_string();
    assert_eq!(ann.get(&format!("/api/duels/{link}")).await.json["name"], "Harp (3 passes)");
    // The record of a duel's game, its deal left out, says why in a comment.
    let opened = ann.send("POST", &format!("/api/duels/{link}/play"), None, None).await;
    let game = opened.json["game_id"].as_str().unwrap().to_string();
    let record = ann.send_with("GET", &format!("/api/games/{game}/record"), &de, None).await;
    assert!(record.text.starts_with(&say!("record-deal-hidden").in_lang(german())), "{}", record.text);
    assert!(ann.get(&format!("/api/games/{game}/record")).await.text.starts_with("# A duel game"));
    let export = ann.send_with("GET", "/api/games/export", &de, None).await;
    assert!(export.text.starts_with(&say!("export-header", count = 0).in_lang(german())), "{}", export.text);
    let stats = ann.send_with("GET", "/api/stats", &de, None).await;
    let harp = stats.json["games"].as_array().unwrap().iter().find(|g| g["game"] == "harp").unwrap().clone();
    assert!(harp["variants"].as_array().unwrap().iter().any(|v| v["name"] == german_name.as_str()), "{harp}");
    let harfe = presets::game("grosse-harfe").unwrap();
    let votes = ann.send_with("GET", "/api/votes", &de, None).await;
    let names: Vec<&str> = votes.json["votes"].as_array().unwrap().iter().filter_map(|v| v["name"].as_str()).collect();
    assert!(names.contains(&"Die Große Harfe"), "{names:?}");
    let today = ann.send_with("GET", "/api/daily", &de, None).await;
    let klondike = presets::game("klondike").unwrap();
    let names: Vec<String> =
        today.json["dailies"].as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap().to_string()).collect();
    assert!(names.contains(&patience_words::rules_name(klondike).in_lang(german())), "{names:?}");
    assert!(names.contains(&patience_words::rules_name(harfe).in_lang(german())), "{names:?}");
    site.stop().await.unwrap();
}
