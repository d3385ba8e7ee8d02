"""Word-search shapes: a mask of cells (rows of "#" = cell, "." = no cell), from a
named shape drawn on the grid or from a file beside the spec."""
from __future__ import annotations

import math
from pathlib import Path

SHAPES = ("circle", "heart", "star", "diamond", "triangle", "tree")
CELL, HOLE = "#", "."


def _star(points: int = 5, outer: float = 1.08, inner: float = 0.56) -> list[tuple[float, float]]:
    corners = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi * k / points
        corners.append((radius * math.sin(angle), radius * math.cos(angle) - 0.1))
    return corners


STAR = _star()


def _in_polygon(x: float, y: float, corners: list[tuple[float, float]]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _inside(shape: str, x: float, y: float) -> bool:
    """Is the point (x, y), both in -1..1 with y upwards, inside the shape?"""
    if shape == "circle":
        return x * x + y * y <= 1.0
    if shape == "diamond":
        return abs(x) + abs(y) <= 1.0
    if shape == "triangle":            # apex at the top, base at the bottom
        return y >= -1.0 and abs(x) <= (1.0 - y) / 2
    if shape == "heart":
        # The classic implicit heart (x² + y² - 1)³ - x² y³ <= 0, scaled to the box.
        u, v = x * 1.2, y * 1.25 + 0.2
        return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0
    if shape == "star":
        return _in_polygon(x, y, STAR)
    if shape == "tree":                 # three stacked tiers and a trunk
        if y < -0.7:
            return abs(x) <= 0.2
        tier_top = (0.95, 0.45, -0.05)
        for k, top in enumerate(tier_top):
            bottom = top - 0.75
            half = 0.45 + 0.25 * k
            if bottom <= y <= top and abs(x) <= half * (top - y) / (top - bottom) + 0.06:
                return True
        return False
    raise ValueError(shape)


def named_mask(shape: str, rows: int, cols: int) -> tuple[str, ...]:
    """The named shape sampled at cell centres (a cell belongs when its centre is inside)."""
    out = []
    for r in range(rows):
        y = 1 - (2 * r + 1) / rows
        out.append("".join(CELL if _inside(shape, (2 * c + 1) / cols - 1, y) else HOLE
                           for c in range(cols)))
    return trim(tuple(out))


def read_mask(path: Path) -> tuple[str, ...]:
    """Rows of `#` and `.`; blank lines and `;`-comments around them are ignored.
    Raises ValueError with what to write instead."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read the mask file {path}: {exc.strerror or exc}") from None
    rows = [line.strip() for line in text.splitlines()]
    rows = [row for row in rows if row and not row.startswith(";")]
    if not rows:
        raise ValueError(f"{path.name}: the mask is empty; write rows of # (a cell) and . "
                         "(no cell)")
    width = max(map(len, rows))
    for number, row in enumerate(rows, 1):
        wrong = set(row) - {CELL, HOLE}
        if wrong:
            raise ValueError(f"{path.name}, row {number}: {''.join(sorted(wrong))!r} is not "
                             "# (a cell) or . (no cell)")
    return trim(tuple(row.ljust(width, HOLE) for row in rows))


def trim(mask: tuple[str, ...]) -> tuple[str, ...]:
    """Drop empty rows and columns around the shape."""
    rows = [row for row in mask if CELL in row]
    if not rows:
        return ()
    used = [c for c in range(len(rows[0])) if any(row[c] == CELL for row in rows)]
    return tuple(row[used[0]:used[-1] + 1] for row in rows)


def longest_run(mask: tuple[str, ...], steps: list[tuple[int, int]]) -> int:
    """The longest straight line of cells along any of `steps` (dr, dc)."""
    rows, cols = len(mask), len(mask[0]) if mask else 0
    best = 0
    for dr, dc in steps:
        for r in range(rows):
            for c in range(cols):
                pr, pc = r - dr, c - dc
                if mask[r][c] != CELL or (0 <= pr < rows and 0 <= pc < cols
                                         and mask[pr][pc] == CELL):
                    continue        # not the start of a run
                length = 0
                while 0 <= r + length * dr < rows and 0 <= c + length * dc < cols \
                        and mask[r + length * dr][c + length * dc] == CELL:
                    length += 1
                best = max(best, length)
    return best
