"""`make-book check` fails a PDF built to break each print rule, and passes a good one."""
import io

import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

IN = 72.0


def make_pdf(path, pages=24, size=(6 * IN, 9 * IN), font="PTSans", text_size=10,
             text_at=(1.5 * IN, 4 * IN), line=1.0, grey=0.0, trim=True):
    """A plain interior: one line of text and one stroked line a page."""
    from publisher.ground.fonts import register_fonts
    register_fonts()
    canvas = Canvas(str(path), pagesize=size, invariant=1, initialFontName="PTSans")
    for _ in range(pages):
        if trim:
            canvas.setTrimBox((0, 0, *size))
        canvas.setFont(font, text_size)
        canvas.setFillColor(Color(grey, grey, grey))
        canvas.drawString(*text_at, "Puzzle")
        canvas.setLineWidth(line)
        canvas.line(1.5 * IN, 2 * IN, 3 * IN, 2 * IN)
        canvas.showPage()
    canvas.save()
    return path


def check(*args):
    from publisher.cli import app
    return CliRunner().invoke(app, ["check", *map(str, args)])


def test_a_good_interior_passes(tmp_path):
    result = check(make_pdf(tmp_path / "good.pdf"), "--trim", "6x9")
    assert result.exit_code == 0, result.output
    assert "passes" in result.output


@pytest.mark.parametrize("broken, rule", [
    ({"pages": 22}, "page count"),
    ({"pages": 25}, "page count"),
    ({"font": "Helvetica"}, "fonts embedded"),
    ({"text_size": 5}, "smallest text"),
    ({"text_at": (0.1 * IN, 4 * IN)}, "margins"),
    ({"line": 0.2}, "thinnest line"),
    ({"grey": 0.95}, "lightest grey"),
    ({"size": (5 * IN, 8 * IN)}, "page size, trim and bleed boxes"),
])
def test_each_broken_rule_fails(tmp_path, broken, rule):
    result = check(make_pdf(tmp_path / "bad.pdf", **broken), "--trim", "6x9")
    assert result.exit_code == 1
    bad = [line for line in result.output.splitlines() if line.strip().startswith("BAD")]
    failed = [line.split(":")[0].strip().removeprefix("BAD ") for line in bad]
    assert failed == rule.split(", "), result.output


def test_bleed_needs_grown_pages_and_boxes(tmp_path):
    result = check(make_pdf(tmp_path / "flat.pdf"), "--trim", "6x9", "--bleed")
    assert result.exit_code == 1
    assert "BAD page size" in result.output and "BAD trim and bleed boxes" in result.output


def test_the_gutter_grows_past_150_pages(tmp_path):
    """Text 0.45 in from the spine side: fine at 150 pages (0.375 in), not at 152 (0.5 in)."""
    near = (0.45 * IN, 4 * IN)
    assert check(make_pdf(tmp_path / "a.pdf", pages=150, text_at=near)).exit_code == 0
    result = check(make_pdf(tmp_path / "b.pdf", pages=152, text_at=near))
    assert result.exit_code == 1 and "BAD margins" in result.output and "0.500 in" in result.output


def test_a_cover_of_the_wrong_width_fails(tmp_path):
    from publisher.ground.fonts import register_fonts
    register_fonts()
    for pages, width, code in ((100, 12.25 + 100 * 0.002252, 0), (100, 12.25, 1)):
        path = tmp_path / f"cover{code}.pdf"
        canvas = Canvas(str(path), pagesize=(width * IN, 9.25 * IN), invariant=1,
                        initialFontName="PTSans")
        canvas.showPage()
        canvas.save()
        result = check(path, "--cover", "--pages", pages, "--trim", "6x9")
        assert result.exit_code == code, result.output
    assert "BAD cover size" in result.output


def _cover_beside_interior(folder, pages, paper_inches_per_page):
    """`b.pdf` (6 x 9, `pages` blank pages with a TrimBox) and `b-cover.pdf` made for it."""
    from publisher.ground.fonts import register_fonts
    register_fonts()
    interior = Canvas(str(folder / "b.pdf"), pagesize=(6 * IN, 9 * IN), invariant=1)
    for _ in range(pages):
        interior.setTrimBox((0, 0, 6 * IN, 9 * IN))
        interior.showPage()
    interior.save()
    width = 12.25 + pages * paper_inches_per_page
    cover = Canvas(str(folder / "b-cover.pdf"), pagesize=(width * IN, 9.25 * IN), invariant=1,
                   initialFontName="PTSans")
    cover.showPage()
    cover.save()
    return folder / "b-cover.pdf"


def test_a_cover_is_checked_against_the_interior_beside_it(tmp_path):
    """Not against a trim guessed from the cover's own width (which always matched)."""
    cover = _cover_beside_interior(tmp_path, 204, 0.002252)          # white paper
    assert check(cover, "--cover").exit_code == 0
    for wrong in (("--pages", 400), ("--paper", "cream"), ("--trim", "5.5x8.5")):
        result = check(cover, "--cover", *wrong)
        assert result.exit_code == 1 and "BAD cover size" in result.output, (wrong, result.output)
    (tmp_path / "b.pdf").unlink()
    alone = check(cover, "--cover", "--pages", 204)
    assert alone.exit_code == 2 and "--trim" in alone.output, alone.output
    assert check(cover, "--cover", "--pages", 204, "--trim", "6x9").exit_code == 0


def test_an_unreadable_file_is_a_clear_error(tmp_path):
    (tmp_path / "x.pdf").write_bytes(b"not a pdf")
    result = check(tmp_path / "x.pdf")
    assert result.exit_code == 2 and "cannot read it as a PDF" in result.output


def test_what_make_book_writes_passes_check(write_spec, tmp_path):
    from publisher.cli import app
    spec = write_spec("""\
title: Checked
layout: 5x8
sections:
  - {kind: queens, size: 6, count: 2, candidates: 1}
""")
    out = tmp_path / "out"
    built = CliRunner().invoke(app, [str(spec), "--out", str(out), "--bleed", "--cover", "-q"])
    assert built.exit_code == 0, built.output
    interior = check(out / "book.pdf", "--trim", "5x8", "--bleed")
    assert interior.exit_code == 0, interior.output
    cover = check(out / "book-cover.pdf", "--cover", "--trim", "5x8")
    assert cover.exit_code == 0 and "24 pages" not in cover.output, cover.output
    beside = check(out / "book-cover.pdf", "--cover")        # trim from book.pdf's /TrimBox
    assert beside.exit_code == 0, beside.output
    assert check(out / "book.pdf", "--trim", "5x8").exit_code == 1   # it does bleed


def test_two_processes_report_what_one_does(tmp_path, monkeypatch):
    """A long interior is checked by two processes (alternate pages): the same findings,
    the same pages named, the earliest page on a tie, as one process finds."""
    from publisher.ground.fonts import register_fonts
    from publisher.preflight import PARALLEL_FROM_PAGES, check_bytes
    register_fonts()
    buffer = io.BytesIO()
    size = (6 * IN, 9 * IN)
    canvas = Canvas(buffer, pagesize=size, invariant=1, initialFontName="PTSans")
    pages = PARALLEL_FROM_PAGES + 9
    for number in range(1, pages + 1):
        canvas.setTrimBox((0, 0, *size))
        canvas.setFont("PTSans", 5 if number in (12, 31) else 10)  # too small twice
        canvas.drawString(1.5 * IN, 4 * IN, "Puzzle")
        canvas.setLineWidth(0.2 if number == 40 else 1.0)
        x = 0.05 * IN if number in (7, 22, 23) else 1.5 * IN       # ink in the margin
        canvas.line(x, 2 * IN, 3 * IN, 2 * IN)
        canvas.showPage()
    canvas.save()
    one = check_bytes(buffer.getvalue(), "long.pdf", size, workers=1)
    from publisher import preflight
    scanned_here = []
    scan = preflight._scan
    monkeypatch.setattr(preflight, "_scan", lambda reader, numbers, *rest:
                        scanned_here.append(numbers) or scan(reader, numbers, *rest))
    two = check_bytes(buffer.getvalue(), "long.pdf", size, workers=2)
    assert scanned_here == [range(1, pages + 1, 2)]      # the even pages: the helper's
    assert not one.ok
    assert two.text() == one.text()
    assert "pages 7, 22, 23" in one.text() and "on page 12" in one.text()
    assert "on page 40" in one.text()


def test_a_truncated_pdf_gives_our_error_without_pypdf_log_lines(tmp_path, caplog):
    make_pdf(tmp_path / "whole.pdf")
    data = (tmp_path / "whole.pdf").read_bytes()
    (tmp_path / "cut.pdf").write_bytes(data[:len(data) // 2])
    with caplog.at_level("DEBUG"):
        result = check(tmp_path / "cut.pdf")
    assert result.exit_code == 2 and "cannot read it as a PDF" in result.output
    assert not [r for r in caplog.records if r.name.startswith("pypdf")], caplog.text
    assert "EOF marker" not in result.output
