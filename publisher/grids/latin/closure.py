"""The dig's test, fast: does the ladder up to a tier solve the puzzle? Only
whether, not how (the grade itself comes from `run_ladder`).

Every technique is sound and never does less when it knows more, so the
candidates left when none of them can act are the same whatever order they ran
in; the ladder's order is one such order and this is another. The cheap ones run
event-driven: a change to a cell wakes its peers (when it is placed), its row and
column for hidden singles, and the kind's local constraints on it (a sign, a
cage, a clued line). The costly ones (subsets, fish: `heavy`) run only when the
cheap ones are stuck, easiest first, as the ladder does.

A run may start from `base`, the end of an earlier run on fewer clues (a dig
tests many sets that all hold the clues it has decided to keep): only what the
new clues change is worked out again."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, NamedTuple, Sequence

from .grid import LINE_BY_LINE, Grid, units
from .ladder import BudgetExceeded, Technique

# the cells' masks in, the masks they may keep out (None: nothing to say yet)
Keep = Callable[[tuple[int, ...]], "Sequence[int] | None"]


# what change to a cell wakes a constraint on it (`Local.wake`)
ANY, PLACED, LOWEST, HIGHEST = range(4)
# two cells in order (order.py), worked out by the closure itself: the commonest
# constraint of a Futoshiki dig, where a call would cost more than the work
SIGN, RANGE = 1, 2


class Local(NamedTuple):
    """A constraint on a few cells: `keep` narrows them from their masks alone.
    `once`: what it keeps does not depend on the masks (a fixed limit), so once
    applied it has nothing more to say and no change wakes it again. `within`: the
    index of a constraint that never keeps more than this one does; while that one
    is on, this one sleeps. `wake`, per cell: the only change to it that can make
    the constraint keep less than it did (ANY change, the cell PLACED, its LOWEST
    or HIGHEST candidate gone); a constraint that reads less wakes less often.
    `order`: SIGN or RANGE when it is order.py's, which the closure does inline.
    (A named tuple: a dig makes one per sign or clue, and these are made fast.)"""
    cells: tuple[int, ...]
    keep: Keep
    once: bool = False
    within: int = -1
    wake: tuple[int, ...] | None = None
    order: int = 0


@lru_cache(maxsize=None)
def _homes(n: int) -> list[tuple[int, int]]:
    """Per cell, its row's and its column's index in `units(n)[0]`."""
    return [(c // n, n + c % n) for c in range(n * n)]


def solved(cand: Sequence[int] | None) -> bool:
    return cand is not None and all(not m & (m - 1) for m in cand)


class Closure:
    """Singles, the constraints `local` (those switched on) and `heavy` on an n x n
    square, to their fixpoint."""

    def __init__(self, n: int, local: Sequence[Local], heavy: Sequence[Technique] = ()):
        self.n, self.local, self.heavy = n, local, heavy
        self.lines, self.peers = units(n)
        # per aspect (ANY, PLACED, LOWEST, HIGHEST), per cell: the constraints it wakes
        # (a closure is made per test in some digs: aspects no constraint uses stay empty)
        size, used = n * n, {ANY} | {a for con in local if con.wake for a in con.wake}
        self.watch: list[list[list[int]]] = [
            [[] for _ in range(size)] if aspect in used else [[]] * size for aspect in range(4)]
        for k, con in enumerate(local):
            for c, aspect in zip(() if con.once else con.cells, con.wake or [ANY] * len(con.cells)):
                self.watch[aspect][c].append(k)
        self.bounds = ([bool(low or high) for low, high in zip(*self.watch[LOWEST:])]
                       if {LOWEST, HIGHEST} & used else [False] * size)
        self.cells = [con.cells for con in local]
        self.keeps = [con.keep for con in local]
        self.orders = [con.order for con in local]
        self.home = _homes(n)
        self.nested = [(k, con.within) for k, con in enumerate(local) if con.within >= 0]

    # long: the hot loop of every dig's test; its queues and flags stay locals, as
    # calls between parts would cost more than the work of most events
    def run(self, start: Sequence[int], on: Sequence[bool], new: Iterable[int],
            base: list[int] | None = None) -> list[int] | None:
        """The candidates at the fixpoint from `start` with the constraints `on`
        (None when a cell or a line's value has no place left). `base` (within
        which `start` lies) is a fixpoint of every constraint on but `new`; without
        it everything is looked at."""
        n, size, local, home = self.n, self.n * self.n, self.local, self.home
        lines, peers, full = self.lines, self.peers, (1 << self.n) - 1
        on_any, on_placed, on_lowest, on_highest = self.watch
        bounds, cells, keeps, orders = self.bounds, self.cells, self.keeps, self.orders
        top = 1 << (n - 1)
        cand = list(start)
        if base is None:
            placed = [False] * size
            queue = list(range(size))
            seen = list(start)          # each cell as its bound watchers last saw it
        else:
            placed = [not m & (m - 1) for m in base]
            queue = [c for c in range(size) if cand[c] != base[c]]
            seen = list(base)
        left = placed.count(False)      # cells not placed: none left is solved
        queued = [False] * size
        for c in queue:
            queued[c] = True
        waiting = list(new) if base is not None else [k for k in range(len(local)) if on[k]]
        woken = [False] * len(local)
        for k in waiting:
            woken[k] = True
        dirty = [False] * (2 * n)
        g: Grid | None = None
        awake = on
        if self.nested:
            awake = list(on)
            for k, wider in self.nested:
                if on[wider]:
                    awake[k] = False

        while True:
            while True:
                if queue:
                    x = queue.pop()
                    queued[x] = False
                    m = cand[x]
                    if not m:
                        return None
                    r, c = home[x]
                    dirty[r] = dirty[c] = True
                    for k in on_any[x]:
                        if awake[k] and not woken[k]:
                            woken[k] = True
                            waiting.append(k)
                    if not placed[x] and not m & (m - 1):
                        placed[x] = True
                        left -= 1
                        for p in peers[x]:
                            if cand[p] & m:
                                cand[p] &= ~m
                                if not queued[p]:
                                    queued[p] = True
                                    queue.append(p)
                        for k in on_placed[x]:
                            if awake[k] and not woken[k]:
                                woken[k] = True
                                waiting.append(k)
                    if bounds[x] and seen[x] != m:
                        was, seen[x] = seen[x], m
                        gone = was & ~m
                        for k in on_lowest[x] if gone & was & -was else ():
                            if awake[k] and not woken[k]:
                                woken[k] = True
                                waiting.append(k)
                        for k in on_highest[x] if gone >> (was.bit_length() - 1) else ():
                            if awake[k] and not woken[k]:
                                woken[k] = True
                                waiting.append(k)
                    continue
                if waiting:
                    k = waiting.pop()
                    woken[k] = False
                    if orders[k]:           # `_range` or `_sign`, inline
                        a, b = cells[k]
                        ma, mb = cand[a], cand[b]
                        if orders[k] == RANGE:
                            na = ma & ((1 << (mb.bit_length() - 1)) - 1) if mb else 0
                            nb = mb & ~((1 << (na & -na).bit_length()) - 1) if na else 0
                        else:
                            na, nb = ma & ~top, mb & ~1
                            if not mb & (mb - 1):
                                na &= (1 << (mb.bit_length() - 1)) - 1
                            if not ma & (ma - 1):
                                nb &= ~((1 << ma.bit_length()) - 1)
                        if na != ma:
                            cand[a] = na
                            if not queued[a]:
                                queued[a] = True
                                queue.append(a)
                        if nb != mb:
                            cand[b] = nb
                            if not queued[b]:
                                queued[b] = True
                                queue.append(b)
                        continue
                    keep = keeps[k](tuple([cand[c] for c in cells[k]]))
                    if keep is not None:
                        for c, mask in zip(cells[k], keep):
                            if cand[c] & ~mask:
                                cand[c] &= mask
                                if not queued[c]:
                                    queued[c] = True
                                    queue.append(c)
                    continue
                if True not in dirty:
                    break
                i = dirty.index(True)
                dirty[i] = False
                line = lines[i]
                once = twice = single = 0
                for c in line:
                    m = cand[c]
                    twice |= once & m
                    once |= m
                    if not m & (m - 1):
                        single |= m
                if once != full:
                    return None
                hidden = once & ~twice & ~single
                while hidden:
                    bit = hidden & -hidden
                    hidden ^= bit
                    for c in line:
                        if cand[c] & bit:
                            cand[c] = bit
                            if not queued[c]:
                                queued[c] = True
                                queue.append(c)
                            break
            if not left:
                return cand
            if not self.heavy or base is not None and cand == base:
                return cand         # nothing moved: heavy can do no more than at the base
            if g is None:
                g = Grid(n)
                changed = g.copy()
            g.cand = changed.cand = cand
            # a line as it was at `base` (where heavy was stuck) holds nothing new
            # for a line-by-line technique: those look at the lines that moved only
            if base is None:
                changed.lines = lines
            else:
                moved: set[int] = set()
                for c in range(size):
                    if cand[c] != base[c]:
                        moved.update(home[c])
                changed.lines = tuple(lines[i] for i in sorted(moved))
            before = list(cand)
            for technique in self.heavy:
                if technique(changed if technique in LINE_BY_LINE else g):
                    break
            else:
                return cand
            if g.broken or changed.broken:
                return None
            for c in range(size):
                if cand[c] != before[c] and not queued[c]:
                    queued[c] = True
                    queue.append(c)


def another(closure: Closure, cand: list[int], on: Sequence[bool], solution: Sequence[int],
            budget: int = 2000, differ: Sequence[int] = ()) -> bool:
    """Whether a solution other than `solution` (value bits) lies within `cand`, a
    fixpoint of `closure` with the constraints `on`: a branch on a cell of fewest
    candidates, the solution's value last (another solution, if any, tends to come
    first), each way taken to its fixpoint from here (only what the branch changes
    is worked out). Raises BudgetExceeded past `budget` branches. `differ`: cells of
    which any other solution changes one (those of a clue just taken away from a
    puzzle that had one solution), tried first each in turn, to narrow the search."""
    nodes = 0

    def walk(cand: list[int] | None) -> bool:
        nonlocal nodes
        if cand is None:
            return False
        best, fewest = -1, closure.n + 1
        for c, m in enumerate(cand):
            if m & (m - 1):
                k = m.bit_count()
                if k < fewest:
                    best, fewest = c, k
                    if k == 2:
                        break
        if best < 0:
            return cand != solution
        nodes += 1
        if nodes > budget:
            raise BudgetExceeded(f"more than {budget} branches")
        m = cand[best]
        for bit in _bits(m & ~solution[best]) + _bits(m & solution[best]):
            start = list(cand)
            start[best] = bit
            if walk(closure.run(start, on, (), cand)):
                return True
        return False

    if not differ:
        return walk(cand)
    start = list(cand)
    for x in differ:
        if start[x] & ~solution[x]:
            trial = list(start)
            trial[x] &= ~solution[x]
            if walk(closure.run(trial, on, (), cand)):
                return True
        start[x] &= solution[x]
    return False


def _bits(m: int) -> list[int]:
    out = []
    while m:
        out.append(m & -m)
        m &= m - 1
    return out


class DigTest:
    """The dig's test where clue i < n*n is the solution's digit in cell i and the
    others switch constraints on: constraint k when both clues of `needs[k]` are
    there (one clue twice when it alone switches it; by default clue n*n + k). `__call__` proves a set of clues solves,
    from the fixpoint of the clues `fix` and `keep` say every later set holds.
    With `search` (a branch budget) `prune` asks only for one solution: a set the
    closure leaves open is searched (`another`, by `searcher` from the closure's
    fixpoint), and one past the budget fails."""

    def __init__(self, closure: Closure, solution: Sequence[int],
                 needs: Sequence[tuple[int, int]] | None = None,
                 searcher: Closure | None = None):
        self.closure, self.size = closure, len(solution)
        self.searcher = searcher or closure
        self.bits = [1 << (v - 1) for v in solution]
        self.needs = needs or [(self.size + k,) * 2 for k in range(len(closure.local))]
        self.users: dict[int, list[int]] = {}       # clue -> the constraints it switches
        for k, need in enumerate(self.needs):
            for c in set(need):
                self.users.setdefault(c, []).append(k)
        clues = 1 + max((c for need in self.needs for c in need), default=self.size - 1)
        self.fixed = [False] * clues
        self.base = [0]
        self.fixes: dict[tuple[int, ...], tuple[list[bool], list[int]]] = {}

    def switched(self, present: Sequence[bool]) -> list[bool]:
        """The constraints `present` clues switch on."""
        return [present[a] and present[b] for a, b in self.needs]

    def fix(self, clues: Iterable[int]) -> None:
        """Start again from these clues alone (remembered: the digs of one square
        start alike)."""
        key = tuple(clues)
        if key in self.fixes:
            fixed, self.base = self.fixes[key]
            self.fixed = list(fixed)
            return
        self.fixed = [False] * len(self.fixed)
        full = (1 << self.closure.n) - 1
        self.base = [full] * self.size
        self.keep(list(key), fresh=True)
        self.fixes[key] = (list(self.fixed), self.base)

    def keep(self, clues: list[int], fresh: bool = False) -> None:
        size, start = self.size, list(self.base)
        had = self.switched(self.fixed)
        for i in clues:
            self.fixed[i] = True
            if i < size:
                start[i] &= self.bits[i]
        on = self.switched(self.fixed)
        new = [k for k, now in enumerate(on) if now and (fresh or not had[k])]
        got = self.closure.run(start, on, new, None if fresh else self.base)
        assert got is not None, "the solution's own clues cannot contradict"
        self.base = got

    def __call__(self, present: list[bool]) -> bool:
        size, base, bits = self.size, self.base, self.bits
        start = [base[i] & bits[i] if present[i] else base[i] for i in range(size)]
        on, had = self.switched(present), self.switched(self.fixed)
        new = [k for k, now in enumerate(on) if now and not had[k]]
        return solved(self.closure.run(start, on, new, base))

    def dig(self, present: list[bool], cells: Sequence[Sequence[int]],
            clues: Sequence[Sequence[int]], search: int = 0, most: int | None = None
            ) -> list[bool]:
        """Orbits of givens (`cells`) first, from what every clue present proves, so
        few stay; then orbits of `clues`, from the givens kept (`prune`)."""
        self.fix(k for k in range(self.size, len(present)) if present[k])
        before = sum(present)
        present = self.prune(present, cells, search, most)
        if most is not None:
            most -= before - sum(present)
        self.fix(k for k in range(self.size) if present[k])
        return self.prune(present, clues, search, most)

    def prune(self, present: list[bool], orbits: Sequence[Sequence[int]], search: int = 0,
              most: int | None = None) -> list[bool]:
        """What `dig(present, orbits, self)` does to orbits of clues (each taken
        away if the rest still solve: growing runs end where one by one does),
        sharing the work: every test of a stretch of orbits holds the clues kept
        before it and the orbits after it, so that fixpoint is found once for the
        stretch, halved again and again down to one orbit, where it is the test
        itself. A stretch whose fixpoint already solves goes whole. With `search`,
        one solution is enough (see the class); with `most`, once that many clues
        have gone the rest stay untested."""
        groups = [[k for k in orbit if present[k]] for orbit in orbits]
        gone = 0
        size, bits, users = self.size, self.bits, self.users

        def extend(base: list[int], had: list[bool], on: list[bool],
                   more: list[int]) -> tuple[list[int], list[bool], list[bool]]:
            if not more:                # nothing kept before: the same test
                return base, had, on
            had, on, start = list(had), list(on), list(base)
            for c in more:
                had[c] = True
                if c < size:
                    start[c] &= bits[c]
            new = []
            for c in more:
                for k in users.get(c, ()):
                    a, b = self.needs[k]
                    if had[a] and had[b] and not on[k]:
                        on[k] = True
                        new.append(k)
            got = self.closure.run(start, on, new, base)
            assert got is not None, "the solution's own clues cannot contradict"
            return got, had, on

        def stretch(a: int, b: int, base: list[int], had: list[bool], on: list[bool]) -> None:
            nonlocal gone
            if most is not None and gone >= most:
                return
            if solved(base):            # every test of the stretch holds these clues
                for group in groups[a:b]:
                    gone += len(group)
                    for c in group:
                        present[c] = False
                return
            if b - a == 1:              # the clues of the test but this orbit: it stays
                if search and groups[a] and self._one_solution(base, on, groups[a], search):
                    gone += len(groups[a])
                    for c in groups[a]:
                        present[c] = False
                return
            mid = (a + b) // 2
            stretch(a, mid, *extend(base, had, on, [c for g in groups[mid:b] for c in g]))
            stretch(mid, b, *extend(base, had, on, [c for g in groups[a:mid] for c in g
                                                    if present[c]]))

        if groups:
            stretch(0, len(groups), self.base, list(self.fixed), self.switched(self.fixed))
        return present

    def _one_solution(self, base: list[int], on: list[bool], clues: list[int],
                      search: int) -> bool:
        """The clues but `clues` (whose fixpoint is `base`) leave one solution."""
        # another solution breaks a clue taken away, so changes one of its cells
        cells = {c for c in clues if c < self.size}
        for c in clues:
            for k in self.users.get(c, ()):
                cells.update(self.closure.local[k].cells)
        try:
            return not another(self.searcher, base, on, self.bits, search, sorted(cells))
        except BudgetExceeded:
            return False


def extreme_dig(test: DigTest, present: list[bool], cells: Sequence[Sequence[int]],
                clues: Sequence[Sequence[int]], search: int, whole: bool) -> list[bool]:
    """Extreme's dig: clues go while a search proves one solution is left. `whole`
    (small squares, where searches are cheap): the whole dig so, whose end is
    beyond the ladder more often than not. Otherwise dug to expert by the ladder
    first (fast), then the first clue that goes with one solution left leaves the
    ladder short of the puzzle (the ladder's dig was minimal): extreme, at the cost
    of one search a clue tried rather than of a search at every step."""
    if whole:
        return test.dig(present, cells, clues, search)
    present = test.dig(present, cells, clues)
    return test.dig(present, cells, clues, search, most=1)
