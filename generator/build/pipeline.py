"""`rulebook build`: the whole pipeline, visible top to bottom.

    digest the inputs; unchanged since the last build? -> done
    load + check the games that changed (refuse to publish when an example fails)
    plan the site -> render the pages whose inputs changed -> publish atomically

What each output was made from is recorded as it is rendered (deps.py) and kept beside the
output with what the last build learnt of each game (graph.py), so that an edit loads, checks
and renders only what depends on it, in a new process too.

Publishing (publish.py) builds a staging folder beside the output (unchanged files
hard-linked, not rewritten) and swaps it in atomically, one build at a time, into a folder that
is missing, empty, or an earlier build's: a failed or killed build leaves the previous site.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .. import __name__ as _package
from ..check.games import CheckResult, check, check_game, check_slugs, find_game_folders, slug_marks
from ..check.load import load_site_spec
from ..check.related import LinkSource, check_related
from ..core.diagnostics import Diagnostic, Mark, Report
from ..core.languages import LANGUAGES, catalog_path
from ..model.game import GameBundle
from ..model.schema import SiteSpec
from ..pdf.render import PdfStats
from ..runtime import collector, deps
from ..runtime.files import failpoint, locked, write_beside
from ..web.qr import rules_changed
from ..web.site import Listing
from . import graph
from . import publish as publishing

if TYPE_CHECKING:  # rendering is imported lazily: `rulebook build` with nothing changed needs none of it
    from ..simulation.run import Store
    from ..web.render import Renderer
    from ..web.site import Document, Site

STATE_FILE = ".rulebook-build.json"
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the generator package


@dataclass(frozen=True)
class BuildConfig:
    rules: Path
    templates: Path
    out: Path
    pdf: bool = True
    workers: int = 0  # PDF render processes; 0: one per core (never more than cores or jobs)
    executor: str | None = None  # dask://host:port: the PDFs are rendered on that cluster
    # False: the search bundle is left as the last build made it, to be brought up to date by
    # the next build that has it on (serve: pages first, reloaded at once; then the search)
    search: bool = True

    @property
    def cache(self) -> Path:
        """Rendered PDFs by input digest, beside the output (never published)."""
        return self.out.parent / f".{self.out.name}.cache"


@dataclass
class BuildResult:
    report: Report
    pages: int = 0
    pdfs: PdfStats = field(default_factory=lambda: PdfStats())
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    up_to_date: bool = False
    files: dict[str, bytes] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        return not self.report.errors


class BuildError(Exception):
    """The system failed the build (disk full, read-only output, ...): not a rules error."""


def build(config: BuildConfig) -> BuildResult:
    refused = refused_output(config)
    if refused is not None:
        return BuildResult(refused)
    try:
        with locked(config.out), collector.paused():
            publishing.recover(config.out)
            return _build_locked(config)
    except OSError as error:
        raise BuildError(_describe(error, config.out)) from error


def _build_locked(config: BuildConfig) -> BuildResult:
    previous = graph.load_state(_state_path(config.out))
    inputs = graph.Inputs([config.rules, config.templates, PACKAGE_DIR], previous.inputs)
    toolchain = graph.toolchain_digest(inputs, PACKAGE_DIR, f"{_package}\0pdf={config.pdf}")
    if previous.toolchain != toolchain:
        previous = graph.State()  # another generator or library: nothing of it is trusted
    elif _same_inputs(previous, inputs) and previous.intact(config.out) \
            and not (config.search and previous.search_pending):
        return BuildResult(Report(), up_to_date=True)

    result = BuildResult(Report())
    games = _check_games(config, previous, inputs, result.report)
    site_spec = load_site_spec(config.rules, result.report)
    if not result.ok or site_spec is None:
        return result  # nothing is written when a check fails

    from ..web.render import Renderer, SiteConfig
    from ..web.site import plan_listed

    site = plan_listed(games.listings(), games)
    renderer = Renderer(SiteConfig(config.templates, site_spec.base_url, site_spec.name,
                                   pdf=config.pdf, source_language=site_spec.source_language,
                                   card_letters=frozenset(site_spec.card_letters),
                                   cache=config.cache / "templates"),
                        site, games.replays, numbers=numbers_store(config))
    renderer.prefetch_numbers_of([games.loaded[game][0] for game in games.changed],
                                 workers=_numbers_workers(config))
    state = graph.State(toolchain=toolchain, games=games.records)
    _index_entries(config, renderer, games, inputs)
    state.values = site_values(site, renderer) | _outdated(config, games, inputs,
                                                            site_spec.source_language)
    if config.pdf:
        state.values |= _rules_days(config, renderer, games, previous)
    changes = graph.Changes(previous, inputs, {k: v for r in games.records.values()
                                               for k, v in r.digests.items()}, state.values)
    files, kept = _render_outputs(config, renderer, changes, state, result)
    fonts, kept_fonts = _web_fonts(config, files, kept, state, previous, inputs, site.languages,
                                   result.report)
    files = {rel: data for rel, data in files.items() if rel not in kept_fonts} | fonts
    kept = (kept | kept_fonts) - files.keys()
    search = _search(files, kept, state, previous, config, site.languages, result.report)
    files |= search.files
    kept |= search.kept
    if config.pdf:
        pdfs, kept_pdfs = _render_pdfs_changed(config, renderer, site.documents, changes,
                                               state, result)
        files |= pdfs
        kept |= kept_pdfs
    if not result.ok:
        return result
    result.files = files
    result.pages = sum(1 for p in [*files, *kept] if p.endswith(".html"))
    failpoint("before-publish")
    known = {rel: o.inode for rel, o in previous.outputs.items()} if previous.outputs else None
    result.written, result.unchanged, result.removed = publishing.publish(
        files, config.out, kept=kept, known=known)
    _save_state(config.out, state, previous, inputs, files)
    return result


# -- checking only what changed ------------------------------------------------------------------

Loaded = tuple[GameBundle, dict[tuple[str, str], object]]  # a game and its examples' replays

# Games loaded by the builds of this process, by folder and content digest: `rulebook serve`
# builds again and again in one process, and an unchanged game need not be read again.
_LOADED: dict[tuple[str, str], Loaded] = {}
_LOADED_MAX = 2048


class _Games(Mapping[str, GameBundle]):
    """The site's games by id. A game checked by this build (``changed``) is at hand; an
    unchanged one is known by its record of the last build and loaded only when a page of it
    is rendered."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folders: dict[str, Path] = {}
        self.records: dict[str, graph.GameRecord] = {}
        self.loaded: dict[str, Loaded] = {}
        self.changed: set[str] = set()
        self.replays = _Replays(self)

    def load(self, game: str) -> Loaded:
        if game not in self.loaded:
            key = (str(self.folders[game]), self.records[game].digest)
            if key not in _LOADED:
                bundle, replays = check_game(self.folders[game], Report(), root=self.root,
                                             narration=False)  # its findings are the record's
                if bundle is None:
                    raise BuildError(f"{self.folders[game]} changed while it was being built; "
                                     "build again")
                if len(_LOADED) >= _LOADED_MAX:
                    _LOADED.clear()
                _LOADED[key] = bundle, replays
            self.loaded[game] = _LOADED[key]
        return self.loaded[game]

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
                        tuple((kind, game) for kind, game in r.links))
                for k, r in self.records.items()]


class _Replays(Mapping[tuple[str, str], object]):
    def __init__(self, games: _Games) -> None:
        self.games = games

    def __getitem__(self, key: tuple[str, str]) -> object:
        if key[0] not in self.games.folders:
            raise KeyError(key)
        return self.games.load(key[0])[1][key]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return (key for game in self.games for key in self.games.load(game)[1])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _check_games(config: BuildConfig, previous: graph.State, inputs: graph.Inputs,
                 report: Report) -> _Games:
    """Check every game whose folder changed; of the others, report the last build's findings.
    What involves several games (slugs, links) is checked again from every game's record."""
    games = _Games(config.rules.parent)
    for folder in find_game_folders([config.rules], report):
        digest = inputs.folder_digest(folder)
        last = previous.games.get(folder.name)
        if last is not None and last.digest == digest and last.folder == str(folder):
            report.extend(last.diagnostics())
            games.folders[folder.name] = folder
            games.records[folder.name] = last
            continue
        found = Report()
        bundle, replays = check_game(folder, found, root=config.rules.parent)
        report.extend(found.items)
        if bundle is None:
            continue
        game = bundle.rules.id
        games.folders[game], games.loaded[game] = folder, (bundle, replays)
        games.changed.add(game)
        _LOADED[(str(folder), digest)] = bundle, replays
        listing, links = Listing.of(bundle), LinkSource.of(bundle)
        games.records[game] = graph.GameRecord(
            folder=str(folder), digest=digest, languages=list(bundle.languages),
            digests=inputs.game_digests(game, folder, LANGUAGES),
            slugs=dict(bundle.rules.spec.slugs),
            slug_marks={k: _mark_list(m) for k, m in slug_marks(bundle).items()},
            findings=[d.as_dict() for d in found.items], deck=listing.deck,
            players=list(listing.players), links=[list(link) for link in listing.links],
            link_marks=[[game_, *_mark_list(mark)] for game_, mark in links.links])
    check_slugs([(k, r.slugs, _mark_of(r)) for k, r in games.records.items()], report)
    check_related([LinkSource(k, Path(r.folder), r.slugs,
                              [(str(g), Mark(str(p), int(line), int(col)))
                               for g, p, line, col in r.link_marks])
                   for k, r in games.records.items()], report)
    return games


def _mark_list(mark: Mark) -> list[Any]:
    return [mark.path, mark.line, mark.col]


def _mark_of(record: graph.GameRecord) -> Callable[[str], Mark]:
    return lambda lang: Mark(*record.slug_marks[lang]) if lang in record.slug_marks else \
        Mark(record.folder)


def _index_entries(config: BuildConfig, renderer: Renderer, games: _Games,
                   inputs: graph.Inputs) -> None:
    """What other pages show of each game in each language: kept from the last build for a
    game not loaded now when what the entry is made with (the language's catalog, site.yaml)
    is unchanged, else made from the game."""
    site_yaml = inputs.digest(str(config.rules / "site.yaml"))
    keys = {lang: inputs.digest(str(catalog_path(config.templates, lang))) + site_yaml
            for lang in LANGUAGES}

    def key(lang: str) -> str:
        return keys[lang]

    known = {}
    for game, record in games.records.items():
        for lang in record.languages:
            if game not in games.changed and record.entry_keys.get(lang) == key(lang) \
                    and lang in record.entries:
                known[(game, lang)] = record.entries[lang]
    renderer.known_entries(known)  # type: ignore[arg-type]  # JSON of an IndexEntry
    for game, record in games.records.items():
        if all((game, lang) in known for lang in record.languages):
            continue  # its record holds these very entries already
        entries = {lang: dict(renderer.index_entry(game, lang)) for lang in record.languages}
        games.records[game] = graph.GameRecord(**{
            **record.__dict__, "entries": entries,
            "entry_keys": {lang: key(lang) for lang in record.languages}})


def site_values(site: Site, renderer: Renderer) -> dict[str, str]:
    """The named values of the whole site that a page may declare it read (deps.uses)."""
    values = {"plan": graph.digest_value([site.languages, [(p.kind.value, p.lang, p.path, p.game)
                                                           for p in site.pages]]),
              "links": graph.digest_value(sorted((g.id, g.links) for g in site.listings.values()))}
    for lang in site.languages:
        listed = site.games_in(lang)
        values[f"games:{lang}"] = graph.digest_value(
            [(g.id, g.slugs[lang], g.players, renderer.index_entry(g.id, lang)) for g in listed])
        for g in listed:
            values[f"title:{g.id}:{lang}"] = renderer.index_entry(g.id, lang)["title"]
    return values


def _outdated(config: BuildConfig, games: _Games, inputs: graph.Inputs,
              source_language: str) -> dict[str, str]:
    """Which parts of each game's pages are outdated translations, by language: a page shows
    a notice for each, so it depends on them (not on the whole source text)."""
    from ..i18n.staleness import outdated_parts

    key = inputs.digest(str(config.rules / "site.yaml"))
    values = {}
    for game, record in games.records.items():
        if game in games.changed or record.outdated_key != key:
            bundle = games[game]
            record.outdated = {lang: sorted(outdated_parts(bundle, lang, source_language))
                               for lang in record.languages}
            record.outdated_key = key
        for lang, parts in record.outdated.items():
            values[f"outdated:{game}:{lang}"] = " ".join(parts)  # ids: no space in one
    return values


def _rules_days(config: BuildConfig, renderer: Renderer, games: _Games,
                previous: graph.State) -> dict[str, str]:
    """The day each game's rules last changed (printed on its PDFs): kept from the last build
    for an unchanged game while the rules' git history is the same."""
    head = _git_head(config.rules)
    days: dict[str, str] = {"head": head}
    for game, record in games.records.items():
        if game in games.changed or previous.values.get("head") != head or not record.changed:
            record.changed = rules_changed(Path(record.folder)).isoformat()
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


# -- rendering only what changed ------------------------------------------------------------------

def _outputs(config: BuildConfig, renderer: Renderer) -> Iterator[tuple[str, Callable[[], bytes]]]:
    """Every output file but the PDFs, each with the step that makes it."""
    for page in renderer.site.pages:
        yield page.path, lambda page=page: renderer.render(page).encode("utf-8")  # type: ignore[misc]
    yield "sitemap.xml", lambda: renderer.sitemap().encode("utf-8")
    static = config.templates / "static"
    for path in sorted(static.rglob("*")) if static.is_dir() else []:
        if path.is_file():
            yield "static/" + path.relative_to(static).as_posix(), lambda path=path: _read(path)  # type: ignore[misc]


def _read(path: Path) -> bytes:
    deps.file(path)
    return path.read_bytes()


def _render_outputs(config: BuildConfig, renderer: Renderer, changes: graph.Changes,
                    state: graph.State, result: BuildResult) -> tuple[dict[str, bytes], set[str]]:
    """Render each output whose inputs changed (on every core when there are many); the others
    are kept as the last build left them."""
    from ..runtime.pool import pool_map
    from ..web.fonts import extra_characters  # here: a forked worker imports nothing

    kept: set[str] = set()
    todo: dict[str, Callable[[], bytes]] = {}
    for rel, make in _outputs(config, renderer):
        last = changes.previous.outputs.get(rel)
        if last is not None and not changes.stale(last.deps) \
                and graph.same_file(f"{config.out}/{rel}", last):
            kept.add(rel)
            state.outputs[rel] = last
        else:
            todo[rel] = make
    renderer.catalog_problems()  # the catalogs are read here, not once in each worker
    site_yaml = config.rules / "site.yaml"

    def render(rel: str) -> tuple[bytes, graph.Output]:
        with deps.recording(files=(site_yaml,)) as recorded:
            data = todo[rel]()
        return data, graph.Output(
            recorded, len(data), 0, chars=extra_characters(rel, data),
            sha=hashlib.sha256(data).hexdigest() if rel.endswith(".html") else "")

    files: dict[str, bytes] = {}
    for rel, (data, output) in zip(todo, pool_map(render, list(todo), workers=config.workers)):
        files[rel], state.outputs[rel] = data, output
    result.report.extend(renderer.catalog_problems())  # a broken UI catalog is shown in English
    return files, kept


def _web_fonts(config: BuildConfig, files: dict[str, bytes], kept: set[str], state: graph.State,
               previous: graph.State, inputs: graph.Inputs, languages: list[str],
               report: Report) -> tuple[dict[str, bytes], set[str]]:
    """The web fonts and the stylesheet naming them (``font_files``), for the characters of
    every page (of a page kept from the last build, those the graph recorded of it): cut
    again only when the characters, the print faces or the stylesheet changed."""
    from ..web.fonts import site_characters_of

    css = files.get("static/site.css")
    source = config.templates / "static" / "site.css"
    if css is None and "static/site.css" in kept:
        css = source.read_bytes()  # the published one names the fonts: start from the source
    if css is None:
        return {}, set()
    chars = site_characters_of((o.chars for o in state.outputs.values()), languages)
    key = graph.digest_value(["".join(map(chr, sorted(chars))),
                              inputs.folder_digest(config.templates / "print"),
                              inputs.digest(str(source))])
    state.values["fonts"] = key
    last = {rel: o for rel, o in previous.outputs.items() if "fonts" in o.deps.values}
    if previous.values.get("fonts") == key and "static/site.css" in last \
            and all(graph.same_file(config.out / rel, o) for rel, o in last.items()):
        state.outputs |= last
        report.extend(last["static/site.css"].diagnostics())  # a missing face, said again
        return {}, set(last)
    found = Report()
    out = font_files(config, css, chars, found)
    report.extend(found.items)
    font_deps = deps.Deps(files={str(config.templates / "print" / "print.css"), str(source)},
                          values={"fonts"})
    for rel, data in out.items():
        state.outputs[rel] = graph.Output(
            font_deps, len(data), 0,
            findings=[d.as_dict() for d in found.items] if rel == "static/site.css" else [])
    return out, set()


def font_files(config: BuildConfig, css: bytes, chars: frozenset[int],
               report: Report | None) -> dict[str, bytes]:
    """The print faces as subset WOFF2 files, and the site stylesheet ``css`` naming them. A
    face whose file is missing or broken is left out with a warning (the browser falls back)."""
    from ..web.fonts import print_faces, unusable_faces, web_faces, with_font_faces

    print_css = config.templates / "print" / "print.css"
    if not print_css.is_file():
        return {}
    declared = print_faces(print_css)
    bad = unusable_faces(declared, print_css)
    for face, line, problem in bad:
        if report is not None:
            report.warning(Mark(str(print_css), line), "missing-font",
                           f"{problem}: the web pages go without the face '{face.family}'",
                           hint="put the font file beside print.css, where its url() points")
    usable = [f for f in declared if f not in {b[0] for b in bad}]
    faces = web_faces(usable, chars, cache=config.cache)
    out = {f.path: f.data for f in faces if f.codepoints}
    out["static/site.css"] = with_font_faces(css, faces)
    return out


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


@dataclass
class _Search:
    files: dict[str, bytes] = field(default_factory=dict)
    kept: set[str] = field(default_factory=set)


def _search(files: dict[str, bytes], kept: set[str], state: graph.State,
            previous: graph.State, config: BuildConfig, languages: list[str],
            report: Report) -> _Search:
    """Pagefind's bundle for the site's pages, one language at a time: a language is indexed
    again only when one of its pages changed, came or went since it was last indexed (reading
    every page of it: the kept ones from the output folder); the others keep their files.
    With the search off for this build, the last bundle stays as it is."""
    from ..web.search import ENTRY, LanguageIndex, bundle_of, language_indexes, language_of

    found = _Search()

    folder = str(config.out)

    def keep(rels: list[str]) -> bool:
        if not all(rel in previous.outputs
                   and graph.same_file(os.path.join(folder, rel), previous.outputs[rel])
                   for rel in rels):
            return False
        found.kept |= set(rels)
        state.outputs |= {rel: previous.outputs[rel] for rel in rels}
        return True

    if not config.search:
        state.search = {lang: last for lang, last in previous.search.items()
                        if keep([*last["files"], ENTRY])}
        state.search_pending = True
        return found
    pages: dict[str, list[str]] = {}
    for rel in sorted([*files, *kept]):
        lang = language_of(rel, languages) if rel.endswith(".html") else None
        if lang is not None:
            pages.setdefault(lang, []).append(rel)
    indexes: dict[str, LanguageIndex] = {}
    todo: dict[str, dict[str, bytes]] = {}
    made_from: dict[str, str] = {}
    for lang, listed in pages.items():
        made_from[lang] = graph.digest_value([(p, state.outputs[p].sha) for p in listed])
        last = previous.search.get(lang)
        if last is not None and last["pages"] == made_from[lang] and keep(last["files"]):
            indexes[lang] = LanguageIndex({}, last["entry"])
            state.search[lang] = last
        else:
            todo[lang] = {p: files[p] if p in files else (config.out / p).read_bytes()
                          for p in listed}
    made = language_indexes(todo, report) if todo else {}
    if made is None:
        return _Search()  # no Pagefind, or it failed: warned, and no search at all
    for lang, index in made.items():
        indexes[lang] = index
        found.files |= index.files
        state.search[lang] = {"pages": made_from[lang], "files": sorted(index.files),
                              "entry": index.entry}
    entry = bundle_of({lang: LanguageIndex({}, index.entry) for lang, index in indexes.items()})
    for rel, data in entry.items():  # the entry file names every language's files
        if made or not _same_bytes(config.out / rel, data) or not keep([rel]):
            found.files[rel] = data
    found.kept -= found.files.keys()
    for rel, data in found.files.items():
        state.outputs[rel] = graph.Output(deps.Deps(values={"search"}), len(data), 0)
    return found


def _same_inputs(previous: graph.State, inputs: graph.Inputs) -> bool:
    scanned = {k: v for k, v in previous.inputs.items() if v[0] >= 0}
    return scanned.keys() == inputs.table.keys() and all(
        scanned[k][2] == v[2] for k, v in inputs.table.items())


def site_of(config: BuildConfig, checked: CheckResult) -> SiteSpec | None:
    """rules/site.yaml, loaded once: by the check when it was there, else reported missing."""
    return checked.site if checked.site_checked else load_site_spec(config.rules, checked.report)


def _describe(error: OSError, out: Path) -> str:
    where = error.filename or out
    return f"cannot write the site to {out}: {error.strerror or error} ({where})"


def refused_output(config: BuildConfig) -> Report | None:
    """An output folder the build may not replace, or inputs that are not there."""
    report = Report()
    out = config.out.resolve()
    for name, folder in (("rules", config.rules), ("templates", config.templates)):
        source = folder.resolve()
        if out == source or out in source.parents or source in out.parents:
            report.error(Mark(str(config.out)), "bad-output",
                         f"the output folder overlaps the {name} folder {folder}; a build "
                         "replaces everything in it", hint="choose an --out folder of its own")
            return report
    problem = publishing.output_problem(config.out)
    if problem is not None:
        report.error(Mark(str(config.out)), "bad-output", problem,
                     hint="choose a new or empty --out folder (nothing was changed)")
    if not (config.templates / "base.html.j2").is_file():
        report.error(Mark(str(config.templates)), "no-such-path",
                     f"'{config.templates}' is not a templates folder (no base.html.j2 in it)",
                     hint="give --templates the project's templates folder")
    return report if report.items else None


def render_site(config: BuildConfig, checked: CheckResult, site_spec: SiteSpec,
                result: BuildResult | None = None) -> dict[str, bytes]:
    """Every output file in memory, in one go (no graph, no search): pages, sitemap, static
    files, web fonts and (unless off) PDFs."""
    from ..web.fonts import site_characters
    from ..web.render import Renderer, SiteConfig
    from ..web.site import plan

    site = plan(checked.games)
    renderer = Renderer(SiteConfig(config.templates, site_spec.base_url, site_spec.name,
                                   pdf=config.pdf, source_language=site_spec.source_language,
                                   card_letters=frozenset(site_spec.card_letters)),
                        site, checked.replays, numbers=numbers_store(config))
    renderer.prefetch_numbers(workers=_numbers_workers(config))
    files = renderer.render_all()
    if result is not None:  # a broken UI catalog is shown in English, and reported
        result.report.extend(renderer.catalog_problems())
    static = config.templates / "static"
    for path in sorted(static.rglob("*")) if static.is_dir() else []:
        if path.is_file():
            files["static/" + path.relative_to(static).as_posix()] = path.read_bytes()
    if "static/site.css" in files:
        files |= font_files(config, files["static/site.css"],
                            site_characters(files, site.languages),
                            result.report if result else None)
    if config.pdf:
        files |= _render_pdfs(config, renderer, site.documents,
                              result.report if result else Report(),
                              stats=result.pdfs if result else None)[0]
    return files


def numbers_store(config: BuildConfig) -> Store:
    """The game by the numbers, cached beside the PDFs: an unchanged game is not simulated
    again. RULEBOOK_NUMBERS_CACHE names a folder shared by every output (the tests' builds)."""
    from ..simulation.run import Store
    return Store.beside(config.cache)


def _numbers_workers(config: BuildConfig) -> int:
    from ..pdf.render import default_workers
    return config.workers or default_workers()


def _render_pdfs_changed(config: BuildConfig, renderer: Renderer, documents: list[Document],
                         changes: graph.Changes, state: graph.State, result: BuildResult
                         ) -> tuple[dict[str, bytes], set[str]]:
    """The PDFs whose inputs changed (a booklet on A4 goes with its A5 booklet); the others
    are kept, and their findings reported again as the last build made them."""
    from ..web.site import DocKind

    booklet_of = {(d.game, d.lang): d.path for d in documents if d.kind is DocKind.BOOKLET}

    def source(doc: Document) -> str:
        return booklet_of.get((doc.game, doc.lang), "") if doc.kind is DocKind.IMPOSED else doc.path

    kept: set[str] = set()
    todo: list[Document] = []
    for doc in documents:
        last, made_from = changes.previous.outputs.get(doc.path), changes.previous.outputs.get(source(doc))
        if last is not None and made_from is not None and not changes.stale(made_from.deps) \
                and graph.same_file(f"{config.out}/{doc.path}", last):
            kept.add(doc.path)
            state.outputs[doc.path] = last
            result.report.extend(last.diagnostics())
        else:
            todo.append(doc)
    if not todo:
        return {}, kept
    print_files = (config.rules / "site.yaml",
                   *(p for p in sorted((config.templates / "print").rglob("*")) if p.is_file()))
    recorded: dict[str, deps.Deps] = {}
    html: dict[str, str] = {}
    for doc in todo:
        if doc.kind is not DocKind.IMPOSED:
            with deps.recording(files=print_files) as found:
                html[doc.path] = renderer.render_document(doc)
            recorded[doc.path] = found
    booklets = {p: (config.out / p).read_bytes() for d in todo if d.kind is DocKind.IMPOSED
                for p in [source(d)] if p not in html and p in kept}  # kept: its bytes as they are
    pdfs, findings = _render_pdfs(config, renderer, todo, result.report, stats=result.pdfs,
                                  html=html, booklets=booklets)
    for doc in todo:
        inputs = recorded.get(source(doc)) or state.outputs[source(doc)].deps
        state.outputs[doc.path] = graph.Output(
            inputs, len(pdfs.get(doc.path, b"")), 0,
            findings=[d.as_dict() for d in findings.get(doc.path, [])])
    return pdfs, kept


def _render_pdfs(config: BuildConfig, renderer: Renderer, documents: list[Document],
                 report: Report, *, stats: PdfStats | None = None,
                 html: Mapping[str, str] | None = None,
                 booklets: Mapping[str, bytes] | None = None
                 ) -> tuple[dict[str, bytes], dict[str, list[Diagnostic]]]:
    """The documents' PDFs (``html``: a document's HTML when already made; ``booklets``: A5
    booklets not among ``documents`` that an A4 booklet is imposed from), and each document's
    findings (also added to ``report``)."""
    from ..pdf.imposition import imposed_pdfs
    from ..pdf.overflow import report_overflows
    from ..pdf.render import (
        PdfJob,
        default_workers,
        harfbuzz_subset_available,
        render_pdfs,
        rich_progress,
    )
    from ..web.site import DocKind

    stats = stats if stats is not None else PdfStats()
    made = html or {}
    jobs = [PdfJob(d.path, made[d.path] if d.path in made else renderer.render_document(d),
                   4 if d.kind is DocKind.BOOKLET else 1)
            for d in documents if d.kind is not DocKind.IMPOSED]
    with contextlib.ExitStack() as stack:
        executor = None
        if config.executor is not None:
            from ..runtime.executors import dask_executor
            executor = stack.enter_context(dask_executor(config.executor))
        pdfs = render_pdfs(jobs, print_dir=config.templates / "print", cache_dir=config.cache,
                           workers=config.workers or default_workers(), stats=stats,
                           progress=rich_progress(), executor=executor)
    imposed = imposed_pdfs(_booklets_to_impose(documents, {**(booklets or {}), **pdfs},
                                               renderer.site.documents), cache_dir=config.cache)
    pdfs |= imposed
    if stats.rendered and not harfbuzz_subset_available():
        report.warning(Mark("libharfbuzz-subset0"), "slow-pdf",
                       "libharfbuzz-subset is not installed: WeasyPrint subsets fonts "
                       "several times slower", hint="apt-get install libharfbuzz-subset0")
    findings: dict[str, list[Diagnostic]] = {}
    for doc in documents:
        found = Report()
        report_overflows(found, stats.overflows, [doc], config.rules)
        for url in stats.refused.get(doc.path, []):
            found.error(Mark(str(config.rules / doc.game / f"{doc.lang}.yaml")),
                        "refused-resource",
                        f"the {doc.lang} {doc.kind} PDF names '{url}', which is "
                        "neither a data: URL nor a file of the templates folder; "
                        "it was not read",
                        hint="embed images as data: URLs; local files and web "
                        "addresses are never fetched")
        pages = stats.pages.get(doc.path, 0)
        if doc.kind == "card" and pages > 1:
            severity = found.error if pages > 2 else found.warning
            severity(Mark(str(config.rules / doc.game / f"{doc.lang}.yaml")), "card-too-long",
                     f"the {doc.lang} quick-reference card takes {pages} sides of A6"
                     + ("; at most two fit a card" if pages > 2 else
                        "; the four-up sheet shows only the first side"),
                     hint="shorten the quickref lines")
        findings[doc.path] = found.items
        report.extend(found.items)
    return pdfs, findings


def _booklets_to_impose(documents: list[Document], pdfs: Mapping[str, bytes],
                        planned: list[Document]) -> dict[str, tuple[bytes, bool]]:
    """The imposed documents' paths -> (their A5 booklet's PDF, right to left?)."""
    from ..core.languages import language
    from ..web.site import DocKind

    booklet = {(d.game, d.lang): d.path for d in planned if d.kind is DocKind.BOOKLET}
    return {d.path: (pdfs[booklet[(d.game, d.lang)]], language(d.lang).direction == "rtl")
            for d in documents if d.kind is DocKind.IMPOSED
            and booklet.get((d.game, d.lang)) in pdfs}


def export_pdfs(config: BuildConfig, *, game: str, lang: str) -> tuple[BuildResult, list[Path]]:
    """`rulebook pdf GAME --lang xx`: that game's card, sheet and booklet into config.out."""
    from ..web.render import Renderer, SiteConfig
    from ..web.site import plan

    refused = refused_output(config)
    if refused is not None:
        return BuildResult(refused), []
    checked = check([config.rules], root=config.rules.parent)
    site_spec = site_of(config, checked)
    result = BuildResult(checked.report)
    if not checked.ok or site_spec is None:
        return result, []
    site = plan(checked.games)
    documents = [d for d in site.documents if d.game == game and d.lang == lang]
    if not documents:
        known = sorted({f"{d.game} --lang {d.lang}" for d in site.documents})
        result.report.error(Mark(str(config.rules / game)), "no-such-document",
                            f"no game '{game}' in language '{lang}'",
                            hint="available: " + "; ".join(known))
        return result, []
    renderer = Renderer(SiteConfig(config.templates, site_spec.base_url, site_spec.name,
                                   source_language=site_spec.source_language,
                                   card_letters=frozenset(site_spec.card_letters)),
                        site, checked.replays, numbers=numbers_store(config))
    try:
        with locked(config.out):
            pdfs, _ = _render_pdfs(config, renderer, documents, result.report,  # cache beside --out
                                   stats=result.pdfs)
            if not result.ok:
                return result, []
            config.out.mkdir(parents=True, exist_ok=True)
            written = []
            for rel, data in sorted(pdfs.items()) + [(publishing.MARKER, publishing.MARKER_TEXT)]:
                target = config.out / Path(rel).name
                write_beside(target, data)
                written.append(target)
    except OSError as error:
        raise BuildError(_describe(error, config.out)) from error
    return result, written[:-1]


# -- the graph, kept beside the output ------------------------------------------------------------

def _state_path(out: Path) -> Path:
    return out.parent / f".{out.name}{STATE_FILE}"


def _save_state(out: Path, state: graph.State, previous: graph.State, inputs: graph.Inputs,
                written: Mapping[str, bytes]) -> None:
    """The graph of the site just published: each output's size, modification time and inode
    as it now stands in the folder (a kept file is the same file as before), and the digest of
    every input."""
    for rel in written:
        output = state.outputs[rel]
        st = (out / rel).stat()
        output.size, output.mtime_ns, output.inode = st.st_size, st.st_mtime_ns, st.st_ino
    state.inputs = {k: list(v) for k, v in inputs.table.items()}
    for output in state.outputs.values():  # inputs read from outside the scanned folders
        for path in output.deps.files:
            if path not in state.inputs:
                state.inputs[path] = [-1, -1, inputs.digest(path)]
    write_beside(_state_path(out), graph.dump_state(state, previous))
