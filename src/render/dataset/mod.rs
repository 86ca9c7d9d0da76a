//! Many mazes for training and analysis: `jsonl` (a document a line), `npy` and `npz` (NumPy
//! arrays) and `tokens` (a maze as a sequence of words).

mod arrays;
mod jsonl;
mod npy;
mod tokenizer;
mod tokens;

pub use arrays::{ArrayParts, ArrayPiece, Arrays, CELL_DTYPE, NamedArray, Npz, cell_bytes};
pub use jsonl::Jsonl;
pub use npy::{NpyConnections, NpyTiles, header as npy_header};
pub use tokenizer::{
    AdjList, CoordTokenizer, EdgeGrouping, EdgePermuter, EdgeSubset, Prompt, StepSequence,
    StepSize, StepTokenizer, Tokenizer,
};
pub use tokens::Tokens;
