//! Shapes a maze can take, behind the [`Topology`] trait the graph algorithms are written
//! against: the rectangle ([`Grid`]), a rectangle with cells masked off
//! ([`Masked`]), hexagons ([`Hex`]), triangles ([`Triangle`]) and rings ([`Polar`]).
//!
//! A topology numbers its cells from 0 (a mask leaves holes in the numbering) and gives each
//! cell up to [`Topology::SIDES`] numbered sides; a side may lead to a neighbour or to nothing.
//! Each passage between two neighbours is stored once, as a bit of the cell that owns it, so a
//! shape takes a byte or less per cell and computes its neighbours from coordinates.
//!
//! Algorithms are generic over the topology, as they are over their observer: each shape gets
//! its own compiled copy, so the rectangle pays nothing for the others.

mod field;
mod geometry;
mod hex;
mod levels;
mod masked;
mod paths;
mod perfect;
mod polar;
mod rect;
mod size;
mod square;
mod triangle;
mod weave;
mod wrap;

pub use field::{Field, FieldCursor, Tiling};
pub use geometry::{Geometry, Joint, Point};
pub use hex::{Hex, HexTiling};
pub use levels::{Levels, LevelsCursor, MAX_LEVELS};
pub use masked::{Mask, Masked};
pub use paths::{Distances, UNREACHED, diameter, distances, shortest_path, unreachable_cell};
pub(crate) use paths::{diameter_from, path_back};
pub use perfect::{Defect, check_perfect};
pub use polar::{Polar, PolarCursor};
pub(crate) use rect::walls as rect_walls;
pub use size::ShapeSize;
pub use square::{Square, SquareTiling};
pub use triangle::{Triangle, TriangleTiling};
pub use weave::Weave;
pub use wrap::Wrap;

use crate::events::Event;
use crate::grid::{CellName, Grid, MAX_SHAPE_CELLS, MazeError, Pos, Result};
use crate::rng::{MazeRng, RandomBits};

/// A maze's cells and the passages between them, as the graph algorithms see them.
///
/// Implementations keep the hot methods `#[inline(always)]`: the algorithms call them once or
/// more per step.
pub trait Topology {
    /// How events name a side (a direction on the rectangle), and its number.
    type Side: Copy + Into<u8>;
    /// A cell being walked: its index, with whatever makes stepping cheap (its coordinates).
    type Cursor: Copy;
    /// Room for one entry per side: the candidates of [`Topology::random_neighbour`].
    type Sides: Default + AsMut<[u8]> + AsRef<[u8]>;

    /// The number of sides a cell may have; sides are numbered `0..SIDES`.
    const SIDES: usize;
    /// The number of sides a cell owns, each a wall id `cell * OWNED + k` (see
    /// [`Topology::owned_side`]): every wall between two cells is owned by exactly one of them.
    const OWNED: usize;
    /// The sides an opening beside the start, then beside the goal, is looked for on, in order
    /// of preference: the first on the outer border is opened (see [`Shape::opening_side`]).
    const OPENINGS: [&'static [u8]; 2];

    /// Whether side `k` faces the same way on every cell (the rectangle, a mask, hexagons), side
    /// `k + SIDES / 2` the opposite way, and sides `0..SIDES` run clockwise: a walker can keep
    /// a heading and count its turns in sides, as the Pledge algorithm does. Triangles point
    /// two ways and rings bend, so they cannot.
    const HEADINGS: bool = false;
    /// The shape's name as documents spell it ([`Shape::name`]).
    const NAME: &'static str;
    /// Whether passages may cross under cells ([`Weave`]): whether [`Topology::crossing`]
    /// may lay crossings, and [`Topology::neighbour`] changes as passages open.
    const WEAVES: bool = false;

    /// One more than the largest cell index.
    fn slots(&self) -> usize;

    /// The number of cells.
    fn cell_count(&self) -> usize;

    /// Whether index `i` (below [`Topology::slots`]) is a cell, not a hole of a mask.
    #[inline(always)]
    fn is_cell(&self, _i: usize) -> bool {
        true
    }

    /// The first cell in index order.
    #[inline(always)]
    fn first_cell(&self) -> usize {
        (0..self.slots())
            .find(|&i| self.is_cell(i))
            .expect("a shape has cells")
    }

    /// The last cell in index order.
    fn last_cell(&self) -> usize {
        (0..self.slots())
            .rev()
            .find(|&i| self.is_cell(i))
            .expect("a shape has cells")
    }

    /// The goal unless one is given: the last cell, which lies across the shape from the
    /// first (on a wrapped field, the cell halfway round from it).
    fn default_goal(&self) -> usize {
        self.last_cell()
    }

    /// The size that errors about this maze name: cells across and down (rings and the outer
    /// ring's cells for [`Polar`]).
    fn extent(&self) -> (u32, u32);

    /// A uniformly random cell, from one or more draws of `rng`.
    fn random_cell(&self, rng: &mut MazeRng) -> usize;

    /// A cursor on cell `i`.
    fn cursor(&self, i: usize) -> Self::Cursor;

    /// A cursor on cell `i + 1` from one on cell `i` (which must not be the last index), for
    /// scans in index order.
    #[inline(always)]
    fn cursor_next(&self, cursor: &Self::Cursor) -> Self::Cursor {
        self.cursor(Self::index(cursor) + 1)
    }

    /// The cell a cursor is on.
    fn index(cursor: &Self::Cursor) -> usize;

    /// The neighbour of the cursor's cell through `side`, if there is one.
    fn neighbour(&self, cursor: &Self::Cursor, side: usize) -> Option<usize>;

    /// The cell through `side` of the cursor's cell whatever passages are open: what documents
    /// list as its neighbours and read passages back between. [`Topology::neighbour`] on every
    /// shape but a [`Weave`], whose passages under a cell open only while that cell is a
    /// corridor across them, and whose walls lead nowhere once a passage runs under them.
    fn link(&self, cursor: &Self::Cursor, side: usize) -> Option<usize> {
        self.neighbour(cursor, side)
    }

    /// The cell a passage through `side` of the cursor's cell goes under, on a [`Weave`]; `None`
    /// for a passage between cells side by side, and on every other shape.
    fn under(&self, cursor: &Self::Cursor, side: usize) -> Option<usize> {
        let _ = (cursor, side);
        None
    }

    /// A crossing under cell `i` as Kruskal lays it before it carves anything else ([`Weave`]
    /// only): the cell and side of each half of the passage over it (east-west if
    /// `east_west`, else north-south), then of the passage under it; `None` where `i` may not
    /// be crossed (it was not drawn crossable, a side of it is open or taken by a passage
    /// under, or it lies on the border), and on every other shape.
    fn crossing(&self, i: usize, east_west: bool) -> Option<[(usize, usize); 3]> {
        let _ = (i, east_west);
        None
    }

    /// Moves the cursor through `side` (which must lead to a neighbour) and returns the side
    /// of the new cell that leads back.
    fn step(&self, cursor: &mut Self::Cursor, side: usize) -> usize;

    /// One step of the simple random walk: moves the cursor to a uniformly random neighbour
    /// and returns the side it left by. The cell must have a neighbour.
    fn random_step(&self, cursor: &mut Self::Cursor, bits: &mut RandomBits<'_, MazeRng>) -> usize;

    /// A uniformly random side among those leading to a neighbour whose index passes `wanted`,
    /// or `None` when no neighbour does. Candidates are taken in side order and one is picked
    /// with [`RandomBits::below`] (no draw when there is only one).
    #[inline(always)]
    fn random_neighbour(
        &self,
        cursor: &Self::Cursor,
        bits: &mut RandomBits<'_, MazeRng>,
        mut wanted: impl FnMut(usize) -> bool,
    ) -> Option<usize> {
        let mut sides = Self::Sides::default();
        let options = sides.as_mut();
        let mut count = 0;
        for side in 0..Self::SIDES {
            if let Some(j) = self.neighbour(cursor, side)
                && wanted(j)
            {
                options[count] = side as u8;
                count += 1;
            }
        }
        (count > 0).then(|| usize::from(options[bits.below(count as u32) as usize]))
    }

    /// The side `k` (below [`Topology::OWNED`]) that cell `i` owns, and the neighbour behind
    /// it, if that wall stands between two cells.
    fn owned_side(&self, i: usize, k: usize) -> Option<(usize, usize)>;

    /// Calls `each` with the id of every wall between two cells, each once, in index order
    /// (`cell * OWNED + k`, see [`Topology::owned_side`]).
    fn walls(&self, mut each: impl FnMut(u32)) {
        for i in (0..self.slots()).filter(|&i| self.is_cell(i)) {
            for k in 0..Self::OWNED {
                if self.owned_side(i, k).is_some() {
                    each((i * Self::OWNED + k) as u32);
                }
            }
        }
    }

    /// The cell, side and neighbour of wall `id` (see [`Topology::walls`]).
    #[inline(always)]
    fn wall(&self, id: u32) -> (usize, usize, usize) {
        let (i, k) = (id as usize / Self::OWNED, id as usize % Self::OWNED);
        let (side, j) = self
            .owned_side(i, k)
            .expect("wall ids name walls between cells");
        (i, side, j)
    }

    /// The id of the wall through `side` of the cursor's cell (which must lead to a
    /// neighbour): owned by the cell or by the neighbour.
    fn wall_id(&self, cursor: &Self::Cursor, side: usize) -> u32 {
        let i = Self::index(cursor);
        let owned = |cell: usize, side: usize| {
            (0..Self::OWNED).find(|&k| self.owned_side(cell, k).is_some_and(|(s, _)| s == side))
        };
        if let Some(k) = owned(i, side) {
            return (i * Self::OWNED + k) as u32;
        }
        let mut beyond = *cursor;
        let back = self.step(&mut beyond, side);
        let j = Self::index(&beyond);
        let k = owned(j, back).expect("every wall between two cells is owned by one of them");
        (j * Self::OWNED + k) as u32
    }

    /// The number of walls between two cells: what Kruskal's and Prim's lists hold.
    fn wall_count(&self) -> u64 {
        let mut count = 0;
        self.walls(|_| count += 1);
        count
    }

    /// Opens the passage from cell `i` through `side` (which must lead to a neighbour).
    fn carve(&mut self, i: usize, side: usize);

    /// Closes the passage from cell `i` through `side` (which must lead to a neighbour), as
    /// generators that add walls do.
    fn close(&mut self, i: usize, side: usize);

    /// Whether the passage from cell `i` through `side` is open.
    fn is_open(&self, i: usize, side: usize) -> bool;

    /// Whether `side` of the cursor's cell lies on the outer border, between the maze and the
    /// outside (beside a hole of a mask too): a side of the cell without a neighbour.
    #[inline(always)]
    fn is_border(&self, cursor: &Self::Cursor, side: usize) -> bool {
        self.neighbour(cursor, side).is_none()
    }

    /// The sides of the cursor's cell, each once, in clockwise order as the cell is drawn (y
    /// down), from any of them: `sides.as_ref()[..count]` of the `(sides, count)` returned.
    /// Sides on the outer border are included, sides the cell does not have (a polar cell's
    /// outward sides past its last cell outward) are not. Wall followers turn by this order.
    ///
    /// Written once per shape from its geometry (`0..SIDES` unless the shape says otherwise),
    /// and checked against [`Geometry`]: the midpoints of the walls, seen from the centre,
    /// come round clockwise.
    #[inline(always)]
    fn clockwise(&self, _cursor: &Self::Cursor) -> (Self::Sides, usize) {
        let mut sides = Self::Sides::default();
        for (k, side) in sides.as_mut().iter_mut().enumerate() {
            *side = k as u8;
        }
        (sides, Self::SIDES)
    }

    /// The number of open passages of cell `i` (1: a dead end).
    fn degree(&self, i: usize) -> usize {
        let cursor = self.cursor(i);
        (0..Self::SIDES)
            .filter(|&side| self.neighbour(&cursor, side).is_some() && self.is_open(i, side))
            .count()
    }

    /// The position of the cursor's cell, as events and documents name it: column and row on
    /// the rectangle and its kin, index in the ring and ring on a [`Polar`] maze.
    fn cell(&self, cursor: &Self::Cursor) -> Pos;

    /// The cell at `pos` (see [`Topology::cell`]), if there is one.
    fn locate(&self, pos: Pos) -> Option<usize>;

    /// How messages name the cursor's cell, as `--start` and `--goal` take it.
    fn cell_name(&self, cursor: &Self::Cursor) -> CellName {
        let (at, z) = self.placed(cursor);
        CellName {
            x: at.x,
            y: at.y,
            z,
        }
    }

    /// Where documents place the cursor's cell: its position on its level, and its level on
    /// a maze in levels ([`Levels`], whose [`Topology::cell`] counts rows down through the
    /// levels); `None` on a flat shape.
    fn placed(&self, cursor: &Self::Cursor) -> (Pos, Option<u32>) {
        (self.cell(cursor), None)
    }

    /// The position ([`Topology::cell`]) of the cell documents place at `at` on `level`
    /// (see [`Topology::placed`]), or `None` when the level is missing or not wanted.
    fn position(&self, at: Pos, level: Option<u32>) -> Option<Pos> {
        level.is_none().then_some(at)
    }

    /// How events name a side.
    fn side(side: usize) -> Self::Side;
}

/// The number of sides a cell of `_topology` may have ([`Topology::SIDES`]), for callers
/// that hold the topology, not its type.
pub(crate) const fn sides_of<T: Topology>(_topology: &T) -> usize {
    T::SIDES
}

/// The events a generator reports on topology `T`.
pub type EventOf<T> = Event<Pos, <T as Topology>::Side>;

/// Each cell index's id, as documents and events number cells: ids run from 0 in index order,
/// skipping a mask's holes (which get `u32::MAX`).
pub(crate) fn cell_ids(topology: &impl Topology) -> Result<Vec<u32>> {
    let mut ids = filled(topology, topology.slots(), u32::MAX)?;
    let mut count = 0;
    for (i, id) in ids.iter_mut().enumerate() {
        if topology.is_cell(i) {
            *id = count;
            count += 1;
        }
    }
    Ok(ids)
}

/// The side of cell `i` an opening beside `end` leaves by (see [`Shape::opening_side`]), or
/// the cell's position when it does not touch the outer border.
fn first_border_side<T: Topology>(
    topology: &T,
    i: usize,
    end: End,
) -> std::result::Result<usize, CellName> {
    let cursor = topology.cursor(i);
    T::OPENINGS[end as usize]
        .iter()
        .map(|&side| usize::from(side))
        .find(|&side| topology.is_border(&cursor, side))
        .ok_or_else(|| topology.cell_name(&cursor))
}

/// Which end of the way through a maze: where it is entered, or left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The entrance.
    Start,
    /// The exit.
    Goal,
}

impl End {
    /// `"start"` or `"goal"`, as messages name it.
    pub const fn name(self) -> &'static str {
        match self {
            End::Start => "start",
            End::Goal => "goal",
        }
    }
}

/// Allocates `len` copies of `value` as scratch space for a maze on `topology`, reporting a
/// refused allocation as an error instead of aborting.
pub(crate) fn filled<T: Clone>(topology: &impl Topology, len: usize, value: T) -> Result<Vec<T>> {
    let (width, height) = topology.extent();
    crate::grid::filled_vec(width, height, len, value)
}

/// Allocates the `len` walls of a shape on `topology`, all standing (zero bytes), reporting
/// a refused allocation as an error instead of aborting.
pub(crate) fn walls(topology: &impl Topology, len: usize) -> Result<Vec<u8>> {
    let (width, height) = topology.extent();
    crate::grid::zeroed_vec(width, height, len)
}

/// Allocates an empty `Vec` with room for `len` items as scratch space for a maze on
/// `topology`, reporting a refused allocation as an error instead of aborting.
pub(crate) fn reserved<T>(topology: &impl Topology, len: usize) -> Result<Vec<T>> {
    let (width, height) = topology.extent();
    crate::grid::empty_vec(width, height, len)
}

/// Refuses a shape of `cells` cells over [`MAX_SHAPE_CELLS`], or one without cells.
pub(crate) fn check_cells(cells: u64) -> Result<()> {
    if cells > MAX_SHAPE_CELLS {
        return Err(MazeError::TooManyCells {
            cells,
            limit: MAX_SHAPE_CELLS,
        });
    }
    if cells == 0 {
        return Err(MazeError::EmptyShape);
    }
    Ok(())
}

/// A maze's shape with its passages: any of the topologies, chosen at run time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A rectangle of square cells.
    Rect(Grid),
    /// A rectangle with cells masked off.
    Masked(Masked),
    /// A rectangle of square cells with edges joined (see [`Wrap`]); the plain rectangle is
    /// [`Shape::Rect`].
    Square(Square),
    /// Hexagons in columns.
    Hex(Hex),
    /// Triangles in rows.
    Triangle(Triangle),
    /// Rings around a centre cell.
    Polar(Polar),
    /// Rectangles stacked in levels, a 3D maze.
    Levels(Levels),
    /// A rectangle whose passages may cross under cells.
    Weave(Weave),
}

/// Runs `$body` with `$t` bound to the topology inside a [`Shape`] (`&` or `&mut` as `$shape`
/// is): one generic function serves every shape.
#[macro_export]
macro_rules! with_topology {
    ($shape:expr, $t:ident => $body:expr) => {
        match $shape {
            $crate::topology::Shape::Rect($t) => $body,
            $crate::topology::Shape::Masked($t) => $body,
            $crate::topology::Shape::Square($t) => $body,
            $crate::topology::Shape::Hex($t) => $body,
            $crate::topology::Shape::Triangle($t) => $body,
            $crate::topology::Shape::Polar($t) => $body,
            $crate::topology::Shape::Levels($t) => $body,
            $crate::topology::Shape::Weave($t) => $body,
        }
    };
}

impl Shape {
    /// The shape's name as documents spell it: `rect`, `mask`, `hex`, `triangle`, `polar`
    /// (a wrapped rectangle, rectangles in levels and a weave are `rect`s).
    pub const fn name(&self) -> &'static str {
        match self {
            Shape::Rect(_) | Shape::Square(_) | Shape::Levels(_) | Shape::Weave(_) => "rect",
            Shape::Masked(_) => "mask",
            Shape::Hex(_) => "hex",
            Shape::Triangle(_) => "triangle",
            Shape::Polar(_) => "polar",
        }
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        with_topology!(self, t => Topology::cell_count(t))
    }

    /// One more than the largest cell index (see [`Topology::slots`]).
    pub fn slots(&self) -> usize {
        with_topology!(self, t => Topology::slots(t))
    }

    /// Cells across and down, as errors name the size (see [`Topology::extent`]).
    pub fn extent(&self) -> (u32, u32) {
        with_topology!(self, t => Topology::extent(t))
    }

    /// How messages name the shape: its [`Shape::name`], after `wrapped (xy)` or the like
    /// when edges are joined, `3-level` for a 3D maze, `woven` for a weave.
    pub fn description(&self) -> String {
        match (self, self.wrap()) {
            (Shape::Levels(levels), _) => format!("{}-level {}", levels.levels(), self.name()),
            (Shape::Weave(_), _) => format!("woven {}", self.name()),
            (_, Wrap::None) => self.name().to_string(),
            (_, wrap) => format!("wrapped ({}) {}", wrap.name(), self.name()),
        }
    }

    /// Whether it is drawn in tiles of its own, not being a rectangle or a mask: a maze in
    /// levels (a grid of tiles a level) or a weave (its crossings marked), as `json` writes it.
    pub const fn has_own_tiles(&self) -> bool {
        matches!(self, Shape::Levels(_) | Shape::Weave(_))
    }

    /// Which edges are joined: none but on a wrapped rectangle or hexagons.
    pub const fn wrap(&self) -> Wrap {
        match self {
            Shape::Square(field) => field.wrap(),
            Shape::Hex(field) => field.wrap(),
            _ => Wrap::None,
        }
    }

    /// The side of `cell` through which an opening beside `end` leaves the maze: the first
    /// side in the shape's order for that end ([`Topology::OPENINGS`]) on the outer border.
    /// A cell that does not touch the border is refused with [`MazeError::NotOnBorder`], naming the
    /// cells that do.
    pub fn opening_side(&self, cell: usize, end: End) -> Result<usize> {
        with_topology!(self, t => first_border_side(t, cell, end)).map_err(|cell| {
            MazeError::NotOnBorder {
                role: end.name(),
                cell,
                accepted: self.border_cells(),
            }
        })
    }

    /// The openings in the outer wall beside the `start` and `goal` cells, each a cell and the
    /// side it opens ([`Shape::opening_side`]): beside each that touches the outer wall, the
    /// start's first, one if both are the same. When neither touches it,
    /// [`MazeError::NoEndOnBorder`].
    pub fn border_openings(&self, start: usize, goal: usize) -> Result<Vec<(usize, usize)>> {
        let start_side = self.opening_side(start, End::Start);
        let goal_side = self.opening_side(goal, End::Goal);
        if let (
            Err(MazeError::NotOnBorder {
                cell: start,
                accepted,
                ..
            }),
            Err(MazeError::NotOnBorder { cell: goal, .. }),
        ) = (&start_side, &goal_side)
        {
            return Err(MazeError::NoEndOnBorder {
                start: *start,
                goal: *goal,
                accepted: accepted.clone(),
            });
        }
        let mut openings: Vec<(usize, usize)> = [(start, start_side), (goal, goal_side)]
            .into_iter()
            .filter_map(|(cell, side)| Some((cell, side.ok()?)))
            .collect();
        openings.dedup();
        Ok(openings)
    }

    /// Which cells touch the outer border, as [`MazeError::NotOnBorder`] says it after its
    /// message: nothing for the rectangle, whose outer rows and columns are plain to see.
    fn border_cells(&self) -> String {
        match self.wrap() {
            Wrap::Xy => return "; a torus has no outer wall".into(),
            Wrap::X => return "; only the top and bottom rows of a cylinder are".into(),
            Wrap::Y => return "; only the left and right columns of a cylinder are".into(),
            Wrap::None => {}
        }
        match self {
            Shape::Rect(_) | Shape::Square(_) | Shape::Weave(_) => String::new(),
            Shape::Levels(_) => "; cells on the outer wall of their level are".into(),
            Shape::Masked(_) => {
                "; cells beside a cell off the mask or the rectangle's edge are".into()
            }
            Shape::Hex(_) | Shape::Triangle(_) => {
                "; cells with a side on the field's edge are".into()
            }
            Shape::Polar(polar) => {
                let outer = polar.rings() - 1;
                let last = polar.ring_cells(outer) - 1;
                format!("; the cells 0,{outer} to {last},{outer} of the outer ring are")
            }
        }
    }
}
