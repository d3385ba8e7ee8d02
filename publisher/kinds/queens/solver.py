"""Exact bitmask solvers for both queens variants.

Boards are N x N; a solution is a list `cols` with the queen of row r in column
cols[r]. Every search counts solutions up to a limit and may be given a node
budget (counted in nodes, never seconds): when it runs out the result says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache


@dataclass
class SearchResult:
    count: int                      # solutions found (stops at the limit)
    solutions: list[list[int]]      # the solutions found, as cols per row
    nodes: int                      # search nodes visited (the effort measure)
    complete: bool = True           # False when the node budget ran out


class _Budget(Exception):
    """Raised inside a search when its node budget is spent."""


# ---------------------------------------------------------------- N-queens count


@cache
def solution_table(n: int) -> tuple[int, ...]:
    """Per board size (pure, so caching it is safe): for each cell r*n+c the set
    of n-queens solutions with a queen there, as a bitset over solution numbers.

    The solutions agreeing with `sol` on rows S are the AND over r in S of the
    sets of cells (r, sol[r]); `sol` is the only one when one bit is left. Only
    solutions with the first queen in the left half (and the middle column) are
    searched; the rest are their mirror images, numbered after them. One-off
    cost per process: about 10 ms at n = 10, 0.15 s at n = 12 (14,200
    solutions); n = 13 (73,712) would take about five times that.
    """
    if n < 1:
        return ()
    full = (1 << n) - 1
    cells: list[list[int]] = [[] for _ in range(n * n)]
    path = [0] * n                   # cell index of each row's queen
    count = 0
    last = n - 1

    def rec(r: int, cols: int, d1: int, d2: int, avail: int) -> None:
        """Row r has free cells `avail` (never empty): only live children recurse."""
        nonlocal count
        base = r * n
        while avail:
            bit = avail & -avail
            avail ^= bit
            path[r] = base + bit.bit_length() - 1
            if r == last:
                for i in path:
                    cells[i].append(count)
                count += 1
                continue
            c2, a2, b2 = cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1
            nxt = full & ~(c2 | a2 | b2)
            if nxt:
                rec(r + 1, c2, a2, b2, nxt)

    # first queen in the left half; then the middle column, whose solutions are
    # their own mirror images
    rec(0, 0, 0, 0, (1 << (n // 2)) - 1)
    half = count
    if n % 2:
        rec(0, 0, 0, 0, 1 << (n // 2))
    total = count + half
    nbytes = (total + 7) // 8

    def bitset(idx: list[int]) -> int:
        buf = bytearray(nbytes)
        for i in idx:
            buf[i >> 3] |= 1 << (i & 7)
        return int.from_bytes(buf, "little")

    left = [bitset(idx) for idx in cells]
    table = []
    for r in range(n):
        for c in range(n):
            # mirror images of the left-half solutions with a queen at (r, n-1-c)
            mirrored = bitset([i for i in cells[r * n + n - 1 - c] if i < half])
            table.append(left[r * n + c] | mirrored << count)
    return tuple(table)


# ---------------------------------------------------------------- classic with givens


@cache
def _line_board(n: int) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """Per board size, for `complete_classic`: every row and every column is a
    16-bit field of one int (rows 0..n-1, then columns), so one cell is two
    bits: (r, c) is bit c of row field r and bit r of column field n+c.
    Returns, per cell, the bits of every cell a queen there attacks (itself
    included) and the mark closing its row and column fields, then the board
    with every cell free and the mask of the fields' low bytes."""
    def bits(r: int, c: int) -> int:
        return 1 << (16 * r + c) | 1 << (16 * (n + c) + r)

    attack, close = [], []
    for r in range(n):
        for c in range(n):
            k = 0
            for rr in range(n):
                d = rr - r
                for cc in (range(n) if not d else (c, c - d, c + d)):
                    if 0 <= cc < n:
                        k |= bits(rr, cc)
            attack.append(k)
            close.append(_CLOSED << (16 * r) | _CLOSED << (16 * (n + c)))
    free = 0
    for r in range(n):
        for c in range(n):
            free |= bits(r, c)
    low = int.from_bytes(b"\xff\x00" * (2 * n), "little")
    return tuple(attack), tuple(close), free, low     # tuples: a cached value is shared


_CLOSED = 64            # added to a closed field's count: above any real count (<= 16)
_M1, _M2, _M4 = (int.from_bytes(bytes([x]) * 64, "little") for x in (0x55, 0x33, 0x0F))


# Long (about 75 lines): a hot recursive search whose state lives in its closure.
def complete_classic(n: int, givens=(), limit: int = 2, budget: int | None = None
                     ) -> SearchResult:
    """Solutions of an n-queens board with givens, for 1 <= n <= 16 (counting up to
    `limit`, within a node `budget`). tests/queens_oracles.py keeps a plain
    row-by-row search that must give the same solutions in the same order, the
    same node count and budget behaviour. Every row and column is a 16-bit field of one int, so the free cells of all
    lines are counted at once (a bit-parallel popcount) instead of line by line;
    faster from about n = 10 on, slower below."""
    attack, close, board, low = _line_board(n)
    nbytes = 4 * n
    m1, m2, m4 = _M1, _M2, _M4
    sol = [-1] * n
    closed = 0
    for r, c in givens:
        i = r * n + c
        if not board >> (16 * r + c) & 1:
            return SearchResult(0, [], 0)
        sol[r] = c
        board &= ~attack[i]
        closed |= close[i]
    res = SearchResult(0, [], 0)
    solutions = res.solutions
    left = sum(1 for c in sol if c < 0)
    nodes = 0

    def rec(board: int, closed: int, left: int) -> bool:
        nonlocal nodes
        nodes += 1
        if budget is not None and nodes > budget:
            raise _Budget
        if not left:
            solutions.append(list(sol))
            return len(solutions) >= limit
        x = board - (board >> 1 & m1)
        x = (x & m2) + (x >> 2 & m2)
        x = (x + (x >> 4)) & m4
        x = ((x + (x >> 8)) & low) + closed
        counts = x.to_bytes(nbytes, "little")[::2]
        rows, cols = counts[:n], counts[n:]
        # the line `solve_classic` picks, and the dead ends it sees: the first
        # row with the fewest cells; a column only when it has fewer, scanned
        # in order until one has a single cell
        k = min(rows)
        if not k:
            return False
        if k == 1:
            u = rows.index(1)
        else:
            i1 = cols.find(1)
            i0 = cols.find(0, 0, i1) if i1 >= 0 else cols.find(0)
            if i0 >= 0:
                return False
            if i1 >= 0:
                u = n + i1
            else:
                kc = min(cols)
                u = n + cols.index(kc) if kc < k else rows.index(k)
        cand = board >> (16 * u) & 0xFFFF
        while cand:
            b = cand & -cand
            cand ^= b
            x = b.bit_length() - 1
            r, c = (u, x) if u < n else (x, u - n)
            sol[r] = c
            i = r * n + c
            if rec(board & ~attack[i], closed | close[i], left - 1):
                return True
        return False

    try:
        rec(board, closed, left)
    except _Budget:
        res.complete = False
    finally:
        del rec      # it refers to itself: a cycle the rarely run collector would keep
    res.count = len(solutions)
    res.nodes = nodes
    return res


# ---------------------------------------------------------------- regions variant

@cache
def _static_masks(n: int) -> tuple[tuple[int, ...], ...]:
    """Per board size (pure, so caching it is safe): row masks, column masks,
    for each cell the cells a queen there rules out by row, column or touch,
    and for each cell the bits of its row and column units (r and n + c)."""
    rows = [((1 << n) - 1) << (r * n) for r in range(n)]
    cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
    kill = []
    for r in range(n):
        for c in range(n):
            k = rows[r] | cols[c]
            for rr in range(max(0, r - 1), min(n, r + 2)):
                for cc in range(max(0, c - 1), min(n, c + 2)):
                    k |= 1 << (rr * n + cc)
            kill.append(k)
    line_bits = [(1 << r) | (1 << (n + c)) for r in range(n) for c in range(n)]
    return tuple(rows), tuple(cols), tuple(kill), tuple(line_bits)   # shared: keep immutable


class RegionsSolver:
    """One queen per row, column and region; no two queens touching.

    Cells are bits r*n+c of one int; units are the n rows, n columns and n
    regions; the search branches on the open unit with the fewest candidates
    (the first such unit in that order).
    """

    def __init__(self, n: int, regions: list[list[int]]):
        owner = [g for row in regions for g in row]
        regs = [0] * n
        for i, g in enumerate(owner):
            regs[g] |= 1 << i
        self._setup(n, regs, owner)

    @classmethod
    def from_masks(cls, n: int, regs: list[int], owner: list[int] | None = None
                   ) -> "RegionsSolver":
        """From region masks (region g = bits of regs[g]); `owner`, the region
        of each cell, is worked out when not given."""
        if owner is None:
            owner = [0] * (n * n)
            for g, m in enumerate(regs):
                while m:
                    b = m & -m
                    m ^= b
                    owner[b.bit_length() - 1] = g
        self = cls.__new__(cls)
        self._setup(n, list(regs), list(owner))
        return self

    def _setup(self, n: int, regs: list[int], owner: list[int]) -> None:
        self.n = n
        rows, cols, static_kill, line_bits = _static_masks(n)
        self.units: list[int] = [*rows, *cols, *regs]
        self.owner = owner
        top = 2 * n
        # which units a cell belongs to, and the cells a queen there rules out
        self.unit_bits: list[int] = [lb | 1 << (top + g) for lb, g in zip(line_bits, owner)]
        self.kill: list[int] = [k | regs[g] for k, g in zip(static_kill, owner)]

    def move(self, part: int, a: int, b: int) -> None:
        """Hand the cells `part` from region a to region b (as if built anew)."""
        n, units, owner = self.n, self.units, self.owner
        unit_bits, kill = self.unit_bits, self.kill
        _, _, static_kill, line_bits = _static_masks(n)
        ra = units[2 * n + a] = units[2 * n + a] & ~part
        rb = units[2 * n + b] = units[2 * n + b] | part
        top_b = 1 << (2 * n + b)
        m = part
        while m:
            bit = m & -m
            m ^= bit
            i = bit.bit_length() - 1
            owner[i] = b
            unit_bits[i] = line_bits[i] | top_b
        for region in (ra, rb):
            m = region
            while m:
                bit = m & -m
                m ^= bit
                i = bit.bit_length() - 1
                kill[i] = static_kill[i] | region

    def solve(self, limit: int = 2, budget: int | None = None) -> SearchResult:
        """Solutions in search order, up to `limit`."""
        n = self.n
        units, unit_bits, kill = self.units, self.unit_bits, self.kill
        res = SearchResult(0, [], 0)
        solutions = res.solutions
        placed: list[int] = []
        nodes = 0
        top = (1 << 62) if budget is None else budget
        unit_of = {1 << u: cells for u, cells in enumerate(units)}   # unit bit -> its cells

        def rec(avail: int, open_units: int) -> bool:
            nonlocal nodes
            nodes += 1
            if nodes > top:
                raise _Budget
            if not open_units:
                sol = [0] * n
                for i in placed:
                    sol[i // n] = i % n
                solutions.append(sol)
                return len(solutions) >= limit
            best = 0
            best_n = 1 << 30
            m = open_units
            while m:
                b = m & -m
                m ^= b
                cand = avail & unit_of[b]
                k = cand.bit_count()
                if k < best_n:
                    if k == 0:
                        return False
                    best, best_n = cand, k
                    if k == 1:
                        break
            while best:
                b = best & -best
                best ^= b
                i = b.bit_length() - 1
                placed.append(i)
                stop = rec(avail & ~kill[i], open_units & ~unit_bits[i])
                placed.pop()
                if stop:
                    return True
            return False

        try:
            rec((1 << (n * n)) - 1, (1 << (3 * n)) - 1)
        except _Budget:
            res.complete = False
        finally:
            del rec  # it refers to itself: a cycle the rarely run collector would keep
        res.count = len(solutions)
        res.nodes = nodes
        return res


def solve_regions(n: int, regions: list[list[int]], limit: int = 2,
                  budget: int | None = None) -> SearchResult:
    return RegionsSolver(n, regions).solve(limit, budget)
