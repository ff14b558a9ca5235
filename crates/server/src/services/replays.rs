//! Replays: a game watched again action by action. Its player watches it
//! once it has ended for good (not at a dead end that Undo can leave); anyone else once nothing of it can still matter: the
//! game closed for good (won, given up, out of time) and its contest, if it
//! has one, over (a closed duel, a daily deal whose day ended; then even a
//! participant's unfinished game is shown). Anything else is answered as a
//! game that does not exist, as everywhere. While its contest runs, a
//! player's own replay leaves the deal number out.

use patience_core::game::{ClockStart, Outcome};
use patience_core::view::GameView;
use patience_core::Game;
use patience_words::{say, Lang};
use serde::Serialize;

use super::games;
use super::live::{self, LiveGame};
use super::records::RecordText;
use super::{contests, Error, Result, Services};
use crate::ids::{Contest, GameId, PlayerId};

/// One action of a replay.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// From 1: the table after it is step `number`'s.
    pub number: usize,
    /// The action as a record writes it (`t3-t5`, `undo`, `quit`).
    pub action: String,
    /// What it did, in words.
    pub words: String,
    /// The game's clock when it was taken.
    pub at_ms: u64,
    pub score: i64,
    pub moves_made: usize,
    pub outcome: Outcome,
}

/// A replay's outline: the game and its actions.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub id: GameId,
    /// The rules' id, and their name in the reader's language.
    pub rules: &'static str,
    pub name: String,
    /// `None` while the game's contest runs (only its player sees it then).
    pub deal: Option<u64>,
    /// The player's account name, if they have one.
    pub player: Option<String>,
    pub created_ms: i64,
    pub outcome: Outcome,
    pub yours: bool,
    /// The duel's or the daily deal's page.
    pub contest: Option<String>,
    pub record: String,
    pub steps: Vec<Step>,
}

/// The game `id` if `me` may watch it, and whether its deal is left out.
pub(crate) async fn readable(
    app: &Services,
    id: &GameId,
    me: Option<PlayerId>,
) -> Result<(std::sync::Arc<LiveGame>, bool)> {
    let not_found = || Error::unknown_game(id);
    let owner = app.store().game_player(id).await?.ok_or_else(not_found)?;
    let live = live::game(app, id, Some(owner)).await?;
    let (outcome, is_final) = {
        let mut game = live.lock().await;
        live::settle_clock(app, &live, &mut game, app.now_ms()).await?;
        (game.outcome(), game.is_final())
    };
    let deal_hidden = contests::hides_deal(app, live.contest.as_ref()).await?;
    let contest_over = live.contest.is_some() && !deal_hidden;
    if me == Some(owner) {
        // A dead end that Undo can leave is not over: its analysis would
        // tell whether to undo.
        if !is_final && !contest_over {
            let why = if outcome == Outcome::Playing { say!("replay-not-over") } else { say!("replay-dead-end") };
            return Err(Error::conflict(why));
        }
    } else if deal_hidden || !(is_final || contest_over) {
        return Err(not_found());
    }
    Ok((live, deal_hidden))
}

/// The outline of game `id`'s replay, for `me`.
pub async fn outline(app: &Services, id: &GameId, me: Option<PlayerId>, lang: Lang) -> Result<Replay> {
    let (live, deal_hidden) = readable(app, id, me).await?;
    let account = app.store().account_of(live.player).await?.map(|a| a.name);
    let game = live.lock().await.clone();
    let mut replayed = Game::new(game.rules(), game.deal()).with_clock_start(live::clock_start(live.contest.is_some()));
    let mut steps = Vec::with_capacity(game.log().len());
    for (i, entry) in game.log().iter().enumerate() {
        let before = replayed.position().clone();
        replayed
            .apply(*entry)
            .map_err(|e| Error::internal(format!("game {id}: action {} does not replay: {e}", i + 1)))?;
        steps.push(Step {
            number: i + 1,
            action: entry.action.to_string(),
            words: games::announcement(&before, entry.action, &replayed, lang),
            at_ms: entry.at_ms,
            score: replayed.score(),
            moves_made: replayed.moves_made(),
            outcome: replayed.outcome(),
        });
    }
    Ok(Replay {
        id: live.id.clone(),
        rules: game.rules().id,
        name: super::rules_name(game.rules(), lang),
        deal: (!deal_hidden).then(|| game.deal()),
        player: account,
        created_ms: live.created_ms,
        outcome: game.outcome(),
        yours: me == Some(live.player),
        contest: live.contest.as_ref().map(contest_link),
        record: format!("/api/replays/{}/record", live.id),
        steps,
    })
}

fn contest_link(contest: &Contest) -> String {
    match contest {
        Contest::Duel(id) => format!("/duel/{id}"),
        Contest::Daily(id) => super::dailies::view::link(*id),
    }
}

/// The table after step `n` of game `id`'s replay (0: the deal), as the
/// game showed it then, and whether its deal is left out.
pub async fn step(app: &Services, id: &GameId, n: usize, me: Option<PlayerId>, lang: Lang) -> Result<(GameView, bool)> {
    let (live, deal_hidden) = readable(app, id, me).await?;
    let game = live.lock().await.clone();
    let log = game.log();
    if n > log.len() {
        return Err(Error::new(super::ErrorKind::NotFound, say!("replay-no-such-step", actions = log.len(), step = n)));
    }
    let at = if n == 0 { 0 } else { log[n - 1].at_ms };
    let replayed = Game::replay(game.rules(), game.deal(), live::clock_start(live.contest.is_some()), &log[..n])
        .map_err(|(i, e)| Error::internal(format!("game {id}: action {i} does not replay: {e}")))?;
    Ok((GameView::of(&replayed, at, &lang), deal_hidden))
}

/// Game `id`'s record, for whoever may watch its replay.
pub async fn record(app: &Services, id: &GameId, me: Option<PlayerId>, lang: Lang) -> Result<RecordText> {
    let (live, _) = readable(app, id, me).await?;
    games::record(app, &live, lang).await
}

/// Games an export holds at most, the latest.
const EXPORT_LIMIT: usize = 10_000;

/// Every game of `player`'s that has ended, as records one after another
/// (the latest first), for one download; its first line, a comment, in
/// `lang`. A game whose contest still runs
/// is left out: its record would name the deal.
pub async fn export(app: &Services, player: PlayerId, lang: Lang) -> Result<String> {
    let rows = super::stats::settled_rows(app, player, EXPORT_LIMIT).await?;
    let rows: Vec<_> = rows.into_iter().filter(|r| r.outcome != Outcome::Playing && !r.deal_secret).collect();
    let mut text = say!("export-header", count = rows.len()).in_lang(lang);
    text.push_str("\n\n");
    for row in rows {
        let live = live::game(app, &row.id, Some(player)).await?;
        let game = live.lock().await;
        text.push_str(&super::records::text(&game, false, lang));
        text.push('\n');
    }
    Ok(text)
}

/// A record pasted or uploaded: replayed (refused with its first refused
/// action, in words, when it does not replay), then kept as an ordinary
/// game of `player`'s, to be watched and analysed like any finished game.
pub async fn import(app: &Services, player: PlayerId, address: Option<std::net::IpAddr>, text: &str) -> Result<GameId> {
    use patience_core::record::Record;
    let mut records = Record::parse_many(text).map_err(|(_, e)| Error::invalid(patience_words::record_error(&e)))?;
    if records.len() != 1 {
        return Err(Error::invalid(say!("record-one-at-a-time", records = records.len())));
    }
    let record = records.remove(0);
    super::games::check_deal(record.deal)?;
    let recorded = record.replay().map_err(|e| Error::invalid(patience_words::record_error(&e)))?;
    // Its score has no time bonus, which no game played here lacks.
    if recorded.clock_start() == ClockStart::Off && record.rules.clock_secs.is_some() {
        return Err(Error::invalid(say!("record-clock-off")));
    }
    // Stored, it replays as an ordinary game does, its clock from the first
    // action: a record whose clock ran from the opening must give the same.
    let game =
        Game::replay(record.rules, record.deal, live::clock_start(false), &record.entries).map_err(|(n, e)| {
            Error::invalid(say!("record-action-refused", number = n, why = patience_words::game_error(&e)))
        })?;
    if (game.outcome(), game.score()) != (recorded.outcome(), recorded.score()) {
        return Err(Error::invalid(say!("record-contest-clock")));
    }
    app.limits().take(super::limits::Kind::NewGame, super::limits::BucketOwner::Player(player))?;
    if let Some(address) = address {
        app.limits().take(super::limits::Kind::NewGame, super::limits::BucketOwner::Address(address))?;
    }
    let now = app.now_ms();
    let mut replayed = Game::new(record.rules, record.deal).with_clock_start(live::clock_start(false));
    let mut new = crate::store::NewGame {
        id: GameId::random(),
        player,
        rules: record.rules,
        deal: record.deal,
        created_ms: now,
        dealt_as_winnable: false,
        imported: true,
    };
    loop {
        match app.store().create_game(&new, &crate::store::Summary::of(&replayed, now)).await {
            Ok(()) => break,
            Err(crate::store::StoreError::DuplicateId(_)) => new.id = GameId::random(),
            Err(e) => return Err(e.into()),
        }
    }
    for (n, entry) in record.entries.iter().enumerate() {
        replayed.apply(*entry).map_err(|e| Error::internal(format!("an imported action does not replay: {e}")))?;
        app.store().append(&new.id, n, entry, &crate::store::Summary::of(&replayed, now)).await?;
    }
    tracing::info!(game = %new.id, %player, rules = record.rules.id, actions = record.entries.len(), "game imported");
    Ok(new.id)
}
