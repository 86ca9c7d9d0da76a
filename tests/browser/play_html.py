"""Plays a page of `mazegen ... --format html` in a real browser: headless Chromium driven by
Selenium. It walks the solution by key presses, checks that the goal message appears, that a
key pressed into a wall leaves the marker where it is, that the pad's buttons and the solution
button work, that a screenshot of the page is not blank, and that print styles leave the maze
alone on paper.

    python3 tests/browser/play_html.py PAGE.html [PAGE.html ...]

Run by the Rust test `html::pages_play_in_a_real_browser` (tests/integration/html.rs) where
python3 has selenium and Chromium and chromedriver are installed (`.ci/run` installs them).
Set CHROMIUM and CHROMEDRIVER to use other binaries, and SCREENSHOTS to a directory to keep
the screenshots (PAGE.png). Prints one line per page and exits 0 when every check passes;
otherwise prints what failed and exits 1.
"""

import json
import math
import os
import pathlib
import shutil
import struct
import sys
import tempfile
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# Keys by direction on the screen (y down): arrows and WASD, taken in turn, and the diagonals
# the page offers on hexagons, triangles and rings.
KEYS = {
    (0, -1): [Keys.ARROW_UP, "w"],
    (0, 1): [Keys.ARROW_DOWN, "s"],
    (-1, 0): [Keys.ARROW_LEFT, "a"],
    (1, 0): [Keys.ARROW_RIGHT, "d"],
    (-1, -1): ["q"],
    (1, -1): ["e"],
    (-1, 1): ["z"],
    (1, 1): ["c"],
}


class Failed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failed(what)


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=900,900",
        "--user-data-dir=" + profile,
    ]:
        options.add_argument(flag)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def png_pixels(data):
    """The pixels of an 8-bit, non-interlaced RGB or RGBA PNG as (width, height, rows of
    bytes, bytes per pixel)."""
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "the screenshot is a PNG")
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    check(depth == 8 and colour in (2, 6) and interlace == 0, "an 8-bit RGB(A) screenshot")
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = previous[x]
            c = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows, bpp


def not_blank(png, what):
    """Checks that a screenshot has several colors and enough pixels off its commonest one."""
    width, height, rows, bpp = png_pixels(png)
    counts = {}
    for row in rows:
        for x in range(0, width * bpp, bpp):
            pixel = row[x : x + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    total = width * height
    background = max(counts.values())
    check(len(counts) >= 3, f"{what}: {len(counts)} colors")
    check(total - background >= total // 20, f"{what}: {total - background} of {total} pixels off the background")
    return len(counts), (total - background) / total


def play(driver, page):
    driver.get(pathlib.Path(page).resolve().as_uri())
    graph = json.loads(driver.find_element(By.ID, "maze-graph").get_attribute("textContent"))
    check(graph["schema"] == "mazegen.graph/v1", "the page carries a graph document")
    cells = {cell["id"]: cell for cell in graph["cells"]}
    open_ = {id_: set() for id_ in cells}
    for passage in graph["passages"]:
        open_[passage["a"]].add(passage["b"])
        open_[passage["b"]].add(passage["a"])
    solution = graph["solution"]
    check(solution[0] == graph["start"] and solution[-1] == graph["goal"], "the solution runs from start to goal")
    marker = driver.find_element(By.ID, "marker")
    message = driver.find_element(By.ID, "message")

    def at():
        return int(marker.get_attribute("data-cell")), marker.get_attribute("cx"), marker.get_attribute("cy")

    rect = graph["shape"]["kind"] in ("rect", "mask")
    directions = [d for d in KEYS if not rect or 0 in d]

    def cos(a, b, d):
        dx, dy = cells[b]["x"] - cells[a]["x"], cells[b]["y"] - cells[a]["y"]
        return (d[0] * dx + d[1] * dy) / (math.hypot(*d) * math.hypot(dx, dy))

    def moves_to(a, d):
        """Where a key for direction d takes the marker from cell a, as the page should decide:
        the open neighbour nearest the direction, within 60 degrees; None into a wall."""
        best, best_cos = None, 0.5
        for b in sorted(open_[a]):
            if cos(a, b, d) > best_cos + 1e-9:
                best, best_cos = b, cos(a, b, d)
        return best

    def direction(a, b):
        """A key direction that takes the marker from cell a to cell b, one that no other
        passage lies as near where there is one."""
        ways = [d for d in directions if moves_to(a, d) == b]
        check(ways, f"a key from cell {a} to cell {b}")
        clear = [d for d in ways if all(cos(a, c, d) < cos(a, b, d) - 1e-6 for c in open_[a] if c != b)]
        return (clear or ways)[0]

    def press(key):
        ActionChains(driver).send_keys(key).perform()

    check(at()[0] == graph["start"], "the marker starts on the start")
    check(not message.is_displayed(), "no message before the goal")

    # Into a wall: every direction that no open passage from the start takes.
    start = graph["start"]
    walls = [d for d in directions if moves_to(start, d) is None]
    if rect:
        check(walls, "a wall beside the start")
    before = at()
    for d in walls:
        for key in KEYS[d]:
            press(key)
    check(at() == before, f"keys into walls {walls} moved the marker from {before} to {at()}")
    check(driver.find_element(By.ID, "moves").text == "0", "no move counted into a wall")

    # The pad's buttons: the first step of the solution and back.
    first = direction(solution[0], solution[1])
    back = direction(solution[1], solution[0])
    for d, expected in [(first, solution[1]), (back, solution[0])]:
        button = driver.find_element(By.CSS_SELECTOR, f'#pad button[data-dx="{d[0]}"][data-dy="{d[1]}"]')
        button.click()
        check(at()[0] == expected, f"button {d} took the marker to {at()[0]}, not {expected}")
    driver.find_element(By.ID, "restart").click()

    # A swipe on the maze (touch events, as a finger sends them) takes the first step too.
    swipe = """
        const [board, dx, dy] = arguments;
        const touch = (x, y) => new Touch({identifier: 1, target: board, clientX: x, clientY: y});
        const send = (type, t) => board.dispatchEvent(new TouchEvent(type, {
            bubbles: true, cancelable: true, touches: type === "touchend" ? [] : [t],
            targetTouches: type === "touchend" ? [] : [t], changedTouches: [t]}));
        send("touchstart", touch(200, 200));
        send("touchmove", touch(200 + dx / 2, 200 + dy / 2));
        send("touchend", touch(200 + dx, 200 + dy));
    """
    board = driver.find_element(By.ID, "board")
    driver.execute_script(swipe, board, 60 * first[0], 60 * first[1])
    check(at()[0] == solution[1], f"a swipe {first} took the marker to {at()[0]}, not {solution[1]}")
    driver.execute_script(swipe, board, 5 * back[0], 5 * back[1])
    check(at()[0] == solution[1], "a tap is no swipe")
    driver.find_element(By.ID, "restart").click()

    def inner_wall(a):
        """A direction from cell a toward a neighbour behind a wall, not the outer wall."""
        for d in directions:
            near = [c for c in cells[a]["neighbours"] if c not in open_[a] and cos(a, c, d) > 0.99]
            if near and moves_to(a, d) is None:
                return d
        return None

    # The solution by keys, arrows and WASD in turn, pushing into a wall between cells on the
    # way wherever there is one.
    inner_walls = 0
    for k, (a, b) in enumerate(zip(solution, solution[1:])):
        wall = inner_wall(a)
        if wall is not None:
            before = at()
            press(KEYS[wall][k % len(KEYS[wall])])
            check(at() == before, f"a key into the wall {wall} of cell {a} moved the marker to {at()}")
            inner_walls += 1
        keys = KEYS[direction(a, b)]
        press(keys[k % len(keys)])
        check(at()[0] == b, f"step {k + 1}: the marker is on cell {at()[0]}, not {b}")
    check(message.is_displayed(), "the goal message is shown")
    check("goal" in message.text, f"the goal message says so: {message.text!r}")
    steps = len(solution) - 1
    check(inner_walls > 0, "a wall between cells beside the solution")
    check(str(steps) in message.text, f"the message counts {steps} moves: {message.text!r}")

    # The solution button shows the solution and hides it again.
    toggle = driver.find_element(By.ID, "toggle-solution")
    shown = driver.find_element(By.ID, "solution")
    check(not shown.is_displayed(), "the solution starts hidden")
    toggle.click()
    check(shown.is_displayed(), "the button shows the solution")
    screenshot = driver.get_screenshot_as_png()
    if os.environ.get("SCREENSHOTS"):
        name = pathlib.Path(page).with_suffix(".png").name
        pathlib.Path(os.environ["SCREENSHOTS"], name).write_bytes(screenshot)
    colors, share = not_blank(screenshot, "the screenshot")
    board_colors, _ = not_blank(driver.find_element(By.ID, "board").screenshot_as_png, "the maze")
    toggle.click()
    check(not shown.is_displayed(), "the button hides the solution again")

    # Printed, the page is the maze alone: no buttons, messages, marker or trail.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        check(driver.find_element(By.CSS_SELECTOR, "#board svg").is_displayed(), "the maze is printed")
        for hidden in ["message", "controls", "marker", "trail", "restart"]:
            check(not driver.find_element(By.ID, hidden).is_displayed(), f"#{hidden} is not printed")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    return f"{page}: {steps} moves to the goal, walls {walls} at the start and {inner_walls} on the way held, {colors} colors ({share:.0%} off the background), maze {board_colors} colors"


def main():
    pages = sys.argv[1:]
    if not pages:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    profile = tempfile.mkdtemp(prefix="mazegen-chromium-")
    driver = None
    try:
        driver = browser(profile)
        for page in pages:
            print(play(driver, page), flush=True)
    except Failed as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
