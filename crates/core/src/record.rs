//! Game records: a text file that holds a whole game, to save, share and
//! replay.
//!
//! ```text
//! [Game "harmony"]
//! [Deal "17"]
//! [Result "won"]
//! [Score "14500"]
//!
//! s@1200 t3-t5@2500 undo@3100 t3-t5@3900 w-f@4800
//! ```
//!
//! Headers come first, one `[Key "value"]` a line; `Game` and `Deal` are
//! required, `Result` and `Score` are checked against the replay when
//! present, `Clock` says when the clock started (`first-action`, or
//! `opening`, which a record without it also means), others are kept as
//! they are. Then come the actions, separated by white space: a move in
//! [`crate::notation`], `undo`, `restart`, `quit`, `auto-on` or `auto-off`
//! (the safe auto-move switched), or `line` (a winning line was shown), each optionally followed by `@` and the
//! milliseconds since the start (written for every action of a timed game,
//! and for any other action whose time is not 0, so that the text holds
//! the whole log). A token such as `12.` (a move number) and lines
//! starting with `#` are ignored.

use std::fmt::Write as _;

use crate::game::{Action, ClockStart, Entry, Game, GameError, Outcome};
use crate::notation;
use crate::presets;
use crate::rules::Rules;

/// A parsed record, not yet replayed.
///
/// ```
/// use patience_core::record::{Record, RecordError};
///
/// let text = "[Game \"harmony\"]\n[Deal \"1\"]\n\nt3-t5@1200 undo@2000 s@2500\n";
/// let record = Record::parse(text).unwrap();
/// assert_eq!((record.rules.id, record.deal, record.entries.len()), ("harmony", 1, 3));
///
/// let game = record.replay().unwrap(); // every action checked
/// assert_eq!(game.undos(), 1);
/// assert_eq!(game.position().cards_on_foundations(), 1); // the A♣ drawn went up by itself
///
/// // The record of a game replays to the same game, its headers checked.
/// let saved = Record::of(&game).to_text();
/// assert!(saved.contains("[Result \"playing\"]"));
/// assert_eq!(Record::parse(&saved).unwrap().replay().unwrap().score(), game.score());
///
/// // A refused action is named by its number.
/// let bad = Record::parse("[Game \"harmony\"]\n[Deal \"1\"]\ns t1-t2").unwrap();
/// assert!(matches!(bad.replay(), Err(RecordError::Refused { number: 2, .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rules: &'static Rules,
    pub deal: u64,
    /// Every header, in file order, `Game` and `Deal` included.
    pub headers: Vec<(String, String)>,
    pub entries: Vec<Entry>,
}

/// What is wrong with a record. Each reason is a value, so that each
/// language can say it (`patience_words::record_error`); the `Display` is
/// the English of logs and the terminal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("record line {line}: {why}")]
    Header { line: usize, why: HeaderProblem },
    #[error("record has no [{0} \"...\"] header")]
    Missing(&'static str),
    #[error("record action {number} `{token}`: {why}")]
    Token { number: usize, token: String, why: TokenProblem },
    #[error("record action {number} `{token}` is refused: {error}")]
    Refused { number: usize, token: String, error: GameError },
    #[error("record says {header} is `{recorded}` but the replay gives `{replayed}`")]
    Mismatch { header: &'static str, recorded: String, replayed: String },
}

/// What is wrong with a record's header line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderProblem {
    /// A header after the first action.
    #[error("headers must come before the moves")]
    AfterMoves,
    /// A line starting with `[` that is no `[Key "value"]`.
    #[error("`{text}` is not a header: write [Key \"value\"]")]
    NotAHeader { text: String },
    /// The `Game` header names no game or variant.
    #[error("{0}")]
    UnknownRules(presets::UnknownRules),
    /// The `Deal` header is no deal number.
    #[error("deal `{text}` is not a number from 0 to {}", u64::MAX)]
    NotADeal { text: String },
}

/// What is wrong with an action of a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenProblem {
    /// The text after `@` is not a time.
    #[error("`{text}` after @ is not a time in milliseconds")]
    NotATime { text: String },
    /// The action is no move in notation nor an action's word.
    #[error("{0}")]
    NotAnAction(notation::NotationError),
}

impl Record {
    /// Reads a record's text (without replaying it).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut headers = Vec::new();
        // The line of each header, for errors about its value.
        let mut header_lines = Vec::new();
        let mut tokens = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[') {
                if !tokens.is_empty() {
                    return Err(RecordError::Header { line: i + 1, why: HeaderProblem::AfterMoves });
                }
                let bad =
                    || RecordError::Header { line: i + 1, why: HeaderProblem::NotAHeader { text: line.to_string() } };
                let inner = inner.strip_suffix(']').ok_or_else(bad)?;
                let (key, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
                let value = value.trim().strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or_else(bad)?;
                headers.push((key.to_string(), value.to_string()));
                header_lines.push(i + 1);
            } else {
                tokens.extend(line.split_whitespace());
            }
        }
        let header = |key: &'static str| {
            headers
                .iter()
                .zip(&header_lines)
                .find(|((k, _), _)| k.eq_ignore_ascii_case(key))
                .map(|((_, v), &line)| (v.as_str(), line))
                .ok_or(RecordError::Missing(key))
        };
        let (game_id, line) = header("Game")?;
        let rules =
            presets::find(game_id).map_err(|e| RecordError::Header { line, why: HeaderProblem::UnknownRules(e) })?;
        let (deal_text, line) = header("Deal")?;
        let deal = deal_text
            .parse()
            .map_err(|_| RecordError::Header { line, why: HeaderProblem::NotADeal { text: deal_text.to_string() } })?;
        let mut entries = Vec::new();
        for token in tokens.into_iter().filter(|t| !is_move_number(t)) {
            let number = entries.len() + 1;
            let bad = |why: TokenProblem| RecordError::Token { number, token: token.to_string(), why };
            let (text, at_ms) = match token.split_once('@') {
                Some((text, ms)) => {
                    (text, ms.parse().map_err(|_| bad(TokenProblem::NotATime { text: ms.to_string() }))?)
                }
                None => (token, 0),
            };
            let action: Action = text.parse().map_err(|e| bad(TokenProblem::NotAnAction(e)))?;
            entries.push(Entry { action, at_ms });
        }
        Ok(Record { rules, deal, headers, entries })
    }

    /// Reads a text of several records, one after another (as an export
    /// writes them): a header after actions starts the next record. The
    /// error names the record (from 1) and what is wrong in it.
    pub fn parse_many(text: &str) -> Result<Vec<Record>, (usize, RecordError)> {
        let mut records = Vec::new();
        let mut chunk = String::new();
        let mut has_actions = false;
        for line in text.lines() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') && has_actions {
                records.push(Record::parse(&chunk).map_err(|e| (records.len() + 1, e))?);
                chunk.clear();
                has_actions = false;
            }
            if !trimmed.is_empty() && !trimmed.starts_with('#') && !trimmed.starts_with('[') {
                has_actions = true;
            }
            chunk.push_str(line);
            chunk.push('\n');
        }
        if chunk.lines().any(|l| !l.trim().is_empty() && !l.trim().starts_with('#')) {
            records.push(Record::parse(&chunk).map_err(|e| (records.len() + 1, e))?);
        }
        Ok(records)
    }

    /// The record of `game`.
    pub fn of(game: &Game) -> Record {
        let headers = vec![
            ("Game".to_string(), game.rules().id.to_string()),
            ("Deal".to_string(), game.deal().to_string()),
            ("Clock".to_string(), game.clock_start().as_str().to_string()),
            ("Result".to_string(), game.outcome().as_str().to_string()),
            ("Score".to_string(), game.score().to_string()),
        ];
        Record { rules: game.rules(), deal: game.deal(), headers, entries: game.log().to_vec() }
    }

    /// Replays every action, and checks the `Result` and `Score` headers.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let header = |key: &str| self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.clone());
        // Records from before practice clocks waited for the first action
        // have no `Clock` header: their clocks started at the opening.
        let clock_start = match header("Clock").as_deref() {
            Some("first-action") => ClockStart::FirstAction,
            Some("off") => ClockStart::Off,
            _ => ClockStart::Opening,
        };
        let mut game = Game::new(self.rules, self.deal).with_clock_start(clock_start);
        for (i, entry) in self.entries.iter().enumerate() {
            game.apply(*entry).map_err(|error| RecordError::Refused {
                number: i + 1,
                token: action_text(entry.action),
                error,
            })?;
        }
        if let Some(mut recorded) = header("Result") {
            // Older records spelled it with a hyphen.
            if recorded == "time-up" {
                recorded = Outcome::TimeUp.as_str().to_string();
            }
            let replayed = game.outcome().as_str();
            // A timed game that was still open when saved may have run out of
            // time since; only the clock's keeper can say.
            let open_and_late = recorded == Outcome::TimeUp.as_str() && game.limit_ms().is_some() && !game.is_final();
            if recorded != replayed && !open_and_late {
                return Err(RecordError::Mismatch { header: "Result", recorded, replayed: replayed.into() });
            }
            if recorded == Outcome::TimeUp.as_str() {
                game.expire(u64::MAX);
            }
        }
        if let Some(recorded) = header("Score") {
            let replayed = game.score().to_string();
            if recorded != replayed {
                return Err(RecordError::Mismatch { header: "Score", recorded, replayed });
            }
        }
        Ok(game)
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.headers {
            let _ = writeln!(out, "[{key} \"{}\"]", value.replace('"', "'"));
        }
        out.push('\n');
        let timed = self.rules.clock_secs.is_some();
        for (i, entry) in self.entries.iter().enumerate() {
            if i > 0 {
                out.push(if i % 10 == 0 { '\n' } else { ' ' });
            }
            out.push_str(&action_text(entry.action));
            // Untimed games write a time only where the log has one, so that
            // the text keeps the whole log and plain records stay plain.
            if timed || entry.at_ms != 0 {
                let _ = write!(out, "@{}", entry.at_ms);
            }
        }
        out.push('\n');
        out
    }
}

fn action_text(action: Action) -> String {
    action.to_string()
}

fn is_move_number(token: &str) -> bool {
    token.ends_with('.') && token.len() > 1 && token[..token.len() - 1].bytes().all(|b| b.is_ascii_digit())
}
