"""Printable PDFs with WeasyPrint: a process pool, one FontConfiguration per worker, a cache.

WeasyPrint is imported only in the workers, and only when some PDF must really be rendered:
a rebuild whose PDF inputs did not change reads every PDF from the cache.
"""

from __future__ import annotations

import ctypes.util
import hashlib
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Iterable

from .pdf_check import Overflow

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


def render_pdfs(jobs: Iterable[PdfJob], *, print_dir: Path, cache_dir: Path, workers: int,
                stats: PdfStats | None = None,
                progress: Callable[[int, int], None] | None = None) -> dict[str, bytes]:
    """Every job's PDF, from the cache when its inputs are unchanged, else rendered."""
    import time

    started = time.perf_counter()
    stats = stats if stats is not None else PdfStats()
    digest = inputs_digest(print_dir)
    out: dict[str, bytes] = {}
    todo: list[tuple[PdfJob, Path]] = []
    for job in jobs:
        key = hashlib.sha256(f"{digest}\0{job.pages_multiple}\0{job.html}".encode()).hexdigest()
        hit = next(iter(cache_dir.glob(f"{key}.*.pdf")), None) if cache_dir.is_dir() else None
        if hit is not None:
            out[job.path] = hit.read_bytes()
            stats.pages[job.path] = int(hit.name.split(".")[1])
            stats.cached += 1
        else:
            todo.append((job, cache_dir / key))
    if todo:
        cache_dir.mkdir(parents=True, exist_ok=True)
        base_url = print_dir.resolve().as_uri() + "/"
        tasks = [(job.html, job.pages_multiple) for job, _ in todo]
        try:
            results = _render_all(tasks, base_url=base_url, workers=workers, progress=progress)
        finally:
            if progress:
                progress(len(tasks), len(tasks))  # the bar ends, whatever happened
        for (job, stem), (data, pages, overflows) in zip(todo, results):
            out[job.path] = data
            stats.pages[job.path] = pages
            if overflows:  # not cached: the next build renders it again and reports it again
                stats.overflows[job.path] = overflows
                continue
            tmp = stem.with_name(f"{stem.name}.{os.getpid()}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, stem.with_name(f"{stem.name}.{pages}.pdf"))
        stats.rendered += len(todo)
    stats.seconds += time.perf_counter() - started
    return out


RenderResult = tuple[bytes, int, list[Overflow]]


def _render_all(htmls: list[tuple[str, int]], *, base_url: str, workers: int,
                progress: Callable[[int, int], None] | None) -> list[RenderResult]:
    if workers <= 1 or len(htmls) == 1:
        _init_worker(base_url)
        results = []
        for i, html in enumerate(htmls):
            results.append(_render(html))
            if progress:
                progress(i + 1, len(htmls))
        return results
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                             initargs=(base_url,)) as pool:
        results = []
        # Chunks keep the pool's per-task overhead small next to a ~0.1 s render.
        for i, data in enumerate(pool.map(_render, htmls, chunksize=max(1, len(htmls) // (workers * 4)))):
            results.append(data)
            if progress:
                progress(i + 1, len(htmls))
        return results


_WORKER: dict[str, Any] = {}


def _init_worker(base_url: str) -> None:
    from weasyprint.text.fonts import FontConfiguration

    _WORKER["base_url"] = base_url
    _WORKER["fonts"] = FontConfiguration()  # reused for every document of this worker


def _render(task: tuple[str, int]) -> RenderResult:
    """One PDF, its page count and what its layout put outside the pages."""
    from weasyprint import HTML

    from .imposition import pad_pages
    from .pdf_check import overflows

    html, pages_multiple = task
    document = HTML(string=html, base_url=_WORKER["base_url"]).render(
        font_config=_WORKER["fonts"], pdf_variant=PDF_VARIANT)
    lost = overflows(document)
    document = pad_pages(document, pages_multiple)
    data = document.write_pdf(pdf_variant=PDF_VARIANT)
    assert data is not None
    return data, len(document.pages), lost


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def rich_progress() -> Callable[[int, int], None] | None:
    """A progress bar on a terminal; nothing when stderr is not one (CI, pipes). The bar is
    made at the first update, so that a build whose PDFs all come from the cache shows none."""
    if not sys.stderr.isatty():
        return None
    from rich.progress import Progress

    state: dict[str, Any] = {}

    def update(done: int, total: int) -> None:
        if "bar" not in state:
            state["bar"] = Progress(transient=True)
            state["task"] = state["bar"].add_task("rendering PDFs", total=total)
            state["bar"].start()
        if state.get("stopped"):
            return
        state["bar"].update(state["task"], completed=done, total=total)
        if done >= total:
            state["bar"].stop()
            state["stopped"] = True

    return update
