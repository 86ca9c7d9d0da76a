//! Generation speed of every maze algorithm at 1000x1000 cells, side by side with the same
//! algorithm of the peer crate `knossos` 1.2, measured in the same run.
//!
//! The algorithms are `mazegen::algorithms::catalogue()` (default options) plus growing-tree's
//! other picks, so a new algorithm is benched by being added to the catalogue; its knossos
//! counterpart, if knossos has one, is named in [`counterpart`].
//!
//! Every measured iteration does the whole job for both crates, as in `generate.rs`: allocate
//! the grid, seed the rng with a fixed seed, carve; freeing the result is left out.
//!
//! knossos's growing tree takes cells out of the middle of a `Vec` (O(active cells) each) for
//! its random, oldest and mixed picks; with the mixed pick that takes about 6 s per 1000x1000
//! maze, so that pair is measured at `SMALL_SIDE` too.

mod common;

use common::{knossos_generate, mazegen_generate, run_on_big_stack};
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use knossos::maze::{Algorithm, Method};
use mazegen::algorithms::{Generator, GrowingTree, Pick, Probability, catalogue};
use mazegen::grid::check_perfect;
use std::hint::black_box;
use std::time::Duration;

/// Width and height in cells of the measured mazes.
const SIDE: usize = 1000;

/// The smaller size at which pairs whose knossos side is too slow at [`SIDE`] are measured too.
const SMALL_SIDE: usize = 300;

/// A knossos algorithm, and whether it is too slow to measure at [`SIDE`] alone.
struct Counterpart {
    make: fn() -> Box<dyn Algorithm>,
    slow: bool,
}

/// knossos's version of `generator`, if it has one.
fn counterpart(generator: &dyn Generator) -> Option<Counterpart> {
    let fast = |make| Some(Counterpart { make, slow: false });
    let slow = |make| Some(Counterpart { make, slow: true });
    match (generator.name(), generator.params()["pick"].as_str()) {
        ("binary-tree", _) => fast(|| {
            Box::new(knossos::maze::BinaryTree::new(
                knossos::maze::Bias::SouthEast,
            ))
        }),
        ("backtrack", _) => fast(|| Box::new(knossos::maze::RecursiveBacktracking)),
        ("sidewinder", _) => fast(|| Box::new(knossos::maze::Sidewinder)),
        ("eller", _) => fast(|| Box::new(knossos::maze::Eller)),
        ("hunt-and-kill", _) => fast(|| Box::new(knossos::maze::HuntAndKill::new())),
        ("recursive-division", _) => fast(|| Box::new(knossos::maze::RecursiveDivision)),
        ("growing-tree", Some("newest")) => fast(|| growing_tree(Method::Newest)),
        ("growing-tree", Some("random")) => fast(|| growing_tree(Method::Random)),
        ("growing-tree", Some("oldest")) => fast(|| growing_tree(Method::Oldest)),
        ("growing-tree", Some("mixed:0.5")) => slow(|| growing_tree(Method::Newest50Random50)),
        _ => None,
    }
}

fn growing_tree(method: Method) -> Box<dyn Algorithm> {
    Box::new(knossos::maze::GrowingTree::new(method))
}

/// The measured generators: the catalogue, then growing-tree's other picks.
fn generators() -> Vec<Box<dyn Generator>> {
    let mut all = catalogue();
    let half = Probability::new(0.5).expect("0.5 is a probability");
    for pick in [Pick::Random, Pick::Oldest, Pick::Mixed(half)] {
        all.push(Box::new(GrowingTree { pick }));
    }
    all
}

/// One group per generator: mazegen and knossos at [`SIDE`] (and [`SMALL_SIDE`] when slow).
fn bench_generator(c: &mut Criterion, generator: &dyn Generator) {
    let peer = counterpart(generator);
    // Sanity, untimed: both sides really produce perfect mazes.
    assert_eq!(check_perfect(&mazegen_generate(generator, 100)), Ok(()));
    if let Some(peer) = &peer {
        assert!(knossos_generate((peer.make)(), 100).is_valid());
    }
    let mut name = generator.name().to_string();
    if let Some(pick) = generator.params()["pick"].as_str() {
        name = format!("{name}-{}", pick.replace(':', "-"));
    }
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let small = peer.as_ref().is_some_and(|peer| peer.slow);
    let sides = if small {
        &[SMALL_SIDE, SIDE][..]
    } else {
        &[SIDE][..]
    };
    for &side in sides {
        group.throughput(Throughput::Elements((side * side) as u64));
        let size = format!("{side}x{side}");
        group.bench_with_input(BenchmarkId::new("mazegen", &size), &side, |b, &side| {
            b.iter_with_large_drop(|| mazegen_generate(generator, black_box(side)));
        });
        if let Some(peer) = &peer {
            group.bench_with_input(BenchmarkId::new("knossos", &size), &side, |b, &side| {
                b.iter_with_large_drop(|| knossos_generate((peer.make)(), black_box(side)));
            });
        }
    }
    group.finish();
}

fn main() {
    run_on_big_stack(&[every_generator]);
}

/// Benches every generator of [`generators`].
fn every_generator(criterion: &mut Criterion) {
    for generator in generators() {
        bench_generator(criterion, generator.as_ref());
    }
}
