//! Generation speed of `aldous-broder`, `wilson`, `kruskal`, `prim` (true and `--simplified`) and
//! `backtrack --seeds K` at 1000x1000 cells, side by side with the same algorithms of the peer
//! crate `knossos` 1.2 where it has them (it has no Wilson, no parallel seeds and only the
//! simplified Prim).
//!
//! Every iteration does the whole job for both crates (allocate, seed with a fixed seed, carve;
//! freeing is left out), as in `generate.rs`. Throughput is in cells per second.
//!
//! Two knossos algorithms cannot run at 1000x1000 in reasonable time: its Kruskal is quadratic
//! (a union-find without balancing or path compression) and is timed at 100x100 and 200x200
//! against mazegen at the same sizes; the rest run at 1000x1000 with 10 samples. Untimed sanity
//! checks: mazegen's output is a perfect maze at the measured size; knossos's at 100x100 (its
//! validator, `is_valid`, takes minutes on large mazes).
//!
//! Aldous-Broder and Wilson are bound by their random walks: the number of steps for the bench
//! seed is printed before their groups, to turn the times into steps per second.

mod common;

use common::{SEED, knossos_generate, mazegen_generate, run_on_big_stack};
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};
use knossos::maze::Algorithm;
use mazegen::algorithms::{AldousBroder, Backtrack, Generator, Kruskal, Prim, Wilson};
use mazegen::grid::{Grid, check_perfect};
use mazegen::rng::{MazeRng, rng_from_seed};
use std::hint::black_box;
use std::num::NonZeroU32;
use std::time::Duration;

/// The size every algorithm is measured at, in cells per side.
const LARGE: usize = 1000;

/// Sets the sampling for mazes of `side x side` cells: 10 flat samples for big ones.
fn configure(group: &mut BenchmarkGroup<'_, WallTime>, side: usize) {
    if side >= 200 {
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .measurement_time(Duration::from_secs(8));
    } else {
        group
            .sample_size(20)
            .sampling_mode(SamplingMode::Auto)
            .measurement_time(Duration::from_secs(3));
    }
    group.throughput(Throughput::Elements((side * side) as u64));
}

/// Times mazegen's `generator` at `side x side` cells, as `label/SIDExSIDE`.
fn time_mazegen(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    generator: &dyn Generator,
    side: usize,
) {
    assert_eq!(check_perfect(&mazegen_generate(generator, side)), Ok(()));
    configure(group, side);
    group.bench_function(format!("{label}/{side}x{side}"), |b| {
        b.iter_with_large_drop(|| mazegen_generate(generator, black_box(side)));
    });
}

/// Times knossos's `algorithm` at `side x side` cells, as `knossos/SIDExSIDE`.
fn time_knossos(
    group: &mut BenchmarkGroup<'_, WallTime>,
    algorithm: fn() -> Box<dyn Algorithm>,
    side: usize,
) {
    assert!(knossos_generate(algorithm(), 100).is_valid());
    configure(group, side);
    group.bench_function(format!("knossos/{side}x{side}"), |b| {
        b.iter_with_large_drop(|| knossos_generate(algorithm(), black_box(side)));
    });
}

/// Prints how many random-walk steps `walk` takes for the bench seed at `LARGE` cells.
fn report_steps(name: &str, walk: fn(&mut Grid, &mut MazeRng) -> mazegen::Result<u64>) {
    let mut grid = Grid::new(LARGE as u32, LARGE as u32).expect("valid size");
    let steps = walk(&mut grid, &mut rng_from_seed(SEED)).expect("carving succeeds");
    let per_cell = steps as f64 / (LARGE * LARGE) as f64;
    eprintln!(
        "{name} {LARGE}x{LARGE}, seed {SEED}: {steps} random-walk steps ({per_cell:.1} per cell)"
    );
}

fn aldous_broder(c: &mut Criterion) {
    report_steps("aldous-broder", |grid, rng| {
        AldousBroder.carve_counting_steps(grid, rng)
    });
    let mut group = c.benchmark_group("aldous-broder");
    time_mazegen(&mut group, "mazegen", &AldousBroder, LARGE);
    time_knossos(&mut group, || Box::new(knossos::maze::AldousBroder), LARGE);
    group.finish();
}

fn wilson(c: &mut Criterion) {
    report_steps("wilson", |grid, rng| Wilson.carve_counting_steps(grid, rng));
    let mut group = c.benchmark_group("wilson");
    time_mazegen(&mut group, "mazegen", &Wilson, LARGE);
    group.finish();
}

fn kruskal(c: &mut Criterion) {
    let mut group = c.benchmark_group("kruskal");
    for side in [100, 200, LARGE] {
        time_mazegen(&mut group, "mazegen", &Kruskal, side);
    }
    for side in [100, 200] {
        time_knossos(&mut group, || Box::new(knossos::maze::Kruskal), side);
    }
    group.finish();
}

fn prim(c: &mut Criterion) {
    let mut group = c.benchmark_group("prim");
    time_mazegen(&mut group, "mazegen-true", &Prim::default(), LARGE);
    time_mazegen(
        &mut group,
        "mazegen-simplified",
        &Prim { simplified: true },
        LARGE,
    );
    time_knossos(&mut group, || Box::new(knossos::maze::Prim::new()), LARGE);
    group.finish();
}

fn backtrack_seeds(c: &mut Criterion) {
    let mut group = c.benchmark_group("backtrack-seeds");
    for seeds in [1, 3, 1000, (LARGE * LARGE) as u32] {
        let backtrack = Backtrack {
            seeds: NonZeroU32::new(seeds).expect("at least one seed"),
            ..Backtrack::default()
        };
        time_mazegen(&mut group, &format!("mazegen-{seeds}"), &backtrack, LARGE);
    }
    group.finish();
}

fn main() {
    run_on_big_stack(&[aldous_broder, wilson, kruskal, prim, backtrack_seeds]);
}
