//! Maze generation speed: mazegen's `binary-tree` and `backtrack` generators side by side with
//! the same algorithms of the peer crate `knossos` 1.2, at 100x100 and 1000x1000 cells.
//!
//! Every measured iteration does the whole job for both crates: allocate the grid, seed the
//! rng with a fixed seed, carve. knossos's `OrthogonalMazeBuilder::build` cannot be split into
//! allocation and carving, so mazegen includes its `Grid::new` and `rng_from_seed` too. Freeing
//! the result is left out of the timing for both (`iter_with_large_drop`). An extra
//! `mazegen-carve` line times mazegen's carving alone (grid and rng made in the untimed setup of
//! `iter_batched`), to show what allocation costs.
//!
//! A `text` group times the row-by-row algorithms written as text, generated whole and
//! streamed; a `chunked` group a chunked maze streamed as text on 1 and 2 threads.
//!
//! The rngs differ: mazegen draws from ChaCha8, knossos from `StdRng` (ChaCha12), seeded here
//! through `.seed(Some(SEED))` (without it knossos seeds from OS entropy).

mod common;

use common::{SEED, knossos_generate, mazegen_generate, on_big_stack};
use criterion::{BatchSize, BenchmarkId, Criterion, SamplingMode, Throughput};
use knossos::maze::{Bias, RecursiveBacktracking};
use mazegen::algorithms::{Backtrack, BinaryTree, Eller, Generator, Sidewinder, stream::MazeRows};
use mazegen::grid::Grid;
use mazegen::render::{Render, RenderRows, Text};
use mazegen::rng::{MazeRng, rng_from_seed};
use mazegen::topology::check_perfect;
use mazegen::{Giant, Maze};
use std::hint::black_box;
use std::time::Duration;

/// Square sizes in cells, with the criterion sample count used for each.
const SIZES: [(usize, usize); 2] = [(100, 100), (1000, 10)];

/// One group: mazegen (whole and carve-only) and knossos at every size.
fn bench_algorithm(
    c: &mut Criterion,
    group_name: &str,
    generator: &dyn Generator,
    knossos_algorithm: fn() -> Box<dyn knossos::maze::Algorithm>,
) {
    // Sanity, untimed: both sides really produce perfect mazes.
    assert_eq!(check_perfect(&mazegen_generate(generator, 100)), Ok(()));
    assert!(knossos_generate(knossos_algorithm(), 100).is_valid());

    let mut group = c.benchmark_group(group_name);
    for (side, samples) in SIZES {
        group.sample_size(samples);
        if samples < 100 {
            // Few, long iterations: flat sampling keeps the run short.
            group.sampling_mode(SamplingMode::Flat);
            group.measurement_time(Duration::from_secs(8));
        }
        group.throughput(Throughput::Elements((side * side) as u64));
        let size = format!("{side}x{side}");
        group.bench_with_input(BenchmarkId::new("mazegen", &size), &side, |b, &side| {
            b.iter_with_large_drop(|| mazegen_generate(generator, black_box(side)));
        });
        group.bench_with_input(
            BenchmarkId::new("mazegen-carve", &size),
            &side,
            |b, &side| {
                b.iter_batched(
                    || {
                        let grid = Grid::new(side as u32, side as u32).expect("valid size");
                        (grid, rng_from_seed(SEED))
                    },
                    |(mut grid, mut rng): (Grid, MazeRng)| {
                        generator
                            .carve(&mut grid, &mut rng)
                            .expect("carving succeeds");
                        grid
                    },
                    BatchSize::LargeInput,
                );
            },
        );
        group.bench_with_input(BenchmarkId::new("knossos", &size), &side, |b, &side| {
            b.iter_with_large_drop(|| knossos_generate(knossos_algorithm(), black_box(side)));
        });
    }
    group.finish();
}

fn binary_tree(c: &mut Criterion) {
    bench_algorithm(c, "binary-tree", &BinaryTree::default(), || {
        Box::new(knossos::maze::BinaryTree::new(Bias::SouthEast))
    });
}

fn backtrack(c: &mut Criterion) {
    bench_algorithm(c, "backtrack", &Backtrack::default(), || {
        Box::new(RecursiveBacktracking)
    });
}

/// The row-by-row algorithms at 1000x1000 cells written as `text` into memory: generated whole
/// then rendered, and streamed (two rows held), which writes the same bytes.
fn streamed(c: &mut Criterion) {
    let mut group = c.benchmark_group("text");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(1_000_000));
    let generators: [&dyn Generator; 3] = [&BinaryTree::default(), &Sidewinder, &Eller];
    for generator in generators {
        let mut out = Vec::new();
        group.bench_function(BenchmarkId::new("whole", generator.name()), |b| {
            b.iter(|| {
                out.clear();
                let maze = Maze::builder()
                    .generator(generator.boxed())
                    .cells(1000, 1000)
                    .seed(SEED)
                    .build()
                    .expect("valid size");
                Text::default()
                    .render(&maze, &mut out)
                    .expect("render to memory");
            });
        });
        let whole = out.clone();
        group.bench_function(BenchmarkId::new("streamed", generator.name()), |b| {
            b.iter(|| {
                out.clear();
                let mut rows = MazeRows::new(generator, 1000, 1000, SEED).expect("streams");
                Text::default()
                    .render_rows(&mut rows, &mut out)
                    .expect("render to memory");
            });
        });
        assert!(out == whole, "{} streams other bytes", generator.name());
    }
    group.finish();
}

/// A chunked backtracking maze of 2000x2000 cells in 64-cell chunks, streamed as text into
/// memory, its rows of chunks carved on 1 and 2 threads: the same bytes, and on 2 idle cores
/// about twice as fast.
fn chunked(c: &mut Criterion) {
    let giant = Giant::new(2000, 2000, Some(64)).expect("a giant maze");
    let generator = Backtrack::default();
    let mut group = c.benchmark_group("chunked");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(2000 * 2000));
    let mut outputs = Vec::new();
    for jobs in [1, 2] {
        let mut out = Vec::new();
        group.bench_function(BenchmarkId::new("backtrack-64-text", jobs), |b| {
            b.iter(|| {
                out.clear();
                let mut rows = giant.rows(&generator, SEED, jobs).expect("chunks");
                Text::default()
                    .render_rows(&mut rows, &mut out)
                    .expect("render to memory");
            });
        });
        outputs.push(out);
    }
    assert!(outputs[0] == outputs[1], "2 threads stream other bytes");
    group.finish();
}

fn main() {
    on_big_stack(|| {
        let mut criterion = Criterion::default().configure_from_args();
        binary_tree(&mut criterion);
        backtrack(&mut criterion);
        streamed(&mut criterion);
        chunked(&mut criterion);
        criterion.final_summary();
    });
}
