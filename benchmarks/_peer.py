"""CPU per puzzle of a peer's `--generate N` batch, its process start-up left out.

Tatham's binaries link GTK and spend about 8 ms of CPU starting: more than a hundred 10x10
nonograms. Timing `runs` puzzles and `2 x runs` in two processes and dividing the
difference by `runs` leaves it out, as our own figures leave out Python's start."""
from __future__ import annotations

import resource
import subprocess
from typing import Callable


def child_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def cpu_per_puzzle(command: Callable[[int], list[str]], runs: int) -> float:
    """Seconds of CPU per puzzle of `command(n)` (a batch of n puzzles), start-up left out."""
    spent = []
    for n in (runs, 2 * runs):
        before = child_cpu()
        subprocess.run(command(n), capture_output=True, check=True)
        spent.append(child_cpu() - before)
    return max(spent[1] - spent[0], 0.0) / runs
