//! Compact keys: in Solitaire Harmony a position's twin-canonical key
//! ([`crate::key::twin_canonical`]) written as a number instead of a hash,
//! from what is left of the root, without looking at the face-up cards.
//!
//! **What is written.** For a search from `root`: each foundation's height;
//! which of the root's talon cards are still in the talon (one bit each);
//! and for each column how many of the root's cards are still where they
//! were at its bottom, counting its face-down cards and the first face-up
//! card on them (its *base*), 0 when the base has left or is a King on no
//! face-down card (it may move to another space, like any King). With
//! draw 1 and unlimited passes the waste boundary and the pass count do
//! not matter (see [`crate::key`]), so they are not written. (The same
//! observation makes lonelybot's 64-bit state encoding.)
//!
//! **Why that is the twin class.** Where compact keys are used (see
//! [`CompactKeys::for_root`]) every column is, at the root, its face-down
//! cards and one correctly built run, and stays so: cards are only added
//! by building on a top card, a run that leaves a column takes the whole
//! run above some card, and the card it uncovers is turned up (a run of
//! one). So a column of a later position is a prefix of its root cards
//! (face-down cards never move; the base stays until the run leaves from
//! it, which turns the card below up, or empties the column) with a run
//! built on the last one, or an empty column, or a King-led run in a space.
//! Cards never come back into the talon. Given the numbers written, then:
//! - the cards on the foundations, in the talon and in the columns' root
//!   prefixes are known, and the other cards are face up in the tableau,
//!   each either a base (a root prefix's last card, or a King: a King fits
//!   on nothing) or lying on a card it fits, one of the two *twins* of the
//!   next rank in the other colour, both then face up in the tableau;
//! - so each such card `c` lies on one twin, `A` or `B`, and if `c`'s own
//!   twin `c'` also lies on one, on the other. Which is which is the only
//!   freedom left, and exchanging it exchanges whatever lies on `A` and `B`:
//!   a twin swap. The columns that hold no root prefix hold the King-led
//!   runs, in any order; [`crate::key::canonical`] ignores that order too.
//!
//! So two positions share a compact key exactly when they share a
//! twin-canonical one, and unlike that hash, two different classes never
//! share a key. A pending node (see [`crate::pending`]) writes its pending
//! card too.

use patience_core::rules::{Passes, MAX_COLUMNS};
use patience_core::{Card, Position};

/// Compact keys for the searches from one root (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct CompactKeys {
    /// Each card's place in the root's talon (waste, then stock), by card
    /// byte; [`NOT_IN_TALON`] for the others.
    talon_place: [u8; 64],
    /// Each column's bottom card at the root ([`Card::NONE`] if empty).
    root_bottom: [Card; MAX_COLUMNS],
    columns: usize,
    king: u8,
}

const NOT_IN_TALON: u8 = 0xff;

/// Where the fields lie: 4 foundation heights of 4 bits, then 4 bits a
/// column, then the talon's bits, and the pending card at the top.
const COLUMNS_SHIFT: u32 = 16;
const TALON_SHIFT: u32 = COLUMNS_SHIFT + 4 * MAX_COLUMNS as u32;
const PENDING_SHIFT: u32 = 120;
const MAX_TALON: usize = (PENDING_SHIFT - TALON_SHIFT) as usize;

impl CompactKeys {
    /// Compact keys for the searches from `root`, if they apply: where twin
    /// keys do ([`crate::twins::prunable`]), with draw 1 and unlimited
    /// passes, every column its face-down cards and one run at the root,
    /// and everything small enough for its field.
    pub fn for_root(root: &Position) -> Option<CompactKeys> {
        let rules = root.rules();
        let columns = root.column_count();
        let talon = root.waste().len() + root.stock().len();
        let applies = crate::twins::prunable(root)
            && rules.draw == 1
            && rules.passes == Passes::Unlimited
            && root.foundation_slots() == 4
            && rules.ranks < 16
            && columns <= MAX_COLUMNS
            && talon <= MAX_TALON
            && (0..columns)
                .all(|c| root.face_down(c) < 15 && root.face_down(c) + root.run_len(c) == root.column(c).len());
        if !applies {
            return None;
        }
        let mut keys = CompactKeys {
            talon_place: [NOT_IN_TALON; 64],
            root_bottom: [Card::NONE; MAX_COLUMNS],
            columns,
            king: rules.king(),
        };
        for (i, card) in root.waste().iter().chain(root.stock()).enumerate() {
            keys.talon_place[card.to_u8() as usize] = i as u8;
        }
        for c in 0..columns {
            keys.root_bottom[c] = root.column(c).first().copied().unwrap_or(Card::NONE);
        }
        Some(keys)
    }

    /// The key of `pos`, a position reached from the root.
    #[inline]
    pub fn key(&self, pos: &Position) -> u128 {
        let mut key = 0u128;
        for slot in 0..4 {
            key |= (pos.foundation_len(slot) as u128) << (4 * slot);
        }
        for c in 0..self.columns {
            let column = pos.column(c);
            let down = pos.face_down(c);
            // Under face-down cards the base is a root card. On none, the
            // bottom card is the root's, or a King come into a space; a King
            // there counts as one in a space even if it is the root's (it
            // may move to another space).
            let prefix = match column.first() {
                Some(&bottom) if down > 0 || (bottom == self.root_bottom[c] && bottom.rank() != self.king) => down + 1,
                _ => 0,
            };
            key |= (prefix as u128) << (COLUMNS_SHIFT + 4 * c as u32);
        }
        let mut talon = 0u128;
        for card in pos.waste().iter().chain(pos.stock()) {
            let place = self.talon_place[card.to_u8() as usize];
            debug_assert_ne!(place, NOT_IN_TALON, "a card came into the talon");
            talon |= 1 << place;
        }
        key | talon << TALON_SHIFT
    }

    /// The key of a pending node: `key`, its position's key, with the
    /// pending card `x`.
    #[inline]
    pub fn pending_key(key: u128, x: Card) -> u128 {
        key | (x.to_u8() as u128 + 1) << PENDING_SHIFT
    }
}

#[cfg(test)]
mod tests {
    use patience_core::{presets, Position};

    use super::*;
    use crate::key::twin_canonical;
    use crate::playouts::SameSplit;

    /// Random playouts from Harmony deals: two positions share a compact
    /// key exactly when they share a twin-canonical key.
    #[test]
    fn compact_keys_tell_apart_exactly_the_twin_classes() {
        let rules = presets::find("harmony").unwrap();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut positions = 0;
        for deal in 1..=40 {
            let root = Position::deal(rules, deal);
            let keys = CompactKeys::for_root(&root).expect("compact keys apply to Harmony deals");
            let mut split = SameSplit::new();
            crate::playouts::each_position(&root, 30, 200, &mut seed, |pos| {
                split.check(keys.key(pos), twin_canonical(pos), format_args!("deal {deal}: compact and twin keys"));
                positions += 1;
            });
        }
        assert!(positions > 100_000, "{positions}");
    }

    #[test]
    fn they_do_not_apply_where_the_waste_boundary_matters() {
        let rules = presets::find("grosse-harfe").unwrap();
        assert!(CompactKeys::for_root(&Position::deal(rules, 1)).is_none());
    }
}
