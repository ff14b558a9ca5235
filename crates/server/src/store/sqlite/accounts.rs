//! Accounts and sessions in SQLite: the writes (run by the store's writer
//! thread, inside its group-commit transaction and a savepoint of their
//! own) and the reads (through the pool of reading connections).

use rusqlite::{params, Connection, OptionalExtension};

use super::inserts::is_unique_violation;
use crate::ids::{PlayerId, TokenHash};
use crate::store::accounts::{name_key_of, Account, AccountColumns, AccountWrite, Session, FAILURES_KEPT_MS};
use crate::store::StoreError;

fn backend<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn open_session(tx: &rusqlite::Transaction, token: &TokenHash, player: PlayerId, now_ms: i64) -> rusqlite::Result<()> {
    tx.prepare_cached("INSERT INTO sessions (token_hash, player_id, created_ms, last_seen_ms) VALUES (?, ?, ?, ?)")?
        .execute(params![&token[..], player.0, now_ms, now_ms])?;
    Ok(())
}

fn close_session(tx: &rusqlite::Transaction, token: &TokenHash) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM sessions WHERE token_hash = ?")?.execute([&token[..]])?;
    Ok(())
}

fn close_sessions_of(tx: &rusqlite::Transaction, player: PlayerId) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM sessions WHERE player_id = ?")?.execute([player.0])?;
    Ok(())
}

/// A new player and its first session.
pub(super) fn create_player(tx: &rusqlite::Transaction, token: &TokenHash, now_ms: i64) -> rusqlite::Result<PlayerId> {
    let id = tx
        .prepare_cached("INSERT INTO players (token_hash, created_ms) VALUES (?, ?) RETURNING id")?
        .query_row(params![&token[..], now_ms], |row| row.get::<_, i64>(0))?;
    open_session(tx, token, PlayerId(id), now_ms)?;
    Ok(PlayerId(id))
}

/// Moves what player `from` has to player `into`: its duel seats, except
/// in duels `into` sits in too; its daily attempts, except at daily deals
/// `into` made one at too (one counted attempt a day); its games, except
/// those of the seats and attempts that stay; and the duels it created.
fn claim(tx: &rusqlite::Transaction, from: PlayerId, into: PlayerId) -> rusqlite::Result<()> {
    for sql in CLAIM {
        tx.prepare_cached(sql)?.execute([into.0, from.0])?;
    }
    Ok(())
}

/// The statements of a claim, each with `?1` the player that gains and
/// `?2` the one that gives; in this order, so that the games of the seats
/// and attempts that stay are known when the games move.
const CLAIM: [&str; 4] = [
    "UPDATE duel_participants SET player_id = ?1 WHERE player_id = ?2
     AND duel_id NOT IN (SELECT duel_id FROM duel_participants WHERE player_id = ?1)",
    "UPDATE daily_attempts SET player_id = ?1 WHERE player_id = ?2
     AND NOT EXISTS (SELECT 1 FROM daily_attempts b
                     WHERE b.player_id = ?1 AND b.rules = daily_attempts.rules AND b.day = daily_attempts.day)",
    "UPDATE games SET player_id = ?1 WHERE player_id = ?2
     AND id NOT IN (SELECT game_id FROM duel_participants WHERE player_id = ?2 AND game_id IS NOT NULL)
     AND id NOT IN (SELECT game_id FROM daily_attempts WHERE player_id = ?2)",
    "UPDATE duels SET creator_id = ?1 WHERE creator_id = ?2",
];

pub(super) fn write(tx: &rusqlite::Transaction, write: &AccountWrite) -> Result<(), StoreError> {
    match write {
        AccountWrite::SignUp { player, name, password_hash, old, new, now_ms } => {
            tx.prepare_cached(
                "INSERT INTO accounts (player_id, name, name_key, password_hash, created_ms) VALUES (?, ?, ?, ?, ?)",
            )
            .and_then(|mut st| st.execute(params![player.0, name, name_key_of(name), password_hash, now_ms]))
            .map_err(|e| if is_unique_violation(&e) { StoreError::NameTaken } else { backend(e) })?;
            close_session(tx, old).map_err(backend)?;
            open_session(tx, new, *player, *now_ms).map_err(backend)
        }
        AccountWrite::SignIn { player, old, new, claim: from, now_ms } => {
            if let Some(old) = old {
                close_session(tx, old).map_err(backend)?;
            }
            if let Some(from) = from.filter(|from| from != player) {
                claim(tx, from, *player).map_err(backend)?;
            }
            open_session(tx, new, *player, *now_ms).map_err(backend)
        }
        AccountWrite::SignOut { session } => close_session(tx, session).map_err(backend),
        AccountWrite::SignOutEverywhere { player } => close_sessions_of(tx, *player).map_err(backend),
        AccountWrite::ForgetNewPlayer { player } => {
            close_sessions_of(tx, *player).map_err(backend)?;
            tx.prepare_cached("DELETE FROM players WHERE id = ?")
                .and_then(|mut st| st.execute([player.0]))
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::Delete { player } => {
            close_sessions_of(tx, *player).map_err(backend)?;
            tx.prepare_cached("DELETE FROM accounts WHERE player_id = ?")
                .and_then(|mut st| st.execute([player.0]))
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::SetSettings { player, settings } => {
            tx.prepare_cached("UPDATE accounts SET settings = ? WHERE player_id = ?")
                .and_then(|mut st| st.execute(params![settings, player.0]))
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::SetPassword { player, password_hash, keep } => {
            tx.prepare_cached("UPDATE accounts SET password_hash = ? WHERE player_id = ?")
                .and_then(|mut st| st.execute(params![password_hash, player.0]))
                .map_err(backend)?;
            tx.prepare_cached("DELETE FROM sessions WHERE player_id = ? AND token_hash <> ?")
                .and_then(|mut st| st.execute(params![player.0, &keep[..]]))
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::Touch { session, now_ms } => tx
            .prepare_cached("UPDATE sessions SET last_seen_ms = ? WHERE token_hash = ?")
            .and_then(|mut st| st.execute(params![now_ms, &session[..]]))
            .map(|_| ())
            .map_err(backend),
        AccountWrite::SignInFailed { keys, now_ms, wait_ms } => {
            tx.prepare_cached("DELETE FROM sign_in_failures WHERE blocked_ms < ?")
                .and_then(|mut st| st.execute([now_ms - FAILURES_KEPT_MS]))
                .map_err(backend)?;
            for key in keys {
                let failures: u32 = tx
                    .prepare_cached(
                        "INSERT INTO sign_in_failures (key, failures, blocked_ms) VALUES (?, 1, 0)
                         ON CONFLICT (key) DO UPDATE SET failures = failures + 1 RETURNING failures",
                    )
                    .and_then(|mut st| st.query_row([key], |row| row.get(0)))
                    .map_err(backend)?;
                tx.prepare_cached("UPDATE sign_in_failures SET blocked_ms = ? WHERE key = ?")
                    .and_then(|mut st| st.execute(params![now_ms + wait_ms(key, failures), key]))
                    .map_err(backend)?;
            }
            Ok(())
        }
        AccountWrite::SignInSucceeded { keys } => {
            for key in keys {
                tx.prepare_cached("DELETE FROM sign_in_failures WHERE key = ?")
                    .and_then(|mut st| st.execute([key]))
                    .map_err(backend)?;
            }
            Ok(())
        }
    }
}

fn account_columns(row: &rusqlite::Row) -> rusqlite::Result<AccountColumns> {
    Ok(AccountColumns {
        player_id: row.get("player_id")?,
        name: row.get("name")?,
        password_hash: row.get("password_hash")?,
        created_ms: row.get("created_ms")?,
    })
}

pub(super) fn session(conn: &Connection, token: &TokenHash) -> rusqlite::Result<Option<Session>> {
    conn.prepare_cached("SELECT player_id, last_seen_ms FROM sessions WHERE token_hash = ?")?
        .query_row([&token[..]], |row| Ok(Session { player: PlayerId(row.get(0)?), last_seen_ms: row.get(1)? }))
        .optional()
}

pub(super) fn account_by_name(conn: &Connection, name: &str) -> rusqlite::Result<Option<Account>> {
    conn.prepare_cached("SELECT player_id, name, password_hash, created_ms FROM accounts WHERE name_key = ?")?
        .query_row([name_key_of(name)], account_columns)
        .optional()
        .map(|row| row.map(AccountColumns::into_account))
}

pub(super) fn settings_of(conn: &Connection, player: PlayerId) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT settings FROM accounts WHERE player_id = ?")?
        .query_row([player.0], |row| row.get(0))
        .optional()
        .map(Option::flatten)
}

pub(super) fn account_of(conn: &Connection, player: PlayerId) -> rusqlite::Result<Option<Account>> {
    conn.prepare_cached("SELECT player_id, name, password_hash, created_ms FROM accounts WHERE player_id = ?")?
        .query_row([player.0], account_columns)
        .optional()
        .map(|row| row.map(AccountColumns::into_account))
}

/// The latest time until which any of `keys` is blocked (0 when none is).
pub(super) fn blocked_until(conn: &Connection, keys: &[String]) -> rusqlite::Result<i64> {
    let mut until = 0;
    for key in keys {
        let blocked: Option<i64> = conn
            .prepare_cached("SELECT blocked_ms FROM sign_in_failures WHERE key = ?")?
            .query_row([key], |row| row.get(0))
            .optional()?;
        until = until.max(blocked.unwrap_or(0));
    }
    Ok(until)
}

/// How many games `player` has.
pub(super) fn game_count(conn: &Connection, player: PlayerId) -> rusqlite::Result<u64> {
    conn.prepare_cached("SELECT COUNT(*) FROM games WHERE player_id = ?")?.query_row([player.0], |row| row.get(0))
}
