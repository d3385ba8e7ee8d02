"""Every page decided before any is drawn: front matter, puzzle pages, the answer key and
the padding a printed book needs, so pages can name each other (contents, "answer on page").

The page geometry (body and boxes) lives here too: pagination asks the kinds whether a
puzzle fits its box at the legibility floor, and the renderer draws into the same boxes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..batch import Outcome
from ..ground import printrules
from ..ground.catalogue import catalogue
from ..kinds import get_kind
from ..kinds.base import Box
from . import flow
from .layout import Layout
from .legibility import Illegible


@dataclass
class Page:
    # "title" | "copyright" | "contents" | "introduction" | "howto" | "opener" | "puzzles"
    # | "clues" | "answers" | "notes" | "more" | "blank"
    role: str
    items: list[int] = field(default_factory=list)   # outcome indices (contents: row indices)
    per_page: int = 1
    heading: str = ""
    kind: str = ""                                   # howto pages: the kind explained
    # A puzzle too long for one page at the floor: its page runs on to `continued` pages
    # ("clues" pages, each with its `part`: 1, 2...).
    continued: int = 0
    part: int = 0


@dataclass
class Placement:
    page: int
    answer_page: int | None = None
    answer_sheet: bool = False        # the answer is in the separate answer sheet


@dataclass
class Pagination:
    book: list[Page]
    answers: list[Page]               # the separate answer sheet (empty unless asked for)
    placements: list[Placement]
    contents: list[tuple[str, int]] = field(default_factory=list)   # (line, page)
    notes: list[str] = field(default_factory=list)      # what the layout changed, and why
    problems: list[Illegible] = field(default_factory=list)   # puzzles not readable anywhere
    padded: int = 0                   # pages added to reach the print services' minimum


@dataclass(frozen=True)
class FrontMatter:
    """The pages a printed book has besides its puzzles."""

    copyright: bool = False           # a copyright page on the title page's back
    introduction: str = ""            # its text: it runs on over as many pages as it needs
    how_to_play: tuple[str, ...] = ()   # kinds explained, in book order
    padding: str = "notes"            # "notes" | "blank" | "more": pages added to reach 24
    openers: bool = False             # a right-hand opener page before each section


# (outcome index, "puzzle" | "solution" | LATER, per page) -> why it cannot be read, or
# None; "solution" asks of the key's first page, under its heading
FitCheck = Callable[[int, str, int], "str | None"]
LATER = "later solution"           # a solution on an answer page after the first
# outcome index -> the pages a puzzle alone on its page runs on to so that it reads at the
# floor (a crossword's clues continued), 0 when it cannot
ContinueCheck = Callable[[int], int]

# points: the least room between two puzzles' boxes on a page: 0.25 in between their ink,
# each of which may stray the drawing contract's slack out of its box (a grid's outer lines)
GUTTER = 18.0 + 2 * printrules.TOLERANCE

# --- geometry -----------------------------------------------------------------------------


def body_box(layout: Layout, number: int) -> Box:
    """The text area of page `number` (1-based) in trim coordinates, above the folio."""
    m = layout.margins
    width, height = layout.page
    left = m.inner if number % 2 == 1 else m.outer   # odd pages are right-hand pages
    right = m.outer if number % 2 == 1 else m.inner
    footer = layout.font_size * 1.8
    return Box(left, m.bottom + footer, width - left - right, height - m.top - m.bottom - footer)


def cell_boxes(body: Box, grid: tuple[int, int], gap: float) -> list[Box]:
    columns, rows = grid
    width = (body.width - gap * (columns - 1)) / columns
    height = (body.height - gap * (rows - 1)) / rows
    return [Box(body.x + c * (width + gap), body.top - (r + 1) * height - r * gap, width, height)
            for r in range(rows) for c in range(columns)]


def puzzle_cells(layout: Layout, body: Box, per_page: int) -> list[tuple[Box, Box, float]]:
    """(cell, the box the kind draws into, title size) for each puzzle on a puzzle page."""
    size = layout.font_size
    area = Box(body.x, body.y, body.width, body.height - size * 1.8)
    title_size = layout.title_size if per_page == 1 else layout.title_size * 0.7
    note_size = max(layout.min_font_size, size * 0.8)
    return [(cell, Box(cell.x, cell.y + note_size * 2, cell.width,
                       cell.height - title_size * 1.6 - note_size * 2), title_size)
            for cell in cell_boxes(area, layout.page_grids[per_page], max(size * 1.5, GUTTER))]


def notes_below(layout: Layout, body: Box, per_page: int, held: int) -> Box | None:
    """The room under a puzzle page's last row of puzzles when rows of its grid are left
    empty (a section's last page, its puzzles the size of their siblings'), or None."""
    cells = puzzle_cells(layout, body, per_page)
    lowest = min(cell.y for cell, _, _ in cells[:held])
    if not any(cell.top <= lowest for cell, _, _ in cells[held:]):
        return None
    gap = max(layout.font_size * 1.5, GUTTER)
    bottom = min(cell.y for cell, _, _ in cells)
    return Box(body.x, bottom, body.width, lowest - gap - bottom)


def alone_on_a_page(layout: Layout) -> Box:
    """The box a puzzle alone on a page is drawn into (the most room the layout gives)."""
    return puzzle_cells(layout, body_box(layout, 1), 1)[0][1]


def answer_cells(layout: Layout, body: Box, per_page: int,
                 heading: bool) -> list[tuple[Box, Box]]:
    """(cell, the box the kind draws the solution into) on an answer page."""
    top = body.top - (layout.title_size * 2 if heading else 0)
    label = max(layout.min_answer_font_size, layout.font_size * 0.9)
    area = Box(body.x, body.y, body.width, top - body.y)
    return [(cell, Box(cell.x, cell.y, cell.width, cell.height - label * 1.8))
            for cell in cell_boxes(area, layout.page_grids[per_page],
                                   max(layout.font_size * 1.5, GUTTER))]


def _introduction_pages(text: str, layout: Layout) -> list[list[str]]:
    """The introduction's lines on each of its pages (none without one); the body is as
    wide and high on either hand."""
    if not text:
        return []
    body = body_box(layout, 1)
    return flow.pages(text, layout.theme().font, layout.font_size, body,
                      body.top - layout.title_size * 2.5)


def contents_rows_per_page(layout: Layout) -> int:
    body = body_box(layout, 1)
    return max(1, int((body.height - layout.title_size * 2.5) // (layout.font_size * 1.6)))


# --- pagination ----------------------------------------------------------------------------


def paginate(outcomes: list[Outcome], layout: Layout, answer_key: str = "back",
             language: str = "en", front: FrontMatter | None = None,
             fits: FitCheck | None = None, title_page: bool = True,
             answers_heading: str | None = None,
             continues: ContinueCheck | None = None, packets: bool = False) -> Pagination:
    """Decide every page. answer_key: "back", "separate" or "none". With `front`, the book
    is a printed book: front matter, then padding to the print services' page rules.
    With `fits`, puzzles that cannot be read at the layout's floor move to pages holding
    fewer of them, or with `continues` run on to following pages (or are listed in
    `problems`). A worksheet has no title page (`title_page=False`), its own answer
    heading, and with `packets` each copy (a student's packet) starts a page of its own."""
    words = catalogue(language)
    result = Pagination([], [], [Placement(0) for _ in outcomes])
    pages = result.book
    if title_page:
        pages.append(Page("title"))
    if front:
        pages.append(Page("copyright" if front.copyright else "blank"))
        rows = _contents_lines(outcomes, front, answer_key == "back")
        per = contents_rows_per_page(layout)
        for start in range(0, max(1, len(rows)), per):
            pages.append(Page("contents", list(range(start, min(len(rows), start + per))),
                              heading=words.text("book.contents") if start == 0 else ""))
        for part in range(len(_introduction_pages(front.introduction, layout))):
            pages.append(Page("introduction", heading=words.text("book.introduction"),
                              part=part))
        for kind in front.how_to_play:
            pages.append(Page("howto", kind=kind, heading=words.text("book.how_to_play")))
    _puzzle_pages(result, outcomes, layout, fits, continues, words,
                  bool(front and front.openers), packets)
    if answer_key != "none":
        _answer_pages(result, outcomes, layout, answer_key,
                      answers_heading or words.text("book.answers"), fits)
    if front:
        before = len(pages)
        _pad(pages, front.padding)
        result.padded = len(pages) - before
        result.contents = _contents(result, outcomes, front, words, answer_key == "back")
    return result


def _puzzle_pages(result: Pagination, outcomes: list[Outcome], layout: Layout,
                  fits: FitCheck | None, continues: ContinueCheck | None, words,
                  openers: bool = False, packets: bool = False) -> None:
    pages = result.book
    for items, wanted, heading in _runs(outcomes, [o.job.per_page for o in outcomes]):
        if openers:       # a section opens on a right-hand (odd) page
            if len(pages) % 2 == 1:
                pages.append(Page("blank"))
            pages.append(Page("opener", items, len(items), heading))
        run_on: dict[int, int] = {}
        per_page = _largest_fitting(items, wanted, "puzzle", layout, fits, result, outcomes,
                                    continues, run_on)
        if per_page != wanted and outcomes[items[0]].job.per_page_asked:
            # a kind's default that does not fit gives way silently: the spec asked nothing
            result.notes.append(f"{heading}: puzzles per page {per_page} instead of {wanted}, "
                                f"so no text is smaller than {layout.min_font_size:g} pt "
                                f"and cells you write in are at least "
                                f"{layout.min_writing_cell / 72:.2f} in")
        chunks = _chunks(items, per_page, outcomes, packets)
        fullest = max(len(chunk) for chunk in chunks)
        for chunk in chunks:
            more = run_on.get(chunk[0], 0) if per_page == 1 else 0
            if more and len(pages) % 2 == 0:
                pages.append(Page("notes"))    # the grid on a left-hand page, clues facing
            pages.append(Page("puzzles", chunk,
                              _last_grid(len(chunk), fullest, per_page, layout),
                              heading, continued=more))
            for i in chunk:
                result.placements[i].page = len(pages)
            for part in range(1, more + 1):
                pages.append(Page("clues", chunk, 1, heading, part=part))
            if more:
                result.notes.append(
                    f"{outcomes[chunk[0]].job.title} ({heading}): the clues continue on "
                    f"{more} more page(s), so no text is smaller than {layout.min_font_size:g} pt")


def _chunks(items: list[int], per_page: int, outcomes: list[Outcome],
            packets: bool) -> list[list[int]]:
    """The run's puzzles a page at a time; with `packets`, never two copies on one page."""
    groups: list[list[int]] = []
    for i in items:
        if groups and (not packets
                       or outcomes[groups[-1][-1]].job.copy == outcomes[i].job.copy):
            groups[-1].append(i)
        else:
            groups.append([i])
    return [group[start:start + per_page] for group in groups
            for start in range(0, len(group), per_page)]


def _last_grid(held: int, fullest: int, per_page: int, layout: Layout) -> int:
    """The page grid for a run's page holding `held` puzzles: the run's when another of
    its pages holds more (`fullest`), so that a section's last page draws its puzzles the
    size of their siblings, in the first cells (the rows left below hold a ruled notes
    area: the page stays full). Pages all holding as few (a section on one page, a
    worksheet's one-puzzle packets) that would leave more than half of the grid empty
    take the smallest grid holding them, whose larger cells fill the page (a puzzle
    reading in a cell reads in a larger)."""
    if held < fullest or held * 2 > per_page:
        return per_page
    return min((n for n in layout.page_grids if held <= n <= per_page), default=per_page)


def _answer_pages(result: Pagination, outcomes: list[Outcome], layout: Layout,
                  answer_key: str, heading: str, fits: FitCheck | None) -> None:
    answers = result.answers if answer_key == "separate" else result.book
    wanted = [o.job.answers_per_page or layout.answers_per_page
              or get_kind(o.job.kind).default_answers_per_page for o in outcomes]
    # the first solution is on the key's first page, under its heading; the others may not be
    largest = [_largest_fitting([i], wanted[i], LATER if i else "solution", layout, fits,
                                result, outcomes) for i in range(len(outcomes))]
    first = True
    for start, end, count in pack_answers(largest, layout, fits,
                                          [o.job.section_index for o in outcomes]):
        answers.append(Page("answers", list(range(start, end)), count,
                            heading if first else ""))
        first = False
        for i in range(start, end):
            result.placements[i].answer_page = len(answers)
            result.placements[i].answer_sheet = answers is result.answers


def pack_answers(largest: list[int], layout: Layout, fits: FitCheck | None = None,
                 sections: Sequence[int] = ()) -> list[tuple[int, int, int]]:
    """The answer pages as (first, end, solutions the page's grid holds): solutions in book
    order, across sections, on as few pages as can be, no page but the last less than half
    full; of the fewest, the one that draws the fewest sections (`sections[i]`: solution
    i's) at two sizes, then the fewest solutions drawn at another size than their
    own (`largest[i]`: the most a page may hold at which solution i reads, the section's
    or layout's choice at most; but the first's, on a page after the first) and empty
    cells on pages but the last, each counting one. A page holds no more than any of its
    solutions allows; the first page's, under the key's heading, are asked again."""
    grids = sorted(layout.page_grids)
    checked: dict[tuple[int, int, bool], bool] = {}

    def readable(i: int, n: int, first: bool) -> bool:
        """Solution i reads in a cell of the n-grid (on the key's `first` page): its own
        grid's cell fits inside (no narrower and no shorter), or the fit check says so."""
        columns, rows = layout.page_grids[n]
        own_columns, own_rows = layout.page_grids.get(largest[i], (0, 0))
        if (columns <= own_columns and rows <= own_rows) and (i == 0 or not first):
            return True
        if fits is None:                  # nothing to ask: fewer a page, larger cells
            return n <= largest[i]
        if (i, n, first) not in checked:
            checked[(i, n, first)] = fits(i, "solution" if first else LATER, n) is None
        return checked[(i, n, first)]

    def page_choice(start: int, end: int, last: bool, half: bool) -> tuple[int, int] | None:
        """(solutions drawn at another size and empty cells unless `last`, grid) of the
        best grid for one page (a quarter left blank mid-key is as bad as a solution
        drawn larger than its kind's others; on a tie, the fewer drawn at another size:
        a section's last answer keeps its size on a page of its own)."""
        held = end - start
        cap = min(largest[start:end])
        options = []
        for n in grids:
            if n < held or n > cap or (half and not last and held * 2 < n):
                continue
            if all(readable(i, n, start == 0) for i in range(start, end)):
                others = sum(largest[i] != n for i in range(start, end))
                options.append((others + (0 if last else n - held), others, n))
        if not options:
            return None
        cost, _, n = min(options)
        return cost, n

    most = grids[-1] if grids else 1
    joined = [i > 0 and sections[i] == sections[i - 1] for i in range(len(sections))]
    # A layout without a 1- or 2-grid may leave no packing at least half full.
    return (_fewest_pages(len(largest), most, lambda a, b, last: page_choice(a, b, last, True),
                          joined)
            or _fewest_pages(len(largest), most,
                             lambda a, b, last: page_choice(a, b, last, False), joined)
            or [(i, i + 1, n) for i, n in enumerate(largest)])


PageChoice = Callable[[int, int, bool], "tuple[int, int] | None"]


def _fewest_pages(total: int, most: int, choice: PageChoice,
                  joined: Sequence[bool] = ()) -> list[tuple[int, int, int]] | None:
    """Dynamic programming over book order: the packing of the fewest pages, then the
    fewest sections drawn at two sizes (`joined[b]`: solution b is of the section of
    solution b - 1, so a cut between them onto another grid splits its sizes), then the
    fewest solutions drawn at another size; `choice(first, end, last)` is (solutions at
    another size, grid) for one page, or None when it cannot be one."""
    # best[b][grid]: (pages, split sections, solutions at another size, previous cut,
    # previous page's grid) for the first b solutions, the last page on that grid
    best: list[dict[int, tuple[int, int, int, int, int]]] = [{} for _ in range(total + 1)]
    best[0][0] = (0, 0, 0, 0, 0)
    for end in range(1, total + 1):
        for start in range(max(0, end - most), end):
            page = best[start] and choice(start, end, end == total)
            if not page:
                continue
            for grid, before in best[start].items():
                split = int(start < len(joined) and joined[start] and grid != page[1])
                candidate = (before[0] + 1, before[1] + split, before[2] + page[0], start, grid)
                known = best[end].get(page[1])
                # on a tie the later cut: pages fill up in order, the short one last
                if known is None or candidate[:3] <= known[:3]:
                    best[end][page[1]] = candidate
    if not best[total]:
        return None
    pages: list[tuple[int, int, int]] = []
    end, grid = total, min(best[total], key=lambda n: (best[total][n][:3], -best[total][n][3]))
    while end > 0:
        _, _, _, start, previous = best[end][grid]
        pages.append((start, end, grid))
        end, grid = start, previous
    return pages[::-1]


def _largest_fitting(items: list[int], wanted: int, what: str, layout: Layout,
                     fits: FitCheck | None, result: Pagination,
                     outcomes: Sequence[Outcome], continues: ContinueCheck | None = None,
                     run_on: dict[int, int] | None = None) -> int:
    """The most puzzles a page (at most `wanted`, a count the layout can place) at which
    every puzzle of `items` reads at the floor; else 1, where a puzzle that still does not
    read may run on to following pages (`continues`, noted in `run_on`), or its problem is
    noted."""
    if fits is None:
        return wanted
    choices = sorted((n for n in layout.page_grids if n <= wanted), reverse=True) or [1]
    for per_page in choices:
        if all(fits(i, what, per_page) is None for i in items):
            return per_page
    last = choices[-1]
    for i in items:
        problem = fits(i, what, last)
        if problem and last == 1 and continues is not None and run_on is not None:
            run_on[i] = continues(i)
            if run_on[i]:
                continue
        if problem:
            job = outcomes[i].job
            result.problems.append(Illegible(job.section_index, job.section_title, job.title,
                                             "puzzle" if what == "puzzle" else "solution",
                                             problem))
    return last


def _pad(pages: list[Page], padding: str) -> None:
    """Reach the minimum page count and an even count with intentional pages; blank
    padding never leaves more than two blank pages in a row."""
    target = max(printrules.MIN_PAGES, len(pages) + len(pages) % 2)
    while len(pages) < target:
        blanks = 0
        for page in reversed(pages):
            if page.role != "blank":
                break
            blanks += 1
        role = "blank" if padding == "blank" and blanks < printrules.MAX_BLANKS_IN_A_ROW \
            else "notes"
        if padding == "more" and not any(p.role == "more" for p in pages):
            role = "more"         # one "More puzzles" page first, then notes
        pages.append(Page(role))


def _contents_lines(outcomes: list[Outcome], front: FrontMatter,
                    answers: bool) -> list[str]:
    """The contents' keys, one a line (the texts come with the page numbers later)."""
    lines = ["introduction"] if front.introduction else []
    lines += ["howto"] if front.how_to_play else []
    lines += [f"section:{items[0]}" for items, _, _ in
              _runs(outcomes, [1] * len(outcomes))]
    return lines + (["answers"] if answers and outcomes else [])


def _contents(result: Pagination, outcomes: list[Outcome], front: FrontMatter, words,
              answers: bool) -> list[tuple[str, int]]:
    def first(role: str) -> int:
        return next(n for n, p in enumerate(result.book, start=1) if p.role == role)

    # sections of one title (two untitled of a kind) are told apart by their puzzles'
    # titles, which number on: "Nonogram 3 – Nonogram 4"
    titled: dict[str, set[int]] = {}
    for o in outcomes:
        titled.setdefault(o.job.section_title, set()).add(o.job.section_index)
    rows = []
    for key in _contents_lines(outcomes, front, answers):
        if key.startswith("section:"):
            index = int(key.split(":")[1])
            job = outcomes[index].job
            section = [o.job.title for o in outcomes if o.job.section_index == job.section_index]
            name = job.section_title
            if len(titled[name]) > 1:
                name = section[0] if len(section) == 1 else f"{section[0]} – {section[-1]}"
            # with openers a section starts on its opener page, before its first puzzle
            opener = next((n for n, p in enumerate(result.book, start=1)
                           if p.role == "opener" and p.items[:1] == [index]),
                          result.placements[index].page)
            rows.append((f"{name} ({words.plural('book.puzzles', len(section))})", opener))
        elif key == "answers":
            rows.append((words.text("book.answers"), first("answers")))
        else:
            rows.append((words.text(f"book.{'how_to_play' if key == 'howto' else key}"),
                         first(key)))
    return rows


def _runs(outcomes: Sequence[Outcome], per_page: list[int]
          ) -> list[tuple[list[int], int, str]]:
    """Consecutive puzzles of one section: (indices, per_page, section title)."""
    runs: list[tuple[list[int], int, str]] = []
    for i, outcome in enumerate(outcomes):
        if runs and outcomes[runs[-1][0][0]].job.section_index == outcome.job.section_index:
            runs[-1][0].append(i)
        else:
            runs.append(([i], per_page[i], outcome.job.section_title))
    return runs


def padding_added(pages: Pagination) -> str:
    """"1 More puzzles page and 3 Notes pages": the padding pages counted by what they are
    (blank padding turns to Notes pages after two blanks in a row)."""
    added = [page.role for page in pages.book[len(pages.book) - pages.padded:]]
    names = {"more": "More puzzles", "notes": "Notes", "blank": "blank"}
    return " and ".join(f"{added.count(role)} {name} page{'' if added.count(role) == 1 else 's'}"
                        for role, name in names.items() if role in added)
