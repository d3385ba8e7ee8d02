"""Kakuro speed: CPU time per kept puzzle (generate() = one kept puzzle, graded exactly
the level asked), by size and level, and how many requests failed within the budget.

    python benchmarks/kakuro.py [--count 5] [--cases 15x15:medium,25x25:medium]

No peer to run beside ours: Tatham's collection has no Kakuro, and the one open
generator users name (ChrisMoutsos/kakuro) is "unusably slow" above 11x11 (issue 28).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds.kakuro.generator import generate  # noqa: E402

CASES = ("9x9:easy,9x9:medium,9x9:hard,9x9:expert,9x9:extreme,12x12:easy,12x12:medium,"
         "15x15:easy,15x15:medium,15x15:hard,15x15:expert,15x15:extreme,25x25:easy,25x25:medium,"
         "25x25:hard,25x25:expert,25x25:extreme")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--cases", default=CASES)
    args = ap.parse_args()
    print(f"{'size':>7} {'level':>8} {'median s':>9} {'max s':>7} {'failed':>6}  steps")
    for case in args.cases.split(","):
        size, level = case.split(":")
        rows, cols = map(int, size.split("x"))
        times, steps, failed = [], [], 0
        for seed in range(args.count):
            start = time.process_time()
            try:
                p = generate(rows, cols, level, "rotational", random.Random(seed))
                steps.append(p.steps)
            except GenerationFailed:
                failed += 1
            times.append(time.process_time() - start)
        print(f"{size:>7} {level:>8} {statistics.median(times):9.2f} {max(times):7.2f} "
              f"{failed:>6}  {steps}", flush=True)


if __name__ == "__main__":
    main()
