"""Records the boards of tests/data/crossword_boards_f28ce56.json:

    git worktree add /tmp/base f28ce56
    python tests/data/record_crossword_boards.py /tmp/base tests/data/crossword_boards_f28ce56.json

and of tests/data/crossword_boards_pool1.json (the default pool factor 1):

    python tests/data/record_crossword_boards.py . tests/data/crossword_boards_pool1.json
"""
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
from publisher.grids.freeform.generator import make_layout  # noqa: E402

words = []
for line in open(Path(sys.argv[1]) / 'wordlists/en/general-clues.yaml', encoding='utf-8'):
    if line.startswith('#') or ':' not in line: continue
    w = line.split(':')[0].strip().upper().replace(' ', '')
    if w.isalpha() and 2 <= len(w) <= 15: words.append(w)
rng = random.Random(16)
W16 = ["ELEPHANT", "GIRAFFE", "KANGAROO", "PENGUIN", "DOLPHIN", "TIGER", "ZEBRA", "LION",
       "MONKEY", "RABBIT", "SQUIRREL", "OCTOPUS", "CROCODILE", "HIPPO", "BEAR", "WOLF"]
cases = []
for k in range(14):
    cases.append((rng.sample(words, 12), 15, 15, 100 + k, {}))
for k in range(6):
    cases.append((W16, 13, 13, k, {}))
cases.append((W16, 9, 16, 2, {"beam": 8}))
cases.append((W16, 14, 14, 7, {"branch": 3}))
cases.append((["PELOTA", "PELO", "LOTA", "OTA", "ALA", "BANANA"], 6, 6, 3, {}))
cases.append((["ÑANDÚ", "CAÑÓN", "ÁRBOL", "NIÑO", "CORAZÓN", "LIMÓN", "MÉDICO", "ÚLTIMO"], 9, 9, 4, {}))
cases.append((["ЁЖИК", "ЙОГУРТ", "КОШКА", "СОБАКА", "МОЛОКО", "ЯБЛОКО", "ГОРОД", "КНИГА", "ЁЛКА"], 10, 10, 5, {}))
cases.append((["ABC", "XYZ", "BCD"], 5, 5, 1, {}))
cases.append((rng.sample(words, 30), 17, 17, 9, {}))
cases.append((rng.sample(words, 20), 12, 18, 11, {"beam": 16}))
cases.append((rng.sample(words, 12), 15, 15, 12, {"repair": 0}))
cases.append((rng.sample(words, 16), 11, 11, 13, {}))
out = []
for ws, r, c, seed, kw in cases:
    lay = make_layout(ws, r, c, seed, **kw)
    out.append({"words": ws, "rows": r, "cols": c, "seed": seed, "kw": kw,
                "placed": [[p.index, p.row, p.col, p.direction] for p in lay.placed],
                "unplaced": lay.unplaced, "crossings": lay.crossings, "steps": lay.steps,
                "size": [lay.rows, lay.cols]})
json.dump(out, open(sys.argv[2], 'w', encoding='utf-8'), ensure_ascii=False, indent=None)
print(len(out), sum(len(o['unplaced']) for o in out))
