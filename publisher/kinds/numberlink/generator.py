"""One Numberlink candidate: a random cover, repaired until SAT proves it unique.

Repair: the SAT check returns a few rival solutions. A rival differs from our
paths somewhere, so some edge of our solution is unused in it. Splitting one of
our paths at such an edge (both halves become paths with their own number)
kills that rival and can never create a new one: every solution of the split
board, with the cut edge put back, is a solution of the old board. We choose
the edge that kills the most rivals, and check again.

Difficulty (documented in the package docstring) comes from the cover's mean
path length and from `sat.deductions`: f0 = share of edge decisions made by
plain propagation, f1 = after failed-literal probing (one step of "what if").
hardness = 0.5 * (1 - f0) + 0.5 * (1 - f1), in [0, 1].
"""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from ...errors import GenerationFailed
from ..base import Board
from .cover import MIN_LEN, hugs_edge, random_cover
from .sat import check_unique, deductions, path_edges

LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

# difficulty -> (mean path length per side of the grid, target hardness); see mean_length
DIFFICULTY = {"easy": (0.8, 0.15), "medium": (1.0, 0.45), "hard": (1.6, 0.8)}

CONF_BUDGET = 400_000      # SAT conflicts per candidate, over all checks
CHECK_BUDGET = 50_000      # conflicts per check; a board that needs more is dropped
# Hard: a cover whose check needs more than this is dropped for a fresh one (15x15: such
# covers needed many repairs, each making the board easier; 16 candidates: 17k -> 9k
# conflicts, 44 -> 69 % within reach of the target; 1500 and 2500 measured no better)
HARD_CHECK_BUDGET = 4_000
MAX_COVERS = 25            # fresh covers tried per candidate
# Rounds of unhugging a cover gets (see random_cover): easy covers, of many short paths,
# kept one hugging the border in 5 of 6 tries at 15x15 (1 in 2 at 9x9); 5 rounds:
# 30 -> 11 ms per usable 15x15 cover
UNHUG_ROUNDS = {"easy": 5, "medium": 1, "hard": 1}
MAX_RIVALS = 3             # rivals fetched per check to choose a good split
# Unique boards a candidate makes to find a good one (see _measured): graded at the
# level and this near its target hardness (easy: where best-of-N may stop; hard: any
# board graded hard: asking for 0.1 made 15x15 hard 25 % slower per kept puzzle).
GRADE_TRIES = {"easy": 3, "medium": 1, "hard": 3}
GOOD_WITHIN = {"easy": 0.1, "medium": 0.1, "hard": 0.2}
# hardness below which a board grades easy, then medium; hard above (see grade())
GRADE_BOUNDS = ((0.30, "easy"), (0.625, "medium"))


def hardness_of(f0: float, f1: float) -> float:
    """The module docstring's hardness, from the two deduction shares."""
    return 0.5 * (1 - f0) + 0.5 * (1 - f1)


def grade(hardness: float) -> str:
    for bound, level in GRADE_BOUNDS:
        if hardness < bound:
            return level
    return "hard"


@dataclass
class NumberlinkBoard(Board):
    rows: int = 0
    cols: int = 0
    paths: list[list[list[int]]] = field(default_factory=list)   # [[r, c], ...] per label
    labels: list[str] = field(default_factory=list)
    difficulty: str = "medium"
    hardness: float = 0.0
    f0: float = 0.0
    f1: float = 0.0
    splits: int = 0
    covers: int = 0
    conflicts: int = 0

    def endpoints(self) -> list[tuple[str, list[int], list[int]]]:
        return [(lab, p[0], p[-1]) for lab, p in zip(self.labels, self.paths)]

    def solution_grid(self) -> list[list[str]]:
        grid = [[""] * self.cols for _ in range(self.rows)]
        for lab, p in zip(self.labels, self.paths):
            for r, c in p:
                grid[r][c] = lab
        return grid


def _best_split(paths, rivals, rows, cols, rng):
    """(path index, cut position) killing the most rivals, or None."""
    rival_edges = [{e for p in riv for e in path_edges(p)} for riv in rivals]
    best, best_key = None, None
    for pi, p in enumerate(paths):
        for k in range(MIN_LEN, len(p) - MIN_LEN + 1):
            e = (min(p[k - 1], p[k]), max(p[k - 1], p[k]))
            killed = sum(e not in re for re in rival_edges)
            if not killed:
                continue
            a, b = p[:k], p[k:]
            if hugs_edge(a, rows, cols) or hugs_edge(b, rows, cols):
                continue
            key = (killed, min(len(a), len(b)), rng.random())
            if best_key is None or key > best_key:
                best, best_key = (pi, k), key
    return best


def mean_length(difficulty: str, side: float) -> float:
    """The mean path length a cover aims at, for a grid of `side` x `side` cells."""
    per_side, _ = DIFFICULTY[difficulty]
    if difficulty == "easy" and side <= 8:
        # Small easy boards: few pairs with long paths (a child follows one line at a time).
        return 0.85 * side
    # Past 10x10 the same relative length grades harder and harder (15x15 medium had
    # hardness 0.76: one board in six graded medium; easy 0.52: none graded easy):
    # medium goes from 10 cells at 10x10 down to 7 at 15x15 (hardness 0.46), easy
    # stays near 0.7 of medium (15x15: 5.25 cells; at 4.9 one candidate in 24 failed).
    # Measured: benchmarks/numberlink.py.
    medium = max(MIN_LEN + 0.5, side if side <= 10 else max(6.0, 10 - 0.6 * (side - 10)))
    if difficulty == "medium":
        return medium
    if difficulty == "easy":
        # Big easy boards: many short paths.
        return min(max(MIN_LEN + 0.5, per_side * side), 3 + 0.3 * side,
                   max(5.25, 0.7 * medium))
    return max(MIN_LEN + 0.5, per_side * side)


def make_unique(rows: int, cols: int, difficulty: str, rng: random.Random,
                conf_budget: int = CONF_BUDGET):
    """Paths (lists of cell indices) of a board with exactly one solution, plus
    stats; raises GenerationFailed when the budgets run out."""
    n = rows * cols
    side = (rows * cols) ** 0.5
    mean_len = mean_length(difficulty, side)
    max_len = int(3 * side)
    spent = 0
    check_budget = HARD_CHECK_BUDGET if difficulty == "hard" else CHECK_BUDGET
    for cover_no in range(1, MAX_COVERS + 1):
        paths = random_cover(rows, cols, mean_len, max_len, rng, steps=5 * n,
                             unhug_rounds=UNHUG_ROUNDS[difficulty])
        if any(hugs_edge(p, rows, cols) for p in paths):
            continue
        splits = 0
        while True:
            budget = min(check_budget, conf_budget - spent)
            res = check_unique(rows, cols, paths, budget, MAX_RIVALS)
            spent += res.conflicts
            if res.status == "unique":
                if len(paths) > len(LABELS):
                    break
                return paths, {"splits": splits, "covers": cover_no, "conflicts": spent}
            if res.status == "unknown":
                if spent >= conf_budget:
                    raise GenerationFailed(f"numberlink {rows}x{cols}: SAT budget spent")
                break                        # too hard to decide: reject, fresh cover
            split = _best_split(paths, res.rivals, rows, cols, rng)
            if split is None:
                break                        # rivals differ only in short paths
            pi, k = split
            p = paths[pi]
            paths[pi:pi + 1] = [p[:k], p[k:]]
            splits += 1
    raise GenerationFailed(f"numberlink {rows}x{cols}: no unique board in {MAX_COVERS} covers")


def _measured(rows: int, cols: int, difficulty: str, rng: random.Random, conf_budget: int):
    """A unique board's paths, stats, f0 and f1. A candidate makes up to
    GRADE_TRIES[difficulty] boards until one is good (graded at the requested level,
    within GOOD_WITHIN of its target: half of the 9x9 hard boards graded medium, a
    third of the 9x9 easy ones medium and more were too easy, so best-of-N ran all its
    8 candidates for want of a board to stop at). It keeps the first good one, else the
    best (at the level first, then nearest the target); the SAT budget covers all."""
    target = DIFFICULTY[difficulty][1]
    best = None
    for _ in range(GRADE_TRIES[difficulty]):
        try:
            cells, stats = make_unique(rows, cols, difficulty, rng, conf_budget)
        except GenerationFailed:
            if best is None:
                raise
            break
        conf_budget -= stats["conflicts"]
        f0, f1 = deductions(rows, cols, cells)
        hardness = hardness_of(f0, f1)
        at_grade, off = grade(hardness) == difficulty, abs(hardness - target)
        if at_grade and off <= GOOD_WITHIN[difficulty]:
            return cells, stats, f0, f1
        if best is None or (at_grade, -off) > best[0]:
            best = ((at_grade, -off), cells, stats, f0, f1)
        if conf_budget <= 0:
            break
    assert best is not None
    return best[1:]


def generate(rows: int, cols: int, difficulty: str, seed: int,
             conf_budget: int = CONF_BUDGET) -> NumberlinkBoard:
    rng = random.Random(seed)
    cells, stats, f0, f1 = _measured(rows, cols, difficulty, rng, conf_budget)
    # Number the paths in reading order of their first endpoint; each path
    # starts at its first endpoint in reading order.
    cells = [p if p[0] < p[-1] else p[::-1] for p in cells]
    cells.sort(key=lambda p: p[0])
    paths = [[list(divmod(x, cols)) for x in p] for p in cells]
    hardness = hardness_of(f0, f1)
    board = NumberlinkBoard(rows=rows, cols=cols, paths=paths, labels=list(LABELS[:len(paths)]),
                            difficulty=difficulty, hardness=round(hardness, 4),
                            f0=round(f0, 4), f1=round(f1, 4), **stats)
    board.score = round(score(board, [len(p) for p in cells]), 4)
    return board


def score(board: NumberlinkBoard, lengths: list[int]) -> float:
    """Closeness to the difficulty's target hardness (0..100), plus a little
    for a mix of short and long paths (spread of lengths relative to the mean)."""
    _, target = DIFFICULTY[board.difficulty]
    mix = statistics.pstdev(lengths) / statistics.mean(lengths)
    return 100 * (1 - abs(board.hardness - target)) + 5 * min(mix, 1.0)
