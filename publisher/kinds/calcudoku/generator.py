"""Making one Calcudoku: a random Latin square cut into one-cell cages (which tell
everything), then the dig's counterpart: neighbouring cages merged at random, each
merge (with an operation the section allows, drawn at random) kept only while the
ladder up to the level's tier still solves the puzzle (extreme: the whole ladder,
then one merge more that a search proves keeps one solution). Kept only when the
full ladder grades it exactly the level asked.
Budgets are merges tried and digs, never time.

With givens allowed, a merge the ladder cannot take is tried again with one digit
of the merged cage shown (up to `most_givens`), so cages grow past where they
stall; at the end each given is taken away again while the puzzle still solves."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from publisher.errors import GenerationFailed

from ...grids.latin.dig import first_at_level
from ...grids.latin.grid import Grid
from ...grids.latin.ladder import LEVELS, Grade, run_ladder
from ...grids.latin.square import random_square
from .techniques import Cage, ladder, ladder_solves, proof, value_of

DIGS_PER_SQUARE = 3
SEARCH = 300                 # branches a search for another solution may take
Merge = tuple[int, int, tuple[int, ...]]       # the two cages' ids, the cells merged
OPS = {"all": ("+", "x", "-", "/"), "add": ("+",), "add_multiply": ("+", "x")}


@dataclass
class Puzzle:
    size: int
    cages: list[Cage]
    solution: list[int]
    grade: Grade
    digs: int = 0
    givens: list[int] = field(default_factory=list)     # row-major, 0 = empty; [] = none


def largest_cage(n: int) -> int:
    return 4 if n <= 6 else 5


def most_givens(n: int) -> int:
    """A few: what one dig may show at most."""
    return n // 2


def grade(n: int, cages: list[Cage], max_tier: int = 3,
          givens: list[int] | None = None) -> Grade:
    return run_ladder(Grid(n, givens), ladder(n, cages), max_tier)


def operation(values: list[int], operations: str, rng: random.Random) -> str | None:
    """A random operation the section allows for a cage of these values."""
    if len(values) == 1:
        return "="
    ops = [op for op in OPS[operations] if len(values) == 2 or op in ("+", "x")]
    if "/" in ops and max(values) % min(values):
        ops.remove("/")
    if len(values) == 2 and len(ops) > 1:       # two cells: - and / tell more, as in print
        ops += [op for op in ops if op in ("-", "/")]
    return rng.choice(ops) if ops else None


def _unlocked(givens: list[int], cells: tuple[int, ...], solution: list[int], most: int,
              solves: Callable[[list[int]], bool]) -> list[int] | None:
    """`givens` with one more digit of the cage `cells` shown that `solves`, or None
    (None too when `most` are shown)."""
    if sum(1 for v in givens if v) >= most:
        return None
    for c in cells:
        if not givens[c]:
            shown = givens[:]
            shown[c] = solution[c]
            if solves(shown):
                return shown
    return None


def _fewest(givens: list[int], solves: Callable[[list[int]], bool]) -> list[int]:
    """`givens` less each one the puzzle still `solves` without (later merges may
    have made an early one needless)."""
    for c, v in enumerate(givens):
        if v:
            fewer = givens[:]
            fewer[c] = 0
            if solves(fewer):
                givens = fewer
    return givens


# long: one merging loop whose phases (the ladder's, givens shown, the search's)
# share the cages, the givens and the merges tried
def _merge_dig(n: int, solution: list[int], operations: str, tier: int,
               rng: random.Random, with_givens: bool = False) -> Puzzle:
    owner = list(range(n * n))                  # cage id per cell
    cages: dict[int, Cage] = {c: ("=", solution[c], (c,)) for c in range(n * n)}
    givens = [0] * (n * n)
    unlocking, plain = False, None
    # extreme: merged under the whole ladder until that stalls, then merges go on
    # while one solution is proved (by the ladder, or a search where it stops); the
    # first that needs the search leaves the ladder short, and there it ends
    beyond = False

    def solved(trial: dict[int, Cage], shown: list[int]) -> bool:
        if beyond:
            return proof(n, list(trial.values()), solution, shown, (), SEARCH) is not None
        return ladder_solves(n, list(trial.values()), min(tier, 3), shown)

    def listed() -> list[Cage]:
        return sorted(cages.values(), key=lambda cage: cage[2])

    pairs = [(a, a + 1) for a in range(n * n) if a % n < n - 1] + \
            [(a, a + n) for a in range(n * n - n)]
    tried: set[tuple[int, int]] = set()
    run = 1                 # merges tested together: doubled while they pass, halved when not
    joinable: list[tuple[int, int]] | None = None     # neighbouring cages, until a merge
    while True:
        if joinable is None:
            joinable = sorted({(min(owner[a], owner[b]), max(owner[a], owner[b]))
                               for a, b in pairs if owner[a] != owner[b]})
            joinable = [(x, y) for x, y in joinable
                        if len(cages[x][2]) + len(cages[y][2]) <= largest_cage(n)]
        open_pairs = [pair for pair in joinable if pair not in tried]
        if not open_pairs:
            run = 1
            if tier == 4 and not beyond:
                beyond, tried = True, set()
                continue
            if not with_givens or unlocking:
                break
            # merging has stalled: try the stalled merges again, each able to show
            # one digit of its cage
            plain = Puzzle(n, listed(), solution, grade(n, listed()))
            unlocking, tried = True, set()
            continue
        trial, merged = _merged(cages, open_pairs, run, solution, operations, rng, tried)
        if not merged:
            continue
        proved, cells = None, merged[-1][2]
        if beyond:          # one merge at a time from here on
            proved = proof(n, list(trial.values()), solution, givens, cells, SEARCH)
            shown: list[int] | None = givens if proved else None
        else:
            shown = givens if solved(trial, givens) else None
        if shown is None and len(merged) > 1:
            run //= 2
            continue
        if shown is None:
            tried.add(merged[0][:2])
        if shown is None and unlocking:
            shown = _unlocked(givens, cells, solution, most_givens(n), partial(solved, trial))
        if shown is not None:
            cages, givens, joinable = trial, shown, None
            for x, y, cells in merged:
                for c in cells:
                    owner[c] = x
                tried = {p for p in tried if x not in p and y not in p}
            if proved == "search":
                break
            if not (unlocking or beyond):
                run *= 2
    if not any(givens):
        return Puzzle(n, listed(), solution, grade(n, listed()))
    givens = _fewest(givens, partial(solved, cages))
    shown_grade = grade(n, listed(), givens=givens)
    # the givens may make it easier than asked: then the puzzle as merging stalled
    if shown_grade.level != LEVELS[tier] and plain and plain.grade.level == LEVELS[tier]:
        return plain
    return Puzzle(n, listed(), solution, shown_grade, givens=givens)


def _merged(cages: dict[int, Cage], open_pairs: list[tuple[int, int]], run: int,
            solution: list[int], operations: str, rng: random.Random,
            tried: set[tuple[int, int]]) -> tuple[dict[int, Cage], list[Merge]]:
    """Up to `run` merges of open pairs drawn at random (no cage in two), each
    with an operation drawn for it: the cages after them, and the merges (a pair no
    operation fits goes to `tried`)."""
    batch: list[tuple[int, int]] = []
    while open_pairs and len(batch) < run:
        x, y = rng.choice(open_pairs)
        batch.append((x, y))
        open_pairs = [p for p in open_pairs if x not in p and y not in p]
    trial, merged = dict(cages), []
    for x, y in batch:
        cells = tuple(sorted(cages[x][2] + cages[y][2]))
        values = [solution[c] for c in cells]
        op = operation(values, operations, rng)
        if op is None:
            tried.add((x, y))
            continue
        del trial[y]
        trial[x] = (op, value_of(op, values), cells)
        merged.append((x, y, cells))
    return trial, merged


def dig_budget(n: int) -> int:
    return {4: 120, 5: 80, 6: 40, 7: 24, 8: 16, 9: 12}[n]


def generate(n: int, level: str, operations: str, rng: random.Random,
             givens: bool = False) -> Puzzle:
    tier, budget = LEVELS.index(level), dig_budget(n)
    got = first_at_level(level, budget, DIGS_PER_SQUARE, lambda: random_square(n, rng),
                         lambda sol: _merge_dig(n, sol, operations, tier, rng, givens),
                         lambda p: p.grade.level)
    if got is None:
        raise GenerationFailed(f"no {n}x{n} calcudoku graded {level} in {budget} digs; "
                               "choose another difficulty, size or operations")
    got[0].digs = got[1]
    return got[0]
