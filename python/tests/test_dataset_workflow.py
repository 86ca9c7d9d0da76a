"""The dataset workflow around mazegen.dataset: random endpoints, saving and loading,
indexing and slicing, difficulty figures in the bounds' units, runs that cannot finish, token
ids, maze-dataset's MazeDataset, hashes and disjoint splits."""

import os
import subprocess
import warnings

import numpy as np
import pytest

import mazegen

BIN = os.environ.get("MAZEGEN_BIN")
ARRAYS = ("tiles", "connections", "seeds", "starts", "goals", "solutions", "offsets")


def pairs(ds):
    return [(tuple(s), tuple(g)) for s, g in zip(ds.starts.tolist(), ds.goals.tolist())]


# Random endpoints.


def test_random_endpoints_are_seeded_spread_and_apart():
    ds = mazegen.dataset(2000, "backtrack", 6, 6, seed=4, endpoints="random", min_distance=7,
                         figures=True)
    again = mazegen.dataset(2000, "backtrack", 6, 6, seed=4, endpoints="random", min_distance=7,
                            jobs=1)
    assert pairs(ds) == pairs(again)
    # Not a constant: starts and goals all over the maze, rarely the same pair twice.
    assert len({s for s, _ in pairs(ds)}) == 36 and len({g for _, g in pairs(ds)}) == 36
    assert len(set(pairs(ds))) > 600
    # At least 7 steps apart along the passages, as the solutions and the figures say.
    lengths = np.diff(ds.offsets) - 1
    assert lengths.min() >= 7 and np.array_equal(lengths, ds.figures["solution"])
    for i in range(0, 2000, 97):
        assert tuple(ds.solution(i)[0]) == tuple(ds.starts[i])
        assert tuple(ds.solution(i)[-1]) == tuple(ds.goals[i])


def test_random_endpoints_without_a_distance_are_any_two_cells():
    ds = mazegen.dataset(4000, "wilson", 3, 3, seed=1, endpoints="random")
    counts = {}
    for pair in pairs(ds):
        assert pair[0] != pair[1]
        counts[pair] = counts.get(pair, 0) + 1
    # 9 x 8 ordered pairs, about 56 each.
    assert len(counts) == 72 and min(counts.values()) > 25 and max(counts.values()) < 95


def test_corners_stay_the_default():
    ds = mazegen.dataset(50, "backtrack", 5, 4, seed=4)
    assert set(pairs(ds)) == {((0, 0), (3, 4))}
    maze = mazegen.maze("backtrack", 5, 4, seed=int(ds.seeds[3]), endpoints="random")
    assert (maze.start, maze.goal) != ((0, 0), (3, 4)) or maze.hash  # drawn, not placed
    assert maze.hash == mazegen.maze("backtrack", 5, 4, seed=int(ds.seeds[3])).hash


def test_random_endpoints_as_the_command_line():
    if not BIN:
        pytest.skip("MAZEGEN_BIN names no mazegen binary")
    ds = mazegen.dataset(200, "prim", 7, 5, seed=9, endpoints="random", min_distance=4)
    out = subprocess.run(
        [BIN, "prim", "--cells", "7x5", "--count", "200", "--seed", "9", "--endpoints", "random",
         "--min-distance", "4", "--format", "npz"],
        check=True, capture_output=True,
    ).stdout
    import io

    archive = np.load(io.BytesIO(out))
    for name in ARRAYS:
        assert archive[name].tobytes() == getattr(ds, name).tobytes(), name


@pytest.mark.parametrize("kwargs, message", [
    (dict(min_distance=3), "min_distance 3 keeps random endpoints apart"),
    (dict(endpoints="random", min_distance=25), r"expected a distance from 1 to 24"),
    (dict(endpoints="random", min_distance=0), r"expected a distance from 1 to 24"),
    (dict(endpoints="random", start=(1, 1)), "cannot be combined with start, goal or openings"),
    (dict(endpoints="corners"), r"expected \"farthest\" or \"random\""),
])
def test_bad_endpoints_raise_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mazegen.dataset(5, "backtrack", 5, 5, seed=1, **kwargs)


# Saving, loading, indexing.


def test_save_and_load_keep_every_array_and_the_settings(tmp_path):
    kwargs = dict(seed=3, endpoints="random", figures=True, hashes=True, tokens=True,
                  min_solution=4)
    ds = mazegen.dataset(300, "wilson", 5, 5, jobs=1, **kwargs)
    ds.save(tmp_path / "one.npz")
    mazegen.dataset(300, "wilson", 5, 5, jobs=2, **kwargs).save(tmp_path / "two.npz")
    # The same dataset is the same bytes, whatever the jobs.
    assert (tmp_path / "one.npz").read_bytes() == (tmp_path / "two.npz").read_bytes()
    back = mazegen.load(tmp_path / "one.npz")
    for name in ARRAYS + ("tries", "hashes"):
        a, b = getattr(ds, name), getattr(back, name)
        assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes(), name
    for name in mazegen.FIGURES:
        assert back.figures[name].dtype == ds.figures[name].dtype
        assert np.array_equal(back.figures[name], ds.figures[name])
    assert back.tokens == ds.tokens and back.seed == 3 and back.solved
    settings = back.settings
    assert settings["format"] == mazegen.DATASET_FORMAT
    assert settings["version"] == mazegen.__version__
    assert settings["count"] == 300 and settings["bounds"] == {"min_solution": 4}
    assert settings["spec"]["endpoints"] == "random" and settings["spec"]["algorithm"] == "wilson"
    # The settings make each maze again.
    assert back[7] == ds[7]
    assert np.array_equal(back[7].tiles, ds.tiles[7])
    # numpy reads it without pickles.
    with np.load(tmp_path / "one.npz", allow_pickle=False) as archive:
        assert "settings" in archive.files and "figures.solution" in archive.files


def test_settings_make_the_mazes_again_whatever_the_arguments_were(tmp_path):
    cells = np.ones((4, 5), dtype=bool)
    cells[1, 1:3] = False
    for kwargs in [
        dict(mask=cells, braid=np.float64(0.5), endpoints="random"),
        dict(width=np.int64(5), height=np.uint8(3), start_coord=(np.int64(1), 2),
             min_solution=np.int64(3)),
        dict(shape="hex", width=4, height=3, endpoints="random", min_distance=3),
    ]:
        ds = mazegen.dataset(40, "backtrack", seed=5, **kwargs)
        ds.save(tmp_path / "mazes.npz")
        back = mazegen.load(tmp_path / "mazes.npz")
        for i in (0, 39):
            assert back[i] == ds[i]
            assert np.array_equal(back[i].solution, ds.solution(i)), kwargs


def test_load_reads_the_command_lines_archives(tmp_path):
    if not BIN:
        pytest.skip("MAZEGEN_BIN names no mazegen binary")
    path = tmp_path / "cli.npz"
    subprocess.run([BIN, "kruskal", "--cells", "4x4", "--count", "30", "--seed", "2", "--format",
                    "npz", "-o", str(path)], check=True)
    back = mazegen.load(path)
    ds = mazegen.dataset(30, "kruskal", 4, 4, seed=2)
    for name in ARRAYS:
        assert getattr(back, name).tobytes() == getattr(ds, name).tobytes(), name
    assert back.settings is None and back.seed is None
    with pytest.raises(ValueError, match="does not record how it was made"):
        back[0]
    assert np.array_equal(back[2:5].solution(0), ds.solution(2))


def test_a_file_that_is_no_dataset_is_refused(tmp_path):
    np.savez(tmp_path / "other.npz", a=np.zeros(3))
    with pytest.raises(ValueError, match="no array 'seeds'"):
        mazegen.load(tmp_path / "other.npz")
    # Before: numpy's word that the bytes were "pickled (object) data".
    (tmp_path / "text.npz").write_text("seeds\n")
    for path in (tmp_path / "text.npz", "/dev/zero"):
        with pytest.raises(ValueError, match="not an npz archive"):
            mazegen.load(path)


def test_indexing_and_slicing():
    ds = mazegen.dataset(20, "backtrack", 4, 3, seed=6, figures=True, hashes=True, tokens=True)
    assert isinstance(ds[0], mazegen.Maze)
    assert ds[-1] == ds[19] and ds[-20] == ds[0]
    assert ds[5].seed == int(ds.seeds[5]) and np.array_equal(ds[5].solution, ds.solution(5))
    for bad in (20, -21):
        with pytest.raises(IndexError, match=f"maze {bad}: the dataset has 20 mazes"):
            ds[bad]
    with pytest.raises(TypeError):
        ds["a"]
    for key, rows in [
        (slice(2, 9, 3), [2, 5, 8]),
        (slice(None, None, -7), [19, 12, 5]),
        (slice(-3, None), [17, 18, 19]),
        (slice(30, 40), []),
        ([4, -1, 4], [4, 19, 4]),
        (np.arange(20) % 5 == 0, [0, 5, 10, 15]),
    ]:
        part = ds[key]
        assert isinstance(part, mazegen.Dataset) and len(part) == len(rows)
        assert part.seeds.tolist() == ds.seeds[rows].tolist()
        assert np.array_equal(part.tiles, ds.tiles[rows])
        assert np.array_equal(part.hashes, ds.hashes[rows])
        assert np.array_equal(part.figures["tortuosity"], ds.figures["tortuosity"][rows])
        assert part.tokens == [ds.tokens[i] for i in rows]
        for k, i in enumerate(rows):
            assert np.array_equal(part.solution(k), ds.solution(i))
        assert part.offsets[-1] == len(part.solutions)
    with pytest.raises(IndexError, match="maze 20"):
        ds[[1, 20]]
    with pytest.raises(IndexError, match="one boolean a maze"):
        ds[np.ones(3, dtype=bool)]


# Figures, tries, runs that cannot finish.


def test_figures_are_in_the_units_of_the_bounds():
    ds = mazegen.dataset(300, "backtrack", 6, 6, seed=2, figures=True, min_solution=20,
                         max_decisions=6, max_tortuosity=4)
    steps = np.diff(ds.offsets) - 1
    assert np.array_equal(ds.figures["solution"], steps) and steps.min() >= 20
    assert ds.figures["decisions"].max() <= 6 and ds.figures["tortuosity"].max() <= 4
    assert ds.figures["solution"].dtype == np.int64
    assert ds.figures["solution_share"].dtype == np.float64
    # Each maze's own figures, as maze.stats measures them.
    for i in (0, 99, 299):
        difficulty = ds[i].stats["difficulty"]
        assert difficulty["solution_length"] == ds.figures["solution"][i]
        assert difficulty["decision_points"] == ds.figures["decisions"][i]
        assert difficulty["branch_depth_max"] == ds.figures["branch_depth"][i]
    # Tries: the candidates each maze took, more than one where the bounds turned some away.
    assert ds.tries.min() >= 1 and ds.tries.max() > 1
    plain = mazegen.dataset(300, "backtrack", 6, 6, seed=2, figures=True)
    assert (plain.tries == 1).all()
    kept = ds.figures["solution"]
    assert kept.min() >= 20 and plain.figures["solution"].min() < 20


def test_a_run_that_cannot_finish_keeps_what_it_made():
    # Binary tree makes 2 of the 4 mazes of 2x2 cells: the third unique maze is never found.
    with pytest.raises(mazegen.IncompleteDataset, match="only 2 distinct mazes found") as caught:
        mazegen.dataset(3, "binary-tree", 2, 2, seed=1, unique=True, hashes=True)
    made = caught.value.dataset
    assert isinstance(caught.value, ValueError) and caught.value.index == 2
    assert len(made) == 2 and len(set(map(tuple, made.hashes.tolist()))) == 2
    again = mazegen.dataset(2, "binary-tree", 2, 2, seed=1, unique=True)
    assert made.tiles.tobytes() == again.tiles.tobytes()
    # Bounds no maze meets: nothing made, and the error says why.
    with pytest.raises(mazegen.IncompleteDataset, match="^max_solution 2: 1000 candidates"):
        mazegen.dataset(3, "backtrack", 5, 5, seed=1, max_solution=2)


# Token ids and maze-dataset.


def maze_dataset_here():
    pytest.importorskip("maze_dataset")
    warnings.filterwarnings("ignore", module="maze_dataset")


def test_token_ids_decode_to_maze_datasets_tokens():
    maze_dataset_here()
    from maze_dataset.tokenization import MazeTokenizerModular

    ds = mazegen.dataset(40, "wilson", 5, 4, seed=3, tokens=True, endpoints="random")
    ids, lengths = ds.token_ids()
    assert ids.dtype == np.int32 and ids.shape == (40, lengths.max())
    tokenizer = MazeTokenizerModular()
    for i in range(40):
        assert tokenizer.decode(ids[i, : lengths[i]].tolist()) == ds.tokens[i].split()
        assert (ids[i, lengths[i]:] == tokenizer.padding_token_index).all()
    with pytest.raises(ValueError, match="tokens=True"):
        mazegen.dataset(2, seed=1).token_ids()


def test_to_maze_dataset_saves_and_loads(tmp_path):
    maze_dataset_here()
    from maze_dataset import MazeDataset

    ds = mazegen.dataset(150, "backtrack", 5, 5, seed=2, endpoints="random")
    converted = ds.to_maze_dataset()
    assert isinstance(converted, MazeDataset) and len(converted) == 150
    assert converted[0].generation_meta["func_name"] == "gen_dfs"
    converted.save(tmp_path / "mazes.zanj")
    back = MazeDataset.read(tmp_path / "mazes.zanj")
    assert len(back) == 150
    for i in range(150):
        assert np.array_equal(back[i].connection_list, ds.connections[i])
        assert np.array_equal(back[i].solution, ds.solution(i))


# Hashes and disjoint splits.


def test_a_test_split_made_with_exclude_shares_no_maze_with_train():
    # Backtrack makes a few hundred mazes of 4x4 cells: splits of this size share some.
    train = mazegen.dataset(200, "backtrack", 4, 4, seed=1, hashes=True)
    test = mazegen.dataset(100, "backtrack", 4, 4, seed=2, hashes=True, exclude=train,
                           figures=True)
    trained = set(map(tuple, train.hashes.tolist()))
    assert not trained & set(map(tuple, test.hashes.tolist()))
    # Without exclude, 4x4 mazes repeat across splits of this size.
    plain = mazegen.dataset(100, "backtrack", 4, 4, seed=2, hashes=True)
    assert trained & set(map(tuple, plain.hashes.tolist()))
    assert test.tries.max() > 1
    # Hashes alone do as well as the dataset.
    again = mazegen.dataset(100, "backtrack", 4, 4, seed=2, hashes=True, exclude=train.hashes)
    assert again.tiles.tobytes() == test.tiles.tobytes()
    with pytest.raises(ValueError, match="exclude: expected a Dataset made with hashes=True"):
        mazegen.dataset(5, seed=1, exclude=mazegen.dataset(5, seed=2))


def test_hashes_see_passages_only():
    ds = mazegen.dataset(30, "kruskal", 5, 5, seed=8, hashes=True, endpoints="random")
    for i in (0, 17):
        maze = mazegen.maze("kruskal", 5, 5, seed=int(ds.seeds[i]))
        high, low = (int(half) for half in ds.hashes[i])
        assert maze.hash == high << 64 | low == ds[i].hash
    assert len(set(map(tuple, ds.hashes.tolist()))) == 30
