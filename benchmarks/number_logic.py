"""Latin-square kinds beside Simon Tatham's generators, in one run (issue 28).

    python benchmarks/number_logic.py [--runs 10] [--peer-runs 10] [--only futoshiki]
        [--tree PATH]

Per kind, size and level: CPU milliseconds per kept puzzle (one `generate` call: each
is graded exactly and kept), mean and median, with the clue counts; then Tatham's
generator at the nearest size and level (`sgt-unequal`, `sgt-towers`, `sgt-keen` from
Debian's sgt-puzzles, `--generate N`), CPU time of the child process per puzzle, its
start-up left out (benchmarks/_peer.py).
Level pairs: ours easy/medium/hard/expert/extreme beside Unequal trivial/easy/tricky/
extreme/recursive, Towers easy/hard/extreme/unreasonable and Keen easy/normal/hard/
extreme/unreasonable (the nearest by name: his levels are his own ladders), but beside
his extreme where his top level takes seconds a puzzle (9x9 Unequal and Towers). Issue 28
targets: Calcudoku 9x9 hard under 300 ms, Futoshiki 9x9 hard under 100 ms, Skyscrapers
6x6 hard under 100 ms, and at most 10x Tatham's time.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _peer import cpu_per_puzzle  # noqa: E402
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.kinds import all_kinds  # noqa: E402

# (kind, size, level, Tatham's program, his params)
ROWS = [
    ("futoshiki", 5, "medium", "unequal", "5de"),
    ("futoshiki", 7, "hard", "unequal", "7dk"),
    ("futoshiki", 7, "extreme", "unequal", "7dr"),
    ("futoshiki", 9, "easy", "unequal", "9dt"),
    ("futoshiki", 9, "hard", "unequal", "9dk"),
    ("futoshiki", 9, "expert", "unequal", "9dx"),
    ("futoshiki", 8, "extreme", "unequal", "8dr"),
    # his recursive 9x9 takes seconds a puzzle: beside his extreme
    ("futoshiki", 9, "extreme", "unequal", "9dx"),
    ("skyscrapers", 5, "easy", "towers", "5de"),
    ("skyscrapers", 6, "hard", "towers", "6dh"),
    ("skyscrapers", 6, "extreme", "towers", "6du"),
    ("skyscrapers", 7, "medium", "towers", "7dh"),
    ("skyscrapers", 8, "extreme", "towers", "8du"),
    ("skyscrapers", 9, "extreme", "towers", "9dx"),     # his 9du: as above
    ("calcudoku", 6, "medium", "keen", "6dn"),
    ("calcudoku", 9, "hard", "keen", "9dh"),
    ("calcudoku", 9, "expert", "keen", "9dx"),
    ("calcudoku", 8, "extreme", "keen", "8du"),
    ("calcudoku", 9, "extreme", "keen", "9du"),
]


def ours(kind_name: str, size: int, level: str, runs: int) -> tuple[list[float], list[float]]:
    kind = all_kinds()[kind_name]
    params = kind.params_model(size=size, difficulty=level)
    times, clues = [], []
    for seed in range(runs):
        t = time.process_time()
        board = kind.generate(params, seed)
        times.append(time.process_time() - t)
        clues.append(-board.score)
    return times, clues


def tatham(program: str, params: str, runs: int) -> float | None:
    """CPU seconds per puzzle of `sgt-<program> --generate runs params`, start-up left out
    (benchmarks/_peer.py)."""
    path = shutil.which(f"sgt-{program}") or f"/usr/games/sgt-{program}"
    if not Path(path).exists():
        return None
    return cpu_per_puzzle(lambda n: [path, "--generate", str(n), params], runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--peer-runs", type=int, default=10,
                        help="puzzles in Tatham's first batch (grown where they are quick)")
    parser.add_argument("--only", default=None, help="one kind")
    parser.add_argument("--tree", default=None, help="another checkout's code")
    args = parser.parse_args()
    known = all_kinds()
    print(f"{'kind':12} {'size':>4} {'level':8} {'mean':>9} {'median':>9} {'clues':>6}   "
          f"Tatham {'':14} ratio")
    for kind, size, level, program, params in ROWS:
        if kind not in known or (args.only and kind != args.only):
            continue
        times, clues = ours(kind, size, level, args.runs)
        theirs = tatham(program, params, args.peer_runs)
        mean = statistics.mean(times) * 1000
        peer = "not installed" if theirs is None else f"{program} {params:4} {theirs * 1000:7.1f} ms"
        ratio = "" if not theirs else f"{mean / (theirs * 1000):6.1f}x"
        print(f"{kind:12} {size:4} {level:8} {mean:6.1f} ms {statistics.median(times) * 1000:6.1f} ms "
              f"{statistics.mean(clues):6.1f}   {peer:24} {ratio}", flush=True)


if __name__ == "__main__":
    main()
