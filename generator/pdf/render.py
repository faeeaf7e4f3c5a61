"""Printable PDFs with WeasyPrint: a process pool, one FontConfiguration per worker, a cache.

WeasyPrint is imported only in the workers, and only when some PDF must really be rendered:
a rebuild whose PDF inputs did not change reads every PDF from the cache. WeasyPrint fetches
nothing by itself: `fetcher.py` serves it `data:` URLs and the project's own template files.

The workers are the build's one pool (runtime/pool.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import time
from concurrent.futures import Executor
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Iterable

from ..runtime import collector
from ..runtime.cache import Cache
from ..runtime.pool import usable_workers, worker_pool
from .overflow import Overflow

PDF_VARIANT = "pdf/ua-1"  # tagged PDF with the document language and title


@dataclass(frozen=True)
class PdfJob:
    path: str  # output path of the PDF
    html: str
    pages_multiple: int = 1  # blank pages added up to a multiple (4 for a folded booklet)


@dataclass
class PdfStats:
    rendered: int = 0
    cached: int = 0
    seconds: float = 0.0
    pages: dict[str, int] = field(default_factory=dict)  # output path -> page count
    refused: dict[str, list[str]] = field(default_factory=dict)  # output path -> URLs not fetched
    overflows: dict[str, list[Overflow]] = field(default_factory=dict)  # path -> boxes off the page


def harfbuzz_subset_available() -> bool:
    """WeasyPrint subsets fonts several times faster with libharfbuzz-subset."""
    return ctypes.util.find_library("harfbuzz-subset") is not None


def inputs_digest(print_dir: Path) -> str:
    """What every PDF depends on besides its HTML: CSS, fonts, the WeasyPrint version."""
    h = hashlib.sha256(metadata.version("weasyprint").encode())
    h.update(PDF_VARIANT.encode())
    for path in sorted(p for p in print_dir.parent.joinpath("fonts").glob("*") if p.is_file()) + \
            sorted(print_dir.glob("*.css")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def render_pdfs(jobs: Iterable[PdfJob], *, print_dir: Path, cache: Cache, workers: int,
                stats: PdfStats | None = None,
                progress: Callable[[int, int], None] | None = None,
                executor: Executor | None = None) -> dict[str, bytes]:
    """Every job's PDF, from the cache when its inputs are unchanged, else rendered (by the
    local process pool, or by ``executor``: any concurrent.futures executor, a Dask
    cluster's for one)."""
    started = time.perf_counter()
    stats = stats if stats is not None else PdfStats()
    digest = inputs_digest(print_dir)
    out: dict[str, bytes] = {}
    todo: list[tuple[PdfJob, str]] = []
    for job in jobs:
        key = hashlib.sha256(f"{digest}\0{job.pages_multiple}\0{job.html}".encode()).hexdigest()
        hit = cache.get("pdf", key)
        pages = hit.meta.get("pages") if hit is not None else None
        if hit is not None and isinstance(pages, int):
            out[job.path] = hit.data
            stats.pages[job.path] = pages
            stats.cached += 1
        else:
            todo.append((job, key))
    if todo:
        setup = _WorkerSetup(base_url=print_dir.resolve().as_uri() + "/",
                             root=str(print_dir.parent.resolve()))
        tasks = [(job.html, job.pages_multiple) for job, _ in todo]
        try:
            results = (_render_elsewhere(tasks, setup, executor, progress) if executor is not None
                       else _render_all(tasks, setup=setup, workers=workers, progress=progress))
        finally:
            if progress:
                progress(len(tasks), len(tasks))  # the bar ends, whatever happened
        for (job, key), (data, pages, refused, overflows) in zip(todo, results):
            out[job.path] = data
            stats.pages[job.path] = pages
            if overflows:
                stats.overflows[job.path] = overflows
            if refused:
                stats.refused[job.path] = refused
            if not refused and not overflows:  # else the next build renders it and says it again
                cache.put("pdf", key, data, {"pages": pages})
        stats.rendered += len(todo)
    stats.seconds += time.perf_counter() - started
    return out


@dataclass(frozen=True)
class _WorkerSetup:
    base_url: str  # the print templates' folder, for relative URLs in the CSS
    root: str  # the templates folder: the only files WeasyPrint may read


# the PDF, its page count, the URLs refused, what its layout put outside the pages
Rendered = tuple[bytes, int, list[str], list[Overflow]]


def _render_all(htmls: list[tuple[str, int]], *, setup: _WorkerSetup, workers: int,
                progress: Callable[[int, int], None] | None) -> list[Rendered]:
    workers = usable_workers(workers, len(htmls))
    results = []
    if workers == 1:
        _WORKER.update(_worker_state(setup))
        for i, html in enumerate(htmls):
            results.append(_render(html))
            if progress:
                progress(i + 1, len(htmls))
        return results
    with worker_pool(workers, name="pdf", setup=lambda: _WORKER.update(_worker_state(setup))) as pool:
        # Chunks keep the pool's per-task overhead small next to a ~0.1 s render.
        rendered = pool.map(_render, htmls, chunksize=max(1, len(htmls) // (workers * 4)))
        for i, data in enumerate(rendered):
            results.append(data)
            if progress:
                progress(i + 1, len(htmls))
    return results


def _render_elsewhere(htmls: list[tuple[str, int]], setup: _WorkerSetup, executor: Executor,
                      progress: Callable[[int, int], None] | None) -> list[Rendered]:
    """The renders on an executor's workers (each prepares itself on its first document)."""
    results = []
    for i, data in enumerate(executor.map(_render_with, [setup] * len(htmls), htmls)):
        results.append(data)
        if progress:
            progress(i + 1, len(htmls))
    return results


def _render_with(setup: _WorkerSetup, task: tuple[str, int]) -> Rendered:
    if _WORKER.get("setup") != setup:
        _WORKER.update(_worker_state(setup), setup=setup)
    return _render(task)


_WORKER: dict[str, Any] = {}


def _worker_state(setup: _WorkerSetup) -> dict[str, Any]:
    from weasyprint.text.fonts import FontConfiguration

    from .fetcher import TemplateFetcher

    return {"base_url": setup.base_url, "fetcher": TemplateFetcher(Path(setup.root)),
            "fonts": FontConfiguration()}  # reused for every document of this worker


def _render(task: tuple[str, int]) -> Rendered:
    """One PDF, its page count, the URLs it named that were not fetched, and what its layout
    put outside the pages."""
    from ..runtime.files import failpoint

    failpoint("pdf-render")
    with collector.resumed():
        return _render_one(task)


def _render_one(task: tuple[str, int]) -> Rendered:
    from weasyprint import HTML

    from .imposition import pad_pages
    from .overflow import overflows

    html, pages_multiple = task
    fetcher = _WORKER["fetcher"]
    fetcher.refused.clear()
    document = HTML(string=html, base_url=_WORKER["base_url"], url_fetcher=fetcher).render(
        font_config=_WORKER["fonts"], pdf_variant=PDF_VARIANT)
    lost = overflows(document)
    document = pad_pages(document, pages_multiple)
    data = document.write_pdf(pdf_variant=PDF_VARIANT)
    assert data is not None
    return data, len(document.pages), sorted(set(fetcher.refused)), lost
