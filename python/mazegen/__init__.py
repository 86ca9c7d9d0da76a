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
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _mazegen

__all__ = [
    "Maze", "Dataset", "ShortestPaths", "maze", "dataset", "window", "score", "SCORE_MODES", "suite", "ALGORITHMS", "FIGURES", "MAZE_DATASET_GENERATORS",
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
    **options: Any,
) -> Maze:
    """Makes one maze.

    ``width`` and ``height`` count cells (10 each by default), for rectangles, ``hex`` and
    ``triangle`` shapes; ``polar`` mazes take ``rings``; a ``mask`` (a 2-D boolean array,
    True for a cell, or the text or PNG bytes ``--mask`` reads) gives its own size.
    ``braid`` is the probability a dead end is opened (loops); ``start`` and ``goal`` move
    the endpoints (``(row, column)``), ``endpoints="farthest"`` puts them at the two ends of
    a longest path, ``openings`` opens the outer wall beside them. ``wrap`` joins opposite
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
        openings, solve, options, wrap, weave,
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
    **options: Any,
) -> Maze:
    """Cuts a ``width x height``-cell window from cell ``origin`` (``(row, column)``) of a
    giant maze ``maze_width x maze_height`` cells (up to 2^63 - 1 each), made without the rest
    of it, as ``mazegen ALGORITHM --window`` cuts it: the same window every time.

    ``binary-tree`` cuts its own mazes; any other algorithm needs ``chunk``, the side of the
    chunks the maze is made of (each carved from its own seed and joined to the next east or
    south). The window's cells count from its top-left corner; ``Maze.window`` says where it
    lies and ``Maze.exits`` which passages leave it. ``solve`` finds the path from ``start``
    to ``goal`` within the window, and raises ValueError when the window does not join them.
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
    return Maze(spec.window(seed, maze_width, maze_height, column, row, chunk=chunk))


class Dataset:
    """Many mazes as arrays, maze ``i`` in row ``i`` of each.

    ``tiles`` (``uint8``, N x tile rows x tile columns) and ``connections`` (``bool``, N x 2
    x rows x columns) exist for rectangles and masks; ``seeds`` (``uint64``, N), ``starts``
    and ``goals`` (``int32``, N x 2, ``(row, column)``) for every shape; the solutions are one
    array of ``(row, column)`` rows, ``solutions``, maze ``i``'s being
    ``solutions[offsets[i]:offsets[i + 1]]`` (``solution(i)``; empty with ``solve=False``).
    """

    def __init__(self, raw: dict, seed: int, solved: bool = True) -> None:
        self.solved = solved
        """Whether the mazes were solved (``solve=True``): else every solution is empty."""
        self.seed: int = seed
        """The run's seed: ``mazegen <algorithm> --count N --seed SEED`` makes the same."""

        def array(name: str) -> Optional[np.ndarray]:
            if name not in raw:
                return None
            return every(name)

        def every(name: str) -> np.ndarray:
            data, dtype, shape = raw[name]
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

    def __len__(self) -> int:
        return len(self.seeds)

    def solution(self, i: int) -> np.ndarray:
        """Maze ``i``'s cells from start to goal, ``(row, column)`` rows (``i`` from the end
        when negative)."""
        count = len(self)
        index = i + count if i < 0 else i
        if not 0 <= index < count:
            raise IndexError(f"maze {i}: the dataset has {count} mazes")
        return self.solutions[self.offsets[index] : self.offsets[index + 1]]

    def to_maze_dataset(self) -> list:
        """The mazes as maze-dataset ``SolvedMaze`` objects (rectangles only; needs
        maze-dataset and the connections)."""
        SolvedMaze = _maze_dataset().SolvedMaze
        if not self.solved:
            raise ValueError("SolvedMaze objects need solutions: make the dataset with solve=True")
        if self.connections is None:
            raise ValueError("SolvedMaze objects need the connections: rectangles, connections=True")
        return [
            SolvedMaze(connection_list=self.connections[i], solution=self.solution(i))
            for i in range(len(self))
        ]

    def __repr__(self) -> str:
        return f"<mazegen.Dataset of {len(self)} mazes, seed {self.seed}>"


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
    """
    spec = _spec(
        algorithm, width, height, shape, rings, mask, braid, start, goal, endpoints,
        openings, solve, options, wrap, weave,
    )
    given = dict(locals())
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
    raw = spec.dataset(
        count, seed, jobs=jobs, shard=shard, unique=unique, bounds=bounds,
        tiles=tiles, connections=connections, tokens=tokens, tokenizer=tokenizer,
    )
    return Dataset(raw, seed, solved=solve)


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
