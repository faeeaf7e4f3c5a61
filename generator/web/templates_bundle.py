"""The templates folder as one bundle, for a worker that cannot see the build's disk (a Dask
cluster's): what a page's render may read from it, read once by the build and named by the
sha256 of its content (runtime/bundle.py), and a renderer made on the worker from it.

A page reads the jinja2 templates (``*.j2``: the page's, its partials, whatever they include)
and the UI catalogs (``locale/``); the bundle holds every file of the folder but the fonts,
which no template can include (they are binary, and 2.8 MB), so that a template including
another kind of file (an SVG of ``static/``) renders on the worker as it does here.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Mapping

from ..runtime.bundle import Bundle, BundleError, read_files, regular_files, unpacked
from ..simulation.store import Store
from .navigation import IndexEntry
from .render import Renderer, SiteConfig
from .site import Site

FONTS = frozenset({".ttf", ".otf", ".woff", ".woff2"})


class TemplatesError(Exception):
    """A file of the templates folder that cannot be read: said with its path and a hint."""


def collect(root: Path) -> Bundle:
    """Every regular file under ``root`` but the fonts, by its path in ``root`` (a link is
    followed only while it stays inside ``root``)."""
    root = root.resolve()
    paths = [path for path, _ in regular_files(root) if path.suffix.lower() not in FONTS]
    try:
        return Bundle(read_files(root, paths, read_by="the pages rendered on the cluster read"))
    except BundleError as error:
        raise TemplatesError(str(error)) from None


# The renderer of each thread of this worker, for one plan and one templates bundle: its
# jinja2 environments and catalogs are made once, not once per task.
_RENDERERS = threading.local()


def worker_renderer(config: SiteConfig, site: Site, entries: Mapping[tuple[str, str], IndexEntry],
                    *, templates: Bundle, key: str) -> Renderer:
    """A renderer of ``site`` (whose games come with each task: ``Renderer.for_games``) that
    reads its templates from ``templates`` unpacked into a folder of this process; ``key``
    names the plan (a new build's plan makes a new renderer)."""
    found: tuple[str, Renderer] | None = getattr(_RENDERERS, "current", None)
    if found is not None and found[0] == key + templates.digest:
        return found[1]
    renderer = Renderer(replace(config, templates=unpacked(templates)), replace(site, games={}),
                        {}, numbers=Store())  # the figures come with each task
    renderer.known_entries(entries)
    _RENDERERS.current = (key + templates.digest, renderer)
    return renderer
