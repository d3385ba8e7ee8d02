"""The web edition (`web: true`): per puzzle `<name>/web/<stem>.html`, playable offline
with mouse, touch and keyboard, and `<name>/web/index.html` linking them.

A page is one self-contained file: the shell (toolbar, timer, saving, the solved
contract: shell.js and shell.css, written once for every kind), the shared players a
kind uses (cells.js: the typing grid), and the kind's part (`Kind.web`: its data and
its player). Data goes in as JSON inside the page, so the page needs no request and
works from file://. Every word comes from the language catalogue. See docs/web.md."""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Callable

from ...batch import Outcome
from ...errors import PublisherError
from ...ground.catalogue import Catalogue, catalogue
from ...ground.schedule import format_date
from ...kinds import get_kind
from ...kinds.base import Kind, WebPart
from ...plan import Job

HERE = Path(__file__).resolve().parent
FOLDER = "web"
LIMIT = 300_000          # bytes: a page must stay light enough for a phone
SHARED = ("cells",)      # the shared players a kind may use (`WebPart.uses`)


@cache
def _asset(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class WebBook:
    """What every page of one book shares."""

    name: str                  # the spec's name: the folder, and the saving key's book
    title: str
    pdf: str | None            # the book's PDF beside <name>/ (None: no book)


def _json(value: Any) -> str:
    """JSON safe inside a <script> element: no "<" at all, so nothing can close it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _shell_text(words: Catalogue) -> dict[str, str]:
    """The shell's strings in the page's language (the catalogue's `web` block)."""
    block = words.lookup("web")
    return {key: str(value) for key, value in block.items()}


def page(book: WebBook, outcome: Outcome, part: WebPart, print_link: str | None) -> bytes:
    """One puzzle's page."""
    job = outcome.job
    words = catalogue(job.language)
    unknown = [u for u in part.uses if u not in SHARED]
    if unknown:
        raise PublisherError(f"the {job.kind} kind's web part uses {unknown}, which the "
                             f"page shell does not have (it has: {', '.join(SHARED)})")
    text = _shell_text(words)
    # The puzzle's own cell units: a ladder or a scramble prints I and J in two cells, so
    # typing them must not join them as a crossword's one IJ cell does.
    units = words.cell_units if job.cell_units else {}
    data = {"book": book.name, "id": job.id, "kind": job.kind, "text": text,
            "alphabet": words.alphabet, "units": units, "data": part.data}
    e = html.escape
    scripts = "\n".join(_asset(f"{u}.js") for u in part.uses)
    day = (f'<p class="date">{e(format_date(job.date, words.text("dates.long"), job.language))}'
           "</p>" if job.date else "")
    body = f"""<!doctype html>
<html lang="{e(job.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(job.title)} · {e(book.title)}</title>
<style>
{_asset("shell.css")}
{part.style}
</style>
</head>
<body>
<header><a href="index.html">{e(words.text("book.contents"))}</a>
<span>{e(book.title)}</span></header>
<main data-solved="false" data-kind="{e(job.kind)}" data-id="{e(job.id)}">
<h1>{e(job.title)}</h1>
{day}<p class="rule">{e(part.rule)}</p>
{_toolbar(text, part, print_link)}
<div class="board"></div>
<p class="status" role="status" aria-live="polite"></p>
</main>
<script type="application/json" id="page-data">{_json(data)}</script>
<script>
{_asset("shell.js")}
{scripts}
{part.script}
</script>
</body>
</html>
"""
    encoded = body.encode("utf-8")
    if len(encoded) > LIMIT:
        raise PublisherError(f"the web page of {job.title} ({job.section_title}) would weigh "
                             f"{len(encoded) // 1000} KB, more than {LIMIT // 1000} KB; make "
                             "the puzzle smaller or leave `web: true` out")
    return encoded


def _toolbar(text: dict[str, str], part: WebPart, print_link: str | None) -> str:
    """Check, Reveal (square, word, all: the player keeps those it answers), Reset,
    Pause, the timer and the Print link."""
    e = html.escape
    printing = (f'<a class="print" href="{e(print_link)}">{e(text["print"])}</a>'
                if print_link else "")
    entry = part.data.get("reveal_entry") or text["reveal_entry"]    # Flow: "Line"
    return f"""<div class="toolbar" role="toolbar" aria-label="{e(text["tools"])}">
<button type="button" data-act="check">{e(text["check"])}</button>
<span class="reveal" role="group" aria-label="{e(text["reveal"])}">{e(text["reveal"])}:
<button type="button" data-act="reveal" data-scope="cell">{e(text["reveal_cell"])}</button>
<button type="button" data-act="reveal" data-scope="entry">{e(entry)}</button>
<button type="button" data-act="reveal" data-scope="all">{e(text["reveal_all"])}</button>
</span>
<button type="button" data-act="reset">{e(text["reset"])}</button>
<button type="button" data-act="pause" aria-pressed="false">{e(text["pause"])}</button>
<span class="timer" role="timer" aria-label="{e(text["time"])}">0:00</span>
{printing}
</div>"""


def index(book: WebBook, language: str, entries: list[tuple[Job, str]]) -> bytes:
    """The contents: every puzzle's page by section (by date when the puzzles have one),
    each marked once solved on this device (the pages' saved progress), or finished by
    Reveal (no tick: the answers were shown)."""
    words = catalogue(language)
    text = _shell_text(words)
    e = html.escape
    dated = all(job.date for job, _ in entries)
    ordered = sorted(entries, key=lambda item: (item[0].date, item[0].id)) if dated else entries
    sections: dict[str, list[str]] = {}
    for job, file in ordered:
        label = e(job.title)
        if job.date and job.title.find(str(job.date.year)) < 0:
            label = e(words.text("web.dated", title=job.title,
                                 date=format_date(job.date, words.text("dates.long"), job.language)))
        sections.setdefault("" if dated else job.section_title, []).append(
            f'<li><a href="{e(file)}" data-id="{e(job.id)}">{label}</a></li>')
    parts = []
    for title, items in sections.items():
        heading = f"<h3>{e(title)}</h3>\n" if title else ""
        parts.append(f"{heading}<ul>\n" + "\n".join(items) + "\n</ul>")
    pdf = (f'<p><a href="../../{e(book.pdf)}">{e(text["print"])}</a></p>' if book.pdf else "")
    return f"""<!doctype html>
<html lang="{e(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(book.title)}</title>
<style>
{_asset("shell.css")}
</style>
</head>
<body>
<main class="index">
<h1>{e(book.title)}</h1>
<h2>{e(words.text("book.contents"))}</h2>
{"".join(parts)}
{pdf}
</main>
<script>
const key = {_json("make-book:" + book.name + ":")}, solved = {_json(text["solved_mark"])},
  revealed = {_json(text["revealed_mark"])};
for (const a of document.querySelectorAll("a[data-id]")) {{
  let saved = null;
  try {{ saved = JSON.parse(localStorage.getItem(key + a.dataset.id)); }} catch (e) {{}}
  if (saved && saved.solved) {{           // finished by Reveal is not solved: no tick
    a.insertAdjacentText("afterend", saved.revealed ? " · " + revealed : " ✓ " + solved);
  }}
}}
</script>
</body>
</html>
""".encode("utf-8")


def web_files(book: WebBook, language: str, outcomes: list[Outcome],
              stem: Callable[[Job], str], print_link: Callable[[Outcome], str | None]
              ) -> tuple[dict[str, bytes], dict[str, str]]:
    """{path: bytes} of the pages (index last) and each puzzle's page path by id. A kind
    without a web part is a clear error (only what the contract test lists may lack one)."""
    files: dict[str, bytes] = {}
    by_id: dict[str, str] = {}
    entries: list[tuple[Job, str]] = []
    for outcome in outcomes:
        job = outcome.job
        part = get_kind(job.kind).web(outcome.kept, catalogue(job.language).kind(job.kind))
        if part is None:
            raise PublisherError(f"the {job.kind} kind has no web edition yet ({job.title}); "
                                 "leave `web: true` out, or that section")
        file = f"{stem(job)}.html"
        path = f"{book.name}/{FOLDER}/{file}"
        files[path] = page(book, outcome, part, print_link(outcome))
        by_id[job.id] = path
        entries.append((job, file))
    files[f"{book.name}/{FOLDER}/index.html"] = index(book, language, entries)
    return files, by_id


def has_web(kind: Any) -> bool:
    """Whether the kind overrides `Kind.web` (a kind without one cannot be put on the web)."""
    return type(kind).web is not Kind.web
