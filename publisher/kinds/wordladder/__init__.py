"""Word ladder: from the first word to the last, changing one letter a step, every rung a
common word of the language (its fill list at a high score, never a blocklisted word nor
a name or foreign word: words.not_common_words, nor a word the grid spells out, German
FUER for für: words.spelled_out_words). The printed par is the shortest ladder's length; the key shows one shortest ladder. With clues,
every rung is clued from the language's clue database and the key's ladder is the only one
that fits the clues."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Hashable, Literal

from pydantic import Field

from ...data import data_dir
from ...errors import GenerationFailed
from ...grids.web import TYPING
from ...ground.catalogue import KindText, catalogue
from ...words import bundled_lists, grid_form
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, Params, PlanContext,
                    PuzzleRequest, SectionBase, WebPart)
from .draw import draw_ladder, layout
from .ladder import LadderError, make_ladder


EXAMPLE_STEPS = 4            # a made How to play example: as short as the catalogue's


class WordLadderSection(SectionBase):
    # keys a user may expect and this kind refuses, and why (spec errors say it)
    not_keys: ClassVar[dict[str, str]] = dict.fromkeys(
        ("words", "themes", "puzzles", "words_per_puzzle"),
        "a word ladder takes no word list: it draws common words from the language's fill "
        "list (`language` chooses it); remove this key and give `length`, `steps` and `count`")
    kind: Literal["wordladder"]
    length: int = Field(default=4, ge=3, le=6, description="letters in each word")
    steps: int = Field(default=5, ge=3, le=10, description="one-letter changes from the "
                       "first word to the last (the par)")
    clues: bool = Field(default=False, description="a clue for each rung, from the "
                        "language's clue database")
    count: int = Field(default=1, ge=1, le=1000)


class WordLadderParams(Params):
    language: str
    length: int
    steps: int
    fill: str                          # the fill list (path)
    blocklists: tuple[str, ...]        # words never used (paths)
    clue_file: str | None = None       # the clue database (path) with `clues: true`
    fixed: tuple[str, ...] | None = None    # the How to play example: this ladder as is
    avoid: tuple[str, ...] = ()        # no rung one of these (a made example: the book's answers)


@dataclass
class WordLadderBoard(Board):
    start: str = ""
    end: str = ""
    solution: list[str] = field(default_factory=list)    # start .. end, one shortest ladder
    par: int = 0
    clues: list[str] | None = None                        # one per rung between


class WordLadderKind(Kind[WordLadderSection, WordLadderParams, WordLadderBoard]):
    name = "wordladder"
    section_model = WordLadderSection
    params_model = WordLadderParams
    default_candidates = 4
    varied = "another word length or more steps"
    default_answers_per_page = 6
    default_per_page = 2       # a ladder of a few rungs fills half a page
    easier = "fewer steps or shorter words (or `clues: false`)"
    example = {"length": 4, "steps": 4, "count": 1}

    def plan(self, section: WordLadderSection,
             ctx: PlanContext) -> list[PuzzleRequest[WordLadderParams]]:
        folder = data_dir("wordlists")
        fill = folder / ctx.language / "fill.txt"
        if not fill.is_file():
            raise ctx.error("kind", f"there is no fill list for {ctx.language!r} "
                            f"(wordlists/{ctx.language}/fill.txt); write the book in another "
                            "language")
        clue_file = folder / ctx.language / "clues.yaml"
        if section.clues and not clue_file.is_file():
            raise ctx.error("clues", f"there is no clue database for {ctx.language!r} "
                            f"(wordlists/{ctx.language}/clues.yaml); use `clues: false`")
        blocklists = tuple(str(p) for p in (folder / "blocklist" / f"{ctx.language}.txt",
                                            folder / "blocklist" / "fill" / f"{ctx.language}.txt")
                           if p.is_file())
        params = WordLadderParams(language=ctx.language, length=section.length,
                                  steps=section.steps, fill=str(fill), blocklists=blocklists,
                                  clue_file=str(clue_file) if section.clues else None)
        return [PuzzleRequest(title, params, ctx.language)
                for title in ctx.titles(section.title, section.count)]

    def generate(self, params: WordLadderParams, seed: int) -> WordLadderBoard:
        if params.fixed:
            words = list(params.fixed)
            return WordLadderBoard(start=words[0], end=words[-1], solution=words,
                                   par=len(words) - 1)
        try:
            avoid = frozenset(params.avoid)
            ladder = make_ladder(params.fill, params.blocklists, params.language,
                                 params.length, params.steps, params.clue_file,
                                 random.Random(seed),
                                 lambda w: not ExampleWords.answer_set([w]) & avoid)
        except LadderError as exc:
            raise GenerationFailed(str(exc)) from None
        return WordLadderBoard(score=0.0, start=ladder.words[0], end=ladder.words[-1],
                               solution=list(ladder.words), par=len(ladder.words) - 1,
                               clues=list(ladder.clues) if ladder.clues is not None else None)

    def unbeatable(self, board: WordLadderBoard, params: WordLadderParams) -> bool:
        return True           # every ladder found meets the request; candidates only vary

    def identity(self, board: WordLadderBoard) -> Hashable:
        return frozenset((board.start, board.end))

    def example_params(self, params: WordLadderParams,
                       words: ExampleWords) -> WordLadderParams | None:
        """The first of the catalogue's example ladders with no rung an answer of the book;
        when the book's ladders use a rung of each, a short one made with none."""
        entries = (words.text.catalogue.lookup("kinds.wordladder.example_ladders")
                   if words.text.has("example_ladders") else [])
        for entry in entries:
            ladder = [grid_form(w, words.language) for w in entry]
            if not any(words.gives_away(w) for w in ladder):
                return params.model_copy(update={"fixed": tuple(ladder),
                                                 "length": len(ladder[0]),
                                                 "steps": len(ladder) - 1, "clue_file": None})
        return params.model_copy(update={"steps": min(params.steps, EXAMPLE_STEPS),
                                         "clue_file": None, "avoid": tuple(words.answers)})

    def answers(self, board: WordLadderBoard) -> list[str]:
        return list(board.solution)

    def _draw(self, canvas: Any, board: WordLadderBoard, box: Box, ctx: DrawContext,
              solution: bool) -> None:
        par = ctx.text.plural("par", board.par)
        floor = ctx.theme.min_answer_font_size if solution else None
        rule = None if solution else self._own_rule(board, ctx)
        draw_ladder(canvas, board.solution, None if solution else board.clues, par, rule,
                    box, ctx.theme, solution, floor)

    def draw_puzzle(self, canvas: Any, board: WordLadderBoard, box: Box,
                    ctx: DrawContext) -> None:
        self._draw(canvas, board, box, ctx, False)

    def draw_solution(self, canvas: Any, board: WordLadderBoard, box: Box,
                      ctx: DrawContext) -> None:
        self._draw(canvas, board, box, ctx, True)

    def fits(self, board: WordLadderBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        floor = ctx.theme.min_answer_font_size if solution else ctx.theme.min_font_size
        rule = None if solution else self._own_rule(board, ctx)
        if layout(len(board.solution), len(board.start), None if solution else board.clues,
                  rule, box, ctx.theme, floor) is None:
            return (f"a ladder of {len(board.solution)} words does not fit at {floor:g} pt; "
                    "put fewer puzzles on a page or ask for fewer steps")
        return None

    def instruction(self, board: WordLadderBoard, ctx: DrawContext) -> str:
        return self._rule(board, ctx.text)

    def _own_rule(self, board: WordLadderBoard, ctx: DrawContext) -> str | None:
        """The rule above the ladder, unless the page prints it (a worksheet's header)."""
        return None if ctx.bare or ctx.instructed else self.instruction(board, ctx)

    @staticmethod
    def _rule(board: WordLadderBoard, text: KindText) -> str:
        return text.text("rule_clues" if board.clues else "rule",
                         start=board.start, end=board.end)

    def writing_cell(self, board: WordLadderBoard, box: Box, ctx: DrawContext) -> float | None:
        chosen = layout(len(board.solution), len(board.start), board.clues,
                        self._own_rule(board, ctx), box, ctx.theme)
        return chosen.box if chosen else None

    def manifest(self, board: WordLadderBoard) -> dict[str, Any]:
        return {"start": board.start, "end": board.end, "solution": list(board.solution),
                "par": board.par, "clues": list(board.clues) if board.clues is not None
                else None}

    def from_manifest(self, entry: dict[str, Any]) -> WordLadderBoard:
        clues = entry.get("clues")
        return WordLadderBoard(start=entry["start"], end=entry["end"],
                               solution=list(entry["solution"]), par=entry["par"],
                               clues=list(clues) if clues is not None else None)

    def web(self, board: WordLadderBoard, text: KindText) -> WebPart:
        """A typing grid, one row a word: the first and last given, each rung between an
        entry (Tab goes to the next), clued when the puzzle is. The page checks against the
        key's ladder (docs/web.md: the only one with clues; without them another ladder of
        the par is as good in print, but the page would need the word list to know it)."""
        letters = catalogue(text.language).alphabet
        last = len(board.solution) - 1
        cells = [[({"s": ch} | ({"g": True} if r in (0, last) else {})) if ch in letters
                  else {"t": ch} for ch in word] for r, word in enumerate(board.solution)]
        entries = [{"label": text.text("web_rung", n=r),
                    "clue": board.clues[r - 1] if board.clues else "",
                    "cells": [[r, c] for c in range(len(word))]}
                   for r, word in enumerate(board.solution) if 0 < r < last]
        return WebPart(data={"rows": len(cells), "cols": len(board.start), "cells": cells,
                             "entries": entries,
                             "lists": [text.text("web_clues")] if board.clues else [],
                             "note": text.plural("par", board.par)},
                       rule=self._rule(board, text), script=TYPING, uses=("cells",))

    def text_for_search(self, board: WordLadderBoard) -> list[str]:
        return [board.start, board.end] + list(board.clues or [])

    def listing(self, language: str, tag: str | None = None) -> list[str]:
        return bundled_lists(data_dir("wordlists"), language, ("fill", "clues"), tag)


KIND = WordLadderKind()
