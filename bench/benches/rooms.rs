//! Room-graph speed: `RoomMap::generate` without a map (a random spanning tree plus extra edges
//! by geometric skipping, default p = ln(n)/n) at 10^3 to 10^6 rooms; the analysis (farthest
//! pair, depths) separately; and a laid-out Delaunay map (placement, triangulation, tree,
//! extras, routed corridors), also without its corridors (`unrouted`), which shows what routing
//! costs.
//!
//! The peer is Python: `bench/networkx_rooms.py` times networkx's `fast_gnp_random_graph`
//! plus a random spanning tree at the same n and p (run it by hand; CI does not need Python).

use criterion::{BatchSize, BenchmarkId, Criterion, SamplingMode, Throughput};
use mazegen::level::Level;
use mazegen::rooms::{Candidates, MazeFill, RoomMap, RoomOptions};
use std::hint::black_box;
use std::time::Duration;

/// The seed of every generated map.
const SEED: u64 = 42;

/// Room counts, with the criterion sample count used for each.
const COUNTS: [(u32, usize); 4] = [(1_000, 100), (10_000, 50), (100_000, 10), (1_000_000, 10)];

fn graph_options(count: u32) -> RoomOptions {
    RoomOptions {
        count,
        map: false,
        ..RoomOptions::default()
    }
}

fn configure(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    samples: usize,
) {
    group.sample_size(samples);
    if samples < 100 {
        // Few, long iterations: flat sampling keeps the run short.
        group.sampling_mode(SamplingMode::Flat);
        group.measurement_time(Duration::from_secs(10));
    }
}

fn graph(c: &mut Criterion) {
    let mut group = c.benchmark_group("rooms-graph");
    for (count, samples) in COUNTS {
        configure(&mut group, samples);
        group.throughput(Throughput::Elements(u64::from(count)));
        group.bench_with_input(BenchmarkId::new("mazegen", count), &count, |b, &count| {
            b.iter_with_large_drop(|| {
                RoomMap::generate(&graph_options(black_box(count)), SEED).expect("valid options")
            });
        });
    }
    group.finish();
}

fn analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("rooms-analysis");
    for (count, samples) in COUNTS {
        configure(&mut group, samples);
        group.throughput(Throughput::Elements(u64::from(count)));
        let map = RoomMap::generate(&graph_options(count), SEED).expect("valid options");
        group.bench_with_input(BenchmarkId::new("mazegen", count), &map, |b, map| {
            // A fresh copy each time: the analysis is computed once per map.
            b.iter_batched(
                || map.clone(),
                |map| {
                    map.analysis();
                    map
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn delaunay_map(c: &mut Criterion) {
    let mut group = c.benchmark_group("rooms-delaunay-map");
    for (count, samples) in [(1_000u32, 50usize), (100_000, 10)] {
        configure(&mut group, samples);
        group.throughput(Throughput::Elements(u64::from(count)));
        let options = RoomOptions {
            count,
            candidates: Candidates::Delaunay,
            ..RoomOptions::default()
        };
        let unrouted = RoomOptions {
            corridors: false,
            ..options.clone()
        };
        let maze = RoomOptions {
            maze: Some(MazeFill::default()),
            ..options.clone()
        };
        for (name, options) in [("mazegen", options), ("unrouted", unrouted), ("maze", maze)] {
            group.bench_with_input(BenchmarkId::new(name, count), &options, |b, options| {
                b.iter_with_large_drop(|| RoomMap::generate(options, SEED).expect("valid options"));
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    graph(&mut criterion);
    analysis(&mut criterion);
    delaunay_map(&mut criterion);
    criterion.final_summary();
}
