"""Every YAML snippet of docs/spec.md (and the README's) that is a whole spec or a section
builds, and clean
(no warning) unless the text around it is there to show one: a reader copies them.

A section alone is wrapped into a minimal book; `count` and dated runs are cut to two
puzzles (the keys are what a snippet shows; the suite stays fast). Files a spec names
beside it come from the snippets the docs give for them."""
from __future__ import annotations

import re

import pytest
import yaml

from conftest import ROOT
from publisher.pipeline import build_book

DOC = ROOT / "docs" / "spec.md"
README = ROOT / "README.md"
MOST = 2                  # puzzles a snippet's section makes here
# Not specs: files a spec names (a layout, a clue list), or book keys shown alone.
NOT_A_SPEC = {"page", "Paris", "fonts", "cover", "files"}
# The snippet is there to show its warning.
SHOWS_A_WARNING = {"Crowded farm": "could not place"}
# Built elsewhere or too slow for the suite (seconds on a free core), and why.
SKIPPED = {
    "kind: crossword\n  style: blocked": "a blocked mini: six candidates of a clued fill "
                                         "(10 s); test_blocked_minis builds the like",
}


def snippets() -> list[tuple[str, str]]:
    """(where: the file, the heading above and the line; text) of each ```yaml block."""
    found = []
    for doc in (DOC, README):
        found += _snippets_of(doc)
    return found


def _snippets_of(doc) -> list[tuple[str, str]]:
    text = doc.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"```yaml\n(.*?)```", text, re.S):
        line = text.count("\n", 0, match.start()) + 1
        prose = re.sub(r"```.*?```", "", text[:match.start()], flags=re.S)   # no comment lines
        heading = re.findall(r"^#+ (.+)$", prose, re.M)[-1]
        found.append((f"{doc.name}: {heading} (line {line})", match.group(1)))
    return found


def _as_spec(text: str) -> dict | None:
    data = yaml.safe_load(text)
    if isinstance(data, list):                       # a section, or a few
        data = {"title": "Snippet", "sections": data}
    if not isinstance(data, dict) or "sections" not in data:
        return None
    data.setdefault("title", "Snippet")
    for section in data["sections"]:
        if isinstance(section.get("count"), int):
            section["count"] = min(section["count"], MOST)
        if isinstance(section.get("schedule"), dict):
            section["schedule"]["days"] = min(section["schedule"]["days"], MOST)
    if isinstance(data.get("schedule"), dict):
        data["schedule"]["days"] = min(data["schedule"]["days"], MOST)
    return data


def _files_beside(text: str) -> dict[str, str]:
    """The files the docs' specs read beside them, as the docs write them (unit4.txt and
    mar.txt, which they do not write, stand-ins)."""
    blocks = re.findall(r"```(?:yaml|text)\n(.*?)```", text, re.S)
    return {"layouts/booklet.yaml": next(b for b in blocks if b.startswith("# A5 booklet")),
            "planets.txt": next(b for b in blocks if b.startswith("# Our solar system")),
            "unit4.txt": "river\nmountain\nvalley\nforest\n",
            "mar.txt": "ballena\ndelfín\ntiburón\npulpo\ncangrejo\nmedusa\n"}


def _kept(text: str) -> bool:
    data = yaml.safe_load(text)
    return not (isinstance(data, dict) and "sections" not in data and NOT_A_SPEC & set(data))


CASES = [(where, text) for where, text in snippets() if _kept(text)]


def test_the_docs_have_the_snippets_this_test_knows():
    """A snippet not built here is named, with why; none of the names has gone stale."""
    texts = [text for _, text in snippets()]
    assert len(CASES) >= 15
    for start in SKIPPED:
        assert any(start in text for text in texts), start
    for title in SHOWS_A_WARNING:
        assert any(title in text for text in texts), title
    assert all(_as_spec(text) for _, text in CASES)


@pytest.mark.parametrize("where, text", CASES, ids=[where for where, _ in CASES])
def test_the_snippet_builds(where, text, tmp_path):
    if any(start in text for start in SKIPPED):
        pytest.skip(next(why for start, why in SKIPPED.items() if start in text))
    for name, content in _files_beside(DOC.read_text(encoding="utf-8")).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(content, encoding="utf-8")
    spec = tmp_path / "snippet.yaml"
    spec.write_text(yaml.safe_dump(_as_spec(text), allow_unicode=True), encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1, history=tmp_path / "h.sqlite")
    shown = next((w for title, w in SHOWS_A_WARNING.items() if title in text), None)
    if shown:
        assert any(shown in warning for warning in result.warnings), result.warnings
    else:
        assert result.warnings == [], (where, result.warnings)
