"""Exact search: count solutions (stopping at a limit) and fill random grids,
by the propagating searches of propagate.py (no cages) and killer.py (cages
with their sums).
"""
from __future__ import annotations

import random

from .killer import killer_engine
from .propagate import SearchBudgetExceeded, engine
from .shapes import Geometry


class BudgetExceeded(Exception):
    """The search used more branches than it was allowed."""


def _setup(geom: Geometry, grid: list[int]) -> list[int] | None:
    used = [0] * len(geom.groups)
    for cell, v in enumerate(grid):
        if v:
            bit = 1 << (v - 1)
            for g in geom.cell_groups[cell]:
                if used[g] & bit:
                    return None
                used[g] |= bit
    return used


def count_solutions(geom: Geometry, grid: list[int], limit: int = 2,
                    sums: list[int] | None = None, budget: int = 10 ** 7) -> int:
    """Number of solutions of `grid` (0 = empty cell), counting no further than
    `limit`. Raises BudgetExceeded past `budget` branches."""
    if not geom.cages:
        return _engine_search(geom, grid, limit, budget)[0]
    return _killer_search(geom, grid, sums, limit, budget)[0]


def _engine_search(geom: Geometry, grid: list[int], limit: int, budget: int,
                   rng: random.Random | None = None) -> tuple[int, list[int] | None]:
    """The propagating search (grids without cages); its budget is in branches."""
    if _setup(geom, grid) is None:
        return 0, None
    try:
        return engine(geom).solutions(grid, limit, budget, rng)
    except SearchBudgetExceeded:
        raise BudgetExceeded from None


def solve(geom: Geometry, grid: list[int], sums: list[int] | None = None,
          budget: int = 10 ** 7) -> list[int] | None:
    """One solution, or None."""
    if not geom.cages:
        return _engine_search(geom, grid, 1, budget)[1]
    return _killer_search(geom, grid, sums, 1, budget)[1]


def _killer_search(geom: Geometry, grid: list[int], sums: list[int] | None, limit: int,
                   budget: int, prefer: list[int] | None = None
                   ) -> tuple[int, list[int] | None]:
    """The propagating search with cage sums; its budget is in branches."""
    if _setup(geom, grid) is None:
        return 0, None
    try:
        return killer_engine(geom, sums).solutions(grid, limit, budget, prefer)
    except SearchBudgetExceeded:
        raise BudgetExceeded from None


def random_solution(geom: Geometry, rng: random.Random, budget: int = 20000,
                    tries: int = 20) -> list[int] | None:
    """A random full grid for the geometry, or None if every try ran out of
    budget (some jigsaw layouts have no filling at all)."""
    n = geom.n
    for _ in range(tries):
        grid = [0] * (n * n)
        # a random first row makes different tries start far apart
        row = list(range(1, n + 1))
        rng.shuffle(row)
        grid[:n] = row
        try:
            _, sol = _engine_search(geom, grid, 1, budget, rng)
        except BudgetExceeded:
            continue
        if sol is not None:
            return sol
    return None


def other_solution(geom: Geometry, grid: list[int], solution: list[int],
                   freed: list[int], sums: list[int] | None = None,
                   budget: int = 10 ** 7,
                   stuck: tuple[list[int], list[int], int] | None = None) -> list[int] | None:
    """A solution of `grid` other than `solution`, knowing that `grid` is
    `solution`'s unique puzzle with the cells `freed` emptied: any other
    solution differs in a freed cell, so try each freed cell with each other
    value (earlier freed cells fixed to the solution; `stuck`: where the
    engine's singles stopped, without cages). Finding one solution
    under a wrong value fails much faster than counting to two. Returns
    `solution` itself when the budget runs out (not proved unique)."""
    if not geom.cages:
        try:
            return engine(geom).other_solution(grid, solution, freed, budget, stuck)
        except SearchBudgetExceeded:
            return solution
    work = list(grid)
    used = _setup(geom, work)
    if used is None:
        return None
    try:
        for cell in freed:
            m = geom.full
            for g in geom.cell_groups[cell]:
                m &= ~used[g]
            m &= ~(1 << (solution[cell] - 1))
            while m:
                low = m & -m
                m ^= low
                work[cell] = low.bit_length()
                other = _killer_search(geom, work, sums, 1, budget, solution)[1]
                if other is not None:
                    return other
            work[cell] = solution[cell]
            for g in geom.cell_groups[cell]:
                used[g] |= 1 << (solution[cell] - 1)
    except BudgetExceeded:
        return solution
    return None
