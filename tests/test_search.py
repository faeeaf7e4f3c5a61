"""The search bundle: Pagefind is given the pages it indexes, and makes the same index."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from generator.core.diagnostics import Report
from generator.web.search import _indexed_pages, pagefind_binary, search_bundle, without_ignored


def _page(lang: str, body: str, *, marked: bool) -> bytes:
    mark = " data-pagefind-body" if marked else ""
    return (f'<!doctype html><html lang="{lang}"><head><title>{body}</title></head><body>'
            f'<main><article class="game"{mark}><h1>{body}</h1><p>{body} is played with '
            "a pack of cards.</p></article></main></body></html>").encode()


PAGES = {
    "en/hearts/index.html": _page("en", "Hearts", marked=True),
    "en/hearts/quickref/index.html": _page("en", "Quick reference: Hearts", marked=False),
    "it/cuori/index.html": _page("it", "Cuori", marked=True),
    "en/index.html": _page("en", "Games data-pagefind-body in words only", marked=False),
    "static/site.css": b"body{}",
}


def test_only_pages_that_may_carry_the_body_mark_are_indexed() -> None:
    # the index page names the mark only in its text: given to Pagefind, which skips it
    assert set(_indexed_pages(PAGES)) == {"en/hearts/index.html", "it/cuori/index.html",
                                          "en/index.html"}


def test_without_a_body_mark_every_page_is_indexed() -> None:
    pages = {"en/a/index.html": _page("en", "A", marked=False),
             "en/b/index.html": _page("en", "B data-pagefind-body", marked=False)}
    assert set(_indexed_pages(pages)) == set(pages)


GOLDEN = Path(__file__).parent / "golden"


def _golden_pages() -> dict[str, bytes]:
    """The golden game pages, under the paths they are built at: their example rounds and
    numbers carry data-pagefind-ignore."""
    return {p.name.replace("__", "/"): p.read_bytes() for p in sorted(GOLDEN.glob("*.html"))}


@pytest.mark.parametrize("which", ["small", "golden", "built"])
def test_the_bundle_is_the_one_pagefind_makes_of_every_page(tmp_path: Path, which: str,
                                                            request: pytest.FixtureRequest) -> None:
    """What Pagefind makes of the pages as published (its own ignoring included) is what the
    build makes of them: fewer pages given, and the ignored elements cut out beforehand. The
    built site's English and Arabic pages hold both families' example rounds."""
    if which == "built":
        site_folder: Path = request.getfixturevalue("built")
        pages = {p.relative_to(site_folder).as_posix(): p.read_bytes()
                 for lang in ("en", "ar") for p in sorted((site_folder / lang).rglob("*.html"))}
    else:
        pages = PAGES if which == "small" else _golden_pages()
    binary = pagefind_binary()
    if binary is None:
        pytest.skip("Pagefind is not installed")
    bundle = search_bundle(pages, Report())
    site, out = tmp_path / "site", tmp_path / "out"
    for rel, data in pages.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)
    subprocess.run([str(binary), "--site", str(site), "--output-path", str(out),
                    "--keep-index-url", "--silent"], check=True, capture_output=True)
    everything = {f"pagefind/{p.relative_to(out).as_posix()}": p.read_bytes()
                  for p in out.rglob("*") if p.is_file()}
    entry = "pagefind/pagefind-entry.json"
    assert json.loads(bundle.pop(entry)) == json.loads(everything.pop(entry))
    assert bundle == everything
    assert any("/fragment/" in rel for rel in bundle)


def test_ignored_elements_are_cut_out_whole() -> None:
    page = (b'<main data-pagefind-body><p>keep 1</p>'
            b'<div data-pagefind-ignore class="a"><div><p>gone</p></div><div>gone</div></div>'
            b'<p>keep 2</p><table class="hands" data-pagefind-ignore><tr><td>K</td></tr></table>'
            b'<section data-pagefind-ignore="all" id="n"><section><h2>x</h2></section></section>'
            b'<img data-pagefind-ignore src="a.png" alt="gone"><p>keep 3</p></main>')
    assert without_ignored(page) == (b"<main data-pagefind-body><p>keep 1</p><p>keep 2</p>"
                                     b"<p>keep 3</p></main>")


def test_a_page_whose_ignored_element_never_closes_is_given_whole() -> None:
    page = b"<main><p>a</p><div data-pagefind-ignore><p>b</p></main>"
    assert without_ignored(page) == page
    assert without_ignored(b"<p>nothing to cut</p>") == b"<p>nothing to cut</p>"
