"""The games' pages as a cluster renders them (pipeline/pages_cluster.py), without a cluster: each
task and each shared value goes through pickle, as Dask sends them, and runs here; the
templates are read from the folder the worker unpacks its bundle into. The real cluster, whose
workers cannot read the project, is tests/test_cluster.py (slow)."""

from __future__ import annotations

import contextlib
import os
import pickle
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import pytest

from conftest import RULES, TEMPLATES
from generator.pipeline import BuildConfig, build, graph, pages_cluster
from generator.runtime import executors
from generator.runtime.bundle import Bundle, unpacked
from generator.web.templates_bundle import collect

GAMES = ("hearts", "peppa")  # hearts is a variant of peppa: its page names peppa's title


@dataclass
class InProcess:
    """A stand-in for ``executors.Cluster``: what it is sent is pickled and unpickled."""

    shared: dict[str, Any] = field(default_factory=dict)
    tasks: list[str] = field(default_factory=list)  # the function of each task run

    def share(self, name: str, value: Any) -> Any:
        self.shared[name] = pickle.loads(pickle.dumps(value))
        return self.shared[name]

    def map(self, fn: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]:
        for args in zip(*iterables):
            self.tasks.append(fn.__name__)
            yield pickle.loads(pickle.dumps(fn(*pickle.loads(pickle.dumps(args)))))


def two_games(tmp: Path) -> Path:
    rules = tmp / "rules"
    rules.mkdir()
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    for game in GAMES:
        shutil.copytree(RULES / game, rules / game)
        for other in ("de", "ru", "ro", "ar"):  # English and Italian (a translation) are enough
            for path in (rules / game).glob(f"{other}.*yaml"):
                path.unlink()
    return rules


@pytest.mark.site
def test_the_pages_rendered_from_what_a_task_carries_are_a_local_builds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules, templates = two_games(tmp_path), shutil.copytree(TEMPLATES, tmp_path / "templates")
    local = build(BuildConfig(rules, templates, tmp_path / "local", pdf=False))
    assert local.ok, [d.format() for d in local.report.items]
    cluster = InProcess()

    @contextlib.contextmanager
    def connect(address: str) -> Iterator[InProcess]:
        yield cluster

    monkeypatch.setattr(executors, "connect", connect)
    before = pages_cluster.rendered_here()
    remote = build(BuildConfig(rules, templates, tmp_path / "remote", pdf=False,
                               executor="dask://127.0.0.1:1"))
    assert remote.ok, [d.format() for d in remote.report.items]
    state = graph.load_state(graph.state_path(tmp_path / "remote"))
    game_pages = [rel for rel in state.outputs if rel.endswith("index.html")
                  and rel.count("/") >= 2]  # en/hearts/index.html, en/hearts/play/index.html...
    assert cluster.tasks.count("_render_on_worker") == len(GAMES) and len(game_pages) > 8
    assert pages_cluster.rendered_here() - before == len(game_pages)
    names = sorted(cluster.shared)
    assert [n.split("-")[1] for n in names] == ["plan", "templates"]  # once each
    for rel in local.files:
        assert remote.files[rel] == local.files[rel], rel
    assert local.files.keys() == remote.files.keys()
    recorded = graph.load_state(graph.state_path(tmp_path / "local"))
    assert {rel: (o.deps.key(), o.size, o.chars, o.sha) for rel, o in state.outputs.items()} \
        == {rel: (o.deps.key(), o.size, o.chars, o.sha) for rel, o in recorded.outputs.items()}
    assert any(str(templates / "game.html.j2") in o.deps.files for o in state.outputs.values())
    # an edited template renders again what it renders in a local build: the records name it
    partial = templates / "partials" / "card_key.html.j2"  # on the game pages only
    partial.write_text(partial.read_text(encoding="utf-8") + "<!-- edited -->\n",
                       encoding="utf-8")
    again_here = build(BuildConfig(rules, templates, tmp_path / "local", pdf=False))
    again_there = build(BuildConfig(rules, templates, tmp_path / "remote", pdf=False,
                                    executor="dask://127.0.0.1:1"))
    assert again_there.written == again_here.written > 0
    assert cluster.tasks.count("_render_on_worker") == 2 * len(GAMES)
    assert dict(again_there.files) == dict(again_here.files)  # the same files made, the same bytes


def test_a_templates_bundle_holds_what_a_page_reads_and_no_font(tmp_path: Path) -> None:
    bundle = collect(TEMPLATES)
    assert "game.html.j2" in bundle.files and "partials/numbers.html.j2" in bundle.files
    assert "locale/it/LC_MESSAGES/messages.po" in bundle.files
    assert not any(name.startswith("fonts/") and not name.endswith(".txt")
                   for name in bundle.files)
    folder = unpacked(bundle)
    assert (folder / "game.html.j2").read_bytes() == (TEMPLATES / "game.html.j2").read_bytes()
    assert unpacked(Bundle(dict(bundle.files))) == folder  # the same content, the same folder


def test_a_file_of_a_bundle_that_cannot_be_read_is_said_with_its_path_and_a_hint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The templates for the cluster's pages and the PDFs' assets: a file the build cannot
    read is one clear error (its path, who reads it, a hint), not a traceback."""
    from generator.pdf import assets
    from generator.web.templates_bundle import TemplatesError

    (tmp_path / "print").mkdir()
    locked = tmp_path / "print" / "print.css"
    locked.write_text("p { margin: 0 }\n", encoding="utf-8")
    (tmp_path / "game.html.j2").write_text("{{ title }}\n", encoding="utf-8")
    read = Path.read_bytes

    def refuse(path: Path) -> bytes:
        if path.name == "print.css":  # as root, a mode of 000 would still be read
            raise PermissionError(13, "Permission denied", str(path))
        return read(path)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    with pytest.raises(TemplatesError) as pages:
        collect(tmp_path)
    with pytest.raises(assets.AssetError) as pdfs:
        assets.collect(tmp_path)
    for error, who in ((pages, "the pages rendered on the cluster read the templates folder"),
                       (pdfs, "the PDFs' fonts, images and stylesheets are read from the "
                              "templates folder")):
        said = str(error.value)
        assert said.startswith(f"{locked}: {who}, and this file cannot be read")
        assert "(Permission denied)" in said and "hint: check its permissions" in said


@pytest.mark.parametrize("name", ["../x.j2", "/etc/x.j2", "a/../../x.j2"])
def test_a_bundle_file_outside_its_folder_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match=f"a bundle's file is named '{name}': expected a "
                                         "relative path inside its folder"):
        unpacked(Bundle({name: b"x"}))


def test_a_folder_left_by_a_process_gone_is_removed_and_no_other(tmp_path: Path) -> None:
    import subprocess
    import sys

    from generator.runtime import bundle

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    left = tmp_path / f"{bundle.PREFIX}{gone}-0123456789ab-xyz"
    mine = tmp_path / f"{bundle.PREFIX}{os.getpid()}-0123456789ab-xyz"
    other = tmp_path / "rulebook-something-else"
    for folder in (left, mine, other):
        (folder / "partials").mkdir(parents=True)
    bundle._remove_left_behind(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mine.name, other.name])
