"""Cryptogram engine, checked independently: the key is a bijection of the
language's alphabet (written out here) with no fixed letter, and it deciphers
the ciphertext to the text."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from publisher.kinds.cryptogram.cipher import (TextRefused, default_hints, encipher,
                                               read_texts)
from publisher.kinds.cryptogram.draw import draw_cryptogram, layout

# the alphabets, written out here rather than imported
EN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ES = "ABCDEFGHIJKLMN\u00d1OPQRSTUVWXYZ"
RU = "\u0410\u0411\u0412\u0413\u0414\u0415\u0401\u0416\u0417\u0418\u0419\u041a\u041b\u041c" \
     "\u041d\u041e\u041f\u0420\u0421\u0422\u0423\u0424\u0425\u0426\u0427\u0428\u0429\u042a" \
     "\u042b\u042c\u042d\u042e\u042f"
ALPHABET = {"en": EN, "es": ES, "ru": RU}
TEXTS = {
    "en": "A watched pot never boils, but a watched kettle sings at 100 degrees!",
    "es": "El ni\u00f1o mir\u00f3 la monta\u00f1a: \u00bfqui\u00e9n subir\u00e1 primero?",
    "ru": "\u0401\u0436\u0438\u043a \u0438 \u0447\u0430\u0439\u043a\u0430 \u0432\u044b\u0448"
          "\u043b\u0438 \u0432 \u043f\u043e\u043b\u0435, \u0433\u0434\u0435 \u0440\u0430\u0441"
          "\u0442\u0451\u0442 \u0449\u0430\u0432\u0435\u043b\u044c.",
}


def check(cipher, language, text):
    """Problems with a cryptogram (empty = fine), from the alphabet and the text alone."""
    letters = ALPHABET[language]
    problems = []
    key = cipher.key
    if sorted(key) != sorted(letters) or sorted(key.values()) != sorted(letters):
        problems.append("key is not a bijection of the alphabet")
    fixed = [a for a, b in key.items() if a == b]
    if fixed:
        problems.append(f"letters stand for themselves: {fixed}")
    inverse = {b: a for a, b in key.items()}
    back = "".join(inverse.get(ch, ch) for ch in cipher.ciphertext)
    if back != cipher.plaintext:
        problems.append("does not decipher to the plaintext")
    # the plaintext is the text, upper-cased, with only the accents the language drops
    if len(cipher.plaintext) != len(" ".join(text.split())):
        problems.append("plaintext length differs from the text")
    for ch in cipher.plaintext:
        if ch.isalpha() and ch not in letters:
            problems.append(f"plaintext letter {ch} outside the alphabet")
    for a, b in zip(" ".join(text.split()).upper(), cipher.plaintext):
        if not a.isalpha() and a != b:
            problems.append(f"non-letter {a!r} changed to {b!r}")
    for p, c in zip(cipher.plaintext, cipher.ciphertext):
        if (p in letters) != (c in letters):
            problems.append("a letter enciphered to a non-letter or back")
    return problems


@pytest.mark.parametrize("language", ["en", "es", "ru"])
@pytest.mark.parametrize("seed", range(20))
def test_key_and_text(language, seed):
    cipher = encipher(TEXTS[language], language, seed)
    assert check(cipher, language, TEXTS[language]) == []


def test_spanish_keeps_enie_and_drops_accents():
    cipher = encipher(TEXTS["es"], "es", 1)
    assert "\u00d1" in cipher.plaintext and "MIRO" in cipher.plaintext
    assert "\u00bfQUIEN SUBIRA PRIMERO?" in cipher.plaintext


def test_russian_keeps_yo_and_drops_stress_marks():
    cipher = encipher("\u0437\u0430\u0301\u043c\u043e\u043a \u0438 \u0451\u0436\u0438\u043a "
                      "\u0441\u043f\u044f\u0442", "ru", 1)
    assert cipher.plaintext == "\u0417\u0410\u041c\u041e\u041a \u0418 \u0401\u0416\u0418\u041a " \
                               "\u0421\u041f\u042f\u0422"


def test_keys_vary_with_seed_and_repeat_with_it():
    keys = {tuple(encipher(TEXTS["en"], "en", s).key.values()) for s in range(30)}
    assert len(keys) == 30
    assert encipher(TEXTS["en"], "en", 7) == encipher(TEXTS["en"], "en", 7)


@pytest.mark.parametrize("text,language,words", [
    ("Tiny one", "en", "7 letters"),
    ("Sm\u00f8rrebr\u00f8d for all", "en", "outside the en alphabet"),
    ("\u041f\u0440\u0438\u0432\u0435\u0442 \u043c\u0438\u0440 hello", "ru", "outside"),
    ("Hello world \u041f\u0440\u0438", "en", "outside")])
def test_refused_texts_are_named(text, language, words):
    with pytest.raises(TextRefused) as err:
        encipher(text, language, 1)
    assert words in str(err.value) and text[:8] in str(err.value)


def test_hints():
    cipher = encipher(TEXTS["en"], "en", 3, hints=3)
    assert len(cipher.hints) == 3 and len(set(cipher.hints)) == 3
    assert all(h in cipher.plaintext for h in cipher.hints)
    easy = default_hints("THE QUICK BROWN FOX", "en", "easy")
    hard = default_hints("THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG " * 3, "en", "hard")
    assert easy > default_hints("THE QUICK BROWN FOX", "en", "medium") > 0
    assert hard == 0
    with pytest.raises(TextRefused, match="hints"):
        encipher("ABCDEFGHAB", "en", 1, hints=8)


def test_easy_reveals_frequent_letters():
    text = "EEEEE TTTT AAA QZX JKV BMW"
    cipher = encipher(text, "en", 5, hints=2, difficulty="easy")
    assert cipher.hints == ["E", "T"]


def test_read_texts(tmp_path):
    path = tmp_path / "texts.yaml"
    path.write_text("- {text: Time flies like an arrow, author: Someone}\n- Just a saying here\n",
                    encoding="utf-8")
    assert read_texts(path) == [{"text": "Time flies like an arrow", "author": "Someone"},
                                {"text": "Just a saying here", "author": None}]
    path.write_text("text: not a list\n", encoding="utf-8")
    with pytest.raises(TextRefused, match="list"):
        read_texts(path)


class RecordingCanvas:
    def __init__(self):
        self.points, self.texts = [], []

    def line(self, x1, y1, x2, y2):
        self.points += [(x1, y1), (x2, y2)]

    def drawCentredString(self, x, y, text):
        self.points.append((x, y))
        self.texts.append(text)

    def __getattr__(self, name):
        return lambda *a, **k: None


THEME = SimpleNamespace(font="Helvetica", font_bold="Helvetica-Bold", grid_font="Helvetica",
                        grid_font_bold="Helvetica-Bold", font_size=10.0, min_line_width=0.5,
                        min_font_size=7.0, line_width=0.5)


@pytest.mark.parametrize("solution", [False, True])
def test_drawing_in_box(solution):
    cipher = encipher(TEXTS["en"], "en", 2, hints=2)
    box = SimpleNamespace(x=40.0, y=100.0, width=250.0, height=200.0, top=300.0)
    canvas = RecordingCanvas()
    revealed = set(EN) if solution else set(cipher.hints)
    draw_cryptogram(canvas, cipher.ciphertext, cipher.plaintext, EN, box, THEME, revealed,
                    ["Hints: ...", "Someone"])
    for x, y in canvas.points:
        assert box.x <= x <= box.x + box.width and box.y <= y <= box.top
    plain_drawn = [t for t in canvas.texts if t in EN and t in cipher.plaintext]
    assert set(cipher.hints) <= set(plain_drawn)
    letters_in_text = sum(1 for ch in cipher.plaintext if ch in EN)
    written = len(canvas.texts) - 2 - sum(1 for ch in cipher.plaintext if ch not in EN + " ")
    # one cipher letter per letter, plus the plain letter where revealed
    revealed_count = sum(1 for ch in cipher.plaintext if ch in revealed)
    assert written == letters_in_text + revealed_count


def test_layout_refuses_what_cannot_fit():
    assert layout("ABC " * 400, 200, 100, THEME) is None
    assert layout("ABC DEF", 200, 100, THEME) is not None


class FontRecordingCanvas(RecordingCanvas):
    def __init__(self):
        super().__init__()
        self.sizes = []

    def setFont(self, font, size):
        self.sizes.append(size)


def test_large_print_floor_holds_for_the_cipher_letters():
    """A large-print layout (16 pt floor, no extra scale): every letter drawn, the small
    cipher letters included, is at least 16 pt, or the layout says the text does not fit."""
    theme = SimpleNamespace(**{**vars(THEME), "font_size": 16.0, "min_font_size": 16.0})
    cipher = encipher(TEXTS["en"], "en", 3, hints=2)
    box = SimpleNamespace(x=30.0, y=60.0, width=340.0, height=500.0, top=560.0)
    assert layout(cipher.ciphertext, box.width, box.height, theme) is not None
    canvas = FontRecordingCanvas()
    draw_cryptogram(canvas, cipher.ciphertext, cipher.plaintext, EN, box, theme, set(EN))
    assert canvas.sizes and min(canvas.sizes) >= 16.0
    # a box that holds the text only below the floor is refused, not drawn small
    assert layout(cipher.ciphertext, 200, 120, theme) is None
