//! Storage behind one trait.
//!
//! A game is stored as its start — rules id, deal number, creation time —
//! and its append-only action log; everything else is derived by replaying
//! the log with `patience-core`. Beside the log each game row keeps a
//! summary (outcome, score, moves) rewritten in the same transaction as each
//! appended action, so that lists and statistics need no replay; the summary
//! can always be rebuilt from the log.
//!
//! [`crate::sqlite::SqliteStore`] is the implementation; a PostgreSQL one
//! would implement the same trait and leave the handlers untouched.

use async_trait::async_trait;
use patience_core::game::{Action, Entry};
use patience_core::Game;

pub use crate::duels::model::{Duel, DuelWrite};

/// A player, as the store numbers them.
pub type PlayerId = i64;

/// What goes wrong in a store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The log did not hold exactly the expected number of actions: another
    /// request (or another server) appended first. Nothing was written.
    #[error("the game's log has moved on: expected {expected} actions before this one")]
    Conflict { expected: usize },
    /// A game id that is already taken.
    #[error("game id `{0}` is taken")]
    DuplicateId(String),
    /// A duel change that the duel's stored state does not allow (closed,
    /// full, joined already, ...). Nothing was written.
    #[error("{0}")]
    Refused(String),
    #[error("storage failed: {0}")]
    Backend(String),
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub id: String,
    pub player: PlayerId,
    pub rules: String,
    pub deal: u64,
    /// Unix time in milliseconds; the game's clock counts from here.
    pub created_ms: i64,
}

/// A stored game: its start and its whole log.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: String,
    pub player: PlayerId,
    pub rules: String,
    pub deal: u64,
    pub created_ms: i64,
    /// The duel this game is a participant's game of. A duel game is created
    /// in the same transaction that makes it the participant's, so a read
    /// that finds the game finds its duel too.
    pub duel: Option<String>,
    pub entries: Vec<Entry>,
}

/// What the game row keeps beside the log (derived from it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub action_count: usize,
    pub moves_made: usize,
    pub outcome: String,
    pub score: i64,
    /// Unix time in milliseconds of this change.
    pub updated_ms: i64,
}

impl Summary {
    pub fn of(game: &Game, updated_ms: i64) -> Summary {
        Summary {
            action_count: game.action_number(),
            moves_made: game.moves_made(),
            outcome: outcome_text(game.outcome()),
            score: game.score(),
            updated_ms,
        }
    }
}

/// An outcome as the API spells it (the same as in the player view:
/// `playing`, `won`, `lost`, `stuck`, `quit`, `time_up`).
pub fn outcome_text(outcome: patience_core::game::Outcome) -> String {
    match serde_json::to_value(outcome) {
        Ok(serde_json::Value::String(s)) => s,
        _ => outcome.as_str().to_string(),
    }
}

/// One row of a player's game list.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameRow {
    pub id: String,
    pub rules: String,
    /// Not written with the row: the game list writes it, or null while the
    /// game's duel is open (`api::ListedGame`).
    #[serde(skip)]
    pub deal: u64,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub action_count: usize,
    pub moves_made: usize,
    pub outcome: String,
    pub score: i64,
    /// Whether the game belongs to a duel that is still open (read in the
    /// same query as the row): its deal is not shown then.
    #[serde(skip)]
    pub duel_open: bool,
}

/// The storage the server runs on.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// The player holding this token (hashed), if any.
    async fn player_by_token(&self, token_hash: &[u8]) -> Result<Option<PlayerId>, StoreError>;

    /// Registers a new player with this token (hashed).
    async fn create_player(&self, token_hash: &[u8], now_ms: i64) -> Result<PlayerId, StoreError>;

    /// Stores a new game with an empty log.
    async fn create_game(&self, game: &NewGame, summary: &Summary) -> Result<(), StoreError>;

    /// A game with its whole log, if it exists.
    async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// Appends `entry` as action number `number` (counted from 0), durably,
    /// if and only if the log holds exactly `number` actions; otherwise
    /// writes nothing and returns [`StoreError::Conflict`]. The summary is
    /// rewritten in the same transaction.
    async fn append(&self, id: &str, number: usize, entry: &Entry, summary: &Summary) -> Result<(), StoreError>;

    /// Rewrites a game's summary alone (when the clock ends a game).
    async fn update_summary(&self, id: &str, summary: &Summary) -> Result<(), StoreError>;

    /// A player's games, newest first, at most `limit`, each with whether
    /// its duel (if it has one) is open, in one query.
    async fn list_games(&self, player: PlayerId, limit: usize) -> Result<Vec<GameRow>, StoreError>;

    /// Makes a change to a duel (see [`DuelWrite`]), durably.
    async fn write_duel(&self, write: DuelWrite) -> Result<(), StoreError>;

    /// A duel with its participants, if it exists.
    async fn load_duel(&self, id: &str) -> Result<Option<Duel>, StoreError>;

    /// An open quick-match duel of these rules with room left that `player`
    /// is not in, the oldest first.
    async fn open_quick_duel(&self, rules: &str, player: PlayerId, now_ms: i64) -> Result<Option<String>, StoreError>;

    /// Whether the duel is closed (`None`: no such duel).
    async fn duel_closed(&self, id: &str) -> Result<Option<bool>, StoreError>;
}

/// The text an action is stored as: the same token as in a game record (a
/// move in notation, `undo`, `restart`, `quit`, `auto-on`, `auto-off`).
pub fn action_text(action: Action) -> String {
    action.to_string()
}

/// Reads an action stored by [`action_text`].
pub fn parse_action(text: &str) -> Result<Action, String> {
    text.parse().map_err(|e: patience_core::notation::NotationError| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_through_text() {
        for text in ["undo", "restart", "quit", "s", "r", "t3-t5:2", "w-f", "f2-t4", "res-t1"] {
            assert_eq!(action_text(parse_action(text).unwrap()), text);
        }
        assert!(parse_action("x").is_err());
    }
}
