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
    cells_of_value: list[list[int]] = [[] for _ in range(n + 1)]
    for c, v in enumerate(solution):
        cells_of_value[v].append(c)
    cell_units = geom.cell_units
    found: set[int] = set()
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            seen = 0
            for first in cells_of_value[a]:
                if seen >> first & 1:
                    continue
                piece, stack = 0, [first]          # walk the a-b links from this cell
                while stack:
                    c = stack.pop()
                    if piece >> c & 1:
                        continue
                    piece |= 1 << c
                    other = b if solution[c] == a else a
                    for u in cell_units[c]:
                        stack.append(where[u][other])
                seen |= piece
                found.add(piece)
    return sorted(found, key=lambda s: (s.bit_count(), s))
