//! The PostgreSQL [`Store`], for several server instances sharing one
//! database.
//!
//! One driver family: sqlx's PostgreSQL driver with its connection pool,
//! migrations and `LISTEN`. Its async pool fits a store that many
//! instances reach over the network, where a writer thread of our own (as
//! SQLite has) would buy nothing: PostgreSQL orders concurrent transactions
//! itself, and groups the WAL flushes of concurrent commits.
//!
//! Every write is one transaction, committed with `synchronous_commit` on
//! (checked at start) before it is acknowledged. An append is one statement:
//! a conditional `UPDATE` of the game's summary (`action_count` must match)
//! feeding an `INSERT` into `actions`, so two instances appending the same
//! action number cannot both succeed. Migrations run at start under sqlx's
//! advisory lock, so instances starting together do not both run them.

mod accounts;
mod dailies;
mod duels;

use std::time::Duration;

use async_trait::async_trait;
use patience_core::game::Entry;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use sqlx::Row;

use crate::ids::{DailyId, Day, DuelId, GameId, PlayerId, TokenHash};
use crate::store::{
    action_text, library, log_entries_from, stored_contest, stored_duel_id, stored_rules, Account, AccountWrite,
    AnalysisClaim, AttemptRow, BoardEntry, BoardOrder, Claimed, Daily, DailyWrite, DayRow, Duel, DuelStatus, DuelWrite,
    GameRow, GameRowColumns, LibraryRow, NewGame, NextWon, RatingPoint, RunWrite, Session, Shelf, Store, StoreError,
    StoredGame, StoredRating, Summary, Vote, VoteTally, Waiting,
};
use library::ShelfColumns;
use patience_solver::library::Grade;

/// The channel on which instances tell each other that a duel changed.
const DUEL_CHANNEL: &str = "patience_duel_changes";

/// The PostgreSQL store.
#[derive(Clone)]
pub struct PostgresStore {
    pool: PgPool,
    url: String,
    /// This process's tag on the notifications it sends, so that it skips
    /// its own (it has told its own streams already).
    instance: String,
}

fn backend(e: sqlx::Error) -> StoreError {
    // Class 08 is "connection exception"; 57P01-57P03 are a server shutting
    // down or starting up.
    let unreachable = match &e {
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        sqlx::Error::Database(d) => {
            d.code().is_some_and(|code| code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03"))
        }
        _ => false,
    };
    if unreachable {
        StoreError::Unavailable(e.to_string())
    } else {
        StoreError::Backend(e.to_string())
    }
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.code().as_deref() == Some("23505"))
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user@host/db`), checks that commits
    /// are durable, and runs the migrations (under an advisory lock).
    pub async fn open(url: &str, connections: u32) -> anyhow::Result<PostgresStore> {
        let pool = PgPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await
            .map_err(|e| anyhow::anyhow!("cannot connect to the database {}: {e}", redact(url)))?;
        let sync: String = sqlx::query_scalar("SHOW synchronous_commit").fetch_one(&pool).await?;
        anyhow::ensure!(
            sync == "on" || sync == "remote_write" || sync == "remote_apply",
            "the database commits with synchronous_commit = {sync}: an acknowledged move could be lost; set it to on"
        );
        sqlx::migrate!("./migrations/postgres")
            .run(&pool)
            .await
            .map_err(|e| anyhow::anyhow!("cannot migrate the database {}: {e}", redact(url)))?;
        Ok(PostgresStore { pool, url: url.to_string(), instance: DuelId::random().to_string() })
    }

    /// Listens for duel changes announced by the other instances and hands
    /// each duel's id to `changed`, as long as the process runs.
    pub async fn listen_for_duel_changes(&self, changed: impl Fn(DuelId) + Send + 'static) -> anyhow::Result<()> {
        let mut listener = PgListener::connect(&self.url).await?;
        listener.listen(DUEL_CHANNEL).await?;
        let own = format!("{}:", self.instance);
        tokio::spawn(async move {
            loop {
                match listener.recv().await {
                    Ok(note) => {
                        let payload = note.payload();
                        if payload.starts_with(&own) {
                            continue;
                        }
                        if let Some(id) = payload.split_once(':').and_then(|(_, id)| DuelId::parse(id)) {
                            changed(id);
                        }
                    }
                    Err(e) => {
                        // sqlx reconnects on the next recv; notifications
                        // sent meanwhile are lost, which streams survive:
                        // they also wake at their deadlines.
                        tracing::warn!(error = %e, "listening for duel changes failed; reconnecting");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
        Ok(())
    }
}

/// A database URL with its password left out, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            let user = credentials.split(':').next().unwrap_or("");
            format!("{}{user}{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    game: &NewGame,
    summary: &Summary,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (id, player_id, rules, deal, created_ms, action_count, moves_made, outcome, score, updated_ms,
                            foundations, dealt_as_winnable, imported)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(game.id.as_str())
    .bind(game.player.0)
    .bind(game.rules.id)
    .bind(game.deal as i64)
    .bind(game.created_ms)
    .bind(summary.action_count as i32)
    .bind(summary.moves_made as i32)
    .bind(summary.outcome.as_str())
    .bind(summary.score)
    .bind(summary.updated_ms)
    .bind(summary.foundations as i32)
    .bind(game.dealt_as_winnable)
    .bind(game.imported)
    .execute(&mut **tx)
    .await
    .map_err(|e| if is_unique_violation(&e) { StoreError::DuplicateId(game.id.to_string()) } else { backend(e) })?;
    Ok(())
}

#[async_trait]
impl Store for PostgresStore {
    async fn session(&self, token_hash: &TokenHash) -> Result<Option<Session>, StoreError> {
        accounts::session(&self.pool, token_hash).await
    }

    async fn create_player(&self, token_hash: &TokenHash, now_ms: i64) -> Result<PlayerId, StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        let id = accounts::create_player(&mut tx, token_hash, now_ms).await?;
        tx.commit().await.map_err(backend)?;
        Ok(id)
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        accounts::account_by_name(&self.pool, name).await
    }

    async fn account_of(&self, player: PlayerId) -> Result<Option<Account>, StoreError> {
        accounts::account_of(&self.pool, player).await
    }

    async fn account_settings(&self, player: PlayerId) -> Result<Option<String>, StoreError> {
        accounts::settings_of(&self.pool, player).await
    }

    async fn write_account(&self, write: AccountWrite) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        accounts::write(&mut tx, &write).await?;
        tx.commit().await.map_err(backend)
    }

    async fn sign_in_blocked_until(&self, keys: &[String]) -> Result<i64, StoreError> {
        accounts::blocked_until(&self.pool, keys).await
    }

    async fn game_count(&self, player: PlayerId) -> Result<u64, StoreError> {
        accounts::game_count(&self.pool, player).await
    }

    async fn create_game(&self, game: &NewGame, summary: &Summary) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        insert_game(&mut tx, game, summary).await?;
        tx.commit().await.map_err(backend)
    }

    async fn load_game(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT g.player_id, g.rules, g.deal, g.created_ms, g.dealt_as_winnable, p.duel_id, a.day AS daily_day
             FROM games g LEFT JOIN duel_participants p ON p.game_id = g.id
             LEFT JOIN daily_attempts a ON a.game_id = g.id WHERE g.id = $1",
        )
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await
        .map_err(backend)?
        else {
            return Ok(None);
        };
        let entries = self.actions_since(id, 0).await?;
        let duel: Option<String> = row.try_get("duel_id").map_err(backend)?;
        let daily_day: Option<String> = row.try_get("daily_day").map_err(backend)?;
        let rules: String = row.try_get("rules").map_err(backend)?;
        Ok(Some(StoredGame {
            id: id.clone(),
            player: PlayerId(row.try_get("player_id").map_err(backend)?),
            rules: stored_rules(&rules)?,
            deal: row.try_get::<i64, _>("deal").map_err(backend)? as u64,
            created_ms: row.try_get("created_ms").map_err(backend)?,
            dealt_as_winnable: row.try_get("dealt_as_winnable").map_err(backend)?,
            contest: stored_contest(&rules, duel, daily_day)?,
            entries,
        }))
    }

    async fn add_to_library(&self, rows: Vec<LibraryRow>) -> Result<(), StoreError> {
        // One statement over arrays: the starting pool is hundreds of rows.
        sqlx::query(
            "INSERT INTO library (rules, deal, verdict, grade, wins, runs, solution)
             SELECT * FROM UNNEST($1::TEXT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::INTEGER[], $6::INTEGER[], $7::TEXT[])
             ON CONFLICT (rules, deal) DO UPDATE SET verdict = EXCLUDED.verdict, grade = EXCLUDED.grade,
                 wins = EXCLUDED.wins, runs = EXCLUDED.runs, solution = EXCLUDED.solution
             WHERE library.verdict = 'unknown' AND EXCLUDED.verdict <> 'unknown'",
        )
        .bind(rows.iter().map(|r| r.rules.clone()).collect::<Vec<String>>())
        .bind(rows.iter().map(|r| r.deal as i64).collect::<Vec<i64>>())
        .bind(rows.iter().map(|r| r.verdict.as_str()).collect::<Vec<&str>>())
        .bind(rows.iter().map(|r| r.grade.map(|g| g.as_str())).collect::<Vec<Option<&str>>>())
        .bind(rows.iter().map(|r| r.wins as i32).collect::<Vec<i32>>())
        .bind(rows.iter().map(|r| r.runs as i32).collect::<Vec<i32>>())
        .bind(rows.iter().map(|r| r.solution.clone()).collect::<Vec<String>>())
        .execute(&self.pool)
        .await
        .map_err(backend)?;
        Ok(())
    }

    async fn library_pick(&self, rules: &str, grade: Option<Grade>) -> Result<Option<u64>, StoreError> {
        let deal: Option<i64> = sqlx::query_scalar(library::PICK)
            .bind(rules)
            .bind(grade.map(|g| g.as_str()))
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        Ok(deal.map(|d| d as u64))
    }

    async fn library_next_won(&self, rules: &str, from: u64) -> Result<Option<NextWon>, StoreError> {
        let Ok(from) = i64::try_from(from) else { return Ok(None) };
        let row: Option<(i64, i64)> = sqlx::query_as(library::NEXT_WON)
            .bind(rules)
            .bind(from)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        Ok(row.map(|(deal, looked)| NextWon { deal: deal as u64, unbroken: looked == deal - from + 1 }))
    }

    async fn library_shelves(&self) -> Result<Vec<Shelf>, StoreError> {
        let rows: Vec<ShelfColumns> = sqlx::query_as(library::SHELVES).fetch_all(&self.pool).await.map_err(backend)?;
        Ok(rows.into_iter().map(ShelfColumns::into_shelf).collect())
    }

    async fn library_shelf(&self, rules: &str) -> Result<Shelf, StoreError> {
        let row: Option<ShelfColumns> =
            sqlx::query_as(library::SHELF).bind(rules).fetch_optional(&self.pool).await.map_err(backend)?;
        Ok(row.map_or_else(|| Shelf { rules: rules.to_string(), ..Shelf::default() }, ShelfColumns::into_shelf))
    }

    async fn action_count(&self, id: &GameId) -> Result<Option<usize>, StoreError> {
        let count: Option<i32> = sqlx::query_scalar("SELECT action_count FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        Ok(count.map(|c| c as usize))
    }

    async fn actions_since(&self, id: &GameId, from: usize) -> Result<Vec<Entry>, StoreError> {
        let rows = sqlx::query_as::<_, (i64, String, i64)>(
            "SELECT number::BIGINT, action, at_ms FROM actions WHERE game_id = $1 AND number >= $2 ORDER BY number",
        )
        .bind(id.as_str())
        .bind(from as i32)
        .fetch_all(&self.pool)
        .await
        .map_err(backend)?;
        log_entries_from(id, from, rows)
    }

    fn shared(&self) -> bool {
        true
    }

    async fn append(&self, id: &GameId, number: usize, entry: &Entry, summary: &Summary) -> Result<(), StoreError> {
        // One statement, so one round trip and one implicit transaction: the
        // summary is updated only if the log holds exactly `number` actions,
        // and the action is inserted only if it was.
        let inserted = sqlx::query(
            "WITH updated AS (
                 UPDATE games SET action_count = $1, moves_made = $2, outcome = $3, score = $4, updated_ms = $5,
                                  foundations = $10, helped = $11
                 WHERE id = $6 AND action_count = $7
                 RETURNING id
             )
             INSERT INTO actions (game_id, number, action, at_ms) SELECT id, $7, $8, $9 FROM updated",
        )
        .bind(summary.action_count as i32)
        .bind(summary.moves_made as i32)
        .bind(summary.outcome.as_str())
        .bind(summary.score)
        .bind(summary.updated_ms)
        .bind(id.as_str())
        .bind(number as i32)
        .bind(action_text(entry.action))
        .bind(entry.at_ms as i64)
        .bind(summary.foundations as i32)
        .bind(summary.helped)
        .execute(&self.pool)
        .await
        .map_err(|e| {
            if is_unique_violation(&e) {
                StoreError::Conflict { expected: number }
            } else {
                backend(e)
            }
        })?;
        if inserted.rows_affected() != 1 {
            return Err(StoreError::Conflict { expected: number });
        }
        Ok(())
    }

    async fn update_summary(&self, id: &GameId, summary: &Summary) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET moves_made = $1, outcome = $2, score = $3, updated_ms = $4, foundations = $7
             WHERE id = $5 AND action_count = $6",
        )
        .bind(summary.moves_made as i32)
        .bind(summary.outcome.as_str())
        .bind(summary.score)
        .bind(summary.updated_ms)
        .bind(id.as_str())
        .bind(summary.action_count as i32)
        .bind(summary.foundations as i32)
        .execute(&self.pool)
        .await
        .map_err(backend)?;
        Ok(())
    }

    async fn list_games(&self, player: PlayerId, limit: usize, now_ms: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query_as::<_, GameRowColumns>(
            "SELECT g.id, g.rules, g.deal, g.created_ms, g.updated_ms, g.action_count::BIGINT,
                    g.moves_made::BIGINT, g.outcome, g.score, g.helped, g.imported, g.foundations::BIGINT, g.par::BIGINT,
                    COALESCE(d.status = 'open', a.ends_ms > $3, FALSE) AS deal_secret,
                    COALESCE(d.status = 'closed', a.ends_ms <= $3, FALSE) AS contest_over
             FROM games g
             LEFT JOIN duel_participants p ON p.game_id = g.id
             LEFT JOIN duels d ON d.id = p.duel_id
             LEFT JOIN daily_attempts a ON a.game_id = g.id
             WHERE g.player_id = $1 ORDER BY g.created_ms DESC, g.seq DESC LIMIT $2",
        )
        .bind(player.0)
        .bind(limit.min(i64::MAX as usize) as i64)
        .bind(now_ms)
        .fetch_all(&self.pool)
        .await
        .map_err(backend)?;
        rows.into_iter().map(GameRowColumns::into_row).collect()
    }

    async fn analysis(&self, id: &GameId) -> Result<Option<(usize, String)>, StoreError> {
        let row: Option<(i32, String)> = sqlx::query_as("SELECT action_count, result FROM analyses WHERE game_id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        Ok(row.map(|(count, result)| (count as usize, result)))
    }

    async fn claim_analysis(&self, claim: AnalysisClaim) -> Result<Claimed, StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        sqlx::query("DELETE FROM analysis_runs WHERE heartbeat_ms < $1")
            .bind(claim.stale_before_ms)
            .execute(&mut *tx)
            .await
            .map_err(backend)?;
        let inserted = sqlx::query(
            "INSERT INTO analysis_runs (game_id, player_id, solves, heartbeat_ms) VALUES ($1, $2, 0, $3)
             ON CONFLICT DO NOTHING",
        )
        .bind(claim.game.as_str())
        .bind(claim.player.0)
        .bind(claim.now_ms)
        .execute(&mut *tx)
        .await
        .map_err(backend)?
        .rows_affected();
        let claimed = if inserted == 1 {
            Claimed::Started
        } else {
            let solves: Option<i32> = sqlx::query_scalar("SELECT solves FROM analysis_runs WHERE game_id = $1")
                .bind(claim.game.as_str())
                .fetch_optional(&mut *tx)
                .await
                .map_err(backend)?;
            solves.map_or(Claimed::PlayerBusy, |n| Claimed::Running { solves: n as usize })
        };
        tx.commit().await.map_err(backend)?;
        Ok(claimed)
    }

    async fn write_analysis_run(&self, write: RunWrite) -> Result<(), StoreError> {
        match write {
            RunWrite::Progress { game, solves, now_ms } => {
                sqlx::query("UPDATE analysis_runs SET solves = $2, heartbeat_ms = $3 WHERE game_id = $1")
                    .bind(game.as_str())
                    .bind(solves as i32)
                    .bind(now_ms)
                    .execute(&self.pool)
                    .await
            }
            RunWrite::Release { game } => {
                sqlx::query("DELETE FROM analysis_runs WHERE game_id = $1")
                    .bind(game.as_str())
                    .execute(&self.pool)
                    .await
            }
        }
        .map_err(backend)?;
        Ok(())
    }

    async fn game_player(&self, id: &GameId) -> Result<Option<PlayerId>, StoreError> {
        let player: Option<i64> = sqlx::query_scalar("SELECT player_id FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        Ok(player.map(PlayerId))
    }

    async fn grade_by_players(&self, rules: &str, deal: u64, min_players: u64) -> Result<(), StoreError> {
        sqlx::query(library::GRADE_BY_PLAYERS)
            .bind(rules)
            .bind(deal as i64)
            .bind(min_players as i64)
            .execute(&self.pool)
            .await
            .map_err(backend)?;
        Ok(())
    }

    async fn set_par(&self, id: &GameId, par: usize) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET par = $1 WHERE id = $2")
            .bind(par as i32)
            .bind(id.as_str())
            .execute(&self.pool)
            .await
            .map_err(backend)?;
        Ok(())
    }

    async fn put_vote(&self, vote: Vote) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO votes (player_id, game, stars, updated_ms) VALUES ($1, $2, $3, $4)
             ON CONFLICT (player_id, game) DO UPDATE SET stars = EXCLUDED.stars, updated_ms = EXCLUDED.updated_ms",
        )
        .bind(vote.player.0)
        .bind(vote.game)
        .bind(i16::from(vote.stars))
        .bind(vote.now_ms)
        .execute(&self.pool)
        .await
        .map_err(backend)?;
        Ok(())
    }

    async fn vote_tallies(&self) -> Result<Vec<VoteTally>, StoreError> {
        let rows: Vec<(String, i64, Option<i64>)> =
            sqlx::query_as("SELECT game, COUNT(*), SUM(stars)::BIGINT FROM votes GROUP BY game")
                .fetch_all(&self.pool)
                .await
                .map_err(backend)?;
        Ok(rows
            .into_iter()
            .map(|(game, votes, stars)| VoteTally { game, votes: votes as u64, stars: stars.unwrap_or(0) as u64 })
            .collect())
    }

    async fn votes_of(&self, player: PlayerId) -> Result<Vec<(String, u8)>, StoreError> {
        let rows: Vec<(String, i16)> =
            sqlx::query_as("SELECT game, stars FROM votes WHERE player_id = $1 ORDER BY game")
                .bind(player.0)
                .fetch_all(&self.pool)
                .await
                .map_err(backend)?;
        Ok(rows.into_iter().map(|(game, stars)| (game, stars as u8)).collect())
    }

    async fn put_analysis(
        &self,
        id: &GameId,
        action_count: usize,
        result: String,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        sqlx::query("DELETE FROM analysis_runs WHERE game_id = $1")
            .bind(id.as_str())
            .execute(&mut *tx)
            .await
            .map_err(backend)?;
        sqlx::query(
            "INSERT INTO analyses (game_id, action_count, result, created_ms) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id) DO UPDATE SET action_count = EXCLUDED.action_count,
                 result = EXCLUDED.result, created_ms = EXCLUDED.created_ms",
        )
        .bind(id.as_str())
        .bind(action_count as i32)
        .bind(result)
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .map_err(backend)?;
        tx.commit().await.map_err(backend)?;
        Ok(())
    }

    async fn write_daily(&self, write: DailyWrite) -> Result<(), StoreError> {
        dailies::write(&self.pool, &write).await
    }

    async fn daily(&self, id: DailyId) -> Result<Option<Daily>, StoreError> {
        dailies::daily(&self.pool, id).await
    }

    async fn daily_attempt(&self, id: DailyId, player: PlayerId) -> Result<Option<GameId>, StoreError> {
        dailies::attempt(&self.pool, id, player).await
    }

    async fn daily_board(
        &self,
        id: DailyId,
        order: BoardOrder,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<AttemptRow>, usize), StoreError> {
        dailies::board(&self.pool, id, order, offset, limit).await
    }

    async fn daily_days(
        &self,
        rules: &'static str,
        before: Day,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<DayRow>, usize), StoreError> {
        dailies::days(&self.pool, rules, before, offset, limit).await
    }

    async fn daily_days_of(&self, player: PlayerId, limit: usize) -> Result<Vec<Day>, StoreError> {
        dailies::days_of(&self.pool, player, limit).await
    }

    async fn write_duel(&self, write: DuelWrite) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(backend)?;
        duels::write(&mut tx, &write).await?;
        tx.commit().await.map_err(backend)
    }

    async fn closed_duels_of(&self, player: PlayerId, limit: usize) -> Result<Vec<DuelId>, StoreError> {
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT d.id FROM duels d JOIN duel_participants p ON p.duel_id = d.id
             WHERE p.player_id = $1 AND d.status = 'closed' ORDER BY d.closed_ms DESC, d.seq DESC LIMIT $2",
        )
        .bind(player.0)
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(backend)?;
        ids.into_iter().map(stored_duel_id).collect()
    }

    async fn ratings_of(&self, player: PlayerId) -> Result<Vec<StoredRating>, StoreError> {
        let rows: Vec<(String, f64, f64, f64, i32, i64)> = sqlx::query_as(
            "SELECT game, rating, deviation, volatility, duels, updated_ms FROM ratings WHERE player_id = $1 ORDER BY game",
        )
        .bind(player.0)
        .fetch_all(&self.pool)
        .await
        .map_err(backend)?;
        Ok(rows
            .into_iter()
            .map(|(game, rating, deviation, volatility, duels, updated_ms)| StoredRating {
                game,
                rating: crate::ratings::Rating { rating, deviation, volatility },
                duels: duels.max(0) as u32,
                updated_ms,
            })
            .collect())
    }

    async fn rating_history(&self, player: PlayerId, limit: usize) -> Result<Vec<RatingPoint>, StoreError> {
        let rows: Vec<(String, i64, f64, f64)> = sqlx::query_as(
            "SELECT game, at_ms, after, deviation FROM rating_changes WHERE player_id = $1
             ORDER BY at_ms DESC LIMIT $2",
        )
        .bind(player.0)
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(backend)?;
        Ok(rows
            .into_iter()
            .rev()
            .map(|(game, at_ms, rating, deviation)| RatingPoint { game, at_ms, rating, deviation })
            .collect())
    }

    async fn rating_board(
        &self,
        game: &str,
        active_since_ms: i64,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<BoardEntry>, usize), StoreError> {
        let total: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM ratings r JOIN accounts a ON a.player_id = r.player_id
             WHERE r.game = $1 AND r.updated_ms >= $2",
        )
        .bind(game)
        .bind(active_since_ms)
        .fetch_one(&self.pool)
        .await
        .map_err(backend)?;
        let rows: Vec<(String, f64, f64, f64, i32, i64)> = sqlx::query_as(
            "SELECT a.name, r.rating, r.deviation, r.volatility, r.duels, r.updated_ms
             FROM ratings r JOIN accounts a ON a.player_id = r.player_id
             WHERE r.game = $1 AND r.updated_ms >= $2
             ORDER BY r.rating DESC, r.updated_ms, a.name_key LIMIT $3 OFFSET $4",
        )
        .bind(game)
        .bind(active_since_ms)
        .bind(limit.min(i64::MAX as usize) as i64)
        .bind(offset.min(i64::MAX as usize) as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(backend)?;
        let entries = rows
            .into_iter()
            .map(|(name, rating, deviation, volatility, duels, updated_ms)| BoardEntry {
                name,
                rating: crate::ratings::Rating { rating, deviation, volatility },
                duels: duels.max(0) as u32,
                updated_ms,
            })
            .collect();
        Ok((entries, total.max(0) as usize))
    }

    async fn load_duel(&self, id: &DuelId) -> Result<Option<Duel>, StoreError> {
        duels::load(&self.pool, id).await
    }

    async fn quick_lobby(&self, closes_after_ms: i64) -> Result<Vec<Waiting>, StoreError> {
        duels::quick_lobby(&self.pool, closes_after_ms).await
    }

    async fn duel_status(&self, id: &DuelId) -> Result<Option<DuelStatus>, StoreError> {
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM duels WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        status.map(|s| s.parse()).transpose()
    }

    async fn announce_duel_change(&self, id: &DuelId) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(DUEL_CHANNEL)
            .bind(format!("{}:{id}", self.instance))
            .execute(&self.pool)
            .await
            .map_err(backend)?;
        Ok(())
    }

    async fn ready(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map_err(backend)?;
        Ok(())
    }

    async fn close(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_url_is_shown_without_its_password() {
        assert_eq!(redact("postgres://ann:secret@db.example/patience"), "postgres://ann@db.example/patience");
        assert_eq!(redact("postgres://ann@db.example/patience"), "postgres://ann@db.example/patience");
        assert_eq!(redact("postgres:///patience?host=/tmp"), "postgres:///patience?host=/tmp");
    }
}
