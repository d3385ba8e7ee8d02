"""Best-of-N: the kept board is the highest score, the earliest candidate on a tie, and
nothing about it depends on how candidates are chunked or which executor runs them."""
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass

import pytest

from publisher import batch
from publisher.batch import PoolExecutor, SerialExecutor, generate_all
from publisher.errors import GenerationFailed, PublisherError
from publisher.ground.reasons import said_once
from publisher.kinds.base import Board, Kind, Params
from publisher.plan import Job, derive_seed

BOOK_SEED = 99


class FakeParams(Params):
    spread: int = 5          # scores are seed % spread: many ties
    fail_every: int = 0      # seed % fail_every == 0 fails (0: never)


@dataclass
class FakeBoard(Board):
    seed: int = 0


class FakeKind(Kind):
    name = "fake"

    def generate(self, params, seed):
        if params.fail_every and seed % params.fail_every == 0:
            raise GenerationFailed(f"seed {seed} fails")
        return FakeBoard(score=float(seed % params.spread), seed=seed)


@pytest.fixture(autouse=True)
def fake_kind(monkeypatch):
    kind = FakeKind()
    # Forked pool workers inherit the patched lookup.
    monkeypatch.setattr(batch, "get_kind", lambda name: kind)
    return kind


def job(number: int, candidates: int, **params) -> Job:
    return Job(id=f"s1-{number:03d}", kind="fake", section_index=0, section_title="S",
               title=f"P{number}", language="en", params=FakeParams(**params),
               candidates=candidates, per_page=1, answers_per_page=None, colour=None)


def expected(one: Job) -> tuple[int, int]:
    """(candidate, seed) of the board to keep, by brute force in one process."""
    kind, best = FakeKind(), None
    for n in range(one.candidates):
        seed = derive_seed(BOOK_SEED, one.id, n)
        try:
            board = kind.generate(one.params, seed)
        except GenerationFailed:
            continue
        if best is None or board.score > best[0]:
            best = (board.score, n, seed)
    assert best is not None
    return best[1], best[2]


JOBS = [job(1, 23), job(2, 17, spread=3), job(3, 9, spread=1000, fail_every=3), job(4, 1)]


def test_the_brute_force_has_ties_to_break():
    seeds = [derive_seed(BOOK_SEED, JOBS[0].id, n) % 5 for n in range(23)]
    assert seeds.count(max(seeds)) > 1


@pytest.mark.parametrize("chunk_size", [None, 1, 2, 3, 7, 100])
@pytest.mark.parametrize("workers", [1, 2])
def test_kept_board_is_the_best_and_earliest_whatever_the_chunks(chunk_size, workers):
    executor = SerialExecutor() if workers == 1 else PoolExecutor(workers)
    outcomes = generate_all(JOBS, BOOK_SEED, executor, chunk_size=chunk_size)
    for outcome in outcomes:
        candidate, seed = expected(outcome.job)
        assert (outcome.candidate, outcome.board.seed) == (candidate, seed)


def test_small_chunks_really_split_jobs_across_tasks(monkeypatch):
    calls = []
    real = batch.run_candidates

    def spy(index, kind, params, seeds):
        calls.append((index, [n for n, _ in seeds]))
        return real(index, kind, params, seeds)

    monkeypatch.setattr(batch, "run_candidates", spy)
    generate_all(JOBS[:1], BOOK_SEED, SerialExecutor(), chunk_size=4)
    # Chunks of 4 within each round (rounds 0-1, 2-9, 10-17, 18-22).
    assert [numbers for _, numbers in calls] == [[0, 1], [2, 3, 4, 5], [6, 7, 8, 9],
                                                 [10, 11, 12, 13], [14, 15, 16, 17],
                                                 [18, 19, 20, 21], [22]]


def test_failures_are_kept_and_all_failing_is_a_clear_error():
    outcomes = generate_all([job(5, 6, fail_every=3)], BOOK_SEED, SerialExecutor(), chunk_size=2)
    assert outcomes[0].board is not None or outcomes[0].failures
    with pytest.raises(PublisherError) as err:
        generate_all([job(6, 4, fail_every=1)], BOOK_SEED, SerialExecutor())
    assert "all 4 candidates failed" in str(err.value) and "fails" in str(err.value)


def round_starts(candidates: int) -> list[int]:
    starts = [0]
    while starts[-1] < candidates:
        starts.append(batch.round_end(starts[-1]))
    return starts


def test_rounds_are_fixed_a_short_first_one_then_eights():
    assert round_starts(30) == [0, 2, 10, 18, 26, 34]


def test_better_is_a_total_order_on_score_then_candidate():
    board = Board()
    assert batch.better((2.0, 5, board), (1.0, 0, board))
    assert not batch.better((1.0, 5, board), (2.0, 0, board))
    assert batch.better((1.0, 2, board), (1.0, 3, board))
    assert not batch.better((1.0, 3, board), (1.0, 2, board))
    assert batch.better((0.0, 9, board), None)


class StoppingKind(FakeKind):
    """The highest score a board can have is spread - 1: such a board cannot be beaten."""

    def unbeatable(self, board, params):
        return board.score == params.spread - 1


@pytest.mark.parametrize("chunk_size", [None, 1, 3, 8])
@pytest.mark.parametrize("workers", [1, 2])
def test_early_stop_is_deterministic_and_keeps_the_same_board(monkeypatch, chunk_size, workers):
    kind = StoppingKind()
    monkeypatch.setattr(batch, "get_kind", lambda name: kind)
    jobs = [job(7, 40, spread=4), job(8, 30, spread=1000)]
    executor = SerialExecutor() if workers == 1 else PoolExecutor(workers)
    outcomes = generate_all(jobs, BOOK_SEED, executor, chunk_size=chunk_size)
    first_max = next(n for n in range(40)
                     if derive_seed(BOOK_SEED, jobs[0].id, n) % 4 == 3)
    assert outcomes[0].candidate == first_max == expected(jobs[0])[0]
    # It stops after the round that holds the unbeatable board, never before or later.
    assert outcomes[0].tried == min(40, batch.round_end(first_max))
    assert outcomes[1].tried == 30                # never unbeatable: every candidate runs
    assert outcomes[1].candidate == expected(jobs[1])[0]


class FewPuzzlesKind(FakeKind):
    """Only three different puzzles exist: the board's identity is its seed mod 3."""

    def identity(self, board):
        return board.seed % 3


def test_no_two_puzzles_of_a_book_are_the_same(monkeypatch):
    kind = FewPuzzlesKind()
    monkeypatch.setattr(batch, "get_kind", lambda name: kind)
    jobs = [job(20 + i, 1) for i in range(3)]
    outcomes = generate_all(jobs, BOOK_SEED, SerialExecutor())
    keys = [o.board.seed % 3 for o in outcomes]
    assert sorted(keys) == [0, 1, 2]                       # three different puzzles
    assert sum(o.tried for o in outcomes) > 3              # some replaced a repeat
    again = generate_all(jobs, BOOK_SEED, PoolExecutor(2), chunk_size=1)
    assert [(o.board.seed, o.tried) for o in again] == \
        [(o.board.seed, o.tried) for o in outcomes]
    # a fourth cannot be new: the book stops, naming the section and what it could make
    with pytest.raises(batch.TooFewDistinct, match=r"only 3 different puzzle\(s\) of the "
                       r"4 asked.*'P23'.*at most 3 puzzle\(s\)") as stopped:
        generate_all(jobs + [job(23, 4)], BOOK_SEED, SerialExecutor())
    assert stopped.value.job.id == "s1-023"



def test_a_long_job_through_the_pool_keeps_the_boards_of_one_worker(monkeypatch):
    """With the pool, a job's next round starts as soon as its own round is back and
    rounds are cut by the work in flight: the kept boards and candidates tried are
    still those of one worker."""
    kind = StoppingKind()
    monkeypatch.setattr(batch, "get_kind", lambda name: kind)
    jobs = [job(30, 40, spread=1000)] + [job(31 + i, 3, spread=4) for i in range(6)]
    serial = generate_all(jobs, BOOK_SEED, SerialExecutor(), chunk_size=8)
    pooled = generate_all(jobs, BOOK_SEED, PoolExecutor(2))
    assert [(o.candidate, o.board.seed, o.tried) for o in pooled] == \
        [(o.candidate, o.board.seed, o.tried) for o in serial]
    assert (pooled[0].candidate, pooled[0].board.seed) == expected(jobs[0])


class FifoWorkers:
    """A stand-in for the pool that runs tasks in submission order, one per wait of the
    batch, so the work in flight at each moment is known."""
    workers = 2

    def __init__(self):
        self.pending = deque()

    def submit(self, fn, *task):
        future = Future()
        self.pending.append((future, fn, task))
        return future

    def finish_oldest(self):
        future, fn, task = self.pending.popleft()
        future.set_result(fn(*task))

    def close(self, stop=False):
        pass


def test_a_long_job_left_alone_is_cut_into_single_candidates(monkeypatch):
    """Whole rounds while enough is in flight, single candidates once workers would
    idle: the last long job does not run on one worker while the other waits."""
    monkeypatch.setattr(batch, "get_kind", lambda name: FakeKind())
    workers = FifoWorkers()

    class Finished:
        def __init__(self):
            self.items = deque()

        def put(self, item):
            self.items.append(item)

        def get(self, timeout=None):
            while not self.items:
                workers.finish_oldest()
            return self.items.popleft()

    monkeypatch.setattr(batch, "SimpleQueue", Finished)
    long_job_tasks: list[int] = []
    real_put = batch._Tasks.put

    def put(self, task):
        if task[0] == 0:
            long_job_tasks.append(len(task[3]))
        real_put(self, task)

    monkeypatch.setattr(batch._Tasks, "put", put)
    jobs = [job(30, 40)] + [job(31 + i, 3) for i in range(6)]
    outcomes = generate_all(jobs, BOOK_SEED, workers)
    # Round 0 (2 candidates) starts with nothing in flight: single candidates. Rounds 1
    # and 2 start while the six short jobs' two rounds wait: whole. Rounds 3 to 5 (the
    # last 22 candidates) start with nothing else left.
    assert long_job_tasks == [1] * 2 + [8, 8] + [1] * 22
    assert [(o.candidate, o.board.seed) for o in outcomes] == [expected(j) for j in jobs]


def test_early_stop_in_a_real_book_gives_the_same_boards_for_any_workers_and_chunks(
        tmp_path, monkeypatch):
    """Real kinds through the real pool: scrambles stop early (a scramble keeping no
    letter pair of its word cannot be beaten), Flow 5x5 medium never does (no such
    board grades medium); the manifests' boards and `tried` are the same for 1 and 2
    workers and three chunk sizes."""
    import json

    from publisher.kinds import get_kind
    from publisher.plan import plan_book
    from publisher.spec import load_spec
    monkeypatch.setattr(batch, "get_kind", get_kind)            # the real kinds
    path = tmp_path / "stop.yaml"
    path.write_text("title: Stop\nseed: 5\nsections:\n"
                    "  - {kind: scramble, words: [planet, garden, orange, winter, pencil],"
                    " candidates: 40}\n"
                    "  - {kind: numberlink, size: 5, count: 2, candidates: 9}\n",
                    encoding="utf-8")
    jobs = plan_book(load_spec(path))

    def book(executor, chunk_size):
        return json.dumps([(o.job.id, o.tried, o.candidate, get_kind(o.job.kind).manifest(o.kept))
                           for o in generate_all(jobs, 5, executor, chunk_size=chunk_size)])

    one = book(SerialExecutor(), None)
    assert book(PoolExecutor(2), None) == one
    assert book(PoolExecutor(2), 1) == one
    assert book(SerialExecutor(), 3) == one
    tried = [entry[1] for entry in json.loads(one)]
    assert tried[0] < 40 and tried[0] in round_starts(40)        # stopped after a round
    assert tried[1:] == [9, 9]                                    # Flow runs every candidate


def test_a_flow_puzzle_whose_first_round_holds_a_board_at_its_grade_stops_there(
        tmp_path, monkeypatch):
    """Flow 7x7 medium, book seed 3: the first candidate of the first puzzle is graded
    medium, near its target hardness (0.45), so that puzzle stops after the first
    round (2 candidates); the second
    runs on. The book's bytes are the same for 1 and 2 workers, and the kept boards and
    `tried` for other chunk sizes."""
    import json

    from publisher.kinds import get_kind
    from publisher.pipeline import build_book
    from publisher.plan import plan_book
    from publisher.spec import load_spec
    monkeypatch.setattr(batch, "get_kind", get_kind)            # the real kinds
    spec = tmp_path / "early.yaml"
    spec.write_text("title: Early\nseed: 3\nsections:\n  - {kind: numberlink, size: 7,"
                    " count: 2, difficulty: medium, candidates: 8}\n", encoding="utf-8")
    one = build_book(spec, tmp_path / "one", workers=1)
    two = build_book(spec, tmp_path / "two", workers=2)
    assert two.pdf.read_bytes() == one.pdf.read_bytes()
    assert two.manifest.read_bytes() == one.manifest.read_bytes()

    first, second = json.loads(one.manifest.read_text(encoding="utf-8"))["puzzles"]

    def hardness(entry):
        """From the deduction shares, not by the kind's own grading."""
        deduction = entry["deduction"]
        return 0.5 * (1 - deduction["propagation"]) + 0.5 * (1 - deduction["probing"])

    def medium(entry):
        return 0.30 <= hardness(entry) < 0.625

    assert (first["tried"], first["candidate"]) == (2, 0) and medium(first)
    assert abs(hardness(first) - 0.45) <= 0.1
    assert second["tried"] > 2 and second["candidate"] >= 2 and medium(second)

    jobs = plan_book(load_spec(spec))

    def kept(executor, chunk_size):
        return [(o.tried, o.candidate, o.kept.paths)
                for o in generate_all(jobs, 3, executor, chunk_size=chunk_size)]

    serial = kept(SerialExecutor(), None)
    assert [t for t, _, _ in serial] == [first["tried"], second["tried"]]
    assert kept(PoolExecutor(2), 1) == serial
    assert kept(SerialExecutor(), 3) == serial


class NeverStoppingKind(FakeKind):
    def may_stop_early(self, params):
        return False


@pytest.mark.parametrize("workers", [1, 2])
def test_a_job_that_cannot_stop_early_runs_in_one_round_and_keeps_the_same_board(
        monkeypatch, workers):
    jobs = [job(40, 30, spread=1000), job(41, 23), job(42, 9, spread=1000, fail_every=3)]
    in_rounds = generate_all(jobs, BOOK_SEED, SerialExecutor())
    kind = NeverStoppingKind()
    monkeypatch.setattr(batch, "get_kind", lambda name: kind)
    tasks = []
    real = batch.run_candidates

    def counting(index, name, params, seeds):
        tasks.append((index, len(seeds)))
        return real(index, name, params, seeds)
    if workers == 1:                  # (a pool pickles what it runs: the real one)
        monkeypatch.setattr(batch, "run_candidates", counting)
    executor = SerialExecutor() if workers == 1 else PoolExecutor(workers)
    at_once = generate_all(jobs, BOOK_SEED, executor)
    if workers == 1:
        assert sorted(tasks) == [(0, 30), (1, 23), (2, 9)]
    assert [(o.candidate, o.board.seed, o.tried) for o in at_once] == \
        [(o.candidate, o.board.seed, o.tried) for o in in_rounds]
    assert [o.tried for o in at_once] == [30, 23, 9]


def test_the_callers_own_work_runs_once_while_the_workers_have_theirs(monkeypatch):
    """`meanwhile` runs once, after every first round was handed to the workers and
    before any result is waited for; the kept boards are those without it."""
    workers = FifoWorkers()
    seen: list[tuple[int, int]] = []       # (candidates handed out, tasks finished) then

    class Finished:
        def __init__(self):
            self.items = deque()
            self.done = 0

        def put(self, item):
            self.items.append(item)

        def get(self, timeout=None):
            while not self.items:
                workers.finish_oldest()
                self.done += 1
            return self.items.popleft()

    finished = Finished()
    monkeypatch.setattr(batch, "SimpleQueue", lambda: finished)
    outcomes = generate_all(JOBS, BOOK_SEED, workers,
                            meanwhile=lambda: seen.append((
                                sum(len(task[3]) for _, _, task in workers.pending),
                                finished.done)))
    assert seen == [(sum(min(j.candidates, batch.ROUNDS[0]) for j in JOBS), 0)]
    assert [(o.candidate, o.board.seed) for o in outcomes] == [expected(j) for j in JOBS]
    called: list[int] = []
    generate_all([], BOOK_SEED, SerialExecutor(), meanwhile=lambda: called.append(1))
    generate_all(JOBS[:1], BOOK_SEED, SerialExecutor(), meanwhile=lambda: called.append(2))
    assert called == [1, 2]


def _collector_state(*_):
    import gc
    return gc.get_threshold()[0], gc.get_freeze_count()


def test_candidates_run_with_a_rarely_running_collector():
    """Pool workers and the one-worker thread generate with the collector's first
    threshold raised, nothing frozen (a kind may freeze and unfreeze for itself); the
    main process gets its own settings back when a serial run or a build ends."""
    import gc
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    pool = PoolExecutor(2)
    assert list(pool.imap_unordered(_collector_state, [(1,), (2,)])) == \
        [(batch.GENERATING_GC_THRESHOLD, frozen)] * 2
    pool.close()
    serial = SerialExecutor()
    assert list(serial.imap_unordered(_collector_state, [(1,)])) == \
        [(batch.GENERATING_GC_THRESHOLD, frozen)]
    serial.close()
    assert gc.get_threshold() == before
    with batch.collecting_less():       # a whole build (pipeline.build_book)
        assert _collector_state() == (batch.GENERATING_GC_THRESHOLD, frozen)
    assert gc.get_threshold() == before


def test_failures_said_once_keep_each_reason_whole():
    """Review 2, item 5: "no fill found ..." and "no word of the list fits ..." share only
    "no": each keeps it; slots of one reason are still listed once."""
    advice = "; try another grid or `fill_from: any`"
    said = said_once([
        "blocked crossword: no fill found within the budget of 6760 steps" + advice,
        "blocked crossword: no word of the list fits 13 across (A.., row 1, column 3)" + advice,
        "blocked crossword: no word of the list fits 3 down (.B., row 2, column 5)" + advice])
    assert said == ("blocked crossword: no fill found within the budget of 6760 steps, "
                    "no word of the list fits 13 across (A.., row 1, column 3) or 3 down "
                    "(.B., row 2, column 5)" + advice)
    # a number inside parentheses is no slot to list: the reasons stay whole
    assert said_once(["fill: none exists (3 steps); ask less",
                            "fill: none exists (5 steps); ask less"]) == \
        "fill: none exists (3 steps), none exists (5 steps); ask less"
