"""Puzzles that draw their answers as they generate (`Kind.avoiding`: blocked crosswords,
codewords) leave out the answers of the book's puzzles before them, and the words the
history holds back for their day. They generate one after another in book order (each
one's candidates still in parallel), so what each leaves out is the kept boards' answers
whatever the workers: a chain per version of the book (`copies:`). In a dated run a
puzzle leaves out only the answers of puzzles within the repeat window of its day (a
year of minis would run out of words).

The versions of a puzzle made `copies:` times hold the same words (SameWords): of a
kind that may leave words out (`Kind.placed_only`: a full word search, a crossword)
the first version generates alone, the others then from the words it placed."""
from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import Any, Callable

from .errors import PublisherError
from .kinds.base import Board, Kind, Params
from .plan import Job

# the words a history holds back for a puzzle of a day (None: undated, the build's day)
HeldBack = Callable[[date | None], set[str]]
# times the first version of a puzzle starts again with fewer words, when a later version
# could not place all of those it placed; then the build stops
RETRIES = 2


class JobFailed(PublisherError):
    """A job got no board it may print; `job` says which (the pipeline adds the spec's
    file and line)."""

    def __init__(self, job: Job, message: str):
        super().__init__(message)
        self.job = job


class AnswerChains:
    def __init__(self, jobs: list[Job], get_kind: Callable[[str], Kind[Any, Any, Any]],
                 held_back: HeldBack | None = None, window_days: int = 0):
        self.jobs, self.get_kind = jobs, get_kind
        self.held_back, self.window = held_back, timedelta(days=window_days)
        chains: dict[int, list[int]] = {}
        for i, job in enumerate(jobs):
            if get_kind(job.kind).avoiding(job.params, frozenset()) is not None:
                chains.setdefault(job.copy, []).append(i)
        self.place = {i: (chain, k) for chain in chains.values() for k, i in enumerate(chain)}
        self.relaxed: set[int] = set()
        self.versions = SameWords(jobs, get_kind)

    def first(self) -> list[tuple[int, Job]]:
        """The jobs that start at once: every one but those waiting in a chain (a chain's
        first without the words the history holds back)."""
        return [(i, self._avoiding(i, lambda _: None, strict=True) if i in self.place
                 else self.jobs[i])
                for i in range(len(self.jobs))
                if self.place.get(i, ((), 0))[1] == 0 and not self.versions.waits(i)]

    def then(self, index: int, board_of: Callable[[int], Board | None]) -> list[tuple[int, Job]]:
        """What starts once job `index` is done (`board_of(i)`: job i's kept board): the
        job again if no candidate filled without the earlier answers (the kind then takes
        them only where it must), else the next job of its chain, without the answers kept
        so far; nothing at a chain's end."""
        if index not in self.place:
            return self.versions.then(index, board_of)
        chain, at = self.place[index]
        if board_of(index) is None and index not in self.relaxed and (
                at or self._held(self.jobs[index])):
            self.relaxed.add(index)
            return [(index, self._avoiding(index, board_of, strict=False))]
        return [(chain[at + 1], self._avoiding(chain[at + 1], board_of, strict=True))
                ] if at + 1 < len(chain) else []

    def _held(self, job: Job) -> set[str]:
        return self.held_back(job.date) if self.held_back is not None else set()

    def _near(self, one: Job, other: Job) -> bool:
        """`other`'s answers are held back from `one`: both undated, or their days within
        the repeat window."""
        if one.date is None or other.date is None:
            return one.date is other.date
        return abs(one.date - other.date) < self.window

    def _avoiding(self, index: int, board_of: Callable[[int], Board | None],
                  strict: bool) -> Job:
        chain, at = self.place[index]
        job = self.jobs[index]
        kept = frozenset(answer for i in chain[:at] if self._near(job, self.jobs[i])
                         and (board := board_of(i)) is not None
                         for answer in self.get_kind(self.jobs[i].kind).answers(board))
        # one answer of each grid before the window too: none comes again whole (a book
        # prints no puzzle twice, and one replaced after its chain moved on would share
        # answers with the grids after it: 66 in 60 days of 7x7 minis)
        kept |= frozenset(min(answers) for i in chain[:at] if not self._near(job, self.jobs[i])
                          and (board := board_of(i)) is not None
                          and (answers := self.get_kind(self.jobs[i].kind).answers(board)))
        avoiding = self.get_kind(job.kind).avoiding(job.params, kept | self._held(job), strict)
        return replace(job, params=avoiding or job.params)


class SameWords:
    """Every version of a puzzle holds the words its first version placed: the others
    wait for it, then generate from those words. A later version placing fewer sends
    the first back with fewer (RETRIES times at most), then all the others again."""

    def __init__(self, jobs: list[Job], get_kind: Callable[[str], Kind[Any, Any, Any]]):
        self.jobs, self.get_kind = jobs, get_kind
        first = {self._puzzle(job): i for i, job in enumerate(jobs) if job.copy == 1}
        self.others: dict[int, list[int]] = {}
        self.first: dict[int, int] = {}
        for i, job in enumerate(jobs):
            if job.copy > 1 and get_kind(job.kind).placed_only(job.params) is not None:
                self.first[i] = first[self._puzzle(job)]
                self.others.setdefault(self.first[i], []).append(i)
        self.params = {i: jobs[i].params for i in self.others}    # the first's, as now
        self.waiting: dict[int, set[int]] = {}
        self.retries: dict[int, int] = {}

    @staticmethod
    def _puzzle(job: Job) -> tuple[int, str]:
        """The same for every version of a puzzle (ids s1-003, s1-v2-003...)."""
        return job.section_index, job.id.rsplit("-", 1)[1]

    def waits(self, index: int) -> bool:
        return index in self.first

    def _placed(self, index: int, params: Params, board: Board) -> Params:
        """`params` of job `index`'s puzzle keeping only the words `board` placed."""
        return self.get_kind(self.jobs[index].kind).placed_only(params, board) or params

    def then(self, index: int, board_of: Callable[[int], Board | None]) -> list[tuple[int, Job]]:
        """Job `index` is done: a first version's others start from the words it placed;
        once they are all back, the first again with fewer words if one placed fewer."""
        if index in self.others and (board := board_of(index)) is not None:
            self.waiting[index] = set(self.others[index])
            return [(i, replace(self.jobs[i], params=self._placed(i, self.jobs[i].params, board)))
                    for i in self.others[index]]
        lead = self.first.get(index)
        if lead is None:
            return []
        self.waiting[lead].discard(index)
        if self.waiting[lead] or (lead_board := board_of(lead)) is None:
            return []
        placed = params = self._placed(lead, self.params[lead], lead_board)
        for i in self.others[lead]:
            if (other := board_of(i)) is not None:
                params = self._placed(lead, params, other)
        if params == placed:
            return []
        self.retries[lead] = self.retries.get(lead, 0) + 1
        if self.retries[lead] > RETRIES:
            job = self.jobs[lead]
            raise JobFailed(job, f"the {len(self.others[lead]) + 1} versions (`copies`) of "
                            f"{job.title!r} ({job.section_title}) cannot hold the same "
                            f"words: after {RETRIES + 1} tries one still leaves out words "
                            "the others placed; give a larger `size`, or fewer words "
                            "(split the list into two puzzles)")
        self.params[lead] = params
        return [(lead, replace(self.jobs[lead], params=params))]
