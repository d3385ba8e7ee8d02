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


def test_a_floor_no_book_prints_at_is_refused(tmp_path):
    """Review 6: `--floor 0` (and negative or absurd sizes) checked nothing at all."""
    good = make_pdf(tmp_path / "good.pdf", pages=2)
    for floor in ("0", "-3", "1e9", "nan"):
        result = check(good, "--trim", "6x9", "--floor", floor)
        assert result.exit_code == 2, (floor, result.output)
        assert result.output.startswith("error: --floor ") and "4 to 40" in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert check(good, "--trim", "6x9", "--floor", "16").exit_code == 1   # 10 pt text


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


def test_a_cover_for_an_interior_too_short_to_print_fails(tmp_path):
    """A cover exactly as wide as a 4-page interior needs: no such book can be printed."""
    cover = _cover_beside_interior(tmp_path, 4, 0.002252)
    result = check(cover, "--cover")
    assert result.exit_code == 1 and "BAD interior pages" in result.output, result.output
    assert "ok  cover size" in result.output


def _name_in_metadata(cover, **made_for):
    """Write what the cover was made for into its document info, as render/cover.py does
    (written here with pypdf, apart from the cover's writer)."""
    import pypdf
    from publisher.ground.printrules import COVER_INFO
    writer = pypdf.PdfWriter(clone_from=str(cover))
    writer.add_metadata({"/" + COVER_INFO[key]: str(value) for key, value in made_for.items()})
    with open(cover, "wb") as file:
        writer.write(file)


def test_a_cover_names_its_paper_pages_and_trim(tmp_path):
    cover = _cover_beside_interior(tmp_path, 204, 0.0025)              # cream paper
    result = check(cover, "--cover")
    assert result.exit_code == 1 and "white paper assumed" in result.output, result.output
    _name_in_metadata(cover, paper="cream", pages=204, trim="6x9")
    result = check(cover, "--cover")
    assert result.exit_code == 0 and "(204 pages, cream paper)" in result.output, result.output
    assert "note:" not in result.output
    # An option given still wins.
    assert check(cover, "--cover", "--paper", "white").exit_code == 1
    # The interior beside it is the book it must fit: 200 pages there, though the cover
    # says 204, fails.
    (tmp_path / "b.pdf").unlink()
    make_pdf(tmp_path / "b.pdf", pages=200)
    result = check(cover, "--cover")
    assert result.exit_code == 1 and "BAD cover size" in result.output, result.output
    # A cover alone is checked against what it names, with a note saying so.
    (tmp_path / "b.pdf").unlink()
    result = check(cover, "--cover")
    assert result.exit_code == 0 and "b.pdf is not beside it" in result.output, result.output
    assert check(cover, "--cover", "--pages", 300).exit_code == 1
    result = check(cover, "--cover", "--trim", "6x9")           # the note names what it took
    assert result.exit_code == 0 and "page count (204) the cover names" in result.output


def test_a_cover_and_an_interior_checked_as_each_other_are_told_apart(tmp_path):
    """Review 7: a cover without --cover gave four BAD lines, an interior with it asked for
    --trim and --pages; each now says what the file is, in one line."""
    cover = _cover_beside_interior(tmp_path, 204, 0.002252)
    _name_in_metadata(cover, paper="white", pages=204, trim="6x9")
    result = check(cover)
    assert result.exit_code == 2 and "add --cover" in result.output, result.output
    assert "BAD" not in result.output and len(result.output.strip().splitlines()) == 1
    result = check(tmp_path / "b.pdf", "--cover")
    assert result.exit_code == 2 and "without --cover" in result.output, result.output
    assert "BAD" not in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("option", [("--pages", 30), ("--paper", "cream")])
def test_a_covers_options_are_refused_for_an_interior(tmp_path, option):
    """The help says they are a cover's: given for an interior they were ignored."""
    result = check(make_pdf(tmp_path / "good.pdf"), "--trim", "6x9", *option)
    assert result.exit_code == 2 and option[0] in result.output, result.output
    assert "--cover" in result.output and "passes" not in result.output


def test_a_cover_naming_nonsense_is_checked_as_one_naming_nothing(tmp_path):
    cover = _cover_beside_interior(tmp_path, 204, 0.002252)
    (tmp_path / "b.pdf").unlink()
    _name_in_metadata(cover, paper="papyrus", pages="many", trim="wide")
    result = check(cover, "--cover")
    assert result.exit_code == 2 and "--trim 6x9 --pages N" in result.output, result.output
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
    # checked for the interior's 24 pages, on the paper the cover names
    assert cover.exit_code == 0 and "(24 pages, white paper)" in cover.output, cover.output
    beside = check(out / "book-cover.pdf", "--cover")        # trim from book.pdf's /TrimBox
    assert beside.exit_code == 0, beside.output
    # without --bleed the bleed is read from the file's /BleedBox, and said in one line
    found = check(out / "book.pdf", "--trim", "5x8")
    assert found.exit_code == 0, found.output
    assert found.output.count("this file has bleed") == 1, found.output


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


# A reference reader of content streams for the test below: token by token, each kind
# named by its group (the preflight reads them all in one findall, by first byte).
_REFERENCE_TOKEN = __import__("re").compile(rb"""
    (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<word>[A-Za-z'"*][^\s/\[\]()<>{}%]*)
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<string>\((?:[^\\()]|\\.|\((?:[^\\()]|\\.)*\))*\))
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<open>\[|<<)
  | (?P<close>\]|>>)
  | (?P<comment>%[^\r\n]*)
""", __import__("re").VERBOSE | __import__("re").DOTALL)


def reference_operations(data):
    import re
    escapes = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f",
               b"\r\n": b"", b"\n": b"", b"\r": b""}

    def unescape(match):
        code = match.group(1)
        return bytes([int(code, 8) & 0xFF]) if code[:1].isdigit() else escapes.get(code, code)

    operations, stack, in_image = [], [[]], False
    for match in _REFERENCE_TOKEN.finditer(data):
        kind, text = match.lastgroup, match.group()
        if in_image:
            in_image = text != b"EI"
        elif kind == "number":
            stack[-1].append(float(text))
        elif kind == "word" and text in (b"true", b"false", b"null"):
            stack[-1].append(text)
        elif kind == "word":
            in_image = text == b"ID"
            operations.append((stack[0], b"INLINE IMAGE" if text == b"BI" else text))
            stack = [[]]
        elif kind == "string":
            stack[-1].append(re.sub(rb"\\([0-7]{1,3}|\r\n|.)", unescape, text[1:-1],
                                    flags=re.DOTALL))
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


def test_content_streams_read_as_token_by_token():
    """The preflight's quick reader of content streams gives the operations a plain
    token-by-token reader gives: on pages drawn by ReportLab (text with escapes and
    Cyrillic, paths, curves, a form, colours) and on hand-written odd streams (arrays,
    dictionaries, hex, comments, inline images, numbers glued to operators)."""
    import pypdf

    from publisher.ground.fonts import register_fonts
    from publisher.preflight.ink import _operations
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(6 * IN, 9 * IN), invariant=1, initialFontName="PTSans")
    canvas.beginForm("grid")
    canvas.rect(0, 0, 50, 50)
    canvas.endForm()
    for page in range(3):
        canvas.setFont("PTSans", 9 + page)
        canvas.drawString(IN, 8 * IN, "Word (search) \\ back-slash ñ Ёлка")
        for n, letter in enumerate("ÁBCDЖЯ"):
            canvas.drawCentredString(IN + 20 * n, 6 * IN, letter)
        canvas.setFillColor(Color(0.2, 0.4, 0.6))
        canvas.circle(3 * IN, 3 * IN, 0.5 * IN, fill=1)
        canvas.setDash([2, 3], 1)
        canvas.bezier(10, 10, 20, 40, 50, -5, 80, 30)
        canvas.doForm("grid")
        canvas.showPage()
    canvas.save()
    reader = pypdf.PdfReader(io.BytesIO(buffer.getvalue()))
    streams = [page.get_contents().get_data() for page in reader.pages]
    streams += [form.get_object().get_data()
                for form in reader.pages[0]["/Resources"]["/XObject"].values()]
    streams += [
        b"q 1 0 0 1 0 0cm [1 2] 0 d /F1 12 Tf (a\\(b\\)c \\101\\n) Tj <414 2> Tj % note 1 2\n"
        b"3 4 m 1 2 true X BI /W 2 ID \x00\x01 3 EI 5 6 l [(A) -120 (B)] TJ .5 -.5 +3. re S",
        b"<< /MCID 0 >> BDC (x(y)z) Tj <> Tj EMC 1.2.3 m ab1 c 1 2 [ 3 m ] >> 1\x002 m",
        b"1 2 3", b"EI 1 ID", b"BI ID 1 2 EI 3 4 m", b""]
    assert sum(len(reference_operations(s)) for s in streams[:3]) > 60
    for stream in streams:
        assert _operations(stream) == reference_operations(stream), stream[:80]
