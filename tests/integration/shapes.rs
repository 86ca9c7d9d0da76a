//! Every graph algorithm carves a spanning tree of exactly the cells of every shape; the
//! algorithms written for rows and columns refuse other shapes; wall ids and sides agree.

use mazegen::algorithms::{GRAPH_ALGORITHMS, Wilson, catalogue};
use mazegen::analysis::ShapeStats;
use mazegen::rng::rng_from_seed;
use mazegen::topology::{
    Hex, Levels, Mask, Masked, Polar, Shape, Square, Topology, Triangle, Wrap,
};
use mazegen::topology::{UNREACHED, check_perfect};
use mazegen::{Maze, Probability};
use mazegen::{MazeError, with_topology};
use proptest::prelude::*;

/// A shape from proptest's choices: a kind (0 hex, 1 triangle, 2 polar, 3 mask, 4 rect, 5 to
/// 10 the [`wrapped`] fields, 11 rectangles in 2 to 4 levels), a size, and for masks the cells
/// to switch off (only the region of the first cell on stays).
pub(crate) fn shape(kind: u8, width: u32, height: u32, holes: &[bool]) -> Shape {
    match kind {
        0 => Shape::Hex(Hex::new(width, height).unwrap()),
        1 => Shape::Triangle(Triangle::new(width.max(2), height).unwrap()),
        2 => Shape::Polar(Polar::new(height).unwrap()),
        3 => Shape::Masked(Masked::new(connected_mask(width, height, holes)).unwrap()),
        4 => Shape::Rect(mazegen::grid::Grid::new(width, height).unwrap()),
        5..=10 => wrapped(kind - 5, width, height),
        _ => Shape::Levels(Levels::new(width, height.div_ceil(2), 2 + width % 3).unwrap()),
    }
}

/// A wrapped field from proptest's choices: `which` 0 to 2 a rectangle wrapped x, y and xy,
/// 3 to 5 hexagons wrapped so; a wrapped axis gets at least 3 cells, and hexagons wrapped
/// across an even number of them.
pub(crate) fn wrapped(which: u8, width: u32, height: u32) -> Shape {
    let wrap = [Wrap::X, Wrap::Y, Wrap::Xy][usize::from(which % 3)];
    let w = if wrap.x() { width.max(3) } else { width };
    let h = if wrap.y() { height.max(3) } else { height };
    if which < 3 {
        Shape::Square(Square::wrapped(w, h, wrap).unwrap())
    } else {
        let w = if wrap.x() { w + w % 2 } else { w };
        Shape::Hex(Hex::wrapped(w, h, wrap).unwrap())
    }
}

/// The region of the first cell left on by `holes` (cycled over the cells), as a mask.
fn connected_mask(width: u32, height: u32, holes: &[bool]) -> Mask {
    let (w, h) = (width as usize, height as usize);
    let mut on: Vec<bool> = (0..w * h).map(|i| !holes[i % holes.len()]).collect();
    on[0] = true;
    let mut seen = vec![false; w * h];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let mut next = Vec::new();
        if x > 0 {
            next.push(i - 1);
        }
        if x + 1 < w {
            next.push(i + 1);
        }
        if y > 0 {
            next.push(i - w);
        }
        if y + 1 < h {
            next.push(i + w);
        }
        for j in next {
            if on[j] && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    Mask::new(width, height, seen).unwrap()
}

/// A dead end of `topology` with another neighbour than the cell it opens onto, if any.
fn dead_ends_with_a_way_out<T: Topology>(topology: &T) -> Option<usize> {
    (0..topology.slots()).find(|&i| {
        let cursor = topology.cursor(i);
        let neighbours = (0..T::SIDES)
            .filter(|&side| topology.neighbour(&cursor, side).is_some())
            .count();
        topology.is_cell(i) && topology.degree(i) == 1 && neighbours > 1
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn braiding_keeps_every_shape_connected_and_removes_its_dead_ends(
        kind in 0u8..12,
        width in 1u32..12,
        height in 1u32..10,
        holes in prop::collection::vec(prop::bool::weighted(0.3), 1..40),
        seed in any::<u64>(),
        p in 0.0f64..1.0,
    ) {
        let blank = shape(kind, width, height, &holes);
        let perfect = Maze::builder().algorithm(Wilson).shape(blank).seed(seed).build().unwrap();
        for probability in [0.0, p, 1.0] {
            let mut maze = perfect.clone();
            let opened = maze.braid_with(Probability::new(probability).unwrap()).unwrap();
            prop_assert_eq!(maze.braid(), Some(Probability::new(probability).unwrap()));
            // Every cell still reached: braiding only opens walls between cells.
            let distances = maze.distances();
            let reached = (0..distances.len()).all(|i| {
                with_topology!(maze.shape(), t => !t.is_cell(i)) || distances[i] != UNREACHED
            });
            prop_assert!(reached, "a cell of the {} left unreached", maze.shape().name());
            let stats = ShapeStats::of(&maze).unwrap();
            prop_assert_eq!(stats.counts.loops, opened);
            if probability == 0.0 {
                prop_assert_eq!(maze.shape(), perfect.shape());
            }
            if probability == 1.0 {
                // The only dead ends left have no other neighbour to open onto.
                let stuck = with_topology!(maze.shape(), t => dead_ends_with_a_way_out(t));
                prop_assert_eq!(stuck, None, "{}", maze.shape().name());
            }
        }
    }

    #[test]
    fn graph_algorithms_carve_a_spanning_tree_of_every_shape(
        kind in 0u8..12,
        width in 1u32..14,
        height in 1u32..12,
        holes in prop::collection::vec(prop::bool::weighted(0.3), 1..40),
        seed in any::<u64>(),
    ) {
        let blank = shape(kind, width, height, &holes);
        for generator in catalogue().iter().filter(|g| g.carves_shapes()) {
            let mut maze = blank.clone();
            generator.carve_shape(&mut maze, &mut rng_from_seed(seed)).unwrap();
            prop_assert_eq!(
                with_topology!(&maze, t => check_perfect(t)),
                Ok(()),
                "{} on {} {}x{}",
                generator.name(),
                maze.name(),
                width,
                height
            );
        }
    }
}

#[test]
fn row_algorithms_refuse_other_shapes_and_name_those_that_fit() {
    let fit = GRAPH_ALGORITHMS;
    assert_eq!(
        fit,
        [
            "backtrack",
            "hunt-and-kill",
            "growing-tree",
            "aldous-broder",
            "wilson",
            "kruskal",
            "prim"
        ]
    );
    for generator in catalogue().iter().filter(|g| !g.carves_shapes()) {
        let mut hex = Shape::Hex(Hex::new(4, 4).unwrap());
        let error = generator
            .carve_shape(&mut hex, &mut rng_from_seed(1))
            .unwrap_err();
        assert!(matches!(error, MazeError::ShapeUnsupported { .. }));
        let message = error.to_string();
        assert!(
            message.contains("hex") && message.contains(&fit.join(", ")),
            "{message}"
        );
        let mut rect = Shape::Rect(mazegen::grid::Grid::new(4, 4).unwrap());
        generator
            .carve_shape(&mut rect, &mut rng_from_seed(1))
            .unwrap();
        assert_eq!(with_topology!(&rect, t => check_perfect(t)), Ok(()));
    }
}

/// Checks on one topology that each wall between two cells has one id, the same from both
/// sides, that stepping through a side and back returns, and that carving opens both sides.
fn check_walls<T: Topology>(topology: &mut T) {
    let mut ids = Vec::new();
    topology.walls(|id| ids.push(id));
    assert_eq!(ids.len() as u64, topology.wall_count());
    let mut seen = std::collections::HashSet::new();
    for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
        let cursor = topology.cursor(i);
        for side in 0..T::SIDES {
            let Some(j) = topology.neighbour(&cursor, side) else {
                continue;
            };
            let mut there = cursor;
            let back = topology.step(&mut there, side);
            assert_eq!(T::index(&there), j);
            assert_eq!(
                topology.neighbour(&there, back),
                Some(i),
                "cell {i} side {side}"
            );
            let id = topology.wall_id(&cursor, side);
            assert_eq!(topology.wall_id(&there, back), id, "cell {i} side {side}");
            let (a, _, b) = topology.wall(id);
            assert_eq!((a.min(b), a.max(b)), (i.min(j), i.max(j)));
            seen.insert(id);
            assert!(!topology.is_open(i, side) && !topology.is_open(j, back));
        }
    }
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len(), "each wall listed once");
    assert_eq!(
        seen.len(),
        ids.len(),
        "every listed wall is between neighbours"
    );
    // Carving through a side opens it from both cells, and only that wall.
    for &id in &ids {
        let (i, side, j) = topology.wall(id);
        topology.carve(i, side);
        let cursor = topology.cursor(i);
        let mut there = cursor;
        let back = topology.step(&mut there, side);
        assert_eq!(T::index(&there), j);
        assert!(topology.is_open(i, side) && topology.is_open(j, back));
    }
}

#[test]
fn wall_ids_sides_and_steps_agree_on_every_shape() {
    let mask = Mask::from_text("..X..\n.....\nX...X\n..#..\n").unwrap();
    let mut shapes = vec![
        shape(4, 5, 4, &[false]),
        Shape::Hex(Hex::new(5, 4).unwrap()),
        Shape::Hex(Hex::new(1, 3).unwrap()),
        Shape::Triangle(Triangle::new(6, 3).unwrap()),
        Shape::Polar(Polar::new(7).unwrap()),
        Shape::Masked(Masked::new(mask).unwrap()),
    ];
    for shape in &mut shapes {
        with_topology!(shape, t => check_walls(t));
    }
}

#[test]
fn a_triangle_field_one_cell_wide_is_refused_past_two_rows() {
    assert!(Triangle::new(1, 2).is_ok());
    let error = Triangle::new(1, 3).unwrap_err();
    assert!(
        error.to_string().contains("use 2 or more cells across"),
        "{error}"
    );
}

#[test]
fn too_many_rings_are_refused_with_the_most_that_fit() {
    let error = Polar::new(1 << 20).unwrap_err();
    let MazeError::TooManyRings { most, .. } = error else {
        panic!("{error}");
    };
    assert!(Polar::new(most + 1).is_err());
    assert!(
        error
            .to_string()
            .contains(&format!("use 1 to {most} rings")),
        "{error}"
    );
}

#[test]
fn polar_rings_subdivide_to_keep_cells_near_square() {
    let polar = Polar::new(8).unwrap();
    let counts: Vec<u32> = (0..8).map(|r| polar.ring_cells(r)).collect();
    assert_eq!(counts, [1, 6, 12, 24, 24, 24, 48, 48]);
}

#[test]
fn masks_are_read_from_text_and_refused_when_empty_or_split() {
    let mask = Mask::from_text("X.#\n...\r\n.\n\n").unwrap();
    assert_eq!((mask.width(), mask.height(), mask.cell_count()), (3, 3, 5));
    assert_eq!(
        Mask::from_text("XX\n##\n").unwrap_err(),
        MazeError::EmptyShape
    );
    let split = Mask::from_text("..X\nXX.\n").unwrap_err();
    assert_eq!(
        split.to_string(),
        "the mask's cells are not connected: cell (2, 1) cannot be reached from cell (0, 0); join the regions or leave one"
    );
}

#[test]
fn masks_read_from_endless_or_hostile_input_are_refused_at_once() {
    use std::io::{Read, repeat};
    // Text the way a file reads, split anywhere (a character cut between two reads).
    let heart = "..é..\n.....\r\n.X.\n";
    let read = Mask::read(heart.as_bytes().chain(&b""[..])).unwrap();
    assert_eq!(read, Mask::from_text(heart).unwrap());
    // /dev/zero and /dev/urandom never end: refused within the first read.
    let zeros = Mask::read(repeat(0)).unwrap_err().to_string();
    assert!(zeros.contains("byte 0 is '\\0'"), "{zeros}");
    let noise = Mask::read(repeat(0xFF)).unwrap_err().to_string();
    assert!(
        noise.contains("not UTF-8") || noise.contains("neither a PNG nor UTF-8"),
        "{noise}"
    );
    // A PNG whose header asks for too many pixels, or that runs on past its pixels.
    let png = |width: u32, height: u32| {
        let mut header = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        header.extend(width.to_be_bytes());
        header.extend(height.to_be_bytes());
        std::io::Cursor::new(header).chain(repeat(0))
    };
    assert!(matches!(
        Mask::read(png(1 << 16, 1 << 16)),
        Err(MazeError::TooManyCells { .. })
    ));
    let endless = Mask::read(png(4, 4)).unwrap_err().to_string();
    assert!(endless.contains("runs past the"), "{endless}");
    // A whole PNG whose header claims far more pixels than its data could unpack to:
    // refused before the pixels' memory (256 MB here) is taken.
    let chunk = |name: &[u8], data: &[u8]| {
        let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
        chunk.extend(name);
        chunk.extend(data);
        chunk.extend(crc32fast::hash(&chunk[4..]).to_be_bytes());
        chunk
    };
    let mut claim = b"\x89PNG\r\n\x1a\n".to_vec();
    let side = 16_384_u32;
    let header = [
        &side.to_be_bytes()[..],
        &side.to_be_bytes(),
        &[8, 0, 0, 0, 0],
    ]
    .concat();
    claim.extend(chunk(b"IHDR", &header));
    claim.extend(chunk(
        b"IDAT",
        &miniz_oxide::deflate::compress_to_vec_zlib(&[0; 4096], 6),
    ));
    claim.extend(chunk(b"IEND", b""));
    let refused = Mask::from_bytes(&claim).unwrap_err().to_string();
    assert!(
        refused.contains("16384x16384 PNG needs at least 260127") && refused.contains("file has"),
        "{refused}"
    );
    // A PNG signature, then no header: nothing says where it would end.
    let headless = b"\x89PNG\r\n\x1a\n".chain(repeat(0));
    let refused = Mask::read(headless).unwrap_err().to_string();
    assert!(refused.contains("not the IHDR header"), "{refused}");
}

#[test]
fn a_circle_is_a_polar_maze() {
    let polar = crate::common::stdout_of(&[
        "wilson", "--shape", "polar", "--rings", "4", "--seed", "2", "--format", "svg",
    ]);
    let circle = crate::common::stdout_of(&[
        "wilson", "--shape", "circle", "--rings", "4", "--seed", "2", "--format", "svg",
    ]);
    assert_eq!(circle, polar);
}
