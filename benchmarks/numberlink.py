"""Numberlink (Flow) generation speed: time per candidate (one `generate` call:
cover, SAT-proved repair, difficulty measurement; each gives a unique puzzle)
and per kept puzzle (a book keeps the best of 8 candidates) at 7x7, 9x9, 10x10
and 15x15.

Run from the project root:
    python benchmarks/numberlink.py [--seeds N] [--difficulty D] [--tree PATH]
Prints, per size and level, the median ms per candidate and per kept puzzle
(sums over disjoint groups of 8 candidates), the worst candidate, mean number of
paths, mean splits made by the repair loop, mean covers tried and mean
hardness. Times are CPU time (steadier than the wall clock on a shared
machine); they never steer generation. `--tree PATH` runs the code of another
checkout (before/after figures from one command).
Issue 16 goals (per kept puzzle, medium): 9x9 under 40 ms, 15x15 under 300 ms.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import ROOT, use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds.numberlink.generator import generate  # noqa: E402

CANDIDATES = 8          # the kind's default best-of-N


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=32, help="candidates per size (15x15: half)")
    ap.add_argument("--difficulty", default="all", choices=["easy", "medium", "hard", "all"])
    ap.add_argument("--tree", default=str(ROOT), help="checkout whose code runs")
    args = ap.parse_args()
    levels = ["easy", "medium", "hard"] if args.difficulty == "all" else [args.difficulty]
    print(f"code: {TREE}")
    print("issue 16 goals, ms per kept puzzle: 9x9 < 40, 15x15 < 300")
    print(f"{'size':>6} {'level':>7} {'n':>3} {'ms/cand':>8} {'ms/kept':>8} {'worst ms':>8} "
          f"{'paths':>6} {'splits':>6} {'covers':>6} {'hard':>5} {'failed':>6}")
    for side in (7, 9, 10, 15):
        n = args.seeds if side < 15 else max(1, args.seeds // 2)
        for level in levels:
            times, boards, failed = [], [], 0
            for seed in range(n):
                t = time.process_time()
                try:
                    boards.append(generate(side, side, level, seed))
                except GenerationFailed:
                    failed += 1
                times.append(time.process_time() - t)
            groups = [sum(times[i:i + CANDIDATES])
                      for i in range(0, len(times) - CANDIDATES + 1, CANDIDATES)]
            kept = f"{statistics.median(groups) * 1000:>8.0f}" if groups else f"{'n/a':>8}"
            mean = lambda xs: statistics.mean(xs) if xs else float("nan")  # noqa: E731
            print(f"{side:>3}x{side:<2} {level:>7} {n:>3} {statistics.median(times) * 1000:>8.1f} "
                  f"{kept} {max(times) * 1000:>8.0f} "
                  f"{mean([len(b.paths) for b in boards]):>6.1f} "
                  f"{mean([b.splits for b in boards]):>6.2f} "
                  f"{mean([b.covers for b in boards]):>6.2f} "
                  f"{mean([b.hardness for b in boards]):>5.2f} {failed:>6}", flush=True)


if __name__ == "__main__":
    main()
