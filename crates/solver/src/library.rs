//! The library of winnable deals: for each game and variant, deal numbers
//! looked at in order from 1, each proven won (with its solution), lost, or
//! left unknown within a node budget; the won ones graded by how often the
//! honest player (who sees only what a person sees) wins them.
//!
//! A library is written as text, one deal a line, so that the project's
//! starting pool (built by `patience library`) is read by people, diffed by
//! git and embedded in the server. Fields are separated by tabs: the rules'
//! id, the deal number, the verdict, and for a won deal the honest player's
//! wins and games (`7/10`) and the solution (`s t4-f s …`).
//!
//! Looking at every number in order, not at random ones, is what lets a
//! library answer "the first winnable deal from N on" exactly (up to the
//! deals it left unknown) as well as "a winnable deal of this grade".

use std::fmt;

use patience_core::{notation, Move, Position, Rules};

use crate::honest::{play_deal, HonestConfig};
use crate::shorten::shorten;
use crate::{replays_to_win, solve, Budget, Outcome, Verdict};

/// How hard a winnable deal is, from the share of the honest player's games
/// on it that are won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// Won in at least [`EASY_SHARE`] of the games.
    Easy,
    /// Won in at least [`MEDIUM_SHARE`] of the games.
    Medium,
    /// Won less often, or never (the solver still proved it winnable).
    Hard,
}

/// The share of won games from which a deal is easy.
pub const EASY_SHARE: f64 = 0.7;
/// The share of won games from which a deal is medium.
pub const MEDIUM_SHARE: f64 = 0.3;

impl Grade {
    pub const ALL: [Grade; 3] = [Grade::Easy, Grade::Medium, Grade::Hard];

    /// The grade of a deal the honest player won `wins` times in `runs`.
    pub fn of(wins: u32, runs: u32) -> Grade {
        let share = if runs == 0 { 0.0 } else { f64::from(wins) / f64::from(runs) };
        if share >= EASY_SHARE {
            Grade::Easy
        } else if share >= MEDIUM_SHARE {
            Grade::Medium
        } else {
            Grade::Hard
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
        }
    }
}

/// A text that names no [`Grade`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown grade `{0}` (easy, medium or hard)")]
pub struct UnknownGrade(pub String);

/// Reads what [`Grade::as_str`] writes.
impl std::str::FromStr for Grade {
    type Err = UnknownGrade;

    fn from_str(text: &str) -> Result<Grade, UnknownGrade> {
        Grade::ALL.into_iter().find(|g| g.as_str() == text).ok_or_else(|| UnknownGrade(text.to_string()))
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One deal of a library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryDeal {
    /// The rules' id (`harmony`, `harp/3-passes`).
    pub rules: String,
    pub deal: u64,
    pub verdict: Verdict,
    /// For a won deal: the honest player's wins in `runs` games.
    pub wins: u32,
    pub runs: u32,
    /// For a won deal: the moves that win it (draws and redeals included).
    pub solution: Vec<Move>,
}

impl LibraryDeal {
    /// A won deal's grade.
    pub fn grade(&self) -> Option<Grade> {
        (self.verdict == Verdict::Won).then(|| Grade::of(self.wins, self.runs))
    }

    /// The solution in the move notation, moves separated by spaces.
    pub fn solution_text(&self) -> String {
        self.solution.iter().map(|&m| notation::format(m)).collect::<Vec<_>>().join(" ")
    }

    /// The deal as one line of a library file (no newline).
    pub fn to_line(&self) -> String {
        match self.verdict {
            Verdict::Won => {
                format!("{}\t{}\twon\t{}/{}\t{}", self.rules, self.deal, self.wins, self.runs, self.solution_text())
            }
            other => format!("{}\t{}\t{}", self.rules, self.deal, other),
        }
    }

    /// Reads one line of a library file. The rules id is checked against
    /// the known games and a solution against the deal: it must replay to a
    /// win.
    pub fn parse_line(line: &str) -> Result<LibraryDeal, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let rules = *fields.first().ok_or("an empty line")?;
        let found = patience_core::presets::find(rules).map_err(|e| e.to_string())?;
        let deal: u64 = fields
            .get(1)
            .ok_or("no deal number after the rules")?
            .parse()
            .map_err(|_| format!("`{}` is not a deal number", fields[1]))?;
        let verdict = match fields.get(2).copied() {
            Some("won") => Verdict::Won,
            Some("lost") => Verdict::Lost,
            Some("unknown") => Verdict::Unknown,
            Some(other) => return Err(format!("`{other}` is not a verdict (won, lost or unknown)")),
            None => return Err("no verdict after the deal number".into()),
        };
        if verdict != Verdict::Won {
            if fields.len() > 3 {
                return Err(format!("a {verdict} deal has nothing after its verdict"));
            }
            return Ok(LibraryDeal { rules: rules.to_string(), deal, verdict, wins: 0, runs: 0, solution: Vec::new() });
        }
        let [_, _, _, games, moves] = fields[..] else {
            return Err("a won deal has five fields: rules, deal, won, WINS/RUNS, solution".into());
        };
        let (wins, runs) = games
            .split_once('/')
            .and_then(|(w, r)| Some((w.parse::<u32>().ok()?, r.parse::<u32>().ok()?)))
            .filter(|&(w, r)| w <= r)
            .ok_or_else(|| format!("`{games}` is not WINS/RUNS (such as 7/10)"))?;
        let solution = moves
            .split(' ')
            .map(|m| notation::parse(m).map_err(|e| format!("`{m}` in the solution: {e}")))
            .collect::<Result<Vec<Move>, String>>()?;
        match replays_to_win(&Position::deal(found, deal), &solution) {
            Ok(true) => {}
            Ok(false) => return Err(format!("the solution of deal {deal} does not win it")),
            Err((i, e)) => return Err(format!("move {} of the solution of deal {deal} is illegal: {e}", i + 1)),
        }
        Ok(LibraryDeal { rules: rules.to_string(), deal, verdict, wins, runs, solution })
    }
}

/// Reads a library file: one deal a line; empty lines and lines starting
/// with `#` are skipped. An error names its line (counted from 1).
pub fn parse_library(text: &str) -> Result<Vec<LibraryDeal>, String> {
    Ok(parse_library_lines(text)?.into_iter().map(|(_, deal)| deal).collect())
}

/// [`parse_library`], each deal with the index of its line in
/// `text.lines()` (from 0), for a tool that rewrites some lines and keeps
/// the others (comments included) as they are.
pub fn parse_library_lines(text: &str) -> Result<Vec<(usize, LibraryDeal)>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| LibraryDeal::parse_line(line).map(|d| (i, d)).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// How a deal is looked at for a library.
#[derive(Clone, Debug)]
pub struct Grading {
    /// The solver's budget for the verdict (nodes, so that a library is
    /// built the same on any machine).
    pub budget: Budget,
    /// Games the honest player plays on a won deal, each with its own seed.
    pub runs: u32,
    /// How hard the honest player thinks in each game.
    pub player: HonestConfig,
    /// Most moves of one of its games (still open then: lost).
    pub max_moves: usize,
}

/// Nodes for the verdict on a one-deck deal, and on a two-deck one (whose
/// searches are larger: at a tenth of it most variants' deals stay unknown).
pub const ONE_DECK_NODES: u64 = 2_000_000;
pub const TWO_DECK_NODES: u64 = 20_000_000;

impl Grading {
    /// For deals of `rules`: [`ONE_DECK_NODES`] or [`TWO_DECK_NODES`] for
    /// the verdict; ten games of an honest player: with one deck a lighter
    /// one (10 worlds of 10,000 nodes for each decision, up to 20 when the
    /// vote is close), since grades are relative; with two decks the
    /// game's own ([`HonestConfig::for_rules`], already as light), which
    /// wins some of them where one solving its worlds as one deck's does
    /// wins almost none, so that the grades tell deals apart.
    pub fn for_rules(rules: &Rules) -> Grading {
        let nodes = if rules.decks > 1 { TWO_DECK_NODES } else { ONE_DECK_NODES };
        let player = if rules.decks > 1 {
            HonestConfig::for_rules(rules)
        } else {
            HonestConfig { samples: 10, nodes: 10_000, most_samples: 20, ..HonestConfig::default() }
        };
        Grading { budget: Budget::default().with_nodes(nodes).with_memory(256 << 20), runs: 10, player, max_moves: 800 }
    }
}

/// Looks at deal `deal` of `rules`: solves it and, when it is won, has the
/// honest player play it `grading.runs` times.
pub fn look_at(rules: &'static Rules, deal: u64, grading: &Grading) -> LibraryDeal {
    look_at_pausing(rules, deal, grading, || ())
}

/// [`look_at`], calling `pause` before the solve and before each of the
/// honest player's games: a server's background worker waits there while
/// players' searches run, so that it never holds a core they want for
/// longer than one of those steps.
pub fn look_at_pausing(rules: &'static Rules, deal: u64, grading: &Grading, mut pause: impl FnMut()) -> LibraryDeal {
    pause();
    let report = solve(&Position::deal(rules, deal), &grading.budget);
    let verdict = report.outcome.verdict();
    let (wins, runs) = if verdict == Verdict::Won { play_to_grade(rules, deal, grading, pause) } else { (0, 0) };
    // Detours cut out: the search's own line can be thousands of moves
    // longer than it needs to be (Lasker's classic rules), and the library
    // keeps it for people to replay.
    let solution = match report.outcome {
        Outcome::Won(moves) => shorten(&Position::deal(rules, deal), &moves),
        _ => Vec::new(),
    };
    LibraryDeal { rules: rules.id.to_string(), deal, verdict, wins, runs, solution }
}

/// The honest player's games on deal `deal` of `rules` that grade it: its
/// wins and games, `grading.runs` of them, each with its own seed (1, 2,
/// …), calling `pause` before each (see [`look_at_pausing`]). Also what
/// grades a library's won deals again once the player has changed.
pub fn play_to_grade(rules: &'static Rules, deal: u64, grading: &Grading, mut pause: impl FnMut()) -> (u32, u32) {
    let mut wins = 0;
    for seed in 1..=u64::from(grading.runs) {
        pause();
        wins += u32::from(play_deal(rules, deal, &grading.player, seed, grading.max_moves).won);
    }
    (wins, grading.runs)
}
