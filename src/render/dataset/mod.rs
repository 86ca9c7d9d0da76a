//! Many mazes for training and analysis: `jsonl` (a document a line), `npy` and `npz` (NumPy
//! arrays) and `tokens` (a maze as a sequence of words); and the formats of the field's
//! datasets and benchmarks, each matched against its reference: `hrm`, `alphamaze`,
//! `searchformer`, `ascii` (maze-dataset's) and `mazebench`, over what they share (`grids`).

mod alphamaze;
mod arrays;
mod ascii;
mod grids;
mod hrm;
mod jsonl;
mod mazebench;
mod npy;
pub mod searchformer;
mod tokenizer;
mod tokens;

pub use arrays::{
    ArrayParts, ArrayPiece, ArrayRows, Arrays, CELL_DTYPE, NamedArray, Npz, cell_bytes,
    fill_batches, fill_rows,
};
pub use jsonl::Jsonl;
pub use npy::{NpyConnections, NpyTiles, header as npy_header};
pub use tokenizer::{
    AdjList, CoordTokenizer, EdgeGrouping, EdgePermuter, EdgeSubset, Prompt, StepSequence,
    StepSize, StepTokenizer, Tokenizer,
};
pub use tokens::Tokens;

pub use alphamaze::AlphaMaze;
pub use ascii::Ascii;
pub use hrm::Hrm;
pub use mazebench::MazeBench;
pub use searchformer::Searchformer;
