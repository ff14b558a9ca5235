//! The change feed of duels: every change to a duel (a join, a game
//! opened, a move in a participant's game, the close, a rematch) is
//! published once, and every live standings stream of this server listens
//! to the one feed instead of asking the database on a timer. Changes that
//! only time makes (a game's clock running out, the closing time) are
//! awaited by each stream as deadlines.
//!
//! Streams are capped per requester and in total.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use super::super::{Error, ErrorKind, Result};
use crate::ids::DuelId;

/// Changes the feed holds for a slow stream; one that falls further behind
/// reloads its duel (it misses nothing but the intermediate states).
const FEED_CAPACITY: usize = 1024;

/// Live streams one requester may hold at once, by default.
pub const STREAMS_PER_REQUESTER: usize = 8;

/// Live streams open at once on this server, by default.
pub const STREAMS_IN_TOTAL: usize = 2048;

/// Who holds a stream: a player, or an address for someone without one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Watcher {
    Player(crate::ids::PlayerId),
    Address(std::net::IpAddr),
    Unknown,
}

/// The feed, and the count of open streams.
pub struct Feed {
    changes: broadcast::Sender<DuelId>,
    open: Arc<Mutex<Open>>,
    per_watcher: usize,
    in_total: usize,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_watcher: HashMap<Watcher, usize>,
}

/// A place among the open streams, given back when dropped.
pub struct Slot {
    open: Arc<Mutex<Open>>,
    watcher: Watcher,
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_struct("Slot").field("watcher", &self.watcher).finish()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap();
        open.total -= 1;
        if let Some(n) = open.by_watcher.get_mut(&self.watcher) {
            *n -= 1;
            if *n == 0 {
                open.by_watcher.remove(&self.watcher);
            }
        }
    }
}

impl Feed {
    pub fn new(per_watcher: usize, in_total: usize) -> Feed {
        Feed {
            changes: broadcast::channel(FEED_CAPACITY).0,
            open: Arc::new(Mutex::new(Open::default())),
            per_watcher,
            in_total,
        }
    }

    /// Tells every stream that duel `id` changed.
    pub fn publish(&self, id: &DuelId) {
        // Nobody listening is not an error.
        let _ = self.changes.send(id.clone());
    }

    /// Listens to every change from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<DuelId> {
        self.changes.subscribe()
    }

    /// A place for one more stream of `watcher`, if the caps allow it.
    pub fn open(&self, watcher: Watcher) -> Result<Slot> {
        let mut open = self.open.lock().unwrap();
        if open.total >= self.in_total {
            return Err(Error::new(
                ErrorKind::Busy { retry_after_secs: 5 },
                "too many live duel streams are open on the server; reload the page in a moment",
            ));
        }
        let mine = open.by_watcher.get(&watcher).copied().unwrap_or(0);
        if watcher != Watcher::Unknown && mine >= self.per_watcher {
            return Err(Error::new(
                ErrorKind::TooMany { retry_after_secs: 5 },
                format!("you have {mine} live duel streams open already; close a duel page first"),
            ));
        }
        open.total += 1;
        *open.by_watcher.entry(watcher.clone()).or_insert(0) += 1;
        Ok(Slot { open: self.open.clone(), watcher })
    }

    /// Streams open now.
    pub fn open_streams(&self) -> usize {
        self.open.lock().unwrap().total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_capped_per_watcher_and_in_total() {
        let feed = Feed::new(2, 3);
        let ann = Watcher::Player(crate::ids::PlayerId(1));
        let a1 = feed.open(ann.clone()).unwrap();
        let _a2 = feed.open(ann.clone()).unwrap();
        assert_eq!(feed.open(ann.clone()).unwrap_err().kind, ErrorKind::TooMany { retry_after_secs: 5 });
        let _b = feed.open(Watcher::Player(crate::ids::PlayerId(2))).unwrap();
        assert_eq!(feed.open_streams(), 3);
        assert!(matches!(feed.open(Watcher::Unknown).unwrap_err().kind, ErrorKind::Busy { .. }));
        drop(a1);
        feed.open(ann).expect("a place was given back");
    }
}
