"""Drawing a word scramble inside a box: one item per row (number, scrambled
letters, answer boxes with the marked ones circled, the clue under it when
shown), in one or two columns; then the bonus (its clue, its scramble, its
boxes). The answer key writes the answers in the boxes.

The size is the theme's, shrunk to its legibility floor; `fit` says None when
nothing fits.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...ground.fonts import text_sizes

GAP = 1.2          # between the scramble and the boxes, in box sides
COLUMN_GAP = 18.0  # points
LARGEST_BOX = 34.0       # points, times the theme's scale
LONG_WORD_BOX = 22.0     # points: the side long words fall back to before the text shrinks
LARGEST_TEXT = 2.0       # font sizes: a short list grows to fill its box up to this
SPREAD = 3.0             # box sides: the most room added between rows of a short list (it fills its box)
CLUE_GAP = 0.5     # font sizes: the clue sits under its boxes, apart from the next item
CLUE = 0.9         # clue size, in font sizes
STACK_LINE = 1.4   # font sizes: the scramble's own line when the boxes go under it
ANSWER = 0.6       # answer letters in the key, in box sides (never smaller than the text)
ANSWER_MOST = 0.75  # box sides: the largest answer letter that stays inside its box
CAP = 0.7          # a capital's height, in font sizes (PT Sans)


@dataclass(frozen=True)
class Item:
    scrambled: str
    answer: str
    marked: list[int]
    clue: str | None = None


@dataclass(frozen=True)
class Fit:
    size: float        # font size
    box: float         # answer box side
    columns: int
    stacked: bool = False   # the boxes under the scramble, not beside it (long words)


def _spaced(text: str) -> str:
    return " ".join(text)


def _row_heights(items: list[Item], fit: Fit, theme: Any, width: float) -> list[float]:
    out = []
    for item in items:
        h = fit.box * 1.55 + (fit.size * STACK_LINE if fit.stacked else 0.0)
        if item.clue:
            lines = simpleSplit(item.clue, _clue_font(theme), fit.size * CLUE, width)
            h += len(lines) * fit.size * 1.1 + CLUE_GAP * fit.size
        out.append(h)
    return out


def _clue_font(theme: Any) -> str:
    return getattr(theme, "font_italic", theme.font)


def _bonus_height(fit: Fit, theme: Any, width: float, bonus: tuple | None) -> float:
    if bonus is None:
        return 0.0
    clue = bonus[2] or ""
    lines = simpleSplit(clue, theme.font_bold, fit.size, width) if clue else []
    return fit.size * 1.5 + len(lines) * fit.size * 1.25 + fit.box * 1.6 + fit.size * 1.5


def _number_width(n: int, font: str, size: float) -> float:
    return stringWidth(f"{n}. ", font, size)


def fit(items: list[Item], box: Any, theme: Any, bonus: tuple | None = None,
        floor: float | None = None, pencil: float = 0.0) -> Fit | None:
    """The largest size (then fewest columns) at which everything fits, down to
    `floor` (default the theme's legibility floor); `bonus`: (scrambled, answer,
    clue) or None; `pencil`: the smallest answer box (a puzzle's, never under the layout's
    writing cell, whatever the text size). The boxes go beside each scramble; when that
    fits at no size, under it."""
    return (_fit(items, box, theme, bonus, floor, False, pencil)
            or _fit(items, box, theme, bonus, floor, True, pencil))


def _fit(items: list[Item], box: Any, theme: Any, bonus: tuple | None,
         floor: float | None, stacked: bool, pencil: float) -> Fit | None:
    floor = theme.min_font_size if floor is None else floor
    # the floor holds for the smallest text drawn: the clues, when there are any
    lowest = floor / CLUE if any(it.clue for it in items) else floor
    for size in text_sizes(max(theme.font_size * LARGEST_TEXT, lowest), lowest):
        scale = getattr(theme, "scale", 1.0)
        sides = dict.fromkeys(max(pencil, min(largest * scale, size * 1.7))
                              for largest in (LARGEST_BOX, LONG_WORD_BOX))
        for columns, side in ((columns, side) for columns in (1, 2) for side in sides):
            f = Fit(size, side, columns, stacked)
            col_w = (box.width - COLUMN_GAP * (columns - 1)) / columns
            if max(_item_width(it, f, theme, len(items)) for it in items) > col_w:
                continue
            heights = _row_heights(items, f, theme, col_w)
            per_col = -(-len(items) // columns)
            tallest = max(sum(heights[i:i + per_col]) for i in range(0, len(items), per_col))
            bonus_w = len(bonus[1]) * side if bonus else 0
            if bonus_w > box.width:
                continue
            if tallest + _bonus_height(f, theme, box.width, bonus) <= box.height:
                return f
    return None


def _item_width(item: Item, f: Fit, theme: Any, count: int) -> float:
    scrambled = stringWidth(_spaced(item.scrambled), theme.font_bold, f.size)
    boxes = len(item.answer) * f.box
    return (_number_width(count, theme.font, f.size)
            + (max(scrambled, boxes) if f.stacked else scrambled + GAP * f.box + boxes))


def draw_scramble(canvas: Any, items: list[Item], box: Any, theme: Any, solution: bool = False,
                  bonus: tuple | None = None, floor: float | None = None) -> None:
    """Draw inside box. `bonus`: (scrambled, answer, clue or None); `floor`: the
    smallest text meant (default the theme's). A box too small even for that gets
    smaller text, still inside it (`fit` is None then, and the kind says why)."""
    pencil = 0.0 if solution else getattr(theme, "min_writing_cell", 0.0)
    f = fit(items, box, theme, bonus, floor, pencil) or fit(items, box, theme, bonus, 0.5)
    if f is None:
        return
    col_w, per_col, tallest, spread, _ = _spread(items, f, box, theme, bonus)
    scramble_w = max(_number_width(len(items), theme.font, f.size)
                     + stringWidth(_spaced(it.scrambled), theme.font_bold, f.size) for it in items)
    canvas.saveState()
    canvas.setLineWidth(max(theme.min_line_width, theme.line_width))
    for col in range(f.columns):
        x = box.x + col * (col_w + COLUMN_GAP)
        y = box.y + box.height
        for i in range(col * per_col, min(len(items), (col + 1) * per_col)):
            item = items[i]
            number_w = _number_width(len(items), theme.font, f.size)
            base = y - f.box * 1.1
            text_y = base + f.box * 0.3
            if f.stacked:               # the scramble on its own line, the boxes under it
                text_y = y - f.size
                y -= f.size * STACK_LINE
                base = y - f.box * 1.1
            canvas.setFont(theme.font, f.size)
            canvas.drawString(x, text_y, f"{i + 1}.")
            canvas.setFont(theme.font_bold, f.size)
            canvas.drawString(x + number_w, text_y, _spaced(item.scrambled))
            bx = x + (number_w if f.stacked else
                      min(scramble_w + GAP * f.box, col_w - len(item.answer) * f.box))
            _boxes(canvas, bx, base, f, item.answer, set(item.marked), solution, theme)
            y -= f.box * 1.55
            if item.clue:
                y += CLUE_GAP * f.size          # closer to its own boxes...
                canvas.setFont(_clue_font(theme), f.size * CLUE)
                for line in simpleSplit(item.clue, _clue_font(theme), f.size * CLUE, col_w):
                    y -= f.size * 1.1
                    canvas.drawString(x, y + f.size * 0.3, line)
                y -= 2 * CLUE_GAP * f.size      # ...and further from the next item
            y -= spread
    if bonus is not None:
        _draw_bonus(canvas, box, f, theme, bonus, solution, tallest + spread * per_col)
    canvas.restoreState()


def _spread(items: list[Item], f: Fit, box: Any, theme: Any, bonus: tuple | None
            ) -> tuple[float, int, float, float, float]:
    """(column width, items a column, the tallest column, the room added under each row,
    the room left under it all): a short list spreads its rows into the room left, up to
    SPREAD box sides apart."""
    col_w = (box.width - COLUMN_GAP * (f.columns - 1)) / f.columns
    heights = _row_heights(items, f, theme, col_w)
    per_col = -(-len(items) // f.columns)
    tallest = max(sum(heights[i:i + per_col]) for i in range(0, len(items), per_col))
    spare = max(0.0, box.height - tallest - _bonus_height(f, theme, box.width, bonus))
    spread = min(spare / per_col, f.box * SPREAD)
    return col_w, per_col, tallest, spread, spare - spread * per_col


def centred_box(items: list[Item], box: Any, theme: Any, bonus: tuple | None = None) -> Any:
    """`box` less half the room the solved list leaves under itself, so that it sits in
    the middle (a How to play page's example)."""
    f = fit(items, box, theme, bonus)
    if f is None:
        return box
    return replace(box, height=box.height - _spread(items, f, box, theme, bonus)[4] / 2)


def _draw_bonus(canvas: Any, box: Any, f: Fit, theme: Any, bonus: tuple, solution: bool,
                used: float) -> None:
    scrambled, answer, clue = bonus
    y = box.y + box.height - used - f.size * 1.5
    canvas.setFont(theme.font_bold, f.size)
    for line in (simpleSplit(clue, theme.font_bold, f.size, box.width) if clue else []):
        canvas.drawCentredString(box.x + box.width / 2, y, line)
        y -= f.size * 1.25
    canvas.setFont(theme.font_bold, f.size)
    canvas.drawCentredString(box.x + box.width / 2, y, _spaced(scrambled))
    y -= f.box * 1.5
    width = len(answer) * f.box
    _boxes(canvas, box.x + (box.width - width) / 2, y, f, answer, set(), solution, theme)


def _boxes(canvas: Any, x: float, y: float, f: Fit, answer: str, marked: set[int],
           solution: bool, theme: Any) -> None:
    """Answer boxes from (x, y) bottom-left; a space in the answer is a gap; marked
    boxes get a circle."""
    for k, ch in enumerate(answer):
        bx = x + k * f.box
        if ch == " ":
            continue
        canvas.rect(bx, y, f.box, f.box, stroke=1, fill=0)
        if k in marked:
            canvas.circle(bx + f.box / 2, y + f.box / 2, f.box * 0.4, stroke=1, fill=0)
        if solution:
            # large text (a short list grown to fill its box) must not outgrow the boxes
            size = min(max(f.box * ANSWER, f.size), f.box * ANSWER_MOST)
            canvas.setFont(theme.grid_font_bold, size)
            canvas.drawCentredString(bx + f.box / 2, y + (f.box - size * CAP) / 2, ch)
