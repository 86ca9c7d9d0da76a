//! What each format takes: declared by its renderer as a `TAKES` constant, so that callers
//! ask what a format can do instead of naming formats.

/// What a format can write and which options it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Takes {
    /// Writes rectangles and masks as tiles (graph documents list cells instead).
    pub tiles: bool,
    /// Writes mazes of every shape: hexagons, triangles and rings too.
    pub any_shape: bool,
    /// Writes mazes in levels (a grid of tiles a level) and weaves in tiles too (`json`),
    /// without figures.
    pub tiled_shapes: bool,
    /// Draws hexagons, triangles and rings in half blocks, at a scale (`term`, `text`).
    pub blocks: bool,
    /// Draws a picture in pixels, taking a palette, a style and a scale (`svg`, `png`).
    pub picture: bool,
    /// Draws a heat map of distances from the start.
    pub heatmap: bool,
    /// Draws in a palette's colors though it draws no picture (`term`); see
    /// [`Takes::palette`].
    pub colors: bool,
    /// What it writes, when its bytes are binary and a terminal would garble them.
    pub binary: Option<&'static str>,
    /// Carries a maze's figures in its document; other formats leave them to the caller.
    pub carries_stats: bool,
    /// Records the maze's seed in its document.
    pub records_seed: bool,
    /// Holds the maze's solution whatever the options, so the maze is solved for it.
    pub solved: bool,
    /// How one output holds many mazes, or `None` for a format of one maze.
    pub many: Option<Many>,
    /// What of a finished maze it writes beside its passages: every format holds the solution,
    /// the start and goal and the openings, but arrays and tokens.
    pub holds: Holds,
    /// Shows the entities contents rules placed on a level ([`crate::level::Contents`]).
    pub entities: bool,
}

/// What of a finished maze a format writes beside its passages (drawn or listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holds {
    /// The solution.
    pub solution: bool,
    /// The start and the goal.
    pub endpoints: bool,
    /// The openings in the outer wall beside them.
    pub openings: bool,
}

impl Holds {
    /// The solution, the endpoints and the openings.
    pub const ALL: Holds = Holds {
        solution: true,
        endpoints: true,
        openings: true,
    };
}

/// How a format writes many mazes to one output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Many {
    /// One after another, a blank line between them (`term`, `text`).
    Separated,
    /// One compact document a line (`jsonl`).
    Lines,
    /// One array, its header first (`npy`): see [`Render::array`](super::Render::array).
    Array,
    /// One archive of arrays, gathered before it is written (`npz`): see
    /// [`Arrays`](super::Arrays).
    Archive,
    /// One book of pages, written a page at a time as its mazes come (`pdf`): see
    /// [`Pdf::book`](super::Pdf::book).
    Book,
}

impl Takes {
    /// A format that takes nothing beyond one maze: the base of every declaration.
    pub const NOTHING: Takes = Takes {
        tiles: false,
        any_shape: false,
        tiled_shapes: false,
        blocks: false,
        picture: false,
        heatmap: false,
        colors: false,
        binary: None,
        carries_stats: false,
        records_seed: false,
        solved: false,
        many: None,
        holds: Holds::ALL,
        entities: false,
    };

    /// Whether it takes a palette: pictures, and `term`'s colors.
    pub fn palette(self) -> bool {
        self.picture || self.colors
    }

    /// Whether it writes a dataset only: many mazes, but not as one after another for people
    /// to read (`jsonl`, `npy`, `npz`, `tokens`).
    pub fn dataset_only(self) -> bool {
        matches!(self.many, Some(Many::Lines | Many::Array | Many::Archive))
    }
}
