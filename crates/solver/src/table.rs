//! The transposition table: a set of 128-bit position keys (fingerprints,
//! or compact keys) in one flat open-addressing array (linear probing),
//! doubled when it is 70% full.
//!
//! Compared with a general hash set it needs no control bytes, so an insert
//! is usually a single cache line; the home slot is a few multiplications
//! of the key.

use crate::Limit;

/// A set of nonzero `u128` fingerprints.
pub(crate) struct Table {
    slots: Vec<u128>,
    len: usize,
    /// Bytes the table may use (old and new array together while growing).
    max_bytes: usize,
}

/// Slots of a new table.
const FIRST_SLOTS: usize = 1 << 10;

impl Table {
    pub fn new(max_bytes: usize) -> Table {
        let slots = if FIRST_SLOTS * 16 <= max_bytes { FIRST_SLOTS } else { (max_bytes / 16).next_power_of_two() / 2 };
        Table { slots: vec![0; slots.max(4)], len: 0, max_bytes }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes the table's array takes now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 16
    }

    /// The slot where `key`'s lookup starts. Keys are hashes or compact
    /// keys ([`crate::compact_key`]), whose low bits are foundation
    /// heights, so both halves are mixed (MurmurHash3's finalizer).
    #[inline]
    fn home(&self, key: u128) -> usize {
        let mut h = key as u64 ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^= h >> 33;
        h as usize & (self.slots.len() - 1)
    }

    /// The slot of `key`, or of the empty slot where it would go.
    #[inline]
    fn find(&self, key: u128) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == key || slot == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Records `key`: `Ok(true)` if it is new, `Ok(false)` if it was there,
    /// `Err(Limit::Memory)` if it is new and the table may not grow, with
    /// `besides` bytes of the budget in use elsewhere (the search's stack).
    #[inline]
    pub fn insert(&mut self, key: u128, besides: usize) -> Result<bool, Limit> {
        // Zero marks an empty slot; a key of zero is stored as one (one more
        // way for two fingerprints to collide, at odds of 2^-128).
        let key = key.max(1);
        let i = self.find(key);
        if self.slots[i] == key {
            return Ok(false);
        }
        if (self.len + 1) * 10 > self.slots.len() * 7 {
            let bytes = self.slots.len() * 16;
            if besides + bytes + 2 * bytes > self.max_bytes {
                // Full for this budget; a little past the usual load is fine.
                if (self.len + 1) * 10 > self.slots.len() * 9 {
                    return Err(Limit::Memory);
                }
            } else {
                self.grow();
                let i = self.find(key);
                self.slots[i] = key;
                self.len += 1;
                return Ok(true);
            }
        }
        self.slots[i] = key;
        self.len += 1;
        Ok(true)
    }

    fn grow(&mut self) {
        let bigger = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        for key in old.into_iter().filter(|&k| k != 0) {
            let i = self.find(key);
            self.slots[i] = key;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_again_across_growth() {
        let mut t = Table::new(1 << 30);
        let key = |i: u64| (i as u128).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) | 1;
        for i in 0..100_000 {
            assert_eq!(t.insert(key(i), 0), Ok(true));
        }
        for i in 0..100_000 {
            assert_eq!(t.insert(key(i), 0), Ok(false));
        }
        assert_eq!(t.len(), 100_000);
        // Zero is stored as one.
        let mut t = Table::new(1 << 20);
        assert_eq!(t.insert(0, 0), Ok(true));
        assert_eq!(t.insert(1, 0), Ok(false));
    }

    #[test]
    fn a_small_budget_runs_out() {
        let mut t = Table::new(1 << 12);
        let mut result = Ok(true);
        for i in 1..10_000u128 {
            result = t.insert(i * 0x1234_5678_9abc_def1, 0);
            if result.is_err() {
                break;
            }
        }
        assert_eq!(result, Err(Limit::Memory));
        assert!(t.slots.len() * 16 <= 1 << 12);
    }
}
