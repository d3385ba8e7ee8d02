"""Drawing a codeword inside a box: the numbered grid (each white cell's number small in
its corner, its letter large when known), the key below it (the numbers 1..N in rows as
wide as the grid, the known letters entered) and, on the puzzle page, the alphabet to
cross letters off (the givens crossed already). The answer has no numbers in the grid
(the letters are the answer) and its key has each number over its letter, large
enough to read, so that answers share a page; with room for the numbers, it keeps them."""
from __future__ import annotations

import math
from typing import Any

from ...ground.fonts import printed_letters

NUMBER = 0.3          # cell numbers, in cell sizes: the smallest text drawn
LETTER = 0.6          # letters in cells
CAP = 0.72            # a capital's or a digit's height, in font sizes
SPACE = 0.06          # between a grown number and the letter under it (cell sizes)
LOWEST = 0.08         # the lowest a letter's baseline goes (cell sizes)
# Under a floor (large print) the numbers grow, the letter moving down and shrinking under
# them, until the letter would be smaller than the number: the largest share they take.
NUMBER_MOST = (1 - 0.02 - SPACE - LOWEST) / (1 + CAP)
GAP = 0.4             # between grid, key and tracker (cell sizes)
TRACKER = 0.45        # tracker letters (cell sizes); a line holds two letters per cell
KEY_NUMBER = 0.5      # the answer key's numbers, over their letters (cell sizes)
KEY_STRIP = 0.6       # the room they take above each row of the key


def _shape(rows: int, numbers: int, alphabet: str | None,
           answer: bool = False) -> tuple[int, int, float]:
    """(key rows, tracker lines, height in cell sizes)."""
    key_rows = math.ceil(numbers / rows)
    lines = math.ceil(len(alphabet) / (2 * rows)) if alphabet else 0
    height = (rows + GAP + key_rows * (1 + KEY_STRIP if answer else 1)
              + (GAP + lines * TRACKER * 1.6 if lines else 0))
    return key_rows, lines, height


def cell_size(rows: int, numbers: int, alphabet: str | None, box: Any,
              answer: bool = False) -> float:
    return min(box.width / rows, box.height / _shape(rows, numbers, alphabet, answer)[2])


def smallest_text(rows: int, numbers: int, alphabet: str | None, box: Any,
                  answer: bool = False, floor: float = 0.0) -> float:
    """The size of the smallest text drawn: the cell numbers (the answer: its key's unless
    it keeps them, `keeps_numbers`), grown towards `floor` as far as the letters under them
    allow."""
    if answer and keeps_numbers(rows, numbers, box, floor):
        answer = False
    cell = cell_size(rows, numbers, alphabet, box, answer)
    return cell * (KEY_NUMBER if answer else number_share(cell, floor))


def keeps_numbers(rows: int, numbers: int, box: Any, floor: float) -> bool:
    """Whether an answer keeps the grid's numbers: they reach `floor` as they are, or grown
    they do where the key's numbers over their letters would not (a box short for the
    strip over each key row: a How to play example in large print)."""
    cell = cell_size(rows, numbers, None, box)
    return cell * NUMBER >= floor or (
        cell * NUMBER_MOST >= floor > cell_size(rows, numbers, None, box, True) * KEY_NUMBER)


def number_share(cell: float, floor: float) -> float:
    """The cell numbers' size in cell sizes: NUMBER, or what reaches `floor` up to NUMBER_MOST."""
    return min(max(NUMBER, floor / cell), NUMBER_MOST)


def letter_place(number: float) -> tuple[float, float]:
    """(size, baseline) of a letter in a cell under a number of size `number` (cell sizes):
    the usual ones, lowered and then shrunk to keep clear of a grown number."""
    top = 1 - 0.02 - number - SPACE           # the most the letter may reach
    baseline = max(LOWEST, min(0.16, top - CAP * LETTER))
    return min(LETTER, (top - baseline) / CAP), baseline


def draw_codeword(canvas: Any, solution: list[list[str | None]],
                  numbers: list[list[int | None]], key: dict[str, int], shown: set[str],
                  alphabet: str | None, box: Any, theme: Any, answer: bool = False) -> float:
    """`shown`: the letters written in (the givens; every letter for the answer);
    `alphabet`: the tracker's letters, None for no tracker; `answer`: where the cell
    numbers would be under the answer floor, the grid's letters without numbers and the
    key's numbers over its letters. Returns the bottom of what it drew."""
    rows = len(numbers)
    floor = theme.min_answer_font_size if answer else theme.min_font_size
    if answer and keeps_numbers(rows, len(key), box, floor):
        answer = False        # room for the numbers (a How to play example, a page alone)
    key_rows, lines, height = _shape(rows, len(key), alphabet, answer)
    cell = cell_size(rows, len(key), alphabet, box, answer)
    x0 = box.x + (box.width - rows * cell) / 2
    top = box.top - (box.height - height * cell) / 2
    number = number_share(cell, floor)
    canvas.saveState()
    canvas.setLineWidth(theme.line_width)
    for r, line in enumerate(numbers):
        for c, n in enumerate(line):
            x, y = x0 + c * cell, top - (r + 1) * cell
            letter = solution[r][c]
            if n is None:
                canvas.rect(x, y, cell, cell, stroke=1, fill=1)
            else:
                _cell(canvas, x, y, cell, None if answer else n,
                      letter if letter in shown else None, theme, number)
    letters = {n: letter for letter, n in key.items()}
    key_top = top - (rows + GAP) * cell
    row_height = (1 + KEY_STRIP if answer else 1) * cell
    for i in range(len(key)):
        n = i + 1
        x, y = x0 + (i % rows) * cell, key_top - (i // rows + 1) * row_height
        letter = letters[n] if letters[n] in shown else None
        if answer:
            canvas.setFont(theme.grid_font, cell * KEY_NUMBER)
            canvas.drawCentredString(x + cell / 2, y + cell * (1 + KEY_STRIP * 0.25), str(n))
        _cell(canvas, x, y, cell, None if answer else n, letter, theme, number)
    if alphabet:
        _tracker(canvas, alphabet, shown, x0, key_top - key_rows * row_height - GAP * cell,
                 cell, rows, theme, max(TRACKER, number))
    canvas.restoreState()
    return top - height * cell


def _cell(canvas: Any, x: float, y: float, cell: float, n: int | None, letter: str | None,
          theme: Any, number: float = NUMBER) -> None:
    """A white cell: its number in the corner, `number` cell sizes high (None: no number,
    the letter centred)."""
    canvas.rect(x, y, cell, cell, stroke=1, fill=0)
    if n is not None:
        canvas.setFont(theme.grid_font, cell * number)
        canvas.drawString(x + cell * 0.06, y + cell * (1 - number) - cell * 0.02, str(n))
    if letter:
        size, baseline = letter_place(number) if n is not None else (LETTER, 0.29)
        canvas.setFont(theme.grid_font_bold, cell * size)
        centre = 0.55 if n is not None else 0.5
        canvas.drawCentredString(x + cell * centre, y + cell * baseline,
                                 printed_letters(letter))


def _tracker(canvas: Any, alphabet: str, crossed: set[str], x0: float, top: float,
             cell: float, rows: int, theme: Any, share: float = TRACKER) -> None:
    """The alphabet on lines of two letters a cell, the given letters struck through;
    `share`: their size (cell sizes), no smaller than the numbers, on lines TRACKER apart."""
    line_size, size, step = cell * TRACKER, cell * share, cell / 2
    lines = math.ceil(len(alphabet) / (2 * rows))
    per_line = math.ceil(len(alphabet) / lines)      # lines of even length
    for i, letter in enumerate(alphabet):
        line, at = divmod(i, per_line)
        count = min(per_line, len(alphabet) - line * per_line)
        x = x0 + (rows * cell - count * step) / 2 + (at + 0.5) * step
        y = top - (line + 1) * line_size * 1.6 + line_size * 0.4
        canvas.setFont(theme.grid_font, size)
        canvas.drawCentredString(x, y, printed_letters(letter))
        if letter in crossed:
            canvas.line(x - size * 0.45, y + size * 0.3, x + size * 0.45, y + size * 0.3)
