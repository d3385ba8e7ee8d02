"""Word-search benchmark: our generator vs the PyPI package word-search-generator.

    python benchmarks/wordsearch.py [--runs N] [--quick] [--peer]

Run from the project root. Cases, all at hard difficulty (8 directions, backwards
included): 1. 15x15 / 15 words, 2. 20x20 / 30 words, 3. 30x30 / 60 words, 4. 40
animal names (4-10 letters) in 15x15 (the dense case), 6. 20 words in a 15x15 heart
(the shaped case; ours: `shape: heart`; peer: its Heart mask), 5. a 50-puzzle book with
answer key, end to end (PDF written). For each case it prints ms per board (one
candidate; ours also in CPU ms, steadier on a shared machine), ms per puzzle at our
default candidates (best of N, N = KIND.default_candidates), and the words placed,
with an independent exactly-once check of every final grid (wordsearch_check.py:
each word counted over all 8 directions, must be 1), ours and the peer's.

The peer runs in its own venv (/tmp/wsg-venv) through a small driver process
(wordsearch_peer.py) that takes jobs as JSON lines on stdin and answers with
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
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds.wordsearch import KIND, clash  # noqa: E402
from publisher.kinds.base import Word  # noqa: E402
from publisher.kinds.wordsearch.generator import DIFFICULTY_DIRECTIONS  # noqa: E402
from publisher.kinds.wordsearch.shapes import named_mask  # noqa: E402
from publisher.plan import derive_seed  # noqa: E402
from publisher.words import grid_form  # noqa: E402
from wordsearch_check import (ANIMALS, bundled_words, check_board, check_ours,  # noqa: E402
                              check_peer, non_clashing_pool, pick, usable)
from wordsearch_peer import PEER_LEVEL, PEER_PACKAGE, VENV, Peer, log  # noqa: E402

CANDIDATES = KIND.default_candidates
BOARDS = CANDIDATES       # boards per run, case and side: one best-of-N group
WORD_SEED = 2024          # fixed seed for choosing the words
BOOK_PUZZLES, BOOK_SIZE, BOOK_WORDS = 50, 15, 15
POOL_NEEDED = BOOK_PUZZLES * BOOK_WORDS       # 750 distinct words for the `count` form
Case = tuple[str, int, list[tuple[str, str]]]      # name, size, (text, answer) words


# --- cases -------------------------------------------------------------------------

class Tally:
    """One side of one case: times per run, and every board's check."""

    def __init__(self):
        self.board_ms: list[float] = []      # per run: median ms of its boards
        self.board_cpu_ms: list[float] = []  # per run: median CPU ms (ours only)
        self.puzzle_ms: list[float] = []     # per run: ms of one best-of-N puzzle
        self.best_placed: list[int] = []     # per run: words placed by that puzzle
        self.checks: list[dict] = []
        self.failed = 0                      # candidates that raised GenerationFailed

    def add_checks(self, checks: list[dict]) -> None:
        self.checks.extend(checks)


def run_ours(params: dict, case: str, run: int, tally: Tally) -> None:
    """BOARDS single boards: each timed alone; together they are the candidates of
    one puzzle, the best score kept (ties: lowest number), as run_candidates does."""
    times, cpu, boards = [], [], []
    for number in range(BOARDS):
        seed = derive_seed(WORD_SEED, case, run, number)
        t, c = time.perf_counter(), time.process_time()
        try:
            board = KIND.generate(params, seed)
        except GenerationFailed:        # a failed candidate: the book keeps the others
            tally.failed += 1
            continue
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        boards.append(board)
    tally.board_ms.append(statistics.median(times) * 1000)
    tally.board_cpu_ms.append(statistics.median(cpu) * 1000)
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


# --- main --------------------------------------------------------------------------

def make_cases(pool: list[tuple[str, str]]) -> tuple[list[Case], dict[str, str]]:
    """The cases, and the shape of the shaped one."""
    cases: list[Case] = []
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
    return cases, {cases[-1][0]: "heart"}


def measure_cases(cases: list[Case], shape_of: dict[str, str], runs: int,
                  peer: Peer) -> dict[tuple[str, str], Tally]:
    tallies = {(case[0], side): Tally() for case in cases for side in ("ours", "peer")}
    for run in range(runs):
        for name, size, words in cases:
            log(f"run {run + 1}/{runs}: {name}")
            shape = shape_of.get(name)
            run_ours(case_params(size, words, shape), name, run, tallies[name, "ours"])
            if peer.ok:
                run_peer(peer, size, [a for _, a in words], run, tallies[name, "peer"], shape)
    return tallies


def measure_book(pool: list[tuple[str, str]], runs: int, peer: Peer,
                 workers: int) -> tuple[dict[str, list[dict]], str]:
    """Case 5, the book: ours at candidates 1 and default, the peer two ways."""
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
        for run in range(runs):
            log(f"book run {run + 1}/{runs}")
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
                result["checks"] = [check_peer(b, list(words))
                                    for b, words in zip(result.pop("boards"), peer_words)]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return book, book_words


def report_cases(cases: list[Case], tallies: dict[tuple[str, str], Tally]) -> None:
    print(f"Cases 1-4 and 6: per run and side, {BOARDS} boards with different seeds.")
    print("  ms/board   = median time of one board (one candidate) in a run; cpu = ours "
          "in CPU time (time.process_time)")
    print(f"  ms/puzzle  = ours at its default candidates, best of {CANDIDATES}: the "
          f"{CANDIDATES} boards of the run generated")
    print("               serially in one process, best score kept (what "
          "publisher.batch.run_candidates does for one job);")
    print("               peer: one board per puzzle (it has no candidates), so its "
          "ms/puzzle is its ms/board")
    print("  ratio      = peer / ours (above 1: we are faster)")
    header = (f"{'case':38} {'cpu':>7} {'ours':>7} {'peer':>7} {'ratio':>7} | "
              f"{'ours best of ' + str(CANDIDATES):>16} {'peer 1 board':>13} {'ratio':>7}")
    print()
    print(f"{'':38} {'ms/board':^31} | {'ms/puzzle':^38}")
    print(header)
    print("-" * len(header))
    for name, _, _ in cases:
        ours, other = tallies[name, "ours"], tallies[name, "peer"]
        ob, op = statistics.median(ours.board_ms), statistics.median(ours.puzzle_ms)
        oc = statistics.median(ours.board_cpu_ms)
        pb = statistics.median(other.board_ms) if other.board_ms else None
        pp = statistics.median(other.puzzle_ms) if other.puzzle_ms else None
        print(f"{name:38} {fmt(oc):>7} {fmt(ob):>7} {fmt(pb):>7} {ratio(pb, ob):>7} | "
              f"{fmt(op):>16} {fmt(pp):>13} {ratio(pp, op):>7}")

    print()
    print("Words placed, over every board of every run; exactly-once = an independent "
          "counter (wordsearch_check.py)")
    print("reads each placed word over all 8 directions of the final grid (must be 1) and "
          "checks that the")
    print(f"reported cells spell it. best of {CANDIDATES}: ours = the kept candidate; peer = "
          f"the fullest of its {CANDIDATES} boards")
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


def report_book(book: dict[str, list[dict]], book_words: str, runs: int, workers: int) -> None:
    print(f"5. Book: {BOOK_PUZZLES} puzzles {BOOK_SIZE}x{BOOK_SIZE}, hard, {BOOK_WORDS} words "
          f"each, answer key, PDF written; {runs} run(s), median")
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
    rows = [("ours, candidates 1", "ours c1"),
            (f"ours, candidates {CANDIDATES} (default)", "ours cN"),
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=None, help="runs per case (default 5)")
    ap.add_argument("--quick", action="store_true", help="2 runs instead of 5")
    ap.add_argument("--peer", action="store_true",
                    help=f"create {VENV} and install {PEER_PACKAGE} if needed")
    args = ap.parse_args()
    runs = args.runs or (2 if args.quick else 5)
    workers = os.cpu_count() or 1
    load_start = os.getloadavg()
    started = time.perf_counter()

    peer = Peer(install=args.peer)
    pool = bundled_words()
    cases, shape_of = make_cases(pool)
    try:
        tallies = measure_cases(cases, shape_of, runs, peer)
        book, book_words = measure_book(pool, runs, peer, workers)
    finally:
        peer.close()

    peer_name = f"{PEER_PACKAGE} {peer.version}" if peer.version else PEER_PACKAGE
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
    report_cases(cases, tallies)
    print()
    report_book(book, book_words, runs, workers)
    print()
    print(f"(whole benchmark: {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
