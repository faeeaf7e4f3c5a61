"""Step 2, plan: the site's pages and documents, the renderer, the named values of the whole
site that a page may depend on (deps.uses), and so which outputs the changes make stale.

The values are what several pages show of the games: each game's entry in each language's
index, which parts of a translation are outdated, the day a game's rules last changed. An
unchanged game keeps them from its record of the last build; the records carry them on."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from ..core.languages import LANGUAGES, catalog_rel
from ..model.schema import SiteSpec
from ..pdf.assets import collect
from ..simulation.run import Simulation
from ..simulation.store import Store
from ..web.qr import rules_changed
from ..web.render import Renderer, SiteConfig
from ..web.site import Kind, Listing, Site, plan_listed
from . import graph
from .context import Context
from .games import Games
from .simulate import simulations_of


@dataclass(frozen=True)
class Plan:
    games: Games
    site: Site
    renderer: Renderer
    values: dict[str, str]  # the named values of the whole site, by name
    changes: graph.Changes  # against the last build: which recorded inputs differ
    simulations: list[Simulation]  # what the changed games' numbers pages show (step 3)


def plan_site(ctx: Context, games: Games, site_spec: SiteSpec) -> Plan:
    config = ctx.config
    site = _planned(games.listings(), games) if config.keep_games \
        else plan_listed(games.listings(), games)
    renderer = Renderer(SiteConfig(config.theme, site_spec.base_url, site_spec.name,
                                   pdf=config.pdf, source_language=site_spec.source_language,
                                   card_letters=frozenset(site_spec.card_letters)),
                        site, games.replays, numbers=Store(ctx.cache))
    # one pass over the games, each loaded once (a build keeps only a few in memory)
    sims: list[Simulation] = []
    outdated = _Outdated(ctx, site_spec.source_language)
    entries = _IndexEntries(ctx, renderer, games)
    for game in games.records:
        if game in games.changed and Kind.NUMBERS.value not in site.listings[game].omitted:
            sims += simulations_of(games[game])  # (a game without a numbers page: none)
        entries.record(game)
        outdated.record(games, game)
    values = site_values(site, renderer) | outdated.values
    if config.pdf:
        values |= _rules_days(ctx, renderer, games)
        # the stylesheets, fonts and images the PDFs may read: one added, changed or removed
        # makes every PDF stale (they are not files a PDF's render records)
        values["pdf-assets"] = collect(config.theme).digest
    changes = graph.Changes(ctx.previous, ctx.inputs,
                            {k: v for r in games.records.values() for k, v in r.digests.items()},
                            values)
    return Plan(games, site, renderer, values, changes, sims)


# serve plans the site again at each save, and a save seldom changes what its pages are made
# of (the games' listings: languages, slugs, links...): the last plan of this process, with
# its digests, by its listings (a Site's pages are not changed once planned)
_PLANNED: list[tuple[list[Listing], Site, dict[str, str]]] = []


def _planned(listings: list[Listing], games: Games) -> Site:
    if _PLANNED and _PLANNED[0][0] == listings:
        return replace(_PLANNED[0][1], games=games)
    site = plan_listed(listings, games)
    _PLANNED[:] = [(listings, site, _structure(site))]
    return site


def _structure(site: Site) -> dict[str, str]:
    """The values of the site's structure: its pages, its languages, the links between its
    games."""
    if _PLANNED and _PLANNED[0][1].pages is site.pages:  # a plan made again (``_planned``)
        return _PLANNED[0][2]
    return {"plan": graph.digest_value([site.languages, [(p.kind.value, p.lang, p.path, p.game)
                                                         for p in site.pages]]),
            "languages": graph.digest_value(site.languages),
            "links": graph.digest_value(sorted((g.id, g.links) for g in site.listings.values()))}


def site_values(site: Site, renderer: Renderer) -> dict[str, str]:
    """The named values of the whole site that a page may declare it read (deps.uses)."""
    values = dict(_structure(site))
    values |= {f"shards:{lang}": str(count) for lang, count in renderer.search_shards.items()}
    for lang in site.languages:
        listed = site.games_in(lang)
        values[f"games:{lang}"] = graph.digest_value(
            [(g.id, g.slugs[lang], g.players, renderer.index_entry(g.id, lang)) for g in listed])
        for g in listed:
            values[f"title:{g.id}:{lang}"] = renderer.index_entry(g.id, lang)["title"]
    return values


class _IndexEntries:
    """What other pages show of each game in each language: kept from the last build for a
    game not loaded now when what the entry is made with (the language's catalog, site.yaml)
    is unchanged, else made from the game."""

    def __init__(self, ctx: Context, renderer: Renderer, games: Games) -> None:
        site_yaml = ctx.inputs.digest(str(ctx.config.rules / "site.yaml"))
        theme = ctx.config.theme  # the catalog that wins: the site's own, else the built-in one
        self.keys = {lang: ctx.inputs.digest(str(theme.path(catalog_rel(lang)))) + site_yaml
                     for lang in LANGUAGES}
        self.renderer, self.games = renderer, games
        self.known = {}
        for game, record in games.records.items():
            for lang in record.languages:
                if game not in games.changed and record.entry_keys.get(lang) == self.keys[lang] \
                        and lang in record.entries:
                    self.known[(game, lang)] = record.entries[lang]
        renderer.known_entries(self.known)  # type: ignore[arg-type]  # JSON of an IndexEntry

    def record(self, game: str) -> None:
        record = self.games.records[game]
        if all((game, lang) in self.known for lang in record.languages):
            return  # its record holds these very entries already
        self.games.records[game] = replace(
            record, entries={lang: dict(self.renderer.index_entry(game, lang))
                             for lang in record.languages},
            entry_keys={lang: self.keys[lang] for lang in record.languages})


class _Outdated:
    """Which parts of each game's pages are outdated translations, by language: a page shows
    a notice for each, so it depends on them (not on the whole source text)."""

    def __init__(self, ctx: Context, source_language: str) -> None:
        self.key = ctx.inputs.digest(str(ctx.config.rules / "site.yaml"))
        self.source_language = source_language
        self.values: dict[str, str] = {}

    def record(self, games: Games, game: str) -> None:
        from ..i18n.staleness import outdated_parts

        record = games.records[game]
        if game in games.changed or record.outdated_key != self.key:
            bundle = games[game]
            record = games.records[game] = replace(
                record, outdated={lang: sorted(outdated_parts(bundle, lang, self.source_language))
                                  for lang in record.languages}, outdated_key=self.key)
        for lang, parts in record.outdated.items():
            self.values[f"outdated:{game}:{lang}"] = " ".join(parts)  # ids: no space in one


def _rules_days(ctx: Context, renderer: Renderer, games: Games) -> dict[str, str]:
    """The day each game's rules last changed (printed on its PDFs): kept from the last build
    for an unchanged game while the rules' git history is the same."""
    head = _git_head(ctx.config.rules)
    days: dict[str, str] = {"head": head}
    for game, record in games.records.items():
        if game in games.changed or ctx.previous.values.get("head") != head or not record.changed:
            record = games.records[game] = replace(
                record, changed=rules_changed(Path(record.folder)).isoformat())
        renderer.known_changed({game: date.fromisoformat(record.changed)})
        days[f"changed:{game}"] = record.changed
    return days


def _git_head(folder: Path) -> str:
    """The commit the rules folder's history ends at ('' outside git): a commit can change
    the day a game's rules last changed without changing a file."""
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=folder, capture_output=True,
                              text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""
