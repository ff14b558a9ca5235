//! The library of winnable deals: "winnable deals only" and the Easy,
//! Medium and Hard deals pick from it at once, instead of searching while
//! the player waits. A server seeds it at start from the starting pool that
//! `patience library` builds and the binary embeds, so a fresh server
//! serves it at once; a background worker grows it at the lowest
//! scheduling priority, one deal at a time, in number order for each game
//! and variant, the games and variants taking turns.
//!
//! Several instances on one PostgreSQL database each run a worker; two may
//! look at the same deal (the second row is dropped), which costs time but
//! no correctness.

use std::sync::OnceLock;
use std::time::Duration;

use patience_core::{presets, Rules};
use patience_solver::library::{look_at_pausing, parse_library, Grade, Grading};
use patience_words::say;

use super::{searches, Error, ErrorKind, Result, Services};
use crate::store::{LibraryRow, Shelf, Store};

/// The starting pool: built by `patience library` (see the server README),
/// one deal a line.
pub const STARTING_POOL: &str = include_str!("../../library/starting-pool.tsv");

/// Deals proven lost, with none proven winnable, after which a game or
/// variant counts as one whose deals are not winnable (Lasker by its
/// original rules): asked for a winnable deal, the server says so at once.
pub const HOPELESS_AFTER: u64 = 100;

/// The starting pool, read (and every solution checked) once.
fn starting_pool() -> &'static [LibraryRow] {
    static POOL: OnceLock<Vec<LibraryRow>> = OnceLock::new();
    POOL.get_or_init(|| {
        let deals = parse_library(STARTING_POOL).unwrap_or_else(|e| panic!("the embedded starting pool: {e}"));
        deals.iter().map(LibraryRow::of).collect()
    })
}

/// Adds the starting pool to the store's library. Deals it holds already
/// are kept, but for those it left unknown that the pool decides: a pool
/// built again by a stronger solver reaches servers started on an older
/// one.
pub async fn seed(store: &dyn Store) -> anyhow::Result<()> {
    store
        .add_to_library(starting_pool().to_vec())
        .await
        .map_err(|e| anyhow::anyhow!("cannot add the starting pool of winnable deals: {e}"))
}

/// What the library holds of each game and variant, in the order of
/// `patience games` (a shelf of zeros for those it has not looked at).
pub async fn shelves(app: &Services) -> Result<Vec<Shelf>> {
    let stored = app.store().library_shelves().await?;
    Ok(presets::ALL
        .iter()
        .map(|rules| {
            stored
                .iter()
                .find(|s| s.rules == rules.id)
                .cloned()
                .unwrap_or_else(|| Shelf { rules: rules.id.to_string(), ..Shelf::default() })
        })
        .collect())
}

/// A shelf as the API shows it: what it holds, and whether its rules'
/// deals are never won (the pages then offer no grade, no winnable deal
/// and no winning line, and the par is the goal).
#[derive(Debug, serde::Serialize)]
pub struct ShelfShown {
    #[serde(flatten)]
    pub shelf: Shelf,
    pub never_won: bool,
}

/// [`shelves`], each with whether its rules' deals are never won.
pub async fn shelves_shown(app: &Services) -> Result<Vec<ShelfShown>> {
    Ok(shelves(app).await?.into_iter().map(|shelf| ShelfShown { never_won: never_won(&shelf), shelf }).collect())
}

/// Whether the library found [`HOPELESS_AFTER`] deals of a shelf's rules
/// lost and none winnable.
fn never_won(shelf: &Shelf) -> bool {
    shelf.won() == 0 && shelf.lost >= HOPELESS_AFTER
}

/// The refusal for rules whose deals the library found lost, never winnable.
fn hopeless(rules: &Rules, lost: u64) -> Error {
    Error::new(ErrorKind::Refused, say!("library-hopeless", lost = lost, name = patience_words::rules_name(rules)))
}

/// A winnable deal of `rules` from the library, chosen at random: of
/// `grade`, or of any grade. `None` when it holds none.
pub async fn pick(app: &Services, rules: &'static Rules, grade: Option<Grade>) -> Result<Option<u64>> {
    Ok(app.store().library_pick(rules.id, grade).await?)
}

/// The refusal of a grade the library holds no deal of (while it holds
/// others): never another grade in its place.
pub fn no_deal_of_grade(rules: &Rules, grade: Grade) -> Error {
    let grade = match grade {
        Grade::Easy => "easy",
        Grade::Medium => "medium",
        Grade::Hard => "hard",
    };
    Error::new(ErrorKind::Refused, say!("library-no-grade", grade = grade, name = patience_words::rules_name(rules)))
}

/// Refuses at once when the library holds [`HOPELESS_AFTER`] deals of
/// `rules` proven lost and none winnable.
pub async fn refuse_if_hopeless(app: &Services, rules: &'static Rules) -> Result<()> {
    let shelf = app.store().library_shelf(rules.id).await?;
    if never_won(&shelf) {
        return Err(hopeless(rules, shelf.lost));
    }
    Ok(())
}

/// Players who must have finished a deal before their results grade it.
pub const PLAYERS_TO_GRADE: u64 = 10;

/// Grades deal `deal` of `rules` again by players' results, if it is in the
/// library and [`PLAYERS_TO_GRADE`] players have finished it (see
/// `store::library::GRADE_BY_PLAYERS`), in the background: a game that ends
/// does not wait for it, and a failure only leaves the grade as it was.
pub fn grade_by_players(app: &Services, rules: &'static Rules, deal: u64) {
    let app = app.clone();
    tokio::spawn(async move {
        if let Err(e) = app.store().grade_by_players(rules.id, deal, PLAYERS_TO_GRADE).await {
            tracing::warn!(rules = rules.id, deal, error = %e, "grading a deal by players' results failed");
        }
    });
}

/// How the background worker grows the library.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Growth {
    /// Winnable deals wanted for each game and variant.
    pub won: u64,
    /// Most deals looked at for each (for rules whose deals are rarely or
    /// never winnable).
    pub most: u64,
    /// Only this game or variant (an id such as `pitchfork/warfield`), or
    /// every one.
    pub only: Option<&'static str>,
}

impl Default for Growth {
    fn default() -> Growth {
        Growth { won: 200, most: 5_000, only: None }
    }
}

/// How long the worker rests when every shelf is full, or after a failure.
const REST: Duration = Duration::from_secs(30);

/// Starts the worker on a thread of its own in Linux's idle scheduling
/// class; it ends when the server stops. It waits while players' searches
/// run, before each step of looking at a deal (the solve, each graded
/// game).
pub fn start_worker(app: Services, growth: Growth) {
    let runtime = tokio::runtime::Handle::current();
    let spawned = std::thread::Builder::new().name("library".into()).spawn(move || {
        searches::lower_priority();
        // Where the turn starts differs between instances, so that two
        // rarely look at the same deal.
        let mut turn = {
            let mut bytes = [0u8; 8];
            getrandom::fill(&mut bytes).expect("the operating system's random source works");
            usize::from_le_bytes(bytes)
        };
        while !app.stopping() {
            turn = turn.wrapping_add(1);
            let next = runtime.block_on(next_to_look_at(&app, growth, turn));
            let (rules, deal) = match next {
                Ok(Some(next)) => next,
                Ok(None) => {
                    rest(&app);
                    continue;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "the library worker cannot read the library");
                    rest(&app);
                    continue;
                }
            };
            // Players' searches first: the worker is one more busy thread
            // beside the search pool, and every core busy lengthens the
            // moves' tail (see `searches::default_threads`).
            let looked = look_at_pausing(rules, deal, &Grading::for_rules(rules), || {
                app.searches().wait_while_busy(|| app.stopping())
            });
            if app.stopping() {
                return;
            }
            tracing::debug!(rules = rules.id, deal, verdict = %looked.verdict, "library: a deal looked at");
            if let Err(e) = runtime.block_on(app.store().add_to_library(vec![LibraryRow::of(&looked)])) {
                if app.stopping() {
                    return;
                }
                tracing::warn!(error = %e, "the library worker cannot write to the library");
                rest(&app);
            }
        }
    });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "the library worker did not start; the library will not grow");
    }
}

/// Sleeps [`REST`], waking early when the server stops.
fn rest(app: &Services) {
    for _ in 0..REST.as_secs() {
        if app.stopping() {
            return;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// The deal to look at next: the shelves that want more take turns (one
/// deal each, in the order of `patience games`, from `turn`), so that one
/// whose deals are slow to decide does not hold up the others; on a shelf,
/// the number after its last.
async fn next_to_look_at(app: &Services, growth: Growth, turn: usize) -> Result<Option<(&'static Rules, u64)>> {
    let shelves = shelves(app).await?;
    let wanting: Vec<&Shelf> = shelves
        .iter()
        .filter(|s| growth.only.is_none_or(|only| only == s.rules))
        .filter(|s| s.won() < growth.won && s.looked < growth.most)
        .filter(|s| !never_won(s))
        .collect();
    if wanting.is_empty() {
        return Ok(None);
    }
    let shelf = wanting[turn % wanting.len()];
    Ok(presets::find(&shelf.rules).ok().map(|rules| (rules, shelf.last + 1)))
}
