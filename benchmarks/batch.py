"""A dated batch (word search + crossword + Flow + Queens per day) built locally with 1
and 2 workers and on a distributed.LocalCluster of 2 workers, in one run.

    python benchmarks/batch.py [--days 365] [--repeats 1]

Prints, per executor: median wall time of the build and of its generation stage (the
part the executor runs; the rest, laying out and writing, is serial), puzzles per
second, speed-up over 1 worker (whole build, generation alone), and
the peak memory (this process, and its children for the local pool; the cluster's
workers report their own). Needs `distributed` (pip install ".[dask]") for the last row."""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from publisher.pipeline import Progress, build_book  # noqa: E402


class StageClock(Progress):
    """Seconds spent in each pipeline stage (generation is what the executor runs)."""

    def __init__(self) -> None:
        self.marks: list[tuple[str, float]] = []

    def stage(self, name: str, total: int) -> None:
        self.marks.append((name, time.perf_counter()))

    def generation(self, end: float) -> float:
        times = [t for _, t in self.marks] + [end]
        return next(times[i + 1] - times[i] for i, (name, _) in enumerate(self.marks)
                    if name.startswith("Generating"))

SPEC = """\
title: Batch
print: false
seed: 7
schedule: {{start: 2026-01-01, days: {days}}}
files: "{{date:%Y-%m-%d}}-{{kind}}"
sections:
  - kind: wordsearch
    title: "Word search {{date}}"
    size: 12
    words_per_puzzle: 8
    themes: all
    candidates: 2
    repeat: allow
  - kind: crossword
    title: "Crossword {{date}}"
    size: 11
    words_per_puzzle: 5
    clues: en/clues
    candidates: 2
    repeat: allow
  - kind: numberlink
    title: "Flow {{date}}"
    size: 7
    candidates: 1
  - kind: queens
    title: "Queens {{date}}"
    size: 7
    candidates: 1
"""


def peak_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024


def timed(spec: Path, out: Path, repeats: int, **options) -> tuple[float, float, int, bytes]:
    """Median wall time of the whole build and of its generation stage."""
    walls, gens, result = [], [], None
    for _ in range(repeats):
        clock = StageClock()
        began = time.perf_counter()
        result = build_book(spec, out, progress=clock, **options)
        end = time.perf_counter()
        walls.append(end - began)
        gens.append(clock.generation(end))
    assert result is not None
    return (statistics.median(walls), statistics.median(gens), result.puzzles,
            result.pdf.read_bytes())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    spec = folder / "batch.yaml"
    spec.write_text(SPEC.format(days=args.days), encoding="utf-8")
    rows = []
    for label, options in [("local, 1 worker", {"workers": 1}),
                           ("local, 2 workers", {"workers": 2})]:
        rows.append((label, *timed(spec, folder / label.replace(" ", ""), args.repeats,
                                   **options), peak_mb()))
    try:
        from distributed import LocalCluster
    except ImportError:
        print("distributed not installed: no cluster row (pip install \".[dask]\")")
    else:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            rows.append(("dask LocalCluster, 2 workers",
                         *timed(spec, folder / "dask", args.repeats, executor="dask",
                                scheduler=cluster.scheduler_address), peak_mb()))
    base, base_gen = rows[0][1], rows[0][2]
    print(f"{args.days} days, {rows[0][3]} puzzles, median of {args.repeats}")
    print(f"{'executor':30} {'wall s':>7} {'gen s':>6} {'puzzles/s':>9} {'speed-up':>8} "
          f"{'gen x':>6} {'peak MB':>7}  same bytes")
    for label, wall, gen, puzzles, pdf, peak in rows:
        print(f"{label:30} {wall:7.1f} {gen:6.1f} {puzzles / wall:9.1f} {base / wall:8.2f} "
              f"{base_gen / gen:6.2f} {peak:7.0f}  {pdf == rows[0][4]}")

if __name__ == "__main__":
    main()
