"""A dated batch (word search + crossword + Flow + Queens per day) built locally with 1
and 2 workers and on a distributed.LocalCluster of 2 workers, in one run.

    python benchmarks/batch.py [--days 365] [--repeats 1]

Prints, per executor: median wall time, puzzles per second, speed-up over 1 worker, and
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

from publisher.pipeline import build_book  # noqa: E402

SPEC = """\
title: Batch
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


def timed(spec: Path, out: Path, repeats: int, **options) -> tuple[float, int, bytes]:
    times, result = [], None
    for _ in range(repeats):
        began = time.perf_counter()
        result = build_book(spec, out, **options)
        times.append(time.perf_counter() - began)
    assert result is not None
    return statistics.median(times), result.puzzles, result.pdf.read_bytes()


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
    base = rows[0][1]
    print(f"{args.days} days, {rows[0][2]} puzzles, median of {args.repeats}")
    print(f"{'executor':30} {'wall s':>8} {'puzzles/s':>10} {'speed-up':>9} {'peak MB':>8}  same bytes")
    for label, wall, puzzles, pdf, peak in rows:
        print(f"{label:30} {wall:8.1f} {puzzles / wall:10.1f} {base / wall:9.2f} {peak:8.0f}"
              f"  {pdf == rows[0][3]}")


if __name__ == "__main__":
    main()
