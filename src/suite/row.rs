//! A row of a split: one maze with its endpoints placed, its shortest paths, its difficulty
//! figures and the representations its split asks for.

use super::SuiteError;
use super::spec::SplitSpec;
use crate::Maze;
use crate::analysis::{AllShortest, Difficulty, ListedPaths};
use crate::grid::{Dir, Pos, Tile};
use crate::render::{AlphaMaze, Ascii, Hrm, Json, Render, Searchformer, Text, Tokens};
use crate::rng::{RandomBits, rng_for_stream};
use crate::topology::{UNREACHED, distances};

/// The random stream the endpoints of a suite's mazes are drawn from.
pub const ENDPOINTS_STREAM: u64 = crate::maze::ENDS_STREAM;

/// One maze of a split, as its Parquet row holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Its index in the split.
    pub index: u64,
    /// Its own seed: the split's maze spec makes its passages again from it (a symmetric
    /// split's, those of its left half).
    pub seed: u64,
    /// Width and height in cells.
    pub size: [u32; 2],
    /// The tile rows, `#` for walls and `.` for passages, `2h+1` rows of `2w+1`.
    pub tiles: Vec<String>,
    /// maze-dataset's connection list flattened: `[0][y][x]` (cell (x, y) open to the cell
    /// below) then `[1][y][x]` (open to the cell on its right), C order.
    pub connections: Vec<bool>,
    /// The start cell, `(x, y)`.
    pub start: Pos,
    /// The goal cell, `(x, y)`.
    pub goal: Pos,
    /// The shortest paths (whether the goal is reached, their length, number and moves).
    pub shortest: AllShortest,
    /// The difficulty figures, when the goal can be reached.
    pub difficulty: Option<Difficulty>,
    /// The representations asked for, in the split's order.
    pub representations: Vec<String>,
    /// A hash of its passages.
    pub hash: u128,
}

impl Row {
    /// The row of `maze`, maze `index` of `split` (for the `symmetric` family, its left half,
    /// mirrored first): its endpoints placed as the split says, then measured.
    pub fn of(maze: Maze, index: u64, split: &SplitSpec) -> Result<Row, SuiteError> {
        let mut maze = super::symmetric::whole(&maze, split)?.unwrap_or(maze);
        place_endpoints(&mut maze, split)?;
        block(&mut maze, split)?;
        let grid = maze.grid().expect("suites are of rectangles");
        let hash = crate::dataset::maze_hash(&maze);
        let (width, height) = (grid.width(), grid.height());
        let mut tiles = Vec::with_capacity(2 * height as usize + 1);
        let mut view = maze.wall_tiles()?;
        while let Some((_, row)) = view.next_row() {
            tiles.push(
                row.iter()
                    .map(|&tile| if tile == Tile::Wall { '#' } else { '.' })
                    .collect(),
            );
        }
        let mut connections = Vec::with_capacity(2 * (width * height) as usize);
        for y in 0..height {
            connections.extend((0..width).map(|x| grid.open_south(x, y)));
        }
        for y in 0..height {
            connections.extend((0..width).map(|x| grid.open_east(x, y)));
        }
        let shortest = AllShortest::of(&maze, split.paths)?;
        let difficulty = match shortest.reachable {
            true => Some(Difficulty::of(&maze)?),
            false => None,
        };
        let representations = split
            .representations
            .iter()
            .map(|name| represent(&maze, name))
            .collect::<Result<_, _>>()?;
        Ok(Row {
            index,
            seed: maze.seed(),
            size: [width, height],
            tiles,
            connections,
            start: maze.start_pos(),
            goal: maze.goal_pos(),
            shortest,
            difficulty,
            representations,
            hash,
        })
    }

    /// The shortest paths as move strings.
    pub fn moves(&self) -> &[String] {
        match &self.shortest.paths {
            ListedPaths::Moves(moves) => moves,
            ListedPaths::Cells(_) => &[],
        }
    }
}

/// `maze` in the representation `name` (one of [`REPRESENTATIONS`](super::REPRESENTATIONS)),
/// without a trailing line break.
fn represent(maze: &Maze, name: &str) -> Result<String, SuiteError> {
    let renderer: Box<dyn Render> = match name {
        "text" => Box::new(Text::default()),
        "json" => Box::new(Json::default()),
        "tokens" => Box::new(Tokens::default()),
        "ascii" => Box::new(Ascii),
        "alphamaze" => Box::new(AlphaMaze),
        "hrm" => Box::new(Hrm),
        "searchformer" => Box::new(Searchformer::default()),
        _ => unreachable!("representations are checked with the spec"),
    };
    let mut bytes = Vec::new();
    renderer
        .render(maze, &mut bytes)
        .map_err(crate::Error::from)?;
    let mut text = String::from_utf8(bytes).expect("the dataset formats write text");
    while text.ends_with('\n') {
        text.pop();
    }
    Ok(text)
}

/// Places the start and goal of `maze` as `split` says: within its band of shortest lengths
/// when it has one, else by its endpoint rule (the shape's corners unless given). Draws from
/// the maze's own endpoint stream.
///
/// A band is met by choosing the ends, never by making the maze again ([`Maze::random_ends`]:
/// a start drawn at random, then a goal drawn among the cells within the band from it, the
/// start moved to the corner (0, 0) or the cell farthest from it when none is). The run keeps
/// only mazes whose longest path reaches the band ([`reaches_band`]).
fn place_endpoints(maze: &mut Maze, split: &SplitSpec) -> Result<(), SuiteError> {
    let grid = maze.grid().expect("suites are of rectangles");
    let cells = grid.width() as usize * grid.height() as usize;
    let mut rng = rng_for_stream(maze.seed(), ENDPOINTS_STREAM);
    let mut bits = RandomBits::new(&mut rng);
    let mut draw = |bound: usize| bits.below_by_multiply(bound as u32) as usize;
    let (start, goal) = match (split.shortest, split.endpoints()) {
        (Some([min, max]), _) => {
            return maze.random_ends(min, max).map_err(|_| {
                SuiteError::Spec(format!(
                    "split {:?}: a maze reached no shortest length within {min} to {max}",
                    split.name
                ))
            });
        }
        (None, Some("random")) => {
            let start = draw(cells);
            let goal = (start + 1 + draw(cells - 1)) % cells;
            (start, goal)
        }
        (None, Some("farthest")) => {
            let (start, goal, _) = maze.diameter()?;
            maze.set_endpoints(start, goal)?;
            return Ok(());
        }
        _ => return Ok(()),
    };
    let (start, goal) = (grid.pos(start), grid.pos(goal));
    maze.set_endpoints(start, goal)?;
    Ok(())
}

/// The edit of the blocked families: the passage of the last step of a shortest path into the
/// goal (`near-goal-blocked`), or of its first step out of the start (`near-start-blocked`),
/// closed. On a perfect maze the goal is then unreachable; on a braided one another way may
/// remain.
fn block(maze: &mut Maze, split: &SplitSpec) -> Result<(), SuiteError> {
    let near_goal = match split.family.as_deref() {
        Some("near-goal-blocked") => true,
        Some("near-start-blocked") => false,
        _ => return Ok(()),
    };
    let found = maze.shortest_paths(1)?;
    let Some(path) = found.paths.first().filter(|path| path.len() >= 2) else {
        return Ok(());
    };
    let (a, b) = match near_goal {
        true => (path[path.len() - 2], path[path.len() - 1]),
        false => (path[0], path[1]),
    };
    let (a, b) = (maze.pos(a), maze.pos(b));
    let dir = match (b.x.cmp(&a.x), b.y.cmp(&a.y)) {
        (std::cmp::Ordering::Greater, _) => Dir::East,
        (std::cmp::Ordering::Less, _) => Dir::West,
        (_, std::cmp::Ordering::Greater) => Dir::South,
        _ => Dir::North,
    };
    maze.close_passage(a, dir)?;
    Ok(())
}

/// The cell farthest in `from` (the first of the farthest).
fn farthest(from: &[u32]) -> usize {
    let mut best = 0;
    for (i, &d) in from.iter().enumerate() {
        if d != UNREACHED && d > from[best] {
            best = i;
        }
    }
    best
}

/// Whether some two cells of `maze` lie at least `min` steps apart: the farthest cell from
/// the first, then the farthest from it (exact on perfect mazes, a lower bound on others). A
/// rectangle's opposite corners are always `width + height - 2` apart or more.
pub fn reaches_band(maze: &Maze, min: u32) -> bool {
    let grid = maze.grid().expect("suites are of rectangles");
    if min <= grid.width() + grid.height() - 2 {
        return true;
    }
    let sweep = distances(grid, farthest(&distances(grid, 0)));
    sweep[farthest(&sweep)] >= min
}
