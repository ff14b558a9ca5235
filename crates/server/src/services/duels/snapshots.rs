//! One load of a duel shared by all of its live streams. Each duel watched
//! live has one pump: a task that loads the duel when it changes (a change
//! on the feed, a deadline passing, the clock moved) and hands the result,
//! a [`Snapshot`], to every stream of the duel through a watch channel. So
//! a change costs one load however many streams watch, the view everyone
//! but the participants and the creator sees is written out once, and the
//! server's change feed wakes one task a duel, not one a stream.
//!
//! Changes that come quickly are taken together: after a load the pump
//! waits a while before the next, longer the more streams watch (a stream
//! costs a write a look), from [`MIN_GAP`] for a few watchers to
//! [`MAX_GAP`] for thousands. And it hands each snapshot to the streams in
//! [`GROUPS`] groups spread over that while, the participants' group first,
//! so that thousands of streams do not all write at once while other
//! players wait for their moves. The pump ends when its duel is closed
//! (after handing out the closed state), when the last stream goes, or when
//! the server stops.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::Duration;

use patience_words::Lang;
use tokio::sync::{broadcast, watch};

use super::{load_closing_if_due, view, Progress};
use crate::ids::{DuelId, PlayerId};
use crate::services::{Error, Result, Services};
use crate::store::Duel;

/// The least and the most time between two loads of one duel.
pub const MIN_GAP: Duration = Duration::from_millis(50);
pub const MAX_GAP: Duration = Duration::from_secs(1);

/// The time between two loads per stream watching: a thousand streams wait
/// half a second.
const GAP_PER_STREAM: Duration = Duration::from_micros(500);

/// A pump with no stream left ends at its next look, or after this long.
const IDLE_LOOK: Duration = Duration::from_secs(30);

/// The groups a duel's streams are handed each snapshot in, one after
/// another over the time until the next load. Groups, not a turn each: a
/// stream woken alone costs a thread's wake-up, a group shares it, and a
/// group of a few hundred writes keeps other players waiting a few
/// milliseconds at most.
pub const GROUPS: usize = 8;

/// A duel as loaded once, and what the streams make of it.
pub struct Snapshot {
    pub duel: Duel,
    pub progress: Vec<Progress>,
    /// The view of anyone who is neither a participant nor the creator, as
    /// JSON, in each language it was asked in.
    others: SyncMutex<Vec<(Lang, Arc<str>)>>,
}

impl Snapshot {
    /// The next moment time alone changes the duel, if any.
    fn deadline(&self) -> Option<i64> {
        if self.duel.is_closed() {
            return None;
        }
        self.progress.iter().filter_map(|p| p.clock_ends_ms).chain(self.duel.closes_ms).min()
    }

    /// Whether `me` sees a view of their own (they are in the duel or
    /// created it), not the one shared by everyone else.
    pub fn own_view(&self, me: Option<PlayerId>) -> bool {
        me.is_some_and(|me| self.duel.creator == me || self.duel.participants.iter().any(|p| p.player == me))
    }

    /// The duel as `me` is shown it in `lang`, as JSON: shared by everyone
    /// whose view is the same.
    pub fn json_for(&self, me: Option<PlayerId>, lang: Lang) -> Arc<str> {
        let write = |me| {
            let view = view::of(&self.duel, &self.progress, me, lang);
            Arc::<str>::from(serde_json::to_string(&view).unwrap_or_default())
        };
        if self.own_view(me) {
            return write(me);
        }
        let mut others = self.others.lock().unwrap();
        if let Some((_, json)) = others.iter().find(|(l, _)| *l == lang) {
            return json.clone();
        }
        let json = write(None);
        others.push((lang, json.clone()));
        json
    }
}

/// The latest snapshot of a duel, as its streams receive it (`None` only
/// before the first load).
pub type Latest = watch::Receiver<Option<Arc<Snapshot>>>;

type Group = watch::Sender<Option<Arc<Snapshot>>>;

/// A duel's pump as its streams find it: the groups it hands snapshots to.
struct Pump {
    groups: Vec<Group>,
    /// Streams that joined so far, to share them out among the groups.
    joined: AtomicUsize,
}

impl Pump {
    fn streams(&self) -> usize {
        self.groups.iter().map(Group::receiver_count).sum()
    }

    /// Hands `snapshot` to every group at once.
    fn send_all(&self, snapshot: &Arc<Snapshot>) {
        for group in &self.groups {
            group.send_replace(Some(snapshot.clone()));
        }
    }
}

/// The pumps running, by duel.
#[derive(Default)]
pub struct Snapshots {
    pumps: SyncMutex<HashMap<DuelId, Arc<Pump>>>,
    /// Loads made so far.
    loads: AtomicU64,
}

impl Snapshots {
    /// Duel `id`'s snapshots from now on for `me`'s stream, the first
    /// already loaded: from its pump, started now if none runs. A stream
    /// of the duel's own (a participant's, its creator's) is in the first
    /// group, any other in the next group in turn.
    pub async fn subscribe(&self, app: &Services, id: &DuelId, me: Option<PlayerId>) -> Result<Latest> {
        // Subscribed under the lock that an ending pump takes to see that
        // nobody watches it.
        let (pump, mut first) = {
            let mut pumps = self.pumps.lock().unwrap();
            let pump = match pumps.get(id) {
                Some(pump) => pump.clone(),
                None => {
                    let pump = Arc::new(Pump {
                        groups: (0..GROUPS).map(|_| watch::channel(None).0).collect(),
                        joined: AtomicUsize::new(0),
                    });
                    pumps.insert(id.clone(), pump.clone());
                    // Subscribed before the pump's first look at the feed:
                    // a change made from now on is seen.
                    let changes = app.duels().feed.subscribe();
                    tokio::spawn(run(app.clone(), id.clone(), pump.clone(), changes));
                    pump
                }
            };
            let first = pump.groups[0].subscribe();
            (pump, first)
        };
        if first.wait_for(Option::is_some).await.is_err() {
            // The first load failed: ask again for the reason.
            return Err(match load_closing_if_due(app, id).await {
                Err(e) => e,
                Ok(_) => Error::internal("the duel's live view stopped"),
            });
        }
        let own = first.borrow().as_ref().is_some_and(|s| s.own_view(me));
        let group = if own { 0 } else { pump.joined.fetch_add(1, Ordering::Relaxed) % GROUPS };
        if group == 0 {
            return Ok(first);
        }
        let mut latest = pump.groups[group].subscribe();
        drop(first);
        // Handed its first snapshot within the spread, or the latest the
        // first group has if the pump ended meanwhile.
        if latest.wait_for(Option::is_some).await.is_err() && latest.borrow().is_none() {
            return Err(Error::internal("the duel's live view stopped"));
        }
        Ok(latest)
    }

    /// Loads made so far, by every pump together.
    pub fn loads(&self) -> u64 {
        self.loads.load(Ordering::Relaxed)
    }

    /// Ends the pump of `id` if no stream watches it: under the lock that
    /// [`Snapshots::subscribe`] takes, so that no stream finds a pump that
    /// is ending.
    fn end_if_unwatched(&self, id: &DuelId, pump: &Arc<Pump>) -> bool {
        let mut pumps = self.pumps.lock().unwrap();
        if pump.streams() > 0 {
            return false;
        }
        forget(&mut pumps, id, pump);
        true
    }

    /// Forgets the pump of `id` (it ends).
    fn remove(&self, id: &DuelId, pump: &Arc<Pump>) {
        forget(&mut self.pumps.lock().unwrap(), id, pump);
    }
}

/// Takes `pump` out of `pumps`, unless a newer pump of `id` took its place.
fn forget(pumps: &mut HashMap<DuelId, Arc<Pump>>, id: &DuelId, pump: &Arc<Pump>) {
    if pumps.get(id).is_some_and(|p| Arc::ptr_eq(p, pump)) {
        pumps.remove(id);
    }
}

/// The time between two loads with `streams` watching.
fn gap(streams: usize) -> Duration {
    (GAP_PER_STREAM * streams.min(u32::MAX as usize) as u32).clamp(MIN_GAP, MAX_GAP)
}

/// The pump of duel `id`.
async fn run(app: Services, id: DuelId, pump: Arc<Pump>, mut changes: broadcast::Receiver<DuelId>) {
    let snapshots = &app.duels().snapshots;
    let mut stopping = app.duels().stopping();
    let mut clock_moved = app.clock().moved();
    'pump: loop {
        let loaded = load_closing_if_due(&app, &id).await;
        snapshots.loads.fetch_add(1, Ordering::Relaxed);
        let snapshot = match loaded {
            Ok((duel, progress)) => Arc::new(Snapshot { duel, progress, others: SyncMutex::new(Vec::new()) }),
            Err(e) => {
                tracing::debug!(duel = %id, error = %e, "a duel's live view stopped");
                break;
            }
        };
        let loaded_at = tokio::time::Instant::now();
        let (closed, deadline) = (snapshot.duel.is_closed(), snapshot.deadline());
        if closed || *stopping.borrow() {
            pump.send_all(&snapshot);
            break;
        }
        let gap = gap(pump.streams());
        // The groups one after another over the gap.
        for (k, group) in pump.groups.iter().enumerate() {
            if k > 0 {
                tokio::select! {
                    _ = tokio::time::sleep_until(loaded_at + gap.mul_f64(k as f64 / GROUPS as f64)) => {}
                    _ = stopping.changed() => break 'pump,
                }
            }
            group.send_replace(Some(snapshot.clone()));
        }
        // Wait for a reason to look again.
        let until_deadline = deadline.map(|d| Duration::from_millis((d - app.now_ms()).max(0) as u64 + 1));
        let time_passes = async {
            match until_deadline {
                Some(wait) => tokio::time::sleep(wait).await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(time_passes);
        let look = loop {
            tokio::select! {
                changed = changes.recv() => match changed {
                    Ok(changed) if changed != id => continue,
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => break true,
                    Err(broadcast::error::RecvError::Closed) => break false,
                },
                _ = &mut time_passes => break true,
                _ = clock_moved.changed() => break true,
                _ = stopping.changed() => break false,
                _ = tokio::time::sleep(IDLE_LOOK) => {
                    if snapshots.end_if_unwatched(&id, &pump) {
                        return;
                    }
                }
            }
        };
        if !look || snapshots.end_if_unwatched(&id, &pump) {
            break;
        }
        // Changes that come within the gap are taken together.
        tokio::time::sleep_until(loaded_at + gap).await;
    }
    snapshots.remove(&id, &pump);
}
