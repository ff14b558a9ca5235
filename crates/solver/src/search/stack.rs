//! The stack of one line of the depth-first search: its nodes (frames),
//! their steps still to try, and the positions it keeps.
//!
//! A line can be a million nodes deep (Warfield, Lasker), where a position
//! in every frame would take most of the memory budget. So a stack may keep
//! the position of only every `spacing`-th frame, with the safe moves each
//! frame's step was followed by: the position of any other frame is the
//! kept one below it with the steps and safe moves since played again,
//! which takes a few moves and no move generation. The positions of the
//! topmost frames are kept too (up to [`WINDOW`] of them), where the search
//! spends most of its time going down and back: a frame's position is then
//! played again at most once each time the search backs out past it.

use std::collections::VecDeque;

use patience_core::{Move, Position};

use super::apply;
use crate::step::Step;

pub(super) struct Frame {
    /// This node's steps are `steps[next..end]` still to try.
    pub next: usize,
    pub end: usize,
    pub start: usize,
    /// The step that led here from the parent.
    pub via: Step,
    /// Win-finding pass with arrangement-free keys: this position's
    /// arrangement-free key, and whether the step here only rearranged
    /// face-up cards.
    pub arrangement_free_key: u128,
    pub arranging: bool,
    /// The safe moves played after `via` start at `settled[settled_from]`
    /// (with a spacing above 1).
    settled_from: usize,
}

impl Frame {
    pub fn new(start: usize, end: usize, via: Step, arrangement_free_key: u128, arranging: bool) -> Frame {
        Frame { next: start, end, start, via, arrangement_free_key, arranging, settled_from: 0 }
    }
}

pub(super) struct Stack {
    pub frames: Vec<Frame>,
    pub steps: Vec<Step>,
    /// The positions of the frames whose depth is a multiple of `spacing`.
    positions: Vec<Position>,
    /// The safe moves after each frame's step, frame after frame.
    settled: Vec<Move>,
    spacing: usize,
    /// With a spacing above 1, the positions of the topmost frames, the
    /// top one last (none at times).
    recent: VecDeque<Position>,
}

/// The most positions of the topmost frames a stack keeps beside every
/// `spacing`-th (at least the spacing).
const WINDOW: usize = 64;

/// Room [`Stack::make_room`] leaves for a node's steps (more grow the steps
/// as usual).
const ROOM_FOR_STEPS: usize = 1024;

impl Stack {
    /// An empty stack keeping every `spacing`-th position.
    pub fn new(spacing: usize) -> Stack {
        Stack {
            frames: Vec::new(),
            steps: Vec::new(),
            positions: Vec::new(),
            settled: Vec::new(),
            spacing: spacing.clamp(1, WINDOW),
            recent: VecDeque::new(),
        }
    }

    /// Pushes `frame`, whose position is `pos`, reached from its parent by
    /// its step and then the safe moves `settled`.
    pub fn push(&mut self, mut frame: Frame, pos: Position, settled: &[Move]) {
        let depth = self.frames.len();
        if self.spacing == 1 {
            self.positions.push(pos);
        } else {
            frame.settled_from = self.settled.len();
            self.settled.extend_from_slice(settled);
            if depth.is_multiple_of(self.spacing) {
                self.positions.push(pos.clone());
            }
            if self.recent.len() == WINDOW {
                self.recent.pop_front();
            }
            self.recent.push_back(pos);
        }
        self.frames.push(frame);
    }

    /// Pops the top frame, with its steps.
    pub fn pop(&mut self) {
        let frame = self.frames.pop().expect("a frame to pop");
        self.steps.truncate(frame.start);
        let depth = self.frames.len();
        if depth.is_multiple_of(self.spacing) {
            self.positions.pop();
        }
        if self.spacing > 1 {
            self.settled.truncate(frame.settled_from);
            self.recent.pop_back();
        }
    }

    /// The root's position, if the stack has one.
    pub fn root(&self) -> Option<&Position> {
        self.positions.first()
    }

    /// The top frame's position.
    pub fn top_position(&mut self) -> &Position {
        let depth = self.frames.len() - 1;
        if self.spacing == 1 {
            return &self.positions[depth];
        }
        if self.recent.is_empty() {
            // From the kept position below, every frame's on the way.
            let kept = depth - depth % self.spacing;
            self.recent.push_back(self.positions[kept / self.spacing].clone());
            for i in kept + 1..=depth {
                let mut pos = self.recent.back().expect("pushed").clone();
                let frame = &self.frames[i];
                apply(&mut pos, frame.via, &mut |_| {});
                let until = self.frames.get(i + 1).map_or(self.settled.len(), |f| f.settled_from);
                for &mv in &self.settled[frame.settled_from..until] {
                    pos.play_unchecked(mv);
                }
                self.recent.push_back(pos);
            }
        }
        self.recent.back().expect("the top frame's position")
    }

    /// Bytes the stack holds, by its vectors' capacities (they grow by
    /// doubling, and the memory they hold is what the process uses).
    pub fn bytes(&self) -> usize {
        self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.steps.capacity() * std::mem::size_of::<Step>()
            + self.positions.capacity() * std::mem::size_of::<Position>()
            + self.settled.capacity() * std::mem::size_of::<Move>()
            + self.recent.capacity() * std::mem::size_of::<Position>()
    }

    /// Lets the vectors grow by an eighth at a time instead of doubling, so
    /// that the memory they hold, which the budget counts, stays close to
    /// what the search uses (a line can be hundreds of megabytes deep).
    pub fn make_room(&mut self) {
        if self.frames.len() == self.frames.capacity() {
            self.frames.reserve_exact((self.frames.len() / 8).max(64));
        }
        if self.positions.len() == self.positions.capacity() {
            self.positions.reserve_exact((self.positions.len() / 8).max(64));
        }
        if self.steps.capacity() - self.steps.len() < ROOM_FOR_STEPS {
            self.steps.reserve_exact((self.steps.len() / 8).max(4 * ROOM_FOR_STEPS));
        }
        if self.spacing > 1 && self.settled.capacity() - self.settled.len() < ROOM_FOR_STEPS {
            self.settled.reserve_exact((self.settled.len() / 8).max(4 * ROOM_FOR_STEPS));
        }
    }
}

#[cfg(test)]
mod tests {
    use patience_core::deal::SplitMix64;
    use patience_core::{presets, MoveList, Pile};

    use super::*;

    /// Going down and back up a line far deeper than the window, in bursts,
    /// the top frame's position is always the one pushed there, however
    /// far apart the stack keeps positions.
    #[test]
    fn the_top_position_played_again_is_the_one_pushed() {
        let rules = presets::find("pitchfork/warfield").unwrap();
        let mut rng = SplitMix64::new(7);
        let mut next = move |n: usize| (rng.next_u64() % n as u64) as usize;
        let mut rebuilt = 0;
        for spacing in [1, 2, 8, WINDOW] {
            for deal in 1..=6 {
                let root = Position::deal(rules, deal);
                let mut stack = Stack::new(spacing);
                let mut pushed = vec![root.clone()];
                let via = Step { draws: 0, play: None, uncovered_up: None, placed: None, score: 0, key: 0 };
                stack.push(Frame::new(0, 0, via, 0, false), root, &[]);
                let mut moves = MoveList::new();
                for _ in 0..400 {
                    // Down a burst of moves, each followed by up to two
                    // moves to the foundations as its safe moves.
                    for _ in 0..next(3 * WINDOW) {
                        rebuilt += usize::from(spacing > 1 && stack.recent.is_empty());
                        let mut pos = stack.top_position().clone();
                        assert!(
                            pos == *pushed.last().unwrap(),
                            "spacing {spacing}, deal {deal}, depth {}",
                            pushed.len()
                        );
                        moves.clear();
                        pos.generate_moves(&mut moves);
                        let Some(&mv) = moves.get(next(moves.len().max(1))) else { break };
                        let step = Step { play: Some(mv), ..via };
                        apply(&mut pos, step, &mut |_| {});
                        let mut settled = Vec::new();
                        for _ in 0..2 {
                            moves.clear();
                            pos.generate_moves(&mut moves);
                            if let Some(&up) =
                                moves.iter().find(|m| matches!(m, Move::Transfer { to: Pile::AnyFoundation, .. }))
                            {
                                pos.play_unchecked(up);
                                settled.push(up);
                            }
                        }
                        pushed.push(pos.clone());
                        stack.push(Frame::new(0, 0, step, 0, false), pos, &settled);
                    }
                    // Back up a burst, never past the root.
                    for _ in 0..next(3 * WINDOW).min(pushed.len() - 1) {
                        stack.pop();
                        pushed.pop();
                    }
                    rebuilt += usize::from(spacing > 1 && stack.recent.is_empty());
                    assert!(*stack.top_position() == *pushed.last().unwrap(), "spacing {spacing}, deal {deal}");
                }
            }
        }
        // Positions were played again from kept ones, many times.
        assert!(rebuilt > 100, "{rebuilt} rebuilt");
    }
}
