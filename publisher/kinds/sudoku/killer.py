"""Exact search for killer grids: candidate bitmasks with the cage sums
propagated after every placement, branching on the cell with the fewest
candidates, stopping at a solution limit.

Propagation (all sound, so the count stays exact): naked singles; hidden
singles in the houses; per cage, the value sets that can still make its sum
(precomputed per (sum, size) as bitmasks) are kept only when they hold the
values placed in it and the open cells can still take the rest, and the open
cells keep only the values of those sets; a value every such set needs that
only one open cell can take goes there. Without the sums the plain search
tried hundreds of thousands of nodes on some zero-given 9x9 grids.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .propagate import branch_search, engine
from .shapes import Geometry


@lru_cache(maxsize=None)
def cage_combos(n: int, size: int, total: int) -> tuple[int, ...]:
    """Bitmasks of the sets of `size` distinct values 1..n adding up to `total`."""
    out = []
    for combo in combinations(range(1, n + 1), size):
        if sum(combo) == total:
            mask = 0
            for v in combo:
                mask |= 1 << (v - 1)
            out.append(mask)
    return tuple(out)


class KillerEngine:
    """Per-(geometry, sums) tables; one per pair, kept on the Geometry."""

    def __init__(self, geom: Geometry, sums: list[int] | None):
        n = geom.n
        self.n, self.cells, self.full = n, n * n, geom.full
        self.peers = tuple(tuple(p) for p in geom.peers)     # houses and cage-mates
        self.units = tuple(tuple(u) for u in geom.units)
        self.cages = tuple(tuple(c) for c in geom.cages)
        # without sums a cage only forbids repeats: every set of its size
        self.combos = tuple(cage_combos(n, len(c), s) if sums is not None
                            else tuple(m for m in range(1 << n) if m.bit_count() == len(c))
                            for c, s in zip(geom.cages, sums or [0] * len(geom.cages)))
        self.combo_sets = tuple(frozenset(c) for c in self.combos)
        cage_of = [-1] * self.cells
        for k, cells in enumerate(geom.cages):
            for c in cells:
                cage_of[c] = k
        self.cage_of = tuple(cage_of)
        houses = engine(geom)          # the classic engine's house tables serve here too
        self.unit_bits, self.all_units = houses.unit_bits, houses.all_units
        self.all_cages = (1 << len(geom.cages)) - 1

    def start(self, givens: list[int]) -> tuple[list[int], list[int], list[int], int] | None:
        """Candidates from the givens' peers, values, queue of cells with one
        candidate, open cells; None when two givens clash."""
        values = [0] * self.cells
        cand = [0] * self.cells
        left = 0
        for cell, v in enumerate(givens):
            if v:
                values[cell] = 1 << (v - 1)
        queue = []
        for cell, v in enumerate(givens):
            seen = 0
            for p in self.peers[cell]:
                seen |= values[p]
            if v:
                if values[cell] & seen:
                    return None
                continue
            m = self.full & ~seen
            if not m:
                return None
            cand[cell] = m
            left += 1
            if not m & (m - 1):
                queue.append(cell)
        return cand, values, queue, left

    # long: the hot loop of the killer counter, its state kept in locals for speed
    def propagate(self, cand: list[int], values: list[int], queue: list[int],
                  left: int) -> int:
        """Place the queued cells and everything the rules above follow with;
        returns the number of open cells, or -1 on a contradiction."""
        peers, units, cages, combos = self.peers, self.units, self.cages, self.combos
        sets = self.combo_sets
        cage_of, unit_bits, full = self.cage_of, self.unit_bits, self.full
        dirty_units, dirty_cages = self.all_units, self.all_cages
        while True:
            while queue:
                cell = queue.pop()
                bit = cand[cell]
                if not bit:
                    continue
                if bit & (bit - 1):
                    return -1             # a hidden single's cell lost its value
                values[cell] = bit
                cand[cell] = 0
                left -= 1
                dirty_units |= unit_bits[cell]
                k = cage_of[cell]
                if k >= 0:
                    dirty_cages |= 1 << k
                for p in peers[cell]:
                    m = cand[p]
                    if m & bit:
                        m ^= bit
                        if not m:
                            return -1
                        cand[p] = m
                        dirty_units |= unit_bits[p]
                        k = cage_of[p]
                        if k >= 0:
                            dirty_cages |= 1 << k
                        if not m & (m - 1):
                            queue.append(p)
            while dirty_cages and not queue:
                low = dirty_cages & -dirty_cages
                dirty_cages ^= low
                k = low.bit_length() - 1
                cells = cages[k]
                placed = union = 0
                open_cells = []
                for c in cells:
                    if values[c]:
                        placed |= values[c]
                    else:
                        union |= cand[c]
                        open_cells.append(c)
                if not open_cells:
                    if placed not in sets[k]:
                        return -1         # filled, but not to its sum
                    continue
                allowed = need = full
                any_combo = False
                for combo in combos[k]:
                    if combo & placed != placed:
                        continue
                    rest = combo ^ placed
                    if rest & ~union:
                        continue
                    for c in open_cells:
                        if not cand[c] & rest:
                            break
                    else:
                        if not any_combo:
                            allowed, any_combo = rest, True
                        else:
                            allowed |= rest
                        need &= rest
                if not any_combo:
                    return -1
                for c in open_cells:
                    m = cand[c]
                    if m & ~allowed:
                        m &= allowed
                        if not m:
                            return -1
                        cand[c] = m
                        dirty_units |= unit_bits[c]
                        dirty_cages |= low
                        if not m & (m - 1):
                            queue.append(c)
                # a value every remaining set needs, with one place left in the cage
                need &= ~placed
                while need and not queue:
                    bit = need & -need
                    need ^= bit
                    spot = -1
                    for c in open_cells:
                        if cand[c] & bit:
                            if spot >= 0:
                                break
                            spot = c
                    else:
                        if spot < 0:
                            return -1
                        cand[spot] = bit
                        queue.append(spot)
            if queue:
                continue
            if not left:
                return 0
            while dirty_units:
                low = dirty_units & -dirty_units
                dirty_units ^= low
                unit = units[low.bit_length() - 1]
                once = twice = fixed = 0
                for c in unit:
                    m = cand[c]
                    twice |= once & m
                    once |= m
                    fixed |= values[c]
                if (once | fixed) != full:
                    return -1
                hidden = once & ~twice
                while hidden:
                    bit = hidden & -hidden
                    hidden ^= bit
                    for c in unit:
                        if cand[c] & bit:
                            cand[c] = bit
                            queue.append(c)
                            break
                if queue:
                    break
            if not queue and not dirty_cages:
                return left

    def solutions(self, givens: list[int], limit: int, budget: int,
                  prefer: list[int] | None = None) -> tuple[int, list[int] | None]:
        """(solutions found up to `limit`, the first one); raises
        SearchBudgetExceeded past `budget` branches. `prefer`: a known
        solution whose value each branch tries first."""
        state = self.start(givens)
        if state is None:
            return 0, None
        cand, values, queue, left = state
        left = self.propagate(cand, values, queue, left)
        if left < 0:
            return 0, None
        return branch_search(self.propagate, cand, values, left, limit, budget, prefer=prefer)


def killer_engine(geom: Geometry, sums: list[int] | None) -> KillerEngine:
    """The engine for these cages and sums, built once per Geometry and sums."""
    engines = geom.__dict__.setdefault("_killer_engines", {})
    key = tuple(sums) if sums is not None else None
    got = engines.get(key)
    if got is None:
        got = engines[key] = KillerEngine(geom, sums)
    return got
