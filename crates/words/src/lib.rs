//! Every sentence a player reads, in the player's language.
//!
//! Sentences live in message catalogues, one folder of Fluent files a
//! language (`locales/LANG/*.ftl`, see `docs/TRANSLATING.md`); code never
//! assembles them. A [`Say`] names a message and its arguments and becomes
//! words only in a [`Lang`]: the engine and the server hand out typed values
//! and `Say`s, and the edge (a page, an API answer, the terminal) renders
//! them in the language of the person reading.
//!
//! ```
//! use patience_words::{say, Lang};
//!
//! let german = Lang::from_tag("de").unwrap();
//! let told = say!("duel-full", most = 8);
//! assert_eq!(told.in_lang(Lang::ENGLISH), "The duel is full (8 participants).");
//! assert_eq!(told.in_lang(german), "Das Duell ist voll (8 Teilnehmer).");
//! ```

mod catalogue;
mod engine;
mod foreign;
mod hints;
mod lang;
mod numbers;
mod say;
mod sources;

pub use catalogue::{script_source, source, MessageError};
pub use engine::{
    action, announce, card, game_error, notation_error, outcome, outcome_inline, pile, record_error, refusal,
    rules_name, rules_summary, side_effect, story, unknown_rules, PileRole,
};
pub use foreign::foreign_words;
pub use hints::hint_reason;
pub use lang::Lang;
pub use say::{Arg, Say};
