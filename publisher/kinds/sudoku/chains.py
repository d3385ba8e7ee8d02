"""Tier 3 of the grader: single-value colouring, X-chains and XY-chains.
Each takes the HumanSolver and returns True when it removed a candidate."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .grader_util import bits_of, cells_of

if TYPE_CHECKING:
    from .grader import HumanSolver


def strong_links(solver: HumanSolver, bit: int) -> dict[int, set[int]]:
    cand = solver.cand
    links: dict[int, set[int]] = {}
    for unit in solver.geom.units:
        has = [c for c in unit if cand[c] & bit]
        if len(has) == 2:
            a, b = has
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return links


def simple_colouring(solver: HumanSolver) -> bool:
    cand, pb = solver.cand, solver.geom.peer_bits
    for bit in bits_of(solver.geom.full):
        links = strong_links(solver, bit)
        seen: set[int] = set()
        for start in links:
            if start in seen:
                continue
            colour = {start: 0}
            stack = [start]
            while stack:
                x = stack.pop()
                for y in links[x]:
                    if y not in colour:
                        colour[y] = 1 - colour[x]
                        stack.append(y)
            seen.update(colour)
            sets = [0, 0]
            for c, k in colour.items():
                sets[k] |= 1 << c
            for k in (0, 1):           # colour wrap: one colour sees itself
                if any(pb[c] & sets[k] for c in cells_of(sets[k])):
                    solver._eliminate(cells_of(sets[k]), bit)
                    solver._note("simple_colouring")
                    return True
            outside = [c for c in range(len(cand)) if cand[c] & bit and c not in colour]
            trapped = [c for c in outside if pb[c] & sets[0] and pb[c] & sets[1]]
            if trapped and solver._eliminate(trapped, bit):   # colour trap
                solver._note("simple_colouring")
                return True
    return False


def x_chain(solver: HumanSolver) -> bool:
    """Alternating strong/weak links on one value, strong at both ends:
    one end holds the value, so cells seeing both ends cannot."""
    cand, pb, peers = solver.cand, solver.geom.peer_bits, solver.geom.peers
    for bit in bits_of(solver.geom.full):
        links = strong_links(solver, bit)
        with_bit = 0
        for c in range(len(cand)):
            if cand[c] & bit:
                with_bit |= 1 << c
        for a in links:
            ends, weak_seen = set(links[a]), set()
            frontier = list(ends)
            while frontier:
                nxt = []
                for x in frontier:
                    if x != a:
                        common = pb[a] & pb[x] & with_bit
                        if common and solver._eliminate(cells_of(common), bit):
                            solver._note("x_chain")
                            return True
                    for y in peers[x]:
                        if cand[y] & bit and y not in weak_seen:
                            weak_seen.add(y)
                            for z in links.get(y, ()):
                                if z not in ends:
                                    ends.add(z)
                                    nxt.append(z)
                frontier = nxt
    return False


def xy_chain(solver: HumanSolver) -> bool:
    """A chain of two-candidate cells: if the start is not x, the end is x."""
    cand, pb, peers = solver.cand, solver.geom.peer_bits, solver.geom.peers
    pairs = [c for c in range(len(cand)) if cand[c].bit_count() == 2]
    pair_peers = {c: [p for p in peers[c] if cand[p].bit_count() == 2] for c in pairs}
    for a in pairs:
        for x in bits_of(cand[a]):
            start = (a, cand[a] ^ x)
            seen = {start}
            frontier = [start]
            while frontier:
                nxt = []
                for cell, true in frontier:
                    for d in pair_peers[cell]:
                        if not cand[d] & true:
                            continue
                        state = (d, cand[d] ^ true)
                        if state in seen:
                            continue
                        seen.add(state)
                        if state[1] == x and d != a:
                            common = pb[a] & pb[d]
                            if solver._eliminate(cells_of(common), x):
                                solver._note("xy_chain")
                                return True
                        nxt.append(state)
                frontier = nxt
    return False
