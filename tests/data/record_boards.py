"""Records tests/data/queens_boards_f28ce56.json (Queens boards of the generators
before the speed work; Flow boards are pinned by record_numberlink_boards.py):

    git worktree add /tmp/base f28ce56
    python tests/data/record_boards.py /tmp/base tests/data
"""
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])

from publisher.kinds.queens.classic import generate_classic  # noqa: E402
from publisher.kinds.queens.regions import generate_regions  # noqa: E402

REGIONS = [(6, "easy", 0), (8, "easy", 1), (8, "medium", 2), (8, "medium", 3), (8, "hard", 4),
           (8, "hard", 5)]
CLASSIC = [(8, "easy", 0), (8, "hard", 1), (10, "hard", 2)]


def main() -> None:
    out = Path(sys.argv[2])
    queens = []
    for n, level, seed in REGIONS:
        queens.append({"variant": "regions", "n": n, "difficulty": level, "seed": seed,
                       "board": generate_regions(n, level, random.Random(seed))})
    for n, level, seed in CLASSIC:
        queens.append({"variant": "classic", "n": n, "difficulty": level, "seed": seed,
                       "board": generate_classic(n, level, random.Random(seed))})
    (out / "queens_boards_f28ce56.json").write_text(json.dumps(queens), encoding="utf-8")


if __name__ == "__main__":
    main()
