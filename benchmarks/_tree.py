"""`--tree PATH`: run a benchmark against the code of another checkout (for
before/after figures from one command, e.g. a `git worktree` of an older
commit). Must run before anything from `publisher` is imported."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def use_tree(argv: list[str]) -> Path:
    """Put the tree named by --tree (default: this checkout) first on sys.path."""
    tree = ROOT
    for k, arg in enumerate(argv):
        if arg == "--tree" and k + 1 < len(argv):
            tree = Path(argv[k + 1]).resolve()
        elif arg.startswith("--tree="):
            tree = Path(arg.split("=", 1)[1]).resolve()
    sys.path.insert(0, str(tree))
    return tree
