//! `json`: one `mazegen.maze/v1` document ([`crate::document`]), its tile rows and solution
//! drawn from the maze as they are written.

use super::rows::{DrawRows, StreamTiles};
use crate::algorithms::stream::MazeRows;
use crate::analysis::{Difficulty, Summary};
use crate::document::maze::{MazeDocument, Place, level_mark};
use crate::document::{MAZE_SCHEMA, WindowEntry};
use crate::grid::{
    Dir, Pos, Tile, cell_tile, empty_vec, passage_tile, tile_between, tiles_from_cells,
};
use crate::maze::{Maze, MazeTiles};
use crate::render::{Render, RenderRows, Takes};
use crate::topology::{Levels, Shape, Topology, Weave};
use crate::with_topology;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{self, Write};

/// JSON output: the maze, its seed and parameters, and its tile view as rows of `#` (wall) and
/// `.` (passage), pretty-printed one tile row per line; the solution (as tiles) once solved.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json {
    /// Whether to add a `stats` object (see [`Summary`]).
    pub stats: bool,
}

impl Json {
    /// What `json` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        tiled_shapes: true,
        carries_stats: true,
        records_seed: true,
        entities: true,
        ..Takes::NOTHING
    };
}

impl Render for Json {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let document = document(maze, self.stats, None)?;
        serde_json::to_writer_pretty(&mut *out, &document)?;
        out.write_all(b"\n")
    }

    fn streams(&self) -> Option<&dyn RenderRows> {
        (!self.stats).then_some(self)
    }
}

impl RenderRows for Json {
    /// The document of the same maze generated whole: perfect, start top-left, goal
    /// bottom-right. Its `height` is a `u32`: a taller maze is refused before anything is
    /// written.
    fn render_rows(&self, rows: &mut MazeRows, out: &mut dyn Write) -> io::Result<()> {
        let height = u32::try_from(rows.height()).map_err(|_| {
            io::Error::other(crate::grid::MazeError::TooTall {
                height: rows.height(),
                limit: u32::MAX.into(),
                what: "a JSON document",
            })
        })?;
        let (width, tile_width, tile_height) =
            (rows.width(), rows.tile_width(), rows.tile_height());
        let document: MazeDocument<'_, _, SolutionTiles<'_>> = MazeDocument {
            schema: MAZE_SCHEMA.into(),
            generator: crate::GENERATOR.into(),
            algorithm: rows.algorithm().into(),
            params: Cow::Owned(rows.params().clone()),
            seed: rows.seed(),
            width,
            height,
            tile_width,
            tile_height,
            weave: None,
            // A chunked maze made whole is the window of all of it.
            window: rows.chunk_side().map(|chunk| WindowEntry {
                x: 0,
                y: 0,
                maze_width: width.into(),
                maze_height: height.into(),
                chunk: Some(chunk),
            }),
            start: Place::flat(Maze::DEFAULT_START),
            goal: Place::flat(Maze::default_goal(width, height)),
            perfect: true,
            braid: None,
            unicursal: false,
            openings: false,
            tiles: Some(
                TileStrings::new(width, height, tile_width, tile_height, || {
                    StreamTiles::new(rows)
                })
                .map_err(io::Error::other)?,
            ),
            levels: None,
            solution: None,
            visited: None,
            stats: None,
            difficulty: None,
        };
        serde_json::to_writer_pretty(&mut *out, &document)?;
        out.write_all(b"\n")
    }
}

/// The document of `maze`, with a `stats` object when `stats` is set and a `difficulty` object
/// when one is given. Its tiles and solution are drawn as they are written; a maze in levels
/// has the tile rows of each level instead (and no figures).
pub(in crate::render) fn document(
    maze: &Maze,
    stats: bool,
    difficulty: Option<Difficulty>,
) -> io::Result<MazeDocument<'_, Rows<'_>, SolutionTiles<'_>>> {
    if maze.shape().has_own_tiles() {
        return own_tiles_document(maze).map_err(io::Error::other);
    }
    let stats = stats.then(|| Summary::of(maze)).transpose();
    let grid = maze
        .tile_grid("a maze document")
        .map_err(io::Error::other)?;
    let (width, height) = (grid.width(), grid.height());
    let tiles = TileStrings::new(width, height, grid.tile_width(), grid.tile_height(), || {
        maze.tiles()
    });
    Ok(MazeDocument {
        tiles: Some(Rows::Drawn(tiles.map_err(io::Error::other)?)),
        stats: stats.map_err(io::Error::other)?,
        difficulty: difficulty.map(Box::new),
        ..common_fields(maze, width, height, (grid.tile_width(), grid.tile_height()))
    })
}

/// The fields of `maze`'s document that every maze has alike, the `width x height` cells of
/// its rectangle (of each level) drawn in `tile_size` tiles; no tiles or figures.
fn common_fields(
    maze: &Maze,
    width: u32,
    height: u32,
    (tile_width, tile_height): (u64, u64),
) -> MazeDocument<'_, Rows<'_>, SolutionTiles<'_>> {
    let place = |cell: usize| {
        with_topology!(maze.shape(), t => {
            let (at, z) = t.placed(&t.cursor(cell));
            Place { x: at.x, y: at.y, z }
        })
    };
    MazeDocument {
        schema: MAZE_SCHEMA.into(),
        generator: crate::GENERATOR.into(),
        algorithm: maze.algorithm().into(),
        params: Cow::Borrowed(maze.params()),
        seed: maze.seed(),
        width,
        height,
        tile_width,
        tile_height,
        weave: None,
        window: maze.cut().map(WindowEntry::of),
        start: place(maze.start()),
        goal: place(maze.goal()),
        perfect: maze.is_perfect(),
        braid: maze.braid().map(f64::from),
        unicursal: maze.is_unicursal(),
        openings: maze.has_openings(),
        tiles: None,
        levels: None,
        solution: maze.solution().map(|_| SolutionTiles(maze)),
        visited: maze
            .visited()
            .map(|cells| cells.iter().map(|&cell| place(cell)).collect()),
        stats: None,
        difficulty: None,
    }
}

/// The document of `maze`, a maze in levels or a weave, in tiles of its own: each level's tile
/// rows, or the weave's with its crossings marked.
fn own_tiles_document(
    maze: &Maze,
) -> crate::grid::Result<MazeDocument<'_, Rows<'_>, SolutionTiles<'_>>> {
    let openings = maze.openings();
    let (width, height, tiles, levels, weave) = match maze.shape() {
        Shape::Levels(l) => (
            l.width(),
            l.height(),
            None,
            Some(level_rows(l, &openings)?),
            None,
        ),
        Shape::Weave(w) => {
            let rows = Rows::Held(weave_rows(w, &openings)?);
            (w.width(), w.height(), Some(rows), None, Some(w.density()))
        }
        _ => unreachable!("only mazes in levels and weaves have tiles of their own"),
    };
    let size = (tiles_from_cells(width), tiles_from_cells(height));
    Ok(MazeDocument {
        tiles,
        levels,
        weave,
        ..common_fields(maze, width, height, size)
    })
}

/// The tile rows of each level of `levels`, as `json` draws a rectangle's, each cell marked
/// by [`level_mark`], the outer wall open at `openings` (cell and side).
fn level_rows(
    levels: &Levels,
    openings: &[(usize, usize)],
) -> crate::grid::Result<Vec<Vec<String>>> {
    let (w, h) = (levels.width() as usize, levels.height() as usize);
    let mut grids = empty_vec(levels.width(), levels.height(), levels.levels() as usize)?;
    for z in 0..levels.levels() as usize {
        let mut rows = walls(w, h)?;
        for y in 0..h {
            for x in 0..w {
                let i = (z * h + y) * w + x;
                let open = |side| levels.is_open(i, side);
                let mark = level_mark(open(4), open(5));
                draw_cell(&mut rows, (x, y), mark, [open(1), open(2)], (i, openings));
            }
        }
        grids.push(strings(rows));
    }
    Ok(grids)
}

/// The tile rows of `weave`, as `json` draws a rectangle's: the walls a passage goes under
/// open, the cell between marked `-` where the corridor over it runs east-west and `|`
/// north-south, the outer wall open at `openings` (cell and side).
fn weave_rows(weave: &Weave, openings: &[(usize, usize)]) -> crate::grid::Result<Vec<String>> {
    let (w, h) = (weave.width() as usize, weave.height() as usize);
    let mut rows = walls(w, h)?;
    // Whether a passage goes under the cell at (x, y) east-west (true) or north-south.
    let under = |x: usize, y: usize| weave.under(Pos::new(x as u32, y as u32));
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let mark = match under(x, y) {
                Some(true) => b'|',
                Some(false) => b'-',
                None => b'.',
            };
            let through = |axis: bool, next: Option<(usize, usize)>| {
                under(x, y) == Some(axis) || next.is_some_and(|(x, y)| under(x, y) == Some(axis))
            };
            let east = weave.is_open(i, 1) || through(true, (x + 1 < w).then_some((x + 1, y)));
            let south = weave.is_open(i, 2) || through(false, (y + 1 < h).then_some((x, y + 1)));
            draw_cell(&mut rows, (x, y), mark, [east, south], (i, openings));
        }
    }
    Ok(strings(rows))
}

/// The tile rows of `w x h` cells with every wall standing, or the memory they would need.
fn walls(w: usize, h: usize) -> crate::grid::Result<Vec<Vec<u8>>> {
    let (width, height) = (w as u32, h as u32);
    let mut rows = empty_vec(width, height, 2 * h + 1)?;
    for _ in 0..2 * h + 1 {
        rows.push(crate::grid::filled_vec(width, height, 2 * w + 1, b'#')?);
    }
    Ok(rows)
}

/// Draws cell (x, y), cell `i`, into `rows`: its tile `mark`, the passages east and south of
/// it that `open` says, and the outer wall beside it open where `openings` (cell and side)
/// name it.
fn draw_cell(
    rows: &mut [Vec<u8>],
    (x, y): (usize, usize),
    mark: u8,
    [east, south]: [bool; 2],
    (i, openings): (usize, &[(usize, usize)]),
) {
    let (tx, ty) = cell_tile(Pos::new(x as u32, y as u32));
    let (tx, ty) = (tx as usize, ty as usize);
    rows[ty][tx] = mark;
    if east {
        rows[ty][tx + 1] = b'.';
    }
    if south {
        rows[ty + 1][tx] = b'.';
    }
    for &(_, side) in openings.iter().filter(|&&(cell, _)| cell == i) {
        let (ox, oy) = passage_tile(Pos::new(x as u32, y as u32), Dir::from_side(side));
        rows[oy as usize][ox as usize] = b'.';
    }
}

/// Tile rows of ASCII bytes as strings.
fn strings(rows: Vec<Vec<u8>>) -> Vec<String> {
    let rows = rows.into_iter();
    rows.map(|row| String::from_utf8(row).expect("tiles are ASCII"))
        .collect()
}

/// The tile rows of a document: drawn as they are written (a rectangle's or a mask's), or held
/// (a weave's).
pub(in crate::render) enum Rows<'a> {
    Drawn(TileStrings<MazeTiles<'a>>),
    Held(Vec<String>),
}

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Rows::Drawn(rows) => rows.serialize(serializer),
            Rows::Held(rows) => rows.serialize(serializer),
        }
    }
}

/// Serializes the picture of a maze as strings, one per tile row: `#` wall, `.` anything open.
/// Each row is drawn as it is written, into one line reserved beforehand.
pub(in crate::render) struct TileStrings<R> {
    height: u64,
    rows: RefCell<(R, Vec<u8>)>,
}

impl<R: DrawRows> TileStrings<R> {
    /// Reserves the line of a `width x height`-cell maze of `tile_width x tile_height` tiles,
    /// then its `rows`, so that a maze too large for them is an error.
    fn new(
        width: u32,
        height: u32,
        tile_width: u64,
        tile_height: u64,
        rows: impl FnOnce() -> crate::grid::Result<R>,
    ) -> crate::grid::Result<Self> {
        let tiles = usize::try_from(tile_width).unwrap_or(usize::MAX);
        let line = empty_vec(width, height, tiles)?;
        Ok(Self {
            height: tile_height,
            rows: RefCell::new((rows()?, line)),
        })
    }
}

impl<R: DrawRows> Serialize for TileStrings<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.height as usize))?;
        let (rows, line) = &mut *self.rows.borrow_mut();
        // Bytes drawn straight from the cells, checked as UTF-8 at once: 5.9 -> 1.9 ms at
        // 1000x1000 cells.
        while rows.draw_next_row(json_tile, line).is_some() {
            let line = std::str::from_utf8(line).expect("'#' and '.' are ASCII");
            seq.serialize_element(line)?;
        }
        seq.end()
    }
}

/// The character of `tile` in a document's tile rows: `#` for wall, `.` for anything open, a
/// space outside a mask's cells.
#[inline]
pub(crate) const fn json_tile(tile: Tile) -> u8 {
    match tile {
        Tile::Wall => b'#',
        Tile::Passage | Tile::Path | Tile::Start | Tile::Goal => b'.',
        Tile::Blank => b' ',
    }
}

/// Serializes the solution of a solved maze as tile positions, drawn as they are written; in
/// levels, each with its level.
pub(in crate::render) struct SolutionTiles<'a>(&'a Maze);

impl Serialize for SolutionTiles<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.shape() {
            Shape::Levels(levels) => serializer.collect_seq(level_path(self.0, levels)),
            _ => serializer.collect_seq(self.0.solution_tiles().into_iter().flatten()),
        }
    }
}

/// The tiles of the solution of `maze`, a maze in `levels`, each with its level: as
/// [`Maze::solution_tiles`] draws a rectangle's on each level, and a step up or down from the
/// cell's tile to the tile of the cell above or below.
pub(crate) fn level_path(maze: &Maze, levels: &Levels) -> Vec<(u64, u64, u32)> {
    let tile = |i: usize| {
        let (at, z) = on_level(levels, i);
        let (x, y) = cell_tile(at);
        (x, y, z)
    };
    let opening = |end| level_opening(levels, end);
    let (entrance, exit) = maze.opening_ends();
    let (entrance, exit) = (entrance.map(opening), exit.map(opening));
    let cells = maze.solution().unwrap_or_default();
    let mut path = Vec::with_capacity(2 * cells.len() + 2);
    path.extend(entrance);
    for (k, &cell) in cells.iter().enumerate() {
        if k > 0 {
            let ((a, za), (b, zb)) = (on_level(levels, cells[k - 1]), on_level(levels, cell));
            if za == zb {
                let (x, y) = tile_between(a, b);
                path.push((x, y, za));
            }
        }
        path.push(tile(cell));
    }
    path.extend(exit);
    path
}

/// The tiles of the openings of `maze`, a maze in `levels`, each with its level, the start's
/// first (as [`Maze::opening_tiles`] gives a rectangle's).
pub(crate) fn level_openings(maze: &Maze, levels: &Levels) -> Vec<(u64, u64, u32)> {
    maze.openings()
        .into_iter()
        .map(|opening| level_opening(levels, opening))
        .collect()
}

/// The tile of an opening, cell `i`'s `side`, of a maze in `levels`, and its level.
fn level_opening(levels: &Levels, (i, side): (usize, usize)) -> (u64, u64, u32) {
    let (at, z) = on_level(levels, i);
    let (x, y) = passage_tile(at, Dir::from_side(side));
    (x, y, z)
}

/// Cell `i` of `levels`: its position on its level, and the level.
fn on_level(levels: &Levels, i: usize) -> (Pos, u32) {
    let (at, z) = levels.placed(&levels.cursor(i));
    (at, z.expect("a cell of a maze in levels has a level"))
}
