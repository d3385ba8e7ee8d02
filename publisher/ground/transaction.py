"""The write phase as one transaction: a build's whole output (PDF, manifest, answer
sheet, side files) appears at once or not at all.

1. Every file is written into a hidden staging folder next to the target,
   `.<name>.staging-<pid>/new/` (an error or a signal here leaves the target untouched).
   The build holds a lock on `staging/lock` until it ends: the kernel drops it when
   the process dies, so a staging folder whose lock is free belongs to a dead build.
2. A journal listing the new files and the old ones they replace is written, whole or
   not at all (a temp file renamed): the commit point.
3. With SIGINT held back, the old files (those an earlier manifest of the same name
   lists) move into `staging/old/`, the manifest first; then the new files move into
   place, the manifest last: renames only, so a full disk cannot strike half-way. An
   error rolls back. So `<name>.json` present means a complete set, old or new.
4. The staging folder is removed, taking the stale files of a bigger earlier build.

A build killed (kill -9) before step 2 ends leaves the target untouched; one killed
after it has every new file staged, so recovery rolls forward: the new output, whole.
Every build recovers its folder first (`recover`); `make-book recover DIR` does only
that. Only files an earlier manifest listed are ever moved away; a file in the way
that no manifest lists (the spec itself, a word list, the user's own file) stops the
build with an error."""
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
from typing import Iterator, Literal, Mapping, NamedTuple

from ..errors import STOP_SIGNALS, Interrupted, PublisherError

try:
    import fcntl
except ImportError:                     # Windows: a staging folder's pid tells instead
    fcntl = None  # type: ignore[assignment]

STAGING = ".{name}.staging-"
JOURNAL = "journal.json"
LOCK = "lock"
MANIFEST_FORMAT = "puzzle-book/1"
WEB = "web"              # the web edition's folder inside <name>/
# Tests only: seconds to sleep before each step of the write phase (each file written,
# the journal, each rename), so that a signal can be sent "in the middle" of it; and
# the step (1, 2, ...) at which the process kills itself with SIGKILL.
DELAY_ENV = "PUBLISHER_TEST_WRITE_DELAY"
KILL_ENV = "PUBLISHER_TEST_KILL_AT"
_steps = [0]


class Recovery(NamedTuple):
    """What `recover` did with one staging folder: `outcome` is "forward" (the new
    output completed), "back" (the previous output restored), "unstarted" (killed
    before its journal: the output was untouched) or "running" (a live build's, left
    alone); `files`: how many files the output in place has (forward, back)."""
    name: str
    outcome: Literal["forward", "back", "unstarted", "running"]
    files: int


class InterruptedAfterCommit(Interrupted):
    """Ctrl-C (or SIGTERM, SIGHUP) arrived while the new output was being swapped in: the swap finished
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
    recover(out_dir)
    manifest = f"{name}.json"
    # the manifest moves out first and in last: present, it vouches for a whole set
    new = sorted(files, key=lambda rel: rel == manifest)
    old = sorted(_replaced_files(out_dir, name, files, protected),
                 key=lambda rel: rel != manifest)
    staging = out_dir / f"{STAGING.format(name=name)}{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    lock: int | None = None
    # Ctrl-C is held back for the whole write phase and acted on between files, so
    # that it never lands between two steps and leaves a staging folder behind.
    with _sigint_held() as interrupted:
        try:
            try:
                staging.mkdir()
                lock = _lock(staging)
                _stage(staging / "new", files, interrupted)
                _write_json(staging / JOURNAL, {"new": new, "old": old})
            except BaseException as exc:
                shutil.rmtree(staging, ignore_errors=True)
                for folder in created:
                    _remove_empty(folder)
                if isinstance(exc, OSError):
                    raise _write_error(exc, out_dir, staging) from None
                raise
            _swap(out_dir, staging, new, old)
            _step()
            shutil.rmtree(staging, ignore_errors=True)
            _remove_book_folders(out_dir, name)
        finally:
            if lock is not None:
                os.close(lock)       # as the kernel does for a killed build
    if interrupted:
        raise InterruptedAfterCommit(interrupted[0])
    return [out_dir / rel for rel in files]


def preflight(out_dir: Path, name: str, protected: tuple[Path, ...] = ()) -> None:
    """Recover what killed builds left in `out_dir`, then refuse early (before any
    work) when the output would replace a file no earlier build wrote, such as a spec
    named `<name>.json` built into its own folder."""
    out_dir = Path(out_dir)
    _check_folder(out_dir)
    if out_dir.is_dir():
        recover(out_dir)
        _replaced_files(out_dir, name, {f"{name}.json": b"", f"{name}.pdf": b""}, protected)


def _check_folder(out_dir: Path) -> None:
    """--out is a folder (made if missing): a file at that path, or at a folder on the
    way to it, is named before any work."""
    for path in (out_dir, *out_dir.parents):
        if path.is_dir():
            return
        if path.exists() or path.is_symlink():
            where = "" if path == out_dir else f" ({path} is on the way to {out_dir})"
            raise PublisherError(f"--out must be a folder, and {path} is a file{where}; give "
                                 f"--out a folder (it is made if missing), or move {path} away")


def recover(out_dir: Path, name: str | None = None) -> list[Recovery]:
    """Finish what killed builds of `name` (of every book when None) left in `out_dir`:
    a swap whose journal is complete rolls forward (every new file was staged), any
    other rolls back; staging folders and stray temp files go. A staging folder of a
    build still running (its lock is held) is left alone. Returns what was done."""
    done: list[Recovery] = []
    try:
        entries = list(Path(out_dir).iterdir())
    except OSError:
        return done
    for entry in entries:
        book, pid = _staging_of(entry.name)
        if not book or (name is not None and book != name) or not entry.is_dir() \
                or entry.is_symlink():
            continue
        if _running(entry, pid):
            done.append(Recovery(book, "running", 0))
            continue
        journal = _read_json(entry / JOURNAL)
        outcome: Literal["forward", "back", "unstarted"] = "unstarted"
        files = 0
        if isinstance(journal, dict):
            new, old = (_listed(journal.get(key), book, entry) for key in ("new", "old"))
            if _can_roll_forward(out_dir, entry, new, old):
                outcome, files = "forward", len(new)
                _roll_forward(out_dir, entry, new, old)
            else:
                outcome, files = "back", len(old)
                _roll_back(out_dir, entry, new, old)
        shutil.rmtree(entry, ignore_errors=True)
        _remove_book_folders(out_dir, book)
        done.append(Recovery(book, outcome, files))
    trusted = {name} if name is not None else {r.name for r in done}
    books = trusted if name is not None else trusted | _manifest_stems(entries)
    for entry in entries:
        if entry.name.endswith(".tmp") and any(
                entry.name.startswith((f".{book}.", f".{book}-"))
                and (book in trusted or _has_manifest(out_dir, book)) for book in books):
            entry.unlink(missing_ok=True)        # left by a file-by-file writer
    return done


def _staging_of(entry: str) -> tuple[str, str]:
    """`.<name>.staging-<pid>` -> (name, pid); ("", "") for any other name."""
    head, mark, pid = entry.rpartition(".staging-")
    if not mark or not head.startswith(".") or len(head) < 2:
        return "", ""
    return head[1:], pid


def _manifest_stems(entries: list[Path]) -> set[str]:
    return {entry.stem for entry in entries if entry.suffix == ".json"}


def _has_manifest(out_dir: Path, book: str) -> bool:
    """Is `<book>.json` a manifest a build wrote (so `.<book>.*.tmp` files are ours)?"""
    manifest = _read_json(out_dir / f"{book}.json")
    return isinstance(manifest, dict) and manifest.get("format") == MANIFEST_FORMAT


def _listed(paths: object, book: str, staging: Path) -> list[str]:
    """A journal's list of output paths of `book`, checked: nothing else is touched."""
    try:
        if not isinstance(paths, list):
            raise ValueError(paths)
        for rel in paths:
            _check_relative(rel, book)
    except (TypeError, ValueError):
        raise PublisherError(f"{staging / JOURNAL} names files that are not book {book!r}'s "
                             f"output; nothing was changed; remove {staging} by hand") from None
    return paths


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
    for rel, data in files.items():
        _step()
        if interrupted:
            raise Interrupted(interrupted[0])
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
    """Move old out, new in (in the order given); on an error, move them back."""
    try:
        for rel in old:
            _step()
            _move(out_dir / rel, staging / "old" / rel)
        for rel in new:
            _step()
            _move(staging / "new" / rel, out_dir / rel)
        _fsync_dir(out_dir)
    except OSError as exc:
        _roll_back(out_dir, staging, new, old)      # if this fails, `recover` will
        shutil.rmtree(staging, ignore_errors=True)
        _remove_book_folders(out_dir, staging.name.split(".staging-")[0][1:])
        raise _write_error(exc, out_dir, staging) from None


def _move(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    os.rename(source, target)


def _step() -> None:
    """One step of the write phase, where tests may slow it down or kill it."""
    delay = float(os.environ.get(DELAY_ENV) or 0)
    if delay:
        time.sleep(delay)
    kill_at = os.environ.get(KILL_ENV)
    if kill_at:
        _steps[0] += 1
        if _steps[0] == int(kill_at):
            os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


def _can_roll_forward(out_dir: Path, staging: Path, new: list[str], old: list[str]) -> bool:
    """Every new file is staged or in place, and none still staged would replace a file
    other than an old one still to move out."""
    for rel in new:
        if not (staging / "new" / rel).is_file():
            if not (out_dir / rel).is_file():
                return False               # neither staged nor in place: lost
        elif (out_dir / rel).exists() and (rel not in old or (staging / "old" / rel).exists()):
            return False
    return True


def _roll_forward(out_dir: Path, staging: Path, new: list[str], old: list[str]) -> None:
    """Finish a swap cut short, in the swap's own order."""
    pending = [rel for rel in new if (staging / "new" / rel).is_file()]
    for rel in old:
        if (out_dir / rel).exists() and not (staging / "old" / rel).exists():
            _move(out_dir / rel, staging / "old" / rel)
    for rel in pending:
        _move(staging / "new" / rel, out_dir / rel)
    _fsync_dir(out_dir)


def _roll_back(out_dir: Path, staging: Path, new: list[str], old: list[str]) -> None:
    """Undo a swap cut short, in reverse order (the new manifest goes first, the old
    one returns last): new files that reached the target go, old ones return."""
    for rel in reversed(new):
        if not (staging / "new" / rel).exists():
            (out_dir / rel).unlink(missing_ok=True)
    for rel in reversed(old):
        if (staging / "old" / rel).exists():
            _move(staging / "old" / rel, out_dir / rel)


@contextmanager
def _sigint_held() -> Iterator[list[int]]:
    """Within the block Ctrl-C (SIGTERM, SIGHUP) is recorded, not raised (main thread
    only)."""
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return
    previous = {signum: signal.signal(signum, lambda signum, frame: caught.append(signum))
                for signum in STOP_SIGNALS if signal.getsignal(signum) != signal.SIG_IGN}
    try:
        yield caught
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)


def _remove_book_folders(out_dir: Path, name: str) -> None:
    """The book's side folder and its web folder, where they are left empty."""
    _remove_empty(out_dir / name / WEB)
    _remove_empty(out_dir / name)


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
    """Whole or not at all: a temp file renamed, the folder synced."""
    temp = path.with_name(path.name + ".tmp")
    _write_file(temp, json.dumps(data).encode("utf-8"))
    _step()
    os.rename(temp, path)
    _fsync_dir(path.parent)


def _lock(staging: Path) -> int | None:
    """Hold `staging/lock` for as long as this process lives (None where there is no
    flock): unlike a pid, it cannot be mistaken for another process's."""
    if fcntl is None:
        return None
    fd = os.open(staging / LOCK, os.O_WRONLY | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def _running(staging: Path, pid: str) -> bool:
    """Is the build that made `staging` still running? Its lock says so; without one
    (Windows, or killed before taking it), its process id."""
    if fcntl is not None:
        try:
            fd = os.open(staging / LOCK, os.O_RDONLY)
        except OSError:
            pass
        else:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return False
            except OSError:
                return True
            finally:
                os.close(fd)
    return pid.isdigit() and int(pid) != os.getpid() and _alive(int(pid))


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
