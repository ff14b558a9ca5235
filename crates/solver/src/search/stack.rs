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

/// A node of a line. The step that led to it is not kept here: it is the
/// parent's step last taken, `steps[parent.next() - 1]` ([`Stack::via`]),
/// since a parent takes its next step only once this node is gone. A line
/// can be a million frames deep, so each byte here counts: the indices are
/// 32 bits (a stack never holds four billion steps; the memory budget
/// stops it long before).
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// This node's steps are `steps[next..end]` still to try, of
    /// `steps[start..end]`.
    next: u32,
    end: u32,
    start: u32,
    /// The safe moves played after the step here start at
    /// `settled[settled_from]` (with a spacing above 1).
    settled_from: u32,
    /// Win-finding pass with arrangement-free keys: this position's
    /// arrangement-free key, folded to 64 bits (it is only compared with
    /// its children's, to tell a step that only rearranged face-up cards),
    /// and whether the step here was such a step.
    pub arrangement_free_key: u64,
    pub arranging: bool,
}

const _: () = assert!(std::mem::size_of::<Frame>() == 32);

/// A stack index as a frame keeps it.
#[inline]
fn index(i: usize) -> u32 {
    u32::try_from(i).expect("a stack holds fewer than 2^32 steps")
}

impl Frame {
    pub fn new(start: usize, end: usize, arrangement_free_key: u128, arranging: bool) -> Frame {
        let arrangement_free_key = Frame::fold(arrangement_free_key);
        let (start, end) = (index(start), index(end));
        Frame { next: start, end, start, settled_from: 0, arrangement_free_key, arranging }
    }

    /// The index of the next step to try.
    #[inline]
    pub fn next(&self) -> usize {
        self.next as usize
    }

    /// The index past this node's last step.
    #[inline]
    pub fn end(&self) -> usize {
        self.end as usize
    }

    /// Whether every step of this node has been taken.
    #[inline]
    pub fn exhausted(&self) -> bool {
        self.next == self.end
    }

    /// Takes the next step: its index.
    #[inline]
    pub fn take_next(&mut self) -> usize {
        self.next += 1;
        self.next as usize - 1
    }

    /// An arrangement-free key as a frame keeps it.
    #[inline]
    pub fn fold(key: u128) -> u64 {
        key as u64 ^ (key >> 64) as u64
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
    /// No frame below this one has two steps left (see [`Stack::split`]):
    /// a frame only ever loses steps, so a split need not look there again.
    split_from: usize,
    /// The steps from the search's root to this stack's first frame: none,
    /// unless the stack was split off another one.
    prefix: Vec<Step>,
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
            split_from: 0,
            prefix: Vec::new(),
        }
    }

    /// Pushes `frame`, whose position is `pos`, reached from its parent by
    /// the parent's step last taken and then the safe moves `settled`.
    pub fn push(&mut self, mut frame: Frame, pos: Position, settled: &[Move]) {
        let depth = self.frames.len();
        if self.spacing == 1 {
            self.positions.push(pos);
        } else {
            frame.settled_from = index(self.settled.len());
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
        self.steps.truncate(frame.start as usize);
        let depth = self.frames.len();
        self.split_from = self.split_from.min(depth);
        if depth.is_multiple_of(self.spacing) {
            self.positions.pop();
        }
        if self.spacing > 1 {
            self.settled.truncate(frame.settled_from as usize);
            self.recent.pop_back();
        }
    }

    /// The step that led to the frame at `depth` (1 or more) from its
    /// parent.
    #[inline]
    pub fn via(&self, depth: usize) -> Step {
        self.steps[self.frames[depth - 1].next() - 1]
    }

    /// The steps from the search's root to the top frame.
    pub fn line(&self) -> impl Iterator<Item = Step> + '_ {
        self.prefix.iter().copied().chain((1..self.frames.len()).map(|depth| self.via(depth)))
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
                let pos = self.played_again(self.recent.back().expect("pushed").clone(), i);
                self.recent.push_back(pos);
            }
        }
        self.recent.back().expect("the top frame's position")
    }

    /// The position of the frame at `depth` (1 or more), from `below`, its
    /// parent's: the step here and the safe moves after it played again.
    fn played_again(&self, mut below: Position, depth: usize) -> Position {
        apply(&mut below, self.via(depth), &mut |_| {});
        let until = self.frames.get(depth + 1).map_or(self.settled.len(), |f| f.settled_from as usize);
        for &mv in &self.settled[self.frames[depth].settled_from as usize..until] {
            below.play_unchecked(mv);
        }
        below
    }

    /// The position of the frame at `depth`, without keeping it.
    fn position_at(&self, depth: usize) -> Position {
        if self.spacing == 1 {
            return self.positions[depth].clone();
        }
        let kept = depth - depth % self.spacing;
        (kept + 1..=depth).fold(self.positions[kept / self.spacing].clone(), |pos, i| self.played_again(pos, i))
    }

    /// Hands half of the steps left at the lowest frame that has two or
    /// more to a new stack, for another thread (see [`super::parallel`]):
    /// that frame alone, with the steps handed over, its position, and the
    /// steps from the search's root to it (for a win's line). This stack
    /// keeps the other half. Every step left is then still tried by
    /// exactly one of the two, which is all the exact search's proof of a
    /// loss asks of its lines. `None` if no frame has two steps left.
    ///
    /// The lowest such frame is taken because its steps lead to the most
    /// work.
    pub fn split(&mut self) -> Option<Stack> {
        let lowest = self.frames[self.split_from..].iter().position(|f| f.end - f.next >= 2);
        let Some(i) = lowest.map(|i| self.split_from + i) else {
            self.split_from = self.frames.len();
            return None;
        };
        self.split_from = i;
        let (next, end) = (self.frames[i].next(), self.frames[i].end());
        let mid = next + (end - next) / 2;
        self.frames[i].end = index(mid);
        let mut prefix = self.prefix.clone();
        prefix.extend((1..=i).map(|depth| self.via(depth)));
        let mut stack = Stack::new(self.spacing);
        stack.prefix = prefix;
        stack.steps = self.steps[mid..end].to_vec();
        stack.push(Frame { next: 0, end: index(end - mid), start: 0, ..self.frames[i] }, self.position_at(i), &[]);
        Some(stack)
    }

    /// Bytes the stack holds, by its vectors' capacities (they grow by
    /// doubling, and the memory they hold is what the process uses).
    pub fn bytes(&self) -> usize {
        self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.steps.capacity() * std::mem::size_of::<Step>()
            + self.positions.capacity() * std::mem::size_of::<Position>()
            + self.settled.capacity() * std::mem::size_of::<Move>()
            + self.recent.capacity() * std::mem::size_of::<Position>()
            + self.prefix.capacity() * std::mem::size_of::<Step>()
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
                stack.push(Frame::new(0, 0, 0, false), root, &[]);
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
                        // The parent's step taken, where `via` finds it.
                        stack.steps.push(step);
                        let parent = stack.frames.last_mut().unwrap();
                        (parent.next, parent.end) = (index(stack.steps.len()), index(stack.steps.len()));
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
                        let at = stack.steps.len();
                        stack.push(Frame::new(at, at, 0, false), pos, &settled);
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

    /// Splitting a line deep in a random walk: every step left is left in
    /// exactly one of the two stacks, the new one is at the position of
    /// the frame it split with the line to it, and goes on as a stack of
    /// its own.
    #[test]
    fn a_split_hands_over_half_the_steps_left_at_the_lowest_frame_with_two() {
        let rules = presets::find("pitchfork/warfield").unwrap();
        let mut rng = SplitMix64::new(11);
        let mut next = move |n: usize| (rng.next_u64() % n as u64) as usize;
        let via = Step { draws: 0, play: None, uncovered_up: None, placed: None, score: 0, key: 0 };
        let left = |stack: &Stack| -> Vec<Vec<Option<Move>>> {
            stack.frames.iter().map(|f| stack.steps[f.next()..f.end()].iter().map(|s| s.play).collect()).collect()
        };
        let mut splits = 0;
        for spacing in [1, 8] {
            for deal in 1..=20 {
                let root = Position::deal(rules, deal);
                let mut stack = Stack::new(spacing);
                let mut pushed = Vec::new();
                let mut moves = MoveList::new();
                let mut pos = root;
                // Down a random line, each frame holding its legal moves as
                // steps, some of them already tried.
                for depth in 0..=next(300) {
                    moves.clear();
                    pos.generate_moves(&mut moves);
                    let start = stack.steps.len();
                    stack.steps.extend(moves.iter().map(|&mv| Step { play: Some(mv), ..via }));
                    let mut frame = Frame::new(start, stack.steps.len(), 0, false);
                    frame.next += index(next(moves.len() + 1));
                    pushed.push(pos.clone());
                    stack.push(frame, pos.clone(), &[]);
                    if frame.next == frame.end || depth == 300 {
                        break;
                    }
                    let step = stack.steps[frame.next()];
                    stack.frames.last_mut().expect("pushed").next += 1;
                    apply(&mut pos, step, &mut |_| {});
                }
                let before = left(&stack);
                let Some(lowest) = before.iter().position(|steps| steps.len() >= 2) else {
                    assert!(stack.split().is_none());
                    continue;
                };
                let mut copy = stack.split().expect("a frame with two steps left");
                splits += 1;
                let (kept, handed) = (left(&stack), left(&copy));
                assert_eq!(handed.len(), 1, "the split frame alone");
                for (depth, steps) in before.iter().enumerate() {
                    let mut both = kept[depth].clone();
                    if depth == lowest {
                        assert!(!kept[depth].is_empty() && !handed[0].is_empty());
                        both.extend(handed[0].iter().copied());
                    }
                    assert_eq!(&both, steps, "deal {deal}, depth {depth}");
                }
                // At the split frame's position, with the line to it.
                assert!(*copy.top_position() == pushed[lowest], "deal {deal}, spacing {spacing}");
                let line: Vec<Option<Move>> = stack.line().map(|s| s.play).collect();
                let copied: Vec<Option<Move>> = copy.line().map(|s| s.play).collect();
                assert_eq!(copied, line[..lowest]);
                // It goes on as a stack of its own: a step down and back.
                let frame = copy.frames[0];
                let step = copy.steps[frame.next()];
                copy.frames[0].next += 1;
                let mut child = pushed[lowest].clone();
                apply(&mut child, step, &mut |_| {});
                let at = copy.steps.len();
                copy.push(Frame::new(at, at, 0, false), child.clone(), &[]);
                assert!(*copy.top_position() == child);
                assert_eq!(copy.line().count(), lowest + 1);
                copy.pop();
                assert!(*copy.top_position() == pushed[lowest]);
                assert!(*stack.top_position() == *pushed.last().unwrap());
            }
        }
        assert!(splits > 20, "{splits} splits");
    }
}
