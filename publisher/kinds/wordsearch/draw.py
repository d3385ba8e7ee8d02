"""Drawing a word search: the grid (a reusable form per size), the word list in
columns, and the answer key with every word outlined by a rounded capsule."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from reportlab.lib.colors import Color, black
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...ground.fonts import draw_centred, fitting_prefix, grown_sizes, text_sizes
from ...words import alphabet_for
from ..base import DrawContext
from ...grids.difficulty import difficulty_width, draw_difficulty
from .generator import DIRECTIONS

LIGHT = Color(0.78, 0.78, 0.78)
FILLER_GREY = Color(0.6, 0.6, 0.6)
MAX_CELL = 36.0          # points (0.5 in, a large-print grid's); beyond this a grid looks like a toy
LETTER_RATIO = 0.62      # letter height relative to the cell
BESIDE_GAP = 1.5         # x the list's size: between the grid and a list beside it


def list_form(text: str) -> str:
    """How a word is printed in the list: upper case, accents and spaces kept."""
    return text.upper()


@lru_cache(maxsize=None)
def _alphabet_order(language: str) -> dict[str, int]:
    return {ch: i for i, ch in enumerate(alphabet_for(language))}


def sort_key(text: str, language: str):
    """Alphabetical in the language's own order (Spanish Ñ after N, Russian Ё after Е)."""
    order = _alphabet_order(language)
    return [order.get(ch, 1000 + ord(ch)) for ch in list_form(text)]


def _grid_form(canvas, rows: int, cols: int, cell: float, line_width: float,
               floor: float) -> str:
    """The frame and light cell lines, drawn once per size and reused (a PDF form)."""
    name = f"wsgrid-{rows}x{cols}-{cell:.3f}"
    defined = canvas.__dict__.setdefault("_wordsearch_forms", set())
    if name not in defined:
        width, height = cols * cell, rows * cell
        canvas.beginForm(name, lowerx=-2, lowery=-2, upperx=width + 2, uppery=height + 2)
        canvas.setStrokeColor(LIGHT)
        canvas.setLineWidth(max(floor, line_width * 0.5))
        for c in range(1, cols):
            canvas.line(c * cell, 0, c * cell, height)
        for r in range(1, rows):
            canvas.line(0, r * cell, width, r * cell)
        canvas.setStrokeColor(black)
        canvas.setLineWidth(line_width * 1.5)
        canvas.roundRect(0, 0, width, height, min(6.0, cell * 0.3), stroke=1, fill=0)
        canvas.endForm()
        defined.add(name)
    return name


def _in_shape(board, r: int, c: int) -> bool:
    return not board.shape or board.shape[r][c] == "#"


def _shape_grid(canvas, board, x0: float, top: float, cell: float, line_width: float,
                floor: float, cell_lines: bool = True) -> None:
    """A shaped board: light lines around each cell of the shape, a bold outline
    along its border (edges between a cell and no cell)."""
    rows, cols = board.rows, board.cols
    canvas.saveState()
    canvas.setLineCap(1)
    if cell_lines:
        canvas.setStrokeColor(LIGHT)
        canvas.setLineWidth(max(floor, line_width * 0.5))
        for r in range(rows):
            for c in range(cols):
                if _in_shape(board, r, c):
                    canvas.rect(x0 + c * cell, top - (r + 1) * cell, cell, cell, stroke=1, fill=0)
    canvas.setStrokeColor(black)
    canvas.setLineWidth(line_width * 1.5)
    for r in range(rows + 1):
        for c in range(cols + 1):
            here = r < rows and c < cols and _in_shape(board, r, c)
            above = r > 0 and c < cols and _in_shape(board, r - 1, c)
            left = c > 0 and r < rows and _in_shape(board, r, c - 1)
            x, y = x0 + c * cell, top - r * cell
            if c < cols and here != above:
                canvas.line(x, y, x + cell, y)
            if r < rows and here != left:
                canvas.line(x, y, x, y - cell)
    canvas.restoreState()


def _letters(canvas, board, x0: float, top: float, cell: float, font: str,
             cells=None) -> None:
    """The grid's letters (only `cells`, a set of (row, col), when given)."""
    size = cell * LETTER_RATIO
    draw_centred(canvas, font, size,
                 ((x0 + (c + 0.5) * cell, top - (r + 0.5) * cell - size * 0.35, board.cell(r, c))
                  for r in range(board.rows) for c in range(board.cols)
                  if cells is None or (r, c) in cells))


def _word_list_layout(words: list[str], width: float, font: str, size: float):
    column = max(stringWidth(w, font, size) for w in words) + size * 1.6
    columns = max(1, min(6, int(width // column), len(words)))
    rows = math.ceil(len(words) / columns)
    return columns, rows, width / columns


@dataclass(frozen=True)
class PuzzleLayout:
    words: list[str]          # as printed, in alphabetical order
    size: float               # word-list font size
    leading: float
    columns: int
    rows: int
    column_width: float
    cell: float               # grid cell side
    list_dropped: bool = False   # the box is too small for the word list at the floor
    notes: int = 1               # lines under the list: the difficulty, the message hint
    beside: bool = False         # the list stands right of the grid (a wide, low box)

    def with_cell(self, cell: float | None) -> "PuzzleLayout":
        """This layout with a grid no larger than `cell` (puzzles sharing a page)."""
        return self if cell is None or cell >= self.cell else replace(self, cell=cell)


def printed_list(board, language: str) -> list[str]:
    """The list under the grid: the words, or their clues (`show: clues`), sorted."""
    if board.clues:
        return sorted((board.clues[w] for w, *_ in board.placements), key=str.casefold)
    return sorted((list_form(board.words[w][0]) for w, *_ in board.placements),
                  key=lambda t: sort_key(t, language))


def answer_lines(board) -> list[str]:
    """`show: clues`: the answer key lists each word with its clue."""
    if not board.clues:
        return []
    return [f"{list_form(board.words[w][0])} - {board.clues[w]}"
            for w, *_ in sorted(board.placements)]


def puzzle_layout(board, box, theme, language: str, hint: str = "",
                  difficulty: float = 0.0) -> PuzzleLayout:
    """The word list under the grid or, when that gives a clearly larger grid (a wide,
    low box), beside it. `hint` and `difficulty`: the message hint printed under the
    list and the difficulty line's width at the list's size per point (both must fit)."""
    words = printed_list(board, language)
    notes = 2 if board.message else 1
    under = _list_under(board, box, theme, words, notes)
    beside = _list_beside(board, box, theme, words, notes, hint, difficulty)
    if beside is not None and (under.list_dropped or beside.cell > under.cell * 1.05):
        return beside
    return under


def _list_under(board, box, theme, words: list[str], notes: int) -> PuzzleLayout:
    """The list under the grid; when the grid is as large as it may be (MAX_CELL), the list
    grows into the room left (up to GROWN_TEXT, in columns no wider than the grid) rather
    than leave it empty."""
    under = _list_under_at(board, box, theme, words, notes)
    largest = MAX_CELL * theme.scale
    if under.list_dropped or not words or under.cell < largest:
        return under
    width = min(box.width, largest * board.cols)        # the list as wide as the grid
    for size in grown_sizes(under.size):
        leading = size * 1.35
        columns, rows, column_width = _word_list_layout(words, width, theme.font, size)
        below = (rows + notes) * leading + size * 1.5
        if below <= box.height * 0.38 and (box.height - below) / board.rows >= largest:
            return PuzzleLayout(words, size, leading, columns, rows, column_width, largest,
                                notes=notes)
    return under


def _list_under_at(board, box, theme, words: list[str], notes: int) -> PuzzleLayout:
    size = theme.font_size
    leading = size * 1.35
    columns, rows, column_width = _word_list_layout(words, box.width, theme.font, size)
    # Shrink the list (not below the minimum) when it would take over the page.
    while rows * leading > box.height * 0.38 and size > theme.min_font_size:
        size = max(theme.min_font_size, size - 0.5)
        leading = size * 1.35
        columns, rows, column_width = _word_list_layout(words, box.width, theme.font, size)
    widest = max((stringWidth(w, theme.font, size) for w in words), default=0.0)
    below = (rows + notes) * leading + size * 1.5
    if below > box.height * 0.6 or widest > box.width:
        # Nothing readable fits: the grid alone, and `fits` says why.
        cell = min(box.width / board.cols, box.height / board.rows, MAX_CELL * theme.scale)
        return PuzzleLayout([], size, leading, 1, 0, box.width, cell, list_dropped=True)
    cell = min(box.width / board.cols, (box.height - below) / board.rows, MAX_CELL * theme.scale)
    return PuzzleLayout(words, size, leading, columns, rows, column_width, cell, notes=notes)


def _list_beside(board, box, theme, words: list[str], notes: int, hint: str,
                 difficulty: float) -> PuzzleLayout | None:
    """The list in one or two columns right of the grid, at the largest size (from the
    theme's, not below the floor) at which it fits the box's height; None if it never does."""
    if not words:
        return None
    for size in text_sizes(theme.font_size, theme.min_font_size):
        leading = size * 1.35
        column = max(stringWidth(w, theme.font, size) for w in words) + size * 1.6
        below = max(difficulty * size, stringWidth(hint, theme.font_italic, size))
        for columns in (1, 2):
            rows = math.ceil(len(words) / columns)
            if (rows + notes) * leading > box.height:
                continue
            width = max(column * columns, below + size)
            grid = box.width - width - size * BESIDE_GAP
            cell = min(grid / board.cols, box.height / board.rows, MAX_CELL * theme.scale)
            if cell > 0:
                return PuzzleLayout(words, size, leading, columns, rows, width / columns,
                                    cell, notes=notes, beside=True)
    return None


def solution_layout(board, box, theme) -> tuple[float, float]:
    """(cell, text size) of the answer key; a message line takes room below the grid."""
    size = max(theme.min_answer_font_size, min(theme.font_size, box.height * 0.06))
    cell = min(box.width / board.cols, (box.height - _below_solution(board, size)) / board.rows,
               MAX_CELL * theme.scale)
    return cell, size


def _below_solution(board, size: float) -> float:
    """The room under a solution's grid: its message line, its words with their clues."""
    below = size * 1.8 if board.message else 0.0
    return below + len(answer_lines(board)) * size * 1.25 + (size * 0.6 if board.clues else 0.0)


def centred_solution_box(board, box, theme):
    """`box` less the room above a solution drawn at its top, so that it sits in the middle."""
    cell, size = solution_layout(board, box, theme)
    spare = max(0.0, box.height - cell * board.rows - _below_solution(board, size))
    return replace(box, height=box.height - spare / 2)


def solution_cell(board, box, theme) -> float:
    return solution_layout(board, box, theme)[0]


def layout_for(board, box, ctx: DrawContext) -> PuzzleLayout:
    """The puzzle's layout in `box` with this context's words (what `puzzle` draws)."""
    hint = ctx.text.text("message_hint") if board.message else ""
    per_point = difficulty_width(ctx, board.grade, 1.0)
    return puzzle_layout(board, box, ctx.theme, ctx.language, hint, per_point)


def _bare_grid(canvas, board, box, theme) -> None:
    cell = min(box.width / board.cols, box.height / board.rows)
    _grid_and_letters(canvas, board, box.x + (box.width - cell * board.cols) / 2,
                      box.top - (box.height - cell * board.rows) / 2, cell, theme)


def _grid_and_letters(canvas, board, x0: float, top: float, cell: float, theme) -> None:
    """The puzzle's grid (or shape) with its letters, top-left corner at (x0, top)."""
    if board.shape:
        _shape_grid(canvas, board, x0, top, cell, theme.line_width, theme.min_line_width)
    else:
        canvas.saveState()
        canvas.translate(x0, top - cell * board.rows)
        canvas.doForm(_grid_form(canvas, board.rows, board.cols, cell, theme.line_width,
                                 theme.min_line_width))
        canvas.restoreState()
    canvas.setFillColor(black)
    _letters(canvas, board, x0, top, cell, theme.grid_font)


def puzzle(canvas, board, box, ctx: DrawContext, cell: float | None = None) -> None:
    """The puzzle in `box`; `cell`: at most this cell size (puzzles sharing a page)."""
    theme = ctx.theme
    if ctx.bare:
        _bare_grid(canvas, board, box, theme)
        return
    fit = layout_for(board, box, ctx).with_cell(cell)
    words, size, leading, rows, cell = fit.words, fit.size, fit.leading, fit.rows, fit.cell
    columns, column_width = fit.columns, fit.column_width
    grid_w, grid_h = cell * board.cols, cell * board.rows
    list_width = column_width * columns
    list_h = (rows + fit.notes) * leading if words else 0.0
    # The grid and its word list are one block, centred in the box.
    if fit.beside:
        gap = size * BESIDE_GAP
        x0 = box.x + (box.width - grid_w - gap - list_width) / 2
        top = box.top - max(0.0, (box.height - grid_h) / 2)
        list_left = x0 + grid_w + gap
        list_top = box.top - max(0.0, (box.height - list_h) / 2) - size
    else:
        x0 = box.x + (box.width - grid_w) / 2
        block = grid_h + (size * 1.5 + list_h if words else 0.0)
        top = box.top - max(0.0, (box.height - block) / 2)
        list_left = box.x + (box.width - list_width) / 2
        list_top = top - grid_h - size * 1.5 - size
    _grid_and_letters(canvas, board, x0, top, cell, theme)
    if fit.list_dropped:
        return

    # The word list, alphabetical, filled column by column.
    canvas.setFont(theme.font, size)
    left = list_left + size * 0.8
    for i, word in enumerate(words):
        column, row = divmod(i, rows)
        canvas.drawString(left + column * column_width, list_top - row * leading, word)
    y = list_top - rows * leading - size * 0.3
    centre = list_left + list_width / 2 if fit.beside else box.x + box.width / 2
    if board.message:
        canvas.setFont(theme.font_italic, size)
        canvas.drawCentredString(centre, y, ctx.text.text("message_hint"))
        y -= leading
    draw_difficulty(canvas, ctx, board.grade, centre, y, size)


def solution(canvas, board, box, ctx: DrawContext, cell: float | None = None) -> None:
    """The answer key in `box`; `cell`: at most this cell size (answers sharing a page)."""
    theme = ctx.theme
    own, size = solution_layout(board, box, theme)
    cell = own if cell is None else min(own, cell)
    x0 = box.x + (box.width - cell * board.cols) / 2
    top = box.top
    in_word: set[tuple[int, int]] = set()
    for w, r, c, d in board.placements:
        _, dr, dc = DIRECTIONS[d]
        in_word.update((r + k * dr, c + k * dc) for k in range(len(board.words[w][1])))
    canvas.setStrokeColor(black)
    canvas.setLineWidth(theme.line_width)
    if board.shape:
        _shape_grid(canvas, board, x0, top, cell, theme.line_width / 1.5, theme.min_line_width,
                    cell_lines=False)
    else:
        canvas.rect(x0, top - cell * board.rows, cell * board.cols, cell * board.rows)
    # The words' letters in black, the filler in grey: one text object each.
    filler = {(r, c) for r in range(board.rows) for c in range(board.cols)} - in_word
    canvas.setFillColor(black)
    _letters(canvas, board, x0, top, cell, theme.grid_font_bold, in_word)
    canvas.setFillColor(FILLER_GREY)
    _letters(canvas, board, x0, top, cell, theme.grid_font_bold, filler)
    if board.message:
        canvas.setFillColor(black)
        canvas.setFont(theme.font_bold, size)
        canvas.drawCentredString(box.x + box.width / 2, top - cell * board.rows - size * 1.4,
                                 ctx.text.text("message_answer", message=board.message))
    canvas.setFillColor(black)
    canvas.setFont(theme.font, size)
    y = top - cell * board.rows - (size * 1.8 if board.message else 0.0) - size * 1.5
    for line in answer_lines(board):
        if stringWidth(line, theme.font, size) > box.width:
            line = line[:fitting_prefix(line, theme.font, size, box.width, "…")] + "…"
        canvas.drawString(box.x, y, line)
        y -= size * 1.25
    # One rounded capsule around each word.
    half = cell * 0.42
    canvas.setLineWidth(max(theme.min_line_width, cell * 0.06))
    for w, r, c, d in board.placements:
        _, dr, dc = DIRECTIONS[d]
        steps = len(board.words[w][1]) - 1
        x1, y1 = x0 + (c + 0.5) * cell, top - (r + 0.5) * cell
        x2, y2 = x1 + dc * steps * cell, y1 - dr * steps * cell
        length = math.hypot(x2 - x1, y2 - y1)
        canvas.saveState()
        canvas.translate(x1, y1)
        canvas.rotate(math.degrees(math.atan2(y2 - y1, x2 - x1)))
        canvas.roundRect(-half, -half, length + 2 * half, 2 * half, half, stroke=1, fill=0)
        canvas.restoreState()


def together(canvas, boards, boxes, ctx: DrawContext, answers: bool) -> None:
    """Puzzles (or `answers`) sharing a page: grids of one size are drawn at one size, the
    smallest cell any of them gets in its own box (each was checked at the floor there)."""
    cells = [solution_cell(b, box, ctx.theme) if answers else layout_for(b, box, ctx).cell
             for b, box in zip(boards, boxes)]
    shared: dict[tuple[int, int], float] = {}
    for board, cell in zip(boards, cells):
        shared[board.rows, board.cols] = min(cell, shared.get((board.rows, board.cols), cell))
    paint = solution if answers else puzzle
    for board, box in zip(boards, boxes):
        canvas.saveState()
        paint(canvas, board, box, ctx, cell=shared[board.rows, board.cols])
        canvas.restoreState()
