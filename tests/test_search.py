"""The search bundle: Pagefind is handed the game pages from memory and makes of them what it
makes of the published site, the same bytes on every machine."""

from __future__ import annotations

import asyncio
import gzip
import html
import json
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import cbor2
import pytest

from generator.core.diagnostics import Report
from generator.web.search import ENTRY, bundle_of, language_indexes, pagefind_binary

pytestmark = pytest.mark.skipif(pagefind_binary() is None, reason="Pagefind is not installed")
GOLDEN = Path(__file__).parent / "golden"
SIGNATURE = b"pagefind_dcd"  # what Pagefind writes before the CBOR of each file, gzipped


def _decoded(data: bytes) -> Any:
    raw = gzip.decompress(data)
    assert raw.startswith(SIGNATURE)
    return cbor2.loads(raw[len(SIGNATURE):])


def _content(bundle: dict[str, bytes], lang: str) -> tuple[set[tuple[str, int]], dict[str, Any],
                                                            dict[str, bytes]]:
    """What a language's index says, whatever order it numbered the pages in: its pages
    (fragment, word count), each word's positions in each page, and the fragments' bytes."""
    meta_path = next(p for p in bundle if p.startswith(f"pagefind/pagefind.{lang}_"))
    meta = _decoded(bundle[meta_path])
    pages = [page[0] for page in meta[1]]
    words: dict[str, Any] = {}
    for path in sorted(p for p in bundle if p.startswith(f"pagefind/index/{lang}_")):
        for word, occurrences, *_ in _decoded(bundle[path])[0]:
            page, found = 0, {}
            for delta, positions, *_ in occurrences:  # page numbers are written as differences
                page += delta
                found[pages[page]] = positions
            words[word] = found
    fragments = {p: d for p, d in bundle.items() if p.startswith(f"pagefind/fragment/{lang}_")}
    return {(page[0], page[1]) for page in meta[1]}, words, fragments


def _without_hashes(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry file but the names of each language's index, which digest its page order."""
    return {**entry, "languages": {lang: {k: v for k, v in found.items() if k != "hash"}
                                   for lang, found in entry["languages"].items()}}


def _cli_bundle(pages: dict[str, bytes], tmp: Path) -> dict[str, bytes]:
    """What the Pagefind command makes of the pages written out as a site."""
    site, out = tmp / "site", tmp / "out"
    for rel, data in pages.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)
    subprocess.run([str(pagefind_binary()), "--site", str(site), "--output-path", str(out),
                    "--keep-index-url", "--silent"], check=True, capture_output=True)
    return {f"pagefind/{p.relative_to(out).as_posix()}": p.read_bytes()
            for p in out.rglob("*") if p.is_file()}


def _golden_pages() -> dict[str, bytes]:
    """The golden game and numbers pages, under the paths they are built at: their example
    rounds and the numbers' tables carry data-pagefind-ignore."""
    return {p.name.replace("__", "/"): p.read_bytes() for p in sorted(GOLDEN.glob("*.html"))}


@pytest.mark.parametrize("which", ["golden", pytest.param("built", marks=pytest.mark.pdf)])
def test_the_bundle_is_what_pagefind_makes_of_the_published_pages(
        tmp_path: Path, which: str, request: pytest.FixtureRequest) -> None:
    """Given only the game and numbers pages, from memory, the service makes the index the
    command makes of every page of the folder as published (quick references, index and not-found pages
    included: Pagefind leaves out what does not mark its body): the same pages, words and
    positions, and fragments byte for byte. The built site's English and Arabic pages hold
    both families' example rounds."""
    if which == "built":
        folder: Path = request.getfixturevalue("built")
        published = {p.relative_to(folder).as_posix(): p.read_bytes()
                     for lang in ("en", "ar") for p in sorted((folder / lang).rglob("*.html"))}
        game_pages = {rel: data for rel, data in published.items()  # and the numbers pages
                      if rel.count("/") == 2 and rel.endswith("/index.html")
                      or rel.endswith("/numbers/index.html")}
    else:
        published = game_pages = _golden_pages()
    by_language: dict[str, dict[str, bytes]] = {}
    for rel, data in game_pages.items():
        by_language.setdefault(rel.split("/")[0], {})[rel] = data
    report = Report()
    indexes = language_indexes(by_language, report)
    assert indexes is not None, [d.format() for d in report.items]
    bundle = bundle_of(indexes)
    expected = _cli_bundle(published, tmp_path)
    assert _without_hashes(json.loads(bundle.pop(ENTRY))) == \
        _without_hashes(json.loads(expected.pop(ENTRY)))
    for lang in by_language:
        assert _content(bundle, lang) == _content(expected, lang), lang
    assert {p for p in bundle if "/fragment/" not in p and "/index/" not in p
            and ".pf_meta" not in p} == \
        {p for p in expected if "/fragment/" not in p and "/index/" not in p
         and ".pf_meta" not in p}  # the same script, styles and wasm files


def _fragment_texts(files: dict[str, bytes]) -> dict[str, str]:
    """Each page's text as Pagefind keeps it for the excerpts of its results."""
    texts = {}
    for path, data in files.items():
        if "/fragment/" in path:
            fragment = json.loads(gzip.decompress(data)[len(SIGNATURE):])
            texts[fragment["url"].lstrip("/")] = fragment["content"]
    return texts


def _plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def test_a_term_and_what_it_says_are_apart_in_the_excerpts() -> None:
    """A result's excerpt reads "Players 2–6", "Draws in a hand 4.7", "Trick A round of...":
    each term (a fact, a figure, a glossary word, a question) and its value or answer stay
    words apart in the text Pagefind keeps, not run into one ("Players2–6")."""
    pages = {k: v for k, v in _golden_pages().items() if k.startswith("en/")}
    made = language_indexes({"en": pages}, Report(), workers=1)
    assert made is not None
    texts = _fragment_texts(made["en"].files)
    checked = 0
    for path, page in pages.items():
        body = page.decode("utf-8")
        for term, said in re.findall(r"<dt[^>]*>(.*?)</dt>\s*<dd[^>]*>(.*?)</dd>", body, re.S):
            term, said = _plain(term), _plain(said)
            if term and said and f"{term}{said[:3]}" in texts[path].replace(" ", ""):
                assert f"{term} {said[:3]}" in texts[path], (path, term, said)
                checked += 1
    assert checked >= 5  # the facts, the figures, the glossary and the FAQ of two pages (not the
    # card key, which the search leaves out)


def test_the_search_is_made_from_inside_a_running_event_loop_too() -> None:
    """A build called from async code (a notebook, a server) still gets its search."""
    pages = {"en": {rel: data for rel, data in _golden_pages().items() if rel.startswith("en/")}}

    async def inside() -> dict[str, bytes]:
        indexes = language_indexes(pages, Report(), workers=1)
        assert indexes is not None
        return bundle_of(indexes)

    with ThreadPoolExecutor(max_workers=1) as thread:  # a thread of the test's own, loop-free
        bundle = thread.submit(asyncio.run, inside()).result()
    assert ENTRY in bundle and any("/fragment/en_" in rel for rel in bundle)


@pytest.mark.slow
def test_a_language_of_a_big_site_is_indexed_whole() -> None:
    """Pagefind's answer with a big language's files is more than its client reads at once
    (2 MiB): it is read whole, not waited for for ever."""
    page = _golden_pages()["en/black-peter/index.html"]
    pages = {f"en/copy-{i}/index.html": page.replace(b"Black Peter", f"Peter {i}".encode())
             for i in range(300)}
    indexes = language_indexes({"en": pages}, Report(), workers=1)
    assert indexes is not None and indexes["en"].entry["languages"]["en"]["page_count"] == 300
    assert sum(len(data) for data in indexes["en"].files.values()) * 4 / 3 > 2 * 2**20
    again = language_indexes({"en": dict(reversed(list(pages.items())))}, Report(), workers=1)
    assert again is not None and bundle_of(again) == bundle_of(indexes)  # sent a few at a time


def test_the_bundle_is_the_same_bytes_whatever_order_the_pages_come_in() -> None:
    pages = _golden_pages()
    by_language = {rel.split("/")[0]: {rel: data} for rel, data in pages.items()}
    en = {**by_language["en"], "en/copy/index.html": pages[next(iter(by_language["en"]))]}
    forward = language_indexes({"en": en, **{k: v for k, v in by_language.items() if k != "en"}},
                               Report())
    backward = language_indexes({k: dict(reversed(list(v.items())))
                                 for k, v in reversed(list({**by_language, "en": en}.items()))},
                                Report(), workers=1)
    assert forward is not None and backward is not None
    assert bundle_of(forward) == bundle_of(backward)


def _pagefind_processes() -> set[int]:
    """The Pagefind processes this test process started and that still run."""
    import os

    mine, found = os.getpid(), set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines()
                          if ":\t" in line)
        except OSError:
            continue  # it ended while read
        if fields.get("PPid", "").strip() == str(mine) and "pagefind" in fields.get("Name", ""):
            found.add(int(status.parent.name))
    return found


def test_a_stopped_indexing_ends_between_two_indexes_and_closes_its_services() -> None:
    """serve stops the search of the last save when a new save comes in: with the stop set
    once the first language is indexed, the next one is not made, SearchStopped is raised
    (no partial bundle) and no Pagefind process is left running."""
    import threading

    from generator.web.search import SearchStopped

    pages = _golden_pages()
    by_language: dict[str, dict[str, bytes]] = {}
    for rel, data in pages.items():
        by_language.setdefault(rel.split("/")[0], {})[rel] = data
    assert len(by_language) >= 2
    stop, indexed = threading.Event(), []

    def advance(done: int) -> None:
        indexed.append(done)
        stop.set()  # a save came in while the first language was being indexed

    before = _pagefind_processes()
    with pytest.raises(SearchStopped):
        language_indexes(by_language, Report(), workers=1, advance=advance, stop=stop)
    assert indexed == [1]  # one index made, the next stopped before its first page
    assert _pagefind_processes() <= before
    again = language_indexes(by_language, Report(), workers=1)  # unstopped: whole
    assert again is not None and set(again) == set(by_language)
