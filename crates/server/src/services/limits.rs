//! Rate limits: token buckets kept in memory by each server instance, one
//! per kind of request and requester (a player, or a client address).
//! Several instances behind one proxy each keep their own, so the limits a
//! client meets add up over the instances it reaches.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

use patience_words::say;

use super::{Error, ErrorKind, Result};
use crate::ids::PlayerId;

/// What is limited.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// New players (a first visit without a cookie), per client address.
    NewPlayer,
    /// New games, per player and per client address.
    NewGame,
    /// New duels (create, quick match opening one, rematch), per player.
    NewDuel,
    /// Actions in duel games, per player.
    DuelMove,
    /// Password checks (sign up, sign in, a new password, deleting an
    /// account), per client address: each hash costs the server tens of
    /// milliseconds of CPU.
    PasswordCheck,
}

impl Kind {
    /// How the refusal's message (`too-many`) names it.
    fn key(self) -> &'static str {
        match self {
            Kind::NewPlayer => "new-players",
            Kind::NewGame => "new-games",
            Kind::NewDuel => "new-duels",
            Kind::DuelMove => "moves",
            Kind::PasswordCheck => "password-checks",
        }
    }
}

/// Who a bucket belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BucketOwner {
    Player(PlayerId),
    Address(IpAddr),
}

/// A bucket's size and how fast it fills.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rate {
    /// Requests allowed at once.
    pub burst: f64,
    /// Requests allowed a second, over time.
    pub per_sec: f64,
}

impl Rate {
    /// No limit (load benchmarks).
    pub const UNLIMITED: Rate = Rate { burst: f64::INFINITY, per_sec: f64::INFINITY };
}

/// The rates of every kind of request.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RateLimits {
    /// Per client address: a first visit creates a player.
    pub new_player_per_address: Rate,
    pub new_game_per_player: Rate,
    /// Generous: many players may share one address (a school, a NAT).
    pub new_game_per_address: Rate,
    pub new_duel_per_player: Rate,
    pub duel_move_per_player: Rate,
    pub password_check_per_address: Rate,
}

impl Default for RateLimits {
    fn default() -> RateLimits {
        RateLimits {
            new_player_per_address: Rate { burst: 20.0, per_sec: 1.0 / 10.0 },
            new_game_per_player: Rate { burst: 30.0, per_sec: 1.0 / 2.0 },
            new_game_per_address: Rate { burst: 120.0, per_sec: 2.0 },
            new_duel_per_player: Rate { burst: 10.0, per_sec: 1.0 / 6.0 },
            duel_move_per_player: Rate { burst: 20.0, per_sec: 8.0 },
            password_check_per_address: Rate { burst: 20.0, per_sec: 1.0 / 3.0 },
        }
    }
}

impl RateLimits {
    /// No limits at all (load benchmarks, tests that create thousands of
    /// players from one address).
    pub fn unlimited() -> RateLimits {
        let u = Rate::UNLIMITED;
        RateLimits {
            new_player_per_address: u,
            new_game_per_player: u,
            new_game_per_address: u,
            new_duel_per_player: u,
            duel_move_per_player: u,
            password_check_per_address: u,
        }
    }

    fn rate(&self, kind: Kind, who: BucketOwner) -> Rate {
        match (kind, who) {
            (Kind::NewPlayer, _) => self.new_player_per_address,
            (Kind::NewGame, BucketOwner::Player(_)) => self.new_game_per_player,
            (Kind::NewGame, BucketOwner::Address(_)) => self.new_game_per_address,
            (Kind::NewDuel, _) => self.new_duel_per_player,
            (Kind::DuelMove, _) => self.duel_move_per_player,
            (Kind::PasswordCheck, _) => self.password_check_per_address,
        }
    }
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Buckets kept at most before the full ones are forgotten.
const KEEP: usize = 100_000;

/// The buckets.
pub struct Limits {
    rates: RateLimits,
    buckets: Mutex<HashMap<(Kind, BucketOwner), Bucket>>,
}

impl Limits {
    pub fn new(rates: RateLimits) -> Limits {
        Limits { rates, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes one request of `kind` from `who`'s bucket; refused (429 with
    /// the seconds until the next one is allowed) when it is empty.
    pub fn take(&self, kind: Kind, who: BucketOwner) -> Result<()> {
        let rate = self.rates.rate(kind, who);
        if rate.burst.is_infinite() {
            return Ok(());
        }
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap();
        if buckets.len() >= KEEP {
            let rates = self.rates;
            buckets.retain(|&(k, w), b| {
                let r = rates.rate(k, w);
                b.tokens + now.duration_since(b.at).as_secs_f64() * r.per_sec < r.burst
            });
        }
        let b = buckets.entry((kind, who)).or_insert(Bucket { tokens: rate.burst, at: now });
        b.tokens = (b.tokens + now.duration_since(b.at).as_secs_f64() * rate.per_sec).min(rate.burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            return Ok(());
        }
        let retry_after_secs = ((1.0 - b.tokens) / rate.per_sec).ceil().max(1.0) as u64;
        let wait = say!("duration", unit = "seconds", count = retry_after_secs);
        Err(Error::new(ErrorKind::TooMany { retry_after_secs }, say!("too-many", kind = kind.key(), wait = wait)))
    }
}

impl Limits {
    /// Forgets every bucket of `player` (a player that went again: its id
    /// may be given to the next new player, who starts with full buckets).
    pub fn forget_player(&self, player: PlayerId) {
        self.buckets.lock().unwrap().retain(|&(_, owner), _| owner != BucketOwner::Player(player));
    }

    /// Gives back what [`Limits::take`] took, for a request that was then
    /// refused for another reason (it made nothing).
    pub fn give_back(&self, kind: Kind, who: BucketOwner) {
        let rate = self.rates.rate(kind, who);
        if let Some(b) = self.buckets.lock().unwrap().get_mut(&(kind, who)) {
            b.tokens = (b.tokens + 1.0).min(rate.burst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_says_when_to_come_back() {
        let rates = RateLimits { new_game_per_player: Rate { burst: 3.0, per_sec: 0.5 }, ..RateLimits::default() };
        let limits = Limits::new(rates);
        let ann = BucketOwner::Player(PlayerId(1));
        for _ in 0..3 {
            limits.take(Kind::NewGame, ann).unwrap();
        }
        let refused = limits.take(Kind::NewGame, ann).unwrap_err();
        assert_eq!(refused.kind, ErrorKind::TooMany { retry_after_secs: 2 });
        limits.take(Kind::NewGame, BucketOwner::Player(PlayerId(2))).expect("another player has their own bucket");
        let unlimited = Limits::new(RateLimits::unlimited());
        for _ in 0..10_000 {
            unlimited.take(Kind::NewPlayer, BucketOwner::Address([127, 0, 0, 1].into())).unwrap();
        }
    }
}
