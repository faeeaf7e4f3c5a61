"""Step 6, search: Pagefind's bundle for the site's game pages, an index per language, or per
shard of a language with many pages (web/search.py: ``SHARD_PAGES``). An index is made again
only when one of its pages changed, came or went since it was last made (reading every page
of it: the kept ones from the output folder); the others keep their files. With the search
off for this build, the last bundle stays as it is and the next build with the search on
brings it up to date. A stop (``BuildConfig.stop``) ends the indexing between two pages and
abandons the build."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Mapping

from ..runtime import deps
from ..web.search import (
    BUNDLE,
    ENTRY_NAME,
    LanguageIndex,
    bundle_of,
    language_indexes,
    language_shards,
    shard_folder,
)
from . import graph
from .context import Context, Made
from .plan import Plan


def search(ctx: Context, plan: Plan, made: Made) -> Made:
    found = Made()
    previous = ctx.previous

    def keep(rels: list[str]) -> bool:
        if not all(rel in previous.outputs and ctx.intact(rel, previous.outputs[rel])
                   for rel in rels):
            return False
        found.kept |= set(rels)
        found.outputs |= {rel: previous.outputs[rel] for rel in rels}
        return True

    if not ctx.config.search:
        found.search = {key: last for key, last in previous.search.items()
                        if keep([*last["files"], _entry_of(last)])}
        found.search_pending = True
        return found
    pages: dict[str, list[str]] = {}  # an index's key ("en", "en:2", ...) -> its pages
    folders: dict[str, str] = {}  # an index's key -> its bundle folder
    for lang, made_shards in language_shards(plan.site).items():
        for number, shard in enumerate(made_shards):
            key = lang if number == 0 else f"{lang}:{number + 1}"
            pages[key], folders[key] = shard, shard_folder(number)
    indexes: dict[str, LanguageIndex] = {}
    todo: dict[str, Mapping[str, bytes]] = {}
    made_from: dict[str, str] = {}
    for key, listed in pages.items():
        made_from[key] = graph.digest_value([(p, made.outputs[p].sha) for p in listed])
        last = previous.search.get(key)
        if last is not None and last["pages"] == made_from[key] \
                and last.get("folder", BUNDLE) == folders[key] and keep(last["files"]):
            indexes[key] = LanguageIndex({}, last["entry"], folders[key])
            found.search[key] = last
        else:
            todo[key] = _Pages(listed, made.files, ctx.config.out)
    with ctx.progress.task("indexing the search", len(todo)) as task:
        # SearchStopped, when ctx.config.stop is set meanwhile, abandons the build (backbone)
        fresh = language_indexes(todo, ctx.report, workers=ctx.config.workers,
                                 advance=task.advance, folders=folders,
                                 stop=ctx.config.stop) if todo else {}
    if fresh is None:
        return Made()  # no Pagefind, or it failed: warned, and no search at all
    for key, index in fresh.items():
        indexes[key] = index
        found.files |= index.files
        found.search[key] = {"pages": made_from[key], "files": sorted(index.files),
                             "entry": index.entry, "folder": index.folder}
    entries = bundle_of({key: LanguageIndex({}, index.entry, index.folder)
                         for key, index in indexes.items()})
    for rel, data in entries.items():  # each entry file names its folder's languages
        if fresh or not _same_bytes(ctx.config.out / rel, data) or not keep([rel]):
            found.files[rel] = data
    found.kept -= found.files.keys()
    for rel, data in found.files.items():
        found.outputs[rel] = graph.Output(deps.Deps(values={"search"}), len(data), 0)
    return found


def _entry_of(last: Mapping[str, object]) -> str:
    return f"{last.get('folder', BUNDLE)}/{ENTRY_NAME}"


class _Pages(Mapping[str, bytes]):
    """A language's pages, each read when Pagefind is handed it (a few at a time): made now
    (in the spool), or kept in the output folder."""

    def __init__(self, listed: list[str], made: Mapping[str, bytes], out: Path) -> None:
        self.listed, self.made, self.out = listed, made, out

    def __getitem__(self, rel: str) -> bytes:
        return self.made[rel] if rel in self.made else (self.out / rel).read_bytes()

    def __iter__(self) -> Iterator[str]:
        return iter(self.listed)

    def __len__(self) -> int:
        return len(self.listed)


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False
