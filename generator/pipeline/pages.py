"""Step 4, pages: every output file but the fonts, the search and the PDFs (pages, sitemap,
static files), rendered when one of its recorded inputs changed, on every core when there
are many; the others are kept as the last build left them.

A task is one game's pages: the worker loads the game once, renders its pages, writes each
to the spool and hands back only what the graph records of it (memory does not grow with the
site: see spool.py). With ``--executor`` the games' pages are rendered on the Dask cluster
(pages_cluster.py), the others here."""

from __future__ import annotations

from typing import Callable, Iterator

from ..runtime import deps
from ..runtime.files import failpoint
from ..runtime.pool import pool_map
from . import graph
from .context import Context, Made
from .pages_cluster import page_output, render_games
from .plan import Plan

MIN_PAGES_PER_WORKER = 48  # below this a worker's start-up costs more than it saves
# A worker's memory grows with the games it renders (what Python frees stays in its heap), so
# each batch of this many tasks (games) gets new workers: a big site's render takes as much
# memory as a batch, and a new worker starts in a few milliseconds (forked).
TASKS_PER_POOL = 160


def pages(ctx: Context, plan: Plan) -> Made:
    made = Made()
    todo: dict[str, Callable[[], bytes]] = {}
    game_of: dict[str, str] = {}
    site_yaml, spool = ctx.config.rules / "site.yaml", ctx.spool

    def render(rel: str) -> graph.Output:  # in a worker: the page goes to the spool
        with deps.recording(files=(site_yaml,)) as recorded:
            data = todo[rel]()
        spool.write(rel, data)
        return page_output(rel, data, recorded)

    def stale(rel: str) -> bool:
        last = ctx.previous.outputs.get(rel)
        return last is None or plan.changes.stale(last.deps) or not ctx.intact(rel, last)

    outputs = list(_outputs(ctx, plan))
    preview = ctx.config.preview
    wanted = [(rel, game, make) for rel, game, make in outputs
              if preview is not None and rel in preview.pages and stale(rel)]
    todo |= {rel: make for rel, _, make in wanted}
    game_of |= {rel: game for rel, game, _ in wanted}
    early = _preview(ctx, list(todo), render)  # before the other pages are even looked at
    for rel, game, make in outputs:
        if rel in early:
            continue
        if not stale(rel):
            made.kept.add(rel)
            made.outputs[rel] = ctx.previous.outputs[rel]
        else:
            todo[rel] = make
            game_of[rel] = game
    plan.renderer.catalog_problems()  # the catalogs are read here, not once in each worker

    def render_game(rels: list[str]) -> list[graph.Output]:
        failpoint("page-render")
        return [render(rel) for rel in rels]

    # a task is one game's pages (its game loaded once, then dropped), or one other page
    groups: dict[str, list[str]] = {}
    for rel in todo:
        if rel not in early:
            groups.setdefault(game_of[rel] or rel, []).append(rel)
    tasks = list(groups.values())
    # with a cluster, the games' pages are rendered there, the few others here
    remote = [rels for rels in tasks if game_of[rels[0]]] if ctx.config.executor else []
    here = [rels for rels in tasks if not game_of[rels[0]]] if remote else tasks
    per_worker = max(1, MIN_PAGES_PER_WORKER * len(here) // max(1, sum(map(len, here))))
    rendered: list[list[graph.Output]] = []
    with ctx.progress.task("rendering the pages", len(tasks)) as task:
        for start in range(0, len(here), TASKS_PER_POOL):  # fresh workers for each batch
            rendered += pool_map(render_game, here[start:start + TASKS_PER_POOL],
                                 workers=ctx.config.workers, name="page",
                                 per_worker=per_worker, advance=task.advance)
        if remote:
            rendered += render_games(ctx, plan, remote, task.advance)
    made_from = dict(zip(map(tuple, here + remote), rendered))
    for rel, output in early.items():
        made.files.spooled(rel, spool.file_path(rel))
        made.outputs[rel] = output
    for rels in tasks:  # in the order a build without a cluster records them
        for rel, output in zip(rels, made_from[tuple(rels)]):
            made.files.spooled(rel, spool.file_path(rel))
            made.outputs[rel] = output
    ctx.report.extend(plan.renderer.catalog_problems())  # a broken UI catalog shows English
    return made


def _preview(ctx: Context, rels: list[str], render: Callable[[str], graph.Output]
             ) -> dict[str, graph.Output]:
    """``BuildConfig.preview``: its pages that this build makes, rendered here before any
    other and handed to it at once (before the build publishes them)."""
    if not rels or ctx.config.preview is None:
        return {}
    outputs = {rel: render(rel) for rel in rels}
    ctx.config.preview.shown({rel: ctx.spool.file_path(rel).read_bytes() for rel in rels})
    return outputs


FAVICON = "static/favicon.ico"


def _outputs(ctx: Context, plan: Plan) -> Iterator[tuple[str, str, Callable[[], bytes]]]:
    """Every output file of this step, each with its game ('' if none) and the function that
    makes it."""
    renderer = plan.renderer
    for page in renderer.site.pages:
        yield page.path, page.game or "", lambda page=page: renderer.render(page).encode("utf-8")  # type: ignore[misc]
    yield "sitemap.xml", "", lambda: renderer.sitemap().encode("utf-8")
    theme = ctx.config.theme  # each file of static/: the site's own, else the built-in one
    for rel in theme.files("static"):
        yield rel, "", lambda rel=rel: theme.read(rel)  # type: ignore[misc]
    if theme.find(FAVICON) is not None:  # also where browsers and crawlers look without a link
        yield "favicon.ico", "", lambda: theme.read(FAVICON)
