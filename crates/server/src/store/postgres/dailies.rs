//! Daily deals in PostgreSQL: the writes, each in its own transaction, and
//! the reads.

use sqlx::postgres::PgPool;

use super::{backend, insert_game, is_unique_violation};
use crate::ids::{DailyId, Day, GameId, PlayerId};
use crate::store::dailies::{
    daily_of_columns, order_by, stored_day, AttemptColumns, AttemptRow, BoardOrder, Daily, DailyWrite, DayRow,
};
use crate::store::{stored_game_id, StoreError};

pub(super) async fn write(pool: &PgPool, write: &DailyWrite) -> Result<(), StoreError> {
    match write {
        DailyWrite::Create(d) => {
            sqlx::query(
                "INSERT INTO dailies (rules, day, deal, seed, salt, commitment, created_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
            )
            .bind(d.id.rules.id)
            .bind(d.id.day.to_string())
            .bind(d.deal as i64)
            .bind(&d.seed)
            .bind(&d.salt)
            .bind(&d.commitment)
            .bind(d.created_ms)
            .execute(pool)
            .await
            .map_err(backend)?;
            Ok(())
        }
        DailyWrite::StartAttempt(a) => {
            let mut tx = pool.begin().await.map_err(backend)?;
            insert_game(&mut tx, &a.game, &a.summary).await?;
            sqlx::query(
                "INSERT INTO daily_attempts (rules, day, player_id, name, game_id, ends_ms)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(a.daily.rules.id)
            .bind(a.daily.day.to_string())
            .bind(a.player.0)
            .bind(&a.name)
            .bind(a.game.id.as_str())
            .bind(a.daily.day.end_ms())
            .execute(&mut *tx)
            .await
            .map_err(|e| if is_unique_violation(&e) { StoreError::AttemptExists } else { backend(e) })?;
            tx.commit().await.map_err(backend)
        }
    }
}

pub(super) async fn daily(pool: &PgPool, id: DailyId) -> Result<Option<Daily>, StoreError> {
    let row: Option<(i64, String, String, String, i64)> =
        sqlx::query_as("SELECT deal, seed, salt, commitment, created_ms FROM dailies WHERE rules = $1 AND day = $2")
            .bind(id.rules.id)
            .bind(id.day.to_string())
            .fetch_optional(pool)
            .await
            .map_err(backend)?;
    row.map(|(deal, seed, salt, commitment, created_ms)| {
        daily_of_columns(id.rules.id, &id.day.to_string(), deal, seed, salt, commitment, created_ms)
    })
    .transpose()
}

pub(super) async fn attempt(pool: &PgPool, id: DailyId, player: PlayerId) -> Result<Option<GameId>, StoreError> {
    let game: Option<String> =
        sqlx::query_scalar("SELECT game_id FROM daily_attempts WHERE rules = $1 AND day = $2 AND player_id = $3")
            .bind(id.rules.id)
            .bind(id.day.to_string())
            .bind(player.0)
            .fetch_optional(pool)
            .await
            .map_err(backend)?;
    game.map(stored_game_id).transpose()
}

pub(super) async fn board(
    pool: &PgPool,
    id: DailyId,
    order: BoardOrder,
    offset: usize,
    limit: usize,
) -> Result<(Vec<AttemptRow>, usize), StoreError> {
    let day = id.day.to_string();
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM daily_attempts WHERE rules = $1 AND day = $2")
        .bind(id.rules.id)
        .bind(&day)
        .fetch_one(pool)
        .await
        .map_err(backend)?;
    let sql = format!(
        "SELECT a.player_id, a.name, acc.name AS account, a.game_id, g.outcome, g.score, g.foundations::BIGINT,
                g.moves_made::BIGINT, g.created_ms, g.updated_ms
         FROM daily_attempts a JOIN games g ON g.id = a.game_id
         LEFT JOIN accounts acc ON acc.player_id = a.player_id
         WHERE a.rules = $1 AND a.day = $2 ORDER BY {} LIMIT $3 OFFSET $4",
        order_by(order)
    );
    let rows = sqlx::query_as::<_, AttemptColumns>(&sql)
        .bind(id.rules.id)
        .bind(&day)
        .bind(limit.min(i64::MAX as usize) as i64)
        .bind(offset.min(i64::MAX as usize) as i64)
        .fetch_all(pool)
        .await
        .map_err(backend)?;
    let rows = rows.into_iter().map(AttemptColumns::into_row).collect::<Result<Vec<_>, _>>()?;
    Ok((rows, total as usize))
}

pub(super) async fn days(
    pool: &PgPool,
    rules: &str,
    before: Day,
    offset: usize,
    limit: usize,
) -> Result<(Vec<DayRow>, usize), StoreError> {
    let before = before.to_string();
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dailies WHERE rules = $1 AND day < $2")
        .bind(rules)
        .bind(&before)
        .fetch_one(pool)
        .await
        .map_err(backend)?;
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT d.day, (SELECT COUNT(*) FROM daily_attempts a WHERE a.rules = d.rules AND a.day = d.day)
         FROM dailies d WHERE d.rules = $1 AND d.day < $2 ORDER BY d.day DESC LIMIT $3 OFFSET $4",
    )
    .bind(rules)
    .bind(&before)
    .bind(limit.min(i64::MAX as usize) as i64)
    .bind(offset.min(i64::MAX as usize) as i64)
    .fetch_all(pool)
    .await
    .map_err(backend)?;
    let rows = rows
        .into_iter()
        .map(|(day, attempts)| Ok(DayRow { day: stored_day(&day)?, attempts: attempts as usize }))
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok((rows, total as usize))
}

pub(super) async fn days_of(pool: &PgPool, player: PlayerId, limit: usize) -> Result<Vec<Day>, StoreError> {
    let days: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT day FROM daily_attempts WHERE player_id = $1 ORDER BY day DESC LIMIT $2")
            .bind(player.0)
            .bind(limit.min(i64::MAX as usize) as i64)
            .fetch_all(pool)
            .await
            .map_err(backend)?;
    days.iter().map(|d| stored_day(d)).collect()
}
