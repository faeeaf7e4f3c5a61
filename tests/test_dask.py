"""The PDF render step on a Dask cluster (`--executor dask://host:port`): a LocalCluster here."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from conftest import ROOT, RULES, cache_without_pdfs
from generator.cli.main import main
from generator.pdf import render as pdf
from generator.pipeline import BuildConfig, build
from generator.runtime import executors

pytestmark = pytest.mark.site  # builds on a Dask cluster


def one_game_in_english(tmp_path: Path) -> Path:
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "black-peter", rules / "black-peter")
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    for other in ("it", "de", "ru", "ro", "ar"):
        (rules / "black-peter" / f"{other}.yaml").unlink()
    game = rules / "black-peter" / "game.yaml"  # the related games are not here
    game.write_text(re.sub(r"^related:\n(  .*\n|    .*\n)*", "", game.read_text(encoding="utf-8"),
                           flags=re.M), encoding="utf-8")
    return rules


def test_pdfs_are_rendered_on_a_dask_cluster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed: " + executors.DASK_HINT)
    from pypdf import PdfReader

    def no_local_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("the local pool rendered a PDF")

    monkeypatch.setattr(pdf, "_render_all", no_local_pool)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        host_port = cluster.scheduler_address.removeprefix("tcp://")
        out = tmp_path / "site"
        result = build(BuildConfig(one_game_in_english(tmp_path), ROOT / "templates", out,
                                   executor=f"dask://{host_port}",
                                   cache=cache_without_pdfs(tmp_path / "cache")))  # numbers kept
        assert result.ok, [d.format() for d in result.report.items]
        assert result.pdfs.rendered == 4  # card, sheet, booklet, aid (the imposed one is made here)
        with distributed.Client(cluster) as client:  # the worker process did the rendering
            ran = client.run(lambda: "setup" in sys.modules["generator.pdf.render"]._WORKER)
        assert list(ran.values()) == [True]
    booklet = out / "en" / "black-peter" / "black-peter.pdf"
    assert len(PdfReader(booklet).pages) % 4 == 0 and len(PdfReader(booklet).pages) >= 4


def test_a_missing_dask_or_a_bad_address_is_a_usage_error(tmp_path: Path, monkeypatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    rules = one_game_in_english(tmp_path)
    out = str(tmp_path / "site")
    with pytest.raises(SystemExit) as bad:
        main(["build", "--rules", str(rules), "--out", out, "--executor", "tcp://x:1"])
    assert bad.value.code == 2 and "expects dask://HOST:PORT" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    code = main(["build", "--rules", str(rules), "--out", out, "--executor", "dask://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and "needs dask.distributed, which is not installed" in err
    assert "pip install 'distributed" in err and not (tmp_path / "site").exists()


def test_the_probe_knows_a_real_scheduler() -> None:
    """The greeting `executors.probe` expects (tests/test_executors.py: what it refuses) is
    the one a real scheduler gives."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        executors.probe("dask://" + cluster.scheduler_address.removeprefix("tcp://"), timeout=30)
