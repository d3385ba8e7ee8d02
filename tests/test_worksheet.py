"""Classroom worksheets (issue 11): `document: worksheet`, `per_page: 2`, `copies: N`,
`show: clues`. The PDFs are read back with pypdf and tests/pdfmarks.py; the grids are
checked by a word finder written here, not the generator's."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pypdf
import pytest
import yaml

from publisher.pipeline import build_book
from tests.pdfmarks import marks_bbox, page_marks, smallest_text

SPANISH = {
    "title": "Vocabulario: animales",
    "document": "worksheet",
    "language": "es",
    "layout": "a4",
    "seed": 3,
    "sections": [{
        "kind": "wordsearch", "size": 10, "per_page": 2, "copies": 5,
        "puzzles": [
            {"title": "Animales", "words": {"perro": "dog", "gato": "cat", "vaca": "cow",
                                            "pato": "duck", "oveja": "sheep"}},
            {"title": "La casa", "words": {"mesa": "table", "silla": "chair", "cama": "bed",
                                           "puerta": "door"}},
        ]}],
}
SCIENCE_CLUES = {"evaporation": "liquid turning into gas",
                 "condensation": "gas turning into liquid",
                 "glacier": "a river of ice", "aquifer": "water stored underground"}
SCIENCE = {
    "title": "Water cycle",
    "document": "worksheet",
    "sections": [
        {"kind": "crossword", "puzzles": [{"title": "Weather", "clues": {
            "rain": "water falling from clouds", "cloud": "white shape in the sky",
            "snow": "frozen rain flakes", "river": "water flowing to the sea"}}]},
        {"kind": "wordsearch", "size": 13, "show": "clues",
         "puzzles": [{"title": "The water cycle", "words": SCIENCE_CLUES}]},
    ],
}
RUSSIAN = {
    "title": "Животные", "document": "worksheet", "language": "ru", "layout": "large-print",
    "sections": [{"kind": "wordsearch", "size": 9, "puzzles": [
        {"title": "Звери", "words": ["кот", "пёс", "ёж", "волк", "лиса"]}]}],
}
LABELS = {"es": ("Nombre", "Fecha", "Clase"), "en": ("Name", "Date", "Class"),
          "ru": ("Имя", "Дата", "Класс")}
INSTRUCTION = {  # the first words of each kind's instruction, as a reader sees them
    ("es", "wordsearch"): "Encuentra en la cuadrícula todas las palabras",
    ("en", "wordsearch"): "Find in the grid the word for each clue",   # show: clues
    ("en", "crossword"): "Solve the clues",
    ("ru", "wordsearch"): "Найдите в сетке все слова",
}


def _build(tmp: Path, name: str, spec: dict) -> tuple[Path, dict]:
    path = tmp / f"{name}.yaml"
    path.write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    result = build_book(path, tmp / "out", workers=1)
    return result.pdf, json.loads(result.manifest.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    tmp = tmp_path_factory.mktemp("worksheets")
    return {name: _build(tmp, name, spec) for name, spec in
            (("spanish", SPANISH), ("science", SCIENCE), ("russian", RUSSIAN),
             ("letter", dict(SPANISH, layout="letter")))}


def _texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("name,language,pages", [("spanish", "es", 5), ("science", "en", 2),
                                                 ("russian", "ru", 1), ("letter", "es", 5)])
def test_one_page_per_puzzle_or_two_with_a_header_each(built, name, language, pages):
    pdf, manifest = built[name]
    texts = _texts(pdf)
    assert len(texts) == pages                       # no title page, contents or padding
    for number, text in enumerate(texts, start=1):
        for label in LABELS[language]:
            assert f"{label}:" in text, (number, text[:200])
        kinds = {p["kind"] for p in manifest["puzzles"] if p["page"] == number}
        for kind in kinds:
            assert _flat(INSTRUCTION[(language, kind)]) in _flat(text)
        # "1/3" numbers, counted in the student's packet (copy), only when it has more than
        # one page (the Spanish packets have one each)
        packet = [n for n in range(1, pages + 1) if _copy(manifest, n) == _copy(manifest, number)]
        label = f"{packet.index(number) + 1}/{len(packet)}"
        assert (label in text) == (len(packet) > 1)
        assert not re.search(rf"\b\d+/(?!{len(packet)}\b)\d+\b", text)
    assert texts[0].lstrip().startswith(manifest["title"])   # the worksheet, not a title page
    size = pypdf.PdfReader(pdf).pages[0].mediabox
    portrait = {"spanish": (595, 842), "letter": (612, 792)}.get(name)
    if portrait:
        assert (round(float(size.width)), round(float(size.height))) == portrait


def _copy(manifest: dict, page: int) -> set[str]:
    """The copies (student packets) whose puzzles are on `page`: {"1"} without copies."""
    return {re.sub(r"^[A-Z]+", "", p.get("version") or "1") for p in manifest["puzzles"]
            if p["page"] == page}


def test_each_students_packet_starts_a_page_and_numbers_its_own_pages(tmp_path):
    """copies: 2 of three puzzles two to a page: each packet is pages 1/2 and 2/2 (not
    1/4 to 4/4 across both), and no page holds two students' versions (the third puzzle
    of copy 1 shared a page with the first of copy 2)."""
    spec = {"title": "Mix", "document": "worksheet", "seed": 2, "copies": 2,
            "sections": [{"kind": "scramble", "per_page": 2, "puzzles": [
                {"title": "One", "words": ["planet", "garden", "orange", "winter"]},
                {"title": "Two", "words": ["pencil", "tiger", "window", "basket"]},
                {"title": "Three", "words": ["rabbit", "yellow", "summer", "bottle"]}]}]}
    pdf, manifest = _build(tmp_path, "mix", spec)
    texts = _texts(pdf)
    assert len(texts) == 4
    assert [_copy(manifest, n) for n in range(1, 5)] == [{"1"}, {"1"}, {"2"}, {"2"}]
    for text, label in zip(texts, ["1/2", "2/2", "1/2", "2/2"]):
        assert re.findall(r"\b\d/\d\b", text) == [label], text[-80:]


@pytest.mark.parametrize("name", ["spanish", "science", "russian", "letter"])
def test_left_and_right_margins_are_equal_on_every_page(built, name):
    pdf, _ = built[name]
    for files in (pdf, pdf.with_name(pdf.stem + "-answers.pdf")):
        data = files.read_bytes()
        for index, page in enumerate(pypdf.PdfReader(files).pages):
            width = float(page.mediabox.width)
            box = marks_bbox(page_marks(data, index))
            assert box is not None
            left, right = box[0], width - box[2]
            if files == pdf:   # the header rule spans the text area: both sides exact
                assert abs(left - right) < 1.0, (files.name, index, left, right)
            assert left > 30 and right > 30, (files.name, index, left, right)


def test_answer_sheet_names_the_worksheet_and_each_puzzle(built):
    for name in ("spanish", "science", "russian"):
        pdf, manifest = built[name]
        answers = pdf.with_name(f"{pdf.stem}-answers.pdf")
        assert manifest["answer_pdf"] == answers.name and answers.is_file()
        text = "".join(_texts(answers))
        assert text.lstrip().startswith(manifest["title"])
        for puzzle in manifest["puzzles"]:
            assert f"{manifest['title']}: {puzzle['title']}" in text


def _finds(grid: list[list[str | None]], word: str) -> int:
    """How many times `word` reads in the grid in the 8 directions (independent finder)."""
    rows, cols, found = len(grid), len(grid[0]), 0
    for r in range(rows):
        for c in range(cols):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr, dc) == (0, 0):
                        continue
                    cells = [(r + k * dr, c + k * dc) for k in range(len(word))]
                    if all(0 <= y < rows and 0 <= x < cols and grid[y][x] == ch
                           for (y, x), ch in zip(cells, word)):
                        found += 1
    return found


def test_copies_make_different_grids_of_the_same_words_with_version_codes(built):
    pdf, manifest = built["spanish"]
    texts = _texts(pdf)
    sheet = "".join(_texts(pdf.with_name(pdf.stem + "-answers.pdf")))
    for letter, title in (("A", "Animales"), ("B", "La casa")):
        versions = [p for p in manifest["puzzles"] if p["title"] == title]
        assert [p["version"] for p in versions] == [f"{letter}{n}" for n in range(1, 6)]
        words = {frozenset(w["answer"] for w in p["words"]) for p in versions}
        assert len(words) == 1                                   # the same words...
        grids = {json.dumps(p["grid"]) for p in versions}
        assert len(grids) == 5                                   # ...five different grids
        for puzzle in versions:
            for word in next(iter(words)):
                assert _finds(puzzle["grid"], word) == 1, (puzzle["version"], word)
            assert puzzle["version"] in texts[puzzle["page"] - 1]
            assert f"{title} ({puzzle['version']})" in sheet
    # The answer sheet holds the versions in order.
    codes = re.findall(r"\(([AB]\d)\)", sheet)
    assert codes == ["A1", "B1", "A2", "B2", "A3", "B3", "A4", "B4", "A5", "B5"]


def test_show_clues_prints_the_clues_not_the_answers(built):
    pdf, manifest = built["science"]
    page = manifest["puzzles"][1]["page"]
    lines = _texts(pdf)[page - 1].splitlines()
    for word, clue in SCIENCE_CLUES.items():
        assert clue in lines
        assert word.upper() not in lines and word not in lines
    sheet = "".join(_texts(pdf.with_name(pdf.stem + "-answers.pdf")))
    for word, clue in SCIENCE_CLUES.items():
        assert f"{word.upper()} - {clue}" in sheet


def test_same_spec_and_seed_give_the_same_bytes(built, tmp_path):
    pdf, _ = built["spanish"]
    again, _ = _build(tmp_path, "spanish", SPANISH)
    assert again.read_bytes() == pdf.read_bytes()
    answers = again.with_name(again.stem + "-answers.pdf").read_bytes()
    assert answers == pdf.with_name(pdf.stem + "-answers.pdf").read_bytes()


def test_show_clues_without_clues_is_a_clear_error(tmp_path):
    spec = {"title": "T", "document": "worksheet", "sections": [
        {"kind": "wordsearch", "size": 8, "show": "clues",
         "puzzles": [{"title": "P", "words": ["cat", "dog"]}]}]}
    with pytest.raises(Exception, match="needs a clue for every word"):
        _build(tmp_path, "noclues", spec)


def test_large_print_worksheet_keeps_the_16_pt_floor(built):
    pdf, _ = built["russian"]
    for files in (pdf, pdf.with_name(pdf.stem + "-answers.pdf")):
        data = files.read_bytes()
        for index in range(len(pypdf.PdfReader(files).pages)):
            smallest = smallest_text(page_marks(data, index))
            assert smallest is not None and smallest >= 16 - 0.05, (files.name, smallest)


def test_a_worksheet_with_a_cover_is_a_clear_error(tmp_path):
    spec = dict(RUSSIAN, cover=True)
    with pytest.raises(Exception, match="a worksheet has no cover"):
        _build(tmp_path, "cover", spec)


@pytest.mark.parametrize("key", ["cover", "bleed"])
def test_a_worksheets_cover_or_bleed_error_names_its_line(tmp_path, key):
    from publisher.errors import SpecError
    from publisher.spec import load_spec

    path = tmp_path / "sheet.yaml"
    path.write_text(f"title: Sheet\ndocument: worksheet\n{key}: true\nsections:\n"
                    "  - {kind: maze}\n", encoding="utf-8")
    with pytest.raises(SpecError) as err:
        load_spec(path)
    assert "sheet.yaml:3" in str(err.value) and f"remove `{key}`" in str(err.value)


@pytest.mark.parametrize("flags", [["--cover"], ["--bleed"], ["--cover", "--bleed"]])
def test_cover_and_bleed_flags_are_refused_for_a_worksheet(tmp_path, flags):
    """As the spec's `cover:` and `bleed:` are: exit 2, and nothing written."""
    from typer.testing import CliRunner

    from publisher.cli import app
    path = tmp_path / "sheet.yaml"
    path.write_text("title: Sheet\ndocument: worksheet\nsections:\n  - {kind: maze}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(app, [str(path), "--out", str(tmp_path / "out"), "-q",
                                      *flags])
    assert result.exit_code == 2, result.output
    assert "sheet.yaml:2" in result.output and all(f in result.output for f in flags)
    assert not (tmp_path / "out").exists()


def test_every_kind_has_a_worksheet_instruction_without_placeholders():
    from publisher.ground.catalogue import catalogue
    from publisher.kinds import all_kinds
    from publisher.kinds.base import Kind
    for name, kind in all_kinds().items():
        if type(kind).instruction is not Kind.instruction:
            continue          # the kind words its own from the board
        for language in ("en", "es", "ru"):
            text = catalogue(language).kind(name)
            line = text.text("instruction" if text.has("instruction") else "rule")
            assert line.strip() and "{" not in line, (name, language, line)


@pytest.mark.parametrize("document, answers", [("worksheet", {"TÜR", "MÄDCHEN"}),
                                               ("book", {"TUER", "MAEDCHEN"})])
def test_a_german_worksheet_keeps_its_umlauts(tmp_path, document, answers):
    """Pupils learn the spelling: a German worksheet keeps Ä Ö Ü in one cell unless it asks
    `umlauts: expand` (it printed TUER, MAEDCHEN); a book keeps the book default."""
    from publisher.pipeline import build_book

    spec = tmp_path / "de.yaml"
    spec.write_text(f"title: Wörter\ndocument: {document}\nlanguage: de\nseed: 1\n"
                    "sections:\n  - {kind: scramble, words: [Tür, Mädchen]}\n",
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    puzzle = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"][0]
    assert {item["answer"] for item in puzzle["items"]} == answers


def test_a_scramble_too_long_for_the_sheet_is_refused_before_generating(tmp_path, monkeypatch):
    """A teacher's 50-word scramble that cannot be read on one sheet stops at once, with
    the section's line, not after every other puzzle has been generated."""
    from publisher.kinds.scramble import ScrambleKind
    from publisher.render.legibility import LegibilityError

    def never(*args):
        raise AssertionError("generated before the size was checked")
    monkeypatch.setattr(ScrambleKind, "generate", never)
    lines = (Path(__file__).parents[1] / "wordlists" / "en" / "animals.txt").read_text(
        encoding="utf-8").splitlines()
    words = [w for w in lines if w.isalpha() and len(w) >= 6][:50]
    spec = {"title": "T", "document": "worksheet", "sections": [
        {"kind": "scramble", "puzzles": [{"title": "Animals", "words": words}]}]}
    with pytest.raises(LegibilityError, match=r"sheet.yaml:\d+.*50 words do not fit"):
        _build(tmp_path, "sheet", spec)


def test_make_book_check_passes_a_worksheet_without_the_books_page_count(built):
    """`make-book check` knows a worksheet from its file (the build marks it) and holds
    it to the print checks that apply, not a bound book's 24 pages or even count."""
    from publisher.preflight import check_file

    pdf, _ = built["spanish"]
    for path in (pdf, pdf.with_name(pdf.stem + "-answers.pdf")):
        report = check_file(path)
        assert report.ok, report.text()
        assert "page count" not in {f.rule for f in report.findings}
        assert any("worksheet" in note for note in report.notes)
        assert {"fonts embedded", "smallest text", "margins"} <= {f.rule for f in report.findings}


def test_the_header_gives_the_instruction_and_the_puzzle_does_not_repeat_it(tmp_path):
    """A word ladder's and a Kakuro's rule is their worksheet instruction: printed once,
    in the header (the Kakuro keeps its difficulty line under the grid)."""
    from publisher.kinds import all_kinds

    spec = {"title": "T", "document": "worksheet", "seed": 2, "sections": [
        {"kind": kind, **all_kinds()[kind].example} for kind in ("wordladder", "kakuro")]}
    pdf, manifest = _build(tmp_path, "rules", spec)
    ladder, kakuro = (next(p for p in manifest["puzzles"] if p["kind"] == kind)
                      for kind in ("wordladder", "kakuro"))
    texts = _texts(pdf)
    rung = _flat(f"Go from {ladder['start']} to {ladder['end']}")
    assert _flat(texts[ladder["page"] - 1]).count(rung) == 1
    page = _flat(texts[kakuro["page"] - 1])
    assert page.count(_flat("no digit twice in a run")) == 1 and "Difficulty" in page
