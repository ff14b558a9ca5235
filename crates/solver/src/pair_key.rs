//! Pair keys: position keys that a move updates in place, for games whose
//! every card shows and which have no talon (Pitchfork's Warfield, Lasker).
//!
//! The key is the XOR of one random 128-bit term per tableau card and the
//! card it lies on (none for a column's bottom card), one per foundation
//! slot and its height, one for the base rank and one for the reserve's
//! height. With one deck every card lies in one place, so the pairs give
//! back every column, but not which column is which: like
//! [`crate::key::canonical`], the key forgets the order of the columns, by
//! construction. The reserve only loses its top card, so within one search
//! (one root) its height says what it holds; nothing else changes in these
//! games (no stock, no waste, no face-down card, no pass). Two positions of
//! one search therefore share a pair key exactly when they share a
//! canonical key, up to a false match of chance about 2^-128 per pair of
//! positions (the terms are independent random values, and two different
//! positions differ in at least one term).
//!
//! What it buys: a move changes at most four terms (a card or run moving
//! between columns changes only what its bottom card lies on; a card going
//! up leaves its pair and raises its foundation's height), so the key of a
//! child comes from its parent's key and the move, without the child being
//! made. The search works out the keys of all of a node's children ahead
//! (`Searcher::key_ahead`), and most children are repeats that stop at the
//! table: with pair keys they cost no copy of the position and no move.

use patience_core::rules::AutomaticMoves;
use patience_core::{Card, Move, Pile, Position};

/// Whether pair keys serve the searches from `root`: one deck, every card
/// face up, no talon, no card ever coming off the foundations and no
/// automatic moves (so that a move's key change is known before it is
/// played).
pub(crate) fn applies(root: &Position) -> bool {
    let rules = root.rules();
    rules.decks == 1
        && root.stock().is_empty()
        && root.waste().is_empty()
        && root.face_down_total() == 0
        && !rules.foundation_to_tableau
        && rules.automatic_moves == AutomaticMoves::None
        && root.reserve().len() < RESERVE_TERMS
        && root.foundation_slots() <= 4
}

/// The pair key of `pos`, worked out whole.
#[inline]
pub(crate) fn key(pos: &Position) -> u128 {
    let mut key = base(pos.base_rank().unwrap_or(0)) ^ reserve(pos.reserve().len());
    for c in 0..pos.column_count() {
        let mut under = Card::NONE;
        for &card in pos.column(c) {
            key ^= pair(card, under);
            under = card;
        }
    }
    for slot in 0..pos.foundation_slots() {
        key ^= foundation(slot, pos.foundation_len(slot));
    }
    key
}

/// The pair key of the position `mv` leads to from `pos`, whose pair key is
/// `key`, without playing it. `mv` is a legal tableau or reserve move of a
/// position where [`applies`] holds.
#[inline]
pub(crate) fn after(pos: &Position, key: u128, mv: Move) -> u128 {
    let Move::Transfer { from, to, count } = mv else { unreachable!("no talon where pair keys apply: {mv}") };
    let mut key = key;
    // The moving card (a run's bottom card) leaves what it lay on.
    let card = match from {
        Pile::Tableau(c) => {
            let column = pos.column(c as usize);
            let i = column.len() - count as usize;
            let under = if i > 0 { column[i - 1] } else { Card::NONE };
            key ^= pair(column[i], under);
            column[i]
        }
        Pile::Reserve => {
            let n = pos.reserve().len();
            key ^= reserve(n) ^ reserve(n - 1);
            pos.reserve()[n - 1]
        }
        _ => unreachable!("no talon and no moves off the foundations where pair keys apply: {mv}"),
    };
    match to {
        Pile::Tableau(d) => key ^ pair(card, pos.column(d as usize).last().copied().unwrap_or(Card::NONE)),
        _ => {
            let slot = pos.foundation_for(card).expect("a legal move up has its foundation");
            let n = pos.foundation_len(slot);
            key ^= foundation(slot, n) ^ foundation(slot, n + 1);
            match pos.base_rank() {
                // The first card up chooses the base rank (Lasker).
                None => key ^ base(0) ^ base(card.rank()),
                Some(_) => key,
            }
        }
    }
}

/// Reserve heights with a term of their own (the presets' reserves hold
/// at most 8 cards).
const RESERVE_TERMS: usize = 16;

/// Where each kind of term starts in [`TERMS`]: pairs by the two cards'
/// bytes (each below 64), then foundation slot and height, base rank and
/// reserve height.
const FOUNDATION_TERMS: usize = 64 * 64;
const BASE_TERMS: usize = FOUNDATION_TERMS + 4 * 16;
const RESERVE_TERMS_AT: usize = BASE_TERMS + 16;

#[inline]
fn pair(card: Card, under: Card) -> u128 {
    TERMS[(card.to_u8() as usize) << 6 | under.to_u8() as usize]
}

#[inline]
fn foundation(slot: usize, height: usize) -> u128 {
    TERMS[FOUNDATION_TERMS + slot * 16 + height]
}

#[inline]
fn base(rank: u8) -> u128 {
    TERMS[BASE_TERMS + rank as usize]
}

#[inline]
fn reserve(height: usize) -> u128 {
    TERMS[RESERVE_TERMS_AT + height]
}

/// The random terms, fixed at compile time (SplitMix64, seeded).
static TERMS: [u128; RESERVE_TERMS_AT + RESERVE_TERMS] = terms();

const fn terms() -> [u128; RESERVE_TERMS_AT + RESERVE_TERMS] {
    let mut out = [0u128; RESERVE_TERMS_AT + RESERVE_TERMS];
    let mut state: u64 = 0x243f_6a88_85a3_08d3;
    let mut i = 0;
    while i < out.len() {
        let (a, b) = (splitmix(&mut state), splitmix(&mut state));
        out[i] = (a as u128) << 64 | b as u128;
        i += 1;
    }
    out
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use patience_core::deal::SplitMix64;
    use patience_core::setup::Setup;
    use patience_core::{presets, MoveList};

    use super::*;
    use crate::key::canonical;

    /// Along random playouts of every game where pair keys apply, the key
    /// worked out from the parent and the move is the key worked out
    /// whole, and two positions share a pair key exactly when they share
    /// a canonical key.
    #[test]
    fn a_pair_key_follows_each_move_and_forgets_only_what_the_canonical_key_forgets() {
        let mut by_canonical: HashMap<u128, u128> = HashMap::new();
        let mut by_pair: HashMap<u128, u128> = HashMap::new();
        let mut moves_checked = 0;
        for id in ["pitchfork/warfield", "lasker", "lasker/classic"] {
            let rules = presets::find(id).unwrap();
            for deal in 1..=150 {
                let mut pos = Position::deal(rules, deal);
                assert!(applies(&pos), "{id} deal {deal}");
                let mut rng = SplitMix64::new(deal);
                let mut moves = MoveList::new();
                for _ in 0..300 {
                    let (k, c) = (key(&pos), canonical(&pos));
                    assert_eq!(*by_canonical.entry(c).or_insert(k), k, "{id} deal {deal}\n{pos}");
                    assert_eq!(*by_pair.entry(k).or_insert(c), c, "{id} deal {deal}\n{pos}");
                    moves.clear();
                    pos.generate_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                    let ahead = after(&pos, k, mv);
                    pos.play_unchecked(mv);
                    assert_eq!(ahead, key(&pos), "{id} deal {deal}, after {mv}\n{pos}");
                    moves_checked += 1;
                }
            }
        }
        // The playouts come back to positions seen before, in another
        // column order too, so the maps test both directions.
        assert!(moves_checked > 10_000, "{moves_checked} moves");
        assert!(by_canonical.len() < moves_checked, "{} positions", by_canonical.len());
    }

    /// Columns in another order give the same key; another card under a
    /// card, another foundation height or another reserve height do not.
    #[test]
    fn a_pair_key_forgets_the_column_order_and_nothing_else() {
        let rules = presets::find("pitchfork/warfield").unwrap();
        let pos = Position::deal(rules, 3);
        let mut setup = Setup::from(&pos);
        setup.columns.swap(0, 3);
        let swapped = Position::try_from(setup).unwrap();
        assert_ne!(pos, swapped);
        assert_eq!(key(&pos), key(&swapped));
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        for &mv in &moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            assert_ne!(key(&child), key(&pos), "{mv}");
        }
    }
}
