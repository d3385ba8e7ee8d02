"""The write phase is one transaction: after any error, signal, kill -9 or full disk the
previous output is whole; after a build the folder holds exactly what the manifest lists."""
import errno
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publisher.errors import PublisherError
from publisher.ground import transaction
from publisher.ground.transaction import publish, recover

ROOT = Path(__file__).resolve().parent.parent


def book_files(name: str, tag: str, puzzles: int) -> dict[str, bytes]:
    """An output like a build's: PDF, side files per puzzle, manifest last."""
    files = {f"{name}.pdf": f"pdf {tag}".encode()}
    listed = []
    for n in range(puzzles):
        side = [f"{name}/p{n}.puz", f"{name}/p{n}.ipuz"]
        files.update({rel: f"{rel} {tag}".encode() for rel in side})
        listed.append({"id": f"p{n}", "files": side})
    manifest = {"format": "puzzle-book/1", "pdf": f"{name}.pdf", "puzzles": listed}
    files[f"{name}.json"] = json.dumps(manifest).encode()
    return files


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (hidden ones too) -> its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_smaller_rebuild_leaves_exactly_what_its_manifest_lists(tmp_path):
    publish(tmp_path, "bk", book_files("bk", "old", 3))
    publish(tmp_path, "bk", book_files("bk", "new", 1))
    assert snapshot(tmp_path) == book_files("bk", "new", 1)


def test_files_no_manifest_listed_are_never_touched(tmp_path):
    (tmp_path / "bk").mkdir()
    (tmp_path / "bk" / "notes.txt").write_text("mine")
    (tmp_path / "bk.yaml").write_text("title: x")
    publish(tmp_path, "bk", book_files("bk", "old", 2))
    publish(tmp_path, "bk", book_files("bk", "new", 1))
    assert (tmp_path / "bk" / "notes.txt").read_text() == "mine"
    assert (tmp_path / "bk.yaml").read_text() == "title: x"


@pytest.mark.parametrize("in_the_way", ["bk.json", "bk.pdf", "bk/p0.puz"])
def test_a_file_no_earlier_manifest_wrote_stops_the_build(tmp_path, in_the_way):
    if in_the_way != "bk.json":
        publish(tmp_path, "bk", {"bk.json": json.dumps({"format": "puzzle-book/1"}).encode()})
    path = tmp_path / in_the_way
    path.parent.mkdir(exist_ok=True)
    path.write_text("title: the user's own file")
    before = snapshot(tmp_path)
    with pytest.raises(PublisherError, match="in the way"):
        publish(tmp_path, "bk", book_files("bk", "new", 1))
    assert snapshot(tmp_path) == before


def test_a_manifest_listing_paths_outside_the_book_cannot_remove_them(tmp_path):
    (tmp_path / "words.txt").write_text("cat\n")
    hostile = {"format": "puzzle-book/1", "pdf": "../outside.pdf",
               "puzzles": [{"files": ["words.txt", "/etc/passwd", "bk/../words.txt"]}]}
    (tmp_path / "bk.json").write_text(json.dumps(hostile))
    publish(tmp_path, "bk", book_files("bk", "new", 1))
    assert (tmp_path / "words.txt").read_text() == "cat\n"


def test_an_input_of_the_build_is_never_replaced(tmp_path):
    publish(tmp_path, "bk", book_files("bk", "old", 1))
    with pytest.raises(PublisherError, match="input of this build"):
        publish(tmp_path, "bk", book_files("bk", "new", 1), protected=(tmp_path / "bk.pdf",))


def full_disk_after(limit: int):
    """An os.write that fails with ENOSPC once `limit` bytes have been written."""
    real_write, written = os.write, [0]

    def write(fd, data):
        if written[0] + len(data) > limit:
            raise OSError(errno.ENOSPC, "No space left on device")
        written[0] += len(data)
        return real_write(fd, data)
    return write


@pytest.mark.parametrize("limit", [0, 5, 40, 90])
def test_a_full_disk_leaves_the_previous_output_whole(tmp_path, monkeypatch, limit):
    publish(tmp_path, "bk", book_files("bk", "old", 3))
    before = snapshot(tmp_path)
    monkeypatch.setattr(transaction.os, "write", full_disk_after(limit))
    with pytest.raises(PublisherError) as caught:
        publish(tmp_path, "bk", book_files("bk", "new", 2))
    message = str(caught.value)
    assert "disk is full" in message and str(tmp_path) in message
    assert ".staging-" in message and "/new/bk" in message      # the file it was writing
    assert snapshot(tmp_path) == before


def test_a_failing_rename_rolls_back(tmp_path, monkeypatch):
    publish(tmp_path, "bk", book_files("bk", "old", 3))
    before = snapshot(tmp_path)
    real_rename = os.rename
    for fail_at in range(1, 12):
        calls = [0]

        def rename(src, dst):
            calls[0] += 1
            if calls[0] == fail_at:
                raise OSError(errno.EIO, "I/O error", str(dst))
            return real_rename(src, dst)
        monkeypatch.setattr(transaction.os, "rename", rename)
        with pytest.raises(PublisherError, match="I/O error"):
            publish(tmp_path, "bk", book_files("bk", "new", 2))
        monkeypatch.setattr(transaction.os, "rename", real_rename)
        assert snapshot(tmp_path) == before, fail_at


class Killed(BaseException):
    """Stands for kill -9: nothing after it runs in the process."""


def test_a_swap_cut_short_is_rolled_forward_by_the_next_run(tmp_path, monkeypatch):
    """Every new file was staged and the journal written before the swap's first rename:
    the next run completes the swap. Rename 1 puts the journal in place: killed before
    it, nothing is committed and the old output stays (test_crash_recovery.py kills a
    real process)."""
    publish(tmp_path, "bk", book_files("bk", "old", 3))
    old, new = snapshot(tmp_path), book_files("bk", "new", 2)
    real_rename, real_rmtree = os.rename, transaction.shutil.rmtree
    for die_at in range(1, 12):
        calls = [0]

        def rename(src, dst):
            calls[0] += 1
            if calls[0] == die_at:
                raise Killed()
            return real_rename(src, dst)
        monkeypatch.setattr(transaction.os, "rename", rename)
        monkeypatch.setattr(transaction.shutil, "rmtree", lambda *a, **k: None)
        with pytest.raises(Killed):
            publish(tmp_path, "bk", book_files("bk", "new", 2))
        monkeypatch.setattr(transaction.os, "rename", real_rename)
        monkeypatch.setattr(transaction.shutil, "rmtree", real_rmtree)
        # The staging folder of this (live) process counts as a dead build's when
        # its pid is not ours: rename it as if another process had crashed.
        staging = next(tmp_path.glob(".bk.staging-*"))
        staging.rename(tmp_path / ".bk.staging-999999999")
        recover(tmp_path, "bk")
        assert snapshot(tmp_path) == (old if die_at == 1 else new), die_at
        publish(tmp_path, "bk", book_files("bk", "old", 3))


def test_the_staging_folder_of_a_running_build_is_left_alone(tmp_path):
    running = tmp_path / f".bk.staging-{os.getppid()}"
    (running / "new").mkdir(parents=True)
    dead = tmp_path / ".bk.staging-999999999"
    (dead / "new").mkdir(parents=True)
    (tmp_path / ".bk.pdf.abc123.tmp").write_bytes(b"left by an old writer")
    recover(tmp_path, "bk")
    assert running.exists() and not dead.exists()
    assert not (tmp_path / ".bk.pdf.abc123.tmp").exists()


# --- real signals on a real process ---------------------------------------------------

CHILD = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, {root!r})
    from publisher.ground.transaction import publish
    files = {{k: v.encode() for k, v in json.loads(sys.argv[1]).items()}}
    print("ready", flush=True)
    try:
        publish({out!r}, "bk", files)
    except KeyboardInterrupt:
        sys.exit(130)
""")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT])
def test_signals_at_random_moments_leave_old_or_new_output_whole(tmp_path, how):
    old, new = book_files("bk", "old", 4), book_files("bk", "new", 2)
    rng = random.Random(int(how))
    env = {**os.environ, transaction.DELAY_ENV: "0.02"}
    outcomes = set()
    for trial in range(4):
        out = tmp_path / f"t{trial}"
        publish(out, "bk", old)
        code = CHILD.format(root=str(ROOT), out=str(out))
        payload = json.dumps({k: v.decode() for k, v in new.items()})
        child = subprocess.Popen([sys.executable, "-c", code, payload], env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "ready"
        # The write phase takes ~0.5 s with the delay: 8 files, then ~14 renames.
        threading_sleep(rng.uniform(0.0, 0.55))
        child.send_signal(how)
        child.communicate(timeout=10)
        if how == signal.SIGKILL:
            recover(out, "bk")                    # what the next build does first
        after = snapshot(out)
        assert after in (old, new), sorted(after)
        outcomes.add("old" if after == old else "new")
    assert "old" in outcomes        # at least one signal landed before the swap


def threading_sleep(seconds: float) -> None:
    import time
    time.sleep(seconds)


def test_a_spec_named_like_the_manifest_is_never_overwritten(tmp_path):
    from publisher.pipeline import build_book

    spec = tmp_path / "book.json"
    text = '{"title": "T", "sections": [{"kind": "queens", "size": 6, "count": 1}]}\n'
    spec.write_text(text)
    with pytest.raises(PublisherError, match="book.json is in the way"):
        build_book(spec, tmp_path, workers=1)
    assert spec.read_text() == text and sorted(os.listdir(tmp_path)) == ["book.json"]


def test_the_real_build_interrupted_in_its_write_phase_keeps_the_old_book(tmp_path):
    """make-book itself: a rebuild killed (kill -9, then the next build's recovery) or
    interrupted (Ctrl-C) while writing leaves the previous book or the new one, whole."""
    import time

    spec = tmp_path / "bk.yaml"
    spec.write_text("title: T\nsplit: true\nsections:\n  - kind: queens\n    size: 6\n"
                    "    count: 3\n    candidates: 1\n")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "publisher.cli", str(spec), "--out", str(out), "-q",
               "-w", "1"]
    subprocess.run(command + ["--seed", "1"], cwd=ROOT, check=True)
    old = snapshot(out)
    subprocess.run(command + ["--seed", "2", "--out", str(tmp_path / "ref")], cwd=ROOT,
                   check=True)
    new = snapshot(tmp_path / "ref")
    env = {**os.environ, transaction.DELAY_ENV: "0.05"}
    rng = random.Random(9)
    for how in (signal.SIGKILL, signal.SIGINT, signal.SIGKILL):
        child = subprocess.Popen(command + ["--seed", "2"], cwd=ROOT, env=env,
                                 stderr=subprocess.PIPE, text=True)
        while child.poll() is None and not list(out.glob(".bk.staging-*")):
            time.sleep(0.01)                  # the write phase has begun
        time.sleep(rng.uniform(0.0, 0.6))     # 8 files and 16 renames at 0.05 s each
        child.send_signal(how)
        _, err = child.communicate(timeout=20)
        if how == signal.SIGINT and child.returncode != 0:
            assert child.returncode == 130 and len(err.strip().splitlines()) == 1, err
        if how == signal.SIGKILL:
            recover(out, "bk")
        after = snapshot(out)
        assert after in (old, new), sorted(after)
        if after == new:                      # start again from the old book
            shutil_rmtree(out)
            subprocess.run(command + ["--seed", "1"], cwd=ROOT, check=True)
            assert snapshot(out) == old


def shutil_rmtree(path):
    import shutil
    shutil.rmtree(path)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(builds=st.lists(st.tuples(st.integers(0, 4),
                                 st.sampled_from([None, "answers", "cover"])),
                       min_size=1, max_size=5))
def test_any_sequence_of_builds_leaves_exactly_the_last_one(tmp_path_factory, builds):
    out = tmp_path_factory.mktemp("seq")
    (out / "mine.txt").write_text("not the build's")
    for number, (puzzles, sheet) in enumerate(builds):
        files = book_files("bk", f"build {number}", puzzles)
        if sheet:                # an answer sheet or a cover, listed as <what>_pdf
            manifest = json.loads(files.pop("bk.json"))
            manifest[f"{sheet.rstrip('s')}_pdf"] = f"bk-{sheet}.pdf"
            files[f"bk-{sheet}.pdf"] = sheet.encode()
            files["bk.json"] = json.dumps(manifest).encode()
        publish(out, "bk", files)
        assert snapshot(out) == {**files, "mine.txt": b"not the build's"}


def test_a_word_list_the_build_reads_is_never_replaced_even_if_a_manifest_lists_it(tmp_path):
    from publisher.pipeline import build_book

    (tmp_path / "bk").mkdir()
    (tmp_path / "bk" / "w.txt").write_text("cat\ndog\ncow\n")
    forged = {"format": "puzzle-book/1", "pdf": "bk.pdf",
              "puzzles": [{"files": ["bk/w.txt"]}]}
    (tmp_path / "bk.json").write_text(json.dumps(forged))
    spec = tmp_path / "bk.yaml"
    spec.write_text("title: T\nsections:\n  - kind: wordsearch\n    size: 8\n    puzzles:\n"
                    "      - {title: A, words: bk/w.txt}\n")
    with pytest.raises(PublisherError, match="input of this build"):
        build_book(spec, tmp_path, workers=1)
    assert (tmp_path / "bk" / "w.txt").read_text() == "cat\ndog\ncow\n"


@pytest.mark.parametrize("limit", [0, 40])
def test_a_failed_first_build_leaves_no_empty_output_folder(tmp_path, monkeypatch, limit):
    """--out names folders that do not exist yet: a build that fails (full disk, Ctrl-C)
    while writing removes the folders it created, as if it had never run."""
    out = tmp_path / "new" / "deeper"
    monkeypatch.setattr(transaction.os, "write", full_disk_after(limit))
    with pytest.raises(PublisherError):
        publish(out, "bk", book_files("bk", "new", 2))
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_first_build_leaves_no_empty_output_folder(tmp_path, monkeypatch):
    out = tmp_path / "out"

    def interrupted(new_dir, files, caught):
        raise KeyboardInterrupt()
    monkeypatch.setattr(transaction, "_stage", interrupted)
    with pytest.raises(KeyboardInterrupt):
        publish(out, "bk", book_files("bk", "new", 1))
    assert list(tmp_path.iterdir()) == []
