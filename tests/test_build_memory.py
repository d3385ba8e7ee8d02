"""What keeps a build's memory down (issue 16: the 480-puzzle book under 300 MB): no
reference cycles left by generating (the collector runs rarely during builds), the
manifest written a puzzle at a time with the same text."""
import gc
import json
import types
from pathlib import Path

import pytest

from publisher.export.manifest import dumps
from publisher.kinds import get_kind


def test_queens_regions_generation_leaves_no_garbage_cycles():
    """Its solver's searches were recursive closures referring to themselves: thousands
    of cycles per puzzle (about 12 MiB per worker on a 120-puzzle book). Only our own
    objects are counted: threads another test left (Dask's) make garbage of their own."""
    kind = get_kind("queens")
    parsed = kind.params_model.model_validate({"variant": "regions", "size": 8,
                                               "difficulty": "medium"})
    kind.generate(parsed, 1)            # caches filled once
    gc.collect()
    paused = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)      # what the collector finds stays in gc.garbage
    try:
        for seed in range(2, 6):
            kind.generate(parsed, seed)
        gc.collect()
        ours = [thing for thing in gc.garbage if _ours(thing)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if paused:
            gc.enable()
    assert ours == []


def _ours(thing: object) -> bool:
    """A function, method or frame of the publisher package."""
    if isinstance(thing, types.FrameType):
        thing = thing.f_code
    if isinstance(thing, types.CodeType):
        return "publisher" in Path(thing.co_filename).parts
    if isinstance(thing, (types.FunctionType, types.MethodType)):
        return (getattr(thing, "__module__", None) or "").startswith("publisher")
    return False


@pytest.mark.parametrize("manifest", [
    {},
    {"format": "puzzle-book/1", "puzzles": []},
    {"format": "puzzle-book/1", "title": "Ñandú \"dos\"\n", "seed": 7, "subtitle": None,
     "puzzles": [{"id": "a", "score": 1.5, "grid": [["Ё", None], []], "entries": {},
                  "words": [{"text": "Ice\tcream", "start": [0, 1]}], "ok": True},
                 {}, {"list": [[1, [2, {}]]]}],
     "cover_pdf": "book-cover.pdf"},
    {"puzzles": {"not": ["a list"]}},
])
def test_the_manifest_reads_as_json_dumps_writes_it(manifest):
    assert dumps(manifest) == json.dumps(manifest, ensure_ascii=False, indent=1) + "\n"
