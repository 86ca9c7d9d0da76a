//! Lays out every designer's graph in `examples/graphs/` from 100 seeds and prints, per graph,
//! how many layouts succeeded and the median time of one:
//!
//! ```console
//! $ cargo run --release --example graph_layouts
//! ```

use mazegen::read::{GraphFormat, read_design};
use mazegen::rooms::{RoomMap, RoomSize};
use std::time::Instant;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/graphs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples/graphs")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    files.sort();
    let seeds = 100;
    println!("| graph | rooms | edges | laid out | median ms | slowest ms |");
    println!("|---|---:|---:|---:|---:|---:|");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(format) = GraphFormat::from_extension(&name) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("a graph");
        let design = read_design(&text, format, &name).expect("a graph that reads");
        let mut times = Vec::new();
        let mut laid = 0;
        for seed in 0..seeds {
            let start = Instant::now();
            let map = RoomMap::from_design(&design, RoomSize::new(3, 8).unwrap(), seed);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            match map {
                Ok(_) => laid += 1,
                Err(error) => eprintln!("{name} seed {seed}: {error}"),
            }
        }
        times.sort_by(f64::total_cmp);
        println!(
            "| {name} | {} | {} | {laid}/{seeds} | {:.2} | {:.2} |",
            design.rooms.len(),
            design.edges.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
