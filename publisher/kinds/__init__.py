"""The registry of puzzle kinds, found by the package: every subpackage of
`publisher.kinds` is a kind and defines `KIND`; other distributions add kinds through
the entry-point group `publisher.kinds` (`name = "their_package:KIND"`). A kind that
is missing its KIND, fails to import or clashes with another is a loud error.

A built-in kind is imported when first asked for (`get_kind`, `find_kind`): its name is
its subpackage's name, so a book of word searches never imports the Sudoku code, and
entry points are read only for a name that is not built in or when listing (`all_kinds`)."""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from ..ground.catalogue import add_kind_strings
from .base import Kind

AnyKind = Kind[Any, Any, Any]
ENTRY_POINT_GROUP = "publisher.kinds"


class KindError(Exception):
    """A kind package that cannot be used: a bug in the installation, not in a spec."""


def _check(kind: object, where: str) -> AnyKind:
    if not isinstance(kind, Kind):
        raise KindError(f"{where}: KIND must be an instance of a publisher.kinds.base.Kind "
                        f"subclass, not {type(kind).__name__}")
    for attribute in ("name", "section_model", "params_model"):
        if not hasattr(kind, attribute):
            raise KindError(f"{where}: the kind does not set `{attribute}`")
    return kind


def _own_names() -> list[str]:
    """The subpackages of this package, each a kind (base.py and other modules are not)."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)


@cache
def _built_in() -> frozenset[str]:
    return frozenset(_own_names())


@cache
def _own_kind(package: str) -> AnyKind:
    module_name = f"{__name__}.{package}"
    module = importlib.import_module(module_name)   # an import error is raised as is
    if not hasattr(module, "KIND"):
        raise KindError(f"{module_name} is a kind package but defines no KIND; "
                        "add `KIND = YourKind()` to its __init__.py")
    return _check(module.KIND, module_name)


def _own_kinds() -> dict[str, AnyKind]:
    kinds: dict[str, AnyKind] = {}
    for package in _own_names():
        kind = _own_kind(package)
        kinds[kind.name] = kind
    return kinds


def _installed_kinds(known: dict[str, AnyKind]) -> dict[str, AnyKind]:
    kinds: dict[str, AnyKind] = {}
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            kind = _check(point.load(), f"entry point {point.name} = {point.value}")
        except KindError:
            raise
        except Exception as exc:
            raise KindError(f"the kind installed as {point.value!r} cannot be loaded: "
                            f"{type(exc).__name__}: {exc}") from exc
        if kind.name in known or kind.name in kinds:
            raise KindError(f"two kinds are called {kind.name!r} (one is {point.value!r}); "
                            "uninstall one")
        strings = getattr(kind, "strings_dir", None)
        if strings is not None:
            add_kind_strings(kind.name, Path(strings))
        kinds[kind.name] = kind
    return kinds


@cache
def all_kinds() -> dict[str, AnyKind]:
    """Every registered kind by its spec name: this package's, then installed ones."""
    own = _own_kinds()
    return own | _installed_kinds(own)


@cache
def _installed_names() -> frozenset[str]:
    """The names installed kinds register under, read without importing them."""
    return frozenset(point.name for point in entry_points(group=ENTRY_POINT_GROUP))


def find_kind(name: object) -> AnyKind | None:
    """The kind called `name`, or None; a built-in kind is imported alone unless an
    installed kind registers the same name (then the full registry reports the clash)."""
    if not isinstance(name, str):
        return None
    if name in _built_in() and name not in _installed_names():
        kind = _own_kind(name)
        if kind.name == name:
            return kind
    return all_kinds().get(name)


def get_kind(name: str) -> AnyKind:
    kind = find_kind(name)
    if kind is None:
        raise KeyError(name)
    return kind
