"""Full-text search: Pagefind's bundle for the site, one index per language.

The pages are handed to Pagefind from memory through its Python API (``pagefind.service``:
the Pagefind binary as a service, no temporary copies); it reads each page's
``<html lang>`` and uses that language's stemming. Only the game pages and their numbers
pages are given: their article carries ``data-pagefind-body`` (so Pagefind would leave out
every other page anyway), and Pagefind itself skips what a page marks
``data-pagefind-ignore`` (the example rounds' hands and tables, the numbers' tables). The
pages are added in the order of their paths, so the bundle is the same bytes on every
machine (the CLI adds them in the order the file system lists a folder).

Each language is an index of its own, the languages side by side on one Pagefind service per
core, which writes the very files one index of the whole site writes for it: an edit in one
language indexes that language again, and the entry file is merged from the languages'
entries. The files join the site's, so they go into the staging folder and the atomic swap
like every other file. Pagefind is optional: without it the site is built without search,
with a warning.
"""

from __future__ import annotations

import base64
import functools
import json
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Coroutine, Iterable, Mapping, TypeVar

from ..core.diagnostics import Mark, Report
from ..runtime.pool import usable_workers
from .site import Kind, Site

if TYPE_CHECKING:
    import asyncio

BUNDLE = "pagefind"  # the folder of the search bundle in the site
ENTRY_NAME = "pagefind-entry.json"
ENTRY = f"{BUNDLE}/{ENTRY_NAME}"
# Pages of one index at most: Pagefind holds an index in memory while it makes it (about
# 0.45 MB a page), so a language with more pages is split into shards, each an index in a
# bundle folder of its own (pagefind-2/, ...) that the browser merges into the first
# (``mergeIndex``); an edit indexes its shard again, not its whole language.
SHARD_PAGES = 400
# Below that bound, a language is split further, into at most SHARD_COUNT shards of about
# EDIT_SHARD_PAGES: an edit then indexes 140 pages again, not 400 (serve's search follows a
# save in half the time), and a reader's first search fetches at most four shards' chunks
# (bench_first_search.py at 256 games: 221-255 KB, against 177-227 KB with two shards and
# 256-317 KB with eight; issue 40's bound is 300 KB). A bigger site has as many shards as
# SHARD_PAGES asks, as before.
EDIT_SHARD_PAGES = 140
SHARD_COUNT = 4
CONFIG = {"keep_index_url": True}  # results link index.html pages, which work from disk too
IN_FLIGHT = 8  # pages sent to a service before its first answer: the pipe kept busy, not full
T = TypeVar("T")


@dataclass
class LanguageIndex:
    """Pagefind's files for one language's pages (an index of them alone makes the same files
    as an index of the whole site), and that language's entry in ``pagefind-entry.json``."""

    files: dict[str, bytes]  # pagefind/... -> bytes, the entry file left out
    entry: dict[str, Any]  # the whole entry file of this index (its languages: just this one)
    folder: str = BUNDLE  # the bundle folder it belongs to (a shard's: pagefind-2, ...)

    def __repr__(self) -> str:
        # short: asyncio.run formats its task's result (these) when it puts Ctrl-C's handler
        # back, and the files' bytes in full took 80 ms for a language of 300 pages
        return f"LanguageIndex({len(self.files)} files in {self.folder}/)"


class SearchStopped(Exception):
    """The indexing was stopped (serve: a new save came in) before it ended; nothing of it
    is kept."""


def pagefind_binary() -> Path | None:
    """The Pagefind binary of the PyPI package (``pagefind[extended]`` or ``pagefind[bin]``),
    or one on PATH; None when there is none."""
    try:
        from pagefind.service import get_executable
    except ImportError:
        return None
    found = get_executable()
    return found if found is not None and found.is_file() else None


def indexed_pages(site: Site) -> set[str]:
    """The pages the search indexes: the game pages and their numbers pages (their templates
    mark the body)."""
    return {page.path for page in site.pages if page.kind in (Kind.GAME, Kind.NUMBERS)}


def shard_folder(number: int) -> str:
    """The bundle folder of a language's shard ``number`` (0: the first, ``pagefind``)."""
    return BUNDLE if number == 0 else f"{BUNDLE}-{number + 1}"


def shards(pages: Iterable[str]) -> list[list[str]]:
    """A language's indexed pages in shards of at most about ``SHARD_PAGES`` (of about
    ``EDIT_SHARD_PAGES`` while that makes at most ``SHARD_COUNT``): a game's pages stay
    together, the games in the order of their paths, the shards of even size."""
    games: dict[str, list[str]] = {}
    for page in sorted(pages):
        games.setdefault("/".join(page.split("/", 2)[:2]), []).append(page)
    total = sum(len(p) for p in games.values())
    count = max(1, -(-total // SHARD_PAGES), min(SHARD_COUNT, -(-total // EDIT_SHARD_PAGES)))
    out: list[list[str]] = [[] for _ in range(count)]
    done = 0
    for listed in games.values():
        out[min(count - 1, done * count // max(1, total))].extend(listed)
        done += len(listed)
    return [shard for shard in out if shard]


def language_shards(site: Site) -> dict[str, list[list[str]]]:
    """Each language's indexed pages, in its shards."""
    by_lang: dict[str, list[str]] = {}
    for page in indexed_pages(site):
        lang = language_of(page, site.languages)
        if lang is not None:
            by_lang.setdefault(lang, []).append(page)
    return {lang: shards(pages) for lang, pages in sorted(by_lang.items())}


def shard_counts(site: Site) -> dict[str, int]:
    """How many shards each language's index has."""
    return {lang: len(made) for lang, made in language_shards(site).items()}


def language_of(page: str, languages: Iterable[str]) -> str | None:
    """The language whose index a page goes into: its folder ('en/hearts/index.html' -> en);
    the pages at the top (the root, the 404) carry nothing to index."""
    first = page.split("/", 1)[0]
    return first if first in languages and "/" in page else None


def language_indexes(pages: Mapping[str, Mapping[str, bytes]], report: Report, *,
                     workers: int = 0, advance: Callable[[int], None] = lambda done: None,
                     folders: Mapping[str, str] | None = None,
                     stop: threading.Event | None = None) -> dict[str, LanguageIndex] | None:
    """Each index, made from its pages (``key -> {path: html}``; a key is a language, or a
    shard of one, whose bundle folder ``folders`` names), the indexes side by side
    (``workers`` Pagefind services: 0, one per core); None, with a warning, when Pagefind is
    missing or fails. Raises SearchStopped soon after ``stop`` is set (between two pages: the
    services are closed and no index is returned)."""
    binary = pagefind_binary()
    if binary is None:
        report.warning(Mark(BUNDLE), "no-search",
                       "Pagefind is not installed: the site is built without its search",
                       hint="pip install 'pagefind[extended]'")
        return None
    services = usable_workers(workers, len(pages))
    try:
        return _run(_indexes(pages, services, advance, folders or {}, stop))
    except SearchStopped:
        raise
    except Exception as error:  # noqa: BLE001 - the service's errors have no common class
        report.warning(Mark(str(binary)), "no-search", f"Pagefind could not index the site: {error}",
                       hint="the site is built without its search")
        return None


def _run(work: Coroutine[Any, Any, T]) -> T:
    """``work`` to its end, also from a thread whose event loop is running (a notebook, an
    async program calling the build): there in a thread of its own."""
    import asyncio  # here: a build without its search does not load asyncio
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(work)
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, work).result()


async def _indexes(pages: Mapping[str, Mapping[str, bytes]], services: int,
                   advance: Callable[[int], None],
                   folders: Mapping[str, str],
                   stop: threading.Event | None) -> dict[str, LanguageIndex]:
    import asyncio  # here: a build without its search does not load asyncio
    launched = []
    try:
        for _ in range(services):
            launched.append(await _service()().launch())
        languages = sorted(pages)
        made: dict[str, LanguageIndex] = {}

        async def languages_of(i: int) -> None:
            # one language at a time on a service: it holds one index in memory, not several
            for lang in languages[i::services]:
                made[lang] = await _index_one(launched[i], pages[lang], advance,
                                              folders.get(lang, BUNDLE), stop)

        await asyncio.gather(*(languages_of(i) for i in range(services)))
    finally:
        stopped = stop is not None and stop.is_set()  # nothing of it is kept: no need to wait
        for service in launched:
            await (service.abandon() if stopped else service.close())
    return {lang: made[lang] for lang in languages}


async def _index_one(service: Any, pages: Mapping[str, bytes],
                     advance: Callable[[int], None], folder: str,
                     stop: threading.Event | None) -> LanguageIndex:
    import asyncio  # here: a build without its search does not load asyncio
    index = await service.create_index(CONFIG)
    in_flight = asyncio.Semaphore(IN_FLIGHT)  # its waiters go first come, first served

    async def add(path: str) -> None:
        async with in_flight:
            if stop is not None and stop.is_set():
                raise SearchStopped  # the gather ends, and _indexes closes the services
            await index.add_html_file(content=pages[path].decode("utf-8"), source_path=path)

    # sent in the order of their paths on every machine; the service indexes them in the
    # order they come, a few at a time
    await asyncio.gather(*(add(path) for path in sorted(pages)))
    files = {f"{folder}/{f['path']}": f["content"] for f in await index.get_files()}
    await index.delete_index()
    advance(1)
    return LanguageIndex(files, json.loads(files.pop(f"{folder}/{ENTRY_NAME}")), folder)


@functools.cache
def _service() -> type[Any]:
    """Pagefind's service, read as soon as it answers, whatever the size of the answer.

    Requests are sent without the client's debug formatting (see ``send``). Its Python
    client waits a tenth of a second before reading each answer
    (``PagefindService._wait_for_responses``: 60 pages took 6 s of waiting against 0.4 s of
    indexing), and reads an answer in one piece of at most 2 MiB: the files of a language of a
    big site are more, and the reader then stopped with every request left waiting for ever.
    This reader takes an answer in as many pieces as it comes in, and when it stops for any
    reason it fails the requests still waiting rather than leave them."""
    from pagefind.service import PagefindService

    class Service(PagefindService):
        async def send(self, payload: Any) -> Any:
            # the client's own send formats every request, a whole page, into two debug
            # messages even with its logging off (a third of the search's Python CPU), and
            # writes a page of Cyrillic or Arabic as six bytes a letter (JSON's \\u escapes)
            self._message_id += 1
            message = self._message_id
            future = self._loop.create_future()
            self._responses[message] = future
            assert self._backend.stdin is not None
            request = json.dumps({"message_id": message, "payload": payload},
                                 ensure_ascii=False)
            self._backend.stdin.write(base64.b64encode(request.encode("utf-8")) + b",")
            await self._backend.stdin.drain()  # the service answers once it has the comma
            try:
                return await future
            finally:  # answered: not held until the service closes (an index's files are MBs)
                self._responses.pop(message, None)

        async def _wait_for_responses(self) -> None:
            assert self._backend.stdout is not None
            try:
                while True:
                    self._answer(await _read_answer(self._backend.stdout))
            except BaseException as error:
                for future in self._responses.values():
                    if not future.done():
                        future.set_exception(RuntimeError(f"Pagefind stopped answering: {error!r}"))
                raise

        async def abandon(self) -> None:
            """Ended at once, its answers still due not waited for (a stopped indexing:
            ``close`` waits for every request sent, a page or more each)."""
            self._poll_task.cancel()
            self._backend.kill()
            await self._backend.wait()

        def _answer(self, raw: bytes) -> None:
            answer = json.loads(base64.b64decode(raw))
            if answer is None:
                return
            message = answer.get("message_id")
            payload = answer["payload"]
            if message is None and (sent := payload.get("original_message")) is not None:
                message = (json.loads(sent) or {}).get("message_id")  # a request it could not read
            future = self._responses.get(message) if message is not None else None
            if future is None or future.done():
                return
            if payload["type"] == "Error":
                future.set_exception(Exception(payload["message"], payload.get("original_message")))
            else:
                future.set_result(payload)

    return Service


async def _read_answer(stream: asyncio.StreamReader) -> bytes:
    """One answer of the service: everything up to the next comma, in pieces when it is
    longer than the stream's buffer."""
    import asyncio  # here: a build without its search does not load asyncio
    pieces = []
    while True:
        try:
            pieces.append(await stream.readuntil(b","))
            return b"".join(pieces)[:-1]
        except asyncio.LimitOverrunError as overrun:  # no comma yet in a full buffer
            pieces.append(await stream.readexactly(overrun.consumed))


def bundle_of(indexes: Mapping[str, LanguageIndex]) -> dict[str, bytes]:
    """The site's search bundles: every index's files, and in each bundle folder one entry
    file naming the languages of the indexes in it (its keys sorted: the same site, the
    same bytes)."""
    files: dict[str, bytes] = {}
    entries: dict[str, dict[str, Any]] = {}
    for key in sorted(indexes):
        index = indexes[key]
        files |= index.files
        entry = entries.get(index.folder, {})
        languages = {**entry.get("languages", {}), **index.entry.get("languages", {})}
        entries[index.folder] = {**entry, **index.entry, "languages": languages}
    for folder, entry in sorted(entries.items()):
        if entry:
            files[f"{folder}/{ENTRY_NAME}"] = json.dumps(
                entry, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return files
