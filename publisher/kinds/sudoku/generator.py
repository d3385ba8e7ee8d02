"""Making one puzzle: a random full grid, then givens removed orbit by orbit
(orbits of the requested symmetry, so the givens keep it), then graded; kept
only when the grade is exactly the requested level.

Each removal is kept only when the puzzle is still proved unique: by the
technique ladder up to the level's tier (every technique is sound), or, for
a dig "to the bone", by singles or else a search for any other solution
(unavoidable two-value sets reject most bad removals first). A puzzle dug too
hard gets orbits back (givens only make it easier) until it needs exactly the
level; classic medium and hard instead dig towards the level (_dig_towards:
stop at the first removal that reaches it, dig on with its ladder, and take
back the last removals of a dig that missed, or for medium swap one orbit
of a dig that ended easy). Budgets are attempts (full
grids) and search nodes, never time.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache, partial

from publisher.errors import GenerationFailed

from .grader import LEVELS, Grade, grade, solvable, solvable_settled
from .grader_util import cells_of
from .layouts import CAGE_SIZES, jigsaw_regions, killer_cages
from .propagate import engine
from .shapes import BOX_SHAPES, Geometry, box_regions, symmetry_orbits
from .solver import other_solution, random_solution
from .unavoidable import two_value_sets


@dataclass
class Puzzle:
    size: int
    variant: str
    difficulty: str
    symmetry: str
    givens: list[int]                       # row-major, 0 = empty
    solution: list[int]
    regions: list[list[int]]                # region id per cell (boxes unless jigsaw)
    cages: list[list[int]] = field(default_factory=list)   # cell indices per cage
    sums: list[int] = field(default_factory=list)
    grade: Grade | None = None
    score: float = 0.0
    attempts: int = 0


# The dig's test per level: the ladder up to that tier, or the exact counter (4)
# followed by putting givens back (measured fastest per kept puzzle, see
# benchmarks/sudoku.py). Extra houses (X, jigsaw) make medium common enough to
# dig for it directly.
DIG_TIER = {"classic": [0, 4, 4, 4, 4], "x": [0, 1, 4, 4, 4], "jigsaw": [0, 1, 3, 4, 4],
            "killer": [0, 1, 2, 3, 4]}


DIGS_PER_GRID = 6
TOWARDS_TRIES = 12          # digs per grid towards medium or hard


def attempt_budget(size: int, difficulty: str, variant: str) -> int:
    """How many full grids one request may try before it fails."""
    tier = LEVELS.index(difficulty)
    base = {4: 60, 6: 400, 8: 80, 9: 40, 12: 6, 16: 3}[size]
    if tier >= 3 and size >= 12:
        base = 2
    if tier == 4 and size <= 9:
        base *= 3               # about one counter-dug 9x9 grid in 15 is extreme
    if variant == "killer" and tier == 4:
        base = max(2, base // 3)
    if variant == "killer" and tier == 3:
        base *= 4               # innies and outies (hard) settle many would-be experts
    return base


def counter_budget(size: int) -> int:
    return {4: 10 ** 4, 6: 10 ** 4, 8: 2 * 10 ** 4, 9: 2 * 10 ** 4, 12: 2 * 10 ** 4,
            16: 2 * 10 ** 4}[size]


@lru_cache(maxsize=None)
def _standard(size: int, diagonals: bool) -> Geometry:
    """Boxed geometries are shared (their grader tables are built once)."""
    return Geometry(size, box_regions(size), diagonals=diagonals)


# Killer cage sizes by level: bigger cages tell less, so harder puzzles use them
# (with small cages the cage sums and the 45 rule settle nearly every grid).
# A 9x9 extreme is dug by the exact counter, which small cages keep fast.
BIG_CAGES = (3, 4, 4, 5, 5, 6, 6)


def killer_cage_sizes(size: int, tier: int) -> tuple[int, ...]:
    return BIG_CAGES if tier == 3 or (tier == 4 and size <= 6) else CAGE_SIZES


def _fill(size: int, variant: str, rng: random.Random,
          tier: int = 0) -> tuple[Geometry, list[int]]:
    """A geometry and a full grid valid for it. Jigsaw regions are grown from a
    boxed grid by swapping equal values, so the grid stays valid."""
    geom = _standard(size, variant == "x")
    solution = random_solution(geom, rng)
    if solution is None:
        raise GenerationFailed(f"no {size}x{size} {variant} grid could be filled; "
                               "try another size")
    if variant == "jigsaw":
        boxes = box_regions(size)
        regions = boxes
        while regions == boxes:
            regions = jigsaw_regions(size, rng, solution)
        geom = Geometry(size, regions)
    elif variant == "killer":
        geom = Geometry(size, geom.regions, cages=killer_cages(size, solution, rng,
                                                              killer_cage_sizes(size, tier)))
    return geom, solution


# long: the dig's test and sweep share its state (givens, kept, learnt sets) as closures
def _dig(geom: Geometry, solution: list[int], orbits: list[list[int]], tier: int,
         sums: list[int] | None, rng: random.Random,
         must_keep: list[list[int]] | None = None,
         path: list[tuple[list[int], bool]] | None = None,
         start: list[int] | None = None, start_easy: bool = True,
         aim: int = 0, easy_sets: list[int] | None = None,
         misses: list[tuple[list[int], int]] | None = None,
         start_reached: bool = False) -> tuple[list[int], bool, bool]:
    """Remove orbits in random order while the test of `tier` still proves the
    puzzle unique (the ladder up to that tier, or the counter for 4).
    `must_keep`: per cell, the cell sets holding it that need a given (learnt
    here too, shared by the digs of one grid). `path`: gets each removal kept
    and whether singles still solved the puzzle after it. `start`: givens to
    dig from (`start_easy`: singles solve them), else the full grid. `aim`
    (with tier 4): once the puzzle needs exactly that tier, dig on with its
    ladder; stop at the first removal that makes it harder than that.
    `easy_sets`: given cells (bitsets) of puzzles singles solve, from earlier
    digs of this grid: a puzzle giving all the cells of one is solved too.
    `misses`: gets each removal that singles could not follow and that left
    another solution (its cells, and the cells that solution changed).
    `start_reached`: `start` already needs exactly `aim`.
    Returns the givens, whether singles solve them and whether `aim` was met."""
    givens = list(start or solution)
    order = [o for o in orbits if givens[o[0]]]
    rng.shuffle(order)
    budget = counter_budget(geom.n)
    if must_keep is None:
        must_keep = sets_by_cell(geom.n * geom.n, two_value_sets(geom, solution))
    kept = 0                                         # cells still given, as a bitset
    for c, v in enumerate(givens):
        if v:
            kept |= 1 << c
    fast = None if geom.cages else engine(geom)
    used = fast.house_values(givens) if fast is not None else []   # per house, given values
    easy = start_easy                                # singles solve the current puzzle
    reached, stop = start_reached, False

    def keeps(test_tier: int, freed: list[int], grouped: bool) -> bool:
        nonlocal easy, reached, stop
        for c in freed:                              # a swappable set left empty
            for cells in must_keep[c]:
                if not cells & kept:
                    return False
        # singles finishing it proves it unique at a fraction of a search's cost;
        # from a puzzle singles solve, it is enough that they fill the freed cells.
        # Once singles fail they fail for every smaller puzzle: not tried again.
        stuck = None
        if easy:
            if easy_sets and any(kept & cells == cells for cells in easy_sets):
                return True
            if fast is not None:
                if fast.refilled(givens, used, freed, solution):
                    return True
                solved, stuck = fast.singles_state(givens, freed, used)
                if solved:
                    return True
            elif solvable(geom, givens, 0, sums):
                return True
            if aim and grouped:
                return False            # its orbits are tried one by one later
        if test_tier == 0:
            return False
        if fast is not None and stuck is None:
            stuck = fast.singles_state(givens, None, used)[1]
        # where singles stop, kept for the ladder (the counter uses its copy up)
        settled = None if stuck is None else (stuck[0][:], stuck[1][:], stuck[2])
        ladder = partial(_ladder, geom, givens, sums, settled)
        if test_tier == 4 or fast is not None:
            # the counter also rules out most removals for the ladder, faster
            # than the ladder getting stuck, and learns which cells need a given
            other = other_solution(geom, givens, solution, freed, sums, budget, stuck)
            if other is not None and other is not solution:
                differ = 0                  # these cells need a given from now on
                for c, v in enumerate(other):
                    if v != solution[c]:
                        differ |= 1 << c
                for c in cells_of(differ):
                    must_keep[c].insert(0, differ)
                if misses is not None and easy:
                    misses.append((freed, differ))
                return False
            if test_tier == 4:
                if other is not None:
                    return False
                if aim:                 # harder now: still within reach of `aim`?
                    if not ladder(aim):
                        stop = True
                        return False
                    reached = aim == 1 or not ladder(aim - 1)
                easy = False
                return True
        if ladder(test_tier):
            easy = False
            return True
        return False

    cell_units = fast.cell_units if fast is not None else [() for _ in givens]

    def sweep(candidates: list[list[int]], test_tier: int, chunk: int) -> list[list[int]]:
        nonlocal kept
        failed: list[list[int]] = []
        for i in range(0, len(candidates), chunk):
            if stop:
                break
            group = candidates[i:i + chunk]
            cells = [c for orbit in group for c in orbit]
            mask = 0
            for c in cells:
                givens[c] = 0
                mask |= 1 << c
                for u in cell_units[c]:
                    used[u] ^= 1 << (solution[c] - 1)
            kept ^= mask
            if not keeps(aim if reached else test_tier, cells, chunk > 1):
                for c in cells:
                    givens[c] = solution[c]
                    for u in cell_units[c]:
                        used[u] |= 1 << (solution[c] - 1)
                kept |= mask
                failed.extend(group)
            elif path is not None:
                path.append((cells, easy))
        return failed

    # big early chunks: most early removals succeed, so test several at once
    sweep(sweep(order, tier, 4) if len(order) > CHUNKED else order, tier, 1)
    return givens, easy, reached


def _ladder(geom: Geometry, givens: list[int], sums: list[int] | None,
            settled: tuple[list[int], list[int], int] | None, upto: int) -> bool:
    """solvable(), from where singles stopped for `givens` when known."""
    if settled is None:
        return solvable(geom, givens, upto, sums)
    return solvable_settled(geom, settled[0][:], settled[1][:], settled[2], upto)


# how many of the last removals a dig that missed the level takes back
# before it digs again in another order (the early removals are the easy part)
BACKTRACK = 8
CHUNKED = 30                # orbits left to dig from, above which it starts in groups of four


def _removed(base: list[int], path: list[tuple[list[int], bool]], upto: int) -> list[int]:
    """`base` with the first `upto` removals of `path` made."""
    givens = list(base)
    for cells, _ in path[:upto]:
        for c in cells:
            givens[c] = 0
    return givens


def _dig_towards(geom: Geometry, solution: list[int], orbits: list[list[int]], tier: int,
                 rng: random.Random, must_keep: list[list[int]], tries: int) -> list[int] | None:
    """A puzzle needing exactly `tier` (medium or hard) from a grid without
    cages: dig with the counter until the puzzle needs exactly `tier`, then on
    with the ladder up to it. A dig that misses (never got there, or jumped
    past it) takes back its last removals before the puzzle stopped being
    easy and digs again from there in another order; for medium, a dig that
    ended easy first tries swapping one orbit (_swap_towards) and digs on
    from a swap that needs exactly medium."""
    base = list(solution)
    easy_sets: list[int] = []           # the givens of easy puzzles dug so far
    for _ in range(tries):
        path: list[tuple[list[int], bool]] = []
        misses: list[tuple[list[int], int]] = []
        givens, easy, reached = _dig(geom, solution, orbits, 4, None, rng, must_keep, path,
                                     base, aim=tier, easy_sets=easy_sets, misses=misses)
        if reached:
            return givens
        if easy:
            easy_sets.append(sum(1 << c for c, v in enumerate(givens) if v))
        if easy and tier == 1:          # measured: hard puzzles scored lower with swaps
            swapped = _swap_towards(geom, solution, orbits, tier, givens, misses, must_keep)
            if swapped is not None:
                return _dig(geom, solution, orbits, 4, None, rng, must_keep, None, swapped,
                            False, aim=tier, start_reached=True)[0]
        first_hard = next((k for k, (_, easy) in enumerate(path) if not easy), len(path))
        base = _removed(base, path, max(0, first_hard - BACKTRACK))
    return None


SWAP_TESTS = 12             # swaps tried from a dig that bottomed out easy


def _swap_towards(geom: Geometry, solution: list[int], orbits: list[list[int]], tier: int,
                  givens: list[int], misses: list[tuple[list[int], int]],
                  must_keep: list[list[int]]) -> list[int] | None:
    """From an easy puzzle no removal keeps unique: the same number of
    orbits with one swapped, needing exactly `tier`, or None. A removal
    singles could not follow left another solution; an orbit put back among
    the cells where that solution differs may rule it out."""
    fast = engine(geom)
    budget = counter_budget(geom.n)
    removed = [o for o in orbits if not givens[o[0]]]
    given_mask = sum(1 << c for c, v in enumerate(givens) if v)
    tests = 0
    for freed, differ in reversed(misses):
        if any(not givens[c] for c in freed):
            continue
        freed_mask = sum(1 << c for c in freed)
        without: tuple[list[int], list[int], int] | None = None
        for back in removed:
            if not any(differ >> c & 1 for c in back):
                continue
            kept = (given_mask | sum(1 << c for c in back)) & ~freed_mask
            if any(not cells & kept for c in freed for cells in must_keep[c]):
                continue
            if tests >= SWAP_TESTS:
                return None
            tests += 1
            if without is None:
                # singles stop without `freed` (a miss); with `back`, they go on from there
                base = list(givens)
                for c in freed:
                    base[c] = 0
                without = fast.singles_state(base)[1]
                assert without is not None, "a miss leaves singles stuck"
            cand, values, left = without[0][:], without[1][:], without[2]
            queue = []
            for c in back:
                if not values[c]:
                    cand[c] = 1 << (solution[c] - 1)
                    queue.append(c)
            # singles solve the easy puzzle with `back` given: enough that they place `freed`
            left = fast.propagate(cand, values, queue, left, freed, 0)
            if left == 0:
                continue
            trial = list(givens)
            for c in back + freed:
                trial[c] = solution[c] if c in back else 0
            settled = (cand[:], values[:], left)
            # unique with `back` given (it holds the easy puzzle): only `freed` can differ
            other = other_solution(geom, trial, solution, freed, None, budget,
                                   (cand, values, left))
            if other is not None:
                if other is not solution:
                    differ2 = sum(1 << c for c, v in enumerate(other) if v != solution[c])
                    for c in cells_of(differ2):
                        must_keep[c].insert(0, differ2)
                continue
            if solvable_settled(geom, *settled, tier) and (
                    tier == 1 or not solvable(geom, trial, tier - 1)):
                return trial
    return None


def sets_by_cell(cells: int, sets: list[int]) -> list[list[int]]:
    """Cell bitsets indexed by each cell they hold (a removal need only check
    the sets holding a freed cell: the others keep their given)."""
    out: list[list[int]] = [[] for _ in range(cells)]
    for bits in sets:
        for c in cells_of(bits):
            out[c].append(bits)
    return out


def _fill_back(geom: Geometry, solution: list[int], givens: list[int],
               orbits: list[list[int]], tier: int, sums: list[int] | None,
               rng: random.Random, passes: int = 1) -> bool:
    """Put removed orbits back in a random order (givens only make a puzzle
    easier) until the puzzle needs exactly `tier`; an orbit that makes it too
    easy is left out. Since solvability only grows as orbits come back, the
    first orbit that makes it solvable is found by bisection. A few passes in
    different orders, each from the dug puzzle; on success `givens` holds the
    result."""
    removed = [o for o in orbits if not givens[o[0]]]

    def with_orbits(base: list[int], extra: list[list[int]]) -> list[int]:
        trial = list(base)
        for orbit in extra:
            for c in orbit:
                trial[c] = solution[c]
        return trial

    for _ in range(passes):
        rng.shuffle(removed)
        base, rest = list(givens), list(removed)
        while rest:
            lo, hi = 1, len(rest)          # all of them back: the full grid, solvable
            while lo < hi:
                mid = (lo + hi) // 2
                if solvable(geom, with_orbits(base, rest[:mid]), tier, sums):
                    hi = mid
                else:
                    lo = mid + 1
            trial = with_orbits(base, rest[:lo])
            if tier == 0 or not _solves(geom, trial, tier - 1, sums):
                # of the orbits put back, take out again those it can spare
                for orbit in [o for o in removed if trial[o[0]]]:
                    for c in orbit:
                        trial[c] = 0
                    if not solvable(geom, trial, tier, sums):
                        for c in orbit:
                            trial[c] = solution[c]
                givens[:] = trial
                return True
            # the lo-th orbit makes it too easy: keep those before it, skip it
            base = with_orbits(base, rest[:lo - 1])
            rest = rest[lo:]
    return False


def _solves(geom: Geometry, givens: list[int], tier: int, sums: list[int] | None) -> bool:
    """solvable(), with the fast singles test for tier 0 where it applies."""
    if tier == 0 and not geom.cages:
        return engine(geom).singles_solve(givens)
    return solvable(geom, givens, tier, sums)


def _score(geom: Geometry, givens: list[int], g: Grade, tier: int) -> float:
    n = geom.n
    share = sum(1 for v in givens if v) / (n * n)
    counts = [sum(1 for c in unit if givens[c]) for unit in geom.units]
    empty_units = sum(1 for k in counts if k == 0)
    mean = sum(counts) / len(counts)
    spread = -(sum((k - mean) ** 2 for k in counts) / len(counts)) ** 0.5 / max(mean, 1)
    few = (1 - share) * (2 + 3 * tier)
    return round(few + spread - empty_units + 0.2 * min(g.top_steps, 10), 6)


def generate_puzzle(size: int, variant: str, difficulty: str, symmetry: str,
                    rng: random.Random, attempts: int | None = None) -> Puzzle:
    """One puzzle graded exactly `difficulty`, or GenerationFailed."""
    if size not in BOX_SHAPES:
        raise ValueError(f"size {size}")
    tier = LEVELS.index(difficulty)
    limit = attempts if attempts is not None else attempt_budget(size, difficulty, variant)
    orbits = symmetry_orbits(size, symmetry)
    dig_tier = DIG_TIER[variant][tier]
    attempt = 0
    for _ in range(limit):
        geom, solution = _fill(size, variant, rng, tier)
        sums = [sum(solution[c] for c in cage) for cage in geom.cages] if geom.cages else None
        must_keep = sets_by_cell(size * size, two_value_sets(geom, solution))
        fast = not geom.cages       # `easy` from the dig is the grader's tier 0
        # a dig that misses the level is retried on the same grid in another
        # order (the cell sets learnt to need a given carry over); medium and
        # hard dig towards the level instead of digging to the bone and grading
        if fast and dig_tier == 4 and tier in (1, 2):
            attempt += 1
            found = _dig_towards(geom, solution, orbits, tier, rng, must_keep, TOWARDS_TRIES)
            if found is not None:
                g = grade(geom, found)
                if g.level == difficulty:       # always: the ladder showed it
                    return Puzzle(size, variant, difficulty, symmetry, found, solution,
                                  geom.regions, [], [], g, _score(geom, found, g, tier),
                                  attempt)
            continue
        for _ in range(DIGS_PER_GRID if fast else 1):
            attempt += 1
            givens, easy, _ = _dig(geom, solution, orbits, dig_tier, sums, rng, must_keep)
            if easy and tier and fast:
                continue            # singles solve it: easy, and givens only make it easier
            # too hard for the level? the ladder up to it says so without
            # running the harder techniques a full grade would try
            too_hard = (0 < tier < 3 and dig_tier > tier
                        and not solvable(geom, givens, tier, sums))
            if too_hard:
                if not _fill_back(geom, solution, givens, orbits, tier, sums, rng):
                    continue
                g = grade(geom, givens, sums)
            else:
                g = grade(geom, givens, sums)
                if LEVELS.index(g.level) > tier and _fill_back(geom, solution, givens,
                                                               orbits, tier, sums, rng):
                    g = grade(geom, givens, sums)
            if g.level != difficulty:
                continue
            if tier == 4:
                g.hardest = "beyond_chains"
            return Puzzle(size, variant, difficulty, symmetry, givens, solution, geom.regions,
                          [list(c) for c in geom.cages], list(sums or []), g,
                          _score(geom, givens, g, tier), attempt)
    hint = ("choose a lower difficulty" if tier else "try again with another seed")
    if size >= 12:
        hint += " or a smaller size"
    raise GenerationFailed(
        f"no {size}x{size} {variant} sudoku graded {difficulty!r} within {limit} attempts; "
        f"{hint}")
