//! Rate limits: a token bucket per player (in memory, per server instance),
//! one set of buckets per kind of request.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use crate::ids::PlayerId;

/// What is limited.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Creating duels (create, quick match opening one, rematch).
    CreateDuel,
    /// Actions in duel games.
    Move,
}

impl Kind {
    /// (burst, refill per second)
    fn rate(self) -> (f64, f64) {
        match self {
            Kind::CreateDuel => (10.0, 1.0 / 6.0),
            Kind::Move => (20.0, 8.0),
        }
    }
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Buckets kept at most before the full ones are forgotten.
const KEEP: usize = 100_000;

#[derive(Default)]
pub struct Limits {
    buckets: Mutex<HashMap<(Kind, PlayerId), Bucket>>,
}

impl Limits {
    /// Takes one token from `key`'s bucket of `kind`; false when it is empty.
    pub fn take(&self, kind: Kind, key: PlayerId) -> bool {
        let (burst, per_sec) = kind.rate();
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap();
        if buckets.len() >= KEEP {
            buckets.retain(|&(k, _), b| {
                let (burst, per_sec) = k.rate();
                b.tokens + now.duration_since(b.at).as_secs_f64() * per_sec < burst
            });
        }
        let b = buckets.entry((kind, key)).or_insert(Bucket { tokens: burst, at: now });
        b.tokens = (b.tokens + now.duration_since(b.at).as_secs_f64() * per_sec).min(burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Seconds until an empty bucket of `kind` holds a token again.
    pub fn retry_after_secs(&self, kind: Kind) -> u64 {
        let (_, per_sec) = kind.rate();
        (1.0 / per_sec).ceil() as u64
    }
}
