"""The print check that reads pages while the book is drawn (preflight/streamed.py): it
reports exactly what the check of the saved file reports, takes the fast path on a real
book, and trusts nothing the saved file does not confirm."""
import io
import multiprocessing
import time

import pytest
from reportlab.pdfbase.pdfdoc import PDFArray
from reportlab.pdfgen.canvas import Canvas

from publisher.ground.fonts import register_fonts
from publisher.preflight import PARALLEL_FROM_PAGES, check_bytes
from publisher.preflight import streamed as streamed_module
from publisher.preflight.streamed import StreamedCheck

IN = 72.0
SIZE = (6 * IN, 9 * IN)
PAGES = PARALLEL_FROM_PAGES + 9


def draw_book(shown=None, before_save=None, matrix=None) -> bytes:
    """A long interior that breaks rules on known pages: text too small (12, 31), a thin
    line (40), ink in the margin (7, 22, 23); a form (a grid) on every third page;
    accents from page 5 and Cyrillic from page 9 (ReportLab fills codes 1-31 of a font's
    first subset in place, then opens a second subset)."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=SIZE, invariant=1, initialFontName="PTSans")
    canvas.beginForm("grid", 0, 0, IN, IN)
    canvas.setLineWidth(0.5)
    canvas.grid([0, IN / 2, IN], [0, IN / 2, IN])
    canvas.endForm(**({"Matrix": PDFArray(matrix)} if matrix else {}))
    for number in range(1, PAGES + 1):
        canvas.setTrimBox((0, 0, *SIZE))
        canvas.setFont("PTSans", 5 if number in (12, 31) else 10)
        words = f"P{number}" + (" ñé" if number >= 5 else "") + (" Ёж" if number >= 9 else "")
        canvas.drawString(1.5 * IN, 4 * IN, f"{words} " * (number % 3 + 1))
        canvas.setLineWidth(0.2 if number == 40 else 1.0)
        x = 0.05 * IN if number in (7, 22, 23) else 1.5 * IN
        canvas.line(x, 2 * IN, 3 * IN, 2 * IN)
        if number % 3 == 0:
            canvas.saveState()
            canvas.translate(2 * IN, 5 * IN)
            canvas.doForm("grid")
            canvas.restoreState()
        canvas.showPage()
        if shown:
            shown(canvas)
    if before_save:
        before_save()
    canvas.save()
    return buffer.getvalue()


def scanner_done(stream, timeout=60.0):
    """Wait until the scanner has taken every page (on a loaded machine it may lag the
    drawing; the tests want it to have seen each page, the tampered ones too)."""
    end = time.monotonic() + timeout
    while (stream._scanner is not None and stream._scanner.is_alive()
           and stream._claim.value <= stream.count and time.monotonic() < end):
        time.sleep(0.005)


@pytest.fixture
def held(monkeypatch):
    """The pages the scanner's result was trusted for, build by build."""
    found: list[set[int]] = []
    their_scan = StreamedCheck._their_scan

    def spy(self, reader):
        result = their_scan(self, reader)
        found.append(result[1])
        return result
    monkeypatch.setattr(StreamedCheck, "_their_scan", spy)
    return found


def streamed_report(**drawing):
    stream = StreamedCheck(PAGES, SIZE, False)
    try:
        data = draw_book(stream.page_done, lambda: scanner_done(stream), **drawing)
        return check_bytes(data, "long.pdf", SIZE, streamed=stream)
    finally:
        stream.close()


EVERY_PAGE = [set(range(1, PAGES + 1))]


def test_it_reports_what_the_check_of_the_file_reports(held):
    plain = check_bytes(draw_book(), "long.pdf", SIZE, workers=1)
    streamed = streamed_report()
    assert not plain.ok
    assert streamed.text() == plain.text()
    assert "pages 7, 22, 23" in plain.text() and "on page 12" in plain.text()
    assert "on page 40" in plain.text()
    # The fast path was taken: every page the scanner read stood, the late accents'
    # widths and the form included.
    assert held == EVERY_PAGE


def test_a_page_seen_otherwise_than_saved_is_scanned_again(held, monkeypatch):
    """The scanner is shown page 12 with its small text made large: the saved page
    differs, so page 12 is scanned again from the file, and named."""
    hand_over = StreamedCheck._hand_over

    def lie(self, canvas):
        page = canvas._doc.Pages.pages[-1]
        real = page.stream
        if len(canvas._doc.Pages.pages) == 12:
            page.stream = real.replace(" 5 Tf", " 10 Tf")
            assert page.stream != real
        hand_over(self, canvas)
        page.stream = real
    monkeypatch.setattr(StreamedCheck, "_hand_over", lie)
    plain = check_bytes(draw_book(), "long.pdf", SIZE, workers=1)
    streamed = streamed_report()
    assert streamed.text() == plain.text() and "on page 12" in streamed.text()
    assert held == [set(range(1, PAGES + 1)) - {12}]


def test_widths_other_than_the_saved_fonts_are_not_trusted(held, monkeypatch):
    """Text boxes (the margin rule) need glyph widths: the scanner given other letters'
    widths is not believed."""
    new_codes = StreamedCheck._new_codes

    def wrong(self, doc):
        return [(name, points, [width + 1 for width in widths])
                for name, points, widths in new_codes(self, doc)]
    monkeypatch.setattr(StreamedCheck, "_new_codes", wrong)
    plain = check_bytes(draw_book(), "long.pdf", SIZE, workers=1)
    assert streamed_report().text() == plain.text()
    assert held == [set()]


def test_a_form_drawn_through_a_matrix_is_not_trusted(held):
    """The scanner replays forms at the identity matrix: a form saved with another (its
    lines three times as wide on paper) is scanned again from the file."""
    plain = check_bytes(draw_book(matrix=[3, 0, 0, 3, 0, 0]), "long.pdf", SIZE, workers=1)
    assert streamed_report(matrix=[3, 0, 0, 3, 0, 0]).text() == plain.text()
    assert held == [set(range(1, PAGES + 1)) - set(range(3, PAGES + 1, 3))]


def test_a_form_other_than_the_saved_one_is_not_trusted(held, monkeypatch):
    """The scanner is given the grid with thinner lines: the pages that show it are
    scanned again from the file."""
    new_forms = StreamedCheck._new_forms

    def wrong(self, doc, page):
        return [(name, data.replace(b"\n.5 w", b"\n.1 w")) for name, data in
                new_forms(self, doc, page)]
    monkeypatch.setattr(StreamedCheck, "_new_forms", wrong)
    plain = check_bytes(draw_book(), "long.pdf", SIZE, workers=1)
    assert streamed_report().text() == plain.text()
    assert held == [set(range(1, PAGES + 1)) - set(range(3, PAGES + 1, 3))]  # the form's


def test_a_scanner_that_fails_leaves_every_page_to_the_check(held, monkeypatch):
    def fail(*args):
        raise RuntimeError("the scanner broke")
    monkeypatch.setattr(streamed_module, "_scan_streamed", fail)
    plain = check_bytes(draw_book(), "long.pdf", SIZE, workers=1)
    assert streamed_report().text() == plain.text()
    assert held == [set()]


def test_a_book_of_other_pages_than_announced_is_checked_whole(held):
    """Announced one page short: the scanner's view cannot be the file's; no wait."""
    stream = StreamedCheck(PAGES - 1, SIZE, False)
    try:
        data = draw_book(stream.page_done)
        report = check_bytes(data, "long.pdf", SIZE, streamed=stream)
    finally:
        stream.close()
    assert report.text() == check_bytes(data, "long.pdf", SIZE, workers=1).text()
    assert held == []                     # the count differs: the scanner is not asked


def test_a_failed_hand_over_falls_back_without_failing_the_build(held, monkeypatch):
    def full_disk(self, canvas):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(StreamedCheck, "_hand_over", full_disk)
    plain = check_bytes(draw_book(), "long.pdf", SIZE, workers=1)
    assert streamed_report().text() == plain.text()
    assert not multiprocessing.active_children()


def test_a_real_book_takes_the_fast_path_and_an_error_leaves_no_scanner(tmp_path, held,
                                                                       monkeypatch):
    from publisher.pipeline import build_book
    from publisher.render.book import BookRenderer
    spec = tmp_path / "long.yaml"
    spec.write_text("title: Long\nseed: 3\nsections:\n"
                    "  - kind: queens\n    title: Q\n    size: 6\n    count: 40\n",
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=2)
    assert result.pages >= PARALLEL_FROM_PAGES
    assert len(held) == 1 and len(held[0]) >= 3
    page = BookRenderer._page

    def broken(self, canvas, number, *rest):
        if number == 30:
            raise RuntimeError("drawing failed")
        return page(self, canvas, number, *rest)
    monkeypatch.setattr(BookRenderer, "_page", broken)
    with pytest.raises(RuntimeError, match="drawing failed"):
        build_book(spec, tmp_path / "again", workers=2)
    assert not multiprocessing.active_children()


def test_without_fork_both_checks_read_the_file_in_one_process(monkeypatch):
    """Where there is no fork (Windows), neither check starts a process: same report."""
    from publisher.preflight.streamed import streamed_check_for
    get_context = multiprocessing.get_context

    def no_fork(method=None):
        if method == "fork":
            raise ValueError("cannot find context for 'fork'")
        return get_context(method)
    monkeypatch.setattr(multiprocessing, "get_context", no_fork)
    assert streamed_check_for(PAGES, SIZE, False, workers=2) is None
    data = draw_book()
    assert (check_bytes(data, "long.pdf", SIZE, workers=2).text()
            == check_bytes(data, "long.pdf", SIZE, workers=1).text())
    assert not multiprocessing.active_children()
