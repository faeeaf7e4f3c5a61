"""Step 4's game pages on a Dask cluster (``--executor``): each task, one game's pages, is
rendered by a worker that shares no disk with the build, so what it reads travels with it.

- Once per worker, each named by the sha256 of its content (``Cluster.share``): the templates
  folder as a bundle (web/templates_bundle.py), which the worker unpacks into a folder of its
  own, and the plan: the site's settings, its pages and listings (``Site`` without its
  games), every game's index entries (the titles of related games).
- With each task: the game and its examples' replays, pickled (the spool's file of a game this
  build checked), its figures as the build's store has them (simulated before, on the
  cluster too, or read from the disk cache), and its pages.

A worker builds a renderer from these (never the build's: its jinja2 environments do not
pickle) and hands back each page's bytes and record. The record's inputs name the worker's
folder of templates; they are mapped back to the build's templates folder, so the graph is
the one a local build records. The build writes the pages into the spool. The other pages
(the root, the indexes, the not-found pages, the sitemap, the static files) are rendered by
the build, as without a cluster.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Mapping

from ..core.languages import LANGUAGES, catalog_rel
from ..families import family_of
from ..runtime import collector, deps
from ..runtime.bundle import Bundle
from ..runtime.files import failpoint
from ..runtime.theme import Theme
from ..simulation.configurations import Result, game_numbers
from ..web.fonts import extra_characters
from ..web.navigation import IndexEntry
from ..web.render import SiteConfig
from ..web.site import Page, Site
from ..web.templates_bundle import TemplatesError, collect, worker_renderer
from . import graph
from .context import BuildError, Context
from .plan import Plan

# Tasks sent at once: each carries its game (about 300 KB), and what is sent waits in the
# scheduler's memory until a worker takes it.
TASKS_PER_BATCH = 64


@dataclass(frozen=True)
class SitePlan:
    """What every page task of a build reads besides its game: sent to each worker once."""

    config: SiteConfig
    site: Site  # without its games (they come with each task)
    entries: dict[tuple[str, str], IndexEntry]
    site_yaml: str  # an input of every page (the local render records it so too)
    # each theme file's inputs in the build (theme.candidates): what the pages' records name
    templates: dict[str, tuple[str, ...]]
    templates_digest: str  # the bundle the worker must have been sent with it


@dataclass(frozen=True)
class PageTask:
    game: str
    pages: tuple[Page, ...]
    loaded: bytes  # the game and its replays, pickled
    numbers: list[Result]


Rendered = list[tuple[bytes, graph.Output]]


def render_games(ctx: Context, plan: Plan, tasks: list[list[str]],
                 advance: Callable[[], None]) -> list[list[graph.Output]]:
    """Each task's pages (one game's, by output path) rendered on the cluster and written to
    the spool; their records, in the tasks' order."""
    from ..runtime.executors import connect

    config = ctx.config
    assert config.executor is not None
    try:
        templates = collect(config.theme)
    except TemplatesError as error:
        raise BuildError(str(error)) from None
    plan.site.graph()  # the links between the games, found once here rather than per task
    site_plan = SitePlan(plan.renderer.config, replace(plan.site, games={}),
                         plan.renderer.index_entries(), str(config.rules / "site.yaml"),
                         _inputs_of(config.theme), templates.digest)
    key = hashlib.sha256(pickle.dumps(site_plan, protocol=pickle.HIGHEST_PROTOCOL)).hexdigest()
    by_path = {page.path: page for page in plan.site.pages}
    records: list[list[graph.Output]] = []
    with connect(config.executor) as cluster:
        shared_templates = cluster.share(f"rulebook-templates-{templates.digest}", templates)
        shared_plan = cluster.share(f"rulebook-plan-{key}", site_plan)
        for start in range(0, len(tasks), TASKS_PER_BATCH):
            batch = [_task(plan, [by_path[rel] for rel in rels])
                     for rels in tasks[start:start + TASKS_PER_BATCH]]
            done = cluster.map(_render_on_worker, batch, [shared_plan] * len(batch),
                               [key] * len(batch), [shared_templates] * len(batch))
            for task, rendered in zip(batch, done):
                for page, (data, _) in zip(task.pages, rendered):
                    ctx.spool.write(page.path, data)
                records.append([output for _, output in rendered])
                advance()
    return records


def _task(plan: Plan, pages: list[Page]) -> PageTask:
    """One game's pages, with the game and its figures."""
    game = pages[0].game
    assert game is not None and all(page.game == game for page in pages)
    bundle, replays = plan.games.load(game)
    stored = plan.games.stored.get(game)  # checked by this build: pickled already
    loaded = stored.read_bytes() if stored is not None else \
        pickle.dumps((bundle, replays), protocol=pickle.HIGHEST_PROTOCOL)
    numbers = game_numbers(bundle, plan.renderer.numbers, family=family_of(bundle))
    return PageTask(game, tuple(pages), loaded, numbers)


# How many pages this process rendered for a cluster's builds (the tests ask the workers).
_RENDERED = [0]
_COUNTING = threading.Lock()


def rendered_here() -> int:
    return _RENDERED[0]


def _render_on_worker(task: PageTask, site_plan: SitePlan, key: str,
                      templates: Bundle) -> Rendered:
    """On a worker of the cluster: the task's pages, each with its record."""
    if templates.digest != site_plan.templates_digest:  # not the bundle the build named
        raise ValueError(f"the templates received are {templates!r}, not "
                         f"{site_plan.templates_digest[:12]}")
    failpoint("page-render")
    with collector.paused():  # as in the build's own workers: a render makes little garbage
        bundle, replays = pickle.loads(task.loaded)
        base = worker_renderer(site_plan.config, site_plan.site, site_plan.entries,
                               templates=templates, key=key)
        renderer = base.for_games({task.game: bundle}, replays, {task.game: task.numbers})
        here = str(base.config.theme.builtin)
        site_yaml = Path(site_plan.site_yaml)
        rendered: Rendered = []
        for page in task.pages:
            with deps.recording(files=(site_yaml,)) as recorded:
                data = renderer.render(page).encode("utf-8")
            inputs = _in_build(recorded, here, site_plan.templates)
            rendered.append((data, page_output(page.path, data, inputs)))
            with _COUNTING:
                _RENDERED[0] += 1
    return rendered


def _inputs_of(theme: Theme) -> dict[str, tuple[str, ...]]:
    """Each file of the theme (and each catalog of a language, which a theme may not have) by
    its path in the theme, with the build's files a render that reads it depends on."""
    rels = [*theme.files(), *(catalog_rel(lang) for lang in LANGUAGES)]
    return {rel: tuple(map(str, theme.candidates(rel))) for rel in rels}


def _in_build(recorded: deps.Deps, here: str, templates: Mapping[str, tuple[str, ...]]
              ) -> deps.Deps:
    """The inputs a worker recorded, its templates named as the build's: a file read from
    ``here`` (the worker's folder) stands for the files of the build's theme it was."""
    prefix = here + os.sep
    files: set[str] = set()
    for path in recorded.files:
        rel = path[len(prefix):].replace(os.sep, "/") if path.startswith(prefix) else None
        files.update(templates.get(rel, (path,)) if rel is not None else (path,))
    return deps.Deps(files, set(recorded.games), set(recorded.values))


def page_output(rel: str, data: bytes, recorded: deps.Deps) -> graph.Output:
    """What the graph records of a page rendered now: its inputs, size, the characters the
    web fonts need, the digest of an HTML page (its language's search is made of those)."""
    return graph.Output(recorded, len(data), 0, chars=extra_characters(rel, data),
                        sha=hashlib.sha256(data).hexdigest() if rel.endswith(".html") else "")
