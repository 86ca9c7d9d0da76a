//! Shape statistics of a maze: the numbers that tell algorithms apart.

use crate::grid::Grid;
use serde::Serialize;
use std::iter::Sum;
use std::ops::AddAssign;

/// Counts describing a maze's shape, and the figures derived from them.
///
/// Counts add up ([`AddAssign`], [`Sum`]), so the figures of a sum are pooled over several
/// mazes: e.g. the dead-end fraction of many mazes together is all their dead ends over all
/// their cells.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Number of cells.
    pub cells: u64,
    /// Cells with exactly one passage.
    pub dead_ends: u64,
    /// Cells with three or four passages.
    pub junctions: u64,
    /// Open passages between cells.
    pub passages: u64,
    /// Open passages between horizontal (east-west) neighbours.
    pub horizontal_passages: u64,
    /// Straight runs: maximal chains of open passages along one row or one column. A run of
    /// `k` passages spans `k + 1` cells in a straight line; it may pass junctions (a corridor
    /// crossing a side passage stays one run) but stops at a wall or a turn.
    pub straight_runs: u64,
    /// Inner walls: closed sides between neighbouring cells (the outer wall is not counted).
    pub walls: u64,
    /// The sum over straight walls of their length squared. A straight wall is a maximal chain
    /// of inner walls along one line between two rows or two columns; it continues through
    /// points where other walls meet it and stops at a gap or at the outer wall. Its length is
    /// its number of walls (cell sides).
    pub wall_length_squares: u64,
}

impl Stats {
    /// Measures `grid` in a pass over its rows and one over its columns.
    pub fn measure(grid: &Grid) -> Self {
        let (w, h) = (grid.width(), grid.height());
        let mut stats = Stats {
            cells: grid.cell_count() as u64,
            ..Stats::default()
        };
        for y in 0..h {
            let (mut west, mut wall_run) = (false, 0);
            for x in 0..w {
                let east = grid.open_east(x, y);
                let south = grid.open_south(x, y);
                let north = y > 0 && grid.open_south(x, y - 1);
                let degree = u8::from(east) + u8::from(south) + u8::from(west) + u8::from(north);
                stats.dead_ends += u64::from(degree == 1);
                stats.junctions += u64::from(degree >= 3);
                stats.passages += u64::from(east) + u64::from(south);
                stats.horizontal_passages += u64::from(east);
                stats.straight_runs += u64::from(east && !west);
                stats.straight_runs += u64::from(south && !north);
                stats.add_wall(!south && y + 1 < h, &mut wall_run);
                west = east;
            }
        }
        for x in 0..w.saturating_sub(1) {
            let mut wall_run = 0;
            for y in 0..h {
                stats.add_wall(!grid.open_east(x, y), &mut wall_run);
            }
        }
        stats
    }

    /// Counts the next side along a line, a wall or not, given the walls just before it on the
    /// same line: the k-th wall of a straight wall adds 2k - 1, so a wall of n adds n^2.
    fn add_wall(&mut self, wall: bool, run: &mut u64) {
        *run = if wall { *run + 1 } else { 0 };
        if wall {
            self.walls += 1;
            self.wall_length_squares += 2 * *run - 1;
        }
    }

    /// Fraction of cells that are dead ends (one passage).
    pub fn dead_end_fraction(&self) -> f64 {
        ratio(self.dead_ends, self.cells)
    }

    /// Fraction of cells that are junctions (three or four passages).
    pub fn junction_fraction(&self) -> f64 {
        ratio(self.junctions, self.cells)
    }

    /// Mean length of a straight run in passages: all passages over all runs (0 without any).
    /// A maze of nothing but turns scores 1; one straight corridor of `n` cells scores `n - 1`.
    pub fn mean_straight_run(&self) -> f64 {
        ratio(self.passages, self.straight_runs)
    }

    /// Length-weighted mean length of a straight wall, in cell sides: the length of the
    /// straight wall a randomly chosen inner wall belongs to (the sum of squared lengths over
    /// the sum of lengths; 0 without walls). Long walls weigh in by the walls they hold, so a
    /// few walls across the whole maze show, as in recursive division.
    pub fn mean_straight_wall(&self) -> f64 {
        ratio(self.wall_length_squares, self.walls)
    }

    /// Fraction of passages that are horizontal (0 without any passage).
    pub fn horizontal_fraction(&self) -> f64 {
        ratio(self.horizontal_passages, self.passages)
    }
}

/// `part / whole`, 0 when `whole` is 0.
fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, other: Self) {
        self.cells += other.cells;
        self.dead_ends += other.dead_ends;
        self.junctions += other.junctions;
        self.passages += other.passages;
        self.horizontal_passages += other.horizontal_passages;
        self.straight_runs += other.straight_runs;
        self.walls += other.walls;
        self.wall_length_squares += other.wall_length_squares;
    }
}

impl Sum for Stats {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Stats::default(), |mut total, stats| {
            total += stats;
            total
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Dir;

    #[test]
    fn a_single_cell_has_no_passage() {
        let stats = Stats::measure(&Grid::new(1, 1).unwrap());
        assert_eq!(
            stats,
            Stats {
                cells: 1,
                ..Stats::default()
            }
        );
        assert_eq!(stats.mean_straight_run(), 0.0);
        assert_eq!(stats.horizontal_fraction(), 0.0);
        assert_eq!(stats.dead_end_fraction(), 0.0);
    }

    #[test]
    fn a_straight_corridor_is_one_run() {
        // # # # # #    4 cells in a row: two dead ends, one run of 3 passages.
        let grid = Grid::with_passages(
            4,
            1,
            &[(0, 0, Dir::East), (1, 0, Dir::East), (2, 0, Dir::East)],
        );
        let stats = Stats::measure(&grid);
        assert_eq!(
            stats,
            Stats {
                cells: 4,
                dead_ends: 2,
                junctions: 0,
                passages: 3,
                horizontal_passages: 3,
                straight_runs: 1,
                walls: 0,
                wall_length_squares: 0,
            }
        );
        assert_eq!(stats.mean_straight_run(), 3.0);
        assert_eq!(stats.horizontal_fraction(), 1.0);
        assert_eq!(stats.dead_end_fraction(), 0.5);
    }

    #[test]
    fn a_cross_with_hanging_columns() {
        // 3x3 cells: the middle row is a corridor, and every column hangs from it (a cross plus
        // its corners): runs are the row and three columns, each passing the middle row.
        let grid = Grid::with_passages(
            3,
            3,
            &[
                (0, 1, Dir::East),
                (1, 1, Dir::East),
                (0, 1, Dir::North),
                (0, 1, Dir::South),
                (1, 1, Dir::North),
                (1, 1, Dir::South),
                (2, 1, Dir::North),
                (2, 1, Dir::South),
            ],
        );
        let stats = Stats::measure(&grid);
        assert_eq!(stats.cells, 9);
        assert_eq!(stats.dead_ends, 6); // the top and bottom rows
        assert_eq!(stats.junctions, 3); // (0,1) and (2,1) have 3 passages, (1,1) has 4
        assert_eq!(stats.passages, 8);
        assert_eq!(stats.horizontal_passages, 2);
        assert_eq!(stats.straight_runs, 4);
        assert_eq!(stats.mean_straight_run(), 2.0);
        assert_eq!(stats.horizontal_fraction(), 0.25);
        // Walls: between the columns in the top row and in the bottom row (4), each its own
        // line segment, since the middle row's passages cut every vertical line.
        assert_eq!(stats.walls, 4);
        assert_eq!(stats.wall_length_squares, 4);
        assert_eq!(stats.mean_straight_wall(), 1.0);
    }

    #[test]
    fn a_staircase_turns_at_every_cell() {
        // 3x3 cells, east, south, east, south: four runs of one passage, no junction.
        let grid = Grid::with_passages(
            3,
            3,
            &[
                (0, 0, Dir::East),
                (1, 0, Dir::South),
                (1, 1, Dir::East),
                (2, 1, Dir::South),
            ],
        );
        let stats = Stats::measure(&grid);
        assert_eq!(stats.straight_runs, 4);
        assert_eq!(stats.mean_straight_run(), 1.0);
        assert_eq!(stats.dead_ends, 2); // the path's ends; untouched cells have no passage
        assert_eq!(stats.junctions, 0);
    }

    #[test]
    fn walls_are_measured_along_their_lines() {
        // 4x2 cells, rows joined only under column 1: the line between the rows holds walls
        // under columns 0, 2 and 3, that is a wall of 1 and a wall of 2. Each row is a
        // corridor, so no vertical wall.
        let grid = Grid::with_passages(
            4,
            2,
            &[
                (0, 0, Dir::East),
                (1, 0, Dir::East),
                (2, 0, Dir::East),
                (0, 1, Dir::East),
                (1, 1, Dir::East),
                (2, 1, Dir::East),
                (1, 0, Dir::South),
            ],
        );
        let stats = Stats::measure(&grid);
        assert_eq!(stats.walls, 3);
        assert_eq!(stats.wall_length_squares, 1 + 4);
        assert_eq!(stats.mean_straight_wall(), 5.0 / 3.0);
        // One wall between the columns: in the bottom row, then in the top row.
        let grid = Grid::with_passages(
            2,
            2,
            &[(0, 0, Dir::South), (1, 0, Dir::South), (0, 1, Dir::East)],
        );
        let stats = Stats::measure(&grid);
        assert_eq!((stats.walls, stats.wall_length_squares), (1, 1));
        let grid = Grid::with_passages(
            2,
            2,
            &[(0, 0, Dir::South), (1, 0, Dir::South), (0, 0, Dir::East)],
        );
        let stats = Stats::measure(&grid);
        assert_eq!((stats.walls, stats.wall_length_squares), (1, 1));
        let grid = Grid::with_passages(
            2,
            3,
            &[
                (0, 0, Dir::South),
                (1, 0, Dir::South),
                (0, 1, Dir::East),
                (0, 1, Dir::South),
                (1, 1, Dir::South),
            ],
        );
        let stats = Stats::measure(&grid);
        // Vertical line: walls in rows 0 and 2, cut by the passage in row 1.
        assert_eq!((stats.walls, stats.wall_length_squares), (2, 2));
        let grid = Grid::with_passages(
            2,
            3,
            &[
                (0, 0, Dir::East),
                (0, 0, Dir::South),
                (0, 1, Dir::South),
                (1, 0, Dir::South),
                (1, 1, Dir::South),
            ],
        );
        let stats = Stats::measure(&grid);
        // Between the columns: open in the top row, walls in rows 1 and 2: one wall of 2.
        assert_eq!((stats.walls, stats.wall_length_squares), (2, 4));
        assert_eq!(stats.mean_straight_wall(), 2.0);
    }

    #[test]
    fn sums_pool_the_counts() {
        let corridor = Stats::measure(&Grid::with_passages(
            3,
            1,
            &[(0, 0, Dir::East), (1, 0, Dir::East)],
        ));
        let column = Stats::measure(&Grid::with_passages(1, 2, &[(0, 0, Dir::South)]));
        let total: Stats = [corridor, column].into_iter().sum();
        assert_eq!(total.cells, 5);
        assert_eq!(total.dead_ends, 4);
        assert_eq!(total.passages, 3);
        assert_eq!(total.straight_runs, 2);
        assert_eq!(total.mean_straight_run(), 1.5);
        assert!((total.horizontal_fraction() - 2.0 / 3.0).abs() < 1e-12);
    }
}
