"""Flow or Queens generation time, two checkouts side by side, interleaved (A/B).

    python benchmarks/kinds_ab.py --before PATH [--after PATH] [--kind flow|queens]
                                  [--size N] [--seeds N] [--chunk N]

One process per checkout generates the same candidates (medium, seeds 0..N-1); they
take turns chunk by chunk (alternating who goes first), so that a shared machine's
changing load falls on both alike. Prints CPU ms per candidate (time.process_time in
each process) for both and their ratio. `--before` is typically an unpacked older
commit: `git archive <commit> | tar -x -C /tmp/before`.
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker(tree: str, kind: str, size: int) -> None:
    """Read "first last" lines; generate those seeds; print the CPU seconds."""
    sys.path.insert(0, tree)
    if kind == "flow":
        from publisher.kinds.numberlink.generator import generate

        def make(seed: int) -> object:
            return generate(size, size, "medium", seed)
    else:
        from publisher.kinds.queens.regions import generate_regions

        def make(seed: int) -> object:
            return generate_regions(size, "medium", random.Random(seed))
    make(10**6)                     # per-size tables built before timing
    for line in sys.stdin:
        first, last = map(int, line.split())
        start = time.process_time()
        for seed in range(first, last):
            make(seed)
        print(time.process_time() - start, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", default=str(ROOT))
    ap.add_argument("--kind", choices=["flow", "queens"], default="flow")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--seeds", type=int, default=128)
    ap.add_argument("--chunk", type=int, default=8, help="candidates per turn (a kept puzzle)")
    ap.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1], int(args.worker[2]))
        return
    trees = {"before": args.before, "after": args.after}
    procs = {name: subprocess.Popen([sys.executable, __file__, "--before", "-", "--worker",
                                     tree, args.kind, str(args.size)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for name, tree in trees.items()}
    times: dict[str, list[float]] = {name: [] for name in trees}
    for turn, first in enumerate(range(0, args.seeds, args.chunk)):
        order = ("before", "after") if turn % 2 == 0 else ("after", "before")
        for name in order:
            proc = procs[name]
            assert proc.stdin and proc.stdout
            proc.stdin.write(f"{first} {min(args.seeds, first + args.chunk)}\n")
            proc.stdin.flush()
            times[name].append(float(proc.stdout.readline()))
    for proc in procs.values():
        assert proc.stdin
        proc.stdin.close()
        proc.wait()
    for name, tree in trees.items():
        total = sum(times[name])
        print(f"{args.kind} {args.size}x{args.size} medium, {name} ({tree}): "
              f"{total / args.seeds * 1000:.2f} ms per candidate, "
              f"{total / args.seeds * args.chunk * 1000:.1f} ms per {args.chunk} candidates "
              f"(CPU, {args.seeds} seeds)")
    print(f"after / before = {sum(times['after']) / sum(times['before']):.2f}")


if __name__ == "__main__":
    main()
