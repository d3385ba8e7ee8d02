"""Word ladders over the common words of a language: the graph joins words of one length
that differ in one letter; par is the shortest path (BFS); the key is one shortest ladder,
its rungs the best-known words. With clues every rung is a word of the clue database, and
the ladder is kept only when it is the one ladder whose rungs answer the printed clues."""
from __future__ import annotations

import random
import unicodedata
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...words import (bundled_themes, grid_form, not_common_words, read_fill_list,
                       read_list_file, read_yaml_list, spelled_out_words)

COMMON_SCORE = 80        # fill-list score a rung needs (0-100; 80 keeps the best-known fifth)
# Three-letter words: abbreviations and fragments score high (es SEO, ABC, NUM): these need more.
SHORT, SHORT_SCORE = 3, 90


def common_score(length: int) -> int:
    """The fill-list score a rung of `length` letters needs."""
    return SHORT_SCORE if length <= SHORT else COMMON_SCORE
WELL_KNOWN = 90          # the first and last word: the words a reader sees first
START_TRIES = 60         # starting words tried before a candidate gives up
ENOUGH_STARTS = 40       # fewer curated words than this: any well-known word may start
CURATED_BONUS = 15       # a word of the hand-written lists ranks above a better-scored one


class LadderError(ValueError):
    """No ladder of the asked shape could be found (names what to change)."""


@dataclass(frozen=True)
class Ladder:
    words: tuple[str, ...]           # start .. end, one shortest ladder
    clues: tuple[str, ...] | None    # one per rung between start and end


@lru_cache(maxsize=8)
def blocked_forms(blocklists: tuple[str, ...], language: str) -> frozenset[str]:
    forms = set()
    for path in blocklists:
        if Path(path).is_file():
            for text, _, _ in read_list_file(Path(path)):
                for policy in ("strip", "keep"):
                    form = grid_form(text, language, policy)   # type: ignore[arg-type]
                    if len(form) >= 3:
                        forms.add(form)
    return frozenset(forms)


def is_blocked(word: str, blocked: frozenset[str]) -> bool:
    """A blocklisted word, or one of its inflections (the word and up to two letters
    more: TWAT, TWATS)."""
    return any(word[:k] in blocked for k in range(max(3, len(word) - 2), len(word) + 1))


@lru_cache(maxsize=16)
def common_words(fill: str, length: int, language: str,
                 blocklists: tuple[str, ...]) -> dict[str, int]:
    """{WORD: score} of `length` letters scoring `common_score` or more, none blocklisted,
    none a name or foreign word (words.not_common_words) and none written otherwise than
    the rung shows it (words.spelled_out_words: German FUER is für)."""
    blocked = blocked_forms(blocklists, language)
    barred = not_common_words(language) | spelled_out_words(language)
    least = common_score(length)
    return {w: s for w, s in _fill(fill).items() if len(w) == length and s >= least
            and w not in barred and not is_blocked(w, blocked)}


@lru_cache(maxsize=4)
def _fill(path: str) -> dict[str, int]:
    return read_fill_list(Path(path))


@lru_cache(maxsize=8)
def clue_database(path: str, language: str) -> dict[str, tuple[str, ...]]:
    """{WORD: its clues} from a clue database (`word: clue` or `word: [clue, ...]`)."""
    out: dict[str, tuple[str, ...]] = {}
    for text, clue, _ in read_yaml_list(Path(path)):
        if clue is None:
            continue
        clues = tuple(getattr(clue, "choices", ())) or (str(clue),)
        out.setdefault(grid_form(text, language), clues)
    return out


def neighbours(words: dict[str, int] | set[str]) -> dict[str, list[str]]:
    """Each word's one-letter neighbours among `words`, sorted (deterministic)."""
    buckets: dict[tuple[int, str], list[str]] = defaultdict(list)
    for w in sorted(words):
        for i in range(len(w)):
            buckets[(i, w[:i] + w[i + 1:])].append(w)
    out: dict[str, list[str]] = {w: [] for w in words}
    for (i, _), group in buckets.items():
        for w in group:     # a step changes the letter, not only its accent (Е, Ё)
            out[w].extend(v for v in group if _base(v[i]) != _base(w[i]))
    return {w: sorted(v) for w, v in out.items()}


def _base(letter: str) -> str:
    return unicodedata.normalize("NFD", letter)[0]


def distances(graph: dict[str, list[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        w = queue.popleft()
        for v in graph[w]:
            if v not in dist:
                dist[v] = dist[w] + 1
                queue.append(v)
    return dist


def best_ladder(graph: dict[str, list[str]], scores: dict[str, int], start: str, end: str,
                steps: int, rung_ok) -> tuple[str, ...] | None:
    """The shortest ladder start..end whose rungs pass `rung_ok`, best-known rungs first
    (the widest path: highest lowest score, then highest total), or None."""
    from_start, from_end = distances(graph, start), distances(graph, end)
    # layer k: words k steps from start on some shortest path
    layers = [[w for w in sorted(from_start) if from_start[w] == k
               and from_end.get(w, -1) == steps - k and (k in (0, steps) or rung_ok(w))]
              for k in range(steps + 1)]
    best: dict[str, tuple[tuple[int, int], tuple[str, ...]]] = {start: ((200, 0), (start,))}
    for k in range(1, steps + 1):
        layer: dict[str, tuple[tuple[int, int], tuple[str, ...]]] = {}
        for w in layers[k]:
            options = [best[v] for v in graph[w] if v in best and from_start[v] == k - 1]
            if not options:
                continue
            (low, total), path = max(options)
            s = scores[w] if k < steps else 200
            layer[w] = ((min(low, s), total + s), path + (w,))
        best = layer
    return best[end][1] if end in best else None


def ladders_fitting(start: str, end: str, candidates: list[list[str]]) -> int:
    """How many ladders start -> c1 -> ... -> end take every rung from its candidates
    (the words that answer that rung's clue), each step one letter; counted up to 2."""
    def one_apart(a: str, b: str) -> bool:
        return len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1
    ways = {start: 1}
    for layer in candidates + [[end]]:
        ways = {w: min(2, sum(n for v, n in ways.items() if one_apart(v, w))) for w in layer}
        ways = {w: n for w, n in ways.items() if n}
    return ways.get(end, 0)


@lru_cache(maxsize=4)
def curated_words(folder: str, language: str) -> frozenset[str]:
    """The words of the language's hand-written lists (clue databases, themes but those
    about places, whose entries are names): the first choice for the first and last word
    and for the key's rungs."""
    root = Path(folder)
    paths = sorted(root.glob("*clues.yaml"))
    paths += [t.path for t in bundled_themes(root.parent, language) if "places" not in t.tags]
    out: set[str] = set()
    for path in paths:
        if path.is_file():
            out.update(grid_form(text, language) for text, _, _ in read_list_file(path))
    return frozenset(out)


def make_ladder(fill: str, blocklists: tuple[str, ...], language: str, length: int,
                steps: int, clue_file: str | None, rng: random.Random,
                usable: Callable[[str], bool] = lambda word: True) -> Ladder:
    """One ladder of `steps` steps (par) between two well-known words of `length` letters,
    every rung `usable`; with `clue_file`, every rung clued and the clues fitting this
    ladder alone."""
    curated = curated_words(str(Path(fill).parent), language)
    scores = {w: s + (CURATED_BONUS if w in curated else 0)
              for w, s in common_words(fill, length, language, blocklists).items()
              if usable(w)}
    graph = {w: [v for v in near if v in scores]
             for w, near in _graph(fill, length, language, blocklists).items() if w in scores}
    clued = clue_database(clue_file, language) if clue_file else None
    by_clue: dict[str, list[str]] = defaultdict(list)
    for word, clues in (clued or {}).items():
        for clue in clues:
            by_clue[clue].append(word)
    known = sorted(w for w, s in scores.items() if s >= WELL_KNOWN and graph[w])
    starts = [w for w in known if w in curated]
    if len(starts) < ENOUGH_STARTS:
        starts = known
    if not starts:
        raise LadderError(f"no well-known {length}-letter word has a neighbour")
    well_known = set(starts)
    rung_ok = (lambda w: w in clued) if clued is not None else (lambda w: True)
    for _ in range(START_TRIES):
        start = rng.choice(starts)
        dist = distances(graph, start)
        if clued is not None:     # only ends reached as fast through clued rungs
            through = distances({w: [v for v in graph[w] if v in clued] if w == start or
                                 w in clued else [] for w in graph}, start)
            dist = {w: d for w, d in dist.items() if through.get(w, -1) == d}
        ends = [w for w in sorted(dist) if dist[w] == steps and w in well_known]
        rng.shuffle(ends)
        for end in ends[:6]:
            words = best_ladder(graph, scores, start, end, steps, rung_ok)
            if words is None:
                continue
            if clued is None:
                return Ladder(words, None)
            clues = tuple(rng.choice(clued[w]) for w in words[1:-1])
            if any(_gives_away(c, words) for c in clues):
                continue
            fitting = [sorted(v for v in by_clue[c] if len(v) == length) for c in clues]
            if ladders_fitting(start, end, fitting) == 1:
                return Ladder(words, clues)
    raise LadderError(f"no {steps}-step ladder of {length}-letter words found"
                      + (" with every rung clued" if clued is not None else ""))


def _gives_away(clue: str, words: tuple[str, ...]) -> bool:
    """A clue naming a word of the ladder (GLIDE clued "Slide" above SLIDE)."""
    said = "".join(ch if ch.isalpha() else " " for ch in clue.upper()).split()
    return any(w in said for w in words)


@lru_cache(maxsize=16)
def _graph(fill: str, length: int, language: str,
           blocklists: tuple[str, ...]) -> dict[str, list[str]]:
    return neighbours(set(common_words(fill, length, language, blocklists)))
