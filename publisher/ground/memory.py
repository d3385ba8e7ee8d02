"""Handing freed memory back to the system between the stages of a build."""
from __future__ import annotations

import ctypes
from functools import cache
from typing import Any


@cache
def _libc() -> Any:
    """The C library this process runs on (not found by ctypes.util.find_library: it
    forks a helper program, and a fork of a large process counts as large)."""
    try:
        libc = ctypes.CDLL(None)            # the symbols already loaded: the C library's
        return libc if hasattr(libc, "malloc_trim") else None
    except (OSError, TypeError):
        return None


def release_freed_memory() -> None:
    """Give the C heap's free pages back (glibc's malloc_trim; elsewhere nothing). Drawing
    a book frees most of what it allocated, but the heap keeps it: 14 MiB of a 510-page
    book's main process, which the print check's forked helper would also map."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
