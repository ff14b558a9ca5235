//! A deal's par (the most cards it can bring to the foundations) and a
//! winning line as the player's actions play it: what the solver finds,
//! shared by games, daily deals and analyses. Nothing here decides whether
//! a figure may be told: the callers know the game's contest.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use patience_core::view::{MoveView, Narrator};
use patience_core::{Game, Move, Position, Rules};

use super::searches::{Asker, Search};
use super::{Result, Services};

/// `line`, a win the solver found from the game's position, as the
/// player's actions play it: with the safe auto-move on some cards go up by
/// themselves, and their own moves up are left out. `None` if the line does
/// not win the game that way.
pub fn playable_line(game: &Game, line: &[Move], narrator: &dyn Narrator) -> Option<Vec<MoveView>> {
    let mut game = game.clone();
    let mut played = Vec::with_capacity(line.len());
    let at = game.last_ms();
    for &mv in line {
        if game.position().check(mv).is_ok() {
            played.push(MoveView::of(game.position(), mv, narrator));
            game.play(mv, at).ok()?;
        } else if !matches!(mv, Move::Transfer { to: patience_core::Pile::AnyFoundation, .. }) {
            return None;
        }
    }
    game.position().is_won().then_some(played)
}

/// The most time the solver may spend on a deal's par.
const PAR_SECS: u64 = 2;

/// Pars kept in memory at most; the cache starts afresh beyond.
const PAR_CACHE_LIMIT: usize = 4096;

/// A deal's par as the solver found it (see [`patience_solver::par()`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParFigures {
    /// The most cards found to go up: exact, or a lower bound.
    pub best: usize,
    pub exact: bool,
    /// Cards in the game.
    pub total: usize,
}

/// Pars by rules id and deal number. A par is a function of the rules and
/// the deal alone, and a figure cut short by the time budget is still a
/// true lower bound, so every server in the process may share one cache and
/// nothing in it goes stale; it only spares the solver's time (in a duel,
/// every participant asks for the same deal's).
fn par_cache() -> &'static Mutex<HashMap<(&'static str, u64), ParFigures>> {
    static CACHE: OnceLock<Mutex<HashMap<(&'static str, u64), ParFigures>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The par of deal `deal` of `rules`, worked out on the search pool (as
/// `player`'s search) within `PAR_SECS` unless it is known already. Callers
/// decide whether it may be told.
pub async fn deal_par(app: &Services, asker: Asker, rules: &'static Rules, deal: u64) -> Result<ParFigures> {
    let cached = par_cache().lock().unwrap().get(&(rules.id, deal)).copied();
    if let Some(figures) = cached {
        return Ok(figures);
    }
    let search = move || {
        let budget =
            patience_solver::Budget::default().with_timeout(Duration::from_secs(PAR_SECS)).with_memory(256 << 20);
        let par = patience_solver::par(&Position::deal(rules, deal), &budget);
        ParFigures { best: par.best, exact: par.exact, total: par.total }
    };
    let figures = app.searches().run(asker, Search::Par, search).await?;
    let mut cache = par_cache().lock().unwrap();
    if cache.len() >= PAR_CACHE_LIMIT {
        cache.clear();
    }
    cache.insert((rules.id, deal), figures);
    Ok(figures)
}
