"""Codewords checked by a decoder written here: the fill list read with plain parsing (not
the kind's), the entries read off the printed numbers, and a backtracking search over
letter-to-number assignments that counts the decodings (up to two) from the givens alone.
The grade is checked by a reader's steps written here too (docs/spec.md, Codeword)."""
from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from conftest import draw_kind, spec_error
from publisher.errors import GenerationFailed
from publisher.ground.catalogue import available, catalogue
from publisher.grids.blocked.grid import BLOCK
from publisher.kinds import all_kinds
from publisher.kinds.codeword.lattice import lattice
from publisher.kinds.codeword.make import COMMON
from publisher.kinds.codeword.solve import FEW

ROOT = Path(__file__).resolve().parent.parent / "wordlists"
KIND = all_kinds()["codeword"]


@cache
def fill_list(language: str) -> dict[str, int]:
    scores = {}
    units = catalogue(language).cell_units          # Dutch IJ is one cell: Ĳ
    for line in (ROOT / language / "fill.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, score = line.split(";")
            for group, cell in units.items():
                word = word.replace(group, cell)
            scores[word] = max(int(score), scores.get(word, 0))
    return scores


def repeats(seq) -> tuple[int, ...]:
    """Each position's first occurrence: ABBA and (5, 9, 9, 5) both give (0, 1, 1, 0)."""
    return tuple(seq.index(x) for x in seq)


@cache
def by_repeats(language: str) -> dict[tuple[int, ...], list[str]]:
    out: dict[tuple[int, ...], list[str]] = {}
    for word in fill_list(language):
        out.setdefault(repeats(word), []).append(word)
    return out


def runs(grid: list[list]) -> list[list[tuple[int, int]]]:
    """Cells of every across and down run of two or more white cells."""
    found = []
    size = len(grid)
    for transpose in (False, True):
        for a in range(size):
            run: list[tuple[int, int]] = []
            for b in range(size + 1):
                r, c = (b, a) if transpose else (a, b)
                if b < size and grid[r][c] is not None:
                    run.append((r, c))
                else:
                    if len(run) >= 2:
                        found.append(run)
                    run = []
    return found


def count_decodings(numbers, givens: dict[int, str], language: str, limit: int = 2) -> int:
    """How many one-to-one number -> letter assignments extending `givens` make every run a
    word of the fill list (any score), counted up to `limit`."""
    entries = [tuple(numbers[r][c] for r, c in run) for run in runs(numbers)]
    words = set(fill_list(language))
    # a word can only fit an entry whose numbers repeat where its letters do
    pools = [by_repeats(language).get(repeats(e), []) for e in entries]
    every = {n for e in entries for n in e}
    assigned = dict(givens)
    taken = set(givens.values())

    def fits(word: str, entry: tuple[int, ...]) -> dict[int, str] | None:
        new: dict[int, str] = {}
        for n, ch in zip(entry, word):
            have = assigned.get(n) or new.get(n)
            if have is None:
                if ch in taken or ch in new.values():
                    return None
                new[n] = ch
            elif have != ch:
                return None
        return new

    def search() -> int:
        if len(assigned) == len(every):
            return int(all("".join(assigned[n] for n in e) in words for e in entries))
        open_entries = [i for i, e in enumerate(entries) if any(n not in assigned for n in e)]
        # most decided letters first: the fewest words still fit it
        i = max(open_entries, key=lambda j: (sum(n in assigned for n in entries[j]), -len(pools[j])))
        found = 0
        for word in pools[i]:
            new = fits(word, entries[i])
            if new is None:
                continue
            assigned.update(new)
            taken.update(new.values())
            if all("".join(assigned[n] for n in e) in words for e in entries
                   if all(n in assigned for n in e)):
                found += search()
            for n in new:
                taken.discard(assigned.pop(n))
            if found >= limit:
                break
        return found

    return search()


def reader_decodes(numbers, givens: dict[int, str], language: str, crossing: bool,
                   hard: bool) -> dict[int, str] | None:
    """The decoding a reader's steps reach without a guess, None when they stall. Without
    `crossing`, the easy step alone: an entry whose decided letters (and the decided letters
    its other numbers cannot be) leave one list word gives its letters. With `crossing`, a
    number keeps the letters a fitting word of each entry through it allows, counting only
    entries FEW words or fewer fit (medium) or, with `hard`, every entry; `hard` also:
    when the grid holds the whole alphabet, a letter only one number can still be is
    that number's; a number with two letters left, one of which stalls crossing entries on a
    contradiction, is the other."""
    alphabet = catalogue(language).cell_alphabet
    entries = [tuple(numbers[r][c] for r, c in run) for run in runs(numbers)]
    every = {n for e in entries for n in e}
    can = {n: {givens[n]} if n in givens else set(alphabet) for n in every}

    pools = [list(by_repeats(language).get(repeats(e), ())) for e in entries]

    def steps(can: dict[int, set[str]], pools: list[list[str]]) -> None:
        while True:
            before = {n: set(ls) for n, ls in can.items()}
            for n, ls in before.items():
                if len(ls) == 1:
                    for m in can:
                        if m != n:
                            can[m] -= ls
            decided = {n: next(iter(ls)) for n, ls in can.items() if len(ls) == 1}
            for i, entry in enumerate(entries):
                if crossing:
                    pools[i] = [w for w in pools[i]
                                if all(ch in can[n] for ch, n in zip(w, entry))]
                    if hard or len(pools[i]) <= FEW:
                        for pos, n in enumerate(entry):
                            can[n] &= {w[pos] for w in pools[i]}
                else:
                    fit = [w for w in pools[i] if all(
                        decided[n] == ch if n in decided else ch not in decided.values()
                        for ch, n in zip(w, entry))]
                    if len(fit) == 1 and any(n not in decided for n in entry):
                        for ch, n in zip(fit[0], entry):
                            can[n] = {ch}
                        break
            if any(not ls for ls in can.values()) or can == before:
                return

    while True:
        steps(can, pools)
        if any(not ls for ls in can.values()):
            return None
        if all(len(ls) == 1 for ls in can.values()):
            return {n: next(iter(ls)) for n, ls in can.items()}
        if not hard:
            return None
        holders = {letter: [n for n, ls in can.items() if letter in ls] for letter in alphabet}
        alone = [(letter, ns[0]) for letter, ns in holders.items()
                 if len(every) == len(alphabet) and len(ns) == 1 and len(can[ns[0]]) > 1]
        if alone:
            can[alone[0][1]] = {alone[0][0]}
            continue
        for n in sorted(n for n, ls in can.items() if len(ls) == 2):
            broken = []
            for letter in sorted(can[n]):
                trial = {m: set(ls) for m, ls in can.items()}
                trial[n] = {letter}
                steps(trial, [list(pool) for pool in pools])
                if any(not ls for ls in trial.values()):
                    broken.append(letter)
            if len(broken) == 1:
                can[n] -= set(broken)
                break
        else:
            return None


SEEDS: dict[tuple[str, int, int, str], int] = {}


@cache
def board(language: str, size: int, seed: int, difficulty: str = "easy"):
    """The first candidate from `seed` on that could be made, as the batch keeps one."""
    params = KIND.params_model(language=language, size=size, givens=2, difficulty=difficulty,
                               fill=str(ROOT / language / "fill.txt"))
    for candidate in range(seed, seed + 8):
        try:
            made = KIND.generate(params, candidate)
        except GenerationFailed:
            continue
        SEEDS[language, size, seed, difficulty] = candidate
        return made
    raise AssertionError(f"no {language} {size}x{size} codeword in 8 candidates")


CASES = [("en", 11, 1), ("es", 11, 2), ("ru", 11, 3)]


@pytest.mark.parametrize("language, size, seed", CASES)
def test_the_givens_decode_the_grid_one_way_only(language, size, seed):
    b = board(language, size, seed)
    assert len(b.givens) == 2
    givens = {b.key[letter]: letter for letter in b.givens}
    assert count_decodings(b.numbers, givens, language) == 1
    assert b.grade == "easy"


@pytest.mark.parametrize("language, size, seed", CASES)
def test_easy_needs_only_entries_one_word_fits(language, size, seed):
    b = board(language, size, seed)
    givens = {b.key[letter]: letter for letter in b.givens}
    answer = {n: letter for letter, n in b.key.items()}
    assert reader_decodes(b.numbers, givens, language, crossing=False, hard=False) == answer


def test_medium_needs_a_few_fitting_words_and_hard_any_entry():
    """Kept exactly at the grade asked: the next easier steps stall, its own steps finish,
    and the decoding is unique."""
    for difficulty, size, crossing, hard in (("medium", 11, True, False),
                                             ("hard", 11, True, True)):
        b = board("en", size, 4, difficulty)
        assert b.grade == difficulty and KIND.manifest(b)["grade"] == difficulty
        givens = {b.key[letter]: letter for letter in b.givens}
        answer = {n: letter for letter, n in b.key.items()}
        easier = dict(crossing=False, hard=False) if difficulty == "medium" else \
            dict(crossing=True, hard=False)
        assert reader_decodes(b.numbers, givens, "en", **easier) is None, difficulty
        assert reader_decodes(b.numbers, givens, "en", crossing, hard) == answer
        assert count_decodings(b.numbers, givens, "en") == 1


FILL_LANGUAGES = [code for code in available() if (ROOT / code / "fill.txt").is_file()]


@pytest.mark.parametrize("language", FILL_LANGUAGES)
def test_a_small_codeword_builds_in_every_language_with_a_fill_list(language):
    """Every catalogued language with a fill list (those that land later too): a 9x9
    codeword at 2 givens decodes one way, its letters are the language's, and every
    letter of the alphabet it lacks is reported but those the language's words hardly use
    (review 6: Italian K, Portuguese W)."""
    b = board(language, 9, 7)
    alphabet = catalogue(language).cell_alphabet
    rare = catalogue(language).rare_letters
    givens = {b.key[letter]: letter for letter in b.givens}
    assert count_decodings(b.numbers, givens, language) == 1
    assert set(b.key) <= set(alphabet)
    for row in b.solution:
        for letter in row:
            assert letter is None or letter in b.key
    lacking = [ch for ch in alphabet if ch not in b.key and ch not in rare]
    assert all(any(letter in w for w in b.warnings) for letter in lacking), (lacking, b.warnings)
    assert bool(lacking) == bool(b.warnings)
    named = {letter for w in b.warnings
             for letter in w.split("lacks ", 1)[1].split(" (")[0].split(", ")}
    assert named == set(lacking), (named, lacking)     # a rare letter is never named
    if language in ("it", "pt"):     # these grids lack a rare letter (it K, W; pt W)
        assert set(alphabet) - set(b.key) & set(rare)
    assert not shape_faults([[n is None for n in row] for row in b.numbers], pairs=True)


@pytest.mark.parametrize("language, size, seed", CASES)
def test_every_number_is_one_letter_and_every_entry_a_common_word(language, size, seed):
    b = board(language, size, seed)
    alphabet = catalogue(language).alphabet
    assert sorted(b.key.values()) == list(range(1, len(b.key) + 1))
    letter_of = {}
    for row, numbers in zip(b.solution, b.numbers):
        for letter, n in zip(row, numbers):
            assert (letter is None) == (n is None)
            if n is not None:
                assert letter_of.setdefault(n, letter) == letter
                assert b.key[letter] == n
    assert set(letter_of.values()) == set(b.key) <= set(alphabet)
    for run in runs(b.solution):
        word = "".join(b.solution[r][c] for r, c in run)
        assert fill_list(language).get(word, -1) >= COMMON, word
    rare = catalogue(language).rare_letters
    lacking = [ch for ch in alphabet if ch not in b.key and ch not in rare]
    for letter in lacking:                      # every letter the grid lacks is reported
        assert any(letter in w for w in b.warnings), (letter, b.warnings)
    assert not lacking or b.warnings


@pytest.mark.parametrize("language, seed, most_lacking", [
    ("en", 1, 0), ("en", 2, 0), ("en", 3, 0), ("es", 1, 0), ("ru", 1, 1), ("ru", 2, 1)])
def test_a_13x13_codeword_holds_the_whole_alphabet_in_common_words(language, seed, most_lacking):
    """Rare letters (J Q X Z, Ñ, Ъ Э Ю Щ ...) are brought in by common words: read off the
    manifest's solution, an English or Spanish 13x13 grid holds every letter of the alphabet
    and a Russian one lacks at most one of its 33."""
    b = board(language, 13, seed)
    entry = json.loads(json.dumps(KIND.manifest(b), ensure_ascii=False))
    held = set("".join(entry["solution"])) - {"#"}
    lacking = [ch for ch in catalogue(language).cell_alphabet if ch not in held]
    assert len(lacking) <= most_lacking, lacking
    grid = [[None if ch == "#" else ch for ch in row] for row in entry["solution"]]
    assert not shape_faults([[ch is None for ch in row] for row in grid], pairs=True)
    for run in runs(grid):
        word = "".join(grid[r][c] for r, c in run)
        assert fill_list(language).get(word, -1) >= COMMON, word


@pytest.mark.parametrize("language, size, seed", CASES)
def test_blocks_are_symmetric_under_a_half_turn(language, size, seed):
    cells = board(language, size, seed).numbers
    assert len(cells) == size and all(len(row) == size for row in cells)
    for r in range(size):
        for c in range(size):
            assert (cells[r][c] is None) == (cells[size - 1 - r][size - 1 - c] is None)


def flood(white: int, start: int, width: int) -> int:
    """The white cells joined to bit `start`: cells are bits of one integer, a row `width`
    bits wide with a guard bit at its end so no step wraps round to the next row."""
    area = 1 << start
    while True:
        grown = (area | area << 1 | area >> 1 | area << width | area >> width) & white
        if grown == area:
            return area
        area = grown


def shape_faults(blocks: list[list[bool]], pairs: bool) -> list[str]:
    """What keeps a codeword grid from the sturdy lattice docs/spec.md describes: one white
    area; no white cell whose loss splits it; no row or column but the outer ones with
    fewer than two white cells besides its end cells (a band of blocks); and, `pairs`,
    no two white cells whose loss cuts off more than a quarter of the white cells."""
    size = len(blocks)
    width = size + 1
    bits = [r * width + c for r in range(size) for c in range(size) if not blocks[r][c]]
    white = sum(1 << b for b in bits)
    faults = []
    inner = [row[1:-1] for row in blocks[1:-1]]
    for name, lines in (("row", inner), ("column", [list(col) for col in zip(*inner)])):
        faults += [f"{name} {i + 1} is a band" for i, line in enumerate(lines)
                   if line.count(False) < 2]
    if flood(white, bits[0], width) != white:
        return faults + ["two white areas"]
    for a in bits:
        rest = white & ~(1 << a)
        if flood(rest, bits[a == bits[0]], width) != rest:
            faults.append(f"cell {divmod(a, width)} holds the grid together")
        for b in bits if pairs else ():
            if b <= a:
                continue
            rest = white & ~(1 << a) & ~(1 << b)
            area = flood(rest, next(x for x in bits if x not in (a, b)), width)
            kept = max(area.bit_count(), (rest & ~area).bit_count())
            if rest.bit_count() - kept > len(bits) // 4:
                faults.append(f"cells {divmod(a, width)} {divmod(b, width)} cut off "
                              f"{rest.bit_count() - kept}")
    return faults


@pytest.mark.parametrize("size", [9, 11, 13, 15, 17])
def test_grids_are_one_sturdy_lattice_with_no_band_of_blocks(size):
    """Over many seeds, every grid is one white area that no cell holds together and no
    inner row or column is blocks but for its end cells (the old grids split by a band
    through the middle); on a few, no two cells hold a quarter of it to the rest."""
    for seed in range(12):
        grid = lattice(size, random.Random(seed))
        blocks = [[ch == BLOCK for ch in row] for row in grid]
        assert not shape_faults(blocks, pairs=seed < 2), (seed, grid)


def test_the_shape_checker_finds_a_band_a_hanging_corner_and_a_pinch():
    band = [".........", ".#.#.#.#.", ".........", ".#.#.#.#.", ".#######.",
            ".#.#.#.#.", ".........", ".#.#.#.#.", "........."]
    corner = [".....#...", ".#.#.#.#.", ".........", ".#.#.#.##", ".........",
              "##.#.#.#.", ".........", ".#.#.#.#.", "...#....."]
    found = [shape_faults([[ch == "#" for ch in row] for row in grid], pairs=True)
             for grid in (band, corner)]
    assert any("row 4 is a band" in f for f in found[0]), found[0]
    assert any("cut off" in f for f in found[0]), found[0]
    assert any("holds the grid together" in f for f in found[1]), found[1]


def test_a_wrong_given_breaks_the_decoding():
    """The checker can fail: a given changed to another letter leaves no decoding."""
    b = board("en", 11, 1)
    letter = b.givens[0]
    other = next(ch for ch in "QZXJ" if ch != letter and ch not in b.givens)
    assert count_decodings(b.numbers, {b.key[letter]: other}, "en") == 0


def test_same_seed_same_bytes():
    first = board("en", 11, 1)
    params = KIND.params_model(language="en", size=11, givens=2,
                               fill=str(ROOT / "en" / "fill.txt"))
    second = KIND.generate(params, SEEDS["en", 11, 1, "easy"])
    assert json.dumps(KIND.manifest(first)) == json.dumps(KIND.manifest(second))
    assert draw_kind(KIND, first)[0].pages[0].extract_text() == \
        draw_kind(KIND, second)[0].pages[0].extract_text()


def test_manifest_fields_round_trip_and_print():
    b = board("ru", 11, 3)
    entry = json.loads(json.dumps(KIND.manifest(b), ensure_ascii=False))
    assert set(entry) == {"solution", "numbers", "key", "givens", "grade"}
    assert all(n is None or isinstance(n, int) for row in entry["numbers"] for n in row)
    again = KIND.from_manifest(entry)
    assert KIND.manifest(again) == entry and again.language == "ru"
    reader, _ = draw_kind(KIND, b, language="ru")
    puzzle = reader.pages[0].extract_text()
    for letter in catalogue("ru").alphabet:    # the tracker prints the 33 letters
        assert letter in puzzle
    assert str(len(b.key)) in puzzle           # the key row runs to N


@pytest.mark.parametrize("section, field", [
    ({"kind": "codeword", "size": 8}, "size"),
    ({"kind": "codeword", "size": 19}, "size"),
    ({"kind": "codeword", "givens": 0}, "givens"),
    ({"kind": "codeword", "colour": "red"}, "colour"),
    ({"kind": "codeword", "difficulty": "expert"}, "difficulty"),
])
def test_spec_errors_name_the_field(tmp_path, section, field):
    assert field in spec_error(tmp_path, section)


def test_answers_share_a_page_and_read_back(write_spec, tmp_path):
    """A codeword's answer is the grid's letters and a key with each number over its letter,
    at 7 pt or more: four 11x11 answers share one page (each took a page of its own when
    the grid's small numbers were printed), and the key reads back as the manifest's."""
    import io

    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from conftest import draw_context
    from pdfmarks import page_marks, smallest_text
    from publisher.pipeline import build_book
    from publisher.ground.fonts import register_fonts
    from publisher.kinds.base import Box

    spec = write_spec("""\
title: Codeword answers
seed: 3
sections:
  - kind: codeword
    size: 11
    count: 4
""")
    result = build_book(spec, tmp_path, workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert len({p["answer_page"] for p in manifest["puzzles"]}) == 1

    b = board("en", 13, 1)
    ctx = draw_context(KIND, language="en")
    quarter = Box(54, 54, 245, 320)          # a quarter of a Letter page's text block
    assert KIND.fits(b, quarter, ctx, solution=True) is None
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName="PTSans")
    KIND.draw_solution(canvas, b, quarter, ctx)
    canvas.save()
    pdf = buffer.getvalue()
    assert smallest_text(page_marks(pdf, 0)) >= 7.0 - 0.05
    texts: list[tuple[str, float, float]] = []
    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(
        visitor_text=lambda text, cm, tm, font, size: texts.append(
            (text.strip(), tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5])) if text.strip() else None)
    numbers = [(int(t), x, y) for t, x, y in texts if t.isdigit()]
    assert sorted(n for n, _, _ in numbers) == list(range(1, len(b.key) + 1))   # key only
    letters = [(t, x, y) for t, x, y in texts if not t.isdigit()]
    for n, x, y in numbers:
        under = [(y - ly, t) for t, lx, ly in letters if ly < y and abs(lx - x) < 6]
        assert min(under)[1] == {v: k for k, v in b.key.items()}[n]
    # with a page to itself (How to play) the answer keeps a number in every white cell
    whole = io.BytesIO()
    canvas = Canvas(whole, invariant=1, initialFontName="PTSans")
    KIND.draw_solution(canvas, b, Box(54, 54, 504, 620), ctx)
    canvas.save()
    digits = [t for t in PdfReader(whole).pages[0].extract_text().split() if t.isdigit()]
    white = sum(n is not None for row in b.numbers for n in row)
    assert len(digits) == white + len(b.key)


def test_large_print_numbers_grow_to_the_floor(write_spec, tmp_path):
    """In large print (16 pt floor) a 9x9 and an 11x11 codeword print one to a page: their
    numbers grow past 0.3 of a cell and the letters under them keep at least their size;
    a 15x15, which cannot, is refused with the largest size that reads (13), not advice
    to put fewer on a page (it is alone on one already)."""
    from pdfmarks import page_marks, smallest_text
    from pypdf import PdfReader

    from publisher.errors import PublisherError
    from publisher.pipeline import build_book

    book = """\
title: Large
layout: large-print
seed: 3
sections:
  - kind: codeword
    size: 9
  - kind: codeword
    size: 11
"""
    result = build_book(write_spec(book), tmp_path / "ok", workers=1)
    pdf = result.pdf.read_bytes()
    pages = {p["page"] for p in json.loads(result.manifest.read_text())["puzzles"]}
    assert len(pages) == 2                                  # one to a page
    assert min(smallest_text(page_marks(pdf, n)) or 99
               for n in range(len(PdfReader(result.pdf).pages))) >= 16 - 0.05
    # The How to play page shows its solved example there too, the grid's numbers grown
    # to the floor over every letter (an 11x11 example missed it; the page had none).
    howto = [page.extract_text() for page in PdfReader(result.pdf).pages[:min(pages) - 1]]
    howto = [text for text in howto if text.startswith("How to play: Codeword")]
    assert len(howto) == 1 and "Example: a solved puzzle" in howto[0]
    digits = [int(t) for t in howto[0].split("Example: a solved puzzle")[1].split()
              if t.isdigit()]
    assert max(digits) >= 20 and len(digits) > 40    # the key's numbers and the grid's
    with pytest.raises(PublisherError) as err:
        build_book(write_spec(book.replace("size: 11", "size: 15")), tmp_path / "bad", workers=1)
    assert "use size 13" in str(err.value) and "fewer" not in str(err.value)


def _book_words(tmp_path, language: str, count: int, workers: int, repeat: str = "never"):
    """Each codeword's words (read from its solution) in a book of `count`, and its bytes."""
    from publisher.pipeline import build_book
    folder = tmp_path / f"{workers}-{repeat}"
    folder.mkdir()
    spec = folder / "book.yaml"
    spec.write_text(json.dumps({"title": "Codes", "seed": 5, "language": language,
                                "sections": [{"kind": "codeword", "size": 11, "count": count,
                                              "repeat": repeat}]}), encoding="utf-8")
    result = build_book(spec, folder / "out", workers=workers)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    words = [{word for line in (*p["solution"], *map("".join, zip(*p["solution"])))
              for word in line.split("#") if len(word) > 1} for p in puzzles]
    return words, result.manifest.read_bytes()


def test_a_books_codewords_share_no_word_but_those_placing_a_rare_letter(tmp_path):
    """Codewords of one book are made in turn, each without the words of those before it
    (the same words came back: Spanish UNO, ORO, ARABE in each of four), whatever the
    workers; only words holding a letter few common words hold (W: WEB, WATTS) may come
    back, lest a grid lack the letter."""
    def again(words: list[set[str]]) -> set[str]:
        return {w for i, a in enumerate(words) for b in words[i + 1:] for w in a & b}

    words, first = _book_words(tmp_path, "es", 3, workers=2)
    assert all("W" in w or "K" in w for w in again(words)), again(words)
    assert _book_words(tmp_path, "es", 3, workers=1)[1] == first
    # without the chain (`repeat: allow`) everyday words come back: AÑO, AMENAZA, ERA
    assert again(_book_words(tmp_path, "es", 3, workers=1, repeat="allow")[0]) - again(words)
