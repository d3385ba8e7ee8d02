"""Our Latin-square grades beside Simon Tatham's on the same puzzles (issue 28).

    python benchmarks/tatham_grades.py [--n 5] [--sizes 5,6,7] [--only keen] [--reverse 5]
                                       [--by-size] [--source DIR] [--cache DIR] [--check]

Calcudoku, Futoshiki and Skyscrapers are Tatham's Keen, Unequal and Towers. His
standalone solvers (keen.c, unequal.c, towers.c built with -DSTANDALONE_SOLVER; MIT
licence) read a game ID and say which of his levels the puzzle needs. This script
builds them from his source into a cache outside the repository, writes each of our
generated puzzles as his game ID (his format, learnt from his source, written here;
none of his code is in this repository), runs his solver and prints a confusion
table per kind: our grade (rows) against his rating (columns), N puzzles per size
and level of ours. With --reverse it also reads his generated puzzles
(`sgt-keen --generate N 6dh`, Debian's sgt-puzzles) and grades them with our ladder.

Before any table it checks the encoding on his own generated IDs: decoded and written
again gives the same string, his solution keeps every decoded constraint, and his
solver's solution of each of our puzzles is our solution (counted in the tables).

His levels (his own ladders, not ours): Keen Easy, Normal, Hard, Extreme, Unreasonable;
Unequal Trivial, Easy, Tricky, Extreme, Recursive; Towers Easy, Hard, Extreme,
Unreasonable. The last of each is guessing (his solver's recursion).

Source: --source DIR (a checkout of https://git.tartarus.org/simon/puzzles.git, or
`apt-get source sgt-puzzles` with a deb-src line), else $TATHAM_PUZZLES_SRC, else
CACHE/src (CACHE defaults to ~/.cache/tatham-solvers).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tree import use_tree  # noqa: E402

TREE = use_tree(sys.argv)

from publisher.errors import GenerationFailed  # noqa: E402
from publisher.grids.latin.grid import Grid  # noqa: E402
from publisher.grids.latin.ladder import LEVELS, run_ladder  # noqa: E402
from publisher.kinds import all_kinds  # noqa: E402
from publisher.kinds.calcudoku import techniques as calcudoku_tech  # noqa: E402
from publisher.kinds.futoshiki import techniques as futoshiki_tech  # noqa: E402
from publisher.kinds.skyscrapers import techniques as skyscrapers_tech  # noqa: E402

# (our kind, his game, his levels easiest first, his level letters)
GAMES = {
    "keen": ("calcudoku", ["Easy", "Normal", "Hard", "Extreme", "Unreasonable"], "enhxu"),
    "unequal": ("futoshiki", ["Trivial", "Easy", "Tricky", "Extreme", "Recursive"], "tekxr"),
    "towers": ("skyscrapers", ["Easy", "Hard", "Extreme", "Unreasonable"], "ehxu"),
}
# The files each solver links (those of a version that exist: older ones lack some).
CORE = ["latin.c", "malloc.c", "misc.c", "random.c", "tree234.c", "dsf.c", "matching.c",
        "maxflow.c", "nullfe.c"]
HOW_TO_GET = """Tatham's puzzle source was not found. Get it with one of:
  git clone https://git.tartarus.org/simon/puzzles.git {src}
  (or any GitHub mirror of it, e.g. a fork of sgt-puzzles)
  apt-get source sgt-puzzles   (needs a deb-src line in /etc/apt/sources.list)
then run again (or pass --source DIR / set TATHAM_PUZZLES_SRC)."""


# ---------------------------------------------------------------- building his solvers

def find_source(arg: str | None, cache: Path) -> Path | None:
    for place in (arg, os.environ.get("TATHAM_PUZZLES_SRC"), str(cache / "src")):
        if place and (Path(place) / "keen.c").exists() and (Path(place) / "latin.c").exists():
            return Path(place)
    return None


def build(src: Path, cache: Path) -> dict[str, Path]:
    """{game: solver binary}, compiled with gcc when missing or older than the source."""
    out = cache / "bin"
    out.mkdir(parents=True, exist_ok=True)
    core = [str(src / f) for f in CORE if (src / f).exists()]
    binaries = {}
    for game in GAMES:
        binary = out / f"{game}solver"
        sources = [str(src / f"{game}.c")] + core
        newest = max(Path(f).stat().st_mtime for f in sources)
        if not binary.exists() or binary.stat().st_mtime < newest:
            cmd = ["gcc", "-O2", "-DSTANDALONE_SOLVER", f"-I{src}", "-o", str(binary),
                   *sources, "-lm"]
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode:
                sys.exit(f"building {binary.name} failed:\n{done.stderr[-2000:]}")
        binaries[game] = binary
    return binaries


# ---------------------------------------------------------------- his game IDs
# Keen: the cage walls as run lengths of non-walls between walls (first the vertical
# internal lines in reading order, then the horizontal ones column by column, then one
# closing wall; _ = 0, a..y = 1..25, a letter then digits = repeated), a comma, then
# per cage in order of its first cell: a/m/s/d and the target. Unequal: per cell in
# reading order the given (0 = none) and U/R/D/L where the cell is greater than that
# neighbour, comma-separated. Towers: top, bottom, left, right clues joined by /, then
# optionally a comma and the givens (a..z = 1..26 empty cells, _ between two digits).

def _order(game_id: str) -> int:
    """The grid size: the number a game ID starts with."""
    return int(re.findall(r"^\d+", game_id)[0])


KEEN_OPS = {"+": "a", "=": "a", "x": "m", "-": "s", "/": "d"}


def _keen_lines(n: int) -> list[tuple[int, int]]:
    lines = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)]
    return lines + [(y * n + x, (y + 1) * n + x) for x in range(n) for y in range(n - 1)]


def keen_id(n: int, cages: list[tuple[str, int, tuple[int, ...]]]) -> str:
    owner = {}
    for k, (_, _, cells) in enumerate(cages):
        for c in cells:
            owner[c] = k
    runs, run = [], 0
    for a, b in _keen_lines(n) + [(-1, -1)]:
        if a >= 0 and owner[a] == owner[b]:
            run += 1
            continue
        if run >= 25:           # his reader and writer disagree past 24; never met here
            raise ValueError("a run of 25 cage-internal lines")
        runs.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    walls = "".join(ch if len(same) == 1 else ch * 2 if len(same) == 2 else f"{ch}{len(same)}"
                    for same, ch in re.findall(r"((.)\2*)", "".join(runs)))
    clues = "".join(f"{KEEN_OPS[op]}{target}"
                    for op, target, cells in sorted(cages, key=lambda k: min(k[2])))
    return f"{n}:{walls},{clues}"


def keen_decode(game_id: str) -> tuple[int, list[tuple[str, int, tuple[int, ...]]]]:
    params, desc = game_id.split(":", 1)
    n = _order(params)
    walls, clue_text = desc.split(",", 1)
    runs = []
    for ch, rep in re.findall(r"([_a-z])(\d*)", walls):
        runs += [0 if ch == "_" else ord(ch) - ord("a") + 1] * (int(rep) if rep else 1)
    lines, parent = _keen_lines(n), list(range(n * n))

    def root(c: int) -> int:
        while parent[c] != c:
            c = parent[c]
        return c

    pos = 0
    for run in runs:
        if run >= 25:
            raise ValueError("a run of 25 cage-internal lines")
        for a, b in lines[pos:pos + run]:
            parent[root(b)] = root(a)
        pos += run + 1
    if pos != len(lines) + 1:
        raise ValueError(f"{game_id}: cage walls do not fill a {n}x{n} grid")
    groups: dict[int, list[int]] = {}
    for c in range(n * n):
        groups.setdefault(root(c), []).append(c)
    cages = []
    clues = re.findall(r"([amsd])(\d+)", clue_text)
    for (letter, target), cells in zip(clues, sorted(groups.values())):
        op = {"a": "+", "m": "x", "s": "-", "d": "/"}[letter]
        cages.append(("=" if len(cells) == 1 else op, int(target), tuple(cells)))
    return n, cages


UNEQUAL_DIRS = (("U", -1, 0), ("R", 0, 1), ("D", 1, 0), ("L", 0, -1))


def unequal_id(n: int, givens: list[int], relations: list[tuple[int, int]]) -> str:
    greater_than = {(greater, less) for less, greater in relations}
    cells = []
    for c in range(n * n):
        r, col = divmod(c, n)
        flags = "".join(f for f, dr, dc in UNEQUAL_DIRS
                        if 0 <= r + dr < n and 0 <= col + dc < n
                        and (c, (r + dr) * n + col + dc) in greater_than)
        cells.append(f"{givens[c] if givens else 0}{flags},")
    return f"{n}:" + "".join(cells)


def unequal_decode(game_id: str) -> tuple[int, list[int], list[tuple[int, int]]]:
    params, desc = game_id.split(":", 1)
    n = _order(params)
    givens, relations, c = [0] * (n * n), [], 0
    for skip, value, flags in re.findall(r"([a-z]*)(\d+)([URDL]*),?", desc):
        c += sum(ord(ch) - ord("a") + 1 for ch in skip)
        givens[c] = int(value)
        for f, dr, dc in UNEQUAL_DIRS:
            if f in flags:
                relations.append((c + dr * n + dc, c))
        c += 1
    if c != n * n:
        raise ValueError(f"{game_id}: {c} cells for a {n}x{n} grid")
    return n, givens, relations


def towers_id(n: int, clues: list[list[int]], givens: list[int]) -> str:
    out = "/".join(str(v) if v else "" for side in clues for v in side)
    if any(givens):
        out += ","
        run = 0
        for i, v in enumerate(list(givens) + [-1]):
            if v == 0:
                run += 1
                continue
            if run:
                while run > 0:
                    out += chr(ord("a") + min(run, 26) - 1)
                    run -= min(run, 26)
            elif i > 0 and v > 0:
                out += "_"
            if v > 0:
                out += str(v)
    return f"{n}:{out}"


def towers_decode(game_id: str) -> tuple[int, list[list[int]], list[int]]:
    params, desc = game_id.split(":", 1)
    n = _order(params)
    clue_text, _, grid_text = desc.partition(",")
    flat = [int(v) if v else 0 for v in clue_text.split("/")]
    clues = [flat[s * n:(s + 1) * n] for s in range(4)]
    givens: list[int] = []
    for skip, value in re.findall(r"([a-z]|_)|(\d+)", grid_text):
        if value:
            givens.append(int(value))
        elif skip != "_":
            givens += [0] * (ord(skip) - ord("a") + 1)
    if givens and len(givens) != n * n:
        raise ValueError(f"{game_id}: {len(givens)} cells for a {n}x{n} grid")
    return n, clues, givens or [0] * (n * n)


# ---------------------------------------------------------------- running his solver

def his_rating(binary: Path, game: str, game_id: str) -> tuple[str, list[int] | None]:
    """(his level, or 'ambiguous'/'impossible'; his solution row-major, or None)."""
    n = _order(game_id)
    if game == "unequal":       # one run: the working, the rating, then the solved grid
        text = subprocess.run([str(binary), game_id], capture_output=True, text=True).stdout
        found = re.search(r"Game has (?:difficulty (\w+)|(multiple solutions))", text)
        if not found or not found.group(1):
            return ("ambiguous" if found else "impossible"), None
        rows = text[found.end():].splitlines()[1::2]
        return found.group(1), _digits(rows, n)
    text = subprocess.run([str(binary), "-g", game_id], capture_output=True, text=True).stdout
    level = text.split("rating:")[-1].split()[0] if "rating:" in text else "?"
    if level not in GAMES[game][1]:
        return level, None
    rows = subprocess.run([str(binary), game_id], capture_output=True,
                          text=True).stdout.splitlines()
    if game == "towers":        # the grid between a line of clues and a blank line
        rows = [row[3:3 + 2 * n:2] for row in rows[2:2 + n]]
    return level, _digits(rows, n)


def _digits(rows: list[str], n: int) -> list[int] | None:
    grid = [[int(ch) for ch in re.findall(r"\d", row)] for row in rows[:n]]
    return [v for row in grid for v in row] if all(len(row) == n for row in grid) else None


# ---------------------------------------------------------------- our side

def our_puzzles(game: str, size: int, level: str,
                count: int) -> tuple[list[tuple[str, list[int], str]], int]:
    """(his game ID, our solution, our grade) for `count` of our puzzles (seeds 0 on,
    at most 3 * count), and how many seeds failed (a level the size seldom reaches)."""
    kind = all_kinds()[GAMES[game][0]]
    out: list[tuple[str, list[int], str]] = []
    failed, model = 0, cast(Any, kind.params_model)
    for seed in range(3 * count):
        if len(out) == count:
            break
        try:
            board = kind.generate(model(size=size, difficulty=level), seed)
        except GenerationFailed:
            failed += 1
            continue
        n = board.size
        if game == "keen":
            game_id = keen_id(n, list(board.cages))
        elif game == "unequal":
            game_id = unequal_id(n, board.givens, [tuple(r) for r in board.relations])
        else:
            game_id = towers_id(n, board.clues, board.givens)
        out.append((game_id, list(board.solution), board.grade))
    return out, failed


def our_grade(game: str, game_id: str) -> tuple[str, list[int]]:
    """Our ladder's grade of one of his IDs, and what it filled in (0 = open)."""
    if game == "keen":
        n, cages = keen_decode(game_id)
        g = Grid(n)
        grade = run_ladder(g, calcudoku_tech.ladder(n, cages))
    elif game == "unequal":
        n, givens, relations = unequal_decode(game_id)
        g = Grid(n, givens)
        grade = run_ladder(g, futoshiki_tech.ladder(relations))
    else:
        n, clues, givens = towers_decode(game_id)
        listed = [(s, k, v) for s in range(4) for k, v in enumerate(clues[s]) if v]
        g = Grid(n, givens)
        grade = run_ladder(g, skyscrapers_tech.ladder(n, listed))
    return grade.level, g.values() if grade.solved else []


def keeps(game: str, game_id: str, solution: list[int]) -> bool:
    """Whether `solution` keeps every constraint decoded from `game_id` (checked here
    from the rules, not by either solver)."""
    if game == "keen":
        n, cages = keen_decode(game_id)
        ok = all(calcudoku_tech.value_of(op, [solution[c] for c in cells]) == target
                 for op, target, cells in cages)
    elif game == "unequal":
        n, givens, relations = unequal_decode(game_id)
        ok = all(solution[a] < solution[b] for a, b in relations) and \
            all(not v or v == solution[c] for c, v in enumerate(givens))
    else:
        n, clues, givens = towers_decode(game_id)
        ok = all(not v or skyscrapers_tech.seen(
            [solution[c] for c in skyscrapers_tech.line_cells(n, s, k)]) == v
            for s in range(4) for k, v in enumerate(clues[s])) and \
            all(not v or v == solution[c] for c, v in enumerate(givens))
    lines = [solution[r * n:(r + 1) * n] for r in range(n)] + \
        [solution[c::n] for c in range(n)]
    return ok and all(sorted(line) == list(range(1, n + 1)) for line in lines)


def his_generated(game: str, params: str, count: int) -> list[str]:
    path = shutil.which(f"sgt-{game}") or f"/usr/games/sgt-{game}"
    if not Path(path).exists():
        return []
    done = subprocess.run([path, "--generate", str(count), params], capture_output=True,
                          text=True, check=True)
    return done.stdout.split()


# ---------------------------------------------------------------- checks and tables

def check_encoding(binaries: dict[str, Path]) -> bool:
    """Round trip and agreement on his own IDs (two per game and level)."""
    ok = True
    for game, (_, levels, letters) in GAMES.items():
        for letter in letters:
            for game_id in his_generated(game, f"5d{letter}", 2):
                if game == "keen":
                    again = keen_id(*keen_decode(game_id))
                elif game == "unequal":
                    again = unequal_id(*unequal_decode(game_id))
                else:
                    again = towers_id(*towers_decode(game_id))
                rating, his = his_rating(binaries[game], game, game_id)
                ours, filled = our_grade(game, game_id)
                agree = (again == game_id and his is not None and keeps(game, game_id, his)
                         and (not filled or filled == his))
                if not agree:
                    ok = False
                    print(f"  MISMATCH {game} {game_id}\n    again {again}\n"
                          f"    his {rating} {his}\n    ours {ours} {filled}")
    print(f"encoding check on Tatham's own IDs: {'ok' if ok else 'FAILED'}")
    return ok


def table(title: str, rows: list[str], cols: list[str], counts: Counter) -> None:
    """Our levels down, his across (his failures only where some puzzle had one),
    with totals."""
    used_cols = [c for k, c in enumerate(cols)
                 if k < len(cols) - 3 or any(counts[r, c] for r in rows)] + ["total"]
    width = max(len(c) for c in used_cols)
    head = max(len(r) for r in rows + ["total"])
    totals = Counter({(r, "total"): sum(counts[r, c] for c in cols) for r in rows})
    totals.update({("total", c): sum(counts[r, c] for r in rows) for c in cols})
    totals["total", "total"] = sum(counts.values())
    print(f"\n{title}")
    print(" " * head + " | " + " ".join(f"{c:>{width}}" for c in used_cols))
    for r in rows + ["total"]:
        print(f"{r:<{head}} | " + " ".join(f"{(counts + totals)[r, c] or '.':>{width}}"
                                           for c in used_cols))


def breakdown(title: str, by_size: dict[str, Counter]) -> None:
    print(title)
    for key, seen in by_size.items():
        print(f"    {key}: " + ", ".join(f"{name} {k}" for name, k in seen.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=5, help="our puzzles per size and level")
    parser.add_argument("--sizes", default="5,6,7", help="comma-separated sizes")
    parser.add_argument("--only", default=None, help="keen, unequal or towers")
    parser.add_argument("--reverse", type=int, default=0,
                        help="also grade this many of his puzzles per size and level")
    parser.add_argument("--source", default=None, help="Tatham's puzzles source folder")
    parser.add_argument("--cache", default=str(Path.home() / ".cache" / "tatham-solvers"))
    parser.add_argument("--check", action="store_true", help="only the encoding check")
    parser.add_argument("--by-size", action="store_true", help="each size's counts too")
    parser.add_argument("--tree", default=None, help="another checkout's code")
    args = parser.parse_args()
    cache = Path(args.cache).expanduser()
    src = find_source(args.source, cache)
    if src is None:
        print(HOW_TO_GET.format(src=cache / "src"), file=sys.stderr)
        sys.exit(2)
    binaries = build(src, cache)
    print(f"Tatham's solvers built from {src} in {cache / 'bin'}")
    if not check_encoding(binaries):
        sys.exit(1)
    if args.check:
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    games = [args.only] if args.only else list(GAMES)
    for game in games:
        kind_name, his_levels, letters = GAMES[game]
        reach = getattr(all_kinds()[kind_name].section_model, "levels_by_size", {})
        counts: Counter = Counter()
        extra = ["ambiguous", "impossible", "?"]
        disagree, started, failed = 0, time.monotonic(), []
        by_size: dict[str, Counter] = {}
        for size in sizes:
            for level in reach.get(size, LEVELS):
                made, misses = our_puzzles(game, size, level, args.n)
                if misses:
                    failed.append(f"{size}x{size} {level} {misses}")
                for game_id, solution, grade in made:
                    rating, his = his_rating(binaries[game], game, game_id)
                    counts[grade, rating] += 1
                    by_size.setdefault(f"{size}x{size} {grade}", Counter())[rating] += 1
                    disagree += his != solution
        table(f"{kind_name} (ours, rows) vs {game.capitalize()} (Tatham's, columns): "
              f"{args.n} per size x level, sizes {args.sizes}", list(LEVELS),
              his_levels + extra, counts)
        print(f"  his solution differs from ours on {disagree} of {sum(counts.values())}; "
              f"{time.monotonic() - started:.0f} s")
        if failed:
            print(f"  seeds our generator failed on (size, level, how many): {'; '.join(failed)}")
        if args.by_size:
            breakdown("  by size, our grade: his ratings", by_size)
        if not args.reverse:
            continue
        back: Counter = Counter()
        by_size = {}
        for size in sizes:
            for name, letter in zip(his_levels, letters):
                for game_id in his_generated(game, f"{size}d{letter}", args.reverse):
                    rating, _ = his_rating(binaries[game], game, game_id)
                    ours = our_grade(game, game_id)[0]
                    back[ours, rating] += 1
                    by_size.setdefault(f"{size}x{size} {rating}", Counter())[ours] += 1
        table(f"{game.capitalize()}'s generated puzzles graded by our {kind_name} ladder "
              f"(ours, rows; his rating, columns): {args.reverse} per size x level, "
              f"sizes {args.sizes}", list(LEVELS), his_levels + extra, back)
        if args.by_size:
            breakdown("  by size, his rating: our grades", by_size)


if __name__ == "__main__":
    main()
