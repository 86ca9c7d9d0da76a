//! Datasets as arrays: 20,000 backtracker mazes of 10x10 cells, solved, every array of `npz`
//! (tiles, connections, seeds, ends, solutions, offsets) on 2 threads, filled in place
//! (`Arrays::fill`, what `mazegen.dataset` and `--format npz` do), beside `gathered/...`: each
//! maze drawn into pieces of its own on its thread and gathered in order (`ArrayPiece`,
//! `Arrays::push`, as both did before), in the same process. Throughput is in mazes.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use mazegen::algorithms::Backtrack;
use mazegen::dataset::DatasetSpec;
use mazegen::maze::{Blank, Finish, MazeSpec};
use mazegen::render::{ArrayPiece, Arrays, Npz};
use std::time::Duration;

/// Mazes a run makes.
const COUNT: u64 = 20_000;

fn spec(solve: bool) -> DatasetSpec {
    DatasetSpec {
        maze: MazeSpec {
            generator: Box::new(Backtrack::default()),
            blank: Blank::Rect {
                width: 10,
                height: 10,
            },
            finish: Finish {
                solve,
                ..Finish::default()
            },
        },
        seed: 1,
        count: COUNT,
        slots: 0..COUNT,
        single: false,
        jobs: 2,
        unique: false,
        bounds: Vec::new(),
    }
}

/// The arrays as they were made before: a piece a maze, gathered in index order.
fn gathered(spec: &DatasetSpec) -> Arrays {
    let mut arrays = Arrays::reserve(&spec.maze.blank, COUNT, Npz::PARTS).expect("fits");
    let run = spec.run(|maze| ArrayPiece::of(&maze, Npz::PARTS).map_err(mazegen::Error::from));
    for made in run {
        let made = made.expect("made");
        arrays.push(made.seed, made.value);
    }
    arrays
}

fn dataset(c: &mut Criterion) {
    let mut group = c.benchmark_group("dataset");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(COUNT));
    for (name, solve) in [("solved", true), ("unsolved", false)] {
        let spec = spec(solve);
        // The same bytes both ways.
        let (a, b) = (
            gathered(&spec),
            Arrays::fill(&spec, Npz::PARTS, |_| ()).expect("fills"),
        );
        assert!(
            a.arrays()
                .iter()
                .zip(b.arrays())
                .all(|(a, b)| a.bytes == b.bytes)
        );
        group.bench_function(format!("in-place/{name}"), |b| {
            b.iter(|| Arrays::fill(&spec, Npz::PARTS, |_| ()).expect("fills"))
        });
        group.bench_function(format!("gathered/{name}"), |b| b.iter(|| gathered(&spec)));
    }
    group.finish();
}

criterion_group!(benches, dataset);
criterion_main!(benches);
