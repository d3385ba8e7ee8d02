"""An answer of several words (French "pomme de terre", POMMEDETERRE in the grid) keeps
its word breaks wherever a solver reads it: the .ipuz clue's `enumeration`, the .puz
clue's text (it has no such field: "potato (5,2,5)", as the page prints it) and the
fill-in's word list (POMME DE TERRE, under "12 lettres"), the grid cells unchanged."""
from __future__ import annotations

import json

import puz
import pypdf
import yaml

from publisher.pipeline import build_book

WORDS = {"pomme de terre": "potato", "arc-en-ciel": "rainbow", "chapeau": "hat",
         "fenêtre": "window", "école": "school", "forêt": "forest", "garçon": "boy"}


def _build(tmp_path):
    spec = {"title": "Vocabulaire", "document": "worksheet", "language": "fr", "seed": 4,
            "sections": [{"kind": "crossword", "size": 13,
                          "puzzles": [{"title": "Mots", "clues": WORDS}]},
                         {"kind": "fillin", "size": 13,
                          "puzzles": [{"title": "Mots", "words": list(WORDS)}]}]}
    path = tmp_path / "fr.yaml"
    path.write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    result = build_book(path, tmp_path / "out", workers=1)
    return result, json.loads(result.manifest.read_text(encoding="utf-8"))


def test_word_breaks_reach_the_files_and_the_fill_in_list(tmp_path):
    result, manifest = _build(tmp_path)
    crossword, fillin = manifest["puzzles"]
    files = {name.rsplit(".", 1)[1]: result.manifest.parent / name
             for name in crossword["files"]}
    ipuz = json.loads(files["ipuz"].read_text(encoding="utf-8"))
    clues = {c["answer"]: c for way in ipuz["clues"].values() for c in way}
    placed = {e["answer"] for e in crossword["entries"]}
    expected = {"POMMEDETERRE": "5,2,5", "ARCENCIEL": "3-2-4"}
    assert set(expected) & placed, placed              # at least one of them crosses
    for answer, clue in clues.items():
        assert clue.get("enumeration") == expected.get(answer), clue
    puz_clues = set(puz.read(str(files["puz"])).clues)
    for answer in set(expected) & placed:
        clue = WORDS["pomme de terre" if answer == "POMMEDETERRE" else "arc-en-ciel"]
        assert f"{clue} ({expected[answer]})" in puz_clues
    assert "hat" in puz_clues                          # one word: the clue alone

    grid_rows = ["".join(ch or " " for ch in row) for row in fillin["solution"]]
    grid_cols = ["".join(row[c] or " " for row in fillin["solution"])
                 for c in range(len(fillin["solution"][0]))]
    assert any("POMMEDETERRE" in line for line in grid_rows + grid_cols)   # cells unchanged
    page = pypdf.PdfReader(result.pdf).pages[fillin["page"] - 1].extract_text()
    assert "POMME DE TERRE" in page and "ARC-EN-CIEL" in page
    assert "POMMEDETERRE" not in page and "12 lettres" in page
