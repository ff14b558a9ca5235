//! Accounts and sessions in PostgreSQL: each write in the transaction its
//! caller commits, and the reads.

use sqlx::postgres::PgPool;
use sqlx::{Postgres, Transaction};

use super::{backend, is_unique_violation};
use crate::ids::{PlayerId, TokenHash};
use crate::store::accounts::{name_key_of, Account, AccountColumns, AccountWrite, Session, FAILURES_KEPT_MS};
use crate::store::StoreError;

type Tx<'a> = Transaction<'a, Postgres>;

async fn open_session(tx: &mut Tx<'_>, token: &TokenHash, player: PlayerId, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO sessions (token_hash, player_id, created_ms, last_seen_ms) VALUES ($1, $2, $3, $3)")
        .bind(&token[..])
        .bind(player.0)
        .bind(now_ms)
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    Ok(())
}

async fn close_session(tx: &mut Tx<'_>, token: &TokenHash) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(&token[..])
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    Ok(())
}

async fn close_sessions_of(tx: &mut Tx<'_>, player: PlayerId) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE player_id = $1")
        .bind(player.0)
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    Ok(())
}

/// A new player and its first session (which the trigger of migration 3,
/// there for a rolling upgrade, may have made already).
pub(super) async fn create_player(tx: &mut Tx<'_>, token: &TokenHash, now_ms: i64) -> Result<PlayerId, StoreError> {
    let id: i64 = sqlx::query_scalar("INSERT INTO players (token_hash, created_ms) VALUES ($1, $2) RETURNING id")
        .bind(&token[..])
        .bind(now_ms)
        .fetch_one(&mut **tx)
        .await
        .map_err(backend)?;
    sqlx::query(
        "INSERT INTO sessions (token_hash, player_id, created_ms, last_seen_ms) VALUES ($1, $2, $3, $3)
         ON CONFLICT (token_hash) DO NOTHING",
    )
    .bind(&token[..])
    .bind(id)
    .bind(now_ms)
    .execute(&mut **tx)
    .await
    .map_err(backend)?;
    Ok(PlayerId(id))
}

/// Moves what player `from` has to player `into` (see the SQLite store's
/// claim: seats and daily attempts first, then the games of those that
/// moved, then the duels it created).
async fn claim(tx: &mut Tx<'_>, from: PlayerId, into: PlayerId) -> Result<(), StoreError> {
    for sql in [
        "UPDATE duel_participants SET player_id = $1 WHERE player_id = $2
         AND duel_id NOT IN (SELECT duel_id FROM duel_participants WHERE player_id = $1)",
        "UPDATE daily_attempts SET player_id = $1 WHERE player_id = $2
         AND NOT EXISTS (SELECT 1 FROM daily_attempts b
                         WHERE b.player_id = $1 AND b.rules = daily_attempts.rules AND b.day = daily_attempts.day)",
        "UPDATE games SET player_id = $1 WHERE player_id = $2
         AND id NOT IN (SELECT game_id FROM duel_participants WHERE player_id = $2 AND game_id IS NOT NULL)
         AND id NOT IN (SELECT game_id FROM daily_attempts WHERE player_id = $2)",
        "UPDATE duels SET creator_id = $1 WHERE creator_id = $2",
    ] {
        sqlx::query(sql).bind(into.0).bind(from.0).execute(&mut **tx).await.map_err(backend)?;
    }
    Ok(())
}

pub(super) async fn write(tx: &mut Tx<'_>, write: &AccountWrite) -> Result<(), StoreError> {
    match write {
        AccountWrite::SignUp { player, name, password_hash, old, new, now_ms } => {
            sqlx::query(
                "INSERT INTO accounts (player_id, name, name_key, password_hash, created_ms) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(player.0)
            .bind(name)
            .bind(name_key_of(name))
            .bind(password_hash)
            .bind(now_ms)
            .execute(&mut **tx)
            .await
            .map_err(|e| if is_unique_violation(&e) { StoreError::NameTaken } else { backend(e) })?;
            close_session(tx, old).await?;
            open_session(tx, new, *player, *now_ms).await
        }
        AccountWrite::SignIn { player, old, new, claim: from, now_ms } => {
            if let Some(old) = old {
                close_session(tx, old).await?;
            }
            if let Some(from) = from.filter(|from| from != player) {
                claim(tx, from, *player).await?;
            }
            open_session(tx, new, *player, *now_ms).await
        }
        AccountWrite::SignOut { session } => close_session(tx, session).await,
        AccountWrite::SignOutEverywhere { player } => close_sessions_of(tx, *player).await,
        AccountWrite::ForgetNewPlayer { player } => {
            close_sessions_of(tx, *player).await?;
            sqlx::query("DELETE FROM players WHERE id = $1")
                .bind(player.0)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::Delete { player } => {
            close_sessions_of(tx, *player).await?;
            sqlx::query("DELETE FROM accounts WHERE player_id = $1")
                .bind(player.0)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::SetSettings { player, settings } => {
            sqlx::query("UPDATE accounts SET settings = $1 WHERE player_id = $2")
                .bind(settings)
                .bind(player.0)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::SetPassword { player, password_hash, keep } => {
            sqlx::query("UPDATE accounts SET password_hash = $1 WHERE player_id = $2")
                .bind(password_hash)
                .bind(player.0)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            sqlx::query("DELETE FROM sessions WHERE player_id = $1 AND token_hash <> $2")
                .bind(player.0)
                .bind(&keep[..])
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::Touch { session, now_ms } => {
            sqlx::query("UPDATE sessions SET last_seen_ms = $1 WHERE token_hash = $2")
                .bind(now_ms)
                .bind(&session[..])
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            Ok(())
        }
        AccountWrite::SignInFailed { keys, now_ms, wait_ms } => {
            sqlx::query("DELETE FROM sign_in_failures WHERE blocked_ms < $1")
                .bind(now_ms - FAILURES_KEPT_MS)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            for key in keys {
                let failures: i32 = sqlx::query_scalar(
                    "INSERT INTO sign_in_failures (key, failures, blocked_ms) VALUES ($1, 1, 0)
                     ON CONFLICT (key) DO UPDATE SET failures = sign_in_failures.failures + 1 RETURNING failures",
                )
                .bind(key)
                .fetch_one(&mut **tx)
                .await
                .map_err(backend)?;
                sqlx::query("UPDATE sign_in_failures SET blocked_ms = $1 WHERE key = $2")
                    .bind(now_ms + wait_ms(key, failures.max(0) as u32))
                    .bind(key)
                    .execute(&mut **tx)
                    .await
                    .map_err(backend)?;
            }
            Ok(())
        }
        AccountWrite::SignInSucceeded { keys } => {
            sqlx::query("DELETE FROM sign_in_failures WHERE key = ANY($1)")
                .bind(keys)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            Ok(())
        }
    }
}

pub(super) async fn session(pool: &PgPool, token: &TokenHash) -> Result<Option<Session>, StoreError> {
    let row: Option<(i64, i64)> = sqlx::query_as("SELECT player_id, last_seen_ms FROM sessions WHERE token_hash = $1")
        .bind(&token[..])
        .fetch_optional(pool)
        .await
        .map_err(backend)?;
    Ok(row.map(|(player, last_seen_ms)| Session { player: PlayerId(player), last_seen_ms }))
}

pub(super) async fn account_by_name(pool: &PgPool, name: &str) -> Result<Option<Account>, StoreError> {
    let row: Option<AccountColumns> =
        sqlx::query_as("SELECT player_id, name, password_hash, created_ms FROM accounts WHERE name_key = $1")
            .bind(name_key_of(name))
            .fetch_optional(pool)
            .await
            .map_err(backend)?;
    Ok(row.map(AccountColumns::into_account))
}

pub(super) async fn settings_of(pool: &PgPool, player: PlayerId) -> Result<Option<String>, StoreError> {
    let row: Option<Option<String>> = sqlx::query_scalar("SELECT settings FROM accounts WHERE player_id = $1")
        .bind(player.0)
        .fetch_optional(pool)
        .await
        .map_err(backend)?;
    Ok(row.flatten())
}

pub(super) async fn account_of(pool: &PgPool, player: PlayerId) -> Result<Option<Account>, StoreError> {
    let row: Option<AccountColumns> =
        sqlx::query_as("SELECT player_id, name, password_hash, created_ms FROM accounts WHERE player_id = $1")
            .bind(player.0)
            .fetch_optional(pool)
            .await
            .map_err(backend)?;
    Ok(row.map(AccountColumns::into_account))
}

pub(super) async fn blocked_until(pool: &PgPool, keys: &[String]) -> Result<i64, StoreError> {
    let until: Option<i64> = sqlx::query_scalar("SELECT MAX(blocked_ms) FROM sign_in_failures WHERE key = ANY($1)")
        .bind(keys)
        .fetch_one(pool)
        .await
        .map_err(backend)?;
    Ok(until.unwrap_or(0))
}

pub(super) async fn game_count(pool: &PgPool, player: PlayerId) -> Result<u64, StoreError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE player_id = $1")
        .bind(player.0)
        .fetch_one(pool)
        .await
        .map_err(backend)?;
    Ok(n as u64)
}
