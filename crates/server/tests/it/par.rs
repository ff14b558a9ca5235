//! A deal's par through the API (`GET /api/games/{id}/par`): the most cards
//! the deal can bring to the foundations, told once the game is over for
//! good (not at a dead end that Undo can leave), beside
//! the player's own count; from the start in Lasker, whose every card shows;
//! never while the game's duel is open. Figures are checked against the
//! solver library (`patience_solver::par`), so nothing is hard-coded.

use crate::common;

use common::*;
use patience_core::{presets, Position};
use patience_solver::{par, Budget};
use serde_json::{json, Value};

/// The library's par of a numbered deal, with a budget large enough for
/// the deals below to be exact (they settle in milliseconds).
fn library_par(rules: &str, deal: u64) -> patience_solver::Par {
    let pos = Position::deal(presets::find(rules).unwrap(), deal);
    let par = par(&pos, &Budget::default().with_nodes(2_000_000).with_memory(1 << 28));
    assert!(par.exact, "{rules} deal {deal}: {par:?}");
    par
}

async fn get_par(p: &mut Player, game: &str) -> Answer {
    p.get(&format!("/api/games/{game}/par")).await
}

/// The answer's JSON, once it is a 200.
fn ok(a: &Answer) -> &Value {
    assert_eq!(a.status, 200, "{}", a.text);
    &a.json
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_par_is_told_once_the_game_is_over_beside_the_players_count() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    // Pitchfork deal 6 is lost; its par is a few cards.
    let expected = library_par("pitchfork", 6);
    assert!(expected.best > 1 && !expected.winnable(), "{expected:?}");
    let (game, created) = ann.create("pitchfork", Some(6)).await;

    // Not while the game goes on: its stock is face down.
    get_par(&mut ann, &game).await.assert_error(409, "when the game is over");
    // Nobody else's game.
    let mut bob = Player::new(&server);
    bob.create("pitchfork", Some(6)).await;
    get_par(&mut bob, &game).await.assert_error(404, "not yours");

    let gave_up = ann.act(&game, number(created.view()), "quit").await;
    assert!(gave_up.status.is_success(), "{}", gave_up.text);
    let foundations = gave_up.view()["table"]["foundations"].as_array().expect("foundations").clone();
    let yours: u64 = foundations.iter().map(|f| f["count"].as_u64().unwrap()).sum();
    let a = get_par(&mut ann, &game).await;
    let par = ok(&a);
    assert_eq!(par["best"], expected.best, "{par}");
    assert_eq!(par["exact"], true);
    assert_eq!(par["total"], 52);
    assert_eq!(par["winnable"], false);
    assert_eq!(par["over"], true);
    assert_eq!(par["yours"], yours, "{par}");
    let words = format!("You put {yours} cards up; the best possible was {}.", expected.best);
    assert_eq!(par["words"], words.as_str());
    // Asked again, the same answer (from the cache, which holds only what
    // the deal alone decides).
    assert_eq!(ok(&get_par(&mut ann, &game).await), par);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_winnable_deal_says_so_and_a_search_cut_short_says_at_least() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let (game, created) = ann.create("harmony", Some(1)).await;
    ann.act(&game, number(created.view()), "quit").await;
    let a = get_par(&mut ann, &game).await;
    let par = ok(&a);
    assert_eq!(
        (par["best"].as_u64(), par["exact"].as_bool(), par["winnable"].as_bool()),
        (Some(52), Some(true), Some(true))
    );
    assert_eq!(par["words"], "This deal was winnable: all 52 cards can go up.");

    // Harp deal 3 is decided by no search of about two seconds: its par is
    // a lower bound, and says so.
    let (game, created) = ann.create("harp", Some(3)).await;
    ann.act(&game, number(created.view()), "quit").await;
    let a = get_par(&mut ann, &game).await;
    let par = ok(&a);
    assert_eq!(par["total"], 104);
    let words = par["words"].as_str().unwrap();
    if par["exact"] == true {
        assert_eq!(par["winnable"], true, "only a win is exact within the budget: {par}");
    } else {
        assert!(par["best"].as_u64().unwrap() > 8, "{par}");
        assert!(words.contains(&format!("the best possible was at least {}.", par["best"])), "{words}");
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lasker_tells_its_par_from_the_start_as_the_goal() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let expected = library_par("lasker", 2);
    assert!(expected.best > 1 && !expected.winnable(), "{expected:?}");
    let (game, created) = ann.create("lasker", Some(2)).await;
    let a = get_par(&mut ann, &game).await;
    let par = ok(&a);
    assert_eq!(
        (par["best"].as_u64(), par["yours"].as_u64(), par["over"].as_bool()),
        (Some(expected.best as u64), Some(0), Some(false))
    );
    assert_eq!(par["words"], format!("Par for this deal: {} cards.", expected.best).as_str());

    // One card up, then the player gives up: their count beside the par.
    let view = created.view();
    let up = moves(view).into_iter().find(|m| m.ends_with("-f")).expect("a card can go up");
    let played = ann.play(&game, number(view), &up).await;
    ann.act(&game, number(played.view()), "quit").await;
    let a = get_par(&mut ann, &game).await;
    let par = ok(&a);
    assert_eq!(par["yours"], 1);
    assert_eq!(par["words"], format!("You put 1 card up; the best possible was {}.", expected.best).as_str());
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_games_par_waits_for_the_duel_to_close() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let mut bob = Player::new(&server);
    let d = ann.post("/api/duels", json!({"rules": "lasker", "participants": 2, "name": "Ann"})).await;
    assert_eq!(d.status, 201, "{}", d.text);
    let id = d.json["id"].as_str().unwrap().to_string();
    let b = bob.post(&format!("/api/duels/{id}/join"), json!({"name": "Bob"})).await;
    assert!(b.status.is_success(), "{}", b.text);
    let open = |p: &mut Player| {
        let path = format!("/api/duels/{id}/play");
        let mut p = p.clone();
        async move {
            let a = p.send("POST", &path, None, None).await;
            assert_eq!(a.status, 200, "{}", a.text);
            a.json["game_id"].as_str().unwrap().to_string()
        }
    };
    let ann_game = open(&mut ann).await;
    let bob_game = open(&mut bob).await;

    // Lasker shows every card, but in a duel its par is outside help, and
    // the deal is secret: refused before the end and after it alike.
    get_par(&mut ann, &ann_game).await.assert_error(409, "stays secret until the duel closes");
    ann.act(&ann_game, 0, "quit").await;
    get_par(&mut ann, &ann_game).await.assert_error(409, "stays secret until the duel closes");
    server.state().advance_clock(2_000);
    // The last game to end closes the duel.
    bob.act(&bob_game, 0, "quit").await;
    let closed = ann.get(&format!("/api/duels/{id}")).await;
    assert_eq!(closed.json["status"], "closed", "{}", closed.text);
    // Once closed, both get the same deal's par.
    let a = get_par(&mut ann, &ann_game).await;
    let b = get_par(&mut bob, &bob_game).await;
    let (a, b) = (ok(&a), ok(&b));
    assert_eq!(a, b);
    assert_eq!(a["yours"], 0);
    let deal = ann.view(&ann_game).await.view()["deal"].as_u64().expect("the deal is shown once the duel closes");
    assert_eq!(a["best"], library_par("lasker", deal).best, "{a}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_a_dead_end_that_undo_can_leave_the_par_waits_until_the_game_is_given_up() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let (game, created) = ann.create("pitchfork", Some(6)).await;
    // Random moves until the game stops at a dead end.
    let mut rng = Rng::new(3);
    let mut view = created.view().clone();
    for _ in 0..2000 {
        if view["outcome"] != "playing" {
            break;
        }
        let legal = moves(&view);
        let played = ann.play(&game, number(&view), &legal[rng.below(legal.len())]).await;
        view = played.view().clone();
    }
    assert!(matches!(view["outcome"].as_str(), Some("lost" | "stuck")), "{view}");
    assert_eq!((&view["over"], &view["can_undo"]), (&json!(false), &json!(true)), "{view}");
    get_par(&mut ann, &game).await.assert_error(409, "give it up to see it, or undo and play on");
    // Nor its replay and analysis, which would tell whether to undo.
    ann.get(&format!("/api/replays/{game}/analysis")).await.assert_error(409, "Undo could still take it on");
    let gave_up = ann.act(&game, number(&view), "quit").await;
    assert!(gave_up.status.is_success(), "{}", gave_up.text);
    let a = get_par(&mut ann, &game).await;
    assert_eq!(ok(&a)["over"], true, "{}", a.text);
    server.stop().await.unwrap();
}

/// Where deals are never won (Lasker's default rules), the par is the goal
/// from the first move; a game given up with the par brought up counts in
/// the statistics as the par reached, apart from wins and from games that
/// fell short.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reaching_the_par_is_a_result_of_its_own_in_the_statistics() {
    let (_dir, db) = temp_db();
    let server = start(&db).await;
    let mut ann = Player::new(&server);
    let expected = library_par("lasker", 2);
    assert!(expected.best < expected.total, "{expected:?}");
    // Reached: the par's line, then given up.
    let (reached, created) = ann.create("lasker", Some(2)).await;
    let told = get_par(&mut ann, &reached).await;
    assert_eq!(ok(&told)["words"], format!("Par for this deal: {} cards.", expected.best));
    let mut view = created.view().clone();
    for mv in &expected.line {
        let a = ann.play(&reached, number(&view), &mv.to_string()).await;
        assert_eq!(a.status, 200, "{}", a.text);
        view = a.view().clone();
    }
    ann.act(&reached, number(&view), "quit").await;
    // Fallen short: one move, then given up (its par told at the end).
    let (short, created) = ann.create("lasker", Some(2)).await;
    let first = moves(created.view())[0].clone();
    let played = ann.play(&short, 0, &first).await;
    ann.act(&short, number(played.view()), "quit").await;
    ok(&get_par(&mut ann, &short).await);
    let stats = ann.get("/api/stats").await;
    let total = &stats.json["total"];
    assert_eq!(
        (&total["played"], &total["won"], &total["reached_par"]),
        (&json!(2), &json!(0), &json!(1)),
        "{}",
        stats.text
    );
    server.stop().await.unwrap();
}
