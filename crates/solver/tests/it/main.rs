//! The solver's integration tests, one module per idea: verdicts checked
//! against hand-built positions and another solver's deals, pars, the
//! library of graded deals, the honest player and its hints, interchange
//! with Solvitaire. One test binary for the crate, so that the suite links
//! once.
//!
//! Tests marked `#[ignore = "slow: …"]` belong to the full tier
//! (`scripts/test.sh`); `cargo nextest run --run-ignored all` runs them too.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../../../fuzz/fuzz.rs"]
mod fuzz;

mod analysis;
mod chart;
mod cross_check;
mod deadlock;
mod deals;
mod fuzz_solvitaire;
mod hand_built;
mod harmony_reductions;
mod hints_in_game;
mod honest;
mod interchange;
mod library;
mod par;
mod shorten;
mod winnable;
