#!/usr/bin/env python3
"""Whole-process runs of the mazegen binary beside the knossos 1.2 command line, in one run.

Usage: bench/whole_process.py MAZEGEN KNOSSOS [RUNS]

MAZEGEN is a release build (cargo build --release: target/release/mazegen), KNOSSOS the
peer's binary (cargo install knossos@1.2.0 --root /tmp/knossos-cli: /tmp/knossos-cli/bin/knossos).
Each case runs RUNS times (default 11), mazegen and knossos alternating, each through
`bash -c` with an unlimited stack (knossos's backtracker recurses once per cell), writing to a
file under /tmp: mazegen to its standard output redirected, knossos to its -O path (neither
syncs to disk). Prints the median wall time and the median CPU time (user + system, bash's
start included for both) of each, and their ratio, then the load average: on a shared machine
wall times move with the load, CPU times much less. (Peak memory: `/usr/bin/time -f %M`.)
"""
import os
import statistics
import subprocess
import sys
import time


def cases(mazegen, knossos):
    """(name, mazegen's command, knossos's command or None)."""
    k = f"{knossos} generate -W 1000 -H 1000 --seed 1"
    m = f"{mazegen}"
    return [
        ("binary-tree text, 1000x1000 cells",
         f"{m} binary-tree --size 2001 --seed 1 --format text > /tmp/wp-m.txt",
         f"{k} -A binary-tree --bias=south-east ascii -O /tmp/wp-k.txt"),
        ("backtrack colored term, 1000x1000 cells",
         f"{m} backtrack --size 2001 --seed 1 --color always > /tmp/wp-m.txt",
         f"{k} -A recursive-backtracking ascii -O /tmp/wp-k.txt"),
        ("recursive-division text, 1000x1000 cells",
         f"{m} recursive-division --size 2001 --seed 1 --format text > /tmp/wp-m.txt",
         f"{k} -A recursive-division ascii -O /tmp/wp-k.txt"),
        ("binary-tree text, 20001x20001 tiles",
         f"{m} binary-tree --size 20001 --seed 1 --format text > /dev/null", None),
        ("binary-tree colored term, 20001x20001 tiles",
         f"{m} binary-tree --size 20001 --seed 1 --color always > /dev/null", None),
        ("binary-tree png --scale 1, 20001x20001 tiles",
         f"{m} binary-tree --size 20001 --seed 1 --format png --scale 1 > /tmp/wp-m.png", None),
        ("eller text, 1000x100000 cells",
         f"{m} eller --width 2001 --height 200001 --seed 1 --format text > /dev/null", None),
    ]


def run(command):
    """Wall time and CPU time of `command`."""
    start = time.perf_counter()
    child = subprocess.Popen(["bash", "-c", "ulimit -s unlimited; exec " + command],
                             stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    assert status == 0, command
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main():
    mazegen, knossos = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 11
    median = statistics.median
    for name, ours, theirs in cases(mazegen, knossos):
        times = {"mazegen": [], "knossos": []}
        for _ in range(runs):
            for who, command in (("mazegen", ours), ("knossos", theirs)):
                if command:
                    times[who].append(run(command))
        m = times["mazegen"]
        line = (f"{name}: mazegen wall {median(t[0] for t in m) * 1e3:.1f} ms, "
                f"CPU {median(t[1] for t in m) * 1e3:.1f} ms")
        k = times["knossos"]
        if k:
            wall = median(t[0] for t in m) / median(t[0] for t in k)
            cpu = median(t[1] for t in m) / median(t[1] for t in k)
            line += (f"; knossos wall {median(t[0] for t in k) * 1e3:.1f} ms, "
                     f"CPU {median(t[1] for t in k) * 1e3:.1f} ms; "
                     f"ratio wall {wall:.2f}x, CPU {cpu:.2f}x")
        print(line, flush=True)
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
