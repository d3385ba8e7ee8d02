"""The `Executor` of batch.py on a Dask cluster (`--executor dask --scheduler tcp://HOST:8786`).

`distributed` is an optional extra (`pip install ".[dask]"`), imported only here. Tasks
carry everything they need (params hold the words), so workers need only the installed
package (a scheduler or worker without it is named at connect time). Every wait is
bounded: an unreachable scheduler, a cluster without workers or a round that does not
finish (workers gone) raise a PublisherError instead of hanging; a worker that dies
mid-round has its tasks rerun elsewhere (Dask's own retry), up to `retries` more times
per task."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from ..errors import PublisherError

CONNECT_TIMEOUT = 20.0        # seconds to reach the scheduler and see a worker
ROUND_TIMEOUT = 900.0         # seconds one round of candidates may take
RETRIES = 2                   # reruns of a task whose worker died
BATCHES_PER_WORKER = 4        # futures per worker and round (tasks are grouped)
PACKAGE = "publisher"         # what the scheduler and workers must import to run a task
# Asked of the scheduler and each worker with the builtin `eval` (any Python can load it;
# a function of ours could not be loaded there to ask).
FINDS_PACKAGE = "__import__('importlib.util').util.find_spec({!r}) is not None"


def run_many(fn: Callable[..., Any], tasks: list[tuple]) -> list[Any]:
    """Worker side: one future runs several tasks."""
    return [fn(*task) for task in tasks]


class DaskExecutor:
    """Runs a round's tasks as a few Dask futures per worker; results in completion order."""

    def __init__(self, scheduler: str, connect_timeout: float | None = None,
                 round_timeout: float | None = None, retries: int = RETRIES):
        connect_timeout = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
        round_timeout = ROUND_TIMEOUT if round_timeout is None else round_timeout
        try:
            from distributed import Client
        except ImportError:
            raise PublisherError("the dask executor needs the `distributed` package: "
                                 'pip install "puzzle-publisher[dask]" (or ".[dask]" in the '
                                 "source tree)") from None
        self.scheduler = scheduler
        self._client: Any = None
        self.round_timeout, self.retries = round_timeout, retries
        try:
            self._client = Client(scheduler, timeout=connect_timeout,
                                  set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise PublisherError(f"cannot reach the Dask scheduler at {scheduler} within "
                                 f"{connect_timeout:g} s ({exc}); start it (`dask scheduler`) "
                                 "or check --scheduler") from None
        try:
            self._client.wait_for_workers(1, timeout=connect_timeout)
        except (OSError, TimeoutError):
            self.close()
            raise PublisherError(f"the Dask scheduler at {scheduler} has no workers "
                                 f"(waited {connect_timeout:g} s); start some with "
                                 f"`dask worker {scheduler}`") from None
        self._check_package()
        self.workers = max(1, sum(w.get("nthreads", 1) for w in
                                  self._client.scheduler_info()["workers"].values()))

    def _check_package(self) -> None:
        """A scheduler or worker without the package cannot load a task: say so before
        the first round (a worker fails to load it silently, and the round would wait)."""
        expression = FINDS_PACKAGE.format(PACKAGE)
        lacking = [] if self._client.run_on_scheduler(eval, expression) else ["the scheduler"]
        workers = self._client.run(eval, expression)
        lacking += [f"worker {address}" for address, found in sorted(workers.items())
                    if not found]
        if lacking:
            self.close()
            raise PublisherError(
                f"the Dask cluster at {self.scheduler} lacks the {PACKAGE} package on "
                f"{', '.join(lacking)}; install the same puzzle-publisher there as here "
                "(pip install puzzle-publisher, or pip install . in the source tree) and "
                "restart them; nothing was written")

    def imap_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple]) -> Iterator[Any]:
        from distributed import as_completed

        if self._client is None:
            raise PublisherError("the Dask executor was closed")
        # A few tasks per future: a future costs milliseconds of scheduling, a small
        # puzzle less. Results are merged in any order, so grouping changes no byte.
        todo = list(tasks)
        size = max(1, -(-len(todo) // (self.workers * BATCHES_PER_WORKER)))
        futures = [self._client.submit(run_many, fn, todo[i:i + size], pure=False,
                                       retries=self.retries)
                   for i in range(0, len(todo), size)]
        try:
            for future in as_completed(futures, loop=self._client.loop,
                                       timeout=self.round_timeout):
                yield from future.result()
        except TimeoutError:
            raise PublisherError(f"a round of candidates on {self.scheduler} did not finish "
                                 f"within {self.round_timeout:g} s (workers lost or "
                                 "overloaded); nothing was written") from None
        except PublisherError:
            raise
        except Exception as exc:
            if "deserializ" in str(exc).lower():    # e.g. another version of the package
                raise PublisherError(f"the Dask cluster at {self.scheduler} cannot load "
                                     "the tasks; install the same puzzle-publisher "
                                     "on the scheduler and every worker as here; nothing "
                                     "was written") from None
            if type(exc).__name__ != "KilledWorker":
                raise
            raise PublisherError(f"Dask workers at {self.scheduler} kept dying while "
                                 f"generating candidates ({exc}); nothing was written; check "
                                 "the workers' memory and logs") from None
        finally:
            unfinished = [future for future in futures if not future.done()]
            if unfinished and self._client is not None:
                self._client.cancel(unfinished)     # an error or Ctrl-C: drop queued work
            for future in futures:
                future.release()

    def close(self, stop: bool = False) -> None:
        """Let the cluster go; its scheduler drops the work no client waits for (with
        or without `stop`: a running task on a worker ends on its own)."""
        if self._client is not None:
            self._client.close()
            self._client = None
