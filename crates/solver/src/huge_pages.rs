//! Big tables backed by huge pages where the system offers them.
//!
//! A transposition table of hundreds of megabytes is read at random, so
//! with 4 KiB pages nearly every probe also misses the processor's table
//! of page addresses (the TLB, which covers a few megabytes of 4 KiB pages)
//! and walks the page tables first. Linux backs memory with 2 MiB pages
//! when asked (`madvise(MADV_HUGEPAGE)`, which its default "madvise" mode
//! of transparent huge pages waits for), and then the same TLB covers
//! gigabytes. Elsewhere, or when the kernel says no, the table works the
//! same on ordinary pages.

/// Asks the kernel to back `table`'s pages with huge pages, before any of
/// them is written (the tables come from the allocator already zeroed, so
/// their pages are made at the first write).
pub(crate) fn advise<T>(table: &[T]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        // From two huge pages' worth up, at least one whole aligned huge
        // page lies inside, wherever the table starts.
        const WORTH_IT: usize = 4 << 20;
        let start = table.as_ptr() as usize;
        let end = start + std::mem::size_of_val(table);
        let first = start.next_multiple_of(PAGE);
        let last = end / PAGE * PAGE;
        if last > first && last - first >= WORTH_IT {
            // SAFETY: the range is whole pages inside `table`, memory this
            // process owns; `MADV_HUGEPAGE` changes only which pages back
            // it, never what it holds or who may use it. A refusal (an
            // older kernel, huge pages turned off) leaves it as it was.
            unsafe {
                libc::madvise(first as *mut libc::c_void, last - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = table;
}
