"""One book with every kind: the engine treats them all alike."""
import json
import shutil
import subprocess

import puz
import pytest
from pypdf import PdfReader

from publisher.kinds import all_kinds
from publisher.pipeline import build_book

SPEC = """\
title: Everything
author: Test Desk
layout: 6x9
seed: 3
sections:
  - kind: wordsearch
    title: Words
    size: 10
    candidates: 4
    puzzles:
      - {title: Farm, words: [cow, horse, pig, goat, sheep, duck]}
  - kind: crossword
    title: Clues
    size: 11
    candidates: 4
    puzzles:
      - title: Mini
        clues: {piano: Instrument with keys, tiger: Striped big cat, river: Flowing water,
                apple: Red or green fruit, orbit: Path around a planet}
  - kind: numberlink
    title: Flow
    size: 6
    count: 2
    candidates: 2
    per_page: 2
  - kind: queens
    title: Queens
    variant: regions
    size: 6
    count: 2
    candidates: 2
    per_page: 2
  - kind: maze
    title: Maze
    size: 8
    candidates: 2
  - kind: cryptogram
    title: Code
    texts: ["Octopuses have three hearts."]
  - kind: scramble
    title: Scramble
    words: [planet, garden, orange]
    candidates: 2
  - kind: fillin
    title: Fill
    size: 9
    words: [planet, garden, orange, winter, pencil, tiger]
    candidates: 2
  - kind: sudoku
    title: Sudoku
    size: 6
    variant: killer
    difficulty: easy
    candidates: 2
  - kind: wordladder
    title: Ladder
    length: 4
    steps: 3
  - kind: nonogram
    title: Picture
    picture: en/heart
  - kind: futoshiki
    title: Futoshiki
    size: 4
    difficulty: easy
  - kind: skyscrapers
    title: Skyscrapers
    size: 4
    difficulty: easy
  - kind: calcudoku
    title: Calcudoku
    size: 4
  - kind: kakuro
    title: Cross sums
    size: 8
    difficulty: easy
  - kind: codeword
    title: Codeword
    size: 11
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mixed")
    spec = folder / "everything.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    result = build_book(spec, folder / "out", workers=2)
    return result, json.loads(result.manifest.read_text(encoding="utf-8")), spec


def test_every_kind_is_in_the_book(built):
    _, manifest, _ = built
    assert [p["kind"] for p in manifest["puzzles"]] == [
        "wordsearch", "crossword", "numberlink", "numberlink", "queens", "queens",
        "maze", "cryptogram", "scramble", "fillin", "sudoku", "wordladder", "nonogram",
        "futoshiki", "skyscrapers", "calcudoku", "kakuro", "codeword"]
    assert set(all_kinds()) == {"wordsearch", "crossword", "numberlink", "queens",
                                "maze", "cryptogram", "scramble", "fillin", "sudoku",
                                "wordladder", "nonogram", "futoshiki", "skyscrapers",
                                "calcudoku", "kakuro", "codeword"}


def test_puzzles_share_pages_when_asked_and_each_page_shows_its_puzzle(built):
    result, manifest, _ = built
    flow = [p for p in manifest["puzzles"] if p["kind"] == "numberlink"]
    assert flow[0]["page"] == flow[1]["page"]
    reader = PdfReader(result.pdf)
    for puzzle in manifest["puzzles"]:
        text = " ".join(reader.pages[puzzle["page"] - 1].extract_text().split())
        assert puzzle["title"] in text
        assert puzzle["answer_page"] > puzzle["page"]
        assert puzzle["title"] in reader.pages[puzzle["answer_page"] - 1].extract_text()


def test_crossword_side_files_match_the_manifest(built):
    result, manifest, _ = built
    crossword = next(p for p in manifest["puzzles"] if p["kind"] == "crossword")
    files = {name.rsplit(".", 1)[1]: result.manifest.parent / name for name in crossword["files"]}
    assert set(files) == {"puz", "ipuz"} and all(f.is_file() for f in files.values())
    grid = puz.read(str(files["puz"]))
    clues = [e["clue"] for e in sorted(crossword["entries"],
                                       key=lambda e: (e["number"], e["direction"] != "across"))]
    assert grid.clues == clues
    assert json.loads(files["ipuz"].read_text(encoding="utf-8"))["kind"][0].startswith(
        "http://ipuz.org/crossword")


@pytest.mark.skipif(not shutil.which("qpdf"), reason="qpdf not installed")
def test_pdf_structure_is_valid(built):
    result, _, _ = built
    check = subprocess.run(["qpdf", "--check", str(result.pdf)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_bytes_do_not_depend_on_the_workers_or_the_hash_seed(built, tmp_path):
    """Each run of Python salts string hashes differently; output must not follow it, nor
    the number of workers. The book built in this process (its own salt, two workers)
    against one built by the command with another salt and one worker."""
    import os
    import sys

    from conftest import ROOT

    result, _, spec = built
    salt = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    run = subprocess.run(
        [sys.executable, "-m", "publisher.cli", str(spec), "--out", str(tmp_path / salt),
         "--quiet", "--workers", "1"], cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": salt},
        capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    outputs = [{path.relative_to(out): path.read_bytes()
                for path in sorted(out.rglob("*")) if path.is_file()}
               for out in (result.pdf.parent, tmp_path / salt)]
    assert len(outputs[0]) == 5          # PDF, JSON, .puz, .ipuz, the sudoku's .ipuz
    assert outputs[0] == outputs[1]
