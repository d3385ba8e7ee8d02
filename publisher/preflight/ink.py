"""Where a PDF page puts ink: its content stream replayed just far enough to know the
boxes of text and paths, text sizes, line widths and greys (the preflight's eyes).

Lengths are in points in page space (default user space)."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

Matrix = tuple[float, float, float, float, float, float]
BBox = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m1: Matrix, m2: Matrix) -> Matrix:
    a1, b1, c1, d1, e1, f1 = m1
    a2, b2, c2, d2, e2, f2 = m2
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


@dataclass
class Ink:
    """What one page paints: boxes (page space), text sizes, line widths, lightest grey."""

    boxes: list[BBox] = field(default_factory=list)
    text_sizes: list[tuple[float, str]] = field(default_factory=list)
    line_widths: list[float] = field(default_factory=list)
    greys: list[float] = field(default_factory=list)    # ink share of each grey painted
    text_boxes: list[BBox] = field(default_factory=list)
    # each picture's pixels (wide, high) and printed size (points)
    images: list[tuple[tuple[int, int], tuple[float, float]]] = field(default_factory=list)


# --- content streams -----------------------------------------------------------------------

# One token each: number, operator (or true/false/null), name, literal string, hex string,
# array or dictionary opening, closing, comment. findall hands them over as bytes at C
# speed; the first byte tells which (the tokens of the books' pages: about half a million).
_TOKEN = re.compile(rb"""
    [+-]?(?:\d+\.?\d*|\.\d+)
  | [A-Za-z'"*][^\s/\[\]()<>{}%]*
  | /[^\s/\[\]()<>{}%]*
  | \((?:[^\\()]|\\.|\((?:[^\\()]|\\.)*\))*\)
  | <[0-9A-Fa-f\s]*>
  | \[|<<
  | \]|>>
  | %[^\r\n]*
""", re.VERBOSE | re.DOTALL)
_NUMBER_START = frozenset(b"+-.0123456789")
_WORD_START = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'\"*")
_PAREN, _SLASH, _LESS, _BRACKET, _CLOSE_BRACKET, _GREATER = b"(/<[]>"
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.DOTALL)
_ESCAPED = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f",
            b"\r\n": b"", b"\n": b"", b"\r": b""}


def _unescape(match: re.Match) -> bytes:
    code = match.group(1)
    if code[:1].isdigit():
        return bytes([int(code, 8) & 0xFF])
    return _ESCAPED.get(code, code)


def _operations(data: bytes) -> list[tuple[list[Any], bytes]]:
    """A content stream as (operands, operator), like pypdf's ContentStream.operations
    but several times faster: strings are their raw bytes, names str, numbers float.
    Literal strings may nest parentheses one level deep unescaped (writers escape them)."""
    operations: list[tuple[list[Any], bytes]] = []
    stack: list[list[Any]] = [[]]
    operands = stack[0]
    in_image = False
    for text in _TOKEN.findall(data):
        if in_image:                       # inline image data: skip to EI
            in_image = text != b"EI"
            continue
        first = text[0]
        if first in _NUMBER_START:
            operands.append(float(text))
        elif first in _WORD_START:
            if text in (b"true", b"false", b"null"):
                operands.append(text)
                continue
            in_image = text == b"ID"
            operations.append((stack[0], b"INLINE IMAGE" if text == b"BI" else text))
            stack = [[]]
            operands = stack[0]
        elif first == _PAREN:
            body = text[1:-1]
            operands.append(_ESCAPE.sub(_unescape, body) if b"\\" in body else body)
        elif first == _SLASH:
            operands.append(text.decode("latin-1"))
        elif first == _LESS and text != b"<<":
            digits = re.sub(rb"\s", b"", text[1:-1])
            operands.append(bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode()))
        elif first == _BRACKET or first == _LESS:           # [ or <<
            stack.append([])
            operands = stack[-1]
        elif first in (_CLOSE_BRACKET, _GREATER) and len(stack) > 1:
            inner = stack.pop()
            operands = stack[-1]
            operands.append(inner)
    return operations


def page_ink(page: Any) -> Ink:
    """Replay the page's operators that place ink (paths, text, images, forms). Boxes are
    generous: text spans its advance and a whole em; curves their control points."""
    ink = Ink()
    contents = page.get_contents()
    if contents is not None:
        _replay(ink, _operations(contents.get_data()), page.get("/Resources"), IDENTITY)
    return ink


def _replay(ink: Ink, operations: list, resources: Any,  # long: one operator loop
            ctm: Matrix) -> None:
    resources = resources.get_object() if resources is not None else {}
    fonts = resources.get("/Font", {})
    stack: list[tuple] = []
    line_width, font, size = 1.0, None, 0.0
    metrics: tuple[int, list[float]] | None = None     # the font's widths, once shown
    fill_grey: float | None = 1.0          # ink share of the fill colour (None: a colour)
    stroke_grey: float | None = 1.0
    tm = line = IDENTITY
    leading = 0.0
    points: list[tuple[float, float]] = []
    for operands, op in operations:
        # The commonest operators first: a grid page shows a thousand letters and cells.
        if op in (b"Tj", b"TJ") and operands:
            metrics = metrics or _widths(font)
            tm = _show(ink, operands[0], metrics, size, tm, ctm)
            if fill_grey is not None:
                ink.greys.append(fill_grey)
        elif op == b"Tm":
            tm = line = tuple(map(float, operands))  # type: ignore[assignment]
        elif op in (b"m", b"l"):
            points.append((float(operands[0]), float(operands[1])))
        elif op == b"re":
            x, y, w, h = map(float, operands)
            points += [(x, y), (x + w, y + h)]
        elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
            stroked = op in (b"S", b"s", b"B", b"B*", b"b", b"b*")
            if points and op != b"n":
                _add_path(ink, points, ctm, line_width if stroked else 0.0)
                filled = op not in (b"S", b"s")
                ink.greys += [g for g, used in ((fill_grey, filled), (stroke_grey, stroked))
                              if used and g is not None]
                if stroked:
                    ink.line_widths.append(line_width * _min_scale(ctm))
            points = []
        elif op == b"c":
            points += [(float(operands[i]), float(operands[i + 1])) for i in (0, 2, 4)]
        elif op == b"q":
            stack.append((ctm, line_width, font, size, fill_grey, stroke_grey))
        elif op == b"Q" and stack:
            ctm, line_width, font, size, fill_grey, stroke_grey = stack.pop()
            metrics = None
        elif op in (b"g", b"rg", b"G", b"RG"):
            grey = _grey([float(v) for v in operands])
            if op in (b"g", b"rg"):
                fill_grey = grey
            else:
                stroke_grey = grey
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == b"w":
            line_width = float(operands[0])
        elif op == b"Tf":
            font, size = fonts.get(operands[0]), float(operands[1])
            metrics = None
        elif op == b"BT":
            tm = line = IDENTITY
        elif op in (b"Td", b"TD"):
            leading = -float(operands[1]) if op == b"TD" else leading
            tm = line = _mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), line)
        elif op == b"TL":
            leading = float(operands[0])
        elif op in (b"T*", b"'", b'"'):
            tm = line = _mul((1, 0, 0, 1, 0, -leading), line)
            if op != b"T*" and operands:
                metrics = metrics or _widths(font)
                tm = _show(ink, operands[-1], metrics, size, tm, ctm)
        elif op == b"Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                _replay(ink, _form_operations(xobject),
                        xobject.get("/Resources") or resources,
                        _mul(matrix, ctm))  # type: ignore[arg-type]
            else:
                _add_path(ink, [(0, 0), (1, 1)], ctm, 0.0)
                if xobject.get("/Subtype") == "/Image":
                    ink.images.append(((int(xobject["/Width"]), int(xobject["/Height"])),
                                       (math.hypot(ctm[0], ctm[1]), math.hypot(ctm[2], ctm[3]))))


FORMS_CACHE: dict[int, tuple[Any, list]] = {}


def _form_operations(xobject: Any) -> list:
    """A form's operations, parsed once however many pages use it (a book's grids)."""
    cached = FORMS_CACHE.get(id(xobject))
    if cached is None or cached[0] is not xobject:
        cached = FORMS_CACHE[id(xobject)] = (xobject, _operations(xobject.get_data()))
    return cached[1]


def _grey(values: list[float]) -> float | None:
    """The ink share of a grey (0 is white paper), None for a colour that is not grey."""
    if len(values) == 1 or (len(values) == 3 and max(values) - min(values) < 1e-3):
        return 1.0 - values[0]
    return None


def _min_scale(m: Matrix) -> float:
    a, b, c, d = m[:4]
    s = a * a + b * b + c * c + d * d
    det = abs(a * d - b * c)
    return math.sqrt(max(0.0, (s - math.sqrt(max(0.0, s * s - 4 * det * det))) / 2))


def _add_path(ink: Ink, points: list[tuple[float, float]], ctm: Matrix, width: float) -> None:
    a, b, c, d, e, f = ctm                # as _apply, point by point
    xs = [a * x + c * y + e for x, y in points]
    ys = [b * x + d * y + f for x, y in points]
    grow = width / 2 * max(math.hypot(a, b), math.hypot(c, d))
    ink.boxes.append((min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow))


def _raw(operand: Any) -> bytes:
    """A string operand's bytes as written (pypdf decodes them to text)."""
    if type(operand) is bytes:            # from _operations
        return operand
    original = getattr(operand, "_original_bytes", None)
    if original is not None:
        return bytes(original)
    if hasattr(operand, "get_original_bytes"):
        return bytes(operand.get_original_bytes())
    return bytes(operand) if isinstance(operand, bytes) else str(operand).encode("latin-1")


WIDTHS_CACHE: dict[int, tuple[Any, int, list[float]]] = {}


def _widths(font: Any) -> tuple[int, list[float]]:
    """A simple font's first code and glyph widths (cached: a page shows thousands of runs)."""
    font = font.get_object() if font is not None else {}
    cached = WIDTHS_CACHE.get(id(font))
    if cached is None or cached[0] is not font:
        cached = (font, int(font.get("/FirstChar", 0)),
                  [float(w) for w in font.get("/Widths", [])])
        WIDTHS_CACHE[id(font)] = cached
    return cached[1], cached[2]


def _show(ink: Ink, shown: Any, metrics: tuple[int, list[float]], size: float, tm: Matrix,
          ctm: Matrix) -> Matrix:
    parts = shown if isinstance(shown, list) else [shown]
    first, widths = metrics
    advance = 0.0
    text = []
    for part in parts:
        if isinstance(part, (int, float)):
            advance -= float(part) / 1000 * size
            continue
        data = _raw(part)
        text.append(data.decode("latin-1"))
        for code in data:
            index = code - first
            advance += (widths[index] if 0 <= index < len(widths) else 600) / 1000 * size
    page = _mul(tm, ctm)
    if page[1] == 0.0 and page[2] == 0.0:       # upright text (nearly all): no corners
        xs = (page[4], page[4] + advance * page[0])
        ys = (page[5] - 0.25 * size * page[3], page[5] + size * page[3])
        box = (min(xs), min(ys), max(xs), max(ys))
    else:
        corners = [_apply(page, x, y * size) for x in (0.0, advance) for y in (-0.25, 1.0)]
        box = (min(c[0] for c in corners), min(c[1] for c in corners),
               max(c[0] for c in corners), max(c[1] for c in corners))
    ink.boxes.append(box)
    ink.text_boxes.append(box)
    ink.text_sizes.append((abs(size) * math.hypot(page[2], page[3]), "".join(text)))
    return _mul((1, 0, 0, 1, advance, 0), tm)


