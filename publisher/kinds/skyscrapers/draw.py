"""Drawing a Skyscrapers: the grid with a margin of one cell on each side, where
the edge clues stand outside the grid; givens bold, answers grey."""
from __future__ import annotations

from typing import Any, Sequence

from ...grids.latin.draw import digit_size, draw_caption, draw_digit, frame
from ..base import Box, DrawContext

# the clue margin on each side, in cells: wide enough that a clue digit (at most 80 % of
# the margin) reaches 12 pt beside a 0.26 in cell
MARGIN = 0.82


def span(n: int) -> float:
    return n + 2 * MARGIN


def draw_board(canvas: Any, board: Any, box: Box, ctx: DrawContext, solved: bool,
               caption: Sequence[str] = ()) -> None:
    n, theme = board.size, ctx.theme
    f = frame(box, theme, span(n), caption, notes=1 if caption else 0)
    u = f.unit
    if u <= 0:
        return
    left, top = f.x0 + MARGIN * u, f.y0 + (n + MARGIN) * u
    side = n * u
    canvas.saveState()
    thin = max(theme.min_line_width, min(theme.line_width * 0.8, u * 0.1))
    thick = min(max(1.4, theme.line_width * 2.6, min(3.0, u * 0.08)), u * 0.2)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(thin)
    for k in range(1, n):
        canvas.line(left + k * u, top - side, left + k * u, top)
        canvas.line(left, top - k * u, left + side, top - k * u)
    canvas.setLineWidth(thick)
    canvas.rect(left, top - side, side, side, fill=0, stroke=1)
    size = digit_size(theme, u, solved)
    for cell in range(n * n):
        r, c = divmod(cell, n)
        given = board.givens[cell]
        value = given or (board.solution[cell] if solved else 0)
        if value:
            draw_digit(canvas, theme, left + c * u, top - (r + 1) * u, u, str(value), bool(given),
                       size)
    # the clues, in margin cells a little smaller than a grid cell
    m = MARGIN * u
    clue_size = digit_size(theme, m, solved)
    for k in range(n):
        spots = [(board.clues[0][k], left + k * u + (u - m) / 2, top),
                 (board.clues[1][k], left + k * u + (u - m) / 2, top - side - m),
                 (board.clues[2][k], left - m, top - (k + 1) * u + (u - m) / 2),
                 (board.clues[3][k], left + side, top - (k + 1) * u + (u - m) / 2)]
        for value, x, y in spots:
            if value:
                draw_digit(canvas, theme, x, y, m, str(value), True, clue_size)
    draw_caption(canvas, f, box, ctx, board.grade if caption else None)
    canvas.restoreState()


def unit_size(board: Any, box: Box, ctx: DrawContext, caption: Sequence[str]) -> float:
    return frame(box, ctx.theme, span(board.size), caption, notes=1 if caption else 0).unit
