//! A duel watched live: its view again whenever it changes, until it
//! closes or the server stops. The watch reads the snapshots its duel's
//! pump hands out (see [`super::snapshots`]): one load a change for every
//! stream of the duel, never a load or a timer of its own.

use std::sync::Arc;

use futures_util::Stream;
use patience_words::Lang;

use super::feed::{Slot, Watcher};
use super::snapshots::Latest;
use crate::ids::{DuelId, PlayerId};
use crate::services::{Result, Services};

/// The views of duel `id` as `me` is shown it in `lang`, as JSON: the first at once,
/// then one for each change. Holds one of the feed's places (see
/// [`super::feed`]) for as long as it lasts; refused when `watcher` has
/// taken theirs.
pub async fn updates(
    app: &Services,
    id: &DuelId,
    me: Option<PlayerId>,
    watcher: Watcher,
    lang: Lang,
) -> Result<impl Stream<Item = Arc<str>> + use<>> {
    let slot = app.duels().feed.open(watcher)?;
    let latest = app.duels().snapshots.subscribe(app, id, me).await?;
    let state =
        Watching { me, lang, latest, last: None, sent_closed: false, stopping: app.duels().stopping(), _slot: slot };
    Ok(futures_util::stream::unfold(state, Watching::next_view))
}

/// What a watch holds between two views.
struct Watching {
    me: Option<PlayerId>,
    lang: Lang,
    latest: Latest,
    last: Option<Arc<str>>,
    /// The last view sent showed the duel closed.
    sent_closed: bool,
    stopping: tokio::sync::watch::Receiver<bool>,
    _slot: Slot,
}

impl Watching {
    /// The next view that differs from the last one sent, or `None` once
    /// the duel is closed (after its closed view) or the server stops.
    async fn next_view(mut self) -> Option<(Arc<str>, Watching)> {
        loop {
            if self.sent_closed || *self.stopping.borrow() {
                return None;
            }
            let snapshot = self.latest.borrow_and_update().clone();
            if let Some(snapshot) = snapshot {
                let next = snapshot.json_for(self.me, self.lang);
                // The same shared view, or the same words.
                let same = self.last.as_ref().is_some_and(|last| Arc::ptr_eq(last, &next) || *last == next);
                if !same {
                    self.last = Some(next.clone());
                    self.sent_closed = snapshot.duel.is_closed();
                    return Some((next, self));
                }
            }
            tokio::select! {
                // An error: the pump ended (the duel closed, or the server
                // stops) after the last state, which was read above.
                changed = self.latest.changed() => changed.ok()?,
                _ = self.stopping.changed() => return None,
            }
        }
    }
}
