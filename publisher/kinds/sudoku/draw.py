"""Drawing a Sudoku into a box: square cells, bold givens, thick box/region
borders, shaded diagonals (X), shaded regions in colour (jigsaw), dashed
cage outlines with corner sums (killer), caption lines under the grid.

`board` needs: size, variant, givens and solution (row-major ints, 0 empty),
regions (region id per cell), cages (cell lists), sums, symbols.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit

# the Latin-square kinds' rule line and digit size
from ...grids.latin.draw import caption_size, digit_size
from .shapes import symbol

# A line drawn under the caption (the difficulty): (canvas, x centre, baseline, size).
Note = Callable[[Any, float, float, float], None]
DIAGONAL_GREY = 0.90
ANSWER_CAGE_GREY = 0.55     # killer cages in an answer key, under the digits' black
PASTELS = ["#f6c9c9", "#c9e2f5", "#d3ecc8", "#fae6bf", "#e2d3f3", "#c4ece6",
           "#f8d7e8", "#e8e8c4", "#d9dce3", "#f5d5bd", "#cdd8f8", "#ecefc9",
           "#f3c6b1", "#c6e9d0", "#e0cfe9", "#f1e3a8"]
SUM_SHARE = 0.26            # killer sum height as a share of the cell
SUM_MAX = 0.45              # the most of a cell the floor may push a sum to
CAGE_INSET = 0.12           # dashed outline inset from the cell edge, share of the cell


@dataclass
class GridLayout:
    cell: float
    x0: float
    y0: float
    lines: list[str]
    font_size: float


def grid_layout(board: Any, box: Any, theme: Any, caption: Sequence[str] = (),
                notes: int = 0) -> GridLayout:
    """Square cells centred in the box, the caption lines and `notes` more lines under
    the grid (dropped when they would leave the grid less than half the box)."""
    n = board.size
    font_size = caption_size(theme, caption[0] if caption else "", box.width)
    lines: list[str] = []
    for text in caption:
        lines += simpleSplit(text, theme.font, font_size, box.width)
    text_h = (len(lines) + notes) * font_size * 1.25 + font_size * 0.6 if lines else 0.0
    if text_h > box.height / 2:
        lines, text_h = [], 0.0
    side = max(0.0, min(box.width, box.height - text_h))
    cell = side / n
    x0 = box.x + (box.width - side) / 2
    y0 = box.y + text_h + (box.height - text_h - side) / 2
    return GridLayout(cell, x0, y0, lines, font_size)


def _rgb(code: str) -> Color:
    return Color(*(int(code[i:i + 2], 16) / 255 for i in (1, 3, 5)))


def draw_grid(canvas: Any, board: Any, box: Any, theme: Any, solved: bool,
              caption: Sequence[str] = (), note: Note | None = None) -> None:
    n = board.size
    lay = grid_layout(board, box, theme, caption, notes=1 if note else 0)
    cell, x0, y0 = lay.cell, lay.x0, lay.y0
    if cell <= 0:
        return
    side = cell * n
    top = y0 + side

    def corner(r: int, c: int) -> tuple[float, float]:      # bottom-left of a cell
        return x0 + c * cell, top - (r + 1) * cell

    canvas.saveState()
    _fills(canvas, board, theme, cell, corner)
    thin = max(theme.min_line_width, min(theme.line_width * 0.8, cell * 0.1))
    thick = min(max(1.4, theme.line_width * 2.6, min(3.0, cell * 0.08)), cell * 0.2)
    canvas.setStrokeGray(0.6 if board.variant == "killer" else 0)
    canvas.setLineWidth(thin)
    for k in range(1, n):
        canvas.line(x0 + k * cell, y0, x0 + k * cell, top)
        canvas.line(x0, y0 + k * cell, x0 + side, y0 + k * cell)
    canvas.setStrokeGray(0)
    canvas.setLineCap(2)
    canvas.setLineWidth(thick)
    reg = board.regions
    edge = thick / 2        # square caps at the frame would poke out of the box
    for r in range(n):
        for c in range(n):
            x, y = corner(r, c)
            if c + 1 < n and reg[r][c] != reg[r][c + 1]:
                canvas.line(x + cell, y + (edge if r == n - 1 else 0),
                            x + cell, y + cell - (edge if r == 0 else 0))
            if r + 1 < n and reg[r][c] != reg[r + 1][c]:
                canvas.line(x + (edge if c == 0 else 0), y,
                            x + cell - (edge if c == n - 1 else 0), y)
    canvas.setLineCap(0)
    # the frame inset by half its width so it stays inside the box
    canvas.rect(x0 + thick / 2, y0 + thick / 2, side - thick, side - thick, fill=0, stroke=1)
    if board.variant == "killer":
        _cages(canvas, board, theme, cell, corner, thin, sums=not solved)
    _digits(canvas, board, theme, cell, corner, solved)
    if lay.lines:
        canvas.setFillGray(0)
        canvas.setFont(theme.font, lay.font_size)
        y = y0 - lay.font_size * 0.6 - lay.font_size * 0.8
        for line in lay.lines:
            canvas.drawCentredString(box.x + box.width / 2, y, line)
            y -= lay.font_size * 1.25
        if note:
            note(canvas, box.x + box.width / 2, y, lay.font_size)
    canvas.restoreState()


def _fills(canvas: Any, board: Any, theme: Any, cell: float, corner: Any) -> None:
    n = board.size
    if board.variant == "x":
        if theme.colour:
            canvas.setFillColor(_rgb("#dbe7f7"))
        else:
            canvas.setFillGray(DIAGONAL_GREY)
        for i in range(n):
            for c in {i, n - 1 - i}:
                canvas.rect(*corner(i, c), cell, cell, fill=1, stroke=0)
    elif board.variant == "jigsaw" and theme.colour:
        for r in range(n):
            for c in range(n):
                canvas.setFillColor(_rgb(PASTELS[board.regions[r][c] % len(PASTELS)]))
                canvas.rect(*corner(r, c), cell, cell, fill=1, stroke=0)


def _digits(canvas: Any, board: Any, theme: Any, cell: float, corner: Any,
            solved: bool) -> None:
    n = board.size
    size = digit_size(theme, cell, solved)
    symbols = getattr(board, "symbols", "digits")
    for r in range(n):
        for c in range(n):
            given = board.givens[r * n + c]
            value = given or (board.solution[r * n + c] if solved else 0)
            if not value:
                continue
            text = symbol(value, symbols)
            font = theme.grid_font_bold if given else theme.grid_font
            canvas.setFont(font, size)
            canvas.setFillGray(0 if given else 0.3)
            x, y = corner(r, c)
            canvas.drawCentredString(x + cell / 2, y + (cell - size * 0.72) / 2, text)


def _sum_labels(canvas: Any, board: Any, font: str, size: float,
                cell: float) -> dict[tuple[int, int], tuple[str, float, float]]:
    """Each cage's sum by the cell it sits in: (text, its right end, its bottom) as offsets
    from the cell's lower-left corner."""
    d = cell * CAGE_INSET
    labels = {}
    for cells, total in zip(board.cages, board.sums):
        text = str(total)
        right = d * 0.7 + canvas.stringWidth(text, font, size)
        # the baseline is size * 0.75 under the sum's top; descenders reach a quarter below
        labels[divmod(min(cells), board.size)] = (text, right, cell - d * 0.4 - size)
    return labels


def _cages(canvas: Any, board: Any, theme: Any, cell: float, corner: Any,
           thin: float, sums: bool) -> None:
    """Dashed outline of each cage, inset from the cell edges, and its sum in the corner
    of its top-left cell; the outline's two sides there stop short of the sum, so no dash
    runs into it or leaves a fragment beside it."""
    n = board.size
    d = cell * CAGE_INSET
    owner = {}
    for k, cells in enumerate(board.cages):
        for cc in cells:
            owner[divmod(cc, n)] = k
    # never under the floor; fits() reports cells too small to hold it
    size = min(max(theme.min_font_size, cell * SUM_SHARE), cell * SUM_MAX)
    width = max(theme.min_line_width, thin)
    gap = max(width, d * 0.4)
    labels = _sum_labels(canvas, board, theme.grid_font, size, cell) if sums else {}
    canvas.setLineWidth(width)
    # in an answer key the digits are what is read: the cages only help to check sums
    canvas.setStrokeGray(0.1 if sums else ANSWER_CAGE_GREY)
    canvas.setDash(max(1.5, cell * 0.11), max(1.2, cell * 0.08))
    canvas.setLineCap(0)
    for (r, c), k in owner.items():
        x, y = corner(r, c)
        inside = {(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if owner.get((r + dr, c + dc)) == k}
        label = labels.get((r, c))
        for (dr, dc) in ((-1, 0), (1, 0), (0, -1), (0, 1)):     # the four sides
            if (dr, dc) in inside:
                continue
            # end offsets along the side (left/up end first): inset at a convex
            # corner, flush where the cage goes on, past the edge at a concave one
            steps = ((0, -1), (0, 1)) if dr else ((-1, 0), (1, 0))
            ends = []
            for sr, sc in steps:
                along = (sr, sc) in inside
                ends.append((-d if (dr + sr, dc + sc) in inside else 0.0) if along else d)
            if label and dr < 0:                     # the top side starts after the sum
                ends[0] = max(ends[0], label[1] + gap)
            if label and dc < 0:                     # the left side starts under it
                ends[0] = max(ends[0], cell - label[2] + gap)
            if ends[0] + ends[1] >= cell:
                continue
            if dr:
                yy = y + (cell - d if dr < 0 else d)
                canvas.line(x + ends[0], yy, x + cell - ends[1], yy)
            else:
                xx = x + (d if dc < 0 else cell - d)
                canvas.line(xx, y + cell - ends[0], xx, y + ends[1])
    canvas.setDash()
    canvas.setFont(theme.grid_font, size)
    canvas.setFillGray(0)
    for (r, c), (text, _, _) in labels.items():
        x, y = corner(r, c)
        canvas.drawString(x + d * 0.7, y + cell - d * 0.4 - size * 0.75, text)
