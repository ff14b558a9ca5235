//! The services: what the site does, with no HTTP in it. Each module is one
//! feature (games, duels, identity, statistics); they share one
//! [`Services`] value: the store, the server's clock, the games in play
//! cached in memory, the players' tokens, the duels' in-memory state, the
//! rate limits and the pool that runs searches.
//!
//! The database is the truth: every answer that depends on a game's or a
//! duel's state comes from the database or from a game replayed from it.

pub mod accounts;
pub mod analyses;
pub mod clock;
pub mod contests;
pub mod dailies;
pub mod duels;
pub mod error;
pub mod games;
pub mod identity;
pub mod leaderboards;
pub mod library;
pub mod limits;
pub mod live;
pub mod pars;
pub mod profiles;
pub mod records;
pub mod replays;
pub mod searches;
pub mod stats;
pub mod votes;

use std::sync::Arc;

pub use clock::Clock;
pub use error::{Error, ErrorKind, Result};

use crate::store::Store;

/// A game's or variant's name in `lang`, as the views the API answers
/// with write it: "Harp (3 passes)", "Harp (3 Durchgänge)".
pub fn rules_name(rules: &patience_core::Rules, lang: patience_words::Lang) -> String {
    patience_words::rules_name(rules).in_lang(lang)
}

/// What an operator may set about the services.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Settings {
    pub rate_limits: limits::RateLimits,
    /// Threads that run searches (hints, winnable deals, pars); by default
    /// one fewer than the cores ([`searches::default_threads`]).
    pub search_threads: usize,
    /// Searches (hints, winnable deals) that may wait for a thread.
    pub search_queue: usize,
    /// Places in the pool (running or waiting) one address may hold; by
    /// default a quarter ([`searches::default_per_address`]).
    pub search_places_per_address: Option<usize>,
    /// A duel takes one participant per client address.
    pub one_seat_per_address: bool,
    /// Live duel streams open at once: per player, per address, in all.
    pub streams: duels::feed::StreamCaps,
    /// How the background worker grows the library of winnable deals;
    /// `None`: no worker.
    pub library: Option<library::Growth>,
    /// How the background worker chooses the daily deals ahead of their
    /// day; `None`: no worker (each day's deal is chosen when first asked
    /// for).
    pub daily_ahead: Option<dailies::ahead::Ahead>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rate_limits: limits::RateLimits::default(),
            search_threads: searches::default_threads(),
            search_queue: searches::QUEUE_LIMIT,
            search_places_per_address: None,
            one_seat_per_address: true,
            streams: duels::feed::StreamCaps::default(),
            library: None,
            daily_ahead: None,
        }
    }
}

/// Everything the services share; cheap to clone.
#[derive(Clone)]
pub struct Services {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn Store>,
    clock: Clock,
    live: live::LiveGames,
    players: identity::Players,
    duels: duels::DuelState,
    dailies: dailies::DailyState,
    limits: limits::Limits,
    searches: searches::Searches,
    stopping: std::sync::atomic::AtomicBool,
}

impl Services {
    /// The services on `store`.
    pub fn new(store: Arc<dyn Store>, settings: Settings) -> Services {
        Services {
            inner: Arc::new(Inner {
                store,
                clock: Clock::default(),
                live: live::LiveGames::default(),
                players: identity::Players::default(),
                duels: duels::DuelState::new(settings.one_seat_per_address, settings.streams),
                dailies: dailies::DailyState::default(),
                limits: limits::Limits::new(settings.rate_limits),
                searches: searches::Searches::new(
                    settings.search_threads,
                    settings.search_queue,
                    settings.search_places_per_address.unwrap_or_else(|| {
                        searches::default_per_address(settings.search_threads, settings.search_queue)
                    }),
                ),
                stopping: std::sync::atomic::AtomicBool::new(false),
            }),
        }
    }

    pub fn store(&self) -> &dyn Store {
        &*self.inner.store
    }

    pub fn clock(&self) -> &Clock {
        &self.inner.clock
    }

    /// The server's clock now, Unix time in milliseconds.
    pub fn now_ms(&self) -> i64 {
        self.inner.clock.now_ms()
    }

    /// Moves the server's clock forward by `ms` (for tests: game clocks and
    /// duel closing times without waiting).
    pub fn advance_clock(&self, ms: i64) {
        self.inner.clock.advance(ms)
    }

    pub fn live(&self) -> &live::LiveGames {
        &self.inner.live
    }

    pub fn players(&self) -> &identity::Players {
        &self.inner.players
    }

    pub fn duels(&self) -> &duels::DuelState {
        &self.inner.duels
    }

    pub fn dailies(&self) -> &dailies::DailyState {
        &self.inner.dailies
    }

    pub fn limits(&self) -> &limits::Limits {
        &self.inner.limits
    }

    pub fn searches(&self) -> &searches::Searches {
        &self.inner.searches
    }

    /// Starts a stop: readiness says no from now on, and the live streams
    /// end (their clients reconnect, to another instance behind a proxy).
    pub fn begin_stop(&self) {
        self.inner.stopping.store(true, std::sync::atomic::Ordering::Release);
        self.inner.duels.stop_streams();
    }

    /// Whether this instance is stopping.
    pub fn stopping(&self) -> bool {
        self.inner.stopping.load(std::sync::atomic::Ordering::Acquire)
    }
}
