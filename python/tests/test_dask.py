"""mazegen.dask: a dataset made in partitions on a LocalCluster of two worker processes is the
one-machine run, byte for byte, for any number of partitions."""

import glob
import io
import os
import subprocess

import numpy as np
import pytest

pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

import mazegen  # noqa: E402
import mazegen.dask  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


@pytest.mark.parametrize("partitions", [1, 3, 7])
def test_partitions_on_a_cluster_make_the_one_machine_run(client, partitions):
    whole = mazegen.dataset(700, "wilson", 6, 5, seed=11, min_solution=8)
    spread = mazegen.dask.dataset(
        700, partitions, client, algorithm="wilson", width=6, height=5, seed=11, min_solution=8
    )
    assert spread.tiles.numblocks[0] == partitions
    for name in ["tiles", "connections", "seeds", "starts", "goals"]:
        assert np.array_equal(getattr(spread, name).compute(), getattr(whole, name)), name


def test_unique_and_shapes_across_partitions(client):
    whole = mazegen.dataset(150, "kruskal", 3, 3, seed=2, unique=True)
    spread = mazegen.dask.dataset(150, 4, client, algorithm="kruskal", width=3, height=3,
                                  seed=2, unique=True)
    assert np.array_equal(spread.tiles.compute(), whole.tiles)
    polar = mazegen.dask.dataset(50, 2, client, algorithm="wilson", shape="polar", rings=3,
                                 seed=5)
    assert polar.tiles is None
    assert np.array_equal(polar.seeds.compute(),
                          mazegen.dataset(50, "wilson", shape="polar", rings=3, seed=5).seeds)


def test_npz_partitions_written_by_the_workers(client, tmp_path):
    whole = mazegen.dataset(90, "backtrack", 5, 5, seed=3)
    spread = mazegen.dask.dataset(90, 3, client, width=5, height=5, seed=3)
    paths = spread.to_npz(str(tmp_path))
    assert [os.path.basename(p) for p in paths] == ["part-0.npz", "part-1.npz", "part-2.npz"]
    assert not glob.glob(str(tmp_path / "*.partial"))
    parts = [np.load(p) for p in paths]
    for name in ["tiles", "connections", "seeds", "starts", "goals"]:
        assert np.array_equal(np.concatenate([p[name] for p in parts]), getattr(whole, name))
    for k, part in enumerate(parts):
        first = [0, 30, 60][k]
        for i in range(30):
            solution = part["solutions"][part["offsets"][i]:part["offsets"][i + 1]]
            assert np.array_equal(solution, whole.solution(first + i))


def test_without_a_client_and_refusals():
    spread = mazegen.dask.dataset(40, 4, width=4, height=4, seed=9)
    assert np.array_equal(spread.tiles.compute(scheduler="sync"),
                          mazegen.dataset(40, width=4, height=4, seed=9).tiles)
    drawn = mazegen.dask.dataset(10, 2, width=4, height=4)
    assert np.array_equal(drawn.seeds.compute(scheduler="sync"),
                          mazegen.dataset(10, width=4, height=4, seed=drawn.seed).seeds)
    # By default one partition a worker thread, but never more than the mazes.
    assert mazegen.dask.dataset(1, width=2, height=2, seed=1).partitions == 1
    with pytest.raises(ValueError, match="partitions 11"):
        mazegen.dask.dataset(10, 11)
    with pytest.raises(TypeError, match="sets shard itself"):
        mazegen.dask.dataset(10, 2, shard=(1, 2))
    with pytest.raises(ValueError, match="no algorithm"):
        mazegen.dask.dataset(10, 2, algorithm="maze-o-matic")


@pytest.mark.parametrize("algorithm, chunk", [("backtrack", 4), ("kruskal", 3), ("eller", 7)])
def test_chunk_rows_are_the_command_line_s_chunked_maze(client, algorithm, chunk):
    width, height = 13, 10  # ragged: the chunks do not divide the maze
    rows = mazegen.dask.chunk_rows(algorithm, width, height, chunk, seed=3)
    assert rows.npartitions == -(-height // chunk)
    parts = rows.compute()
    tiles = np.concatenate(parts)
    assert tiles.shape == (2 * height + 1, 2 * width + 1)
    whole = mazegen.window(algorithm, width, height, (0, 0), width, height, seed=3, chunk=chunk)
    assert np.array_equal(tiles, whole.tiles)
    binary = os.environ.get("MAZEGEN_BIN")
    if not binary:
        pytest.skip("MAZEGEN_BIN names no mazegen binary")
    args = [binary, algorithm, "--cells", f"{width}x{height}", "--chunk", str(chunk),
            "--seed", "3", "--format", "npy"]
    npy = subprocess.run(args, check=True, capture_output=True).stdout
    assert npy.endswith(b"".join(part.tobytes() for part in parts))
    assert np.array_equal(np.load(io.BytesIO(npy)), tiles[np.newaxis])


def test_chunk_rows_refuse_what_cannot_be_made():
    with pytest.raises(ValueError):
        mazegen.dask.chunk_rows("percolation", 10, 10, 4, seed=1)
    with pytest.raises(ValueError, match="more than a grid holds"):
        mazegen.dask.chunk_rows("backtrack", 2**40, 2**40, 64, seed=1)


def test_a_suite_in_partitions_writes_the_shards_of_mazegen_suite(client, tmp_path):
    spec = {"seed": 4, "split": [
        {"name": "train", "count": 40, "size": [4, 4]},
        {"name": "test", "count": 12, "size": [4, 4]},
    ]}
    paths = mazegen.dask.suite(spec, tmp_path / "spread", 3, client)
    names = sorted(os.path.basename(p) for p in paths)
    assert "train-00002-of-00003.parquet" in names and "manifest-00000-of-00003.json" in names
    pyarrow = pytest.importorskip("pyarrow.parquet")
    for split in ["train", "test"]:
        shards = sorted(glob.glob(str(tmp_path / "spread" / f"{split}-*.parquet")))
        seeds = [s for path in shards for s in pyarrow.read_table(path).column("seed").to_pylist()]
        assert seeds == mazegen.suite(spec, jobs=1)[split]["seed"].tolist()
