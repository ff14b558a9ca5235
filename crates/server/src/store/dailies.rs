//! What the store keeps of daily deals: each day's deal of a game's default
//! rules with its commitment, and every player's one counted attempt, whose
//! game is created in the same transaction.

use patience_core::game::Outcome;
use patience_core::Rules;

use super::{NewGame, Summary};
use crate::ids::{DailyId, Day, GameId, PlayerId};

/// A day's deal of one game, as committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Daily {
    pub id: DailyId,
    pub deal: u64,
    /// Hex, as a duel's (see `services::duels::fairness`): the seed's first
    /// 13 hex digits give the deal.
    pub seed: String,
    pub salt: String,
    pub commitment: String,
    pub created_ms: i64,
}

/// A player's attempt to start, with its game.
#[derive(Clone, Debug)]
pub struct NewAttempt {
    pub daily: DailyId,
    pub player: PlayerId,
    /// The name on the board.
    pub name: String,
    pub game: NewGame,
    pub summary: Summary,
}

/// A change to the daily deals.
#[derive(Clone, Debug)]
pub enum DailyWrite {
    /// The day's deal, unless one was committed first (by another server):
    /// then nothing is written and that one stands.
    Create(Daily),
    /// A player's attempt and its game; refused with
    /// [`StoreError::AttemptExists`](super::StoreError::AttemptExists) when
    /// they have one already.
    StartAttempt(NewAttempt),
}

/// How a day's board ranks its attempts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardOrder {
    /// The higher score first, then the shorter time (Harmony).
    Score,
    /// Won first, then more cards on the foundations, then the shorter
    /// time, then fewer moves.
    Cards,
}

/// An attempt as a board lists it: figures only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRow {
    pub player: PlayerId,
    pub name: String,
    /// The player's account's name, if they have one.
    pub account: Option<String>,
    pub game_id: GameId,
    pub outcome: Outcome,
    pub score: i64,
    pub foundations: usize,
    pub moves_made: usize,
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// A day that had a daily deal of a game, and how many played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayRow {
    pub day: Day,
    pub attempts: usize,
}

/// A daily deal's row read back, before its rules and day are checked.
pub(crate) fn daily_of_columns(
    rules: &str,
    day: &str,
    deal: i64,
    seed: String,
    salt: String,
    commitment: String,
    created_ms: i64,
) -> Result<Daily, super::StoreError> {
    Ok(Daily { id: daily_id(rules, day)?, deal: deal as u64, seed, salt, commitment, created_ms })
}

/// A daily deal's id read back from the database.
pub(crate) fn daily_id(rules: &str, day: &str) -> Result<DailyId, super::StoreError> {
    Ok(DailyId { rules: super::stored_rules(rules)?, day: stored_day(day)? })
}

pub(crate) fn stored_day(text: &str) -> Result<Day, super::StoreError> {
    Day::parse(text).ok_or_else(|| super::StoreError::Backend(format!("a malformed day `{text}` is stored")))
}

/// The columns of an attempt on a board, as either database gives them.
#[derive(sqlx::FromRow)]
pub(crate) struct AttemptColumns {
    pub player_id: i64,
    pub name: String,
    pub account: Option<String>,
    pub game_id: String,
    pub outcome: String,
    pub score: i64,
    pub foundations: i64,
    pub moves_made: i64,
    pub created_ms: i64,
    pub updated_ms: i64,
}

impl AttemptColumns {
    pub(crate) fn into_row(self) -> Result<AttemptRow, super::StoreError> {
        Ok(AttemptRow {
            player: PlayerId(self.player_id),
            name: self.name,
            account: self.account,
            game_id: super::stored_game_id(self.game_id)?,
            outcome: super::parse_outcome(&self.outcome)?,
            score: self.score,
            foundations: self.foundations as usize,
            moves_made: self.moves_made as usize,
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
        })
    }
}

/// The `ORDER BY` of a board (both databases read it alike). Ties go to the
/// earlier start.
pub(crate) fn order_by(order: BoardOrder) -> &'static str {
    match order {
        BoardOrder::Score => "g.score DESC, g.updated_ms - g.created_ms, g.created_ms, a.player_id",
        BoardOrder::Cards => {
            "(g.outcome = 'won') DESC, g.foundations DESC, g.updated_ms - g.created_ms, g.moves_made, g.created_ms, \
             a.player_id"
        }
    }
}

impl BoardOrder {
    pub fn of(rules: &Rules) -> BoardOrder {
        if rules.scoring == patience_core::rules::Scoring::None {
            BoardOrder::Cards
        } else {
            BoardOrder::Score
        }
    }
}
