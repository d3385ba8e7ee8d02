"""Nonogram generation beside Tatham's Pattern, in one run (CPU times; a shared machine).

    python benchmarks/nonogram.py [--runs 100] [--peer-runs 100] [--tree PATH]

Random grids: CPU milliseconds per kept puzzle (a generate call keeps a random grid only
at the grade asked, so it includes every grid drawn and refused; the book's first round
runs 2 candidates) at 10x10, 20x20 and 30x30, each grade: a batch of --runs puzzles in a
row from a fresh start (empty line tables), then the next --runs. Beside it
`sgt-pattern --generate N RxC` the same way: CPU per puzzle of a batch in one process,
its start-up (about 8 ms of CPU, more than a hundred 10x10 puzzles) left out; its
one-line-at-a-time solver proves uniqueness, no grades. Then the ratio of each grade to
it (issue 29: at most 10x Tatham at the same size), and how many grids a kept puzzle
evaluated (a random grid has the grade asked seldom: at 10x10 about one in seven is
medium, one in twenty hard). All of it twice: with the solver's C module (_native.c, as
an install with a C compiler runs) and with Python alone (an install without one: the
same puzzles). Then Tatham's own rule with our draw and stages: keep any grid the line
stages solve (easy or medium alike), the ratio at equal acceptance.
Pictures: every bundled picture at medium (its size, the givens it got, the time), and a
30x30 picture made from a PNG (issue 29: under 2 s).
`apt-get install -y sgt-puzzles` puts the peer at /usr/games/sgt-pattern.
"""
from __future__ import annotations

import argparse
import io
import random
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _peer import cpu_per_puzzle  # noqa: E402
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.kinds.nonogram import generator, lines, solver  # noqa: E402
from publisher.kinds.nonogram.generator import from_picture, random_grid  # noqa: E402
from publisher.kinds.nonogram.solver import settle_random  # noqa: E402
from publisher.kinds.nonogram.pictures import bundled, read_picture_file, resample  # noqa: E402

PEER = shutil.which("sgt-pattern") or "/usr/games/sgt-pattern"
SIZES = (10, 20, 30)


def ours(size: int, grade: str, runs: int) -> tuple[float, float, float]:
    """CPU ms per kept random grid, two batches of `runs` puzzles in a row: the first from
    a fresh start (empty line tables, as a build starts and as Tatham's batch runs in a
    fresh process), then the next (other seeds); and the grids the first batch evaluated
    per kept puzzle."""
    _empty_tables()
    real = generator.settle_random
    evaluated = [0]

    def counting(*args: Any, **kwargs: Any) -> Any:
        evaluated[0] += 1
        return real(*args, **kwargs)

    spent = []
    setattr(generator, "settle_random", counting)
    try:
        for seeds in (range(runs), range(runs, 2 * runs)):
            t = time.process_time()
            for seed in seeds:
                random_grid(size, size, grade, random.Random(seed))
            spent.append((time.process_time() - t) / runs * 1000)
            if len(spent) == 1:
                per_kept = evaluated[0] / runs
    finally:
        setattr(generator, "settle_random", real)
    _empty_tables()
    return spent[0], spent[1], per_kept


def modes() -> list[tuple[str, Any]]:
    """(name, the C module or None) for each way an install runs: with the C module when
    it is built, and with Python alone."""
    found = [("Python alone (an install without a C compiler)", None)]
    if solver.native is not None:
        found.insert(0, ("with the C module (_native.c)", solver.native))
    return found


def use(module: Any) -> None:
    solver.native = generator.native = module


def any_line_solvable(size: int, runs: int) -> tuple[float, float]:
    """Tatham's rule with our draw and stages: fresh grids (medium's density) until one the
    line stages solve, easy or medium alike; (CPU ms per kept grid from empty line tables,
    grids drawn per kept grid)."""
    _empty_tables()
    drawn = 0
    t = time.process_time()
    for seed in range(runs):
        rng = random.Random(seed)
        while True:
            drawn += 1
            data = rng.randbytes(9 * generator._plane_bytes(size, size))
            rows = generator._draw(size, size, "medium", data)
            cols = generator._columns(rows, size)
            stage, _ = settle_random([generator._clue(m, size) for m in rows],
                                     [generator._clue(m, size) for m in cols], "medium", rows)
            if stage is not None:
                break
    return (time.process_time() - t) / runs * 1000, drawn / runs


def _empty_tables() -> None:
    lines._TABLES.clear()
    lines._ARRANGEMENTS.clear()
    lines._KEPT[0] = 0
    generator._clue.cache_clear()


def peer(size: int, runs: int) -> float | None:
    """CPU ms per puzzle of Tatham's Pattern, start-up left out (benchmarks/_peer.py)."""
    if not Path(PEER).exists():
        return None
    return cpu_per_puzzle(lambda n: [PEER, "--generate", str(n), f"{size}x{size}"], runs) * 1000


def png_picture(size: int) -> tuple[str, ...]:
    """A 30x30 picture from a PNG: a house drawn with Pillow, thresholded to the grid."""
    from PIL import Image, ImageDraw
    image = Image.new("L", (300, 300), 255)
    draw = ImageDraw.Draw(image)
    draw.polygon([(150, 20), (280, 130), (20, 130)], fill=0)
    draw.rectangle((50, 130, 250, 280), fill=0)
    draw.rectangle((80, 160, 130, 210), fill=255)
    draw.rectangle((170, 190, 220, 280), fill=255)
    draw.ellipse((200, 40, 240, 80), fill=0)
    data = io.BytesIO()
    image.save(data, "PNG")
    path = Path("/tmp/nonogram-benchmark.png")
    path.write_bytes(data.getvalue())
    _, darkness = read_picture_file(path)
    assert darkness is not None
    return resample(darkness, size, size)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--peer-runs", type=int, default=100,
                        help="puzzles in Tatham's first batch (grown where they are quick)")
    parser.add_argument("--tree")
    args = parser.parse_args()
    print(f"code: {TREE}")
    grades = ("easy", "medium", "hard")
    peers = {size: peer(size, args.peer_runs) for size in SIZES}
    for mode, module in modes():
        use(module)
        rows = {size: {grade: ours(size, grade, args.runs) for grade in grades}
                for size in SIZES}
        for batch, name in enumerate((f"the first {args.runs}, from a fresh start",
                                      f"the next {args.runs}")):
            print(f"random grids {mode}, CPU ms per kept puzzle: {name} (Tatham: a batch "
                  "in one process, start-up left out)")
            print(f"{'size':>6} {'easy':>9} {'medium':>9} {'hard':>9} {'Tatham':>9}   "
                  + "  ".join(f"{g + '/Tatham':>13}" for g in grades))
            for size in SIZES:
                row = {grade: rows[size][grade][batch] for grade in grades}
                theirs = peers[size]
                ratios = "  ".join(f"{row[g] / theirs:12.1f}x" if theirs else f"{'n/a':>13}"
                                   for g in grades)
                print(f"{size:>3}x{size:<2} {row['easy']:9.2f} {row['medium']:9.2f} "
                      f"{row['hard']:9.2f} "
                      f"{theirs if theirs is not None else float('nan'):9.2f}   {ratios}")
            print()
        print("grids solved per kept puzzle (random grids have the grade asked this seldom; "
              "grids redrawn unsolved, out of the shaded band or plain, not counted): "
              + "; ".join(f"{size}x{size} " + " ".join(f"{grade} {rows[size][grade][2]:.1f}"
                                                        for grade in grades)
                          for size in SIZES))
        print(f"\nTatham's rule with our draw and stages, {mode} (keep any grid the line "
              "stages solve, easy or medium alike; from a fresh start)")
        print(f"{'size':>6} {'grids/kept':>11} {'ms/kept':>8} {'/Tatham':>8}")
        for size in SIZES:
            took, drawn = any_line_solvable(size, args.runs)
            theirs = peers[size]
            print(f"{size:>3}x{size:<2} {drawn:11.1f} {took:8.2f} "
                  + (f"{took / theirs:7.1f}x" if theirs else f"{'n/a':>8}"))
        print()
    use(modes()[0][1])
    print("pictures at medium: size, givens, grade, CPU ms")
    total = []
    for picture in bundled():
        t = time.process_time()
        puzzle = from_picture(picture.rows, "medium")
        took = (time.process_time() - t) * 1000
        total.append(took)
        print(f"  {picture.name:18} {len(picture.rows):2}x{len(picture.rows[0]):<2} "
              f"givens {len(puzzle.givens):2} (unique needs {puzzle.needed}) "
              f"{puzzle.grade:6} {took:8.1f}")
    print(f"  {len(total)} pictures: median {statistics.median(total):.1f} ms, "
          f"slowest {max(total):.1f} ms")
    t = time.process_time()
    puzzle = from_picture(png_picture(30), "medium")
    print(f"30x30 from a PNG: {(time.process_time() - t) * 1000:.1f} ms "
          f"(givens {len(puzzle.givens)}, {puzzle.grade})")


if __name__ == "__main__":
    main()
