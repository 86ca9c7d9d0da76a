//! Rendering speed: the `term` (color on, no heat map), `json` (no stats) and `text` renderers
//! on one 1000x1000-cell (2001x2001-tile) backtrack maze, generated once with a fixed seed
//! outside the timing.
//!
//! Output goes into one reused `Vec<u8>`, cleared before each iteration and sized by a first
//! render so it never grows while timed: this counts the copy into memory that the binary's
//! `BufWriter` also pays, but no system call. Throughput is the output size in bytes.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use mazegen::Maze;
use mazegen::algorithms::Backtrack;
use mazegen::render::{Json, Render, Term, Text};
use std::time::Duration;

/// The seed of the rendered maze.
const SEED: u64 = 42;

/// Width and height of the rendered maze in cells.
const SIDE: u32 = 1000;

fn render(c: &mut Criterion) {
    let maze = Maze::generate(&Backtrack::default(), SIDE, SIDE, SEED).expect("valid size");
    let renderers: [(&str, &dyn Render); 3] = [
        (
            "term",
            &Term {
                color: true,
                ..Term::default()
            },
        ),
        ("json", &Json::default()),
        ("text", &Text),
    ];
    let mut group = c.benchmark_group("render");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(8));
    for (name, renderer) in renderers {
        let mut out = Vec::new();
        renderer.render(&maze, &mut out).expect("render to memory");
        group.throughput(Throughput::Bytes(out.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                renderer.render(&maze, &mut out).expect("render to memory");
            });
        });
    }
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
