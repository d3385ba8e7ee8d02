"""Word-search benchmark: our generator vs the PyPI package word-search-generator.

    python benchmarks/wordsearch.py [--runs N] [--quick] [--peer]

Run from the project root. Cases, all at hard difficulty (8 directions, backwards
included): 1. 15x15 / 15 words, 2. 20x20 / 30 words, 3. 30x30 / 60 words, 4. 40
animal names (4-10 letters) in 15x15, 6. 20 words in a 15x15 heart (ours:
`shape: heart`; peer: its Heart mask), 5. a 50-puzzle book with answer key, end to
end (PDF written). For each case it prints ms per board (one candidate), ms per
puzzle at our default candidates (best of N, N = KIND.default_candidates), and the words placed, with an
independent exactly-once check of every final grid (each word counted over all 8
directions, must be 1), ours and the peer's.

The peer runs in its own venv (/tmp/wsg-venv) through a small driver process
(/tmp/wsg_driver.py) that takes jobs as JSON lines on stdin and answers with
times and grids as JSON lines; its jobs are interleaved with ours, run by run, so
that load from other processes hits both sides alike. `--peer` creates the venv
and installs word-search-generator if needed; without it the peer is measured
only when the venv already exists. The driver runs with PYTHONHASHSEED=0: the
peer draws from its direction *set*, whose order follows string hashing, so its
boards are reproducible only with a fixed hash seed. Timings are medians over
runs; the machine is shared, so expect noise.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds.wordsearch import KIND, clash  # noqa: E402
from publisher.kinds.base import Word  # noqa: E402
from publisher.kinds.wordsearch.generator import DIFFICULTY_DIRECTIONS, DIRECTIONS  # noqa: E402
from publisher.kinds.wordsearch.shapes import named_mask  # noqa: E402
from publisher.plan import derive_seed  # noqa: E402
from publisher.words import grid_form  # noqa: E402

VENV = Path("/tmp/wsg-venv")
DRIVER = Path("/tmp/wsg_driver.py")
PEER_PACKAGE = "word-search-generator"
PEER_LEVEL = 3            # the peer's level with all 8 directions (N NE E SE S SW W NW)
CANDIDATES = KIND.default_candidates
BOARDS = CANDIDATES       # boards per run, case and side: one best-of-N group
WORD_SEED = 2024          # fixed seed for choosing the words
BOOK_PUZZLES, BOOK_SIZE, BOOK_WORDS = 50, 15, 15
POOL_NEEDED = BOOK_PUZZLES * BOOK_WORDS       # 750 distinct words for the `count` form

ANIMALS = ("ELEPHANT GIRAFFE KANGAROO PENGUIN DOLPHIN OCTOPUS SQUIRREL TORTOISE HEDGEHOG "
           "BUTTERFLY CROCODILE FLAMINGO LEOPARD CHEETAH GORILLA HAMSTER LOBSTER PELICAN "
           "RACCOON SPARROW TOUCAN WALRUS BEAVER BADGER COYOTE DONKEY FALCON JAGUAR LIZARD "
           "MONKEY PARROT RABBIT SALMON TURTLE WOMBAT ZEBRA MOOSE OTTER PANDA BISON").split()

EIGHT = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- words -------------------------------------------------------------------------

def bundled_words() -> list[tuple[str, str]]:
    """(text, answer) from wordlists/en/*.txt, `#` comments skipped, one per answer."""
    seen: dict[str, str] = {}
    for path in sorted((ROOT / "wordlists" / "en").glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            text = line.split("#", 1)[0].strip()
            answer = grid_form(text, "en") if text else ""
            if answer and answer not in seen:
                seen[answer] = text
    return [(text, answer) for answer, text in seen.items()]


def usable(answer: str, longest: int) -> bool:
    return 3 <= len(answer) <= longest and answer != answer[::-1]


def pick(pool: list[tuple[str, str]], n: int, longest: int, rng: random.Random
         ) -> list[tuple[str, str]]:
    """n words, none inside another (forwards or reversed), no palindromes."""
    order = pool[:]
    rng.shuffle(order)
    chosen: list[tuple[str, str]] = []
    for text, answer in order:
        if usable(answer, longest) and not any(clash(answer, a) for _, a in chosen):
            chosen.append((text, answer))
            if len(chosen) == n:
                return chosen
    raise SystemExit(f"the bundled English lists give only {len(chosen)} compatible words, "
                     f"{n} needed")


def non_clashing_pool(pool: list[tuple[str, str]], longest: int) -> list[tuple[str, str]]:
    """The largest greedy set of mutually compatible words (for the `count` form)."""
    chosen: list[tuple[str, str]] = []
    for text, answer in sorted(pool, key=lambda w: (len(w[1]), w[1])):
        if usable(answer, longest) and not any(clash(answer, a) for _, a in chosen):
            chosen.append((text, answer))
    return chosen


# --- the independent exactly-once counter ------------------------------------------

def count_in_grid(rows: list[str], word: str, by_letter: dict[str, list[tuple[int, int]]]
                  ) -> int:
    """How often `word` reads in the grid, over all 8 directions (brute force)."""
    height, width, n = len(rows), len(rows[0]), len(word)
    found = 0
    for r, c in by_letter.get(word[0], ()):
        for dr, dc in EIGHT:
            end_r, end_c = r + dr * (n - 1), c + dc * (n - 1)
            if not (0 <= end_r < height and 0 <= end_c < width):
                continue
            if all(rows[r + dr * k][c + dc * k] == word[k] for k in range(1, n)):
                found += 1
    return found


def check_board(rows: list[str], answers: list[str], placed: dict[str, list]) -> dict:
    """placed: answer -> its cells [(r, c), ...] as the generator reports them.

    A board violates exactly-once if a placed word does not read exactly once, or
    its reported cells do not spell it. Unplaced words that appear anyway are
    counted apart (they are in the grid but not in the puzzle's answer)."""
    by_letter: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            by_letter.setdefault(letter, []).append((r, c))
    bad = []
    stray = []
    for answer in answers:
        n = count_in_grid(rows, answer, by_letter)
        if answer in placed:
            spelled = "".join(rows[r][c] for r, c in placed[answer])
            if n != 1 or spelled != answer:
                bad.append(f"{answer}x{n}")
        elif n:
            stray.append(answer)
    return {"placed": len(placed), "all": len(placed) == len(answers), "bad": bad,
            "stray": stray}


def our_cells(board, placement) -> tuple[str, list[tuple[int, int]]]:
    word, r, c, d = placement
    answer = board.words[word][1]
    _, dr, dc = DIRECTIONS[d]
    return answer, [(r + dr * k, c + dc * k) for k in range(len(answer))]


def check_ours(board) -> dict:
    rows = ["".join(board.cell(r, c) or "." for c in range(board.cols))
            for r in range(board.rows)]
    placed = dict(our_cells(board, p) for p in board.placements)
    return check_board(rows, [a for _, a in board.words], placed)


# --- the peer ----------------------------------------------------------------------

DRIVER_SOURCE = r'''
"""Runs word-search-generator jobs for benchmarks/wordsearch.py.

One JSON job per line on stdin, one JSON answer per line on stdout."""
import json, os, random, sys, time
from pathlib import Path

out = os.fdopen(os.dup(1), "w", buffering=1)
os.dup2(2, 1)                 # anything the package prints goes to stderr
sys.stdout = sys.stderr
try:
    from importlib.metadata import version
    from fpdf import FPDF
    from word_search_generator import WordSearch
    from word_search_generator.word_search._formatter import draw_puzzle_page
    out.write(json.dumps({"ok": True, "version": version("word-search-generator")}) + "\n")
except Exception as exc:      # reported to the benchmark, which prints it
    out.write(json.dumps({"ok": False, "error": repr(exc)}) + "\n")
    sys.exit(0)


def make(words, size, level, shape=None):
    game = WordSearch(",".join(words), level=level, size=size)
    if shape:
        from word_search_generator.mask import shapes
        game.apply_mask(getattr(shapes, shape)())
    return game


def describe(game):
    # "." where the mask leaves no cell, so columns stay aligned
    return {"grid": ["".join(ch or "." for ch in row) for row in game.puzzle],
            "placed": {w.text: w.coordinates for w in game.placed_hidden_words}}


for line in sys.stdin:
    job = json.loads(line)
    if job["op"] == "boards":
        times, boards = [], []
        for seed in job["seeds"]:
            random.seed(seed)
            t = time.perf_counter()
            game = make(job["words"], job["size"], job["level"], job.get("shape"))
            times.append(time.perf_counter() - t)
            boards.append(describe(game))
        out.write(json.dumps({"times": times, "boards": boards}) + "\n")
    elif job["op"] == "book_files":
        # The public API: one WordSearch and one save(path, solution=True) per puzzle:
        # a 2-page PDF each (puzzle page with its answer-key strip, solution page).
        folder = Path(job["dir"])
        random.seed(job["seed"])
        t = time.perf_counter()
        games = []
        for i, words in enumerate(job["puzzles"]):
            game = make(words, job["size"], job["level"])
            game.save(folder / f"puzzle-{i + 1:02d}.pdf", solution=True)
            games.append(game)
        elapsed = time.perf_counter() - t
        files = sorted(folder.glob("*.pdf"))
        out.write(json.dumps({"time": elapsed, "files": len(files),
                              "bytes": sum(f.stat().st_size for f in files),
                              "pages": 2 * len(games),
                              "boards": [describe(g) for g in games]}) + "\n")
    elif job["op"] == "book_one":
        # One PDF like a book: every puzzle page (with its answer-key strip), then
        # every solution page, drawn with the formatter's own draw_puzzle_page and
        # set up as its write_pdf_file does.
        path = Path(job["path"])
        random.seed(job["seed"])
        t = time.perf_counter()
        games = [make(words, job["size"], job["level"]) for words in job["puzzles"]]
        formatter = games[0].formatter
        pdf = FPDF(orientation="P", unit="in", format="Letter")
        pdf.set_author(formatter.PDF_AUTHOR)
        pdf.set_creator(formatter.PDF_CREATOR)
        pdf.set_title(formatter.PDF_TITLE)
        pdf.set_line_width(pdf.line_width * 2)
        for game in games:
            draw_puzzle_page(formatter, pdf, game, False, False, False, True)
        for game in games:
            draw_puzzle_page(formatter, pdf, game, True, False, sort_word_list=True)
        pdf.output(path)
        elapsed = time.perf_counter() - t
        out.write(json.dumps({"time": elapsed, "files": 1, "bytes": path.stat().st_size,
                              "pages": pdf.page_no(),
                              "boards": [describe(g) for g in games]}) + "\n")
'''


class Peer:
    """The driver process in the peer's venv, or why there is none."""

    def __init__(self, install: bool):
        self.proc: subprocess.Popen | None = None
        self.version = ""
        self.why = ""
        python = VENV / "bin" / "python"
        if not python.exists():
            if not install:
                self.why = f"not measured: no {VENV} (pass --peer to create it)"
                return
            if not self._install(python):
                return
        DRIVER.write_text(DRIVER_SOURCE, encoding="utf-8")
        hello = self._start(python)
        if not hello.get("ok") and install:
            if self._install(python, fresh=False):
                hello = self._start(python)
        if not hello.get("ok"):
            self.why = f"not measured: the driver could not import it ({hello.get('error')})"
            self.close()
            return
        self.version = hello["version"]

    def _install(self, python: Path, fresh: bool = True) -> bool:
        steps = []
        if fresh:
            steps.append([sys.executable, "-m", "venv", str(VENV)])
        steps.append([str(python), "-m", "pip", "install", "-q", PEER_PACKAGE])
        for cmd in steps:
            log("peer: " + " ".join(cmd))
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode:
                tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
                self.why = (f"not measured: `{' '.join(cmd)}` failed "
                            f"(exit {done.returncode}): {' | '.join(tail)}")
                return False
        return True

    def _start(self, python: Path) -> dict:
        self.close()
        self.proc = subprocess.Popen([str(python), str(DRIVER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1,
                                     env={**os.environ, "PYTHONHASHSEED": "0"})
        line = self.proc.stdout.readline()
        return json.loads(line) if line else {"ok": False, "error": "driver exited"}

    @property
    def ok(self) -> bool:
        return self.proc is not None

    def ask(self, job: dict) -> dict:
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the peer driver exited")
        return json.loads(line)

    def close(self) -> None:
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
            self.proc = None


def check_peer(board: dict, answers: list[str]) -> dict:
    placed = {w: [tuple(rc) for rc in cells] for w, cells in board["placed"].items()}
    return check_board(board["grid"], answers, placed)


# --- cases -------------------------------------------------------------------------

class Tally:
    """One side of one case: times per run, and every board's check."""

    def __init__(self):
        self.board_ms: list[float] = []      # per run: median ms of its boards
        self.puzzle_ms: list[float] = []     # per run: ms of one best-of-N puzzle
        self.best_placed: list[int] = []     # per run: words placed by that puzzle
        self.checks: list[dict] = []
        self.failed = 0                      # candidates that raised GenerationFailed

    def add_checks(self, checks: list[dict]) -> None:
        self.checks.extend(checks)


def run_ours(params: dict, case: str, run: int, tally: Tally) -> None:
    """BOARDS single boards: each timed alone; together they are the candidates of
    one puzzle, the best score kept (ties: lowest number), as run_candidates does."""
    times, boards = [], []
    for number in range(BOARDS):
        seed = derive_seed(WORD_SEED, case, run, number)
        t = time.perf_counter()
        try:
            board = KIND.generate(params, seed)
        except GenerationFailed:        # a failed candidate: the book keeps the others
            tally.failed += 1
            continue
        times.append(time.perf_counter() - t)
        boards.append(board)
    tally.board_ms.append(statistics.median(times) * 1000)
    tally.puzzle_ms.append(sum(times) * 1000)
    best = max(range(len(boards)), key=lambda n: (boards[n].score, -n))
    tally.best_placed.append(len(boards[best].placements))
    tally.add_checks([check_ours(b) for b in boards])


def run_peer(peer: Peer, size: int, answers: list[str], run: int, tally: Tally,
             shape: str | None = None) -> None:
    seeds = [run * 1000 + n for n in range(BOARDS)]
    reply = peer.ask({"op": "boards", "size": size, "words": answers, "level": PEER_LEVEL,
                      "seeds": seeds, "shape": shape.title() if shape else None})
    ms = [t * 1000 for t in reply["times"]]
    tally.board_ms.append(statistics.median(ms))
    tally.puzzle_ms.append(statistics.median(ms))       # one board per puzzle
    tally.best_placed.append(max(len(b["placed"]) for b in reply["boards"]))
    tally.add_checks([check_peer(b, answers) for b in reply["boards"]])


def case_params(size: int, words: list[tuple[str, str]], shape: str | None = None):
    """Exactly the params the book would give the generator at hard difficulty."""
    params = KIND.request("case", [Word(text, answer) for text, answer in words],
                          (size, size), list(DIFFICULTY_DIRECTIONS["hard"]), "en").params
    if shape is None:
        return params
    mask = named_mask(shape, size, size)
    return params.model_copy(update={"shape": mask, "rows": len(mask), "cols": len(mask[0])})


# --- the book ----------------------------------------------------------------------

def book_puzzles(pool: list[tuple[str, str]]) -> tuple[list[list[tuple[str, str]]], str]:
    rng = random.Random(WORD_SEED + 5)
    return ([pick(pool, BOOK_WORDS, BOOK_SIZE, rng) for _ in range(BOOK_PUZZLES)],
            "puzzles")


def write_spec(folder: Path, name: str, candidates: int | None, form: str,
               puzzles: list[list[tuple[str, str]]], pool: list[tuple[str, str]]) -> Path:
    lines = ["title: Word Search Benchmark", "seed: 11", "sections:",
             "  - kind: wordsearch", "    title: Hard", f"    size: {BOOK_SIZE}",
             "    difficulty: hard"]
    if candidates is not None:
        lines.append(f"    candidates: {candidates}")
    if form == "count":
        (folder / "pool.txt").write_text("\n".join(t for t, _ in pool) + "\n",
                                         encoding="utf-8")
        lines += [f"    count: {BOOK_PUZZLES}", f"    words_per_puzzle: {BOOK_WORDS}",
                  "    words: pool.txt"]
    else:
        lines.append("    puzzles:")
        for i, words in enumerate(puzzles, start=1):
            lines.append(f"      - title: Puzzle {i}")
            lines.append(f"        words: {json.dumps([t for t, _ in words])}")
    path = folder / f"{name}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def build_ours(spec: Path, out_dir: Path, workers: int) -> dict:
    from publisher.pipeline import build_book
    t = time.perf_counter()
    result = build_book(spec, out_dir, workers=workers)
    elapsed = time.perf_counter() - t
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    checks = []
    for puzzle in manifest["puzzles"]:
        rows = ["".join(row) for row in puzzle["grid"]]
        placed = {w["answer"]: [(w["start"][0] + w["direction"][0] * k,
                                 w["start"][1] + w["direction"][1] * k)
                                for k in range(len(w["answer"]))] for w in puzzle["words"]}
        answers = list(placed) + [grid_form(t, "en") for t in puzzle["unplaced"]]
        checks.append(check_board(rows, answers, placed))
    return {"time": elapsed, "pages": result.pages, "bytes": result.pdf.stat().st_size,
            "files": 1, "checks": checks, "pdf_ok": result.pdf.is_file()}


# --- printing ----------------------------------------------------------------------

def placed_summary(checks: list[dict], n_words: int) -> str:
    placed = [c["placed"] for c in checks]
    return f"{statistics.median(placed):g} ({min(placed)}-{max(placed)}) of {n_words}"


def violations(checks: list[dict]) -> str:
    bad = sum(1 for c in checks if c["bad"])
    stray = sum(1 for c in checks if c["stray"])
    text = f"{bad}/{len(checks)}"
    if bad:
        sample = next(c["bad"] for c in checks if c["bad"])
        text += f" (e.g. {', '.join(sample[:3])})"
    if stray:
        text += f"; {stray} with an unplaced word in the grid anyway"
    return text


def ratio(peer: float | None, ours: float) -> str:
    return f"{peer / ours:.2f}x" if peer is not None and ours > 0 else "-"


def fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=None, help="runs per case (default 5)")
    ap.add_argument("--quick", action="store_true", help="2 runs instead of 5")
    ap.add_argument("--peer", action="store_true",
                    help=f"create {VENV} and install {PEER_PACKAGE} if needed")
    args = ap.parse_args()
    runs = args.runs or (2 if args.quick else 5)
    book_runs = runs
    workers = os.cpu_count() or 1
    load_start = os.getloadavg()
    started = time.perf_counter()

    peer = Peer(install=args.peer)

    pool = bundled_words()
    cases = []
    for number, (size, n) in enumerate(((15, 15), (20, 30), (30, 60)), start=1):
        words = pick(pool, n, size, random.Random(WORD_SEED + number))
        cases.append((f"{number}. {size}x{size}, {n} words", size, words))
    animals = [(w, grid_form(w, "en")) for w in ANIMALS]
    clashes = [(a, b) for i, (_, a) in enumerate(animals) for _, b in animals[i + 1:]
               if clash(a, b)]
    assert len(animals) == 40 and not clashes and all(usable(a, 15) for _, a in animals)
    cases.append(("4. 15x15, 40 animals (4-10 letters)", 15, animals))
    hearts = pick(pool, 20, 9, random.Random(WORD_SEED + 6))
    cases.append(("6. 15x15 heart, 20 words (3-9 letters)", 15, hearts))
    shape_of = {cases[-1][0]: "heart"}

    tallies = {(case[0], side): Tally() for case in cases for side in ("ours", "peer")}
    for run in range(runs):
        for name, size, words in cases:
            log(f"run {run + 1}/{runs}: {name}")
            shape = shape_of.get(name)
            run_ours(case_params(size, words, shape), name, run, tallies[name, "ours"])
            if peer.ok:
                run_peer(peer, size, [a for _, a in words], run, tallies[name, "peer"], shape)

    # the book
    compatible = non_clashing_pool(pool, BOOK_SIZE)
    if len(compatible) >= POOL_NEEDED:
        form, puzzles = "count", []
        book_words = f"a pool of {len(compatible)} compatible words (count form)"
    else:
        puzzles, form = book_puzzles(pool)
        book_words = (f"explicit `puzzles` (the bundled English lists have {len(pool)} "
                      f"distinct words, only {len(compatible)} mutually compatible, "
                      f"< {POOL_NEEDED}): 50 x 15 words drawn with random.Random"
                      f"({WORD_SEED + 5}); words repeat across puzzles")
    book: dict[str, list[dict]] = {"ours c1": [], "ours cN": [], "peer files": [],
                                   "peer one": []}
    tmp = Path(tempfile.mkdtemp(prefix="wsbench-", dir="/tmp"))
    try:
        spec1 = write_spec(tmp, "book-c1", 1, form, puzzles, compatible)
        spec_default = write_spec(tmp, "book-default", None, form, puzzles, compatible)
        peer_words = [[a for _, a in words] for words in puzzles]
        for run in range(book_runs):
            log(f"book run {run + 1}/{book_runs}")
            for key, spec in (("ours c1", spec1), ("ours cN", spec_default)):
                out = tmp / f"out-{key.replace(' ', '-')}-{run}"
                book[key].append(build_ours(spec, out, workers))
            if peer.ok and form == "puzzles":
                folder = tmp / f"peer-files-{run}"
                folder.mkdir()
                job = {"puzzles": peer_words, "size": BOOK_SIZE, "level": PEER_LEVEL,
                       "seed": 100 + run}
                book["peer files"].append(peer.ask({**job, "op": "book_files",
                                                    "dir": str(folder)}))
                book["peer one"].append(peer.ask({**job, "op": "book_one",
                                                  "path": str(tmp / f"peer-{run}.pdf")}))
        for key in ("peer files", "peer one"):
            for result in book[key]:
                result["checks"] = [check_peer(b, [a for a in words])
                                    for b, words in zip(result.pop("boards"), peer_words)]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        peer.close()

    # --- report ---
    peer_name = f"{PEER_PACKAGE} {peer.version}" if peer.ok or peer.version else PEER_PACKAGE
    print(f"Word search benchmark: ours (publisher) vs {peer_name} (PyPI)")
    print(f"machine: os.cpu_count() = {workers}, {platform.system()} {platform.machine()}, "
          f"Python {platform.python_version()}; load average {load_start[0]:.2f} at start, "
          f"{os.getloadavg()[0]:.2f} at end (the machine is shared: timings are noisy)")
    print(f"runs: {runs} (cases 1-4, 6 and the book); every time is the median over runs")
    print(f"hard = all 8 directions, backwards included (ours: directions 0-7; peer: "
          f"level={PEER_LEVEL}, its all-8-directions level)")
    if not peer.version:
        print(f"peer: {peer.why}")
    print()
    print(f"Cases 1-4 and 6: per run and side, {BOARDS} boards with different seeds.")
    print("  ms/board   = median time of one board (one candidate) in a run")
    print(f"  ms/puzzle  = ours at its default candidates, best of {CANDIDATES}: the "
          f"{CANDIDATES} boards of the run generated")
    print("               serially in one process, best score kept (what "
          "publisher.batch.run_candidates does for one job);")
    print("               peer: one board per puzzle (it has no candidates), so its "
          "ms/puzzle is its ms/board")
    print("  ratio      = peer / ours (above 1: we are faster)")
    header = (f"{'case':38} {'ours':>7} {'peer':>7} {'ratio':>7} | "
              f"{'ours best of ' + str(CANDIDATES):>16} {'peer 1 board':>13} {'ratio':>7}")
    print()
    print(f"{'':38} {'ms/board':^23} | {'ms/puzzle':^38}")
    print(header)
    print("-" * len(header))
    for name, _, _ in cases:
        ours, other = tallies[name, "ours"], tallies[name, "peer"]
        ob, op = statistics.median(ours.board_ms), statistics.median(ours.puzzle_ms)
        pb = statistics.median(other.board_ms) if other.board_ms else None
        pp = statistics.median(other.puzzle_ms) if other.puzzle_ms else None
        print(f"{name:38} {fmt(ob):>7} {fmt(pb):>7} {ratio(pb, ob):>7} | "
              f"{fmt(op):>16} {fmt(pp):>13} {ratio(pp, op):>7}")

    print()
    print("Words placed, over every board of every run; exactly-once = an independent "
          "counter in this script")
    print("reads each placed word over all 8 directions of the final grid (must be 1) and "
          "checks that the")
    print(f"reported cells spell it. best of {CANDIDATES}: ours = the kept candidate; peer = the "
          f"fullest of its {CANDIDATES} boards")
    print(f"(the peer cannot do that itself: it would cost {CANDIDATES}x its ms/board).")
    header = (f"{'case':38} {'side':4} {'boards':>6} {'placed/board med (min-max)':>27} "
              f"{'all placed':>11} {f'best of {CANDIDATES}':>10}  exactly-once violations")
    print()
    print(header)
    print("-" * len(header))
    for name, _, words in cases:
        for side in ("ours", "peer"):
            tally = tallies[name, side]
            if not tally.checks:
                print(f"{name:38} {side:4} {'-':>6} {'not measured':>27}")
                continue
            all_placed = sum(c["all"] for c in tally.checks)
            best = statistics.median(tally.best_placed)
            print(f"{name:38} {side:4} {len(tally.checks):>6} "
                  f"{placed_summary(tally.checks, len(words)):>27} "
                  f"{f'{all_placed}/{len(tally.checks)}':>11} {best:>10g}  "
                  f"{violations(tally.checks)}"
                  + (f"; {tally.failed} candidates failed" if tally.failed else ""))

    print()
    print(f"5. Book: {BOOK_PUZZLES} puzzles {BOOK_SIZE}x{BOOK_SIZE}, hard, {BOOK_WORDS} words "
          f"each, answer key, PDF written; {book_runs} run(s), median")
    print(f"   words: {book_words}")
    print(f"   ours: publisher.pipeline.build_book(spec, out_dir, workers={workers}), spec "
          f"load to PDF + manifest written")
    print("   peer A: per puzzle WordSearch(words, level=3, size=15) + save(path, "
          "solution=True), one process:")
    print("           50 PDFs of 2 pages (puzzle page with its printed answer-key strip, "
          "highlighted solution page)")
    print("   peer B: the same 50 puzzles into ONE PDF (50 puzzle pages, then 50 "
          "solution pages) with its")
    print("           formatter's draw_puzzle_page, set up as its save() does; one "
          "process (it has no workers)")
    print(f"   ratio = peer / ours at candidates 1 and at the default {CANDIDATES}")
    rows = [("ours, candidates 1", "ours c1"), (f"ours, candidates {CANDIDATES} (default)", "ours cN"),
            ("peer A, 50 x save()", "peer files"), ("peer B, one PDF", "peer one")]
    ours1 = statistics.median(r["time"] for r in book["ours c1"]) * 1000
    ours_default = statistics.median(r["time"] for r in book["ours cN"]) * 1000
    header = (f"{'':32} {'ms total':>9} {'ms/puzzle':>9} {'vs c1':>7} {f'vs c{CANDIDATES}':>7} "
              f"{'PDFs':>4} {'pages':>5} {'KB':>6} {'placed/puzzle':>16} {'all placed':>10}"
              f"  exactly-once violations")
    print()
    print(header)
    print("-" * len(header))
    for label, key in rows:
        results = book[key]
        if not results:
            print(f"{label:32} {'not measured':>9}")
            continue
        total = statistics.median(r["time"] for r in results) * 1000
        checks = [c for r in results for c in r["checks"]]
        peer_side = key.startswith("peer")
        r0 = results[-1]
        print(f"{label:32} {total:>9.0f} {total / BOOK_PUZZLES:>9.1f} "
              f"{ratio(total, ours1) if peer_side else '':>7} "
              f"{ratio(total, ours_default) if peer_side else '':>7} "
              f"{r0['files']:>4} {r0['pages']:>5} {r0['bytes'] / 1024:>6.0f} "
              f"{placed_summary(checks, BOOK_WORDS):>16} "
              f"{str(sum(c['all'] for c in checks)) + '/' + str(len(checks)):>10}  "
              f"{violations(checks)}")
    print()
    print(f"(whole benchmark: {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
