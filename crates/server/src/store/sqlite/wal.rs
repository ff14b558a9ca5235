//! The WAL and its checkpoints: the checkpoint thread, which copies the WAL
//! into the database file in the background and syncs it there; the WAL
//! hook, which tells the writer how long the WAL is after each commit; and
//! the checkpoint the writer finishes now and then so that the WAL starts
//! over from its beginning.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rusqlite::{ffi, Connection};

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
pub(super) struct Checkpoints {
    pub(super) every: Duration,
    pub(super) restart_after_frames: i32,
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
pub(super) fn checkpointer(
    conn: Connection,
    every: Duration,
    stop: std::sync::mpsc::Receiver<()>,
    copied_now: Arc<AtomicBool>,
) {
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
pub(super) struct WalLength {
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
    pub(super) fn install(conn: &Connection) -> WalLength {
        let frames = Arc::new(AtomicI32::new(0));
        let hooked = Arc::into_raw(frames.clone());
        // SAFETY: the handle is this open connection's; the hook only
        // dereferences `hooked`, which stays valid until `remove` (or
        // forever, should `remove` never be called).
        unsafe { ffi::sqlite3_wal_hook(conn.handle(), Some(note_wal_length), hooked.cast_mut().cast()) };
        WalLength { frames, hooked }
    }

    /// Frames in the WAL after the last commit.
    pub(super) fn frames(&self) -> i32 {
        self.frames.load(Ordering::Relaxed)
    }

    /// Takes the hook off the connection (before it is closed).
    pub(super) fn remove(self, conn: &Connection) {
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
pub(super) fn finish_checkpoint(conn: &Connection) -> bool {
    match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| row.get::<_, i64>(0)) {
        Ok(busy) => busy == 0,
        Err(e) => {
            tracing::warn!(error = %e, "checkpoint failed");
            true
        }
    }
}
