"""Full-text search: Pagefind's bundle for the site, one index per language.

Pagefind reads the pages' ``<html lang>`` and makes one index per language (with that
language's stemming); only game pages are indexed (their article carries
``data-pagefind-body``). It runs on the rendered pages before they are published, and its files
join the site's, so they go into the staging folder and the atomic swap like every other file.
Pagefind is optional: without its binary the site is built without search, with a warning.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path

from .diagnostics import Mark, Report

BUNDLE = "pagefind"  # the folder of the search bundle in the site
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


def _indexed_pages(files: dict[str, bytes]) -> dict[str, bytes]:
    """The HTML pages Pagefind is given. Once a page marks its body, Pagefind leaves out
    every page without the mark: then only the pages whose bytes name the mark are written
    for it (the same index, from half the pages of a game site: the quick references carry
    no mark). Without a mark it indexes every page, and gets every page."""
    pages = {rel: data for rel, data in files.items() if rel.endswith(".html")}
    naming = {rel: data for rel, data in pages.items() if b"data-pagefind-body" in data}
    return naming if any(_BODY.search(data) for data in naming.values()) else pages


def search_bundle(files: dict[str, bytes], report: Report, *,
                  binary: Path | None = None) -> dict[str, bytes]:
    """Pagefind's files for the HTML pages among ``files`` (``pagefind/...`` -> bytes); none,
    with a warning, when Pagefind is missing or fails."""
    binary = binary or pagefind_binary()
    if binary is None:
        report.warning(Mark(BUNDLE), "no-search",
                       "Pagefind is not installed: the site is built without its search",
                       hint="pip install 'pagefind[extended]'")
        return {}
    with tempfile.TemporaryDirectory(prefix="rulebook-search-") as tmp:
        site, out = Path(tmp) / "site", Path(tmp) / BUNDLE
        for rel, data in _indexed_pages(files).items():
            target = site / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        try:
            run = subprocess.run([str(binary), "--site", str(site), "--output-path", str(out),
                                  "--keep-index-url", "--silent"],
                                 capture_output=True, text=True, timeout=_TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            report.warning(Mark(str(binary)), "no-search",
                           f"Pagefind could not index the site: {error}",
                           hint="the site is built without its search")
            return {}
        if run.returncode != 0 or not out.is_dir():
            last = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no output"]
            report.warning(Mark(str(binary)), "no-search",
                           f"Pagefind failed (exit {run.returncode}): {last[0]}",
                           hint="the site is built without its search")
            return {}
        bundle = {f"{BUNDLE}/{p.relative_to(out).as_posix()}": p.read_bytes()
                  for p in sorted(out.rglob("*")) if p.is_file()}
    entry = f"{BUNDLE}/pagefind-entry.json"
    if entry in bundle:  # its languages come in a random order: the same site, the same bytes
        bundle[entry] = json.dumps(json.loads(bundle[entry]), ensure_ascii=False, sort_keys=True,
                                   separators=(",", ":")).encode("utf-8")
    return bundle
