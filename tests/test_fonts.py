"""The user's own fonts (`fonts:` in a spec), read back from the PDF with pypdf.

Lato (SIL OFL, Debian's fonts-lato) and DejaVu (Debian's fonts-dejavu-core) are installed
by CI; each test skips without them."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

LATO = Path("/usr/share/fonts/truetype/lato")
DEJAVU_MATH = Path("/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf")
ROOT = Path(__file__).resolve().parent.parent

needs_lato = pytest.mark.skipif(not (LATO / "Lato-Regular.ttf").is_file(),
                                reason="apt-get install fonts-lato")


def spec_text(fonts: str, title: str = "My Puzzles", language: str = "en",
              words: str = "[apple, banana, cherry, grape, lemon, mango, melon, peach]") -> str:
    return f"""\
title: {title}
layout: letter
language: {language}
seed: 5
print: false
{fonts}
sections:
  - kind: wordsearch
    size: 10
    words: {words}
  - kind: sudoku
    count: 1
    difficulty: easy
"""


def build(tmp_path: Path, text: str) -> subprocess.CompletedProcess:
    spec = tmp_path / "book.yaml"
    spec.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "publisher.cli", str(spec), "--out",
                           str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT)


def font_runs(pdf: Path) -> list[tuple[str, str, float]]:
    """(base font name, text, size) of every text run of every page."""
    runs: list[tuple[str, str, float]] = []
    for page in PdfReader(pdf).pages:
        def visit(text, cm, tm, font, size):
            if font is not None and text.strip():
                runs.append((str(font["/BaseFont"]).split("+")[-1], text.strip(), size))
        page.extract_text(visitor_text=visit)
    return runs


def embedded_fonts(pdf: Path) -> dict[str, bool]:
    """Base font name -> embedded (has a font file), over every page."""
    found: dict[str, bool] = {}
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            found[str(font["/BaseFont"]).split("+")[-1]] = any(
                key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
    return found


@needs_lato
def test_the_book_prints_in_the_users_fonts_embedded_and_subset(tmp_path):
    run = build(tmp_path, spec_text("fonts: {text: Lato-Regular, text_bold: Lato-Bold, "
                                    "text_italic: Lato-Italic}"))
    assert run.returncode == 0, run.stderr
    fonts = embedded_fonts(tmp_path / "out" / "book.pdf")
    assert fonts and all(fonts.values()), fonts
    assert set(fonts) <= {"Lato-Regular", "Lato-Bold", "Lato-Italic"}, fonts
    # subset: the embedded names carry a six-letter subset tag
    raw = (tmp_path / "out" / "book.pdf").read_bytes()
    assert b"+Lato-Regular" in raw


@needs_lato
def test_a_grid_font_prints_the_cell_letters_and_the_text_stays(tmp_path):
    run = build(tmp_path, spec_text("fonts: {grid: Lato-Bold}"))
    assert run.returncode == 0, run.stderr
    runs = font_runs(tmp_path / "out" / "book.pdf")
    single = [font for font, text, _ in runs if len(text) == 1 and text.isalpha()]
    assert single and set(single) == {"Lato-Bold"}, set(single)
    title_fonts = {font for font, text, _ in runs if "MY PUZZLES" in text.upper()}
    assert title_fonts and all(f.startswith("PTSans") or f.startswith("PT") for f in title_fonts), \
        title_fonts


@needs_lato
def test_bold_grid_prints_every_cell_letter_bold(tmp_path):
    run = build(tmp_path, spec_text("fonts: {grid: Lato-Regular, grid_bold: Lato-Bold, "
                                    "bold_grid: true}"))
    assert run.returncode == 0, run.stderr
    runs = font_runs(tmp_path / "out" / "book.pdf")
    # word-search letters, and Sudoku digits (larger than the page numbers)
    letters = {font for font, text, _ in runs if len(text) == 1 and text.isalpha()}
    digits = {font for font, text, size in runs if len(text) == 1 and text.isdigit() and size > 13}
    assert letters == {"Lato-Bold"} and digits == {"Lato-Bold"}, (letters, digits)


@needs_lato
def test_bold_grid_without_a_bold_grid_font_says_so(tmp_path):
    """`bold_grid: true` with a `grid` font and no `grid_bold` draws the cells in the grid
    font's own weight: the build says so (it embedded no bold face, silently)."""
    run = build(tmp_path, spec_text("fonts: {grid: Lato-Regular, bold_grid: true}"))
    assert run.returncode == 0, run.stderr
    assert "fonts.bold_grid" in run.stderr and "grid_bold" in run.stderr


@needs_lato
def test_a_thin_grid_font_is_noted_and_a_regular_one_not(tmp_path):
    """Hairline letters pass every size check yet print faint: the build says so, naming
    the key; Regular and Light weights say nothing."""
    (tmp_path / "faint").mkdir()
    (tmp_path / "plain").mkdir()
    faint = build(tmp_path / "faint", spec_text("fonts: {grid: Lato-Hairline}"))
    assert faint.returncode == 0, faint.stderr
    assert "fonts.grid" in faint.stderr and "Lato-Hairline.ttf" in faint.stderr
    plain = build(tmp_path / "plain", spec_text("fonts: {grid: Lato-Light}"))
    assert plain.returncode == 0 and "thin weight" not in plain.stderr, plain.stderr


@needs_lato
def test_a_letter_the_users_font_lacks_is_a_clear_error(tmp_path):
    from reportlab.pdfbase.ttfonts import TTFont

    pt_sans = TTFont("pt", str(next(Path(__import__("fontpkg_pt_sans").ROOT, ).rglob(
        "PT_Sans-Web-Regular.ttf")))).face.charToGlyph
    lato = TTFont("lato", str(LATO / "Lato-Regular.ttf")).face.charToGlyph
    lacking = next(chr(c) for c in sorted(pt_sans) if c > 0x2000 and c not in lato
                   and chr(c).isprintable())
    run = build(tmp_path, spec_text("fonts: {text: Lato-Regular}", title=f"Price {lacking} list"))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert lacking in run.stderr and "Lato" in run.stderr and "book.yaml:1" in run.stderr
    assert not (tmp_path / "out" / "book.pdf").exists()


@pytest.mark.skipif(not DEJAVU_MATH.is_file(), reason="apt-get install fonts-dejavu-core")
def test_a_font_without_the_books_alphabet_is_refused_before_anything_is_made(tmp_path):
    # DejaVu Math has Latin letters but no Cyrillic: a Russian book cannot be set in it.
    run = build(tmp_path, spec_text(f"fonts: {{text: {DEJAVU_MATH.stem}}}", language="ru",
                                    words="[кошка, собака, корова, лошадь, овца, коза, утка]"))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "fonts.text" in run.stderr and re.search(r"has no [А-Яа-яЁё]", run.stderr), run.stderr
    assert ":6" in run.stderr           # the `fonts:` line
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_font_that_is_not_there_names_the_field(tmp_path):
    run = build(tmp_path, spec_text("fonts:\n  text: no-such-font.ttf"))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "no-such-font.ttf" in run.stderr and "book.yaml:7" in run.stderr


def test_a_file_that_is_no_font_is_refused(tmp_path):
    (tmp_path / "fake.ttf").write_bytes(b"not a font at all" * 10)
    run = build(tmp_path, spec_text("fonts: {text: fake.ttf}"))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "fake.ttf" in run.stderr and "TrueType" in run.stderr
