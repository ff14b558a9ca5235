//! What a service answers when it cannot do what was asked: a kind (what
//! the HTTP layer turns into a status) and a sentence for the player.

use patience_core::GameError;
use patience_words::{say, Say};

use crate::ids::{self, DuelId, GameId};
use crate::store::{DuelRefusal, StoreError};

/// Why a request was not carried out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The request itself is malformed or out of range.
    Invalid,
    /// No such thing, or not the requester's (the two look the same).
    NotFound,
    /// The requester may not do this.
    Forbidden,
    /// The state has moved on or is final: a stale action number, a
    /// finished game, a closed duel.
    Conflict,
    /// The game's rules refuse the action (an illegal move, nothing to
    /// undo); nothing changed.
    Refused,
    /// Too many requests of this kind from this requester; try again after
    /// this many seconds.
    TooMany { retry_after_secs: u64 },
    /// The server is too busy for this now; try again after this many
    /// seconds.
    Busy { retry_after_secs: u64 },
    /// Something failed inside the server.
    Internal,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    pub kind: ErrorKind,
    /// For the player, in the language the answer is said in (for an
    /// `Internal` error, `error-internal`: something went wrong).
    pub message: Say,
    /// What went wrong underneath, for the log alone.
    pub detail: Option<String>,
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<Say>) -> Error {
        Error { kind, message: message.into(), detail: None }
    }

    pub fn invalid(message: impl Into<Say>) -> Error {
        Error::new(ErrorKind::Invalid, message)
    }

    pub fn forbidden(message: impl Into<Say>) -> Error {
        Error::new(ErrorKind::Forbidden, message)
    }

    pub fn conflict(message: impl Into<Say>) -> Error {
        Error::new(ErrorKind::Conflict, message)
    }

    /// The refusal of a game id that names no game (a variant's included).
    pub fn no_such_game(id: &str) -> Error {
        let shown: String = id.chars().take(40).collect();
        Error::new(ErrorKind::NotFound, say!("no-game-called", id = shown))
    }

    /// Something failed inside the server: `detail` says what, for the log
    /// alone; the player is told that something went wrong.
    pub fn internal(detail: impl Into<String>) -> Error {
        Error { kind: ErrorKind::Internal, message: say!("error-internal"), detail: Some(detail.into()) }
    }

    /// A game that does not exist or is someone else's: the same answer for
    /// both, so nobody learns which games exist.
    pub fn unknown_game(id: &GameId) -> Error {
        Error::new(ErrorKind::NotFound, ids::no_such_game(id.as_str()))
    }

    pub fn unknown_duel(id: &DuelId) -> Error {
        Error::new(ErrorKind::NotFound, ids::no_such_duel(id.as_str()))
    }
}

impl From<GameError> for Error {
    /// An action the game refused: the game is unchanged.
    fn from(e: GameError) -> Error {
        let kind = match e {
            GameError::Over(_) | GameError::TimeUp { .. } | GameError::TimeWentBack { .. } => ErrorKind::Conflict,
            GameError::Illegal(_)
            | GameError::NothingToUndo
            | GameError::NothingToRedo
            | GameError::NoRestart { .. }
            | GameError::LineWhileHidden => ErrorKind::Refused,
        };
        Error::new(kind, patience_words::game_error(&e))
    }
}

impl From<StoreError> for Error {
    fn from(e: StoreError) -> Error {
        match e {
            StoreError::Refused(refusal) => refusal.into(),
            StoreError::Conflict { expected } => Error::conflict(say!("store-conflict", expected = expected)),
            StoreError::NameTaken => Error::conflict(say!("name-taken")),
            StoreError::AttemptExists => Error::conflict(say!("daily-played-already")),
            StoreError::Unavailable(detail) => Error {
                kind: ErrorKind::Busy { retry_after_secs: 5 },
                message: say!("store-unavailable"),
                detail: Some(detail),
            },
            StoreError::DuplicateId(_) | StoreError::Backend(_) => Error::internal(e.to_string()),
        }
    }
}

impl From<DuelRefusal> for Error {
    /// A change the duel rule book refused, in words.
    fn from(refusal: DuelRefusal) -> Error {
        let sentence = match refusal {
            DuelRefusal::NoSuchDuel => return Error::new(ErrorKind::NotFound, say!("duel-no-such")),
            DuelRefusal::Closed => say!("duel-closed"),
            DuelRefusal::Full { max_participants } => say!("duel-full", most = max_participants),
            DuelRefusal::AddressTaken => say!("duel-address-taken"),
            DuelRefusal::JoinedAlready => say!("duel-joined-already"),
            DuelRefusal::NotAParticipant => say!("duel-no-seat"),
            DuelRefusal::GameStarted => say!("duel-game-started"),
            DuelRefusal::RematchExists => say!("duel-rematch-exists"),
        };
        Error::conflict(sentence)
    }
}

/// For logs: the message in English, and what went wrong underneath.
impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.detail {
            Some(detail) if self.kind == ErrorKind::Internal => f.write_str(detail),
            Some(detail) => write!(f, "{} ({detail})", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}
