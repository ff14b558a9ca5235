//! What changes for a game that belongs to a contest — a duel or a daily
//! deal — beside its player: no hint and no Finish (outside help), its
//! clock from the opening, its deal secret until the contest is over, and
//! in a daily deal no restart. Every route that shows or changes a game
//! asks here, so the contests' rules live in one place.

use patience_words::say;

use super::{dailies, duels, Error, Result, Services};
use crate::ids::{Contest, PlayerId};

/// Whether answers about a game of `contest` must leave its deal out: the
/// duel is still open, the daily deal's day is not over.
pub async fn hides_deal(app: &Services, contest: Option<&Contest>) -> Result<bool> {
    match contest {
        None => Ok(false),
        Some(Contest::Duel(duel)) => duels::hides_deal(app, Some(duel)).await,
        Some(Contest::Daily(daily)) => Ok(!dailies::is_over(app, *daily)),
    }
}

/// Whether hints and Finish are offered: never in a contest.
pub fn offers_help(contest: Option<&Contest>) -> bool {
    contest.is_none()
}

/// The help a contest's games go without.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Help {
    Hints,
    Finish,
    /// A winning line shown.
    Line,
}

/// Why a game of `contest` gets no `help`.
pub fn no_help(contest: &Contest, help: Help) -> Error {
    let help = match help {
        Help::Hints => "hints",
        Help::Finish => "finish",
        Help::Line => "line",
    };
    match contest {
        Contest::Duel(_) => Error::forbidden(say!("help-off-in-duels", help = help)),
        Contest::Daily(_) => Error::forbidden(say!("help-off-in-daily", help = help)),
    }
}

/// Whether Restart is offered: not in a daily deal, whose one attempt
/// starts when it is opened.
pub fn offers_restart(contest: Option<&Contest>) -> bool {
    !matches!(contest, Some(Contest::Daily(_)))
}

/// Checks an action on a game of `contest` before it is applied: refused
/// once the contest is over (a closed duel, a day that ended), and a
/// restart in a daily deal. Call it before taking the game's lock.
pub async fn check_action(app: &Services, contest: &Contest, player: PlayerId, restart: bool) -> Result<()> {
    match contest {
        Contest::Duel(duel) => duels::check_move(app, duel, player).await,
        Contest::Daily(daily) => dailies::check_move(app, *daily, restart),
    }
}

/// After one of its games ended: a duel whose every game is over closes at
/// once. Trouble closing it is logged: the duel closes at the next look at
/// its standings anyway.
pub async fn game_over(app: &Services, contest: &Contest) {
    if let Contest::Duel(duel) = contest {
        if let Err(e) = duels::load_closing_if_due(app, duel).await {
            tracing::warn!(duel = %duel, error = %e, "a duel whose last game ended could not be closed yet");
        }
    }
}

/// Tells whoever follows the contest live that one of its games changed.
pub async fn announce(app: &Services, contest: &Contest) {
    if let Contest::Duel(duel) = contest {
        duels::announce(app, duel).await;
    }
}
