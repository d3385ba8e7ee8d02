"""Drawing a Calcudoku: thin cell lines, thick cage borders, each cage's target and
sign in the top-left corner of its first cell, givens bold, answers grey in the answer
key."""
from __future__ import annotations

from typing import Any, Sequence

from ...grids.latin.draw import digit_size, draw_caption, draw_digit, frame
from ..base import Box, DrawContext

SIGNS = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7", "=": ""}
LABEL_SHARE, LABEL_MAX = 0.26, 0.42      # the label's size as a share of the cell


def label(op: str, target: int) -> str:
    return f"{target}{SIGNS[op]}"


def label_size(theme: Any, cell: float) -> float:
    return min(max(theme.min_font_size, cell * LABEL_SHARE), cell * LABEL_MAX)


def draw_board(canvas: Any, board: Any, box: Box, ctx: DrawContext, solved: bool,
               caption: Sequence[str] = (), labels: bool = True) -> None:
    """The grid and its cages; `labels`: each cage's target and sign (an answer key
    leaves them out, where they would crowd the digits)."""
    n, theme = board.size, ctx.theme
    f = frame(box, theme, n, caption, notes=1 if caption else 0)
    u = f.unit
    if u <= 0:
        return
    left, top, side = f.x0, f.y0 + n * u, n * u
    owner = {c: k for k, cage in enumerate(board.cages) for c in cage[2]}
    canvas.saveState()
    thin = max(theme.min_line_width, min(theme.line_width * 0.6, u * 0.06))
    thick = min(max(1.4, theme.line_width * 2.6, min(3.0, u * 0.08)), u * 0.2)
    canvas.setStrokeGray(0.45)
    canvas.setLineWidth(thin)
    for k in range(1, n):
        canvas.line(left + k * u, top - side, left + k * u, top)
        canvas.line(left, top - k * u, left + side, top - k * u)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(thick)
    canvas.setLineCap(2)
    edge = thick / 2        # square caps at the frame would poke out of it
    for cell in range(n * n):
        r, c = divmod(cell, n)
        x, y = left + c * u, top - (r + 1) * u
        if c + 1 < n and owner[cell] != owner[cell + 1]:
            canvas.line(x + u, y + (edge if r == n - 1 else 0),
                        x + u, y + u - (edge if r == 0 else 0))
        if r + 1 < n and owner[cell] != owner[cell + n]:
            canvas.line(x + (edge if c == 0 else 0), y, x + u - (edge if c == n - 1 else 0), y)
    canvas.setLineCap(0)
    canvas.rect(left + thick / 2, top - side + thick / 2, side - thick, side - thick,
                fill=0, stroke=1)
    size = label_size(theme, u)
    canvas.setFillGray(0)
    canvas.setFont(theme.grid_font, size)
    for op, target, cells in board.cages if labels else ():
        r, c = divmod(min(cells), n)
        canvas.drawString(left + c * u + thick * 0.5 + u * 0.06, top - r * u - thick * 0.5
                          - size * 0.95, label(op, target))
    givens = board.givens or [0] * (n * n)
    size = digit_size(theme, u, solved)
    for cell, value in enumerate(board.solution):
        if not (solved or givens[cell]):
            continue
        r, c = divmod(cell, n)
        # under a label, a little lower
        lower = u * 0.08 if labels else 0.0
        draw_digit(canvas, theme, left + c * u, top - (r + 1) * u - lower, u, str(value),
                   bool(givens[cell]), size)
    draw_caption(canvas, f, box, ctx, board.grade if caption else None)
    canvas.restoreState()


def unit_size(board: Any, box: Box, ctx: DrawContext, caption: Sequence[str]) -> float:
    return frame(box, ctx.theme, board.size, caption, notes=1 if caption else 0).unit
