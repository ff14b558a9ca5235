//! The server's shared state: the store, the live games cached in memory and
//! the players' tokens.
//!
//! The database is the truth. A game is loaded by replaying its stored log
//! the first time it is asked for after a start, then kept in memory behind
//! its own lock, so actions on one game are handled one at a time and in
//! order while different games proceed in parallel.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::{SystemTime, UNIX_EPOCH};

use patience_core::{presets, Game};
use sha2::{Digest, Sha256};
use tokio::sync::Mutex;

use crate::error::ApiError;
use crate::store::{PlayerId, Store, Summary};

/// Live games kept in memory at most; past it half of them, chosen at
/// random, are dropped (they are reloaded from the database, by replaying
/// their log, on their next request).
const CACHE_LIMIT: usize = 4096;

/// Makes room in the cache for one more game.
fn trim(games: &mut HashMap<String, LiveGame>) {
    if games.len() >= CACHE_LIMIT {
        let drop: Vec<String> = games.keys().take(games.len() - CACHE_LIMIT / 2).cloned().collect();
        for id in drop {
            games.remove(&id);
        }
    }
}

/// A game being played, with whose it is and when it started.
pub struct Live {
    pub id: String,
    pub player: PlayerId,
    /// Unix time in milliseconds.
    pub created_ms: i64,
    /// The duel the game belongs to: known from the game's own row whenever
    /// the game is known at all, and never changing.
    pub duel: Option<String>,
    pub game: Game,
}

impl Live {
    /// The game's clock now: milliseconds since it was created, never before
    /// its last action (the wall clock may step back).
    pub fn now_ms(&self, unix_ms: i64) -> u64 {
        ((unix_ms - self.created_ms).max(0) as u64).max(self.game.last_ms())
    }
}

pub type LiveGame = Arc<Mutex<Live>>;

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn Store>,
    games: SyncMutex<HashMap<String, LiveGame>>,
    players: SyncMutex<HashMap<[u8; 32], PlayerId>>,
    /// Added to the system clock (tests move the server's time forward).
    clock_offset_ms: AtomicI64,
    /// Duels: rate limits and which games belong to a duel.
    duels: crate::duels::DuelState,
}

/// Unix time in milliseconds.
pub fn unix_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// `n` random bytes as lower-case hex.
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A random deal number from 1 to 999,999,999 (short enough to read out).
pub fn random_deal() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    u64::from_le_bytes(bytes) % 999_999_999 + 1
}

/// How a token is kept: its SHA-256, so the database never holds a token.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl AppState {
    pub fn new(store: Arc<dyn Store>) -> AppState {
        AppState {
            inner: Arc::new(Inner {
                store,
                games: SyncMutex::new(HashMap::new()),
                players: SyncMutex::new(HashMap::new()),
                clock_offset_ms: AtomicI64::new(0),
                duels: crate::duels::DuelState::default(),
            }),
        }
    }

    pub fn store(&self) -> &dyn Store {
        &*self.inner.store
    }

    /// The server's clock: Unix time in milliseconds, plus the offset set by
    /// [`AppState::advance_clock`].
    pub fn now_ms(&self) -> i64 {
        unix_ms() + self.inner.clock_offset_ms.load(Ordering::Relaxed)
    }

    /// Moves the server's clock forward by `ms` (for tests: game clocks and
    /// duel closing times without waiting).
    pub fn advance_clock(&self, ms: i64) {
        self.inner.clock_offset_ms.fetch_add(ms, Ordering::Relaxed);
    }

    /// The duels' in-memory state.
    pub fn duels(&self) -> &crate::duels::DuelState {
        &self.inner.duels
    }

    /// The player holding `token`, if the token is known.
    pub async fn player(&self, token: &str) -> Result<Option<PlayerId>, ApiError> {
        let hash = token_hash(token);
        if let Some(&id) = self.inner.players.lock().unwrap().get(&hash) {
            return Ok(Some(id));
        }
        let found = self.store().player_by_token(&hash).await?;
        if let Some(id) = found {
            self.inner.players.lock().unwrap().insert(hash, id);
        }
        Ok(found)
    }

    /// Registers a new player; returns their id and token.
    pub async fn new_player(&self) -> Result<(PlayerId, String), ApiError> {
        let token = random_hex(32);
        let hash = token_hash(&token);
        let id = self.store().create_player(&hash, self.now_ms()).await?;
        self.inner.players.lock().unwrap().insert(hash, id);
        Ok((id, token))
    }

    /// Puts a freshly created game in the cache, unless a request that found
    /// it in the database has put it there already.
    pub fn insert(&self, live: Live) -> LiveGame {
        let id = live.id.clone();
        let mut games = self.inner.games.lock().unwrap();
        trim(&mut games);
        games.entry(id).or_insert_with(|| Arc::new(Mutex::new(live))).clone()
    }

    /// Forgets a cached game, so that its next request reloads it from the
    /// database (after a failed or conflicting write).
    pub fn evict(&self, id: &str) {
        self.inner.games.lock().unwrap().remove(id);
    }

    /// The game `id` if it exists and belongs to `player`; anyone else is
    /// told it does not exist.
    pub async fn game(&self, id: &str, player: Option<PlayerId>) -> Result<LiveGame, ApiError> {
        let not_found = || ApiError::unknown_game(id);
        let player = player.ok_or_else(not_found)?;
        if !is_game_id(id) {
            return Err(not_found());
        }
        let cached = self.inner.games.lock().unwrap().get(id).cloned();
        let live = match cached {
            Some(live) => live,
            None => {
                let stored = self.store().load_game(id).await?.ok_or_else(not_found)?;
                let rules = presets::find(&stored.rules).map_err(|e| {
                    ApiError::internal(format!("game {id} is stored with rules this server does not know: {e}"))
                })?;
                let game = Game::replay(rules, stored.deal, &stored.entries).map_err(|(n, e)| {
                    ApiError::internal(format!("game {id}: stored action {n} does not replay: {e}"))
                })?;
                let live = Live {
                    id: stored.id,
                    player: stored.player,
                    created_ms: stored.created_ms,
                    duel: stored.duel,
                    game,
                };
                let mut games = self.inner.games.lock().unwrap();
                trim(&mut games);
                // Another request may have loaded it meanwhile: keep one copy.
                games.entry(id.to_string()).or_insert_with(|| Arc::new(Mutex::new(live))).clone()
            }
        };
        if live.lock().await.player != player {
            return Err(not_found());
        }
        Ok(live)
    }

    /// Lets the clock end a timed game that has run out, and records the new
    /// outcome in the game's summary.
    pub async fn settle_clock(&self, live: &mut Live, unix_now: i64) -> Result<(), ApiError> {
        let now = live.now_ms(unix_now);
        if live.game.expire(now) {
            tracing::info!(game = %live.id, "the clock ran out");
            self.store().update_summary(&live.id, &Summary::of(&live.game, unix_now)).await?;
        }
        Ok(())
    }
}

/// Game ids are 24 lower-case hex digits.
pub fn is_game_id(id: &str) -> bool {
    id.len() == 24 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
