"""The cover's and the title page's title (user trial): a long title wraps whole, at a
readable size, and never overprints the subtitle. Read back with tests/pdfmarks.py."""
import pytest

from conftest import ROOT
from pdfmarks import page_marks

IN = 72.0
LONG = ("The Enormous Collected Edition of Gentle Word Searches, Sudoku and Mazes for "
        "Quiet Evenings by the Fire")        # 110 characters
LARGE_PRINT = {"page": (6 * IN, 9 * IN), "font_size": 16, "title_size": 22,
               "min_font_size": 16, "min_answer_font_size": 16, "large_print": True}


def _renderer(title, subtitle, layout_update, author="Jane Self"):
    from publisher.render.book import BookRenderer
    from publisher.render.layout import default_layout
    from publisher.spec import book_model
    spec = book_model().model_validate({"title": title, "subtitle": subtitle,
                                        "author": author,
                                        "sections": [{"kind": "queens", "size": 6}]})
    return BookRenderer(spec, default_layout().model_copy(update=layout_update), [])


def _overlaps(a, b, slack=0.01):
    return (a.bbox[0] < b.bbox[2] - slack and b.bbox[0] < a.bbox[2] - slack
            and a.bbox[1] < b.bbox[3] - slack and b.bbox[1] < a.bbox[3] - slack)


def _check_block(marks, title, subtitle, floor):
    """Every title word present in order, the subtitle whole, no two lines overlapping,
    nothing under the floor, no ellipsis."""
    words = title.split() + subtitle.split()
    block = [m for m in marks if m.kind == "text" and m.text.strip()
             and set(m.text.split()) <= set(words)]
    read = " ".join(m.text for m in block).split()
    assert read == words, read
    assert not any("…" in m.text for m in block)
    for i, a in enumerate(block):
        assert a.size >= floor - 0.01, (a.text, a.size)
        for b in block[i + 1:]:
            assert not _overlaps(a, b), (a.text, a.bbox, b.text, b.bbox)
    return block


@pytest.mark.parametrize("title,update", [
    ("Big Print Puzzle Mix", LARGE_PRINT),
    (LONG, {"page": (6 * IN, 9 * IN)}),
    (LONG, LARGE_PRINT),
    (LONG + " and " + LONG[:85], LARGE_PRINT),  # 200 characters: taller than the band
])
def test_cover_title_wraps_whole_above_the_subtitle(title, update):
    from publisher.render.cover import cover_pdf
    from publisher.spec import CoverSpec
    renderer = _renderer(title, "110 puzzles in large print", update)
    pdf = cover_pdf(renderer, 120, CoverSpec(paper="white"))
    front_x = 0.125 * IN + 6 * IN + 120 * 0.002252 * IN
    marks = [m for m in page_marks(pdf, 0) if m.bbox[0] >= front_x - 1]
    block = _check_block(marks, title, "110 puzzles in large print", renderer.theme.min_font_size)
    author = [m for m in marks if m.kind == "text" and m.text == "Jane Self"]
    assert author and not any(_overlaps(author[0], m) for m in block)


@pytest.mark.parametrize("update", [{"page": (6 * IN, 9 * IN)}, LARGE_PRINT])
def test_title_page_wraps_a_long_title_whole_at_a_readable_size(update):
    import io
    from reportlab.pdfgen.canvas import Canvas
    from publisher.kinds.base import Box
    from publisher.render.frontmatter import title_page
    renderer = _renderer(LONG, "A subtitle", update)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(6 * IN, 9 * IN), invariant=1)
    title_page(renderer, canvas, Box(0.5 * IN, 0.5 * IN, 5 * IN, 8 * IN), None)
    canvas.showPage()
    canvas.save()
    marks = page_marks(buffer.getvalue(), 0)
    floor = max(renderer.theme.min_font_size, renderer.theme.title_size)
    block = _check_block(marks, LONG, "A subtitle", floor)
    assert len(block) <= 5           # the title in at most four lines, then the subtitle


AUTHOR = "Editions of Puzzles and Problems named for Konstantin Konstantinopolsky"


@pytest.mark.parametrize("style", ["band", "letters", "classic"])
def test_a_long_author_takes_two_lines_on_the_cover_not_an_ellipsis(style):
    """Review 4, item 5: the name was cut with "…" on one line, without a word."""
    from publisher.render.cover import cover_pdf
    from publisher.spec import CoverSpec
    renderer = _renderer("Winter", "Quiet evenings", {"page": (6 * IN, 9 * IN)}, author=AUTHOR)
    pdf = cover_pdf(renderer, 120, CoverSpec(paper="white", style=style))
    front_x = 0.125 * IN + 6 * IN + 120 * 0.002252 * IN
    lines = sorted((m for m in page_marks(pdf, 0) if m.kind == "text"
                    and m.bbox[0] >= front_x - 1 and set(m.text.split()) <= set(AUTHOR.split())),
                   key=lambda m: -m.bbox[1])
    assert " ".join(m.text for m in lines) == AUTHOR and len(lines) == 2
    assert lines[0].size == lines[1].size >= renderer.theme.min_font_size
    assert not _overlaps(lines[0], lines[1])
    assert renderer.warnings == []


def test_an_author_two_lines_cannot_hold_is_cut_with_a_warning():
    from publisher.render.cover import cover_pdf
    from publisher.spec import CoverSpec
    author = "Konstantinopolskoyevich" * 6
    renderer = _renderer("Puzzles", "For winter", {"page": (6 * IN, 9 * IN)}, author=author)
    cover_pdf(renderer, 120, CoverSpec(paper="white"))
    assert len(renderer.warnings) == 1 and "shorten `author:`" in renderer.warnings[0]


def test_the_spine_drops_the_author_before_it_cuts_the_title_and_warns_when_it_must():
    from publisher.render.cover import cover_pdf
    from publisher.spec import CoverSpec
    renderer = _renderer(LONG, "", {"page": (6 * IN, 9 * IN)}, author=f"{AUTHOR} and {AUTHOR}")
    pdf = cover_pdf(renderer, 800, CoverSpec(paper="white"))
    texts = [m.text for m in page_marks(pdf, 0) if m.kind == "text"]
    assert LONG in texts and not any("…" in text for text in texts)
    assert renderer.warnings == []
    renderer = _renderer(LONG + " " + LONG, "", {"page": (6 * IN, 9 * IN)})
    cover_pdf(renderer, 800, CoverSpec(paper="white"))
    assert len(renderer.warnings) == 1 and "shorten `title:`" in renderer.warnings[0]


COMPOUND = "Donaudampfschifffahrtsgesellschaftskapitänsrätselbuch"     # 53 letters, one word


def _seen(text):
    """`text` as tests/pdfmarks.py reads it (a letter outside ASCII as \x01)."""
    return "".join(c if c.isascii() else "\x01" for c in text)


def _title_lines(marks, floor):
    """The title's lines read back: pieces that join (hyphens dropped) into COMPOUND."""
    lines = [m for m in marks if m.kind == "text" and m.text.rstrip("-") in _seen(COMPOUND)
             and len(m.text) > 2]
    assert "".join(m.text.removesuffix("-") for m in lines) == _seen(COMPOUND)
    assert all(m.text.endswith("-") for m in lines[:-1]) and len(lines) > 1
    assert all(m.size >= floor - 0.01 for m in lines), [(m.text, m.size) for m in lines]


@pytest.mark.parametrize("style", ["band", "letters", "classic"])
def test_a_one_word_title_too_wide_is_hyphenated_at_the_title_size_on_the_cover(style):
    """Review 6, item 4: it was shrunk under the title size on the cover and cut with "…"
    on the title page: now broken over lines with a hyphen, at the title size or more."""
    from publisher.render.cover import cover_pdf
    from publisher.spec import CoverSpec
    renderer = _renderer(COMPOUND, "Kreuzworträtsel", {"page": (5 * IN, 8 * IN)})
    pdf = cover_pdf(renderer, 120, CoverSpec(paper="white", style=style))
    front_x = 0.125 * IN + 5 * IN + 120 * 0.002252 * IN
    _title_lines([m for m in page_marks(pdf, 0) if m.bbox[0] >= front_x - 1],
                 renderer.theme.title_size)
    assert renderer.warnings == []


def test_a_one_word_title_too_wide_is_hyphenated_on_the_title_page():
    import io
    from reportlab.pdfgen.canvas import Canvas
    from publisher.kinds.base import Box
    from publisher.render.frontmatter import title_page
    renderer = _renderer(COMPOUND, "Kreuzworträtsel", {"page": (5 * IN, 8 * IN)})
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(5 * IN, 8 * IN), invariant=1)
    title_page(renderer, canvas, Box(0.5 * IN, 0.5 * IN, 4 * IN, 7 * IN), None)
    canvas.showPage()
    canvas.save()
    marks = page_marks(buffer.getvalue(), 0)
    _title_lines(marks, renderer.theme.title_size)
    subtitle = next(m for m in marks if m.text == _seen("Kreuzworträtsel"))
    assert all(m.size > subtitle.size for m in marks
               if m.text.rstrip("-") in _seen(COMPOUND) and len(m.text) > 2)


def test_hyphenated_breaks_only_words_wider_than_the_line():
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from publisher.ground.fonts import PT_SANS, hyphenated, register_fonts
    register_fonts()
    font = PT_SANS.bold
    wrap = hyphenated(simpleSplit)
    assert wrap("Ein Rätselbuch", font, 20, 400) == ["Ein Rätselbuch"]
    lines = wrap("Großmann-Überschär-Donaudampfschiff", font, 20, 200)
    assert all(stringWidth(line, font, 20) <= 200 for line in lines)
    assert "".join(lines).replace("-", "") == "GroßmannÜberschärDonaudampfschiff"
    assert lines[0] in ("Großmann-", "Großmann-Überschär-")     # after its own hyphen


@pytest.mark.parametrize("title", ["The Big Puzzle Book",
                                   "The Big Book of Word Searches and Crosswords Anyone Can Do"])
def test_the_title_page_sets_title_and_subtitle_in_balanced_lines(title):
    """As on the cover, no line of the title or the subtitle holds one word alone (the
    6x9 example's subtitle left "puzzles" alone on its second line)."""
    import io
    from reportlab.pdfgen.canvas import Canvas
    from publisher.render.book import BookRenderer
    from publisher.render.frontmatter import title_page
    from publisher.render.layout import load_layout
    from publisher.render.pagination import body_box
    from publisher.spec import book_model
    subtitle = "108 word searches, crosswords, Flow and Queens puzzles"
    layout = load_layout("6x9", ROOT, lambda message: pytest.fail(message))
    spec = book_model().model_validate({"title": title, "subtitle": subtitle,
                                        "sections": [{"kind": "queens", "size": 6}]})
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=layout.page, invariant=1)
    title_page(BookRenderer(spec, layout, []), canvas, body_box(layout, 1), None)
    canvas.showPage()
    canvas.save()
    lines = [m.text.split() for m in page_marks(buffer.getvalue(), 0)
             if m.kind == "text" and m.text.strip()]
    assert [word for line in lines for word in line] == title.split() + subtitle.split()
    assert len(lines) > 2 and all(len(line) > 1 for line in lines), lines
