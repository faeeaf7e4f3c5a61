"""Full-text search: Pagefind's bundle for the site, one index per language.

Pagefind reads the pages' ``<html lang>`` and makes one index per language (with that
language's stemming); only game pages are indexed (their article carries
``data-pagefind-body``). It runs on the rendered pages before they are published, and its files
join the site's, so they go into the staging folder and the atomic swap like every other file.
Pagefind is optional: without its binary the site is built without search, with a warning.

Each language is indexed by a Pagefind run of its own (side by side on the cores), which
writes the very files a run over the whole site writes for it: an edit in one language
indexes that language again, and the entry file is merged from the languages' entries.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..core.diagnostics import Mark, Report

BUNDLE = "pagefind"  # the folder of the search bundle in the site
ENTRY = f"{BUNDLE}/pagefind-entry.json"
_TIMEOUT = 300  # seconds; indexing this site takes well under one


def pagefind_binary() -> Path | None:
    """The Pagefind binary of the PyPI package (``pagefind[extended]`` or ``pagefind[bin]``),
    or one on PATH; None when there is none."""
    try:
        from pagefind.service import get_executable
    except ImportError:
        return None
    found = get_executable()
    return found if found is not None and found.is_file() else None


# A start tag that carries data-pagefind-body (in text and attribute values "<" is escaped).
_BODY = re.compile(rb"<[A-Za-z][^<>]*\sdata-pagefind-body[\s=>]")


def _indexed_pages(files: Mapping[str, bytes]) -> dict[str, bytes]:
    """The HTML pages Pagefind is given. Once a page marks its body, Pagefind leaves out
    every page without the mark: then only the pages whose bytes name the mark are written
    for it (the same index, from half the pages of a game site: the quick references carry
    no mark). Without a mark it indexes every page, and gets every page. Either way, the
    elements a page tells Pagefind to ignore are cut out first (``without_ignored``)."""
    pages = {rel: data for rel, data in files.items() if rel.endswith(".html")}
    naming = {rel: data for rel, data in pages.items() if b"data-pagefind-body" in data}
    chosen = naming if any(_BODY.search(data) for data in naming.values()) else pages
    return {rel: without_ignored(data) for rel, data in chosen.items()}


# The start tag of an element Pagefind ignores, and the tags that open or close one of a name.
_IGNORED = re.compile(rb"<([a-z][a-z0-9]*)\b[^<>]*\sdata-pagefind-ignore[\s=>]")
_TAGS: dict[bytes, re.Pattern[bytes]] = {}
_VOID = {b"area", b"base", b"br", b"col", b"embed", b"hr", b"img", b"input", b"link", b"meta",
         b"source", b"track", b"wbr"}


def without_ignored(page: bytes) -> bytes:
    """``page`` without its elements marked ``data-pagefind-ignore``: Pagefind makes the same
    index of it (tests/test_search.py proves it on the golden pages) in a third less time,
    as it no longer parses the example rounds' hands and tables. A page whose marked element
    does not close is given as it is."""
    parts, at = [], 0
    while (start := _IGNORED.search(page, at)) is not None:
        name = start.group(1)
        if name in _VOID:  # nothing inside: the tag alone goes
            parts.append(page[at:start.start()])
            at = page.index(b">", start.end() - 1) + 1
            continue
        tags = _TAGS.get(name) or _TAGS.setdefault(name, re.compile(rb"<(/?)" + name + rb"[\s>]"))
        depth, pos = 1, start.end()
        while depth:
            tag = tags.search(page, pos)
            if tag is None:
                return page
            depth += -1 if tag.group(1) else 1
            pos = tag.end()
        parts.append(page[at:start.start()])
        at = page.index(b">", pos - 1) + 1
    parts.append(page[at:])
    return b"".join(parts)


@dataclass
class LanguageIndex:
    """Pagefind's files for one language's pages (a run over them alone makes the same files
    as a run over the whole site), and that language's entry in ``pagefind-entry.json``."""

    files: dict[str, bytes]  # pagefind/... -> bytes, the entry file left out
    entry: dict[str, Any]  # the whole entry file of this run (its languages: just this one)


def language_of(page: str, languages: Iterable[str]) -> str | None:
    """The language whose index a page goes into: its folder ('en/hearts/index.html' -> en);
    the pages at the top (the root, the 404) carry nothing to index."""
    first = page.split("/", 1)[0]
    return first if first in languages and "/" in page else None


def search_bundle(files: Mapping[str, bytes], report: Report, *,
                  binary: Path | None = None) -> dict[str, bytes]:
    """Pagefind's files for the HTML pages among ``files`` (``pagefind/...`` -> bytes); none,
    with a warning, when Pagefind is missing or fails."""
    languages = {p.split("/", 1)[0] for p in files if "/" in p}
    by_language: dict[str, dict[str, bytes]] = {}
    for rel, data in files.items():
        lang = language_of(rel, languages) if rel.endswith(".html") else None
        if lang is not None:
            by_language.setdefault(lang, {})[rel] = data
    indexes = language_indexes(by_language, report, binary=binary)
    return bundle_of(indexes) if indexes is not None else {}


def language_indexes(pages: Mapping[str, Mapping[str, bytes]], report: Report, *,
                     binary: Path | None = None, workers: int = 0
                     ) -> dict[str, LanguageIndex] | None:
    """Each language's index, made from its pages (``lang -> {path: html}``), the languages
    side by side (one Pagefind process each, ``workers`` at a time: 0, one per core); None,
    with a warning, when Pagefind is missing or fails."""
    binary = binary or pagefind_binary()
    if binary is None:
        report.warning(Mark(BUNDLE), "no-search",
                       "Pagefind is not installed: the site is built without its search",
                       hint="pip install 'pagefind[extended]'")
        return None
    found: dict[str, LanguageIndex | str] = {}
    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        runs = {lang: pool.submit(_index_one, binary, files) for lang, files in pages.items()}
        for lang, run in runs.items():
            found[lang] = run.result()
    problems = [p for p in found.values() if isinstance(p, str)]
    if problems:
        report.warning(Mark(str(binary)), "no-search", problems[0],
                       hint="the site is built without its search")
        return None
    return {lang: index for lang, index in found.items() if isinstance(index, LanguageIndex)}


def _index_one(binary: Path, pages: Mapping[str, bytes]) -> LanguageIndex | str:
    with tempfile.TemporaryDirectory(prefix="rulebook-search-") as tmp:
        site, out = Path(tmp) / "site", Path(tmp) / BUNDLE
        for rel, data in _indexed_pages(pages).items():
            target = site / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        try:
            run = subprocess.run([str(binary), "--site", str(site), "--output-path", str(out),
                                  "--keep-index-url", "--silent"],
                                 capture_output=True, text=True, timeout=_TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"Pagefind could not index the site: {error}"
        if run.returncode != 0 or not out.is_dir():
            last = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no output"]
            return f"Pagefind failed (exit {run.returncode}): {last[0]}"
        files = {f"{BUNDLE}/{p.relative_to(out).as_posix()}": p.read_bytes()
                 for p in sorted(out.rglob("*")) if p.is_file()}
    try:
        entry = json.loads(files.pop(ENTRY))
    except (KeyError, ValueError):
        return "Pagefind wrote no readable pagefind-entry.json"
    return LanguageIndex(files, entry)


def bundle_of(indexes: Mapping[str, LanguageIndex]) -> dict[str, bytes]:
    """The site's search bundle: every language's files, and one entry file naming them all
    (its keys sorted: the same site, the same bytes)."""
    files: dict[str, bytes] = {}
    entry: dict[str, Any] = {}
    for lang in sorted(indexes):
        index = indexes[lang]
        files |= index.files
        languages = {**entry.get("languages", {}), **index.entry.get("languages", {})}
        entry = {**entry, **index.entry, "languages": languages}
    if entry:
        files[ENTRY] = json.dumps(entry, ensure_ascii=False, sort_keys=True,
                                  separators=(",", ":")).encode("utf-8")
    return files
