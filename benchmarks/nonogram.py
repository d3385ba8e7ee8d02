"""Nonogram generation beside Tatham's Pattern, in one run (CPU times; a shared machine).

    python benchmarks/nonogram.py [--runs 10] [--peer-runs 100] [--tree PATH]

Random grids: milliseconds per kept puzzle (one generate call: a random grid is kept only
at the grade asked, so the call includes every grid drawn and refused; the book's first
round runs 2 candidates) at 10x10, 20x20 and 30x30, each grade, beside
`sgt-pattern --generate N RxC` (its one-line-at-a-time solver proves uniqueness; no grades)
and the ratio of each grade to it (issue 29: at most 10x Tatham at the same size).
Pictures: every bundled picture at medium (its size, the givens it got, the time), and a
30x30 picture made from a PNG (issue 29: under 2 s).
`apt-get install -y sgt-puzzles` puts the peer at /usr/games/sgt-pattern.
"""
from __future__ import annotations

import argparse
import io
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.kinds.nonogram.generator import from_picture, random_grid  # noqa: E402
from publisher.kinds.nonogram.pictures import bundled, read_picture_file, resample  # noqa: E402

PEER = shutil.which("sgt-pattern") or "/usr/games/sgt-pattern"
SIZES = (10, 20, 30)


def ours(size: int, grade: str, runs: int) -> float:
    """Median CPU ms per kept random grid."""
    times = []
    for seed in range(runs):
        t = time.process_time()
        random_grid(size, size, grade, random.Random(seed))
        times.append(time.process_time() - t)
    return statistics.median(times) * 1000


def peer(size: int, runs: int) -> float | None:
    """CPU ms per puzzle of Tatham's Pattern generating `runs` puzzles in one process."""
    if not Path(PEER).exists():
        return None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([PEER, "--generate", str(runs), f"{size}x{size}"], check=True,
                   stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu / runs * 1000


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
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--peer-runs", type=int, default=100)
    parser.add_argument("--tree")
    args = parser.parse_args()
    print(f"code: {TREE}")
    print("random grids, CPU ms per kept puzzle (median of runs)")
    grades = ("easy", "medium", "hard")
    print(f"{'size':>6} {'easy':>9} {'medium':>9} {'hard':>9} {'Tatham':>9}   "
          + "  ".join(f"{g + '/Tatham':>13}" for g in grades))
    for size in SIZES:
        row = {grade: ours(size, grade, args.runs) for grade in grades}
        theirs = peer(size, args.peer_runs)
        ratios = "  ".join(f"{row[g] / theirs:12.1f}x" if theirs else f"{'n/a':>13}"
                           for g in grades)
        print(f"{size:>3}x{size:<2} {row['easy']:9.1f} {row['medium']:9.1f} {row['hard']:9.1f} "
              f"{theirs if theirs is not None else float('nan'):9.2f}   {ratios}")
    print("\npictures at medium: size, givens, grade, CPU ms")
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
