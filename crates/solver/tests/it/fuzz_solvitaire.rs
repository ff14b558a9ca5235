//! Fuzz target `solvitaire` (docs/FUZZING.md): reading a Solvitaire JSON
//! deal from any bytes never panics; a deal that reads is written out again
//! (the reader's positions start in pass 1, which the format can say) to
//! JSON that reads as the same position, and writing that position gives
//! the same JSON.
//!
//! The game is not in the file: a corpus input is read as the game its file
//! name starts with (`harp~3-passes.deal-1.opening.json` is a deal of
//! `harp/3-passes`), and now and then, like every input made from nothing,
//! as any game.

use crate::fuzz;

use fuzz::Input;
use patience_core::{presets, Rules};
use patience_solver::interchange::{from_solvitaire, to_solvitaire};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

const TARGET: &str = "solvitaire";

/// Pieces of Solvitaire deals and of JSON.
#[rustfmt::skip]
const DICTIONARY: &[&str] = &[
    "{", "}", "[", "]", ",", ":", "\"", "[]", "{}", "[[[[[[[[[[[[[[[[", "null", "true", "0", "-0", "1e999", "1.5",
    "18446744073709551616", "\"tableau piles\"", "\"foundations\"", "\"stock\"", "\"waste\"", "\"reserve\"",
    "\"hole\"", "\"cells\"", "\"sequences\"", "\"unknown\"", "\"AS\"", "\"as\"", "\"10h\"", "\"10H\"", "\"TD\"",
    "\"1C\"", "\"13c\"", "\"14S\"", "\"0H\"", "\"KS\"", "\"QH\"", "\"JC\"", "\"2D\"", "\"A\"", "\"H\"", "\"\"",
    "\"A\u{2665}\"", "\"\\u0041S\"", "\"\\ud800\"", "[\"AS\", \"2S\"]", "[\"KS\"]", "\n", " ", "\t", "é", "\u{0}",
];

/// The game a corpus file's name gives (`~` stands for `/`), after
/// `regression-` for a regression case.
fn rules_of(name: &str) -> &'static Rules {
    let id = name.strip_prefix("regression-").unwrap_or(name).split('.').next().unwrap_or("").replace('~', "/");
    presets::find(&id).unwrap_or_else(|e| panic!("corpus file {name}: {e}"))
}

/// The game an input is read as.
fn rules_for(input: &Input, any: Index, own: bool) -> &'static Rules {
    match &input.from {
        Some(name) if own => rules_of(name),
        _ => &presets::ALL[any.index(presets::ALL.len())],
    }
}

/// A change to a deal's JSON tree, which keeps it JSON (most byte
/// mutations do not).
#[derive(Clone, Debug)]
enum Edit {
    /// Exchange two cards (the deck stays whole).
    SwapCards(Index, Index),
    /// Take a card out of its pile and put it into another one.
    MoveCard {
        card: Index,
        pile: Index,
        at: Index,
    },
    /// Change the case of a card's suit letter (face up or down).
    FlipCase(Index),
    /// Put another text in place of a card.
    ReplaceCard(Index, Index),
    DeleteCard(Index),
    /// Copy a card into a pile.
    CopyCard {
        card: Index,
        pile: Index,
    },
    /// Remove a key, or put an odd value under a key of the schema.
    RemoveKey(Index),
    SetKey(Index, Index),
    /// Foundations as one flat list of cards instead of piles.
    FlattenFoundations,
}

const CARD_TEXTS: &[&str] = &["AS", "as", "10h", "10H", "TD", "1C", "13c", "KS", "14S", "0H", "", "A", "\u{0}S", "Ah"];
const KEYS: &[&str] = &["tableau piles", "foundations", "stock", "waste", "reserve", "hole", "cells", "x"];

fn odd_value(i: Index) -> Value {
    let values = [
        serde_json::json!(null),
        serde_json::json!(0),
        serde_json::json!("AS"),
        serde_json::json!({}),
        serde_json::json!([]),
        serde_json::json!([[]]),
        serde_json::json!([["AS"], "2S"]),
        serde_json::json!([1, 2]),
    ];
    values[i.index(values.len())].clone()
}

/// Where the card piles are: a key, and the pile's place under it when the
/// key holds piles.
fn piles(doc: &Value) -> Vec<(String, Option<usize>)> {
    let mut out = Vec::new();
    let Some(doc) = doc.as_object() else { return out };
    for (key, value) in doc {
        let Some(items) = value.as_array() else { continue };
        if items.iter().any(Value::is_array) {
            out.extend((0..items.len()).filter(|&i| items[i].is_array()).map(|i| (key.clone(), Some(i))));
        } else {
            out.push((key.clone(), None));
        }
    }
    out
}

fn pile_mut<'a>(doc: &'a mut Value, at: &(String, Option<usize>)) -> &'a mut Vec<Value> {
    let value = &mut doc[at.0.as_str()];
    let value = match at.1 {
        Some(i) => &mut value[i],
        None => value,
    };
    value.as_array_mut().expect("a pile")
}

/// Every card: its pile and its place in it.
fn cards(doc: &mut Value) -> Vec<(usize, usize)> {
    let piles = piles(doc);
    let mut out = Vec::new();
    for (p, at) in piles.iter().enumerate() {
        out.extend((0..pile_mut(doc, at).len()).map(|i| (p, i)));
    }
    out
}

fn edit(doc: &mut Value, edit: &Edit) {
    if !doc.is_object() {
        return;
    }
    let piles = piles(doc);
    let cards = cards(doc);
    let card = |i: &Index| cards.get(i.index(cards.len().max(1))).copied();
    let get = |doc: &mut Value, (p, i): (usize, usize)| pile_mut(doc, &piles[p])[i].clone();
    let set = |doc: &mut Value, (p, i): (usize, usize), v: Value| pile_mut(doc, &piles[p])[i] = v;
    match edit {
        Edit::SwapCards(a, b) => {
            if let (Some(a), Some(b)) = (card(a), card(b)) {
                let (va, vb) = (get(doc, a), get(doc, b));
                set(doc, a, vb);
                set(doc, b, va);
            }
        }
        Edit::MoveCard { card: c, pile, at } => {
            if let Some((p, i)) = card(c) {
                let v = pile_mut(doc, &piles[p]).remove(i);
                let to = pile_mut(doc, &piles[pile.index(piles.len())]);
                let at = at.index(to.len() + 1);
                to.insert(at, v);
            }
        }
        Edit::FlipCase(c) => {
            if let Some(c) = card(c) {
                if let Value::String(text) = get(doc, c) {
                    let mut chars: Vec<char> = text.chars().collect();
                    if let Some(last) = chars.last_mut() {
                        *last = if last.is_ascii_lowercase() {
                            last.to_ascii_uppercase()
                        } else {
                            last.to_ascii_lowercase()
                        };
                    }
                    set(doc, c, Value::String(chars.into_iter().collect()));
                }
            }
        }
        Edit::ReplaceCard(c, with) => {
            if let Some(c) = card(c) {
                set(doc, c, Value::String(CARD_TEXTS[with.index(CARD_TEXTS.len())].to_string()));
            }
        }
        Edit::DeleteCard(c) => {
            if let Some((p, i)) = card(c) {
                pile_mut(doc, &piles[p]).remove(i);
            }
        }
        Edit::CopyCard { card: c, pile } => {
            if let Some(c) = card(c) {
                let v = get(doc, c);
                pile_mut(doc, &piles[pile.index(piles.len())]).push(v);
            }
        }
        Edit::RemoveKey(k) => {
            let map = doc.as_object_mut().expect("an object");
            if let Some(key) = map.keys().nth(k.index(map.len().max(1))).cloned() {
                map.remove(&key);
            }
        }
        Edit::SetKey(k, v) => {
            doc[KEYS[k.index(KEYS.len())]] = odd_value(*v);
        }
        Edit::FlattenFoundations => {
            if let Some(Value::Array(piles)) = doc.get("foundations") {
                let flat: Vec<Value> = piles.iter().flat_map(|p| p.as_array().cloned().unwrap_or_default()).collect();
                doc["foundations"] = Value::Array(flat);
            }
        }
    }
}

fn json_edit() -> impl Strategy<Value = Edit> {
    let i = any::<Index>;
    prop_oneof![
        4 => (i(), i()).prop_map(|(a, b)| Edit::SwapCards(a, b)),
        3 => (i(), i(), i()).prop_map(|(card, pile, at)| Edit::MoveCard { card, pile, at }),
        2 => i().prop_map(Edit::FlipCase),
        1 => (i(), i()).prop_map(|(c, w)| Edit::ReplaceCard(c, w)),
        1 => i().prop_map(Edit::DeleteCard),
        1 => (i(), i()).prop_map(|(card, pile)| Edit::CopyCard { card, pile }),
        1 => i().prop_map(Edit::RemoveKey),
        1 => (i(), i()).prop_map(|(k, v)| Edit::SetKey(k, v)),
        1 => Just(Edit::FlattenFoundations),
    ]
}

/// A corpus deal with its JSON tree edited, written compact or pretty, and
/// now and then a byte mutation on top.
fn edited_deal() -> impl Strategy<Value = Input> {
    let seeds = fuzz::corpus(TARGET);
    (
        any::<Index>(),
        prop::collection::vec(json_edit(), 1..4),
        any::<bool>(),
        prop::option::weighted(0.2, fuzz::mutation()),
    )
        .prop_map(move |(seed, edits, pretty, mutation)| {
            let seed = &seeds[seed.index(seeds.len())];
            let mut bytes = match serde_json::from_slice::<Value>(&seed.bytes) {
                Ok(mut doc) => {
                    for e in &edits {
                        edit(&mut doc, e);
                    }
                    if pretty { serde_json::to_vec_pretty(&doc) } else { serde_json::to_vec(&doc) }.expect("JSON")
                }
                Err(_) => seed.bytes.clone(),
            };
            if let Some(m) = mutation {
                fuzz::apply(&mut bytes, &m, &seeds, DICTIONARY);
            }
            Input { from: Some(seed.name.clone()), bytes }
        })
}

fn check(rules: &'static Rules, input: &Input) -> Result<(), TestCaseError> {
    let text = input.text();
    let Ok(pos) = from_solvitaire(rules, &text) else { return Ok(()) };
    prop_assert_eq!(pos.pass(), 1);
    let written = to_solvitaire(&pos)
        .map_err(|e| TestCaseError::fail(format!("a position read from a {} deal cannot be written: {e}", rules.id)))?;
    let back = from_solvitaire(rules, &written)
        .map_err(|e| TestCaseError::fail(format!("the position's own {} deal is refused: {e}\n{written}", rules.id)))?;
    prop_assert_eq!(&back, &pos, "{} deal read from\n{}\nwritten as\n{}", rules.id, text, written);
    prop_assert_eq!(to_solvitaire(&back).ok(), Some(written));
    Ok(())
}

proptest! {
    #![proptest_config(fuzz::config(50_000))]

    #[test]
    #[ignore = "slow: the full tier runs it"]
    fn solvitaire_deals_never_panic_and_what_reads_is_written_and_read_to_the_same_position(
        input in prop_oneof![fuzz::input(TARGET, DICTIONARY, 1024), edited_deal()],
        any in any::<Index>(),
        own in prop::bool::weighted(0.8),
    ) {
        let rules = rules_for(&input, any, own);
        fuzz::check(TARGET, &input, |input| check(rules, input))?;
    }
}

#[test]
fn every_corpus_input_passes_and_every_seed_reads_as_its_game() {
    for seed in fuzz::corpus(TARGET) {
        let rules = rules_of(&seed.name);
        let input = Input { from: Some(seed.name.clone()), bytes: seed.bytes.clone() };
        fuzz::check(TARGET, &input, |input| check(rules, input)).unwrap_or_else(|e| panic!("{}: {e}", seed.name));
        if !seed.is_regression() {
            let read = from_solvitaire(rules, &seed.text());
            assert!(read.is_ok(), "seed {} does not read as {}: {:?}", seed.name, rules.id, read.err());
        }
    }
}
