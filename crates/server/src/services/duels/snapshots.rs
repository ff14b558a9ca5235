//! One load of a duel shared by all of its live streams. A change wakes
//! every stream of the duel at once; each asks for a state at least as new
//! as the change (by the feed's count of changes) or as the moment its
//! deadline passed (by the server's clock), and the first to ask starts the
//! load that the others then share: a change costs one load however many
//! streams watch, and the view everyone but the participants and the
//! creator sees is written out once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};

use tokio::sync::OnceCell;

use super::{load_closing_if_due, view, Progress};
use crate::ids::{DuelId, PlayerId};
use crate::services::{Result, Services};
use crate::store::Duel;

/// Snapshots kept at most before the map starts over.
const KEEP: usize = 4096;

/// How new a state a stream needs: at least the feed's change `seq`, and
/// loaded at or after `ms` on the server's clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Freshness {
    pub seq: u64,
    pub ms: i64,
}

/// A duel as loaded once, and what the streams make of it.
pub struct Snapshot {
    /// The feed's change count and the clock when the load started: every
    /// change counted by then is in it.
    seq: u64,
    at_ms: i64,
    loaded: OnceCell<Result<Loaded>>,
    /// The view of anyone who is neither a participant nor the creator, as
    /// JSON.
    others: std::sync::OnceLock<Arc<str>>,
}

/// What a load found.
pub struct Loaded {
    pub duel: Duel,
    pub progress: Vec<Progress>,
    /// The next moment time alone changes the duel, if any.
    pub deadline: Option<i64>,
}

/// The latest snapshot of each duel watched.
#[derive(Default)]
pub struct Snapshots {
    by_duel: SyncMutex<HashMap<DuelId, Arc<Snapshot>>>,
    /// Loads started so far.
    loads: AtomicU64,
}

impl Snapshots {
    /// Duel `id` at least as new as `need`: the snapshot another stream
    /// started, if it is new enough, else a new one.
    pub async fn load(&self, app: &Services, id: &DuelId, need: Freshness) -> Result<Arc<Snapshot>> {
        let snapshot = {
            let mut by_duel = self.by_duel.lock().unwrap();
            match by_duel.get(id) {
                Some(s) if s.seq >= need.seq && s.at_ms >= need.ms => s.clone(),
                _ => {
                    if by_duel.len() >= KEEP {
                        by_duel.clear();
                    }
                    let fresh = Arc::new(Snapshot {
                        seq: app.duels().feed.sequence(),
                        at_ms: app.now_ms(),
                        loaded: OnceCell::new(),
                        others: std::sync::OnceLock::new(),
                    });
                    by_duel.insert(id.clone(), fresh.clone());
                    self.loads.fetch_add(1, Ordering::Relaxed);
                    fresh
                }
            }
        };
        snapshot.loaded.get_or_init(|| load(app, id)).await.as_ref().map_err(Clone::clone)?;
        Ok(snapshot)
    }
}

impl Snapshots {
    /// Loads started so far, by every stream of every duel together.
    pub fn loads(&self) -> u64 {
        self.loads.load(Ordering::Relaxed)
    }
}

async fn load(app: &Services, id: &DuelId) -> Result<Loaded> {
    let (duel, progress) = load_closing_if_due(app, id).await?;
    let deadline = if duel.is_closed() {
        None
    } else {
        progress.iter().filter_map(|p| p.clock_ends_ms).chain(duel.closes_ms).min()
    };
    Ok(Loaded { duel, progress, deadline })
}

impl Snapshot {
    /// What was loaded (a snapshot is handed out only once it is).
    pub fn loaded(&self) -> &Loaded {
        match self.loaded.get() {
            Some(Ok(loaded)) => loaded,
            _ => unreachable!("a snapshot is handed out once loaded"),
        }
    }

    /// The duel as `me` is shown it, as JSON: shared by everyone whose
    /// view is the same.
    pub fn json_for(&self, me: Option<PlayerId>) -> Arc<str> {
        let loaded = self.loaded();
        let write = |me| {
            let view = view::of(&loaded.duel, &loaded.progress, me);
            Arc::<str>::from(serde_json::to_string(&view).unwrap_or_default())
        };
        let own_view =
            me.is_some_and(|me| loaded.duel.creator == me || loaded.duel.participants.iter().any(|p| p.player == me));
        if own_view {
            write(me)
        } else {
            self.others.get_or_init(|| write(None)).clone()
        }
    }
}
