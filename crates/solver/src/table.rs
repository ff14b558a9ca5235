//! The transposition table: a set of position keys (128-bit fingerprints or
//! compact keys, or the class search's 64-bit keys) in one flat
//! open-addressing array (linear probing), doubled when it is 70% full.
//!
//! Compared with a general hash set it needs no control bytes, so an insert
//! is usually a single cache line; the home slot is a few multiplications
//! of the key.
//!
//! Doubling a table of hundreds of megabytes takes a good part of a second,
//! longer than the search goes between two looks at the clock, so the
//! table keeps its search's deadline: it does not start a doubling that
//! would end after it (each doubling is taken to last twice the one
//! before), and fills up past the usual load instead.

use std::time::{Duration, Instant};

use crate::Limit;

/// A key the table can hold: zero marks an empty slot.
pub(crate) trait Key: Copy + Eq + Ord + Default {
    const ONE: Self;
    const BYTES: usize = std::mem::size_of::<Self>();
    /// The key folded to 64 bits, to be mixed into a slot number.
    fn fold(self) -> u64;
}

impl Key for u128 {
    const ONE: u128 = 1;
    #[inline]
    fn fold(self) -> u64 {
        self as u64 ^ ((self >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

impl Key for u64 {
    const ONE: u64 = 1;
    #[inline]
    fn fold(self) -> u64 {
        self
    }
}

/// A set of nonzero keys (`u128` unless said otherwise).
pub(crate) struct Table<K: Key = u128> {
    slots: Vec<K>,
    len: usize,
    /// Bytes the table may use (old and new array together while growing).
    max_bytes: usize,
    /// When the search that owns the table must stop, if ever.
    deadline: Option<Instant>,
    /// How long the last doubling took.
    last_growth: Duration,
}

/// Slots of a new table.
const FIRST_SLOTS: usize = 1 << 10;

impl<K: Key> Table<K> {
    pub fn new(max_bytes: usize) -> Table<K> {
        let slots = if FIRST_SLOTS * K::BYTES <= max_bytes {
            FIRST_SLOTS
        } else {
            (max_bytes / K::BYTES).next_power_of_two() / 2
        };
        let slots = vec![K::default(); slots.max(4)];
        crate::huge_pages::advise(&slots);
        Table { slots, len: 0, max_bytes, deadline: None, last_growth: Duration::ZERO }
    }

    /// The table of a search that must stop at `deadline`.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Table<K> {
        self.deadline = deadline;
        self
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The keys stored (as stored: a key of zero as one).
    pub fn keys(&self) -> impl Iterator<Item = K> + '_ {
        self.slots.iter().copied().filter(|&k| k != K::default())
    }

    /// Bytes the table's array takes now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * K::BYTES
    }

    /// The slot where `key`'s lookup starts. Keys are hashes or compact
    /// keys ([`crate::compact_key`]), whose low bits are foundation
    /// heights, so both halves are mixed (MurmurHash3's finalizer).
    #[inline]
    fn home(&self, key: K) -> usize {
        mix(key.fold()) as usize & (self.slots.len() - 1)
    }

    /// Asks the processor to bring `key`'s home slot into the cache, so that
    /// a later [`Table::insert`] of it does not wait on memory: a search
    /// that knows the keys it will look up soon overlaps their misses.
    #[inline]
    pub fn prefetch(&self, key: K) {
        prefetch(&self.slots[self.home(key.max(K::ONE))]);
    }

    /// The slot of `key`, or of the empty slot where it would go.
    #[inline]
    fn find(&self, key: K) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == key || slot == K::default() {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Records `key`: `Ok(true)` if it is new, `Ok(false)` if it was there,
    /// `Err(Limit::Memory)` if it is new and the table may not grow, with
    /// `besides` bytes of the budget in use elsewhere (the search's stack),
    /// `Err(Limit::Time)` if growing would not end before the deadline.
    #[inline]
    pub fn insert(&mut self, key: K, besides: usize) -> Result<bool, Limit> {
        // Zero marks an empty slot; a key of zero is stored as one (one more
        // way for two fingerprints to collide, at odds of 2^-128; compact
        // keys are never zero).
        let key = key.max(K::ONE);
        let i = self.find(key);
        if self.slots[i] == key {
            return Ok(false);
        }
        if (self.len + 1) * 10 > self.slots.len() * 7 {
            let bytes = self.slots.len() * K::BYTES;
            let no_room = besides + bytes + 2 * bytes > self.max_bytes;
            let no_time = !no_room && self.deadline.is_some_and(|d| Instant::now() + 2 * self.last_growth >= d);
            if no_room || no_time {
                // Full for this budget; a little past the usual load is fine.
                if (self.len + 1) * 10 > self.slots.len() * 9 {
                    return Err(if no_room { Limit::Memory } else { Limit::Time });
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
        let started = Instant::now();
        let bigger = vec![K::default(); self.slots.len() * 2];
        crate::huge_pages::advise(&bigger);
        let old = std::mem::replace(&mut self.slots, bigger);
        for key in old.into_iter().filter(|&k| k != K::default()) {
            let i = self.find(key);
            self.slots[i] = key;
        }
        self.last_growth = started.elapsed();
    }
}

/// MurmurHash3's 64-bit finalizer: every bit of `h` reaches every bit of
/// the result, so that any bits of it may choose a table slot.
#[inline]
pub(crate) fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^= h >> 33;
    h
}

/// Asks the processor to bring `slot` into the cache, so that a later
/// lookup there does not wait on memory.
#[inline]
pub(crate) fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let slot: *const T = slot;
        // SAFETY: a prefetch only hints at an address (here a reference's)
        // and never faults; SSE is part of every x86-64 target.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_again_across_growth() {
        let mut t: Table = Table::new(1 << 30);
        let key = |i: u64| (i as u128).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) | 1;
        for i in 0..100_000 {
            assert_eq!(t.insert(key(i), 0), Ok(true));
        }
        for i in 0..100_000 {
            assert_eq!(t.insert(key(i), 0), Ok(false));
        }
        assert_eq!(t.len(), 100_000);
        // Zero is stored as one.
        let mut t: Table = Table::new(1 << 20);
        assert_eq!(t.insert(0, 0), Ok(true));
        assert_eq!(t.insert(1, 0), Ok(false));
    }

    #[test]
    fn no_growth_starts_that_would_end_after_the_deadline() {
        let key = |i: u64| (i as u128).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) | 1;
        let fill = |t: &mut Table| (0..100_000).map(|i| t.insert(key(i), 0)).find(|r| r.is_err());
        // Past its deadline the first table fills to 90% and stops there.
        let mut late: Table = Table::new(1 << 30).with_deadline(Some(Instant::now()));
        assert_eq!(fill(&mut late), Some(Err(Limit::Time)));
        assert_eq!(late.bytes(), FIRST_SLOTS * 16);
        assert!(late.len() * 10 > FIRST_SLOTS * 9 - 10);
        // With time to spare it grows as usual.
        let mut early: Table = Table::new(1 << 30).with_deadline(Some(Instant::now() + Duration::from_secs(3600)));
        assert_eq!(fill(&mut early), None);
        assert_eq!(early.len(), 100_000);
    }

    #[test]
    fn a_small_budget_runs_out() {
        let mut t: Table = Table::new(1 << 12);
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
