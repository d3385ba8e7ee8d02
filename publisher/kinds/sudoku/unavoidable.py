"""Unavoidable sets: groups of cells whose two values could swap without
breaking any house, so a puzzle must keep a given in each of them. Checking
them first rejects most removals that would allow a second solution, without
a search."""
from __future__ import annotations

from .shapes import Geometry


def two_value_sets(geom: Geometry, solution: list[int]) -> list[int]:
    """For each pair of values a, b: link the a-cell and the b-cell of every
    house; each connected piece can swap a and b and stay valid, so it is
    unavoidable. Returned as cell bitsets, smallest first. Killer cages are
    not houses (a swap may change a sum), so killer grids get none."""
    if geom.cages:
        return []
    n = geom.n
    where = [[0] * (n + 1) for _ in geom.units]          # unit -> value -> cell
    for u, cells in enumerate(geom.units):
        for c in cells:
            where[u][solution[c]] = c
    found: set[int] = set()
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            parent: dict[int, int] = {}

            def root(x: int) -> int:
                while parent.setdefault(x, x) != x:
                    parent[x] = parent[parent[x]]
                    x = parent[x]
                return x

            for u in range(len(geom.units)):
                x, y = root(where[u][a]), root(where[u][b])
                if x != y:
                    parent[x] = y
            pieces: dict[int, int] = {}
            for cell in list(parent):
                r = root(cell)
                pieces[r] = pieces.get(r, 0) | (1 << cell)
            found.update(pieces.values())
    return sorted(found, key=lambda s: s.bit_count())
