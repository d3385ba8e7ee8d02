"""Drawing a word ladder inside a box: the first word at the top in boxes, one empty row of
boxes per rung (its clue beside it), the last word at the foot, the par under it. The answer
key writes the key's ladder in the boxes. Sizes shrink to the theme's floor; `layout` says
None when nothing fits."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...ground.fonts import text_sizes

LARGEST_BOX = 54.0      # points, times the theme's scale: a ladder alone grows to fill its page
ROW = 1.35              # a rung's height, in box sides
GAP = 0.8               # between the boxes and the clue, in box sides


@dataclass(frozen=True)
class Fit:
    size: float          # text size (clues, par)
    box: float           # letter box side
    clue_width: float    # room for the clues beside the boxes (0 without clues)


def _height(words: int, fit: Fit, lines: int) -> float:
    return words * fit.box * ROW + lines * fit.size * 1.15 + fit.size * 2.0


def _rule_lines(rule: str | None, theme: Any, size: float, width: float) -> list[str]:
    return simpleSplit(rule, theme.font, size, width) if rule else []


def layout(rows: int, length: int, clues: list[str] | None, rule: str | None, box: Any,
           theme: Any, floor: float | None = None) -> Fit | None:
    """The largest size at which the rule, `rows` rows of `length` boxes (the clues each
    wrapped beside its row) and the par line fit in `box`, or None."""
    floor = theme.min_font_size if floor is None else floor
    for size in text_sizes(max(theme.font_size * 1.1, floor), floor):
        ruled = len(_rule_lines(rule, theme, size, box.width)) * size * 1.2
        side = min(LARGEST_BOX * theme.scale,            # the par line under the rows
                   (box.height - ruled - size * 2.0) / (rows * ROW), box.width / (length + 1),
                   (box.width - size * 8) / (length + GAP) if clues else math.inf)
        if side < size * 1.2:
            continue
        clue_width = box.width - length * side - GAP * side if clues else 0.0
        if clues and clue_width < size * 8:
            continue
        fit = Fit(size, side, clue_width)
        extra = sum(max(0, len(simpleSplit(c, theme.font_italic, size, clue_width)) - 1)
                    for c in clues) if clues else 0
        if _height(rows, fit, extra) + ruled <= box.height:
            return fit
    return None


def draw_ladder(canvas: Any, words: list[str], clues: list[str] | None, par_text: str,
                rule: str | None, box: Any, theme: Any, solution: bool,
                floor: float | None = None) -> None:
    """Draw inside box: the rung rows are blank unless `solution`."""
    fit = (layout(len(words), len(words[0]), clues, rule, box, theme, floor)
           or layout(len(words), len(words[0]), clues, rule, box, theme, 1.0))
    if fit is None:
        return
    side = fit.box
    lines = [simpleSplit(c, theme.font_italic, fit.size, fit.clue_width) for c in clues] \
        if clues else []
    width = len(words[0]) * side + (GAP * side + max(
        (stringWidth(line, theme.font_italic, fit.size) for ls in lines for line in ls),
        default=0.0) if clues else 0.0)
    left = box.x + max(0.0, (box.width - width) / 2)
    rule_lines = _rule_lines(rule, theme, fit.size, box.width)
    used = (_height(len(words), fit, sum(max(0, len(ls) - 1) for ls in lines))
            + len(rule_lines) * fit.size * 1.2)
    y = box.top - max(0.0, (box.height - used) / 2)
    canvas.saveState()
    canvas.setFont(theme.font, fit.size)
    for line in rule_lines:
        y -= fit.size * 1.2
        canvas.drawCentredString(box.x + box.width / 2, y + fit.size * 0.25, line)
    canvas.setLineWidth(max(theme.min_line_width, theme.line_width))
    canvas.setStrokeGray(0)
    for k, word in enumerate(words):
        rung = 0 < k < len(words) - 1
        y -= side * ROW
        for i, letter in enumerate(word):
            x = left + i * side
            if not rung:
                canvas.setFillGray(0.88)
                canvas.rect(x, y, side, side, stroke=1, fill=1)
                canvas.setFillGray(0)
            else:
                canvas.rect(x, y, side, side, stroke=1, fill=0)
            if not rung or solution:
                canvas.setFont(theme.grid_font_bold, max(side * 0.6, fit.size))
                canvas.drawCentredString(x + side / 2, y + side * 0.28, letter)
        if rung and lines:
            canvas.setFont(theme.font_italic, fit.size)
            tx = left + len(word) * side + GAP * side
            ty = y + side / 2 - fit.size * 0.35
            for line in lines[k - 1]:
                canvas.drawString(tx, ty, line)
                ty -= fit.size * 1.15
            y -= (len(lines[k - 1]) - 1) * fit.size * 1.15
    canvas.setFont(theme.font, fit.size)
    canvas.drawCentredString(left + len(words[0]) * side / 2, y - fit.size * 1.6, par_text)
    canvas.restoreState()
