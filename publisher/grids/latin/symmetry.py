"""The square's symmetries: orbits of cells and of neighbour pairs under a symmetry
(so a dig keeps it), and the eight turns and mirrors of a square (so a book
never prints one puzzle twice)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

Point = tuple[int, int]


def turns(n: int) -> list[Callable[[int, int], Point]]:
    """The eight symmetries of an n x n square, as maps of (row, col)."""
    m = n - 1
    return [lambda r, c: (r, c), lambda r, c: (c, m - r), lambda r, c: (m - r, m - c),
            lambda r, c: (m - c, r), lambda r, c: (r, m - c), lambda r, c: (m - r, c),
            lambda r, c: (c, r), lambda r, c: (m - c, m - r)]


def _image(n: int, symmetry: str) -> Callable[[int, int], Point]:
    m = n - 1
    return {"rotational": lambda r, c: (m - r, m - c), "mirror": lambda r, c: (r, m - c),
            "diagonal": lambda r, c: (c, r), "none": lambda r, c: (r, c)}[symmetry]


def _orbits(items: Sequence[Any], key: Callable[[Any], object]) -> list[list[int]]:
    seen: dict[object, int] = {}
    out: list[list[int]] = []
    for k, item in enumerate(items):
        home = key(item)
        if home in seen:
            out[seen[home]].append(k)
        else:
            seen[home] = len(out)
            out.append([k])
    return out


def cell_orbits(n: int, symmetry: str) -> list[list[int]]:
    """Cells (row-major indices) grouped by the symmetry."""
    image = _image(n, symmetry)

    def key(cell: int) -> object:
        r, c = divmod(cell, n)
        return min((r, c), image(r, c))

    return _orbits(range(n * n), key)


def edge_orbits(n: int, pairs: Sequence[tuple[int, int]], symmetry: str) -> list[list[int]]:
    """Pairs of neighbouring cells (indices into `pairs`) grouped by the symmetry."""
    image = _image(n, symmetry)

    def key(pair: tuple[int, int]) -> object:
        a, b = pair
        here = tuple(sorted((divmod(a, n), divmod(b, n))))
        there = tuple(sorted((image(*divmod(a, n)), image(*divmod(b, n)))))
        return min(here, there)

    return _orbits(pairs, key)
