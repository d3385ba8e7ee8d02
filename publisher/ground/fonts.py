"""PT Sans, registered once with ReportLab so every font in the PDF is embedded."""
from __future__ import annotations

from functools import cache

import fontpkg_pt_sans
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR, BOLD, ITALIC = "PTSans", "PTSans-Bold", "PTSans-Italic"


@cache
def register_fonts() -> tuple[str, str]:
    files = fontpkg_pt_sans.ROOT / "files"
    for name, file in ((REGULAR, "PT_Sans-Web-Regular.ttf"), (BOLD, "PT_Sans-Web-Bold.ttf"),
                       (ITALIC, "PT_Sans-Web-Italic.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(files / file)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD)
    return REGULAR, BOLD


def missing_glyphs(text: str) -> str:
    """The characters of `text` the book's fonts cannot print (each once, in order)."""
    register_fonts()
    known = pdfmetrics.getFont(REGULAR).face.charToGlyph
    missing = dict.fromkeys(ch for ch in text if not ch.isspace() and ord(ch) not in known)
    return "".join(missing)
