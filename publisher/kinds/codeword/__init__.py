"""Codeword: a blocked grid of common words with every letter replaced by a number; a few
letters are given, the reader decodes the rest. Every letter of the alphabet appears where
the fill list allows (a letter a grid lacks is reported), the decoding is unique and needs
no guessing (proved by propagation, solve.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Hashable, Literal

from pydantic import Field

from ...data import data_dir
from ...errors import GenerationFailed
from ...grids.difficulty import above_difficulty, difficulty_size, draw_difficulty
from ...grids.web import TYPING
from ...ground.catalogue import KindText, available, catalogue
from ...ground.printrules import short_of
from ...words import bundled_lists
from ..base import (Board, Box, DrawContext, Kind, Params, PlanContext, PuzzleRequest,
                    SectionBase, WebPart)
from .draw import cell_size, draw_codeword, smallest_text
from .make import CodewordFailed, make_codeword
from .solve import GRADES

# The How to play page's solved example: 9x9 reads at the large-print answer floor (16 pt)
# where 11x11 does not; 4 givens let every language decode one (2 often fail at 9x9).
EXAMPLE_SIZE, EXAMPLE_GIVENS = 9, 4
SIZES = range(9, 18, 2)      # the sizes a section may ask


class CodewordSection(SectionBase):
    # keys a user may expect and this kind refuses, and why (spec errors say it)
    not_keys: ClassVar[dict[str, str]] = dict.fromkeys(
        ("words", "themes", "puzzles", "clues", "words_per_puzzle"),
        "a codeword takes no word list: its grid is filled from the language's fill list "
        "(`language` chooses it); remove this key and give `size`, `givens` and `count`")
    kind: Literal["codeword"]
    size: int = Field(default=13, ge=SIZES[0], le=SIZES[-1],
                      description="rows and columns, odd: 9 to 17")
    givens: int = Field(default=2, ge=1, le=6, description="letters revealed")
    difficulty: Literal["easy", "medium", "hard"] = Field(
        default="easy", description="the hardest step the decoding needs (docs/spec.md)")
    count: int = Field(default=1, ge=1, le=1000)


class CodewordParams(Params):
    language: str
    size: int
    givens: int
    difficulty: str = GRADES[0]
    fill: str                          # the fill list (path)
    repeat: bool = False               # `repeat: allow`: words may recur in the book
    avoid: tuple[str, ...] = ()        # words of the book's codewords before it


@dataclass
class CodewordBoard(Board):
    solution: list[list[str | None]] = field(default_factory=list)
    numbers: list[list[int | None]] = field(default_factory=list)
    key: dict[str, int] = field(default_factory=dict)       # letter -> number
    givens: list[str] = field(default_factory=list)
    grade: str = GRADES[0]
    language: str = "en"


class CodewordKind(Kind[CodewordSection, CodewordParams, CodewordBoard]):
    name = "codeword"
    section_model = CodewordSection
    params_model = CodewordParams
    default_candidates = 6           # the kept one lacks the fewest letters
    varied = "a larger size or more words to draw from"
    default_answers_per_page = 4
    easier = "more givens, a larger size or another difficulty"
    cell_units = True                # Dutch IJ is one letter of the code
    example = {"size": 11, "count": 1}

    def plan(self, section: CodewordSection,
             ctx: PlanContext) -> list[PuzzleRequest[CodewordParams]]:
        if section.size % 2 == 0:
            raise ctx.error("size", f"a codeword grid has an odd size (its words run on every "
                            f"other line); use {section.size - 1} or {section.size + 1}")
        fill = data_dir("wordlists") / ctx.language / "fill.txt"
        if not fill.is_file():
            raise ctx.error("language", f"there is no fill list for {ctx.language!r} "
                            f"(wordlists/{ctx.language}/fill.txt); write the codeword in "
                            "another language")
        params = CodewordParams(language=ctx.language, size=section.size,
                                givens=section.givens, difficulty=section.difficulty,
                                fill=str(fill), repeat=section.repeat == "allow")
        titles = ctx.titles(section.title, section.count)
        return [PuzzleRequest(title, params, ctx.language) for title in titles]

    def generate(self, params: CodewordParams, seed: int) -> CodewordBoard:
        alphabet = catalogue(params.language).cell_alphabet
        try:
            made = make_codeword(params.size, params.givens, alphabet, params.fill, seed,
                                  params.language, params.difficulty, frozenset(params.avoid))
        except CodewordFailed as exc:
            raise GenerationFailed(str(exc)) from None
        # Letters only loanwords use (Italian K) are no loss worth a warning.
        rare = catalogue(params.language).rare_letters
        lacking = [letter for letter in made.missing if letter not in rare]
        warnings = [f"the grid lacks {', '.join(lacking)} (no common words could place "
                    f"{'it' if len(lacking) == 1 else 'them'})"] if lacking else []
        return CodewordBoard(score=-float(len(made.missing)), warnings=warnings,
                             solution=made.solution, numbers=made.numbers, key=made.key,
                             givens=made.givens, grade=params.difficulty,
                             language=params.language)

    def unbeatable(self, board: CodewordBoard, params: CodewordParams) -> bool:
        return board.score == 0              # every letter of the alphabet is in it

    def identity(self, board: CodewordBoard) -> Hashable:
        return tuple("".join(ch or "#" for ch in row) for row in board.solution)

    def example_params(self, params: CodewordParams, words: Any) -> CodewordParams | None:
        return params.model_copy(update=dict(size=EXAMPLE_SIZE, givens=EXAMPLE_GIVENS,
                                                  difficulty=GRADES[0]))

    def answers(self, board: CodewordBoard) -> list[str]:
        rows = ["".join(ch or "#" for ch in row) for row in board.solution]
        return [word for line in (*rows, *map("".join, zip(*rows)))
                for word in line.split("#") if len(word) > 1]

    def avoiding(self, params: CodewordParams, answers: frozenset[str],
                 strict: bool = True) -> CodewordParams | None:
        # the words that place rare letters (Spanish WEB, WATTS) would come back in every
        # codeword of a book; not strict (no candidate could do without): as it was
        return None if params.repeat else params.model_copy(
            update={"avoid": tuple(sorted(answers)) if strict else ()})

    def draw_puzzle(self, canvas: Any, board: CodewordBoard, box: Box, ctx: DrawContext) -> None:
        inner = None if ctx.bare else above_difficulty(box, ctx, board.grade)
        bottom = draw_codeword(canvas, board.solution, board.numbers, board.key,
                               set(board.givens), catalogue(board.language).cell_alphabet,
                               inner or box, ctx.theme)
        if inner:                        # the difficulty under the alphabet
            size = difficulty_size(ctx)
            draw_difficulty(canvas, ctx, board.grade, box.x + box.width / 2,
                            bottom - size * 1.1, size)

    def draw_solution(self, canvas: Any, board: CodewordBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw_codeword(canvas, board.solution, board.numbers, board.key, set(board.key),
                      None, box, ctx.theme, answer=True)

    def fits(self, board: CodewordBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        alphabet = None if solution else catalogue(board.language).cell_alphabet
        floor = ctx.theme.min_answer_font_size if solution else ctx.theme.min_font_size
        box = (None if solution else above_difficulty(box, ctx, board.grade)) or box

        def reads(rows: int) -> float:
            return smallest_text(rows, len(board.key), alphabet, box, solution, floor)
        rows = len(board.numbers)
        if reads(rows) >= floor:
            return None
        # The advice for the box the book asks last (alone on its page): what fits it.
        fitting = [n for n in SIZES if reads(n) >= floor and (solution or cell_size(
            n, len(board.key), alphabet, box) >= ctx.theme.min_writing_cell)]
        advice = (f"use size {fitting[-1]}, the largest whose numbers reach {floor:g} pt "
                  "here" if fitting else "no size reads here: use a layout with a larger "
                  "page or a lower min_font_size")
        return (f"the numbers of a {rows}x{rows} codeword would be {short_of(reads(rows))} pt, "
                f"under {floor:g} pt; {advice}")

    def writing_cell(self, board: CodewordBoard, box: Box, ctx: DrawContext) -> float:
        return cell_size(len(board.numbers), len(board.key),
                         catalogue(board.language).cell_alphabet,
                         above_difficulty(box, ctx, board.grade) or box)

    def manifest(self, board: CodewordBoard) -> dict[str, Any]:
        return {"solution": ["".join(ch or "#" for ch in row) for row in board.solution],
                "numbers": [list(row) for row in board.numbers], "key": dict(board.key),
                "givens": list(board.givens), "grade": board.grade}

    def from_manifest(self, entry: dict[str, Any]) -> CodewordBoard:
        letters = set(entry["key"])
        # the language whose alphabet holds the letters (the smallest: en before es)
        language = min((code for code in available() if letters <= set(catalogue(code).cell_alphabet)),
                       key=lambda code: (len(catalogue(code).cell_alphabet), code))
        return CodewordBoard(solution=[[None if ch == "#" else ch for ch in row]
                                       for row in entry["solution"]],
                             numbers=[list(row) for row in entry["numbers"]],
                             key=dict(entry["key"]), givens=list(entry["givens"]),
                             grade=entry["grade"], language=language)

    def web(self, board: CodewordBoard, text: KindText) -> WebPart:
        givens = set(board.givens)
        cells: list[list[dict[str, Any] | None]] = [
            [None if ch is None else {"s": ch, "n": n, "grp": str(n)} | (
                {"g": True} if ch in givens else {})
             for ch, n in zip(row, numbers)]
            for row, numbers in zip(board.solution, board.numbers)]
        return WebPart(data={"rows": len(cells), "cols": len(cells[0]), "cells": cells,
                             "keys": catalogue(board.language).cell_alphabet,
                             "key": {"label": text.text("web_key"),
                                     "number": text.text("web_key_number")}},
                       rule=text.text("rule"), script=TYPING, uses=("cells",))

    def text_for_search(self, board: CodewordBoard) -> list[str]:
        return [str(board.key[letter]) for letter in board.givens]

    def listing(self, language: str, tag: str | None = None) -> list[str]:
        return bundled_lists(data_dir("wordlists"), language, ("fill",), tag)


KIND = CodewordKind()
