"""The Dask executor: the same bytes as a local build, and clear errors, never a hang."""
import time

import pytest

pytest.importorskip("distributed", reason='the dask extra is not installed (pip install ".[dask]")')

from publisher.errors import PublisherError  # noqa: E402
from publisher.ground import dask_executor  # noqa: E402
from publisher.pipeline import build_book  # noqa: E402

SPEC = """\
title: Cluster
seed: 5
sections:
  - kind: wordsearch
    size: 10
    count: 2
    candidates: 3
    words_per_puzzle: 6
    words: en/animals
  - kind: crossword
    size: 11
    count: 1
    candidates: 3
    words_per_puzzle: 5
    clues: en/general-clues
  - kind: numberlink
    size: 6
    count: 2
    candidates: 2
  - kind: queens
    size: 6
    count: 2
    candidates: 2
"""


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as running:
        yield running


def test_a_book_built_on_a_cluster_has_the_local_bytes(cluster, tmp_path):
    spec = tmp_path / "cluster.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    local = build_book(spec, tmp_path / "local", workers=1)
    remote = build_book(spec, tmp_path / "dask", executor="dask",
                        scheduler=cluster.scheduler_address)
    assert remote.pdf.read_bytes() == local.pdf.read_bytes()
    assert remote.manifest.read_bytes() == local.manifest.read_bytes()
    assert [p.read_bytes() for p in remote.files] == [p.read_bytes() for p in local.files]


def test_an_unreachable_scheduler_is_a_clear_error_within_the_timeout(monkeypatch, tmp_path):
    monkeypatch.setattr(dask_executor, "CONNECT_TIMEOUT", 2.0)
    spec = tmp_path / "cluster.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    began = time.monotonic()
    with pytest.raises(PublisherError, match="cannot reach the Dask scheduler"):
        build_book(spec, tmp_path / "out", executor="dask", scheduler="tcp://127.0.0.1:9")
    assert time.monotonic() - began < 15
    assert not (tmp_path / "out").exists()


def test_dask_without_a_scheduler_says_what_to_give(tmp_path):
    spec = tmp_path / "cluster.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    with pytest.raises(PublisherError, match="--scheduler"):
        build_book(spec, tmp_path / "out", executor="dask")
