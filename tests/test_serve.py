"""`rulebook serve`: serves the site on localhost and rebuilds it when a rules file changes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

import pytest

from conftest import HANG, ROOT, RULES, files_of, search_bundle_of, small_rules

pytestmark = pytest.mark.site  # serve builds and rebuilds


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=HANG) as response:
        return response.read().decode("utf-8")


def test_serve_rebuilds_on_change(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--port", "0", "--rules", str(rules),
         "--templates", str(ROOT / "templates"), "--out", str(tmp_path / "out" / "site")],
        cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        port = None
        deadline = time.monotonic() + HANG  # the first build renders 24 PDFs; slow on a busy machine
        while port is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            port = found.group(1) if found else None
        assert port, "serve did not start"
        url = f"http://127.0.0.1:{port}/it/uomo-nero/"
        assert "<h1>Uomo Nero</h1>" in _get(url)
        lang = rules / "uomo-nero" / "it.yaml"
        text = lang.read_text(encoding="utf-8")
        lang.write_text(text.replace("title: Uomo Nero", "title: Uomo Nerissimo", 1), encoding="utf-8")
        deadline = time.monotonic() + HANG  # a bound on a hang, not a timing
        while "<h1>Uomo Nerissimo</h1>" not in _get(url):
            assert time.monotonic() < deadline, "the page was not rebuilt"
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=HANG)


def test_an_edit_of_the_generator_restarts_serve_with_the_new_code(tmp_path: Path) -> None:
    """A generator edited while serve runs: serve starts again with the new code (on the same
    port), and a later build in another process finds the site made by that code, not a site
    of the old code stamped as the new one's."""
    package = tmp_path / "pkg"
    shutil.copytree(ROOT / "generator", package / "generator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    rules = small_rules(tmp_path / "rules", games=("uomo-nero",), langs=("it",))  # the page read
    out = tmp_path / "out" / "site"
    args = ["--rules", str(rules), "--templates", str(ROOT / "templates"), "--out", str(out),
            "--no-pdf"]
    env = {**os.environ, "PYTHONPATH": str(package)}
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port", "0", *args],
                            cwd=tmp_path, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stderr is not None
        port = _wait_for_port(proc.stderr)
        url = f"http://127.0.0.1:{port}/it/uomo-nero/"
        assert "made by the edited generator" not in _get(url)
        render = package / "generator" / "web" / "render.py"
        code = render.read_text(encoding="utf-8")
        edited = code.replace("        return markup.keep_punctuation(html)\n",
                              "        return markup.keep_punctuation(html).replace("
                              "'</body>', '<!-- made by the edited generator --></body>')\n", 1)
        assert edited != code
        render.write_text(edited, encoding="utf-8")
        assert _wait_for_port(proc.stderr) == port  # started again, where the pages look
        deadline = time.monotonic() + HANG
        while "made by the edited generator" not in _get(url):
            assert time.monotonic() < deadline, "the page was not rebuilt by the new code"
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=HANG)
    page = out / "it" / "uomo-nero" / "index.html"
    assert "made by the edited generator" in page.read_text(encoding="utf-8")
    build = subprocess.run([sys.executable, "-m", "generator", "build", *args], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=HANG)
    assert build.returncode == 0, build.stderr
    assert "up to date" in build.stderr  # made by the code that is there: nothing to redo


def _wait_for_port(stderr: IO[str]) -> str:
    deadline = time.monotonic() + HANG  # a first build: slow on a busy machine
    while time.monotonic() < deadline:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", stderr.readline())
        if found:
            return found.group(1)
    raise AssertionError("serve did not start")


def test_after_an_edit_the_pages_come_first_and_the_search_index_follows(tmp_path: Path) -> None:
    """A save made as soon as serve says its address is seen; it rebuilds the pages (the open
    ones reload at once), then the search index of the language whose pages changed: the
    index does catch up, after the pages."""
    import queue
    import threading

    rules = small_rules(tmp_path / "rules", games=("uomo-nero",), langs=("it",))
    args = ["--rules", str(rules), "--templates", str(ROOT / "templates"),
            "--out", str(tmp_path / "out" / "site"), "--no-pdf"]
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port", "0", *args],
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        lang = rules / "uomo-nero" / "it.yaml"
        text = lang.read_text(encoding="utf-8")
        port = _wait_for_port(proc.stderr)
        # saved once, the moment the address is said: serve says it once its watcher watches
        lang.write_text(text.replace("title: Uomo Nero", "title: Uomo Nerissimo", 1),
                        encoding="utf-8")
        said: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [said.put(line) for line in proc.stderr],  # type: ignore[union-attr]
                         daemon=True).start()
        url = f"http://127.0.0.1:{port}/it/uomo-nero/"
        deadline = time.monotonic() + HANG  # a bound on a hang, not a timing
        while "<h1>Uomo Nerissimo</h1>" not in _get(url):
            assert time.monotonic() < deadline, "the page was not rebuilt"
            time.sleep(0.2)
        lines = []
        while not any(line.startswith("search index updated") for line in lines):
            lines.append(said.get(timeout=HANG))  # queue.Empty: the search never caught up
        pages = next(i for i, line in enumerate(lines) if line.startswith("built: "))
        search = next(i for i, line in enumerate(lines) if line.startswith("search index updated"))
        assert pages < search, lines  # the pages first, then the search
    finally:
        proc.terminate()
        proc.wait(timeout=HANG)


def test_a_save_stops_the_search_pass_and_the_next_one_catches_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save made while serve indexes the last save's pages stops that pass (its pages wait
    for no indexing); the index stays the last one, the open pages are told the search is
    behind, and the pass after the next rebuild makes the index a clean build makes."""
    import threading

    from generator.cli import serve
    from generator.pipeline import BuildConfig, build
    from generator.pipeline import search as build_search

    rules = small_rules(tmp_path / "rules", games=("uomo-nero",), langs=("it",))
    out = tmp_path / "out" / "site"
    config = BuildConfig(rules, ROOT / "templates", out, pdf=False, workers=1, keep_games=True)
    live = serve.Live()
    assert serve.rebuild(config, first=True, live=live)

    first = search_bundle_of(out)
    lang = rules / "uomo-nero" / "it.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace(
        "title: Uomo Nero", "title: Uomo Nerissimo", 1), encoding="utf-8")
    indexing = threading.Event()
    real = build_search.language_indexes

    def held(pages: Any, *args: Any, stop: threading.Event, **kwargs: Any) -> Any:
        indexing.set()
        stop.wait(HANG)  # the pass is indexing when the next save comes in
        return real(pages, *args, stop=stop, **kwargs)

    monkeypatch.setattr(serve, "LATER_DELAY", 0.0)
    monkeypatch.setattr(build_search, "language_indexes", held)
    assert serve.rebuild(config, live=live)  # the pages, without the search
    assert "Uomo Nerissimo" in (out / "it" / "uomo-nero" / "index.html").read_text("utf-8")
    passing = serve.LaterPass(config, live)
    passing.start()
    assert live.state()["behind"] is not None
    assert indexing.wait(HANG), "the search pass never started indexing"
    generation = live.generation
    passing.stop()  # what the next save does first; it returns once the pass has ended
    assert live.state()["behind"] is not None  # still behind: said on the open pages
    assert live.generation == generation  # a search pass reloads no page
    assert search_bundle_of(out) == first  # the last index, whole: nothing half made

    monkeypatch.setattr(build_search, "language_indexes", real)
    passing.start()  # after the next rebuild: this one runs to its end
    deadline = time.monotonic() + HANG  # a bound on a hang, not a timing
    while live.state()["behind"]:
        assert time.monotonic() < deadline, "the search never caught up"
        time.sleep(0.05)
    passing.stop()
    clean = tmp_path / "clean"
    assert build(BuildConfig(rules, ROOT / "templates", clean, pdf=False, workers=1)).ok
    assert search_bundle_of(out) == search_bundle_of(clean) != first


def _pdfs_of(site: Path) -> dict[str, bytes]:
    return {rel: data for rel, data in files_of(site).items() if rel.endswith(".pdf")}


def test_a_save_shows_its_pages_before_its_pdfs_which_follow(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """serve's rebuild after a save leaves the edited game's PDFs as they were (the open pages
    wait for no PDF) and says on them that the PDFs are behind; a build that makes PDFs is then
    never "up to date" until it has made them, and the later pass makes exactly a clean
    build's."""
    from generator.cli import serve
    from generator.pipeline import BuildConfig, build, graph

    rules = small_rules(tmp_path / "rules", games=("uomo-nero",), langs=("it",))
    out = tmp_path / "out" / "site"
    config = BuildConfig(rules, ROOT / "templates", out, workers=1, keep_games=True)
    live = serve.Live("the search index and the PDFs are catching up")
    assert serve.rebuild(config, first=True, live=live)
    first = _pdfs_of(out)
    assert any(rel.startswith("it/") for rel in first) and any(rel.startswith("en/") for rel in first)

    lang = rules / "uomo-nero" / "it.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace(
        "title: Uomo Nero", "title: Uomo Nerissimo", 1), encoding="utf-8")
    assert serve.rebuild(config, live=live)  # the pages, without the search and the PDFs
    assert "Uomo Nerissimo" in (out / "it" / "uomo-nero" / "index.html").read_text("utf-8")
    assert _pdfs_of(out) == first  # left as they were
    assert graph.load_state(graph.state_path(out)).pdfs_pending
    assert serve.rebuild(config, live=live)  # a pages pass again: the PDFs stay pending
    assert _pdfs_of(out) == first

    monkeypatch.setattr(serve, "LATER_DELAY", 0.0)
    later = serve.LaterPass(config, live)
    later.start()
    assert live.state()["behind"] == "the search index and the PDFs are catching up"
    deadline = time.monotonic() + HANG  # a bound on a hang, not a timing
    while live.state()["behind"]:
        assert time.monotonic() < deadline, "the PDFs never caught up"
        time.sleep(0.05)
    later.stop()
    made = _pdfs_of(out)
    assert not graph.load_state(graph.state_path(out)).pdfs_pending
    clean = tmp_path / "clean"
    assert build(BuildConfig(rules, ROOT / "templates", clean, workers=1)).ok
    assert made == _pdfs_of(clean)
    changed = {rel for rel in made if made[rel] != first[rel]}
    assert changed and all(rel.startswith("it/") for rel in changed)  # the Italian ones alone
    assert build(config).up_to_date  # and now nothing is pending


def _pdf_workers() -> list[str]:
    """The PDF workers this process has forked and not yet reaped."""
    return subprocess.run(["pgrep", "-P", str(os.getpid()), "rulebook-pdf"],
                          capture_output=True, text=True, check=False).stdout.split()


def test_a_stop_ends_the_pdfs_at_once_and_keeps_the_last_site(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A build told to stop while its PDFs render kills their workers (it does not wait for
    the documents under way), publishes nothing and keeps the last graph: the next build
    makes what a clean build makes."""
    import threading

    from generator.pipeline import BuildConfig, build, graph
    from generator.runtime.pool import usable_workers

    if usable_workers(2, 8) < 2:
        pytest.skip("the PDFs' workers are killed only when there are workers (two cores)")
    rules = small_rules(tmp_path / "rules", games=("uomo-nero",), langs=("it",))
    out = tmp_path / "out" / "site"
    config = BuildConfig(rules, ROOT / "templates", out, search=False, workers=2)
    assert build(config).ok
    first, state = files_of(out), graph.state_path(out).read_bytes()
    lang = rules / "uomo-nero" / "it.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace(
        "title: Uomo Nero", "title: Uomo Nerissimo", 1), encoding="utf-8")
    # every PDF worker waits at its first document for as long as a test may take (a cache
    # of its own: none is found made): the build can only end by killing them
    monkeypatch.setenv("RULEBOOK_TEST_FAILPOINT", "pdf-render")
    monkeypatch.setenv("RULEBOOK_TEST_FAILPOINT_WAIT", str(HANG))
    stop = threading.Event()

    def stop_once_rendering() -> None:  # the PDF workers are there: the stop lands in their step
        deadline = time.monotonic() + HANG  # a bound on a hang, not a timing
        while not _pdf_workers() and time.monotonic() < deadline and not stop.is_set():
            time.sleep(0.05)
        stop.set()

    stopper = threading.Thread(target=stop_once_rendering, daemon=True)
    stopper.start()
    try:
        result = build(replace(config, stop=stop, cache=tmp_path / "cache"))
    finally:
        stop.set()
        stopper.join()
    assert result.stopped
    assert files_of(out) == first and graph.state_path(out).read_bytes() == state
    assert not _pdf_workers(), f"PDF workers left running: {_pdf_workers()}"
    monkeypatch.delenv("RULEBOOK_TEST_FAILPOINT")
    assert build(config).ok
    clean = tmp_path / "clean"
    assert build(BuildConfig(rules, ROOT / "templates", clean, search=False, workers=2)).ok
    assert files_of(out) == files_of(clean)


def test_the_open_page_of_a_save_is_shown_before_the_build_publishes(tmp_path: Path) -> None:
    """serve's rebuild renders the open pages it makes first and shows them at once (served
    from memory, the open pages reloaded), before publishing: what it showed is what it then
    publishes, and the pages reload once, not again after the publishing."""
    from generator.cli import serve
    from generator.pipeline import BuildConfig, GraphMemory

    rules = small_rules(tmp_path / "rules", games=("uomo-nero",), langs=("it",))
    out = tmp_path / "out" / "site"
    config = BuildConfig(rules, ROOT / "templates", out, pdf=False, workers=1, keep_games=True,
                         memory=GraphMemory())
    live = serve.Live()
    italian, english = "it/uomo-nero/index.html", "en/uomo-nero/index.html"
    live.opened(italian, 1)  # as a page's event stream does
    live.opened(english, 1)
    assert serve.rebuild(config, first=True, live=live)
    generation = live.generation
    shown: list[tuple[dict[str, bytes], bytes, bytes | None]] = []
    early = live.early

    def seen(pages: dict[str, bytes]) -> None:
        early(pages)
        shown.append((pages, (out / italian).read_bytes(), live.page(italian)))

    live.early = seen  # type: ignore[method-assign]
    lang = rules / "uomo-nero" / "it.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace(
        "title: Uomo Nero", "title: Uomo Nerissimo", 1), encoding="utf-8")
    assert serve.rebuild(config, live=live)
    [(pages, on_disk, served)] = shown  # once, with the one open page the edit changed
    assert list(pages) == [italian]
    assert "Uomo Nerissimo" in pages[italian].decode() and "Uomo Nerissimo" not in on_disk.decode()
    assert served == pages[italian]  # served from memory meanwhile
    assert (out / italian).read_bytes() == pages[italian]  # then published as shown
    assert live.page(italian) is None  # and served from the output folder again
    assert live.generation == generation + 1  # one reload

    def opened_meanwhile(pages: dict[str, bytes]) -> None:
        early(pages)
        live.opened("en/index.html", 1)  # a page opened while the build goes on: served as it was

    live.early = opened_meanwhile  # type: ignore[method-assign]
    lang.write_text(lang.read_text(encoding="utf-8").replace(
        "Uomo Nerissimo", "Uomo Nerone", 1), encoding="utf-8")
    assert serve.rebuild(config, live=live)
    assert live.generation == generation + 3  # shown early, then reloaded once published

    live.early = early  # type: ignore[method-assign]
    lang.write_text(lang.read_text(encoding="utf-8").replace(
        "Uomo Nerone", "Uomo Nero", 1), encoding="utf-8")
    live.opened(italian, -1)  # closed: a rebuild then shows nothing early, and reloads after
    assert serve.rebuild(config, live=live)
    assert live.generation == generation + 4
