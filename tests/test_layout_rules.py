"""Section choices beat the layout's, which beat the kind's defaults."""
import json

import pytest

from publisher.errors import PublisherError
from publisher.pipeline import build_book
from publisher.plan import plan_book
from publisher.render.book import BookRenderer, paginate
from publisher.render.layout import load_layout
from publisher.spec import load_spec
from publisher.batch import Outcome
from publisher.kinds.base import Board

LAYOUT = """\
page: a4
margins: {top: 15mm, bottom: 15mm, inner: 20mm, outer: 15mm}
answers_per_page: 2
colour: true
"""
SPEC = """\
title: Rules
layout: mine.yaml
sections:
  - kind: queens
    title: Own choices
    size: 6
    difficulty: hard             # what 6x6 classic boards grade (no grade warning)
    count: 3
    colour: false
    answers_per_page: 6
  - kind: queens
    title: Layout's choices
    size: 6
    difficulty: hard
    count: 3
"""


def planned(write_spec):
    spec = load_spec(write_spec(SPEC, mine__yaml=LAYOUT))
    layout = load_layout(spec.book.layout, spec.path.parent,
                         lambda message: spec.error(("layout",), message))
    outcomes = [Outcome(job, Board()) for job in plan_book(spec)]
    return spec, layout, outcomes


def test_answers_per_page_section_then_layout(write_spec):
    _, layout, outcomes = planned(write_spec)
    pagination = paginate(outcomes, layout)
    pages, placements = pagination.book, pagination.placements
    answers = [p for p in pages if p.role == "answers"]
    assert [a.per_page for a in answers] == [6, 2, 2]
    assert len({placements[i].answer_page for i in range(3)}) == 1


def test_colour_section_then_layout(write_spec):
    spec, layout, outcomes = planned(write_spec)
    renderer = BookRenderer(spec.book, layout, outcomes)
    assert renderer._theme_for(outcomes[0]).colour is False
    assert renderer._theme_for(outcomes[3]).colour is True


def test_a_custom_layout_builds(write_spec, tmp_path):
    result = build_book(write_spec(SPEC, mine__yaml=LAYOUT), tmp_path / "out", workers=1)
    assert result.pdf.stat().st_size > 0


def test_margins_that_leave_no_room_are_refused(write_spec, tmp_path):
    from typer.testing import CliRunner

    from publisher.cli import app
    wide = LAYOUT.replace("inner: 20mm, outer: 15mm", "inner: 4in, outer: 4in")
    spec = write_spec(SPEC, mine__yaml=wide)
    result = CliRunner().invoke(app, [str(spec), "--out", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 2
    assert "mine.yaml" in result.output and "leave at least 2 x 3 in" in result.output
    assert not (tmp_path / "out").exists()


def test_cramped_puzzles_take_fewer_a_page_or_fail_naming_the_puzzle(write_spec, tmp_path):
    cramped = """\
title: Cramped
layout: 6x9
sections:
  - kind: wordsearch
    size: SIZE
    per_page: 6
    count: 2
    words_per_puzzle: 5
    words: en/animals
"""
    adapted = build_book(write_spec(cramped.replace("SIZE", "24")), tmp_path / "a", workers=1)
    manifest = json.loads(adapted.manifest.read_text(encoding="utf-8"))
    assert manifest["puzzles"][0]["page"] != manifest["puzzles"][1]["page"]
    assert any("puzzles per page 1 instead of 6" in w for w in adapted.warnings)
    with pytest.raises(PublisherError, match=r"Word search 1 .*grid letters would be .*"
                       r"smaller grid"):
        build_book(write_spec(cramped.replace("SIZE", "40")), tmp_path / "b", workers=1)
    assert not (tmp_path / "b").exists()
    roomy = build_book(write_spec(SPEC, mine__yaml=LAYOUT), tmp_path / "roomy", workers=1)
    assert not roomy.warnings


def test_long_titles_are_shortened_not_overprinted():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from publisher.render.book import shorten
    from publisher.ground.fonts import register_fonts
    register_fonts()
    title = "A very long section title that goes on and on " * 3
    cut = shorten(title, "PTSans", 7, 200)
    assert cut.endswith("…") and stringWidth(cut, "PTSans", 7) <= 200
    assert shorten("Short", "PTSans", 7, 200) == "Short"


def test_a_default_per_page_gives_way_without_a_warning(write_spec, tmp_path):
    """A kind's own per_page (word ladders: 2) that does not read in large print gives way
    to 1 a page silently; the warning is for a per_page the spec asked."""
    ladders = """\
title: Ladders
layout: large-print
seed: 3
sections:
  - kind: wordladder
    length: 4
    steps: 4
    count: 2
"""
    quiet = build_book(write_spec(ladders), tmp_path / "quiet", workers=1)
    manifest = json.loads(quiet.manifest.read_text(encoding="utf-8"))
    assert manifest["puzzles"][0]["page"] != manifest["puzzles"][1]["page"]
    assert not any("puzzles per page" in w for w in quiet.warnings + quiet.notes)
    asked = build_book(write_spec(ladders + "    per_page: 2\n"), tmp_path / "asked", workers=1)
    assert any("puzzles per page 1 instead of 2" in w for w in asked.warnings)
