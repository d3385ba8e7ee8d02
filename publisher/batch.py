"""Generate candidates for every job, score them, keep the best.

Candidates run behind a small executor interface (`Executor.imap_unordered`):
a process pool by default, in-process for one worker; a distributed engine can
replace it. The result never depends on the executor: each candidate has its own
seed derived from the book seed, and ties go to the lowest candidate number."""
from __future__ import annotations

import os
import itertools
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol

from .errors import GenerationFailed, PublisherError
from .kinds import get_kind
from .kinds.base import Board, Params
from .plan import Job, derive_seed

Best = tuple[float, int, Board]          # (score, candidate number, board)


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
            # Tasks are drawn lazily, a few per worker in flight: a book of a million
            # candidates never holds a million seeds or futures.
            pending = iter(tasks)
            running = {pool.submit(fn, *task)
                       for task in itertools.islice(pending, self.workers * 4)}
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    next_task = next(pending, None)
                    if next_task is not None:
                        running.add(pool.submit(fn, *next_task))
                    yield future.result()
        except BaseException:
            # On Ctrl-C or an error, stop the running work too: joining workers that
            # are still busy would keep the process alive long after Ctrl-C.
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            raise
        finally:
            # Joined (quick: nothing runs any more), so that no pool thread is left to
            # race the interpreter's exit and print a stray traceback.
            pool.shutdown(wait=True, cancel_futures=True)


def make_executor(workers: int | None) -> Executor:
    workers = workers or os.cpu_count() or 1
    return SerialExecutor() if workers <= 1 else PoolExecutor(workers)


class AllCandidatesFailed(PublisherError):
    """No candidate of a job could be built; `job` says which (the pipeline adds the
    spec's file and line)."""

    def __init__(self, job: Job, message: str):
        super().__init__(message)
        self.job = job


@dataclass
class Outcome:
    job: Job
    board: Board | None = None
    candidate: int = -1                  # which candidate won
    failures: list[str] = field(default_factory=list)

    @property
    def kept(self) -> Board:
        """The kept board (every outcome has one once `generate_all` returns)."""
        assert self.board is not None, "generate_all raises before leaving a job empty"
        return self.board


def better(new: Best, old: Best | None) -> bool:
    """The kept board: the highest score; on a tie, the earliest candidate. Being a
    total order, it makes the result independent of how candidates were chunked."""
    return old is None or (new[0], -new[1]) > (old[0], -old[1])


def run_candidates(job_index: int, kind_name: str, params: Params,
                   seeds: list[tuple[int, int]]) -> tuple[int, Best | None, list[str], int]:
    """Worker: generate the candidates (number, seed) and return the best one."""
    kind = get_kind(kind_name)
    best: Best | None = None
    failures = []
    for number, seed in seeds:
        try:
            board = kind.generate(params, seed)
        except GenerationFailed as exc:
            failures.append(str(exc))
            continue
        except Exception as exc:
            if is_interrupt(exc):
                raise KeyboardInterrupt() from None
            raise
        if better((board.score, number, board), best):
            best = (board.score, number, board)
    return job_index, best, failures, len(seeds)


def is_interrupt(exc: BaseException) -> bool:
    """A Ctrl-C that a C extension reported as its own error (PySAT's solvers catch
    SIGINT during a solve and raise `pysolvers.error("Caught keyboard interrupt")`)."""
    return "keyboard interrupt" in str(exc).lower() and \
        type(exc).__module__.split(".")[0] in ("pysolvers", "pysat")


def chunks(count: int, size: int) -> Iterator[range]:
    return (range(start, min(count, start + size)) for start in range(0, count, size))


def chunk_size_for(job: Job, jobs: int, workers: int) -> int:
    """Split each job's candidates so that small books still use every worker."""
    parts = max(1, min(workers * 2 // max(1, jobs), 16))
    return max(1, -(-job.candidates // parts))


def generate_all(jobs: list[Job], seed: int, executor: Executor,
                 progress: Callable[[int], None] | None = None,
                 chunk_size: int | None = None) -> list[Outcome]:
    """Best board per job. `progress(n)` is called as n more candidates finish.
    `chunk_size` (default: from the workers) is how many candidates one task runs."""
    workers = getattr(executor, "workers", 1)

    def tasks() -> Iterator[tuple]:
        # A generator: seeds are derived only as tasks are handed out.
        for index, job in enumerate(jobs):
            size = chunk_size or chunk_size_for(job, len(jobs), workers)
            for chunk in chunks(job.candidates, size):
                seeds = [(n, derive_seed(seed, job.id, n)) for n in chunk]
                yield (index, job.kind, job.params, seeds)
    outcomes = [Outcome(job) for job in jobs]
    for index, best, failures, done in executor.imap_unordered(run_candidates, tasks()):
        outcome = outcomes[index]
        outcome.failures.extend(failures)
        current = (None if outcome.board is None
                   else (outcome.board.score, outcome.candidate, outcome.board))
        if best is not None and better(best, current):
            outcome.board, outcome.candidate = best[2], best[1]
        if progress:
            progress(done)
    for outcome in outcomes:
        if outcome.board is None:
            reasons = sorted(set(outcome.failures))
            raise AllCandidatesFailed(outcome.job,
                f"puzzle {outcome.job.title!r} ({outcome.job.section_title}, "
                f"{outcome.job.kind}) could not be generated: all {outcome.job.candidates} "
                f"candidates failed ({'; '.join(reasons[:3])}); make the request easier "
                "(a larger grid, fewer or shorter words) or raise `candidates`")
    return outcomes
