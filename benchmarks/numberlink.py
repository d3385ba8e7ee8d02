"""Numberlink (Flow) generation speed and quality: time per candidate (one `generate`
call: cover, SAT-proved repair, difficulty measurement; each gives a unique puzzle)
and per kept puzzle at 7x7, 9x9, 10x10 and 15x15.

Run from the project root:
    python benchmarks/numberlink.py [--seeds N] [--puzzles N] [--difficulty D]
                                    [--sizes 9 15] [--tree PATH] [--baseline PATH]
Per size and level:
- candidates (seeds 0..N-1 of `generator.generate`): median ms per candidate, ms for 8
  candidates (median of the sums over disjoint groups of 8: best of 8 without an early
  stop), the worst candidate, mean paths, splits made by the repair loop, covers tried,
  mean hardness and the share of candidates graded at the requested level;
- kept puzzles (`--puzzles`, each as a book makes it: the batch's seeds, the kind's
  `generate` and `unbeatable`, rounds of `batch.ROUNDS`): median CPU ms per kept puzzle,
  candidates tried, the kept board's mean score and the share kept at the requested
  level (the figures of issue 16's goals).
Times are CPU time (steadier than the wall clock on a shared machine); they never steer
generation. `--tree PATH` runs the code of another checkout; `--baseline PATH` first
runs this script on that checkout (a subprocess) and then on this one, and prints the
ratios (before/after from one command; unpack an older commit with
`git archive <commit> | tar -x -C /tmp/before`). No Flow peer is installed here to run
side by side (the other benchmarks' peers are crossword, word search and Sudoku ones).
Issue 16 goals (per kept puzzle, every level): 9x9 under 40 ms, 15x15 under 300 ms.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import ROOT, use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher import batch  # noqa: E402
from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds.numberlink import KIND, NumberlinkParams, grade  # noqa: E402
from publisher.kinds.numberlink.generator import generate  # noqa: E402
from publisher.plan import derive_seed  # noqa: E402

CANDIDATES = 8          # the kind's default best-of-N
COLUMNS = ("ms/cand", "ms/8", "ms/kept")


def candidates(side: int, level: str, n: int) -> dict[str, float]:
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
    mean = lambda xs: statistics.mean(xs) if xs else float("nan")  # noqa: E731
    return {"ms/cand": statistics.median(times) * 1000,
            "ms/8": statistics.median(groups) * 1000 if groups else float("nan"),
            "worst": max(times) * 1000, "paths": mean([len(b.paths) for b in boards]),
            "splits": mean([b.splits for b in boards]), "covers": mean([b.covers for b in boards]),
            "hard": mean([b.hardness for b in boards]),
            "at grade": mean([grade(b.hardness) == level for b in boards]), "failed": failed}


def kept_puzzles(side: int, level: str, puzzles: int) -> dict[str, float]:
    """Each puzzle as the batch makes it: rounds of candidates, stopping after the
    first round holding an unbeatable board; CPU time of the candidates tried."""
    params = NumberlinkParams(rows=side, cols=side, difficulty=level)
    cpu, tried, scores, at_grade = [], [], [], []
    for puzzle in range(puzzles):
        job_id = f"n{side}-{puzzle:03d}"
        best, start, spent = None, 0, 0.0
        while start < CANDIDATES:
            end = min(CANDIDATES, batch.round_end(start))
            final = False
            for number in range(start, end):
                t = time.process_time()
                try:
                    board = KIND.generate(params, derive_seed(1, job_id, number))
                except GenerationFailed:
                    board = None
                spent += time.process_time() - t
                if board is None:
                    continue
                if batch.better((board.score, number, board), best):
                    best = (board.score, number, board)
                final = final or KIND.unbeatable(board, params)
            start = end
            if final:
                break
        cpu.append(spent)
        tried.append(start)
        if best is not None:
            scores.append(best[2].score)
            at_grade.append(grade(best[2].hardness) == level)
    return {"ms/kept": statistics.median(cpu) * 1000, "tried": statistics.mean(tried),
            "score": statistics.mean(scores) if scores else float("nan"),
            "kept at grade": statistics.mean(at_grade) if at_grade else float("nan")}


def run(args: argparse.Namespace) -> list[dict]:
    levels = ["easy", "medium", "hard"] if args.difficulty == "all" else [args.difficulty]
    rows = []
    print(f"code: {TREE}")
    print("issue 16 goals, ms per kept puzzle (every level): 9x9 < 40, 15x15 < 300")
    print(f"{'size':>6} {'level':>7} {'n':>3} {'ms/cand':>8} {'ms/8':>7} {'worst':>6} "
          f"{'paths':>6} {'splits':>6} {'covers':>6} {'hard':>5} {'grade':>5} {'failed':>6} | "
          f"{'kept':>4} {'ms/kept':>8} {'tried':>5} {'score':>6} {'grade':>5}", flush=True)
    for side in args.sizes:
        n = args.seeds if side < 15 else max(CANDIDATES, args.seeds // 2)
        p = args.puzzles if side < 15 else max(1, args.puzzles // 2)
        for level in levels:
            row = {"side": side, "level": level, **candidates(side, level, n),
                   **kept_puzzles(side, level, p)}
            rows.append(row)
            print(f"{side:>3}x{side:<2} {level:>7} {n:>3} {row['ms/cand']:>8.1f} "
                  f"{row['ms/8']:>7.0f} {row['worst']:>6.0f} {row['paths']:>6.1f} "
                  f"{row['splits']:>6.2f} {row['covers']:>6.2f} {row['hard']:>5.2f} "
                  f"{row['at grade']:>5.0%} {row['failed']:>6} | {p:>4} {row['ms/kept']:>8.1f} "
                  f"{row['tried']:>5.2f} {row['score']:>6.2f} {row['kept at grade']:>5.0%}",
                  flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=32, help="candidates per size (15x15: half)")
    ap.add_argument("--puzzles", type=int, default=16, help="kept puzzles per size (15x15: half)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[7, 9, 10, 15])
    ap.add_argument("--difficulty", default="all", choices=["easy", "medium", "hard", "all"])
    ap.add_argument("--tree", default=str(ROOT), help="checkout whose code runs")
    ap.add_argument("--baseline", help="checkout to run first, for before/after ratios")
    ap.add_argument("--json", help=argparse.SUPPRESS)      # rows for --baseline's caller
    args = ap.parse_args()
    before = None
    if args.baseline:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "before.json"
            argv = [f"--seeds={args.seeds}", f"--puzzles={args.puzzles}",
                    f"--difficulty={args.difficulty}", "--sizes", *map(str, args.sizes)]
            print("before:", flush=True)
            subprocess.run([sys.executable, __file__, *argv, "--tree", args.baseline,
                            "--json", str(out)], check=True)
            before = json.loads(out.read_text())
        print("after:", flush=True)
    rows = run(args)
    if args.json:
        Path(args.json).write_text(json.dumps(rows))
    if before:
        print("after / before (CPU):")
        for old, new in zip(before, rows):
            ratios = "  ".join(f"{c} {new[c] / old[c]:.2f}x ({old[c]:.1f} -> {new[c]:.1f})"
                               for c in COLUMNS)
            print(f"{new['side']:>3}x{new['side']:<2} {new['level']:>7}  {ratios}")


if __name__ == "__main__":
    main()
