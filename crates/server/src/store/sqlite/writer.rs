//! The group-commit writer: the thread that owns the only connection that
//! writes, the [`Write`]s it is sent, and how it commits the writes waiting
//! together, each in a savepoint of its own, in one transaction.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::{mpsc, oneshot};

use super::inserts::{insert_game, is_unique_violation};
use super::wal::{finish_checkpoint, WalLength};
use super::{accounts, dailies, duels};
use crate::ids::{GameId, PlayerId, TokenHash};
use crate::store::{
    AccountWrite, AnalysisClaim, Claimed, DailyWrite, DuelWrite, LibraryRow, NewGame, RunWrite, StoreError, Summary,
    Vote,
};

/// One write waiting for the writer, with where its answer goes.
pub(super) enum Write {
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
    Account {
        write: AccountWrite,
        done: Done<()>,
    },
    Daily {
        write: DailyWrite,
        done: Done<()>,
    },
    Analysis {
        id: GameId,
        action_count: usize,
        result: String,
        now_ms: i64,
        done: Done<()>,
    },
    ClaimAnalysis {
        claim: AnalysisClaim,
        done: Done<Claimed>,
    },
    AnalysisRun {
        write: RunWrite,
        done: Done<()>,
    },
    Library {
        rows: Vec<LibraryRow>,
        done: Done<()>,
    },
    Vote {
        vote: Vote,
        done: Done<()>,
    },
    Par {
        id: GameId,
        par: usize,
        done: Done<()>,
    },
    GradeByPlayers {
        rules: String,
        deal: u64,
        min_players: u64,
        done: Done<()>,
    },
    /// Stop after the writes before this one, and close the connection.
    Close {
        done: oneshot::Sender<()>,
    },
}

pub(super) type Done<T> = oneshot::Sender<Result<T, StoreError>>;

/// What one write gave, before it is sent to whoever waits for it.
enum Written {
    Nothing,
    Player(PlayerId),
    Claimed(Claimed),
}

/// Writes committed together at most.
pub(super) const BATCH_LIMIT: usize = 512;

/// The writer thread: takes every write waiting, commits them in one
/// transaction, then answers each; once the WAL holds
/// `restart_after_frames` (`RESTART_AFTER_FRAMES` in `wal.rs`) it then
/// finishes a checkpoint ([`finish_checkpoint`]), after the answers, so that
/// no answer waits for it. Stops the checkpoint thread when it stops.
pub(super) fn writer(
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
                (None, None) => Err(stopped()),
            };
            if let Some(done) = write.answer(result) {
                close = Some(done);
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

/// The error of a write the writer did not make because it had stopped.
fn stopped() -> StoreError {
    StoreError::Backend("the database writer has stopped".into())
}

/// Answers a write that came after the writer stopped.
fn refuse(write: Write) {
    if let Some(done) = write.answer(Err(stopped())) {
        let _ = done.send(());
    }
}

impl Write {
    /// Sends `result` to whoever waits on this write, as the answer its
    /// kind expects; a `Close` is not answered here but handed back, to be
    /// answered once the writer has closed.
    fn answer(self, result: Result<Written, StoreError>) -> Option<oneshot::Sender<()>> {
        match self {
            Write::Append { done, .. }
            | Write::CreateGame { done, .. }
            | Write::UpdateSummary { done, .. }
            | Write::Duel { done, .. }
            | Write::Account { done, .. }
            | Write::Daily { done, .. }
            | Write::Analysis { done, .. }
            | Write::AnalysisRun { done, .. }
            | Write::Library { done, .. }
            | Write::Vote { done, .. }
            | Write::Par { done, .. }
            | Write::GradeByPlayers { done, .. } => {
                let _ = done.send(result.map(|_| ()));
            }
            Write::CreatePlayer { done, .. } => {
                let _ = done.send(result.and_then(|w| match w {
                    Written::Player(id) => Ok(id),
                    _ => Err(StoreError::Backend("no player id".into())),
                }));
            }
            Write::ClaimAnalysis { done, .. } => {
                let _ = done.send(result.and_then(|w| match w {
                    Written::Claimed(claimed) => Ok(claimed),
                    _ => Err(StoreError::Backend("no claim".into())),
                }));
            }
            Write::Close { done } => return Some(done),
        }
        None
    }
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
                    "UPDATE games SET action_count = ?, moves_made = ?, outcome = ?, score = ?, updated_ms = ?,
                                      foundations = ?, helped = ?
                     WHERE id = ? AND action_count = ?",
                )
                .and_then(|mut st| {
                    st.execute(params![
                        summary.action_count as i64,
                        summary.moves_made as i64,
                        summary.outcome.as_str(),
                        summary.score,
                        summary.updated_ms,
                        summary.foundations as i64,
                        summary.helped,
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
                .map_err(|e| {
                    if is_unique_violation(&e) {
                        StoreError::Conflict { expected: *number }
                    } else {
                        backend(e)
                    }
                })?;
            Ok(Written::Nothing)
        }
        Write::CreatePlayer { token_hash, now_ms, .. } => {
            accounts::create_player(tx, token_hash, *now_ms).map(Written::Player).map_err(backend)
        }
        Write::CreateGame { game, summary, .. } => insert_game(tx, game, summary).map(|()| Written::Nothing),
        Write::UpdateSummary { id, summary, .. } => tx
            .prepare_cached(
                "UPDATE games SET moves_made = ?, outcome = ?, score = ?, updated_ms = ?, foundations = ?
                 WHERE id = ? AND action_count = ?",
            )
            .and_then(|mut st| {
                st.execute(params![
                    summary.moves_made as i64,
                    summary.outcome.as_str(),
                    summary.score,
                    summary.updated_ms,
                    summary.foundations as i64,
                    id.as_str(),
                    summary.action_count as i64
                ])
            })
            .map(|_| Written::Nothing)
            .map_err(backend),
        Write::Duel { write, .. } => duels::write(tx, write).map(|()| Written::Nothing),
        Write::Account { write, .. } => accounts::write(tx, write).map(|()| Written::Nothing),
        Write::Daily { write, .. } => dailies::write(tx, write).map(|()| Written::Nothing),
        Write::GradeByPlayers { rules, deal, min_players, .. } => tx
            .prepare_cached(crate::store::library::GRADE_BY_PLAYERS)
            .and_then(|mut st| st.execute(params![rules, *deal as i64, *min_players as i64]))
            .map(|_| Written::Nothing)
            .map_err(backend),
        Write::Par { id, par, .. } => tx
            .prepare_cached("UPDATE games SET par = ? WHERE id = ?")
            .and_then(|mut st| st.execute(params![*par as i64, id.as_str()]))
            .map(|_| Written::Nothing)
            .map_err(backend),
        Write::Vote { vote, .. } => tx
            .prepare_cached(
                "INSERT INTO votes (player_id, game, stars, updated_ms) VALUES (?, ?, ?, ?)
                 ON CONFLICT (player_id, game) DO UPDATE SET stars = excluded.stars, updated_ms = excluded.updated_ms",
            )
            .and_then(|mut st| st.execute(params![vote.player.0, vote.game, vote.stars, vote.now_ms]))
            .map(|_| Written::Nothing)
            .map_err(backend),
        Write::Analysis { id, action_count, result, now_ms, .. } => {
            tx.prepare_cached(
                "INSERT INTO analyses (game_id, action_count, result, created_ms) VALUES (?, ?, ?, ?)
                 ON CONFLICT (game_id) DO UPDATE SET action_count = excluded.action_count,
                     result = excluded.result, created_ms = excluded.created_ms",
            )
            .and_then(|mut st| st.execute(params![id.as_str(), *action_count as i64, result, now_ms]))
            .map_err(backend)?;
            release_analysis(tx, id).map_err(backend)?;
            Ok(Written::Nothing)
        }
        Write::ClaimAnalysis { claim, .. } => claim_analysis(tx, claim).map(Written::Claimed).map_err(backend),
        Write::AnalysisRun { write: RunWrite::Progress { game, solves, now_ms }, .. } => tx
            .prepare_cached("UPDATE analysis_runs SET solves = ?, heartbeat_ms = ? WHERE game_id = ?")
            .and_then(|mut st| st.execute(params![*solves as i64, now_ms, game.as_str()]))
            .map(|_| Written::Nothing)
            .map_err(backend),
        Write::AnalysisRun { write: RunWrite::Release { game }, .. } => {
            release_analysis(tx, game).map(|()| Written::Nothing).map_err(backend)
        }
        Write::Library { rows, .. } => {
            let mut insert = tx
                .prepare_cached(
                    "INSERT INTO library (rules, deal, verdict, grade, wins, runs, solution) VALUES (?, ?, ?, ?, ?, ?, ?)
                     ON CONFLICT (rules, deal) DO UPDATE SET verdict = excluded.verdict, grade = excluded.grade,
                         wins = excluded.wins, runs = excluded.runs, solution = excluded.solution
                     WHERE library.verdict = 'unknown' AND excluded.verdict <> 'unknown'",
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

/// Claims an analysis (see [`AnalysisClaim`]): stale claims go first; then
/// the claim is made unless the game or the player has one.
fn claim_analysis(tx: &rusqlite::Transaction, claim: &AnalysisClaim) -> rusqlite::Result<Claimed> {
    tx.prepare_cached("DELETE FROM analysis_runs WHERE heartbeat_ms < ?")?.execute([claim.stale_before_ms])?;
    let inserted = tx
        .prepare_cached(
            "INSERT INTO analysis_runs (game_id, player_id, solves, heartbeat_ms) VALUES (?, ?, 0, ?)
             ON CONFLICT DO NOTHING",
        )?
        .execute(params![claim.game.as_str(), claim.player.0, claim.now_ms])?;
    if inserted == 1 {
        return Ok(Claimed::Started);
    }
    let solves: Option<i64> = tx
        .prepare_cached("SELECT solves FROM analysis_runs WHERE game_id = ?")?
        .query_row([claim.game.as_str()], |row| row.get(0))
        .optional()?;
    Ok(solves.map_or(Claimed::PlayerBusy, |n| Claimed::Running { solves: n as usize }))
}

fn release_analysis(tx: &rusqlite::Transaction, game: &GameId) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM analysis_runs WHERE game_id = ?")?.execute([game.as_str()])?;
    Ok(())
}
