"""Worksheet copies across several sections (user trial): pages and answers run version by
version (every puzzle's version 1, then every version 2...), so a teacher prints one packet
per student; a book keeps its sections together. Read back from the PDFs with pypdf."""
from __future__ import annotations

import re

import pypdf
import yaml

from publisher.pipeline import build_book

SPEC = {"title": "Logic packet", "document": "worksheet", "seed": 4, "copies": 3,
        "sections": [{"kind": "queens", "size": 7, "count": 1, "candidates": 1},
                     {"kind": "queens", "size": 6, "count": 1, "candidates": 1}]}


def _codes(pdf):
    return [re.findall(r"\b([AB]\d)\b", page.extract_text() or "")
            for page in pypdf.PdfReader(pdf).pages]


def test_worksheet_pages_and_answers_run_version_by_version(tmp_path):
    (tmp_path / "w.yaml").write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    result = build_book(tmp_path / "w.yaml", tmp_path / "out", workers=1)
    order = ["A1", "B1", "A2", "B2", "A3", "B3"]
    assert [code for page in _codes(result.pdf) for code in page] == order
    sheet = result.pdf.with_name(result.pdf.stem + "-answers.pdf")
    assert [code for page in _codes(sheet) for code in page] == order


def test_a_book_with_copies_keeps_its_sections_together(tmp_path):
    from publisher.plan import plan_book
    from publisher.spec import load_spec
    (tmp_path / "b.yaml").write_text(yaml.safe_dump({**SPEC, "document": "book"}), "utf-8")
    spec = load_spec(tmp_path / "b.yaml")
    assert [job.version for job in plan_book(spec)] == ["A1", "A2", "A3", "B1", "B2", "B3"]


def test_scramble_versions_each_list_the_words_in_their_own_order(tmp_path):
    import json
    words = ["planet", "garden", "orange", "winter", "pencil", "basket"]
    spec = {"title": "Scrambles", "document": "worksheet", "seed": 2, "copies": 4,
            "sections": [{"kind": "scramble", "words": words, "candidates": 1}]}
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    orders = []
    for run in ("a", "b"):
        result = build_book(tmp_path / "s.yaml", tmp_path / run, workers=1)
        manifest = json.loads(result.manifest.read_text("utf-8"))
        orders.append([[item["answer"].lower() for item in p["items"]]
                       for p in manifest["puzzles"]])
    versions = orders[0]
    assert len(versions) == 4 and all(sorted(v) == sorted(words) for v in versions)
    assert len({v[0] for v in versions}) > 1                  # answer 1 is not always one word
    assert all(v != versions[0] for v in versions[1:])        # no version repeats the first's
    assert orders[0] == orders[1]                             # and the same every build
