//! `--format events` on every shape: cells named by id and sides by number, a header that
//! names the shape, and a stream that replays into exactly the generated maze.

use crate::common::{
    Scratch, assert_refused, assert_snapshot, generators, label, scratch_dir, stdout_of,
};
use crate::shapes::shape;
use mazegen::MazeError;
use mazegen::events::{Event, ShapeEvent};
use mazegen::grid::Grid;
use mazegen::maze::{Carved, EventsHeader, replay_shape};
use mazegen::read::read_graph;
use mazegen::rng::rng_from_seed;
use mazegen::topology::{Hex, Shape};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn replaying_a_shapes_events_rebuilds_its_maze(
        kind in 0u8..12,
        width in 1u32..12,
        height in 1u32..10,
        holes in prop::collection::vec(prop::bool::weighted(0.3), 1..40),
        seed in any::<u64>(),
    ) {
        let blank = shape(kind, width, height, &holes);
        // The row algorithms carve the rectangle, and report on it as a shape too.
        let carving = generators().into_iter().filter(|g| g.carves_shapes() || kind == 4);
        for generator in carving {
            let name = label(generator.as_ref());
            let mut quiet = blank.clone();
            generator.carve_shape(&mut quiet, &mut rng_from_seed(seed)).unwrap();
            let mut watched = blank.clone();
            let mut events: Vec<ShapeEvent> = Vec::new();
            generator
                .carve_shape_observed(&mut watched, &mut rng_from_seed(seed), &mut events)
                .unwrap();
            prop_assert_eq!(&watched, &quiet, "{} changed under observation", name);
            prop_assert_eq!(&replay_shape(blank.clone(), events.iter().copied()).unwrap(), &quiet, "{}", name);
            // Walkers enter and leave each cell as often; every cell named is a cell.
            let entered = events.iter().filter(|e| matches!(e, Event::Enter { .. })).count();
            let left = events.iter().filter(|e| matches!(e, Event::Leave { .. })).count();
            prop_assert_eq!(entered, left, "{}", name);
            let cells = blank.cell_count() as u32;
            for event in &events {
                let named = match *event {
                    Event::Enter { cell } | Event::Leave { cell } | Event::Claim { cell, .. } => cell,
                    Event::Carve { cell, .. } | Event::Wall { cell, .. } => cell,
                    Event::OpenField => 0,
                };
                prop_assert!(named < cells, "{}: {:?}", name, event);
            }
            // Written as JSON and read back, they are the same events.
            let lines: Vec<String> = events.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
            let read: Vec<ShapeEvent> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
            prop_assert_eq!(read, events);
        }
    }
}

/// Each shape, named, as maze options; the mask written into `dir`.
fn shapes(dir: &Scratch) -> Vec<(&'static str, Vec<String>)> {
    let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let mask = dir
        .write("shapes.txt", "X...X\n.....\n..X..\n.X...\n")
        .display()
        .to_string();
    vec![
        ("hex", args("--shape hex --cells 4x3")),
        ("triangle", args("--shape triangle --cells 5x2")),
        ("polar", args("--shape polar --rings 3")),
        ("mask", vec!["--mask".into(), mask]),
    ]
}

/// The header and the events of a stream.
fn parsed(stream: &str) -> (EventsHeader, Vec<ShapeEvent>) {
    let mut lines = stream.lines();
    let header = serde_json::from_str(lines.next().unwrap()).unwrap();
    let events = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    (header, events)
}

#[test]
fn every_shapes_stream_replays_into_its_graph_document() {
    let dir = scratch_dir("shape-events-replays");
    for (name, shape) in shapes(&dir) {
        for algorithm in mazegen::algorithms::GRAPH_ALGORITHMS {
            let run = |format: &str| {
                let mut args = vec![algorithm, "--seed", "6", "--format", format];
                args.extend(shape.iter().map(String::as_str));
                stdout_of(&args)
            };
            let (header, events) = parsed(&run("events"));
            assert_eq!(header.schema, "mazegen.events/v1");
            assert_eq!((header.algorithm.as_str(), header.seed), (algorithm, 6));
            let maze = read_graph(run("graph").as_bytes()).unwrap();
            assert_eq!(header.carved, Carved::of(maze.shape()), "{name}");
            let replayed = replay_shape(header.carved.blank().unwrap(), events).unwrap();
            assert_eq!(&replayed, maze.shape(), "{algorithm} {name}");
        }
    }
}

#[test]
fn snapshots_of_the_events_of_every_shape() {
    let dir = scratch_dir("shape-events-snapshots");
    for (name, shape) in shapes(&dir) {
        let mut args = vec!["backtrack", "--seed", "2", "--format", "events"];
        args.extend(shape.iter().map(String::as_str));
        assert_snapshot!(format!("{name}.events"), stdout_of(&args));
    }
    let kruskal = stdout_of(&[
        "kruskal", "--shape", "hex", "--cells", "3x2", "--seed", "2", "--format", "events",
    ]);
    assert_snapshot!("hex.kruskal.events", kruskal);
}

#[test]
fn headers_name_the_shape_and_read_back() {
    let stream = stdout_of(&[
        "wilson", "--shape", "polar", "--rings", "2", "--seed", "1", "--format", "events",
    ]);
    let header = stream.lines().next().unwrap();
    assert!(
        header.ends_with(r#""seed":1,"shape":{"kind":"polar","rings":2}}"#),
        "{header}"
    );
    // The rectangle's header keeps its width and height.
    let rect = stdout_of(&["wilson", "--size", "5", "--seed", "1", "--format", "events"]);
    let (header, _) = parsed(rect.lines().next().unwrap());
    assert_eq!(
        header.carved,
        Carved::Rect {
            width: 2,
            height: 2
        }
    );
    assert!(rect.starts_with("{\"schema\":\"mazegen.events/v1\","));
    assert!(
        rect.lines()
            .next()
            .unwrap()
            .ends_with(r#""seed":1,"width":2,"height":2}"#)
    );
}

#[test]
fn replaying_refuses_events_of_another_maze() {
    let blank = || Shape::Hex(Hex::new(3, 2).unwrap());
    let carve = |cell, dir| Event::Carve { cell, dir };
    assert_eq!(
        replay_shape(blank(), [carve(0, 3), carve(6, 0)]),
        Err(MazeError::InvalidEvent(
            "event 1: 6 is not a cell id; the ids run from 0 to 5".into()
        ))
    );
    assert_eq!(
        replay_shape(blank(), [carve(0, 0)]),
        Err(MazeError::InvalidEvent(
            "event 0: side 0 of cell 0 leads to no other cell".into()
        ))
    );
    assert_eq!(
        replay_shape(blank(), [carve(0, 9)]),
        Err(MazeError::InvalidEvent(
            "event 0: side 9 of cell 0 leads to no other cell".into()
        ))
    );
    // Walls and an open field replay too (recursive division on the rectangle as a shape).
    let mut field = Grid::new(3, 2).unwrap();
    field.open_field();
    let opened = replay_shape(Shape::Rect(Grid::new(3, 2).unwrap()), [Event::OpenField]);
    assert_eq!(opened, Ok(Shape::Rect(field)));
    let walled = replay_shape(blank(), [carve(0, 3), Event::Wall { cell: 3, dir: 0 }]);
    assert_eq!(walled, Ok(blank()));
    // A mask's rows must fit its size.
    let header = Carved::Shape {
        shape: mazegen::topology::ShapeSize::Mask {
            width: 3,
            height: 2,
        },
        mask: Some(vec!["...".into()]),
    };
    assert_eq!(
        header.blank(),
        Err(MazeError::InvalidShape(
            "the mask's rows are 3x1 cells, its shape 3x2".into()
        ))
    );
}

#[test]
fn events_on_shapes_refuse_what_happens_after_generation() {
    for flag in [
        &["--solve"][..],
        &["--braid", "0.5"],
        &["--openings"],
        &["--stats"],
    ] {
        let args = [
            &["backtrack", "--shape", "hex", "--format", "events"][..],
            flag,
        ]
        .concat();
        assert_refused(
            &args,
            &[&format!(
                "error: --format events records the generator's steps only; {} does not apply\n",
                flag[0]
            )],
        );
    }
    assert_refused(
        &["eller", "--shape", "triangle", "--format", "events"],
        &["eller only carves rectangles, not a triangle maze"],
    );
    assert_refused(
        &[
            "wilson", "--shape", "polar", "--jobs", "2", "--format", "events",
        ],
        &["--format events shows how one maze is generated"],
    );
}
