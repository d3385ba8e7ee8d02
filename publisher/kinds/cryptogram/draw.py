"""Drawing a cryptogram inside a box: words wrapped on lines, each letter a
blank to write on above its cipher letter; punctuation and digits printed in
place; revealed letters written in; an optional key line (the hints) and an
author line under the text.

The letter size is the theme's, shrunk down to its legibility floor until the
text fits; `layout` says None when even the floor does not fit.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from ...ground.fonts import text_sizes

CELL_WIDTH = 1.35       # letter cell width, in font sizes
ROW_HEIGHT = 3.3        # one text line: blank, cipher letter, gap (font sizes)
ROOMIEST_ROW = 5.0      # a short text spreads its lines up to this apart to fill its box
LARGEST = 24.0          # a short text grows to fill its box up to this (times the theme's scale)
CIPHER = 0.8            # cipher letters are this much of the letter size: the smallest text


@dataclass(frozen=True)
class Layout:
    size: float                          # font size of the cipher letters
    lines: list[list[int]]               # indexes into the text, per printed line
    row: float = ROW_HEIGHT              # from one line to the next, in font sizes


def _words(text: str) -> list[list[int]]:
    """Indexes of each space-separated word of the text."""
    out: list[list[int]] = []
    cur: list[int] = []
    for i, ch in enumerate(text):
        if ch == " ":
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append(i)
    if cur:
        out.append(cur)
    return out


def _wrap(text: str, per_line: int) -> list[list[int]]:
    lines: list[list[int]] = []
    cur: list[int] = []
    for word in _words(text):
        while len(word) > per_line:               # a word longer than a line is cut
            if cur:
                lines.append(cur)
                cur = []
            lines.append(word[:per_line])
            word = word[per_line:]
        if cur and len(cur) + 1 + len(word) > per_line:
            lines.append(cur)
            cur = []
        cur = cur + ([-1] if cur else []) + word   # -1: a space
    if cur:
        lines.append(cur)
    return lines


TOP = 1.2               # from the box top to the first blank line's baseline (font sizes)
BELOW = 1.35            # from a blank's baseline down to its cipher letter's
DESCENT = 0.45          # under the last cipher letter


def note_size(size: float, theme: Any) -> float:
    """Notes are body text, but never larger than the letters."""
    return min(theme.font_size, size)


def _height(n_lines: int, size: float, theme: Any, notes: int,
            row: float = ROW_HEIGHT) -> float:
    return (TOP + (n_lines - 1) * row + BELOW + DESCENT) * size \
        + notes * note_size(size, theme) * 1.5


def drawn_height(lay: Layout, theme: Any, notes: int) -> float:
    """The height a text laid out as `lay` takes, its lines spread, with `notes` under it."""
    return _height(len(lay.lines), lay.size, theme, notes, lay.row)


def layout(text: str, width: float, height: float, theme: Any, extra_lines: int = 0,
           floor: float | None = None) -> Layout | None:
    """The largest letter size (theme size down to `floor`, default the theme's
    legibility floor) at which the text, plus `extra_lines` lines of small print
    under it, fits width x height."""
    # the floor holds for the cipher letters, the smallest text drawn
    lowest = (theme.min_font_size if floor is None else floor) / CIPHER
    largest = max(LARGEST * getattr(theme, "scale", 1.0), lowest)
    for size in text_sizes(largest, lowest):
        per_line = int(width // (size * CELL_WIDTH))
        if per_line >= 1:
            lines = _wrap(text, per_line)
            used = _height(len(lines), size, theme, extra_lines)
            if used <= height:
                # room to spare: wider gaps between the lines (more room to write in)
                spread = (height - used) / (size * (len(lines) - 1)) if len(lines) > 1 else 0
                return Layout(size, lines, ROW_HEIGHT + min(spread, ROOMIEST_ROW - ROW_HEIGHT))
    return None


def draw_cryptogram(canvas: Any, ciphertext: str, plaintext: str, letters: str, box: Any,
                    theme: Any, revealed: set[str], notes: list[str] | None = None,
                    floor: float | None = None, extra_lines: int = 0
                    ) -> tuple[float, float] | None:
    """Draw inside box. `letters`: the alphabet (other characters are printed as
    they are); `revealed`: plain letters written in (all of them for the answer
    key); `notes`: small lines printed under the text (hints, author); `floor`:
    the smallest letter size meant (default the theme's). A box too small even
    for that gets smaller letters, still inside it (`fits` says why). Room is kept
    for `extra_lines` more notes, which the caller draws: returns (baseline, size)
    of the first, or None when nothing fits."""
    notes = notes or []
    lines = len(notes) + extra_lines
    lay = layout(ciphertext, box.width, box.height, theme, lines, floor) \
        or layout(ciphertext, box.width, box.height, theme, lines, 0.5)
    if lay is None:
        return None
    size, cell = lay.size, lay.size * CELL_WIDTH
    canvas.saveState()
    canvas.setLineWidth(max(theme.min_line_width, theme.line_width * 0.8))
    y = box.top - size * 1.2
    for line in lay.lines:
        x = box.x + (box.width - len(line) * cell) / 2
        for i in line:
            if i >= 0:
                _letter(canvas, ciphertext[i], plaintext[i], letters, revealed, x, y, cell,
                        size, theme)
            x += cell
        y -= size * lay.row
    small = note_size(size, theme)
    y = y + size * lay.row - (BELOW + DESCENT) * size
    for note in notes:
        y -= small * 1.5
        wide = stringWidth(note, theme.font, small)
        canvas.setFont(theme.font, small * min(1.0, box.width / wide) if wide else small)
        canvas.drawCentredString(box.x + box.width / 2, max(box.y + small * 0.3, y), note)
    canvas.restoreState()
    return max(box.y + small * 0.3, y - small * 1.5), small


def _letter(canvas: Any, cipher: str, plain: str, letters: str, revealed: set[str],
            x: float, y: float, cell: float, size: float, theme: Any) -> None:
    """One position: blank line at y with the plain letter if revealed, cipher
    letter below; a non-letter is printed on the blank's level."""
    mid = x + cell / 2
    if cipher not in letters:
        canvas.setFont(theme.grid_font_bold, size)
        canvas.drawCentredString(mid, y, cipher)
        return
    canvas.line(x + cell * 0.1, y - size * 0.25, x + cell * 0.9, y - size * 0.25)
    if plain in revealed:
        canvas.setFont(theme.grid_font_bold, size)
        canvas.drawCentredString(mid, y, plain)
    canvas.setFont(theme.grid_font, size * CIPHER)
    canvas.drawCentredString(mid, y - size * 1.35, cipher)
