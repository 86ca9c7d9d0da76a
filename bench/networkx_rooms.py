#!/usr/bin/env python3
"""The peer of `cargo bench -p mazegen-bench --bench rooms` (group rooms-graph): what a Python
user would write for the same job with networkx, a random G(n, p) graph made connected by a
random spanning tree, at the same n and p = ln(n)/n.

    pip install networkx        # not needed by CI
    python3 bench/networkx_rooms.py [--runs 5] [--counts 1000,10000,100000,1000000]

Prints the median wall time of several runs per n. The graph is built exactly as mazegen's
abstract graph is (tree edges, then G(n, p) edges not already present), but with networkx's own
generators: `fast_gnp_random_graph` (Batagelj-Brandes geometric skipping, like mazegen) and
`random_labeled_tree` (a uniform random tree).
"""

import argparse
import math
import statistics
import time

import networkx as nx


def rooms_graph(n: int, p: float, seed: int) -> nx.Graph:
    """A random spanning tree plus G(n, p) extra edges on n rooms."""
    graph = nx.random_labeled_tree(n, seed=seed) if n > 1 else nx.empty_graph(n)
    graph.add_edges_from(nx.fast_gnp_random_graph(n, p, seed=seed + 1).edges())
    return graph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--counts", default="1000,10000,100000,1000000")
    args = parser.parse_args()
    print(f"networkx {nx.__version__}")
    for n in (int(c) for c in args.counts.split(",")):
        p = math.log(n) / n
        times = []
        for run in range(args.runs):
            start = time.perf_counter()
            graph = rooms_graph(n, p, seed=42 + 2 * run)
            times.append(time.perf_counter() - start)
        assert nx.is_connected(graph)
        print(
            f"n={n:>9} p={p:.3g} edges={graph.number_of_edges():>9} "
            f"median {statistics.median(times) * 1e3:10.2f} ms over {args.runs} runs"
        )


if __name__ == "__main__":
    main()
