//! One maze in a format of its own: `term` and `text` for people, `json` and `graph` for
//! programs, `svg`, `png` and `pdf` pictures, and `html`, a page to play.

mod graph;
mod html;
mod json;
mod pdf;
mod png;
pub(in crate::render) mod rows;
mod svg;
mod term;
mod text;

pub use graph::Graph;
pub use html::Html;
pub use json::Json;
pub(in crate::render) use json::document;
pub(crate) use json::{level_openings, level_path};
pub use pdf::{Book, BookMaze, Paper, Pdf};
pub use png::Png;
pub use svg::Svg;
pub use term::Term;
pub use text::Text;
