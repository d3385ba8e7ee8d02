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
                  answer: bool = False) -> float:
    """The size of the smallest text drawn: the cell numbers (the answer: its key's)."""
    return cell_size(rows, numbers, alphabet, box, answer) * (KEY_NUMBER if answer else NUMBER)


def draw_codeword(canvas: Any, solution: list[list[str | None]],
                  numbers: list[list[int | None]], key: dict[str, int], shown: set[str],
                  alphabet: str | None, box: Any, theme: Any, answer: bool = False) -> None:
    """`shown`: the letters written in (the givens; every letter for the answer);
    `alphabet`: the tracker's letters, None for no tracker; `answer`: where the cell
    numbers would be under the answer floor, the grid's letters without numbers and the
    key's numbers over its letters."""
    rows = len(numbers)
    if answer and cell_size(rows, len(key), alphabet, box) * NUMBER >= theme.min_answer_font_size:
        answer = False        # room for the numbers (a How to play example, a page alone)
    key_rows, lines, height = _shape(rows, len(key), alphabet, answer)
    cell = cell_size(rows, len(key), alphabet, box, answer)
    x0 = box.x + (box.width - rows * cell) / 2
    top = box.top - (box.height - height * cell) / 2
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
                      letter if letter in shown else None, theme)
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
        _cell(canvas, x, y, cell, None if answer else n, letter, theme)
    if alphabet:
        _tracker(canvas, alphabet, shown, x0, key_top - key_rows * row_height - GAP * cell,
                 cell, rows, theme)
    canvas.restoreState()


def _cell(canvas: Any, x: float, y: float, cell: float, n: int | None, letter: str | None,
          theme: Any) -> None:
    """A white cell: its number in the corner (None: no number, the letter centred)."""
    canvas.rect(x, y, cell, cell, stroke=1, fill=0)
    if n is not None:
        canvas.setFont(theme.grid_font, cell * NUMBER)
        canvas.drawString(x + cell * 0.06, y + cell * (1 - NUMBER) - cell * 0.02, str(n))
    if letter:
        canvas.setFont(theme.grid_font_bold, cell * LETTER)
        centre = 0.55 if n is not None else 0.5
        canvas.drawCentredString(x + cell * centre, y + cell * (0.16 if n is not None else 0.29),
                                 printed_letters(letter))


def _tracker(canvas: Any, alphabet: str, crossed: set[str], x0: float, top: float,
             cell: float, rows: int, theme: Any) -> None:
    """The alphabet on lines of two letters a cell, the given letters struck through."""
    size, step = cell * TRACKER, cell / 2
    lines = math.ceil(len(alphabet) / (2 * rows))
    per_line = math.ceil(len(alphabet) / lines)      # lines of even length
    for i, letter in enumerate(alphabet):
        line, at = divmod(i, per_line)
        count = min(per_line, len(alphabet) - line * per_line)
        x = x0 + (rows * cell - count * step) / 2 + (at + 0.5) * step
        y = top - (line + 1) * size * 1.6 + size * 0.4
        canvas.setFont(theme.grid_font, size)
        canvas.drawCentredString(x, y, printed_letters(letter))
        if letter in crossed:
            canvas.line(x - size * 0.45, y + size * 0.3, x + size * 0.45, y + size * 0.3)
