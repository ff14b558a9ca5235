//! The server's clock: Unix time in milliseconds, which tests may move
//! forward. Every game clock and duel closing time is read from it.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

pub struct Clock {
    /// Added to the system clock.
    offset_ms: AtomicI64,
    /// Told when the clock is moved forward, so that whoever waits for a
    /// moment in time (a live stream, for a closing time) looks again.
    moved: watch::Sender<i64>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock { offset_ms: AtomicI64::new(0), moved: watch::channel(0).0 }
    }
}

/// Unix time in milliseconds by the system clock.
pub fn unix_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

impl Clock {
    pub fn now_ms(&self) -> i64 {
        unix_ms() + self.offset_ms.load(Ordering::Relaxed)
    }

    pub fn advance(&self, ms: i64) {
        let offset = self.offset_ms.fetch_add(ms, Ordering::Relaxed) + ms;
        self.moved.send_replace(offset);
    }

    /// Changes whenever the clock is moved forward.
    pub fn moved(&self) -> watch::Receiver<i64> {
        self.moved.subscribe()
    }
}
