//! A daily deal as the API shows it: before the day ends, its commitment
//! and a board of names and figures; after, the deal, its seed and salt,
//! its par, a winning line and every attempt's record.

use patience_core::game::Outcome;
use patience_core::view::MoveView;
use patience_core::Rules;
use patience_words::Lang;
use serde::Serialize;

use super::{BOARD_PAGE, DAYS_PAGE};
use crate::ids::{DailyId, Day, GameId, PlayerId};
use crate::services::duels::fairness;
use crate::services::pars::ParFigures;
use crate::services::rules_name;
use crate::store::{AttemptRow, BoardOrder, Daily, DayRow};

/// A game's daily deal today, as the list of today's shows it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct TodayEntry {
    /// The game's id (its default rules') and name.
    pub game: &'static str,
    pub name: String,
    pub day: Day,
    /// Its page.
    pub link: String,
    /// Published once anyone has asked for the day's deal.
    pub commitment: Option<String>,
    pub attempts: usize,
    /// The requester's attempt, if they have one: their game's page.
    pub your_game: Option<String>,
    pub ends_ms: i64,
}

impl TodayEntry {
    pub fn of(id: DailyId, daily: Option<&Daily>, attempts: usize, mine: Option<GameId>, lang: Lang) -> TodayEntry {
        TodayEntry {
            game: id.rules.id,
            name: rules_name(id.rules, lang),
            day: id.day,
            link: link(id),
            commitment: daily.map(|d| d.commitment.clone()),
            attempts,
            your_game: mine.map(|g| format!("/game/{g}")),
            ends_ms: id.day.end_ms(),
        }
    }
}

/// The page of daily deal `id`.
pub fn link(id: DailyId) -> String {
    format!("/daily/{}/{}", id.rules.id, id.day)
}

/// The daily deal a game is an attempt at, as its game page names it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GameDaily {
    pub game: &'static str,
    pub name: String,
    pub day: Day,
    pub link: String,
    pub over: bool,
}

impl GameDaily {
    pub fn of(id: DailyId, over: bool, lang: Lang) -> GameDaily {
        GameDaily { game: id.rules.id, name: rules_name(id.rules, lang), day: id.day, link: link(id), over }
    }
}

/// An attempt on a board: a name and figures.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct BoardLine {
    /// 1 for the best.
    pub rank: usize,
    pub name: String,
    /// The player's account's name, for a link to their profile.
    pub account: Option<String>,
    pub outcome: Outcome,
    pub won: bool,
    pub score: i64,
    pub foundations: usize,
    pub moves: usize,
    /// From the opening to the last action (so far, while it is played).
    pub time_ms: i64,
    /// The attempt's record and replay, once the day is over.
    pub record: Option<String>,
    pub replay: Option<String>,
    pub you: bool,
}

/// A page of a day's board.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Ranked by score (Harmony), else won, cards up, time, moves.
    pub scored: bool,
    pub lines: Vec<BoardLine>,
    /// From 1.
    pub page: usize,
    pub pages: usize,
    pub attempts: usize,
}

impl Board {
    pub fn of(id: DailyId, rows: &[AttemptRow], total: usize, page: usize, over: bool, me: Option<PlayerId>) -> Board {
        let first = (page - 1) * BOARD_PAGE;
        let lines = rows
            .iter()
            .enumerate()
            .map(|(i, row)| BoardLine {
                rank: first + i + 1,
                name: row.name.clone(),
                account: row.account.clone(),
                outcome: row.outcome,
                won: row.outcome == Outcome::Won,
                score: row.score,
                foundations: row.foundations,
                moves: row.moves_made,
                time_ms: (row.updated_ms - row.created_ms).max(0),
                record: over.then(|| format!("/api/daily/{}/{}/records/{}", id.rules.id, id.day, row.game_id)),
                replay: over.then(|| format!("/replay/{}", row.game_id)),
                you: Some(row.player) == me,
            })
            .collect();
        Board {
            scored: BoardOrder::of(id.rules) == BoardOrder::Score,
            lines,
            page,
            pages: total.div_ceil(BOARD_PAGE).max(1),
            attempts: total,
        }
    }
}

/// Seed and salt once the day is over, with the server's own check.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Reveal {
    pub deal: u64,
    pub seed: String,
    pub salt: String,
    #[serde(flatten)]
    pub verification: fairness::Verification,
    /// The most cards the deal can bring to the foundations (exact, or at
    /// least this many), of `total`.
    pub par: usize,
    pub par_exact: bool,
    pub total: usize,
    /// A winning line from the deal, if the solver found one in time.
    pub winning_line: Option<Vec<MoveView>>,
}

/// A day's daily deal of one game.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct DayView {
    pub game: &'static str,
    pub name: String,
    pub day: Day,
    pub link: String,
    pub today: bool,
    pub over: bool,
    pub starts_ms: i64,
    pub ends_ms: i64,
    pub commitment: String,
    pub committed_ms: i64,
    /// The requester's attempt: their game's page.
    pub your_game: Option<String>,
    pub board: Board,
    pub reveal: Option<Reveal>,
    /// The days before and after that had a daily deal of this game, for
    /// browsing (after: up to today).
    pub previous: Option<Day>,
    pub next: Option<Day>,
}

/// The days around a daily deal's that have one too: the latest before,
/// and the earliest after (up to today, which always has one to give).
#[derive(Copy, Clone, Debug, Default)]
pub struct Neighbours {
    pub previous: Option<Day>,
    pub next: Option<Day>,
}

impl DayView {
    pub fn of(
        daily: &Daily,
        today: Day,
        over: bool,
        board: Board,
        mine: Option<GameId>,
        around: Neighbours,
        lang: Lang,
    ) -> DayView {
        let id = daily.id;
        DayView {
            game: id.rules.id,
            name: rules_name(id.rules, lang),
            day: id.day,
            link: link(id),
            today: id.day == today,
            over,
            starts_ms: id.day.start_ms(),
            ends_ms: id.day.end_ms(),
            commitment: daily.commitment.clone(),
            committed_ms: daily.created_ms,
            your_game: mine.map(|g| format!("/game/{g}")),
            board,
            reveal: over.then(|| Reveal {
                deal: daily.deal,
                seed: daily.seed.clone(),
                salt: daily.salt.clone(),
                verification: fairness::verify(&daily.seed, &daily.salt, &daily.commitment, daily.deal),
                par: 0,
                par_exact: false,
                total: 0,
                winning_line: None,
            }),
            previous: around.previous,
            next: around.next,
        }
    }

    /// Adds what is told once the day is over: the par and a winning line.
    pub fn reveal_after_the_day(&mut self, par: ParFigures, line: Option<Vec<MoveView>>) {
        if let Some(reveal) = &mut self.reveal {
            reveal.par = par.best;
            reveal.par_exact = par.exact;
            reveal.total = par.total;
            reveal.winning_line = line;
        }
    }
}

/// A day in the list of past days.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PastDay {
    pub day: Day,
    pub link: String,
    pub attempts: usize,
}

/// A page of past days of one game's daily deal.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct DaysView {
    pub game: &'static str,
    pub name: String,
    pub days: Vec<PastDay>,
    pub page: usize,
    pub pages: usize,
}

impl DaysView {
    pub fn of(rules: &'static Rules, rows: &[DayRow], total: usize, page: usize, lang: Lang) -> DaysView {
        DaysView {
            game: rules.id,
            name: rules_name(rules, lang),
            days: rows
                .iter()
                .map(|r| PastDay { day: r.day, link: link(DailyId { rules, day: r.day }), attempts: r.attempts })
                .collect(),
            page,
            pages: total.div_ceil(DAYS_PAGE).max(1),
        }
    }
}

/// A player's daily streaks.
#[derive(Serialize, Debug, Clone, PartialEq, Eq, Default)]
pub struct Streaks {
    /// Days in a row with a daily deal played, up to today, or up to
    /// yesterday while today's is still ahead.
    pub current: usize,
    pub longest: usize,
    /// Days with a daily deal played.
    pub days: usize,
    pub played_today: bool,
}

impl Streaks {
    /// From the days played, the latest first.
    pub fn of(days: &[Day], today: Day) -> Streaks {
        let mut longest = 0;
        let mut run = 0;
        let mut before: Option<Day> = None;
        for &day in days {
            run = if before.and_then(Day::previous) == Some(day) { run + 1 } else { 1 };
            longest = usize::max(longest, run);
            before = Some(day);
        }
        let played_today = days.first() == Some(&today);
        let mut current = 0;
        let mut expected = if played_today { Some(today) } else { today.previous() };
        for &day in days {
            if Some(day) != expected {
                break;
            }
            current += 1;
            expected = day.previous();
        }
        Streaks { current, longest, days: days.len(), played_today }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(texts: &[&str]) -> Vec<Day> {
        texts.iter().map(|t| Day::parse(t).unwrap()).collect()
    }

    #[test]
    fn a_streak_counts_the_days_in_a_row_up_to_today_or_yesterday() {
        let today = Day::parse("2026-11-26").unwrap();
        let s = Streaks::of(&days(&["2026-11-26", "2026-11-25", "2026-11-24", "2026-11-20", "2026-11-19"]), today);
        assert_eq!(s, Streaks { current: 3, longest: 3, days: 5, played_today: true });
        let s = Streaks::of(&days(&["2026-11-25", "2026-11-24", "2026-11-22"]), today);
        assert_eq!(s, Streaks { current: 2, longest: 2, days: 3, played_today: false }, "today's still ahead");
        let s = Streaks::of(&days(&["2026-11-23", "2026-11-22", "2026-11-21", "2026-11-20"]), today);
        assert_eq!(s, Streaks { current: 0, longest: 4, days: 4, played_today: false }, "broken by a day missed");
        assert_eq!(Streaks::of(&[], today), Streaks::default());
        let across_a_month = Streaks::of(&days(&["2026-12-01", "2026-11-30"]), Day::parse("2026-12-01").unwrap());
        assert_eq!(across_a_month.current, 2);
    }
}
