"""mazegen.maze: every algorithm and shape, the arrays, the endpoints and solution, the
documents and pictures, and refusals as Python exceptions."""

import json
import os
import pathlib
import re

import numpy as np
import pytest

import mazegen

SHAPES = [
    dict(shape="rect", width=7, height=5),
    dict(shape="hex", width=5, height=4),
    dict(shape="triangle", width=6, height=4),
    dict(shape="polar", rings=4),
    dict(mask=np.array([[1, 1, 1, 0], [1, 0, 1, 1], [1, 1, 1, 1]], dtype=bool)),
]

# Algorithms that carve any shape (the others carve rectangles only).
GRAPH_ALGORITHMS = [
    "backtrack", "hunt-and-kill", "growing-tree", "aldous-broder", "wilson", "kruskal", "prim",
]


def passages(maze):
    """The passages of a maze as a set of frozensets of two (row, column) cells."""
    graph = json.loads(maze.graph_json())
    at = {cell["id"]: tuple(reversed(cell["at"])) for cell in graph["cells"]}
    return {frozenset((at[p["a"]], at[p["b"]])) for p in graph["passages"]}


def assert_path(maze):
    """The solution runs from start to goal through passages, one cell at a time."""
    solution = [tuple(cell) for cell in maze.solution.tolist()]
    assert solution[0] == maze.start and solution[-1] == maze.goal
    open_ = passages(maze)
    for a, b in zip(solution, solution[1:]):
        assert frozenset((a, b)) in open_, (a, b)
    assert len(set(solution)) == len(solution)


# Percolation and random walls make loops and leave cells out: test_generators.py and
# test_random_walls.py test them.
PERFECT_ALGORITHMS = [a for a in mazegen.ALGORITHMS if a not in ("percolation", "random-walls")]


@pytest.mark.parametrize("algorithm", PERFECT_ALGORITHMS)
def test_every_algorithm_makes_perfect_rectangles(algorithm):
    for seed in range(20):
        for width, height in [(1, 1), (2, 7), (9, 4)]:
            maze = mazegen.maze(algorithm, width, height, seed=seed)
            assert maze.perfect
            assert maze.tiles.shape == (2 * height + 1, 2 * width + 1)
            assert maze.connections.shape == (2, height, width)
            # A spanning tree: one passage fewer than cells.
            assert int(maze.connections.sum()) == width * height - 1
            assert_path(maze)


@pytest.mark.parametrize("algorithm", GRAPH_ALGORITHMS)
@pytest.mark.parametrize("size", SHAPES, ids=lambda s: s.get("shape", "mask"))
def test_graph_algorithms_make_perfect_mazes_of_every_shape(algorithm, size):
    for seed in range(10):
        maze = mazegen.maze(algorithm, seed=seed, **size)
        assert maze.perfect
        assert len(passages(maze)) == maze.cell_count - 1
        assert_path(maze)


def test_a_mask_is_rows_of_columns():
    cells = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 0, 1]], dtype=bool)
    maze = mazegen.maze("wilson", mask=cells, seed=6)
    assert maze.tiles.shape == (7, 11) and maze.connections.shape == (2, 3, 5)
    for row, column in np.argwhere(~cells):
        assert maze.tiles[2 * row + 1, 2 * column + 1] == 1
        assert not maze.connections[:, row, column].any()
    assert maze.cell_count == int(cells.sum())


def test_a_mask_of_floats_with_nan_is_refused():
    cells = np.ones((3, 4))
    assert mazegen.maze(mask=cells, seed=1).cell_count == 12
    cells[1, 2] = np.nan
    with pytest.raises(ValueError, match=r"\(1, 2\) is NaN"):
        mazegen.maze(mask=cells, seed=1)


def test_the_same_seed_makes_the_same_maze():
    a = mazegen.maze("wilson", 12, 9, seed=42)
    b = mazegen.maze("wilson", 12, 9, seed=42)
    c = mazegen.maze("wilson", 12, 9, seed=43)
    assert np.array_equal(a.tiles, b.tiles) and a.to_json() == b.to_json()
    assert not np.array_equal(a.tiles, c.tiles)
    drawn = mazegen.maze("wilson", 12, 9)
    assert np.array_equal(mazegen.maze("wilson", 12, 9, seed=drawn.seed).tiles, drawn.tiles)


def test_tiles_and_connections_agree():
    maze = mazegen.maze("kruskal", 6, 4, seed=3)
    tiles, down, right = maze.tiles, maze.connections[0], maze.connections[1]
    assert tiles.dtype == np.uint8 and maze.connections.dtype == np.bool_
    for row in range(4):
        for column in range(6):
            assert tiles[2 * row + 1, 2 * column + 1] == 0
            if row < 3:
                assert down[row, column] == (tiles[2 * row + 2, 2 * column + 1] == 0)
            if column < 5:
                assert right[row, column] == (tiles[2 * row + 1, 2 * column + 2] == 0)


def test_endpoints_braid_and_openings():
    maze = mazegen.maze("backtrack", 8, 6, seed=1, start=(5, 0), goal=(0, 7), openings=True)
    assert maze.start == (5, 0) and maze.goal == (0, 7)
    assert_path(maze)
    # The outer wall is open beside both endpoints, and nowhere else.
    border = np.ones_like(maze.tiles, dtype=bool)
    border[1:-1, 1:-1] = False
    openings = {tuple(tile) for tile in np.argwhere(border & (maze.tiles == 0)).tolist()}
    assert openings & {(11, 0), (12, 1)} and openings & {(0, 15), (1, 16)}
    assert len(openings) == 2
    far = mazegen.maze("backtrack", 8, 6, seed=1, endpoints="farthest")
    lengths = [len(mazegen.maze("backtrack", 8, 6, seed=1, goal=(r, c)).solution)
               for r in range(6) for c in range(8)]
    assert len(far.solution) >= max(lengths)
    braided = mazegen.maze("backtrack", 10, 10, seed=1, braid=1.0)
    assert not braided.perfect and braided.stats["dead_ends"] == 0
    assert mazegen.maze("backtrack", 4, 4, seed=1, solve=False).solution is None


def test_algorithm_options():
    def corridor_rows(maze):
        return int((maze.tiles[1, 1:-1] == 0).all())

    assert corridor_rows(mazegen.maze("binary-tree", 8, 8, seed=1, bias="north-east"))
    assert not corridor_rows(mazegen.maze("binary-tree", 8, 8, seed=1, bias="south_east"))
    assert mazegen.maze("backtrack", 9, 9, seed=1, walkers=4).perfect
    for pick in ["newest", "oldest", "random", "mixed:0.3"]:
        assert mazegen.maze("growing_tree", 6, 6, seed=2, pick=pick).perfect
    assert mazegen.maze("prim", 6, 6, seed=2, simplified=True).perfect


def test_documents_and_pictures():
    maze = mazegen.maze("prim", 5, 4, seed=9)
    document = json.loads(maze.to_json(stats=True))
    assert document["schema"] == "mazegen.maze/v1" and document["seed"] == 9
    assert document["stats"]["cells"] == 20
    graph = json.loads(maze.graph_json())
    assert graph["schema"] == "mazegen.graph/v1" and len(graph["cells"]) == 20
    assert maze.text().splitlines()[0] == "#" * 11 and str(maze) == maze.text()
    assert maze.svg().startswith("<svg") and maze._repr_svg_() == maze.svg()
    assert maze.png()[:8] == b"\x89PNG\r\n\x1a\n"
    assert maze.svg(lines=True) != maze.svg()
    hex_maze = mazegen.maze("wilson", 4, 3, seed=2, shape="hex")
    assert json.loads(hex_maze.to_json())["schema"] == "mazegen.graph/v1"
    assert hex_maze.png()[:4] == b"\x89PNG" and "<svg" in hex_maze.svg()
    with pytest.raises(ValueError, match="only rectangles and masks"):
        hex_maze.tiles
    stats = maze.stats
    assert stats["cells"] == 20 and stats["perfect"] and "difficulty" in stats
    assert hex_maze.stats["cells"] == 12


def test_graph_has_a_node_per_cell_and_an_edge_per_passage():
    nx = pytest.importorskip("networkx")
    for size in SHAPES:
        maze = mazegen.maze("kruskal", seed=4, **size)
        graph = maze.graph()
        assert graph.number_of_nodes() == maze.cell_count
        assert nx.is_tree(graph)
        path = nx.shortest_path(graph, maze.start, maze.goal)
        assert [tuple(cell) for cell in maze.solution.tolist()] == path


def test_to_maze_dataset_gives_the_same_maze():
    pytest.importorskip("maze_dataset")
    maze = mazegen.maze("wilson", 7, 5, seed=11)
    solved = maze.to_maze_dataset()
    assert np.array_equal(solved.connection_list, maze.connections)
    assert np.array_equal(solved.solution, maze.solution)
    assert tuple(solved.start_pos) == maze.start and tuple(solved.end_pos) == maze.goal


@pytest.mark.parametrize(
    "kwargs, shape",
    [
        (dict(wrap="x"), "wrapped (x) rect"),
        (dict(shape="hex", wrap="xy"), "wrapped (xy) hex"),
        (dict(weave=0.5), "woven rect"),
        (dict(shape="polar", rings=3), "polar"),
    ],
)
def test_shapes_drawn_in_lines_are_named_as_the_command_line_names_them(kwargs, shape):
    maze = mazegen.maze("backtrack", seed=1, **kwargs)
    message = f"a {shape} maze has no connections: only rectangles and masks do"
    # Refused before maze-dataset is imported: the same wherever it is installed.
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        maze.to_maze_dataset()
    with pytest.raises(ValueError, match=re.escape(f"not of a {shape} maze")):
        mazegen.dataset(2, "backtrack", seed=1, tokens=True, **kwargs)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: mazegen.maze("labyrinth"), "no algorithm \"labyrinth\": expected one of"),
        (lambda: mazegen.maze("prim", walkers=3), "walkers applies to backtrack, not prim"),
        (lambda: mazegen.maze("backtrack", 2, 2, walkers=9), "9 walkers"),
        (lambda: mazegen.maze("binary-tree", bias="up"), "bias \"up\": expected north-west"),
        (lambda: mazegen.maze("growing-tree", pick="sometimes"), "pick \"sometimes\""),
        (lambda: mazegen.maze(shape="cube"), "shape \"cube\": expected rect, hex"),
        (lambda: mazegen.maze(shape="polar", width=3), "sized by rings"),
        (lambda: mazegen.maze("binary-tree", shape="hex"), "binary-tree"),
        (lambda: mazegen.maze(width=0), "width 0: expected a whole number from 1"),
        (lambda: mazegen.maze(shape="hex", height=0), "height 0: expected a whole number from 1"),
        (lambda: mazegen.maze(braid=1.5), "braid 1.5"),
        (lambda: mazegen.maze(width=4, height=4, start=(9, 9)), "9"),
        (lambda: mazegen.maze(endpoints="nearest"), "endpoints \"nearest\""),
        (lambda: mazegen.maze(mask=np.array([[1, 0], [0, 1]], dtype=bool)), "not connected"),
        (lambda: mazegen.maze(mask=np.zeros(3, dtype=bool)), "2-D array"),
        (lambda: mazegen.maze(width=4, height=4, start=(0, 0), endpoints="farthest"),
         "longest path are placed by the maze itself"),
    ],
)
def test_bad_arguments_raise_value_error_with_the_reason(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        call()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: mazegen.maze(width=-1), "width -1: expected a whole number from 1 to 4294967295"),
        (lambda: mazegen.maze(height=2**40), "height 1099511627776: expected"),
        (lambda: mazegen.maze(seed=-5), "seed -5: expected a whole number from 0 to 1844"),
        (lambda: mazegen.maze(seed=2**64), "seed 18446744073709551616: expected"),
        (lambda: mazegen.maze(start=(1,)), r"start \(1,\): expected a \(row, column\) pair"),
        (lambda: mazegen.maze(goal=(0, -2)), "goal column -2"),
        (lambda: mazegen.maze(walkers=0), "walkers 0"),
        (lambda: mazegen.dataset(-3), "count -3"),
        (lambda: mazegen.dataset(3, shard=(0, 2)), "shard k 0"),
        (lambda: mazegen.dataset(3, shard=7), "shard 7: expected"),
    ],
)
def test_numbers_out_of_range_name_the_value_and_the_range(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_refusals_name_cells_as_row_and_column():
    with pytest.raises(ValueError, match=r"^start \(1, 7\): cell \(1, 7\) is outside the "
                                         r"maze's 5 rows and 3 columns$"):
        mazegen.maze(width=3, height=5, start=(1, 7))
    cells = np.array([[1, 1, 0], [0, 0, 0], [0, 0, 1]], dtype=bool)
    with pytest.raises(ValueError, match=r"cell \(2, 2\) cannot be reached from cell \(0, 0\)"):
        mazegen.maze(mask=cells)
    with pytest.raises(ValueError, match=r"goal \(1, 0\): \(1, 0\) is not a cell"):
        mazegen.maze(mask=np.array([[1, 1], [0, 1]], dtype=bool), goal=(1, 0))


def test_pictures_take_the_command_lines_scales():
    maze = mazegen.maze(width=3, height=3, seed=1)
    assert maze.png(scale=64)[:4] == b"\x89PNG" and "<svg" in maze.svg(scale=1)
    for scale in [0, 65, -1]:
        with pytest.raises(ValueError, match=f"scale {scale}: expected a whole number from 1 to 64"):
            maze.png(scale=scale)


def test_numbers_of_the_wrong_kind_raise_type_error():
    with pytest.raises(TypeError, match="width must be a whole number, not float"):
        mazegen.maze(width=3.5)
    with pytest.raises(TypeError, match="seed must be a whole number, not bool"):
        mazegen.maze(seed=True)
    assert mazegen.maze(width=np.int64(3), height=np.uint8(2), seed=np.uint64(7)).seed == 7


def test_arguments_of_the_wrong_kind_are_named():
    for call, message in [
        (lambda: mazegen.maze(openings=0), "openings must be True or False, not 0"),
        (lambda: mazegen.maze(solve="yes"), "solve must be True or False"),
        (lambda: mazegen.maze(braid="0.5"), "braid must be a number, not '0.5'"),
        (lambda: mazegen.maze(7), "algorithm must be a string, not 7"),
        (lambda: mazegen.maze(shape=None), "shape must be a string"),
        (lambda: mazegen.maze("binary-tree", bias=1), "bias must be a string"),
        (lambda: mazegen.dataset(3, unique=1), "unique must be True or False"),
        (lambda: mazegen.dataset(3, min_solution="40"), "min_solution must be a number"),
        (lambda: mazegen.dataset(None), "count must be a whole number, not NoneType"),
    ]:
        with pytest.raises(TypeError, match=message):
            call()
    with pytest.raises(ValueError, match="start {1: 2}: expected a .row, column. pair"):
        mazegen.maze(start={1: 2})


def test_masks_from_files_and_text(tmp_path):
    path = tmp_path / "ring.txt"
    path.write_text("....\n.##.\n....\n")
    from_file = mazegen.maze("prim", mask=path, seed=3)
    assert np.array_equal(from_file.tiles, mazegen.maze("prim", mask=path.read_text(), seed=3).tiles)
    with pytest.raises(ValueError, match="this names a file: pass pathlib.Path"):
        mazegen.maze(mask=str(path))
    with pytest.raises(ValueError, match=r"mask: an array of shape \(0, 0\) has no cells"):
        mazegen.maze(mask=np.zeros((0, 0), dtype=bool))
    # Files that never end are refused at once, as --mask refuses them.
    for device, message in [("/dev/zero", "no control characters"), ("/dev/urandom", "UTF-8")]:
        if os.path.exists(device):
            with pytest.raises(ValueError, match=message):
                mazegen.maze(mask=pathlib.Path(device))
    with pytest.raises(ValueError, match="cannot read it"):
        mazegen.maze(mask=tmp_path / "missing.txt")


def test_arrays_are_writable_copies():
    maze = mazegen.maze(width=3, height=3, seed=1)
    tiles = maze.tiles
    tiles[0, 0] = 7
    assert maze.solution.flags.writeable and maze.connections.flags.writeable


def test_an_empty_dataset_has_empty_arrays():
    ds = mazegen.dataset(0, width=10, height=10, seed=1, tokens=True)
    assert ds.tiles.shape == (0, 21, 21) and ds.connections.shape == (0, 2, 10, 10)
    assert len(ds) == 0 and ds.tokens == [] and ds.offsets.tolist() == [0]


def test_unknown_keywords_raise_type_error():
    with pytest.raises(TypeError, match="unexpected keyword argument 'size'"):
        mazegen.maze(size=5)
    with pytest.raises(TypeError):
        mazegen.maze("backtrack", 5, 5, 1, 2)


def test_too_large_is_refused_before_any_work():
    with pytest.raises(ValueError, match="more than"):
        mazegen.maze("backtrack", 4_000_000_000, 4_000_000_000, seed=1)


def test_mazes_pickle_and_read_back_from_documents():
    import pickle

    mazes = [
        mazegen.maze("wilson", 9, 7, seed=1, braid=0.5, openings=True),
        mazegen.maze("backtrack", 8, 8, seed=2, accessible_cells=0.5, start_coord=(3, 3)),
        mazegen.maze("percolation", 8, 8, seed=3, p=0.6),
        mazegen.maze("kruskal", shape="hex", width=5, height=4, seed=4),
        mazegen.maze("prim", shape="polar", rings=4, seed=5, endpoints="farthest"),
        mazegen.maze("backtrack", mask=np.array([[1, 1, 0], [0, 1, 1]], dtype=bool), seed=6),
    ]
    for m in mazes:
        back = pickle.loads(pickle.dumps(m))
        assert back == m and back.graph_json() == m.graph_json(), m
        assert back.seed == m.seed and back.algorithm == m.algorithm
        assert (back.start, back.goal) == (m.start, m.goal)
        assert np.array_equal(back.solution, m.solution)
        if m.shape in ("rect", "mask"):
            assert np.array_equal(back.tiles, m.tiles)
            assert mazegen.Maze.from_json(m.to_json()) == m
    assert mazes[0] != mazes[1]
    with pytest.raises(ValueError, match="line 1"):
        mazegen.Maze.from_json("{")
    with pytest.raises(TypeError, match="str or bytes"):
        mazegen.Maze.from_json(3)


@pytest.mark.parametrize("shape,width,wrap", [("rect", 5, "x"), ("rect", 4, "xy"), ("hex", 6, "xy")])
def test_wrapped_mazes_are_trees_whose_cells_have_neighbours_across_the_edges(shape, width, wrap):
    maze = mazegen.maze("wilson", width, 4, seed=3, shape=shape, wrap=wrap)
    assert (maze.shape, maze.wrap, maze.perfect) == (shape, wrap, True)
    doc = json.loads(maze.graph_json())
    assert doc["shape"] == {"kind": shape, "width": width, "height": 4, "wrap": wrap}
    sides = 4 if shape == "rect" else 6
    if wrap == "xy":
        # A torus has no edge: every cell has every neighbour.
        assert all(len(cell["neighbours"]) == sides for cell in doc["cells"])
    assert len(doc["passages"]) == len(doc["cells"]) - 1
    with pytest.raises(ValueError, match="only rectangles and masks"):
        maze.tiles
    assert mazegen.maze("wilson", width, 4, seed=3, shape=shape).wrap is None
    again = mazegen.Maze.from_json(maze.to_json())
    assert again.wrap == wrap and again.graph_json() == maze.graph_json()


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(shape="triangle", wrap="x"), "joins the edges of rect and hex mazes"),
        (dict(shape="hex", width=5, wrap="x"), "multiple of 2 cells across, not 5"),
        (dict(width=2, wrap="x"), "at least 3 cells across"),
        (dict(wrap="z"), 'wrap "z": expected "x", "y" or "xy"'),
        (dict(mask="..\n..\n", wrap="y"), "not of a mask"),
    ],
)
def test_what_cannot_wrap_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mazegen.maze("wilson", **kwargs)


@pytest.mark.parametrize("algorithm", ["backtrack", "kruskal", "hunt-and-kill"])
def test_weaves_are_trees_whose_passages_go_under_cells(algorithm):
    maze = mazegen.maze(algorithm, 9, 7, seed=5, weave=True)
    assert (maze.shape, maze.weave, maze.perfect) == ("rect", 1.0, True)
    doc = json.loads(maze.graph_json())
    assert doc["shape"] == {"kind": "rect", "width": 9, "height": 7, "weave": 1.0}
    assert len(doc["passages"]) == len(doc["cells"]) - 1
    under = [p for p in doc["passages"] if "under" in p]
    assert under, "no passage under a cell"
    for passage in under:
        a, b, mid = (doc["cells"][passage[k]]["at"] for k in ("a", "b", "under"))
        assert mid == [(a[0] + b[0]) // 2, (a[1] + b[1]) // 2]
    with pytest.raises(ValueError, match="only rectangles and masks"):
        maze.tiles
    assert mazegen.maze(algorithm, 9, 7, seed=5).weave is None
    assert mazegen.maze(algorithm, 9, 7, seed=5, weave=0.3).weave == 0.3
    again = mazegen.Maze.from_json(maze.to_json())
    assert again.weave == 1.0 and again.graph_json() == maze.graph_json()


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(algorithm="wilson", weave=True), "wilson does not weave"),
        (dict(algorithm="backtrack", shape="hex", weave=True), 'not with shape "hex"'),
        (dict(algorithm="backtrack", wrap="x", weave=True), "not with wrap"),
        (dict(algorithm="backtrack", weave=1.5), "weave 1.5"),
    ],
)
def test_what_cannot_weave_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mazegen.maze(**kwargs)
