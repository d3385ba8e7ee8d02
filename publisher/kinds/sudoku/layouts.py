"""Generated layouts: jigsaw regions and killer cages."""
from __future__ import annotations

import random

from .shapes import box_regions


def _neighbours(n: int, cell: int) -> list[int]:
    r, c = divmod(cell, n)
    out = []
    if r:
        out.append(cell - n)
    if r + 1 < n:
        out.append(cell + n)
    if c:
        out.append(cell - 1)
    if c + 1 < n:
        out.append(cell + 1)
    return out


def connected(n: int, cells: list[int]) -> bool:
    """True when the cells form one piece (edge-adjacent)."""
    if not cells:
        return False
    inside = set(cells)
    stack, seen = [cells[0]], {cells[0]}
    while stack:
        x = stack.pop()
        for y in _neighbours(n, x):
            if y in inside and y not in seen:
                seen.add(y)
                stack.append(y)
    return len(seen) == len(inside)


def jigsaw_regions(n: int, rng: random.Random, solution: list[int] | None = None,
                   swaps: int | None = None) -> list[list[int]]:
    """Irregular regions of n connected cells each, made from the boxes by
    random swaps of border cells between neighbouring regions (each swap keeps
    both regions connected and the same size). Given a solution valid for the
    boxes, only cells holding the same value are swapped, so every region
    still holds each value once and the solution stays valid."""
    reg = [g for row in box_regions(n) for g in row]
    members: dict[int, set[int]] = {}
    for cell, g in enumerate(reg):
        members.setdefault(g, set()).add(cell)
    moves = swaps if swaps is not None else n * n * 12
    for _ in range(moves):
        a = rng.randrange(n * n)
        outs = [b for b in _neighbours(n, a) if reg[b] != reg[a]]
        if not outs:
            continue
        region_a, region_b = reg[a], reg[rng.choice(outs)]
        # a goes to region B; some cell of B touching A (without a) comes back
        rest_a = members[region_a] - {a}
        back = sorted(c for c in members[region_b]
                      if any(x in rest_a for x in _neighbours(n, c))
                      and (solution is None or solution[c] == solution[a]))
        if not back:
            continue
        c = rng.choice(back)
        new_a = rest_a | {c}
        new_b = (members[region_b] - {c}) | {a}
        if connected(n, sorted(new_a)) and connected(n, sorted(new_b)):
            members[region_a], members[region_b] = new_a, new_b
            reg[a], reg[c] = region_b, region_a
    return [reg[r * n:(r + 1) * n] for r in range(n)]


CAGE_SIZES = (2, 2, 2, 3, 3, 3, 3, 4, 4, 5)


def killer_cages(n: int, solution: list[int], rng: random.Random,
                 sizes: tuple[int, ...] = CAGE_SIZES) -> list[list[int]]:
    """Cover the grid with connected cages in which no value repeats. Cages
    that could not grow past one cell are merged into a neighbour when the
    value is new there."""
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    order = list(range(n * n))
    rng.shuffle(order)
    for start in order:
        if owner[start] >= 0:
            continue
        target = rng.choice(sizes)
        cage, values = [start], {solution[start]}
        owner[start] = len(cages)
        while len(cage) < target:
            options = sorted({y for x in cage for y in _neighbours(n, x)
                              if owner[y] < 0 and solution[y] not in values})
            if not options:
                break
            y = rng.choice(options)
            cage.append(y)
            values.add(solution[y])
            owner[y] = len(cages)
        cages.append(cage)
    for k, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        cell = cage[0]
        for y in _neighbours(n, cell):
            other = owner[y]
            if other != k and len(cages[other]) < 6 and \
                    solution[cell] not in {solution[x] for x in cages[other]}:
                cages[other].append(cell)
                owner[cell] = other
                cages[k] = []
                break
    return [sorted(c) for c in cages if c]
