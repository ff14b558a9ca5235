//! A player's statistics, computed from their games' summaries.
//!
//! - A game counts as *played* while at least one move stands in it: a
//!   game restarted to its deal, or given up before any move, is not.
//! - *Won* means every card reached the foundations without a winning line
//!   shown; a game won after one was shown is *won with help*, counted
//!   apart: not a win, and it ends a streak.
//! - Streaks run over played games in the order they were created: a won
//!   game extends the streak, any other played game ends it — except the
//!   most recent one while it is still open (it may yet be won).
//! - A game over for good and not won that brought up its deal's par (the
//!   most any play could, told by the solver exactly) has *reached the
//!   par*: the result to aim at where deals are never won (Lasker).
//! - The best score is kept for scored games (Harmony), of games played
//!   without a winning line shown.

use patience_core::game::Outcome;
use patience_core::presets;
use patience_core::rules::Scoring;
use patience_words::Lang;
use serde::Serialize;

use super::{live, Result, Services};
use crate::ids::PlayerId;
use crate::store::{GameRow, Summary};

/// Numbers for one group of games (everything, one game, or one variant).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Tally {
    pub played: usize,
    pub won: usize,
    /// Won after a winning line was shown: counted apart from `won`.
    pub won_with_help: usize,
    /// Over for good, not won, with the deal's exact par brought up.
    pub reached_par: usize,
    /// Won / played x 100, rounded to one decimal; 0 with nothing played.
    pub win_percent: f64,
    pub current_streak: usize,
    pub best_streak: usize,
    /// Highest final score (scored games only).
    pub best_score: Option<i64>,
}

impl Tally {
    /// `rows` in creation order, oldest first. A game imported from a
    /// record was not played here and counts for nothing.
    fn of<'a>(rows: impl Iterator<Item = &'a GameRow>, scored: bool) -> Tally {
        let played: Vec<&GameRow> = rows.filter(|r| r.moves_made > 0 && !r.imported).collect();
        let mut t = Tally { played: played.len(), ..Tally::default() };
        let mut streak = 0;
        for (i, row) in played.iter().enumerate() {
            let latest = i + 1 == played.len();
            if row.outcome.is_final()
                && row.outcome != Outcome::Won
                && row.par.is_some_and(|par| row.foundations >= par)
            {
                t.reached_par += 1;
            }
            if row.outcome == Outcome::Won && row.helped {
                t.won_with_help += 1;
                streak = 0;
            } else if row.outcome == Outcome::Won {
                t.won += 1;
                streak += 1;
                t.best_streak = t.best_streak.max(streak);
            } else if !latest || row.outcome.is_final() {
                streak = 0;
            }
            // A score earned after a winning line was shown is no best.
            if scored && !row.helped {
                t.best_score = Some(t.best_score.map_or(row.score, |b| b.max(row.score)));
            }
        }
        t.current_streak = streak;
        if t.played > 0 {
            t.win_percent = (t.won as f64 * 1000.0 / t.played as f64).round() / 10.0;
        }
        t
    }
}

#[derive(Debug, Serialize)]
pub struct VariantStats {
    pub rules: &'static str,
    pub name: String,
    #[serde(flatten)]
    pub tally: Tally,
}

#[derive(Debug, Serialize)]
pub struct GameStats {
    pub game: &'static str,
    pub name: String,
    #[serde(flatten)]
    pub tally: Tally,
    /// Every variant of the game, default first.
    pub variants: Vec<VariantStats>,
}

/// The statistics `GET /api/stats` returns.
#[derive(Debug, Serialize)]
pub struct Stats {
    /// All games together.
    pub total: Tally,
    /// The best Harmony score, if a Harmony game was played.
    pub best_harmony_score: Option<i64>,
    pub games: Vec<GameStats>,
}

impl Stats {
    /// `rows` in any order; the games' names in `lang`.
    pub fn of(rows: &[GameRow], lang: Lang) -> Stats {
        let mut sorted: Vec<&GameRow> = rows.iter().collect();
        sorted.sort_by(|a, b| a.created_ms.cmp(&b.created_ms).then_with(|| a.id.cmp(&b.id)));
        let games = presets::games()
            .map(|game| {
                let variants: Vec<VariantStats> = presets::variants(game)
                    .map(|p| VariantStats {
                        rules: p.id,
                        name: super::rules_name(p, lang),
                        tally: Tally::of(
                            sorted.iter().copied().filter(|r| r.rules.id == p.id),
                            p.scoring != Scoring::None,
                        ),
                    })
                    .collect();
                let scored = presets::variants(game).any(|p| p.scoring != Scoring::None);
                let first = presets::variants(game).next().expect("every game has its default rules");
                GameStats {
                    game,
                    name: super::rules_name(first, lang),
                    tally: Tally::of(sorted.iter().copied().filter(|r| r.rules.game == game), scored),
                    variants,
                }
            })
            .collect::<Vec<_>>();
        let best_harmony_score = games.iter().find(|g| g.game == "harmony").and_then(|g| g.tally.best_score);
        let mut total = Tally::of(sorted.iter().copied(), false);
        total.best_score = None;
        Stats { total, best_harmony_score, games }
    }
}

/// A player's game rows, newest first, with the clock applied to timed
/// games whose time ran out while nobody was looking.
pub async fn settled_rows(app: &Services, player: PlayerId, limit: usize) -> Result<Vec<GameRow>> {
    let mut rows = app.store().list_games(player, limit, app.now_ms()).await?;
    let now = app.now_ms();
    for row in &mut rows {
        let Some(secs) = row.rules.clock_secs else { continue };
        if !row.outcome.is_final() && now - row.created_ms >= secs as i64 * 1000 {
            let live = live::game(app, &row.id, Some(player)).await?;
            let mut game = live.lock().await;
            live::settle_clock(app, &live, &mut game, now).await?;
            let summary = Summary::of(&game, now);
            row.outcome = summary.outcome;
            row.score = summary.score;
            row.moves_made = summary.moves_made;
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: i64, rules: &str, outcome: Outcome, score: i64) -> GameRow {
        GameRow {
            id: crate::ids::GameId::parse(&format!("{n:024}")).unwrap(),
            rules: presets::find(rules).unwrap(),
            deal: n as u64,
            created_ms: n,
            updated_ms: n,
            action_count: 1,
            moves_made: 1,
            outcome,
            score,
            helped: false,
            imported: false,
            foundations: 0,
            par: None,
            deal_secret: false,
            contest_over: false,
        }
    }

    #[test]
    fn a_win_with_help_is_counted_apart_ends_a_streak_and_sets_no_best() {
        let mut helped = row(2, "harmony", Outcome::Won, 14_000);
        helped.helped = true;
        let rows = vec![row(1, "harmony", Outcome::Won, 9_000), helped, row(3, "harmony", Outcome::Won, 8_000)];
        let stats = Stats::of(&rows, Lang::ENGLISH);
        let t = &stats.total;
        assert_eq!((t.played, t.won, t.won_with_help), (3, 2, 1));
        assert_eq!((t.current_streak, t.best_streak), (1, 1));
        let harmony = stats.games.iter().find(|g| g.game == "harmony").unwrap();
        assert_eq!(harmony.tally.best_score, Some(9_000));
    }

    #[test]
    fn a_game_over_at_its_exact_par_reached_it() {
        let mut at_par = row(1, "lasker", Outcome::Quit, 9);
        (at_par.foundations, at_par.par) = (9, Some(9));
        let mut short = row(2, "lasker", Outcome::Quit, 3);
        (short.foundations, short.par) = (3, Some(9));
        let mut open = row(3, "lasker", Outcome::Stuck, 9);
        (open.foundations, open.par) = (9, Some(9));
        assert_eq!(Stats::of(&[at_par, short, open], Lang::ENGLISH).total.reached_par, 1);
    }

    #[test]
    fn streaks_and_percentages() {
        let rows = vec![
            row(1, "harp", Outcome::Won, 104),
            row(2, "harp", Outcome::Won, 104),
            row(3, "harp/3-passes", Outcome::Lost, 50),
            row(4, "harp", Outcome::Won, 104),
            row(5, "harp", Outcome::Playing, 3),
            row(6, "harmony", Outcome::TimeUp, 5300),
            row(7, "harmony", Outcome::Won, 30000),
        ];
        let stats = Stats::of(&rows, Lang::ENGLISH);
        let harp = &stats.games[0];
        assert_eq!(harp.game, "harp");
        assert_eq!((harp.tally.played, harp.tally.won), (5, 3));
        assert_eq!(harp.tally.win_percent, 60.0);
        assert_eq!(harp.tally.best_streak, 2);
        // The open game at the end does not break the streak.
        assert_eq!(harp.tally.current_streak, 1);
        assert_eq!(harp.variants[0].tally.best_streak, 3);
        assert_eq!(harp.variants[1].tally.won, 0);
        assert_eq!(harp.tally.best_score, None);
        assert_eq!(stats.best_harmony_score, Some(30000));
        assert_eq!(stats.total.played, 7);
        assert_eq!(stats.total.current_streak, 1);
        // Games without a move standing do not count: one restarted to its
        // deal, one given up before any move.
        let mut restarted = row(8, "harp", Outcome::Playing, 0);
        (restarted.action_count, restarted.moves_made) = (30, 0);
        let mut abandoned = row(9, "harp", Outcome::Quit, 0);
        (abandoned.action_count, abandoned.moves_made) = (1, 0);
        let more: Vec<GameRow> = rows.iter().cloned().chain([restarted, abandoned]).collect();
        assert_eq!(Stats::of(&more, Lang::ENGLISH).games[0].tally, harp.tally);
        assert_eq!(Stats::of(&more, Lang::ENGLISH).total.played, 7);
        let empty = Stats::of(&[], Lang::ENGLISH);
        assert_eq!(empty.total, Tally::default());
        assert_eq!(empty.games.len(), presets::games().count());
    }
}
