//! Analyses as the store keeps them: a finished one as its result, and one
//! under way as a claim that every server sees, so that a game is analysed
//! once and a player runs one analysis at a time whichever server they ask
//! (see `services::analyses`).

use crate::ids::{GameId, PlayerId};

/// A request to analyse game `game` for `player`, from `now_ms`. A claim
/// whose server has not reported progress since `stale_before_ms` is taken
/// to have died with its server, and gives way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisClaim {
    pub game: GameId,
    pub player: PlayerId,
    pub now_ms: i64,
    pub stale_before_ms: i64,
}

/// What a claim found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claimed {
    /// Nobody was analysing the game: the caller is now.
    Started,
    /// Another request is analysing it, with this many positions decided.
    Running { solves: usize },
    /// The player has another analysis under way.
    PlayerBusy,
}

/// A change to a claim of the caller's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunWrite {
    /// Positions decided so far; also says the claim's server is alive.
    Progress { game: GameId, solves: usize, now_ms: i64 },
    /// The analysis ended without a result (the search pool refused it):
    /// the next request starts again.
    Release { game: GameId },
}
