"""Word search: words hidden in 2 to 8 directions, every word exactly once."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...errors import GenerationFailed
from ...words import Word, alphabet_for, letter_weights
from ..base import (Board, Box, DrawContext, Kind, Language, Params, PlanContext, PuzzleRequest,
                    SectionBase, grid_size)
from . import draw
from .generator import (DIFFICULTY_DIRECTIONS, DIRECTION_INDEX, DIRECTIONS, balance,
                        direction_entropy, fill_and_verify, place_words)

MIN_SIDE, MAX_SIDE = 5, 40
WordsRef = Union[str, list, dict]


def grid_side(value: Any) -> tuple[int, int]:
    return grid_size(value, MIN_SIDE, MAX_SIDE)


class WordSearchPuzzle(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    title: str = Field(min_length=1)
    words: WordsRef
    language: Language | None = None
    size: tuple[int, int] | None = None     # this puzzle's own size, else the section's

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int] | None:
        return None if value is None else grid_side(value)


class WordSearchSection(SectionBase):
    kind: Literal["wordsearch"]
    size: tuple[int, int] = (15, 15)
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    directions: list[str] | None = None
    puzzles: list[WordSearchPuzzle] | None = None
    count: int | None = Field(default=None, ge=1, le=2000)
    words_per_puzzle: int | None = Field(default=None, ge=1, le=300)
    words: WordsRef | None = None
    themes: Literal["all"] | list[str] | None = Field(
        default=None, description="bundled themes: one puzzle per theme (or `count`, cycling)")
    tag: str | None = Field(default=None, description="with `themes: all`: only themes tagged so")
    forbidden: list[str] = Field(default_factory=list,
                                 description="words that must never appear in any grid")

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int]:
        return grid_side(value)

    @field_validator("directions")
    @classmethod
    def _directions(cls, value):
        if value is None:
            return value
        names = [str(v).upper() for v in value]
        unknown = [n for n in names if n not in DIRECTION_INDEX]
        if unknown or not names:
            raise ValueError(f"unknown direction(s) {', '.join(unknown) or '(none)'}; "
                             f"use some of {', '.join(DIRECTION_INDEX)}")
        return list(dict.fromkeys(names))

    @model_validator(mode="after")
    def _one_form(self):
        if self.themes is not None:
            if self.puzzles is not None or self.words is not None:
                raise ValueError("`themes` draws each puzzle's words from a bundled theme: "
                                 "give it without `puzzles` or `words`")
            if self.words_per_puzzle is None:
                raise ValueError("`themes` needs `words_per_puzzle` (how many words of each "
                                 "theme go into its puzzle)")
            if self.themes == []:
                raise ValueError("`themes` is empty; write `themes: all` or name some")
            return self
        if self.tag is not None:
            raise ValueError("`tag` goes with `themes: all`")
        if (self.puzzles is None) == (self.count is None):
            raise ValueError("give either `puzzles` (a list) or `count` with "
                             "`words_per_puzzle` and `words` (a pool), or `themes`")
        if self.count is not None and (self.words is None or self.words_per_puzzle is None):
            raise ValueError("`count` needs `words` (the pool) and `words_per_puzzle`")
        if self.puzzles is not None and (self.words is not None or self.words_per_puzzle):
            raise ValueError("`words` and `words_per_puzzle` go with `count`; with "
                             "`puzzles`, give each puzzle its own `words`")
        return self


class WordSearchParams(Params):
    rows: int = 15
    cols: int = 15
    language: str = "en"
    words: tuple[tuple[str, str], ...] = ()       # (text as printed, answer as in the grid)
    directions: tuple[int, ...] = ()              # indices into generator.DIRECTIONS
    forbidden: tuple[str, ...] = ()
    effort: int = 0                               # eviction steps when words are left over


@dataclass
class WordSearchBoard(Board):
    rows: int = 0
    cols: int = 0
    letters: list[str] = field(default_factory=list)      # row-major, one per cell
    words: list[tuple[str, str]] = field(default_factory=list)    # (text, answer)
    placements: list[tuple[int, int, int, int]] = field(default_factory=list)  # word,r,c,d
    unplaced: list[str] = field(default_factory=list)

    def cell(self, row: int, col: int) -> str:
        return self.letters[row * self.cols + col]


def contains(word: str, part: str) -> bool:
    """`part` reads inside `word`, forwards or reversed."""
    return part in word or part[::-1] in word


def clash(a: str, b: str) -> bool:
    """True when one answer is inside the other, forwards or reversed."""
    return contains(a, b) or contains(b, a)


def longest_fit(rows: int, cols: int, directions: list[str]) -> int:
    fits = []
    for name in directions:
        _, dr, dc = DIRECTIONS[DIRECTION_INDEX[name]]
        fits.append(min(rows if dr else 10 ** 6, cols if dc else 10 ** 6))
    return max(fits)


class WordSearch(Kind[WordSearchSection, WordSearchParams, WordSearchBoard]):
    name = "wordsearch"
    section_model = WordSearchSection
    params_model = WordSearchParams
    # Best-of-N quality flattens past ~8 boards (mean quality 39 at 1, 46 at 8, 49 at 20).
    default_candidates = 8
    default_answers_per_page = 6
    example = {"size": 8, "candidates": 2,
               "puzzles": [{"title": "Farm", "words": ["cow", "horse", "pig", "goat", "duck"]}]}

    def plan(self, section: WordSearchSection,
             ctx: PlanContext) -> list[PuzzleRequest[WordSearchParams]]:
        directions = section.directions or list(DIFFICULTY_DIRECTIONS[section.difficulty])

        def forbidden_in(language: str) -> list[str]:
            # Written like the grid (CULÓ -> CULO in Spanish) so they can be found.
            if not section.forbidden:
                return []
            return [w.answer for w in ctx.words(section.forbidden, "forbidden", language)]

        requests = []
        if section.puzzles is not None:
            for i, puzzle in enumerate(section.puzzles):
                language = puzzle.language or ctx.language
                size = puzzle.size or section.size
                words = ctx.words(puzzle.words, f"puzzles[{i}].words", language)
                forbidden = forbidden_in(language)
                self._check(words, size, directions, ctx, f"puzzles[{i}].words", forbidden)
                ctx.mark_used(words)
                requests.append(self.request(puzzle.title, words, size, directions,
                                              language, forbidden))
        else:
            forbidden = forbidden_in(ctx.language)
            fit = longest_fit(*section.size, directions)

            def accept(chosen: list[Word], word: Word) -> bool:
                return not (any(clash(word.answer, other.answer) for other in chosen)
                            or any(contains(word.answer, f) for f in forbidden))

            def usable(words: list[Word]) -> list[Word]:
                return [w for w in words
                        if 2 <= len(w.answer) <= fit and w.answer != w.answer[::-1]]

            assert section.words_per_puzzle is not None
            for title, pool, field in self._pools(section, ctx):
                words = ctx.take_unused(usable(pool), section.words_per_puzzle, field, accept)
                requests.append(self.request(title, words, section.size,
                                              directions, ctx.language, forbidden))
        return requests

    def _pools(self, section: WordSearchSection,
               ctx: PlanContext) -> list[tuple[str, list[Word], str]]:
        """(title, word pool, field) per puzzle: one pool for `count` puzzles, or a theme
        each (`count` cycles through the themes in an order drawn from the seed)."""
        if section.themes is None:
            assert section.count is not None
            pool = ctx.words(section.words, "words", ctx.language)
            return [(title, pool, "words") for title in ctx.titles(section.title, section.count)]
        themes = ctx.themes(section.themes, section.tag, "themes")
        if section.count is not None:
            order = ctx.shuffled(themes)
            themes = [order[i % len(order)] for i in range(section.count)]
        title = section.title or "{theme}"
        if "{theme}" not in title:
            titles = ctx.titles(title, len(themes))
        else:
            titles = [title.replace("{theme}", theme.title) for theme in themes]
        return [(name, ctx.theme_words(theme, "themes"), "themes")
                for name, theme in zip(titles, themes)]

    def _check(self, words: list[Word], size: tuple[int, int], directions: list[str],
               ctx: PlanContext, field: str, forbidden: list[str]) -> None:
        rows, cols = size
        fit = longest_fit(rows, cols, directions)
        too_long = [w.text for w in words if len(w.answer) > fit]
        if too_long:
            raise ctx.error(field, f"{', '.join(too_long)}: longer than the grid allows "
                            f"({fit} letters at {rows}x{cols} with directions "
                            f"{', '.join(directions)}); use a larger size or shorter words")
        short = [w.text for w in words if len(w.answer) < 2]
        if short:
            raise ctx.error(field, f"{', '.join(short)}: a one-letter word would appear "
                            "many times; remove it")
        palindromes = [w.text for w in words if w.answer == w.answer[::-1]]
        if palindromes:
            raise ctx.error(field, f"{', '.join(palindromes)}: a palindrome reads the same "
                            "both ways, so it would appear twice; remove it")
        banned = [f"{w.text} / {f}" for w in words for f in forbidden if contains(w.answer, f)]
        if banned:
            raise ctx.error(field, f"{'; '.join(banned)}: the `forbidden` word is inside the "
                            "puzzle word, so it would appear; remove one of each pair")
        pairs = [f"{a.text} / {b.text}" for i, a in enumerate(words) for b in words[i + 1:]
                 if clash(a.answer, b.answer)]
        if pairs:
            raise ctx.error(field, f"{'; '.join(pairs)}: one word is inside the other "
                            "(forwards or reversed), so it would appear twice; remove one "
                            "of each pair")

    def request(self, title: str, words: list[Word], size: tuple[int, int],
                directions: list[str], language: str, forbidden: list[str] | tuple[str, ...] = ()
                ) -> PuzzleRequest[WordSearchParams]:
        """The generator's params for one puzzle (benchmarks and tests use it too)."""
        rows, cols = size
        return PuzzleRequest(title, WordSearchParams(
            rows=rows, cols=cols, language=language,
            words=tuple((w.text, w.answer) for w in words),
            directions=tuple(DIRECTION_INDEX[d] for d in directions),
            forbidden=tuple(forbidden),
            effort=3 * len(words),      # more eviction steps gain little
        ), language)

    def generate(self, params: WordSearchParams, seed: int) -> WordSearchBoard:
        rng = random.Random(seed)
        rows, cols = params.rows, params.cols
        texts = [text for text, _ in params.words]
        answers = [answer for _, answer in params.words]
        alphabet = alphabet_for(params.language, answers)
        weights = letter_weights(alphabet, answers)
        for _ in range(4):
            grid = place_words(answers, rows, cols, list(params.directions), rng, params.effort)
            letters = fill_and_verify(grid, list(params.forbidden), alphabet, weights, rng)
            if letters is not None:
                break
        else:
            raise GenerationFailed("no filler keeps every word to exactly one place")
        placements = grid.placements()
        unplaced = [texts[i] for i in range(len(texts)) if i not in grid.placed]
        crossings = grid.crossing_count()
        score = (1000 * len(placements) + 2 * crossings
                 + 20 * direction_entropy([p.direction for p in placements],
                                          len(params.directions))
                 + 10 * balance(grid))
        warnings = ([f"could not place {', '.join(unplaced)} in {rows}x{cols}; use a larger "
                     "grid or fewer words"] if unplaced else [])
        return WordSearchBoard(
            score=score, warnings=warnings, rows=rows, cols=cols, letters=letters,
            words=list(params.words),
            placements=[(p.word, p.row, p.col, p.direction) for p in placements],
            unplaced=unplaced)

    def draw_puzzle(self, canvas: Any, board: WordSearchBoard, box: Box,
                    ctx: DrawContext) -> None:
        draw.puzzle(canvas, board, box, ctx.theme, ctx.language)

    def draw_solution(self, canvas: Any, board: WordSearchBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw.solution(canvas, board, box, ctx.theme)

    def fits(self, board: WordSearchBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        theme = ctx.theme
        if not solution and draw.puzzle_layout(board, box, theme, ctx.language).list_dropped:
            return ("the word list does not fit beside the grid at the smallest text size; "
                    "put fewer puzzles on a page")
        cell = (draw.solution_cell(board, box, theme) if solution
                else draw.puzzle_layout(board, box, theme, ctx.language).cell)
        letters = cell * draw.LETTER_RATIO
        smallest = theme.min_answer_font_size if solution else theme.min_font_size
        if letters < smallest:
            return (f"grid letters would be {letters:.1f} pt high (at least {smallest:g} pt "
                    "reads well); put fewer puzzles on a page or use a smaller grid")
        return None

    def manifest(self, board: WordSearchBoard) -> dict[str, Any]:
        return {
            "rows": board.rows, "cols": board.cols,
            "grid": [[board.cell(r, c) for c in range(board.cols)] for r in range(board.rows)],
            "words": [{"text": board.words[w][0], "answer": board.words[w][1],
                       "start": [r, c],
                       "direction": [DIRECTIONS[d][1], DIRECTIONS[d][2]]}
                      for w, r, c, d in sorted(board.placements)],
            "unplaced": board.unplaced,
        }

    def from_manifest(self, entry: dict[str, Any]) -> WordSearchBoard:
        index = {tuple(d[1:]): i for i, d in enumerate(DIRECTIONS)}
        words = [(w["text"], w["answer"]) for w in entry["words"]]
        words += [(text, "") for text in entry["unplaced"]]   # never drawn: not in the grid
        return WordSearchBoard(
            rows=entry["rows"], cols=entry["cols"],
            letters=[ch for row in entry["grid"] for ch in row], words=words,
            placements=[(i, *w["start"], index[tuple(w["direction"])])
                        for i, w in enumerate(entry["words"])],
            unplaced=list(entry["unplaced"]))

    def text_for_search(self, board: WordSearchBoard) -> list[str]:
        return [draw.list_form(board.words[w][0]) for w, *_ in board.placements]


KIND = WordSearch()
