"""A language with many pages is indexed in shards (Pagefind holds an index in memory while it
makes it): each shard a bundle folder of its own, merged by the reader's browser into one
search; an edit indexes its shard again, not the whole language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import (
    PAIRS_GAME,
    TEMPLATES,
    TRICKS_GAME,
    files_of,
    search_bundle_of,
    serve_folder,
    small_rules,
)
from generator.pipeline import BuildConfig, build
from generator.pipeline import search as build_search
from generator.pipeline.graph import state_path
from generator.web import search
from generator.web.search import shard_folder, shards

pytestmark = pytest.mark.skipif(search.pagefind_binary() is None,
                                reason="Pagefind is not installed")
SHARD = 2  # pages: the four games' 8 pages of a language make four shards
GAMES = (PAIRS_GAME, TRICKS_GAME, "hearts", "chat-noir")  # both families; the last two link to peppa


def test_shards_are_even_keep_a_games_pages_together_and_cover_every_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "SHARD_PAGES", 6)
    pages = [f"en/game{i:02}/index.html" for i in range(10)] + \
        [f"en/game{i:02}/numbers/index.html" for i in range(10)]
    made = shards(reversed(pages))
    assert len(made) == 4 and sorted(p for s in made for p in s) == sorted(pages)
    assert max(map(len, made)) - min(map(len, made)) <= 2
    for shard in made:  # a game's two pages in one shard
        assert {p.split("/")[1] for p in shard} == {p.split("/")[1] for p in shard
                                                    if p.endswith("numbers/index.html")}
    monkeypatch.setattr(search, "SHARD_PAGES", 400)
    assert shards(pages) == [sorted(pages)]  # a small site: one index, as before


def test_a_mid_sized_language_is_split_for_quick_edits_and_a_big_one_for_memory() -> None:
    """Up to four shards of about 140 pages (an edit indexes one of them again), never a
    shard over 400 pages (Pagefind holds an index in memory while it makes it)."""
    def language(games: int) -> list[str]:
        return [f"en/g{i:04}/{page}" for i in range(games)
                for page in ("index.html", "numbers/index.html")]

    def sizes(games: int) -> list[int]:
        return [len(shard) for shard in shards(language(games))]

    assert sizes(16) == [32]  # the corpus of today: one index
    assert sizes(70) == [140]
    assert sizes(71) == [72, 70]
    assert sizes(260) == [130, 130, 130, 130]  # issue 40's site: four shards, not two
    assert len(sizes(800)) == 4 and max(sizes(800)) == 400
    assert len(sizes(1300)) == 7 and max(sizes(1300)) <= 400  # as many as memory asks


@pytest.fixture(scope="module")
def sharded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """Four real games built with indexes of at most two pages: (rules, site)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "SHARD_PAGES", SHARD)
        tmp = tmp_path_factory.mktemp("sharded")
        rules = small_rules(tmp / "rules", games=GAMES)
        out = tmp / "site"
        result = build(BuildConfig(rules, TEMPLATES, out, pdf=False, workers=1))
        assert result.ok, [d.format() for d in result.report.errors]
        yield rules, out


def _box(page: Path) -> dict[str, Any]:
    found = re.search(r'data-search="([^"]+)"', page.read_text(encoding="utf-8"))
    assert found is not None
    return dict(json.loads(found.group(1).replace("&#34;", '"').replace("&quot;", '"')
                           .replace("&amp;", "&")))


@pytest.mark.site
def test_each_shard_is_a_bundle_folder_the_pages_name(sharded: tuple[Path, Path]) -> None:
    _, site = sharded
    folders = sorted(p.name for p in site.iterdir() if p.name.startswith("pagefind"))
    assert folders == [shard_folder(n) for n in range(4)]
    for folder in folders:
        entry = json.loads((site / folder / "pagefind-entry.json").read_text(encoding="utf-8"))
        assert sorted(entry["languages"]) == ["ar", "de", "en", "it", "ro", "ru"]
    box = _box(site / "en" / "index.html")  # the language's index holds the search box
    assert box["bundle"] == "../pagefind/"
    assert box["merge"] == ["../pagefind-2/", "../pagefind-3/", "../pagefind-4/"]


@pytest.mark.site
def test_an_edit_indexes_its_shard_again_and_nothing_else(
        sharded: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    rules, site = sharded
    monkeypatch.setattr(search, "SHARD_PAGES", SHARD)
    indexed: list[str] = []
    real = build_search.language_indexes

    def recorded(pages: Any, *args: Any, **kwargs: Any) -> Any:
        indexed.extend(pages)
        return real(pages, *args, **kwargs)

    monkeypatch.setattr(build_search, "language_indexes", recorded)
    prose = rules / "hearts" / "ru.yaml"  # a translation: no other language's page changes
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text.replace("description: >-\n  ", "description: >-\n  Shardword. ", 1),
                     encoding="utf-8")
    try:
        result = build(BuildConfig(rules, TEMPLATES, site, pdf=False, workers=1))
        assert result.ok
        assert len(indexed) == 1 and indexed[0].split(":")[0] == "ru", indexed
    finally:
        prose.write_text(text, encoding="utf-8")
        assert build(BuildConfig(rules, TEMPLATES, site, pdf=False, workers=1)).ok


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_browser_searches_every_shard(sharded: tuple[Path, Path], browser: Any,
                                          lang: str) -> None:
    _, site = sharded
    httpd, server = serve_folder(site)
    try:
        page = browser.new_page()
        page.goto(f"{server}/{lang}/index.html")
        found: set[str] = set()
        for word in ("♠", "2♣"):  # on nearly every game page, whichever shard it is in
            page.locator("#search-input").fill(word)
            page.wait_for_function("document.querySelectorAll('.search-result a').length >= 4",
                                   timeout=15000)
            found |= set(page.evaluate(
                "[...document.querySelectorAll('.search-result a')].map(a => a.pathname)"))
        shards_hit = {n for n in range(4) for p in found
                      if any(p.startswith("/" + rel.rsplit("index.html", 1)[0])
                             for rel in _shard_pages(site, lang, n))}
        assert len(shards_hit) >= 2, found  # results from more than the first shard
        page.close()
    finally:
        httpd.shutdown()


def _shard_pages(site: Path, lang: str, number: int) -> list[str]:
    pages = sorted(p.relative_to(site).as_posix() for pattern in ("*/index.html",
                                                                   "*/numbers/index.html")
                   for p in (site / lang).glob(pattern))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "SHARD_PAGES", SHARD)
        made = shards(pages)
    return made[number] if number < len(made) else []


@pytest.mark.site
def test_a_stopped_build_publishes_nothing_and_the_next_build_does_it_all(
        tmp_path: Path) -> None:
    """serve's search pass stopped by a new save (``BuildConfig.stop``): the build is
    abandoned, the output folder and the graph stay the last build's byte for byte, and the
    next build publishes the edit's pages and indexes its language as a clean build would."""
    import threading

    rules = small_rules(tmp_path / "rules", games=(PAIRS_GAME,), langs=("it",))
    site = tmp_path / "site"
    assert build(BuildConfig(rules, TEMPLATES, site, pdf=False, workers=1)).ok

    last, last_bundle = files_of(site), search_bundle_of(site)
    graph_file = state_path(site)
    graph_bytes = graph_file.read_bytes()
    prose = rules / PAIRS_GAME / "it.yaml"
    prose.write_text(prose.read_text(encoding="utf-8").replace(
        "description: >-\n  ", "description: >-\n  Parolafermata. ", 1), encoding="utf-8")
    stop = threading.Event()
    stop.set()
    stopped = build(BuildConfig(rules, TEMPLATES, site, pdf=False, workers=1, stop=stop))
    assert stopped.ok and stopped.stopped and not stopped.written
    assert files_of(site) == last  # nothing published, not even the edited pages
    assert graph_file.read_bytes() == graph_bytes  # nor a graph: the next build redoes it
    caught_up = build(BuildConfig(rules, TEMPLATES, site, pdf=False, workers=1))
    assert caught_up.ok and not caught_up.stopped and caught_up.written
    assert any("Parolafermata" in page.read_text(encoding="utf-8")
               for page in (site / "it").glob("*/index.html"))
    clean = tmp_path / "clean"
    assert build(BuildConfig(rules, TEMPLATES, clean, pdf=False, workers=1)).ok
    assert search_bundle_of(site) == search_bundle_of(clean) != last_bundle
