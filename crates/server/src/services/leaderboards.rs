//! Leaderboards: for each game, the accounts rated in it that played a
//! rated duel in the last 30 days, the highest rating first, a page at a
//! time. A rating is shown as it stands now (`1500?` while provisional).

use patience_core::presets;
use patience_words::{say, Lang};
use serde::Serialize;

use super::{Error, ErrorKind, Result, Services};

/// Days since a rating last changed within which its player is active.
pub const ACTIVE_DAYS: i64 = 30;
/// Players on a page.
pub const PAGE_SIZE: usize = 50;

/// A player on a leaderboard.
#[derive(Debug, Serialize)]
pub struct BoardRow {
    /// 1 for the highest rating.
    pub rank: usize,
    /// The account's name.
    pub name: String,
    /// As a player reads it: `1500?` while provisional.
    pub rating: String,
    pub provisional: bool,
    /// Rated duels behind it.
    pub duels: u32,
}

/// A page of a game's leaderboard.
#[derive(Debug, Serialize)]
pub struct Board {
    /// The game's id and name.
    pub game: &'static str,
    pub name: String,
    /// 1 for the first.
    pub page: usize,
    pub pages: usize,
    /// Players on the whole board.
    pub total: usize,
    pub rows: Vec<BoardRow>,
}

/// Page `page` (from 1) of `game`'s rating leaderboard.
pub async fn ratings(app: &Services, game: &str, page: usize, lang: Lang) -> Result<Board> {
    let default = presets::game(game).ok_or_else(|| Error::no_such_game(game))?;
    if page == 0 {
        return Err(Error::new(ErrorKind::NotFound, say!("page-numbered-from-one")));
    }
    let now = app.now_ms();
    let since = now - ACTIVE_DAYS * 86_400_000;
    let offset = (page - 1).saturating_mul(PAGE_SIZE);
    let (entries, total) = app.store().rating_board(default.game, since, offset, PAGE_SIZE).await?;
    let rows = entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let rating = e.rating.at(e.updated_ms, now);
            BoardRow {
                rank: offset + i + 1,
                name: e.name,
                rating: rating.shown(),
                provisional: rating.provisional(),
                duels: e.duels,
            }
        })
        .collect();
    Ok(Board {
        game: default.game,
        name: super::rules_name(default, lang),
        page,
        pages: total.div_ceil(PAGE_SIZE).max(1),
        total,
        rows,
    })
}
