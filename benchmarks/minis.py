"""A desk's month of daily minis from clued words: build time, the days that took an
earlier answer again (the relaxed retry) and the answers repeated within the window.

    python benchmarks/minis.py [--size 7] [--days 30] [--window 30] [--language en]
                               [--workers 2] [--seed 5] [--tree PATH]

Builds a dated run (`schedule:`, `repeat_window_days:`) of one blocked crossword a day
with `fill_from: clued`, as a desk would. `--tree` runs another checkout's code (before
and after from one command). A build that fails prints its error and the time it took.
Repeats are counted from the manifest with plain json (no code of the engine).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

import yaml  # noqa: E402

from publisher.errors import PublisherError  # noqa: E402
from publisher.pipeline import build_book  # noqa: E402

RELAXED = "answer(s) of the book's earlier grids again"


def repeats_within(puzzles: list[dict], window: int) -> int:
    """Answers that come again less than `window` days after their last day."""
    last: dict[str, date] = {}
    count = 0
    for puzzle in puzzles:
        day = date.fromisoformat(puzzle["date"])
        for entry in puzzle["entries"]:
            seen = last.get(entry["answer"])
            count += seen is not None and (day - seen).days < window
            last[entry["answer"]] = day
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=7)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--window", type=int, default=30)
    parser.add_argument("--language", default="en")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--tree", default=None)
    args = parser.parse_args()
    spec = {"title": "Minis", "seed": args.seed, "language": args.language,
            "schedule": {"start": "2027-01-01", "days": args.days},
            "repeat_window_days": args.window,
            "sections": [{"kind": "crossword", "style": "blocked", "size": args.size,
                          "clues": f"{args.language}/clues", "fill_from": "clued",
                          "title": "Mini {date}"}]}
    print(f"{TREE}: {args.days} days of {args.size}x{args.size} {args.language} minis, "
          f"window {args.window}, {args.workers} workers", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "minis.yaml"
        path.write_text(yaml.safe_dump(spec), encoding="utf-8")
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            result = build_book(path, Path(tmp) / "out", workers=args.workers)
        except PublisherError as e:
            print(f"failed after {time.perf_counter() - wall:.1f} s: {str(e)[:300]}")
            return
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    relaxed = sum(any(RELAXED in w for w in o.kept.warnings) for o in result.outcomes)
    generating = sum(o.seconds for o in result.outcomes)
    print(f"built in {wall:.1f} s wall ({cpu:.1f} s CPU here, {generating:.1f} s CPU "
          f"generating); {relaxed} of {len(puzzles)} days took earlier answers again; "
          f"{repeats_within(puzzles, args.window)} answers repeated within "
          f"{args.window} days")


if __name__ == "__main__":
    main()
