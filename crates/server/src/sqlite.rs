//! The SQLite [`Store`]: one database file in WAL mode, migrations embedded
//! in the binary, every append committed (and, with `synchronous=FULL`,
//! synced to disk) before the move is acknowledged.
//!
//! Appends go through one writer task that commits them in groups: the
//! appends waiting when a commit starts share its transaction and its one
//! sync to disk, each in a savepoint of its own, and each is answered only
//! after that commit. Under load this turns one disk sync per move into one
//! per batch, without giving up durability.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use patience_core::game::Entry;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::Row;
use tokio::sync::{mpsc, oneshot};

use crate::store::{action_text, parse_action, GameRow, NewGame, PlayerId, Store, StoreError, StoredGame, Summary};

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
    pool: SqlitePool,
    appends: mpsc::Sender<Append>,
}

/// One append waiting for the writer.
struct Append {
    id: String,
    number: usize,
    action: String,
    at_ms: i64,
    summary: Summary,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// Appends committed together at most.
const BATCH_LIMIT: usize = 512;

/// The writer: takes every append waiting, commits them in one transaction,
/// then answers each.
async fn writer(pool: SqlitePool, mut queue: mpsc::Receiver<Append>) {
    let mut batch: Vec<Append> = Vec::with_capacity(BATCH_LIMIT);
    while let Some(first) = queue.recv().await {
        batch.push(first);
        while batch.len() < BATCH_LIMIT {
            match queue.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        match write_batch(&pool, &batch).await {
            Ok(results) => {
                for (append, result) in batch.drain(..).zip(results) {
                    let _ = append.done.send(result);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, appends = batch.len(), "a group of appends failed to commit");
                for append in batch.drain(..) {
                    let _ = append.done.send(Err(StoreError::Backend(e.to_string())));
                }
            }
        }
    }
}

/// Writes a group of appends in one transaction; each gets its own result
/// (a conflict leaves its game untouched), and all of them are durable once
/// this returns `Ok`.
async fn write_batch(pool: &SqlitePool, batch: &[Append]) -> Result<Vec<Result<(), StoreError>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for a in batch {
        sqlx::query("SAVEPOINT one_append").execute(&mut *tx).await?;
        // The conditional update takes SQLite's write lock and checks that
        // the log holds exactly `number` actions.
        let updated = sqlx::query(
            "UPDATE games SET action_count = ?, moves_made = ?, outcome = ?, score = ?, updated_ms = ?
             WHERE id = ? AND action_count = ?",
        )
        .bind(a.summary.action_count as i64)
        .bind(a.summary.moves_made as i64)
        .bind(&a.summary.outcome)
        .bind(a.summary.score)
        .bind(a.summary.updated_ms)
        .bind(&a.id)
        .bind(a.number as i64)
        .execute(&mut *tx)
        .await?;
        let result = if updated.rows_affected() != 1 {
            Err(StoreError::Conflict { expected: a.number })
        } else {
            let inserted = sqlx::query("INSERT INTO actions (game_id, number, action, at_ms) VALUES (?, ?, ?, ?)")
                .bind(&a.id)
                .bind(a.number as i64)
                .bind(&a.action)
                .bind(a.at_ms)
                .execute(&mut *tx)
                .await;
            match inserted {
                Ok(_) => Ok(()),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    Err(StoreError::Conflict { expected: a.number })
                }
                Err(e) => return Err(e),
            }
        };
        if result.is_err() {
            sqlx::query("ROLLBACK TO one_append").execute(&mut *tx).await?;
        }
        sqlx::query("RELEASE one_append").execute(&mut *tx).await?;
        results.push(result);
    }
    tx.commit().await?;
    Ok(results)
}

fn backend(e: sqlx::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

impl SqliteStore {
    /// Opens (creating it if missing) the database at `path`, in WAL mode,
    /// and runs the migrations.
    pub async fn open(path: &Path, durability: Durability) -> anyhow::Result<SqliteStore> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create the database's folder {}: {e}", dir.display()))?;
        }
        let options = SqliteConnectOptions::from_str("sqlite:")?
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(match durability {
                Durability::Full => SqliteSynchronous::Full,
                Durability::Normal => SqliteSynchronous::Normal,
            })
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(|e| anyhow::anyhow!("cannot open the database {}: {e}", path.display()))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| anyhow::anyhow!("cannot migrate the database {}: {e}", path.display()))?;
        let (appends, queue) = mpsc::channel(4 * BATCH_LIMIT);
        tokio::spawn(writer(pool.clone(), queue));
        Ok(SqliteStore { pool, appends })
    }

    /// Closes every connection (checkpointing the WAL).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn row_to_game_row(row: &sqlx::sqlite::SqliteRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: row.try_get("id")?,
        rules: row.try_get("rules")?,
        deal: row.try_get::<i64, _>("deal")? as u64,
        created_ms: row.try_get("created_ms")?,
        updated_ms: row.try_get("updated_ms")?,
        action_count: row.try_get::<i64, _>("action_count")? as usize,
        moves_made: row.try_get::<i64, _>("moves_made")? as usize,
        outcome: row.try_get("outcome")?,
        score: row.try_get("score")?,
    })
}

#[async_trait]
impl Store for SqliteStore {
    async fn player_by_token(&self, token_hash: &[u8]) -> Result<Option<PlayerId>, StoreError> {
        let row = sqlx::query("SELECT id FROM players WHERE token_hash = ?")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await
            .map_err(backend)?;
        row.map(|r| r.try_get::<i64, _>(0)).transpose().map_err(backend)
    }

    async fn create_player(&self, token_hash: &[u8], now_ms: i64) -> Result<PlayerId, StoreError> {
        let row = sqlx::query("INSERT INTO players (token_hash, created_ms) VALUES (?, ?) RETURNING id")
            .bind(token_hash)
            .bind(now_ms)
            .fetch_one(&self.pool)
            .await
            .map_err(backend)?;
        row.try_get::<i64, _>(0).map_err(backend)
    }

    async fn create_game(&self, game: &NewGame, summary: &Summary) -> Result<(), StoreError> {
        let result = sqlx::query(
            "INSERT INTO games (id, player_id, rules, deal, created_ms, action_count, moves_made, outcome, score, updated_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&game.id)
        .bind(game.player)
        .bind(&game.rules)
        .bind(game.deal as i64)
        .bind(game.created_ms)
        .bind(summary.action_count as i64)
        .bind(summary.moves_made as i64)
        .bind(&summary.outcome)
        .bind(summary.score)
        .bind(summary.updated_ms)
        .execute(&self.pool)
        .await;
        match result {
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::DuplicateId(game.id.clone())),
            Err(e) => Err(backend(e)),
        }
    }

    async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let mut conn = self.pool.acquire().await.map_err(backend)?;
        let Some(row) = sqlx::query("SELECT player_id, rules, deal, created_ms FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(backend)?
        else {
            return Ok(None);
        };
        let rows = sqlx::query("SELECT number, action, at_ms FROM actions WHERE game_id = ? ORDER BY number")
            .bind(id)
            .fetch_all(&mut *conn)
            .await
            .map_err(backend)?;
        let mut entries = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let number: i64 = r.try_get(0).map_err(backend)?;
            let text: String = r.try_get(1).map_err(backend)?;
            let at_ms: i64 = r.try_get(2).map_err(backend)?;
            if number != i as i64 {
                return Err(StoreError::Backend(format!("game {id}: action {i} is missing from the log")));
            }
            let action = parse_action(&text)
                .map_err(|e| StoreError::Backend(format!("game {id}: stored action {i} `{text}`: {e}")))?;
            entries.push(Entry { action, at_ms: at_ms.max(0) as u64 });
        }
        Ok(Some(StoredGame {
            id: id.to_string(),
            player: row.try_get("player_id").map_err(backend)?,
            rules: row.try_get("rules").map_err(backend)?,
            deal: row.try_get::<i64, _>("deal").map_err(backend)? as u64,
            created_ms: row.try_get("created_ms").map_err(backend)?,
            entries,
        }))
    }

    async fn append(&self, id: &str, number: usize, entry: &Entry, summary: &Summary) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        let append = Append {
            id: id.to_string(),
            number,
            action: action_text(entry.action),
            at_ms: entry.at_ms as i64,
            summary: summary.clone(),
            done,
        };
        let gone = || StoreError::Backend("the database writer has stopped".into());
        self.appends.send(append).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    async fn update_summary(&self, id: &str, summary: &Summary) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET moves_made = ?, outcome = ?, score = ?, updated_ms = ? WHERE id = ? AND action_count = ?",
        )
        .bind(summary.moves_made as i64)
        .bind(&summary.outcome)
        .bind(summary.score)
        .bind(summary.updated_ms)
        .bind(id)
        .bind(summary.action_count as i64)
        .execute(&self.pool)
        .await
        .map_err(backend)?;
        Ok(())
    }

    async fn list_games(&self, player: PlayerId, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, rules, deal, created_ms, updated_ms, action_count, moves_made, outcome, score
             FROM games WHERE player_id = ? ORDER BY created_ms DESC, rowid DESC LIMIT ?",
        )
        .bind(player)
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(backend)?;
        rows.iter().map(row_to_game_row).collect::<Result<_, _>>().map_err(backend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_core::game::Action;
    use patience_core::Move;

    fn summary(count: usize) -> Summary {
        Summary { action_count: count, moves_made: count, outcome: "playing".into(), score: 0, updated_ms: 1 }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_appends_of_one_number_commit_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db"), Durability::Full).await.unwrap();
        let player = store.create_player(&[7; 32], 1).await.unwrap();
        for g in 0..3 {
            let game = NewGame { id: format!("game{g}"), player, rules: "pitchfork".into(), deal: 1, created_ms: 1 };
            store.create_game(&game, &summary(0)).await.unwrap();
        }
        let entry = Entry { action: Action::Play(Move::Draw), at_ms: 5 };
        let mut tasks = Vec::new();
        for i in 0..30 {
            let store = store.clone();
            let id = format!("game{}", i % 3);
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
        store.append("game0", 1, &Entry { action: Action::Undo, at_ms: 6 }, &summary(2)).await.unwrap();
        assert!(matches!(
            store.append("game0", 1, &entry, &summary(2)).await,
            Err(StoreError::Conflict { expected: 1 })
        ));
        let game = store.load_game("game0").await.unwrap().unwrap();
        assert_eq!(game.entries, vec![entry, Entry { action: Action::Undo, at_ms: 6 }]);
        assert_eq!(store.list_games(player, 10).await.unwrap().iter().map(|r| r.action_count).sum::<usize>(), 4);
        assert!(store.load_game("nope").await.unwrap().is_none());
        store.close().await;
    }
}
