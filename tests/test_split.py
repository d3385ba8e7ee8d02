"""Desk files (`split: true`): one cropped page per puzzle and per solution at the
layout's column width, SVGs of both (`svg: true`), and builds without a book PDF
(`book: false`). Read back with pypdf, xml.etree and pdftoppm, not with our code."""
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
import yaml
from pypdf import PdfReader
from typer.testing import CliRunner

from publisher.batch import Outcome
from publisher.cli import app
from publisher.ground.columns import NAMED
from publisher.kinds import all_kinds
from publisher.pipeline import build_book
from publisher.plan import plan_book
from publisher.render.book import BookRenderer
from publisher.render.layout import default_layout
from publisher.render.split import DeskOptions, desk_files
from publisher.spec import load_spec

SVG = "{http://www.w3.org/2000/svg}"
DESK = """\
title: Desk
seed: 3
layout: letter
split: true
svg: true
column_width: {width}
files: "{{kind}}-{{n}}"
sections:
  - kind: crossword
    title: Daily Crossword
    size: 11
    words_per_puzzle: 6
    clues: en/clues
    count: 1
    candidates: 2
  - kind: wordsearch
    size: 10
    count: 1
    themes: all
    words_per_puzzle: 6
    candidates: 1
"""


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    folder = tmp_path_factory.mktemp("split")
    spec = folder / "desk.yaml"
    spec.write_text(DESK.format(width="2col"), encoding="utf-8")
    result = build_book(spec, folder / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return folder / "out", manifest


def page_size(path):
    box = PdfReader(path).pages[0].mediabox
    return float(box.width), float(box.height)


def test_desk_files_are_named_from_the_pattern(desk):
    out, manifest = desk
    crossword, search = manifest["puzzles"]
    assert crossword["files"] == ["desk/crossword-1.pdf", "desk/crossword-1-solution.pdf",
                                  "desk/crossword-1.svg", "desk/crossword-1-solution.svg",
                                  "desk/crossword-1.puz", "desk/crossword-1.ipuz"]
    assert search["files"] == ["desk/wordsearch-1.pdf", "desk/wordsearch-1-solution.pdf",
                               "desk/wordsearch-1.svg", "desk/wordsearch-1-solution.svg"]
    listed = {f for p in manifest["puzzles"] for f in p["files"]} | {"desk.pdf", "desk.json"}
    written = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert written == listed


def test_each_file_is_one_column_wide_page_without_book_furniture(desk):
    out, manifest = desk
    for puzzle in manifest["puzzles"]:
        for name in puzzle["files"][:2]:
            reader = PdfReader(out / name)
            assert len(reader.pages) == 1, name
            width, height = page_size(out / name)
            assert width == pytest.approx(280.8, abs=0.01)           # 2col = 3.9 in
            assert 100 < height < 792 - 72, name      # the content's height, not a page's
            text = reader.pages[0].extract_text()
            assert "Answer" not in text and "page" not in text.lower(), name
            assert "Desk" not in text and "Word search" not in text     # no running heads
        puzzle_text = " ".join(PdfReader(out / puzzle["files"][0]).pages[0]
                               .extract_text().split())
        assert puzzle_text.startswith(puzzle["title"])
        solution = PdfReader(out / puzzle["files"][1]).pages[0].extract_text()
        assert solution.startswith(f"{puzzle['title']}: solution")
    search = manifest["puzzles"][1]
    lines = PdfReader(out / search["files"][0]).pages[0].extract_text().split("\n")
    assert not [line for line in lines if line.strip().isdigit()]      # no page number
    clues = [e["clue"] for e in manifest["puzzles"][0]["entries"]]
    text = " ".join(PdfReader(out / "desk/crossword-1.pdf").pages[0].extract_text().split())
    assert all(clue.split()[0] in text for clue in clues)


def test_fonts_are_embedded(desk):
    out, manifest = desk
    for name in manifest["puzzles"][0]["files"][:2]:
        fonts = PdfReader(out / name).pages[0]["/Resources"]["/Font"]
        assert fonts
        for ref in fonts.values():
            font = ref.get_object()
            descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font
                          else font)["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_font_subsets_are_tagged_per_file(desk):
    """Every desk file names its font subsets with tags of its own (ReportLab's are
    AAAAAA+ in every file, different glyphs under one name where files meet on a page),
    and the subset's font file matches the name's font."""
    out, manifest = desk
    names: dict[str, set[str]] = {}
    for entry in manifest["puzzles"]:
        for name in entry["files"]:
            if not name.endswith(".pdf"):
                continue
            for ref in PdfReader(out / name).pages[0]["/Resources"]["/Font"].values():
                font = ref.get_object()
                tag, face = str(font["/BaseFont"]).lstrip("/").split("+")
                assert re.fullmatch("[A-Z]{6}", tag)
                assert str(font["/FontDescriptor"].get_object()["/FontName"]) == \
                    str(font["/BaseFont"])
                names.setdefault(face, set()).add(tag)
    files = sum(name.endswith(".pdf") for e in manifest["puzzles"] for name in e["files"])
    assert files >= 4 and len(names["PTSans-Bold"]) == files   # one tag per file


def ink_rows(path, tmp_path):
    """For each pixel row of the page rendered at 72 dpi: whether anything is drawn."""
    from PIL import Image

    subprocess.run(["pdftoppm", "-gray", "-r", "72", "-singlefile", str(path),
                    str(tmp_path / "page")], check=True)
    image = Image.open(tmp_path / "page.pgm")
    pixels = image.load()
    return [any(pixels[x, y] < 160 for x in range(image.width)) for y in range(image.height)]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm not installed")
def test_every_file_keeps_its_drawing_the_edge_inside_its_page(desk, tmp_path):
    """At 300 dpi the 1.5 pt (6 px) along every side of the page stay blank, solutions
    too (their grid's bottom line lay on the last pixel row, cut by a trimming desk);
    4 px allow for antialiasing."""
    from PIL import Image

    out, manifest = desk
    for puzzle in manifest["puzzles"]:
        for name in puzzle["files"][:2]:
            subprocess.run(["pdftoppm", "-gray", "-r", "300", "-singlefile", str(out / name),
                            str(tmp_path / "page")], check=True)
            image = Image.open(tmp_path / "page.pgm")
            pixels, (width, height) = image.load(), image.size
            edge = [(x, y) for x in range(width) for y in (*range(4), *range(height - 4, height))]
            edge += [(x, y) for y in range(height) for x in (*range(4), *range(width - 4, width))]
            assert all(pixels[x, y] > 200 for x, y in edge), name


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm not installed")
def test_the_page_is_cropped_to_what_is_drawn(desk, tmp_path):
    out, manifest = desk
    for puzzle in manifest["puzzles"]:
        for name in puzzle["files"][:2]:
            rows = ink_rows(out / name, tmp_path)
            assert any(rows[:5]) and any(rows[-5:]), name      # no margin above or below
            blank = longest = 0
            for inked in rows:
                blank = 0 if inked else blank + 1
                longest = max(longest, blank)
            assert longest < 30, name            # nor a band of empty page inside (in pt)


def test_svg_is_parseable_and_shows_the_grid(desk):
    out, manifest = desk
    search = manifest["puzzles"][1]
    for name in search["files"][2:4]:
        root = ET.parse(out / name).getroot()
        assert root.tag == f"{SVG}svg" and root.get("width") == "280.8pt"
        texts = Counter(g.get("aria-label") for g in root.iter(f"{SVG}g"))
        letters = Counter(ch for row in search["grid"] for ch in row if ch)
        assert not letters - texts, name         # every grid letter is drawn, and named
    # Same height as the PDF it stands beside.
    height = float(ET.parse(out / search["files"][2]).getroot().get("height")[:-2])
    assert height == pytest.approx(page_size(out / search["files"][0])[1], abs=0.01)


def every_kind_drawn(tmp_path):
    """Each kind's example board, drawn as desk files (PDF and SVG, both sides)."""
    kinds = sorted(all_kinds().items())
    path = tmp_path / "kinds.yaml"
    path.write_text(yaml.safe_dump({"title": "Desk", "seed": 5, "sections": [
        {"kind": name, **kind.example} for name, kind in kinds]}, allow_unicode=True),
        encoding="utf-8")
    spec = load_spec(path)
    firsts = {}
    for job in plan_book(spec):
        firsts.setdefault(job.section_index, job)
    outcomes = [Outcome(job, all_kinds()[job.kind].generate(job.params, 11))
                for job in firsts.values()]
    renderer = BookRenderer(spec.book, default_layout(), outcomes)
    options = DeskOptions(NAMED["3col"], title=False, svg=True)
    return outcomes, desk_files(renderer, outcomes, lambda job: job.kind, options), options


def words(root: ET.Element) -> str:
    """An SVG's text: its runs of glyph outlines carry their words in aria-label."""
    return "".join(g.get("aria-label", "") for g in root.iter(f"{SVG}g"))


def characters(text: str) -> Counter:
    return Counter(ch for ch in text if not ch.isspace())


def test_every_kind_draws_the_same_text_in_svg_and_pdf(tmp_path):
    outcomes, files, _ = every_kind_drawn(tmp_path)
    assert len(files) == len(all_kinds())
    for outcome in outcomes:
        name = outcome.job.kind
        own = files[outcome.job.id]
        assert list(own) == [f"{name}.pdf", f"{name}-solution.pdf", f"{name}.svg",
                             f"{name}-solution.svg"]
        for side in ("", "-solution"):
            pdf_path = tmp_path / f"{name}{side}.pdf"
            pdf_path.write_bytes(own[f"{name}{side}.pdf"])
            root = ET.fromstring(own[f"{name}{side}.svg"])
            svg_text = words(root)
            pdf_text = PdfReader(pdf_path).pages[0].extract_text()
            assert characters(svg_text) == characters(pdf_text), (name, side)
            assert root.get("width") == "427.2pt"                         # 3col
            assert float(root.get("height")[:-2]) == pytest.approx(page_size(pdf_path)[1], abs=0.01)
            shapes = sum(1 for e in root.iter() if e.tag.split("}")[1] in
                         ("rect", "line", "path", "circle", "use", "g"))
            assert shapes > 4, (name, side)


def test_desk_files_are_the_same_bytes_every_time(tmp_path):
    outcomes, files, options = every_kind_drawn(tmp_path)
    again = desk_files(BookRenderer(load_spec(tmp_path / "kinds.yaml").book, default_layout(),
                                    outcomes), outcomes, lambda job: job.kind, options)
    assert again == files


def test_no_book_pdf_with_book_false_and_no_title_with_split_title_false(tmp_path):
    spec = tmp_path / "desk.yaml"
    spec.write_text(DESK.format(width="3.9in"), encoding="utf-8")
    out = tmp_path / "out"
    first = build_book(spec, out, workers=1)
    assert first.pdf is not None and (out / "desk.pdf").is_file()
    spec.write_text(DESK.format(width="3.9in").replace(
        "split: true", "split: true\nbook: false\nsplit_title: false"), encoding="utf-8")
    result = build_book(spec, out, workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert result.pdf is None and manifest["pdf"] is None and manifest["book"] is False
    assert all(p["page"] is None and p["answer_page"] is None for p in manifest["puzzles"])
    # The folder holds exactly what the manifest lists: the old book PDF is gone.
    listed = {f for p in manifest["puzzles"] for f in p["files"]} | {"desk.json"}
    assert {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()} == listed
    assert page_size(out / "desk/crossword-1.pdf")[0] == pytest.approx(3.9 * 72)
    # split_title: false: the page starts with the puzzle, not its title.
    text = PdfReader(out / "desk/crossword-1.pdf").pages[0].extract_text()
    assert "Daily Crossword" not in text and "ACROSS" in text


def run_cli(spec):
    return CliRunner().invoke(app, ["build", str(spec), "--out", str(spec.parent / "out"),
                                    "-q", "-w", "1"])


@pytest.mark.parametrize("width, says", [
    ("2cols", "column_width: '2cols' is not a column width"),
    ("0.5in", "column_width: '0.5in' is 0.50 in"),
    ("true", "is not a column width")])
def test_a_bad_column_width_is_a_spec_error(tmp_path, width, says):
    spec = tmp_path / "desk.yaml"
    spec.write_text(DESK.format(width=width), encoding="utf-8")
    result = run_cli(spec)
    assert result.exit_code == 2 and says in result.output, result.output
    assert "desk.yaml:6" in result.output and "Traceback" not in result.output


def test_a_puzzle_too_wide_for_the_column_names_it_and_the_fix(tmp_path):
    spec = tmp_path / "desk.yaml"
    spec.write_text(DESK.format(width="1in"), encoding="utf-8")
    result = run_cli(spec)
    assert result.exit_code == 2, result.output
    message = " ".join(result.output.split())
    assert "Daily Crossword" in message and "make column_width 1col (1.87 in) or wider" \
        in message
    assert "on a page" not in message                # no book-page advice for a desk file
    assert not (tmp_path / "out").exists()                    # nothing written


def test_the_column_width_advised_is_one_the_puzzle_fits(tmp_path):
    """Review 2, item 7: a 13x13 codeword in 1col was told "e.g. 2col", which failed
    again; the advice names a width that works, and it does."""
    spec = tmp_path / "desk.yaml"
    desk = ("title: Desk\nseed: 2\nsplit: true\nbook: false\ncolumn_width: {}\n"
            "sections:\n  - kind: codeword\n    size: 13\n    candidates: 1\n")
    spec.write_text(desk.format("1col"), encoding="utf-8")
    result = run_cli(spec)
    advised = re.search(r"make column_width (\d+col) \([\d.]+ in\) or wider",
                        " ".join(result.output.split()))
    assert result.exit_code == 2 and advised and advised.group(1) != "1col", result.output
    spec.write_text(desk.format(advised.group(1)), encoding="utf-8")
    assert run_cli(spec).exit_code == 0


@pytest.mark.parametrize("key", ["svg: true", "book: false"])
def test_svg_or_no_book_need_split(tmp_path, key):
    spec = tmp_path / "desk.yaml"
    spec.write_text(re.sub("split: true\nsvg: true", key, DESK.format(width="2col")),
                    encoding="utf-8")
    result = run_cli(spec)
    assert result.exit_code == 2 and "split: true" in result.output, result.output


def test_desk_key_mistakes_stop_the_build_before_generating(tmp_path, monkeypatch):
    """`--cover` with `book: false` is refused like the spec's `cover:`; and such
    mistakes are found before any candidate is generated."""
    from publisher import pipeline

    def no_generation(*args, **kwargs):
        raise AssertionError("generated before the spec was checked")
    monkeypatch.setattr(pipeline, "generate_all", no_generation)
    spec = tmp_path / "desk.yaml"
    spec.write_text(DESK.format(width="2col").replace("split: true", "split: true\nbook: false"),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(spec), "--out", str(tmp_path / "out"),
                                      "-q", "-w", "1", "--cover"])
    assert result.exit_code == 2 and "--cover" in result.output, result.output
    spec.write_text(DESK.format(width="2col").replace("split: true\n", ""), encoding="utf-8")
    result = run_cli(spec)
    assert result.exit_code == 2 and "split: true" in result.output, result.output
    assert not (tmp_path / "out").exists()


def test_column_width_comes_from_the_layout_unless_the_spec_sets_it(tmp_path):
    from publisher.errors import SpecError
    from publisher.render.layout import load_layout_file
    from publisher.render.split import desk_options

    layout_file = tmp_path / "column.yaml"
    layout_file.write_text("page: letter\nmargins: {top: 36, bottom: 36, inner: 36, "
                           "outer: 36}\ncolumn_width: 3col\n", encoding="utf-8")
    layout = load_layout_file(layout_file)
    assert layout.column_width == pytest.approx(3 * 134.4 + 2 * 12)
    assert default_layout().column_width == pytest.approx(3.9 * 72)
    spec_path = tmp_path / "desk.yaml"
    spec_path.write_text(DESK.format(width="10cm"), encoding="utf-8")
    assert desk_options(load_spec(spec_path), layout, True).width == pytest.approx(
        10 / 2.54 * 72)
    spec_path.write_text(DESK.format(width="2col").replace("column_width: 2col\n", ""),
                         encoding="utf-8")
    assert desk_options(load_spec(spec_path), layout, True).width == layout.column_width
    layout_file.write_text(layout_file.read_text().replace("3col", "wide"), encoding="utf-8")
    with pytest.raises(SpecError, match="column_width: 'wide' is not a column width"):
        load_layout_file(layout_file)


def test_cyrillic_and_accents_reach_the_svg_and_the_pdf(tmp_path):
    spec = tmp_path / "ru.yaml"
    spec.write_text("title: Газета\nlanguage: ru\nsplit: true\nsvg: true\nbook: false\n"
                    "sections:\n  - kind: wordsearch\n    size: 8\n    candidates: 1\n"
                    "    puzzles:\n      - {title: Ёлка, words: [ёж, щука, объём, юла]}\n",
                    encoding="utf-8")
    out = tmp_path / "out"
    build_book(spec, out, workers=1)
    root = ET.parse(out / "ru/s1-001-solution.svg").getroot()
    texts = words(root)
    assert "Ёлка: решение" in texts and "Щ" in texts
    assert "Ёлка" in PdfReader(out / "ru/s1-001.pdf").pages[0].extract_text()


def test_a_column_too_narrow_for_a_stand_in_is_refused_before_generating(tmp_path, monkeypatch):
    """Review 5, item 11: `column_width: 1col` with a 12x12 Kakuro failed after 13 s of
    generating, naming no spec line. A kind's stand-in (it reads at least as well as any
    board generated for it) that does not fit the column stops the build first."""
    import publisher.pipeline
    from publisher.errors import SpecError

    def no_generating(*args, **kwargs):
        raise AssertionError("generated before the column was checked")
    monkeypatch.setattr(publisher.pipeline, "generate_all", no_generating)
    spec = tmp_path / "desk.yaml"
    spec.write_text("title: T\nsplit: true\ncolumn_width: 1col\nsections:\n"
                    "  - {kind: kakuro, size: 12}\n  - {kind: sudoku}\n", encoding="utf-8")
    with pytest.raises(SpecError) as refused:
        build_book(spec, tmp_path / "out", workers=1)
    message = str(refused.value)
    assert message.startswith(f"{spec}:3: column_width: a puzzle does not fit the column: "
                              "Kakuro (Kakuro), puzzle: in a column 1.87 in wide"), message
    assert "Sudoku" not in message and not (tmp_path / "out").exists()
