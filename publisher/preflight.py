"""`make-book check`: a PDF (ours or anyone's) against the print services' rules.

It reads the file with pypdf and replays each page's content stream just far enough to
know where ink lands and how small text and lines get; the rules themselves are data in
`ground/printrules.py`, shared with the layout and the cover."""
from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import PublisherError
from .ground import printrules
from .ground.printrules import BLEED, INCH, TOLERANCE

Matrix = tuple[float, float, float, float, float, float]
BBox = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass
class Finding:
    rule: str
    ok: bool
    detail: str


@dataclass
class Report:
    file: str
    findings: list[Finding] = field(default_factory=list)

    def add(self, rule: str, problem: str | None, fine: str) -> None:
        self.findings.append(Finding(rule, problem is None, problem or fine))

    @property
    def ok(self) -> bool:
        return all(f.ok for f in self.findings)

    def failures(self) -> list[Finding]:
        return [f for f in self.findings if not f.ok]

    def text(self) -> str:
        lines = [f"{self.file}: {'passes' if self.ok else 'FAILS'} the print checks"]
        lines += [f"  {'ok ' if f.ok else 'BAD'} {f.rule}: {f.detail}" for f in self.findings]
        return "\n".join(lines)


def parse_trim(text: str) -> tuple[float, float]:
    """"6x9", "8.5x11" (inches) -> points."""
    try:
        width, height = (float(side) for side in text.lower().split("x"))
    except ValueError:
        raise PublisherError(f"--trim {text!r}: write width x height in inches, e.g. 6x9")
    return width * INCH, height * INCH


# --- reading pages -------------------------------------------------------------------------

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


# --- content streams -----------------------------------------------------------------------

_TOKEN = re.compile(rb"""
    (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<word>[A-Za-z'"*][^\s/\[\]()<>{}%]*)
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<string>\((?:[^\\()]|\\.|\((?:[^\\()]|\\.)*\))*\))
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<open>\[|<<)
  | (?P<close>\]|>>)
  | (?P<comment>%[^\r\n]*)
""", re.VERBOSE | re.DOTALL)
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
    in_image = False
    for match in _TOKEN.finditer(data):
        kind, text = match.lastgroup, match.group()
        if in_image:                       # inline image data: skip to EI
            in_image = text != b"EI"
            continue
        if kind == "number":
            stack[-1].append(float(text))
        elif kind == "word":
            if text in (b"true", b"false", b"null"):
                stack[-1].append(text)
                continue
            in_image = text == b"ID"
            operations.append((stack[0], b"INLINE IMAGE" if text == b"BI" else text))
            stack = [[]]
        elif kind == "string":
            body = text[1:-1]
            stack[-1].append(_ESCAPE.sub(_unescape, body) if b"\\" in body else body)
        elif kind == "name":
            stack[-1].append(text.decode("latin-1"))
        elif kind == "hex":
            digits = re.sub(rb"\s", b"", text[1:-1])
            stack[-1].append(bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode()))
        elif kind == "open":
            stack.append([])
        elif kind == "close" and len(stack) > 1:
            inner = stack.pop()
            stack[-1].append(inner)
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
    fill_grey: float | None = 1.0          # ink share of the fill colour (None: a colour)
    stroke_grey: float | None = 1.0
    tm = line = IDENTITY
    leading = 0.0
    points: list[tuple[float, float]] = []
    for operands, op in operations:
        if op == b"q":
            stack.append((ctm, line_width, font, size, fill_grey, stroke_grey))
        elif op == b"Q" and stack:
            ctm, line_width, font, size, fill_grey, stroke_grey = stack.pop()
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
        elif op == b"BT":
            tm = line = IDENTITY
        elif op == b"Tm":
            tm = line = tuple(float(v) for v in operands)  # type: ignore[assignment]
        elif op in (b"Td", b"TD"):
            leading = -float(operands[1]) if op == b"TD" else leading
            tm = line = _mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), line)
        elif op == b"TL":
            leading = float(operands[0])
        elif op in (b"T*", b"'", b'"'):
            tm = line = _mul((1, 0, 0, 1, 0, -leading), line)
            if op != b"T*" and operands:
                tm = _show(ink, operands[-1], font, size, tm, ctm)
        elif op in (b"Tj", b"TJ") and operands:
            tm = _show(ink, operands[0], font, size, tm, ctm)
            if fill_grey is not None:
                ink.greys.append(fill_grey)
        elif op in (b"m", b"l"):
            points.append((float(operands[0]), float(operands[1])))
        elif op == b"c":
            points += [(float(operands[i]), float(operands[i + 1])) for i in (0, 2, 4)]
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
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
        elif op == b"Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                _replay(ink, _operations(xobject.get_data()),
                        xobject.get("/Resources") or resources,
                        _mul(matrix, ctm))  # type: ignore[arg-type]
            else:
                _add_path(ink, [(0, 0), (1, 1)], ctm, 0.0)


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
    placed = [_apply(ctm, x, y) for x, y in points]
    grow = width / 2 * max(math.hypot(ctm[0], ctm[1]), math.hypot(ctm[2], ctm[3]))
    ink.boxes.append((min(p[0] for p in placed) - grow, min(p[1] for p in placed) - grow,
                      max(p[0] for p in placed) + grow, max(p[1] for p in placed) + grow))


def _raw(operand: Any) -> bytes:
    """A string operand's bytes as written (pypdf decodes them to text)."""
    original = getattr(operand, "_original_bytes", None)
    if original is not None:
        return bytes(original)
    if hasattr(operand, "get_original_bytes"):
        return bytes(operand.get_original_bytes())
    return bytes(operand) if isinstance(operand, bytes) else str(operand).encode("latin-1")


_WIDTHS: dict[int, tuple[Any, int, list[float]]] = {}


def _widths(font: Any) -> tuple[int, list[float]]:
    """A simple font's first code and glyph widths (cached: a page shows thousands of runs)."""
    font = font.get_object() if font is not None else {}
    cached = _WIDTHS.get(id(font))
    if cached is None or cached[0] is not font:
        cached = (font, int(font.get("/FirstChar", 0)),
                  [float(w) for w in font.get("/Widths", [])])
        _WIDTHS[id(font)] = cached
    return cached[1], cached[2]


def _show(ink: Ink, shown: Any, font: Any, size: float, tm: Matrix, ctm: Matrix) -> Matrix:
    parts = shown if isinstance(shown, list) else [shown]
    first, widths = _widths(font)
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
    corners = [_apply(page, x, y * size) for x in (0.0, advance) for y in (-0.25, 1.0)]
    box = (min(c[0] for c in corners), min(c[1] for c in corners),
           max(c[0] for c in corners), max(c[1] for c in corners))
    ink.boxes.append(box)
    ink.text_boxes.append(box)
    ink.text_sizes.append((abs(size) * math.hypot(page[2], page[3]), "".join(text)))
    return _mul((1, 0, 0, 1, advance, 0), tm)


# --- the checks ----------------------------------------------------------------------------

def check_file(path: str | Path, trim: tuple[float, float] | None = None, bleed: bool = False,
               cover: bool = False, pages: int | None = None, paper: str = "white",
               floor: float = 7.0) -> Report:
    """Check a PDF: an interior, or with `cover` a cover (its width needs the interior's
    page count: `pages`, else read from `<name>.pdf` beside `<name>-cover.pdf`)."""
    import pypdf
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PublisherError(f"{path}: {exc.strerror}") from None
    if cover and pages is None:
        interior = path.with_name(path.name.removesuffix("-cover.pdf") + ".pdf")
        if not interior.is_file() or interior == path:
            raise PublisherError(f"{path}: give the interior's page count (--pages N); "
                                 f"{interior.name} is not beside it")
        pages = len(pypdf.PdfReader(str(interior)).pages)
    return check_bytes(data, str(path), trim, bleed, cover, pages, paper, floor)


def check_bytes(data: bytes, name: str, trim: tuple[float, float] | None = None,
                bleed: bool = False, cover: bool = False, pages: int | None = None,
                paper: str = "white", floor: float = 7.0) -> Report:
    import pypdf
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        reader.pages[0]
    except (pypdf.errors.PyPdfError, IndexError, ValueError) as exc:
        raise PublisherError(f"{name}: cannot read it as a PDF ({exc})") from None
    _WIDTHS.clear()
    report = Report(name)
    _check_fonts(reader, report)
    if cover:
        if pages is None:
            raise PublisherError(f"{name}: checking a cover needs the interior's page count")
        _check_cover(reader, report, trim, pages, paper, floor)
    else:
        _check_interior(reader, report, trim, bleed, floor)
    return report


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _box(page: Any, name: str) -> BBox | None:
    box = page.get(name)
    return tuple(float(v) for v in box) if box is not None else None  # type: ignore[return-value]


def _inches(points: float) -> str:
    return f"{points / INCH:.3f} in"


def _check_fonts(reader: Any, report: Report) -> None:
    missing: set[str] = set()
    for page in reader.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font", {}) if resources else {}
        for font in fonts.values():
            font = font.get_object()
            described = font
            if font.get("/Subtype") == "/Type0":
                described = font["/DescendantFonts"][0].get_object()
            descriptor = described.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")) \
                    and font.get("/Subtype") != "/Type3":
                missing.add(str(font.get("/BaseFont", "?")).lstrip("/"))
    report.add("fonts embedded", f"not embedded: {', '.join(sorted(missing))}" if missing
               else None, "every font is embedded")


def _check_interior(reader: Any, report: Report, trim: tuple[float, float] | None,
                    bleed: bool, floor: float) -> None:
    count = len(reader.pages)
    report.add("page count", printrules.page_count_problem(count), f"{count} pages")
    first = reader.pages[0]
    if trim is None:
        box = _box(first, "/TrimBox") or _box(first, "/MediaBox")
        assert box is not None
        trim = (box[2] - box[0], box[3] - box[1])
    sizes, boxes, margins = [], [], []
    gutter, outside = printrules.gutter_for(count), printrules.OUTSIDE_MARGIN[bleed]
    smallest: tuple[float, str, int] | None = None
    thinnest: tuple[float, int] | None = None
    lightest: tuple[float, int] | None = None
    for number, page in enumerate(reader.pages, start=1):
        media = _box(page, "/MediaBox")
        assert media is not None
        want = printrules.interior_size(trim, bleed)
        if not (_near(media[2] - media[0], want[0]) and _near(media[3] - media[1], want[1])):
            sizes.append(number)
        x, y = printrules.trim_origin(number, bleed)
        trim_box = (media[0] + x, media[1] + y, media[0] + x + trim[0], media[1] + y + trim[1])
        found = _box(page, "/TrimBox")
        if found is None or not all(map(_near, found, trim_box)) or (
                bleed and _box(page, "/BleedBox") is None):
            boxes.append(number)
        left, right = (gutter, outside) if number % 2 else (outside, gutter)
        safe = (trim_box[0] + left, trim_box[1] + outside, trim_box[2] - right,
                trim_box[3] - outside)
        ink = page_ink(page)
        if any(b[0] < safe[0] - TOLERANCE or b[1] < safe[1] - TOLERANCE
               or b[2] > safe[2] + TOLERANCE or b[3] > safe[3] + TOLERANCE for b in ink.boxes):
            margins.append(number)
        for size, text in ink.text_sizes:
            if smallest is None or size < smallest[0]:
                smallest = (size, text, number)
        for width in ink.line_widths:
            if thinnest is None or width < thinnest[0]:
                thinnest = (width, number)
        for grey in ink.greys:
            if grey > 1e-6 and (lightest is None or grey < lightest[0]):
                lightest = (grey, number)
    size_text = f"{_inches(trim[0])} x {_inches(trim[1])}" + (" + bleed" if bleed else "")
    report.add("page size", _pages("not " + size_text, sizes), size_text)
    report.add("trim and bleed boxes", _pages("missing or misplaced", boxes),
               "/TrimBox" + (" and /BleedBox" if bleed else "") + " on every page")
    report.add("margins", _pages(f"ink past the gutter ({_inches(gutter)}) or outside "
                                 f"margin ({_inches(outside)})", margins),
               f"gutter {_inches(gutter)}, outside {_inches(outside)}")
    _report_ink(report, smallest, thinnest, lightest, floor)


def _report_ink(report: Report, smallest: tuple[float, str, int] | None,
                thinnest: tuple[float, int] | None, lightest: tuple[float, int] | None,
                floor: float) -> None:
    report.add("smallest text", None if smallest is None or smallest[0] >= floor - 0.05 else
               f"{smallest[0]:.1f} pt on page {smallest[2]} ({smallest[1][:20]!r}); "
               f"the floor is {floor:g} pt",
               f"{smallest[0]:.1f} pt" if smallest else "no text")
    report.add("thinnest line", None if thinnest is None
               or thinnest[0] >= printrules.MIN_LINE_WIDTH - 1e-6 else
               f"{thinnest[0]:.2f} pt on page {thinnest[1]}; at least "
               f"{printrules.MIN_LINE_WIDTH} pt prints", f"{thinnest[0]:.2f} pt"
               if thinnest else "no lines")
    report.add("lightest grey", None if lightest is None
               or lightest[0] >= printrules.MIN_GREY - 1e-6 else
               f"{lightest[0]:.0%} ink on page {lightest[1]}; at least "
               f"{printrules.MIN_GREY:.0%} prints", f"{lightest[0]:.0%}" if lightest
               else "no greys")


def _pages(problem: str, numbers: list[int]) -> str | None:
    if not numbers:
        return None
    shown = ", ".join(map(str, numbers[:8])) + (" ..." if len(numbers) > 8 else "")
    return f"{problem}: page{'s' if len(numbers) > 1 else ''} {shown}"


def _check_cover(reader: Any, report: Report, trim: tuple[float, float] | None, pages: int,
                 paper: str, floor: float) -> None:
    report.add("cover pages", None if len(reader.pages) == 1 else
               f"{len(reader.pages)} pages; a cover is one sheet", "one sheet")
    page = reader.pages[0]
    media = _box(page, "/MediaBox")
    assert media is not None
    width, height = media[2] - media[0], media[3] - media[1]
    spine = printrules.spine_width(pages, paper)
    if trim is None:
        trim = ((width - 2 * BLEED - spine) / 2, height - 2 * BLEED)
    want = printrules.cover_size(trim, pages, paper)
    report.add("cover size", None if _near(width, want[0]) and _near(height, want[1]) else
               f"{_inches(width)} x {_inches(height)}; {pages} pages on {paper} paper need "
               f"{_inches(want[0])} x {_inches(want[1])}",
               f"{_inches(width)} x {_inches(height)}, spine {_inches(spine)}")
    ink = page_ink(page)
    left = media[0] + BLEED + trim[0]
    spine_text = [b for b, (_, text) in zip(ink.text_boxes, ink.text_sizes)
                  if b[2] > left and b[0] < left + spine]
    fold = printrules.SPINE_FOLD_CLEARANCE
    problem = None
    if spine_text and pages < printrules.SPINE_TEXT_FROM_PAGES:
        problem = (f"text on the spine of a {pages}-page book; spines carry text from "
                   f"{printrules.SPINE_TEXT_FROM_PAGES} pages")
    elif any(b[0] < left + fold - TOLERANCE or b[2] > left + spine - fold + TOLERANCE
             for b in spine_text):
        problem = f"spine text within {_inches(fold)} of a fold"
    report.add("spine", problem, f"{len(spine_text)} spine text runs")
    bar_w, bar_h = printrules.BARCODE_AREA
    margin = printrules.OUTSIDE_MARGIN[True]
    barcode = (left - margin - bar_w, media[1] + BLEED + margin, left - margin,
               media[1] + BLEED + margin + bar_h)
    report.add("barcode area", None if not any(_overlaps(b, barcode)
                                               for b in ink.text_boxes) else
               "text in the 2 x 1.2 in barcode area at the back's lower right",
               "kept clear")
    small = min(ink.text_sizes, default=None)
    report.add("smallest text", None if small is None or small[0] >= floor - 0.05 else
               f"{small[0]:.1f} pt ({small[1][:20]!r}); the floor is {floor:g} pt",
               f"{small[0]:.1f} pt" if small else "no text")


def _overlaps(a: BBox, b: BBox) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
