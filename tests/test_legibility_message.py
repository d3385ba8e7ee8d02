"""The legibility error (user trial): grouped by section, each section's spec line named,
three puzzles shown and "and N more", each puzzle once (puzzle and solution together)."""
import re

import pytest
from typer.testing import CliRunner

from publisher.render.legibility import LegibilityError

SPEC = """\
title: Legible
layout: large-print
seed: 1
sections:
  - kind: queens
    size: 6
    count: 2
    candidates: 1
  - kind: wordsearch
    size: 25
    count: 5
    candidates: 1
    words_per_puzzle: 10
    themes: all
"""


def test_legibility_error_names_the_section_line_and_counts_the_rest(tmp_path):
    from publisher.cli import app
    (tmp_path / "a.yaml").write_text(SPEC, encoding="utf-8")
    result = CliRunner().invoke(app, [str(tmp_path / "a.yaml"), "--out", str(tmp_path / "o"),
                                      "-q"])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "legibility floor (16 pt)" in text
    assert re.search(r"a\.yaml:9: section 2 \(Word search\), 5 puzzles: ", text), text
    named = re.findall(r"(?:: |; )([A-Z][\w ]+) and its solution", text)
    assert len(named) == 3 and len(set(named)) == 3, named
    assert "and 2 more" in text
    # said once, and only what can help a puzzle already alone on its page
    assert text.count("To fix: use a smaller grid") == 1 and "fewer puzzles" not in text
    assert not (tmp_path / "o").exists()


def test_a_size_no_page_can_print_is_refused_before_generating(tmp_path, monkeypatch):
    """Review 2, item 6: kakuro 25x25 on Letter (its documented largest size), pictures
    at an exact size larger than a 6x9 page holds (a size of one number scales to fit)
    and a 16x16 Sudoku on 5x8 failed after every puzzle was generated; they are refused
    at once, in the words of the check after generating."""
    import time

    from publisher import pipeline

    def no_generating(*args, **kwargs):
        raise AssertionError("generated puzzles for a book that cannot be printed")

    monkeypatch.setattr(pipeline, "generate_all", no_generating)
    (tmp_path / "k.yaml").write_text("title: X\nseed: 777\nsections:\n  - kind: kakuro\n"
                                     "    size: 25\n    difficulty: hard\n    count: 30\n",
                                     encoding="utf-8")
    (tmp_path / "n.yaml").write_text("title: X\nlayout: 6x9\nsections:\n  - kind: nonogram\n"
                                     "    picture: [en/cat, en/elephant]\n    size: [40, 40]\n",
                                     encoding="utf-8")
    (tmp_path / "s.yaml").write_text("title: X\nlayout: 5x8\nsections:\n  - kind: sudoku\n"
                                     "    size: 16\n    count: 4\n", encoding="utf-8")
    started = time.monotonic()
    for name, says in (("s", r"s\.yaml:4: section 1 \(Sudoku\), 4 puzzles: .*cells would be "
                             r"0\.\d+ in .*and 1 more"),
                       ("k", r"k\.yaml:4: section 1 \(Kakuro\), 30 puzzles: Kakuro 1"
                             r": cells would be 0\.\d+ in .*and 27 more"),
                       ("n", r"n\.yaml:4: section 1 \(Nonogram\), 2 puzzles: Nonogram 1"
                             r": the clue numbers would be \d\.\d pt")):
        with pytest.raises(LegibilityError, match=says):
            pipeline.build_book(tmp_path / f"{name}.yaml", tmp_path / "out", workers=1)
    assert time.monotonic() - started < 10          # seconds, not minutes (was 34 s)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("detail, says", [
    ("cells are too small for that; put fewer puzzles on a page",
     "To fix: use a layout with a larger page or a lower min_font_size"),
    ("4 words do not fit at 7 pt; put fewer puzzles on a page, fewer words in a puzzle or "
     "shorter words", "To fix: use fewer words in a puzzle or shorter words"),
    ("clues do not fit; put fewer puzzles on a page, or use shorter clues or fewer words",
     "To fix: use shorter clues or fewer words"),
])
def test_advice_for_a_puzzle_alone_on_its_page_never_says_fewer_a_page(detail, says):
    """The error comes only when a puzzle does not read even alone on a page: a kind's
    "put fewer puzzles on a page" is dropped from its advice (review 3, item 7)."""
    from publisher.render.legibility import Illegible

    message = str(LegibilityError([Illegible(0, "Section", "Puzzle 1", "puzzle", detail)], 7))
    assert message.endswith(says) and "fewer puzzles" not in message


def test_a_puzzle_is_named_plainly_and_a_size_under_the_floor_never_reads_as_it():
    """Review 6: "Mots codés (puzzle): ... would be 7.0 pt, under 7 pt"."""
    from publisher.ground.printrules import short_of
    from publisher.render.legibility import Illegible

    assert (short_of(6.97), short_of(6.9), short_of(12.0)) == ("6.9", "6.9", "12.0")
    problems = [Illegible(0, "Mots codés", "Mots codés", "puzzle", f"{short_of(6.97)} pt"),
                Illegible(0, "Mots codés", "Mots codés 2", "solution", "6 pt"),
                Illegible(0, "Mots codés", "Mots codés 3", "puzzle", "5 pt"),
                Illegible(0, "Mots codés", "Mots codés 3", "solution", "5 pt")]
    message = str(LegibilityError(problems, 7))
    assert ("3 puzzles: Mots codés: 6.9 pt; the solution of Mots codés 2: 6 pt; "
            "Mots codés 3 and its solution: 5 pt.") in message, message
