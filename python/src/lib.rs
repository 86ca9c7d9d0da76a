//! The native half of the `mazegen` Python package, `mazegen._mazegen`: a maze spec settled
//! and checked once ([`Spec`]), mazes made from it ([`Maze`]), and datasets made by the
//! library's engine into flat byte buffers that the Python half views as numpy arrays. Every
//! rule is the library's: this file only maps Python's arguments onto its types.

use mazegen::algorithms::{
    AldousBroder, Amount, Backtrack, Bias, BinaryTree, Eller, Generator, GrowingTree, HuntAndKill,
    Kruskal, Percolation, Pick, Prim, RandomWalls, RecursiveDivision, Sidewinder, Wilson,
};
use mazegen::analysis::{AllShortest, Figure, Figures, ShapeStats};
use mazegen::dataset::{DatasetError, DatasetSpec, maze_hash};
use mazegen::env::{Batch, EnvConfig, EnvError, Level, Levels, Observation, Outputs};
use mazegen::giant::{Giant, Window};
use mazegen::grid::{Part, Pos};
use mazegen::maze::{Blank, Finish, MazeSpec};
use mazegen::read::{AnyDocument, ReadError};
use mazegen::render::{
    ArrayParts, ArrayPiece, ArrayRows, Arrays, CELL_DTYPE, Graph, Json, NpyConnections, NpyTiles,
    Picture, Png, Render, Style, Svg, Text, Tokenizer, Tokens, cell_bytes, fill_batches, fill_rows,
};
use mazegen::topology::{Hex, Mask, Masked, Polar, Shape, Square, Triangle, Weave, Wrap};
use mazegen::{Error, MazeError, Probability};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyFloat};
use std::num::NonZeroU32;

/// A library error as a Python exception: `MemoryError` when memory ran out, `OSError` when
/// reading or writing failed, else `ValueError` with the library's message.
fn py_error(error: impl Into<Error>) -> PyErr {
    let error = error.into();
    let error = match error {
        Error::Maze(error) => error,
        Error::Io(error) => return PyOSError::new_err(error.to_string()),
        error => return PyValueError::new_err(error.to_string()),
    };
    let message = python_message(&error);
    match error {
        MazeError::OutOfMemory { .. } | MazeError::ArraysTooLarge { .. } => {
            PyMemoryError::new_err(message)
        }
        _ => PyValueError::new_err(message),
    }
}

/// The library's message, its cells named `(row, column)` as Python gives them, where the
/// library names them `x,y` as the command line does.
fn python_message(error: &MazeError) -> String {
    let cell = |x: u32, y: u32| format!("({y}, {x})");
    match error {
        MazeError::Refused { part, error } => {
            let part = match *part {
                Part::Start(at) => format!("start {}", cell(at.x, at.y)),
                Part::Goal(at) => format!("goal {}", cell(at.x, at.y)),
                Part::Endpoints(start, goal) => format!(
                    "start {} goal {}",
                    cell(start.x, start.y),
                    cell(goal.x, goal.y)
                ),
                Part::Openings => "openings".to_owned(),
                Part::From(at) => format!("start_coord {}", cell(at.x, at.y)),
                Part::Unicursal => "unicursal".to_owned(),
                Part::Farthest => "endpoints='farthest'".to_owned(),
                Part::Braid => "braid".to_owned(),
                Part::RandomEnds(steps) => {
                    format!("endpoints='random' min_distance={steps}")
                }
            };
            format!("{part}: {}", python_message(error))
        }
        &MazeError::OutsideGrid {
            x,
            y,
            width,
            height,
        } => format!(
            "cell {} is outside the maze's {height} rows and {width} columns",
            cell(x, y)
        ),
        &MazeError::NotACell { x, y } => format!("{} is not a cell of the maze", cell(x, y)),
        MazeError::NotOnBorder { .. } | MazeError::NoEndOnBorder { .. } => {
            row_column_pairs(&error.to_string())
        }
        &MazeError::DisconnectedMask {
            x,
            y,
            first_x,
            first_y,
        } => format!(
            "the mask's cells are not connected: cell {} cannot be reached from cell {}; join \
             the regions or leave one",
            cell(x, y),
            cell(first_x, first_y)
        ),
        error => error.to_string(),
    }
}

/// A dataset's failure as a Python exception, its bounds named as `dataset` takes them
/// (`min_solution`).
fn dataset_error(error: impl Into<Error>, spec: &DatasetSpec) -> PyErr {
    match error.into() {
        Error::Dataset(refusal) => match *refusal {
            DatasetError::BoundsMissed {
                index,
                tries,
                closest,
            } => bad(mazegen::dataset::bounds_missed(
                &spec.bounds,
                index,
                tries,
                &closest,
                |end, figure| format!("{end}_{}", figure.name().replace('-', "_")),
            )),
            refusal => py_error(refusal),
        },
        error => py_error(error),
    }
}

/// `text` with every cell written `x,y` (two whole numbers and a comma) written `(y, x)`.
fn row_column_pairs(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let number = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let x = number(rest);
        let pair = rest[x..]
            .strip_prefix(',')
            .map(|after| (after, number(after)));
        match pair {
            Some((after, y)) if y > 0 => {
                out.push_str(&format!("({}, {})", &after[..y], &rest[..x]));
                rest = &after[y..];
            }
            _ => {
                out.push_str(&rest[..x]);
                rest = &rest[x..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A renderer's failure as a Python exception: the library's error it carries, if any.
fn io_error(error: std::io::Error) -> PyErr {
    match error.downcast::<Error>() {
        Ok(error) => py_error(error),
        Err(error) => PyValueError::new_err(error.to_string()),
    }
}

/// A failure while a dataset is made on the library's threads, raised once the run is back.
enum Failure {
    /// The library's refusal.
    Library(Error),
    /// A maze's arrays could not be drawn.
    Drawing(std::io::Error),
}

impl<E: Into<Error>> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure::Library(error.into())
    }
}

/// A refusal of the arguments themselves.
fn bad(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// An algorithm with its options, as Python names them; rebuilt into a generator for every
/// spec the library makes from it.
#[derive(Debug, Clone, Copy)]
enum Algorithm {
    BinaryTree(Bias),
    Sidewinder,
    Eller,
    Backtrack(Backtrack),
    HuntAndKill,
    GrowingTree(Pick),
    RecursiveDivision,
    AldousBroder,
    Wilson,
    Kruskal,
    Prim { simplified: bool },
    Percolation(Percolation),
    RandomWalls(RandomWalls),
}

/// Options of the algorithms: each applies to one or two of them.
#[derive(Debug, Default)]
struct AlgorithmOptions {
    bias: Option<String>,
    walkers: Option<u32>,
    pick: Option<String>,
    simplified: Option<bool>,
    start_coord: Option<(u32, u32)>,
    accessible_cells: Option<Amount>,
    max_tree_depth: Option<Amount>,
    do_forks: Option<bool>,
    p: Option<f64>,
    dfs: Option<bool>,
    walls: Option<f64>,
    attempts: Option<u32>,
}

/// A number of cells as maze-dataset takes it: an int is a count, a float a share from 0 to 1.
fn amount_of(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Amount> {
    if value.is_instance_of::<PyFloat>() {
        let share: f64 = value.extract()?;
        Probability::new(share).map(Amount::Share).map_err(|_| {
            bad(format!(
                "{name} {share}: a float is a share of the cells, from 0 to 1"
            ))
        })
    } else {
        value.extract().map(Amount::Count).map_err(|_| {
            bad(format!(
                "{name} {value}: expected a count (int) or a share from 0 to 1 (float)"
            ))
        })
    }
}

/// Every algorithm's name: the library's catalogue, then percolation and random-walls (which
/// make loops).
fn algorithm_names() -> Vec<String> {
    let mut names: Vec<String> = mazegen::algorithms::catalogue()
        .iter()
        .map(|generator| generator.name().to_owned())
        .collect();
    names.push(Generator::name(&Percolation::default()).to_owned());
    names.push(Generator::name(&RandomWalls::default()).to_owned());
    names
}

impl AlgorithmOptions {
    /// The options in `dict` (the Python half refuses other keys).
    fn from_dict(dict: &Bound<'_, PyDict>) -> PyResult<Self> {
        let item =
            |key: &str| -> PyResult<_> { Ok(dict.get_item(key)?.filter(|value| !value.is_none())) };
        Ok(Self {
            bias: item("bias")?.map(|v| v.extract()).transpose()?,
            walkers: item("walkers")?.map(|v| v.extract()).transpose()?,
            pick: item("pick")?.map(|v| v.extract()).transpose()?,
            simplified: item("simplified")?.map(|v| v.extract()).transpose()?,
            start_coord: item("start_coord")?.map(|v| v.extract()).transpose()?,
            accessible_cells: item("accessible_cells")?
                .map(|v| amount_of("accessible_cells", &v))
                .transpose()?,
            max_tree_depth: item("max_tree_depth")?
                .map(|v| amount_of("max_tree_depth", &v))
                .transpose()?,
            do_forks: item("do_forks")?.map(|v| v.extract()).transpose()?,
            p: item("p")?.map(|v| v.extract()).transpose()?,
            dfs: item("dfs")?.map(|v| v.extract()).transpose()?,
            walls: item("walls")?.map(|v| v.extract()).transpose()?,
            attempts: item("attempts")?.map(|v| v.extract()).transpose()?,
        })
    }
}

impl Algorithm {
    /// The algorithm called `name` (`binary-tree` or `binary_tree`, ...) with `options`,
    /// refusing options that belong to another algorithm.
    fn new(name: &str, options: AlgorithmOptions) -> PyResult<Self> {
        let name = name.replace('_', "-");
        let search = options.accessible_cells.is_some() || options.max_tree_depth.is_some();
        let given = [
            ("bias", options.bias.is_some(), "binary-tree", ""),
            ("walkers", options.walkers.is_some(), "backtrack", ""),
            ("pick", options.pick.is_some(), "growing-tree", ""),
            ("simplified", options.simplified.is_some(), "prim", ""),
            ("do_forks", options.do_forks.is_some(), "backtrack", ""),
            ("p", options.p.is_some(), "percolation", ""),
            ("dfs", options.dfs.is_some(), "percolation", ""),
            ("walls", options.walls.is_some(), "random-walls", ""),
            ("attempts", options.attempts.is_some(), "random-walls", ""),
            (
                "start_coord",
                options.start_coord.is_some(),
                "backtrack",
                "percolation",
            ),
            (
                "accessible_cells or max_tree_depth",
                search,
                "backtrack",
                "percolation",
            ),
        ];
        if let Some((option, _, owner, other)) = given
            .iter()
            .find(|(_, on, owner, other)| *on && *owner != name && *other != name)
        {
            let owners = if other.is_empty() {
                (*owner).to_owned()
            } else {
                format!("{owner} and {other}")
            };
            return Err(bad(format!("{option} applies to {owners}, not {name}")));
        }
        let from = options.start_coord.map(pos_of).unwrap_or_default();
        Ok(match name.as_str() {
            "binary-tree" => Algorithm::BinaryTree(match options.bias {
                None => Bias::default(),
                Some(bias) => *Bias::ALL
                    .iter()
                    .find(|corner| corner.name() == bias.replace('_', "-"))
                    .ok_or_else(|| {
                        bad(format!(
                            "bias {bias:?}: expected north-west, north-east, south-west or \
                             south-east"
                        ))
                    })?,
            }),
            "sidewinder" => Algorithm::Sidewinder,
            "eller" => Algorithm::Eller,
            "backtrack" => Algorithm::Backtrack(Backtrack {
                seeds: NonZeroU32::new(options.walkers.unwrap_or(1))
                    .ok_or_else(|| bad("walkers 0: expected at least 1"))?,
                start: from,
                accessible: options.accessible_cells,
                max_depth: options.max_tree_depth,
                forks: options.do_forks.unwrap_or(true),
            }),
            "percolation" => {
                let dfs = options.dfs.unwrap_or(false);
                if search && !dfs {
                    return Err(bad(
                        "accessible_cells and max_tree_depth limit the depth-first search of \
                         dfs=True; add it, or leave them out",
                    ));
                }
                let p = options.p.unwrap_or(0.4);
                Algorithm::Percolation(Percolation {
                    p: Probability::new(p).map_err(|e| bad(format!("p {p}: {e}")))?,
                    start: from,
                    dfs,
                    accessible: options.accessible_cells,
                    max_depth: options.max_tree_depth,
                })
            }
            "random-walls" => {
                let walls = options
                    .walls
                    .map(|w| Probability::new(w).map_err(|e| bad(format!("walls {w}: {e}"))))
                    .transpose()?;
                let attempts = options.attempts.unwrap_or(100);
                if attempts == 0 {
                    return Err(bad("attempts 0: expected at least 1"));
                }
                Algorithm::RandomWalls(RandomWalls { walls, attempts })
            }
            "hunt-and-kill" => Algorithm::HuntAndKill,
            "growing-tree" => Algorithm::GrowingTree(match options.pick {
                None => Pick::default(),
                Some(pick) => pick
                    .parse()
                    .map_err(|e| bad(format!("pick {pick:?}: {e}")))?,
            }),
            "recursive-division" => Algorithm::RecursiveDivision,
            "aldous-broder" => Algorithm::AldousBroder,
            "wilson" => Algorithm::Wilson,
            "kruskal" => Algorithm::Kruskal,
            "prim" => Algorithm::Prim {
                simplified: options.simplified.unwrap_or(false),
            },
            _ => {
                return Err(bad(format!(
                    "no algorithm {name:?}: expected one of {}",
                    algorithm_names().join(", ")
                )));
            }
        })
    }

    /// Its generator.
    fn generator(self) -> Box<dyn Generator + Send + Sync> {
        match self {
            Algorithm::BinaryTree(bias) => Box::new(BinaryTree { bias }),
            Algorithm::Sidewinder => Box::new(Sidewinder),
            Algorithm::Eller => Box::new(Eller),
            Algorithm::Backtrack(backtrack) => Box::new(backtrack),
            Algorithm::HuntAndKill => Box::new(HuntAndKill),
            Algorithm::GrowingTree(pick) => Box::new(GrowingTree { pick }),
            Algorithm::RecursiveDivision => Box::new(RecursiveDivision),
            Algorithm::AldousBroder => Box::new(AldousBroder),
            Algorithm::Wilson => Box::new(Wilson),
            Algorithm::Kruskal => Box::new(Kruskal),
            Algorithm::Prim { simplified } => Box::new(Prim { simplified }),
            Algorithm::Percolation(percolation) => Box::new(percolation),
            Algorithm::RandomWalls(walls) => Box::new(walls),
        }
    }
}

/// A cell given as `(row, column)`, as maze-dataset writes coordinates.
fn pos_of((row, column): (u32, u32)) -> Pos {
    Pos { x: column, y: row }
}

/// The blank shape the arguments ask for: a rectangle of `width x height` cells, hexagons or
/// triangles in `width x height`, `rings` rings, or a mask (text, PNG bytes, a path, or `(width,
/// height, cells)` with one byte per cell, nonzero for a cell).
fn blank_of(
    shape: &str,
    width: Option<u32>,
    height: Option<u32>,
    rings: Option<u32>,
    mask: Option<&Bound<'_, PyAny>>,
    wrap: Option<&str>,
    weave: Option<f64>,
) -> PyResult<Blank> {
    if let Some(density) = weave {
        let other = if mask.is_some() {
            Some("a mask".to_string())
        } else if wrap.is_some() {
            Some("wrap".to_string())
        } else if shape != "rect" {
            Some(format!("shape {shape:?}"))
        } else {
            None
        };
        if let Some(other) = other {
            return Err(bad(format!(
                "weave crosses passages under the square cells of a plain rectangle, not with \
                 {other}"
            )));
        }
        let density =
            Probability::new(density).map_err(|e| bad(format!("weave {density}: {e}")))?;
        if rings.is_some() {
            return Err(bad("rings sizes polar mazes, not a weave"));
        }
        for (name, value) in [("width", width), ("height", height)] {
            if value == Some(0) {
                return Err(bad(format!("{name} 0: a maze has at least one cell")));
            }
        }
        let (width, height) = (width.unwrap_or(10), height.unwrap_or(10));
        return Ok(Blank::Shape(Shape::Weave(
            Weave::new(width, height, density).map_err(py_error)?,
        )));
    }
    let wrap = match wrap {
        None => Wrap::None,
        Some("x") => Wrap::X,
        Some("y") => Wrap::Y,
        Some("xy") => Wrap::Xy,
        Some(other) => {
            return Err(bad(format!(
                "wrap {other:?}: expected \"x\", \"y\" or \"xy\""
            )));
        }
    };
    if !wrap.is_none() && (mask.is_some() || !matches!(shape, "rect" | "hex")) {
        return Err(bad(format!(
            "wrap {:?} joins the edges of rect and hex mazes, not of {}",
            wrap.name(),
            if mask.is_some() {
                "a mask".to_string()
            } else {
                format!("shape {shape:?}")
            }
        )));
    }
    for (name, value) in [("width", width), ("height", height), ("rings", rings)] {
        if value == Some(0) {
            return Err(bad(format!("{name} 0: a maze has at least one cell")));
        }
    }
    let sized = |what: &str| -> PyResult<(u32, u32)> {
        if rings.is_some() {
            return Err(bad(format!("rings sizes polar mazes, not {what}")));
        }
        Ok((width.unwrap_or(10), height.unwrap_or(10)))
    };
    if let Some(mask) = mask {
        if shape != "rect" && shape != "mask" {
            return Err(bad(format!(
                "a mask takes square cells, not shape {shape:?}; leave shape out"
            )));
        }
        if width.is_some() || height.is_some() || rings.is_some() {
            return Err(bad(
                "a mask gives the size: leave width, height and rings out",
            ));
        }
        let mask = if let Ok(text) = mask.extract::<String>() {
            Mask::from_text(&text)
        } else if let Ok(bytes) = mask.extract::<Vec<u8>>() {
            Mask::from_bytes(&bytes)
        } else if let Ok(path) = mask.extract::<std::path::PathBuf>() {
            // Read as the command line reads --mask: refused as soon as it shows it is none.
            let file = std::fs::File::open(&path)
                .map_err(|e| bad(format!("mask {}: cannot read it: {e}", path.display())))?;
            match Mask::read(file) {
                Ok(mask) => Ok(mask),
                Err(e) => {
                    let message = python_message(&e);
                    return Err(bad(format!("mask {}: {message}", path.display())));
                }
            }
        } else if let Ok((width, height, cells)) = mask.extract::<(u32, u32, Vec<u8>)>() {
            Mask::new(width, height, cells.iter().map(|&cell| cell != 0).collect())
        } else {
            return Err(bad(
                "mask: expected text, PNG bytes, or a 2-D array of booleans (True for a cell)",
            ));
        };
        return Ok(Blank::Shape(Shape::Masked(
            Masked::new(mask.map_err(py_error)?).map_err(py_error)?,
        )));
    }
    Ok(match shape {
        "rect" if !wrap.is_none() => {
            let (width, height) = sized("rectangles")?;
            Blank::Shape(Shape::Square(
                Square::wrapped(width, height, wrap).map_err(py_error)?,
            ))
        }
        "rect" => {
            let (width, height) = sized("rectangles")?;
            Blank::Rect { width, height }
        }
        "hex" => {
            let (width, height) = sized("hex mazes")?;
            Blank::Shape(Shape::Hex(
                Hex::wrapped(width, height, wrap).map_err(py_error)?,
            ))
        }
        "triangle" => {
            let (width, height) = sized("triangle mazes")?;
            Blank::Shape(Shape::Triangle(
                Triangle::new(width, height).map_err(py_error)?,
            ))
        }
        "polar" => {
            if width.is_some() || height.is_some() {
                return Err(bad("polar mazes are sized by rings, not width and height"));
            }
            Blank::Shape(Shape::Polar(
                Polar::new(rings.unwrap_or(10)).map_err(py_error)?,
            ))
        }
        "mask" => return Err(bad("shape \"mask\" needs a mask")),
        _ => {
            return Err(bad(format!(
                "shape {shape:?}: expected rect, hex, triangle or polar (or a mask)"
            )));
        }
    })
}

/// A maze spec settled and checked once: the algorithm, the blank shape and the finishing
/// steps. Mazes and datasets are made from it.
#[pyclass(frozen, module = "mazegen._mazegen")]
struct Spec {
    algorithm: Algorithm,
    blank: Blank,
    finish: Finish,
}

impl Spec {
    /// The library's spec.
    fn maze_spec(&self) -> MazeSpec {
        MazeSpec {
            generator: self.algorithm.generator(),
            blank: self.blank.clone(),
            finish: self.finish,
        }
    }
}

#[pymethods]
impl Spec {
    #[new]
    #[pyo3(signature = (
        algorithm, *, width=None, height=None, shape="rect", rings=None, mask=None,
        braid=None, start=None, goal=None, endpoints=None, openings=false, solve=true,
        options=None, wrap=None, weave=None, min_distance=None,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        algorithm: &str,
        width: Option<u32>,
        height: Option<u32>,
        shape: &str,
        rings: Option<u32>,
        mask: Option<&Bound<'_, PyAny>>,
        braid: Option<f64>,
        start: Option<(u32, u32)>,
        goal: Option<(u32, u32)>,
        endpoints: Option<&str>,
        openings: bool,
        solve: bool,
        options: Option<&Bound<'_, PyDict>>,
        wrap: Option<&str>,
        weave: Option<f64>,
        min_distance: Option<u32>,
    ) -> PyResult<Self> {
        let options = match options {
            Some(options) => AlgorithmOptions::from_dict(options)?,
            None => AlgorithmOptions::default(),
        };
        let (farthest, random) = match endpoints {
            None => (false, false),
            Some("farthest") => (true, false),
            Some("random") => (false, true),
            Some(other) => {
                return Err(bad(format!(
                    "endpoints {other:?}: expected \"farthest\" or \"random\""
                )));
            }
        };
        if let Some(steps) = min_distance
            && !random
        {
            return Err(bad(format!(
                "min_distance {steps} keeps random endpoints apart: add endpoints=\"random\", \
                 or leave min_distance out"
            )));
        }
        if random && (start.is_some() || goal.is_some() || openings) {
            return Err(bad(
                "endpoints=\"random\" draws the start and goal of each maze: it cannot be \
                 combined with start, goal or openings",
            ));
        }
        let spec = Spec {
            algorithm: Algorithm::new(algorithm, options)?,
            blank: blank_of(shape, width, height, rings, mask, wrap, weave)?,
            finish: Finish {
                braid: braid
                    .map(|p| Probability::new(p).map_err(|e| bad(format!("braid {p}: {e}"))))
                    .transpose()?,
                farthest,
                start: start.map(pos_of),
                goal: goal.map(pos_of),
                openings,
                solve,
                // The other solving methods are the command line's and the library's for now.
                method: mazegen::solve::Method::Shortest,
                // Labyrinths are the command line's and the library's for now: the arrays of a
                // dataset take their shape from the blank.
                unicursal: false,
                random_ends: random.then(|| min_distance.unwrap_or(1)),
            },
        };
        spec.maze_spec().check().map_err(py_error)?;
        Ok(spec)
    }

    /// The maze made from `seed`: generated and finished.
    fn make(&self, py: Python<'_>, seed: u64) -> PyResult<Maze> {
        let spec = self.maze_spec();
        let maze = py.detach(|| spec.make(seed)).map_err(py_error)?;
        Ok(Maze { maze })
    }

    /// The window of this spec's size at cell `(x, y)` of the giant maze of
    /// `maze_width x maze_height` cells (in `chunk x chunk`-cell chunks, if given, carved on
    /// `jobs` threads) made from `seed`, finished: see `mazegen.window`.
    #[pyo3(signature = (seed, maze_width, maze_height, x, y, chunk=None, jobs=1))]
    #[allow(clippy::too_many_arguments)]
    fn window(
        &self,
        py: Python<'_>,
        seed: u64,
        maze_width: u64,
        maze_height: u64,
        x: u64,
        y: u64,
        chunk: Option<u32>,
        jobs: usize,
    ) -> PyResult<Maze> {
        let Blank::Rect { width, height } = self.blank else {
            return Err(bad(
                "windows are cut of rectangles: leave shape, rings and mask out",
            ));
        };
        let giant = Giant::new(maze_width, maze_height, chunk).map_err(py_error)?;
        let window = Window {
            x,
            y,
            width,
            height,
        };
        let generator = self.algorithm.generator();
        giant.check(generator.as_ref(), window).map_err(py_error)?;
        let finish = self.finish;
        let maze = py
            .detach(|| {
                let mut maze = giant.window_on(generator.as_ref(), seed, window, jobs)?;
                finish.apply(&mut maze)?;
                Ok::<_, Error>(maze)
            })
            .map_err(py_error)?;
        Ok(Maze { maze })
    }

    /// The mazes `count` of a dataset (or the shard `(k, n)` of them) from the run seed
    /// `seed`, as `mazegen <algorithm> --count N --seed S` makes them, in flat buffers: see
    /// `mazegen.dataset`.
    // Its text signature says `bounds=()`, not `...`, as its default is shown without it.
    #[pyo3(
        signature = (
            count, seed, *, jobs=None, shard=None, unique=false, bounds=Vec::new(), tiles=true,
            connections=true, tokens=false, tokenizer=None, figures=false, hashes=false,
            exclude=None,
        ),
        text_signature = "($self, count, seed, *, jobs=None, shard=None, unique=False, \
                          bounds=(), tiles=True, connections=True, tokens=False, \
                          tokenizer=None, figures=False, hashes=False, exclude=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn dataset<'py>(
        &self,
        py: Python<'py>,
        count: u64,
        seed: u64,
        jobs: Option<usize>,
        shard: Option<(u64, u64)>,
        unique: bool,
        bounds: Vec<(String, Option<f64>, Option<f64>)>,
        tiles: bool,
        connections: bool,
        tokens: bool,
        tokenizer: Option<&str>,
        figures: bool,
        hashes: bool,
        exclude: Option<&[u8]>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let tokenizer = match tokenizer {
            Some(name) => name.parse().map_err(py_error)?,
            None => Tokenizer::default(),
        };
        let tokenized = Tokens { tokenizer };
        let slots = match shard {
            None => 0..count,
            Some((index, of)) => mazegen::dataset::shard(count, index, of).ok_or_else(|| {
                bad(format!(
                    "shard ({index}, {of}): expected (k, n) with 1 <= k <= n"
                ))
            })?,
        };
        let bounds = bounds
            .into_iter()
            .map(|(name, min, max)| {
                let figure = Figure::ALL
                    .into_iter()
                    .find(|figure| figure.name() == name.replace('_', "-"))
                    .ok_or_else(|| bad(format!("no figure {name:?} to bound")))?;
                Ok(mazegen::dataset::Bound { figure, min, max })
            })
            .collect::<PyResult<Vec<_>>>()?;
        let spec = DatasetSpec {
            maze: self.maze_spec(),
            seed,
            count,
            slots,
            single: false,
            jobs: jobs.unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map_or(1, |jobs| jobs.get().min(mazegen::dataset::MAX_JOBS))
            }),
            unique,
            bounds,
        };
        spec.check().map_err(py_error)?;
        let in_tiles = matches!(
            spec.maze.blank,
            Blank::Rect { .. } | Blank::Shape(Shape::Masked(_))
        );
        if tokens && !in_tiles {
            return Err(bad(format!(
                "tokens are maze-dataset's, of rectangles and masks: not of a {} maze",
                description(&spec.maze.blank)
            )));
        }
        let parts = ArrayParts {
            tiles,
            connections,
            tokens,
            trace: None,
        };
        let made = spec.slots.end - spec.slots.start;
        let most = most_mazes(&spec.maze.blank, parts);
        if made > most {
            let what = match shard {
                None => format!("count {count}"),
                Some((k, n)) => format!("shard ({k}, {n}) of count {count} ({made} mazes)"),
            };
            return Err(bad(format!(
                "{what}: the arrays would pass the {MAX_ARRAY_BYTES} bytes a numpy array can \
                 hold; at most {most} mazes of this size fit"
            )));
        }
        let count = made;
        // A maze a thread is made at once; its arrays go straight into the reserved ones.
        spec.check_memory((spec.jobs as u64).min(count).max(1), 0)
            .map_err(|error| dataset_error(error, &spec))?;
        let excluded: std::collections::HashSet<u128> = match exclude {
            None => Default::default(),
            Some(bytes) if bytes.len() % 16 != 0 => {
                return Err(bad(format!(
                    "exclude: {} bytes of hashes, expected 16 a maze",
                    bytes.len()
                )));
            }
            Some(bytes) => (bytes.chunks_exact(16))
                .map(|hash| u128::from_le_bytes(hash.try_into().expect("16 bytes")))
                .collect(),
        };
        let gathered = spec.unique
            || tokens
            || figures
            || hashes
            || exclude.is_some()
            || !spec.bounds.is_empty();
        if !gathered {
            return arrays_in_place(py, &spec, parts);
        }
        // Gathered maze by maze in index order, so that a run that cannot finish keeps the
        // mazes made before the one it could not make.
        let mut extra = Extra::default();
        let mut stopped = None;
        let arrays = py.detach(|| -> PyResult<Arrays> {
            let mut arrays = Arrays::reserve(&spec.maze.blank, count, parts).map_err(py_error)?;
            let keep = |maze: &mazegen::Maze| !excluded.contains(&maze_hash(maze));
            let run = spec.run(|maze| {
                let difficulty = match figures {
                    true => Some(mazegen::analysis::Difficulty::of(&maze)?),
                    false => None,
                };
                let hash = maze_hash(&maze);
                let piece =
                    ArrayPiece::with_tokens(&maze, parts, &tokenized).map_err(Failure::Drawing)?;
                Ok::<_, Failure>((piece, difficulty, hash))
            });
            let run = match excluded.is_empty() {
                true => run,
                false => run.keep(&keep),
            };
            let mut checked = std::time::Instant::now();
            for made in run {
                let made = match made {
                    Ok(made) => made,
                    Err(Failure::Library(error)) if unfinished(&error) => {
                        stopped = Some(dataset_error(error, &spec));
                        break;
                    }
                    Err(Failure::Library(error)) => return Err(dataset_error(error, &spec)),
                    Err(Failure::Drawing(error)) => return Err(io_error(error)),
                };
                let (piece, difficulty, hash) = made.value;
                arrays.push(made.seed, piece);
                extra.push(made.attempt + 1, difficulty, hash);
                // Ctrl-C and other signals take effect between mazes, checked ten times a
                // second with the GIL taken back for the moment.
                if checked.elapsed() > std::time::Duration::from_millis(100) {
                    Python::attach(|py| py.check_signals())?;
                    checked = std::time::Instant::now();
                }
            }
            Ok(arrays)
        })?;
        let dict = arrays_dict(py, arrays)?;
        dict.set_item(
            "tries",
            (byte_array(py, &extra.tries)?, "<u8", [extra.count]),
        )?;
        if hashes {
            dict.set_item(
                "hashes",
                (byte_array(py, &extra.hashes)?, "<u8", [extra.count, 2]),
            )?;
        }
        if figures {
            let named = PyDict::new(py);
            for (figure, values) in Figure::ALL.into_iter().zip(&extra.figures) {
                let name = figure.name().replace('-', "_");
                named.set_item(name, (byte_array(py, values)?, "<f8", [extra.count]))?;
            }
            dict.set_item("figures", named)?;
        }
        if let Some(error) = stopped {
            dict.set_item("incomplete", error.value(py).to_string())?;
        }
        Ok(dict)
    }
}

/// What a gathered dataset adds to its arrays: each maze's tries, its difficulty figures
/// (with `figures`) and its passages' hash, in index order.
#[derive(Default)]
struct Extra {
    count: u64,
    /// `<u8` each.
    tries: Vec<u8>,
    /// `<f8` each, one buffer a figure in [`Figure::ALL`]'s order.
    figures: [Vec<u8>; 5],
    /// Two `<u8` each: the hash's high then low 64 bits.
    hashes: Vec<u8>,
}

impl Extra {
    fn push(&mut self, tries: u64, difficulty: Option<mazegen::analysis::Difficulty>, hash: u128) {
        self.count += 1;
        self.tries.extend_from_slice(&tries.to_le_bytes());
        if let Some(difficulty) = difficulty {
            for (figure, values) in Figure::ALL.into_iter().zip(&mut self.figures) {
                values.extend_from_slice(&difficulty.get(figure).to_le_bytes());
            }
        }
        self.hashes
            .extend_from_slice(&((hash >> 64) as u64).to_le_bytes());
        self.hashes.extend_from_slice(&(hash as u64).to_le_bytes());
    }
}

/// Whether `error` ends a run that cannot go on (bounds or a test no candidate met, no more
/// distinct mazes, endpoints no maze could take), as opposed to one that failed.
fn unfinished(error: &Error) -> bool {
    match error {
        Error::Dataset(error) => matches!(
            **error,
            DatasetError::BoundsMissed { .. }
                | DatasetError::Refused { .. }
                | DatasetError::TooFewDistinct { .. }
        ),
        Error::Maze(MazeError::Refused { part, error }) => {
            matches!(part, Part::RandomEnds(_)) && matches!(**error, MazeError::NoEndsApart { .. })
        }
        _ => false,
    }
}

/// A blank shape as messages name it, as the command line does: `rect`, `wrapped (x) rect`,
/// `woven rect`, `hex`, ...
fn description(blank: &Blank) -> String {
    match blank {
        Blank::Rect { .. } => blank.name().to_owned(),
        Blank::Shape(shape) => shape.description(),
    }
}

/// The most bytes one array holds: numpy's limit, and Rust's for one buffer.
const MAX_ARRAY_BYTES: u64 = isize::MAX as u64;

/// The most mazes of `blank` whose arrays (the `parts` it has, seeds, starts, goals, and
/// offsets, one more than the mazes) each fit in [`MAX_ARRAY_BYTES`], whatever the memory.
fn most_mazes(blank: &Blank, parts: ArrayParts) -> u64 {
    let (width, height) = blank.extent();
    let in_tiles = matches!(blank, Blank::Rect { .. } | Blank::Shape(Shape::Masked(_)));
    let drawn = [
        (&NpyTiles as &dyn Render, parts.tiles),
        (&NpyConnections, parts.connections),
    ];
    let cell = cell_bytes(Pos::default()).len() as u64;
    let mut each = vec![8, cell];
    for (renderer, wanted) in drawn {
        if let Some((dtype, shape)) = renderer.array(width, height).filter(|_| wanted && in_tiles) {
            // A dtype such as `|u1` or `<i4` ends with its bytes per element.
            let size: u64 = dtype[2..]
                .parse()
                .expect("numpy dtypes end with their size");
            each.push(shape.iter().product::<u64>().saturating_mul(size));
        }
    }
    let offsets = MAX_ARRAY_BYTES / 8 - 1;
    each.into_iter()
        .map(|bytes| MAX_ARRAY_BYTES / bytes.max(1))
        .fold(offsets, u64::min)
}

/// The arrays of the mazes of `spec` (checked, not `unique`, no tokens) as [`arrays_dict`]
/// gives them, each `bytearray` made first at its final size (the solutions' grown a batch
/// at a time) and filled in place by the library's threads with the GIL released: the
/// arrays are never copied, so memory peaks at about their size.
fn arrays_in_place<'py>(
    py: Python<'py>,
    spec: &DatasetSpec,
    parts: ArrayParts,
) -> PyResult<Bound<'py, PyDict>> {
    let slots = spec.slots.clone();
    let count = slots.end - slots.start;
    let n = usize::try_from(count).map_err(|_| PyMemoryError::new_err(count))?;
    let (tiles, connections) = Arrays::row_bytes(&spec.maze.blank, parts);
    // The names, dtypes and shapes of one maze's rows, as the gathered arrays have them.
    let empty = Arrays::reserve(&spec.maze.blank, 0, parts).map_err(py_error)?;
    let dict = PyDict::new(py);
    dict.set_item("count", count)?;
    let row_bytes = |name: &str| match name {
        "tiles" => tiles,
        "connections" => connections,
        "seeds" | "offsets" => 8,
        _ => cell_bytes(Pos::default()).len(),
    };
    let mut buffers = Vec::new();
    for array in empty.arrays() {
        let (rows, bytes) = match array.name {
            "solutions" => (0, 0),
            "offsets" => (count + 1, (n + 1) * 8),
            name => (count, n * row_bytes(name)),
        };
        // Zeroed (0 is also `offsets[0]`), then written over.
        let buffer = PyByteArray::new_with(py, bytes, |_| Ok(())).map_err(|_| {
            let bytes = bytes as u64;
            py_error(MazeError::ArraysTooLarge { count, bytes })
        })?;
        let mut shape = array.shape().to_vec();
        shape[0] = rows;
        dict.set_item(array.name, (&buffer, array.dtype, shape))?;
        buffers.push((array.name, buffer));
    }
    let buffer = |name: &str| buffers.iter().find(|(n, _)| *n == name).map(|(_, b)| b);
    let empty_bytes = || <&mut [u8]>::default();
    // SAFETY: bytearrays made above, distinct, and reachable from nothing but this function
    // until it returns: no one else reads or resizes them meanwhile.
    let whole = |name: &str| buffer(name).map_or_else(empty_bytes, |b| unsafe { b.as_bytes_mut() });
    let (tiles_out, connections_out) = (whole("tiles"), whole("connections"));
    let (seeds, starts, goals) = (whole("seeds"), whole("starts"), whole("goals"));
    let offsets = &mut whole("offsets")[8..];
    let solutions = buffer("solutions")
        .expect("every dataset has solutions")
        .clone()
        .unbind();
    let cell = cell_bytes(Pos::default()).len();
    let cells = py.detach(|| -> PyResult<u64> {
        // A batch's solutions, before they join the others in their bytearray.
        let mut batch = Vec::new();
        let mut cells = 0u64;
        for range in fill_batches(slots.clone(), tiles + connections) {
            let (a, b) = (
                (range.start - slots.start) as usize,
                (range.end - slots.start) as usize,
            );
            let rows = ArrayRows {
                tiles: &mut tiles_out[a * tiles..b * tiles],
                connections: &mut connections_out[a * connections..b * connections],
                seeds: &mut seeds[a * 8..b * 8],
                starts: &mut starts[a * cell..b * cell],
                goals: &mut goals[a * cell..b * cell],
                ends: &mut offsets[a * 8..b * 8],
            };
            batch.clear();
            fill_rows(spec, range, rows, &mut batch, cells)
                .map_err(|error| dataset_error(error, spec))?;
            cells += (batch.len() / cell) as u64;
            // The solutions grow in place (a large block is moved by its pages, not copied);
            // Ctrl-C and other signals take effect between batches.
            Python::attach(|py| -> PyResult<()> {
                let solutions = solutions.bind(py);
                let len = solutions.len();
                solutions.resize(len + batch.len())?;
                // SAFETY: as above, resized with the GIL held and written before it is let go.
                let bytes = unsafe { solutions.as_bytes_mut() };
                bytes[len..].copy_from_slice(&batch);
                py.check_signals()
            })?;
        }
        Ok(cells)
    })?;
    // In its place among the others, now that its length is known.
    dict.set_item(
        "solutions",
        (solutions.bind(py), CELL_DTYPE, vec![cells, 2]),
    )?;
    Ok(dict)
}

/// A dataset's arrays as a dict: `count`, each array as `(bytearray, dtype, shape)` under
/// its name, and `tokens` when asked for.
fn arrays_dict(py: Python<'_>, arrays: Arrays) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("count", arrays.count())?;
    for array in arrays.arrays() {
        let value = (
            byte_array(py, array.bytes)?,
            array.dtype,
            array.shape().to_vec(),
        );
        dict.set_item(array.name, value)?;
    }
    if arrays.parts().tokens {
        dict.set_item("tokens", arrays.into_tokens())?;
    }
    Ok(dict)
}

/// `data` copied into a new `bytearray`: `MemoryError` if Python cannot hold it.
fn byte_array<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyByteArray>> {
    PyByteArray::new_with(py, data.len(), |buffer| {
        buffer.copy_from_slice(data);
        Ok(())
    })
}

/// `data` copied into a new `bytes`: `MemoryError` if Python cannot hold it.
fn bytes<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, data.len(), |buffer| {
        buffer.copy_from_slice(data);
        Ok(())
    })
}

/// A cell's position as `(row, column)`.
fn row_column(pos: Pos) -> (i64, i64) {
    (i64::from(pos.y), i64::from(pos.x))
}

/// One maze, made by a [`Spec`].
#[pyclass(frozen, module = "mazegen._mazegen")]
struct Maze {
    maze: mazegen::Maze,
}

impl Maze {
    /// What `renderer` writes for the maze.
    fn rendered(&self, renderer: &dyn Render) -> PyResult<Vec<u8>> {
        let mut out = Vec::new();
        renderer.render(&self.maze, &mut out).map_err(io_error)?;
        Ok(out)
    }

    /// A picture of the maze: a rectangle or a mask in tiles, other shapes in lines.
    fn picture(&self, scale: Option<u32>, lines: Option<bool>) -> Picture {
        let lines = lines.unwrap_or(self.maze.grid().is_none());
        let style = if lines { Style::Lines } else { Style::Tiles };
        Picture {
            scale: scale.unwrap_or(style.default_scale()),
            style,
            ..Picture::default()
        }
    }
}

#[pymethods]
impl Maze {
    /// The maze a `mazegen.maze/v1` or `mazegen.graph/v1` document describes, checked as
    /// `mazegen solve` reads it.
    #[staticmethod]
    fn from_document(py: Python<'_>, document: &[u8]) -> PyResult<Maze> {
        let read = py.detach(|| mazegen::read::read_document(document));
        match read {
            Ok(AnyDocument::Maze(maze) | AnyDocument::Graph(maze)) => Ok(Maze { maze }),
            Err(ReadError::Refused(error)) => Err(py_error(error)),
            Err(ReadError::Io(error)) => Err(io_error(error)),
        }
    }

    /// The seed it was made from.
    #[getter]
    fn seed(&self) -> u64 {
        self.maze.seed()
    }

    /// The 128-bit hash of its passages, as `mazegen.dataset` gives each maze's
    /// (`mazegen::dataset::maze_hash`).
    #[getter]
    fn hash(&self) -> u128 {
        maze_hash(&self.maze)
    }

    /// For a window of a giant maze: its top-left cell's row and column in the whole maze,
    /// the whole maze's width and height in cells, and the side of its chunks.
    #[getter]
    fn window(&self) -> Option<(u64, u64, u64, u64, Option<u32>)> {
        let cut = self.maze.cut()?;
        let (window, giant) = (cut.window, cut.giant);
        Some((
            window.y,
            window.x,
            giant.width(),
            giant.height(),
            giant.chunk_side(),
        ))
    }

    /// For a window of a giant maze: the passages that leave it, each a cell `(row, column)`
    /// and the side it leaves by.
    #[getter]
    fn exits(&self) -> Vec<((i64, i64), String)> {
        let Some(cut) = self.maze.cut() else {
            return Vec::new();
        };
        (cut.exits.iter())
            .map(|&(cell, dir)| (row_column(cell), format!("{dir:?}").to_lowercase()))
            .collect()
    }

    /// The algorithm that carved it.
    #[getter]
    fn algorithm(&self) -> &str {
        self.maze.algorithm()
    }

    /// Its shape: `rect`, `mask`, `hex`, `triangle` or `polar`.
    #[getter]
    fn shape(&self) -> &'static str {
        self.maze.shape().name()
    }

    /// Its shape as messages name it, as the command line does: `rect`, `wrapped (x) rect`,
    /// `woven rect`, `hex`, ...
    #[getter]
    fn description(&self) -> String {
        self.maze.shape().description()
    }

    /// Which edges are joined: `"x"`, `"y"` or `"xy"`, or `None`.
    #[getter]
    fn wrap(&self) -> Option<&'static str> {
        let wrap = self.maze.shape().wrap();
        (!wrap.is_none()).then(|| wrap.name())
    }

    /// The share of cells a passage could cross under, in a weave, or `None`.
    #[getter]
    fn weave(&self) -> Option<f64> {
        match self.maze.shape() {
            Shape::Weave(weave) => Some(weave.density().get()),
            _ => None,
        }
    }

    /// Its number of cells.
    #[getter]
    fn cell_count(&self) -> u64 {
        self.maze.cell_count()
    }

    /// Whether exactly one path joins any two cells.
    #[getter]
    fn perfect(&self) -> bool {
        self.maze.is_perfect()
    }

    /// The start cell as `(row, column)`.
    #[getter]
    fn start(&self) -> (i64, i64) {
        row_column(self.maze.start_pos())
    }

    /// The goal cell as `(row, column)`.
    #[getter]
    fn goal(&self) -> (i64, i64) {
        row_column(self.maze.goal_pos())
    }

    /// The cells from start to goal as `(row, column)` pairs in `int32` bytes, or `None`
    /// unless solved.
    fn solution_bytes<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyByteArray>>> {
        let Some(cells) = self.maze.solution() else {
            return Ok(None);
        };
        let data: Vec<u8> = cells
            .iter()
            .flat_map(|&cell| cell_bytes(self.maze.pos(cell)))
            .collect();
        byte_array(py, &data).map(Some)
    }

    /// The array `name` of the maze, as `npy` (`tiles`: `uint8`, 1 wall, 0 passage) or
    /// `npy-connections` (`connections`: maze-dataset's, `bool`, `[0]` down, `[1]` right)
    /// write it, with its shape; `None` for a shape drawn in lines.
    fn array<'py>(
        &self,
        py: Python<'py>,
        name: &str,
    ) -> PyResult<Option<(Bound<'py, PyByteArray>, Vec<u64>)>> {
        let renderer: &dyn Render = match name {
            "tiles" => &NpyTiles,
            "connections" => &NpyConnections,
            _ => return Err(bad(format!("no array {name:?}: tiles or connections"))),
        };
        let Some(grid) = self.maze.grid() else {
            return Ok(None);
        };
        let (_, shape) = renderer
            .array(grid.width(), grid.height())
            .expect("npy formats have arrays");
        Ok(Some((byte_array(py, &self.rendered(renderer)?)?, shape)))
    }

    /// The `mazegen.maze/v1` document of a rectangle or a mask, the `mazegen.graph/v1`
    /// document of other shapes, with figures when `stats`.
    #[pyo3(signature = (stats=false))]
    fn to_json(&self, stats: bool) -> PyResult<String> {
        let document = match self.maze.grid() {
            Some(_) => self.rendered(&Json { stats })?,
            None => self.rendered(&Graph { stats })?,
        };
        Ok(String::from_utf8(document).expect("JSON is UTF-8"))
    }

    /// The `mazegen.graph/v1` document (cells and passages, any shape).
    #[pyo3(signature = (stats=false))]
    fn graph_json(&self, stats: bool) -> PyResult<String> {
        Ok(String::from_utf8(self.rendered(&Graph { stats })?).expect("JSON is UTF-8"))
    }

    /// The maze as `mazegen ... --format text` draws it.
    fn text(&self) -> PyResult<String> {
        Ok(String::from_utf8(self.rendered(&Text::default())?).expect("text is UTF-8"))
    }

    /// An SVG picture.
    #[pyo3(signature = (scale=None, lines=None))]
    fn svg(&self, scale: Option<u32>, lines: Option<bool>) -> PyResult<String> {
        let svg = self.rendered(&Svg(self.picture(scale, lines)))?;
        Ok(String::from_utf8(svg).expect("SVG is UTF-8"))
    }

    /// A PNG picture.
    #[pyo3(signature = (scale=None, lines=None))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        scale: Option<u32>,
        lines: Option<bool>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        bytes(py, &self.rendered(&Png(self.picture(scale, lines)))?)
    }

    /// The maze as one line of maze-dataset's tokens (rectangles and masks), by the tokenizer
    /// of that `MazeTokenizerModular.name` (maze-dataset's default when `None`).
    #[pyo3(signature = (tokenizer=None))]
    fn tokens(&self, tokenizer: Option<&str>) -> PyResult<String> {
        let tokenizer = match tokenizer {
            Some(name) => name.parse().map_err(py_error)?,
            None => Tokenizer::default(),
        };
        let mut line = self.rendered(&Tokens { tokenizer })?;
        line.pop();
        Ok(String::from_utf8(line).expect("tokens are UTF-8"))
    }

    /// Every shortest path from start to goal, up to `cap` listed, as the `all_shortest`
    /// object of `mazegen stats --all-shortest --format json`.
    fn shortest_paths_json(&self, py: Python<'_>, cap: usize) -> PyResult<String> {
        let figure = py
            .detach(|| AllShortest::of(&self.maze, cap))
            .map_err(py_error)?;
        Ok(serde_json::to_string(&figure).expect("figures serialize"))
    }

    /// The figures `mazegen stats --format json` gives, as JSON.
    fn stats_json(&self) -> PyResult<String> {
        let json = match self.maze.grid() {
            Some(_) => serde_json::to_string(&Figures::of(&self.maze).map_err(py_error)?),
            None => serde_json::to_string(&ShapeStats::of(&self.maze).map_err(py_error)?),
        };
        Ok(json.expect("figures serialize"))
    }
}

/// A fresh seed from the operating system's entropy, below 2^53 (JSON tools read it whole),
/// as the command line draws one when none is given.
/// An environment's refusal as a Python `ValueError`.
fn env_error(error: EnvError) -> PyErr {
    match error {
        EnvError::Maze(error) => py_error(error),
        other => bad(other.to_string()),
    }
}

/// Every environment's level: its tiles as bytes, agents, goals and seeds.
type LevelArrays<'py> = (Bound<'py, PyByteArray>, Vec<u32>, Vec<u32>, Vec<u64>);

/// A batch of maze environments stepped together (`mazegen.gym` wraps it): observations,
/// rewards, terminations and truncations written into bytearrays the Python half views as
/// numpy arrays, with the GIL released while stepping.
#[pyclass(module = "mazegen._mazegen")]
struct Env {
    batch: Batch,
}

#[pymethods]
impl Env {
    #[new]
    #[pyo3(signature = (spec, num_envs, *, observation="channels", view=7, max_steps=None, levels=None, threads=None))]
    fn new(
        spec: &Spec,
        num_envs: usize,
        observation: &str,
        view: u32,
        max_steps: Option<u32>,
        levels: Option<Vec<u64>>,
        threads: Option<usize>,
    ) -> PyResult<Self> {
        let observation = match observation {
            "channels" => Observation::Channels,
            "tiles" => Observation::Tiles,
            "view" => Observation::View(view),
            other => {
                return Err(bad(format!(
                    "observation {other:?}: expected \"channels\", \"tiles\" or \"view\""
                )));
            }
        };
        let mut maze = spec.maze_spec();
        // Levels need the endpoints alone: solving each would only cost time.
        maze.finish.solve = false;
        let config = EnvConfig {
            spec: maze,
            observation,
            max_steps,
            levels: levels.map_or(Levels::Dataset, Levels::Seeds),
            threads,
        };
        let batch = Batch::new(config, num_envs).map_err(env_error)?;
        Ok(Self { batch })
    }

    /// The shape of one observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.batch.observation_shape()
    }

    /// The map's tiles down and across.
    #[getter]
    fn map_shape(&self) -> (u32, u32) {
        let (width, height) = self.batch.map_size();
        (height, width)
    }

    /// Steps before an episode is truncated.
    #[getter]
    fn max_steps(&self) -> u32 {
        self.batch.max_steps()
    }

    /// How many environments.
    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// Starts every episode again on the next levels (from the first, with a seed) and
    /// writes the first observations.
    #[pyo3(signature = (seed, observations))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<u64>,
        observations: &Bound<'_, PyByteArray>,
    ) -> PyResult<()> {
        // SAFETY: the bytearray is the Python half's own, touched by nothing else meanwhile.
        let observations = unsafe { observations.as_bytes_mut() };
        let batch = &mut self.batch;
        py.detach(|| batch.reset(seed, observations))
            .map_err(env_error)
    }

    /// Steps every environment by its action (one byte each), writing into the other four.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyByteArray>,
        observations: &Bound<'_, PyByteArray>,
        rewards: &Bound<'_, PyByteArray>,
        terminations: &Bound<'_, PyByteArray>,
        truncations: &Bound<'_, PyByteArray>,
    ) -> PyResult<()> {
        let buffers = [actions, observations, rewards, terminations, truncations];
        for (i, a) in buffers.iter().enumerate() {
            if buffers[..i].iter().any(|b| b.is(*a)) {
                return Err(bad("step: the five buffers must be distinct bytearrays"));
            }
        }
        // SAFETY: five distinct bytearrays of the Python half's own, touched by nothing else
        // meanwhile.
        let (actions, observations, rewards, terminations, truncations) = unsafe {
            (
                actions.as_bytes_mut(),
                observations.as_bytes_mut(),
                rewards.as_bytes_mut(),
                terminations.as_bytes_mut(),
                truncations.as_bytes_mut(),
            )
        };
        // SAFETY: any bytes are an f32; the alignment is checked.
        let (before, rewards, after) = unsafe { rewards.align_to_mut::<f32>() };
        if !before.is_empty() || !after.is_empty() {
            return Err(bad("step: the rewards' buffer is not aligned for float32"));
        }
        terminations.fill(0);
        truncations.fill(0);
        // SAFETY: every byte is 0 now, a bool's false.
        let (terminations, truncations) = unsafe {
            (
                std::slice::from_raw_parts_mut(
                    terminations.as_mut_ptr().cast::<bool>(),
                    terminations.len(),
                ),
                std::slice::from_raw_parts_mut(
                    truncations.as_mut_ptr().cast::<bool>(),
                    truncations.len(),
                ),
            )
        };
        let batch = &mut self.batch;
        py.detach(|| {
            batch.step(
                actions,
                Outputs {
                    observations,
                    rewards,
                    terminations,
                    truncations,
                },
            )
        })
        .map_err(env_error)
    }

    /// Whether each episode ended on the last step (the next step resets it).
    fn ended(&self) -> Vec<bool> {
        self.batch.ended().collect()
    }

    /// The seeds to hand levels out from, from the first, at the next resets.
    fn set_level_seeds(&mut self, seeds: Vec<u64>) -> PyResult<()> {
        self.batch
            .set_levels(Levels::Seeds(seeds))
            .map_err(env_error)
    }

    /// Every environment's level: `(tiles, agents, goals, seeds)`, the tiles as bytes
    /// (environments x rows x columns), agents and goals as tile indices.
    fn levels<'py>(&self, py: Python<'py>) -> PyResult<LevelArrays<'py>> {
        level_arrays(py, self.batch.levels())
    }

    /// Hands out the given levels (as `levels` gives them) from the next reset on, in turn.
    fn set_levels(
        &mut self,
        tiles: &[u8],
        agents: Vec<u32>,
        goals: Vec<u32>,
        seeds: Vec<u64>,
    ) -> PyResult<()> {
        let (width, height) = self.batch.map_size();
        let levels = given_levels((width, height), tiles, agents, goals, seeds)?;
        self.batch
            .set_levels(Levels::Given(levels))
            .map_err(env_error)
    }

    /// The steps taken in each episode.
    fn steps(&self) -> Vec<u32> {
        self.batch.steps().collect()
    }

    /// Up to `edits` edits to each current level (flip a wall, move the goal, move the agent),
    /// every goal kept reachable; the episodes start again on the edited levels, their first
    /// observations written.
    fn mutate(
        &mut self,
        edits: u32,
        seed: u64,
        observations: &Bound<'_, PyByteArray>,
    ) -> PyResult<()> {
        // SAFETY: the bytearray is the Python half's own, touched by nothing else meanwhile.
        let observations = unsafe { observations.as_bytes_mut() };
        self.batch
            .mutate(edits, seed, observations)
            .map_err(env_error)
    }
}

/// `levels` as arrays: `(tiles, agents, goals, seeds)`, the tiles as bytes (levels x rows x
/// columns), agents and goals as tile indices.
fn level_arrays<'py, 'a>(
    py: Python<'py>,
    levels: impl Iterator<Item = &'a Level>,
) -> PyResult<LevelArrays<'py>> {
    let levels: Vec<&Level> = levels.collect();
    let tiles: Vec<u8> = levels
        .iter()
        .flat_map(|l| l.tiles.iter().copied())
        .collect();
    Ok((
        byte_array(py, &tiles)?,
        levels.iter().map(|l| l.agent).collect(),
        levels.iter().map(|l| l.goal).collect(),
        levels.iter().map(|l| l.seed).collect(),
    ))
}

/// Levels of `width x height` tiles from arrays as [`level_arrays`] writes them, one per
/// agent, refused where the arrays disagree in length.
fn given_levels(
    (width, height): (u32, u32),
    tiles: &[u8],
    agents: Vec<u32>,
    goals: Vec<u32>,
    seeds: Vec<u64>,
) -> PyResult<Vec<Level>> {
    let count = agents.len();
    let len = width as usize * height as usize;
    if goals.len() != count || seeds.len() != count || tiles.len() != count * len {
        return Err(bad(format!(
            "levels of {count} agents, {} goals, {} seeds and {} tiles: expected one agent, goal \
             and seed a level and {width}x{height} tiles each",
            goals.len(),
            seeds.len(),
            tiles.len()
        )));
    }
    let levels = tiles
        .chunks_exact(len.max(1))
        .zip(agents)
        .zip(goals)
        .zip(seeds);
    Ok(levels
        .map(|(((tiles, agent), goal), seed)| Level {
            width,
            height,
            tiles: tiles.to_vec(),
            agent,
            goal,
            seed,
        })
        .collect())
}

/// Up to `edits` edits to each of the levels given as arrays (`mazegen.gym.mutate`), each
/// level's goal reachable before and after; the edited levels as arrays.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn mutate_levels<'py>(
    py: Python<'py>,
    width: u32,
    height: u32,
    tiles: &[u8],
    agents: Vec<u32>,
    goals: Vec<u32>,
    seeds: Vec<u64>,
    edits: u32,
    seed: u64,
) -> PyResult<LevelArrays<'py>> {
    let mut levels = given_levels((width, height), tiles, agents, goals, seeds)?;
    use mazegen::env::{FLOOR, OUTSIDE, WALL};
    for (index, level) in levels.iter().enumerate() {
        let on_map = |tile: u32| (tile as usize) < level.tiles.len();
        let tiles_known = (level.tiles.iter()).all(|&t| matches!(t, FLOOR | WALL | OUTSIDE));
        let reason = if !tiles_known {
            "a tile is neither floor (0), wall (1) nor outside (4)"
        } else if !on_map(level.agent) || !on_map(level.goal) || level.shortest().is_none() {
            "its goal cannot be reached from its agent (mutations keep a reachable goal reachable)"
        } else {
            continue;
        };
        return Err(bad(format!("level {index}: {reason}")));
    }
    py.detach(|| mazegen::env::mutate(&mut levels, edits, seed))
        .map_err(env_error)?;
    level_arrays(py, levels.iter())
}

#[pyfunction]
fn draw_seed() -> u64 {
    mazegen::rng::draw_seed()
}

/// The bytes of `array`, a C-contiguous numpy array of one of the types `types` (numpy's
/// type strings, `|b1`, `<i4`, ...), read in place through numpy's array interface: the limited
/// API has no buffer protocol before Python 3.11, and a copy of a million mazes' connections
/// took longer than scoring their answers.
fn array_bytes<'a>(array: &'a Bound<'_, PyAny>, types: &[&str], what: &str) -> PyResult<&'a [u8]> {
    let kind = array.get_type();
    if kind.module()?.to_cow()? != "numpy" || kind.name()?.to_cow()? != "ndarray" {
        return Err(bad(format!("{what}: expected a numpy array")));
    }
    let interface = array.getattr("__array_interface__")?;
    let typestr: String = interface.get_item("typestr")?.extract()?;
    let Some(item) = types
        .iter()
        .find(|t| **t == typestr)
        .and_then(|t| t[2..].parse::<usize>().ok())
    else {
        return Err(bad(format!(
            "{what}: a numpy array of {typestr}, expected one of {}",
            types.join(", ")
        )));
    };
    if !interface.get_item("strides")?.is_none() {
        return Err(bad(format!("{what}: expected a C-contiguous numpy array")));
    }
    let shape: Vec<usize> = interface.get_item("shape")?.extract()?;
    let (address, _read_only): (usize, bool) = interface.get_item("data")?.extract()?;
    let len = shape.iter().product::<usize>() * item;
    if len == 0 {
        return Ok(&[]);
    }
    // SAFETY: numpy's array interface gives the address of the `len` bytes the array holds,
    // C-contiguous; the array lives as long as it is borrowed here, and the Python half made
    // it and hands it to nothing else during the call.
    Ok(unsafe { std::slice::from_raw_parts(address as *const u8, len) })
}

/// Scores `count` answers (`answers`, UTF-8, one a line) against `count` mazes given as
/// maze-dataset connections (`connections`, a numpy array of `count x 2 x rows x columns`
/// `bool` or `uint8`, down then right) with their starts and goals (numpy arrays of
/// `count x 2` little-endian `int32`, row then column), by `rule`, on `jobs` threads: see
/// `mazegen.score`. Returns bytearrays of `valid`, `reached`, `optimal` (one a byte),
/// `progress` (`float64`) and `first_illegal` (`int64`, -1 where none).
#[pyfunction]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn score<'py>(
    py: Python<'py>,
    count: usize,
    rows: u32,
    columns: u32,
    connections: &Bound<'py, PyAny>,
    starts: &Bound<'py, PyAny>,
    goals: &Bound<'py, PyAny>,
    answers: &[u8],
    rule: &str,
    jobs: usize,
) -> PyResult<(
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
)> {
    use mazegen::score::{Connections, Rule, Scorer};
    let rule: Rule = rule
        .parse()
        .map_err(|e: mazegen::score::ScoreError| bad(e.to_string()))?;
    if !(1..=mazegen::dataset::MAX_JOBS).contains(&jobs) {
        return Err(bad(format!(
            "jobs {jobs}: expected from 1 to {}",
            mazegen::dataset::MAX_JOBS
        )));
    }
    let connections = array_bytes(connections, &["|b1", "|u1"], "connections")?;
    let starts = array_bytes(starts, &["<i4"], "starts")?;
    let goals = array_bytes(goals, &["<i4"], "goals")?;
    let cells = rows as usize * columns as usize;
    if connections.len() != count * 2 * cells
        || starts.len() != count * 8
        || goals.len() != count * 8
    {
        return Err(bad(
            "score: the arrays do not hold as many mazes as answers",
        ));
    }
    let answers = std::str::from_utf8(answers).map_err(|_| bad("answers: not UTF-8 text"))?;
    // Written in place: the numpy arrays are views of these bytearrays.
    let zeroed = |len: usize| PyByteArray::new_with(py, len, |_| Ok(()));
    let outputs = (
        zeroed(count)?,
        zeroed(count)?,
        zeroed(count)?,
        zeroed(count * 8)?,
        zeroed(count * 8)?,
    );
    // SAFETY: bytearrays made above, distinct, and reachable from nothing but this function
    // until it returns: no one else reads or resizes them meanwhile.
    let (valid, reached, optimal, progress, first_illegal) = unsafe {
        (
            outputs.0.as_bytes_mut(),
            outputs.1.as_bytes_mut(),
            outputs.2.as_bytes_mut(),
            outputs.3.as_bytes_mut(),
            outputs.4.as_bytes_mut(),
        )
    };
    let scored = py.detach(|| -> Result<(), String> {
        let lines: Vec<&str> = answers.split('\n').collect();
        let pair = |bytes: &[u8], i: usize| {
            let at = |k: usize| {
                i64::from(i32::from_le_bytes(
                    bytes[k..k + 4].try_into().expect("4 bytes"),
                ))
            };
            (at(8 * i), at(8 * i + 4))
        };
        // Mazes in `jobs` slices, each scored on a thread of its own; each answer's score
        // is its own, so the arrays are the same for any `jobs`.
        let threads = jobs.min(count.max(1));
        let per = count.div_ceil(threads).max(1);
        let slice = |k: usize,
                     valid: &mut [u8],
                     reached: &mut [u8],
                     optimal: &mut [u8],
                     progress: &mut [u8],
                     first_illegal: &mut [u8]|
         -> Result<(), String> {
            let mut scorer = Scorer::default();
            for j in 0..valid.len() {
                let i = k * per + j;
                let maze = &connections[2 * cells * i..2 * cells * (i + 1)];
                let maze = Connections {
                    rows,
                    columns,
                    down: &maze[..cells],
                    right: &maze[cells..],
                    start: pair(starts, i),
                    goal: pair(goals, i),
                };
                let answer = lines.get(i).copied().unwrap_or("");
                let score = scorer
                    .score_connections(&maze, answer, rule)
                    .map_err(|e| match e {
                        mazegen::score::ScoreError::Endpoint { .. } => format!("maze {i}: {e}"),
                        e => format!("answer {i}: {e}"),
                    })?;
                valid[j] = u8::from(score.valid);
                reached[j] = u8::from(score.reached);
                optimal[j] = u8::from(score.optimal);
                progress[8 * j..8 * j + 8].copy_from_slice(&score.progress.to_le_bytes());
                let first = score.first_illegal.map_or(-1, i64::from);
                first_illegal[8 * j..8 * j + 8].copy_from_slice(&first.to_le_bytes());
            }
            Ok(())
        };
        let mut slices = valid
            .chunks_mut(per)
            .zip(reached.chunks_mut(per))
            .zip(optimal.chunks_mut(per))
            .zip(progress.chunks_mut(per * 8))
            .zip(first_illegal.chunks_mut(per * 8))
            .enumerate();
        if threads == 1 {
            return slices.try_for_each(|(k, ((((v, r), o), p), f))| slice(k, v, r, o, p, f));
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = slices
                .map(|(k, ((((v, r), o), p), f))| {
                    let slice = &slice;
                    scope.spawn(move || slice(k, v, r, o, p, f))
                })
                .collect();
            // The first refusal in maze order.
            handles
                .into_iter()
                .try_for_each(|handle| handle.join().expect("a scoring thread does not panic"))
        })
    });
    scored.map_err(bad)?;
    Ok(outputs)
}

/// The module `mazegen._mazegen`.
/// Makes the suite `spec` (TOML text when `toml`, else a JSON object) on `jobs` threads, or
/// shard `shard` of it: writes its directory at `output` and returns the paths written, or
/// returns each split's columns (name -> dict of column -> list) in the spec's order.
#[pyfunction]
#[pyo3(signature = (spec, toml, jobs, shard=None, output=None))]
fn suite<'py>(
    py: Python<'py>,
    spec: &str,
    toml: bool,
    jobs: usize,
    shard: Option<(u64, u64)>,
    output: Option<std::path::PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    use mazegen::suite::{SuiteError, SuiteSpec};
    let suite_error = |error: SuiteError| match error {
        SuiteError::Library(error) | SuiteError::Split { error, .. }
            if !matches!(error, Error::Maze(_) | Error::Dataset(_)) =>
        {
            py_error(error)
        }
        error => bad(error.to_string()),
    };
    let spec = match toml {
        true => SuiteSpec::from_toml(spec),
        false => SuiteSpec::from_json(spec),
    }
    .map_err(suite_error)?;
    if !(1..=mazegen::dataset::MAX_JOBS).contains(&jobs) {
        return Err(bad(format!(
            "jobs {jobs}: expected from 1 to {}",
            mazegen::dataset::MAX_JOBS
        )));
    }
    if let Some(dir) = &output {
        mazegen::suite::check_dir(dir).map_err(suite_error)?;
    }
    let made = py
        .detach(|| mazegen::suite::make(&spec, jobs, shard))
        .map_err(suite_error)?;
    if let Some(dir) = output {
        let written = py
            .detach(|| {
                let files = mazegen::suite::files(&spec, &made, shard)?;
                mazegen::suite::write_dir(&dir, &files)
            })
            .map_err(suite_error)?;
        let paths: Vec<String> = written
            .iter()
            .map(|path| path.to_string_lossy().into_owned())
            .collect();
        return Ok(paths.into_pyobject(py)?.into_any());
    }
    let splits = PyDict::new(py);
    for (split, made) in spec.splits.iter().zip(&made) {
        let rows = &made.rows;
        let columns = PyDict::new(py);
        let column = |name: &str, values: Bound<'py, PyAny>| columns.set_item(name, values);
        column(
            "index",
            rows.iter()
                .map(|r| r.index)
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "seed",
            rows.iter()
                .map(|r| r.seed)
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "width",
            rows.iter()
                .map(|r| r.size[0])
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "height",
            rows.iter()
                .map(|r| r.size[1])
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "tiles",
            rows.iter()
                .map(|r| r.tiles.clone())
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "connections",
            rows.iter()
                .map(|r| r.connections.clone())
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        let ends = |pos: fn(&mazegen::suite::Row) -> Pos| -> Vec<(u32, u32)> {
            rows.iter().map(|r| (pos(r).y, pos(r).x)).collect()
        };
        column("start", ends(|r| r.start).into_pyobject(py)?.into_any())?;
        column("goal", ends(|r| r.goal).into_pyobject(py)?.into_any())?;
        column(
            "reachable",
            rows.iter()
                .map(|r| r.shortest.reachable)
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "shortest_length",
            rows.iter()
                .map(|r| r.shortest.length)
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "shortest_count",
            rows.iter()
                .map(|r| r.shortest.count.parse::<u128>().ok())
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        column(
            "shortest_paths",
            rows.iter()
                .map(|r| r.moves().to_vec())
                .collect::<Vec<_>>()
                .into_pyobject(py)?,
        )?;
        let figure = |f: fn(&mazegen::analysis::Difficulty) -> f64| -> Vec<Option<f64>> {
            rows.iter().map(|r| r.difficulty.as_ref().map(f)).collect()
        };
        column(
            "decision_points",
            figure(|d| f64::from(d.decision_points)).into_pyobject(py)?,
        )?;
        column(
            "branches",
            figure(|d| f64::from(d.branches)).into_pyobject(py)?,
        )?;
        column(
            "branch_depth_mean",
            figure(|d| d.branch_depth_mean).into_pyobject(py)?,
        )?;
        column(
            "branch_depth_max",
            figure(|d| f64::from(d.branch_depth_max)).into_pyobject(py)?,
        )?;
        column("tortuosity", figure(|d| d.tortuosity).into_pyobject(py)?)?;
        column(
            "solution_share",
            figure(|d| d.solution_share).into_pyobject(py)?,
        )?;
        for (k, name) in split.representations.iter().enumerate() {
            let values: Vec<&str> = rows.iter().map(|r| r.representations[k].as_str()).collect();
            column(name, values.into_pyobject(py)?)?;
        }
        splits.set_item(&split.name, columns)?;
    }
    Ok(splits.into_any())
}

#[pymodule]
fn _mazegen(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(draw_seed, module)?)?;
    module.add_function(wrap_pyfunction!(mutate_levels, module)?)?;
    module.add_function(wrap_pyfunction!(score, module)?)?;
    module.add_function(wrap_pyfunction!(suite, module)?)?;
    module.add("ALGORITHMS", algorithm_names())?;
    module.add("MAX_SCALE", mazegen::render::MAX_SCALE)?;
    module.add("MAX_JOBS", mazegen::dataset::MAX_JOBS)?;
    module.add("MAX_CELLS", mazegen::grid::MAX_SHAPE_CELLS)?;
    module.add("CELL_DTYPE", mazegen::render::CELL_DTYPE)?;
    module.add_class::<Spec>()?;
    module.add_class::<Maze>()?;
    module.add_class::<Env>()?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
