//! The kinds of search, and the reductions each search uses: worked out
//! once for its kind and its root.

use patience_core::rules::{AutomaticMoves, Build, FoundationBase, RunMoves};
use patience_core::{Position, Rules};

use crate::compact_key::CompactKeys;
use crate::{dominance, pair_key, pending, twins};

/// The kinds of search a [`Searcher`] runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SearchKind {
    /// The exact search: exhausting it proves `Lost`.
    Exact,
    /// A win-finding search with forward pruning (a selective search): it
    /// leaves out moves from the foundations back to the tableau, and
    /// tableau-to-tableau moves that neither turn up a card, nor empty a
    /// column, nor let the card they uncover go to a foundation. It finds
    /// most wins of Klondike-like games much faster, but exhausting it
    /// proves nothing, so it reports an exhausted search as
    /// `Unknown(Nodes)`.
    WinFinding,
    /// The par search (see [`mod@crate::par`], which argues which
    /// reductions keep the maximum): every node's foundation count is
    /// compared with the best so far, and the deadlock proof is not
    /// consulted (a lost position still has a par). Searching the whole
    /// space then ends in `Lost` with [`Searcher::best`] exact.
    Par,
}

/// The reductions a search uses: one value, worked out for its kind and
/// its root by [`Reductions::for_root`] when the search begins. Before that
/// (the beam search borrows a searcher's step generation without a root)
/// only those that follow from the kind and the rules apply
/// ([`Reductions::without_root`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Reductions {
    /// Symmetry reduction by twin keys, in Harmony-like games (exact and
    /// par searches): positions are keyed up to swapping what lies on two
    /// face-up cards of one rank and colour, and a twin move is made only
    /// together with the foundation move of the card it uncovers (proven
    /// safe in [`twins`]).
    pub twin_keys: bool,
    /// Pending cards, in Harmony (exact search): a card put on the tableau
    /// from the talon or a foundation must be built on by the next step
    /// (proven safe in [`pending`]).
    pub pending_cards: bool,
    /// Compact keys instead of twin keys, where they apply (see
    /// [`crate::compact_key`]).
    pub compact_keys: Option<CompactKeys>,
    /// Pair keys instead of canonical ones (exact and par searches in
    /// games where [`pair_key::applies`]): a child's key comes from its
    /// parent's and the move, before the child is made.
    pub pair_keys: bool,
    /// Dominance pruning (exact search with twin keys): dominant cards go
    /// up at once and never come down (see [`crate::dominance`]).
    pub dominance: bool,
    /// Move pruning (see [`crate::move_pruning`]): in the exact and par
    /// searches whose steps are single moves (no twin or pending steps).
    pub move_pruning: bool,
    /// Win-finding search: positions keyed by [`arrangement_free`] (games
    /// where runs move freely).
    pub arrangement_free_keys: bool,
    /// Win-finding search: foundation moves that rarely hurt are played at
    /// once (see [`likely_safe_move`]; games where cards come back from the
    /// foundations).
    pub likely_safe_moves: bool,
}

impl Reductions {
    /// What a search of `kind` under `rules` uses whatever its root.
    pub fn without_root(kind: SearchKind, rules: &Rules) -> Reductions {
        match kind {
            SearchKind::WinFinding => Reductions {
                arrangement_free_keys: rules.run_moves == RunMoves::AnyRun,
                likely_safe_moves: rules.foundation_to_tableau
                    && rules.foundation_base == FoundationBase::Ace
                    && !rules.foundation_wrap
                    && rules.build == Build::DownAlternateColours,
                ..Reductions::default()
            },
            SearchKind::Exact | SearchKind::Par => Reductions::default(),
        }
    }

    /// What a search of `kind` from `root` uses; `leave_out_repeats` off
    /// (only in tests) turns move pruning off.
    pub fn for_root(kind: SearchKind, root: &Position, leave_out_repeats: bool) -> Reductions {
        let twin_keys = kind != SearchKind::WinFinding && twins::prunable(root);
        let pending_cards = kind == SearchKind::Exact && pending::prunable(root);
        Reductions {
            twin_keys,
            pending_cards,
            compact_keys: if twin_keys { CompactKeys::for_root(root) } else { None },
            pair_keys: kind != SearchKind::WinFinding && !twin_keys && !pending_cards && pair_key::applies(root),
            dominance: kind == SearchKind::Exact && twin_keys && dominance::applies(root),
            move_pruning: leave_out_repeats
                && kind != SearchKind::WinFinding
                && !twin_keys
                && !pending_cards
                && root.rules().automatic_moves != AutomaticMoves::RankComplete,
            ..Reductions::without_root(kind, root.rules())
        }
    }
}
