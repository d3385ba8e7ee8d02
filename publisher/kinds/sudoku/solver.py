"""Exact search: count solutions (stopping at a limit) and fill random grids.

Bitmask depth-first search that always branches on the cell with the fewest
candidates. Killer cages add two rules: no repeated value (a cage is a group)
and the sum (candidates limited to the value sets that can still make it).
"""
from __future__ import annotations

import random

from .killer import cage_combos, killer_engine
from .propagate import SearchBudgetExceeded, engine
from .shapes import Geometry


class BudgetExceeded(Exception):
    """The search used more nodes than it was allowed."""


class CageRule:
    """allowed(cage, used) -> values that may still go into the cage's empty
    cells, given the values already placed in it (memoised per cage)."""

    def __init__(self, geom: Geometry, sums: list[int]):
        self.sums = list(sums)
        self.combos = [cage_combos(geom.n, len(cells), s) for cells, s in zip(geom.cages, sums)]
        self.memo: list[dict[int, int]] = [{} for _ in sums]
        self.first_group = len(geom.units)          # cage k is group first_group + k
        self.cage_of = [-1] * (geom.n * geom.n)
        for k, cells in enumerate(geom.cages):
            for cell in cells:
                self.cage_of[cell] = k

    def allowed(self, cage: int, used: int) -> int:
        memo = self.memo[cage]
        got = memo.get(used)
        if got is None:
            got = 0
            for combo in self.combos[cage]:
                if combo & used == used:
                    got |= combo
            got &= ~used
            memo[used] = got
        return got


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


# long: the exact counter's hot loop; its bitmask state stays in locals for speed
def _search(geom: Geometry, grid: list[int], limit: int, budget: int,
            rng: random.Random | None, sums: list[int] | None,
            prefer: list[int] | None = None) -> tuple[int, list[int] | None]:
    """Shared depth-first search (a hot loop, hence one long function).
    Returns (solutions found up to limit, the first solution)."""
    used = _setup(geom, grid)
    if used is None:
        return 0, None
    values = list(grid)
    full = geom.full
    cell_groups: list[tuple[int, ...]] | None = geom.__dict__.get("_group_tuples")
    if cell_groups is None:
        cell_groups = geom.__dict__["_group_tuples"] = [tuple(g) for g in geom.cell_groups]
    three = all(len(g) == 3 for g in cell_groups)      # rows, columns, boxes: a fast path
    rule = None
    if sums is not None and geom.cages:
        rules = geom.__dict__.setdefault("_cage_rules", {})
        rule = rules.get(tuple(sums))
        if rule is None:
            rule = rules[tuple(sums)] = CageRule(geom, sums)
    cage_of = rule.cage_of if rule else None
    first = rule.first_group if rule else 0
    if rule:
        for k, cells in enumerate(geom.cages):
            placed = used[first + k]
            if rule.allowed(k, placed) == 0 and any(values[c] == 0 for c in cells):
                return 0, None
            if all(values[c] for c in cells) and sum(values[c] for c in cells) != rule.sums[k]:
                return 0, None
    empties = [c for c in range(len(values)) if values[c] == 0]
    mask_of = [0] * len(values)
    units = geom.units
    found = 0
    first_solution: list[int] | None = None
    nodes = 0

    # long: the recursive step of the hot loop, closing over the search state
    def go(depth: int) -> bool:          # True = stop (limit reached)
        nonlocal found, first_solution, nodes
        nodes += 1
        if nodes > budget:
            raise BudgetExceeded
        if depth == len(empties):
            found += 1
            if first_solution is None:
                first_solution = list(values)
            return found >= limit
        best_i, best_m, best_k = -1, 0, 99
        if three and cage_of is None:
            for i in range(depth, len(empties)):
                cell = empties[i]
                a, b, c = cell_groups[cell]
                m = full & ~(used[a] | used[b] | used[c])
                if not m:
                    return False
                mask_of[cell] = m
                k = m.bit_count()
                if k < best_k:
                    best_i, best_m, best_k = i, m, k
                    if k == 1:
                        break
            if best_k > 1:
                # hidden single: a value with one place left in a house
                for u, cells in enumerate(units):
                    need = full & ~used[u]
                    if not need:
                        continue
                    once = twice = 0
                    for x in cells:
                        if not values[x]:
                            m = mask_of[x]
                            twice |= once & m
                            once |= m
                    if need & ~once:
                        return False
                    single = need & ~twice
                    if single:
                        bit = single & -single
                        for x in cells:
                            if not values[x] and mask_of[x] & bit:
                                best_i, best_m, best_k = empties.index(x, depth), bit, 1
                                break
                        break
        else:
            for i in range(depth, len(empties)):
                cell = empties[i]
                m = full
                for g in cell_groups[cell]:
                    m &= ~used[g]
                if cage_of is not None and cage_of[cell] >= 0:
                    k = cage_of[cell]
                    m &= rule.allowed(k, used[first + k])  # type: ignore[union-attr]
                if not m:
                    return False
                k = m.bit_count()
                if k < best_k:
                    best_i, best_m, best_k = i, m, k
                    if k == 1:
                        break
        empties[depth], empties[best_i] = empties[best_i], empties[depth]
        cell = empties[depth]
        groups = cell_groups[cell]
        bits = []
        m = best_m
        while m:
            low = m & -m
            bits.append(low)
            m ^= low
        if rng is not None:
            rng.shuffle(bits)
        elif prefer is not None and len(bits) > 1:
            # try the known solution's value first: a second solution close
            # to it is found sooner and differs in fewer cells
            known = 1 << (prefer[cell] - 1)
            if known in bits:
                bits.remove(known)
                bits.insert(0, known)
        for bit in bits:
            for g in groups:
                used[g] |= bit
            values[cell] = bit.bit_length()
            stop = go(depth + 1)
            for g in groups:
                used[g] ^= bit
            values[cell] = 0
            if stop:
                return True
        empties[depth], empties[best_i] = empties[best_i], empties[depth]
        return False

    go(0)
    return found, first_solution


def count_solutions(geom: Geometry, grid: list[int], limit: int = 2,
                    sums: list[int] | None = None, budget: int = 10 ** 7) -> int:
    """Number of solutions of `grid` (0 = empty cell), counting no further than
    `limit`. Raises BudgetExceeded past `budget` search nodes."""
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
    if sums is None:
        return _search(geom, grid, limit, budget, None, None)
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
