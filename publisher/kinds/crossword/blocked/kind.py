"""`style: blocked` of the crossword kind: planning a section and making one candidate.

Kept apart from crossword/__init__.py (which dispatches here) so the freeform kind stays
as it is. Returns plain data; the crossword kind builds its board from it.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from ....ground.files import MAX_LIST_BYTES, read_text
from ....data import data_dir
from ....grids.blocked.fill import FillFailed, fill_grid
from ....grids.blocked.grid import (EMPTY, Grid, GridError, bundled_templates, check_grid,
                                   grid_style, parse_grid, slots)
from ....grids.blocked.gridgen import GridGenerationFailed, generate_grid
from ....grids.blocked.words import PLAIN_WORD_SCORE, WordIndex, read_fill_list

MINI_EXTRA = 64              # further candidates for a repeated clued mini (a new one came by 40)
CLUED_BONUS = 20             # fill_from: any: score added to words a bundled clue list clues
REPEAT_PENALTY = 200         # score lost per earlier answer taken: the fewest win (a fill 0-125)
CLUED_AT_LENGTH = 100        # clued words of a length for a grid to have entries that long
STEPS_PER_CELL = 40          # fill budget: 9,000 steps at 15x15 (a fill takes ~100-6,000)
QUICK_STEPS = 1500           # a bundled mini fills from clued words within these (seed 0)


@dataclass
class BlockedFill:
    """One filled grid with its entries, in the crossword board's terms."""

    grid: list[list[str | None]]
    entries: list[dict[str, Any]]              # number, direction, row, col, answer, clue, text
    score: float
    clues_needed: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def find_file(ref: str, spec_dir: Path) -> Path | None:
    """A file beside the spec, else a bundled list under wordlists/ (".txt" optional)."""
    beside = spec_dir / ref
    if beside.is_file():
        return beside
    for suffix in ("", ".txt"):
        bundled = data_dir("wordlists") / (ref + suffix)
        if bundled.is_file():
            return bundled
    return None


def default_wordlist(language: str) -> str:
    """The fill list a language's blocked crosswords use unless `wordlist:` names one."""
    return grid_style(language).wordlist or f"{language}/fill"


def own_minis(rows: int, cols: int, language: str, only: tuple[str, ...]) -> bool:
    """A mini filled from clued words (`only`) of a language with minis of its own: bundled
    ones, made to fill from its clued words (fresh grids hardly do: Italian and Russian 7x7,
    0 of 7, each failing at 5-10 times the cost of a fill). Its puzzles are the few fills
    of those grids."""
    return bool(only and grid_style(language, rows).templates and max(rows, cols) < 9)


def few_minis(rows: int, cols: int, language: str,
              only: tuple[str, ...]) -> tuple[int, str] | None:
    """A clued mini of a language's own templates is one of their few fills: a repeat that
    MINI_EXTRA more candidates do not replace is taken as all there are (Kind.few_puzzles)."""
    if not own_minis(rows, cols, language, only):
        return None
    return MINI_EXTRA, "a larger size, more clues in `clues:` or `fill_from: any`"


def read_template(ref: str, spec_dir: Path, language: str = "en") -> Grid:
    """A template file, parsed and checked against the language's grid limits;
    GridError / FileNotFoundError say what is wrong."""
    path = spec_dir / ref
    if not path.is_file():
        raise FileNotFoundError(f"{ref!r} is not a file beside the spec ({spec_dir})")
    grid = parse_grid(read_text(path, MAX_LIST_BYTES))      # a located error if bad
    check_grid(grid, allow_block_clumps=True, style=grid_style(language, len(grid)))
    return grid


def check_wordlist(path: Path, min_score: int) -> int:
    """How many words of the list score at least `min_score` (ValueError on a bad line)."""
    return sum(1 for s in read_fill_list(path).values() if s >= min_score)


@lru_cache(maxsize=4)
def _index(path: str, stamp: float, min_score: int, only: tuple[str, ...],
           lean: tuple[str, ...] = (), language: str = "en",
           last: frozenset[str] = frozenset()) -> WordIndex:
    """The word index, built once per process (it takes about a second for 150k words).
    Words of `lean` (fill_from: any) count CLUED_BONUS more, once `min_score` is applied:
    the fill leans to words the bundled clue lists know, so fewer entries need a clue.
    Words of `last` score `min_score`: taken where no other word fits."""
    scores = read_fill_list(Path(path), cells_of=language)     # Dutch IJ in one cell
    if only:   # fill_from: clued -> the clued words, scored by the list when it has them
        scores = {w: scores.get(w, PLAIN_WORD_SCORE) for w in only}
    if lean:
        known = set(lean)
        scores = {w: min(100, s + CLUED_BONUS) if w in known else s
                  for w, s in scores.items() if s >= min_score}
    if last:
        scores = {w: min_score if w in last else s for w, s in scores.items() if s >= min_score}
    return WordIndex(scores, min_score)


def longest_clued(only: tuple[str, ...]) -> int | None:
    """The longest entry a grid filled from clued words (`only`) may have: the longest
    length of which they hold CLUED_AT_LENGTH words (None: any, for a fill list)."""
    counts = Counter(len(word) for word in only)
    return max((n for n, count in counts.items() if count >= CLUED_AT_LENGTH), default=None)


def bundled_only(rows: int, cols: int, language: str, only: tuple[str, ...]) -> bool:
    """A grid from clued words (`only`) that only the bundled templates give: a language's
    own minis, and 7x7 ones: fresh 7x7 grids are 7x7-02's shape 5 times in 6, and of the
    others filled from the English clued words 0 of 32 (5x5 ones: 20 of 20)."""
    return own_minis(rows, cols, language, only) or bool(only and 7 <= max(rows, cols) < 9)


@lru_cache(maxsize=64)
def _fills(grid: Grid, index: WordIndex, twice: bool) -> bool:
    """The grid fills from `index` (a section's clued words) at once, as the tool that
    makes a language's minis checks them: a candidate that must take a bundled mini takes
    none its words hardly fill (French: 2 of the 7 shared 7x7 ones so; 3 others fail all
    6,000 steps of a candidate). `twice`: and again without the first fill's words within
    a candidate's budget, so it is not one puzzle every day (French 7x7-01 so stopped a
    desk's run at day 6)."""
    try:
        first = fill_grid(grid, index, seed=0, max_steps=QUICK_STEPS, polish_steps=0)
        if twice:
            fill_grid(grid, index.without(frozenset(word for _, word in first.entries)),
                      seed=0, max_steps=max(6000, STEPS_PER_CELL * len(grid) * len(grid[0])),
                      polish_steps=0)
    except FillFailed:
        return False
    return True


def _grid(rows: int, cols: int, language: str, only: tuple[str, ...], rng: random.Random,
          index: WordIndex) -> Grid:
    """A bundled template (known to fill; from clued words at 7x7 only them, and only
    those that fill from them) 3 times in 4, else a fresh grid, in the language's grid
    style; from clued words, no entry longer than they fill (the English clues have no
    word of 9 letters, the 9x9 templates a row of 9)."""
    style = grid_style(language, rows)
    longest = longest_clued(only)
    must = bundled_only(rows, cols, language, only)
    bundled = [grid for path in bundled_templates(rows, cols, style)
               if (grid := parse_grid(path.read_text(encoding="utf-8")))
               and (longest is None or max(s.length for s in slots(grid)) <= longest)
               and (not must or _fills(grid, index, not own_minis(rows, cols, language, only)))]
    if bundled and (rng.random() < 0.75 or must):
        return rng.choice(bundled)
    return generate_grid(rows, cols, seed=rng.randrange(2**31), style=style, longest=longest)


def make_fill(rows: int, cols: int, template: tuple[str, ...], wordlist: str, min_score: int,
              only: tuple[str, ...], lean: tuple[str, ...], clues: dict[str, tuple[str, str]],
              seed: int, language: str = "en", avoid: frozenset[str] = frozenset(),
              strict: bool = True) -> BlockedFill:
    """One candidate: a grid (the template, else a bundled one or a fresh one by seed, both in
    the language's grid style), filled,
    then clued from `clues`. The grid never depends on `clues` (only on `lean`, the words of
    bundled lists): the clues a desk writes for the entries a build asked about give the
    same grid next time. Raises GridGenerationFailed or FillFailed when this candidate
    cannot be made. No entry is a word of `avoid` (the book's earlier answers); not
    `strict`, they are taken last (else, in a search as if there were none), and a warning
    names those taken."""
    rng = random.Random(seed)
    index = _index(wordlist, Path(wordlist).stat().st_mtime, min_score, only, () if only else lean,
                   language)
    grid = template or _grid(rows, cols, language, only, rng, index)
    fill_seed, steps = rng.randrange(2**31), max(6000, STEPS_PER_CELL * rows * cols)

    def indexes() -> Iterator[WordIndex]:
        if avoid and strict:
            yield index.without(avoid)
            return
        if avoid:       # taken only where nothing else fits; failing that, another search
            yield _index(wordlist, Path(wordlist).stat().st_mtime, min_score, only,
                         () if only else lean, language, avoid)
        yield index

    failed: FillFailed | None = None
    for attempt in indexes():
        try:
            fill = fill_grid(grid, attempt, seed=fill_seed, max_steps=steps)
            break
        except FillFailed as e:
            failed = e
    else:
        assert failed is not None
        raise failed
    cells: list[list[str | None]] = [[None if ch == "#" else ch for ch in row] for row in fill.grid]
    entries, needed = [], []
    for slot, answer in fill.entries:
        clue, text = clues.get(answer, ("", answer))
        if not clue:
            needed.append(answer)
        entries.append({"number": slot.number, "direction": slot.direction, "row": slot.row,
                        "col": slot.col, "answer": answer, "clue": clue, "text": text})
    repeats = sorted({answer for slot, answer in fill.entries if answer in avoid
                      and any(grid[r][c] == EMPTY for r, c in slot.cells)})   # not pinned
    score = fill.mean_score + fill.min_score / 4 - REPEAT_PENALTY * len(repeats)
    return BlockedFill(cells, entries, score, sorted(set(needed)), [
        f"blocked crossword: {len(repeats)} answer(s) of the book's earlier grids again "
        f"({', '.join(repeats[:5])}), or of the history's within `repeat_window_days`: no "
        "candidate filled without them; raise `candidates`, "
        + ("add clues to `clues:` or use `fill_from: any`" if only else
           "or use a larger size or word list") + " (a desk's run: or a shorter "
        "`repeat_window_days`)"] if repeats else [])


def clues_needed_yaml(answers: list[str]) -> bytes:
    """The entries with no clue, ready to be given clues and added to `clues:`."""
    lines = ["# Entries of the book's crosswords with no clue: write one after each colon,",
             "# add this file to the `clues:` list of each blocked crossword section and build",
             "# again with the same seed: your clues do not change the grids they were for.", ""]
    lines += [f"{answer.lower()}: " for answer in answers]
    return ("\n".join(lines) + "\n").encode("utf-8")


__all__ = ["MINI_EXTRA", "BlockedFill", "FillFailed", "GridError", "GridGenerationFailed",
           "check_wordlist", "clues_needed_yaml", "default_wordlist", "find_file", "make_fill",
           "few_minis", "own_minis", "read_template"]
