//! The catalogues' tests: every language says every message with the same
//! arguments, every message the code names exists, and the engine's
//! words in each language (one module per idea). One test binary for the
//! crate.

#[path = "../../../core/tests/common/mod.rs"]
mod common;

mod catalogues;
mod german;
mod moves;
mod numbers;
mod records;
mod refusals;
