//! The server's clock: Unix time in milliseconds, which tests may move
//! forward. Every game clock and duel closing time is read from it.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Default)]
pub struct Clock {
    /// Added to the system clock.
    offset_ms: AtomicI64,
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
        self.offset_ms.fetch_add(ms, Ordering::Relaxed);
    }
}
