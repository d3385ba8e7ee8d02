"""The book's own print check, started while the book is drawn (two workers or more).

Drawing the book and checking it took one process each, one after the other, while the
second core waited. Here a forked scanner reads each page as ReportLab finishes it (its
content stream, and the font widths and forms it uses) and replays its ink, while this
process draws the next. Once the PDF is saved, this process scans the pages the scanner
has not reached, from the saved bytes, the two taking pages from one counter.

Nothing is taken on trust: every page the scanner saw is compared with the saved PDF (its
content stream, media box, every form and every font width it used). A page that differs,
and every page of a scanner that did not answer, is scanned again from the saved bytes.
So the verdict is the one `check_bytes` gives on the file; only the time differs.

The page records reach the scanner through an unnamed temporary file (written with pwrite,
so drawing never waits for the scanner), one notification byte per page on a pipe."""
from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import signal
import struct
import tempfile
from typing import Any

from .ink import FORMS_CACHE, IDENTITY, WIDTHS_CACHE, BBox, page_ink

# A scanner not back by then is killed and its pages are scanned here instead.
SCANNER_WAIT_SECONDS = 60.0
_LENGTH = struct.Struct("<Q")


class StreamedCheck:
    """The ink scan of a book of `count` pages (trim `trim`), run beside its drawing:
    `page_done(canvas)` after each showPage, `scan(reader)` once saved, `close()` always."""

    def __init__(self, count: int, trim: tuple[float, float], bleed: bool):
        self.count, self.trim, self.bleed = count, trim, bleed
        self._written = 0
        self._sent_codes: dict[str, list[int]] = {}
        self._widths: dict[tuple[str, int], float] = {}
        self._sent_forms: set[str] = set()
        context = multiprocessing.get_context("fork")
        self._claim = context.Value("i", 1)          # the next page nobody scans yet
        self._file = tempfile.TemporaryFile()
        try:
            self._wake_read, self._wake_write = os.pipe()
        except OSError:
            self._file.close()
            raise
        try:
            self._receiver, sender = context.Pipe(duplex=False)
        except OSError:
            for fd in (self._wake_read, self._wake_write):
                os.close(fd)
            self._file.close()
            raise
        self._scanner: Any = context.Process(
            target=_scanner, daemon=True,
            args=(self._file.fileno(), self._wake_read, self._wake_write, self._claim, sender,
                  count, trim, bleed))
        try:
            self._scanner.start()
        except OSError:
            self._scanner = None
        sender.close()
        os.close(self._wake_read)

    # --- the drawing process -------------------------------------------------------------

    def page_done(self, canvas: Any) -> None:
        """Hand the page just shown to the scanner: its content, media box, and the font
        codes and forms ReportLab added since the last page."""
        if self._scanner is None:
            return
        try:
            self._hand_over(canvas)
        except Exception:                # a full disk, say: the check reads the saved file
            self.close()

    def _hand_over(self, canvas: Any) -> None:
        doc = canvas._doc
        page = doc.Pages.pages[-1]
        stream = page.stream
        record = (len(doc.Pages.pages),      # as ReportLab encodes it when saving
                  stream.encode("utf8") if isinstance(stream, str) else stream,
                  (0.0, 0.0, float(page.pagewidth), float(page.pageheight)),
                  self._new_codes(doc), self._new_forms(doc, page))
        data = pickle.dumps(record, pickle.HIGHEST_PROTOCOL)
        os.pwrite(self._file.fileno(), _LENGTH.pack(len(data)) + data, self._written)
        self._written += _LENGTH.size + len(data)
        try:
            os.write(self._wake_write, b"p")
        except OSError:                  # the scanner is gone: scan() finds out
            pass

    def _new_codes(self, doc: Any) -> list[tuple[str, list[int], list[float]]]:
        """(subset resource name, its code points, their widths as saved) of each
        TrueType subset that changed: codes are added at the end, and ReportLab also fills
        codes 1-31 of the first subset in place (0 until then)."""
        from reportlab.lib.rl_accel import fp_str
        from reportlab.pdfbase import pdfmetrics
        new = []
        for font_name in doc.fontMapping:
            font = pdfmetrics.getFont(font_name)
            state = getattr(font, "state", {}).get(doc) if getattr(
                font, "_dynamicFont", False) else None
            if state is None or state.internalName is None:
                continue
            for number, subset in enumerate(state.subsets):
                name = f"/{state.internalName}+{number}"
                if self._sent_codes.get(name) != subset:
                    self._sent_codes[name] = list(subset)
                    widths = []
                    for point in subset:
                        width = self._widths.get((font_name, point))
                        if width is None:      # as ReportLab writes /Widths
                            width = self._widths[font_name, point] = float(
                                fp_str(font.face.getCharWidth(point)))
                        widths.append(width)
                    new.append((name, list(subset), widths))
        return new

    def _new_forms(self, doc: Any, page: Any) -> list[tuple[str, bytes]]:
        forms = getattr(page.XObjects, "dict", None) or {}
        new = []
        for key in forms:
            if key not in self._sent_forms:
                stream = doc.idToObject[key].stream
                new.append((f"/{key}", stream if isinstance(stream, bytes)
                            else stream.encode("latin-1")))
                self._sent_forms.add(key)
        return new

    # --- once the PDF is saved -----------------------------------------------------------

    def scan(self, reader: Any) -> Any:
        """The ink of every page of the saved `reader` (sizes and boxes are the caller's),
        as `_scan` finds it."""
        from . import _Scan
        if self._wake_write >= 0:
            os.close(self._wake_write)       # no more pages: a waiting scanner stops
            self._wake_write = -1
        total = len(reader.pages)
        if self._scanner is None or total != self.count:
            return _ink(reader, range(1, total + 1), self.trim, self.bleed)
        mine, done = _Scan(), set()
        while (number := self._take()) <= total:
            done |= {number}
            mine = mine.merge(_ink(reader, [number], self.trim, self.bleed))
        theirs, held = self._their_scan(reader)
        rest = sorted(set(range(1, total + 1)) - done - held)
        return mine.merge(theirs).merge(_ink(reader, rest, self.trim, self.bleed))

    def _take(self) -> int:
        with self._claim.get_lock():
            number = self._claim.value
            self._claim.value = number + 1
        return number

    def _their_scan(self, reader: Any) -> tuple[Any, set[int]]:
        """The scanner's result and the pages it holds for the saved file (none when it
        died, timed out or saw anything other than what was saved)."""
        from . import _Scan
        nothing: tuple[Any, set[int]] = (_Scan(), set())
        if self._scanner is None or not self._receiver.poll(SCANNER_WAIT_SECONDS):
            return nothing
        try:
            result = self._receiver.recv()
        except (EOFError, OSError, pickle.UnpicklingError):
            return nothing
        if not isinstance(result, tuple):          # it failed: repr of its exception
            return nothing
        pages, fonts = result
        if not _same_widths(reader, fonts):
            return nothing
        digests: dict[int, bool] = {}
        fonts_of = _font_dictionary(reader.pages[0])
        scan, held = _Scan(), set()
        for number, (page_scan, digest, media, forms) in pages.items():
            page = reader.pages[number - 1]
            if (_digest(page.get_contents()) == digest and _media(page) == media
                    and _font_dictionary(page) == fonts_of
                    and _same_forms(page, forms, digests, fonts_of)):
                scan = scan.merge(page_scan)
                held.add(number)
        return scan, held

    def close(self) -> None:
        """End the scanner, whatever it is doing (after an error or Ctrl-C too); `scan`
        then reads every page from the saved file itself."""
        if self._wake_write >= 0:
            try:
                os.close(self._wake_write)
            except OSError:
                pass
            self._wake_write = -1
        if self._scanner is not None:
            if self._scanner.is_alive():
                self._scanner.kill()
            self._scanner.join()
            self._scanner = None
        self._receiver.close()
        self._file.close()


def _ink(reader: Any, numbers: Any, trim: tuple[float, float], bleed: bool) -> Any:
    """The ink part of `_scan` for these pages of the saved file."""
    from . import _scan
    return _scan(reader, numbers, trim, bleed, len(reader.pages), boxes=False)


def _digest(stream: Any) -> bytes:
    return hashlib.sha1(stream.get_data() if stream is not None else b"").digest()


def _media(page: Any) -> BBox | None:
    from . import _box
    return _box(page, "/MediaBox")


def _font_dictionary(page: Any) -> Any:
    """The page's /Font entry as written (ReportLab: one dictionary for every page)."""
    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else {}
    raw = getattr(resources, "raw_get", None)
    font = raw("/Font") if raw is not None and "/Font" in resources else None
    return getattr(font, "idnum", None)


def _same_widths(reader: Any, fonts: dict[str, dict[int, float]]) -> bool:
    """The widths the scanner used are the saved fonts' at every code that was assigned
    when it read its pages (a code, once assigned, keeps its glyph)."""
    from .ink import _widths
    resources = reader.pages[0].get("/Resources")
    resources = resources.get_object() if resources is not None else {}
    saved = resources.get("/Font", {})
    for name, widths in fonts.items():
        font = saved.get(name)
        if font is None:
            return False
        first, saved_widths = _widths(font)
        if first != 0 or any(code >= len(saved_widths) or saved_widths[code] != width
                             for code, width in widths.items()):
            return False
    return True


def _same_forms(page: Any, forms: dict[str, bytes], digests: dict[int, bool],
                fonts: Any) -> bool:
    """The forms a page shows are the ones the scanner replayed, as it replayed them: at
    the identity matrix, with the page's fonts and no forms inside (`digests`: verdicts by
    object, as many pages show one grid)."""
    if not forms:
        return True
    resources = page.get("/Resources")
    xobjects = (resources.get_object() if resources is not None else {}).get("/XObject", {})
    for name, digest in forms.items():
        form = xobjects.get(name)
        if form is None:
            return False
        form = form.get_object()
        verdict = digests.get(id(form))
        if verdict is None:
            matrix = [float(v) for v in form.get("/Matrix", IDENTITY)]
            own = form.get("/Resources")
            own = own.get_object() if own is not None else None
            verdict = digests[id(form)] = (
                _digest(form) == digest and matrix == list(IDENTITY)
                and (own is None or ("/XObject" not in own
                                     and _font_dictionary(form) in (None, fonts))))
        if not verdict:
            return False
    return True


# --- the scanner process ---------------------------------------------------------------

class _Obj(dict):
    """A dictionary that answers pypdf's get_object() (the shapes `ink.py` reads)."""

    def get_object(self) -> "_Obj":
        return self


class _Form(_Obj):
    def __init__(self, data: bytes):
        super().__init__({"/Subtype": "/Form", "/Matrix": list(IDENTITY)})
        self.data = data

    def get_data(self) -> bytes:
        return self.data


class _Contents:
    def __init__(self, data: bytes):
        self.data = data

    def get_data(self) -> bytes:
        return self.data


class _Page(_Obj):
    def __init__(self, media: BBox, data: bytes, resources: _Obj):
        super().__init__({"/MediaBox": list(media), "/Resources": resources})
        self.contents = _Contents(data)

    def get_contents(self) -> _Contents:
        return self.contents


class _Fonts(_Obj):
    """The page's fonts by resource name; notes the names a page looks up."""

    def __init__(self) -> None:
        super().__init__()
        self.used: set[str] = set()
        self.missing = False

    def get(self, name: Any, default: Any = None) -> Any:  # type: ignore[override]
        self.used.add(name)
        found = super().get(name, default)
        self.missing |= found is None
        return found


class _Forms(_Obj):
    """The forms by resource name; notes the names a page shows."""

    used: set[str] = set()

    def __getitem__(self, name: Any) -> Any:
        self.used.add(name)
        return super().__getitem__(name)


def _scanner(fd: int, wake: int, feed: int, claim: Any, sender: Any, count: int,
             trim: tuple[float, float], bleed: bool) -> None:
    """The forked scanner: Ctrl-C is the parent's (it kills this one). It takes page
    numbers from `claim`, reads records up to each, and sends its scan, each page's
    content digest, media box and forms, and the widths its pages used."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.close(feed)                    # else the parent's closing it would not end the pages
    try:
        sender.send(_scan_streamed(fd, wake, claim, count, trim, bleed))
    except Exception as exc:          # the parent scans these pages itself
        sender.send(repr(exc))
    finally:
        sender.close()


def _scan_streamed(fd: int, wake: int, claim: Any, count: int, trim: tuple[float, float],
                   bleed: bool) -> tuple[dict, dict]:
    from . import _Scan, scan_ink
    WIDTHS_CACHE.clear()
    FORMS_CACHE.clear()
    fonts, xobjects = _Fonts(), _Forms()
    resources = _Obj({"/Font": fonts, "/XObject": xobjects})
    points: dict[str, list[int]] = {}
    widths: dict[str, list[float]] = {}
    pages: dict[int, tuple[Any, bytes, BBox, dict[str, bytes]]] = {}
    form_digests: dict[str, bytes] = {}
    offset, records, wanted = 0, 0, 0
    while True:
        with claim.get_lock():
            wanted = claim.value
            claim.value = wanted + 1
        if wanted > count:
            break
        record = None
        while records < wanted:
            if not os.read(wake, 1):          # the book is saved: the rest is the parent's
                return _result(pages, fonts, points, widths)
            (length,) = _LENGTH.unpack(os.pread(fd, _LENGTH.size, offset))
            record = pickle.loads(os.pread(fd, length, offset + _LENGTH.size))
            offset += _LENGTH.size + length
            records += 1
            for name, subset, subset_widths in record[3]:
                points[name], widths[name] = subset, subset_widths
                # A new object: ink.py caches widths by font object.
                fonts[name] = _Obj({"/FirstChar": 0, "/Widths": widths[name]})
            for name, form in record[4]:
                xobjects[name] = _Form(form)
        assert record is not None and record[0] == wanted
        number, data, media, _, _ = record
        fonts.missing, xobjects.used = False, set()
        try:
            ink = page_ink(_Page(media, data, resources))
        except KeyError:                      # a form it was not given: the parent's page
            continue
        if fonts.missing or any(b"Do" in xobjects[name].data for name in xobjects.used):
            continue                          # a font not given, forms in forms: the parent's
        scan = _Scan()                        # one per page: each stands or falls alone
        scan_ink(scan, number, ink, media, trim, bleed, count)
        shown = {name: form_digests.setdefault(name, hashlib.sha1(xobjects[name].data).digest())
                 for name in xobjects.used}
        pages[number] = (scan, hashlib.sha1(data).digest(), media, shown)
    return _result(pages, fonts, points, widths)


def _result(pages: dict, fonts: _Fonts, points: dict[str, list[int]],
            widths: dict[str, list[float]]) -> tuple[dict, dict]:
    """The widths used, at the codes assigned then (ReportLab's code 1-31 are 0 until)."""
    used = {name: {code: width for code, (point, width) in
                   enumerate(zip(points[name], widths[name])) if point or not code}
            for name in fonts.used if name in widths}
    return pages, used


def streamed_check_for(count: int, trim: tuple[float, float], bleed: bool,
                       workers: int) -> StreamedCheck | None:
    """A streamed check where it pays: two workers or more and a book long enough."""
    from . import PARALLEL_FROM_PAGES
    if workers < 2 or count < PARALLEL_FROM_PAGES:
        return None
    try:
        return StreamedCheck(count, trim, bleed)
    except (OSError, ValueError):     # no temporary file, pipe or fork: it reads the file
        return None
