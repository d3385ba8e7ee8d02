"""Words and the independent exactly-once check for benchmarks/wordsearch.py.

The check reads final grids only (ours and the peer's alike): each word is counted over
all 8 directions by brute force, and its reported cells must spell it."""
from __future__ import annotations

import random
from pathlib import Path

from publisher.kinds.wordsearch import clash
from publisher.kinds.wordsearch.generator import DIRECTIONS
from publisher.words import grid_form

ROOT = Path(__file__).resolve().parent.parent

ANIMALS = ("ELEPHANT GIRAFFE KANGAROO PENGUIN DOLPHIN OCTOPUS SQUIRREL TORTOISE HEDGEHOG "
           "BUTTERFLY CROCODILE FLAMINGO LEOPARD CHEETAH GORILLA HAMSTER LOBSTER PELICAN "
           "RACCOON SPARROW TOUCAN WALRUS BEAVER BADGER COYOTE DONKEY FALCON JAGUAR LIZARD "
           "MONKEY PARROT RABBIT SALMON TURTLE WOMBAT ZEBRA MOOSE OTTER PANDA BISON").split()

EIGHT = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


# --- words -------------------------------------------------------------------------

def bundled_words() -> list[tuple[str, str]]:
    """(text, answer) from wordlists/en/*.txt, `#` comments skipped, one per answer."""
    seen: dict[str, str] = {}
    for path in sorted((ROOT / "wordlists" / "en").glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            text = line.split("#", 1)[0].strip()
            answer = grid_form(text, "en") if text else ""
            if answer and answer not in seen:
                seen[answer] = text
    return [(text, answer) for answer, text in seen.items()]


def usable(answer: str, longest: int) -> bool:
    return 3 <= len(answer) <= longest and answer != answer[::-1]


def pick(pool: list[tuple[str, str]], n: int, longest: int, rng: random.Random
         ) -> list[tuple[str, str]]:
    """n words, none inside another (forwards or reversed), no palindromes."""
    order = pool[:]
    rng.shuffle(order)
    chosen: list[tuple[str, str]] = []
    for text, answer in order:
        if usable(answer, longest) and not any(clash(answer, a) for _, a in chosen):
            chosen.append((text, answer))
            if len(chosen) == n:
                return chosen
    raise SystemExit(f"the bundled English lists give only {len(chosen)} compatible words, "
                     f"{n} needed")


def non_clashing_pool(pool: list[tuple[str, str]], longest: int) -> list[tuple[str, str]]:
    """The largest greedy set of mutually compatible words (for the `count` form)."""
    chosen: list[tuple[str, str]] = []
    for text, answer in sorted(pool, key=lambda w: (len(w[1]), w[1])):
        if usable(answer, longest) and not any(clash(answer, a) for _, a in chosen):
            chosen.append((text, answer))
    return chosen


# --- the independent exactly-once counter ------------------------------------------

def count_in_grid(rows: list[str], word: str, by_letter: dict[str, list[tuple[int, int]]]
                  ) -> int:
    """How often `word` reads in the grid, over all 8 directions (brute force)."""
    height, width, n = len(rows), len(rows[0]), len(word)
    found = 0
    for r, c in by_letter.get(word[0], ()):
        for dr, dc in EIGHT:
            end_r, end_c = r + dr * (n - 1), c + dc * (n - 1)
            if not (0 <= end_r < height and 0 <= end_c < width):
                continue
            if all(rows[r + dr * k][c + dc * k] == word[k] for k in range(1, n)):
                found += 1
    return found


def check_board(rows: list[str], answers: list[str], placed: dict[str, list]) -> dict:
    """placed: answer -> its cells [(r, c), ...] as the generator reports them.

    A board violates exactly-once if a placed word does not read exactly once, or
    its reported cells do not spell it. Unplaced words that appear anyway are
    counted apart (they are in the grid but not in the puzzle's answer)."""
    by_letter: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            by_letter.setdefault(letter, []).append((r, c))
    bad = []
    stray = []
    for answer in answers:
        n = count_in_grid(rows, answer, by_letter)
        if answer in placed:
            spelled = "".join(rows[r][c] for r, c in placed[answer])
            if n != 1 or spelled != answer:
                bad.append(f"{answer}x{n}")
        elif n:
            stray.append(answer)
    return {"placed": len(placed), "all": len(placed) == len(answers), "bad": bad,
            "stray": stray}


def our_cells(board, placement) -> tuple[str, list[tuple[int, int]]]:
    word, r, c, d = placement
    answer = board.words[word][1]
    _, dr, dc = DIRECTIONS[d]
    return answer, [(r + dr * k, c + dc * k) for k in range(len(answer))]


def check_ours(board) -> dict:
    rows = ["".join(board.cell(r, c) or "." for c in range(board.cols))
            for r in range(board.rows)]
    placed = dict(our_cells(board, p) for p in board.placements)
    return check_board(rows, [a for _, a in board.words], placed)



def check_peer(board: dict, answers: list[str]) -> dict:
    placed = {w: [tuple(rc) for rc in cells] for w, cells in board["placed"].items()}
    return check_board(board["grid"], answers, placed)

