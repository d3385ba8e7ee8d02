"""Generate the bundled blocked-crossword templates and keep those the fill engine fills.

Writes publisher/grids/blocked/templates/<rows>x<cols>-<nn>.txt (a language with a grid
style of its own, e.g. ru: templates/<folder>/ in that style). A template is kept only if
it obeys every rule (check_grid) and fills from the language's list within STEPS steps
(so the bundled ones are known to be fillable); a language of its own must fill with
every seed of CHECK_SEEDS within the kind's budget. Run from the repository root:
    python tools/make_blocked_templates.py [--lang ru] [size ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.grids.blocked.fill import FillFailed, fill_grid  # noqa: E402
from publisher.grids.blocked.grid import TEMPLATE_DIR, check_grid, grid_style  # noqa: E402
from publisher.grids.blocked.gridgen import generate_grid  # noqa: E402
from publisher.grids.blocked.words import WordIndex, read_fill_list  # noqa: E402
from publisher.kinds.crossword.blocked.kind import STEPS_PER_CELL  # noqa: E402

WANTED = {5: 3, 7: 3, 9: 3, 11: 3, 13: 3, 15: 12, 17: 2, 21: 2}
# The bundled 7x7-01 and 7x7-02 came from this script before 7x7 grids lost their
# stacks of seven-letter rows (gridgen.longest_entry); rerunning it rewrites the sizes asked.
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
