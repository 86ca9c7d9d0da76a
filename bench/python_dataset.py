"""mazegen.dataset in one Python process against maze-dataset's gen_dfs, in the same run.

    python3 bench/python_dataset.py [REPEATS]

Prints first the peak resident memory of making one million 10x10-cell mazes over the size of
their arrays (1.0x when they are written in place, never copied), then mazes a second (median
of REPEATS runs, 3 by default) for 10x10 cells solved and unsolved, 32x32 and 100x100 cells
(solved), every array filled, on both cores: by the clock, and per second of CPU time (all
threads), which moves far less with the load of a shared machine. The load average is printed
beside. Needs the package (pip install ./python); maze-dataset is measured where it is
installed.
"""

import os
import resource
import statistics
import sys
import time
import warnings

import numpy as np

import mazegen

REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 3


def kib(field):
    """A field of /proc/self/status in KiB (VmRSS, VmHWM), or None off Linux."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def rate(make, count):
    """Mazes a second by the clock and per CPU second: the medians of REPEATS runs."""
    clock, used = [], []
    for _ in range(REPEATS):
        start, start_cpu = time.perf_counter(), cpu()
        make(count)
        clock.append(time.perf_counter() - start)
        used.append(cpu() - start_cpu)
    return count / statistics.median(clock), count / statistics.median(used)


def ours(side, solve=True):
    return lambda count: mazegen.dataset(count, "backtrack", side, side, seed=1, solve=solve)


def theirs(count):
    from maze_dataset import LatticeMazeGenerators

    for _ in range(count):
        LatticeMazeGenerators.gen_dfs(np.array([10, 10]))


def load():
    return f"load {os.getloadavg()[0]:.1f}"


mazegen.dataset(10, "backtrack", 10, 10, seed=1)
before = kib("VmRSS")
d = mazegen.dataset(1_000_000, "backtrack", 10, 10, seed=1)
arrays = [d.tiles, d.connections, d.seeds, d.starts, d.goals, d.solutions, d.offsets]
nbytes = sum(a.nbytes for a in arrays)
print(f"arrays of 1,000,000 10x10-cell mazes: {nbytes / 2**20:,.0f} MiB", end="")
if before is not None:
    peak = (kib("VmHWM") - before) * 1024
    print(f"; peak resident memory while made {peak / nbytes:.2f}x their size")
else:
    print()
del d, arrays

results = {}
for name, make, count in [
    ("10x10", ours(10), 200_000),
    ("10x10 unsolved", ours(10, solve=False), 200_000),
    ("32x32", ours(32), 20_000),
    ("100x100", ours(100), 1_000),
]:
    results[name] = rate(make, count)
    clock, per_cpu = results[name]
    print(f"mazegen.dataset backtrack {name}: {clock:,.0f} mazes/s ({load()}), "
          f"{per_cpu:,.0f} per CPU second", flush=True)
try:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        peer, peer_cpu = rate(theirs, 500)
    ratio, cpu_ratio = results["10x10"][0] / peer, results["10x10"][1] / peer_cpu
    print(f"maze-dataset gen_dfs 10x10: {peer:,.0f} mazes/s ({load()}), {peer_cpu:,.0f} per "
          f"CPU second; mazegen.dataset (solved) is {ratio:,.0f}x by the clock, "
          f"{cpu_ratio:,.0f}x per CPU second")
except ImportError:
    print("maze-dataset is not installed: its rate is not measured")
