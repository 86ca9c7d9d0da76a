//! `jsonl`: one compact `mazegen.maze/v1` document a line, for datasets of many mazes.

use super::Render;
use super::json::document;
use crate::analysis::Difficulty;
use crate::maze::Maze;
use std::io::{self, Write};

/// JSON lines: the document [`super::Json`] writes, on one line, ending with a newline. With
/// `stats`, the document carries a `stats` and a `difficulty` object.
#[derive(Debug, Clone, Copy, Default)]
pub struct Jsonl {
    /// Whether to add the `stats` and `difficulty` objects.
    pub stats: bool,
}

impl Render for Jsonl {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let difficulty = self
            .stats
            .then(|| Difficulty::of(maze))
            .transpose()
            .map_err(io::Error::other)?;
        serde_json::to_writer(&mut *out, &document(maze, self.stats, difficulty)?)?;
        out.write_all(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Backtrack;
    use crate::render::Json;

    #[test]
    fn one_line_holding_the_json_document() {
        let maze = Maze::generate(&Backtrack::default(), 5, 4, 3).unwrap();
        let (mut line, mut pretty) = (Vec::new(), Vec::new());
        Jsonl::default().render(&maze, &mut line).unwrap();
        Json::default().render(&maze, &mut pretty).unwrap();
        assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
        assert!(line.ends_with(b"\n"));
        let parse = |bytes: &[u8]| serde_json::from_slice::<serde_json::Value>(bytes).unwrap();
        assert_eq!(parse(&line), parse(&pretty));
    }

    #[test]
    fn stats_bring_the_difficulty() {
        let maze = Maze::generate(&Backtrack::default(), 5, 4, 3).unwrap();
        let mut line = Vec::new();
        Jsonl { stats: true }.render(&maze, &mut line).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&line).unwrap();
        let difficulty = Difficulty::of(&maze).unwrap();
        assert_eq!(
            value["difficulty"]["solution_length"],
            difficulty.solution_length
        );
        assert_eq!(
            value["stats"]["solution_length"],
            difficulty.solution_length
        );
    }
}
