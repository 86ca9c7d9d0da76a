"""Mazes and maze datasets from mazegen's Rust library, as numpy arrays.

>>> import mazegen
>>> m = mazegen.maze("wilson", width=10, height=10, seed=1)
>>> m.tiles.shape, m.connections.shape
((21, 21), (2, 10, 10))
>>> d = mazegen.dataset(1000, algorithm="backtrack", width=10, height=10, seed=7)
>>> d.tiles.shape
(1000, 21, 21)

Sizes are in cells (a 10x10-cell maze is drawn in 21x21 tiles); cells are given and returned
as ``(row, column)``, as maze-dataset writes coordinates. The same arguments and seed give the
same maze on every machine, and ``dataset`` gives the same mazes, byte for byte, as
``mazegen <algorithm> --count N --seed S`` writes.
"""

from __future__ import annotations

import json
import numbers
import os
import zipfile
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _mazegen

__all__ = [
    "Maze", "Dataset", "ShortestPaths", "maze", "dataset", "load", "IncompleteDataset",
    "DATASET_FORMAT", "window", "score", "SCORE_MODES", "suite", "ALGORITHMS", "FIGURES", "MAZE_DATASET_GENERATORS",
    "__version__",
]
__version__: str = _mazegen.__version__

ALGORITHMS = tuple(_mazegen.ALGORITHMS)
"""The algorithms, as ``maze`` and ``dataset`` name them (``_`` may stand for ``-``): the
library's catalogue, whose mazes are perfect, then ``percolation`` and ``random-walls``
(Searchformer's mazes), whose are not."""

FIGURES = ("solution", "decisions", "branch_depth", "tortuosity", "solution_share")
"""The figures a dataset can bound: ``min_<figure>`` and ``max_<figure>``."""

_ALGORITHM_OPTIONS = (
    "bias", "walkers", "pick", "simplified", "start_coord", "accessible_cells",
    "max_tree_depth", "do_forks", "p", "dfs", "walls", "attempts",
)

MAZE_DATASET_GENERATORS: Dict[str, Tuple[str, Dict[str, Any]]] = {
    "gen_dfs": ("backtrack", {}),
    "gen_wilson": ("wilson", {}),
    "gen_kruskal": ("kruskal", {}),
    "gen_prim": ("growing-tree", {"pick": "random"}),
    "gen_recursive_division": ("recursive-division", {}),
    "gen_percolation": ("percolation", {}),
    "gen_dfs_percolation": ("percolation", {"dfs": True}),
}
"""maze-dataset's generators (``LatticeMazeGenerators``), which ``maze`` and ``dataset`` also
take as algorithm names: the algorithm and options each stands for."""


_U32 = 2**32 - 1
_U64 = 2**64 - 1
_MAX_SIDE = 2**63 - 1
_MAX_SCALE = _mazegen.MAX_SCALE
_MAX_JOBS = _mazegen.MAX_JOBS


def _whole(name: str, value: Any, low: int, high: int, optional: bool = True) -> Any:
    """``value`` if it is a whole number from ``low`` to ``high`` (or None, when
    ``optional``); else the error that names it and what would be accepted."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    number = int(value)
    if not low <= number <= high:
        raise ValueError(f"{name} {value}: expected a whole number from {low} to {high}")
    return number


def _cell(name: str, value: Any) -> Any:
    """A ``(row, column)`` pair, checked."""
    if value is None:
        return None
    if not isinstance(value, (tuple, list, np.ndarray)) or len(value) != 2:
        raise ValueError(f"{name} {value!r}: expected a (row, column) pair")
    row, column = value
    return (_whole(f"{name} row", row, 0, _U32), _whole(f"{name} column", column, 0, _U32))


def _flag(name: str, value: Any) -> bool:
    """A yes or no, checked."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return bool(value)


def _text(name: str, value: Any, optional: bool = True) -> Any:
    """A string (or None, when ``optional``), checked."""
    if not (isinstance(value, str) or optional and value is None):
        raise TypeError(f"{name} must be a string, not {value!r}")
    return value


def _number(name: str, value: Any) -> Any:
    """None or a real number, checked."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, not {value!r}")
    return float(value)


def _amount(name: str, value: Any) -> Any:
    """None, a count (an int) or a share from 0 to 1 (a float), as maze-dataset takes numbers
    of cells; checked."""
    if value is None or isinstance(value, bool) or not isinstance(value, numbers.Real):
        if value is None:
            return None
        raise TypeError(f"{name} must be an int (a count) or a float (a share), not {value!r}")
    if isinstance(value, numbers.Integral):
        return _whole(name, value, 0, _U64)
    share = float(value)
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"{name} {value}: a float is a share of the cells, from 0 to 1")
    return share


def _random_seed() -> int:
    # Below 2^53, as the command line draws them, so JSON tools read them whole.
    return _mazegen.draw_seed()


def _spec(
    algorithm: str,
    width: Optional[int],
    height: Optional[int],
    shape: str,
    rings: Optional[int],
    mask: Any,
    braid: Optional[float],
    start: Optional[Tuple[int, int]],
    goal: Optional[Tuple[int, int]],
    endpoints: Optional[str],
    openings: bool,
    solve: bool,
    options: dict,
    wrap: Optional[str] = None,
    weave: Any = None,
    min_distance: Optional[int] = None,
) -> _mazegen.Spec:
    if isinstance(algorithm, str) and algorithm in MAZE_DATASET_GENERATORS:
        algorithm, implied = MAZE_DATASET_GENERATORS[algorithm]
        options = {**implied, **options}
    unknown = sorted(set(options) - set(_ALGORITHM_OPTIONS))
    if unknown:
        raise TypeError(
            f"unexpected keyword argument {unknown[0]!r}; algorithm options are "
            + ", ".join(_ALGORITHM_OPTIONS)
        )
    width = _whole("width", width, 1, _U32)
    height = _whole("height", height, 1, _U32)
    rings = _whole("rings", rings, 1, _U32)
    start, goal = _cell("start", start), _cell("goal", goal)
    algorithm, shape, endpoints = (
        _text("algorithm", algorithm, optional=False),
        _text("shape", shape, optional=False),
        _text("endpoints", endpoints),
    )
    wrap = _text("wrap", wrap)
    weave = 1.0 if weave is True else None if weave is False else _number("weave", weave)
    openings, solve, braid = _flag("openings", openings), _flag("solve", solve), _number("braid", braid)
    if "walkers" in options:
        options["walkers"] = _whole("walkers", options["walkers"], 1, _U32)
    for name in ("bias", "pick"):
        if name in options:
            options[name] = _text(name, options[name])
    for name in ("simplified", "do_forks", "dfs"):
        if name in options:
            options[name] = _flag(name, options[name])
    for name in ("accessible_cells", "max_tree_depth"):
        if name in options:
            options[name] = _amount(name, options[name])
    if "start_coord" in options:
        options["start_coord"] = _cell("start_coord", options["start_coord"])
    if "p" in options:
        options["p"] = _number("p", options["p"])
    if "walls" in options:
        options["walls"] = _number("walls", options["walls"])
    if "attempts" in options:
        options["attempts"] = _whole("attempts", options["attempts"], 1, _U32)
    if isinstance(mask, os.PathLike):
        pass  # read by the library as --mask reads a file
    elif isinstance(mask, str) and "\n" not in mask and os.path.exists(mask):
        raise ValueError(
            f"mask {mask!r}: a text mask has a line per row, and this names a file: pass "
            f"pathlib.Path({mask!r}) to read it"
        )
    if mask is not None and not isinstance(mask, (str, bytes, os.PathLike)):
        cells = np.asarray(mask)
        if cells.ndim != 2:
            raise ValueError(f"mask: expected a 2-D array, got {cells.ndim} dimensions")
        rows, columns = cells.shape
        if cells.size == 0:
            raise ValueError(f"mask: an array of shape {cells.shape} has no cells")
        if cells.size > _mazegen.MAX_CELLS:
            raise ValueError(
                f"mask: {cells.size} cells are more than the {_mazegen.MAX_CELLS} a maze may have"
            )
        if cells.dtype.kind in "fc" and np.isnan(cells).any():
            row, column = np.argwhere(np.isnan(cells))[0]
            raise ValueError(
                f"mask: the value at ({row}, {column}) is NaN, neither a cell (true, nonzero) "
                "nor a hole (false, zero)"
            )
        mask = (columns, rows, cells.astype(bool).tobytes())
    return _mazegen.Spec(
        algorithm,
        width=width,
        height=height,
        shape=shape,
        rings=rings,
        mask=mask,
        braid=braid,
        start=start,
        goal=goal,
        endpoints=endpoints,
        openings=openings,
        solve=solve,
        options=options,
        wrap=wrap,
        weave=weave,
        min_distance=_whole("min_distance", min_distance, 0, _U32),
    )


class ShortestPaths(NamedTuple):
    """Every shortest path from start to goal (``Maze.shortest_paths``)."""

    reachable: bool
    """Whether the goal can be reached from the start."""
    length: Optional[int]
    """The length of a shortest path in steps (cells on it less one), ``None`` if unreachable."""
    count: int  # type: ignore[assignment]  # the field, in the place of tuple.count
    """The exact number of shortest paths (0 if unreachable, 1 on a perfect maze)."""
    paths: List[Any]
    """The first of them, at most the cap: move strings (``U``, ``D``, ``L``, ``R``) on
    rectangles and masks, elsewhere each path's cells as ``(row, column)``; in the order of the
    sides taken at each step (north, east, south, west on a rectangle)."""


def _maze_from_json(document: str) -> "Maze":
    """Unpickles a maze (``Maze.__reduce__``)."""
    return Maze.from_json(document)


class Maze:
    """One maze: its arrays, endpoints, solution, figures, documents and pictures."""

    __slots__ = ("_native", "_tiles", "_connections")

    def __init__(self, native: _mazegen.Maze) -> None:
        self._native = native
        self._tiles: Optional[np.ndarray] = None
        self._connections: Optional[np.ndarray] = None

    @property
    def seed(self) -> int:
        """The seed it was made from: ``maze(..., seed=m.seed)`` makes it again."""
        return self._native.seed

    @property
    def hash(self) -> int:
        """The 128-bit hash of its passages (whatever its endpoints, solution or seed): the
        one ``Dataset.hashes`` holds, ``exclude`` and ``unique`` tell mazes apart by, and
        suites keep their splits apart by."""
        return self._native.hash

    @property
    def algorithm(self) -> str:
        return self._native.algorithm

    @property
    def shape(self) -> str:
        """``rect``, ``mask``, ``hex``, ``triangle`` or ``polar``."""
        return self._native.shape

    @property
    def wrap(self) -> Optional[str]:
        """The edges joined (``"x"``, ``"y"`` or ``"xy"``), or None for a flat maze."""
        return self._native.wrap

    @property
    def weave(self) -> Optional[float]:
        """The share of cells a passage could cross under, in a weave; None otherwise."""
        return self._native.weave

    @property
    def cell_count(self) -> int:
        return self._native.cell_count

    @property
    def perfect(self) -> bool:
        """Whether exactly one path joins any two cells (False once braided)."""
        return self._native.perfect

    @property
    def window(self) -> Optional[dict]:
        """For a window of a giant maze (``window``), where it lies: ``row`` and ``column`` of
        its top-left cell in the whole maze, the whole maze's ``maze_width`` and
        ``maze_height`` in cells, and its ``chunk`` side (None for a binary tree cut without
        chunks); None for a maze made whole. The window's own cells count from its corner."""
        window = self._native.window
        if window is None:
            return None
        row, column, maze_width, maze_height, chunk = window
        return {
            "row": row, "column": column, "maze_width": maze_width,
            "maze_height": maze_height, "chunk": chunk,
        }

    @property
    def exits(self) -> List[Tuple[Tuple[int, int], str]]:
        """For a window of a giant maze, the passages that leave it: each a cell
        ``(row, column)`` of the window and the side (``north``, ``east``, ``south``,
        ``west``) it leaves by, in reading order; empty for a maze made whole."""
        return self._native.exits

    @property
    def start(self) -> Tuple[int, int]:
        """The start cell, ``(row, column)``."""
        return self._native.start

    @property
    def goal(self) -> Tuple[int, int]:
        """The goal cell, ``(row, column)``."""
        return self._native.goal

    @property
    def solution(self) -> Optional[np.ndarray]:
        """The cells from start to goal, an ``int32`` array of ``(row, column)`` rows, or
        None when made with ``solve=False``."""
        data = self._native.solution_bytes()
        if data is None:
            return None
        return np.frombuffer(data, dtype=_mazegen.CELL_DTYPE).reshape(-1, 2)

    @property
    def tiles(self) -> np.ndarray:
        """The tile view, ``uint8`` (1 wall, 0 passage), rows by columns: the ``npy``
        layout. Rectangles and masks only (other shapes have no tiles)."""
        if self._tiles is None:
            self._tiles = self._array("tiles", np.uint8)
        return self._tiles

    @property
    def connections(self) -> np.ndarray:
        """maze-dataset's connection list, ``bool``, shape ``(2, rows, columns)``: ``[0]``
        the passage down from a cell, ``[1]`` the passage right. Rectangles and masks
        only."""
        if self._connections is None:
            self._connections = self._array("connections", np.bool_)
        return self._connections

    def _array(self, what: str, dtype: Any) -> np.ndarray:
        raw = self._native.array(what)
        if raw is None:
            raise ValueError(
                f"a {self._native.description} maze has no {what}: only rectangles and masks do"
            )
        data, shape = raw
        array = np.frombuffer(data, dtype=dtype).reshape(shape)
        return array

    @property
    def stats(self) -> dict:
        """The figures ``mazegen stats --format json`` gives."""
        return json.loads(self._native.stats_json())

    def shortest_paths(self, cap: int = 10) -> ShortestPaths:
        """Every shortest path from start to goal: whether the goal is reachable, the length in
        steps, the exact number of shortest paths (a Python ``int`` of any size), and the first
        ``cap`` of them, as ``mazegen stats --all-shortest --cap N`` lists them."""
        cap = _whole("cap", cap, 0, 1_000_000, optional=False)
        found = json.loads(self._native.shortest_paths_json(cap))
        paths = [
            path if isinstance(path, str) else [(cell["y"], cell["x"]) for cell in path]
            for path in found["paths"]
        ]
        return ShortestPaths(found["reachable"], found["length"], int(found["count"]), paths)

    def tokens(self, tokenizer: Any = None) -> str:
        """The maze as one line of maze-dataset's tokens, by ``tokenizer``: a maze-dataset
        ``MazeTokenizerModular`` or its ``name``. By default maze-dataset's default (AOTP,
        unique coordinate tokens: ``TokenizationMode.AOTP_UT_uniform``): the passages in a
        seeded order, origin, target and path; ``SolvedMaze.from_tokens(line.split(), mode)``
        reads it back. Random orders come from the maze's seed: the same maze gives the same
        line, with the same tokens as ``tokenizer.to_tokens(maze.to_maze_dataset())`` (in
        order for a tokenizer without random orders). A maze of one cell or with no passage
        has no tokens (``ValueError``)."""
        return self._native.tokens(_tokenizer_name(tokenizer))

    def to_json(self, stats: bool = False) -> str:
        """The ``mazegen.maze/v1`` document of a rectangle or a mask, as ``--format json``
        writes it; the ``mazegen.graph/v1`` document of hex, triangle and polar mazes, as
        ``--format graph`` does."""
        return self._native.to_json(stats)

    def graph_json(self, stats: bool = False) -> str:
        """The ``mazegen.graph/v1`` document: cells and passages, any shape."""
        return self._native.graph_json(stats)

    def text(self) -> str:
        """The maze as ``--format text`` draws it."""
        return self._native.text()

    def svg(self, scale: Optional[int] = None, lines: Optional[bool] = None) -> str:
        """An SVG picture, ``scale`` pixels a unit (1 to 64, as ``--scale``); ``lines`` draws
        a rectangle or a mask in lines, not tiles."""
        return self._native.svg(_whole("scale", scale, 1, _MAX_SCALE), lines)

    def png(self, scale: Optional[int] = None, lines: Optional[bool] = None) -> bytes:
        """A PNG picture, as bytes (``scale`` and ``lines`` as for ``svg``)."""
        return self._native.png(_whole("scale", scale, 1, _MAX_SCALE), lines)

    def graph(self) -> Any:
        """The maze as a networkx graph: a node per cell, named ``(row, column)`` as ``start``
        and ``goal`` are, with its ``id`` in graph documents and its drawing position
        ``pos``; an edge per passage. Needs networkx."""
        try:
            import networkx as nx  # type: ignore[import-untyped, unused-ignore]
        except ImportError as error:
            raise ImportError("Maze.graph() needs networkx: pip install networkx") from error
        document = json.loads(self._native.graph_json(False))
        graph = nx.Graph()
        names = {}
        for cell in document["cells"]:
            column, row = cell["at"]
            names[cell["id"]] = (row, column)
            graph.add_node((row, column), id=cell["id"], pos=(cell["x"], cell["y"]))
        for passage in document["passages"]:
            graph.add_edge(names[passage["a"]], names[passage["b"]])
        return graph

    def to_maze_dataset(self) -> Any:
        """The maze as a maze-dataset ``SolvedMaze`` (rectangles only). Needs maze-dataset."""
        connections = self.connections  # refuses the shapes drawn in lines, naming them
        solution = self.solution
        if solution is None:
            raise ValueError("a SolvedMaze needs a solution: make the maze with solve=True")
        SolvedMaze = _maze_dataset().SolvedMaze
        return SolvedMaze(connection_list=connections, solution=solution)

    def _repr_svg_(self) -> str:
        return self.svg()

    @staticmethod
    def from_json(document: Union[str, bytes]) -> "Maze":
        """The maze a ``mazegen.maze/v1`` or ``mazegen.graph/v1`` document describes (what
        ``to_json``, ``graph_json`` and the command line write), checked as ``mazegen solve``
        reads it; ValueError says what is wrong and where."""
        if isinstance(document, str):
            document = document.encode()
        if not isinstance(document, (bytes, bytearray)):
            raise TypeError(f"document must be str or bytes, not {type(document).__name__}")
        return Maze(_mazegen.Maze.from_document(bytes(document)))

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        # Pickled as its graph document, which holds everything the maze is, in any shape.
        return (_maze_from_json, (self.graph_json(),))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return self.graph_json() == other.graph_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<mazegen.Maze {self.algorithm} {self.shape}, {self.cell_count} cells, seed {self.seed}>"

    def __str__(self) -> str:
        return self.text()


def _tokenizer_name(tokenizer: Any) -> Optional[str]:
    """The name of a maze-dataset tokenizer given as itself or its name."""
    if tokenizer is None or isinstance(tokenizer, str):
        return tokenizer
    name = getattr(tokenizer, "name", None)
    if not isinstance(name, str):
        raise TypeError(
            f"tokenizer must be a maze-dataset MazeTokenizerModular or its name, "
            f"not {type(tokenizer).__name__}"
        )
    return name


def _maze_dataset() -> Any:
    try:
        import maze_dataset
    except ImportError as error:
        raise ImportError(
            f"to_maze_dataset() needs maze-dataset (pip install maze-dataset 'muutils<0.9'), "
            f"which does not import here: {error}"
        ) from error
    return maze_dataset


def maze(
    algorithm: str = "backtrack",
    width: Optional[int] = None,
    height: Optional[int] = None,
    seed: Optional[int] = None,
    *,
    shape: str = "rect",
    rings: Optional[int] = None,
    mask: Any = None,
    braid: Optional[float] = None,
    start: Optional[Tuple[int, int]] = None,
    goal: Optional[Tuple[int, int]] = None,
    endpoints: Optional[str] = None,
    openings: bool = False,
    solve: bool = True,
    wrap: Optional[str] = None,
    weave: Union[bool, float, None] = None,
    min_distance: Optional[int] = None,
    **options: Any,
) -> Maze:
    """Makes one maze.

    ``width`` and ``height`` count cells (10 each by default), for rectangles, ``hex`` and
    ``triangle`` shapes; ``polar`` mazes take ``rings``; a ``mask`` (a 2-D boolean array,
    True for a cell, or the text or PNG bytes ``--mask`` reads) gives its own size.
    ``braid`` is the probability a dead end is opened (loops); ``start`` and ``goal`` move
    the endpoints (``(row, column)``), ``endpoints="farthest"`` puts them at the two ends of
    a longest path, ``endpoints="random"`` draws them from the seed, at least
    ``min_distance`` steps apart (1 by default), ``openings`` opens the outer wall beside
    them. ``wrap`` joins opposite
    edges of a ``rect`` or ``hex`` maze: ``"x"`` left to right (a cylinder), ``"y"`` top to
    bottom, ``"xy"`` both (a torus); such a maze has a graph, not tiles. ``weave`` lets
    passages cross under cells of a ``rect`` (``True``, or the probability each cell may be
    crossed), carved by backtrack, hunt-and-kill, growing-tree, kruskal and aldous-broder; a
    weave has a graph, not tiles. The algorithm's options:
    ``bias`` (binary-tree), ``walkers`` and ``do_forks`` (backtrack), ``pick``
    (growing-tree), ``simplified`` (prim), ``p`` and ``dfs`` (percolation), ``walls`` (the
    share of cells that are walls, Searchformer's 30 to 50% draw by default) and ``attempts``
    (random-walls, whose start and goal are drawn with its walls), and
    ``start_coord``, ``accessible_cells``, ``max_tree_depth`` (backtrack, percolation with
    ``dfs``) as maze-dataset's ``gen_dfs`` takes them. maze-dataset's generator names
    (``gen_dfs``, ``gen_percolation``, ...: ``MAZE_DATASET_GENERATORS``) name algorithms too.
    Without ``seed`` a random one is drawn; ``Maze.seed`` tells which.

    Bad arguments raise ValueError with the reason.
    """
    spec = _spec(
        algorithm, width, height, shape, rings, mask, braid, start, goal, endpoints,
        openings, solve, options, wrap, weave, min_distance,
    )
    seed = _whole("seed", seed, 0, _U64)
    return Maze(spec.make(_random_seed() if seed is None else seed))


def window(
    algorithm: str = "binary-tree",
    maze_width: int = _MAX_SIDE,
    maze_height: int = _MAX_SIDE,
    origin: Tuple[int, int] = (0, 0),
    width: int = 10,
    height: int = 10,
    seed: Optional[int] = None,
    *,
    chunk: Optional[int] = None,
    start: Optional[Tuple[int, int]] = None,
    goal: Optional[Tuple[int, int]] = None,
    solve: bool = False,
    jobs: Optional[int] = None,
    **options: Any,
) -> Maze:
    """Cuts a ``width x height``-cell window from cell ``origin`` (``(row, column)``) of a
    giant maze ``maze_width x maze_height`` cells (up to 2^63 - 1 each), made without the rest
    of it, as ``mazegen ALGORITHM --window`` cuts it: the same window every time.

    ``binary-tree`` cuts its own mazes; any other algorithm needs ``chunk``, the side of the
    chunks the maze is made of (each carved from its own seed and joined to the next east or
    south); the chunks a window touches are carved on ``jobs`` threads (all cores by default,
    no more than the chunks), without the GIL, the same window for any ``jobs``. The window's
    cells count from its top-left corner; ``Maze.window`` says where it lies and
    ``Maze.exits`` which passages leave it. ``solve`` finds the path from ``start`` to
    ``goal`` within the window, and raises ValueError when the window does not join them.
    """
    spec = _spec(
        algorithm, width, height, "rect", None, None, None, start, goal, None, False, solve,
        options,
    )
    if not isinstance(origin, (tuple, list, np.ndarray)) or len(origin) != 2:
        raise ValueError(f"origin {origin!r}: expected a (row, column) pair")
    row = _whole("origin row", origin[0], 0, _MAX_SIDE, optional=False)
    column = _whole("origin column", origin[1], 0, _MAX_SIDE, optional=False)
    maze_width = _whole("maze_width", maze_width, 1, _MAX_SIDE, optional=False)
    maze_height = _whole("maze_height", maze_height, 1, _MAX_SIDE, optional=False)
    chunk = _whole("chunk", chunk, 1, _U32)
    seed = _whole("seed", seed, 0, _U64)
    seed = _random_seed() if seed is None else seed
    jobs = _whole("jobs", jobs, 1, _MAX_JOBS)
    if jobs is None:
        jobs = max(1, min(os.cpu_count() or 1, _MAX_JOBS))
    return Maze(spec.window(seed, maze_width, maze_height, column, row, chunk=chunk, jobs=jobs))


DATASET_FORMAT = "mazegen.dataset/v1"
"""The ``format`` recorded in a saved dataset's settings (``Dataset.save``)."""

_FIGURE_KINDS = {"solution": np.int64, "decisions": np.int64, "branch_depth": np.int64}


class IncompleteDataset(ValueError):
    """A bounded (or ``unique``, or ``exclude``) run that could not make every maze: its
    message says why, ``dataset`` holds the mazes made before the one it could not make, in
    order, and ``index`` is that maze's index."""

    def __init__(self, message: str, dataset: "Dataset", index: int) -> None:
        super().__init__(message)
        self.dataset = dataset
        self.index = index


class Dataset:
    """Many mazes as arrays, maze ``i`` in row ``i`` of each.

    ``tiles`` (``uint8``, N x tile rows x tile columns) and ``connections`` (``bool``, N x 2
    x rows x columns) exist for rectangles and masks; ``seeds`` (``uint64``, N), ``starts``
    and ``goals`` (``int32``, N x 2, ``(row, column)``) for every shape; the solutions are one
    array of ``(row, column)`` rows, ``solutions``, maze ``i``'s being
    ``solutions[offsets[i]:offsets[i + 1]]`` (``solution(i)``; empty with ``solve=False``).
    With ``figures=True``, ``figures`` maps each of ``FIGURES`` to an array (a maze a row) in
    the units its bounds take (``solution`` in steps, one less than the cells of
    ``solution(i)``; ``decisions`` the decision points), and ``tries`` counts the candidates
    each maze took (with bounds, ``unique``, ``tokens``, ``hashes`` or ``exclude`` too); with ``hashes=True``, ``hashes`` holds each maze's passages' hash
    (``uint64``, N x 2, high then low half of ``Maze.hash``).

    ``d[i]`` is maze ``i`` as a ``Maze`` (made again from its seed and the settings);
    ``d[a:b:k]``, a list of indices or a boolean mask give a ``Dataset`` of those mazes.
    ``save(path)`` writes an ``npz`` archive (the layout ``--format npz`` writes, with the
    settings), ``mazegen.load(path)`` reads one back.
    """

    def __init__(
        self, raw: dict, seed: Optional[int], solved: bool = True,
        settings: Optional[dict] = None,
    ) -> None:
        self.solved = solved
        """Whether the mazes were solved (``solve=True``): else every solution is empty."""
        self.seed: Optional[int] = seed
        """The run's seed: ``mazegen <algorithm> --count N --seed SEED`` makes the same (None
        for an archive of the command line, which does not record it)."""
        self.settings: Optional[dict] = settings
        """How the dataset was made: ``dataset``'s arguments, the package's ``version`` and
        the ``format``; None for an archive the command line wrote."""

        def array(name: str) -> Optional[np.ndarray]:
            if name not in raw:
                return None
            return every(name)

        def every(name: str, source: Optional[dict] = None) -> np.ndarray:
            data, dtype, shape = (raw if source is None else source)[name]
            return np.frombuffer(data, dtype=dtype).reshape(shape)

        self.tiles = array("tiles")
        self.connections = array("connections")
        self.seeds = every("seeds")
        self.starts = every("starts")
        self.goals = every("goals")
        self.solutions = every("solutions")
        self.offsets = every("offsets")
        self.tokens: Optional[List[str]] = raw.get("tokens")
        """With ``tokens=True``, each maze as a line of maze-dataset's tokens."""
        self.tries: Optional[np.ndarray] = array("tries")
        """The candidates each maze took (1 unless bounds, ``unique`` or ``exclude`` turned
        some away), on a dataset gathered maze by maze: with bounds, ``unique``, ``tokens``,
        ``figures``, ``hashes`` or ``exclude`` (None otherwise)."""
        self.hashes: Optional[np.ndarray] = array("hashes")
        """With ``hashes=True``, each maze's passages' hash: ``uint64``, N x 2."""
        self.figures: Optional[Dict[str, np.ndarray]] = None
        """With ``figures=True``, each figure of ``FIGURES`` a maze, in its bounds' units."""
        if "figures" in raw:
            self.figures = {
                name: every(name, raw["figures"]).astype(_FIGURE_KINDS.get(name, np.float64))
                for name in FIGURES
            }

    @classmethod
    def _of(
        cls, arrays: Dict[str, Any], seed: Optional[int], solved: bool, settings: Optional[dict],
    ) -> "Dataset":
        """A dataset of arrays already made (numpy arrays, a list of tokens)."""
        raw: Dict[str, Any] = {}
        for name, value in arrays.items():
            if name == "tokens" or value is None:
                continue
            if name == "figures":
                raw["figures"] = {
                    key: (np.ascontiguousarray(v, np.float64).tobytes(), "<f8", v.shape)
                    for key, v in value.items()
                }
                continue
            value = np.ascontiguousarray(value)
            raw[name] = (value.tobytes(), value.dtype.str, value.shape)
        if arrays.get("tokens") is not None:
            raw["tokens"] = list(arrays["tokens"])
        return cls(raw, seed, solved=solved, settings=settings)

    def _arrays(self) -> Dict[str, Any]:
        return {
            "tiles": self.tiles, "connections": self.connections, "seeds": self.seeds,
            "starts": self.starts, "goals": self.goals, "solutions": self.solutions,
            "offsets": self.offsets, "tries": self.tries, "hashes": self.hashes,
            "figures": self.figures, "tokens": self.tokens,
        }

    def __len__(self) -> int:
        return len(self.seeds)

    def _index(self, i: Any) -> int:
        if isinstance(i, bool) or not isinstance(i, numbers.Integral):
            raise TypeError(f"maze index must be a whole number, not {type(i).__name__}")
        count = len(self)
        index = int(i) + count if i < 0 else int(i)
        if not 0 <= index < count:
            raise IndexError(f"maze {i}: the dataset has {count} mazes")
        return index

    def solution(self, i: int) -> np.ndarray:
        """Maze ``i``'s cells from start to goal, ``(row, column)`` rows (``i`` from the end
        when negative)."""
        index = self._index(i)
        return self.solutions[self.offsets[index] : self.offsets[index + 1]]

    def __getitem__(self, key: Any) -> Any:
        """``d[i]``: maze ``i`` (from the end when negative) as a ``Maze``, made again from
        its seed by the settings; ``d[a:b:k]``, a sequence of indices or a boolean mask: a
        ``Dataset`` of those mazes, in that order, its arrays copied."""
        if isinstance(key, numbers.Integral) and not isinstance(key, bool):
            return self._maze(self._index(key))
        if isinstance(key, slice):
            rows = np.arange(len(self))[key]
        else:
            picked = np.asarray(key)
            if picked.dtype == np.bool_:
                if picked.shape != (len(self),):
                    raise IndexError(
                        f"a mask of shape {picked.shape} for {len(self)} mazes: expected one "
                        "boolean a maze"
                    )
                rows = np.flatnonzero(picked)
            elif picked.ndim == 1 and (picked.size == 0 or picked.dtype.kind in "iu"):
                rows = np.array([self._index(i) for i in picked.tolist()], dtype=np.int64)
            else:
                raise TypeError(
                    f"a dataset is indexed by a whole number, a slice, indices or a boolean "
                    f"mask, not {key!r}"
                )
        return self._take(rows)

    def _take(self, rows: np.ndarray) -> "Dataset":
        starts, ends = self.offsets[:-1][rows], self.offsets[1:][rows]
        lengths = ends - starts
        offsets = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        # Row k of the new solutions is row k - offsets[i] + starts[i] of the old, for the
        # maze i it belongs to.
        cells = np.arange(offsets[-1], dtype=np.int64) + np.repeat(starts - offsets[:-1], lengths)
        arrays = self._arrays()
        picked: Dict[str, Any] = {}
        for name, value in arrays.items():
            if value is None or name in ("solutions", "offsets"):
                continue
            if name == "tokens":
                picked[name] = [value[i] for i in rows]
            elif name == "figures":
                picked[name] = {key: v[rows] for key, v in value.items()}
            else:
                picked[name] = value[rows]
        picked["solutions"] = self.solutions[cells].reshape(-1, 2)
        picked["offsets"] = offsets
        return Dataset._of(picked, self.seed, self.solved, self.settings)

    def _maze(self, index: int) -> "Maze":
        settings = self.settings
        if settings is None or "spec" not in settings:
            raise ValueError(
                "this dataset does not record how it was made (an archive of the command "
                "line): its arrays hold the mazes, d.solution(i) a maze's solution"
            )
        spec = _spec(**_spec_arguments(settings["spec"]))
        return Maze(spec.make(int(self.seeds[index])))

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the dataset as an ``npz`` archive at ``path``: the arrays the command line's
        ``--format npz`` writes (``tiles``, ``connections``, ``seeds``, ``starts``, ``goals``,
        ``solutions``, ``offsets``), then those it has of ``tries``, ``hashes``,
        ``figures.<figure>`` and ``tokens``, and ``settings`` (JSON text: how it was made, the
        version). ``mazegen.load`` reads it back, and ``numpy.load`` reads it without
        pickles."""
        arrays: Dict[str, Any] = {}
        for name, value in self._arrays().items():
            if value is None:
                continue
            if name == "figures":
                for key, v in value.items():
                    arrays[f"figures.{key}"] = v
            elif name == "tokens":
                arrays["tokens"] = np.array(value, dtype=str)
            else:
                arrays[name] = value
        settings = dict(self.settings or {})
        settings.setdefault("format", DATASET_FORMAT)
        settings.setdefault("version", __version__)
        settings["seed"] = self.seed
        settings["solved"] = self.solved
        arrays["settings"] = np.array(json.dumps(settings, sort_keys=True))
        # Stored as numpy.savez stores them, stamped 1980-01-01 as the command line's archives
        # are, so that the same dataset is the same bytes whenever and wherever it is saved.
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
            for name, value in arrays.items():
                value = np.asanyarray(value)
                info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
                info.create_system = 3
                info.external_attr = 0o644 << 16
                large = value.nbytes >= 2**31
                with archive.open(info, "w", force_zip64=large) as file:
                    np.lib.format.write_array(file, value, allow_pickle=False)

    def to_maze_dataset(self, name: str = "mazegen") -> Any:
        """The mazes as a maze-dataset ``MazeDataset`` of ``SolvedMaze`` objects (rectangles
        only; needs maze-dataset and the connections), each with the ``generation_meta``
        maze-dataset records (``func_name``, ``grid_shape``, ...), so that its ``save`` and
        ``MazeDataset.read`` take it; its config is named ``name``. A ``MazeDataset`` is a
        sequence of its ``SolvedMaze`` objects, as the list this gave before was."""
        md = _maze_dataset()
        if not self.solved:
            raise ValueError("SolvedMaze objects need solutions: make the dataset with solve=True")
        if self.connections is None:
            raise ValueError("SolvedMaze objects need the connections: rectangles, connections=True")
        spec = (self.settings or {}).get("spec", {})
        rows, columns = self.connections.shape[2:]
        algorithm = spec.get("algorithm", "mazegen")
        func_name = next(
            (ours for ours, (theirs, options) in MAZE_DATASET_GENERATORS.items()
             if theirs == algorithm and options == {k: v for k, v in spec.get("options", {}).items() if k in options}),
            algorithm,
        )
        mazes = []
        for i in range(len(self)):
            meta = {
                "func_name": func_name,
                "grid_shape": np.array([rows, columns]),
                "n_accessible_cells": int(rows * columns),
                "fully_connected": True,
            }
            mazes.append(md.SolvedMaze(
                connection_list=self.connections[i], solution=self.solution(i),
                generation_meta=meta,
            ))
        # maze-dataset's own seed is left at its default: it warns of any other.
        config = md.MazeDatasetConfig(name=name, grid_n=int(max(rows, columns)), n_mazes=len(self))
        return md.MazeDataset(config, mazes)

    def token_ids(self) -> Tuple[np.ndarray, np.ndarray]:
        """The mazes' tokens (``tokens=True``) as ids in maze-dataset's vocabulary (its
        ``VOCAB_LIST``, which every ``MazeTokenizerModular`` encodes by): an ``int32`` array
        N x the longest line, each line padded on the right with the id of ``<PADDING>``, and
        each line's length, so that ``tokenizer.decode(ids[i, :lengths[i]])`` gives line
        ``i``'s tokens. Needs maze-dataset."""
        if self.tokens is None:
            raise ValueError("token ids need the tokens: make the dataset with tokens=True")
        _maze_dataset()
        from maze_dataset.constants import VOCAB_LIST  # type: ignore[import-untyped, unused-ignore]

        vocabulary = {token: i for i, token in enumerate(VOCAB_LIST)}
        lines = [line.split() for line in self.tokens]
        lengths = np.array([len(line) for line in lines], dtype=np.int64)
        longest = int(lengths.max()) if len(lines) else 0
        ids = np.full((len(lines), longest), vocabulary["<PADDING>"], dtype=np.int32)
        words = [token for line in lines for token in line]
        if not words:
            return ids, lengths
        known, inverse = np.unique(np.array(words, dtype=str), return_inverse=True)
        missing = [token for token in known.tolist() if token not in vocabulary]
        if missing:
            raise ValueError(
                f"token {missing[0]!r} is not in maze-dataset's vocabulary ({len(VOCAB_LIST)} "
                "tokens): a maze too large for it"
            )
        table = np.array([vocabulary[token] for token in known.tolist()], dtype=np.int32)
        ids[np.arange(longest) < lengths[:, None]] = table[inverse.reshape(-1)]
        return ids, lengths

    def __repr__(self) -> str:
        return f"<mazegen.Dataset of {len(self)} mazes, seed {self.seed}>"


def _spec_arguments(spec: Dict[str, Any]) -> Dict[str, Any]:
    """``_spec``'s arguments from the ``spec`` of recorded settings."""
    arguments = dict(spec)
    for name in ("start", "goal"):
        if arguments.get(name) is not None:
            arguments[name] = tuple(arguments[name])
    mask = arguments.get("mask")
    if isinstance(mask, dict):
        arguments["mask"] = bytes.fromhex(mask["bytes"])
    elif isinstance(mask, list):
        arguments["mask"] = np.array(mask, dtype=bool)
    elif isinstance(mask, str) and "\n" not in mask:
        import pathlib

        arguments["mask"] = pathlib.Path(mask)
    arguments["options"] = {
        key: tuple(value) if key == "start_coord" and value is not None else value
        for key, value in arguments.get("options", {}).items()
    }
    return arguments


def _jsonable(value: Any) -> Any:
    """``value`` as settings record it: arrays and tuples as lists, numpy numbers as Python's,
    paths as text, bytes (a PNG mask) as hexadecimal digits."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, (bytes, bytearray)):
        return {"bytes": bytes(value).hex()}
    if isinstance(value, (tuple, list)):
        return [_jsonable(item) for item in value]
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    return value


def load(path: Union[str, "os.PathLike[str]"]) -> Dataset:
    """The dataset in the ``npz`` archive at ``path``: one ``Dataset.save`` wrote (with its
    settings, ``tries``, ``hashes``, figures and tokens), or the command line's ``--format
    npz`` (whose ``settings`` is None)."""
    with open(path, "rb") as file:
        head = file.read(4)
    if head != b"PK\x03\x04":
        # numpy would take any other bytes for a pickle or a lone array, and say so.
        raise ValueError(
            f"{os.fspath(path)}: not an npz archive: expected a dataset's (Dataset.save, or "
            "mazegen --format npz)"
        )
    with np.load(path, allow_pickle=False) as archive:
        names = set(archive.files)
        missing = [n for n in ("seeds", "starts", "goals", "solutions", "offsets") if n not in names]
        if missing:
            raise ValueError(
                f"{os.fspath(path)}: no array {missing[0]!r}: expected an npz archive of a "
                "dataset (Dataset.save, or mazegen --format npz)"
            )
        arrays: Dict[str, Any] = {name: archive[name] for name in names if "." not in name and name != "settings"}
        figures = {name[len("figures."):]: archive[name] for name in names if name.startswith("figures.")}
        settings = json.loads(str(archive["settings"])) if "settings" in names else None
    if figures:
        arrays["figures"] = figures
    if "tokens" in arrays:
        arrays["tokens"] = arrays["tokens"].tolist()
    seed = int(settings["seed"]) if settings else None
    solved = bool(settings["solved"]) if settings else True
    return Dataset._of(arrays, seed, solved, settings)


def dataset(
    count: int,
    algorithm: str = "backtrack",
    width: Optional[int] = None,
    height: Optional[int] = None,
    seed: Optional[int] = None,
    *,
    jobs: Optional[int] = None,
    shard: Optional[Tuple[int, int]] = None,
    unique: bool = False,
    tiles: bool = True,
    connections: bool = True,
    tokens: bool = False,
    tokenizer: Any = None,
    shape: str = "rect",
    rings: Optional[int] = None,
    mask: Any = None,
    braid: Optional[float] = None,
    start: Optional[Tuple[int, int]] = None,
    goal: Optional[Tuple[int, int]] = None,
    endpoints: Optional[str] = None,
    openings: bool = False,
    solve: bool = True,
    min_solution: Optional[float] = None,
    max_solution: Optional[float] = None,
    min_decisions: Optional[float] = None,
    max_decisions: Optional[float] = None,
    min_branch_depth: Optional[float] = None,
    max_branch_depth: Optional[float] = None,
    min_tortuosity: Optional[float] = None,
    max_tortuosity: Optional[float] = None,
    min_solution_share: Optional[float] = None,
    max_solution_share: Optional[float] = None,
    wrap: Optional[str] = None,
    weave: Union[bool, float, None] = None,
    min_distance: Optional[int] = None,
    figures: bool = False,
    hashes: bool = False,
    exclude: Any = None,
    **options: Any,
) -> Dataset:
    """Makes ``count`` mazes on ``jobs`` threads (all cores by default), the same mazes for
    any number of jobs: maze ``i`` of run ``seed`` is the one
    ``mazegen <algorithm> --count N --seed SEED`` writes ``i``-th.

    ``shard=(k, n)`` makes only the k-th (from 1) of n equal slices; ``unique`` refuses
    repeats; ``min_<figure>`` and ``max_<figure>`` keep only mazes within bounds (see
    ``FIGURES``), drawing the next candidate seed otherwise; ``tiles`` and ``connections``
    say which arrays to fill, ``tokens`` whether to give each maze as a line of
    maze-dataset's tokens (``Dataset.tokens``, as ``--format tokens`` writes them), by
    ``tokenizer`` (a maze-dataset ``MazeTokenizerModular`` or its ``name``, which implies
    ``tokens``; maze-dataset's default otherwise). The other arguments are ``maze``'s.

    ``endpoints="random"`` draws each maze's start and goal from its own seed, at least
    ``min_distance`` steps apart along the passages (1 by default), as maze-dataset places
    them; without it every maze runs between the shape's corners. ``figures=True`` measures
    each maze (``Dataset.figures``, in the units of the bounds, and ``Dataset.tries``);
    ``hashes=True`` gives each maze's passages' hash (``Dataset.hashes``); ``exclude`` (a
    ``Dataset`` made with ``hashes=True``, or its ``hashes``) turns away every candidate with
    the passages of one of its mazes, so that a test split shares no maze with its training
    split. A run whose bounds (or ``unique``, or ``exclude``) no candidate of a maze meets in
    a long run raises ``IncompleteDataset``, which holds the mazes made before it.
    """
    spec = _spec(
        algorithm, width, height, shape, rings, mask, braid, start, goal, endpoints,
        openings, solve, options, wrap, weave, min_distance,
    )
    given = dict(locals())
    recorded = _jsonable({
        "algorithm": algorithm, "width": width, "height": height, "shape": shape,
        "rings": rings, "mask": mask, "braid": braid, "start": start, "goal": goal,
        "endpoints": endpoints, "openings": openings, "solve": solve, "options": options,
        "wrap": wrap, "weave": weave, "min_distance": min_distance,
    })
    bounds = [
        (figure, _number(f"min_{figure}", given[f"min_{figure}"]),
         _number(f"max_{figure}", given[f"max_{figure}"]))
        for figure in FIGURES
        if given[f"min_{figure}"] is not None or given[f"max_{figure}"] is not None
    ]
    count = _whole("count", count, 0, _U64, optional=False)
    jobs = _whole("jobs", jobs, 1, _MAX_JOBS)
    unique, tiles, connections, tokens = (
        _flag("unique", unique), _flag("tiles", tiles), _flag("connections", connections),
        _flag("tokens", tokens),
    )
    tokenizer = _tokenizer_name(tokenizer)
    tokens = tokens or tokenizer is not None
    if shard is not None:
        try:
            k, n = shard
        except (TypeError, ValueError):
            raise ValueError(f"shard {shard!r}: expected (k, n) with 1 <= k <= n") from None
        shard = (_whole("shard k", k, 1, _U64), _whole("shard n", n, 1, _U64))
    seed = _whole("seed", seed, 0, _U64)
    seed = _random_seed() if seed is None else seed
    figures, hashes = _flag("figures", figures), _flag("hashes", hashes)
    excluded = None
    if exclude is not None:
        hashed = exclude.hashes if isinstance(exclude, Dataset) else np.asarray(exclude)
        if hashed is None or hashed.ndim != 2 or hashed.shape[1:] != (2,) or hashed.dtype.kind not in "iu":
            raise ValueError(
                "exclude: expected a Dataset made with hashes=True, or its hashes (N x 2 "
                "unsigned integers)"
            )
        hashed = hashed.astype(np.uint64)
        # Each hash as the library reads it: its low half, then its high half, little-endian.
        excluded = np.ascontiguousarray(hashed[:, ::-1], dtype="<u8").tobytes()
    raw = spec.dataset(
        count, seed, jobs=jobs, shard=shard, unique=unique, bounds=bounds,
        tiles=tiles, connections=connections, tokens=tokens, tokenizer=tokenizer,
        figures=figures, hashes=hashes, exclude=excluded,
    )
    settings = _jsonable({
        "format": DATASET_FORMAT, "version": __version__, "count": count, "seed": seed,
        "shard": _jsonable(shard), "unique": unique,
        "bounds": {f"{end}_{figure}": given[f"{end}_{figure}"] for figure in FIGURES
                   for end in ("min", "max") if given[f"{end}_{figure}"] is not None},
        "tiles": tiles, "connections": connections, "tokens": tokens, "tokenizer": tokenizer,
        "figures": figures, "hashes": hashes,
        "excluded": None if excluded is None else len(excluded) // 16,
        "spec": recorded,
    })
    made = Dataset(raw, seed, solved=solve, settings=settings)
    if "incomplete" in raw:
        raise IncompleteDataset(
            f"{raw['incomplete']} ({len(made)} mazes made before it are kept in the "
            "error's dataset)",
            made, (_shard_start(count, shard) if shard else 0) + len(made),
        )
    return made


def _shard_start(count: int, shard: Tuple[int, int]) -> int:
    """The first index of shard ``(k, n)`` of ``count`` mazes."""
    k, n = shard
    return count * (k - 1) // n


SCORE_MODES = ("strict", "final-cell", "accepted-path", "moves")
"""The rules ``score`` judges by: ``strict`` (``moves`` names it too), AlphaMaze's
``final-cell``, MazeBench's ``accepted-path`` (the same scores as ``strict``: see the
research guide)."""


def _answer_text(i: int, answer: Any) -> str:
    if isinstance(answer, str):
        return answer
    try:
        return " ".join(f"({int(row)},{int(column)})" for row, column in answer)
    except (TypeError, ValueError):
        raise ValueError(
            f"answer {i}: {answer!r}: expected a string (moves or coordinates) or a list of "
            "(row, column) pairs"
        ) from None


def score(
    mazes: Any, answers: Sequence[Any], mode: str = "strict", jobs: Optional[int] = None
) -> Dict[str, np.ndarray]:
    """Scores ``answers[i]`` against maze ``i`` of ``mazes`` (a ``Dataset`` made with
    ``connections=True``, or a list of rectangular or mask ``Maze`` objects of one size).

    An answer is a string (moves ``UDLR`` or ``NSEW``, AlphaMaze's ``<|up|>...``,
    coordinates ``(r,c) (r,c)`` or ``[[r,c],...]``) or a list of ``(row, column)`` pairs.
    Returns numpy arrays: ``valid``, ``reached``, ``optimal`` (``bool``), ``progress``
    (``float64``) and ``first_illegal`` (``int64``, -1 where every step is legal); ``mode`` is
    one of ``SCORE_MODES``. The work is one native call without the GIL, on ``jobs`` threads
    (all cores by default), the same scores for any ``jobs``; the arrays are read in place.
    """
    if mode not in SCORE_MODES:
        raise ValueError(f"mode {mode!r}: expected one of {', '.join(SCORE_MODES)}")
    jobs = _whole("jobs", jobs, 1, _MAX_JOBS)
    if jobs is None:
        jobs = max(1, min(os.cpu_count() or 1, _MAX_JOBS))
    rule = "strict" if mode == "moves" else mode
    if isinstance(mazes, Dataset):
        if mazes.connections is None:
            raise ValueError(
                "score needs the dataset's connections: make it with connections=True "
                "(rectangles and masks only)"
            )
        connections, starts, goals = mazes.connections, mazes.starts, mazes.goals
    else:
        mazes = list(mazes)
        if not all(isinstance(m, Maze) for m in mazes):
            raise ValueError("mazes: expected a Dataset or a list of Maze objects")
        arrays = [m.connections for m in mazes]
        if len({a.shape for a in arrays}) > 1:
            raise ValueError("mazes: expected mazes of one size")
        connections = np.stack(arrays) if arrays else np.zeros((0, 2, 1, 1), np.bool_)
        starts = np.array([m.start for m in mazes], dtype=np.int32).reshape(-1, 2)
        goals = np.array([m.goal for m in mazes], dtype=np.int32).reshape(-1, 2)
    count = len(connections)
    answers = list(answers)
    if len(answers) != count:
        raise ValueError(f"answers: {len(answers)} answers for {count} mazes, expected one a maze")
    try:
        text = "\n".join(answers)
    except TypeError:
        text = "\n".join(_answer_text(i, a) for i, a in enumerate(answers))
    if text.count("\n") != max(count - 1, 0):
        i = next(i for i, a in enumerate(answers) if "\n" in _answer_text(i, a))
        raise ValueError(f"answer {i}: a line break inside, expected one line")
    _, _, rows, columns = connections.shape
    # Read in place by the native half: no copy unless of another type or order.
    connections = np.ascontiguousarray(connections)
    if connections.dtype not in (np.bool_, np.uint8):
        connections = np.ascontiguousarray(connections != 0)
    valid, reached, optimal, progress, first_illegal = _mazegen.score(
        count, rows, columns, connections,
        np.ascontiguousarray(starts, dtype="<i4"),
        np.ascontiguousarray(goals, dtype="<i4"),
        text.encode(), rule, jobs,
    )
    return {
        "valid": np.frombuffer(valid, dtype=np.bool_),
        "reached": np.frombuffer(reached, dtype=np.bool_),
        "optimal": np.frombuffer(optimal, dtype=np.bool_),
        "progress": np.frombuffer(progress, dtype="<f8"),
        "first_illegal": np.frombuffer(first_illegal, dtype="<i8"),
    }


_SUITE_INTEGERS = ("index", "seed", "width", "height")
_SUITE_FIGURES = (
    "shortest_length", "decision_points", "branches", "branch_depth_mean", "branch_depth_max",
    "tortuosity", "solution_share",
)


def suite(
    spec: Union[Dict[str, Any], str, "os.PathLike[str]"],
    output: Union[str, "os.PathLike[str]", None] = None,
    jobs: Optional[int] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> Any:
    """Makes the suite ``spec`` (a dict as the TOML spec of ``mazegen suite`` reads, or the path
    of such a TOML file): named splits from one seed, the same for any ``jobs`` (all cores by
    default); ``shard=(k, n)`` makes the k-th (from 1) of n slices of every split.

    With ``output``, writes the directory as ``mazegen suite SPEC.toml -o DIR`` does (a Parquet
    file and an SVG picture a split, and ``manifest.json``) and returns the paths written.
    Without, returns a dict of split name to columns: numpy arrays ``index``, ``seed``,
    ``width``, ``height``, ``start`` and ``goal`` (``(row, column)``, shape ``(n, 2)``),
    ``reachable``, and the figures as ``float64`` (``nan`` where the goal cannot be reached:
    ``shortest_length``, ``decision_points``, ``branches``, ``branch_depth_mean``,
    ``branch_depth_max``, ``tortuosity``, ``solution_share``); lists ``tiles`` (rows of ``#``
    and ``.``), ``connections`` (maze-dataset's connection list flattened), ``shortest_count``
    and ``shortest_paths`` (moves), and a list of text for each representation asked for.
    """
    if isinstance(spec, dict):
        text, toml = json.dumps(spec), False
    elif isinstance(spec, (str, os.PathLike)):
        with open(spec, encoding="utf-8") as file:
            text, toml = file.read(), True
    else:
        raise TypeError(f"spec must be a dict or the path of a TOML file, not {type(spec).__name__}")
    jobs = _whole("jobs", jobs, 1, _MAX_JOBS)
    if jobs is None:
        jobs = max(1, min(os.cpu_count() or 1, _MAX_JOBS))
    if shard is not None:
        try:
            k, n = shard
        except (TypeError, ValueError):
            raise ValueError(f"shard {shard!r}: expected (k, n) with 1 <= k <= n") from None
        shard = (_whole("shard k", k, 1, _U64, optional=False), _whole("shard n", n, 1, _U64, optional=False))
        if shard[0] > shard[1]:
            raise ValueError(f"shard {shard!r}: expected (k, n) with 1 <= k <= n")
    target = None if output is None else os.fspath(output)
    made = _mazegen.suite(text, toml, jobs, shard, target)
    if output is not None:
        return made
    splits = {}
    for name, columns in made.items():
        for key in _SUITE_INTEGERS:
            columns[key] = np.array(columns[key], dtype=np.uint64 if key == "seed" else np.int64)
        for key in ("start", "goal"):
            columns[key] = np.array(columns[key], dtype=np.int64).reshape(-1, 2)
        columns["reachable"] = np.array(columns["reachable"], dtype=bool)
        for key in _SUITE_FIGURES:
            columns[key] = np.array(
                [np.nan if value is None else value for value in columns[key]], dtype=np.float64
            )
        splits[name] = columns
    return splits
