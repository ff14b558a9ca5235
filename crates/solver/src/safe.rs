//! Safe foundation moves: moves to the foundations that the solver plays
//! without trying the alternatives, because they never spoil a win.
//!
//! **The rule.** In a game where cards never come back from the foundations
//! and the rules make no automatic moves but Aces going up (Die Große
//! Harfe), a card `c` that may go to a foundation now goes there at once
//! when every copy of every card that could ever be built on `c` in the
//! tableau (by [`Rules::builds_on`]) is already on the foundations, and the
//! foundations' base rank is known.
//!
//! **Why it is safe.** Call the position `P` and the one after the move `P'`.
//! Take any winning line from `P` and drop from it every move of `c`. In `P'`
//! that line stays legal move for move: nothing is ever placed on `c` (every
//! card that could be is up for good), so no move needed `c` as a target; a
//! move of a run whose top was `c` moves the same run less `c` (still a
//! correctly built run, led by the same card; where only whole runs move, still
//! the whole run, since nothing ever lies on `c`); a card under `c` is turned
//! up earlier, which only adds options (an Ace turned up so goes up by itself
//! earlier, which takes nothing from the line: nothing builds on an Ace, and
//! the line never moves one that showed); an emptied column is only better
//! (King-only spaces, "at most N columns occupied"; in Lasker an emptied column
//! stays empty, but it could only ever have taken cards built on `c`); a
//! foundation is one card ahead, and foundation moves are never forced. With
//! draw 1, a card taken off the waste only shortens the talon, whose other
//! cards are reached in the same order, so the line still reaches each of them;
//! with larger draws removing a waste card changes which cards later draws
//! show, so waste cards are only moved this way with draw 1. The base rank must
//! be known, since in Lasker the first foundation move chooses it. Two-deck
//! games: the two foundations of a suit differ only in height, and a card fits
//! exactly the one that is one below it (or either, when equal), so the
//! engine's choice of slot loses nothing.
//!
//! **Where it applies.** Harp (all variants), Die Große Harfe (all; its Aces go
//! up by rule anyway), Pitchfork (all, whole runs or partial ones, Warfield
//! included with its wrapping base), Lasker (a card goes up safely once the
//! card of its suit one rank lower is up; Aces any time after the base is set,
//! since nothing builds on an Ace). In Lasker (classic) the card one rank
//! higher also builds on `c` and is never up before `c`, so nothing is safe.
//! Solitaire Harmony lets cards come back down from the foundations, so the
//! rule does not apply there; the engine's own automatic moves (a rank goes up
//! once every card one rank lower is up) do that job.

use patience_core::rules::AutomaticMoves;
use patience_core::{Move, MoveList, Pile, Position, Rules};

/// The safe-move rule of one game, switched off where it does not apply.
#[derive(Clone, Debug)]
pub struct SafeMoves {
    enabled: bool,
}

impl SafeMoves {
    pub fn new(rules: &'static Rules) -> SafeMoves {
        SafeMoves { enabled: !rules.foundation_to_tableau && rules.automatic_moves != AutomaticMoves::RankComplete }
    }

    /// A disabled rule: no move is ever safe (for plain exhaustive search).
    pub fn none() -> SafeMoves {
        SafeMoves { enabled: false }
    }

    /// Whether the card `from` offers may go up without branching: the
    /// engine's [`Position::is_safe_foundation_move`], which implements the
    /// rule proven above.
    pub fn is_safe(&self, pos: &Position, from: Pile) -> bool {
        self.enabled && pos.is_safe_foundation_move(from)
    }

    /// The first safe move among `moves` (the legal moves of `pos`): what
    /// [`SafeMoves::play_safe`] must play next, which its debug builds check.
    fn find(&self, pos: &Position, moves: &MoveList) -> Option<Move> {
        if !self.enabled {
            return None;
        }
        moves.iter().copied().find(|&mv| match mv {
            Move::Transfer { from, to: Pile::AnyFoundation, .. } => self.is_safe(pos, from),
            _ => false,
        })
    }

    /// Plays safe moves until none is left, calling `record` with each;
    /// leaves the legal moves of the final position in `moves`.
    pub fn settle(&self, pos: &mut Position, moves: &mut MoveList, record: &mut impl FnMut(Move)) {
        self.play_safe(pos, record);
        moves.clear();
        pos.generate_moves(moves);
    }

    /// Plays safe moves until none is left, calling `record` with each, in
    /// the order of the legal moves (the generator lists foundation moves
    /// from the columns in order, then the waste's, then the reserve's),
    /// without listing the legal moves: a
    /// search that only scores a position (the beam) need not list them.
    /// The order matters with two decks, where a copy of a card going up
    /// can leave the other copy no foundation to fit.
    pub fn play_safe(&self, pos: &mut Position, record: &mut impl FnMut(Move)) {
        if !self.enabled {
            return;
        }
        loop {
            let Some(mv) = pos.safe_foundation_move() else { return };
            debug_assert_eq!(
                Some(mv),
                self.find(pos, &pos.legal_moves()),
                "the first safe move in the generator's order"
            );
            pos.play_unchecked(mv);
            record(mv);
        }
    }
}
