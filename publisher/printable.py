"""What the book's fonts can print: the spec's `fonts:` found, registered and checked, and
the check every title, word and clue passes as it is read."""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from .ground.catalogue import catalogue
from .ground.fonts import (BOLD, FAINT_WEIGHT, ITALIC, PT_SANS, REGULAR, BookFonts,
                           FontFileError, find_font, font_label, missing_glyphs,
                           register_font_file, weight_class)
from .spec import Spec


def unprintable(text: str, what: str, fonts: BookFonts = PT_SANS) -> str | None:
    """The error message if one of the book's fonts cannot print `text`, else None."""
    for font in dict.fromkeys((fonts.text, fonts.bold, fonts.italic, fonts.grid, fonts.grid_bold)):
        characters = missing_glyphs(text, font)
        if characters:
            hint = ("write it in Latin or Cyrillic letters" if font in (REGULAR, BOLD, ITALIC)
                    else "write it without them, or choose fonts that have them (`fonts:`)")
            return (f"{what} has characters the book's font ({_font_name(font)}) cannot "
                    f"print: {' '.join(_shown(ch) for ch in characters[:10])}; {hint}")
    return None


def _font_name(font: str) -> str:
    return "PT Sans: Latin and Cyrillic" if font in (REGULAR, BOLD, ITALIC) else font_label(font)


FONT_KEYS = ("text", "text_bold", "text_italic", "grid", "grid_bold")


def book_fonts(spec: Spec) -> BookFonts:
    """The spec's `fonts:` found, registered, and checked against what the book prints in
    them: its languages' catalogue strings and digits in the text fonts; the languages'
    letters and digits in the grid fonts. (Words and titles are checked as they are read.)"""
    given = spec.book.fonts
    if given is None:
        return PT_SANS
    files: dict[str, str] = {}
    for key in FONT_KEYS:
        ref = getattr(given, key)
        if ref:
            try:
                path = find_font(ref, spec.path.parent, spec.read_anywhere)
                files[key] = register_font_file(path)
                if path not in spec.inputs:
                    spec.inputs.append(path)
            except (FontFileError, OSError) as exc:
                raise spec.error(("fonts", key), str(exc)) from None
            weight = weight_class(path)
            if weight is not None and weight < FAINT_WEIGHT:
                line = spec.lines.get(("fonts", key), spec.lines.get(("fonts",), 1))
                spec.notes.append(f"{spec.path.name}:{line}: fonts.{key}: {path.name} is a "
                                  f"thin weight ({weight}; Regular is 400): its strokes print "
                                  "faint at puzzle sizes; give a Regular or heavier file")
    text = files.get("text", REGULAR)
    fonts = BookFonts(text=text,
                      bold=files.get("text_bold") or (text if "text" in files else BOLD),
                      italic=files.get("text_italic") or (text if "text" in files else ITALIC),
                      grid=files.get("grid") or text,
                      grid_bold=files.get("grid_bold") or files.get("grid") or
                      files.get("text_bold") or (text if "text" in files else BOLD),
                      bold_grid=given.bold_grid)
    if given.bold_grid and "grid" in files and "grid_bold" not in files:
        line = spec.lines.get(("fonts", "bold_grid"), spec.lines.get(("fonts",), 1))
        spec.notes.append(f"{spec.path.name}:{line}: fonts.bold_grid: the cell letters stay "
                          f"in {given.grid}'s weight (no `grid_bold` given): give "
                          "fonts.grid_bold a bold file for bold cell letters")
    languages = dict.fromkeys([spec.book.language] + [
        s.language for s in spec.book.sections if getattr(s, "language", None)])
    kinds = {s.kind for s in spec.book.sections}
    for language in languages:
        words = catalogue(language)
        printed = "0123456789" + "".join(_catalogue_strings(words.data, kinds))
        letters = "0123456789" + words.alphabet + words.alphabet.lower()
        for key, font, text_of_font in (("text", fonts.text, printed),
                                        ("text_bold", fonts.bold, printed),
                                        ("text_italic", fonts.italic, printed),
                                        ("grid", fonts.grid, letters),
                                        ("grid_bold", fonts.grid_bold, letters)):
            missing = missing_glyphs(text_of_font, font)
            if missing and font not in (REGULAR, BOLD, ITALIC):
                field = key if getattr(given, key) else next(
                    k for k in FONT_KEYS if files.get(k) == font)
                raise spec.error(("fonts", field), (
                    f"the font {font_label(font)} has no "
                    f"{' '.join(_shown(ch) for ch in missing[:12])}"
                    f"{' (and more)' if len(missing) > 12 else ''}, which the book prints (in "
                    f"{words.name}); choose a font with these characters"))
    return fonts


def _catalogue_strings(node: Any, kinds: set[str], top: bool = True) -> list[str]:
    """Every string of a catalogue a book of these kinds may print ({placeholders} out)."""
    if isinstance(node, dict):
        return [text for key, value in node.items() if not (top and key == "language")
                for text in _catalogue_strings(
                    {k: v for k, v in value.items() if k in kinds}
                    if top and key == "kinds" and isinstance(value, dict) else value,
                    kinds, top=False)]
    if isinstance(node, list):
        return [text for value in node for text in _catalogue_strings(value, kinds, False)]
    return [re.sub(r"\{[^}]*\}|%-?[a-zA-Z]", "", str(node))] if isinstance(node, str) else []


def _shown(ch: str) -> str:
    """A character as an error message shows it: itself, or U+XXXX when invisible."""
    return ch if ch.isprintable() and not unicodedata.category(ch).startswith("C") \
        else f"U+{ord(ch):04X}"
