//! A duel watched live: its view again whenever it changes, until it
//! closes or the server stops. The watch waits on the server's change feed
//! and on the next moment time alone changes the duel (a clock running
//! out, the closing time), never on a timer of its own.

use std::sync::Arc;
use std::time::Duration;

use futures_util::Stream;
use tokio::sync::broadcast;

use super::feed::{Slot, Watcher};
use super::{watch, DuelView};
use crate::ids::{DuelId, PlayerId};
use crate::services::{Result, Services};
use crate::store::DuelStatus;

/// The views of duel `id` as `me` is shown it: the first at once, then one
/// for each change (shared with the watch, which compares the next with it). Holds one of the feed's places (see [`super::feed`])
/// for as long as it lasts; refused when `watcher` has taken theirs.
pub async fn updates(
    app: &Services,
    id: &DuelId,
    me: Option<PlayerId>,
    watcher: Watcher,
) -> Result<impl Stream<Item = Arc<DuelView>> + use<>> {
    let slot = app.duels().feed.open(watcher)?;
    // Subscribed before the first look, so no change falls between them.
    let changes = app.duels().feed.subscribe();
    let (first, deadline) = watch(app, id, me).await?;
    let state = Watching {
        app: app.clone(),
        duel_id: id.clone(),
        me,
        last: None,
        next: Some((first, deadline)),
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
    last: Option<Arc<DuelView>>,
    next: Option<(DuelView, Option<i64>)>,
    deadline: Option<i64>,
    changes: broadcast::Receiver<DuelId>,
    stopping: tokio::sync::watch::Receiver<bool>,
    clock_moved: tokio::sync::watch::Receiver<i64>,
    _slot: Slot,
}

impl Watching {
    fn closed(&self) -> bool {
        self.last.as_ref().is_some_and(|l| l.status == DuelStatus::Closed)
    }

    /// The next view that differs from the last one sent, or `None` once
    /// the duel is closed (after its closed view) or the server stops.
    async fn next_view(mut self) -> Option<(Arc<DuelView>, Watching)> {
        loop {
            if let Some((next, deadline)) = self.next.take() {
                self.deadline = deadline;
                if self.closed() {
                    return None;
                }
                if self.last.as_deref() != Some(&next) {
                    let next = Arc::new(next);
                    self.last = Some(next.clone());
                    return Some((next, self));
                }
            }
            if self.closed() || *self.stopping.borrow() {
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
            tokio::select! {
                changed = self.changes.recv() => match changed {
                    Ok(id) if id != self.duel_id => continue,
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = time_passes => {}
                _ = self.clock_moved.changed() => {}
                _ = self.stopping.changed() => return None,
            }
            self.next = Some(watch(&self.app, &self.duel_id, self.me).await.ok()?);
        }
    }
}
