"""How small a kind's text gets in a box, measured by drawing it once on a recording canvas.

Kinds promise to respect the theme's floors and say so through `fits`; this measures what
they actually draw, so a kind that forgets (or a new one) cannot print unreadable text."""
from __future__ import annotations

import io
import math
from typing import Any, Callable

from reportlab.pdfgen.canvas import Canvas

from ..kinds.base import Box, DrawContext, Kind


class _Nothing:
    """Answers every call and attribute with itself: paths, forms and drawing calls cost
    nothing while the sizes are recorded."""

    def __getattr__(self, name: str) -> Any:
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self


def _ignore(self: Any, *args: Any, **kwargs: Any) -> None:
    return None


class _FastRecorder(_Nothing):
    """Text objects are the recorder itself (their setFont is recorded too). The calls a
    drawing makes per cell are plain methods: no __getattr__ round trip each time."""

    def __init__(self) -> None:
        self.smallest = math.inf

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:
        self.smallest = min(self.smallest, size)

    drawString = drawCentredString = drawRightString = textOut = setTextOrigin = _ignore
    rect = line = circle = roundRect = ellipse = wedge = _ignore
    setFillColor = setStrokeColor = setFillGray = setStrokeGray = setLineWidth = _ignore
    saveState = restoreState = translate = rotate = scale = doForm = drawText = _ignore


class _Recorder(Canvas):
    """A real canvas that remembers the smallest font size set on it (kinds draw without
    transforms, so the size set is the size printed)."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), invariant=1)
        self.smallest = math.inf

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self.smallest = min(self.smallest, size)
        super().setFont(psfontname, size, leading)

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> Any:
        text = super().beginText(x, y, direction)
        select = text.setFont

        def setFont(name: str, size: float, leading: float | None = None) -> None:
            self.smallest = min(self.smallest, size)
            select(name, size, leading)
        text.setFont = setFont    # type: ignore[method-assign]
        return text


def smallest_text(kind: Kind[Any, Any, Any], board: Any, box: Box, ctx: DrawContext,
                  solution: bool) -> float:
    """The smallest text the kind draws for `board` in `box` (inf when it draws none)."""
    draw = kind.draw_solution if solution else kind.draw_puzzle
    return smallest_drawn(lambda canvas: draw(canvas, board, box, ctx))


def smallest_drawn(paint: Callable[[Any], None]) -> float:
    """The smallest text `paint(canvas)` draws (inf when none). A drawing that uses what
    the canvas returns (a number) is drawn on a real canvas."""
    recorder: _FastRecorder | _Recorder = _FastRecorder()
    try:
        paint(recorder)
    except (TypeError, ValueError, AttributeError):
        recorder = _Recorder()
        paint(recorder)
    return recorder.smallest
