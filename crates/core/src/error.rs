//! The error for a move the rules do not allow.

use crate::moves::Move;
use crate::refusal::Refusal;

/// A move that is not legal in the position it was tried in. The position is
/// left unchanged; `reason` says what the rules forbid, and the error reads
/// as that sentence.
///
/// ```
/// use patience_core::{presets, Position, Refusal};
///
/// let pos = Position::deal(presets::find("harmony").unwrap(), 1);
/// let err = pos.check("r".parse().unwrap()).unwrap_err();
/// assert_eq!(err.reason, Refusal::StockNotEmpty);
/// assert_eq!(err.to_string(), "The stock still holds cards: draw them before turning the waste over.");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: Refusal,
}
