"""Word scramble engine, checked independently: no scramble is a word of the
list or of the dictionary, none keeps three letters of its word in order, each
is an anagram of its word; bonus marks spell exactly the bonus answer."""
from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

from publisher.kinds.scramble.draw import Item, draw_scramble, fit
from publisher.kinds.scramble.generator import (ScrambleError, dictionary_for, mark_letters,
                                                read_dictionary, scramble_all, scramble_word)

WORDS = ["DRAWS", "PLANET", "ORANGE", "GARDEN", "LISTEN", "SCHOOL", "PENCIL", "WINTER",
         "RABBIT", "TIGER", "OCEAN", "CASTLE", "BREAD", "HORSE", "APPLE", "STONE",
         "MOUSE", "NIGHT", "EARTH", "CLOUD"]
# a small dictionary of anagrams of the words above: tempting wrong scrambles
DICTIONARY = frozenset(["WARDS", "SWARD", "REPLANT", "PLATEN", "ONAGER", "DANGER", "GANDER",
                        "RANGED", "SILENT", "ENLIST", "TINSEL", "INLETS", "TWINER", "CASTLE",
                        "CLEATS", "BEARD", "DEBAR", "SHORE", "HEROS", "NOTES", "ONSET",
                        "STENO", "TONES", "THING", "HEART", "HATER", "RATHE", "COULD",
                        "CANOE", "OCEAN"])


def in_order(word, scramble):
    """Any three consecutive letters of word side by side, in order, in scramble?"""
    for i in range(len(word) - 2):
        for j in range(len(scramble) - 2):
            if scramble[j] == word[i] and scramble[j + 1] == word[i + 1] \
                    and scramble[j + 2] == word[i + 2]:
                return True
    return False


def problems(words, scrambles, dictionary):
    out = []
    for w, s in zip(words, scrambles):
        if sorted(w) != sorted(s):
            out.append(f"{s} is not an anagram of {w}")
        if s in words or s in dictionary:
            out.append(f"{s} (for {w}) is a word")
        if in_order(w, s):
            out.append(f"{s} keeps three letters of {w} in order")
    return out


@pytest.mark.parametrize("seed", range(15))
def test_scrambles_pass_the_rules(seed):
    scrambles = scramble_all(WORDS, DICTIONARY, random.Random(seed))
    assert problems(WORDS, scrambles, DICTIONARY) == []


def test_checker_catches_breaches():
    assert problems(["DRAWS"], ["WARDS"], {"WARDS"})
    assert problems(["DRAWS"], ["SDRAW"], set())
    assert problems(["DRAWS"], ["DRAWX"], set())


def test_short_and_tight_words():
    rng = random.Random(1)
    assert scramble_word("CAT", frozenset({"ACT"}), rng) in {"ATC", "TAC", "TCA", "CTA"}
    with pytest.raises(ScrambleError, match="^ON cannot"):
        scramble_word("ON", frozenset({"NO"}), rng)
    with pytest.raises(ScrambleError, match="AAA"):
        scramble_word("AAA", frozenset(), rng)
    # every other order of ABC... is forbidden except one
    allowed = "CBA"
    forbidden = frozenset({"ACB", "BAC", "BCA", "CAB"})
    assert scramble_word("ABC", forbidden, rng) == allowed


def test_unicode_words():
    words = ["\u0415\u0416\u0418\u041a", "\u041c\u0415\u0414\u0412\u0415\u0414\u042c",
             "NI\u00d1OS", "MONTA\u00d1A"]
    scrambles = scramble_all(words, frozenset(), random.Random(3))
    assert problems(words, scrambles, frozenset()) == []


def test_deterministic():
    assert scramble_all(WORDS, DICTIONARY, random.Random(4)) == \
        scramble_all(WORDS, DICTIONARY, random.Random(4))


@pytest.mark.parametrize("bonus", ["GREAT", "WONDERLAND", "ACE"])
def test_bonus_marks_spell_the_bonus(bonus):
    words = WORDS[:8]
    marks = mark_letters(words, bonus, random.Random(2))
    letters = Counter(words[i][k] for i, ks in enumerate(marks) for k in ks)
    assert letters == Counter(bonus)
    assert all(len(set(ks)) == len(ks) and all(0 <= k < len(words[i]) for k in ks)
               for i, ks in enumerate(marks))
    assert all(len(ks) < len(words[i]) for i, ks in enumerate(marks))
    if len(bonus) >= len(words):
        assert all(marks)


def test_bonus_impossible():
    with pytest.raises(ScrambleError, match="ZZZ"):
        mark_letters(["CAT", "DOG"], "ZZZ", random.Random(1))


def test_dictionary_reading(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "fill.txt").write_text("# comment\nwards;50\nSWARD;40\n\n", encoding="utf-8")
    words, warning = dictionary_for("en", tmp_path)
    assert words == {"WARDS", "SWARD"} and warning is None
    words, warning = dictionary_for("es", tmp_path)
    assert words == frozenset() and "fill.txt" in warning
    assert read_dictionary(tmp_path / "en" / "fill.txt") == {"WARDS", "SWARD"}


class RecordingCanvas:
    def __init__(self):
        self.points, self.texts, self.circles = [], [], 0

    def drawString(self, x, y, text):
        self.points.append((x, y))
        self.points.append((x + 6 * len(text), y))
        self.texts.append(text)
    drawCentredString = drawString

    def rect(self, x, y, w, h, **k):
        self.points += [(x, y), (x + w, y + h)]

    def circle(self, x, y, r, **k):
        self.circles += 1

    def __getattr__(self, name):
        return lambda *a, **k: None


THEME = SimpleNamespace(font="Helvetica", font_bold="Helvetica-Bold", grid_font="Helvetica",
                        grid_font_bold="Helvetica-Bold", font_size=10.0, min_line_width=0.5,
                        min_font_size=7.0, line_width=0.5)


@pytest.mark.parametrize("solution", [False, True])
def test_drawing_in_box(solution):
    rng = random.Random(5)
    scrambles = scramble_all(WORDS, DICTIONARY, rng)
    marks = mark_letters(WORDS, "WONDERLAND", rng)
    items = [Item(s, w, m, f"clue for {w.lower()}") for s, w, m in zip(scrambles, WORDS, marks)]
    box = SimpleNamespace(x=40.0, y=60.0, width=500.0, height=700.0)
    canvas = RecordingCanvas()
    draw_scramble(canvas, items, box, THEME, solution, bonus=("DONWERLAND", "WONDERLAND", "Nice!"))
    assert canvas.circles == 10
    for x, y in canvas.points:
        assert box.x - 0.01 <= x <= box.x + box.width and box.y <= y <= box.y + box.height
    assert (" ".join(scrambles[0]) in canvas.texts)
    assert ("W" in canvas.texts) == solution


def test_fit_refuses_a_tiny_box():
    items = [Item("ABC", "CAB", [])] * 40
    assert fit(items, SimpleNamespace(width=100.0, height=100.0), THEME) is None


@pytest.mark.parametrize("solution", [False, True])
def test_large_print_floor_holds_for_clues_and_answers(solution):
    """16 pt floor, no extra scale: the clues under the scrambles and the answer letters
    in the key's boxes are drawn at 16 pt or more."""
    theme = SimpleNamespace(**{**vars(THEME), "font_size": 16.0, "min_font_size": 16.0})
    words = ["CAT", "DOG", "HEN", "OWL"]
    items = [Item(w[::-1], w, [], f"pet {w.lower()}") for w in words]
    box = SimpleNamespace(x=30.0, y=60.0, width=340.0, height=500.0)
    sizes = []
    canvas = RecordingCanvas()
    canvas.setFont = lambda font, size: sizes.append(size)
    assert fit(items, box, theme) is not None
    draw_scramble(canvas, items, box, theme, solution)
    assert sizes and min(sizes) >= 16.0


@pytest.mark.parametrize("solution", [False, True])
def test_long_words_go_under_their_scrambles_when_beside_does_not_fit(solution):
    """A 6x9 large-print page: an 11-letter word and its boxes do not fit side by side
    at 16 pt, so the boxes go under the scramble; everything stays in the box, at 16 pt
    or more, and the boxes never overlap the scramble's line."""
    theme = SimpleNamespace(**{**vars(THEME), "font_size": 16.0, "min_font_size": 16.0})
    words = ["HIPPOPOTAMUS", "CROCODILE", "ELEPHANT", "CAT"]
    items = [Item(w[1:] + w[0], w, []) for w in words]
    box = SimpleNamespace(x=30.0, y=60.0, width=340.0, height=520.0)
    f = fit(items, box, theme)
    assert f is not None and f.stacked
    sizes, boxes, texts = [], [], []
    canvas = RecordingCanvas()
    canvas.setFont = lambda font, size: sizes.append(size)
    canvas.rect = lambda x, y, w, h, **k: boxes.append((x, y, w, h))
    plain_draw = canvas.drawString
    canvas.drawString = lambda x, y, text: (texts.append((y, text)), plain_draw(x, y, text))
    draw_scramble(canvas, items, box, theme, solution)
    assert min(sizes) >= 16.0
    for x, y, w, h in boxes:
        assert box.x <= x and x + w <= box.x + box.width + 0.01 and box.y <= y
    assert len(boxes) == sum(len(w) for w in words)
    start = 0
    for word in words:          # the word's boxes lie wholly under its scramble's line
        baseline = next(y for y, t in texts if t == " ".join(word[1:] + word[0]))
        own = boxes[start:start + len(word)]
        start += len(word)
        assert all(y + h < baseline - 16.0 * 0.25 for x, y, w, h in own)


def test_answer_letters_stay_inside_their_boxes_when_a_short_list_grows():
    """A How to play example: three words in a large box, the text grown to twice its size;
    each answer letter (as the PDF paints it, tests/pdfmarks.py) lies inside its box."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pdfmarks import page_marks
    from publisher.ground.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    theme = SimpleNamespace(**{**vars(THEME), "font": REGULAR, "font_bold": BOLD,
                               "grid_font_bold": BOLD, "font_size": 11.0})
    items = [Item("SARLSWO", "WALROSS", []), Item("EEGGI", "GEIGE", []),
             Item("KEAENENT", "TEEKANNE", [])]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    draw_scramble(canvas, items, SimpleNamespace(x=50.0, y=100.0, width=380.0, height=400.0),
                  theme, solution=True)
    canvas.save()
    marks = page_marks(buffer.getvalue(), 0)
    boxes = [m.bbox for m in marks if m.kind == "stroke"]
    letters = [m for m in marks if m.kind == "text" and len(m.text.strip()) == 1]
    assert len(letters) == sum(len(it.answer) for it in items)
    assert max(m.size for m in letters) >= 11.0       # the text did grow
    for letter in letters:
        x0, y0, x1, y1 = letter.bbox
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        own = [b for b in boxes if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
        assert len(own) == 1, letter
        # inside the box's border line (the stroke's box less its half width each side)
        bx0, by0, bx1, by1 = own[0]
        half = THEME.line_width / 2
        assert bx0 + half <= x0 and x1 <= bx1 - half and by0 + half <= y0 and y1 <= by1 - half, \
            (letter.text, letter.bbox, own[0])
