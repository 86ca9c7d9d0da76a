//! Helpers shared by the generation benches: the seed, the two crates' "generate one maze"
//! calls, and the big-stack thread knossos's recursive algorithms need.
#![allow(dead_code)] // each bench uses its own subset

use knossos::maze::{Algorithm, OrthogonalMaze, OrthogonalMazeBuilder};
use mazegen::algorithms::Generator;
use mazegen::grid::Grid;
use mazegen::rng::rng_from_seed;

/// The seed of every generated maze.
pub const SEED: u64 = 42;

/// Stack for the thread that runs every benchmark. knossos's backtracker recurses once per cell
/// on the current path, which at 1000x1000 cells overflows the default 8 MiB main stack. The
/// whole criterion run happens in this one thread, so no thread spawn is measured; the stack
/// is only reserved address space until touched, and stays mapped between iterations.
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
pub fn knossos_generate(algorithm: Box<dyn Algorithm>, side: usize) -> OrthogonalMaze {
    OrthogonalMazeBuilder::new()
        .width(side)
        .height(side)
        .seed(Some(SEED))
        .algorithm(algorithm)
        .build()
}

/// Runs `benches` in one thread with a [`STACK_BYTES`] stack and waits for it.
pub fn on_big_stack(benches: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .name("bench".into())
        .stack_size(STACK_BYTES)
        .spawn(benches)
        .expect("spawn the benchmark thread")
        .join()
        .expect("benchmarks ran");
}
