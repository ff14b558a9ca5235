//! Generating and applying moves never touches the heap: the solver will run
//! billions of them. A counting global allocator checks it for every game
//! (it counts per thread, so the tests that run beside it on other threads
//! count nothing here).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use patience_core::deal::SplitMix64;
use patience_core::{presets, Move, MoveList, Position};

struct Counting;

thread_local! {
    // Per thread, so that the test harness's other threads do not count.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn dealing_generating_and_playing_moves_allocate_nothing() {
    for rules in presets::ALL {
        let mut rng = SplitMix64::new(7);
        let mut moves = MoveList::new();
        let before = allocations();
        let mut played = 0;
        let mut deal = 0;
        while played < 1000 && deal < 500 {
            deal += 1;
            let mut pos = Position::deal(rules, deal);
            for _ in 0..300 {
                moves.clear();
                pos.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let copy = pos.clone();
                let mv = moves[rng.below_or_equal(moves.len() as u64 - 1) as usize];
                pos.play_unchecked(mv);
                played += 1;
                assert!(copy != pos || mv == Move::Redeal);
            }
        }
        let after = allocations();
        assert_eq!(after, before, "{}: {} allocations in {played} moves", rules.id, after - before);
        assert!(played >= 1000, "{}: only {played} moves played", rules.id);
    }
}

#[test]
fn a_position_is_small_and_a_move_is_tiny() {
    // Every game uses the same fixed-size position; the figure is in the
    // README. Growing it slows the solver, so it is pinned here.
    assert!(std::mem::size_of::<Position>() <= 384, "Position is {} bytes", std::mem::size_of::<Position>());
    assert!(std::mem::size_of::<Move>() <= 6, "Move is {} bytes", std::mem::size_of::<Move>());
}
