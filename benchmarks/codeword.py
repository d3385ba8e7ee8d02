"""Codeword generation: seconds per kept puzzle (CPU time; a shared machine).

    python benchmarks/codeword.py [--seeds 8] [--sizes 9 13] [--grades easy medium hard]
                                  [--languages en es ru] [--givens 2] [--tree PATH]
    python benchmarks/codeword.py --coverage [--seeds 10] [--sizes 13 15] [--languages ...]

Per language, size and grade: every seed's candidate timed (fill, letters pinned, givens
chosen and proved by the grade's steps, up to three fills); a candidate no `givens` letters
decode at that grade counts as refused. Prints seconds per kept puzzle (all time, refused
candidates included, over the kept ones), how many were kept, and the letters kept grids
lacked on average. The fill list's
index is built first and not counted (a book builds it once per process). No peer: the
open codeword projects we found only solve them.

With --coverage: the letter coverage of the filled grid alone (no numbers, no givens),
per language and size over the seeds: letters lacking a grid on average and at most,
the mean fill-list score of the grids' words, which letters were lacking how often, and
CPU seconds per filled grid.
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
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.grids.blocked.grid import slots  # noqa: E402
from publisher.ground.catalogue import catalogue  # noqa: E402
from publisher.kinds.codeword.make import (CodewordFailed, common_index,  # noqa: E402
                                           fill_every_letter, make_codeword)
from publisher.kinds.codeword.solve import GRADES, words_by_shape  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 13])
    parser.add_argument("--grades", nargs="+", default=list(GRADES), choices=GRADES)
    parser.add_argument("--languages", nargs="+", default=["en", "es", "ru"])
    parser.add_argument("--givens", type=int, default=2)
    parser.add_argument("--tree")
    parser.add_argument("--coverage", action="store_true",
                        help="letters the filled grids lack, per language and size")
    args = parser.parse_args()
    if args.coverage:
        coverage(args)
        return
    print(f"{'lang':5}{'size':>5} {'grade':8}{'kept':>7}{'s/kept':>9}{'lacking':>9}")
    for language in args.languages:
        fill = TREE / "wordlists" / language / "fill.txt"
        stamp = fill.stat().st_mtime
        common_index(str(fill), stamp, language)
        words_by_shape(str(fill), stamp, language)
        alphabet = catalogue(language).cell_alphabet
        for size in args.sizes:
            for grade in args.grades:
                kept, lacking = 0, []
                start = time.process_time()
                for seed in range(args.seeds):
                    try:
                        made = make_codeword(size, args.givens, alphabet, str(fill), seed,
                                             language, grade)
                    except CodewordFailed:
                        continue
                    kept += 1
                    lacking.append(len(made.missing))
                spent = time.process_time() - start
                per = f"{spent / kept:.2f}" if kept else "-"
                mean = f"{statistics.mean(lacking):.1f}" if lacking else "-"
                print(f"{language:5}{size:>5} {grade:8}{kept:>4}/{args.seeds:<2}{per:>9}{mean:>9}",
                      flush=True)


def coverage(args: argparse.Namespace) -> None:
    print(f"{'lang':5}{'size':>5}{'fills':>7}{'lacking':>9}{'most':>6}{'score':>7}{'s/fill':>8}"
          "  letters lacking")
    for language in args.languages:
        fill = TREE / "wordlists" / language / "fill.txt"
        index = common_index(str(fill), fill.stat().st_mtime, language)
        alphabet = catalogue(language).cell_alphabet
        for size in args.sizes:
            lacking: list[int] = []
            scores: list[int] = []
            letters: Counter[str] = Counter()
            start = time.process_time()
            for seed in range(args.seeds):
                try:
                    grid, missing = fill_every_letter(size, alphabet, index, random.Random(seed))
                except CodewordFailed:
                    continue
                scores += [index.scores["".join(grid[r][c] for r, c in entry.cells)]
                           for entry in slots(grid)]
                lacking.append(len(missing))
                letters.update(missing)
            spent = time.process_time() - start
            per = f"{spent / len(lacking):.2f}" if lacking else "-"
            mean = f"{statistics.mean(lacking):.2f}" if lacking else "-"
            most = max(lacking, default=0)
            which = " ".join(f"{ch}:{n}" for ch, n in letters.most_common())
            score = f"{statistics.mean(scores):.1f}" if scores else "-"
            print(f"{language:5}{size:>5}{len(lacking):>4}/{args.seeds:<2}{mean:>9}{most:>6}"
                  f"{score:>7}{per:>8}  {which}", flush=True)


if __name__ == "__main__":
    main()
