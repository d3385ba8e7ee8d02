"""Print-on-demand books (issue 10): trims, boxes, bleed, gutter by page count, padding,
front matter, metadata, the legibility floor, the cover and `make-book check`.

Sizes are checked against the services' numbers written here (not read from the package),
and the ink with tests/pdfmarks.py, which shares no code with the renderer."""
import io
import json
import os
import re

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from pdfmarks import outside, page_marks, smallest_text, thinnest_stroke

IN = 72.0
COVER = """\
cover:
  paper: cream
  back_text: Two small puzzles.
"""
SIX_BY_NINE = (6 * IN, 9 * IN)
BLEED = 0.125 * IN
SPEC = """\
title: Print Test
subtitle: Small and proper
author: Ana Autor
copyright: "© 2026 Ana Autor"
isbn: 978-0-00-000000-2
edition: First edition
publisher: Tiny Press
keywords: [puzzles, queens]
introduction: Welcome.
layout: 6x9
seed: 5
COVER
sections:
  - kind: queens
    title: Queens
    size: 6
    count: 2
    candidates: 1
  - kind: wordsearch
    title: Words
    size: 10
    candidates: 1
    puzzles:
      - {title: Farm, words: [cow, horse, pig, goat, sheep]}
""".replace("COVER\n", COVER)


def _build(write_spec, out, text=SPEC, **options):
    from publisher.pipeline import build_book
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = "1700000000"     # 2023-11-14 22:13:20 UTC
    try:
        return build_book(write_spec(text), out, workers=1, **options)
    finally:
        if old is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("print")

    def write_spec(text):
        (folder / "book.yaml").write_text(text, encoding="utf-8")
        return folder / "book.yaml"
    result = _build(write_spec, folder / "out")
    return result, PdfReader(result.pdf), json.loads(result.manifest.read_text("utf-8"))


def _box(page, name):
    return tuple(round(float(v), 2) for v in page[name])


def _text(page):
    return " ".join(page.extract_text().split())


def test_gutter_steps_and_cover_formulas():
    from publisher.ground.printrules import cover_size, gutter_for, spine_width
    steps = {24: 0.375, 150: 0.375, 151: 0.5, 300: 0.5, 301: 0.625, 500: 0.625, 501: 0.75,
             700: 0.75, 701: 0.875, 828: 0.875}
    assert {n: gutter_for(n) / IN for n in steps} == pytest.approx(steps)
    for pages, paper, inch in ((100, "white", 0.002252), (300, "white", 0.002252),
                               (100, "cream", 0.0025), (300, "cream", 0.0025)):
        width, height = cover_size(SIX_BY_NINE, pages, paper)
        assert width == pytest.approx((0.125 + 6 + pages * inch + 6 + 0.125) * IN)
        assert height == pytest.approx(9.25 * IN)
        assert spine_width(pages, paper) == pytest.approx(pages * inch * IN)


def test_a_small_book_is_padded_to_24_pages_with_notes(book):
    result, reader, manifest = book
    assert len(reader.pages) == result.pages == 24
    assert any("Notes pages added to reach 24 pages" in note for note in result.notes)
    texts = [_text(p) for p in reader.pages]
    assert texts[-1].startswith("Notes") and texts[-1].endswith("24")
    last_puzzle = max(p["answer_page"] for p in manifest["puzzles"])
    assert all(t.startswith("Notes") for t in texts[last_puzzle:])
    assert texts[1] and "ISBN 978-0-00-000000-2" in texts[1]   # the title page's back
    assert not texts[0].endswith("1")                        # no folio on the title page


def test_blank_padding_never_leaves_three_blank_pages(write_spec, tmp_path):
    text = SPEC.replace(COVER, "padding: blank\n")
    result = _build(write_spec, tmp_path, text)
    assert not result.pdf.with_name("book-cover.pdf").exists()
    blank = [not page.extract_text().strip() for page in PdfReader(result.pdf).pages]
    assert len(blank) == 24 and sum(blank) >= 8
    assert not any(all(blank[i:i + 3]) for i in range(len(blank) - 2))


def test_boxes_without_and_with_bleed(book, write_spec, tmp_path):
    _, reader, _ = book
    for page in reader.pages:
        assert _box(page, "/MediaBox") == _box(page, "/TrimBox") == (0, 0, 432, 648)
    bled = PdfReader(_build(write_spec, tmp_path, bleed=True).pdf)
    for number, page in enumerate(bled.pages, start=1):
        assert _box(page, "/MediaBox") == (0, 0, 432 + BLEED, 648 + 2 * BLEED)
        assert _box(page, "/BleedBox") == _box(page, "/MediaBox")
        left = 0 if number % 2 else BLEED       # the bleed is at the outside edge
        assert _box(page, "/TrimBox") == (left, BLEED, left + 432, BLEED + 648)


def test_front_matter_contents_and_how_to_play(book):
    _, reader, manifest = book
    texts = [_text(p) for p in reader.pages]
    contents = texts[2]
    assert contents.startswith("Contents") and ". . ." in contents
    queens = next(p for p in manifest["puzzles"] if p["kind"] == "queens")
    assert f"Queens (2 puzzles) . . ." in contents
    assert contents.split("Queens (2 puzzles)")[1].split()[-1] != ""
    line = contents.split("Queens (2 puzzles)")[1].split("Words")[0]
    assert line.strip().endswith(str(queens["page"]))
    assert any(t.startswith("How to play: Queens") and "Example" in t for t in texts)
    assert any(t.startswith("How to play: Word search") for t in texts)
    assert any(t.startswith("Introduction Welcome.") for t in texts)


def test_metadata_and_a_byte_identical_rebuild(book, write_spec, tmp_path):
    result, reader, _ = book
    info = reader.metadata
    assert (info.title, info.author, info["/Subject"], info["/Keywords"]) == (
        "Print Test", "Ana Autor", "Small and proper", "puzzles, queens")
    assert info["/CreationDate"].startswith("D:20231114221320")
    assert reader.trailer["/Root"]["/Lang"] == "en"
    again = _build(write_spec, tmp_path)
    assert again.pdf.read_bytes() == result.pdf.read_bytes()
    # The cover names what it was made for (make-book check --cover reads it), the same
    # bytes every time.
    cover = result.pdf.with_name("book-cover.pdf")
    assert again.pdf.with_name("book-cover.pdf").read_bytes() == cover.read_bytes()
    made_for = PdfReader(cover).metadata
    assert (made_for["/PuzzlePublisherPaper"], made_for["/PuzzlePublisherPages"],
            made_for["/PuzzlePublisherTrim"], made_for["/PuzzlePublisherBleed"]) == (
                "cream", str(len(reader.pages)), "6x9", "0.125")


def test_fonts_are_embedded_and_ink_keeps_the_print_margins(book):
    result, reader, _ = book
    data = result.pdf.read_bytes()
    for number, page in enumerate(reader.pages, start=1):
        for font in page["/Resources"].get("/Font", {}).values():
            assert "/FontFile2" in font.get_object()["/FontDescriptor"]
        inner, outer = 0.375 * IN, 0.25 * IN          # 24 pages, no bleed
        left, right = (inner, outer) if number % 2 else (outer, inner)
        marks = page_marks(data, number - 1)
        assert not outside(marks, (left, outer, 432 - left - right, 648 - 2 * outer))


def test_the_cover_sheet(book):
    result, reader, _ = book
    cover = PdfReader(result.pdf.with_name("book-cover.pdf"))
    assert len(cover.pages) == 1
    width = (0.125 + 6 + 24 * 0.0025 + 6 + 0.125) * IN
    assert _box(cover.pages[0], "/MediaBox") == (0, 0, round(width, 2), 666)
    assert _box(cover.pages[0], "/TrimBox") == (BLEED, BLEED, round(width - BLEED, 2), 657)
    text = _text(cover.pages[0])
    assert "Print Test" in text and "Two small puzzles." in text
    marks = page_marks(result.pdf.with_name("book-cover.pdf").read_bytes(), 0)
    spine = (BLEED + 432, BLEED + 432 + 24 * 0.0025 * IN)
    assert not [m for m in marks if m.kind == "text" and m.bbox[2] > spine[0]
                and m.bbox[0] < spine[1]]              # no spine text under 80 pages
    barcode = (BLEED + 432 - 0.375 * IN - 2 * IN, BLEED + 0.375 * IN, 2 * IN, 1.2 * IN)
    texts = [m for m in marks if m.kind == "text"]
    assert len(outside(texts, barcode, tolerance=0)) == len(texts)
    # The front's design is the word search's grid alone: no list, no difficulty line.
    assert "SHEEP" not in text and "GOAT" not in text and "Difficulty" not in text
    assert "★" not in text


def test_spine_text_from_80_pages(book):
    from publisher.render.cover import cover_pdf
    from publisher.spec import CoverSpec
    renderer = _renderer(book)
    for pages, expect in ((60, False), (300, True)):
        pdf = cover_pdf(renderer, pages, CoverSpec(paper="white"))
        spine = (BLEED + 432, BLEED + 432 + pages * 0.002252 * IN)
        on_spine = [m for m in page_marks(pdf, 0) if m.kind == "text"
                    and m.bbox[2] > spine[0] and m.bbox[0] < spine[1]]
        assert bool(on_spine) == expect
        clear = 0.0625 * IN
        assert all(spine[0] + clear - 0.5 <= m.bbox[0] and m.bbox[2] <= spine[1] - clear + 0.5
                   for m in on_spine)
        width = float(PdfReader(io.BytesIO(pdf)).pages[0]["/MediaBox"][2])
        assert width == pytest.approx((12.25 + pages * 0.002252) * IN, abs=0.01)


def _renderer(book):
    from publisher.kinds import get_kind
    from publisher.render.book import BookRenderer
    from publisher.render.layout import default_layout
    from publisher.plan import Job
    from publisher.batch import Outcome
    from publisher.spec import book_model
    result, _, manifest = book
    entry = next(p for p in manifest["puzzles"] if p["kind"] == "wordsearch")
    board = get_kind("wordsearch").from_manifest(entry)
    job = Job("w", "wordsearch", 0, "Words", "Farm", "en", None, 1, 1, None, None)  # type: ignore
    spec = book_model().model_validate({"title": "Spine Test", "author": "A. Writer",
                                        "sections": [{"kind": "queens", "size": 6}]})
    return BookRenderer(spec, default_layout().model_copy(
        update={"page": SIX_BY_NINE}), [Outcome(job, board)])


def test_the_gutter_follows_the_final_page_count(write_spec, monkeypatch):
    """Lay out, count, lay out again: 150 pages keep a 0.375 in gutter, 152 get 0.5 in,
    on the left of odd pages and the right of even ones."""
    from publisher.batch import Outcome
    from publisher.kinds.base import Board
    from publisher.pipeline import lay_out
    from publisher.plan import plan_book
    from publisher.render.book import BookRenderer
    from publisher.render.layout import load_layout
    from publisher.render.pagination import body_box
    from publisher.spec import load_spec
    monkeypatch.setattr(BookRenderer, "problem", lambda self, index, what, per_page: None)
    spec = load_spec(write_spec("""\
title: Long
layout: thin.yaml
sections:
  - {kind: queens, size: 6, count: 160, answers_per_page: 6}
""", thin__yaml="page: [6in, 9in]\nmargins: {top: 0.5in, bottom: 0.5in, inner: 0.25in, "
                "outer: 0.4in}\n"))
    layout = load_layout("thin.yaml", spec.path.parent, ValueError)
    outcomes = [Outcome(job, Board()) for job in plan_book(spec)]
    seen = {}
    for count in range(115, 140):
        renderer, pages = lay_out(spec.book, layout, outcomes[:count], bleed=False)
        seen[len(pages.book)] = renderer.layout
    assert {150, 152} <= set(seen)
    for pages, gutter in ((150, 0.375 * IN), (152, 0.5 * IN)):
        printed = seen[pages]
        odd, even = body_box(printed, 1), body_box(printed, 2)
        assert odd.x == pytest.approx(gutter)
        assert 432 - (even.x + even.width) == pytest.approx(gutter)
        assert even.x == pytest.approx(0.4 * IN)


STRESS = {
    "large-print": (16, """\
title: Large Print Stress
layout: large-print
seed: 2
sections:
  - {kind: wordsearch, size: 15, candidates: 1, count: 1, words_per_puzzle: 20, words: en/animals}
  - {kind: queens, size: 8, candidates: 1}
  - {kind: numberlink, size: 7, candidates: 1}
  - {kind: crossword, size: 13, candidates: 1, count: 1, words_per_puzzle: 20, clues: en/general-clues}
"""),
    "6x9": (7, """\
title: Crossword Stress
layout: 6x9
seed: 2
sections:
  - {kind: crossword, size: 21, candidates: 1, count: 1, words_per_puzzle: 45, clues: en/general-clues,
     answers_per_page: 6}
  - {kind: wordsearch, size: 20, candidates: 1, per_page: 4, count: 2, words_per_puzzle: 30,
     words: en/animals}
"""),
}


@pytest.mark.parametrize("layout", sorted(STRESS))
def test_no_text_below_the_floor_and_no_hairlines(layout, write_spec, tmp_path):
    """Stress books: big grids, long clue lists, large print. Every page, every mark."""
    floor, text = STRESS[layout]
    result = _build(write_spec, tmp_path, text)
    data = result.pdf.read_bytes()
    for index in range(len(PdfReader(result.pdf).pages)):
        marks = page_marks(data, index)
        smallest, thinnest = smallest_text(marks), thinnest_stroke(marks)
        assert smallest is None or smallest >= floor - 0.01, (index + 1, smallest)
        assert thinnest is None or thinnest >= 0.5 - 1e-6, (index + 1, thinnest)


def test_past_828_pages_is_an_error_naming_the_count(write_spec, monkeypatch):
    from publisher.batch import Outcome
    from publisher.errors import PublisherError
    from publisher.kinds.base import Board
    from publisher.pipeline import lay_out
    from publisher.plan import plan_book
    from publisher.render.book import BookRenderer
    from publisher.render.layout import load_layout
    from publisher.spec import load_spec
    monkeypatch.setattr(BookRenderer, "problem", lambda self, index, what, per_page: None)
    spec = load_spec(write_spec("title: Huge\nlayout: 6x9\nsections:\n"
                                "  - {kind: queens, size: 6, count: 420, answers_per_page: 1}\n"))
    layout = load_layout("6x9", spec.path.parent, ValueError)
    outcomes = [Outcome(job, Board()) for job in plan_book(spec)]
    with pytest.raises(PublisherError, match=r"8[4-9]\d pages; a printed book has at most 828"):
        lay_out(spec.book, layout, outcomes, bleed=False)


def test_past_828_pages_names_the_largest_sections_count(write_spec, monkeypatch):
    from publisher.batch import Outcome
    from publisher.errors import SpecError
    from publisher.kinds.base import Board
    from publisher.pipeline import _lay_out_named
    from publisher.plan import plan_book
    from publisher.render.book import BookRenderer
    from publisher.render.layout import load_layout
    from publisher.spec import load_spec
    monkeypatch.setattr(BookRenderer, "problem", lambda self, index, what, per_page: None)
    path = write_spec("title: Huge\nlayout: 6x9\nsections:\n"
                      "  - {kind: queens, size: 6, count: 20}\n"
                      "  - kind: queens\n    size: 6\n    count: 400\n"
                      "    answers_per_page: 1\n")
    spec = load_spec(path)
    layout = load_layout("6x9", spec.path.parent, ValueError)
    outcomes = [Outcome(job, Board()) for job in plan_book(spec)]
    with pytest.raises(SpecError) as caught:
        _lay_out_named(spec, layout, outcomes, False, None)
    assert str(caught.value).startswith(f"{path}:7: sections[1].count: the book has 8")


def test_a_book_sure_to_pass_828_pages_stops_before_generating(write_spec, monkeypatch):
    from publisher import pipeline
    from publisher.errors import SpecError

    def generate_all(*args, **kwargs):
        raise AssertionError("generated")
    monkeypatch.setattr(pipeline, "generate_all", generate_all)
    path = write_spec("title: Huge\nsections:\n  - kind: sudoku\n    count: 5\n"
                      "  - kind: sudoku\n    count: 1000\n")
    with pytest.raises(SpecError, match=r"^" + re.escape(f"{path}:6: sections[1].count: the "
                       "book has at least ") + r"\d+ pages; a printed book has at most 828"):
        pipeline.build_book(path, path.parent / "out")
    assert not (path.parent / "out").exists()


def test_how_to_play_examples_are_new_boards_not_the_books_puzzles(write_spec):
    from publisher.batch import SerialExecutor, generate_all
    from publisher.kinds import get_kind
    from publisher.pipeline import how_to_play_examples
    from publisher.plan import plan_book
    from publisher.spec import load_spec
    spec = load_spec(write_spec("title: E\nseed: 3\nsections:\n"
                                "  - {kind: numberlink, size: 7, count: 2, candidates: 1}\n"))
    outcomes = generate_all(plan_book(spec), 3, SerialExecutor())
    examples = how_to_play_examples(outcomes, 3)
    kind = get_kind("numberlink")
    example = kind.manifest(examples["numberlink"].kept)
    assert example == kind.manifest(how_to_play_examples(outcomes, 3)["numberlink"].kept)
    assert all(example["endpoints"] != kind.manifest(o.kept)["endpoints"] for o in outcomes)


def test_how_to_play_pages_give_no_answer_of_the_book_away(tmp_path):
    """The worked examples are made from other seeds, and kinds whose puzzles are their
    words (scramble, cryptogram, word search...) show none: no answer of the book may be
    read on a How to play page."""
    import json

    from pypdf import PdfReader

    from publisher.pipeline import build_book

    spec = tmp_path / "giveaway.yaml"
    spec.write_text(
        "title: Giveaway\nseed: 2\nsections:\n"
        "  - {kind: scramble, words: [planet, garden, orange, winter, pencil], candidates: 1}\n"
        "  - {kind: cryptogram, texts: [\"Octopuses have three hearts and blue blood.\"]}\n"
        "  - {kind: wordsearch, size: 10, candidates: 1, puzzles: "
        "[{title: Farm, words: [donkey, rabbit, turkey, goose]}]}\n", encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    first_puzzle_page = min(p["page"] for p in manifest["puzzles"])
    reader = PdfReader(result.pdf)
    before = " ".join(reader.pages[i].extract_text() for i in range(first_puzzle_page - 1))
    before = "".join(before.upper().split())       # letters drawn one per box join up
    for answer in ("PLANET", "GARDEN", "ORANGE", "OCTOPUSES", "DONKEY", "RABBIT"):
        assert answer not in before


def test_a_low_resolution_cover_image_is_warned_at_build_and_by_check(write_spec, tmp_path):
    """A 240 x 160 px background stretched over a 6x9 cover (about 19 ppi) was accepted
    silently: the build and `check --cover` warn with its ppi and the pixels it needs."""
    from PIL import Image
    from publisher.cli import app
    Image.new("RGB", (240, 160), (200, 220, 240)).save(tmp_path / "low.png")
    spec = ("title: Low\nlayout: 6x9\nseed: 1\ncover: {image: low.png}\n"
            "sections:\n  - {kind: queens, size: 6, candidates: 1}\n")
    result = _build(write_spec, tmp_path / "out", spec)
    width_in = (2 * BLEED + 2 * 6 * IN + 24 * 0.002252 * IN) / IN
    ppi = min(240 / width_in, 160 / 9.25)
    [warning] = [w for w in result.warnings if "cover.image (low.png)" in w]
    assert f"{ppi:.0f} ppi" in warning and f"{round(9.25 * 300):,}" in warning
    cover = result.pdf.with_name("book-cover.pdf")
    checked = CliRunner().invoke(app, ["check", str(cover), "--cover"])
    assert checked.exit_code == 0
    assert f"{ppi:.0f} ppi" in checked.output and "warning: image 1" in checked.output


def test_an_image_at_300_ppi_is_not_low_resolution():
    from publisher.ground.printrules import low_resolution
    assert low_resolution("x", (1800, 2700), (6 * IN, 9 * IN)) is None
    assert "299 ppi" in low_resolution("x", (1794, 2700), (6 * IN, 9 * IN))


def test_a_colour_interior_on_cream_paper_is_warned_at_build_and_by_check(write_spec, tmp_path):
    """KDP prints colour ink on white paper only: Queens in colour with `paper: cream`
    passed silently; the build and `check --cover` say so, and not on premium-color."""
    from publisher.cli import app
    for paper, warned in (("cream", True), ("premium-color", False)):
        spec = (f"title: Tint\nlayout: 6x9\nseed: 1\ncover: {{paper: {paper}}}\nsections:\n"
                "  - {kind: queens, size: 6, candidates: 1, colour: true}\n")
        result = _build(write_spec, tmp_path / paper, spec)
        assert any("cream" in w and "white paper" in w for w in result.warnings) == warned
        checked = CliRunner().invoke(app, ["check", str(result.pdf.with_name("book-cover.pdf")),
                                           "--cover"])
        assert checked.exit_code == 0
        assert ("warning:" in checked.output and "colour" in checked.output) == warned
