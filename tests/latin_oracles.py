"""Checkers for the Latin-square kinds that share no code with the generators: a SAT
encoding (python-sat) that proves a puzzle has one solution, and small human solvers
built from the rules alone."""
from __future__ import annotations

from itertools import permutations

from pysat.card import CardEnc
from pysat.solvers import Minisat22


class LatinSat:
    """Variables x(r, c, v) of an n x n Latin square: each cell one value, each row
    and column each value once. Kinds add clauses over `var`."""

    def __init__(self, n: int):
        self.n, self.clauses, self.top = n, [], n * n * n

    def var(self, r: int, c: int, v: int) -> int:          # v in 1..n
        return (r * self.n + c) * self.n + v

    def exactly_one(self, lits: list[int]) -> None:
        enc = CardEnc.equals(lits=lits, bound=1, top_id=self.top)
        self.top = max(self.top, enc.nv)
        self.clauses += enc.clauses

    def latin(self) -> "LatinSat":
        n, R = self.n, range(self.n)
        for a in R:
            for b in R:
                self.exactly_one([self.var(a, b, v) for v in range(1, n + 1)])
                v = b + 1
                self.exactly_one([self.var(a, c, v) for c in R])       # row a holds v once
                self.exactly_one([self.var(r, a, v) for r in R])       # column a holds v once
        return self

    def fresh(self) -> int:
        self.top += 1
        return self.top

    def seen_from_front(self, cells: list[tuple[int, int]], count: int) -> None:
        """`count` buildings of the line `cells` (nearest first) are seen: cell i is
        seen when its height h is above every cell before it, where `tall[h]` (some
        cell so far is h or more) is still false."""
        n, R = self.n, range(1, self.n + 1)
        tall = [0] * (n + 1)                      # 0: false (before the first cell)
        visible = []
        for r, c in cells:
            seen = self.fresh()
            visible.append(seen)
            for h in R:
                before = [tall[h]] if tall[h] else []
                self.clauses.append([-self.var(r, c, h)] + before + [seen])
                if tall[h]:
                    self.clauses.append([-self.var(r, c, h), -tall[h], -seen])
            now = [0] * (n + 1)
            for h in R:
                now[h] = self.fresh()
                higher = [self.var(r, c, k) for k in range(h, n + 1)]
                for lit in higher + ([tall[h]] if tall[h] else []):
                    self.clauses.append([-lit, now[h]])
                self.clauses.append([-now[h]] + higher + ([tall[h]] if tall[h] else []))
            tall = now
        enc = CardEnc.equals(lits=visible, bound=count, top_id=self.top)
        self.top = max(self.top, enc.nv)
        self.clauses += enc.clauses

    def cage(self, cells: list[tuple[int, int]], fillings: list[tuple[int, ...]]) -> None:
        """The cells hold one of `fillings` (values in the order of `cells`)."""
        chosen = []
        for filling in fillings:
            pick = self.fresh()
            chosen.append(pick)
            for (r, c), v in zip(cells, filling):
                self.clauses.append([-pick, self.var(r, c, v)])
        self.clauses.append(chosen)

    def given(self, r: int, c: int, v: int) -> None:
        self.clauses.append([self.var(r, c, v)])

    def solutions(self, limit: int = 2) -> list[list[int]]:
        """Up to `limit` solutions, row-major values."""
        n, out = self.n, []
        with Minisat22(bootstrap_with=self.clauses) as solver:
            while len(out) < limit and solver.solve():
                model = set(v for v in solver.get_model() if v > 0)
                grid = [next(v for v in range(1, n + 1) if self.var(r, c, v) in model)
                        for r in range(n) for c in range(n)]
                out.append(grid)
                solver.add_clause([-self.var(r, c, grid[r * n + c])
                                   for r in range(n) for c in range(n)])
        return out


def line_values(n: int) -> list[tuple[int, ...]]:
    return list(permutations(range(1, n + 1)))


def singles_solver(n: int, givens: list[int], extra=None) -> list[int] | None:
    """Naked and hidden singles on candidate sets, plus `extra(cand)` (a kind's easy
    rule, returning True when it removed something); the grid if that finishes it."""
    cand = [{v} if v else set(range(1, n + 1)) for v in givens]
    lines = [[r * n + c for c in range(n)] for r in range(n)] + \
            [[r * n + c for r in range(n)] for c in range(n)]
    changed = True
    while changed:
        changed = False
        for line in lines:
            for cell in line:
                if len(cand[cell]) == 1:
                    for other in line:
                        if other != cell and cand[cell] & cand[other]:
                            cand[other] -= cand[cell]
                            changed = True
            for v in range(1, n + 1):
                spots = [c for c in line if v in cand[c]]
                if len(spots) == 1 and len(cand[spots[0]]) > 1:
                    cand[spots[0]] = {v}
                    changed = True
        if any(not c for c in cand):
            return None
        if not changed and extra is not None:
            changed = extra(cand)
    return [next(iter(c)) for c in cand] if all(len(c) == 1 for c in cand) else None
