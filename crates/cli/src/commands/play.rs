//! `patience play GAME`: play in the terminal, one command a line on stdin
//! (a move in notation, `undo`, `redo`, `restart`, `moves`, `hint`, `help`,
//! `quit`),
//! so a script or test can drive it through a pipe.
//!
//! Everything shown is drawn from the player view ([`GameView`]), which holds
//! no face-down card and no stock order. Harmony's clock is kept here with
//! real elapsed time; `--no-clock` takes it off (time never runs out, time
//! left earns no bonus, the record says so, and every action is stamped at
//! 0 ms). On leaving
//! (quit, end of input, or a finished game) the game's record is saved.
//!
//! `--winnable` and `--grade` deal from the starting pool of winnable deals
//! that the server embeds (`patience library` builds it), as the web
//! page's "winnable deals only" and grades do.

use patience_words::{say, Say};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use patience_core::game::{ClockStart, Game, GameError, Outcome};
use patience_core::record::Record;
use patience_core::rules::Scoring;
use patience_core::view::GameView;
use patience_core::{notation, Rules};
use patience_solver::honest::{self, HonestConfig, Knowledge};
use patience_solver::library::{parse_library, Grade, LibraryDeal};
use patience_solver::Verdict;

use crate::render::{Style, Table};

#[derive(clap::Args)]
pub struct Args {
    /// Game or variant id, such as `harmony` or `harp/3-passes` (see `patience games`).
    #[arg(value_name = "GAME[/VARIANT]", value_parser = super::parse_rules)]
    game: &'static Rules,

    /// The deal number (default: one chosen at random, and printed).
    #[arg(long, value_name = "N")]
    deal: Option<u64>,

    /// Deal a winnable deal: one the solver has proven can be won, picked at
    /// random from the starting pool of winnable deals. With --deal, that
    /// deal, which the pool must hold as winnable.
    #[arg(long)]
    winnable: bool,

    /// Deal a winnable deal of this grade (easy, medium or hard), by how
    /// often the honest player wins it; implies --winnable.
    #[arg(long, value_name = "GRADE", conflicts_with = "deal")]
    grade: Option<Grade>,

    /// Where to save the game record (default:
    /// `patience-GAME-DEAL.patience.txt` in the current directory).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,

    /// Play Harmony without its clock: time never runs out, no time left
    /// earns a bonus, and every action is stamped at 0 ms.
    #[arg(long)]
    no_clock: bool,
}

pub fn run(args: Args, style: Style) -> anyhow::Result<()> {
    let said = |said: Say| anyhow::anyhow!(style.say(said));
    let (deal, chosen) = match (args.deal, args.grade, args.winnable) {
        (Some(deal), _, false) => (deal, Chosen::ByNumber),
        (Some(deal), _, true) => (deal, Chosen::Winnable(winnable_grade(args.game, deal).map_err(said)?)),
        (None, None, false) => (random_deal(), Chosen::AtRandom),
        (None, grade, _) => {
            let (deal, grade) = winnable_deal(args.game, grade).map_err(said)?;
            (deal, Chosen::Winnable(grade))
        }
    };
    let mut session = Session {
        game: Game::new(args.game, deal).with_clock_start(if args.no_clock && args.game.clock_secs.is_some() {
            ClockStart::Off
        } else {
            ClockStart::FirstAction
        }),
        dealt_as_winnable: matches!(chosen, Chosen::Winnable(_)),
        clock: Clock { start: (!args.no_clock).then(Instant::now) },
        style,
        prompt: io::stdin().is_terminal(),
    };
    let mut out = io::stdout().lock();
    // Whatever happens to the output, the game played so far is saved.
    let played = session.intro(&mut out, chosen).and_then(|()| session.play(&mut out, &spawn_reader()));
    let saved = session.save(&mut out, args.record.as_deref());
    played?;
    saved?;
    out.flush()?;
    Ok(())
}

/// How the deal was chosen, for the opening lines.
#[derive(Copy, Clone)]
enum Chosen {
    ByNumber,
    AtRandom,
    /// From the starting pool of winnable deals; the deal's grade.
    Winnable(Grade),
}

/// A number below `n`, different from run to run.
fn random_below(n: u64) -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::BuildHasher;
    RandomState::new().hash_one(std::time::SystemTime::now()) % n
}

/// A deal number in 1..=999,999,999, short enough to type back.
fn random_deal() -> u64 {
    random_below(999_999_999) + 1
}

/// The deals of `rules` in the starting pool of winnable deals (the lost
/// ones too).
fn starting_shelf(rules: &Rules) -> Vec<LibraryDeal> {
    let pool = parse_library(patience_server::services::library::STARTING_POOL)
        .unwrap_or_else(|e| panic!("the embedded starting pool: {e}"));
    pool.into_iter().filter(|d| d.rules == rules.id).collect()
}

/// The grade of deal `deal` of `rules` if the starting pool holds it as
/// winnable; otherwise why it cannot be dealt as winnable.
fn winnable_grade(rules: &'static Rules, deal: u64) -> Result<Grade, Say> {
    starting_shelf(rules)
        .iter()
        .find(|d| d.deal == deal)
        .and_then(LibraryDeal::grade)
        .ok_or_else(|| say!("cli-deal-not-winnable", name = patience_words::rules_name(rules), deal = deal.to_string()))
}

/// A winnable deal of `rules` from the starting pool, of `grade` or of any,
/// with its grade; or why there is none.
fn winnable_deal(rules: &'static Rules, grade: Option<Grade>) -> Result<(u64, Grade), Say> {
    let shelf = starting_shelf(rules);
    let won: Vec<(u64, Grade)> = shelf.iter().filter_map(|d| Some((d.deal, d.grade()?))).collect();
    let name = patience_words::rules_name(rules);
    if won.is_empty() {
        let lost = shelf.iter().filter(|d| d.verdict == Verdict::Lost).count();
        return Err(say!("cli-no-winnable-deal", name = name, lost = lost));
    }
    let fitting: Vec<(u64, Grade)> = won.iter().copied().filter(|&(_, g)| grade.is_none_or(|want| g == want)).collect();
    if fitting.is_empty() {
        let held: Vec<&str> =
            Grade::ALL.into_iter().filter(|g| won.iter().any(|w| w.1 == *g)).map(Grade::as_str).collect();
        let wanted = grade.map_or("", Grade::as_str);
        return Err(say!("cli-no-deal-of-grade", name = name, grade = wanted, held = held.join(", ")));
    }
    Ok(fitting[random_below(fitting.len() as u64) as usize])
}

/// Reads stdin on its own thread so that the clock can end a game while
/// the player is thinking. Lines arrive trimmed; the channel closes at end
/// of input.
fn spawn_reader() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match stdin.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if tx.send(String::from_utf8_lossy(&buf).trim().to_string()).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
}

/// Milliseconds since the game started, or always 0 with `--no-clock`.
struct Clock {
    start: Option<Instant>,
}

impl Clock {
    fn now_ms(&self) -> u64 {
        self.start.map_or(0, |s| u64::try_from(s.elapsed().as_millis()).unwrap_or(u64::MAX))
    }
}

struct Session {
    game: Game,
    /// The player asked for a winnable deal, and so knows that a win is
    /// there at the opening whatever the hint's samples say.
    dealt_as_winnable: bool,
    clock: Clock,
    /// Colours and language.
    style: Style,
    /// Print a prompt (stdin is a terminal).
    prompt: bool,
}

/// Whether to go on reading commands.
enum Step {
    Continue,
    Leave,
}

impl Session {
    fn rules(&self) -> &'static Rules {
        self.game.rules()
    }

    fn timed(&self) -> bool {
        self.clock.start.is_some() && self.game.limit_ms().is_some()
    }

    fn intro(&self, out: &mut impl Write, chosen: Chosen) -> io::Result<()> {
        let rules = self.rules();
        let deal = self.game.deal();
        let name = self.style.bold(&self.say(patience_words::rules_name(rules)));
        write!(out, "{}", self.say(say!("cli-title", name = name, id = rules.id, deal = deal.to_string())))?;
        let deal = deal.to_string();
        match chosen {
            Chosen::ByNumber => {}
            Chosen::AtRandom => write!(out, " {}", self.say(say!("cli-chosen-at-random", deal = deal)))?,
            Chosen::Winnable(grade) => {
                write!(out, " {}", self.say(say!("cli-chosen-winnable", grade = grade.as_str(), deal = deal)))?
            }
        }
        writeln!(out, ".")?;
        match self.game.limit_ms() {
            Some(limit) if self.timed() => {
                writeln!(out, "{}", self.say(say!("cli-clock-on", time = clock_text(limit))))?
            }
            _ if rules.clock_secs.is_some() => writeln!(out, "{}", self.say(say!("cli-clock-off")))?,
            _ => {}
        }
        writeln!(out, "{}", self.say(say!("cli-type-a-move")))?;
        writeln!(out)
    }

    /// Reads and carries out commands until the player leaves, input ends or
    /// the game is over.
    fn play(&mut self, out: &mut impl Write, lines: &Receiver<String>) -> io::Result<()> {
        self.show(out)?;
        loop {
            if self.game.expire(self.clock.now_ms()) {
                writeln!(out, "{}", self.say(say!("cli-time-is-up-ends")))?;
                return Ok(());
            }
            if self.game.is_final() {
                return Ok(());
            }
            if self.prompt {
                write!(out, "> ")?;
                out.flush()?;
            }
            let line = if self.timed() {
                let left = self.game.ms_left(self.clock.now_ms()).unwrap_or(0);
                match lines.recv_timeout(Duration::from_millis(left)) {
                    Ok(line) => line,
                    Err(RecvTimeoutError::Timeout) => {
                        if self.prompt {
                            writeln!(out)?;
                        }
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => return Ok(()),
                }
            } else {
                match lines.recv() {
                    Ok(line) => line,
                    Err(_) => return Ok(()),
                }
            };
            if let Step::Leave = self.command(&line, out)? {
                return Ok(());
            }
            out.flush()?;
        }
    }

    /// Carries out one command line.
    fn command(&mut self, line: &str, out: &mut impl Write) -> io::Result<Step> {
        let now = self.clock.now_ms();
        let result = match line.to_ascii_lowercase().as_str() {
            "" => return Ok(Step::Continue),
            "help" | "h" | "?" => {
                self.help(out)?;
                return Ok(Step::Continue);
            }
            "moves" | "m" => {
                self.list_moves(out)?;
                return Ok(Step::Continue);
            }
            "show" => {
                self.show(out)?;
                return Ok(Step::Continue);
            }
            "hint" => {
                self.hint(out)?;
                return Ok(Step::Continue);
            }
            "quit" | "q" | "exit" => {
                if let Err(GameError::TimeUp { .. }) = self.game.quit(now) {
                    self.game.expire(now);
                }
                return Ok(Step::Leave);
            }
            "undo" | "u" => self.game.undo(now),
            "redo" => self.game.redo(now),
            "restart" => self.game.check_restart().and_then(|()| self.game.restart(now)),
            "auto on" | "auto-on" => self.game.set_safe_auto_moves(true, now),
            "auto off" | "auto-off" => self.game.set_safe_auto_moves(false, now),
            _ => match notation::parse(line) {
                Ok(mv) => self.game.play(mv, now),
                Err(err) if looks_like_move(line) => {
                    self.error(out, &self.say(patience_words::notation_error(&err)))?;
                    return Ok(Step::Continue);
                }
                Err(_) => {
                    self.error(out, &self.say(say!("cli-unknown-command", text = line)))?;
                    return Ok(Step::Continue);
                }
            },
        };
        match result {
            Ok(()) => self.show(out)?,
            // The loop reports the end of the game.
            Err(GameError::TimeUp { .. }) => {
                self.game.expire(now);
            }
            Err(err) => self.error(out, &self.say(patience_words::game_error(&err)))?,
        }
        Ok(Step::Continue)
    }

    fn error(&self, out: &mut impl Write, msg: &str) -> io::Result<()> {
        writeln!(out, "{} {msg}", self.style.red(&self.say(say!("cli-error"))))
    }

    /// `said` in the session's language.
    fn say(&self, said: Say) -> String {
        self.style.say(said)
    }

    fn view(&self) -> GameView {
        GameView::of(&self.game, self.clock.now_ms(), &self.style.lang)
    }

    /// The table, move number, status, and for scored games score and clock.
    fn show(&self, out: &mut impl Write) -> io::Result<()> {
        let view = self.view();
        let rules = self.rules();
        let title = say!(
            "cli-move-title",
            name = patience_words::rules_name(rules),
            deal = view.deal.to_string(),
            moves = view.moves_made
        );
        writeln!(out, "{}", self.style.bold(&self.say(title)))?;
        write!(out, "{}", Table::from_view(rules, &view.table).draw(self.style))?;
        let mut status = vec![self.say(say!("cli-status", outcome = view.outcome_words.as_str()))];
        match rules.scoring {
            Scoring::Harmony => {
                status.push(self.say(say!("cli-score", score = view.score)));
                if view.undos > 0 {
                    status.push(self.say(say!("cli-undos", undos = view.undos)));
                }
                match view.ms_left {
                    Some(ms) if self.timed() => status.push(self.say(say!("cli-time-left", time = clock_text(ms)))),
                    _ => status.push(self.say(say!("cli-clock-off-short"))),
                }
            }
            Scoring::None => {
                status.push(self.say(say!("cli-on-foundations", up = view.score, cards = rules.card_count())));
            }
        }
        writeln!(out, "{}", status.join(" · "))?;
        let note = match view.outcome {
            Outcome::Playing => None,
            Outcome::Won => Some(say!("cli-note-won")),
            Outcome::Lost => Some(say!("cli-note-lost")),
            Outcome::Stuck => Some(say!("cli-note-stuck")),
            Outcome::Quit => Some(say!("cli-note-quit")),
            Outcome::TimeUp => Some(say!("cli-note-time-up")),
        };
        if let Some(note) = note {
            writeln!(out, "{}", self.say(note))?;
        }
        writeln!(out)
    }

    fn list_moves(&self, out: &mut impl Write) -> io::Result<()> {
        let view = self.view();
        if view.table.moves.is_empty() {
            return writeln!(out, "{}", self.say(say!("cli-no-legal-moves")));
        }
        writeln!(out, "{}", self.say(say!("cli-legal-moves")))?;
        for mv in &view.table.moves {
            writeln!(out, "  {:<9} {}", mv.notation, mv.words)?;
        }
        Ok(())
    }

    /// The honest player's move, not played. It is worked out from the view
    /// and from what the player has seen (rebuilt from the game's log, view
    /// by view), never from a hidden card.
    fn hint(&self, out: &mut impl Write) -> io::Result<()> {
        let view = self.view();
        let knowledge = Knowledge::of_game(&self.game);
        let seed = self.game.deal() ^ (self.game.action_number() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let config = HonestConfig::for_hints(self.rules());
        match honest::hint(self.rules(), &view.table, &knowledge, &config, seed) {
            None => writeln!(out, "{}", self.say(say!("cli-no-hint"))),
            Some(hint) => {
                let words = patience_words::story(&self.game.position().story(hint.mv));
                let mut why = self.say(patience_words::hint_reason(hint.reason));
                // The reason is a sentence; here it stands inside one.
                why = why.trim_end_matches('.').to_string();
                if hint.samples > 0 {
                    why =
                        self.say(say!("cli-hint-samples", why = why, won = hint.won_with_move, samples = hint.samples));
                }
                let told = say!("cli-hint", move = self.style.bold(&hint.notation()), words = words, why = why);
                writeln!(out, "{}", self.say(told))?;
                // As on the web page: at the opening of a deal dealt as
                // winnable, samples that won nothing do not mean a lost deal.
                if self.dealt_as_winnable && self.game.at_opening() && hint.samples > 0 && hint.won_with_move == 0 {
                    writeln!(out, "{}", self.say(say!("hint-dealt-winnable")))?;
                }
                Ok(())
            }
        }
    }

    fn help(&self, out: &mut impl Write) -> io::Result<()> {
        let harmony = self.rules().scoring == Scoring::Harmony;
        writeln!(out, "{}", self.say(say!("cli-help")))?;
        let undo =
            if harmony { say!("cli-help-undo-costs", cost = self.game.undo_cost()) } else { say!("cli-help-undo") };
        writeln!(out, "{}", self.say(undo))?;
        writeln!(out, "{}", self.say(say!("cli-help-redo")))?;
        if !harmony {
            writeln!(out, "{}", self.say(say!("cli-help-restart")))?;
        }
        if self.rules().automatic_moves != patience_core::rules::AutomaticMoves::RankComplete {
            writeln!(out, "{}", self.say(say!("cli-help-auto")))?;
        }
        writeln!(out, "{}", self.say(say!("cli-help-end")))
    }

    /// Writes the record to `path`, or to a new file named after the game
    /// and deal, and says where. If it cannot be written the record goes to
    /// stdout so that the game is not lost.
    fn save(&self, out: &mut impl Write, path: Option<&Path>) -> anyhow::Result<()> {
        let view = self.view();
        let outcome = patience_words::outcome_inline(view.outcome);
        let (moves, actions) = (view.moves_made, self.game.log().len());
        let how = match view.outcome {
            Outcome::Won | Outcome::Quit | Outcome::TimeUp => {
                say!("cli-game-over", outcome = outcome, moves = moves, actions = actions)
            }
            Outcome::Playing | Outcome::Lost | Outcome::Stuck => {
                say!("cli-game-left", outcome = outcome, moves = moves, actions = actions)
            }
        };
        let mut summary = self.say(how);
        if self.rules().scoring == Scoring::Harmony {
            summary.push_str(&self.say(say!("cli-final-score", score = view.score)));
        }
        // The output may be gone (a closed pipe); saving matters more.
        let _ = writeln!(out, "{summary}.");
        let text = Record::of(&self.game).to_text();
        let path = match path {
            Some(path) => path.to_path_buf(),
            None => default_record_path(self.rules(), self.game.deal()),
        };
        if let Err(err) = std::fs::write(&path, &text) {
            let _ = write!(out, "\n{text}");
            let said = self.say(say!("cli-cannot-save", path = path.display().to_string()));
            return Err(err).context(said);
        }
        let _ = writeln!(out, "{}", self.say(say!("cli-record-saved", path = path.display().to_string())));
        Ok(())
    }
}

/// `patience-GAME-DEAL.patience.txt` in the current directory, with `-2`,
/// `-3`, ... added rather than overwriting an earlier game's record.
fn default_record_path(rules: &Rules, deal: u64) -> PathBuf {
    let stem = format!("patience-{}-{deal}", rules.id.replace('/', "-"));
    let mut path = PathBuf::from(format!("{stem}.patience.txt"));
    let mut n = 2;
    while path.exists() {
        path = PathBuf::from(format!("{stem}-{n}.patience.txt"));
        n += 1;
    }
    path
}

/// Whether text that failed to parse was meant as a move (so the notation
/// error helps) rather than as a command.
fn looks_like_move(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    t.contains('-')
        || t.contains(':')
        || t == "w"
        || t == "res"
        || (t.len() >= 2 && t.starts_with(['t', 'f']) && t[1..].starts_with(|c: char| c.is_ascii_digit()))
}

/// `m:ss`, counting whole seconds down.
fn clock_text(ms: u64) -> String {
    let secs = ms / 1000;
    format!("{}:{:02}", secs / 60, secs % 60)
}
