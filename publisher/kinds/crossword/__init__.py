"""The `crossword` kind: freeform crosswords from word/clue lists.

Board.score (higher is better), see generator.board_score:
    placed words x 10000 + crossings x 100 + density of the bounding box x 50
    + balance x 10 (how close the box's shape is to the requested rows:cols).
So more words always wins, then more crossings, then a denser, better-shaped grid.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Hashable, Literal

from pydantic import Field, field_validator, model_validator

from ...errors import GenerationFailed
from ...grids.crossings import crossing_pairs, two_share_a_letter
from ...grids.enumeration import enumeration as _enumeration
from ...grids.web import TYPING, entry_cells, letter_cells
from ...ground.catalogue import KindText
from ...ground.printrules import short_of
from ...words import Word
from ..base import (Board, BookMeta, Box, DrawContext, ExampleWords, Kind, Params,
                    PlanContext, PuzzleRequest, WebPart, grid_size)
from ..wordsection import WordSection, word_sets
from . import draw, exports, spares
from .blocked import kind as blocked_style
from ...grids.freeform.generator import (ACROSS, DEFAULT_BEAM, DEFAULT_BRANCH, balance, board_score, make_layout,
                        number_grid)

MIN_SIZE, MAX_SIZE = 5, 25
BLOCKED_CANDIDATES = 6       # default best-of-N for `style: blocked`


class CrosswordSection(WordSection):
    kind: Literal["crossword"]
    size: tuple[int, int] = Field(
        default=(13, 13), description="the largest board: 13 or [rows, cols], 5..25 each")
    count: int | None = Field(default=None, ge=1, le=1000)
    words_per_puzzle: int | None = Field(default=None, ge=2, le=100)
    clues: Any = Field(default=None, description="freeform: `words` under its other name; "
                       "blocked: a list of clue databases (`word: clue`)")
    style: Literal["freeform", "blocked"] = Field(
        default="freeform", description="blocked: a newspaper grid (symmetric, black squares)")
    grid: str | None = Field(default=None, description="blocked: a template file of '.', '#' "
                             "and pinned letters")
    wordlist: str | None = Field(default=None, description="blocked: the fill list (default "
                                 "<language>/fill; Russian: ru/crossword-fill), WORD;SCORE "
                                 "lines or plain words")
    min_score: int = Field(default=0, ge=0, le=100, description="blocked: words scored below "
                           "are not used")
    fill_from: Literal["clued", "any"] = Field(
        default="any", description="blocked: clued = only words of the clue databases")

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, value: Any) -> tuple[int, int]:
        return grid_size(value, MIN_SIZE, MAX_SIZE, "crossword")

    def takes_words(self) -> bool:
        return self.style == "freeform"     # a blocked grid is filled from `wordlist`

    def clues_required(self) -> bool:
        return True

    @model_validator(mode="after")
    def _style_keys(self) -> CrosswordSection:
        if self.style == "blocked":
            return self._blocked_keys()
        for key in ("grid", "wordlist"):
            if getattr(self, key) is not None:
                raise ValueError(f"`{key}` is for `style: blocked` crosswords")
        return self

    def _blocked_keys(self) -> CrosswordSection:
        given = [key for key in ("puzzles", "words_per_puzzle", "words", "themes", "tag")
                 if getattr(self, key) is not None]
        if given:
            raise ValueError(f"a `style: blocked` crossword fills its grid from `wordlist:` and "
                             f"takes `count:` (and `clues:`, a list of clue databases), not "
                             f"{', '.join(f'`{key}`' for key in given)}; remove them, or make "
                             "it `style: freeform` for puzzles of your own words")
        if self.fill_from == "clued" and not self.clues:
            raise ValueError("`fill_from: clued` needs `clues:` (clue databases)")
        if self.count is None:
            self.count = 1
        if self.candidates is None:   # a fill takes ~0.3 s at 15x15: the kind's 30 is too many
            self.candidates = BLOCKED_CANDIDATES
        return self


class CrosswordParams(Params):
    words: tuple[tuple[str, str, str], ...] = ()     # (text, answer, clue)
    rows: int = 13
    cols: int = 13
    beam: int = DEFAULT_BEAM
    branch: int = DEFAULT_BRANCH
    language: str = "en"
    # drawn from a pool, not listed by the user: a word left out is no one's loss to warn of
    drawn: bool = False
    style: str = "freeform"
    template: tuple[str, ...] = ()      # blocked: the spec's grid (else bundled or generated)
    wordlist: str = ""                  # blocked: path of the fill list
    min_score: int = 0
    only: tuple[str, ...] = ()          # blocked, fill_from clued: the words allowed
    lean: tuple[str, ...] = ()          # blocked, fill_from any: words of bundled clue lists
    repeat: bool = False                # blocked, `repeat: allow`: answers may recur in the book
    avoid: tuple[str, ...] = ()         # blocked: answers of the book's puzzles before it
    strict: bool = True                 # never `avoid`'s words (else: where nothing else fits)
    left_out: tuple[tuple[str, str, str], ...] = ()   # words another version could not place
    spares: tuple[tuple[str, str, str], ...] = ()     # drawn: words to take for those left out


@dataclass
class CrosswordBoard(Board):
    rows: int = 0
    cols: int = 0
    grid: list[list[str | None]] = field(default_factory=list)
    # {number, direction, row, col, answer, clue, text} in clue order
    entries: list[dict[str, Any]] = field(default_factory=list)
    unplaced: list[dict[str, str]] = field(default_factory=list)   # {text, answer, clue}
    crossings: int = 0
    puz_version: str | None = "1.3"      # None: the grid cannot be written as .puz
    style: str = "freeform"              # blocked: empty cells are black squares
    clues_needed: list[str] = field(default_factory=list)   # blocked: entries with no clue


def _check_words(words: list[Word], rows: int, cols: int, field_name: str,
                 ctx: PlanContext) -> None:
    """What a list as written and the grid size decide (empty clues and repeats: before)."""
    if len(words) < 2:
        raise ctx.error(field_name, "a crossword needs at least 2 words")
    for w in words:
        if len(w.answer) < 2:
            raise ctx.error(field_name, f"'{w.text}' is too short: a crossword answer needs "
                                        "at least 2 letters")
        if len(w.answer) > max(rows, cols):
            raise ctx.error(field_name, f"'{w.text}' has {len(w.answer)} letters but the grid is "
                                        f"{rows}x{cols}; use a larger size or a shorter word")
    if not two_share_a_letter(w.answer for w in words):
        raise ctx.error(field_name, "no two of its words have a letter in common, so none can "
                        "cross another; give words with letters in common")


def _params(words: list[Word], rows: int, cols: int, language: str,
            drawn: bool = False) -> CrosswordParams:
    return CrosswordParams(words=_entries(words), rows=rows, cols=cols, language=language,
                           drawn=drawn)


def _entries(words: list[Word]) -> tuple[tuple[str, str, str], ...]:
    return tuple((w.text, w.answer, (w.clue or "").strip()) for w in words)


def _apart(chosen: list[Word], word: Word) -> bool:
    """A drawn word never contains, or sits inside, another answer of its puzzle
    (BUTTER with BUTTERFLY): one would give the other away."""
    return not any(word.answer in other.answer or other.answer in word.answer
                   for other in chosen)


def _headings(ctx: DrawContext) -> tuple[str, str, str, str]:
    """ACROSS, DOWN, and each repeated atop a column it runs on to ("DOWN (continued)")."""
    across, down = ctx.text.text("across"), ctx.text.text("down")
    return (across, down, ctx.text.text("continued", heading=across),
            ctx.text.text("continued", heading=down))


class CrosswordKind(Kind[CrosswordSection, CrosswordParams, CrosswordBoard]):
    name = "crossword"
    section_model = CrosswordSection
    params_model = CrosswordParams
    default_candidates = 30
    varied = "a larger size or more words and clues to draw from"
    default_answers_per_page = 4
    cell_units = True               # Dutch IJ takes one cell
    example = {"size": 9, "candidates": 2, "puzzles": [{"title": "Mini", "clues": {
        "piano": "Instrument with keys", "tiger": "Striped big cat", "river": "Flowing water",
        "apple": "Red or green fruit"}}]}

    def plan(self, section: CrosswordSection,
             ctx: PlanContext) -> list[PuzzleRequest[CrosswordParams]]:
        if section.style == "blocked":
            return _plan_blocked(section, ctx)
        rows, cols = section.size
        limit = max(rows, cols)
        drawable: list[Word] = []

        def usable(pool: list[Word], field: str) -> list[Word]:
            # a pool may hold words too long for this grid: they are simply not drawn
            fitting = [w for w in pool if 2 <= len(w.answer) <= limit and (w.clue or "").strip()]
            per_puzzle = section.words_per_puzzle or 0
            puzzles = 1 if section.repeat == "allow" else section.count or 1  # words recur
            need = puzzles * per_puzzle
            if need > len(fitting):
                asked = (f"{puzzles} puzzles x {per_puzzle} words need {need} different words"
                         if puzzles > 1 else f"a puzzle of {per_puzzle} words needs {need} words")
                lower = "`count` or `words_per_puzzle`" if puzzles > 1 else "`words_per_puzzle`"
                raise ctx.error(field, f"{asked} with clues of 2..{limit} letters, "
                                f"the list has {len(fitting)}; lower {lower}, or add words")
            drawable[:] = fitting
            return fitting

        requests = []
        sets = word_sets(section, ctx, usable, _apart)
        for puzzle in sets:         # spares after every puzzle's draw: the draws stay as they were
            if puzzle.exact:
                _check_words(puzzle.words, rows, cols, puzzle.field, ctx)
            params = _params(puzzle.words, rows, cols, puzzle.language, drawn=not puzzle.exact)
            if not puzzle.exact:
                spare = spares.draw(partial(ctx.take_unused, drawable, field=puzzle.field,
                                            accept=spares.apart_from(puzzle.words)))
                params = params.model_copy(update={"spares": _entries(spare)})
            requests.append(PuzzleRequest(puzzle.title, params, puzzle.language))
        return requests

    def example_params(self, params: CrosswordParams,
                       words: ExampleWords) -> CrosswordParams | None:
        """A small freeform crossword of the catalogue's example clues (never the book's)."""
        chosen = [w for w in words.words("example_clues") if w.clue][:6]
        if len(chosen) < 3:
            return None
        return _params(chosen, 9, 9, words.language)

    def easier_for(self, params: CrosswordParams) -> str:
        """Blocked: what widens the fill (a list's, not words), less what the spec does."""
        if params.style != "blocked":
            return self.easier
        ways = ["another grid" if params.template else "another size",
                "a lower `min_score`" if params.min_score else "",
                "a larger word list", "`fill_from: any`" if params.only else ""]
        ways = [way for way in ways if way]
        return ", ".join(ways[:-1]) + " or " + ways[-1]

    def avoiding(self, params: CrosswordParams, answers: frozenset[str],
                 strict: bool = True) -> CrosswordParams | None:
        fitting = sorted(a for a in answers if len(a) <= max(params.rows, params.cols))
        return None if params.style != "blocked" or params.repeat else \
            params.model_copy(update={"avoid": tuple(fitting), "strict": strict})  # fills as it goes

    def answers(self, board: CrosswordBoard) -> list[str]:
        return [e["answer"] for e in board.entries]

    def identity(self, board: CrosswordBoard) -> Hashable:
        """The same words crossing the same words: one puzzle to a reader (so copies
        for a class differ by more than a turn or a slid word)."""
        return crossing_pairs((e["row"], e["col"], e["direction"], e["answer"])
                              for e in board.entries)

    def generate(self, params: CrosswordParams, seed: int) -> CrosswordBoard:
        if params.style == "blocked":
            return _generate_blocked(params, seed)
        words, layout = spares.with_spares(params.words, params.spares, lambda chosen: make_layout(
            [w[1] for w in chosen], params.rows, params.cols, seed, beam=params.beam,
            branch=params.branch))
        if not layout.placed:
            raise GenerationFailed("no word fits the grid")
        left_out: list[tuple[str, str, str]] = []
        if len(layout.placed) == 1 and len(words) > 2:
            # The word placed first (the longest) may cross nothing the grid allows while
            # the others still cross each other: lay them out without it.
            alone = layout.placed[0].index
            rest = tuple(w for i, w in enumerate(words) if i != alone)
            retry = make_layout([w[1] for w in rest], params.rows, params.cols, seed,
                                beam=params.beam, branch=params.branch)
            if len(retry.placed) >= 2:
                words, layout, left_out = rest, retry, [words[alone]]
        if len(layout.placed) < 2:       # one word alone is no crossword
            raise GenerationFailed("fewer than two of its words cross each other (no two "
                                   "share a letter that fits); give words with letters "
                                   "in common")
        at = {(p.row, p.col, "across" if p.direction == ACROSS else "down"): p
              for p in layout.placed}
        entries = []
        for number, direction, r, c, length in number_grid(layout.grid):
            p = at.get((r, c, direction))
            # every run of letters must be one placed word: a self-check
            if p is None or len(p.answer) != length:
                raise GenerationFailed(f"internal: run at {r},{c} {direction} is not a word")
            text, answer, clue = words[p.index]
            entries.append({"number": number, "direction": direction, "row": r, "col": c,
                            "answer": answer, "clue": clue, "text": text})
        if len(entries) != len(layout.placed):
            raise GenerationFailed("internal: a placed word is not a run of its own")
        unplaced = [{"text": text, "answer": answer, "clue": clue}
                    for text, answer, clue in sorted([words[i] for i in layout.unplaced]
                                                     + left_out + list(params.left_out))]
        board = CrosswordBoard(
            score=board_score(len(entries), layout.crossings, layout.density,
                              balance(layout.rows, layout.cols, params.rows, params.cols)),
            rows=layout.rows, cols=layout.cols, grid=layout.grid, entries=entries,
            unplaced=unplaced, crossings=layout.crossings)
        if unplaced and not params.drawn:
            board.warnings.append(
                f"crossword: {len(unplaced)} word(s) did not fit a {params.rows}x"
                f"{params.cols} grid and are left out: "
                + ", ".join(u["text"] for u in unplaced))
        board.puz_version, note = exports.puz_plan(board)
        if note:
            board.warnings.append(note)
        return board

    def placed_only(self, params: CrosswordParams,
                    board: CrosswordBoard | None = None) -> CrosswordParams | None:
        if params.style != "freeform" or board is None:
            return params if params.style == "freeform" else None
        placed = {e["answer"] for e in board.entries}
        return params.model_copy(update={
            "words": tuple(w for w in params.words + params.spares if w[1] in placed), "spares": (),
            "left_out": params.left_out + tuple(w for w in params.words if w[1] not in placed)})

    def unbeatable(self, board: CrosswordBoard, params: CrosswordParams) -> bool:
        """The score's upper bound, where it can be reached: two words crossing once in
        the orientation whose box best fits the grid. From three words on, the most
        crossings are a search of their own (12 words on 15x15 cross 11 to 14 times)."""
        if params.style != "freeform" or len(params.words) != 2 or board.unplaced:
            return False
        a, b = (len(w[1]) for w in params.words)
        density = (a + b - 1) / (a * b)
        tops = [board_score(2, 1, density, balance(h, w, params.rows, params.cols))
                for h, w in ((a, b), (b, a)) if h <= params.rows and w <= params.cols]
        return bool(tops) and board.score >= max(tops)

    def few_puzzles(self, params: CrosswordParams) -> tuple[int, str] | None:
        if params.style != "blocked" or params.template:
            return None
        return blocked_style.few_minis(params.rows, params.cols, params.language, params.only)

    def may_stop_early(self, params: CrosswordParams) -> bool:
        """Only a freeform crossword of two words can be unbeatable (see above)."""
        return params.style == "freeform" and len(params.words) == 2

    def draw_puzzle(self, canvas: Any, board: CrosswordBoard, box: Box,
                    ctx: DrawContext) -> None:
        if ctx.bare:
            draw.draw_grid_alone(canvas, board, box, ctx.theme)
            return
        draw.draw_puzzle(canvas, board, box, ctx.theme, _enumeration, _headings(ctx),
                         cap=ctx.text_cap)

    def grown_text(self, board: CrosswordBoard, box: Box, ctx: DrawContext) -> float:
        return draw.clue_size(board, box, ctx.theme, _enumeration, _headings(ctx))

    def continuation_pages(self, board: CrosswordBoard, box: Box, next_box: Box,
                           ctx: DrawContext) -> int:
        plan = draw.continued_plan(board, box, next_box, ctx.theme, _enumeration,
                                   _headings(ctx))
        return 0 if plan is None else len(plan[-1]) - 1

    def draw_continued(self, canvas: Any, board: CrosswordBoard, box: Box, next_box: Box,
                       ctx: DrawContext, part: int) -> None:
        draw.draw_continued(canvas, board, box, next_box, ctx.theme, _enumeration,
                            _headings(ctx), part)

    def fits(self, board: CrosswordBoard, box: Box, ctx: DrawContext,
             solution: bool = False) -> str | None:
        if solution:
            letters = draw.solution_letter_size(board, box)
            floor = ctx.theme.min_answer_font_size
            return None if letters >= floor else (
                f"answer letters would be {short_of(letters)} pt (at least {floor:g} pt reads "
                "well); put fewer answers on a page or use a smaller grid")
        if draw.clues_fit(board, box, ctx.theme, _enumeration, _headings(ctx)):
            return None
        return ("the clues do not fit at the smallest text size, so only the grid is "
                "printed; put fewer puzzles on a page, or use shorter clues or fewer words")

    def draw_solution(self, canvas: Any, board: CrosswordBoard, box: Box,
                      ctx: DrawContext) -> None:
        draw.draw_solution(canvas, board, box, ctx.theme)

    def draw_example(self, canvas: Any, board: CrosswordBoard, box: Box,
                     ctx: DrawContext) -> None:
        """Numbers, answers and the clues they answer: what the rules talk about."""
        if draw.clues_fit(board, box, ctx.theme, _enumeration, _headings(ctx)):
            draw.draw_puzzle(canvas, board, box, ctx.theme, _enumeration, _headings(ctx),
                             filled=True)
        else:
            super().draw_example(canvas, board, box, ctx)

    def writing_cell(self, board: CrosswordBoard, box: Box, ctx: DrawContext) -> float:
        return draw.grid_cell(board, box, ctx.theme, _enumeration, _headings(ctx))

    def manifest(self, board: CrosswordBoard) -> dict[str, Any]:
        return {
            "rows": board.rows, "cols": board.cols,
            "solution": [list(row) for row in board.grid],
            "entries": [{k: e[k] for k in ("number", "direction", "row", "col", "answer", "clue")}
                        | {"text": e["text"]} for e in board.entries],
            "unplaced": [dict(u) for u in board.unplaced],
            "crossings": board.crossings,
        } | ({"style": board.style, "clues_needed": list(board.clues_needed)}
             if board.style != "freeform" else {})

    def from_manifest(self, entry: dict[str, Any]) -> CrosswordBoard:
        board = CrosswordBoard(
            rows=entry["rows"], cols=entry["cols"], grid=[list(row) for row in entry["solution"]],
            entries=[dict(e) for e in entry["entries"]],
            unplaced=[dict(u) for u in entry["unplaced"]], crossings=entry["crossings"],
            style=entry.get("style", "freeform"), clues_needed=list(entry.get("clues_needed", [])))
        board.puz_version, _ = exports.puz_plan(board)
        return board

    def text_for_search(self, board: CrosswordBoard) -> list[str]:
        return [e["clue"] for e in board.entries]

    def web(self, board: CrosswordBoard, text: KindText) -> WebPart:
        headings = [text.text("across"), text.text("down")]
        labels = [text.catalogue.capitalise(h.lower()) for h in headings]    # "IJ" stays so
        entries = [{"label": f"{e['number']} {labels[e['direction'] == 'down']}",
                    "clue": e["clue"], "list": int(e["direction"] == "down"),
                    "cells": entry_cells(e["row"], e["col"], e["direction"], len(e["answer"]))}
                   for e in board.entries]
        numbers = {(e["row"], e["col"]): e["number"] for e in board.entries}
        return WebPart(
            data={"rows": board.rows, "cols": board.cols,
                  "cells": letter_cells(board.grid, numbers), "entries": entries,
                  "lists": headings, "gaps": "block" if board.style == "blocked" else "void"},
            rule=text.text("rule"), script=TYPING, uses=("cells",))

    def side_files(self, board: CrosswordBoard, title: str, meta: BookMeta) -> dict[str, bytes]:
        return exports.side_files(board, title, meta)

    missing_file = "clues-needed.yaml"

    def missing_input(self, board: CrosswordBoard) -> list[str]:
        return list(board.clues_needed)

    def missing_report(self, entries: list[str]) -> tuple[bytes, str, str]:
        return (blocked_style.clues_needed_yaml(entries), "have no clue",
                "write a clue after each word, add the file to the `clues:` list of each "
                "blocked crossword section and build again with the same seed (the grids "
                "stay as they are), or use `fill_from: clued` to fill only from clued words")


def _plan_blocked(section: CrosswordSection, ctx: PlanContext) -> list[PuzzleRequest[CrosswordParams]]:
    lang = ctx.language
    rows, cols = section.size
    template: tuple[str, ...] = ()
    if section.grid:
        try:
            template = blocked_style.read_template(section.grid, ctx.spec_dir, lang)
        except (blocked_style.GridError, FileNotFoundError) as e:
            raise ctx.error("grid", str(e)) from None
        rows, cols = len(template), len(template[0])
    ref = section.wordlist or blocked_style.default_wordlist(lang)
    path = blocked_style.find_file(ref, ctx.spec_dir)
    if path is None:
        raise ctx.error("wordlist", f"{ref!r} is neither a file beside the spec nor a bundled "
                        f"fill list ({lang}/fill and the like)")
    try:
        usable = blocked_style.check_wordlist(path, section.min_score)
    except ValueError as e:
        raise ctx.error("wordlist", f"{path.name}: {e}") from None
    refs = section.clues if isinstance(section.clues, list) else [section.clues] if section.clues else []
    clues: dict[str, tuple[str, str]] = {}
    lean: set[str] = set()
    for k, clue_ref in enumerate(refs):
        listed = ctx.clues(clue_ref, f"clues[{k}]" if isinstance(section.clues, list) else "clues", lang)
        for w in listed:
            clues.setdefault(w.answer, (ctx.choose_clue(w).strip(), w.text))
        if _bundled(clue_ref, ctx):
            lean.update(w.answer for w in listed)
    only = tuple(sorted(clues)) if section.fill_from == "clued" else ()
    if not usable and not only:
        raise ctx.error("min_score", f"no word of {ref} scores {section.min_score} or more; lower "
                        "`min_score`")
    words = tuple((text, answer, clue) for answer, (clue, text) in sorted(clues.items()))
    params = CrosswordParams(words=words, rows=rows, cols=cols, language=lang, style="blocked",
                             template=template, wordlist=str(path), min_score=section.min_score,
                             only=only, lean=tuple(sorted(lean)),
                             repeat=section.repeat == "allow")
    return [PuzzleRequest(title, params, lang) for title in ctx.titles(section.title, section.count or 1)]


def _bundled(ref: Any, ctx: PlanContext) -> bool:
    """A clue list shipped with the publisher, not the desk's own (a file beside the spec,
    inline clues): only these steer the fill, never the clues a desk wrote for a grid."""
    return isinstance(ref, str) and not (ctx.spec_dir / ref.strip()).is_file()


def _generate_blocked(params: CrosswordParams, seed: int) -> CrosswordBoard:
    clues = {answer: (clue, text) for text, answer, clue in params.words}
    try:
        made = blocked_style.make_fill(params.rows, params.cols, params.template, params.wordlist,
                                 params.min_score, params.only, params.lean, clues, seed,
                                 params.language, frozenset(params.avoid), params.strict)
    except (blocked_style.FillFailed, blocked_style.GridGenerationFailed) as e:
        raise GenerationFailed(f"blocked crossword: {e}") from None     # easier_for: what to do
    board = CrosswordBoard(score=made.score, rows=params.rows, cols=params.cols, grid=made.grid,
                           entries=made.entries, style="blocked", clues_needed=made.clues_needed,
                           warnings=made.warnings)
    board.puz_version, note = exports.puz_plan(board)
    if note:
        board.warnings.append(note)
    return board


KIND = CrosswordKind()
