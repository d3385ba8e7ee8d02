"""Where bundled word lists and layouts live: inside the installed package
(mapped there by pyproject.toml), or beside it in a source checkout."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    installed = _PACKAGE / name
    return installed if installed.is_dir() else _PACKAGE.parent / name


def bundled_names(name: str, suffixes: tuple[str, ...]) -> list[str]:
    root = data_dir(name)
    return sorted(str(p.relative_to(root).with_suffix("")) for p in root.rglob("*")
                  if p.suffix in suffixes)
