//! The picture of a maze: its tile view with openings, solution, start and goal drawn in, and
//! the distance heat of its passages.

use super::Maze;
use crate::grid::{Dir, Pos, Result};
use crate::grid::{
    Tile, TileKind, TilePos, TileRows, cell_line_at_or_after, cell_line_at_or_before, cell_tile,
    empty_vec, passage_tile, tile_between,
};
use crate::topology::{Distances, Mask, Shape};

impl Maze {
    /// The solution as tiles, in order: from the start's opening (if the border is open) through
    /// every cell and passage to the goal's opening. `None` until solved, or for a maze not
    /// drawn in tiles (a weave is: a step under a cell passes its tile).
    pub fn solution_tiles(&self) -> Option<impl Iterator<Item = TilePos> + '_> {
        if self.grid().is_none() && !matches!(self.shape(), Shape::Weave(_)) {
            return None;
        }
        self.solution().map(|cells| self.path_tiles(cells))
    }

    /// The tiles of a path through `cells` of this maze (a rectangle, a mask or a weave), with
    /// the openings at its ends when the border is open. A step under a cell of a weave passes
    /// the wall before that cell, its tile and the wall after.
    pub(crate) fn path_tiles<'a>(
        &'a self,
        cells: &'a [usize],
    ) -> impl Iterator<Item = TilePos> + use<'a> {
        let (entrance, exit) =
            match self.grid().is_some() || matches!(self.shape(), Shape::Weave(_)) {
                true => self.opening_ends(),
                false => (None, None),
            };
        let tile = |(cell, side)| passage_tile(self.pos(cell), Dir::from_side(side));
        let (entrance, exit) = (entrance.map(tile), exit.map(tile));
        let first = cells.first().map(|&cell| cell_tile(self.pos(cell)));
        let steps = cells.windows(2).flat_map(move |pair| {
            let (a, b) = (self.pos(pair[0]), self.pos(pair[1]));
            let under = a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 2;
            let mid = Pos::new(a.x.midpoint(b.x), a.y.midpoint(b.y));
            let before = match under {
                true => [tile_between(a, mid), cell_tile(mid), tile_between(mid, b)],
                false => [tile_between(a, b); 3],
            };
            before
                .into_iter()
                .take(if under { 3 } else { 1 })
                .chain([cell_tile(b)])
        });
        entrance.into_iter().chain(first).chain(steps).chain(exit)
    }
}

/// Produces the tile rows of a maze picture from top to bottom.
#[derive(Debug)]
pub struct MazeTiles<'a> {
    rows: TileRows<'a>,
    /// Tiles that differ from the bare grid, sorted by row then column.
    marks: Vec<(TilePos, Tile)>,
    next_mark: usize,
    y: u64,
    /// The maze's mask, if it has one, and for each column of cells whether a cell of the
    /// rows around the current tile row is on.
    mask: Option<(&'a Mask, Vec<bool>)>,
}

impl<'a> MazeTiles<'a> {
    /// The tile view of `maze`, its solution, start and goal drawn in when `solved`. Reserves
    /// the marks first (a few per solution cell), so a maze too large for them is an error
    /// rather than an abort.
    pub(super) fn new(maze: &'a Maze, solved: bool) -> Result<Self> {
        let grid = maze.tile_grid("the tile view")?;
        let path = maze.solution_tiles().filter(|_| solved);
        // Two openings, then per solution cell its tile and a passage, and the start and goal.
        let solution = match path {
            Some(_) => maze.solution().map_or(0, |cells| 2 * cells.len() + 2),
            None => 0,
        };
        let exits = maze.cut().map_or(&[][..], |cut| &cut.exits);
        let mut marks = empty_vec(grid.width(), grid.height(), 2 + exits.len() + solution)?;
        marks.extend(
            maze.opening_tiles()
                .into_iter()
                .chain(exits.iter().map(|&(cell, dir)| passage_tile(cell, dir)))
                .map(|tile| (tile, Tile::Passage)),
        );
        if let Some(path) = path {
            marks.extend(path.map(|tile| (tile, Tile::Path)));
            marks.push((cell_tile(grid.pos(maze.start)), Tile::Start));
            marks.push((cell_tile(grid.pos(maze.goal)), Tile::Goal));
        }
        // Where marks share a tile the last one added wins (the goal over the path), and marks
        // were added in the order of `Tile`: sorting by tile kind last keeps that, in place.
        marks.sort_unstable_by_key(|&((x, y), tile)| (y, x, tile));
        Ok(Self {
            rows: grid.tile_rows()?,
            marks,
            next_mark: 0,
            y: 0,
            mask: maze.mask().map(|mask| (mask, Vec::new())),
        })
    }

    /// The next row (its index and tiles), or `None` after the last one.
    pub fn next_row(&mut self) -> Option<(u64, &[Tile])> {
        let y = self.y;
        let row = self.rows.next_row_mut()?;
        self.y += 1;
        mark(&self.marks, &mut self.next_mark, y, row, |tile| tile);
        if let Some((mask, near)) = &mut self.mask {
            blank(mask, y, near, Tile::Blank, row);
        }
        Some((y, row))
    }

    /// Draws the next row into `row`, each tile as `glyph` draws it, and returns its index, or
    /// `None` after the last one: a format's characters straight from the cells, without a row
    /// of tiles in between.
    #[inline]
    pub(crate) fn draw_next_row<T: Copy>(
        &mut self,
        glyph: impl Fn(Tile) -> T,
        row: &mut Vec<T>,
    ) -> Option<u64> {
        let y = self.y;
        if !self
            .rows
            .draw_next([glyph(Tile::Wall), glyph(Tile::Passage)], row)
        {
            return None;
        }
        self.y += 1;
        mark(&self.marks, &mut self.next_mark, y, row, &glyph);
        if let Some((mask, near)) = &mut self.mask {
            blank(mask, y, near, glyph(Tile::Blank), row);
        }
        Some(y)
    }
}

/// Blanks the tiles of tile row `y` that no cell of `mask` touches: a cell touches its own
/// tile and the walls and corners around it. `near` is scratch space.
pub(crate) fn blank<T: Copy>(mask: &Mask, y: u64, near: &mut Vec<bool>, blank: T, row: &mut [T]) {
    // The cells (or rows of cells) whose 3 tiles across include tile `t`.
    let touching = |t: u64, cells: u32| {
        cell_line_at_or_before(t) as usize
            ..=cell_line_at_or_after(t).min(u64::from(cells) - 1) as usize
    };
    near.clear();
    near.resize(mask.width() as usize, false);
    for cy in touching(y, mask.height()) {
        for (near, &on) in near.iter_mut().zip(mask.row(cy as u32)) {
            *near |= on;
        }
    }
    for (x, tile) in row.iter_mut().enumerate() {
        if !near[touching(x as u64, mask.width())].contains(&true) {
            *tile = blank;
        }
    }
}

/// Draws the marks of row `y` onto `row` as `glyph` draws them, from `marks[*next]` on.
#[inline]
fn mark<T>(
    marks: &[(TilePos, Tile)],
    next: &mut usize,
    y: u64,
    row: &mut [T],
    glyph: impl Fn(Tile) -> T,
) {
    while let Some(&((x, mark_y), tile)) = marks.get(*next)
        && mark_y == y
    {
        row[x as usize] = glyph(tile);
        *next += 1;
    }
}

/// How far each passage tile is from the start, scaled to 0 (the start) to 1 (the farthest).
#[derive(Debug, Clone)]
pub struct Heat {
    distances: Distances,
    width: u32,
    height: u32,
    scale: f32,
}

impl Heat {
    /// Measures the distances of `maze` from its start (8 bytes per cell, reserved first).
    pub fn new(maze: &Maze) -> Result<Self> {
        let grid = maze.tile_grid("a heat map of tiles")?;
        let distances = Distances::from(grid, grid.pos(maze.start))?;
        let farthest_tile_steps = 2 * distances.max();
        Ok(Self {
            width: grid.width(),
            height: grid.height(),
            scale: if farthest_tile_steps == 0 {
                0.0
            } else {
                1.0 / farthest_tile_steps as f32
            },
            distances,
        })
    }

    /// The heat of the tile at (x, y) if it is a cell or lies between two cells (whether a
    /// passage opens it or not: callers ask for passages); `None` for corners, the outer wall
    /// and unreachable cells.
    pub fn at(&self, tile: TilePos) -> Option<f32> {
        let steps = |cell| self.distances.to(cell);
        let tile_steps = match TileKind::at(tile, self.width, self.height)? {
            TileKind::Cell(cell) => 2 * steps(cell)?,
            TileKind::Passage { from, to, .. } => steps(from)? + steps(to)?,
            TileKind::Corner | TileKind::Border => return None,
        };
        Some(tile_steps as f32 * self.scale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Dir, Grid, Pos};

    fn picture(maze: &Maze) -> Vec<String> {
        let mut rows = maze.tiles().unwrap();
        let mut out = Vec::new();
        while let Some((_, row)) = rows.next_row() {
            out.push(
                row.iter()
                    .map(|tile| match tile {
                        Tile::Wall => '#',
                        Tile::Passage => ' ',
                        Tile::Path => '.',
                        Tile::Start => 'S',
                        Tile::Goal => 'G',
                        Tile::Blank => '_',
                    })
                    .collect(),
            );
        }
        out
    }

    /// A 2x2 maze shaped like a U: down the left, along the bottom, up the right.
    fn u_maze() -> Maze {
        let mut grid = Grid::new(2, 2).unwrap();
        grid.carve(Pos::new(0, 0), Dir::South);
        grid.carve(Pos::new(0, 1), Dir::East);
        grid.carve(Pos::new(1, 1), Dir::North);
        Maze::new(grid, "hand", serde_json::json!({}), 0)
    }

    #[test]
    fn solution_start_goal_and_openings_are_drawn() {
        let mut maze = u_maze();
        assert_eq!(
            picture(&maze),
            ["#####", "# # #", "# # #", "#   #", "#####"]
        );
        maze.open_border().unwrap();
        maze.solve().unwrap();
        assert_eq!(
            picture(&maze),
            ["#.###", "#S# #", "#.# #", "#..G#", "###.#"]
        );
        assert_eq!(
            maze.solution_tiles().unwrap().collect::<Vec<_>>(),
            [(1, 0), (1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 4)]
        );
    }

    #[test]
    fn heat_grows_along_the_path() {
        let maze = u_maze();
        let heat = Heat::new(&maze).unwrap();
        let along = [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1)];
        for (k, tile) in along.into_iter().enumerate() {
            let expected = k as f32 / 6.0;
            assert!((heat.at(tile).unwrap() - expected).abs() < 1e-6, "{tile:?}");
        }
        assert_eq!(heat.at((0, 0)), None);
        assert_eq!(heat.at((4, 1)), None, "the outer wall");
    }
}
