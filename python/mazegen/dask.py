"""Datasets spread over a Dask cluster: each partition is a shard of the same run, so the
arrays are the one-machine run's, byte for byte, for any number of partitions and workers.

>>> from dask.distributed import Client, LocalCluster
>>> import mazegen.dask
>>> client = Client(LocalCluster(n_workers=2))
>>> d = mazegen.dask.dataset(1_000_000, partitions=8, algorithm="wilson", seed=7)
>>> d.tiles                      # a dask array, one chunk a partition
>>> d.tiles[:10].compute()       # the first ten mazes, made where the cluster says
>>> d.to_npz("mazes/")           # or one .npz a partition, written by the workers

A maze larger than one machine is made a row of its chunks a task:

>>> rows = mazegen.dask.chunk_rows("backtrack", 100_000, 100_000, 64, seed=1)
>>> rows.map(lambda tiles: tiles.tobytes())   # ``--format npy``'s data, a row of chunks a part

Workers need only the package installed (``pip install ./python`` on each, or a container
with it): every maze is made from the run's seed and its index alone.
"""

from __future__ import annotations

import os
from typing import Any, List, Optional

import numpy as np

import mazegen

from . import _mazegen

try:
    import dask
    import dask.array as da
except ImportError as error:  # pragma: no cover - exercised where dask is missing
    raise ImportError(
        "mazegen.dask needs dask: pip install 'dask[array,distributed]'"
    ) from error

__all__ = ["DaskDataset", "chunk_rows", "dataset", "suite"]


def _bounds(count: int, partitions: int) -> List[int]:
    """Where each partition starts and the last one ends: ``mazegen --shard K/N``'s slices."""
    return [count * k // partitions for k in range(partitions + 1)]


def _part(count: int, k: int, partitions: int, seed: int, arguments: dict) -> "mazegen.Dataset":
    """Partition ``k`` (from 0): shard ``k + 1`` of ``partitions``, one job a worker thread."""
    arguments = dict(arguments)
    arguments.setdefault("jobs", 1)
    return mazegen.dataset(count, seed=seed, shard=(k + 1, partitions), **arguments)


class DaskDataset:
    """A dataset made in partitions: ``tiles``, ``connections``, ``seeds``, ``starts`` and
    ``goals`` are dask arrays chunked by partition (maze ``i`` in row ``i``, as in
    ``mazegen.Dataset``); ``partition(k)`` is the ``Dataset`` of one partition."""

    def __init__(self, count: int, partitions: int, seed: int, arguments: dict) -> None:
        self.count = count
        self.partitions = partitions
        self.seed = seed
        """The run's seed: ``mazegen.dataset(count, seed=seed, ...)`` makes the same mazes."""
        bounds = _bounds(count, partitions)
        self._parts = [
            dask.delayed(_part, pure=True)(count, k, partitions, seed, arguments)
            for k in range(partitions)
        ]
        self._sizes = [bounds[k + 1] - bounds[k] for k in range(partitions)]
        # One maze made here tells the arrays' shapes and types.
        probe = mazegen.dataset(1, seed=seed, **{**arguments, "jobs": 1, "unique": False})
        self.tiles = self._stack("tiles", probe.tiles)
        self.connections = self._stack("connections", probe.connections)
        self.seeds = self._stack("seeds", probe.seeds)
        self.starts = self._stack("starts", probe.starts)
        self.goals = self._stack("goals", probe.goals)

    def _stack(self, name: str, probe: Optional[np.ndarray]) -> Any:
        if probe is None:
            return None
        chunks = [
            da.from_delayed(
                dask.delayed(getattr, pure=True)(part, name),
                shape=(size, *probe.shape[1:]),
                dtype=probe.dtype,
            )
            for part, size in zip(self._parts, self._sizes)
        ]
        return da.concatenate(chunks, axis=0)

    def partition(self, k: int) -> Any:
        """Partition ``k`` (from 0) as a delayed ``mazegen.Dataset``."""
        return self._parts[k]

    def to_npz(self, directory: str, compute: bool = True) -> Any:
        """Writes one ``part-K.npz`` a partition into ``directory`` (made if missing), each
        holding ``tiles``, ``connections``, ``seeds``, ``starts``, ``goals``, ``solutions``
        and ``offsets`` as ``mazegen.Dataset`` has them; the workers write their own
        partitions. Returns the paths, or the delayed writes with ``compute=False``."""
        os.makedirs(directory, exist_ok=True)
        digits = len(str(self.partitions - 1))
        writes = [
            dask.delayed(_write_npz, pure=False)(
                part, os.path.join(directory, f"part-{k:0{digits}}.npz")
            )
            for k, part in enumerate(self._parts)
        ]
        return list(dask.compute(*writes)) if compute else writes

    def __repr__(self) -> str:
        return (
            f"<mazegen.dask.DaskDataset of {self.count} mazes in {self.partitions} "
            f"partitions, seed {self.seed}>"
        )


def _write_npz(part: "mazegen.Dataset", path: str) -> str:
    arrays = {
        name: getattr(part, name)
        for name in ("tiles", "connections", "seeds", "starts", "goals", "solutions", "offsets")
        if getattr(part, name) is not None
    }
    partial = path + ".partial"
    with open(partial, "wb") as out:
        np.savez(out, **arrays)
    os.replace(partial, path)
    return path


def dataset(
    count: int,
    partitions: Optional[int] = None,
    client: Any = None,
    *,
    seed: Optional[int] = None,
    **arguments: Any,
) -> DaskDataset:
    """``mazegen.dataset(count, ...)`` as ``partitions`` dask tasks (one per worker thread of
    ``client`` by default, or 8 without one); with a ``client``, the arrays are persisted on
    its cluster. Without ``seed`` one is drawn here, so every partition shares it. Takes
    every argument of ``mazegen.dataset`` but ``shard`` (the partitions are the shards),
    ``jobs`` (one thread a task; a worker runs as many tasks as it has threads) and
    ``tokens`` and ``tokenizer`` (make a partition's with ``mazegen.dataset(..., shard=(k, n),
    tokens=True)``)."""
    for taken in ("shard", "jobs"):
        if taken in arguments:
            raise TypeError(f"mazegen.dask.dataset sets {taken} itself: one a partition")
    if "tokens" in arguments or "tokenizer" in arguments:
        raise TypeError("mazegen.dask.dataset makes arrays, not tokens: see partition(k)")
    count = mazegen._whole("count", count, 0, mazegen._U64, optional=False)
    partitions = mazegen._whole("partitions", partitions, 1, mazegen._U64)
    if partitions is None:
        threads = sum(client.nthreads().values()) if client is not None else 8
        partitions = min(threads, max(count, 1))
    if partitions < 1 or partitions > max(count, 1):
        raise ValueError(f"partitions {partitions}: expected 1 to the count ({count})")
    if seed is None:
        seed = _mazegen.draw_seed()
    # Check the arguments here, at once, not on the workers.
    mazegen.dataset(0, seed=seed, **arguments)
    result = DaskDataset(count, partitions, seed, arguments)
    if client is not None:
        names = ["tiles", "connections", "seeds", "starts", "goals"]
        arrays = [getattr(result, name) for name in names]
        persisted = client.persist([a for a in arrays if a is not None])
        for name, array in zip([n for n, a in zip(names, arrays) if a is not None], persisted):
            setattr(result, name, array)
    return result


def _chunk_row(
    algorithm: str, maze_width: int, maze_height: int, chunk: int, k: int, seed: int,
    options: dict,
) -> List[np.ndarray]:
    """Row ``k`` of chunks as its tile rows: the window of all its cells, less its top wall
    but for the first (the row above ends with it)."""
    top = k * chunk
    rows = min(chunk, maze_height - top)
    window = mazegen.window(
        algorithm, maze_width, maze_height, (top, 0), maze_width, rows, seed=seed, chunk=chunk,
        **options,
    )
    tiles = window.tiles
    return [tiles if k == 0 else tiles[1:]]


def chunk_rows(
    algorithm: str,
    maze_width: int,
    maze_height: int,
    chunk: int,
    *,
    seed: Optional[int] = None,
    **options: Any,
) -> Any:
    """The chunked maze ``maze_width x maze_height`` cells in ``chunk``-cell chunks that
    ``mazegen ALGORITHM --cells WxH --chunk C --seed S`` makes, as a Dask bag of one item a
    partition: row ``k`` of chunks as its tile rows (``uint8``, 1 wall, 0 passage; the first
    with the top wall). Each task makes its row of chunks alone, in memory proportional to
    ``maze_width x chunk``; the items' bytes in order are ``--format npy``'s data (its header
    is ``(1, 2 x maze_height + 1, 2 x maze_width + 1)``), and their rows the lines of
    ``--format text``. A row of chunks holds at most 2^30 cells. Without ``seed`` one is drawn
    here, so every task shares it; ``options`` are the algorithm's, as ``mazegen.window`` takes
    them."""
    import dask.bag as db

    maze_width = mazegen._whole("maze_width", maze_width, 1, mazegen._MAX_SIDE, optional=False)
    maze_height = mazegen._whole("maze_height", maze_height, 1, mazegen._MAX_SIDE, optional=False)
    chunk = mazegen._whole("chunk", chunk, 1, mazegen._U32, optional=False)
    if seed is None:
        seed = _mazegen.draw_seed()
    # Check the arguments here, at once, not on the workers: the first cell alone.
    mazegen.window(algorithm, maze_width, maze_height, (0, 0), 1, 1, seed=seed, chunk=chunk,
                   **options)
    if maze_width * min(chunk, maze_height) > 2**30:
        raise ValueError(
            f"maze_width {maze_width} and chunk {chunk}: a row of chunks of "
            f"{maze_width * min(chunk, maze_height)} cells is more than a grid holds (2^30)"
        )
    rows = -(-maze_height // chunk)
    parts = [
        dask.delayed(_chunk_row)(algorithm, maze_width, maze_height, chunk, k, seed, options)
        for k in range(rows)
    ]
    return db.from_delayed(parts)


def _suite_part(spec: Any, output: str, k: int, partitions: int) -> List[str]:
    """Shard ``k + 1`` of ``partitions`` of every split, written into ``output``."""
    return mazegen.suite(spec, output=output, jobs=1, shard=(k + 1, partitions))


def suite(
    spec: Any, output: str, partitions: int, client: Any = None, compute: bool = True
) -> Any:
    """``mazegen.suite(spec, output=...)`` as ``partitions`` dask tasks, each writing the files
    ``mazegen suite SPEC.toml -o OUTPUT --shard K/N`` writes (``SPLIT-0000{K-1}-of-0000N``
    and its picture and manifest) into ``output``, a directory every worker reaches. The rows
    of the shards, in order, are the suite's. Returns the paths, or the delayed writes with
    ``compute=False``."""
    partitions = mazegen._whole("partitions", partitions, 1, mazegen._U64, optional=False)
    # Check the spec here, at once, not on the workers.
    if isinstance(spec, dict):
        mazegen.suite({**spec, "split": [{**s, "count": 1} for s in spec.get("split", [])]})
    output = os.fspath(output)
    writes = [
        dask.delayed(_suite_part, pure=False)(spec, output, k, partitions)
        for k in range(partitions)
    ]
    if not compute:
        return writes
    done = client.compute(writes, sync=True) if client is not None else dask.compute(*writes)
    return [path for paths in done for path in paths]
