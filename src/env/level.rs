//! One level: a maze's tiles, where the agent stands and where the goal is.

use super::EnvError;
use crate::grid::{Tile, TilePos, cell_tile};
use crate::maze::Maze;

/// A tile the agent may stand on.
pub const FLOOR: u8 = 0;
/// A wall: rock between cells and the outer wall.
pub const WALL: u8 = 1;
/// The goal, in tile observations.
pub const GOAL: u8 = 2;
/// The agent, in tile observations.
pub const AGENT: u8 = 3;
/// Outside the maze, beyond a mask's cells: drawn as a wall in channel observations, and never
/// turned into floor by a mutation.
pub const OUTSIDE: u8 = 4;

/// A level: `height x width` tiles in rows (each [`FLOOR`], [`WALL`] or [`OUTSIDE`]), the
/// agent's tile and the goal's (indices into `tiles`, on floor), and the seed of the maze it
/// was made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// Tiles across.
    pub width: u32,
    /// Tiles down.
    pub height: u32,
    /// The tiles, row by row.
    pub tiles: Vec<u8>,
    /// The agent's tile: `y * width + x`.
    pub agent: u32,
    /// The goal's tile: `y * width + x`.
    pub goal: u32,
    /// The maze's seed (a mutated level keeps the seed it was made from).
    pub seed: u64,
}

impl Level {
    /// The level of `maze` (a rectangle or a mask): its tiles, the agent on its start and the
    /// goal on its goal.
    pub fn of_maze(maze: &Maze) -> Result<Self, EnvError> {
        let mut rows = maze.wall_tiles()?;
        let mut tiles = Vec::new();
        if let Some(grid) = maze.grid() {
            tiles.reserve((grid.tile_width() * grid.tile_height()) as usize);
        }
        let mut width = 0;
        while let Some((_, row)) = rows.next_row() {
            width = row.len();
            tiles.extend(row.iter().map(|tile| match tile {
                Tile::Wall => WALL,
                Tile::Blank => OUTSIDE,
                _ => FLOOR,
            }));
        }
        let width = u32::try_from(width).map_err(|_| EnvError::TooLarge)?;
        let height =
            u32::try_from(tiles.len() / width.max(1) as usize).map_err(|_| EnvError::TooLarge)?;
        let index = |(x, y): TilePos| (y * u64::from(width) + x) as u32;
        Ok(Self {
            width,
            height,
            tiles,
            agent: index(cell_tile(maze.start_pos())),
            goal: index(cell_tile(maze.goal_pos())),
            seed: maze.seed(),
        })
    }

    /// The tile one step from `tile` in direction `action` (0 east, 1 south, 2 west, 3 north,
    /// Minigrid's order), if it is on the map.
    #[inline(always)]
    pub fn beside(&self, tile: u32, action: u8) -> Option<u32> {
        let (x, y) = (tile % self.width, tile / self.width);
        match action {
            0 if x + 1 < self.width => Some(tile + 1),
            1 if y + 1 < self.height => Some(tile + self.width),
            2 if x > 0 => Some(tile - 1),
            3 if y > 0 => Some(tile - self.width),
            _ => None,
        }
    }

    /// The number of steps from tile `from` to every tile (`u32::MAX` where it cannot go), by
    /// breadth-first search over the floor.
    pub fn distances(&self, from: u32) -> Vec<u32> {
        let mut distance = vec![u32::MAX; self.tiles.len()];
        let mut queue = Vec::with_capacity(self.tiles.len());
        distance[from as usize] = 0;
        queue.push(from);
        let mut next = 0;
        while let Some(&tile) = queue.get(next) {
            next += 1;
            for action in 0..4 {
                if let Some(to) = self.beside(tile, action)
                    && self.tiles[to as usize] == FLOOR
                    && distance[to as usize] == u32::MAX
                {
                    distance[to as usize] = distance[tile as usize] + 1;
                    queue.push(to);
                }
            }
        }
        distance
    }

    /// The fewest steps from the agent to the goal, or `None` when the goal cannot be reached.
    pub fn shortest(&self) -> Option<u32> {
        Some(self.distances(self.agent)[self.goal as usize]).filter(|&d| d != u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Backtrack;

    #[test]
    fn a_maze_s_level_has_its_tiles_and_endpoints() {
        let maze = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(4, 3)
            .seed(5)
            .build()
            .unwrap();
        let level = Level::of_maze(&maze).unwrap();
        assert_eq!((level.width, level.height), (9, 7));
        let text: String = level
            .tiles
            .chunks(9)
            .map(|row| {
                let mut line: String = row.iter().map(|&t| [' ', '#'][t as usize]).collect();
                line.push('\n');
                line
            })
            .collect();
        assert_eq!(text, maze.to_string());
        assert_eq!((level.agent, level.goal), (10, 9 * 5 + 7));
        // A perfect maze's path in tiles is twice its path in cells.
        let mut solved = maze.clone();
        solved.solve().unwrap();
        let cells = solved.solution().unwrap().len() as u32;
        assert_eq!(level.shortest(), Some(2 * (cells - 1)));
    }
}
