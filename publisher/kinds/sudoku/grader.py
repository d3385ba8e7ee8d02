"""The human-style grader: a fixed ladder of techniques, always the easiest
that makes progress first, recording each one used and how often.

Tiers (= levels): 0 singles (easy), 1 intersections and subsets (medium;
killer's innies and outies come first there),
2 fish and wings (hard), 3 colouring and chains (expert). A puzzle the ladder
cannot finish is "extreme". Every technique is sound, so a puzzle the ladder
solves from a grid that has a solution has exactly one solution.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from .shapes import Geometry
from .chains import simple_colouring, x_chain, xy_chain
from .grader_util import bits_of, cells_of
from .innies import groups as innie_groups, innies_outies
from .propagate import engine
from .tier1 import Tier1
from .killer import cage_combos

LEVELS = ("easy", "medium", "hard", "expert", "extreme")
# technique -> tier, in ladder order (cage_sum only for killers)
TIERS: dict[str, int] = {
    "naked_single": 0, "hidden_single": 0, "cage_sum": 0,
    "pointing": 1, "box_line": 1,
    "naked_pair": 1, "hidden_pair": 1, "naked_triple": 1, "hidden_triple": 1,
    "naked_quad": 1, "hidden_quad": 1,
    "innies_outies": 2, "x_wing": 2, "swordfish": 2, "xy_wing": 2, "xyz_wing": 2,
    "simple_colouring": 3, "x_chain": 3, "xy_chain": 3,
}


@dataclass
class Grade:
    level: str                       # one of LEVELS
    solved: bool                     # False only for extreme
    hardest: str | None              # the hardest technique used (None if no step)
    techniques: dict[str, int] = field(default_factory=dict)
    top_steps: int = 0               # steps taken with techniques of the top tier


class _Tables:
    """Per-geometry tables, built once and kept on the Geometry."""

    def __init__(self, geom: Geometry):
        self.pairs: list[tuple[list[int], list[int], list[int], str]] = []
        self.pair_units: list[tuple[int, int]] = []
        for u, cells_u in enumerate(geom.units):
            for v, cells_v in enumerate(geom.units):
                if u == v:
                    continue
                inter = set(cells_u) & set(cells_v)
                if len(inter) < 2 or inter == set(cells_u) or inter == set(cells_v):
                    continue
                name = "pointing" if geom.unit_kinds[u] == "region" else "box_line"
                self.pairs.append((sorted(inter), [c for c in cells_u if c not in inter],
                                   [c for c in cells_v if c not in inter], name))
                self.pair_units.append((u, v))
        n = geom.n
        self.lines = ([[r * n + c for c in range(n)] for r in range(n)],
                      [[r * n + c for r in range(n)] for c in range(n)])


def tier1(geom: Geometry) -> Tier1:
    got = geom.__dict__.get("_tier1")
    if got is None:
        t = tables(geom)
        got = geom.__dict__["_tier1"] = Tier1(engine(geom), t.pairs, t.pair_units)
    return got


def tables(geom: Geometry) -> _Tables:
    got = geom.__dict__.get("_grade_tables")
    if got is None:
        got = geom.__dict__["_grade_tables"] = _Tables(geom)
    return got


class HumanSolver:
    """Candidates and values of one attempt; each technique method returns
    True when it placed a value or removed a candidate."""

    def __init__(self, geom: Geometry, grid: list[int], sums: list[int] | None = None):
        self.geom, self.t = geom, tables(geom)
        self.n = geom.n
        self.values = list(grid)
        self.cand = [0] * (self.n * self.n)
        self.broken = False
        self.counts: dict[str, int] = {}
        self._places: list[tuple[list[int], dict[int, int]]] | None = None
        self.cage_sets = ([cage_combos(self.n, len(c), s) for c, s in zip(geom.cages, sums)]
                          if sums is not None and geom.cages else None)
        self.sums_key = tuple(sums or ())
        self.innie_groups: list[tuple[tuple[int, ...], int]] = []
        if sums is not None and geom.cages:
            known = geom.__dict__.setdefault("_innie_groups", {})
            if tuple(sums) not in known:
                known[tuple(sums)] = innie_groups(geom, sums)
            self.innie_groups = known[tuple(sums)]
        full = geom.full
        used = [0] * len(geom.groups)
        for cell, v in enumerate(grid):
            if v:
                for g in geom.cell_groups[cell]:
                    used[g] |= 1 << (v - 1)
        for cell, v in enumerate(grid):
            if not v:
                m = full
                for g in geom.cell_groups[cell]:
                    m &= ~used[g]
                self.cand[cell] = m
                if not m:
                    self.broken = True

    # -- bookkeeping --------------------------------------------------------
    def _note(self, name: str, k: int = 1) -> None:
        self.counts[name] = self.counts.get(name, 0) + k

    def place(self, cell: int, bit: int) -> None:
        self.values[cell] = bit.bit_length()
        self.cand[cell] = 0
        cand = self.cand
        keep = ~bit
        for p in self.geom.peers[cell]:
            cand[p] &= keep

    def _eliminate(self, cells: list[int], mask: int) -> bool:
        changed = False
        cand = self.cand
        for c in cells:
            if cand[c] & mask:
                cand[c] &= ~mask
                changed = True
                if not cand[c]:
                    self.broken = True
        return changed

    # -- tier 0 -------------------------------------------------------------
    def naked_singles(self) -> bool:
        """Every cell down to one candidate, and the cells that follows for."""
        cand, values, peers, k = self.cand, self.values, self.geom.peers, 0
        stack = [c for c in range(len(cand)) if cand[c] and not cand[c] & (cand[c] - 1)]
        while stack:
            cell = stack.pop()
            bit = cand[cell]
            if not bit or bit & (bit - 1):
                if not bit and not values[cell]:
                    self.broken = True
                continue
            values[cell] = bit.bit_length()
            cand[cell] = 0
            k += 1
            keep = ~bit
            for p in peers[cell]:
                m = cand[p]
                if m & bit:
                    m &= keep
                    cand[p] = m
                    if not m & (m - 1):          # now single (or empty: broken)
                        stack.append(p)
        if k:
            self._note("naked_single", k)
        return k > 0

    def hidden_singles(self) -> bool:
        cand, k = self.cand, 0
        for unit in self.geom.units:
            once = twice = 0
            for c in unit:
                m = cand[c]
                twice |= once & m
                once |= m
            hidden = once & ~twice
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for c in unit:
                    if cand[c] & bit:
                        self.place(c, bit)
                        k += 1
                        break
        if k:
            self._note("hidden_single", k)
        return k > 0

    def cage_sums(self) -> bool:
        if self.cage_sets is None:
            return False
        cand, values, changed = self.cand, self.values, False
        # a cage's state repeats across the many runs of one board's digs
        memo = self.geom.__dict__.setdefault("_cage_memo", {}).setdefault(self.sums_key, {})
        for k, (cells, combos) in enumerate(zip(self.geom.cages, self.cage_sets)):
            placed = 0
            open_cells = []
            for c in cells:
                if values[c]:
                    placed |= 1 << (values[c] - 1)
                else:
                    open_cells.append(c)
            if not open_cells:
                continue
            key = (k, placed, *[cand[c] for c in open_cells])
            allowed = memo.get(key)
            if allowed is None:
                allowed = memo[key] = self._cage_allowed(open_cells, placed, combos)
            for c in open_cells:
                if cand[c] & ~allowed:
                    cand[c] &= allowed
                    changed = True
                    if not cand[c]:
                        self.broken = True
        if changed:
            self._note("cage_sum")
        return changed

    def _cage_allowed(self, open_cells: list[int], placed: int, combos: tuple[int, ...]) -> int:
        """The values the open cells of a cage may hold: those of the sets that
        make its sum, hold the placed values and fit the candidates."""
        cand = self.cand
        union = 0
        for c in open_cells:
            union |= cand[c]
        allowed = 0
        for combo in combos:
            rest = combo & ~placed
            if combo & placed == placed and union & rest == rest and \
                    all(cand[c] & rest for c in open_cells):
                allowed |= rest
        return allowed

    # -- tier 1 -------------------------------------------------------------
    def intersections(self) -> bool:
        cand = self.cand
        for inter, u_only, v_only, name in self.t.pairs:
            a = 0
            for c in inter:
                a |= cand[c]
            if not a:
                continue
            for c in u_only:
                a &= ~cand[c]
            if not a:
                continue
            b = 0
            for c in v_only:
                b |= cand[c]
            if a & b:
                self._eliminate(v_only, a & b)
                self._note(name)
                return True
        return False

    def naked_subset(self, k: int) -> bool:
        cand = self.cand
        for unit in self.geom.units:
            open_cells = [c for c in unit if cand[c]]
            if len(open_cells) <= k:
                continue
            small = [c for c in open_cells if 2 <= cand[c].bit_count() <= k]
            if len(small) < k:
                continue
            for group in combinations(small, k):
                union = 0
                for c in group:
                    union |= cand[c]
                if union.bit_count() == k:
                    others = [c for c in open_cells if c not in group]
                    if self._eliminate(others, union):
                        self._note(("", "", "naked_pair", "naked_triple", "naked_quad")[k])
                        return True
        return False

    def _unit_places(self) -> list[tuple[list[int], dict[int, int]]]:
        """Per unit: its open cells and, per value bit, the positions (as a
        bitset over those cells) that can hold it. Built once per ladder pass."""
        if self._places is None:
            cand = self.cand
            out = []
            for unit in self.geom.units:
                open_cells = [c for c in unit if cand[c]]
                where: dict[int, int] = {}
                for i, c in enumerate(open_cells):
                    m = cand[c]
                    while m:
                        low = m & -m
                        where[low] = where.get(low, 0) | (1 << i)
                        m ^= low
                out.append((open_cells, where))
            self._places = out
        return self._places

    def hidden_subset(self, k: int) -> bool:
        cand = self.cand
        for open_cells, where in self._unit_places():
            if len(open_cells) <= k:
                continue
            small = [b for b, w in where.items() if 2 <= w.bit_count() <= k]
            if len(small) < k:
                continue
            for group in combinations(small, k):
                pos = 0
                digits = 0
                for b in group:
                    pos |= where[b]
                    digits |= b
                if pos.bit_count() == k:
                    changed = False
                    for i in cells_of(pos):
                        c = open_cells[i]
                        if cand[c] & ~digits:
                            cand[c] &= digits
                            changed = True
                    if changed:
                        self._note(("", "", "hidden_pair", "hidden_triple", "hidden_quad")[k])
                        return True
        return False

    # -- tier 2 -------------------------------------------------------------
    def fish(self, k: int) -> bool:
        cand, n = self.cand, self.n
        for bit in bits_of(self.geom.full):
            for base, cover in (self.t.lines, self.t.lines[::-1]):
                pos = []
                for line in base:
                    p = 0
                    for i, c in enumerate(line):
                        if cand[c] & bit:
                            p |= 1 << i
                    pos.append(p)
                small = [i for i in range(n) if 2 <= pos[i].bit_count() <= k]
                for group in combinations(small, k):
                    union = 0
                    for i in group:
                        union |= pos[i]
                    if union.bit_count() != k:
                        continue
                    targets = [cover[j][i] for j in cells_of(union) for i in range(n)
                               if i not in group]
                    if self._eliminate(targets, bit):
                        self._note("x_wing" if k == 2 else "swordfish")
                        return True
        return False

    def xy_wing(self) -> bool:
        cand, peers, pb = self.cand, self.geom.peers, self.geom.peer_bits
        for pivot in range(len(cand)):
            m = cand[pivot]
            if m.bit_count() != 2:
                continue
            wings = [p for p in peers[pivot] if cand[p].bit_count() == 2 and cand[p] != m
                     and cand[p] & m]
            for a, b in combinations(wings, 2):
                ma, mb = cand[a], cand[b]
                z = ma & mb
                if z.bit_count() != 1 or z & m or (ma | mb) & m != m:
                    continue
                common = pb[a] & pb[b] & ~(1 << pivot)
                if self._eliminate(cells_of(common), z):
                    self._note("xy_wing")
                    return True
        return False

    def xyz_wing(self) -> bool:
        cand, peers, pb = self.cand, self.geom.peers, self.geom.peer_bits
        for pivot in range(len(cand)):
            m = cand[pivot]
            if m.bit_count() != 3:
                continue
            wings = [p for p in peers[pivot] if cand[p].bit_count() == 2 and cand[p] & ~m == 0]
            for a, b in combinations(wings, 2):
                z = cand[a] & cand[b]
                if z.bit_count() != 1 or cand[a] | cand[b] != m:
                    continue
                common = pb[a] & pb[b] & pb[pivot]
                if self._eliminate(cells_of(common), z):
                    self._note("xyz_wing")
                    return True
        return False

    # -- the ladder ---------------------------------------------------------
    def ladder(self) -> list[tuple[int, object]]:
        return [
            (0, self.naked_singles), (0, self.hidden_singles), (0, self.cage_sums),
            (1, self.intersections),
            (1, lambda: self.naked_subset(2)), (1, lambda: self.hidden_subset(2)),
            (1, lambda: self.naked_subset(3)), (1, lambda: self.hidden_subset(3)),
            (1, lambda: self.naked_subset(4)), (1, lambda: self.hidden_subset(4)),
            (2, lambda: innies_outies(self)), (2, lambda: self.fish(2)), (2, lambda: self.fish(3)),
            (2, self.xy_wing), (2, self.xyz_wing),
            (3, lambda: simple_colouring(self)), (3, lambda: x_chain(self)),
            (3, lambda: xy_chain(self)),
        ]

    def run(self, max_tier: int = 3) -> bool:
        """Apply the ladder up to max_tier until solved or stuck."""
        steps = [(tier, fn) for tier, fn in self.ladder() if tier <= max_tier]
        values = self.values
        while not self.broken:
            if all(values):
                return True
            self._places = None
            for _, step in steps:
                if step():          # type: ignore[operator]
                    break
            else:
                return False
        return False


def grade(geom: Geometry, grid: list[int], sums: list[int] | None = None) -> Grade:
    """The level of a puzzle and the techniques it needs."""
    solver = HumanSolver(geom, grid, sums)
    solved = solver.run(3)
    counts = dict(solver.counts)
    top = max((TIERS[t] for t in counts), default=0)
    order = list(TIERS)
    hardest = max(counts, key=lambda t: (TIERS[t], order.index(t)), default=None)
    level = LEVELS[top] if solved else "extreme"
    top_steps = sum(k for t, k in counts.items() if TIERS[t] == top)
    return Grade(level, solved, hardest, counts, top_steps)


def solvable(geom: Geometry, grid: list[int], max_tier: int,
             sums: list[int] | None = None) -> bool:
    """True when the ladder up to max_tier finishes the puzzle."""
    if geom.cages:
        return HumanSolver(geom, grid, sums).run(max_tier)
    return _solvable_boxed(geom, grid, max_tier)


def _solvable_boxed(geom: Geometry, grid: list[int], max_tier: int) -> bool:
    """solvable() without cages: the engine's propagation does the singles
    (their closure is the grader's), the ladder's higher techniques run on
    its candidates between rounds. Those only remove candidates, so the
    steps taken are the grader's own."""
    eng = engine(geom)
    state = eng.start(grid)
    if state is None:
        return False
    cand, bits, queue, left = state
    left = eng.propagate(cand, bits, queue, left)
    if left <= 0 or not max_tier:
        return left == 0
    return solvable_settled(geom, cand, bits, left, max_tier)


def solvable_settled(geom: Geometry, cand: list[int], bits: list[int], left: int,
                     max_tier: int) -> bool:
    """solvable() for a grid without cages, from the state the engine's
    singles stopped in for it (candidates, placed bits, open cells; used up)."""
    if max_tier == 0:
        return left == 0
    if max_tier == 1:
        return tier1(geom).solves(cand, bits, left)
    eng = engine(geom)
    solver = HumanSolver.__new__(HumanSolver)
    solver.geom, solver.t, solver.n = geom, tables(geom), geom.n
    solver.values = [b.bit_length() for b in bits]
    solver.cand, solver.broken, solver.counts = cand, False, {}
    solver.cage_sets, solver.innie_groups = None, []
    steps = [fn for tier, fn in solver.ladder() if 1 <= tier <= max_tier]
    unit_bits = eng.unit_bits
    while True:
        solver._places = None
        before = cand[:]
        for step in steps:
            if step():          # type: ignore[operator]
                break
        else:
            return False
        if solver.broken:
            return False
        # the propagation was settled: only the houses of changed cells can
        # hold a new hidden single, only changed cells a new naked one
        queue, dirty = [], 0
        for c, m in enumerate(cand):
            if m != before[c]:
                dirty |= unit_bits[c]
                if not m & (m - 1):
                    queue.append(c)
        left = eng.propagate(cand, bits, queue, left, None, dirty)
        if left <= 0:
            return left == 0
