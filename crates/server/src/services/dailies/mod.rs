//! Daily deals: every UTC day each game's default rules get one deal, the
//! same for everyone, proven winnable by the solver where the rules let a
//! deal be won. It is committed (a duel's commitment, see
//! [`duels::fairness`]) ahead of the day by the worker of [`ahead`], which
//! prefers a Medium deal, or else the first time anyone asks for it that
//! day; its seed and salt are revealed once the day is over.
//!
//! Each player (with an account or without) has one counted attempt a day:
//! a game of the day's deal with no hint, no Finish and no restart, its
//! clock running from its opening, and no move after the day ends. The
//! day's board shows names and figures only until then; afterwards the
//! deal, its par, a winning line and every attempt's record.
//!
//! The deal is not one of the library's: the library's deal numbers are
//! public (the starting pool ships with the server, solutions included),
//! so a library deal could be recognised from its first face-up cards, and
//! "a Medium deal" in an ordinary game could deal it with hints on. A
//! daily deal starts from a 52-bit random number, as a duel's does.

pub mod ahead;
pub mod view;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex as SyncMutex;
use std::time::Duration;

use patience_core::{presets, Game, Rules};
use patience_words::{say, Lang};

use super::duels::{self, fairness};
use super::limits::{BucketOwner, Kind};
use super::live::{self, LiveGame};
use super::pars::{self, ParFigures};
use super::records::{self, RecordText};
use super::searches::{Asker, Search};
use super::{library, Error, ErrorKind, Result, Services};
use crate::ids::{Contest, DailyId, Day, GameId, PlayerId};
use crate::store::{BoardOrder, Daily, DailyWrite, NewAttempt, NewGame, StoreError, Summary};
pub use view::{Board, BoardLine, DayView, DaysView, Neighbours, Streaks, TodayEntry};

/// Attempts a board page lists.
pub const BOARD_PAGE: usize = 50;
/// Past days a page lists.
pub const DAYS_PAGE: usize = 30;

/// Deals from a random start the solver looks at for a winnable one, and
/// its time for each; random starts tried before a deal that is not proven
/// winnable is taken.
const WINNABLE_TRIES: u64 = 10;
const WINNABLE_SECS_PER_DEAL: u64 = 1;
const RANDOM_STARTS: usize = 3;

/// Whose searches the server's own are counted as, when no player asks
/// (a commitment ahead of the day, a page read without a cookie): a number
/// the store never gives a player.
pub const SERVER: PlayerId = PlayerId(0);

/// The most time the solver may look for a day's winning line.
const LINE_SECS: u64 = 5;

/// A winning line of a deal from its start, as the solver found it: put
/// into words for each reader.
type Line = Vec<patience_core::Move>;

/// The daily deals' state in memory: one commitment at a time in this
/// process, and what never changes once known (a day's commitment, its
/// winning line).
#[derive(Default)]
pub struct DailyState {
    commits: tokio::sync::Mutex<()>,
    committed: SyncMutex<HashMap<(&'static str, Day), Daily>>,
    lines: SyncMutex<HashMap<(&'static str, u64), Option<Line>>>,
}

/// The rules of the games that have a daily deal: each game's default
/// rules, in the order of `patience games`.
pub fn games() -> impl Iterator<Item = &'static Rules> {
    presets::ALL.iter().filter(|rules| rules.is_default())
}

/// The default rules of `game`, which have a daily deal.
pub fn rules_of(game: &str) -> Result<&'static Rules> {
    games().find(|rules| rules.id == game).ok_or_else(|| {
        let ids: Vec<&str> = games().map(|r| r.id).collect();
        let game = game.chars().take(40).collect::<String>();
        Error::new(ErrorKind::NotFound, say!("daily-no-such-game", game = game, games = ids.join(", ")))
    })
}

/// Today, by the server's clock (UTC).
pub fn today(app: &Services) -> Day {
    Day::of_ms(app.now_ms())
}

/// Whether daily deal `id`'s day has ended.
pub fn is_over(app: &Services, id: DailyId) -> bool {
    app.now_ms() >= id.day.end_ms()
}

/// Checks an action on an attempt at daily deal `id`: no restart, and no
/// action once the day is over.
pub fn check_move(app: &Services, id: DailyId, restart: bool) -> Result<()> {
    if is_over(app, id) {
        return Err(Error::conflict(say!("daily-over", day = id.day.to_string())));
    }
    if restart {
        return Err(Error::new(ErrorKind::Refused, say!("daily-no-restart")));
    }
    Ok(())
}

/// The daily deal `id` if it was committed: from memory, else the store.
pub(crate) async fn stored(app: &Services, id: DailyId) -> Result<Option<Daily>> {
    let key = (id.rules.id, id.day);
    if let Some(daily) = app.dailies().committed.lock().unwrap().get(&key) {
        return Ok(Some(daily.clone()));
    }
    let daily = app.store().daily(id).await?;
    if let Some(daily) = &daily {
        app.dailies().committed.lock().unwrap().insert(key, daily.clone());
    }
    Ok(daily)
}

/// The daily deal `id`, committed now if its day is today and nobody has
/// asked for it yet (the search for a winnable deal runs as `player`'s). A
/// day that never had one gets none afterwards: its commitment would come
/// after the day started.
pub async fn committed(app: &Services, id: DailyId, asker: Asker) -> Result<Daily> {
    let today = today(app);
    // One committed ahead is not out before its day either.
    if id.day > today {
        return Err(Error::new(ErrorKind::NotFound, say!("daily-not-out", day = id.day.to_string())));
    }
    if let Some(daily) = stored(app, id).await? {
        return Ok(daily);
    }
    if id.day < today {
        let name = patience_words::rules_name(id.rules);
        return Err(Error::new(ErrorKind::NotFound, say!("daily-never-dealt", name = name, day = id.day.to_string())));
    }
    commit(app, id, asker).await
}

/// Chooses and commits today's deal of `id`, unless this process or
/// another server committed it meanwhile: the first commitment stands.
async fn commit(app: &Services, id: DailyId, asker: Asker) -> Result<Daily> {
    let _one_at_a_time = app.dailies().commits.lock().await;
    if let Some(daily) = stored(app, id).await? {
        return Ok(daily);
    }
    let deal = choose_deal(app, asker, id.rules).await?;
    commit_deal(app, id, deal).await
}

/// Commits `deal` as the daily deal `id`, unless one was committed first
/// (by this process or another server): that one stands, and is returned.
pub(crate) async fn commit_deal(app: &Services, id: DailyId, deal: u64) -> Result<Daily> {
    let fresh = fairness::seed_for_deal(deal);
    let daily =
        Daily { id, deal, seed: fresh.seed, salt: fresh.salt, commitment: fresh.commitment, created_ms: app.now_ms() };
    app.store().write_daily(DailyWrite::Create(daily)).await?;
    let daily = stored(app, id).await?.ok_or_else(|| Error::internal("a daily deal written is not read back"))?;
    tracing::info!(daily = %id, commitment = %daily.commitment, "daily deal committed");
    Ok(daily)
}

/// A random deal number from 1 to a little under 2^52, as a duel's seed
/// gives (the deals after it, which a search for a winnable one looks at,
/// stay below 2^52).
pub(crate) fn random_start() -> u64 {
    fairness::new_commitment().deal.min((1 << 52) - WINNABLE_TRIES)
}

/// A deal for the day: the first deal the solver proves winnable from a
/// random 52-bit number on; any deal for rules whose deals the library found
/// never winnable (Lasker by its original rules: the board ranks cards up).
async fn choose_deal(app: &Services, asker: Asker, rules: &'static Rules) -> Result<u64> {
    if library::refuse_if_hopeless(app, rules).await.is_err() {
        return Ok(random_start());
    }
    let mut start = random_start();
    for _ in 0..RANDOM_STARTS {
        let budget = patience_solver::Budget::default()
            .with_timeout(Duration::from_secs(WINNABLE_SECS_PER_DEAL))
            .with_memory(256 << 20);
        let search = move || patience_solver::winnable::next_winnable_deal(rules, start, &budget, WINNABLE_TRIES);
        if let Some((deal, _)) = app.searches().run(asker, Search::WinnableDeal, search).await? {
            return Ok(deal);
        }
        start = random_start();
    }
    tracing::warn!(rules = rules.id, deal = start, "no winnable daily deal found: dealing one not proven winnable");
    Ok(start)
}

/// `player`'s attempt at today's daily deal of `game`: their game, created
/// now (its clock starts now) if they have none yet. A player without an
/// account appears on the board under `name`; one with an account under
/// its name. Asked twice at once, both get the same game. The bool says
/// whether this request created it.
pub async fn play(
    app: &Services,
    player: PlayerId,
    address: Option<IpAddr>,
    game: &str,
    name: Option<&str>,
) -> Result<(GameId, bool)> {
    let rules = rules_of(game)?;
    let id = DailyId { rules, day: today(app) };
    if let Some(game_id) = app.store().daily_attempt(id, player).await? {
        return Ok((game_id, false));
    }
    let name = match app.store().account_of(player).await? {
        Some(account) => account.name,
        None => duels::check_name(name.ok_or_else(|| Error::invalid(say!("daily-name-needed")))?)?,
    };
    app.limits().take(Kind::NewGame, BucketOwner::Player(player))?;
    if let Some(address) = address {
        app.limits().take(Kind::NewGame, BucketOwner::Address(address))?;
    }
    let daily = committed(app, id, Asker::new(player, address)).await?;
    let now = app.now_ms();
    let game = Game::new(rules, daily.deal).with_clock_start(live::clock_start(true));
    let summary = Summary::of(&game, now);
    let mut new = NewGame {
        id: GameId::random(),
        player,
        rules,
        deal: daily.deal,
        created_ms: now,
        dealt_as_winnable: false,
        imported: false,
    };
    loop {
        let attempt = NewAttempt { daily: id, player, name: name.clone(), game: new.clone(), summary: summary.clone() };
        match app.store().write_daily(DailyWrite::StartAttempt(attempt)).await {
            Ok(()) => break,
            Err(StoreError::DuplicateId(_)) => new.id = GameId::random(),
            Err(StoreError::AttemptExists) => {
                // Opened meanwhile by another request of theirs: that game.
                let theirs = app.store().daily_attempt(id, player).await?;
                let theirs = theirs.ok_or_else(|| Error::internal("an attempt that exists is not read back"))?;
                return Ok((theirs, false));
            }
            Err(e) => return Err(e.into()),
        }
    }
    app.live().insert(LiveGame::new(new.id.clone(), player, now, Some(Contest::Daily(id)), game));
    tracing::info!(daily = %id, game = %new.id, %player, "daily attempt started");
    Ok((new.id, true))
}

/// The daily deal a game is an attempt at, as its game page shows it;
/// `None` for any other game.
pub fn of_game(app: &Services, live: &LiveGame, lang: Lang) -> Option<view::GameDaily> {
    match &live.contest {
        Some(Contest::Daily(id)) => Some(view::GameDaily::of(*id, is_over(app, *id), lang)),
        _ => None,
    }
}

/// Today's daily deal of every game as `me` is shown it: committed ones
/// with their commitment and how many played, and `me`'s attempts.
pub async fn today_all(app: &Services, me: Option<PlayerId>, lang: Lang) -> Result<Vec<TodayEntry>> {
    let day = today(app);
    let mut entries = Vec::new();
    for rules in games() {
        let id = DailyId { rules, day };
        let daily = stored(app, id).await?;
        let (_, attempts) = app.store().daily_board(id, BoardOrder::of(rules), 0, 0).await?;
        let mine = match me {
            Some(me) => app.store().daily_attempt(id, me).await?,
            None => None,
        };
        entries.push(TodayEntry::of(id, daily.as_ref(), attempts, mine, lang));
    }
    Ok(entries)
}

/// The days next to `id`'s that have a daily deal of its game, for
/// browsing: a day nobody asked for was never dealt, and has no page to go to.
async fn neighbours(app: &Services, id: DailyId) -> Result<Neighbours> {
    let store = app.store();
    let (before, _) = store.daily_days(id.rules.id, id.day, 0, 1).await?;
    let today = today(app);
    let next = match id.day.next().filter(|next| *next <= today) {
        None => None,
        Some(next) => {
            // Counted latest first: the days before today, and those up to this one.
            let (_, before_today) = store.daily_days(id.rules.id, today, 0, 0).await?;
            let (_, up_to_this) = store.daily_days(id.rules.id, next, 0, 0).await?;
            match before_today.checked_sub(up_to_this + 1) {
                // None between this day and today: today's, which is dealt when asked for.
                None => Some(today),
                Some(offset) => store.daily_days(id.rules.id, today, offset, 1).await?.0.first().map(|row| row.day),
            }
        }
    };
    Ok(Neighbours { previous: before.first().map(|row| row.day), next })
}

/// A day's daily deal of `game` as `me` is shown it, with page `page` (from
/// 1) of its board. Today's is committed if nobody asked for it yet.
pub async fn day(
    app: &Services,
    game: &str,
    day: Day,
    me: Option<PlayerId>,
    address: Option<IpAddr>,
    page: usize,
    lang: Lang,
) -> Result<DayView> {
    let rules = rules_of(game)?;
    let id = DailyId { rules, day };
    let asker = Asker::new(me.unwrap_or(SERVER), address);
    let daily = committed(app, id, asker).await?;
    let over = is_over(app, id);
    let page = page.max(1);
    let (rows, total) = app.store().daily_board(id, BoardOrder::of(rules), (page - 1) * BOARD_PAGE, BOARD_PAGE).await?;
    let mine = match me {
        Some(me) => app.store().daily_attempt(id, me).await?,
        None => None,
    };
    let board = Board::of(id, &rows, total, page, over, me);
    let around = neighbours(app, id).await?;
    let mut view = DayView::of(&daily, today(app), over, board, mine, around, lang);
    if over {
        // A winning line found is the par too (every card up), and spares
        // its search.
        let line = winning_line(app, asker, rules, daily.deal)
            .await?
            .and_then(|moves| pars::playable_line(&Game::new(rules, daily.deal), &moves, &lang));
        let par = match &line {
            Some(_) => ParFigures { best: rules.card_count(), exact: true, total: rules.card_count() },
            None => pars::deal_par(app, asker, rules, daily.deal).await?,
        };
        view.reveal_after_the_day(par, line);
    }
    Ok(view)
}

/// A winning line of deal `deal` from its start, if the solver
/// finds one within [`LINE_SECS`] (kept once found).
async fn winning_line(app: &Services, asker: Asker, rules: &'static Rules, deal: u64) -> Result<Option<Line>> {
    if let Some(line) = app.dailies().lines.lock().unwrap().get(&(rules.id, deal)) {
        return Ok(line.clone());
    }
    let search = move || {
        let game = Game::new(rules, deal);
        let budget =
            patience_solver::Budget::default().with_timeout(Duration::from_secs(LINE_SECS)).with_memory(256 << 20);
        let report = patience_solver::solve(game.position(), &budget);
        report
            .outcome
            .solution()
            .filter(|line| pars::playable_line(&game, line, &patience_core::view::Silent).is_some())
            .map(<[_]>::to_vec)
    };
    let line = app.searches().run(asker, Search::Line, search).await?;
    app.dailies().lines.lock().unwrap().insert((rules.id, deal), line.clone());
    Ok(line)
}

/// The days before today that had a daily deal of `game`, page `page`
/// (from 1), the latest first.
pub async fn days(app: &Services, game: &str, page: usize, lang: Lang) -> Result<DaysView> {
    let rules = rules_of(game)?;
    let page = page.max(1);
    let (rows, total) = app.store().daily_days(rules.id, today(app), (page - 1) * DAYS_PAGE, DAYS_PAGE).await?;
    Ok(DaysView::of(rules, &rows, total, page, lang))
}

/// The record of an attempt at a day's daily deal, for anyone once the day
/// is over; before, an attempt is answered as one that does not exist.
pub async fn record(app: &Services, game: &str, day: Day, game_id: &GameId, lang: Lang) -> Result<RecordText> {
    let rules = rules_of(game)?;
    let id = DailyId { rules, day };
    let not_found = || Error::unknown_game(game_id);
    if !is_over(app, id) {
        return Err(not_found());
    }
    let stored = app.store().load_game(game_id).await?.ok_or_else(not_found)?;
    if stored.contest != Some(Contest::Daily(id)) {
        return Err(not_found());
    }
    let live = live::game(app, game_id, Some(stored.player)).await?;
    let mut game = live.lock().await;
    live::settle_clock(app, &live, &mut game, app.now_ms()).await?;
    // The day is over: its deal is no secret any more.
    Ok(records::of(&game, false, lang))
}

/// The days on which daily deals `player` played, a year of them at most.
const STREAK_DAYS: usize = 366;

/// `player`'s daily streaks: the days in a row they played a daily deal
/// (any game) up to today (or yesterday, when today's is still ahead of
/// them), the longest run, and how many days they played.
pub async fn streaks(app: &Services, player: PlayerId) -> Result<Streaks> {
    let days = app.store().daily_days_of(player, STREAK_DAYS).await?;
    Ok(Streaks::of(&days, today(app)))
}
