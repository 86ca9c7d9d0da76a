"""Maze.shortest_paths: reachability, length in steps, the exact count as an int, and the
paths up to a cap, checked against networkx's own shortest paths where it is installed."""

import pytest

import mazegen

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def walk(start, moves):
    """The cells a move string visits from ``start``, as (row, column)."""
    cells = [start]
    for move in moves:
        row, column = cells[-1]
        step = MOVES[move]
        cells.append((row + step[0], column + step[1]))
    return cells


def test_a_perfect_maze_has_one_shortest_path():
    maze = mazegen.maze("backtrack", 9, 7, seed=4)
    found = maze.shortest_paths()
    assert found.reachable and found.count == 1 and len(found.paths) == 1
    assert walk(maze.start, found.paths[0]) == [tuple(c) for c in maze.solution.tolist()]
    assert found.length == len(maze.solution) - 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_braided_maze_counts_as_networkx_does(seed):
    nx = pytest.importorskip("networkx")
    maze = mazegen.maze("kruskal", 8, 8, seed=seed, braid=1.0)
    found = maze.shortest_paths(cap=1000)
    graph = maze.graph()
    expected = sorted(nx.all_shortest_paths(graph, maze.start, maze.goal))
    assert isinstance(found.count, int) and found.count == len(expected)
    assert found.length == len(expected[0]) - 1
    assert sorted(walk(maze.start, moves) for moves in found.paths) == expected


def test_the_cap_and_shapes_without_moves():
    maze = mazegen.maze("kruskal", 8, 8, seed=2, braid=1.0)
    assert maze.shortest_paths(cap=0).paths == []
    assert len(maze.shortest_paths(cap=1).paths) == 1
    with pytest.raises(ValueError, match="cap -1"):
        maze.shortest_paths(cap=-1)
    hexes = mazegen.maze("kruskal", 5, 4, seed=2, shape="hex", braid=1.0)
    found = hexes.shortest_paths(cap=2)
    assert found.paths[0][0] == hexes.start and found.paths[0][-1] == hexes.goal


def test_a_count_past_64_bits_is_a_whole_int():
    # An open grid: every wall down. Corner to corner, C(2n - 2, n - 1) shortest paths.
    import math

    maze = mazegen.maze("percolation", 40, 40, seed=1, p=1.0)
    found = maze.shortest_paths(cap=2)
    assert found.count == math.comb(78, 39) and found.count > 2**64
