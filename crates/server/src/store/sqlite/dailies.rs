//! Daily deals in SQLite: the writes (run by the writer thread inside its
//! group-commit transaction) and the reads.

use rusqlite::{params, Connection, OptionalExtension};

use super::inserts::{insert_game, is_unique_violation};
use crate::ids::{DailyId, Day, GameId, PlayerId};
use crate::store::dailies::{
    daily_of_columns, order_by, stored_day, AttemptColumns, AttemptRow, BoardOrder, Daily, DailyWrite, DayRow,
};
use crate::store::{stored_game_id, StoreError};

fn backend<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Backend(e.to_string())
}

pub(super) fn write(tx: &rusqlite::Transaction, write: &DailyWrite) -> Result<(), StoreError> {
    match write {
        DailyWrite::Create(d) => tx
            .prepare_cached(
                "INSERT INTO dailies (rules, day, deal, seed, salt, commitment, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?)
                 ON CONFLICT DO NOTHING",
            )
            .and_then(|mut st| {
                st.execute(params![
                    d.id.rules.id,
                    d.id.day.to_string(),
                    d.deal as i64,
                    d.seed,
                    d.salt,
                    d.commitment,
                    d.created_ms
                ])
            })
            .map(|_| ())
            .map_err(backend),
        DailyWrite::StartAttempt(a) => {
            insert_game(tx, &a.game, &a.summary)?;
            tx.prepare_cached(
                "INSERT INTO daily_attempts (rules, day, player_id, name, game_id, ends_ms) VALUES (?, ?, ?, ?, ?, ?)",
            )
            .and_then(|mut st| {
                st.execute(params![
                    a.daily.rules.id,
                    a.daily.day.to_string(),
                    a.player.0,
                    a.name,
                    a.game.id.as_str(),
                    a.daily.day.end_ms()
                ])
            })
            .map(|_| ())
            .map_err(|e| if is_unique_violation(&e) { StoreError::AttemptExists } else { backend(e) })
        }
    }
}

pub(super) fn daily(conn: &Connection, id: DailyId) -> rusqlite::Result<Result<Option<Daily>, StoreError>> {
    let row = conn
        .prepare_cached("SELECT deal, seed, salt, commitment, created_ms FROM dailies WHERE rules = ? AND day = ?")?
        .query_row(params![id.rules.id, id.day.to_string()], |r| {
            Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .optional()?;
    Ok(row
        .map(|(deal, seed, salt, commitment, created_ms)| {
            daily_of_columns(id.rules.id, &id.day.to_string(), deal, seed, salt, commitment, created_ms)
        })
        .transpose())
}

pub(super) fn attempt(
    conn: &Connection,
    id: DailyId,
    player: PlayerId,
) -> rusqlite::Result<Result<Option<GameId>, StoreError>> {
    let game: Option<String> = conn
        .prepare_cached("SELECT game_id FROM daily_attempts WHERE rules = ? AND day = ? AND player_id = ?")?
        .query_row(params![id.rules.id, id.day.to_string(), player.0], |r| r.get(0))
        .optional()?;
    Ok(game.map(stored_game_id).transpose())
}

pub(super) fn board(
    conn: &Connection,
    id: DailyId,
    order: BoardOrder,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<Result<(Vec<AttemptRow>, usize), StoreError>> {
    let day = id.day.to_string();
    let total: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM daily_attempts WHERE rules = ? AND day = ?")?
        .query_row(params![id.rules.id, day], |r| r.get(0))?;
    let sql = format!(
        "SELECT a.player_id, a.name, acc.name AS account, a.game_id, g.outcome, g.score, g.foundations, g.moves_made,
                g.created_ms, g.updated_ms
         FROM daily_attempts a JOIN games g ON g.id = a.game_id
         LEFT JOIN accounts acc ON acc.player_id = a.player_id
         WHERE a.rules = ? AND a.day = ? ORDER BY {} LIMIT ? OFFSET ?",
        order_by(order)
    );
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params![id.rules.id, day, limit, offset], |r| {
            Ok(AttemptColumns {
                player_id: r.get("player_id")?,
                name: r.get("name")?,
                account: r.get("account")?,
                game_id: r.get("game_id")?,
                outcome: r.get("outcome")?,
                score: r.get("score")?,
                foundations: r.get("foundations")?,
                moves_made: r.get("moves_made")?,
                created_ms: r.get("created_ms")?,
                updated_ms: r.get("updated_ms")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows.into_iter().map(AttemptColumns::into_row).collect::<Result<Vec<_>, _>>().map(|rows| (rows, total as usize)))
}

pub(super) fn days(
    conn: &Connection,
    rules: &str,
    before: Day,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<Result<(Vec<DayRow>, usize), StoreError>> {
    let before = before.to_string();
    let total: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM dailies WHERE rules = ? AND day < ?")?
        .query_row(params![rules, before], |r| r.get(0))?;
    let rows = conn
        .prepare_cached(
            "SELECT d.day, (SELECT COUNT(*) FROM daily_attempts a WHERE a.rules = d.rules AND a.day = d.day)
             FROM dailies d WHERE d.rules = ? AND d.day < ? ORDER BY d.day DESC LIMIT ? OFFSET ?",
        )?
        .query_map(params![rules, before, limit, offset], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows
        .into_iter()
        .map(|(day, attempts)| Ok(DayRow { day: stored_day(&day)?, attempts: attempts as usize }))
        .collect::<Result<Vec<_>, _>>()
        .map(|rows| (rows, total as usize)))
}

pub(super) fn days_of(
    conn: &Connection,
    player: PlayerId,
    limit: i64,
) -> rusqlite::Result<Result<Vec<Day>, StoreError>> {
    let days = conn
        .prepare_cached("SELECT DISTINCT day FROM daily_attempts WHERE player_id = ? ORDER BY day DESC LIMIT ?")?
        .query_map(params![player.0, limit], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(days.iter().map(|d| stored_day(d)).collect())
}
