"""Web-font benchmarks: prints figures, asserts nothing. Run with `make bench`.

The print faces cut to the site's characters as WOFF2 (generator/web/fonts.py): the time to
collect the characters, to cut every face with an empty cache and with a warm one, and the
sizes before and after.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.core.languages import LANGUAGES  # noqa: E402
from generator.pipeline import BuildConfig, build  # noqa: E402
from generator.runtime.cache import Cache  # noqa: E402
from generator.web.fonts import print_faces, site_characters, web_faces  # noqa: E402

TEMPLATES = ROOT / "templates"


def main(runs: int = 3) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"  # the real pipeline's pages, read back from the output
        result = build(BuildConfig(ROOT / "rules", TEMPLATES, site, pdf=False, search=False,
                                   cache=Path(tmp) / "build-cache"))
        assert result.ok, [d.format() for d in result.report.errors][:5]
        files = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
                 if p.is_file() and p.suffix in (".html", ".css", ".js", ".xml")}
        languages = [lang for lang in LANGUAGES if f"{lang}/index.html" in files]
        start = time.perf_counter()
        chars = site_characters(files, languages)
        collect = time.perf_counter() - start
        faces = print_faces(TEMPLATES / "print" / "print.css")
        cold, cpu, warm = [], [], []
        for i in range(runs):
            cache = Cache(Path(tmp) / f"cache{i}")
            start, start_cpu = time.perf_counter(), time.process_time()
            cut = web_faces(faces, chars, cache=cache)
            cold.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            start = time.perf_counter()
            web_faces(faces, chars, cache=cache)
            warm.append(time.perf_counter() - start)
    pages = sum(1 for p in files if p.endswith(".html"))
    print(f"characters of {pages} pages and the alphabets of {len(languages)} languages: "
          f"{len(chars)} ({collect * 1000:.0f} ms)")
    print(f"cutting {len(faces)} faces to WOFF2, empty cache (median of {runs}): "
          f"{statistics.median(cold):.2f} s ({statistics.median(cpu):.2f} s of CPU); "
          f"warm cache: {statistics.median(warm) * 1000:.0f} ms")
    ttf = sum(f.source.stat().st_size for f in faces)
    woff2 = sum(len(f.data) for f in cut)
    print(f"sizes: {ttf / 1024:.0f} KB of TTF -> {woff2 / 1024:.0f} KB of WOFF2")
    for f in cut:
        print(f"  {f.path}: {len(f.data) / 1024:.1f} KB, {len(f.codepoints)} characters")


if __name__ == "__main__":
    main()
