//! The library of winnable deals as the store keeps it: one row for each
//! deal number looked at (see `patience_solver::library`).

use patience_solver::library::{Grade, LibraryDeal};
use patience_solver::Verdict;

/// One deal looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryRow {
    pub rules: String,
    pub deal: u64,
    pub verdict: Verdict,
    /// A won deal's grade.
    pub grade: Option<Grade>,
    pub wins: u32,
    pub runs: u32,
    /// A won deal's moves, in the notation, separated by spaces.
    pub solution: String,
}

impl LibraryRow {
    pub fn of(deal: &LibraryDeal) -> LibraryRow {
        LibraryRow {
            rules: deal.rules.clone(),
            deal: deal.deal,
            verdict: deal.verdict,
            grade: deal.grade(),
            wins: deal.wins,
            runs: deal.runs,
            solution: deal.solution_text(),
        }
    }
}

/// What the library holds of one game or variant.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Shelf {
    pub rules: String,
    /// Deals looked at.
    pub looked: u64,
    /// The highest deal number looked at.
    pub last: u64,
    /// Deals proven lost.
    pub lost: u64,
    pub easy: u64,
    pub medium: u64,
    pub hard: u64,
}

impl Shelf {
    /// Winnable deals.
    pub fn won(&self) -> u64 {
        self.easy + self.medium + self.hard
    }
}

/// The columns of a shelf as either database gives them back.
#[derive(sqlx::FromRow)]
pub(crate) struct ShelfColumns {
    pub rules: String,
    pub looked: i64,
    pub last: i64,
    pub lost: i64,
    pub easy: i64,
    pub medium: i64,
    pub hard: i64,
}

impl ShelfColumns {
    pub(crate) fn into_shelf(self) -> Shelf {
        Shelf {
            rules: self.rules,
            looked: self.looked as u64,
            last: self.last as u64,
            lost: self.lost as u64,
            easy: self.easy as u64,
            medium: self.medium as u64,
            hard: self.hard as u64,
        }
    }
}

/// A shelf's columns, from the library's rows of one game or variant.
macro_rules! shelf_columns {
    () => {
        "rules, COUNT(*) AS looked, MAX(deal) AS last,
         SUM(CASE WHEN verdict = 'lost' THEN 1 ELSE 0 END) AS lost,
         SUM(CASE WHEN grade = 'easy' THEN 1 ELSE 0 END) AS easy,
         SUM(CASE WHEN grade = 'medium' THEN 1 ELSE 0 END) AS medium,
         SUM(CASE WHEN grade = 'hard' THEN 1 ELSE 0 END) AS hard"
    };
}

/// Every shelf, the same query on both databases.
pub(crate) const SHELVES: &str = concat!("SELECT ", shelf_columns!(), " FROM library GROUP BY rules ORDER BY rules");

// The queries below are written once for both databases: parameters as
// `$1`, which SQLite reads as well as PostgreSQL, and no PostgreSQL-only
// casts.

/// One game or variant's shelf: `$1` the rules id.
pub(crate) const SHELF: &str = concat!("SELECT ", shelf_columns!(), " FROM library WHERE rules = $1 GROUP BY rules");

/// A winnable deal at random: `$1` the rules id, `$2` the grade or null.
pub(crate) const PICK: &str = "
    SELECT deal FROM library WHERE rules = $1 AND verdict = 'won' AND (CAST($2 AS TEXT) IS NULL OR grade = $2)
    ORDER BY random() LIMIT 1";

/// The first winnable deal from `$2` on, and how many deals from `$2` up
/// to it were looked at: `$1` the rules id.
pub(crate) const NEXT_WON: &str = "
    SELECT n.deal, (SELECT COUNT(*) FROM library l WHERE l.rules = $1 AND l.deal BETWEEN $2 AND n.deal)
    FROM library n WHERE n.rules = $1 AND n.verdict = 'won' AND n.deal >= $2 ORDER BY n.deal LIMIT 1";

/// Grades winnable deal `$2` of rules `$1` again by how often players won
/// it, once `$3` players have finished a game of it (won, given up, out of
/// time, or left at a dead end; a move made): the share of them who won it
/// at least once,
/// without a winning line shown: 7 in 10 or more Easy, 3 in 10 or more
/// Medium, fewer Hard. Until then its grade stays the honest player's.
pub(crate) const GRADE_BY_PLAYERS: &str = "
    UPDATE library SET grade = (
        SELECT CASE WHEN 10 * t.won >= 7 * t.players THEN 'easy'
                    WHEN 10 * t.won >= 3 * t.players THEN 'medium'
                    ELSE 'hard' END
        FROM (SELECT COUNT(DISTINCT g.player_id) AS players,
                     COUNT(DISTINCT CASE WHEN g.outcome = 'won' AND NOT g.helped THEN g.player_id END) AS won
              FROM games g
              WHERE g.rules = $1 AND g.deal = $2 AND g.moves_made > 0
                AND g.outcome <> 'playing' AND NOT g.imported) t)
    WHERE rules = $1 AND deal = $2 AND verdict = 'won'
      AND (SELECT COUNT(DISTINCT g.player_id) FROM games g
           WHERE g.rules = $1 AND g.deal = $2 AND g.moves_made > 0
             AND g.outcome <> 'playing' AND NOT g.imported) >= $3";

/// The first winnable deal from some number on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NextWon {
    pub deal: u64,
    /// Whether every number from the one asked for up to `deal` was looked
    /// at (then no deal in between is known to be winnable: it is the first
    /// winnable one, but for deals the solver left unknown).
    pub unbroken: bool,
}
