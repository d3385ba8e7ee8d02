"""Sudoku speed and honesty, side by side with QQWing and Tatham's Solo.

    python benchmarks/sudoku.py [--count 15] [--peer-count 50] [--baseline /other/checkout]
        [--killer 5] [--killer-levels easy,medium,hard,expert,extreme] [--rounds 3]
    python benchmarks/sudoku.py --book [--baseline /path/to/other/checkout]

--book: a 100-puzzle book of 9x9 classics (25 each of easy, medium, hard,
expert) built end to end by the CLI with 1 and 2 workers (CPU time of the
child processes, wall time beside it); with --baseline, the same book built
by another checkout's code in the same run, and the ratio.

Per level: time per kept 9x9 rotationally symmetric classic puzzle (with
--baseline, also by another checkout's code, same seeds, and the ratio). The
machine is shared, so CPU time is the fair figure: ours is the median CPU
time of one generate_puzzle call (= one kept puzzle); QQWing and Solo are one
`--generate N` run each, CPU time of the child process / N (mean; their start-up left
out, benchmarks/_peer.py), plus QQWing's own per-puzzle timer (median, wall clock). Then our puzzles'
uniqueness as QQWing counts it, and how our grader rates QQWing's "expert"
puzzles. --killer N: the same per-level timing for N 9x9 rotational killers
(ours and the baseline; no peer makes killers).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _peer import child_cpu, cpu_per_puzzle  # noqa: E402

from publisher.kinds.sudoku.grader import LEVELS, grade  # noqa: E402
from publisher.kinds.sudoku.shapes import Geometry, box_regions  # noqa: E402

QQWING_LEVELS = ("simple", "easy", "intermediate", "expert")
SOLO_LEVELS = {"t": "trivial", "b": "basic", "i": "intermediate", "a": "advanced",
               "e": "extreme", "u": "unreasonable"}
SOLO = shutil.which("sgt-solo") or ("/usr/games/sgt-solo"
                                    if os.path.exists("/usr/games/sgt-solo") else "")
QQWING = shutil.which("qqwing") or ""


# One level timed by a tree's own code, in a child process started in that tree
# (its `publisher` imports first); prints one JSON line.
TIMING = """
import json, random, statistics, sys, time
from publisher.kinds.sudoku.generator import generate_puzzle
level, count = sys.argv[1], int(sys.argv[2])
variant = sys.argv[3] if len(sys.argv) > 3 else "classic"
times, walls, givens, scores, lines = [], [], [], [], []
for seed in range(count):
    start, wall = time.process_time(), time.perf_counter()
    p = generate_puzzle(9, variant, level, "rotational", random.Random(seed))
    times.append(time.process_time() - start)
    walls.append(time.perf_counter() - wall)
    givens.append(sum(1 for v in p.givens if v))
    scores.append(p.score)
    lines.append("".join(str(v) if v else "." for v in p.givens))
print(json.dumps({"times": times, "walls": walls, "givens": givens, "scores": scores,
                  "lines": lines}))
"""


def timed_level(tree: str, level: str, count: int, variant: str = "classic") -> dict:
    out = subprocess.run([sys.executable, "-c", TIMING, level, str(count), variant], cwd=tree,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def ours(levels: list[str], count: int, baseline: str | None = None,
         variant: str = "classic", rounds: int = 1) -> dict[str, list[str]]:
    made: dict[str, list[str]] = {}
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    trees = [("ours", here)] + ([("baseline", os.path.abspath(baseline))] if baseline else [])
    print(f"ours (Python, this package), 9x9 {variant}: {count} puzzles per level, "
          f"seeds 0..{count - 1}"
          + (f"; baseline: {trees[1][1]}, same seeds, in the same run" if baseline else "")
          + (f"; each seed's time the least of {rounds} rounds (trees alternating)"
             if rounds > 1 else ""))
    for level in levels:
        runs: dict[str, list[dict]] = {name: [] for name, _ in trees}
        for r in range(rounds):
            for name, tree in (trees if r % 2 == 0 else trees[::-1]):
                runs[name].append(timed_level(tree, level, count, variant))
        medians = {}
        for name, _ in trees:
            got = runs[name][-1]            # the puzzles are the same every round
            times = [min(t) for t in zip(*(g["times"] for g in runs[name]))]
            walls = [min(t) for t in zip(*(g["walls"] for g in runs[name]))]
            medians[name] = statistics.median(times)
            if name == "ours":
                made[level] = got["lines"]
            print(f"  {level:<9} {name:<8} CPU median {statistics.median(times) * 1000:7.1f} ms  "
                  f"mean {statistics.mean(times) * 1000:7.1f} ms  "
                  f"(wall median {statistics.median(walls) * 1000:7.1f} ms)  "
                  f"givens {statistics.mean(got['givens']):.2f}  "
                  f"score {statistics.mean(got['scores']):.3f}")
        if baseline:
            print(f"  {level:<9} ours / baseline CPU median: "
                  f"{medians['ours'] / medians['baseline']:.2f}")
    return made


def qqwing_speed(count: int) -> None:
    print(f"QQWing {count} puzzles per level (--symmetry rotate180), start-up left out")
    for level in QQWING_LEVELS:
        command = [QQWING, "--difficulty", level, "--symmetry", "rotate180", "--csv",
                   "--timer", "--generate"]
        cpu = cpu_per_puzzle(lambda n: command + [str(n)], count)
        out = subprocess.run(command + [str(count)], capture_output=True, text=True,
                             check=True).stdout
        ms = [float(line.split(",")[1]) for line in out.splitlines()[1:]
              if line.count(",") >= 2]
        print(f"  {level:<12} CPU mean {cpu * 1000:7.1f} ms  "
              f"(own timer median {statistics.median(ms):7.1f} ms)")


def solo_speed(count: int) -> None:
    print(f"Solo {count} puzzles per level (3x3, its default 2-fold rotational symmetry), "
          "start-up left out")
    for code, name in SOLO_LEVELS.items():
        cpu = cpu_per_puzzle(lambda n: [SOLO, "--generate", str(n), f"3x3d{code}"], count)
        print(f"  {name:<12} CPU mean {cpu * 1000:7.1f} ms")


def qqwing_counts(made: dict[str, list[str]]) -> None:
    lines = [line for level in made.values() for line in level]
    out = subprocess.run([QQWING, "--solve", "--count-solutions", "--csv"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout
    counts = [int(row.split(",")[1]) for row in out.splitlines()[1:] if row.count(",") >= 2]
    print(f"uniqueness of ours by QQWing --count-solutions: {sum(c == 1 for c in counts)} of "
          f"{len(lines)} have exactly one solution (counts seen: {sorted(set(counts))})")


def qqwing_expert_rated(count: int) -> None:
    out = subprocess.run([QQWING, "--generate", str(count), "--difficulty", "expert",
                          "--symmetry", "rotate180", "--csv"],
                         capture_output=True, text=True, check=True).stdout
    geom = Geometry(9, box_regions(9))
    rated: Counter[str] = Counter()
    for line in out.splitlines()[1:]:
        text = line.split(",")[0].strip()
        if len(text) != 81:
            continue
        rated[grade(geom, [0 if ch == "." else int(ch) for ch in text]).level] += 1
    total = sum(rated.values())
    dist = ", ".join(f"{lv} {rated[lv]}" for lv in LEVELS if rated[lv])
    print(f"QQWing 'expert' rated by our grader ({total} puzzles): {dist}; "
          f"extreme share {rated['extreme'] / max(total, 1):.0%}")


BOOK_SPEC = """title: Sudoku 100
seed: 3
sections:
""" + "".join(f"  - kind: sudoku\n    difficulty: {level}\n    count: 25\n"
              for level in ("easy", "medium", "hard", "expert"))


def build_book(tree: str, workers: int, out: str) -> tuple[float, float]:
    """CPU and wall seconds of one `make-book` run of BOOK_SPEC from `tree`."""
    spec = os.path.join(out, "book100.yaml")
    with open(spec, "w", encoding="utf-8") as f:
        f.write(BOOK_SPEC)
    before, start = child_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "publisher.cli", "build", spec, "--out",
                    os.path.join(out, f"w{workers}"), "-w", str(workers), "-q"],
                   cwd=tree, check=True)
    return child_cpu() - before, time.perf_counter() - start


def book(baseline: str | None, repeat: int) -> None:
    import tempfile
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    trees = [("ours", here)] + ([("baseline", os.path.abspath(baseline))] if baseline else [])
    print(f"100-puzzle 9x9 classic book (25 per level), median of {repeat} builds, CPU of "
          "the CLI and its workers")
    medians: dict[tuple[str, int], float] = {}
    for workers in (1, 2):
        for name, tree in trees:
            cpus, walls = [], []
            for _ in range(repeat):
                with tempfile.TemporaryDirectory() as out:
                    cpu, wall = build_book(tree, workers, out)
                cpus.append(cpu)
                walls.append(wall)
            medians[name, workers] = statistics.median(cpus)
            print(f"  {name:<8} {workers} worker(s): CPU {statistics.median(cpus):6.2f} s  "
                  f"(wall {statistics.median(walls):6.2f} s)  [{tree}]")
        if baseline:
            print(f"  ours / baseline CPU with {workers} worker(s): "
                  f"{medians['ours', workers] / medians['baseline', workers]:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=15, help="puzzles per level (ours, peers)")
    ap.add_argument("--peer-count", type=int, default=50,
                    help="QQWing expert puzzles to grade (0: skip)")
    ap.add_argument("--levels", default="easy,medium,hard,expert,extreme")
    ap.add_argument("--book", action="store_true", help="time a 100-puzzle book instead")
    ap.add_argument("--killer", type=int, default=0,
                    help="also time this many 9x9 killer puzzles per level (ours, baseline)")
    ap.add_argument("--killer-levels", default="easy,medium,hard,expert,extreme")
    ap.add_argument("--baseline", help="another checkout to time (per level, or the book) too")
    ap.add_argument("--repeat", type=int, default=3, help="builds per book timing")
    ap.add_argument("--rounds", type=int, default=1,
                    help="time every seed this many times per tree, keep the least "
                         "(steadier on a loaded machine)")
    args = ap.parse_args()
    if args.book:
        book(args.baseline, args.repeat)
        return
    made = ours(args.levels.split(","), args.count, args.baseline, rounds=args.rounds)
    if args.killer:
        ours(args.killer_levels.split(","), args.killer, args.baseline, "killer", args.rounds)
    if QQWING:
        qqwing_speed(args.count)
        qqwing_counts(made)
        if args.peer_count > 0:
            qqwing_expert_rated(args.peer_count)
    else:
        print("QQWing not installed (apt-get install qqwing): skipped")
    if SOLO:
        solo_speed(args.count)
    else:
        print("Solo not installed (apt-get install sgt-puzzles): skipped")


if __name__ == "__main__":
    main()
