"""The theme (a site's templates over the built-in ones) as one bundle, for a worker that
cannot see the build's disk (a Dask cluster's): what a page's render may read from it, read
once by the build and named by the sha256 of its content (runtime/bundle.py), and a renderer
made on the worker from it.

A page reads the jinja2 templates (``*.j2``: the page's, its partials, whatever they include)
and the UI catalogs (``locale/``); the bundle holds every file of the folder but the fonts,
which no template can include (they are binary, and 2.8 MB), so that a template including
another kind of file (an SVG of ``static/``) renders on the worker as it does here.
"""

from __future__ import annotations

import os
import threading
from dataclasses import replace
from pathlib import Path
from typing import Mapping

from ..runtime.bundle import Bundle, BundleError, read_named, unpacked
from ..runtime.theme import Theme
from ..simulation.store import Store
from .navigation import IndexEntry
from .render import Renderer, SiteConfig
from .site import Site

FONTS = frozenset({".ttf", ".otf", ".woff", ".woff2"})


class TemplatesError(Exception):
    """A file of the templates folder that cannot be read: said with its path and a hint."""


def collect(theme: Theme | Path) -> Bundle:
    """Every file of the theme but the fonts (each the file that wins: the site's, else the
    built-in one's), by its path in the theme (a folder: its own files alone)."""
    theme = Theme.alone(theme) if isinstance(theme, Path) else theme
    paths = {rel: path for rel, path in theme.files().items()
             if path.suffix.lower() not in FONTS and _inside_layer(theme, path)}
    try:
        return Bundle(read_named(paths, read_by="the pages rendered on the cluster read"))
    except BundleError as error:
        raise TemplatesError(str(error)) from None


def _inside_layer(theme: Theme, path: Path) -> bool:
    """A link is followed only while it stays inside the folder it is in."""
    real = Path(os.path.realpath(path))
    return any(path.is_relative_to(layer) and real.is_relative_to(layer.resolve())
               for layer in theme.layers)


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
    renderer = Renderer(replace(config, theme=Theme.alone(unpacked(templates))),
                        replace(site, games={}),
                        {}, numbers=Store())  # the figures come with each task
    renderer.known_entries(entries)
    _RENDERERS.current = (key + templates.digest, renderer)
    return renderer
