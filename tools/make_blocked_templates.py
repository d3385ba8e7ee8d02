"""Generate the bundled blocked-crossword templates and keep those the fill engine fills.

Writes publisher/grids/blocked/templates/<rows>x<cols>-<nn>.txt (a language with a grid
style of its own, e.g. ru: templates/<folder>/ in that style). A template is kept only if
it obeys every rule (check_grid) and fills from the language's list within STEPS steps
(so the bundled ones are known to be fillable); a language of its own must fill with
every seed of CHECK_SEEDS within the kind's budget. A language's minis (under 9x9) are
read off every symmetric grid the rules allow (blocks in clumps at the corners too, as
templates may have them), fewest blocks first, and kept when they fill from the words of
its clue database alone (`fill_from: clued`) with every seed of CHECK_SEEDS and from its
fill list too. Run from the repository root:
    python tools/make_blocked_templates.py [--lang ru] [size ...]
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.grids.blocked.fill import FillFailed, fill_grid  # noqa: E402
from publisher.grids.blocked.grid import (TEMPLATE_DIR, GridError, GridStyle, MIN_ENTRY,  # noqa: E402
                                          check_grid, grid_style, slots)
from publisher.grids.blocked.gridgen import generate_grid  # noqa: E402
from publisher.grids.blocked.words import PLAIN_WORD_SCORE, WordIndex, read_fill_list  # noqa: E402
from publisher.kinds.crossword.blocked.kind import STEPS_PER_CELL  # noqa: E402
from publisher.words import make_word, read_list_file  # noqa: E402

WANTED = {5: 3, 7: 3, 9: 3, 11: 3, 13: 3, 15: 12, 17: 2, 21: 2}
MINIS_WANTED = 6         # a language's own minis: a book of minis draws from several shapes
# The bundled 7x7-02 came from this script before 7x7 grids lost their stacks of
# seven-letter rows (gridgen.longest_entry); the other shared 7x7 minis are shapes of
# mini_grids that filled a simulated 60 days of English clued minis (docs/spec.md, Grids).
# Rerunning it rewrites the sizes asked.
STEPS = 3000
SEEDS_TRIED = 60
CHECK_SEEDS = (0, 1, 2)


def fills(grid: tuple[str, ...], index: WordIndex, seeds: tuple[int, ...], steps: int) -> bool:
    try:
        for seed in seeds:
            fill_grid(grid, index, seed=seed, max_steps=steps, polish_steps=0)
    except FillFailed:
        return False
    return True


def clued_index(lang: str, listed: WordIndex) -> WordIndex:
    """The words of the language's clue database, scored as `fill_from: clued` scores them."""
    entries = read_list_file(ROOT / "wordlists" / lang / "clues.yaml")
    answers = {make_word(text, lang).answer for text, _, _ in entries}
    return WordIndex({w: listed.scores.get(w, PLAIN_WORD_SCORE) for w in answers})


def mini_grids(size: int, style: GridStyle) -> list[tuple[str, ...]]:
    """Every symmetric size x size grid the style's rules allow (clumps too), fewest blocks
    and long entries first."""
    def runs_ok(line: str) -> bool:
        return all(len(run) == 0 or len(run) >= MIN_ENTRY for run in line.split("#"))
    rows = ["".join(p) for p in itertools.product(".#", repeat=size) if runs_ok("".join(p))]
    half, middle = rows, [r for r in rows if r == r[::-1]]
    found = []
    for top in itertools.product(half, repeat=size // 2):
        for centre in (middle if size % 2 else [""]):
            grid = top + ((centre,) if centre else ()) + tuple(r[::-1] for r in reversed(top))
            try:
                check_grid(grid, allow_block_clumps=True, style=style)
            except GridError:
                continue
            found.append(grid)
    return sorted(found, key=lambda g: (sum(r.count("#") for r in g),
                                        sorted((-s.length for s in slots(g))), g))


def make_minis(size: int, lang: str, style: GridStyle, index: WordIndex) -> None:
    clued = clued_index(lang, index)
    budget = max(6000, STEPS_PER_CELL * size * size)
    folder = TEMPLATE_DIR / style.templates
    kept = 0
    for grid in mini_grids(size, style):
        # one quick seed first: most shapes fail at once
        if not (fills(grid, clued, CHECK_SEEDS[:1], 1500) and fills(grid, clued, CHECK_SEEDS, budget)
                and fills(grid, index, CHECK_SEEDS[:1], budget)):
            continue
        kept += 1
        path = folder / f"{size}x{size}-{kept:02d}.txt"
        path.write_text("\n".join(grid) + "\n", encoding="utf-8")
        print(f"{path.relative_to(TEMPLATE_DIR)}: fills from {lang}/clues", flush=True)
        if kept == MINIS_WANTED:
            break


def main(args: list[str]) -> None:
    lang = "en"
    if args[:1] == ["--lang"]:
        lang, args = args[1], args[2:]
    style = grid_style(lang)
    listed = style.wordlist or f"{lang}/fill"
    index = WordIndex(read_fill_list(ROOT / "wordlists" / f"{listed}.txt"))
    folder = TEMPLATE_DIR / style.templates
    folder.mkdir(exist_ok=True)
    for size in [int(a) for a in args] or [n for n in WANTED if n >= style.from_size]:
        if style.templates and size < 9:
            make_minis(size, lang, style, index)
            continue
        kept: list[tuple[str, ...]] = []
        for seed in range(SEEDS_TRIED):
            grid = generate_grid(size, seed=1000 * size + seed, style=style)
            if grid in kept:
                continue
            check_grid(grid, style=style)
            if style.templates:   # a language's own: fills whatever seed the kind draws
                ok = fills(grid, index, CHECK_SEEDS, max(6000, STEPS_PER_CELL * size * size))
            else:
                ok = fills(grid, index, (seed,), STEPS)
            if not ok:
                continue
            kept.append(grid)
            path = folder / f"{size}x{size}-{len(kept):02d}.txt"
            path.write_text("\n".join(grid) + "\n", encoding="utf-8")
            print(f"{path.relative_to(TEMPLATE_DIR)}: from seed {1000 * size + seed}", flush=True)
            if len(kept) == WANTED[size]:
                break


if __name__ == "__main__":
    main(sys.argv[1:])
