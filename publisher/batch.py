"""Generate candidates for every job, score them, keep the best.

Candidates run behind a small executor interface (`Executor.imap_unordered`):
a process pool by default, in-process for one worker; a distributed engine can
replace it. The result never depends on the executor: each candidate has its own
seed derived from the book seed, and ties go to the lowest candidate number."""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol

from .errors import GenerationFailed, PublisherError
from .kinds import get_kind
from .kinds.base import Board
from .plan import Job, derive_seed


class Executor(Protocol):
    def imap_unordered(self, fn: Callable, tasks: Iterable[tuple]) -> Iterator[Any]:
        """Run fn(*task) for each task; yield results in any order."""


class SerialExecutor:
    def imap_unordered(self, fn, tasks):
        for task in tasks:
            yield fn(*task)


class PoolExecutor:
    def __init__(self, workers: int):
        self.workers = workers

    def imap_unordered(self, fn, tasks):
        pool = ProcessPoolExecutor(max_workers=self.workers)
        try:
            futures = [pool.submit(fn, *task) for task in tasks]
            for future in as_completed(futures):
                yield future.result()
        finally:
            # On Ctrl-C or an error, drop the queued work instead of finishing it.
            pool.shutdown(wait=False, cancel_futures=True)


def make_executor(workers: int | None) -> Executor:
    workers = workers or os.cpu_count() or 1
    return SerialExecutor() if workers <= 1 else PoolExecutor(workers)


@dataclass
class Outcome:
    job: Job
    board: Board | None = None
    candidate: int = -1                  # which candidate won
    failures: list[str] = field(default_factory=list)


def run_candidates(job_index: int, kind_name: str, params: dict, seeds: list[tuple[int, int]]):
    """Worker: generate the candidates (number, seed) and return the best one."""
    kind = get_kind(kind_name)
    best: tuple[float, int, Board] | None = None
    failures = []
    for number, seed in seeds:
        try:
            board = kind.generate(params, seed)
        except GenerationFailed as exc:
            failures.append(str(exc))
            continue
        if best is None or (board.score, -number) > (best[0], -best[1]):
            best = (board.score, number, board)
    return job_index, best, failures, len(seeds)


def _chunks(count: int, parts: int) -> list[range]:
    size = max(1, -(-count // parts))
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


def generate_all(jobs: list[Job], seed: int, executor: Executor,
                 progress: Callable[[int], None] | None = None) -> list[Outcome]:
    """Best board per job. `progress(n)` is called as n more candidates finish."""
    # Split each job's candidates so that small books still use every worker.
    workers = getattr(executor, "workers", 1)
    parts = max(1, min(workers * 2 // max(1, len(jobs)), 16))
    tasks = []
    for index, job in enumerate(jobs):
        for chunk in _chunks(job.candidates, parts):
            seeds = [(n, derive_seed(seed, job.id, n)) for n in chunk]
            tasks.append((index, job.kind, job.params, seeds))
    outcomes = [Outcome(job) for job in jobs]
    for index, best, failures, done in executor.imap_unordered(run_candidates, tasks):
        outcome = outcomes[index]
        outcome.failures.extend(failures)
        if best is not None:
            score, number, board = best
            current = outcome.board
            if current is None or (score, -number) > (current.score, -outcome.candidate):
                outcome.board, outcome.candidate = board, number
        if progress:
            progress(done)
    for outcome in outcomes:
        if outcome.board is None:
            reasons = sorted(set(outcome.failures))
            raise PublisherError(
                f"puzzle {outcome.job.title!r} ({outcome.job.section_title}, "
                f"{outcome.job.kind}) could not be generated: all {outcome.job.candidates} "
                f"candidates failed ({'; '.join(reasons[:3])}); make the request easier "
                "(a larger grid, fewer or shorter words) or raise `candidates`")
    return outcomes
