"""The write phase as one transaction: a build's whole output (PDF, manifest, answer
sheet, side files) appears at once or not at all.

1. Every file is written into a hidden staging folder next to the target,
   `.<name>.staging-<pid>/new/` (an error or a signal here leaves the target untouched).
2. A journal listing the new files and the old ones they replace is written.
3. With SIGINT held back, the old files (those an earlier manifest of the same name
   lists) move into `staging/old/`, then the new files move into place: renames only,
   so a full disk cannot strike half-way. An error rolls back.
4. The staging folder is removed, taking the stale files of a bigger earlier build.

A kill -9 in step 3 leaves the journal: the next build (or `recover`) rolls back, so
the previous output comes back complete. Only files an earlier manifest listed are
ever moved away; a file in the way that no manifest lists (the spec itself, a word
list, the user's own file) stops the build with an error."""
from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Iterator, Mapping

from ..errors import PublisherError

STAGING = ".{name}.staging-"
JOURNAL = "journal.json"
MANIFEST_FORMAT = "puzzle-book/1"
WEB = "web"              # the web edition's folder inside <name>/
# Tests only: seconds to sleep before each file written and each rename, so that a
# signal can be sent "in the middle" of the write phase.
DELAY_ENV = "PUBLISHER_TEST_WRITE_DELAY"


class InterruptedAfterCommit(KeyboardInterrupt):
    """Ctrl-C arrived while the new output was being swapped in: the swap finished
    first (it takes milliseconds), so the output is the new build, complete."""


def publish(out_dir: Path, name: str, files: Mapping[str, bytes],
            protected: tuple[Path, ...] = ()) -> list[Path]:
    """Write `files` (relative POSIX path -> bytes; `<name>.json` is the manifest)
    into `out_dir` as one transaction; return the paths written, in `files` order.

    `protected`: inputs of the build (spec, word lists, layout) that must never be
    replaced or removed, whatever an earlier manifest says."""
    out_dir = Path(out_dir)
    for rel in files:
        _check_relative(rel, name)
    # the folders this build creates, innermost first: a failed build removes them again
    created = [folder for folder in (out_dir, *out_dir.parents) if not folder.exists()]
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _write_error(exc, out_dir, out_dir) from None
    recover(out_dir, name)
    old = _replaced_files(out_dir, name, files, protected)
    staging = out_dir / f"{STAGING.format(name=name)}{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    # Ctrl-C is held back for the whole write phase and acted on between files, so
    # that it never lands between two steps and leaves a staging folder behind.
    with _sigint_held() as interrupted:
        try:
            _stage(staging / "new", files, interrupted)
            _write_json(staging / JOURNAL, {"new": list(files), "old": old})
        except BaseException as exc:
            shutil.rmtree(staging, ignore_errors=True)
            for folder in created:
                _remove_empty(folder)
            if isinstance(exc, OSError):
                raise _write_error(exc, out_dir, staging) from None
            raise
        _swap(out_dir, staging, list(files), old)
        shutil.rmtree(staging, ignore_errors=True)
        _remove_empty(out_dir / name / WEB)
        _remove_empty(out_dir / name)
    if interrupted:
        raise InterruptedAfterCommit()
    return [out_dir / rel for rel in files]


def preflight(out_dir: Path, name: str, protected: tuple[Path, ...] = ()) -> None:
    """Refuse early (before any work) when the output would replace a file no earlier
    build wrote, such as a spec named `<name>.json` built into its own folder."""
    out_dir = Path(out_dir)
    if out_dir.is_dir():
        _replaced_files(out_dir, name, {f"{name}.json": b"", f"{name}.pdf": b""}, protected)


def recover(out_dir: Path, name: str) -> None:
    """Clean what a crashed build of `name` left in `out_dir`: roll back a swap cut
    short (the journal says what moved), remove staging folders and stray temp files.
    A staging folder of a build still running (its process is alive) is left alone."""
    prefix = STAGING.format(name=name)
    try:
        entries = list(out_dir.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(prefix) and entry.is_dir() and not entry.is_symlink():
            pid = entry.name[len(prefix):]
            if pid.isdigit() and int(pid) != os.getpid() and _alive(int(pid)):
                continue
            journal = _read_json(entry / JOURNAL)
            if isinstance(journal, dict):
                _roll_back(out_dir, entry, journal.get("new", []), journal.get("old", []))
            shutil.rmtree(entry, ignore_errors=True)
        elif entry.name.startswith((f".{name}.", f".{name}-")) and entry.name.endswith(".tmp"):
            entry.unlink(missing_ok=True)        # left by the older file-by-file writer
    _remove_empty(out_dir / name / WEB)
    _remove_empty(out_dir / name)


# --- what the new build replaces ------------------------------------------------------

def _check_relative(rel: str, name: str) -> None:
    """An output path is `<name>.<ext>`, `<name>-answers.pdf`, `<name>/<file>` or
    `<name>/web/<file>`."""
    parts = PurePosixPath(rel).parts
    ok = (len(parts) == 1 and parts[0].startswith((f"{name}.", f"{name}-"))) or \
         (len(parts) == 2 and parts[0] == name) or \
         (len(parts) == 3 and parts[:2] == (name, WEB))       # the web edition's pages
    if not ok or any(p in ("", ".", "..") for p in parts) or PurePosixPath(rel).is_absolute():
        raise ValueError(f"not an output path of book {name!r}: {rel!r}")


def _listed_by_manifest(out_dir: Path, name: str) -> set[str] | None:
    """The files the earlier manifest `<name>.json` lists (itself included), or None
    when there is no such file. Error when it is there but is not one of ours."""
    path = out_dir / f"{name}.json"
    if not path.exists() and not path.is_symlink():
        return None
    manifest = _read_json(path) if path.is_file() and not path.is_symlink() else None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        raise PublisherError(
            f"{path} is in the way: the book's manifest would replace it, but it is not a "
            "manifest an earlier build wrote (the spec itself?); build into another folder "
            "with --out, or rename the spec")
    listed = {f"{name}.json"}
    for key, value in manifest.items():          # pdf, answer_pdf, cover_pdf, web...
        if (key in ("pdf", "web") or key.endswith("_pdf")) and isinstance(value, str):
            listed.add(value)
    for puzzle in manifest.get("puzzles") or []:
        if isinstance(puzzle, dict) and isinstance(puzzle.get("files"), list):
            listed.update(f for f in puzzle["files"] if isinstance(f, str))
    safe = set()
    for rel in listed:
        try:
            _check_relative(rel, name)
        except ValueError:
            continue                     # never touch a path outside the book's own names
        safe.add(rel)
    return safe


def _replaced_files(out_dir: Path, name: str, files: Mapping[str, bytes],
                    protected: tuple[Path, ...]) -> list[str]:
    """The earlier output to move away: what its manifest lists and is still there.
    Error if a new file would replace something no manifest lists."""
    listed = _listed_by_manifest(out_dir, name) or set()
    side = out_dir / name
    if side.is_symlink() or (side.exists() and not side.is_dir()):
        raise PublisherError(f"{side} is in the way: the book's side files go into a folder "
                             "of that name; move it or build into another folder with --out")
    guarded = {_resolved(p) for p in protected}
    old = []
    for rel in sorted(listed | set(files)):
        path = out_dir / rel
        if not path.exists() and not path.is_symlink():
            continue
        if _resolved(path) in guarded or (path.is_dir() and not path.is_symlink()):
            raise PublisherError(f"{path} is in the way: it is an input of this build "
                                 "(or a folder); build into another folder with --out")
        if rel not in listed:
            raise PublisherError(
                f"{path} is in the way: this build would replace it, but no earlier "
                f"manifest ({name}.json) lists it; move it or build into another folder "
                "with --out")
        old.append(rel)
    return old


def _resolved(path: Path) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(os.path.abspath(path))


# --- staging, swapping, rolling back --------------------------------------------------

def _stage(new_dir: Path, files: Mapping[str, bytes], interrupted: list[int]) -> None:
    delay = float(os.environ.get(DELAY_ENV) or 0)
    for rel, data in files.items():
        _pause(delay)
        if interrupted:
            raise KeyboardInterrupt()
        path = new_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_file(path, data)
    _fsync_dir(new_dir)


def _write_file(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)   # umask applies
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    except OSError as exc:
        exc.filename = exc.filename or str(path)
        raise
    finally:
        os.close(fd)


def _swap(out_dir: Path, staging: Path, new: list[str], old: list[str]) -> None:
    """Move old out, new in; on an error, move them back."""
    delay = float(os.environ.get(DELAY_ENV) or 0)
    try:
        for rel in old:
            _pause(delay)
            target = staging / "old" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            os.rename(out_dir / rel, target)
        for rel in new:
            _pause(delay)
            target = out_dir / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            os.rename(staging / "new" / rel, target)
        _fsync_dir(out_dir)
    except OSError as exc:
        _roll_back(out_dir, staging, new, old)      # if this fails, `recover` will
        shutil.rmtree(staging, ignore_errors=True)
        book = out_dir / staging.name.split(".staging-")[0][1:]
        _remove_empty(book / WEB)
        _remove_empty(book)
        raise _write_error(exc, out_dir, staging) from None


def _pause(delay: float) -> None:
    if delay:
        time.sleep(delay)


def _roll_back(out_dir: Path, staging: Path, new: list[str], old: list[str]) -> None:
    """Undo a swap cut short: new files that reached the target go, old ones return."""
    for rel in new:
        if isinstance(rel, str) and not (staging / "new" / rel).exists():
            _check_relative_or_skip(rel)
            (out_dir / rel).unlink(missing_ok=True)
    for rel in old:
        if isinstance(rel, str) and (staging / "old" / rel).exists():
            target = out_dir / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            os.rename(staging / "old" / rel, target)


def _check_relative_or_skip(rel: str) -> None:
    if ".." in PurePosixPath(rel).parts or PurePosixPath(rel).is_absolute():
        raise PublisherError(f"a staging journal names {rel!r}; remove the staging folder")


@contextmanager
def _sigint_held() -> Iterator[list[int]]:
    """Within the block Ctrl-C is recorded, not raised (main thread only)."""
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)


def _remove_empty(folder: Path) -> None:
    try:
        folder.rmdir()                  # only succeeds when empty
    except OSError:
        pass


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _read_json(path: Path) -> object:
    try:
        if path.stat().st_size > 64 * 1024 * 1024:
            return None
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _write_json(path: Path, data: object) -> None:
    _write_file(path, json.dumps(data).encode("utf-8"))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _write_error(exc: OSError, out_dir: Path, staging: Path) -> PublisherError:
    """One clear message naming the file and the folder; the old output is unchanged."""
    file = exc.filename or staging
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        what, advice = "the disk is full", "free some space and build again"
    else:
        what, advice = exc.strerror or str(exc), "check that --out names a folder you can write to"
    return PublisherError(f"cannot write {file} ({what}) while writing the book into "
                          f"{out_dir}; nothing there was changed; {advice}")
