//! The analysis of a finished game: whether its deal could still be won
//! after each action (the solver decides it exactly, seeing every card: the
//! game is over), the action after which no win remained, and a winning
//! line from the position before it (see `patience_solver::analysis`); and
//! there, what the honest player, who sees only what the player saw, would
//! have played and how sure it was: whether the mistake could be seen.
//! Whoever may watch the replay may read it; never while the game's
//! contest runs, since it would tell what the deal holds.
//!
//! Where the deal was never winnable, it shows instead how the par moved:
//! the most cards that could still go up after each action.
//!
//! It is computed once, in the background: a position at a time on the
//! search pool, between other players' searches, with its progress
//! readable meanwhile (from every server: the store holds the claim of an
//! analysis under way); then stored with the number of actions it covers.
//! One runs at a time per player (anonymous readers count as one).

use std::net::IpAddr;
use std::time::{Duration, Instant};

use patience_core::game::Action;
use patience_core::view::{GameView, MoveView};
use patience_core::{Game, Move};
use patience_solver::analysis::{analyse_by, par_course_by, Line, ParPoint};
use patience_solver::{Limit, Outcome, Verdict};
use patience_words::{say, Lang, Say};
use serde::{Deserialize, Serialize};

use super::dailies::SERVER;
use super::live;
use super::replays::readable;
use super::searches::{Asker, Search};
use super::{games, pars, Error, ErrorKind, Result, Services};
use crate::ids::{GameId, PlayerId};
use crate::store::{AnalysisClaim, Claimed, RunWrite};

/// The most time the solver spends on one position.
const SECS_PER_POSITION: u64 = 2;

/// The most par searches of a game never winnable, and the time after
/// which its analysis stops looking for more: what is not found by then
/// is shown as a lower bound.
const MAX_PAR_SOLVES: usize = 40;
const PAR_COURSE_SECS: u64 = 20;

/// A claim whose server reported no progress for this long is taken to have
/// died with its server (a position takes `SECS_PER_POSITION`, the honest
/// player's move a few seconds).
const STALE_AFTER_MS: i64 = 60_000;

/// What is stored of an analysis.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct Stored {
    verdicts: Vec<String>,
    lost_at: Option<usize>,
    /// The step the winning line starts from (see
    /// `patience_solver::analysis::Analysis::line_from`); absent in
    /// analyses stored before it was kept, whose line starts at `lost_at - 1`.
    #[serde(default)]
    line_from: Option<usize>,
    /// The winning line from step `line_from`, in notation.
    line: Vec<String>,
    solves: usize,
    /// The honest player's move where the player made the losing one.
    #[serde(default)]
    honest: Option<HonestStored>,
    /// After each action of a game never winnable, the most cards that
    /// could still go up (empty otherwise).
    #[serde(default)]
    pars: Vec<ParStep>,
}

impl Stored {
    /// The step the winning line starts from.
    fn line_from(&self) -> Option<usize> {
        self.line_from.or(self.lost_at.map(|k| k - 1))
    }
}

/// The par after an action: the most cards that could still go up from
/// there, exactly or at least.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParStep {
    pub best: usize,
    pub exact: bool,
}

/// What the honest player would have played where the game was lost, as
/// stored: its hint's figures, put into words in the reader's language when
/// shown. (An analysis stored before these figures were kept has no
/// `reason`, and shows no honest move.)
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct HonestStored {
    notation: String,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    samples: usize,
    #[serde(default)]
    won_with_move: usize,
    #[serde(default)]
    winnable: usize,
    #[serde(default)]
    lost: usize,
    #[serde(default)]
    par: Option<usize>,
    same_as_played: bool,
}

impl HonestStored {
    fn of(hint: &patience_solver::honest::Hint, same_as_played: bool) -> HonestStored {
        HonestStored {
            notation: Action::Play(hint.mv).to_string(),
            reason: hint.reason.as_str().to_string(),
            samples: hint.samples,
            won_with_move: hint.won_with_move,
            winnable: hint.winnable,
            lost: hint.lost,
            par: hint.par,
            same_as_played,
        }
    }

    /// The hint again, or `None` for one stored without its figures.
    fn hint(&self) -> Option<patience_solver::honest::Hint> {
        let Ok(Action::Play(mv)) = self.notation.parse::<Action>() else { return None };
        Some(patience_solver::honest::Hint {
            mv,
            reason: self.reason.parse().ok()?,
            samples: self.samples,
            won_with_move: self.won_with_move,
            winnable: self.winnable,
            lost: self.lost,
            par: self.par,
        })
    }
}

/// What the honest player would have played where the game was lost.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct HonestView {
    /// Its move, in notation and in words.
    pub notation: String,
    pub words: String,
    /// How sure it was, in words ("In 7 of 10 ways the hidden cards could
    /// lie, this move led to a win.").
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
    /// The step a winning line starts from (the one before `lost_at`, or
    /// the end of a game left while it could still be won), and the line in
    /// words.
    pub line_from: Option<usize>,
    pub line: Vec<MoveView>,
    pub solves: usize,
    pub unknown: usize,
    /// At `lost_at`: what the honest player would have played instead.
    pub honest: Option<HonestView>,
    /// A game never winnable: the par after each action (index 0: the
    /// deal); empty otherwise.
    pub pars: Vec<ParStep>,
    /// Cards in the game.
    pub total: usize,
}

/// Where an analysis stands.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Answer {
    /// Under way: positions solved so far.
    Running {
        solves: usize,
    },
    Done(Box<AnalysisView>),
}

/// Game `id`'s analysis for `me`: done, or under way (started by this
/// request if nobody had).
pub async fn analysis(
    app: &Services,
    id: &GameId,
    me: Option<PlayerId>,
    address: Option<IpAddr>,
    lang: Lang,
) -> Result<Answer> {
    let (live, deal_hidden) = readable(app, id, me).await?;
    if deal_hidden {
        return Err(Error::conflict(say!("analysis-secret-deal")));
    }
    let game = live.lock().await.clone();
    if let Some(stored) = stored(app, id, game.action_number()).await? {
        return Ok(Answer::Done(Box::new(view(&game, live.contest.is_some(), &stored, lang))));
    }
    let who = me.unwrap_or(SERVER);
    let now = app.now_ms();
    let claim = AnalysisClaim { game: id.clone(), player: who, now_ms: now, stale_before_ms: now - STALE_AFTER_MS };
    match app.store().claim_analysis(claim).await? {
        Claimed::Started => {
            // Another server may have stored it between the look and the
            // claim: computed once.
            if let Some(stored) = stored(app, id, game.action_number()).await? {
                app.store().write_analysis_run(RunWrite::Release { game: id.clone() }).await?;
                return Ok(Answer::Done(Box::new(view(&game, live.contest.is_some(), &stored, lang))));
            }
        }
        Claimed::Running { solves } => return Ok(Answer::Running { solves }),
        Claimed::PlayerBusy => {
            return Err(Error::new(ErrorKind::TooMany { retry_after_secs: 5 }, say!("analysis-one-at-a-time")))
        }
    }
    let (app, id, in_contest) = (app.clone(), id.clone(), live.contest.is_some());
    tokio::spawn(async move {
        let runtime = tokio::runtime::Handle::current();
        let (worker, game_id) = (app.clone(), id.clone());
        let count = game.action_number();
        let asker = Asker::new(who, address);
        let analysed = tokio::task::spawn_blocking(move || run(&worker, &runtime, asker, &game_id, &game, in_contest))
            .await
            .unwrap_or(None);
        let ended = match analysed {
            Some(stored) => match serde_json::to_string(&stored) {
                Ok(json) => app.store().put_analysis(&id, count, json, app.now_ms()).await,
                Err(e) => {
                    tracing::warn!(game = %id, error = %e, "an analysis does not serialize");
                    app.store().write_analysis_run(RunWrite::Release { game: id.clone() }).await
                }
            },
            None => {
                tracing::info!(game = %id, "an analysis was cut short: the search pool refused a position");
                app.store().write_analysis_run(RunWrite::Release { game: id.clone() }).await
            }
        };
        if let Err(e) = ended {
            // The claim goes stale, and the next request starts again.
            tracing::warn!(game = %id, error = %e, "ending an analysis failed");
        }
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
/// search pool as `who`'s search, its progress written to the claim. `None`
/// if the pool refused one (busy): nothing is stored, and the next request
/// starts again.
fn run(
    app: &Services,
    runtime: &tokio::runtime::Handle,
    who: Asker,
    id: &GameId,
    game: &Game,
    in_contest: bool,
) -> Option<Stored> {
    let started = Instant::now();
    let mut replayed = Game::new(game.rules(), game.deal()).with_clock_start(live::clock_start(in_contest));
    let mut positions = vec![replayed.position().clone()];
    let mut played = vec![true];
    for entry in game.log() {
        replayed.apply(*entry).ok()?;
        positions.push(replayed.position().clone());
        played.push(!matches!(entry.action, Action::Undo | Action::Restart));
    }
    let line = Line { positions: &positions, played: &played };
    let mut pool = OnPool { app, runtime, who, id, solves: 0 };
    let mut refused = false;
    let budget =
        patience_solver::Budget::default().with_timeout(Duration::from_secs(SECS_PER_POSITION)).with_memory(256 << 20);
    let analysis = analyse_by(&line, |pos| {
        if refused {
            return Outcome::Unknown(Limit::Time);
        }
        let (pos, budget) = (pos.clone(), budget.clone());
        pool.run(move || patience_solver::solve(&pos, &budget).outcome).unwrap_or_else(|| {
            refused = true;
            Outcome::Unknown(Limit::Time)
        })
    });
    if refused {
        return None;
    }
    let pars = if analysis.never_winnable() {
        let course = par_course_by(&line, MAX_PAR_SOLVES, |pos| {
            if started.elapsed() > Duration::from_secs(PAR_COURSE_SECS) {
                return None;
            }
            let (pos, budget) = (pos.clone(), budget.clone());
            let search = move || {
                let par = patience_solver::par::par_of_lost(&pos, &budget);
                Some(ParPoint { best: par.best, exact: par.exact })
            };
            pool.run(search).flatten()
        });
        course.pars.iter().map(|p| ParStep { best: p.best, exact: p.exact }).collect()
    } else {
        Vec::new()
    };
    let honest = match analysis.lost_at {
        Some(k) => honest_at(app, runtime, who, game, in_contest, k)?,
        None => None,
    };
    Some(Stored {
        verdicts: analysis.verdicts.iter().map(|v| v.as_str().to_string()).collect(),
        lost_at: analysis.lost_at,
        line_from: analysis.line_from,
        line: analysis.line.iter().map(Move::to_string).collect(),
        solves: analysis.solves,
        honest,
        pars,
    })
}

/// The analysis's searches on the search pool, as `who`'s, each counted
/// and its count written to the analysis's claim (its progress, which
/// also says the claim's server is alive).
struct OnPool<'a> {
    app: &'a Services,
    runtime: &'a tokio::runtime::Handle,
    who: Asker,
    id: &'a GameId,
    solves: usize,
}

impl OnPool<'_> {
    /// `search`'s answer; `None` if the pool refused it.
    fn run<T: Send + 'static>(&mut self, search: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let answer = self.runtime.block_on(self.app.searches().run(self.who, Search::Analysis, search)).ok();
        self.solves += 1;
        let write = RunWrite::Progress { game: self.id.clone(), solves: self.solves, now_ms: self.app.now_ms() };
        if let Err(e) = self.runtime.block_on(self.app.store().write_analysis_run(write)) {
            tracing::debug!(game = %self.id, error = %e, "an analysis's progress was not written");
        }
        answer
    }
}

/// The honest player's move before action `k`, from what the game had
/// shown its player by then (its own hint, on the search pool). `None`
/// (nothing stored) if the pool refused it; `Some(None)` if it gave none.
fn honest_at(
    app: &Services,
    runtime: &tokio::runtime::Handle,
    who: Asker,
    game: &Game,
    in_contest: bool,
    k: usize,
) -> Option<Option<HonestStored>> {
    let Some(before) = game_at(game, in_contest, k - 1) else { return Some(None) };
    let played = match game.log().get(k - 1).map(|e| e.action) {
        Some(Action::Play(mv)) => Some(mv),
        _ => None,
    };
    let config = patience_solver::honest::HonestConfig::for_hints(game.rules());
    let seed = k as u64;
    let search = move || {
        let hint = patience_solver::honest::hint_in_game(&before, &config, seed)?;
        Some(HonestStored::of(&hint, Some(hint.mv) == played))
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

fn view(game: &Game, in_contest: bool, stored: &Stored, lang: Lang) -> AnalysisView {
    let verdict = |i: usize| stored.verdicts.get(i).map(String::as_str);
    let never_winnable = verdict(0) == Some(Verdict::Lost.as_str());
    let unknown = stored.verdicts.iter().filter(|v| *v == Verdict::Unknown.as_str()).count();
    let line_from = stored.line_from();
    let line = line_from
        .and_then(|from| game_at(game, in_contest, from))
        .and_then(|at| pars::playable_line(&at, &line_moves(stored), &lang))
        .unwrap_or_default();
    let last = stored.verdicts.len().saturating_sub(1);
    let mut sentences = vec![if game.position().is_won() {
        say!("analysis-won")
    } else if never_winnable {
        say!("analysis-never-winnable")
    } else if let Some(k) = stored.lost_at {
        say!("analysis-lost-at", action = k, what = action_words(game, in_contest, k))
    } else if verdict(last) == Some(Verdict::Won.as_str()) {
        say!("analysis-still-winnable")
    } else {
        say!("analysis-not-known")
    }];
    if never_winnable && !stored.pars.is_empty() {
        sentences.extend(par_words(game, in_contest, &stored.pars));
    }
    if unknown > 0 {
        sentences.push(say!("analysis-undecided", count = unknown));
    }
    let words = sentences.iter().map(|s| s.in_lang(lang)).collect::<Vec<_>>().join(" ");
    let honest = stored.honest.as_ref().and_then(|kept| {
        let hint = kept.hint()?;
        let before = game_at(game, in_contest, stored.lost_at? - 1)?;
        let words = patience_words::story(&before.position().story(hint.mv)).in_lang(lang);
        let shown =
            games::HintShown { hint, words, winnable_known: false, nothing_hidden: games::nothing_hidden(&before) };
        Some(HonestView {
            notation: kept.notation.clone(),
            confidence: shown.confidence().in_lang(lang),
            words: shown.words,
            same_as_played: kept.same_as_played,
        })
    });
    AnalysisView {
        verdicts: stored.verdicts.clone(),
        never_winnable,
        lost_at: stored.lost_at,
        words,
        line_from: line_from.filter(|_| !line.is_empty()),
        line,
        solves: stored.solves,
        unknown,
        honest,
        pars: stored.pars.clone(),
        total: game.rules().card_count(),
    }
}

/// Action `k` of the game in words.
fn action_words(game: &Game, in_contest: bool, k: usize) -> Say {
    match (game_at(game, in_contest, k - 1), game.log().get(k - 1)) {
        (Some(before), Some(entry)) => match entry.action {
            Action::Play(mv) => patience_words::story(&before.position().story(mv)),
            other => patience_words::action(other),
        },
        _ => say!("analysis-an-action"),
    }
}

/// Drops of the par told one by one at most.
const DROPS_TOLD: usize = 4;

/// How the par moved along a game never winnable, in sentences: its figure
/// at the deal, each action after which it fell, and the player's cards at
/// the end.
fn par_words(game: &Game, in_contest: bool, pars: &[ParStep]) -> Vec<Say> {
    let cards = |p: ParStep| say!("analysis-par-cards", best = p.best, exact = if p.exact { "yes" } else { "no" });
    let drops: Vec<usize> = (1..pars.len()).filter(|&k| pars[k].best < pars[k - 1].best).collect();
    let falls: Vec<Say> = drops
        .iter()
        .take(DROPS_TOLD)
        .map(|&k| {
            say!("analysis-par-fell", cards = cards(pars[k]), action = k, what = action_words(game, in_contest, k))
        })
        .collect();
    let parts: Vec<Say> = std::iter::once(say!("analysis-par-at-deal", cards = cards(pars[0]))).chain(falls).collect();
    let mut said = vec![say!(
        "analysis-par-moves",
        parts = parts,
        more = drops.len().saturating_sub(DROPS_TOLD),
        up = game.position().cards_on_foundations()
    )];
    if pars.iter().any(|p| !p.exact) {
        said.push(say!("analysis-par-at-least"));
    }
    said
}

/// The table after `i` moves of the winning line of game `id`'s analysis.
pub async fn line_step(app: &Services, id: &GameId, i: usize, me: Option<PlayerId>, lang: Lang) -> Result<GameView> {
    let (live, deal_hidden) = readable(app, id, me).await?;
    let not_yet = || Error::new(ErrorKind::NotFound, say!("analysis-no-line-yet"));
    if deal_hidden {
        return Err(not_yet());
    }
    let game = live.lock().await.clone();
    let stored = stored(app, id, game.action_number()).await?.ok_or_else(not_yet)?;
    let from = stored.line_from().ok_or_else(not_yet)?;
    let mut at = game_at(&game, live.contest.is_some(), from).ok_or_else(not_yet)?;
    let line = pars::playable_line(&at, &line_moves(&stored), &lang).ok_or_else(not_yet)?;
    if i > line.len() {
        return Err(Error::new(ErrorKind::NotFound, say!("analysis-line-length", moves = line.len())));
    }
    let ms = at.last_ms();
    for mv in &line[..i] {
        let Ok(Action::Play(mv)) = mv.notation.parse::<Action>() else { return Err(not_yet()) };
        at.play(mv, ms).map_err(|e| Error::internal(format!("the stored winning line does not replay: {e}")))?;
    }
    Ok(GameView::of(&at, ms, &lang))
}
