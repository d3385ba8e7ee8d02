"""Kakuro deductions on candidate bitmasks (bit d: digit d still possible), one
technique per rung of the ladder a person climbs:

- easy, `unique_sum`: a run whose remaining sum and size allow one set of digits keeps
  only those; with it `single`: placed digits leave the rest of their runs, a run's
  last empty cell takes what the sum lacks.
- medium, `combination`: any run keeps the digits of the sets its remaining sum and
  size allow (a 2-cell 5 holds no 5 to 9).
- hard, `intersection`: a set survives only if each empty cell of the run can take one
  of its digits (what the crossing runs left there) and together they cover it; a digit
  every surviving set needs, with one cell able to hold it, goes there.
- expert, `subset`: the digits of the run placed one to a cell: a digit no full placement
  uses is out (naked and hidden pairs, triples ... in one run).

`Grid.solve(level)` applies the cheapest technique that changes something, again and
again; the hardest used is the grade. Every deduction is sound, so a grid the ladder
fills has exactly one solution. The search counter (`count_solutions`) propagates with
all four and guesses when stuck."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from ...grids.sums import ALL_DIGITS, DIGIT_SUM, DIGITS_OF, POPCOUNT, combos

LEVELS = ("easy", "medium", "hard", "expert")
TECHNIQUES = ("unique_sum", "combination", "intersection", "subset")


class Contradiction(Exception):
    """The candidates admit no solution (only in search)."""


@dataclass
class Grid:
    runs: Sequence[Sequence[int]]
    sums: list[int | None]             # None: not chosen yet (a grid being made)
    cell_runs: Sequence[tuple[int, int]]
    cand: list[int] = field(default_factory=list)
    used: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.cand:
            self.cand = [ALL_DIGITS] * len(self.cell_runs)
        # runs to look at again, per technique: those whose cells changed since
        self.dirty = [set(range(len(self.runs))) for _ in TECHNIQUES]

    def copy(self) -> "Grid":
        other = Grid(self.runs, list(self.sums), self.cell_runs, list(self.cand))
        other.dirty = [set(d) for d in self.dirty]
        return other

    def solved(self) -> bool:
        return all(POPCOUNT[m] == 1 for m in self.cand)

    def unsolved(self) -> int:
        return sum(1 for m in self.cand if POPCOUNT[m] != 1)

    def _set(self, cell: int, mask: int) -> bool:
        if mask == self.cand[cell]:
            return False
        if not mask:
            raise Contradiction
        self.cand[cell] = mask
        for run in self.cell_runs[cell]:
            for d in self.dirty:
                d.add(run)
        return True

    def set_sum(self, run: int, total: int) -> None:
        self.sums[run] = total
        for d in self.dirty:
            d.add(run)

    def _state(self, run: int) -> tuple[int, int, list[int]]:
        """(digits placed, sum left, empty cells) of a run; a run with no sum yet has
        none left to share and no empty cells."""
        total = self.sums[run]
        placed, left, empty = 0, total or 0, []
        for cell in self.runs[run]:
            m = self.cand[cell]
            if POPCOUNT[m] == 1:
                if placed & m:
                    raise Contradiction
                placed |= m
                left -= DIGIT_SUM[m]
            else:
                empty.append(cell)
        if total is None:
            if placed:
                for cell in empty:
                    self._set(cell, self.cand[cell] & ~placed)
            return placed, 0, []
        return placed, left, empty

    # --- the techniques: each looks at its dirty runs, True if anything changed ----------
    def _easy(self, run: int) -> str | None:
        placed, left, empty = self._state(run)
        if not empty:
            if left:
                raise Contradiction
            return None
        changed: str | None = None
        if placed:
            for cell in empty:
                if self._set(cell, self.cand[cell] & ~placed):
                    changed = "single"
        if len(empty) == 1:
            cell = empty[0]
            if not 1 <= left <= 9 or not self.cand[cell] >> left & 1:
                raise Contradiction
            self._set(cell, 1 << left)
            return "single"
        sets = combos(left, len(empty), placed)
        if not sets:
            raise Contradiction
        if len(sets) == 1:
            for cell in empty:
                if self._set(cell, self.cand[cell] & sets[0]):
                    changed = "unique_sum"
        return changed

    def _medium(self, run: int) -> str | None:
        placed, left, empty = self._state(run)
        if not empty:
            return None
        union = 0
        for m in combos(left, len(empty), placed):
            union |= m
        changed = None
        for cell in empty:
            if self._set(cell, self.cand[cell] & union):
                changed = "combination"
        return changed

    def _hard(self, run: int) -> str | None:
        placed, left, empty = self._state(run)
        if not empty:
            return None
        masks = [self.cand[cell] for cell in empty]
        union, needed = 0, ALL_DIGITS
        for s in combos(left, len(empty), placed):
            cover = 0
            for m in masks:
                if not m & s:
                    break
                cover |= m & s
            else:
                if cover == s:
                    union |= s
                    needed &= s
        if not union:
            raise Contradiction
        changed = None
        for cell in empty:
            if self._set(cell, self.cand[cell] & union):
                changed = "intersection"
        for d in DIGITS_OF[needed]:
            holders = [cell for cell in empty if self.cand[cell] >> d & 1]
            if len(holders) == 1 and self._set(holders[0], 1 << d):
                changed = "intersection"
        return changed

    def _expert(self, run: int) -> str | None:
        placed, left, empty = self._state(run)
        if not empty:
            return None
        layers = [{0}]
        for cell in empty:
            nxt = set()
            allowed = self.cand[cell] & ~placed
            for m in layers[-1]:
                for d in DIGITS_OF[allowed & ~m]:
                    nxt.add(m | 1 << d)
            layers.append(nxt)
        alive = {m for m in layers[-1] if DIGIT_SUM[m] == left}
        if not alive:
            raise Contradiction
        changed = None
        for i in range(len(empty) - 1, -1, -1):
            cell, allowed, support, before = empty[i], self.cand[empty[i]] & ~placed, 0, set()
            for m in layers[i]:
                for d in DIGITS_OF[allowed & ~m]:
                    if m | 1 << d in alive:
                        support |= 1 << d
                        before.add(m)
            if self._set(cell, self.cand[cell] & support):
                changed = "subset"
            alive = before
        return changed

    def step(self, level: int) -> str | None:
        """Apply one technique (the cheapest that changes something, up to `level`)
        to all its dirty runs; its name, or None when the ladder is stuck."""
        for rung, rule in enumerate((self._easy, self._medium, self._hard, self._expert)[:level + 1]):
            dirty = self.dirty[rung]
            used = None
            while dirty:
                name = rule(dirty.pop())
                if name:
                    self.used[name] += 1
                    used = used or name
                    if rung:                   # back to the cheapest after any harder step
                        return used
            if used:
                return used
        return None

    def solve(self, level: int, limit: int = 1_000_000) -> int:
        """Climb the ladder up to `level` until stuck or solved; the hardest rung used
        (-1: none needed)."""
        hardest = -1
        for _ in range(limit):
            name = self.step(level)
            if name is None:
                break
            rung = 0 if name == "single" else TECHNIQUES.index(name)
            hardest = max(hardest, rung)
        return hardest


def count_solutions(grid: Grid, limit: int = 2, budget: int = 20_000) -> list[list[int]]:
    """Up to `limit` solutions (digits per cell) by propagation with every technique and
    guesses; raises TimeoutError after `budget` guesses."""
    found: list[list[int]] = []
    guesses = 0
    stack = [grid.copy()]
    while stack and len(found) < limit:
        g = stack.pop()
        try:
            g.solve(len(TECHNIQUES) - 1)
        except Contradiction:
            continue
        if g.solved():
            found.append([DIGITS_OF[m][0] for m in g.cand])
            continue
        guesses += 1
        if guesses > budget:
            raise TimeoutError("kakuro search over budget")
        cell = min((c for c, m in enumerate(g.cand) if POPCOUNT[m] > 1),
                   key=lambda c: POPCOUNT[g.cand[c]])
        for d in reversed(DIGITS_OF[g.cand[cell]]):
            branch = g.copy()
            try:
                branch._set(cell, 1 << d)
            except Contradiction:
                continue
            stack.append(branch)
    return found
