//! Players' votes as the store keeps them: stars from 1 to 5 for a game,
//! one vote a player and game, changed by voting again (see
//! `services::votes`).

use crate::ids::PlayerId;

/// A player's vote for a game (its id, such as `harp`), at `now_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vote {
    pub player: PlayerId,
    pub game: &'static str,
    pub stars: u8,
    pub now_ms: i64,
}

/// The votes a game has: how many, and their stars added up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VoteTally {
    pub game: String,
    pub votes: u64,
    pub stars: u64,
}

/// The tallies of every game voted for.
pub(crate) const TALLIES: &str = "SELECT game, COUNT(*), SUM(stars) FROM votes GROUP BY game";
