//! The SQLite [`Store`]: one database file in WAL mode, migrations embedded
//! in the binary, every write committed (and, with `synchronous=FULL`,
//! synced to disk) before it is acknowledged.
//!
//! Every write — appended actions, new players, new games, summaries — goes
//! through one writer thread that owns the only connection that writes. It
//! commits the writes waiting when a commit starts together (group commit):
//! they share one transaction and its one sync to disk, each in a savepoint
//! of its own (so a conflict or a failure undoes only that write), and each
//! is answered only after the `COMMIT` has returned. The writer runs its
//! prepared statements on its own thread with no round trip per statement,
//! and nothing else ever waits for SQLite's write lock. A checkpoint thread
//! copies the WAL into the database file in the background and syncs it
//! there; the writer only finishes a checkpoint now and then, after
//! answering a group, so that the WAL starts over (see `checkpointer`, in
//! `wal.rs`).
//! No commit waits for a checkpoint. Reads (loading a game, lists, tokens)
//! go through a pool of reading connections (r2d2), each read on a thread
//! that may block, which WAL lets run beside the writer.
//!
//! One driver, rusqlite, for all of it: the writer needs SQLite's own
//! hooks (the WAL hook, the database file's handle), which a direct binding
//! gives and an async driver hides, and a second driver for the reads and
//! the migrations would be a second copy of SQLite's settings and errors.
//! The writer is `writer.rs`, the WAL's checkpoints `wal.rs`, the duels'
//! statements `duels.rs` and the migrations `migrations.rs`.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use patience_core::game::Entry;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::{mpsc, oneshot};

mod accounts;
mod dailies;
mod duels;
mod inserts;
mod migrations;
#[cfg(test)]
mod tests;
mod wal;
mod writer;

use crate::ids::{DailyId, Day, DuelId, GameId, PlayerId, TokenHash};
use crate::store::{
    action_text, library, log_entries_from, stored_contest, stored_duel_id, stored_rules, Account, AccountWrite,
    AnalysisClaim, AttemptRow, BoardEntry, BoardOrder, Claimed, Daily, DailyWrite, DayRow, Duel, DuelStatus, DuelWrite,
    GameRow, GameRowColumns, LibraryRow, NewGame, NextWon, RatingPoint, RunWrite, Session, Shelf, Store, StoreError,
    StoredGame, StoredRating, Summary, Vote, VoteTally, Waiting,
};
use library::ShelfColumns;
use patience_solver::library::Grade;
use wal::{checkpointer, Checkpoints};
use writer::{writer, Done, Write, BATCH_LIMIT};

/// How hard a commit waits for the disk.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous=FULL`: each commit is synced to disk before it returns,
    /// so an acknowledged move survives a crash of the process, the
    /// operating system or the power.
    #[default]
    Full,
    /// `synchronous=NORMAL` with WAL: an acknowledged move survives a crash
    /// of the process (kill -9), but the last commits may be lost if the
    /// machine loses power.
    Normal,
}

/// The SQLite store.
#[derive(Clone)]
pub struct SqliteStore {
    /// Reading connections.
    readers: Readers,
    /// The writer thread's queue.
    writes: mpsc::Sender<Write>,
    /// Times the WAL started over from its beginning (see [`SqliteStore::wal_restarts`]).
    wal_restarts: Arc<AtomicU64>,
}

/// The pool of reading connections.
type Readers = r2d2::Pool<SqliteConnectionManager>;

/// Reading connections at most.
const READERS: u32 = 4;

/// How long any of the store's connections waits for another's lock
/// before its statement fails.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

fn backend(e: rusqlite::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

/// A game list row's columns, by name.
fn game_row_columns(row: &rusqlite::Row) -> rusqlite::Result<GameRowColumns> {
    Ok(GameRowColumns {
        id: row.get("id")?,
        rules: row.get("rules")?,
        deal: row.get("deal")?,
        created_ms: row.get("created_ms")?,
        updated_ms: row.get("updated_ms")?,
        action_count: row.get("action_count")?,
        moves_made: row.get("moves_made")?,
        outcome: row.get("outcome")?,
        score: row.get("score")?,
        helped: row.get("helped")?,
        imported: row.get("imported")?,
        foundations: row.get("foundations")?,
        par: row.get("par")?,
        deal_secret: row.get("deal_secret")?,
        contest_over: row.get("contest_over")?,
    })
}

/// A game's log from action `from` on, as stored.
fn log_rows(conn: &Connection, id: &str, from: usize) -> rusqlite::Result<Vec<(i64, String, i64)>> {
    conn.prepare_cached("SELECT number, action, at_ms FROM actions WHERE game_id = ? AND number >= ? ORDER BY number")?
        .query_map(params![id, from as i64], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect()
}

/// A library shelf's columns, by name.
fn shelf_columns(row: &rusqlite::Row) -> rusqlite::Result<ShelfColumns> {
    Ok(ShelfColumns {
        rules: row.get("rules")?,
        looked: row.get("looked")?,
        last: row.get("last")?,
        lost: row.get("lost")?,
        easy: row.get("easy")?,
        medium: row.get("medium")?,
        hard: row.get("hard")?,
    })
}

impl SqliteStore {
    /// Opens (creating it if missing) the database at `path`, in WAL mode,
    /// and runs the migrations.
    pub async fn open(path: &Path, durability: Durability) -> anyhow::Result<SqliteStore> {
        SqliteStore::open_with(path, durability, Checkpoints::default()).await
    }

    async fn open_with(path: &Path, durability: Durability, tuning: Checkpoints) -> anyhow::Result<SqliteStore> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create the database's folder {}: {e}", dir.display()))?;
        }
        let cannot_open = |e: rusqlite::Error| anyhow::anyhow!("cannot open the database {}: {e}", path.display());
        let mut conn = Connection::open(path).map_err(cannot_open)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(cannot_open)?;
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0)).map_err(cannot_open)?;
        if !mode.eq_ignore_ascii_case("wal") {
            anyhow::bail!("the database {} cannot be put in WAL mode (it stays in {mode} mode)", path.display());
        }
        conn.pragma_update(None, "foreign_keys", true).map_err(cannot_open)?;
        conn.pragma_update(
            None,
            "synchronous",
            match durability {
                Durability::Full => "FULL",
                Durability::Normal => "NORMAL",
            },
        )
        .map_err(cannot_open)?;
        conn.set_prepared_statement_cache_capacity(16);
        migrations::run(&mut conn)
            .map_err(|e| anyhow::anyhow!("cannot migrate the database {}: {e}", path.display()))?;
        let readers = r2d2::Pool::builder()
            .max_size(READERS)
            .build(SqliteConnectionManager::file(path).with_init(|c| {
                c.busy_timeout(BUSY_TIMEOUT)?;
                c.pragma_update(None, "query_only", true)
            }))
            .map_err(|e| anyhow::anyhow!("cannot open the database {} for reading: {e}", path.display()))?;
        let checkpoints = Connection::open(path)
            .and_then(|c| {
                c.busy_timeout(BUSY_TIMEOUT)?;
                Ok(c)
            })
            .map_err(|e| anyhow::anyhow!("cannot open the database {} for checkpoints: {e}", path.display()))?;
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let copied_now = Arc::new(AtomicBool::new(false));
        let told = copied_now.clone();
        let checkpointer = std::thread::Builder::new()
            .name("sqlite-ckpt".into())
            .spawn(move || checkpointer(checkpoints, tuning.every, stopped, told))?;
        let (writes, queue) = mpsc::channel(4 * BATCH_LIMIT);
        let wal_restarts = Arc::new(AtomicU64::new(0));
        std::thread::Builder::new().name("sqlite-writer".into()).spawn({
            let restarts = wal_restarts.clone();
            move || writer(conn, tuning.restart_after_frames, queue, (stop, checkpointer, copied_now), restarts)
        })?;
        Ok(SqliteStore { readers, writes, wal_restarts })
    }

    /// How many times the WAL has started over from its beginning since the
    /// store was opened: a WAL that never does grows without bound.
    pub fn wal_restarts(&self) -> u64 {
        self.wal_restarts.load(Ordering::Relaxed)
    }

    /// Stops the writer after the writes already sent and closes its
    /// connection and the checkpoint thread's. Writes sent afterwards fail;
    /// reads still answer until the store is dropped, which closes the
    /// reading connections (the last to close checkpoints the WAL).
    pub async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.writes.send(Write::Close { done }).await.is_ok() {
            let _ = closed.await;
        }
    }

    /// Runs `read` on a reading connection, on a thread that may block.
    async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let readers = self.readers.clone();
        tokio::task::spawn_blocking(move || {
            let conn = readers.get().map_err(|e| StoreError::Backend(format!("no reading connection: {e}")))?;
            read(&conn).map_err(backend)
        })
        .await
        .map_err(|e| StoreError::Backend(format!("a read stopped: {e}")))?
    }

    /// Hands a write to the writer and waits for its answer.
    async fn write<T>(&self, make: impl FnOnce(Done<T>) -> Write) -> Result<T, StoreError> {
        let (done, answer) = oneshot::channel();
        let gone = || StoreError::Backend("the database writer has stopped".into());
        self.writes.send(make(done)).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }
}

#[async_trait]
impl Store for SqliteStore {
    async fn session(&self, token_hash: &TokenHash) -> Result<Option<Session>, StoreError> {
        let token_hash = *token_hash;
        self.read(move |conn| accounts::session(conn, &token_hash)).await
    }

    async fn create_player(&self, token_hash: &TokenHash, now_ms: i64) -> Result<PlayerId, StoreError> {
        let token_hash = *token_hash;
        self.write(|done| Write::CreatePlayer { token_hash, now_ms, done }).await
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let name = name.to_string();
        self.read(move |conn| accounts::account_by_name(conn, &name)).await
    }

    async fn account_of(&self, player: PlayerId) -> Result<Option<Account>, StoreError> {
        self.read(move |conn| accounts::account_of(conn, player)).await
    }

    async fn account_settings(&self, player: PlayerId) -> Result<Option<String>, StoreError> {
        self.read(move |conn| accounts::settings_of(conn, player)).await
    }

    async fn write_account(&self, write: AccountWrite) -> Result<(), StoreError> {
        self.write(|done| Write::Account { write, done }).await
    }

    async fn sign_in_blocked_until(&self, keys: &[String]) -> Result<i64, StoreError> {
        let keys = keys.to_vec();
        self.read(move |conn| accounts::blocked_until(conn, &keys)).await
    }

    async fn game_count(&self, player: PlayerId) -> Result<u64, StoreError> {
        self.read(move |conn| accounts::game_count(conn, player)).await
    }

    async fn create_game(&self, game: &NewGame, summary: &Summary) -> Result<(), StoreError> {
        let (game, summary) = (game.clone(), summary.clone());
        self.write(|done| Write::CreateGame { game, summary, done }).await
    }

    async fn load_game(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let key = id.as_str().to_string();
        // The row and its log in one read: one trip to a blocking thread.
        let Some(((player, rules, deal, created_ms, dealt_as_winnable, duel), log)) = self
            .read(move |conn| {
                let Some(row) = conn
                    .prepare_cached(
                        "SELECT g.player_id, g.rules, g.deal, g.created_ms, g.dealt_as_winnable, p.duel_id, a.day
                         FROM games g LEFT JOIN duel_participants p ON p.game_id = g.id
                         LEFT JOIN daily_attempts a ON a.game_id = g.id WHERE g.id = ?",
                    )?
                    .query_row([&key], |row| {
                        Ok((
                            row.get(0)?,
                            row.get::<_, String>(1)?,
                            row.get::<_, i64>(2)?,
                            row.get(3)?,
                            row.get::<_, bool>(4)?,
                            (row.get::<_, Option<String>>(5)?, row.get::<_, Option<String>>(6)?),
                        ))
                    })
                    .optional()?
                else {
                    return Ok(None);
                };
                Ok(Some((row, log_rows(conn, &key, 0)?)))
            })
            .await?
        else {
            return Ok(None);
        };
        let entries = log_entries_from(id, 0, log)?;
        let (duel, daily) = duel;
        let contest = stored_contest(&rules, duel, daily)?;
        Ok(Some(StoredGame {
            id: id.clone(),
            player: PlayerId(player),
            rules: stored_rules(&rules)?,
            deal: deal as u64,
            created_ms,
            dealt_as_winnable,
            contest,
            entries,
        }))
    }

    async fn append(&self, id: &GameId, number: usize, entry: &Entry, summary: &Summary) -> Result<(), StoreError> {
        let (id, action, at_ms, summary) = (id.clone(), action_text(entry.action), entry.at_ms as i64, summary.clone());
        self.write(|done| Write::Append { id, number, action, at_ms, summary, done }).await
    }

    async fn update_summary(&self, id: &GameId, summary: &Summary) -> Result<(), StoreError> {
        let (id, summary) = (id.clone(), summary.clone());
        self.write(|done| Write::UpdateSummary { id, summary, done }).await
    }

    async fn list_games(&self, player: PlayerId, limit: usize, now_ms: i64) -> Result<Vec<GameRow>, StoreError> {
        let limit = limit.min(i64::MAX as usize) as i64;
        let rows = self
            .read(move |conn| {
                conn.prepare_cached(
                    "SELECT g.id, g.rules, g.deal, g.created_ms, g.updated_ms, g.action_count, g.moves_made,
                            g.outcome, g.score, g.helped, g.imported, g.foundations, g.par,
                            COALESCE(d.status = 'open', a.ends_ms > ?3, FALSE) AS deal_secret,
                            COALESCE(d.status = 'closed', a.ends_ms <= ?3, FALSE) AS contest_over
                     FROM games g
                     LEFT JOIN duel_participants p ON p.game_id = g.id
                     LEFT JOIN duels d ON d.id = p.duel_id
                     LEFT JOIN daily_attempts a ON a.game_id = g.id
                     WHERE g.player_id = ?1 ORDER BY g.created_ms DESC, g.rowid DESC LIMIT ?2",
                )?
                .query_map(params![player.0, limit, now_ms], game_row_columns)?
                .collect::<rusqlite::Result<Vec<_>>>()
            })
            .await?;
        rows.into_iter().map(GameRowColumns::into_row).collect()
    }

    async fn write_duel(&self, write: DuelWrite) -> Result<(), StoreError> {
        self.write(|done| Write::Duel { write, done }).await
    }

    async fn closed_duels_of(&self, player: PlayerId, limit: usize) -> Result<Vec<DuelId>, StoreError> {
        let limit = limit.min(i64::MAX as usize) as i64;
        let ids: Vec<String> = self
            .read(move |conn| {
                conn.prepare_cached(
                    "SELECT d.id FROM duels d JOIN duel_participants p ON p.duel_id = d.id
                     WHERE p.player_id = ? AND d.status = 'closed' ORDER BY d.closed_ms DESC, d.rowid DESC LIMIT ?",
                )?
                .query_map(params![player.0, limit], |row| row.get(0))?
                .collect()
            })
            .await?;
        ids.into_iter().map(stored_duel_id).collect()
    }

    async fn ratings_of(&self, player: PlayerId) -> Result<Vec<StoredRating>, StoreError> {
        self.read(move |conn| {
            conn.prepare_cached(
                "SELECT game, rating, deviation, volatility, duels, updated_ms FROM ratings WHERE player_id = ? ORDER BY game",
            )?
            .query_map([player.0], |row| {
                Ok(StoredRating {
                    game: row.get(0)?,
                    rating: crate::ratings::Rating { rating: row.get(1)?, deviation: row.get(2)?, volatility: row.get(3)? },
                    duels: row.get(4)?,
                    updated_ms: row.get(5)?,
                })
            })?
            .collect()
        })
        .await
    }

    async fn rating_history(&self, player: PlayerId, limit: usize) -> Result<Vec<RatingPoint>, StoreError> {
        let limit = limit.min(i64::MAX as usize) as i64;
        let mut points: Vec<RatingPoint> = self
            .read(move |conn| {
                conn.prepare_cached(
                    "SELECT game, at_ms, after, deviation FROM rating_changes WHERE player_id = ?
                     ORDER BY at_ms DESC LIMIT ?",
                )?
                .query_map(params![player.0, limit], |row| {
                    Ok(RatingPoint {
                        game: row.get(0)?,
                        at_ms: row.get(1)?,
                        rating: row.get(2)?,
                        deviation: row.get(3)?,
                    })
                })?
                .collect()
            })
            .await?;
        points.reverse();
        Ok(points)
    }

    async fn rating_board(
        &self,
        game: &str,
        active_since_ms: i64,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<BoardEntry>, usize), StoreError> {
        let game = game.to_string();
        let (offset, limit) = (offset.min(i64::MAX as usize) as i64, limit.min(i64::MAX as usize) as i64);
        self.read(move |conn| {
            let total: i64 = conn
                .prepare_cached("SELECT COUNT(*) FROM ratings r JOIN accounts a ON a.player_id = r.player_id WHERE r.game = ? AND r.updated_ms >= ?")?
                .query_row(params![game, active_since_ms], |row| row.get(0))?;
            let entries = conn
                .prepare_cached(
                    "SELECT a.name, r.rating, r.deviation, r.volatility, r.duels, r.updated_ms
                     FROM ratings r JOIN accounts a ON a.player_id = r.player_id
                     WHERE r.game = ? AND r.updated_ms >= ?
                     ORDER BY r.rating DESC, r.updated_ms, a.name_key LIMIT ? OFFSET ?",
                )?
                .query_map(params![game, active_since_ms, limit, offset], |row| {
                    Ok(BoardEntry {
                        name: row.get(0)?,
                        rating: crate::ratings::Rating { rating: row.get(1)?, deviation: row.get(2)?, volatility: row.get(3)? },
                        duels: row.get(4)?,
                        updated_ms: row.get(5)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok((entries, total as usize))
        })
        .await
    }

    async fn analysis(&self, id: &GameId) -> Result<Option<(usize, String)>, StoreError> {
        let key = id.as_str().to_string();
        self.read(move |conn| {
            conn.prepare_cached("SELECT action_count, result FROM analyses WHERE game_id = ?")?
                .query_row([key], |r| Ok((r.get::<_, i64>(0)? as usize, r.get(1)?)))
                .optional()
        })
        .await
    }

    async fn claim_analysis(&self, claim: AnalysisClaim) -> Result<Claimed, StoreError> {
        self.write(|done| Write::ClaimAnalysis { claim, done }).await
    }

    async fn write_analysis_run(&self, write: RunWrite) -> Result<(), StoreError> {
        self.write(|done| Write::AnalysisRun { write, done }).await
    }

    async fn game_player(&self, id: &GameId) -> Result<Option<PlayerId>, StoreError> {
        let key = id.as_str().to_string();
        self.read(move |conn| {
            conn.prepare_cached("SELECT player_id FROM games WHERE id = ?")?
                .query_row([key], |row| row.get(0).map(PlayerId))
                .optional()
        })
        .await
    }

    async fn put_analysis(
        &self,
        id: &GameId,
        action_count: usize,
        result: String,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let id = id.clone();
        self.write(|done| Write::Analysis { id, action_count, result, now_ms, done }).await
    }

    async fn write_daily(&self, write: DailyWrite) -> Result<(), StoreError> {
        self.write(|done| Write::Daily { write, done }).await
    }

    async fn daily(&self, id: DailyId) -> Result<Option<Daily>, StoreError> {
        self.read(move |conn| dailies::daily(conn, id)).await?
    }

    async fn daily_attempt(&self, id: DailyId, player: PlayerId) -> Result<Option<GameId>, StoreError> {
        self.read(move |conn| dailies::attempt(conn, id, player)).await?
    }

    async fn daily_board(
        &self,
        id: DailyId,
        order: BoardOrder,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<AttemptRow>, usize), StoreError> {
        let (offset, limit) = (offset.min(i64::MAX as usize) as i64, limit.min(i64::MAX as usize) as i64);
        self.read(move |conn| dailies::board(conn, id, order, offset, limit)).await?
    }

    async fn daily_days(
        &self,
        rules: &'static str,
        before: Day,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<DayRow>, usize), StoreError> {
        let (offset, limit) = (offset.min(i64::MAX as usize) as i64, limit.min(i64::MAX as usize) as i64);
        self.read(move |conn| dailies::days(conn, rules, before, offset, limit)).await?
    }

    async fn daily_days_of(&self, player: PlayerId, limit: usize) -> Result<Vec<Day>, StoreError> {
        let limit = limit.min(i64::MAX as usize) as i64;
        self.read(move |conn| dailies::days_of(conn, player, limit)).await?
    }

    async fn load_duel(&self, id: &DuelId) -> Result<Option<Duel>, StoreError> {
        let key = id.clone();
        self.read(move |conn| duels::load(conn, &key)).await?
    }

    async fn quick_lobby(&self, closes_after_ms: i64) -> Result<Vec<Waiting>, StoreError> {
        self.read(move |conn| duels::quick_lobby(conn, closes_after_ms)).await?
    }

    async fn duel_status(&self, id: &DuelId) -> Result<Option<DuelStatus>, StoreError> {
        let key = id.clone();
        self.read(move |conn| duels::status(conn, &key)).await?
    }

    async fn grade_by_players(&self, rules: &str, deal: u64, min_players: u64) -> Result<(), StoreError> {
        let rules = rules.to_string();
        self.write(|done| Write::GradeByPlayers { rules, deal, min_players, done }).await
    }

    async fn set_par(&self, id: &GameId, par: usize) -> Result<(), StoreError> {
        let id = id.clone();
        self.write(|done| Write::Par { id, par, done }).await
    }

    async fn put_vote(&self, vote: Vote) -> Result<(), StoreError> {
        self.write(|done| Write::Vote { vote, done }).await
    }

    async fn vote_tallies(&self) -> Result<Vec<VoteTally>, StoreError> {
        self.read(|conn| {
            conn.prepare_cached(crate::store::votes::TALLIES)?
                .query_map([], |row| {
                    Ok(VoteTally {
                        game: row.get(0)?,
                        votes: row.get::<_, i64>(1)? as u64,
                        stars: row.get::<_, i64>(2)? as u64,
                    })
                })?
                .collect()
        })
        .await
    }

    async fn votes_of(&self, player: PlayerId) -> Result<Vec<(String, u8)>, StoreError> {
        self.read(move |conn| {
            conn.prepare_cached("SELECT game, stars FROM votes WHERE player_id = ? ORDER BY game")?
                .query_map([player.0], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect()
        })
        .await
    }

    async fn add_to_library(&self, rows: Vec<LibraryRow>) -> Result<(), StoreError> {
        self.write(|done| Write::Library { rows, done }).await
    }

    async fn library_pick(&self, rules: &str, grade: Option<Grade>) -> Result<Option<u64>, StoreError> {
        let rules = rules.to_string();
        let deal: Option<i64> = self
            .read(move |conn| {
                conn.prepare_cached(library::PICK)?
                    .query_row(params![rules, grade.map(|g| g.as_str())], |row| row.get(0))
                    .optional()
            })
            .await?;
        Ok(deal.map(|d| d as u64))
    }

    async fn library_next_won(&self, rules: &str, from: u64) -> Result<Option<NextWon>, StoreError> {
        let Ok(from) = i64::try_from(from) else { return Ok(None) };
        let rules = rules.to_string();
        let row: Option<(i64, i64)> = self
            .read(move |conn| {
                conn.prepare_cached(library::NEXT_WON)?
                    .query_row(params![rules, from], |row| Ok((row.get(0)?, row.get(1)?)))
                    .optional()
            })
            .await?;
        Ok(row.map(|(deal, looked)| NextWon { deal: deal as u64, unbroken: looked == deal - from + 1 }))
    }

    async fn library_shelves(&self) -> Result<Vec<Shelf>, StoreError> {
        let rows = self
            .read(|conn| {
                conn.prepare_cached(library::SHELVES)?
                    .query_map([], shelf_columns)?
                    .collect::<rusqlite::Result<Vec<_>>>()
            })
            .await?;
        Ok(rows.into_iter().map(ShelfColumns::into_shelf).collect())
    }

    async fn library_shelf(&self, rules: &str) -> Result<Shelf, StoreError> {
        let key = rules.to_string();
        let row = self
            .read(move |conn| conn.prepare_cached(library::SHELF)?.query_row([key], shelf_columns).optional())
            .await?;
        Ok(row.map_or_else(|| Shelf { rules: rules.to_string(), ..Shelf::default() }, ShelfColumns::into_shelf))
    }

    async fn action_count(&self, id: &GameId) -> Result<Option<usize>, StoreError> {
        let key = id.as_str().to_string();
        let count: Option<i64> = self
            .read(move |conn| {
                conn.prepare_cached("SELECT action_count FROM games WHERE id = ?")?
                    .query_row([key], |row| row.get(0))
                    .optional()
            })
            .await?;
        Ok(count.map(|c| c as usize))
    }

    async fn actions_since(&self, id: &GameId, from: usize) -> Result<Vec<Entry>, StoreError> {
        let key = id.as_str().to_string();
        let rows = self.read(move |conn| log_rows(conn, &key, from)).await?;
        log_entries_from(id, from, rows)
    }

    /// One process owns the file: nobody else writes.
    fn shared(&self) -> bool {
        false
    }

    async fn announce_duel_change(&self, _id: &DuelId) -> Result<(), StoreError> {
        Ok(())
    }

    async fn ready(&self) -> Result<(), StoreError> {
        self.read(|conn| conn.query_row("SELECT 1", [], |_| Ok(()))).await
    }

    async fn close(&self) {
        SqliteStore::close(self).await
    }
}
