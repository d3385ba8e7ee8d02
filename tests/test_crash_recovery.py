"""Kill -9 at every step of the write phase (each file staged, the journal, each rename of
the swap): the folder is never stuck. A reader can tell a whole set (the manifest is
there and lists exactly the files present) from a crashed one (no manifest); the next
build recovers first and gives the new book; `make-book recover DIR` alone leaves the
old book or the new one, whole."""
import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publisher.cli import app
from publisher.ground import transaction
from publisher.pipeline import build_book

ROOT = Path(__file__).resolve().parent.parent
SPEC = ("title: T\nsplit: true\nsections:\n  - kind: queens\n    size: 6\n    count: 3\n"
        "    candidates: 1\n")
OLD_SEED, NEW_SEED = 1, 2

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked writer")


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, hidden ones (a staging folder) too -> its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def visible(folder: Path) -> set[str]:
    """What a pickup job sees: the files outside hidden folders."""
    return {rel for rel in snapshot(folder) if not rel.startswith(".")}


def listed(folder: Path, name: str = "bk") -> set[str]:
    """The files the manifest names (read here, not with the publisher's own reader)."""
    manifest = json.loads((folder / f"{name}.json").read_bytes())
    names = {f"{name}.json"}
    names.update(value for key, value in manifest.items()
                 if key == "pdf" or key.endswith("_pdf") and isinstance(value, str))
    for puzzle in manifest.get("puzzles", []):
        names.update(puzzle.get("files", []))
    return names


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """The spec, and a clean build of the old book and of the new one."""
    root = tmp_path_factory.mktemp("books")
    spec = root / "bk.yaml"
    spec.write_text(SPEC)
    for seed in (OLD_SEED, NEW_SEED):
        build_book(spec, root / f"seed{seed}", seed=seed, workers=1)
    old, new = snapshot(root / f"seed{OLD_SEED}"), snapshot(root / f"seed{NEW_SEED}")
    assert len(new) >= 8 and old.keys() == new.keys() and old != new
    return spec, root / f"seed{OLD_SEED}", old, new


def killed_at(step: int, out: Path, name: str, files: dict[str, bytes]) -> bool:
    """Publish `files` in a forked process that SIGKILLs itself at write step `step`;
    True if it died so."""
    pid = os.fork()
    if pid == 0:                                   # the child: never returns
        try:
            os.environ[transaction.KILL_ENV] = str(step)
            transaction._steps[0] = 0
            transaction.publish(out, name, files)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def steps_of_a_write(out: Path, name: str, files: dict[str, bytes], monkeypatch) -> int:
    """How many steps publishing `files` over the book in `out` takes."""
    monkeypatch.setenv(transaction.KILL_ENV, str(10 ** 9))
    monkeypatch.setattr(transaction, "_steps", [0])
    transaction.publish(out, name, files)
    monkeypatch.delenv(transaction.KILL_ENV)
    return transaction._steps[0]


def manifest_first(book: dict[str, bytes]) -> dict[str, bytes]:
    """The files in an order that would be wrong to write in: the swap must still move
    the manifest in last."""
    return dict(sorted(book.items(), key=lambda item: item[0] != "bk.json"))


def test_kill_9_at_every_step_then_a_build_or_recover_never_leaves_a_stuck_folder(
        books, tmp_path, monkeypatch):
    spec, old_dir, old, new = books
    files = manifest_first(new)
    steps = steps_of_a_write(shutil.copytree(old_dir, tmp_path / "count"), "bk", files,
                             monkeypatch)
    assert steps >= 20
    runner = CliRunner()
    without_manifest, recovered = [], []
    for step in range(1, steps + 1):
        out = shutil.copytree(old_dir, tmp_path / f"built{step}")
        assert killed_at(step, out, "bk", files), step
        # A reader: the manifest there vouches for exactly the files present, all of
        # one build; no manifest means a crashed (or running) swap.
        if (out / "bk.json").exists():
            present = {rel: data for rel, data in snapshot(out).items()
                       if rel in visible(out)}
            assert set(present) == listed(out) and present in (old, new), step
        else:
            without_manifest.append(step)
        alone = shutil.copytree(out, tmp_path / f"recovered{step}", symlinks=True)

        # (a) the next build recovers first, then builds: the new book, byte-equal
        build_book(spec, out, seed=NEW_SEED, workers=1)
        assert snapshot(out) == new, step

        # (b) make-book recover DIR alone: the old book or the new one, whole
        result = runner.invoke(app, ["recover", str(alone)])
        assert result.exit_code == 0, result.output
        assert result.output.startswith("bk: ") and result.output.count("\n") == 1
        after = snapshot(alone)
        assert after in (old, new) and set(after) == listed(alone), step
        recovered.append("old" if after == old else "new")
    # The manifest moves out first and in last: it is missing for exactly the steps
    # between (one before each rename of the swap but the first).
    swap = 2 * len(new)
    assert len(without_manifest) == swap - 1
    assert without_manifest == list(range(without_manifest[0], without_manifest[-1] + 1))
    # Killed before its journal was written (a step per file and the journal's own),
    # the old book stays; after it, every new file was staged: rolled forward.
    assert recovered == ["old"] * (len(new) + 1) + ["new"] * (steps - len(new) - 1)


def test_the_real_make_book_killed_after_the_manifest_moved_builds_next_time(
        books, tmp_path):
    """The reported case: kill -9 in the swap's second half (new files moving in, the
    old manifest gone); the next make-book refused ("is in the way") and the folder
    stayed mixed. Now it recovers and builds."""
    spec, old_dir, old, new = books
    out = shutil.copytree(old_dir, tmp_path / "out")
    command = [sys.executable, "-m", "publisher.cli", str(spec), "--out", str(out), "-q",
               "-w", "1", "--seed", str(NEW_SEED)]
    step = len(new) + 1 + len(new) + len(new) // 2      # half the new files moved in
    killed = subprocess.run(command, cwd=ROOT, capture_output=True,
                            env={**os.environ, transaction.KILL_ENV: str(step)})
    assert killed.returncode == -signal.SIGKILL
    assert not (out / "bk.json").exists()
    assert set(new) & visible(out) and set(new) - visible(out)        # mixed
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert snapshot(out) == new


def synthetic_book(name: str, tag: str) -> dict[str, bytes]:
    files = {f"{name}.pdf": tag.encode(), f"{name}/a.puz": tag.encode(),
             f"{name}/b.puz": tag.encode()}
    manifest = {"format": "puzzle-book/1", "pdf": f"{name}.pdf",
                "puzzles": [{"files": [f"{name}/a.puz", f"{name}/b.puz"]}]}
    return {**files, f"{name}.json": json.dumps(manifest).encode()}


def test_recover_repairs_every_book_in_the_folder_and_leaves_a_running_build(
        books, tmp_path):
    spec, old_dir, old, new = books
    out = shutil.copytree(old_dir, tmp_path / "out")
    assert killed_at(len(new) + 4, out, "bk", manifest_first(new))     # mid-swap
    other = tmp_path / "other"          # (a write into `out` would recover it first)
    transaction.publish(other, "zz", synthetic_book("zz", "old"))
    assert killed_at(4 + 1 + 2, other, "zz", synthetic_book("zz", "new"))
    shutil.copytree(other, out, dirs_exist_ok=True)
    # a build still running: its lock is held (here by this process)
    running = out / f".run.staging-{os.getpid() + 1}"
    running.mkdir()
    lock = os.open(running / "lock", os.O_WRONLY | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        result = CliRunner().invoke(app, ["recover", str(out)])
    finally:
        os.close(lock)
    assert result.exit_code == 0, result.output
    lines = sorted(result.output.splitlines())
    assert [line.split(":")[0] for line in lines] == ["bk", "run", "zz"]
    assert running.is_dir()
    after = snapshot(out)
    assert {rel: data for rel, data in after.items() if not rel.startswith(("zz", ".run"))} \
        == new
    assert {rel: data for rel, data in after.items() if rel.startswith("zz")} \
        == synthetic_book("zz", "new")


def test_a_dead_build_whose_process_id_is_taken_again_is_still_recovered(tmp_path):
    """In a container every run may get the same pid: the staging folder's free lock,
    not its pid, says its build is dead."""
    transaction.publish(tmp_path, "zz", synthetic_book("zz", "old"))
    assert killed_at(4 + 1 + 3, tmp_path, "zz", synthetic_book("zz", "new"))
    staging = next(tmp_path.glob(".zz.staging-*"))
    staging.rename(tmp_path / f".zz.staging-{os.getppid()}")       # a live process
    transaction.recover(tmp_path)
    assert snapshot(tmp_path) == synthetic_book("zz", "new")


def test_recover_on_a_clean_folder_or_a_file(tmp_path):
    transaction.publish(tmp_path, "zz", synthetic_book("zz", "old"))
    runner = CliRunner()
    clean = runner.invoke(app, ["recover", str(tmp_path)])
    assert clean.exit_code == 0 and "nothing to recover" in clean.output
    assert snapshot(tmp_path) == synthetic_book("zz", "old")
    for wrong in (tmp_path / "zz.pdf", tmp_path / "missing"):
        result = runner.invoke(app, ["recover", str(wrong)])
        assert result.exit_code == 2
        assert str(wrong) in result.output and "not a folder" in result.output
        assert "Traceback" not in result.output


def test_a_journal_naming_other_files_is_refused_and_nothing_moves(tmp_path):
    (tmp_path / "words.txt").write_text("cat\n")
    transaction.publish(tmp_path, "zz", synthetic_book("zz", "old"))
    before = snapshot(tmp_path)
    staging = tmp_path / ".zz.staging-999999999"
    (staging / "new").mkdir(parents=True)
    (staging / "journal.json").write_text(json.dumps({"new": ["../outside.pdf"],
                                                      "old": ["words.txt"]}))
    result = CliRunner().invoke(app, ["recover", str(tmp_path)])
    assert result.exit_code == 2 and str(staging) in result.output
    assert {rel: data for rel, data in snapshot(tmp_path).items()
            if not rel.startswith(".")} == before
