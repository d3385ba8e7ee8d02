"""The house's rules, read from the code: imports only go down the floors, modules and
functions stay small, and nothing reaches the package that only tests need."""
import ast
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "publisher"
SHARED = ("base", "wordsection")         # modules of publisher/kinds that every kind may use
# Floors from the ground up; a module may import its own floor and the floors below.
FLOORS = [
    ["publisher.errors", "publisher.data", "publisher.ground"],
    ["publisher.words"],
    ["publisher.kinds.base", "publisher.kinds.wordsection"],   # what kinds share
    ["publisher.grids"],
    ["publisher.kinds.*"],                 # each kind package
    ["publisher.kinds"],                   # the registry
    ["publisher.spec"],
    ["publisher.plan", "publisher.printable"],
    ["publisher.batch", "publisher.chains"],
    ["publisher.render", "publisher.preflight"],
    ["publisher.export", "publisher.desk"],
    ["publisher.pipeline"],
    ["publisher.cli", "publisher.__main__"],
]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floor_of(name: str) -> int:
    if name == "publisher":
        return 0
    best = (-1, -1)          # (length of the matching prefix, floor)
    for floor, prefixes in enumerate(FLOORS):
        for prefix in prefixes:
            if prefix.endswith(".*"):
                base = prefix[:-2]
                if name.startswith(base + ".") and name.split(".")[2] not in SHARED:
                    length = len(base) + 2
                else:
                    continue
            elif name == prefix or name.startswith(prefix + "."):
                length = len(prefix)
            else:
                continue
            best = max(best, (length, floor))
    assert best[1] >= 0, f"{name} is on no floor: add it to FLOORS"
    return best[1]


def imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [f"{target}.{a.name}" for a in node.names]
            yield node.lineno, target, names
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, [alias.name]


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_never_reach_a_higher_floor(path):
    here = module_name(path)
    mine = floor_of(here)
    for line, target, names in imports(path):
        if not target.startswith("publisher"):
            continue
        # `from .kinds import base` names a module: judge the most specific name.
        candidates = [n for n in names if (ROOT / Path(*n.split("."))).with_suffix(".py").exists()
                      or (ROOT / Path(*n.split("."))).is_dir()] or [target]
        for name in candidates:
            theirs = floor_of(name)
            assert theirs <= mine, f"{here}:{line} imports {name} from a higher floor"
            # One kind never imports another kind's internals.
            if here.startswith("publisher.kinds.") and name.startswith("publisher.kinds."):
                mine_kind, their_kind = here.split(".")[2], name.split(".")[2]
                assert their_kind in (mine_kind, *SHARED), f"{here}:{line} imports {name}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_modules_and_functions_stay_small(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500, f"{path.name} is over 500 lines: split it"
    lines = text.splitlines()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1
            if length > 60:
                # A long function carries its reason in a comment just above its `def`
                # (or on it), e.g. "# long: the hot loop of the search ...".
                first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                above = lines[max(0, first - 4):first]
                assert any(line.strip().startswith("#") for line in above) or "#" in lines[
                    node.lineno - 1], (f"{path.name}:{node.lineno} {node.name} is {length} "
                                       "lines: split it or say why in a comment above it")
