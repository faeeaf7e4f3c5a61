"""PDF benchmarks: prints figures, asserts nothing. Run with `make bench`.

- seconds per quick-reference card, per sheet and per booklet (bare WeasyPrint, one core),
  and per imposed A4 booklet (pypdf, from the A5 booklet);
- the corpus's PDFs through the pipeline with one worker and with two, from an empty cache
  (imposed booklets included);
- the pipeline's overhead over bare WeasyPrint rendering the same HTML;
- a rebuild with nothing changed: how many PDFs it renders.
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.build import BuildConfig, build  # noqa: E402
from generator.check.games import check  # noqa: E402
from generator.check.load import load_site_spec  # noqa: E402
from generator.core.diagnostics import Report  # noqa: E402
from generator.pdf.imposition import impose, imposed_pdfs  # noqa: E402
from generator.pdf.render import PDF_VARIANT, PdfJob, harfbuzz_subset_available, render_pdfs  # noqa: E402
from generator.web.render import Renderer, SiteConfig  # noqa: E402
from generator.web.site import DocKind, plan  # noqa: E402

TEMPLATES = ROOT / "templates"


def jobs() -> list[tuple[str, PdfJob]]:
    checked = check([ROOT / "rules"], root=ROOT)
    spec = load_site_spec(ROOT / "rules", Report())
    assert spec is not None
    site = plan(checked.games)
    renderer = Renderer(SiteConfig(TEMPLATES, spec.base_url, spec.name), site, checked.replays)
    return [(d.kind.value, PdfJob(d.path, renderer.render_document(d), 4 if d.kind is DocKind.BOOKLET else 1))
            for d in site.documents if d.kind is not DocKind.IMPOSED]


def bare(all_jobs: list[tuple[str, PdfJob]]) -> float:
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    base = (TEMPLATES / "print").resolve().as_uri() + "/"
    HTML(string=all_jobs[0][1].html, base_url=base).write_pdf(font_config=fonts, pdf_variant=PDF_VARIANT)
    times: dict[str, list[float]] = defaultdict(list)
    total_start = time.perf_counter()
    for kind, job in all_jobs:
        start = time.perf_counter()
        data = HTML(string=job.html, base_url=base).write_pdf(font_config=fonts, pdf_variant=PDF_VARIANT)
        times[kind].append(time.perf_counter() - start)
        if kind == "booklet":  # imposition needs a multiple of four pages: pad with pypdf here
            from pypdf import PdfReader, PdfWriter
            writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
            while len(writer.pages) % 4:
                writer.add_blank_page()
            padded = io.BytesIO()
            writer.write(padded)
            start = time.perf_counter()
            impose(padded.getvalue())
            times["imposed booklet"].append(time.perf_counter() - start)
    total = time.perf_counter() - total_start
    for kind, values in sorted(times.items()):
        print(f"bare WeasyPrint, {kind:<8}: median {statistics.median(values):.3f} s "
              f"(max {max(values):.3f} s, {len(values)} documents)")
    print(f"bare WeasyPrint, whole corpus, one core: {total:.2f} s")
    return total


def pipeline(all_jobs: list[tuple[str, PdfJob]], workers: int) -> float:
    with tempfile.TemporaryDirectory() as cache:
        start = time.perf_counter()
        pdfs = render_pdfs([j for _, j in all_jobs], print_dir=TEMPLATES / "print", cache_dir=Path(cache),
                           workers=workers)
        booklets = {path: (data, "/ar/" in f"/{path}") for path, data in pdfs.items()
                    if any(kind == "booklet" and j.path == path for kind, j in all_jobs)}
        imposed_pdfs(booklets, cache_dir=Path(cache))
        elapsed = time.perf_counter() - start
    print(f"pipeline, {len(all_jobs)} PDFs, {workers} worker(s), empty cache: {elapsed:.2f} s")
    return elapsed


def unchanged_rebuild() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        config = BuildConfig(ROOT / "rules", TEMPLATES, Path(tmp) / "site")
        first = build(config)
        for state in Path(tmp).glob(".site*.json"):
            state.unlink()  # skip the no-op shortcut: the whole pipeline runs, PDFs from cache
        start = time.perf_counter()
        second = build(config)
        print(f"rebuild with nothing changed (no-op shortcut off): {second.pdfs.rendered} PDFs "
              f"rendered, {second.pdfs.cached} from cache, {time.perf_counter() - start:.2f} s "
              f"(first build rendered {first.pdfs.rendered})")


if __name__ == "__main__":
    print(f"libharfbuzz-subset available: {harfbuzz_subset_available()}")
    all_jobs = jobs()
    bare_total = bare(all_jobs)
    one = pipeline(all_jobs, 1)
    two = pipeline(all_jobs, 2)
    print(f"two workers / one worker: {two / one:.2f}")
    print(f"pipeline overhead over bare WeasyPrint (one worker): {(one - bare_total) / bare_total:+.1%}")
    unchanged_rebuild()
