//! What the store keeps of a duel.

use crate::store::{NewGame, PlayerId, Summary};

/// A duel to create.
#[derive(Clone, Debug)]
pub struct NewDuel {
    /// 16 lower-case hex digits.
    pub id: String,
    pub rules: String,
    /// Unix ms.
    pub created_ms: i64,
    /// The optional closing time, Unix ms.
    pub closes_ms: Option<i64>,
    pub max_participants: usize,
    /// Hex SHA-256 of the seed's bytes followed by the salt's bytes.
    pub commitment: String,
    /// Hex; secret until the duel closes.
    pub salt: String,
    /// Hex; secret until the duel closes.
    pub seed: String,
    /// Follows from the seed ([`super::fairness::deal_of_seed`]).
    pub deal: u64,
    pub creator: PlayerId,
    /// Opened by quick match: others may be paired into it.
    pub quick: bool,
    /// Participants who are in it from the start (player, display name).
    pub participants: Vec<(PlayerId, String)>,
}

/// A participant's result, frozen when the duel closes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalResult {
    pub score: i64,
    pub foundations: usize,
    pub outcome: String,
    /// When their game ended (Unix ms), if it did.
    pub finished_ms: Option<i64>,
}

/// A participant as stored.
#[derive(Clone, Debug)]
pub struct Participant {
    pub player: PlayerId,
    pub name: String,
    /// Their game, once they have opened it.
    pub game_id: Option<String>,
    pub joined_ms: i64,
    pub result: Option<FinalResult>,
}

/// A stored duel with its participants in the order they joined.
#[derive(Clone, Debug)]
pub struct Duel {
    pub id: String,
    pub rules: String,
    pub created_ms: i64,
    pub closes_ms: Option<i64>,
    pub max_participants: usize,
    pub closed: bool,
    pub closed_ms: Option<i64>,
    pub commitment: String,
    pub salt: String,
    pub seed: String,
    pub deal: u64,
    pub creator: PlayerId,
    pub quick: bool,
    pub rematch_id: Option<String>,
    pub participants: Vec<Participant>,
}

/// A change to a duel, made by the store's writer.
#[derive(Clone, Debug)]
pub enum DuelWrite {
    /// A new duel (with the participants it starts with).
    Create(NewDuel),
    /// A participant joins: refused if the duel is closed or full, or they
    /// are in it already.
    Join { duel_id: String, player: PlayerId, name: String, joined_ms: i64 },
    /// A participant's game: the game is created and becomes theirs in the
    /// duel in one transaction (refused if they have one already).
    StartGame { duel_id: String, player: PlayerId, game: NewGame, summary: Summary },
    /// The duel closes with these results.
    Close { duel_id: String, closed_ms: i64, results: Vec<(PlayerId, FinalResult)> },
    /// The rematch of `duel_id` is created, unless it has one already.
    Rematch { duel_id: String, rematch: NewDuel },
}
