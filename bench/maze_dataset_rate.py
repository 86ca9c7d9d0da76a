"""Mazes a second of maze-dataset (PyPI `maze-dataset`, with `muutils==0.8.12`) at 10x10 cells,
for the side-by-side comparison of bench/dataset.sh: its raw generators, and a whole dataset
(generated and solved) from a config, in one process. Prints `name rate` lines; the median of
three runs each."""

import statistics
import sys
import time

import numpy as np
from maze_dataset import LatticeMazeGenerators, MazeDataset, MazeDatasetConfig


def rate(make, count):
    """The median mazes a second of three runs of `make(count)`."""
    rates = []
    for _ in range(3):
        start = time.perf_counter()
        make(count)
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def raw(generator):
    def make(count):
        for _ in range(count):
            generator(np.array([10, 10]))

    return make


def dataset(generator):
    def make(count):
        config = MazeDatasetConfig(name="bench", grid_n=10, n_mazes=count, maze_ctor=generator)
        MazeDataset.from_config(
            config,
            load_local=False,
            do_download=False,
            save_local=False,
            do_generate=True,
            verbose=False,
            gen_parallel=False,
        )

    return make


scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
G = LatticeMazeGenerators
for name, make, count in [
    ("dfs-raw", raw(G.gen_dfs), 2000),
    ("dfs-dataset", dataset(G.gen_dfs), 2000),
    ("wilson-raw", raw(G.gen_wilson), 200),
    ("wilson-dataset", dataset(G.gen_wilson), 200),
]:
    print(name, round(rate(make, max(1, int(count * scale)))), flush=True)
