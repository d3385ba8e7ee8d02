"""What a newspaper desk adds to a build: the command line's --start/--days, side-file
names from `files:`, and the history database (ground/history.py): words held back,
grids never repeated, the build recorded once its output is written."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from .batch import Outcome
from .errors import PublisherError
from .ground.files import inside
from .ground.history import Entry, History
from .ground.schedule import fill, overridden
from .kinds import get_kind
from .kinds.base import Board
from .plan import Job
from .spec import Spec


@dataclass
class Desk:
    spec: Spec
    history: History | None = None
    today: date | None = None            # the day of unscheduled puzzles in the history
    _hash_cache: set[str] | None = None
    _clue_cache: dict[str, dict[str, tuple[str, int]]] | None = None
    replaced: int = 0                    # recorded puzzles of this book's dates it replaces

    @classmethod
    def open(cls, spec: Spec, history: str | Path | None = None, start: date | None = None,
             days: int | None = None) -> Desk:
        """Apply --start/--days to every schedule of the spec, open (and lock) the history:
        `history` (the command line's) or the spec's `history:` beside the spec."""
        book = spec.book
        if start is not None or days is not None:
            own = [s for s in book.sections if s.schedule is not None]
            if book.schedule is not None or not own:
                book.schedule = overridden(book.schedule, start, days)
            for section in own:
                section.schedule = overridden(section.schedule, start, days)
        if book.history and not history and not (spec.read_anywhere
                                                 or inside(spec.path.parent, book.history)):
            raise spec.error(("history",), f"{book.history!r} is outside the spec's folder; "
                             "the history lives beside the spec (or give --history PATH, "
                             "or --allow-paths)")
        path = Path(history) if history else (spec.path.parent / book.history
                                              if book.history else None)
        try:
            opened = History.open(path) if path is not None else None
        except PublisherError as exc:
            if history:                     # --history PATH: the message names the file
                raise
            raise spec.error(("history",), str(exc)) from None
        desk = cls(spec, opened, datetime.now(timezone.utc).date())
        if opened is not None:       # re-running recorded dates replaces that run
            try:
                desk.replaced = opened.replace_run(spec.name, {
                    day for section in book.sections
                    for schedule in [section.schedule or book.schedule] if schedule is not None
                    for day in schedule.dates()})
            except BaseException:
                desk.close()         # unlocks, and removes a file this build created
                raise
        return desk

    def avoid(self, day: date | None) -> set[str]:
        """Answer words the history holds back for a puzzle of `day`."""
        if self.history is None:
            return set()
        return self.history.blocked(day or self.today or date.today(),
                                    self.spec.book.repeat_window_days)

    def known(self, kind: str, board: Board) -> bool:
        return (self.history is not None
                and grid_hash(kind, board) in self._hashes())

    def _hashes(self) -> set[str]:
        if self._hash_cache is None:
            self._hash_cache = self.history.grid_hashes() if self.history else set()
        return self._hash_cache

    def stem(self, job: Job) -> str:
        """A side file's name without its extension, from `files:` (default "{id}")."""
        day = job.date or self.today or date.today()
        try:
            name = fill(self.spec.book.files, job.language, date=day, kind=job.kind,
                        id=job.id, n=int(job.id.rsplit("-", 1)[1]),
                        section=job.section_index + 1)
        except ValueError as exc:
            raise self.spec.error(("files",), str(exc)) from None
        if not name.strip() or "/" in name or "\\" in name or name.startswith("."):
            raise self.spec.error(("files",), f"{name!r} is not a file name; keep the "
                                  "pattern to letters, digits, - and placeholders")
        return name

    def check_files(self, jobs: list[Job]) -> None:
        """Before anything is written: every puzzle's side files get their own name."""
        owner: dict[str, Job] = {}
        for job in jobs:
            stem = self.stem(job)
            other = owner.setdefault(stem.casefold(), job)
            if other is not job:
                missing = [p for p in ("{kind}", "{n}", "{id}")
                           if p not in self.spec.book.files]
                raise self.spec.error(("files",), f"the pattern gives {other.title!r} and "
                                      f"{job.title!r} the same file name {stem!r}; add "
                                      f"{' or '.join(missing) or '{id}'} to the pattern so "
                                      "that each puzzle gets its own")

    def record(self, outcomes: list[Outcome], seed: int) -> None:
        """Add the build's puzzles to the history in one transaction (after the output
        was written)."""
        if self.history is None:
            return
        self.history.record(Entry(
            date=o.job.date or self.today or date.today(), kind=o.job.kind,
            title=o.job.title, puzzle_id=o.job.id, words=tuple(answer_words(o.job.kind, o.kept)),
            grid_hash=grid_hash(o.job.kind, o.kept), book=self.spec.name, seed=seed,
            clues=tuple(answer_clues(o.job.kind, o.kept).items()))
            for o in outcomes)

    def clue_uses(self) -> dict[str, dict[str, tuple[str, int]]]:
        """The history's clue uses (empty without a history): see History.clue_uses."""
        if self._clue_cache is None:
            self._clue_cache = self.history.clue_uses() if self.history is not None else {}
        return self._clue_cache

    def close(self) -> None:
        if self.history is not None:
            self.history.close()


def answer_words(kind: str, board: Board) -> list[str]:
    """The puzzle's answers: every "answer" string in the kind's manifest entry
    (crossword entries, word-search words, scramble items, fill-in entries), and a
    cryptogram's "plaintext" (its text is its answer: the next run must not draw it
    again within the window); for a kind whose manifest names no answer, the words its
    solver finds (a codeword's grid words, a word ladder's rungs)."""
    def walk(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("answer", "plaintext") and isinstance(value, str):
                    yield value
                elif key != "unplaced":        # words a grid left out are not published
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    found = list(walk(get_kind(kind).manifest(board))) or get_kind(kind).answers(board)
    return list(dict.fromkeys(found))


def answer_clues(kind: str, board: Board) -> dict[str, str]:
    """{answer: clue} of every manifest item with both (crossword entries)."""
    found: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            answer, clue = node.get("answer"), node.get("clue")
            if isinstance(answer, str) and isinstance(clue, str) and clue:
                found.setdefault(answer, clue)
            for key, value in node.items():
                if key != "unplaced":
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(get_kind(kind).manifest(board))
    return found


def _ordered(key: object) -> object:
    """`key` with its sets sorted: a set's repr follows PYTHONHASHSEED, a hash must not."""
    if isinstance(key, (set, frozenset)):
        return tuple(sorted((_ordered(k) for k in key), key=repr))
    if isinstance(key, tuple):
        return tuple(_ordered(k) for k in key)
    if isinstance(key, list):
        return [_ordered(k) for k in key]
    return key


def grid_hash(kind_name: str, board: Board) -> str:
    """The kind's identity when it has one (turns and mirrors count as the same), else
    the board's manifest entry."""
    kind = get_kind(kind_name)
    key = kind.identity(board)
    text = repr(_ordered(key)) if key is not None else json.dumps(kind.manifest(board), sort_keys=True,
                                                        ensure_ascii=False, default=str)
    return hashlib.blake2b(f"{kind_name}\n{text}".encode(), digest_size=16).hexdigest()
