"""Copies for a class (`copies: N`) of a crossword and a fill-in are different puzzles
to a reader: not the same grid, nor the same grid turned or with one word slid along
another. Checked from the manifest's solution grids by a run finder written here (not
the kinds' own entries or their identity key)."""
from __future__ import annotations

import json
from itertools import combinations

import yaml

from publisher.pipeline import build_book

WORDS = {"atom": "Smallest unit of an element", "cell": "Basic unit of life",
         "energy": "Ability to do work", "gravity": "Force that pulls things down",
         "magnet": "Attracts iron", "planet": "Orbits a star", "liquid": "Water is one",
         "oxygen": "Gas we breathe"}
SPEC = {"title": "Science words", "document": "worksheet", "seed": 8, "copies": 3,
        "sections": [
            {"kind": "crossword", "size": 11, "candidates": 8,
             "puzzles": [{"title": "Science", "clues": WORDS}]},
            {"kind": "fillin", "size": 11, "words": list(WORDS)}]}


def _runs(grid: list[list[str | None]]) -> list[list[tuple[int, int]]]:
    """Every across and down run of two or more letter cells."""
    rows, cols = len(grid), len(grid[0])
    runs = []
    for dr, dc in ((0, 1), (1, 0)):
        for r in range(rows):
            for c in range(cols):
                before = (r - dr, c - dc)
                if grid[r][c] is None or (0 <= before[0] and 0 <= before[1]
                                          and grid[before[0]][before[1]] is not None):
                    continue
                cells = []
                rr, cc = r, c
                while rr < rows and cc < cols and grid[rr][cc] is not None:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if len(cells) > 1:
                    runs.append(cells)
    return runs


def _crossing_words(grid: list[list[str | None]]) -> frozenset[frozenset[str]]:
    words = [("".join(grid[r][c] for r, c in run), set(run)) for run in _runs(grid)]
    return frozenset(frozenset((a, b)) for (a, ca), (b, cb) in combinations(words, 2)
                     if ca & cb)


def test_crossword_and_fillin_copies_are_different_puzzles(tmp_path):
    spec = tmp_path / "copies.yaml"
    spec.write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    for kind in ("crossword", "fillin"):
        versions = [p for p in manifest["puzzles"] if p["kind"] == kind]
        assert len(versions) == 3
        graphs = []
        for puzzle in versions:
            grid = puzzle["solution"]
            found = {"".join(grid[r][c] for r, c in run) for run in _runs(grid)}
            assert found == {w.upper() for w in WORDS}, (kind, puzzle["version"])
            graphs.append(_crossing_words(grid))
        assert len(set(graphs)) == 3, (kind, [p["version"] for p in versions])
