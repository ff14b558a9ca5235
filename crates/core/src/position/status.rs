//! The end of the game: won, lost with no legal move, or at a dead end
//! where no sequence of legal moves makes progress.

use std::collections::{HashSet, VecDeque};
use std::hash::{Hash, Hasher};

use super::Position;
use crate::moves::{Move, Pile};
use crate::rules::*;

/// How many positions the dead-end search looks at before it gives up and
/// leaves the game open: enough for every ordinary shuffle of runs between
/// columns, small enough to answer within milliseconds after each action.
pub const DEAD_END_SEARCH_BOUND: usize = 10_000;

/// What the rules say about a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Progress is still possible.
    Playing,
    /// Every card is on the foundations.
    Won,
    /// No legal move is left, drawing and redealing included.
    Lost,
    /// Legal moves are left, but no sequence of them makes progress (see
    /// [`Position::progress_reachable`]): a dead end.
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
    ///
    /// ```
    /// use patience_core::{presets, Position, Status};
    ///
    /// assert_eq!(Position::deal(presets::find("harmony").unwrap(), 1).status(), Status::Playing);
    /// // A lone 9♠ and no stock: no legal move is left.
    /// assert_eq!(Position::from_setup("rules harp\nt1 9S").unwrap().status(), Status::Lost);
    /// // Drawing is still legal, but no card can ever reach a column or a foundation.
    /// let stuck = Position::from_setup("rules harp/unlimited\npass 2\nt1 9S\nstock 5S 4S\nwaste 3S").unwrap();
    /// assert_eq!(stuck.status(), Status::Stuck);
    /// ```
    pub fn status(&self) -> Status {
        if self.is_won() {
            return Status::Won;
        }
        if self.legal_moves().is_empty() {
            return Status::Lost;
        }
        match self.progress_reachable() {
            Some(false) => Status::Stuck,
            Some(true) | None => Status::Playing,
        }
    }

    /// Whether the game is won by moving cards up alone, with no decision
    /// left: every card face up, the stock and the waste empty, the
    /// foundations' base rank known, and moving any card that fits up, one
    /// after another, brings every card up. (Moving a card up never stops
    /// another from going up, so the order does not matter.)
    ///
    /// ```
    /// use patience_core::Position;
    ///
    /// // The spades from 9♠ to Q♠ are left (the other cards are out of play).
    /// let in_order = Position::from_setup("rules harmony\nf 8S -- -- --\nt1 9S\nt2 QS JS TS").unwrap();
    /// assert!(in_order.wins_by_going_up());
    /// // The 9♠ lies under the 10♠, which has nowhere else to go.
    /// let buried = Position::from_setup("rules harmony\nf 8S -- -- --\nt1 QS JS\nt2 9S TS").unwrap();
    /// assert!(!buried.wins_by_going_up());
    /// ```
    pub fn wins_by_going_up(&self) -> bool {
        self.moves_up().is_some()
    }

    /// The moves that win by moving cards up alone, one after another, when
    /// [`Position::wins_by_going_up`]; `None` otherwise.
    pub fn moves_up(&self) -> Option<Vec<Move>> {
        if self.face_down_total() > 0 || self.talon_len > 0 || self.base_rank().is_none() {
            return None;
        }
        let mut pos = self.clone();
        let mut line = Vec::new();
        while let Some(&up) = pos
            .legal_moves()
            .iter()
            .find(|mv| matches!(mv, Move::Transfer { to: Pile::AnyFoundation | Pile::Foundation(_), .. }))
        {
            pos.play(up).ok()?;
            line.push(up);
        }
        pos.is_won().then_some(line)
    }

    /// Whether every stock card has been seen by the player: after the first
    /// pass, or once the stock is empty. (A draw undone in the first pass
    /// puts seen cards back; counting them as unseen only keeps a game open
    /// longer, never ends one early.)
    pub fn stock_all_seen(&self) -> bool {
        self.pass > 1 || self.stock().is_empty()
    }

    /// Whether some sequence of legal moves from here makes progress: a card
    /// reaching a foundation beyond what it holds now, a face-down card
    /// turned up, a stock card seen for the first time, or, where passes are
    /// limited, a draw or a redeal. `None` when the search met
    /// `DEAD_END_SEARCH_BOUND` positions first.
    ///
    /// It reads only what the player sees: a move that would show a hidden
    /// card is progress and is never played, and the stock is followed only
    /// once every card in it has been seen.
    pub fn progress_reachable(&self) -> Option<bool> {
        let limited = matches!(self.rules.passes, Passes::Limited(_));
        let stock_seen = self.stock_all_seen();
        // With unlimited passes and the whole stock seen, drawing and
        // redealing change nothing but which talon card is on top: the search
        // folds them into "any card that can come to the top may be played"
        // instead of walking every draw.
        let cycling = !limited && stock_seen;
        let mut root = self.clone();
        if cycling {
            root.normalise_talon_pointer();
        }
        let mut seen = HashSet::new();
        seen.insert(root.dead_end_key());
        let mut queue = VecDeque::from([root]);
        while let Some(pos) = queue.pop_front() {
            let mut children = Vec::new();
            if cycling {
                for top in pos.reachable_waste_tops() {
                    let mut shown = pos.clone();
                    shown.waste_len = top + 1;
                    // A card coming to the top may go up by itself.
                    shown.settle(&mut |_| {});
                    if self.progress_between(&pos, &shown) {
                        return Some(true);
                    }
                    for &mv in shown.legal_moves().iter() {
                        if matches!(mv, Move::Transfer { from: Pile::Waste, .. }) {
                            children.push((shown.clone(), mv));
                        }
                    }
                }
            }
            for &mv in pos.legal_moves().iter() {
                match mv {
                    Move::Draw | Move::Redeal if limited => return Some(true),
                    Move::Draw if !stock_seen => return Some(true),
                    Move::Draw | Move::Redeal => {
                        if !cycling {
                            children.push((pos.clone(), mv));
                        }
                    }
                    Move::Transfer { from: Pile::Waste, .. } if cycling => {}
                    _ => children.push((pos.clone(), mv)),
                }
            }
            for (from, mv) in children {
                if let Move::Transfer { from: Pile::Tableau(col), count, .. } = mv {
                    if from.face_down[col as usize] > 0 && count as usize == from.face_up(col as usize).len() {
                        return Some(true);
                    }
                }
                let mut next = from.clone();
                next.play_unchecked(mv);
                if self.progress_between(&from, &next) {
                    return Some(true);
                }
                if cycling {
                    next.normalise_talon_pointer();
                }
                if seen.insert(next.dead_end_key()) {
                    if seen.len() > DEAD_END_SEARCH_BOUND {
                        return None;
                    }
                    queue.push_back(next);
                }
            }
        }
        Some(false)
    }

    /// Whether going from `before` to `after` turned a card up or brought a
    /// foundation past what it holds in `self`, the position searched from.
    fn progress_between(&self, before: &Position, after: &Position) -> bool {
        after.face_down_total() < before.face_down_total()
            || (0..self.foundation_slots()).any(|s| after.foundations[s] > self.foundations[s])
    }

    /// The talon places (waste first) whose card can come to the top of the
    /// waste by drawing and redealing alone: the rest of this pass, then
    /// every pass from the start.
    fn reachable_waste_tops(&self) -> Vec<u8> {
        let (n, draw) = (self.talon_len, self.rules.draw.max(1));
        let mut tops = Vec::new();
        let mut add_pass = |mut pointer: u8| {
            if pointer > 0 {
                tops.push(pointer - 1);
            }
            while pointer < n {
                pointer = (pointer + draw).min(n);
                tops.push(pointer - 1);
            }
        };
        add_pass(self.waste_len);
        add_pass(0);
        tops.sort_unstable();
        tops.dedup();
        tops
    }

    /// The position's fingerprint for the dead-end search's seen set.
    fn dead_end_key(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut hasher);
        hasher.finish()
    }

    /// Sets the waste's size to 0 where that changes nothing the search
    /// cares about: every top reachable from here is reachable from a fresh
    /// pass as well (the pointer is on a draw boundary, or at the end).
    fn normalise_talon_pointer(&mut self) {
        let draw = self.rules.draw.max(1);
        if self.waste_len.is_multiple_of(draw) || self.waste_len == self.talon_len {
            self.waste_len = 0;
        }
        self.pass = 1;
    }

    /// Whether `mv` changes the tableau or the foundations in a way that
    /// matters. Moving a whole column (nothing face down under it) into an
    /// empty column only swaps two interchangeable columns.
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
}
