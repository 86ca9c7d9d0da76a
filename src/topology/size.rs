//! The size of a shape as documents and event streams record it: what rebuilds the blank shape.

use super::{Hex, Levels, Polar, Shape, Square, Triangle, Weave, Wrap};
use crate::Probability;
use crate::grid::{Grid, MazeError, Result};
use serde::{Deserialize, Serialize};

/// A shape's kind and the size that rebuilds it: the `shape` object of graph documents and of
/// the header of a shape's events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum ShapeSize {
    /// A rectangle of `width x height` cells.
    Rect {
        /// Cells across.
        width: u32,
        /// Cells down.
        height: u32,
        /// Which edges are joined; absent when none are.
        #[serde(default, skip_serializing_if = "Wrap::is_none")]
        wrap: Wrap,
        /// Levels stacked, a 3D maze; absent for one.
        #[serde(default = "one", skip_serializing_if = "is_one")]
        levels: u32,
        /// The share of cells a passage may cross under, in a weave; absent in other mazes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weave: Option<Probability>,
    },
    /// A masked rectangle of `width x height` cells (which are on, the size does not say).
    Mask {
        /// Cells across.
        width: u32,
        /// Cells down.
        height: u32,
    },
    /// Hexagons, `width x height` cells.
    Hex {
        /// Cells across.
        width: u32,
        /// Cells down.
        height: u32,
        /// Which edges are joined; absent when none are.
        #[serde(default, skip_serializing_if = "Wrap::is_none")]
        wrap: Wrap,
    },
    /// Triangles, `width x height` cells.
    Triangle {
        /// Cells across.
        width: u32,
        /// Cells down.
        height: u32,
    },
    /// Rings around a centre cell.
    Polar {
        /// Rings, the centre included.
        rings: u32,
    },
}

impl ShapeSize {
    /// The size of `shape`.
    pub fn of(shape: &Shape) -> Self {
        match shape {
            Shape::Rect(g) => Self::Rect {
                width: g.width(),
                height: g.height(),
                wrap: Wrap::None,
                levels: 1,
                weave: None,
            },
            Shape::Square(s) => Self::Rect {
                width: s.width(),
                height: s.height(),
                wrap: s.wrap(),
                levels: 1,
                weave: None,
            },
            Shape::Levels(l) => Self::Rect {
                width: l.width(),
                height: l.height(),
                wrap: Wrap::None,
                levels: l.levels(),
                weave: None,
            },
            Shape::Weave(w) => Self::Rect {
                width: w.width(),
                height: w.height(),
                wrap: Wrap::None,
                levels: 1,
                weave: Some(w.density()),
            },
            Shape::Masked(m) => Self::Mask {
                width: m.mask().width(),
                height: m.mask().height(),
            },
            Shape::Hex(h) => Self::Hex {
                width: h.width(),
                height: h.height(),
                wrap: h.wrap(),
            },
            Shape::Triangle(t) => Self::Triangle {
                width: t.width(),
                height: t.height(),
            },
            Shape::Polar(p) => Self::Polar { rings: p.rings() },
        }
    }

    /// The blank shape of this size, every wall standing. A mask's size does not say which of
    /// its cells are on: it is refused with [`MazeError::InvalidShape`].
    pub fn blank(&self) -> Result<Shape> {
        Ok(match *self {
            Self::Rect {
                width,
                height,
                wrap: Wrap::None,
                levels: 1,
                weave: None,
            } => Shape::Rect(Grid::new(width, height)?),
            Self::Rect {
                width,
                height,
                wrap,
                levels: 1,
                weave: None,
            } => Shape::Square(Square::wrapped(width, height, wrap)?),
            Self::Rect {
                width,
                height,
                wrap: Wrap::None,
                levels,
                weave: None,
            } => Shape::Levels(Levels::new(width, height, levels)?),
            Self::Rect {
                width,
                height,
                wrap: Wrap::None,
                levels: 1,
                weave: Some(density),
            } => Shape::Weave(Weave::new(width, height, density)?),
            Self::Rect { .. } => {
                return Err(MazeError::InvalidShape(
                    "a rect takes one of wrap, levels and weave, not two".into(),
                ));
            }
            Self::Hex {
                width,
                height,
                wrap,
            } => Shape::Hex(Hex::wrapped(width, height, wrap)?),
            Self::Triangle { width, height } => Shape::Triangle(Triangle::new(width, height)?),
            Self::Polar { rings } => Shape::Polar(Polar::new(rings)?),
            Self::Mask { .. } => {
                return Err(MazeError::InvalidShape(
                    "a mask's size does not say which of its cells are on".into(),
                ));
            }
        })
    }
}

/// One level, the default of [`ShapeSize::Rect`]'s `levels`.
const fn one() -> u32 {
    1
}

/// Whether `levels` is one, and so left out of documents.
const fn is_one(levels: &u32) -> bool {
    *levels == 1
}
