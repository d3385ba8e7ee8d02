"""Drawing a nonogram inside a box: the row clues left of the grid and the column clues
above it, one number a clue cell the size of a grid cell; thin lines, thick ones every 5
cells and round the grid; given cells shaded; under the grid the rule and the difficulty.
The answer key shows the picture in black. `geometry` says None when the clues would be
under the text floor."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from reportlab.lib.utils import simpleSplit

from ...grids.difficulty import difficulty_size, draw_difficulty
from ..base import Box

DIGITS = 0.6             # clue numbers, in cell sides
LARGEST_CELL = 36.0      # points (half an inch), times the theme's scale
THICK_EVERY = 5
EDGE = 0.8               # points kept inside the box: half the thickest line


@dataclass(frozen=True)
class Geometry:
    cell: float
    left: float          # x of the grid's left edge
    top: float           # y of the grid's top edge
    clue_cols: int       # clue cells left of the grid
    clue_rows: int       # clue cells above it


def inner(box: Any) -> Box:
    """The box less EDGE on every side (thick lines stay inside it)."""
    return Box(box.x + EDGE, box.y + EDGE, box.width - 2 * EDGE, box.height - 2 * EDGE)


def _depth(clues: Sequence[Sequence[int]]) -> int:
    return max(1, max(len(c) for c in clues))


def geometry(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]], box: Any,
             theme: Any, below: float, with_clues: bool = True) -> Geometry:
    """The largest cells for the grid (with its clues) in box, `below` points kept
    under it for the text."""
    across = _depth(rows) if with_clues else 0
    down = _depth(cols) if with_clues else 0
    cell = min(LARGEST_CELL * theme.scale, box.width / (len(cols) + across),
               (box.height - below) / (len(rows) + down))
    width, height = cell * (len(cols) + across), cell * (len(rows) + down) + below
    left = box.x + (box.width - width) / 2 + across * cell
    top = box.y + box.height - (box.height - height) / 2 - down * cell
    return Geometry(cell, left, top, across, down)


def text_lines(text: str, theme: Any, size: float, width: float) -> list[str]:
    return simpleSplit(text, theme.font, size, width) if text else []


def below_height(text: str, theme: Any, width: float, level: str | None, size: float) -> float:
    height = len(text_lines(text, theme, size, width)) * size * 1.25
    return height + (size * 1.6 if level else 0.0) + (size * 0.6 if height else 0.0)


def draw_nonogram(canvas: Any, solution: Sequence[str], rows: Sequence[Sequence[int]],
                  cols: Sequence[Sequence[int]], givens: Sequence[Sequence[int]], box: Any,
                  ctx: Any, text: str, level: str | None, answer: bool) -> None:
    """The puzzle (clues, grid, givens, text and difficulty under it) or, with `answer`,
    the picture in black (and `text`, its caption)."""
    theme = ctx.theme
    size = difficulty_size(ctx) if not answer else max(theme.min_answer_font_size,
                                                         min(theme.font_size * 0.8, 8.0))
    box = inner(box)
    below = below_height(text, theme, box.width, level, size)
    if below > box.height * 0.3:          # a tiny box: the grid alone
        text, level, below = "", None, 0.0
    g = geometry(rows, cols, box, theme, below, with_clues=not answer)
    height, width = len(rows), len(cols)
    cell = g.cell
    canvas.saveState()
    canvas.setFillGray(0)
    shaded = ([(r, c) for r, row in enumerate(solution) for c, ch in enumerate(row) if ch == "#"]
              if answer else [tuple(x) for x in givens])
    for r, c in shaded:
        canvas.rect(g.left + c * cell, g.top - (r + 1) * cell, cell, cell, stroke=0, fill=1)
    thin = max(theme.min_line_width, min(theme.line_width, cell * 0.05))
    thick = max(thin * 2.2, min(1.6, cell * 0.12))
    # the answer's lines light, so that the picture reads in black
    canvas.setStrokeGray(0.75 if answer else 0.0)
    for k in range(height + 1):
        if k % THICK_EVERY and k != height:
            canvas.setLineWidth(thin)
            canvas.line(g.left - g.clue_cols * cell, g.top - k * cell, g.left + width * cell,
                        g.top - k * cell)
    for k in range(width + 1):
        if k % THICK_EVERY and k != width:
            canvas.setLineWidth(thin)
            canvas.line(g.left + k * cell, g.top + g.clue_rows * cell, g.left + k * cell,
                        g.top - height * cell)
    canvas.setStrokeGray(0.5 if answer else 0.0)
    canvas.setLineWidth(thick)
    for k in list(range(0, height + 1, THICK_EVERY)) + [height]:
        canvas.line(g.left - g.clue_cols * cell, g.top - k * cell, g.left + width * cell,
                    g.top - k * cell)
    for k in list(range(0, width + 1, THICK_EVERY)) + [width]:
        canvas.line(g.left + k * cell, g.top + g.clue_rows * cell, g.left + k * cell,
                    g.top - height * cell)
    if not answer:
        _clues(canvas, g, rows, cols, theme)
    y = g.top - height * cell - size * 1.35
    canvas.setFillGray(0)
    canvas.setFont(theme.font, size)
    for line in text_lines(text, theme, size, box.width):
        canvas.drawCentredString(box.x + box.width / 2, y, line)
        y -= size * 1.25
    if level:
        draw_difficulty(canvas, ctx, level, box.x + box.width / 2, y - size * 0.2, size)
    canvas.restoreState()


def _clues(canvas: Any, g: Geometry, rows: Sequence[Sequence[int]],
           cols: Sequence[Sequence[int]], theme: Any) -> None:
    cell = g.cell
    canvas.setFont(theme.grid_font_bold, cell * DIGITS)
    for r, clue in enumerate(rows):
        numbers = list(clue) or [0]
        for k, n in enumerate(reversed(numbers)):
            x = g.left - (k + 0.5) * cell
            canvas.drawCentredString(x, g.top - (r + 0.5) * cell - cell * DIGITS * 0.35, str(n))
    for c, clue in enumerate(cols):
        numbers = list(clue) or [0]
        for k, n in enumerate(reversed(numbers)):
            y = g.top + (k + 0.5) * cell - cell * DIGITS * 0.35
            canvas.drawCentredString(g.left + (c + 0.5) * cell, y, str(n))
