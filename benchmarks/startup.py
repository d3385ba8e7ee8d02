"""Startup benchmark: the serial work of the main process before generation starts
(interpreter, imports of the build path, load_spec, plan_book) and `make-book --help`,
each in a fresh process, trees interleaved run by run.

    python benchmarks/startup.py [--mode 120|30|480|example] [--runs N] [--tree PATH]
                                 [--against PATH ...]

Prints per tree the medians of CPU time (time.process_time, steadier on a loaded
machine) and wall time of: imports (publisher.cli + publisher.pipeline), spec, plan,
their sum, and the wall time of `python -m publisher.cli --help`; then the ratio of
each --against tree's pre-generation CPU to --tree's. The figures depend on
PYTHONDONTWRITEBYTECODE and on whether the trees hold compiled bytecode
(`python -m compileall -q publisher`): run once each way.
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

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys, time
c0, w0 = time.process_time(), time.perf_counter()
import publisher.cli, publisher.pipeline
from publisher.spec import load_spec
from publisher.plan import plan_book
c1, w1 = time.process_time(), time.perf_counter()
spec = load_spec(sys.argv[1])
c2, w2 = time.process_time(), time.perf_counter()
plan_book(spec)
c3, w3 = time.process_time(), time.perf_counter()
print(json.dumps({"cpu": [c1, c2 - c1, c3 - c2], "wall": [w1 - w0, w2 - w1, w3 - w2]}))
"""
PHASES = ("imports", "spec", "plan")


def spec_for(mode: str, folder: Path) -> Path:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from book import spec_file      # the same book as benchmarks/book.py
    return Path(spec_file(mode, folder))


def one_run(tree: Path, spec: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE, str(spec)], cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "publisher.cli", "--help"], cwd=tree, check=True,
                   capture_output=True)
    figures["help"] = time.perf_counter() - started
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", default="120")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--against", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    trees = [args.tree.resolve(), *(t.resolve() for t in args.against)]
    with tempfile.TemporaryDirectory() as folder:
        spec = spec_for(args.mode, Path(folder))
        results: dict[Path, list[dict]] = {tree: [] for tree in trees}
        for _ in range(args.runs):
            for tree in trees:               # interleaved: the same minutes for every tree
                results[tree].append(one_run(tree, spec))
    totals = {}
    for tree, runs in results.items():
        cpu = [statistics.median(r["cpu"][k] for r in runs) for k in range(3)]
        wall = [statistics.median(r["wall"][k] for r in runs) for k in range(3)]
        totals[tree] = statistics.median(sum(r["cpu"]) for r in runs)
        walls = statistics.median(sum(r["wall"]) for r in runs)
        phases = ", ".join(f"{name} {c:.3f}/{w:.3f}" for name, c, w in zip(PHASES, cpu, wall))
        print(f"{tree}: before generation (CPU/wall s, medians of {len(runs)}): {phases}; "
              f"total {totals[tree]:.3f}/{walls:.3f}; --help wall "
              f"{statistics.median(r['help'] for r in runs):.3f}")
    for tree in trees[1:]:
        print(f"   {tree}: {totals[tree] / totals[trees[0]]:.2f}x the CPU of {trees[0]}")


if __name__ == "__main__":
    main()
