"""What a build is asked (``BuildConfig``), what it answers (``BuildResult``), the context
every step of it takes (``Context``), and what each step makes (``Made``)."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from ..core.diagnostics import Report
from ..pdf.render import PdfStats
from ..runtime.cache import Cache
from ..runtime.progress import Progress
from ..runtime.theme import Theme
from ..runtime.timings import Timings
from . import graph
from .spool import Files, Spool


@dataclass(frozen=True)
class Preview:
    """Pages (output paths) that a build which makes them renders before any other and hands
    to ``shown`` at once, before it publishes them: serve shows the open pages of a save
    while the build goes on (its other pages, publishing, the graph). A build that fails
    after showing them publishes nothing, as any failed build."""

    pages: frozenset[str]
    shown: Callable[[dict[str, bytes]], None]


@dataclass(frozen=True)
class BuildConfig:
    rules: Path
    templates: Path  # the site's own templates: the files it overrides (may be missing: none)
    out: Path
    pdf: bool = True
    workers: int = 0  # page, PDF and simulation processes; 0: one per core (at most eight)
    # dask://host:port: the simulations, the games' pages and the PDFs run on that cluster
    executor: str | None = None
    # False: the search bundle is left as the last build made it, to be brought up to date by
    # the next build that has it on (serve: pages first, reloaded at once; then the search)
    search: bool = True
    # True: the PDFs whose inputs changed are left as the last build made them (recorded as
    # pending), to be made by the next build without it (serve: pages first, then the PDFs);
    # unlike ``pdf=False``, which is another site (no PDFs at all, nothing of the last trusted)
    pdfs_later: bool = False
    cache: Path | None = None  # the disk cache's folder; None: $RULEBOOK_CACHE or the user's
    # True: the games loaded stay in memory for the next build of this process (serve);
    # False: a game is loaded when a page of it is rendered and dropped soon after
    keep_games: bool = False
    quiet: bool = False  # no progress on stderr
    # the address the site is served from, in place of site.yaml's (build --base-url)
    base_url: str | None = None
    # True (the default, as `rulebook check`): the narration's sentences the check could not
    # read are warnings (serve shows them on their pages too)
    unread: bool = True
    # set (by another thread) to abandon the build: it is looked at between two steps, between
    # two pages of the search and while the PDFs render (their workers are then killed), and
    # a build that sees it set publishes nothing and keeps no graph (``BuildResult.stopped``):
    # the output folder stays as the last build left it, and the next build does the work
    # (serve's second pass, the search and the PDFs, stopped by a new save)
    stop: threading.Event | None = field(default=None, compare=False, repr=False)
    # the graph of this process's last build, kept in memory for the next (serve)
    memory: graph.GraphMemory | None = field(default=None, compare=False, repr=False)
    # pages wanted before the others (serve: the open ones), handed over as soon as made
    preview: Preview | None = field(default=None, compare=False, repr=False)

    @property
    def theme(self) -> Theme:
        """The site's templates over the built-in theme (runtime/theme.py)."""
        return Theme.layered(self.templates)

    def disk_cache(self) -> Cache:
        return Cache.opened(self.cache) if self.cache is not None else Cache.default()


@dataclass
class BuildResult:
    report: Report
    pages: int = 0
    pdfs: PdfStats = field(default_factory=lambda: PdfStats())
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    up_to_date: bool = False
    # what the build wrote, read from the output folder when asked for (until a later build
    # replaces it: copy what must outlive that)
    files: Mapping[str, bytes] = field(default_factory=dict, repr=False)
    timings: Timings = field(default_factory=Timings, repr=False)  # each step's wall and CPU
    stopped: bool = False  # abandoned at ``BuildConfig.stop``: nothing published

    @property
    def ok(self) -> bool:
        return not self.report.errors


class BuildError(Exception):
    """The system failed the build (disk full, read-only output, ...): not a rules error."""


@dataclass(frozen=True)
class Context:
    """What every step of one build reads: its settings, the last build's graph, the inputs
    as they are now, the disk cache, and the result its findings go to."""

    config: BuildConfig
    previous: graph.State
    inputs: graph.Inputs
    toolchain: str
    cache: Cache
    result: BuildResult
    progress: Progress
    spool: Spool

    @property
    def report(self) -> Report:
        return self.result.report

    def intact(self, rel: str, last: graph.Output) -> bool:
        """``rel`` is in the output folder as the last build left it (``last``: its record)."""
        return graph.same_file(os.path.join(self.config.out, rel), last)


@dataclass
class Made:
    """What a step made: files rendered now, files kept as the last build left them, and the
    graph's record of each; named values and the search record it adds to the graph. A later
    step's file replaces an earlier one's of the same path (the web fonts' stylesheet)."""

    files: Files = field(default_factory=Files)
    kept: set[str] = field(default_factory=set)
    outputs: dict[str, graph.Output] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    search: dict[str, dict[str, Any]] = field(default_factory=dict)
    search_pending: bool = False
    pdfs_pending: bool = False

    def __or__(self, later: Made) -> Made:
        return Made(self.files.without(later.kept) | later.files,
                    (self.kept - later.files.keys()) | later.kept,
                    self.outputs | later.outputs, self.values | later.values,
                    self.search | later.search, self.search_pending or later.search_pending,
                    self.pdfs_pending or later.pdfs_pending)
