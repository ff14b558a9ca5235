//! Playing with what the engine knows, in headless Chromium (harness:
//! `web.rs`):
//!
//! - a move by finger (touch drag) is played; a refused drop (mouse) shows
//!   the server's sentence for it, nothing else, and nothing is applied;
//! - a hint asked with the keyboard marks its cards and their target on the
//!   table, says the move in the view's words and how sure the honest
//!   player is, and Enter plays exactly that move; a hopeless hint says so
//!   and offers Give up, which asks in the page and ends the game; "Same
//!   deal again" then starts a new game of the deal at once; at the opening
//!   of a deal asked for as winnable, a hint that won nothing says the deal
//!   can be won all the same and offers no Give up; the table says the deal
//!   was dealt as winnable, and "Same deal again" keeps it so;
//! - Finish is offered only once the rest needs no decision (never at a
//!   classic Lasker deal, nor in Lasker's default rules), moves every card
//!   up through the actions API and nothing else, and a second click skips
//!   to the end;
//! - with passes without end a hint never gives up while progress can be
//!   reached (Harmony deal 13 after the actions that once made it), and the
//!   same table gets the same hint;
//! - a card that cannot move shakes when clicked and the page says why in
//!   the server's words (by keyboard too);
//! - the end of a game is a summary above the table, never over a card:
//!   result, time, moves, cards up or score, win rate and streak for the
//!   rules, New game, Same deal again and Review;
//! - a game over for good asks for the player's stars, which then show on
//!   the home page and How to play;
//! - a winning line is offered from the menu once every card is known
//!   (never in Lasker's default rules), asks first in the page, and its win
//!   is "won with help", counted apart from wins;
//! - a dead end ends the game with the server's words for it, and the
//!   banner's Undo opens it again;
//! - Harmony as the seed describes it: no Restart, the Undo button shows
//!   its cost, the page says when the clock starts;
//! - a win is celebrated, except under `prefers-reduced-motion`;
//! - Lasker says its par (the most cards the deal can bring up) from the
//!   start, and the banner of a game given up says it beside the player's
//!   count; a game that reached it counts so in the summary's figures.

use crate::common;
use crate::web;

use std::time::{Duration, Instant};

use common::*;
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use patience_core::game::Outcome;
use patience_core::{presets, Game, Move, Pile, Position};
use serde_json::{json, Value};
use web::*;

/// Creates a game from the page (with its cookie), waiting out the limit
/// on new games when a test makes many.
async fn new_game(c: &Client, rules: &str, deal: u64) -> String {
    let started = Instant::now();
    loop {
        let g = fetch(c, "POST", "/api/games", json!({"rules": rules, "deal": deal})).await;
        if let Some(id) = g["id"].as_str() {
            return id.to_string();
        }
        let limited = g["error"].as_str().is_some_and(|e| e.starts_with("too many"));
        assert!(limited && started.elapsed() < PATIENCE, "{rules}: {g}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Clicks the banner's "Same deal again" on game `id`'s page: the id of the
/// new game, once its page is up.
async fn same_deal_again(c: &Client, id: &str) -> String {
    c.find(Locator::Id("banner-again")).await.unwrap().click().await.unwrap();
    wait_until(
        c,
        "a new game",
        &format!("location.pathname.startsWith('/game/') && location.pathname !== '/game/{id}'"),
    )
    .await;
    wait_for_game_page(c).await
}

/// The words the view gives for `notation`.
fn words_of(view: &Value, notation: &str) -> String {
    view["table"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["notation"] == notation)
        .and_then(|m| m["words"].as_str())
        .unwrap_or_else(|| panic!("{notation} is not offered in words: {}", view["table"]["moves"]))
        .to_string()
}

/// A Harp deal with a legal move from column to column and a refused one
/// (a face-up card onto a column where it does not go).
fn legal_and_refused() -> (u64, Move, Move) {
    let rules = presets::find("harp").unwrap();
    for deal in 1..200 {
        let game = Game::new(rules, deal);
        let legal = game.legal_moves().to_vec();
        let Some(&good) =
            legal.iter().find(|m| matches!(m, Move::Transfer { from: Pile::Tableau(_), to: Pile::Tableau(_), .. }))
        else {
            continue;
        };
        let n = game.position().column_count() as u8;
        for from in 0..n {
            for to in 0..n {
                let bad = Move::Transfer { from: Pile::Tableau(from), to: Pile::Tableau(to), count: 1 };
                if from != to && !legal.contains(&bad) && good != bad {
                    return (deal, good, bad);
                }
            }
        }
    }
    panic!("no Harp deal from 1 to 200 has a legal and a refused column move");
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_touch_move_and_a_refused_drop_in_words() {
    in_browser(|page| async move {
        let c = &page.c;
        let (deal, good, bad) = legal_and_refused();
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "harp", deal).await;
        set_viewport(c, PHONE).await;
        open_game(&page, &id).await;
        // A finger drags a legal move.
        let mut local = Game::new(presets::find("harp").unwrap(), deal);
        let (src, dst, count) = parts(&good.to_string());
        let from = point(c, &card_css(&src, count), true).await;
        let to = point(c, &pile_css(&dst), false).await;
        touch_drag(c, from, to).await;
        local.play(good, 0).unwrap();
        let view = expect_action(c, &id, &local, &good.to_string()).await;
        // The mouse drops a card where it does not go: the page shows the
        // server's sentence and nothing is played.
        let bad = bad.to_string();
        if moves(&view).contains(&bad) {
            // The legal move made the refused one possible: nothing to test here.
            panic!("{bad} became legal after {good}");
        }
        drag_move(c, &bad).await;
        wait_until(c, "the refusal", "document.getElementById('status').textContent !== ''").await;
        let said = text(c, "#status").await;
        let server =
            fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 1, "move": bad})).await;
        assert_eq!(said, server["error"].as_str().unwrap(), "the page does not show the server's sentence");
        assert!(!said.contains(&bad), "{said:?} speaks notation");
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        assert_eq!(api_view(c, &id).await["action_number"], 1, "a refused drop was applied");
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_hint_on_the_table_played_with_enter() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "harp", 3).await;
        open_game(&page, &id).await;
        let view = api_view(c, &id).await;
        c.find(Locator::Css("body")).await.unwrap().send_keys("h").await.unwrap();
        c.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css("#hint-panel:not([hidden])")).await.unwrap();
        let hinted = c.execute("return document.getElementById('hint-panel').dataset.move", vec![]).await.unwrap();
        let hinted = hinted.as_str().unwrap().to_string();
        assert!(moves(&view).contains(&hinted), "{hinted} is not a legal move");
        // The move in the view's words, and how sure the honest player is.
        let said = text(c, "#hint-text").await;
        assert_eq!(said, format!("Hint: {}", words_of(&view, &hinted)));
        let sure = text(c, "#hint-confidence").await;
        assert!(
            sure.contains("ways the hidden cards could lie") && sure.contains(" of ") && sure.ends_with('.'),
            "the hint does not say how sure it is: {sure:?}"
        );
        // Its cards and their target are marked on the table.
        let marked = c
            .execute(
                "return [[...document.querySelectorAll('#felt .card.hint-from')].map(e => e.dataset.src + ':' + e.dataset.count),
                         [...document.querySelectorAll('#felt .hint-to')].map(e => e.dataset.pile)];",
                vec![],
            )
            .await
            .unwrap();
        if hinted != "s" && hinted != "r" {
            let (src, dst, count) = parts(&hinted);
            let from: Vec<String> = (1..=count).rev().map(|k| format!("{src}:{k}")).collect();
            assert_eq!(marked[0], json!(from), "{hinted}: {marked}");
            let to = if dst == "f" { json!(["f"]) } else { json!([dst]) };
            assert_eq!(marked[1], to, "{hinted}: {marked}");
        } else {
            assert_eq!(marked[1], json!(["s"]), "{marked}");
        }
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        save_screenshot(&page, "hint-desktop-1280").await;
        // Enter plays it.
        press(c, &[Key::Enter]).await;
        wait_for_action(c, &id, 1).await;
        let actions = record_actions(&record(c, &id).await);
        assert_eq!(actions, vec![hinted]);
        let open = c.execute("return document.getElementById('hint-panel').hidden", vec![]).await.unwrap();
        assert_eq!(open, json!(true), "the hint stays after it was played");
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_hopeless_hint_offers_to_give_up() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // Lasker's default rules: no deal can be won.
        let id = new_game(c, "lasker", 4).await;
        open_game(&page, &id).await;
        c.find(Locator::Id("hint")).await.unwrap().click().await.unwrap();
        c.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css("#hint-panel:not([hidden])")).await.unwrap();
        // Every card shows: it says that no win was found from here (of no
        // hidden card), and offers the way out.
        let said = text(c, "#hint-panel").await;
        assert!(said.contains("No win was found from here") && !said.contains("hidden"), "{said}");
        let quit = c.find(Locator::Id("hint-quit")).await.unwrap();
        assert!(quit.is_displayed().await.unwrap());
        quit.click().await.unwrap();
        answer_yes(c, "Give up").await;
        let started = Instant::now();
        while api_view(c, &id).await["outcome"] != "quit" {
            assert!(started.elapsed() < PATIENCE, "giving up did not reach the server");
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
        // "Same deal again" starts it at once, a new game at its deal.
        let given_up = api_view(c, &id).await;
        let again = same_deal_again(c, &id).await;
        let view = api_view(c, &again).await;
        assert_eq!(
            (&view["game"], &view["deal"], &view["action_number"]),
            (&given_up["game"], &given_up["deal"], &json!(0))
        );
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn at_the_opening_of_a_deal_asked_for_as_winnable_a_hint_that_won_nothing_offers_no_give_up() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // A Hard deal dealt as winnable whose opening hint wins no sample.
        let hard = patience_solver::library::parse_library(patience_server::services::library::STARTING_POOL)
            .unwrap()
            .into_iter()
            .filter(|d| d.rules == "harp/3-passes" && d.grade() == Some(patience_solver::library::Grade::Hard))
            .map(|d| d.deal);
        let mut found = None;
        for deal in hard {
            let g =
                fetch(c, "POST", "/api/games", json!({"rules": "harp/3-passes", "deal": deal, "winnable": true})).await;
            let id = g["id"].as_str().unwrap_or_else(|| panic!("{g}")).to_string();
            let hint = fetch(c, "GET", &format!("/api/games/{id}/hint"), Value::Null).await;
            // Not a deal whose opening has one legal move: that hint samples nothing.
            if hint["won_with_move"] == 0 && hint["samples"].as_u64().is_some_and(|n| n > 0) {
                found = Some(id);
                break;
            }
        }
        let id = found.expect("a Hard deal of harp/3-passes whose opening hint wins no sample");
        open_game(&page, &id).await;
        c.find(Locator::Id("hint")).await.unwrap().click().await.unwrap();
        // A two-deck hint that wins no sample tries its most samples: on an
        // unoptimised build beside other tests, that takes a while.
        let panel = Locator::Css("#hint-panel:not([hidden])");
        c.wait().at_most(Duration::from_secs(90)).for_element(panel).await.unwrap();
        // It says that no sample was won, and that the deal can be won all
        // the same; it offers its move, not a way out.
        let said = text(c, "#hint-panel").await;
        assert!(said.contains("In none of ") && said.contains("You asked for a winnable deal"), "{said}");
        assert!(!c.find(Locator::Id("hint-quit")).await.unwrap().is_displayed().await.unwrap());
        assert!(c.find(Locator::Id("hint-play")).await.unwrap().is_displayed().await.unwrap());
        // The table says the deal was dealt as winnable.
        assert!(c.find(Locator::Id("deal-winnable")).await.unwrap().is_displayed().await.unwrap());
        assert_eq!(text(c, "#deal-winnable").await, "(winnable)");

        // Given up, "Same deal again" asks for the deal as a winnable one
        // again: the new game is dealt as winnable too.
        c.find(Locator::Id("hint-close")).await.unwrap().click().await.unwrap();
        open_menu(c).await;
        c.find(Locator::Id("quit")).await.unwrap().click().await.unwrap();
        answer_yes(c, "Give up").await;
        wait_until(c, "the banner after giving up", "!document.getElementById('banner').hidden").await;
        let given_up = api_view(c, &id).await;
        assert_eq!(given_up["outcome"], "quit");
        let again = same_deal_again(c, &id).await;
        let view = api_view(c, &again).await;
        assert_eq!((&view["deal"], &view["dealt_as_winnable"]), (&given_up["deal"], &json!(true)), "{view}");
        assert!(c.find(Locator::Id("deal-winnable")).await.unwrap().is_displayed().await.unwrap());
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn finish_appears_once_no_decision_is_left_and_plays_every_card_up_or_skips_to_the_end() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        // Classic Lasker deals every card face up with no stock, yet its
        // columns need sorting: no Finish at the deal, nor ever in Lasker's
        // default rules, whose deals are never won.
        let (deal, line) = a_won_classic_lasker_deal(Duration::from_secs(5));
        for (rules, deal) in [("lasker/classic", deal), ("lasker", 4)] {
            let id = new_game(c, rules, deal).await;
            open_game(&page, &id).await;
            assert!(
                !c.find(Locator::Id("finish")).await.unwrap().is_displayed().await.unwrap(),
                "{rules}: Finish at the deal"
            );
        }
        // Played by the solver's line through the API until the rest goes up
        // by itself, twice: once watched to the end, once skipped.
        for skip in [false, true] {
            let id = new_game(c, "lasker/classic", deal).await;
            let mut view = api_view(c, &id).await;
            for (n, mv) in line.iter().enumerate() {
                if view["finishable"] == true {
                    break;
                }
                let body = json!({"action_number": n, "move": mv.to_string()});
                view = fetch(c, "POST", &format!("/api/games/{id}/actions"), body).await["view"].clone();
            }
            assert_eq!(view["finishable"], true, "{view}");
            let before = view["action_number"].as_u64().unwrap();
            open_game(&page, &id).await;
            // What the status line says, and the move count beside it, at
            // each change.
            c.execute(
                "window.statusSeen = []; const s = document.getElementById('status');
                 new MutationObserver(() => statusSeen.push([s.textContent, document.getElementById('moves-made').textContent]))
                     .observe(s, { childList: true, characterData: true, subtree: true });",
                vec![],
            )
            .await
            .unwrap();
            if skip {
                // Clicked as soon as it reads so, by the page itself: the
                // cards go up faster than a test can look.
                c.execute(
                    "window.skipped = false; const b = document.getElementById('finish');
                     new MutationObserver(() => {
                         if (!skipped && b.textContent === 'Skip to the end' && !b.hidden) { skipped = true; b.click(); }
                     }).observe(b, { childList: true, characterData: true, subtree: true, attributes: true });",
                    vec![],
                )
                .await
                .unwrap();
            }
            let finish = c.find(Locator::Id("finish")).await.unwrap();
            assert!(finish.is_displayed().await.unwrap(), "Finish is not offered");
            finish.click().await.unwrap();
            let started = Instant::now();
            while api_view(c, &id).await["outcome"] != "won" {
                assert!(started.elapsed() < Duration::from_secs(60), "Finish did not win");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
            assert!(text(c, "#banner-text").await.starts_with("You won!"));
            if skip {
                assert_eq!(
                    c.execute("return skipped", vec![]).await.unwrap(),
                    json!(true),
                    "Finish never offered to skip"
                );
            } else {
                // "Every card goes up…" stands until the last card is up.
                let seen = c.execute("return statusSeen", vec![]).await.unwrap();
                let moves = text(c, "#moves-made").await;
                assert_eq!(seen, json!([["Every card goes up…", seen[0][1]], ["", moves]]), "{seen}");
            }
            // Only moves up, each through the actions API.
            let played = record_actions(&record(c, &id).await);
            assert!(played.len() as u64 > before, "{played:?}");
            assert!(played[before as usize..].iter().all(|a| a.ends_with("-f")), "{played:?}");
            assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        }
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_winning_line_is_offered_once_every_card_is_known_asks_first_and_its_win_is_won_with_help() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let shown = |id: &str| format!("return !document.getElementById('{id}').hidden");
        // Lasker's default rules: every card shows, but its deals are never
        // won: no line is offered.
        let id = new_game(c, "lasker", 4).await;
        open_game(&page, &id).await;
        wait_until(c, "the library's answer", "document.body.dataset.neverWon === 'true'").await;
        assert_eq!(c.execute(&shown("show-line"), vec![]).await.unwrap(), false, "a line offered in Lasker");
        // Classic Lasker: every card shows and decisions remain. A deal the
        // solver wins within a second here (the server gives it two).
        let (deal, _) = a_won_classic_lasker_deal(Duration::from_secs(1));
        let id = new_game(c, "lasker/classic", deal).await;
        open_game(&page, &id).await;
        wait_until(c, "the offer", "!document.getElementById('show-line').hidden").await;
        c.find(Locator::Css("#menu > summary")).await.unwrap().click().await.unwrap();
        c.find(Locator::Id("show-line")).await.unwrap().click().await.unwrap();
        // It asks first, in the page; Cancel records nothing.
        wait_until(c, "the question", "!!document.querySelector('dialog#ask[open]')").await;
        assert!(text(c, "#ask-text").await.contains("won with help"));
        c.find(Locator::Id("ask-no")).await.unwrap().click().await.unwrap();
        assert_eq!(api_view(c, &id).await["action_number"], 0);
        c.find(Locator::Css("#menu > summary")).await.unwrap().click().await.unwrap();
        c.find(Locator::Id("show-line")).await.unwrap().click().await.unwrap();
        answer_yes(c, "won with help").await;
        let started = Instant::now();
        let mut view = api_view(c, &id).await;
        while view["outcome"] == "playing" {
            assert!(started.elapsed() < Duration::from_secs(60), "the line did not win: {}", text(c, "#status").await);
            tokio::time::sleep(Duration::from_millis(100)).await;
            view = api_view(c, &id).await;
        }
        assert_eq!(view["outcome"], "won", "{view}");
        assert_eq!(view["helped"], true);
        c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
        assert!(text(c, "#banner-text").await.starts_with("Won with help"), "{}", text(c, "#banner-text").await);
        assert_eq!(record_actions(&record(c, &id).await)[0], "line");
        let stats = fetch(c, "GET", "/api/stats", Value::Null).await;
        assert_eq!(stats["total"]["won_with_help"], 1, "{stats}");
        assert_eq!(stats["total"]["won"], 0, "{stats}");
        // The statistics page counts it apart: Won 0, Won with help 1.
        c.goto(&format!("{}/stats", page.base)).await.unwrap();
        c.wait().for_element(Locator::Css("#stats-table tbody tr")).await.unwrap();
        let lasker = c
            .execute(
                "return [...document.querySelectorAll('#stats-table tbody tr')].map(tr => [...tr.children].map(td => td.textContent))
                     .find(r => r[0].startsWith('Lasker'))",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!((&lasker[2], &lasker[7]), (&json!("0"), &json!("1")), "{lasker}");
        assert!(text(c, "#summary").await.contains("1 won with help"));
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn harmony_shows_its_costs_and_its_clock() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "harmony", 1).await;
        open_game(&page, &id).await;
        // Before the first move: when the clock starts.
        let note = text(c, "#clock-note").await;
        assert_eq!(note, "The 5-minute clock starts with your first move.");
        let felt_top = "return document.getElementById('felt').getBoundingClientRect().top";
        let top_before = c.execute(felt_top, vec![]).await.unwrap();
        click_stock(c).await;
        let view = wait_for_action(c, &id, 1).await;
        assert!(!c.find(Locator::Id("clock-note")).await.unwrap().is_displayed().await.unwrap());
        // The note floats over the table: the table stays where it was.
        assert_eq!(c.execute(felt_top, vec![]).await.unwrap(), top_before, "the table moved when the note went");
        // Undo says what it costs; there is no Restart.
        let cost = view["undo_cost"].as_i64().unwrap();
        assert!(cost > 0, "{view}");
        assert_eq!(text(c, "#undo").await, format!("Undo (−{})", fmt_thousands(cost)));
        open_menu(c).await;
        assert!(!c.find(Locator::Id("restart")).await.unwrap().is_displayed().await.unwrap(), "Restart is offered");
        // An unscored game: a plain Undo, and Restart in the menu.
        let id = new_game(c, "harp", 1).await;
        open_game(&page, &id).await;
        click_stock(c).await;
        wait_for_action(c, &id, 1).await;
        assert_eq!(text(c, "#undo").await, "Undo");
        open_menu(c).await;
        assert!(c.find(Locator::Id("restart")).await.unwrap().is_displayed().await.unwrap());
        page
    });
}

/// A game that reaches a dead end by random legal moves (found with
/// patience-core): its rules, deal and the moves.
fn dead_end() -> (&'static str, u64, Vec<String>) {
    for rules in ["pitchfork/no-redeal", "grosse-harfe", "harp/3-passes"] {
        for deal in 1..40 {
            let mut game = Game::new(presets::find(rules).unwrap(), deal);
            let mut rng = Rng::new(deal);
            let mut line = Vec::new();
            while line.len() < 2000 && game.outcome() == Outcome::Playing {
                let legal = game.legal_moves();
                let mv = legal[rng.below(legal.len())];
                game.play(mv, 0).unwrap();
                line.push(mv.to_string());
            }
            if game.outcome() == Outcome::Stuck {
                return (rules, deal, line);
            }
        }
    }
    panic!("no dead end found by random moves");
}

/// A dead end ends the game in words; the banner's Undo opens it again.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_dead_end_ends_the_game_and_undo_reopens_it() {
    in_browser(|page| async move {
        let c = &page.c;
        let (rules, deal, line) = dead_end();
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, rules, deal).await;
        let line: Vec<&str> = line.iter().map(String::as_str).collect();
        let (last, before) = line.split_last().unwrap();
        let r = play_line(c, &id, before).await;
        assert_eq!(r["view"]["outcome"], "playing", "{r}");
        open_game(&page, &id).await;
        // The last move, by clicks.
        match *last {
            "s" | "r" => click_stock(c).await,
            mv => click_move(c, mv).await,
        }
        let view = wait_for_action(c, &id, line.len() as u64).await;
        assert_eq!(view["outcome"], "stuck", "{view}");
        c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
        let banner = text(c, "#banner-text").await;
        assert!(banner.starts_with(view["outcome_words"].as_str().unwrap()), "{banner}");
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        save_screenshot(&page, "dead-end-desktop-1280").await;
        c.find(Locator::Id("banner-undo")).await.unwrap().click().await.unwrap();
        let reopened = wait_for_action(c, &id, line.len() as u64 + 1).await;
        assert_eq!(reopened["outcome"], "playing");
        c.wait().for_element(Locator::Css("#banner[hidden]")).await.unwrap();
        page
    });
}

/// Plays Harmony deal 1 to one move before the win through the API, then
/// the last move on the page; returns whether a celebration showed.
async fn win_on_the_page(page: &Page, screenshot: &str) -> bool {
    let c = &page.c;
    c.goto(&format!("{}/", page.base)).await.unwrap();
    let id = new_game(c, "harmony", 1).await;
    let line: Vec<&str> = HARMONY_DEAL_1_WIN.split_whitespace().collect();
    let (last, before) = line.split_last().unwrap();
    let r = play_line(c, &id, before).await;
    assert_eq!(r["view"]["outcome"], "playing", "{r}");
    open_game(page, &id).await;
    // Watch for the celebration, however short.
    c.execute(
        "window.celebrated = false;
         new MutationObserver(() => { if (document.querySelector('.celebration span')) window.celebrated = true; })
             .observe(document.body, { childList: true, subtree: true });",
        vec![],
    )
    .await
    .unwrap();
    assert_eq!(*last, "s");
    click_stock(c).await;
    wait_for_action(c, &id, line.len() as u64).await;
    c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    save_screenshot(page, screenshot).await;
    c.execute("return window.celebrated", vec![]).await.unwrap() == json!(true)
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_win_is_celebrated() {
    in_browser_with(false, |page| async move {
        assert!(win_on_the_page(&page, "won-celebration").await, "no celebration after the win");
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn no_celebration_under_reduced_motion() {
    in_browser_with(true, |page| async move {
        assert!(!win_on_the_page(&page, "won-reduced-motion").await, "a celebration under prefers-reduced-motion");
        page
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn lasker_shows_its_par_from_the_start_and_the_banner_beside_the_players_count() {
    in_browser(|page| async move {
        let c = &page.c;
        // Lasker's default rules lose every deal: its par is the goal.
        let pos = Position::deal(presets::find("lasker").unwrap(), 2);
        let par = patience_solver::par(&pos, &patience_solver::Budget::default().with_nodes(2_000_000));
        assert!(par.exact && !par.winnable(), "{par:?}");
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "lasker", 2).await;
        open_game(&page, &id).await;
        c.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css("#par-note:not([hidden])")).await.unwrap();
        assert_eq!(text(c, "#par-note").await, format!("Par for this deal: {} cards.", par.best));

        open_menu(c).await;
        c.find(Locator::Id("quit")).await.unwrap().click().await.unwrap();
        answer_yes(c, "Give up").await;
        c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
        c.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css("#banner-par:not([hidden])")).await.unwrap();
        let words = format!("You put 0 cards up; the best possible was {}.", par.best);
        assert_eq!(text(c, "#banner-par").await, words);
        assert!(text(c, "#banner").await.contains(&words));
        // The note for a game in progress goes with the game.
        c.wait().for_element(Locator::Css("#par-note[hidden]")).await.unwrap();
        assert_eq!(unreadable_words(c).await, Vec::<String>::new());
        save_screenshot(&page, "par-banner-desktop-1280").await;

        // Reaching the par is the result counted: the par's line played,
        // then given up in the page.
        let id = new_game(c, "lasker", 2).await;
        for (n, mv) in par.line.iter().enumerate() {
            fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": n, "move": mv.to_string()}))
                .await;
        }
        open_game(&page, &id).await;
        // At the par no progress is left: a dead end, which the player gives up.
        assert_ne!(api_view(c, &id).await["outcome"], "playing");
        open_menu(c).await;
        c.find(Locator::Id("quit")).await.unwrap().click().await.unwrap();
        answer_yes(c, "Give up").await;
        wait_until(c, "the summary's figures", "!document.getElementById('banner-best').hidden").await;
        assert_eq!(text(c, "#banner-best").await, "Lasker: the par reached in 1 of 1 played.");
        let words = format!("You put {} cards up, the best possible.", par.best);
        c.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css("#banner-par:not([hidden])")).await.unwrap();
        assert_eq!(text(c, "#banner-par").await, words);
        page
    });
}

/// A game over for good asks for the player's stars under its banner; the
/// vote shows at once, then on the home page's card and on How to play.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_end_of_a_game_asks_for_stars_and_the_average_shows_on_the_home_page_and_how_to_play() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "klondike", 1).await;
        fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 0, "move": "s"})).await;
        fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 1, "action": "quit"})).await;
        open_game(&page, &id).await;
        // Once the summary has its figures (they come after it, and move it).
        wait_until(c, "the stars", "!document.getElementById('banner-vote').hidden").await;
        wait_until(c, "the figures", "!document.getElementById('banner-best').hidden").await;
        assert!(text(c, "#banner-vote").await.contains("No votes yet"));
        c.find(Locator::Css("#banner-vote .star[data-stars='4']")).await.unwrap().click().await.unwrap();
        assert_eq!(c.current_url().await.unwrap().path(), format!("/game/{id}"), "the click on a star went elsewhere");
        wait_until(
            c,
            "the thanks",
            "(document.querySelector('#banner-vote .vote-said') || { textContent: '' }).textContent.startsWith('Thank you')",
        )
        .await;
        let said = text(c, "#banner-vote .vote-said").await;
        assert_eq!(said, "Thank you. ★ 4.0 / 5 from 1 vote.");
        let pressed = c
            .execute(
                "return [...document.querySelectorAll('#banner-vote .star')].map(b => b.getAttribute('aria-pressed'))",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(pressed, json!(["false", "false", "false", "true", "false"]));
        let votes = fetch(c, "GET", "/api/votes", Value::Null).await;
        let klondike = votes["votes"].as_array().unwrap().iter().find(|v| v["game"] == "klondike").unwrap().clone();
        assert_eq!((&klondike["votes"], &klondike["yours"]), (&json!(1), &json!(4)));
        for (path, css) in [("/", "#votes-klondike"), ("/how-to-play", "#votes-klondike")] {
            c.goto(&format!("{}{path}", page.base)).await.unwrap();
            // The page's script draws the element: it may come after the page has loaded.
            let average =
                format!("(document.querySelector('{css}') || {{ textContent: '' }}).textContent.includes('★')");
            wait_until(c, "the average", &average).await;
            assert_eq!(text(c, css).await, "★ 4.0 / 5 from 1 vote", "{path}");
        }
        page
    });
}

/// A card that cannot move shakes when clicked and the page says why, in
/// the server's words; by keyboard too; nothing is sent.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_card_that_cannot_move_shakes_and_says_why() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "klondike", 1).await;
        open_game(&page, &id).await;
        let view = api_view(c, &id).await;
        let blocked = view["blocked"].as_array().expect("blocked piles").first().expect("one at the deal").clone();
        let pile = blocked["pile"].as_str().unwrap();
        let words = blocked["words"].as_str().unwrap();
        assert!(words.contains("has nowhere to go now"), "{words}");
        let top = format!("[data-pile='{pile}'] .card.face:last-child");
        c.find(Locator::Css(&top)).await.unwrap().click().await.unwrap();
        wait_until(c, "the reason", &format!("document.getElementById('status').textContent === {}", json!(words)))
            .await;
        let shakes = c
            .execute(&format!("return document.querySelector(\"{top}\").classList.contains('shake')"), vec![])
            .await
            .unwrap();
        assert_eq!(shakes, json!(true), "the card does not shake");
        // By keyboard: the pile focused, Enter says the same.
        c.execute("document.getElementById('status').textContent = ''", vec![]).await.unwrap();
        focus_pile(c, pile).await;
        press(c, &[Key::Enter]).await;
        wait_until(
            c,
            "the reason again",
            &format!("document.getElementById('status').textContent === {}", json!(words)),
        )
        .await;
        assert_eq!(api_view(c, &id).await["action_number"], 0, "nothing was sent");
        page
    });
}

/// The end of a game is a summary in the page, above the table and never
/// over a card: the result, the time, the moves, the cards up, the win rate
/// and streak for these rules, and New game, Same deal again and Review.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn the_end_of_a_game_is_a_summary_in_the_page_not_over_the_cards() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "klondike", 2).await;
        fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 0, "move": "s"})).await;
        fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 1, "action": "quit"})).await;
        for size in [(1280, 800), (390, 844)] {
            set_viewport(c, size).await;
            open_game(&page, &id).await;
            wait_until(c, "the figures", "!document.getElementById('banner-best').hidden").await;
            let facts = text(c, "#banner-facts").await;
            for fact in ["Time", "Moves 1", "Cards up 0 of 52"] {
                assert!(facts.contains(fact), "{fact:?} missing from {facts:?}");
            }
            assert_eq!(text(c, "#banner-best").await, "Klondike: 0% won of 1 played · streak 0.");
            for button in ["banner-new", "banner-again", "banner-replay"] {
                assert!(c.find(Locator::Id(button)).await.unwrap().is_displayed().await.unwrap(), "{button}");
            }
            assert_eq!(text(c, "#banner-replay").await, "Review the game");
            // In the page's flow, above the table: no card lies under it.
            let overlap = c
                .execute(
                    "const b = document.getElementById('banner').getBoundingClientRect();
                     return [...document.querySelectorAll('#felt .card')].some(card => {
                         const r = card.getBoundingClientRect();
                         return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
                     });",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(overlap, json!(false), "the summary covers a card at {size:?}");
            save_screenshot(&page, &format!("end-summary-{}x{}", size.0, size.1)).await;
        }
        page
    });
}

/// The 104 actions of a player who followed the hints in Harmony deal 13,
/// after which a hint once said that every move led back where the game had
/// been (`crates/solver/tests/it/hints_in_game.rs` has the same).
const DEAL_13_ACTIONS: &str = "s s s s s s s undo s s s s s s s s s s s s s s s s s s t1-f r s s s s s s s s s s s s \
    w-f t5-f t7-t1 s s s s s s s s s r s w-t4 s s s s s s s s s s s s s s s s s s s r s s s s s s s s s s s s s \
    s s s s s s r s s s s s s s s s";

/// A hint never gives up while progress can be reached: after the 104
/// actions above, the hint names a move (drawing on leads to a new card),
/// and the same table gets the same hint when asked again.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_hint_never_gives_up_while_progress_can_be_reached_and_the_same_table_gets_the_same_hint() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "harmony", 13).await;
        for (n, action) in DEAL_13_ACTIONS.split_whitespace().enumerate() {
            let body = if action == "undo" {
                json!({"action_number": n, "action": "undo"})
            } else {
                json!({"action_number": n, "move": action})
            };
            let a = fetch(c, "POST", &format!("/api/games/{id}/actions"), body).await;
            assert!(a["view"].is_object(), "action {n} {action}: {a}");
        }
        open_game(&page, &id).await;
        let said = hint_twice(c).await;
        assert!(!said[0].1.contains("leads back") && !said[0].2.contains("leads back"), "{said:?}");
        assert_eq!(said[0], said[1], "the same table got two hints");
        // Where the hint samples how the hidden cards could lie (Harp's
        // opening), asking again gives the same hint too.
        let id = new_game(c, "harp", 3).await;
        open_game(&page, &id).await;
        let said = hint_twice(c).await;
        assert!(said[0].2.contains("ways the hidden cards could lie"), "{said:?}");
        assert_eq!(said[0], said[1], "the same table got two hints");
        page
    });
}

/// Asks for a hint with the keyboard twice, closing it between: each time
/// its move, its words and how sure it is. None gives up.
async fn hint_twice(c: &Client) -> Vec<(Value, String, String)> {
    let mut said = Vec::new();
    for _ in 0..2 {
        c.find(Locator::Css("body")).await.unwrap().send_keys("h").await.unwrap();
        c.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css("#hint-panel:not([hidden])")).await.unwrap();
        let hinted = c.execute("return document.getElementById('hint-panel').dataset.move", vec![]).await.unwrap();
        assert!(hinted.as_str().is_some_and(|m| !m.is_empty()), "the hint gives up: {}", text(c, "#hint-panel").await);
        said.push((hinted, text(c, "#hint-text").await, text(c, "#hint-confidence").await));
        c.find(Locator::Id("hint-close")).await.unwrap().click().await.unwrap();
        c.wait().for_element(Locator::Css("#hint-panel[hidden]")).await.unwrap();
    }
    said
}

/// A scored game's summary tells a personal best only from the second game
/// on: a first game is a best of one.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_personal_best_is_told_from_the_second_scored_game_on() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let mut told = Vec::new();
        // A move that turns a card up (100 points), then a draw that sends
        // a card up by itself (1,000).
        for first in ["t3-t5", "s"] {
            let id = new_game(c, "harmony", 1).await;
            fetch(c, "POST", &format!("/api/games/{id}/actions"), json!({"action_number": 0, "move": first})).await;
            let quit = json!({"action_number": 1, "action": "quit"});
            let ended = fetch(c, "POST", &format!("/api/games/{id}/actions"), quit).await;
            assert_eq!(ended["view"]["outcome"], "quit", "{ended}");
            open_game(&page, &id).await;
            wait_until(c, "the figures", "!document.getElementById('banner-best').hidden").await;
            told.push(text(c, "#banner-best").await);
        }
        assert!(!told[0].contains("best"), "{told:?}");
        assert!(told[1].ends_with("a personal best!"), "{told:?}");
        page
    });
}

/// A hint left open while the clock runs out closes with the game: it
/// offers no move that can no longer be made.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_hint_left_open_closes_when_the_clock_runs_out() {
    in_browser(|page| async move {
        let c = &page.c;
        c.goto(&format!("{}/", page.base)).await.unwrap();
        let id = new_game(c, "harmony", 11).await;
        open_game(&page, &id).await;
        click_stock(c).await;
        wait_for_action(c, &id, 1).await;
        c.find(Locator::Id("hint")).await.unwrap().click().await.unwrap();
        wait_until(c, "the hint", "!document.getElementById('hint-panel').hidden").await;
        // Five minutes pass, for the server and for the page's clock.
        env().server.lock().unwrap().state().advance_clock(301_000);
        c.execute("const now = performance.now.bind(performance); performance.now = () => now() + 301000;", vec![])
            .await
            .unwrap();
        c.wait().for_element(Locator::Css("#banner:not([hidden])")).await.unwrap();
        assert_eq!(api_view(c, &id).await["outcome"], "time_up");
        wait_until(c, "the hint closed", "document.getElementById('hint-panel').hidden").await;
        page
    });
}
