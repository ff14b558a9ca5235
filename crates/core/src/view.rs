//! The player view: what a player may see of a game, and nothing more.
//!
//! Face-down tableau cards and the stock are given as counts only, so the
//! view can be sent anywhere (terminal, browser, duel opponents) without
//! leaking a hidden card. The legal moves come with it in notation, so no
//! front end ever needs to know the rules.

use serde::Serialize;

use crate::card::Card;
use crate::game::{Game, Outcome};
use crate::position::Position;
use crate::rules::Passes;

/// One tableau column as a player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ColumnView {
    /// How many face-down cards lie under the face-up ones.
    pub face_down: usize,
    /// The face-up cards, bottom first, as `7H`, `TS`.
    pub face_up: Vec<Card>,
}

/// One foundation slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundationView {
    pub top: Option<Card>,
    pub count: usize,
}

/// Everything visible on the table, plus the legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionView {
    pub rules: &'static str,
    pub columns: Vec<ColumnView>,
    pub foundations: Vec<FoundationView>,
    /// Cards left in the stock; their order is hidden.
    pub stock: usize,
    /// The waste, bottom first; the last card is the playable one.
    pub waste: Vec<Card>,
    /// The reserve, bottom first; the last card is the playable one.
    pub reserve: Vec<Card>,
    /// The foundations' base rank once known (1 = Ace).
    pub base: Option<u8>,
    /// The current pass through the stock, from 1.
    pub pass: u16,
    /// Passes allowed in all, `None` when unlimited.
    pub passes: Option<u8>,
    /// Legal moves in notation.
    pub moves: Vec<String>,
}

impl PositionView {
    pub fn of(pos: &Position) -> PositionView {
        PositionView::with_moves(pos, pos.legal_moves().iter().map(|m| m.to_string()).collect())
    }

    fn with_moves(pos: &Position, moves: Vec<String>) -> PositionView {
        let rules = pos.rules();
        PositionView {
            rules: rules.id,
            columns: (0..pos.column_count())
                .map(|c| ColumnView { face_down: pos.face_down(c), face_up: pos.face_up(c).to_vec() })
                .collect(),
            foundations: (0..pos.foundation_slots())
                .map(|s| FoundationView { top: pos.foundation_top(s), count: pos.foundation_len(s) })
                .collect(),
            stock: pos.stock().len(),
            waste: pos.waste().to_vec(),
            reserve: pos.reserve().to_vec(),
            base: pos.base_rank(),
            pass: pos.pass(),
            passes: match rules.passes {
                Passes::Limited(n) => Some(n),
                Passes::Unlimited => None,
            },
            moves,
        }
    }
}

/// A game as its player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameView {
    pub game: &'static str,
    pub name: &'static str,
    pub deal: u64,
    /// The number the next action must carry.
    pub action_number: usize,
    pub moves_made: usize,
    pub outcome: Outcome,
    pub score: i64,
    pub undos: u32,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Whether the optional safe auto-move is on.
    pub safe_auto_moves: bool,
    /// Milliseconds left on the clock, for timed games.
    pub ms_left: Option<u64>,
    pub table: PositionView,
}

impl GameView {
    /// The view at `now_ms` (for the clock).
    pub fn of(game: &Game, now_ms: u64) -> GameView {
        let moves = game.legal_moves().iter().map(|m| m.to_string()).collect();
        GameView {
            game: game.rules().id,
            name: game.rules().name,
            deal: game.deal(),
            action_number: game.action_number(),
            moves_made: game.moves_made(),
            outcome: game.outcome(),
            score: game.score(),
            undos: game.undos(),
            can_undo: game.can_undo(),
            can_redo: game.redo_move().is_some() && !game.is_final(),
            safe_auto_moves: game.safe_auto_moves(),
            ms_left: game.ms_left(now_ms),
            table: PositionView::with_moves(game.position(), moves),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.ascii())
    }
}
