"""Codeword generation: seconds per kept puzzle (CPU time; a shared machine).

    python benchmarks/codeword.py [--seeds 8] [--sizes 13 15] [--tree PATH]

Per language and size: every seed's candidate timed (fill, letters pinned, givens chosen
and proved by propagation); a candidate that no `givens` letters decode counts as refused.
Prints seconds per kept puzzle (all time, refused candidates included, over the kept
ones), how many were kept, and the letters kept grids lacked on average. The fill list's
index is built first and not counted (a book builds it once per process). No peer: the
open codeword projects we found only solve them.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.ground.catalogue import catalogue  # noqa: E402
from publisher.kinds.codeword.make import CodewordFailed, common_index, make_codeword  # noqa: E402
from publisher.kinds.codeword.solve import words_by_shape  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--sizes", type=int, nargs="+", default=[13, 15])
    parser.add_argument("--givens", type=int, default=2)
    parser.add_argument("--tree")
    args = parser.parse_args()
    print(f"{'lang':5}{'size':>5}{'kept':>7}{'s/kept':>9}{'lacking':>9}")
    for language in ("en", "es", "ru"):
        fill = TREE / "wordlists" / language / "fill.txt"
        stamp = fill.stat().st_mtime
        common_index(str(fill), stamp)
        words_by_shape(str(fill), stamp)
        alphabet = catalogue(language).alphabet
        for size in args.sizes:
            kept, lacking = 0, []
            start = time.process_time()
            for seed in range(args.seeds):
                try:
                    made = make_codeword(size, args.givens, alphabet, str(fill), seed)
                except CodewordFailed:
                    continue
                kept += 1
                lacking.append(len(made.missing))
            spent = time.process_time() - start
            per = f"{spent / kept:.2f}" if kept else "-"
            mean = f"{statistics.mean(lacking):.1f}" if lacking else "-"
            print(f"{language:5}{size:>5}{kept:>4}/{args.seeds:<2}{per:>9}{mean:>9}")


if __name__ == "__main__":
    main()
