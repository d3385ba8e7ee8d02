"""Print pages that adapt (issue 10): word-search grids of one size drawn at one size, centred
with their lists; crossword clues that continue on the facing page; worked examples for the word
kinds that give no answer away. Measured on the PDF with tests/pdfmarks.py (no renderer code)."""
from __future__ import annotations

import json
import re
import statistics

from pypdf import PdfReader

from pdfmarks import page_marks, smallest_text

TWO_GRIDS = """\
title: Two Grids
layout: 6x9
seed: 4
sections:
  - kind: wordsearch
    title: Words
    size: 12
    per_page: 2
    candidates: 1
    puzzles:
      - {title: Short, words: [cat, dog, cow, hen]}
      - {title: Long, words: [elephant, crocodile, butterfly, kangaroo, porcupine, hedgehog,
                              flamingo, armadillo, chameleon, tortoise, penguin, squirrel,
                              dolphin, giraffe, leopard, octopus]}
"""


def _build(write_spec, out, text):
    from publisher.pipeline import build_book
    return build_book(write_spec(text), out, workers=1)


def _grids(marks, page_height):
    """The grid letters (one-character text runs) of the top and the bottom half."""
    letters = [m for m in marks if m.kind == "text" and len(m.text) == 1 and m.text.isalpha()]
    top = [m for m in letters if m.bbox[1] > page_height / 2]
    return top, [m for m in letters if m.bbox[1] <= page_height / 2]


def _cell(letters) -> float:
    """The distance between neighbouring letter centres in a row: the grid's cell."""
    rows: dict[float, list[float]] = {}
    for m in letters:
        rows.setdefault(round(m.bbox[1], 1), []).append((m.bbox[0] + m.bbox[2]) / 2)
    steps = [b - a for xs in rows.values() for a, b in zip(sorted(xs), sorted(xs)[1:])]
    return statistics.median(steps)


def test_two_grids_of_one_size_on_a_page_are_drawn_at_one_size(write_spec, tmp_path):
    result = _build(write_spec, tmp_path, TWO_GRIDS)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    pages = {p["page"] for p in manifest["puzzles"]}
    assert len(pages) == 1                       # both on one page
    page = pages.pop()
    data = result.pdf.read_bytes()
    height = float(PdfReader(result.pdf).pages[page - 1].mediabox.height)
    top, bottom = _grids(page_marks(data, page - 1), height)
    assert len(top) == len(bottom) == 144
    assert abs(_cell(top) - _cell(bottom)) < 0.01, (_cell(top), _cell(bottom))
    assert {round(m.size, 2) for m in top} == {round(m.size, 2) for m in bottom}
    # The answers too: the same grid size, the same letters' size.
    answer = manifest["puzzles"][0]["answer_page"]
    assert answer == manifest["puzzles"][1]["answer_page"]
    answer_marks = [m for m in page_marks(data, answer - 1)
                    if m.kind == "text" and len(m.text) == 1 and m.text.isalpha()]
    assert len({round(m.size, 2) for m in answer_marks}) == 1


LARGE_6X9 = """\
page: [6in, 9in]
margins: {top: 0.5in, bottom: 0.5in, inner: 0.625in, outer: 0.4in}
font_size: 16
title_size: 22
large_print: true
min_font_size: 16
min_answer_font_size: 16
scale: 1.4
"""
LONG_CLUES = """\
title: Long Clues
layout: lp69.yaml
seed: 3
answer_key: false
sections:
  - {kind: crossword, size: 21, candidates: 1, count: 1, words_per_puzzle: 40,
     clues: en/general-clues}
"""


def test_clues_that_do_not_fit_continue_on_the_next_pages(write_spec, tmp_path):
    """A 21x21 crossword with 40 clues on a 6x9 large-print page: no text below 16 pt, so
    the clues run on to "clues continued" pages, and every clue is printed."""
    from publisher.pipeline import build_book
    result = build_book(write_spec(LONG_CLUES, lp69__yaml=LARGE_6X9), tmp_path / "out",
                        workers=1)
    data = result.pdf.read_bytes()
    reader = PdfReader(result.pdf)
    for index in range(len(reader.pages)):
        smallest = smallest_text(page_marks(data, index))
        assert smallest is None or smallest >= 16 - 0.01, (index + 1, smallest)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    puzzle = manifest["puzzles"][0]
    assert len(puzzle["entries"]) >= 30
    page = puzzle["page"]
    continued = [i for i, p in enumerate(reader.pages, start=1)
                 if "(clues continued)" in p.extract_text()]
    assert continued and continued[0] == page + 1, (page, continued)
    assert page % 2 == 0           # a left-hand page: the clues continue on the facing one
    assert continued == list(range(page + 1, page + 1 + len(continued)))
    printed = "".join("".join(reader.pages[i - 1].extract_text().split())
                      for i in [page] + continued)
    for entry in puzzle["entries"]:
        assert "".join(entry["clue"].split()) in printed, entry["clue"]
    assert any("continue" in w for w in result.warnings)


WORD_KINDS = """\
title: Words Everywhere
seed: 2
layout: 6x9
sections:
  - {kind: scramble, words: [planet, garden, orange, winter, pencil], candidates: 1}
  - {kind: cryptogram, texts: ["Octopuses have three hearts and blue blood."]}
  - kind: wordsearch
    size: 10
    candidates: 1
    puzzles: [{title: Farm, words: [donkey, rabbit, turkey, goose, lantern, walrus]}]
  - {kind: crossword, size: 11, candidates: 1, count: 1, words_per_puzzle: 10,
     clues: en/general-clues}
  - {kind: fillin, size: 12, count: 1, words_per_puzzle: 8, words: en/animals, candidates: 1}
"""


def _book_answers(puzzle: dict) -> list[str]:
    """The words a solver finds, read from the manifest (docs/manifest.md)."""
    kind = puzzle["kind"]
    if kind == "wordsearch":
        return [w["answer"] for w in puzzle["words"]]
    if kind in ("crossword", "fillin"):
        return [e["answer"] for e in puzzle["entries"]]
    if kind == "scramble":
        return [item["answer"] for item in puzzle["items"]]
    if kind == "cryptogram":
        return [w.strip(".,;:!?") for w in puzzle["plaintext"].split() if len(w) >= 4]
    return []


def test_word_kinds_show_a_worked_example_that_gives_no_answer_away(write_spec, tmp_path):
    """Each word kind's How to play page draws a solved example from the catalogue's
    example words; the book's word search uses two of them (lantern, walrus), so they are
    left out, and no answer of the book is printed before the puzzles."""
    from publisher.ground.catalogue import catalogue
    result = _build(write_spec, tmp_path, WORD_KINDS)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    reader = PdfReader(result.pdf)
    first = min(int(p["page"]) for p in manifest["puzzles"])
    front = [reader.pages[i].extract_text() for i in range(first - 1)]
    howto = [text for text in front if text.startswith("How to play:")]
    assert len(howto) == 5
    assert all("Example: a solved puzzle" in text for text in howto), howto
    # What is drawn after the "Example" label: the examples (the rules' own words, "start"
    # say, may well be answers of a crossword).
    drawn = [text.split("Example: a solved puzzle", 1)[1] for text in howto]
    joined = "".join("".join(drawn).upper().split())     # letters one per box join up
    answers = {a.upper() for p in manifest["puzzles"] for a in _book_answers(p)}
    assert {"LANTERN", "WALRUS"} <= answers
    for answer in answers:
        assert answer not in joined, answer
    # The examples are made of the catalogue's other example words.
    examples = {w.upper() for w in catalogue("en").lookup("kinds.wordsearch.example_words")}
    assert len({w for w in examples - answers if w in joined}) >= 3


OPENERS = """\
title: Openers
layout: 6x9
seed: 3
bleed: BLEED
section_openers: true
padding: more
sections:
  - {kind: queens, size: 6, count: 3, candidates: 1}
  - {kind: wordsearch, size: 10, candidates: 1, count: 2, words_per_puzzle: 8,
     words: en/animals}
"""
BLEED = 9.0                    # 0.125 in, in points


def test_section_openers_bleed_and_a_more_puzzles_page(write_spec, tmp_path):
    """Each section opens on a right-hand page whose band runs into the bleed at the top
    and the outside edge (and stays inside the margins without bleed); the padding starts
    with a "More puzzles" page; the book passes the preflight either way."""
    from publisher.preflight import check_file
    for bleed in (True, False):
        result = _build(write_spec, tmp_path / str(bleed),
                        OPENERS.replace("BLEED", "true" if bleed else "false"))
        reader = PdfReader(result.pdf)
        texts = [p.extract_text() for p in reader.pages]
        openers = [n for n, text in enumerate(texts, start=1)
                   if re.search(r"^\d puzzles$", text, re.M)]
        assert len(openers) == 2 and all(n % 2 == 1 for n in openers), openers
        manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
        assert {p["page"] for p in manifest["puzzles"]} >= {openers[0] + 1, openers[1] + 1}
        # the contents point at where each section starts: its opener
        contents = next(text for text in texts if text.startswith("Contents"))
        listed = [int(n) for n in re.findall(r"puzzles\D*?(\d+)$", contents, re.M)]
        assert listed == openers, (contents, openers)
        data = result.pdf.read_bytes()
        for n in openers:
            media = [float(v) for v in reader.pages[n - 1].mediabox]
            trim = [float(v) for v in reader.pages[n - 1].trimbox]
            band = max((m for m in page_marks(data, n - 1) if m.kind == "fill"),
                       key=lambda m: (m.bbox[2] - m.bbox[0]) * (m.bbox[3] - m.bbox[1]))
            if bleed:      # into the bleed at the top and at the outside (right) edge
                assert band.bbox[3] >= media[3] - 0.01 and band.bbox[2] >= media[2] - 0.01
                assert media[3] - trim[3] >= BLEED - 0.01
            else:          # inside the 0.25 in outside margin
                assert band.bbox[3] <= trim[3] - 18 and band.bbox[2] <= trim[2] - 18
        more = [n for n, text in enumerate(texts, start=1) if text.startswith("More puzzles")]
        notes = [n for n, text in enumerate(texts, start=1) if text.startswith("Notes")]
        assert len(more) == 1 and notes and more[0] < min(notes)
        added = f"1 More puzzles page and {len(notes)} Notes page{'s' * (len(notes) > 1)} added"
        assert any(note.startswith(added) for note in result.notes), result.notes
        assert check_file(result.pdf, bleed=bleed).ok


def test_the_preflight_still_refuses_ink_in_the_margin_that_does_not_bleed(tmp_path):
    """Bleed art reaches the sheet's edge; a shape that stops short of it, or text, in the
    margin still fails."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from publisher.preflight import check_bytes

    def book(paint) -> bytes:
        buffer = io.BytesIO()
        width, height = 6 * 72 + BLEED, 9 * 72 + 2 * BLEED
        canvas = Canvas(buffer, pagesize=(width, height))
        for number in range(1, 25):
            x = 0 if number % 2 else BLEED
            canvas.setTrimBox((x, BLEED, x + 6 * 72, BLEED + 9 * 72))
            canvas.setBleedBox((0, 0, width, height))
            if number == 3:
                paint(canvas, width, height)
            canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    def margins_ok(paint) -> bool:
        report = check_bytes(book(paint), "t", (6 * 72, 9 * 72), bleed=True)
        return next(f for f in report.findings if f.rule == "margins").ok

    assert margins_ok(lambda c, w, h: c.rect(0, h - 100, w, 100, stroke=0, fill=1))
    assert not margins_ok(lambda c, w, h: c.rect(20, h - 100, w - 40, 90, stroke=0, fill=1))
    assert not margins_ok(lambda c, w, h: c.drawString(w - 20, h - 10, "edge"))


CROSSWORD_ONLY = """\
title: Clue Numbers
layout: 6x9
seed: 5
sections:
  - {kind: crossword, size: 11, candidates: 1, count: 1, words_per_puzzle: 8,
     clues: en/general-clues}
"""


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_crossword_worked_example_shows_numbers_answers_and_clues(write_spec, tmp_path):
    """The rules speak of clue numbers and clues, so the worked example shows them: each
    listed clue's number is printed once in the grid, in a cell with a letter, clear of
    it; the clues are catalogue example clues with their answer's length."""
    from publisher.ground.catalogue import catalogue
    result = _build(write_spec, tmp_path, CROSSWORD_ONLY)
    reader = PdfReader(result.pdf)
    index = next(i for i, page in enumerate(reader.pages)
                 if page.extract_text().startswith("How to play: Crossword"))
    text = reader.pages[index].extract_text()
    shown = [(w, clue) for w, clue in catalogue("en").lookup("kinds.crossword.example_clues")
             if clue in " ".join(text.split())]
    assert len(shown) >= 3, text
    for word, clue in shown:
        assert f"{clue} ({len(word)})" in " ".join(text.split())
    lines = [line.strip() for line in text.splitlines()]
    clue_lines = lines[lines.index("ACROSS"):-1]          # the last line: the folio
    listed = {int(line) for line in clue_lines if line.isdigit()}
    assert len(listed) >= len(shown) - 1          # an across and a down may share a number
    marks = page_marks(result.pdf.read_bytes(), index)
    letters = [m for m in marks if m.kind == "text" and len(m.text) == 1 and m.text.isupper()]
    heading = next(m for m in marks if m.kind == "text" and m.text == "ACROSS")
    numbers = [m for m in marks if m.kind == "text" and m.text.isdigit()
               and m.bbox[1] > heading.bbox[3]]           # in the grid, above the clues
    assert sorted(int(m.text) for m in numbers) == sorted(listed)
    for number in numbers:
        near = [m for m in letters if abs(m.bbox[0] - number.bbox[0]) < letters[0].size * 1.5
                and abs(m.bbox[3] - number.bbox[3]) < letters[0].size * 1.5]
        assert near, number                       # the number sits in a lettered cell
        assert not any(_overlap(number.bbox, m.bbox) for m in letters), number


LONG_INTRODUCTION = """\
title: Long Introduction
layout: 6x9
seed: 2
introduction: "INTRO"
sections:
  - {kind: queens, title: Queens, size: 6, count: 1, candidates: 1}
"""


def test_a_long_introduction_runs_on_over_the_pages_it_needs(write_spec, tmp_path):
    """Its every sentence printed, in order, on pages of its own; the contents give the
    How to play page after them; the book passes the print check."""
    from publisher.preflight import check_file
    sentences = [f"Sentence {n} of the introduction runs here." for n in range(1, 181)]
    text = " ".join(sentences[:90]) + "\\n\\n" + " ".join(sentences[90:])
    result = _build(write_spec, tmp_path, LONG_INTRODUCTION.replace("INTRO", text))
    texts = [" ".join(p.extract_text().split()) for p in PdfReader(result.pdf).pages]
    found = [re.findall(r"Sentence (\d+) of", t) for t in texts]
    pages = [n for n, numbers in enumerate(found, start=1) if numbers]
    assert len(pages) >= 3 and pages == list(range(pages[0], pages[-1] + 1))
    assert [int(n) for numbers in found for n in numbers] == list(range(1, 181))
    contents = next(t for t in texts if t.startswith("Contents"))
    assert re.search(rf"Introduction[ .]*{pages[0]}\b", contents)
    assert re.search(rf"How to play[ .]*{pages[-1] + 1}\b", contents)
    assert texts[pages[-1]].startswith("How to play")
    assert len(texts) % 2 == 0 and check_file(result.pdf).ok


CLUED = """\
title: One clue size
layout: 6x9
seed: 5
sections:
  - kind: crossword
    title: Crosswords
    size: 13
    candidates: 2
    puzzles:
      - title: Few
        clues:
          piano: Instrument with keys
          tiger: Striped big cat
          river: Flowing water
          apple: Red or green fruit
          lemon: Sour yellow fruit
      - title: Many
        clues:
          walrus: Tusked Arctic sea mammal that lives on the ice floes
          violin: Four-stringed instrument played with a bow under the chin
          anchor: It keeps a ship in place when the sails are down
          cactus: Spiny desert plant that stores water in its thick stems
          kettle: You boil water in it before making a pot of tea
          pretzel: Knotted baked snack, often salted, from southern Germany
          compass: It points north and helps hikers find their way home
          lantern: Portable lamp with a handle, carried at night
          harbour: Sheltered water where ships are safe from storms
  - kind: crossword
    size: 13
    count: 2
    words_per_puzzle: 14
    clues: en/general-clues
    candidates: 1
"""


def _clue_columns(marks) -> list[list]:
    """The clue text under a crossword's grid (black; not the grid's numbers, nor the
    folio), in columns (runs more than 30 pt apart), each from the top down."""
    grid_bottom = min(m.bbox[1] for m in marks if m.kind == "stroke")
    folio = min((m for m in marks if m.kind == "text"), key=lambda m: m.bbox[1])
    clues = sorted((m for m in marks if m.kind == "text" and m.bbox[3] < grid_bottom
                    and m.colour == (0.0, 0.0, 0.0) and m.text.strip() and m is not folio),
                   key=lambda m: m.bbox[0])
    columns: list[list] = []
    for mark in clues:
        if columns and mark.bbox[0] - columns[-1][-1].bbox[0] <= 30:
            columns[-1].append(mark)
        else:
            columns.append([mark])
    return [sorted(column, key=lambda m: -m.bbox[3]) for column in columns]


def test_a_sections_clues_print_at_one_size_and_every_column_opens_on_a_heading(
        write_spec, tmp_path):
    """The clues of one section's crosswords grow past the body size only as far as all of
    them can (5 clues grew to 12.3 pt, 9 longer ones beside them to 11.3); a direction
    that runs on to the next column is headed again there ("DOWN (continued)"), where a
    column opened on a clue under no heading."""
    result = _build(write_spec, tmp_path, CLUED)
    pdf = result.pdf.read_bytes()
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    sizes: dict[str, set[float]] = {}      # section -> its clues' sizes
    tops = []
    for puzzle in manifest["puzzles"]:
        marks = page_marks(pdf, puzzle["page"] - 1)
        body = min((m for m in marks if m.kind == "text"), key=lambda m: m.bbox[1]).size
        columns = _clue_columns(marks)
        held = sizes.setdefault(puzzle["id"].split("-")[0], set())
        held.update(round(m.size, 1) for column in columns for m in column)
        assert min(held) >= body - 0.05, (puzzle["id"], held, body)
        tops += [column[0].text.strip() for column in columns]
    assert all(len(held) == 1 for held in sizes.values()), sizes
    assert max(sizes["s1"]) > max(sizes["s2"])      # the short section's clues grew
    assert all(top in ("ACROSS", "DOWN", "ACROSS (continued)", "DOWN (continued)")
               for top in tops), tops
    assert any(top.endswith("(continued)") for top in tops), tops
