//! The patience rules engine: cards, numbered deals, rules as data, positions
//! with legal-move generation, move notation, game records, Harmony scoring
//! and the redacted player view.
//!
//! Every other part of the project (solver, server, command line) calls this
//! crate and nothing else for the rules; it does no I/O. The rules it
//! implements, sentence by sentence with the test that checks each, are in
//! `docs/RULES.md`.
//!
//! ```
//! use patience_core::{presets, Position};
//! let rules = presets::find("harmony").unwrap();
//! let mut pos = Position::deal(rules, 1);
//! let mv = pos.legal_moves()[0];
//! pos.play(mv).unwrap();
//! ```

// Piles live in parallel fixed arrays indexed by column or slot number, so
// index loops are the clearest way to walk them.
#![allow(clippy::needless_range_loop)]

pub mod card;
pub mod deal;
pub mod error;
pub mod game;
pub mod moves;
pub mod notation;
pub mod position;
pub mod presets;
pub mod record;
pub mod refusal;
pub mod rules;
pub mod scoring;
pub mod setup;
pub mod view;

pub use card::{Card, Suit};
pub use error::IllegalMove;
pub use game::{Action, Game, GameError};
pub use moves::{Move, MoveList, Pile};
pub use position::{Position, Status};
pub use refusal::Refusal;
pub use rules::Rules;
