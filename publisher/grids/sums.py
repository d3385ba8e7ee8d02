"""Sets of distinct digits 1-9 by their sum and size, as bitmasks (bit d set for digit d):
the table a person keeps in their head for Kakuro runs (and Killer or Calcudoku cages
with no repeated digit). Built once at import; 511 sets in all."""
from __future__ import annotations

from itertools import combinations

ALL_DIGITS = 0b1111111110          # digits 1..9


def _table() -> dict[tuple[int, int], tuple[int, ...]]:
    table: dict[tuple[int, int], list[int]] = {}
    for size in range(1, 10):
        for digits in combinations(range(1, 10), size):
            mask = sum(1 << d for d in digits)
            table.setdefault((sum(digits), size), []).append(mask)
    return {key: tuple(masks) for key, masks in table.items()}


COMBOS = _table()
DIGIT_SUM = [sum(d for d in range(1, 10) if m >> d & 1) for m in range(1 << 10)]
POPCOUNT = [bin(m).count("1") for m in range(1 << 10)]
DIGITS_OF = [tuple(d for d in range(1, 10) if m >> d & 1) for m in range(1 << 10)]


def combos(total: int, size: int, without: int = 0) -> tuple[int, ...]:
    """The digit sets of `size` distinct digits adding up to `total`, none in `without`."""
    found = COMBOS.get((total, size), ())
    return tuple(m for m in found if not m & without) if without else found


def digit_union(total: int, size: int, without: int = 0) -> int:
    """Every digit some set of `combos(total, size, without)` holds (0: none)."""
    out = 0
    for m in combos(total, size, without):
        out |= m
    return out


def only_digit(mask: int) -> int:
    """The digit of a one-digit mask (0 otherwise)."""
    return DIGITS_OF[mask][0] if POPCOUNT[mask] == 1 else 0
