//! Duels: every participant plays their own game of the same deal, each on
//! the server's clock from the moment they open it; standings carry only
//! numbers; the deal is committed (a SHA-256 hash) before play and revealed
//! when the duel closes (see [`fairness`]).
//!
//! A duel closes when every seat is filled and every participant has
//! finished, at its closing time, or when its creator closes it early —
//! which is allowed only once everyone else who joined has finished: seats
//! never filled are dropped, but a participant who joined keeps their
//! chance. Quick-match duels close [`QUICK_CLOSES_IN_SECS`] after they
//! open, so that one whose other player never plays still ends.

pub mod fairness;
pub mod feed;
pub mod snapshots;
pub mod view;
pub mod watch;

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::Mutex as SyncMutex;

use patience_core::game::Outcome;
use patience_core::rules::Scoring;
use patience_core::{Game, Rules};
use patience_words::{say, Lang};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::limits::{BucketOwner, Kind};
use super::live::{self, LiveGame};
use super::{Error, ErrorKind, Result, Services};
use crate::ids::{Contest, DuelId, GameId, PlayerId};
use crate::ratings::{self, Rating};
use crate::store::duels::{NewDuel, Participant, ParticipantOutcome, ParticipantResult, RatedClose, Seat};
use crate::store::{Duel, DuelStatus, DuelWrite, NewGame, StoreError, Summary, Waiting};
pub use view::{DuelView, GameDuel, Me, Reveal, Standing};

/// Participants a duel may have at most.
pub const MAX_PARTICIPANTS: usize = 8;

/// The longest closing time accepted: 30 days.
pub const MAX_CLOSES_IN_SECS: u64 = 30 * 24 * 3600;

/// A quick-match duel closes this long after it opens: one hour.
pub const QUICK_CLOSES_IN_SECS: i64 = 3600;

/// A quick-match duel takes a new opponent only while at least this much of
/// its time is left, so that they can still finish: half an hour.
const QUICK_JOIN_MARGIN_SECS: i64 = 1800;

/// The duels' state in memory: one lock that makes duel changes one at a
/// time, the change feed of the live streams, and the signal that ends
/// them.
pub struct DuelState {
    pub feed: feed::Feed,
    /// The latest load of each duel watched live, shared by its streams.
    pub snapshots: snapshots::Snapshots,
    one_seat_per_address: bool,
    /// Duels seen closed (a duel never opens again, so this can be trusted
    /// without asking the store; an open duel is always asked about).
    closed: SyncMutex<HashSet<DuelId>>,
    changes: tokio::sync::Mutex<()>,
    stopping: tokio::sync::watch::Sender<bool>,
}

impl DuelState {
    pub fn new(one_seat_per_address: bool, streams: feed::StreamCaps) -> DuelState {
        DuelState {
            feed: feed::Feed::new(streams),
            snapshots: snapshots::Snapshots::default(),
            one_seat_per_address,
            closed: SyncMutex::new(HashSet::new()),
            changes: tokio::sync::Mutex::new(()),
            stopping: tokio::sync::watch::channel(false).0,
        }
    }
}

impl DuelState {
    /// Ends the live standings streams (before a graceful shutdown).
    pub fn stop_streams(&self) {
        self.stopping.send_replace(true);
    }

    /// Tells a live stream when the server is stopping.
    pub fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.subscribe()
    }
}

/// Whether answers about a game of duel `duel` must leave its deal number
/// out: the duel is still open. With the number a participant could
/// practise the same deal in an ordinary game while their duel clock runs,
/// or before opening their duel game; once the duel closes the number is
/// revealed anyway (with the seed and salt). The duel comes from the game's
/// own row ([`LiveGame::contest`]) and its status from the database, so no
/// answer depends on what this process happens to have learnt. It locks no
/// game (loading a duel's standings would lock every participant's), so a
/// caller may ask while it holds its game's lock.
pub async fn hides_deal(app: &Services, duel: Option<&DuelId>) -> Result<bool> {
    let Some(duel_id) = duel else {
        return Ok(false);
    };
    if app.duels().closed.lock().unwrap().contains(duel_id) {
        return Ok(false);
    }
    // A closing time that has passed counts as open until the duel is
    // closed: hiding is the safe side.
    let closed = app.store().duel_status(duel_id).await? == Some(DuelStatus::Closed);
    if closed {
        app.duels().closed.lock().unwrap().insert(duel_id.clone());
    }
    Ok(!closed)
}

/// Tells every live stream of duel `id` — this server's through the feed,
/// the other servers' on a shared store through the store — that it
/// changed. A failed announcement costs the other servers' streams only
/// promptness (they look again at their next deadline), so it is logged,
/// not returned.
pub async fn announce(app: &Services, id: &DuelId) {
    app.duels().feed.publish(id);
    if app.store().shared() {
        if let Err(e) = app.store().announce_duel_change(id).await {
            tracing::warn!(duel = %id, error = %e, "announcing a duel change to the other servers failed");
        }
    }
}

/// A display name: 1 to 24 characters, letters, digits, spaces, `-`, `_`
/// and `.`, with no space at either end.
pub fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > 24 {
        return Err(Error::invalid(say!("duel-name-length", least = 1, most = 24)));
    }
    if let Some(c) = name.chars().find(|&c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'))) {
        let shown = if c.is_control() { format!("U+{:04X}", c as u32) } else { c.to_string() };
        return Err(Error::invalid(say!("duel-name-character", character = shown)));
    }
    if name.contains("  ") {
        return Err(Error::invalid(say!("duel-name-double-space")));
    }
    Ok(name.to_string())
}

/// Takes one request of `kind` from `player`'s allowance.
fn take(app: &Services, kind: Kind, player: PlayerId) -> Result<()> {
    app.limits().take(kind, BucketOwner::Player(player))
}

/// A participant's progress: numbers only.
#[derive(Clone, Debug)]
pub struct Progress {
    pub started: bool,
    pub result: ParticipantResult,
    /// When the game's clock will end it (Unix ms), while it runs.
    pub clock_ends_ms: Option<i64>,
}

/// When a game ended (Unix ms), if it did.
fn finished_at(live: &LiveGame, game: &Game) -> Option<i64> {
    match game.outcome() {
        Outcome::TimeUp => Some(live.created_ms + game.clock_ends_at().unwrap_or(0) as i64),
        o if o.is_final() => Some(live.created_ms + game.last_ms() as i64),
        _ => None,
    }
}

fn foundations(game: &Game) -> usize {
    let pos = game.position();
    (0..pos.foundation_slots()).map(|s| pos.foundation_len(s)).sum()
}

async fn progress(app: &Services, p: &Participant, now: i64) -> Result<Progress> {
    if let Some(result) = &p.frozen {
        return Ok(Progress { started: p.game_id.is_some(), result: result.clone(), clock_ends_ms: None });
    }
    let Some(game_id) = &p.game_id else {
        let result =
            ParticipantResult { score: 0, foundations: 0, outcome: ParticipantOutcome::NotStarted, finished_ms: None };
        return Ok(Progress { started: false, result, clock_ends_ms: None });
    };
    let live = live::game(app, game_id, Some(p.player)).await?;
    let mut game = live.lock().await;
    live::settle_clock(app, &live, &mut game, now).await?;
    let result = ParticipantResult {
        score: game.score(),
        foundations: foundations(&game),
        outcome: game.outcome().into(),
        finished_ms: finished_at(&live, &game),
    };
    let clock_ends_ms = match (result.finished_ms, game.clock_ends_at()) {
        (None, Some(ends)) => Some(live.created_ms + ends as i64),
        _ => None,
    };
    Ok(Progress { started: true, result, clock_ends_ms })
}

fn is_scored(rules: &Rules) -> bool {
    rules.scoring != Scoring::None
}

/// Whether duel `id` exists: the not-found error if not.
pub async fn exists(app: &Services, id: &DuelId) -> Result<()> {
    app.store().load_duel(id).await?.map(drop).ok_or_else(|| Error::unknown_duel(id))
}

/// Loads a duel, closing it first if its time has come (everyone finished,
/// or its closing time passed). Returns the duel and its participants'
/// progress.
pub async fn load_closing_if_due(app: &Services, id: &DuelId) -> Result<(Duel, Vec<Progress>)> {
    let duel = app.store().load_duel(id).await?.ok_or_else(|| Error::unknown_duel(id))?;
    let now = app.now_ms();
    let mut all = Vec::with_capacity(duel.participants.len());
    for p in &duel.participants {
        all.push(progress(app, p, now).await?);
    }
    if duel.is_closed() {
        return Ok((duel, all));
    }
    let everyone_done =
        duel.participants.len() == duel.max_participants && all.iter().all(|p| p.result.finished_ms.is_some());
    let time_up = duel.closes_ms.is_some_and(|c| now >= c);
    if !(everyone_done || time_up) {
        return Ok((duel, all));
    }
    close(app, &duel, all, now).await
}

/// Closes the duel with its participants' results as they stand at `now`
/// (`all`, in the order of joining), and loads it again.
async fn close(app: &Services, duel: &Duel, all: Vec<Progress>, now: i64) -> Result<(Duel, Vec<Progress>)> {
    let _one_at_a_time = app.duels().changes.lock().await;
    let results = duel.participants.iter().zip(&all).map(|(p, g)| (p.player, g.result.clone())).collect();
    // A rated duel of one participant (the others' seats never filled)
    // rates nobody.
    let rated = (duel.rated && duel.participants.len() >= 2).then(|| RatedClose {
        game: duel.rules.game,
        places: duel.participants.iter().map(|p| p.player).zip(view::places(is_scored(duel.rules), &all)).collect(),
    });
    let write = DuelWrite::Close { duel_id: duel.id.clone(), closed_ms: now, results, rated };
    match app.store().write_duel(write).await {
        Ok(()) | Err(StoreError::Refused(_)) => {}
        Err(e) => return Err(e.into()),
    }
    tracing::info!(duel = %duel.id, "duel closed");
    announce(app, &duel.id).await;
    let duel = app.store().load_duel(&duel.id).await?.ok_or_else(|| Error::unknown_duel(&duel.id))?;
    let all = duel
        .participants
        .iter()
        .zip(all)
        .map(|(p, g)| match &p.frozen {
            Some(r) => Progress { started: g.started, result: r.clone(), clock_ends_ms: None },
            None => g,
        })
        .collect();
    Ok((duel, all))
}

/// The duel as `me` is shown it, in `lang`.
pub async fn show(app: &Services, id: &DuelId, me: Option<PlayerId>, lang: Lang) -> Result<DuelView> {
    Ok(watch(app, id, me, lang).await?.0)
}

/// The duel as `me` is shown it, and the next moment time alone will change
/// it (a game's clock running out, the closing time), if any.
pub async fn watch(app: &Services, id: &DuelId, me: Option<PlayerId>, lang: Lang) -> Result<(DuelView, Option<i64>)> {
    let (duel, progress) = load_closing_if_due(app, id).await?;
    let deadline = if duel.is_closed() {
        None
    } else {
        progress.iter().filter_map(|p| p.clock_ends_ms).chain(duel.closes_ms).min()
    };
    Ok((view::of(&duel, &progress, me, lang), deadline))
}

/// A participant's seat: their address kept only as a hash keyed by the
/// duel's secret address key (when the server takes one seat per address).
fn seat(app: &Services, key: Option<&str>, player: PlayerId, name: String, address: Option<IpAddr>) -> Seat {
    let address = match (key, address) {
        (Some(key), Some(address)) if app.duels().one_seat_per_address => {
            let mut h = Sha256::new();
            h.update(key.as_bytes());
            h.update(address.to_string().as_bytes());
            Some(h.finalize().into())
        }
        _ => None,
    };
    Seat { player, name, address }
}

/// A new duel's row (seed, salt and commitment drawn here).
fn new_duel(
    rules: &'static Rules,
    max: usize,
    closes_ms: Option<i64>,
    creator: PlayerId,
    quick: bool,
    rated: bool,
    now: i64,
) -> NewDuel {
    let fresh = fairness::new_commitment();
    NewDuel {
        id: DuelId::random(),
        rules,
        created_ms: now,
        closes_ms,
        max_participants: max,
        commitment: fresh.commitment,
        salt: fresh.salt,
        seed: fresh.seed,
        deal: fresh.deal,
        creator,
        quick,
        rated,
        address_key: fairness::random_key(),
        participants: Vec::new(),
    }
}

/// Whether `player` may sit in a rated duel of `rules`: rated duels are
/// between accounts, on a game's default rules.
async fn check_rated(app: &Services, rules: &'static Rules, player: PlayerId) -> Result<()> {
    if !rules.is_default() {
        return Err(Error::invalid(say!("duel-rated-variant", name = patience_words::rules_name(rules))));
    }
    if app.store().account_of(player).await?.is_none() {
        return Err(Error::forbidden(say!("duel-rated-accounts")));
    }
    Ok(())
}

async fn insert_new(app: &Services, mut duel: NewDuel) -> Result<DuelId> {
    loop {
        match app.store().write_duel(DuelWrite::Create(duel.clone())).await {
            Ok(()) => return Ok(duel.id),
            Err(StoreError::DuplicateId(_)) => duel.id = DuelId::random(),
            Err(e) => return Err(e.into()),
        }
    }
}

/// What a new duel is to be.
pub struct DuelSettings {
    pub rules: &'static patience_core::Rules,
    /// 2 to [`MAX_PARTICIPANTS`].
    pub participants: usize,
    /// Closes this many seconds after it is created, finished or not.
    pub closes_in_secs: Option<u64>,
    /// The creator joins under this name (checked by [`check_name`]).
    pub name: Option<String>,
    /// Rated: between accounts, on a game's default rules; it changes
    /// their ratings when it closes.
    pub rated: bool,
}

/// Creates a duel for `player`, who is at `address`.
pub async fn create(
    app: &Services,
    player: PlayerId,
    address: Option<IpAddr>,
    settings: DuelSettings,
    lang: Lang,
) -> Result<DuelView> {
    let max = settings.participants;
    if !(2..=MAX_PARTICIPANTS).contains(&max) {
        return Err(Error::invalid(say!("duel-participants", least = 2, most = MAX_PARTICIPANTS)));
    }
    if let Some(secs) = settings.closes_in_secs {
        if !(10..=MAX_CLOSES_IN_SECS).contains(&secs) {
            return Err(Error::invalid(say!("duel-closes-in", least = 10, most = MAX_CLOSES_IN_SECS)));
        }
    }
    let name = settings.name.as_deref().map(check_name).transpose()?;
    if settings.rated {
        check_rated(app, settings.rules, player).await?;
    }
    take(app, Kind::NewDuel, player)?;
    let now = app.now_ms();
    let rules = settings.rules;
    let closes = settings.closes_in_secs.map(|s| now + s as i64 * 1000);
    let mut duel = new_duel(rules, max, closes, player, false, settings.rated, now);
    if let Some(name) = name {
        let seat = seat(app, Some(&duel.address_key), player, name, address);
        duel.participants.push(seat);
    }
    let id = insert_new(app, duel).await?;
    tracing::info!(duel = %id, %player, rules = rules.id, max, "duel created");
    show(app, &id, Some(player), lang).await
}

/// `player`, at `address`, joins duel `id` under `name`.
pub async fn join(
    app: &Services,
    id: &DuelId,
    player: PlayerId,
    address: Option<IpAddr>,
    name: &str,
    lang: Lang,
) -> Result<DuelView> {
    let name = check_name(name)?;
    let (duel, _) = load_closing_if_due(app, id).await?;
    join_as(app, &duel, player, address, name).await?;
    show(app, id, Some(player), lang).await
}

async fn join_as(app: &Services, duel: &Duel, player: PlayerId, address: Option<IpAddr>, name: String) -> Result<()> {
    if duel.rated {
        check_rated(app, duel.rules, player).await?;
    }
    let _one_at_a_time = app.duels().changes.lock().await;
    let seat = seat(app, duel.address_key.as_deref(), player, name, address);
    let write = DuelWrite::Join { duel_id: duel.id.clone(), seat, joined_ms: app.now_ms() };
    app.store().write_duel(write).await?;
    announce(app, &duel.id).await;
    tracing::info!(duel = %duel.id, %player, "joined a duel");
    Ok(())
}

/// The requester's game of the duel's deal, created now (its clock starts
/// now) if it does not exist yet. Asked twice at once, both get the same
/// game.
pub async fn play(app: &Services, id: &DuelId, me: Option<PlayerId>) -> Result<GameId> {
    let (duel, _) = load_closing_if_due(app, id).await?;
    let not_in = || Error::forbidden(say!("duel-join-first"));
    let me = me.ok_or_else(not_in)?;
    let p = duel.participants.iter().find(|p| p.player == me).ok_or_else(not_in)?;
    if let Some(game_id) = &p.game_id {
        return Ok(game_id.clone());
    }
    if duel.is_closed() {
        return Err(Error::conflict(say!("duel-closed")));
    }
    let rules = duel.rules;
    let _one_at_a_time = app.duels().changes.lock().await;
    let now = app.now_ms();
    let game = Game::new(rules, duel.deal).with_clock_start(live::clock_start(true));
    let summary = Summary::of(&game, now);
    let mut new = NewGame {
        id: GameId::random(),
        player: me,
        rules,
        deal: duel.deal,
        created_ms: now,
        dealt_as_winnable: false,
        imported: false,
    };
    loop {
        let write =
            DuelWrite::StartGame { duel_id: duel.id.clone(), player: me, game: new.clone(), summary: summary.clone() };
        match app.store().write_duel(write).await {
            Ok(()) => break,
            Err(StoreError::DuplicateId(_)) => new.id = GameId::random(),
            Err(StoreError::Refused(why)) => {
                // Opened meanwhile by another request of theirs: the same game.
                let again = app.store().load_duel(&duel.id).await?;
                let theirs = again.and_then(|d| d.participants.into_iter().find(|p| p.player == me)?.game_id);
                return theirs.ok_or_else(|| why.into());
            }
            Err(e) => return Err(e.into()),
        }
    }
    app.live().insert(LiveGame::new(new.id.clone(), me, now, Some(Contest::Duel(duel.id.clone())), game));
    announce(app, &duel.id).await;
    tracing::info!(duel = %duel.id, game = %new.id, player = %me, "duel game started");
    Ok(new.id)
}

/// The duel the game belongs to, as its game page shows it; `None` for an
/// ordinary game. Nothing of the other participants is in it.
pub async fn of_game(app: &Services, live: &LiveGame, lang: Lang) -> Result<Option<GameDuel>> {
    let Some(duel_id) = live.contest.as_ref().and_then(Contest::duel) else {
        return Ok(None);
    };
    let (duel, _) = load_closing_if_due(app, duel_id).await?;
    Ok(Some(GameDuel::of(&duel, lang)))
}

/// Participant `n`'s game record (from 0, in the order of joining): one's
/// own at any time (without the deal number while the duel is open), the
/// others' only once the duel is closed.
pub async fn replay(app: &Services, id: &DuelId, n: usize, me: Option<PlayerId>, lang: Lang) -> Result<String> {
    let (duel, _) = load_closing_if_due(app, id).await?;
    let p = duel.participants.get(n).ok_or_else(|| Error::new(ErrorKind::NotFound, say!("duel-no-participant")))?;
    if !duel.is_closed() && Some(p.player) != me {
        return Err(Error::forbidden(say!("duel-replays-after-close")));
    }
    let game_id = p.game_id.as_ref().ok_or_else(|| Error::new(ErrorKind::NotFound, say!("duel-not-played")))?;
    let live = live::game(app, game_id, Some(p.player)).await?;
    let game = live.lock().await;
    Ok(super::records::text(&game, !duel.is_closed(), lang))
}

/// A new duel (a new seed) for the same participants; asked twice, the same
/// rematch. Returns it, and whether this request created it.
pub async fn rematch(app: &Services, id: &DuelId, me: Option<PlayerId>, lang: Lang) -> Result<(DuelView, bool)> {
    let (duel, _) = load_closing_if_due(app, id).await?;
    let not_in = || Error::forbidden(say!("duel-rematch-participants"));
    let me = me.ok_or_else(not_in)?;
    if !duel.participants.iter().any(|p| p.player == me) {
        return Err(not_in());
    }
    if !duel.is_closed() {
        return Err(Error::conflict(say!("duel-rematch-after-close")));
    }
    if let Some(existing) = &duel.rematch_id {
        return Ok((show(app, existing, Some(me), lang).await?, false));
    }
    take(app, Kind::NewDuel, me)?;
    let now = app.now_ms();
    let closes = duel.closes_ms.map(|c| now + (c - duel.created_ms));
    let mut new = new_duel(duel.rules, duel.max_participants, closes, me, duel.quick, duel.rated, now);
    // The same participants, already seated once: their addresses are not
    // known again, only their hashes under the old duel's key, which the
    // rematch keeps so that the store copies them to its seats (one seat
    // per address holds in the rematch too).
    if let Some(key) = &duel.address_key {
        new.address_key = key.clone();
    }
    new.participants =
        duel.participants.iter().map(|p| Seat { player: p.player, name: p.name.clone(), address: None }).collect();
    let rematch_id = new.id.clone();
    let result = {
        let _one_at_a_time = app.duels().changes.lock().await;
        app.store().write_duel(DuelWrite::Rematch { duel_id: duel.id.clone(), rematch: new }).await
    };
    let rematch_id = match result {
        Ok(()) => rematch_id,
        Err(StoreError::Refused(_)) => app
            .store()
            .load_duel(&duel.id)
            .await?
            .and_then(|d| d.rematch_id)
            .ok_or_else(|| Error::internal("no rematch"))?,
        Err(e) => return Err(e.into()),
    };
    announce(app, &duel.id).await;
    tracing::info!(duel = %duel.id, rematch = %rematch_id, "rematch");
    Ok((show(app, &rematch_id, Some(me), lang).await?, true))
}

/// The creator closes their duel now, for a duel whose seats do not all
/// fill. Refused while anyone else who joined has not finished, or the
/// creator is in the middle of their game: a participant keeps their
/// chance until the closing time; only seats never filled are dropped.
pub async fn close_now(app: &Services, id: &DuelId, me: Option<PlayerId>, lang: Lang) -> Result<DuelView> {
    let (duel, all) = load_closing_if_due(app, id).await?;
    if me != Some(duel.creator) {
        return Err(Error::forbidden(say!("duel-close-creator")));
    }
    if duel.is_closed() {
        return Ok(view::of(&duel, &all, me, lang));
    }
    // The creator may give up their own chance, but not a game they are in
    // the middle of; everyone else keeps theirs.
    let waiting =
        |(p, g): &(&Participant, &Progress)| g.result.finished_ms.is_none() && (p.player != duel.creator || g.started);
    if let Some((p, g)) = duel.participants.iter().zip(&all).find(waiting) {
        let playing = if g.started { "yes" } else { "no" };
        return Err(Error::conflict(say!("duel-close-waiting", name = p.name.as_str(), playing = playing)));
    }
    let (duel, all) = close(app, &duel, all, app.now_ms()).await?;
    tracing::info!(duel = %duel.id, "duel closed early by its creator");
    Ok(view::of(&duel, &all, me, lang))
}

/// How far apart two ratings a rated quick match pairs at first...
const RATED_WINDOW: f64 = 100.0;
/// ...and how much wider the window grows each second the waiting player
/// has waited (400 after a minute, 1,000 after three).
const RATED_WINDOW_PER_SEC: f64 = 5.0;

/// `player`'s rating in `game` as it stands at `now_ms` (the start's if
/// they have none).
async fn rating_now(app: &Services, player: PlayerId, game: &str, now_ms: i64) -> Result<Rating> {
    let stored = app.store().ratings_of(player).await?;
    Ok(stored.iter().find(|r| r.game == game).map_or(ratings::START, |r| r.rating.at(r.updated_ms, now_ms)))
}

/// A waiting player's rating as it stands at `now_ms`.
fn waiting_rating(w: &Waiting, now_ms: i64) -> Rating {
    w.rating.map_or(ratings::START, |(rating, at)| rating.at(at, now_ms))
}

/// Quick match: joins a quick-match duel of these rules that waits for an
/// opponent, or opens one (two participants) and waits; the bool says it
/// opened one. Casual: the one waiting longest. Rated (accounts only, a
/// game's default rules): the waiting player nearest in rating, within a
/// window that widens the longer they have waited.
pub async fn quick(
    app: &Services,
    player: PlayerId,
    address: Option<IpAddr>,
    rules: &'static patience_core::Rules,
    name: &str,
    rated: bool,
    lang: Lang,
) -> Result<(DuelView, bool)> {
    let name = check_name(name)?;
    if rated {
        check_rated(app, rules, player).await?;
    }
    let now = app.now_ms();
    let lobby = app.store().quick_lobby(now + QUICK_JOIN_MARGIN_SECS * 1000).await?;
    let mut candidates: Vec<&Waiting> =
        lobby.iter().filter(|w| w.rules.id == rules.id && w.rated == rated && w.player != player).collect();
    if rated {
        let mine = rating_now(app, player, rules.game, now).await?.rating;
        let apart = |w: &Waiting| (waiting_rating(w, now).rating - mine).abs();
        let window = |w: &Waiting| RATED_WINDOW + RATED_WINDOW_PER_SEC * ((now - w.since_ms).max(0) as f64 / 1000.0);
        candidates.retain(|w| apart(w) <= window(w));
        candidates.sort_by(|a, b| apart(a).total_cmp(&apart(b)));
    }
    for waiting in candidates.into_iter().take(3) {
        let Some(duel) = app.store().load_duel(&waiting.duel_id).await? else { continue };
        match join_as(app, &duel, player, address, name.clone()).await {
            Ok(()) => return Ok((show(app, &duel.id, Some(player), lang).await?, false)),
            Err(e) if e.kind == ErrorKind::Conflict => continue, // filled meanwhile
            Err(e) => return Err(e),
        }
    }
    take(app, Kind::NewDuel, player)?;
    let mut duel = new_duel(rules, 2, Some(now + QUICK_CLOSES_IN_SECS * 1000), player, true, rated, now);
    let seat = seat(app, Some(&duel.address_key), player, name, address);
    duel.participants.push(seat);
    let id = insert_new(app, duel).await?;
    tracing::info!(duel = %id, %player, rules = rules.id, rated, "quick-match duel opened");
    Ok((show(app, &id, Some(player), lang).await?, true))
}

/// A player waiting in the quick-match lobby, as anyone is shown them.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct LobbyEntry {
    pub link: String,
    /// The rules' id, and their name in the reader's language.
    pub rules: &'static str,
    pub name: String,
    pub rated: bool,
    /// The name they joined under, and their account's.
    pub player: String,
    pub account: Option<String>,
    /// Their rating in a rated duel, as a player reads it.
    pub rating: Option<String>,
    /// How long they have waited, in seconds.
    pub waiting_secs: i64,
}

/// Who waits in quick match, the longest waiting first.
pub async fn lobby(app: &Services, lang: Lang) -> Result<Vec<LobbyEntry>> {
    let now = app.now_ms();
    let lobby = app.store().quick_lobby(now + QUICK_JOIN_MARGIN_SECS * 1000).await?;
    Ok(lobby
        .iter()
        .map(|w| LobbyEntry {
            link: format!("/duel/{}", w.duel_id),
            rules: w.rules.id,
            name: super::rules_name(w.rules, lang),
            rated: w.rated,
            player: w.name.clone(),
            account: w.account.clone(),
            rating: w.rated.then(|| waiting_rating(w, now).shown()),
            waiting_secs: ((now - w.since_ms).max(0)) / 1000,
        })
        .collect())
}

/// Checks an action on a game of duel `duel` before it is applied: a rate
/// limit per player, and none once the duel is closed (closing it first if
/// its time has come). Call it before taking the game's lock: loading the
/// duel's standings locks every participant's game.
pub async fn check_move(app: &Services, duel: &DuelId, player: PlayerId) -> Result<()> {
    take(app, Kind::DuelMove, player)?;
    let (duel, _) = load_closing_if_due(app, duel).await?;
    if duel.is_closed() {
        return Err(Error::conflict(say!("duel-closed-no-moves")));
    }
    Ok(())
}
