//! Public profiles: what anyone may see of an account, at `/@/NAME`: its
//! finished games (closed for good, and not of a duel still open or a
//! daily deal whose day runs) with their statistics, their chart and their
//! records, its closed duels with its place in each, and its daily
//! streaks. A game in progress, or of a contest still running, is not shown
//! at all: a profile tells nobody what its player is doing now.

use patience_core::game::Outcome;
use patience_words::{say, Lang};
use serde::Serialize;

use super::accounts::AccountName;
use super::dailies::{self, Streaks};
use super::duels;
use super::records::RecordText;
use super::stats::{self, Stats};
use super::{live, Error, ErrorKind, Result, Services};
use crate::ids::{DuelId, GameId, PlayerId};
use crate::ratings::Rating;
use crate::store::{Account, DuelStatus, GameRow, RatingPoint};

/// Rating changes a profile's history shows at most, the latest.
pub const HISTORY_LIMIT: usize = 500;
/// Duels a profile lists at most, the most recently closed first.
const DUEL_LIMIT: usize = 20;
/// Games a profile reads at most, the newest first: its statistics and
/// chart are those of its latest games.
pub const GAME_LIMIT: usize = 1000;

/// A finished game as a profile shows it.
#[derive(Debug, Serialize)]
pub struct ProfileGame {
    /// The game's id, for its record.
    pub id: GameId,
    pub rules: &'static str,
    pub name: String,
    pub deal: u64,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub moves_made: usize,
    pub outcome: Outcome,
    /// Whether a winning line was shown: a win is a win with help.
    pub helped: bool,
    pub score: i64,
}

/// A closed duel as a profile shows it: the player's place in it.
#[derive(Debug, Serialize)]
pub struct ProfileDuel {
    pub id: DuelId,
    pub link: String,
    pub rules: &'static str,
    pub name: String,
    pub closed_ms: Option<i64>,
    pub participants: usize,
    /// 1 for the winner.
    pub rank: Option<usize>,
    pub score: i64,
    pub foundations: usize,
}

/// A rating as a profile shows it: as it stands now (less certain after
/// time away).
#[derive(Debug, Serialize)]
pub struct ProfileRating {
    /// The game's id (`harmony`) and name.
    pub game: String,
    pub name: String,
    /// As a player reads it: `1500?` while provisional.
    pub shown: String,
    pub provisional: bool,
    #[serde(flatten)]
    pub rating: Rating,
    /// Rated duels behind it.
    pub duels: u32,
}

/// A profile.
#[derive(Debug, Serialize)]
pub struct Profile {
    pub name: String,
    /// When the account was made.
    pub created_ms: i64,
    /// Whether the requester is this account (its page then offers the
    /// account's settings).
    pub yours: bool,
    /// The statistics of its finished games.
    pub stats: Stats,
    /// The ratings of the games it played rated duels of.
    pub ratings: Vec<ProfileRating>,
    /// How they went: each rated duel's game, time and rating after it,
    /// oldest first (the latest [`HISTORY_LIMIT`]).
    pub rating_history: Vec<RatingPoint>,
    /// Finished games with a move made, newest first, at most
    /// [`GAME_LIMIT`].
    pub games: Vec<ProfileGame>,
    pub duels: Vec<ProfileDuel>,
    /// Its daily streaks: days in a row with a daily deal played.
    pub daily: Streaks,
}

/// What anyone is told of a name that no account has.
fn no_such_player(name: &str) -> Error {
    let shown: String = name.chars().take(40).collect();
    Error::new(ErrorKind::NotFound, say!("no-player-called", name = shown))
}

/// The account called `name` (without regard to case).
pub async fn account(app: &Services, name: &str) -> Result<Account> {
    // A text that is no name is no account's: no need to ask the store.
    AccountName::parse(name).map_err(|_| no_such_player(name))?;
    app.store().account_by_name(name).await?.ok_or_else(|| no_such_player(name))
}

/// Whether a game is finished for a profile: closed for good, not of a
/// duel still open or a daily deal whose day runs, and played here (not
/// imported from a record, which anyone can write).
fn finished(row: &GameRow) -> bool {
    row.outcome.is_final() && !row.deal_secret && !row.imported
}

/// The profile of `name`, as `me` sees it, in `lang`.
pub async fn profile(app: &Services, name: &str, me: Option<PlayerId>, lang: Lang) -> Result<Profile> {
    let account = account(app, name).await?;
    let mut rows = stats::settled_rows(app, account.player, GAME_LIMIT).await?;
    rows.retain(finished);
    let stats = Stats::of(&rows, lang);
    let games = rows
        .iter()
        .filter(|row| row.moves_made > 0)
        .map(|row| ProfileGame {
            id: row.id.clone(),
            rules: row.rules.id,
            name: super::rules_name(row.rules, lang),
            deal: row.deal,
            created_ms: row.created_ms,
            updated_ms: row.updated_ms,
            moves_made: row.moves_made,
            outcome: row.outcome,
            helped: row.helped,
            score: row.score,
        })
        .collect();
    let mut duels = Vec::new();
    for id in app.store().closed_duels_of(account.player, DUEL_LIMIT).await? {
        let view = duels::show(app, &id, Some(account.player), lang).await?;
        if view.status != DuelStatus::Closed {
            continue;
        }
        let Some(standing) = view.participants.iter().find(|p| p.you) else { continue };
        duels.push(ProfileDuel {
            id: view.id.clone(),
            link: view.link.clone(),
            rules: view.rules,
            name: view.name.clone(),
            closed_ms: view.closed_ms,
            participants: view.participants.len(),
            rank: standing.rank,
            score: standing.score,
            foundations: standing.foundations,
        });
    }
    let now = app.now_ms();
    let ratings = app
        .store()
        .ratings_of(account.player)
        .await?
        .into_iter()
        .map(|stored| {
            let rating = stored.rating.at(stored.updated_ms, now);
            let name = patience_core::presets::find(&stored.game).map_or(String::new(), |r| super::rules_name(r, lang));
            ProfileRating {
                name,
                shown: rating.shown(),
                provisional: rating.provisional(),
                rating,
                duels: stored.duels,
                game: stored.game,
            }
        })
        .collect();
    let rating_history = app.store().rating_history(account.player, HISTORY_LIMIT).await?;
    let daily = dailies::streaks(app, account.player).await?;
    Ok(Profile {
        daily,
        ratings,
        rating_history,
        name: account.name,
        created_ms: account.created_ms,
        yours: me == Some(account.player),
        stats,
        games,
        duels,
    })
}

/// The record of a finished game of `name`'s, for anyone: a game in
/// progress, or of a duel still open, is answered as one that does not
/// exist.
pub async fn record(app: &Services, name: &str, id: &GameId, lang: Lang) -> Result<RecordText> {
    let account = account(app, name).await?;
    let live = live::game(app, id, Some(account.player)).await?;
    let over = live.lock().await.is_final();
    if !over || super::contests::hides_deal(app, live.contest.as_ref()).await? {
        return Err(Error::unknown_game(id));
    }
    super::games::record(app, &live, lang).await
}
