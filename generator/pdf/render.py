"""Printable PDFs with WeasyPrint: a process pool, one FontConfiguration and one parsed print.css
per worker, a cache.

WeasyPrint is imported only in the workers, and only when some PDF must really be rendered:
a rebuild whose PDF inputs did not change reads every PDF from the cache. WeasyPrint fetches
nothing by itself: `fetcher.py` serves it `data:` URLs and the templates' stylesheets, fonts
and images from a bundle the build reads once (`assets.py`).

The workers are the build's one pool (runtime/pool.py), or a Dask cluster's, which need no
file of the project: a task is a document's HTML, and the bundle is sent to each worker once
(runtime/executors.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import hashlib
import itertools
import math
import re
import threading
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Iterable

from ..runtime import collector
from ..runtime.cache import Cache
from ..runtime.pool import WAKE, finished, usable_workers, worker_pool
from ..runtime.theme import Theme
from .assets import Assets, collect
from .overflow import Overflow
from .pagefill import HALF

PDF_VARIANT = "pdf/ua-1"  # tagged PDF with the document language and title
# Part of every PDF's cache key: raise it when what ``_render_one`` does to a document changes.
# 2: copy-fitting, fill pages, numbers kept with their word; 3: not in the head; 4: the back
# cover fitted; 5: the booklet's example round changed on purpose (a callout once, a seat's role
# beside its name, the deal kept with the hand's line); 6: the assets served from a bundle
# (the templates' images too, and its digest in the key); 7: a card full at the floor drops
# its optional lines (fit-optional); 8: a card on one side says no "1/1" at its foot, and one
# that fits at the floor keeps its optional lines; 9: the same, apart from entries of the work on 8;
# 10: a card's text kept inside its margins on every copy, the booklet's steps early, its replay
# compact, no page under half full but the last (the rules' type a quarter point either way);
# 11: the colophon's type in em, with the rules', and the sizes searched a tenth of a point
# apart from an estimate of the size that pulls the last page back or fills it; 12: the
# example round's chain let go where it leaves a page under half full, and the fullest layout
# kept where none is full enough; a booklet that would take three fill pages set a page shorter
RENDER_VERSION = "12"
# Copy-fitting of a card: its body type, in points, the largest of these that fits.
FIT_FLOOR, FIT_CEILING, FIT_STEP = 9.0, 11.0, 0.25


@dataclass(frozen=True)
class PdfJob:
    path: str  # output path of the PDF
    html: str
    pages_multiple: int = 1  # pages made up to a multiple (4 for a folded booklet)
    fit: bool = False  # copy-fitted: the largest body type that fits (a card, the sheet's cards)


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


@functools.cache
def renderer_environment() -> str:
    """What renders a PDF besides its inputs, as a line: the libraries' versions, and which
    font subsetter WeasyPrint finds. libharfbuzz-subset and fontTools cut the same font into
    different bytes, so a PDF cached before the library was installed is not the PDF it
    renders now."""
    versions = []
    for library in ("weasyprint", "pydyf", "fonttools"):
        try:
            versions.append(f"{library}={metadata.version(library)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{library}=-")
    subsetter = ctypes.util.find_library("harfbuzz-subset") or "fonttools"
    return " ".join([*versions, f"subset={subsetter}"])


def inputs_digest(assets: Assets) -> str:
    """What every PDF depends on besides its HTML: the stylesheets, fonts and images it may
    name, the renderer (``renderer_environment``)."""
    h = hashlib.sha256(renderer_environment().encode())
    h.update(PDF_VARIANT.encode() + b"\0" + RENDER_VERSION.encode() + b"\0")
    h.update(assets.digest.encode())
    return h.hexdigest()


def render_pdfs(jobs: Iterable[PdfJob], *, theme: Theme | Path, cache: Cache, workers: int,
                stats: PdfStats | None = None,
                progress: Callable[[int, int], None] | None = None,
                executor: str | None = None,
                stop: threading.Event | None = None) -> dict[str, bytes]:
    """Every job's PDF, from the cache when its inputs are unchanged, else rendered (by the
    local process pool, or by the Dask cluster at ``executor``, dask://host:port, connected
    to only when some PDF must be rendered). ``theme``: the theme whose print stylesheets,
    fonts and images the PDFs read (a folder: that folder's alone). ``stop``, set meanwhile,
    ends the renders at once (the workers are killed) and raises ``PdfsStopped``; the PDFs
    finished by then are in the cache for the next build."""
    started = time.perf_counter()
    stats = stats if stats is not None else PdfStats()
    theme = Theme.alone(theme) if isinstance(theme, Path) else theme
    assets = collect(theme)
    root = theme.builtin.resolve()  # where the documents' URLs point: the bundle serves them
    digest = inputs_digest(assets)
    out: dict[str, bytes] = {}
    todo: list[tuple[PdfJob, str]] = []
    for job in jobs:
        key = hashlib.sha256(f"{digest}\0{job.pages_multiple}\0{job.fit}\0{job.html}".encode()).hexdigest()
        hit = cache.get("pdf", key)
        pages = hit.meta.get("pages") if hit is not None else None
        if hit is not None and isinstance(pages, int):
            out[job.path] = hit.data
            stats.pages[job.path] = pages
            stats.cached += 1
        else:
            todo.append((job, key))
    if todo:
        setup = _WorkerSetup(base_url=(root / "print").as_uri() + "/",
                             root=root.as_posix(), assets=assets.digest)
        tasks = [(job.html, job.pages_multiple, job.fit) for job, _ in todo]
        try:
            results = (_render_elsewhere(tasks, setup, assets, executor, progress)
                       if executor is not None
                       else _render_all(tasks, setup=setup, assets=assets, workers=workers,
                                        progress=progress, stop=stop))
        except PdfsStopped as stopped:
            for i, rendered in stopped.done.items():  # kept for the build that goes on
                _cache(cache, todo[i][1], rendered)
            raise
        finally:
            if progress:
                progress(len(tasks), len(tasks))  # the bar ends, whatever happened
        for (job, key), rendered in zip(todo, results):
            data, pages, refused, overflows = rendered
            out[job.path] = data
            stats.pages[job.path] = pages
            if overflows:
                stats.overflows[job.path] = overflows
            if refused:
                stats.refused[job.path] = refused
            _cache(cache, key, rendered)
        stats.rendered += len(todo)
    stats.seconds += time.perf_counter() - started
    return out


def _cache(cache: Cache, key: str, rendered: Rendered) -> None:
    data, pages, refused, overflows = rendered
    if not refused and not overflows:  # else the next build renders it and says it again
        cache.put("pdf", key, data, {"pages": pages})


class PdfsStopped(Exception):
    """The renders were stopped (``render_pdfs``'s ``stop``); ``done``: those finished, by
    their place in the tasks."""

    def __init__(self, done: dict[int, Rendered]) -> None:
        super().__init__(f"stopped with {len(done)} PDF(s) rendered")
        self.done = done


STOP_WAKE = 0.05  # seconds: how soon a stop is seen while the PDFs render


@dataclass(frozen=True)
class _WorkerSetup:
    base_url: str  # the print templates' folder, for relative URLs in the CSS
    root: str  # the templates folder, where the URLs of the assets point
    assets: str  # the digest of the assets served (the bundle itself goes apart, once)


# a document's HTML, the multiple its pages are made up to, whether it is copy-fitted
Task = tuple[str, int, bool]
# the PDF, its page count, the URLs refused, what its layout put outside the pages
Rendered = tuple[bytes, int, list[str], list[Overflow]]


def _render_all(htmls: list[Task], *, setup: _WorkerSetup, assets: Assets, workers: int,
                progress: Callable[[int, int], None] | None,
                stop: threading.Event | None = None) -> list[Rendered]:
    workers = usable_workers(workers, len(htmls))
    if workers == 1:
        _WORKER.update(_worker_state(setup, assets))
        results: list[Rendered] = []
        for i, html in enumerate(htmls):
            if stop is not None and stop.is_set():  # between two documents: one is not cut
                raise PdfsStopped(dict(enumerate(results)))
            results.append(_render(html))
            if progress:
                progress(i + 1, len(htmls))
        return results
    # The longest first, one at a time (a render takes 0.1 to 3 s, its pickling a millisecond):
    # no worker is left with a booklet to render while the other has nothing to do.
    order = sorted(range(len(htmls)), key=lambda i: -len(htmls[i][0]))
    by_index: dict[int, Rendered] = {}

    def said() -> None:  # how far, also while the booklets take long: progress's lines are due
        if stop is not None and stop.is_set():  # out of the pool's block: its workers killed
            raise PdfsStopped(dict(by_index))
        if progress:
            progress(len(by_index), len(htmls))

    with worker_pool(workers, name="pdf",
                     setup=lambda: _WORKER.update(_worker_state(setup, assets))) as pool:
        futures = {pool.submit(_render, htmls[i]): i for i in order}  # run in this order
        for future in finished(futures, tick=said, wake=WAKE if stop is None else STOP_WAKE):
            by_index[futures[future]] = future.result()
            said()
    return [by_index[i] for i in range(len(htmls))]


def _render_elsewhere(htmls: list[Task], setup: _WorkerSetup, assets: Assets, address: str,
                      progress: Callable[[int, int], None] | None) -> list[Rendered]:
    """The renders on a Dask cluster's workers: the bundle goes to each worker once, under
    its digest, and each worker prepares itself on its first document."""
    from ..runtime.executors import connect

    results = []
    with connect(address) as cluster:
        shared = cluster.share(f"rulebook-assets-{assets.digest}", assets)
        rendered = cluster.map(_render_with, [setup] * len(htmls), [shared] * len(htmls), htmls)
        for i, data in enumerate(rendered):
            results.append(data)
            if progress:
                progress(i + 1, len(htmls))
    return results


def _render_with(setup: _WorkerSetup, assets: Assets, task: Task) -> Rendered:
    if _WORKER.get("setup") != setup:
        _WORKER.update(_worker_state(setup, assets), setup=setup)
    return _render(task)


_WORKER: dict[str, Any] = {}


def _worker_state(setup: _WorkerSetup, assets: Assets) -> dict[str, Any]:
    from weasyprint.text.fonts import FontConfiguration

    from .fetcher import AssetFetcher

    if assets.digest != setup.assets:  # the bundle is not the one the build named
        raise ValueError(f"the PDF assets received are {assets!r}, not {setup.assets[:12]}")
    fetcher, fonts = AssetFetcher(assets, setup.root), FontConfiguration()
    return {"base_url": setup.base_url, "fetcher": fetcher, "fonts": fonts,  # for every document
            "print_css": _print_css(setup.base_url, fetcher, fonts)}


def _print_css(base_url: str, fetcher: Any, fonts: Any) -> Any:
    """print.css parsed once per worker (its fonts registered once), not once per layout: a
    tenth of each layout's time."""
    from weasyprint import CSS

    return CSS(url=base_url + PRINT_CSS, url_fetcher=fetcher, font_config=fonts)


def _render(task: Task) -> Rendered:
    """One PDF, its page count, the URLs it named that were not fetched, and what its layout
    put outside the pages."""
    from ..runtime.files import failpoint

    failpoint("pdf-render")
    with collector.resumed():
        return _render_one(task)


def _render_one(task: Task) -> Rendered:
    from .imposition import pad_pages
    from .overflow import overflows

    html, pages_multiple, fit = task
    fetcher = _WORKER["fetcher"]
    fetcher.refused.clear()
    html = keep_numbers_with_words(html)
    if fit:
        document = _copy_fitted(html)
    else:
        rules = []
        if pages_multiple > 1 and 'class="back-cover"' in html:
            rules.append(_back_cover_fitted(html))
        parsed = _parse(html)  # once: the layouts below differ in their rules, or a class
        document = _render_parsed(parsed, rules)
        booklet = 'class="doc-booklet"' in html
        if pages_multiple > 1 and booklet:
            document, rules = _booklet_fitted(parsed, html, document, rules, multiple=pages_multiple)
        missing = -len(document.pages) % pages_multiple
        if missing and booklet:  # the booklet's fill pages: a score sheet, pages for notes
            filled = _render_parsed(_with_body_class(parsed, f"doc-booklet fill-{missing}"), rules)
            if len(filled.pages) == len(document.pages) + missing:
                document = filled
    lost = overflows(document)
    document = pad_pages(document, pages_multiple)  # only if a fill page ran over: blank pages
    data = document.write_pdf(pdf_variant=PDF_VARIANT)
    assert data is not None
    return data, len(document.pages), sorted(set(fetcher.refused)), lost


PRINT_CSS = "print.css"
_PRINT_CSS_LINK = f'<link rel="stylesheet" href="{PRINT_CSS}">'


def _parse(html: str) -> tuple[Any, list[Any]]:
    """``html`` parsed by WeasyPrint, to lay out once or several times (at several sizes), and
    the style sheets to lay it out with: the worker's parsed print.css in place of its link.

    print.css is then a user style sheet, not an author one: the same cascade, since it has no
    ``!important`` and the documents' only author styles are ``style`` attributes and the rules
    of ``size_rule``, which come after it and win over it either way."""
    from weasyprint import HTML

    linked = _PRINT_CSS_LINK in html
    parsed = HTML(string=html.replace(_PRINT_CSS_LINK, "", 1) if linked else html,
                  base_url=_WORKER["base_url"], url_fetcher=_WORKER["fetcher"])
    return parsed, [_WORKER["print_css"]] if linked else []


def _render_parsed(parsed: tuple[Any, list[Any]], rules: Iterable[str]) -> Any:
    """The layout of a parsed document with some more rules (a size) after its style sheets."""
    from weasyprint import CSS

    html, sheets = parsed
    rules = "\n".join(rules)
    return html.render(font_config=_WORKER["fonts"], pdf_variant=PDF_VARIANT,
                       stylesheets=sheets + ([CSS(string=rules)] if rules else []))


def _layout(html: str, *rules: str) -> Any:
    return _render_parsed(_parse(html), rules)


def _with_body_class(parsed: tuple[Any, list[Any]], classes: str) -> tuple[Any, list[Any]]:
    """The parsed document with its body's class attribute set to ``classes``, as if parsed
    so: the tree is changed in place (WeasyPrint's selectors read it anew at each layout), not
    parsed again."""
    body = parsed[0].etree_element.find("body")
    if body is None:
        raise ValueError("the document has no body to set the class of")
    body.set("class", classes)
    return parsed


def fit_sizes() -> list[float]:
    """The body sizes a card may be set in, smallest first."""
    steps = round((FIT_CEILING - FIT_FLOOR) / FIT_STEP)
    return [FIT_FLOOR + i * FIT_STEP for i in range(steps + 1)]


CARD_BODY, BACK_COVER = ".doc-card, .cell, .aid", ".back-cover"  # what copy-fitting sizes


def size_rule(selector: str, size: float) -> str:
    """The CSS rule that sets the body type of ``selector`` to ``size`` points."""
    return f"{selector} {{ font-size: {size:g}pt; }}"


# A card numbers its sides only when it has two ("1/2", "2/2"): print.css numbers none, and
# the layout a card is left with when it does not fit one side adds the numbers.
TWO_SIDES = ('@page card { @bottom-center { content: string(running-title) " · " counter(page) "/" '
             'counter(pages); } }')


def _fits(document: Any) -> bool:
    from .overflow import overflows

    return len(document.pages) == 1 and not overflows(document)


def _largest_on_one_page(html: str, selector: str) -> tuple[float, Any]:
    """The largest size of ``fit_sizes()`` at which ``html``, with ``selector``'s type at that
    size, lays out on one page and loses no box, with that layout (None when even the floor
    does not fit). ``html`` is parsed once; the ceiling is tried first (half the corpus's cards
    and every back cover fit at it: one layout), then a bisection below it (three layouts)."""
    parsed = _parse(html)
    sizes = fit_sizes()
    document = _render_parsed(parsed, [size_rule(selector, sizes[-1])])
    if _fits(document):
        return sizes[-1], document
    low, high = 0, len(sizes) - 2  # sizes[low] is the floor; the answer is in [low, high]
    best = None
    while low < high:
        middle = (low + high + 1) // 2
        document = _render_parsed(parsed, [size_rule(selector, sizes[middle])])
        if _fits(document):
            low, best = middle, document
        else:
            high = middle - 1
    # best, when set, is the layout at sizes[low]: a success sets both, a failure neither;
    # the floor itself is tried last, when nothing above it fits
    if best is None and low == 0:
        document = _render_parsed(parsed, [size_rule(selector, sizes[0])])
        best = document if _fits(document) else None
    return sizes[low], best


def _copy_fitted(html: str) -> Any:
    """The document at the largest body size with which WeasyPrint lays it out on one page and
    loses no box. What does not fit at the floor is laid out at the floor, never smaller, and
    its findings say so (a card on two sides, a sheet's card cut off).

    A sheet's four cards (a player aid's nine) are copies of one card, each in its own box of
    fixed size: the size is searched on the first copy alone, a quarter (a ninth) of the
    layout, and the whole sheet is laid out once at that size, and checked."""
    first = first_copy_only(html)
    if first is not None:
        size, fitted = _largest_on_one_page(first, CARD_BODY)
        if fitted is None and OPTIONAL in html:  # full at the floor: without what may go
            return _copy_fitted(without_optional(html))
        document = _layout(html, size_rule(CARD_BODY, size))
        if _fits(document):
            return document
    size, best = _largest_on_one_page(html, CARD_BODY)
    if best is None and OPTIONAL in html:
        return _copy_fitted(without_optional(html))
    return best if best is not None else _layout(html, size_rule(CARD_BODY, size), TWO_SIDES)


# A card's line that may be left out when the card is full at the floor (the player aid's card
# values, which a game's own end lines may already say): an element of this class, whole.
OPTIONAL = 'class="fit-optional'
_OPTIONAL_ITEM = re.compile(r'<(li|p) class="fit-optional[^"]*">.*?</\1>', re.S)


def without_optional(html: str) -> str:
    """``html`` without its optional lines (every copy's): list items and paragraphs."""
    return _OPTIONAL_ITEM.sub("", html)


# Where the copies after the first start, and what follows the last copy (the crop marks), in
# the sheet's and the player aid's HTML (templates/print/sheet.html.j2 and aid.html.j2).
_COPIES = (('<div class="cell cell-2">', '<div class="mark'),
           ('<section class="aid aid-1">', '<div class="mark'))


def first_copy_only(html: str) -> str | None:
    """``html`` without the second and later copies of its card (a sheet's cells, a player
    aid's cards), or None when it has no copies."""
    for second, after in _COPIES:
        start = html.find(second)
        end = html.find(after, start)
        if start >= 0 and end >= 0:
            return html[:start] + html[end:]
    return None


def back_cover_alone(html: str) -> str:
    """The booklet's HTML with only its back cover in the body (class ``back-only`` hides the
    rest, if any is left): a page to lay out, not the whole booklet."""
    html = html.replace('<body class="doc-booklet"', '<body class="doc-booklet back-only"', 1)
    body = html.find("<body")
    opened = html.find(">", body) + 1
    back = html.find('<section class="back-cover">', opened)
    return html[:opened] + "\n" + html[back:] if body >= 0 and back >= 0 else html


def _back_cover_fitted(html: str) -> str:
    """The rule that sets the booklet's back cover (the quick reference, how to print) at the
    largest size with which it stays one page: found on the back cover laid out alone."""
    size, _ = _largest_on_one_page(back_cover_alone(html), BACK_COVER)
    return size_rule(BACK_COVER, size)


# The booklet's rules (its article: not the cover, the fill pages nor the back cover, but its
# colophon, whose type print.css gives in em) in type of these sizes, in points, when the size
# the CSS gives them leaves a page under half full: a tenth of a point apart, up to eight
# tenths either side of the CSS's 9 pt, at most BOOKLET_TRIES layouts.
BOOKLET_BODY, BOOKLET_SIZE, BOOKLET_STEP = "article.game", 9.0, 0.1
BOOKLET_FARTHEST, BOOKLET_TRIES = 0.8, 6


def booklet_sizes(pages: int, tail: float) -> list[float]:
    """The sizes to try, in order, for a booklet whose rules take ``pages`` pages, the last
    ``tail`` full (from 0 to 1).

    The rules' length grows with the square of their type (as many more lines as the type is
    larger, each line as much taller), so the size that would pull the tail back onto the
    pages before, and the size that would fill the last page to half, are estimated from it;
    a table or a step that moves whole leaves some room at a page's foot, so each is only the
    first of its way, then a tenth of a point farther at a time. The two ways alternate, the
    nearer estimate first: where the tail cannot be pulled back, the page is filled.

    >>> booklet_sizes(6, 0.19)  # Peppa Scivolosa in Italian: 5.19 pages of rules
    [8.8, 9.3, 8.7, 9.4, 8.6, 9.5]
    >>> booklet_sizes(4, 0.45)  # a tail near half full: filled first
    [9.1, 8.3, 9.2, 8.2, 9.3, 9.4]
    >>> booklet_sizes(8, 0.9)  # a page before the last short: a tenth either way first
    [8.9, 9.1, 8.8, 9.2, 8.7, 9.3]
    """
    length = max(pages - 1 + tail, 0.1)
    # a full tail: the short page is another (a table moved whole), which any other size moves
    pulled = BOOKLET_SIZE * ((pages - 1) / length) ** 0.5 if tail < HALF else BOOKLET_SIZE
    smaller = _tenths(pulled, -1)
    larger = _tenths(BOOKLET_SIZE * ((pages - 1 + HALF) / length) ** 0.5, +1)
    ways = [smaller, larger]
    if round(BOOKLET_SIZE - smaller[0], 1) > round(larger[0] - BOOKLET_SIZE, 1):
        ways.reverse()
    order = [size for pair in itertools.zip_longest(*ways) for size in pair if size is not None]
    return order[:BOOKLET_TRIES]


def _tenths(estimate: float, way: int) -> list[float]:
    """The sizes a tenth of a point apart from ``estimate`` (rounded away from 9 pt) out to
    the farthest, ``way`` -1 smaller, +1 larger; the farthest alone when the estimate is past
    it."""
    first = max(1, math.ceil(round(way * (estimate - BOOKLET_SIZE) / BOOKLET_STEP, 6)))
    last = round(BOOKLET_FARTHEST / BOOKLET_STEP)
    return [round(BOOKLET_SIZE + way * n * BOOKLET_STEP, 1) for n in range(min(first, last), last + 1)]


# The example round's chain (print.css: its last step, the result, the outcome and the scan to
# the other rounds, each kept with the next) let go between the last step and what follows it:
# a booklet whose chain, moved whole to the next page, left the page before under half full
# (ar Schwarzer Peter's page 7, 52.9 %) is laid out again with the result free to open the next
# page; the result stays with the outcome and the scan. Loosened only where the chain costs a
# page: where it does not, the last step and the result stay on one page.
LOOSE_CHAIN = (".doc-booklet .tv-step:last-child { break-after: auto; }\n"
               ".doc-booklet .result, .doc-booklet .tv-steps + table.scores { break-before: auto; }")
_CHAINED = ('class="result"', 'class="scores')  # an example round that ends in a chain
# How much farther down its page an example's last step must end than the room left at the
# foot of the page before, for the chain's break after it to be known to move nothing: a
# fiftieth of the page, more than the rounding of where a line ends.
_PAST_THE_ROOM = 0.02


def _loose_chain_moves_nothing(parsed: tuple[Any, list[Any]], document: Any) -> bool:
    """Whether ``document``, laid out again with ``LOOSE_CHAIN`` added, would be laid out the
    same (so that the try need not be made: it would fail as ``document`` did).

    The one break LOOSE_CHAIN allows is after the last step of a list of steps. It changes a
    layout only where a page break fell before that point while everything down to it would
    have fitted on the page before: the step was pushed over with what follows it (the break
    before the step is the latest the chain allowed). So a layout stays where each last step
    is whole on one page, and ends on it lower than there is room at the foot of the page
    before (measured by the lowest ink, which makes the room larger, never smaller)."""
    from .pagefill import feet, page_fills

    lasts = [children[-1] for parent in parsed[0].etree_element.iter()
             for children in [[c for c in parent if isinstance(c.tag, str)]]
             if children and "tv-step" in children[-1].get("class", "").split()]
    placed = feet(document, lasts)
    fills = page_fills(document)
    for last in lasts:
        at = placed.get(last, [])
        if len(at) != 1:  # split over pages, or not laid out
            return False
        page, foot = at[0]
        if page > 0 and foot <= 1 - fills[page - 1] + _PAST_THE_ROOM:
            return False
    return True


def booklet_tries(pages: int, tail: float, *, chained: bool) -> list[list[str]]:
    """The rules to lay a booklet out with, in order, once the CSS's layout left a page under
    half full: the example's chain let go at the CSS's size (one layout: it moves no line but
    the chain's), then each size of ``booklet_sizes``, the chain kept, then let go. ``chained``:
    the booklet has an example round whose end is a chain (else its rules alone).

    >>> booklet_tries(4, 0.45, chained=True)[:3] == [[LOOSE_CHAIN], [size_rule(BOOKLET_BODY, 9.1)],
    ...                                              [size_rule(BOOKLET_BODY, 9.1), LOOSE_CHAIN]]
    True
    >>> len(booklet_tries(4, 0.45, chained=False)) == BOOKLET_TRIES
    True
    """
    sizes = [[size_rule(BOOKLET_BODY, size)] for size in booklet_sizes(pages, tail)]
    if not chained:
        return sizes
    return [[LOOSE_CHAIN], *(rules for sized in sizes for rules in (sized, [*sized, LOOSE_CHAIN]))]


def _booklet_fitted(parsed: tuple[Any, list[Any]], html: str, document: Any, rules: list[str], *,
                    multiple: int) -> tuple[Any, list[str]]:
    """The booklet laid out with no page under half full but its last (the back cover), and a
    page shorter where it is one page past a ``multiple`` of pages, and the rules that lay it
    out so. Most booklets are so at the CSS's size: one layout. ``parsed``: ``html`` as
    ``_parse`` made it, laid out again at each try (not parsed again).

    One page past a multiple of four, a booklet takes three fill pages (a score sheet and two
    pages for notes: the last sheet of paper nearly blank; the ar Old Maid's eleven pages of
    rules, the last 64 % full): its rules' type is first set a few tenths smaller, from the size
    estimated to pull its last page of rules back (``shorter_sizes``), and the first layout a
    page shorter with no page under half full is kept (ar Old Maid: 8.6 pt, twelve pages and
    no fill page). Else, where a page is under half full, the example's chain is let go and
    the type set a little smaller or larger (``booklet_tries``) until none is. A layout that
    loses a box the first kept is never taken; where none is full enough, the layout whose
    emptiest page is fullest stays (the print audit then names the page)."""
    from .overflow import overflows
    from .pagefill import page_fills, short_pages

    fills = page_fills(document)
    # the rules' pages: all but the cover and the back cover
    pages, tail = max(len(fills) - 2, 1), fills[-2] if len(fills) > 2 else 1.0
    short = bool(short_pages(fills))
    shorter = multiple > 1 and -len(fills) % multiple == multiple - 1 and pages > 1
    if not short and not shorter:
        return document, rules
    lost = len(overflows(document))
    tries = [[size_rule(BOOKLET_BODY, size)] for size in shorter_sizes(pages, tail)] if shorter else []
    first_fill_try = len(tries)
    if short:
        tries += booklet_tries(pages, tail, chained=any(c in html for c in _CHAINED))
    best, best_rules, best_fill = document, rules, _shortest(fills)
    # the layouts a try that lets the chain go may stand on: the CSS's and the last try's (not
    # every try's: a booklet's layout is megabytes, and a worker would hold a dozen). Such a
    # try is skipped where its layout without that, made just before it, shows it would move
    # nothing.
    laid: dict[tuple[str, ...], Any] = {tuple(rules): document}
    for n, more in enumerate(tries):
        tried = [*rules, *more]
        if more[-1] == LOOSE_CHAIN:
            base = laid.get(tuple(tried[:-1]))
            if base is not None and _loose_chain_moves_nothing(parsed, base):
                continue
        candidate = _render_parsed(parsed, tried)
        laid = {tuple(rules): document, tuple(tried): candidate}
        if len(overflows(candidate)) > lost:
            continue
        candidate_fills = page_fills(candidate)
        if n < first_fill_try and len(candidate_fills) >= len(fills):
            continue  # not a page shorter
        if not short_pages(candidate_fills):
            return candidate, tried
        if short and _shortest(candidate_fills) > best_fill:
            best, best_rules, best_fill = candidate, tried, _shortest(candidate_fills)
    return best, best_rules


def shorter_sizes(pages: int, tail: float) -> list[float]:
    """The sizes to try, in order, to set a booklet whose rules take ``pages`` pages, the last
    ``tail`` full, a page shorter: from the size that pulls the last page back (the rules'
    length grows with the square of their type), a tenth of a point smaller at a time, at most
    BOOKLET_TRIES.

    >>> shorter_sizes(11, 0.64)  # ar Old Maid
    [8.7, 8.6, 8.5, 8.4, 8.3, 8.2]
    """
    return _tenths(BOOKLET_SIZE * ((pages - 1) / (pages - 1 + tail)) ** 0.5, -1)[:BOOKLET_TRIES]


def _shortest(fills: list[float]) -> float:
    """The fill of the emptiest page but the last."""
    return min(fills[:-1], default=1.0)


_NUMBER_WORD = re.compile(r"(?<=\d) (?=[^\W\d_])")
_TEXT = re.compile(r">([^<]+)<")


def keep_numbers_with_words(html: str) -> str:
    """A number and the word after it kept on one line ("52 cards", "52 ورقة"): the space
    between them, in the text of ``html``'s body (not in its tags, nor in the head, which
    gives the PDF's title and subject), made no-break."""
    head, body, rest = html.partition("<body")
    if not body:
        return html
    return head + body + _TEXT.sub(lambda m: ">" + _NUMBER_WORD.sub("\u00a0", m.group(1)) + "<", rest)
