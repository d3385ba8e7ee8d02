"""The print-on-demand services' rules as data (KDP, IngramSpark and Lulu agree on these).

The layout, the cover and the preflight (`make-book check`) all read them from here, so a
rule changes in one place. Lengths are in points (72 to the inch)."""
from __future__ import annotations

import math
from math import ceil

INCH = 72.0
BLEED = 0.125 * INCH                   # each side that bleeds grows by this
MIN_PAGES, MAX_PAGES = 24, 828          # a printable book's page count
MAX_BLANKS_IN_A_ROW = 2
# Inside margin by final page count: (up to this many pages, gutter).
GUTTER_BY_PAGES: tuple[tuple[int, float], ...] = (
    (150, 0.375 * INCH), (300, 0.5 * INCH), (500, 0.625 * INCH), (700, 0.75 * INCH),
    (MAX_PAGES, 0.875 * INCH))
OUTSIDE_MARGIN = {True: 0.375 * INCH, False: 0.25 * INCH}    # keyed by "with bleed"
# Paper thickness per page, in inches (the spine is pages x thickness).
PAPER_THICKNESS = {"white": 0.002252, "cream": 0.0025, "standard-color": 0.002252,
                   "premium-color": 0.002347}
# Spine text: KDP's paperback cover guide (kdp.amazon.com/en_US/help/topic/G201953020)
# allows it on books of more than 79 pages, 0.0625 in clear of each fold; third-party
# summaries quote "at least 79", so 80 satisfies both readings. The cover also leaves
# the spine bare where the text would fall under the legibility floor (render/cover.py).
SPINE_TEXT_FROM_PAGES = 80
SPINE_FOLD_CLEARANCE = 0.0625 * INCH
# KDP prints its barcode 2 x 1.2 in at the back cover's lower right, inside the margin.
BARCODE_AREA = (2.0 * INCH, 1.2 * INCH)
# Pictures: KDP's cover guide (kdp.amazon.com/en_US/help/topic/G201953020) asks for
# images placed at 300 DPI at least. Under it a picture may print blurry: a warning,
# not an error (no source we have names a floor under which printing is refused).
IMAGE_PPI = 300
MIN_LINE_WIDTH = 0.5                    # thinner lines vanish in print
MIN_GREY = 0.10                         # lighter tints vanish in print (10 % ink)
TOLERANCE = 0.5                         # points of slack when comparing boxes
# Keys of a cover PDF's document info (PDF allows any): what it was made for, so that
# `make-book check --cover` needs no options. Values as the options write them: cream,
# 122, 6x9 (inches), 0.125 (inches round the sheet).
COVER_INFO = {"paper": "PuzzlePublisherPaper", "pages": "PuzzlePublisherPages",
              "trim": "PuzzlePublisherTrim", "bleed": "PuzzlePublisherBleed",
              "ink": "PuzzlePublisherInk"}          # the interior's: colour or black
# An interior's document info under this key says "worksheet": `make-book check` then
# holds it to no printed book's page count (a worksheet is photocopied, not bound).
DOCUMENT_INFO = "PuzzlePublisherDocument"


def short_of(size: float) -> str:
    """A size under its floor, for a message: rounded down to a tenth, so that it never
    reads as the floor itself (6.97 pt is "6.9", not "7.0")."""
    return f"{math.floor(size * 10) / 10:.1f}"


def gutter_for(pages: int) -> float:
    """The inside margin a book of `pages` pages needs (the largest step past 828)."""
    for most, gutter in GUTTER_BY_PAGES:
        if pages <= most:
            return gutter
    return GUTTER_BY_PAGES[-1][1]


def page_count_problem(pages: int) -> str | None:
    """Why a print interior of `pages` pages cannot be printed, or None."""
    if pages < MIN_PAGES:
        return f"{pages} pages; a printed book needs at least {MIN_PAGES}"
    if pages > MAX_PAGES:
        return (f"{pages} pages; a printed book has at most {MAX_PAGES}: "
                "split it into volumes or put more puzzles on a page")
    if pages % 2:
        return f"{pages} pages; the interior must end on an even page"
    return None


def spine_width(pages: int, paper: str) -> float:
    """The spine's width for `pages` interior pages on `paper` (a PAPER_THICKNESS key)."""
    return pages * PAPER_THICKNESS[paper] * INCH


def cover_size(trim: tuple[float, float], pages: int, paper: str) -> tuple[float, float]:
    """The full cover sheet: bleed + back + spine + front + bleed, by trim height + 2 bleeds."""
    width, height = trim
    return (2 * BLEED + 2 * width + spine_width(pages, paper), height + 2 * BLEED)


def low_resolution(what: str, pixels: tuple[int, int], placed: tuple[float, float]
                   ) -> str | None:
    """Why `what`, `pixels` wide and high and printed `placed` (points) in size, may print
    blurry (under IMAGE_PPI at that size, saying the pixels it needs), or None."""
    ppi = min(pixels[0] / (placed[0] / INCH), pixels[1] / (placed[1] / INCH))
    if ppi >= IMAGE_PPI - 0.5:
        return None
    need = [ceil(side / INCH * IMAGE_PPI) for side in placed]
    return (f"{what} is {pixels[0]:,} x {pixels[1]:,} pixels, {ppi:.0f} ppi printed "
            f"{placed[0] / INCH:.2f} x {placed[1] / INCH:.2f} in: it may print blurry; "
            f"print services want {IMAGE_PPI} ppi, at least {need[0]:,} x {need[1]:,} pixels")


def paper_problem(paper: str, colour: bool) -> str | None:
    """Why an interior (in `colour` or not) cannot be printed on `paper`, or None: KDP
    prints black ink on cream or white paper, colour ink on white paper only (its Print
    Options, kdp.amazon.com/en_US/help/topic/G201834180)."""
    if colour and paper == "cream":
        return ("the interior is in colour (a layout's or section's `colour: true`) but "
                "the cover's paper is cream: KDP prints colour ink on white paper only; "
                "choose `paper: standard-color` or `premium-color`, or `colour: false`")
    return None


def interior_size(trim: tuple[float, float], bleed: bool) -> tuple[float, float]:
    """An interior page: the trim, grown at the outside, top and bottom when it bleeds."""
    width, height = trim
    return (width + BLEED, height + 2 * BLEED) if bleed else (width, height)


def trim_origin(page_number: int, bleed: bool) -> tuple[float, float]:
    """Where the trim's lower-left corner sits on interior page `page_number` (1-based):
    odd pages are right-hand pages, so their bleed is on the right."""
    if not bleed:
        return (0.0, 0.0)
    return (0.0 if page_number % 2 else BLEED, BLEED)
