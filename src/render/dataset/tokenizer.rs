//! maze-dataset's modular tokenizers (`MazeTokenizerModular`, maze-dataset 1.4.2): the space of
//! its components as a value, read from and printed as the tokenizer's `name`, and the tokens
//! each gives for a solved maze.
//!
//! A tokenizer is a prompt sequencer (`AOTP`: adjacency list, origin, target, path; `AOP`: the
//! same without the target's coordinate) holding a coordinate tokenizer (`UT`: `(r,c)` as one
//! token; `CTT`: `(`, `r`, `,`, `c`, `)` with each delimiter optional), an adjacency-list
//! tokenizer (`AdjListCoord` or `AdjListCardinal`, each with its edge subset, edge permuter and
//! edge grouping), a target tokenizer (`Unlabeled`) and a path tokenizer (`StepSequence`: a
//! step size and one to four step tokenizers). Its name reads, for the default:
//!
//! ```text
//! MazeTokenizerModular-AOTP(UT(), AdjListCoord(pre=F, post=T, shuffle_d0=T,
//! Ungrouped(connection_token_ordinal=1), ConnectionEdges(walls=F), RandomCoords()),
//! Unlabeled(post=F), StepSequence(Singles(), step_tokenizers=(Coord(), ), pre=F, intra=F,
//! post=F))
//! ```
//!
//! (one line). A deterministic tokenizer gives exactly maze-dataset's tokens. maze-dataset
//! draws its random orders (`RandomCoords`, `shuffle_d0`, `shuffle_group`) from a
//! module-global generator; here they come from the random stream the caller passes (the
//! maze's own), so the same maze gives the same tokens, the same multiset as maze-dataset's.
//! Edge orders that a shuffle follows start from reading order, and with ungrouped edges the
//! `RandomCoords` coins are drawn after the shuffle, in the shuffled order: the same
//! distribution as maze-dataset's, in fewer draws.

use crate::grid::{Grid, MazeError, Pos};
use crate::rng::{RandomBits, shuffle};
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// The prefix of every `MazeTokenizerModular.name`.
const PREFIX: &str = "MazeTokenizerModular-";

/// A maze-dataset `MazeTokenizerModular`: its prompt sequencer and the components inside it.
///
/// ```
/// use mazegen::render::{Render, Tokenizer, Tokens};
///
/// let name = "MazeTokenizerModular-AOP(UT(), AdjListCoord(pre=F, post=T, shuffle_d0=F, \
///             Ungrouped(connection_token_ordinal=1), ConnectionEdges(walls=F), \
///             SortedCoords()), StepSequence(Singles(), step_tokenizers=(Cardinal(), ), \
///             pre=F, intra=F, post=F))";
/// let tokenizer: Tokenizer = name.parse()?;
/// assert_eq!(tokenizer.to_string(), name);
/// let maze = mazegen::Maze::builder().cells(3, 3).seed(7).build()?;
/// let mut line = Vec::new();
/// Tokens { tokenizer }.render(&maze, &mut line)?;
/// assert!(line.ends_with(b"<PATH_END>\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tokenizer {
    /// `AOTP` (with the target tokenizer) or `AOP`.
    pub prompt: Prompt,
    /// How one coordinate is written.
    pub coord: CoordTokenizer,
    /// How the adjacency list is written.
    pub adj_list: AdjList,
    /// How the solution is written.
    pub path: StepSequence,
}

/// A prompt sequencer: the order of the prompt's regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prompt {
    /// Adjacency list, origin, target, path; the target as `Unlabeled(post)`: its coordinate,
    /// then `||` when `post`.
    Aotp {
        /// `Unlabeled`'s `post`.
        target_post: bool,
    },
    /// Adjacency list, origin, path: `<TARGET_START> <TARGET_END>` with nothing between.
    Aop,
}

/// A coordinate tokenizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoordTokenizer {
    /// `UT`: a unique token, `(row,column)`.
    Ut,
    /// `CTT`: row and column as tokens of their own, with `(`, `,` and `)` as asked.
    Ctt {
        /// `(` before.
        pre: bool,
        /// `,` between.
        intra: bool,
        /// `)` after.
        post: bool,
    },
}

/// An adjacency-list tokenizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdjList {
    /// `AdjListCardinal` (the trailing cell as a direction) rather than `AdjListCoord`.
    pub cardinal: bool,
    /// `ADJ_GROUP` before each group.
    pub pre: bool,
    /// `;` after each group.
    pub post: bool,
    /// Groups in a random order rather than the subset's.
    pub shuffle_d0: bool,
    /// How edges are grouped.
    pub grouping: EdgeGrouping,
    /// Which edges are written.
    pub subset: EdgeSubset,
    /// Which cell of each edge leads.
    pub permuter: EdgePermuter,
}

/// An edge grouping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeGrouping {
    /// `Ungrouped`: each edge alone, its connector at `connection_token_ordinal` (0 to 2) among
    /// leading cell, connector and trailing cell.
    Ungrouped {
        /// Where the connector goes.
        connection_token_ordinal: u8,
    },
    /// `ByLeadingCoord`: edges of one leading cell together, the leading cell written once.
    ByLeadingCoord {
        /// `&` after each edge.
        intra: bool,
        /// Each group's edges in a random order rather than sorted.
        shuffle_group: bool,
        /// The connector before (0) or after (1) the trailing cell.
        connection_token_ordinal: u8,
    },
}

/// An edge subset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeSubset {
    /// `AllLatticeEdges`: every pair of neighbouring cells, `<-->` for passages and `<XX>` for
    /// walls.
    AllLatticeEdges,
    /// `ConnectionEdges(walls)`: the passages (`<-->`), or with `walls` the inner walls (`<XX>`).
    ConnectionEdges {
        /// The walls rather than the passages.
        walls: bool,
    },
}

/// An edge permuter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgePermuter {
    /// `SortedCoords`: the upper or left cell leads; edges sorted.
    SortedCoords,
    /// `RandomCoords`: a coin chooses the leading cell of each edge.
    RandomCoords,
    /// `BothCoords`: every edge twice, each cell leading once.
    BothCoords,
}

/// A `StepSequence` path tokenizer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepSequence {
    /// Which cells of the solution end a step.
    pub step_size: StepSize,
    /// How each step is written, in order (one to four, none twice, not `Distance` alone).
    pub step_tokenizers: Vec<StepTokenizer>,
    /// `STEP` before each step.
    pub pre: bool,
    /// `:` after each step tokenizer's tokens.
    pub intra: bool,
    /// `THEN` after each step.
    pub post: bool,
}

/// A step size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepSize {
    /// Every cell.
    Singles,
    /// The cells where the path turns, and its ends.
    Straightaways,
    /// The cells with more than one way on, and the ends.
    Forks,
    /// Both of the above.
    ForksAndStraightaways,
}

/// A step tokenizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepTokenizer {
    /// The step's last cell.
    Coord,
    /// The direction of the step's first move: `NORTH`, `SOUTH`, `EAST`, `WEST`.
    Cardinal,
    /// The first move as a turn (`FORWARD`, `LEFT`, `RIGHT`, `BACKWARD`), facing north at the
    /// start.
    Relative,
    /// The step's length in moves, `+N`.
    Distance,
}

impl Default for Tokenizer {
    /// maze-dataset's default `MazeTokenizerModular()`.
    fn default() -> Self {
        Self {
            prompt: Prompt::Aotp { target_post: false },
            coord: CoordTokenizer::Ut,
            adj_list: AdjList {
                cardinal: false,
                pre: false,
                post: true,
                shuffle_d0: true,
                grouping: EdgeGrouping::Ungrouped {
                    connection_token_ordinal: 1,
                },
                subset: EdgeSubset::ConnectionEdges { walls: false },
                permuter: EdgePermuter::RandomCoords,
            },
            path: StepSequence {
                step_size: StepSize::Singles,
                step_tokenizers: vec![StepTokenizer::Coord],
                pre: false,
                intra: false,
                post: false,
            },
        }
    }
}

impl Tokenizer {
    /// Whether the tokens draw on the random stream at all (`RandomCoords`, `shuffle_d0`, or
    /// `ByLeadingCoord`'s `shuffle_group`); a deterministic tokenizer gives maze-dataset's
    /// tokens exactly.
    pub fn is_random(&self) -> bool {
        let adj = &self.adj_list;
        adj.shuffle_d0
            || adj.permuter == EdgePermuter::RandomCoords
            || matches!(
                adj.grouping,
                EdgeGrouping::ByLeadingCoord {
                    shuffle_group: true,
                    ..
                }
            )
    }

    /// The tokens of a solved maze on `grid` (a rectangle; cells outside a mask are cells
    /// without passages) from `start` to `goal` along `path`, appended to `line` separated by
    /// spaces, random orders drawn from `rng`.
    ///
    /// Refuses what maze-dataset cannot read back: a maze without a passage, or a path of
    /// one cell.
    pub fn write<R: Rng>(
        &self,
        grid: &Grid,
        path: &[Pos],
        rng: &mut R,
        line: &mut String,
    ) -> Result<(), MazeError> {
        if path.len() < 2 || !has_passage(grid) {
            return Err(MazeError::NoTokens);
        }
        let path: Vec<Cell> = path.iter().map(|&p| (p.y, p.x)).collect();
        let mut words = Words { line };
        words.push("<ADJLIST_START>");
        self.adj_list_tokens(grid, rng, &mut words);
        words.push("<ADJLIST_END>");
        words.push("<ORIGIN_START>");
        self.coord.push(&mut words, path[0]);
        words.push("<ORIGIN_END>");
        words.push("<TARGET_START>");
        if let Prompt::Aotp { target_post } = self.prompt {
            self.coord.push(&mut words, path[path.len() - 1]);
            if target_post {
                words.push("||");
            }
        }
        words.push("<TARGET_END>");
        words.push("<PATH_START>");
        self.path_tokens(grid, &path, &mut words);
        words.push("<PATH_END>");
        Ok(())
    }

    fn adj_list_tokens<R: Rng>(&self, grid: &Grid, rng: &mut R, words: &mut Words) {
        let adj = &self.adj_list;
        let mut edges = edges(grid, adj.subset, adj.shuffle_d0);
        let groups: Vec<Vec<Edge>> = match adj.grouping {
            EdgeGrouping::Ungrouped { .. } => {
                match adj.permuter {
                    EdgePermuter::SortedCoords if !adj.shuffle_d0 => edges.sort_unstable(),
                    EdgePermuter::BothCoords => both(&mut edges),
                    _ => {}
                }
                if adj.shuffle_d0 {
                    shuffle(rng, &mut edges);
                }
                if adj.permuter == EdgePermuter::RandomCoords {
                    flip_coins(rng, &mut edges);
                }
                edges.into_iter().map(|edge| vec![edge]).collect()
            }
            EdgeGrouping::ByLeadingCoord { shuffle_group, .. } => {
                match adj.permuter {
                    EdgePermuter::SortedCoords => {}
                    EdgePermuter::RandomCoords => flip_coins(rng, &mut edges),
                    EdgePermuter::BothCoords => both(&mut edges),
                }
                edges.sort_unstable();
                let mut groups: Vec<Vec<Edge>> = Vec::new();
                for edge in edges {
                    match groups.last_mut() {
                        Some(group) if group[0].0 == edge.0 => group.push(edge),
                        _ => groups.push(vec![edge]),
                    }
                }
                if shuffle_group {
                    for group in &mut groups {
                        shuffle(rng, group);
                    }
                }
                if adj.shuffle_d0 {
                    shuffle(rng, &mut groups);
                }
                groups
            }
        };
        for group in &groups {
            if adj.pre {
                words.push("ADJ_GROUP");
            }
            self.group_tokens(grid, group, words);
            if adj.post {
                words.push(";");
            }
        }
    }

    fn group_tokens(&self, grid: &Grid, group: &[Edge], words: &mut Words) {
        let adj = &self.adj_list;
        let connector = |edge: &Edge| {
            if is_open(grid, edge) { "<-->" } else { "<XX>" }
        };
        let trailing = |edge: &Edge, words: &mut Words| {
            if adj.cardinal {
                words.push(cardinal(edge.0, edge.1));
            } else {
                self.coord.push(words, edge.1);
            }
        };
        match adj.grouping {
            EdgeGrouping::Ungrouped {
                connection_token_ordinal,
            } => {
                for edge in group {
                    if connection_token_ordinal == 0 {
                        words.push(connector(edge));
                    }
                    self.coord.push(words, edge.0);
                    if connection_token_ordinal == 1 {
                        words.push(connector(edge));
                    }
                    trailing(edge, words);
                    if connection_token_ordinal == 2 {
                        words.push(connector(edge));
                    }
                }
            }
            EdgeGrouping::ByLeadingCoord {
                intra,
                connection_token_ordinal,
                ..
            } => {
                self.coord.push(words, group[0].0);
                for edge in group {
                    if connection_token_ordinal == 0 {
                        words.push(connector(edge));
                        trailing(edge, words);
                    } else {
                        trailing(edge, words);
                        words.push(connector(edge));
                    }
                    if intra {
                        words.push("&");
                    }
                }
            }
        }
    }

    fn path_tokens(&self, grid: &Grid, path: &[Cell], words: &mut Words) {
        let steps = &self.path;
        if steps.step_tokenizers.contains(&StepTokenizer::Coord) {
            if steps.pre {
                words.push("STEP");
            }
            self.coord.push(words, path[0]);
            if steps.intra {
                words.push(":");
            }
        }
        let indices = step_indices(steps.step_size, grid, path);
        for pair in indices.windows(2) {
            let (i, j) = (pair[0], pair[1]);
            if steps.pre {
                words.push("STEP");
            }
            for tokenizer in &steps.step_tokenizers {
                match tokenizer {
                    StepTokenizer::Coord => self.coord.push(words, path[j]),
                    StepTokenizer::Cardinal => words.push(cardinal(path[i], path[i + 1])),
                    StepTokenizer::Relative => words.push(relative(path, i)),
                    StepTokenizer::Distance => words.push(&format!("+{}", j - i)),
                }
                if steps.intra {
                    words.push(":");
                }
            }
            if steps.post {
                words.push("THEN");
            }
        }
    }
}

/// A cell as maze-dataset names it, `(row, column)`.
type Cell = (u32, u32);
/// An edge, leading cell first.
type Edge = (Cell, Cell);

/// A line of space-separated tokens.
struct Words<'a> {
    line: &'a mut String,
}

impl Words<'_> {
    fn push(&mut self, word: &str) {
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(word);
    }
}

impl CoordTokenizer {
    fn push(self, words: &mut Words, (row, column): Cell) {
        match self {
            Self::Ut => words.push(&format!("({row},{column})")),
            Self::Ctt { pre, intra, post } => {
                if pre {
                    words.push("(");
                }
                words.push(&row.to_string());
                if intra {
                    words.push(",");
                }
                words.push(&column.to_string());
                if post {
                    words.push(")");
                }
            }
        }
    }
}

fn has_passage(grid: &Grid) -> bool {
    (0..grid.height())
        .any(|y| (0..grid.width()).any(|x| grid.open_east(x, y) || grid.open_south(x, y)))
}

fn is_open(grid: &Grid, &(a, b): &Edge) -> bool {
    let (upper, lower) = if a < b { (a, b) } else { (b, a) };
    if upper.0 == lower.0 {
        grid.open_east(upper.1, upper.0)
    } else {
        grid.open_south(upper.1, upper.0)
    }
}

/// The edges of `subset`, upper or left cell first: in reading order when a shuffle follows
/// (`reading`), else in maze-dataset's order (passages and walls: every downward edge row by
/// row, then every rightward one; all lattice edges: rightward ones first).
fn edges(grid: &Grid, subset: EdgeSubset, reading: bool) -> Vec<Edge> {
    let (width, height) = (grid.width(), grid.height());
    let wanted = |open: bool| match subset {
        EdgeSubset::AllLatticeEdges => true,
        EdgeSubset::ConnectionEdges { walls } => open != walls,
    };
    let east = |y: u32, x: u32| x + 1 < width && wanted(grid.open_east(x, y));
    let south = |y: u32, x: u32| y + 1 < height && wanted(grid.open_south(x, y));
    let mut edges = Vec::new();
    let cells = || (0..height).flat_map(move |y| (0..width).map(move |x| (y, x)));
    if reading {
        for (y, x) in cells() {
            if east(y, x) {
                edges.push(((y, x), (y, x + 1)));
            }
            if south(y, x) {
                edges.push(((y, x), (y + 1, x)));
            }
        }
        return edges;
    }
    let downs = cells()
        .filter(|&(y, x)| south(y, x))
        .map(|(y, x)| ((y, x), (y + 1, x)));
    let rights = cells()
        .filter(|&(y, x)| east(y, x))
        .map(|(y, x)| ((y, x), (y, x + 1)));
    match subset {
        EdgeSubset::AllLatticeEdges => edges.extend(rights.chain(downs)),
        EdgeSubset::ConnectionEdges { .. } => edges.extend(downs.chain(rights)),
    }
    edges
}

/// `BothCoords`: every edge, then every edge the other way round.
fn both(edges: &mut Vec<Edge>) {
    let flipped: Vec<Edge> = edges.iter().map(|&(a, b)| (b, a)).collect();
    edges.extend(flipped);
}

/// `RandomCoords`: a coin per edge, in order, turns it round.
fn flip_coins<R: Rng>(rng: &mut R, edges: &mut [Edge]) {
    let mut coins = RandomBits::new(rng);
    for edge in edges {
        if coins.bit() {
            *edge = (edge.1, edge.0);
        }
    }
}

fn cardinal(from: Cell, to: Cell) -> &'static str {
    if to.0 < from.0 {
        "NORTH"
    } else if to.0 > from.0 {
        "SOUTH"
    } else if to.1 < from.1 {
        "WEST"
    } else {
        "EAST"
    }
}

/// The move from `path[i]` as a turn from the move into it (facing north at the start).
fn relative(path: &[Cell], i: usize) -> &'static str {
    let at = |cell: Cell| (i64::from(cell.0), i64::from(cell.1));
    let here = at(path[i]);
    let before = if i == 0 {
        (here.0 + 1, here.1)
    } else {
        at(path[i - 1])
    };
    let next = at(path[i + 1]);
    let came = (here.0 - before.0, here.1 - before.1);
    let goes = (next.0 - here.0, next.1 - here.1);
    if next == before {
        "BACKWARD"
    } else if came == goes {
        "FORWARD"
    } else if came.0 * goes.1 - came.1 * goes.0 > 0 {
        "LEFT"
    } else {
        "RIGHT"
    }
}

/// The indices of the path's cells that end steps, the first included.
fn step_indices(size: StepSize, grid: &Grid, path: &[Cell]) -> Vec<usize> {
    let last = path.len() - 1;
    let straightaways = || {
        let mut indices = vec![0];
        let mut turn = path[0];
        for (i, &cell) in path.iter().enumerate() {
            if cell.0 != turn.0 && cell.1 != turn.1 {
                indices.push(i - 1);
                turn = path[i - 1];
            }
        }
        indices.push(last);
        indices
    };
    let forks = || {
        (0..=last)
            .filter(|&i| i == 0 || i == last || ways(grid, path[i]) > 2)
            .collect::<Vec<_>>()
    };
    match size {
        StepSize::Singles => (0..=last).collect(),
        StepSize::Straightaways => straightaways(),
        StepSize::Forks => forks(),
        StepSize::ForksAndStraightaways => {
            let mut indices = straightaways();
            indices.extend(forks());
            indices.sort_unstable();
            indices.dedup();
            indices
        }
    }
}

/// The number of passages out of `cell`.
fn ways(grid: &Grid, (y, x): Cell) -> usize {
    [
        x + 1 < grid.width() && grid.open_east(x, y),
        y + 1 < grid.height() && grid.open_south(x, y),
        x > 0 && grid.open_east(x - 1, y),
        y > 0 && grid.open_south(x, y - 1),
    ]
    .iter()
    .filter(|&&open| open)
    .count()
}

fn flag(value: bool) -> char {
    if value { 'T' } else { 'F' }
}

impl fmt::Display for Tokenizer {
    /// maze-dataset's `MazeTokenizerModular.name`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sequencer, target) = match self.prompt {
            Prompt::Aotp { target_post } => ("AOTP", Some(target_post)),
            Prompt::Aop => ("AOP", None),
        };
        write!(f, "{PREFIX}{sequencer}(")?;
        match self.coord {
            CoordTokenizer::Ut => write!(f, "UT()")?,
            CoordTokenizer::Ctt { pre, intra, post } => write!(
                f,
                "CTT(pre={}, intra={}, post={})",
                flag(pre),
                flag(intra),
                flag(post)
            )?,
        }
        let adj = &self.adj_list;
        write!(
            f,
            ", {}(pre={}, post={}, shuffle_d0={}, ",
            if adj.cardinal {
                "AdjListCardinal"
            } else {
                "AdjListCoord"
            },
            flag(adj.pre),
            flag(adj.post),
            flag(adj.shuffle_d0)
        )?;
        match adj.grouping {
            EdgeGrouping::Ungrouped {
                connection_token_ordinal,
            } => write!(
                f,
                "Ungrouped(connection_token_ordinal={connection_token_ordinal})"
            )?,
            EdgeGrouping::ByLeadingCoord {
                intra,
                shuffle_group,
                connection_token_ordinal,
            } => write!(
                f,
                "ByLeadingCoord(intra={}, shuffle_group={}, \
                 connection_token_ordinal={connection_token_ordinal})",
                flag(intra),
                flag(shuffle_group)
            )?,
        }
        match adj.subset {
            EdgeSubset::AllLatticeEdges => write!(f, ", AllLatticeEdges()")?,
            EdgeSubset::ConnectionEdges { walls } => {
                write!(f, ", ConnectionEdges(walls={})", flag(walls))?;
            }
        }
        let permuter = match adj.permuter {
            EdgePermuter::SortedCoords => "SortedCoords",
            EdgePermuter::RandomCoords => "RandomCoords",
            EdgePermuter::BothCoords => "BothCoords",
        };
        write!(f, ", {permuter}()), ")?;
        if let Some(post) = target {
            write!(f, "Unlabeled(post={}), ", flag(post))?;
        }
        let steps = &self.path;
        write!(
            f,
            "StepSequence({}(), step_tokenizers=(",
            STEP_SIZES[steps.step_size as usize].0
        )?;
        for step in &steps.step_tokenizers {
            write!(f, "{}(), ", STEP_TOKENIZERS[*step as usize].0)?;
        }
        write!(
            f,
            "), pre={}, intra={}, post={}))",
            flag(steps.pre),
            flag(steps.intra),
            flag(steps.post)
        )
    }
}

const STEP_SIZES: [(&str, StepSize); 4] = [
    ("Singles", StepSize::Singles),
    ("Straightaways", StepSize::Straightaways),
    ("Forks", StepSize::Forks),
    ("ForksAndStraightaways", StepSize::ForksAndStraightaways),
];

const STEP_TOKENIZERS: [(&str, StepTokenizer); 4] = [
    ("Coord", StepTokenizer::Coord),
    ("Cardinal", StepTokenizer::Cardinal),
    ("Relative", StepTokenizer::Relative),
    ("Distance", StepTokenizer::Distance),
];

impl FromStr for Tokenizer {
    type Err = MazeError;

    /// Reads maze-dataset's `MazeTokenizerModular.name` (the `MazeTokenizerModular-` prefix
    /// may be left out).
    fn from_str(name: &str) -> Result<Self, MazeError> {
        let mut reader = Reader { name, at: 0 };
        reader.eat_if(PREFIX);
        let tokenizer = reader.tokenizer()?;
        if reader.at < name.len() {
            return Err(reader.expected("the end of the name"));
        }
        Ok(tokenizer)
    }
}

/// A reader of a tokenizer's name, `at` bytes in.
struct Reader<'a> {
    name: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.name[self.at..]
    }

    fn expected(&self, what: &str) -> MazeError {
        let rest = self.rest();
        let found = if rest.is_empty() {
            "the end".to_string()
        } else {
            let shown: String = rest.chars().take(24).collect();
            format!("'{shown}'")
        };
        MazeError::InvalidTokenizer {
            name: self.name.to_string(),
            reason: format!(
                "at character {} expected {what}, found {found}; a name is a \
                 MazeTokenizerModular.name, such as '{}'",
                self.name[..self.at].chars().count() + 1,
                Tokenizer::default()
            ),
        }
    }

    fn eat_if(&mut self, text: &str) -> bool {
        let found = self.rest().starts_with(text);
        if found {
            self.at += text.len();
        }
        found
    }

    fn eat(&mut self, text: &str) -> Result<(), MazeError> {
        if self.eat_if(text) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{text}'")))
        }
    }

    /// One of `choices`, each name followed by `(`.
    fn choice<T: Copy>(&mut self, what: &str, choices: &[(&str, T)]) -> Result<T, MazeError> {
        for (name, value) in choices {
            if self.eat_if(&format!("{name}(")) {
                return Ok(*value);
            }
        }
        let names: Vec<String> = choices.iter().map(|(name, _)| format!("{name}(")).collect();
        Err(self.expected(&format!("{what} ({})", names.join(", "))))
    }

    fn flag(&mut self, key: &str) -> Result<bool, MazeError> {
        self.eat(&format!("{key}="))?;
        if self.eat_if("T") {
            Ok(true)
        } else if self.eat_if("F") {
            Ok(false)
        } else {
            Err(self.expected(&format!("T or F for {key}")))
        }
    }

    fn ordinal(&mut self, most: u8) -> Result<u8, MazeError> {
        self.eat("connection_token_ordinal=")?;
        for value in 0..=most {
            if self.eat_if(&value.to_string()) {
                return Ok(value);
            }
        }
        Err(self.expected(&format!("a connection_token_ordinal from 0 to {most}")))
    }

    fn tokenizer(&mut self) -> Result<Tokenizer, MazeError> {
        let aotp = self.choice("a prompt sequencer", &[("AOTP", true), ("AOP", false)])?;
        let coord = match self.choice("a coord tokenizer", &[("UT", false), ("CTT", true)])? {
            false => CoordTokenizer::Ut,
            true => {
                let pre = self.flag("pre")?;
                self.eat(", ")?;
                let intra = self.flag("intra")?;
                self.eat(", ")?;
                let post = self.flag("post")?;
                CoordTokenizer::Ctt { pre, intra, post }
            }
        };
        self.eat("), ")?;
        let adj_list = self.adj_list()?;
        self.eat(", ")?;
        let prompt = if aotp {
            self.choice("a target tokenizer", &[("Unlabeled", ())])?;
            let target_post = self.flag("post")?;
            self.eat("), ")?;
            Prompt::Aotp { target_post }
        } else {
            Prompt::Aop
        };
        let path = self.path()?;
        self.eat(")")?;
        Ok(Tokenizer {
            prompt,
            coord,
            adj_list,
            path,
        })
    }

    fn adj_list(&mut self) -> Result<AdjList, MazeError> {
        let cardinal = self.choice(
            "an adjacency list tokenizer",
            &[("AdjListCoord", false), ("AdjListCardinal", true)],
        )?;
        let pre = self.flag("pre")?;
        self.eat(", ")?;
        let post = self.flag("post")?;
        self.eat(", ")?;
        let shuffle_d0 = self.flag("shuffle_d0")?;
        self.eat(", ")?;
        let grouping = if self.choice(
            "an edge grouping",
            &[("Ungrouped", false), ("ByLeadingCoord", true)],
        )? {
            let intra = self.flag("intra")?;
            self.eat(", ")?;
            let shuffle_group = self.flag("shuffle_group")?;
            self.eat(", ")?;
            let connection_token_ordinal = self.ordinal(1)?;
            EdgeGrouping::ByLeadingCoord {
                intra,
                shuffle_group,
                connection_token_ordinal,
            }
        } else {
            EdgeGrouping::Ungrouped {
                connection_token_ordinal: self.ordinal(2)?,
            }
        };
        self.eat("), ")?;
        let subset = if self.choice(
            "an edge subset",
            &[("AllLatticeEdges", true), ("ConnectionEdges", false)],
        )? {
            EdgeSubset::AllLatticeEdges
        } else {
            EdgeSubset::ConnectionEdges {
                walls: self.flag("walls")?,
            }
        };
        self.eat("), ")?;
        let permuter = self.choice(
            "an edge permuter",
            &[
                ("SortedCoords", EdgePermuter::SortedCoords),
                ("RandomCoords", EdgePermuter::RandomCoords),
                ("BothCoords", EdgePermuter::BothCoords),
            ],
        )?;
        self.eat("))")?;
        Ok(AdjList {
            cardinal,
            pre,
            post,
            shuffle_d0,
            grouping,
            subset,
            permuter,
        })
    }

    fn path(&mut self) -> Result<StepSequence, MazeError> {
        self.choice("a path tokenizer", &[("StepSequence", ())])?;
        let step_size = self.choice("a step size", &STEP_SIZES)?;
        self.eat("), step_tokenizers=(")?;
        let mut step_tokenizers = Vec::new();
        while !self.eat_if("), ") {
            let start = self.at;
            let step = self.choice("a step tokenizer or ')'", &STEP_TOKENIZERS)?;
            self.eat("), ")?;
            if step_tokenizers.contains(&step) {
                self.at = start;
                return Err(self.expected("a step tokenizer not given before"));
            }
            step_tokenizers.push(step);
        }
        if step_tokenizers.is_empty() || step_tokenizers == [StepTokenizer::Distance] {
            self.at -= "), ".len();
            return Err(self.expected("a step tokenizer other than Distance"));
        }
        let pre = self.flag("pre")?;
        self.eat(", ")?;
        let intra = self.flag("intra")?;
        self.eat(", ")?;
        let post = self.flag("post")?;
        self.eat(")")?;
        Ok(StepSequence {
            step_size,
            step_tokenizers,
            pre,
            intra,
            post,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Dir;
    use crate::rng::rng_for_stream;

    /// Names as maze-dataset 1.4.2 prints them.
    const NAMES: [&str; 4] = [
        "MazeTokenizerModular-AOTP(UT(), AdjListCoord(pre=F, post=T, shuffle_d0=T, \
         Ungrouped(connection_token_ordinal=1), ConnectionEdges(walls=F), RandomCoords()), \
         Unlabeled(post=F), StepSequence(Singles(), step_tokenizers=(Coord(), ), pre=F, \
         intra=F, post=F))",
        "MazeTokenizerModular-AOTP(CTT(pre=T, intra=T, post=T), AdjListCoord(pre=F, post=T, \
         shuffle_d0=F, Ungrouped(connection_token_ordinal=1), ConnectionEdges(walls=F), \
         SortedCoords()), Unlabeled(post=F), StepSequence(Singles(), step_tokenizers=(Coord(), \
         ), pre=F, intra=F, post=F))",
        "MazeTokenizerModular-AOP(UT(), AdjListCardinal(pre=T, post=F, shuffle_d0=F, \
         ByLeadingCoord(intra=T, shuffle_group=F, connection_token_ordinal=1), \
         AllLatticeEdges(), BothCoords()), StepSequence(Forks(), step_tokenizers=(Relative(), \
         Distance(), ), pre=T, intra=T, post=T))",
        "MazeTokenizerModular-AOTP(UT(), AdjListCoord(pre=F, post=F, shuffle_d0=F, \
         Ungrouped(connection_token_ordinal=2), ConnectionEdges(walls=T), BothCoords()), \
         Unlabeled(post=T), StepSequence(Straightaways(), step_tokenizers=(Cardinal(), \
         Coord(), ), pre=F, intra=F, post=F))",
    ];

    /// A 3x3 tree and its path from the top left to the bottom right:
    ///
    /// ```text
    /// (0,0)-(0,1)-(0,2)
    ///   |           |
    /// (1,0) (1,1)-(1,2)
    ///         |
    /// (2,0)-(2,1)-(2,2)
    /// ```
    fn tree() -> (Grid, Vec<Pos>) {
        let mut grid = Grid::new(3, 3).unwrap();
        let at = |x, y| Pos { x, y };
        for (x, y) in [(0, 0), (1, 0), (1, 1), (0, 2), (1, 2)] {
            grid.carve(at(x, y), Dir::East);
        }
        for (x, y) in [(0, 0), (2, 0), (1, 1)] {
            grid.carve(at(x, y), Dir::South);
        }
        let path = [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (1, 2), (2, 2)];
        (grid, path.iter().map(|&(x, y)| at(x, y)).collect())
    }

    fn line(name: &str, seed: u64) -> String {
        let (grid, path) = tree();
        let tokenizer: Tokenizer = name.parse().unwrap();
        let mut line = String::new();
        let mut rng = rng_for_stream(seed, 2);
        tokenizer.write(&grid, &path, &mut rng, &mut line).unwrap();
        line
    }

    #[test]
    fn names_read_back_as_printed() {
        for name in NAMES {
            let tokenizer: Tokenizer = name.parse().unwrap();
            assert_eq!(tokenizer.to_string(), name);
        }
        assert_eq!(Tokenizer::default().to_string(), NAMES[0]);
        // The prefix may be left out.
        let bare = NAMES[2].trim_start_matches(PREFIX);
        assert_eq!(bare.parse::<Tokenizer>().unwrap().to_string(), NAMES[2]);
    }

    #[test]
    fn deterministic_tokenizers_give_maze_datasets_tokens() {
        // Each line as maze-dataset's `to_tokens` gives it for this maze.
        assert_eq!(
            line(NAMES[1], 1),
            "<ADJLIST_START> ( 0 , 0 ) <--> ( 0 , 1 ) ; ( 0 , 0 ) <--> ( 1 , 0 ) ; ( 0 , 1 ) \
             <--> ( 0 , 2 ) ; ( 0 , 2 ) <--> ( 1 , 2 ) ; ( 1 , 1 ) <--> ( 1 , 2 ) ; ( 1 , 1 ) \
             <--> ( 2 , 1 ) ; ( 2 , 0 ) <--> ( 2 , 1 ) ; ( 2 , 1 ) <--> ( 2 , 2 ) ; \
             <ADJLIST_END> <ORIGIN_START> ( 0 , 0 ) <ORIGIN_END> <TARGET_START> ( 2 , 2 ) \
             <TARGET_END> <PATH_START> ( 0 , 0 ) ( 0 , 1 ) ( 0 , 2 ) ( 1 , 2 ) ( 1 , 1 ) \
             ( 2 , 1 ) ( 2 , 2 ) <PATH_END>"
        );
        // Forks at the ends and at (2,1); facing north at the start, east is a right turn,
        // and facing south at (2,1) it is a left one.
        assert_eq!(
            line(NAMES[2], 1),
            "<ADJLIST_START> ADJ_GROUP (0,0) EAST <--> & SOUTH <--> & ADJ_GROUP (0,1) WEST <--> \
             & EAST <--> & SOUTH <XX> & ADJ_GROUP (0,2) WEST <--> & SOUTH <--> & ADJ_GROUP \
             (1,0) NORTH <--> & EAST <XX> & SOUTH <XX> & ADJ_GROUP (1,1) NORTH <XX> & WEST \
             <XX> & EAST <--> & SOUTH <--> & ADJ_GROUP (1,2) NORTH <--> & WEST <--> & SOUTH \
             <XX> & ADJ_GROUP (2,0) NORTH <XX> & EAST <--> & ADJ_GROUP (2,1) NORTH <--> & \
             WEST <--> & EAST <--> & ADJ_GROUP (2,2) NORTH <XX> & WEST <--> & <ADJLIST_END> \
             <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> <TARGET_END> <PATH_START> STEP \
             RIGHT : +5 : THEN STEP LEFT : +1 : THEN <PATH_END>"
        );
        assert_eq!(
            line(NAMES[3], 1),
            "<ADJLIST_START> (0,1) (1,1) <XX> (1,0) (2,0) <XX> (1,2) (2,2) <XX> (1,0) (1,1) \
             <XX> (1,1) (0,1) <XX> (2,0) (1,0) <XX> (2,2) (1,2) <XX> (1,1) (1,0) <XX> \
             <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (2,2) || \
             <TARGET_END> <PATH_START> (0,0) EAST (0,2) SOUTH (1,2) WEST (1,1) SOUTH (2,1) EAST \
             (2,2) <PATH_END>"
        );
        assert!(
            !NAMES[1..]
                .iter()
                .any(|name| name.parse::<Tokenizer>().unwrap().is_random())
        );
    }

    #[test]
    fn random_orders_come_from_the_stream() {
        assert!(Tokenizer::default().is_random());
        let words = |line: &str| {
            let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
            words.sort();
            words
        };
        assert_eq!(line(NAMES[0], 3), line(NAMES[0], 3));
        let seeds: Vec<String> = (0..8).map(|seed| line(NAMES[0], seed)).collect();
        assert!(seeds.iter().any(|other| *other != seeds[0]));
        // The passages move; the tokens stay: the default's, with 8 passages.
        assert!(seeds.iter().all(|other| words(other) == words(&seeds[0])));
        assert_eq!(seeds[0].matches(" <--> ").count(), 8);
    }

    #[test]
    fn bad_names_say_where_and_what_is_expected() {
        let error = |name: &str| name.parse::<Tokenizer>().unwrap_err().to_string();
        let message = error("MazeTokenizerModular-AOTP(UX(), ...)");
        assert!(
            message.starts_with(
                "'MazeTokenizerModular-AOTP(UX(), ...)' is no maze-dataset tokenizer: at \
                 character 27 expected a coord tokenizer (UT(, CTT(), found 'UX(), ...)'; a \
                 name is a MazeTokenizerModular.name, such as 'MazeTokenizerModular-AOTP(UT(), "
            ),
            "{message}"
        );
        assert!(error(&NAMES[0].replace("ordinal=1", "ordinal=3")).contains("from 0 to 2"));
        assert!(error(&NAMES[2].replace("ordinal=1", "ordinal=2")).contains("from 0 to 1"));
        assert!(error(&NAMES[0].replace("walls=F", "walls=False")).contains("found 'alse)"));
        assert!(error(&format!("{}x", NAMES[0])).contains("expected the end of the name"));
        assert!(error("").contains("found the end"));
        let twice = NAMES[0].replace("(Coord(), )", "(Coord(), Coord(), )");
        assert!(error(&twice).contains("a step tokenizer not given before"));
        let distance = NAMES[0].replace("(Coord(), )", "(Distance(), )");
        assert!(error(&distance).contains("other than Distance"));
        let none = NAMES[0].replace("(Coord(), )", "()");
        assert!(error(&none).contains("other than Distance"));
    }

    #[test]
    fn mazes_maze_dataset_cannot_read_are_refused() {
        let tokenizer = Tokenizer::default();
        let mut rng = rng_for_stream(1, 2);
        let one = Grid::new(1, 1).unwrap();
        let cell = [Pos { x: 0, y: 0 }];
        let refused = tokenizer.write(&one, &cell, &mut rng, &mut String::new());
        assert!(matches!(refused, Err(MazeError::NoTokens)));
        let walled = Grid::new(2, 1).unwrap();
        let path = [Pos { x: 0, y: 0 }, Pos { x: 1, y: 0 }];
        let refused = tokenizer.write(&walled, &path, &mut rng, &mut String::new());
        assert!(matches!(refused, Err(MazeError::NoTokens)));
    }
}
