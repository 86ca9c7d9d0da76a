"""mazegen.dataset in one Python process against maze-dataset's gen_dfs, in the same run.

    python3 bench/python_dataset.py [REPEATS]

Prints mazes a second (median of REPEATS runs, 3 by default) for 10x10, 32x32 and 100x100
cells, with every array filled and every maze solved, and the bytes the arrays of one million
10x10-cell mazes take. Needs the package (pip install ./python); maze-dataset is measured
where it is installed.
"""

import statistics
import sys
import time
import warnings

import numpy as np

import mazegen

REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 3


def rate(make, count):
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        make(count)
        times.append(time.perf_counter() - start)
    return count / statistics.median(times)


def ours(side):
    return lambda count: mazegen.dataset(count, "backtrack", side, side, seed=1)


def theirs(count):
    from maze_dataset import LatticeMazeGenerators

    for _ in range(count):
        LatticeMazeGenerators.gen_dfs(np.array([10, 10]))


results = {}
for side, count in [(10, 200_000), (32, 20_000), (100, 1_000)]:
    results[side] = rate(ours(side), count)
    print(f"mazegen.dataset backtrack {side}x{side}: {results[side]:,.0f} mazes/s", flush=True)
try:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        peer = rate(theirs, 500)
    print(f"maze-dataset gen_dfs 10x10: {peer:,.0f} mazes/s; mazegen is {results[10] / peer:,.0f}x")
except ImportError:
    print("maze-dataset is not installed: its rate is not measured")
d = mazegen.dataset(10_000, "backtrack", 10, 10, seed=1)
arrays = [d.tiles, d.connections, d.seeds, d.starts, d.goals, d.solutions, d.offsets]
per_maze = sum(a.nbytes for a in arrays) / len(d)
print(f"arrays of 1,000,000 10x10-cell mazes: {per_maze * 1e6 / 2**20:,.0f} MiB")
