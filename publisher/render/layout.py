"""Page templates from `layouts/*.yaml` (or a path given in the spec)."""
from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Callable, Literal

from pydantic import (BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator,
                      model_validator)
from reportlab.lib import pagesizes

from ..data import bundled_names, data_dir
from ..errors import SpecError
from ..ground import printrules
from ..ground.columns import NAMED, column_points
from ..ground.fonts import PT_SANS, BookFonts
from ..ground.files import MAX_LIST_BYTES, excerpt, inside
from ..ground.yamlfile import line_map, load_yaml, located_error
from ..kinds.base import Theme

NAMED_PAGES = {"letter": pagesizes.LETTER, "a4": pagesizes.A4, "a5": pagesizes.A5,
               "legal": pagesizes.LEGAL}
UNITS = {"pt": 1.0, "in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54}


def to_points(value: float | str) -> float:
    """12, "0.5in", "15mm", "1.2cm", "18pt" -> points."""
    if isinstance(value, (int, float)):
        return float(value)
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(pt|in|mm|cm)?\s*", str(value))
    if not match:
        raise ValueError(f"{value!r} is not a length; write e.g. 0.5in, 15mm or 36")
    return float(match.group(1)) * UNITS[match.group(2) or "pt"]


Length = float | str


class Margins(BaseModel):
    model_config = ConfigDict(extra="forbid")
    top: float
    bottom: float
    inner: float     # the gutter side: left on odd (right-hand) pages
    outer: float

    @field_validator("*", mode="before")
    @classmethod
    def _points(cls, value):
        return to_points(value)


class Layout(BaseModel):
    """A page template. These defaults are the only ones: the kinds' Theme is built
    from them (`theme()`), so every size and floor is layout data."""

    model_config = ConfigDict(extra="forbid")
    page: tuple[float, float]
    margins: Margins
    font_size: float = Field(default=11, ge=6, le=40)
    title_size: float = Field(default=20, ge=8, le=72)
    line_width: float = Field(default=0.6, ge=0.25, le=4)
    min_font_size: float = Field(default=7, ge=4, le=40, description="the legibility floor")
    min_answer_font_size: float = Field(default=7, ge=3, le=40,
                                        description="the floor in answer keys")
    min_line_width: float = Field(default=printrules.MIN_LINE_WIDTH, ge=0.1, le=4,
                                  description="the thinnest line drawn")
    scale: float = Field(default=1.0, ge=0.5, le=3, description="large print grows grids by this")
    min_writing_cell: float = Field(default=0.30 * 72, ge=0, le=144,
                                    description="the smallest cell a solver writes in "
                                    "(0.30 in: a pencil's digit; trims of 6 in or less: 0.26 in)")
    min_digit_size: float = Field(default=12, ge=4, le=40,
                                  description="the least size of a digit a solver reads in "
                                  "or beside a cell on a puzzle page (givens, edge clues)")
    answers_per_page: int | None = None            # one of page_grids
    # Puzzles per page -> (columns, rows) of the page's grid of boxes.
    page_grids: dict[int, tuple[int, int]] = Field(
        default_factory=lambda: {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 8: (2, 4),
                                 9: (3, 3), 12: (3, 4)})
    large_print: bool = False
    colour: bool = False
    gutter: Literal["auto", "fixed"] = Field(
        default="auto", description="auto: the inside margin grows with the page count")
    column_width: float = Field(default=NAMED["2col"], description="desk files (split): "
                                "1col, 2col (3.9in), 3col, 4col or a length")
    _fonts: BookFonts = PrivateAttr(default=PT_SANS)      # the spec's, not the layout file's

    @field_validator("min_writing_cell", mode="before")
    @classmethod
    def _cell_points(cls, value):
        return to_points(value)

    @field_validator("column_width", mode="before")
    @classmethod
    def _column_points(cls, value):
        return column_points(value)

    @field_validator("page", mode="before")
    @classmethod
    def _page(cls, value):
        if isinstance(value, str):
            if value.lower() not in NAMED_PAGES:
                raise ValueError(f"unknown page size {value!r}; use one of "
                                 f"{', '.join(NAMED_PAGES)} or [width, height]")
            return NAMED_PAGES[value.lower()]
        if isinstance(value, (list, tuple)) and len(value) == 2:
            width, height = (to_points(v) for v in value)
            if not (144 <= width <= 2000 and 144 <= height <= 2000):
                raise ValueError("page sides must be between 2in and about 27in")
            return width, height
        raise ValueError("write a page size name (letter, a4) or [width, height]")

    @model_validator(mode="after")
    def _answers_fit_a_grid(self):
        if self.answers_per_page is not None and self.answers_per_page not in self.page_grids:
            raise ValueError(f"answers_per_page: {self.answers_per_page} is not one of the "
                             f"page_grids ({', '.join(map(str, sorted(self.page_grids)))})")
        return self

    @model_validator(mode="after")
    def _room_for_puzzles(self):
        width = self.page[0] - self.margins.inner - self.margins.outer
        height = self.page[1] - self.margins.top - self.margins.bottom
        if width < 144 or height < 216:
            raise ValueError(f"the margins leave {width / 72:.2f} x {height / 72:.2f} in for "
                             "the puzzles; leave at least 2 x 3 in (make the margins smaller)")
        return self

    def for_print(self, pages: int, bleed: bool) -> "Layout":
        """This layout with the margins a printed book of `pages` pages needs: the
        gutter by page count (never below `inner`) and the outside margins' minimum."""
        m, outside = self.margins, printrules.OUTSIDE_MARGIN[bleed]
        inner = max(m.inner, printrules.gutter_for(pages)) if self.gutter == "auto" else m.inner
        margins = Margins(top=max(m.top, outside), bottom=max(m.bottom, outside),
                          inner=inner, outer=max(m.outer, outside))
        return self.model_copy(update={"margins": margins})

    def with_fonts(self, fonts: BookFonts) -> "Layout":
        """This layout printing in `fonts` (the spec's `fonts:`, registered)."""
        copy = self.model_copy()
        copy._fonts = fonts
        return copy

    def theme(self) -> Theme:
        f = self._fonts
        # bold and easy: every cell letter bold, grid lines half as heavy again
        grid = f.grid_bold if f.bold_grid else f.grid
        return Theme(font=f.text, font_bold=f.bold, font_italic=f.italic,
                     grid_font=grid, grid_font_bold=f.grid_bold,
                     font_size=self.font_size, title_size=self.title_size,
                     line_width=self.line_width * (1.5 if f.bold_grid else 1.0),
                     colour=self.colour,
                     large_print=self.large_print, scale=self.scale,
                     min_font_size=self.min_font_size,
                     min_answer_font_size=self.min_answer_font_size,
                     min_line_width=self.min_line_width,
                     min_writing_cell=self.min_writing_cell,
                     min_digit_size=self.min_digit_size)


def find_layout(ref: str, spec_dir: Path) -> Path | None:
    """A layout file beside the spec, else a bundled layout by name."""
    if (spec_dir / ref).is_file():
        return spec_dir / ref
    bundled = data_dir("layouts") / f"{ref}.yaml"
    return bundled if bundled.is_file() and inside(data_dir("layouts"), f"{ref}.yaml") else None


def bundled_layouts() -> list[str]:
    return bundled_names("layouts", (".yaml",))


def default_layout() -> Layout:
    """The bundled `letter` layout (tests and tools that draw without a spec)."""
    return load_layout_file(data_dir("layouts") / "letter.yaml")


def load_layout(ref: str, spec_dir: Path, not_found: Callable[[str], SpecError],
                anywhere: bool = False) -> Layout:
    """The layout `ref`: a file inside the spec's folder (anywhere with `anywhere`,
    the --allow-paths option), else a bundled one."""
    beside = spec_dir / ref
    if beside.exists() and not beside.is_dir():     # a FIFO too: refused when read
        if not (anywhere or inside(spec_dir, ref)):
            raise not_found(f"{excerpt(ref)} is outside the spec's folder ({spec_dir}); "
                            "layouts are read from that folder only, unless you pass "
                            "--allow-paths")
        try:
            return load_layout_file(beside)
        except SpecError as exc:
            if exc.line is not None:
                raise
            raise not_found(f"{beside}: {exc.detail}") from None   # at the spec's line
    path = find_layout(ref, spec_dir)
    if path is None:
        names = bundled_layouts()
        close = ([n for n in names if n.casefold() == ref.casefold()]
                 or difflib.get_close_matches(ref.casefold(), names, n=1))
        hint = f"; did you mean `layout: {close[0]}`?" if close else ""
        raise not_found(f"{excerpt(ref)} is neither a layout file beside the spec nor "
                        f"a bundled layout ({', '.join(names)}){hint}")
    return load_layout_file(path)


def load_layout_file(path: Path) -> Layout:
    data, root = load_yaml(path, MAX_LIST_BYTES)
    try:
        return Layout.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        lines = line_map(root, str(path))
        message = error["msg"].removeprefix("Value error, ")
        if error["type"] == "missing":
            message = (f"is required; add `{error['loc'][-1]}:` with a length, e.g. 0.5in "
                       "or 12mm" if error["loc"][:1] == ("margins",) else "is required; add it")
        raise located_error(path, lines, tuple(error["loc"]), message) from None
