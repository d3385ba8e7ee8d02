"""Test-only oracles for Queens: plain searches the package does not use, kept here to
check the package's fast solvers (complete_classic, solution_table) against."""
from __future__ import annotations

from publisher.kinds.queens.solver import SearchResult, _Budget


def count_nqueens(n: int) -> int:
    """All solutions of the n-queens problem (92 for n=8, 14,200 for n=12).
    Row-by-row bitmask search, halved by the left-right mirror symmetry."""
    if n < 1:
        return 0
    full = (1 << n) - 1

    def rec(cols: int, d1: int, d2: int) -> int:
        if cols == full:
            return 1
        total = 0
        avail = full & ~(cols | d1 | d2)
        while avail:
            bit = avail & -avail
            avail ^= bit
            total += rec(cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1)
        return total

    total = 0
    for c in range(n // 2):          # first-row queen in the left half, doubled
        bit = 1 << c
        total += 2 * rec(bit, (bit << 1) & full, bit >> 1)
    if n % 2:                        # the middle column counts once
        bit = 1 << (n // 2)
        total += rec(bit, (bit << 1) & full, bit >> 1)
    return total


def all_nqueens(n: int) -> list[list[int]]:
    """Every n-queens solution as cols per row (lexicographic order)."""
    full = (1 << n) - 1
    out: list[list[int]] = []
    cols_of: list[int] = []

    def rec(cols: int, d1: int, d2: int) -> None:
        if cols == full:
            out.append(list(cols_of))
            return
        avail = full & ~(cols | d1 | d2)
        while avail:
            bit = avail & -avail
            avail ^= bit
            cols_of.append(bit.bit_length() - 1)
            rec(cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1)
            cols_of.pop()

    rec(0, 0, 0)
    return out


# Long (about 75 lines): a hot recursive search whose state lives in its closure.
def solve_classic(n: int, givens=(), limit: int = 2, budget: int | None = None) -> SearchResult:
    """Count n-queens completions of `givens` ([(r, c)]) up to `limit`.

    Picks the row or column with the fewest free cells at every node (each row
    and each column holds exactly one queen), so few givens still prove quickly.
    """
    full = (1 << n) - 1
    sol = [-1] * n
    rows_free = full
    cols_free = full
    d1 = d2 = d2r = 0               # r+c ; c-r+n-1 ; r-c+n-1 (mirror, for column scans)
    for r, c in givens:
        if not (rows_free >> r & 1 and cols_free >> c & 1) or d1 >> (r + c) & 1 \
                or d2 >> (c - r + n - 1) & 1:
            return SearchResult(0, [], 0)
        sol[r] = c
        rows_free &= ~(1 << r)
        cols_free &= ~(1 << c)
        d1 |= 1 << (r + c)
        d2 |= 1 << (c - r + n - 1)
        d2r |= 1 << (r - c + n - 1)

    res = SearchResult(0, [], 0)
    nodes = [0]

    def rec(rows_free: int, cols_free: int, d1: int, d2: int, d2r: int) -> bool:
        """Return True to stop (limit reached)."""
        nodes[0] += 1
        if budget is not None and nodes[0] > budget:
            raise _Budget
        if not rows_free:
            res.count += 1
            res.solutions.append(list(sol))
            return res.count >= limit
        best = None
        best_n = n + 1
        best_is_row = True
        m = rows_free
        while m:
            b = m & -m
            m ^= b
            r = b.bit_length() - 1
            cand = cols_free & ~(d1 >> r) & ~(d2 >> (n - 1 - r)) & full
            k = cand.bit_count()
            if k < best_n:
                if k == 0:
                    return False
                best, best_n, best_is_row, line = cand, k, True, r
        m = cols_free
        while m and best_n > 1:
            b = m & -m
            m ^= b
            c = b.bit_length() - 1
            cand = rows_free & ~(d1 >> c) & ~(d2r >> (n - 1 - c)) & full
            k = cand.bit_count()
            if k < best_n:
                if k == 0:
                    return False
                best, best_n, best_is_row, line = cand, k, False, c
        while best:
            b = best & -best
            best ^= b
            x = b.bit_length() - 1
            r, c = (line, x) if best_is_row else (x, line)
            sol[r] = c
            if rec(rows_free & ~(1 << r), cols_free & ~(1 << c), d1 | 1 << (r + c),
                   d2 | 1 << (c - r + n - 1), d2r | 1 << (r - c + n - 1)):
                return True
        return False

    try:
        rec(rows_free, cols_free, d1, d2, d2r)
    except _Budget:
        res.complete = False
    res.nodes = nodes[0]
    return res
