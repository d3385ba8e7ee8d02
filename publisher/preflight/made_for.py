"""What a cover was made for, where `make-book check` is not told: the interior beside
it, else the cover's own document info (render/cover.py writes it)."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ..errors import PublisherError
from ..ground import printrules
from . import _box, _info, parse_trim


def refuse_the_other_file(path: Path, data: bytes, cover: bool, pages: int | None,
                          paper: str | None) -> None:
    """A cover checked as an interior, or an interior as a cover, said in one line rather
    than as the rules it then breaks; and a cover's options given for an interior."""
    import pypdf
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        count = len(reader.pages)
    except (pypdf.errors.PyPdfError, ValueError, KeyError):
        return                      # an unreadable file: check_bytes says so
    document = _info(reader, printrules.DOCUMENT_INFO)       # "worksheet" or none
    names_a_cover = bool(_cover_info(data))
    if not cover and names_a_cover:
        raise PublisherError(f"{path} is a cover (its document info names the interior it "
                             "wraps): add --cover to check it as one")
    if cover and (document or count > 1 and not names_a_cover):
        told = f"its document info says it is a {document}" if document else (
            f"it has {count} pages; a cover is one sheet: back, spine and front")
        raise PublisherError(f"{path} is an interior, not a cover ({told}): check it "
                             "without --cover")
    given = [option for option, value in (("--pages", pages), ("--paper", paper))
             if value is not None]
    if not cover and given:
        raise PublisherError(f"{' and '.join(given)} describe the book a cover wraps: add "
                             f"--cover if {path} is a cover, or leave them out (an "
                             "interior is checked by its own pages)")


def cover_made_for(path: Path, data: bytes, trim: tuple[float, float] | None,
                    pages: int | None, paper: str | None
                    ) -> tuple[tuple[float, float], int, str, list[str]]:
    """A cover's trim, page count and paper where no option gives them, and notes on what
    was assumed. Trim and pages: from the interior beside it (the book it must fit), else
    from the cover's metadata (what it says it was made for: its width is still checked
    against that). Paper: from the metadata, else white."""
    made_for = _cover_info(data)
    notes = []
    missing = [name for name, value in (("pages", pages), ("trim", trim)) if value is None]
    if missing:
        interior = (path.with_name(path.name.removesuffix("-cover.pdf") + ".pdf")
                    if path.name.endswith("-cover.pdf") else None)
        if interior is not None and interior.is_file():
            trim, pages = _from_interior(interior, trim, pages)
        elif all(name in made_for for name in missing):
            beside = (f"{interior.name} is not beside it" if interior is not None else
                      "no interior beside it")
            taken = " and ".join(f"{'page count' if name == 'pages' else name} "
                                 f"({made_for[name]})" for name in missing)
            notes.append(f"checked against the {taken} the cover names ({beside}); give "
                         f"{' and '.join('--' + name for name in missing)} to check it "
                         "against your interior")
            pages = pages if pages is not None else int(made_for["pages"])
            trim = trim if trim is not None else parse_trim(made_for["trim"])
        else:
            beside = (f"{interior.name} is not beside it" if interior is not None else
                      "a cover is named <name>-cover.pdf beside its interior <name>.pdf")
            raise PublisherError(f"{path}: give the interior's trim and page count "
                                 f"(--trim 6x9 --pages N); {beside}, and the cover does "
                                 "not name them")
    if paper is None:
        paper = made_for.get("paper")
    if paper is None:
        paper = "white"
        notes.append(f"white paper assumed (the cover does not name its paper); give --paper "
                     f"{' or '.join(p for p in printrules.PAPER_THICKNESS if p != 'white')} "
                     "if it is for another")
    assert trim is not None and pages is not None     # given, beside, named, or refused
    return trim, pages, paper, notes


def _cover_info(data: bytes) -> dict[str, str]:
    """What a cover says it was made for (render/cover.py writes it in its document
    info, keys printrules.COVER_INFO): its paper, pages and trim where readable."""
    import pypdf
    try:
        info: Any = pypdf.PdfReader(io.BytesIO(data)).metadata or {}
    except (pypdf.errors.PyPdfError, ValueError, KeyError):
        return {}                   # an unreadable file: check_bytes says so
    found = {name: str(info.get("/" + key, "")).strip()
             for name, key in printrules.COVER_INFO.items()}
    readable = {"paper": found["paper"] in printrules.PAPER_THICKNESS,
                "pages": found["pages"].isdigit() and int(found["pages"]) > 0,
                "trim": _is_trim(found["trim"])}
    return {name: found[name] for name, ok in readable.items() if ok}


def _is_trim(text: str) -> bool:
    try:
        parse_trim(text)
    except PublisherError:
        return False
    return True


def _from_interior(interior: Path, trim: tuple[float, float] | None, pages: int | None
                   ) -> tuple[tuple[float, float], int]:
    """A cover's trim and page count, where not given, from its interior (its /TrimBox
    and page count)."""
    import pypdf
    try:
        reader = pypdf.PdfReader(str(interior))
        first = reader.pages[0]
        count = len(reader.pages)
    except (pypdf.errors.PyPdfError, IndexError, ValueError, OSError) as exc:
        raise PublisherError(f"{interior}: cannot read the interior beside the cover ({exc}); "
                             "give --trim and --pages") from None
    if trim is None:
        box = _box(first, "/TrimBox") or _box(first, "/MediaBox")
        assert box is not None
        trim = (box[2] - box[0], box[3] - box[1])
    return trim, pages if pages is not None else count
