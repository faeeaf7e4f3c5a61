"""What a reader's first search downloads: prints figures, asserts nothing.

The synthetic corpus of bench_site.py (the real games and ``--copies`` copies of each: 15
copies of today's 16 games make 256) is built without PDFs, with its search, and served on
localhost. In Debian's Chromium, with an empty browser cache for each query, the language's
index (where the search box is) is opened and one query typed into the box; every file of the
search fetched from the page's opening until the results are shown is counted (Pagefind's
module and its WebAssembly, each shard's entry and metadata, the index chunks and the
fragments of the results shown).

Sizes are what travels: Pagefind's index files (.pf_*) are gzip already and go as they are;
the others (JavaScript, WebAssembly, JSON) as a web server compresses them (gzip -6).
Issue 40's bound: at most 300 KB at 260 games.

    python bench/bench_first_search.py [--copies 15] [--lang en] [--query "queen of spades" ...]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import synthetic_corpus  # noqa: E402

from generator.pipeline import BuildConfig, build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
QUERIES = ("queen of spades", "how many cards", "who starts")
LIMIT_KB = 300


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def _serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def _kind(url: str) -> str:
    name = url.split("?", 1)[0].rsplit("/", 1)[-1]  # pagefind-entry.json?ts=...
    if name.startswith("wasm.") or name.endswith(".wasm"):
        return "WebAssembly"
    for ending, kind in ((".pf_fragment", "fragments"), (".pf_index", "index chunks"),
                         (".pf_meta", "metadata"), (".pf_filter", "filters"),
                         (".json", "entry"), (".js", "JavaScript")):
        if name.endswith(ending):
            return kind
    return "other"


def _travels(url: str, body: bytes) -> int:
    """The bytes that cross the network: .pf_* files are gzip already, others compressed."""
    return len(body) if ".pf_" in url else len(gzip.compress(body, compresslevel=6))


def first_search(base: str, page: str, query: str) -> tuple[int, Counter[str], Counter[str], int]:
    """Bytes fetched by the search until the first results show: in all, by kind, files by
    kind, and the results' count shown."""
    from playwright.sync_api import sync_playwright

    fetched: list[tuple[str, bytes]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context()  # an empty cache
        tab = context.new_page()

        def seen(response: object) -> None:
            url = response.url  # type: ignore[attr-defined]
            if "/pagefind" in url and response.ok:  # type: ignore[attr-defined]
                fetched.append((url, response.body()))  # type: ignore[attr-defined]

        tab.on("response", seen)
        tab.goto(f"{base}/{page}")
        tab.wait_for_function("() => !document.getElementById('search').hidden", timeout=120_000)
        tab.fill("#search-input", query)
        tab.wait_for_function("() => document.querySelectorAll('#search-results li').length > 0",
                              timeout=120_000)
        tab.wait_for_load_state("networkidle")
        shown = tab.evaluate("document.querySelectorAll('#search-results li').length")
        browser.close()
    by_kind: Counter[str] = Counter()
    files: Counter[str] = Counter()
    for url, body in fetched:
        by_kind[_kind(url)] += _travels(url, body)
        files[_kind(url)] += 1
    return sum(by_kind.values()), by_kind, files, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=15)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--query", action="append")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rules = synthetic_corpus(Path(tmp), args.copies)
        games = len(list(rules.glob("*/game.yaml")))
        out = Path(tmp) / "site"
        result = build(BuildConfig(rules, ROOT / "templates", out, pdf=False))
        if not result.ok:
            raise SystemExit("the synthetic corpus did not build:\n" + "\n".join(
                d.format() for d in result.report.errors[:10]))
        httpd, base = _serve(out)
        try:
            page = f"{args.lang}/index.html"  # the language's index, where the search box is
            print(f"{games} games, language {args.lang}, page {page}")
            for query in args.query or QUERIES:
                total, by_kind, files, shown = first_search(base, page, query)
                parts = ", ".join(f"{kind} {size / 1024:.0f} KB ({files[kind]})"
                                  for kind, size in by_kind.most_common())
                print(f"  {query!r}: {total / 1024:.0f} KB before the first {shown} results "
                      f"(bound {LIMIT_KB} KB): {parts}")
        finally:
            httpd.shutdown()


if __name__ == "__main__":
    main()
