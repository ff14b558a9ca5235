//! What the store keeps of a duel: the duel, its participants, their frozen
//! results, and the changes the store makes to them.

use std::str::FromStr;

use patience_core::game::Outcome;
use patience_core::Rules;
use serde::Serialize;

pub mod rule_book;

use super::{NewGame, StoreError, Summary};
use crate::ids::{DuelId, PlayerId};
use crate::ratings::Rating;

/// Whether a duel still takes joins, games and moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelStatus {
    Open,
    /// Closed for good: results frozen, seed and salt revealed.
    Closed,
}

impl DuelStatus {
    /// As the database spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            DuelStatus::Open => "open",
            DuelStatus::Closed => "closed",
        }
    }
}

/// Reads what [`DuelStatus::as_str`] writes, from the database.
impl FromStr for DuelStatus {
    type Err = StoreError;

    fn from_str(name: &str) -> Result<DuelStatus, StoreError> {
        match name {
            "open" => Ok(DuelStatus::Open),
            "closed" => Ok(DuelStatus::Closed),
            _ => Err(StoreError::Backend(format!("unknown duel status `{name}` in the database"))),
        }
    }
}

/// How a participant's game stands: not opened yet, or its game's outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ParticipantOutcome {
    NotStarted,
    Playing,
    Won,
    Lost,
    Stuck,
    Quit,
    TimeUp,
}

impl From<Outcome> for ParticipantOutcome {
    fn from(outcome: Outcome) -> ParticipantOutcome {
        match outcome {
            Outcome::Playing => ParticipantOutcome::Playing,
            Outcome::Won => ParticipantOutcome::Won,
            Outcome::Lost => ParticipantOutcome::Lost,
            Outcome::Stuck => ParticipantOutcome::Stuck,
            Outcome::Quit => ParticipantOutcome::Quit,
            Outcome::TimeUp => ParticipantOutcome::TimeUp,
        }
    }
}

impl ParticipantOutcome {
    /// Whether the participant's game is closed for good: won, given up or
    /// out of time ([`Outcome::is_final`]).
    pub fn is_final(self) -> bool {
        matches!(self, ParticipantOutcome::Won | ParticipantOutcome::Quit | ParticipantOutcome::TimeUp)
    }

    /// As the database and the API spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            ParticipantOutcome::NotStarted => "not_started",
            ParticipantOutcome::Playing => "playing",
            ParticipantOutcome::Won => "won",
            ParticipantOutcome::Lost => "lost",
            ParticipantOutcome::Stuck => "stuck",
            ParticipantOutcome::Quit => "quit",
            ParticipantOutcome::TimeUp => "time_up",
        }
    }
}

/// Reads what [`ParticipantOutcome::as_str`] writes, from the database.
impl FromStr for ParticipantOutcome {
    type Err = StoreError;

    fn from_str(name: &str) -> Result<ParticipantOutcome, StoreError> {
        if name == "not_started" {
            return Ok(ParticipantOutcome::NotStarted);
        }
        super::parse_outcome(name).map(ParticipantOutcome::from)
    }
}

/// A duel to create.
#[derive(Clone, Debug)]
pub struct NewDuel {
    pub id: DuelId,
    pub rules: &'static Rules,
    /// Unix ms.
    pub created_ms: i64,
    /// The closing time, Unix ms.
    pub closes_ms: Option<i64>,
    pub max_participants: usize,
    /// Hex SHA-256 of the seed's bytes followed by the salt's bytes.
    pub commitment: String,
    /// Hex; secret until the duel closes.
    pub salt: String,
    /// Hex; secret until the duel closes.
    pub seed: String,
    /// Follows from the seed (`services::duels::fairness::deal_of_seed`).
    pub deal: u64,
    pub creator: PlayerId,
    /// Opened by quick match: others may be paired into it.
    pub quick: bool,
    /// Between accounts, and it changes their ratings when it closes.
    pub rated: bool,
    /// Hex; the key of the participants' address hashes ([`Seat::address`]),
    /// never shown to anyone.
    pub address_key: String,
    /// Participants who are in it from the start.
    pub participants: Vec<Seat>,
}

/// A participant joining: who, under which name, and from where.
#[derive(Clone, Debug)]
pub struct Seat {
    pub player: PlayerId,
    pub name: String,
    /// SHA-256 of the duel's address key followed by the client's address:
    /// one seat per address, without keeping the address.
    pub address: Option<[u8; 32]>,
}

/// A participant's result: how their game stands, in numbers only. Frozen
/// in the store when the duel closes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParticipantResult {
    pub score: i64,
    pub foundations: usize,
    pub outcome: ParticipantOutcome,
    /// When their game ended (Unix ms), if it did.
    pub finished_ms: Option<i64>,
}

/// A participant as stored.
#[derive(Clone, Debug)]
pub struct Participant {
    pub player: PlayerId,
    pub name: String,
    /// Their game, once they have opened it.
    pub game_id: Option<crate::ids::GameId>,
    pub joined_ms: i64,
    /// Their frozen result, once the duel is closed.
    pub frozen: Option<ParticipantResult>,
    /// The name of their account, if they have one (their profile's).
    pub account: Option<String>,
    /// Their rating in the duel's game, as it stands (a rated duel's).
    pub rating: Option<Rating>,
    /// What the duel did to their rating, once a rated duel closed.
    pub rating_change: Option<RatingChange>,
}

/// What a rated duel did to a participant's rating.
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
}

/// A rated duel's close: the game rated and each participant's place.
#[derive(Clone, Debug)]
pub struct RatedClose {
    /// The game's id (`harmony`): the rating that changes.
    pub game: &'static str,
    pub places: Vec<(PlayerId, usize)>,
}

/// A stored duel with its participants in the order they joined.
#[derive(Clone, Debug)]
pub struct Duel {
    pub id: DuelId,
    pub rules: &'static Rules,
    pub created_ms: i64,
    pub closes_ms: Option<i64>,
    pub max_participants: usize,
    pub status: DuelStatus,
    pub closed_ms: Option<i64>,
    pub commitment: String,
    pub salt: String,
    pub seed: String,
    pub deal: u64,
    pub creator: PlayerId,
    pub quick: bool,
    pub rated: bool,
    pub rematch_id: Option<DuelId>,
    /// See [`NewDuel::address_key`]; none for duels from before it existed.
    pub address_key: Option<String>,
    pub participants: Vec<Participant>,
}

impl Duel {
    pub fn is_closed(&self) -> bool {
        self.status == DuelStatus::Closed
    }
}

/// A change to a duel, made by the store in one transaction if the duel
/// rule book ([`rule_book::judge`]) allows it.
#[derive(Clone, Debug)]
pub enum DuelWrite {
    /// A new duel (with the participants it starts with).
    Create(NewDuel),
    /// A participant joins.
    Join { duel_id: DuelId, seat: Seat, joined_ms: i64 },
    /// A participant's game: the game is created and becomes theirs in the
    /// duel in one transaction.
    StartGame { duel_id: DuelId, player: PlayerId, game: NewGame, summary: Summary },
    /// The duel closes with these results; a rated one also changes its
    /// participants' ratings in its game, by their places (1 first; equal
    /// places draw), in the same transaction: once, whoever closes it.
    Close { duel_id: DuelId, closed_ms: i64, results: Vec<(PlayerId, ParticipantResult)>, rated: Option<RatedClose> },
    /// The rematch of `duel_id` is created.
    Rematch { duel_id: DuelId, rematch: NewDuel },
}

/// A participant's columns as either database gives them back.
#[derive(sqlx::FromRow)]
pub(crate) struct ParticipantColumns {
    pub player_id: i64,
    pub name: String,
    pub game_id: Option<String>,
    pub joined_ms: i64,
    pub final_score: Option<i64>,
    pub final_foundations: Option<i64>,
    pub final_outcome: Option<String>,
    pub finished_ms: Option<i64>,
    /// The name of the participant's account, if it has one.
    pub account: Option<String>,
    /// Their rating in the duel's game, if they have one.
    pub rating: Option<f64>,
    pub deviation: Option<f64>,
    pub volatility: Option<f64>,
    /// Their rating before and after the duel, once a rated duel closed.
    pub before: Option<f64>,
    pub after: Option<f64>,
}

impl ParticipantColumns {
    pub(crate) fn into_participant(self) -> std::result::Result<Participant, StoreError> {
        let frozen = match self.final_score {
            Some(score) => Some(ParticipantResult {
                score,
                foundations: self.final_foundations.unwrap_or(0) as usize,
                outcome: self.final_outcome.as_deref().unwrap_or("not_started").parse()?,
                finished_ms: self.finished_ms,
            }),
            None => None,
        };
        Ok(Participant {
            player: PlayerId(self.player_id),
            name: self.name,
            game_id: self.game_id.map(super::stored_game_id).transpose()?,
            joined_ms: self.joined_ms,
            frozen,
            account: self.account,
            rating: match (self.rating, self.deviation, self.volatility) {
                (Some(rating), Some(deviation), Some(volatility)) => Some(Rating { rating, deviation, volatility }),
                _ => None,
            },
            rating_change: match (self.before, self.after) {
                (Some(before), Some(after)) => Some(RatingChange { before, after }),
                _ => None,
            },
        })
    }
}

/// A quick-match duel that waits, with who waits in it, as either database
/// gives it back.
#[derive(sqlx::FromRow)]
pub(crate) struct WaitingColumns {
    pub id: String,
    pub rules: String,
    pub rated: bool,
    pub created_ms: i64,
    pub player_id: i64,
    pub name: String,
    pub account: Option<String>,
    pub rating: Option<f64>,
    pub deviation: Option<f64>,
    pub volatility: Option<f64>,
    pub updated_ms: Option<i64>,
}

impl WaitingColumns {
    pub(crate) fn into_waiting(self) -> std::result::Result<super::Waiting, StoreError> {
        let rating = match (self.rating, self.deviation, self.volatility, self.updated_ms) {
            (Some(rating), Some(deviation), Some(volatility), Some(at)) => {
                Some((Rating { rating, deviation, volatility }, at))
            }
            _ => None,
        };
        Ok(super::Waiting {
            duel_id: super::stored_duel_id(self.id)?,
            rules: super::stored_rules(&self.rules)?,
            rated: self.rated,
            since_ms: self.created_ms,
            player: PlayerId(self.player_id),
            name: self.name,
            account: self.account,
            rating,
        })
    }
}

/// A duel's columns as either database gives them back.
#[derive(sqlx::FromRow)]
pub(crate) struct DuelColumns {
    pub rules: String,
    pub created_ms: i64,
    pub closes_ms: Option<i64>,
    pub max_participants: i64,
    pub status: String,
    pub closed_ms: Option<i64>,
    pub commitment: String,
    pub salt: String,
    pub seed: String,
    pub deal: i64,
    pub creator_id: i64,
    pub quick: bool,
    pub rated: bool,
    pub rematch_id: Option<String>,
    pub address_key: Option<String>,
}

impl DuelColumns {
    pub(crate) fn into_duel(
        self,
        id: &DuelId,
        participants: Vec<Participant>,
    ) -> std::result::Result<Duel, StoreError> {
        Ok(Duel {
            id: id.clone(),
            rules: super::stored_rules(&self.rules)?,
            created_ms: self.created_ms,
            closes_ms: self.closes_ms,
            max_participants: self.max_participants as usize,
            status: self.status.parse()?,
            closed_ms: self.closed_ms,
            commitment: self.commitment,
            salt: self.salt,
            seed: self.seed,
            deal: self.deal as u64,
            creator: PlayerId(self.creator_id),
            quick: self.quick,
            rated: self.rated,
            rematch_id: self.rematch_id.map(super::stored_duel_id).transpose()?,
            address_key: self.address_key,
            participants,
        })
    }
}
