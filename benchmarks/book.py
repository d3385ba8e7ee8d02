"""Book benchmark: mixed 6x9 books end to end, phase by phase, and the layout against a
bare ReportLab baseline.

    python benchmarks/book.py [--mode 30|120|480|example ...] [--workers 1 2] [--runs N]
                              [--tree PATH] [--against PATH] [--cli] [--generate-only]

Run from the project root. `--spec FILE` runs the older single-spec figures
(`layout_benchmark`: build_book end to end, then layout, preflight and baseline alone).
Modes (default: 120):
- `120`: the book of issue 16: 50 word searches 13x13 (15 words each), 20 crosswords
  15x15 of 12 words, 25 Flow 9x9 (medium), 25 Queens regions 8x8 (medium), default
  candidates; the words are given puzzle by puzzle (the bundled theme lists are too short
  for that many puzzles without repeats), drawn here from the bundled lists with a fixed
  seed, so every run builds the same book;
- `30` and `480`: the same proportions (13/5/6/6 and 200/80/100/100);
- `example`: examples/print-6x9.yaml.
Each (mode, workers) runs in a fresh process (so peak memory is that build's own: the
parent writes the spec, the child only builds it) and
prints: the wall time of the whole process (interpreter start and imports included), the
phases as the build itself times them (`BuildResult.timings`: spec, plan, generate,
how-to-play examples, layout, render, check = cover + preflight, write = side files,
manifest, publish; an older tree's stages are replayed one by one instead), in wall time
and in CPU time of the main process, the wall an idle machine would take estimated from
those CPU times (the shared machine's load makes 2-worker walls the noisiest: another
session's process takes a core from our two workers, never from one), per kind the CPU
time its candidates took in the
workers, candidates tried (the manifest's `tried`) and ms per candidate and per kept
puzzle, and peak memory: this process (ru_maxrss of self) and the largest worker
(RUSAGE_CHILDREN), with the tree's bound self + workers x largest. With several modes
the time per puzzle shows whether time grows linearly. The first run also times a bare
ReportLab drawing of the same grids (each grid as puzzle and answer, a rectangle and a
letter per cell, same fonts) against layout + render: the engine's overhead.
`--generate-only`: the generate phase alone in this process, the worker counts
alternating run by run (the fairest 1-vs-2-workers figure on a shared machine).
`--against PATH`: another checkout's runs interleaved with these (before/after in the same
minutes); `--cli`: time `python -m publisher.cli SPEC -q -w N` itself (wall, and CPU of
the process tree) instead of the phases. Each tree's modules are compiled to bytecode once
before the timed runs (in a temporary PYTHONPYCACHEPREFIX), as `pip install` does for the
make-book users run; `--from-source` compiles them in every run instead (a checkout under
PYTHONDONTWRITEBYTECODE, as this machine sets it: about 0.2 s more per build).
"""
from __future__ import annotations

import argparse
import atexit
import inspect
import io
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import ROOT, use_tree  # noqa: E402

STARTED = time.perf_counter()
TREE = use_tree(sys.argv)

from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from publisher.batch import generate_all, make_executor  # noqa: E402
from publisher.ground.fonts import BOLD, REGULAR, register_fonts  # noqa: E402
from publisher.kinds import get_kind  # noqa: E402
from publisher.pipeline import build_book, how_to_play_examples, lay_out  # noqa: E402
from publisher.plan import plan_book  # noqa: E402
from publisher.preflight import check_bytes  # noqa: E402
from publisher.render.layout import load_layout  # noqa: E402
from publisher.spec import load_spec  # noqa: E402

IMPORTED_CPU = time.process_time()      # the interpreter and every import above


def cells_of(kind: str, entry: dict) -> list[list[str | None]]:
    """The grid a bare drawing would print, from the manifest fields of any kind."""
    for key in ("grid", "solution"):
        value = entry.get(key)
        if isinstance(value, list) and value and isinstance(value[0], list):
            return [[None if c is None else str(c) for c in row] for row in value]
    size = entry.get("size") or entry.get("rows") or 8
    return [[""] * size for _ in range(size)]


def baseline(grids: list[list[list[str | None]]], page: tuple[float, float]) -> bytes:
    """Each grid twice (puzzle and answer), a page each, cells and letters only."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page, invariant=1, initialFontName=REGULAR,
                    pageCompression=1)
    width = page[0] - 72
    for grid in grids + grids:
        cell = min(width / len(grid[0]), (page[1] - 144) / len(grid))
        top = page[1] - 72
        canvas.setFont(BOLD, cell * 0.6)
        for r, row in enumerate(grid):
            for c, letter in enumerate(row):
                if letter is None:
                    continue
                x, y = 36 + c * cell, top - (r + 1) * cell
                canvas.rect(x, y, cell, cell, stroke=1, fill=0)
                if letter:
                    canvas.drawCentredString(x + cell / 2, y + cell * 0.3, letter)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def cold_caches() -> None:
    """Forget what an earlier run laid out (the crossword clue searches and wrapped clues
    are cached per process), so that every timed layout starts as a build does."""
    from publisher.kinds.crossword import draw
    for cached in (draw._search, draw._search_continued, draw._wrap):
        cached.cache_clear()


def layout_benchmark(args: argparse.Namespace) -> None:
    """The single-spec figures: end to end, then layout, preflight and baseline alone."""
    args.workers = args.workers[0]

    ends, peaks = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as out:
            tracemalloc.start()
            start = time.perf_counter()
            result = build_book(args.spec, out, workers=args.workers)
            ends.append(time.perf_counter() - start)
            peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
            tracemalloc.stop()
    print(f"end to end: {result.puzzles} puzzles, {result.pages} pages: "
          f"median {statistics.median(ends):.2f} s, peak {statistics.median(peaks):.0f} MiB "
          f"(workers={args.workers})")

    spec = load_spec(args.spec)
    layout = load_layout(spec.book.layout, spec.path.parent, ValueError)
    jobs = plan_book(spec, set(layout.page_grids))
    outcomes = generate_all(jobs, spec.book.seed, make_executor(args.workers))
    grids = [cells_of(o.job.kind, get_kind(o.job.kind).manifest(o.kept)) for o in outcomes]
    examples = how_to_play_examples(outcomes, spec.book.seed)
    ours, bare, checks = [], [], []
    for _ in range(args.runs):
        cold_caches()
        start = time.perf_counter()
        renderer, pages = lay_out(spec.book, layout, outcomes, spec.book.bleed, examples)
        pdf = renderer.render(pages.book, pages.placements, None, pages.contents)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        check_bytes(pdf, "book", layout.page)
        checks.append(time.perf_counter() - start)
        start = time.perf_counter()
        baseline(grids, layout.page)
        bare.append(time.perf_counter() - start)
    o, b = statistics.median(ours), statistics.median(bare)
    print(f"layout (paginate with floor checks + render): median {o:.2f} s")
    print(f"preflight of the interior: median {statistics.median(checks):.2f} s")
    print(f"bare ReportLab baseline (same grids and letters, puzzle + answer pages): "
          f"median {b:.2f} s; layout / baseline = {o / b:.2f}x")


MODES = {"30": (13, 5, 6, 6), "120": (50, 20, 25, 25), "480": (200, 80, 100, 100)}
WORDS_PER_SEARCH, WORDS_PER_CROSSWORD = 15, 12
KINDS = ("wordsearch", "crossword", "numberlink", "queens")


# --- the mixed book -----------------------------------------------------------------

def _theme_words() -> list[str]:
    """Every plain word (a-z only, 3 to 12 letters) of the bundled English themes."""
    words: set[str] = set()
    for path in sorted((ROOT / "wordlists" / "en").glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            word = line.split("#", 1)[0].strip().lower()
            if re.fullmatch(r"[a-z]{3,12}", word):
                words.add(word)
    return sorted(words)


def _clue_words() -> dict[str, str]:
    import yaml
    entries = yaml.safe_load((ROOT / "wordlists" / "en" / "clues.yaml").read_text("utf-8"))
    return {w: c for w, c in sorted(entries.items())
            if isinstance(w, str) and re.fullmatch(r"[a-z]{3,10}", w) and isinstance(c, str)}


def _draw(pool: list[str], count: int, rng: random.Random) -> list[str]:
    """`count` words of the pool, no palindromes, none inside another (either way)."""
    chosen: list[str] = []
    for word in rng.sample(pool, len(pool)):
        if word == word[::-1] or any(word in w or w in word or word[::-1] in w
                                     for w in chosen):
            continue
        chosen.append(word)
        if len(chosen) == count:
            return chosen
    raise ValueError("the pool is too small")


def mixed_spec(mode: str) -> dict:
    """The mixed book of `mode` as a spec (a dict for YAML), the same on every run."""
    searches, crosswords, flows, queens = MODES[mode]
    themes, clues = _theme_words(), _clue_words()
    clue_pool = list(clues)
    rng = random.Random(16)
    return {
        "title": f"Benchmark book ({sum(MODES[mode])} puzzles)",
        "author": "Puzzle Publisher", "copyright": "© 2026 Puzzle Publisher",
        "layout": "6x9", "seed": 2026, "cover": {"paper": "cream", "colour": True},
        "sections": [
            {"kind": "wordsearch", "title": "Word search", "size": 13,
             "puzzles": [{"title": f"Word search {i + 1}",
                          "words": _draw(themes, WORDS_PER_SEARCH, rng)}
                         for i in range(searches)]},
            {"kind": "crossword", "title": "Crossword", "size": 15,
             "puzzles": [{"title": f"Crossword {i + 1}",
                          "clues": {w: clues[w] for w in
                                    _draw(clue_pool, WORDS_PER_CROSSWORD, rng)}}
                         for i in range(crosswords)]},
            {"kind": "numberlink", "title": "Flow", "size": 9, "count": flows, "per_page": 2},
            {"kind": "queens", "title": "Queens", "variant": "regions", "size": 8,
             "count": queens, "per_page": 2},
        ],
    }


def spec_file(mode: str, folder: Path) -> Path:
    if mode == "example":
        return ROOT / "examples" / "print-6x9.yaml"
    import yaml
    path = folder / f"bench-{mode}.yaml"
    path.write_text(yaml.safe_dump(mixed_spec(mode), allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    return path


# --- one build, phase by phase (in a fresh process) ----------------------------------

def build_in_phases(spec_path: Path, out: Path, workers: int, with_baseline: bool) -> dict:
    """The build's own phases (`BuildResult.timings`: what overlaps in the pipeline
    overlaps here too), or with an older tree the stages replayed one by one."""
    from publisher import pipeline
    if "timings" not in pipeline.BuildResult.__dataclass_fields__:
        return replay_in_phases(spec_path, out, workers, with_baseline)
    from publisher.kinds import get_kind
    from publisher.render.layout import load_layout
    imported = time.perf_counter()
    built = pipeline.build_book(spec_path, out, workers=workers)
    manifest = json.loads(built.manifest.read_text(encoding="utf-8"))
    result = _figures(built.outcomes, manifest, built.timings, imported, built.pages,
                      workers)
    if with_baseline:
        grids = [cells_of(o.job.kind, get_kind(o.job.kind).manifest(o.kept))
                 for o in built.outcomes]
        page = load_layout(manifest.get("layout") or "6x9", spec_path.parent, ValueError).page
        start = time.perf_counter()
        baseline(grids, page)
        result["baseline"] = time.perf_counter() - start
    return result


def _figures(outcomes: list, manifest: dict, phases: dict[str, tuple[float, float]],
             imported: float, pages: int, workers: int,
             check_failed: str | None = None) -> dict:
    """A run's figures: phases (wall, CPU of this process), per kind puzzles, candidates
    tried and their CPU, memory, and the wall the build would take on an idle machine:
    this process's CPU phase by phase (imports included), the generate phase as the
    workers' and this process's CPU shared by the workers (they keep busy to the end:
    benchmarks/schedule.py), the print check's helper running beside this process."""
    per_kind: dict[str, dict] = {}
    for outcome, entry in zip(outcomes, manifest["puzzles"]):
        row = per_kind.setdefault(outcome.job.kind, {"puzzles": 0, "tried": 0, "cpu": 0.0})
        row["puzzles"] += 1
        row["tried"] += entry["tried"]
        row["cpu"] += getattr(outcome, "seconds", float("nan"))
    worker_cpu = sum(row["cpu"] for row in per_kind.values())
    idle = IMPORTED_CPU + sum(cpu for name, (_, cpu) in phases.items() if name != "generate")
    generate = phases["generate"][1]
    idle += generate if workers == 1 else (generate + worker_cpu) / workers
    return {"phases": {name: wall for name, (wall, _) in phases.items()},
            "phase_cpu": {name: cpu for name, (_, cpu) in phases.items()},
            "idle_estimate": idle, "imports_cpu": IMPORTED_CPU,
            "kinds": per_kind, "puzzles": len(outcomes),
            "check_failed": check_failed, "pages": pages, "imports": imported - STARTED,
            "self_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "worker_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
            "cpu": time.process_time() + sum(
                getattr(resource.getrusage(resource.RUSAGE_CHILDREN), f)
                for f in ("ru_utime", "ru_stime"))}


# long: one build replayed stage by stage (an older pipeline's own steps), each timed
def replay_in_phases(spec_path: Path, out: Path, workers: int, with_baseline: bool) -> dict:
    """Build the book as an older `pipeline._build` does, timing each stage."""
    from publisher import pipeline
    from publisher.batch import generate_all, make_executor
    from publisher.errors import PublisherError
    from publisher.ground import transaction
    from publisher.kinds import get_kind
    from publisher.plan import plan_book
    from publisher.render.layout import load_layout
    from publisher.spec import load_spec

    imported = time.perf_counter()
    phases: dict[str, tuple[float, float]] = {}
    clock = [(time.perf_counter(), time.process_time())]

    def lap(name: str) -> None:
        now = (time.perf_counter(), time.process_time())
        phases[name] = (now[0] - clock[0][0], now[1] - clock[0][1])
        clock[0] = now

    spec = load_spec(spec_path)
    layout = load_layout(spec.book.layout, spec.path.parent, ValueError)
    jobs = plan_book(spec, set(layout.page_grids))
    lap("plan")
    outcomes = generate_all(jobs, spec.book.seed, make_executor(workers))
    lap("generate")
    examples = pipeline.how_to_play_examples(outcomes, spec.book.seed)
    lap("examples")
    renderer, pages = pipeline.lay_out(spec.book, layout, outcomes, spec.book.bleed, examples)
    lap("layout")
    pdf = renderer.render(pages.book, pages.placements, None, pages.contents)
    answers = (renderer.render(pages.answers, pages.placements) if pages.answers else None)
    lap("render")
    check_failed = None
    try:
        if "workers" in inspect.signature(pipeline._cover_and_check).parameters:
            cover = pipeline._cover_and_check(spec, renderer, pages, pdf, spec.book.bleed,
                                              None, workers)
        else:                         # an older tree (--tree): page count, one process
            cover = pipeline._cover_and_check(spec, renderer, len(pages.book), pdf,
                                              spec.book.bleed, None)
    except PublisherError as exc:     # reported, and the book is written without a cover
        check_failed, cover = str(exc)[:300], None
    lap("check")
    files = pipeline._output_files(spec, spec.book.seed, outcomes, pages.placements, pdf,
                                   answers, None, cover)
    transaction.publish(out, spec.name, files, protected=(spec.path,))
    lap("write")
    manifest = json.loads(files[f"{spec.name}.json"])
    result = _figures(outcomes, manifest, phases, imported, len(pages.book), workers,
                      check_failed)
    if with_baseline:
        grids = [cells_of(o.job.kind, get_kind(o.job.kind).manifest(o.kept)) for o in outcomes]
        start = time.perf_counter()
        baseline(grids, layout.page)
        result["baseline"] = time.perf_counter() - start
    return result


def child(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        # The spec as the parent wrote it: drawing the book's words (the bundled lists,
        # YAML) is no part of the build, nor of its time and memory.
        spec = Path(args.spec_path) if args.spec_path else spec_file(args.mode[0], Path(folder))
        result = build_in_phases(spec, Path(folder) / "out", args.workers[0], args.baseline)
    print("RESULT " + json.dumps(result))


# --- the parent: one process per (mode, workers), a table ----------------------------

def generation_only(mode: str, workers: list[int], runs: int) -> None:
    """The generate phase alone (what the workers run), the worker counts alternating
    run by run so that the machine's load falls on each alike: wall medians and ratio."""
    from publisher.batch import generate_all, make_executor
    from publisher.plan import plan_book
    from publisher.render.layout import load_layout
    from publisher.spec import load_spec
    with tempfile.TemporaryDirectory() as folder:
        spec = load_spec(spec_file(mode, Path(folder)))
        layout = load_layout(spec.book.layout, spec.path.parent, ValueError)
        jobs = plan_book(spec, set(layout.page_grids))
    walls: dict[int, list[float]] = {w: [] for w in workers}
    for _ in range(runs):
        for w in workers:
            start = time.perf_counter()
            generate_all(jobs, spec.book.seed, make_executor(w))
            walls[w].append(time.perf_counter() - start)
    for w in workers:
        print(f"mode {mode}, generate phase only, {w} worker(s): median wall "
              f"{statistics.median(walls[w]):.2f} s over {runs} runs "
              f"({', '.join(f'{x:.2f}' for x in walls[w])}); load average {os.getloadavg()[0]:.1f}")
    if len(workers) > 1:
        print(f"  {workers[0]} -> {workers[-1]} workers: "
              f"{statistics.median(walls[workers[0]]) / statistics.median(walls[workers[-1]]):.2f}x")


# Where each tree's bytecode is compiled once, as `pip install` does for an installed
# make-book (None: --from-source, every run compiles the tree's modules anew, as a checkout
# does under PYTHONDONTWRITEBYTECODE; about 0.2 s per build on this machine).
BYTECODE: dict[str, str] | None = {}
WARMED: set[tuple[str, str]] = set()


def child_env(tree: str, spec: Path) -> dict[str, str]:
    """The environment of a timed process: the bytecode of every module a build of `spec`
    imports, written by one untimed build of it beforehand into a cache of this run (never
    into the tree; the interpreter then reads all bytecode there), unless --from-source."""
    env = dict(os.environ)
    if BYTECODE is None:
        return env
    if tree not in BYTECODE:
        BYTECODE[tree] = tempfile.mkdtemp(prefix="bench-pyc-")
        atexit.register(shutil.rmtree, BYTECODE[tree], True)
    if (tree, str(spec)) not in WARMED:
        with tempfile.TemporaryDirectory() as out:
            subprocess.run([sys.executable, "-m", "publisher.cli", str(spec), "-o", out, "-q",
                            "-w", "2"], cwd=tree, check=True, capture_output=True,
                           env={**env, "PYTHONPYCACHEPREFIX": BYTECODE[tree],
                                "PYTHONDONTWRITEBYTECODE": ""})
        WARMED.add((tree, str(spec)))
    env["PYTHONPYCACHEPREFIX"] = BYTECODE[tree]
    return env


def run_one(mode: str, workers: int, tree: str, with_baseline: bool, spec: Path) -> dict:
    command = [sys.executable, __file__, "--child", "--mode", mode, "--workers",
               str(workers), "--tree", tree, "--spec-path", str(spec)] + (
                   ["--baseline"] if with_baseline else [])
    env = child_env(tree, spec)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env)
    wall = time.perf_counter() - start
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"{mode} with {workers} worker(s) failed:\n{done.stderr[-3000:]}")
    result = json.loads(line[len("RESULT "):])
    result["wall"], result["load"] = wall, load
    return result


def report(mode: str, workers: int, runs: list[dict]) -> None:
    med = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
    first = runs[0]
    phases = {name: statistics.median(r["phases"][name] for r in runs)
              for name in first["phases"]}
    self_mib, worker_mib = med("self_mib"), med("worker_mib")
    tree = self_mib + (workers * worker_mib if workers > 1 else 0)
    print(f"\n== mode {mode}, workers {workers}: {first['puzzles']} puzzles, {first['pages']} "
          f"pages; wall {med('wall'):.2f} s (imports {med('imports'):.2f} s; CPU of the tree "
          f"{med('cpu'):.2f} s; load average before {med('load'):.1f}), "
          f"{med('wall') / first['puzzles'] * 1000:.0f} ms per puzzle; peak memory: "
          f"main {self_mib:.0f} MiB, largest worker {worker_mib:.0f} MiB, tree <= "
          f"{tree:.0f} MiB  [median of {len(runs)}]")
    if first.get("check_failed"):
        print(f"   THE BUILD'S PRINT CHECK FAILED (timed anyway): {first['check_failed']}")
    print("   phases (wall): " + ", ".join(f"{name} {value:.2f} s" for name, value in phases.items()))
    if "phase_cpu" in first:
        cpu = {name: statistics.median(r["phase_cpu"][name] for r in runs)
               for name in first["phase_cpu"]}
        print(f"   phases (CPU of the main process): imports {med('imports_cpu'):.2f} s, "
              + ", ".join(f"{name} {value:.2f} s" for name, value in cpu.items()))
        print(f"   wall on an idle machine, estimated from CPU times: "
              f"{med('idle_estimate'):.2f} s")
    for kind, row in sorted(first["kinds"].items()):
        cpu = statistics.median(r["kinds"][kind]["cpu"] for r in runs)
        print(f"   {kind:11} {row['puzzles']:4} puzzles, tried {row['tried']:6} "
              f"({row['tried'] / row['puzzles']:5.1f} per puzzle); worker CPU {cpu:6.2f} s = "
              f"{cpu / max(1, row['tried']) * 1000:6.1f} ms per candidate, "
              f"{cpu / row['puzzles'] * 1000:7.1f} ms per kept puzzle")
    if "baseline" in first:
        ours = phases["layout"] + phases["render"]
        print(f"   layout + render {ours:.2f} s; bare ReportLab baseline (same grids and "
              f"letters, puzzle + answer pages) {first['baseline']:.2f} s; "
              f"ratio {ours / first['baseline']:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", action="append", choices=[*MODES, "example"],
                        help="book to build (repeatable; default 120)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=1, help="runs per mode and workers")
    parser.add_argument("--tree", default=str(ROOT), help="checkout whose code runs")
    parser.add_argument("--spec", help="the older single-spec figures for this spec")
    parser.add_argument("--generate-only", action="store_true",
                        help="time the generate phase alone, worker counts alternating")
    parser.add_argument("--against", help="another checkout, run interleaved with --tree "
                        "(before/after figures in the same minutes)")
    parser.add_argument("--cli", action="store_true",
                        help="time `python -m publisher.cli SPEC -q -w N` instead")
    parser.add_argument("--from-source", action="store_true",
                        help="compile the tree's modules in every run (a checkout under "
                        "PYTHONDONTWRITEBYTECODE) instead of once beforehand, as pip does "
                        "for an installed make-book")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--baseline", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--spec-path", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.mode = args.mode or ["120"]
    if args.from_source:
        global BYTECODE
        BYTECODE = None
    if args.spec:
        layout_benchmark(args)
        return
    if args.child:
        child(args)
        return
    print(f"code: {TREE}")
    if args.generate_only:
        for mode in args.mode:
            generation_only(mode, args.workers, args.runs)
        return
    trees = [str(TREE)] + ([str(Path(args.against).resolve())] if args.against else [])
    if args.cli:
        cli_runs(args.mode, args.workers, args.runs, trees)
        return
    for mode in args.mode:
        # Runs interleaved (run 1 of every tree and worker count, then run 2...), so that
        # the shared machine's load falls on each alike.
        results: dict[tuple[str, int], list[dict]] = {(t, w): [] for t in trees
                                                      for w in args.workers}
        folder = tempfile.TemporaryDirectory()
        spec = spec_file(mode, Path(folder.name))
        for run in range(args.runs):
            for tree in trees:
                for workers in args.workers:
                    first = run == 0 and tree == trees[0] and workers == args.workers[0]
                    results[tree, workers].append(run_one(mode, workers, tree, first, spec))
        folder.cleanup()
        for tree in trees:
            if len(trees) > 1:
                print(f"\n##### code: {tree}")
            for workers in args.workers:
                report(mode, workers, results[tree, workers])
        for tree in trees:
            _ratio(mode, tree, results)


def _ratio(mode: str, tree: str, results: dict[tuple[str, int], list[dict]]) -> None:
    """1 against 2 workers: wall medians, and the estimate of an idle machine."""
    if (tree, 1) not in results or (tree, 2) not in results:
        return
    med = lambda w, key: statistics.median(r.get(key, 0) for r in results[tree, w])  # noqa: E731
    one, two = med(1, "wall"), med(2, "wall")
    idle = (f" (on an idle machine, estimated from CPU times: {med(1, 'idle_estimate'):.2f} s"
            f" / {med(2, 'idle_estimate'):.2f} s = "
            f"{med(1, 'idle_estimate') / med(2, 'idle_estimate'):.2f}x)"
            if med(2, "idle_estimate") else "")
    print(f"mode {mode}, {tree}: 2 workers {one / two:.2f}x faster than 1{idle}")


def cli_runs(modes: list[str], workers: list[int], runs: int, trees: list[str]) -> None:
    """`python -m publisher.cli SPEC -q -w N` as a user runs it, trees and worker counts
    interleaved: wall and CPU (the process and its children) medians."""
    for mode in modes:
        with tempfile.TemporaryDirectory() as folder:
            spec = spec_file(mode, Path(folder))
            times: dict[tuple[str, int], list[tuple[float, float]]] = {
                (t, w): [] for t in trees for w in workers}
            for _ in range(runs):
                for tree in trees:
                    for count in workers:
                        env = child_env(tree, spec)
                        before = resource.getrusage(resource.RUSAGE_CHILDREN)
                        start = time.perf_counter()
                        done = subprocess.run(
                            [sys.executable, "-m", "publisher.cli", str(spec), "-o",
                             str(Path(folder) / "out"), "-q", "-w", str(count)],
                            cwd=tree, capture_output=True, text=True, env=env)
                        wall = time.perf_counter() - start
                        after = resource.getrusage(resource.RUSAGE_CHILDREN)
                        if done.returncode:
                            raise SystemExit(f"the CLI failed in {tree}:\n{done.stderr[-2000:]}")
                        cpu = (after.ru_utime + after.ru_stime
                               - before.ru_utime - before.ru_stime)
                        times[tree, count].append((wall, cpu))
            for tree in trees:
                for count in workers:
                    walls = [w for w, _ in times[tree, count]]
                    print(f"CLI, mode {mode}, {count} worker(s), {tree}: median wall "
                          f"{statistics.median(walls):.2f} s ({', '.join(f'{w:.2f}' for w in walls)}); "
                          f"CPU of the process tree {statistics.median(c for _, c in times[tree, count]):.2f} s")
                if 1 in workers and 2 in workers:
                    one = statistics.median(w for w, _ in times[tree, 1])
                    two = statistics.median(w for w, _ in times[tree, 2])
                    print(f"   {tree}: 2 workers {one / two:.2f}x faster than 1")
            print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
