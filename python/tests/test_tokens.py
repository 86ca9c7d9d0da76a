"""maze-dataset's tokens: `Maze.tokens()`, `dataset(tokens=True)` and `--format tokens` give the
same lines, and maze-dataset's own `SolvedMaze.from_tokens` reads every one back to the same
connections, start, goal and solution."""

import os
import subprocess
import warnings

import numpy as np
import pytest

import mazegen


def from_tokens(line):
    maze_dataset = pytest.importorskip("maze_dataset")
    # maze-dataset warns about its optional parts and deprecated calls on every read.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from maze_dataset.tokenization import TokenizationMode

        mode = TokenizationMode.AOTP_UT_uniform
        return maze_dataset.SolvedMaze.from_tokens(line.split(), mode)


@pytest.mark.parametrize("width, height", [(6, 6), (7, 5)])
def test_tokens_read_back_by_maze_dataset(width, height):
    for algorithm in ["wilson", "backtrack", "binary-tree"]:
        ds = mazegen.dataset(40, algorithm, width, height, seed=21, tokens=True, braid=0.3)
        assert len(ds.tokens) == 40
        for i, line in enumerate(ds.tokens):
            solved = from_tokens(line)
            # maze-dataset's grids are square: a wider maze reads back padded below.
            side = max(width, height)
            assert solved.connection_list.shape == (2, side, side)
            read = solved.connection_list[:, :height, :width]
            assert np.array_equal(read, ds.connections[i])
            assert not solved.connection_list[:, height:, :].any()
            assert tuple(solved.start_pos) == tuple(ds.starts[i])
            assert tuple(solved.end_pos) == tuple(ds.goals[i])
            assert np.array_equal(solved.solution, ds.solution(i))


def test_the_same_lines_from_maze_dataset_and_the_command_line():
    ds = mazegen.dataset(25, "prim", 6, 6, seed=4, tokens=True, endpoints="farthest")
    for i, line in enumerate(ds.tokens):
        maze = mazegen.maze("prim", 6, 6, seed=int(ds.seeds[i]), endpoints="farthest")
        assert maze.tokens() == line
    binary = os.environ.get("MAZEGEN_BIN")
    if not binary:
        pytest.skip("MAZEGEN_BIN names no mazegen binary")
    args = ["prim", "--size", "13", "--count", "25", "--seed", "4", "--endpoints", "farthest",
            "--format", "tokens"]
    lines = subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout
    assert lines.splitlines() == ds.tokens


def test_the_order_is_seeded_and_solving_moves_nothing():
    a = mazegen.maze("kruskal", 8, 8, seed=3)
    assert a.tokens() == mazegen.maze("kruskal", 8, 8, seed=3, solve=False).tokens()
    assert a.tokens() != mazegen.maze("kruskal", 8, 8, seed=4).tokens()
    assert a.tokens().count(" <--> ") == 63


def test_other_shapes_have_no_tokens():
    with pytest.raises(ValueError, match="tokens"):
        mazegen.maze("wilson", shape="hex").tokens()
    with pytest.raises(ValueError, match="not of a polar maze"):
        mazegen.dataset(3, "wilson", shape="polar", tokens=True)
