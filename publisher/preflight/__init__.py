"""`make-book check`: a PDF (ours or anyone's) against the print services' rules.

It reads the file with pypdf; `ink.py` replays each page's content stream just far enough
to know where ink lands and how small text and lines get; the rules themselves are data
in `ground/printrules.py`, shared with the layout and the cover. A build with two workers
scans its pages while it draws them (`streamed.py`), then confirms them in the file."""
from __future__ import annotations

import io
import logging
import signal
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..errors import PublisherError
from ..ground import printrules
from ..ground.printrules import BLEED, INCH, TOLERANCE
from .ink import FORMS_CACHE, WIDTHS_CACHE, BBox, Ink, page_ink


@dataclass
class Finding:
    rule: str
    ok: bool
    detail: str


@dataclass
class Report:
    file: str
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)      # what the check assumed
    warnings: list[str] = field(default_factory=list)   # may print badly, not refused

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


# --- the checks ----------------------------------------------------------------------------

@contextmanager
def _pypdf_quiet() -> Iterator[None]:
    """pypdf's own log lines ("EOF marker not found") would come before our one error
    line; during a check only its errors are logged."""
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def check_file(path: str | Path, trim: tuple[float, float] | None = None, bleed: bool = False,
               cover: bool = False, pages: int | None = None, paper: str | None = None,
               floor: float = 7.0, workers: int = 1) -> Report:
    """Check a PDF: an interior, or with `cover` a cover (its width needs the interior's
    trim and page count and the paper: what is not given is read from `<name>.pdf` beside
    `<name>-cover.pdf`, else from the cover's own metadata; the paper is white if neither
    option nor metadata names it)."""
    with _pypdf_quiet():
        return _check_file(Path(path), trim, bleed, cover, pages, paper, floor, workers)


def _check_file(path: Path, trim: tuple[float, float] | None, bleed: bool, cover: bool,
                pages: int | None, paper: str | None, floor: float, workers: int) -> Report:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PublisherError(f"{path}: {exc.strerror}") from None
    from .made_for import cover_made_for, refuse_the_other_file
    refuse_the_other_file(path, data, cover, pages, paper)
    notes: list[str] = []
    if cover:
        trim, pages, paper, notes = cover_made_for(path, data, trim, pages, paper)
    report = check_bytes(data, str(path), trim, bleed, cover, pages, paper or "white", floor,
                         workers)
    report.notes[:0] = notes
    return report


def check_bytes(data: bytes, name: str, trim: tuple[float, float] | None = None,
                bleed: bool = False, cover: bool = False, pages: int | None = None,
                paper: str = "white", floor: float = 7.0, workers: int = 1,
                streamed: Any = None) -> Report:
    """`workers` > 1: a long interior is checked by two processes at once. `streamed`: the
    StreamedCheck (streamed.py) that scanned the interior's pages while it was drawn."""
    import pypdf
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        reader.pages[0]
    except (pypdf.errors.PyPdfError, IndexError, ValueError) as exc:
        raise PublisherError(f"{name}: cannot read it as a PDF ({exc})") from None
    WIDTHS_CACHE.clear()
    FORMS_CACHE.clear()
    report = Report(name)
    _check_fonts(reader, report)
    if cover:
        if pages is None or trim is None:
            raise PublisherError(f"{name}: checking a cover needs the interior's trim and "
                                 "page count")
        _check_cover(reader, report, trim, pages, paper, floor)
    else:
        _check_interior(reader, report, trim, bleed, floor, workers, streamed,
                        worksheet=_info(reader, printrules.DOCUMENT_INFO) == "worksheet")
    return report


def _info(reader: Any, key: str) -> str:
    """The document info's value for our own `key` ("" if none or unreadable)."""
    try:
        return str((reader.metadata or {}).get("/" + key, "")).strip()
    except (ValueError, KeyError, TypeError):
        return ""


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _box(page: Any, name: str) -> BBox | None:
    box = page.get(name)
    return tuple(float(v) for v in box) if box is not None else None  # type: ignore[return-value]


def _has_bleed(page: Any) -> bool:
    """A page built with bleed: its /BleedBox reaches past its /TrimBox (the trim is read
    from the file the same way)."""
    trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
    return trim is not None and bleed is not None and not all(map(_near, trim, bleed))


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
                    bleed: bool, floor: float, workers: int, streamed: Any = None,
                    worksheet: bool = False) -> None:
    count = len(reader.pages)
    if worksheet:
        report.notes.append(f"a worksheet ({count} pages; the file says so): a printed book's "
                            "page count (24 to 828, even) is not checked")
    else:
        report.add("page count", printrules.page_count_problem(count), f"{count} pages")
    first = reader.pages[0]
    if trim is None:
        box = _box(first, "/TrimBox") or _box(first, "/MediaBox")
        assert box is not None
        trim = (box[2] - box[0], box[3] - box[1])
    if not bleed and _has_bleed(first):
        bleed = True
        report.notes.append("this file has bleed (its /BleedBox runs past its /TrimBox): "
                            "checked as with --bleed")
    if streamed is not None and streamed.trim == trim and streamed.bleed == bleed:
        boxes = _scan(reader, range(1, count + 1), trim, bleed, count, ink=False)
        scan = boxes.merge(streamed.scan(reader))
    else:
        scan = _scan_in_parts(reader, trim, bleed, workers)
    gutter, outside = printrules.gutter_for(count), printrules.OUTSIDE_MARGIN[bleed]
    size_text = f"{_inches(trim[0])} x {_inches(trim[1])}" + (" + bleed" if bleed else "")
    report.add("page size", _pages("not " + size_text, scan.sizes), size_text)
    report.add("trim and bleed boxes", _pages("missing or misplaced", scan.boxes),
               "/TrimBox" + (" and /BleedBox" if bleed else "") + " on every page")
    report.add("margins", _pages(f"ink past the gutter ({_inches(gutter)}) or outside "
                                 f"margin ({_inches(outside)})", scan.margins),
               f"gutter {_inches(gutter)}, outside {_inches(outside)}")
    _report_ink(report, scan.smallest, scan.thinnest, scan.lightest, floor)


@dataclass
class _Scan:
    """What the pages of one range break, and their smallest text, line and grey."""

    sizes: list[int] = field(default_factory=list)
    boxes: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    smallest: tuple[float, str, int] | None = None
    thinnest: tuple[float, int] | None = None
    lightest: tuple[float, int] | None = None

    def merge(self, other: "_Scan") -> "_Scan":
        """Two scans of different pages as one (on a tie the earlier page is named)."""
        def least(a: Any, b: Any) -> Any:
            if a is None or b is None:
                return a if b is None else b
            return b if (b[0], b[-1]) < (a[0], a[-1]) else a
        return _Scan(sorted(self.sizes + other.sizes), sorted(self.boxes + other.boxes),
                     sorted(self.margins + other.margins),
                     least(self.smallest, other.smallest),
                     least(self.thinnest, other.thinnest), least(self.lightest, other.lightest))


# Below this many pages a second process costs more than it saves.
PARALLEL_FROM_PAGES = 40
# A helper process not back by then is killed and its pages are checked here instead
# (an 828-page book's half takes a few seconds).
HELPER_WAIT_SECONDS = 60.0


def _scan_in_parts(reader: Any, trim: tuple[float, float], bleed: bool,
                   workers: int) -> _Scan:
    """The pages in one process, or every other page in a forked one at the same time (the
    book's own check runs on every build: on two cores it takes half the time; answer
    pages cost more than puzzle pages, so the pages alternate rather than split in two).
    The helper touches no lock another thread may hold (no output, no logging it needs):
    it sends its scan, and is killed once the scan is read, whatever it does next."""
    count = len(reader.pages)
    odd, even = range(1, count + 1, 2), range(2, count + 1, 2)
    if workers < 2 or count < PARALLEL_FROM_PAGES:
        return _scan(reader, range(1, count + 1), trim, bleed, count)
    import multiprocessing
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:                    # no fork here (Windows): one process
        return _scan(reader, range(1, count + 1), trim, bleed, count)
    receiver, sender = context.Pipe(duplex=False)
    helper = context.Process(target=_scan_into, args=(sender, reader, even, trim, bleed),
                             daemon=True)
    try:
        helper.start()
    except OSError:
        return _scan(reader, range(1, count + 1), trim, bleed, count)
    try:
        sender.close()
        mine = _scan(reader, odd, trim, bleed, count)
        theirs: _Scan | None = None
        if receiver.poll(HELPER_WAIT_SECONDS):
            try:
                theirs = receiver.recv()
            except (EOFError, OSError):   # it died: its pages are checked below
                theirs = None
    finally:                              # also on Ctrl-C: no process left behind
        receiver.close()
        if helper.is_alive():
            helper.kill()
        helper.join()
    if not isinstance(theirs, _Scan):
        theirs = _scan(reader, even, trim, bleed, count)
    return mine.merge(theirs)


def _scan_into(sender: Any, reader: Any, numbers: range, trim: tuple[float, float],
               bleed: bool) -> None:
    """The helper process: Ctrl-C is the parent's to handle (it kills this one). It reads
    the parent's reader as forked (the file already parsed, its fonts resolved)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        sender.send(_scan(reader, numbers, trim, bleed, len(reader.pages)))
    except Exception as exc:             # the parent checks these pages itself
        sender.send(repr(exc))
    finally:
        sender.close()


def _scan(reader: Any, numbers: Iterable[int], trim: tuple[float, float], bleed: bool,
          count: int, boxes: bool = True, ink: bool = True) -> _Scan:
    """The pages' sizes and boxes, and their ink (either alone: streamed.py)."""
    scan = _Scan()
    for number in numbers:
        page = reader.pages[number - 1]
        media = _box(page, "/MediaBox")
        assert media is not None
        if boxes:
            _scan_boxes(scan, number, page, media, trim, bleed)
        if ink:
            scan_ink(scan, number, page_ink(page), media, trim, bleed, count)
    return scan


def _scan_boxes(scan: _Scan, number: int, page: Any, media: BBox, trim: tuple[float, float],
                bleed: bool) -> None:
    """The page's size and its trim and bleed boxes."""
    want = printrules.interior_size(trim, bleed)
    if not (_near(media[2] - media[0], want[0]) and _near(media[3] - media[1], want[1])):
        scan.sizes.append(number)
    found = _box(page, "/TrimBox")
    if found is None or not all(map(_near, found, _trim_box(number, media, trim, bleed))) or (
            bleed and _box(page, "/BleedBox") is None):
        scan.boxes.append(number)


def _trim_box(number: int, media: BBox, trim: tuple[float, float], bleed: bool) -> BBox:
    x, y = printrules.trim_origin(number, bleed)
    return (media[0] + x, media[1] + y, media[0] + x + trim[0], media[1] + y + trim[1])


def scan_ink(scan: _Scan, number: int, ink: Ink, media: BBox, trim: tuple[float, float],
             bleed: bool, count: int) -> None:
    """What page `number` of `count` paints: ink past its margins, its smallest text,
    thinnest line and lightest grey (the costly part of a check: streamed.py runs it
    while the book is drawn)."""
    gutter, outside = printrules.gutter_for(count), printrules.OUTSIDE_MARGIN[bleed]
    trim_box = _trim_box(number, media, trim, bleed)
    left, right = (gutter, outside) if number % 2 else (outside, gutter)
    safe = (trim_box[0] + left, trim_box[1] + outside, trim_box[2] - right,
            trim_box[3] - outside)
    words = set(ink.text_boxes)
    if any((b[0] < safe[0] - TOLERANCE or b[1] < safe[1] - TOLERANCE
            or b[2] > safe[2] + TOLERANCE or b[3] > safe[3] + TOLERANCE)
           and not (bleed and b not in words and _bleeds(b, media)) for b in ink.boxes):
        scan.margins.append(number)
    for size, text in ink.text_sizes:
        if scan.smallest is None or size < scan.smallest[0]:
            scan.smallest = (size, text, number)
    for width in ink.line_widths:
        if scan.thinnest is None or width < scan.thinnest[0]:
            scan.thinnest = (width, number)
    for grey in ink.greys:
        if grey > 1e-6 and (scan.lightest is None or grey < scan.lightest[0]):
            scan.lightest = (grey, number)


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
               f"{lightest[0]:.1%} ink on page {lightest[1]}; at least "
               f"{printrules.MIN_GREY:.0%} prints", f"{lightest[0]:.0%}" if lightest
               else "no greys")


def _bleeds(box: BBox, media: BBox) -> bool:
    """Art meant to bleed (a background, a section band): it runs to the sheet's edge."""
    return (box[0] <= media[0] + TOLERANCE or box[1] <= media[1] + TOLERANCE
            or box[2] >= media[2] - TOLERANCE or box[3] >= media[3] - TOLERANCE)


def _pages(problem: str, numbers: list[int]) -> str | None:
    if not numbers:
        return None
    shown = ", ".join(map(str, numbers[:8])) + (" ..." if len(numbers) > 8 else "")
    return f"{problem}: page{'s' if len(numbers) > 1 else ''} {shown}"


def _check_cover(reader: Any, report: Report, trim: tuple[float, float], pages: int,
                 paper: str, floor: float) -> None:
    report.add("cover pages", None if len(reader.pages) == 1 else
               f"{len(reader.pages)} pages; a cover is one sheet", "one sheet")
    # a cover wraps a printed book: its interior's page count is held to the same rule
    report.add("interior pages", printrules.page_count_problem(pages), f"{pages} pages")
    page = reader.pages[0]
    media = _box(page, "/MediaBox")
    assert media is not None
    width, height = media[2] - media[0], media[3] - media[1]
    spine = printrules.spine_width(pages, paper)
    want = printrules.cover_size(trim, pages, paper)
    report.add("cover size", None if _near(width, want[0]) and _near(height, want[1]) else
               f"{_inches(width)} x {_inches(height)}; {pages} pages on {paper} paper need "
               f"{_inches(want[0])} x {_inches(want[1])}",
               f"{_inches(width)} x {_inches(height)}, spine {_inches(spine)} "
               f"({pages} pages, {paper} paper)")
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
    _report_images(report, ink)
    mismatch = printrules.paper_problem(paper, _info(reader, printrules.COVER_INFO["ink"])
                                        == "colour")
    if mismatch:
        report.warnings.append(mismatch)


def _report_images(report: Report, ink: Ink) -> None:
    """Each picture's resolution at its printed size; under printrules.IMAGE_PPI a warning
    (it may print blurry), not a failure."""
    if not ink.images:
        return
    ppi = [min(px[0] / (size[0] / INCH), px[1] / (size[1] / INCH)) for px, size in ink.images]
    under = (f", under {printrules.IMAGE_PPI} ppi: see the warning"
             if min(ppi) < printrules.IMAGE_PPI - 0.5 else "")
    report.add("images", None, f"{len(ppi)} image{'s' * (len(ppi) > 1)}, the coarsest "
               f"{min(ppi):.0f} ppi at its printed size{under}")
    for number, (pixels, size) in enumerate(ink.images, 1):
        blurry = printrules.low_resolution(f"image {number}", pixels, size)
        if blurry:
            report.warnings.append(blurry)


def _overlaps(a: BBox, b: BBox) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
