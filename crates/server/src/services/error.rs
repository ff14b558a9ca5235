//! What a service answers when it cannot do what was asked: a kind (what
//! the HTTP layer turns into a status) and a sentence for the player.

use patience_core::GameError;

use crate::store::StoreError;

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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into() }
    }

    pub fn invalid(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Forbidden, message)
    }

    pub fn conflict(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Conflict, message)
    }

    pub fn internal(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Internal, message)
    }

    /// A game that does not exist or is someone else's: the same answer for
    /// both, so nobody learns which games exist.
    pub fn unknown_game(id: &str) -> Error {
        let shown: String = id.chars().take(40).collect();
        Error::new(ErrorKind::NotFound, format!("no game `{shown}`: it does not exist or is not yours"))
    }

    pub fn unknown_duel(id: &str) -> Error {
        let shown: String = id.chars().take(40).collect();
        Error::new(ErrorKind::NotFound, format!("no duel `{shown}`"))
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
            | GameError::NoRestart { .. } => ErrorKind::Refused,
        };
        Error::new(kind, e.to_string())
    }
}

impl From<StoreError> for Error {
    fn from(e: StoreError) -> Error {
        match e {
            StoreError::Conflict { .. } | StoreError::Refused(_) => Error::conflict(e.to_string()),
            StoreError::DuplicateId(_) | StoreError::Backend(_) => Error::internal(e.to_string()),
        }
    }
}
