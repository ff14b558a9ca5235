//! Node expansion: the moves a search plays without branching (safe moves,
//! dominant cards, likely safe moves), and the steps of a node, compound
//! stock moves included, in the order the search tries them, less those
//! the search's reductions leave out.

use patience_core::rules::Space;
use patience_core::{Card, Move, MoveList, Pile, Position};

use super::{SearchKind, Searcher};
use crate::move_pruning::Quiet;
use crate::ordering::{self, LINE_NOISE, NOISE};
use crate::step::Step;
use crate::twins::{self, TwinMove};
use crate::{dominance, pending};

impl Searcher {
    /// Plays the moves made without branching (safe moves, and in the
    /// win-finding pass likely safe ones), calling `record` with each; leaves the
    /// legal moves of the final position in `moves`.
    pub(crate) fn settle(&self, pos: &mut Position, moves: &mut MoveList, record: &mut impl FnMut(Move)) {
        self.safe.settle(pos, moves, record);
        if self.reductions.dominance {
            while let Some(mv) = dominance::forced_move(pos, moves) {
                pos.play_unchecked(mv);
                record(mv);
                moves.clear();
                pos.generate_moves(moves);
            }
        }
        if !self.reductions.likely_safe_moves {
            return;
        }
        while let Some(mv) = likely_safe_move(pos, moves) {
            pos.play_unchecked(mv);
            record(mv);
            moves.clear();
            pos.generate_moves(moves);
        }
    }

    /// [`Searcher::settle`] without listing the legal moves of the final
    /// position where its moves are not needed to settle it: for a search
    /// that lists them only for the positions it keeps ([`crate::beam`]).
    /// `moves` may be overwritten.
    pub(crate) fn settle_position(&self, pos: &mut Position, moves: &mut MoveList, record: &mut impl FnMut(Move)) {
        if self.reductions.likely_safe_moves {
            self.settle(pos, moves, record);
        } else {
            self.safe.play_safe(pos, record);
        }
    }

    /// Appends the steps of the settled position `pos` (whose legal moves
    /// are `moves`) to `out`, best first: for a search that runs this
    /// searcher's move generation from outside ([`crate::beam`]).
    pub(crate) fn successors(&mut self, pos: &Position, moves: &MoveList, out: &mut Vec<Step>) {
        let start = self.stack.steps.len();
        self.expand(pos, moves, None, None);
        out.extend(self.stack.steps.drain(start..));
    }

    /// The card `mv` puts on the tableau from the talon or a foundation,
    /// where pending nodes are used.
    #[inline]
    pub(super) fn placed_card(&self, pos: &Position, mv: Move) -> Option<Card> {
        if self.reductions.pending_cards {
            pending::played_card(pos, mv)
        } else {
            None
        }
    }

    /// Pushes the step of `mv`, a tableau, waste or foundation move of
    /// `pos` made now: with twin keys a twin move only together with the
    /// foundation move of the card it uncovers, or not at all.
    fn push_transfer(&mut self, pos: &Position, mv: Move) {
        let (uncovered_up, score) = match self.reductions.twin_keys.then(|| twins::classify(pos, mv)) {
            None | Some(TwinMove::NotTwin) => (None, ordering::score(pos, mv, 0)),
            Some(TwinMove::Idle) => return,
            Some(TwinMove::Uncovers(up)) => (Some(up), ordering::TWIN_UP),
        };
        let placed = if uncovered_up.is_none() { self.placed_card(pos, mv) } else { None };
        self.stack.steps.push(Step { draws: 0, play: Some(mv), uncovered_up, placed, score, key: 0 });
    }

    /// Pushes the steps of `pos` (whose legal moves are `moves`) onto
    /// `self.stack.steps`, best first; in a pending node (see [`pending`]) only the
    /// steps that cover `pending`; after the quiet move `last`, not the
    /// moves it prunes (see [`crate::move_pruning`]).
    pub(super) fn expand(&mut self, pos: &Position, moves: &MoveList, pending: Option<Card>, last: Option<Quiet>) {
        let first = self.stack.steps.len();
        let mut first_stock_move = None;
        // Only where every key ignores the column order (the win-finding
        // pass's arrangement-free key does not).
        let spaces = if self.reductions.arrangement_free_keys || !self.leave_out_repeats {
            Spaces::NONE
        } else {
            Spaces::of(pos)
        };
        for &mv in moves {
            if spaces.redundant(pos, mv) {
                continue;
            }
            if self.reductions.dominance && dominance::comes_down(pos, mv) {
                continue;
            }
            if let Some(last) = last {
                if Quiet::prunes(last, pos, mv) {
                    continue;
                }
            }
            if let Some(x) = pending {
                match mv {
                    Move::Draw | Move::Redeal => first_stock_move = Some(mv),
                    _ if !pending::covers(pos, mv, x) => {}
                    // Covers as in any node: no twin move alone (see
                    // `pending`: the two reductions combine).
                    _ => self.push_transfer(pos, mv),
                }
                continue;
            }
            match mv {
                Move::Transfer { .. }
                    if self.kind == SearchKind::WinFinding
                        && !promising(pos, mv, self.reductions.arrangement_free_keys) => {}
                Move::Transfer { .. } => self.push_transfer(pos, mv),
                Move::Draw | Move::Redeal => first_stock_move = Some(mv),
            }
        }
        if let Some(mut next) = first_stock_move {
            // Go round the stock. A waste boundary seen before (the node's
            // own included) is where this walk already was with no more
            // passes used, so everything from here on was offered already.
            let mut seen: u128 = 1 << pos.waste().len();
            let mut q = pos.clone();
            let mut up = q.cards_on_foundations();
            let mut draws = 0u16;
            let mut here = MoveList::new();
            // The tableau does not change on the way round (a draw that
            // changes anything ends the walk), so its tops are read once.
            // They only serve to skip asking the move generator about a
            // waste card that can certainly go nowhere: not to a
            // foundation, onto no top, and no column is empty.
            let rules = pos.rules();
            let mut tops = [None; 10];
            let mut any_space = false;
            for (c, top) in tops.iter_mut().enumerate().take(pos.column_count()) {
                *top = pos.column(c).last().copied();
                any_space |= top.is_none();
            }
            let kings_only = rules.space == Space::KingOnly;
            loop {
                q.play_unchecked(next);
                draws += 1;
                if self.automatic_moves {
                    let now = q.cards_on_foundations();
                    if now != up {
                        // The draw sent cards up by itself: that is a play
                        // (one that covers no pending card).
                        if pending.is_some() {
                            break;
                        }
                        self.stack.steps.push(Step {
                            draws,
                            play: None,
                            uncovered_up: None,
                            placed: None,
                            score: ordering::draws_sending_up(draws),
                            key: 0,
                        });
                        break;
                    }
                    up = now;
                }
                let w = q.waste().len();
                if seen & (1 << w) != 0 {
                    break;
                }
                seen |= 1 << w;
                let card = q.waste().last().copied();
                let maybe = match pending {
                    // A pending node takes only a waste card that covers `x`.
                    Some(x) => card.is_some_and(|c| rules.builds_on(c, x)),
                    None => {
                        (any_space && !(kings_only && card.is_some_and(|c| c.rank() != rules.king())))
                            || card.is_some_and(|c| {
                                q.foundation_for(c).is_some() || tops.iter().flatten().any(|&t| rules.builds_on(c, t))
                            })
                    }
                };
                if !maybe {
                    // The stock move, as the generator would list it (debug
                    // builds check that it does).
                    let by_rule = stock_move(&q);
                    debug_assert_eq!(
                        by_rule,
                        q.legal_moves().iter().copied().find(|m| matches!(m, Move::Draw | Move::Redeal))
                    );
                    match by_rule {
                        Some(mv) => next = mv,
                        None => break,
                    }
                    continue;
                }
                here.clear();
                q.generate_waste_moves(&mut here);
                debug_assert_eq!(
                    here.as_slice(),
                    q.legal_moves()
                        .iter()
                        .copied()
                        .filter(|m| matches!(m, Move::Draw | Move::Redeal | Move::Transfer { from: Pile::Waste, .. }))
                        .collect::<Vec<_>>()
                );
                let mut again = None;
                for &mv in &here {
                    if spaces.redundant(&q, mv) {
                        continue;
                    }
                    match mv {
                        Move::Transfer { from: Pile::Waste, .. }
                            if pending.is_none_or(|x| pending::covers(&q, mv, x)) =>
                        {
                            let placed = self.placed_card(&q, mv);
                            self.stack.steps.push(Step {
                                draws,
                                play: Some(mv),
                                uncovered_up: None,
                                placed,
                                score: ordering::score(&q, mv, draws),
                                key: 0,
                            })
                        }
                        Move::Draw | Move::Redeal => again = Some(mv),
                        _ => {}
                    }
                }
                match again {
                    Some(mv) => next = mv,
                    None => break,
                }
            }
        }
        let magnitude = if self.kind == SearchKind::WinFinding { NOISE } else { LINE_NOISE };
        ordering::order(&mut self.stack.steps[first..], &mut self.noise, magnitude);
    }
}

/// The empty columns of a position, for leaving out moves into them that
/// only repeat another step's position: every key (see [`crate::key`])
/// ignores the order of the columns, so a move into the second space
/// reaches the key of the same move into the first, and a whole column
/// moved into a space reaches its own parent's. The table would turn both
/// away; leaving them out saves making and keying the position.
#[derive(Copy, Clone)]
struct Spaces {
    /// The first empty column, if any.
    first: Option<u8>,
}

impl Spaces {
    /// Leaves out nothing.
    const NONE: Spaces = Spaces { first: None };

    fn of(pos: &Position) -> Spaces {
        Spaces { first: (0..pos.column_count()).find(|&c| pos.column(c).is_empty()).map(|c| c as u8) }
    }

    /// Whether `mv`, a legal move of `pos` (the position `self` was taken
    /// of, or one whose tableau is the same), only repeats another step's
    /// position: a move into a space other than the first, or of a whole
    /// column into a space.
    #[inline]
    fn redundant(self, pos: &Position, mv: Move) -> bool {
        let (Some(first), Move::Transfer { from, to: Pile::Tableau(d), count }) = (self.first, mv) else {
            return false;
        };
        if !pos.column(d as usize).is_empty() {
            return false;
        }
        d != first || matches!(from, Pile::Tableau(s) if pos.column(s as usize).len() == count as usize)
    }
}

/// The stock move of `pos`: draw while the stock holds cards, else redeal
/// if the waste holds cards and a pass is left.
fn stock_move(pos: &Position) -> Option<Move> {
    if !pos.stock().is_empty() {
        Some(Move::Draw)
    } else if !pos.waste().is_empty() && pos.rules().allows_pass(pos.pass()) {
        Some(Move::Redeal)
    } else {
        None
    }
}

/// In the win-finding pass of games where cards come back from the
/// foundations, a foundation move of a tableau or waste card of rank `r`
/// once both cards of the other colour of rank `r - 1` and the other suit
/// of its colour up to `r - 2` are up (the usual "safe" rule of worry-back
/// games; not relied on for `Lost`).
fn likely_safe_move(pos: &Position, moves: &MoveList) -> Option<Move> {
    let slots = pos.foundation_slots().min(4);
    moves.iter().copied().find(|&mv| match mv {
        Move::Transfer { from: from @ (Pile::Tableau(_) | Pile::Waste), to: Pile::AnyFoundation, .. } => {
            let Some(card) = pos.available(from) else { return false };
            let r = card.rank() as usize;
            (0..slots).all(|slot| {
                let suit = patience_core::card::Suit::from_index(slot as u8);
                let height = pos.foundation_len(slot);
                if suit.is_red() != card.is_red() {
                    height + 1 >= r
                } else {
                    suit == card.suit() || height + 2 >= r
                }
            })
        }
        _ => false,
    })
}

/// Whether win-finding mode tries `mv`. With arrangement-free keys any
/// partial run move is tried (it is a rearranging step, one at a time).
fn promising(pos: &Position, mv: Move, arrangement_free_keys: bool) -> bool {
    match mv {
        Move::Transfer { from: Pile::Foundation(_), .. } => false,
        Move::Transfer { from: Pile::Tableau(s), to: Pile::Tableau(d), count } => {
            let s = s as usize;
            let up = pos.face_up(s).len();
            if count as usize == up {
                // Turns up a card, or empties the column (not into a space).
                return pos.face_down(s) > 0 || !pos.column(d as usize).is_empty();
            }
            let column = pos.column(s);
            let exposed = column[column.len() - 1 - count as usize];
            arrangement_free_keys || pos.foundation_for(exposed).is_some()
        }
        _ => true,
    }
}
