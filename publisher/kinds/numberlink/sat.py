"""The SAT model of a Numberlink board and the uniqueness proof.

Variables: one per pair of neighbouring cells ("this edge is used") and each
cell's colour: one variable per (cell, pair) for the difficulty measure, a pair's
number in binary (a few bits per cell) for the uniqueness proof: the same
solutions in a fifth of the clauses, so the proof runs 3x faster at 15x15. Clauses:
an endpoint has exactly one used edge and its own colour, every other cell exactly
two used edges and some colour; a used edge joins cells of equal colour (equal
bits). Nothing forbids a path from running beside itself.
A model may still contain a closed loop of cells away from every endpoint: we
block that loop and solve again. Every solve has a conflict budget, so a check
ends deterministically; running out of budget means "unknown" (reject).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections import deque
from itertools import combinations, repeat

import pysolvers as _pysolvers  # type: ignore[import-not-found]
from pysat.solvers import Solver  # type: ignore[import-untyped]


SOLVER = "g3"        # Glucose 3: conflict budgets, deterministic; fewest conflicts here


def grid_edges(rows: int, cols: int) -> list[tuple[int, int]]:
    edges = []
    for r in range(rows):
        for c in range(cols):
            x = r * cols + c
            if c + 1 < cols:
                edges.append((x, x + 1))
            if r + 1 < rows:
                edges.append((x, x + cols))
    return edges


def path_edges(path: list[int]) -> list[tuple[int, int]]:
    return [(min(a, b), max(a, b)) for a, b in zip(path, path[1:])]


class _Grid:
    """What the CNF of every board of one size shares: edges, incident edge
    variables per cell, and each cell's degree clauses (an endpoint: exactly
    one used edge; any other cell: exactly two), split into longer clauses and
    unit facts; and the colour clauses of both encodings. Built once per size
    and process."""

    def __init__(self, rows: int, cols: int):
        n = self.n = rows * cols
        self.edges = grid_edges(rows, cols)
        self.edge_var = {e: i + 1 for i, e in enumerate(self.edges)}
        inc: list[list[int]] = [[] for _ in range(n)]
        for i, (a, b) in enumerate(self.edges):
            inc[a].append(i + 1)
            inc[b].append(i + 1)
        self.end: list[list[list[int]]] = []      # endpoint x: its clauses
        self.inner: list[tuple[list[list[int]], list[int]]] = []   # other x: clauses, units
        for vs in inc:
            self.end.append([vs[:]] + [[-a, -b] for a, b in combinations(vs, 2)])
            cl = [[-a, -b, -c] for a, b, c in combinations(vs, 3)]
            cl += [[v for v in vs if v != skip] for skip in vs]
            self.inner.append(([c for c in cl if len(c) > 1], [c[0] for c in cl if len(c) == 1]))
        # One-hot colour clauses, colour by colour: those of k colours are the first
        # 2 * edges * k (one list for every colour count; it grows with the largest).
        self.one_hot: list[list[int]] = []
        self.bit_clauses: dict[int, list[list[int]]] = {}

    def colours(self, k: int) -> list[list[int]]:
        """Per cell, its k one-hot colour variables (colour-major numbering)."""
        base, n = len(self.edges) + 1, self.n
        return [[base + j * n + x for j in range(k)] for x in range(n)]

    def colour_clauses(self, k: int) -> list[list[int]]:
        """A used edge joins cells of equal colour, for k one-hot colours."""
        have = len(self.one_hot) // (2 * len(self.edges))
        if k > have:
            base, n = len(self.edges) + 1, self.n
            for j in range(have, k):
                for i, (a, b) in enumerate(self.edges):
                    ca, cb = base + j * n + a, base + j * n + b
                    self.one_hot.append([-(i + 1), -ca, cb])
                    self.one_hot.append([-(i + 1), ca, -cb])
        return self.one_hot[:2 * len(self.edges) * k]

    def bits(self, width: int) -> tuple[list[list[int]], list[list[int]]]:
        """Per cell, its `width` colour bits (the colour's binary code), and the
        clauses: a used edge joins cells with equal bits."""
        base = len(self.edges) + 1
        cell_bits = [[base + x * width + j for j in range(width)] for x in range(self.n)]
        cl = self.bit_clauses.get(width)
        if cl is None:
            cl = self.bit_clauses[width] = []
            for i, (a, b) in enumerate(self.edges):
                for ca, cb in zip(cell_bits[a], cell_bits[b]):
                    cl.append([-(i + 1), -ca, cb])
                    cl.append([-(i + 1), ca, -cb])
        return cell_bits, cl


_GRIDS: dict[tuple[int, int], _Grid] = {}


def _grid(rows: int, cols: int) -> _Grid:
    g = _GRIDS.get((rows, cols))
    if g is None:
        if len(_GRIDS) > 8:
            _GRIDS.clear()
        g = _GRIDS[(rows, cols)] = _Grid(rows, cols)
    return g


def _add_all(s: Solver, clauses: list[list[int]]) -> None:
    """s.append_formula(clauses) without a Python call per clause where the
    solver's own module allows it (clauses here are never empty or false)."""
    handle, add = getattr(s.solver, "glucose", None), getattr(_pysolvers, "glucose3_add_cl", None)
    if SOLVER == "g3" and handle is not None and add is not None:
        deque(map(add, repeat(handle, len(clauses)), clauses), maxlen=0)
    else:
        s.append_formula(clauses)


class Model:
    """The CNF of one board (endpoint pairs on a rows x cols grid). Colours are
    one-hot (a variable per cell and pair: the difficulty measure is defined on
    this CNF's propagation) or, with `one_hot=False`, binary codes (a few bits per
    cell: the same solutions in a fifth of the clauses, for the proof)."""

    def __init__(self, rows: int, cols: int, pairs: list[tuple[int, int]],
                 one_hot: bool = True):
        self.rows, self.cols, self.pairs = rows, cols, pairs
        n, k = rows * cols, len(pairs)
        grid = _grid(rows, cols)
        self.edges, self.edge_var = grid.edges, grid.edge_var
        self.ne = len(self.edges)
        end_colour = {}
        for pair_no, (a, b) in enumerate(pairs):
            end_colour[a] = pair_no
            end_colour[b] = pair_no
        if one_hot:
            self.colour = grid.colours(k)
            colour_clauses = grid.colour_clauses(k)
        else:
            self.colour, colour_clauses = grid.bits(max(1, (k - 1).bit_length()))
        cl: list[list[int]] = []
        units: set[int] = set()
        for x in range(n):
            j = end_colour.get(x)
            if j is not None:
                cl += grid.end[x]
                if one_hot:
                    units.update(v if i == j else -v for i, v in enumerate(self.colour[x]))
                else:
                    units.update(v if j >> i & 1 else -v for i, v in enumerate(self.colour[x]))
            else:
                inner, facts = grid.inner[x]
                cl += inner
                units.update(facts)
                if not one_hot:
                    pass              # every code is some colour (codes past k only on loops)
                elif k > 1:
                    cl.append(self.colour[x])
                else:
                    units.update(self.colour[x])
        # Unit facts are kept apart so that propagation can report them.
        self.units = sorted(units)
        self.clauses = cl + colour_clauses

    def solver(self, with_units: bool = True) -> Solver:
        s = Solver(name=SOLVER)
        _add_all(s, self.clauses)
        if with_units:
            _add_all(s, [[u] for u in self.units])
        return s

    def used_edges(self, model: list[int]) -> list[tuple[int, int]]:
        return [self.edges[v - 1] for v in model[:self.ne] if v > 0]

    def decode(self, used: list[tuple[int, int]]) -> tuple[list[list[int]], list[list[int]]]:
        """Paths from each pair's first endpoint, and closed loops (as edge vars)."""
        n = self.rows * self.cols
        adj: list[list[int]] = [[] for _ in range(n)]
        for a, b in used:
            adj[a].append(b)
            adj[b].append(a)
        seen = [False] * n
        paths = []
        for a, _b in self.pairs:
            path = [a]
            seen[a] = True
            prev, cur = -1, a
            while True:
                nxt = [y for y in adj[cur] if y != prev]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
                seen[cur] = True
                path.append(cur)
            paths.append(path)
        loops = []
        for x in range(n):
            if seen[x]:
                continue
            loop, stack = [], [x]
            seen[x] = True
            while stack:
                y = stack.pop()
                for z in adj[y]:
                    if y < z:
                        loop.append(self.edge_var[(y, z)])
                    if not seen[z]:
                        seen[z] = True
                        stack.append(z)
            loops.append(sorted(loop))
        return paths, loops


@dataclass
class Check:
    status: str                      # "unique", "multiple", "unknown" (budget ran out)
    rivals: list[list[list[int]]] = field(default_factory=list)   # other solutions' paths
    conflicts: int = 0
    calls: int = 0


def check_unique(rows: int, cols: int, paths: list[list[int]], conf_budget: int,
                 max_rivals: int = 1, one_hot: bool = False) -> Check:
    """Prove that `paths` is the only solution of its endpoints, or return up to
    `max_rivals` other solutions. `conf_budget` caps the conflicts of the whole
    check (across the solver calls). Binary colour codes unless `one_hot`."""
    pairs = [(p[0], p[-1]) for p in paths]
    m = Model(rows, cols, pairs, one_hot)
    out = Check("unique")
    with m.solver() as s:
        s.add_clause([-m.edge_var[e] for p in paths for e in path_edges(p)])
        while True:
            left = conf_budget - out.conflicts
            if left <= 0:
                out.status = "unknown"
                return out
            s.conf_budget(left)
            res = s.solve_limited()
            out.calls += 1
            out.conflicts += s.accum_stats()["conflicts"] - out.conflicts
            if res is None:
                out.status = "unknown"
                return out
            if res is False:
                return out
            found, loops = m.decode(m.used_edges(s.get_model()))
            if loops:
                for loop in loops:
                    s.add_clause([-v for v in loop])
                continue
            out.status = "multiple"
            out.rivals.append(found)
            if len(out.rivals) >= max_rivals:
                return out
            s.add_clause([-m.edge_var[e] for p in found for e in path_edges(p)])


def deductions(rows: int, cols: int, paths: list[list[int]],
               probe_rounds: int = 4, skip_implied: bool = True) -> tuple[float, float]:
    """How far simple reasoning gets: the share of edge decisions fixed by unit
    propagation alone (f0), and after rounds of failed-literal probing (f1:
    "if this edge were used/unused, a contradiction follows at once"). A board
    with f1 < 1 needs real search (trial and error) somewhere.

    One solver holds the known facts (units, failed literals) as clauses, so a probe
    propagates only its own literal. A solver does not report its level-0 facts, so
    the edges they fix (`settled`) are followed as facts come in: propagating a new
    fact just before adding it reports what it fixes. (This is the closure of the
    facts by unit propagation, which a second solver without facts used to compute
    from the facts as assumptions: the same sets, one solver fewer.)"""
    m = Model(rows, cols, [(p[0], p[-1]) for p in paths])
    ne = m.ne
    known = list(m.units)
    with m.solver(with_units=False) as facts:
        _, lits = facts.propagate(assumptions=known)
        settled = {abs(v) for v in lits if abs(v) <= ne}
        _add_all(facts, [[u] for u in known])
        fixed = set(settled)
        f0 = len(fixed) / ne
        for _ in range(probe_rounds):
            changed = False
            fixed_at = len(known)
            # Edge literals that a probe since the last new fact implied without a
            # contradiction: probing one of them cannot fail (it propagates a part of
            # what that probe did), so it is skipped; the same facts, fewer probes.
            safe: set[int] = set()
            for v in range(1, ne + 1):
                if v in fixed:
                    continue
                for lit in (v, -v):
                    if lit in safe and skip_implied:
                        continue
                    ok, lits = facts.propagate(assumptions=[lit])
                    if ok:
                        safe.update(x for x in lits if -ne <= x <= ne)
                    else:
                        _, lits = facts.propagate(assumptions=[-lit])
                        settled.update(abs(x) for x in lits if abs(x) <= ne)
                        known.append(-lit)
                        facts.add_clause([-lit])
                        safe.clear()
                        changed = True
                        break
                if changed and len(known) % 8 == 0 and len(known) != fixed_at:
                    fixed, fixed_at = set(settled), len(known)
            fixed = set(settled)
            if not changed or len(fixed) == ne:
                break
        f1 = len(fixed) / ne
    return f0, f1
