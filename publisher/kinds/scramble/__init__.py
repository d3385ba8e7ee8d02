"""Word scramble: each word's letters shuffled (never into a word); optional
newspaper bonus whose letters are marked in the answers."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field, model_validator

from ...data import data_dir
from ...errors import GenerationFailed
from ...grids.web import TYPING
from ...ground.catalogue import KindText, catalogue
from ...words import grid_form
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, Params, PlanContext,
                    PuzzleRequest, WebPart, Word)
from ..wordsection import WordSection, word_sets
from .draw import Item, centred_box, draw_scramble, fit
from .generator import (ScrambleError, dictionary_for, kept_pairs, mark_letters,
                        read_dictionary, scramble_all, scramble_word)


class ScrambleSection(WordSection):
    kind: Literal["scramble"]
    count: int | None = Field(default=None, ge=1, le=1000)
    words_per_puzzle: int | None = Field(default=None, ge=1, le=60)
    show: Literal["words", "clues"] = "words"
    bonus: bool = False
    bonus_answer: str | None = Field(default=None, min_length=2)
    bonus_clue: str | None = Field(default=None, min_length=1)

    def clues_required(self) -> bool:
        return self.show == "clues"

    @model_validator(mode="after")
    def _consistent(self) -> "ScrambleSection":
        if self.bonus and not self.bonus_answer:
            raise ValueError("`bonus: true` needs `bonus_answer:` (and a `bonus_clue:`)")
        if self.bonus_answer and not self.bonus:
            raise ValueError("`bonus_answer` goes with `bonus: true`")
        if self.bonus and (self.themes is not None or (self.count or 1) != 1
                           or len(self.puzzles or [None]) != 1):
            raise ValueError("a bonus answer belongs to one puzzle: give the section one "
                             "puzzle (`count: 1`, or one item in `puzzles:`; one section per "
                             "bonus)")
        return self


class ScrambleParams(Params):
    items: tuple[tuple[str, str, str | None], ...]     # (text, answer, clue)
    language: str
    bonus_answer: str | None                            # as printed in boxes (spaces kept)
    bonus_clue: str | None
    dictionary: str | None                              # path of the fill list, if any


@dataclass
class ScrambleBoard(Board):
    items: list[dict[str, Any]] = field(default_factory=list)   # scrambled, answer, clue, marked
    bonus: dict[str, str] | None = None                        # scrambled, answer
    bonus_clue: str | None = None


def bonus_letters(answer: str, language: str) -> str:
    return grid_form(answer, language)


def bonus_display(answer: str, language: str) -> str:
    """Upper-case letters, one space between words (the boxes leave a gap)."""
    return " ".join(grid_form(part, language) for part in answer.split())


class ScrambleKind(Kind[ScrambleSection, ScrambleParams, ScrambleBoard]):
    name = "scramble"
    section_model = ScrambleSection
    params_model = ScrambleParams
    default_candidates = 4
    default_answers_per_page = 4
    example = {"words": ["planet", "garden", "orange", "winter", "pencil"]}

    def plan(self, section: ScrambleSection,
             ctx: PlanContext) -> list[PuzzleRequest[ScrambleParams]]:
        wordlists = data_dir("wordlists")

        def scrambles(pool: list[Word], field: str) -> list[Word]:
            # words that cannot be scrambled are simply not drawn from a pool
            forbidden = dictionary_for(ctx.language, wordlists)[0] | {w.answer for w in pool}
            return [w for w in pool if self._refusal(w, forbidden) is None]

        requests = []
        for puzzle in word_sets(section, ctx, scrambles):
            language = puzzle.language
            forbidden = (dictionary_for(language, wordlists)[0]
                         | {w.answer for w in puzzle.words})
            for w in puzzle.words if puzzle.exact else []:
                problem = self._refusal(w, forbidden)
                if problem:
                    raise ctx.error(puzzle.field, f"{w.text!r}: {problem}; remove it")
            bonus = bonus_display(section.bonus_answer, language) if section.bonus_answer else None
            if bonus:
                try:
                    mark_letters([w.answer for w in puzzle.words], bonus.replace(" ", ""),
                                 random.Random(0))
                except ScrambleError as exc:
                    raise ctx.error("bonus_answer", str(exc)) from None
            path = wordlists / language / "fill.txt"
            requests.append(PuzzleRequest(puzzle.title, ScrambleParams(
                items=tuple((w.text, w.answer, w.clue if section.show == "clues" else None)
                            for w in puzzle.words),
                language=language, bonus_answer=bonus, bonus_clue=section.bonus_clue,
                dictionary=str(path) if path.is_file() else None), language))
        return requests

    def version_params(self, params: ScrambleParams, copy: int) -> ScrambleParams:
        """Each version lists its words in its own order (seeded by the words and the copy
        number), never the first version's, so answer 1 differs from sheet to sheet."""
        items = list(params.items)
        if len(items) < 2:
            return params
        rng = random.Random(f"scramble-version:{copy}:" + "|".join(a for _, a, _ in items))
        rng.shuffle(items)
        if tuple(items) == params.items:       # shuffled back into place: move one along
            items = items[1:] + items[:1]
        return params.model_copy(update={"items": tuple(items)})

    @staticmethod
    def _refusal(word: Word, forbidden: frozenset[str]) -> str | None:
        """Why `word` cannot be scrambled (never into a word of `forbidden`: the dictionary
        and its puzzle's words), or None."""
        try:
            scramble_word(word.answer, forbidden, random.Random(0))
        except ScrambleError as exc:
            return str(exc)
        return None

    def example_params(self, params: ScrambleParams,
                       words: ExampleWords) -> ScrambleParams | None:
        """Three of the catalogue's example words (never the book's), without a bonus."""
        chosen = words.words("example_words")[:3]
        if len(chosen) < 3:
            return None
        return ScrambleParams(items=tuple((w.text, w.answer, None) for w in chosen),
                              language=words.language, bonus_answer=None, bonus_clue=None,
                              dictionary=params.dictionary)

    def answers(self, board: ScrambleBoard) -> list[str]:
        bonus = [board.bonus["answer"]] if board.bonus else []
        return [item["answer"] for item in board.items] + bonus

    def generate(self, params: ScrambleParams, seed: int) -> ScrambleBoard:
        rng = random.Random(seed)
        answers = [answer for _, answer, _ in params.items]
        warnings = []
        if params.dictionary:
            from pathlib import Path
            dictionary = read_dictionary(Path(params.dictionary))
        else:
            dictionary, warning = dictionary_for(params.language, data_dir("wordlists"))
            warnings = [warning] if warning else []
        try:
            scrambles = scramble_all(answers, dictionary, rng)
            marks = ([[] for _ in answers] if params.bonus_answer is None else
                     mark_letters(answers, params.bonus_answer.replace(" ", ""), rng))
            bonus = None
            if params.bonus_answer:
                letters = params.bonus_answer.replace(" ", "")
                bonus = {"scrambled": scramble_word(letters, dictionary, rng),
                         "answer": params.bonus_answer}
        except ScrambleError as exc:
            raise GenerationFailed(str(exc)) from None
        items = [{"scrambled": s, "answer": a, "clue": clue, "marked": m}
                 for s, a, (_, _, clue), m in zip(scrambles, answers, params.items, marks)]
        score = -float(sum(kept_pairs(a, s) for a, s in zip(answers, scrambles)))
        return ScrambleBoard(score=score, warnings=warnings, items=items, bonus=bonus,
                             bonus_clue=params.bonus_clue)

    def stand_in(self, params: ScrambleParams) -> ScrambleBoard:
        """Each word unscrambled: a scramble is its word's letters, so it takes the room
        of any board's (a list too long for the page is refused before generating)."""
        items: list[dict[str, Any]] = [
            {"scrambled": answer, "answer": answer, "clue": clue, "marked": []}
            for _, answer, clue in params.items]
        bonus = params.bonus_answer
        return ScrambleBoard(items=items, bonus_clue=params.bonus_clue, bonus={
            "scrambled": bonus.replace(" ", ""), "answer": bonus} if bonus else None)

    def unbeatable(self, board: ScrambleBoard, params: ScrambleParams) -> bool:
        return board.score >= 0           # no scramble keeps a letter pair of its word

    def _parts(self, board: ScrambleBoard, ctx: Any) -> tuple[list[Item], tuple | None]:
        items = [Item(it["scrambled"], it["answer"], it["marked"], it["clue"])
                 for it in board.items]
        bonus = None
        if board.bonus:
            clue = ctx.text.text("bonus", clue=board.bonus_clue) if board.bonus_clue else \
                ctx.text.text("bonus_plain")
            bonus = (board.bonus["scrambled"], board.bonus["answer"], clue)
        return items, bonus

    def draw_puzzle(self, canvas: Any, board: ScrambleBoard, box: Box, ctx: DrawContext) -> None:
        items, bonus = self._parts(board, ctx)
        draw_scramble(canvas, items, box, ctx.theme, False, bonus)

    def draw_solution(self, canvas: Any, board: ScrambleBoard, box: Box, ctx: DrawContext) -> None:
        items, bonus = self._parts(board, ctx)
        draw_scramble(canvas, items, box, ctx.theme, True, bonus)

    def draw_example(self, canvas: Any, board: ScrambleBoard, box: Box,
                     ctx: DrawContext) -> None:
        """The solved example in the middle of its box (the room under a How to play
        page's rules), not at its top with the foot of the page blank."""
        items, bonus = self._parts(board, ctx)
        canvas.saveState()
        draw_scramble(canvas, items, centred_box(items, box, ctx.theme, bonus), ctx.theme,
                      True, bonus)
        canvas.restoreState()

    def fits(self, board: ScrambleBoard, box: Box, ctx: DrawContext, solution: bool = False
             ) -> str | None:
        items, bonus = self._parts(board, ctx)
        pencil = 0.0 if solution else ctx.theme.min_writing_cell
        if fit(items, box, ctx.theme, bonus, pencil=pencil) is None:
            return (f"{len(items)} words do not fit at {ctx.theme.min_font_size:g} pt; put "
                    "fewer puzzles on a page, fewer words in a puzzle or shorter words")
        return None

    def writing_cell(self, board: ScrambleBoard, box: Box, ctx: DrawContext) -> float | None:
        items, bonus = self._parts(board, ctx)
        chosen = fit(items, box, ctx.theme, bonus, pencil=ctx.theme.min_writing_cell)
        return chosen.box if chosen else None

    def manifest(self, board: ScrambleBoard) -> dict[str, Any]:
        return {"items": [{"scrambled": it["scrambled"], "answer": it["answer"],
                           "clue": it["clue"], "marked": list(it["marked"])}
                          for it in board.items],
                # the issue's {scrambled, answer}, plus the clue printed with it (the
                # answer key redrawn from the manifest needs it)
                "bonus": {**board.bonus, "clue": board.bonus_clue} if board.bonus else None}

    def from_manifest(self, entry: dict[str, Any]) -> ScrambleBoard:
        bonus = entry.get("bonus")
        return ScrambleBoard(items=[dict(it) for it in entry["items"]],
                             bonus={"scrambled": bonus["scrambled"], "answer": bonus["answer"]}
                             if bonus else None,
                             bonus_clue=bonus.get("clue") if bonus else None)

    def web(self, board: ScrambleBoard, text: KindText) -> WebPart:
        letters = catalogue(text.language).alphabet
        rows = [(it["scrambled"], it["clue"] or "", it["answer"], set(it["marked"]))
                for it in board.items]
        if board.bonus:
            clue = (text.text("bonus", clue=board.bonus_clue) if board.bonus_clue
                    else text.text("bonus_plain"))
            rows.append((board.bonus["scrambled"], clue, board.bonus["answer"], set()))
        width = max(len(answer) for _, _, answer, _ in rows)
        cells: list[list[dict[str, Any] | None]] = []
        entries = []
        for r, (scrambled, clue, answer, marked) in enumerate(rows):
            cells.append([({"s": ch} | ({"o": True} if i in marked else {}))
                          if ch in letters else {"t": ch} for i, ch in enumerate(answer)]
                         + [None] * (width - len(answer)))
            entries.append({"label": " ".join(scrambled), "clue": clue,
                            "cells": [[r, c] for c in range(len(answer))]})
        return WebPart(data={"rows": len(cells), "cols": width, "cells": cells,
                             "entries": entries, "lists": [text.text("title")],
                             "gaps": "void"},
                       rule=text.text("rule"), script=TYPING, uses=("cells",))

    def text_for_search(self, board: ScrambleBoard) -> list[str]:
        return [" ".join(it["scrambled"]) for it in board.items]


KIND = ScrambleKind()
