(function () {
  "use strict";
  // The maze as a mazegen.graph/v1 document: cells (id, centre x and y in cell units),
  // passages (a, b), start, goal and solution.
  var graph = JSON.parse(document.getElementById("maze-graph").textContent);
  var board = document.getElementById("board");
  // Where a cell's centre lies in the picture: origin + cell units * unit.
  var origin = Number(board.getAttribute("data-origin"));
  var unit = Number(board.getAttribute("data-unit"));
  var marker = document.getElementById("marker");
  var trail = document.getElementById("trail");
  var message = document.getElementById("message");
  var moves = document.getElementById("moves");
  var toggle = document.getElementById("toggle-solution");
  var diagonals = graph.shape.kind !== "rect" && graph.shape.kind !== "mask";

  var cells = {};
  var open = {};
  graph.cells.forEach(function (cell) {
    cells[cell.id] = cell;
    open[cell.id] = [];
  });
  graph.passages.forEach(function (passage) {
    open[passage.a].push(passage.b);
    open[passage.b].push(passage.a);
  });
  // In order of id, so that of two passages as near a direction the first is taken.
  Object.keys(open).forEach(function (id) {
    open[id].sort(function (a, b) {
      return a - b;
    });
  });

  // The way from the start to the marker: stepping back onto the cell before shortens it.
  var path;
  var steps;
  var won;

  function number(value) {
    return String(Math.round(value * 100) / 100);
  }

  function point(id) {
    var cell = cells[id];
    return number(origin + cell.x * unit) + " " + number(origin + cell.y * unit);
  }

  function draw() {
    var here = point(path[path.length - 1]).split(" ");
    marker.setAttribute("cx", here[0]);
    marker.setAttribute("cy", here[1]);
    marker.setAttribute("data-cell", String(path[path.length - 1]));
    trail.setAttribute("d", path.map(function (id, k) {
      return (k === 0 ? "M" : "L") + point(id);
    }).join(""));
    moves.textContent = String(steps);
  }

  function restart() {
    path = [graph.start];
    steps = 0;
    won = false;
    message.hidden = true;
    message.textContent = "";
    draw();
    if (graph.start === graph.goal) {
      finish();
    }
  }

  function finish() {
    won = true;
    message.textContent = "You reached the goal in " + steps + (steps === 1 ? " move!" : " moves!");
    message.hidden = false;
  }

  // The neighbour through an open passage from the marker's cell lying nearest the direction
  // (dx, dy) on the screen (y down), within 60 degrees of it; null if there is none.
  function toward(dx, dy) {
    var at = path[path.length - 1];
    var here = cells[at];
    var length = Math.sqrt(dx * dx + dy * dy);
    var best = null;
    var bestCos = 0.5;
    open[at].forEach(function (id) {
      var there = cells[id];
      var vx = there.x - here.x;
      var vy = there.y - here.y;
      var cos = (vx * dx + vy * dy) / (Math.sqrt(vx * vx + vy * vy) * length);
      if (cos > bestCos + 1e-9) {
        best = id;
        bestCos = cos;
      }
    });
    return best;
  }

  function bump() {
    board.classList.add("bump");
    window.setTimeout(function () {
      board.classList.remove("bump");
    }, 150);
  }

  function move(dx, dy) {
    if (won) {
      return;
    }
    var next = toward(dx, dy);
    if (next === null) {
      bump();
      return;
    }
    if (path.length > 1 && path[path.length - 2] === next) {
      path.pop();
    } else {
      path.push(next);
    }
    steps += 1;
    draw();
    if (next === graph.goal) {
      finish();
    }
  }

  var KEYS = {
    ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
    w: [0, -1], s: [0, 1], a: [-1, 0], d: [1, 0]
  };
  var DIAGONAL_KEYS = { q: [-1, -1], e: [1, -1], z: [-1, 1], c: [1, 1] };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    var direction = KEYS[key] || (diagonals ? DIAGONAL_KEYS[key] : undefined);
    if (!direction) {
      return;
    }
    event.preventDefault();
    move(direction[0], direction[1]);
  });

  Array.prototype.forEach.call(document.querySelectorAll("#pad button"), function (button) {
    button.addEventListener("click", function () {
      move(Number(button.getAttribute("data-dx")), Number(button.getAttribute("data-dy")));
    });
  });

  // A swipe on the maze moves the way it went: along its main axis on a rectangle, at its own
  // angle on other shapes.
  var touch = null;
  board.addEventListener("touchstart", function (event) {
    touch = event.touches.length === 1 ? [event.touches[0].clientX, event.touches[0].clientY] : null;
  }, { passive: true });
  board.addEventListener("touchmove", function (event) {
    if (touch) {
      event.preventDefault();
    }
  }, { passive: false });
  board.addEventListener("touchend", function (event) {
    if (!touch) {
      return;
    }
    var end = event.changedTouches[0];
    var dx = end.clientX - touch[0];
    var dy = end.clientY - touch[1];
    touch = null;
    if (Math.sqrt(dx * dx + dy * dy) < 24) {
      return;
    }
    if (!diagonals) {
      if (Math.abs(dx) >= Math.abs(dy)) {
        dy = 0;
      } else {
        dx = 0;
      }
    }
    move(dx, dy);
  });

  toggle.addEventListener("click", function () {
    var shown = board.classList.toggle("show-solution");
    toggle.setAttribute("aria-pressed", String(shown));
    toggle.textContent = shown ? "Hide solution" : "Show solution";
  });
  document.getElementById("restart").addEventListener("click", restart);

  restart();
}());
