//! Safe foundation moves: moves to the foundations that the solver plays
//! without trying the alternatives, because they never spoil a win.
//!
//! **The rule.** In a game where cards never come back from the foundations
//! and the rules make no automatic moves, a card `c` that may go to a
//! foundation now goes there at once when every copy of every card that could
//! ever be built on `c` in the tableau (by [`Rules::builds_on`]) is already on
//! the foundations, and the foundations' base rank is known.
//!
//! **Why it is safe.** Call the position `P` and the one after the move `P'`.
//! Take any winning line from `P` and drop from it every move of `c`. In `P'`
//! that line stays legal move for move: nothing is ever placed on `c` (every
//! card that could be is up for good), so no move needed `c` as a target; a
//! move of a run whose top was `c` moves the same run less `c` (still a
//! correctly built run, led by the same card); a card under `c` is turned up
//! earlier, which only adds options; an emptied column is only better
//! (King-only spaces, "at most N columns occupied"; in Lasker an emptied
//! column stays empty, but it could only ever have taken cards built on `c`);
//! a foundation is one card ahead, and foundation moves are never forced.
//! With draw 1, a card taken off the waste only shortens the talon, whose
//! other cards are reached in the same order, so the line still reaches each
//! of them; with larger draws removing a waste card changes which cards later
//! draws show, so waste cards are only moved this way with draw 1. The base
//! rank must be known, since in Lasker the first foundation move chooses it.
//! Two-deck games: the two foundations of a suit differ only in height, and a
//! card fits exactly the one that is one below it (or either, when equal), so
//! the engine's choice of slot loses nothing.
//!
//! **Where it applies.** Harp (all variants), Die Große Harfe (all), Pitchfork
//! (all, Warfield included with its wrapping base), Lasker (a card goes up
//! safely once the card of its suit one rank lower is up; Aces any time after
//! the base is set, since nothing builds on an Ace). In Lasker (classic) the
//! card one rank higher also builds on `c` and is never up before `c`, so
//! nothing is safe. Solitaire Harmony lets cards come back down from the
//! foundations, so the rule does not apply there; the engine's own automatic
//! moves (a rank goes up once every card one rank lower is up) do that job.

use patience_core::card::Suit;
use patience_core::rules::AutoMoves;
use patience_core::{Card, Move, MoveList, Pile, Position, Rules};

/// The safe-move rule for one game: for each card, the cards that build on it.
#[derive(Clone, Debug)]
pub struct SafeMoves {
    enabled: bool,
    waste_too: bool,
    /// Indexed by `Card::index()`: the cards that could be built on it.
    builders: Vec<Vec<Card>>,
}

impl SafeMoves {
    pub fn new(rules: &'static Rules) -> SafeMoves {
        let enabled = !rules.foundation_to_tableau && rules.auto_moves == AutoMoves::None;
        let cards: Vec<Card> =
            Suit::ALL.iter().flat_map(|&s| (1..=rules.ranks).map(move |r| Card::new(s, r))).collect();
        let mut builders = vec![Vec::new(); 52];
        for &c in &cards {
            builders[c.index()] = cards.iter().copied().filter(|&x| rules.builds_on(x, c)).collect();
        }
        SafeMoves { enabled, waste_too: rules.draw == 1, builders }
    }

    /// A disabled rule: no move is ever safe (for plain exhaustive search).
    pub fn none() -> SafeMoves {
        SafeMoves { enabled: false, waste_too: false, builders: Vec::new() }
    }

    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// How many copies of `card` are on the foundations of `pos`.
    pub fn copies_up(pos: &Position, card: Card) -> usize {
        let Some(base) = pos.base_rank() else { return 0 };
        let ranks = pos.rules().ranks;
        let offset = ((card.rank() + ranks - base) % ranks) as usize;
        let mut slot = card.suit().index() as usize;
        let mut copies = 0;
        while slot < pos.foundation_slots() {
            if pos.foundation_len(slot) > offset {
                copies += 1;
            }
            slot += 4;
        }
        copies
    }

    /// Whether `card`, which may go to a foundation from `from`, goes there
    /// safely.
    pub fn is_safe(&self, pos: &Position, from: Pile, card: Card) -> bool {
        if !self.enabled || pos.base_rank().is_none() {
            return false;
        }
        match from {
            Pile::Tableau(_) | Pile::Reserve => {}
            Pile::Waste if self.waste_too => {}
            _ => return false,
        }
        let decks = pos.rules().decks as usize;
        self.builders[card.index()].iter().all(|&b| SafeMoves::copies_up(pos, b) >= decks)
    }

    /// The first safe move among `moves` (the legal moves of `pos`).
    pub fn find(&self, pos: &Position, moves: &MoveList) -> Option<Move> {
        if !self.enabled {
            return None;
        }
        moves.iter().copied().find(|&mv| match mv {
            Move::Transfer { from, to: Pile::Foundations, .. } => {
                pos.available(from).is_some_and(|card| self.is_safe(pos, from, card))
            }
            _ => false,
        })
    }

    /// Plays safe moves until none is left, calling `record` with each;
    /// leaves the legal moves of the final position in `moves`.
    pub fn settle(&self, pos: &mut Position, moves: &mut MoveList, record: &mut impl FnMut(Move)) {
        loop {
            moves.clear();
            pos.generate_moves(moves);
            match self.find(pos, moves) {
                Some(mv) => {
                    pos.play_unchecked(mv);
                    record(mv);
                }
                None => return,
            }
        }
    }
}
