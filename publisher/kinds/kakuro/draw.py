"""Drawing a Kakuro into a box: grey blocks, a diagonal in each clue cell with the across
sum above right and the down sum below left, white writing cells (digits in the answer
key), the rule and difficulty lines under the grid."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...grids.difficulty import draw_difficulty
from ..base import Box, DrawContext

BLOCK_GREY = 0.78           # blocks: dark enough to read as blocks, light enough for black sums
CLUE_SHARE = 0.34           # a clue's height as a share of the cell
DIGIT_SHARE = 0.62          # an answer digit's height as a share of the cell
CLUE_MAX, DIGIT_MAX = 0.45, 0.8   # the most of a cell the floor may push them to


@dataclass
class Layout:
    cell: float
    x0: float
    y0: float
    lines: list[str]
    font_size: float
    below: bool = False        # room under the grid for the caption and notes


def caption_size(ctx: DrawContext) -> float:
    theme = ctx.theme
    return max(theme.min_font_size, min(theme.font_size * 0.85, 10.0 * theme.scale))


def layout(board: Any, box: Box, ctx: DrawContext, caption: Sequence[str],
           notes: int) -> Layout:
    """Square cells centred in the box with the caption (and `notes` more lines) below;
    the caption is dropped when it would leave the grid less than half the box."""
    size = caption_size(ctx)
    lines: list[str] = []
    for text in caption:
        lines += simpleSplit(text, ctx.theme.font, size, box.width)
    # a caption may be empty (a worksheet's header prints the rule) with the notes kept
    text_h = (len(lines) + notes) * size * 1.25 + size * 0.6 if lines or notes else 0.0
    if text_h > box.height / 2:
        lines, text_h = [], 0.0
    cell = max(0.0, min(box.width / board.cols, (box.height - text_h) / board.rows))
    x0 = box.x + (box.width - cell * board.cols) / 2
    y0 = box.y + text_h + (box.height - text_h - cell * board.rows) / 2
    return Layout(cell, x0, y0, lines, size, text_h > 0)


def clue_size(cell: float, ctx: DrawContext, floor: float) -> float:
    return min(max(floor, cell * CLUE_SHARE), cell * CLUE_MAX)


def draw(canvas: Any, board: Any, box: Box, ctx: DrawContext, solved: bool,
         caption: Sequence[str] = (), level: str = "") -> None:
    lay = layout(board, box, ctx, caption, notes=1 if level else 0)
    cell, theme = lay.cell, ctx.theme
    if cell <= 0:
        return
    top = lay.y0 + cell * board.rows
    canvas.saveState()
    thin = max(theme.min_line_width, min(theme.line_width, cell * 0.06))
    canvas.setLineWidth(thin)
    canvas.setStrokeGray(0)
    clues = {(k["row"], k["col"]): k for k in board.clues}
    floor = theme.min_answer_font_size if solved else theme.min_font_size
    csize = clue_size(cell, ctx, floor)
    dsize = min(max(floor, cell * DIGIT_SHARE), cell * DIGIT_MAX)
    for r in range(board.rows):
        for c in range(board.cols):
            x, y = lay.x0 + c * cell, top - (r + 1) * cell
            if board.blocks[r][c] == ".":
                canvas.setFillGray(1)
                canvas.rect(x, y, cell, cell, stroke=1, fill=1)
                digit = board.solution[r][c]
                if solved and digit:
                    canvas.setFillGray(0)
                    canvas.setFont(theme.grid_font, dsize)
                    canvas.drawCentredString(x + cell / 2, y + (cell - dsize * 0.72) / 2, digit)
                continue
            canvas.setFillGray(BLOCK_GREY)
            canvas.rect(x, y, cell, cell, stroke=1, fill=1)
            clue = clues.get((r, c))
            if not clue:
                continue
            canvas.line(x, y + cell, x + cell, y)
            canvas.setFillGray(0)
            canvas.setFont(theme.grid_font, csize)
            pad = cell * 0.07
            if clue["across"] is not None:
                canvas.drawRightString(x + cell - pad, y + cell - pad - csize * 0.75,
                                       str(clue["across"]))
            if clue["down"] is not None:
                canvas.drawString(x + pad, y + pad + csize * 0.1, str(clue["down"]))
    if lay.below:
        canvas.setFillGray(0)
        canvas.setFont(theme.font, lay.font_size)
        yy = lay.y0 - lay.font_size * 1.4
        for line in lay.lines:
            canvas.drawCentredString(box.x + box.width / 2, yy, line)
            yy -= lay.font_size * 1.25
        if level:
            draw_difficulty(canvas, ctx, level, box.x + box.width / 2, yy, lay.font_size)
    canvas.restoreState()


def unreadable(board: Any, box: Box, ctx: DrawContext, caption: Sequence[str],
               solved: bool) -> str | None:
    """Why the grid would not read in `box` (the fact, no advice), or None."""
    lay = layout(board, box, ctx, caption, notes=0 if solved else 1)
    theme = ctx.theme
    floor = theme.min_answer_font_size if solved else theme.min_font_size
    need = floor / (DIGIT_MAX if solved else CLUE_MAX)
    if lay.cell < need:
        what = "digits" if solved else "clue sums"
        return f"{what} would be under {floor:g} pt in {lay.cell:.0f} pt cells"
    # two-digit sums side by side must not cross the diagonal's far corner
    if not solved and stringWidth("45", theme.grid_font, clue_size(lay.cell, ctx, floor)) > lay.cell * 0.9:
        return "clue sums would not fit their cells"
    return None
