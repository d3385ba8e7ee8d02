"""Skyscrapers' own techniques and its ladder (docs/spec.md, skyscrapers).

A clue outside the grid counts the buildings seen from there (a taller one hides
every shorter one behind it). Sides: 0 top, 1 bottom, 2 left, 3 right; clue k of a
side looks along column k (top, bottom) or row k (left, right).

Tiers: 0 edge clues (a 1 sees the tallest next to it, an N sees 1 to N in order, and
a clue c leaves at most N - c + 1 + d in the cell d steps in) and singles (easy);
1 visibility ranges: in a line of few possibilities, each cell keeps only the heights
some arrangement seen correctly from both ends gives it (medium); 2 naked and hidden
pairs and triples (hard); 3 x-wing, swordfish and quads (expert)."""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Sequence

from ...grids.latin.closure import Closure, Local
from ...grids.latin.grid import (Grid, hidden_pair, hidden_quad, hidden_single, hidden_triple,
                                 naked_pair, naked_quad, naked_single, naked_triple, swordfish,
                                 x_wing)
from ...grids.latin.ladder import Step, heavy_steps

Clue = tuple[int, int, int]           # (side, index, seen)
SHORT, LONG = 24, 3000                # arrangements of a line weighed at medium, expert


def line_cells(n: int, side: int, k: int) -> list[int]:
    """The cells a clue looks along, nearest first."""
    if side == 0:
        return [r * n + k for r in range(n)]
    if side == 1:
        return [r * n + k for r in reversed(range(n))]
    if side == 2:
        return [k * n + c for c in range(n)]
    return [k * n + c for c in reversed(range(n))]


def seen(heights: Sequence[int]) -> int:
    count, tallest = 0, 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


def edge_limits(n: int, clues: Sequence[Clue]) -> tuple[tuple[int, int], ...]:
    """(cell, heights it may hold) for every cell an edge clue limits."""
    out = []
    for side, k, c in clues:
        for d, cell in enumerate(line_cells(n, side, k)):
            if c == 1:
                keep = 1 << (n - 1) if d == 0 else (1 << n) - 1
            elif c == n:
                keep = 1 << d
            else:
                keep = (1 << min(n, n - c + 1 + d)) - 1
            if keep != (1 << n) - 1:
                out.append((cell, keep))
    return tuple(out)


def edge_clues(limits: Sequence[tuple[int, int]], g: Grid) -> bool:
    """A 1 sees the tallest next to it, an N sees 1 to N in order, and a clue c
    leaves at most N - c + 1 + d in the cell d steps in."""
    cand, changed = g.cand, False
    for cell, keep in limits:
        if cand[cell] & ~keep:
            g.restrict(cell, keep)
            changed = True
    return changed


def _arrangements(cands: list[int], n: int, front: int, back: int) -> list[int]:
    """Per cell, the heights some arrangement of the line gives it (0 masks: none)."""
    out = [0] * n
    chosen = [0] * n

    def walk(i: int, used: int, tallest: int, count: int) -> None:
        if front and (count > front or count + (n - tallest) < front):
            return
        if i == n:
            if (not front or count == front) and (not back or seen(chosen[::-1]) == back):
                for j in range(n):
                    out[j] |= 1 << (chosen[j] - 1)
            return
        m = cands[i] & ~used
        while m:
            bit = m & -m
            m ^= bit
            v = bit.bit_length()
            chosen[i] = v
            walk(i + 1, used | bit, max(tallest, v), count + (v > tallest))

    walk(0, 0, 0, 0)
    return out


def visibility(lines: Sequence[tuple[list[int], int, int]], limit: int, g: Grid) -> bool:
    """Lines (cells from the front, front clue, back clue; 0 = none) of few
    arrangements: each cell keeps what some arrangement seen right gives it."""
    cand, changed = g.cand, False
    for cells, front, back in lines:
        got = _seen(g.n, front, back, limit, tuple([cand[c] for c in cells]))
        if got is None:
            continue
        for cell, keep in zip(cells, got):
            if g.restrict(cell, keep):
                changed = True
        if g.broken:
            return True
    return changed


def clue_lines(n: int, clues: Sequence[Clue]) -> list[tuple[list[int], int, int]]:
    """Every clued line once, read from its top or left end."""
    got: dict[tuple[int, int], list[int]] = {}
    for side, k, c in clues:
        axis = 0 if side < 2 else 1
        got.setdefault((axis, k), [0, 0])[side % 2] = c
    return [(line_cells(n, 0 if axis == 0 else 2, k), front, back)
            for (axis, k), (front, back) in sorted(got.items())]


def ladder(n: int, clues: Sequence[Clue]) -> list[Step]:
    lines = tuple(clue_lines(n, clues))
    return [("edge_clue", 0, partial(edge_clues, edge_limits(n, clues))),
            ("naked_single", 0, naked_single), ("hidden_single", 0, hidden_single),
            ("visibility", 1, partial(visibility, lines, SHORT)),
            ("naked_pair", 2, naked_pair), ("hidden_pair", 2, hidden_pair),
            ("naked_triple", 2, naked_triple), ("hidden_triple", 2, hidden_triple),
            ("long_visibility", 3, partial(visibility, lines, LONG)),
            ("x_wing", 3, x_wing), ("swordfish", 3, swordfish),
            ("naked_quad", 3, naked_quad), ("hidden_quad", 3, hidden_quad)]


def _limits(keep: tuple[int, ...], masks: tuple[int, ...]) -> tuple[int, ...]:
    return keep


@lru_cache(maxsize=50_000)
def _seen(n: int, front: int, back: int, limit: int,
          masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """`visibility` on one line (a line's state recurs across a dig's tests); None
    when it has nothing to take away."""
    ways = 1
    for m in masks:
        ways *= m.bit_count()
    if ways > limit:
        return None
    got = tuple(_arrangements(list(masks), n, front, back))
    return None if got == masks else got


def closure(n: int, clues: Sequence[Clue], max_tier: int,
            heavy: bool = True) -> tuple[Closure, list[tuple[int, int]]]:
    """The ladder up to `max_tier` as a Closure (grids/latin/closure.py) on every
    clue of `clues`, and the clues (indices) each constraint needs. A line's
    visibility is one constraint per clue and one for both ends; the long
    visibility of tier 3 does all the short one does. Without `heavy`, no subsets
    or fish (a search's propagation)."""
    local: list[Local] = []
    needs: list[tuple[int, int]] = []
    full = (1 << n) - 1
    for k, clue in enumerate(clues):
        cells = line_cells(n, clue[0], clue[1])
        limited = dict(edge_limits(n, [clue]))
        local.append(Local(tuple(cells), partial(_limits, tuple(limited.get(c, full)
                                                                 for c in cells)), once=True))
        needs.append((k, k))
    if max_tier >= 1:
        limit = LONG if max_tier >= 3 else SHORT
        ends: dict[tuple[int, int], dict[int, int]] = {}
        singles = len(local)
        for k, (side, index, count) in enumerate(clues):
            local.append(Local(tuple(line_cells(n, side, index)),
                               partial(_seen, n, count, 0, limit)))
            needs.append((k, k))
            ends.setdefault((side // 2, index), {})[side % 2] = k
        for (axis, index), got in sorted(ends.items()):
            if len(got) == 2:
                front, back = got[0], got[1]
                # seen right from both ends is seen right from each
                for k in (front, back):
                    local[singles + k] = local[singles + k]._replace(within=len(local))
                local.append(Local(tuple(line_cells(n, 2 * axis, index)),
                                   partial(_seen, n, clues[front][2], clues[back][2], limit)))
                needs.append((front, back))
    steps = [step for step in ladder(n, clues) if step[0] != "long_visibility"]
    return Closure(n, local, heavy_steps(steps, 2, max_tier) if heavy else ()), needs
