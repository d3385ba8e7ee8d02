"""Time per kept puzzle for the four newer kinds, and mazes against mazelib.

    python benchmarks/kinds.py [--runs R] [--n N] [--no-mazelib]

Lines printed (medians over R runs of N seeds each):
* fill-in: 20 words on 15x15, ms per kept board (boards rejected for a left-over
  word or no unique fill are counted in the time, and their share printed);
* cryptogram: a 90-letter text, ms per cryptogram;
* scramble: 20 words against wordlists/en/fill.txt (or, without it, 20,000 random
  strings plus anagrams of the words), ms per puzzle (the list's loading not counted);
* maze 30x30: ours (backtracker, Wilson's) and, if installed (`pip install
  mazelib`, MIT), mazelib's BacktrackingGenerator and WilsonsGenerator, ms per maze,
  with the dead-end share and the longest path share of each (ours measured on
  our cells; mazelib's grid converted to cells and passages first).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from publisher.errors import GenerationFailed  # noqa: E402
from publisher.kinds.cryptogram.cipher import encipher  # noqa: E402
from publisher.kinds.fillin.generator import make_fillin  # noqa: E402
from publisher.kinds.maze.generator import distances, make_maze, measure  # noqa: E402
from publisher.data import data_dir  # noqa: E402
from publisher.kinds.scramble.generator import dictionary_for, scramble_all  # noqa: E402

WORDS20 = ["ELEPHANT", "GIRAFFE", "KANGAROO", "PENGUIN", "DOLPHIN", "TIGER", "ZEBRA", "LION",
           "MONKEY", "RABBIT", "SQUIRREL", "OCTOPUS", "CROCODILE", "HIPPO", "BEAR", "WOLF",
           "VOLCANO", "ISLAND", "DESERT", "FOREST"]
TEXT = ("Honey never spoils: sealed jars found in old tombs could still be eaten, "
        "because bees remove most of its water.")


def timed(fn, n: int) -> tuple[float, list]:
    out, t = [], time.perf_counter()
    for seed in range(n):
        out.append(fn(seed))
    return (time.perf_counter() - t) / n * 1000, out


def fake_dictionary(size: int, rng: random.Random) -> frozenset[str]:
    """Random letter strings plus anagrams of the words: a dictionary's size and traps."""
    words = {"".join(rng.choice("ABCDEFGHIJKLMNOPRSTUW") for _ in range(rng.randint(3, 9)))
             for _ in range(size)}
    for w in WORDS20:
        letters = list(w)
        rng.shuffle(letters)
        words.add("".join(letters))
    return frozenset(words)


def bench_fillin(runs: int, n: int) -> str:
    per_run, kept_share = [], []
    for r in range(runs):
        t = time.perf_counter()
        kept = 0
        for seed in range(r * n, (r + 1) * n):
            try:
                make_fillin(WORDS20, 15, 15, seed)
                kept += 1
            except GenerationFailed:
                pass
        per_run.append((time.perf_counter() - t) * 1000 / max(kept, 1))
        kept_share.append(kept / n)
    return (f"fill-in 15x15, 20 words: {statistics.median(per_run):8.1f} ms per kept board "
            f"({statistics.median(kept_share):.0%} of candidates kept)")


def bench_cryptogram(runs: int, n: int) -> str:
    ms = [timed(lambda s: encipher(TEXT, "en", s + 1000 * r), n * 20)[0] for r in range(runs)]
    return f"cryptogram, {sum(c.isalpha() for c in TEXT)} letters: " \
           f"{statistics.median(ms):8.3f} ms per cryptogram"


def bench_scramble(runs: int, n: int) -> str:
    dictionary, warning = dictionary_for("en", data_dir("wordlists"))
    name = f"{len(dictionary) // 1000}k-word fill list"
    if warning:
        dictionary, name = fake_dictionary(20000, random.Random(1)), "20k random strings"
    ms = [timed(lambda s: scramble_all(WORDS20, dictionary, random.Random(s + 1000 * r)), n)[0]
          for r in range(runs)]
    return f"scramble, 20 words, {name}: {statistics.median(ms):8.2f} ms per puzzle"


def tree_measures(cells: set, adj: dict) -> tuple[float, float]:
    """(dead-end share, longest path share) of a tree given as cells and adjacency (the
    same measures for ours and mazelib's, with the maze kind's own distance walk)."""
    dead = sum(1 for c in cells if len(adj[c]) == 1) / len(cells)

    def far(start):
        dist = distances(adj, start)
        end = max(dist, key=dist.get)
        return end, dist[end]
    a, _ = far(next(iter(cells)))
    _, length = far(a)
    return dead, (length + 1) / len(cells)


def ours_tree(maze) -> tuple[set, dict]:
    adj: dict = {x: [] for x in maze.cells()}
    for a, b in maze.passages:
        adj[a].append(b)
        adj[b].append(a)
    return set(adj), adj


def mazelib_tree(grid) -> tuple[set, dict]:
    """mazelib's grid (1 = wall, odd coordinates = cells) as cells and passages."""
    h, w = grid.shape
    cells = {(r, c) for r in range(1, h, 2) for c in range(1, w, 2)}
    adj: dict = {x: [] for x in cells}
    for r, c in cells:
        for dr, dc in ((0, 1), (1, 0)):
            if (r + 2 * dr, c + 2 * dc) in cells and grid[r + dr, c + dc] == 0:
                adj[(r, c)].append((r + 2 * dr, c + 2 * dc))
                adj[(r + 2 * dr, c + 2 * dc)].append((r, c))
    return cells, adj


def bench_mazes(runs: int, n: int, use_mazelib: bool) -> list[str]:
    lines = []
    for alg in ("backtracker", "wilson"):
        ms, mazes = [], []
        for r in range(runs):
            t, out = timed(lambda s: make_maze(30, 30, s + 1000 * r, alg), n)
            ms.append(t)
            mazes += out
        stats = [tree_measures(*ours_tree(m)) for m in mazes]
        sol = statistics.median(measure(m).solution_share for m in mazes)
        lines.append(f"maze 30x30 ours/{alg:11}: {statistics.median(ms):8.1f} ms per maze, "
                     f"dead ends {statistics.median(s[0] for s in stats):.0%}, longest path "
                     f"{statistics.median(s[1] for s in stats):.0%} of cells, our solution "
                     f"{sol:.0%}")
    if not use_mazelib:
        return lines + ["mazelib: skipped"]
    try:
        from mazelib import Maze as LibMaze
        from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator
        from mazelib.generate.Wilsons import Wilsons
    except ImportError as exc:
        return lines + [f"mazelib: not installed ({exc}); pip install mazelib"]
    for name, gen in (("BacktrackingGenerator", BacktrackingGenerator), ("Wilsons", Wilsons)):
        ms, stats = [], []
        for r in range(runs):
            grids = []

            def one(s):
                m = LibMaze(s + 1000 * r)          # mazelib seeds random and numpy itself
                m.generator = gen(30, 30)
                m.generate()
                grids.append(m.grid)
            ms.append(timed(one, n)[0])
            stats += [tree_measures(*mazelib_tree(g)) for g in grids]
        lines.append(f"maze 30x30 mazelib/{name:21}: {statistics.median(ms):8.1f} ms per maze, "
                     f"dead ends {statistics.median(s[0] for s in stats):.0%}, longest path "
                     f"{statistics.median(s[1] for s in stats):.0%} of cells")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--n", type=int, default=20, help="seeds per run")
    ap.add_argument("--no-mazelib", action="store_true")
    args = ap.parse_args()
    print(bench_fillin(args.runs, args.n))
    print(bench_cryptogram(args.runs, args.n))
    print(bench_scramble(args.runs, args.n))
    for line in bench_mazes(args.runs, args.n, not args.no_mazelib):
        print(line)


if __name__ == "__main__":
    main()
