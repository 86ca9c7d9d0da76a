//! `tokens`: a maze as one line of maze-dataset's tokens, its AOTP tokenization with unique
//! coordinate tokens (`TokenizationMode.AOTP_UT_uniform`), which `SolvedMaze.from_tokens` reads
//! back:
//!
//! ```text
//! <ADJLIST_START> (0,1) <--> (0,0) ; (1,1) <--> (0,1) ; ... <ADJLIST_END>
//! <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (1,1) <TARGET_END>
//! <PATH_START> (0,0) (0,1) (1,1) <PATH_END>
//! ```
//!
//! (one line). Cells are `(row,column)`; the passages come in a seeded order, each one's two
//! cells either way round, as maze-dataset shuffles them, drawn from a stream of the maze's
//! seed of their own, so the order never moves the maze; the path is the maze's solution, or a shortest path when it was not solved.

use crate::grid::Pos;
use crate::maze::{Maze, TOKENS_STREAM};
use crate::render::{Holds, Many, Render, Takes};
use crate::rng::{RandomBits, rng_for_stream, shuffle};
use crate::topology::Distances;
use std::io::{self, Write};

/// maze-dataset's tokens, a maze a line (rectangles and masks).
#[derive(Debug, Clone, Copy, Default)]
pub struct Tokens;

impl Tokens {
    /// What `tokens` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        many: Some(Many::Lines),
        // Cells and their passages: the outer wall is no passage.
        holds: Holds {
            openings: false,
            ..Holds::ALL
        },
        ..Takes::NOTHING
    };
}

impl Render for Tokens {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let grid = maze.tile_grid("tokens").map_err(io::Error::other)?;
        // Every passage, row by row, then in a seeded order and either way round.
        let mut passages = Vec::new();
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let here = Pos { x, y };
                if grid.open_east(x, y) {
                    passages.push((here, Pos { x: x + 1, y }));
                }
                if grid.open_south(x, y) {
                    passages.push((here, Pos { x, y: y + 1 }));
                }
            }
        }
        let mut rng = rng_for_stream(maze.seed(), TOKENS_STREAM);
        shuffle(&mut rng, &mut passages);
        let mut coins = RandomBits::new(&mut rng);
        for passage in &mut passages {
            if coins.bit() {
                *passage = (passage.1, passage.0);
            }
        }
        let path: Vec<Pos> = match maze.solution() {
            Some(cells) => cells.iter().map(|&cell| maze.pos(cell)).collect(),
            // Mazes are connected, but a window's start and goal may join outside it.
            None => Distances::from(grid, maze.start_pos())
                .and_then(|distances| distances.path_to(grid, maze.goal_pos()))
                .map_err(io::Error::other)?
                .ok_or_else(|| {
                    io::Error::other(crate::grid::MazeError::NoPathInWindow {
                        start: maze.start_pos(),
                        goal: maze.goal_pos(),
                    })
                })?,
        };
        let mut line = String::from("<ADJLIST_START>");
        for (a, b) in passages {
            line.push_str(&format!(" {} <--> {} ;", token(a), token(b)));
        }
        line.push_str(&format!(
            " <ADJLIST_END> <ORIGIN_START> {} <ORIGIN_END> <TARGET_START> {} <TARGET_END> \
             <PATH_START>",
            token(maze.start_pos()),
            token(maze.goal_pos())
        ));
        for cell in path {
            line.push(' ');
            line.push_str(&token(cell));
        }
        line.push_str(" <PATH_END>\n");
        out.write_all(line.as_bytes())
    }
}

/// A cell's coordinate token, `(row,column)`.
fn token(pos: Pos) -> String {
    format!("({},{})", pos.y, pos.x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Kruskal;

    fn tokens(maze: &Maze) -> String {
        let mut out = Vec::new();
        Tokens.render(maze, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_passage_once_then_the_endpoints_and_the_path() {
        let mut maze = Maze::builder()
            .algorithm(Kruskal)
            .cells(3, 2)
            .seed(5)
            .build()
            .unwrap();
        let line = tokens(&maze);
        assert!(line.starts_with("<ADJLIST_START> (") && line.ends_with(" <PATH_END>\n"));
        assert_eq!(
            line.matches(" <--> ").count(),
            5,
            "a perfect 3x2 maze has 5 passages"
        );
        assert!(line.contains("<ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (1,2)"));
        let path = line.split("<PATH_START> ").nth(1).unwrap();
        assert!(path.starts_with("(0,0) ") && path.ends_with(" (1,2) <PATH_END>\n"));
        // The path of an unsolved maze is its shortest path, the same once solved.
        maze.solve().unwrap();
        assert_eq!(tokens(&maze), line);
    }

    #[test]
    fn the_order_is_seeded_and_moves_with_the_seed_only() {
        let a = Maze::builder()
            .algorithm(Kruskal)
            .cells(6, 6)
            .seed(9)
            .build()
            .unwrap();
        assert_eq!(
            tokens(&a),
            tokens(
                &Maze::builder()
                    .algorithm(Kruskal)
                    .cells(6, 6)
                    .seed(9)
                    .build()
                    .unwrap()
            )
        );
        let row_major = |line: &str| {
            let pairs: Vec<&str> = line.split(" ; ").collect();
            pairs.windows(2).all(|w| w[0] <= w[1])
        };
        assert!(!row_major(&tokens(&a)), "the passages are shuffled");
    }
}
