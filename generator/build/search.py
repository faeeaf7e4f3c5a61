"""Step 5, search: Pagefind's bundle for the site's game pages, one language at a time. A
language is indexed again only when one of its pages changed, came or went since it was last indexed
(reading every page of it: the kept ones from the output folder); the others keep their
files. With the search off for this build, the last bundle stays as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Mapping

from ..runtime import deps
from ..web.search import ENTRY, LanguageIndex, bundle_of, indexed_pages, language_indexes, language_of
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
        found.search = {lang: last for lang, last in previous.search.items()
                        if keep([*last["files"], ENTRY])}
        found.search_pending = True
        return found
    pages: dict[str, list[str]] = {}
    for rel in sorted(indexed_pages(plan.site)):
        lang = language_of(rel, plan.site.languages)
        if lang is not None:
            pages.setdefault(lang, []).append(rel)
    indexes: dict[str, LanguageIndex] = {}
    todo: dict[str, Mapping[str, bytes]] = {}
    made_from: dict[str, str] = {}
    for lang, listed in pages.items():
        made_from[lang] = graph.digest_value([(p, made.outputs[p].sha) for p in listed])
        last = previous.search.get(lang)
        if last is not None and last["pages"] == made_from[lang] and keep(last["files"]):
            indexes[lang] = LanguageIndex({}, last["entry"])
            found.search[lang] = last
        else:
            todo[lang] = _Pages(listed, made.files, ctx.config.out)
    with ctx.progress.task("indexing the search", len(todo)) as task:
        fresh = language_indexes(todo, ctx.report, workers=ctx.config.workers,
                                 advance=task.advance) if todo else {}
    if fresh is None:
        return Made()  # no Pagefind, or it failed: warned, and no search at all
    for lang, index in fresh.items():
        indexes[lang] = index
        found.files |= index.files
        found.search[lang] = {"pages": made_from[lang], "files": sorted(index.files),
                              "entry": index.entry}
    entry = bundle_of({lang: LanguageIndex({}, index.entry) for lang, index in indexes.items()})
    for rel, data in entry.items():  # the entry file names every language's files
        if fresh or not _same_bytes(ctx.config.out / rel, data) or not keep([rel]):
            found.files[rel] = data
    found.kept -= found.files.keys()
    for rel, data in found.files.items():
        found.outputs[rel] = graph.Output(deps.Deps(values={"search"}), len(data), 0)
    return found


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
