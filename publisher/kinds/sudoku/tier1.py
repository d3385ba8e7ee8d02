"""The ladder up to tier 1 (singles, intersections, naked and hidden subsets)
as a yes/no test, for grids without cages.

Every technique of these tiers only removes candidates, and one that applies
still applies (or is used up) after other removals, so the candidates they
end at do not depend on the order they are tried in: whether they finish the
puzzle is the grader's answer, found here faster. The grader's ladder starts
again from its easiest technique after each step and looks at every house
each time; here each round applies whatever it finds, and looks again only
at the houses whose candidates changed since it last looked.
"""
from __future__ import annotations

from .propagate import Engine


class Tier1:
    """Per-geometry tables: the house pairs of the intersections."""

    def __init__(self, eng: Engine, pairs: list[tuple[list[int], list[int], list[int], str]],
                 pair_units: list[tuple[int, int]]):
        self.eng = eng
        # (houses u and v as a house bitset, shared cells, cells of u only, of v only)
        self.pairs = [((1 << u) | (1 << v), tuple(inter), tuple(u_only), tuple(v_only))
                      for (inter, u_only, v_only, _), (u, v) in zip(pairs, pair_units)]

    # long: one round after another until stuck; the state stays in locals for speed
    def solves(self, cand: list[int], values: list[int], left: int) -> bool:
        """From a state propagate() left (singles settled, `left` open cells):
        True when intersections and subsets, with singles after each round,
        place every cell. Intersections (cheap) are tried first each round;
        subsets only when they find nothing."""
        eng = self.eng
        units, unit_bits = eng.units, eng.unit_bits
        look_pairs = look_subsets = eng.all_units   # houses changed since last looked at
        while True:
            before = cand[:]
            found = False
            for houses, inter, u_only, v_only in self.pairs:
                if not houses & look_pairs:
                    continue
                a = 0
                for c in inter:
                    a |= cand[c]
                if not a:
                    continue
                for c in u_only:
                    a &= ~cand[c]
                if not a:
                    continue
                for c in v_only:
                    if cand[c] & a:
                        cand[c] &= ~a
                        found = True
                        if not cand[c]:
                            return False
            look_pairs = 0
            if not found:
                while look_subsets:
                    low = look_subsets & -look_subsets
                    look_subsets ^= low
                    if not _subsets(cand, units[low.bit_length() - 1]):
                        return False
            queue: list[int] = []
            dirty = 0
            for c, m in enumerate(cand):
                if m != before[c]:
                    dirty |= unit_bits[c]
                    if not m & (m - 1):
                        queue.append(c)
            if not dirty:
                return False                  # nothing applies any more
            left = eng.propagate(cand, values, queue, left, None, dirty)
            if left <= 0:
                return left == 0
            for c, m in enumerate(cand):      # what singles changed too
                if m != before[c]:
                    dirty |= unit_bits[c]
            look_pairs |= dirty
            look_subsets |= dirty


def _subsets(cand: list[int], unit: tuple[int, ...]) -> bool:
    """Apply the locked sets of one house: k open cells holding only k values
    between them (naked), or k values with only k places (hidden). With m
    open cells, a naked set of k is a hidden set of m - k, so naked sets up
    to m/2 and hidden ones below that find every pair, triple and quad of
    either kind. False when a cell is left without a candidate."""
    open_cells = [c for c in unit if cand[c]]
    m = len(open_cells)
    if m < 4:
        return True                           # a locked set would leave a single
    limit = m // 2
    small = [c for c in open_cells if cand[c].bit_count() <= limit]
    if len(small) >= 2:
        for members, union in _locked([cand[c] for c in small], limit):
            keep = ~union
            chosen = [small[i] for i in range(len(small)) if members >> i & 1]
            for c in open_cells:
                if c not in chosen and cand[c] & union:
                    cand[c] &= keep
                    if not cand[c]:
                        return False
    if m < 5:
        return True                           # a hidden pair of 4 is a naked pair
    where: dict[int, int] = {}                # value bit -> its places (over open_cells)
    for i, c in enumerate(open_cells):
        bits = cand[c]
        while bits:
            low = bits & -bits
            where[low] = where.get(low, 0) | (1 << i)
            bits ^= low
    values = list(where)
    for members, places in _locked([where[b] for b in values], (m - 1) // 2):
        digits = 0
        for i, b in enumerate(values):
            if members >> i & 1:
                digits |= b
        i = 0
        while places:
            if places & 1:
                c = open_cells[i]
                cand[c] &= digits
                if not cand[c]:
                    return False
            places >>= 1
            i += 1
    return True


def _locked(masks: list[int], limit: int) -> list[tuple[int, int]]:
    """Groups of 2 to `limit` of the masks whose union has as many bits as the
    group has members: (the members as an index bitset, their union)."""
    out = []
    if limit == 2:                            # pairs: two equal masks of two bits
        first: dict[int, int] = {}
        for i, mask in enumerate(masks):
            if mask.bit_count() == 2:
                if mask in first:
                    out.append((1 << first[mask] | 1 << i, mask))
                else:
                    first[mask] = i
        return out
    count = len(masks)
    stack = [(0, 0, 0, 0)]                    # next index, union, members, how many
    while stack:
        start, union, members, k = stack.pop()
        k += 1
        for i in range(start, count):
            u = union | masks[i]
            size = u.bit_count()
            if size > limit:
                continue
            if size == k:
                if k >= 2:
                    out.append((members | 1 << i, u))
            elif k < limit:
                stack.append((i + 1, u, members | 1 << i, k))
    return out
