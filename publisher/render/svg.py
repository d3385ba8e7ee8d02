"""A canvas with the part of ReportLab's pdfgen API the kinds draw with, writing SVG.

The kinds draw a puzzle once, for the PDF and for this canvas alike; nothing of theirs
changes. Text in a TrueType font is drawn as the font's glyph outlines (render/outlines.py),
each glyph defined once and placed at the PDF's advance widths, so the file looks the same
on a machine without the font; each run's words stay in its group's aria-label. Text in
one of PDF's built-in fonts (no outlines to hand) stays a `<text>`. The canvas
also keeps the bounds of everything drawn, which is how a desk file is cropped to its
puzzle (render/split.py). A method no kind uses yet raises AttributeError, naming it:
the contract test draws every kind here, so a new call is found at once."""
from __future__ import annotations

import hashlib
import math
from functools import cache
from dataclasses import dataclass, field, replace
from typing import Any, Iterable
from xml.sax.saxutils import escape, quoteattr

from reportlab.lib.colors import Color, toColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .outlines import glyph_path

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m · n: n applied first, then m (PDF's row-vector convention, as pdfgen's)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


@dataclass
class Bounds:
    """The smallest rectangle holding what was drawn (page coordinates, y up)."""

    x0: float = math.inf
    y0: float = math.inf
    x1: float = -math.inf
    y1: float = -math.inf

    def add(self, m: Matrix, points: Iterable[tuple[float, float]], grow: float = 0.0) -> None:
        for x, y in points:
            corners = (((x - grow, y - grow), (x + grow, y + grow), (x - grow, y + grow),
                        (x + grow, y - grow)) if grow else ((x, y),))
            for px, py in corners:
                tx, ty = _apply(m, px, py)
                self.x0, self.x1 = min(self.x0, tx), max(self.x1, tx)
                self.y0, self.y1 = min(self.y0, ty), max(self.y1, ty)

    @property
    def empty(self) -> bool:
        return self.x0 > self.x1

    @property
    def height(self) -> float:
        return 0.0 if self.empty else self.y1 - self.y0


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill: Color = field(default_factory=lambda: Color(0, 0, 0))
    stroke: Color = field(default_factory=lambda: Color(0, 0, 0))
    line_width: float = 1.0
    cap: int = 0
    join: int = 0
    dash: tuple[float, ...] = ()
    font: str = "Helvetica"
    size: float = 12.0


class _Path:
    """pdfgen's path object: the subset kinds use, as SVG path data."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.points: list[tuple[float, float]] = []

    def moveTo(self, x: float, y: float) -> None:
        self.parts.append(f"M{_num(x)} {_num(y)}")
        self.points.append((x, y))

    def lineTo(self, x: float, y: float) -> None:
        self.parts.append(f"L{_num(x)} {_num(y)}")
        self.points.append((x, y))

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> None:
        self.parts.append(" ".join(["C" + _num(x1), _num(y1), _num(x2), _num(y2), _num(x3),
                                    _num(y3)]))
        self.points += [(x1, y1), (x2, y2), (x3, y3)]

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self.moveTo(x, y)
        self.lineTo(x + width, y)
        self.lineTo(x + width, y + height)
        self.lineTo(x, y + height)
        self.close()

    def close(self) -> None:
        self.parts.append("Z")


class SvgCanvas:
    """Draw as on a pdfgen Canvas of `width` x `height` points; `svg()` gives the file."""

    def __init__(self, width: float, height: float, title: str = "",
                 bounds_only: bool = False) -> None:
        self.width, self.height, self.title = width, height, title
        self.bounds_only = bounds_only       # a probe: measure, write nothing
        self.bounds = Bounds()
        self._state = _State()
        self._saved: list[_State] = []
        self._out: list[str] = []
        self._glyphs: dict[str, str] = {}     # id -> path data, in order of first use
        self._forms: dict[str, tuple[list[str], Bounds]] = {}
        self._form_stack: list[tuple[str, list[str], Bounds, _State, list[_State]]] = []

    # --- state -----------------------------------------------------------------------
    def saveState(self) -> None:
        self._saved.append(replace(self._state))

    def restoreState(self) -> None:
        self._state = self._saved.pop()

    def translate(self, dx: float, dy: float) -> None:
        self._state.ctm = _times(self._state.ctm, (1, 0, 0, 1, dx, dy))

    def scale(self, sx: float, sy: float) -> None:
        self._state.ctm = _times(self._state.ctm, (sx, 0, 0, sy, 0, 0))

    def rotate(self, degrees: float) -> None:
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        self._state.ctm = _times(self._state.ctm, (c, s, -s, c, 0, 0))

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:
        self._state.font, self._state.size = name, size

    def stringWidth(self, text: str, font: str | None = None, size: float | None = None) -> float:
        return pdfmetrics.stringWidth(text, font or self._state.font, size or self._state.size)

    def setLineWidth(self, width: float) -> None:
        self._state.line_width = width

    def setLineCap(self, mode: int) -> None:
        self._state.cap = mode

    def setLineJoin(self, mode: int) -> None:
        self._state.join = mode

    def setDash(self, array: Any = (), phase: float = 0) -> None:
        if isinstance(array, (int, float)):       # setDash(on, off), as pdfgen reads it
            array = (array, phase)
        self._state.dash = tuple(float(v) for v in array)

    def setFillColor(self, colour: Any, alpha: float | None = None) -> None:
        self._state.fill = _colour(colour, alpha)

    def setStrokeColor(self, colour: Any, alpha: float | None = None) -> None:
        self._state.stroke = _colour(colour, alpha)

    def setFillGray(self, gray: float, alpha: float | None = None) -> None:
        self.setFillColor(Color(gray, gray, gray), alpha)

    def setStrokeGray(self, gray: float, alpha: float | None = None) -> None:
        self.setStrokeColor(Color(gray, gray, gray), alpha)

    def setFillColorRGB(self, r: float, g: float, b: float, alpha: float | None = None) -> None:
        self.setFillColor(Color(r, g, b), alpha)

    def setStrokeColorRGB(self, r: float, g: float, b: float,
                          alpha: float | None = None) -> None:
        self.setStrokeColor(Color(r, g, b), alpha)

    # --- shapes ----------------------------------------------------------------------
    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._shape(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}"',
                    [(x1, y1), (x2, y2)], stroke=True, fill=False)

    def lines(self, segments: Iterable[tuple[float, float, float, float]]) -> None:
        for x1, y1, x2, y2 in segments:
            self.line(x1, y1, x2, y2)

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None:
        x, width = (x + width, -width) if width < 0 else (x, width)
        y, height = (y + height, -height) if height < 0 else (y, height)
        self._shape(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" '
                    f'height="{_num(height)}"', [(x, y), (x + width, y + height)],
                    bool(stroke), bool(fill))

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float,
                  stroke: int = 1, fill: int = 0) -> None:
        self._shape(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" '
                    f'height="{_num(height)}" rx="{_num(radius)}"',
                    [(x, y), (x + width, y + height)], bool(stroke), bool(fill))

    def circle(self, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self._shape(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}"',
                    [(x - r, y - r), (x + r, y + r), (x - r, y + r), (x + r, y - r)],
                    bool(stroke), bool(fill))

    def beginPath(self) -> _Path:
        return _Path()

    def drawPath(self, path: _Path, stroke: int = 1, fill: int = 0,
                 fillMode: int | None = None) -> None:
        if path.parts:
            rule = ' fill-rule="evenodd"' if fillMode == 1 else ""
            self._shape(f'<path d="{" ".join(path.parts)}"{rule}', path.points, bool(stroke),
                        bool(fill))

    # --- text ------------------------------------------------------------------------
    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._text(x, y, text, "start", 0.0)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any,
                          **kwargs: Any) -> None:
        self._text(x, y, text, "middle", 0.5)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._text(x, y, text, "end", 1.0)

    # --- forms (drawn once, placed many times) -----------------------------------------
    def beginForm(self, name: str, lowerx: float = 0, lowery: float = 0,
                  upperx: float | None = None, uppery: float | None = None) -> None:
        self._form_stack.append((name, self._out, self.bounds, self._state, self._saved))
        self._out, self.bounds, self._saved = [], Bounds(), []
        self._state = replace(self._state, ctm=IDENTITY)

    def endForm(self, **kwargs: Any) -> None:
        name, out, bounds, state, saved = self._form_stack.pop()
        self._forms[name] = (self._out, self.bounds)
        self._out, self.bounds, self._state, self._saved = out, bounds, state, saved

    def doForm(self, name: str) -> None:
        body, inner = self._forms[name]
        self._out.append(f'<g transform="{_matrix(self._state.ctm)}">')
        self._out.extend(body)
        self._out.append("</g>")
        if not inner.empty:
            self.bounds.add(self._state.ctm, [(inner.x0, inner.y0), (inner.x1, inner.y1),
                                              (inner.x0, inner.y1), (inner.x1, inner.y0)])

    # --- output ----------------------------------------------------------------------
    def svg(self) -> bytes:
        """The drawing as a standalone SVG file; sizes in points, y flipped once."""
        width, height = _num(self.width), _num(self.height)
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" '
                f'xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" '
                f'width="{width}pt" height="{height}pt" viewBox="0 0 {width} {height}">{title}')
        defs = (["<defs>", *(f'<path id="{key}" d="{d}"/>' for key, d in self._glyphs.items()),
                 "</defs>"] if self._glyphs else [])
        return "\n".join([head, *defs, f'<g transform="matrix(1 0 0 -1 0 {height})">',
                          *self._out, "</g></svg>", ""]).encode("utf-8")

    def _shape(self, start: str, points: list[tuple[float, float]], stroke: bool,
               fill: bool) -> None:
        if not (stroke or fill):
            return
        s = self._state
        if self.bounds_only:
            self.bounds.add(s.ctm, points, s.line_width / 2 if stroke else 0.0)
            return
        paint = [f'fill="{_hex(s.fill)}"' + _opacity("fill", s.fill) if fill else 'fill="none"']
        if stroke:
            paint.append(f'stroke="{_hex(s.stroke)}"' + _opacity("stroke", s.stroke))
            paint.append(f'stroke-width="{_num(s.line_width)}"')
            if s.cap:
                paint.append(f'stroke-linecap="{CAPS[s.cap]}"')
            if s.join:
                paint.append(f'stroke-linejoin="{JOINS[s.join]}"')
            if s.dash:
                paint.append(f'stroke-dasharray="{" ".join(_num(v) for v in s.dash)}"')
        self._out.append(f"{start} {' '.join(paint)}{self._transform()}/>")
        self.bounds.add(s.ctm, points, s.line_width / 2 if stroke else 0.0)

    def _text(self, x: float, y: float, text: str, anchor: str, share: float) -> None:
        s = self._state
        width = pdfmetrics.stringWidth(text, s.font, s.size)
        ascent, descent = pdfmetrics.getAscentDescent(s.font, s.size)
        left = x - width * share
        self.bounds.add(s.ctm, [(left, y + descent), (left + width, y + ascent),
                                (left, y + ascent), (left + width, y + descent)])
        if self.bounds_only:
            return
        font = pdfmetrics.getFont(s.font)
        if isinstance(font, TTFont):
            self._outlined(font, _times(s.ctm, (1, 0, 0, 1, left, y)), text)
            return
        # Text is set upright: the page's y flip is undone around its baseline point.
        place = _times(s.ctm, (1, 0, 0, -1, x, y))
        anchor_attr = f' text-anchor="{anchor}"' if anchor != "start" else ""
        self._out.append(f'<text transform="{_matrix(place)}"{_font(s.font)} '
                         f'font-size="{_num(s.size)}" fill="{_hex(s.fill)}"'
                         f'{_opacity("fill", s.fill)}{anchor_attr} xml:space="preserve">'
                         f"{escape(text)}</text>")

    def _outlined(self, font: TTFont, place: Matrix, text: str) -> None:
        """`text` as uses of its glyphs' outlines, each advanced by its width in the
        font's metrics (pdfmetrics', as the PDF is), in font units from `place`."""
        s, face = self._state, font.face
        unit = face.unitsPerEm
        scale = s.size / unit
        uses, advance = [], 0.0
        for char in text:
            glyph = face.charToGlyph.get(ord(char), 0)
            path = glyph_path(face, glyph)
            if path:
                key = f"{_font_key(font.fontName)}-{glyph}"
                self._glyphs.setdefault(key, path)
                x = f' x="{_num(advance)}"' if advance else ""
                uses.append(f'<use xlink:href="#{key}"{x}/>')
            advance += face.charWidths.get(ord(char), face.defaultWidth) * unit / 1000
        if uses:
            # The scale apart: _num's three decimals would make 0.0143 a 2% narrower 0.014.
            self._out.append(f'<g transform="{_matrix(place)} scale({scale:.6g})"'
                             f' fill="{_hex(s.fill)}"{_opacity("fill", s.fill)} '
                             f'aria-label={quoteattr(text)}>{"".join(uses)}</g>')

    def _transform(self) -> str:
        ctm = self._state.ctm
        return "" if ctm == IDENTITY else f' transform="{_matrix(ctm)}"'

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"the SVG canvas (publisher/render/svg.py) has no {name}(); "
                             "add it there when a kind starts to use it")


def _colour(colour: Any, alpha: float | None) -> Color:
    value = toColor(colour)
    if alpha is not None:
        value = Color(value.red, value.green, value.blue, alpha)
    return value


def _hex(colour: Color) -> str:
    r, g, b = (round(max(0.0, min(1.0, v)) * 255) for v in colour.rgb())
    return f"#{r:02x}{g:02x}{b:02x}"


def _opacity(what: str, colour: Color) -> str:
    alpha = getattr(colour, "alpha", 1)
    return f' {what}-opacity="{_num(alpha)}"' if alpha is not None and alpha < 1 else ""


def _matrix(m: Matrix) -> str:
    return "matrix(" + " ".join(_num(v) for v in m) + ")"


@cache
def _font_key(name: str) -> str:
    """A short id for a font's glyphs: the same font gives the same ids in every file,
    so SVGs inlined in one page share definitions that agree."""
    return "f" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:6]


@cache
def _font(name: str) -> str:
    """font-family, -weight and -style of a registered font (its TrueType names)."""
    face = getattr(pdfmetrics.getFont(name), "face", None)
    family = getattr(face, "familyName", b"") or name.encode()
    family = family.decode("latin-1") if isinstance(family, bytes) else str(family)
    style = getattr(face, "styleName", b"") or b""
    style = (style.decode("latin-1") if isinstance(style, bytes) else str(style)).lower()
    families = f"'{family}', sans-serif"
    attrs = f" font-family={quoteattr(families)}"
    if "bold" in style or "bold" in name.lower():
        attrs += ' font-weight="bold"'
    if "italic" in style or "oblique" in style or "italic" in name.lower():
        attrs += ' font-style="italic"'
    return attrs
