//! Which opposite edges of a field are joined: a cylinder or a torus.

use serde::{Deserialize, Serialize};

/// Which pairs of opposite edges of a field of cells are joined, so that a cell on one edge
/// has a neighbour on the other: none (a flat field), left and right (`x`, a cylinder), top
/// and bottom (`y`, a cylinder lying down), or both (`xy`, a torus).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wrap {
    /// No edges joined.
    #[default]
    None,
    /// The left edge joined to the right.
    X,
    /// The top edge joined to the bottom.
    Y,
    /// Both: a torus.
    Xy,
}

impl Wrap {
    /// Whether the left and right edges are joined.
    pub const fn x(self) -> bool {
        matches!(self, Wrap::X | Wrap::Xy)
    }

    /// Whether the top and bottom edges are joined.
    pub const fn y(self) -> bool {
        matches!(self, Wrap::Y | Wrap::Xy)
    }

    /// Whether no edges are joined.
    pub const fn is_none(&self) -> bool {
        matches!(self, Wrap::None)
    }

    /// The name as documents and `--wrap` spell it: `none`, `x`, `y` or `xy`.
    pub const fn name(self) -> &'static str {
        match self {
            Wrap::None => "none",
            Wrap::X => "x",
            Wrap::Y => "y",
            Wrap::Xy => "xy",
        }
    }
}
