//! A duel watched live: its view again whenever it changes, until it
//! closes or the server stops. The watch waits on the server's change feed
//! and on the next moment time alone changes the duel (a clock running
//! out, the closing time), never on a timer of its own; and it reads the
//! duel from the snapshot every stream of the duel shares (see
//! [`super::snapshots`]), so that a change costs one load, not one a
//! stream.

use std::sync::Arc;
use std::time::Duration;

use futures_util::Stream;
use tokio::sync::broadcast;

use super::feed::{Slot, Watcher};
use super::snapshots::{Freshness, Snapshot};
use crate::ids::{DuelId, PlayerId};
use crate::services::{Result, Services};

/// The views of duel `id` as `me` is shown it, as JSON: the first at once,
/// then one for each change. Holds one of the feed's places (see
/// [`super::feed`]) for as long as it lasts; refused when `watcher` has
/// taken theirs.
pub async fn updates(
    app: &Services,
    id: &DuelId,
    me: Option<PlayerId>,
    watcher: Watcher,
) -> Result<impl Stream<Item = Arc<str>> + use<>> {
    let slot = app.duels().feed.open(watcher)?;
    // Subscribed before the first look, so no change falls between them.
    let changes = app.duels().feed.subscribe();
    let need = Freshness { seq: app.duels().feed.sequence(), ms: app.now_ms() };
    let first = app.duels().snapshots.load(app, id, need).await?;
    let state = Watching {
        app: app.clone(),
        duel_id: id.clone(),
        me,
        last: None,
        sent_closed: false,
        next: Some(first),
        deadline: None,
        changes,
        stopping: app.duels().stopping(),
        clock_moved: app.clock().moved(),
        _slot: slot,
    };
    Ok(futures_util::stream::unfold(state, Watching::next_view))
}

/// What a watch holds between two views.
struct Watching {
    app: Services,
    duel_id: DuelId,
    me: Option<PlayerId>,
    last: Option<Arc<str>>,
    /// The last view sent showed the duel closed.
    sent_closed: bool,
    next: Option<Arc<Snapshot>>,
    deadline: Option<i64>,
    changes: broadcast::Receiver<(DuelId, u64)>,
    stopping: tokio::sync::watch::Receiver<bool>,
    clock_moved: tokio::sync::watch::Receiver<i64>,
    _slot: Slot,
}

impl Watching {
    /// The next view that differs from the last one sent, or `None` once
    /// the duel is closed (after its closed view) or the server stops.
    async fn next_view(mut self) -> Option<(Arc<str>, Watching)> {
        loop {
            if let Some(snapshot) = self.next.take() {
                let loaded = snapshot.loaded();
                self.deadline = loaded.deadline;
                if self.sent_closed {
                    return None;
                }
                let next = snapshot.json_for(self.me);
                if self.last.as_deref() != Some(&*next) {
                    self.last = Some(next.clone());
                    self.sent_closed = loaded.duel.is_closed();
                    return Some((next, self));
                }
            }
            if self.sent_closed || *self.stopping.borrow() {
                return None;
            }
            let now = self.app.now_ms();
            let until_deadline = self.deadline.map(|d| Duration::from_millis((d - now).max(0) as u64 + 1));
            let time_passes = async {
                match until_deadline {
                    Some(wait) => tokio::time::sleep(wait).await,
                    None => std::future::pending().await,
                }
            };
            // How new a state this wake needs: the change's, or one loaded
            // once the deadline (or the moved clock) has passed.
            let need = tokio::select! {
                changed = self.changes.recv() => match changed {
                    Ok((id, _)) if id != self.duel_id => continue,
                    Ok((_, seq)) => Freshness { seq, ms: 0 },
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        Freshness { seq: self.app.duels().feed.sequence(), ms: 0 }
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = time_passes => Freshness { seq: 0, ms: self.deadline.unwrap_or(now) },
                _ = self.clock_moved.changed() => Freshness { seq: 0, ms: self.app.now_ms() },
                _ = self.stopping.changed() => return None,
            };
            self.next = Some(self.app.duels().snapshots.load(&self.app, &self.duel_id, need).await.ok()?);
        }
    }
}
