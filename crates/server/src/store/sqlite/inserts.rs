//! Inserts shared by the writer's writes and the duels' writes: a new
//! game's row, and telling a duplicate (a unique or primary key violated)
//! from other failures.

use rusqlite::{params, ErrorCode};

use crate::store::{NewGame, StoreError, Summary};

/// Inserts a new game's row (ordinary games and duel games alike).
pub(super) fn insert_game(tx: &rusqlite::Transaction, game: &NewGame, summary: &Summary) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO games (id, player_id, rules, deal, created_ms, action_count, moves_made, outcome, score, updated_ms,
                            foundations, dealt_as_winnable, imported)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .and_then(|mut st| {
        st.execute(params![
            game.id.as_str(),
            game.player.0,
            game.rules.id,
            game.deal as i64,
            game.created_ms,
            summary.action_count as i64,
            summary.moves_made as i64,
            summary.outcome.as_str(),
            summary.score,
            summary.updated_ms,
            summary.foundations as i64,
            game.dealt_as_winnable,
            game.imported
        ])
    })
    .map(|_| ())
    .map_err(|e| {
        if is_unique_violation(&e) {
            StoreError::DuplicateId(game.id.to_string())
        } else {
            StoreError::Backend(e.to_string())
        }
    })
}

pub(super) fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.code == ErrorCode::ConstraintViolation
        && (f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE))
}
