//! What each fuzz target does with its input, shared by the targets in `fuzz/fuzz_targets/`
//! (which include this file) and by the replay of their corpora under `cargo test`
//! (`tests/integration/fuzz_corpus.rs`). Each body feeds its bytes to a reader of user input
//! and, where the input reads, on through what the command line would do next with it; it
//! panics only on a bug: a reader or a later stage panicking, or two ways of reading the same
//! bytes disagreeing.
//!
//! It uses the library alone, so that the fuzz package need not build the binary's crates.

use mazegen::algorithms::{Backtrack, GrowingTree, Kruskal, Pick, Wilson};
use mazegen::analysis::{Figures, ShapeStats};
use mazegen::caves::{CaveMap, CaveOptions, Rule};
use mazegen::level::{Dungeon, Level, MapTile};
use mazegen::read::{
    AnyDocument, Document, GraphFormat, LevelDocument, read_any, read_contents, read_design,
    read_document, read_graph, read_level, read_maze,
};
use mazegen::render::{Graph, Json, Picture, Render, Style, Svg, Text};
use mazegen::rooms::{MazeFill, Prefab, PrefabPlacement, RoomMap, RoomOptions, RoomSize};
use mazegen::score::{Answer, Board, Connections, Rule as ScoreRule, Scorer};
use mazegen::solve::Method;
use mazegen::suite::{SuiteSpec, make as make_suite};
use mazegen::topology::{Mask, Masked, Shape};
use mazegen::{Maze, Probability};
use std::io::{self, Read};

/// The largest maze the later stages take on: enough for every branch of every stage, small
/// enough that an input spends its time reading, not solving.
const STAGED_CELLS: u64 = 4096;

/// The most pixels of a PNG mask the target reads.
const BIG_PNG_PIXELS: u64 = 1 << 22;

/// What a target does with one input.
pub type Body = fn(&[u8]);

/// The targets by name, as `fuzz/Cargo.toml` names their binaries and `fuzz/corpus/` their
/// corpora.
pub const TARGETS: [(&str, Body); 8] = [
    ("document", document),
    ("mask", mask),
    ("specs", specs),
    ("design", design),
    ("contents", contents),
    ("prefab", prefab),
    ("suite", suite),
    ("answers", answers),
];

/// The most rooms of a designer's graph the target lays out.
const LAID_OUT_ROOMS: usize = 40;

/// A maze or graph document (`solve`, `stats` and `render` read one; a line of `jsonl` is
/// one): read by `read_document` and by the reader of its kind, which must agree; then, as
/// those commands would, its figures, every solving method, and the maze written as text
/// and as a document of its kind, which must read back as the same maze. A rooms, caves or
/// dungeon document (`render` reads one): read by `read_level`, which must agree with
/// `read_any`; then drawn in text and written as its document, which must read back and be
/// written again the same.
pub fn document(data: &[u8]) {
    let mut schema = None;
    let any = read_any(data, &mut schema);
    if let Ok(Document::Level(level)) = any {
        let again = read_level(data).expect("read_any read it");
        assert_eq!(level_json(&again), level_json(&level));
        level_stages(&level);
        return;
    }
    assert!(
        read_level(data).is_err(),
        "read_any refused it or read a maze"
    );
    let read = read_document(data);
    assert_eq!(
        read.is_ok(),
        any.is_ok(),
        "read_any and read_document agree"
    );
    let (maze, kind) = match read {
        Ok(AnyDocument::Maze(maze)) => {
            assert_eq!(read_maze(data).expect("read_document read it"), maze);
            (maze, Kind::Maze)
        }
        Ok(AnyDocument::Graph(maze)) => {
            assert_eq!(read_graph(data).expect("read_document read it"), maze);
            (maze, Kind::Graph)
        }
        Err(_) => {
            assert!(read_maze(data).is_err() && read_graph(data).is_err());
            return;
        }
    };
    if maze.cell_count() > STAGED_CELLS {
        return;
    }
    stages(&maze, kind);
}

/// The document of `level`, as `render --format json` writes it.
fn level_json(level: &LevelDocument) -> Vec<u8> {
    let mut written = Vec::new();
    match level {
        LevelDocument::Rooms(dungeon) => Json::default().render(dungeon, &mut written),
        LevelDocument::Caves(dungeon) => Json::default().render(dungeon, &mut written),
    }
    .expect("a level read is written");
    written
}

/// What `render` does with a level read: a small one drawn in text, and its document, which
/// must read back as the level it was written from.
fn level_stages(level: &LevelDocument) {
    let tiles: u64 = match level {
        LevelDocument::Rooms(dungeon) => (dungeon.floors())
            .filter_map(|floor| floor.level().layout.as_ref())
            .map(|layout| u64::from(layout.width) * u64::from(layout.height))
            .sum(),
        LevelDocument::Caves(dungeon) => (dungeon.floors())
            .map(|floor| {
                u64::from(floor.level().params.width) * u64::from(floor.level().params.height)
            })
            .sum(),
    };
    if tiles <= STAGED_CELLS * 16 {
        let _ = match level {
            LevelDocument::Rooms(dungeon) => Text::default().render(dungeon, &mut io::sink()),
            LevelDocument::Caves(dungeon) => Text::default().render(dungeon, &mut io::sink()),
        };
    }
    let written = level_json(level);
    match read_level(&written[..]) {
        Ok(back) => assert_eq!(
            level_json(&back),
            written,
            "a level written and read back changed"
        ),
        Err(e) => panic!(
            "a document written from a level read is refused: {e}\n{}",
            String::from_utf8_lossy(&written)
        ),
    }
}

/// Which kind of document a maze came in.
#[derive(Clone, Copy)]
enum Kind {
    Maze,
    Graph,
}

/// What `stats`, `solve` and `render` do with a maze read from a document of `kind`.
fn stages(maze: &Maze, kind: Kind) {
    let own_tiles = maze.shape().has_own_tiles();
    if matches!(kind, Kind::Maze) && !own_tiles {
        let _ = Figures::of(maze);
    } else {
        let _ = ShapeStats::of(maze);
    }
    for method in Method::ALL {
        let mut solved = maze.clone();
        if solved.solve_with(method).is_ok() {
            // The cells a method visited are written, not read back.
            let mut expected = maze.clone();
            let path = solved.solution().expect("a solved maze has a solution");
            expected
                .set_walk(path.to_vec())
                .expect("a solution is a walk");
            written_and_read(&solved, &expected, kind);
        }
    }
    let _ = Text::default().render(maze, &mut io::sink());
    for style in [Style::Tiles, Style::Lines] {
        let picture = Picture {
            style,
            scale: style.default_scale(),
            heatmap: true,
            ..Picture::default()
        };
        let _ = Svg(picture).render(maze, &mut io::sink());
    }
    written_and_read(maze, maze, kind);
}

/// `maze` written as a document of `kind`, which must read back as `expected` (a document the
/// library writes is one it reads).
fn written_and_read(maze: &Maze, expected: &Maze, kind: Kind) {
    let mut written = Vec::new();
    // With the figures, which are written, not read.
    let rendered = match kind {
        Kind::Maze => Json { stats: true }.render(maze, &mut written),
        Kind::Graph => Graph { stats: true }.render(maze, &mut written),
    };
    if rendered.is_err() {
        return;
    }
    let back = match read_document(&written[..]) {
        Ok(AnyDocument::Maze(back) | AnyDocument::Graph(back)) => back,
        Err(e) => panic!(
            "a document written from a maze read is refused: {e}\n{}",
            String::from_utf8_lossy(&written)
        ),
    };
    assert_eq!(&back, expected, "a maze written and read back changed");
}

/// A mask file (`--mask`), text or PNG: read whole (`Mask::from_bytes`, which takes
/// `from_png` or `from_text`) and as it comes, a few bytes at a time (`Mask::read`), which
/// must agree; a small mask then carved into a maze, solved and drawn.
pub fn mask(data: &[u8]) {
    // A PNG of a few bytes may say it has hundreds of millions of pixels, which the reader
    // then holds (a second and a gigabyte to refuse a truncated one): the fuzzer would crawl.
    // The header's checks are the same for a smaller one.
    if let Some(header) = data.strip_prefix(b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR") {
        let side = |at: usize| {
            header
                .get(at..at + 4)
                .map_or(0, |b| u32::from_be_bytes(b.try_into().unwrap()))
        };
        if u64::from(side(0)) * u64::from(side(4)) > BIG_PNG_PIXELS {
            return;
        }
    }
    let whole = Mask::from_bytes(data);
    let trickled = Mask::read(Trickle {
        data,
        at: 0,
        step: 1 + data.first().map_or(0, |&b| usize::from(b % 7)),
    });
    match (&whole, &trickled) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "a mask read as it comes differs"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!("a mask read whole gives {a:?}, read as it comes {b:?}"),
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let from_text = Mask::from_text(text);
        if !data.starts_with(b"\x89PNG") && whole.is_ok() {
            assert_eq!(from_text.ok().as_ref(), whole.as_ref().ok());
        }
    }
    let Ok(mask) = whole else {
        return;
    };
    if mask.cell_count() as u64 > STAGED_CELLS {
        return;
    }
    // A mask with every cell on is written in tiles as the plain rectangle it is, and read
    // back as one; a graph document keeps its shape.
    let full = mask.cell_count() as u64 == u64::from(mask.width()) * u64::from(mask.height());
    let kind = if full { Kind::Graph } else { Kind::Maze };
    let Ok(masked) = Masked::new(mask) else {
        return;
    };
    let built = Maze::builder()
        .algorithm(Wilson)
        .shape(Shape::Masked(masked))
        .seed(1)
        .build();
    if let Ok(maze) = built {
        stages(&maze, kind);
    }
}

/// Bytes given a few at a time, as a pipe gives them.
struct Trickle<'a> {
    data: &'a [u8],
    at: usize,
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len() - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..n + self.at]);
        self.at += n;
        Ok(n)
    }
}

/// The values the library parses from text (the first byte picks the parser, the rest is
/// the text): a probability (`--braid`, `--p`), a solving method, a backtracker's amount, a
/// growing tree's pick, a room size, a cave rule; each value read is then used on a small
/// maze, room map or cave.
pub fn specs(data: &[u8]) {
    let Some((&which, text)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(text);
    let text = text.as_ref();
    let small = || {
        Maze::builder()
            .algorithm(Wilson)
            .cells(6, 5)
            .seed(3)
            .build()
            .expect("a small maze")
    };
    match which % 6 {
        0 => {
            if let Ok(p) = text.parse::<Probability>() {
                assert!(
                    (0.0..=1.0).contains(&p.get()),
                    "{text:?} reads as {}",
                    p.get()
                );
                let mut maze = small();
                maze.braid_with(p).expect("any probability braids");
                maze.solve().expect("a braided maze solves");
            }
        }
        1 => {
            if let Ok(method) = text.parse::<Method>() {
                assert_eq!(method.name(), text);
                small().solve_with(method).expect("a perfect maze solves");
            }
        }
        2 => {
            if let Ok(amount) = text.parse() {
                let backtrack = Backtrack {
                    accessible: Some(amount),
                    max_depth: Some(amount),
                    ..Backtrack::default()
                };
                let _ = Maze::builder()
                    .algorithm(backtrack)
                    .cells(6, 5)
                    .seed(4)
                    .build();
            }
        }
        3 => {
            if let Ok(pick) = text.parse::<Pick>() {
                assert_eq!(pick.to_string().parse::<Pick>().ok(), Some(pick));
                Maze::builder()
                    .algorithm(GrowingTree { pick })
                    .cells(6, 5)
                    .seed(5)
                    .build()
                    .expect("any pick grows a maze");
            }
        }
        4 => {
            if let Ok(room_size) = RoomSize::parse(text) {
                assert!(1 <= room_size.min && room_size.min <= room_size.max);
                // Rooms of hundreds of tiles a side take a second to lay out.
                if room_size.max > 32 {
                    return;
                }
                let options = RoomOptions {
                    count: 4,
                    room_size,
                    ..RoomOptions::default()
                };
                let _ = RoomMap::generate(&options, 6);
            }
        }
        _ => {
            if let Ok(rule) = Rule::parse(text) {
                let options = CaveOptions {
                    width: 24,
                    height: 16,
                    rule,
                    ..CaveOptions::default()
                };
                let _ = CaveMap::generate(&options, 7);
            }
        }
    }
}

/// A designer's graph (`rooms --graph`; the first byte picks DOT, JSON or Edgar's YAML, the
/// rest is the file): read, checked, and, up to [`LAID_OUT_ROOMS`] rooms, laid out, with
/// exactly its rooms and edges.
pub fn design(data: &[u8]) {
    let Some((&which, text)) = data.split_first() else {
        return;
    };
    let format = [GraphFormat::Dot, GraphFormat::Json, GraphFormat::Yaml][usize::from(which % 3)];
    let text = String::from_utf8_lossy(text);
    let Ok(design) = read_design(&text, format, "fuzz") else {
        return;
    };
    if design.rooms.len() > LAID_OUT_ROOMS || design.check().is_err() {
        return;
    }
    let small = RoomSize::new(2, 4).expect("a room size");
    if design
        .rooms
        .iter()
        .any(|room| room.size.is_some_and(|(w, h)| w.max(h) > 32))
    {
        return;
    }
    if let Ok(map) = RoomMap::from_design(&design, small, 1) {
        use mazegen::level::Level;
        assert_eq!(map.params.count as usize, design.rooms.len());
        assert_eq!(map.edges.len(), design.edges.len());
        assert!(map.tile_map().is_some());
    }
}

/// A contents rules file (`--contents`; the first byte picks TOML or JSON, the rest is the
/// file): read, its refusal one line, and its rules placed on a dungeon of two small room maps
/// with a lock a floor, every entity on a plain floor tile of its room, one a tile.
pub fn contents(data: &[u8]) {
    let Some((&which, text)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(text);
    let file = if which % 2 == 0 {
        "rules.toml"
    } else {
        "rules.json"
    };
    let rules = match read_contents(&text, file) {
        Ok(rules) => rules,
        Err(error) => {
            assert!(!error.to_string().contains('\n'), "{error}");
            return;
        }
    };
    let options = RoomOptions {
        count: 8,
        locks: 1,
        ..RoomOptions::default()
    };
    let mut dungeon = Dungeon::generate(2, 9, |seed| RoomMap::generate(&options, seed))
        .expect("two small floors");
    if dungeon.furnish(&rules).is_err() {
        return;
    }
    for floor in dungeon.floors() {
        let tiles = floor.tile_map().expect("a map with tiles");
        let mut taken = std::collections::BTreeSet::new();
        for entity in floor.entities() {
            let (x, y) = entity.at.expect("a tile");
            assert_eq!(tiles.get(x, y), MapTile::Room, "{entity:?}");
            assert!(taken.insert((x, y)), "{entity:?}");
        }
    }
}

/// The most tiles of a prefab's drawing the target places on a map.
const PLACED_PREFAB_TILES: u32 = 4096;

/// A prefab's drawing (`rooms --prefab`): read, its refusal one line; a drawing that reads,
/// placed among three small rooms with routed corridors and with a maze between them, kept
/// exactly as drawn, every walkable tile beside it beyond one of its sockets.
pub fn prefab(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let prefab = match Prefab::parse(&text, "vault.txt") {
        Ok(prefab) => prefab,
        Err(error) => {
            let message = error.to_string();
            assert!(!message.contains(['\n', '\r']), "{message}");
            assert!(message.starts_with("vault.txt"), "{message}");
            return;
        }
    };
    assert!(prefab.sockets().count() > 0 && prefab.floor().count() > 0);
    if prefab.width() * prefab.height() > PLACED_PREFAB_TILES {
        return;
    }
    for maze in [None, Some(MazeFill::default())] {
        let options = RoomOptions {
            count: 4,
            room_size: RoomSize::new(2, 4).expect("a room size"),
            maze,
            prefabs: vec![PrefabPlacement {
                prefab: prefab.clone(),
                at: None,
            }],
            ..RoomOptions::default()
        };
        // Rooms may wall one another in on a small map: only what is made is checked.
        let Ok(map) = RoomMap::generate(&options, 1) else {
            continue;
        };
        let tiles = map.tile_map_with(&[]).expect("a map with tiles");
        let r = map.room_bounds()[0];
        for y in 0..r.h {
            for x in 0..r.w {
                assert_eq!(tiles.get(r.x + x, r.y + y), prefab.tile(x, y).map_tile());
            }
        }
        // Beside the drawing, only the tiles beyond its sockets may be walkable.
        let beyond: Vec<(u32, u32)> = prefab
            .sockets()
            .map(|((x, y), (dx, dy))| {
                (
                    (r.x + x).wrapping_add_signed(dx),
                    (r.y + y).wrapping_add_signed(dy),
                )
            })
            .collect();
        let ring = (r.x..r.x + r.w)
            .flat_map(|x| [(x, r.y - 1), (x, r.y + r.h)])
            .chain((r.y..r.y + r.h).flat_map(|y| [(r.x - 1, y), (r.x + r.w, y)]));
        for (x, y) in ring {
            if tiles.get(x, y) != MapTile::Rock {
                assert!(beyond.contains(&(x, y)), "{x},{y}");
            }
        }
    }
}

/// The most splits, mazes a split and cells a maze of a suite spec the `suite` target makes:
/// the target is about reading specs, not making mazes.
const SUITE_SPLITS: usize = 3;
const SUITE_COUNT: u64 = 3;
const SUITE_CELLS: u64 = 36;

/// A suite spec (`mazegen suite SPEC`, `mazegen.suite`): TOML or JSON, the first byte picking
/// which, read and checked by `SuiteSpec::from_toml` or `from_json`, a refusal in one line; a
/// spec within a tiny cap (a few splits of a few small mazes, any band a corner-to-corner path
/// meets) is then made on one thread, each split with its count of rows of its size.
pub fn suite(data: &[u8]) {
    let Some((&which, text)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(text);
    let read = if which % 2 == 0 {
        SuiteSpec::from_toml(&text)
    } else {
        SuiteSpec::from_json(&text)
    };
    let spec = match read {
        Ok(spec) => spec,
        Err(error) => {
            assert!(!error.to_string().contains('\n'), "{error}");
            return;
        }
    };
    spec.check().expect("a spec read is checked");
    let tiny = spec.splits.len() <= SUITE_SPLITS
        && spec.splits.iter().all(|split| {
            let [width, height] = split.size;
            split.count <= SUITE_COUNT
                && u64::from(width) * u64::from(height) <= SUITE_CELLS
                && split.paths <= 10
                && split
                    .shortest
                    .is_none_or(|[min, _]| min <= width + height - 2)
        });
    if !tiny {
        return;
    }
    match make_suite(&spec, 1, None) {
        Ok(splits) => {
            assert_eq!(splits.len(), spec.splits.len());
            for (split, made) in spec.splits.iter().zip(&splits) {
                assert_eq!(made.rows.len() as u64, split.count, "{}", split.name);
                for row in &made.rows {
                    assert_eq!(row.size, split.size, "{}", split.name);
                }
            }
        }
        Err(error) => assert!(!error.to_string().contains('\n'), "{error}"),
    }
}

/// An answer to a maze (`mazegen score --answers`, `mazegen.score`) in any form: coordinate
/// lists, move strings, AlphaMaze's moves, maze-dataset's token lines. Read by
/// `Answer::parse` and scored on a small braided maze under every rule by `Board::score`,
/// `Board::score_answer` (of the answer read) and `Scorer::score_connections`, which must
/// agree, in refusals too (one line each); a score is consistent with itself.
pub fn answers(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let maze = Maze::builder()
        .algorithm(Kruskal)
        .cells(5, 4)
        .braid(0.4)
        .seed(3)
        .build()
        .expect("a small maze");
    let board = Board::new(&maze).expect("a rectangle");
    let grid = maze.grid().expect("a rectangle");
    let (mut down, mut right) = (Vec::new(), Vec::new());
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            down.push(u8::from(grid.open_south(x, y)));
            right.push(u8::from(grid.open_east(x, y)));
        }
    }
    let (start, goal) = (maze.start_pos(), maze.goal_pos());
    let connections = Connections {
        rows: grid.height(),
        columns: grid.width(),
        down: &down,
        right: &right,
        start: (i64::from(start.y), i64::from(start.x)),
        goal: (i64::from(goal.y), i64::from(goal.x)),
    };
    let mut scorer = Scorer::default();
    let parsed = Answer::parse(&text);
    for rule in ScoreRule::ALL {
        let scored = board.score(&text, rule);
        assert_eq!(scored, scorer.score_connections(&connections, &text, rule));
        match (&parsed, scored) {
            (Ok(answer), Ok(score)) => {
                assert_eq!(board.score_answer(answer, rule), score);
                assert!((0.0..=1.0).contains(&score.progress), "{score:?}");
                assert_eq!(score.valid, score.first_illegal.is_none(), "{score:?}");
                assert!(
                    !score.optimal || (score.valid && score.reached),
                    "{score:?}"
                );
                assert!(score.steps as usize <= answer.steps.len(), "{score:?}");
            }
            (Err(read), Err(refused)) => {
                assert_eq!(*read, refused);
                assert!(!refused.to_string().contains('\n'), "{refused}");
            }
            (read, scored) => panic!("read {read:?} but scored {scored:?}"),
        }
    }
}
