"""Cover designs (issue 27, goal 4): every `cover: {style: ...}` on every bundled trim, in
colour and greyscale, passes the cover preflight; titles set in balanced lines; the spine
text rule; a Spanish cover without English; greyscale without colour; same bytes twice.
Everything is read back from the PDF (pypdf, tests/pdfmarks.py), not the drawing code."""
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

import coverbook
from pdfmarks import page_marks

IN = 72.0
BLEED = 0.125 * IN
LAYOUTS = sorted(p.stem for p in (Path(__file__).parent.parent / "layouts").glob("*.yaml"))
STYLES = ("band", "letters", "classic")
BLURB = {"en": "Puzzles to keep your mind sharp: themed word searches and Queens boards of "
                "pure logic.\n\nLarge, clear grids. One solution to every puzzle.",
         "es": "Pasatiempos para toda la familia: sopas de letras y reinas.\n\nUna sola "
               "solución para cada uno."}


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    folder = tmp_path_factory.mktemp("covers")
    return {lang: coverbook.outcomes(folder, lang) for lang in ("en", "es")}


def _cover(books, layout, style, colour, pages=120, language="en", **book):
    from publisher.render.cover import cover_pdf
    from publisher.spec import CoverSpec
    spec, outcomes = books[language]
    renderer = coverbook.renderer(spec, outcomes, layout, **book)
    return renderer, cover_pdf(renderer, pages, CoverSpec(style=style, colour=colour,
                                                          back_text=BLURB[language]))


def test_the_styles_are_the_spec_s():
    from typing import get_args
    from publisher.render.cover import FRONTS
    from publisher.spec import CoverSpec
    assert set(get_args(CoverSpec.model_fields["style"].annotation)) == set(FRONTS) == set(STYLES)


def test_every_style_passes_the_cover_check_on_every_trim(books):
    from publisher.preflight import check_bytes
    assert {"letter", "a4", "6x9", "large-print"} <= set(LAYOUTS)
    failures = []
    for layout in LAYOUTS:
        for style in STYLES:
            for colour in (True, False):
                renderer, pdf = _cover(books, layout, style, colour)
                report = check_bytes(pdf, f"{layout}-{style}", renderer.layout.page,
                                     cover=True, pages=120, paper="white",
                                     floor=renderer.theme.min_font_size)
                failures += [(layout, style, colour, f.rule, f.message)
                             for f in report.failures()]
                assert {f.rule for f in report.findings} >= {"cover size", "spine",
                                                            "barcode area", "smallest text"}
    assert not failures


def _front_lines(pdf, trim_w, pages=120):
    """The front's text runs grouped into lines (same baseline), top first."""
    front_x = BLEED + trim_w + pages * 0.002252 * IN
    marks = [m for m in page_marks(pdf, 0) if m.kind == "text" and m.bbox[0] >= front_x - 1
             and m.text.strip()]
    rows: dict[float, list] = {}
    for m in marks:
        rows.setdefault(round(m.bbox[1]), []).append(m)
    return [(" ".join(m.text for m in sorted(row, key=lambda m: m.bbox[0])),
             max(m.size for m in row)) for _, row in sorted(rows.items(), reverse=True)]


@pytest.mark.parametrize("style", STYLES)
def test_the_print_6x9_title_and_subtitle_have_no_lone_word(books, style):
    """The example's own title and subtitle: before this, "puzzles" stood alone."""
    import yaml
    example = yaml.safe_load(Path("examples/print-6x9.yaml").read_text("utf-8"))
    _, pdf = _cover(books, "6x9", style, True, title=example["title"],
                    subtitle=example["subtitle"], author=example["author"])
    lines = [text for text, size in _front_lines(pdf, 6 * IN) if size > 12]
    title_and_sub = [line for line in lines
                     if set(line.split()) <= set((example["title"] + " "
                                                  + example["subtitle"]).split())]
    assert " ".join(title_and_sub).split() == (example["title"] + " "
                                               + example["subtitle"]).split()
    assert all(len(line.split()) > 1 for line in title_and_sub), title_and_sub
    widths = [len(line) for line in title_and_sub[-2:]]
    assert min(widths) > max(widths) / 2             # balanced, not one long and one short


def test_the_title_grows_with_the_trim(books):
    sizes = {}
    for layout in ("5x8", "6x9", "letter"):
        _, pdf = _cover(books, layout, "band", True)
        trim_w = {"5x8": 5, "6x9": 6, "letter": 8.5}[layout] * IN
        sizes[layout] = max(size for _, size in _front_lines(pdf, trim_w))
    assert sizes["5x8"] < sizes["6x9"] < sizes["letter"]


@pytest.mark.parametrize("style", STYLES)
def test_spine_text_only_from_80_pages(books, style):
    """KDP: spine text only for more than 79 pages, 0.0625 in clear of each fold."""
    for pages, expect in ((78, False), (80, True), (300, True)):
        _, pdf = _cover(books, "6x9", style, True, pages=pages)
        spine = (BLEED + 6 * IN, BLEED + 6 * IN + pages * 0.002252 * IN)
        on_spine = [m for m in page_marks(pdf, 0) if m.kind == "text"
                    and m.bbox[2] > spine[0] and m.bbox[0] < spine[1]]
        if pages == 80:                               # too thin a spine for the floor
            expect = spine[1] - spine[0] - 2 * 0.0625 * IN >= 7 * 1.3
        assert bool(on_spine) == expect, (pages, on_spine)
        coloured = [m for m in page_marks(pdf, 0) if m.kind == "fill"
                    and m.bbox[0] <= spine[0] + 0.5 and m.bbox[2] >= spine[1] - 0.5
                    and m.bbox[2] - m.bbox[0] < 3 * IN]
        assert coloured                               # the spine's own colour


def _words(text):
    return set(re.findall(r"[^\W\d_]{3,}", text.lower()))


@pytest.mark.parametrize("style", STYLES)
def test_a_spanish_cover_has_no_english(books, style):
    from publisher.ground.catalogue import catalogue
    _, pdf = _cover(books, "6x9", style, True, language="es", title="Pasatiempos",
                    subtitle="Sopas de letras y reinas para toda la familia", author="Ana")
    text = " ".join(m.text for m in page_marks(pdf, 0) if m.kind == "text")
    english = {"puzzle", "puzzles", "word", "search", "queens"}
    assert not _words(text) & english, _words(text) & english
    assert catalogue("es").kind("queens").text("title") in text
    assert "pasatiempos" in text.lower()                      # the count, in Spanish


_COLOUR_OPS = {"rg": 3, "RG": 3, "k": 4, "K": 4, "g": 1, "G": 1, "sc": None, "scn": None}


def _colours(pdf):
    reader = PdfReader(io.BytesIO(pdf))
    found = []
    for op_args, op in reader.pages[0].get_contents().operations:
        name = op.decode()
        if name in _COLOUR_OPS:
            found.append((name, [float(a) for a in op_args if not hasattr(a, "startswith")]))
    return found


@pytest.mark.parametrize("style", STYLES)
def test_greyscale_uses_no_colour_and_colour_does(books, style):
    def grey(name, values):
        if name in ("rg", "RG", "sc", "scn") and len(values) == 3:
            return max(values) - min(values) < 1e-6
        if name in ("k", "K"):
            return max(values[:3]) < 1e-6
        return name in ("g", "G")
    _, pdf = _cover(books, "6x9", style, False)
    assert all(grey(*c) for c in _colours(pdf)), [c for c in _colours(pdf) if not grey(*c)]
    _, pdf = _cover(books, "6x9", style, True)
    assert not all(grey(*c) for c in _colours(pdf))


@pytest.mark.parametrize("style", STYLES)
def test_the_back_has_its_blurb_readable_kinds_counts_and_a_thumbnail(books, style):
    renderer, pdf = _cover(books, "6x9", style, True)
    marks = page_marks(pdf, 0)
    back = [m for m in marks if m.bbox[2] <= BLEED + 6 * IN]
    text = " ".join(m.text for m in back if m.kind == "text")
    assert "Word search: 2" in text and "Queens: 3" in text and "Flow: 1" in text
    assert "6 puzzles" in text
    blurb = [m for m in back if m.kind == "text" and "Puzzles to keep" in m.text]
    assert blurb and blurb[0].size >= 11                       # readable, not 9 pt
    lowest = min(m.bbox[1] for m in back if m.kind == "text")
    assert lowest < 4.5 * IN                                   # the blurb fills the back
    thumb = [m for m in back if m.kind == "stroke" and m.bbox[1] < 2.5 * IN
             and m.bbox[2] < BLEED + 3.5 * IN]
    assert len(thumb) > 5                                      # a grid's lines at lower left


def test_same_bytes_on_a_rebuild(books):
    for style in STYLES:
        assert _cover(books, "a4", style, True)[1] == _cover(books, "a4", style, True)[1]


def test_balanced_lines_leave_no_word_alone():
    """The subtitle that left "puzzles" alone when wrapped greedily."""
    from reportlab.lib.utils import simpleSplit
    from publisher.ground.fonts import balanced_lines, register_fonts
    register_fonts()
    text = "108 word searches, crosswords, Flow and Queens puzzles"
    lonely = [w for w in range(150, 500) if len(simpleSplit(text, "PTSans", 19, w)[-1].split()) == 1]
    assert lonely                                     # greedy wrapping does leave one
    for width in lonely:
        lines = balanced_lines(text, "PTSans", 19, width)
        assert " ".join(lines) == text
        assert len(lines[-1].split()) > 1, (width, lines)
        if width >= 250:              # wide enough for every word to have a neighbour
            assert all(len(line.split()) > 1 for line in lines), (width, lines)
        assert len(lines) <= len(simpleSplit(text, "PTSans", 19, width)) + 1
    assert balanced_lines("Queens", "PTSans", 19, 100) == ["Queens"]


def test_an_unknown_style_is_named_with_the_choices(tmp_path):
    from publisher.errors import SpecError
    from publisher.spec import load_spec
    path = tmp_path / "bad.yaml"
    path.write_text("title: T\ncover: {style: clasic}\nsections:\n  - {kind: queens, size: 6}\n",
                    encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    message = str(caught.value)
    assert "bad.yaml:2" in message and "cover.style" in message
    assert all(style in message for style in STYLES)


@pytest.mark.parametrize("layout, size, back", [("letter", 6, "sudoku"),
                                                 ("large-print", 9, "wordsearch")])
def test_the_back_shows_another_kind_than_the_front_where_one_reads(tmp_path, monkeypatch,
                                                                    layout, size, back):
    """A book whose only cover kind is on the front (a word search) shows another of its
    kinds on the back (it showed the front's again) where that one reads in the thumbnail
    as on a page: a 6x6 Sudoku on Letter does; a 9x9 in large print does not (its digits
    would be under 16 pt): the front's kind then."""
    from publisher.batch import generate_all, make_executor
    from publisher.plan import plan_book
    from publisher.render import cover
    from publisher.spec import CoverSpec, load_spec

    path = tmp_path / "two.yaml"
    path.write_text("title: Two kinds\nseed: 2\nsections:\n"
                    "  - {kind: wordsearch, size: 10, candidates: 1, words: [horse, sheep, goat, barn]}\n"
                    f"  - {{kind: sudoku, size: {size}, difficulty: easy, candidates: 1}}\n",
                    encoding="utf-8")
    spec = load_spec(path)
    outcomes = generate_all(plan_book(spec), spec.book.seed, make_executor(1))
    drawn = []
    real = cover._draw_design
    monkeypatch.setattr(cover, "_draw_design",
                        lambda r, sheet, design, box: (drawn.append(design.job.kind),
                                                       real(r, sheet, design, box)))
    cover.cover_pdf(coverbook.renderer(spec, outcomes, layout), 120,
                    CoverSpec(style="band", colour=False))
    assert drawn == ["wordsearch", back]


@pytest.mark.parametrize("section", ["{kind: sudoku, size: 4, candidates: 1}",
                                     "{kind: maze, size: 6, candidates: 1}"])
@pytest.mark.parametrize("style", ["band", "classic"])
def test_a_book_without_a_cover_kind_shows_its_own_puzzle_on_the_front(tmp_path, monkeypatch,
                                                                        section, style):
    """A Sudoku-only or maze-only book's front showed no puzzle (an empty panel, no
    card): any kind's grid is drawn, bare (no rule, no difficulty), and passes the check."""
    from publisher.batch import generate_all, make_executor
    from publisher.plan import plan_book
    from publisher.preflight import check_bytes
    from publisher.render import cover
    from publisher.spec import CoverSpec, load_spec

    path = tmp_path / "one.yaml"
    path.write_text(f"title: One kind\nseed: 2\nsections:\n  - {section}\n", encoding="utf-8")
    spec = load_spec(path)
    outcomes = generate_all(plan_book(spec), spec.book.seed, make_executor(1))
    drawn = []
    real = cover._draw_design
    monkeypatch.setattr(cover, "_draw_design",
                        lambda r, sheet, design, box: (drawn.append((design.job.kind, box)),
                                                       real(r, sheet, design, box)))
    renderer = coverbook.renderer(spec, outcomes, "6x9")
    pdf = cover.cover_pdf(renderer, 120, CoverSpec(style=style, colour=False))
    kind = outcomes[0].job.kind
    front_x = BLEED + 6 * IN + 120 * 0.002252 * IN
    assert [k for k, box in drawn if box.x > front_x] == [kind]
    front_text = " ".join(m.text for m in page_marks(pdf, 0)
                          if m.kind == "text" and m.bbox[0] > front_x)
    assert re.sub(r"[\d\s]", "", front_text) == "Onekind"     # the title alone: no rule
    report = check_bytes(pdf, "one", renderer.layout.page, cover=True, pages=120,
                         paper="white", floor=renderer.theme.min_font_size)
    assert not report.failures()
