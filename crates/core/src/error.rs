//! The error for a move the rules do not allow.

use crate::moves::Move;

/// A move that is not legal in the position it was tried in. The position is
/// left unchanged; `reason` says in words what the rules forbid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move `{notation}`: {reason}")]
pub struct IllegalMove {
    pub mv: Move,
    /// The move in notation (see [`crate::notation`]).
    pub notation: String,
    pub reason: String,
}
