//! The measured character of every maze algorithm, as the markdown table of docs/terminal-and-scripts.md shows.
//!
//! ```sh
//! cargo run --release --example character
//! ```
//!
//! For each generator of [`catalogue`] (plus the options that change the character: the other
//! growing-tree picks, simplified Prim, a hundred backtracking seeds) it prints shape
//! statistics pooled over `SEEDS` seeded mazes of `SIDE`x`SIDE` cells, and the median wall-clock
//! time of `TIMED_RUNS` generations of a `TIMED_SIDE`x`TIMED_SIDE`-cell maze (allocation
//! included). Seeds are fixed, so the statistics are exactly reproducible; the times are not.

use mazegen::Maze;
use mazegen::algorithms::{Backtrack, Generator, GrowingTree, Pick, Prim, Probability, catalogue};
use mazegen::analysis::Stats;
use std::num::NonZeroU32;
use std::time::{Duration, Instant};

/// Width and height in cells of the measured mazes.
const SIDE: u32 = 100;
/// Seeds `0..SEEDS` are measured per generator.
const SEEDS: u64 = 100;
/// Width and height in cells of the timed mazes.
const TIMED_SIDE: u32 = 1000;
/// Timed generations per generator; the median is reported.
const TIMED_RUNS: usize = 5;

fn main() {
    if cfg!(debug_assertions) {
        eprintln!("warning: a debug build; times mean little (use --release)");
    }
    let mixed = Probability::new(0.5).expect("0.5 is a probability");
    let mut rows: Vec<(String, Box<dyn Generator + Send + Sync>)> = catalogue()
        .into_iter()
        .map(|generator| (format!("`{}`", generator.name()), generator))
        .collect();
    for pick in [Pick::Random, Pick::Oldest, Pick::Mixed(mixed)] {
        rows.push((
            format!("`growing-tree --pick {pick}`"),
            Box::new(GrowingTree { pick }),
        ));
    }
    rows.push((
        "`prim --simplified`".into(),
        Box::new(Prim { simplified: true }),
    ));
    let seeds = NonZeroU32::new(100).expect("100 is not 0");
    rows.push((
        format!("`backtrack --walkers {seeds}`"),
        Box::new(Backtrack {
            seeds,
            ..Backtrack::default()
        }),
    ));
    println!(
        "| algorithm | dead ends | junctions | straight run | straight wall | horizontal | ms per {TIMED_SIDE}x{TIMED_SIDE} |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (label, generator) in rows {
        let stats: Stats = (0..SEEDS)
            .map(|seed| Stats::measure(generate(generator.as_ref(), SIDE, seed).grid().unwrap()))
            .sum();
        println!(
            "| {label} | {:.1}% | {:.1}% | {:.2} | {:.2} | {:.1}% | {:.1} |",
            100.0 * stats.dead_end_fraction(),
            100.0 * stats.junction_fraction(),
            stats.mean_straight_run(),
            stats.mean_straight_wall(),
            100.0 * stats.horizontal_fraction(),
            median_time(generator.as_ref()).as_secs_f64() * 1e3,
        );
    }
}

fn generate(generator: &dyn Generator, side: u32, seed: u64) -> Maze {
    Maze::builder()
        .generator(generator.boxed())
        .cells(side, side)
        .seed(seed)
        .build()
        .expect("a valid size")
}

/// The median time of [`TIMED_RUNS`] generations of a [`TIMED_SIDE`]-cell square maze.
fn median_time(generator: &dyn Generator) -> Duration {
    let mut times: Vec<Duration> = (0..TIMED_RUNS as u64)
        .map(|seed| {
            let start = Instant::now();
            let maze = generate(generator, TIMED_SIDE, seed);
            let elapsed = start.elapsed();
            drop(maze);
            elapsed
        })
        .collect();
    times.sort();
    times[TIMED_RUNS / 2]
}
