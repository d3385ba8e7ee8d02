"""Numberlink generation speed: time per unique puzzle (one candidate: cover,
SAT-proved repair, difficulty measurement) at 7x7, 10x10 and 15x15.

Run from the project root:  python benchmarks/numberlink.py [--seeds N] [--difficulty D]
Prints median and worst seconds per puzzle, mean number of paths, mean splits
made by the repair loop, mean covers tried, and mean hardness. Wall-clock time
is only measured here; it never steers generation.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds.numberlink.generator import generate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=30, help="puzzles per size (15x15: half)")
    ap.add_argument("--difficulty", default="all", choices=["easy", "medium", "hard", "all"])
    args = ap.parse_args()
    levels = ["easy", "medium", "hard"] if args.difficulty == "all" else [args.difficulty]
    print(f"{'size':>6} {'level':>7} {'n':>3} {'median s':>9} {'worst s':>8} {'paths':>6} "
          f"{'splits':>6} {'covers':>6} {'hard':>5} {'failed':>6}")
    for side in (7, 10, 15):
        n = args.seeds if side < 15 else max(1, args.seeds // 2)
        for level in levels:
            times, boards, failed = [], [], 0
            for seed in range(n):
                t = time.perf_counter()
                try:
                    boards.append(generate(side, side, level, seed))
                except GenerationFailed:
                    failed += 1
                times.append(time.perf_counter() - t)
            mean = lambda xs: statistics.mean(xs) if xs else float("nan")  # noqa: E731
            print(f"{side:>3}x{side:<2} {level:>7} {n:>3} {statistics.median(times):>9.3f} "
                  f"{max(times):>8.3f} {mean([len(b.paths) for b in boards]):>6.1f} "
                  f"{mean([b.splits for b in boards]):>6.2f} "
                  f"{mean([b.covers for b in boards]):>6.2f} "
                  f"{mean([b.hardness for b in boards]):>5.2f} {failed:>6}", flush=True)


if __name__ == "__main__":
    main()
