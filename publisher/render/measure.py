"""How small a kind's text gets in a box, measured by drawing it once on a recording canvas.

Kinds promise to respect the theme's floors and say so through `fits`; this measures what
they actually draw, so a kind that forgets (or a new one) cannot print unreadable text."""
from __future__ import annotations

import io
import math
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ..kinds.base import Box, DrawContext, Kind


class _Recorder(Canvas):
    """A canvas that remembers the smallest font size set on it (kinds draw without
    transforms, so the size set is the size printed)."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), invariant=1)
        self.smallest = math.inf

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self.smallest = min(self.smallest, size)
        super().setFont(psfontname, size, leading)


def smallest_text(kind: Kind[Any, Any, Any], board: Any, box: Box, ctx: DrawContext,
                  solution: bool) -> float:
    """The smallest text the kind draws for `board` in `box` (inf when it draws none)."""
    canvas = _Recorder()
    draw = kind.draw_solution if solution else kind.draw_puzzle
    draw(canvas, board, box, ctx)
    return canvas.smallest
