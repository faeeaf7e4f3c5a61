"""PDF benchmarks: prints figures, asserts nothing. Run with `make bench`.

- CPU seconds per quick-reference card, sheet, booklet and player aid as the build's workers
  render them (copy-fitting, the booklet's back cover and fill pages included), one process,
  by kind and on average, with the layouts (WeasyPrint ``HTML.render`` calls) a document takes;
- the corpus's PDFs through the pipeline with one worker and with two, from an empty cache
  (imposed booklets included), wall and CPU;
- a rebuild with nothing changed: how many PDFs it renders.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.check.games import check  # noqa: E402
from generator.check.site_spec import load_site_spec  # noqa: E402
from generator.core.diagnostics import Report  # noqa: E402
from generator.pdf import render  # noqa: E402
from generator.pdf.assets import collect  # noqa: E402
from generator.pdf.imposition import imposed_pdfs  # noqa: E402
from generator.pipeline import BuildConfig, build  # noqa: E402
from generator.runtime.cache import Cache  # noqa: E402
from generator.runtime.theme import Theme  # noqa: E402
from generator.web.render import Renderer, SiteConfig  # noqa: E402
from generator.web.site import DocKind, plan  # noqa: E402

TEMPLATES = ROOT / "templates"
PRINT = TEMPLATES / "print"


def jobs() -> list[tuple[str, render.PdfJob]]:
    checked = check([ROOT / "rules"], root=ROOT)
    spec = load_site_spec(ROOT / "rules", Report())
    assert spec is not None
    site = plan(checked.games)
    renderer = Renderer(SiteConfig(Theme.layered(TEMPLATES), spec.base_url, spec.name), site, checked.replays)
    return [(d.kind.value, render.PdfJob(d.path, renderer.render_document(d),
                                         4 if d.kind is DocKind.BOOKLET else 1,
                                         fit=d.kind in (DocKind.CARD, DocKind.SHEET, DocKind.AID)))
            for d in site.documents if d.kind is not DocKind.IMPOSED]


def cpu() -> float:
    """CPU seconds of this process and of its waited-for children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


@contextmanager
def counted_layouts() -> Iterator[list[int]]:
    """WeasyPrint's layouts (``HTML.render`` calls) while inside, counted in the list's one item."""
    from weasyprint import HTML

    count, render_html = [0], HTML.render

    def counting(self: HTML, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return render_html(self, *args, **kwargs)

    HTML.render = counting  # type: ignore[method-assign]
    try:
        yield count
    finally:
        HTML.render = render_html  # type: ignore[method-assign]


def per_kind(all_jobs: list[tuple[str, render.PdfJob]]) -> None:
    """Each document rendered as a worker renders it, one after the other in this process:
    its CPU seconds (``time.process_time``) and its layouts, by kind and on average."""
    assets = collect(Theme.alone(TEMPLATES))
    setup = render._WorkerSetup(base_url=PRINT.resolve().as_uri() + "/", root=str(TEMPLATES.resolve()),
                                assets=assets.digest)
    render._WORKER.update(render._worker_state(setup, assets))
    times: dict[str, list[float]] = defaultdict(list)
    layouts: dict[str, list[int]] = defaultdict(list)
    with counted_layouts() as count:
        for kind, job in all_jobs:
            start, count[0] = time.process_time(), 0
            render._render((job.html, job.pages_multiple, job.fit))
            times[kind].append(time.process_time() - start)
            layouts[kind].append(count[0])
    render._WORKER.clear()
    for kind, values in sorted(times.items()):
        print(f"{kind:<8}: mean {statistics.mean(values):.3f} s CPU, "
              f"median {statistics.median(values):.3f} s (max {max(values):.3f} s, "
              f"{len(values)} documents, {sum(values):.1f} s in all), "
              f"{statistics.mean(layouts[kind]):.2f} layouts a document (max {max(layouts[kind])})")
    every = [t for values in times.values() for t in values]
    print(f"all     : mean {statistics.mean(every):.3f} s CPU a document ({len(every)} documents, "
          f"{sum(every):.1f} s in all), "
          f"{sum(map(sum, layouts.values())) / len(every):.2f} layouts a document; "
          f"load average {os.getloadavg()[0]:.1f}")


def pipeline(all_jobs: list[tuple[str, render.PdfJob]], workers: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        cache = Cache(Path(folder))
        start, start_cpu = time.perf_counter(), cpu()
        pdfs = render.render_pdfs([j for _, j in all_jobs], theme=TEMPLATES, cache=cache,
                                   workers=workers)
        booklets = {path: (data, path.startswith("ar/")) for path, data in pdfs.items()
                    if any(kind == "booklet" and j.path == path for kind, j in all_jobs)}
        imposed_pdfs(booklets, cache=cache)
        elapsed = time.perf_counter() - start
    print(f"pipeline, {len(all_jobs)} PDFs and {len(booklets)} imposed, {workers} worker(s), empty "
          f"cache: {elapsed:.1f} s wall, {cpu() - start_cpu:.1f} s CPU")
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
    print(f"libharfbuzz-subset available: {render.harfbuzz_subset_available()}")
    all_jobs = jobs()
    per_kind(all_jobs)
    if "--per-kind" in sys.argv:  # the CPU per document alone, not the pipeline's runs
        sys.exit(0)
    one = pipeline(all_jobs, 1)
    two = pipeline(all_jobs, 2)
    print(f"two workers / one worker: {two / one:.2f}")
    unchanged_rebuild()
