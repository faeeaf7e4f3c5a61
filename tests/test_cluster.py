"""A Dask cluster that cannot read the project builds the same site as a local build (issue 27).

The cluster is a `dask scheduler` and two `dask worker` processes, each in a folder of its own
(its working and local directory), importing rulebook from a copy of the package outside the
checkout (as a machine of a cluster has it installed), and each with an audit hook
(cluster_audit.py, preloaded before any task) that refuses to open a file of the checkout, of
the rules or of the templates the build is given, and logs it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import DEEP, HANG, ROOT, RULES, TEMPLATES, files_of
from generator.pdf import render as pdf
from generator.pipeline import BuildConfig, build, graph
from generator.runtime import executors
from generator.simulation import store
from generator.web.render import Renderer
from generator.web.site import Page

pytestmark = pytest.mark.site  # builds on a Dask cluster
distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed: " + executors.DASK_HINT)

# A pairing game and a trick game, both families' simulations (chat-noir: the trick game
# cheapest to simulate, one configuration; hearts took ten times its CPU)
GAMES = ("black-peter", "chat-noir")


def two_games_in_english(tmp: Path) -> Path:
    rules = tmp / "rules"
    rules.mkdir(parents=True)
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    for game in GAMES:
        shutil.copytree(RULES / game, rules / game)
        for path in (rules / game).glob("*.yaml"):
            if path.name.split(".")[0] in ("it", "de", "ru", "ro", "ar"):
                path.unlink()
        game_yaml = rules / game / "game.yaml"  # the related games are not here
        game_yaml.write_text(re.sub(r"^related:\n(  .*\n|    .*\n)*", "",
                                    game_yaml.read_text(encoding="utf-8"), flags=re.M),
                             encoding="utf-8")
    return rules


@dataclass(frozen=True)
class LocalDask:
    address: str  # dask://host:port
    workers: list[Path]  # each worker's own folder
    processes: list[subprocess.Popen[bytes]]  # the scheduler first

    def refused(self) -> list[str]:
        """The paths the workers were refused, in the order each logged them."""
        return [line for folder in self.workers if (folder / "refused.log").exists()
                for line in (folder / "refused.log").read_text(encoding="utf-8").splitlines()]

    def worker_logs(self) -> str:
        return "".join((f / "worker.log").read_text(encoding="utf-8", errors="replace")
                       for f in self.workers)


@contextlib.contextmanager
def local_dask(place: Path, forbidden: list[Path], *, workers: int = 2,
               env: dict[str, str] | None = None,
               scheduler_has_rulebook: bool = True) -> Iterator[LocalDask]:
    """A scheduler and ``workers`` workers that cannot open a file under ``forbidden``."""
    place.mkdir(parents=True)
    code = place / "site-packages"  # rulebook as a cluster machine has it: installed
    shutil.copytree(ROOT / "generator", code / "generator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(Path(__file__).with_name("cluster_audit.py"), place / "cluster_audit.py")
    base = {k: v for k, v in os.environ.items() if not k.startswith("RULEBOOK_")}
    base |= {"PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1",
             "RULEBOOK_AUDIT_FORBIDDEN": os.pathsep.join(str(p) for p in forbidden),
             **(env or {})}
    scheduler_file = place / "scheduler.json"
    processes: list[subprocess.Popen[bytes]] = []
    folders = []

    def start(args: list[str], folder: Path, log: str, code: Path = code) -> None:
        folder.mkdir(exist_ok=True)
        with open(folder / log, "wb") as out:
            processes.append(subprocess.Popen(
                [sys.executable, "-m", *args, "--preload", str(place / "cluster_audit.py")],
                cwd=folder, stdout=out, stderr=subprocess.STDOUT,
                env=base | {"RULEBOOK_AUDIT_LOG": str(folder / "refused.log"),
                            "PYTHONPATH": str(code)}))

    elsewhere = place / "another-package"  # a package of that name, and nothing of rulebook
    (elsewhere / "generator").mkdir(parents=True)
    (elsewhere / "generator" / "__init__.py").write_text("", encoding="utf-8")

    try:
        start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
               "--no-dashboard", "--scheduler-file", str(scheduler_file)],
              place / "scheduler", "scheduler.log",
              code if scheduler_has_rulebook else elsewhere)
        for i in range(workers):
            folder = place / f"worker-{i}"
            folders.append(folder)
            start(["distributed.cli.dask_worker", "--scheduler-file", str(scheduler_file),
                   "--nthreads", "1", "--no-nanny", "--no-dashboard",
                   "--local-directory", str(folder)], folder, "worker.log")
        deadline = time.monotonic() + HANG
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        with distributed.Client(scheduler_file=str(scheduler_file), timeout=30) as client:
            if workers:  # a scheduler alone is a cluster too (its tasks wait)
                client.wait_for_workers(workers, timeout=HANG)
            address = client.scheduler.address.removeprefix("tcp://")
        yield LocalDask(f"dask://{address}", folders, processes)
    finally:
        for process in reversed(processes):
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=3)  # a worker may wait for its scheduler: no need
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of two real games (English only) and of the templates."""
    place = tmp_path_factory.mktemp("project")
    rules = two_games_in_english(place)
    shutil.copytree(TEMPLATES, place / "templates")
    return rules, place / "templates"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory,
            project: tuple[Path, Path]) -> Iterator[LocalDask]:
    rules, templates = project
    with local_dask(tmp_path_factory.mktemp("cluster") / "dask",
                    [rules, templates, ROOT, RULES, TEMPLATES]) as running:
        yield running


def test_a_cluster_that_cannot_read_the_project_builds_the_same_site(
        tmp_path: Path, project: tuple[Path, Path], cluster: LocalDask,
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules, templates = project
    local = build(BuildConfig(rules, templates, tmp_path / "local"))  # the tests' shared cache
    assert local.ok, [d.format() for d in local.report.items]

    def here(*args: object, **kwargs: object) -> None:
        raise AssertionError("a simulation or a PDF was made here, not on the cluster")

    render_page = Renderer.render

    def render_here(renderer: Renderer, page: Page) -> str:
        if page.game is not None:
            raise AssertionError(f"{page.path} was rendered here, not on the cluster")
        return render_page(renderer, page)  # the indexes, the root, the not-found pages

    monkeypatch.setattr(Renderer, "render", render_here)
    monkeypatch.setattr(pdf, "_render_all", here)
    monkeypatch.setattr(store, "run", here)  # what simulates here, one by one or on the pool
    monkeypatch.setattr(store, "_MEMORY", {})  # nothing simulated by an earlier build
    connections: list[str] = []
    connected = executors._connected

    def counted(address: str) -> Any:
        connections.append(address)
        return connected(address)

    monkeypatch.setattr(executors, "_connected", counted)
    remote = build(BuildConfig(rules, templates, tmp_path / "remote", executor=cluster.address,
                               cache=tmp_path / "empty-cache"))
    assert remote.ok, [d.format() for d in remote.report.items]
    assert connections == [cluster.address]  # the simulations, pages and PDFs: one client
    assert remote.pdfs.rendered == 8 and remote.pdfs.cached == 0  # 2 games: card, sheet, booklet, aid
    assert cluster.refused() == []  # no task opened a file of the project
    with distributed.Client(cluster.address.replace("dask://", "tcp://")) as client:
        ran = client.run(lambda: (sys.modules["generator"].__file__, os.getcwd(),
                                  sys.modules["generator.pdf.render"]._WORKER.get("setup")))
        pages = client.run(lambda: sys.modules["generator.pipeline.pages_cluster"].rendered_here()
                           if "generator.pipeline.pages_cluster" in sys.modules else 0)
        guarded = client.run(lambda: sys.modules["cluster_audit"].FORBIDDEN)
    assert len(ran) == 2 and all(str(templates.resolve()) in g for g in guarded.values())
    for where, cwd, setup in ran.values():  # each worker in its own folder, with its own code
        assert not Path(where).is_relative_to(ROOT) and not Path(cwd).is_relative_to(ROOT)
    assert any(setup is not None for _, _, setup in ran.values())  # a worker rendered PDFs
    # every game's pages (game, quick reference, numbers, play) and Black Peter's page at its
    # former English address
    assert sum(pages.values()) == 9
    made_here, made_there = files_of(tmp_path / "local"), files_of(tmp_path / "remote")
    assert made_here.keys() == made_there.keys()
    assert [p for p in made_here if made_here[p] != made_there[p]] == []
    assert sum(p.endswith(".pdf") for p in made_there) == 10  # and the two imposed booklets
    # the graph a local build records: the next build, local or not, renders the same
    recorded_here, recorded_there = (graph.load_state(graph.state_path(tmp_path / name))
                                     for name in ("local", "remote"))
    here, there = _records(recorded_here), _records(recorded_there)
    assert here.keys() == there.keys()
    assert {rel: there[rel] for rel in there if not rel.endswith(".pdf")} \
        == {rel: here[rel] for rel in here if not rel.endswith(".pdf")}
    # A PDF's HTML reuses its page's context when the build rendered the page itself, and
    # then records less than when it makes the context (a site this small is rendered in the
    # build's own process, not on the pool): what it records is what the context read besides.
    for rel in here:
        if rel.endswith(".pdf"):
            (files, games, values), *rest = here[rel]
            (more_files, more_games, more_values), *same = there[rel]
            assert set(files) <= set(more_files) and set(values) <= set(more_values), rel
            assert games == more_games and rest == same, rel
    assert recorded_there.values == recorded_here.values
    assert any(str(templates / "game.html.j2") in o.deps.files
               for o in recorded_there.outputs.values())  # the build's templates, not a worker's


def _records(state: graph.State) -> dict[str, tuple[object, ...]]:
    """What the graph keeps of each output, but where the file is (inode, modification time)."""
    return {rel: (o.deps.key(), o.size, o.chars, o.sha, o.findings)
            for rel, o in state.outputs.items()}


def test_the_workers_really_cannot_read_the_project(project: tuple[Path, Path],
                                                    cluster: LocalDask) -> None:
    """The negative control: a task that opens a template, or the checkout's pyproject.toml."""
    _, templates = project
    with distributed.Client(cluster.address.replace("dask://", "tcp://")) as client:
        for path in (templates / "print" / "print.css", ROOT / "pyproject.toml"):
            with pytest.raises(PermissionError, match="may not read the project"):
                client.submit(Path.read_bytes, path, pure=False).result()
            assert str(path.resolve()) in cluster.refused()
        assert client.submit(len, "allowed", pure=False).result() == 7


@pytest.mark.fault
@pytest.mark.deep
@pytest.mark.parametrize("step", ["page-render", "pdf-render"] if DEEP else ["pdf-render"])
def test_a_cluster_gone_mid_build_is_said_and_leaves_the_output_as_it_was(
        tmp_path: Path, project: tuple[Path, Path], step: str) -> None:
    """make test: the workers lost while they render the PDFs (the build's last step on the
    cluster); make test-deep: lost while they render the pages too."""
    rules, _ = project
    templates = shutil.copytree(project[1], tmp_path / "templates")
    with open(templates / "print" / "print.css", "a", encoding="utf-8") as css:
        css.write("/* edited: no PDF in the cache */\n")
    out = tmp_path / "site"
    first = build(BuildConfig(rules, templates, out, pdf=False))  # the simulations cached
    assert first.ok
    before = files_of(out)
    env = {"RULEBOOK_TEST_FAILPOINT": step, "RULEBOOK_TEST_FAILPOINT_WAIT": str(HANG)}
    with local_dask(tmp_path / "dask", [rules, templates, ROOT], workers=1, env=env) as lost:
        proc = subprocess.Popen(
            [sys.executable, "-m", "generator", "build", "--rules", str(rules), "--templates",
             str(templates), "--out", str(out), "--executor", lost.address, "--quiet"],
            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=os.environ | {"PYTHONPATH": str(ROOT), "RULEBOOK_TEST_CLUSTER_PATIENCE": "3"})
        deadline = time.monotonic() + HANG
        while f"failpoint {step} reached" not in lost.worker_logs() \
                and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        assert f"failpoint {step} reached" in lost.worker_logs()
        for process in lost.processes[1:]:  # the workers die: the scheduler has none left
            process.kill()
        try:
            _, err = proc.communicate(timeout=HANG)
        finally:
            proc.kill()
    assert proc.returncode == 2, err
    said = err.decode()
    assert said.startswith(f"rulebook: error: the Dask cluster at {lost.address} ")
    assert said.endswith("; nothing was written\n") and said.count("\n") == 1, said
    assert files_of(out) == before


def test_what_cannot_be_sent_to_the_cluster_is_said(cluster: LocalDask) -> None:
    with executors.connect(cluster.address) as connected:
        with pytest.raises(executors.ClusterLost, match=r"^could not send .* to the Dask "
                           rf"cluster at {cluster.address}: .*lock"):
            connected.share("rulebook-assets-0", threading.Lock())  # no pickle takes a lock


def test_a_scheduler_without_rulebook_is_said(tmp_path: Path) -> None:
    """The scheduler reads the task graph before any worker sees it: no worker is needed to
    hear that it cannot."""
    from generator.pdf.assets import bundle_digest

    with local_dask(tmp_path / "dask", [ROOT], workers=0, scheduler_has_rulebook=False) as bare:
        with executors.connect(bare.address) as connected:
            with pytest.raises(executors.ExecutorError, match="cannot read the build's tasks: "
                               "it needs the same version of rulebook installed"):
                list(connected.map(bundle_digest, [{}]))
