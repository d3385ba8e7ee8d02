"""What the early stop of best-of-N costs in quality and saves in candidates.

    python benchmarks/early_stop.py [--puzzles 100] [--candidates 8]

For Flow 9x9 and 15x15 medium and Queens regions 8 medium (`--only TEXT`: the cases
whose label holds TEXT): every candidate of each puzzle
(book seed 1, the batch's own seeds) is generated once; the kept board is then
chosen twice from them: every candidate (best of N, as without an early stop) and as
the batch now does (rounds of batch.ROUNDS, stopping after the first round that
holds a board the kind calls unbeatable). Prints the mean score, the share of kept
boards graded at the requested difficulty and the candidates per kept puzzle.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import use_tree  # noqa: E402

use_tree(sys.argv)

from publisher import batch  # noqa: E402
from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds import get_kind  # noqa: E402
from publisher.kinds.numberlink import NumberlinkParams, grade as flow_grade  # noqa: E402
from publisher.kinds.queens import QueensParams  # noqa: E402
from publisher.kinds.queens.draw import grade as queens_grade  # noqa: E402
from publisher.plan import derive_seed  # noqa: E402

CASES: list[tuple[str, str, Any, Callable[[Any], str]]] = [
    ("Flow 9x9 medium", "numberlink", NumberlinkParams(rows=9, cols=9, difficulty="medium"),
     lambda b: flow_grade(b.hardness)),
    ("Flow 15x15 medium", "numberlink",
     NumberlinkParams(rows=15, cols=15, difficulty="medium"), lambda b: flow_grade(b.hardness)),
    ("Queens regions 8 medium", "queens",
     QueensParams(variant="regions", size=8, difficulty="medium"), queens_grade),
]


def kept(boards: list[Any], stop: Callable[[Any], bool] | None) -> tuple[Any, int]:
    """(the kept board, candidates tried): every candidate, or in rounds with a stop."""
    best, start = None, 0
    while start < len(boards):
        end = min(len(boards), batch.round_end(start))
        final = False
        for number in range(start, end):
            board = boards[number]
            if board is None:
                continue
            if batch.better((board.score, number, board), best):
                best = (board.score, number, board)
            final = final or (stop is not None and stop(board))
        start = end
        if final:
            break
    assert best is not None
    return best[2], min(start, len(boards))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=100)
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--rounds", type=int, nargs="+", action="append",
                        help="other round schedules to compare (e.g. --rounds 2 4 8)")
    parser.add_argument("--tree", help="checkout whose code runs")
    parser.add_argument("--only", help="cases whose label holds this text (e.g. 15x15)")
    args = parser.parse_args()
    schedules = [tuple(batch.ROUNDS)] + [tuple(r) for r in args.rounds or []]
    print(f"{args.puzzles} puzzles, best of {args.candidates}")
    for label, kind_name, params, grade in CASES:
        if args.only and args.only not in label:
            continue
        kind = get_kind(kind_name)
        rows: dict[str, list[tuple[float, bool, int]]] = {"every candidate": []}
        made: list[Any] = []
        for puzzle in range(args.puzzles):
            job_id = f"s1-{puzzle:03d}"
            boards = []
            for number in range(args.candidates):
                try:
                    boards.append(kind.generate(params, derive_seed(1, job_id, number)))
                except GenerationFailed:
                    boards.append(None)
            made += [b for b in boards if b is not None]
            board, tried = kept(boards, None)
            rows["every candidate"].append((board.score, grade(board) == params.difficulty,
                                            tried))
            for schedule in schedules:
                batch.ROUNDS = schedule
                board, tried = kept(boards, lambda b: kind.unbeatable(b, params))
                rows.setdefault(f"stop {schedule}", []).append(
                    (board.score, grade(board) == params.difficulty, tried))
            batch.ROUNDS = schedules[0]
        if kind_name == "numberlink":
            hardness = sorted(b.hardness for b in made)
            deciles = [hardness[len(hardness) * q // 10] for q in (1, 5, 9)]
            at = sum(grade(b) == params.difficulty for b in made) / len(made)
            print(f"{label:24} candidates: {len(made)}, {len(boards) * args.puzzles - len(made)} "
                  f"failed, hardness 10/50/90% {deciles[0]:.2f}/{deciles[1]:.2f}/"
                  f"{deciles[2]:.2f}, at the requested level {at:.1%}")
        for name, got in rows.items():
            print(f"{label:24} {name:18} mean score {statistics.mean(s for s, _, _ in got):6.2f}"
                  f"  at the requested level {sum(a for _, a, _ in got) / len(got):6.1%}"
                  f"  candidates per kept {statistics.mean(t for _, _, t in got):5.2f}")


if __name__ == "__main__":
    main()
