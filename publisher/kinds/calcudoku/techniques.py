"""Calcudoku's own techniques and its ladder (docs/spec.md, calcudoku).

A cage is (op, target, cells): "+" sum, "x" product, "-" difference and "/" quotient
of its two cells, "=" one cell. Tiers: 0 single-cell cages, singles, and the
combinations of two-cell cages (easy); 1 cage combinations by sum and size: every
cage keeps in each cell only the digits some filling true to its target gives it
(medium); 2 naked and hidden pairs and triples (hard); 3 cage-sum arithmetic across
a row or column (what its sum cages leave for the rest of the line), x-wing,
swordfish and quads (expert)."""
from __future__ import annotations

from functools import lru_cache, partial
from itertools import product
from math import prod
from typing import Sequence

from ...grids.latin.closure import Closure, Local, another, solved
from ...grids.latin.grid import (Grid, hidden_pair, hidden_quad, hidden_single, hidden_triple,
                                 naked_pair, naked_quad, naked_single, naked_triple, swordfish,
                                 x_wing)
from ...grids.latin.ladder import BudgetExceeded, Step, heavy_steps

Cage = tuple[str, int, tuple[int, ...]]        # (op, target, cells)
WAYS_LIMIT = 4000                              # fillings of a cage a person would weigh


def value_of(op: str, values: Sequence[int]) -> int:
    if op in ("+", "="):
        return sum(values)
    if op == "x":
        out = 1
        for v in values:
            out *= v
        return out
    a, b = sorted(values)
    return b - a if op == "-" else (b // a if b % a == 0 else -1)


def fillings(cage: Cage, cand: Sequence[int], n: int) -> tuple[int, ...] | None:
    """Per cell of the cage, the digits some filling true to the target gives it
    (cells of the cage in one row or column differ); None past WAYS_LIMIT."""
    return _cage(cage, n, tuple(cand[c] for c in cage[2]))


@lru_cache(maxsize=50_000)
def _fillings(cage: Cage, masks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """(A cage's state recurs across the many ladder runs of one dig.)"""
    op, target, cells = cage
    k = len(cells)
    if k == 1:
        return (masks[0] & 1 << (target - 1),)
    if k == 2:                      # neighbours: two different digits
        return _pair(op, target, masks[0], masks[1]), _pair(op, target, masks[1], masks[0])
    # + and x: every digit of the others but the last two cells (the one with the
    # most digits last), then each digit of the one before last with the digit
    # the target leaves for the last: a pair of bit masks per choice of the others
    free = max(range(k), key=lambda i: masks[i].bit_count())
    order, inner, near, far, apart = _plan(cells, n, free)
    head, before_last = k - 2, order[k - 2]
    last, out, adding = masks[free], [0] * k, op == "+"
    for others in product(*[_DIGITS[masks[i]] for i in order[:head]]):
        for i, j in inner:
            if others[i] == others[j]:
                break
        else:
            mine, lasts = masks[before_last], last
            for j in near:
                mine &= ~(1 << (others[j] - 1))
            for j in far:
                lasts &= ~(1 << (others[j] - 1))
            if adding:
                rest = target - sum(others)
            else:
                part = prod(others)
                rest = target // part if target % part == 0 else 0
            good = shown = 0
            for d in _DIGITS[mine]:
                if adding:
                    v = rest - d
                else:
                    v = rest // d if rest % d == 0 else 0
                if 0 < v <= n and lasts >> (v - 1) & 1 and (apart or v != d):
                    good |= 1 << (d - 1)
                    shown |= 1 << (v - 1)
            if good:
                out[before_last] |= good
                out[free] |= shown
                for i, digit in zip(order, others):
                    out[i] |= 1 << (digit - 1)
    return tuple(out)


@lru_cache(maxsize=50_000)
def _plan(cells: tuple[int, ...], n: int, free: int) -> tuple[
        list[int], list[tuple[int, int]], list[int], list[int], bool]:
    """How `_fillings` goes through a cage whose cell `free` comes last: the order
    of the cells, the pairs of the others sharing a line, those of the others that
    share one with the cell before last and with the last, and whether those two
    may hold the same digit."""
    k = len(cells)
    order = [i for i in range(k) if i != free] + [free]
    ordered = [cells[i] for i in order]
    clash = [[j for j in range(i) if ordered[i] // n == ordered[j] // n
              or ordered[i] % n == ordered[j] % n] for i in range(k)]
    head = k - 2
    inner = [(i, j) for i in range(head) for j in clash[i]]
    return (order, inner, clash[head], [j for j in clash[k - 1] if j < head],
            head not in clash[k - 1])


# the digits of each mask of up to 9 bits
_DIGITS = [tuple(v + 1 for v in range(9) if m >> v & 1) for m in range(1 << 9)]


def _pair(op: str, target: int, mine: int, other: int) -> int:
    """The digits of `mine` some digit of `other` (another one) makes `target` with."""
    out, m = 0, mine
    while m:
        bit = m & -m
        m ^= bit
        v = bit.bit_length()
        partners: tuple[int, ...]
        if op == "+":
            partners = (target - v,)
        elif op == "x":
            partners = (target // v if target % v == 0 else 0,)
        elif op == "-":
            partners = (v - target, v + target)
        else:
            partners = (v * target, v // target if v % target == 0 else 0)
        for w in partners:
            if 0 < w != v and other >> (w - 1) & 1:
                out |= bit
                break
    return out


def cage_combinations(cages: Sequence[Cage], g: Grid) -> bool:
    changed = False
    for cage in cages:
        keep = fillings(cage, g.cand, g.n)
        if keep is None:
            continue
        for cell, mask in zip(cage[2], keep):
            if g.restrict(cell, mask):
                changed = True
        if g.broken:
            return True
    return changed


def line_sums(n: int, cages: Sequence[Cage]) -> list[tuple[list[int], int]]:
    """Per row and column: the cells not in a sum cage lying wholly inside it, and
    what they must add up to (the line's 1 + ... + n less those cages' targets)."""
    out = []
    for axis in range(2):
        for k in range(n):
            cells = [r * n + k for r in range(n)] if axis else [k * n + c for c in range(n)]
            inside, total = set(cells), n * (n + 1) // 2
            rest = set(cells)
            for op, target, cage in cages:
                if op in ("+", "=") and set(cage) <= inside:
                    rest -= set(cage)
                    total -= target
            if 0 < len(rest) < len(cells):
                out.append((sorted(rest), total))
    return out


def line_arithmetic(sums: Sequence[tuple[list[int], int]], g: Grid) -> bool:
    """The cells a line's sum cages leave add up to what those cages leave over."""
    return cage_combinations([("+", total, tuple(cells)) for cells, total in sums], g)


def ladder(n: int, cages: Sequence[Cage]) -> list[Step]:
    small = tuple(c for c in cages if len(c[2]) <= 2)
    return [("single_cage", 0, partial(cage_combinations, tuple(c for c in cages if c[0] == "="))),
            ("naked_single", 0, naked_single), ("hidden_single", 0, hidden_single),
            ("two_cell_cage", 0, partial(cage_combinations, small)),
            ("cage_combination", 1, partial(cage_combinations, tuple(cages))),
            ("naked_pair", 2, naked_pair), ("hidden_pair", 2, hidden_pair),
            ("naked_triple", 2, naked_triple), ("hidden_triple", 2, hidden_triple),
            ("line_arithmetic", 3, partial(line_arithmetic,
                                           tuple(line_sums(n, cages)) if cages else ())),
            ("x_wing", 3, x_wing), ("swordfish", 3, swordfish),
            ("naked_quad", 3, naked_quad), ("hidden_quad", 3, hidden_quad)]


def _cage(cage: Cage, n: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """`cage_combinations` on one cage."""
    ways = 1
    for m in masks:
        ways *= m.bit_count()
    return None if ways > WAYS_LIMIT else _fillings(cage, masks, n)


def ladder_solves(n: int, cages: Sequence[Cage], max_tier: int,
                  givens: Sequence[int] = ()) -> bool:
    """`run_ladder(Grid(n, givens), ladder(n, cages), max_tier).solved`, faster
    (grids/latin/closure.py): each cage the tier weighs is a constraint."""
    return solved(_ladder_closure(n, cages, max_tier, givens)[1])


def _ladder_closure(n: int, cages: Sequence[Cage], max_tier: int, givens: Sequence[int]
                    ) -> tuple[Closure, list[int] | None]:
    weighed = [c for c in cages if max_tier >= 1 or c[0] == "=" or len(c[2]) <= 2]
    local = [Local(cage[2], partial(_cage, cage, n)) for cage in weighed]
    full = [1 << (v - 1) if v else (1 << n) - 1
            for v in list(givens) or [0] * (n * n)]
    # below tier 3 the costly steps never read the cages (line sums wait for tier 3)
    steps = ladder(n, cages if max_tier >= 3 else ())
    shut = Closure(n, local, heavy_steps(steps, 2, max_tier))
    return shut, shut.run(full, [True] * len(local), [])


def proof(n: int, cages: Sequence[Cage], solution: Sequence[int], givens: Sequence[int],
          changed: Sequence[int], budget: int) -> str | None:
    """How the puzzle is proved to have one solution: "ladder" (the whole ladder
    solves it), "search" (a search from where the ladder stops), or None (not
    proved within `budget` branches). `changed`: the cells of the cages that differ
    from a puzzle with one solution (any other solution changes one of them)."""
    shut, cand = _ladder_closure(n, cages, 3, givens)
    if cand is None or solved(cand):
        return "ladder" if cand else None
    try:
        found = another(Closure(n, shut.local), cand, [True] * len(shut.local),
                        [1 << (v - 1) for v in solution], budget, changed)
    except BudgetExceeded:
        return None
    return None if found else "search"
