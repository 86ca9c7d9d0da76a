//! Reading a `mazegen.graph/v1` document back into a [`ShapedMaze`]: the blank shape rebuilt
//! from `shape` (a mask from the cells present), each cell checked against it, each passage
//! carved, and everything a broken or hand-edited document could get wrong refused.
//!
//! The cells and passages are read one at a time and held compactly until the whole document
//! is read (its fields may come in any order): a cell's position, its neighbours' ids and a
//! passage's two ids, about 30 to 40 bytes a cell, less than half of the document's own size.

use super::invalid;
use crate::error::{Error, Result};
use crate::grid::{MAX_CELLS, Pos};
use crate::render::ShapeSize;
use crate::shapes::{
    Hex, Mask, Masked, Polar, Shape, ShapedMaze, Topology, Triangle, UNREACHED, distances,
};
use crate::with_topology;
use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, de::Error as _};
use std::fmt;

/// The most neighbours a cell of any shape has: the centre of a polar maze's.
const MAX_NEIGHBOURS: usize = <Polar as Topology>::SIDES;

/// The fields of a graph document. `bounds`, the cells' `x` and `y` and `stats` are derived
/// from the shape and the passages: required where the schema requires them, never trusted.
#[derive(Deserialize)]
pub(super) struct GraphDocument {
    #[allow(dead_code)] // checked before the rest is read
    schema: String,
    #[allow(dead_code)] // whoever wrote it: nothing to check
    generator: String,
    algorithm: String,
    params: serde_json::Value,
    seed: u64,
    shape: ShapeSize,
    #[allow(dead_code)]
    bounds: IgnoredAny,
    directed: bool,
    multigraph: bool,
    start: u64,
    goal: u64,
    #[serde(default)]
    solution: Option<Vec<u64>>,
    #[allow(dead_code)]
    #[serde(default)]
    stats: Option<IgnoredAny>,
    cells: Cells,
    passages: Passages,
}

/// The `cells` array, held compactly: each cell's `at` and its neighbours' ids.
#[derive(Default)]
struct Cells {
    /// Each cell's position in its shape.
    at: Vec<Pos>,
    /// How many neighbours each cell lists.
    degree: Vec<u8>,
    /// Every cell's neighbours, one cell after the other.
    neighbours: Vec<u32>,
}

impl Cells {
    fn len(&self) -> usize {
        self.at.len()
    }

    /// The neighbours of each cell, in id order.
    fn neighbour_lists(&self) -> impl Iterator<Item = &[u32]> {
        let mut rest = &self.neighbours[..];
        self.degree.iter().map(move |&d| {
            let (list, after) = rest.split_at(usize::from(d));
            rest = after;
            list
        })
    }
}

/// One entry of `cells`, as read (`x` and `y` are the shape's, not read).
#[derive(Deserialize)]
struct CellEntry {
    id: u64,
    at: (u32, u32),
    neighbours: Vec<u64>,
}

/// Pushes `value` onto `list`, refusing (instead of aborting) when memory runs out.
fn push<T, E: de::Error>(list: &mut Vec<T>, value: T) -> Result<(), E> {
    list.try_reserve(1).map_err(|_| {
        E::custom(format_args!(
            "not enough memory to hold {} cells",
            list.len()
        ))
    })?;
    list.push(value);
    Ok(())
}

impl<'de> Deserialize<'de> for Cells {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(CellsVisitor)
    }
}

struct CellsVisitor;

impl<'de> Visitor<'de> for CellsVisitor {
    type Value = Cells;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of cells")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Cells, A::Error> {
        let mut cells = Cells::default();
        while let Some(cell) = seq.next_element::<CellEntry>()? {
            let id = cells.len() as u64;
            if cell.id != id {
                return Err(A::Error::custom(format_args!(
                    "cell {id} has the id {}; ids run from 0 in order",
                    cell.id
                )));
            }
            if id >= MAX_CELLS {
                return Err(A::Error::custom(format_args!(
                    "more than the {MAX_CELLS} cells mazegen can hold"
                )));
            }
            if cell.neighbours.len() > MAX_NEIGHBOURS {
                return Err(A::Error::custom(format_args!(
                    "cell {id} has {} neighbours; a cell has at most {MAX_NEIGHBOURS}",
                    cell.neighbours.len()
                )));
            }
            push(&mut cells.at, Pos::new(cell.at.0, cell.at.1))?;
            push(&mut cells.degree, cell.neighbours.len() as u8)?;
            for j in cell.neighbours {
                push(&mut cells.neighbours, cell_id::<A::Error>(j, "neighbour")?)?;
            }
        }
        Ok(cells)
    }
}

/// An id as held, refusing one that no maze has.
fn cell_id<E: de::Error>(id: u64, what: &str) -> Result<u32, E> {
    u32::try_from(id)
        .ok()
        .filter(|&id| u64::from(id) < MAX_CELLS)
        .ok_or_else(|| E::custom(format_args!("{what} {id} is not a cell id")))
}

/// The `passages` array: the two ids of each.
#[derive(Default)]
struct Passages(Vec<(u32, u32)>);

/// One entry of `passages`.
#[derive(Deserialize)]
struct PassageEntry {
    a: u64,
    b: u64,
}

impl<'de> Deserialize<'de> for Passages {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(PassagesVisitor)
    }
}

struct PassagesVisitor;

impl<'de> Visitor<'de> for PassagesVisitor {
    type Value = Passages;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of passages")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Passages, A::Error> {
        let mut passages = Vec::new();
        while let Some(PassageEntry { a, b }) = seq.next_element()? {
            let a = cell_id::<A::Error>(a, "passage end")?;
            let b = cell_id::<A::Error>(b, "passage end")?;
            push(&mut passages, (a, b))?;
        }
        Ok(Passages(passages))
    }
}

/// How messages name a shape: "a 7x5 hex shape", "a 5-ring polar shape".
fn describe(size: &ShapeSize) -> String {
    let (kind, width, height) = match *size {
        ShapeSize::Polar { rings } => return format!("a {rings}-ring polar shape"),
        ShapeSize::Rect { width, height } => ("rect", width, height),
        ShapeSize::Mask { width, height } => ("mask", width, height),
        ShapeSize::Hex { width, height } => ("hex", width, height),
        ShapeSize::Triangle { width, height } => ("triangle", width, height),
    };
    format!("a {width}x{height} {kind} shape")
}

/// Checks a parsed graph document and makes its maze.
pub(super) fn shaped_maze_from(doc: GraphDocument) -> Result<ShapedMaze> {
    if doc.directed || doc.multigraph {
        return Err(invalid(
            "\"directed\" and \"multigraph\" must be false: a maze is an undirected simple graph"
                .into(),
        ));
    }
    if !doc.params.is_object() {
        return Err(invalid("\"params\" must be an object".into()));
    }
    let cells = &doc.cells;
    let name = describe(&doc.shape);
    let mut shape = blank(&doc.shape, cells)?;
    let n = cells.len() as u64;
    if !matches!(shape, Shape::Masked(_)) && shape.cell_count() as u64 != n {
        return Err(invalid(format!(
            "\"cells\" has {n} cells but {name} has {}",
            shape.cell_count()
        )));
    }
    let (start, goal, solution) = with_topology!(&mut shape, t => {
        let slots = check_cells(t, cells, &name)?;
        carve(t, &slots, &doc.passages.0)?;
        let start = slot_of(&slots, doc.start, || "\"start\"".into())?;
        let goal = slot_of(&slots, doc.goal, || "\"goal\"".into())?;
        check_connected(t, &slots, cells)?;
        let solution = match &doc.solution {
            Some(ids) => Some(solution_cells(t, &slots, ids, (doc.start, doc.goal))?),
            None => None,
        };
        (start, goal, solution)
    });
    let mut maze = ShapedMaze::new(shape, doc.algorithm, doc.params, doc.seed);
    let pos = |slot: usize| with_topology!(maze.shape(), t => t.cell(&t.cursor(slot)));
    let (start, goal) = (pos(start), pos(goal));
    maze.set_endpoints(start, goal)?;
    if let Some(path) = solution {
        maze.record_solution(path);
    }
    Ok(maze)
}

/// The blank shape `size` describes, every wall standing; a mask's cells are those present.
fn blank(size: &ShapeSize, cells: &Cells) -> Result<Shape> {
    let refused = |e: Error| invalid(format!("\"shape\": {e}"));
    Ok(match *size {
        ShapeSize::Rect { width, height } => {
            Shape::Rect(crate::grid::Grid::new(width, height).map_err(refused)?)
        }
        ShapeSize::Hex { width, height } => Shape::Hex(Hex::new(width, height).map_err(refused)?),
        ShapeSize::Triangle { width, height } => {
            Shape::Triangle(Triangle::new(width, height).map_err(refused)?)
        }
        ShapeSize::Polar { rings } => Shape::Polar(Polar::new(rings).map_err(refused)?),
        ShapeSize::Mask { width, height } => {
            let slots = u64::from(width) * u64::from(height);
            crate::shapes::check_cells(slots, width, height).map_err(refused)?;
            let mut on = crate::grid::filled_vec(width, height, slots as usize, false)?;
            for (id, &at) in cells.at.iter().enumerate() {
                if !at.is_within(width, height) {
                    return Err(not_in_shape(id, at, &describe(size)));
                }
                on[at.y as usize * width as usize + at.x as usize] = true;
            }
            let mask = Mask::new(width, height, on).map_err(|e| match e {
                Error::DisconnectedMask { x, y, .. } => {
                    let at = Pos::new(x, y);
                    let id = cells.at.iter().position(|&p| p == at).unwrap_or_default();
                    cannot_be_reached(id, at)
                }
                Error::EmptyShape => invalid("\"cells\" is empty; a maze has a cell".into()),
                other => refused(other),
            })?;
            Shape::Masked(Masked::new(mask)?)
        }
    })
}

fn not_in_shape(id: usize, at: Pos, shape: &str) -> Error {
    invalid(format!(
        "cell {id}: \"at\" ({}, {}) is not a cell of {shape}",
        at.x, at.y
    ))
}

fn cannot_be_reached(id: usize, at: Pos) -> Error {
    invalid(format!(
        "cell {id} at ({}, {}) cannot be reached from cell 0",
        at.x, at.y
    ))
}

/// Every id's cell of `topology` (`shape` names it in messages), checking that the cells come
/// in the shape's order and list exactly the shape's neighbours, in the order of their sides.
fn check_cells<T: Topology>(topology: &T, cells: &Cells, shape: &str) -> Result<Vec<u32>> {
    let n = cells.len();
    let mut slots = crate::shapes::reserved(topology, n)?;
    let mut id_of = crate::shapes::filled(topology, topology.slots(), u32::MAX)?;
    for (id, &at) in cells.at.iter().enumerate() {
        let slot = topology
            .locate(at)
            .ok_or_else(|| not_in_shape(id, at, shape))?;
        if let Some(&before) = slots.last()
            && slot <= before as usize
        {
            let previous = cells.at[id - 1];
            return Err(invalid(format!(
                "cell {id} at ({}, {}) comes after cell {} at ({}, {}); ids follow the shape's order of cells",
                at.x,
                at.y,
                id - 1,
                previous.x,
                previous.y
            )));
        }
        slots.push(slot as u32);
        id_of[slot] = id as u32;
    }
    let mut expected = Vec::with_capacity(MAX_NEIGHBOURS);
    for (id, listed) in cells.neighbour_lists().enumerate() {
        let cursor = topology.cursor(slots[id] as usize);
        expected.clear();
        expected.extend((0..T::SIDES).filter_map(|side| {
            let j = topology.neighbour(&cursor, side)?;
            Some(id_of[j])
        }));
        if listed != expected.as_slice() {
            let at = cells.at[id];
            return Err(invalid(format!(
                "cell {id} at ({}, {}) lists the neighbours {listed:?}, but in {shape} they are {expected:?}",
                at.x, at.y
            )));
        }
    }
    Ok(slots)
}

/// The side of the cell at `slot` that leads to the cell at `other`, if they are neighbours.
fn side_between<T: Topology>(topology: &T, slot: usize, other: usize) -> Option<usize> {
    let cursor = topology.cursor(slot);
    (0..T::SIDES).find(|&side| topology.neighbour(&cursor, side) == Some(other))
}

/// A cell id of the document's, refused when there is no such cell.
fn slot_of(slots: &[u32], id: u64, what: impl Fn() -> String) -> Result<usize> {
    match usize::try_from(id).ok().and_then(|i| slots.get(i)) {
        Some(&slot) => Ok(slot as usize),
        None => Err(invalid(format!(
            "{} is {id}, but the cells' ids run from 0 to {}",
            what(),
            slots.len() - 1
        ))),
    }
}

/// Opens every passage, refusing one between cells that are not neighbours or one given twice.
fn carve<T: Topology>(topology: &mut T, slots: &[u32], passages: &[(u32, u32)]) -> Result<()> {
    for (k, &(a, b)) in passages.iter().enumerate() {
        let from = slot_of(slots, a.into(), || format!("passage {k}: \"a\""))?;
        let to = slot_of(slots, b.into(), || format!("passage {k}: \"b\""))?;
        let Some(side) = side_between(topology, from, to) else {
            return Err(invalid(format!(
                "passage {k}: cells {a} and {b} are not neighbours"
            )));
        };
        if topology.is_open(from, side) {
            return Err(invalid(format!(
                "passage {k}: cells {a} and {b} are joined twice"
            )));
        }
        topology.carve(from, side);
    }
    Ok(())
}

/// Checks that every cell can be reached (loops are allowed: braided mazes have them).
fn check_connected<T: Topology>(topology: &T, slots: &[u32], cells: &Cells) -> Result<()> {
    let distance = distances(topology, slots[0] as usize);
    match slots
        .iter()
        .position(|&slot| distance[slot as usize] == UNREACHED)
    {
        Some(id) => Err(cannot_be_reached(id, cells.at[id])),
        None => Ok(()),
    }
}

/// The cells of the document's solution, checking that it runs along open passages from the
/// start to the goal (`ends`, as ids).
fn solution_cells<T: Topology>(
    topology: &T,
    slots: &[u32],
    ids: &[u64],
    (start, goal): (u64, u64),
) -> Result<Vec<usize>> {
    let path = (ids.iter().enumerate())
        .map(|(k, &id)| slot_of(slots, id, || format!("\"solution\" step {k}")))
        .collect::<Result<Vec<usize>>>()?;
    if ids.first() != Some(&start) || ids.last() != Some(&goal) {
        return Err(invalid(format!(
            "\"solution\" must run from the start (cell {start}) to the goal (cell {goal})"
        )));
    }
    for (k, pair) in path.windows(2).enumerate() {
        let open = side_between(topology, pair[0], pair[1])
            .is_some_and(|side| topology.is_open(pair[0], side));
        if !open {
            return Err(invalid(format!(
                "\"solution\" step {}: cells {} and {} are not joined by a passage",
                k + 1,
                ids[k],
                ids[k + 1]
            )));
        }
    }
    Ok(path)
}
