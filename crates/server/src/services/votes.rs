//! Players' votes: each player may give each game 1 to 5 stars, once, and
//! change them by voting again; a game shows the average and the number of
//! votes, as the rule pages the site grew from do. Only a player who has
//! finished a game of it (a move made, and over for good: won, given up or
//! out of time) may vote for it, so that a vote comes from someone who
//! knows it, and a fresh cookie alone cannot add one.

use patience_core::presets;
use patience_words::{say, Lang};
use serde::Serialize;

use super::{Error, Result, Services};
use crate::ids::PlayerId;
use crate::store::Vote;

/// Stars from 1 to 5: the only values a vote can hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stars(u8);

impl Stars {
    /// `n` stars, if from 1 to 5.
    pub fn new(n: u64) -> Option<Stars> {
        (1..=5).contains(&n).then_some(Stars(n as u8))
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

/// A game's votes, and the reader's own.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameVotes {
    /// The game's id and name.
    pub game: &'static str,
    pub name: String,
    pub votes: u64,
    /// The average, rounded to one decimal; none without votes.
    pub average: Option<f64>,
    /// The reader's stars, if they voted.
    pub yours: Option<u8>,
}

/// The games players may vote for: each game, by its default rules.
fn game(id: &str) -> Result<&'static patience_core::Rules> {
    presets::game(id).ok_or_else(|| Error::no_such_game(id))
}

/// Every game's votes, in the order of `patience games`, with `reader`'s.
pub async fn all(app: &Services, reader: Option<PlayerId>, lang: Lang) -> Result<Vec<GameVotes>> {
    let tallies = app.store().vote_tallies().await?;
    let yours = match reader {
        Some(player) => app.store().votes_of(player).await?,
        None => Vec::new(),
    };
    Ok(presets::games()
        .filter_map(|id| game(id).ok())
        .map(|rules| {
            let tally = tallies.iter().find(|t| t.game == rules.game);
            let votes = tally.map_or(0, |t| t.votes);
            GameVotes {
                game: rules.game,
                name: super::rules_name(rules, lang),
                votes,
                average: tally.filter(|t| t.votes > 0).map(|t| (t.stars as f64 * 10.0 / t.votes as f64).round() / 10.0),
                yours: yours.iter().find(|(g, _)| g == rules.game).map(|&(_, stars)| stars),
            }
        })
        .collect())
}

/// Records `player`'s vote for game `id` (replacing an earlier one), and
/// returns the game's votes after it. Refused to a player who has not
/// played the game.
pub async fn vote(app: &Services, player: Option<PlayerId>, id: &str, stars: Stars, lang: Lang) -> Result<GameVotes> {
    let rules = game(id)?;
    let not_played = || Error::forbidden(say!("vote-play-first", name = patience_words::rules_name(rules)));
    let player = player.ok_or_else(not_played)?;
    let played = app
        .store()
        .list_games(player, usize::MAX, app.now_ms())
        .await?
        .iter()
        .any(|row| row.rules.game == rules.game && row.moves_made > 0 && row.outcome.is_final());
    if !played {
        return Err(not_played());
    }
    app.store().put_vote(Vote { player, game: rules.game, stars: stars.get(), now_ms: app.now_ms() }).await?;
    let all = all(app, Some(player), lang).await?;
    Ok(all.into_iter().find(|v| v.game == rules.game).expect("a game of `patience games`"))
}
