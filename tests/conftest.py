import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The eight directions, written here independently of the generator.
EIGHT = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)]


def count_in_grid(grid: list[list[str]], word: str) -> int:
    """How many times `word` can be read in the grid, over all 8 directions."""
    rows, cols, total = len(grid), len(grid[0]), 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in EIGHT:
                for k, letter in enumerate(word):
                    rr, cc = r + k * dr, c + k * dc
                    if not (0 <= rr < rows and 0 <= cc < cols) or grid[rr][cc] != letter:
                        break
                else:
                    total += 1
    return total


def draw_context(kind, colour: bool = False, language: str = "en", layout: str = "letter"):
    """The DrawContext the book gives `kind`: a bundled layout's theme and the kind's
    words in `language`."""
    from dataclasses import replace

    from publisher.ground.catalogue import catalogue
    from publisher.kinds.base import DrawContext
    from publisher.render.layout import find_layout, load_layout_file

    theme = load_layout_file(find_layout(layout, ROOT)).theme()
    return DrawContext(replace(theme, colour=colour), catalogue(language).kind(kind.name))


def draw_kind(kind, board, colour: bool = False, language: str = "en"):
    """Draw a puzzle (page 1) and its solution (page 2) as the book would; return
    the PDF's reader and the names of the fonts it uses."""
    import io

    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from publisher.kinds.base import Box
    from publisher.ground.fonts import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName="PTSans")
    ctx = draw_context(kind, colour, language)
    kind.draw_puzzle(canvas, board, Box(54, 54, 504, 620), ctx)
    canvas.showPage()
    kind.draw_solution(canvas, board, Box(54, 400, 120, 120), ctx)
    canvas.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    fonts = {str(font.get_object()["/BaseFont"]) for page in reader.pages
             for font in page.get("/Resources", {}).get("/Font", {}).values()}
    return reader, fonts


class FakeCtx:
    """A PlanContext for kinds that take no words: errors become ValueError("field: ...")."""
    spec_dir = Path(".")
    language = "en"
    dates = None

    def __init__(self, kind: str = "queens"):
        from publisher.ground.catalogue import catalogue
        self.text = catalogue(self.language).kind(kind)
        self.notes: list[str] = []

    def error(self, field, message):
        return ValueError(f"{field}: {message}")

    def note(self, message):
        self.notes.append(message)

    def titles(self, title, count):
        base = title or self.text.text("title")
        return [f"{base} {i + 1}" for i in range(count)] if count > 1 else [base]


@pytest.fixture
def write_spec(tmp_path):
    """Write a spec (and files beside it) into tmp_path; returns the spec path."""
    def write(text: str, name: str = "book.yaml", **files: str) -> Path:
        for file_name, content in files.items():
            (tmp_path / file_name.replace("__", ".")).write_text(
                textwrap.dedent(content), encoding="utf-8")
        path = tmp_path / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path
    return write


def spec_error(tmp_path, section: dict, **book) -> str:
    """The one-paragraph error the spec loader gives for a book with this one section."""
    import yaml

    from publisher.errors import SpecError
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"title": "T", **book, "sections": [section]},
                                   allow_unicode=True), encoding="utf-8")
    with pytest.raises(SpecError) as err:
        plan_book(load_spec(path))
    return str(err.value)
