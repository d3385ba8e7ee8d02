"""Fill-in engine, checked by a brute-force solver written here: the solution
uses every listed word once, reads the same across and down, and (given the
starter) no second fill exists."""
from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

from publisher.errors import GenerationFailed
from publisher.kinds.fillin.draw import draw_fillin, word_groups
from publisher.kinds.fillin.generator import make_fillin
from publisher.kinds.fillin.solver import SolverBudget, count_fills

WORDS = ["PLANET", "ORANGE", "GARDEN", "LISTEN", "SCHOOL", "PENCIL", "TIGER", "OCEAN",
         "BREAD", "HORSE", "STONE", "NIGHT"]


def runs(grid):
    """Every maximal run of 2+ letter cells: (row, col, direction, letters)."""
    h, w = len(grid), len(grid[0])
    out = []
    for r in range(h):
        for c in range(w):
            if not grid[r][c]:
                continue
            for dr, dc, d in ((0, 1, "across"), (1, 0, "down")):
                if 0 <= r - dr and 0 <= c - dc and grid[r - dr][c - dc]:
                    continue
                k = 0
                while r + k * dr < h and c + k * dc < w and grid[r + k * dr][c + k * dc]:
                    k += 1
                if k >= 2:
                    out.append((r, c, d, "".join(grid[r + i * dr][c + i * dc] for i in range(k))))
    return out


def brute_force_fills(grid, words, fixed):
    """All fills of the grid's runs by `words` (a multiset), runs in reading
    order, no heuristics; `fixed`: {run index: word}. Returns the list of fills."""
    slots = [(r, c, d, len(t)) for r, c, d, t in runs(grid)]
    fills = []

    def cells(s):
        r, c, d, n = s
        return [(r, c + k) if d == "across" else (r + k, c) for k in range(n)]

    def go(i, left, letters, chosen):
        if i == len(slots):
            fills.append(list(chosen))
            return
        options = [fixed[i]] if i in fixed else sorted(w for w in left if left[w] > 0)
        for w in options:
            if len(w) != slots[i][3] or left[w] <= 0:
                continue
            if any(letters.get(x, ch) != ch for x, ch in zip(cells(slots[i]), w)):
                continue
            new = {x: ch for x, ch in zip(cells(slots[i]), w) if x not in letters}
            letters.update(new)
            left[w] -= 1
            chosen.append(w)
            go(i + 1, left, letters, chosen)
            chosen.pop()
            left[w] += 1
            for x in new:
                del letters[x]
    go(0, Counter(words), {}, [])
    return fills


@pytest.mark.parametrize("seed", range(6))
def test_unique_fill_with_starter(seed):
    try:
        board = make_fillin(WORDS, 11, 11, seed)
    except GenerationFailed:
        pytest.skip("this seed gives no board (the batch tries another)")
    found = runs(board.grid)
    assert Counter(t for *_, t in found) == Counter(WORDS)          # every word once, no stray run
    assert [(e.row, e.col, e.direction, e.answer) for e in board.entries] == found
    assert board.starter is not None
    starter = {board.starter: board.entries[board.starter].answer}
    fills = brute_force_fills(board.grid, WORDS, starter)
    assert fills == [[t for *_, t in found]]


def test_most_seeds_give_a_board():
    made = 0
    for seed in range(6):
        try:
            make_fillin(WORDS, 11, 11, seed)
            made += 1
        except GenerationFailed:
            pass
    assert made >= 3


def test_without_starter_the_bare_fill_is_unique():
    kept = 0
    for seed in range(8):
        try:
            board = make_fillin(WORDS, 11, 11, seed, starter=False)
        except GenerationFailed as exc:
            assert "more than one way" in str(exc) or "did not fit" in str(exc)
            continue
        kept += 1
        assert board.starter is None
        assert len(brute_force_fills(board.grid, WORDS, {})) == 1
    assert kept >= 1


def test_solver_sees_a_second_fill():
    # two crossing slots sharing their first cell: ABC/ADE swap
    slots = [(0, 0, "across", 3), (0, 0, "down", 3)]
    assert count_fills(slots, ["ABC", "ADE"]) == 2
    assert count_fills(slots, ["ABC", "ADE"], {0: "ABC"}) == 1
    assert count_fills(slots, ["ABC", "XDE"]) == 0
    assert count_fills(slots, ["ABC", "ABC"]) == 1          # the same word twice: one grid
    grid = [["A", "B", "C"], ["D", None, None], ["E", None, None]]
    assert len(brute_force_fills(grid, ["ABC", "ADE"], {})) == 2


def test_solver_budget():
    slots = [(r, 0, "across", 3) for r in range(0, 16, 2)]
    words = [f"A{chr(66 + i)}C" for i in range(8)]
    with pytest.raises(SolverBudget):
        count_fills(slots, words, limit=10 ** 9, budget=100)


def test_words_that_do_not_fit():
    with pytest.raises(GenerationFailed, match="did not fit"):
        make_fillin(["ABCDEFGHIJ", "AXXXXXXXX"], 5, 5, 1)


def test_word_groups():
    assert word_groups(["PEAR", "FIG", "APPLE", "KIWI"]) == \
        [(3, ["FIG"]), (4, ["KIWI", "PEAR"]), (5, ["APPLE"])]


class RecordingCanvas:
    def __init__(self):
        self.points, self.texts = [], []

    def drawString(self, x, y, text):
        self.points += [(x, y), (x + 6.5 * len(text), y)]
        self.texts.append(text)
    drawCentredString = drawString

    def rect(self, x, y, w, h, **k):
        self.points += [(x, y), (x + w, y + h)]

    def __getattr__(self, name):
        return lambda *a, **k: None


@pytest.mark.parametrize("height", [700.0, 300.0])
def test_drawing_in_box(height):
    board = next(b for b in (_try(s) for s in range(10)) if b)
    theme = SimpleNamespace(font="Helvetica", font_bold="Helvetica-Bold", grid_font="Helvetica",
                        grid_font_bold="Helvetica-Bold", font_size=10.0, min_line_width=0.5,
                            min_font_size=7.0, line_width=0.5)
    box = SimpleNamespace(x=40.0, y=60.0, width=500.0, height=height)
    canvas = RecordingCanvas()
    starter = board.entries[board.starter]
    draw_fillin(canvas, board.grid, WORDS, set(starter.cells()), box, theme,
                lambda n: f"{n} letters")
    for x, y in canvas.points:
        assert box.x <= x <= box.x + box.width and box.y <= y <= box.y + box.height
    assert set(WORDS) <= set(canvas.texts)
    assert Counter(t for t in canvas.texts if len(t) == 1) == Counter(starter.answer)


def _try(seed):
    try:
        return make_fillin(WORDS, 11, 11, seed)
    except GenerationFailed:
        return None


CROWD = ["PLANET", "ORANGE", "GARDEN", "LISTEN", "SCHOOL", "PENCIL", "WINTER", "SUMMER",
         "CASTLE", "BRIDGE", "FOREST", "RIVERS", "MARKET", "SILVER", "BUTTER", "CANDLE"]


def left_out(message: str) -> tuple[int, int, list[str]]:
    """(count said, total said, words named) of the one 'did not fit' reason in a message."""
    import re

    found = re.findall(r"(\d+) of the (\d+) words did not fit in 8x8: ([A-Z, ]+)", message)
    assert len(found) == 1, message
    count, total, words = found[0]
    return int(count), int(total), words.split(", ")


def test_a_fill_in_no_candidate_fits_names_the_best_candidates_words_once(tmp_path):
    """Sixteen 6-letter words in 8x8: every candidate leaves words out. The message gives one
    reason, the candidate that left the fewest out, naming each of its words once with
    their number, and says to ask for fewer words, a larger size or shorter words."""
    from publisher.errors import SpecError
    from publisher.kinds import all_kinds
    from publisher.pipeline import build_book

    fillin = all_kinds()["fillin"]
    failures = []
    for seed in range(6):
        with pytest.raises(GenerationFailed) as failed:
            make_fillin(CROWD, 8, 8, seed)
        failures.append(str(failed.value))
    counts = [left_out(f)[0] for f in failures]
    assert len(set(counts)) > 1, counts              # the candidates differ: one is best
    count, total, words = left_out(fillin.why_failed(failures))
    assert count == min(counts) == len(words) == len(set(words)) and total == len(CROWD)
    assert set(words) < set(CROWD)

    spec = tmp_path / "crowd.yaml"
    spec.write_text("title: T\nseed: 3\nsections:\n- {kind: fillin, size: 8, candidates: 4, "
                    f"words: [{', '.join(CROWD)}]}}\n", encoding="utf-8")
    with pytest.raises(SpecError) as failed:
        build_book(spec, tmp_path / "out", workers=1)
    message = str(failed.value)
    count, total, words = left_out(message)
    assert count == len(words) == len(set(words)) and total == len(CROWD), message
    assert "all 4 candidates failed" in message and message.count("did not fit") == 1
    assert all(advice in message for advice in ("`words_per_puzzle`", "`size`", "shorter"))
