"""Maze engine: checked by an independent checker written here (grid coordinates
only; nothing shared with the generator but its output)."""
from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

from publisher.kinds.maze.draw import draw_maze
from publisher.kinds.maze.generator import MazeError, make_maze, measure, parse_mask


def as_grid(maze):
    """The maze as the manifest writes it: cells (r, c), passages as pairs of (r, c)."""
    cols = maze.cols
    rc = lambda x: divmod(x, cols)  # noqa: E731
    if maze.mask is None:
        cells = {(r, c) for r in range(maze.rows) for c in range(maze.cols)}
    else:
        cells = {(r, c) for r, line in enumerate(maze.mask)
                 for c, ch in enumerate(line) if ch == "#"}
    passages = [(rc(a), rc(b)) for a, b in maze.passages]
    return cells, passages, rc(maze.entrance), rc(maze.exit), [rc(x) for x in maze.solution]


def check_maze(cells, passages, entrance, exit_, solution):
    """Problems with a perfect maze given in grid coordinates (empty list = fine)."""
    problems = []
    edges = set()
    for a, b in passages:
        if a not in cells or b not in cells:
            problems.append(f"passage {a}-{b} leaves the cells")
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(f"passage {a}-{b} joins cells that are not side by side")
        edges.add(frozenset((a, b)))
    if len(edges) != len(passages):
        problems.append("a passage is listed twice")
    if len(edges) != len(cells) - 1:
        problems.append(f"{len(edges)} passages for {len(cells)} cells (a tree has cells - 1)")
    # connected: flood fill over open passages
    adj = {c: set() for c in cells}
    for e in edges:
        a, b = tuple(e)
        if a in adj and b in adj:
            adj[a].add(b)
            adj[b].add(a)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        x = todo.pop()
        for y in adj[x] - seen:
            seen.add(y)
            todo.append(y)
    if seen != cells:
        problems.append(f"{len(cells) - len(seen)} cells cut off")

    def on_border(p):
        r, c = p
        return any((r + dr, c + dc) not in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    for name, p in (("entrance", entrance), ("exit", exit_)):
        if p not in cells or not on_border(p):
            problems.append(f"{name} {p} is not a border cell")
    if entrance == exit_:
        problems.append("entrance is the exit")
    if not solution or solution[0] != entrance or solution[-1] != exit_:
        problems.append("solution does not run from entrance to exit")
    for a, b in zip(solution, solution[1:]):
        if frozenset((a, b)) not in edges:
            problems.append(f"solution steps through a wall {a}-{b}")
            break
    if len(set(solution)) != len(solution):
        problems.append("solution visits a cell twice")
    return problems


@pytest.mark.parametrize("algorithm", ["backtracker", "wilson"])
@pytest.mark.parametrize("rows,cols", [(1, 2), (2, 2), (7, 13), (30, 30), (60, 60)])
def test_perfect_maze(algorithm, rows, cols):
    maze = make_maze(rows, cols, seed=rows * 100 + cols, algorithm=algorithm)
    assert check_maze(*as_grid(maze)) == []


def test_checker_catches_a_loop_and_a_wall():
    maze = make_maze(6, 6, seed=3)
    cells, passages, ent, ex, sol = as_grid(maze)
    closed = {frozenset(p) for p in passages}
    extra = next(((a, (a[0], a[1] + 1)) for a in sorted(cells)
                  if (a[0], a[1] + 1) in cells and frozenset((a, (a[0], a[1] + 1))) not in closed))
    assert check_maze(cells, passages + [extra], ent, ex, sol)          # a loop
    assert check_maze(cells, passages[1:], ent, ex, sol)                # a cut
    assert check_maze(cells, passages, ent, ex, sol[:1] + sol[2:])      # a jump


MASK = ["..####..",
        ".######.",
        "########",
        "########",
        ".######.",
        "..####.."]


@pytest.mark.parametrize("algorithm", ["backtracker", "wilson"])
def test_mask(algorithm):
    mask = parse_mask(MASK)
    maze = make_maze(0, 0, seed=5, algorithm=algorithm, mask=mask)
    assert (maze.rows, maze.cols) == (6, 8)
    cells, *rest = as_grid(maze)
    assert len(cells) == sum(line.count("#") for line in MASK)
    assert check_maze(cells, *rest) == []


@pytest.mark.parametrize("lines,words", [
    (["##..", "..##"], "one piece"), (["#x"], "only hold"), ([], "empty"), (["#."], "two"),
    (["#" * 61], "60x60")])
def test_bad_masks(lines, words):
    with pytest.raises(MazeError, match=words):
        parse_mask(lines)


def test_bad_sizes_and_algorithm():
    with pytest.raises(MazeError, match="60x60"):
        make_maze(61, 10, 1)
    with pytest.raises(MazeError, match="unknown algorithm"):
        make_maze(5, 5, 1, algorithm="prim")


def test_deterministic():
    a, b = make_maze(20, 20, 9, "wilson"), make_maze(20, 20, 9, "wilson")
    assert (a.passages, a.entrance, a.exit) == (b.passages, b.entrance, b.exit)
    assert make_maze(20, 20, 10, "wilson").passages != a.passages


def test_wilson_is_uniform_on_2x3():
    """A 2x3 grid has 15 spanning trees: Wilson's draws each about equally often."""
    counts = Counter(tuple(make_maze(2, 3, seed, "wilson").passages) for seed in range(3000))
    assert len(counts) == 15
    assert min(counts.values()) > 130 and max(counts.values()) < 270


def test_algorithms_differ_in_character():
    """Backtracker: long corridors, few dead ends; Wilson's: many dead ends."""
    back = [measure(make_maze(25, 25, s, "backtracker")) for s in range(5)]
    wil = [measure(make_maze(25, 25, s, "wilson")) for s in range(5)]
    assert max(m.dead_end_share for m in back) < min(m.dead_end_share for m in wil)


def test_reach_moves_the_exit():
    near = [len(make_maze(20, 20, s, reach=0.0).solution) for s in range(5)]
    far = [len(make_maze(20, 20, s, reach=1.0).solution) for s in range(5)]
    assert all(n < f for n, f in zip(near, far))


class RecordingCanvas:
    """Collects every point drawn; enough of ReportLab's canvas for draw_maze."""

    def __init__(self):
        self.points, self.strokes = [], 0

    def line(self, x1, y1, x2, y2):
        self.points += [(x1, y1), (x2, y2)]
        self.strokes += 1

    def beginPath(self):
        canvas = self

        class Path:
            def moveTo(self, x, y):
                canvas.points.append((x, y))
            lineTo = moveTo

            def close(self):
                pass
        return Path()

    def __getattr__(self, name):        # state, colours, widths: ignored
        return lambda *a, **k: None


@pytest.mark.parametrize("solution", [False, True])
def test_drawing_stays_in_box(solution):
    theme = SimpleNamespace(line_width=0.5, colour=False)
    box = SimpleNamespace(x=50.0, y=80.0, width=300.0, height=200.0)
    maze = make_maze(12, 25, 4, "wilson")
    canvas = RecordingCanvas()
    draw_maze(canvas, maze, box, theme, solution=solution)
    assert canvas.strokes > 25
    for x, y in canvas.points:
        assert box.x <= x <= box.x + box.width and box.y <= y <= box.y + box.height


@pytest.mark.parametrize("size, box_side", [(60, 300.0), (12, 300.0), (2, 500.0)])
def test_arrows_read_however_small_the_cells(size, box_side):
    """The entrance and exit arrows are never under MIN_ARROW-sized triangles (a 60x60
    maze's 5 pt cells gave 3 pt ones, hard to find), stay in the box and outside the
    walls; a maze with large cells keeps its cell-sized arrows, never over a quarter inch
    (a 2x2 maze's were 1.1 in, as large as a cell)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pdfmarks import page_marks
    from publisher.kinds.maze.draw import ARROW, MAX_ARROW, MIN_ARROW, geometry
    theme = SimpleNamespace(line_width=0.5, colour=False)
    box = SimpleNamespace(x=40.0, y=60.0, width=box_side, height=box_side)
    maze = make_maze(size, size, 3, "wilson")
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(400, 400), invariant=1)
    draw_maze(canvas, maze, box, theme)
    canvas.showPage()
    canvas.save()
    arrows = [m for m in page_marks(out.getvalue(), 0) if m.kind == "fill"]
    assert len(arrows) == 2
    cell, left, top = geometry(maze, box)
    grid = (left, top - cell * maze.rows, left + cell * maze.cols, top)
    for arrow in arrows:
        x0, y0, x1, y1 = arrow.bbox
        assert max(x1 - x0, y1 - y0) >= 1.6 * min(MAX_ARROW, max(MIN_ARROW, cell * ARROW)) - 0.01
        assert max(x1 - x0, y1 - y0) <= 18.0
        assert box.x <= x0 and x1 <= box.x + box.width
        assert box.y <= y0 and y1 <= box.y + box.height
        outside = x1 <= grid[0] or x0 >= grid[2] or y1 <= grid[1] or y0 >= grid[3]
        assert outside, (arrow.bbox, grid)
