"""The web edition of a Dutch crossword in a real browser: typing I then J fills the one
IJ cell (shown "IJ"), and the page counts the puzzle solved. Skipped where no Chromium
is installed (as tests/test_web_browser.py)."""
import json
import textwrap

import pytest

from tests.langfixtures import forget_fixture_languages, use_fixture_languages
from tests.test_web_browser import ARGS, CHROMIUM, Page

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed "
                                "(apt-get install chromium)")


def test_typing_i_then_j_fills_the_ij_cell(tmp_path, monkeypatch):
    sync_api = pytest.importorskip("playwright.sync_api")
    from publisher.pipeline import build_book

    use_fixture_languages(tmp_path, monkeypatch)
    try:
        spec = tmp_path / "book.yaml"
        spec.write_text(textwrap.dedent("""\
            title: Puzzels
            seed: 5
            language: xnl
            print: false
            web: true
            sections:
              - kind: crossword
                size: 9
                candidates: 2
                puzzles:
                  - title: Kruiswoord
                    clues: {ijzer: Metaal, wijn: Drank van druiven, tijger: Gestreepte kat,
                            zee: Veel zout water, rijst: Graan, boot: Vaart}
            """), encoding="utf-8")
        result = build_book(spec, tmp_path / "out", workers=1)
    finally:
        forget_fixture_languages()
    (puzzle,) = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    path = tmp_path / "out" / next(f for f in puzzle["files"] if f.endswith(".html"))
    letters = {(r, c): ch for r, row in enumerate(puzzle["solution"])
               for c, ch in enumerate(row) if ch}
    units = [rc for rc, ch in letters.items() if ch == "Ĳ"]
    assert units
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = Page(browser, path)
            page.focus_grid()
            page.type_cells({rc: "IJ" if ch == "Ĳ" else ch for rc, ch in letters.items()})
            shown = page.page.evaluate(
                f"document.querySelector('td[data-row=\"{units[0][0]}\"][data-col=\"{units[0][1]}\"]"
                " .val').textContent")
            assert shown == "IJ"
            assert page.solved() and not page.errors
            page.close()
        finally:
            browser.close()


def test_a_dutch_ladder_keeps_i_and_j_in_two_squares_as_printed(tmp_path):
    """A word ladder prints IJ as two letters: typing a rung's I then J fills two squares
    (not one IJ square, which spilled the rest of the word over), and the reader can
    finish the ladder."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from publisher.pipeline import build_book

    spec = tmp_path / "book.yaml"
    spec.write_text("title: Ladder\nseed: 19\nlanguage: nl\nprint: false\nweb: true\n"
                    "sections:\n  - {kind: wordladder, length: 4, steps: 5}\n", encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    (puzzle,) = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    path = tmp_path / "out" / next(f for f in puzzle["files"] if f.endswith(".html"))
    rungs = puzzle["solution"][1:-1]
    assert any("IJ" in rung for rung in rungs)        # the seed's ladder has a rung with IJ
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = Page(browser, path, viewport={"width": 390, "height": 844})
            page.focus_grid()
            for n, rung in enumerate(rungs):
                if n:
                    page.page.keyboard.press("Tab")
                for letter in rung:
                    page.page.keyboard.press(letter)
            shown = page.page.evaluate(
                "[...document.querySelectorAll('tr')].map(tr => [...tr.querySelectorAll('td .val')]"
                ".map(v => v.textContent).join('|'))")
            assert shown[1:-1] == ["|".join(rung) for rung in rungs]
            assert page.solved() and not page.errors
            page.close()
        finally:
            browser.close()
