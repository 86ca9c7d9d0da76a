//! Scoring answers to mazes: a path a model (or a person) gave, read from the forms
//! researchers write them in, replayed against a rectangular or mask maze from its start.
//!
//! An answer is read as one of:
//!
//! - a coordinate list, `(row, column)` pairs, `(0,0) (1,0) (1,1)` (spaces or commas between
//!   them), or JSON, `[[0,0],[1,0],[1,1]]`; the start cell may lead the list or be left out;
//! - a move string, `UDLR` (up, down, left, right) or `NSEW` (north, south, east, west), in
//!   either case, with spaces or commas between moves if wished;
//! - AlphaMaze's moves, `<|up|><|down|><|left|><|right|>`, spaces between them allowed;
//! - a line of maze-dataset's tokens, of which the path part is read,
//!   `<PATH_START> (0,0) (0,1) ... <PATH_END>`: coordinate tokens, `(0,0)` or `( 0 , 0 )`,
//!   and cardinal moves, `NORTH`, `SOUTH`, `EAST`, `WEST` (what comes before `<PATH_START>`,
//!   the maze's adjacency list, origin and target, is left unread).
//!
//! Each answer gets a [`Score`]: whether every step went through an open passage inside the
//! maze (`valid`), whether it ends on the goal (`reached`), whether it is a shortest way there
//! (`optimal`), the share of the start's distance to the goal it covered (`progress`) and the
//! index of its first illegal step (`first_illegal`). A [`Rule`] says how strictly.
//!
//! A [`Board`] holds what scoring needs of one maze: its open sides, a byte a cell, and each
//! cell's distance to the goal, measured once by breadth-first search. Each answer then costs
//! time in its length only, and nothing is allocated for it.
//!
//! ```
//! use mazegen::{Maze, algorithms::Eller, score::{Board, Rule}};
//!
//! let maze = Maze::builder().algorithm(Eller).cells(4, 4).seed(3).solve().build()?;
//! let board = Board::new(&maze)?;
//! let score = board.score("R", Rule::Strict)?;
//! assert!(!score.reached);
//! assert_eq!(board.shortest(), Some(maze.solution().unwrap().len() as u32 - 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::grid::{Dir, Grid, Pos};
use crate::maze::Maze;
use std::fmt;
use std::str::FromStr;

/// A distance to the goal the goal cannot be reached from.
const FAR: u32 = u32::MAX;

/// How strictly an answer is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rule {
    /// The answer is replayed from the start and stops at its first illegal step: it reaches
    /// the goal when every step is legal and the last one ends there.
    #[default]
    Strict,
    /// AlphaMaze's rule: only the final cell matters. An illegal step leaves the walker where
    /// it is and the replay goes on; the answer reaches the goal when it ends there (`valid`
    /// still says whether any step was illegal, `optimal` is as strict).
    FinalCell,
    /// MazeBench's rule: the answer must be one of the shortest paths. A path of legal steps
    /// from the start to the goal as long as the shortest is a shortest path, so this is
    /// [`Rule::Strict`]'s `optimal`: the two rules score every answer alike.
    AcceptedPath,
}

impl Rule {
    /// Every rule, as [`Rule::name`] names them.
    pub const ALL: [Rule; 3] = [Rule::Strict, Rule::FinalCell, Rule::AcceptedPath];

    /// The rule's name: `strict`, `final-cell` or `accepted-path`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Strict => "strict",
            Rule::FinalCell => "final-cell",
            Rule::AcceptedPath => "accepted-path",
        }
    }
}

impl FromStr for Rule {
    type Err = ScoreError;

    fn from_str(name: &str) -> Result<Self, ScoreError> {
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name() == name)
            .ok_or_else(|| ScoreError::UnknownRule(name.to_owned()))
    }
}

/// What scoring refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// A maze of a shape other than a rectangle or a mask.
    #[error("cannot score answers on a {0} maze, only on rectangles and masks")]
    Shape(String),
    /// A start or goal outside the maze's rectangle.
    #[error(
        "{what} ({row}, {column}) lies outside the {rows}x{columns} maze, expected a cell inside it"
    )]
    Endpoint {
        /// `start` or `goal`.
        what: &'static str,
        /// Its row.
        row: i64,
        /// Its column.
        column: i64,
        /// The maze's rows.
        rows: u32,
        /// The maze's columns.
        columns: u32,
    },
    /// An answer that cannot be read.
    #[error("column {column}: found {found}, expected {expected}")]
    Answer {
        /// Where (from 1, in characters).
        column: usize,
        /// What was there (quoted), or `the end`.
        found: String,
        /// What would have been read.
        expected: &'static str,
    },
    /// A rule's name that is none.
    #[error("no scoring rule {0:?}, expected strict, final-cell or accepted-path")]
    UnknownRule(String),
}

/// One step of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A move to the neighbour in a direction.
    Move(Dir),
    /// A move to the cell at `(row, column)`, which must be a neighbour.
    Cell(i64, i64),
}

/// An answer read ([`Answer::parse`]): its steps in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answer {
    /// The steps, a leading start cell of a coordinate list included.
    pub steps: Vec<Step>,
}

impl Answer {
    /// Reads an answer in any of the forms the [module](self) lists.
    pub fn parse(text: &str) -> Result<Self, ScoreError> {
        let mut steps = Vec::new();
        parse(text, |step| steps.push(step))?;
        Ok(Self { steps })
    }
}

/// How one answer did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    /// Every step goes through an open passage to a cell of the maze.
    pub valid: bool,
    /// The answer ends on the goal (as its [`Rule`] says).
    pub reached: bool,
    /// Valid, reached, and as many steps as the shortest path has.
    pub optimal: bool,
    /// The share of the start's distance to the goal covered, from 0 to 1, where the replay
    /// ended (at the last legal cell under [`Rule::Strict`]): `(d(start) - d(end)) / d(start)`
    /// with `d` the distance to the goal; 1 when the start is the goal, 0 when the goal cannot
    /// be reached.
    pub progress: f64,
    /// The index (from 0) of the first illegal step, `None` for a valid answer. A coordinate
    /// list's leading start cell is no step.
    pub first_illegal: Option<u32>,
    /// The answer's steps.
    pub steps: u32,
}

/// One maze made ready for scoring: its open sides and every cell's distance to the goal.
#[derive(Debug, Clone, Default)]
pub struct Board {
    columns: u32,
    rows: u32,
    /// A bit a side (north, east, south, west: bit `1 << Dir as u8`) for each open passage to
    /// a cell of the maze.
    open: Vec<u8>,
    /// Steps to the goal, [`FAR`] for a cell that cannot reach it.
    to_goal: Vec<u32>,
    start: u32,
    goal: u32,
    /// The search's queue, its memory kept for the next maze.
    queue: Vec<u32>,
}

impl Board {
    /// Makes `maze` ready, from its start to its goal; refuses shapes other than rectangles
    /// and masks.
    pub fn new(maze: &Maze) -> Result<Self, ScoreError> {
        let grid = maze
            .grid()
            .ok_or_else(|| ScoreError::Shape(maze.shape().description()))?;
        let (start, goal) = (maze.start_pos(), maze.goal_pos());
        let mut board = Self::default();
        board.reset(grid.height(), grid.width());
        for i in 0..board.open.len() {
            let pos = grid.pos(i);
            board.open[i] = Self::sides_of(grid, pos);
        }
        board.start = grid.index(start) as u32;
        board.goal = grid.index(goal) as u32;
        board.measure();
        Ok(board)
    }

    /// The open sides of the cell at `pos` of `grid`, those leading to a cell.
    fn sides_of(grid: &Grid, pos: Pos) -> u8 {
        Dir::ALL
            .into_iter()
            .filter(|&dir| grid.is_open(pos, dir) && grid.neighbour(pos, dir).is_some())
            .fold(0, |sides, dir| sides | 1 << dir as u8)
    }

    /// Makes ready, reusing this board's memory, the `rows x columns` maze whose passages
    /// are maze-dataset's connections: `down[r * columns + c]` nonzero when cell `(r, c)`
    /// opens to the cell below, `right[...]` to the cell on its right (those of the last row
    /// and column are ignored).
    ///
    /// # Panics
    ///
    /// If `down` or `right` holds fewer than `rows * columns` values.
    pub fn load_connections(
        &mut self,
        rows: u32,
        columns: u32,
        down: &[u8],
        right: &[u8],
        start: (i64, i64),
        goal: (i64, i64),
    ) -> Result<(), ScoreError> {
        let start = endpoint("start", start, rows, columns)? as u32;
        let goal = endpoint("goal", goal, rows, columns)? as u32;
        self.reset(rows, columns);
        let (columns, cells) = (columns as usize, self.open.len());
        let (down, right) = (&down[..cells], &right[..cells]);
        let (north, east, south, west) = (1, 1 << 1, 1 << 2, 1 << 3);
        for row in 0..rows as usize {
            let first = row * columns;
            for i in first..first + columns {
                if down[i] != 0 && i + columns < cells {
                    self.open[i] |= south;
                    self.open[i + columns] |= north;
                }
                if right[i] != 0 && i + 1 < first + columns {
                    self.open[i] |= east;
                    self.open[i + 1] |= west;
                }
            }
        }
        self.start = start;
        self.goal = goal;
        self.measure();
        Ok(())
    }

    /// Clears the board to `rows x columns` closed cells.
    fn reset(&mut self, rows: u32, columns: u32) {
        let cells = rows as usize * columns as usize;
        self.rows = rows;
        self.columns = columns;
        self.open.clear();
        self.open.resize(cells, 0);
        self.to_goal.clear();
        self.to_goal.resize(cells, FAR);
    }

    /// Every cell's distance to the goal, by breadth-first search over the open sides (the
    /// distances themselves serve as the queue's order: cells are queued in `queue`).
    fn measure(&mut self) {
        let columns = self.columns as usize;
        // Kept from maze to maze: an allocation a maze cost a tenth of a 10x10 maze's time.
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        self.to_goal[self.goal as usize] = 0;
        queue.push(self.goal);
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let i = i as usize;
            let next = self.to_goal[i] + 1;
            let sides = self.open[i];
            for dir in Dir::ALL {
                if sides & 1 << dir as u8 != 0 {
                    let j = neighbour(i, dir, columns);
                    if self.to_goal[j] == FAR {
                        self.to_goal[j] = next;
                        queue.push(j as u32);
                    }
                }
            }
        }
        self.queue = queue;
    }

    /// The length in steps of a shortest path from the start to the goal, `None` when the
    /// goal cannot be reached.
    pub fn shortest(&self) -> Option<u32> {
        let steps = self.to_goal[self.start as usize];
        (steps != FAR).then_some(steps)
    }

    /// Reads `answer` ([`Answer::parse`]'s forms) and scores it by `rule`, in one pass.
    pub fn score(&self, answer: &str, rule: Rule) -> Result<Score, ScoreError> {
        let mut walk = Walk::new(self, self.start as usize, rule);
        parse(answer, |step| walk.take(step))?;
        Ok(self.walked(&walk))
    }

    /// Scores an answer already read.
    pub fn score_answer(&self, answer: &Answer, rule: Rule) -> Score {
        let mut walk = Walk::new(self, self.start as usize, rule);
        for &step in &answer.steps {
            walk.take(step);
        }
        self.walked(&walk)
    }

    /// The score of a replay on this board.
    fn walked(&self, walk: &Walk<'_, Self>) -> Score {
        let shortest = self.to_goal[self.start as usize];
        walk.score(self.goal as usize, shortest, self.to_goal[walk.here])
    }
}

/// One maze as maze-dataset's connections, as [`Scorer::score_connections`] takes it.
#[derive(Debug, Clone, Copy)]
pub struct Connections<'a> {
    /// Its rows.
    pub rows: u32,
    /// Its columns.
    pub columns: u32,
    /// `down[r * columns + c]` nonzero when cell `(r, c)` opens to the cell below (the last
    /// row's are ignored); at least `rows * columns` values.
    pub down: &'a [u8],
    /// `right[r * columns + c]` nonzero when cell `(r, c)` opens to the cell on its right (the
    /// last column's are ignored); at least `rows * columns` values.
    pub right: &'a [u8],
    /// The start, `(row, column)`.
    pub start: (i64, i64),
    /// The goal, `(row, column)`.
    pub goal: (i64, i64),
}

/// Scores answers each against a maze of its own, given as [`Connections`], as
/// [`Board::load_connections`] then [`Board::score`] would, and faster: the answer is replayed
/// first, then the distances to the goal are measured only as far as the start and the cell
/// the replay ended on. A maze of at most 128 cells is searched as bits, each step of the
/// search a few word operations for every cell at once; a larger one on a [`Board`] kept from
/// maze to maze. Nothing is allocated for an answer.
///
/// ```
/// use mazegen::score::{Connections, Rule, Scorer};
///
/// // 1x3: (0, 0) - (0, 1) | (0, 2)
/// let (down, right) = ([0; 3], [1, 0, 0]);
/// let maze = Connections { rows: 1, columns: 3, down: &down, right: &right, start: (0, 0), goal: (0, 1) };
/// let mut scorer = Scorer::default();
/// assert!(scorer.score_connections(&maze, "R", Rule::Strict)?.optimal);
/// assert_eq!(scorer.score_connections(&maze, "RR", Rule::Strict)?.first_illegal, Some(1));
/// # Ok::<(), mazegen::score::ScoreError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Scorer {
    /// Larger mazes' board.
    board: Board,
    /// The rows and columns `inner_east` was made for.
    dims: (u32, u32),
    /// A bit for each cell of that size but those of the last column.
    inner_east: u128,
}

/// A maze of at most 128 cells as bits: bit `i` of `south` set when cell `i` opens to the cell
/// below, of `east` when it opens to the cell on its right.
struct Bits {
    columns: usize,
    south: u128,
    east: u128,
}

impl Passages for Bits {
    #[inline(always)]
    fn columns(&self) -> usize {
        self.columns
    }

    #[inline(always)]
    fn open(&self, i: usize, dir: Dir) -> bool {
        // The last row's south bits and the last column's east bits are clear.
        match dir {
            Dir::North => i >= self.columns && self.south >> (i - self.columns) & 1 != 0,
            Dir::East => self.east >> i & 1 != 0,
            Dir::South => self.south >> i & 1 != 0,
            Dir::West => i >= 1 && self.east >> (i - 1) & 1 != 0,
        }
    }
}

impl Bits {
    /// The distances to `goal` of cells `a` and `b` ([`FAR`] where the goal cannot be
    /// reached), by breadth-first search over the bits: each round moves the whole frontier
    /// one step, and the search stops once both are found.
    fn distances(&self, goal: usize, a: usize, b: usize) -> (u32, u32) {
        let (columns, south, east) = (self.columns as u32, self.south, self.east);
        let (bit_a, bit_b) = (1u128 << a, 1u128 << b);
        let mut seen = 1u128 << goal;
        let mut frontier = seen;
        let mut found = [FAR; 2];
        let mut level = 0;
        loop {
            for (k, bit) in [bit_a, bit_b].into_iter().enumerate() {
                if found[k] == FAR && frontier & bit != 0 {
                    found[k] = level;
                }
            }
            if (found[0] != FAR && found[1] != FAR) || frontier == 0 {
                return (found[0], found[1]);
            }
            let next = (frontier & south) << columns
                | (frontier >> columns) & south
                | (frontier & east) << 1
                | (frontier >> 1) & east;
            frontier = next & !seen;
            seen |= frontier;
            level += 1;
        }
    }
}

/// A bit for each nonzero byte of `bytes` (at most 128), bit `i` for byte `i`.
#[inline(always)]
fn bits_of(bytes: &[u8]) -> u128 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Byte k's lowest bit to bit 56 + k: no two partial products meet below bit 64.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut bits = 0u128;
    for (k, chunk) in bytes.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        // The high bit of each nonzero byte, then down to its lowest.
        let nonzero = (((word & LOW) + LOW) | word) & HIGH;
        let packed = (nonzero >> 7).wrapping_mul(GATHER) >> 56;
        bits |= u128::from(packed) << (8 * k);
    }
    bits
}

impl Scorer {
    /// Reads `answer` ([`Answer::parse`]'s forms) and scores it by `rule` against `maze`:
    /// the same score as [`Board::load_connections`] then [`Board::score`] give.
    ///
    /// # Panics
    ///
    /// If `down` or `right` holds fewer than `rows * columns` values.
    pub fn score_connections(
        &mut self,
        maze: &Connections<'_>,
        answer: &str,
        rule: Rule,
    ) -> Result<Score, ScoreError> {
        let (rows, columns) = (maze.rows, maze.columns);
        let cells = rows as usize * columns as usize;
        // 128 columns of one row would shift a whole `u128` away.
        if cells > 128 || columns >= 128 {
            self.board
                .load_connections(rows, columns, maze.down, maze.right, maze.start, maze.goal)?;
            return self.board.score(answer, rule);
        }
        let start = endpoint("start", maze.start, rows, columns)?;
        let goal = endpoint("goal", maze.goal, rows, columns)?;
        if self.dims != (rows, columns) {
            self.dims = (rows, columns);
            self.inner_east = (0..cells)
                .filter(|i| (i + 1) % columns as usize != 0)
                .fold(0, |bits, i| bits | 1 << i);
        }
        // The cells above the last row.
        let upper = (1u128 << (cells - columns as usize)) - 1;
        let bits = Bits {
            columns: columns as usize,
            south: bits_of(&maze.down[..cells]) & upper,
            east: bits_of(&maze.right[..cells]) & self.inner_east,
        };
        let mut walk = Walk::new(&bits, start, rule);
        parse(answer, |step| walk.take(step))?;
        let (shortest, left) = bits.distances(goal, start, walk.here);
        Ok(walk.score(goal, shortest, left))
    }
}

/// The index of `what` at `(row, column)` in a `rows x columns` maze, refused outside it.
fn endpoint(
    what: &'static str,
    (row, column): (i64, i64),
    rows: u32,
    columns: u32,
) -> Result<usize, ScoreError> {
    if (0..i64::from(rows)).contains(&row) && (0..i64::from(columns)).contains(&column) {
        Ok((row * i64::from(columns) + column) as usize)
    } else {
        Err(ScoreError::Endpoint {
            what,
            row,
            column,
            rows,
            columns,
        })
    }
}

/// The cell beside cell `i` towards `dir`, in a rectangle `columns` wide (which must hold it).
#[inline(always)]
fn neighbour(i: usize, dir: Dir, columns: usize) -> usize {
    match dir {
        Dir::North => i - columns,
        Dir::East => i + 1,
        Dir::South => i + columns,
        Dir::West => i - 1,
    }
}

/// What a replay needs of a maze: its width and whether a side of a cell is an open passage
/// to a cell of the maze.
trait Passages {
    /// The maze's columns.
    fn columns(&self) -> usize;
    /// Whether cell `i` opens towards `dir` to a cell of the maze.
    fn open(&self, i: usize, dir: Dir) -> bool;
}

impl Passages for Board {
    #[inline(always)]
    fn columns(&self) -> usize {
        self.columns as usize
    }

    #[inline(always)]
    fn open(&self, i: usize, dir: Dir) -> bool {
        self.open[i] & 1 << dir as u8 != 0
    }
}

/// An answer being replayed.
struct Walk<'a, P> {
    passages: &'a P,
    rule: Rule,
    here: usize,
    steps: u32,
    first_illegal: Option<u32>,
    /// No step taken yet: a coordinate on the start is the start, not a step.
    fresh: bool,
}

impl<'a, P: Passages> Walk<'a, P> {
    fn new(passages: &'a P, start: usize, rule: Rule) -> Self {
        Self {
            passages,
            rule,
            here: start,
            steps: 0,
            first_illegal: None,
            fresh: true,
        }
    }

    /// Takes one step: moves if it is legal (and, under the strict rules, no earlier step was
    /// illegal), notes it if it is the first illegal one.
    #[inline(always)]
    fn take(&mut self, step: Step) {
        let passages = self.passages;
        let fresh = std::mem::replace(&mut self.fresh, false);
        let dir = match step {
            Step::Move(dir) => Some(dir),
            Step::Cell(row, column) => {
                let columns = passages.columns();
                let (here_row, here_column) =
                    ((self.here / columns) as i64, (self.here % columns) as i64);
                // The walk is still on the start, so `here` is the start.
                if fresh && (row, column) == (here_row, here_column) {
                    return;
                }
                match (row - here_row, column - here_column) {
                    (-1, 0) => Some(Dir::North),
                    (0, 1) => Some(Dir::East),
                    (1, 0) => Some(Dir::South),
                    (0, -1) => Some(Dir::West),
                    _ => None,
                }
            }
        };
        let index = self.steps;
        self.steps += 1;
        let halted = self.first_illegal.is_some() && self.rule != Rule::FinalCell;
        if halted {
            return;
        }
        match dir.filter(|&dir| passages.open(self.here, dir)) {
            Some(dir) => self.here = neighbour(self.here, dir, passages.columns()),
            None => {
                if self.first_illegal.is_none() {
                    self.first_illegal = Some(index);
                }
            }
        }
    }

    /// The score of the replay, given the start's distance to the goal (`shortest`) and the
    /// distance from where the replay ended (`left`), [`FAR`] where the goal is not reached.
    fn score(&self, goal: usize, shortest: u32, left: u32) -> Score {
        let valid = self.first_illegal.is_none();
        let on_goal = self.here == goal;
        let reached = on_goal && (valid || self.rule == Rule::FinalCell);
        let optimal = valid && on_goal && self.steps == shortest;
        let progress = match shortest {
            FAR => 0.0,
            0 => 1.0,
            _ if left == FAR => 0.0,
            _ => ((f64::from(shortest) - f64::from(left)) / f64::from(shortest)).clamp(0.0, 1.0),
        };
        Score {
            valid,
            reached,
            optimal,
            progress,
            first_illegal: self.first_illegal,
            steps: self.steps,
        }
    }
}

/// What an answer in each form would have held next.
const MOVE: &str = "a move (U, D, L, R, N, S, E or W)";
const ALPHAMAZE: &str = "an AlphaMaze move (<|up|>, <|down|>, <|left|> or <|right|>)";
const PAIR: &str = "a (row, column) pair";
const JSON_PAIR: &str = "a [row, column] pair or the list's closing ]";
const PATH_TOKEN: &str = "a coordinate token (row,column) or NORTH, SOUTH, EAST or WEST";

/// Where maze-dataset's path part begins and ends in a line of its tokens.
const PATH_START: &str = "<PATH_START>";
const PATH_END: &str = "<PATH_END>";

/// Reads `text` as an answer, giving each step to `step` in order.
fn parse(text: &str, mut step: impl FnMut(Step)) -> Result<(), ScoreError> {
    // Only a line with a `<` can hold `<PATH_START>`: a byte scan spares move strings the
    // substring search (a tenth of a short answer's time).
    if text.as_bytes().contains(&b'<')
        && let Some(begin) = text.find(PATH_START)
    {
        return path_tokens(text, begin + PATH_START.len(), step);
    }
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
        source: text,
    };
    reader.skip_space();
    match reader.peek() {
        None => Ok(()),
        Some(b'(') => {
            while reader.skip_separators() {
                let (row, column) = reader.pair(b'(', b')', PAIR)?;
                step(Step::Cell(row, column));
            }
            Ok(())
        }
        Some(b'[') => {
            reader.at += 1;
            reader.skip_space();
            if reader.peek() == Some(b']') {
                reader.at += 1;
                return reader.end();
            }
            loop {
                reader.skip_space();
                let (row, column) = reader.pair(b'[', b']', JSON_PAIR)?;
                step(Step::Cell(row, column));
                reader.skip_space();
                match reader.peek() {
                    Some(b',') => reader.at += 1,
                    Some(b']') => {
                        reader.at += 1;
                        return reader.end();
                    }
                    _ => return Err(reader.expected("a comma or the list's closing ]")),
                }
            }
        }
        Some(b'<') => {
            while reader.skip_separators() {
                let dir = [
                    (&b"<|up|>"[..], Dir::North),
                    (b"<|down|>", Dir::South),
                    (b"<|left|>", Dir::West),
                    (b"<|right|>", Dir::East),
                ]
                .into_iter()
                .find(|(token, _)| reader.text[reader.at..].starts_with(token));
                let Some((token, dir)) = dir else {
                    return Err(reader.expected(ALPHAMAZE));
                };
                reader.at += token.len();
                step(Step::Move(dir));
            }
            Ok(())
        }
        Some(_) => {
            while reader.skip_separators() {
                let dir = match reader.text[reader.at] {
                    b'U' | b'u' | b'N' | b'n' => Dir::North,
                    b'D' | b'd' | b'S' | b's' => Dir::South,
                    b'L' | b'l' | b'W' | b'w' => Dir::West,
                    b'R' | b'r' | b'E' | b'e' => Dir::East,
                    _ => return Err(reader.expected(MOVE)),
                };
                reader.at += 1;
                step(Step::Move(dir));
            }
            Ok(())
        }
    }
}

/// Reads the path part of a line of maze-dataset's tokens, from `from` to its `<PATH_END>`
/// (or the line's end), giving each step to `step`; nothing may follow `<PATH_END>`.
fn path_tokens(text: &str, from: usize, mut step: impl FnMut(Step)) -> Result<(), ScoreError> {
    let end = text[from..]
        .find(PATH_END)
        .map_or(text.len(), |at| from + at);
    let mut reader = Reader {
        text: &text.as_bytes()[..end],
        at: from,
        source: text,
    };
    while reader.skip_separators() {
        if reader.peek() == Some(b'(') {
            let (row, column) = reader.pair(b'(', b')', PATH_TOKEN)?;
            step(Step::Cell(row, column));
            continue;
        }
        let word = reader.text[reader.at..]
            .iter()
            .take_while(|byte| byte.is_ascii_alphabetic())
            .count();
        let dir = match &reader.text[reader.at..reader.at + word] {
            b"NORTH" => Dir::North,
            b"SOUTH" => Dir::South,
            b"EAST" => Dir::East,
            b"WEST" => Dir::West,
            _ => return Err(reader.expected(PATH_TOKEN)),
        };
        reader.at += word;
        step(Step::Move(dir));
    }
    if end < text.len() {
        let mut rest = Reader {
            text: text.as_bytes(),
            at: end + PATH_END.len(),
            source: text,
        };
        rest.end()?;
    }
    Ok(())
}

/// A cursor over an answer's bytes.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    source: &'a str,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|byte| byte.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// Skips spaces and commas; whether anything is left.
    fn skip_separators(&mut self) -> bool {
        while self
            .peek()
            .is_some_and(|byte| byte.is_ascii_whitespace() || byte == b',')
        {
            self.at += 1;
        }
        self.at < self.text.len()
    }

    /// Nothing but spaces is left.
    fn end(&mut self) -> Result<(), ScoreError> {
        self.skip_space();
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.expected("the end of the answer")),
        }
    }

    /// `open row , column close`, spaces allowed inside.
    fn pair(&mut self, open: u8, close: u8, what: &'static str) -> Result<(i64, i64), ScoreError> {
        if self.peek() != Some(open) {
            return Err(self.expected(what));
        }
        self.at += 1;
        let row = self.number(what)?;
        self.skip_space();
        if self.peek() != Some(b',') {
            return Err(self.expected(what));
        }
        self.at += 1;
        let column = self.number(what)?;
        self.skip_space();
        if self.peek() != Some(close) {
            return Err(self.expected(what));
        }
        self.at += 1;
        Ok((row, column))
    }

    /// A whole number, maybe negative; one past `i64` saturates (and lies outside any maze).
    fn number(&mut self, what: &'static str) -> Result<i64, ScoreError> {
        self.skip_space();
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let first = self.at;
        let mut value: i64 = 0;
        while let Some(digit) = self.peek().filter(u8::is_ascii_digit) {
            value = value
                .saturating_mul(10)
                .saturating_add(i64::from(digit - b'0'));
            self.at += 1;
        }
        if self.at == first {
            return Err(self.expected(what));
        }
        Ok(if negative { -value } else { value })
    }

    /// The refusal of what is at the cursor.
    fn expected(&self, expected: &'static str) -> ScoreError {
        let column = self.source[..self.at].chars().count() + 1;
        let found = match self.source[self.at..].chars().next() {
            None => "the end".to_owned(),
            Some(c) => format!("{c:?}"),
        };
        ScoreError::Answer {
            column,
            found,
            expected,
        }
    }
}

/// Counts over many scores, as `mazegen score` sums them up.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Summary {
    /// Answers scored.
    pub answers: u64,
    /// Valid ones.
    pub valid: u64,
    /// Ones that reached the goal.
    pub reached: u64,
    /// Optimal ones.
    pub optimal: u64,
    /// The sum of their progress.
    pub progress: f64,
}

impl Summary {
    /// Counts `score` in.
    pub fn add(&mut self, score: &Score) {
        self.answers += 1;
        self.valid += u64::from(score.valid);
        self.reached += u64::from(score.reached);
        self.optimal += u64::from(score.optimal);
        self.progress += score.progress;
    }

    /// The mean progress, 0 over no answers.
    pub fn mean_progress(&self) -> f64 {
        match self.answers {
            0 => 0.0,
            answers => self.progress / answers as f64,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "answers {}, valid {}, reached {}, optimal {}, mean progress {:.4}",
            self.answers,
            self.valid,
            self.reached,
            self.optimal,
            self.mean_progress()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::{Backtrack, Kruskal, Wilson};
    use crate::topology::{Distances, Hex, Mask, Masked, Shape};
    use proptest::prelude::*;

    /// A 3x3 snake, start top-left, goal bottom-right, 8 steps apart:
    ///
    /// ```text
    /// S . .
    ///     |
    /// . . .
    /// |
    /// . . G
    /// ```
    fn snake() -> Board {
        let mut down = [0; 9];
        let mut right = [0; 9];
        down[2] = 1;
        down[3] = 1;
        for i in [0, 1, 3, 4, 6, 7] {
            right[i] = 1;
        }
        let mut board = Board::default();
        board
            .load_connections(3, 3, &down, &right, (0, 0), (2, 2))
            .unwrap();
        board
    }

    fn scored(answer: &str, rule: Rule) -> Score {
        snake().score(answer, rule).unwrap()
    }

    #[test]
    fn a_shortest_path_in_every_form_is_optimal() {
        let board = snake();
        assert_eq!(board.shortest(), Some(8));
        for answer in [
            "RRDLLDRR",
            "rrdlldrr",
            "EESWWSEE",
            "R, R, D, L, L, D, R, R",
            "(0,0) (0,1) (0,2) (1,2) (1,1) (1,0) (2,0) (2,1) (2,2)",
            "(0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)",
            "[[0,0],[0,1],[0,2],[1,2],[1,1],[1,0],[2,0],[2,1],[2,2]]",
            " [ [0, 1] , [0,2],[1,2],[1,1],[1,0],[2,0],[2,1],[2,2] ] ",
            "<|right|><|right|><|down|><|left|><|left|><|down|><|right|><|right|>",
            "<|right|> <|right|> <|down|> <|left|> <|left|> <|down|> <|right|> <|right|>",
            "<PATH_START> (0,0) (0,1) (0,2) (1,2) (1,1) (1,0) (2,0) (2,1) (2,2) <PATH_END>",
            "<ADJLIST_START> (0,1) <--> (0,0) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> \
             <TARGET_START> (2,2) <TARGET_END> <PATH_START> (0,0) (0,1) (0,2) (1,2) (1,1) (1,0) \
             (2,0) (2,1) (2,2) <PATH_END>",
            "<PATH_START> ( 0 , 1 ) ( 0 , 2 ) ( 1 , 2 ) ( 1 , 1 ) ( 1 , 0 ) ( 2 , 0 ) ( 2 , 1 ) \
             ( 2 , 2 )",
            "<PATH_START> (0,0) EAST EAST SOUTH WEST WEST SOUTH EAST EAST <PATH_END>",
        ] {
            for rule in Rule::ALL {
                let score = board.score(answer, rule).unwrap();
                let expected = Score {
                    valid: true,
                    reached: true,
                    optimal: true,
                    progress: 1.0,
                    first_illegal: None,
                    steps: 8,
                };
                assert_eq!(score, expected, "{answer} by {rule:?}");
                let read = Answer::parse(answer).unwrap();
                assert_eq!(board.score_answer(&read, rule), expected, "{answer}");
            }
        }
    }

    #[test]
    fn a_wall_stops_a_strict_answer_at_its_first_illegal_step() {
        // Down from (1, 2) is a wall: step 3.
        let score = scored("RRDDLLDRR", Rule::Strict);
        assert!(!score.valid && !score.reached && !score.optimal);
        assert_eq!(score.first_illegal, Some(3));
        assert_eq!(score.steps, 9);
        // Stopped on (1, 2), 5 steps from the goal: 3 of 8 covered.
        assert_eq!(score.progress, 3.0 / 8.0);
        // The first step already.
        let score = scored("D", Rule::Strict);
        assert_eq!((score.valid, score.first_illegal), (false, Some(0)));
        assert_eq!(score.progress, 0.0);
    }

    #[test]
    fn leaving_the_maze_is_illegal() {
        for answer in [
            "U",
            "L",
            "(0,0) (-1,0)",
            "(0,0) (0,-1)",
            "RRR",
            "(0,1) (0,2) (0,3)",
        ] {
            let score = scored(answer, Rule::Strict);
            assert!(!score.valid, "{answer}");
        }
        assert_eq!(scored("RRR", Rule::Strict).first_illegal, Some(2));
        assert_eq!(
            scored("(0,1) (0,2) (0,3)", Rule::Strict).first_illegal,
            Some(2)
        );
        let huge = "(0,0) (99999999999999999999999,0)";
        assert_eq!(scored(huge, Rule::Strict).first_illegal, Some(0));
    }

    #[test]
    fn a_coordinate_list_steps_to_neighbours_only() {
        // A jump, staying put and a diagonal are no steps.
        for answer in ["(0,0) (0,2)", "(0,0) (0,0)", "(0,0) (1,1)", "(1,1)"] {
            let score = scored(answer, Rule::Strict);
            assert_eq!(score.first_illegal, Some(0), "{answer}");
        }
        // The start leads the list or is left out: no step either way.
        assert_eq!(scored("(0,0)", Rule::Strict).steps, 0);
        assert_eq!(scored("(0,0) (0,1)", Rule::Strict).steps, 1);
        assert_eq!(scored("(0,1)", Rule::Strict).steps, 1);
    }

    #[test]
    fn progress_is_the_share_of_the_distance_covered() {
        // Ends on (1, 0), 3 from the goal.
        let score = scored("RRDLL", Rule::Strict);
        assert!(score.valid && !score.reached && !score.optimal);
        assert_eq!(score.progress, 5.0 / 8.0);
        // Going back towards the start loses progress; never below 0.
        assert_eq!(scored("RL", Rule::Strict).progress, 0.0);
        assert_eq!(scored("", Rule::Strict).progress, 0.0);
    }

    #[test]
    fn a_detour_reaches_but_is_not_optimal() {
        let score = scored("RRDLLDRRLR", Rule::Strict);
        assert!(score.valid && score.reached && !score.optimal);
        assert_eq!(score.progress, 1.0);
        // Past the goal and back out: not on it at the end.
        let score = scored("RRDLLDRRL", Rule::Strict);
        assert!(score.valid && !score.reached && !score.optimal);
        assert_eq!(score.progress, 7.0 / 8.0);
    }

    #[test]
    fn the_final_cell_rule_skips_illegal_steps_and_looks_at_the_end() {
        // Step 3 (right from (1, 2)) leaves the maze: skipped, then on to the goal.
        let answer = "RRDRLLDRR";
        let final_cell = scored(answer, Rule::FinalCell);
        assert!(!final_cell.valid && final_cell.reached && !final_cell.optimal);
        assert_eq!(final_cell.first_illegal, Some(3));
        assert_eq!(final_cell.progress, 1.0);
        let strict = scored(answer, Rule::Strict);
        assert!(!strict.valid && !strict.reached && !strict.optimal);
        assert_eq!(strict.first_illegal, Some(3));
        assert_eq!(strict.progress, 3.0 / 8.0);
        // A final cell away from the goal does not reach it, whatever came before.
        assert!(!scored("RRDLLDRRL", Rule::FinalCell).reached);
    }

    #[test]
    fn the_accepted_path_rule_scores_as_strict() {
        for answer in [
            "RRDLLDRR",
            "RRDLLDRRLR",
            "RRDRLLDRR",
            "RRDLL",
            "D",
            "",
            "(0,1) (0,2) (0,3)",
        ] {
            assert_eq!(
                scored(answer, Rule::AcceptedPath),
                scored(answer, Rule::Strict),
                "{answer}"
            );
        }
    }

    #[test]
    fn the_start_on_the_goal_and_an_unreachable_goal() {
        let (down, right) = ([0; 4], [0; 4]);
        let mut board = Board::default();
        board
            .load_connections(2, 2, &down, &right, (1, 1), (1, 1))
            .unwrap();
        let score = board.score("", Rule::Strict).unwrap();
        assert!(score.valid && score.reached && score.optimal);
        assert_eq!(score.progress, 1.0);
        board
            .load_connections(2, 2, &down, &right, (0, 0), (1, 1))
            .unwrap();
        assert_eq!(board.shortest(), None);
        for rule in Rule::ALL {
            let score = board.score("RD", rule).unwrap();
            assert!(!score.valid && !score.reached && !score.optimal);
            assert_eq!((score.progress, score.first_illegal), (0.0, Some(0)));
        }
    }

    #[test]
    fn answers_that_cannot_be_read_say_where_and_what_was_expected() {
        let board = snake();
        let refused = |answer: &str| board.score(answer, Rule::Strict).unwrap_err().to_string();
        assert_eq!(
            refused("RRDX"),
            "column 4: found 'X', expected a move (U, D, L, R, N, S, E or W)"
        );
        assert_eq!(
            refused("(0,0) (0,1"),
            "column 11: found the end, expected a (row, column) pair"
        );
        assert_eq!(
            refused("(0,0) (0;1)"),
            "column 9: found ';', expected a (row, column) pair"
        );
        assert_eq!(
            refused("[[0,0],[0,1]"),
            "column 13: found the end, expected a comma or the list's closing ]"
        );
        assert_eq!(
            refused("[[0,0]] x"),
            "column 9: found 'x', expected the end of the answer"
        );
        assert_eq!(
            refused("<|up|><|north|>"),
            "column 7: found '<', expected an AlphaMaze move (<|up|>, <|down|>, <|left|> or <|right|>)"
        );
        assert_eq!(
            refused("(a,0)"),
            "column 2: found 'a', expected a (row, column) pair"
        );
        assert_eq!(
            refused("<PATH_START> (0,0) UP <PATH_END>"),
            "column 20: found 'U', expected a coordinate token (row,column) or NORTH, SOUTH, EAST \
             or WEST"
        );
        assert_eq!(
            refused("<PATH_START> (0,0) <PATH_END> x"),
            "column 31: found 'x', expected the end of the answer"
        );
        assert!(board.score("[]", Rule::Strict).unwrap().valid);
        assert!(
            board
                .score("<PATH_START> <PATH_END>", Rule::Strict)
                .unwrap()
                .valid
        );
    }

    #[test]
    fn endpoints_outside_and_unknown_rules_are_refused() {
        let mut board = Board::default();
        let error = board
            .load_connections(2, 3, &[0; 6], &[0; 6], (0, 0), (2, 0))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "goal (2, 0) lies outside the 2x3 maze, expected a cell inside it"
        );
        assert_eq!(
            "diagonal".parse::<Rule>().unwrap_err().to_string(),
            "no scoring rule \"diagonal\", expected strict, final-cell or accepted-path"
        );
        for rule in Rule::ALL {
            assert_eq!(rule.name().parse::<Rule>().unwrap(), rule);
        }
    }

    #[test]
    fn only_rectangles_and_masks_are_scored() {
        let hex = Shape::Hex(Hex::new(4, 4).unwrap());
        let maze = Maze::builder()
            .algorithm(Wilson)
            .shape(hex)
            .seed(1)
            .build()
            .unwrap();
        assert_eq!(
            Board::new(&maze).unwrap_err().to_string(),
            "cannot score answers on a hex maze, only on rectangles and masks"
        );
        let mask = Mask::from_text("...\n.#.\n...\n").unwrap();
        let masked = Shape::Masked(Masked::new(mask).unwrap());
        let maze = Maze::builder()
            .algorithm(Backtrack::default())
            .shape(masked)
            .seed(2)
            .solve()
            .build()
            .unwrap();
        let board = Board::new(&maze).unwrap();
        let moves = moves_of(&maze, maze.solution().unwrap());
        assert!(board.score(&moves, Rule::Strict).unwrap().optimal);
        // Into the hole in the middle.
        let into_hole = board.score("(0,0) (0,1) (1,1)", Rule::Strict).unwrap();
        assert!(!into_hole.valid);
    }

    /// The moves (UDLR) from cell to cell of `cells`.
    fn moves_of(maze: &Maze, cells: &[usize]) -> String {
        cells
            .windows(2)
            .map(|pair| {
                let (a, b) = (maze.pos(pair[0]), maze.pos(pair[1]));
                match (
                    i64::from(b.x) - i64::from(a.x),
                    i64::from(b.y) - i64::from(a.y),
                ) {
                    (1, 0) => 'R',
                    (-1, 0) => 'L',
                    (0, 1) => 'D',
                    _ => 'U',
                }
            })
            .collect()
    }

    /// The answer forms of `moves` (0 north, 1 east, 2 south, 3 west) walked from `start`:
    /// letters, coordinates with and without the start, JSON, AlphaMaze's and maze-dataset's
    /// tokens.
    fn forms(moves: &[usize], start: (i64, i64)) -> Vec<String> {
        let mut cells = vec![start];
        for &k in moves {
            let (row, column) = *cells.last().unwrap();
            cells.push(match k {
                0 => (row - 1, column),
                1 => (row, column + 1),
                2 => (row + 1, column),
                _ => (row, column - 1),
            });
        }
        let pairs = |from: usize| -> Vec<String> {
            cells[from..]
                .iter()
                .map(|(row, column)| format!("({row},{column})"))
                .collect()
        };
        let json: Vec<String> = cells.iter().map(|(r, c)| format!("[{r},{c}]")).collect();
        let alphamaze: String = moves
            .iter()
            .map(|&k| ["<|up|>", "<|right|>", "<|down|>", "<|left|>"][k])
            .collect();
        let cardinal: Vec<&str> = moves
            .iter()
            .map(|&k| ["NORTH", "EAST", "SOUTH", "WEST"][k])
            .collect();
        vec![
            moves.iter().map(|&k| ['U', 'R', 'D', 'L'][k]).collect(),
            moves.iter().map(|&k| ['n', 'e', 's', 'w'][k]).collect(),
            pairs(0).join(" "),
            pairs(1).join(","),
            format!("[{}]", json.join(",")),
            alphamaze,
            format!("<PATH_START> {} <PATH_END>", pairs(0).join(" ")),
            format!("<PATH_START> {} {}", pairs(0)[0], cardinal.join(" ")),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// The scorer of many mazes gives, for any maze (of at most 128 cells, searched as
        /// bits, or more), endpoints and answer, the score of the board made for the maze:
        /// random passages (loops, closed-off parts), random walks, every rule and form.
        #[test]
        fn the_scorer_scores_as_the_board(
            rows in 1u32..14,
            columns in 1u32..14,
            seed in any::<u64>(),
            open in 0u32..101,
            walks in prop::collection::vec(prop::collection::vec(0usize..4, 0..30), 1..6),
        ) {
            let cells = (rows * columns) as usize;
            let mut state = seed;
            let mut draw = |bound: u64| {
                state = crate::rng::mix64(state.wrapping_add(0x9e37_79b9_7f4a_7c15));
                state % bound
            };
            // Any nonzero byte opens.
            let mut byte = || if draw(100) < u64::from(open) { 1 + draw(255) as u8 } else { 0 };
            let down: Vec<u8> = (0..cells).map(|_| byte()).collect();
            let right: Vec<u8> = (0..cells).map(|_| byte()).collect();
            let mut cell = || {
                let i = draw(cells as u64) as i64;
                (i / i64::from(columns), i % i64::from(columns))
            };
            let (start, goal) = (cell(), cell());
            let mut board = Board::default();
            board.load_connections(rows, columns, &down, &right, start, goal).unwrap();
            let maze = Connections { rows, columns, down: &down, right: &right, start, goal };
            // A shortest way, down the board's distances, and it with a step more.
            let mut here = board.start as usize;
            let mut shortest = Vec::new();
            while board.to_goal[here] != 0 && board.to_goal[here] != FAR {
                let k = (0..4)
                    .find(|&k| {
                        board.open(here, Dir::ALL[k])
                            && board.to_goal[neighbour(here, Dir::ALL[k], columns as usize)]
                                < board.to_goal[here]
                    })
                    .unwrap();
                here = neighbour(here, Dir::ALL[k], columns as usize);
                shortest.push(k);
            }
            let mut longer = shortest.clone();
            longer.push(walks[0].first().copied().unwrap_or(0));
            let mut scorer = Scorer::default();
            for walk in walks.iter().chain([&shortest, &longer]) {
                for answer in forms(walk, start) {
                    for rule in Rule::ALL {
                        prop_assert_eq!(
                            scorer.score_connections(&maze, &answer, rule).unwrap(),
                            board.score(&answer, rule).unwrap(),
                            "{} by {:?}", answer, rule
                        );
                    }
                }
            }
            for (what, far) in [("start", (i64::from(rows), 0)), ("goal", (0, -1))] {
                let maze = match what {
                    "start" => Connections { start: far, ..maze },
                    _ => Connections { goal: far, ..maze },
                };
                prop_assert_eq!(
                    scorer.score_connections(&maze, "R", Rule::Strict).unwrap_err(),
                    board.load_connections(rows, columns, &down, &right, maze.start, maze.goal)
                        .unwrap_err()
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Our own solution scores optimal in every form; a random walk is valid exactly as a
        /// replay through the grid says, its first illegal step the replay's; the distances
        /// are the topology's.
        #[test]
        fn our_solutions_are_optimal_and_random_walks_score_as_replayed(
            seed in 0u64..1_000_000,
            width in 1u32..9,
            height in 1u32..9,
            braid in prop::bool::ANY,
            walk in prop::collection::vec(0usize..4, 0..40),
        ) {
            let builder = Maze::builder().cells(width, height).seed(seed).solve();
            let builder = if braid {
                builder.algorithm(Kruskal).braid(0.5)
            } else {
                builder.algorithm(Backtrack::default())
            };
            let maze = builder.build().unwrap();
            let board = Board::new(&maze).unwrap();
            let grid = maze.grid().unwrap();
            let distances = Distances::from(grid, maze.goal_pos()).unwrap();
            prop_assert_eq!(board.shortest(), distances.to(maze.start_pos()));
            let solution = maze.solution().unwrap();
            let moves = moves_of(&maze, solution);
            let cells: Vec<String> = solution
                .iter()
                .map(|&i| format!("({},{})", maze.pos(i).y, maze.pos(i).x))
                .collect();
            for answer in [moves.clone(), cells.join(" "), cells[1..].join(",")] {
                for rule in Rule::ALL {
                    let score = board.score(&answer, rule).unwrap();
                    prop_assert!(score.optimal && score.valid && score.reached, "{}", answer);
                    prop_assert_eq!(score.progress, 1.0);
                }
            }
            let letters: String = walk.iter().map(|&k| ['U', 'R', 'D', 'L'][k]).collect();
            let mut here = maze.start_pos();
            let mut first_illegal = None;
            for (index, &k) in walk.iter().enumerate() {
                let dir = Dir::ALL[k];
                match grid.neighbour(here, dir).filter(|_| grid.is_open(here, dir)) {
                    Some(next) => here = next,
                    None => {
                        first_illegal = Some(index as u32);
                        break;
                    }
                }
            }
            let score = board.score(&letters, Rule::Strict).unwrap();
            prop_assert_eq!(score.valid, first_illegal.is_none());
            prop_assert_eq!(score.first_illegal, first_illegal);
            prop_assert_eq!(score.reached, first_illegal.is_none() && here == maze.goal_pos());
            let shortest = distances.to(maze.start_pos()).unwrap();
            let left = distances.to(here).unwrap();
            let progress = if shortest == 0 {
                1.0
            } else {
                ((f64::from(shortest) - f64::from(left)) / f64::from(shortest)).max(0.0)
            };
            prop_assert_eq!(score.progress, progress);
        }
    }
}
