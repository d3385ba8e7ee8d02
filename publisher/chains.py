"""Puzzles that draw their answers as they generate (`Kind.avoiding`: blocked crosswords)
leave out the answers of the book's puzzles before them. They generate one after another
in book order (each one's candidates still in parallel), so what each leaves out is the
kept boards' answers whatever the workers: a chain per version of the book (`copies:`).
A dated run's puzzles are not chained (a year of minis would run out of words)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from .kinds.base import Board, Kind
from .plan import Job


class AnswerChains:
    def __init__(self, jobs: list[Job], get_kind: Callable[[str], Kind[Any, Any, Any]]):
        self.jobs, self.get_kind = jobs, get_kind
        chains: dict[int, list[int]] = {}
        for i, job in enumerate(jobs):
            if job.date is None and get_kind(job.kind).avoiding(job.params, frozenset()) is not None:
                chains.setdefault(job.copy, []).append(i)
        self.place = {i: (chain, k) for chain in chains.values() for k, i in enumerate(chain)}
        self.relaxed: set[int] = set()

    def first(self) -> list[int]:
        """The jobs that start at once: every one but those waiting in a chain."""
        return [i for i in range(len(self.jobs)) if self.place.get(i, ((), 0))[1] == 0]

    def then(self, index: int, board_of: Callable[[int], Board | None]) -> list[tuple[int, Job]]:
        """What starts once job `index` is done (`board_of(i)`: job i's kept board): the
        job again if no candidate filled without the earlier answers (the kind then takes
        them only where it must), else the next job of its chain, without the answers kept
        so far; nothing at a chain's end."""
        if index not in self.place:
            return []
        chain, at = self.place[index]
        if board_of(index) is None and at and index not in self.relaxed:
            self.relaxed.add(index)
            return [(index, self._avoiding(index, board_of, strict=False))]
        return [(chain[at + 1], self._avoiding(chain[at + 1], board_of, strict=True))
                ] if at + 1 < len(chain) else []

    def _avoiding(self, index: int, board_of: Callable[[int], Board | None],
                  strict: bool) -> Job:
        chain, at = self.place[index]
        kept = frozenset(answer for i in chain[:at] if (board := board_of(i)) is not None
                         for answer in self.get_kind(self.jobs[i].kind).answers(board))
        job = self.jobs[index]
        avoiding = self.get_kind(job.kind).avoiding(job.params, kept, strict)
        return replace(job, params=avoiding or job.params)
