"""Step 3, pages: every output file but the fonts, the search and the PDFs (pages, sitemap,
static files), rendered when one of its recorded inputs changed, on every core when there
are many; the others are kept as the last build left them."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable, Iterator

from ..runtime import deps
from ..runtime.pool import pool_map
from ..web.fonts import extra_characters
from . import graph
from .context import Context, Made
from .plan import Plan

MIN_PAGES_PER_WORKER = 48  # below this a worker's start-up costs more than it saves


def pages(ctx: Context, plan: Plan) -> Made:
    made = Made()
    todo: dict[str, Callable[[], bytes]] = {}
    for rel, make in _outputs(ctx, plan):
        last = ctx.previous.outputs.get(rel)
        if last is not None and not plan.changes.stale(last.deps) and ctx.intact(rel, last):
            made.kept.add(rel)
            made.outputs[rel] = last
        else:
            todo[rel] = make
    plan.renderer.catalog_problems()  # the catalogs are read here, not once in each worker
    site_yaml = ctx.config.rules / "site.yaml"

    def render(rel: str) -> tuple[bytes, graph.Output]:
        with deps.recording(files=(site_yaml,)) as recorded:
            data = todo[rel]()
        return data, graph.Output(
            recorded, len(data), 0, chars=extra_characters(rel, data),
            sha=hashlib.sha256(data).hexdigest() if rel.endswith(".html") else "")

    with ctx.progress.task("rendering the pages", len(todo)) as task:
        rendered = pool_map(render, list(todo), workers=ctx.config.workers, name="page",
                            per_worker=MIN_PAGES_PER_WORKER, advance=task.advance)
    for rel, (data, output) in zip(todo, rendered):
        made.files[rel], made.outputs[rel] = data, output
    ctx.report.extend(plan.renderer.catalog_problems())  # a broken UI catalog shows English
    return made


def _outputs(ctx: Context, plan: Plan) -> Iterator[tuple[str, Callable[[], bytes]]]:
    """Every output file of this step, each with the function that makes it."""
    renderer = plan.renderer
    for page in renderer.site.pages:
        yield page.path, lambda page=page: renderer.render(page).encode("utf-8")  # type: ignore[misc]
    yield "sitemap.xml", lambda: renderer.sitemap().encode("utf-8")
    static = ctx.config.templates / "static"
    for path in sorted(static.rglob("*")) if static.is_dir() else []:
        if path.is_file():
            yield "static/" + path.relative_to(static).as_posix(), lambda path=path: _read(path)  # type: ignore[misc]


def _read(path: Path) -> bytes:
    deps.file(path)
    return path.read_bytes()
