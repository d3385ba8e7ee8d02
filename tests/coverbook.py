"""A small book's puzzles for cover tests: generated once, drawn on any layout and style."""
from __future__ import annotations

from pathlib import Path

SPEC = """\
title: The Big Puzzle Book
subtitle: 108 word searches, crosswords, Flow and Queens puzzles
author: Puzzle Publisher
language: {language}
seed: 3
sections:
  - {{kind: wordsearch, size: 10, count: 2, candidates: 1, words_per_puzzle: 6, repeat: allow, words: {words}}}
  - {{kind: queens, size: 6, count: 3, candidates: 1}}
  - {{kind: numberlink, size: 6, count: 1}}
"""

WORDS = {"en": "[horse, sheep, goat, tractor, barn, field, apple, wheat, hay]",
         "es": "[caballo, oveja, cabra, granja, campo, manzana, trigo, establo, heno]",
         "ru": "[лошадь, овца, коза, ферма, поле, яблоко, пшеница, сено, амбар]"}


def outcomes(folder: Path, language: str = "en"):
    from publisher.batch import generate_all, make_executor
    from publisher.plan import plan_book
    from publisher.spec import load_spec
    path = folder / f"cover-{language}.yaml"
    path.write_text(SPEC.format(language=language, words=WORDS[language]), encoding="utf-8")
    spec = load_spec(path)
    return spec, generate_all(plan_book(spec), spec.book.seed, make_executor(1))


def renderer(spec, outcomes, layout_name: str, **book):
    from publisher.render.book import BookRenderer
    from publisher.render.layout import load_layout
    layout = load_layout(layout_name, spec.path.parent, ValueError)
    return BookRenderer(spec.book.model_copy(update=book), layout, outcomes)
