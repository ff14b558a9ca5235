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
use patience_core::{Card, Position};
use xxhash_rust::xxh3::xxh3_128;

/// The canonical key of `pos`.
pub fn canonical(pos: &Position) -> u128 {
    let rules = pos.rules();
    let mut buf = [0u8; 256];
    let mut n = 0;
    let mut put = |buf: &mut [u8; 256], bytes: &[u8]| {
        buf[n..n + bytes.len()].copy_from_slice(bytes);
        n += bytes.len();
    };

    let cols = pos.column_count();
    let mut columns: [(&[Card], usize); MAX_COLUMNS] = [(&[], 0); MAX_COLUMNS];
    for (c, column) in columns.iter_mut().enumerate().take(cols) {
        *column = (pos.column(c), pos.face_down(c));
    }
    let columns = &mut columns[..cols];
    // Insertion sort: at most ten short columns.
    for i in 1..cols {
        let mut j = i;
        while j > 0 && columns[j - 1] > columns[j] {
            columns.swap(j - 1, j);
            j -= 1;
        }
    }
    for &(column, down) in columns.iter() {
        put(&mut buf, &[column.len() as u8, down as u8]);
        for card in column {
            put(&mut buf, &[card.to_u8()]);
        }
    }

    let waste = pos.waste();
    let stock = pos.stock();
    let talon = waste.len() + stock.len();
    put(&mut buf, &[0xff, talon as u8]);
    for card in waste.iter().chain(stock) {
        put(&mut buf, &[card.to_u8()]);
    }
    let (boundary, pass) = match rules.passes {
        Passes::Unlimited => {
            let draw = rules.draw.max(1) as usize;
            let w = waste.len();
            let from_start = w.is_multiple_of(draw) || w == talon;
            (if from_start { 0 } else { w as u8 }, 0u16)
        }
        Passes::Limited(_) => (waste.len() as u8, pos.pass()),
    };
    put(&mut buf, &[boundary, pass as u8, (pass >> 8) as u8]);

    let reserve = pos.reserve();
    put(&mut buf, &[0xfe, reserve.len() as u8]);
    for card in reserve {
        put(&mut buf, &[card.to_u8()]);
    }

    let slots = pos.foundation_slots();
    for s in 0..4.min(slots) {
        let a = pos.foundation_len(s) as u8;
        if s + 4 < slots {
            let b = pos.foundation_len(s + 4) as u8;
            put(&mut buf, &[a.min(b), a.max(b)]);
        } else {
            put(&mut buf, &[a]);
        }
    }
    put(&mut buf, &[pos.base_rank().unwrap_or(0)]);
    xxh3_128(&buf[..n])
}
