//! Duels in SQLite: the writes (run by the store's writer thread, inside its
//! group-commit transaction and a savepoint of their own, each judged first
//! by the duel rule book) and the reads (through the pool of reading
//! connections).

use rusqlite::{params, Connection, OptionalExtension};

use crate::ids::DuelId;
use crate::ratings::{self, Entrant, Rating};
use crate::store::duels::rule_book::{self, DuelState, SeatState, Subject};
use crate::store::duels::{DuelColumns, DuelStatus, NewDuel, ParticipantColumns, RatedClose, WaitingColumns};
use crate::store::{Duel, DuelWrite, StoreError, Waiting};

fn backend<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn insert_duel(tx: &rusqlite::Transaction, d: &NewDuel) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO duels (id, rules, created_ms, closes_ms, max_participants, status, commitment, salt, seed, deal,
                            creator_id, quick, address_key, rated)
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .and_then(|mut st| {
        st.execute(params![
            d.id.as_str(),
            d.rules.id,
            d.created_ms,
            d.closes_ms,
            d.max_participants as i64,
            d.commitment,
            d.salt,
            d.seed,
            d.deal as i64,
            d.creator.0,
            d.quick as i64,
            d.address_key,
            d.rated as i64
        ])
    })
    .map_err(|e| {
        if super::inserts::is_unique_violation(&e) {
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

/// What the rule book reads of the duel `subject` names, inside the
/// writer's transaction; `None` when there is no such duel.
fn state(tx: &rusqlite::Transaction, subject: &Subject) -> Result<Option<DuelState>, StoreError> {
    let duel_id = subject.duel_id.as_str();
    let row: Option<(String, i64, i64, bool)> = tx
        .prepare_cached(
            "SELECT status, max_participants, (SELECT COUNT(*) FROM duel_participants WHERE duel_id = duels.id),
                    rematch_id IS NOT NULL
             FROM duels WHERE id = ?",
        )
        .and_then(|mut st| st.query_row([duel_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))).optional())
        .map_err(backend)?;
    let Some((status, max_participants, participants, has_rematch)) = row else {
        return Ok(None);
    };
    let mut state = DuelState::of_row(status.parse()?, max_participants as usize, participants as usize, has_rematch);
    if let Some(player) = subject.player {
        let has_game: Option<bool> = tx
            .prepare_cached("SELECT game_id IS NOT NULL FROM duel_participants WHERE duel_id = ? AND player_id = ?")
            .and_then(|mut st| st.query_row(params![duel_id, player.0], |r| r.get(0)).optional())
            .map_err(backend)?;
        state.seat = has_game.map(|has_game| SeatState { has_game });
        if let Some(address) = subject.address {
            state.address_taken = tx
                .prepare_cached(
                    "SELECT EXISTS (SELECT 1 FROM duel_participants
                                    WHERE duel_id = ? AND address_hash = ? AND player_id <> ?)",
                )
                .and_then(|mut st| st.query_row(params![duel_id, &address[..], player.0], |r| r.get(0)))
                .map_err(backend)?;
        }
    }
    Ok(Some(state))
}

/// One duel write, inside the writer's transaction: judged by the rule book
/// on the state read here, then written.
pub(super) fn write(tx: &rusqlite::Transaction, write: &DuelWrite) -> Result<(), StoreError> {
    let state = rule_book::subject(write).map(|subject| state(tx, &subject)).transpose()?.flatten();
    rule_book::judge(write, state.as_ref()).map_err(StoreError::Refused)?;
    match write {
        DuelWrite::Create(d) => insert_duel(tx, d),
        DuelWrite::Join { duel_id, seat, joined_ms } => {
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
            .map_err(backend)?;
            Ok(())
        }
        DuelWrite::StartGame { duel_id, player, game, summary } => {
            super::inserts::insert_game(tx, game, summary)?;
            tx.prepare_cached("UPDATE duel_participants SET game_id = ? WHERE duel_id = ? AND player_id = ?")
                .and_then(|mut st| st.execute(params![game.id.as_str(), duel_id.as_str(), player.0]))
                .map_err(backend)?;
            Ok(())
        }
        DuelWrite::Close { duel_id, closed_ms, results, rated } => {
            tx.prepare_cached("UPDATE duels SET status = 'closed', closed_ms = ? WHERE id = ?")
                .and_then(|mut st| st.execute(params![closed_ms, duel_id.as_str()]))
                .map_err(backend)?;
            for (player, r) in results {
                tx.prepare_cached(
                    "UPDATE duel_participants SET final_score = ?, final_foundations = ?, final_outcome = ?, finished_ms = ?
                     WHERE duel_id = ? AND player_id = ?",
                )
                .and_then(|mut st| {
                    st.execute(params![
                        r.score,
                        r.foundations as i64,
                        r.outcome.as_str(),
                        r.finished_ms,
                        duel_id.as_str(),
                        player.0
                    ])
                })
                .map_err(backend)?;
            }
            if let Some(rated) = rated {
                rate(tx, duel_id, rated, *closed_ms)?;
            }
            Ok(())
        }
        DuelWrite::Rematch { duel_id, rematch } => {
            tx.prepare_cached("UPDATE duels SET rematch_id = ? WHERE id = ?")
                .and_then(|mut st| st.execute(params![rematch.id.as_str(), duel_id.as_str()]))
                .map_err(backend)?;
            insert_duel(tx, rematch)?;
            // The seats keep their addresses (hashed under the key the
            // rematch shares with its duel).
            tx.prepare_cached(
                "UPDATE duel_participants SET address_hash = (SELECT old.address_hash FROM duel_participants old
                     WHERE old.duel_id = ?1 AND old.player_id = duel_participants.player_id)
                 WHERE duel_id = ?2",
            )
            .and_then(|mut st| st.execute(params![duel_id.as_str(), rematch.id.as_str()]))
            .map_err(backend)?;
            Ok(())
        }
    }
}

/// A rated duel's close, in its transaction: every participant's rating
/// in the game (the start's if they have none), grown by their time away,
/// goes through one rating period; each change is kept.
fn rate(tx: &rusqlite::Transaction, duel_id: &DuelId, rated: &RatedClose, closed_ms: i64) -> Result<(), StoreError> {
    let mut entrants = Vec::with_capacity(rated.places.len());
    for &(player, place) in &rated.places {
        let stored: Option<(Rating, i64)> = tx
            .prepare_cached(
                "SELECT rating, deviation, volatility, updated_ms FROM ratings WHERE player_id = ? AND game = ?",
            )
            .and_then(|mut st| {
                st.query_row(params![player.0, rated.game], |row| {
                    Ok((Rating { rating: row.get(0)?, deviation: row.get(1)?, volatility: row.get(2)? }, row.get(3)?))
                })
                .optional()
            })
            .map_err(backend)?;
        let rating = stored.map_or(ratings::START, |(rating, then)| rating.at(then, closed_ms));
        entrants.push(Entrant { rating, place });
    }
    let after = ratings::duel_period(&entrants);
    for ((&(player, _), before), new) in rated.places.iter().zip(&entrants).zip(&after) {
        tx.prepare_cached(
            "INSERT INTO ratings (player_id, game, rating, deviation, volatility, duels, updated_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
             ON CONFLICT (player_id, game) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
                 duels = duels + 1, updated_ms = ?6",
        )
        .and_then(|mut st| {
            st.execute(params![player.0, rated.game, new.rating, new.deviation, new.volatility, closed_ms])
        })
        .map_err(backend)?;
        tx.prepare_cached(
            "INSERT INTO rating_changes (duel_id, player_id, game, before, after, deviation, at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .and_then(|mut st| {
            st.execute(params![
                duel_id.as_str(),
                player.0,
                rated.game,
                before.rating.rating,
                new.rating,
                new.deviation,
                closed_ms
            ])
        })
        .map_err(backend)?;
    }
    Ok(())
}

/// A duel with its participants, on a reading connection. The outer
/// error is the database's, the inner one a row that does not read.
pub(super) fn load(conn: &Connection, id: &DuelId) -> rusqlite::Result<Result<Option<Duel>, StoreError>> {
    let Some(duel) = conn
        .prepare_cached(
            "SELECT rules, created_ms, closes_ms, max_participants, status, closed_ms, commitment, salt, seed, deal,
                    creator_id, quick, rematch_id, address_key, rated
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
                rated: row.get("rated")?,
            })
        })
        .optional()?
    else {
        return Ok(Ok(None));
    };
    // The ratings shown are the duel's game's.
    let game = patience_core::presets::find(&duel.rules).map_or("", |rules| rules.game);
    let rows = conn
        .prepare_cached(
            "SELECT p.player_id, p.name, p.game_id, p.joined_ms, p.final_score, p.final_foundations, p.final_outcome,
                    p.finished_ms, a.name AS account, r.rating, r.deviation, r.volatility, c.before, c.after
             FROM duel_participants p
             LEFT JOIN accounts a ON a.player_id = p.player_id
             LEFT JOIN ratings r ON r.player_id = p.player_id AND r.game = ?2
             LEFT JOIN rating_changes c ON c.duel_id = p.duel_id AND c.player_id = p.player_id
             WHERE p.duel_id = ?1 ORDER BY p.joined_ms, p.rowid",
        )?
        .query_map(params![id.as_str(), game], |row| {
            Ok(ParticipantColumns {
                player_id: row.get("player_id")?,
                name: row.get("name")?,
                game_id: row.get("game_id")?,
                joined_ms: row.get("joined_ms")?,
                final_score: row.get("final_score")?,
                final_foundations: row.get("final_foundations")?,
                final_outcome: row.get("final_outcome")?,
                finished_ms: row.get("finished_ms")?,
                account: row.get("account")?,
                rating: row.get("rating")?,
                deviation: row.get("deviation")?,
                volatility: row.get("volatility")?,
                before: row.get("before")?,
                after: row.get("after")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows
        .into_iter()
        .map(ParticipantColumns::into_participant)
        .collect::<Result<_, _>>()
        .and_then(|participants| duel.into_duel(id, participants).map(Some)))
}

/// The quick-match duels waiting for an opponent, with who waits (see
/// `Store::quick_lobby`). A rated duel is on a game's default rules, whose
/// id is the game's: its rating is the one of that id.
pub(super) fn quick_lobby(
    conn: &Connection,
    closes_after_ms: i64,
) -> rusqlite::Result<Result<Vec<Waiting>, StoreError>> {
    let rows = conn
        .prepare_cached(
            "SELECT d.id, d.rules, d.rated, d.created_ms, p.player_id, p.name, a.name AS account,
                    r.rating, r.deviation, r.volatility, r.updated_ms
             FROM duels d JOIN duel_participants p ON p.duel_id = d.id
             LEFT JOIN accounts a ON a.player_id = p.player_id
             LEFT JOIN ratings r ON r.player_id = p.player_id AND r.game = d.rules AND d.rated
             WHERE d.status = 'open' AND d.quick = 1 AND (d.closes_ms IS NULL OR d.closes_ms > ?)
               AND (SELECT COUNT(*) FROM duel_participants q WHERE q.duel_id = d.id) < d.max_participants
             ORDER BY d.created_ms, d.rowid, p.joined_ms",
        )?
        .query_map([closes_after_ms], |row| {
            Ok(WaitingColumns {
                id: row.get("id")?,
                rules: row.get("rules")?,
                rated: row.get("rated")?,
                created_ms: row.get("created_ms")?,
                player_id: row.get("player_id")?,
                name: row.get("name")?,
                account: row.get("account")?,
                rating: row.get("rating")?,
                deviation: row.get("deviation")?,
                volatility: row.get("volatility")?,
                updated_ms: row.get("updated_ms")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows.into_iter().map(WaitingColumns::into_waiting).collect())
}

/// A duel's status.
pub(super) fn status(conn: &Connection, id: &DuelId) -> rusqlite::Result<Result<Option<DuelStatus>, StoreError>> {
    let status: Option<String> = conn
        .prepare_cached("SELECT status FROM duels WHERE id = ?")?
        .query_row([id.as_str()], |row| row.get(0))
        .optional()?;
    Ok(status.map(|s| s.parse()).transpose())
}
