//! The schedule of a solve: which search runs when, as a list of turns.
//!
//! [`crate::solve`] keeps one exact search (the only one that may say
//! `Lost`) and, in games with face-down cards or moves off the foundations,
//! win-finding passes beside it. The exact search runs in slices that
//! resume where it stopped and lose nothing; between slices it may start a
//! new line in a shuffled move order or go back to an older one (see
//! `Searcher::fork`), and a win-finding pass gets a node cap that doubles
//! each time: every other time the pass in the usual move order, which
//! resumes, in between a fresh pass in a perturbed order (one unlucky early
//! choice can trap a depth-first search for long). Once the passes stop
//! (one looked everywhere, or ran out of time or memory) the exact search
//! has the rest of the budget; that is the driver's part, not the
//! schedule's.
//!
//! The four schedules:
//! - **One deck with passes** (Harmony, Klondike-like games): each exact
//!   slice is four times the larger of the one before and the last pass's
//!   cap, so the exact search gets most of a long solve: it proves the
//!   losses, and with twin keys and pending cards it finds many wins as
//!   fast as the passes do (four times decided more Harmony deals within
//!   10 s than slices that kept pace with the caps; eight times did no
//!   better: docs/BENCHMARKS.md). New lines and the first line take turns.
//!   After the second round's pass, one narrow beam search (every move,
//!   [`BEAM_FIRST_WIDTH`] wide): some wins that the depth-first searches
//!   find only after seconds lie along its line of steady progress (Harmony
//!   deal 973: about 9 s before, a few hundredths of a second with it), at
//!   the cost of some tens of thousands of nodes on the deals still open
//!   there.
//! - **Two decks with passes** (Die Große Harfe, where runs move as a
//!   unit): far too big for the exact search to exhaust. Most wins are
//!   found by a beam search trying every move, whose measure of progress
//!   makes each card left on the waste of the last pass cost a card up
//!   (see `beam`); each round ends with one, [`BEAM_FIRST_WIDTH`] wide at
//!   first and twice as wide each round after. The rest lie deep along the
//!   pass in the usual order, so that pass goes on every round and gets
//!   most of the nodes: each exact slice is a sixteenth of its cap, on one
//!   line, and every other round a fresh pass of a quarter of it (some
//!   wins only a perturbed order finds soon). The usual pass also gets the
//!   larger share of the memory, and the exact search running out of
//!   memory leaves the passes running (see [`Schedule::passes_first`]).
//!   This split won more deals than the others tried
//!   (crates/solver/EXPERIMENTS.md).
//! - **Two decks with beams** (Harp, where single cards move): as above,
//!   and after each pass two beam searches (see `beam`) of doubling width,
//!   starting at [`BEAM_FIRST_WIDTH`]: one trying every move, one only the
//!   pass's moves (each wins deals the other misses). In Harp the beams
//!   find wins the passes miss for minutes.
//! - **Lines only** (every card face up and none leaving the foundations:
//!   Pitchfork, Lasker), where no win-finding pass serves: exact slices of
//!   doubling size, new lines and the first line taking turns; where cards
//!   move singly (Warfield, Lasker), one beam search after the fifth slice
//!   ([`SINGLE_CARDS_BEAM_ROUND`]).

use patience_core::rules::{DealFace, RunMoves};
use patience_core::Rules;

use crate::beam::Moves;

/// Nodes of the first exact slice, before any win-finding pass: some wins
/// need moves those passes leave out, and are found at once.
const EXACT_FIRST_NODES: u64 = 4_000;

/// Node cap of the first win-finding pass; each one after doubles it.
const PASS_FIRST_NODES: u64 = 20_000;

/// Width of the first beam search (the two-deck games; each one after
/// doubles it) and of the one-deck games' one beam. A beam costs a few
/// thousand nodes per unit of width, several times the pass beside it.
const BEAM_FIRST_WIDTH: usize = 100;

/// The round after whose pass a one-deck game runs its one beam search:
/// the second, so that solves of a few tens of thousands of nodes (the
/// honest player's sampled worlds) end before it and stay as they were.
const ONE_DECK_BEAM_ROUND: u64 = 1;

/// The round after whose slice a game of lines only whose cards move
/// singly (Warfield, Lasker) runs its one beam search, and its width: by
/// then the quick deals are decided, and the exact search still has one
/// thread (a turn that is not exact waits for none once it has more).
/// Such a beam wins some deals the exact search needs minutes for, and
/// runs dry on the others within a tenth of a second.
const SINGLE_CARDS_BEAM_ROUND: u64 = 4;
const SINGLE_CARDS_BEAM_WIDTH: usize = 1000;

/// Seeds the move orders of the exact search's new lines.
const LINE_SEED: u64 = 0x51_7cc1_b727_220a;

/// One turn of a solve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Turn {
    /// The exact search goes on for up to `nodes` more nodes.
    Exact { nodes: u64 },
    /// The exact search parks its line and starts a new one from the root,
    /// its moves ordered with a nudge drawn from `seed`.
    NewLine { seed: u64 },
    /// The exact search parks its line and goes on with the one parked
    /// longest.
    FormerLine,
    /// The win-finding pass in the usual move order goes on for up to
    /// `nodes` more nodes.
    WinFinding { nodes: u64 },
    /// A fresh win-finding pass, its move order perturbed by `seed`, for up
    /// to `nodes` nodes.
    FreshWinFinding { nodes: u64, seed: u64 },
    /// A beam search keeping `width` positions a depth and trying `moves`
    /// (see `beam`), run until it finds a win or runs dry.
    Beam { width: usize, moves: Moves },
}

/// Which of the schedules (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    OneDeckWithPasses,
    TwoDecksWithPasses,
    /// Two decks where runs do not move as a unit (Harp): with a beam
    /// search each round.
    TwoDecksWithBeams,
    LinesOnly,
}

/// The turns of a solve, without end (the driver stops when the exact
/// search decides or the budget runs out).
pub(crate) struct Schedule {
    kind: Kind,
    round: u64,
    slice: u64,
    beam_width: usize,
    cap: u64,
    /// Whether cards move one at a time (no runs).
    single_cards: bool,
    /// The turns of the current round still to give.
    pending: std::vec::IntoIter<Turn>,
}

impl Schedule {
    pub fn for_rules(rules: &Rules) -> Schedule {
        let passes = rules.deal_face == DealFace::TopCardUp || rules.foundation_to_tableau;
        let kind = match (passes, rules.decks > 1) {
            (false, _) => Kind::LinesOnly,
            (true, false) => Kind::OneDeckWithPasses,
            (true, true) if rules.run_moves == RunMoves::AnyRun => Kind::TwoDecksWithPasses,
            (true, true) => Kind::TwoDecksWithBeams,
        };
        Schedule {
            kind,
            round: 0,
            slice: EXACT_FIRST_NODES,
            beam_width: BEAM_FIRST_WIDTH,
            cap: PASS_FIRST_NODES,
            single_cards: rules.run_moves == RunMoves::SingleCards,
            pending: Vec::new().into_iter(),
        }
    }

    /// Whether any turn is a win-finding pass.
    pub fn has_passes(&self) -> bool {
        self.kind != Kind::LinesOnly
    }

    /// Whether the win-finding passes come first: the usual pass gets half
    /// the memory (the exact search a quarter), and the exact search
    /// running out of memory stops it alone, not the solve (Die Große
    /// Harfe, whose exact search never decides in seconds).
    pub fn passes_first(&self) -> bool {
        self.kind == Kind::TwoDecksWithPasses
    }

    /// The turns of the next round: an exact slice, then the exact
    /// search's change of line, then a pass, then (Harp) two beams.
    fn round(&mut self) -> Vec<Turn> {
        if self.passes_first() {
            return self.passes_first_round();
        }
        let round = self.round;
        let mut turns = vec![Turn::Exact { nodes: self.slice }];
        let line = if round.is_multiple_of(2) {
            Turn::NewLine { seed: round.wrapping_mul(0x9e37_79b9).wrapping_add(LINE_SEED) }
        } else {
            Turn::FormerLine
        };
        match self.kind {
            Kind::OneDeckWithPasses => {
                self.slice = self.slice.max(self.cap).saturating_mul(4);
                turns.push(line);
            }
            Kind::TwoDecksWithPasses => unreachable!("passes-first rounds are made by `passes_first_round`"),
            Kind::TwoDecksWithBeams => self.slice = self.cap / 2,
            Kind::LinesOnly => {
                self.slice = self.slice.saturating_mul(2);
                turns.push(line);
            }
        }
        if self.has_passes() {
            turns.push(if round.is_multiple_of(2) {
                Turn::WinFinding { nodes: self.cap }
            } else {
                Turn::FreshWinFinding { nodes: self.cap, seed: round.wrapping_mul(0x2545_f491) }
            });
            self.cap = self.cap.saturating_mul(2);
        }
        if self.kind == Kind::TwoDecksWithBeams {
            for moves in [Moves::Every, Moves::Pruned] {
                turns.push(Turn::Beam { width: self.beam_width, moves });
            }
            self.beam_width = self.beam_width.saturating_mul(2);
        }
        if self.kind == Kind::LinesOnly && self.single_cards && round == SINGLE_CARDS_BEAM_ROUND {
            turns.push(Turn::Beam { width: SINGLE_CARDS_BEAM_WIDTH, moves: Moves::Every });
        }
        if self.kind == Kind::OneDeckWithPasses && round == ONE_DECK_BEAM_ROUND {
            turns.push(Turn::Beam { width: BEAM_FIRST_WIDTH, moves: Moves::Every });
        }
        self.round += 1;
        turns
    }

    /// A round where the passes come first: an exact slice of a sixteenth
    /// of the cap, the pass in the usual order, every other round a fresh
    /// pass of a quarter of the cap, and a beam trying every move, twice
    /// as wide as the round before's.
    fn passes_first_round(&mut self) -> Vec<Turn> {
        let round = self.round;
        let mut turns = vec![Turn::Exact { nodes: self.cap / 16 }, Turn::WinFinding { nodes: self.cap }];
        if !round.is_multiple_of(2) {
            turns.push(Turn::FreshWinFinding { nodes: self.cap / 4, seed: round.wrapping_mul(0x2545_f491) });
        }
        turns.push(Turn::Beam { width: self.beam_width, moves: Moves::Every });
        self.beam_width = self.beam_width.saturating_mul(2);
        self.cap = self.cap.saturating_mul(2);
        self.round += 1;
        turns
    }
}

impl Iterator for Schedule {
    type Item = Turn;

    fn next(&mut self) -> Option<Turn> {
        if let Some(turn) = self.pending.next() {
            return Some(turn);
        }
        self.pending = self.round().into_iter();
        self.pending.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_core::presets;

    fn first(id: &str, n: usize) -> Vec<Turn> {
        Schedule::for_rules(presets::find(id).unwrap()).take(n).collect()
    }

    #[test]
    fn one_deck_exact_slices_grow_fourfold_between_passes() {
        use Turn::*;
        let seed0 = LINE_SEED;
        let seed1 = 2u64.wrapping_mul(0x9e37_79b9).wrapping_add(LINE_SEED);
        assert_eq!(
            first("harmony", 10),
            [
                Exact { nodes: 4_000 },
                NewLine { seed: seed0 },
                WinFinding { nodes: 20_000 },
                Exact { nodes: 80_000 },
                FormerLine,
                FreshWinFinding { nodes: 40_000, seed: 0x2545_f491 },
                Beam { width: 100, moves: Moves::Every },
                Exact { nodes: 320_000 },
                NewLine { seed: seed1 },
                WinFinding { nodes: 80_000 },
            ]
        );
    }

    #[test]
    fn one_deck_runs_one_beam_after_the_second_pass() {
        use Turn::*;
        let turns = first("harmony", 40);
        let beams: Vec<(usize, Turn)> =
            turns.iter().copied().enumerate().filter(|(_, t)| matches!(t, Beam { .. })).collect();
        assert_eq!(beams, [(6, Beam { width: 100, moves: Moves::Every })]);
        assert_eq!(turns[5], FreshWinFinding { nodes: 40_000, seed: 0x2545_f491 });
    }

    #[test]
    fn where_runs_move_two_decks_give_the_usual_pass_most_nodes_and_a_doubling_beam() {
        use Moves::*;
        use Turn::*;
        assert_eq!(
            first("grosse-harfe", 11),
            [
                Exact { nodes: 1_250 },
                WinFinding { nodes: 20_000 },
                Beam { width: 100, moves: Every },
                Exact { nodes: 2_500 },
                WinFinding { nodes: 40_000 },
                FreshWinFinding { nodes: 10_000, seed: 0x2545_f491 },
                Beam { width: 200, moves: Every },
                Exact { nodes: 5_000 },
                WinFinding { nodes: 80_000 },
                Beam { width: 400, moves: Every },
                Exact { nodes: 10_000 },
            ]
        );
        assert!(Schedule::for_rules(presets::find("grosse-harfe").unwrap()).passes_first());
        assert!(!Schedule::for_rules(presets::find("harp").unwrap()).passes_first());
    }

    #[test]
    fn where_single_cards_move_two_decks_get_two_doubling_beams_each_round() {
        use Moves::*;
        use Turn::*;
        assert_eq!(
            first("harp", 12),
            [
                Exact { nodes: 4_000 },
                WinFinding { nodes: 20_000 },
                Beam { width: 100, moves: Every },
                Beam { width: 100, moves: Pruned },
                Exact { nodes: 10_000 },
                FreshWinFinding { nodes: 40_000, seed: 0x2545_f491 },
                Beam { width: 200, moves: Every },
                Beam { width: 200, moves: Pruned },
                Exact { nodes: 20_000 },
                WinFinding { nodes: 80_000 },
                Beam { width: 400, moves: Every },
                Beam { width: 400, moves: Pruned },
            ]
        );
    }

    #[test]
    fn where_every_card_shows_only_lines_take_turns() {
        use Turn::*;
        let turns = first("pitchfork", 6);
        assert_eq!(turns[0], Exact { nodes: 4_000 });
        assert_eq!(turns[2], Exact { nodes: 8_000 });
        assert_eq!(turns[3], FormerLine);
        assert_eq!(turns[4], Exact { nodes: 16_000 });
        assert!(turns.iter().all(|t| !matches!(t, WinFinding { .. } | FreshWinFinding { .. } | Beam { .. })));
        assert!(!Schedule::for_rules(presets::find("lasker").unwrap()).has_passes());
        assert!(first("pitchfork", 40).iter().all(|t| !matches!(t, Beam { .. })));
    }

    #[test]
    fn where_cards_move_singly_lines_take_turns_with_one_beam_after_the_fifth_slice() {
        use Turn::*;
        for id in ["pitchfork/warfield", "lasker"] {
            let turns = first(id, 40);
            let beams: Vec<(usize, Turn)> =
                turns.iter().copied().enumerate().filter(|(_, t)| matches!(t, Beam { .. })).collect();
            assert_eq!(beams, [(10, Beam { width: 1000, moves: Moves::Every })], "{id}");
            assert_eq!(turns[8], Exact { nodes: 64_000 }, "{id}");
        }
    }
}
