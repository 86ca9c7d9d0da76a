//! `hrm`: the CSV of `sapientinc/maze-30x30-hard-1k`, which HRM's
//! `dataset/build_maze_dataset.py` reads unchanged: a header line `source,q,a,rating`, then a
//! row a maze. `q` is the maze's tiles row after row in one string, `#` a wall, a space open,
//! `S` the start and `G` the goal; `a` is the same with `o` on every tile of the solution
//! between them (a shortest path when the maze was not solved). The builder takes the side of
//! the grid as the square root of the length of `q`, so the tiles must be square: a maze as
//! many cells across as down. `source` names the maze (`mazegen:ALGORITHM:SEED`) and `rating`
//! is the length of the path in steps (cell to cell). Nothing needs quoting: no field holds a
//! comma, a quote or a line end.

use super::grids::{TileChars, path, rectangle};
use crate::maze::Maze;
use crate::render::{Holds, Many, Render, Takes};
use std::io::{self, Write};

/// HRM's maze CSV, a maze a row (square rectangles), after [`Hrm::HEADER`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Hrm;

impl Hrm {
    /// What `hrm` takes.
    pub const TAKES: Takes = Takes {
        tiles: true,
        solved: true,
        records_seed: true,
        many: Some(Many::Lines),
        holds: Holds {
            openings: false,
            ..Holds::ALL
        },
        ..Takes::NOTHING
    };

    /// The header line, written once before the rows.
    pub const HEADER: &'static [u8] = b"source,q,a,rating\n";
}

impl Render for Hrm {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let grid = rectangle(maze, "hrm", true)?;
        let path = path(maze)?;
        let question = TileChars::new(maze, grid, None, *b"#  SG")?;
        let answer = TileChars::new(maze, grid, path.as_deref(), *b"# oSG")?;
        let steps = path.map_or(0, |path| path.len().saturating_sub(1));
        let mut row = format!("mazegen:{}:{},", maze.algorithm(), maze.seed()).into_bytes();
        row.extend_from_slice(&question.chars);
        row.push(b',');
        row.extend_from_slice(&answer.chars);
        row.extend_from_slice(format!(",{steps}\n").as_bytes());
        out.write_all(&row)
    }

    fn header(&self) -> &'static [u8] {
        Self::HEADER
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Kruskal;

    #[test]
    fn a_row_of_square_tiles_with_the_path_in_the_answer() {
        let maze = Maze::builder()
            .algorithm(Kruskal)
            .cells(3, 3)
            .seed(4)
            .build()
            .unwrap();
        let mut out = Vec::new();
        Hrm.render(&maze, &mut out).unwrap();
        let line = String::from_utf8(out).unwrap();
        let fields: Vec<&str> = line.trim_end().split(',').collect();
        assert_eq!(fields.len(), 4);
        let (q, a) = (fields[1], fields[2]);
        assert_eq!((q.len(), a.len()), (49, 49), "7x7 tiles");
        assert!(q.chars().all(|c| "# SG".contains(c)) && a.chars().all(|c| "# SGo".contains(c)));
        assert_eq!(q.find('S'), Some(8), "the start's tile, row 1 column 1");
        assert_eq!(q.find('G'), Some(40), "the goal's tile, row 5 column 5");
        let differ = q.chars().zip(a.chars()).filter(|(x, y)| x != y);
        assert!(differ.clone().all(|(x, y)| x == ' ' && y == 'o'));
        let steps: usize = fields[3].parse().unwrap();
        assert_eq!(
            differ.count(),
            2 * steps - 1,
            "cells and passages between S and G"
        );
        let wide = Maze::builder()
            .algorithm(Kruskal)
            .cells(4, 3)
            .seed(4)
            .build()
            .unwrap();
        let refused = Hrm.render(&wide, &mut Vec::new()).unwrap_err().to_string();
        assert_eq!(
            refused,
            "hrm writes square mazes only (as many cells across as down), not a 4x3-cell maze"
        );
    }
}
