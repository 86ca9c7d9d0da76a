//! `tokens`: a maze as one line of maze-dataset's tokens, by any of its modular tokenizers
//! ([`Tokenizer`], by default its default, AOTP with unique coordinate tokens, which
//! `SolvedMaze.from_tokens` reads back with `TokenizationMode.AOTP_UT_uniform`):
//!
//! ```text
//! <ADJLIST_START> (0,1) <--> (0,0) ; (1,1) <--> (0,1) ; ... <ADJLIST_END>
//! <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (1,1) <TARGET_END>
//! <PATH_START> (0,0) (0,1) (1,1) <PATH_END>
//! ```
//!
//! (one line). Cells are `(row,column)`; random orders (by default the passages' order and
//! which of each one's two cells leads, as maze-dataset shuffles them) are drawn from a stream
//! of the maze's seed of their own, so they never move the maze; the path is the maze's
//! solution, or a shortest path when it was not solved. A maze maze-dataset cannot read (one
//! cell, no passage, its start on its goal) is refused.

use super::Tokenizer;
use crate::grid::Pos;
use crate::maze::{Maze, TOKENS_STREAM};
use crate::render::{Holds, Many, Render, Takes};
use crate::rng::rng_for_stream;
use crate::topology::Distances;
use std::io::{self, Write};

/// maze-dataset's tokens, a maze a line (rectangles and masks), by `tokenizer`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tokens {
    /// The tokenizer (maze-dataset's default unless chosen).
    pub tokenizer: Tokenizer,
}

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
        let mut rng = rng_for_stream(maze.seed(), TOKENS_STREAM);
        let mut line = String::new();
        self.tokenizer
            .write(grid, &path, &mut rng, &mut line)
            .map_err(io::Error::other)?;
        line.push('\n');
        out.write_all(line.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Kruskal;

    fn tokens(maze: &Maze) -> String {
        let mut out = Vec::new();
        Tokens::default().render(maze, &mut out).unwrap();
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
