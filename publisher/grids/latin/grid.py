"""Candidates of a Latin square being solved, and the techniques every Latin
kind shares: singles, naked and hidden subsets, fish. Each technique is sound
(it removes only candidates no solution has) and returns True when it removed
one. Candidates are bitmasks: bit v-1 for value v."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations


@lru_cache(maxsize=None)
def units(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(rows + columns as cell tuples, the peers of each cell)."""
    lines = tuple(tuple(r * n + c for c in range(n)) for r in range(n)) + tuple(
        tuple(r * n + c for r in range(n)) for c in range(n))
    peers = tuple(tuple(sorted(({r * n + k for k in range(n)} | {k * n + c for k in range(n)})
                               - {r * n + c})) for r in range(n) for c in range(n))
    return lines, peers


class Grid:
    """Candidates per cell (row-major). `done` marks cells whose value has been
    removed from their peers already."""

    __slots__ = ("n", "cand", "done", "left", "broken", "lines", "peers")

    def __init__(self, n: int, givens: list[int] | None = None):
        self.n = n
        self.lines, self.peers = units(n)
        self.cand = [(1 << n) - 1] * (n * n)
        self.done = [False] * (n * n)
        self.left = n * n               # cells not done
        self.broken = False
        for cell, v in enumerate(givens or ()):
            if v:
                self.restrict(cell, 1 << (v - 1))
        self.settle()

    def copy(self) -> "Grid":
        other = Grid.__new__(Grid)
        other.n, other.lines, other.peers = self.n, self.lines, self.peers
        other.cand, other.done, other.broken = list(self.cand), list(self.done), self.broken
        other.left = self.left
        return other

    def remove(self, cell: int, mask: int) -> bool:
        m = self.cand[cell]
        if not m & mask:
            return False
        m &= ~mask
        self.cand[cell] = m
        if not m:
            self.broken = True
        return True

    def restrict(self, cell: int, mask: int) -> bool:
        return self.remove(cell, self.cand[cell] & ~mask)

    def solved(self) -> bool:
        """Every cell settled (a cell single but not yet settled waits for `settle`)."""
        return not self.broken and not self.left

    def values(self) -> list[int]:
        return [m.bit_length() if m and not m & (m - 1) else 0 for m in self.cand]

    def settle(self) -> int:
        """Remove every single's value from its peers, and again for the singles that
        makes: the naked singles. Returns how many cells were settled."""
        cand, done, peers, k = self.cand, self.done, self.peers, 0
        stack = [c for c in range(len(cand))
                 if not done[c] and cand[c] and not cand[c] & (cand[c] - 1)]
        while stack:
            cell = stack.pop()
            if done[cell]:
                continue
            done[cell] = True
            self.left -= 1
            k += 1
            bit = cand[cell]
            for p in peers[cell]:
                m = cand[p]
                if m & bit:
                    m &= ~bit
                    cand[p] = m
                    if not m:
                        self.broken = True
                        return k
                    if not m & (m - 1):
                        stack.append(p)
        return k


def naked_single(g: Grid) -> bool:
    return g.settle() > 0


def hidden_single(g: Grid) -> bool:
    """A value with one place left in a row or column goes there."""
    cand, found, full = g.cand, False, (1 << g.n) - 1
    for line in g.lines:
        once = twice = placed = 0
        for c in line:
            m = cand[c]
            twice |= once & m
            once |= m
            if not m & (m - 1):
                placed |= m
        if once != full:            # a value with no place left: no solution
            g.broken = True
            return True
        hidden = once & ~twice & ~placed
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            for c in line:
                if cand[c] & bit:
                    cand[c] = bit
                    found = True
                    break
    return found


def _open(g: Grid, line: tuple[int, ...]) -> list[int]:
    return [c for c in line if g.cand[c] & (g.cand[c] - 1)]


def naked_subset(g: Grid, k: int) -> bool:
    """k cells of a line holding only k values between them: no other cell of the
    line holds those values."""
    cand, changed = g.cand, False
    for line in g.lines:
        open_cells = _open(g, line)
        if len(open_cells) <= k:        # k open cells hold what the line lacks, no more
            continue
        cells = [c for c in open_cells if cand[c].bit_count() <= k]
        if len(cells) < k:
            continue
        for combo in combinations(cells, k):
            union = 0
            for c in combo:
                union |= cand[c]
            if union.bit_count() != k:
                continue
            for c in line:
                if c not in combo and g.remove(c, union):
                    changed = True
    return changed


# the value bits of each mask of up to 9 values
_BITS = [tuple(1 << v for v in range(9) if m >> v & 1) for m in range(1 << 9)]


def hidden_subset(g: Grid, k: int) -> bool:
    """k values of a line with only k places between them: those places hold
    nothing else."""
    cand, changed = g.cand, False
    for line in g.lines:
        where: dict[int, int] = {}          # value bit -> places in the line (bits)
        for j, c in enumerate(line):
            m = cand[c]
            if m & (m - 1):
                for bit in _BITS[m]:
                    where[bit] = where.get(bit, 0) | 1 << j
        places = [(bit, spots) for bit, spots in where.items() if spots.bit_count() <= k]
        # all that one call takes away is taken from what it saw first (`places`),
        # so the order of the values does not change what it does
        if len(places) < k or len(where) <= k:
            continue
        for combo in combinations(places, k):
            spots = mask = 0
            for bit, s in combo:
                spots |= s
                mask |= bit
            if spots.bit_count() != k:
                continue
            for j, c in enumerate(line):
                if spots >> j & 1 and g.restrict(c, mask):
                    changed = True
    return changed


def fish(g: Grid, k: int) -> bool:
    """X-wing (k = 2), swordfish (3): a value whose places in k rows lie in k
    columns only is in no other row of those columns (and rows for columns)."""
    n, cand, changed = g.n, g.cand, False
    for v in range(n):
        bit = 1 << v
        for base, cover in ((g.lines[:n], g.lines[n:]), (g.lines[n:], g.lines[:n])):
            spots = []
            for i, line in enumerate(base):
                where = frozenset(j for j, c in enumerate(line) if cand[c] & bit)
                if 2 <= len(where) <= k:
                    spots.append((i, where))
            for combo in combinations(spots, k):
                across = frozenset().union(*(w for _, w in combo))
                if len(across) != k:
                    continue
                rows = {i for i, _ in combo}
                for j in across:
                    for i, c in enumerate(cover[j]):
                        if i not in rows and g.remove(c, bit):
                            changed = True
    return changed


def naked_pair(g: Grid) -> bool:
    return naked_subset(g, 2)


def hidden_pair(g: Grid) -> bool:
    return hidden_subset(g, 2)


def naked_triple(g: Grid) -> bool:
    return naked_subset(g, 3)


def hidden_triple(g: Grid) -> bool:
    return hidden_subset(g, 3)


def naked_quad(g: Grid) -> bool:
    return naked_subset(g, 4)


def hidden_quad(g: Grid) -> bool:
    return hidden_subset(g, 4)


def x_wing(g: Grid) -> bool:
    return fish(g, 2)


def swordfish(g: Grid) -> bool:
    return fish(g, 3)


# read and change one line at a time: one that found nothing in a line finds
# nothing there again while that line's candidates stay the same
LINE_BY_LINE = frozenset({naked_pair, hidden_pair, naked_triple, hidden_triple,
                          naked_quad, hidden_quad})
