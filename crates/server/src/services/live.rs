//! Games in play, kept in memory between requests.
//!
//! A game is loaded by replaying its stored log the first time it is asked
//! for after a start, then kept behind its own lock, so actions on one game
//! are handled one at a time and in order while different games proceed in
//! parallel. What a move never changes about a game (whose it is, when it
//! started, which contest it belongs to, whether it was dealt as winnable)
//! sits outside the lock and comes from the game's own row; only a history
//! added to an account changes whose it is, and then the copy is replaced
//! (see [`LiveGames::insert`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex as SyncMutex};

use patience_core::game::ClockStart;
use patience_core::Game;
use tokio::sync::{Mutex, MutexGuard};

use super::{Error, Result, Services};
use crate::ids::{Contest, GameId, PlayerId};
use crate::store::Summary;

/// Live games kept in memory at most; past it half of them are dropped
/// (they are reloaded from the database, by replaying their log, on their
/// next request).
const CACHE_LIMIT: usize = 4096;

/// A game being played.
pub struct LiveGame {
    pub id: GameId,
    pub player: PlayerId,
    /// Unix time in milliseconds; the game's clock counts from here.
    pub created_ms: i64,
    /// The duel or daily deal the game belongs to: read with the game's
    /// row, which is created in the same transaction that makes it a
    /// participant's or an attempt.
    pub contest: Option<Contest>,
    /// Whether the player asked for a winnable deal and was dealt one, so
    /// knows that the deal can be won (from the game's row).
    pub dealt_as_winnable: bool,
    game: Mutex<Game>,
}

impl LiveGame {
    pub fn new(id: GameId, player: PlayerId, created_ms: i64, contest: Option<Contest>, game: Game) -> LiveGame {
        LiveGame { id, player, created_ms, contest, dealt_as_winnable: false, game: Mutex::new(game) }
    }

    /// The same game, dealt as winnable at the player's request (or not).
    pub fn with_dealt_as_winnable(mut self, dealt_as_winnable: bool) -> LiveGame {
        self.dealt_as_winnable = dealt_as_winnable;
        self
    }

    /// The game, for this request alone.
    pub async fn lock(&self) -> MutexGuard<'_, Game> {
        self.game.lock().await
    }

    /// The game's clock at Unix time `unix_ms`: milliseconds since it was
    /// created, never before its last action (the wall clock may step back).
    pub fn clock_ms(&self, game: &Game, unix_ms: i64) -> u64 {
        ((unix_ms - self.created_ms).max(0) as u64).max(game.last_ms())
    }
}

/// The cache of live games.
#[derive(Default)]
pub struct LiveGames {
    games: SyncMutex<HashMap<GameId, Arc<LiveGame>>>,
}

impl LiveGames {
    /// Makes room for one more game.
    fn trim(games: &mut HashMap<GameId, Arc<LiveGame>>) {
        if games.len() >= CACHE_LIMIT {
            let drop: Vec<GameId> = games.keys().take(games.len() - CACHE_LIMIT / 2).cloned().collect();
            for id in drop {
                games.remove(&id);
            }
        }
    }

    /// Puts a game in the cache, unless a request that found it in the
    /// database has put it there already; returns the cached one. A copy
    /// cached for another player is replaced: the game changed hands (a
    /// history added to an account) since it was cached.
    pub fn insert(&self, live: LiveGame) -> Arc<LiveGame> {
        let mut games = self.games.lock().unwrap();
        Self::trim(&mut games);
        match games.get(&live.id) {
            Some(cached) if cached.player == live.player => cached.clone(),
            _ => {
                let live = Arc::new(live);
                games.insert(live.id.clone(), live.clone());
                live
            }
        }
    }

    /// Forgets a cached game, so that its next request reloads it from the
    /// database (after a failed or conflicting write).
    pub fn evict(&self, id: &GameId) {
        self.games.lock().unwrap().remove(id);
    }

    /// Forgets every game of `player` (they changed hands: a history added
    /// to an account).
    pub fn evict_player(&self, player: PlayerId) {
        self.games.lock().unwrap().retain(|_, live| live.player != player);
    }

    fn cached(&self, id: &GameId) -> Option<Arc<LiveGame>> {
        self.games.lock().unwrap().get(id).cloned()
    }
}

/// The game `id` if it exists and belongs to `player`; anyone else is told
/// it does not exist. On a store other servers write too, a cached copy is
/// first checked against the database's action count (another server may
/// have moved the game on).
pub async fn game(app: &Services, id: &GameId, player: Option<PlayerId>) -> Result<Arc<LiveGame>> {
    load(app, id, player, true).await
}

/// [`game`] without the check against the database, for an action: a
/// stale copy shows up there as an action number ahead of the copy's, and
/// the action catches up first ([`catch_up`]).
pub async fn game_for_action(app: &Services, id: &GameId, player: Option<PlayerId>) -> Result<Arc<LiveGame>> {
    load(app, id, player, false).await
}

/// Brings a copy that is behind the database up to date by applying the
/// actions another server appended since (the log only grows, so the copy
/// plus those actions is the stored game). Should one not apply, the copy
/// is dropped and the next request replays the whole log.
pub async fn catch_up(app: &Services, live: &LiveGame) -> Result<()> {
    let mut game = live.lock().await;
    let newer = app.store().actions_since(&live.id, game.action_number()).await?;
    for entry in newer {
        if let Err(e) = game.apply(entry) {
            app.live().evict(&live.id);
            return Err(Error::internal(format!("game {}: a stored action does not apply: {e}", live.id)));
        }
    }
    Ok(())
}

async fn load(
    app: &Services,
    id: &GameId,
    player: Option<PlayerId>,
    compare_with_store: bool,
) -> Result<Arc<LiveGame>> {
    let not_found = || Error::unknown_game(id);
    let player = player.ok_or_else(not_found)?;
    let cached = match app.live().cached(id) {
        // Another server may have moved the game on: the database's action
        // count says whether this copy is still the game.
        Some(live) if compare_with_store && app.store().shared() => {
            let stored = app.store().action_count(id).await?;
            let cached = live.lock().await.action_number();
            match stored {
                Some(n) if n == cached => Some(live),
                Some(n) if n > cached => {
                    catch_up(app, &live).await?;
                    Some(live)
                }
                _ => {
                    app.live().evict(id);
                    None
                }
            }
        }
        other => other,
    };
    // A copy cached for another player may be behind the database too: the
    // game may have changed hands since (a history added to an account
    // through another server).
    let cached = cached.filter(|live| live.player == player || !app.store().shared());
    let live = match cached {
        Some(live) => live,
        None => {
            let stored = app.store().load_game(id).await?.ok_or_else(not_found)?;
            let game = Game::replay(stored.rules, stored.deal, clock_start(stored.contest.is_some()), &stored.entries)
                .map_err(|(n, e)| Error::internal(format!("game {id}: stored action {n} does not replay: {e}")))?;
            app.live().insert(
                LiveGame::new(stored.id, stored.player, stored.created_ms, stored.contest, game)
                    .with_dealt_as_winnable(stored.dealt_as_winnable),
            )
        }
    };
    if live.player != player {
        return Err(not_found());
    }
    Ok(live)
}

/// When a game's clock starts: a contest's game's when it is opened (every
/// participant plays for the same time, whenever they look at the deal), a
/// practice game's with its first action.
pub fn clock_start(in_contest: bool) -> ClockStart {
    if in_contest {
        ClockStart::Opening
    } else {
        ClockStart::FirstAction
    }
}

/// Lets the clock end a timed game that has run out, and records the new
/// outcome in the game's summary.
pub async fn settle_clock(app: &Services, live: &LiveGame, game: &mut Game, unix_now: i64) -> Result<()> {
    if game.expire(live.clock_ms(game, unix_now)) {
        tracing::info!(game = %live.id, "the clock ran out");
        app.store().update_summary(&live.id, &Summary::of(game, unix_now)).await?;
        super::library::grade_by_players(app, game.rules(), game.deal());
    }
    Ok(())
}
