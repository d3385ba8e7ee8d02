"""Random Latin squares: a randomised fill, cell by cell with the fewest choices
first, so every square of the size can come out (not only the cyclic ones)."""
from __future__ import annotations

import random
from functools import lru_cache


@lru_cache(maxsize=None)
def _places(n: int) -> tuple[tuple[int, int, int], ...]:
    return tuple((cell, cell // n, cell % n) for cell in range(n * n))


def random_square(n: int, rng: random.Random) -> list[int]:
    """A random n x n Latin square, row-major, values 1..n."""
    rows, cols = [0] * n, [0] * n            # the values used in each row and column
    grid = [0] * (n * n)
    places = _places(n)

    def fill(left: int) -> bool:
        if not left:
            return True
        best, best_used = (-1, 0, 0), -1
        for place in places:                 # the first cell of most values used
            if grid[place[0]]:
                continue
            used = (rows[place[1]] | cols[place[2]]).bit_count()
            if used > best_used:
                best, best_used = place, used
                if used >= n - 1:
                    break
        cell, r, c = best
        if best_used == n:
            return False
        free = ~(rows[r] | cols[c])
        values = [v for v in range(1, n + 1) if free >> (v - 1) & 1]
        rng.shuffle(values)
        for v in values:
            bit = 1 << (v - 1)
            grid[cell], rows[r], cols[c] = v, rows[r] | bit, cols[c] | bit
            if fill(left - 1):
                return True
            grid[cell], rows[r], cols[c] = 0, rows[r] & ~bit, cols[c] & ~bit
        return False

    fill(n * n)
    return grid
