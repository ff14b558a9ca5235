//! The change feed of duels: every change to a duel (a join, a game
//! opened, a move in a participant's game, the close, a rematch) is
//! published once, and the pump of each duel watched live (see
//! [`super::snapshots`]) listens to the one feed instead of asking the
//! database on a timer. Changes that only time makes (a game's clock
//! running out, the closing time) are awaited by the pump as deadlines.
//!
//! Streams are capped per player, per address and in total.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use patience_words::say;
use tokio::sync::broadcast;

use super::super::{Error, ErrorKind, Result};
use crate::ids::DuelId;

/// Changes the feed holds for a slow stream; one that falls further behind
/// reloads its duel (it misses nothing but the intermediate states).
const FEED_CAPACITY: usize = 1024;

/// Live streams one player may hold at once, by default.
pub const STREAMS_PER_PLAYER: usize = 8;

/// Live streams one address may hold at once, by default: a household or a
/// school behind one address has room, and it takes the addresses of 64
/// clients to fill the server's.
pub const STREAMS_PER_ADDRESS: usize = 32;

/// Live streams open at once on this server, by default.
pub const STREAMS_IN_TOTAL: usize = 2048;

/// Who holds a stream: a player (if the request names one), from an
/// address (if it is known).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Watcher {
    pub player: Option<crate::ids::PlayerId>,
    pub address: Option<std::net::IpAddr>,
}

/// The feed, and the count of open streams.
pub struct Feed {
    changes: broadcast::Sender<DuelId>,
    open: Arc<Mutex<Open>>,
    caps: StreamCaps,
}

/// The caps on open streams.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StreamCaps {
    pub per_player: usize,
    pub per_address: usize,
    pub in_total: usize,
}

impl Default for StreamCaps {
    fn default() -> StreamCaps {
        StreamCaps { per_player: STREAMS_PER_PLAYER, per_address: STREAMS_PER_ADDRESS, in_total: STREAMS_IN_TOTAL }
    }
}

#[derive(Default)]
struct Open {
    total: usize,
    by_player: HashMap<crate::ids::PlayerId, usize>,
    by_address: HashMap<std::net::IpAddr, usize>,
}

/// Counts one down, forgetting it at zero.
fn release<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = counts.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            counts.remove(key);
        }
    }
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
        if let Some(player) = &self.watcher.player {
            release(&mut open.by_player, player);
        }
        if let Some(address) = &self.watcher.address {
            release(&mut open.by_address, address);
        }
    }
}

impl Feed {
    pub fn new(caps: StreamCaps) -> Feed {
        Feed { changes: broadcast::channel(FEED_CAPACITY).0, open: Arc::new(Mutex::new(Open::default())), caps }
    }

    /// Tells every watched duel's pump (see [`super::snapshots`]) that
    /// duel `id` changed.
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
        if open.total >= self.caps.in_total {
            return Err(Error::new(ErrorKind::Busy { retry_after_secs: 5 }, say!("streams-full")));
        }
        let mine = watcher.player.and_then(|p| open.by_player.get(&p).copied()).unwrap_or(0);
        if mine >= self.caps.per_player {
            return Err(Error::new(ErrorKind::TooMany { retry_after_secs: 5 }, say!("streams-yours", count = mine)));
        }
        let from_address = watcher.address.and_then(|a| open.by_address.get(&a).copied()).unwrap_or(0);
        if from_address >= self.caps.per_address {
            return Err(Error::new(
                ErrorKind::TooMany { retry_after_secs: 5 },
                say!("streams-address", count = from_address),
            ));
        }
        open.total += 1;
        if let Some(player) = watcher.player {
            *open.by_player.entry(player).or_insert(0) += 1;
        }
        if let Some(address) = watcher.address {
            *open.by_address.entry(address).or_insert(0) += 1;
        }
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
    fn streams_are_capped_per_player_per_address_and_in_total() {
        let feed = Feed::new(StreamCaps { per_player: 2, per_address: 3, in_total: 5 });
        let home: std::net::IpAddr = [192, 0, 2, 1].into();
        let at = |player: i64, address| Watcher { player: Some(crate::ids::PlayerId(player)), address };
        let a1 = feed.open(at(1, Some(home))).unwrap();
        let _a2 = feed.open(at(1, Some(home))).unwrap();
        assert_eq!(feed.open(at(1, None)).unwrap_err().kind, ErrorKind::TooMany { retry_after_secs: 5 });
        let _b = feed.open(at(2, Some(home))).unwrap();
        let refused = feed.open(at(3, Some(home))).unwrap_err();
        assert!(refused.message.to_string().contains("from your address"), "{}", refused.message);
        let _c = feed.open(at(3, Some([192, 0, 2, 2].into()))).unwrap();
        let _d = feed.open(Watcher { player: None, address: None }).unwrap();
        assert_eq!(feed.open_streams(), 5);
        assert!(matches!(feed.open(at(4, None)).unwrap_err().kind, ErrorKind::Busy { .. }));
        drop(a1);
        feed.open(at(1, Some(home))).expect("a place was given back");
    }
}
