"""The book's fonts: PT Sans by default, or the user's own TrueType files (`fonts:` in a
spec), registered once with ReportLab so every font in the PDF is embedded and subset."""
from __future__ import annotations

import hashlib
import re
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import fontpkg_pt_sans
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.textobject import PDFTextObject

from .files import inside

REGULAR, BOLD, ITALIC = "PTSans", "PTSans-Bold", "PTSans-Italic"
# Where `fonts: {text: Lato-Regular}` finds an installed font by its file name.
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
             Path.home() / ".local" / "share" / "fonts", Path.home() / ".fonts")
FONT_SUFFIXES = (".ttf", ".otf")


@dataclass(frozen=True)
class BookFonts:
    """The registered fonts a book prints with: running text (regular, bold, italic)
    and the letters and digits inside grid cells (`grid`, `grid_bold`)."""

    text: str = REGULAR
    bold: str = BOLD
    italic: str = ITALIC
    grid: str = REGULAR
    grid_bold: str = BOLD
    bold_grid: bool = False      # "bold and easy": bold cell letters, heavier grid lines


PT_SANS = BookFonts()


class FontFileError(ValueError):
    """A font file that cannot be found, read or embedded (the message says which and why)."""


def find_font(ref: str, beside: Path, anywhere: bool = False) -> Path:
    """The font file `ref` names: a path beside the spec (anywhere with --allow-paths),
    or the file name of an installed font (`Lato-Regular`, `DejaVuSans.ttf`)."""
    candidate = Path(ref).expanduser()
    local = candidate if candidate.is_absolute() else beside / candidate
    if local.is_file():
        if not (anywhere or inside(beside, ref)):
            raise FontFileError(f"{ref} is outside the spec's folder; copy the font beside the "
                                "spec, or build with --allow-paths")
        return local
    if "/" not in ref and "\\" not in ref:
        wanted = {ref.lower()} if ref.lower().endswith(FONT_SUFFIXES) else \
            {ref.lower() + suffix for suffix in FONT_SUFFIXES}
        for folder in FONT_DIRS:
            if folder.is_dir():
                found = sorted(p for p in folder.rglob("*") if p.name.lower() in wanted)
                if found:
                    return found[0]
    raise FontFileError(f"no font file {ref!r}: give a .ttf file beside the spec, or the file "
                        f"name of an installed font (looked in {', '.join(map(str, FONT_DIRS))})")


@cache
def register_font_file(path: Path) -> str:
    """Register a TrueType file once, under a name made from its bytes (same file, same
    name: the PDF stays byte-identical), and return that name."""
    data = Path(path).read_bytes()
    name = "User-" + hashlib.sha256(data).hexdigest()[:16]
    try:
        font = TTFont(name, str(path))
    except TTFError as exc:
        hint = ("it has PostScript (CFF) outlines, which ReportLab cannot embed: use the "
                "font's .ttf version" if data[:4] == b"OTTO" else
                f"ReportLab cannot read it ({exc})")
        raise FontFileError(f"{path.name} is not a TrueType font that can be embedded: {hint}") \
            from None
    if b"fvar" in getattr(font.face, "table", {}):
        raise FontFileError(f"{path.name} is a variable font, which a PDF cannot use; give one "
                            "of its static instances (e.g. ...-Regular.ttf)")
    _stand_in(font)
    pdfmetrics.registerFont(font)
    return name


# OS/2 weight classes under this (Thin 200, Hairline 100) print faint at puzzle sizes
FAINT_WEIGHT = 300


def weight_class(path: Path) -> int | None:
    """The font file's weight class (OS/2 usWeightClass: 400 Regular, 700 Bold), or None
    when it has no OS/2 table."""
    data = Path(path).read_bytes()
    try:
        (tables,) = struct.unpack_from(">H", data, 4)
        for i in range(tables):
            tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            if tag == b"OS/2":
                return int(struct.unpack_from(">H", data, offset + 4)[0])
    except struct.error:
        return None
    return None


def font_label(name: str) -> str:
    """A registered font as a reader knows it: its family name ("PT Sans", "Lato")."""
    if name in (REGULAR, BOLD, ITALIC):
        return "PT Sans"
    face = pdfmetrics.getFont(name).face
    family = getattr(face, "familyName", b"") or getattr(face, "name", b"")
    return family.decode("latin-1") if isinstance(family, bytes) else str(family)


# Characters PT Sans lacks, drawn with the glyph of one it has: CLDR puts the narrow
# no-break space in French numbers and Ukrainian dates; a no-break space looks the same.
STAND_INS = {0x202F: 0x00A0}


@cache
def register_fonts() -> tuple[str, str]:
    files = fontpkg_pt_sans.ROOT / "files"
    for name, file in ((REGULAR, "PT_Sans-Web-Regular.ttf"), (BOLD, "PT_Sans-Web-Bold.ttf"),
                       (ITALIC, "PT_Sans-Web-Italic.ttf")):
        font = TTFont(name, str(files / file))
        _stand_in(font)
        pdfmetrics.registerFont(font)
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD)
    return REGULAR, BOLD


def _stand_in(font: TTFont) -> None:
    """The one place every drawn string passes: the font's own map (ReportLab's measuring
    and subsetting read it), so no caller has to remember to swap."""
    for missing, stand_in in STAND_INS.items():
        if stand_in in font.face.charToGlyph:
            font.face.charToGlyph.setdefault(missing, font.face.charToGlyph[stand_in])
            font.face.charWidths.setdefault(missing, font.face.charWidths[stand_in])


def missing_glyphs(text: str, font: str = REGULAR) -> str:
    """The characters of `text` the font `font` cannot print (each once, in order)."""
    register_fonts()
    known = pdfmetrics.getFont(font).face.charToGlyph
    missing = dict.fromkeys(ch for ch in text if not ch.isspace() and ord(ch) not in known)
    return "".join(missing)


# A word list or clue block whose grid can grow no more (it is as large as the kind lets it
# be) grows into the room left, up to this many times the body size (issue 27: full pages).
GROWN_TEXT = 1.3


def grown_sizes(size: float, step: float = 0.5) -> Iterator[float]:
    """The larger sizes a short list tries before its usual `size`, largest first (not
    `size` itself)."""
    return text_sizes(size * GROWN_TEXT, size + step, step)


def text_sizes(largest: float, floor: float, step: float = 0.5) -> Iterator[float]:
    """The sizes a shrinking text tries, largest first: `largest`, then `step` less each
    time, never below `floor`. Every kind's fitting loop walks these, so a clue list, a
    word list and a cryptogram shrink by the same steps to the same floor."""
    size = largest
    while size >= floor - 1e-9:
        yield size
        size -= step


Wrap = Callable[[str, str, float, float], list[str]]


def wrap_to_fit(text: str, font: str, largest: float, floor: float, width: float,
                fits: Callable[[float, list[str]], bool],
                wrap: Wrap = simpleSplit) -> tuple[float, list[str]]:
    """`text` wrapped to `width` (by `wrap`) at the largest of `text_sizes(largest, floor)`
    for which `fits(size, lines)` holds; at `floor` when none does (the caller makes room
    then). Every word is kept: wrapping never cuts."""
    for size in text_sizes(largest, floor):
        lines = wrap(text, font, size, width)
        if fits(size, lines):
            return size, lines
    return floor, wrap(text, font, floor, width)


def balanced_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` in the fewest lines that fit `width`, broken where the lines come out most
    even (least sum of squared shortfalls from the longest), as a title is set by hand:
    with three or more words no line holds one word alone, unless no break avoids it
    (then only the last line may not; then anything goes). A word wider than `width`
    stands on its own line (the caller shrinks it)."""
    words = text.split()
    if len(words) < 2:
        return words
    space = pdfmetrics.stringWidth(" ", font, size)
    lengths = [pdfmetrics.stringWidth(w, font, size) for w in words]

    def span(i: int, j: int) -> float:
        return sum(lengths[i:j]) + space * (j - i - 1)

    def best(count: int, lone: str) -> list[int] | None:
        """Break points (line starts) of `count` lines, or None when none fit."""
        n = len(words)

        @cache
        def rest(i: int, left: int) -> tuple[float, tuple[int, ...]] | None:
            if left == 1:
                if span(i, n) > width and n - i > 1:
                    return None
                if lone != "any" and n - i == 1 and n >= 3:
                    return None
                return ((width - span(i, n)) ** 2, (i,))
            found = None
            for j in range(i + 1, n - left + 2):
                if span(i, j) > width and j - i > 1:
                    break
                if lone == "none" and j - i == 1 and n >= 3:
                    continue
                tail = rest(j, left - 1)
                if tail is not None:
                    cost = (width - span(i, j)) ** 2 + tail[0]
                    if found is None or cost < found[0]:
                        found = (cost, (i,) + tail[1])
            return found

        result = rest(0, count)
        return list(result[1]) if result else None

    for lone in ("none", "last", "any"):
        for count in range(1, len(words) + 1):
            starts = best(count, lone)
            if starts is not None:
                ends = starts[1:] + [len(words)]
                return [" ".join(words[a:b]) for a, b in zip(starts, ends)]
    return words


def hyphenated(wrap: Wrap) -> Wrap:
    """`wrap`, with each word wider than the width (a long German compound in a title)
    broken over as few lines as it needs, in pieces of about equal width: after a hyphen
    of its own where one falls in a piece, else with a hyphen added. Nothing is cut."""
    def wrapped(text: str, font: str, size: float, width: float) -> list[str]:
        out: list[str] = []
        for line in wrap(text, font, size, width):
            while len(line) > 1 and pdfmetrics.stringWidth(line, font, size) > width:
                pieces = -(-pdfmetrics.stringWidth(line + "-", font, size) // width)
                even = pdfmetrics.stringWidth(line, font, size) / pieces
                cut = _syllable_break(line, max(1, fitting_prefix(
                    line, font, size, min(width, even + size), "-")))
                own = line.rfind("-", 0, cut)
                if own > 0:
                    out.append(line[:own + 1])
                    line = line[own + 1:]
                else:
                    out.append(line[:cut] + "-")
                    line = line[cut:]
            out.append(line)
        return out
    return wrapped


VOWELS = set("aeiouyäöüàáâãåæèéêëìíîïòóôõøœùúûýÿ")
# Letter pairs that make one sound: a word is never broken between them.
ONE_SOUND = ("ch", "ck", "sc", "sh", "th", "ph", "qu", "gn", "ng")


def _syllable_break(word: str, cut: int) -> int:
    """Where to break `word` at or before `cut`: the last syllable boundary in the last
    third, a vowel-consonant-vowel (Ge|sellschaft) or between two consonants that are
    not one sound (Dampf|schiff, not Dampfs|chiff), else `cut`."""
    low = word.lower()
    for i in range(min(cut, len(low) - 2), max(2, cut - cut // 3) - 1, -1):
        before, after = low[i - 1], low[i]
        if not (before.isalpha() and after.isalpha()) or after in VOWELS:
            continue
        if before in VOWELS and low[i + 1] in VOWELS:
            return i
        if before not in VOWELS and before + after not in ONE_SOUND:
            return i
    return cut


def fitting_prefix(text: str, font: str, size: float, width: float, mark: str,
                   shortest: int = 0) -> int:
    """The length of the longest start of `text` that, with `mark` ("…", "-") after it,
    is at most `width` wide (not below `shortest`): a binary search, so O(log n)
    measurements whatever the length."""
    fits, too_long = shortest, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if pdfmetrics.stringWidth(text[:middle] + mark, font, size) <= width:
            fits = middle
        else:
            too_long = middle
    return fits


def printed_letters(cell: str) -> str:
    """How a grid cell's character is printed: a cell unit as its letters (PT Sans has no
    Ĳ glyph; "IJ" is narrower than "M", so it fits the cell at the same size)."""
    return cell.replace("Ĳ", "IJ")


def draw_centred(canvas: Any, font: str, size: float,
                 items: Iterable[tuple[float, float, str]]) -> None:
    """Many short strings (a grid's letters), each centred on x with its baseline at y, in
    ONE PDF text object: the font is selected once for the lot, where drawCentredString
    opens a text object and selects the font for every letter. Each distinct string is
    measured and encoded once (a grid repeats its 26 or 33 letters hundreds of times)."""
    items = ((x, y, printed_letters(string)) for x, y, string in items)
    if not hasattr(canvas, "beginText"):  # the SVG canvas and other non-PDF canvases
        canvas.setFont(font, size)
        for x, y, string in items:
            if string:
                canvas.drawCentredString(x, y, string)
        return
    text = canvas.beginText()
    text.setFont(font, size)
    fast = isinstance(text, PDFTextObject) and hasattr(text, "_curSubset")
    widths: dict[str, float] = {}
    # ReportLab's encoding of a string depends on the font subset already selected in
    # the text object (it selects another when the string needs it): key on both.
    encoded: dict[tuple[str, int], tuple[str, int]] = {}
    for x, y, string in items:
        if not string:
            continue
        width = widths.get(string)
        if width is None:
            width = widths[string] = pdfmetrics.stringWidth(string, font, size)
        text.setTextOrigin(x - width / 2, y)
        if not fast:
            text.textOut(string)
            continue
        key = (string, text._curSubset)
        done = encoded.get(key)
        if done is None:
            done = encoded[key] = (text._formatText(string), text._curSubset)
        text._code.append(done[0])
        text._curSubset = done[1]
    canvas.drawText(text)


# a subset's name in a font dictionary: its six-letter tag, "+", the font's name
_SUBSET_NAME = re.compile(rb"/(?:BaseFont|FontName) ?/([A-Z]{6}\+[A-Za-z0-9_.-]+)")


def unique_subset_tags(pdf: bytes) -> bytes:
    """The PDF with its font subsets tagged from its own digest. ReportLab tags a font's
    subsets by their index, so every PDF holds an AAAAAA+PTSans-Bold, each with other
    glyphs; where two of them meet (desk files placed on one page, PDFs merged in
    prepress) a tool may take one subset for the other. The PDF spec asks for a tag per
    subset; the same bytes give the same tags. Same length: no offset moves."""
    names = sorted({m.group(1) for m in _SUBSET_NAME.finditer(pdf)}, key=len, reverse=True)
    if not names:
        return pdf
    digest = hashlib.sha256(pdf).digest()
    renamed = {}
    for name in names:
        letters = hashlib.sha256(digest + name).digest()[:6]
        renamed[name] = bytes(ord("A") + b % 26 for b in letters) + name[6:]
    pattern = re.compile(b"|".join(re.escape(name) for name in names) + rb"(?![A-Za-z0-9_.+-])")
    return pattern.sub(lambda m: renamed[m.group(0)], pdf)
