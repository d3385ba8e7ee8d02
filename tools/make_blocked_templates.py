"""Generate the bundled blocked-crossword templates and keep those the fill engine fills.

Writes publisher/grids/blocked/templates/<rows>x<cols>-<nn>.txt. A template is
kept only if it obeys every rule (check_grid) and fills from the English list within
STEPS steps (so the bundled ones are known to be fillable). Run from the repository root:
    python tools/make_blocked_templates.py [size ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.grids.blocked.fill import FillFailed, fill_grid  # noqa: E402
from publisher.grids.blocked.grid import TEMPLATE_DIR, check_grid  # noqa: E402
from publisher.grids.blocked.gridgen import generate_grid  # noqa: E402
from publisher.grids.blocked.words import WordIndex, read_fill_list  # noqa: E402

WANTED = {5: 3, 7: 3, 9: 3, 11: 3, 13: 3, 15: 12, 17: 2, 21: 2}
# The bundled 7x7-01 and 7x7-02 came from this script before 7x7 grids lost their
# stacks of seven-letter rows (gridgen.longest_entry); rerunning it rewrites the sizes asked.
STEPS = 3000
SEEDS_TRIED = 60


def main(sizes: list[int]) -> None:
    index = WordIndex(read_fill_list(ROOT / "wordlists" / "en" / "fill.txt"))
    TEMPLATE_DIR.mkdir(exist_ok=True)
    for size in sizes or list(WANTED):
        kept: list[tuple[str, ...]] = []
        for seed in range(SEEDS_TRIED):
            grid = generate_grid(size, seed=1000 * size + seed)
            if grid in kept:
                continue
            check_grid(grid)
            try:
                fill_grid(grid, index, seed=seed, max_steps=STEPS)
            except FillFailed:
                continue
            kept.append(grid)
            path = TEMPLATE_DIR / f"{size}x{size}-{len(kept):02d}.txt"
            path.write_text("\n".join(grid) + "\n", encoding="utf-8")
            print(f"{path.name}: from seed {1000 * size + seed}", flush=True)
            if len(kept) == WANTED[size]:
                break


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]])
