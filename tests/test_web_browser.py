"""The web edition in a real browser (Debian's Chromium, driven by Playwright): every kind
with a web part is built into one book, each page is loaded from file:// and solved from
the manifest's solution by keyboard (the word search also by pointer and by touch).
Skipped only where no Chromium is installed."""
import importlib.util
import json
import time
import shutil
from collections import deque
from pathlib import Path

import pytest
import yaml

from publisher.ground.catalogue import catalogue
from publisher.kinds import all_kinds
from publisher.pipeline import build_book
from publisher.render.web import has_web

CHROMIUM = shutil.which("chromium") or next(
    (p for p in ("/usr/bin/chromium", "/usr/lib/chromium/chromium") if Path(p).exists()), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed "
                                "(apt-get install chromium)")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WEB_KINDS = sorted(name for name, kind in all_kinds().items() if has_web(kind))
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """One book of every kind's example with `web: true`: its manifest entry and page
    path by kind."""
    folder = tmp_path_factory.mktemp("web")
    spec = folder / "webbook.yaml"
    spec.write_text(yaml.safe_dump({
        "title": "Web", "seed": 5, "print": False, "web": True,
        "sections": [{"kind": name, **all_kinds()[name].example} for name in WEB_KINDS]},
        allow_unicode=True), encoding="utf-8")
    result = build_book(spec, folder / "out", workers=1)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    out = {}
    for puzzle in manifest["puzzles"]:
        page = next(f for f in puzzle["files"] if f.endswith(".html"))
        out.setdefault(puzzle["kind"], (puzzle, folder / "out" / page))
    return out


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()


class Page:
    """One page opened from file:// in a fresh context, every request outside the file
    and every console error recorded."""

    def __init__(self, browser, path: Path, **options):
        self.context = browser.new_context(**options)
        self.page = self.context.new_page()
        self.path = path
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: r.url != path.as_uri() and self.requests.append(r.url))
        self.page.goto(path.as_uri())

    def close(self):
        self.context.close()

    def reload_until(self, shows, seconds: float = 20) -> None:
        """Reload until `shows()` holds, as a reader coming back would: a page's storage
        reaches the browser's store asynchronously, and on a loaded machine one reload
        was seen to bring back an older state (a different tab's copy, polled, once missed
        a save for 20 s). A state that is never saved never shows: the wait fails."""
        deadline = time.monotonic() + seconds
        while True:
            self.page.reload()
            if shows():
                return
            assert time.monotonic() < deadline, "the saved state never came back on a reload"
            self.page.wait_for_timeout(200)

    def solved(self) -> bool:
        return self.page.get_attribute("main", "data-solved") == "true"

    def focus_grid(self) -> None:
        """Tab from the top of the page until a cell of the grid has the focus."""
        for _ in range(40):
            self.page.keyboard.press("Tab")
            if self.page.evaluate("document.activeElement.dataset.row !== undefined"):
                return
        raise AssertionError("no cell of the grid can be reached with Tab")

    def position(self) -> tuple[int, int]:
        return tuple(self.page.evaluate(
            "[+document.activeElement.dataset.row, +document.activeElement.dataset.col]"))

    def cells(self) -> set[tuple[int, int]]:
        """The cells an arrow key stops on (not a block or a gap)."""
        return {tuple(rc) for rc in self.page.evaluate(
            "[...document.querySelectorAll('td[data-row]')].filter(td => !td.matches('.block, .void'))"
            ".map(td => [+td.dataset.row, +td.dataset.col])")}

    def go(self, target: tuple[int, int], cells: set[tuple[int, int]]) -> None:
        """Move the focus to `target` with the arrow keys (an arrow across the current
        direction may first only turn it: then it is pressed again)."""
        here = self.position()
        for _ in range(4 * len(cells)):
            if here == target:
                return
            key = _first_arrow(here, target, cells)
            self.page.keyboard.press(key)
            moved = self.position()
            if moved == here:
                self.page.keyboard.press(key)
                moved = self.position()
            here = moved
        raise AssertionError(f"the arrow keys never reached {target}")

    def type_cells(self, letters: dict[tuple[int, int], str]) -> None:
        cells = self.cells()
        for (r, c), letter in letters.items():
            self.go((r, c), cells)
            self.page.keyboard.type(letter)


def _step(cell, arrow, cells, rows, cols):
    dr, dc = ARROWS[arrow]
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < rows and 0 <= c < cols:
        if (r, c) in cells:
            return (r, c)
        r, c = r + dr, c + dc
    return None


def _first_arrow(start, target, cells):
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    seen, queue = {start: None}, deque([start])
    while queue:
        cell = queue.popleft()
        if cell == target:
            break
        for arrow in ARROWS:
            nxt = _step(cell, arrow, cells, rows, cols)
            if nxt and nxt not in seen:
                seen[nxt] = (cell, arrow)
                queue.append(nxt)
    cell, arrow = target, None
    while seen[cell] is not None:
        cell, arrow = seen[cell]
    return arrow


def _grid_letters(rows) -> dict[tuple[int, int], str]:
    return {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line) if ch}


def _starter(entry: dict) -> set[tuple[int, int]]:
    """A fill-in's word already in place."""
    s = entry["starter"]
    if not s:
        return set()
    down = s["direction"] == "down"
    return {(s["row"] + i * down, s["col"] + i * (not down)) for i in range(len(s["answer"]))}


def _not_given(entry: dict) -> dict[tuple[int, int], str]:
    """A digit grid's squares to type: the solution's, less the givens."""
    return {rc: ch for rc, ch in _grid_letters(entry["solution"]).items()
            if not entry["givens"][rc[0]][rc[1]]}


# How each kind's manifest entry says what to type where (typing-grid kinds).
TYPED = {
    "crossword": lambda e: _grid_letters(e["solution"]),
    "fillin": lambda e: {rc: ch for rc, ch in _grid_letters(e["solution"]).items()
                         if rc not in _starter(e)},
    "sudoku": lambda e: _not_given(e),
    "futoshiki": lambda e: _not_given(e),
    "skyscrapers": lambda e: _not_given(e),
    "calcudoku": lambda e: _grid_letters(e["solution"]),
    "kakuro": lambda e: _grid_letters(e["solution"]),
    # typing a letter fills every cell of its number; the givens' cells are not playable
    "codeword": lambda e: {rc: ch for rc, ch in _grid_letters(e["solution"]).items()
                           if ch != "#" and ch not in e["givens"]},
}


def _cryptogram_keys(entry: dict) -> list[str]:
    """The text's letters in reading order, those the hints give skipped: the cursor
    moves on from square to square, over the given ones."""
    return [ch for ch in entry["plaintext"] if ch in entry["key"] and ch not in entry["hints"]]


def _scramble_keys(entry: dict) -> list[str]:
    """Each word, then Tab to the next (the bonus last)."""
    answers = [it["answer"] for it in entry["items"]]
    answers += [entry["bonus"]["answer"]] if entry.get("bonus") else []
    return [key for answer in answers for key in [*answer, "Tab"]][:-1]


def _ladder_keys(entry: dict) -> list[str]:
    """Each rung between the first word and the last, then Tab to the next."""
    return [key for word in entry["solution"][1:-1] for key in [*word, "Tab"]][:-1]


# Kinds solved by pressing a key on cells: (cell, key).
PRESSED = {
    "queens": lambda e: [((r, c), "q") for r, c in e["solution"] if [r, c] not in e["givens"]],
    "nonogram": lambda e: [((r, c), "f" if (r + c) % 2 else " ") for r, c in _shaded(e)],
}


def _shaded(entry: dict) -> list[tuple[int, int]]:
    """A nonogram's cells to fill (the picture's, less the given ones)."""
    return [(r, c) for r, line in enumerate(entry["solution"]) for c, ch in enumerate(line)
            if ch == "#" and [r, c] not in entry["givens"]]

# Kinds solved by a sequence of keys from where the grid takes the focus.
KEYED = {"cryptogram": _cryptogram_keys, "scramble": _scramble_keys,
         "wordladder": _ladder_keys}


def _word_ends(entry: dict) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each word's first and last letter."""
    ends = []
    for word in entry["words"]:
        (r, c), (dr, dc), n = word["start"], word["direction"], len(word["answer"])
        ends.append(((r, c), (r + (n - 1) * dr, c + (n - 1) * dc)))
    return ends


def solve(page: Page, kind: str, entry: dict) -> None:
    """Solve the page from the manifest's solution, by keyboard alone."""
    page.focus_grid()
    if kind == "wordsearch":               # Enter on the first letter, then on the last
        cells = page.cells()
        for first, last in _word_ends(entry):
            page.go(first, cells)
            page.page.keyboard.press("Enter")
            page.go(last, cells)
            page.page.keyboard.press("Enter")
    elif kind in TYPED:
        page.type_cells(TYPED[kind](entry))
    elif kind == "numberlink":             # Enter on one end, then the arrows draw
        cells = page.cells()
        for path in entry["paths"]:
            page.go(tuple(path[0]), cells)
            page.page.keyboard.press("Enter")
            for (r0, c0), (r1, c1) in zip(path, path[1:]):
                page.page.keyboard.press(next(k for k, d in ARROWS.items()
                                              if d == (r1 - r0, c1 - c0)))
    elif kind == "maze":                   # the arrow keys from the entrance
        page.go(tuple(entry["entrance"]), page.cells())
        for (r0, c0), (r1, c1) in zip(entry["solution"], entry["solution"][1:]):
            page.page.keyboard.press(next(k for k, d in ARROWS.items() if d == (r1 - r0, c1 - c0)))
    elif kind in PRESSED:
        cells = page.cells()
        for cell, key in PRESSED[kind](entry):
            page.go(cell, cells)
            page.page.keyboard.press(key)
    elif kind in KEYED:
        for key in KEYED[kind](entry):
            page.page.keyboard.press(key)
    else:
        raise AssertionError(f"no keyboard solver for {kind}: add one to this file")


def wrong_move(page: Page, kind: str, entry: dict) -> tuple[int, int]:
    """Make a wrong move on one cell by keyboard (a wrong letter, a queen where none
    goes); the cell."""
    page.focus_grid()
    if kind == "wordsearch":                # two letters: no word of the list
        (r, c), _ = _word_ends(entry)[0]
        key = next(k for k, (dr, dc) in ARROWS.items() if [dr, dc] != entry["words"][0]["direction"]
                   and 0 <= r + dr < entry["rows"] and 0 <= c + dc < entry["cols"])
        page.go((r, c), page.cells())
        page.page.keyboard.press("Enter")
        page.page.keyboard.press(key)
        page.page.keyboard.press("Enter")
        return r, c
    if kind == "queens":
        answer = {tuple(rc) for rc in entry["solution"]}
        cell = next((r, c) for r in range(entry["size"]) for c in range(entry["size"])
                    if (r, c) not in answer)
        page.go(cell, page.cells())
        page.page.keyboard.press("q")
        return cell
    if kind == "nonogram":                  # a cell filled outside the picture
        cell = next((r, c) for r, line in enumerate(entry["solution"])
                    for c, ch in enumerate(line) if ch == ".")
        page.go(cell, page.cells())
        page.page.keyboard.press("f")
        return cell
    if kind == "numberlink":                # a line drawn one square astray
        ends = [tuple(p[0]) for p in entry["paths"]] + [tuple(p[-1]) for p in entry["paths"]]
        start, astray = next(
            (tuple(p[0]), k) for p in entry["paths"] for k, (dr, dc) in ARROWS.items()
            if [p[0][0] + dr, p[0][1] + dc] != p[1] and (p[0][0] + dr, p[0][1] + dc) not in ends
            and 0 <= p[0][0] + dr < entry["height"] and 0 <= p[0][1] + dc < entry["width"])
        page.go(start, page.cells())
        page.page.keyboard.press("Enter")
        page.page.keyboard.press(astray)
        return start[0] + ARROWS[astray][0], start[1] + ARROWS[astray][1]
    if kind == "maze":                      # into a passage off the way through
        cols, way = entry["cols"], [tuple(p) for p in entry["solution"]]
        passages = {(tuple(a), tuple(b)) for a, b in entry["passages"]}
        passages |= {(b, a) for a, b in passages}
        k, astray = next((k, b) for k, a in enumerate(way) for (x, b) in passages
                         if x == a and b not in way)
        for (r0, c0), (r1, c1) in zip(way[:k + 1], way[1:k + 1]):
            page.page.keyboard.press(next(key for key, d in ARROWS.items() if d == (r1 - r0, c1 - c0)))
        page.page.keyboard.press(next(key for key, d in ARROWS.items()
                                      if d == (astray[0] - way[k][0], astray[1] - way[k][1])))
        return astray
    if kind in TYPED:
        (r, c), right = next(iter(TYPED[kind](entry).items()))
    else:                                   # the first square the grid takes the focus at
        (r, c), right = page.position(), KEYED[kind](entry)[0]
    data = json.loads(page.page.text_content("#page-data"))
    wrong = next(ch for ch in data["data"].get("keys") or data["alphabet"] if ch != right)
    page.go((r, c), page.cells())
    page.page.keyboard.type(wrong)
    return r, c


@pytest.mark.parametrize("kind", WEB_KINDS)
def test_each_kinds_page_offline_checked_saved_and_solved_by_keyboard(browser, book, kind):
    """From file:// with no request and no console error, in the puzzle's language, no
    serious axe finding; a wrong move is marked by Check and is still there after a
    reload; after Reset the keyboard solves it from the manifest's solution, and the page
    keeps the solved contract."""
    entry, path = book[kind]
    page = Page(browser, path)
    try:
        assert page.page.get_attribute("html", "lang") == entry["language"]
        assert not page.solved()
        assert serious_violations(page) == []
        r, c = wrong_move(page, kind, entry)
        cell = f'td[data-row="{r}"][data-col="{c}"]'
        moved = page.page.text_content(cell), page.page.get_attribute(cell, "class")
        assert "wrong" not in moved[1] or kind == "wordsearch"   # it marks a wrong line at once
        page.page.click('button[data-act="check"]')
        assert "wrong" in page.page.get_attribute(cell, "class")
        key = json.dumps(f"make-book:webbook:{entry['id']}")
        page.reload_until(lambda: page.page.text_content(cell) == moved[0] and page.page.evaluate(
            f"(JSON.parse(localStorage.getItem({key})) || {{}}).state !== undefined"))
        assert not page.solved()
        page.page.click('button[data-act="reset"]')
        page.page.evaluate("window.got = []; addEventListener('message', e => got.push(e.data))")
        solve(page, kind, entry)
        assert page.solved()
        page.page.wait_for_function("window.got.length > 0", timeout=15000)
        assert page.page.evaluate("window.got") == [
            {"type": "puzzle-solved", "id": entry["id"],
             "seconds": page.page.evaluate("JSON.parse(localStorage.getItem("
                                           f"'make-book:webbook:{entry['id']}')).seconds")}]
        assert page.errors == [] and page.requests == []
    finally:
        page.close()


def serious_violations(page: Page) -> list:
    """What axe-core (its script from the axe-playwright-python package, injected from
    the disk) finds serious or critical on the page."""
    page.page.add_script_tag(path=str(_axe_script()))
    result = page.page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def _axe_script() -> Path:
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec and spec.origin, "pip install axe-playwright-python (the test extra)"
    return Path(spec.origin).parent / "axe.min.js"




def _centre(page: Page, cell: tuple[int, int]) -> tuple[float, float]:
    box = page.page.locator(f'td[data-row="{cell[0]}"][data-col="{cell[1]}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_word_search_is_solved_by_mouse_drags_and_clicks(browser, book):
    entry, path = book["wordsearch"]
    page = Page(browser, path)
    try:
        ends = _word_ends(entry)
        # two letters are no word of the list (every word has three or more): marked
        (r, c), second = ends[0][0], entry["words"][0]["direction"]
        step = next(d for d in ((0, 1), (0, -1), (1, 0), (-1, 0)) if list(d) != second
                    and 0 <= r + d[0] < entry["rows"] and 0 <= c + d[1] < entry["cols"])
        page.page.mouse.move(*_centre(page, (r, c)))
        page.page.mouse.down()
        page.page.mouse.move(*_centre(page, (r + step[0], c + step[1])), steps=3)
        page.page.mouse.up()
        page.page.click('button[data-act="check"]')
        assert page.page.locator("td.wrong").count() > 0
        assert page.page.locator("td.found").count() == 0
        for k, (first, last) in enumerate(ends):
            if k % 2:                          # every other word: click first, then last
                page.page.mouse.click(*_centre(page, first))
                page.page.mouse.click(*_centre(page, last))
            else:
                page.page.mouse.move(*_centre(page, first))
                page.page.mouse.down()
                page.page.mouse.move(*_centre(page, last), steps=6)
                page.page.mouse.up()
        assert page.solved()
        assert page.page.locator(".found-list li.found").count() == len(ends)
        page.page.reload()
        assert page.page.locator(".found-list li.found").count() == len(ends)
        assert page.solved() and page.errors == []
        # the contents page, from the same folder, marks it solved
        page.page.goto(path.with_name("index.html").as_uri())
        solved = page.page.text_content(f'li:has(a[data-id="{entry["id"]}"])')
        assert solved.endswith(catalogue("en").text("web.solved_mark"))
        assert page.page.locator("a[data-id]").count() == len(page.page.evaluate(
            "[...new Set([...document.querySelectorAll('a[data-id]')].map(a => a.href))]"))
        assert serious_violations(page) == [] and page.errors == []
    finally:
        page.close()


def test_a_word_search_at_360_px_is_played_by_touch(browser, book):
    """A phone: no horizontal scrolling but the grid's own, a word found by a touch drag
    (which does not scroll the page)."""
    entry, path = book["wordsearch"]
    page = Page(browser, path, viewport={"width": 360, "height": 740}, has_touch=True,
                is_mobile=True, device_scale_factor=2)
    try:
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 360
        (first, last) = _word_ends(entry)[0]
        cdp = page.context.new_cdp_session(page.page)
        (x0, y0), (x1, y1) = _centre(page, first), _centre(page, last)
        scrolled = page.page.evaluate("window.scrollY")
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for k in range(1, 7):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * k / 6, "y": y0 + (y1 - y0) * k / 6}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert page.page.locator(".found-list li.found").count() == 1
        assert page.page.evaluate("window.scrollY") == scrolled
        assert page.errors == []
    finally:
        page.close()


def _corners(cells: list) -> list:
    """A path's first and last squares and those where it turns: a fast drag's pointer
    events skip the squares between, which the page walks itself."""
    keep = [cells[0]]
    for before, here, after in zip(cells, cells[1:], cells[2:]):
        if (here[0] - before[0], here[1] - before[1]) != (after[0] - here[0], after[1] - here[1]):
            keep.append(here)
    return keep + [cells[-1]]


def _drag(page: Page, cells: list) -> None:
    page.page.mouse.move(*_centre(page, tuple(cells[0])))
    page.page.mouse.down()
    for cell in _corners(cells)[1:]:
        page.page.mouse.move(*_centre(page, tuple(cell)))
    page.page.mouse.up()


def test_a_flow_is_solved_by_mouse_drags_and_clicks(browser, book):
    entry, path = book["numberlink"]
    page = Page(browser, path)
    try:
        for k, line in enumerate(entry["paths"]):
            if k % 2:                          # every other line: a click per square
                for cell in line:
                    page.page.mouse.click(*_centre(page, tuple(cell)))
            else:
                _drag(page, line)
        assert page.solved() and page.errors == []
    finally:
        page.close()


def test_a_flow_at_360_px_is_drawn_by_touch(browser, book):
    entry, path = book["numberlink"]
    page = Page(browser, path, viewport={"width": 360, "height": 740}, has_touch=True,
                is_mobile=True, device_scale_factor=2)
    try:
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 360
        cdp = page.context.new_cdp_session(page.page)
        scrolled = page.page.evaluate("window.scrollY")
        for line in entry["paths"]:
            points = [_centre(page, tuple(cell)) for cell in _corners(line)]
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [
                {"x": points[0][0], "y": points[0][1]}]})
            for x, y in points[1:]:
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                    {"x": x, "y": y}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert page.solved()
        assert page.page.evaluate("window.scrollY") == scrolled and page.errors == []
    finally:
        page.close()


def test_a_maze_is_walked_by_mouse(browser, book):
    entry, path = book["maze"]
    page = Page(browser, path)
    try:
        _drag(page, entry["solution"])
        assert page.solved() and page.errors == []
    finally:
        page.close()


def test_a_crossword_at_360_px_is_typed_on_the_pages_own_letters(browser, book):
    """A phone: the letters are buttons under the grid (the phone's keyboard would cover
    it); a tap on a square, then on a letter, writes it."""
    entry, path = book["crossword"]
    page = Page(browser, path, viewport={"width": 360, "height": 740}, has_touch=True,
                is_mobile=True)
    try:
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 360
        (r, c), letter = next(iter(_grid_letters(entry["solution"]).items()))
        page.page.tap(f'td[data-row="{r}"][data-col="{c}"]')
        page.page.tap(f'.keys button[data-key="{letter}"]')
        assert page.page.text_content(f'td[data-row="{r}"][data-col="{c}"] .val') == letter
        assert page.errors == []
    finally:
        page.close()


def test_a_crossword_click_turns_the_direction_only_on_the_square_already_chosen(browser,
                                                                                  tmp_path):
    """The page starts on the first square, Across: a first click on it (or on another
    square of two words) keeps Across; a second click on the same square turns to Down."""
    spec = tmp_path / "mini.yaml"
    spec.write_text(yaml.safe_dump({"title": "Mini", "seed": 5, "print": False, "web": True,
                                    "sections": [{"kind": "crossword", "style": "blocked",
                                                  "size": 5, "clues": ["en/clues"],
                                                  "fill_from": "clued", "count": 1}]}),
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    (puzzle,) = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    letters = _grid_letters(puzzle["solution"])
    both = [(r, c) for r, c in letters if ((r, c - 1) in letters or (r, c + 1) in letters)
            and ((r - 1, c) in letters or (r + 1, c) in letters)]
    start = min(letters)
    assert start in both                     # a blocked grid's first square starts two words
    other = next(rc for rc in both if rc[0] != start[0] and rc[1] != start[1])
    page = Page(browser, tmp_path / "out" / puzzle["files"][-1])

    def click(r, c):
        page.page.click(f'td[data-row="{r}"][data-col="{c}"]')
        word = page.page.evaluate("[...document.querySelectorAll('td.word')]"
                                  ".map(td => +td.dataset.row)")
        return "across" if len(set(word)) == 1 else "down"
    try:
        assert click(*start) == "across"
        assert click(*start) == "down"
        assert click(*start) == "across"
        assert click(*other) == "across"
        assert click(*other) == "down"
        assert page.errors == []
    finally:
        page.close()


def test_reveal_all_says_revealed_not_solved_in_a_time(browser, book):
    """Reveal -> All completes the grid: the page keeps the solved contract (with
    "revealed" in its message) but its status says the answers were revealed, in the
    catalogue's words, and names no solving time; so it does after a reload."""
    entry, path = book["crossword"]
    page = Page(browser, path)
    words = catalogue(entry["language"])
    try:
        page.page.click('button[data-act="reset"]')
        page.page.evaluate("window.got = []; addEventListener('message', e => got.push(e.data))")
        page.page.click('button[data-act="reveal"][data-scope="all"]')
        assert page.solved()
        status = page.page.text_content(".status")
        assert status == words.text("web.revealed")
        assert words.text("web.solved", time="")[:5] not in status
        page.page.wait_for_function("window.got.length > 0", timeout=15000)
        assert page.page.evaluate("window.got")[0]["revealed"] is True
        key = json.dumps(f"make-book:webbook:{entry['id']}")
        page.reload_until(lambda: page.page.evaluate(
            f"(JSON.parse(localStorage.getItem({key})) || {{}}).revealed === true"))
        assert page.page.text_content(".status") == words.text("web.revealed")
        # the contents page marks it revealed, not solved
        page.page.goto(path.with_name("index.html").as_uri())
        mark = page.page.text_content(f'li:has(a[data-id="{entry["id"]}"])')
        assert mark.endswith(words.text("web.revealed_mark"))
        assert words.text("web.solved_mark") not in mark and "✓" not in mark
        page.page.goto(path.as_uri())
        page.page.click('button[data-act="reset"]')
        assert page.errors == []
    finally:
        page.close()


def test_sudoku_pencil_marks_by_the_mode_key_and_pause_hides_the_grid(browser, book):
    entry, path = book["sudoku"]
    page = Page(browser, path)
    try:
        page.focus_grid()
        (r, c), digit = next(iter(TYPED["sudoku"](entry).items()))
        page.go((r, c), page.cells())
        page.page.keyboard.press("p")                  # pencil mode on
        page.page.keyboard.type(digit)
        cell = f'td[data-row="{r}"][data-col="{c}"]'
        assert page.page.text_content(cell + " .val") == ""
        assert page.page.text_content(cell + " .pen") == digit
        page.page.keyboard.press("p")                  # and off: the digit is the entry
        page.page.keyboard.type(digit)
        assert page.page.text_content(cell + " .val") == digit
        page.page.click('button[data-act="pause"]')
        assert page.page.evaluate("document.querySelector('.board').inert")
        assert page.page.evaluate("getComputedStyle(document.querySelector('.board')).visibility") == "hidden"
        page.page.click('button[data-act="pause"]')
        assert page.page.evaluate("getComputedStyle(document.querySelector('.board')).visibility") == "visible"
        assert page.errors == []
    finally:
        page.close()


def _runs(entry: dict) -> list[list[tuple[int, int]]]:
    """A nonogram's runs of cells to fill in each row (the given cells split them)."""
    runs: list[list[tuple[int, int]]] = []
    for r, line in enumerate(entry["solution"]):
        run: list[tuple[int, int]] = []
        for c, ch in enumerate(line + "."):
            if ch == "#" and [r, c] not in entry["givens"]:
                run.append((r, c))
            elif run:
                runs.append(run)
                run = []
    return runs


def test_a_nonogram_is_painted_by_mouse_drags_and_clicks(browser, book):
    """A drag fills every cell it crosses, a click cycles filled, marked (×), blank; the
    marks are notes (solved with them), and a reload keeps the picture."""
    entry, path = book["nonogram"]
    page = Page(browser, path)
    try:
        blank = next((r, c) for r, line in enumerate(entry["solution"])
                     for c, ch in enumerate(line) if ch == ".")
        page.page.mouse.click(*_centre(page, blank))
        cell = f'td[data-row="{blank[0]}"][data-col="{blank[1]}"]'
        assert "filled" in page.page.get_attribute(cell, "class")
        page.page.mouse.click(*_centre(page, blank))
        assert page.page.text_content(cell) == "×"
        for k, run in enumerate(_runs(entry)):
            if k % 2 or len(run) == 1:         # every other run: a click per cell
                for rc in run:
                    page.page.mouse.click(*_centre(page, rc))
            else:
                _drag(page, run)
        assert page.solved() and page.page.text_content(cell) == "×"
        shaded = sum(line.count("#") for line in entry["solution"])
        assert page.page.locator("td.filled").count() == shaded
        page.page.reload()
        assert page.page.locator("td.filled").count() == shaded and page.solved()
        assert page.errors == []
    finally:
        page.close()


def test_a_nonograms_given_cells_are_filled_and_stay(browser, tmp_path):
    """A picture two ways to solve but for one given cell: the page shows it filled and
    given, and neither a click nor a key changes it."""
    (tmp_path / "pair.txt").write_text("#....\n.#...\n..###\n..#.#\n..###\n", encoding="utf-8")
    spec = tmp_path / "given.yaml"
    spec.write_text(yaml.safe_dump({"title": "Given", "seed": 1, "print": False, "web": True,
                                    "sections": [{"kind": "nonogram", "picture": "pair.txt"}]}),
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    puzzle = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"][0]
    assert len(puzzle["givens"]) == 1
    page = Page(browser, tmp_path / "out" / puzzle["files"][-1])
    try:
        (r, c), = puzzle["givens"]
        cell = f'td[data-row="{r}"][data-col="{c}"]'
        for act in ("click", "Backspace", "x"):
            if act == "click":
                page.page.mouse.click(*_centre(page, (r, c)))
            else:
                page.page.keyboard.press(act)
            assert "filled" in page.page.get_attribute(cell, "class")
        assert catalogue("en").text("kinds.nonogram.web_given") in page.page.get_attribute(
            cell, "aria-label")
        assert page.errors == []
    finally:
        page.close()


def test_a_codewords_key_strip_follows_the_grid(browser, book):
    """Under a codeword's grid a square per number shows its letter, as the printed key:
    the givens' at first, a typed letter at once (every square of its number); a click on
    a number goes to its first open cell; the letter pad strikes the letters in use."""
    entry, path = book["codeword"]
    page = Page(browser, path, viewport={"width": 390, "height": 844}, has_touch=True,
                is_mobile=True)
    try:
        strip = page.page.locator(".key-strip button")
        assert strip.count() == len(entry["key"])
        shown = lambda: dict(zip(strip.locator("small").all_inner_texts(),       # noqa: E731
                                 strip.locator("span").all_inner_texts()))
        assert {n: ch for n, ch in shown().items() if ch} == \
            {str(entry["key"][g]): g for g in entry["givens"]}
        letter = next(ch for ch in entry["key"] if ch not in entry["givens"])
        number = entry["key"][letter]
        strip.nth(number - 1).click()
        cell = page.page.locator("table.grid td[tabindex='0']")
        assert cell.locator(".num").inner_text() == str(number)
        page.page.keyboard.press(letter)
        assert shown()[str(number)] == letter
        used = page.page.locator(".keys button.used").all_inner_texts()
        assert sorted(used) == sorted([*entry["givens"], letter])
        assert page.errors == []
    finally:
        page.close()


def test_a_wide_nonogram_scrolls_under_its_row_clues(browser, tmp_path):
    """A 30-wide picture on a 390 px phone scrolls sideways in its box; the row clues stay
    in view at the box's left (they scrolled away with the cells), and the help under it
    too."""
    rows = ["".join("#" if (r * 7 + c * 3) % 5 < 2 or c == r else "." for c in range(30))
            for r in range(8)]
    (tmp_path / "wide.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
    spec = tmp_path / "wide.yaml"
    spec.write_text(yaml.safe_dump({"title": "Wide", "seed": 1, "print": False, "web": True,
                                    "sections": [{"kind": "nonogram", "picture": "wide.txt"}]}),
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    puzzle = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"][0]
    page = Page(browser, tmp_path / "out" / puzzle["files"][-1],
                viewport={"width": 390, "height": 844})
    try:
        left = "el => el.getBoundingClientRect().left"
        board = page.page.locator(".board")
        before = page.page.locator('th[role="rowheader"]').first.evaluate(left)
        page.page.evaluate("document.querySelector('.board').scrollLeft = 10000")
        assert page.page.evaluate("document.querySelector('.board').scrollLeft") > 100
        for selector in ('th[role="rowheader"]', ".help"):
            assert abs(page.page.locator(selector).first.evaluate(left) - before) < 4, selector
        assert board.evaluate(left) <= before
        assert page.errors == []
    finally:
        page.close()


def test_a_nonogram_at_360_px_is_painted_by_touch(browser, book):
    entry, path = book["nonogram"]
    page = Page(browser, path, viewport={"width": 360, "height": 740}, has_touch=True,
                is_mobile=True, device_scale_factor=2)
    try:
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 360
        run = max(_runs(entry), key=len)
        (x0, y0), (x1, y1) = _centre(page, run[0]), _centre(page, run[-1])
        cdp = page.context.new_cdp_session(page.page)
        scrolled = page.page.evaluate("[scrollY, document.querySelector('.board').scrollLeft]")
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for k in range(1, 5):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * k / 4, "y": y0 + (y1 - y0) * k / 4}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        filled = {tuple(rc) for rc in page.page.evaluate(
            "[...document.querySelectorAll('td.filled')].map(td => [+td.dataset.row, +td.dataset.col])")}
        assert filled == set(run) | {tuple(g) for g in entry["givens"]}
        assert page.page.evaluate("[scrollY, document.querySelector('.board').scrollLeft]") == scrolled
        assert page.errors == []
    finally:
        page.close()



def _said(kind: str, entry: dict) -> dict[tuple[int, int], list[str]]:
    """What the labels of a number grid's squares must say, from its manifest entry."""
    words, n, said = catalogue("en").kind(kind), entry.get("size", 0), {}
    if kind == "futoshiki":
        for x in entry["relations"]:
            for (a, b), (c, d), relation in ((x["less"], x["greater"], "web_less"),
                                             (x["greater"], x["less"], "web_greater")):
                where = {(0, 1): "web_right", (0, -1): "web_left", (1, 0): "web_below",
                         (-1, 0): "web_above"}[(c - a, d - b)]
                said.setdefault((a, b), []).append(words.text(relation, where=words.text(where)))
    elif kind == "skyscrapers":
        ends = {"top": lambda k: (0, k), "bottom": lambda k: (n - 1, k),
                "left": lambda k: (k, 0), "right": lambda k: (k, n - 1)}
        for side, clues in entry["clues"].items():
            for k, clue in enumerate(clues):
                if clue:
                    said.setdefault(ends[side](k), []).append(
                        words.text(f"web_clue_{side}", n=clue))
    elif kind == "kakuro":
        for clue in entry["clues"]:
            for direction, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                if clue[direction] is not None:
                    said.setdefault((clue["row"] + dr, clue["col"] + dc), []).append(
                        words.text(f"web_{direction}", sum=clue[direction]))
    else:
        ops = {"+": "add", "-": "subtract", "x": "multiply", "/": "divide", "=": "single"}
        for cage in entry["cages"]:
            r, c = min(cage["cells"])
            said[(r, c)] = [words.text(f"web_cage_{ops[cage['op']]}", target=cage["target"])]
            for cell in cage["cells"]:
                if cell != [r, c]:
                    said[tuple(cell)] = [words.text("web_cage_part", row=r + 1, col=c + 1)]
    return said


@pytest.mark.parametrize("kind,drawn", [("futoshiki", ".sign"), ("skyscrapers", "td.out"),
                                        ("calcudoku", ".sum"), ("kakuro", "td.sums span")])
def test_the_latin_squares_draw_their_clues_and_say_them(browser, book, kind, drawn):
    """Futoshiki's signs, Skyscrapers' edge clues, Calcudoku's cage targets, Kakuro's sums:
    each drawn (hidden from screen readers), and said in the labels of the squares they
    concern (a Kakuro's first square of each run)."""
    entry, path = book[kind]
    page = Page(browser, path)
    try:
        said = _said(kind, entry)
        shown = page.page.locator(f"table.grid {drawn}:not(:empty)")
        drawn_count = (len(entry["relations"]) if kind == "futoshiki" else
                       len(entry["cages"]) if kind == "calcudoku" else
                       sum(map(len, said.values())) if kind == "kakuro" else
                       sum(1 for side in entry["clues"].values() for v in side if v))
        assert shown.count() == drawn_count > 0
        assert all(shown.nth(k).evaluate("e => !!e.closest('[aria-hidden=true]')")
                   for k in range(shown.count()))
        for (r, c), phrases in said.items():
            label = page.page.get_attribute(f'td[data-row="{r}"][data-col="{c}"]', "aria-label")
            assert all(phrase in label for phrase in phrases), (label, phrases)
        if kind == "kakuro":                # a clue square says its sums too
            clue = entry["clues"][0]
            label = page.page.get_attribute(
                f'td[data-row="{clue["row"]}"][data-col="{clue["col"]}"]', "aria-label")
            assert label.startswith(catalogue("en").text("kinds.kakuro.web_block"))
            for direction in ("across", "down"):
                if clue[direction] is not None:
                    assert catalogue("en").text(f"kinds.kakuro.web_{direction}",
                                                sum=clue[direction]) in label
        assert page.errors == []
    finally:
        page.close()


@pytest.mark.parametrize("kind", ["futoshiki", "skyscrapers", "calcudoku"])
def test_a_9x9_latin_square_fits_360_px(browser, tmp_path, kind):
    """The widest Latin squares at 360 px: the spaced Futoshiki and the Skyscrapers framed
    by clues fit the screen; the digits are buttons under the grid."""
    spec = tmp_path / "wide.yaml"
    spec.write_text(yaml.safe_dump({"title": "Wide", "seed": 3, "print": False, "web": True,
                                    "sections": [{"kind": kind, "size": 9, "difficulty": "easy"}]}),
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    puzzle = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"][0]
    page = Page(browser, tmp_path / "out" / puzzle["files"][-1],
                viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    try:
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 360
        assert page.page.evaluate("[document.querySelector('.cells-grid').scrollWidth,"
                                  " document.querySelector('.cells-grid').clientWidth]"
                                  ".reduce((a, b) => a - b)") <= 0
        (r, c), digit = next(iter(TYPED[kind](puzzle).items()))
        page.page.tap(f'td[data-row="{r}"][data-col="{c}"]')
        page.page.tap(f'.keys button[data-key="{digit}"]')
        assert page.page.text_content(f'td[data-row="{r}"][data-col="{c}"] .val') == digit
        assert page.errors == []
    finally:
        page.close()


def test_a_15x15_crossword_and_a_13x13_codeword_fit_390_px(browser, tmp_path):
    """A phone 390 px wide: the whole grid, its border too, fits between the page's
    margins, its squares shrunk to share the width (still big enough to tap), and the
    page does not scroll sideways, nor does the grid in its box."""
    spec = tmp_path / "phone.yaml"
    spec.write_text(yaml.safe_dump({"title": "Phone", "seed": 3, "print": False, "web": True,
                                    "sections": [{"kind": "crossword", "size": 15, "candidates": 1,
                                                  "words_per_puzzle": 24, "clues": "en/general-clues"},
                                                 {"kind": "codeword", "size": 13}]}),
                    encoding="utf-8")
    result = build_book(spec, tmp_path / "out", workers=1)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    for puzzle, columns in zip(puzzles, (15, 13)):
        page = Page(browser, tmp_path / "out" / puzzle["files"][-1],
                    viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        try:
            assert page.page.locator("table.grid tr").first.locator("td").count() == columns
            margin = page.page.evaluate(
                "parseFloat(getComputedStyle(document.querySelector('main')).paddingLeft)")
            grid = page.page.locator("table.grid").bounding_box()
            assert grid["x"] >= margin and grid["x"] + grid["width"] <= 390 - margin, puzzle["kind"]
            assert page.page.evaluate("document.documentElement.scrollWidth") <= 390
            assert page.page.evaluate("[...document.querySelectorAll('.board, .cells-grid')]"
                                      ".every(box => box.scrollWidth <= box.clientWidth)")
            assert page.page.locator("td[data-row]").first.bounding_box()["width"] >= 20
            assert page.errors == []
        finally:
            page.close()


def test_a_cryptograms_text_takes_the_screens_width_letter_above_code(browser, book):
    """The text wraps at words to the screen (a 1280 px screen's lines hold more squares
    than a phone's) and fits its box; a square's letter sits above its code, their boxes
    apart; turned to a phone's width the page wraps the text anew, a letter typed on the
    wide screen in the same square of the text."""
    entry, path = book["cryptogram"]
    letter = next(ch for ch in entry["plaintext"] if ch in entry["key"] and ch not in entry["hints"])
    page = Page(browser, path, viewport={"width": 1280, "height": 800})
    lines = "[...document.querySelectorAll('table.grid tr')].length"
    apart = ("[...document.querySelectorAll('td:has(.lab)')].filter(td => td.querySelector('.val').textContent)"
             ".map(td => td.querySelector('.val').getBoundingClientRect().bottom"
             " <= td.querySelector('.lab').getBoundingClientRect().top)")
    first = "document.querySelector('td:has(.lab):not(.given) .val').textContent"
    try:
        page.focus_grid()
        page.page.keyboard.type(letter)
        wide = page.page.evaluate(lines)
        assert page.page.evaluate(apart) and all(page.page.evaluate(apart))
        assert page.page.evaluate("document.querySelector('table.grid tr').children.length") > 11
        with page.page.expect_navigation(timeout=10000):
            page.page.set_viewport_size({"width": 390, "height": 844})
        assert page.page.evaluate(lines) > wide
        page.reload_until(lambda: page.page.evaluate(first) == letter)
        assert page.page.evaluate(lines) > wide
        assert all(page.page.evaluate(apart))
        assert page.page.evaluate("[...document.querySelectorAll('.board, .cells-grid')]"
                                  ".every(box => box.scrollWidth <= box.clientWidth)")
        assert page.errors == []
    finally:
        page.close()
