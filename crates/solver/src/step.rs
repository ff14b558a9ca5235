//! A step of the search: one successor of a node, as the search generates,
//! orders and plays it.

use patience_core::{Card, Move, Position};

use crate::pending;

/// One successor of a node: `draws` stock moves (draw, or redeal when the
/// stock is empty), then `play` if any. With automatic moves a step may be
/// draws alone, when the last draw sent a card up by itself.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Step {
    pub draws: u16,
    pub play: Option<Move>,
    /// A second move after `play`, the twin move: the foundation move of
    /// the card it uncovers (see [`crate::twins`]).
    pub uncovered_up: Option<Move>,
    /// The card `play` puts on the tableau from the talon or a foundation,
    /// where pending nodes are used (see [`crate::pending`]).
    pub placed: Option<Card>,
    /// Its move-ordering score (see [`crate::ordering`]); 16 bits, so that
    /// a step takes 32 bytes (a deep line holds millions of them).
    pub score: i16,
    /// The table key of the node it leads to, worked out ahead (see
    /// `Searcher::key_ahead`); 0 when not (that node is then made and keyed
    /// when its turn comes).
    pub key: u128,
}

// A line a million frames deep holds several million steps.
const _: () = assert!(std::mem::size_of::<Step>() == 32);

impl Step {
    /// The card this step placed, if it still lies where it was played in
    /// `child` (it may have gone up by itself): then `child` is a pending
    /// node (see [`crate::pending`]).
    #[inline]
    pub fn pending_in(&self, child: &Position) -> Option<Card> {
        self.placed.filter(|&x| self.play.is_some_and(|mv| pending::left_pending(child, mv, x)))
    }
}
