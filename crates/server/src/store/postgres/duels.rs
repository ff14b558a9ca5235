//! Duels in PostgreSQL: each write in the transaction its caller commits,
//! the duel's row locked (`FOR UPDATE`) where a check and a write must not
//! be split by another instance's write; and the reads.

use sqlx::postgres::PgPool;
use sqlx::{Postgres, Row, Transaction};

use super::{backend, insert_game, is_unique_violation};
use crate::ids::{DuelId, PlayerId};
use crate::store::duels::{DuelColumns, DuelStatus, NewDuel, ParticipantColumns};
use crate::store::{stored_duel_id, Duel, DuelWrite, StoreError};

type Tx<'a> = Transaction<'a, Postgres>;

async fn insert_duel(tx: &mut Tx<'_>, d: &NewDuel) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO duels (id, rules, created_ms, closes_ms, max_participants, status, commitment, salt, seed, deal,
                            creator_id, quick, address_key)
         VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(d.id.as_str())
    .bind(&d.rules)
    .bind(d.created_ms)
    .bind(d.closes_ms)
    .bind(d.max_participants as i32)
    .bind(&d.commitment)
    .bind(&d.salt)
    .bind(&d.seed)
    .bind(d.deal as i64)
    .bind(d.creator.0)
    .bind(d.quick)
    .bind(&d.address_key)
    .execute(&mut **tx)
    .await
    .map_err(|e| if is_unique_violation(&e) { StoreError::DuplicateId(d.id.to_string()) } else { backend(e) })?;
    for seat in &d.participants {
        sqlx::query(
            "INSERT INTO duel_participants (duel_id, player_id, name, joined_ms, address_hash)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(d.id.as_str())
        .bind(seat.player.0)
        .bind(&seat.name)
        .bind(d.created_ms)
        .bind(seat.address.map(|a| a.to_vec()))
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    }
    Ok(())
}

/// One duel write, inside `tx`.
pub(super) async fn write(tx: &mut Tx<'_>, write: &DuelWrite) -> Result<(), StoreError> {
    match write {
        DuelWrite::Create(d) => insert_duel(tx, d).await,
        DuelWrite::Join { duel_id, seat, joined_ms } => {
            let room = sqlx::query("SELECT status, max_participants FROM duels WHERE id = $1 FOR UPDATE")
                .bind(duel_id.as_str())
                .fetch_optional(&mut **tx)
                .await
                .map_err(backend)?;
            let Some(room) = room else {
                return Err(StoreError::Refused(format!("no duel `{duel_id}`")));
            };
            let status: String = room.try_get(0).map_err(backend)?;
            let max: i32 = room.try_get(1).map_err(backend)?;
            if status != DuelStatus::Open.name() {
                return Err(StoreError::Refused("the duel is closed".into()));
            }
            let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM duel_participants WHERE duel_id = $1")
                .bind(duel_id.as_str())
                .fetch_one(&mut **tx)
                .await
                .map_err(backend)?;
            if count >= max as i64 {
                return Err(StoreError::Refused(format!("the duel is full ({max} participants)")));
            }
            if let Some(address) = seat.address {
                let taken: Option<i32> = sqlx::query_scalar(
                    "SELECT 1 FROM duel_participants WHERE duel_id = $1 AND address_hash = $2 AND player_id <> $3",
                )
                .bind(duel_id.as_str())
                .bind(&address[..])
                .bind(seat.player.0)
                .fetch_optional(&mut **tx)
                .await
                .map_err(backend)?;
                if taken.is_some() {
                    return Err(StoreError::Refused(
                        "someone from your address has a seat in this duel already: one seat per address".into(),
                    ));
                }
            }
            sqlx::query(
                "INSERT INTO duel_participants (duel_id, player_id, name, joined_ms, address_hash)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(duel_id.as_str())
            .bind(seat.player.0)
            .bind(&seat.name)
            .bind(joined_ms)
            .bind(seat.address.map(|a| a.to_vec()))
            .execute(&mut **tx)
            .await
            .map_err(|e| {
                if is_unique_violation(&e) {
                    StoreError::Refused("you have joined this duel already".into())
                } else {
                    backend(e)
                }
            })?;
            Ok(())
        }
        DuelWrite::StartGame { duel_id, player, game, summary } => {
            insert_game(tx, game, summary).await?;
            let updated = sqlx::query(
                "UPDATE duel_participants SET game_id = $1
                 WHERE duel_id = $2 AND player_id = $3 AND game_id IS NULL
                   AND (SELECT status FROM duels WHERE id = $2) = 'open'",
            )
            .bind(game.id.as_str())
            .bind(duel_id.as_str())
            .bind(player.0)
            .execute(&mut **tx)
            .await
            .map_err(backend)?;
            if updated.rows_affected() != 1 {
                return Err(StoreError::Refused(
                    "the game of this participant exists already, or the duel is closed".into(),
                ));
            }
            Ok(())
        }
        DuelWrite::Close { duel_id, closed_ms, results } => {
            let updated =
                sqlx::query("UPDATE duels SET status = 'closed', closed_ms = $1 WHERE id = $2 AND status = 'open'")
                    .bind(closed_ms)
                    .bind(duel_id.as_str())
                    .execute(&mut **tx)
                    .await
                    .map_err(backend)?;
            if updated.rows_affected() != 1 {
                return Err(StoreError::Refused("the duel is closed already".into()));
            }
            for (player, r) in results {
                sqlx::query(
                    "UPDATE duel_participants
                     SET final_score = $1, final_foundations = $2, final_outcome = $3, finished_ms = $4
                     WHERE duel_id = $5 AND player_id = $6",
                )
                .bind(r.score)
                .bind(r.foundations as i32)
                .bind(r.outcome.name())
                .bind(r.finished_ms)
                .bind(duel_id.as_str())
                .bind(player.0)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            }
            Ok(())
        }
        DuelWrite::Rematch { duel_id, rematch } => {
            let updated = sqlx::query("UPDATE duels SET rematch_id = $1 WHERE id = $2 AND rematch_id IS NULL")
                .bind(rematch.id.as_str())
                .bind(duel_id.as_str())
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            if updated.rows_affected() != 1 {
                return Err(StoreError::Refused("the rematch exists already".into()));
            }
            insert_duel(tx, rematch).await
        }
    }
}

pub(super) async fn load(pool: &PgPool, id: &DuelId) -> Result<Option<Duel>, StoreError> {
    let Some(duel) = sqlx::query_as::<_, DuelColumns>(
        "SELECT rules, created_ms, closes_ms, max_participants::BIGINT, status, closed_ms, commitment, salt, seed,
                deal, creator_id, quick, rematch_id, address_key
         FROM duels WHERE id = $1",
    )
    .bind(id.as_str())
    .fetch_optional(pool)
    .await
    .map_err(backend)?
    else {
        return Ok(None);
    };
    let rows = sqlx::query_as::<_, ParticipantColumns>(
        "SELECT player_id, name, game_id, joined_ms, final_score, final_foundations::BIGINT, final_outcome,
                finished_ms
         FROM duel_participants WHERE duel_id = $1 ORDER BY joined_ms, seq",
    )
    .bind(id.as_str())
    .fetch_all(pool)
    .await
    .map_err(backend)?;
    let participants = rows.into_iter().map(ParticipantColumns::into_participant).collect::<Result<_, _>>()?;
    duel.into_duel(id, participants).map(Some)
}

pub(super) async fn open_quick(
    pool: &PgPool,
    rules: &str,
    player: PlayerId,
    now_ms: i64,
) -> Result<Option<DuelId>, StoreError> {
    let id: Option<String> = sqlx::query_scalar(
        "SELECT id FROM duels
         WHERE status = 'open' AND quick AND rules = $1 AND (closes_ms IS NULL OR closes_ms > $2)
           AND (SELECT COUNT(*) FROM duel_participants p WHERE p.duel_id = duels.id) < max_participants
           AND NOT EXISTS (SELECT 1 FROM duel_participants p WHERE p.duel_id = duels.id AND p.player_id = $3)
         ORDER BY created_ms, seq LIMIT 1",
    )
    .bind(rules)
    .bind(now_ms)
    .bind(player.0)
    .fetch_optional(pool)
    .await
    .map_err(backend)?;
    id.map(stored_duel_id).transpose()
}
