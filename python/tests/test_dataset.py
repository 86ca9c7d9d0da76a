"""mazegen.dataset: the same mazes as the command line, for any jobs and shards, with
bounds, uniqueness and every shape."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import mazegen

BIN = os.environ.get("MAZEGEN_BIN")


def command_line(*args):
    """What the mazegen binary writes for `args`; skips without it."""
    if not BIN:
        pytest.skip("MAZEGEN_BIN names no mazegen binary")
    return subprocess.run([BIN, *args], check=True, capture_output=True).stdout


def npy(data):
    import io

    return np.load(io.BytesIO(data))


@pytest.mark.parametrize("algorithm", ["backtrack", "wilson", "binary-tree", "eller"])
def test_the_same_mazes_as_the_command_line(algorithm):
    ds = mazegen.dataset(300, algorithm, 8, 6, seed=77)
    args = [algorithm, "--width", "17", "--height", "13", "--count", "300", "--seed", "77"]
    tiles = npy(command_line(*args, "--format", "npy"))
    connections = npy(command_line(*args, "--format", "npy-connections"))
    assert ds.tiles.shape == (300, 13, 17) and ds.connections.shape == (300, 2, 6, 8)
    assert ds.tiles.tobytes() == tiles.tobytes()
    assert ds.connections.tobytes() == connections.tobytes()
    seeds = [json.loads(line)["seed"] for line in command_line(*args, "--format", "jsonl").splitlines()]
    assert ds.seeds.tolist() == seeds


@pytest.mark.parametrize("args", [
    ["backtrack", "--size", "21", "--count", "200", "--seed", "8"],
    ["wilson", "--mask", "MASK", "--count", "30", "--seed", "2", "--braid", "0.5"],
    ["prim", "--shape", "hex", "--cells", "4x3", "--count", "20", "--seed", "1"],
    ["kruskal", "--size", "9", "--count", "90", "--seed", "4", "--shard", "2/3", "--unique"],
])
def test_npz_archives_hold_the_datasets_arrays(args, tmp_path):
    mask = "...#\n....\n#...\n"
    if not BIN:
        pytest.skip("MAZEGEN_BIN names no mazegen binary")
    path, mask_file = tmp_path / "mazes.npz", tmp_path / "mask.txt"
    mask_file.write_text(mask)
    args = [str(mask_file) if arg == "MASK" else arg for arg in args]
    subprocess.run([BIN, *args, "--format", "npz", "-o", str(path)], check=True)
    archive = np.load(path)
    kwargs = {
        "backtrack": dict(width=10, height=10, seed=8),
        "wilson": dict(mask=mask, seed=2, braid=0.5),
        "prim": dict(shape="hex", width=4, height=3, seed=1),
        "kruskal": dict(width=4, height=4, seed=4, shard=(2, 3), unique=True),
    }[args[0]]
    ds = mazegen.dataset(int(args[args.index("--count") + 1]), args[0], **kwargs)
    names = ["seeds", "starts", "goals", "solutions", "offsets"]
    if ds.tiles is not None:
        names += ["tiles", "connections"]
    assert sorted(archive.files) == sorted(names)
    for name in names:
        assert np.array_equal(archive[name], getattr(ds, name)), name
        assert archive[name].dtype == getattr(ds, name).dtype, name


def test_bounds_and_endpoints_as_the_command_line():
    ds = mazegen.dataset(50, "prim", 6, 6, seed=5, min_solution=15, endpoints="farthest")
    args = ["prim", "--size", "13", "--count", "50", "--seed", "5", "--min-solution", "15",
            "--endpoints", "farthest", "--solve", "--format", "jsonl"]
    documents = [json.loads(line) for line in command_line(*args).splitlines()]
    assert ds.seeds.tolist() == [d["seed"] for d in documents]
    for i, document in enumerate(documents):
        assert tuple(ds.starts[i]) == (document["start"]["y"], document["start"]["x"])
        assert tuple(ds.goals[i]) == (document["goal"]["y"], document["goal"]["x"])
        # The document's solution is in tiles: every other tile is a cell.
        cells = [(y // 2, x // 2) for x, y in document["solution"][::2]]
        assert [tuple(c) for c in ds.solution(i).tolist()] == cells
        assert len(ds.solution(i)) >= 15


def test_any_number_of_jobs_and_shards_gives_the_same_mazes():
    whole = mazegen.dataset(500, "kruskal", 5, 5, seed=3, jobs=1, unique=True)
    assert len({t.tobytes() for t in whole.tiles}) == 500
    for jobs in [2, 3]:
        again = mazegen.dataset(500, "kruskal", 5, 5, seed=3, jobs=jobs, unique=True)
        assert np.array_equal(again.tiles, whole.tiles)
    shards = [mazegen.dataset(500, "kruskal", 5, 5, seed=3, shard=(k, 3), unique=True)
              for k in (1, 2, 3)]
    assert np.array_equal(np.concatenate([s.tiles for s in shards]), whole.tiles)
    assert np.array_equal(np.concatenate([s.seeds for s in shards]), whole.seeds)


def test_the_arrays_are_written_in_place():
    # Resident memory at its peak, in a process of its own, is about the arrays' size: they
    # are filled where numpy reads them, not gathered first and copied. 60,000 mazes of
    # 10x10 cells are 41 MB of arrays.
    script = """
import mazegen
mazegen.dataset(10, "backtrack", 10, 10, seed=1)
def kib(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1])
before = kib("VmRSS:")
d = mazegen.dataset(60_000, "backtrack", 10, 10, seed=1, jobs=2)
peak = kib("VmHWM:") - before
arrays = sum(a.nbytes for a in (d.tiles, d.connections, d.seeds, d.starts, d.goals,
                                d.solutions, d.offsets)) / 1024
print(peak / arrays)
"""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("no /proc/self/status to read resident memory from")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=dict(os.environ), check=True).stdout
    assert float(out) <= 1.1, f"peak resident memory {float(out):.2f}x the arrays"


def test_each_maze_is_the_one_its_seed_makes():
    ds = mazegen.dataset(20, "hunt-and-kill", 7, 4, seed=12, braid=0.5)
    for i in range(20):
        maze = mazegen.maze("hunt-and-kill", 7, 4, seed=int(ds.seeds[i]), braid=0.5)
        assert np.array_equal(maze.tiles, ds.tiles[i])
        assert np.array_equal(maze.connections, ds.connections[i])
        assert np.array_equal(maze.solution, ds.solution(i))
        assert tuple(ds.starts[i]) == maze.start and tuple(ds.goals[i]) == maze.goal


def test_shapes_give_endpoints_and_solutions_without_tiles():
    ds = mazegen.dataset(30, "wilson", shape="polar", rings=3, seed=8)
    assert ds.tiles is None and ds.connections is None
    assert ds.starts.shape == (30, 2) and ds.offsets.shape == (31,)
    for i in range(30):
        maze = mazegen.maze("wilson", shape="polar", rings=3, seed=int(ds.seeds[i]))
        assert np.array_equal(maze.solution, ds.solution(i))
    # `#` is off the mask: a ring of cells around a hole.
    masked = mazegen.dataset(10, "prim", mask="...\n.#.\n...\n", seed=1)
    assert masked.tiles.shape == (10, 7, 7)
    assert (masked.tiles[:, 3, 3] == 1).all()  # the hole stays wall


def test_the_last_mazes_of_the_largest_dataset():
    last = 2**64 - 1
    ds = mazegen.dataset(last, "kruskal", 3, 3, seed=1, shard=(last, last), jobs=2)
    assert len(ds) == 1
    assert int(ds.seeds[0]) == int(mazegen.dataset(last, "kruskal", 3, 3, seed=1,
                                                   shard=(last, last), jobs=1).seeds[0])


def test_solutions_by_index():
    ds = mazegen.dataset(3, "wilson", 4, 4, seed=2)
    assert np.array_equal(ds.solution(-1), ds.solution(2))
    with pytest.raises(IndexError, match="maze 3: the dataset has 3 mazes"):
        ds.solution(3)


def test_bounds_that_cannot_be_met_name_the_closest_maze():
    # Corner to corner, a path takes at least 8 steps: no maze is within the bound.
    with pytest.raises(ValueError, match=r"^max_solution 2: 1000 candidates in a row for maze 0 "
                                         r"were all outside; the closest had solution 8: widen"):
        mazegen.dataset(2, "backtrack", 5, 5, seed=1, max_solution=2)


def test_arrays_can_be_left_out():
    ds = mazegen.dataset(10, "backtrack", 4, 4, seed=1, tiles=False, connections=False)
    assert ds.tiles is None and ds.connections is None and len(ds) == 10


def test_to_maze_dataset_round_trip():
    pytest.importorskip("maze_dataset")
    ds = mazegen.dataset(25, "backtrack", 5, 5, seed=2)
    for i, solved in enumerate(ds.to_maze_dataset()):
        assert np.array_equal(solved.connection_list, ds.connections[i])
        assert np.array_equal(solved.solution, ds.solution(i))


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: mazegen.dataset(10, shard=(4, 3)), r"shard \(4, 3\)"),
        (lambda: mazegen.dataset(10, jobs=0), "jobs 0"),
        (lambda: mazegen.dataset(10, jobs=257), "jobs 257: expected a whole number from 1 to 256"),
        (lambda: mazegen.dataset(10, min_solution=float("nan")), "a bound on solution of NaN"),
        (lambda: mazegen.dataset(10, max_decisions=-1), "a bound on decisions of -1"),
        (lambda: mazegen.dataset(100, "backtrack", 2, 2, unique=True), "unique"),
        (lambda: mazegen.dataset(5, "backtrack", 3, 3, min_solution=50), "solution"),
        (lambda: mazegen.dataset(5, min_solution=8, max_solution=3), "above"),
    ],
)
def test_bad_datasets_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    "kwargs, most",
    [
        # 21x21 tiles a maze of 10x10 cells: 2^63 - 1 bytes over 441.
        (dict(), 20914675820532371),
        # Without tiles or connections the offsets, 8 bytes a maze and one more, set it.
        (dict(tiles=False, connections=False), 2**60 - 2),
        (dict(shape="polar", rings=3), 2**60 - 2),
    ],
)
def test_counts_past_what_an_array_holds_raise_value_error_naming_the_limit(kwargs, most):
    # No machine's memory holds them: a count to lower, no memory to find.
    with pytest.raises(ValueError, match=(
        rf"^count 18446744073709551615: the arrays would pass the 9223372036854775807 bytes a "
        rf"numpy array can hold; at most {most} mazes of this size fit$"
    )):
        mazegen.dataset(2**64 - 1, seed=1, **kwargs)
    with pytest.raises(ValueError, match=rf"^shard \(1, 2\) of count 18446744073709551615 "
                                         rf"\(9223372036854775807 mazes\): the arrays would "):
        mazegen.dataset(2**64 - 1, seed=1, shard=(1, 2), **kwargs)


def test_arrays_too_large_for_memory_are_refused_before_any_maze():
    with pytest.raises(MemoryError, match="not enough memory for the arrays of 10000000000000"):
        mazegen.dataset(10**13, "backtrack", 10, 10, seed=1)
