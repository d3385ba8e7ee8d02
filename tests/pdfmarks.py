"""An independent PDF inspector for tests: where a page paints, and how small its text and lines get.

It reads a page's content stream with pypdf and replays the operators that place ink (paths, text,
images, form XObjects), giving one `Mark` per painting operator with its bounding box in page space
(default user space, points). It never imports the `publisher` package, so it checks the renderer
instead of repeating it.

Approximations (all conservative, i.e. boxes are never smaller than the ink, except where noted):
- Bézier curves are bounded by their control points; a stroked curve by discs of half the line
  width around every control point (its butt caps are therefore over-estimated).
- Clipping (W, W*), form /BBox and dashes (d) are ignored: the box is what would be drawn unclipped
  (a dashed stroke's box is that of the whole line; `Mark.dash` says it was dashed).
- Text: a run spans from its baseline start to its advance end, and from -0.25 to +1.0 of the font
  size vertically (a descender/ascender guess, not the glyph outlines: accents above capitals and
  swashes may reach a little higher). Stroked text modes ignore the line width; invisible text
  (Tr 3 and 7) gives no mark. Type0 fonts are read as two-byte codes (Identity-H).
- `sh` (shading painted over the clip) and Type3 glyph procedures give no mark.
"""
from __future__ import annotations

import io
import math
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence

import pypdf
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
BBox = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
DESCENT, ASCENT = -0.25, 1.0  # text height as a fraction of the font size


@dataclass
class Mark:
    kind: str  # "stroke" | "fill" | "text" | "image"
    bbox: BBox  # x0, y0, x1, y1 in page space (points), line width included
    # text: font size x the text matrix x CTM's vertical stretch (the em height in page space);
    # stroke: line width x the CTM's smallest stretch (the thinnest the line gets); else None
    size: float | None
    text: str = ""  # text marks: the run as read (for messages), "" otherwise
    # the colour painted, as RGB in 0..1 (fills and text: the fill colour; strokes: the stroke
    # colour); gray and CMYK are converted naively (CMYK: 1 - min(1, c + k), ...)
    colour: tuple[float, float, float] = (0.0, 0.0, 0.0)
    dash: tuple[float, ...] = ()  # strokes: the dash array in user space, () for solid


def page_marks(pdf_bytes: bytes, page_index: int) -> list[Mark]:
    """Every mark painted on page `page_index` (0-based) of the PDF, in painting order."""
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes))
    page = reader.pages[page_index]
    contents = page.get_contents()
    if contents is None:
        return []
    painter = _Painter(reader)
    painter.run(contents.operations, _resources(page.get("/Resources")), _State())
    return painter.marks


def marks_bbox(marks: Iterable[Mark]) -> BBox | None:
    """The union of the marks' boxes, or None when there are none."""
    boxes = [m.bbox for m in marks]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def outside(marks: Iterable[Mark], box: tuple[float, float, float, float],
            tolerance: float = 0.5) -> list[Mark]:
    """The marks not inside `box` = (x, y, width, height), grown by `tolerance` on every side."""
    x, y, w, h = box
    x0, y0, x1, y1 = x - tolerance, y - tolerance, x + w + tolerance, y + h + tolerance
    return [m for m in marks
            if m.bbox[0] < x0 or m.bbox[1] < y0 or m.bbox[2] > x1 or m.bbox[3] > y1]


def smallest_text(marks: Iterable[Mark]) -> float | None:
    """The smallest effective font size of any text mark, or None when there is no text."""
    sizes = [m.size for m in marks if m.kind == "text" and m.size is not None]
    return min(sizes) if sizes else None


def thinnest_stroke(marks: Iterable[Mark]) -> float | None:
    """The thinnest line width (page space) of any stroke, or None when nothing is stroked.
    0 means a PDF hairline (the thinnest line the device can draw)."""
    sizes = [m.size for m in marks if m.kind == "stroke" and m.size is not None]
    return min(sizes) if sizes else None


# --- page measures (benchmarks/pages.py and the page-fill tests) ---------------------------

GREY_TOLERANCE = 0.05


def _is_grey(colour: tuple[float, float, float]) -> bool:
    r, g, b = colour
    return abs(r - g) < GREY_TOLERANCE and abs(g - b) < GREY_TOLERANCE and 0.2 < r < 0.8


def page_fill(marks: list[Mark]) -> float | None:
    """The share of the room between the running head (the page's topmost grey text) and
    the folio (its lowest text, a number) that the page's content spans, grey text (the
    "answer on page" notes, pinned to their cells' feet) left out; None when the page has
    no running head or no folio."""
    texts = [m for m in marks if m.kind == "text"]
    if not texts:
        return None
    top = max(m.bbox[3] for m in texts)
    head = [m for m in texts if m.bbox[3] > top - 1 and _is_grey(m.colour)]
    bottom = min(m.bbox[1] for m in texts)
    folio = [m for m in texts if m.bbox[1] < bottom + 1 and m.text.strip().isdigit()]
    if not head or not folio:
        return None
    room_top = min(m.bbox[1] for m in head)
    room_bottom = max(m.bbox[3] for m in folio)
    furniture = {id(m) for m in head + folio}
    content = [m for m in marks if id(m) not in furniture
               and not (m.kind == "text" and _is_grey(m.colour))]
    if not content or room_top <= room_bottom:
        return None
    high = max(m.bbox[3] for m in content)
    low = min(m.bbox[1] for m in content)
    return max(0.0, min(high, room_top) - max(low, room_bottom)) / (room_top - room_bottom)


def open_page_fill(marks: list[Mark]) -> float | None:
    """`page_fill` for a page without a running head (a How to play page): the share of the
    room between the top of its topmost mark (its title) and the folio's top that its
    content spans, i.e. how far down the page it reaches; None without a folio."""
    texts = [m for m in marks if m.kind == "text"]
    if not texts:
        return None
    bottom = min(m.bbox[1] for m in texts)
    folio = [m for m in texts if m.bbox[1] < bottom + 1 and m.text.strip().isdigit()]
    content = [m for m in marks if all(m is not f for f in folio)]
    if not folio or not content:
        return None
    room_top = max(m.bbox[3] for m in content)
    room_bottom = max(m.bbox[3] for m in folio)
    low = min(m.bbox[1] for m in content)
    if room_top <= room_bottom:
        return None
    return max(0.0, room_top - max(low, room_bottom)) / (room_top - room_bottom)


def above_notes(marks: list[Mark]) -> list[Mark]:
    """The marks above a puzzle page's ruled Notes area (the rows a section's last page
    leaves empty), all of them without one: its lines are not a grid's cells."""
    from publisher.ground.catalogue import available, catalogue
    headings = {catalogue(code).text("book.notes") for code in available()}
    tops = [m.bbox[3] for m in marks if m.kind == "text" and m.text.strip() in headings]
    return [m for m in marks if m.bbox[1] > max(tops)] if tops else marks


def smallest_cell(marks: list[Mark]) -> float | None:
    """The smallest spacing (points) that occurs at least twice between parallel thin lines
    of one length, vertical or horizontal: a grid's cell side."""
    best: float | None = None
    for axis in (0, 1):
        lines: dict[float, list[float]] = defaultdict(list)   # line length -> positions
        for m in marks:
            if m.kind != "stroke" or m.dash:     # dashed: a killer cage, not a cell
                continue
            x0, y0, x1, y1 = m.bbox
            across, along = (x1 - x0, y1 - y0) if axis == 0 else (y1 - y0, x1 - x0)
            if across < 3 and along > 12:
                lines[round(along)].append(round((x0 + x1) / 2 if axis == 0
                                                 else (y0 + y1) / 2, 1))
        for positions in lines.values():
            xs = sorted(set(positions))
            gaps = [round(b - a, 1) for a, b in zip(xs, xs[1:]) if b - a >= 6]
            repeated = [g for g in set(gaps) if gaps.count(g) >= 2]
            if repeated:
                best = min(repeated) if best is None else min(best, min(repeated))
    # cells drawn one square at a time (a crossword's): a square size seen at least 4 times
    squares: dict[float, int] = defaultdict(int)
    for m in marks:
        width, height = m.bbox[2] - m.bbox[0], m.bbox[3] - m.bbox[1]
        # from 12 pt: smaller squares are marks (a difficulty star), not cells
        if m.kind in ("stroke", "fill") and 12 <= width <= 72 and abs(width - height) < 0.5:
            squares[round(width, 1)] += 1
    repeated = [size for size, count in squares.items() if count >= 4]
    if repeated:
        best = min(repeated) if best is None else min(best, min(repeated))
    return best


# --- geometry ---------------------------------------------------------------------------------

def _mul(m1: Matrix, m2: Matrix) -> Matrix:
    """m1 then m2 (PDF row-vector convention: the result is m1 x m2)."""
    a1, b1, c1, d1, e1, f1 = m1
    a2, b2, c2, d2, e2, f2 = m2
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


def _apply(m: Matrix, p: Point) -> Point:
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])


def _min_scale(m: Matrix) -> float:
    """The smallest stretch the matrix gives any direction (smallest singular value)."""
    a, b, c, d = m[:4]
    s = a * a + b * b + c * c + d * d
    det = abs(a * d - b * c)
    return math.sqrt(max(0.0, (s - math.sqrt(max(0.0, s * s - 4 * det * det))) / 2))


class _Bounds:
    """A growing page-space box fed with user-space points (through `ctm`)."""

    def __init__(self, ctm: Matrix, half_width: float = 0.0) -> None:
        self.ctm, self.box = ctm, None  # type: tuple[Matrix, list[float] | None]
        # half-extents of the pen (a disc of radius half_width in user space) in page space
        self.ex = half_width * math.hypot(ctm[0], ctm[2])
        self.ey = half_width * math.hypot(ctm[1], ctm[3])

    def point(self, p: Point, ex: float = 0.0, ey: float = 0.0) -> None:
        x, y = _apply(self.ctm, p)
        if self.box is None:
            self.box = [x - ex, y - ey, x + ex, y + ey]
        else:
            b = self.box
            b[0], b[1] = min(b[0], x - ex), min(b[1], y - ey)
            b[2], b[3] = max(b[2], x + ex), max(b[3], y + ey)

    def disc(self, p: Point) -> None:
        self.point(p, self.ex, self.ey)

    def result(self) -> BBox | None:
        return None if self.box is None else (self.box[0], self.box[1], self.box[2], self.box[3])


@dataclass
class _Subpath:
    start: Point
    segments: list[tuple[Point, ...]] = field(default_factory=list)  # (p0, p1) or (p0, c1, c2, p3)
    closed: bool = False


def _unit(p: Point, q: Point) -> Point | None:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    return None if length < 1e-12 else (dx / length, dy / length)


def _start_tangent(seg: tuple[Point, ...]) -> Point | None:
    return next((t for q in seg[1:] if (t := _unit(seg[0], q)) is not None), None)


def _end_tangent(seg: tuple[Point, ...]) -> Point | None:
    return next((t for q in reversed(seg[:-1]) if (t := _unit(q, seg[-1])) is not None), None)


def _fill_bbox(subpaths: Sequence[_Subpath], ctm: Matrix) -> BBox | None:
    bounds = _Bounds(ctm)
    for sub in subpaths:
        for seg in sub.segments:
            for p in seg:
                bounds.point(p)
    return bounds.result()


def _stroke_bbox(subpaths: Sequence[_Subpath], st: _State) -> BBox | None:
    """The box of the stroke: segment rectangles, joins and caps, in user space then page space."""
    hw = st.line_width / 2
    bounds = _Bounds(st.ctm, hw)
    for sub in subpaths:
        segs = [s for s in sub.segments if _start_tangent(s) is not None]
        if not segs:  # zero-length subpath (a dot, or a 0 x 0 rectangle): count it
            for seg in sub.segments[:1]:
                bounds.disc(seg[0])
            continue
        for seg in segs:
            if len(seg) == 2:
                tx, ty = _start_tangent(seg) or (0.0, 0.0)
                for p in seg:
                    bounds.point((p[0] - ty * hw, p[1] + tx * hw))
                    bounds.point((p[0] + ty * hw, p[1] - tx * hw))
            else:
                for p in seg:
                    bounds.disc(p)
        pairs = list(zip(segs, segs[1:])) + ([(segs[-1], segs[0])] if sub.closed else [])
        for before, after in pairs:
            _join(bounds, before[-1], _end_tangent(before), _start_tangent(after), hw, st)
        if not sub.closed:
            _cap(bounds, segs[0][0], _start_tangent(segs[0]), -1.0, hw, st.line_cap)
            _cap(bounds, segs[-1][-1], _end_tangent(segs[-1]), 1.0, hw, st.line_cap)
    return bounds.result()


def _join(bounds: _Bounds, p: Point, t_in: Point | None, t_out: Point | None, hw: float,
          st: _State) -> None:
    if st.line_join == 1:
        bounds.disc(p)
    elif st.line_join == 0 and t_in is not None and t_out is not None:
        dot = t_in[0] * t_out[0] + t_in[1] * t_out[1]
        bx, by = t_in[0] - t_out[0], t_in[1] - t_out[1]
        blen = math.hypot(bx, by)
        if dot <= -1 + 1e-12 or blen < 1e-9:
            return  # a reversal bevels; a straight join adds nothing
        ratio = 1 / math.sqrt((1 + dot) / 2)  # miter length / line width
        if ratio <= st.miter_limit:
            bounds.point((p[0] + bx / blen * hw * ratio, p[1] + by / blen * hw * ratio))
    # bevel joins stay inside the segment rectangles


def _cap(bounds: _Bounds, p: Point, t: Point | None, outward: float, hw: float, cap: int) -> None:
    if cap == 1:
        bounds.disc(p)
    elif cap == 2 and t is not None:
        tx, ty = t[0] * outward * hw, t[1] * outward * hw
        bounds.point((p[0] + tx - t[1] * hw, p[1] + ty + t[0] * hw))
        bounds.point((p[0] + tx + t[1] * hw, p[1] + ty - t[0] * hw))


# --- fonts ------------------------------------------------------------------------------------

class _Font:
    """Glyph advances (per unit font size) of a PDF font dictionary."""

    def __init__(self, font: Any) -> None:
        self.two_byte = font.get("/Subtype") == "/Type0"
        self.scale = 0.001
        self.widths: dict[int, float] = {}
        descriptor = font.get("/FontDescriptor")
        self.default = float(descriptor.get_object().get("/MissingWidth", 0)) if descriptor else 0.0
        if self.two_byte:
            self._read_cid_widths(font["/DescendantFonts"][0].get_object())
        elif "/Widths" in font:
            first = int(font.get("/FirstChar", 0))
            self.widths = {first + i: float(w) for i, w in enumerate(font["/Widths"])}
            if "/FontMatrix" in font:  # Type3 glyph space
                self.scale = float(font["/FontMatrix"][0])
        else:
            self._read_standard_widths(str(font.get("/BaseFont", ""))[1:])

    def _read_cid_widths(self, cid_font: Any) -> None:
        self.default = float(cid_font.get("/DW", 1000))
        w = list(cid_font.get("/W", []))
        i = 0
        while i < len(w):
            first = int(w[i])
            if isinstance(w[i + 1].get_object(), list):
                for k, width in enumerate(w[i + 1].get_object()):
                    self.widths[first + k] = float(width)
                i += 2
            else:
                for cid in range(first, int(w[i + 1]) + 1):
                    self.widths[cid] = float(w[i + 2])
                i += 3

    def _read_standard_widths(self, name: str) -> None:
        """A standard font without /Widths: ReportLab's AFM metrics (its encoding is WinAnsi)."""
        from reportlab.pdfbase import pdfmetrics
        try:
            rl_font = pdfmetrics.getFont(name)
        except (KeyError, Exception):  # unknown font: one em per glyph, wide rather than narrow
            self.default = 1000.0
            return
        self.widths = {code: float(w) for code, w in enumerate(rl_font.widths)}

    def glyphs(self, data: bytes) -> list[tuple[float, bool]]:
        """(advance per unit font size, is the single-byte space) for each code in `data`."""
        if self.two_byte:
            codes = [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data) - 1, 2)]
            return [(self.widths.get(c, self.default) * self.scale, False) for c in codes]
        return [(self.widths.get(c, self.default) * self.scale, c == 32) for c in data]


# --- the interpreter --------------------------------------------------------------------------

@dataclass
class _State:
    ctm: Matrix = IDENTITY
    line_width: float = 1.0
    line_cap: int = 0
    line_join: int = 0
    miter_limit: float = 10.0
    font: _Font | None = None
    font_size: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    h_scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0
    render_mode: int = 0
    fill: tuple[float, float, float] = (0.0, 0.0, 0.0)
    stroke: tuple[float, float, float] = (0.0, 0.0, 0.0)
    dash: tuple[float, ...] = ()


def _resources(res: Any) -> dict:
    return res.get_object() if res is not None else {}


def _raw(operand: Any) -> bytes:
    """A string operand's bytes as written. pypdf decodes strings to text; its public
    get_original_bytes() re-encodes some of them as UTF-16 with a BOM, so read the private
    _original_bytes first (the exact bytes it parsed)."""
    original = getattr(operand, "_original_bytes", None)
    if original is not None:
        return bytes(original)
    if hasattr(operand, "get_original_bytes"):
        return bytes(operand.get_original_bytes())
    return bytes(operand) if isinstance(operand, bytes) else str(operand).encode("latin-1")


PAINT = {b"S": (False, True, False), b"s": (False, True, True), b"f": (True, False, False),
         b"F": (True, False, False), b"f*": (True, False, False), b"B": (True, True, False),
         b"B*": (True, True, False), b"b": (True, True, True), b"b*": (True, True, True),
         b"n": (False, False, False)}  # operator: (fill, stroke, close first)


class _Painter:
    """Replays a content stream, collecting marks. One instance per page; forms recurse."""

    def __init__(self, reader: pypdf.PdfReader) -> None:
        self.reader = reader
        self.marks: list[Mark] = []
        self.fonts: dict[int, _Font] = {}

    def run(self, operations: list, resources: Any, state: _State) -> None:
        stack: list[_State] = []
        st = state
        path: list[_Subpath] = []
        self.tm = self.tlm = IDENTITY
        for operands, op in operations:
            if op == b"q":
                stack.append(st)
            elif op == b"Q":
                st = stack.pop() if stack else st
            elif op in PAINT:
                self._paint(op, path, st)
                path = []
            elif op in (b"m", b"l", b"c", b"v", b"y", b"h", b"re"):
                _build_path(path, op, [float(x) for x in operands])
            elif op in (b"BT", b"Tm", b"Td", b"TD", b"T*", b"Tj", b"TJ", b"'", b'"'):
                st = self._text(op, operands, st)
            elif op == b"Do":
                self._do(resources, operands[0], st)
            elif op == b"INLINE IMAGE":
                self._image(st)
            else:
                st = _set_state(op, operands, st, resources, self._font)
        # W, W*, sh and the rest change nothing we measure

    def _paint(self, op: bytes, path: list[_Subpath], st: _State) -> None:
        fill, stroke, close = PAINT[op]
        if close and path:
            _build_path(path, b"h", [])
        if fill and (box := _fill_bbox(path, st.ctm)) is not None:
            self.marks.append(Mark("fill", box, None, colour=st.fill))
        if stroke and (box := _stroke_bbox(path, st)) is not None:
            self.marks.append(Mark("stroke", box, st.line_width * _min_scale(st.ctm),
                                   colour=st.stroke, dash=st.dash))

    def _font(self, ref: Any) -> _Font:
        key = id(ref.get_object()) if ref is not None else 0
        if key not in self.fonts:
            self.fonts[key] = _Font(ref.get_object())
        return self.fonts[key]

    def _text(self, op: bytes, operands: list, st: _State) -> _State:
        if op == b"BT":
            self.tm = self.tlm = IDENTITY
        elif op == b"Tm":
            self.tm = self.tlm = tuple(float(x) for x in operands)  # type: ignore[assignment]
        elif op in (b"Td", b"TD"):
            tx, ty = float(operands[0]), float(operands[1])
            if op == b"TD":
                st = replace(st, leading=-ty)
            self.tm = self.tlm = _mul((1, 0, 0, 1, tx, ty), self.tlm)
        elif op == b"T*":
            self.tm = self.tlm = _mul((1, 0, 0, 1, 0, -st.leading), self.tlm)
        elif op == b"Tj":
            self._show([operands[0]], st)
        elif op == b"TJ":
            self._show(list(operands[0]), st)
        else:  # ' and "
            if op == b'"':
                st = replace(st, word_spacing=float(operands[0]), char_spacing=float(operands[1]))
            self.tm = self.tlm = _mul((1, 0, 0, 1, 0, -st.leading), self.tlm)
            self._show([operands[-1]], st)
        return st

    def _show(self, items: list, st: _State) -> None:
        """Tj / TJ: one text mark for the run, advancing the text matrix."""
        if st.font is None:
            raise ValueError("text shown before any Tf")
        start, advance, shown = self.tm, 0.0, []
        for item in items:
            if isinstance(item, (int, float)):
                advance -= float(item) / 1000 * st.font_size * st.h_scale
                continue
            data = _raw(item)
            shown.append(data.decode("latin-1"))
            for width, is_space in st.font.glyphs(data):
                spacing = st.char_spacing + (st.word_spacing if is_space else 0.0)
                advance += (width * st.font_size + spacing) * st.h_scale
        self.tm = _mul((1, 0, 0, 1, advance, 0), start)
        if not "".join(shown) or st.render_mode in (3, 7):
            return
        page = _mul(start, st.ctm)
        bounds = _Bounds(page)
        for x in (0.0, advance):
            for y in (DESCENT, ASCENT):
                bounds.point((x, st.rise + y * st.font_size))
        size = abs(st.font_size) * math.hypot(page[2], page[3])
        self.marks.append(Mark("text", bounds.result() or (0, 0, 0, 0), size, "".join(shown),
                               colour=st.fill))

    def _do(self, resources: Any, name: Any, st: _State) -> None:
        xobject = resources.get("/XObject", {}).get_object()[name].get_object()
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            self._image(st)
        elif subtype == "/Form":
            matrix = tuple(float(x) for x in xobject.get("/Matrix", IDENTITY))
            inner = _resources(xobject.get("/Resources")) or resources
            saved = self.tm, self.tlm
            form_state = replace(st, ctm=_mul(matrix, st.ctm))  # type: ignore[arg-type]
            self.run(ContentStream(xobject, self.reader).operations, inner, form_state)
            self.tm, self.tlm = saved

    def _image(self, st: _State) -> None:
        bounds = _Bounds(st.ctm)
        for corner in ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)):
            bounds.point(corner)
        self.marks.append(Mark("image", bounds.result() or (0, 0, 0, 0), None))


def _build_path(path: list[_Subpath], op: bytes, v: list[float]) -> None:
    """Path construction in user space (the CTM cannot change inside a path)."""
    if op == b"m":
        path.append(_Subpath((v[0], v[1])))
        return
    if op == b"re":
        x, y, w, h = v
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
        path.append(_Subpath((x, y), list(zip(corners, corners[1:])), closed=True))
        path.append(_Subpath((x, y)))  # the current point after re
        return
    if not path:
        return  # a segment without a current point is an error in the PDF: ignore it
    sub = path[-1]
    if sub.closed:  # drawing on after h starts a new subpath at the old start
        sub = _Subpath(sub.start)
        path.append(sub)
    here = sub.segments[-1][-1] if sub.segments else sub.start
    if op == b"h":
        if here != sub.start:
            sub.segments.append((here, sub.start))
        sub.closed = True
    elif op == b"l":
        sub.segments.append((here, (v[0], v[1])))
    elif op == b"c":
        sub.segments.append((here, (v[0], v[1]), (v[2], v[3]), (v[4], v[5])))
    elif op == b"v":
        sub.segments.append((here, here, (v[0], v[1]), (v[2], v[3])))
    elif op == b"y":
        sub.segments.append((here, (v[0], v[1]), (v[2], v[3]), (v[2], v[3])))


def _set_state(op: bytes, operands: list, st: _State, resources: Any, font: Any) -> _State:
    """Graphics and text state operators; anything else leaves the state as it was."""
    if op == b"cm":
        return replace(st, ctm=_mul(tuple(float(x) for x in operands), st.ctm))  # type: ignore[arg-type]
    if op == b"Tf":
        fonts = resources.get("/Font", {}).get_object()
        return replace(st, font=font(fonts[operands[0]]), font_size=float(operands[1]))
    if op == b"gs":
        ext = resources["/ExtGState"].get_object()[operands[0]].get_object()
        if "/Font" in ext:
            st = replace(st, font=font(ext["/Font"][0]), font_size=float(ext["/Font"][1]))
        return replace(st, line_width=float(ext.get("/LW", st.line_width)),
                       line_cap=int(ext.get("/LC", st.line_cap)),
                       line_join=int(ext.get("/LJ", st.line_join)),
                       miter_limit=float(ext.get("/ML", st.miter_limit)))
    simple = {b"w": ("line_width", float), b"J": ("line_cap", int), b"j": ("line_join", int),
              b"M": ("miter_limit", float), b"Tc": ("char_spacing", float),
              b"Tw": ("word_spacing", float), b"TL": ("leading", float), b"Ts": ("rise", float),
              b"Tr": ("render_mode", int)}
    if op in simple:
        attr, kind = simple[op]
        return replace(st, **{attr: kind(operands[0])})
    if op == b"Tz":
        return replace(st, h_scale=float(operands[0]) / 100)
    if op in COLOURS:
        return replace(st, **{COLOURS[op]: _rgb([float(x) for x in operands])})
    if op == b"d":
        return replace(st, dash=tuple(float(x) for x in operands[0]))
    return st


# gray, RGB and CMYK colour operators (sc/scn in other colour spaces are not read)
COLOURS = {b"g": "fill", b"rg": "fill", b"k": "fill", b"G": "stroke", b"RG": "stroke",
           b"K": "stroke"}


def _rgb(values: list[float]) -> tuple[float, float, float]:
    if len(values) == 1:
        return values[0], values[0], values[0]
    if len(values) == 4:
        c, m, y, k = values
        return 1 - min(1.0, c + k), 1 - min(1.0, m + k), 1 - min(1.0, y + k)
    return values[0], values[1], values[2]


def contrast(one: tuple[float, float, float], other: tuple[float, float, float]) -> float:
    """The WCAG 2 contrast ratio of two sRGB colours (1 to 21)."""
    def luminance(rgb: tuple[float, float, float]) -> float:
        r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
