"""Making a Kakuro of an exact grade. A block pattern (pattern.py); digits chosen run by
run, each run's sum picked among those its free cells can make so that the ladder (up to
the level asked) fills as much as it can the moment the sum is known (`construct`); then
local repair: while the ladder is stuck, change the digit of a cell it could not fill
and keep the change when the ladder fills no fewer cells. The ladder is sound, so a
filled grid has exactly one solution. A grid easier than asked is made harder the same
way (changes that keep it solvable at the level asked, until it needs that level). Each
pattern gets a share of the step budget; then a new pattern. Extreme: one solution by
the search counter, and the ladder stuck."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...errors import GenerationFailed
from ...grids.sums import ALL_DIGITS, COMBOS, DIGIT_SUM, DIGITS_OF
from .logic import LEVELS, TECHNIQUES, Contradiction, Grid, count_solutions
from .pattern import Layout, layout_of, make_pattern

EXTREME = len(LEVELS)           # rung index of "extreme": beyond the ladder


@dataclass
class Puzzle:
    layout: Layout
    digits: list[int]
    sums: list[int]
    grade: str
    hardest: str | None            # the hardest technique used; extreme: "beyond_subsets"
    techniques: dict[str, int] = field(default_factory=dict)
    steps: int = 0


def sums_of(layout: Layout, digits: list[int]) -> list[int]:
    return [sum(digits[c] for c in run) for run in layout.runs]


def _ladder(layout: Layout, digits: list[int], level: int) -> tuple[Grid, int]:
    sums: list[int | None] = list(sums_of(layout, digits))
    grid = Grid(layout.runs, sums, layout.cell_runs)
    return grid, grid.solve(level)


def _change(layout: Layout, digits: list[int], cell: int, rng: random.Random,
            greed: float = 0.5) -> int | None:
    """Give `cell` another digit its runs allow; the old digit, or None when none fits.
    With probability `greed` the digit leaving its two runs' sums the fewest digit sets
    (a person's foothold), else any."""
    used = 0
    for run in layout.cell_runs[cell]:
        for other in layout.runs[run]:
            used |= 1 << digits[other]
    choices = DIGITS_OF[ALL_DIGITS & ~used]
    if not choices:
        return None
    old = digits[cell]
    if rng.random() < greed:
        base = [sum(digits[c] for c in layout.runs[run]) - old for run in layout.cell_runs[cell]]
        sizes = [len(layout.runs[run]) for run in layout.cell_runs[cell]]

        def ways(d: int) -> int:
            return len(COMBOS[(base[0] + d, sizes[0])]) * len(COMBOS[(base[1] + d, sizes[1])])

        fewest = min(map(ways, choices))
        choices = tuple(d for d in choices if ways(d) == fewest)
    digits[cell] = rng.choice(choices)
    return old


def _repair(layout: Layout, digits: list[int], level: int, rng: random.Random,
            budget: int) -> tuple[Grid, int, int] | None:
    """Change digits where the ladder (up to `level`) is stuck until it fills the grid
    and needs `level`; (grid, hardest rung, steps) or None past `budget` steps."""
    grid, hardest = _ladder(layout, digits, level)
    for step in range(budget):
        stuck = [c for c, m in enumerate(grid.cand) if m & (m - 1)]
        if not stuck and hardest == level:
            return grid, hardest, step
        # stuck: change a cell the ladder could not fill; too easy: any cell
        cell = rng.choice(stuck or range(len(digits)))
        old = _change(layout, digits, cell, rng)
        if old is None:
            continue
        trial, rung = _ladder(layout, digits, level)
        left = trial.unsolved()
        if left < len(stuck) or (left == len(stuck) and (stuck or rung >= hardest)):
            grid, hardest = trial, rung
        else:
            digits[cell] = old
    return None


def _repair_extreme(layout: Layout, digits: list[int], rng: random.Random,
                    budget: int) -> tuple[Grid, int] | None:
    """Change digits where two solutions differ until one is left and the ladder cannot
    fill the grid."""
    for step in range(budget):
        grid, _ = _ladder(layout, digits, len(LEVELS) - 1)
        found = count_solutions(grid, 2, budget=200)
        if len(found) == 1 and not grid.solved():
            return grid, step
        differ = ([c for c in range(len(digits)) if found[0][c] != found[1][c]]
                  if len(found) == 2 else [c for c, m in enumerate(grid.cand) if m & (m - 1)]
                  if len(found) == 1 else [])
        _change(layout, digits, rng.choice(differ or range(len(digits))), rng)
    return None


def _layers(masks: list[int]) -> list[dict[int, int]]:
    """Forward layers of one-digit-per-cell placements with no repeat: after cell i,
    the digits used so far -> in how many ways."""
    layers = [{0: 1}]
    for allowed in masks:
        nxt: dict[int, int] = {}
        for used, ways in layers[-1].items():
            for d in DIGITS_OF[allowed & ~used]:
                key = used | 1 << d
                nxt[key] = nxt.get(key, 0) + ways
        layers.append(nxt)
    return layers


def _completions(layout: Layout, digits: list[int], grid: Grid, run: int,
                 rng: random.Random, count: int, level: int) -> list[list[tuple[int, int]]]:
    """Ways to give the run's cells without a digit one each (no repeat in either of
    their runs, within the solver's candidates), one per sum, the sums that leave the
    solver (its candidates) the fewest placements first: at most `count`."""
    cells = layout.runs[run]
    allowed = []
    for c in cells:
        if digits[c]:
            allowed.append(1 << digits[c])
            continue
        other = layout.cell_runs[c][1] if layout.across[run] else layout.cell_runs[c][0]
        mask = grid.cand[c]
        for o in layout.runs[other]:
            mask &= ~(1 << digits[o])
        allowed.append(mask & ALL_DIGITS)
    real = _layers(allowed)
    seen = _layers([grid.cand[c] for c in cells])[-1]
    by_sum: dict[int, int] = {}
    for used, ways in seen.items():
        by_sum[DIGIT_SUM[used]] = by_sum.get(DIGIT_SUM[used], 0) + ways
    # easy: sums of one digit set first (what the easy rung reads)
    sets = (lambda t: len(COMBOS[(t, len(cells))])) if level == 0 else (lambda t: 0)
    sums = sorted({DIGIT_SUM[m] for m in real[-1]},
                  key=lambda t: (sets(t), by_sum[t], rng.random()))
    out = []
    for total in sums[:count]:
        used = rng.choice(sorted(m for m in real[-1] if DIGIT_SUM[m] == total))
        pick = []
        for i in range(len(cells) - 1, -1, -1):         # walk back through the layers
            options = [d for d in DIGITS_OF[used & allowed[i]] if used & ~(1 << d) in real[i]]
            d = rng.choice(options)
            used &= ~(1 << d)
            if not digits[cells[i]]:
                pick.append((cells[i], d))
        out.append(pick)
    return out


def construct(layout: Layout, level: int, rng: random.Random,
              tries: int = 6) -> tuple[list[int], Grid] | None:
    """Digits chosen run by run so that the ladder (up to `level`) fills each run the
    moment its sum is known, where some choice does: the runs with the most cells
    already filled first. The digits and the ladder's state, or None at a dead end."""
    digits = [0] * len(layout.cells)
    grid = Grid(layout.runs, [None] * len(layout.runs), layout.cell_runs)
    todo = set(range(len(layout.runs)))
    while todo:
        def known(r: int) -> tuple[int, float]:
            cells = layout.runs[r]
            return (-sum(1 for c in cells if not grid.cand[c] & (grid.cand[c] - 1)),
                    rng.random())
        run = min(todo, key=known)
        todo.discard(run)
        best: tuple[int, Grid, list[tuple[int, int]]] | None = None
        for pick in _completions(layout, digits, grid, run, rng, tries, level):
            total = sum(digits[c] for c in layout.runs[run]) + sum(d for _, d in pick)
            trial = grid.copy()
            trial.set_sum(run, total)
            try:
                trial.solve(level)
            except Contradiction:
                continue
            left = sum(1 for c in layout.runs[run] if trial.cand[c] & (trial.cand[c] - 1))
            if best is None or left < best[0]:
                best = (left, trial, pick)
                if not left:
                    break
        if best is None:
            return None
        _, grid, pick = best
        for c, d in pick:
            digits[c] = d
    return digits, grid


def generate(rows: int, cols: int, level: str, symmetry: str, rng: random.Random,
             budget: int = 20_000) -> Puzzle:
    """One puzzle graded exactly `level`; GenerationFailed past `budget` repair steps
    (several patterns share it)."""
    target = (LEVELS + ("extreme",)).index(level)
    spent = 0
    while spent < budget:
        try:
            # easy needs every run to fall to unique sums: no open squares at all
            white = make_pattern(rows, cols, symmetry, rng, squares=1.0 if target == 0 else 0.5)
        except ValueError:
            spent += 50
            continue
        layout = layout_of(white)
        built = construct(layout, min(target, len(LEVELS) - 1), rng)
        if built is None:
            spent += 50
            continue
        digits = built[0]
        share = max(200, 2 * len(layout.cells))
        hardest: str | None = "beyond_subsets"
        try:
            if target == EXTREME:
                done = _repair_extreme(layout, digits, rng, min(share, budget - spent))
                if done is None:
                    spent += share
                    continue
                grid, steps = done
            else:
                made = _repair(layout, digits, target, rng, min(share, budget - spent))
                if made is None:
                    spent += share
                    continue
                grid, rung, steps = made
                hardest = TECHNIQUES[rung] if rung >= 0 else None
        except TimeoutError:
            spent += share
            continue
        return Puzzle(layout, digits, sums_of(layout, digits), level, hardest,
                      dict(sorted(grid.used.items())), spent + steps)
    raise GenerationFailed(f"no {rows}x{cols} {level} kakuro within {budget} repair steps")
