//! Duels in SQLite: the writes (run by the store's writer thread, inside its
//! group-commit transaction and a savepoint of their own) and the reads
//! (through the pool of reading connections).

use rusqlite::{params, Connection, OptionalExtension};

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

/// A duel with its participants, on a reading connection. The outer
/// error is the database's, the inner one a row that does not read.
pub(super) fn load(conn: &Connection, id: &DuelId) -> rusqlite::Result<Result<Option<Duel>, StoreError>> {
    let Some(duel) = conn
        .prepare_cached(
            "SELECT rules, created_ms, closes_ms, max_participants, status, closed_ms, commitment, salt, seed, deal,
                    creator_id, quick, rematch_id, address_key
             FROM duels WHERE id = ?",
        )?
        .query_row([id.as_str()], |row| {
            Ok(DuelColumns {
                rules: row.get("rules")?,
                created_ms: row.get("created_ms")?,
                closes_ms: row.get("closes_ms")?,
                max_participants: row.get("max_participants")?,
                status: row.get("status")?,
                closed_ms: row.get("closed_ms")?,
                commitment: row.get("commitment")?,
                salt: row.get("salt")?,
                seed: row.get("seed")?,
                deal: row.get("deal")?,
                creator_id: row.get("creator_id")?,
                quick: row.get("quick")?,
                rematch_id: row.get("rematch_id")?,
                address_key: row.get("address_key")?,
            })
        })
        .optional()?
    else {
        return Ok(Ok(None));
    };
    let rows = conn
        .prepare_cached(
            "SELECT player_id, name, game_id, joined_ms, final_score, final_foundations, final_outcome, finished_ms
             FROM duel_participants WHERE duel_id = ? ORDER BY joined_ms, rowid",
        )?
        .query_map([id.as_str()], |row| {
            Ok(ParticipantColumns {
                player_id: row.get("player_id")?,
                name: row.get("name")?,
                game_id: row.get("game_id")?,
                joined_ms: row.get("joined_ms")?,
                final_score: row.get("final_score")?,
                final_foundations: row.get("final_foundations")?,
                final_outcome: row.get("final_outcome")?,
                finished_ms: row.get("finished_ms")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows
        .into_iter()
        .map(ParticipantColumns::into_participant)
        .collect::<Result<_, _>>()
        .and_then(|participants| duel.into_duel(id, participants).map(Some)))
}

/// The oldest open quick duel of `rules` with a free seat that `player`
/// has not taken.
pub(super) fn open_quick(
    conn: &Connection,
    rules: &str,
    player: PlayerId,
    now_ms: i64,
) -> rusqlite::Result<Result<Option<DuelId>, StoreError>> {
    let id: Option<String> = conn
        .prepare_cached(
            "SELECT id FROM duels
             WHERE status = 'open' AND quick = 1 AND rules = ? AND (closes_ms IS NULL OR closes_ms > ?)
               AND (SELECT COUNT(*) FROM duel_participants p WHERE p.duel_id = duels.id) < max_participants
               AND NOT EXISTS (SELECT 1 FROM duel_participants p WHERE p.duel_id = duels.id AND p.player_id = ?)
             ORDER BY created_ms, rowid LIMIT 1",
        )?
        .query_row(params![rules, now_ms, player.0], |row| row.get(0))
        .optional()?;
    Ok(id.map(stored_duel_id).transpose())
}

/// A duel's status.
pub(super) fn status(conn: &Connection, id: &DuelId) -> rusqlite::Result<Result<Option<DuelStatus>, StoreError>> {
    let status: Option<String> = conn
        .prepare_cached("SELECT status FROM duels WHERE id = ?")?
        .query_row([id.as_str()], |row| row.get(0))
        .optional()?;
    Ok(status.map(|s| DuelStatus::parse(&s)).transpose())
}
