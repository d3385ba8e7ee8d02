"""Regions variant: one queen per row, column and region, no two touching.

Generation: a random non-touching placement, regions grown around its queens,
then repair: while the solver finds a rival solution T, hand one of T's queen
cells (never one of ours) to a neighbouring region, so T has two queens there
and dies while our placement stays valid. Moves never leave a one-cell region,
which plain repair produces in most puzzles.

Grading replays the puzzle with human deductions of growing strength and
records the strongest one needed (see `grade`).
"""
from __future__ import annotations

import random
from functools import cache
from operator import itemgetter

from publisher.errors import GenerationFailed

from .grading import (CONFINE, CONTRADICT, GROUP, GUESS, LEVEL_NAMES, SINGLE,  # noqa: F401
                      grade)
from .solver import RegionsSolver

REPAIR_STEPS_PER_CELL = 4    # repair moves allowed per cell before a restart
RESTARTS = 30
SOLVER_BUDGET = 500_000      # nodes per uniqueness check
RESHAPE_STEPS_PER_ROW = 3    # grade-directed moves allowed after uniqueness
RIVALS = 4                   # rival solutions looked at per repair step

# easy: simple deductions solve it; medium: needs a group argument; hard: a
# solver using all the deductions above still has to guess.
TARGET = {"easy": CONTRADICT, "medium": GROUP, "hard": GUESS}
# The highest score a board can have (see generate_regions): a board with it cannot
# be beaten, so best-of-N may stop (Kind.unbeatable).
BEST_SCORE = {"easy": 100, "medium": 105, "hard": 110}


def random_placement(n: int, rng: random.Random) -> list[int]:
    """Cols per row, one per column, no two queens in adjacent rows touching."""
    sol = [0] * n
    steps = [0]

    def rec(r: int, used: int) -> bool:
        steps[0] += 1
        if steps[0] > 100_000:
            raise GenerationFailed("regions: no placement within the step budget")
        if r == n:
            return True
        choices = [c for c in range(n)
                   if not used >> c & 1 and (r == 0 or abs(c - sol[r - 1]) > 1)]
        rng.shuffle(choices)
        for c in choices:
            sol[r] = c
            if rec(r + 1, used | 1 << c):
                return True
        return False

    try:
        found = rec(0, 0)
    finally:
        del rec      # it refers to itself: a cycle the rarely run collector would keep
    if not found:
        raise GenerationFailed(f"regions: no placement exists for n={n}")
    return sol


class Grid:
    """Bitmask helpers for an n x n board: cell (r, c) is bit r*n+c."""

    def __init__(self, n: int):
        self.n = n
        self.full = (1 << (n * n)) - 1
        col0 = sum(1 << (r * n) for r in range(n))
        self.not_first = self.full & ~col0               # bits that may come from c-1
        self.not_last = self.full & ~(col0 << (n - 1))   # bits that may come from c+1
        self.nbr = [self.dilate(1 << i) for i in range(n * n)]   # one cell, dilated

    def dilate(self, m: int) -> int:
        """m plus its edge neighbours."""
        n = self.n
        return (m | (m << 1) & self.not_first | (m >> 1) & self.not_last
                | m << n | m >> n) & self.full

    def flood(self, seed: int, within: int) -> int:
        """Cells of `within` connected to `seed`."""
        n, not_first, not_last = self.n, self.not_first, self.not_last
        cur = seed & within            # `within` is inside the board: no & full
        while True:
            nxt = (cur | (cur << 1) & not_first | (cur >> 1) & not_last
                   | cur << n | cur >> n) & within
            if nxt == cur:
                return cur
            cur = nxt


@cache
def grid_for(n: int) -> Grid:
    """The Grid of each size, built once (it is never changed)."""
    return Grid(n)


def _bits(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


def grow_regions(n: int, sol: list[int], rng: random.Random) -> list[int]:
    """Region masks; region g starts at the queen of row g. Regions take free
    neighbouring cells one at a time: half the time the smallest region grows
    (keeps sizes even), half the time a random frontier cell (irregular shapes)."""
    grid = grid_for(n)
    nbr = grid.nbr
    regs = [1 << (r * n + sol[r]) for r in range(n)]
    grown = [nbr[r * n + sol[r]] for r in range(n)]   # dilate(regs[g]), kept up to date
    size = [1] * n
    free = grid.full
    for m in regs:
        free &= ~m
    while free:
        frontier = [m & free for m in grown]
        growing = [g for g in range(n) if frontier[g]]
        if rng.random() < 0.5:
            low = min(size[g] for g in growing)
            g = rng.choice([g for g in growing if size[g] == low])
        else:
            g = rng.choices(growing, weights=[frontier[g].bit_count() for g in growing])[0]
        i = rng.choice(_bits(frontier[g]))
        regs[g] |= 1 << i
        grown[g] |= nbr[i]
        size[g] += 1
        free &= ~(1 << i)
    return regs


def _masks_to_grid(n: int, regs: list[int]) -> list[list[int]]:
    grid = [[0] * n for _ in range(n)]
    for g, m in enumerate(regs):
        for i in _bits(m):
            grid[i // n][i % n] = g
    return grid


def _paths_out(grid: Grid, regs: list[int], owner: list[int], start: int, home: int):
    """For each other region b, a shortest path (as a mask) inside start's region
    from `start` to a cell touching b, not through the region's queen `home`.
    The path ends at the first cell (lowest bit) of the first layer that touches
    b, and walks back through the lowest-bit neighbour of each earlier layer."""
    n, not_first, not_last, full, nbr = grid.n, grid.not_first, grid.not_last, grid.full, grid.nbr
    region = regs[owner[start]]
    inside = region & ~(1 << home)
    layer = reached = 1 << start
    layers = [layer]
    found: dict[int, int] = {}
    done = region                      # cells of the region or of regions found
    while layer:
        grown = (layer | (layer << 1) & not_first | (layer >> 1) & not_last
                 | layer << n | layer >> n) & full                 # grid.dilate(layer)
        ring = grown & ~done
        while ring:
            i = (ring & -ring).bit_length() - 1
            b = owner[i]
            ring &= ~regs[b]
            done |= regs[b]
            # walk back from a cell of `layer` touching i
            cur = nbr[i] & layer
            cur &= -cur
            path = cur
            for prev in reversed(layers[:-1]):
                cur = nbr[cur.bit_length() - 1] & prev
                cur &= -cur
                path |= cur
            found[b] = path
        layer = grown & inside & ~reached
        reached |= layer
        layers.append(layer)
    return sorted(found.items())


def _moves_out(grid: Grid, regs: list[int], owner: list[int], start: int, home: int,
               parts: dict[tuple[int, int], int]) -> list[tuple[int, int, int]]:
    """The moves that hand cell `start` to another region b: for each b (in
    order) reached by a path out, the part of start's region that goes: the
    path and whatever would lose touch with the queen `home`. Moves that would
    leave the queen alone in its region are left out. Each move is (b, part, its
    cell count). `parts` caches the part (0: left out) per (region, path)."""
    region = regs[owner[start]]
    out = []
    for b, path in _paths_out(grid, regs, owner, start, home):
        part = parts.get((region, path))
        if part is None:
            keep = grid.flood(1 << home, region & ~path)
            part = parts[(region, path)] = region & ~keep if keep.bit_count() >= 2 else 0
        if part:
            out.append((b, part, part.bit_count()))
    return out


def _shape_after(regs: list[int], move: tuple) -> tuple[int, ...]:
    _, part, a, b = move
    trial = list(regs)
    trial[a] &= ~part
    trial[b] |= part
    return tuple(trial)


# long: the repair loop; its moves share the region masks held in locals
def repair(n: int, regs: list[int], sol: list[int], rng: random.Random):
    """Reshape region masks `regs` in place until `sol` is the only solution;
    returns the number of moves, or None when stuck or out of steps (caller
    restarts). Each step looks at a few rivals and makes the move that kills
    most of them: a rival queen cell (never one of ours) goes to another region,
    with the shortest path of its region's cells linking it there, and any cells
    that would lose touch with their queen."""
    grid = grid_for(n)
    home = [r * n + sol[r] for r in range(n)]          # region g holds row g's queen
    owner = [0] * (n * n)
    for g, m in enumerate(regs):
        for i in _bits(m):
            owner[i] = g
    seen = {tuple(regs)}                               # shapes visited: no cycling
    # per region: rival queen cell -> its candidate moves (see _moves_out)
    paths: list[dict[int, list[tuple[int, int, int]]]] = [{} for _ in range(n)]
    parts: dict[tuple[int, int], int] = {}
    solver = RegionsSolver.from_masks(n, regs, owner)  # follows every move below
    for step in range(REPAIR_STEPS_PER_CELL * n * n):
        res = solver.solve(limit=RIVALS + 1, budget=SOLVER_BUDGET)
        if not res.complete:
            return None
        rivals = [t for t in res.solutions if t != sol]
        if not rivals:
            return step
        moves = _scored_moves(n, grid, regs, owner, home, paths, parts, sol, rivals, rng)
        # best move to an unseen shape; of equal scores the first, as a stable
        # sort by falling score puts first (max() alone when that one is new)
        if moves:
            top = max(moves, key=itemgetter(0))
            if _shape_after(regs, top) in seen:
                moves.sort(key=lambda m: -m[0])
            else:
                moves = [top]
        for move in moves:
            _, part, a, b = move
            trial = _shape_after(regs, move)
            if trial not in seen:
                seen.add(trial)
                regs[:] = trial
                solver.move(part, a, b)
                for i in _bits(part):
                    owner[i] = b
                # moves out of a region depend on it and on the owners of the
                # cells around it: forget those of regions next to the part
                for x in range(n):
                    if x == a or x == b or grid.dilate(regs[x]) & part:
                        paths[x].clear()
                break
        else:
            return None
    return None


def _scored_moves(n: int, grid: Grid, regs: list[int], owner: list[int], home: list[int],
                  paths: list[dict[int, list[tuple[int, int, int]]]],
                  parts: dict[tuple[int, int], int],
                  sol: list[int], rivals: list, rng: random.Random) -> list[tuple]:
    """repair's candidate moves (score, part, from region, to region): a rival
    queen cell moves out of its region; more rivals killed scores higher."""
    queens: dict[int, int] = {}                   # rival queen cell -> rivals using it
    for t in rivals:
        for r in range(n):
            if t[r] != sol[r]:
                queens[r * n + t[r]] = queens.get(r * n + t[r], 0) + 1
    # used[j]: the cells used by more than j rivals, so that the rivals a
    # part kills add up as sum((part & used[j]).bit_count())
    used = [0] * len(rivals)
    for q, k in queens.items():
        for j in range(k):
            used[j] |= 1 << q
    while not used[-1]:
        used.pop()
    moves = []
    sizes = [m.bit_count() for m in regs]
    draw = rng.random
    for cell in sorted(queens):
        a = owner[cell]
        outs = paths[a].get(cell)
        if outs is None:
            outs = paths[a][cell] = _moves_out(grid, regs, owner, cell, home[a], parts)
        big = sizes[a]
        for b, part, moved in outs:
            kills = 0
            for m in used:
                kills += (part & m).bit_count()
            # kill most rivals; then move little, from big regions to small
            score = (kills * 4 + (big - sizes[b]) / n - moved + draw())
            moves.append((score, part, a, b))
    return moves


def relabel(n: int, reg: list[list[int]]) -> list[list[int]]:
    """Number regions by first appearance in reading order, so ids don't tell
    which row holds each region's queen."""
    ids: dict[int, int] = {}
    out = []
    for row in reg:
        out.append([ids.setdefault(g, len(ids)) for g in row])
    return out


def level_distance(level: int, target: int) -> int:
    """How far a grade is from a difficulty's target (easy: any level up to it)."""
    if target == CONTRADICT:
        return max(0, level - target)
    return abs(level - target)


def reshape(n: int, regs: list[int], sol: list[int], target: int, rng: random.Random,
            steps: int) -> dict:
    """Hill-climb toward the target grade: move one border cell (never a queen,
    never leaving a one-cell region or a split region) to a neighbouring region,
    keep the move if the puzzle stays unique and its grade is no further from
    the target. Returns the final grade."""
    grid = grid_for(n)
    queens = 0
    for r in range(n):
        queens |= 1 << (r * n + sol[r])

    def distance(g: dict) -> int:
        return level_distance(g["level"], target)

    current = grade(n, _masks_to_grid(n, regs))
    for _ in range(steps):
        if distance(current) == 0:
            break
        a = rng.randrange(n)
        border = grid.dilate(grid.full & ~regs[a]) & regs[a] & ~queens
        if regs[a].bit_count() < 3 or not border:
            continue
        i = rng.choice(_bits(border))
        b_choices = [b for b in range(n) if b != a and grid.dilate(1 << i) & regs[b]]
        b = rng.choice(b_choices)
        home = queens & regs[a]
        if grid.flood(home, regs[a] & ~(1 << i)) != regs[a] & ~(1 << i):
            continue
        trial = list(regs)
        trial[a] &= ~(1 << i)
        trial[b] |= 1 << i
        grid_trial = _masks_to_grid(n, trial)
        if RegionsSolver(n, grid_trial).solve(limit=2, budget=SOLVER_BUDGET).count != 1:
            continue
        g = grade(n, grid_trial)
        if distance(g) <= distance(current):
            regs[:] = trial
            current = g
    return current


def generate_regions(n: int, difficulty: str, rng: random.Random) -> dict:
    for attempt in range(RESTARTS):
        sol = random_placement(n, rng)
        regs = grow_regions(n, sol, rng)
        moves = repair(n, regs, sol, rng)
        if moves is not None:
            break
    else:
        raise GenerationFailed(f"regions: no unique {n}x{n} puzzle after {RESTARTS} restarts")
    reshape(n, regs, sol, TARGET[difficulty], rng, RESHAPE_STEPS_PER_ROW * n)
    reg = relabel(n, _masks_to_grid(n, regs))
    g = grade(n, reg)             # graded as printed (ids relabelled)
    sizes = [0] * n
    for row in reg:
        for x in row:
            sizes[x] += 1
    steps = g["steps"]
    score = 100 - 25 * level_distance(g["level"], TARGET[difficulty])
    if difficulty == "easy":      # fewer hard steps is easier
        score -= steps.get("contradiction", 0) + 2 * steps.get("group confinement", 0)
    elif difficulty == "medium":
        score += min(5, steps.get("group confinement", 0))
    else:                         # guessing early is harder
        score += 10 * (1 - g["progress"])
    one_cell = sum(1 for x in sizes if x == 1)
    score -= 15 * one_cell
    return {
        "solution": sol,
        "regions": reg,
        "givens": [],
        "grade": g,
        "one_cell_regions": one_cell,
        "repair_moves": moves,
        "restarts": attempt,
        "score": round(score, 3),
    }
