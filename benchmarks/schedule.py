"""How well the batch keeps 1, 2 or more workers busy, free of the machine's load:
the real `generate_all` scheduling a mixed book on simulated workers.

    python benchmarks/schedule.py [--mode 30|120|480] [--workers 1 2 4] [--overhead MS]
                                  [--tree PATH]

Every candidate of the book (benchmarks/book.py's mixed books) is generated once, in
this process, and its CPU time recorded. Then `publisher.batch.generate_all` runs
against an executor whose workers are simulated: a task takes the recorded times of
its candidates plus `--overhead` ms (pickling, the pipe), tasks start in submission
order as soon as a simulated worker is free, results come back in simulated time.
Prints the generation makespan per worker count, the speed-up over one worker and the
share of worker time left idle. On a shared machine this is the fair figure for the
scheduler (the wall clock measures the other sessions too); `--tree` runs the
scheduler and the kinds of another checkout (the commit with `Outcome.seconds` or later).
"""
from __future__ import annotations

import argparse
import heapq
import sys
import tempfile
import time
from collections import deque
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from book import MODES, spec_file  # noqa: E402
from publisher import batch  # noqa: E402
from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds import get_kind  # noqa: E402
from publisher.plan import derive_seed, plan_book  # noqa: E402
from publisher.render.layout import load_layout  # noqa: E402
from publisher.spec import load_spec  # noqa: E402

Table = dict[tuple[int, int], tuple[Any, str | None, float]]


def measure(jobs: list, seed: int) -> Table:
    """Every candidate once: (board or None, failure, CPU seconds)."""
    table: Table = {}
    for index, job in enumerate(jobs):
        kind = get_kind(job.kind)
        for number in range(job.candidates):
            start = time.process_time()
            try:
                board, failure = kind.generate(job.params, derive_seed(seed, job.id, number)), None
            except GenerationFailed as exc:
                board, failure = None, str(exc)
            table[index, number] = (board, failure, time.process_time() - start)
    return table


class SimulatedWorkers:
    """An executor (`submit` and `imap_unordered`) whose workers live in simulated time."""

    def __init__(self, workers: int, table: Table, overhead: float):
        self.workers, self.table, self.overhead = workers, table, overhead
        self.now, self.busy, self.tasks = 0.0, 0.0, 0
        self.free = list(range(workers))
        self.queued: deque[tuple[Future[Any], tuple]] = deque()
        self.running: list[tuple[float, int, int, Future[Any], Any]] = []

    def _result(self, task: tuple) -> tuple[Any, float]:
        """What run_candidates returns for the task, from the table, and its cost."""
        index, kind_name, params, seeds = task
        best, failures, cost, final = None, [], self.overhead, False
        kind = get_kind(kind_name)
        for number, _ in seeds:
            board, failure, seconds = self.table[index, number]
            cost += seconds
            if board is None:
                failures.append(failure)
                continue
            if batch.better((board.score, number, board), best):
                best = (board.score, number, board)
            final = final or kind.unbeatable(board, params)    # as batch.run_candidates
        return (index, best, failures, len(seeds), final, cost - self.overhead), cost

    def _dispatch(self) -> None:
        while self.free and self.queued:
            worker = heapq.heappop(self.free)
            future, task = self.queued.popleft()
            result, cost = self._result(task)
            self.busy += cost
            self.tasks += 1
            heapq.heappush(self.running, (self.now + cost, worker, self.tasks, future, result))

    def advance(self) -> Future[Any]:
        """The next task to finish: its worker takes the next queued task."""
        end, worker, _, future, result = heapq.heappop(self.running)
        self.now = end
        heapq.heappush(self.free, worker)
        future.set_result(result)           # runs the batch's done-callbacks
        self._dispatch()
        return future

    def submit(self, fn: Callable[..., Any], *task: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.queued.append((future, task))
        self._dispatch()
        return future

    def imap_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple]) -> Iterator[Any]:
        futures = {id(self.submit(fn, *task)) for task in tasks}
        while futures:
            future = self.advance()
            futures.discard(id(future))
            yield future.result()

    def close(self, stop: bool = False) -> None:
        pass


def simulate(jobs: list, seed: int, table: Table, workers: int, overhead: float
             ) -> SimulatedWorkers:
    sim = SimulatedWorkers(workers, table, overhead)

    class Arrivals:
        """batch's queue of finished tasks: empty means wait, i.e. simulated time runs."""

        def __init__(self) -> None:
            self.items: deque[Any] = deque()

        def put(self, item: Any) -> None:
            self.items.append(item)

        def get(self, timeout: float | None = None) -> Any:
            while not self.items:
                sim.advance()
            return self.items.popleft()

    real = getattr(batch, "SimpleQueue", None)
    if real is not None:
        batch.SimpleQueue = Arrivals        # type: ignore[attr-defined,misc]
    try:
        batch.generate_all(jobs, seed, sim)
    finally:
        if real is not None:
            batch.SimpleQueue = real        # type: ignore[attr-defined,misc]
    return sim


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=list(MODES), default="120")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--overhead", type=float, default=1.0, help="ms per task")
    ap.add_argument("--tree", help="checkout whose code runs")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        spec = load_spec(spec_file(args.mode, Path(folder)))
        layout = load_layout(spec.book.layout, spec.path.parent, ValueError)
        jobs = plan_book(spec, set(layout.page_grids))
    print(f"code: {TREE}; mode {args.mode}: {len(jobs)} puzzles, "
          f"{sum(j.candidates for j in jobs)} candidates")
    table = measure(jobs, spec.book.seed)
    total = sum(cost for _, _, cost in table.values())
    print(f"candidates' CPU time, measured once: {total:.2f} s")
    one = None
    for workers in args.workers:
        sim = simulate(jobs, spec.book.seed, table, workers, args.overhead / 1000)
        one = one or sim.now
        idle = 1 - sim.busy / (workers * sim.now)
        print(f"{workers} worker(s): generation {sim.now:.2f} s simulated, {sim.tasks} tasks, "
              f"speed-up over 1 worker {one / sim.now:.2f}x, idle {idle:.1%}")


if __name__ == "__main__":
    main()
