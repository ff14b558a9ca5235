//! The server through its HTTP API, as a browser or a script uses it, on a
//! real store: SQLite by default, PostgreSQL or two instances behind nginx
//! when `PATIENCE_TEST_BACKEND` says so (`common::site`). One module per
//! idea; the browser tests are the other binary, `tests/browser`.
//!
//! Tests marked `#[ignore = "…"]` need PostgreSQL, a tool or time: they
//! belong to the full tier (`scripts/test.sh`), and fail, never skip, when
//! what they need is missing.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../../../fuzz/fuzz.rs"]
mod fuzz;

mod accounts;
mod api;
mod backup;
mod crash;
mod dailies;
mod duels;
mod fuzz_actions;
mod hardening;
mod hidden_cards;
mod hint;
mod instances;
mod library;
mod page_weight;
mod pages;
mod par;
mod play_words;
mod profiles;
mod ratings;
mod replays;
mod store_appends;
mod votes;
mod winnable;
mod words;
