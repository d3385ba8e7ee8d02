"""A key that is the same for two puzzles exactly when one is the other
turned or mirrored (keeping the box shape) with its symbols renamed: a book
should not print the same puzzle twice in disguise."""
from __future__ import annotations

from .shapes import BOX_SHAPES


def _transforms(n: int, square_boxes: bool) -> list[list[int]]:
    """Cell maps (new cell -> old cell) of the square's symmetries that keep
    boxes boxes: all eight for square boxes, else the four that do not swap
    rows with columns."""
    maps = []
    for turn in range(8 if square_boxes else 4):
        cells = []
        for r in range(n):
            for c in range(n):
                rr, cc = r, c
                if turn & 1:
                    rr = n - 1 - rr
                if turn & 2:
                    cc = n - 1 - cc
                if turn & 4:
                    rr, cc = cc, rr
                cells.append(rr * n + cc)
        maps.append(cells)
    return maps


def canonical_key(n: int, givens: list[int], layout: tuple = ()) -> tuple:
    """The smallest relabelled image of the givens over the symmetries. Jigsaw
    regions and killer cages are random, so they are compared as they are
    (pass them as `layout`)."""
    br, bc = BOX_SHAPES[n]
    best: tuple | None = None
    for cells in _transforms(n, br == bc) if not layout else [list(range(n * n))]:
        names: dict[int, int] = {}
        image = []
        for old in cells:
            v = givens[old]
            if v and v not in names:
                names[v] = len(names) + 1
            image.append(names.get(v, 0))
        key = tuple(image)
        if best is None or key < best:
            best = key
    assert best is not None
    return best + tuple(layout)
