"""word-search-generator (PyPI) for benchmarks/wordsearch.py: a driver process in the
peer's own venv, which takes jobs as JSON lines on stdin and answers with times and
grids as JSON lines."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

VENV = Path("/tmp/wsg-venv")
DRIVER = Path("/tmp/wsg_driver.py")
PEER_PACKAGE = "word-search-generator"
PEER_LEVEL = 3            # the peer's level with all 8 directions (N NE E SE S SW W NW)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


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

