"""Records tests/data/numberlink_boards.json: Flow boards of the current generator (the
binary-coded proof and the shorter medium and easy paths past 10x10 changed every
board that needed a repair or is 13x13 and up; the recording before them,
numberlink_boards_f28ce56.json, was replaced; since, easy and hard candidates try up to
3 boards for one at their level, easy covers get up to 5 rounds of unhugging, and hard
drops a cover whose check needs over 4000 conflicts, which changed the hard boards and
the 9x9 and 15x15 easy ones; kept easy and hard boards scored equal or better,
benchmarks/numberlink.py):

    python tests/data/record_numberlink_boards.py . tests/data
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])

from publisher.kinds.numberlink.generator import generate  # noqa: E402

NUMBERLINK = [(7, 7, "easy", 0), (7, 7, "hard", 1), (9, 9, "easy", 2), (9, 9, "medium", 3),
              (9, 9, "medium", 4), (9, 9, "hard", 5), (8, 11, "medium", 6), (10, 10, "hard", 7),
              (12, 12, "medium", 8), (15, 15, "medium", 9), (15, 15, "easy", 10)]


def main() -> None:
    boards = []
    for rows, cols, level, seed in NUMBERLINK:
        b = generate(rows, cols, level, seed)
        boards.append({"rows": rows, "cols": cols, "difficulty": level, "seed": seed,
                       "paths": b.paths, "f0": b.f0, "f1": b.f1, "splits": b.splits,
                       "covers": b.covers, "conflicts": b.conflicts})
    (Path(sys.argv[2]) / "numberlink_boards.json").write_text(json.dumps(boards),
                                                               encoding="utf-8")


if __name__ == "__main__":
    main()
