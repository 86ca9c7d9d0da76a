//! The integration tests: one test binary, a module per theme. Every `tests/*.rs` file is a
//! binary of its own, compiled and linked apart, so only `readme_pictures.rs` stays one: the
//! published crate leaves it out, with the `docs/` pictures it needs.
//!
//! `cargo test --test integration <module>` runs one theme (`snapshots`, `cli`, ...). Snapshots
//! live in `tests/snapshots/` (see `common::assert_snapshot!`), proptest's regressions in
//! `tests/proptest-regressions/<module>.txt` (its default beside a `main.rs`).
//!
//! `scratch` installs a counting global allocator for this whole binary; it only counts, per
//! thread, so the other tests run as they would without it.

mod common;

mod animation;
mod caves;
mod character;
mod cli;
mod contents;
mod dataset;
mod dataset_shapes;
mod docs;
mod events;
mod floors;
mod fuzz_corpus;
mod graph;
mod guides;
mod html;
mod labyrinths;
mod layers;
mod levels;
mod mask_tiles;
mod output;
mod pdf;
mod pictures;
mod pipeline;
mod player;
mod png;
mod properties;
mod python_package;
mod random_walls;
mod read_graph;
mod refusals;
mod render_levels;
mod research_formats;
mod rooms_cli;

mod rooms_dungeon_theme;
mod rooms_engines;
mod rooms_graph;
mod rooms_ldtk;
mod rooms_locks;
mod rooms_prefab;
mod rooms_properties;
mod rooms_schema;
mod rooms_snapshots;
mod rooms_statistics;
mod rooms_tiled;
mod rooms_uvtt;
mod schema;
mod schema_validators;
mod score;
mod scratch;
mod shape_events;
mod shape_openings;
mod shapes;
mod shortest_paths;
mod snapshots;
mod solutions;
mod solvers;
mod streaming;
mod suite;
mod terminal_shapes;
mod uniformity;
mod weave;
mod windows;
mod wrap;
