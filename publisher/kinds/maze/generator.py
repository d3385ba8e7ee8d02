"""Perfect mazes on a rectangular grid or a mask: generation, solution, measures.

A maze is a spanning tree of its cells: exactly one path between any two cells.
Cells are numbered row-major (r * cols + c); a mask (rows of `#` = cell and
`.` = no cell) leaves some out, and must be one connected piece.

Algorithms:
* "backtracker": randomised depth-first search; long winding corridors and few
  dead ends (about one cell in ten), easy to follow by eye;
* "wilson": loop-erased random walks; every spanning tree equally likely, so
  many short dead ends (about three cells in ten) and many branch points.

The entrance and the exit are border cells (a side on the outside of the
grid or of the mask). The exit is chosen by its distance from the entrance
along the maze: `reach` (0..1) of the way from the nearest to the farthest
border cell, so 1.0 gives the longest walk from that entrance.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

ALGORITHMS = ("backtracker", "wilson")
MAX_SIDE = 60


class MazeError(ValueError):
    """A maze that cannot be made (bad mask, unknown algorithm)."""


@dataclass
class Maze:
    rows: int
    cols: int
    mask: list[str] | None                      # rows of '#'/'.', or None = all cells
    passages: list[tuple[int, int]] = field(default_factory=list)   # (a, b), a < b, cell ids
    entrance: int = 0
    exit: int = 0
    solution: list[int] = field(default_factory=list)              # cell ids, entrance..exit

    def cells(self) -> list[int]:
        return active_cells(self.rows, self.cols, self.mask)

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)


def active_cells(rows: int, cols: int, mask: list[str] | None) -> list[int]:
    if mask is None:
        return list(range(rows * cols))
    return [r * cols + c for r in range(rows) for c in range(cols) if mask[r][c] == "#"]


def parse_mask(lines: list[str]) -> list[str]:
    """Rows of `#` (cell) and `.` (no cell), all the same length, at most 60x60,
    one connected piece of at least two cells. Raises MazeError saying what is wrong."""
    rows = [line.rstrip() for line in lines if line.strip()]
    if not rows:
        raise MazeError("the mask is empty; write rows of # (cell) and . (no cell)")
    width = max(len(r) for r in rows)
    rows = [r.ljust(width, ".") for r in rows]
    bad = sorted({ch for r in rows for ch in r} - {"#", "."})
    if bad:
        raise MazeError(f"the mask may only hold # and . (found {' '.join(map(repr, bad))})")
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise MazeError(f"the mask is {len(rows)}x{width}; the largest maze is "
                        f"{MAX_SIDE}x{MAX_SIDE}")
    cells = active_cells(len(rows), width, rows)
    if len(cells) < 2:
        raise MazeError("the mask needs at least two # cells")
    if len(_reachable(cells[0], len(rows), width, set(cells))) != len(cells):
        raise MazeError("the # cells of the mask must form one piece (side by side, "
                        "not only corner to corner)")
    return rows


def neighbours(cell: int, rows: int, cols: int) -> list[int]:
    r, c = divmod(cell, cols)
    out = []
    if r > 0:
        out.append(cell - cols)
    if c > 0:
        out.append(cell - 1)
    if r < rows - 1:
        out.append(cell + cols)
    if c < cols - 1:
        out.append(cell + 1)
    return out


def _reachable(start: int, rows: int, cols: int, cells: set[int]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        x = todo.pop()
        for y in neighbours(x, rows, cols):
            if y in cells and y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def backtracker(rows: int, cols: int, cells: list[int],
                rng: random.Random) -> list[tuple[int, int]]:
    """Randomised depth-first search (iterative)."""
    inside = set(cells)
    nbrs = {x: [y for y in neighbours(x, rows, cols) if y in inside] for x in cells}
    start = cells[rng.randrange(len(cells))]
    seen, stack, out = {start}, [start], []
    while stack:
        x = stack[-1]
        fresh = [y for y in nbrs[x] if y not in seen]
        if not fresh:
            stack.pop()
            continue
        y = fresh[rng.randrange(len(fresh))]
        seen.add(y)
        out.append((min(x, y), max(x, y)))
        stack.append(y)
    return out


def wilson(rows: int, cols: int, cells: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """Wilson's algorithm: loop-erased random walks into the growing tree, which
    gives a uniformly random spanning tree. Each walk remembers only the last exit
    from every cell, which erases loops implicitly."""
    inside = set(cells)
    nbrs = {x: [y for y in neighbours(x, rows, cols) if y in inside] for x in cells}
    in_tree = {cells[rng.randrange(len(cells))]}
    order = cells[:]
    rng.shuffle(order)
    out = []
    for start in order:
        if start in in_tree:
            continue
        step: dict[int, int] = {}
        x = start
        while x not in in_tree:            # the walk: a hot loop
            ns = nbrs[x]
            y = ns[rng.randrange(len(ns))]
            step[x] = y
            x = y
        x = start
        while x not in in_tree:
            y = step[x]
            in_tree.add(x)
            out.append((min(x, y), max(x, y)))
            x = y
    return out


def adjacency(maze: Maze) -> dict[int, list[int]]:
    adj: dict[int, list[int]] = {x: [] for x in maze.cells()}
    for a, b in maze.passages:
        adj[a].append(b)
        adj[b].append(a)
    return adj


def distances(adj: dict[int, list[int]], start: int) -> dict[int, int]:
    dist, todo = {start: 0}, deque([start])
    while todo:
        x = todo.popleft()
        for y in adj[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


def path_between(adj: dict[int, list[int]], a: int, b: int) -> list[int]:
    """The one path from a to b in the tree."""
    parent, todo = {a: a}, deque([a])
    while todo:
        x = todo.popleft()
        if x == b:
            break
        for y in adj[x]:
            if y not in parent:
                parent[y] = x
                todo.append(y)
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    return path[::-1]


def border_sides(cell: int, rows: int, cols: int, mask: list[str] | None) -> list[str]:
    """Sides of `cell` ("top", "left", "bottom", "right") facing no cell."""
    r, c = divmod(cell, cols)

    def open_(rr: int, cc: int) -> bool:
        return 0 <= rr < rows and 0 <= cc < cols and (mask is None or mask[rr][cc] == "#")
    return [name for name, rr, cc in (("top", r - 1, c), ("left", r, c - 1),
                                      ("bottom", r + 1, c), ("right", r, c + 1))
            if not open_(rr, cc)]


def opening_side(maze: Maze, cell: int) -> str:
    """Where the entrance or exit gap is drawn: the cell's first outside side
    (top, left, bottom, right); the exit prefers bottom, then right."""
    sides = border_sides(cell, maze.rows, maze.cols, maze.mask)
    if cell == maze.exit and cell != maze.entrance:
        for side in ("bottom", "right"):
            if side in sides:
                return side
    return sides[0]


def choose_ends(maze: Maze, rng: random.Random, reach: float) -> None:
    """Entrance: a random border cell facing up or left (the usual start); exit: a
    border cell facing down or right (the other side of the page), at `reach` of
    the way from the nearest to the farthest of those along the maze. Fills
    entrance, exit, solution."""
    rows, cols, mask = maze.rows, maze.cols, maze.mask
    sides = {x: set(border_sides(x, rows, cols, mask)) for x in maze.cells()}
    border = [x for x, s in sides.items() if s]
    starts = [x for x in border if sides[x] & {"top", "left"}] or border
    adj = adjacency(maze)
    entrance = starts[rng.randrange(len(starts))]
    ends = [x for x in border if sides[x] & {"bottom", "right"} and x != entrance]
    if not ends:
        ends = [x for x in border if x != entrance] or [x for x in adj if x != entrance]
    dist = distances(adj, entrance)
    others = sorted((dist[x], x) for x in ends)
    target = others[0][0] + reach * (others[-1][0] - others[0][0])
    best = min(abs(d - target) for d, _ in others)
    close = [x for d, x in others if abs(d - target) == best]
    maze.entrance, maze.exit = entrance, close[rng.randrange(len(close))]
    maze.solution = path_between(adj, maze.entrance, maze.exit)


# difficulty -> (algorithm when none is asked for, reach of the exit)
DIFFICULTY = {"easy": ("backtracker", 0.5), "medium": ("backtracker", 1.0),
              "hard": ("wilson", 1.0)}


def make_maze(rows: int, cols: int, seed: int, algorithm: str = "backtracker",
              mask: list[str] | None = None, reach: float = 1.0) -> Maze:
    """One maze from `seed`. `mask`: parsed rows (see parse_mask) or None."""
    if algorithm not in ALGORITHMS:
        raise MazeError(f"unknown algorithm {algorithm!r}; use one of {', '.join(ALGORITHMS)}")
    if mask is not None:
        rows, cols = len(mask), len(mask[0])
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE) or rows * cols < 2:
        raise MazeError(f"a maze is 1x2 to {MAX_SIDE}x{MAX_SIDE} cells, not {rows}x{cols}")
    rng = random.Random(seed)
    maze = Maze(rows, cols, mask)
    cells = maze.cells()
    build = backtracker if algorithm == "backtracker" else wilson
    maze.passages = sorted(build(rows, cols, cells, rng))
    choose_ends(maze, rng, reach)
    return maze


def dead_ends(maze: Maze) -> int:
    """Cells with one open side (the entrance and exit count: they lead outside)."""
    degree: dict[int, int] = {x: 0 for x in maze.cells()}
    for a, b in maze.passages:
        degree[a] += 1
        degree[b] += 1
    return sum(1 for x, d in degree.items() if d == 1 and x not in (maze.entrance, maze.exit))


@dataclass(frozen=True)
class Measures:
    cells: int
    solution_share: float      # cells on the solution / all cells
    dead_end_share: float      # dead-end cells / all cells
    branch_points: int         # cells on the solution with a side road (wrong turns offered)

    @property
    def complexity(self) -> float:
        """One number for best-of-N: wrong turns offered along the way, per cell
        of the path, plus the dead-end share; higher is harder."""
        return (self.branch_points / max(1, self.cells) * 4 + self.solution_share
                + self.dead_end_share)


def measure(maze: Maze) -> Measures:
    adj = adjacency(maze)
    n = len(adj)
    on_path = set(maze.solution)
    branches = sum(1 for x in maze.solution if len([y for y in adj[x] if y not in on_path]) > 0)
    return Measures(n, len(maze.solution) / n, dead_ends(maze) / n, branches)
