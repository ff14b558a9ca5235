//! The rules engine's integration tests, one module per idea: a `rules_*`
//! module per game (one test per rule sentence of docs/RULES.md, named after
//! it), the golden deals and perft counts, records, refusals, scoring, the
//! property tests and the fuzz targets' corpus replays. One test binary for
//! the crate, so that the suite links once.
//!
//! Tests marked `#[ignore = "slow: …"]` belong to the full tier
//! (`scripts/test.sh`); `cargo nextest run --run-ignored all` runs them too.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../../../fuzz/fuzz.rs"]
mod fuzz;

mod auto_moves;
mod dead_ends;
mod deals;
mod fuzz_notation;
mod fuzz_record;
mod fuzz_setup;
mod no_alloc;
mod perft;
mod properties;
mod records;
mod rules_common;
mod rules_grosse_harfe;
mod rules_harmony;
mod rules_harp;
mod rules_klondike;
mod rules_lasker;
mod rules_pitchfork;
mod scoring;
mod view_fields;
mod view_moves;
