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
        # job -> the chain up to the job after it
        self.after = {i: chain[:k + 2] for chain in chains.values()
                      for k, i in enumerate(chain[:-1])}
        self.waiting = {chain[-1] for chain in self.after.values()}

    def first(self) -> list[int]:
        """The jobs that start at once: every one but those waiting in a chain."""
        return [i for i in range(len(self.jobs)) if i not in self.waiting]

    def next(self, index: int,
             board_of: Callable[[int], Board | None]) -> list[tuple[int, Job]]:
        """Once job `index` is done: the next job of its chain (none at a chain's end), its
        params without the answers of the boards the chain kept so far (`board_of(i)`)."""
        if index not in self.after:
            return []
        *done, following = self.after[index]
        kept = frozenset(answer for i in done if (board := board_of(i)) is not None
                         for answer in self.get_kind(self.jobs[i].kind).answers(board))
        job = self.jobs[following]
        avoiding = self.get_kind(job.kind).avoiding(job.params, kept)
        return [(following, replace(job, params=avoiding or job.params))]
