"""The template kind: the minimum a kind writes (docs/developing-kinds.md).

"Mirror words": each word of the list is printed backwards and the reader writes it
the right way round. Trivial on purpose; every part of the contract is here."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from publisher.kinds.base import (Board, Box, DrawContext, ExampleWords, Kind, Params,
                                  PlanContext, PuzzleRequest)
from publisher.kinds.wordsection import WordSection, word_sets


class MirrorSection(WordSection):            # the spec keys, validated here only; a kind of
    kind: Literal["mirror"]                  # words takes the one grammar of word sections
    words_per_puzzle: int | None = Field(default=None, ge=1, le=30)   # (a tighter bound)


class MirrorParams(Params):                  # what generate() needs; crosses the pool
    words: tuple[str, ...] = ()


@dataclass
class MirrorBoard(Board):                    # plain, picklable data
    words: list[str] = field(default_factory=list)


class MirrorKind(Kind[MirrorSection, MirrorParams, MirrorBoard]):
    name = "mirror"
    section_model = MirrorSection
    params_model = MirrorParams
    example = {"words": ["lemon", "grape", "melon"]}
    strings_dir = Path(__file__).parent / "lang"     # this kind's catalogue block

    def plan(self, section: MirrorSection, ctx: PlanContext) -> list[PuzzleRequest[MirrorParams]]:
        return [PuzzleRequest(s.title, MirrorParams(words=tuple(w.answer for w in s.words)),
                              s.language) for s in word_sets(section, ctx)]

    def generate(self, params: MirrorParams, seed: int) -> MirrorBoard:
        words = list(params.words)
        random.Random(seed).shuffle(words)          # deterministic from the seed
        return MirrorBoard(score=float(len(words)), words=words)

    def draw_puzzle(self, canvas: Any, board: MirrorBoard, box: Box, ctx: DrawContext) -> None:
        _lines(canvas, [ctx.text.text("rule")] + [w[::-1] for w in board.words], box, ctx)

    def draw_solution(self, canvas: Any, board: MirrorBoard, box: Box, ctx: DrawContext) -> None:
        _lines(canvas, board.words, box, ctx)

    def example_params(self, params: MirrorParams, words: ExampleWords) -> MirrorParams | None:
        """The How to play example: the catalogue's words, less the book's (None: none left)."""
        example = tuple(w.answer for w in words.words("example_words"))
        return MirrorParams(words=example) if example else None

    def answers(self, board: MirrorBoard) -> list[str]:
        return list(board.words)           # what the example must not give away

    def manifest(self, board: MirrorBoard) -> dict[str, Any]:
        return {"words": list(board.words)}

    def from_manifest(self, entry: dict[str, Any]) -> MirrorBoard:
        return MirrorBoard(words=list(entry["words"]))

    def text_for_search(self, board: MirrorBoard) -> list[str]:
        return [w[::-1] for w in board.words]


def _lines(canvas: Any, lines: list[str], box: Box, ctx: DrawContext) -> None:
    """One line each, as many as the box holds: never outside it."""
    size = min(ctx.theme.font_size, box.height / 1.4)
    canvas.setFont(ctx.theme.font, size)
    for number, line in enumerate(lines[:int(box.height // (size * 1.4))], start=1):
        if canvas.stringWidth(line, ctx.theme.font, size) <= box.width:
            canvas.drawString(box.x, box.top - number * size * 1.4, line)


KIND = MirrorKind()
