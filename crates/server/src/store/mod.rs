//! Storage behind one trait.
//!
//! A game is stored as its start — rules, deal number, creation time —
//! and its append-only action log; everything else is derived by replaying
//! the log with `patience-core`. Beside the log each game row keeps a
//! summary (outcome, score, moves) rewritten in the same transaction as each
//! appended action, so that lists and statistics need no replay; the summary
//! can always be rebuilt from the log.
//!
//! [`sqlite::SqliteStore`] (one server, one file) and
//! [`postgres::PostgresStore`] (several servers, one database) implement
//! it; the services do not know which runs. The store knows rows and
//! transactions, nothing of HTTP and nothing of the rules beyond the action
//! log's notation.

pub mod accounts;
pub mod analyses;
pub mod dailies;
pub mod duels;
pub mod library;
pub mod postgres;
pub mod sqlite;
pub mod votes;

use async_trait::async_trait;
use patience_core::game::{Action, Entry, Outcome};
use patience_core::{presets, Game, Rules};
use patience_solver::library::Grade;

use crate::ids::{Contest, DailyId, Day, DuelId, GameId, PlayerId, TokenHash};
pub use accounts::{name_key_of, Account, AccountWrite, Session};
pub use analyses::{AnalysisClaim, Claimed, RunWrite};
pub use dailies::{AttemptRow, BoardOrder, Daily, DailyWrite, DayRow, NewAttempt};
pub use duels::rule_book::DuelRefusal;
pub use duels::{Duel, DuelStatus, DuelWrite};
pub use library::{LibraryRow, NextWon, Shelf};
pub use votes::{Vote, VoteTally};

/// What goes wrong in a store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The log did not hold exactly the expected number of actions: another
    /// request (or another server) appended first. Nothing was written.
    #[error("the game's log has moved on: expected {expected} actions before this one")]
    Conflict { expected: usize },
    /// A game or duel id that is already taken (draw another one).
    #[error("id `{0}` is taken")]
    DuplicateId(String),
    /// A duel change that the duel rule book does not allow on the duel's
    /// stored state (closed, full, joined already, ...). Nothing was
    /// written.
    #[error("the duel rule book refuses the change: {0:?}")]
    Refused(DuelRefusal),
    /// A player's attempt at a daily deal when they have one already.
    /// Nothing was written.
    #[error("the player has an attempt at this daily deal already")]
    AttemptExists,
    /// A name that another account has (without regard to case).
    #[error("the name is taken")]
    NameTaken,
    /// The database cannot be reached (a connection refused or broken, no
    /// connection free in time): waiting may help.
    #[error("the database cannot be reached: {0}")]
    Unavailable(String),
    #[error("storage failed: {0}")]
    Backend(String),
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub id: GameId,
    pub player: PlayerId,
    pub rules: &'static Rules,
    pub deal: u64,
    /// Unix time in milliseconds; the game's clock counts from here.
    pub created_ms: i64,
    /// Whether the player asked for a winnable deal and was dealt one, so
    /// knows that the deal can be won.
    pub dealt_as_winnable: bool,
    /// Imported from a record, not played here: watched and analysed like
    /// any game, counted in no statistics, profile or grade (anyone, or the
    /// solver, can write a record).
    pub imported: bool,
}

/// A stored game: its start and its whole log.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: GameId,
    pub player: PlayerId,
    pub rules: &'static Rules,
    pub deal: u64,
    pub created_ms: i64,
    /// [`NewGame::dealt_as_winnable`].
    pub dealt_as_winnable: bool,
    /// The duel this game is a participant's game of, or the daily deal it
    /// is an attempt at. Such a game is created in the same transaction
    /// that makes it the participant's or the attempt's, so a read that
    /// finds the game finds its contest too.
    pub contest: Option<Contest>,
    pub entries: Vec<Entry>,
}

/// What the game row keeps beside the log (derived from it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub action_count: usize,
    pub moves_made: usize,
    pub outcome: Outcome,
    pub score: i64,
    /// Cards on the foundations.
    pub foundations: usize,
    /// Whether the player was shown a winning line ([`Game::helped`]).
    pub helped: bool,
    /// Unix time in milliseconds of this change.
    pub updated_ms: i64,
}

impl Summary {
    pub fn of(game: &Game, updated_ms: i64) -> Summary {
        Summary {
            action_count: game.action_number(),
            moves_made: game.moves_made(),
            outcome: game.outcome(),
            score: game.score(),
            foundations: game.position().cards_on_foundations(),
            helped: game.helped(),
            updated_ms,
        }
    }
}

/// Reads an outcome as the database keeps it: [`Outcome::as_str`], the
/// spelling of the API and of records too.
pub fn parse_outcome(name: &str) -> Result<Outcome, StoreError> {
    name.parse().map_err(|e| StoreError::Backend(format!("{e} in the database")))
}

/// One row of a player's game list.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: GameId,
    pub rules: &'static Rules,
    pub deal: u64,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub action_count: usize,
    pub moves_made: usize,
    pub outcome: Outcome,
    pub score: i64,
    /// Whether the player was shown a winning line: a win is a win with help.
    pub helped: bool,
    /// [`NewGame::imported`].
    pub imported: bool,
    /// Cards on the foundations.
    pub foundations: usize,
    /// The deal's exact par, once found for this game ([`Store::set_par`]).
    pub par: Option<usize>,
    /// Whether the game's deal is still secret (read in the same query as
    /// the row): it belongs to a duel that is still open, or is an attempt
    /// at a daily deal whose day has not ended. Its deal is not shown then.
    pub deal_secret: bool,
    /// Whether the game's contest is over (its duel closed, its daily
    /// deal's day ended): it takes no more moves.
    pub contest_over: bool,
}

/// A game list row's columns as either database gives them back.
#[derive(sqlx::FromRow)]
pub(crate) struct GameRowColumns {
    pub id: String,
    pub rules: String,
    pub deal: i64,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub action_count: i64,
    pub moves_made: i64,
    pub outcome: String,
    pub score: i64,
    pub helped: bool,
    pub imported: bool,
    pub foundations: i64,
    pub par: Option<i64>,
    pub deal_secret: Option<bool>,
    pub contest_over: Option<bool>,
}

impl GameRowColumns {
    pub(crate) fn into_row(self) -> Result<GameRow, StoreError> {
        Ok(GameRow {
            id: stored_game_id(self.id)?,
            rules: stored_rules(&self.rules)?,
            deal: self.deal as u64,
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
            action_count: self.action_count as usize,
            moves_made: self.moves_made as usize,
            outcome: parse_outcome(&self.outcome)?,
            score: self.score,
            helped: self.helped,
            imported: self.imported,
            foundations: self.foundations as usize,
            par: self.par.map(|p| p as usize),
            deal_secret: self.deal_secret.unwrap_or(false),
            contest_over: self.contest_over.unwrap_or(false),
        })
    }
}

/// A player's rating in one game as the store keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    /// The game's id (`harmony`).
    pub game: String,
    pub rating: crate::ratings::Rating,
    /// Rated duels behind it.
    pub duels: u32,
    pub updated_ms: i64,
}

/// A quick-match duel waiting for an opponent, and who waits in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    pub duel_id: DuelId,
    pub rules: &'static Rules,
    pub rated: bool,
    /// When they started waiting (the duel's creation, Unix ms).
    pub since_ms: i64,
    pub player: PlayerId,
    /// The name they joined under, and their account's.
    pub name: String,
    pub account: Option<String>,
    /// Their rating in the duel's game (in a rated duel, if they have one)
    /// and when it last changed.
    pub rating: Option<(crate::ratings::Rating, i64)>,
}

/// An account on a rating leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardEntry {
    /// The account's name.
    pub name: String,
    pub rating: crate::ratings::Rating,
    pub duels: u32,
    pub updated_ms: i64,
}

/// A rating as a rated duel left it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RatingPoint {
    /// The game's id (`harmony`).
    pub game: String,
    /// When the duel closed (Unix ms).
    pub at_ms: i64,
    pub rating: f64,
    pub deviation: f64,
}

/// The storage the server runs on.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// The session of this token (hashed), if it is one.
    async fn session(&self, token_hash: &TokenHash) -> Result<Option<Session>, StoreError>;

    /// Registers a new player with its first session, this token (hashed).
    async fn create_player(&self, token_hash: &TokenHash, now_ms: i64) -> Result<PlayerId, StoreError>;

    /// The account of this name (without regard to case), if any.
    async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError>;

    /// The account of `player`, if it has one.
    async fn account_of(&self, player: PlayerId) -> Result<Option<Account>, StoreError>;

    /// The settings of `player`'s account (JSON), once saved.
    async fn account_settings(&self, player: PlayerId) -> Result<Option<String>, StoreError>;

    /// Makes a change to accounts and sessions (see [`AccountWrite`]),
    /// durably.
    async fn write_account(&self, write: AccountWrite) -> Result<(), StoreError>;

    /// The time (Unix ms) until which a sign-in under any of `keys` waits;
    /// 0 when none is blocked.
    async fn sign_in_blocked_until(&self, keys: &[String]) -> Result<i64, StoreError>;

    /// How many games `player` has.
    async fn game_count(&self, player: PlayerId) -> Result<u64, StoreError>;

    /// Stores a new game with an empty log.
    async fn create_game(&self, game: &NewGame, summary: &Summary) -> Result<(), StoreError>;

    /// A game with its whole log, if it exists.
    async fn load_game(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError>;

    /// Appends `entry` as action number `number` (counted from 0), durably,
    /// if and only if the log holds exactly `number` actions; otherwise
    /// writes nothing and returns [`StoreError::Conflict`]. The summary is
    /// rewritten in the same transaction.
    async fn append(&self, id: &GameId, number: usize, entry: &Entry, summary: &Summary) -> Result<(), StoreError>;

    /// Rewrites a game's summary alone (when the clock ends a game).
    async fn update_summary(&self, id: &GameId, summary: &Summary) -> Result<(), StoreError>;

    /// A player's games, newest first, at most `limit`, each with whether
    /// its deal is still secret at `now_ms` (its duel open, its daily
    /// deal's day not over), in one query.
    async fn list_games(&self, player: PlayerId, limit: usize, now_ms: i64) -> Result<Vec<GameRow>, StoreError>;

    /// Makes a change to a duel (see [`DuelWrite`]), durably.
    async fn write_duel(&self, write: DuelWrite) -> Result<(), StoreError>;

    /// A duel with its participants, if it exists.
    async fn load_duel(&self, id: &DuelId) -> Result<Option<Duel>, StoreError>;

    /// The quick-match duels waiting for an opponent (open, a seat free,
    /// closing after `closes_after_ms`), the oldest first, each with the
    /// participant who waits.
    async fn quick_lobby(&self, closes_after_ms: i64) -> Result<Vec<Waiting>, StoreError>;

    /// The closed duels `player` sat in, the most recently closed first, at
    /// most `limit`.
    async fn closed_duels_of(&self, player: PlayerId, limit: usize) -> Result<Vec<DuelId>, StoreError>;

    /// `player`'s ratings: for each game rated, the rating as it last
    /// changed, how many rated duels are behind it, and when (Unix ms).
    async fn ratings_of(&self, player: PlayerId) -> Result<Vec<StoredRating>, StoreError>;

    /// How `player`'s ratings went, oldest first, at most `limit` changes
    /// (the latest): each rated duel's game, time and rating after it.
    async fn rating_history(&self, player: PlayerId, limit: usize) -> Result<Vec<RatingPoint>, StoreError>;

    /// The accounts rated in `game` whose rating changed at `active_since_ms`
    /// or later, the highest rating first (then the earlier change), `limit`
    /// of them from `offset` on; and how many there are in all.
    async fn rating_board(
        &self,
        game: &str,
        active_since_ms: i64,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<BoardEntry>, usize), StoreError>;

    /// Makes a change to the daily deals (see [`DailyWrite`]), durably.
    async fn write_daily(&self, write: DailyWrite) -> Result<(), StoreError>;

    /// The daily deal `id`, if it has been committed.
    async fn daily(&self, id: DailyId) -> Result<Option<Daily>, StoreError>;

    /// `player`'s attempt at the daily deal `id`: its game.
    async fn daily_attempt(&self, id: DailyId, player: PlayerId) -> Result<Option<GameId>, StoreError>;

    /// The attempts at the daily deal `id` in the board's `order`, `limit`
    /// of them from `offset` on; and how many there are in all.
    async fn daily_board(
        &self,
        id: DailyId,
        order: BoardOrder,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<AttemptRow>, usize), StoreError>;

    /// The days before `before` that had a daily deal of `rules`, the
    /// latest first, `limit` of them from `offset` on, each with how many
    /// played it; and how many such days there are.
    async fn daily_days(
        &self,
        rules: &'static str,
        before: Day,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<DayRow>, usize), StoreError>;

    /// The days on which `player` made an attempt at a daily deal (of any
    /// game), the latest first, at most `limit`.
    async fn daily_days_of(&self, player: PlayerId, limit: usize) -> Result<Vec<Day>, StoreError>;

    /// Grades a winnable deal of the library again by players' results,
    /// once `min_players` have finished a game of it (see
    /// `library::GRADE_BY_PLAYERS`).
    async fn grade_by_players(&self, rules: &str, deal: u64, min_players: u64) -> Result<(), StoreError>;

    /// Records the exact par of game `id`'s deal, found for it.
    async fn set_par(&self, id: &GameId, par: usize) -> Result<(), StoreError>;

    /// Records a player's vote for a game, replacing their earlier one.
    async fn put_vote(&self, vote: Vote) -> Result<(), StoreError>;

    /// Every game's votes (games nobody voted for are left out).
    async fn vote_tallies(&self) -> Result<Vec<VoteTally>, StoreError>;

    /// A player's votes: game id and stars.
    async fn votes_of(&self, player: PlayerId) -> Result<Vec<(String, u8)>, StoreError>;

    /// Game `id`'s stored analysis: the number of actions it covers and its
    /// result (JSON), if one was stored.
    async fn analysis(&self, id: &GameId) -> Result<Option<(usize, String)>, StoreError>;

    /// Claims the analysis of a game for a player (see [`AnalysisClaim`]):
    /// at most one claim a game and one a player, across servers.
    async fn claim_analysis(&self, claim: AnalysisClaim) -> Result<Claimed, StoreError>;

    /// Reports an analysis's progress, or gives its claim up.
    async fn write_analysis_run(&self, write: RunWrite) -> Result<(), StoreError>;

    /// The player of game `id` (`None`: no such game).
    async fn game_player(&self, id: &GameId) -> Result<Option<PlayerId>, StoreError>;

    /// Stores game `id`'s analysis of its first `action_count` actions,
    /// replacing an older one, and ends its claim.
    async fn put_analysis(
        &self,
        id: &GameId,
        action_count: usize,
        result: String,
        now_ms: i64,
    ) -> Result<(), StoreError>;

    /// A duel's status alone (`None`: no such duel).
    async fn duel_status(&self, id: &DuelId) -> Result<Option<DuelStatus>, StoreError>;

    /// How many actions game `id`'s log holds (`None`: no such game).
    async fn action_count(&self, id: &GameId) -> Result<Option<usize>, StoreError>;

    /// Game `id`'s actions from number `from` on, in order (for a server
    /// whose copy of the game is behind, to catch up without replaying the
    /// whole log).
    async fn actions_since(&self, id: &GameId, from: usize) -> Result<Vec<Entry>, StoreError>;

    /// Adds deals to the library, durably. A deal it holds already is kept
    /// as it is, unless it holds it as unknown and the row decides it (a
    /// newer starting pool, from a stronger solver): then the row replaces
    /// it.
    async fn add_to_library(&self, rows: Vec<LibraryRow>) -> Result<(), StoreError>;

    /// A winnable deal of `rules` from the library, chosen at random: of
    /// `grade`, or of any grade.
    async fn library_pick(&self, rules: &str, grade: Option<Grade>) -> Result<Option<u64>, StoreError>;

    /// The library's first winnable deal of `rules` numbered `from` or more.
    async fn library_next_won(&self, rules: &str, from: u64) -> Result<Option<NextWon>, StoreError>;

    /// What the library holds, for each game or variant it has looked at.
    async fn library_shelves(&self) -> Result<Vec<Shelf>, StoreError>;

    /// What the library holds of `rules` (zeros if it looked at none).
    async fn library_shelf(&self, rules: &str) -> Result<Shelf, StoreError>;

    /// Whether other server processes may write to this store, so that a
    /// game cached in memory may be behind the database.
    fn shared(&self) -> bool;

    /// Tells the other server processes on this store that duel `id`
    /// changed (their live streams look again); nothing when not shared.
    async fn announce_duel_change(&self, id: &DuelId) -> Result<(), StoreError>;

    /// Whether the database answers (for `/readyz`).
    async fn ready(&self) -> Result<(), StoreError>;

    /// Finishes the writes under way and closes every connection.
    async fn close(&self);
}

/// A game id read back from the database, checked like any id that enters.
pub(crate) fn stored_game_id(text: String) -> Result<GameId, StoreError> {
    GameId::parse(&text).ok_or_else(|| StoreError::Backend(format!("a malformed game id `{text}` is stored")))
}

/// A rules id read back from the database, as the rules it names.
pub(crate) fn stored_rules(id: &str) -> Result<&'static Rules, StoreError> {
    presets::find(id).map_err(|_| StoreError::Backend(format!("unknown rules `{id}` in the database")))
}

/// What a game belongs to, from its row's joins: the duel it is a
/// participant's game of, or the day of the daily deal of its rules it is
/// an attempt at.
pub(crate) fn stored_contest(
    rules: &str,
    duel: Option<String>,
    daily_day: Option<String>,
) -> Result<Option<Contest>, StoreError> {
    match (duel, daily_day) {
        (Some(duel), _) => Ok(Some(Contest::Duel(stored_duel_id(duel)?))),
        (None, Some(day)) => Ok(Some(Contest::Daily(dailies::daily_id(rules, &day)?))),
        (None, None) => Ok(None),
    }
}

/// A duel id read back from the database.
pub(crate) fn stored_duel_id(text: String) -> Result<DuelId, StoreError> {
    DuelId::parse(&text).ok_or_else(|| StoreError::Backend(format!("a malformed duel id `{text}` is stored")))
}

/// Game `id`'s actions from number `from` on, from their rows (number,
/// action, at_ms) in order of number: refused if a number is missing or an
/// action does not read.
pub(crate) fn log_entries_from(
    id: &GameId,
    from: usize,
    rows: impl IntoIterator<Item = (i64, String, i64)>,
) -> Result<Vec<Entry>, StoreError> {
    rows.into_iter()
        .enumerate()
        .map(|(i, (number, text, at_ms))| {
            let i = from + i;
            if number != i as i64 {
                return Err(StoreError::Backend(format!("game {id}: action {i} is missing from the log")));
            }
            let action = parse_action(&text)
                .map_err(|e| StoreError::Backend(format!("game {id}: stored action {i} `{text}`: {e}")))?;
            Ok(Entry { action, at_ms: at_ms.max(0) as u64 })
        })
        .collect()
}

/// The text an action is stored as: the same token as in a game record (a
/// move in notation, `undo`, `restart`, `quit`, `auto-on`, `auto-off`).
pub fn action_text(action: Action) -> String {
    action.to_string()
}

/// Reads an action stored by [`action_text`].
pub fn parse_action(text: &str) -> Result<Action, String> {
    text.parse().map_err(|e: patience_core::notation::NotationError| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_through_text() {
        for text in ["undo", "restart", "quit", "s", "r", "t3-t5:2", "w-f", "f2-t4", "res-t1"] {
            assert_eq!(action_text(parse_action(text).unwrap()), text);
        }
        assert!(parse_action("x").is_err());
    }

    #[test]
    fn outcomes_round_trip_through_their_names() {
        for o in [Outcome::Playing, Outcome::Won, Outcome::Lost, Outcome::Stuck, Outcome::Quit, Outcome::TimeUp] {
            assert_eq!(parse_outcome(o.as_str()).unwrap(), o);
            assert_eq!(serde_json::to_value(o).unwrap(), o.as_str(), "the player view spells it the same");
        }
        assert!(parse_outcome("time-up").is_err());
    }
}
