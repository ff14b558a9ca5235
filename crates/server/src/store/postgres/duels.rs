//! Duels in PostgreSQL: each write in the transaction its caller commits,
//! judged first by the duel rule book on the duel's row, locked (`FOR
//! UPDATE`) so that no other instance's write comes between the check and
//! the write; and the reads.

use sqlx::postgres::PgPool;
use sqlx::{Postgres, Row, Transaction};

use super::{backend, insert_game, is_unique_violation};
use crate::ids::DuelId;
use crate::ratings::{self, Entrant, Rating};
use crate::store::duels::rule_book::{self, DuelState, SeatState, Subject};
use crate::store::duels::{DuelColumns, NewDuel, ParticipantColumns, RatedClose, WaitingColumns};
use crate::store::{Duel, DuelWrite, StoreError, Waiting};

type Tx<'a> = Transaction<'a, Postgres>;

async fn insert_duel(tx: &mut Tx<'_>, d: &NewDuel) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO duels (id, rules, created_ms, closes_ms, max_participants, status, commitment, salt, seed, deal,
                            creator_id, quick, address_key, rated)
         VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(d.id.as_str())
    .bind(d.rules.id)
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
    .bind(d.rated)
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

/// What the rule book reads of the duel `subject` names, its row locked
/// (`FOR UPDATE`) until `tx` ends; `None` when there is no such duel.
async fn state(tx: &mut Tx<'_>, subject: &Subject<'_>) -> Result<Option<DuelState>, StoreError> {
    let duel_id = subject.duel_id.as_str();
    let row =
        sqlx::query("SELECT status, max_participants, rematch_id IS NOT NULL FROM duels WHERE id = $1 FOR UPDATE")
            .bind(duel_id)
            .fetch_optional(&mut **tx)
            .await
            .map_err(backend)?;
    let Some(row) = row else {
        return Ok(None);
    };
    let status: String = row.try_get(0).map_err(backend)?;
    let max_participants: i32 = row.try_get(1).map_err(backend)?;
    let has_rematch: bool = row.try_get(2).map_err(backend)?;
    let participants: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM duel_participants WHERE duel_id = $1")
        .bind(duel_id)
        .fetch_one(&mut **tx)
        .await
        .map_err(backend)?;
    let mut state = DuelState::of_row(status.parse()?, max_participants as usize, participants as usize, has_rematch);
    if let Some(player) = subject.player {
        let has_game: Option<bool> = sqlx::query_scalar(
            "SELECT game_id IS NOT NULL FROM duel_participants WHERE duel_id = $1 AND player_id = $2",
        )
        .bind(duel_id)
        .bind(player.0)
        .fetch_optional(&mut **tx)
        .await
        .map_err(backend)?;
        state.seat = has_game.map(|has_game| SeatState { has_game });
        if let Some(address) = subject.address {
            state.address_taken = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM duel_participants
                                WHERE duel_id = $1 AND address_hash = $2 AND player_id <> $3)",
            )
            .bind(duel_id)
            .bind(&address[..])
            .bind(player.0)
            .fetch_one(&mut **tx)
            .await
            .map_err(backend)?;
        }
    }
    Ok(Some(state))
}

/// One duel write, inside `tx`: judged by the rule book on the state read
/// there, then written.
pub(super) async fn write(tx: &mut Tx<'_>, write: &DuelWrite) -> Result<(), StoreError> {
    let state = match rule_book::subject(write) {
        Some(subject) => state(tx, &subject).await?,
        None => None,
    };
    rule_book::judge(write, state.as_ref()).map_err(StoreError::Refused)?;
    match write {
        DuelWrite::Create(d) => insert_duel(tx, d).await,
        DuelWrite::Join { duel_id, seat, joined_ms } => {
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
            .map_err(backend)?;
            Ok(())
        }
        DuelWrite::StartGame { duel_id, player, game, summary } => {
            insert_game(tx, game, summary).await?;
            sqlx::query("UPDATE duel_participants SET game_id = $1 WHERE duel_id = $2 AND player_id = $3")
                .bind(game.id.as_str())
                .bind(duel_id.as_str())
                .bind(player.0)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            Ok(())
        }
        DuelWrite::Close { duel_id, closed_ms, results, rated } => {
            sqlx::query("UPDATE duels SET status = 'closed', closed_ms = $1 WHERE id = $2")
                .bind(closed_ms)
                .bind(duel_id.as_str())
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            for (player, r) in results {
                sqlx::query(
                    "UPDATE duel_participants
                     SET final_score = $1, final_foundations = $2, final_outcome = $3, finished_ms = $4
                     WHERE duel_id = $5 AND player_id = $6",
                )
                .bind(r.score)
                .bind(r.foundations as i32)
                .bind(r.outcome.as_str())
                .bind(r.finished_ms)
                .bind(duel_id.as_str())
                .bind(player.0)
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            }
            if let Some(rated) = rated {
                rate(tx, duel_id, rated, *closed_ms).await?;
            }
            Ok(())
        }
        DuelWrite::Rematch { duel_id, rematch } => {
            sqlx::query("UPDATE duels SET rematch_id = $1 WHERE id = $2")
                .bind(rematch.id.as_str())
                .bind(duel_id.as_str())
                .execute(&mut **tx)
                .await
                .map_err(backend)?;
            insert_duel(tx, rematch).await?;
            // The seats keep their addresses (see the SQLite store).
            sqlx::query(
                "UPDATE duel_participants p SET address_hash = old.address_hash FROM duel_participants old
                 WHERE old.duel_id = $1 AND old.player_id = p.player_id AND p.duel_id = $2",
            )
            .bind(duel_id.as_str())
            .bind(rematch.id.as_str())
            .execute(&mut **tx)
            .await
            .map_err(backend)?;
            Ok(())
        }
    }
}

/// A rated duel's close, in its transaction (see the SQLite store): the
/// participants' player rows are locked first (in one order, so that two
/// closings cannot wait on each other), so that two duels closing at once
/// on two instances change a rating one after the other, a first rating
/// included.
async fn rate(tx: &mut Tx<'_>, duel_id: &DuelId, rated: &RatedClose, closed_ms: i64) -> Result<(), StoreError> {
    let players: Vec<i64> = rated.places.iter().map(|(player, _)| player.0).collect();
    sqlx::query("SELECT id FROM players WHERE id = ANY($1) ORDER BY id FOR UPDATE")
        .bind(&players)
        .fetch_all(&mut **tx)
        .await
        .map_err(backend)?;
    let mut entrants = Vec::with_capacity(rated.places.len());
    for &(player, place) in &rated.places {
        let stored: Option<(f64, f64, f64, i64)> = sqlx::query_as(
            "SELECT rating, deviation, volatility, updated_ms FROM ratings WHERE player_id = $1 AND game = $2",
        )
        .bind(player.0)
        .bind(rated.game)
        .fetch_optional(&mut **tx)
        .await
        .map_err(backend)?;
        let rating = stored.map_or(ratings::START, |(rating, deviation, volatility, then)| {
            Rating { rating, deviation, volatility }.at(then, closed_ms)
        });
        entrants.push(Entrant { rating, place });
    }
    let after = ratings::duel_period(&entrants);
    for ((&(player, _), before), new) in rated.places.iter().zip(&entrants).zip(&after) {
        sqlx::query(
            "INSERT INTO ratings (player_id, game, rating, deviation, volatility, duels, updated_ms)
             VALUES ($1, $2, $3, $4, $5, 1, $6)
             ON CONFLICT (player_id, game) DO UPDATE SET rating = $3, deviation = $4, volatility = $5,
                 duels = ratings.duels + 1, updated_ms = $6",
        )
        .bind(player.0)
        .bind(rated.game)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(closed_ms)
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
        sqlx::query(
            "INSERT INTO rating_changes (duel_id, player_id, game, before, after, deviation, at_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(duel_id.as_str())
        .bind(player.0)
        .bind(rated.game)
        .bind(before.rating.rating)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(closed_ms)
        .execute(&mut **tx)
        .await
        .map_err(backend)?;
    }
    Ok(())
}

pub(super) async fn load(pool: &PgPool, id: &DuelId) -> Result<Option<Duel>, StoreError> {
    let Some(duel) = sqlx::query_as::<_, DuelColumns>(
        "SELECT rules, created_ms, closes_ms, max_participants::BIGINT, status, closed_ms, commitment, salt, seed,
                deal, creator_id, quick, rematch_id, address_key, rated
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
        "SELECT p.player_id, p.name, p.game_id, p.joined_ms, p.final_score, p.final_foundations::BIGINT,
                p.final_outcome, p.finished_ms, a.name AS account, r.rating, r.deviation, r.volatility,
                c.before, c.after
         FROM duel_participants p
         LEFT JOIN accounts a ON a.player_id = p.player_id
         LEFT JOIN ratings r ON r.player_id = p.player_id AND r.game = $2
         LEFT JOIN rating_changes c ON c.duel_id = p.duel_id AND c.player_id = p.player_id
         WHERE p.duel_id = $1 ORDER BY p.joined_ms, p.seq",
    )
    .bind(id.as_str())
    .bind(patience_core::presets::find(&duel.rules).map_or("", |rules| rules.game))
    .fetch_all(pool)
    .await
    .map_err(backend)?;
    let participants = rows.into_iter().map(ParticipantColumns::into_participant).collect::<Result<_, _>>()?;
    duel.into_duel(id, participants).map(Some)
}

/// The quick-match duels waiting for an opponent, with who waits (see
/// the SQLite store).
pub(super) async fn quick_lobby(pool: &PgPool, closes_after_ms: i64) -> Result<Vec<Waiting>, StoreError> {
    let rows: Vec<WaitingColumns> = sqlx::query_as(
        "SELECT d.id, d.rules, d.rated, d.created_ms, p.player_id, p.name, a.name AS account,
                r.rating, r.deviation, r.volatility, r.updated_ms
         FROM duels d JOIN duel_participants p ON p.duel_id = d.id
         LEFT JOIN accounts a ON a.player_id = p.player_id
         LEFT JOIN ratings r ON r.player_id = p.player_id AND r.game = d.rules AND d.rated
         WHERE d.status = 'open' AND d.quick AND (d.closes_ms IS NULL OR d.closes_ms > $1)
           AND (SELECT COUNT(*) FROM duel_participants q WHERE q.duel_id = d.id) < d.max_participants
         ORDER BY d.created_ms, d.seq, p.joined_ms",
    )
    .bind(closes_after_ms)
    .fetch_all(pool)
    .await
    .map_err(backend)?;
    rows.into_iter().map(WaitingColumns::into_waiting).collect()
}
