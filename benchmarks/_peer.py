"""CPU per puzzle of a peer's `--generate N` batch, its process start-up left out.

Tatham's binaries link GTK and spend about 7 ms of CPU starting: more than a hundred 10x10
nonograms. The start-up is measured on its own (`PROGRAM --version`, least of three) and
taken off a batch's CPU, as our own figures leave out Python's start."""
from __future__ import annotations

import math
import resource
import subprocess
from functools import lru_cache
from typing import Callable

MEASURABLE = 0.25  # s: a batch shorter than this is grown (a clock tick is 1-4 ms)


def child_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _cpu(argv: list[str]) -> float:
    before = child_cpu()
    subprocess.run(argv, capture_output=True, check=True)
    return child_cpu() - before


@lru_cache(maxsize=None)
def start_up(program: str) -> float:
    """CPU seconds of starting `program` and doing nothing (its `--version`)."""
    return min(_cpu([program, "--version"]) for _ in range(3))


def cpu_per_puzzle(command: Callable[[int], list[str]], runs: int) -> float:
    """Seconds of CPU per puzzle of `command(n)` (a batch of n puzzles, the program first),
    start-up left out; a batch of `runs` too short to measure is grown."""
    n = runs
    spent = _cpu(command(n))
    if spent < MEASURABLE:
        n = runs * math.ceil(MEASURABLE / max(spent, 0.001))
        spent = _cpu(command(n))
    return max(spent - start_up(command(n)[0]), 0.0) / n
