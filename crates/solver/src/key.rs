//! Canonical fingerprints of positions for the transposition table.
//!
//! Two positions get the same key when they are the same up to changes that
//! cannot matter to the outcome:
//! - the order of the tableau columns (no rule of any game tells columns
//!   apart once dealt: spaces, occupation limits and building read every
//!   column alike), so columns are sorted by their cards and face-down count;
//! - in two-deck games, which of a suit's two foundations is which (a card
//!   fits the one that is one lower, or either when they are equal);
//! - with unlimited passes, the pass counter; and with draw 1 and unlimited
//!   passes, the boundary between waste and stock, since drawing and
//!   redealing reach every boundary from every other. With larger draws the
//!   boundaries that the start of a pass reaches (multiples of the draw and
//!   the end) reach one another and share a key; others keep their own.
//!
//! The canonical form is written to a byte buffer and hashed with XXH3-128;
//! a false match of two different canonical forms has a chance of about
//! 2^-128 per pair of positions.

use patience_core::rules::{Passes, MAX_COLUMNS};
use patience_core::Position;
use xxhash_rust::xxh3::xxh3_128;

/// The canonical key of `pos`.
#[inline]
pub fn canonical(pos: &Position) -> u128 {
    let mut buf = [0u8; 256];
    let mut n = 0;

    let cols = pos.column_count().min(MAX_COLUMNS);
    let order = if pos.rules().decks == 1 { one_deck_column_order(pos) } else { column_order(pos) };
    for &c in &order[..cols] {
        let column = pos.column(c);
        buf[n] = column.len() as u8;
        buf[n + 1] = pos.face_down(c) as u8;
        n += 2;
        for (slot, card) in buf[n..n + column.len()].iter_mut().zip(column) {
            *slot = card.to_u8();
        }
        n += column.len();
    }
    n = write_off_tableau(pos, &mut buf, n);
    xxh3_128(&buf[..n])
}

/// The columns in a fixed order of their contents: by bottom card, height
/// and face-down count (one integer compare), ties (two-deck games, empty
/// columns) by the cards themselves.
#[inline]
fn column_order(pos: &Position) -> [usize; MAX_COLUMNS] {
    let cols = pos.column_count().min(MAX_COLUMNS);
    let mut order = [0usize; MAX_COLUMNS];
    let mut rank = [0u32; MAX_COLUMNS];
    for c in 0..cols {
        rank[c] = column_rank(pos, c, pos.column(c).len());
        order[c] = c;
    }
    let before = |a: usize, b: usize| {
        rank[a] < rank[b]
            || (rank[a] == rank[b] && (pos.column(a), pos.face_down(a)) < (pos.column(b), pos.face_down(b)))
    };
    for i in 1..cols {
        let mut j = i;
        while j > 0 && before(order[j], order[j - 1]) {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    order
}

/// [`column_order`] with one deck, where no two columns share a bottom
/// card: the empty columns (all alike) first, then by bottom card alone,
/// read off a bit set of the bottom cards instead of sorted by
/// comparisons, whose mispredicted branches were a good part of the key's
/// cost.
#[inline]
fn one_deck_column_order(pos: &Position) -> [usize; MAX_COLUMNS] {
    let mut order = [0usize; MAX_COLUMNS];
    let mut bottoms = 0u64;
    let mut column_of = [0u8; 64];
    let mut k = 0;
    for c in 0..pos.column_count().min(MAX_COLUMNS) {
        match pos.column(c).first() {
            Some(card) => {
                bottoms |= 1 << card.to_u8();
                column_of[card.to_u8() as usize] = c as u8;
            }
            None => {
                order[k] = c;
                k += 1;
            }
        }
    }
    while bottoms != 0 {
        order[k] = column_of[bottoms.trailing_zeros() as usize] as usize;
        bottoms &= bottoms - 1;
        k += 1;
    }
    order
}

/// A column's place in the canonical order, when it holds `len` cards: its
/// bottom card, height and face-down count in one integer.
#[inline]
fn column_rank(pos: &Position, c: usize, len: usize) -> u32 {
    let bottom = pos.column(c).first().map_or(0, |card| card.to_u8()) as u32;
    bottom << 16 | (len as u32) << 8 | pos.face_down(c) as u32
}

/// Writes everything but the tableau into `buf` from `n` on (talon, pass
/// where it matters, reserve, foundations, base rank); the new end.
#[inline]
fn write_off_tableau(pos: &Position, buf: &mut [u8; 256], mut n: usize) -> usize {
    let rules = pos.rules();
    let waste = pos.waste();
    let stock = pos.stock();
    let talon = waste.len() + stock.len();
    buf[n] = 0xff;
    buf[n + 1] = talon as u8;
    n += 2;
    for (slot, card) in buf[n..n + talon].iter_mut().zip(waste.iter().chain(stock)) {
        *slot = card.to_u8();
    }
    n += talon;
    let (boundary, pass) = match rules.passes {
        Passes::Unlimited => {
            let draw = rules.draw.max(1) as usize;
            let w = waste.len();
            let from_start = w.is_multiple_of(draw) || w == talon;
            (if from_start { 0 } else { w as u8 }, 0u16)
        }
        Passes::Limited(_) => (waste.len() as u8, pos.pass()),
    };
    buf[n..n + 3].copy_from_slice(&[boundary, pass as u8, (pass >> 8) as u8]);
    n += 3;

    let reserve = pos.reserve();
    buf[n] = 0xfe;
    buf[n + 1] = reserve.len() as u8;
    n += 2;
    for (slot, card) in buf[n..n + reserve.len()].iter_mut().zip(reserve) {
        *slot = card.to_u8();
    }
    n += reserve.len();

    let slots = pos.foundation_slots();
    for s in 0..4.min(slots) {
        let a = pos.foundation_len(s) as u8;
        if s + 4 < slots {
            let b = pos.foundation_len(s + 4) as u8;
            buf[n] = a.min(b);
            buf[n + 1] = a.max(b);
            n += 2;
        } else {
            buf[n] = a;
            n += 1;
        }
    }
    buf[n] = pos.base_rank().unwrap_or(0);
    n += 1;
    n
}

/// The correctly built run at the top of column `c`: where
/// [`crate::twins::prunable`] holds, its face-up part (Harmony), or the
/// part of an all-face-up column that moves (Pitchfork).
#[inline]
fn top_run(pos: &Position, c: usize) -> &[patience_core::Card] {
    let column = pos.column(c);
    &column[column.len() - pos.run_len(c)..]
}

/// Cards of column `c` under its [`top_run`]: they never move before it
/// leaves, like face-down cards.
#[inline]
fn below_top_run(pos: &Position, c: usize) -> usize {
    pos.column(c).len() - pos.run_len(c)
}

/// The canonical key of `pos` up to twin swaps (see [`crate::twins`]): of
/// two tableau twins in top runs, the one of the first suit of its colour
/// (spades, hearts) carries the smaller of the two parts lying on them
/// (nothing before any card, then by card), and the other twin the other
/// part. Twin-equivalent positions share this key. Only for games where
/// [`crate::twins::prunable`] holds.
#[inline]
pub fn twin_canonical(pos: &Position) -> u128 {
    // `on[b]`: the card lying on the top-run tableau card with byte `b`
    // (0: none). Swapping the links of two twins swaps everything above
    // them, and one pair's links never depend on another pair's choice.
    let mut on = [0u8; 64];
    let mut up = 0u64;
    let cols = pos.column_count().min(MAX_COLUMNS);
    for c in 0..cols {
        let run = top_run(pos, c);
        for (i, card) in run.iter().enumerate() {
            let b = card.to_u8();
            up |= 1 << b;
            on[b as usize] = run.get(i + 1).map_or(0, |c| c.to_u8());
        }
    }
    // Spades (suit 0) pair with clubs (3), hearts (1) with diamonds (2).
    let mut first = up & FIRST_SUITS;
    while first != 0 {
        let b = first.trailing_zeros() as usize;
        first &= first - 1;
        let twin = ((3 - (b >> 4)) << 4) | (b & 15);
        if up & (1 << twin) != 0 && on[b] > on[twin] {
            on.swap(b, twin);
        }
    }
    // Each column: the cards under its top run, then from the run's first card up
    // the links. Column heights change with the swaps, bottoms do not; with
    // one deck only empty columns tie, and those are alike.
    let mut lens = [0usize; MAX_COLUMNS];
    let mut order = [0usize; MAX_COLUMNS];
    let mut rank = [0u32; MAX_COLUMNS];
    for c in 0..cols {
        let column = pos.column(c);
        let mut len = below_top_run(pos, c);
        if let Some(&base) = column.get(len) {
            let mut b = base.to_u8();
            while b != 0 {
                len += 1;
                b = on[b as usize];
            }
        }
        lens[c] = len;
        rank[c] = column_rank(pos, c, len);
        order[c] = c;
    }
    for i in 1..cols {
        let mut j = i;
        while j > 0 && rank[order[j]] < rank[order[j - 1]] {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut buf = [0u8; 256];
    let mut n = 0;
    for &c in &order[..cols] {
        let column = pos.column(c);
        let down = below_top_run(pos, c);
        buf[n] = lens[c] as u8;
        buf[n + 1] = down as u8;
        n += 2;
        for (slot, card) in buf[n..n + down].iter_mut().zip(column) {
            *slot = card.to_u8();
        }
        n += down;
        if let Some(&base) = column.get(down) {
            let mut b = base.to_u8();
            while b != 0 {
                buf[n] = b;
                n += 1;
                b = on[b as usize];
            }
        }
    }
    n = write_off_tableau(pos, &mut buf, n);
    xxh3_128(&buf[..n])
}

/// Bits of the card bytes of spades and hearts (suits 0 and 1), ranks 1..=13.
const FIRST_SUITS: u64 = 0x3ffe << 16 | 0x3ffe;

/// An arrangement-free key for the win-finding pass only (not a canonical form:
/// positions that share it can differ in how the face-up tableau cards are
/// arranged): the face-down count of each column, the foundation heights,
/// the talon and the reserve; like the face-down counts, it tells apart
/// only positions reached from one root. In games where runs move freely
/// the face-up cards can mostly be rearranged at will, so the arrangement
/// first met stands for all; a win found this way is still a real,
/// replayed win.
#[inline]
pub fn arrangement_free(pos: &Position) -> u128 {
    let rules = pos.rules();
    let mut buf = [0u8; 160];
    let mut n = 0;
    let cols = pos.column_count().min(MAX_COLUMNS);
    for c in 0..cols {
        buf[n] = pos.face_down(c) as u8;
        // Whether the column is empty matters beside the face-down count.
        buf[n + 1] = pos.column(c).is_empty() as u8;
        n += 2;
    }
    for s in 0..pos.foundation_slots() {
        buf[n] = pos.foundation_len(s) as u8;
        n += 1;
    }
    buf[n] = pos.base_rank().unwrap_or(0);
    n += 1;
    let (waste, stock) = (pos.waste(), pos.stock());
    if rules.decks == 1 && rules.draw == 1 && rules.passes == Passes::Unlimited {
        // Which cards the talon holds is all that matters: its order is the
        // deal's, and every card of it can be reached.
        let mut set = 0u64;
        for card in waste.iter().chain(stock) {
            set |= 1 << card.to_u8();
        }
        buf[n..n + 8].copy_from_slice(&set.to_le_bytes());
        n += 8;
    } else {
        buf[n] = 0xff;
        buf[n + 1] = (waste.len() + stock.len()) as u8;
        n += 2;
        for (slot, card) in buf[n..].iter_mut().zip(waste.iter().chain(stock)) {
            *slot = card.to_u8();
        }
        n += waste.len() + stock.len();
        buf[n..n + 3].copy_from_slice(&[waste.len() as u8, pos.pass() as u8, (pos.pass() >> 8) as u8]);
        n += 3;
    }
    let reserve = pos.reserve();
    buf[n] = 0xfe;
    n += 1;
    for (slot, card) in buf[n..].iter_mut().zip(reserve) {
        *slot = card.to_u8();
    }
    n += reserve.len();
    xxh3_128(&buf[..n])
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_core::presets;

    fn key(text: &str) -> u128 {
        let rules = presets::find("harmony").unwrap();
        twin_canonical(&Position::from_setup_with(rules, text).unwrap())
    }

    #[test]
    fn a_run_on_either_twin_has_one_key() {
        // 7H 6S lies on 8S or on its twin 8C; either way one key.
        assert_eq!(key("t1 2C | 8S 7H 6S\nt2 3C | 8C"), key("t1 2C | 8S\nt2 3C | 8C 7H 6S"));
        // Both twins covered: the parts on them swap.
        assert_eq!(key("t1 2C | 8S 7H 6S\nt2 3C | 8C 7D"), key("t1 2C | 8S 7D\nt2 3C | 8C 7H 6S"));
        // Two pairs at once, nested (6S/6C lie in the parts of 7H/7D).
        assert_eq!(
            key("t1 AC | 8S 7H 6S 5H\nt2 2C | 8C 7D 6C\nt3 3C | 9H"),
            key("t1 AC | 8S 7D 6S 5H\nt2 2C | 8C 7H 6C\nt3 3C | 9H"),
        );
        // Columns are still sorted, as in the plain canonical key.
        assert_eq!(key("t1 2C | 8S 7H\nt2 3C | 8C"), key("t1 3C | 8C 7H\nt2 2C | 8S"));
    }

    /// With one deck the columns are put in order by their bottom cards
    /// alone, as the full comparison puts them (the columns of positions
    /// along random games of every one-deck variant).
    #[test]
    fn one_deck_columns_go_in_the_order_of_the_full_comparison() {
        use patience_core::MoveList;
        let mut checked = 0;
        for rules in presets::ALL.iter().filter(|r| r.decks == 1) {
            for deal in 1..=20u64 {
                let mut pos = Position::deal(rules, deal);
                let mut moves = MoveList::new();
                let mut state = deal.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                for _ in 0..200 {
                    let cols = pos.column_count();
                    let expected: Vec<_> = column_order(&pos)[..cols].iter().map(|&c| pos.column(c)).collect();
                    let found: Vec<_> = one_deck_column_order(&pos)[..cols].iter().map(|&c| pos.column(c)).collect();
                    assert_eq!(found, expected, "{} deal {deal}", rules.id);
                    checked += 1;
                    moves.clear();
                    pos.generate_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 10_000, "{checked} positions");
    }

    /// Pitchfork with partial runs deals every card face up: a column's
    /// top run plays the part of Harmony's face-up part.
    #[test]
    fn where_every_card_shows_the_top_runs_are_the_parts() {
        let rules = presets::find("pitchfork/partial-runs").unwrap();
        let key = |text: &str| twin_canonical(&Position::from_setup_with(rules, text).unwrap());
        // 2C and 3C lie under the runs (8S does not build on 2C).
        assert_eq!(key("t1 2C 8S 7H 6S\nt2 3C 8C"), key("t1 2C 8S\nt2 3C 8C 7H 6S"));
        assert_eq!(key("t1 2C 8S 7H 6S\nt2 3C 8C 7D"), key("t1 2C 8S 7D\nt2 3C 8C 7H 6S"));
        // 3H is not built on 8S: it is a run of its own, not a part.
        assert_ne!(key("t1 2C 8S 3H\nt2 4C 8C"), key("t1 2C 8S\nt2 4C 8C 3H"));
        // 8C under another card is not in a top run: nothing swaps with it.
        assert_ne!(key("t1 2C 8S 7H\nt2 8C 4D"), key("t1 2C 8S\nt2 8C 4D 7H"));
    }

    /// What the arrangement-free key leaves out is only the arrangement:
    /// positions of random playouts from one root that share the key share
    /// the face-down counts, foundations, talon and pass.
    #[test]
    fn arrangement_free_keys_leave_out_only_the_arrangement() {
        use std::collections::HashMap;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut shared = 0;
        for id in ["grosse-harfe", "grosse-harfe/3-passes", "harp"] {
            let rules = presets::find(id).unwrap();
            for deal in 1..=10 {
                let mut seen = HashMap::new();
                crate::playouts::each_position(&Position::deal(rules, deal), 40, 300, &mut seed, |pos| {
                    let columns: Vec<usize> = (0..pos.column_count()).map(|c| pos.face_down(c)).collect();
                    let foundations: Vec<usize> = (0..pos.foundation_slots()).map(|s| pos.foundation_len(s)).collect();
                    let rest = (columns, foundations, pos.waste().to_vec(), pos.stock().to_vec(), pos.pass());
                    if let Some(before) = seen.insert(arrangement_free(pos), rest.clone()) {
                        assert_eq!(before, rest, "{id} deal {deal}: one key for two such positions");
                        shared += 1;
                    }
                });
            }
        }
        assert!(shared > 1_000, "{shared}");
    }

    #[test]
    fn a_twin_that_is_not_face_up_in_the_tableau_swaps_nothing() {
        // 8C is face down, or in the stock: the run on 8S stays where it is
        // (were it moved onto 8C, it would drop out of the key).
        assert_ne!(key("t1 2C | 8S 7H 6S\nt2 8C | 3C"), key("t1 2C | 8S\nt2 8C | 3C"));
        assert_ne!(key("t1 2C | 8S 7H 6S\nstock 8C"), key("t1 2C | 8S\nstock 8C"));
        // Different cards on one card are different positions.
        assert_ne!(key("t1 2C | 8S 7H\nt2 3C | 8D\nstock 7D"), key("t1 2C | 8S 7D\nt2 3C | 8D\nstock 7H"));
    }
}
