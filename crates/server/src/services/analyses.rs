//! The analysis of a finished game: whether its deal could still be won
//! after each action (the solver decides it exactly, seeing every card: the
//! game is over), the action after which no win remained, and a winning
//! line from the position before it (see `patience_solver::analysis`); and
//! there, what the honest player, who sees only what the player saw, would
//! have played and how sure it was: whether the mistake could be seen.
//! Whoever may watch the replay may read it; never while the game's
//! contest runs, since it would tell what the deal holds.
//!
//! It is computed once, in the background: a position at a time on the
//! search pool, between other players' searches, with its progress
//! readable meanwhile; then stored with the number of actions it covers.
//! One runs at a time per player (anonymous readers count as one).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::Duration;

use patience_core::game::Action;
use patience_core::view::{GameView, MoveView};
use patience_core::{Game, Move};
use patience_solver::analysis::{analyse_by, Line};
use patience_solver::{Limit, Outcome, Verdict};
use serde::{Deserialize, Serialize};

use super::dailies::SERVER;
use super::live;
use super::replays::readable;
use super::searches::Search;
use super::{games, Error, ErrorKind, Result, Services};
use crate::ids::{GameId, PlayerId};

/// The most time the solver spends on one position.
const SECS_PER_POSITION: u64 = 2;

/// The analyses under way in this process.
#[derive(Default)]
pub struct AnalysisState {
    running: SyncMutex<HashMap<GameId, Arc<AtomicUsize>>>,
    players: SyncMutex<HashSet<PlayerId>>,
}

/// What is stored of an analysis.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct Stored {
    verdicts: Vec<String>,
    lost_at: Option<usize>,
    /// The winning line from step `lost_at - 1`, in notation.
    line: Vec<String>,
    solves: usize,
    /// The honest player's move where the player made the losing one.
    #[serde(default)]
    honest: Option<HonestView>,
}

/// What the honest player would have played where the game was lost.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct HonestView {
    /// Its move, in notation and in words.
    pub notation: String,
    pub words: String,
    /// How sure it was, in words ("Won in 7 of 10 sampled deals.").
    pub confidence: String,
    /// Whether it is the move the player made there.
    pub same_as_played: bool,
}

/// An analysis as the replay shows it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct AnalysisView {
    /// After each action (index 0: the deal): `won` (could still be won),
    /// `lost` or `unknown`.
    pub verdicts: Vec<String>,
    pub never_winnable: bool,
    /// The action after which no win remained.
    pub lost_at: Option<usize>,
    /// The analysis in a sentence.
    pub words: String,
    /// The step a winning line starts from (the one before `lost_at`), and
    /// the line in words.
    pub line_from: Option<usize>,
    pub line: Vec<MoveView>,
    pub solves: usize,
    pub unknown: usize,
    /// At `lost_at`: what the honest player would have played instead.
    pub honest: Option<HonestView>,
}

/// Where an analysis stands.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Answer {
    /// Under way: positions solved so far.
    Running {
        solves: usize,
    },
    Done(AnalysisView),
}

/// Game `id`'s analysis for `me`: done, or under way (started by this
/// request if nobody had).
pub async fn analysis(app: &Services, id: &GameId, me: Option<PlayerId>) -> Result<Answer> {
    let (live, deal_hidden) = readable(app, id, me).await?;
    if deal_hidden {
        return Err(Error::conflict(
            "The analysis is told once the duel closes or the daily deal's day ends: it would tell what the deal holds.",
        ));
    }
    let game = live.lock().await.clone();
    if let Some(stored) = stored(app, id, game.action_number()).await? {
        return Ok(Answer::Done(view(&game, live.contest.is_some(), &stored)));
    }
    let state = app.analyses();
    let who = me.unwrap_or(SERVER);
    let progress = Arc::new(AtomicUsize::new(0));
    {
        // One lock over the look and the start: two readers at once start
        // one analysis.
        let mut running = state.running.lock().unwrap();
        if let Some(progress) = running.get(id) {
            return Ok(Answer::Running { solves: progress.load(Ordering::Relaxed) });
        }
        if !state.players.lock().unwrap().insert(who) {
            return Err(Error::new(
                ErrorKind::TooMany { retry_after_secs: 5 },
                "One analysis at a time: wait for the one under way to finish.",
            ));
        }
        running.insert(id.clone(), progress.clone());
    }
    let (app, id, in_contest) = (app.clone(), id.clone(), live.contest.is_some());
    tokio::spawn(async move {
        let runtime = tokio::runtime::Handle::current();
        let worker = app.clone();
        let count = game.action_number();
        let analysed = tokio::task::spawn_blocking(move || run(&worker, &runtime, who, &game, in_contest, &progress))
            .await
            .unwrap_or(None);
        match analysed {
            Some(stored) => match serde_json::to_string(&stored) {
                Ok(json) => {
                    if let Err(e) = app.store().put_analysis(&id, count, json, app.now_ms()).await {
                        tracing::warn!(game = %id, error = %e, "storing an analysis failed");
                    }
                }
                Err(e) => tracing::warn!(game = %id, error = %e, "an analysis does not serialize"),
            },
            None => tracing::info!(game = %id, "an analysis was cut short: the search pool refused a position"),
        }
        app.analyses().running.lock().unwrap().remove(&id);
        app.analyses().players.lock().unwrap().remove(&who);
    });
    Ok(Answer::Running { solves: 0 })
}

async fn stored(app: &Services, id: &GameId, action_count: usize) -> Result<Option<Stored>> {
    match app.store().analysis(id).await? {
        Some((count, json)) if count == action_count => serde_json::from_str(&json)
            .map(Some)
            .map_err(|e| Error::internal(format!("a stored analysis does not read: {e}"))),
        _ => Ok(None),
    }
}

/// The analysis itself, on a blocking thread: each position solved on the
/// search pool as `who`'s search. `None` if the pool refused one (busy):
/// nothing is stored, and the next request starts again.
fn run(
    app: &Services,
    runtime: &tokio::runtime::Handle,
    who: PlayerId,
    game: &Game,
    in_contest: bool,
    progress: &AtomicUsize,
) -> Option<Stored> {
    let mut replayed = Game::new(game.rules(), game.deal()).with_clock_start(live::clock_start(in_contest));
    let mut positions = vec![replayed.position().clone()];
    let mut played = vec![true];
    for entry in game.log() {
        replayed.apply(*entry).ok()?;
        positions.push(replayed.position().clone());
        played.push(!matches!(entry.action, Action::Undo | Action::Restart));
    }
    let mut refused = false;
    let budget =
        patience_solver::Budget::default().with_timeout(Duration::from_secs(SECS_PER_POSITION)).with_memory(256 << 20);
    let analysis = analyse_by(&Line { positions: &positions, played: &played }, |pos| {
        if refused {
            return Outcome::Unknown(Limit::Time);
        }
        let (pos, budget) = (pos.clone(), budget.clone());
        let search = move || patience_solver::solve(&pos, &budget).outcome;
        let outcome = runtime.block_on(app.searches().run(who, Search::Analysis, search));
        progress.fetch_add(1, Ordering::Relaxed);
        outcome.unwrap_or_else(|_| {
            refused = true;
            Outcome::Unknown(Limit::Time)
        })
    });
    if refused {
        return None;
    }
    let honest = match analysis.lost_at {
        Some(k) => honest_at(app, runtime, who, game, in_contest, k)?,
        None => None,
    };
    Some(Stored {
        verdicts: analysis.verdicts.iter().map(|v| v.as_str().to_string()).collect(),
        lost_at: analysis.lost_at,
        line: analysis.line.iter().map(Move::to_string).collect(),
        solves: analysis.solves,
        honest,
    })
}

/// The honest player's move before action `k`, from what the game had
/// shown its player by then (its own hint, on the search pool). `None`
/// (nothing stored) if the pool refused it; `Some(None)` if it gave none.
fn honest_at(
    app: &Services,
    runtime: &tokio::runtime::Handle,
    who: PlayerId,
    game: &Game,
    in_contest: bool,
    k: usize,
) -> Option<Option<HonestView>> {
    let Some(before) = game_at(game, in_contest, k - 1) else { return Some(None) };
    let played = match game.log().get(k - 1).map(|e| e.action) {
        Some(Action::Play(mv)) => Some(mv),
        _ => None,
    };
    let config = patience_solver::honest::HonestConfig::for_hints(game.rules());
    let seed = k as u64;
    let search = move || {
        let hint = patience_solver::honest::hint_in_game(&before, &config, seed)?;
        let words = before.position().describe(hint.mv);
        Some(HonestView {
            notation: Action::Play(hint.mv).to_string(),
            confidence: games::HintShown { hint: hint.clone(), words: words.clone() }.confidence(),
            words,
            same_as_played: Some(hint.mv) == played,
        })
    };
    runtime.block_on(app.searches().run(who, Search::Hint, search)).ok()
}

/// The game as it stood after its first `n` actions.
fn game_at(game: &Game, in_contest: bool, n: usize) -> Option<Game> {
    Game::replay(game.rules(), game.deal(), live::clock_start(in_contest), &game.log()[..n.min(game.log().len())]).ok()
}

/// The line's moves, read back.
fn line_moves(stored: &Stored) -> Vec<Move> {
    stored
        .line
        .iter()
        .filter_map(|text| match text.parse::<Action>() {
            Ok(Action::Play(mv)) => Some(mv),
            _ => None,
        })
        .collect()
}

fn view(game: &Game, in_contest: bool, stored: &Stored) -> AnalysisView {
    let verdict = |i: usize| stored.verdicts.get(i).map(String::as_str);
    let never_winnable = verdict(0) == Some(Verdict::Lost.as_str());
    let unknown = stored.verdicts.iter().filter(|v| *v == Verdict::Unknown.as_str()).count();
    let line_from = stored.lost_at.map(|k| k - 1);
    let line = line_from
        .and_then(|from| game_at(game, in_contest, from))
        .and_then(|at| games::playable_line(&at, &line_moves(stored)))
        .unwrap_or_default();
    let last = stored.verdicts.len().saturating_sub(1);
    let mut words = if game.position().is_won() {
        "Won: the deal could be won all along.".to_string()
    } else if never_winnable {
        "This deal could not be won from the start: no line of moves wins it.".to_string()
    } else if let Some(k) = stored.lost_at {
        let what = match (game_at(game, in_contest, k - 1), game.log().get(k - 1)) {
            (Some(before), Some(entry)) => match entry.action {
                Action::Play(mv) => before.position().describe(mv),
                other => other.to_string(),
            },
            _ => String::new(),
        };
        format!("After action {k} ({what}) the deal could no longer be won.")
    } else if verdict(last) == Some(Verdict::Won.as_str()) {
        "The deal could still be won when the game ended.".to_string()
    } else {
        "Where the game was lost is not known: the solver left positions undecided.".to_string()
    };
    if unknown > 0 {
        let positions = if unknown == 1 { "1 position" } else { "positions" };
        let count = if unknown == 1 { String::new() } else { format!("{unknown} ") };
        words.push_str(&format!(" The solver did not decide {count}{positions} within its time: shown as unknown."));
    }
    AnalysisView {
        verdicts: stored.verdicts.clone(),
        never_winnable,
        lost_at: stored.lost_at,
        words,
        line_from: line_from.filter(|_| !line.is_empty()),
        line,
        solves: stored.solves,
        unknown,
        honest: stored.honest.clone(),
    }
}

/// The table after `i` moves of the winning line of game `id`'s analysis.
pub async fn line_step(app: &Services, id: &GameId, i: usize, me: Option<PlayerId>) -> Result<GameView> {
    let (live, deal_hidden) = readable(app, id, me).await?;
    let not_yet = || Error::new(ErrorKind::NotFound, "this game's analysis has no winning line (yet)");
    if deal_hidden {
        return Err(not_yet());
    }
    let game = live.lock().await.clone();
    let stored = stored(app, id, game.action_number()).await?.ok_or_else(not_yet)?;
    let from = stored.lost_at.ok_or_else(not_yet)? - 1;
    let mut at = game_at(&game, live.contest.is_some(), from).ok_or_else(not_yet)?;
    let line = games::playable_line(&at, &line_moves(&stored)).ok_or_else(not_yet)?;
    if i > line.len() {
        return Err(Error::new(ErrorKind::NotFound, format!("the winning line has {} moves", line.len())));
    }
    let ms = at.last_ms();
    for mv in &line[..i] {
        let Ok(Action::Play(mv)) = mv.notation.parse::<Action>() else { return Err(not_yet()) };
        at.play(mv, ms).map_err(|e| Error::internal(format!("the stored winning line does not replay: {e}")))?;
    }
    Ok(GameView::of(&at, ms))
}
