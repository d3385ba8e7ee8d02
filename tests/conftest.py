import textwrap
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent


def _keep_the_fill_lists_parsed() -> None:
    """publisher/words.py keeps the last 4 fill lists parsed (a build reads one or two);
    a test process reads the eight languages' lists, in two forms each, in every order,
    and parsed them again about a hundred times (0.3 s each). The same lists, kept."""
    from publisher import words
    words._fill_list = lru_cache(maxsize=32)(words._fill_list.__wrapped__)


_keep_the_fill_lists_parsed()

# The eight directions, written here independently of the generator.
EIGHT = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)]


def count_in_grid(grid: list[list[str]], word: str) -> int:
    """How many times `word` can be read in the grid, over all 8 directions: its
    occurrences, forwards and backwards, in every row, column and diagonal (a cell
    holds one letter or more, e.g. Dutch IJ; a letter of `word` matches a whole cell)."""
    if not word:
        return 8 * len(grid) * len(grid[0])
    ahead, back = _cells_text(word), _cells_text(word[::-1])
    total = 0
    for line in _grid_lines(tuple(map(tuple, grid))):
        for pattern in (ahead, back):
            at = line.find(pattern)
            while at >= 0:
                total += 1
                at = line.find(pattern, at + 1)
    return total


def _cells_text(cells) -> str:
    """Cells as text in which a match starts and ends on cell boundaries (NUL before each
    cell and at the end; None, a cell outside a shape, matches no letter)."""
    return "".join("\0" + (cell if isinstance(cell, str) else "\1") for cell in cells) + "\0"


@lru_cache(maxsize=32)
def _grid_lines(grid: tuple) -> list[str]:
    """Every row, column, diagonal and anti-diagonal of the grid, as _cells_text."""
    rows, cols = len(grid), len(grid[0])
    lines = [list(row) for row in grid] + [[row[c] for row in grid] for c in range(cols)]
    for start in range(-(rows - 1), cols):       # c - r, then c + r, constant on a line
        lines.append([grid[r][r + start] for r in range(rows) if 0 <= r + start < cols])
    for total in range(rows + cols - 1):
        lines.append([grid[r][total - r] for r in range(rows) if 0 <= total - r < cols])
    return [_cells_text(line) for line in lines]


# libyaml when PyYAML has it: the bundled clue databases take seconds each in pure Python.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=None)
def read_yaml(path: Path):
    """A YAML file of the repository (a clue database...), parsed once per process:
    callers read it and never change it."""
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=YAML_LOADER)


def example_keeps_its_promises(result, expected_warning: str | None = None) -> dict:
    """What every shipped example's build keeps (test_examples.py; test_desk.py for
    daily.yaml): puzzles and a PDF, no warning but the one expected, no crossword entry
    without a clue, every side file the manifest lists written. Returns the manifest."""
    import json

    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert manifest["puzzles"] and result.pdf.stat().st_size > 0
    assert all(expected_warning and expected_warning in w for w in result.warnings), \
        result.warnings
    for puzzle in manifest["puzzles"]:
        if puzzle["kind"] == "crossword":
            assert all(e["clue"].strip() for e in puzzle["entries"]), puzzle["title"]
        for name in puzzle.get("files", []):
            assert (result.manifest.parent / name).is_file()
    return manifest


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
