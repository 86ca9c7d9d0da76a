//! `mazebench`: a maze as MazeBench (alrod97/LLMs_mazes) asks and scores it, one JSON object a
//! line:
//!
//! ```text
//! {"grid_size":[5,5],"grid":"# # # # #\n# S . . #\n...","reachable":true,"shortest_path_length":4,"accepted_shortest_paths":["RRDD"]}
//! ```
//!
//! `grid` is the text grid its `text_grid_runner.py` puts in the prompt: the maze's tiles, a
//! row a line, a space between tiles, `#` a wall, `.` floor, `S` the start and `G` the goal
//! (no line end after the last row). The rest is its ground truth
//! (`benchmark/ground_truth/maze_annotations.json`): whether `G` can be reached, and every
//! shortest path as a move string (`U`, `D`, `L`, `R`, a letter a tile, from the first step),
//! which its scorer accepts any one of and whose common length is the shortest path's length
//! in moves; `shortest_path_length` gives that length (`null` when unreachable), as the answer
//! it asks of a model does. The paths come in the order of [`Maze::shortest_paths`]; a maze
//! with more than [`MazeBench::MAX_PATHS`] of them is refused, since a ground truth that left
//! some out would fail answers that are right.

use super::grids::{TileChars, rectangle};
use crate::grid::MazeError;
use crate::maze::Maze;
use crate::render::{Holds, Many, Render, Takes};
use serde::Serialize;
use std::io::{self, Write};

/// MazeBench's text grid and ground truth, a maze a JSON line (rectangles).
#[derive(Debug, Clone, Copy, Default)]
pub struct MazeBench;

impl MazeBench {
    /// What `mazebench` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        many: Some(Many::Lines),
        holds: Holds {
            openings: false,
            solution: false,
            ..Holds::ALL
        },
        ..Takes::NOTHING
    };

    /// The most shortest paths a maze may have to be written.
    pub const MAX_PATHS: usize = 10_000;
}

/// One line of `mazebench`.
#[derive(Serialize)]
struct Line {
    grid_size: [u64; 2],
    grid: String,
    reachable: bool,
    shortest_path_length: Option<u64>,
    accepted_shortest_paths: Vec<String>,
}

impl Render for MazeBench {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let grid = rectangle(maze, "mazebench", false)?;
        let found = maze
            .shortest_paths(Self::MAX_PATHS + 1)
            .map_err(io::Error::other)?;
        if found.paths.len() > Self::MAX_PATHS {
            return Err(io::Error::other(MazeError::TooManyShortestPaths {
                format: "mazebench",
                count: found.count.to_string(),
                limit: Self::MAX_PATHS,
            }));
        }
        let tiles = TileChars::new(maze, grid, None, *b"#..SG")?;
        let rows: Vec<String> = tiles
            .rows()
            .map(|row| {
                let chars: Vec<String> = row.iter().map(|&c| char::from(c).to_string()).collect();
                chars.join(" ")
            })
            .collect();
        // A step between cells is two moves between tiles.
        let paths = maze.shortest_moves(&found).unwrap_or_default();
        let paths = paths
            .iter()
            .map(|moves| moves.chars().flat_map(|c| [c, c]).collect())
            .collect();
        let line = Line {
            grid_size: [grid.tile_height(), grid.tile_width()],
            grid: rows.join("\n"),
            reachable: found.reachable(),
            shortest_path_length: found.length.map(|steps| 2 * u64::from(steps)),
            accepted_shortest_paths: paths,
        };
        let mut bytes = serde_json::to_vec(&line).map_err(io::Error::other)?;
        bytes.push(b'\n');
        out.write_all(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Dir, Grid, Pos};

    #[test]
    fn a_square_loop_has_two_accepted_paths_in_tile_moves() {
        // Four cells round a pillar: two ways from the top-left to the bottom-right.
        let mut grid = Grid::new(2, 2).unwrap();
        grid.carve(Pos::new(0, 0), Dir::South);
        grid.carve(Pos::new(0, 0), Dir::East);
        grid.carve(Pos::new(0, 1), Dir::East);
        grid.carve(Pos::new(1, 0), Dir::South);
        let maze = Maze::new(grid, "hand", serde_json::json!({}), 0);
        let mut out = Vec::new();
        MazeBench.render(&maze, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r##"{"grid_size":[5,5],"grid":"# # # # #\n# S . . #\n# . # . #\n# . . G #\n# # # # #","reachable":true,"shortest_path_length":4,"accepted_shortest_paths":["RRDD","DDRR"]}"##
                .to_owned()
                + "\n"
        );
    }
}
