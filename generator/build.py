"""`rulebook build`: the whole pipeline, visible top to bottom.

    inputs unchanged? -> done
    load + check (refuse to publish when an example fails)
    plan the site -> render every page in memory -> publish atomically

Publishing (publish.py) builds a staging folder beside the output (unchanged files
hard-linked, not rewritten) and swaps it in atomically, one build at a time, into a folder that
is missing, empty, or an earlier build's: a failed or killed build leaves the previous site.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from . import __name__ as _package
from . import publish as publishing
from .check import CheckResult, check
from .diagnostics import Mark, Report
from .model import load_site_spec
from .pdf import PdfStats
from .schema import SiteSpec
from .search import search_bundle

if TYPE_CHECKING:  # rendering is imported lazily: `rulebook build` with nothing changed needs none of it
    from .render import Renderer
    from .simulate import Store
    from .site import Document

STATE_FILE = ".rulebook-build.json"
_LIBRARIES = ("jinja2", "markdown-it-py", "mdit-py-plugins", "babel", "pydantic", "pyyaml",
              "weasyprint", "pagefind", "pagefind-bin", "pagefind-bin-extended")
PACKAGE_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class BuildConfig:
    rules: Path
    templates: Path
    out: Path
    pdf: bool = True
    workers: int = 0  # PDF render processes; 0: one per core (never more than cores or jobs)

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
    fingerprint = input_fingerprint(config)
    if _up_to_date(config.out, fingerprint):
        return BuildResult(Report(), up_to_date=True)

    checked = check([config.rules], root=config.rules.parent)
    site_spec = site_of(config, checked)
    result = BuildResult(checked.report)
    if not checked.ok or site_spec is None:
        return result  # nothing is written when a check fails

    files = render_site(config, checked, site_spec, result)
    if not result.ok:
        return result
    files |= search_bundle(files, result.report)
    result.files = files
    result.pages = sum(1 for p in files if p.endswith(".html"))
    publishing.failpoint("before-publish")
    result.written, result.unchanged, result.removed = publishing.publish(files, config.out)
    _save_state(config.out, fingerprint, files)
    return result


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
    files |= _web_fonts(config, files, site.languages, result.report if result else None)
    if config.pdf:
        files |= _render_pdfs(config, renderer, site.documents, result)
    return files


def numbers_store(config: BuildConfig) -> Store:
    """The game by the numbers, cached beside the PDFs: an unchanged game is not simulated
    again. RULEBOOK_NUMBERS_CACHE names a folder shared by every output (the tests' builds)."""
    from .simulate import Store
    return Store.beside(config.cache)


def _numbers_workers(config: BuildConfig) -> int:
    from .pdf import default_workers
    return config.workers or default_workers()


def _web_fonts(config: BuildConfig, files: dict[str, bytes], languages: list[str],
               report: Report | None) -> dict[str, bytes]:
    """The print faces as subset WOFF2 files, and the site stylesheet naming them. A face whose
    file is missing or broken is left out with a warning (the browser falls back)."""
    from .webfonts import print_faces, site_characters, unusable_faces, web_faces, with_font_faces

    print_css = config.templates / "print" / "print.css"
    if "static/site.css" not in files or not print_css.is_file():
        return {}
    declared = print_faces(print_css)
    bad = unusable_faces(declared, print_css)
    for face, line, problem in bad:
        if report is not None:
            report.warning(Mark(str(print_css), line), "missing-font",
                           f"{problem}: the web pages go without the face '{face.family}'",
                           hint="put the font file beside print.css, where its url() points")
    usable = [f for f in declared if f not in {b[0] for b in bad}]
    faces = web_faces(usable, site_characters(files, languages), cache=config.cache)
    out = {f.path: f.data for f in faces if f.codepoints}
    out["static/site.css"] = with_font_faces(files["static/site.css"], faces)
    return out


def _render_pdfs(config: BuildConfig, renderer: Renderer, documents: list[Document],
                 result: BuildResult | None) -> dict[str, bytes]:
    from .imposition import imposed_pdfs
    from .pdf import PdfJob, default_workers, harfbuzz_subset_available, render_pdfs, rich_progress
    from .pdf_check import report_overflows
    from .site import DocKind

    stats = result.pdfs if result else PdfStats()
    jobs = [PdfJob(d.path, renderer.render_document(d), 4 if d.kind is DocKind.BOOKLET else 1)
            for d in documents if d.kind is not DocKind.IMPOSED]
    pdfs = render_pdfs(jobs, print_dir=config.templates / "print", cache_dir=config.cache,
                       workers=config.workers or default_workers(), stats=stats,
                       progress=rich_progress())
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
    renderer = Renderer(SiteConfig(config.templates, site_spec.base_url, site_spec.name,
                                   source_language=site_spec.source_language,
                                   card_letters=frozenset(site_spec.card_letters)),
                        site, checked.replays, numbers=numbers_store(config))
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


# -- no-op rebuilds ------------------------------------------------------------------------------

def _inputs(config: BuildConfig) -> list[Path]:
    roots = [config.rules, config.templates, PACKAGE_DIR]
    return sorted(p for root in roots if root.is_dir() for p in root.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def input_fingerprint(config: BuildConfig) -> str:
    """A digest of every input's name, size and modification time (no file is read)."""
    h = hashlib.sha256(f"{_package}\0pdf={config.pdf}".encode())
    for library in _LIBRARIES:  # an upgraded library may render differently
        try:
            h.update(f"{library}={metadata.version(library)}\n".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{library}=-\n".encode())
    for path in _inputs(config):
        st = path.stat()
        h.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _state_path(out: Path) -> Path:
    return out.parent / f".{out.name}{STATE_FILE}"


def _up_to_date(out: Path, fingerprint: str) -> bool:
    try:
        state = json.loads(_state_path(out).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if state.get("fingerprint") != fingerprint:
        return False
    for rel, size in state.get("files", {}).items():
        try:
            if (out / rel).stat().st_size != size:
                return False
        except OSError:
            return False
    return True


def _save_state(out: Path, fingerprint: str, files: dict[str, bytes]) -> None:
    state = {"fingerprint": fingerprint, "files": {rel: len(data) for rel, data in files.items()}}
    publishing.write_beside(_state_path(out),
                            json.dumps(state, indent=1, sort_keys=True).encode("utf-8"))
