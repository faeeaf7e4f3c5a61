"""PDF benchmarks: prints figures, asserts nothing. Run with `make bench`.

- CPU seconds per quick-reference card, sheet, booklet and player aid as the build's workers
  render them (copy-fitting, the booklet's back cover and fill pages included), one process;
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
from pathlib import Path

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


def per_kind(all_jobs: list[tuple[str, render.PdfJob]]) -> None:
    assets = collect(Theme.alone(TEMPLATES))
    setup = render._WorkerSetup(base_url=PRINT.resolve().as_uri() + "/", root=str(TEMPLATES.resolve()),
                                assets=assets.digest)
    render._WORKER.update(render._worker_state(setup, assets))
    times: dict[str, list[float]] = defaultdict(list)
    for kind, job in all_jobs:
        start = time.process_time()
        render._render((job.html, job.pages_multiple, job.fit))
        times[kind].append(time.process_time() - start)
    render._WORKER.clear()
    for kind, values in sorted(times.items()):
        print(f"{kind:<8}: median {statistics.median(values):.3f} s CPU (max {max(values):.3f} s, "
              f"{len(values)} documents, {sum(values):.1f} s in all)")


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
    one = pipeline(all_jobs, 1)
    two = pipeline(all_jobs, 2)
    print(f"two workers / one worker: {two / one:.2f}")
    unchanged_rebuild()
