//! Fuzz target `actions` (docs/FUZZING.md): the JSON bodies of
//! `POST /api/games/{id}/actions`, sent over HTTP to a real server (the
//! harness of `common`) with a game of the sending player.
//!
//! Bodies are corpus bodies given the game's current action number, legal
//! moves of the current view, and both of these mutated; arbitrary bytes
//! and strings; valid bodies padded past the size limit; under the JSON
//! content type mostly, sometimes another or none. Every answer is a 200 or
//! a 4xx with a JSON `{"error": ...}`: never a 5xx, never a dropped
//! connection. After a refused body the game's view and record are what
//! they were before it; an accepted body advances the action number by
//! exactly one, in the answer, the view and the record.

use crate::common;
use crate::fuzz;

use std::cell::RefCell;

use common::Player;
use fuzz::{Input, Mutation, Seed};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{TestCaseError, TestRunner};
use serde_json::Value;

const TARGET: &str = "actions";

/// Pieces of action bodies and of JSON.
#[rustfmt::skip]
const DICTIONARY: &[&str] = &[
    "{", "}", "[", "]", ",", ":", "\"", "null", "true", "0", "-1", "1.0", "1e3", "18446744073709551616",
    "\"action_number\"", "\"move\"", "\"action\"", "\"undo\"", "\"redo\"", "\"restart\"", "\"quit\"",
    "\"auto-on\"", "\"auto-off\"", "\"s\"", "\"r\"", "\"w-f\"", "\"t1-t2\"", "\"t2-t7:3\"", "\"t1-t1\"", "\"\"",
    "\"\\u0000\"", "\"\\ud800\"", "\"extra\": 1", "\"action_number\": 0", "\"move\": null", "[[[[[[[[[[[[[[[[", "\n",
    " ", "\u{feff}", "é",
];

/// Content types: mostly JSON, spelt in the ways that count as JSON, and
/// some that do not (`None` sends no header).
fn content_type() -> impl Strategy<Value = Option<&'static str>> {
    prop_oneof![
        12 => Just(Some("application/json")),
        1 => Just(Some("application/json; charset=utf-8")),
        1 => Just(Some("APPLICATION/JSON")),
        1 => Just(None),
        1 => prop::sample::select(&[
            "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx",
            "application/json;;;", "json", "", "*/*", "application/problem+json",
        ][..]).prop_map(Some),
    ]
}

/// How to make a body from the game as it stands.
#[derive(Clone, Debug)]
enum Body {
    /// A corpus body, its `action_number` set to the game's when
    /// `renumber`, then mutated.
    Seed { seed: usize, renumber: bool, mutations: Vec<Mutation> },
    /// `{"action_number", "move"}` with a legal move of the view (or `s`
    /// when none), the number off by `off`, then mutated.
    Legal { pick: Index, off: i8, named: bool, mutations: Vec<Mutation> },
    /// An input as every target gets them (arbitrary, or a corpus body
    /// mutated as it is).
    Raw(Input),
    /// A valid body padded with spaces to `len` bytes.
    Padded { seed: Index, len: usize },
}

fn body() -> impl Strategy<Value = Body> {
    let mutations = |max| prop::collection::vec(fuzz::mutation(), 0..max);
    prop_oneof![
        4 => (any::<usize>(), prop::bool::weighted(0.8), mutations(3))
            .prop_map(|(seed, renumber, mutations)| Body::Seed { seed, renumber, mutations }),
        4 => (any::<Index>(), prop_oneof![6 => Just(0i8), 1 => -2..3i8], any::<bool>(), mutations(2))
            .prop_map(|(pick, off, named, mutations)| Body::Legal { pick, off, named, mutations }),
        3 => fuzz::input(TARGET, DICTIONARY, 256).prop_map(Body::Raw),
        1 => (any::<Index>(), 3000..6000usize).prop_map(|(seed, len)| Body::Padded { seed, len }),
    ]
}

/// A body as bytes, for a game whose view is `view`.
fn materialize(body: &Body, view: &Value, seeds: &[Seed]) -> Vec<u8> {
    let number = common::number(view);
    let renumbered = |seed: &Seed| -> Vec<u8> {
        match serde_json::from_slice::<Value>(&seed.bytes) {
            Ok(mut doc) if doc.get("action_number").is_some() => {
                doc["action_number"] = number.into();
                doc.to_string().into_bytes()
            }
            _ => seed.bytes.clone(),
        }
    };
    let mutate = |mut bytes: Vec<u8>, mutations: &[Mutation]| {
        for m in mutations {
            fuzz::apply(&mut bytes, m, seeds, DICTIONARY);
        }
        bytes
    };
    match body {
        Body::Seed { seed, renumber, mutations } => {
            let seed = &seeds[seed % seeds.len()];
            let bytes = if *renumber { renumbered(seed) } else { seed.bytes.clone() };
            mutate(bytes, mutations)
        }
        Body::Legal { pick, off, named, mutations } => {
            let moves = common::moves(view);
            let mv = if moves.is_empty() { "s".to_string() } else { moves[pick.index(moves.len())].clone() };
            let n = number as i64 + *off as i64;
            let doc = if *named {
                serde_json::json!({ "action_number": n, "action": "move", "move": mv })
            } else {
                serde_json::json!({ "action_number": n, "move": mv })
            };
            mutate(doc.to_string().into_bytes(), mutations)
        }
        Body::Raw(input) => input.bytes.clone(),
        Body::Padded { seed, len } => {
            let mut bytes = renumbered(&seeds[seed.index(seeds.len())]);
            let pad = len.saturating_sub(bytes.len());
            bytes.splice(1..1, std::iter::repeat_n(b' ', pad));
            bytes
        }
    }
}

/// A game's view without what changes with the clock alone.
fn still(answer: &common::Answer) -> Value {
    let mut json = answer.json.clone();
    if let Some(view) = json.get_mut("view").and_then(Value::as_object_mut) {
        view.remove("ms_left");
    }
    json
}

/// The games played in turn (a new one when a game is over).
const GAMES: &[&str] = &["harp", "harmony", "pitchfork/warfield", "lasker", "grosse-harfe/draw-3", "harp/unlimited"];

struct State {
    player: Player,
    game: String,
    games: usize,
    accepted: usize,
    refused: usize,
}

/// Sends `bytes` as the body of an action on the current game.
async fn send(state: &State, content_type: Option<&str>, bytes: Vec<u8>) -> Result<(u16, String, String), String> {
    let url = format!("{}/api/games/{}/actions", state.player.base, state.game);
    let mut req = state.player.http.post(url).body(bytes);
    if let Some(c) = &state.player.cookie {
        req = req.header("cookie", c.clone());
    }
    if let Some(ct) = content_type {
        req = req.header("content-type", ct);
    }
    let resp = req.send().await.map_err(|e| format!("no answer: {e:?}"))?;
    let status = resp.status().as_u16();
    let ct = resp.headers().get("content-type").map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let text = resp.text().await.map_err(|e| format!("the answer was cut: {e:?}"))?;
    Ok((status, ct.unwrap_or_default(), text))
}

async fn run_case(
    state: &mut State,
    seeds: &[Seed],
    body: &Body,
    content_type: Option<&str>,
) -> Result<(), TestCaseError> {
    let before = state.player.view(&state.game).await;
    prop_assert_eq!(before.status.as_u16(), 200, "{}", before.text);
    let record_before = state.player.record(&state.game).await;
    prop_assert_eq!(record_before.status.as_u16(), 200, "{}", record_before.text);
    let number = common::number(before.view());
    let bytes = materialize(body, before.view(), seeds);
    let shown = String::from_utf8_lossy(&bytes).into_owned();
    let (status, ct, text) = send(state, content_type, bytes).await.map_err(TestCaseError::fail)?;
    let after = state.player.view(&state.game).await;
    let record_after = state.player.record(&state.game).await;
    match status {
        200 => {
            state.accepted += 1;
            let answer: Value = serde_json::from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
            prop_assert_eq!(common::number(&answer["view"]), number + 1, "answer to {:?}: {}", shown, text);
            prop_assert_eq!(common::number(after.view()), number + 1, "view after {:?}", shown);
            let actions = common::record_actions(&record_after.text).len() as u64;
            prop_assert_eq!(actions, number + 1, "record after {:?}: {}", shown, record_after.text);
        }
        400..=499 => {
            state.refused += 1;
            prop_assert!(
                ct.starts_with("application/json"),
                "{} with content type `{}` for {:?}: {}",
                status,
                ct,
                shown,
                text
            );
            let answer: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            prop_assert!(answer["error"].is_string(), "{} without a JSON error for {:?}: {}", status, shown, text);
            prop_assert_eq!(
                still(&after),
                still(&before),
                "the view changed after {} for {:?}: {}",
                status,
                shown,
                text
            );
            prop_assert_eq!(
                &record_after.text,
                &record_before.text,
                "the record changed after {} for {:?}",
                status,
                shown
            );
        }
        _ => prop_assert!(false, "{} for {:?} (content type {:?}): {}", status, shown, content_type, text),
    }
    let view = after.view();
    let over = matches!(view["outcome"].as_str(), Some("won" | "quit" | "time_up"));
    if over || common::number(view) >= 150 {
        state.games += 1;
        let (id, _) = state.player.create(GAMES[state.games % GAMES.len()], Some(state.games as u64 + 1)).await;
        state.game = id;
    }
    Ok(())
}

#[test]
#[ignore = "slow: the full tier runs it"]
fn action_bodies_get_a_200_or_a_json_4xx_and_refused_ones_change_nothing() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let (_dir, db) = common::temp_db();
    let server = rt.block_on(common::start_unlimited(&db));
    let mut player = Player::new(&server);
    let (game, _) = rt.block_on(player.create(GAMES[0], Some(1)));
    let state = RefCell::new(State { player, game, games: 0, accepted: 0, refused: 0 });
    let seeds = fuzz::corpus(TARGET);
    let mut runner = TestRunner::new(fuzz::config(1_500));
    let result = runner.run(&(body(), content_type()), |(body, content_type)| {
        let mut state = state.borrow_mut();
        rt.block_on(run_case(&mut state, &seeds, &body, content_type))
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let state = state.borrow();
    // The run must have reached both sides of the endpoint.
    assert!(state.accepted > 0 && state.refused > 0, "{} accepted, {} refused", state.accepted, state.refused);
    eprintln!("{} accepted, {} refused, over {} games", state.accepted, state.refused, state.games + 1);
}

#[test]
fn every_corpus_body_gets_a_200_or_a_json_4xx_and_every_seed_is_an_action_body() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let (_dir, db) = common::temp_db();
    let server = rt.block_on(common::start_unlimited(&db));
    let mut player = Player::new(&server);
    let (game, _) = rt.block_on(player.create(GAMES[0], Some(1)));
    let mut state = State { player, game, games: 0, accepted: 0, refused: 0 };
    let seeds = fuzz::corpus(TARGET);
    for (i, seed) in seeds.iter().enumerate() {
        if !seed.is_regression() {
            let body: Value = serde_json::from_slice(&seed.bytes).unwrap_or_else(|e| panic!("{}: {e}", seed.name));
            assert!(body["action_number"].is_u64(), "seed {} has no action number", seed.name);
        }
        for renumber in [false, true] {
            let body = Body::Seed { seed: i, renumber, mutations: Vec::new() };
            rt.block_on(run_case(&mut state, &seeds, &body, Some("application/json")))
                .unwrap_or_else(|e| panic!("{}: {e}", seed.name));
        }
    }
}
