//! Games: starting one, showing it to its player, applying their actions,
//! the honest player's hint, the record and the list of a player's games.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use patience_core::game::{Action, Entry};
use patience_core::view::GameView;
use patience_core::{presets, Game, GameError, Move, Rules};

use super::limits::{Kind, Requester};
use super::live::{self, LiveGame};
use super::searches::Search;
use super::{duels, records, stats, Error, ErrorKind, Result, Services};
use crate::ids::{GameId, PlayerId};
use crate::store::{GameRow, NewGame, StoreError, Summary};

/// A game as its player is shown it.
pub struct Shown {
    pub id: GameId,
    /// Unix time in milliseconds when the game was created.
    pub created_ms: i64,
    pub view: GameView,
    /// The game belongs to a duel that is still open: its deal number is
    /// not shown (see [`duels::hides_deal`]).
    pub deal_hidden: bool,
}

fn shown(live: &LiveGame, game: &Game, unix_now: i64, deal_hidden: bool) -> Shown {
    Shown {
        id: live.id.clone(),
        created_ms: live.created_ms,
        view: GameView::of(game, live.clock_ms(game, unix_now)),
        deal_hidden,
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

/// The first deal from `from` on that the solver proves winnable, searched
/// on the search pool.
async fn winnable_deal(app: &Services, player: PlayerId, rules: &'static Rules, from: u64) -> Result<u64> {
    let budget = patience_solver::Budget::default()
        .with_timeout(Duration::from_secs(WINNABLE_SECS_PER_DEAL))
        .with_memory(256 << 20);
    let search = move || patience_solver::winnable::next_winnable_deal(rules, from, &budget, WINNABLE_TRIES);
    let found = app.searches().run(player, Search::WinnableDeal, search).await?;
    match found {
        Some((deal, _)) => Ok(deal),
        None => Err(Error::new(
            ErrorKind::Refused,
            format!(
                "no deal from {from} to {} was proven winnable within {WINNABLE_SECS_PER_DEAL} s each; \
                 try another deal number, or play without \"winnable deals only\"",
                from.saturating_add(WINNABLE_TRIES - 1)
            ),
        )),
    }
}

/// Starts a game of `rules` for `player`: deal `deal`, or a random one; with
/// `winnable`, the first deal from there on that the solver proves winnable.
pub async fn create(
    app: &Services,
    player: PlayerId,
    address: Option<IpAddr>,
    rules: &'static Rules,
    deal: Option<u64>,
    winnable: bool,
) -> Result<Shown> {
    app.limits().take(Kind::NewGame, Requester::Player(player))?;
    if let Some(address) = address {
        app.limits().take(Kind::NewGame, Requester::Address(address))?;
    }
    let mut deal = deal.unwrap_or_else(random_deal);
    if winnable {
        deal = winnable_deal(app, player, rules, deal).await?;
    }
    let now = app.now_ms();
    let game = Game::new(rules, deal);
    let mut new = NewGame { id: GameId::random(), player, rules: rules.id.to_string(), deal, created_ms: now };
    let summary = Summary::of(&game, now);
    loop {
        match app.store().create_game(&new, &summary).await {
            Ok(()) => break,
            Err(StoreError::DuplicateId(_)) => new.id = GameId::random(),
            Err(e) => return Err(e.into()),
        }
    }
    tracing::debug!(game = %new.id, %player, rules = rules.id, deal, "game created");
    let live = app.live().insert(LiveGame::new(new.id, player, now, None, game));
    let game = live.lock().await;
    Ok(shown(&live, &game, now, false))
}

/// The player's view of their game.
pub async fn show(app: &Services, live: &LiveGame) -> Result<Shown> {
    let mut game = live.lock().await;
    let deal_hidden = duels::hides_deal(app, live.duel.as_ref()).await?;
    let now = app.now_ms();
    live::settle_clock(app, live, &mut game, now).await?;
    Ok(shown(live, &game, now, deal_hidden))
}

/// Applies `action` as the game's action number `number`: refused unless
/// the game is at exactly that number, so a repeated or stale request is
/// never applied twice. The action is committed to the database before this
/// returns.
pub async fn act(app: &Services, live: &LiveGame, number: usize, action: PlayerAction) -> Result<Shown> {
    let behind = app.store().shared() && live.lock().await.action_number() < number;
    if behind {
        // Another server moved the game on since this one cached it.
        live::catch_up(app, live).await?;
    }
    let mut game = live.lock().await;
    let deal_hidden = duels::hides_deal(app, live.duel.as_ref()).await?;
    let unix_now = app.now_ms();
    live::settle_clock(app, live, &mut game, unix_now).await?;
    let expected = game.action_number();
    if number != expected {
        return Err(Error::conflict(format!(
            "stale action number {number}: the game is at action {expected}; reload the game and try again"
        )));
    }
    if game.is_final() {
        return Err(GameError::Over(game.outcome()).into());
    }
    let action = match action {
        PlayerAction::Play(mv) => Action::Play(mv),
        PlayerAction::Undo => Action::Undo,
        PlayerAction::Redo => Action::Play(game.redo_move().ok_or(GameError::NothingToRedo)?),
        PlayerAction::Restart => Action::Restart,
        PlayerAction::Quit => Action::Quit,
        PlayerAction::SafeAutoMoves(on) => Action::SafeAutoMoves(on),
    };
    let entry = Entry { action, at_ms: live.clock_ms(&game, unix_now) };
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
            StoreError::Conflict { .. } => Error::conflict(format!(
                "stale action number {expected}: the game has moved on; reload the game and try again"
            )),
            e => e.into(),
        });
    }
    tracing::debug!(game = %live.id, number = expected, action = %action, at_ms = entry.at_ms, outcome = ?summary.outcome, "action");
    if let Some(duel) = &live.duel {
        duels::announce(app, duel).await;
    }
    Ok(shown(live, &game, unix_now, deal_hidden))
}

/// The most time one hint may think.
const HINT_SECS: u64 = 2;

/// The honest player's move, computed from the player's view and what the
/// game's log shows the player has seen, never from hidden cards. Off in
/// duel games, where it would be outside help.
pub async fn hint(app: &Services, live: &LiveGame) -> Result<patience_solver::honest::Hint> {
    if live.duel.is_some() {
        return Err(Error::forbidden("hints are off in duel games: every participant plays alone"));
    }
    let (rules, view, knowledge, seed) = {
        let mut game = live.lock().await;
        let now = app.now_ms();
        live::settle_clock(app, live, &mut game, now).await?;
        let outcome = game.outcome();
        if outcome.is_final() {
            return Err(Error::conflict(format!("the game is over ({}): there is nothing to hint", outcome.as_str())));
        }
        let view = GameView::of(&game, live.clock_ms(&game, now)).table;
        let knowledge = patience_solver::honest::Knowledge::of_game(&game);
        // The same table gets the same hint.
        let seed = live
            .id
            .as_str()
            .bytes()
            .fold(game.action_number() as u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
        (game.rules(), view, knowledge, seed)
    };
    let config =
        patience_solver::honest::HonestConfig { time: Some(Duration::from_secs(HINT_SECS)), ..Default::default() };
    let search = move || patience_solver::honest::hint(rules, &view, &knowledge, &config, seed);
    let found = app.searches().run(live.player, Search::Hint, search).await?;
    found.ok_or_else(|| Error::conflict("no move is legal: there is nothing to hint"))
}

/// A game's record as text, and a file name for it.
pub struct RecordText {
    pub text: String,
    pub file_name: String,
}

/// The game's record.
pub async fn record(app: &Services, live: &LiveGame) -> Result<RecordText> {
    let mut game = live.lock().await;
    let deal_hidden = duels::hides_deal(app, live.duel.as_ref()).await?;
    live::settle_clock(app, live, &mut game, app.now_ms()).await?;
    let deal = if deal_hidden { "duel".to_string() } else { game.deal().to_string() };
    let file_name = format!("patience-{}-{deal}.txt", game.rules().id.replace('/', "-"));
    Ok(RecordText { text: records::text(&game, deal_hidden), file_name })
}

/// A row of the game list, with the game's name; no deal for a game whose
/// duel is open.
pub struct Listed {
    pub row: GameRow,
    pub deal: Option<u64>,
    pub name: &'static str,
}

/// Games that a list shows at most.
const LIST_LIMIT: usize = 200;

/// The player's games, newest first.
pub async fn list(app: &Services, player: PlayerId) -> Result<Vec<Listed>> {
    let rows = stats::settled_rows(app, player, LIST_LIMIT).await?;
    Ok(rows
        .into_iter()
        .map(|row| Listed {
            name: presets::find(&row.rules).map_or("unknown", |r| r.name),
            deal: if row.duel_open { None } else { Some(row.deal) },
            row,
        })
        .collect())
}

/// The player's game `id`, loaded (see [`live::game`]).
pub async fn find(app: &Services, id: &str, player: Option<PlayerId>) -> Result<Arc<LiveGame>> {
    live::game(app, id, player).await
}

/// The player's game `id` for an action (see [`live::game_for_action`]).
pub async fn find_for_action(app: &Services, id: &str, player: Option<PlayerId>) -> Result<Arc<LiveGame>> {
    live::game_for_action(app, id, player).await
}
