//! `mazegen.graph/v1` (see `schema/graph.v1.json`): node-link data of any shape's cells and
//! passages. networkx reads it with
//! `networkx.node_link_graph(doc, nodes="cells", edges="passages", source="a", target="b")`.

use super::{Lines, WindowEntry};
use crate::analysis::ShapeStats;
use crate::topology::{Polar, ShapeSize, Topology};
use serde::{Deserialize, Serialize, Serializer};

/// The most neighbours a cell of any shape has, and so a cell of a document lists: the centre
/// of a polar maze's.
pub(crate) const MAX_NEIGHBOURS: usize = <Polar as Topology>::SIDES;

/// The fields of a graph document as written, in their order. `S` is the solution (cell ids),
/// `C` the cells and `P` the passages, each serialized as the maze is walked. The reader takes
/// the same fields in a visitor of its own, which checks the cells against the shape as they
/// come.
#[derive(Serialize)]
pub(crate) struct GraphDocument<'a, S, C, P> {
    pub schema: &'static str,
    pub generator: &'static str,
    pub algorithm: &'a str,
    pub params: &'a serde_json::Value,
    pub seed: u64,
    pub shape: ShapeSize,
    /// The size of the picture the cells' centres lie in.
    pub bounds: Bounds,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub braid: Option<f64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unicursal: bool,
    pub directed: bool,
    pub multigraph: bool,
    pub start: u64,
    pub goal: u64,
    /// Absent without openings, so that other documents are as they were.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<OpeningEntry>,
    /// Present for a window of a giant maze, with the passages that leave it in `exits`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<WindowEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exits: Option<Vec<OpeningEntry>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<S>,
    /// The ids of the cells a solver visited, in order (`solve --method`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visited: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<ShapeStats>,
    pub cells: Lines<C>,
    pub passages: Lines<P>,
}

/// The `bounds` object.
#[derive(Serialize)]
pub(crate) struct Bounds {
    pub width: Coordinate,
    pub height: Coordinate,
}

/// A length or a coordinate in cell units, rounded to 1/10,000 of a cell so that documents
/// are the same on every platform, and written as the shortest decimal that reads back as it
/// (`5`, `4.3301`): whole numbers without a fraction.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Coordinate(f64);

impl Coordinate {
    /// `value` rounded. Shapes lie at positive coordinates: a value is never negative.
    pub(crate) fn rounded(value: f64) -> Self {
        debug_assert!(value >= 0.0, "{value} is a coordinate of a shape");
        Self((value * 10_000.0).round() / 10_000.0)
    }
}

impl Serialize for Coordinate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // serde_json writes a whole f64 with a fraction (`5.0`), and fractions as Rust's
        // `Display` does.
        if self.0.fract() == 0.0 && self.0 < 2f64.powi(53) {
            serializer.serialize_u64(self.0 as u64)
        } else {
            serializer.serialize_f64(self.0)
        }
    }
}

/// One entry of `cells`: its id (from 0, in the shape's order of cells), its position in the
/// shape (on its level `z` of a maze in levels), its centre in the picture (derived from the
/// shape: written, not read) and its neighbours' ids (`N`), passage or wall, in the order of
/// its sides.
#[derive(Serialize, Deserialize)]
pub(crate) struct CellEntry<N> {
    pub id: u64,
    pub at: (u32, u32),
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z: Option<u32>,
    #[serde(skip_deserializing)]
    pub x: Coordinate,
    #[serde(skip_deserializing)]
    pub y: Coordinate,
    pub neighbours: N,
}

/// One entry of `openings`: a cell's id and the side of it open to the outside.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub(crate) struct OpeningEntry {
    pub cell: u64,
    pub side: u64,
}

/// One entry of `passages`: the ids of the two cells it joins, and in a weave of the cell it
/// goes under, if it does.
#[derive(Serialize, Deserialize)]
pub(crate) struct PassageEntry {
    pub a: u64,
    pub b: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub under: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_written_as_rust_displays_them() {
        let values = (0..200_000).map(|k| f64::from(k) / 10_000.0 * 7.0);
        let more = [
            0.0,
            1.0,
            0.0001,
            4.3301,
            0.866,
            1e-4 * 3.0,
            123_456.789_1,
            2e9 + 0.5,
        ];
        for value in values.chain(more) {
            let coordinate = Coordinate::rounded(value);
            assert_eq!(
                serde_json::to_string(&coordinate).unwrap(),
                coordinate.0.to_string(),
                "{value}"
            );
        }
    }
}
