//! The error for a move the rules do not allow.

use crate::moves::Move;
use crate::refusal::Refusal;

/// A move that is not legal in the position it was tried in. The position is
/// left unchanged; `reason` says what the rules forbid (its words, in the
/// player's language, come from the `patience-words` crate; the error's own
/// text is for logs).
///
/// ```
/// use patience_core::{presets, Position, Refusal};
///
/// let pos = Position::deal(presets::find("harmony").unwrap(), 1);
/// let err = pos.check("r".parse().unwrap()).unwrap_err();
/// assert_eq!(err.reason, Refusal::StockNotEmpty);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}: {reason:?}")]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: Refusal,
}
