"""The legibility error (user trial): grouped by section, each section's spec line named,
three puzzles shown and "and N more", each puzzle once (puzzle and solution together)."""
import re

from typer.testing import CliRunner

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
    named = re.findall(r"(?:: |; )([A-Z][\w ]+) \(puzzle and solution\)", text)
    assert len(named) == 3 and len(set(named)) == 3, named
    assert "and 2 more" in text
    assert text.count("put fewer puzzles on a page") == 1
    assert not (tmp_path / "o").exists()
