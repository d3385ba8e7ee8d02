"""The `crossword` kind: freeform crosswords from word/clue lists.

Board.score (higher is better), see generator.board_score:
    placed words x 10000 + crossings x 100 + density of the bounding box x 50
    + balance x 10 (how close the box's shape is to the requested rows:cols).
So more words always wins, then more crossings, then a denser, better-shaped grid.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...errors import GenerationFailed
from ..base import (Board, Box, Kind, PlanContext, PuzzleRequest, SectionBase, Theme,
                    grid_size, numbered_titles)
from . import draw, exports
from .generator import (ACROSS, DEFAULT_BEAM, DEFAULT_BRANCH, balance, board_score, make_layout,
                        number_grid)

MIN_SIZE, MAX_SIZE = 5, 25


class CrosswordPuzzle(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    title: str = Field(min_length=1)
    clues: Any = Field(description="word: clue mapping, list of {word, clue}, a file or a bundled list")
    language: str | None = Field(default=None, pattern=r"^[a-z]{2,3}$")


class CrosswordSection(SectionBase):
    kind: Literal["crossword"]
    size: int | list[int] = Field(
        default=13, description="the largest board: 13 or [rows, cols], 5..25 each")
    puzzles: list[CrosswordPuzzle] | None = None
    count: int | None = Field(default=None, ge=1, le=1000)
    words_per_puzzle: int | None = Field(default=None, ge=2, le=100)
    clues: Any = Field(default=None, description="the pool for `count` puzzles")


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
    language: str = "en"


def _size(section: CrosswordSection, ctx: PlanContext) -> tuple[int, int]:
    try:
        return grid_size(section.size, MIN_SIZE, MAX_SIZE, "crossword")
    except ValueError as exc:
        raise ctx.error("size", str(exc)) from None


def _check_words(words, rows: int, cols: int, field_name: str, ctx: PlanContext) -> None:
    limit = max(rows, cols)
    seen: dict[str, str] = {}
    for w in words:
        if not (w.clue or "").strip():
            raise ctx.error(field_name, f"'{w.text}' has an empty clue; every word needs a clue")
        if len(w.answer) < 2:
            raise ctx.error(field_name, f"'{w.text}' is too short: a crossword answer needs "
                                        "at least 2 letters")
        if len(w.answer) > limit:
            raise ctx.error(field_name, f"'{w.text}' has {len(w.answer)} letters but the grid is "
                                        f"{rows}x{cols}; use a larger size or a shorter word")
        if w.answer in seen:
            raise ctx.error(field_name, f"'{w.text}' and '{seen[w.answer]}' are the same answer "
                                        f"({w.answer}) twice in one puzzle; remove one")
        seen[w.answer] = w.text


def _params(words, rows: int, cols: int, language: str) -> dict[str, Any]:
    return {"words": [[w.text, w.answer, w.clue.strip()] for w in words],
            "rows": rows, "cols": cols, "beam": DEFAULT_BEAM, "branch": DEFAULT_BRANCH,
            "language": language}


def _enumeration(text: str) -> str:
    """(6) for PELOTA, (3,5) for 'Ice cream', (4-2) for hyphenated words."""
    parts, seps, n = [], [], 0
    for ch in text:
        if ch.isalnum():
            n += 1
        elif ch in " -" and n:
            parts.append(n)
            seps.append("," if ch == " " else "-")
            n = 0
    if n:
        parts.append(n)
    out = str(parts[0]) if parts else ""
    for sep, p in zip(seps, parts[1:]):
        out += sep + str(p)
    return f"({out})"


class CrosswordKind(Kind):
    name = "crossword"
    section_model = CrosswordSection
    default_candidates = 30
    default_answers_per_page = 4

    def plan(self, section: CrosswordSection, ctx: PlanContext) -> list[PuzzleRequest]:
        rows, cols = _size(section, ctx)
        explicit = section.puzzles is not None
        pooled = section.count is not None or section.words_per_puzzle is not None \
            or section.clues is not None
        if explicit == pooled:
            raise ctx.error("puzzles", "give either `puzzles:` (a list of {title, clues}) or "
                                       "`count:` + `words_per_puzzle:` + `clues:` (a pool), "
                                       "not both and not neither")
        requests = []
        if explicit:
            if not section.puzzles:
                raise ctx.error("puzzles", "the list is empty; add at least one puzzle")
            for k, p in enumerate(section.puzzles):
                lang = p.language or ctx.language
                where = f"puzzles[{k}].clues"
                words = ctx.clues(p.clues, where, lang)
                if len(words) < 2:
                    raise ctx.error(where, "a crossword needs at least 2 words")
                _check_words(words, rows, cols, where, ctx)
                ctx.mark_used(words)
                requests.append(PuzzleRequest(p.title, _params(words, rows, cols, lang), lang))
            return requests
        if section.count is None or section.words_per_puzzle is None or section.clues is None:
            raise ctx.error("count", "a pool needs all three of `count:`, `words_per_puzzle:` "
                                     "and `clues:`")
        lang = ctx.language
        pool = ctx.clues(section.clues, "clues", lang)
        limit = max(rows, cols)
        # a pool may hold words too long for this grid: they are simply not drawn
        fitting, seen = [], set()
        for w in pool:
            if 2 <= len(w.answer) <= limit and (w.clue or "").strip() and w.answer not in seen:
                seen.add(w.answer)
                fitting.append(w)
        need = section.count * section.words_per_puzzle
        if need > len(fitting):
            raise ctx.error("clues", f"{section.count} puzzles x {section.words_per_puzzle} words "
                                     f"need {need} different words with clues of 2..{limit} "
                                     f"letters, the list has {len(fitting)}; lower `count` or "
                                     "`words_per_puzzle`, or add words")
        for title in numbered_titles(section.title or "Crossword", section.count):
            words = ctx.take_unused(fitting, section.words_per_puzzle, "clues")
            _check_words(words, rows, cols, "clues", ctx)
            requests.append(PuzzleRequest(title, _params(words, rows, cols, lang), lang))
        return requests

    def generate(self, params: dict[str, Any], seed: int) -> CrosswordBoard:
        words = params["words"]
        answers = [w[1] for w in words]
        layout = make_layout(answers, params["rows"], params["cols"], seed,
                             beam=params.get("beam", DEFAULT_BEAM),
                             branch=params.get("branch", DEFAULT_BRANCH))
        if not layout.placed:
            raise GenerationFailed("no word fits the grid")
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
        unplaced = [{"text": words[i][0], "answer": words[i][1], "clue": words[i][2]}
                    for i in layout.unplaced]
        board = CrosswordBoard(
            score=board_score(len(entries), layout.crossings, layout.density,
                              balance(layout.rows, layout.cols, params["rows"], params["cols"])),
            rows=layout.rows, cols=layout.cols, grid=layout.grid, entries=entries,
            unplaced=unplaced, crossings=layout.crossings,
            language=params.get("language", "en"))
        if unplaced:
            board.warnings.append(
                f"crossword: {len(unplaced)} word(s) did not fit a {params['rows']}x"
                f"{params['cols']} grid and are left out: "
                + ", ".join(u["text"] for u in unplaced))
        board.puz_version, note = exports.puz_plan(board)
        if note:
            board.warnings.append(note)
        return board

    def draw_puzzle(self, canvas: Any, board: CrosswordBoard, box: Box, theme: Theme) -> None:
        draw.draw_puzzle(canvas, board, box, theme, _enumeration)

    def draw_solution(self, canvas: Any, board: CrosswordBoard, box: Box, theme: Theme) -> None:
        draw.draw_solution(canvas, board, box, theme)

    def manifest(self, board: CrosswordBoard) -> dict[str, Any]:
        return {
            "rows": board.rows, "cols": board.cols,
            "solution": [list(row) for row in board.grid],
            "entries": [{k: e[k] for k in ("number", "direction", "row", "col", "answer", "clue")}
                        | {"text": e["text"]} for e in board.entries],
            "unplaced": [dict(u) for u in board.unplaced],
            "crossings": board.crossings,
        }

    def text_for_search(self, board: CrosswordBoard) -> list[str]:
        return [e["clue"] for e in board.entries]

    def export(self, board: CrosswordBoard, puzzle_id: str, title: str, meta: dict[str, Any],
               out_dir: Path) -> list[Path]:
        return exports.write_all(board, puzzle_id, title, meta, Path(out_dir))


KIND = CrosswordKind()
