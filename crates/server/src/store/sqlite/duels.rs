//! Duels in SQLite: the writes (run by the store's writer thread, inside its
//! group-commit transaction and a savepoint of their own) and the reads
//! (through the pool of reading connections).

use rusqlite::{params, OptionalExtension};
use sqlx::sqlite::SqlitePool;
use sqlx::Row;

use crate::ids::{DuelId, PlayerId};
use crate::store::duels::{DuelColumns, DuelStatus, NewDuel, ParticipantColumns};
use crate::store::{stored_duel_id, Duel, DuelWrite, StoreError};

fn backend<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn insert_duel(tx: &rusqlite::Transaction, d: &NewDuel) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO duels (id, rules, created_ms, closes_ms, max_participants, status, commitment, salt, seed, deal,
                            creator_id, quick, address_key)
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?)",
    )
    .and_then(|mut st| {
        st.execute(params![
            d.id.as_str(),
            d.rules,
            d.created_ms,
            d.closes_ms,
            d.max_participants as i64,
            d.commitment,
            d.salt,
            d.seed,
            d.deal as i64,
            d.creator.0,
            d.quick as i64,
            d.address_key
        ])
    })
    .map_err(|e| {
        if super::is_unique_violation(&e) {
            StoreError::DuplicateId(d.id.to_string())
        } else {
            backend(e)
        }
    })?;
    for seat in &d.participants {
        tx.prepare_cached(
            "INSERT INTO duel_participants (duel_id, player_id, name, joined_ms, address_hash) VALUES (?, ?, ?, ?, ?)",
        )
        .and_then(|mut st| {
            st.execute(params![d.id.as_str(), seat.player.0, seat.name, d.created_ms, seat.address.map(|a| a.to_vec())])
        })
        .map_err(backend)?;
    }
    Ok(())
}

/// One duel write, inside the writer's transaction.
pub(super) fn write(tx: &rusqlite::Transaction, write: &DuelWrite) -> Result<(), StoreError> {
    match write {
        DuelWrite::Create(d) => insert_duel(tx, d),
        DuelWrite::Join { duel_id, seat, joined_ms } => {
            let room: Option<(String, i64, i64)> = tx
                .prepare_cached(
                    "SELECT status, max_participants, (SELECT COUNT(*) FROM duel_participants WHERE duel_id = duels.id)
                     FROM duels WHERE id = ?",
                )
                .and_then(|mut st| {
                    st.query_row(params![duel_id.as_str()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).optional()
                })
                .map_err(backend)?;
            let Some((status, max, count)) = room else {
                return Err(StoreError::Refused(format!("no duel `{duel_id}`")));
            };
            if status != DuelStatus::Open.name() {
                return Err(StoreError::Refused("the duel is closed".into()));
            }
            if count >= max {
                return Err(StoreError::Refused(format!("the duel is full ({max} participants)")));
            }
            if let Some(address) = seat.address {
                let taken: Option<i64> = tx
                    .prepare_cached(
                        "SELECT 1 FROM duel_participants WHERE duel_id = ? AND address_hash = ? AND player_id <> ?",
                    )
                    .and_then(|mut st| {
                        st.query_row(params![duel_id.as_str(), &address[..], seat.player.0], |r| r.get(0)).optional()
                    })
                    .map_err(backend)?;
                if taken.is_some() {
                    return Err(StoreError::Refused(
                        "someone from your address has a seat in this duel already: one seat per address".into(),
                    ));
                }
            }
            tx.prepare_cached(
                "INSERT INTO duel_participants (duel_id, player_id, name, joined_ms, address_hash) VALUES (?, ?, ?, ?, ?)",
            )
            .and_then(|mut st| {
                st.execute(params![
                    duel_id.as_str(),
                    seat.player.0,
                    seat.name,
                    joined_ms,
                    seat.address.map(|a| a.to_vec())
                ])
            })
            .map_err(|e| {
                if super::is_unique_violation(&e) {
                    StoreError::Refused("you have joined this duel already".into())
                } else {
                    backend(e)
                }
            })?;
            Ok(())
        }
        DuelWrite::StartGame { duel_id, player, game, summary } => {
            super::insert_game(tx, game, summary)?;
            let updated = tx
                .prepare_cached(
                    "UPDATE duel_participants SET game_id = ?
                     WHERE duel_id = ? AND player_id = ? AND game_id IS NULL
                       AND (SELECT status FROM duels WHERE id = ?) = 'open'",
                )
                .and_then(|mut st| st.execute(params![game.id.as_str(), duel_id.as_str(), player.0, duel_id.as_str()]))
                .map_err(backend)?;
            if updated != 1 {
                return Err(StoreError::Refused(
                    "the game of this participant exists already, or the duel is closed".into(),
                ));
            }
            Ok(())
        }
        DuelWrite::Close { duel_id, closed_ms, results } => {
            let updated = tx
                .prepare_cached("UPDATE duels SET status = 'closed', closed_ms = ? WHERE id = ? AND status = 'open'")
                .and_then(|mut st| st.execute(params![closed_ms, duel_id.as_str()]))
                .map_err(backend)?;
            if updated != 1 {
                return Err(StoreError::Refused("the duel is closed already".into()));
            }
            for (player, r) in results {
                tx.prepare_cached(
                    "UPDATE duel_participants SET final_score = ?, final_foundations = ?, final_outcome = ?, finished_ms = ?
                     WHERE duel_id = ? AND player_id = ?",
                )
                .and_then(|mut st| {
                    st.execute(params![
                        r.score,
                        r.foundations as i64,
                        r.outcome.name(),
                        r.finished_ms,
                        duel_id.as_str(),
                        player.0
                    ])
                })
                .map_err(backend)?;
            }
            Ok(())
        }
        DuelWrite::Rematch { duel_id, rematch } => {
            let updated = tx
                .prepare_cached("UPDATE duels SET rematch_id = ? WHERE id = ? AND rematch_id IS NULL")
                .and_then(|mut st| st.execute(params![rematch.id.as_str(), duel_id.as_str()]))
                .map_err(backend)?;
            if updated != 1 {
                return Err(StoreError::Refused("the rematch exists already".into()));
            }
            insert_duel(tx, rematch)
        }
    }
}

pub(super) async fn load(pool: &SqlitePool, id: &DuelId) -> Result<Option<Duel>, StoreError> {
    let mut conn = pool.acquire().await.map_err(backend)?;
    let Some(duel) = sqlx::query_as::<_, DuelColumns>(
        "SELECT rules, created_ms, closes_ms, max_participants, status, closed_ms, commitment, salt, seed, deal,
                creator_id, quick, rematch_id, address_key
         FROM duels WHERE id = ?",
    )
    .bind(id.as_str())
    .fetch_optional(&mut *conn)
    .await
    .map_err(backend)?
    else {
        return Ok(None);
    };
    let rows = sqlx::query_as::<_, ParticipantColumns>(
        "SELECT player_id, name, game_id, joined_ms, final_score, final_foundations, final_outcome, finished_ms
         FROM duel_participants WHERE duel_id = ? ORDER BY joined_ms, rowid",
    )
    .bind(id.as_str())
    .fetch_all(&mut *conn)
    .await
    .map_err(backend)?;
    let participants = rows.into_iter().map(ParticipantColumns::into_participant).collect::<Result<_, _>>()?;
    duel.into_duel(id, participants).map(Some)
}

pub(super) async fn open_quick(
    pool: &SqlitePool,
    rules: &str,
    player: PlayerId,
    now_ms: i64,
) -> Result<Option<DuelId>, StoreError> {
    let row = sqlx::query(
        "SELECT id FROM duels
         WHERE status = 'open' AND quick = 1 AND rules = ? AND (closes_ms IS NULL OR closes_ms > ?)
           AND (SELECT COUNT(*) FROM duel_participants p WHERE p.duel_id = duels.id) < max_participants
           AND NOT EXISTS (SELECT 1 FROM duel_participants p WHERE p.duel_id = duels.id AND p.player_id = ?)
         ORDER BY created_ms, rowid LIMIT 1",
    )
    .bind(rules)
    .bind(now_ms)
    .bind(player.0)
    .fetch_optional(pool)
    .await
    .map_err(backend)?;
    row.map(|r| r.try_get::<String, _>(0).map_err(backend).and_then(stored_duel_id)).transpose()
}

pub(super) async fn status(pool: &SqlitePool, id: &DuelId) -> Result<Option<DuelStatus>, StoreError> {
    let row = sqlx::query("SELECT status FROM duels WHERE id = ?")
        .bind(id.as_str())
        .fetch_optional(pool)
        .await
        .map_err(backend)?;
    row.map(|r| r.try_get::<String, _>(0).map_err(backend).and_then(|s| DuelStatus::parse(&s))).transpose()
}
