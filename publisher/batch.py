"""Generate candidates for every job, score them, keep the best.

Candidates run behind a small executor interface (`Executor.imap_unordered`):
a process pool by default, in-process for one worker; a distributed engine can
replace it. The result never depends on the executor, the workers or the chunking:
each candidate has its own seed derived from the book seed, ties go to the lowest
candidate number, and candidates run in fixed rounds (ROUNDS) in seed order. A kind
may say a board needs no rival (`Kind.unbeatable`); a job then stops after the round
that holds one, the same round whoever runs it."""
from __future__ import annotations

import gc
import os
import time
from queue import Empty, SimpleQueue
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol

from .chains import AnswerChains, HeldBack, JobFailed
from .errors import GenerationFailed, PublisherError
from .ground.workers import end_with_parent
from .kinds import get_kind
from .kinds.base import Board, Params
from .plan import Job, derive_seed

Best = tuple[float, int, Board]          # (score, candidate number, board)
# Candidates per round, whatever the workers: the first round, then the next, the last
# size repeating. A short first round lets a kind that can tell a board good enough
# (a Flow or Queens board graded at the requested difficulty) stop after two candidates;
# the others then run rounds of 8 as before.
ROUNDS = (2, 8)
# A repeated puzzle is replaced by a further candidate: up to EXTRA more, in rounds as
# above, no further round starting after EXTRA_SECONDS (a small request may hold only
# a few puzzles; the book then stops, never printing one twice). The limits decide only
# whether the book is made, never which board it keeps.
EXTRA = 256
EXTRA_SECONDS = 30.0


# Generating, the collector of reference cycles would run hundreds of times per worker at
# Python's default first threshold (700 new containers): the kinds make and drop many small
# ones (boards, candidate lists), and about 8% of a worker's CPU went to collections that
# found little (drawing and the print check likewise in the main process). At this
# threshold it runs a few times per book; cycles are still collected.
GENERATING_GC_THRESHOLD = 50_000


def _collect_less() -> None:
    """Set up a process (or the main one, for a while) to generate: the collector runs
    rarely. (Nothing is frozen here: a kind may freeze and unfreeze to age its own
    objects at once, which it must skip when the process froze objects itself.)"""
    gc.set_threshold(GENERATING_GC_THRESHOLD, *gc.get_threshold()[1:])


def _start_worker() -> None:
    """Set up a pool worker: it generates, and ends with the build."""
    _collect_less()
    end_with_parent()


@contextmanager
def collecting_less() -> Iterator[None]:
    """`_collect_less` within, the collector's settings as they were after."""
    threshold = gc.get_threshold()
    _collect_less()
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


class Executor(Protocol):
    workers: int

    def imap_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple]) -> Iterator[Any]:
        """Run fn(*task) for each task; yield results in any order."""

    def close(self, stop: bool = False) -> None:
        """Let the workers go (queued work is dropped; `stop`: running work too)."""


def off_main_thread(fn: Callable[..., Any], *args: Any) -> Any:
    """fn(*args) in a thread of its own, the main thread waiting. A SAT solve in the main
    thread would be PySAT's to interrupt: it answers Ctrl-C by a longjmp out of the
    solver, which corrupts the heap when the signal lands inside malloc (seen as an
    abort or a segfault after Ctrl-C). Off the main thread PySAT leaves SIGINT to
    Python, and the waiting main thread takes the KeyboardInterrupt."""
    runner = ThreadPoolExecutor(1, thread_name_prefix="candidates")
    try:
        return runner.submit(fn, *args).result()
    finally:
        runner.shutdown(wait=False)       # after Ctrl-C: do not wait for the thread


class SerialExecutor:
    """One worker: the tasks run one after another in one background thread (see
    off_main_thread: never a SAT solve in the main thread)."""
    workers = 1

    def __init__(self) -> None:
        self._runner: ThreadPoolExecutor | None = None
        self._threshold: tuple[int, ...] | None = None

    def imap_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple]) -> Iterator[Any]:
        if self._runner is None:
            self._runner = ThreadPoolExecutor(1, thread_name_prefix="candidates")
        if self._threshold is None:
            self._threshold = gc.get_threshold()
            _collect_less()              # as in a pool's workers, until close()
        for task in tasks:
            yield self._runner.submit(fn, *task).result()

    def close(self, stop: bool = False) -> None:
        """`stop`: do not wait for the running task (a thread cannot be ended; it is
        one candidate's work, and the CLI leaves the process at once on Ctrl-C)."""
        if self._runner is not None:
            self._runner.shutdown(wait=not stop, cancel_futures=True)
            self._runner = None
        if self._threshold is not None:
            gc.set_threshold(*self._threshold)
            self._threshold = None


class PoolExecutor:
    """A process pool kept across rounds (starting workers costs more than a round)."""

    def __init__(self, workers: int):
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, fn: Callable[..., Any], *task: Any) -> Future[Any]:
        """Start fn(*task) as soon as a worker is free (batch.py streams rounds with it)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             initializer=_start_worker)
        return self._pool.submit(fn, *task)

    def imap_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple]) -> Iterator[Any]:
        futures: list[Future[Any]] = [self.submit(fn, *task) for task in tasks]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            self.close(stop=True)    # Ctrl-C or an error: drop the queued work
            raise

    def close(self, stop: bool = False) -> None:
        """Let the workers go. `stop`: end the running work too, since joining busy
        workers would keep the process alive long after Ctrl-C. The pool is joined
        (quick once nothing runs), so no pool thread races the interpreter's exit
        and prints a stray traceback."""
        if self._pool is not None:
            if stop:
                for process in list((getattr(self._pool, "_processes", None) or {}).values()):
                    process.terminate()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def make_executor(workers: int | None, engine: str = "local",
                  scheduler: str | None = None) -> Executor:
    """`engine` "local" (a process pool of `workers`) or "dask" (the cluster at `scheduler`)."""
    if engine == "dask":
        if not scheduler:
            raise PublisherError("the dask executor needs the scheduler's address: "
                                 "--scheduler tcp://HOST:8786 (or `scheduler:` in the spec)")
        from .ground.dask_executor import DaskExecutor
        return DaskExecutor(scheduler)
    workers = workers or os.cpu_count() or 1
    return SerialExecutor() if workers <= 1 else PoolExecutor(workers)


class AllCandidatesFailed(JobFailed):
    """No candidate of a job could be built."""


class TooFewDistinct(JobFailed):
    """Every candidate of a job repeated an earlier puzzle of the book or its history."""

    @property
    def key(self) -> str | None:    # the spec key to change (a worksheet's version: copies)
        return "copies" if self.job.copy > 1 else None


@dataclass
class Outcome:
    job: Job
    board: Board | None = None
    candidate: int = -1                  # which candidate won
    tried: int = 0                       # candidates generated (fewer after an early stop)
    seconds: float = 0.0                 # CPU time its candidates took (benchmarks; never written)
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
                   seeds: list[tuple[int, int]]
                   ) -> tuple[int, Best | None, list[str], int, bool, float]:
    """Worker: generate the candidates (number, seed); return the best one, the
    failures, how many ran, whether any board needs no rival, and the CPU time."""
    started = time.process_time()
    kind = get_kind(kind_name)
    best: Best | None = None
    final = False
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
        # Every board is asked, not only the best: a good-enough board need not score
        # highest, and the round's verdict must not depend on how it was chunked.
        final = final or kind.unbeatable(board, params)
    return job_index, best, failures, len(seeds), final, time.process_time() - started


def is_interrupt(exc: BaseException) -> bool:
    """A Ctrl-C that a C extension reported as its own error (PySAT's solvers catch
    SIGINT during a solve and raise `pysolvers.error("Caught keyboard interrupt")`)."""
    return "keyboard interrupt" in str(exc).lower() and \
        type(exc).__module__.split(".")[0] in ("pysolvers", "pysat")


def round_end(start: int) -> int:
    """The candidate after the round that starts at candidate `start` (a round boundary)."""
    boundary = 0
    for size in ROUNDS:
        boundary += size
        if start < boundary:
            return boundary
    return start + ROUNDS[-1]


def _round_stop(job: Job, start: int) -> int:
    """The candidate after the round of `job` that starts at `start`. A job that can
    never stop early (`Kind.may_stop_early`) runs all its candidates in one round:
    fewer, longer tasks, so a kind may share work between the candidates of one
    puzzle in a process; the kept board is the same either way."""
    if get_kind(job.kind).may_stop_early(job.params):
        return min(job.candidates, round_end(start))
    return job.candidates


def chunks(numbers: range, size: int) -> list[range]:
    return [numbers[start:start + size] for start in range(0, len(numbers), size)]


def chunk_size_for(candidates: int, jobs: int, workers: int) -> int:
    """Split a round's candidates so that small books still use every worker."""
    parts = max(1, min(workers * 2 // max(1, jobs), 16))
    return max(1, -(-candidates // parts))


class _Tasks:
    """Tasks out, results back in completion order. With an executor that can `submit`
    (the process pool) a task starts as soon as a worker is free, so a job's next round
    never waits for the other jobs' rounds and no worker idles while work is left;
    otherwise (serial, Dask) the tasks run in waves through `imap_unordered`. Finished
    futures arrive through a queue (waiting on every pending future at each result
    would cost the main process time quadratic in the tasks)."""

    def __init__(self, executor: Executor, meanwhile: Callable[[], None] | None = None):
        self.executor = executor
        self.submit = getattr(executor, "submit", None)
        self.queued: list[tuple] = []
        self.running = 0
        self.finished: SimpleQueue[Future[Any]] = SimpleQueue()
        self.meanwhile = meanwhile

    def while_they_run(self) -> None:
        """The caller's own work, once, as soon as the workers have theirs."""
        if self.meanwhile is not None:
            meanwhile, self.meanwhile = self.meanwhile, None
            meanwhile()

    def __len__(self) -> int:
        return len(self.queued) + self.running

    def put(self, task: tuple) -> None:
        self.queued.append(task)

    def results(self) -> Iterator[Any]:
        while self.queued or self.running:
            if self.submit is None:
                wave, self.queued = self.queued, []
                self.while_they_run()    # the waves run on the caller's demand
                yield from self.executor.imap_unordered(run_candidates, wave)
                continue
            for task in self.queued:
                self.submit(run_candidates, *task).add_done_callback(self.finished.put)
                self.running += 1
            self.queued = []
            self.while_they_run()
            while True:
                try:        # a bounded wait keeps Ctrl-C prompt
                    future = self.finished.get(timeout=1.0)
                    break
                except Empty:
                    continue
            self.running -= 1
            yield future.result()
        self.while_they_run()             # no task at all: it is still done, once


@dataclass
class _Round:
    """Where a job is: the first candidate of its current round, the tasks of that round
    not back yet, and whether the round holds a board no other can beat."""
    start: int = 0
    end: int = 0
    waiting: int = 0
    final: bool = False


# long: the one loop that runs every job's rounds (and a chain's next job) as results come
def generate_all(jobs: list[Job], seed: int, executor: Executor,
                 progress: Callable[[int], None] | None = None, chunk_size: int | None = None,
                 known: Callable[[str, Board], bool] | None = None,
                 meanwhile: Callable[[], None] | None = None,
                 held_back: HeldBack | None = None, window_days: int = 0) -> list[Outcome]:
    """Best board per job. `progress(n)` is called as n more candidates finish.
    `chunk_size` (default: from the workers and the work in flight) is how many
    candidates one task runs; `known(kind, board)`: the board was published before
    (replace it like a repeat); `meanwhile()`: the caller's work, done once the workers
    have theirs (a pool's workers generate while this process does it); `held_back(day)`:
    the words the history holds back for a day, and `window_days` the repeat window, for
    the jobs that leave out earlier answers (chains.py)."""
    outcomes = [Outcome(job) for job in jobs]
    rounds = [_Round() for _ in jobs]
    tasks = _Tasks(executor, meanwhile)
    unfinished = len(jobs)
    chains = AnswerChains(jobs, get_kind, held_back, window_days)   # these jobs wait their turn

    def start_round(index: int) -> None:
        job, where = outcomes[index].job, rounds[index]
        where.end = _round_stop(job, where.start)
        numbers = range(where.start, where.end)
        if chunk_size:
            size = chunk_size
        elif tasks.submit is not None:
            # Whole rounds while plenty is in flight (fewer, cheaper tasks); single
            # candidates when workers may soon idle, so no long job runs alone at the end.
            size = 1 if len(tasks) < 2 * executor.workers else len(numbers)
        else:
            size = chunk_size_for(len(numbers), unfinished, executor.workers)
        for chunk in chunks(numbers, size):
            tasks.put((index, job.kind, job.params,
                       [(n, derive_seed(seed, job.id, n)) for n in chunk]))
            where.waiting += 1

    try:
        for index, job in chains.first():
            outcomes[index].job = job
            start_round(index)
        for index, best, failures, done, final, seconds in tasks.results():
            outcome, where = outcomes[index], rounds[index]
            _merge(outcome, best, failures, done)
            outcome.seconds += seconds
            where.final |= final
            where.waiting -= 1
            if progress:
                progress(done)
            if where.waiting:
                continue
            # The round is complete: a job stops after the round that found a board no
            # other can beat (the same round whoever runs it), or at its last candidate.
            where.start = where.end
            if not where.final and where.start < outcome.job.candidates:
                start_round(index)
                continue
            unfinished -= 1
            if progress:
                progress(max(0, outcome.job.candidates - where.start))
            for start, job in chains.then(index, lambda i: outcomes[i].board):
                unfinished += rounds[start].end > 0        # done before: run again
                outcomes[start].job, outcomes[start].board = job, None
                rounds[start] = _Round()
                start_round(start)
        _no_repeats(outcomes, seed, executor, known)
    except BaseException:
        executor.close(stop=True)       # Ctrl-C or an error: end the running work too
        raise
    executor.close()
    _every_job_has_a_board(outcomes)
    return outcomes


def _every_job_has_a_board(outcomes: list[Outcome]) -> None:
    for outcome in outcomes:
        if outcome.board is None:
            kind = get_kind(outcome.job.kind)
            raise AllCandidatesFailed(outcome.job,
                f"puzzle {outcome.job.title!r} ({outcome.job.where}) could not "
                f"be generated: all {outcome.job.candidates} candidates failed "
                f"({kind.why_failed(outcome.failures)}); make the request easier "
                f"({kind.easier_for(outcome.job.params)}) or raise `candidates`")


def _no_repeats(outcomes: list[Outcome], seed: int, executor: Executor,
                known: Callable[[str, Board], bool] | None = None) -> None:
    """No two puzzles of a kind that the kind calls the same (`Kind.identity`), and none
    that `known(kind, board)` says was published before (the history): in book order,
    a repeat is replaced by the first further candidate that is new (in seed order,
    rounds of ROUNDS: the same bytes whatever the executor). A repeat within the book
    that no further candidate replaces stops it (TooFewDistinct); one of the history
    only is kept with a warning."""
    seen: set[tuple[str, Any]] = set()
    for outcome in outcomes:
        if outcome.board is None:
            continue
        job = outcome.job
        kind = get_kind(job.kind)

        def repeated(board: Board) -> bool:
            key = kind.identity(board)
            return ((key is not None and (job.kind, key) in seen)
                    or (known is not None and known(job.kind, board)))

        if repeated(outcome.board):
            _replace_repeat(outcome, seed, executor, repeated)
        key = kind.identity(outcome.board)
        if key is not None and (job.kind, key) in seen:
            raise TooFewDistinct(job, _too_few_distinct(outcomes, outcome))
        if repeated(outcome.board):
            # only the history has it: a desk may reprint a grid on another day (a pinned
            # template, a rebuild); said, not refused
            outcome.board.warnings.append(
                f"the same puzzle as one printed before (the history; {outcome.tried} "
                f"candidates found no other); {kind.varied} would vary it")
        if key is not None:
            seen.add((job.kind, key))


def _replace_repeat(outcome: Outcome, seed: int, executor: Executor,
                    repeated: Callable[[Board], bool]) -> None:
    """Run further candidates of the outcome's job, a round at a time, until one is new."""
    job = outcome.job
    started = time.monotonic()
    number = job.candidates
    few = get_kind(job.kind).few_puzzles(job.params)
    extra = few[0] if few else EXTRA
    while number < job.candidates + extra and time.monotonic() - started < EXTRA_SECONDS:
        end = min(job.candidates + round_end(number - job.candidates),
                  job.candidates + extra)
        results = executor.imap_unordered(run_candidates, [
            (0, job.kind, job.params, [(n, derive_seed(seed, job.id, n))])
            for n in range(number, end)])
        boards = sorted((best[1], best[2]) for _, best, _, _, _, _ in results if best)
        outcome.tried += end - number
        number = end
        for candidate, board in boards:
            if not repeated(board):
                outcome.board, outcome.candidate = board, candidate
                return


def _too_few_distinct(outcomes: list[Outcome], outcome: Outcome) -> str:
    job = outcome.job
    section = [o for o in outcomes if o.job.section_index == job.section_index]
    made = section.index(outcome)           # the section's puzzles before: all distinct
    varied = (get_kind(job.kind).few_puzzles(job.params) or (0, get_kind(job.kind).varied))[1]
    if job.copy > 1:        # a worksheet's version: `copies` asked for more than there are
        return (f"{job.title!r} has only {job.copy - 1} different version(s): all {outcome.tried}"
                f" candidates of version {job.copy} repeated an earlier one; make `copies` "
                f"{job.copy - 1}, or {varied} (every version of a worksheet differs)")
    fewer = f"ask for at most {made} puzzle(s) in this section" if made else "use another seed"
    return (f"section {job.section_index + 1} ({job.where}) can make "
            f"only {made} different puzzle(s) of the {len(section)} asked: every one of the "
            f"{outcome.tried} candidates of {job.title!r} was the same puzzle as an earlier "
            f"one of the book; {fewer}, or {varied} (a book never prints one puzzle twice)")


def _merge(outcome: Outcome, best: Best | None, failures: list[str], done: int) -> None:
    outcome.failures.extend(failures)
    outcome.tried += done
    current = (None if outcome.board is None
               else (outcome.board.score, outcome.candidate, outcome.board))
    if best is not None and better(best, current):
        outcome.board, outcome.candidate = best[2], best[1]
