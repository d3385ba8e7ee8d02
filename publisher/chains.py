"""Puzzles that draw their answers as they generate (`Kind.avoiding`: blocked crosswords,
codewords) leave out the answers of the book's puzzles before them, and the words the
history holds back for their day. They generate one after another in book order (each
one's candidates still in parallel), so what each leaves out is the kept boards' answers
whatever the workers: a chain per version of the book (`copies:`). In a dated run a
puzzle leaves out only the answers of puzzles within the repeat window of its day (a
year of minis would run out of words)."""
from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import Any, Callable

from .kinds.base import Board, Kind
from .plan import Job

# the words a history holds back for a puzzle of a day (None: undated, the build's day)
HeldBack = Callable[[date | None], set[str]]


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

    def first(self) -> list[tuple[int, Job]]:
        """The jobs that start at once: every one but those waiting in a chain (a chain's
        first without the words the history holds back)."""
        return [(i, self._avoiding(i, lambda _: None, strict=True) if i in self.place
                 else self.jobs[i])
                for i in range(len(self.jobs)) if self.place.get(i, ((), 0))[1] == 0]

    def then(self, index: int, board_of: Callable[[int], Board | None]) -> list[tuple[int, Job]]:
        """What starts once job `index` is done (`board_of(i)`: job i's kept board): the
        job again if no candidate filled without the earlier answers (the kind then takes
        them only where it must), else the next job of its chain, without the answers kept
        so far; nothing at a chain's end."""
        if index not in self.place:
            return []
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
        avoiding = self.get_kind(job.kind).avoiding(job.params, kept | self._held(job), strict)
        return replace(job, params=avoiding or job.params)
