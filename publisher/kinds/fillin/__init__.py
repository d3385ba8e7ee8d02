"""Fill-in (kriss-kross): the listed words go into an empty freeform grid;
exactly one fill fits, with the starter word given."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Literal

from pydantic import Field, field_validator

from ...words import Word
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, Params, PlanContext,
                    PuzzleRequest, WebPart, grid_size)
from ..wordsection import WordSection, word_sets
from ...grids.crossings import crossing_pairs, two_share_a_letter
from ...grids.enumeration import spaced
from ...grids.web import TYPING, entry_cells, letter_cells
from ...ground.catalogue import KindText
from ...ground.reasons import said_once
from .draw import draw_fillin, plan as draw_plan, word_groups
from .generator import make_fillin, unfit
from .layout import Entry

MIN_SIDE, MAX_SIDE = 5, 30


class FillInSection(WordSection):
    kind: Literal["fillin"]
    size: Any = (15, 15)
    starter: bool = True
    count: int | None = Field(default=None, ge=1, le=1000)
    words_per_puzzle: int | None = Field(default=None, ge=2, le=80)

    @field_validator("size")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int]:
        return grid_size(value, MIN_SIDE, MAX_SIDE)


class FillInParams(Params):
    answers: tuple[str, ...]
    rows: int
    cols: int
    starter: bool
    listed: tuple[str, ...] = ()     # each answer as the word list prints it (POMME DE TERRE)


@dataclass
class FillInBoard(Board):
    solution: list[list[str | None]] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    starter: int | None = None            # index into entries
    listed: dict[str, str] = field(default_factory=dict)   # answer -> with its word breaks

    @property
    def words(self) -> list[str]:
        return [e.answer for e in self.entries]

    @property
    def word_list(self) -> list[str]:
        """The words as the list prints them: a French POMME DE TERRE keeps its breaks
        (its grid cells are POMMEDETERRE, as the list's length heading counts)."""
        return [self.listed.get(e.answer, e.answer) for e in self.entries]


class FillInKind(Kind[FillInSection, FillInParams, FillInBoard]):
    name = "fillin"
    section_model = FillInSection
    params_model = FillInParams
    default_candidates = 6
    varied = "a larger size or more words to draw from"
    easier = "fewer words a puzzle with `words_per_puzzle`, a larger `size` or shorter words"
    default_answers_per_page = 4
    cell_units = True               # Dutch IJ takes one cell
    example = {"words": ["planet", "garden", "orange", "winter", "pencil", "tiger"],
               "size": 9}

    def plan(self, section: FillInSection, ctx: PlanContext) -> list[PuzzleRequest[FillInParams]]:
        rows, cols = section.size
        longest = max(rows, cols)

        def fits(word: Word) -> bool:
            return 2 <= len(word.answer) <= longest

        requests = []
        for puzzle in word_sets(section, ctx, lambda pool, field: list(filter(fits, pool))):
            bad = [w.text for w in puzzle.words if not fits(w)]
            if bad:
                raise ctx.error(puzzle.field, f"{', '.join(bad)}: a fill-in word has 2 to "
                                f"{longest} letters at {rows}x{cols}; use a larger size or "
                                "other words")
            if len(puzzle.words) < 2:
                raise ctx.error(puzzle.field, "a fill-in needs at least two words")
            if puzzle.exact and not two_share_a_letter(w.answer for w in puzzle.words):
                raise ctx.error(puzzle.field, "no two of its words have a letter in common, "
                                "so none can cross another; give words with letters in common")
            requests.append(PuzzleRequest(puzzle.title, FillInParams(
                answers=tuple(w.answer for w in puzzle.words), rows=rows, cols=cols,
                starter=section.starter,
                listed=tuple(spaced(w.text, w.answer) for w in puzzle.words)), puzzle.language))
        return requests

    def example_params(self, params: FillInParams, words: ExampleWords) -> FillInParams | None:
        """A small grid of the catalogue's example words (never the book's)."""
        chosen = [w.answer for w in words.words("example_words") if len(w.answer) <= 8][:4]
        if len(chosen) < 3:
            return None
        return FillInParams(answers=tuple(chosen), rows=9, cols=9, starter=params.starter)

    def why_failed(self, failures: list[str]) -> str:
        """The candidate that left the fewest words out says which (its words each once,
        not every candidate's list run together); the other reasons as usual."""
        left_out = [f for f in failures if unfit(f) is not None]
        others = [f for f in failures if unfit(f) is None]
        best = [min(sorted(left_out), key=lambda f: unfit(f) or 0)] if left_out else []
        return "; ".join(filter(None, [said_once(others)] + best))

    def answers(self, board: FillInBoard) -> list[str]:
        return list(board.words)

    def generate(self, params: FillInParams, seed: int) -> FillInBoard:
        board = make_fillin(list(params.answers), params.rows, params.cols, seed, params.starter)
        score = board.crossings * 100 + round(board.density * 50, 3)
        return FillInBoard(score=score, solution=board.grid, entries=board.entries,
                           starter=board.starter, listed={
                               answer: shown for answer, shown in zip(params.answers,
                                                                      params.listed)
                               if shown != answer})

    def identity(self, board: FillInBoard) -> Hashable:
        """The same words crossing the same words: one puzzle to a reader (so copies
        for a class differ by more than a turn or a slid word)."""
        return crossing_pairs((e.row, e.col, e.direction, e.answer) for e in board.entries)

    def _shown(self, board: FillInBoard) -> set[tuple[int, int]]:
        return set(board.entries[board.starter].cells()) if board.starter is not None else set()

    def _heading(self, ctx: Any):
        return lambda n: ctx.text.plural("letters", n)

    def draw_puzzle(self, canvas: Any, board: FillInBoard, box: Box, ctx: DrawContext) -> None:
        draw_fillin(canvas, board.solution, board.word_list, self._shown(board), box, ctx.theme,
                    self._heading(ctx))

    def draw_solution(self, canvas: Any, board: FillInBoard, box: Box, ctx: DrawContext) -> None:
        every = {(r, c) for r, row in enumerate(board.solution) for c, ch in enumerate(row) if ch}
        draw_fillin(canvas, board.solution, board.word_list, every, box, ctx.theme,
                    self._heading(ctx), with_list=False)

    def fits(self, board: FillInBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        if draw_plan(board.solution, board.word_list, box, ctx.theme, self._heading(ctx)) is None:
            return ("the grid and its word list do not fit at a readable size; put fewer "
                    "puzzles on a page or use fewer words")
        return None

    def writing_cell(self, board: FillInBoard, box: Box, ctx: DrawContext) -> float | None:
        chosen = draw_plan(board.solution, board.word_list, box, ctx.theme, self._heading(ctx))
        return chosen.cell if chosen else None

    def manifest(self, board: FillInBoard) -> dict[str, Any]:
        entries = [{"row": e.row, "col": e.col, "direction": e.direction, "answer": e.answer}
                   | ({"text": board.listed[e.answer]} if e.answer in board.listed else {})
                   for e in board.entries]
        return {"solution": [list(row) for row in board.solution], "entries": entries,
                "starter": entries[board.starter] if board.starter is not None else None}

    def from_manifest(self, entry: dict[str, Any]) -> FillInBoard:
        entries = [Entry(e["row"], e["col"], e["direction"], e["answer"]) for e in entry["entries"]]
        starter = None
        if entry.get("starter") is not None:
            s = entry["starter"]
            starter = entries.index(Entry(s["row"], s["col"], s["direction"], s["answer"]))
        return FillInBoard(solution=[list(row) for row in entry["solution"]], entries=entries,
                           starter=starter, listed={e["answer"]: e["text"]
                                                    for e in entry["entries"] if "text" in e})

    def text_for_search(self, board: FillInBoard) -> list[str]:
        return sorted(board.word_list)

    def web(self, board: FillInBoard, text: KindText) -> WebPart:
        cells = letter_cells(board.solution)
        spans = [entry_cells(e.row, e.col, e.direction, len(e.answer)) for e in board.entries]
        if board.starter is not None:            # the word already in place
            for r, c in spans[board.starter]:
                cell = cells[r][c]
                if cell is not None:
                    cell["g"] = True
        entries = [{"label": text.plural("letters", len(e.answer)), "cells": span}
                   for e, span in zip(board.entries, spans)]
        groups = [{"title": text.plural("letters", n), "words": words}
                  for n, words in word_groups(board.word_list)]
        return WebPart(data={"rows": len(cells), "cols": len(cells[0]), "cells": cells,
                             "entries": entries, "word_groups": groups, "gaps": "void"},
                       rule=text.text("rule"), script=TYPING, uses=("cells",))


KIND = FillInKind()
