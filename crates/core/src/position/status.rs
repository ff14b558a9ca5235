//! The end of the game: won, lost, or stuck with unlimited passes.

use super::Position;
use crate::moves::{Move, MoveList, Pile};
use crate::rules::*;

/// What the rules say about a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Moves are left.
    Playing,
    /// Every card is on the foundations.
    Won,
    /// No legal move is left, drawing and redealing included.
    Lost,
    /// Passes are unlimited and a whole pass through the stock offers no move
    /// that changes the tableau or the foundations.
    Stuck,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
            Status::Stuck => "stuck",
        }
    }
}

impl Position {
    #[inline]
    pub fn is_won(&self) -> bool {
        self.len.iter().all(|&n| n == 0) && self.talon_len == 0 && self.reserve_len == 0
    }

    /// Won, lost, stuck or still playing (see [`Status`]).
    pub fn status(&self) -> Status {
        if self.is_won() {
            return Status::Won;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Status::Lost;
        }
        if self.rules.passes == Passes::Unlimited && !self.pass_offers_a_play(&moves) {
            return Status::Stuck;
        }
        Status::Playing
    }

    /// Whether `mv` changes the tableau or the foundations in a way that
    /// matters. Moving a whole column (nothing face down under it) into an
    /// empty column only swaps two interchangeable columns, so a lone King
    /// travelling between spaces does not keep a game from being stuck.
    pub fn makes_progress(&self, mv: Move) -> bool {
        match mv {
            Move::Transfer { from: Pile::Tableau(src), to: Pile::Tableau(dest), count } => {
                let (src, dest) = (src as usize, dest as usize);
                !(self.len[dest] == 0 && count == self.len[src] && self.face_down[src] == 0)
            }
            Move::Transfer { .. } => true,
            Move::Draw | Move::Redeal => false,
        }
    }

    /// Whether, going once round the whole stock from here, some move would
    /// change the tableau or the foundations. This looks at the stock's
    /// hidden order: a front end must not report its answer to a player who
    /// has not yet seen the whole stock (see `Game::outcome`).
    pub(super) fn pass_offers_a_play(&self, moves: &MoveList) -> bool {
        if moves.iter().any(|&m| self.makes_progress(m)) {
            return true;
        }
        let mut pos = self.clone();
        let draws = self.talon_len as usize / self.rules.draw.max(1) as usize + 2;
        // The rest of this pass, a redeal, and one whole pass. A draw that
        // sends a card up by itself (Harmony) changes the foundations too.
        for _ in 0..2 * draws {
            let moves = pos.legal_moves();
            if moves.iter().any(|&m| pos.makes_progress(m)) {
                return true;
            }
            let Some(&mv) = moves.iter().find(|m| !m.is_play()) else { return false };
            let before = pos.cards_on_foundations();
            pos.play_unchecked(mv);
            if pos.cards_on_foundations() != before {
                return true;
            }
        }
        false
    }
}
