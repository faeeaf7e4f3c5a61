"""Step 7, PDFs: the printable documents whose inputs changed (a booklet on A4 goes with its
A5 booklet), rendered by WeasyPrint on the worker pool or a Dask cluster; the others are kept,
and their findings reported again as the last build made them. ``render_pdfs`` also serves
`rulebook pdf`, and holds the policy of what a PDF's findings are."""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Mapping

from ..core.diagnostics import Diagnostic, Mark, Report
from ..core.languages import language
from ..pdf.assets import AssetError
from ..pdf.imposition import imposed_pdfs
from ..pdf.overflow import report_overflows
from ..pdf.render import PdfJob, PdfStats, harfbuzz_subset_available
from ..pdf.render import render_pdfs as render_jobs
from ..runtime import deps
from ..runtime.cache import Cache
from ..runtime.progress import QUIET, Progress
from ..web.render import Renderer
from ..web.site import DocKind, Document
from . import graph
from .context import BuildConfig, BuildError, Context, Made
from .plan import Plan
from .spool import Files


def pdfs(ctx: Context, plan: Plan) -> Made:
    config, previous = ctx.config, ctx.previous
    documents = plan.site.documents
    booklet_of = {(d.game, d.lang): d.path for d in documents if d.kind is DocKind.BOOKLET}

    def source(doc: Document) -> str:
        return booklet_of.get((doc.game, doc.lang), "") if doc.kind is DocKind.IMPOSED else doc.path

    made = Made()
    todo: list[Document] = []
    for doc in documents:
        last, made_from = previous.outputs.get(doc.path), previous.outputs.get(source(doc))
        if last is not None and made_from is not None and not plan.changes.stale(made_from.deps) \
                and ctx.intact(doc.path, last):
            made.kept.add(doc.path)
            made.outputs[doc.path] = last
            ctx.report.extend(last.diagnostics())
        else:
            todo.append(doc)
    if todo and config.pdfs_later:
        return _later(ctx, made, todo)
    if not todo:
        return made
    theme = config.theme
    print_files = (config.rules / "site.yaml",
                   *(p for rel in theme.files("print") for p in theme.candidates(rel)))
    recorded: dict[str, deps.Deps] = {}
    html: dict[str, str] = {}
    for doc in todo:
        if doc.kind is not DocKind.IMPOSED:
            with deps.recording(files=print_files) as found:
                deps.uses("pdf-assets")  # plan.py: the digest of the PDFs' assets bundle
                html[doc.path] = plan.renderer.render_document(doc)
            recorded[doc.path] = found
    booklets = {p: (config.out / p).read_bytes() for d in todo if d.kind is DocKind.IMPOSED
                for p in [source(d)] if p not in html and p in made.kept}  # its bytes as they are
    pdfs, findings = render_pdfs(config, plan.renderer, todo, ctx.report, cache=ctx.cache,
                                 stats=ctx.result.pdfs, html=html, booklets=booklets,
                                 progress=ctx.progress, stop=config.stop)
    made.files = Files(pdfs)
    for doc in todo:
        made_from_deps = recorded.get(source(doc)) or made.outputs[source(doc)].deps
        made.outputs[doc.path] = graph.Output(
            made_from_deps, len(made.files.get(doc.path, b"")), 0,
            findings=[d.as_dict() for d in findings.get(doc.path, [])])
    return made


def _later(ctx: Context, made: Made, todo: list[Document]) -> Made:
    """``BuildConfig.pdfs_later``: the documents to make are left as the last build made
    them, each recorded as made from ``graph.PENDING`` (so the next build that makes PDFs
    finds it stale), and the graph says PDFs are pending (one that is not there yet, of a new
    game, is made then too)."""
    for doc in todo:
        last = ctx.previous.outputs.get(doc.path)
        if last is not None and ctx.intact(doc.path, last):
            made.kept.add(doc.path)
            made.outputs[doc.path] = replace(last, deps=deps.Deps(values={graph.PENDING}))
            ctx.report.extend(last.diagnostics())
    made.pdfs_pending = True
    return made


def render_pdfs(config: BuildConfig, renderer: Renderer, documents: list[Document],
                report: Report, *, cache: Cache, stats: PdfStats | None = None,
                html: Mapping[str, str] | None = None,
                booklets: Mapping[str, bytes] | None = None, progress: Progress = QUIET,
                stop: threading.Event | None = None,
                ) -> tuple[dict[str, bytes], dict[str, list[Diagnostic]]]:
    """The documents' PDFs (``html``: a document's HTML when already made; ``booklets``: A5
    booklets not among ``documents`` that an A4 booklet is imposed from), and each document's
    findings (also added to ``report``). ``stop`` set meanwhile raises ``PdfsStopped``."""
    stats = stats if stats is not None else PdfStats()
    made = html or {}
    jobs = [PdfJob(d.path, made[d.path] if d.path in made else renderer.render_document(d),
                   4 if d.kind is DocKind.BOOKLET else 1,
                   fit=d.kind in (DocKind.CARD, DocKind.SHEET, DocKind.AID))
            for d in documents if d.kind is not DocKind.IMPOSED]
    with progress.task("rendering the PDFs", len(jobs)) as task:
        try:
            pdfs = render_jobs(jobs, theme=config.theme, cache=cache,
                               workers=config.workers, stats=stats,
                               progress=task, executor=config.executor, stop=stop)
        except AssetError as error:
            raise BuildError(str(error)) from None
    pdfs |= imposed_pdfs(_booklets_to_impose(documents, {**(booklets or {}), **pdfs},
                                             renderer.site.documents), cache=cache)
    if stats.rendered and not harfbuzz_subset_available():
        report.warning(Mark("libharfbuzz-subset0"), "slow-pdf",
                       "libharfbuzz-subset is not installed: WeasyPrint subsets fonts "
                       "several times slower", hint="apt-get install libharfbuzz-subset0")
    findings: dict[str, list[Diagnostic]] = {}
    for doc in documents:
        found = Report()
        report_overflows(found, stats.overflows, [doc], config.rules)
        language_file = Mark(str(config.rules / doc.game / f"{doc.lang}.yaml"))
        for url in stats.refused.get(doc.path, []):
            found.error(language_file, "refused-resource",
                        f"the {doc.lang} {doc.kind} PDF names '{url}', which is "
                        "neither a data: URL nor a file of the theme; "
                        "it was not read",
                        hint="embed images as data: URLs; local files and web "
                        "addresses are never fetched")
        pages = stats.pages.get(doc.path, 0)
        if doc.kind == "card" and pages > 1:
            severity = found.error if pages > 2 else found.warning
            severity(language_file, "card-too-long",
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
    booklet = {(d.game, d.lang): d.path for d in planned if d.kind is DocKind.BOOKLET}
    return {d.path: (pdfs[booklet[(d.game, d.lang)]], language(d.lang).direction == "rtl")
            for d in documents if d.kind is DocKind.IMPOSED
            and booklet.get((d.game, d.lang)) in pdfs}

