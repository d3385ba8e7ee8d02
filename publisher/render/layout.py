"""Page templates from `layouts/*.yaml` (or a path given in the spec)."""
from __future__ import annotations

import re
from typing import Literal

from pydantic import (BaseModel, ConfigDict, Field, ValidationError, field_validator,
                      model_validator)
from reportlab.lib import pagesizes

from ..data import bundled_names, data_dir
from ..kinds.base import Theme
from ..spec import Spec, line_map, load_yaml, located_error

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
    model_config = ConfigDict(extra="forbid")
    page: tuple[float, float]
    margins: Margins
    font_size: float = Field(default=11, ge=6, le=40)
    title_size: float = Field(default=20, ge=8, le=72)
    answers_per_page: Literal[1, 2, 4, 6] | None = None
    large_print: bool = False
    colour: bool = False

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
    def _room_for_puzzles(self):
        width = self.page[0] - self.margins.inner - self.margins.outer
        height = self.page[1] - self.margins.top - self.margins.bottom
        if width < 144 or height < 216:
            raise ValueError(f"the margins leave {width / 72:.2f} x {height / 72:.2f} in for "
                             "the puzzles; leave at least 2 x 3 in (make the margins smaller)")
        return self

    def theme(self) -> Theme:
        return Theme(font_size=self.font_size, title_size=self.title_size,
                     colour=self.colour, large_print=self.large_print,
                     min_font_size=10.0 if self.large_print else 7.0)


def load_layout(spec: Spec) -> Layout:
    ref = spec.book.layout
    path = spec.path.parent / ref
    if not path.is_file():
        path = data_dir("layouts") / f"{ref}.yaml"
    if not path.is_file():
        raise spec.error(("layout",), f"{ref!r} is neither a layout file beside the spec nor "
                         f"a bundled layout ({', '.join(bundled_names('layouts', ('.yaml',)))})")
    data, root = load_yaml(path)
    try:
        return Layout.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        lines = line_map(root, str(path)) if root is not None else {}
        raise located_error(path, lines, tuple(error["loc"]),
                            error["msg"].removeprefix("Value error, ")) from None
