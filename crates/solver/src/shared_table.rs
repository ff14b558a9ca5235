//! A transposition table that several threads insert into at once: the
//! exact search's table once a solve goes on with more than one thread
//! (see the search's `parallel` module).
//!
//! It is a set of 128-bit fingerprints (hashes of positions, never the
//! compact keys, whose bits are not random) in one flat open-addressing
//! array (linear probing), sized once and never grown: growing would stop
//! every thread. A slot holds only the low half of a key, the high half
//! choosing the slot where its lookup starts, so that the same memory
//! holds twice as many positions as [`crate::table::Table`] does. A lookup
//! then mistakes a key for another only if one of the few stored beside
//! its start has the same low half, at odds of about 2^-63 each: over the
//! hundred million lookups of a long search, about one chance in ten
//! billion (against far less with whole 128-bit keys). A slot is claimed by a compare-and-swap from zero (low
//! halves are stored with their lowest bit set, so zero marks an empty slot).
//!
//! Counting every insert in one shared counter would make the threads
//! fight over its cache line, so each thread's [`SharedTable`] handle
//! counts its own and adds them up every [`COUNT_BATCH`] new keys (fewer
//! in a small table).
//!
//! A table of hundreds of megabytes costs a few tenths of a second to
//! write into for the first time (a page fault a page), so a solve gets it
//! ready on the core it does not use yet ([`SharedTable::ready_in_background`]),
//! while its search still runs on one thread.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::table::{mix, prefetch};
use crate::Limit;

/// The slots, shared by every thread's handle.
struct Slots {
    slots: Box<[AtomicU64]>,
    /// Keys stored, as far as the handles have told.
    len: AtomicUsize,
    /// New keys a handle stores between two additions to `len`: at most
    /// [`COUNT_BATCH`], and a small share of the slots, so that what the
    /// handles have yet to tell never fills a small table unseen.
    batch: usize,
}

/// One thread's handle on a table shared with others.
pub(crate) struct SharedTable {
    slots: Arc<Slots>,
    /// New keys this handle stored and has yet to add to `slots.len`.
    uncounted: usize,
}

/// New keys a handle stores between two additions to the shared count.
const COUNT_BATCH: usize = 1024;

impl SharedTable {
    /// An empty table of the most slots that fit in `bytes`.
    pub fn new(bytes: usize) -> SharedTable {
        let slots = (bytes / 8).max(8);
        let batch = (slots / 64).clamp(1, COUNT_BATCH);
        SharedTable { slots: Arc::new(Slots { slots: zeroed(slots), len: AtomicUsize::new(0), batch }), uncounted: 0 }
    }

    /// An empty table of [`SharedTable::new`]'s size, made on a thread of
    /// its own that writes every page of it once, so that the search
    /// inserting into it later does not wait on the system for them.
    pub fn ready_in_background(bytes: usize) -> Readying {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let table = SharedTable::new(bytes);
            // A slot every 4 KiB, the smallest page; asked to stop every
            // megabyte.
            for (n, slot) in table.slots.slots.iter().step_by(PAGE_SLOTS).enumerate() {
                if n % 256 == 0 && stopped.load(Ordering::Relaxed) {
                    break;
                }
                slot.store(0, Ordering::Relaxed);
            }
            table
        });
        Readying { stop, thread: Some(thread) }
    }

    /// Another handle on the same table, for another thread.
    pub fn handle(&self) -> SharedTable {
        SharedTable { slots: Arc::clone(&self.slots), uncounted: 0 }
    }

    fn slot_count(&self) -> usize {
        self.slots.slots.len()
    }

    /// Bytes the table's array takes.
    pub fn bytes(&self) -> usize {
        self.slot_count() * 8
    }

    /// Keys stored, by every handle (those a handle has yet to count
    /// included only for this one).
    pub fn len(&self) -> usize {
        self.slots.len.load(Ordering::Relaxed) + self.uncounted
    }

    /// The slot where `key`'s lookup starts, from its high half (mixed
    /// with MurmurHash3's finalizer, as a fingerprint's bits may not all be
    /// equally random), and the low half as stored.
    #[inline]
    fn place(&self, key: u128) -> (usize, u64) {
        let h = mix((key >> 64) as u64);
        // The high bits of a product pick a slot among any number of them.
        let home = ((h as u128 * self.slot_count() as u128) >> 64) as usize;
        (home, key as u64 | 1)
    }

    /// Asks the processor to bring `key`'s home slot into the cache.
    #[inline]
    pub fn prefetch(&self, key: u128) {
        prefetch(&self.slots.slots[self.place(key).0]);
    }

    /// Records `key`: `Ok(true)` if no thread had, `Ok(false)` if one had,
    /// `Err(Limit::Memory)` once the table is nine tenths full.
    #[inline]
    pub fn insert(&mut self, key: u128) -> Result<bool, Limit> {
        let (mut i, low) = self.place(key);
        let slots = &self.slots.slots;
        loop {
            let mut found = slots[i].load(Ordering::Relaxed);
            if found == 0 {
                match slots[i].compare_exchange(0, low, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => return self.count_new(),
                    Err(now) => found = now,
                }
            }
            if found == low {
                return Ok(false);
            }
            i += 1;
            if i == slots.len() {
                i = 0;
            }
        }
    }

    fn count_new(&mut self) -> Result<bool, Limit> {
        self.uncounted += 1;
        let batch = self.slots.batch;
        if self.uncounted == batch {
            let len = self.slots.len.fetch_add(batch, Ordering::Relaxed) + batch;
            self.uncounted = 0;
            if len * 10 > self.slot_count() * 9 {
                return Err(Limit::Memory);
            }
        }
        Ok(true)
    }
}

/// Slots in a 4 KiB page.
const PAGE_SLOTS: usize = 4096 / 8;

/// A [`SharedTable`] being made ready (see
/// [`SharedTable::ready_in_background`]); dropped unused, it stops at once.
pub(crate) struct Readying {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<SharedTable>>,
}

impl Readying {
    /// The table, once its pages are written.
    pub fn take(mut self) -> SharedTable {
        let thread = self.thread.take().expect("taken once");
        thread.join().expect("the thread making a table ready panicked")
    }
}

impl Drop for Readying {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            // Joined, so that the memory is given back before the solve
            // ends; a panic there has nothing left to spoil.
            let _ = thread.join();
        }
    }
}

impl Drop for SharedTable {
    fn drop(&mut self) {
        self.slots.len.fetch_add(std::mem::take(&mut self.uncounted), Ordering::Relaxed);
    }
}

/// `n` atomics of zero, from memory the system hands over already zeroed:
/// a big table costs nothing until its pages are written, where setting
/// each slot would write them all at once.
fn zeroed(n: usize) -> Box<[AtomicU64]> {
    use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
    let layout = Layout::array::<AtomicU64>(n).expect("a table that fits in memory");
    // SAFETY: the layout has a nonzero size (n >= 8, a multiple of 8 bytes); all-zero bytes are a
    // valid `AtomicU64` (zero); the pointer comes from the global allocator
    // with the layout of `n` atomics, which is how a `Box<[AtomicU64]>` of
    // that length is freed.
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<AtomicU64>();
        if ptr.is_null() {
            handle_alloc_error(layout);
        }
        let table = Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n));
        crate::huge_pages::advise(&table);
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> u128 {
        (i as u128 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)
    }

    /// Threads inserting the same keys at once: each key is new to exactly
    /// one of them, and every key is found again afterwards.
    #[test]
    fn each_key_is_new_to_exactly_one_thread() {
        let table = SharedTable::new(1 << 22);
        let keys = 100_000u64;
        let new: Vec<Vec<u64>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..4)
                .map(|t| {
                    let mut mine = table.handle();
                    s.spawn(move || {
                        // Each thread in its own order, so that they meet.
                        let order: Vec<u64> = if t % 2 == 0 { (0..keys).collect() } else { (0..keys).rev().collect() };
                        order.into_iter().filter(|&i| mine.insert(key(i)) == Ok(true)).collect()
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let mut all: Vec<u64> = new.concat();
        all.sort_unstable();
        assert_eq!(all, (0..keys).collect::<Vec<_>>());
        let mut again = table.handle();
        assert!((0..keys).all(|i| again.insert(key(i)) == Ok(false)));
        drop(again);
        assert_eq!(table.len(), keys as usize);
    }

    /// A table made ready on another thread is an empty table like any
    /// other; one dropped before it is ready stops being made.
    #[test]
    fn a_table_made_ready_ahead_is_empty_and_takes_keys() {
        let mut t = SharedTable::ready_in_background(1 << 22).take();
        assert_eq!((t.len(), t.bytes()), (0, 1 << 22));
        assert!((0..1000).all(|i| t.insert(key(i)) == Ok(true)));
        assert!((0..1000).all(|i| t.insert(key(i)) == Ok(false)));
        drop(SharedTable::ready_in_background(1 << 30));
    }

    #[test]
    fn a_full_table_says_so() {
        let mut t = SharedTable::new(1 << 15); // 4,096 slots
        let stop = (1..10_000u64).map(|i| t.insert(key(i))).position(|r| r.is_err());
        // Counted 64 keys at a time (a sixty-fourth of the slots).
        assert!(stop.is_some_and(|n| (3686..3686 + 64).contains(&n)), "{stop:?}");
    }
}
