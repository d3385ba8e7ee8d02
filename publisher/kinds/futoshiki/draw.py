"""Drawing a Futoshiki: square cells with a gap between neighbours, the signs in
the gaps (their point towards the smaller cell), givens bold, answers grey."""
from __future__ import annotations

from typing import Any, Sequence

from ...grids.latin.draw import chevron, digit_size, draw_caption, draw_digit, frame
from ..base import Box, DrawContext

GAP = 0.55                  # the gap between cells, in cells: room for a sign


def span(n: int) -> float:
    return n + (n - 1) * GAP


def draw_board(canvas: Any, board: Any, box: Box, ctx: DrawContext, solved: bool,
               caption: Sequence[str] = ()) -> None:
    n, theme = board.size, ctx.theme
    f = frame(box, theme, span(n), caption, notes=1 if caption else 0)
    u = f.unit
    if u <= 0:
        return
    top = f.y0 + u * span(n)
    step = u * (1 + GAP)

    def corner(cell: int) -> tuple[float, float]:
        r, c = divmod(cell, n)
        return f.x0 + c * step, top - r * step - u

    canvas.saveState()
    line = max(theme.min_line_width, min(theme.line_width * 1.2, u * 0.06))
    canvas.setLineWidth(line)
    canvas.setStrokeGray(0)
    inset = line / 2
    for cell in range(n * n):
        x, y = corner(cell)
        canvas.rect(x + inset, y + inset, u - line, u - line, fill=0, stroke=1)
    for less, greater in board.relations:
        (x1, y1), (x2, y2) = corner(less), corner(greater)
        (r1, c1), (r2, c2) = divmod(less, n), divmod(greater, n)
        towards = (r1 - r2, c1 - c2)
        chevron(canvas, (x1 + x2) / 2 + u / 2, (y1 + y2) / 2 + u / 2, GAP * u * 0.75,
                towards, max(theme.min_line_width, u * 0.06))
    size = digit_size(theme, u, solved)
    for cell in range(n * n):
        given = board.givens[cell]
        value = given or (board.solution[cell] if solved else 0)
        if value:
            draw_digit(canvas, theme, *corner(cell), u, str(value), bool(given), size)
    draw_caption(canvas, f, box, ctx, board.grade if caption else None)
    canvas.restoreState()


def unit_size(board: Any, box: Box, ctx: DrawContext, caption: Sequence[str]) -> float:
    return frame(box, ctx.theme, span(board.size), caption, notes=1 if caption else 0).unit

