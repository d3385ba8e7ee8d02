"""Futoshiki's own techniques and its ladder (docs/spec.md, futoshiki).

Tiers: 0 singles and a sign against a placed digit (easy); 1 inequality chains
and ranges: a cell below a neighbour stays below that neighbour's largest
candidate, and repeating that along a chain bounds the whole chain (medium);
2 naked and hidden pairs and triples (hard); 3 x-wing, swordfish and quads
(expert). Beyond that the puzzle is extreme."""
from __future__ import annotations

from functools import partial
from typing import Sequence

from ...grids.latin.closure import Closure
from ...grids.latin.grid import (Grid, hidden_pair, hidden_quad, hidden_single, hidden_triple,
                                 naked_pair, naked_quad, naked_single, naked_triple, swordfish,
                                 x_wing)
from ...grids.latin.ladder import Step, heavy_steps
from ...grids.latin.order import order

Relation = tuple[int, int]          # (lesser cell, greater cell), row-major


def inequality(relations: Sequence[Relation], g: Grid) -> bool:
    """The smaller side of a sign is never n and the larger never 1; next to a
    placed digit, the other side is below or above it."""
    cand, changed = g.cand, False
    top_bit = 1 << (g.n - 1)
    for a, b in relations:
        ma, mb = cand[a], cand[b]
        na, nb = ma & ~top_bit, mb & ~1
        if not mb & (mb - 1):                       # b placed: a below it
            na &= (1 << (mb.bit_length() - 1)) - 1
        if not ma & (ma - 1):                       # a placed: b above it
            nb &= ~((1 << ma.bit_length()) - 1)
        if na != ma or nb != mb:
            cand[a], cand[b], changed = na, nb, True
            if not na or not nb:
                g.broken = True
                return True
    return changed


def ranges(relations: Sequence[Relation], g: Grid) -> bool:
    """a < b: a is below b's largest candidate and b above a's smallest; repeated
    along a chain of signs, every cell of the chain gets its range."""
    cand, changed = g.cand, False
    for a, b in relations:
        ma, mb = cand[a], cand[b]
        na = ma & ((1 << (mb.bit_length() - 1)) - 1) if mb else 0
        nb = mb & ~((1 << (na & -na).bit_length()) - 1) if na else 0
        if na != ma or nb != mb:
            cand[a], cand[b], changed = na, nb, True
            if not na or not nb:
                g.broken = True
                return True
    return changed


def ladder(relations: Sequence[Relation]) -> list[Step]:
    rel = tuple(relations)
    return [("naked_single", 0, naked_single), ("hidden_single", 0, hidden_single),
            ("inequality", 0, partial(inequality, rel)),
            ("inequality_chain", 1, partial(ranges, rel)),
            ("naked_pair", 2, naked_pair), ("hidden_pair", 2, hidden_pair),
            ("naked_triple", 2, naked_triple), ("hidden_triple", 2, hidden_triple),
            ("x_wing", 3, x_wing), ("swordfish", 3, swordfish),
            ("naked_quad", 3, naked_quad), ("hidden_quad", 3, hidden_quad)]


def closure(n: int, relations: Sequence[Relation], max_tier: int) -> Closure:
    """The ladder up to `max_tier` as a Closure (grids/latin/closure.py) on every
    sign of `relations`: from tier 1 the ranges do all the inequality does."""
    return Closure(n, [order(a, b, n, max_tier >= 1) for a, b in relations],
                   heavy_steps(ladder(relations), 2, max_tier))
