//! `jsonl`: one compact document a line, for datasets of many mazes: `mazegen.maze/v1` for
//! rectangles and masks, `mazegen.graph/v1` for mazes of any shape.

use crate::analysis::Difficulty;
use crate::document::write_line;
use crate::maze::Maze;
use crate::render::dataset::searchformer::trace_of;
use crate::render::maze::document;
use crate::render::{Graph, Many, Render, Takes};
use crate::solve::trace::Search;
use std::io::{self, Write};

/// JSON lines: the document [`Json`](crate::render::Json) (or [`Graph`]) writes, on one line, ending with a
/// newline: a maze document for rectangles and masks unless `graph` is set, a graph document
/// for every other shape. With `stats`, a maze document carries a `stats` and a `difficulty`
/// object, a graph document its `stats`. With `trace`, a maze document carries a `trace`: the
/// search's steps on Searchformer's grid, `[action, x, y]` each
/// ([`Step::row`](crate::solve::trace::Step::row)), the rows `npz` writes in `traces`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Jsonl {
    /// Whether to add the `stats` and `difficulty` objects.
    pub stats: bool,
    /// Whether rectangles and masks are written as graph documents too.
    pub graph: bool,
    /// The search whose trace a maze document carries, if any.
    pub trace: Option<Search>,
}

impl Jsonl {
    /// What `jsonl` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        any_shape: true,
        carries_stats: true,
        records_seed: true,
        many: Some(Many::Lines),
        ..Takes::NOTHING
    };
}

impl Render for Jsonl {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        if self.graph || maze.grid().is_none() {
            return Graph { stats: self.stats }.write(maze, out, true);
        }
        let difficulty = self
            .stats
            .then(|| Difficulty::of(maze))
            .transpose()
            .map_err(io::Error::other)?;
        let document = document(maze, self.stats, difficulty)?;
        let Some(search) = self.trace else {
            return write_line(out, &document);
        };
        let rows: Vec<[i32; 3]> = trace_of(maze, search)?
            .iter()
            .map(|step| step.row())
            .collect();
        let mut value = serde_json::to_value(&document).map_err(io::Error::other)?;
        value["trace"] = serde_json::json!(rows);
        write_line(out, &value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Backtrack;
    use crate::render::Json;

    #[test]
    fn one_line_holding_the_json_document() {
        let maze = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(5, 4)
            .seed(3)
            .build()
            .unwrap();
        let (mut line, mut pretty) = (Vec::new(), Vec::new());
        Jsonl::default().render(&maze, &mut line).unwrap();
        Json::default().render(&maze, &mut pretty).unwrap();
        assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
        assert!(line.ends_with(b"\n"));
        let parse = |bytes: &[u8]| serde_json::from_slice::<serde_json::Value>(bytes).unwrap();
        assert_eq!(parse(&line), parse(&pretty));
    }

    #[test]
    fn one_line_holding_the_graph_document() {
        let hex = crate::topology::Shape::Hex(crate::topology::Hex::new(4, 3).unwrap());
        let mut maze = Maze::builder()
            .algorithm(Backtrack::default())
            .shape(hex)
            .seed(3)
            .build()
            .unwrap();
        maze.solve().unwrap();
        let (mut line, mut pretty) = (Vec::new(), Vec::new());
        let stats = true;
        Jsonl {
            stats,
            graph: true,
            trace: None,
        }
        .render(&maze, &mut line)
        .unwrap();
        Graph { stats }.render(&maze, &mut pretty).unwrap();
        assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
        assert!(line.ends_with(b"\n"));
        let parse = |bytes: &[u8]| serde_json::from_slice::<serde_json::Value>(bytes).unwrap();
        assert_eq!(parse(&line), parse(&pretty));
    }

    #[test]
    fn stats_bring_the_difficulty() {
        let maze = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(5, 4)
            .seed(3)
            .build()
            .unwrap();
        let mut line = Vec::new();
        Jsonl {
            stats: true,
            ..Jsonl::default()
        }
        .render(&maze, &mut line)
        .unwrap();
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
