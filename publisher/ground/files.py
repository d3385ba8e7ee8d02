"""Reading input files safely: only regular files (a FIFO or a device would block or
never end), at most a documented size, UTF-8 with a located error."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import SpecError

MAX_SPEC_BYTES = 2 * 1024 * 1024          # a spec; see docs/spec.md "Limits"
MAX_LIST_BYTES = 8 * 1024 * 1024          # a word list or layout file


def read_text(path: Path, max_bytes: int) -> str:
    """The UTF-8 text of the regular file `path` (a leading BOM dropped)."""
    file = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)   # a FIFO must not block the open
    except FileNotFoundError:
        raise SpecError("no such file; check the path", file=file) from None
    except OSError as exc:
        raise SpecError(f"cannot be read ({exc.strerror})", file=file) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise SpecError(f"is {what}; give a text file", file=file)
        if info.st_size > max_bytes:
            raise SpecError(f"is {info.st_size:,} bytes, more than the {max_bytes:,} an input "
                            "file may have (docs/spec.md, Limits)", file=file)
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(max_bytes + 1)
    except OSError as exc:
        raise SpecError(f"cannot be read ({exc.strerror})", file=file) from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise SpecError(f"is more than the {max_bytes:,} bytes an input file may have "
                        "(docs/spec.md, Limits)", file=file)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SpecError(f"is not UTF-8 text (byte 0x{data[exc.start]:02x} at column "
                        f"{column}); save it as UTF-8", file=file, line=line) from None


def inside(base: Path, ref: str) -> bool:
    """Whether `ref`, relative to the folder `base`, stays inside it once links are
    followed (`../x`, an absolute path, or a link out of the folder do not)."""
    if Path(ref).is_absolute():
        return False
    try:
        root = Path(base).resolve()
        return (root / ref).resolve().is_relative_to(root)
    except (OSError, RuntimeError):      # a link loop
        return False


def excerpt(text: str, limit: int = 40) -> str:
    """`text` quoted for an error message, cut to `limit` characters."""
    text = str(text)
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text):,} characters)"
