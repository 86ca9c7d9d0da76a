//! Generation speed on every shape: each graph algorithm at about a million cells on the
//! rectangle (1000x1000), a masked rectangle (a disc of 1000x1000 with its corners off), hexagons
//! (1000x1000), triangles (1000x1000) and rings (565 rings, 1,003,669 cells), so one shape's
//! cost is read against the rectangle's in the same run.

use criterion::{BenchmarkId, Criterion, Throughput};
use mazegen::algorithms::{Generator, catalogue};
use mazegen::grid::Grid;
use mazegen::rng::rng_from_seed;
use mazegen::topology::{Hex, Mask, Masked, Polar, Shape, Triangle};
use std::hint::black_box;
use std::time::Duration;

/// Width and height in cells of the measured shapes.
const SIDE: u32 = 1000;

/// The fixed seed of every measured maze.
const SEED: u64 = 7;

/// A disc inside the `SIDE x SIDE` square: about 79% of its cells.
fn disc() -> Mask {
    let r = f64::from(SIDE) / 2.0;
    let on = (0..SIDE * SIDE)
        .map(|i| {
            let (x, y) = (f64::from(i % SIDE) + 0.5 - r, f64::from(i / SIDE) + 0.5 - r);
            x * x + y * y <= r * r
        })
        .collect();
    Mask::new(SIDE, SIDE, on).unwrap()
}

fn shapes() -> Vec<Shape> {
    vec![
        Shape::Rect(Grid::new(SIDE, SIDE).unwrap()),
        Shape::Masked(Masked::new(disc()).unwrap()),
        Shape::Hex(Hex::new(SIDE, SIDE).unwrap()),
        Shape::Triangle(Triangle::new(SIDE, SIDE).unwrap()),
        Shape::Polar(Polar::new(565).unwrap()),
    ]
}

fn bench_shapes(c: &mut Criterion) {
    let mut group = c.benchmark_group("shapes");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    let shapes = shapes();
    for generator in catalogue().iter().filter(|g| g.carves_shapes()) {
        for blank in &shapes {
            group.throughput(Throughput::Elements(blank.cell_count() as u64));
            let id = BenchmarkId::new(generator.name(), blank.name());
            group.bench_function(id, |b| {
                b.iter_batched_ref(
                    || blank.clone(),
                    |maze| carve(generator.as_ref(), maze),
                    criterion::BatchSize::LargeInput,
                );
            });
        }
    }
    group.finish();
}

fn carve(generator: &dyn Generator, maze: &mut Shape) {
    generator
        .carve_shape(black_box(maze), &mut rng_from_seed(SEED))
        .unwrap();
}

criterion::criterion_group!(benches, bench_shapes);
criterion::criterion_main!(benches);
