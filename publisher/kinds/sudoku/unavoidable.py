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
    # each row holds one a-cell and one b-cell: a piece is a union of rows,
    # joined by every other house (its a-cell's row and its b-cell's row); the
    # first n houses are the rows
    row_of = [[0] * (n + 1) for _ in geom.units]         # house -> value -> row
    cell_in_row = [[0] * (n + 1) for _ in range(n)]     # row -> value -> cell
    for u, cells in enumerate(geom.units):
        for c in cells:
            row_of[u][solution[c]] = c // n
            if u < n:
                cell_in_row[u][solution[c]] = c
    others = row_of[n:]
    found: set[int] = set()
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            parent = list(range(n))                      # row -> a row of its piece
            for rows in others:
                x, y = rows[a], rows[b]
                while parent[x] != x:
                    x = parent[x]
                while parent[y] != y:
                    y = parent[y]
                if x != y:
                    parent[x] = y
            pieces: dict[int, int] = {}
            for r in range(n):
                x = r
                while parent[x] != x:
                    x = parent[x]
                cells = cell_in_row[r]
                pieces[x] = pieces.get(x, 0) | 1 << cells[a] | 1 << cells[b]
            found.update(pieces.values())
    return sorted(found, key=lambda s: (s.bit_count(), s))
