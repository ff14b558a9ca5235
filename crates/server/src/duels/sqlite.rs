//! Duels in SQLite: the writes (run by the store's writer thread, inside its
//! group-commit transaction and a savepoint of their own) and the reads
//! (through the pool of reading connections).

use rusqlite::{params, OptionalExtension};
use sqlx::sqlite::SqlitePool;
use sqlx::Row;

use super::model::{Duel, DuelWrite, FinalResult, NewDuel, Participant};
use crate::store::{PlayerId, StoreError};

fn backend<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn insert_duel(tx: &rusqlite::Transaction, d: &NewDuel) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO duels (id, rules, created_ms, closes_ms, max_participants, status, commitment, salt, seed, deal,
                            creator_id, quick)
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?)",
    )
    .and_then(|mut st| {
        st.execute(params![
            d.id,
            d.rules,
            d.created_ms,
            d.closes_ms,
            d.max_participants as i64,
            d.commitment,
            d.salt,
            d.seed,
            d.deal as i64,
            d.creator,
            d.quick as i64
        ])
    })
    .map_err(|e| {
        if super::super::sqlite::is_unique_violation(&e) {
            StoreError::DuplicateId(d.id.clone())
        } else {
            backend(e)
        }
    })?;
    for (player, name) in &d.participants {
        tx.prepare_cached("INSERT INTO duel_participants (duel_id, player_id, name, joined_ms) VALUES (?, ?, ?, ?)")
            .and_then(|mut st| st.execute(params![d.id, player, name, d.created_ms]))
            .map_err(backend)?;
    }
    Ok(())
}

/// One duel write, inside the writer's transaction.
pub(crate) fn write(tx: &rusqlite::Transaction, write: &DuelWrite) -> Result<(), StoreError> {
    match write {
        DuelWrite::Create(d) => insert_duel(tx, d),
        DuelWrite::Join { duel_id, player, name, joined_ms } => {
            let room: Option<(String, i64, i64)> = tx
                .prepare_cached(
                    "SELECT status, max_participants, (SELECT COUNT(*) FROM duel_participants WHERE duel_id = duels.id)
                     FROM duels WHERE id = ?",
                )
                .and_then(|mut st| st.query_row(params![duel_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).optional())
                .map_err(backend)?;
            let Some((status, max, count)) = room else {
                return Err(StoreError::Refused(format!("no duel `{duel_id}`")));
            };
            if status != "open" {
                return Err(StoreError::Refused("the duel is closed".into()));
            }
            if count >= max {
                return Err(StoreError::Refused(format!("the duel is full ({max} participants)")));
            }
            tx.prepare_cached(
                "INSERT INTO duel_participants (duel_id, player_id, name, joined_ms) VALUES (?, ?, ?, ?)",
            )
            .and_then(|mut st| st.execute(params![duel_id, player, name, joined_ms]))
            .map_err(|e| {
                if super::super::sqlite::is_unique_violation(&e) {
                    StoreError::Refused("you have joined this duel already".into())
                } else {
                    backend(e)
                }
            })?;
            Ok(())
        }
        DuelWrite::StartGame { duel_id, player, game, summary } => {
            crate::sqlite::insert_game(tx, game, summary)?;
            let updated = tx
                .prepare_cached(
                    "UPDATE duel_participants SET game_id = ?
                     WHERE duel_id = ? AND player_id = ? AND game_id IS NULL
                       AND (SELECT status FROM duels WHERE id = ?) = 'open'",
                )
                .and_then(|mut st| st.execute(params![game.id, duel_id, player, duel_id]))
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
                .and_then(|mut st| st.execute(params![closed_ms, duel_id]))
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
                    st.execute(params![r.score, r.foundations as i64, r.outcome, r.finished_ms, duel_id, player])
                })
                .map_err(backend)?;
            }
            Ok(())
        }
        DuelWrite::Rematch { duel_id, rematch } => {
            let updated = tx
                .prepare_cached("UPDATE duels SET rematch_id = ? WHERE id = ? AND rematch_id IS NULL")
                .and_then(|mut st| st.execute(params![rematch.id, duel_id]))
                .map_err(backend)?;
            if updated != 1 {
                return Err(StoreError::Refused("the rematch exists already".into()));
            }
            insert_duel(tx, rematch)
        }
    }
}

pub(crate) async fn load(pool: &SqlitePool, id: &str) -> Result<Option<Duel>, StoreError> {
    let mut conn = pool.acquire().await.map_err(backend)?;
    let Some(row) = sqlx::query(
        "SELECT rules, created_ms, closes_ms, max_participants, status, closed_ms, commitment, salt, seed, deal,
                creator_id, quick, rematch_id
         FROM duels WHERE id = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(backend)?
    else {
        return Ok(None);
    };
    let rows = sqlx::query(
        "SELECT player_id, name, game_id, joined_ms, final_score, final_foundations, final_outcome, finished_ms
         FROM duel_participants WHERE duel_id = ? ORDER BY joined_ms, rowid",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
    .map_err(backend)?;
    let mut participants = Vec::with_capacity(rows.len());
    for r in &rows {
        let score: Option<i64> = r.try_get("final_score").map_err(backend)?;
        let result = match score {
            Some(score) => Some(FinalResult {
                score,
                foundations: r.try_get::<Option<i64>, _>("final_foundations").map_err(backend)?.unwrap_or(0) as usize,
                outcome: r.try_get::<Option<String>, _>("final_outcome").map_err(backend)?.unwrap_or_default(),
                finished_ms: r.try_get("finished_ms").map_err(backend)?,
            }),
            None => None,
        };
        participants.push(Participant {
            player: r.try_get("player_id").map_err(backend)?,
            name: r.try_get("name").map_err(backend)?,
            game_id: r.try_get("game_id").map_err(backend)?,
            joined_ms: r.try_get("joined_ms").map_err(backend)?,
            result,
        });
    }
    let status: String = row.try_get("status").map_err(backend)?;
    Ok(Some(Duel {
        id: id.to_string(),
        rules: row.try_get("rules").map_err(backend)?,
        created_ms: row.try_get("created_ms").map_err(backend)?,
        closes_ms: row.try_get("closes_ms").map_err(backend)?,
        max_participants: row.try_get::<i64, _>("max_participants").map_err(backend)? as usize,
        closed: status == "closed",
        closed_ms: row.try_get("closed_ms").map_err(backend)?,
        commitment: row.try_get("commitment").map_err(backend)?,
        salt: row.try_get("salt").map_err(backend)?,
        seed: row.try_get("seed").map_err(backend)?,
        deal: row.try_get::<i64, _>("deal").map_err(backend)? as u64,
        creator: row.try_get("creator_id").map_err(backend)?,
        quick: row.try_get::<i64, _>("quick").map_err(backend)? != 0,
        rematch_id: row.try_get("rematch_id").map_err(backend)?,
        participants,
    }))
}

pub(crate) async fn open_quick(
    pool: &SqlitePool,
    rules: &str,
    player: PlayerId,
    now_ms: i64,
) -> Result<Option<String>, StoreError> {
    let row = sqlx::query(
        "SELECT id FROM duels
         WHERE status = 'open' AND quick = 1 AND rules = ? AND (closes_ms IS NULL OR closes_ms > ?)
           AND (SELECT COUNT(*) FROM duel_participants p WHERE p.duel_id = duels.id) < max_participants
           AND NOT EXISTS (SELECT 1 FROM duel_participants p WHERE p.duel_id = duels.id AND p.player_id = ?)
         ORDER BY created_ms, rowid LIMIT 1",
    )
    .bind(rules)
    .bind(now_ms)
    .bind(player)
    .fetch_optional(pool)
    .await
    .map_err(backend)?;
    row.map(|r| r.try_get::<String, _>(0)).transpose().map_err(backend)
}

pub(crate) async fn closed(pool: &SqlitePool, id: &str) -> Result<Option<bool>, StoreError> {
    let row =
        sqlx::query("SELECT status FROM duels WHERE id = ?").bind(id).fetch_optional(pool).await.map_err(backend)?;
    row.map(|r| r.try_get::<String, _>(0).map(|status| status == "closed")).transpose().map_err(backend)
}
