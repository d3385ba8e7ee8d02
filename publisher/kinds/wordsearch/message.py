"""Placing words so that exactly as many cells stay free as a hidden message has
letters. Free cells = shape cells - word letters + shared (crossing) cells, so the
placement is steered to the number of crossings that leaves the message's room."""
from __future__ import annotations

import random
from typing import Sequence

from .generator import Grid, fitting_positions, place_words

WANDER = 0.15          # share of moves taken at random, so the search does not stall


def place_for_message(answers: list[str], rows: int, cols: int, directions: list[int],
                      rng: random.Random, effort: int, mask: Sequence[str],
                      free_target: int, banned: Sequence[str] = (), steps: int = 300
                      ) -> Grid | None:
    """A grid with every word placed and exactly `free_target` free cells, or None
    when `steps` moves (re-placing one word at a time) do not find one."""
    grid = place_words(answers, rows, cols, directions, rng, effort, mask, banned)
    if len(grid.placed) < len(answers):
        return None
    for _ in range(steps):
        free = grid.cells.count(None)
        if free == free_target:
            return grid
        word = rng.choice(sorted(grid.placed))
        before = grid.placed[word]
        grid.remove(word)
        options = fitting_positions(grid, word, directions)
        if not options:
            grid.put(word, *before)
            continue
        # Re-placed with `shared` crossings, the word leaves base - (len - shared) free.
        base = grid.cells.count(None)
        wanted = len(answers[word]) - (base - free_target)
        if rng.random() < WANDER:
            _, start, d = rng.choice(options)
        else:
            _, _, start, d = min((abs(shared - wanted), rng.random(), start, d)
                                 for shared, start, d in options)
        grid.put(word, start, d)
    return grid if grid.cells.count(None) == free_target else None
