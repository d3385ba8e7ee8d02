"""Text set in paragraphs that runs on over as many pages as it needs: pagination counts
the introduction's pages and the front matter draws each from the same split."""
from __future__ import annotations

from reportlab.lib.utils import simpleSplit

from ..ground.fonts import register_fonts
from ..kinds.base import Box

LEADING = 1.4          # a line's advance, in font sizes
PARAGRAPH_GAP = 0.7    # the extra advance after a paragraph
DESCENT = 0.3          # room under the last baseline for descenders, in font sizes


def lines(text: str, font: str, size: float, width: float) -> list[str]:
    """The text's lines at `width`; "" ends a paragraph."""
    register_fonts()       # pagination measures before the renderer registers the fonts
    out: list[str] = []
    for paragraph in text.split("\n\n"):
        out += simpleSplit(" ".join(paragraph.split()), font, size, width) + [""]
    return out


def advance(line: str, size: float) -> float:
    return size * (PARAGRAPH_GAP if line == "" else LEADING)


def pages(text: str, font: str, size: float, body: Box, first_top: float) -> list[list[str]]:
    """The lines on each page: the first from `first_top` (under its heading), the next
    from the top of the body, every baseline above the body's foot."""
    split: list[list[str]] = [[]]
    room = first_top - body.y - size * DESCENT
    used = 0.0
    for line in lines(text, font, size, body.width):
        if line and used > room:           # this baseline would fall under the foot
            split.append([])
            room, used = body.height - size * (1 + DESCENT), 0.0
        if line or split[-1]:              # no gap at the top of a page
            split[-1].append(line)
            used += advance(line, size)
    return split
