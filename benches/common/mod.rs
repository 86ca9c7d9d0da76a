//! Helpers shared by the generation benches: one whole maze per call for mazegen and for
//! knossos, and the big-stack thread every benchmark runs in.
#![allow(dead_code)] // each bench crate uses its own subset

use criterion::Criterion;
use knossos::maze::{OrthogonalMaze, OrthogonalMazeBuilder};
use mazegen::algorithms::Generator;
use mazegen::grid::Grid;
use mazegen::rng::rng_from_seed;

/// The seed of every generated maze.
pub const SEED: u64 = 42;

/// Stack for the thread that runs every benchmark. knossos's backtracker recurses once per cell
/// on the current path (and its Kruskal once per link of a region's chain), which at 1000x1000
/// cells overflows the default 8 MiB main stack. The whole criterion run happens in this one
/// thread, so no thread spawn is measured; the stack is only reserved address space until
/// touched, and stays mapped between iterations.
const STACK_BYTES: usize = 1 << 30;

/// mazegen, allocation included: what `Maze::generate` does minus the metadata.
pub fn mazegen_generate(generator: &dyn Generator, side: usize) -> Grid {
    let side = side as u32;
    let mut grid = Grid::new(side, side).expect("valid size");
    generator
        .carve(&mut grid, &mut rng_from_seed(SEED))
        .expect("carving succeeds");
    grid
}

/// knossos, allocation included (its builder allocates the grid and seeds `StdRng`).
pub fn knossos_generate(
    algorithm: Box<dyn knossos::maze::Algorithm>,
    side: usize,
) -> OrthogonalMaze {
    OrthogonalMazeBuilder::new()
        .width(side)
        .height(side)
        .seed(Some(SEED))
        .algorithm(algorithm)
        .build()
}

/// Runs `benches` with a criterion configured from the command line, on a thread with a
/// [`STACK_BYTES`] stack, then prints criterion's summary.
pub fn run_on_big_stack(benches: &'static [fn(&mut Criterion)]) {
    std::thread::Builder::new()
        .name("bench".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let mut criterion = Criterion::default().configure_from_args();
            for bench in benches {
                bench(&mut criterion);
            }
            criterion.final_summary();
        })
        .expect("spawn the benchmark thread")
        .join()
        .expect("benchmarks ran");
}
