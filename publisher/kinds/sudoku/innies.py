"""Killer's "45 rule" (innies and outies): a house, or a band of adjacent
rows or columns, holds every value once, so its cells add up to a known total
(45 per house on 9x9). Taking away the cages that lie wholly inside leaves the
"innies", whose sum is then known; the cages that stick out of it add up to
the total plus the "outies", the cells they have outside. A small group of
innies or outies with a known sum limits the values each of its cells can
take."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .shapes import Geometry

if TYPE_CHECKING:
    from .grader import HumanSolver

MAX_CELLS = 4            # larger groups constrain little and cost a lot to enumerate


def _areas(geom: Geometry) -> list[tuple[list[int], int]]:
    """The houses, and bands of 2 to n-1 adjacent rows or columns: (cells,
    how many houses' worth of values they hold)."""
    n = geom.n
    out = [(list(u), 1) for u in geom.units]
    for k in range(2, n):
        for first in range(n - k + 1):
            rows = [r * n + c for r in range(first, first + k) for c in range(n)]
            cols = [r * n + c for c in range(first, first + k) for r in range(n)]
            out += [(rows, k), (cols, k)]
    return out


def groups(geom: Geometry, sums: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """(cells, their sum) for every innie and outie group of at most MAX_CELLS
    cells (fixed by the cages, so built once per board)."""
    n = geom.n
    house_total = n * (n + 1) // 2
    cage_of = [0] * (n * n)
    for k, cells in enumerate(geom.cages):
        for c in cells:
            cage_of[c] = k
    found: dict[tuple[int, ...], int] = {}
    for cells, k in _areas(geom):
        area = set(cells)
        touching = {cage_of[c] for c in cells}
        inside = [g for g in touching if area.issuperset(geom.cages[g])]
        innies = tuple(sorted(area - {c for g in inside for c in geom.cages[g]}))
        if 0 < len(innies) <= MAX_CELLS:
            found[innies] = k * house_total - sum(sums[g] for g in inside)
        sticking = [g for g in touching if g not in inside]
        outies = tuple(sorted({c for g in sticking for c in geom.cages[g]} - area))
        if 0 < len(outies) <= MAX_CELLS:
            # the cages touching the area hold it whole plus the outies
            found[outies] = sum(sums[g] for g in touching) - k * house_total
    return sorted(found.items())


def _allowed(cells: list[int], masks: list[int], need: int,
             peer_bits: list[int]) -> tuple[int, ...]:
    """Per cell, the values it takes in some way of making `need` from the
    candidates `masks` (cells that see each other differ)."""
    allowed = [0] * len(cells)
    picked = [0] * len(cells)

    def walk(i: int, left: int) -> None:
        if i == len(cells):
            if left == 0:
                for j, v in enumerate(picked):
                    allowed[j] |= 1 << (v - 1)
            return
        m = masks[i]
        while m:
            bit = m & -m
            m ^= bit
            v = bit.bit_length()
            if v > left:
                break
            if any(picked[j] == v and peer_bits[cells[i]] >> cells[j] & 1 for j in range(i)):
                continue
            picked[i] = v
            walk(i + 1, left - v)

    walk(0, need)
    return tuple(allowed)


def innies_outies(solver: HumanSolver) -> bool:
    """Limit the candidates of each innie/outie group to the values that can
    make its sum (cells that see each other holding different values)."""
    if not solver.innie_groups:
        return False
    cand, values, pb = solver.cand, solver.values, solver.geom.peer_bits
    memo = solver.geom.__dict__.setdefault("_innie_memo", {})
    for cells, total in solver.innie_groups:
        need = total
        open_cells = []
        for c in cells:
            if values[c]:
                need -= values[c]
            else:
                open_cells.append(c)
        if not open_cells:
            continue
        key = (need, tuple(open_cells), tuple(cand[c] for c in open_cells))
        allowed = memo.get(key)
        if allowed is None:
            allowed = memo[key] = _allowed(open_cells, [cand[c] for c in open_cells], need, pb)
        changed = False
        for c, ok in zip(open_cells, allowed):
            if cand[c] & ~ok:
                cand[c] &= ok
                changed = True
                if not cand[c]:
                    solver.broken = True
        if changed:
            solver._note("innies_outies")
            return True
    return False
