//! [`Game`]: a game in progress as its rules, deal number and action log.
//!
//! The log is the whole truth: the position, the undo and redo stacks, the
//! score and the result are derived from it, so storing a game means storing
//! its log, and replaying the log rebuilds exactly the same game. Each entry
//! carries the milliseconds since the game started, which the clock and
//! Harmony's time bonuses read; the server stamps them, never the player.

use crate::error::IllegalMove;
use crate::moves::{Move, MoveList};
use crate::position::{Position, Status};
use crate::rules::{Rules, Scoring};
use crate::scoring::{self, Finish, Tally};

/// One thing the player did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move (a redo is the undone move played again).
    Play(Move),
    /// Take back the last move that is still on the table.
    Undo,
    /// Take back every move (in Harmony each one costs an undo).
    Restart,
    /// Give up; the game ends as it stands.
    Quit,
    /// Switch the optional safe auto-move on or off: while on, cards that
    /// can never be needed in the tableau go to the foundations by
    /// themselves after each move (see [`Position::safe_foundation_move`]).
    SafeAutoMoves(bool),
    /// The player was shown a winning line (once every card left is known):
    /// the table is unchanged, but a win from here on is a win with help.
    ShowLine,
}

/// The record token of an action: a move in notation, `undo`, `restart`,
/// `quit`, `auto-on`, `auto-off` or `line`.
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Play(mv) => write!(f, "{mv}"),
            Action::Undo => f.write_str("undo"),
            Action::Restart => f.write_str("restart"),
            Action::Quit => f.write_str("quit"),
            Action::SafeAutoMoves(true) => f.write_str("auto-on"),
            Action::SafeAutoMoves(false) => f.write_str("auto-off"),
            Action::ShowLine => f.write_str("line"),
        }
    }
}

/// Reads what [`Action`]'s `Display` writes (case-insensitive).
///
/// ```
/// use patience_core::{Action, Move};
///
/// assert_eq!("undo".parse::<Action>(), Ok(Action::Undo));
/// assert_eq!("AUTO-ON".parse::<Action>(), Ok(Action::SafeAutoMoves(true)));
/// assert_eq!("s".parse::<Action>(), Ok(Action::Play(Move::Draw)));
/// assert_eq!(Action::Play(Move::Redeal).to_string(), "r");
/// ```
impl std::str::FromStr for Action {
    type Err = crate::notation::NotationError;

    fn from_str(text: &str) -> Result<Action, Self::Err> {
        Ok(match text.trim().to_ascii_lowercase().as_str() {
            "undo" => Action::Undo,
            "restart" => Action::Restart,
            "quit" => Action::Quit,
            "auto-on" => Action::SafeAutoMoves(true),
            "auto-off" => Action::SafeAutoMoves(false),
            "line" => Action::ShowLine,
            _ => Action::Play(text.parse()?),
        })
    }
}

/// An action and when it happened, in milliseconds since the game started.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    pub action: Action,
    pub at_ms: u64,
}

/// When a timed game's clock starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClockStart {
    /// With the player's first action, so that a practice game's clock
    /// does not run while the player reads the rules.
    FirstAction,
    /// When the game is opened: a duel game, whose deal every participant
    /// may be shown at different moments but plays for the same time.
    Opening,
    /// Never: a timed game played without its clock (practice in the
    /// terminal). Time never runs out, and no time left earns a bonus.
    Off,
}

impl ClockStart {
    /// As records write it in their `Clock` header.
    pub fn as_str(self) -> &'static str {
        match self {
            ClockStart::FirstAction => "first-action",
            ClockStart::Opening => "opening",
            ClockStart::Off => "off",
        }
    }
}

/// Why a game is no longer being played, or `Playing`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Playing,
    Won,
    /// No legal move is left; undo is still possible.
    Lost,
    /// A dead end: legal moves are left but none leads to progress (see
    /// [`Position::progress_reachable`]); undo is still possible.
    Stuck,
    /// The player gave up.
    Quit,
    /// The clock reached 0:00.
    TimeUp,
}

impl Outcome {
    /// Whether the game is closed for good: won, given up or out of time.
    pub fn is_final(self) -> bool {
        matches!(self, Outcome::Won | Outcome::Quit | Outcome::TimeUp)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Playing => "playing",
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Stuck => "stuck",
            Outcome::Quit => "quit",
            Outcome::TimeUp => "time_up",
        }
    }
}

/// A text that names no [`Outcome`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown outcome `{0}`")]
pub struct UnknownOutcome(pub String);

/// Reads what [`Outcome::as_str`] writes.
impl std::str::FromStr for Outcome {
    type Err = UnknownOutcome;

    fn from_str(text: &str) -> Result<Outcome, UnknownOutcome> {
        [Outcome::Playing, Outcome::Won, Outcome::Lost, Outcome::Stuck, Outcome::Quit, Outcome::TimeUp]
            .into_iter()
            .find(|o| o.as_str() == text)
            .ok_or_else(|| UnknownOutcome(text.to_string()))
    }
}

/// Why an action was refused. The game is unchanged. Its words, in the
/// player's language, come from the `patience-words` crate; the error's own
/// text is for logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    #[error("the game is over ({})", .0.as_str())]
    Over(Outcome),
    #[error("There is no move to undo.")]
    NothingToUndo,
    #[error("There is no move to redo.")]
    NothingToRedo,
    #[error("Scored games have no restart: undo takes back one move at a time, at {} points each.", thousands(*.penalty))]
    NoRestart { penalty: i64 },
    #[error("The clock has run out.")]
    TimeUp { limit_ms: u64, at_ms: u64 },
    #[error("actions must come in time order: {at_ms} ms is before the last action at {last_ms} ms")]
    TimeWentBack { at_ms: u64, last_ms: u64 },
    #[error(
        "A winning line is shown once every card left is known: turn up the face-down cards and see the whole stock first."
    )]
    LineWhileHidden,
}

/// `n` with a comma every three digits, as players read points: 1,000.
fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        out.insert(0, '-');
    }
    out
}

/// A position before a move, with what had been earned so far.
#[derive(Clone)]
struct Snapshot {
    position: Position,
    tally: Tally,
    /// The move played from here.
    mv: Move,
}

/// A game in progress (or finished): rules, deal and log, with everything
/// derived from them kept up to date.
///
/// ```
/// use patience_core::game::{ClockStart, GameError, Outcome};
/// use patience_core::{presets, Game, Position};
///
/// let harmony = presets::find("harmony").unwrap();
/// let mut game = Game::new(harmony, 1);
/// // Each action carries its time in milliseconds since the start.
/// game.play("t3-t5".parse().unwrap(), 1_200).unwrap();
/// assert_eq!(game.score(), 100); // Harmony: a card turned up
/// assert!(matches!(game.play("t1-t2".parse().unwrap(), 1_500), Err(GameError::Illegal(_))));
///
/// game.undo(2_000).unwrap();
/// assert_eq!(game.position(), &Position::deal(harmony, 1));
/// assert_eq!(game.score(), -1_000); // the move's points taken back, and the undo's cost
/// assert_eq!(game.redo_move().unwrap().to_string(), "t3-t5");
/// assert_eq!(game.outcome(), Outcome::Playing);
///
/// // The log is the game: replaying it rebuilds the same game.
/// assert_eq!(game.log().len(), 2); // the refused move left no entry
/// let again = Game::replay(harmony, 1, ClockStart::FirstAction, game.log()).unwrap();
/// assert_eq!(again.position(), game.position());
/// assert_eq!(again.score(), game.score());
/// ```
#[derive(Clone)]
pub struct Game {
    rules: &'static Rules,
    deal: u64,
    log: Vec<Entry>,
    position: Position,
    tally: Tally,
    /// Positions before each move still on the table, oldest first.
    history: Vec<Snapshot>,
    /// Undone moves, the next one to redo last.
    redo: Vec<Move>,
    undos: u32,
    /// Set by quitting or by the clock.
    ended: Option<(Outcome, u64)>,
    /// Whether the optional safe auto-move is on.
    safe_auto_moves: bool,
    /// Whether the player was shown a winning line ([`Action::ShowLine`]).
    helped: bool,
    /// When the board was cleared.
    won_at: Option<u64>,
    clock_start: ClockStart,
    /// The position's status, worked out once per action: the dead-end
    /// search behind it is too dear to repeat for every read.
    status: std::cell::OnceCell<Status>,
}

impl Game {
    /// A new game of deal `deal`.
    pub fn new(rules: &'static Rules, deal: u64) -> Game {
        let position = Position::deal(rules, deal);
        let tally = Tally::opening(&position);
        Game {
            rules,
            deal,
            log: Vec::new(),
            position,
            tally,
            history: Vec::new(),
            redo: Vec::new(),
            undos: 0,
            ended: None,
            safe_auto_moves: false,
            helped: false,
            won_at: None,
            clock_start: ClockStart::FirstAction,
            status: std::cell::OnceCell::new(),
        }
    }

    /// The same game with its clock starting at `start` (a new game's starts
    /// with the first action). Set before the first action.
    pub fn with_clock_start(mut self, start: ClockStart) -> Game {
        debug_assert!(self.log.is_empty(), "the clock's start is chosen before play");
        self.clock_start = start;
        self
    }

    pub fn clock_start(&self) -> ClockStart {
        self.clock_start
    }

    /// When the clock started, in the log's milliseconds: `None` while a
    /// clock that starts with the first action waits for it. Without a
    /// clock, the game's time still counts from the first action
    /// ([`Game::played_ms`]).
    pub fn clock_started_at(&self) -> Option<u64> {
        match self.clock_start {
            ClockStart::Opening => Some(0),
            ClockStart::FirstAction | ClockStart::Off => self.log.first().map(|e| e.at_ms),
        }
    }

    /// Rebuilds a game from its log, checking every entry. On failure says
    /// which entry (counted from 1) was refused and why.
    pub fn replay(
        rules: &'static Rules,
        deal: u64,
        clock_start: ClockStart,
        log: &[Entry],
    ) -> Result<Game, (usize, GameError)> {
        let mut game = Game::new(rules, deal).with_clock_start(clock_start);
        for (i, entry) in log.iter().enumerate() {
            game.apply(*entry).map_err(|e| (i + 1, e))?;
        }
        Ok(game)
    }

    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    pub fn deal(&self) -> u64 {
        self.deal
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Every action so far, in order.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The number the next action will have: the log's length. Clients send
    /// it with each action so that a repeated or stale request is refused.
    pub fn action_number(&self) -> usize {
        self.log.len()
    }

    /// Moves on the table (played and not undone).
    pub fn moves_made(&self) -> usize {
        self.history.len()
    }

    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Whether the deal lies as dealt: no move on the table (none made yet,
    /// or every one taken back or restarted).
    pub fn at_opening(&self) -> bool {
        self.history.is_empty()
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty() && !self.is_final()
    }

    /// The move a redo would play.
    pub fn redo_move(&self) -> Option<Move> {
        self.redo.last().copied()
    }

    /// The clock's limit in milliseconds, for timed games played with
    /// their clock.
    pub fn limit_ms(&self) -> Option<u64> {
        if self.clock_start == ClockStart::Off {
            return None;
        }
        self.rules.clock_secs.map(|s| s as u64 * 1000)
    }

    /// When the last action happened.
    pub fn last_ms(&self) -> u64 {
        self.log.last().map_or(0, |e| e.at_ms)
    }

    /// Where the game stands. The clock only ends a game through
    /// [`Game::expire`] (an action refused as late changes nothing), since
    /// only whoever keeps the clock knows the time.
    pub fn outcome(&self) -> Outcome {
        if let Some((outcome, _)) = self.ended {
            return outcome;
        }
        match *self.status.get_or_init(|| self.position.status()) {
            Status::Playing => Outcome::Playing,
            Status::Won => Outcome::Won,
            Status::Lost => Outcome::Lost,
            Status::Stuck => Outcome::Stuck,
        }
    }

    /// Whether the game is closed for good (won, given up or out of time):
    /// `self.outcome().is_final()` without working out whether the game is
    /// lost or stuck, which plays through the stock.
    pub fn is_final(&self) -> bool {
        self.ended.is_some() || self.position.is_won()
    }

    /// Whether the optional safe auto-move is on.
    pub fn safe_auto_moves(&self) -> bool {
        self.safe_auto_moves
    }

    /// The legal moves now (none once the game is final).
    pub fn legal_moves(&self) -> MoveList {
        if self.is_final() {
            MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// The score: Harmony's points, or the cards on the foundations for
    /// games without scoring.
    pub fn score(&self) -> i64 {
        match self.rules.scoring {
            Scoring::None => self.position.cards_on_foundations() as i64,
            Scoring::Harmony => scoring::score(&self.tally, self.undos, self.finish()),
        }
    }

    /// The part of [`Game::score`] earned by the time left on the clock,
    /// in scored games that ended with some (cleared or given up).
    pub fn time_bonus(&self) -> Option<i64> {
        let bonus = match self.rules.scoring {
            Scoring::None => 0,
            Scoring::Harmony => scoring::time_bonus(self.finish()),
        };
        (bonus > 0).then_some(bonus)
    }

    /// How the game ended, for the bonuses that depend on it.
    fn finish(&self) -> Finish {
        match (self.won_at, self.ended) {
            (Some(at), _) => Finish::Cleared { ms_left: self.ms_left_at(at) },
            (None, Some((Outcome::Quit, at))) => Finish::Quit { ms_left: self.ms_left_at(at) },
            _ => Finish::None,
        }
    }

    /// What the moves have earned so far (Harmony's points before bonuses).
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Checks the time of an action at `at_ms`. The clock shows 0:00 at the
    /// limit itself, so an action at exactly the limit is too late, as for
    /// [`Game::expire`]. A late action changes nothing: ending the game is
    /// left to whoever keeps the clock, through [`Game::expire`].
    fn check_time(&self, at_ms: u64) -> Result<(), GameError> {
        let last_ms = self.last_ms();
        if at_ms < last_ms {
            return Err(GameError::TimeWentBack { at_ms, last_ms });
        }
        if let Some(limit) = self.limit_ms() {
            let started = self.clock_started_at().unwrap_or(at_ms);
            if at_ms >= started + limit {
                return Err(GameError::TimeUp { limit_ms: started + limit, at_ms });
            }
        }
        Ok(())
    }

    /// Applies one log entry.
    pub fn apply(&mut self, entry: Entry) -> Result<(), GameError> {
        match entry.action {
            Action::Play(mv) => self.play(mv, entry.at_ms),
            Action::Undo => self.undo(entry.at_ms),
            Action::Restart => self.restart(entry.at_ms),
            Action::Quit => self.quit(entry.at_ms),
            Action::SafeAutoMoves(on) => self.set_safe_auto_moves(on, entry.at_ms),
            Action::ShowLine => self.show_line(entry.at_ms),
        }
    }

    fn refuse_if_final(&self) -> Result<(), GameError> {
        if self.is_final() {
            return Err(GameError::Over(self.outcome()));
        }
        Ok(())
    }

    /// Plays a move at `at_ms`, with the automatic moves it sets off.
    pub fn play(&mut self, mv: Move, at_ms: u64) -> Result<(), GameError> {
        self.refuse_if_final()?;
        self.check_time(at_ms)?;
        self.position.check(mv)?;
        let before = Snapshot { position: self.position.clone(), tally: self.tally, mv };
        self.position.play_unchecked(mv);
        self.status.take();
        self.make_safe_moves();
        self.tally.record(&before.position, mv, &self.position);
        self.history.push(before);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        if self.position.is_won() {
            self.won_at = Some(at_ms);
        }
        self.log.push(Entry { action: Action::Play(mv), at_ms });
        Ok(())
    }

    /// With the safe auto-move on, sends up every card that can no longer
    /// be needed.
    fn make_safe_moves(&mut self) {
        if self.safe_auto_moves {
            while let Some(mv) = self.position.safe_foundation_move() {
                self.position.play_unchecked(mv);
            }
        }
    }

    /// Switches the optional safe auto-move on or off at `at_ms`; switching
    /// it on makes the safe moves at once.
    pub fn set_safe_auto_moves(&mut self, on: bool, at_ms: u64) -> Result<(), GameError> {
        self.refuse_if_final()?;
        self.check_time(at_ms)?;
        self.safe_auto_moves = on;
        self.status.take();
        self.make_safe_moves();
        if self.position.is_won() {
            self.won_at = Some(at_ms);
        }
        self.log.push(Entry { action: Action::SafeAutoMoves(on), at_ms });
        Ok(())
    }

    /// Records at `at_ms` that the player was shown a winning line: allowed
    /// once every card left is known (no face-down card, the whole stock
    /// seen), so the line tells nothing hidden. A win from then on is a win
    /// with help ([`Game::helped`]), whatever is undone.
    pub fn show_line(&mut self, at_ms: u64) -> Result<(), GameError> {
        self.refuse_if_final()?;
        self.check_time(at_ms)?;
        if !self.every_card_known() {
            return Err(GameError::LineWhileHidden);
        }
        self.helped = true;
        self.log.push(Entry { action: Action::ShowLine, at_ms });
        Ok(())
    }

    /// Whether everything left is known to the player: no face-down card,
    /// and every stock card seen.
    pub fn every_card_known(&self) -> bool {
        self.position.face_down_total() == 0 && self.position.stock_all_seen()
    }

    /// Whether the player was shown a winning line: a win is then a win
    /// with help.
    pub fn helped(&self) -> bool {
        self.helped
    }

    /// Takes back the last move on the table.
    pub fn undo(&mut self, at_ms: u64) -> Result<(), GameError> {
        self.refuse_if_final()?;
        self.check_time(at_ms)?;
        let snapshot = self.history.pop().ok_or(GameError::NothingToUndo)?;
        self.redo.push(snapshot.mv);
        self.position = snapshot.position;
        self.status.take();
        self.tally = snapshot.tally;
        self.undos += 1;
        self.log.push(Entry { action: Action::Undo, at_ms });
        Ok(())
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self, at_ms: u64) -> Result<(), GameError> {
        let mv = self.redo_move().ok_or(GameError::NothingToRedo)?;
        self.play(mv, at_ms)
    }

    /// Whether the player may restart now: never in scored games, whose
    /// rules offer only undo; otherwise once a move is on the table.
    /// [`Game::restart`] itself still applies a restart, so that logs made
    /// before scored games lost it replay as they were played.
    pub fn check_restart(&self) -> Result<(), GameError> {
        self.refuse_if_final()?;
        if self.rules.scoring != Scoring::None {
            return Err(GameError::NoRestart { penalty: scoring::UNDO_PENALTY });
        }
        if self.history.is_empty() {
            return Err(GameError::NothingToUndo);
        }
        Ok(())
    }

    /// Points one undo costs (0 in games without scoring).
    pub fn undo_cost(&self) -> i64 {
        match self.rules.scoring {
            Scoring::None => 0,
            Scoring::Harmony => scoring::UNDO_PENALTY,
        }
    }

    /// Back to the deal. Each move taken back counts as an undo.
    pub fn restart(&mut self, at_ms: u64) -> Result<(), GameError> {
        self.refuse_if_final()?;
        self.check_time(at_ms)?;
        if self.history.is_empty() {
            return Err(GameError::NothingToUndo);
        }
        self.undos += self.history.len() as u32;
        let first = self.history.swap_remove(0);
        self.history.clear();
        self.redo.clear();
        self.position = first.position;
        self.status.take();
        self.tally = first.tally;
        self.log.push(Entry { action: Action::Restart, at_ms });
        Ok(())
    }

    /// Gives up at `at_ms`.
    pub fn quit(&mut self, at_ms: u64) -> Result<(), GameError> {
        self.refuse_if_final()?;
        self.check_time(at_ms)?;
        self.ended = Some((Outcome::Quit, at_ms));
        self.log.push(Entry { action: Action::Quit, at_ms });
        Ok(())
    }

    /// Called by whoever keeps the clock once it has reached 0:00: ends a
    /// timed game that is still open. Not a log entry, since it follows
    /// from the time alone. Returns whether the game was ended.
    pub fn expire(&mut self, now_ms: u64) -> bool {
        match (self.limit_ms(), self.clock_started_at()) {
            (Some(limit), Some(started)) if now_ms >= started + limit && !self.is_final() => {
                self.status.take();
                self.ended = Some((Outcome::TimeUp, started + limit));
                true
            }
            _ => false,
        }
    }

    /// When the clock runs out, in the log's milliseconds, once it runs.
    pub fn clock_ends_at(&self) -> Option<u64> {
        Some(self.clock_started_at()? + self.limit_ms()?)
    }

    /// Milliseconds left on the clock at `now_ms`, for timed games (the
    /// whole time while the clock has not started).
    pub fn ms_left(&self, now_ms: u64) -> Option<u64> {
        self.limit_ms()?;
        let stop = match (self.won_at, self.ended) {
            (Some(at), _) | (None, Some((_, at))) => at,
            _ => now_ms,
        };
        Some(self.ms_left_at(stop))
    }

    /// How long the game was played, in milliseconds: from its clock's start
    /// (the first action, or the opening) to its end (won, given up, out of
    /// time), or to its last action while it is open. `None` before the
    /// clock starts.
    pub fn played_ms(&self) -> Option<u64> {
        let started = self.clock_started_at()?;
        let stop = match (self.won_at, self.ended) {
            (Some(at), _) | (None, Some((_, at))) => at,
            _ => self.last_ms(),
        };
        Some(stop.saturating_sub(started))
    }

    /// Milliseconds the clock shows at `at_ms` (0 for untimed games).
    fn ms_left_at(&self, at_ms: u64) -> u64 {
        let limit = self.limit_ms().unwrap_or(0);
        match self.clock_started_at() {
            Some(started) => limit.saturating_sub(at_ms.saturating_sub(started)),
            None => limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    /// A game whose table is replaced by a hand-built position.
    fn game_at(setup: &str) -> Game {
        let position = Position::from_setup(setup).unwrap();
        let mut game = Game::new(presets::find("harp/unlimited").unwrap(), 1);
        game.position = position;
        game
    }

    #[test]
    fn a_dead_end_is_told_only_once_the_player_has_seen_the_whole_stock() {
        // No stock card plays anywhere, but in pass 1 the player has not
        // seen 5S and 4S yet: telling "stuck" would reveal that.
        let game = game_at("rules harp/unlimited\npass 1\nt1 9S\nstock 5S 4S\nwaste 3S");
        assert_eq!(game.position().status(), Status::Playing);
        assert_eq!(game.outcome(), Outcome::Playing);
        let game = game_at("rules harp/unlimited\npass 2\nt1 9S\nstock 5S 4S\nwaste 3S");
        assert_eq!(game.outcome(), Outcome::Stuck);
        let game = game_at("rules harp/unlimited\npass 1\nt1 9S\nwaste 5S 4S 3S");
        assert_eq!(game.outcome(), Outcome::Stuck, "the stock is empty: every card has been seen");
    }

    #[test]
    fn is_final_agrees_with_the_outcome() {
        for rules in presets::ALL {
            let mut game = Game::new(rules, 3);
            for i in 0..400u64 {
                assert_eq!(game.is_final(), game.outcome().is_final(), "{} after {i} actions", rules.id);
                let moves = game.legal_moves();
                let Some(&mv) = moves.get(i as usize % moves.len().max(1)) else { break };
                game.play(mv, i).unwrap();
            }
            game.quit(1_000).ok();
            assert_eq!(game.is_final(), game.outcome().is_final());
        }
    }

    #[test]
    fn actions_print_and_parse_as_record_tokens() {
        for text in ["s", "r", "t3-t5", "t2-t7:3", "w-f", "f2-t4", "undo", "restart", "quit", "auto-on", "auto-off"] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert!("auto".parse::<Action>().is_err());
    }
}
