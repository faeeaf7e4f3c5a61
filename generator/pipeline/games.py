"""Step 1, load and check: every game whose folder changed since the last build is loaded and
its examples replayed; of the others, the graph's record is enough until a page of them must
be rendered. What involves several games (slugs, related links) is checked again from every
game's record."""

from __future__ import annotations

import contextlib
import os
from collections import OrderedDict
from pathlib import Path
from typing import Any, Iterator, Mapping, cast

from ..check.games import (
    CHECKED_PER_WORKER,
    GameSlugs,
    check_game,
    check_slugs,
    find_game_folders,
    former_slug_marks,
    slug_marks,
)
from ..check.related import LinkSource, check_related
from ..core.diagnostics import Diagnostic, Mark, Report
from ..core.languages import LANGUAGES
from ..families.shared import narrations_kept, narrations_remembered
from ..model.game import GameBundle
from ..model.source import parsed_remembered
from ..runtime.pool import pool_map
from ..web.site import Listing
from . import graph
from .context import BuildError, Context
from .spool import load_game

Loaded = tuple[GameBundle, dict[tuple[str, str], object]]  # a game and its examples' replays

# Games loaded by the builds of this process, by folder and content digest: `rulebook serve`
# builds again and again in one process, and an unchanged game need not be read again.
_LOADED: dict[tuple[str, str], Loaded] = {}
_LOADED_MAX = 2048
RECENT = 8  # games a build keeps at hand (its pages are rendered game by game)


class Games(Mapping[str, GameBundle]):
    """The site's games by id. A game checked by this build waits pickled in the spool
    (``stored``) and is loaded when a page of it is rendered; an unchanged one is known by its
    record of the last build and loaded (checked again) only then. Only the few games used
    last stay in memory, unless the build keeps them for the next (``keep``: serve)."""

    def __init__(self, root: Path, *, keep: bool = False) -> None:
        self.root = root
        self.keep = keep
        self.folders: dict[str, Path] = {}
        self.records: dict[str, graph.GameRecord] = {}
        self.stored: dict[str, Path] = {}
        self.changed: set[str] = set()
        self.replays = Replays(self)
        self._recent: OrderedDict[str, Loaded] = OrderedDict()

    def load(self, game: str) -> Loaded:
        found = self._recent.get(game)
        if found is not None:
            self._recent.move_to_end(game)
            return found
        key = (str(self.folders[game]), self.records[game].digest)
        loaded = _LOADED.get(key) if self.keep else None
        if loaded is None:
            loaded = self._read(game)
            if self.keep:
                if len(_LOADED) >= _LOADED_MAX:
                    _LOADED.clear()
                _LOADED[key] = loaded
        self._recent[game] = loaded
        if not self.keep and len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        return loaded

    def hold(self, game: str, loaded: Loaded) -> None:
        """A game this build checked in its own process (``keep``): used as it is."""
        self._recent[game] = loaded
        if self.keep:
            if len(_LOADED) >= _LOADED_MAX:
                _LOADED.clear()
            _LOADED[(str(self.folders[game]), self.records[game].digest)] = loaded

    def _read(self, game: str) -> Loaded:
        stored = self.stored.get(game)
        if stored is not None:
            return cast(Loaded, load_game(stored))
        # its findings are the record's; its narration is read again for the claims the
        # pages count
        bundle, replays = check_game(self.folders[game], Report(), root=self.root)
        if bundle is None:
            raise BuildError(f"{self.folders[game]} changed while it was being built; "
                             "build again")
        return bundle, replays

    def __getitem__(self, game: str) -> GameBundle:
        if game not in self.folders:
            raise KeyError(game)
        return self.load(game)[0]

    def __iter__(self) -> Iterator[str]:
        return iter(self.folders)

    def __len__(self) -> int:
        return len(self.folders)

    def listings(self) -> list[Listing]:
        return [Listing(k, tuple(r.languages), r.slugs, r.deck,
                        (r.players[0], r.players[1]) if r.players else (0, 0),
                        tuple((kind, game) for kind, game in r.links), tuple(r.omitted),
                        {lang: tuple(slugs) for lang, slugs in r.former_slugs.items()})
                for k, r in self.records.items()]


class Replays(Mapping[tuple[str, str], object]):
    def __init__(self, games: Games) -> None:
        self.games = games

    def __getitem__(self, key: tuple[str, str]) -> object:
        if key[0] not in self.games.folders:
            raise KeyError(key)
        return self.games.load(key[0])[1][key]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return (key for game in self.games for key in self.games.load(game)[1])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def check_games(ctx: Context, source_lang: str) -> Games:
    """Check every game whose folder changed, on every core, each checked game stored in the
    spool by its worker; of the others, report the last build's findings. Each game's
    languages are held to the site's ``source_lang``."""
    config, report = ctx.config, ctx.report
    games = Games(config.rules.parent, keep=config.keep_games)
    folders = find_game_folders([config.rules], report)
    # a game's findings depend on its folder, the source language and whether unread
    # sentences are warnings
    unread = ":unread" if config.unread else ""
    digests = {folder: f"{ctx.inputs.folder_digest(folder)}:{source_lang}{unread}"
               for folder in folders}
    records = {folder: _record_of(ctx, folder, digests[folder]) for folder in folders}
    todo = [f for f in folders if records[f] is None]
    root, spool = config.rules.parent, ctx.spool
    here = os.getpid()
    held: dict[Path, Loaded] = {}  # games checked in this process, kept as they are (serve)

    def one(folder: Path) -> Stored:  # in a worker: the game goes to the spool, not back
        found = Report(unread=config.unread)
        bundle, replays = check_game(folder, found, root=root, source_lang=source_lang)
        narrations_kept()  # on the disk now: a worker's memory goes with it
        if bundle is None:
            return None, found.items, None
        if config.keep_games and os.getpid() == here:  # no trip through the spool and back
            held[folder] = (bundle, replays)
            return _summary(bundle), found.items, None
        return _summary(bundle), found.items, spool.store_game(folder, (bundle, replays))

    # an edit changes one file of a game: the other languages' narration checks are
    # remembered on the disk, for the next process (a warm clean build, a one-edit command);
    # serve (keep_games), which checks again at each save, also remembers them in memory, and
    # the unchanged files' parses
    remembered = contextlib.ExitStack()
    remembered.enter_context(narrations_remembered(ctx.cache, ctx.toolchain,
                                                   forget=not config.keep_games))
    if config.keep_games:
        remembered.enter_context(parsed_remembered())
    with ctx.progress.task("checking the games", len(folders)) as task, remembered:
        task.advance(len(folders) - len(todo))
        checked = dict(zip(todo, pool_map(one, todo, workers=config.workers, name="check",
                                          per_worker=CHECKED_PER_WORKER,
                                          advance=task.advance)))
    for folder in folders:  # in the folders' order, whichever worker checked them
        _check_one(ctx, games, folder, digests[folder], records[folder], checked.get(folder),
                   held.get(folder))
    check_slugs([_slugs_of(k, r) for k, r in games.records.items()], report)
    check_related([LinkSource(k, Path(r.folder), r.slugs,
                              [(str(g), Mark(str(p), int(line), int(col)))
                               for g, p, line, col in r.link_marks])
                   for k, r in games.records.items()], report)
    return games


# What a worker's check of one game hands back: the record's fields it knows (None: the
# game could not be loaded), its findings, and where it stored the game.
Stored = tuple[dict[str, Any] | None, list[Diagnostic], Path | None]


def _summary(bundle: GameBundle) -> dict[str, Any]:
    """What the graph records of a checked game, as far as the game itself says."""
    listing, links = Listing.of(bundle), LinkSource.of(bundle)
    return {"id": bundle.rules.id, "languages": list(bundle.languages),
            "slugs": dict(bundle.rules.spec.slugs),
            "slug_marks": {k: _mark_list(m) for k, m in slug_marks(bundle).items()},
            "former_slugs": {k: list(v) for k, v in bundle.rules.spec.former_slugs.items()},
            "former_marks": {k: [_mark_list(m) for m in marks]
                             for k, marks in former_slug_marks(bundle).items()},
            "deck": listing.deck, "players": list(listing.players),
            "links": [list(link) for link in listing.links], "omitted": list(listing.omitted),
            "link_marks": [[game_, *_mark_list(mark)] for game_, mark in links.links]}


def _record_of(ctx: Context, folder: Path, digest: str) -> graph.GameRecord | None:
    """The last build's record of a game whose folder (and the source language its findings
    were judged by) is unchanged."""
    last = ctx.previous.games.get(folder.name)
    return last if last is not None and last.digest == digest and last.folder == str(folder) \
        else None


def _check_one(ctx: Context, games: Games, folder: Path, digest: str,
               last: graph.GameRecord | None, checked: Stored | None,
               held: Loaded | None = None) -> None:
    """One game folder: its record of the last build when the folder is unchanged, else what
    the check of it found (the game stored in the spool, or ``held`` in memory)."""
    if last is not None:  # unchanged since the last build, which recorded it
        ctx.report.extend(last.diagnostics())
        games.folders[folder.name] = folder
        games.records[folder.name] = last
        return
    assert checked is not None  # a folder without a record is checked
    summary, found, stored = checked
    ctx.report.extend(found)
    if summary is None or (stored is None and held is None):
        return
    fields = dict(summary)
    game = fields.pop("id")
    games.folders[game] = folder
    games.changed.add(game)
    games.records[game] = graph.GameRecord(
        folder=str(folder), digest=digest, digests=ctx.inputs.game_digests(game, folder, LANGUAGES),
        findings=[d.as_dict() for d in found], **fields)
    if held is not None:
        games.hold(game, held)
    elif stored is not None:
        games.stored[game] = stored


def _mark_list(mark: Mark) -> list[Any]:
    return [mark.path, mark.line, mark.col]


def _slugs_of(game: str, record: graph.GameRecord) -> GameSlugs:
    return GameSlugs(game, record.slugs, record.former_slugs,
                     {k: Mark(*m) for k, m in record.slug_marks.items()},
                     {k: [Mark(*m) for m in marks] for k, marks in record.former_marks.items()},
                     folder=record.folder)
