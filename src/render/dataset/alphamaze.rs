//! `alphamaze`: the prompt and answer of AlphaMaze (Menlo's visual-thinker), as its benchmark
//! and its README show them: each cell as three tokens, `<|row-col|>`, its walls and its
//! marker, the cells of a row on one line; then the answer, a move token a step:
//!
//! ```text
//! <|0-0|><|up_left_right_wall|><|blank|><|0-1|><|up_left_wall|><|blank|>...
//! ...
//! <|right|><|down|><|right|>...
//! ```
//!
//! The walls token names the sides of the cell without a passage, in the order up, down, left,
//! right (`<|up_down_left_wall|>`), `<|no_wall|>` for none and `<|all_wall|>` for all four: 16
//! tokens. The marker is `<|origin|>` at the start, `<|target|>` at the goal, `<|blank|>`
//! elsewhere. The answer is the maze's solution (a shortest path when it was not solved) as
//! `<|up|>`, `<|down|>`, `<|left|>` and `<|right|>`, with nothing between them, as its
//! benchmark writes a golden answer.

use super::grids::{path, rectangle, step};
use crate::grid::{Dir, Pos};
use crate::maze::Maze;
use crate::render::{Holds, Many, Render, Takes};
use std::io::{self, Write};

/// AlphaMaze's cell tokens and move answer (rectangles).
#[derive(Debug, Clone, Copy, Default)]
pub struct AlphaMaze;

impl AlphaMaze {
    /// What `alphamaze` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        solved: true,
        many: Some(Many::Separated),
        holds: Holds {
            openings: false,
            ..Holds::ALL
        },
        ..Takes::NOTHING
    };
}

impl Render for AlphaMaze {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let grid = rectangle(maze, "alphamaze", false)?;
        let (start, goal) = (maze.start_pos(), maze.goal_pos());
        let mut text = String::new();
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let here = Pos { x, y };
                let open = |dir: Dir| match dir {
                    Dir::North => y > 0 && grid.open_south(x, y - 1),
                    Dir::South => grid.open_south(x, y),
                    Dir::West => x > 0 && grid.open_east(x - 1, y),
                    Dir::East => grid.open_east(x, y),
                };
                let walls: Vec<&str> = [
                    (Dir::North, "up"),
                    (Dir::South, "down"),
                    (Dir::West, "left"),
                    (Dir::East, "right"),
                ]
                .into_iter()
                .filter(|&(dir, _)| !open(dir))
                .map(|(_, name)| name)
                .collect();
                let walls = match walls.len() {
                    0 => "no".to_owned(),
                    4 => "all".to_owned(),
                    _ => walls.join("_"),
                };
                let marker = if here == start {
                    "origin"
                } else if here == goal {
                    "target"
                } else {
                    "blank"
                };
                text.push_str(&format!("<|{y}-{x}|><|{walls}_wall|><|{marker}|>"));
            }
            text.push('\n');
        }
        for pair in path(maze)?.unwrap_or_default().windows(2) {
            text.push_str(match step(pair[0], pair[1]) {
                Dir::North => "<|up|>",
                Dir::South => "<|down|>",
                Dir::West => "<|left|>",
                Dir::East => "<|right|>",
            });
        }
        text.push('\n');
        out.write_all(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// The 5x5 maze of the example in AlphaMaze's benchmark (`benchmark/utils.py` of
    /// janhq/visual-thinker), its rows as the benchmark prints them.
    const SAMPLE: &str = "\
<|0-0|><|up_left_right_wall|><|blank|><|0-1|><|up_left_wall|><|blank|><|0-2|><|up_down_wall|><|blank|><|0-3|><|up_down_wall|><|blank|><|0-4|><|up_right_wall|><|blank|>
<|1-0|><|down_left_wall|><|blank|><|1-1|><|down_right_wall|><|blank|><|1-2|><|up_left_wall|><|blank|><|1-3|><|up_down_wall|><|blank|><|1-4|><|down_right_wall|><|target|>
<|2-0|><|up_left_wall|><|origin|><|2-1|><|up_right_wall|><|blank|><|2-2|><|left_right_wall|><|blank|><|2-3|><|up_left_wall|><|blank|><|2-4|><|up_right_wall|><|blank|>
<|3-0|><|left_right_wall|><|blank|><|3-1|><|down_left_wall|><|blank|><|3-2|><|down_right_wall|><|blank|><|3-3|><|down_left_right_wall|><|blank|><|3-4|><|left_right_wall|><|blank|>
<|4-0|><|down_left_wall|><|blank|><|4-1|><|up_down_wall|><|blank|><|4-2|><|up_down_wall|><|blank|><|4-3|><|up_down_wall|><|blank|><|4-4|><|down_right_wall|><|blank|>
";

    /// The same maze, built from its passages (read off the sample by hand: each cell's open
    /// sides are those its walls token leaves out).
    fn sample_maze() -> Maze {
        let mut grid = Grid::new(5, 5).unwrap();
        // Passages by cell (x, y) and direction.
        let passages = [
            (0, 0, Dir::South),
            (1, 0, Dir::East),
            (1, 0, Dir::South),
            (2, 0, Dir::East),
            (3, 0, Dir::East),
            (4, 0, Dir::South),
            (0, 1, Dir::East),
            (2, 1, Dir::East),
            (2, 1, Dir::South),
            (3, 1, Dir::East),
            (0, 2, Dir::East),
            (0, 2, Dir::South),
            (1, 2, Dir::South),
            (2, 2, Dir::South),
            (3, 2, Dir::East),
            (3, 2, Dir::South),
            (4, 2, Dir::South),
            (0, 3, Dir::South),
            (1, 3, Dir::East),
            (4, 3, Dir::South),
            (0, 4, Dir::East),
            (1, 4, Dir::East),
            (2, 4, Dir::East),
            (3, 4, Dir::East),
        ];
        for (x, y, dir) in passages {
            grid.carve(Pos::new(x, y), dir);
        }
        let mut maze = Maze::new(grid, "hand", serde_json::json!({}), 0);
        maze.set_endpoints(Pos::new(0, 2), Pos::new(4, 1)).unwrap();
        maze.solve().unwrap();
        maze
    }

    #[test]
    fn alphamazes_benchmark_sample_byte_for_byte() {
        let mut out = Vec::new();
        AlphaMaze.render(&sample_maze(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let (grid, answer) = text.split_at(SAMPLE.len());
        assert_eq!(grid, SAMPLE);
        // The one path, as its benchmark replays moves to the target.
        assert_eq!(
            answer,
            "<|right|><|down|><|right|><|up|><|up|><|right|><|right|>\n"
        );
    }
}
