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
//! answering a group, so that the WAL starts over (see `checkpointer`).
//! No commit waits for a checkpoint. Reads (loading a game, lists, tokens)
//! go through a pool of reading connections (r2d2), each read on a thread
//! that may block, which WAL lets run beside the writer.
//!
//! One driver, rusqlite, for all of it: the writer needs SQLite's own
//! hooks (the WAL hook, the database file's handle), which a direct binding
//! gives and an async driver hides, and a second driver for the reads and
//! the migrations would be a second copy of SQLite's settings and errors.
//! The migrations are `migrations.rs`.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use patience_core::game::Entry;
use patience_core::Rules;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{ffi, params, Connection, ErrorCode, OptionalExtension};
use tokio::sync::{mpsc, oneshot};

mod duels;
mod migrations;

use crate::ids::{DuelId, GameId, PlayerId, TokenHash};
use crate::store::{
    action_text, library, log_entries_from, stored_duel_id, stored_rules, Duel, DuelStatus, DuelWrite, GameRow,
    GameRowColumns, LibraryRow, NewGame, NextWon, Shelf, Store, StoreError, StoredGame, Summary,
};
use library::ShelfColumns;
use patience_solver::library::Grade;

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

/// One write waiting for the writer, with where its answer goes.
enum Write {
    Append {
        id: GameId,
        number: usize,
        action: String,
        at_ms: i64,
        summary: Summary,
        done: Done<()>,
    },
    CreatePlayer {
        token_hash: TokenHash,
        now_ms: i64,
        done: Done<PlayerId>,
    },
    CreateGame {
        game: NewGame,
        summary: Summary,
        done: Done<()>,
    },
    UpdateSummary {
        id: GameId,
        summary: Summary,
        done: Done<()>,
    },
    Duel {
        write: DuelWrite,
        done: Done<()>,
    },
    Library {
        rows: Vec<LibraryRow>,
        done: Done<()>,
    },
    /// Stop after the writes before this one, and close the connection.
    Close {
        done: oneshot::Sender<()>,
    },
}

type Done<T> = oneshot::Sender<Result<T, StoreError>>;

/// What one write gave, before it is sent to whoever waits for it.
enum Written {
    Nothing,
    Player(PlayerId),
}

/// Writes committed together at most.
const BATCH_LIMIT: usize = 512;

/// How often the checkpoint thread copies the WAL into the database file.
/// Each round writes every page changed since the last one, once: under
/// the load benchmark a round every 100 ms wrote about four times as many
/// pages a second as one every second (a page holding the end of a game's
/// log changes with each of its moves), and the syncs of those writes slowed
/// the commits (p99 6-7 ms against 3-5 ms).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// WAL frames (pages) past which the writer finishes a checkpoint, so that
/// the WAL starts over from its beginning: 64 MB with 4 KB pages, a few
/// checkpoint rounds' worth under the load benchmark.
const RESTART_AFTER_FRAMES: i32 = 16_000;

/// When checkpoints happen: [`CHECKPOINT_EVERY`] and
/// [`RESTART_AFTER_FRAMES`], or smaller for tests.
#[derive(Copy, Clone, Debug)]
struct Checkpoints {
    every: Duration,
    restart_after_frames: i32,
}

impl Default for Checkpoints {
    fn default() -> Checkpoints {
        Checkpoints { every: CHECKPOINT_EVERY, restart_after_frames: RESTART_AFTER_FRAMES }
    }
}

/// The checkpoint thread: every [`CHECKPOINT_EVERY`] it copies what the WAL
/// holds into the database file (a passive checkpoint, which never blocks
/// the writer or the readers) and syncs the database file, until told to
/// stop. After each round it raises `copied_now`: the writer, which
/// finishes a checkpoint now and then so that the WAL starts over
/// ([`finish_checkpoint`]), does so just after a round, when little is left
/// to copy and sync.
///
/// Why the sync: a passive checkpoint syncs the database file only if no
/// commit came while it copied, which is seldom the case with a commit
/// every millisecond. Without the sync every page it copied stayed dirty
/// until the writer's own (automatic) checkpoint, which synced them all
/// inside a commit, before answering it: a stall of several milliseconds a
/// few times a second, growing with the database (more distinct pages to
/// write) — the load benchmark's p99 rose from 3 to 7-9 ms over 30 s.
/// Durability does not depend on this sync: SQLite syncs the database file
/// itself before the WAL may start over.
fn checkpointer(conn: Connection, every: Duration, stop: std::sync::mpsc::Receiver<()>, copied_now: Arc<AtomicBool>) {
    // The frames copied when the database file was last synced.
    let mut synced = -1;
    while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(every) {
        let copied = match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| row.get::<_, i64>(2)) {
            Ok(copied) => copied,
            Err(e) => {
                tracing::warn!(error = %e, "checkpoint failed");
                continue;
            }
        };
        if copied > 0 && copied != synced {
            match sync_database_file(&conn) {
                Ok(()) => synced = copied,
                Err(e) => {
                    tracing::warn!(error = %e, "syncing the database file failed");
                    continue;
                }
            }
        }
        copied_now.store(true, Ordering::Release);
    }
    let _ = conn.close();
}

/// Syncs the main database file to disk through the connection's own file
/// handle (SQLite's `xSync`). A separate `File` on the database must not be
/// used: closing it would drop every POSIX lock this process holds on the
/// file, SQLite's included.
fn sync_database_file(conn: &Connection) -> Result<(), String> {
    let mut file: *mut ffi::sqlite3_file = std::ptr::null_mut();
    // SAFETY: the handle is this open connection's, used by this thread
    // only; SQLITE_FCNTL_FILE_POINTER writes a `sqlite3_file *` to the
    // pointer it is given.
    let rc = unsafe {
        ffi::sqlite3_file_control(
            conn.handle(),
            c"main".as_ptr(),
            ffi::SQLITE_FCNTL_FILE_POINTER,
            (&mut file as *mut *mut ffi::sqlite3_file).cast(),
        )
    };
    if rc != ffi::SQLITE_OK || file.is_null() {
        return Err(format!("no database file handle (SQLite code {rc})"));
    }
    // SAFETY: `file` is the connection's open database file, which stays
    // open as long as the connection, and its methods are SQLite's VFS
    // methods for it; syncing is allowed at any time.
    let rc = unsafe {
        match (*file).pMethods.as_ref().and_then(|methods| methods.xSync) {
            Some(sync) => sync(file, ffi::SQLITE_SYNC_NORMAL),
            None => ffi::SQLITE_OK,
        }
    };
    if rc == ffi::SQLITE_OK {
        Ok(())
    } else {
        Err(format!("SQLite code {rc}"))
    }
}

/// The WAL's length in frames after each commit of the writer's connection,
/// from SQLite's WAL hook. Installing the hook also replaces SQLite's
/// automatic checkpoint, which would run inside a commit, before its
/// answers; the writer checkpoints after answering instead.
struct WalLength {
    frames: Arc<AtomicI32>,
    /// The count the hook holds, given back by [`WalLength::remove`].
    hooked: *const AtomicI32,
}

/// The WAL hook: notes the WAL's length.
unsafe extern "C" fn note_wal_length(
    frames: *mut std::ffi::c_void,
    _db: *mut ffi::sqlite3,
    _name: *const std::ffi::c_char,
    length: std::ffi::c_int,
) -> std::ffi::c_int {
    // SAFETY: `frames` is the pointer `WalLength::install` registered, kept
    // alive by the strong count it owns until `WalLength::remove`.
    unsafe { &*(frames as *const AtomicI32) }.store(length, Ordering::Relaxed);
    ffi::SQLITE_OK
}

impl WalLength {
    fn install(conn: &Connection) -> WalLength {
        let frames = Arc::new(AtomicI32::new(0));
        let hooked = Arc::into_raw(frames.clone());
        // SAFETY: the handle is this open connection's; the hook only
        // dereferences `hooked`, which stays valid until `remove` (or
        // forever, should `remove` never be called).
        unsafe { ffi::sqlite3_wal_hook(conn.handle(), Some(note_wal_length), hooked.cast_mut().cast()) };
        WalLength { frames, hooked }
    }

    /// Frames in the WAL after the last commit.
    fn frames(&self) -> i32 {
        self.frames.load(Ordering::Relaxed)
    }

    /// Takes the hook off the connection (before it is closed).
    fn remove(self, conn: &Connection) {
        // SAFETY: the handle is this open connection's; once the hook is
        // off, nothing else holds `hooked`, which came from `Arc::into_raw`.
        unsafe {
            ffi::sqlite3_wal_hook(conn.handle(), None, std::ptr::null_mut());
            drop(Arc::from_raw(self.hooked));
        }
    }
}

/// Finishes a checkpoint on the writer's connection, between two commits:
/// with no commit under way it copies the few frames the checkpoint thread
/// has not (their sync is short, the rest being synced already), so the WAL
/// is complete in the database file and the next commit starts it over from
/// its beginning. Returns false when the checkpoint thread was at it (try
/// again after the next commit).
fn finish_checkpoint(conn: &Connection) -> bool {
    match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| row.get::<_, i64>(0)) {
        Ok(busy) => busy == 0,
        Err(e) => {
            tracing::warn!(error = %e, "checkpoint failed");
            true
        }
    }
}

/// The writer thread: takes every write waiting, commits them in one
/// transaction, then answers each; once the WAL holds
/// [`RESTART_AFTER_FRAMES`] it then finishes a checkpoint
/// ([`finish_checkpoint`]), after the answers, so that no answer waits for
/// it. Stops the checkpoint thread when it stops.
fn writer(
    mut conn: Connection,
    restart_after_frames: i32,
    mut queue: mpsc::Receiver<Write>,
    checkpoints: (std::sync::mpsc::Sender<()>, std::thread::JoinHandle<()>, Arc<AtomicBool>),
    restarts: Arc<AtomicU64>,
) {
    let wal = WalLength::install(&conn);
    let mut last_frames = 0;
    // The WAL's length at which to finish a checkpoint; past the first, in
    // case the WAL did not start over (a reader was in it), a while later.
    let mut checkpoint_at = restart_after_frames;
    let (stop_checkpoints, checkpoint_thread, copied_now) = checkpoints;
    let mut batch: Vec<Write> = Vec::with_capacity(BATCH_LIMIT);
    while let Some(first) = queue.blocking_recv() {
        batch.push(first);
        while batch.len() < BATCH_LIMIT {
            match queue.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        let (mut results, failed) = match write_batch(&mut conn, &batch) {
            Ok(results) => (results.into_iter(), None),
            Err(e) => {
                tracing::error!(error = %e, writes = batch.len(), "a group of writes failed to commit");
                (Vec::new().into_iter(), Some(e.to_string()))
            }
        };
        let mut close = None;
        for write in batch.drain(..) {
            let result = match (&failed, results.next()) {
                (Some(e), _) => Err(StoreError::Backend(e.clone())),
                (None, Some(result)) => result,
                (None, None) => Err(StoreError::Backend("the database writer has stopped".into())),
            };
            match write {
                Write::Append { done, .. }
                | Write::CreateGame { done, .. }
                | Write::UpdateSummary { done, .. }
                | Write::Duel { done, .. }
                | Write::Library { done, .. } => {
                    let _ = done.send(result.map(|_| ()));
                }
                Write::CreatePlayer { done, .. } => {
                    let _ = done.send(result.and_then(|w| match w {
                        Written::Player(id) => Ok(id),
                        Written::Nothing => Err(StoreError::Backend("no player id".into())),
                    }));
                }
                Write::Close { done } => close = Some(done),
            }
        }
        // Finished right after a round of the checkpoint thread, little is
        // left to copy; should that thread lag far behind, finished anyway.
        let round_ended = copied_now.swap(false, Ordering::AcqRel);
        let frames = wal.frames();
        if frames < last_frames {
            restarts.fetch_add(1, Ordering::Relaxed);
        }
        last_frames = frames;
        if frames < restart_after_frames {
            checkpoint_at = restart_after_frames;
        } else if close.is_none()
            && frames >= checkpoint_at
            && (round_ended || frames >= checkpoint_at + restart_after_frames)
            && finish_checkpoint(&conn)
        {
            checkpoint_at = frames + restart_after_frames / 4;
        }
        if let Some(done) = close {
            queue.close();
            while let Ok(write) = queue.try_recv() {
                refuse(write);
            }
            drop(stop_checkpoints);
            let _ = checkpoint_thread.join();
            wal.remove(&conn);
            if let Err((_, e)) = conn.close() {
                tracing::error!(error = %e, "closing the database");
            }
            let _ = done.send(());
            return;
        }
    }
    wal.remove(&conn);
}

/// Answers a write that came after the writer stopped.
fn refuse(write: Write) {
    let gone = || StoreError::Backend("the database writer has stopped".into());
    match write {
        Write::Append { done, .. }
        | Write::CreateGame { done, .. }
        | Write::UpdateSummary { done, .. }
        | Write::Duel { done, .. }
        | Write::Library { done, .. } => {
            let _ = done.send(Err(gone()));
        }
        Write::CreatePlayer { done, .. } => {
            let _ = done.send(Err(gone()));
        }
        Write::Close { done } => {
            let _ = done.send(());
        }
    }
}

/// Inserts a new game's row (ordinary games and duel games alike).
pub(crate) fn insert_game(tx: &rusqlite::Transaction, game: &NewGame, summary: &Summary) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO games (id, player_id, rules, deal, created_ms, action_count, moves_made, outcome, score, updated_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .and_then(|mut st| {
        st.execute(params![
            game.id.as_str(),
            game.player.0,
            game.rules.id,
            game.deal as i64,
            game.created_ms,
            summary.action_count as i64,
            summary.moves_made as i64,
            summary.outcome.as_str(),
            summary.score,
            summary.updated_ms
        ])
    })
    .map(|_| ())
    .map_err(|e| {
        if is_unique_violation(&e) {
            StoreError::DuplicateId(game.id.to_string())
        } else {
            StoreError::Backend(e.to_string())
        }
    })
}

pub(crate) fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.code == ErrorCode::ConstraintViolation
        && (f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE))
}

/// Writes a group in one transaction, each write in a savepoint, and
/// commits. Each write gets its own result (a conflict or a failed write
/// leaves nothing behind); all that succeeded are durable once this returns
/// `Ok`. The writes after a `Close` are not made (their results are missing).
fn write_batch(conn: &mut Connection, batch: &[Write]) -> Result<Vec<Result<Written, StoreError>>, rusqlite::Error> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let mut results = Vec::with_capacity(batch.len());
    for write in batch {
        if let Write::Close { .. } = write {
            results.push(Ok(Written::Nothing));
            break;
        }
        tx.prepare_cached("SAVEPOINT one_write")?.execute([])?;
        let result = write_one(&tx, write);
        if result.is_err() {
            tx.prepare_cached("ROLLBACK TO one_write")?.execute([])?;
        }
        tx.prepare_cached("RELEASE one_write")?.execute([])?;
        results.push(result);
    }
    tx.commit()?;
    Ok(results)
}

/// One write, inside the batch's transaction.
fn write_one(tx: &rusqlite::Transaction, write: &Write) -> Result<Written, StoreError> {
    let backend = |e: rusqlite::Error| StoreError::Backend(e.to_string());
    match write {
        Write::Append { id, number, action, at_ms, summary, .. } => {
            // The conditional update checks that the log holds exactly
            // `number` actions.
            let updated = tx
                .prepare_cached(
                    "UPDATE games SET action_count = ?, moves_made = ?, outcome = ?, score = ?, updated_ms = ?
                     WHERE id = ? AND action_count = ?",
                )
                .and_then(|mut st| {
                    st.execute(params![
                        summary.action_count as i64,
                        summary.moves_made as i64,
                        summary.outcome.as_str(),
                        summary.score,
                        summary.updated_ms,
                        id.as_str(),
                        *number as i64
                    ])
                })
                .map_err(backend)?;
            if updated != 1 {
                return Err(StoreError::Conflict { expected: *number });
            }
            tx.prepare_cached("INSERT INTO actions (game_id, number, action, at_ms) VALUES (?, ?, ?, ?)")
                .and_then(|mut st| st.execute(params![id.as_str(), *number as i64, action, at_ms]))
                .map_err(|e| if is_unique_violation(&e) { StoreError::Conflict { expected: *number } } else { backend(e) })?;
            Ok(Written::Nothing)
        }
        Write::CreatePlayer { token_hash, now_ms, .. } => tx
            .prepare_cached("INSERT INTO players (token_hash, created_ms) VALUES (?, ?) RETURNING id")
            .and_then(|mut st| st.query_row(params![&token_hash[..], now_ms], |row| row.get::<_, i64>(0)))
            .map(|id| Written::Player(PlayerId(id)))
            .map_err(backend),
        Write::CreateGame { game, summary, .. } => insert_game(tx, game, summary).map(|()| Written::Nothing),
        Write::UpdateSummary { id, summary, .. } => tx
            .prepare_cached(
                "UPDATE games SET moves_made = ?, outcome = ?, score = ?, updated_ms = ? WHERE id = ? AND action_count = ?",
            )
            .and_then(|mut st| {
                st.execute(params![
                    summary.moves_made as i64,
                    summary.outcome.as_str(),
                    summary.score,
                    summary.updated_ms,
                    id.as_str(),
                    summary.action_count as i64
                ])
            })
            .map(|_| Written::Nothing)
            .map_err(backend),
        Write::Duel { write, .. } => duels::write(tx, write).map(|()| Written::Nothing),
        Write::Library { rows, .. } => {
            let mut insert = tx
                .prepare_cached(
                    "INSERT INTO library (rules, deal, verdict, grade, wins, runs, solution) VALUES (?, ?, ?, ?, ?, ?, ?)
                     ON CONFLICT DO NOTHING",
                )
                .map_err(backend)?;
            for row in rows {
                insert
                    .execute(params![
                        row.rules,
                        row.deal as i64,
                        row.verdict.as_str(),
                        row.grade.map(|g| g.as_str()),
                        row.wins,
                        row.runs,
                        row.solution
                    ])
                    .map_err(backend)?;
            }
            Ok(Written::Nothing)
        }
        Write::Close { .. } => Ok(Written::Nothing),
    }
}

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
        duel_open: row.get("duel_open")?,
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
    async fn player_by_token(&self, token_hash: &TokenHash) -> Result<Option<PlayerId>, StoreError> {
        let token_hash = *token_hash;
        self.read(move |conn| {
            conn.prepare_cached("SELECT id FROM players WHERE token_hash = ?")?
                .query_row([&token_hash[..]], |row| row.get(0).map(PlayerId))
                .optional()
        })
        .await
    }

    async fn create_player(&self, token_hash: &TokenHash, now_ms: i64) -> Result<PlayerId, StoreError> {
        let token_hash = *token_hash;
        self.write(|done| Write::CreatePlayer { token_hash, now_ms, done }).await
    }

    async fn create_game(&self, game: &NewGame, summary: &Summary) -> Result<(), StoreError> {
        let (game, summary) = (game.clone(), summary.clone());
        self.write(|done| Write::CreateGame { game, summary, done }).await
    }

    async fn load_game(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let key = id.as_str().to_string();
        // The row and its log in one read: one trip to a blocking thread.
        let Some(((player, rules, deal, created_ms, duel), log)) = self
            .read(move |conn| {
                let Some(row) = conn
                    .prepare_cached(
                        "SELECT g.player_id, g.rules, g.deal, g.created_ms, p.duel_id
                         FROM games g LEFT JOIN duel_participants p ON p.game_id = g.id WHERE g.id = ?",
                    )?
                    .query_row([&key], |row| {
                        Ok((
                            row.get(0)?,
                            row.get::<_, String>(1)?,
                            row.get::<_, i64>(2)?,
                            row.get(3)?,
                            row.get::<_, Option<String>>(4)?,
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
        let duel = duel.map(stored_duel_id).transpose()?;
        Ok(Some(StoredGame {
            id: id.clone(),
            player: PlayerId(player),
            rules: stored_rules(&rules)?,
            deal: deal as u64,
            created_ms,
            duel,
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

    async fn list_games(&self, player: PlayerId, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let limit = limit.min(i64::MAX as usize) as i64;
        let rows = self
            .read(move |conn| {
                conn.prepare_cached(
                    "SELECT g.id, g.rules, g.deal, g.created_ms, g.updated_ms, g.action_count, g.moves_made,
                            g.outcome, g.score, d.status = 'open' AS duel_open
                     FROM games g
                     LEFT JOIN duel_participants p ON p.game_id = g.id
                     LEFT JOIN duels d ON d.id = p.duel_id
                     WHERE g.player_id = ? ORDER BY g.created_ms DESC, g.rowid DESC LIMIT ?",
                )?
                .query_map(params![player.0, limit], game_row_columns)?
                .collect::<rusqlite::Result<Vec<_>>>()
            })
            .await?;
        rows.into_iter().map(GameRowColumns::into_row).collect()
    }

    async fn write_duel(&self, write: DuelWrite) -> Result<(), StoreError> {
        self.write(|done| Write::Duel { write, done }).await
    }

    async fn load_duel(&self, id: &DuelId) -> Result<Option<Duel>, StoreError> {
        let key = id.clone();
        self.read(move |conn| duels::load(conn, &key)).await?
    }

    async fn open_quick_duel(
        &self,
        rules: &'static Rules,
        player: PlayerId,
        now_ms: i64,
    ) -> Result<Option<DuelId>, StoreError> {
        self.read(move |conn| duels::open_quick(conn, rules.id, player, now_ms)).await?
    }

    async fn duel_status(&self, id: &DuelId) -> Result<Option<DuelStatus>, StoreError> {
        let key = id.clone();
        self.read(move |conn| duels::status(conn, &key)).await?
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

#[cfg(test)]
mod tests {
    use super::*;
    use patience_core::game::Action;
    use patience_core::game::Outcome;
    use patience_core::Move;

    fn summary(count: usize) -> Summary {
        Summary { action_count: count, moves_made: count, outcome: Outcome::Playing, score: 0, updated_ms: 1 }
    }

    fn gid(n: usize) -> GameId {
        GameId::parse(&format!("{n:024x}")).unwrap()
    }

    /// A database made while sqlx's migrator ran the SQLite migrations
    /// (`tests/fixtures/made-by-sqlx.sql`, dumped from one with a player
    /// and a Harmony game) opens without migrating again, and its game
    /// loads and plays on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_database_migrated_by_sqlx_goes_on_where_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch(include_str!("../../../tests/fixtures/made-by-sqlx.sql"))
            .unwrap();
        let store = SqliteStore::open(&path, Durability::Full).await.unwrap();
        let id = GameId::parse("3f34924dd47edba562424a9f").unwrap();
        let game = store.load_game(&id).await.unwrap().expect("the old game is there");
        assert_eq!((game.rules.id, game.deal, game.entries.len()), ("harmony", 7, 0));
        let entry = Entry { action: Action::Play(Move::Draw), at_ms: 5 };
        store.append(&id, 0, &entry, &summary(1)).await.unwrap();
        assert_eq!(store.actions_since(&id, 0).await.unwrap(), vec![entry]);
        store.close().await;
        let conn = Connection::open(&path).unwrap();
        let installed: Vec<String> = conn
            .prepare("SELECT installed_on FROM _sqlx_migrations ORDER BY version")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(installed, vec!["2026-11-25 17:21:52"; 4], "no migration ran again");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_appends_of_one_number_commit_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db"), Durability::Full).await.unwrap();
        let player = store.create_player(&[7; 32], 1).await.unwrap();
        for g in 0..3 {
            let game = NewGame {
                id: gid(g),
                player,
                rules: patience_core::presets::find("pitchfork").unwrap(),
                deal: 1,
                created_ms: 1,
            };
            store.create_game(&game, &summary(0)).await.unwrap();
        }
        let entry = Entry { action: Action::Play(Move::Draw), at_ms: 5 };
        let mut tasks = Vec::new();
        for i in 0..30 {
            let store = store.clone();
            let id = gid(i % 3);
            tasks.push(tokio::spawn(async move { store.append(&id, 0, &entry, &summary(1)).await }));
        }
        let mut ok = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(()) => ok += 1,
                Err(StoreError::Conflict { expected: 0 }) => {}
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(ok, 3, "one append per game");
        store.append(&gid(0), 1, &Entry { action: Action::Undo, at_ms: 6 }, &summary(2)).await.unwrap();
        assert!(matches!(
            store.append(&gid(0), 1, &entry, &summary(2)).await,
            Err(StoreError::Conflict { expected: 1 })
        ));
        let game = store.load_game(&gid(0)).await.unwrap().unwrap();
        assert_eq!(game.entries, vec![entry, Entry { action: Action::Undo, at_ms: 6 }]);
        assert_eq!(store.list_games(player, 10).await.unwrap().iter().map(|r| r.action_count).sum::<usize>(), 4);
        assert!(store.load_game(&gid(99)).await.unwrap().is_none());
        store.close().await;
    }

    /// The checkpoint thread and the writer start the WAL over again and
    /// again while writes keep coming, and everything written is there
    /// after a reopen.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_wal_starts_over_while_writes_keep_coming() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        // Shorter than the defaults, for a short test.
        let tuning = Checkpoints { every: Duration::from_millis(20), restart_after_frames: 1000 };
        let restart = tuning.restart_after_frames;
        let store = SqliteStore::open_with(&path, Durability::Normal, tuning).await.unwrap();
        let player = store.create_player(&[3; 32], 1).await.unwrap();
        let games = 10;
        for g in 0..games {
            let game = NewGame {
                id: gid(g),
                player,
                rules: patience_core::presets::find("harp").unwrap(),
                deal: 1,
                created_ms: 1,
            };
            store.create_game(&game, &summary(0)).await.unwrap();
        }
        // One append at a time, so each is a commit of its own that adds at
        // least one frame to the WAL: it should start over at least every
        // 1000 frames or so (after the next round of the checkpoint thread
        // or, that thread lagging, at twice the length), so at least 12
        // times without delays.
        let appends = 12 * restart as usize;
        for i in 0..appends {
            let (id, n) = (gid(i % games), i / games);
            let entry = Entry { action: Action::Play(Move::Draw), at_ms: n as u64 };
            store.append(&id, n, &entry, &summary(n + 1)).await.unwrap();
        }
        // How long the WAL gets depends on timing: while the checkpoint
        // thread is held up (a slow sync of the database file, when the disk
        // is busy, as after a big build), nothing can start it over and it
        // grows. That it starts over, again and again, does not.
        let restarts = store.wal_restarts();
        assert!(
            restarts >= 3,
            "the WAL started over {restarts} times in {appends} commits; it should about every {restart} frames"
        );
        store.close().await;
        let again = SqliteStore::open(&path, Durability::Normal).await.unwrap();
        let rows = again.list_games(player, 100).await.unwrap();
        assert_eq!(rows.iter().map(|r| r.action_count).sum::<usize>(), appends, "every append is kept");
        assert_eq!(again.load_game(&gid(7)).await.unwrap().unwrap().entries.len(), appends / games);
        again.close().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failed_write_undoes_only_itself_and_a_closed_store_refuses_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let store = SqliteStore::open(&path, Durability::Full).await.unwrap();
        let player = store.create_player(&[1; 32], 1).await.unwrap();
        let game = NewGame {
            id: gid(1),
            player,
            rules: patience_core::presets::find("lasker").unwrap(),
            deal: 3,
            created_ms: 1,
        };
        store.create_game(&game, &summary(0)).await.unwrap();
        // Sent at once (so mostly in one commit): the duplicate game and the
        // second player with the same token fail, the others are kept.
        let entry = Entry { action: Action::Play(Move::Draw), at_ms: 5 };
        let (zero, one) = (summary(0), summary(1));
        let id = gid(1);
        let (a, b, c, d) = tokio::join!(
            store.create_game(&game, &zero),
            store.append(&id, 0, &entry, &one),
            store.create_player(&[1; 32], 2),
            store.create_player(&[2; 32], 2),
        );
        assert!(matches!(a, Err(StoreError::DuplicateId(id)) if id == gid(1).as_str()));
        b.unwrap();
        assert!(matches!(c, Err(StoreError::Backend(_))));
        let other = d.unwrap();
        assert_ne!(other, player);
        assert_eq!(store.player_by_token(&[2; 32]).await.unwrap(), Some(other));
        assert_eq!(store.load_game(&gid(1)).await.unwrap().unwrap().entries, vec![entry]);
        store.close().await;
        assert!(matches!(store.append(&gid(1), 1, &entry, &summary(2)).await, Err(StoreError::Backend(_))));

        // Everything acknowledged is in the file.
        let again = SqliteStore::open(&path, Durability::Full).await.unwrap();
        assert_eq!(again.load_game(&gid(1)).await.unwrap().unwrap().entries, vec![entry]);
        assert_eq!(again.list_games(player, 10).await.unwrap()[0].action_count, 1);
        again.close().await;
    }
}
