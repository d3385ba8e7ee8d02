"""Queens generation figures (medians; timings are noisy on a shared machine).

    python benchmarks/queens.py [--runs 20] [--tree PATH]

Per variant and size: median milliseconds to one unique puzzle, per candidate
(one generate_regions / generate_classic call, as a book makes it) and per kept
puzzle (a book keeps the best of 8 candidates: sums over disjoint groups of 8);
times are CPU time (steadier than the wall clock on a shared machine). For classic the
mean number of givens (hard = exact minimum, easy = a larger minimal set) and,
up to n = 12, the one-off cost per process of listing every solution (built
before the timed runs); for regions the share of puzzles with a one-cell region
and the grade levels.
Issue 5 prototype figures to beat: regions 4 / 59 / 320 ms (n = 8 / 10 / 12),
classic 0.3 / 10 / 250 ms (n = 8 / 12 / 16), 2.6 givens at n = 8 (minimum 2.2).
Issue 16 goal: regions n = 8 under 20 ms per kept puzzle.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import ROOT, use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.kinds.queens.classic import (  # noqa: E402
    TABLE_MAX_N, generate_classic, minimum_givens, random_solution)
from publisher.kinds.queens.regions import (  # noqa: E402
    RESTARTS, generate_regions, grow_regions, random_placement, repair)
from publisher.kinds.queens.solver import solution_table  # noqa: E402

CANDIDATES = 8          # the kind's default best-of-N
time.perf_counter = time.process_time   # CPU time: steadier on a shared machine


def ms(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1000:8.2f} ms"


def kept(seconds: list[float]) -> str:
    """Median over disjoint groups of CANDIDATES of their summed time."""
    groups = [sum(seconds[i:i + CANDIDATES])
              for i in range(0, len(seconds) - CANDIDATES + 1, CANDIDATES)]
    return f"{statistics.median(groups) * 1000:8.1f} ms" if groups else "     n/a"


def classic(n: int, runs: int) -> None:
    table = ""
    if n <= TABLE_MAX_N:
        solution_table.cache_clear()
        t = time.perf_counter()
        solution_table(n)
        table = f" | one-off table {(time.perf_counter() - t) * 1000:.0f} ms"
    unique, minima = [], []
    for seed in range(runs):
        rng = random.Random(seed)
        t = time.perf_counter()
        sol = random_solution(n, rng)
        rows, _ = minimum_givens(n, sol, rng)
        unique.append(time.perf_counter() - t)
        minima.append(len(rows))
    easy, easy_t = [], []
    for seed in range(min(runs, 10)):
        t = time.perf_counter()
        easy.append(len(generate_classic(n, "easy", random.Random(seed))["givens"]))
        easy_t.append(time.perf_counter() - t)
    print(f"classic n={n:2}: unique (exact minimum givens) {ms(unique)}"
          f" | mean givens {statistics.mean(minima):.2f}"
          f" | easy candidate {ms(easy_t)}, mean givens {statistics.mean(easy):.2f}{table}")


def regions(n: int, runs: int) -> None:
    unique = []
    for seed in range(runs):
        rng = random.Random(seed)
        t = time.perf_counter()
        for _ in range(RESTARTS):
            sol = random_placement(n, rng)
            regs = grow_regions(n, sol, rng)
            if repair(n, regs, sol, rng) is not None:
                break
        unique.append(time.perf_counter() - t)
    print(f"regions n={n:2}: unique (ungraded) {ms(unique)}")
    for level in ("easy", "medium", "hard"):
        full, one_cell, levels = [], 0, Counter()
        for seed in range(runs):
            t = time.perf_counter()
            board = generate_regions(n, level, random.Random(seed))
            full.append(time.perf_counter() - t)
            sizes = Counter(g for row in board["regions"] for g in row)
            one_cell += min(sizes.values()) == 1
            levels[board["grade"]["level"]] += 1
        print(f"  {level:6} candidate {ms(full)}, kept puzzle {kept(full)}"
              f" | one-cell-region share {one_cell / runs:.0%}"
              f" | grade levels {dict(sorted(levels.items()))}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=24)
    ap.add_argument("--tree", default=str(ROOT), help="checkout whose code runs")
    args = ap.parse_args()
    print(f"code: {TREE}")
    print("issue 16 goal: regions n=8 under 20 ms per kept puzzle")
    for n in (8, 10, 12, 16):
        classic(n, args.runs if n < 16 else max(5, args.runs // 4))
    for n in (8, 10, 12):
        regions(n, args.runs)


if __name__ == "__main__":
    main()
