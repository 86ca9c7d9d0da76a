//! Scratch space: every generator reserves exactly the memory `scratch_bytes` states, all of it
//! before it carves anything, so a maze whose scratch space does not fit is refused at once.

use crate::common::{generators, label, run_with_memory_limit};
use mazegen::algorithms::{Backtrack, Generator, GrowingTree, Kruskal, Pick, Prim};
use mazegen::events::{Event, Observer};
use mazegen::grid::{Grid, LARGEST_SQUARE_TILES};
use mazegen::rng::rng_from_seed;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::num::NonZeroU32;

/// The system allocator, counting the bytes each thread holds and the most it has held.
struct Counting;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

thread_local! {
    static HELD: Cell<u64> = const { Cell::new(0) };
    static PEAK: Cell<u64> = const { Cell::new(0) };
}

/// Adds `grown` bytes to this thread's count and takes `shrunk` off it.
fn count(grown: usize, shrunk: usize) {
    // Counters without destructors: reachable for the whole life of the thread.
    let _ = HELD.try_with(|held| {
        // Wrapping: a panic here would abort, and another thread may free what this one holds.
        held.set(
            held.get()
                .wrapping_add(grown as u64)
                .wrapping_sub(shrunk as u64),
        );
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(held.get())));
    });
}

/// The bytes this thread holds.
fn held() -> u64 {
    HELD.with(Cell::get)
}

// SAFETY: every call is passed on to the system allocator unchanged; only counters are updated.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            count(layout.size(), 0);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            count(layout.size(), 0);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(0, layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            count(new_size, layout.size());
        }
        new
    }
}

/// Notes the bytes held beyond `before` when the first passage is carved or walled.
struct FirstCarve {
    before: u64,
    held: Option<u64>,
}

impl Observer for FirstCarve {
    fn observe(&mut self, event: Event) {
        let carves = matches!(
            event,
            Event::Carve { .. } | Event::Wall { .. } | Event::OpenField
        );
        if carves && self.held.is_none() {
            self.held = Some(held().wrapping_sub(self.before));
        }
    }
}

/// Every generator of the tests, plus backtrack with one-, two- and four-byte region owners.
fn every_generator() -> Vec<Box<dyn Generator + Send + Sync>> {
    let mut all = generators();
    for seeds in [3, 300, 70_000] {
        all.push(Box::new(Backtrack {
            seeds: NonZeroU32::new(seeds).unwrap(),
            ..Backtrack::default()
        }));
    }
    all
}

#[test]
fn generators_reserve_the_scratch_space_they_state_before_carving() {
    for generator in every_generator() {
        for (w, h) in [(1, 1), (1, 9), (37, 23), (300, 250)] {
            let name = format!("{} {w}x{h}", label(generator.as_ref()));
            let stated = generator.scratch_bytes(w, h);
            let mut grid = Grid::new(w, h).unwrap();
            // More backtracking seeds than cells are refused, before any reservation.
            let seeds = generator.params()["seeds"].as_u64();
            let carved = seeds.is_none_or(|seeds| seeds <= u64::from(w * h));

            let before = held();
            PEAK.set(before);
            let result = generator.carve(&mut grid, &mut rng_from_seed(7));
            assert_eq!(result.is_ok(), carved, "{name}");
            if !carved {
                continue;
            }
            assert_eq!(
                PEAK.get().wrapping_sub(before),
                stated,
                "{name}: the most bytes held while carving"
            );

            let mut grid = Grid::new(w, h).unwrap();
            let mut first = FirstCarve {
                before: held(),
                held: None,
            };
            let result = generator.carve_observed(&mut grid, &mut rng_from_seed(7), &mut first);
            assert!(result.is_ok(), "{name}");
            if w * h > 1 || generator.name() == "recursive-division" {
                assert_eq!(
                    first.held,
                    Some(stated),
                    "{name}: bytes held at the first carve"
                );
            }
        }
    }
}

#[test]
fn the_largest_mazes_state_gigabytes_of_scratch_space() {
    let side = ((LARGEST_SQUARE_TILES - 1) / 2) as u32;
    let cells = u64::from(side) * u64::from(side);
    let oldest = GrowingTree { pick: Pick::Oldest };
    // One state byte and a four-byte list entry per cell.
    assert_eq!(oldest.scratch_bytes(side, side), 5 * cells);
    // A four-byte id per inner wall (two per cell, less the border) and per cell.
    assert!(Kruskal.scratch_bytes(side, side) > 11 * cells);
    assert!(Prim::default().scratch_bytes(side, side) > 16 * cells);
    // Figures saturate rather than overflow, whatever the size.
    for generator in every_generator() {
        assert!(generator.scratch_bytes(u32::MAX, u32::MAX) >= generator.scratch_bytes(side, side));
    }
}

#[test]
fn a_maze_whose_scratch_space_does_not_fit_is_refused_before_carving() {
    // 3 GiB of address space: room for the 1 GiB grid of the largest maze and a byte per cell
    // of scratch space besides, not for four more. Refused reservations name their bytes: the
    // whole list or wall list, reserved before carving, not a list grown while carving.
    let cases = [
        // The four-byte list entry per cell.
        ("growing-tree --pick oldest", 4u64 << 30),
        // The four-byte id per inner wall.
        ("kruskal", 4 * 2 * 32767 * 32768),
    ];
    for (algorithm, bytes) in cases {
        let args = format!("{algorithm} --size {LARGEST_SQUARE_TILES} --seed 1 --format text");
        let Some(output) = run_with_memory_limit(3 << 20, &args) else {
            return;
        };
        assert_eq!(
            (
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).as_ref(),
                output.stdout.len()
            ),
            (
                Some(2),
                format!(
                    "error: not enough memory for a 32768x32768-cell maze ({bytes} bytes needed)\n"
                )
                .as_str(),
                0
            ),
            "{args}"
        );
    }
}
