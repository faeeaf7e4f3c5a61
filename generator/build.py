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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Mapping

from . import __name__ as _package
from . import deps, graph
from . import publish as publishing
from .bundle import GameBundle
from .check import CheckResult, check, check_game, check_slugs, find_game_folders, slug_marks
from .diagnostics import Mark, Report
from .i18n import LANGUAGES, catalog_path
from .model import load_site_spec
from .pdf import PdfStats
from .schema import SiteSpec

if TYPE_CHECKING:  # rendering is imported lazily: `rulebook build` with nothing changed needs none of it
    from .render import Renderer
    from .site import Document, Site

STATE_FILE = ".rulebook-build.json"
_LIBRARIES = ("jinja2", "markdown-it-py", "mdit-py-plugins", "babel", "pydantic", "pyyaml",
              "weasyprint")
PACKAGE_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class BuildConfig:
    rules: Path
    templates: Path
    out: Path
    pdf: bool = True
    workers: int = 0  # PDF render processes; 0: one per core (never more than cores or jobs)
    executor: str | None = None  # dask://host:port: the PDFs are rendered on that cluster

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
        with publishing.locked(config.out):
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
    elif _same_inputs(previous, inputs) and previous.intact(config.out):
        return BuildResult(Report(), up_to_date=True)

    result = BuildResult(Report())
    games = _check_games(config, previous, inputs, result.report)
    site_spec = load_site_spec(config.rules, result.report)
    if not result.ok or site_spec is None:
        return result  # nothing is written when a check fails

    from .render import Renderer, SiteConfig
    from .site import plan_listed

    site = plan_listed(games.listings(), games)
    renderer = Renderer(SiteConfig(config.templates, site_spec.base_url, site_spec.name,
                                   pdf=config.pdf, cache=config.cache / "templates"),
                        site, games.replays)
    state = graph.State(toolchain=toolchain, games=games.records)
    _index_entries(config, renderer, games, inputs)
    state.values = site_values(site, renderer)
    changes = graph.Changes(previous, inputs, {k: v for r in games.records.values()
                                               for k, v in r.digests.items()}, state.values)
    files, kept = _render_outputs(config, renderer, changes, state, result)
    if config.pdf:  # not in the graph yet: every PDF goes through the PDF cache (pdf.py)
        pdfs = _render_pdfs(config, renderer, site.documents, result)
        files |= pdfs
        state.outputs |= {rel: graph.Output(deps.Deps(values={"pdf"}), 0, 0) for rel in pdfs}
    if not result.ok:
        return result
    result.files = files
    result.pages = sum(1 for p in [*files, *kept] if p.endswith(".html"))
    publishing.failpoint("before-publish")
    result.written, result.unchanged, result.removed = publishing.publish(files, config.out,
                                                                          kept=kept)
    _save_state(config.out, state, inputs, files)
    return result


# -- checking only what changed ------------------------------------------------------------------

class _Games(Mapping[str, GameBundle]):
    """The site's games by id. A game checked by this build is at hand; an unchanged one is
    known by its record of the last build and loaded (and checked) only when a page of it is
    rendered."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folders: dict[str, Path] = {}
        self.records: dict[str, graph.GameRecord] = {}
        self.loaded: dict[str, tuple[GameBundle, dict[tuple[str, str], object]]] = {}
        self.replays = _Replays(self)

    def load(self, game: str) -> tuple[GameBundle, dict[tuple[str, str], object]]:
        if game not in self.loaded:
            bundle, replays = check_game(self.folders[game], Report(), root=self.root)
            assert bundle is not None, f"{game} checked clean in the last build"
            self.loaded[game] = bundle, replays
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
        from .site import Listing
        return [Listing(k, tuple(r.languages), r.slugs) for k, r in self.records.items()]


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


if TYPE_CHECKING:
    from .site import Listing


def _check_games(config: BuildConfig, previous: graph.State, inputs: graph.Inputs,
                 report: Report) -> _Games:
    """Check every game whose folder changed; of the others, report the last build's findings."""
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
        games.records[game] = graph.GameRecord(
            folder=str(folder), digest=digest, languages=list(bundle.languages),
            digests=inputs.game_digests(game, folder, LANGUAGES),
            slugs=dict(bundle.rules.spec.slugs),
            slug_marks={k: [m.path, m.line, m.col] for k, m in slug_marks(bundle).items()},
            findings=[d.as_dict() for d in found.items])
    check_slugs([(k, r.slugs, _mark_of(r)) for k, r in games.records.items()], report)
    return games


def _mark_of(record: graph.GameRecord) -> Callable[[str], Mark]:
    return lambda lang: Mark(*record.slug_marks[lang]) if lang in record.slug_marks else \
        Mark(record.folder)


def _index_entries(config: BuildConfig, renderer: Renderer, games: _Games,
                   inputs: graph.Inputs) -> None:
    """What each language's index shows of each game: kept from the last build for a game not
    loaded now whose catalog is unchanged, else made from the game."""
    known = {}
    for game, record in games.records.items():
        for lang in record.languages:
            catalog = inputs.digest(str(catalog_path(config.templates, lang)))
            if game not in games.loaded and record.entry_catalogs.get(lang) == catalog \
                    and lang in record.entries:
                known[(game, lang)] = record.entries[lang]
    renderer.known_entries(known)  # type: ignore[arg-type]  # JSON of an IndexEntry
    for game, record in games.records.items():
        if all((game, lang) in known for lang in record.languages):
            continue  # its record holds these very entries already
        entries, catalogs = {}, {}
        for lang in record.languages:
            entries[lang] = dict(renderer.index_entry(game, lang))
            catalogs[lang] = inputs.digest(str(catalog_path(config.templates, lang)))
        games.records[game] = graph.GameRecord(**{**record.__dict__, "entries": entries,
                                                  "entry_catalogs": catalogs})


def site_values(site: Site, renderer: Renderer) -> dict[str, str]:
    """The named values of the whole site that a page may declare it read (deps.uses)."""
    values = {"plan": graph.digest_value([site.languages, [(p.kind.value, p.lang, p.path, p.game)
                                                           for p in site.pages]])}
    for lang in site.languages:
        values[f"games:{lang}"] = graph.digest_value(
            [(g.id, g.slugs[lang], renderer.index_entry(g.id, lang)) for g in site.games_in(lang)])
    return values


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
    """Render each output whose inputs changed; the others are kept as the last build left them."""
    files: dict[str, bytes] = {}
    kept: set[str] = set()
    site_yaml = config.rules / "site.yaml"
    for rel, make in _outputs(config, renderer):
        last = changes.previous.outputs.get(rel)
        if last is not None and not changes.stale(last.deps) \
                and graph.same_file(f"{config.out}/{rel}", last):
            kept.add(rel)
            state.outputs[rel] = last
            continue
        with deps.recording(files=(site_yaml,)) as recorded:
            files[rel] = make()
        state.outputs[rel] = graph.Output(recorded, len(files[rel]), 0)
    result.report.extend(renderer.catalog_problems())  # a broken UI catalog is shown in English
    return files, kept


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
    """Every output file in memory: pages, sitemap, static files and (unless off) PDFs."""
    from .render import Renderer, SiteConfig
    from .site import plan

    site = plan(checked.games)
    renderer = Renderer(SiteConfig(config.templates, site_spec.base_url, site_spec.name,
                                   pdf=config.pdf), site, checked.replays)
    files = renderer.render_all()
    if result is not None:  # a broken UI catalog is shown in English, and reported
        result.report.extend(renderer.catalog_problems())
    static = config.templates / "static"
    for path in sorted(static.rglob("*")) if static.is_dir() else []:
        if path.is_file():
            files["static/" + path.relative_to(static).as_posix()] = path.read_bytes()
    if config.pdf:
        files |= _render_pdfs(config, renderer, site.documents, result)
    return files


def _render_pdfs(config: BuildConfig, renderer: Renderer, documents: list[Document],
                 result: BuildResult | None) -> dict[str, bytes]:
    from .imposition import imposed_pdfs
    from .pdf import PdfJob, default_workers, harfbuzz_subset_available, render_pdfs, rich_progress
    from .pdf_check import report_overflows
    from .site import DocKind

    stats = result.pdfs if result else PdfStats()
    jobs = [PdfJob(d.path, renderer.render_document(d), 4 if d.kind is DocKind.BOOKLET else 1)
            for d in documents if d.kind is not DocKind.IMPOSED]
    with contextlib.ExitStack() as stack:
        executor = None
        if config.executor is not None:
            from .executors import dask_executor
            executor = stack.enter_context(dask_executor(config.executor))
        pdfs = render_pdfs(jobs, print_dir=config.templates / "print", cache_dir=config.cache,
                           workers=config.workers or default_workers(), stats=stats,
                           progress=rich_progress(), executor=executor)
    pdfs |= imposed_pdfs(_booklets_to_impose(documents, pdfs), cache_dir=config.cache)
    if result is not None:
        report_overflows(result.report, stats.overflows, documents, config.rules)
        if stats.rendered and not harfbuzz_subset_available():
            result.report.warning(Mark("libharfbuzz-subset0"), "slow-pdf",
                                  "libharfbuzz-subset is not installed: WeasyPrint subsets fonts "
                                  "several times slower", hint="apt-get install libharfbuzz-subset0")
        for doc in documents:
            for url in stats.refused.get(doc.path, []):
                result.report.error(Mark(str(config.rules / doc.game / f"{doc.lang}.yaml")),
                                    "refused-resource",
                                    f"the {doc.lang} {doc.kind} PDF names '{url}', which is "
                                    "neither a data: URL nor a file of the templates folder; "
                                    "it was not read",
                                    hint="embed images as data: URLs; local files and web "
                                    "addresses are never fetched")
            pages = stats.pages.get(doc.path, 0)
            if doc.kind == "card" and pages > 1:
                severity = result.report.error if pages > 2 else result.report.warning
                severity(Mark(str(config.rules / doc.game / f"{doc.lang}.yaml")), "card-too-long",
                         f"the {doc.lang} quick-reference card takes {pages} sides of A6"
                         + ("; at most two fit a card" if pages > 2 else
                            "; the four-up sheet shows only the first side"),
                         hint="shorten the quickref lines")
    return pdfs


def _booklets_to_impose(documents: list[Document], pdfs: dict[str, bytes]) -> dict[str, tuple[bytes, bool]]:
    """The imposed documents' paths -> (their A5 booklet's PDF, right to left?)."""
    from .i18n import language
    from .site import DocKind

    booklets = {(d.game, d.lang): d.path for d in documents if d.kind is DocKind.BOOKLET}
    return {d.path: (pdfs[booklets[(d.game, d.lang)]], language(d.lang).direction == "rtl")
            for d in documents if d.kind is DocKind.IMPOSED and (d.game, d.lang) in booklets}


def export_pdfs(config: BuildConfig, *, game: str, lang: str) -> tuple[BuildResult, list[Path]]:
    """`rulebook pdf GAME --lang xx`: that game's card, sheet and booklet into config.out."""
    from .render import Renderer, SiteConfig
    from .site import plan

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
    renderer = Renderer(SiteConfig(config.templates, site_spec.base_url, site_spec.name),
                        site, checked.replays)
    try:
        with publishing.locked(config.out):
            pdfs = _render_pdfs(config, renderer, documents, result)  # cache beside --out
            if not result.ok:
                return result, []
            config.out.mkdir(parents=True, exist_ok=True)
            written = []
            for rel, data in sorted(pdfs.items()) + [(publishing.MARKER, publishing.MARKER_TEXT)]:
                target = config.out / Path(rel).name
                publishing.write_beside(target, data)
                written.append(target)
    except OSError as error:
        raise BuildError(_describe(error, config.out)) from error
    return result, written[:-1]


# -- the graph, kept beside the output ------------------------------------------------------------

def _state_path(out: Path) -> Path:
    return out.parent / f".{out.name}{STATE_FILE}"


def _save_state(out: Path, state: graph.State, inputs: graph.Inputs,
                written: Mapping[str, bytes]) -> None:
    """The graph of the site just published: each output's size and modification time as it
    now stands in the folder (a kept file is the same file as before), and the digest of
    every input."""
    for rel in written:
        output = state.outputs[rel]
        st = (out / rel).stat()
        output.size, output.mtime_ns = st.st_size, st.st_mtime_ns
    state.inputs = {k: list(v) for k, v in inputs.table.items()}
    for output in state.outputs.values():  # inputs read from outside the scanned folders
        for path in output.deps.files:
            if path not in state.inputs:
                state.inputs[path] = [-1, -1, inputs.digest(path)]
    publishing.write_beside(_state_path(out), graph.dump_state(state))
