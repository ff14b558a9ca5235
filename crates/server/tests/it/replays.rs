//! Replays through the API: a finished game's actions in words, the table
//! after each of them exactly as the game showed it then, its record; and
//! nothing of a game in progress or of a running contest's game for anyone
//! but its player, also while the game is ending.

use crate::common;

use common::*;
use serde_json::{json, Value};

/// Plays `n` actions on `game` (random legal moves, with an undo now and
/// then) and gives it up; returns the view after each action, the deal's
/// first.
async fn play_and_quit(p: &mut Player, game: &str, n: usize, seed: u64) -> Vec<Value> {
    let mut rng = Rng::new(seed);
    let mut views = vec![p.view(game).await.view().clone()];
    for _ in 0..n {
        let view = views.last().unwrap().clone();
        if view["outcome"] != "playing" {
            break;
        }
        let legal = moves(&view);
        let answer = if legal.is_empty() || (rng.chance(15) && view["can_undo"] == true) {
            p.act(game, number(&view), "undo").await
        } else {
            p.play(game, number(&view), &legal[rng.below(legal.len())]).await
        };
        if answer.status != 200 {
            continue;
        }
        views.push(answer.view().clone());
    }
    let last = views.last().unwrap().clone();
    if last["over"] != true {
        let quit = p.act(game, number(&last), "quit").await;
        assert_eq!(quit.status, 200, "{}", quit.text);
        views.push(quit.view().clone());
    }
    views
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_replay_shows_each_action_in_words_and_the_table_after_it() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut pat = Player::new(&site);
    for (rules, deal) in [("harmony", 17), ("pitchfork", 5)] {
        let (game, _) = pat.create(rules, Some(deal)).await;
        let views = play_and_quit(&mut pat, &game, 25, deal).await;
        let outline = Player::new(&site).get(&format!("/api/replays/{game}")).await;
        assert_eq!(outline.status, 200, "{}", outline.text);
        let steps = outline.json["steps"].as_array().unwrap();
        assert_eq!(steps.len(), views.len() - 1, "one step an action");
        assert_eq!(outline.json["deal"], deal);
        assert_eq!(outline.json["outcome"], "quit");
        assert_eq!(steps.last().unwrap()["words"], "You gave up.");
        for (n, view) in views.iter().enumerate() {
            let step = pat.get(&format!("/api/replays/{game}/steps/{n}")).await;
            assert_eq!(step.status, 200, "{}", step.text);
            let shown = &step.json["view"];
            for key in ["table", "moves_made", "score", "outcome", "action_number"] {
                assert_eq!(shown[key], view[key], "{rules}: step {n}, {key}");
            }
            if n > 0 {
                let s = &steps[n - 1];
                assert_eq!((s["number"].as_u64(), &s["score"]), (Some(n as u64), &view["score"]), "{s}");
                assert!(!s["words"].as_str().unwrap().is_empty(), "{s}");
            }
        }
        let beyond = pat.get(&format!("/api/replays/{game}/steps/{}", views.len())).await;
        beyond.assert_error(404, "there is no step");
        let record = Player::new(&site).get(&format!("/api/replays/{game}/record")).await;
        assert_eq!(record.status, 200);
        assert_eq!(record.text, pat.record(&game).await.text, "the record as its player downloads it");
    }
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_else_watches_a_game_in_progress_or_of_a_duel_still_open() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let (mut ann, mut bob, mut eve) = (Player::new(&site), Player::new(&site), Player::new(&site));
    // An ordinary game in progress: its player is told to finish it first,
    // everyone else that it does not exist.
    let (game, _) = ann.create("harp", Some(3)).await;
    ann.play(&game, 0, "s").await;
    ann.get(&format!("/api/replays/{game}")).await.assert_error(409, "once it is over");
    for path in ["", "/steps/0", "/record"] {
        eve.get(&format!("/api/replays/{game}{path}")).await.assert_error(404, "no game");
    }
    ann.act(&game, 1, "quit").await;
    assert_eq!(eve.get(&format!("/api/replays/{game}")).await.status, 200);

    // A duel: Ann's finished game is hers alone (no deal) until it closes.
    let d = ann.post("/api/duels", json!({"rules": "pitchfork", "name": "Ann"})).await;
    let duel = d.json["id"].as_str().unwrap().to_string();
    bob.post(&format!("/api/duels/{duel}/join"), json!({"name": "Bob"})).await;
    let opened = ann.send("POST", &format!("/api/duels/{duel}/play"), None, None).await;
    let ann_game = opened.json["game_id"].as_str().unwrap().to_string();
    ann.act(&ann_game, 0, "quit").await;
    let own = ann.get(&format!("/api/replays/{ann_game}")).await;
    assert_eq!((own.status.as_u16(), &own.json["deal"]), (200, &Value::Null), "{}", own.text);
    assert_eq!(ann.get(&format!("/api/replays/{ann_game}/steps/1")).await.json["view"]["deal"], Value::Null);
    for p in [&mut bob, &mut eve] {
        p.get(&format!("/api/replays/{ann_game}")).await.assert_error(404, "no game");
        p.get(&format!("/api/replays/{ann_game}/steps/0")).await.assert_error(404, "no game");
    }
    // Bob finishes: the duel closes, and everyone watches both games.
    let opened = bob.send("POST", &format!("/api/duels/{duel}/play"), None, None).await;
    let bob_game = opened.json["game_id"].as_str().unwrap().to_string();
    bob.act(&bob_game, 0, "quit").await;
    assert_eq!(eve.get(&format!("/api/duels/{duel}")).await.json["status"], "closed");
    for g in [&ann_game, &bob_game] {
        let seen = eve.get(&format!("/api/replays/{g}")).await;
        assert_eq!(seen.status, 200, "{}", seen.text);
        assert!(seen.json["deal"].is_u64(), "{}", seen.text);
        assert_eq!(seen.json["contest"], format!("/duel/{duel}"));
    }
    site.stop().await.unwrap();
}

/// While a game is being given up, a stranger asking for its replay is
/// told it does not exist until the game is over, and then sees all of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_game_ending_while_others_ask_is_shown_only_once_it_is_over() {
    let (_dir, db) = temp_db();
    let site = start_site_unlimited(&db).await;
    for round in 0..20u64 {
        let mut p = Player::new(&site);
        let (game, _) = p.create("pitchfork", Some(round + 1)).await;
        let first = moves(p.view(&game).await.view())[0].clone();
        p.play(&game, 0, &first).await;
        let ending = tokio::spawn({
            let (mut p, game) = (p.clone(), game.clone());
            async move { p.act(&game, 1, "quit").await.status.as_u16() }
        });
        let mut askers = Vec::new();
        for _ in 0..3 {
            let (mut eve, game, done) = (Player::new(&site), game.clone(), ending.abort_handle());
            askers.push(tokio::spawn(async move {
                loop {
                    let finished = done.is_finished();
                    let seen = eve.get(&format!("/api/replays/{game}")).await;
                    match seen.status.as_u16() {
                        404 => assert!(!finished, "still refused after the game ended: {}", seen.text),
                        200 => {
                            assert_eq!(seen.json["outcome"], "quit", "{}", seen.text);
                            assert_eq!(seen.json["steps"].as_array().unwrap().len(), 2, "{}", seen.text);
                        }
                        other => panic!("{other}: {}", seen.text),
                    }
                    if finished {
                        return;
                    }
                }
            }));
        }
        assert_eq!(ending.await.unwrap(), 200);
        for asker in askers {
            asker.await.unwrap();
        }
    }
    site.stop().await.unwrap();
}

/// Asks for game `id`'s analysis until it is done.
async fn analysed(p: &mut Player, id: &str) -> Value {
    let started = std::time::Instant::now();
    loop {
        let a = p.get(&format!("/api/replays/{id}/analysis")).await;
        match a.status.as_u16() {
            200 => return a.json,
            202 => assert_eq!(a.json["status"], "running", "{}", a.text),
            other => panic!("{other}: {}", a.text),
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(120), "the analysis never finished");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_marks_the_action_after_which_no_win_remained_and_its_line_wins() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let k = 12;
    let (deal, good, losing) = losing_game(k);
    let mut pat = Player::new(&site);
    let (game, _) = pat.create("harmony", Some(deal)).await;
    for (n, mv) in good.iter().chain([&losing]).enumerate() {
        let played = pat.play(&game, n as u64, mv).await;
        assert_eq!(played.status, 200, "{mv}: {}", played.text);
    }
    pat.act(&game, k as u64 + 1, "quit").await;
    let mut eve = Player::new(&site);
    let a = analysed(&mut eve, &game).await;
    assert_eq!(a["status"], "done");
    assert_eq!(a["lost_at"], k + 1, "{a}");
    let words = a["words"].as_str().unwrap();
    assert!(
        words.starts_with(&format!("After action {} (", k + 1)) && words.contains("could no longer be won"),
        "{words}"
    );
    let verdicts: Vec<&str> = a["verdicts"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(verdicts.len(), k + 3, "the deal and each action");
    assert!(
        verdicts[..=k].iter().all(|v| *v == "won") && verdicts[k + 1..].iter().all(|v| *v == "lost"),
        "{verdicts:?}"
    );
    assert_eq!(a["line_from"], k);
    let line = a["line"].as_array().unwrap();
    assert!(!line.is_empty() && line[0]["words"].is_string(), "{a}");
    let end = eve.get(&format!("/api/replays/{game}/line/{}", line.len())).await;
    assert_eq!(end.json["view"]["outcome"], "won", "the line wins: {}", end.text);
    let start = eve.get(&format!("/api/replays/{game}/line/0")).await;
    let step = eve.get(&format!("/api/replays/{game}/steps/{k}")).await;
    assert_eq!(
        start.json["view"]["table"], step.json["view"]["table"],
        "the line starts where the game was last winnable"
    );
    // Computed once: the next reader gets it stored.
    let again = pat.get(&format!("/api/replays/{game}/analysis")).await;
    assert_eq!((again.status.as_u16(), &again.json["solves"]), (200, &a["solves"]));
    assert!(a["solves"].as_u64().unwrap() <= 12, "{}", a["solves"]);
    // What the honest player would have played there, from what was seen.
    let honest = &a["honest"];
    assert!(honest["words"].is_string() && honest["confidence"].is_string(), "{a}");
    assert_eq!(honest["same_as_played"], honest["notation"] == losing.as_str(), "{honest}");

    // A duel's game is not analysed while the duel is open, even for its player.
    let d = pat.post("/api/duels", json!({"rules": "harmony", "name": "Pat"})).await;
    let duel = d.json["id"].as_str().unwrap().to_string();
    let opened = pat.send("POST", &format!("/api/duels/{duel}/play"), None, None).await;
    let duel_game = opened.json["game_id"].as_str().unwrap().to_string();
    pat.act(&duel_game, 0, "quit").await;
    pat.get(&format!("/api/replays/{duel_game}/analysis")).await.assert_error(409, "once the duel closes");
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_never_winnable_shows_how_the_par_fell_along_the_game() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut pat = Player::new(&site);
    // Lasker's default rules lose every deal.
    let (game, _) = pat.create("lasker", Some(3)).await;
    let mut rng = Rng::new(5);
    let mut view = pat.view(&game).await.view().clone();
    for _ in 0..25 {
        let legal = moves(&view);
        if legal.is_empty() || view["outcome"] != "playing" {
            break;
        }
        let played = pat.play(&game, number(&view), &legal[rng.below(legal.len())]).await;
        assert_eq!(played.status, 200, "{}", played.text);
        view = played.view().clone();
    }
    if view["over"] != true {
        let quit = pat.act(&game, number(&view), "quit").await;
        assert_eq!(quit.status, 200, "{}", quit.text);
    }
    let a = analysed(&mut pat, &game).await;
    assert_eq!((a["never_winnable"].as_bool(), &a["lost_at"]), (Some(true), &Value::Null), "{a}");
    let pars: Vec<(u64, bool)> = a["pars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["best"].as_u64().unwrap(), p["exact"].as_bool().unwrap()))
        .collect();
    assert_eq!(pars.len(), a["verdicts"].as_array().unwrap().len(), "a par after each action: {a}");
    assert!(pars.windows(2).all(|w| w[1].0 <= w[0].0), "the par never rises without an undo: {pars:?}");
    assert!(pars.iter().all(|p| p.0 <= 52), "{pars:?}");
    // The deal's par, as the game's end told it.
    let told = pat.get(&format!("/api/games/{game}/par")).await;
    assert_eq!(told.status, 200, "{}", told.text);
    if told.json["exact"] == true && pars[0].1 {
        assert_eq!(told.json["best"].as_u64(), Some(pars[0].0), "{}", told.text);
    }
    let words = a["words"].as_str().unwrap();
    assert!(
        words.starts_with("This deal could not be won from the start")
            && words.contains(&format!("The most that could go up: {}", if pars[0].1 { "" } else { "at least " })),
        "{words}"
    );
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_under_way_on_another_server_is_waited_for_not_started_again() {
    use patience_server::ids::{GameId, PlayerId};
    use patience_server::store::{AnalysisClaim, Claimed, RunWrite};
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut pat = Player::new(&site);
    let (a_game, _) = pat.create("harmony", Some(5)).await;
    play_and_quit(&mut pat, &a_game, 10, 1).await;
    let (b_game, _) = pat.create("harmony", Some(6)).await;
    play_and_quit(&mut pat, &b_game, 10, 2).await;
    // Another server, analysing game A for a player of its own.
    let other = open_store(&db).await;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let (a, b) = (GameId::parse(&a_game).unwrap(), GameId::parse(&b_game).unwrap());
    let someone = PlayerId(i64::MAX);
    let claim = |game: &GameId, at: i64| AnalysisClaim {
        game: game.clone(),
        player: someone,
        now_ms: at,
        stale_before_ms: at - 60_000,
    };
    assert_eq!(other.claim_analysis(claim(&a, now)).await.unwrap(), Claimed::Started);
    other.write_analysis_run(RunWrite::Progress { game: a.clone(), solves: 3, now_ms: now }).await.unwrap();
    assert_eq!(other.claim_analysis(claim(&b, now)).await.unwrap(), Claimed::PlayerBusy, "one at a time a player");
    assert_eq!(other.claim_analysis(claim(&a, now)).await.unwrap(), Claimed::Running { solves: 3 });
    let mut eve = Player::new(&site);
    for _ in 0..3 {
        let asked = eve.get(&format!("/api/replays/{a_game}/analysis")).await;
        assert_eq!(
            (asked.status.as_u16(), &asked.json["status"], &asked.json["solves"]),
            (202, &json!("running"), &json!(3)),
            "the other server's analysis, not a second one: {}",
            asked.text
        );
    }
    // That server falls silent: its claim goes stale and the next reader's
    // server takes the analysis over.
    other.write_analysis_run(RunWrite::Progress { game: a.clone(), solves: 4, now_ms: now - 120_000 }).await.unwrap();
    let done = analysed(&mut eve, &a_game).await;
    assert_eq!(done["status"], "done", "{done}");
    // Released, the other server's player may analyse again.
    assert_eq!(other.claim_analysis(claim(&b, now)).await.unwrap(), Claimed::Started);
    other.write_analysis_run(RunWrite::Release { game: b.clone() }).await.unwrap();
    let again = eve.get(&format!("/api/replays/{b_game}/analysis")).await;
    assert_eq!(again.status, 202, "a released claim starts afresh: {}", again.text);
    analysed(&mut eve, &b_game).await;
    site.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_export_as_records_and_each_imports_to_the_same_replay() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut pat = Player::new(&site);
    let mut games = Vec::new();
    for (rules, deal) in [("harp", 8), ("pitchfork", 9)] {
        let (game, _) = pat.create(rules, Some(deal)).await;
        play_and_quit(&mut pat, &game, 15, deal).await;
        games.push(game);
    }
    let (open, _) = pat.create("harmony", Some(3)).await;
    pat.play(&open, 0, "s").await;
    let export = pat.get("/api/games/export").await;
    assert_eq!(export.status, 200);
    assert_eq!(export.header("content-disposition"), Some("attachment; filename=\"patience-games.txt\""));
    let records = patience_core::record::Record::parse_many(&export.text).expect("the export reads back");
    assert_eq!(records.len(), 2, "the game in progress is left out: {}", export.text);

    // Each record, imported by someone else, replays to the same steps.
    let mut eve = Player::new(&site);
    for (record, original) in records.iter().zip(games.iter().rev()) {
        let imported = eve.post("/api/replays/import", json!({"record": record.to_text()})).await;
        assert_eq!(imported.status, 201, "{}", imported.text);
        let id = imported.json["game_id"].as_str().unwrap().to_string();
        assert_eq!(imported.json["link"], format!("/replay/{id}"));
        let mine = eve.get(&format!("/api/replays/{id}")).await;
        let theirs = eve.get(&format!("/api/replays/{original}")).await;
        for key in ["rules", "deal", "outcome", "steps"] {
            assert_eq!(mine.json[key], theirs.json[key], "{key}");
        }
        assert_eq!(mine.json["yours"], true);
    }
    // A record that does not replay is refused at its first wrong action.
    let bad = "[Game \"pitchfork\"]\n[Deal \"9\"]\n\ns t1-f9 quit\n";
    let refused = eve.post("/api/replays/import", json!({"record": bad})).await;
    refused.assert_error(400, "record action 2 `t1-f9`");
    let two = format!("{}\n{}", records[0].to_text(), records[1].to_text());
    eve.post("/api/replays/import", json!({"record": two})).await.assert_error(400, "one record at a time");
    // A deal the pages could not show exactly is refused too.
    let huge = "[Game \"pitchfork\"]\n[Deal \"18446744073709551615\"]\n\nquit\n";
    let refused = eve.post("/api/replays/import", json!({"record": huge})).await;
    refused.assert_error(400, "deal 18446744073709551615 is not one this site deals");
    // A Harmony game played in the terminal without its clock has no time
    // bonus in its score: it is no game of this site's.
    let mut unclocked = patience_core::game::Game::new(patience_core::presets::find("harmony").unwrap(), 3)
        .with_clock_start(patience_core::game::ClockStart::Off);
    unclocked.quit(0).unwrap();
    let text = patience_core::record::Record::of(&unclocked).to_text();
    let refused = eve.post("/api/replays/import", json!({"record": text})).await;
    refused.assert_error(400, "played without its clock (--no-clock)");
    site.stop().await.unwrap();
}

/// A record anyone can write (here the solver's win, every action at
/// 0 ms) is watched and analysed like any game once imported, but it is
/// not a game played here: it counts in no statistics and on no profile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_record_counts_in_no_statistics_and_on_no_profile() {
    use patience_core::game::Game;
    use patience_core::record::Record;
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let rules = patience_core::presets::find("harmony").unwrap();
    let report = patience_solver::solve(&patience_core::Position::deal(rules, 1), &patience_solver::Budget::default());
    let mut game = Game::new(rules, 1);
    for &mv in report.outcome.solution().expect("Harmony deal 1 is won") {
        game.play(mv, 0).unwrap();
    }
    assert_eq!(game.outcome().as_str(), "won");
    let mut imp = Player::new(&site);
    let up = imp.post("/api/account/sign-up", json!({"name": "Imp", "password": PASSWORD})).await;
    assert_eq!(up.status, 201, "{}", up.text);
    let imported = imp.post("/api/replays/import", json!({"record": Record::of(&game).to_text()})).await;
    assert_eq!(imported.status, 201, "{}", imported.text);
    let id = imported.json["game_id"].as_str().unwrap().to_string();
    // Watched as a won game...
    let replay = imp.get(&format!("/api/replays/{id}")).await;
    assert_eq!(replay.json["outcome"], "won", "{}", replay.text);
    // ...counted nowhere.
    let stats = imp.get("/api/stats").await;
    assert_eq!(stats.json["total"]["played"], 0, "{}", stats.text);
    assert_eq!(stats.json["best_harmony_score"], Value::Null, "{}", stats.text);
    let profile = Player::new(&site).get("/api/players/Imp").await;
    assert_eq!(profile.json["games"], json!([]), "{}", profile.text);
    assert_eq!(profile.json["stats"]["total"]["played"], 0, "{}", profile.text);
    // A game played here counts as before.
    let (played, _) = imp.create("harmony", Some(2)).await;
    imp.play(&played, 0, "s").await;
    assert_eq!(imp.get("/api/stats").await.json["total"]["played"], 1);
    site.stop().await.unwrap();
}

/// A game given up while it could still be won: its analysis says so and
/// offers the line that wins from where it was left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_given_up_while_still_winnable_gets_a_winning_line_from_where_it_ended() {
    let (_dir, db) = temp_db();
    let site = start_site(&db).await;
    let mut p = Player::new(&site);
    let (id, _) = p.create("harmony", Some(1)).await;
    assert_eq!(p.play(&id, 0, "s").await.status, 200);
    assert_eq!(p.act(&id, 1, "quit").await.status, 200);
    let analysis = analysed(&mut p, &id).await;
    assert!(analysis["words"].as_str().unwrap().contains("could still be won"), "{analysis}");
    assert_eq!(analysis["lost_at"], Value::Null, "{analysis}");
    assert_eq!(analysis["line_from"], 1, "from the table the draw left, before giving up: {analysis}");
    let moves = analysis["line"].as_array().unwrap().len();
    assert!(moves > 0, "{analysis}");
    let end = p.get(&format!("/api/replays/{id}/line/{moves}")).await;
    assert_eq!(end.status, 200, "{}", end.text);
    assert_eq!(end.json["view"]["outcome"], "won", "{}", end.text);
    site.stop().await.unwrap();
}
