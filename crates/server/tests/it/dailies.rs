//! Daily deals through the API: one deal a UTC day for each game's default
//! rules, committed before anyone plays it and revealed when the day ends;
//! one counted attempt a player, with no hint, Finish or restart; a board
//! of names and figures in its order; the day's rollover on a clock the
//! test moves; and the deal kept from every route while the day runs.

use crate::common;

use common::*;
use patience_server::ids::{DailyId, Day};
use serde_json::{json, Value};

/// Today by the server's clock, and its daily deal of `game` as `p` is
/// shown it.
async fn day_view(p: &mut Player, game: &str) -> Value {
    let today = p.get("/api/daily").await;
    assert_eq!(today.status, 200, "{}", today.text);
    let day = today.json["day"].as_str().unwrap().to_string();
    let view = p.get(&format!("/api/daily/{game}/{day}")).await;
    assert_eq!(view.status, 200, "{}", view.text);
    view.json
}

/// `p`'s attempt at today's daily deal of `game`: its game id.
async fn attempt(p: &mut Player, game: &str, name: &str) -> (String, u16) {
    let a = p.post(&format!("/api/daily/{game}/play"), json!({"name": name})).await;
    assert!(a.status == 201 || a.status == 200, "{}", a.text);
    (a.json["game_id"].as_str().unwrap().to_string(), a.status.as_u16())
}

/// The stored deal of today's daily deal of `game`.
async fn stored_deal(site: &Site, game: &str, day: &str) -> u64 {
    let rules = patience_core::presets::find(game).unwrap();
    let id = DailyId { rules, day: Day::parse(day).unwrap() };
    site.store().await.daily(id).await.unwrap().expect("committed").deal
}

/// Plays moves to the foundations while there are any, at most `most`;
/// returns how many went up.
async fn play_up(p: &mut Player, game: &str, most: usize) -> usize {
    let mut up = 0;
    while up < most {
        let view = p.view(game).await;
        let Some(mv) = moves(view.view()).into_iter().find(|m| m.ends_with("-f")) else { break };
        let n = number(view.view());
        assert_eq!(p.play(game, n, &mv).await.status, 200);
        up += 1;
    }
    up
}

/// Whether any number in `text` is `deal`.
fn mentions_number(text: &str, deal: u64) -> bool {
    text.split(|c: char| !c.is_ascii_digit()).any(|word| word == deal.to_string())
}

/// Milliseconds from the server's now to just after the day `view` shows
/// ends.
fn past_the_day(view: &Value, now_ms: i64) -> i64 {
    view["ends_ms"].as_i64().unwrap() - now_ms + 1_000
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_has_one_counted_attempt_a_day_with_no_hint_no_finish_and_no_restart() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut pat = Player::new(&site);
    // Nobody asked yet: no commitment; the day's page commits it.
    let today = pat.get("/api/daily").await;
    let harmony = today.json["dailies"].as_array().unwrap().iter().find(|d| d["game"] == "harmony").unwrap().clone();
    assert!(harmony["commitment"].is_null(), "{harmony}");
    let view = day_view(&mut pat, "harmony").await;
    let commitment = view["commitment"].as_str().unwrap().to_string();
    assert_eq!(commitment.len(), 64);
    assert!(view["reveal"].is_null() && !view["over"].as_bool().unwrap(), "{view}");

    // A name for the board is needed without an account.
    pat.post("/api/daily/harmony/play", json!({})).await.assert_error(400, "name");
    pat.post("/api/daily/nope/play", json!({"name": "Pat"})).await.assert_error(404, "no daily deal of `nope`");
    let (game, status) = attempt(&mut pat, "harmony", "Pat").await;
    assert_eq!(status, 201);
    let (again, status) = attempt(&mut pat, "harmony", "Pat").await;
    assert_eq!((again.as_str(), status), (game.as_str(), 200), "one attempt: the same game again");

    let shown = pat.view(&game).await;
    let v = shown.view();
    assert!(v["deal"].is_null(), "the deal is secret while the day runs: {v}");
    assert_eq!(shown.json["view"]["hints"], false);
    assert_eq!(v["restart_offered"], false);
    assert_eq!(shown.json["view"]["clock_started"], true, "the clock runs from the opening");
    pat.get(&format!("/api/games/{game}/hint")).await.assert_error(403, "Hints are off in the daily deal");
    pat.get(&format!("/api/games/{game}/finish")).await.assert_error(403, "Finish is off in the daily deal");
    pat.get(&format!("/api/games/{game}/par")).await.assert_error(409, "secret");
    let n = number(v);
    pat.act(&game, n, "restart").await.assert_error(422, "no restart in the daily deal");
    let of_game = pat.get(&format!("/api/games/{game}/duel")).await;
    assert_eq!(of_game.json["daily"]["link"], view["link"], "{}", of_game.text);
    assert_eq!(pat.get("/api/games").await.json["games"][0]["deal"], Value::Null);

    // The board names the attempt with figures only; the day's view says
    // which game is the requester's.
    let view = day_view(&mut pat, "harmony").await;
    assert_eq!(view["commitment"], commitment.as_str(), "the commitment does not change");
    assert_eq!(view["your_game"], format!("/game/{game}"));
    let line = &view["board"]["lines"][0];
    assert_eq!((&line["name"], &line["you"], &line["record"]), (&json!("Pat"), &json!(true), &Value::Null));

    // Other games' daily deals are attempts of their own.
    let (harp, status) = attempt(&mut pat, "harp", "Pat").await;
    assert_eq!(status, 201);
    assert_ne!(harp, game);
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_ranks_by_score_in_harmony_and_by_cards_up_then_time_elsewhere() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    // Pitchfork: cards up first, then the time.
    let (mut none, mut fast, mut slow) = (Player::new(&site), Player::new(&site), Player::new(&site));
    let (g_none, _) = attempt(&mut none, "pitchfork", "None").await;
    let (g_fast, _) = attempt(&mut fast, "pitchfork", "Fast").await;
    let (g_slow, _) = attempt(&mut slow, "pitchfork", "Slow").await;
    // Fast plays until a card is up (a move up whenever there is one, else
    // a random one: the day's deal is random, and the first move listed
    // can go round in circles); Slow plays the same actions 20 s later.
    let mut rng = Rng::new(7);
    let mut script = Vec::new();
    let mut up = false;
    for _ in 0..600 {
        let view = fast.view(&g_fast).await;
        let legal = moves(view.view());
        if legal.is_empty() {
            break;
        }
        let mv =
            legal.iter().find(|m| m.ends_with("-f")).cloned().unwrap_or_else(|| legal[rng.below(legal.len())].clone());
        assert_eq!(fast.play(&g_fast, number(view.view()), &mv).await.status, 200);
        up = mv.ends_with("-f");
        script.push(mv);
        if up {
            break;
        }
    }
    site.advance_clock(20_000).await;
    for (i, mv) in script.iter().enumerate() {
        assert_eq!(slow.play(&g_slow, i as u64, mv).await.status, 200);
    }
    let _ = g_none;
    let view = day_view(&mut none, "pitchfork").await;
    let lines = view["board"]["lines"].as_array().unwrap();
    let names: Vec<&str> = lines.iter().map(|l| l["name"].as_str().unwrap()).collect();
    if up {
        assert!(lines[0]["foundations"].as_u64().unwrap() > lines[2]["foundations"].as_u64().unwrap(), "{lines:?}");
        assert_eq!(names, ["Fast", "Slow", "None"], "cards up, then time: {lines:?}");
    } else {
        // No card up on this deal's random walk (rare): the time alone.
        assert_eq!(names, ["None", "Fast", "Slow"], "the shorter time first: {lines:?}");
    }
    let slow_line = lines.iter().find(|l| l["name"] == "Slow").unwrap();
    assert!(slow_line["time_ms"].as_i64().unwrap() >= 20_000, "{slow_line}");
    assert_eq!(view["board"]["scored"], false);
    assert_eq!(view["board"]["attempts"], 3);

    // Harmony: the higher score first.
    let (mut low, mut high) = (Player::new(&site), Player::new(&site));
    let (_, _) = attempt(&mut low, "harmony", "Low").await;
    let (g_high, _) = attempt(&mut high, "harmony", "High").await;
    let scored_up = play_up(&mut high, &g_high, 2).await;
    let view = day_view(&mut low, "harmony").await;
    let lines = view["board"]["lines"].as_array().unwrap();
    let scores: Vec<i64> = lines.iter().map(|l| l["score"].as_i64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    if scored_up > 0 {
        assert_eq!(lines[0]["name"], "High", "{}", view["board"]);
    }
    assert_eq!(view["board"]["scored"], true);
    // Nothing of anyone's cards or moves: names and figures only.
    for line in lines {
        let keys: Vec<&String> = line.as_object().unwrap().keys().collect();
        assert!(!keys.iter().any(|k| ["moves_list", "table", "actions", "deal"].contains(&k.as_str())), "{line}");
    }
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_day_ends_its_deal_par_winning_line_and_records_are_shown_and_a_new_deal_begins() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    let a = ann.post("/api/account/sign-up", json!({"name": "Ann", "password": PASSWORD})).await;
    assert_eq!(a.status, 201, "{}", a.text);
    let (game, _) = attempt(&mut ann, "harmony", "ignored: the account's name").await;
    let first = day_view(&mut ann, "harmony").await;
    assert_eq!(first["board"]["lines"][0]["name"], "Ann");
    assert_eq!(first["board"]["lines"][0]["account"], "Ann");
    let day = first["day"].as_str().unwrap().to_string();
    let deal = stored_deal(&site, "harmony", &day).await;
    if play_up(&mut ann, &game, 1).await == 0 {
        let first = moves(ann.view(&game).await.view())[0].clone();
        assert_eq!(ann.play(&game, 0, &first).await.status, 200);
    }
    let listed = ann.get("/api/games").await;
    assert_eq!(listed.json["games"][0]["continuable"], true, "{}", listed.text);
    let record_link = format!("/api/daily/harmony/{day}/records/{game}");
    let mut stranger = Player::new(&site);
    stranger.get(&record_link).await.assert_error(404, "no game");
    stranger.get(&format!("/api/replays/{game}")).await.assert_error(404, "no game");
    let profile = stranger.get("/api/players/Ann").await;
    assert!(!mentions_number(&profile.text, deal), "{}", profile.text);
    assert_eq!(profile.json["daily"]["current"], 1, "{}", profile.json["daily"]);

    // The day ends.
    site.advance_clock(past_the_day(&first, now_ms())).await;
    let n = number(ann.view(&game).await.view());
    let refused = ann.act(&game, n, "quit").await;
    refused.assert_error(409, &format!("The daily deal of {day} is over"));
    let over = stranger.get(&format!("/api/daily/harmony/{day}")).await;
    assert_eq!(over.status, 200, "{}", over.text);
    let over = over.json;
    assert_eq!(over["over"], true);
    let reveal = &over["reveal"];
    assert_eq!(reveal["deal"], deal);
    assert_eq!((&reveal["commitment_ok"], &reveal["deal_ok"]), (&json!(true), &json!(true)), "{reveal}");
    assert_eq!(reveal["total"], 52);
    assert_eq!(reveal["par"], 52, "a daily deal is proven winnable: {reveal}");
    let line = reveal["winning_line"].as_array().expect("a winning line");
    assert!(!line.is_empty() && line[0]["words"].is_string(), "{reveal}");
    assert_eq!(over["board"]["lines"][0]["record"], record_link.as_str());
    assert_eq!(over["board"]["lines"][0]["replay"], format!("/replay/{game}"));
    let replay = stranger.get(&format!("/api/replays/{game}")).await;
    assert_eq!((replay.status.as_u16(), &replay.json["deal"]), (200, &json!(deal)), "{}", replay.text);
    let record = stranger.get(&record_link).await;
    assert_eq!(record.status, 200, "{}", record.text);
    assert!(mentions_number(&record.text, deal), "{}", record.text);
    assert_eq!(ann.view(&game).await.view()["deal"], deal, "the deal is shown in the game once the day is over");
    let listed = ann.get("/api/games").await;
    let row = &listed.json["games"][0];
    assert_eq!((&row["deal"], &row["continuable"]), (&json!(deal), &json!(false)), "no more moves: {row}");

    // A new day: a new commitment, a new attempt; yesterday is a past day.
    let next = day_view(&mut ann, "harmony").await;
    assert_ne!(next["day"], day.as_str());
    assert_ne!(next["commitment"], first["commitment"]);
    assert_eq!(next["previous"], day.as_str());
    let (new_game, status) = attempt(&mut ann, "harmony", "Ann").await;
    assert_eq!(status, 201);
    assert_ne!(new_game, game);
    let past = stranger.get("/api/daily/harmony/days").await;
    assert_eq!(past.json["days"][0]["day"], day.as_str(), "{}", past.text);
    assert_eq!(past.json["days"][0]["attempts"], 1);
    let profile = stranger.get("/api/players/Ann").await;
    assert_eq!(profile.json["daily"], json!({"current": 2, "longest": 2, "days": 2, "played_today": true}));
    // A day nobody asked for is never dealt afterwards, and none ahead.
    let skipped = Day::parse(&day).unwrap().previous().unwrap();
    stranger.get(&format!("/api/daily/harmony/{skipped}")).await.assert_error(404, "never dealt");
    let ahead = Day::parse(next["day"].as_str().unwrap()).unwrap().next().unwrap();
    stranger.get(&format!("/api/daily/harmony/{ahead}")).await.assert_error(404, "not out yet");
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_attempt_made_before_signing_in_stays_one_attempt() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    assert_eq!(ann.post("/api/account/sign-up", json!({"name": "Ann", "password": PASSWORD})).await.status, 201);
    let (on_account, _) = attempt(&mut ann, "harmony", "Ann").await;
    // On another device, without signing in: a second attempt there...
    let mut device = Player::new(&site);
    let (on_device, _) = attempt(&mut device, "harmony", "Anonymous Ann").await;
    let (device_pitchfork, _) = attempt(&mut device, "pitchfork", "Anonymous Ann").await;
    // ...until the device signs in, adding its games to the account: the
    // account keeps its own attempt, and takes the device's at the deal it
    // had not played.
    let signed =
        device.post("/api/account/sign-in", json!({"name": "Ann", "password": PASSWORD, "add_games": true})).await;
    assert_eq!(signed.status, 200, "{}", signed.text);
    assert_eq!(attempt(&mut device, "harmony", "Ann").await, (on_account.clone(), 200));
    assert_eq!(attempt(&mut device, "pitchfork", "Ann").await, (device_pitchfork, 200));
    assert_ne!(on_device, on_account);
    site.stop().await.unwrap();
}

/// While the first players open today's daily deal, nothing anyone can ask
/// names its deal or its seed: not the daily deal's pages, the game, its
/// record, par, hint or Finish, the game list, the statistics or a
/// profile. The model is the duel race test.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "slow: the full tier runs it"]
async fn the_deal_never_reaches_a_player_while_the_day_runs_even_during_the_first_openings() {
    let (_dir, db) = temp_db();
    let site = start_site_unlimited(&db).await;
    let mut first = Player::new(&site);
    let view = day_view(&mut first, "pitchfork").await;
    let day = view["day"].as_str().unwrap().to_string();
    let rules = patience_core::presets::find("pitchfork").unwrap();
    let daily = site.store().await.daily(DailyId { rules, day: Day::parse(&day).unwrap() }).await.unwrap().unwrap();
    let (deal, seed, salt) = (daily.deal, daily.seed.clone(), daily.salt.clone());
    let leaks = move |what: &str, text: &str| {
        assert!(!mentions_number(text, deal), "{what} names the deal: {text}");
        assert!(!text.contains(&seed) && !text.contains(&salt), "{what} shows the seed or salt: {text}");
    };
    let rounds = 60;
    let mut looked = 0;
    for round in 0..rounds {
        // A player of their own each round, with a game of their own (so
        // that the racing requests carry their cookie); one in three with
        // an account, whose profile anyone reads.
        let mut p = Player::new(&site);
        let (ordinary, _) = p.create("harmony", Some(1)).await;
        if round % 3 == 0 {
            let name = format!("Player{round}");
            let up = p.post("/api/account/sign-up", json!({"name": name, "password": PASSWORD})).await;
            assert_eq!(up.status, 201, "{}", up.text);
        }
        let opening = tokio::spawn({
            let mut p = p.clone();
            async move { attempt(&mut p, "pitchfork", "Racer").await.0 }
        });
        let mut askers = Vec::new();
        for _ in 0..3 {
            let (mut p, leaks, day, ordinary) = (p.clone(), leaks.clone(), day.clone(), ordinary.clone());
            let opening_done = opening.abort_handle();
            askers.push(tokio::spawn(async move {
                let mut seen = 0;
                loop {
                    let finished = opening_done.is_finished();
                    for path in ["/api/daily".to_string(), format!("/api/daily/pitchfork/{day}"), "/api/stats".into()] {
                        let a = p.get(&path).await;
                        assert_eq!(a.status, 200, "{path}: {}", a.text);
                        leaks(&path, &a.text);
                    }
                    let list = p.get("/api/games").await;
                    leaks("the game list", &list.text);
                    for game in list.json["games"].as_array().unwrap() {
                        let gid = game["id"].as_str().unwrap();
                        if gid == ordinary {
                            continue;
                        }
                        seen += 1;
                        assert!(game["deal"].is_null(), "{game}");
                        for route in ["", "/record", "/par", "/hint", "/finish", "/duel"] {
                            let a = p.get(&format!("/api/games/{gid}{route}")).await;
                            leaks(&format!("the game's {route}"), &a.text);
                        }
                        let record = p.get(&format!("/api/daily/pitchfork/{day}/records/{gid}")).await;
                        assert_eq!(record.status, 404, "{}", record.text);
                    }
                    if finished {
                        return seen;
                    }
                }
            }));
        }
        let game = opening.await.unwrap();
        for asker in askers {
            looked += asker.await.unwrap();
        }
        let n = number(p.view(&game).await.view());
        let first = moves(p.view(&game).await.view())[0].clone();
        let played = p.play(&game, n, &first).await;
        leaks("an action's answer", &played.text);
        let quit = p.act(&game, n + 1, "quit").await;
        leaks("giving up", &quit.text);
        if round % 3 == 0 {
            let profile = Player::new(&site).get(&format!("/api/players/Player{round}")).await;
            assert_eq!(profile.status, 200, "{}", profile.text);
            leaks("a profile", &profile.text);
        }
    }
    assert!(looked >= rounds, "{looked}");
    site.stop().await.unwrap();
}

/// The worker that chooses daily deals ahead commits today's and tomorrow's
/// before anyone asks: a day's commitment is there when the day starts,
/// tomorrow's is not shown before its day, and the day after is chosen
/// once the day has changed. (Lasker's deals are never won by its default
/// rules: the worker takes any deal, at once, which keeps the test quick.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_days_deal_is_committed_before_the_day_starts() {
    let (_dir, db) = temp_db();
    let config = config(db);
    let ahead = patience_server::services::dailies::ahead::Ahead { candidates: 1, only: Some("lasker") };
    let services = patience_server::Settings { daily_ahead: Some(ahead), ..config.services };
    let server = start_with(patience_server::Config { services, ..config }).await;
    let rules = patience_core::presets::find("lasker").unwrap();
    let store = server.state().store();
    let today = Day::of_ms(server.state().now_ms());
    let committed = |day: Day| async move { store.daily(DailyId { rules, day }).await.unwrap() };
    let started = std::time::Instant::now();
    while committed(today.next().unwrap()).await.is_none() {
        assert!(started.elapsed() < std::time::Duration::from_secs(60), "tomorrow's deal was never committed");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mut p = Player::new(&server);
    let view = p.get(&format!("/api/daily/lasker/{today}")).await;
    assert_eq!(view.json["commitment"], committed(today).await.unwrap().commitment.as_str(), "{}", view.text);
    let tomorrow = today.next().unwrap();
    p.get(&format!("/api/daily/lasker/{tomorrow}")).await.assert_error(404, "not out yet");

    server.state().advance_clock(past_the_day(&view.json, server.state().now_ms()));
    let view = p.get(&format!("/api/daily/lasker/{tomorrow}")).await;
    let ahead = committed(tomorrow).await.unwrap();
    assert_eq!(view.json["commitment"], ahead.commitment.as_str(), "{}", view.text);
    assert!(ahead.created_ms < tomorrow.start_ms(), "committed before its day started");
    let after = tomorrow.next().unwrap();
    let started = std::time::Instant::now();
    while committed(after).await.is_none() {
        assert!(started.elapsed() < std::time::Duration::from_secs(60), "the next day's deal was never committed");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_days_page_leads_to_the_days_next_to_it_that_had_a_daily_deal() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut ann = Player::new(&site);
    let first = day_view(&mut ann, "pitchfork").await;
    let first_day = first["day"].as_str().unwrap().to_string();
    assert_eq!((&first["previous"], &first["next"]), (&Value::Null, &Value::Null), "the first day, and today");
    // Nobody asks for the next day's deal: it is never dealt, and the day after is today.
    site.advance_clock(past_the_day(&first, now_ms()) + 24 * 3600 * 1000).await;
    let third = day_view(&mut ann, "pitchfork").await;
    let skipped = Day::parse(&first_day).unwrap().next().unwrap();
    assert_eq!(Day::parse(third["day"].as_str().unwrap()).unwrap(), skipped.next().unwrap());
    ann.get(&format!("/api/daily/pitchfork/{skipped}")).await.assert_error(404, "never dealt");
    assert_eq!(third["previous"], first_day.as_str(), "the day never dealt is passed over");
    assert_eq!(third["next"], Value::Null);
    let first_again = ann.get(&format!("/api/daily/pitchfork/{first_day}")).await;
    assert_eq!(first_again.status, 200, "{}", first_again.text);
    assert_eq!(first_again.json["next"], third["day"], "the day never dealt is passed over");
    assert_eq!(first_again.json["previous"], Value::Null);
    // Another game's days are its own.
    let harmony = day_view(&mut ann, "harmony").await;
    assert_eq!(harmony["previous"], Value::Null);
    site.stop().await.unwrap();
}
