"""Windows of giant mazes: the region of the whole maze, the same on every visit."""

import json
import os
import subprocess

import numpy as np
import pytest

import mazegen

MAX = 2**63 - 1


@pytest.mark.parametrize("bias", ["north-west", "north-east", "south-west", "south-east"])
def test_a_binary_tree_window_is_the_region_of_the_whole_maze(bias):
    whole = mazegen.maze("binary-tree", 30, 20, seed=4, bias=bias, solve=False).tiles
    for row, column, height, width in [(0, 0, 20, 30), (3, 7, 5, 9), (19, 29, 1, 1), (0, 12, 20, 3)]:
        window = mazegen.window(
            "binary-tree", 30, 20, (row, column), width, height, seed=4, bias=bias
        )
        region = whole[2 * row:2 * (row + height) + 1, 2 * column:2 * (column + width) + 1]
        assert np.array_equal(window.tiles, region), (row, column, height, width)
        assert window.window == {
            "row": row, "column": column, "maze_width": 30, "maze_height": 20, "chunk": None,
        }


def test_chunked_windows_far_out_agree_and_list_their_exits():
    far = 2**61
    a = mazegen.window("kruskal", MAX, MAX, (far, far), 30, 20, seed=3, chunk=7)
    b = mazegen.window("kruskal", MAX, MAX, (far + 5, far + 10), 30, 20, seed=3, chunk=7)
    # Rows far+5..far+20 and columns far+10..far+30 lie in both.
    assert np.array_equal(a.tiles[10:41, 20:61], b.tiles[0:31, 0:41])
    assert np.array_equal(a.tiles, mazegen.window(
        "kruskal", MAX, MAX, (far, far), 30, 20, seed=3, chunk=7).tiles)
    assert a.perfect and a.window["chunk"] == 7
    # Each exit is an open tile of the frame.
    tiles = a.tiles
    for (row, column), side in a.exits:
        y, x = 2 * row + 1, 2 * column + 1
        dy, dx = {"north": (-1, 0), "south": (1, 0), "west": (0, -1), "east": (0, 1)}[side]
        assert tiles[y + dy, x + dx] == 0
    frame = np.concatenate([tiles[0], tiles[-1], tiles[1:-1, 0], tiles[1:-1, -1]])
    assert len(a.exits) == int((frame == 0).sum())


def test_a_chunked_window_is_the_same_on_any_number_of_jobs():
    def window(jobs):
        return mazegen.window("backtrack", 400, 300, (9, 17), 90, 70, seed=3, chunk=6, jobs=jobs)
    one = window(1)
    for jobs in (2, 3, 256, None):
        assert np.array_equal(window(jobs).tiles, one.tiles), jobs
    with pytest.raises(ValueError, match="jobs"):
        window(0)


def test_a_window_matches_the_command_line():
    binary = os.environ.get("MAZEGEN_BIN")
    if not binary:
        pytest.skip("MAZEGEN_BIN names no mazegen binary")
    args = [binary, "backtrack", "--chunk", "6", "--width", str(2**64 - 1), "--height",
            str(2**64 - 1), "--seed", "9", "--window", f"{2**40},{2**41},12,8", "--format", "json"]
    document = json.loads(subprocess.run(args, check=True, capture_output=True).stdout)
    window = mazegen.window("backtrack", MAX, MAX, (2**41, 2**40), 12, 8, seed=9, chunk=6)
    assert json.loads(window.to_json()) == document


def test_windows_solve_within_themselves_or_raise():
    maze = mazegen.window("binary-tree", 100, 100, (0, 0), 6, 4, seed=1, bias="north-west",
                          start=(3, 5), goal=(0, 0), solve=True)
    assert maze.solution[0].tolist() == [3, 5] and maze.solution[-1].tolist() == [0, 0]
    with pytest.raises(ValueError, match="window"):
        # Far from the corner, some pair of cells joins only outside the window.
        for row in range(6):
            for column in range(6):
                mazegen.window("binary-tree", 100, 100, (50, 50), 6, 6, seed=1,
                               start=(row, column), goal=(5, 5), solve=True)


def test_what_cannot_be_cut_raises():
    with pytest.raises(ValueError, match="does not lie within"):
        mazegen.window("binary-tree", 10, 10, (5, 5), 6, 6, seed=1)
    with pytest.raises(ValueError, match="chunks"):
        mazegen.window("wilson", 100, 100, (5, 5), 6, 6, seed=1)
    with pytest.raises(ValueError, match="maze_width"):
        mazegen.window("binary-tree", 2**63, 10, (0, 0), 2, 2)
    with pytest.raises(ValueError, match="origin"):
        mazegen.window("binary-tree", 10, 10, (0,), 2, 2)
