//! The error for a move the rules do not allow.

use crate::moves::Move;
use crate::refusal::Refusal;

/// A move that is not legal in the position it was tried in. The position is
/// left unchanged; `reason` says what the rules forbid, and the error reads
/// as that sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: Refusal,
}
