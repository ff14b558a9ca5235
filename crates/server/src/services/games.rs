//! Games: starting one, showing it to its player, applying their actions,
//! the honest player's hint, the deal's par, the record and the list of a
//! player's games.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use patience_core::game::{Action, Entry, Outcome};
use patience_core::rules::DealFace;
use patience_core::view::{GameView, MoveView, PositionView, Silent};
use patience_core::{Game, GameError, Move, Position, Rules};
use patience_solver::honest::HintReason;
use patience_solver::library::Grade;
use patience_words::{say, Lang, Say};

use super::limits::{BucketOwner, Kind};
use super::live::{self, LiveGame};
use super::pars::{self, ParFigures};
use super::records::{self, RecordText};
use super::searches::{Asker, Search};
use super::{contests, library, stats, Error, ErrorKind, Result, Services};
use crate::ids::{GameId, PlayerId};
use crate::store::{GameRow, NewGame, StoreError, Summary};

/// A game as its player is shown it.
pub struct Shown {
    pub id: GameId,
    /// Unix time in milliseconds when the game was created.
    pub created_ms: i64,
    pub view: GameView,
    /// The game belongs to a duel that is still open, or a daily deal whose
    /// day is not over: its deal number is not shown (see
    /// [`contests::hides_deal`]).
    pub deal_hidden: bool,
    /// Whether hints (and Finish, which asks the solver) are offered: not in
    /// a contest's games, where they would be outside help.
    pub hints: bool,
    /// Whether the clock runs: a practice game's starts with its first
    /// action.
    pub clock_started: bool,
    /// Whether the player asked for a winnable deal and was dealt one.
    pub dealt_as_winnable: bool,
    /// What the action just taken did, in words, for the player's screen
    /// reader: "7♥ from column 3 onto 8♠. 4♣ turned up in column 3."
    pub announcement: Option<String>,
}

fn shown(live: &LiveGame, game: &Game, unix_now: i64, deal_hidden: bool, lang: Lang) -> Shown {
    let mut view = GameView::of(game, live.clock_ms(game, unix_now), &lang);
    view.restart_offered &= contests::offers_restart(live.contest.as_ref());
    Shown {
        id: live.id.clone(),
        created_ms: live.created_ms,
        view,
        deal_hidden,
        hints: contests::offers_help(live.contest.as_ref()),
        clock_started: game.clock_started_at().is_some(),
        dealt_as_winnable: live.dealt_as_winnable,
        announcement: None,
    }
}

/// What a player asks of their game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerAction {
    Play(Move),
    Undo,
    /// Plays again the move last undone.
    Redo,
    Restart,
    Quit,
    /// Turns the engine's optional safe auto-move on or off.
    SafeAutoMoves(bool),
    /// Records that a winning line was shown ([`show_line`] asks for it).
    ShowLine,
}

impl From<Action> for PlayerAction {
    fn from(action: Action) -> PlayerAction {
        match action {
            Action::Play(mv) => PlayerAction::Play(mv),
            Action::Undo => PlayerAction::Undo,
            Action::Restart => PlayerAction::Restart,
            Action::Quit => PlayerAction::Quit,
            Action::SafeAutoMoves(on) => PlayerAction::SafeAutoMoves(on),
            Action::ShowLine => PlayerAction::ShowLine,
        }
    }
}

/// The largest deal number the site takes: the largest whole number a web
/// page's script holds exactly (2^53 - 1), so that every page shows, and
/// links to, the very deal that was dealt. Deals are numbered from 1.
pub const MAX_DEAL: u64 = (1 << 53) - 1;

/// `deal` if the site takes it (1 to [`MAX_DEAL`]); otherwise why not.
pub fn check_deal(deal: u64) -> Result<u64> {
    if (1..=MAX_DEAL).contains(&deal) {
        Ok(deal)
    } else {
        Err(Error::invalid(say!("deal-out-of-range", deal = deal.to_string(), max = MAX_DEAL.to_string())))
    }
}

/// A random deal number from 1 to 999,999,999 (short enough to read out).
pub fn random_deal() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    u64::from_le_bytes(bytes) % 999_999_999 + 1
}

/// Deals tried, and the solver's time for each, for "winnable deals only":
/// a request waits at most about their product.
const WINNABLE_TRIES: u64 = 10;
const WINNABLE_SECS_PER_DEAL: u64 = 1;

/// The first deal from `from` on that the solver proves winnable: the
/// library's when it looked at every deal up to it, else searched on the
/// search pool; when the search finds none, the library's next winnable
/// deal after `from`, or any of its winnable deals.
async fn winnable_from(app: &Services, asker: Asker, rules: &'static Rules, from: u64) -> Result<u64> {
    let next = app.store().library_next_won(rules.id, from).await?;
    if let Some(next) = next.filter(|n| n.unbroken) {
        return Ok(next.deal);
    }
    library::refuse_if_hopeless(app, rules).await?;
    let budget = patience_solver::Budget::default()
        .with_timeout(Duration::from_secs(WINNABLE_SECS_PER_DEAL))
        .with_memory(256 << 20);
    let search = move || patience_solver::winnable::next_winnable_deal(rules, from, &budget, WINNABLE_TRIES);
    if let Some((deal, _)) = app.searches().run(asker, Search::WinnableDeal, search).await? {
        return Ok(deal);
    }
    if let Some(next) = next {
        return Ok(next.deal);
    }
    library::pick(app, rules, None).await?.ok_or_else(|| {
        let to = from.saturating_add(WINNABLE_TRIES - 1);
        let none =
            say!("winnable-none-found", from = from.to_string(), to = to.to_string(), secs = WINNABLE_SECS_PER_DEAL);
        Error::new(ErrorKind::Refused, none)
    })
}

/// A winnable deal from the library (of `grade`, or any); refused when it
/// holds none of `grade` but others (never another grade in its place); the
/// search from a random deal when it holds none of these rules.
async fn winnable_picked(app: &Services, asker: Asker, rules: &'static Rules, grade: Option<Grade>) -> Result<u64> {
    if let Some(deal) = library::pick(app, rules, grade).await? {
        return Ok(deal);
    }
    if let Some(grade) = grade {
        if library::pick(app, rules, None).await?.is_some() {
            return Err(library::no_deal_of_grade(rules, grade));
        }
    }
    winnable_from(app, asker, rules, random_deal()).await
}

/// Which deal a new game is dealt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DealWanted {
    /// A random deal number.
    Random,
    /// This deal number.
    Number(u64),
    /// The first deal from this number on that is proven winnable.
    WinnableFrom(u64),
    /// A winnable deal from the library, of this grade or of any.
    Winnable(Option<Grade>),
    /// The deal of one of the player's games again ("Same deal again"),
    /// still dealt as winnable if that game was: the player knows.
    Again { deal: u64, winnable: bool },
}

/// Starts a game of `rules` for `player` with the deal it wants.
pub async fn create(
    app: &Services,
    player: PlayerId,
    address: Option<IpAddr>,
    rules: &'static Rules,
    wanted: DealWanted,
    lang: Lang,
) -> Result<Shown> {
    app.limits().take(Kind::NewGame, BucketOwner::Player(player))?;
    if let Some(address) = address {
        app.limits().take(Kind::NewGame, BucketOwner::Address(address))?;
    }
    let deal = match wanted {
        DealWanted::Random => random_deal(),
        DealWanted::Number(deal) => deal,
        DealWanted::WinnableFrom(from) => winnable_from(app, Asker::new(player, address), rules, from).await?,
        DealWanted::Winnable(grade) => winnable_picked(app, Asker::new(player, address), rules, grade).await?,
        DealWanted::Again { deal, .. } => deal,
    };
    let now = app.now_ms();
    let game = Game::new(rules, deal).with_clock_start(live::clock_start(false));
    let dealt_as_winnable = matches!(
        wanted,
        DealWanted::WinnableFrom(_) | DealWanted::Winnable(_) | DealWanted::Again { winnable: true, .. }
    );
    let mut new =
        NewGame { id: GameId::random(), player, rules, deal, created_ms: now, dealt_as_winnable, imported: false };
    let summary = Summary::of(&game, now);
    loop {
        match app.store().create_game(&new, &summary).await {
            Ok(()) => break,
            Err(StoreError::DuplicateId(_)) => new.id = GameId::random(),
            Err(e) => return Err(e.into()),
        }
    }
    tracing::debug!(game = %new.id, %player, rules = rules.id, deal, "game created");
    let live =
        app.live().insert(LiveGame::new(new.id, player, now, None, game).with_dealt_as_winnable(dealt_as_winnable));
    let game = live.lock().await;
    Ok(shown(&live, &game, now, false, lang))
}

/// A new game of `live`'s rules and deal for its player, dealt as winnable
/// if `live` was. Refused while the deal is secret (an open duel's, or a
/// daily deal's whose day runs).
pub async fn again(app: &Services, live: &LiveGame, address: Option<IpAddr>, lang: Lang) -> Result<Shown> {
    if contests::hides_deal(app, live.contest.as_ref()).await? {
        return Err(Error::new(ErrorKind::Forbidden, say!("again-deal-secret")));
    }
    let (rules, deal) = {
        let game = live.lock().await;
        (game.rules(), game.deal())
    };
    let wanted = DealWanted::Again { deal, winnable: live.dealt_as_winnable };
    create(app, live.player, address, rules, wanted, lang).await
}

/// The player's view of their game.
pub async fn show(app: &Services, live: &LiveGame, lang: Lang) -> Result<Shown> {
    let mut game = live.lock().await;
    let deal_hidden = contests::hides_deal(app, live.contest.as_ref()).await?;
    let now = app.now_ms();
    live::settle_clock(app, live, &mut game, now).await?;
    Ok(shown(live, &game, now, deal_hidden, lang))
}

/// Applies `action` as the game's action number `number`: refused unless
/// the game is at exactly that number, so a repeated or stale request is
/// never applied twice. The action is committed to the database before this
/// returns.
pub async fn act(app: &Services, live: &LiveGame, number: usize, action: PlayerAction, lang: Lang) -> Result<Shown> {
    let behind = app.store().shared() && live.lock().await.action_number() < number;
    if behind {
        // Another server moved the game on since this one cached it.
        live::catch_up(app, live).await?;
    }
    let mut game = live.lock().await;
    let deal_hidden = contests::hides_deal(app, live.contest.as_ref()).await?;
    let unix_now = app.now_ms();
    live::settle_clock(app, live, &mut game, unix_now).await?;
    let expected = game.action_number();
    if number != expected {
        return Err(moved_on(expected, number));
    }
    if game.is_final() {
        return Err(GameError::Over(game.outcome()).into());
    }
    let action = match action {
        PlayerAction::Play(mv) => Action::Play(mv),
        PlayerAction::Undo => Action::Undo,
        PlayerAction::Redo => Action::Play(game.redo_move().ok_or(GameError::NothingToRedo)?),
        PlayerAction::Restart => {
            game.check_restart()?;
            Action::Restart
        }
        PlayerAction::Quit => Action::Quit,
        PlayerAction::SafeAutoMoves(on) => Action::SafeAutoMoves(on),
        PlayerAction::ShowLine => Action::ShowLine,
    };
    let entry = Entry { action, at_ms: live.clock_ms(&game, unix_now) };
    let before = game.position().clone();
    if let Err(e) = game.apply(entry) {
        if let GameError::TimeUp { .. } = e {
            live::settle_clock(app, live, &mut game, unix_now).await?;
        }
        return Err(e.into());
    }
    let summary = Summary::of(&game, unix_now);
    if let Err(e) = app.store().append(&live.id, expected, &entry, &summary).await {
        // The game in memory is ahead of the database: forget it, so the
        // next request replays what was really stored.
        drop(game);
        app.live().evict(&live.id);
        return Err(match e {
            StoreError::Conflict { .. } => Error::conflict(say!("game-taken-elsewhere", action = expected)),
            e => e.into(),
        });
    }
    tracing::debug!(game = %live.id, number = expected, action = %action, at_ms = entry.at_ms, outcome = ?summary.outcome, "action");
    if summary.outcome != Outcome::Playing {
        // Won, given up, or at a dead end (which a player often leaves so):
        // a result the deal's grade may follow.
        library::grade_by_players(app, game.rules(), game.deal());
    }
    if let Some(contest) = &live.contest {
        contests::announce(app, contest).await;
    }
    let mut shown = shown(live, &game, unix_now, deal_hidden, lang);
    shown.announcement = Some(announcement(&before, action, &game, lang));
    let over = game.is_final();
    // Closing a duel reads every participant's game, this one's too.
    drop(game);
    if over && deal_hidden {
        if let Some(contest) = &live.contest {
            // The last game of a duel to end closes it now, not at the next
            // look at its standings: this answer already tells the deal.
            contests::game_over(app, contest).await;
            shown.deal_hidden = contests::hides_deal(app, Some(contest)).await?;
        }
    }
    Ok(shown)
}

/// The refusal of a request made at action `number` of a game that stands
/// at `expected`: it moved on in another tab or window.
fn moved_on(expected: usize, number: usize) -> Error {
    Error::conflict(say!("game-moved-on", expected = expected, number = number))
}

/// What `action` did, in words: the move and what it set off, or what an
/// undo took back.
pub(crate) fn announcement(before: &Position, action: Action, game: &Game, lang: Lang) -> String {
    let after = game.position();
    let said = match action {
        Action::Play(mv) => return patience_words::announce(lang, &before.story(mv), &before.side_effects(mv, after)),
        Action::Undo => match game.redo_move() {
            Some(mv) => say!("took-back", words = patience_words::story(&after.story(mv))),
            None => say!("took-back-last"),
        },
        Action::Restart => say!("back-to-the-deal"),
        Action::Quit => say!("you-gave-up"),
        Action::SafeAutoMoves(true) => say!("safe-auto-moves-on"),
        Action::SafeAutoMoves(false) => say!("safe-auto-moves-off"),
        Action::ShowLine => say!("winning-line-shown"),
    };
    let mut text = said.in_lang(lang);
    if let Action::SafeAutoMoves(true) = action {
        for effect in before.side_effects(Move::Draw, after) {
            text.push(' ');
            text.push_str(&say!("sentence", words = patience_words::side_effect(&effect)).in_lang(lang));
        }
    }
    text
}

/// The honest player's move, computed from the player's view and what the
/// game's log shows the player has seen, never from hidden cards. Off in
/// a contest's games, where it would be outside help.
pub async fn hint(app: &Services, live: &LiveGame, address: Option<IpAddr>, lang: Lang) -> Result<HintShown> {
    if let Some(contest) = &live.contest {
        return Err(contests::no_help(contest, contests::Help::Hints));
    }
    let (game, seed) = {
        let mut game = live.lock().await;
        let now = app.now_ms();
        live::settle_clock(app, live, &mut game, now).await?;
        let outcome = game.outcome();
        if outcome.is_final() {
            return Err(Error::conflict(say!("hint-game-over", outcome = patience_words::outcome_inline(outcome))));
        }
        (game.clone(), table_seed(&game))
    };
    // The deal as dealt, which the player asked for as a winnable one: its
    // win is certain whatever the samples found.
    let winnable_known = live.dealt_as_winnable && game.at_opening();
    let nothing_hidden = nothing_hidden(&game);
    let config = patience_solver::honest::HonestConfig::for_hints(game.rules());
    let search = move || {
        let hint = patience_solver::honest::hint_in_game(&game, &config, seed)?;
        let words = patience_words::story(&game.position().story(hint.mv)).in_lang(lang);
        Some(HintShown { hint, words, winnable_known, nothing_hidden })
    };
    let found = app.searches().run(Asker::new(live.player, address), Search::Hint, search).await?;
    found.ok_or_else(|| Error::conflict(say!("hint-no-legal-move")))
}

/// Whether the player sees every card of the game, or knows where it lies
/// (no face-down card, every stock card seen): a hint's samples are then
/// all the one deal on the table.
pub(crate) fn nothing_hidden(game: &Game) -> bool {
    let view = PositionView::of(game.position(), &Silent);
    let stock = patience_solver::honest::Knowledge::of_game(game).stock(&view);
    view.columns.iter().all(|c| c.face_down == 0) && stock.iter().all(Option::is_some)
}

/// The hint's sampling seed: a hash of the table as the player sees it
/// (never of a hidden card), so that the same table gets the same hint in
/// any game of the deal, and asking again changes nothing.
fn table_seed(game: &Game) -> u64 {
    use std::hash::{Hash, Hasher};
    let view = PositionView::of(game.position(), &Silent);
    // SipHash with fixed keys: the same on every server and every run.
    let mut h = std::hash::DefaultHasher::new();
    (game.rules().id, serde_json::to_string(&view).unwrap_or_default()).hash(&mut h);
    h.finish()
}

/// The honest player's hint, with its move in words as read in the
/// position it was worked out for.
pub struct HintShown {
    pub hint: patience_solver::honest::Hint,
    pub words: String,
    /// Whether the player knows that this position can be won: the opening
    /// of a deal dealt as winnable at their request.
    pub winnable_known: bool,
    /// Whether every card shows (or its place is known): the samples are
    /// all this deal, and the words say so rather than speak of hidden cards.
    pub nothing_hidden: bool,
}

impl HintShown {
    /// Whether the hint gives no move: every move leads back to a position
    /// the game has been in, and the player is told so instead.
    pub fn goes_round_in_circles(&self) -> bool {
        self.hint.reason == HintReason::Cycle
    }

    /// How sure the hint is, in words a player reads: in how many of the
    /// ways the hidden cards could lie its move led to a win, or what it
    /// heads for when it led to none.
    pub fn confidence(&self) -> Say {
        let hint = &self.hint;
        if self.goes_round_in_circles() {
            say!("hint-circles")
        } else if let Some(par) = hint.par {
            if self.nothing_hidden {
                say!("hint-most-cards-up-all-seen", par = par)
            } else {
                say!("hint-most-cards-up", samples = hint.samples, par = par)
            }
        } else if hint.samples == 0 {
            patience_words::hint_reason(hint.reason)
        } else if self.nothing_hidden {
            if hint.won_with_move == 0 {
                say!("hint-no-win-all-seen")
            } else {
                say!("hint-wins-all-seen")
            }
        } else if hint.won_with_move == 0 {
            say!("hint-won-in-none", samples = hint.samples)
        } else {
            say!("hint-won-in-some", won = hint.won_with_move, samples = hint.samples)
        }
    }

    /// What the player knows beside the samples, when they won nothing: the
    /// deal was dealt as winnable, so a win is there all the same.
    pub fn reassurance(&self) -> Option<Say> {
        (self.winnable_known && self.hint.won_with_move == 0 && !self.goes_round_in_circles())
            .then(|| say!("hint-dealt-winnable"))
    }

    /// Whether the game looks lost from here: no sampled deal was won by
    /// any move, so the page offers to give up. Never where the player knows
    /// better: at the opening of a deal dealt as winnable.
    pub fn hopeless(&self) -> bool {
        let hint = &self.hint;
        !self.winnable_known && (hint.hopeless() || (hint.samples > 0 && hint.won_with_move == 0 && hint.winnable == 0))
    }
}

/// The moves that finish a game which needs no decision any more
/// ([`patience_core::Position::wins_by_going_up`]): every card left goes
/// up, one after another, in the order the player's actions play them (with
/// the safe auto-move on, some go up by themselves and are left out). No
/// search: Finish only saves the clicks of a game already won. Off in a
/// contest's games, as hints are.
pub async fn finish(app: &Services, live: &LiveGame, lang: Lang) -> Result<Vec<MoveView>> {
    if let Some(contest) = &live.contest {
        return Err(contests::no_help(contest, contests::Help::Finish));
    }
    let mut game = live.lock().await;
    live::settle_clock(app, live, &mut game, app.now_ms()).await?;
    let outcome = game.outcome();
    if outcome.is_final() {
        return Err(GameError::Over(outcome).into());
    }
    let line = game.position().moves_up().ok_or_else(|| Error::new(ErrorKind::Refused, say!("finish-not-yet")))?;
    pars::playable_line(&game, &line, &lang)
        .ok_or_else(|| Error::internal("the moves up the engine found do not win the game as the player plays it"))
}

/// The most time the solver may look for a winning line to show.
const LINE_SECS: u64 = 2;

/// A winning line from where the game stands (action `number`), once
/// everything left is known to the player (so the solver's answer tells
/// nothing hidden), in the order the player's actions would play it. The
/// game records that it was shown before the line is told ([`Action::ShowLine`]):
/// a win from then on is a win with help. Off in a contest's games, as hints
/// are.
pub async fn show_line(
    app: &Services,
    live: &LiveGame,
    number: usize,
    address: Option<IpAddr>,
    lang: Lang,
) -> Result<(Shown, Vec<MoveView>)> {
    if let Some(contest) = &live.contest {
        return Err(contests::no_help(contest, contests::Help::Line));
    }
    let game = {
        let mut game = live.lock().await;
        live::settle_clock(app, live, &mut game, app.now_ms()).await?;
        if game.is_final() {
            return Err(GameError::Over(game.outcome()).into());
        }
        if !game.every_card_known() {
            return Err(GameError::LineWhileHidden.into());
        }
        let expected = game.action_number();
        if number != expected {
            return Err(moved_on(expected, number));
        }
        game.clone()
    };
    let search = move || {
        let budget = patience_solver::Budget::default().with_timeout(Duration::from_secs(LINE_SECS));
        let report = patience_solver::solve(game.position(), &budget);
        report.outcome.solution().and_then(|line| pars::playable_line(&game, line, &lang))
    };
    let line = app.searches().run(Asker::new(live.player, address), Search::Line, search).await?;
    let line = line.ok_or_else(|| Error::new(ErrorKind::Refused, say!("line-not-found", secs = LINE_SECS)))?;
    let shown = act(app, live, number, PlayerAction::ShowLine, lang).await?;
    Ok((shown, line))
}

/// A deal's par told to the player of a game of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ParShown {
    /// The most cards the deal can bring to the foundations: exact, or a
    /// lower bound when `exact` is false (never below `yours`, which the
    /// player's own game reached).
    pub best: usize,
    pub exact: bool,
    /// Cards in the game.
    pub total: usize,
    /// Cards on the player's foundations where the game stands: at its
    /// end, the player's final count (what a duel ranks by).
    pub yours: usize,
    /// Every card can go up.
    pub winnable: bool,
    /// Whether the game is over (the par of a game in progress is told only
    /// where every card of the deal shows, see [`par`]).
    pub over: bool,
    /// The par in a sentence, for the end-of-game banner.
    pub words: Say,
}

/// Whether every card of a deal of `rules` shows from the start: all dealt
/// face up and no stock (Lasker; Pitchfork's Warfield, whose reserve shows
/// whole). Then the par tells nothing the table does not show.
fn shows_every_card(rules: &Rules) -> bool {
    rules.deal_face == DealFace::AllUp && rules.stock_cards() == 0
}

/// The par of the game's deal: the most cards it can bring to the
/// foundations, beside what the player has up. Told once the game is over
/// for good (won, given up or out of time; not at a dead end the player
/// may still undo), never while the game's contest runs (a duel's deal is secret until it closes, a daily
/// deal's until its day ends; decided by [`contests::hides_deal`]); and
/// before the end only in games outside contests whose every card shows
/// from the deal (Lasker,
/// whose default rules lose every deal, so its par is the player's goal).
/// Worked out on the search pool within `PAR_SECS`.
pub async fn par(app: &Services, live: &LiveGame, address: Option<IpAddr>) -> Result<ParShown> {
    let (rules, deal, yours, over) = {
        let mut game = live.lock().await;
        live::settle_clock(app, live, &mut game, app.now_ms()).await?;
        if contests::hides_deal(app, live.contest.as_ref()).await? {
            return Err(Error::conflict(say!("par-secret-deal")));
        }
        // Over for good: won, given up or out of time. At a dead end the
        // player may still undo and play on, knowing what the par told.
        let over = game.outcome().is_final();
        if !over && (live.contest.is_some() || !shows_every_card(game.rules())) {
            let why =
                if game.outcome() == Outcome::Playing { say!("par-when-over") } else { say!("par-when-over-for-good") };
            return Err(Error::conflict(why));
        }
        (game.rules(), game.deal(), game.position().cards_on_foundations(), over)
    };
    let figures = pars::deal_par(app, Asker::new(live.player, address), rules, deal).await?;
    if figures.exact {
        // Kept with the game: its statistics tell a par reached from a
        // game merely lost.
        app.store().set_par(&live.id, figures.best).await?;
    }
    Ok(par_shown(figures, yours, over))
}

/// The par beside the player's count, with its sentence.
fn par_shown(figures: ParFigures, yours: usize, over: bool) -> ParShown {
    let ParFigures { exact, total, .. } = figures;
    // The player's own game is a line too: a bound below it says less.
    debug_assert!(!exact || figures.best >= yours, "{figures:?} below the player's {yours}");
    let best = figures.best.max(yours);
    let winnable = best == total;
    let words = if !over {
        match (winnable, exact) {
            (true, _) => say!("par-all", total = total),
            (false, true) => say!("par-exact", best = best),
            (false, false) => say!("par-at-least", best = best),
        }
    } else if yours == total {
        say!("par-you-put-all-up", total = total)
    } else if winnable {
        say!("par-was-winnable", total = total)
    } else if yours == best && exact {
        say!("par-you-reached-it", yours = yours)
    } else if yours == best {
        say!("par-you-reached-the-best-found", yours = yours)
    } else if exact {
        say!("par-you-missed-it", yours = yours, best = best)
    } else {
        say!("par-you-missed-at-least", yours = yours, best = best)
    };
    ParShown { best, exact: exact || winnable, total, yours, winnable, over, words }
}

/// The game's record.
pub async fn record(app: &Services, live: &LiveGame, lang: Lang) -> Result<RecordText> {
    let mut game = live.lock().await;
    let deal_hidden = contests::hides_deal(app, live.contest.as_ref()).await?;
    live::settle_clock(app, live, &mut game, app.now_ms()).await?;
    Ok(records::of(&game, deal_hidden, lang))
}

/// A row of the game list, with the game's name; no deal for a game whose
/// duel is open.
pub struct Listed {
    pub row: GameRow,
    pub deal: Option<u64>,
    /// The game's or variant's name, in the reader's language.
    pub name: String,
    /// Whether the game is worth going back to: started, still in play
    /// (not at a dead end, which only Undo could open again: to the player
    /// it looks finished) and not of a contest that is over (a closed duel,
    /// a daily deal whose day ended).
    pub continuable: bool,
}

/// Games that a list shows at most.
const LIST_LIMIT: usize = 200;

/// The player's games, newest first, their names in `lang`.
pub async fn list(app: &Services, player: PlayerId, lang: Lang) -> Result<Vec<Listed>> {
    let rows = stats::settled_rows(app, player, LIST_LIMIT).await?;
    Ok(rows
        .into_iter()
        .map(|row| Listed {
            name: super::rules_name(row.rules, lang),
            deal: if row.deal_secret { None } else { Some(row.deal) },
            continuable: row.moves_made > 0 && row.outcome == Outcome::Playing && !row.contest_over,
            row,
        })
        .collect())
}

/// The player's game `id`, loaded (see [`live::game`]).
pub async fn find(app: &Services, id: &GameId, player: Option<PlayerId>) -> Result<Arc<LiveGame>> {
    live::game(app, id, player).await
}

/// The player's game `id` for an action (see [`live::game_for_action`]).
pub async fn find_for_action(app: &Services, id: &GameId, player: Option<PlayerId>) -> Result<Arc<LiveGame>> {
    live::game_for_action(app, id, player).await
}
