#!/usr/bin/env python3
"""Whole-process runs of the mazegen binary beside the knossos 1.2 command line, in one run.

Usage: bench/whole_process.py MAZEGEN KNOSSOS [RUNS] [ALGORITHM|all]

MAZEGEN is a release build (cargo build --release: target/release/mazegen), KNOSSOS the
peer's binary (cargo install knossos@1.2.0 --root /tmp/knossos-cli: /tmp/knossos-cli/bin/knossos).
Each case runs RUNS times (default 11), mazegen and knossos alternating, each through
`bash -c` with an unlimited stack (knossos's backtracker recurses once per cell), writing to a
file under /tmp: mazegen to its standard output redirected, knossos to its -O path (neither
syncs to disk). Every algorithm both tools have runs as text and as colored terminal output
against knossos's ASCII; ALGORITHM runs just its two cases, `all` every algorithm without the
giant cases. Beside each mazegen output written to a file, `cat` of the same bytes into
another file gives the floor that writing them sets. Prints the median wall time and the median CPU time (user + system, bash's
start included for both) of each, and their ratio, then the load average: on a shared machine
wall times move with the load, CPU times much less. (Peak memory: `/usr/bin/time -f %M`.)
"""
import os
import statistics
import subprocess
import sys
import time


# Every algorithm both tools have: mazegen's subcommand and options, knossos's `-A` and options.
# knossos's Prim is the simplified one; its Kruskal is quadratic, so it runs at 200x200 cells.
SHARED = [
    ("binary-tree", "binary-tree", "-A binary-tree --bias=south-east", 1000),
    ("sidewinder", "sidewinder", "-A sidewinder", 1000),
    ("eller", "eller", "-A eller", 1000),
    ("backtrack", "backtrack", "-A recursive-backtracking", 1000),
    ("prim --simplified", "prim --simplified", "-A prim", 1000),
    ("kruskal", "kruskal", "-A kruskal", 200),
    ("hunt-and-kill", "hunt-and-kill", "-A hunt-and-kill", 1000),
    ("growing-tree", "growing-tree", "-A growing-tree --growing-method=newest", 1000),
    ("recursive-division", "recursive-division", "-A recursive-division", 1000),
    ("aldous-broder", "aldous-broder", "-A aldous-broder", 1000),
]


def cases(mazegen, knossos, only):
    """(name, mazegen's command, knossos's command or None)."""
    out = []
    for name, ours, theirs, cells in SHARED:
        if only and only not in ("all", name.split()[0]):
            continue
        k = f"{knossos} generate -W {cells} -H {cells} --seed 1 {theirs} ascii -O /tmp/wp-k.txt"
        tiles = 2 * cells + 1
        m = f"{mazegen} {ours} --size {tiles} --seed 1"
        out.append((f"{name} text, {cells}x{cells} cells", f"{m} --format text > /tmp/wp-m.txt", k))
        out.append((f"{name} colored term, {cells}x{cells} cells",
                    f"{m} --color always > /tmp/wp-m.txt", k))
    if only:
        return out
    m = f"{mazegen}"
    return out + [
        ("binary-tree text, 20001x20001 tiles",
         f"{m} binary-tree --size 20001 --seed 1 --format text > /dev/null", None),
        ("binary-tree colored term, 20001x20001 tiles",
         f"{m} binary-tree --size 20001 --seed 1 --color always > /dev/null", None),
        ("binary-tree png --scale 1, 20001x20001 tiles",
         f"{m} binary-tree --size 20001 --seed 1 --format png --scale 1 > /tmp/wp-m.png", None),
        ("eller text, 1000x100000 cells",
         f"{m} eller --width 2001 --height 200001 --seed 1 --format text > /dev/null", None),
        ("startup: mazegen --version", f"{m} --version > /tmp/wp-m.txt", None),
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
    only = sys.argv[4] if len(sys.argv) > 4 else None
    median = statistics.median
    for name, ours, theirs in cases(mazegen, knossos, only):
        times = {"mazegen": [], "knossos": []}
        for _ in range(runs):
            for who, command in (("mazegen", ours), ("knossos", theirs)):
                if command:
                    times[who].append(run(command))
        m = times["mazegen"]
        line = (f"{name}: mazegen wall {median(t[0] for t in m) * 1e3:.1f} ms, "
                f"CPU {median(t[1] for t in m) * 1e3:.1f} ms")
        if "> /tmp/wp-m.txt" in ours:
            # The floor for writing: `cat` of the same bytes into a file, as many runs.
            copy = [run("cat /tmp/wp-m.txt > /tmp/wp-c.txt") for _ in range(runs)]
            size = os.path.getsize("/tmp/wp-m.txt") / 1e6
            line += (f" ({size:.1f} MB; cat of them: wall {median(t[0] for t in copy) * 1e3:.1f} ms, "
                     f"CPU {median(t[1] for t in copy) * 1e3:.1f} ms)")
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
