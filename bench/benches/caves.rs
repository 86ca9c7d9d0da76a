//! Cave speed: `CaveMap::generate` (fill, automaton, caverns, tunnels) at 100x100 and
//! 1000x1000 tiles with the defaults, and at 1000x1000 with 0.55 fill and 100 locks among its
//! thousands of caverns.
//!
//! The peer is JavaScript: `bench/rotjs_caves.mjs` times rot.js's `ROT.Map.Cellular` with the
//! same rule, steps and a `connect()` joining the regions (run it by hand: `(cd bench && npm
//! install)` first; CI needs no Node.js).

use criterion::{BenchmarkId, Criterion, SamplingMode};
use mazegen::Probability;
use mazegen::caves::{CaveMap, CaveOptions};
use std::hint::black_box;

/// The seed of every cave.
const SEED: u64 = 42;

fn caves(c: &mut Criterion) {
    let mut group = c.benchmark_group("caves");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    let locked = CaveOptions {
        width: 1000,
        height: 1000,
        fill: Probability::new(0.55).expect("a probability"),
        locks: 100,
        ..CaveOptions::default()
    };
    for (name, options) in [
        (
            "100x100",
            CaveOptions {
                width: 100,
                height: 100,
                ..CaveOptions::default()
            },
        ),
        (
            "1000x1000",
            CaveOptions {
                width: 1000,
                height: 1000,
                ..CaveOptions::default()
            },
        ),
        ("1000x1000-locks-100", locked),
    ] {
        group.bench_with_input(BenchmarkId::new("mazegen", name), &options, |b, options| {
            b.iter(|| CaveMap::generate(black_box(options), SEED).expect("a cave"));
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    caves(&mut criterion);
    criterion.final_summary();
}
