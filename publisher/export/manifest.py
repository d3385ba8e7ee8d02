"""The JSON manifest (`<name>.json`): format "puzzle-book/1", see docs/manifest.md."""
from __future__ import annotations

import json
from typing import Any

from ..batch import Outcome
from ..kinds import get_kind
from ..render.book import Placement

FORMAT = "puzzle-book/1"


def build_manifest(book, seed: int, pdf_name: str, layout_name: str,
                   outcomes: list[Outcome], placements: list[Placement],
                   files: dict[str, list[str]], answer_pdf: str | None = None
                   ) -> dict[str, Any]:
    puzzles = []
    for outcome, placement in zip(outcomes, placements):
        job = outcome.job
        entry: dict[str, Any] = {
            "id": job.id, "kind": job.kind, "title": job.title, "section": job.section_title,
            "language": job.language, "page": placement.page,
            "answer_page": placement.answer_page, "score": round(outcome.kept.score, 4),
            "candidate": outcome.candidate, "candidates": job.candidates,
            "tried": outcome.tried,
        }
        if job.date is not None:
            entry["date"] = job.date.isoformat()
        if job.version:
            entry["version"] = job.version          # `copies:` (worksheets)
        entry.update(get_kind(job.kind).manifest(outcome.kept))
        if files.get(job.id):
            entry["files"] = files[job.id]
        if outcome.kept.warnings:
            entry["warnings"] = list(outcome.kept.warnings)
        puzzles.append(entry)
    manifest = {"format": FORMAT, "title": book.title, "subtitle": book.subtitle,
                "author": book.author, "seed": seed, "layout": layout_name, "pdf": pdf_name}
    if answer_pdf:
        manifest["answer_pdf"] = answer_pdf      # answer_page numbers refer to this file
    manifest["puzzles"] = puzzles
    return manifest


def dumps(manifest: dict[str, Any]) -> str:
    """`json.dumps(manifest, ensure_ascii=False, indent=1) + "\\n"`, the same text, made
    a puzzle at a time: the whole document at once held about ten times its size in
    small pieces (19 MiB for a 480-puzzle book, the build's peak)."""
    if not manifest:
        return "{}\n"
    fields = []
    for key, value in manifest.items():
        if key == "puzzles" and isinstance(value, list) and value:
            text = "[\n  " + ",\n  ".join(_indented(entry, 2) for entry in value) + "\n ]"
        else:
            text = _indented(value, 1)
        fields.append(f" {json.dumps(key, ensure_ascii=False)}: {text}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _indented(value: Any, level: int) -> str:
    """`value` as json.dumps(indent=1) writes it `level` levels deep (a JSON text has
    no newline but those between its items: each is followed by the indent)."""
    return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n" + " " * level)
