"""Random Latin squares: a randomised fill, cell by cell with the fewest choices
first, so every square of the size can come out (not only the cyclic ones)."""
from __future__ import annotations

import random


def random_square(n: int, rng: random.Random) -> list[int]:
    """A random n x n Latin square, row-major, values 1..n."""
    full = (1 << n) - 1
    rows, cols = [0] * n, [0] * n
    grid = [0] * (n * n)

    def fill(left: int) -> bool:
        if not left:
            return True
        best, best_mask, best_count = -1, 0, n + 1
        for cell in range(n * n):
            if grid[cell]:
                continue
            r, c = divmod(cell, n)
            mask = full & ~(rows[r] | cols[c])
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = cell, mask, count
                if count <= 1:
                    break
        if not best_count:
            return False
        r, c = divmod(best, n)
        values = [v for v in range(1, n + 1) if best_mask >> (v - 1) & 1]
        rng.shuffle(values)
        for v in values:
            bit = 1 << (v - 1)
            grid[best], rows[r], cols[c] = v, rows[r] | bit, cols[c] | bit
            if fill(left - 1):
                return True
            grid[best], rows[r], cols[c] = 0, rows[r] & ~bit, cols[c] & ~bit
        return False

    fill(n * n)
    return grid
