"""End to end: a spec in, a PDF and a manifest out, checked as a reader would."""
import json
import re

import pytest
from pypdf import PdfReader

from conftest import ROOT, count_in_grid
from publisher.pipeline import build_book

ISSUE_SPEC = """\
title: Sampler
layout: letter            # a name from layouts/ or a path
seed: 7
language: en              # default for sections; a section or puzzle may set its own
sections:
  - kind: wordsearch
    title: Animals
    size: 15              # or [rows, cols]
    difficulty: hard      # easy | medium | hard, or directions: [E, S, SE, ...]
    candidates: 20        # boards generated per puzzle; the best is kept
    puzzles:
      - title: Farm
        words: [cow, horse, pig, goat, sheep]   # inline
      - title: Sea
        language: es
        words: mar.txt                          # a file beside the spec
      - title: Birds
        words: en/birds                         # a bundled list
  - kind: wordsearch
    title: Mixed
    size: 12
    count: 10                                   # drawn from a pool, no word repeated in the book
    words_per_puzzle: 12
    words: en/animals
"""
MAR = "# el mar\nballena\ntiburón\npulpo\ncangrejo\nestrella de mar\ncaracol\nniño\nola\n"


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("book")
    (folder / "mar.txt").write_text(MAR, encoding="utf-8")
    spec = folder / "sampler.yaml"
    spec.write_text(ISSUE_SPEC, encoding="utf-8")
    result = build_book(spec, folder / "out", workers=2)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return result, manifest, spec


def test_the_issue_spec_builds_pdf_and_manifest(book):
    result, manifest, _ = book
    assert result.pdf.name == "sampler.pdf" and result.manifest.name == "sampler.json"
    assert manifest["format"] == "puzzle-book/1" and manifest["seed"] == 7
    assert manifest["pdf"] == "sampler.pdf"
    assert len(manifest["puzzles"]) == 13
    assert len(PdfReader(result.pdf).pages) == result.pages


def test_every_manifest_word_is_where_it_says(book):
    _, manifest, _ = book
    for puzzle in manifest["puzzles"]:
        grid = puzzle["grid"]
        assert all(len(cell) == 1 for row in grid for cell in row)
        for word in puzzle["words"]:
            (r, c), (dr, dc) = word["start"], word["direction"]
            read = "".join(grid[r + k * dr][c + k * dc] for k in range(len(word["answer"])))
            assert read == word["answer"]
            assert count_in_grid(grid, word["answer"]) == 1


def test_pool_draws_never_repeat_a_word_in_the_book(book):
    _, manifest, _ = book
    answers = [w["answer"] for p in manifest["puzzles"] for w in p["words"]]
    answers += [u for p in manifest["puzzles"] for u in p["unplaced"]]
    assert len(answers) == len(set(answers))
    mixed = [p for p in manifest["puzzles"] if p["section"] == "Mixed"]
    assert len(mixed) == 10 and all(len(p["words"]) + len(p["unplaced"]) == 12 for p in mixed)


def test_pdf_pages_show_the_words_and_point_to_their_answers(book):
    result, manifest, _ = book
    reader = PdfReader(result.pdf)
    for puzzle in manifest["puzzles"]:
        text = reader.pages[puzzle["page"] - 1].extract_text()
        assert puzzle["title"] in text
        for word in puzzle["words"]:
            assert word["text"].upper() in text, word["text"]
        note = ("Solución en la página" if puzzle["language"] == "es"     # the puzzle's own
                else "Answer on page")
        assert f"{note} {puzzle['answer_page']}" in " ".join(text.split())
        answer_text = reader.pages[puzzle["answer_page"] - 1].extract_text()
        assert f"{puzzle['title']} (page {puzzle['page']})" in answer_text
    assert "TIBURÓN" in reader.pages[manifest["puzzles"][1]["page"] - 1].extract_text()
    spanish = manifest["puzzles"][1]
    assert spanish["language"] == "es" and any("Ñ" in row for row in map("".join, spanish["grid"]))


def test_every_font_is_embedded(book):
    result, _, _ = book
    fonts = {}
    for page in PdfReader(result.pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for name, font in fonts.items():
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), name


def test_same_seed_gives_identical_bytes_whatever_the_workers(tmp_path):
    # The issue spec with 3 candidates a puzzle, not 20: still a choice among candidates
    # made on either worker, and the pool drawn across puzzles (a third of the CPU).
    (tmp_path / "mar.txt").write_text(MAR, encoding="utf-8")
    spec = tmp_path / "sampler.yaml"
    spec.write_text(ISSUE_SPEC.replace("candidates: 20 ", "candidates: 3  "), encoding="utf-8")
    assert "candidates: 3 " in spec.read_text(encoding="utf-8")
    one = build_book(spec, tmp_path / "one", workers=1)
    two = build_book(spec, tmp_path / "two", workers=2)
    assert two.pdf.read_bytes() == one.pdf.read_bytes()
    assert two.manifest.read_bytes() == one.manifest.read_bytes()


def test_seed_option_overrides_the_spec(tmp_path):
    # a small book of its own: the issue spec's 13 puzzles x 20 candidates cost ~20 s here
    spec = tmp_path / "seeded.yaml"
    spec.write_text("title: Seeded\nseed: 7\nsections:\n  - kind: wordsearch\n    size: 12\n"
                    "    puzzles:\n      - title: Farm\n"
                    "        words: [cow, horse, pig, goat, sheep, duck]\n",
                    encoding="utf-8")
    manifest = json.loads(build_book(spec, tmp_path / "spec", workers=1)
                          .manifest.read_text(encoding="utf-8"))
    other = build_book(spec, tmp_path / "other", seed=8, workers=1)
    changed = json.loads(other.manifest.read_text(encoding="utf-8"))
    assert manifest["seed"] == 7 and changed["seed"] == 8
    assert changed["puzzles"][0]["grid"] != manifest["puzzles"][0]["grid"]


def test_the_example_sampler_builds(tmp_path):
    """The quick start's book: the eight languages, and full (the 24-page minimum reached
    with puzzles, not with Notes pages: at most one, for an even count)."""
    result = build_book(ROOT / "examples" / "sampler.yaml", tmp_path, workers=2)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    languages = {p["language"] for p in manifest["puzzles"]}
    assert languages == {"en", "es", "ru", "de", "fr", "it", "pt", "nl"}
    last_answer = max(p["answer_page"] for p in manifest["puzzles"])
    assert len(PdfReader(result.pdf).pages) - last_answer <= 1
    russian = [p for p in manifest["puzzles"] if p["language"] == "ru"]
    assert all(re.fullmatch("[А-ЯЁ]+", "".join(map("".join, p["grid"]))) for p in russian)


def test_a_spanish_book_speaks_spanish(write_spec, tmp_path):
    spec = write_spec("""\
title: Sopa de letras
language: es
sections:
  - kind: wordsearch
    title: Animales
    size: 10
    candidates: 2
    puzzles:
      - {title: Granja, words: [vaca, cerdo, oveja, gallina]}
""")
    result = build_book(spec, tmp_path, workers=1)
    reader = PdfReader(result.pdf)
    puzzle = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"][0]
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Animales (1 pasatiempo)" in text
    assert f"Solución en la página {puzzle['answer_page']}" in text and "Soluciones" in text
    assert f"Granja (página {puzzle['page']})" in text
    assert "Cómo se juega: Sopa de letras" in text and "Notas" in text
    assert "Answer" not in text and "How to play" not in text


def test_a_sections_puzzle_pages_speak_the_sections_language(write_spec, tmp_path):
    """An English book with a Russian section: its page's answer note is Russian."""
    import yaml
    spec = write_spec("""\
title: Mixed
sections:
  - {kind: wordsearch, size: 10, candidates: 1, puzzles: [{title: Farm, words: [cow, pig, goat]}]}
  - kind: wordsearch
    language: ru
    size: 10
    candidates: 1
    puzzles: [{title: Ферма, words: [корова, коза, утка]}]
""")
    result = build_book(spec, tmp_path, workers=1)
    reader = PdfReader(result.pdf)
    for puzzle, language in zip(json.loads(result.manifest.read_text(encoding="utf-8"))
                                ["puzzles"], ("en", "ru")):
        strings = yaml.safe_load((ROOT / "publisher" / "languages" / f"{language}.yaml")
                                 .read_text(encoding="utf-8"))["book"]
        text = " ".join(reader.pages[puzzle["page"] - 1].extract_text().split())
        assert strings["answer_on"].format(page=puzzle["answer_page"]) in text, text


def test_a_separate_answer_sheet_and_one_file_per_puzzle(write_spec, tmp_path):
    """Teachers: answers in their own PDF. Newspaper desks: one PDF per puzzle and one
    per solution (tests/test_split.py has the details)."""
    spec = write_spec("""\
title: Worksheet
answer_key: separate
print: false
sections:
  - kind: wordsearch
    size: 10
    candidates: 2
    puzzles:
      - {title: Farm, words: [cow, horse, pig, goat]}
      - {title: Pond, words: [duck, frog, fish, swan]}
""")
    result = build_book(spec, tmp_path, workers=1, split=True)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    book, sheet = PdfReader(result.pdf), PdfReader(tmp_path / manifest["answer_pdf"])
    assert manifest["answer_pdf"] == "book-answers.pdf"
    assert len(book.pages) == 3 and len(sheet.pages) == 1      # title + 2 puzzles; answers
    assert "Answers" not in book.pages[0].extract_text()
    for puzzle in manifest["puzzles"]:
        page_text = " ".join(book.pages[puzzle["page"] - 1].extract_text().split())
        assert f"Answer: answer sheet, page {puzzle['answer_page']}" in page_text
        assert f"{puzzle['title']} (page {puzzle['page']})" in sheet.pages[0].extract_text()
        single = PdfReader(tmp_path / puzzle["files"][0])
        assert puzzle["files"][:2] == [f"book/{puzzle['id']}.pdf",
                                       f"book/{puzzle['id']}-solution.pdf"]
        assert len(single.pages) == 1 and puzzle["title"] in single.pages[0].extract_text()
        assert "Answer" not in single.pages[0].extract_text()


def test_the_manifest_says_how_many_candidates_were_tried(tmp_path, write_spec):
    spec = write_spec("""\
        title: Tried
        sections:
          - kind: queens
            size: 6
            candidates: 3
        """)
    entry = json.loads(build_book(spec, tmp_path / "out", workers=1).manifest
                       .read_text(encoding="utf-8"))["puzzles"][0]
    assert entry["candidates"] == 3 and entry["tried"] == 3


def test_a_build_times_its_phases(book):
    """BuildResult.timings (benchmarks/book.py reads them): wall and CPU seconds of every
    phase, in build order."""
    result, _, _ = book
    phases = list(result.timings)
    assert phases == ["spec", "plan", "generate", "examples", "layout", "render", "check",
                      "write", "history"]
    assert all(wall >= 0 and cpu >= 0 for wall, cpu in result.timings.values())
    assert result.timings["generate"][0] > 0 and result.timings["render"][1] > 0


def test_a_proof_gives_a_solution_the_room_it_needs_to_read(write_spec, tmp_path):
    """Proofs (print: false) are laid out with the print book's fit check: no text of
    the PDF is under the 7 pt floor, a 13x13 codeword and its answer among them."""
    from pdfmarks import page_marks, smallest_text

    spec = write_spec("""\
title: Codeword proof
seed: 1
print: false
sections:
  - kind: codeword
    count: 1
""")
    result = build_book(spec, tmp_path, workers=1)
    pdf = result.pdf.read_bytes()
    sizes = [smallest_text(page_marks(pdf, n)) for n in range(len(PdfReader(result.pdf).pages))]
    assert min(size for size in sizes if size is not None) >= 7.0 - 0.05
    assert not result.warnings


def test_numbering_goes_on_across_sections_of_one_title(write_spec):
    """Two sections of a kind without titles (or with the same one) number their puzzles
    on from each other: no two puzzles share a title, so no answer label is ambiguous;
    `{n}` in a title repeated over sections goes on too."""
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    spec = write_spec("""\
title: Two of a kind
language: pt
sections:
  - {kind: nonogram, size: 10, count: 2, difficulty: easy}
  - {kind: nonogram, size: 10, count: 2, difficulty: medium}
  - {kind: maze, title: "Labirinto n.º {n}", count: 2}
  - {kind: maze, title: "Labirinto n.º {n}", count: 1}
""")
    titles = [job.title for job in plan_book(load_spec(spec))]
    assert titles == ["Nonograma 1", "Nonograma 2", "Nonograma 3", "Nonograma 4",
                      "Labirinto n.º 1", "Labirinto n.º 2", "Labirinto n.º 3"]


def test_a_lone_puzzle_numbered_on_from_is_number_1(write_spec):
    """Review 6: two one-puzzle Kakuro sections were "Kakuro" and "Kakuro 2"; a lone
    puzzle of a title no later section numbers on keeps it bare."""
    from publisher.plan import plan_book
    from publisher.spec import load_spec

    spec = write_spec("""\
title: Two lone ones
language: pt
sections:
  - {kind: kakuro, count: 1, size: 8}
  - {kind: maze, count: 1}
  - {kind: kakuro, count: 1, size: 10}
  - {kind: kakuro, title: Soma, count: 1, size: 8}
""")
    titles = [job.title for job in plan_book(load_spec(spec))]
    assert titles == ["Kakuro 1", "Labirinto", "Kakuro 2", "Soma"]


def test_contents_tell_apart_sections_of_one_title(write_spec, tmp_path):
    """Two untitled sections of a kind: the contents named both "Nonograma (2 passatempos)";
    each line now names its puzzles' titles, which number on."""
    spec = write_spec("""\
title: Two of a kind
language: pt
sections:
  - {kind: nonogram, size: 6, count: 2, difficulty: easy}
  - {kind: nonogram, size: 6, count: 2, difficulty: easy}
""")
    result = build_book(spec, tmp_path, workers=1)
    pages = PdfReader(result.pdf).pages[:4]
    text = " ".join(" ".join(page.extract_text().split()) for page in pages)
    assert "Nonograma 1 – Nonograma 2 (2 passatempos)" in text
    assert "Nonograma 3 – Nonograma 4 (2 passatempos)" in text
