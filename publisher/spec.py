"""The book spec: YAML loaded with line numbers, validated by pydantic models.

Every error becomes a SpecError naming the file, the line and the field."""
from __future__ import annotations

from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cache
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import yaml
from pydantic import (BaseModel, ConfigDict, Field, ValidationError, create_model,
                      field_validator, model_validator)

from .errors import SpecError
from .ground.columns import column_points
from .ground.files import excerpt
from .ground.fonts import PT_SANS, BookFonts
from .ground.images import ImageProblem, read_image
from .ground.yamlfile import child, format_path, line_map, load_yaml, located_error
from .kinds import all_kinds, find_kind, get_kind
from .kinds.base import Language, SectionBase
from .ground.schedule import Schedule


NOT_PRINTED = "a worksheet has no cover and no bleed (it is photocopied)"

# A cover's background image: a whole 8.5 x 11 in spread at 300 dpi is 18 million pixels.
MAX_COVER_PIXELS = 50_000_000


class CoverSpec(BaseModel):
    """`cover:` keys (`cover: true` takes every default)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    paper: Literal["white", "cream", "standard-color", "premium-color"] = "white"
    style: Literal["band", "letters", "classic"] = Field(
        default="band", description="band: a title band over a faded puzzle; letters: the "
        "book's own letters over the whole front; classic: a framed puzzle-book front")
    back_text: str | None = Field(default=None, description="the blurb on the back cover")
    colour: bool = False
    image: str | None = Field(default=None, description="a background image beside the spec")


class FontsSpec(BaseModel):
    """`fonts:` keys: TrueType files beside the spec, or installed fonts by file name."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    text: str | None = Field(default=None, description="running text (default PT Sans)")
    text_bold: str | None = Field(default=None, description="headings and numbers (default: "
                                  "`text`'s own file when `text` is given)")
    text_italic: str | None = Field(default=None, description="hints (default: `text`)")
    grid: str | None = Field(default=None, description="letters and digits in grid cells "
                             "(default: the text fonts)")
    grid_bold: str | None = Field(default=None, description="given letters and answers "
                                  "(default: `grid`)")
    bold_grid: bool = Field(default=False, description="bold and easy: every cell letter in "
                            "the bold grid font and heavier grid lines (large print)")


class BookBase(BaseModel):
    # `copyright: 2025` is text, and "  " is no title.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True,
                              coerce_numbers_to_str=True)

    title: str = Field(min_length=1)
    subtitle: str | None = None
    author: str | None = None
    copyright: str | None = None
    layout: str = "letter"
    seed: int = 0
    language: Language = "en"
    accents: Literal["keep", "strip"] | None = None
    fonts: FontsSpec | None = None
    # The grid form's options (docs/spec.md "Grid forms"): a book's value applies to the
    # sections whose language has umlauts / cell units; a section may say its own.
    umlauts: Literal["expand", "keep"] | None = None
    ij: Literal["one", "two"] | None = None
    # The kinds' section models, joined into one tagged union by `book_model`.
    sections: list[SectionBase] = Field(min_length=1)
    answer_key: bool | Literal["back", "separate"] = Field(
        default=True, description="true/back: at the back; separate: its own PDF; false: none")
    # Desk files (publisher/render/split.py): cropped puzzle and solution per puzzle.
    split: bool = Field(default=False, description="<stem>.pdf and <stem>-solution.pdf "
                        "per puzzle in <name>/, cropped to the puzzle at column_width")
    split_title: bool = Field(default=True, description="the puzzle's title above it")
    svg: bool = Field(default=False, description="with split: also <stem>.svg and "
                      "<stem>-solution.svg")
    column_width: float | None = Field(default=None, description="desk files' width: 1col, "
                                       "2col (3.9in), 3col, 4col or a length; default the "
                                       "layout's")
    book: bool = Field(default=True, description="false: no book PDF (desk files only)")
    # The web edition (publisher/render/web/): a playable page per puzzle.
    web: bool = Field(default=False, description="<name>/web/<stem>.html per puzzle, "
                      "playable offline, and <name>/web/index.html linking them")
    # Classroom worksheets (issue 11): publisher/render/worksheet.py.
    document: Literal["book", "worksheet"] = Field(
        default="book", description="worksheet: one page per puzzle (or two), name and date "
        "lines, equal margins, the answers in <name>-answers.pdf")
    copies: int | None = Field(default=None, ge=1, le=100,
                               description="versions of every puzzle (a section's own wins)")
    # Print-on-demand (issue 10): front matter, page rules, bleed and the cover.
    print: bool = Field(default=True, description="a printable book: front matter, 24+ "
                        "pages, even count, checked; false: just the puzzle pages")
    isbn: str | None = None
    edition: str | None = None
    publisher: str | None = None
    keywords: list[str] | str | None = None
    introduction: str | None = None
    how_to_play: bool = Field(default=True, description="a How to play page per kind")
    padding: Literal["notes", "blank", "more"] = Field(
        default="notes", description="pages added to reach 24: notes (ruled), blank, or "
        "more (a \"More puzzles\" page, then notes)")
    section_openers: bool = Field(default=False, description="a right-hand opener page "
                                  "before each section, its band running into the bleed")
    bleed: bool = False
    cover: bool | CoverSpec = False
    # Desk keys (docs/spec.md, "Dated runs, history, clusters").
    executor: Literal["local", "dask"] = Field(
        default="local", description="local: a process pool; dask: the cluster at `scheduler`")
    scheduler: str | None = Field(default=None, description="tcp://HOST:8786 for executor: dask")
    schedule: Schedule | None = None
    files: str = Field(default="{id}", min_length=1,
                       description='side-file stem, e.g. "{date:%Y-%m-%d}-{kind}"')
    history: str | None = Field(default=None, description="SQLite file beside the spec")
    repeat_window_days: int = Field(default=60, ge=0, le=36_500)

    @field_validator("column_width", mode="before")
    @classmethod
    def _column_points(cls, value):
        return None if value is None else column_points(value)

    @field_validator("bleed", "cover")
    @classmethod
    def _worksheet_is_not_printed_as_a_book(cls, value, info):
        # a field's own check, so that the error names its line
        if info.data.get("document") == "worksheet" and value is not False:
            raise ValueError(f"{NOT_PRINTED}; remove `{info.field_name}`, or make it "
                             "`document: book`")
        return value

    @property
    def cover_spec(self) -> CoverSpec | None:
        if self.cover is False:
            return None
        return CoverSpec() if self.cover is True else self.cover

    @property
    def worksheet(self) -> bool:
        return self.document == "worksheet"

    @property
    def answers_where(self) -> str:
        """"back", "separate" or "none" (a worksheet's answers are always separate)."""
        if self.answer_key is False:
            return "none"
        if self.worksheet:
            return "separate"
        return "back" if self.answer_key is True else self.answer_key


@cache
def book_model(kind_names: tuple[str, ...] | None = None) -> type[BookBase]:
    """The spec's model; with `kind_names` (all known), only those kinds' sections (a
    spec naming only them validates, and fails, the same way: the tag picks the model)."""
    if kind_names is None:
        models = [kind.section_model for kind in all_kinds().values()]
        section = (Annotated[Union[tuple(models)], Field(discriminator="kind")]
                   if len(models) > 1 else models[0])
    else:
        models = [get_kind(name).section_model for name in kind_names]
        section = Annotated[Union[tuple(models)], Field(discriminator="kind")]
    return create_model("BookSpec", __base__=BookBase,
                        sections=(list[section], Field(min_length=1)))  # type: ignore[valid-type]  # a union of the kinds found at run time


@dataclass
class Spec:
    book: BookBase
    path: Path
    lines: dict[tuple, int]      # YAML path -> line number
    root: yaml.Node | None = None
    read_anywhere: bool = False  # --allow-paths: files named by the spec may be anywhere
    inputs: list[Path] = field(default_factory=list)   # files read: never overwritten
    fonts: BookFonts = PT_SANS   # the spec's `fonts:`, registered (printable.book_fonts)
    notes: list[str] = field(default_factory=list)     # what the plan chose on its own

    def node(self, path: tuple) -> yaml.Node | None:
        """The YAML node at `path` (inline word lists keep their line numbers)."""
        node = self.root
        for part in path:
            node = child(node, part, str(self.path))
        return node

    @property
    def name(self) -> str:
        return self.path.stem

    def error(self, path: tuple, message: str) -> SpecError:
        return located_error(self.path, self.lines, path, message)

    def refuse_print_flags(self, cover: bool | None, bleed: bool | None) -> None:
        """--cover and --bleed on a worksheet, refused as its spec's `cover:` and `bleed:`."""
        flags = [flag for flag, given in (("--cover", cover), ("--bleed", bleed)) if given]
        if flags and self.book.worksheet:
            raise self.error(("document",), f"{NOT_PRINTED}; remove {' and '.join(flags)}, "
                             "or make it `document: book`")

    def section_key(self, index: int, key: str | None) -> tuple:
        """The path of section `index`, or of its `key` (`copies`): the section's own, else
        the book's when the book sets it."""
        section = ("sections", index)
        if key is None or getattr(self.book.sections[index], key, None) is not None:
            return section if key is None else (*section, key)
        return (key,) if getattr(self.book, key, None) is not None else section

    def check_cover_image(self) -> None:
        """A cover image that is no image, or too large, refused at its line at once."""
        cover = self.book.cover_spec
        if cover and cover.image:
            try:
                read_image(self.path.parent / cover.image, MAX_COVER_PIXELS)
            except ImageProblem as exc:
                fix = exc.fix or "give a PNG or JPEG image beside the spec, or remove `image:`"
                raise self.error(("cover", "image"), f"{exc}; {fix}") from None


def load_spec(path: str | Path) -> Spec:
    path = Path(path)
    data, root = load_yaml(path)
    lines = line_map(root, str(path))
    if not isinstance(data, dict):
        raise SpecError("a book spec is a YAML mapping with at least `title` and `sections`",
                        file=str(path), line=1)
    _count_from_schedule(data)
    model = book_model(_named_kinds(data))
    try:
        book = model.model_validate(data)
    except ValidationError as exc:
        raise _spec_error(exc, data, path, lines, model) from None
    spec = Spec(book=book, path=path, lines=lines, root=root)
    spec.check_cover_image()            # a file it names, read as it is read
    return spec


def _named_kinds(data: dict) -> tuple[str, ...] | None:
    """The kinds the sections name, when every section names a known one (None: the
    model of every kind, whose errors list them all)."""
    sections = data.get("sections")
    if not isinstance(sections, list) or not sections:
        return None
    names = [section.get("kind") if isinstance(section, dict) else None for section in sections]
    if not all(isinstance(name, str) and find_kind(name) is not None for name in names):
        return None
    return tuple(sorted({str(name) for name in names}))


def _count_from_schedule(data: dict) -> None:
    """A scheduled section without `count` or `puzzles` makes one puzzle per day (and
    per_day): its count is filled in before validation (plan_book applies --days)."""
    top, sections = data.get("schedule"), data.get("sections")
    for section in sections if isinstance(sections, list) else []:
        if not isinstance(section, dict) or "count" in section or "puzzles" in section:
            continue
        schedule = section.get("schedule", top)
        kind = find_kind(section.get("kind"))
        if not isinstance(schedule, dict) or kind is None:
            continue
        days, per_day = schedule.get("days", 1), schedule.get("per_day", 1)
        if (type(days) is int and type(per_day) is int and days > 0 and per_day > 0
                and "count" in kind.section_model.model_fields):
            section["count"] = days * per_day


def _spec_error(exc: ValidationError, data, path: Path, lines,
                model: type[BaseModel]) -> SpecError:
    errors = exc.errors()
    first = errors[0]
    loc = _data_path(first["loc"], data)
    # A misspelt key also shows as a missing one (`clus:` for `clues:`) or as a value of
    # the wrong type (`cover: {papr: cream}` is no `true`): the unknown key says what to do.
    where = loc[:-1] if first["type"] == "missing" else loc
    misspelt = [e for e in errors if e["type"] == "extra_forbidden"
                and _data_path(e["loc"], data)[:-1] == where]
    # A value wrong inside a mapping also fails the union's other member at the mapping
    # (`cover: {style: clasic}` is no `true`): the deeper error says what is wrong.
    deeper = [e for e in errors if len(_data_path(e["loc"], data)) > len(loc)
              and _data_path(e["loc"], data)[:len(loc)] == loc]
    if misspelt or deeper:
        first = (misspelt or deeper)[0]
        loc = _data_path(first["loc"], data)
    message = _describe(first, loc, data)
    if first["type"] == "extra_forbidden":
        models = _models_at(model, first["loc"][:-1])
        # a kind's section model may say why it refuses a key (`not_keys`, a ClassVar)
        why = [text for m in models if (text := getattr(m, "not_keys", {}).get(str(loc[-1])))]
        message = (why[0] if why else message + _did_you_mean(
            str(first["loc"][-1]), sorted({key for m in models for key in m.model_fields})))
    others = {format_path(_data_path(e["loc"], data)) for e in errors[1:]} - {format_path(loc)}
    if others:
        message += f" (also check: {', '.join(sorted(others)[:3])})"
    return located_error(path, lines, loc, message)


def _did_you_mean(key: str, keys: list[str]) -> str:
    near = get_close_matches(key, keys, n=1, cutoff=0.6)
    return f"; did you mean `{near[0]}`?" if near else ""


def _models_at(model: type[BaseModel], loc: tuple) -> list[type[BaseModel]]:
    """The models of the spec at a pydantic error location: fields by name, list items by
    index, a section's model by its `kind` tag; union members' names in the location
    (`CoverSpec`) leave the place unchanged."""
    here: list[Any] = [model]
    for part in loc:
        options = [t for tp in here for t in _members(tp)]
        models = [t for t in options if isinstance(t, type) and issubclass(t, BaseModel)]
        if isinstance(part, int):
            here = [get_args(t)[0] for t in options if get_origin(t) is list]
        elif any(part in m.model_fields for m in models):
            here = [m.model_fields[part].annotation for m in models if part in m.model_fields]
        else:
            tagged = [m for m in models if "kind" in m.model_fields
                      and part in get_args(m.model_fields["kind"].annotation)]
            here = tagged or here
    return list(dict.fromkeys(t for tp in here for t in _members(tp)
                              if isinstance(t, type) and issubclass(t, BaseModel)))


def _members(tp: Any) -> list[Any]:
    """A type with Annotated and unions (Optional too) unwrapped into its members."""
    if get_origin(tp) is Annotated:
        return _members(get_args(tp)[0])
    if get_origin(tp) in (Union, UnionType):
        return [t for arg in get_args(tp) for t in _members(arg)]
    return [tp]


# What to write for a key left empty (`title:` with nothing after it).
EMPTY_EXAMPLES = {"title": "the book's title (title: My Puzzle Book)",
                  "layout": "a layout (layout: letter, or a layout file beside the spec)",
                  "files": "a file-name pattern (files: \"{id}\")"}

_TYPE_TAGS = {"int", "str", "float", "bool", "list", "tuple", "dict", "none"}


def _data_path(loc: tuple, data) -> tuple:
    """Keep the parts of a pydantic location that exist in the data, dropping
    union tags and type names (`CoverSpec`); a missing or unknown key ends the path."""
    path, node = [], data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif (isinstance(node, dict) and isinstance(part, str) and part.isidentifier()
              and part not in all_kinds() and part not in _TYPE_TAGS and part == loc[-1]):
            path.append(part)
            break
        else:
            continue
        path.append(part)
    return tuple(path)


def _describe(error: Any, loc: tuple, data: Any) -> str:
    kind, msg = error["type"], error["msg"]
    if kind == "invalid_key":
        return "is not a key here: keys are names written in letters (docs/spec.md)"
    if kind == "missing":
        return "is required; add it"
    if kind == "extra_forbidden":
        return "is not a key here; check its spelling (the spec format is in docs/spec.md)"
    if kind == "union_tag_invalid" or (kind == "literal_error" and loc[-1:] == ("kind",)):
        tag = error["input"].get("kind") if isinstance(error["input"], dict) else error["input"]
        return f"unknown kind {tag!r}; use one of: {', '.join(all_kinds())}"
    if kind == "union_tag_not_found":
        return f"needs a `kind:` ({', '.join(all_kinds())})"
    if msg.startswith("Value error, "):
        return msg[len("Value error, "):]
    value = error.get("input")
    if kind == "too_short" and loc == ("sections",):
        return ("the book has no sections; list at least one under `sections:`, e.g. "
                "`- {kind: sudoku, count: 5}` (`make-book kinds --example` shows every kind)")
    if kind == "too_short":
        least = error.get("ctx", {}).get("min_length", 1)
        return f"is an empty list; give at least {least} item{'s' if least > 1 else ''}"
    if (value is None and kind.endswith("_type")) or kind == "string_too_short":
        example = EMPTY_EXAMPLES.get(str(loc[-1]) if loc else "", "a value")
        return f"is empty; write {example} after the colon"
    if isinstance(value, str):
        return f"{excerpt(value)}: {msg[0].lower() + msg[1:]}"
    if isinstance(value, (int, float, bool)):
        return f"{value!r}: {msg[0].lower() + msg[1:]}"
    return msg[0].lower() + msg[1:]
