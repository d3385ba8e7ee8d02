"""The registry of puzzle kinds. Each module defines `KIND`, an instance of a
`publisher.kinds.base.Kind` subclass. Adding a kind = one module + one line here."""
from __future__ import annotations

import importlib
from functools import cache

from .base import Kind

KIND_MODULES = {
    "wordsearch": "publisher.kinds.wordsearch",
    "crossword": "publisher.kinds.crossword",
    "numberlink": "publisher.kinds.numberlink",
    "queens": "publisher.kinds.queens",
}


@cache
def all_kinds() -> dict[str, Kind]:
    kinds = {}
    for name, module_name in KIND_MODULES.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:   # kind not written yet
                continue
            raise
        kinds[name] = module.KIND
    return kinds


def get_kind(name: str) -> Kind:
    return all_kinds()[name]
