//! Generation speed of every maze algorithm at 1000x1000 cells, side by side with the same
//! algorithm of the peer crate `knossos` 1.2, measured in the same run.
//!
//! The algorithms are `mazegen::algorithms::catalogue()` (default options) plus the other
//! options worth timing (growing-tree's picks, simplified Prim, backtrack with parallel seeds),
//! so a new algorithm is benched by being added to the catalogue; its knossos counterpart, if
//! knossos has one, is named in [`counterpart`]. knossos has no Wilson and no parallel seeds,
//! and its only Prim is the simplified one, which both of mazegen's Prims are compared with.
//!
//! Every measured iteration does the whole job for both crates, as in `generate.rs`: allocate
//! the grid, seed the rng with a fixed seed, carve; freeing the result is left out.
//!
//! Some knossos algorithms are too slow at 1000x1000 to measure alone. Its growing tree takes
//! cells out of the middle of a `Vec` (O(active cells) each) for its random, oldest and mixed
//! picks; with the mixed pick that takes about 6 s per 1000x1000 maze. Its Aldous-Broder takes
//! about 5 s and its Prim 2 to 5 s. Those pairs are measured at `SMALL_SIDE` too. Its Kruskal is
//! quadratic (a union-find without balancing or path compression): 30 to 120 ms at 100x100 and
//! about a second at 200x200, so 8 to 20 minutes at 1000x1000 by extrapolation; that pair is
//! measured at 100x100 and 200x200, and mazegen at 1000x1000 as well.
//!
//! Aldous-Broder and Wilson are bound by their random walks: the number of steps each takes for
//! the bench seed at 1000x1000 is printed first, to turn their times into steps per second.

mod common;

use common::{SEED, knossos_generate, mazegen_generate, on_big_stack};
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use knossos::maze::{Algorithm, Method};
use mazegen::algorithms::{
    AldousBroder, Backtrack, Generator, GrowingTree, Pick, Prim, Probability, Wilson, catalogue,
};
use mazegen::grid::Grid;
use mazegen::rng::rng_from_seed;
use mazegen::topology::check_perfect;
use std::hint::black_box;
use std::num::NonZeroU32;
use std::time::Duration;

/// Width and height in cells of the measured mazes.
const SIDE: usize = 1000;

/// The smaller size at which pairs whose knossos side is too slow at [`SIDE`] are measured too.
const SMALL_SIDE: usize = 300;

/// A knossos algorithm and the sides it is measured at (mazegen is measured at the same sides
/// and at [`SIDE`]).
struct Counterpart {
    make: fn() -> Box<dyn Algorithm>,
    sides: &'static [usize],
}

/// knossos's version of `generator`, if it has one.
fn counterpart(generator: &dyn Generator) -> Option<Counterpart> {
    let fast = |make| {
        Some(Counterpart {
            make,
            sides: &[SIDE],
        })
    };
    let slow = |make| {
        Some(Counterpart {
            make,
            sides: &[SMALL_SIDE, SIDE],
        })
    };
    let quadratic = |make| {
        Some(Counterpart {
            make,
            sides: &[100, 200],
        })
    };
    let params = generator.params();
    if parallel_seeds(&params).is_some() {
        return None; // knossos has no parallel seeds
    }
    match (generator.name(), params["pick"].as_str()) {
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
        ("aldous-broder", _) => slow(|| Box::new(knossos::maze::AldousBroder)),
        ("kruskal", _) => quadratic(|| Box::new(knossos::maze::Kruskal)),
        ("prim", _) => slow(|| Box::new(knossos::maze::Prim::new())),
        _ => None,
    }
}

fn growing_tree(method: Method) -> Box<dyn Algorithm> {
    Box::new(knossos::maze::GrowingTree::new(method))
}

/// The measured generators: the catalogue, then growing-tree's other picks, simplified Prim,
/// and backtrack with 3 and 1000 seeds and with one seed per cell.
fn generators() -> Vec<Box<dyn Generator + Send + Sync>> {
    let mut all = catalogue();
    let half = Probability::new(0.5).expect("0.5 is a probability");
    for pick in [Pick::Random, Pick::Oldest, Pick::Mixed(half)] {
        all.push(Box::new(GrowingTree { pick }));
    }
    all.push(Box::new(Prim { simplified: true }));
    for seeds in [3, 1000, (SIDE * SIDE) as u32] {
        let seeds = NonZeroU32::new(seeds).expect("at least one seed");
        all.push(Box::new(Backtrack {
            seeds,
            ..Backtrack::default()
        }));
    }
    all
}

/// The group name: the algorithm, then the options that set it apart from the default.
fn group_name(generator: &dyn Generator) -> String {
    let params = generator.params();
    let mut name = generator.name().to_string();
    if let Some(pick) = params["pick"].as_str() {
        name = format!("{name}-{}", pick.replace(':', "-"));
    }
    if params["simplified"] == true {
        name.push_str("-simplified");
    }
    if let Some(seeds) = parallel_seeds(&params) {
        name = format!("{name}-seeds-{seeds}");
    }
    name
}

/// How many walkers a backtracker with parallel seeds runs; `None` for one walker or another
/// algorithm.
fn parallel_seeds(params: &serde_json::Value) -> Option<u64> {
    params["seeds"].as_u64().filter(|&seeds| seeds > 1)
}

/// Prints how many random-walk steps Aldous-Broder and Wilson take for the bench seed.
fn report_walk_steps() {
    let fresh = || Grid::new(SIDE as u32, SIDE as u32).expect("valid size");
    let walks = [
        (
            "aldous-broder",
            AldousBroder.carve_counting_steps(&mut fresh(), &mut rng_from_seed(SEED)),
        ),
        (
            "wilson",
            Wilson.carve_counting_steps(&mut fresh(), &mut rng_from_seed(SEED)),
        ),
    ];
    for (name, steps) in walks {
        let steps = steps.expect("carving succeeds");
        let per_cell = steps as f64 / (SIDE * SIDE) as f64;
        eprintln!(
            "{name} {SIDE}x{SIDE}, seed {SEED}: {steps} random-walk steps ({per_cell:.1} per cell)"
        );
    }
}

/// One group per generator: mazegen and knossos at the counterpart's sides, mazegen at [`SIDE`]
/// too.
fn bench_generator(c: &mut Criterion, generator: &dyn Generator) {
    let peer = counterpart(generator);
    // Sanity, untimed: both sides really produce perfect mazes (knossos's check takes minutes
    // on big mazes, so it runs at 100x100).
    assert_eq!(check_perfect(&mazegen_generate(generator, SIDE)), Ok(()));
    if let Some(peer) = &peer {
        assert!(knossos_generate((peer.make)(), 100).is_valid());
    }
    let mut group = c.benchmark_group(group_name(generator));
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let peer_sides = peer.as_ref().map_or(&[][..], |peer| peer.sides);
    let mut sides = peer_sides.to_vec();
    if !sides.contains(&SIDE) {
        sides.push(SIDE);
    }
    for side in sides {
        group.throughput(Throughput::Elements((side * side) as u64));
        let size = format!("{side}x{side}");
        group.bench_with_input(BenchmarkId::new("mazegen", &size), &side, |b, &side| {
            b.iter_with_large_drop(|| mazegen_generate(generator, black_box(side)));
        });
        if let Some(peer) = peer.as_ref().filter(|_| peer_sides.contains(&side)) {
            group.bench_with_input(BenchmarkId::new("knossos", &size), &side, |b, &side| {
                b.iter_with_large_drop(|| knossos_generate((peer.make)(), black_box(side)));
            });
        }
    }
    group.finish();
}

fn main() {
    on_big_stack(|| {
        report_walk_steps();
        let mut criterion = Criterion::default().configure_from_args();
        for generator in generators() {
            bench_generator(&mut criterion, generator.as_ref());
        }
        criterion.final_summary();
    });
}
