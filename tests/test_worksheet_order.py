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
