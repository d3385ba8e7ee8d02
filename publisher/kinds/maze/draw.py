"""Drawing a maze inside a box: square cells, walls as merged straight strokes,
gaps in the outer wall at the entrance and the exit with an arrow in the margin,
and (answer key) the solution as one line through the cell centres."""
from __future__ import annotations

from typing import Any

from .generator import Maze, opening_side

MARGIN_CELLS = 0.9       # room around the maze for the entrance and exit arrows
ARROW = 0.32             # an arrow's half length, as a share of the cell
MIN_ARROW = 3.5          # points: a large maze's small cells must not hide where it starts
MAX_ARROW = 10.0         # points: a small maze's large cells need no larger arrow to be seen
ARROW_GAP = 0.06         # cells between the wall and an arrow (at most)
ARROW_ROOM = 1.6 * MIN_ARROW + 0.5     # points beyond that gap for the smallest arrow
STEP = {"top": (-1, 0), "bottom": (1, 0), "left": (0, -1), "right": (0, 1)}


def margin(cell: float) -> float:
    """The room beside the walls, in points: MARGIN_CELLS cells, or what the arrows
    need where the cells are small."""
    return max(MARGIN_CELLS * cell, ARROW_GAP * cell + ARROW_ROOM)


def geometry(maze: Maze, box: Any) -> tuple[float, float, float]:
    """(cell side, x of the left edge, y of the top edge) of the maze centred in box."""
    cell = min(box.width / (maze.cols + 2 * MARGIN_CELLS),
               box.height / (maze.rows + 2 * MARGIN_CELLS))
    if margin(cell) > MARGIN_CELLS * cell:     # small cells: the arrows' room in points
        cell = min((box.width - 2 * ARROW_ROOM) / (maze.cols + 2 * ARROW_GAP),
                   (box.height - 2 * ARROW_ROOM) / (maze.rows + 2 * ARROW_GAP))
    left = box.x + (box.width - cell * maze.cols) / 2
    top = box.y + box.height - (box.height - cell * maze.rows) / 2
    return cell, left, top


def wall_segments(maze: Maze) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """Walls as merged runs: horizontal (line r, from col c0 to c1) lying on the top
    edge of row r, and vertical (line c, from row r0 to r1) on the left edge of col c."""
    rows, cols = maze.rows, maze.cols
    inside = set(maze.cells())
    open_ = set(maze.passages)
    gaps = {(maze.entrance, opening_side(maze, maze.entrance)),
            (maze.exit, opening_side(maze, maze.exit))}

    def wall(a: int | None, b: int | None, a_side: str, b_side: str) -> bool:
        """Is there a wall between cells a and b (None or outside = no cell)?"""
        ina, inb = a is not None and a in inside, b is not None and b in inside
        if a is not None and b is not None and ina and inb:
            return (min(a, b), max(a, b)) not in open_
        if ina:
            return (a, a_side) not in gaps
        if inb:
            return (b, b_side) not in gaps
        return False
    horizontal = []
    for r in range(rows + 1):
        flags = [wall((r - 1) * cols + c if r > 0 else None, r * cols + c if r < rows else None,
                      "bottom", "top") for c in range(cols)]
        horizontal += [(r, c0, c1) for c0, c1 in _runs(flags)]
    vertical = []
    for c in range(cols + 1):
        flags = [wall(r * cols + c - 1 if c > 0 else None, r * cols + c if c < cols else None,
                      "right", "left") for r in range(rows)]
        vertical += [(c, r0, r1) for r0, r1 in _runs(flags)]
    return horizontal, vertical


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    out, start = [], None
    for i, f in enumerate(flags + [False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start, i))
            start = None
    return out


def draw_maze(canvas: Any, maze: Maze, box: Any, theme: Any, solution: bool = False) -> None:
    """Draw the maze (and with `solution`, its path) inside box."""
    cell, left, top = geometry(maze, box)
    wall_width = max(theme.line_width, min(2.5, cell * 0.12))
    canvas.saveState()
    canvas.setLineCap(2)          # square caps close the corners
    canvas.setLineWidth(wall_width)
    canvas.setStrokeColorRGB(0, 0, 0)
    horizontal, vertical = wall_segments(maze)
    for r, c0, c1 in horizontal:
        canvas.line(left + c0 * cell, top - r * cell, left + c1 * cell, top - r * cell)
    for c, r0, r1 in vertical:
        canvas.line(left + c * cell, top - r0 * cell, left + c * cell, top - r1 * cell)
    centre = _centre_fn(maze, cell, left, top)
    _arrow(canvas, maze, maze.entrance, cell, centre, inward=True)
    _arrow(canvas, maze, maze.exit, cell, centre, inward=False)
    if solution:
        colour = getattr(theme, "colour", False)
        canvas.setStrokeColorRGB(*((0.8, 0.1, 0.1) if colour else (0.35, 0.35, 0.35)))
        canvas.setLineWidth(max(theme.line_width, cell * 0.25))
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        path = canvas.beginPath()
        pts = [centre(x) for x in maze.solution]
        path.moveTo(*_outside(maze, maze.entrance, cell, centre, 0.5))
        for x, y in pts:
            path.lineTo(x, y)
        path.lineTo(*_outside(maze, maze.exit, cell, centre, 0.5))
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _centre_fn(maze: Maze, cell: float, left: float, top: float):
    def centre(x: int) -> tuple[float, float]:
        r, c = divmod(x, maze.cols)
        return left + (c + 0.5) * cell, top - (r + 0.5) * cell
    return centre


def _outside(maze: Maze, x: int, cell: float, centre, dist: float) -> tuple[float, float]:
    """A point `dist` cells beyond the opening of border cell x (outside the maze)."""
    dr, dc = STEP[opening_side(maze, x)]
    cx, cy = centre(x)
    return cx + dc * cell * (0.5 + dist), cy - dr * cell * (0.5 + dist)


def _arrow(canvas: Any, maze: Maze, x: int, cell: float, centre, inward: bool) -> None:
    """A filled triangle in the margin at an opening: pointing in at the entrance,
    out at the exit."""
    dr, dc = STEP[opening_side(maze, x)]
    ux, uy = dc, -dr                       # unit vector pointing out, page coordinates
    if inward:
        ux, uy = -ux, -uy
    # The cell's share, held between the smallest that reads and the largest that helps;
    # the same gap from the wall whatever its size.
    size = min(MAX_ARROW, max(MIN_ARROW, cell * ARROW))
    gap = (0.35 - ARROW) if inward else (0.25 - 0.6 * ARROW)
    wx, wy = _outside(maze, x, cell, centre, 0.0)
    away = gap * cell + (size if inward else 0.6 * size)      # from the wall, outwards
    mx, my = wx + dc * away, wy - dr * away
    tip = (mx + ux * size, my + uy * size)
    px, py = -uy, ux
    back1 = (mx - ux * size * 0.6 + px * size * 0.8, my - uy * size * 0.6 + py * size * 0.8)
    back2 = (mx - ux * size * 0.6 - px * size * 0.8, my - uy * size * 0.6 - py * size * 0.8)
    canvas.setFillColorRGB(0, 0, 0)
    path = canvas.beginPath()
    path.moveTo(*tip)
    path.lineTo(*back1)
    path.lineTo(*back2)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
