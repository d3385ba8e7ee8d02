"""Grading a regions-queens puzzle: replay it with human deductions of growing
strength and record the strongest one needed (`grade`)."""
from __future__ import annotations

from .solver import RegionsSolver

# Deduction levels (see grade)
SINGLE, CONFINE, CONTRADICT, GROUP, GUESS = 1, 2, 3, 4, 5
LEVEL_NAMES = {0: "given", SINGLE: "single", CONFINE: "confinement",
               CONTRADICT: "contradiction", GROUP: "group confinement", GUESS: "guess"}


# long: the human-style deduction ladder; its rules share the open-unit bitmasks
def grade(n: int, reg: list[list[int]]) -> dict:
    """Solve like a person, always using the weakest deduction that makes progress:
    1 single: a row, column or region with one possible cell gets its queen;
    2 confinement: a unit whose cells all lie in another unit clears the rest of it;
    3 contradiction: a cell whose queen would leave some unit without a cell is out;
    4 group: k regions inside k consecutive rows (or columns) clear the rest of
      those rows (and k rows/columns inside k regions clear those regions);
    5 guess: none of the above applies.
    Returns the highest level used, the share of queens placed before the first
    guess, and how many steps of each level were used."""
    s = RegionsSolver(n, reg)
    units, unit_bits, kill = s.units, s.unit_bits, s.kill
    avail = (1 << (n * n)) - 1
    open_u = (1 << (3 * n)) - 1
    placed = 0
    used = {lvl: 0 for lvl in range(1, 6)}
    while open_u:
        ol = [u for u in range(3 * n) if open_u >> u & 1]
        hit = _single(avail, units, ol)
        if hit is not None:
            avail &= ~kill[hit]
            open_u &= ~unit_bits[hit]
            placed += 1
            used[SINGLE] += 1
            continue
        for level, rule in ((CONFINE, _confine), (CONTRADICT, _contradict), (GROUP, _groups)):
            new = rule(n, s, avail, open_u, ol)
            if new != avail:
                avail = new
                used[level] += 1
                break
        else:
            used[GUESS] += 1
            break
    level = max((lvl for lvl, k in used.items() if k), default=0)
    return {"level": level, "progress": round(placed / n, 3),
            "steps": {LEVEL_NAMES[k]: v for k, v in used.items() if v}}


def _single(avail: int, units: list[int], ol: list[int]) -> int | None:
    """Grade rule 1: the cell of the first open unit with one cell left."""
    for u in ol:
        cand = avail & units[u]
        if cand.bit_count() == 1:
            return cand.bit_length() - 1
    return None


def _confine(n: int, s: RegionsSolver, avail: int, open_u: int, ol: list[int]) -> int:
    """Grade rule 2: a unit whose cells all lie in another unit clears the rest of it."""
    units, unit_bits = s.units, s.unit_bits
    new = avail
    for u in ol:
        cand = avail & units[u]
        if cand:
            # a unit holding all of cand holds its first cell: one of that cell's
            # three units (row, column, region), not any of the open ones
            others = unit_bits[(cand & -cand).bit_length() - 1] & open_u & ~(1 << u)
        else:
            others = open_u & ~(1 << u)
        while others:
            bit = others & -others
            others ^= bit
            uv = units[bit.bit_length() - 1]
            if not cand & ~uv:
                new &= ~(uv & ~cand)
    return new


def _contradict(n: int, s: RegionsSolver, avail: int, open_u: int, ol: list[int]) -> int:
    """Grade rule 3: a cell whose queen would leave an open unit without a cell is out.
    Ruling out is symmetric (same row, column or region, or touching), so the cells
    that would empty unit u are those ruling out every cell u has left: the AND of
    those cells' `kill` masks, less u's own cells."""
    units, kill = s.units, s.kill
    out = 0
    for u in ol:
        cells = avail & units[u]
        killers = -1
        while cells and killers:
            b = cells & -cells
            cells ^= b
            killers &= kill[b.bit_length() - 1]
        out |= killers & ~units[u]
    return avail & ~out


def _groups(n: int, s: RegionsSolver, avail: int, open_u: int, ol: list[int]) -> int:
    """Grade rule 4: k regions inside k consecutive rows (or columns) clear the
    rest of those lines, and k lines inside k regions clear those regions."""
    units = s.units
    new = avail
    # the open regions with a cell left, and their cells
    regions = [(u, avail & units[u]) for u in range(2 * n, 3 * n)
               if open_u >> u & 1 and avail & units[u]]
    for base in (0, n):                  # rows, then columns
        for lo in range(n):
            band = 0
            lines = 0
            for hi in range(lo, n):
                band |= units[base + hi]
                lines += open_u >> (base + hi) & 1
                if hi - lo + 1 >= n:
                    break
                if not lines:
                    continue
                inside = [u for u, cells in regions if not cells & ~band]
                if len(inside) == lines:
                    keep = 0
                    for u in inside:
                        keep |= units[u]
                    new &= ~(band & ~keep)
                covering = [u for u, cells in regions if cells & band]
                if len(covering) == lines:
                    for u in covering:
                        new &= ~(units[u] & ~band)
    return new
