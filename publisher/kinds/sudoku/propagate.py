"""Fast exact search for grids without killer cages: candidate bitmasks with
naked and hidden singles propagated after every placement, branching on the
cell with the fewest candidates. Propagation settles most cells, so a
uniqueness proof takes a handful of branches instead of hundreds of nodes.

The same propagation, without branching, is the "singles" test (the grader's
tier 0): its result does not depend on the order of the deductions, so it can
stop as soon as the cells it was asked about are placed.
"""
from __future__ import annotations

import random
from typing import Callable

from .shapes import Geometry


class SearchBudgetExceeded(Exception):
    """The search used more branches than it was allowed."""


class Engine:
    """Per-geometry tables (peers and houses as tuples); one per Geometry."""

    def __init__(self, geom: Geometry):
        self.n = geom.n
        self.cells = geom.n * geom.n
        self.full = geom.full
        self.peers = tuple(tuple(p) for p in geom.peers)
        self.units = tuple(tuple(u) for u in geom.units)
        self.all_units = (1 << len(geom.units)) - 1
        self.cell_units = tuple(tuple(u) for u in geom.cell_units)
        bits = [0] * self.cells
        for u, cells in enumerate(geom.units):
            for c in cells:
                bits[c] |= 1 << u
        self.unit_bits = tuple(bits)
        # per cell: its row, column and region, then any diagonal (the X variant)
        self.three_units = tuple((u[0], u[1], u[2], tuple(u[3:])) for u in geom.cell_units)

    # -- propagation -----------------------------------------------------------
    # A state is (cand, values): an open cell has its candidates in cand and 0
    # in values; a placed cell has 0 in cand and its value's bit in values.
    def start(self, givens: list[int]) -> tuple[list[int], list[int], list[int], int] | None:
        """The state with the givens placed (candidates of the open cells from
        their houses, the cells left with one queued) and the number of open
        cells; None if two givens clash or a cell has no candidate."""
        cell_units = self.cell_units
        used = [0] * len(self.units)
        values = [0] * self.cells
        cand = [0] * self.cells
        empties = []
        for cell, v in enumerate(givens):
            if v:
                bit = 1 << (v - 1)
                values[cell] = bit
                for u in cell_units[cell]:
                    if used[u] & bit:
                        return None
                    used[u] |= bit
            else:
                empties.append(cell)
        full = self.full
        queue = []
        for cell in empties:
            m = full
            for u in cell_units[cell]:
                m &= ~used[u]
            if not m:
                return None
            cand[cell] = m
            if not m & (m - 1):
                queue.append(cell)
        return cand, values, queue, len(empties)

    # long: the hot loop of every uniqueness test, kept in one body for speed
    def propagate(self, cand: list[int], values: list[int], queue: list[int], left: int,
                  targets: list[int] | None = None, dirty: int = -1) -> int:
        """Place the queued cells (each holding one candidate) and everything
        naked and hidden singles follow with; returns the number of cells
        still open, -1 on a contradiction, or 0 early once every cell of
        `targets` is placed. `dirty`: the houses whose candidates changed
        (a bitset; all at first), the only ones that can hold a new hidden
        single."""
        peers, units, full, unit_bits = self.peers, self.units, self.full, self.unit_bits
        if dirty < 0:
            dirty = self.all_units
        wanted = waiting = 0                  # the open targets, as a cell bitset; how many
        if targets is not None:
            for c in targets:
                if not values[c] and not wanted >> c & 1:
                    wanted |= 1 << c
                    waiting += 1
            if not waiting:
                return 0
        pop, push = queue.pop, queue.append
        while True:
            while queue:
                cell = pop()
                bit = cand[cell]
                if not bit:
                    continue              # placed already
                values[cell] = bit
                cand[cell] = 0
                left -= 1
                if wanted >> cell & 1:
                    waiting -= 1
                    if not waiting:
                        return 0          # the rest follows as it did with them given
                # the cell's other candidates left its houses: a hidden single there
                dirty |= unit_bits[cell]
                for p in peers[cell]:
                    m = cand[p]
                    if m & bit:
                        m ^= bit
                        if not m:
                            return -1
                        cand[p] = m
                        dirty |= unit_bits[p]
                        if not m & (m - 1):
                            push(p)
            if not left:
                return 0
            while dirty:
                low = dirty & -dirty
                dirty ^= low
                unit = units[low.bit_length() - 1]
                once = twice = fixed = 0
                for c in unit:
                    m = cand[c]
                    if m:
                        twice |= once & m
                        once |= m
                    else:
                        fixed |= values[c]
                if (once | fixed) != full:
                    return -1
                hidden = once & ~twice
                if hidden:
                    while hidden:
                        bit = hidden & -hidden
                        hidden ^= bit
                        for c in unit:
                            if cand[c] & bit:
                                cand[c] = bit
                                push(c)
                                break
                    break                 # place them first: fewer stale houses
            if not queue:
                return left

    def propagate_settled(self, cand: list[int], values: list[int], queue: list[int],
                          left: int) -> int:
        """propagate() from a state it left (no hidden single in any house):
        only the houses the new placements change are searched again."""
        return self.propagate(cand, values, queue, left, None, 0)

    def start_used(self, givens: list[int], used: list[int]
                   ) -> tuple[list[int], list[int], list[int], int] | None:
        """start() for consistent givens whose house_values() are known."""
        full, three_units = self.full, self.three_units
        values = [0] * self.cells
        cand = [0] * self.cells
        queue = []
        left = 0
        for cell, v in enumerate(givens):
            if v:
                values[cell] = 1 << (v - 1)
                continue
            a, b, c, more = three_units[cell]
            seen = used[a] | used[b] | used[c]
            for u in more:
                seen |= used[u]
            m = full & ~seen
            if not m:
                return None
            cand[cell] = m
            left += 1
            if not m & (m - 1):
                queue.append(cell)
        return cand, values, queue, left

    def house_values(self, givens: list[int]) -> list[int]:
        """Per house, the bits of the values given in it."""
        used = [0] * len(self.units)
        cell_units = self.cell_units
        for cell, v in enumerate(givens):
            if v:
                bit = 1 << (v - 1)
                for u in cell_units[cell]:
                    used[u] |= bit
        return used

    def refilled(self, givens: list[int], used: list[int], freed: list[int],
                 solution: list[int]) -> bool:
        """True when naked and hidden singles from the givens alone (`used`:
        their house_values) place every cell of `freed` again, before any other
        cell. Then, if singles solved the puzzle with `freed` given, they solve
        it without: after these placements the candidates are exactly those of
        that puzzle's start. A cheap sufficient test (False says nothing);
        `givens` and `used` are restored."""
        cell_units, units, full = self.cell_units, self.units, self.full
        open_cells = list(freed)
        placed: list[int] = []
        progress = True
        while open_cells and progress:
            progress = False
            for x in open_cells:
                bit = 1 << (solution[x] - 1)
                seen = 0
                for u in cell_units[x]:
                    seen |= used[u]
                forced = (full & ~seen) == bit
                if not forced:
                    for u in cell_units[x]:
                        for y in units[u]:
                            if y != x and not givens[y]:
                                for w in cell_units[y]:
                                    if used[w] & bit:
                                        break
                                else:
                                    break       # `bit` may still go in y
                        else:
                            forced = True
                            break
                if forced:
                    givens[x] = solution[x]
                    for u in cell_units[x]:
                        used[u] |= bit
                    placed.append(x)
                    open_cells.remove(x)
                    progress = True
                    break
        for x in placed:
            givens[x] = 0
            bit = 1 << (solution[x] - 1)
            for u in cell_units[x]:
                used[u] ^= bit
        return not open_cells

    def singles_solve(self, givens: list[int], targets: list[int] | None = None) -> bool:
        """True when naked and hidden singles alone fill the grid. With
        `targets`: the grid is known to be solved by singles once they are
        given, so it is enough that singles place them."""
        return self.singles_state(givens, targets)[0]

    def singles_state(self, givens: list[int], targets: list[int] | None = None,
                      used: list[int] | None = None
                      ) -> tuple[bool, tuple[list[int], list[int], int] | None]:
        """singles_solve(), and when singles stop short of it, where they
        stopped (candidates, values, open cells) for other_solution().
        `used`: the givens' house_values(), if the caller keeps them."""
        state = self.start(givens) if used is None else self.start_used(givens, used)
        if state is None:
            return False, None
        cand, values, queue, left = state
        left = self.propagate(cand, values, queue, left, targets)
        if left == 0:
            return True, None
        return False, ((cand, values, left) if left > 0 else None)

    # -- search ----------------------------------------------------------------
    def solutions(self, givens: list[int], limit: int, budget: int,
                  rng: random.Random | None = None,
                  prefer: list[int] | None = None) -> tuple[int, list[int] | None]:
        """(solutions found up to `limit`, the first one). Raises
        SearchBudgetExceeded past `budget` branches."""
        state = self.start(givens)
        if state is None:
            return 0, None
        cand, values, queue, left = state
        left = self.propagate(cand, values, queue, left)
        if left < 0:
            return 0, None
        return self.search(cand, values, left, limit, budget, rng, prefer)

    def other_solution(self, givens: list[int], solution: list[int], freed: list[int],
                       budget: int,
                       stuck: tuple[list[int], list[int], int] | None = None) -> list[int] | None:
        """A solution other than `solution` of `givens`, which is known to be
        `solution`'s unique puzzle with the cells `freed` emptied: another
        solution differs in a freed cell, so each freed cell is tried with its
        other values, the earlier freed cells fixed to the solution. `stuck`:
        the state singles_state() stopped in for these givens (it is used up)."""
        if stuck is not None:
            cand, values, left = stuck
        else:
            state = self.start(givens)
            assert state is not None, "the puzzle has a solution"
            cand, values, queue, left = state
            left = self.propagate(cand, values, queue, left)
        assert left >= 0, "the puzzle has a solution"
        for cell in freed:
            if values[cell]:
                continue          # forced by singles: no other value possible
            known = 1 << (solution[cell] - 1)
            m = cand[cell] & ~known
            while m:
                bit = m & -m
                m ^= bit
                c2, v2 = cand[:], values[:]
                c2[cell] = bit
                got = self.propagate(c2, v2, [cell], left, None, 0)
                if got >= 0:
                    _, other = self.search(c2, v2, got, 1, budget, None, solution)
                    if other is not None:
                        return other
            cand[cell] = known
            left = self.propagate(cand, values, [cell], left, None, 0)
            if left <= 0:
                break             # everything else follows: no other solution
        return None

    def search(self, cand: list[int], values: list[int], left: int, limit: int, budget: int,
               rng: random.Random | None = None,
               prefer: list[int] | None = None) -> tuple[int, list[int] | None]:
        """Depth-first search from a propagated state."""
        return branch_search(self.propagate_settled, cand, values, left, limit, budget, rng,
                             prefer)


Propagate = Callable[[list[int], list[int], list[int], int], int]


# long: the branching loop of the exact search, its state in locals for speed
def branch_search(propagate: Propagate, cand: list[int], values: list[int], left: int,
                  limit: int, budget: int, rng: random.Random | None = None,
                  prefer: list[int] | None = None) -> tuple[int, list[int] | None]:
    """Depth-first search from a state `propagate` left (it returns the cells still open,
    or -1 on a contradiction): up to `limit` solutions and the first one; raises
    SearchBudgetExceeded past `budget` branches. `rng` shuffles each cell's values;
    else `prefer` (a known solution) puts its value first."""
    found = 0
    first: list[int] | None = None
    branches = 0
    # each entry: a state and the value to try in its cell (-1: the state itself)
    stack: list[tuple[list[int], list[int], int, int, int]] = [(cand, values, left, -1, 0)]
    while stack:
        cand, values, left, cell, bit = stack.pop()
        if cell >= 0:
            branches += 1
            if branches > budget:
                raise SearchBudgetExceeded
            cand = cand[:]
            values = values[:]
            cand[cell] = bit
            left = propagate(cand, values, [cell], left)
            if left < 0:
                continue
        if not left:
            found += 1
            if first is None:
                first = [m.bit_length() for m in values]
            if found >= limit:
                break
            continue
        best, best_k = -1, 99
        for c, m in enumerate(cand):
            if m:
                k = m.bit_count()
                if k < best_k:
                    best, best_k = c, k
                    if k == 2:
                        break
        m = cand[best]
        bits = []
        while m:
            low = m & -m
            bits.append(low)
            m ^= low
        if rng is not None:
            rng.shuffle(bits)
        elif prefer is not None:
            known = 1 << (prefer[best] - 1)
            if known in bits:                 # the known value tried first
                bits.remove(known)
                bits.insert(0, known)
        for bit in reversed(bits):            # popped in the order of `bits`
            stack.append((cand, values, left, best, bit))
    return found, first


def engine(geom: Geometry) -> Engine:
    got = geom.__dict__.get("_engine")
    if got is None:
        got = geom.__dict__["_engine"] = Engine(geom)
    return got
