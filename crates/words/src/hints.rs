//! The honest player's reasons for a hint, in words.

use patience_solver::honest::HintReason;

use crate::say::Say;

/// Why the honest player chose its move: "Wins in the most sampled deals."
pub fn hint_reason(reason: HintReason) -> Say {
    Say::new(match reason {
        HintReason::Only => "hint-reason-only",
        HintReason::Scout => "hint-reason-scout",
        HintReason::Vote => "hint-reason-vote",
        HintReason::Fallback => "hint-reason-fallback",
        HintReason::Par => "hint-reason-par",
        HintReason::Plan => "hint-reason-plan",
        HintReason::FirstMove => "hint-reason-first-move",
        HintReason::Cycle => "hint-reason-cycle",
    })
}
