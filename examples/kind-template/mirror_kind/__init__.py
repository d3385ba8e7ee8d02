"""The template kind: the minimum a kind writes (docs/developing-kinds.md).

"Mirror words": each word of the list is printed backwards and the reader writes it
the right way round. Trivial on purpose; every part of the contract is here."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from publisher.kinds.base import (Board, Box, DrawContext, Kind, Params, PlanContext,
                                  PuzzleRequest, SectionBase)


class MirrorSection(SectionBase):            # the spec keys, validated here only
    kind: Literal["mirror"]
    words: Any                               # a list, a file beside the spec, a bundled list
    count: int = Field(default=1, ge=1, le=100)
    words_per_puzzle: int = Field(default=8, ge=1, le=30)


class MirrorParams(Params):                  # what generate() needs; crosses the pool
    words: tuple[str, ...] = ()


@dataclass
class MirrorBoard(Board):                    # plain, picklable data
    words: list[str] = field(default_factory=list)


class MirrorKind(Kind[MirrorSection, MirrorParams, MirrorBoard]):
    name = "mirror"
    section_model = MirrorSection
    params_model = MirrorParams
    example = {"words": ["lemon", "grape", "melon"], "words_per_puzzle": 3}
    strings_dir = Path(__file__).parent / "lang"     # this kind's catalogue block

    def plan(self, section: MirrorSection, ctx: PlanContext) -> list[PuzzleRequest[MirrorParams]]:
        pool = ctx.words(section.words, "words", ctx.language)
        return [PuzzleRequest(title, MirrorParams(words=tuple(
                    w.answer for w in ctx.take_unused(pool, section.words_per_puzzle, "words"))),
                    ctx.language)
                for title in ctx.titles(section.title, section.count)]

    def generate(self, params: MirrorParams, seed: int) -> MirrorBoard:
        words = list(params.words)
        random.Random(seed).shuffle(words)          # deterministic from the seed
        return MirrorBoard(score=float(len(words)), words=words)

    def draw_puzzle(self, canvas: Any, board: MirrorBoard, box: Box, ctx: DrawContext) -> None:
        _lines(canvas, [ctx.text.text("rule")] + [w[::-1] for w in board.words], box, ctx)

    def draw_solution(self, canvas: Any, board: MirrorBoard, box: Box, ctx: DrawContext) -> None:
        _lines(canvas, board.words, box, ctx)

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
