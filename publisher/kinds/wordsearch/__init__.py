"""Word search: words hidden in 2 to 8 directions, every word exactly once."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal, Sequence

from pydantic import Field, field_validator

from ...errors import GenerationFailed
from ...words import Word, alphabet_for, grid_form
from ...ground.printrules import short_of
from ..base import (Board, Box, DrawContext, ExampleWords, Kind, KindText, Params,
                    PlanContext, PuzzleRequest, WebPart, grid_size)
from ..wordsection import WordPuzzle, WordSection, word_sets
from . import draw, webpage
from .filler import blocklist, fill_with_repairs, filler_weights
from .generator import (DIFFICULTY_DIRECTIONS, DIRECTION_INDEX, DIRECTIONS, balance,
                        direction_entropy, place_words)
from .message import place_for_message
from .shapes import SHAPES, longest_run, named_mask, read_mask

MIN_SIDE, MAX_SIDE = 5, 40


def grid_side(value: Any) -> tuple[int, int]:
    return grid_size(value, MIN_SIDE, MAX_SIDE)


def known_shape(value: str | None) -> str | None:
    """A named shape, or something that looks like a mask file's path."""
    if value is None or value in SHAPES or "/" in value or "." in value:
        return value
    raise ValueError(f"unknown shape {value!r}; use one of {', '.join(SHAPES)} or the path "
                     "of a mask file (rows of # and .) beside the spec")


def grade(directions: Sequence[str]) -> str:
    """The difficulty the directions give: backwards words are hard, diagonals medium."""
    if set(directions) & {"W", "N", "NW", "NE"}:
        return "hard"
    return "medium" if set(directions) & {"SE", "SW"} else "easy"


class WordSearchPuzzle(WordPuzzle):
    size: tuple[int, int] | None = None     # this puzzle's own size, else the section's
    shape: str | None = Field(default=None, description="this puzzle's own shape")
    message: str | None = Field(default=None, min_length=1,
                                description="the leftover cells spell this, in reading order")

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int] | None:
        return None if value is None else grid_side(value)

    @field_validator("shape")
    @classmethod
    def _known_shape(cls, value: str | None) -> str | None:
        return known_shape(value)


class WordSearchSection(WordSection):
    kind: Literal["wordsearch"]
    size: tuple[int, int] = (15, 15)
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    directions: list[str] | None = None
    puzzles: list[WordSearchPuzzle] | None = None  # type: ignore[assignment]  # its own keys per puzzle
    forbidden: list[str] = Field(default_factory=list,
                                 description="words that must never appear in any grid")
    forbidden_defaults: bool = Field(
        default=True, description="also keep the bundled rude-word list out of the filler")
    shape: str | None = Field(default=None, description=f"{' | '.join(SHAPES)} or a mask file")
    show: Literal["words", "clues"] = Field(
        default="words", description="clues: the list shows each word's clue (`word: clue`)")

    @field_validator("shape")
    @classmethod
    def _known_shape(cls, value: str | None) -> str | None:
        return known_shape(value)

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


class WordSearchParams(Params):
    rows: int = 15
    cols: int = 15
    language: str = "en"
    words: tuple[tuple[str, str], ...] = ()       # (text as printed, answer as in the grid)
    directions: tuple[int, ...] = ()              # indices into generator.DIRECTIONS
    forbidden: tuple[str, ...] = ()
    guard: bool = True                            # keep the bundled rude words out too
    effort: int = 0                               # patch-rebuild steps when words are left over
    shape: tuple[str, ...] = ()                   # mask rows ("#" cell, "." none); () = all
    message: str = ""                             # grid letters the leftover cells spell
    message_text: str = ""                        # the message as printed in the key
    difficulty: str = "medium"                    # what the spec asked for
    clues: tuple[str, ...] = ()                   # `show: clues`: one per word, printed instead
    left_out: tuple[str, ...] = ()                # words another version could not place


@dataclass
class WordSearchBoard(Board):
    rows: int = 0
    cols: int = 0
    letters: list[str] = field(default_factory=list)      # row-major, one per cell
    words: list[tuple[str, str]] = field(default_factory=list)    # (text, answer)
    placements: list[tuple[int, int, int, int]] = field(default_factory=list)  # word,r,c,d
    unplaced: list[str] = field(default_factory=list)
    shape: list[str] = field(default_factory=list)   # mask rows; [] = the whole rectangle
    message: str = ""                                # as printed in the answer key
    difficulty: str = "medium"                       # what the spec asked for
    grade: str = "medium"                            # what the directions used make it
    clues: list[str] = field(default_factory=list)   # `show: clues`: one per word

    def cell(self, row: int, col: int) -> str:
        """The letter at (row, col); "" outside the shape."""
        return self.letters[row * self.cols + col]


def contains(word: str, part: str) -> bool:
    """`part` reads inside `word`, forwards or reversed."""
    return part in word or part[::-1] in word


def clash(a: str, b: str) -> bool:
    """True when one answer is inside the other, forwards or reversed."""
    return contains(a, b) or contains(b, a)


def _asked(section: WordSearchSection, directions: list[str]) -> str:
    """The difficulty the section asks for: directions without one ask for the one they
    make (nothing to warn about)."""
    if section.directions and "difficulty" not in section.model_fields_set:
        return grade(directions)
    return section.difficulty


def _steps(directions: list[str]) -> list[tuple[int, int]]:
    return [DIRECTIONS[DIRECTION_INDEX[name]][1:] for name in directions]


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
    cell_units = None               # the spec's `ij` chooses (two letters by default)
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

        def make(title: str, words: list[Word], size: tuple[int, int],
                 mask: tuple[str, ...], language: str, forbidden: list[str],
                 message: tuple[str, str] = ("", "")) -> PuzzleRequest[WordSearchParams]:
            request = self.request(title, words, size, directions, language, forbidden)
            missing = [w.text for w in words if not w.clue]
            if section.show == "clues" and missing:
                raise ctx.error("show", f"`show: clues` needs a clue for every word; "
                                f"{', '.join(missing[:5])} have none (write `word: clue`)")
            params = request.params.model_copy(update=dict(
                clues=tuple(w.clue or "" for w in words) if section.show == "clues" else (),
                shape=mask, guard=section.forbidden_defaults, message=message[0],
                message_text=message[1], difficulty=_asked(section, directions)))
            return PuzzleRequest(title, params, language)

        if section.puzzles is None:
            forbidden = forbidden_in(ctx.language)
            size, mask = self._shape(section.shape, section.size, directions, ctx, "shape")
            fit = (longest_run(mask, _steps(directions)) if mask
                   else longest_fit(*size, directions))

            def accept(chosen: list[Word], word: Word) -> bool:
                return not (any(clash(word.answer, other.answer) for other in chosen)
                            or any(contains(word.answer, f) for f in forbidden))

            def usable(words: list[Word], field: str) -> list[Word]:
                return [w for w in words
                        if 2 <= len(w.answer) <= fit and w.answer != w.answer[::-1]]

            sets = word_sets(section, ctx, usable, accept)
        else:
            sets = word_sets(section, ctx)
        requests = []
        for i, puzzle in enumerate(sets):
            own = puzzle.puzzle if isinstance(puzzle.puzzle, WordSearchPuzzle) else None
            if own is not None:         # a puzzle of `puzzles:`: its own shape and language
                shape_field = f"puzzles[{i}].shape" if own.shape else "shape"
                size, mask = self._shape(own.shape or section.shape, own.size or section.size,
                                         directions, ctx, shape_field)
                forbidden = forbidden_in(puzzle.language)
            if puzzle.exact:
                self._check(puzzle.words, size, directions, ctx, puzzle.field, forbidden, mask)
            message = ("", "")
            if own is not None and own.message is not None:
                message = self._message(own.message, puzzle.words, size, mask,
                                        puzzle.language, ctx, f"puzzles[{i}].message")
            requests.append(make(puzzle.title, puzzle.words, size, mask, puzzle.language,
                                 forbidden, message))
        return requests

    def _shape(self, shape: str | None, size: tuple[int, int], directions: list[str],
               ctx: PlanContext, field: str) -> tuple[tuple[int, int], tuple[str, ...]]:
        """(size, mask) of a puzzle: a named shape drawn at `size`, or a mask file (its
        own size); no shape is the whole rectangle, mask ()."""
        if shape is None:
            return size, ()
        if shape in SHAPES:
            mask = named_mask(shape, *size)
        else:
            try:
                mask = read_mask(ctx.spec_dir / shape)
            except ValueError as exc:
                raise ctx.error(field, str(exc)) from None
            if not MIN_SIDE <= len(mask) <= MAX_SIDE or not MIN_SIDE <= len(mask[0]) <= MAX_SIDE:
                raise ctx.error(field, f"the mask is {len(mask)}x{len(mask[0])} after trimming; "
                                f"masks are {MIN_SIDE} to {MAX_SIDE} cells on each side")
        if longest_run(mask, _steps(directions)) < 2:
            raise ctx.error(field, f"the shape {shape!r} leaves room for no word (no two cells "
                            f"in a line along {', '.join(directions)}); draw a larger shape")
        return (len(mask), len(mask[0])), mask

    def _message(self, text: str, words: list[Word], size: tuple[int, int],
                 mask: tuple[str, ...], language: str, ctx: PlanContext,
                 field: str) -> tuple[str, str]:
        """(grid letters, text) of a hidden message, checked against the room it needs."""
        letters = grid_form(text, language)
        if not letters:
            raise ctx.error(field, f"{text!r} has no letters to hide")
        cells = sum(row.count("#") for row in mask) if mask else size[0] * size[1]
        total = sum(len(w.answer) for w in words)
        if cells - total > len(letters):
            raise ctx.error(field, (
                f"the words have {total} letters, so even without crossings they leave "
                f"{cells - total} of the {cells} cells free, but the message has "
                f"{len(letters)} letters; use a smaller grid, more or longer words, or a "
                "longer message"))
        return letters, text

    def _check(self, words: list[Word], size: tuple[int, int], directions: list[str],
               ctx: PlanContext, field: str, forbidden: list[str],
               mask: tuple[str, ...] = ()) -> None:
        rows, cols = size
        fit = longest_run(mask, _steps(directions)) if mask else longest_fit(rows, cols, directions)
        too_long = [w.text for w in words if len(w.answer) > fit]
        if too_long:
            raise ctx.error(field, f"{', '.join(too_long)}: longer than the grid allows "
                            f"({fit} letters at {rows}x{cols}{' in this shape' if mask else ''} with "
                            f"directions {', '.join(directions)}); use a larger size or "
                            "shorter words")
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
            # Patch rebuilds: a dense list of 40 words still gains up to ~600.
            effort=15 * min(len(words), 40),
            difficulty=grade(directions),
        ), language)

    def example_params(self, params: WordSearchParams,
                       words: ExampleWords) -> WordSearchParams | None:
        """A 7 x 7 grid of the catalogue's example words (never the book's), in the
        first puzzle's directions."""
        chosen = [w for w in words.words("example_words") if len(w.answer) <= 7][:4]
        if len(chosen) < 3:
            return None
        return params.model_copy(update=dict(
            rows=7, cols=7, words=tuple((w.text, w.answer) for w in chosen), forbidden=(),
            effort=3 * len(chosen), shape=(), message="", message_text="", clues=()))

    def answers(self, board: WordSearchBoard) -> list[str]:
        return [answer for _, answer in board.words]

    def placed_only(self, params: WordSearchParams,
                    board: WordSearchBoard | None = None) -> WordSearchParams | None:
        if params.message or board is None:     # a message's puzzle places every word
            return None if params.message else params
        placed = {board.words[w][1] for w, *_ in board.placements}
        keep = [answer in placed for _, answer in params.words]
        return params.model_copy(update={
            "words": tuple(w for w, kept in zip(params.words, keep) if kept),
            "clues": tuple(c for c, kept in zip(params.clues, keep) if kept),
            "left_out": params.left_out + tuple(text for (text, _), kept
                                                in zip(params.words, keep) if not kept)})

    def generate(self, params: WordSearchParams, seed: int) -> WordSearchBoard:
        rng = random.Random(seed)
        rows, cols = params.rows, params.cols
        texts = [text for text, _ in params.words]
        answers = [answer for _, answer in params.words]
        alphabet = alphabet_for(params.language, answers)
        weights = filler_weights(alphabet, answers)
        blocked = blocklist(params.language) if params.guard else ()
        directions = list(params.directions)
        free_target = len(params.message)
        banned = (*params.forbidden, *blocked)
        shape_cells = sum(row.count("#") for row in params.shape) or rows * cols
        for _ in range(6 if params.message else 4):
            if params.message:
                placed = place_for_message(answers, rows, cols, directions, rng, params.effort,
                                           params.shape, free_target, banned)
                if placed is None:
                    continue
                grid = placed
            else:
                grid = place_words(answers, rows, cols, directions, rng, params.effort,
                                   params.shape, banned)
            letters = fill_with_repairs(grid, list(params.forbidden), blocked, alphabet,
                                        weights, rng, directions, params.message)
            if letters is not None:
                break
        else:
            if params.message:
                raise GenerationFailed(
                    f"could not place every word so that exactly {free_target} cells stay "
                    f"free for the message {params.message_text!r} (the words have "
                    f"{sum(map(len, answers))} letters, the grid {shape_cells} cells); change "
                    "the grid size, the words or the message")
            raise GenerationFailed("no filler keeps every word to exactly one place")
        placements = grid.placements()
        unplaced = [texts[i] for i in range(len(texts)) if i not in grid.placed]
        unplaced = sorted(unplaced + list(params.left_out))
        crossings = grid.crossing_count()
        score = (1000 * len(placements) + 2 * crossings
                 + 20 * direction_entropy([p.direction for p in placements],
                                          len(params.directions))
                 + 10 * balance(grid))
        warnings = ([f"could not place {', '.join(unplaced)} in {rows}x{cols}; use a larger "
                     "grid or fewer words"] if unplaced else [])
        level = grade([DIRECTIONS[d][0] for d in params.directions])
        if level != params.difficulty:
            warnings.append(f"the directions {', '.join(DIRECTIONS[d][0] for d in directions)} "
                            f"make a {level} word search, not {params.difficulty}")
        return WordSearchBoard(
            score=score, warnings=warnings, rows=rows, cols=cols, letters=letters,
            words=list(params.words),
            placements=[(p.word, p.row, p.col, p.direction) for p in placements],
            unplaced=unplaced, shape=list(params.shape), message=params.message_text,
            difficulty=params.difficulty, grade=level, clues=list(params.clues))

    def instruction(self, board: WordSearchBoard, ctx: DrawContext) -> str:
        return webpage.rule(board, ctx.text)

    def draw_puzzle(self, canvas: Any, board: WordSearchBoard, box: Box,
                    ctx: DrawContext) -> None:
        draw.puzzle(canvas, board, box, ctx)

    def draw_solution(self, canvas: Any, board: WordSearchBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw.solution(canvas, board, box, ctx)

    def draw_example(self, canvas: Any, board: WordSearchBoard, box: Box,
                     ctx: DrawContext) -> None:
        """The solved example in the middle of its box (a How to play page's room under
        the rules), not at its top as an answer under its label."""
        canvas.saveState()
        draw.solution(canvas, board, draw.centred_solution_box(board, box, ctx.theme), ctx)
        canvas.restoreState()

    def draw_together(self, canvas: Any, boards: Sequence[WordSearchBoard],
                      boxes: Sequence[Box], ctx: DrawContext, solution: bool = False) -> None:
        draw.together(canvas, boards, boxes, ctx, solution)

    def fits(self, board: WordSearchBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        theme = ctx.theme
        layout = None if solution else draw.layout_for(board, box, ctx)
        if layout is not None and layout.list_dropped:
            return ("the word list does not fit beside the grid at the smallest text size; "
                    "put fewer puzzles on a page")
        cell = draw.solution_cell(board, box, theme) if layout is None else layout.cell
        letters = cell * draw.LETTER_RATIO
        smallest = theme.min_answer_font_size if solution else theme.min_font_size
        if letters < smallest:
            return (f"grid letters would be {short_of(letters)} pt high (at least {smallest:g} pt "
                    "reads well); put fewer puzzles on a page or use a smaller grid")
        return None

    def manifest(self, board: WordSearchBoard) -> dict[str, Any]:
        return {
            "rows": board.rows, "cols": board.cols,
            "grid": [[board.cell(r, c) or None for c in range(board.cols)]
                     for r in range(board.rows)],
            "shape": board.shape or None,
            "message": board.message or None,
            "difficulty": board.difficulty,
            "grade": board.grade,
            "words": [{"text": board.words[w][0], "answer": board.words[w][1],
                       "start": [r, c],
                       "direction": [DIRECTIONS[d][1], DIRECTIONS[d][2]]}
                      | ({"clue": board.clues[w]} if board.clues else {})
                      for w, r, c, d in sorted(board.placements)],
            "unplaced": board.unplaced,
        }

    def web(self, board: WordSearchBoard, text: KindText) -> WebPart:
        return webpage.web_part(board, text)

    def from_manifest(self, entry: dict[str, Any]) -> WordSearchBoard:
        index = {tuple(d[1:]): i for i, d in enumerate(DIRECTIONS)}
        words = [(w["text"], w["answer"]) for w in entry["words"]]
        words += [(text, "") for text in entry["unplaced"]]   # never drawn: not in the grid
        return WordSearchBoard(
            rows=entry["rows"], cols=entry["cols"],
            letters=[ch or "" for row in entry["grid"] for ch in row], words=words,
            shape=list(entry.get("shape") or []), message=entry.get("message") or "",
            difficulty=entry.get("difficulty", "medium"), grade=entry.get("grade", "medium"),
            placements=[(i, *w["start"], index[tuple(w["direction"])])
                        for i, w in enumerate(entry["words"])],
            clues=([w["clue"] for w in entry["words"]] + [""] * len(entry["unplaced"])
                   if entry["words"] and "clue" in entry["words"][0] else []),
            unplaced=list(entry["unplaced"]))

    def text_for_search(self, board: WordSearchBoard) -> list[str]:
        return [draw.list_form(board.words[w][0]) for w, *_ in board.placements]


KIND = WordSearch()
