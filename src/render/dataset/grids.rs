//! What the research formats share: the rectangle they write (squares for some), the path
//! they mark (the maze's solution, or a shortest path), and the maze's tiles as characters.

use crate::grid::{Dir, Grid, MazeError, Pos, cell_tile, filled_vec, passage_tile};
use crate::maze::Maze;
use std::io;

/// The rectangle of `maze` for `format`, refusing masks and other shapes (and, when `square`,
/// a rectangle not as many cells across as down) with the format's name.
pub(super) fn rectangle<'a>(
    maze: &'a Maze,
    format: &'static str,
    square: bool,
) -> io::Result<&'a Grid> {
    let refuse = |accepts: &'static str, what: String| {
        io::Error::other(MazeError::FormatRefuses {
            format,
            accepts,
            what,
        })
    };
    match maze.grid() {
        Some(grid) if maze.mask().is_none() => {
            if square && grid.width() != grid.height() {
                let what = format!("a {}x{}-cell maze", grid.width(), grid.height());
                return Err(refuse(
                    "square mazes only (as many cells across as down)",
                    what,
                ));
            }
            Ok(grid)
        }
        _ => Err(refuse(
            "rectangles of cells only",
            format!("a {} maze", maze.shape().description()),
        )),
    }
}

/// The path the formats mark, start to goal, as positions: the maze's solution, or the first
/// shortest path when it was not solved; `None` when the goal cannot be reached.
pub(super) fn path(maze: &Maze) -> io::Result<Option<Vec<Pos>>> {
    if let Some(cells) = maze.solution() {
        return Ok(Some(cells.iter().map(|&cell| maze.pos(cell)).collect()));
    }
    let found = maze.shortest_paths(1).map_err(io::Error::other)?;
    Ok((found.paths.into_iter().next())
        .map(|cells| cells.into_iter().map(|c| maze.pos(c)).collect()))
}

/// The direction of the step from `a` to `b`, cells side by side.
pub(super) fn step(a: Pos, b: Pos) -> Dir {
    match (b.x.cmp(&a.x), b.y.cmp(&a.y)) {
        (std::cmp::Ordering::Greater, _) => Dir::East,
        (std::cmp::Ordering::Less, _) => Dir::West,
        (_, std::cmp::Ordering::Greater) => Dir::South,
        _ => Dir::North,
    }
}

/// The tiles of `grid` as characters, a row of `2w+1` a line (no line ends): `wall` and `open`,
/// then `on_path` on every tile of `path` (cells and the passages between), then `start` and
/// `goal` on the maze's endpoints.
pub(super) struct TileChars {
    /// Characters a row, row after row.
    pub chars: Vec<u8>,
    /// Tiles across.
    pub width: usize,
}

impl TileChars {
    /// Draws `grid` and `path` as said above.
    pub(super) fn new(
        maze: &Maze,
        grid: &Grid,
        path: Option<&[Pos]>,
        marks: [u8; 5],
    ) -> io::Result<Self> {
        let [wall, open, on_path, start, goal] = marks;
        let width = grid.tile_width() as usize;
        let height = grid.tile_height() as usize;
        let mut chars = filled_vec(grid.width(), grid.height(), width * height, wall)
            .map_err(io::Error::other)?;
        let mut put = |(x, y): (u64, u64), c: u8| chars[y as usize * width + x as usize] = c;
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let here = Pos { x, y };
                put(cell_tile(here), open);
                if grid.open_east(x, y) {
                    put(passage_tile(here, Dir::East), open);
                }
                if grid.open_south(x, y) {
                    put(passage_tile(here, Dir::South), open);
                }
            }
        }
        for pair in path.unwrap_or_default().windows(2) {
            put(cell_tile(pair[0]), on_path);
            put(passage_tile(pair[0], step(pair[0], pair[1])), on_path);
        }
        put(cell_tile(maze.start_pos()), start);
        put(cell_tile(maze.goal_pos()), goal);
        Ok(TileChars { chars, width })
    }

    /// The rows, top to bottom.
    pub(super) fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.chars.chunks(self.width)
    }
}

/// A 2x2-cell maze for the formats' tests, a U: down the left, along the bottom, up the right;
/// start top-left, goal bottom-right.
#[cfg(test)]
pub(super) fn u_maze() -> Maze {
    let mut grid = Grid::new(2, 2).unwrap();
    grid.carve(Pos::new(0, 0), Dir::South);
    grid.carve(Pos::new(0, 1), Dir::East);
    grid.carve(Pos::new(1, 1), Dir::North);
    Maze::new(grid, "hand", serde_json::json!({}), 0)
}
